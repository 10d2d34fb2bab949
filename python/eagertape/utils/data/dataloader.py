"""The data loader, as ``torch.utils.data.dataloader``: `DataLoader`, `default_collate`,
`default_convert` and `get_worker_info`.

`DataLoader` is torch's (a subclass: workers, samplers, ``batch_sampler``, ``drop_last``,
``pin_memory``, ``persistent_workers``, ``generator`` behave as torch's) whose batches come out
as eagertape tensors. Samples are fetched and collated in torch, in the worker processes
(torch tensors pickle, and cross to the main process in shared memory) or in the main process;
the iterator records each batch tensor on the current session (the one entered, else the
thread's default session) as it yields the batch. What that conversion does is in
``_convert.py``'s docstring; in short, dtypes are torch's (float64 stays float64, int64 stays
int64) where the session holds them, and the default collation's tensors, made for the batch
alone, are shared with the session without a copy (a CPU session's leaf holds the very memory
``torch.stack`` filled); everything else is copied once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import torch as _torch
import torch.utils.data as _tdata
import torch.utils.data.dataloader as _tdataloader
from torch.utils.data._utils import collate as _tcollate

from ... import _core
from ..._core import Tensor
from ._convert import in_worker, to_eagertape, to_torch, torch_view
from .dataset import _TorchSamples
from .sampler import RandomSampler

__all__ = ["DataLoader", "default_collate", "default_convert", "get_worker_info"]

T_co = TypeVar("T_co", covariant=True)

# (torch leaves it unannotated)
_torch_default_convert: Callable[[Any], Any] = _tcollate.default_convert


def _collate_eagertape(batch: list[Tensor], *, collate_fn_map: Any = None) -> _torch.Tensor:
    """Stacks eagertape samples in torch (read in place; the stack is a new torch tensor, in
    shared memory in a worker, as torch's collation of torch tensors)."""
    views = [torch_view(t) for t in batch]
    stacked: _torch.Tensor = _tcollate.collate_tensor_fn(views, collate_fn_map=collate_fn_map)
    return stacked


# torch's default collation, with eagertape tensors stacked as torch tensors are.
_COLLATE_MAP: dict[type | tuple[type, ...], Callable[..., Any]] = {
    **_tcollate.default_collate_fn_map,
    Tensor: _collate_eagertape,
}


def _collate_in_torch(batch: Any) -> Any:
    """The loader's default collation (auto-batching): torch's ``default_collate`` that also
    stacks eagertape tensors; the batch is torch tensors, each made for this batch alone."""
    return _tcollate.collate(batch, collate_fn_map=_COLLATE_MAP)


def _convert_in_torch(data: Any) -> Any:
    """The loader's default conversion (``batch_size=None``): torch's ``default_convert``
    (numpy arrays as torch tensors); eagertape tensors as torch copies in a worker process."""
    out = _torch_default_convert(data)
    return to_torch(out) if in_worker() else out


class _UserCollate:
    """A ``collate_fn`` of the user's, as the loader calls it: it gets the samples as indexing
    the dataset gives them (a `TensorDataset`'s batched fetch converted), and in a worker
    process the eagertape tensors of its result become torch copies (eagertape tensors do not
    pickle; the main process converts them back). ``__wrapped__`` is the function.

    Args:
        fn (Callable): the user's ``collate_fn``.
    """

    def __init__(self, fn: Callable[[Any], Any]) -> None:
        self.__wrapped__ = fn

    def __call__(self, batch: Any) -> Any:
        if isinstance(batch, _TorchSamples):
            batch = batch.samples()
        out = self.__wrapped__(batch)
        return to_torch(out) if in_worker() else out


class _WorkerInit:
    """Seeds eagertape's process-wide generator in a worker process from the worker's torch
    seed (``base_seed + worker_id``, which torch also gives ``random`` and numpy), so random
    eagertape ops in a dataset differ between workers and repeat with the loader's seed; then
    calls the user's ``worker_init_fn``.

    ``eagertape.manual_seed`` also seeds torch's default generator; the hook puts that
    generator's state back, so torch's draws (in the worker, or wherever the hook is called)
    stay what torch's loader makes them.

    Args:
        fn (Callable, optional): the user's ``worker_init_fn``.
    """

    def __init__(self, fn: Callable[[int], None] | None) -> None:
        self.fn = fn

    def __call__(self, worker_id: int) -> None:
        torch_state = _torch.get_rng_state()
        try:
            _core.manual_seed(_torch.initial_seed() % 2**64)
        finally:
            _torch.set_rng_state(torch_state)
        if self.fn is not None:
            self.fn(worker_id)


class _SingleProcessIter(_tdataloader._SingleProcessDataLoaderIter):
    """torch's single-process iterator, yielding eagertape batches."""

    def __init__(self, loader: DataLoader[Any]) -> None:
        super().__init__(loader)
        self._share = loader._share

    def _next_data(self) -> Any:
        return to_eagertape(super()._next_data(), self._share)  # type: ignore[no-untyped-call]


class _MultiProcessingIter(_tdataloader._MultiProcessingDataLoaderIter):
    """torch's multi-process iterator, yielding eagertape batches."""

    def __init__(self, loader: DataLoader[Any]) -> None:
        self._share = loader._share
        super().__init__(loader)

    def _next_data(self) -> Any:
        return to_eagertape(super()._next_data(), self._share)  # type: ignore[no-untyped-call]


class DataLoader(_tdata.DataLoader[T_co]):
    """Combines a dataset and a sampler, and provides an iterable over the dataset, as
    ``torch.utils.data.DataLoader`` (a subclass of it), whose batches are eagertape tensors.

    Everything torch's loader does, it does: map-style and iterable-style datasets, shuffling,
    samplers and batch samplers, ``drop_last``, worker processes, ``pin_memory``, persistent
    workers, ``generator``. Samples are fetched and collated in torch (in the worker processes
    with ``num_workers > 0``); each batch tensor is then recorded once on the current session
    (the one entered with ``with eagertape.Session():``, else the thread's default session) as
    the iterator yields it, as an input leaf that requires no grad. The default collation's
    tensors are made for the batch alone, so a CPU session's leaf shares their memory (no
    copy); a GPU session copies each batch to the device once.

    Dtypes are torch's ``default_collate``'s: Python ints and int64 data give int64, Python
    floats float64, numpy arrays and tensors keep their dtype (float64 stays float64 in a
    float32 session; ``uint8`` and other narrow integers, which eagertape does not hold,
    widen to int64). A session computing in a reference carrier takes floating data in its
    carrier. Strings and other values are left as they are.

    A ``collate_fn`` of the user's gets the samples as indexing the dataset gives them; its
    result is passed through, except that torch tensors in it (in dicts, lists, tuples,
    namedtuples) are recorded on the current session too (copied: such a tensor may share
    memory with the dataset). It may return eagertape tensors, also from a worker process
    (they are handed over as torch tensors). ``loader.collate_fn`` is then a wrapper whose
    ``__wrapped__`` is the function.

    Randomness is torch's: with ``generator=None`` the shuffle order and the workers' base seed
    are drawn from torch's default generator, as torch's loader draws them, so after the same
    ``eagertape.manual_seed`` (which seeds torch's default generator, as ``torch.manual_seed``
    does) the batches come in torch's order. Each worker process also seeds eagertape's own
    generator with its torch seed before ``worker_init_fn``, so random eagertape ops in a
    dataset differ between workers (torch's generators, in the worker and the main process,
    are left as torch leaves them).

    Args:
        dataset (Dataset): the dataset to load from.
        batch_size (int, optional): how many samples per batch; ``None`` disables automatic
            batching. Default: ``1``.
        shuffle (bool, optional): whether to reshuffle the data every epoch. Default: ``None``
            (``False``).
        sampler (Sampler or iterable, optional): the order of the samples (exclusive with
            `shuffle`). Default: ``None``.
        batch_sampler (Sampler or iterable, optional): yields the lists of indices of each batch
            (exclusive with `batch_size`, `shuffle`, `sampler`, `drop_last`). Default: ``None``.
        num_workers (int): how many worker processes load data; 0 loads in the main process.
            Default: ``0``.
        collate_fn (Callable, optional): merges a list of samples into a batch. Default:
            ``None`` (`default_collate`, or `default_convert` without automatic batching).
        pin_memory (bool): whether to copy batches into pinned host memory (with a GPU).
            Default: ``False``.
        drop_last (bool): whether to drop the last batch when it is incomplete.
            Default: ``False``.
        timeout (float): how long to wait for a batch from the workers (0: forever).
            Default: ``0``.
        worker_init_fn (Callable, optional): called in each worker with its id, after seeding
            and before loading. Default: ``None``.
        multiprocessing_context (str or multiprocessing context, optional): how the workers
            start (``"fork"``, ``"spawn"``, ...). Default: ``None`` (the system's).
        generator (torch.Generator, optional): the generator of the shuffle order and of the
            workers' base seed. Default: ``None`` (torch's default generator).
        prefetch_factor (int, optional): batches loaded in advance by each worker.
            Default: ``None`` (2 with workers).
        persistent_workers (bool): whether to keep the workers between epochs.
            Default: ``False``.
        pin_memory_device (str): deprecated in torch (the current accelerator is used).
            Default: ``""``.
        in_order (bool): whether batches come in the sampler's order with workers.
            Default: ``True``.

    Raises:
        ValueError: incompatible options, as torch raises them (``shuffle`` with a
            ``sampler``, ``batch_sampler`` with ``batch_size``, ...).

    Examples:
        >>> import eagertape as et
        >>> from eagertape.utils.data import DataLoader, TensorDataset
        >>> ds = TensorDataset(et.arange(10.0).reshape(5, 2), et.arange(5))
        >>> for x, y in DataLoader(ds, batch_size=2):
        ...     print(type(x).__name__, tuple(x.shape), y.tolist())
        Tensor (2, 2) [0, 1]
        Tensor (2, 2) [2, 3]
        Tensor (1, 2) [4]
    """

    _share: bool

    def __init__(
        self,
        dataset: _tdata.Dataset[T_co],
        batch_size: int | None = 1,
        shuffle: bool | None = None,
        sampler: _tdata.Sampler[Any] | Iterable[Any] | None = None,
        batch_sampler: _tdata.Sampler[list[Any]] | Iterable[list[Any]] | None = None,
        num_workers: int = 0,
        collate_fn: Callable[[list[T_co]], Any] | None = None,
        pin_memory: bool = False,
        drop_last: bool = False,
        timeout: float = 0,
        worker_init_fn: Callable[[int], None] | None = None,
        multiprocessing_context: Any = None,
        generator: _torch.Generator | None = None,
        *,
        prefetch_factor: int | None = None,
        persistent_workers: bool = False,
        pin_memory_device: str = "",
        in_order: bool = True,
    ) -> None:
        auto_collation = batch_size is not None or batch_sampler is not None
        if collate_fn is None or collate_fn is default_collate or collate_fn is default_convert:
            if collate_fn is None:
                batched = auto_collation
            else:
                batched = collate_fn is default_collate
            collate_fn = _collate_in_torch if batched else _convert_in_torch
            # The default collation makes every tensor of the batch anew: shared, not copied.
            share = collate_fn is _collate_in_torch
        else:
            collate_fn = _UserCollate(collate_fn)
            share = False
        if (
            shuffle
            and sampler is None
            and batch_sampler is None
            and not isinstance(dataset, _tdata.IterableDataset)
        ):
            # what torch's loader makes, as this module's class (the same draws)
            sampler = RandomSampler(dataset, generator=generator)  # type: ignore[arg-type]
            shuffle = False
        self._share = share
        super().__init__(
            dataset,
            batch_size,
            shuffle,
            sampler,
            batch_sampler,
            num_workers,
            collate_fn,
            pin_memory,
            drop_last,
            timeout,
            _WorkerInit(worker_init_fn),
            multiprocessing_context,
            generator,
            prefetch_factor=prefetch_factor,
            persistent_workers=persistent_workers,
            pin_memory_device=pin_memory_device,
            in_order=in_order,
        )

    def _get_iterator(self) -> _tdataloader._BaseDataLoaderIter:
        if self.num_workers == 0:
            return _SingleProcessIter(self)
        self.check_worker_number_rationality()
        return _MultiProcessingIter(self)


def default_collate(batch: list[Any]) -> Any:
    """Puts each data field of a list of samples into a tensor with an outer batch dimension,
    as ``torch.utils.data.default_collate``, giving eagertape tensors of the current session.

    The mapping is torch's: tensors (eagertape or torch) and numpy arrays are stacked, Python
    ints give int64, Python floats float64, numpy scalars keep their dtype; strings and bytes
    stay lists of them; dicts, namedtuples and lists are collated field by field (tuples give
    lists, as torch's). The stacking runs in torch; each batch tensor is then recorded on the
    current session once, without a copy where the session can hold torch's memory.

    Args:
        batch (list): the samples.

    Returns:
        the batch, of the samples' structure.

    Raises:
        TypeError: a sample holds a type torch's ``default_collate`` does not take.
        RuntimeError: samples' tensors differ in shape (torch's error).

    Examples:
        >>> from eagertape.utils.data import default_collate
        >>> b = default_collate([{"x": 1.5, "n": 1}, {"x": 2.5, "n": 2}])
        >>> b["x"].dtype, b["x"].tolist(), b["n"].dtype
        ('float64', [1.5, 2.5], 'int64')
    """
    return to_eagertape(_collate_in_torch(batch), True)


def default_convert(data: Any) -> Any:
    """Converts each numpy array (and torch tensor) in `data` into an eagertape tensor of the
    current session, as ``torch.utils.data.default_convert`` (the loader's conversion with
    ``batch_size=None``).

    The containers are walked as torch walks them (tuples give lists, as torch's); numbers,
    strings and eagertape tensors are left as they are. Values are copied (the arrays stay
    the caller's).

    Args:
        data: a sample: an array, a tensor, or containers of them.

    Returns:
        `data` with its arrays and torch tensors as eagertape tensors.

    Examples:
        >>> import numpy as np
        >>> from eagertape.utils.data import default_convert
        >>> out = default_convert({"a": np.array([1, 2]), "b": 3})
        >>> out["a"].tolist(), out["b"]
        ([1, 2], 3)
    """
    return to_eagertape(_torch_default_convert(data), False)


def get_worker_info() -> Any:
    """Returns information about the current DataLoader worker process, as
    ``torch.utils.data.get_worker_info`` (torch's object): ``id``, ``num_workers``, ``seed``
    and ``dataset`` (this worker's copy of the dataset); ``None`` in the main process.

    Examples:
        >>> from eagertape.utils.data import get_worker_info
        >>> get_worker_info() is None
        True
    """
    return _tdata.get_worker_info()
