"""``torch.nn.modules.flatten``'s import path: the classes of `eagertape.nn.flatten`."""

from ..flatten import *  # noqa: F403
from ..flatten import __all__ as __all__  # noqa: F401
