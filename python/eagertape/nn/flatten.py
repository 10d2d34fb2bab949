"""``Flatten`` and ``Unflatten``."""

from __future__ import annotations

import numpy as _np

from .._core import Session, Tensor
from .module import Module

__all__ = ["Flatten", "Unflatten"]


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | _np.integer):
        raise TypeError(f"{what} must be an int, got {type(value).__name__} {value!r}")
    return int(value)


class Flatten(Module):
    """Flattens a contiguous range of dims into a tensor.

    Computes ``x.flatten(start_dim, end_dim)`` (see `eagertape.Tensor.flatten`); by default
    every dimension but the first (the batch dimension). Input: ``(*, S_start, ..., S_end,
    *)``; output: ``(*, S_start * ... * S_end, *)``.

    Args:
        start_dim (int): first dim to flatten. Default: 1.
        end_dim (int): last dim to flatten. Default: -1.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.Flatten()(et.zeros(32, 1, 5, 5)).shape)
        (32, 25)
    """

    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        self.start_dim = _int(start_dim, "start_dim")
        self.end_dim = _int(end_dim, "end_dim")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.flatten(self.start_dim, self.end_dim)

    def extra_repr(self) -> str:
        return f"start_dim={self.start_dim}, end_dim={self.end_dim}"


class Unflatten(Module):
    """Unflattens a tensor dim expanding it to a desired shape.

    Computes ``x.unflatten(dim, unflattened_size)`` (see `eagertape.Tensor.unflatten`): the
    dimension ``dim`` is split into several. Input: ``(*, S_dim, *)``; output: ``(*, U_1,
    ..., U_n, *)`` with ``unflattened_size = (U_1, ..., U_n)`` and ``U_1 * ... * U_n ==
    S_dim``. Unlike torch's, ``unflattened_size`` is a tuple or list of ints (no named
    dimensions).

    Args:
        dim (int): dimension to be unflattened.
        unflattened_size (tuple[int, ...] or list[int]): new shape of the unflattened
            dimension (non-empty; one entry may be -1, inferred).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.Unflatten(1, (2, 5))(et.zeros(2, 10)).shape)
        (2, 2, 5)
    """

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
