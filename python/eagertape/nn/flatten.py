"""``Flatten`` and ``Unflatten``."""

from __future__ import annotations

import numpy as np

from .._core import Session, Tensor
from .module import Module

__all__ = ["Flatten", "Unflatten"]


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{what} must be an int, got {type(value).__name__} {value!r}")
    return int(value)


class Flatten(Module):
    """``x.flatten(start_dim, end_dim)``: by default every dim but the batch dim."""

    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        self.start_dim = _int(start_dim, "start_dim")
        self.end_dim = _int(end_dim, "end_dim")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.flatten(self.start_dim, self.end_dim)

    def extra_repr(self) -> str:
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


class Unflatten(Module):
    """``x.unflatten(dim, unflattened_size)``: one dim split into several (a view)."""

    def __init__(self, dim: int, unflattened_size: tuple[int, ...] | list[int]) -> None:
        super().__init__()
        self.dim = _int(dim, "dim")
        if not isinstance(unflattened_size, tuple | list) or not unflattened_size:
            raise TypeError(
                f"unflattened_size must be a non-empty tuple of ints, got {unflattened_size!r}"
            )
        self.unflattened_size = tuple(_int(v, "unflattened_size") for v in unflattened_size)

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self) -> str:
        return f"dim={self.dim}, unflattened_size={self.unflattened_size}"
