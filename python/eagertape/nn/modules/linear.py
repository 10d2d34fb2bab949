"""``torch.nn.modules.linear``'s import path: the classes of `eagertape.nn.linear`."""

from ..linear import *  # noqa: F403
from ..linear import __all__ as __all__  # noqa: F401
