"""The Python halves of `Tensor`'s protocol methods: `repr`/`str` (torch's printer over the
values), `format`, `numpy.asarray` and iteration. The extension's methods call these.

Values reach torch's printer without a host copy of the whole tensor where the carrier can
be shared through DLPack (LibTorch's: the value itself, read-only, released when the repr
is made; torch summarises a large tensor before it reads it, on its device). The reference
carriers (`ieee32`, `interval`, the reference backend) hold their values on the host and
print from `numpy()` (an interval tensor from `bounds()`: its lower and upper bounds).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import torch
from torch._tensor_str import PRINT_OPTS
from torch._tensor_str import _tensor_str as _torch_tensor_str
from torch.utils.dlpack import from_dlpack  # (torch.from_dlpack, which torch re-exports so)

from . import _torch

# torch's printer of a tensor's values at an indent (torch leaves it unannotated)
_tensor_str: Callable[[torch.Tensor, int], str] = _torch_tensor_str

_PREFIX = "tensor("
# torch prints no dtype for its default float dtype, int64 and bool.
_IMPLIED_DTYPES = ("float32", "int64", "bool")


def _torch_view(t: Any) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
    """A torch tensor sharing `t`'s value (read-only use), or a host copy for the
    reference carriers (an interval tensor: its two bounds)."""
    try:
        return from_dlpack(t.__dlpack__(copy=False))
    except Exception:  # noqa: BLE001  (a carrier DLPack cannot export: read through numpy)
        if str(t.dtype) == "interval":
            lo, hi = t.bounds()
            return torch.from_numpy(lo), torch.from_numpy(hi)
        return torch.from_numpy(np.asarray(t.numpy()))


def _with_suffixes(body: str, suffixes: list[str], indent: int) -> str:
    """`body` and `, suffix` parts, each on a new line (indented) where it would pass
    torch's print width, then the closing parenthesis."""
    out = [body]
    line = len(body) - body.rfind("\n") + 1
    for suffix in suffixes:
        if line + len(suffix) + 2 > PRINT_OPTS.linewidth:
            out.append(",\n" + " " * indent + suffix)
            line = indent + len(suffix)
        else:
            out.append(", " + suffix)
            line += len(suffix) + 2
    return "".join(out) + ")"


def _op_label(op: str) -> str:
    """torch's `grad_fn` spelling of an op's name: `log_softmax` -> `LogSoftmaxBackward`."""
    return "".join(part.capitalize() for part in op.split("_")) + "Backward"


def _repr(values: Any, shape: tuple[int, ...], dtype: str, device: str, grad: str) -> str:
    indent = len(_PREFIX)
    if isinstance(values, tuple):
        lo, hi = (_tensor_str(v, indent + 3) for v in values)
        body = f"lo={lo},\n{' ' * indent}hi={hi}"
    else:
        body = _tensor_str(values, indent)
    suffixes = []
    empty = 0 in shape
    if empty and len(shape) != 1:
        suffixes.append(f"size={shape}")
    if (dtype != "float32") if empty else (dtype not in _IMPLIED_DTYPES):
        suffixes.append(f"dtype={_torch.dtype(dtype)!r}")
    if device != "cpu":
        suffixes.append(f"device='{device}'")
    if grad:
        suffixes.append(grad)
    return _with_suffixes(_PREFIX + body, suffixes, indent)


class GradFn:
    """torch's ``grad_fn`` of a tensor an op recorded: the backward node's name (torch's
    spelling, ``MulBackward``). eagertape's backward is the tape's sweep, so the node is
    named, not callable, and lists no ``next_functions``."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        self._name = name

    def name(self) -> str:
        """The backward node's name (``"MulBackward"``)."""
        return self._name

    def __repr__(self) -> str:
        return f"<{self._name} object>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GradFn) and other._name == self._name

    def __hash__(self) -> int:
        return hash(self._name)


def tensor_grad_fn(t: Any) -> GradFn | None:
    """``t.grad_fn``: ``None`` for a leaf or a tensor that does not require grad."""
    op = t._op
    return GradFn(_op_label(op)) if op and t.requires_grad else None


def tensor_repr(t: Any) -> str:
    """torch's `repr` of a tensor: its values (torch's print options), then what torch
    shows beside them: the size of an empty tensor, a dtype that is not implied, a device
    other than the CPU, the recording op or `requires_grad=True`."""
    op = t._op
    grad = ""
    if t.requires_grad:
        grad = f"grad_fn=<{_op_label(op)}>" if op else "requires_grad=True"
    return _repr(_torch_view(t), tuple(t.shape), str(t.dtype), t.device, grad)


def parameter_repr(p: Any) -> str:
    """torch's `repr` of a parameter: `Parameter containing:` and its current value."""
    grad = "requires_grad=True" if p.requires_grad else ""
    value = _repr(_torch_view(p), tuple(p.shape), str(p.dtype), p.device, grad)
    return "Parameter containing:\n" + value


def tensor_format(t: Any, spec: str) -> str:
    """`format(t, spec)`: a 0-d tensor formats its number; an empty spec gives `str(t)`."""
    if len(t.shape) == 0:
        return format(t.item(), spec)
    if not spec:
        return str(t)
    raise TypeError(
        f"unsupported format string {spec!r} passed to a tensor of shape {tuple(t.shape)} "
        "(only a 0-d tensor formats as a number; use t.item() or t.tolist())"
    )


def tensor_array(t: Any, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
    """`np.asarray(t)`: a new array of the values, converted to `dtype` when given."""
    if copy is False:
        raise ValueError(
            "np.array(tensor, copy=False): a tensor's numpy array is always a copy (read the "
            "value without copying through DLPack: np.from_dlpack(t))"
        )
    if str(t.dtype) == "interval":
        raise TypeError(
            "np.asarray of an interval tensor: it has no single array; t.bounds() gives its "
            "lower and upper bounds (lo, hi)"
        )
    host: np.ndarray = t.numpy()
    return host if dtype is None else host.astype(dtype, copy=False)


def tensor_iter(t: Any) -> Iterator[Any]:
    """The rows along the first dim (`t[0]`, `t[1]`, ...), as torch iterates."""
    if len(t.shape) == 0:
        raise TypeError("iteration over a 0-d tensor")
    return (t[i] for i in range(t.shape[0]))
