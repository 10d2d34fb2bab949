"""Activation checkpointing, as ``torch.utils.checkpoint``.

``checkpoint(function, *args, use_reentrant=False, **kwargs)`` runs ``function`` on the
session's tape as usual; when it returns, the values of the intermediates it recorded are
released (the tensors it returns, and any it left named, stay). A backward that reads one
of them recomputes it first, from its operands, with the op's own kernel: gradients are
bit-identical to the run without checkpointing, and dropout masks are drawn again from
the generator's recorded position (identical masks). The core does the bookkeeping
(``Session::checkpoint_begin`` / ``checkpoint_end`` and the sweep's recomputation, in
``src/session/checkpoint.rs``); this module only finds the session and brackets the call.

Differences from torch, all on the side of fewer surprises: ``function`` is not called a
second time in backward (the recorded ops are replayed, so Python side effects such as a
BatchNorm's running-statistics update happen once, not twice); ``use_reentrant=True`` is
accepted with torch's argument rules but the gradients are those of the non-reentrant
variant (parameters used inside get theirs even when no input requires grad).
"""

from __future__ import annotations

import sys as _sys
import types as _types
import warnings as _warnings
from collections.abc import Callable
from typing import Any

from .._core import Parameter, Session, Tensor
from .._errors import ArgumentError

__all__ = ["checkpoint", "checkpoint_sequential"]

_DETERMINISM_CHECKS = ("default", "none")


def _session_of(args: tuple[object, ...], kwargs: dict[str, object]) -> Session:
    """The session ``function`` records on: a Session among the arguments, else the one of
    the first tensor argument, else the current one."""
    values = list(args) + list(kwargs.values())
    for v in values:
        if isinstance(v, Session):
            return v
    for v in values:
        if isinstance(v, Tensor) and not isinstance(v, Parameter):
            return v._session
    from .._torch import current_session

    return current_session()


def _reentrant(use_reentrant: bool | None, name: str) -> bool:
    if use_reentrant is None:
        _warnings.warn(
            f"eagertape.utils.checkpoint.{name}: the use_reentrant parameter should be passed "
            "explicitly (as torch asks); use_reentrant=False is recommended",
            stacklevel=3,
        )
        return True
    if not isinstance(use_reentrant, bool):
        raise ArgumentError(f"{name}: use_reentrant must be a bool or None, got {use_reentrant!r}")
    return use_reentrant


def checkpoint(
    function: Callable[..., Any],
    *args: Any,
    use_reentrant: bool | None = None,
    context_fn: Callable[[], Any] | None = None,
    determinism_check: str = "default",
    debug: bool = False,
    early_stop: bool = True,
    **kwargs: Any,
) -> Any:
    """Checkpoints a model or part of the model: runs `function` without keeping its
    intermediates for backward, which recomputes them.

    `function(*args, **kwargs)` runs on the session's tape as usual; when it returns, the
    values of the intermediates it recorded are released (the tensors it returns stay). A
    backward that reads one of them recomputes it first with the op's own kernel: gradients
    are bit-identical to the run without checkpointing, and dropout masks are drawn again from
    the recorded generator position. Unlike torch, `function` is not called a second time
    (the recorded ops are replayed, so Python side effects happen once), and
    ``use_reentrant=True`` gives the gradients of the non-reentrant variant. The session is a
    `Session` among the arguments, else that of the first tensor argument, else the current
    one; with none, `function` simply runs.

    Args:
        function (Callable): the function to run.
        *args: the arguments of `function`.
        use_reentrant (bool, optional): torch's choice of variant; it must be passed
            explicitly (``None`` warns, as torch, and means ``True``). With ``True``, torch's
            argument rules apply (no keyword arguments for `function`, no `context_fn` or
            `debug`). Default: ``None``.
        context_fn (Callable, optional): not supported (there are no saved-tensor hooks to
            run); must be ``None``. Default: ``None``.
        determinism_check (str): ``"default"`` or ``"none"``; either way no check is made
            (the replay is deterministic). Default: ``"default"``.
        debug (bool): accepted for PyTorch compatibility; no effect. Default: ``False``.
        early_stop (bool): accepted for PyTorch compatibility; no effect. Default: ``True``.
        **kwargs: keyword arguments of `function`; ``preserve_rng_state`` (bool) is taken
            out and accepted for PyTorch compatibility (draws are always replayed from the
            recorded generator position).

    Returns:
        The output of `function(*args, **kwargs)`.

    Raises:
        ArgumentError: `function` is not callable, `use_reentrant` or `preserve_rng_state`
            is not a bool, a `context_fn` is given, `determinism_check` is unknown, or
            torch's reentrant-variant rules are broken.

    Examples:
        >>> import eagertape as et
        >>> from eagertape.utils.checkpoint import checkpoint
        >>> with et.Session(dtype="float64"):
        ...     x = et.tensor([1.0, 2.0], requires_grad=True)
        ...     y = checkpoint(lambda t: t * t * 3, x, use_reentrant=False)
        ...     y.sum().backward()
        ...     x.grad.numpy().tolist()
        [6.0, 12.0]
    """
    if not callable(function):
        raise ArgumentError(f"checkpoint: function must be callable, got {type(function).__name__}")
    reentrant = _reentrant(use_reentrant, "checkpoint")
    preserve = kwargs.pop("preserve_rng_state", True)
    if not isinstance(preserve, bool):
        raise ArgumentError(f"checkpoint: preserve_rng_state must be a bool, got {preserve!r}")
    if reentrant and kwargs:
        raise ArgumentError("Unexpected keyword arguments: " + ",".join(kwargs))
    if reentrant and (context_fn is not None or debug):
        raise ArgumentError(
            "Passing `context_fn` or `debug` is only supported when use_reentrant=False."
        )
    if context_fn is not None:
        raise ArgumentError(
            "checkpoint: context_fn is not supported (there are no saved-tensor hooks to "
            "run: the recomputation replays the recorded ops)"
        )
    if determinism_check not in _DETERMINISM_CHECKS:
        raise ArgumentError(
            f"checkpoint: determinism_check should be one of {list(_DETERMINISM_CHECKS)}, "
            f"but got {determinism_check!r}"
        )
    sess = _session_of(args, kwargs)
    depth = sess._checkpoint_begin()
    try:
        out = function(*args, **kwargs)
    except BaseException:
        sess._checkpoint_end(depth, False)
        raise
    sess._checkpoint_end(depth, True)
    return out


def checkpoint_sequential(
    functions: Any,
    segments: int,
    input: Any,
    use_reentrant: bool | None = None,
    **kwargs: Any,
) -> Any:
    """Checkpoints a sequential model in segments (torch's `checkpoint_sequential`).

    `functions` is split into `segments` runs of ``len(functions) // segments`` functions
    (the last run takes the rest); each run but the last goes through `checkpoint`, the last
    runs as usual (its outputs feed the loss).

    Args:
        functions: a `Sequential` (its children, in order) or a list of callables, applied
            one after the other.
        segments (int): the number of runs to create.
        input: the input of the first function.
        use_reentrant (bool, optional): as for `checkpoint` (``None`` warns and means
            ``True``). Default: ``None``.
        **kwargs: only ``preserve_rng_state`` (bool), accepted for PyTorch compatibility.

    Returns:
        The output of the last function.

    Raises:
        ArgumentError: `segments` is not a positive int, or a keyword argument other than
            ``preserve_rng_state`` is given.

    Examples:
        >>> import eagertape as et
        >>> from eagertape.utils.checkpoint import checkpoint_sequential
        >>> net = et.nn.Sequential(et.nn.Linear(2, 4), et.nn.ReLU(), et.nn.Linear(4, 1))
        >>> with et.Session():
        ...     y = checkpoint_sequential(net, 2, et.ones(3, 2), use_reentrant=False)
        ...     tuple(y.shape)
        (3, 1)
    """
    reentrant = _reentrant(use_reentrant, "checkpoint_sequential")
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs:
        raise ArgumentError("Unexpected keyword arguments: " + ",".join(kwargs))
    from ..nn import Sequential

    if isinstance(functions, Sequential):
        functions = list(functions.children())
    functions = list(functions)
    if isinstance(segments, bool) or not isinstance(segments, int) or segments < 1:
        raise ArgumentError(
            f"checkpoint_sequential: segments must be a positive int, got {segments!r}"
        )

    def run(start: int, end: int) -> Callable[[Any], Any]:
        def forward(x: Any) -> Any:
            for j in range(start, end + 1):
                x = functions[j](x)
            return x

        return forward

    size = len(functions) // segments
    end = -1
    for start in range(0, size * (segments - 1), size):
        end = start + size - 1
        input = checkpoint(
            run(start, end), input, use_reentrant=reentrant, preserve_rng_state=preserve
        )
    return run(end + 1, len(functions) - 1)(input)


class _CallableModule(_types.ModuleType):
    """This module, callable as ``checkpoint`` itself (``et.utils.checkpoint(fn, x)``)."""

    def __call__(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return checkpoint(function, *args, **kwargs)


_sys.modules[__name__].__class__ = _CallableModule
