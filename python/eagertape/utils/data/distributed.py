"""The distributed sampler, as ``torch.utils.data.distributed``: `DistributedSampler`.

It subclasses torch's class, with its behaviour (eagertape's data parallelism runs on
``torch.distributed``, so the group's world size and rank are torch's).
"""

from __future__ import annotations

from typing import Any, TypeVar

import torch.utils.data.distributed as _tdistributed

from .sampler import Sampler

__all__ = ["DistributedSampler"]

T_co = TypeVar("T_co", covariant=True)


class DistributedSampler(_tdistributed.DistributedSampler[T_co], Sampler[T_co]):
    """A sampler that restricts loading to this process's share of the dataset, as
    ``torch.utils.data.distributed.DistributedSampler``.

    Rank ``r`` of ``num_replicas`` reads every ``num_replicas``-th index from ``r``, of a
    permutation seeded by ``seed + epoch`` (``shuffle=True``) or of the dataset's order; the
    indices are padded by repetition (or, with ``drop_last``, cut) to a multiple of
    ``num_replicas``. Call ``set_epoch(epoch)`` before each epoch's iteration for a new order.

    Args:
        dataset (Dataset): the dataset to sample from.
        num_replicas (int, optional): the number of processes in the group. Default: ``None``
            (``torch.distributed.get_world_size()``).
        rank (int, optional): this process's rank in the group. Default: ``None``
            (``torch.distributed.get_rank()``).
        shuffle (bool): whether to shuffle the indices. Default: ``True``.
        seed (int): the seed of the shuffle, the same on every rank. Default: ``0``.
        drop_last (bool): whether to drop the tail of the data to make it evenly divisible
            (else indices are repeated). Default: ``False``.

    Raises:
        ValueError: `rank` is not in ``[0, num_replicas)``.

    Examples:
        >>> from eagertape.utils.data import DistributedSampler
        >>> s0 = DistributedSampler(range(5), num_replicas=2, rank=0, shuffle=False)
        >>> s1 = DistributedSampler(range(5), num_replicas=2, rank=1, shuffle=False)
        >>> list(s0), list(s1)
        ([0, 2, 4], [1, 3, 0])
    """

    def __init__(
        self,
        dataset: Any,
        num_replicas: int | None = None,
        rank: int | None = None,
        shuffle: bool = True,
        seed: int = 0,
        drop_last: bool = False,
    ) -> None:
        super().__init__(dataset, num_replicas, rank, shuffle, seed, drop_last)
