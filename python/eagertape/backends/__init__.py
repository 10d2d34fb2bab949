"""``torch.backends``'s flags (``cudnn.benchmark``, ``cudnn.deterministic``,
``cuda.matmul.allow_tf32``, ``mkldnn.enabled``, ...) under eagertape's name. eagertape runs its
kernels on the same LibTorch, so each module here reads and writes torch's: setting
``et.backends.cudnn.benchmark`` sets ``torch.backends.cudnn.benchmark``, and eagertape's
kernels follow it."""

from __future__ import annotations

import sys as _sys
import types as _types
from typing import Any

import torch.backends as _torch_backends

__all__ = ["cpu", "cuda", "cudnn", "mkl", "mkldnn", "mps", "openmp"]


class _Flags(_types.ModuleType):
    """torch's ``torch.backends.<name>`` under eagertape's name: every attribute read, write
    and call goes to torch's module."""

    def __init__(self, name: str) -> None:
        target = getattr(_torch_backends, name)
        super().__init__(f"{__name__}.{name}", target.__doc__)
        object.__setattr__(self, "_target", target)

    def __getattr__(self, attr: str) -> Any:
        return getattr(object.__getattribute__(self, "_target"), attr)

    def __setattr__(self, attr: str, value: Any) -> None:
        setattr(object.__getattribute__(self, "_target"), attr, value)

    def __dir__(self) -> list[str]:
        return dir(object.__getattribute__(self, "_target"))


cpu, cuda, cudnn, mkl, mkldnn, mps, openmp = (_Flags(name) for name in __all__)

# `import eagertape.backends.cudnn` finds it, as `import torch.backends.cudnn` does.
for _name in __all__:
    _sys.modules[f"{__name__}.{_name}"] = globals()[_name]
