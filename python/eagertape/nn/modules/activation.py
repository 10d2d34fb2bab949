"""``torch.nn.modules.activation``'s import path: the classes of `eagertape.nn.activation`
and `eagertape.nn.activation_piecewise`."""

from ..activation import *  # noqa: F403
from ..activation import __all__ as _activation
from ..activation_piecewise import *  # noqa: F403
from ..activation_piecewise import __all__ as _piecewise

__all__ = [*_activation, *_piecewise]
