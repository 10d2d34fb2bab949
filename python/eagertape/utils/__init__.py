"""torch.utils's counterparts: ``checkpoint`` (activation checkpointing).

``et.utils.checkpoint`` is the module (as ``torch.utils.checkpoint``, so
``from eagertape.utils.checkpoint import checkpoint`` works) and is also callable as the
function itself: ``et.utils.checkpoint(block, x, use_reentrant=False)``.
"""

from . import checkpoint

__all__ = ["checkpoint"]
