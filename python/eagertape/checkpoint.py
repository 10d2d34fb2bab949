"""Checkpoints: parameters, optimizer state and a session's RNG state in one safetensors file.

Ownership: ``save`` copies every value out of the runtime (``Parameter.numpy()``, or
``Parameter.bounds()`` for an interval parameter; the optimizer's state keyed by parameter
id: ``_state_dict()`` of eagertape's optimizers, ``state_dict()`` of any other) into host
memory it owns until the bytes are written; it changes nothing. ``load`` reads the whole file
into host memory, checks all of it against the parameters, optimizer and session it was
given, and only then copies values in: through ``Parameter.assign`` (which installs a new
snapshot; tapes that still hold the old snapshot keep it), the optimizer's loader
(``_load_state_dict``, or ``load_state_dict``) and ``session.set_rng_state``. A rejected
``load`` raises ``CheckpointError`` and leaves parameters (values and versions), optimizer
and session exactly as they were.

File layout (a plain safetensors file, readable by ``safetensors.safe_open(path, "numpy")``):

* one tensor per distinct parameter, under the parameter's (first) name (for an
  ``nn.Module``: its parameters and persistent buffers, such as BatchNorm's running
  statistics and ``num_batches_tracked``, under their ``state_dict`` keys). float32, float64
  and float16 are stored as such; bfloat16 and ieee32 as float32; an interval parameter as a
  float64 array ``stack([lo, hi])`` of shape ``(2, *shape)``.
* optimizer state tensors under ``optimizer/<parameter name>/<state key>``.
* the header metadata ``{"format": "eagertape", "eagertape": <JSON>}``; the JSON records
  ``format_version``, per parameter its eagertape dtype, shape and aliases (other names of
  the same, tied parameter), a SHA-256 of every tensor's bytes, the session's
  ``rng_state`` and the optimizer's type, hyperparameters and non-tensor state (steps).

Writes are atomic: the bytes go to a temporary file in the target's directory, which is
flushed, fsynced and renamed over the target (then the directory is fsynced). A failed
``save`` leaves the previous file, if any, untouched and no temporary file behind.
"""

from __future__ import annotations

import contextlib as _contextlib
import errno as _errno
import fcntl as _fcntl
import hashlib as _hashlib
import json as _json
import math as _math
import os as _os
import secrets as _secrets
import stat as _stat
import struct as _struct
import tempfile as _tempfile
import time as _time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, BinaryIO

import numpy as _np
import safetensors.numpy as _safetensors_numpy

from ._core import Parameter, Session
from ._errors import CheckpointError, EagerTapeError
from ._functional import interval
from .nn import Module
from .optim import _GroupedOptimizer

__all__ = ["save", "load", "FORMAT_VERSION"]

FORMAT_VERSION = 1
_FORMAT = "eagertape"
_OPT_PREFIX = "optimizer/"
# The numpy dtype each eagertape dtype is stored as.
_STORED_AS = {
    "float32": _np.float32,
    "float64": _np.float64,
    "float16": _np.float16,
    "bfloat16": _np.float32,
    "ieee32": _np.float32,
    "interval": _np.float64,
}

ParamsArg = Sequence[Parameter] | Mapping[str, Parameter] | Module


# ----------------------------------------------------------------------------------------
# Parameters: resolving the user's argument into groups of names per distinct parameter.


def _named(params: ParamsArg) -> list[tuple[str, Parameter]]:
    """``(name, parameter)`` pairs, every name unique; a tied parameter may appear twice."""
    if isinstance(params, Module):
        # Parameters and persistent buffers under their state_dict keys, every name listed.
        pairs = [(key, p) for key, p, _ in params._state_items()]
    elif isinstance(params, Mapping):
        pairs = list(params.items())
    elif isinstance(params, Sequence) and not isinstance(params, str | bytes):
        pairs = []
        for i, p in enumerate(params):
            if not isinstance(p, Parameter):
                raise CheckpointError(f"params[{i}] is a {type(p).__name__}, not a Parameter")
            if not p.name:
                raise CheckpointError(
                    f"params[{i}] ({p!r}) has no name; give it one or pass a dict name -> Parameter"
                )
            pairs.append((p.name, p))
    else:
        raise CheckpointError(
            "params must be a list of named Parameters, a dict name -> Parameter or an "
            f"nn.Module, got {type(params).__name__}"
        )
    seen: dict[str, Parameter] = {}
    out = []
    for name, p in pairs:
        if not isinstance(name, str) or not name:
            raise CheckpointError(f"parameter names must be non-empty strings, got {name!r}")
        if not isinstance(p, Parameter):
            raise CheckpointError(f"{name!r} is a {type(p).__name__}, not a Parameter")
        if name in seen:
            if seen[name].id == p.id:
                continue  # the same parameter listed twice under one name
            raise CheckpointError(f"two different parameters are both named {name!r}")
        seen[name] = p
        out.append((name, p))
    return out


def _groups(pairs: list[tuple[str, Parameter]]) -> dict[int, tuple[Parameter, list[str]]]:
    """Distinct parameters by id (first-seen order) with all their names, first name first."""
    groups: dict[int, tuple[Parameter, list[str]]] = {}
    for name, p in pairs:
        groups.setdefault(p.id, (p, []))[1].append(name)
    return groups


def _param_array(p: Parameter) -> _np.ndarray:
    if p.dtype == "interval":
        return _np.stack(p.bounds()).astype(_np.float64, copy=False)
    return _np.asarray(p.numpy(), dtype=_STORED_AS[p.dtype])


def _stored_shape(dtype: str, shape: Sequence[int]) -> tuple[int, ...]:
    return (2, *shape) if dtype == "interval" else tuple(shape)


def _digest(arr: _np.ndarray) -> str:
    little = _np.ascontiguousarray(arr, dtype=arr.dtype.newbyteorder("<"))
    return _hashlib.sha256(little.tobytes()).hexdigest()


# ----------------------------------------------------------------------------------------
# Optimizer state: param ids <-> names.


def _jsonable(value: Any, where: str) -> Any:
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, _np.generic):
        return value.item()
    if isinstance(value, tuple | list):
        return [_jsonable(v, where) for v in value]
    raise CheckpointError(f"{where}: cannot store a {type(value).__name__} value")


def _json_state(value: Any, where: str) -> Any:
    """A scheduler's or scaler's ``state_dict()`` as JSON: numbers, strings, None, lists and
    string-keyed dicts (anything else is a CheckpointError naming where it sits)."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise CheckpointError(f"{where}: cannot store the non-string key {k!r}")
            out[k] = _json_state(v, f"{where}[{k!r}]")
        return out
    if isinstance(value, tuple | list):
        return [_json_state(v, where) for v in value]
    return _jsonable(value, where)


def _stored_state(doc: Any, key: str, target: Any) -> dict[str, Any]:
    """The state the checkpoint holds for ``key`` ("scheduler", "scaler"), checked against
    ``target.state_dict()``'s keys before anything changes."""
    sd = doc.get(key) if isinstance(doc, dict) else None
    if not isinstance(sd, dict):
        raise CheckpointError(f"checkpoint holds no {key} state")
    want = set(target.state_dict())
    if set(sd) != want:
        raise CheckpointError(
            f"the checkpoint's {key} state does not fit this {type(target).__name__}: "
            f"missing {sorted(want - set(sd))}, unexpected {sorted(set(sd) - want)}"
        )
    return sd


def _tuples(value: Any) -> Any:
    """JSON lists back to the tuples the optimizer gave (e.g. Adam's betas)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _core_state_dict(optimizer: Any) -> Any:
    """The optimizer's state keyed by parameter id: eagertape's optimizers give it as
    ``_state_dict()`` (their ``state_dict()`` is torch's layout); any other object honouring
    the checkpoint contract gives it as ``state_dict()``."""
    own = getattr(optimizer, "_state_dict", None)
    return own() if own is not None else optimizer.state_dict()


def _optimizer_entries(
    optimizer: Any, names_by_id: Mapping[int, str], tensors: dict[str, _np.ndarray]
) -> dict[str, Any]:
    """The JSON part of the optimizer state; adds its tensors to ``tensors``."""
    for p in optimizer.params:
        if p.id not in names_by_id:
            raise CheckpointError(
                f"the optimizer updates {p!r}, which is not among the parameters being saved"
            )
    sd = _core_state_dict(optimizer)
    if not isinstance(sd, Mapping) or not {"type", "hyper", "state"} <= set(sd):
        raise CheckpointError("the optimizer's state must have keys type, hyper and state")
    state_json: dict[str, Any] = {}
    for pid, entry in sd["state"].items():
        if pid not in names_by_id:
            raise CheckpointError(f"the optimizer holds state for unknown parameter id {pid}")
        name = names_by_id[pid]
        values: dict[str, Any] = {}
        keys: dict[str, dict[str, Any]] = {}
        for key, value in entry.items():
            where = f"optimizer state {key!r} of {name!r}"
            if isinstance(value, tuple) and len(value) == 2:  # an interval (lo, hi) buffer
                value, kind = (
                    _np.stack([_np.asarray(v, dtype=_np.float64) for v in value]),
                    "interval",
                )
            elif isinstance(value, _np.ndarray):
                kind = "array"
            else:
                values[key] = _jsonable(value, where)
                continue
            tensor_key = f"{_OPT_PREFIX}{name}/{key}"
            if tensor_key in tensors:
                raise CheckpointError(f"{where}: tensor name {tensor_key!r} is already taken")
            tensors[tensor_key] = _np.asarray(value, order="C")
            keys[key] = {"tensor": tensor_key, "kind": kind}
        state_json[name] = {"values": values, "tensors": keys}
    return {
        "type": str(sd["type"]),
        "hyper": {str(k): _jsonable(v, f"hyperparameter {k!r}") for k, v in sd["hyper"].items()},
        "state": state_json,
    }


# ----------------------------------------------------------------------------------------
# save


def save(
    path: str | _os.PathLike[str],
    params: ParamsArg,
    optimizer: Any | None = None,
    session: Session | None = None,
    *,
    rank: int | None = None,
    scheduler: Any | None = None,
    scaler: Any | None = None,
) -> bool:
    """Saves parameters, and optionally optimizer, scheduler, scaler and RNG state, to a
    checkpoint file.

    The file is a plain safetensors file (see the module comment for its layout), written
    atomically: a failed save leaves the previous file, if any, untouched. A parameter
    reachable under several names is stored once, the other names recorded as its aliases.
    `save` copies every value out of the runtime and changes nothing.

    Args:
        path (str or os.PathLike): the file to write.
        params: a list of named Parameters, a dict name -> Parameter, or an `nn.Module` (its
            parameters and persistent buffers, named as in its `state_dict`).
        optimizer (optional): an optimizer over (some of) `params` whose state is stored too.
            Default: ``None``.
        session (Session, optional): a session whose RNG state (`Session.rng_state()`) is
            stored too. Default: ``None``.
        rank (int, optional): in data-parallel training, this process's rank
            (`torch.distributed.get_rank()`): only rank 0 writes; the others check their
            arguments and return without touching the file. Default: ``None`` (write).
        scheduler (optional): an `eagertape.optim.lr_scheduler` scheduler whose
            `state_dict()` is stored too, as JSON in the header. Default: ``None``.
        scaler (eagertape.amp.GradScaler, optional): a scaler whose `state_dict()` is stored
            too, as JSON in the header. Default: ``None``.

    Returns:
        bool: whether this call wrote the file.

    Raises:
        CheckpointError: `params` is malformed (an unnamed parameter, two parameters under
            one name), the optimizer updates a parameter not being saved, a state value
            cannot be stored, or `rank` is not a non-negative int.

    Examples:
        >>> import os, tempfile
        >>> import eagertape as et
        >>> net = et.nn.Linear(2, 1, seed=0)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     et.save(os.path.join(d, "net.safetensors"), net)
        True
    """
    if rank is not None and (isinstance(rank, bool) or not isinstance(rank, int) or rank < 0):
        raise CheckpointError(f"save: rank must be a non-negative int or None, not {rank!r}")
    groups = _groups(_named(params))
    if rank is not None and rank != 0:
        return False
    tensors: dict[str, _np.ndarray] = {}
    entries: dict[str, Any] = {}
    for p, names in groups.values():
        arr = _param_array(p)
        tensors[names[0]] = _np.asarray(arr, order="C")  # keeps 0-d arrays 0-d
        entries[names[0]] = {"dtype": p.dtype, "shape": list(p.shape), "aliases": names[1:]}
    names_by_id = {pid: names[0] for pid, (_, names) in groups.items()}
    doc: dict[str, Any] = {"format_version": FORMAT_VERSION, "params": entries}
    if session is not None:
        seed, counter = session.rng_state()
        doc["rng_state"] = [int(seed), int(counter)]
    if optimizer is not None:
        if isinstance(optimizer, _GroupedOptimizer):  # torch's parameter groups
            doc["optimizer"] = {
                "groups": [_optimizer_entries(o, names_by_id, tensors) for o in optimizer._opts]
            }
        else:
            doc["optimizer"] = _optimizer_entries(optimizer, names_by_id, tensors)
    for key, obj in (("scheduler", scheduler), ("scaler", scaler)):
        if obj is not None:
            doc[key] = _json_state(obj.state_dict(), key)
    doc["sha256"] = {key: _digest(arr) for key, arr in tensors.items()}
    metadata = {"format": _FORMAT, _FORMAT: _json.dumps(doc)}
    _atomic_write(path, _serialize(tensors, metadata))
    return True


def _serialize(tensors: dict[str, _np.ndarray], metadata: dict[str, str]) -> bytes:
    return _safetensors_numpy.save(tensors, metadata=metadata)


def _new_file_mode(path: str) -> int:
    """The target's current mode, or what ``open`` would give a new file (0o666 & ~umask)."""
    try:
        return _os.stat(path).st_mode & 0o7777
    except OSError:
        pass
    umask = 0o022
    with _contextlib.suppress(OSError, ValueError), open("/proc/self/status") as status:
        for line in status:
            if line.startswith("Umask:"):
                umask = int(line.split()[1], 8)
    return 0o666 & ~umask


# A temporary file older than this that no live save holds locked is a dead save's leftover.
_STALE_AFTER_S = 5.0


def _temp_name(target: str) -> str:
    return _os.path.join(
        _os.path.dirname(target), f".{_os.path.basename(target)}.{_secrets.token_hex(4)}.tmp"
    )


def _atomic_write(
    path: str | _os.PathLike[str], data: bytes | Callable[[BinaryIO], object]
) -> None:
    """Write ``data`` to ``path`` so that a crash at any point leaves the old file or the new
    one, never a half-written one, and no temporary file once a later save runs.

    The data goes into an unnamed file of the target's directory (``O_TMPFILE``: a save killed
    while writing leaves nothing at all), which is named only once complete and then renamed
    over the target. Where the filesystem has no unnamed files, a named temporary file is
    used. Either way the temporary file is locked (``flock``) for as long as its save lives,
    and a save first removes the ``.NAME.*.tmp`` files of that target that no live save holds
    and that are older than a few seconds (a killed save's leftovers).

    ``data`` is the bytes, or a function that writes them to the file object it is given
    (``eagertape.serialization.save`` streams ``torch.save`` so: no copy of the whole file in
    memory)."""
    target = _os.path.abspath(_os.fspath(path))
    directory = _os.path.dirname(target)
    mode = _new_file_mode(target)
    _remove_dead_temps(target)
    fd, tmp = _open_unnamed(target, mode)
    try:
        _fcntl.flock(fd, _fcntl.LOCK_EX | _fcntl.LOCK_NB)  # held until this save closes it
        with open(fd, "wb", closefd=False) as f:
            if callable(data):
                data(f)
            else:
                f.write(data)
            f.flush()
            if hasattr(_os, "fchmod"):  # mkstemp creates 0o600; give the usual mode
                _os.fchmod(fd, mode)
            _os.fsync(fd)
        if tmp is None:
            tmp = _temp_name(target)
            _name_unnamed(fd, tmp)
        _os.replace(tmp, target)
    except BaseException:
        if tmp is not None:
            with _contextlib.suppress(OSError):
                _os.unlink(tmp)
        raise
    finally:
        _os.close(fd)
    _fsync_directory(directory)


def _name_unnamed(fd: int, name: str) -> None:
    """Give the complete unnamed file ``fd`` the name ``name``: linkat(AT_SYMLINK_FOLLOW) of
    /proc/self/fd/N (CPython calls linkat only when given a directory fd)."""
    dfd = _os.open(_os.path.dirname(name), _os.O_RDONLY | _os.O_DIRECTORY | _os.O_CLOEXEC)
    try:
        _os.link(
            f"/proc/self/fd/{fd}", _os.path.basename(name), dst_dir_fd=dfd, follow_symlinks=True
        )
    finally:
        _os.close(dfd)


def _open_unnamed(target: str, mode: int) -> tuple[int, str | None]:
    """An unnamed file in the target's directory (no name yet), else a named temporary."""
    directory, name = _os.path.split(target)
    flag = getattr(_os, "O_TMPFILE", 0)
    if flag and _os.path.isdir("/proc/self/fd"):
        try:
            return _os.open(directory, flag | _os.O_WRONLY | _os.O_CLOEXEC, mode), None
        except OSError as e:
            if e.errno not in (_errno.EOPNOTSUPP, _errno.EISDIR, _errno.EINVAL, _errno.ENOENT):
                raise
    fd, tmp = _tempfile.mkstemp(dir=directory, prefix=f".{name}.", suffix=".tmp")
    return fd, tmp


def _remove_dead_temps(target: str) -> None:
    """Delete the target's ``.NAME.*.tmp`` files that are provably dead: no live save holds
    their lock (a save locks its file from the moment it exists until it closes it, and the
    kernel drops the lock of a killed process) and they are older than ``_STALE_AFTER_S``."""
    directory, base = _os.path.split(target)
    prefix = f".{base}."
    try:
        names = [n for n in _os.listdir(directory) if n.startswith(prefix) and n.endswith(".tmp")]
    except OSError:
        return
    now = _time.time()
    for name in names:
        full = _os.path.join(directory, name)
        try:
            fd = _os.open(full, _os.O_RDONLY | _os.O_NOFOLLOW | _os.O_NONBLOCK | _os.O_CLOEXEC)
        except OSError:
            continue
        try:
            st = _os.fstat(fd)
            if not _stat.S_ISREG(st.st_mode) or now - st.st_mtime < _STALE_AFTER_S:
                continue
            try:
                _fcntl.flock(fd, _fcntl.LOCK_EX | _fcntl.LOCK_NB)
            except OSError:
                continue  # a live save holds it
            with _contextlib.suppress(OSError):
                if _os.stat(full, follow_symlinks=False).st_ino == st.st_ino:
                    _os.unlink(full)
        finally:
            _os.close(fd)


def _fsync_directory(directory: str) -> None:
    try:
        fd = _os.open(directory, _os.O_RDONLY)
    except OSError:
        return  # platforms that cannot open a directory (Windows)
    try:
        _os.fsync(fd)
    except OSError:
        pass
    finally:
        _os.close(fd)


# ----------------------------------------------------------------------------------------
# load: read and check everything, then apply.


def _header_document(head: bytes, where: str) -> tuple[dict[str, Any], Any]:
    """The safetensors header and the eagertape document inside it (JSON nested too deeply,
    or not JSON at all, is a corrupted header, not a RecursionError)."""
    try:
        header = _json.loads(head)
        meta = header["__metadata__"]
        if meta["format"] != _FORMAT:
            raise CheckpointError(f"{where} is not an eagertape checkpoint")
        doc = _json.loads(meta[_FORMAT])
    except CheckpointError:
        raise
    except (ValueError, KeyError, TypeError, RecursionError) as e:
        raise CheckpointError(
            f"{where}: corrupted or foreign header ({type(e).__name__}: {e})"
        ) from None
    return header, doc


def _check_version(doc: Any, where: str) -> None:
    version = doc.get("format_version") if isinstance(doc, dict) else None
    if type(version) is not int or version != FORMAT_VERSION:
        raise CheckpointError(
            f"{where} has format_version {version!r}; this eagertape reads {FORMAT_VERSION}"
        )


def _check_offsets(header: dict[str, Any], body_bytes: int, where: str) -> None:
    """Every tensor's data lies inside the body (checked before the body is read)."""
    for key, entry in header.items():
        if key == "__metadata__":
            continue
        offsets = entry.get("data_offsets") if isinstance(entry, dict) else None
        ok = (
            isinstance(offsets, list)
            and len(offsets) == 2
            and all(type(o) is int for o in offsets)
            and 0 <= offsets[0] <= offsets[1] <= body_bytes
        )
        if not ok:
            raise CheckpointError(
                f"{where}: corrupted header (tensor {key!r} has data offsets {offsets!r} "
                f"outside the file's {body_bytes} data bytes)"
            )


# safetensors' own bound on a header; an eagertape header is a few KiB per parameter.
_MAX_HEADER_BYTES = 100_000_000


def _read_exactly(fd: int, n: int, where: str) -> bytes:
    parts, left = [], n
    while left:
        chunk = _os.read(fd, min(left, 1 << 24))
        if not chunk:
            raise CheckpointError(f"{where} is truncated: it ended {left} bytes early")
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)


def _read(path: str | _os.PathLike[str]) -> tuple[dict[str, Any], dict[str, _np.ndarray]]:
    """The metadata JSON and every tensor of the file, each checked against its digest.

    Only a regular file is read (a directory, a FIFO or a device such as ``/dev/zero`` is
    refused without reading; a FIFO is opened non-blocking, so it never hangs), and its
    header is checked against the file's size before the body is read. Every failure,
    an operating-system one included (missing, unreadable), is a ``CheckpointError`` with
    the original error as its cause."""
    where = f"checkpoint {_os.fspath(path)!r}"
    try:
        fd = _os.open(path, _os.O_RDONLY | _os.O_NONBLOCK | _os.O_CLOEXEC)
    except OSError as e:
        raise CheckpointError(f"{where} cannot be opened: {e.strerror or e}") from e
    try:
        st = _os.fstat(fd)
        if not _stat.S_ISREG(st.st_mode):
            raise CheckpointError(f"{where} is not a regular file")
        size = st.st_size
        if size < 8:
            raise CheckpointError(f"{where} is truncated or not a safetensors file ({size} bytes)")
        (n,) = _struct.unpack("<Q", _read_exactly(fd, 8, where))
        if n > size - 8:
            raise CheckpointError(
                f"{where} is truncated or not a safetensors file: its header claims {n} bytes, "
                f"the file has {size - 8} after the length"
            )
        if n > _MAX_HEADER_BYTES:
            raise CheckpointError(
                f"{where}: its header claims {n} bytes, more than the {_MAX_HEADER_BYTES} "
                f"a checkpoint header may have"
            )
        header, doc = _header_document(_read_exactly(fd, n, where), where)
        _check_offsets(header, size - 8 - n, where)
        _check_version(doc, where)
        with open(fd, "rb", closefd=False) as f:  # the whole file, read once into one buffer
            f.seek(0)
            data = f.read(size)
        if len(data) != size:
            raise CheckpointError(f"{where} is truncated: it changed while being read")
    except OSError as e:
        raise CheckpointError(f"{where} cannot be read: {e.strerror or e}") from e
    finally:
        _os.close(fd)
    try:
        tensors = _safetensors_numpy.load(data)
    except Exception as e:  # SafetensorError and the like: a corrupted layout
        raise CheckpointError(f"{where}: corrupted tensor data ({e})") from None
    digests = doc.get("sha256")
    if not isinstance(digests, dict) or set(digests) != set(tensors):
        raise CheckpointError(f"{where}: the tensor list disagrees with the recorded digests")
    for key, arr in tensors.items():
        if _digest(arr) != digests[key]:
            raise CheckpointError(f"{where}: tensor {key!r} is corrupted (digest mismatch)")
    return doc, tensors


def _interval(stacked: _np.ndarray, what: str) -> Any:
    try:
        return interval(stacked[0], stacked[1])
    except EagerTapeError as e:  # lo > hi or NaN
        raise CheckpointError(f"{what}: invalid interval bounds ({e})") from None


def _check_entry(key: str, entry: Any, tensors: Mapping[str, _np.ndarray]) -> _np.ndarray:
    """The stored array of parameter ``key`` after checking it against its own record."""
    try:
        dtype, shape, aliases = entry["dtype"], tuple(entry["shape"]), entry["aliases"]
    except (KeyError, TypeError):
        raise CheckpointError(f"parameter {key!r}: malformed record {entry!r}") from None
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise CheckpointError(f"parameter {key!r}: malformed aliases {aliases!r}")
    if dtype not in _STORED_AS:
        raise CheckpointError(f"parameter {key!r}: unknown dtype {dtype!r}")
    if key not in tensors:
        raise CheckpointError(f"parameter {key!r} is recorded but its tensor is missing")
    arr = tensors[key]
    if arr.dtype != _STORED_AS[dtype] or arr.shape != _stored_shape(dtype, shape):
        raise CheckpointError(
            f"parameter {key!r}: stored {arr.dtype}{list(arr.shape)} does not match its "
            f"record ({dtype}, shape {list(shape)})"
        )
    return arr


def _plan_params(
    doc: Mapping[str, Any], tensors: Mapping[str, _np.ndarray], params: ParamsArg, strict: bool
) -> tuple[list[tuple[Parameter, Any]], dict[str, str]]:
    """``(parameter, value to assign)`` per distinct target parameter, and the map from every
    name in the file (aliases included) to the key its tensor is stored under."""
    records = doc.get("params")
    if not isinstance(records, dict):
        raise CheckpointError("checkpoint metadata has no parameter table")
    stored_key: dict[str, str] = {}
    arrays: dict[str, _np.ndarray] = {}
    for key, entry in records.items():
        arrays[key] = _check_entry(key, entry, tensors)
        for name in [key, *entry["aliases"]]:
            if name in stored_key:
                raise CheckpointError(f"checkpoint names {name!r} twice")
            stored_key[name] = key
    pairs = _named(params)
    missing = [name for name, _ in pairs if name not in stored_key]
    if missing:
        raise CheckpointError(f"checkpoint has no parameter named {', '.join(map(repr, missing))}")
    if strict:
        unexpected = sorted(set(stored_key) - {name for name, _ in pairs})
        if unexpected:
            raise CheckpointError(
                f"checkpoint has parameters not asked for: {', '.join(map(repr, unexpected))} "
                "(pass strict=False to ignore them)"
            )
    plan = []
    for p, names in _groups(pairs).values():
        keys = sorted({stored_key[n] for n in names})
        for name in names:
            rec = records[stored_key[name]]
            if rec["dtype"] != p.dtype:
                raise CheckpointError(
                    f"parameter {name!r}: checkpoint holds {rec['dtype']}, the parameter is "
                    f"{p.dtype}"
                )
            if tuple(rec["shape"]) != tuple(p.shape):
                raise CheckpointError(
                    f"parameter {name!r}: checkpoint shape {list(rec['shape'])}, the parameter "
                    f"has {list(p.shape)}"
                )
        first = arrays[keys[0]]
        if any(not _np.array_equal(arrays[k], first, equal_nan=True) for k in keys[1:]):
            raise CheckpointError(
                f"names {', '.join(map(repr, names))} are one (tied) parameter here, but the "
                "checkpoint holds different values for them"
            )
        plan.append((p, _interval(first, name) if p.dtype == "interval" else first))
    return plan, stored_key


def _plan_optimizer(
    doc: Mapping[str, Any],
    tensors: Mapping[str, _np.ndarray],
    optimizer: Any,
    params: ParamsArg,
    stored_key: Mapping[str, str],
) -> dict[str, Any]:
    """The ``state_dict`` to give ``optimizer.load_state_dict``, file names mapped to the ids
    of the parameters given to ``load``."""
    saved = doc.get("optimizer")
    if not isinstance(saved, dict):
        raise CheckpointError("checkpoint holds no optimizer state")
    current = _core_state_dict(optimizer)
    if saved.get("type") != current["type"]:
        raise CheckpointError(
            f"checkpoint holds the state of a {saved.get('type')!r} optimizer, not of a "
            f"{current['type']!r}"
        )
    opt_ids = {p.id for p in optimizer.params}
    targets: dict[str, dict[int, Parameter]] = {}  # stored key -> optimized params with it
    for name, p in _named(params):
        if p.id in opt_ids:
            targets.setdefault(stored_key[name], {})[p.id] = p
    state: dict[int, dict[str, Any]] = {}
    try:
        for name, entry in saved["state"].items():
            found = targets.get(stored_key.get(name, name))
            if not found:
                raise CheckpointError(
                    f"checkpoint has optimizer state for {name!r}, which this optimizer does "
                    "not update"
                )
            values = {k: _tuples(v) for k, v in entry["values"].items()}
            for key, ref in entry["tensors"].items():
                if ref["tensor"] not in tensors:
                    raise CheckpointError(f"optimizer tensor {ref['tensor']!r} is missing")
                arr = tensors[ref["tensor"]]
                interval_kind = ref["kind"] == "interval"
                values[key] = _interval(arr, ref["tensor"]) if interval_kind else arr
            for pid in found:
                state[pid] = dict(values)
        hyper = {k: _tuples(v) for k, v in saved["hyper"].items()}
    except (KeyError, TypeError, AttributeError, IndexError) as e:
        raise CheckpointError(f"malformed optimizer state in checkpoint ({e!r})") from None
    return {"type": saved["type"], "hyper": hyper, "state": state}


def _check_rng(doc: Mapping[str, Any]) -> tuple[int, int]:
    state = doc.get("rng_state")
    if state is None:
        raise CheckpointError("checkpoint holds no session RNG state")
    if (
        not isinstance(state, list)
        or len(state) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in state)
        or not all(0 <= v < 2**64 for v in state)
    ):
        raise CheckpointError(f"malformed rng_state {state!r} in checkpoint")
    return state[0], state[1]


def load(
    path: str | _os.PathLike[str],
    params: ParamsArg,
    optimizer: Any | None = None,
    session: Session | None = None,
    *,
    strict: bool = True,
    scheduler: Any | None = None,
    scaler: Any | None = None,
) -> None:
    """Loads parameters, and optionally optimizer, scheduler, scaler and RNG state, from a
    checkpoint written by `eagertape.save`.

    Names are matched against the stored names and aliases. Everything is checked before
    anything changes (the file's digests, every dtype and shape, the optimizer's, scheduler's
    and scaler's state); any problem raises `CheckpointError` and changes nothing. Then the
    optimizer state is loaded first (its own loader checks everything before it changes
    anything, so a refusal still leaves every parameter untouched), then each distinct
    parameter is assigned once (`Parameter.assign`: a new snapshot, so tapes holding the old
    one keep it), then the scaler, the scheduler and the session's RNG state.

    Args:
        path (str or os.PathLike): the checkpoint file.
        params: the parameters to restore, in the forms `eagertape.save` takes.
        optimizer (optional): an optimizer whose state is restored (the checkpoint must hold
            the state of one of the same type). Default: ``None``.
        session (Session, optional): a session whose RNG state is restored.
            Default: ``None``.
        strict (bool): whether the checkpoint must hold no parameter that was not asked for.
            Default: ``True``.
        scheduler (optional): a scheduler whose state is restored (the checkpoint must hold
            one with the keys its `state_dict()` has). Default: ``None``.
        scaler (eagertape.amp.GradScaler, optional): a scaler whose state is restored, as for
            `scheduler`. Default: ``None``.

    Raises:
        CheckpointError: the file is missing, unreadable, corrupted or not an eagertape
            checkpoint, or does not fit the parameters, optimizer, session, scheduler or
            scaler given.

    Examples:
        >>> import os, tempfile
        >>> import eagertape as et
        >>> net, other = et.nn.Linear(2, 1, seed=0), et.nn.Linear(2, 1, seed=1)
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "net.safetensors")
        ...     _ = et.save(path, net)
        ...     et.load(path, other)
        >>> other.weight.numpy().tolist() == net.weight.numpy().tolist()
        True
    """
    doc, tensors = _read(path)
    plan, stored_key = _plan_params(doc, tensors, params, strict)
    opt_sd = None
    if optimizer is not None:
        if isinstance(optimizer, _GroupedOptimizer):
            groups = (
                doc.get("optimizer", {}).get("groups")
                if isinstance(doc.get("optimizer"), dict)
                else None
            )
            if not isinstance(groups, list) or len(groups) != len(optimizer._opts):
                raise CheckpointError(
                    f"checkpoint holds no optimizer state of {len(optimizer._opts)} parameter "
                    "groups"
                )
            opt_sd = {
                "groups": [
                    _plan_optimizer({"optimizer": g}, tensors, o, params, stored_key)
                    for g, o in zip(groups, optimizer._opts, strict=True)
                ]
            }
        else:
            opt_sd = _plan_optimizer(doc, tensors, optimizer, params, stored_key)
    rng = _check_rng(doc) if session is not None else None
    sched_sd = _stored_state(doc, "scheduler", scheduler) if scheduler is not None else None
    scaler_sd = _stored_state(doc, "scaler", scaler) if scaler is not None else None
    if scaler_sd is not None and not all(
        isinstance(v, int | float) and not isinstance(v, bool) and _math.isfinite(v)
        for v in scaler_sd.values()
    ):
        raise CheckpointError(f"the checkpoint's scaler state is not finite numbers: {scaler_sd}")

    if optimizer is not None and opt_sd is not None:
        try:
            getattr(optimizer, "_load_state_dict", optimizer.load_state_dict)(opt_sd)
        except CheckpointError:
            raise
        except (EagerTapeError, KeyError, TypeError, ValueError) as e:
            raise CheckpointError(f"the optimizer refused the checkpoint's state: {e}") from e
    for p, value in plan:
        p.assign(value)
    if scaler is not None and scaler_sd is not None:
        scaler.load_state_dict(scaler_sd)
    if scheduler is not None and sched_sd is not None:
        scheduler.load_state_dict(sched_sd)
    if session is not None and rng is not None:
        session.set_rng_state(rng)
