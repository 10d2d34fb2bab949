"""``torch.nn.parallel``'s data-parallel wrapper: :class:`DistributedDataParallel`."""

from ._ddp import DistributedDataParallel

__all__ = ["DistributedDataParallel"]
