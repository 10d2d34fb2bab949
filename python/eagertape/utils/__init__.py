"""torch.utils's counterparts: ``checkpoint`` (activation checkpointing) and ``data``
(datasets, samplers and the ``DataLoader``, whose batches are eagertape tensors).

``et.utils.checkpoint`` is the module (as ``torch.utils.checkpoint``, so
``from eagertape.utils.checkpoint import checkpoint`` works) and is also callable as the
function itself: ``et.utils.checkpoint(block, x, use_reentrant=False)``.
"""

from . import checkpoint, data

__all__ = ["checkpoint", "data"]
