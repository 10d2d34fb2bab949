"""``torch.nn.modules.batchnorm``'s import path: the classes of `eagertape.nn.batchnorm`."""

from ..batchnorm import *  # noqa: F403
from ..batchnorm import __all__ as __all__  # noqa: F401
