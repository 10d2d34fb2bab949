"""``torch.cuda``'s everyday calls, for scripts that pick their device (``if
torch.cuda.is_available(): ...``). eagertape runs on the same LibTorch as torch, so which CUDA
devices exist and their names are torch's answers; eagertape has one generator for every
device, so ``manual_seed`` seeds it (as ``eagertape.manual_seed``), and ``empty_cache`` frees
eagertape's recycled buffers before torch's caching allocator returns its memory."""

from __future__ import annotations

from typing import Any

import torch as _torch

from ._core import empty_session_caches as _empty_session_caches
from ._core import manual_seed as _manual_seed

__all__ = [
    "current_device",
    "device_count",
    "empty_cache",
    "get_device_name",
    "is_available",
    "is_bf16_supported",
    "manual_seed",
    "manual_seed_all",
    "synchronize",
]


def is_available() -> bool:
    """Whether a CUDA device can be used (``torch.cuda.is_available()``)."""
    return _torch.cuda.is_available()


def device_count() -> int:
    """The number of CUDA devices (``torch.cuda.device_count()``)."""
    return _torch.cuda.device_count()


def current_device() -> int:
    """The index of the current CUDA device (``torch.cuda.current_device()``)."""
    return _torch.cuda.current_device()


def get_device_name(device: Any = None) -> str:
    """The name of a CUDA device (``torch.cuda.get_device_name(device)``)."""
    return _torch.cuda.get_device_name(device)


def is_bf16_supported() -> bool:
    """Whether the current CUDA device computes in bfloat16 (torch's answer)."""
    return bool(_torch.cuda.is_bf16_supported())


def synchronize(device: Any = None) -> None:
    """Wait for the work queued on a CUDA device (``torch.cuda.synchronize``); eagertape's
    kernels run on LibTorch's streams, so this waits for them too."""
    _torch.cuda.synchronize(device)


def manual_seed(seed: int) -> None:
    """Seed eagertape's generator, which draws for every device (``eagertape.manual_seed``)."""
    _manual_seed(seed)


def manual_seed_all(seed: int) -> None:
    """As `manual_seed`: eagertape has one generator for every device."""
    _manual_seed(seed)


def empty_cache() -> None:
    """Free eagertape's recycled buffers, then torch's cached CUDA memory (when CUDA is
    initialized), as ``torch.cuda.empty_cache()`` frees its cache."""
    _empty_session_caches()
    if _torch.cuda.is_initialized():  # type: ignore[no-untyped-call]
        _torch.cuda.empty_cache()
