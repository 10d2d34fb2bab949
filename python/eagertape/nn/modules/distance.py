"""``torch.nn.modules.distance``'s import path: the classes of `eagertape.nn.distance`."""

from ..distance import *  # noqa: F403
from ..distance import __all__ as __all__  # noqa: F401
