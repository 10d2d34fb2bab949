"""``torch.func``'s ``vmap``: a function mapped over a dim of its inputs.

eagertape records each call on the tape, so ``vmap`` runs the function once per slice of
the mapped dim and stacks the results: the same values and gradients as torch's batching
rules, at the cost of one call per slice (no fused batched kernel)."""

from __future__ import annotations

import builtins as _builtins
import functools as _functools
from collections.abc import Callable
from typing import Any

from . import _core
from ._core import Tensor

__all__ = ["vmap"]

_RANDOMNESS = ("error", "different", "same")


def _dim_or_none(d: object) -> _builtins.bool:
    return d is None or (isinstance(d, _builtins.int) and not isinstance(d, _builtins.bool))


def _dims(who: str, dims: Any, n: _builtins.int) -> tuple[_builtins.int | None, ...]:
    if isinstance(dims, _builtins.int) and not isinstance(dims, _builtins.bool):
        return (dims,) * n
    if isinstance(dims, tuple | list) and len(dims) == n:
        if all(
            d is None or (isinstance(d, _builtins.int) and not isinstance(d, _builtins.bool))
            for d in dims
        ):
            return tuple(dims)
    raise ValueError(
        f"vmap({who}, in_dims={dims!r}, ...)(<inputs>): in_dims must be an int or a tuple of "
        f"ints or None, one per input ({n} inputs)"
    )


def _stack(who: str, results: list[Any], out_dims: Any) -> Any:
    first = results[0]
    if isinstance(first, tuple):
        dims = out_dims if isinstance(out_dims, tuple) else (out_dims,) * len(first)
        if len(dims) != len(first):
            raise ValueError(
                f"vmap({who}, out_dims={out_dims!r}): out_dims has {len(dims)} entries for "
                f"{len(first)} outputs"
            )
        return tuple(_stack(who, [r[i] for r in results], dims[i]) for i in range(len(first)))
    if not isinstance(first, Tensor):
        raise ValueError(
            f"vmap({who}, ...): `{who}` must only return Tensors, got type {type(first)}"
        )
    return _core.stack(results, out_dims)


def vmap(
    func: Callable[..., Any],
    in_dims: Any = 0,
    out_dims: Any = 0,
    randomness: _builtins.str = "error",
    *,
    chunk_size: _builtins.int | None = None,
) -> Callable[..., Any]:
    """Returns ``func`` mapped over a dim of its inputs, as ``torch.vmap``: calling it runs
    ``func`` on each slice of the inputs' mapped dims and stacks the results along
    ``out_dims``.

    Each slice is one call (recorded on the tape as any call), so the values and gradients
    are those of the loop; torch fuses the slices into batched kernels, eagertape does not.

    Args:
        func (callable): a function of tensors returning a tensor or a tuple of tensors.
        in_dims (int or tuple): the mapped dim of every input, or one per positional input
            (``None``: not mapped, passed whole to every call). Default: ``0``.
        out_dims (int or tuple): where the mapped dim goes in each output. Default: ``0``.
        randomness (str): ``"error"`` (a random draw in ``func`` raises), ``"different"``
            (each slice draws its own) or ``"same"`` (every slice draws the same values).
            Default: ``"error"``.
        chunk_size (int, optional): accepted for torch's signature (the slices run one at a
            time). Default: ``None``.

    Returns:
        callable: the mapped function.

    Raises:
        ValueError: ``in_dims`` that do not match the inputs, mapped dims of different sizes,
            no mapped tensor, an output that is not a tensor, or an unknown ``randomness``.
        RuntimeError: a random draw with ``randomness="error"``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.vmap(et.dot)(et.ones(4, 3), et.ones(4, 3)).tolist()
        [3.0, 3.0, 3.0, 3.0]
    """
    who = getattr(func, "__name__", repr(func))
    if randomness not in _RANDOMNESS:
        raise ValueError(f"vmap: randomness must be one of {_RANDOMNESS}, got {randomness!r}")
    if chunk_size is not None and (isinstance(chunk_size, _builtins.bool) or chunk_size < 1):
        raise ValueError(f"vmap: chunk_size must be a positive int or None, got {chunk_size!r}")

    @_functools.wraps(func)
    def mapped(*args: Any, **kwargs: Any) -> Any:
        dims = _dims(who, in_dims, len(args))
        sizes = [
            a.shape[d]
            for a, d in zip(args, dims, strict=True)
            if d is not None and isinstance(a, Tensor)
        ]
        if not sizes:
            raise ValueError(
                f"vmap({who}, in_dims={in_dims!r}, ...)(<inputs>): at least one input must be "
                "a tensor with a mapped dim"
            )
        if len(set(sizes)) != 1:
            raise ValueError(
                "vmap: Expected all tensors to have the same size in the mapped dimension, got "
                f"sizes {sizes} for the mapped dimension"
            )
        sess = _core.current_session()
        start = sess.rng_state()
        results = []
        for i in range(sizes[0]):
            if randomness == "same":
                sess.set_rng_state(start)
            inputs = [
                a.select(d, i) if d is not None and isinstance(a, Tensor) else a
                for a, d in zip(args, dims, strict=True)
            ]
            results.append(func(*inputs, **kwargs))
            if randomness == "error" and sess.rng_state() != start:
                raise RuntimeError(
                    "vmap: called random operation while in randomness error mode. Please "
                    "either use the 'same' or 'different' randomness flags on vmap or perform "
                    "the randomness operation out of vmap"
                )
        return _stack(who, results, out_dims)

    return mapped
