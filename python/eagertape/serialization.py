"""torch's file format: ``save`` and ``load`` as ``torch.save`` and ``torch.load`` (2.11).

A file ``save`` writes is the one ``torch.save`` writes (a zip archive of pickled structure and
raw storages), so ``torch.load(path, weights_only=True)`` reads it, and ``load`` reads what
``torch.save`` wrote. The safetensors checkpoints of ``eagertape.checkpoint`` are another
format, with their own functions.

Ownership and copies:

* ``save`` hands each eagertape tensor to ``torch.save`` as a torch tensor sharing its memory
  (``torch.from_dlpack(t, copy=False)``: no host copy; a CUDA tensor is copied to the host by
  ``torch.save`` itself, as torch does), an ``eagertape.Parameter`` as a ``torch.nn.Parameter``
  over its current snapshot. ``torch.save`` only reads them, and every view is dropped before
  ``save`` returns. Only the ``ieee32`` carrier, which has no DLPack form, goes through one
  host copy (as float32). Everything is checked before anything is written: an object torch's
  ``weights_only`` loader would refuse (a module, an optimizer, a numpy array, ...) is a
  ``TypeError`` and leaves the destination as it was.
* ``load`` calls ``torch.load`` and turns every torch tensor of the result (through dicts,
  lists, tuples, named tuples and sets) into an eagertape tensor of the current session (the
  one entered with ``with sess:``, else the thread's default session), sharing the memory
  ``torch.load`` read (nothing else holds it; eagertape's ops never write into a shared
  input), and a ``torch.nn.Parameter`` into an ``eagertape.Parameter`` (a copy). A tensor
  that appears twice in the result (the same object) becomes one eagertape tensor.

Writes to a path are atomic, by ``eagertape.checkpoint``'s writer (``_atomic_write``): the bytes
go to an unnamed (else a named, locked) temporary file in the target's directory, which is
flushed, fsynced and only then renamed over the target. A failed ``save`` leaves the previous
file, if any, as it was and no temporary file behind. A file object is written in place,
as ``torch.save`` writes it.

The same names serve eagertape's safetensors checkpoints (``eagertape.save(path, model,
optimizer=opt, session=sess)``): a call in that form (see ``save`` and ``load``) goes to
``eagertape.checkpoint``.
"""

from __future__ import annotations

import collections as _collections
import contextlib as _contextlib
import json as _json
import os as _os
import pickle as _pickle
import struct as _struct
from collections.abc import Callable, Mapping
from typing import IO, Any, TypeAlias

import numpy as _np
import torch as _torch
from torch.serialization import DEFAULT_PROTOCOL as _DEFAULT_PROTOCOL
from torch.utils.dlpack import from_dlpack as _from_dlpack

from . import _core
from . import checkpoint as _checkpoint
from ._core import Parameter, Session, Tensor
from ._errors import CheckpointError, DLPackError
from ._torch import dtype as _et_dtype
from .nn import Module as _Module

__all__ = ["save", "load"]

_FileLike: TypeAlias = "str | _os.PathLike[str] | IO[bytes]"
_MapLocation: TypeAlias = "Callable[[Any, str], Any] | _torch.device | str | dict[str, str] | None"

# eagertape's dtypes as torch's and back (ieee32 is stored as float32, as state_dict does).
_TO_TORCH = {
    "float32": _torch.float32,
    "float64": _torch.float64,
    "float16": _torch.float16,
    "bfloat16": _torch.bfloat16,
    "ieee32": _torch.float32,
    "int64": _torch.int64,
    "int32": _torch.int32,
    "bool": _torch.bool,
}
_FROM_TORCH = {v: _et_dtype(k) for k, v in _TO_TORCH.items() if k != "ieee32"}
# Integer widths eagertape has no dtype for, widened (exactly) to int64 on load.
_WIDENED = {_torch.uint8, _torch.int8, _torch.int16}

# What torch.load(weights_only=True) reads besides tensors and containers (exact types: a
# subclass, such as an IntEnum, pickles as its own class, which that loader refuses).
_LEAF_TYPES = (
    type(None),
    bool,
    int,
    float,
    complex,
    str,
    bytes,
    bytearray,
    _torch.dtype,
    _torch.device,
    _torch.Size,
)
_DICT_TYPES = (dict, _collections.OrderedDict, _collections.Counter)
# The keywords of eagertape.checkpoint's save and load.
_CHECKPOINT_SAVE_ARGS = {"optimizer", "session", "rank", "scheduler", "scaler"}
_CHECKPOINT_LOAD_ARGS = {"optimizer", "session", "strict", "scheduler", "scaler"}


# ----------------------------------------------------------------------------------------
# save: eagertape -> torch


def _type_name(obj: object) -> str:
    kind = type(obj)
    return (
        kind.__qualname__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )


def _refused(obj: object, where: str) -> TypeError:
    hint = ""
    if isinstance(obj, _Module) or hasattr(obj, "state_dict"):
        hint = "; save its state_dict() instead (whole modules and optimizers are not saved)"
    elif isinstance(obj, _np.ndarray | _np.generic):
        hint = "; convert it with torch.from_numpy or eagertape.tensor first"
    return TypeError(
        f"save: cannot save an object of type {_type_name(obj)} (at {where}): the file holds "
        "tensors, numbers, strings, bytes, None, dtypes, devices and dicts, lists, tuples and "
        f"sets of them, what torch.load(weights_only=True) reads{hint}"
    )


def _export(t: Tensor, where: str) -> _torch.Tensor:
    """``t`` as a torch tensor over the same memory (a Parameter: over its current snapshot,
    as a ``torch.nn.Parameter``)."""
    if t.dtype not in _TO_TORCH:
        raise TypeError(
            f"save: {where} is an eagertape {t.dtype} tensor, which no torch dtype holds (an "
            "interval parameter is saved by eagertape.checkpoint.save)"
        )
    if t.dtype == "ieee32":  # the reference carrier: no DLPack form
        out = _torch.from_numpy(_np.ascontiguousarray(t.numpy(), dtype=_np.float32))
    else:
        out = _from_dlpack(t, copy=False)  # read-only by contract: torch.save only reads
    if isinstance(t, Parameter):
        return _torch.nn.Parameter(out, requires_grad=t.requires_grad)
    if t.requires_grad and out.is_floating_point():
        out.requires_grad_(True)  # torch writes the flag; torch.load restores it
    return out


def _check_key(key: object, where: str) -> object:
    if type(key) is _et_dtype:
        return _to_torch(key, where, {}, set())
    if type(key) is tuple:
        return tuple(_check_key(k, where) for k in key)
    if type(key) in _LEAF_TYPES:
        return key
    raise _refused(key, f"a key of {where}")


def _to_torch(obj: Any, where: str, memo: dict[int, Any], open_: set[int]) -> Any:
    """``obj`` with every eagertape tensor as a torch tensor and every eagertape dtype as
    torch's; anything torch's ``weights_only`` loader would refuse is a TypeError."""
    kind = type(obj)
    if isinstance(obj, Tensor):
        hit = memo.get(id(obj))
        if hit is None:
            # the entry holds obj too, so its id is not reused while the memo lives
            hit = memo[id(obj)] = (obj, _export(obj, where))
        return hit[1]
    if isinstance(obj, _torch.Tensor):
        return obj
    if kind is _et_dtype:
        if str.__str__(obj) not in _TO_TORCH:
            raise TypeError(f"save: {where} is the eagertape dtype {obj!r}, which torch lacks")
        return _TO_TORCH[str.__str__(obj)]
    if kind in _LEAF_TYPES:
        return obj
    if kind in _DICT_TYPES or kind in (list, tuple, set):
        if id(obj) in open_:
            raise ValueError(f"save: {where} contains itself (a reference cycle)")
        open_.add(id(obj))
        try:
            if kind in _DICT_TYPES:
                return kind(
                    (
                        _check_key(k, where),
                        _to_torch(v, f"{where}[{k!r}]", memo, open_),
                    )
                    for k, v in obj.items()
                )
            if kind is set:
                return {_check_key(v, where) for v in obj}
            items = [_to_torch(v, f"{where}[{i}]", memo, open_) for i, v in enumerate(obj)]
            return items if kind is list else tuple(items)
        finally:
            open_.discard(id(obj))
    raise _refused(obj, where)


def _is_destination(f: object) -> bool:
    return isinstance(f, str | _os.PathLike) or callable(getattr(f, "write", None))


def _checkpoint_params(x: object) -> bool:
    """Whether ``x`` is what eagertape.checkpoint takes as ``params`` (and never what torch
    takes as a file or a ``map_location``): a module, a list or tuple, or a non-empty dict
    of Parameters."""
    if isinstance(x, _Module) or type(x) in (list, tuple):
        return True
    return (
        isinstance(x, Mapping) and len(x) > 0 and all(isinstance(v, Parameter) for v in x.values())
    )


def save(
    obj: object,
    f: _FileLike,
    pickle_module: Any = _pickle,
    pickle_protocol: int = _DEFAULT_PROTOCOL,
    _use_new_zipfile_serialization: bool = True,
    _disable_byteorder_record: bool = False,
    **kwargs: Any,
) -> bool | None:
    """Saves an object to a file in torch's format, as ``torch.save``.

    `obj` may hold eagertape and torch tensors and parameters, numbers, strings, bytes, None,
    bools, dtypes and devices, nested in dicts, OrderedDicts, lists, tuples and sets: state
    dicts of `eagertape.nn` modules and of optimizers, and the dicts a training script builds
    around them. Each eagertape tensor is written as the torch tensor of the same dtype, shape
    and values (without copying it: `torch.save` reads its memory), an `eagertape.Parameter`
    as a `torch.nn.Parameter`; `torch.load(f, weights_only=True)` reads the file. Everything
    is checked before anything is written.

    A path is written atomically (a temporary file in its directory, fsynced, then renamed
    over it): a failed save leaves the previous file as it was and no temporary file. A file
    object is written in place.

    The eagertape checkpoint form, ``save(path, params, optimizer=None, session=None, *,
    rank=None, scheduler=None, scaler=None)`` (a module, a list of Parameters or a dict of
    Parameters where torch takes the file, or any of those keywords), writes a safetensors
    checkpoint with `eagertape.checkpoint.save` and returns whether it wrote.

    Args:
        obj (object): what to save.
        f (str, os.PathLike or file object): the file: a path, or a binary file object open
            for writing.
        pickle_module (module): the module pickling the structure, as torch's. Default:
            Python's ``pickle``.
        pickle_protocol (int): the pickle protocol. Default: ``2`` (torch's).
        _use_new_zipfile_serialization (bool): ``False`` writes torch's pre-1.6 format.
            Default: ``True``.
        _disable_byteorder_record (bool): as torch's (leave the byte order unrecorded).
            Default: ``False``.
        kwargs: the keywords of `eagertape.checkpoint.save` (the checkpoint form only).

    Returns:
        None (the checkpoint form: whether this call wrote the file).

    Raises:
        TypeError: `obj` holds something torch's ``weights_only`` loader would not read (an
            `nn.Module`, an optimizer: save their ``state_dict()``; a numpy array; an interval
            tensor), or `f` is neither a path nor a writable file object. Nothing is written.
        ValueError: `obj` contains itself.
        OSError: the file cannot be written (a missing or unwritable directory); the target
            is as it was.

    Examples:
        >>> import io, torch
        >>> import eagertape as et
        >>> from eagertape.serialization import save
        >>> net = et.nn.Linear(2, 1, seed=0)
        >>> buffer = io.BytesIO()
        >>> save(net.state_dict(), buffer)
        >>> _ = buffer.seek(0)
        >>> sd = torch.load(buffer, weights_only=True)
        >>> torch.equal(sd["weight"], net.state_dict()["weight"])
        True
    """
    if kwargs or (_checkpoint_params(f) and isinstance(obj, str | _os.PathLike)):
        return _checkpoint_save(obj, f, pickle_module, pickle_protocol, kwargs)
    if not _is_destination(f):
        raise TypeError(
            "save: f must be a path (str or os.PathLike) or a binary file object open for "
            f"writing, got {type(f).__name__}"
        )
    memo: dict[int, Any] = {}
    converted: Any = _to_torch(obj, "obj", memo, set())
    try:
        args = (pickle_module, pickle_protocol, _use_new_zipfile_serialization)

        def write(out: IO[bytes]) -> None:
            _torch.save(converted, out, *args, _disable_byteorder_record)

        if isinstance(f, str | _os.PathLike):
            _checkpoint._atomic_write(f, write)
        else:
            write(f)
    finally:
        converted = None  # the exported views go before save returns (also on an error)
        memo.clear()
    return None


def _checkpoint_save(
    path: Any, params: Any, optimizer: Any, session: Any, kwargs: dict[str, Any]
) -> bool:
    unknown = set(kwargs) - _CHECKPOINT_SAVE_ARGS
    if unknown:
        raise TypeError(f"save() got unexpected keyword arguments {sorted(unknown)}")
    # The positional third and fourth arguments are the optimizer and the session there.
    optimizer = None if optimizer is _pickle else optimizer
    session = None if type(session) is int else session
    for name, value in (("optimizer", optimizer), ("session", session)):
        if value is not None and name in kwargs:
            raise TypeError(f"save() got multiple values for argument {name!r}")
    kwargs.setdefault("optimizer", optimizer)
    kwargs.setdefault("session", session)
    return _checkpoint.save(path, params, **kwargs)


# ----------------------------------------------------------------------------------------
# load: torch -> eagertape


def _import(t: _torch.Tensor, sess: Session, where: str) -> Tensor:
    """The torch tensor ``t`` as an eagertape tensor of ``sess`` (a Parameter: a Parameter
    on the session's device)."""
    if t.layout != _torch.strided or t.is_quantized or t.device.type == "meta":
        raise TypeError(
            f"load: {where} is a {t.layout} / {t.device.type} tensor eagertape cannot hold"
        )
    if t.dtype in _FROM_TORCH:
        name = _FROM_TORCH[t.dtype]
    elif t.dtype in _WIDENED:
        name = _et_dtype("int64")
    else:
        raise TypeError(f"load: {where} is a {t.dtype} tensor, a dtype eagertape does not have")
    requires_grad = bool(t.requires_grad) and t.is_floating_point()
    data = t.detach()
    if isinstance(t, _torch.nn.Parameter):
        return Parameter(data, requires_grad=requires_grad, dtype=name, device=sess.config.device)
    if name == _FROM_TORCH.get(t.dtype):
        with _contextlib.suppress(DLPackError):  # another device: copied below
            return sess.input(data, requires_grad, dtype=name, copy=False)
    return sess.input(data, requires_grad, dtype=name)


def _from_torch(obj: Any, sess: Session, where: str, memo: dict[int, Any]) -> Any:
    """``obj`` with every torch tensor as an eagertape tensor of ``sess`` and every torch
    dtype eagertape has as eagertape's."""
    if isinstance(obj, _torch.Tensor):
        hit = memo.get(id(obj))
        if hit is None:
            hit = memo[id(obj)] = (obj, _import(obj, sess, where))
        return hit[1]
    kind = type(obj)
    if kind is _torch.dtype:
        return _FROM_TORCH.get(obj, obj)
    if kind in _DICT_TYPES:
        return kind((k, _from_torch(v, sess, f"{where}[{k!r}]", memo)) for k, v in obj.items())
    if kind is list or kind is tuple:
        items = [_from_torch(v, sess, f"{where}[{i}]", memo) for i, v in enumerate(obj)]
        return items if kind is list else tuple(items)
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):  # a named tuple (weights_only=False)
        fields = zip(obj._fields, obj, strict=True)
        return kind(*(_from_torch(v, sess, f"{where}.{n}", memo) for n, v in fields))
    if kind is set:
        return {_from_torch(v, sess, where, memo) for v in obj}
    return obj  # numbers, strings, torch.Size, and (weights_only=False) other objects


def _eagertape_checkpoint(f: str | _os.PathLike[str]) -> bool:
    """Whether ``f`` names a safetensors file written by eagertape.checkpoint.save (a regular
    file only: a FIFO is never opened)."""
    try:
        if not _os.path.isfile(f):
            return False
        with open(f, "rb") as file:
            (n,) = _struct.unpack("<Q", file.read(8))
            if n > 1 << 24:
                return False
            header = _json.loads(file.read(n))
        return bool(header["__metadata__"]["format"] == "eagertape")
    except Exception:
        return False


def load(
    f: _FileLike,
    map_location: _MapLocation = None,
    pickle_module: Any = None,
    *,
    weights_only: bool | None = None,
    mmap: bool | None = None,
    **pickle_load_args: Any,
) -> Any:
    """Loads an object saved with `torch.save` or `eagertape.save`, as ``torch.load``, its
    tensors as eagertape tensors.

    The file is read by ``torch.load`` with the same arguments; then every torch tensor of the
    result (in dicts, OrderedDicts, lists, tuples, named tuples and sets) becomes an eagertape
    tensor of the current session (the one entered with ``with sess:``, else the thread's
    default session) with the same dtype, shape and values, and every ``torch.nn.Parameter``
    an `eagertape.Parameter` on the session's device. int8, uint8 and int16 tensors become
    int64 (eagertape has no narrower integers); complex, float8 and other dtypes eagertape
    does not have are a ``TypeError``. A state dict loads with ``model.load_state_dict`` and
    ``optimizer.load_state_dict``.

    ``weights_only=True`` (torch's default) unpickles only tensors, primitive types, dicts and
    the like. ``weights_only=False`` runs the pickle as it is: a file from an untrusted
    source can then execute arbitrary code while it loads, so use it only for files you
    trust (torch's warning); torch objects inside other objects are left as they are.

    The eagertape checkpoint form, ``load(path, params, optimizer=None, *, session=None,
    strict=True, scheduler=None, scaler=None)`` (a module, a list of Parameters or a dict of
    Parameters where torch takes `map_location`, or any of those keywords), restores a
    safetensors checkpoint with `eagertape.checkpoint.load` and returns None.

    Args:
        f (str, os.PathLike or file object): the file: a path, or a binary file object open
            for reading (seekable).
        map_location (str, torch.device, dict or callable, optional): where ``torch.load``
            puts the storages, as torch's (``"cpu"`` reads a file saved on a GPU without
            one). The tensors then live on the session's device; a device other than the
            CPU must be the session's. Default: ``None`` (the session's device).
        pickle_module (module, optional): the module unpickling the structure (only with
            ``weights_only=False``). Default: ``None`` (Python's ``pickle``).
        weights_only (bool, optional): whether to unpickle only tensors, primitive types,
            dicts and the like. Default: ``None``, which is ``True`` as in torch (unless the
            environment variable ``TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD`` says otherwise).
        mmap (bool, optional): map the file instead of reading it into memory (a path only);
            the eagertape tensors then share the mapped pages. Default: ``None`` (``False``).
        pickle_load_args: passed to the unpickler (``encoding=``), as torch's; the keywords
            of `eagertape.checkpoint.load` select the checkpoint form.

    Returns:
        The saved object, its tensors eagertape tensors.

    Raises:
        pickle.UnpicklingError: with ``weights_only=True``, the file holds something that
            loader refuses.
        TypeError: a tensor of a dtype or layout eagertape does not have.
        DeviceError: `map_location` names a device other than the CPU and the session's.
        CheckpointError: `f` is a safetensors checkpoint of `eagertape.checkpoint` (load it
            with ``load(path, model)``), or the checkpoint form refused its file.
        OSError: the file cannot be read.

    Examples:
        >>> import io, torch
        >>> import eagertape as et
        >>> from eagertape.serialization import load
        >>> buffer = io.BytesIO()
        >>> torch.save({"w": torch.ones(2, dtype=torch.bfloat16), "step": 3}, buffer)
        >>> _ = buffer.seek(0)
        >>> sd = load(buffer)
        >>> type(sd["w"]).__name__, sd["w"].dtype, sd["step"]
        ('Tensor', 'bfloat16', 3)
    """
    legacy = set(pickle_load_args) & _CHECKPOINT_LOAD_ARGS
    if legacy or _checkpoint_params(map_location):
        args = {k: pickle_load_args.pop(k) for k in legacy}
        if pickle_load_args:
            raise TypeError(f"load() got unexpected keyword arguments {sorted(pickle_load_args)}")
        if pickle_module is not None:
            if "optimizer" in args:
                raise TypeError("load() got multiple values for argument 'optimizer'")
            args["optimizer"] = pickle_module
        _checkpoint.load(f, map_location, **args)  # type: ignore[arg-type]
        return None
    sess = _core.current_session()
    if map_location is None:
        map_location = _torch.device(sess.config.device)
    elif isinstance(map_location, str | _torch.device):
        if _torch.device(map_location).type != "cpu":
            sess._check_device(map_location)
    try:
        loaded = _torch.load(
            f,
            map_location,
            pickle_module,
            weights_only=weights_only,
            mmap=mmap,
            **pickle_load_args,
        )
    except Exception as e:
        if isinstance(f, str | _os.PathLike) and _eagertape_checkpoint(f):
            raise CheckpointError(
                f"load: {_os.fspath(f)!r} is a safetensors checkpoint written by "
                "eagertape.checkpoint.save, not a torch file: restore it with "
                "eagertape.checkpoint.load(path, model, ...)"
            ) from e
        raise
    memo: dict[int, Any] = {}
    try:
        return _from_torch(loaded, sess, "the loaded object", memo)
    finally:
        memo.clear()
