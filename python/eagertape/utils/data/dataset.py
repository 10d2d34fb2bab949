"""Datasets, as ``torch.utils.data.dataset``: `Dataset`, `IterableDataset`, `TensorDataset`,
`ConcatDataset`, `ChainDataset`, `Subset` and `random_split`.

Each class subclasses torch's class of the same name (so torch's `DataLoader` and samplers,
and ``isinstance`` checks against torch's classes, accept them), with torch's behaviour. What
differs: `TensorDataset` takes eagertape tensors (and torch tensors, numpy arrays) and holds
torch views of them, so the loader indexes and collates in torch; `dataset + other` builds this
module's `ConcatDataset` / `ChainDataset`; `random_split` returns this module's `Subset`s (its
permutation is torch's: with no generator, drawn from torch's default generator, which
``eagertape.manual_seed`` seeds as ``torch.manual_seed`` does).
"""

from __future__ import annotations

import bisect as _bisect
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import torch as _torch
import torch.utils.data as _tdata

from ... import _core
from ..._core import Tensor
from ._convert import Converter, torch_data, torch_view

__all__ = [
    "Dataset",
    "IterableDataset",
    "TensorDataset",
    "ConcatDataset",
    "ChainDataset",
    "Subset",
    "random_split",
]

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Dataset(_tdata.Dataset[T_co]):
    """An abstract class representing a map-style dataset, as ``torch.utils.data.Dataset``
    (a subclass of it).

    A subclass overrides ``__getitem__`` (a sample for a key) and usually ``__len__`` (which
    samplers and the default options of `DataLoader` read); it may also override
    ``__getitems__`` (the samples of a list of keys, for a faster batched fetch). Samples may
    hold eagertape tensors, torch tensors, numpy arrays, numbers, strings, and dicts, tuples or
    lists of them: `DataLoader` collates them into batches of eagertape tensors.
    ``dataset + other`` is a `ConcatDataset`.

    Examples:
        >>> import numpy as np
        >>> from eagertape.utils.data import DataLoader, Dataset
        >>> class Squares(Dataset):
        ...     def __len__(self):
        ...         return 4
        ...     def __getitem__(self, i):
        ...         return np.float32(i), i * i
        >>> x, y = next(iter(DataLoader(Squares(), batch_size=4)))
        >>> x.tolist(), y.tolist(), y.dtype
        ([0.0, 1.0, 2.0, 3.0], [0, 1, 4, 9], 'int64')
    """

    def __add__(self, other: _tdata.Dataset[T_co]) -> ConcatDataset[T_co]:
        return ConcatDataset([self, other])


class IterableDataset(_tdata.IterableDataset[T_co], Dataset[T_co]):
    """An iterable-style dataset, as ``torch.utils.data.IterableDataset`` (a subclass of it).

    A subclass overrides ``__iter__``, which yields samples (as `Dataset`'s). With
    ``num_workers > 0`` each worker process iterates its own copy of the dataset: use
    `get_worker_info` in ``__iter__`` (or a `DataLoader`'s ``worker_init_fn``) to give each
    copy its share of the stream. ``dataset + other`` is a `ChainDataset`.

    Examples:
        >>> from eagertape.utils.data import DataLoader, IterableDataset
        >>> class Count(IterableDataset):
        ...     def __iter__(self):
        ...         return iter(range(5))
        >>> [b.tolist() for b in DataLoader(Count(), batch_size=2)]
        [[0, 1], [2, 3], [4]]
    """

    def __add__(self, other: _tdata.Dataset[T_co]) -> ChainDataset:  # type: ignore[override]
        return ChainDataset([self, other])


class _TorchSamples(list[tuple[_torch.Tensor, ...]]):
    """The samples of a `TensorDataset` fetched as a batch (``__getitems__``): tuples of torch
    tensors, views of the dataset's data, which the loader's default collation stacks in torch.
    `samples` gives what indexing the dataset gives, for a ``collate_fn`` of the user's."""

    def samples(self) -> list[Any]:
        """The samples as ``dataset[i]`` gives them: tuples of eagertape tensors (copies)."""
        convert = Converter(_core.current_session())
        return [tuple(convert(t, False) for t in sample) for sample in self]


def _torch_index(index: Any) -> Any:
    """An index into the torch views: an eagertape tensor read as a torch one."""
    if isinstance(index, Tensor):
        return torch_view(index)
    if isinstance(index, tuple):
        return tuple(_torch_index(i) for i in index)
    return index


class TensorDataset(Dataset[tuple[Tensor, ...]]):
    """A dataset wrapping tensors, as ``torch.utils.data.TensorDataset``: sample ``i`` is the
    tuple of each tensor's row ``i`` (indexed along the first dimension).

    The tensors may be eagertape tensors, torch tensors or numpy arrays (of any mix). The
    dataset holds torch views of them, not copies: an eagertape tensor's value read in place
    (the dataset never writes to it), a torch tensor detached, a writable numpy array through
    ``torch.from_numpy`` (later writes to the array or torch tensor show in the dataset, as
    with torch's class). A `DataLoader` fetches a batch's rows and collates them in torch, then
    records each batch tensor on the current session once: nothing is recorded per sample.
    Indexing the dataset (``dataset[i]``) gives eagertape tensors of the current session
    (copies of the rows); so does a batch fetch for a ``collate_fn`` of the user's. ``tensors``
    is what was given.

    Args:
        *tensors (Tensor, torch.Tensor or numpy.ndarray): tensors that have the same size of the
            first dimension.

    Raises:
        AssertionError: the tensors' first dimensions differ (torch's error).
        TypeError: an argument is not a tensor or an array.

    Examples:
        >>> import eagertape as et
        >>> from eagertape.utils.data import TensorDataset
        >>> ds = TensorDataset(et.arange(6.0).reshape(3, 2), et.tensor([0, 1, 0]))
        >>> len(ds)
        3
        >>> x, y = ds[1]
        >>> x.tolist(), y.item()
        ([2.0, 3.0], 1)
    """

    tensors: tuple[Any, ...]

    def __init__(self, *tensors: Any) -> None:
        data = tuple(torch_data(t) for t in tensors)
        if any(data[0].size(0) != t.size(0) for t in data):
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors
        self._data = data

    def __getitem__(self, index: Any) -> tuple[Any, ...]:
        index = _torch_index(index)
        convert = Converter(_core.current_session())
        return tuple(convert(t[index], False) for t in self._data)

    def __getitems__(self, indices: list[int]) -> _TorchSamples:
        return _TorchSamples(tuple(t[i] for t in self._data) for i in indices)

    def __len__(self) -> int:
        return self._data[0].size(0)

    def __getstate__(self) -> dict[str, Any]:
        # (pickled for a worker process started by spawn: the torch views, which pickle)
        state = dict(self.__dict__)
        state["tensors"] = self._data
        return state


def _batched(dataset: Any, indices: list[int]) -> Sequence[Any]:
    """`dataset`'s samples at `indices`, through its ``__getitems__`` where it has one."""
    getitems = getattr(dataset, "__getitems__", None)
    if callable(getitems):
        got: Sequence[Any] = getitems(indices)
        return got
    return [dataset[i] for i in indices]


class ConcatDataset(_tdata.ConcatDataset[T_co], Dataset[T_co]):
    """A dataset as the concatenation of datasets, as ``torch.utils.data.ConcatDataset``.

    A batch fetch reads each part's samples through the part's own ``__getitems__`` where it
    has one (so a concatenation of `TensorDataset`s is collated in torch, with nothing recorded
    per sample).

    Args:
        datasets (iterable of Dataset): the map-style datasets to concatenate.

    Raises:
        AssertionError: `datasets` is empty or holds an `IterableDataset` (torch's errors).

    Examples:
        >>> import eagertape as et
        >>> from eagertape.utils.data import ConcatDataset, TensorDataset
        >>> ds = ConcatDataset([TensorDataset(et.zeros(2)), TensorDataset(et.ones(3))])
        >>> len(ds), ds[4][0].item()
        (5, 1.0)
    """

    def __init__(self, datasets: Iterable[_tdata.Dataset[T_co]]) -> None:
        super().__init__(datasets)

    def __getitems__(self, indices: list[int]) -> list[Any]:
        groups: dict[int, list[tuple[int, int]]] = {}
        for pos, idx in enumerate(indices):
            if idx < 0:
                if -idx > len(self):
                    raise ValueError("absolute value of index should not exceed dataset length")
                idx = len(self) + idx
            d = _bisect.bisect_right(self.cumulative_sizes, idx)
            local = idx if d == 0 else idx - self.cumulative_sizes[d - 1]
            groups.setdefault(d, []).append((pos, local))
        parts = {d: _batched(self.datasets[d], [i for _, i in g]) for d, g in groups.items()}
        if not all(isinstance(p, _TorchSamples) for p in parts.values()):
            parts = {
                d: p.samples() if isinstance(p, _TorchSamples) else p for d, p in parts.items()
            }
        out: list[Any] = [None] * len(indices)
        for d, g in groups.items():
            for (pos, _), sample in zip(g, parts[d], strict=True):
                out[pos] = sample
        if all(isinstance(p, _TorchSamples) for p in parts.values()):
            return _TorchSamples(out)
        return out


class ChainDataset(_tdata.ChainDataset, IterableDataset[Any]):
    """A dataset chaining iterable-style datasets, as ``torch.utils.data.ChainDataset``: it
    yields the samples of each in turn.

    Args:
        datasets (iterable of IterableDataset): the datasets to chain.

    Examples:
        >>> from eagertape.utils.data import ChainDataset, IterableDataset
        >>> class Range(IterableDataset):
        ...     def __init__(self, n):
        ...         self.n = n
        ...     def __iter__(self):
        ...         return iter(range(self.n))
        >>> list(ChainDataset([Range(2), Range(3)]))
        [0, 1, 0, 1, 2]
    """

    def __init__(self, datasets: Iterable[_tdata.Dataset[Any]]) -> None:
        super().__init__(datasets)


class Subset(_tdata.Subset[T_co], Dataset[T_co]):
    """A subset of a dataset at the given indices, as ``torch.utils.data.Subset`` (a batch
    fetch goes through the dataset's ``__getitems__`` where it has one).

    Args:
        dataset (Dataset): the whole dataset.
        indices (sequence of int): the indices in the whole dataset selected for the subset.

    Examples:
        >>> import eagertape as et
        >>> from eagertape.utils.data import Subset, TensorDataset
        >>> sub = Subset(TensorDataset(et.arange(5)), [4, 0])
        >>> len(sub), sub[0][0].item()
        (2, 4)
    """

    def __init__(self, dataset: _tdata.Dataset[T_co], indices: Sequence[int]) -> None:
        super().__init__(dataset, indices)


def random_split(
    dataset: _tdata.Dataset[T],
    lengths: Sequence[int | float],
    generator: _torch.Generator | None = None,
) -> list[Subset[T]]:
    """Randomly splits a dataset into non-overlapping `Subset`s of the given lengths, as
    ``torch.utils.data.random_split``.

    Fractions that sum to 1 are turned into lengths as torch turns them: ``floor(frac *
    len(dataset))`` each, the remainder handed out one by one, round-robin. With the same
    ``torch.Generator`` the split is torch's; with ``generator=None`` the permutation is drawn
    from torch's default generator, as torch's default is, so after the same
    ``eagertape.manual_seed`` (or ``torch.manual_seed``) the split is torch's too.

    Args:
        dataset (Dataset): the dataset to split.
        lengths (sequence of int or float): the lengths of the splits, or fractions summing to 1.
        generator (torch.Generator, optional): the generator of the random permutation.
            Default: ``None`` (torch's default generator).

    Returns:
        list of Subset: the splits.

    Raises:
        ValueError: the lengths do not sum to ``len(dataset)``, or a fraction is not in
            ``[0, 1]`` (torch's errors).

    Examples:
        >>> import torch
        >>> from eagertape.utils.data import random_split
        >>> a, b = random_split(range(10), [0.7, 0.3], generator=torch.Generator().manual_seed(0))
        >>> len(a), len(b), sorted(list(a) + list(b)) == list(range(10))
        (7, 3, True)
    """
    parts = _tdata.random_split(
        dataset, lengths, generator=_torch.default_generator if generator is None else generator
    )
    return [Subset(p.dataset, p.indices) for p in parts]
