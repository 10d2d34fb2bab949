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
    """Clip the gradients of an iterable of parameters at the specified value.

    Every element of each parameter's gradient in the current session (``p.grad``) is clamped
    to ``[-clip_value, clip_value]``, in place; parameters without a gradient are skipped. Call
    it between ``loss.backward()`` and ``opt.step()``, inside the session.

    Args:
        parameters (Iterable[Parameter] or Parameter): the parameters whose gradients are
            clipped.
        clip_value (float): the maximum allowed absolute value of the gradients; must be
            non-negative.

    Raises:
        ArgumentError: a negative ``clip_value``.
        NoSessionError: called outside a session.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.array([1.0, -2.0]), dtype="float32")
        >>> with et.Session():
        ...     (w * et.tensor([3.0, -3.0])).sum().backward()
        ...     et.nn.utils.clip_grad_value_([w], 1.0)
        ...     w.grad.numpy().tolist()
        [1.0, -1.0]
    """
    from ..._core import _clip_grad_value_

    _clip_grad_value_(parameters, float(clip_value))


def parameters_to_vector(parameters: Iterable[Parameter]) -> Tensor:
    """Flatten an iterable of parameters into a single vector.

    The parameters are read in the current session and concatenated, each flattened, so the
    result is a recorded tensor: gradients flow back to each parameter.

    Args:
        parameters (Iterable[Parameter]): the parameters, e.g. ``model.parameters()``.

    Returns:
        Tensor: a 1-D tensor of all the parameters' elements.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.ones((2, 2)), dtype="float32")
    >>> b = et.Parameter(np.zeros(1), dtype="float32")
        >>> with et.Session():
        ...     et.nn.utils.parameters_to_vector([w, b]).tolist()
        [1.0, 1.0, 1.0, 1.0, 0.0]
    """
    return cat([p.reshape(-1) for p in parameters])


def vector_to_parameters(vec: Tensor, parameters: Iterable[Parameter]) -> None:
    """Copy slices of a vector into an iterable of parameters.

    Consecutive slices of ``vec`` are reshaped to each parameter's shape and copied in with
    ``copy_``, which publishes each parameter's new value as a new snapshot (tapes that read
    the old one keep it). Elements of ``vec`` past the parameters' total size are ignored.

    Args:
        vec (Tensor): a single 1-D eagertape tensor of the current session.
        parameters (Iterable[Parameter]): the parameters to fill, e.g. ``model.parameters()``.

    Raises:
        TypeError: ``vec`` is not an eagertape ``Tensor``.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> w = et.Parameter(np.zeros((2, 2)), dtype="float32")
    >>> b = et.Parameter(np.zeros(1), dtype="float32")
        >>> with et.Session():
        ...     et.nn.utils.vector_to_parameters(et.tensor([1.0, 2.0, 3.0, 4.0, 5.0]), [w, b])
        >>> w.numpy().tolist(), b.numpy().tolist()
        ([[1.0, 2.0], [3.0, 4.0]], [5.0])
    """
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected an eagertape Tensor, but got: {type(vec).__name__}")
    offset = 0
    for p in parameters:
        n = p.numel()
        p.copy_(vec[offset : offset + n].reshape(tuple(p.shape)))
        offset += n
