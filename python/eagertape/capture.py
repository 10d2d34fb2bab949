"""``et.capture``: record a training step once, replay it from Rust.

::

    @et.capture
    def step(x, y):                    # x: a batch of inputs, y: class ids (arrays)
        opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(model(sess.input(x)), y)
        loss.backward()
        opt.step()
        return loss

    with sess:
        for x, y in batches:
            loss = step(x, y)          # the first call of each shape records, later ones replay

The first call with arguments of given shapes and dtypes runs ``fn`` eagerly in the current
session (or ``session=``) while the core records the step's plan: its ops, the parameters
it reads, the arguments it takes (arrays through ``sess.input(a)`` or as a class-loss
target; tensors of the session as they are), ``loss.backward()``, the optimizer's
``zero_grad()``/``step()``, ``clip_grad_norm_``/``clip_grad_value_`` and dropout's masks.
Later calls with arguments of the same shapes and dtypes replay the plan from Rust: the
same kernels in the same order (bit-identical results), without calling ``fn``; the
optimizer's and the clipping calls run again at their places (the learning rate as a
scheduler set it then), and each dropout mask is drawn from the session's generator where
the eager step would draw it. The tensors ``fn`` returns are returned as new tensors of the
replay; ``loss.item()`` returned gives each replay's value.

Guards, as ``torch.compile``'s: arguments of new types, shapes or dtypes (or a new session,
or other Python numbers among the arguments) record a new plan; so does a new value of any
plain attribute (a bool, number, string, None or tuple of them) of an ``et.nn`` module that
the recorded call read: ``model.eval()`` flips ``training``, which every forward reads, and a
changed ``Dropout.p`` is read by Dropout's forward, so each replays as the eager step would
(the guard is the recording's reads themselves, not a list of known attributes). At most
``cache_size`` plans are kept (the least recently used goes). A step a replay could not
reproduce raises :class:`~eagertape.CaptureError` naming what and where, and caches nothing:
a value read on the host used inside it (``if loss.item() > 5``, ``float()``, printing it;
``bool(t)``, ``numpy()``), an op without a replay yet (``max(dim)``, ``rms_norm``, packed sequences,
...), a draw other than dropout, a tensor made outside the step that is not an argument, an
argument used other than through ``sess.input`` or as a loss target, and any change outside
the tape a replay would not make again (parameter writes, learning rates and schedulers,
``requires_grad``, seeds, new parameters, module attributes set inside the step, the explicit
API).

Data read inside ``fn`` that is not an argument (a global array given to ``sess.input``, a
Python number) is a constant of the plan: pass what changes between calls as an argument.
"""

from __future__ import annotations

import collections as _collections
import functools as _functools
import os as _os
import threading as _threading
import traceback as _traceback
import weakref as _weakref
from collections.abc import Callable
from typing import Any

from . import _core
from ._errors import ArgumentError, CaptureError

_PACKAGE = _os.path.dirname(_os.path.abspath(__file__))
# Python values a plan keeps as they were (an argument of these is part of the plan's key).
_CONSTANTS = (bool, int, float, str, type(None))


def _guard(a: Any) -> Any:
    """What a plan is recorded for, of one argument: an array's type, shape and dtype; a
    Python number's value (a constant of the plan)."""
    shape = getattr(a, "shape", None)
    dtype = getattr(a, "dtype", None)
    if shape is not None and dtype is not None:
        # the dtype object itself (numpy's, torch's, eagertape's name): hashable, and far
        # cheaper than its str() at every call
        return (type(a), tuple(shape), dtype)
    if isinstance(a, _CONSTANTS):
        return ("value", type(a).__qualname__, a)
    raise ArgumentError(
        f"capture: argument of type {type(a).__name__} is not supported (arrays, tensors "
        "and Python numbers are)"
    )


def _plain(v: Any) -> bool:
    """A value a module attribute guard compares: a constant or a tuple of constants."""
    if type(v) in _CONSTANTS:
        return True
    return type(v) is tuple and all(type(x) in _CONSTANTS for x in v)


_MISSING = object()
# One reads dict per recording thread, while it records (see `_ModuleReads`).
_tracing = _threading.local()


def _traced_getattribute(self: Any, name: str) -> Any:
    """``Module.__getattribute__`` while a step records: every plain attribute value read
    on a module is noted (first read wins) for the plan's guard."""
    v = object.__getattribute__(self, name)
    reads = getattr(_tracing, "reads", None)
    if reads is not None and _plain(v):
        key = (id(self), name)
        if key not in reads:
            reads[key] = (_weakref.ref(self), name, v)
    return v


class _ModuleReads:
    """Notes the plain attributes of ``et.nn`` modules read while a step records (a
    context manager; the class hook is installed while any thread records)."""

    _depth = 0
    _lock = _threading.Lock()

    def __enter__(self) -> dict[Any, Any]:
        from .nn.module import Module

        self.outer = getattr(_tracing, "reads", None)
        self.reads: dict[Any, Any] = {}
        _tracing.reads = self.reads
        with _ModuleReads._lock:
            if _ModuleReads._depth == 0:
                Module.__getattribute__ = _traced_getattribute  # type: ignore[method-assign]
            _ModuleReads._depth += 1
        return self.reads

    def __exit__(self, *exc: Any) -> None:
        from .nn.module import Module

        with _ModuleReads._lock:
            _ModuleReads._depth -= 1
            if _ModuleReads._depth == 0:
                del Module.__getattribute__
        _tracing.reads = self.outer
        if self.outer is not None:  # a step recorded inside another: the outer reads it too
            for k, v in self.reads.items():
                self.outer.setdefault(k, v)


def _reads_hold(reads: tuple[Any, ...]) -> bool:
    """Whether every module attribute a plan's recording read still has its value."""
    for ref, name, v in reads:
        m = ref()
        if m is None:
            return False
        cur = getattr(m, name, _MISSING)
        if cur is not v and (type(cur) is not type(v) or cur != v):
            return False
    return True


def _where(e: BaseException) -> str:
    """The innermost line of the caller's code in `e`'s traceback (outside this package)."""
    frames = [
        f for f in _traceback.extract_tb(e.__traceback__) if not f.filename.startswith(_PACKAGE)
    ]
    if not frames:
        return ""
    f = frames[-1]
    return f" (at {f.filename}:{f.lineno}: {(f.line or '').strip()})"


class _HostValue:
    """What a host read inside a captured step gives (``loss.item()``, the norm
    ``clip_grad_norm_`` returns): the step may return it (an item of a tensor is then an
    output of the step, read after each call); any other use, such as arithmetic, a
    comparison, ``if``, ``float()`` or printing, raises :class:`~eagertape.CaptureError`,
    since a replay would not run the Python code that uses it."""

    __slots__ = ("_tensor", "_what")

    def __init__(self, tensor: Any, what: str):
        self._tensor = tensor
        self._what = what

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise CaptureError(
            f"{self._what} is used inside a captured step: a replay would not run the code "
            "that uses it (return it from the step and use it after the call)"
        )

    # Every use but returning it (the binary operators' reflected forms included), spelled
    # out in the class body so that type checkers and stubtest see the methods.
    __bool__ = __float__ = __int__ = __index__ = __complex__ = __format__ = _refuse
    __str__ = __repr__ = __hash__ = _refuse
    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _refuse
    __neg__ = __pos__ = __abs__ = __round__ = __trunc__ = __floor__ = __ceil__ = _refuse
    __add__ = __radd__ = __sub__ = __rsub__ = __mul__ = __rmul__ = _refuse
    __truediv__ = __rtruediv__ = __floordiv__ = __rfloordiv__ = _refuse
    __mod__ = __rmod__ = __pow__ = __rpow__ = __divmod__ = __rdivmod__ = _refuse
    __array__ = __iter__ = __len__ = __getitem__ = __contains__ = _refuse


class CapturedStep:
    """A step function with its recorded plans: what `eagertape.capture` returns.

    Calling it with arguments of new types, shapes or dtypes (or a new session, or other
    Python numbers among them) runs `fn` eagerly while the core records a plan; a later call
    with arguments of the same kind replays that plan from Rust without calling `fn` (see the
    module `eagertape.capture` for what a plan holds and what raises `CaptureError`). The
    step takes positional arguments only: arrays, tensors and Python numbers.

    Args:
        fn (Callable): the step function.
        cache_size (int): the most plans kept (the least recently used goes). Default: ``8``.
        session (Session, optional): the session the step runs in. Default: ``None`` (the
            current session at each call).

    Raises:
        ArgumentError: `fn` is not callable, `cache_size` is not an int >= 1, or `session` is
            not a Session.
    """

    def __init__(self, fn: Callable[..., Any], cache_size: int = 8, session: Any = None):
        if not callable(fn):
            raise ArgumentError(f"capture: fn must be callable, got {type(fn).__name__}")
        if isinstance(cache_size, bool) or not isinstance(cache_size, int) or cache_size < 1:
            raise ArgumentError(f"capture: cache_size must be an int >= 1, got {cache_size!r}")
        if session is not None and not isinstance(session, _core.Session):
            raise ArgumentError(
                f"capture: session must be an eagertape.Session, got {type(session).__name__}"
            )
        self.fn = fn
        self.cache_size = cache_size
        self.session = session
        # plan key -> its plans, each (the module attributes its recording read, the plan,
        # how to rebuild the outputs from the replayed tensors), the newest last
        self._plans: _collections.OrderedDict[Any, list[tuple[Any, Any, Any]]] = (
            _collections.OrderedDict()
        )
        _functools.update_wrapper(self, fn)

    @property
    def plans(self) -> int:
        """How many plans are cached."""
        return sum(len(v) for v in self._plans.values())

    def clear(self) -> None:
        """Drop every cached plan (the next call records again)."""
        self._plans.clear()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs:
            raise ArgumentError(
                "capture: a captured step takes positional arguments only (keyword "
                f"arguments {sorted(kwargs)})"
            )
        sess = self.session if self.session is not None else _core.current_session()
        key = (sess.id, tuple(_guard(a) for a in args))
        tensors = [a for a in args if not isinstance(a, _CONSTANTS)]
        for i, (reads, plan, rebuild) in enumerate(self._plans.get(key, ())):
            if _reads_hold(reads):
                self._plans.move_to_end(key)
                variants = self._plans[key]
                variants.append(variants.pop(i))
                return rebuild(plan.replay(tuple(tensors)))
        return self._record(sess, key, args, tensors)

    def _record(self, sess: Any, key: Any, args: tuple[Any, ...], tensors: list[Any]) -> Any:
        _core._capture_begin(sess, tuple(tensors))
        try:
            with _ModuleReads() as reads:
                out = self.fn(*args)
            flat, rebuild = _flatten(out)
            plan = _core._capture_end(flat)
        except CaptureError as e:
            _core._capture_abort()
            raise CaptureError(f"{e}{_where(e)}").with_traceback(e.__traceback__) from None
        except BaseException:
            _core._capture_abort()
            raise
        self._plans.setdefault(key, []).append((tuple(reads.values()), plan, rebuild))
        self._plans.move_to_end(key)
        while self.plans > self.cache_size:
            oldest = next(iter(self._plans))
            self._plans[oldest].pop(0)
            if not self._plans[oldest]:
                del self._plans[oldest]
        return rebuild(flat)


def _flatten(out: Any) -> tuple[list[Any], Callable[[list[Any]], Any]]:
    """The tensors of a step's result, and how to rebuild a result of the same structure
    from replayed ones (None, a tensor, a tuple or list of them; Python numbers are
    constants of the plan)."""
    if isinstance(out, _core.Tensor):
        return [out], lambda ts: ts[0]
    if isinstance(out, _HostValue):
        if out._tensor is None:
            out._refuse()
        return [out._tensor], lambda ts: ts[0].item()
    if isinstance(out, (tuple, list)):
        parts = [_flatten(o) for o in out]
        counts = [len(p[0]) for p in parts]
        kind = type(out)

        def rebuild(ts: list[Any]) -> Any:
            items, i = [], 0
            for (_, r), n in zip(parts, counts, strict=True):
                items.append(r(ts[i : i + n]))
                i += n
            return kind(items)

        return [t for p in parts for t in p[0]], rebuild
    if isinstance(out, _CONSTANTS):
        return [], lambda ts: out
    raise CaptureError(
        f"capture: a step returns tensors, numbers, None or tuples of them, not "
        f"{type(out).__name__}"
    )


def capture(
    fn: Callable[..., Any] | None = None, *, cache_size: int = 8, session: Any = None
) -> Any:
    """Records a training step once and replays it from Rust on later calls.

    Used as ``et.capture(fn)``, ``@et.capture`` or ``@et.capture(cache_size=4)``: returns `fn`
    as a `CapturedStep`. The first call with arguments of given shapes and dtypes runs `fn`
    eagerly and records its plan (ops, parameters read, ``loss.backward()``, the optimizer's
    ``zero_grad()``/``step()``, gradient clipping, dropout masks); later calls with arguments
    of the same shapes and dtypes replay the plan with the same kernels in the same order
    (bit-identical results), without calling `fn`. A step a replay could not reproduce
    (a host read such as ``loss.item()`` used inside, an op without a replay, a change
    outside the tape) raises `CaptureError` and caches nothing; see the module
    `eagertape.capture` for the full rules.

    Args:
        fn (Callable, optional): the step function; without it, a decorator is returned.
            Default: ``None``.
        cache_size (int): the most plans kept (the least recently used goes). Default: ``8``.
        session (Session, optional): the session the step runs in. Default: ``None`` (the
            current session at each call).

    Returns:
        CapturedStep: the captured step (or, without `fn`, a decorator making one).

    Raises:
        ArgumentError: `fn` is not callable, `cache_size` is not an int >= 1, or `session` is
            not a Session.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> sess = et.Session(dtype="float64")
        >>> @et.capture
        ... def double(x):
        ...     return sess.input(x) * 2
        >>> with sess:
        ...     double(np.ones(2)).tolist()
        ...     double(np.full(2, 3.0)).tolist()
        ...     double.plans
        [2.0, 2.0]
        [6.0, 6.0]
        1
    """
    if fn is None:
        return lambda f: CapturedStep(f, cache_size=cache_size, session=session)
    return CapturedStep(fn, cache_size=cache_size, session=session)
