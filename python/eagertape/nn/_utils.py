"""Argument checks and initialisation helpers shared by the modules (not public)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import torch

from .. import _core
from .._core import Parameter, Session, Tensor
from .._errors import ArgumentError, ConfigError


def _positive_int(value: object, what: str) -> int:
    """``value`` as an int, or a clear error (bools and floats are refused)."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{what} must be an int, got {type(value).__name__} {value!r}")
    if value <= 0:
        raise ConfigError(f"{what} must be positive, got {value}")
    return int(value)


def _module_dtype(dtype: object) -> object:
    """A module's parameter dtype: ``dtype``, or (``None``) the default dtype
    (`eagertape.set_default_dtype`; float32 until set, as torch's)."""
    return _core._get_default_dtype() if dtype is None else dtype


def _seed(value: object) -> int | None:
    """A module's seed, checked: an int, or ``None`` (the module then draws from torch's
    generator, `_draws`)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"seed must be an int or None, got {type(value).__name__} {value!r}")
    if value < 0:
        raise ConfigError(f"seed must be non-negative, got {value}")
    return int(value)


# The native floating dtypes as torch's: what torch's draws and initialisers fill.
_NATIVE_DTYPES = {
    "float32": torch.float32,
    "float64": torch.float64,
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
}


class _TorchDraws:
    """Initial values drawn from torch's default CPU generator in the parameter's dtype, as
    torch's own modules draw theirs (``torch.manual_seed`` seeds it, and ``et.manual_seed``
    seeds it too): a module built without a seed holds the values torch's twin built at the
    same point of the same program holds. Values come back as float64 arrays (exact)."""

    def __init__(self, dtype: object) -> None:
        # ieee32 holds float32 values; an interval's bounds are float64 draws
        native = {"ieee32": torch.float32}.get(str(dtype), torch.float64)
        self._dtype = _NATIVE_DTYPES.get(str(dtype), native)

    def uniform(self, low: float, high: float, size: Any) -> np.ndarray:
        return torch.empty(size, dtype=self._dtype).uniform_(low, high).double().numpy()

    def standard_normal(self, size: Any) -> np.ndarray:
        return torch.empty(size, dtype=self._dtype).normal_().double().numpy()


def _draws(seed: object, dtype: object) -> np.random.Generator | _TorchDraws:
    """Where a module's initial values come from: ``np.random.default_rng(seed)`` (float64
    draws, then converted) with a seed, else torch's generator (`_TorchDraws`)."""
    checked = _seed(seed)
    return _TorchDraws(dtype) if checked is None else np.random.default_rng(checked)


def _kaiming_bound(fan_in: int) -> float:
    """``kaiming_uniform_(a=sqrt(5))``'s bound for this fan-in, in torch's own arithmetic
    (``sqrt(3) * (gain / sqrt(fan_in))``, ``gain = sqrt(2 / (1 + sqrt(5) ** 2))``): about
    ``1 / sqrt(fan_in)``, the very float torch draws with."""
    if fan_in == 0:
        return 0.0
    gain = math.sqrt(2.0 / (1 + math.sqrt(5) ** 2))
    return math.sqrt(3.0) * (gain / math.sqrt(fan_in))


def _xavier_bound(fan_in: int, fan_out: int) -> float:
    """``xavier_uniform_``'s bound (gain 1), in torch's own arithmetic."""
    return math.sqrt(3.0) * (1.0 * math.sqrt(2.0 / float(fan_in + fan_out)))


def _offset_seed(seed: int | None, offset: int) -> int | None:
    """The seed of a submodule: ``seed + offset``, so equal seeds give equal models."""
    return None if seed is None else seed + offset


def _bool(value: object, what: str) -> bool:
    if not isinstance(value, bool | np.bool_):
        raise TypeError(f"{what} must be a bool, got {type(value).__name__} {value!r}")
    return bool(value)


def _probability(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise TypeError(f"{what} must be a number, got {type(value).__name__} {value!r}")
    if not 0.0 <= float(value) <= 1.0:
        raise ConfigError(f"{what} has to be between 0 and 1, but got {value}")
    return float(value)


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
        raise TypeError(f"{what} must be a number, got {type(value).__name__} {value!r}")
    return float(value)


def _ntuple(value: object, n: int, what: str) -> tuple[int, ...]:
    """torch's ``_single`` / ``_pair``: an int repeated ``n`` times, or ``n`` ints."""
    if isinstance(value, int | np.integer) and not isinstance(value, bool):
        return (int(value),) * n
    if isinstance(value, Sequence) and not isinstance(value, str):
        items = tuple(value)
        if len(items) == n and all(
            isinstance(v, int | np.integer) and not isinstance(v, bool) for v in items
        ):
            return tuple(int(v) for v in items)
    raise TypeError(f"{what} must be an int or a sequence of {n} ints, got {value!r}")


def _shape(value: object, what: str) -> tuple[int, ...]:
    """``normalized_shape``: an int or a sequence of positive ints."""
    if isinstance(value, int | np.integer) and not isinstance(value, bool):
        return (_positive_int(value, what),)
    if isinstance(value, Sequence) and not isinstance(value, str) and len(value) > 0:
        return tuple(_positive_int(v, f"{what}[{i}]") for i, v in enumerate(value))
    raise TypeError(f"{what} must be an int or a non-empty sequence of ints, got {value!r}")


def _uniform(
    rng: np.random.Generator | _TorchDraws,
    bound: float,
    shape: tuple[int, ...],
    name: str,
    dtype: str,
    device: str | None,
) -> Parameter:
    """``U(-bound, bound)`` drawn in float64, then converted to ``dtype``."""
    return Parameter(rng.uniform(-bound, bound, size=shape), name=name, dtype=dtype, device=device)


def _filled(
    value: float, shape: tuple[int, ...], name: str, dtype: str, device: str | None, **kw: Any
) -> Parameter:
    return Parameter(
        np.full(shape, value, dtype=np.float64), name=name, dtype=dtype, device=device, **kw
    )


def _fan_in_bound(fan_in: int) -> float:
    """The bias bound of torch's ``Linear`` and convolutions for this fan-in,
    ``1 / sqrt(fan_in)`` (0 without inputs)."""
    return 1.0 / math.sqrt(fan_in) if fan_in > 0 else 0.0


# ----------------------------------------------------------------------------------------
# Masks


def _host_array(mask: Any) -> np.ndarray:
    """A torch tensor or array-like as a numpy array (bool stays bool)."""
    if isinstance(mask, torch.Tensor):
        t = mask.detach().cpu()
        if t.dtype == torch.bfloat16:
            t = t.float()  # bfloat16 has no numpy form
        return t.numpy()
    return np.asarray(mask)


def _session_mask(sess: Session, mask: Any, what: str) -> Tensor | None:
    """``mask`` as a session tensor: an eagertape Tensor as it is, anything else (numpy, torch)
    through ``sess.input``; bool stays bool, floating masks take the session's carrier."""
    if mask is None or isinstance(mask, Tensor):
        kind = None if mask is None else mask.dtype
        if kind is not None and kind in ("int64", "int32"):
            raise ArgumentError(f"only bool and floating types of {what} are supported")
        return mask
    arr = _host_array(mask)
    if arr.dtype != np.bool_ and arr.dtype.kind != "f":
        raise ArgumentError(
            f"only bool and floating types of {what} are supported, got {arr.dtype}"
        )
    return sess.input(arr, requires_grad=False)


def _float_mask(sess: Session, mask: Tensor | None) -> Tensor | None:
    """torch's ``_canonical_mask``: a bool mask (True: not allowed) becomes an additive one
    holding -inf where it is True and 0 elsewhere; a floating mask is kept as it is."""
    if mask is None or mask.dtype != "bool":
        return mask
    return sess.zeros(mask.shape).masked_fill(mask, float("-inf"))
