"""``torch.nn.parallel``'s wrappers: :class:`DistributedDataParallel` and
:class:`DataParallel`."""

from ._data_parallel import DataParallel
from ._ddp import DistributedDataParallel

__all__ = ["DataParallel", "DistributedDataParallel"]
