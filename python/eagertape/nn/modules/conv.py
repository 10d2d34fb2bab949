"""``torch.nn.modules.conv``'s import path: the classes of `eagertape.nn.conv`."""

from ..conv import *  # noqa: F403
from ..conv import __all__ as __all__  # noqa: F401
