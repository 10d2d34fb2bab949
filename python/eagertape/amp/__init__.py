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

import functools
import warnings
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import numpy as np

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
]

_F = TypeVar("_F", bound=Callable[..., Any])
_DEFAULT = {"cpu": "bfloat16", "cuda": "float16"}
_LOW = ("bfloat16", "float16")


def _device_type(device_type: Any, who: str) -> str:
    if not isinstance(device_type, str):
        raise ArgumentError(
            f"{who}: expected `device_type` of type `str`, got {type(device_type).__name__}"
        )
    if device_type not in _DEFAULT:
        raise ArgumentError(f"{who}: device_type must be 'cpu' or 'cuda', got {device_type!r}")
    return device_type


def is_autocast_available(device_type: str) -> bool:
    """Whether autocast exists for ``device_type`` (torch's ``torch.amp.is_autocast_available``)."""
    return device_type in _DEFAULT


def is_autocast_enabled(device_type: str = "cuda") -> bool:
    """Whether autocast is on in this thread for sessions on ``device_type``."""
    return (
        _core._get_autocast(_device_type(device_type, "is_autocast_enabled") == "cuda") is not None
    )


def get_autocast_dtype(device_type: str) -> str:
    """The dtype autocast casts to on ``device_type`` now (its default when it is off)."""
    kind = _device_type(device_type, "get_autocast_dtype")
    return _core._get_autocast(kind == "cuda") or _DEFAULT[kind]


class autocast:  # noqa: N801  (torch.autocast)
    """``torch.autocast``: a context manager and decorator turning autocast on (or, with
    ``enabled=False``, off) for this thread's sessions on ``device_type``. An unsupported
    dtype warns and leaves autocast off, as torch does. ``cache_enabled`` is accepted (casts
    are recorded per use; the values are the same)."""

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
        name = _DEFAULT[self.device] if dtype is None else str(_dtype_name(dtype))
        self.fast_dtype = name
        self._enabled = enabled
        if enabled and name not in _LOW:
            warnings.warn(
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
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with self:
                return fn(*args, **kwargs)

        return wrapper  # type: ignore[return-value]


_READY, _UNSCALED, _STEPPED = "ready", "unscaled", "stepped"


def _f32(x: float) -> float:
    return float(np.float32(x))


class GradScaler:
    """``torch.amp.GradScaler``: dynamic loss scaling. ``scale(loss)`` multiplies by the
    scale; ``step(opt)`` unscales the gradients of ``opt``'s parameters in the current
    session's store (``unscale_``: one pass each, in place) and runs ``opt.step()`` only if
    every one is finite; ``update()`` halves the scale after a skipped step and doubles it
    after ``growth_interval`` good ones (float32 arithmetic, as torch's kernel)."""

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
                warnings.warn(
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
        """Divide ``optimizer``'s gradients by the scale, in place, once per step."""
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
                    if np.isfinite(grown):
                        self._scale = grown
                    good = 0
                self._growth_tracker = good
        self._states = {}

    def get_scale(self) -> float:
        if not self._enabled:
            return 1.0
        return self._init_scale if self._scale is None else self._scale

    def get_growth_factor(self) -> float:
        return self._growth_factor

    def set_growth_factor(self, new_factor: float) -> None:
        self._growth_factor = new_factor

    def get_backoff_factor(self) -> float:
        return self._backoff_factor

    def set_backoff_factor(self, new_factor: float) -> None:
        self._backoff_factor = new_factor

    def get_growth_interval(self) -> int:
        return self._growth_interval

    def set_growth_interval(self, new_interval: int) -> None:
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
        if not all(np.isfinite(values)) or values[0] <= 0:
            raise ArgumentError(
                f"GradScaler.load_state_dict: bad values {dict(zip(keys, values, strict=True))}"
            )
        self._init_scale = _f32(values[0])
        self._scale = self._init_scale if self._scale is not None else None
        self._growth_factor = values[1]
        self._backoff_factor = values[2]
        self._growth_interval = int(values[3])
        self._growth_tracker = int(values[4])
