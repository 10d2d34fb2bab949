"""`et.nn.summary(model, input_size)`: each module's output shape, parameters and the tape
bytes its forward adds, from one forward pass on zeros in a session of its own."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

import numpy as np

from .. import _core
from .._profile import _columns, _human
from .module import Module

# Bytes per element of the parameters' dtypes (the reference carriers: their binary64 storage).
_ITEMSIZE = {"float64": 8, "float32": 4, "float16": 2, "bfloat16": 2, "ieee32": 4}


class LayerRow(NamedTuple):
    """One module call of the summarised forward, in call order."""

    name: str
    """The module's path in the model (`""` for the model itself)."""
    kind: str
    """The module's class name."""
    depth: int
    output_shape: tuple[int, ...] | None
    """The shape of the output (of its first tensor, for a tuple); `None` for none."""
    params: int
    """Elements of the module's own parameters (not its children's)."""
    tape_bytes: int
    """Tape bytes the call added (its children's included): what a backward keeps."""


class ModelSummary:
    """A model's summary, as `eagertape.nn.summary` returns it: `print(summary)` shows the table.

    `rows` (one `LayerRow` per module call, in call order), `total_params`,
    `trainable_params`, `param_bytes` (a tied parameter counted once) and `tape_bytes` (what
    the forward pass left on the tape for backward) hold its numbers.

    Args:
        rows (list of LayerRow): the module calls of the summarised forward pass.
        model (Module): the summarised model (its parameters are counted).
        tape_bytes (int): the tape bytes the whole forward pass added.

    Examples:
        >>> import eagertape as et
        >>> s = et.nn.summary(et.nn.Linear(4, 2), (8, 4))
        >>> s.total_params, s.trainable_params, s.rows[0].output_shape
        (10, 10, (8, 2))
    """

    def __init__(self, rows: list[LayerRow], model: Module, tape_bytes: int):
        self.rows = rows
        unique = {p.id: p for p in model.parameters()}.values()
        self.total_params = sum(p.numel() for p in unique)
        self.trainable_params = sum(p.numel() for p in unique if p.requires_grad)
        self.param_bytes = sum(p.numel() * _ITEMSIZE.get(str(p.dtype), 8) for p in unique)
        self.tape_bytes = tape_bytes

    def table(self) -> str:
        """Returns the summary as a text table: one line per module call, then the totals."""
        head = ("Layer (type)", "Output shape", "Params", "Tape bytes")
        body = [
            (
                "  " * r.depth + (f"{r.name} ({r.kind})" if r.name else r.kind),
                "-" if r.output_shape is None else str(list(r.output_shape)),
                f"{r.params:,}",
                _human(r.tape_bytes),
            )
            for r in self.rows
        ]
        rule, (top, *lines) = _columns([head, *body], "=")
        totals = [
            f"Total params: {self.total_params:,}",
            f"Trainable params: {self.trainable_params:,}",
            f"Non-trainable params: {self.total_params - self.trainable_params:,}",
            f"Parameter bytes: {_human(self.param_bytes)}",
            f"Tape bytes of the forward (kept for backward): {_human(self.tape_bytes)}",
        ]
        return "\n".join([rule, top, rule, *lines, rule, *totals, rule])

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return (
            f"ModelSummary(layers={len(self.rows)}, total_params={self.total_params}, "
            f"tape_bytes={self.tape_bytes})"
        )


def _shape(out: Any) -> tuple[int, ...] | None:
    if isinstance(out, _core.Tensor):
        return tuple(out.shape)
    if isinstance(out, tuple | list):
        for o in out:
            shape = _shape(o)
            if shape is not None:
                return shape
    return None


@contextlib.contextmanager
def _recording(model: Module, sess: Any, rows: list[LayerRow]) -> Iterator[None]:
    """Every `Module.__call__` inside (this thread's and any other's: summaries are a
    debugging aid) also appends a row for the modules of `model`."""
    names = {id(m): n for n, m in model.named_modules()}
    original = Module.__call__
    depth = [0]

    def call(self: Module, *args: Any, **kwargs: Any) -> Any:
        name = names.get(id(self))
        if name is None:
            return original(self, *args, **kwargs)
        k = len(rows)
        rows.append(LayerRow(name, type(self).__name__, depth[0], None, 0, 0))
        before = sess.tape_profile().total_bytes
        depth[0] += 1
        try:
            out = original(self, *args, **kwargs)
        finally:
            depth[0] -= 1
        own = sum(p.numel() for p in self.parameters(recurse=False))
        added = sess.tape_profile().total_bytes - before
        rows[k] = rows[k]._replace(output_shape=_shape(out), params=own, tape_bytes=added)
        return out

    # A plain wrapper in place of the overloaded `__call__` (same behaviour, untyped overloads).
    Module.__call__ = call  # type: ignore[method-assign, assignment]
    try:
        yield
    finally:
        Module.__call__ = original  # type: ignore[method-assign]


def summary(model: Module, input_size: Sequence[int], dtype: Any = None) -> ModelSummary:
    """Summarise `model` (as torchinfo's `summary`): one forward pass on zeros of shape
    `input_size` (batch included) and `dtype` (default: the model's floating dtype; give
    `"int64"` for token ids), in eval mode and in a session of its own (the model's dtype
    and device), with gradients on so the tape holds what a backward would keep. The
    model's parameters, buffers and training flags are left as they were.

    Args:
        model: the module to summarise.
        input_size: the input's shape, batch dimension included.
        dtype: the input's dtype.

    Returns:
        ModelSummary: ``print`` it for the table.

    Examples:
        >>> import eagertape as et
        >>> net = et.nn.Sequential(et.nn.Linear(4, 8), et.nn.ReLU(), et.nn.Linear(8, 2))
        >>> s = et.nn.summary(net, (16, 4))
        >>> s.total_params, s.rows[1].output_shape
        (58, (16, 8))
    """
    params = model.parameters()
    floating = [p.dtype for p in params if p.dtype not in ("int64", "int32", "bool")]
    sess_dtype = floating[0] if floating else "float32"
    fields: dict[str, Any] = {"dtype": sess_dtype} | (
        {"device": params[0].device} if params else {}
    )
    modes = {id(m): m.training for _, m in model.named_modules()}
    rows: list[LayerRow] = []
    sess = _core.Session(**fields)
    try:
        model.eval()
        x = sess.input(np.zeros(tuple(input_size)), dtype=dtype)
        start = sess.tape_profile().total_bytes
        with sess, _recording(model, sess, rows):
            model(x)
            total = sess.tape_profile().total_bytes - start
    finally:
        for _, m in model.named_modules():
            m.training = modes[id(m)]
    return ModelSummary(rows, model, total)
