"""``torch.nn.modules.adaptive``'s import path: `eagertape.nn.AdaptiveLogSoftmaxWithLoss`."""

from ..adaptive_softmax import *  # noqa: F403
from ..adaptive_softmax import __all__ as __all__  # noqa: F401
