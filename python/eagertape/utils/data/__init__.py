"""Data loading, as ``torch.utils.data``: datasets, samplers and the `DataLoader`, whose
batches are eagertape tensors of the current session.

``from eagertape.utils.data import DataLoader, TensorDataset`` works as torch's import does, and
so do the submodule paths (``eagertape.utils.data.sampler``, ``.dataset``, ``.distributed``,
``.dataloader``). Every class is a subclass of torch's class of the same name, with torch's
behaviour and arguments (so torch's loader and ``isinstance`` checks against torch's classes
accept them); the functions call torch's. What eagertape adds, and where it differs:

* `DataLoader` fetches and collates in torch (in its worker processes too) and records each
  batch tensor once on the current session (the one entered, else the thread's default
  session) as the iterator yields it: nothing is recorded per sample. Dtypes are torch's
  ``default_collate``'s (float64 stays float64, ints give int64).
* `TensorDataset` takes eagertape tensors, torch tensors and numpy arrays, and holds torch
  views of them.
* Randomness is torch's: without a ``generator``, random samplers, `random_split`, the
  loader's shuffle and its workers' base seed draw from torch's default generator, as torch's
  do, and ``eagertape.manual_seed`` seeds that generator (as ``torch.manual_seed`` does), so
  after the same seed they give torch's indices. Each worker process also seeds eagertape's
  own generator from its torch seed, so random eagertape ops in a dataset differ per worker.
"""

from . import dataloader as dataloader
from . import dataset as dataset
from . import distributed as distributed
from . import sampler as sampler
from .dataloader import DataLoader, default_collate, default_convert, get_worker_info
from .dataset import (
    ChainDataset,
    ConcatDataset,
    Dataset,
    IterableDataset,
    Subset,
    TensorDataset,
    random_split,
)
from .distributed import DistributedSampler
from .sampler import (
    BatchSampler,
    RandomSampler,
    Sampler,
    SequentialSampler,
    SubsetRandomSampler,
    WeightedRandomSampler,
)

__all__ = [
    "BatchSampler",
    "ChainDataset",
    "ConcatDataset",
    "DataLoader",
    "Dataset",
    "DistributedSampler",
    "IterableDataset",
    "RandomSampler",
    "Sampler",
    "SequentialSampler",
    "Subset",
    "SubsetRandomSampler",
    "TensorDataset",
    "WeightedRandomSampler",
    "default_collate",
    "default_convert",
    "get_worker_info",
    "random_split",
]
