"""``torch.nn.modules.loss``'s import path: the classes of `eagertape.nn.loss`."""

from ..loss import *  # noqa: F403
from ..loss import __all__ as __all__  # noqa: F401
