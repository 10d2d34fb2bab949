"""``torch.nn.modules.module``'s import path: the classes of `eagertape.nn.module`."""

from ..module import *  # noqa: F403
from ..module import __all__ as __all__  # noqa: F401
