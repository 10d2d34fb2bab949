"""The torch/eagertape boundary of ``eagertape.utils.data`` (private).

Worker processes and the fetch path work in torch tensors (picklable, shared memory); a batch
becomes eagertape tensors in the process that iterates, as the iterator yields it:
:func:`to_eagertape` walks the batch's containers and records each torch tensor it finds as an
input leaf of the current session. :func:`to_torch` is the other direction (eagertape tensors a
dataset or a ``collate_fn`` made, read as torch tensors).

Dtypes: floating data keeps its dtype (float64 stays float64 in a float32 session, as torch's
``default_collate`` keeps it) where the session holds LibTorch dtypes; a session computing in a
reference carrier (``backend="reference"``, ``ieee32``, ``interval``) takes floating data in its
carrier, as ``eagertape.tensor`` does. ``int64``, ``int32`` and ``bool`` stay as they are;
narrower integers (``uint8``, ``int8``, ``int16``) are widened to ``int64`` (eagertape has no
such dtype); other dtypes (complex) are refused by ``Session.input``.
"""

from __future__ import annotations

import collections.abc as _abc
import copy as _copy
from collections.abc import Callable
from typing import Any

import numpy as _np
import torch as _torch
from torch.utils.data import get_worker_info as _get_worker_info
from torch.utils.dlpack import from_dlpack as _from_dlpack

from ... import _core
from ..._core import Session, Tensor
from ..._errors import DLPackError

# The floating dtypes LibTorch sessions hold besides their carrier.
_FLOATS = frozenset({"float32", "float64", "float16", "bfloat16"})
# eagertape's data dtypes, kept as they are.
_DATA = frozenset({"int64", "int32", "bool"})


def in_worker() -> bool:
    """Whether this is a DataLoader worker process (its batches cross to the main process)."""
    return _get_worker_info() is not None


def torch_view(t: Tensor) -> _torch.Tensor:
    """A torch tensor sharing `t`'s value, for reading only (a host copy for the reference
    carriers, which have no DLPack form)."""
    try:
        return _from_dlpack(t, copy=False)
    except DLPackError:
        return _torch.from_numpy(_np.asarray(t.numpy()))


def torch_data(obj: object) -> _torch.Tensor:
    """`obj` (an eagertape or torch tensor, a numpy array) as a torch tensor, sharing its memory
    where it can: a torch tensor detached, an eagertape tensor's value read in place, a writable
    numpy array through ``torch.from_numpy`` (a read-only one is copied)."""
    if isinstance(obj, _torch.Tensor):
        return obj.detach()
    if isinstance(obj, Tensor):
        return torch_view(obj)
    if isinstance(obj, _np.ndarray):
        return _torch.from_numpy(obj) if obj.flags.writeable else _torch.tensor(obj)
    raise TypeError(
        f"expected an eagertape tensor, a torch tensor or a numpy array, got {type(obj).__name__}"
    )


class Converter:
    """Records torch tensors on one session: each as an input leaf that requires no grad.

    Args:
        sess (Session): the session the tensors go to.
    """

    __slots__ = ("_sess", "_keeps_floats", "_on_cpu")

    def __init__(self, sess: Session) -> None:
        config = sess.config
        self._sess = sess
        self._keeps_floats = config.dtype in _FLOATS and config.backend != "reference"
        self._on_cpu = config.device == "cpu"

    def __call__(self, t: _torch.Tensor, share: bool) -> Tensor:
        """`t` recorded on the session; with `share`, in place where dtype and device allow
        (`t` must then be a tensor nothing else writes to), else copied.

        Args:
            t (torch.Tensor): the data.
            share (bool): whether the leaf may hold `t`'s memory.
        """
        name = str(t.dtype).removeprefix("torch.")
        if name in _FLOATS:
            dtype = name if self._keeps_floats else None
        elif name in _DATA:
            dtype = name
        else:  # narrower integers widen to int64; anything else is refused by input
            dtype = None
        t = t.detach()
        if share and dtype == name and (t.device.type == "cpu") == self._on_cpu:
            try:
                return self._sess.input(t, requires_grad=False, dtype=dtype, copy=False)
            except DLPackError:  # another device index, or a carrier with no LibTorch form
                pass
        return self._sess.input(t, requires_grad=False, dtype=dtype)


def walk(data: Any, leaf_type: type, leaf: Callable[[Any], Any]) -> Any:
    """`data` with every instance of `leaf_type` replaced by `leaf(it)`, through dicts (and
    other mappings), namedtuples, tuples, lists (and other sequences); containers keep their
    type (a copy of a mutable one, as torch's ``pin_memory`` makes), anything else is returned
    as it is."""
    if isinstance(data, leaf_type):
        return leaf(data)
    if isinstance(data, str | bytes | _torch.Tensor | Tensor | _np.ndarray):
        return data
    if isinstance(data, _abc.Mapping):
        items = {k: walk(v, leaf_type, leaf) for k, v in data.items()}
        try:
            if isinstance(data, _abc.MutableMapping):
                clone = _copy.copy(data)
                clone.update(items)
                return clone
            return type(data)(items)  # type: ignore[call-arg]
        except TypeError:  # a mapping type that cannot be built from a dict
            return items
    if isinstance(data, tuple):
        values = [walk(v, leaf_type, leaf) for v in data]
        if hasattr(data, "_fields"):  # a namedtuple
            return type(data)(*values)
        return tuple(values) if type(data) is tuple else _rebuilt(data, values)
    if isinstance(data, _abc.Sequence):
        values = [walk(v, leaf_type, leaf) for v in data]
        if type(data) is list:
            return values
        if isinstance(data, _abc.MutableSequence):
            try:
                seq = _copy.copy(data)
                for i, v in enumerate(values):
                    seq[i] = v
                return seq
            except TypeError:
                return values
        return _rebuilt(data, values)
    return data


def _rebuilt(data: Any, values: list[Any]) -> Any:
    """A sequence of `data`'s type holding `values` (a list where the type cannot be built)."""
    try:
        return type(data)(values)
    except TypeError:
        return values


def to_eagertape(data: Any, share: bool) -> Any:
    """`data` with every torch tensor in it recorded on the current session (the one entered,
    else the thread's default session); eagertape tensors and anything else stay as they are.

    Args:
        data: a batch: a tensor, or nested containers of them.
        share (bool): whether the leaves may hold the torch tensors' memory (tensors made for
            this batch alone, which nothing else writes to).
    """
    convert = Converter(_core.current_session())
    return walk(data, _torch.Tensor, lambda t: convert(t, share))


def to_torch(data: Any) -> Any:
    """`data` with every eagertape tensor in it replaced by a torch copy of its value (for a
    batch made in a worker process, which crosses to the main process pickled)."""
    return walk(data, Tensor, lambda t: torch_view(t).clone())
