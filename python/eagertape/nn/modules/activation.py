"""``torch.nn.modules.activation``'s import path: the classes of `eagertape.nn.activation`."""

from ..activation import *  # noqa: F403
from ..activation import __all__ as __all__  # noqa: F401
