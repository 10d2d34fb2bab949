"""torch's module-level constants, layout and memory-format objects, dtype limits and the
process-wide LibTorch settings, in eagertape's namespace.

The layout and memory-format objects are torch's own (``et.channels_last is
torch.channels_last``), accepted wherever eagertape takes a ``memory_format=``; the settings
are LibTorch's, which computes eagertape's ops in the same process, so setting one through
either library sets it for both."""

from __future__ import annotations

import builtins
import math as _math
import secrets
import types
from typing import Any

import numpy as np
import torch

from . import _core, _errors, _torch
from ._core import (
    initial_seed,
    is_anomaly_check_nan_enabled,
    is_anomaly_enabled,
    set_anomaly_enabled,
)

__all__ = [
    "AcceleratorError",
    "FatalError",
    "get_device_module",
    "initial_seed",
    "seed",
    "get_rng_state",
    "set_rng_state",
    "default_generator",
    "set_anomaly_enabled",
    "is_anomaly_enabled",
    "is_anomaly_check_nan_enabled",
    "e",
    "pi",
    "inf",
    "nan",
    "newaxis",
    "Size",
    "layout",
    "strided",
    "memory_format",
    "contiguous_format",
    "channels_last",
    "channels_last_3d",
    "preserve_format",
    "Event",
    "Stream",
    "finfo",
    "iinfo",
    "typename",
    "get_num_interop_threads",
    "set_num_interop_threads",
    "init_num_threads",
    "set_flush_denormal",
    "get_deterministic_debug_mode",
    "set_deterministic_debug_mode",
    "is_deterministic_algorithms_warn_only_enabled",
    "is_warn_always_enabled",
    "set_warn_always",
]

e: float = _math.e
pi: float = _math.pi
inf: float = _math.inf
nan: float = _math.nan
newaxis: None = None


# torch's own objects: a shape (a tuple subclass, equal to eagertape's shapes, which are
# plain tuples), the dense layout, and the memory formats `clone`/`contiguous` take
Size = torch.Size
layout = torch.layout
strided = torch.strided
memory_format = torch.memory_format
contiguous_format = torch.contiguous_format
channels_last = torch.channels_last
channels_last_3d = torch.channels_last_3d
preserve_format = torch.preserve_format
# torch's device-generic stream and event: eagertape's CUDA work runs on torch's current
# stream of each device (same process, same runtime), so these order and time it as they do
# torch's
Event = torch.Event
Stream = torch.Stream


def _torch_dtype(type: object, default: torch.dtype) -> torch.dtype:  # noqa: A002
    if type is None:
        return default
    name = _torch._dtype_name(type)
    found = getattr(torch, name, None) if name is not None else default
    if not isinstance(found, torch.dtype):
        raise TypeError(f"no such dtype: {type!r}")
    return found


def finfo(type: object = None) -> torch.finfo:  # noqa: A002  (torch's name)
    """The numerical properties of a floating point dtype, as ``torch.finfo`` (``eps``,
    ``max``, ``min``, ``tiny``, ``resolution``, ``bits``, ``dtype``): torch's object for the
    same dtype.

    Args:
        type (dtype, optional): an eagertape or torch floating dtype, or its name. Default:
            the default dtype (``et.get_default_dtype()``).

    Returns:
        torch.finfo: the dtype's properties.

    Raises:
        TypeError: ``type`` is not a floating point dtype (torch's error), or no dtype.

    Examples:
        >>> import eagertape as et
        >>> et.finfo(et.float32).eps
        1.1920928955078125e-07
    """
    default = _torch_dtype(_torch.get_default_dtype(), torch.float32)
    return torch.finfo(_torch_dtype(type, default))


def iinfo(type: object) -> torch.iinfo:  # noqa: A002  (torch's name)
    """The numerical properties of an integer dtype, as ``torch.iinfo`` (``max``, ``min``,
    ``bits``, ``dtype``): torch's object for the same dtype.

    Args:
        type (dtype): an eagertape or torch integer dtype, or its name.

    Returns:
        torch.iinfo: the dtype's properties.

    Raises:
        TypeError: ``type`` is not an integer dtype (torch's error), or no dtype.

    Examples:
        >>> import eagertape as et
        >>> et.iinfo(et.int32).max
        2147483647
    """
    return torch.iinfo(_torch_dtype(type, torch.int64))


def typename(obj: Any) -> str:
    """The type of ``obj`` as a string, as ``torch.typename``: an eagertape tensor's legacy
    type name (``x.type()``, ``"torch.FloatTensor"``), a torch tensor's, or the qualified
    name of any other object's class.

    Args:
        obj (object): what to name.

    Returns:
        str: the name.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.typename(et.ones(2))
        'torch.FloatTensor'
    """
    from ._core import Tensor

    if isinstance(obj, Tensor):
        return str(obj.type())
    return torch.typename(obj)


def get_num_interop_threads() -> builtins.int:
    """Returns the number of threads LibTorch uses for inter-op parallelism on the CPU
    (``torch.get_num_interop_threads``).

    Returns:
        int: the number of threads.
    """
    return torch.get_num_interop_threads()


def set_num_interop_threads(int: builtins.int) -> None:  # noqa: A002  (torch's name)
    """Sets the number of threads LibTorch uses for inter-op parallelism on the CPU, as
    ``torch.set_num_interop_threads`` (once, before any inter-op work starts).

    Args:
        int (int): the number of threads.

    Raises:
        RuntimeError: called after inter-op work started or a second time (torch's error).
    """
    torch.set_num_interop_threads(int)


def init_num_threads() -> None:
    """Initializes the number of LibTorch's intra-op threads for the calling thread, as
    ``torch.init_num_threads``."""
    torch.init_num_threads()


def set_flush_denormal(mode: builtins.bool) -> builtins.bool:
    """Disables denormal floating numbers on the CPU (flush to zero), as
    ``torch.set_flush_denormal``; eagertape's CPU kernels are LibTorch's, so it applies to
    them.

    Args:
        mode (bool): whether to flush denormals to zero.

    Returns:
        bool: whether the CPU supports the mode (SSE3 on x86).
    """
    return torch.set_flush_denormal(mode)


def get_deterministic_debug_mode() -> builtins.int:
    """Returns LibTorch's deterministic debug mode, as ``torch.get_deterministic_debug_mode``:
    0 default, 1 warn, 2 error (for ops without a deterministic kernel).

    Returns:
        int: the mode.
    """
    return torch.get_deterministic_debug_mode()


def set_deterministic_debug_mode(debug_mode: builtins.str | builtins.int) -> None:
    """Sets LibTorch's deterministic debug mode, as ``torch.set_deterministic_debug_mode``.

    Args:
        debug_mode (str or int): ``"default"``/0, ``"warn"``/1 or ``"error"``/2.

    Raises:
        RuntimeError: a mode that is none of these (torch's error).
    """
    torch.set_deterministic_debug_mode(debug_mode)


def is_deterministic_algorithms_warn_only_enabled() -> builtins.bool:
    """Whether ``use_deterministic_algorithms(..., warn_only=True)`` is on, as
    ``torch.is_deterministic_algorithms_warn_only_enabled``.

    Returns:
        bool: the flag.
    """
    return torch.is_deterministic_algorithms_warn_only_enabled()


def is_warn_always_enabled() -> builtins.bool:
    """Whether LibTorch's warn-once warnings are shown every time, as
    ``torch.is_warn_always_enabled``.

    Returns:
        bool: the flag.
    """
    return torch.is_warn_always_enabled()


def set_warn_always(b: builtins.bool) -> None:
    """Makes LibTorch's warn-once warnings show every time (or once), as
    ``torch.set_warn_always``.

    Args:
        b (bool): whether to warn always.
    """
    torch.set_warn_always(b)


# torch's own exception classes: `except et.AcceleratorError` catches what torch raises
# from the accelerator (eagertape's own failures are its typed errors, `BackendError` and
# `DeviceError` among them)
AcceleratorError = torch.AcceleratorError
# (torch's stubs do not declare FatalError)
FatalError = torch.FatalError  # type: ignore[attr-defined]


def get_device_module(device: object = None) -> types.ModuleType:
    """The module of a device type, as ``torch.get_device_module``: `eagertape.cuda` for
    ``"cuda"``, `eagertape.cpu` for ``"cpu"``; with no device, the default device's
    (`set_default_device`).

    Args:
        device (str, torch.device or None): a device or device type. Default: ``None``.

    Returns:
        module: the device type's module.

    Raises:
        DeviceError: a device type eagertape does not run on.

    Examples:
        >>> import eagertape as et
        >>> et.get_device_module("cpu").is_available()
        True
    """
    from . import cpu, cuda

    if device is None:
        device = _core.get_default_device()
    kind = torch.device(device).type if isinstance(device, str | torch.device) else None
    modules = {"cpu": cpu, "cuda": cuda}
    if kind not in modules:
        raise _errors.DeviceError(
            f"get_device_module: eagertape runs on 'cpu' and 'cuda', not {device!r}"
        )
    return modules[kind]


# get_rng_state()'s layout: a tag, then the process-wide generator's seed, counter and
# seeded flag, `initial_seed()`, the thread's default session's seed and counter (each
# 64-bit value as a signed int64), then LibTorch's CPU generator's state bytes
_STATE_TAG = 0x6574_5F72_6E67  # "et_rng"
_STATE_HEAD = 7


def _signed(v: builtins.int) -> builtins.int:
    return v - (1 << 64) if v >= 1 << 63 else v


def get_rng_state() -> _core.Tensor:
    """The random state, as an int64 tensor in the current session (``torch.get_rng_state``
    returns a byte tensor): the process-wide generator's (`manual_seed`), this thread's
    default session's, and LibTorch's CPU generator's (which modules built without a seed
    draw from). `set_rng_state` restores it, so the draws after it repeat.

    A session entered with ``with et.Session()`` keeps its own generator
    (``sess.rng_state()``), which this state does not hold.

    Returns:
        Tensor: int64, 1-D.

    Examples:
        >>> import eagertape as et
        >>> state = et.get_rng_state()
        >>> a = et.rand(3).tolist()
        >>> et.set_rng_state(state)
        >>> et.rand(3).tolist() == a
        True
    """
    head = [_STATE_TAG, *(_signed(builtins.int(v)) for v in _core._rng_states())]
    tail = torch.get_rng_state().numpy().astype(np.int64)
    return _torch.tensor(np.concatenate([np.asarray(head, dtype=np.int64), tail]))


def set_rng_state(new_state: _core.Tensor) -> None:
    """Restores the random state `get_rng_state` returned, as ``torch.set_rng_state``.

    Args:
        new_state (Tensor): what `get_rng_state` returned.

    Raises:
        TypeError: ``new_state`` is not a tensor.
        ArgumentError: a tensor `get_rng_state` did not make (nothing is changed).
        CaptureError: called inside a captured step.
    """
    if not isinstance(new_state, _core.Tensor):
        raise TypeError(
            f"set_rng_state: expected the tensor get_rng_state() returned, got "
            f"{type(new_state).__name__}"
        )
    size = _STATE_HEAD + torch.get_rng_state().numel()
    if new_state.dtype != "int64" or tuple(new_state.shape) != (size,):
        raise _errors.ArgumentError(
            f"set_rng_state: expected the int64 tensor of {size} values get_rng_state() "
            f"returned, got {new_state.dtype} of shape {tuple(new_state.shape)}"
        )
    values = new_state.numpy()  # (a fixed size: the generators' state)
    head, tail = values[:_STATE_HEAD], values[_STATE_HEAD:]
    if head[0] != _STATE_TAG or head[3] not in (0, 1) or ((tail < 0) | (tail > 255)).any():
        raise _errors.ArgumentError("set_rng_state: not a state get_rng_state() returned")
    unsigned = [builtins.int(v) % (1 << 64) for v in head[1:]]
    torch_state = torch.from_numpy(tail.astype(np.uint8))
    _core._set_rng_states(unsigned[0], unsigned[1], builtins.bool(unsigned[2]), *unsigned[3:])
    torch.set_rng_state(torch_state)


def seed() -> builtins.int:
    """Seeds the random number generators with a non-deterministic number (from the OS) and
    returns it, as ``torch.seed``: `manual_seed` of it.

    Returns:
        int: the seed, in ``[0, 2**64)``.
    """
    value = secrets.randbits(64)
    _torch.manual_seed(value)
    return value


class _DefaultGenerator:
    """``torch.default_generator``'s methods over eagertape's process-wide generator
    (`manual_seed`, `seed`, `initial_seed`, `get_rng_state`, `set_rng_state`)."""

    device = torch.device("cpu")

    def manual_seed(self, seed: builtins.int) -> _DefaultGenerator:
        """`et.manual_seed(seed)`; returns the generator, as torch's."""
        _torch.manual_seed(seed)
        return self

    def seed(self) -> builtins.int:
        """`et.seed()`."""
        return seed()

    def initial_seed(self) -> builtins.int:
        """`et.initial_seed()`."""
        return initial_seed()

    def get_state(self) -> _core.Tensor:
        """`et.get_rng_state()`."""
        return get_rng_state()

    def set_state(self, new_state: _core.Tensor) -> _DefaultGenerator:
        """`et.set_rng_state(new_state)`; returns the generator, as torch's."""
        set_rng_state(new_state)
        return self

    def __repr__(self) -> str:
        return "<eagertape default generator>"


default_generator = _DefaultGenerator()
