"""``torch.nn.modules.upsampling``'s import path: the classes of `eagertape.nn.upsampling`."""

from ..upsampling import *  # noqa: F403
from ..upsampling import __all__ as __all__  # noqa: F401
