"""``torch.nn.modules.instancenorm``'s import path: the classes of `eagertape.nn.instancenorm`."""

from ..instancenorm import *  # noqa: F403
from ..instancenorm import __all__ as __all__  # noqa: F401
