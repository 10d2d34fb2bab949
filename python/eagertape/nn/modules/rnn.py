"""``torch.nn.modules.rnn``'s import path: the classes of `eagertape.nn.rnn`."""

from ..rnn import *  # noqa: F403
from ..rnn import __all__ as __all__  # noqa: F401
