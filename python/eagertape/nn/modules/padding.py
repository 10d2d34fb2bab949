"""``torch.nn.modules.padding``'s import path: the classes of `eagertape.nn.padding`."""

from ..padding import *  # noqa: F403
from ..padding import __all__ as __all__  # noqa: F401
