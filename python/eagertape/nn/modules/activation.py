"""``torch.nn.modules.activation``'s import path: the classes of `eagertape.nn.activation`
and `eagertape.nn.activation_piecewise`."""

from ..activation import *  # noqa: F403
from ..activation_piecewise import *  # noqa: F403
from ..attention import MultiheadAttention

# (a literal list: the form type checkers read; both modules' `__all__`)
# ruff: noqa: F405
__all__ = [
    "MultiheadAttention",
    "AlphaDropout",
    "Dropout1d",
    "Dropout2d",
    "Dropout3d",
    "FeatureAlphaDropout",
    "GLU",
    "PReLU",
    "Dropout",
    "GELU",
    "Hardsigmoid",
    "Hardswish",
    "LogSoftmax",
    "Mish",
    "ReLU",
    "Sigmoid",
    "SiLU",
    "Softmax",
    "Softmin",
    "Tanh",
    "ELU",
    "Hardtanh",
    "LeakyReLU",
    "LogSigmoid",
    "ReLU6",
    "Softmax2d",
    "Softplus",
    "CELU",
    "Hardshrink",
    "RReLU",
    "SELU",
    "Softshrink",
    "Softsign",
    "Tanhshrink",
    "Threshold",
]
