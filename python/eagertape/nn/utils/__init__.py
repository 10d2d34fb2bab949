"""``eagertape.nn.utils``: ``clip_grad_norm_``, ``clip_grad_value_``,
``parameters_to_vector``, ``vector_to_parameters``, on the current session's gradients
(``p.grad``)."""

from __future__ import annotations

from collections.abc import Iterable

from ..._core import Parameter, Tensor, cat, clip_grad_norm_

__all__ = [
    "clip_grad_norm_",
    "clip_grad_value_",
    "parameters_to_vector",
    "vector_to_parameters",
]


def clip_grad_value_(parameters: Iterable[Parameter] | Parameter, clip_value: float) -> None:
    """Clamp every gradient of ``parameters`` to ``[-clip_value, clip_value]`` in place."""
    from ..._core import _clip_grad_value_

    _clip_grad_value_(parameters, float(clip_value))


def parameters_to_vector(parameters: Iterable[Parameter]) -> Tensor:
    """One 1-D tensor of every parameter's values (read in the current session)."""
    return cat([p.reshape(-1) for p in parameters])


def vector_to_parameters(vec: Tensor, parameters: Iterable[Parameter]) -> None:
    """Copy consecutive slices of ``vec`` into the parameters (each a new snapshot)."""
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected an eagertape Tensor, but got: {type(vec).__name__}")
    offset = 0
    for p in parameters:
        n = p.numel()
        p.copy_(vec[offset : offset + n].reshape(tuple(p.shape)))
        offset += n
