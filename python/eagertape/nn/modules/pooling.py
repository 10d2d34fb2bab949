"""``torch.nn.modules.pooling``'s import path: the classes of `eagertape.nn.pooling`."""

from ..pooling import *  # noqa: F403
from ..pooling import __all__ as __all__  # noqa: F401
