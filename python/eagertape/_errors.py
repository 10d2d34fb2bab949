"""Typed exceptions raised by eagertape. Each derives from EagerTapeError and from the
closest builtin, so ``except ValueError`` keeps working where a PyTorch user expects it."""


class EagerTapeError(Exception):
    """Base class of every eagertape error."""


class ConfigError(EagerTapeError, ValueError):
    """An invalid configuration field or hyperparameter."""


class ArgumentError(EagerTapeError, ValueError):
    """An invalid argument of an op or call: a dropout probability outside [0, 1], the wrong
    number of operands (then ``op``, ``expected`` and ``got`` are set), a malformed state
    tuple."""


class UnsupportedOpError(EagerTapeError, NotImplementedError):
    """An op the session's carrier cannot compute as specified (e.g. no sound interval
    enclosure); raised before anything is recorded. ``op`` and ``carrier`` name them."""


class DeviceUnavailableError(EagerTapeError, RuntimeError):
    """The requested device is not usable in this process (never a silent CPU fallback)."""


class DeviceError(EagerTapeError, ValueError):
    """A tensor or parameter is on another device than the session."""


class ForeignHandleError(EagerTapeError, ValueError):
    """A tensor handle recorded by another session."""


class StaleHandleError(EagerTapeError, RuntimeError):
    """A tensor handle from an older generation (before a reset_tape), or of a closed session."""


class NoSessionError(EagerTapeError, RuntimeError):
    """Kept for code that catches it; eagertape no longer raises it: a torch-style call
    (``model(x)``, ``et.zeros(...)``, ``opt.step()``) made with no session entered runs in the
    thread's default session."""


class ShapeError(EagerTapeError, ValueError):
    """Shapes an op cannot combine; raised before anything is recorded. Shapes that do not
    broadcast set ``op``, ``shapes`` and ``dim``; a dim out of range sets ``op``, ``dim`` and
    ``ndim``."""


class DTypeError(EagerTapeError, ValueError):
    """A dtype mismatch or non-numeric data."""


class IndexOutOfRangeError(EagerTapeError, IndexError):
    """An index out of range for the dim it indexes (indexing, gather, select, ...)."""


class ClassIndexError(IndexOutOfRangeError):
    """A class id out of range in cross_entropy."""


class ReleasedBufferError(EagerTapeError, RuntimeError):
    """A released buffer was read or consumed."""


class BufferSizeError(EagerTapeError, ValueError):
    """A buffer whose storage disagrees with its shape."""


class GradError(EagerTapeError, RuntimeError):
    """backward cannot produce gradients (nothing requires grad, or grad is disabled)."""


class NonFiniteError(EagerTapeError, RuntimeError):
    """A non-finite value where a finite one is required (gradient-norm clipping)."""


class BackendError(EagerTapeError, RuntimeError):
    """A failure reported by the kernel library (LibTorch)."""


class OutOfMemoryError(BackendError, MemoryError):
    """An allocation the device refused (torch's ``OutOfMemoryError``; on the CPU, the
    allocator's "not enough memory"). Nothing was recorded, and the ledger is unchanged."""


class DLPackError(EagerTapeError, BufferError):
    """A DLPack exchange that cannot be done as asked: no zero-copy form (``copy=False``
    with another dtype or device), an unsupported dtype or device, a carrier with no
    LibTorch form, or a malformed capsule. Nothing was changed."""


class DistributedError(EagerTapeError, RuntimeError):
    """A collective of ``eagertape.distributed`` failed (a peer died or timed out, the ranks
    disagree on the parameters); torch.distributed's own error, if any, is the cause.
    Parameters, gradients and the ledger are as they were before the call, except that
    gradients being reduced in place may hold partially reduced values."""


class CpuCarrierWarning(UserWarning):
    """A CPU-only carrier (ieee32, interval) was asked for CUDA and runs on the CPU tape."""


class CaptureError(EagerTapeError, RuntimeError):
    """``et.capture`` cannot record a step so that a replay reproduces it: a value read on
    the host inside it (``.item()``, ``bool(t)``, ``numpy()``, printing), an op that has no
    replay yet, a tensor made outside the step, a draw from the generator. The message
    names what and the line; the step ran eagerly and nothing was cached."""


class CheckpointError(EagerTapeError, ValueError):
    """A checkpoint file that cannot be written or restored as asked (corrupt, truncated, or
    disagreeing with the parameters, optimizer or session given); nothing was changed."""


__all__ = [
    "CpuCarrierWarning",
    "EagerTapeError",
    "ConfigError",
    "ArgumentError",
    "UnsupportedOpError",
    "DeviceUnavailableError",
    "DeviceError",
    "ForeignHandleError",
    "StaleHandleError",
    "NoSessionError",
    "ShapeError",
    "DTypeError",
    "ClassIndexError",
    "IndexOutOfRangeError",
    "ReleasedBufferError",
    "BufferSizeError",
    "GradError",
    "NonFiniteError",
    "BackendError",
    "OutOfMemoryError",
    "CheckpointError",
    "CaptureError",
    "DLPackError",
    "DistributedError",
]
