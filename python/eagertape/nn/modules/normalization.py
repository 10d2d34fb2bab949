"""``torch.nn.modules.normalization``'s import path: the classes of `eagertape.nn.norm`."""

from ..norm import *  # noqa: F403
from ..norm import __all__ as __all__  # noqa: F401
