"""``torch.nn.modules.channelshuffle``'s import path: `eagertape.nn.ChannelShuffle`."""

from ..channelshuffle import *  # noqa: F403
from ..channelshuffle import __all__ as __all__  # noqa: F401
