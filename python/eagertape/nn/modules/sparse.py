"""``torch.nn.modules.sparse``'s import path: the classes of `eagertape.nn.sparse`."""

from ..sparse import *  # noqa: F403
from ..sparse import __all__ as __all__  # noqa: F401
