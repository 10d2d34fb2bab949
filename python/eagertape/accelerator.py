"""``torch.accelerator``'s device queries, for scripts that pick their device the torch 2.x
way (``torch.accelerator.current_accelerator() if torch.accelerator.is_available() else
torch.device("cpu")``): eagertape runs on the same LibTorch, so the answers are torch's."""

from __future__ import annotations

import torch as _torch

__all__ = ["current_accelerator", "device_count", "is_available"]


def is_available() -> bool:
    """Whether an accelerator (here: a CUDA device) can be used (torch's answer)."""
    return _torch.accelerator.is_available()


def current_accelerator(check_available: bool = False) -> _torch.device | None:
    """The accelerator's device type as a ``torch.device`` (``None`` with
    ``check_available=True`` when none is usable), as ``torch.accelerator``'s."""
    return _torch.accelerator.current_accelerator(check_available)


def device_count() -> int:
    """The number of accelerator devices (torch's answer)."""
    return _torch.accelerator.device_count()
