"""Function forms of the Tensor methods, and helpers that need no Rust."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import torch

from ._core import GradMap, Tensor

T = TypeVar("T")


def relu(x: Tensor) -> Tensor:
    return x.relu()


def tanh(x: Tensor) -> Tensor:
    return x.tanh()


def sigmoid(x: Tensor) -> Tensor:
    return x.sigmoid()


def exp(x: Tensor) -> Tensor:
    return x.exp()


def log(x: Tensor) -> Tensor:
    return x.log()


def softmax(x: Tensor, dim: int) -> Tensor:
    return x.softmax(dim)


def log_softmax(x: Tensor, dim: int) -> Tensor:
    return x.log_softmax(dim)


def matmul(a: Tensor, b: object) -> Tensor:
    return a.matmul(b)


def sum(x: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:  # noqa: A001
    return x.sum(dim, keepdim)


def mean(x: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:
    return x.mean(dim, keepdim)


def with_grad_map(grads: GradMap, action: Callable[[GradMap], T]) -> T:
    """Run ``action(grads)``, then release every buffer of ``grads``, also when it raises.
    The action must not keep a gradient buffer after it returns."""
    try:
        return action(grads)
    finally:
        grads.release()


def empty_cache() -> None:
    """Return cached, unused device memory to the driver. eagertape shares LibTorch's
    caching allocator with torch; on CPU there is no cache and this does nothing."""
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        torch.cuda.empty_cache()

