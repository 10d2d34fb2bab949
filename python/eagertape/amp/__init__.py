"""Mixed precision as ``torch.amp``: ``autocast`` and ``GradScaler``.

``autocast(device_type, dtype=None, enabled=True, cache_enabled=None)`` sets this thread's
autocast state for sessions on ``device_type`` ("cpu" or "cuda"; default dtypes bfloat16 and
float16, as torch's); the core casts each op's operands by torch's per-op lists
(``src/autocast.rs``) and records the casts on the tape. ``GradScaler`` is torch's dynamic
loss scaling on the current session's gradients (``p.grad``): ``scale(loss)``,
``unscale_(opt)``, ``step(opt)`` (skipped, parameters untouched, when a gradient is not
finite), ``update()``, ``state_dict()``.
"""

from __future__ import annotations

import functools as _functools
import threading as _threading
import warnings as _warnings
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import numpy as _np

from .. import _core
from .._core import Tensor
from .._errors import ArgumentError
from .._torch import _dtype_name

__all__ = [
    "GradScaler",
    "autocast",
    "get_autocast_dtype",
    "is_autocast_available",
    "is_autocast_enabled",
    "set_autocast_enabled",
    "set_autocast_dtype",
    "is_autocast_cache_enabled",
    "set_autocast_cache_enabled",
]

_F = TypeVar("_F", bound=Callable[..., Any])
_DEFAULT = {"cpu": "bfloat16", "cuda": "float16"}
_LOW = ("bfloat16", "float16")

# This thread's autocast dtype per device type while autocast is off there
# (`set_autocast_dtype`); while it is on, the core holds the dtype it casts to.
_STATE = _threading.local()
# torch's process-wide autocast cache flag (`set_autocast_cache_enabled`)
_CACHE = {"enabled": True}


def _off_dtypes() -> dict[str, str]:
    dtypes: dict[str, str] | None = getattr(_STATE, "dtypes", None)
    if dtypes is None:
        dtypes = _STATE.dtypes = dict(_DEFAULT)
    return dtypes


def _device_type(device_type: Any, who: str) -> str:
    if not isinstance(device_type, str):
        raise ArgumentError(
            f"{who}: expected `device_type` of type `str`, got {type(device_type).__name__}"
        )
    if device_type not in _DEFAULT:
        raise ArgumentError(f"{who}: device_type must be 'cpu' or 'cuda', got {device_type!r}")
    return device_type


def is_autocast_available(device_type: str) -> bool:
    """Returns whether autocast is available for `device_type`.

    As `torch.amp.is_autocast_available`: ``True`` for ``"cpu"`` and ``"cuda"`` (whether or
    not a GPU is present), ``False`` for any other device type.

    Args:
        device_type (str): the device type to ask about.

    Returns:
        bool: whether `eagertape.autocast` accepts `device_type`.

    Examples:
        >>> import eagertape as et
        >>> et.amp.is_autocast_available("cpu"), et.amp.is_autocast_available("mps")
        (True, False)
    """
    return device_type in _DEFAULT


def is_autocast_enabled(device_type: str = "cuda") -> bool:
    """Returns whether autocast is enabled in this thread for sessions on `device_type`.

    Args:
        device_type (str): ``"cpu"`` or ``"cuda"``. Default: ``"cuda"``.

    Returns:
        bool: whether an enclosing `eagertape.autocast` turned autocast on for `device_type`.

    Raises:
        ArgumentError: `device_type` is not ``"cpu"`` or ``"cuda"``.

    Examples:
        >>> import eagertape as et
        >>> with et.autocast("cpu"):
        ...     et.is_autocast_enabled("cpu"), et.is_autocast_enabled("cuda")
        (True, False)
    """
    return (
        _core._get_autocast(_device_type(device_type, "is_autocast_enabled") == "cuda") is not None
    )


def get_autocast_dtype(device_type: str) -> str:
    """Returns the dtype autocast casts to in this thread on `device_type`.

    When autocast is off, this is the default for the device type (``"bfloat16"`` on the
    CPU, ``"float16"`` on CUDA). The dtype is returned as its name.

    Args:
        device_type (str): ``"cpu"`` or ``"cuda"``.

    Returns:
        str: the autocast dtype's name.

    Raises:
        ArgumentError: `device_type` is not ``"cpu"`` or ``"cuda"``.

    Examples:
        >>> import eagertape as et
        >>> with et.autocast("cpu", dtype=et.float16):
        ...     et.get_autocast_dtype("cpu")
        'float16'
        >>> et.get_autocast_dtype("cpu")
        'bfloat16'
    """
    kind = _device_type(device_type, "get_autocast_dtype")
    return _core._get_autocast(kind == "cuda") or _off_dtypes()[kind]


def set_autocast_enabled(device_type: str, enabled: bool) -> None:
    """Turns autocast on or off in this thread for sessions on `device_type`, as
    ``torch.set_autocast_enabled`` (no block to leave: it stays so until set again). It casts
    to `get_autocast_dtype` (the default, or what `set_autocast_dtype` set).

    Args:
        device_type (str): ``"cpu"`` or ``"cuda"``.
        enabled (bool): whether autocast is on.

    Raises:
        ArgumentError: `device_type` is not ``"cpu"`` or ``"cuda"``, or `enabled` is not a
            bool.

    Examples:
        >>> import eagertape as et
        >>> et.set_autocast_enabled("cpu", True)
        >>> et.is_autocast_enabled("cpu")
        True
        >>> et.set_autocast_enabled("cpu", False)
    """
    kind = _device_type(device_type, "set_autocast_enabled")
    if not isinstance(enabled, bool):
        raise ArgumentError(f"set_autocast_enabled: enabled must be a bool, got {enabled!r}")
    _core._set_autocast(kind == "cuda", get_autocast_dtype(kind) if enabled else None)


def set_autocast_dtype(device_type: str, dtype: Any) -> None:
    """Sets the dtype autocast casts to in this thread on `device_type`, as
    ``torch.set_autocast_dtype``: at once when autocast is on there, and for every later
    `autocast` block given no dtype.

    Args:
        device_type (str): ``"cpu"`` or ``"cuda"``.
        dtype (eagertape.dtype): float16 or bfloat16.

    Raises:
        ArgumentError: `device_type` is not ``"cpu"`` or ``"cuda"``, or `dtype` is not
            float16 or bfloat16 (the only dtypes autocast casts to here; torch takes any).

    Examples:
        >>> import eagertape as et
        >>> et.set_autocast_dtype("cpu", et.float16)
        >>> et.get_autocast_dtype("cpu")
        'float16'
        >>> et.set_autocast_dtype("cpu", et.bfloat16)
    """
    kind = _device_type(device_type, "set_autocast_dtype")
    name = str(_dtype_name(dtype))
    if name not in _LOW:
        raise ArgumentError(
            f"set_autocast_dtype: autocast casts to float16 or bfloat16, got {name}"
        )
    _off_dtypes()[kind] = name
    if _core._get_autocast(kind == "cuda") is not None:
        _core._set_autocast(kind == "cuda", name)


def is_autocast_cache_enabled() -> bool:
    """Returns torch's autocast cache flag (``torch.is_autocast_cache_enabled``; see
    `set_autocast_cache_enabled`).

    Returns:
        bool: the flag, ``True`` until set otherwise.
    """
    return _CACHE["enabled"]


def set_autocast_cache_enabled(enabled: bool) -> None:
    """Sets torch's autocast cache flag, as ``torch.set_autocast_cache_enabled``. torch
    caches the low-precision copy of a weight within an autocast block; eagertape records
    each cast per use, with the same values, so the flag changes no result (it is kept for
    `is_autocast_cache_enabled` to read back).

    Args:
        enabled (bool): the flag.

    Raises:
        ArgumentError: `enabled` is not a bool.
    """
    if not isinstance(enabled, bool):
        raise ArgumentError(f"set_autocast_cache_enabled: enabled must be a bool, got {enabled!r}")
    _CACHE["enabled"] = enabled


class autocast:  # noqa: N801  (torch.autocast)
    """Context manager (and decorator) that runs regions of a script in mixed precision.

    Inside, ops of this thread's sessions on `device_type` run in `dtype` where torch's
    autocast would (matmuls, convolutions, linear layers, ...) and in float32 where torch's
    per-op lists say so (``src/autocast.rs``); the casts of the operands are recorded on the
    tape, so a float32 parameter gets a float32 gradient. ``enabled=False`` turns autocast
    off inside (within an enclosing `autocast`). As torch, a dtype other than float16 or
    bfloat16 warns and leaves autocast off.

    Args:
        device_type (str): ``"cpu"`` or ``"cuda"``.
        dtype (eagertape.dtype, optional): the low-precision dtype, float16 or bfloat16.
            Default: ``None`` (`get_autocast_dtype`: bfloat16 on the CPU, float16 on CUDA,
            unless `set_autocast_dtype` set another).
        enabled (bool): whether autocast is on inside. Default: ``True``.
        cache_enabled (bool, optional): accepted for PyTorch compatibility; no effect (casts
            are recorded per use, with the same values). Default: ``None``.

    Raises:
        ArgumentError: `device_type` is not ``"cpu"`` or ``"cuda"``, or `enabled` is not a
            bool.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     a = et.ones(2, 2)
        ...     with et.autocast("cpu"):
        ...         (a @ a).dtype, (a + a).dtype
        ('bfloat16', 'float32')
    """

    def __init__(
        self,
        device_type: str,
        dtype: Any = None,
        enabled: bool = True,
        cache_enabled: bool | None = None,
    ) -> None:
        self.device = _device_type(device_type, "autocast")
        if not isinstance(enabled, bool):
            raise ArgumentError(f"autocast: enabled must be a bool, got {enabled!r}")
        name = get_autocast_dtype(self.device) if dtype is None else str(_dtype_name(dtype))
        self.fast_dtype = name
        self._enabled = enabled
        if enabled and name not in _LOW:
            _warnings.warn(
                f"In {self.device} autocast, but the target dtype {name} is not supported "
                "(bfloat16 or float16). Disabling autocast.",
                stacklevel=2,
            )
            self._enabled = False
        self._cache_enabled = cache_enabled
        self._prev: list[str | None] = []

    def __enter__(self) -> None:
        cuda = self.device == "cuda"
        self._prev.append(_core._set_autocast(cuda, self.fast_dtype if self._enabled else None))

    def __exit__(self, *exc: object) -> None:
        _core._set_autocast(self.device == "cuda", self._prev.pop())

    def __call__(self, fn: _F) -> _F:
        @_functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with self:
                return fn(*args, **kwargs)

        return wrapper  # type: ignore[return-value]


_READY, _UNSCALED, _STEPPED = "ready", "unscaled", "stepped"


def _f32(x: float) -> float:
    return float(_np.float32(x))


class GradScaler:
    """Dynamic loss scaling for mixed-precision training, as `torch.amp.GradScaler`.

    ``scale(loss)`` multiplies the loss by the scale factor; ``step(opt)`` unscales the
    gradients of `opt`'s parameters in the current session (`unscale_`: one pass each, in
    place, in ``p.grad``) and runs ``opt.step()`` only if every one is finite;
    ``update()`` multiplies the scale by `backoff_factor` after a skipped step and by
    `growth_factor` after `growth_interval` finite steps in a row (float32 arithmetic, as
    torch's kernel). As torch's, a scaler for ``"cuda"`` without a usable GPU warns and is
    disabled; a disabled scaler passes every call through unchanged.

    Args:
        device (str): ``"cpu"`` or ``"cuda"``. Default: ``"cuda"``.
        init_scale (float): the initial scale factor. Default: ``2.0**16``.
        growth_factor (float): the factor the scale grows by, > 1. Default: ``2.0``.
        backoff_factor (float): the factor the scale shrinks by after a non-finite
            gradient, < 1. Default: ``0.5``.
        growth_interval (int): the number of consecutive finite steps after which the scale
            grows. Default: ``2000``.
        enabled (bool): whether scaling is on (``False``: every method is a pass-through).
            Default: ``True``.

    Raises:
        ArgumentError: `device` is not ``"cpu"`` or ``"cuda"``, or (enabled) a factor or the
            interval is out of range.

    Examples:
        >>> import eagertape as et
        >>> scaler = et.amp.GradScaler("cpu", init_scale=1024.0)
        >>> with et.Session():
        ...     net = et.nn.Linear(2, 1, seed=0)
        ...     opt = et.optim.SGD(net.parameters(), lr=0.1)
        ...     loss = net(et.ones(1, 2)).sum()
        ...     scaler.scale(loss).backward()
        ...     scaler.step(opt)
        ...     scaler.update()
        ...     net.weight.grad.numpy().tolist()
        [[1.0, 1.0]]
        >>> scaler.get_scale()
        1024.0
    """

    def __init__(
        self,
        device: str = "cuda",
        init_scale: float = 2.0**16,
        growth_factor: float = 2.0,
        backoff_factor: float = 0.5,
        growth_interval: int = 2000,
        enabled: bool = True,
    ) -> None:
        self._device = _device_type(device, "GradScaler")
        self._enabled = enabled
        if self._device == "cuda" and enabled:
            import torch

            if not torch.cuda.is_available():
                _warnings.warn(
                    "torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling.",
                    stacklevel=2,
                )
                self._enabled = False
        if self._enabled:
            if growth_factor <= 1.0:
                raise ArgumentError("The growth factor must be > 1.0.")
            if backoff_factor >= 1.0:
                raise ArgumentError("The backoff factor must be < 1.0.")
            if (
                isinstance(growth_interval, bool)
                or not isinstance(growth_interval, int)
                or growth_interval < 1
            ):
                raise ArgumentError(
                    f"growth_interval must be a positive int, got {growth_interval!r}"
                )
        self._init_scale = _f32(init_scale)
        self._scale: float | None = None
        self._growth_factor = growth_factor
        self._backoff_factor = backoff_factor
        self._growth_interval = growth_interval
        self._growth_tracker = 0
        self._states: dict[int, dict[str, Any]] = {}

    def is_enabled(self) -> bool:
        """Returns whether this scaler is enabled (``False`` also when CUDA was missing)."""
        return self._enabled

    def _state(self, optimizer: Any) -> dict[str, Any]:
        return self._states.setdefault(id(optimizer), {"stage": _READY, "found_inf": None})

    def _require_scale(self, funcname: str) -> float:
        if self._scale is None:
            raise ArgumentError(
                f"Attempted {funcname} but _scale is None.  This may indicate your script did "
                "not use scaler.scale(loss or outputs) earlier in the iteration."
            )
        return self._scale

    def scale(self, outputs: Any) -> Any:
        """``outputs`` (a tensor, or an iterable of them) times the scale. A 0-d loss of a
        16-bit dtype becomes float32 (torch multiplies by a float32 0-d tensor)."""
        if not self._enabled:
            return outputs
        if self._scale is None:
            self._scale = self._init_scale
        scale = self._scale

        def apply(val: Any) -> Any:
            if isinstance(val, Tensor):
                if val.dim() == 0 and val.dtype in ("bfloat16", "float16"):
                    val = val.float()
                return val * scale
            if isinstance(val, Iterable):
                mapped = map(apply, val)
                return type(val)(mapped) if isinstance(val, (list, tuple)) else mapped
            raise ArgumentError("outputs must be a Tensor or an iterable of Tensors")

        return apply(outputs)

    def _params(self, optimizer: Any) -> list[Any]:
        return [p for group in optimizer.param_groups for p in group["params"]]

    def unscale_(self, optimizer: Any) -> None:
        """Divides ("unscales") the gradients of `optimizer`'s parameters by the scale factor.

        The gradients (``p.grad`` in the current session) are divided in place, and whether
        any is inf or NaN is recorded for `step`. Call it at most once per optimizer between
        `update` calls, before `step` (e.g. to clip the unscaled gradients); `step` calls it
        itself otherwise. Does nothing when the scaler is disabled.

        Args:
            optimizer: the optimizer whose parameters' gradients are unscaled.

        Raises:
            ArgumentError: `scale` was not called this iteration, `unscale_` was already
                called (or `step` already ran) for `optimizer` since the last `update`, or a
                float16 parameter has a gradient.
        """
        if not self._enabled:
            return
        scale = self._require_scale("unscale_")
        state = self._state(optimizer)
        if state["stage"] == _UNSCALED:
            raise ArgumentError(
                "unscale_() has already been called on this optimizer since the last update()."
            )
        if state["stage"] == _STEPPED:
            raise ArgumentError("unscale_() is being called after step().")
        params = self._params(optimizer)
        for p in params:
            if p.dtype == "float16" and p.grad is not None:
                raise ArgumentError("Attempting to unscale FP16 gradients.")
        state["found_inf"] = _core._unscale_grads_(params, _f32(1.0 / scale))
        state["stage"] = _UNSCALED

    def step(self, optimizer: Any, *args: Any, **kwargs: Any) -> Any:
        """Unscale (unless ``unscale_`` did) and run ``optimizer.step()`` unless a gradient is
        inf or NaN (then the parameters are untouched); its return value, or None."""
        if not self._enabled:
            return optimizer.step(*args, **kwargs)
        if "closure" in kwargs:
            raise ArgumentError("Closure use is not currently supported if GradScaler is enabled.")
        self._require_scale("step")
        state = self._state(optimizer)
        if state["stage"] == _STEPPED:
            raise ArgumentError("step() has already been called since the last update().")
        if state["stage"] == _READY:
            self.unscale_(optimizer)
        out = None if state["found_inf"] else optimizer.step(*args, **kwargs)
        state["stage"] = _STEPPED
        return out

    def update(self, new_scale: float | None = None) -> None:
        """The next scale: ``new_scale``, or backoff after an inf, growth after
        ``growth_interval`` finite steps in a row (torch's ``_amp_update_scale_``)."""
        if not self._enabled:
            return
        scale = self._require_scale("update")
        if new_scale is not None:
            if isinstance(new_scale, bool) or not isinstance(new_scale, (int, float)):
                raise ArgumentError(f"new_scale should be a float, got {type(new_scale).__name__}")
            self._scale = _f32(new_scale)
        else:
            found = [s["found_inf"] for s in self._states.values() if s["found_inf"] is not None]
            if not found:
                raise ArgumentError("No inf checks were recorded prior to update.")
            if any(found):
                self._scale = _f32(scale * _f32(self._backoff_factor))
                self._growth_tracker = 0
            else:
                good = self._growth_tracker + 1
                if good == self._growth_interval:
                    grown = _f32(scale * _f32(self._growth_factor))
                    if _np.isfinite(grown):
                        self._scale = grown
                    good = 0
                self._growth_tracker = good
        self._states = {}

    def get_scale(self) -> float:
        """Returns the current scale factor (1.0 when the scaler is disabled)."""
        if not self._enabled:
            return 1.0
        return self._init_scale if self._scale is None else self._scale

    def get_growth_factor(self) -> float:
        """Returns the scale growth factor."""
        return self._growth_factor

    def set_growth_factor(self, new_factor: float) -> None:
        """Sets the scale growth factor (not checked, as torch).

        Args:
            new_factor (float): the new growth factor.
        """
        self._growth_factor = new_factor

    def get_backoff_factor(self) -> float:
        """Returns the scale backoff factor."""
        return self._backoff_factor

    def set_backoff_factor(self, new_factor: float) -> None:
        """Sets the scale backoff factor (not checked, as torch).

        Args:
            new_factor (float): the new backoff factor.
        """
        self._backoff_factor = new_factor

    def get_growth_interval(self) -> int:
        """Returns the growth interval."""
        return self._growth_interval

    def set_growth_interval(self, new_interval: int) -> None:
        """Sets the growth interval (not checked, as torch).

        Args:
            new_interval (int): the new number of consecutive finite steps before the scale
                grows.
        """
        self._growth_interval = new_interval

    def state_dict(self) -> dict[str, Any]:
        """torch's layout: ``scale``, the factors, the interval, ``_growth_tracker``."""
        if not self._enabled:
            return {}
        return {
            "scale": self.get_scale(),
            "growth_factor": self._growth_factor,
            "backoff_factor": self._backoff_factor,
            "growth_interval": self._growth_interval,
            "_growth_tracker": self._growth_tracker,
        }

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Take a ``state_dict()`` (torch's or this class's); checked whole before anything
        changes."""
        if not self._enabled:
            return
        if len(state_dict) == 0:
            raise ArgumentError(
                "The source state dict is empty, possibly because it was saved from a disabled "
                "instance of GradScaler."
            )
        keys = ("scale", "growth_factor", "backoff_factor", "growth_interval", "_growth_tracker")
        missing = [k for k in keys if k not in state_dict]
        if missing:
            raise ArgumentError(f"GradScaler.load_state_dict: missing keys {missing}")
        values = [float(state_dict[k]) for k in keys]
        if not all(_np.isfinite(values)) or values[0] <= 0:
            raise ArgumentError(
                f"GradScaler.load_state_dict: bad values {dict(zip(keys, values, strict=True))}"
            )
        self._init_scale = _f32(values[0])
        self._scale = self._init_scale if self._scale is not None else None
        self._growth_factor = values[1]
        self._backoff_factor = values[2]
        self._growth_interval = int(values[3])
        self._growth_tracker = int(values[4])
