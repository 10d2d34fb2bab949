"""Samplers, as ``torch.utils.data.sampler``: `Sampler`, `SequentialSampler`, `RandomSampler`,
`SubsetRandomSampler`, `WeightedRandomSampler` and `BatchSampler`.

Each subclasses torch's class of the same name, with its behaviour, generators included: with
the same ``torch.Generator`` a sampler yields torch's indices, and a random sampler made without
one draws from torch's default generator, as torch's does, so after the same seed
(``eagertape.manual_seed`` seeds torch's default generator, as ``torch.manual_seed`` does) it
yields torch's indices too. Weights and indices may also be eagertape tensors.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence, Sized
from typing import Any, TypeVar

import numpy as _np
import torch as _torch
import torch.utils.data.sampler as _tsampler

from ..._core import Tensor
from ._convert import torch_view

__all__ = [
    "Sampler",
    "SequentialSampler",
    "RandomSampler",
    "SubsetRandomSampler",
    "WeightedRandomSampler",
    "BatchSampler",
]

T_co = TypeVar("T_co", covariant=True)


def _host_values(values: Any) -> Any:
    """Weights or indices given as an eagertape tensor, read as a torch one."""
    return torch_view(values) if isinstance(values, Tensor) else values


class Sampler(_tsampler.Sampler[T_co]):
    """The base class of samplers, as ``torch.utils.data.Sampler`` (a subclass of it).

    A subclass overrides ``__iter__`` (the indices or keys of the dataset's samples, or lists of
    them for a batch sampler) and may override ``__len__``.

    Examples:
        >>> from eagertape.utils.data import Sampler
        >>> class Backwards(Sampler):
        ...     def __init__(self, n):
        ...         self.n = n
        ...     def __iter__(self):
        ...         return iter(range(self.n - 1, -1, -1))
        ...     def __len__(self):
        ...         return self.n
        >>> list(Backwards(3))
        [2, 1, 0]
    """


class SequentialSampler(_tsampler.SequentialSampler, Sampler[int]):
    """Samples elements sequentially, always in the same order, as
    ``torch.utils.data.SequentialSampler``.

    Args:
        data_source (Sized): the dataset to sample from.

    Examples:
        >>> from eagertape.utils.data import SequentialSampler
        >>> list(SequentialSampler(range(3)))
        [0, 1, 2]
    """

    def __init__(self, data_source: Sized) -> None:
        super().__init__(data_source)


class RandomSampler(_tsampler.RandomSampler, Sampler[int]):
    """Samples elements randomly, as ``torch.utils.data.RandomSampler``: a permutation of the
    dataset, or with replacement ``num_samples`` draws.

    With a ``torch.Generator`` the indices are torch's. With ``generator=None`` each pass is
    seeded from torch's default generator, as torch's sampler is, so after the same
    ``eagertape.manual_seed`` (or ``torch.manual_seed``) the order is torch's.

    Args:
        data_source (Sized): the dataset to sample from.
        replacement (bool): whether samples are drawn with replacement. Default: ``False``.
        num_samples (int, optional): the number of samples to draw. Default: ``None``
            (``len(data_source)``).
        generator (torch.Generator, optional): the generator of the draws. Default: ``None``
            (torch's default generator).

    Raises:
        TypeError: `replacement` is not a bool.
        ValueError: `num_samples` is not a positive int.

    Examples:
        >>> import torch
        >>> from eagertape.utils.data import RandomSampler
        >>> g = torch.Generator().manual_seed(0)
        >>> sorted(RandomSampler(range(5), generator=g))
        [0, 1, 2, 3, 4]
    """

    def __init__(
        self,
        data_source: Sized,
        replacement: bool = False,
        num_samples: int | None = None,
        generator: _torch.Generator | None = None,
    ) -> None:
        super().__init__(data_source, replacement, num_samples, generator)


class SubsetRandomSampler(_tsampler.SubsetRandomSampler, Sampler[int]):
    """Samples elements randomly from a given list of indices, without replacement, as
    ``torch.utils.data.SubsetRandomSampler`` (with ``generator=None``, drawn from torch's
    default generator each pass, which ``eagertape.manual_seed`` seeds).

    Args:
        indices (sequence of int): the indices to draw from (an eagertape tensor too).
        generator (torch.Generator, optional): the generator of the permutation.
            Default: ``None`` (torch's default generator).

    Examples:
        >>> from eagertape.utils.data import SubsetRandomSampler
        >>> sorted(SubsetRandomSampler([3, 5, 7]))
        [3, 5, 7]
    """

    def __init__(self, indices: Sequence[int], generator: _torch.Generator | None = None) -> None:
        super().__init__(_host_values(indices), generator)


class WeightedRandomSampler(_tsampler.WeightedRandomSampler, Sampler[int]):
    """Samples elements from ``[0, len(weights))`` with the given probabilities (weights), as
    ``torch.utils.data.WeightedRandomSampler`` (with ``generator=None``, drawn from torch's
    default generator each pass, which ``eagertape.manual_seed`` seeds).

    Args:
        weights (sequence of float): the weights, not necessarily summing to one (an eagertape
            tensor, torch tensor or numpy array too).
        num_samples (int): the number of samples to draw.
        replacement (bool): whether samples are drawn with replacement. Default: ``True``.
        generator (torch.Generator, optional): the generator of the draws. Default: ``None``
            (torch's default generator).

    Raises:
        ValueError: `num_samples` is not a positive int, `replacement` not a bool, or the
            weights not one-dimensional.

    Examples:
        >>> from eagertape.utils.data import WeightedRandomSampler
        >>> set(WeightedRandomSampler([0.0, 1.0, 0.0], 4))
        {1}
    """

    def __init__(
        self,
        weights: Sequence[float],
        num_samples: int,
        replacement: bool = True,
        generator: _torch.Generator | None = None,
    ) -> None:
        w = _host_values(weights)
        if isinstance(w, _np.ndarray):
            w = _torch.from_numpy(w)
        super().__init__(w, num_samples, replacement, generator)


class BatchSampler(_tsampler.BatchSampler, Sampler[list[int]]):
    """Wraps another sampler to yield mini-batches of indices, as
    ``torch.utils.data.BatchSampler``.

    Args:
        sampler (Sampler or iterable): the sampler of single indices.
        batch_size (int): the size of a mini-batch.
        drop_last (bool): whether to drop the last batch when it is smaller than
            `batch_size`.

    Raises:
        ValueError: `batch_size` is not a positive int, or `drop_last` not a bool.

    Examples:
        >>> from eagertape.utils.data import BatchSampler, SequentialSampler
        >>> list(BatchSampler(SequentialSampler(range(5)), batch_size=2, drop_last=False))
        [[0, 1], [2, 3], [4]]
    """

    def __init__(
        self,
        sampler: _tsampler.Sampler[int] | Iterable[int],
        batch_size: int,
        drop_last: bool,
    ) -> None:
        super().__init__(sampler, batch_size, drop_last)
