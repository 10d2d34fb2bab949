"""``Flatten``."""

from __future__ import annotations

import numpy as np

from .._core import Session, Tensor
from .module import Module

__all__ = ["Flatten"]


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
