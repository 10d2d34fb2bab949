"""``torch.nn.modules.transformer``'s import path: the classes of `eagertape.nn.transformer`."""

from ..transformer import *  # noqa: F403
from ..transformer import __all__ as __all__  # noqa: F401
