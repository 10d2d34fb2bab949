"""Layers: torch.nn's module system over eagertape's sessions.

Modules are called as ``model(x)`` in the current session (``with sess:``) or as
``module(sess, x)``; a ``forward`` may be written either way (``forward(self, x)`` as in
torch, or ``forward(self, sess, x)``). Every intermediate belongs to the session's tape; a
module owns only its Parameters (and buffers: non-trainable Parameters such as BatchNorm's
running statistics). Class names,
constructor arguments, parameter names, shapes, initialisation and state-dict keys follow
``torch.nn`` (2.11), so ``module.load_state_dict(torch_module.state_dict())`` and the reverse
work for the same architecture. Every module with parameters also takes ``seed`` (its
initial values are drawn in float64 from ``np.random.default_rng(seed)``; without one, from
torch's default generator in torch's order and dtype, so after ``et.manual_seed(n)`` a model
holds the values torch's twin built after ``torch.manual_seed(n)`` holds), ``dtype`` and
``device``.

The package: ``module`` (the ``Module`` base), ``linear``, ``activation``, ``flatten``,
``activation_piecewise`` (``CELU``, ``SELU``, ``RReLU``, ``Threshold`` and the shrinks),
``conv``, ``conv_transpose``, ``pooling``, ``norm``, ``batchnorm``, ``sparse`` (``Embedding``,
``EmbeddingBag``), ``container``
(``Sequential``, ``ModuleList``, ``ModuleDict``, ``MLP``), ``attention``
(``MultiheadAttention``) and ``transformer``; torch's helpers ``functional`` (``F``),
``init``, ``utils`` and ``modules`` (torch's import paths, ``nn.modules.loss``)
(with ``utils.rnn``'s packed sequences); ``distance`` (``PairwiseDistance``,
``CosineSimilarity``); ``instancenorm``; ``pixelshuffle``; ``upsampling``; ``rnn`` (``RNN``,
``LSTM``, ``GRU`` and their cells); ``padding`` (``ZeroPad``, ``ConstantPad``,
``ReflectionPad``, ``ReplicationPad`` and ``CircularPad``, each in 1, 2 and 3 dims).
"""

import torch.nn as _torch_nn

from .._core import Parameter
from . import (
    common_types,
    functional,
    init,
    modules,  # noqa: E402  (torch.nn.modules's import paths, over the files above)
    parallel,  # noqa: E402  (after Module: the wrapper is one)
    parameter,
    utils,
)
from ._summary import ModelSummary, summary
from .activation import (
    ELU,
    GELU,
    GLU,
    AlphaDropout,
    Dropout,
    Dropout1d,
    Dropout2d,
    Dropout3d,
    FeatureAlphaDropout,
    Hardsigmoid,
    Hardswish,
    Hardtanh,
    LeakyReLU,
    LogSigmoid,
    LogSoftmax,
    Mish,
    PReLU,
    ReLU,
    ReLU6,
    Sigmoid,
    SiLU,
    Softmax,
    Softmax2d,
    Softmin,
    Softplus,
    Tanh,
)
from .activation_piecewise import (
    CELU,
    SELU,
    Hardshrink,
    RReLU,
    Softshrink,
    Softsign,
    Tanhshrink,
    Threshold,
)
from .adaptive_pooling3d import AdaptiveAvgPool3d, AdaptiveMaxPool3d
from .adaptive_softmax import AdaptiveLogSoftmaxWithLoss
from .attention import MultiheadAttention
from .batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d
from .channelshuffle import ChannelShuffle
from .container import MLP, ModuleDict, ModuleList, Sequential
from .conv import Conv1d, Conv2d, Conv3d
from .conv_transpose import ConvTranspose1d, ConvTranspose2d, ConvTranspose3d
from .distance import CosineSimilarity, PairwiseDistance
from .flatten import Flatten, Unflatten
from .instancenorm import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from .lazy import (
    LazyBatchNorm1d,
    LazyBatchNorm2d,
    LazyBatchNorm3d,
    LazyConv1d,
    LazyConv2d,
    LazyConv3d,
    LazyConvTranspose1d,
    LazyConvTranspose2d,
    LazyConvTranspose3d,
    LazyInstanceNorm1d,
    LazyInstanceNorm2d,
    LazyInstanceNorm3d,
    LazyLinear,
)
from .linear import Bilinear, Identity, Linear
from .loss import (
    BCELoss,
    BCEWithLogitsLoss,
    CosineEmbeddingLoss,
    CrossEntropyLoss,
    CTCLoss,
    GaussianNLLLoss,
    HingeEmbeddingLoss,
    HuberLoss,
    KLDivLoss,
    L1Loss,
    MarginRankingLoss,
    MSELoss,
    MultiLabelMarginLoss,
    MultiLabelSoftMarginLoss,
    MultiMarginLoss,
    NLLLoss,
    PoissonNLLLoss,
    SmoothL1Loss,
    SoftMarginLoss,
    TripletMarginLoss,
    TripletMarginWithDistanceLoss,
)
from .lp_pooling import LPPool1d, LPPool2d, LPPool3d
from .module import IncompatibleKeys, Module
from .norm import GroupNorm, LayerNorm, LocalResponseNorm, RMSNorm
from .padding import (
    CircularPad1d,
    CircularPad2d,
    CircularPad3d,
    ConstantPad1d,
    ConstantPad2d,
    ConstantPad3d,
    ReflectionPad1d,
    ReflectionPad2d,
    ReflectionPad3d,
    ReplicationPad1d,
    ReplicationPad2d,
    ReplicationPad3d,
    ZeroPad1d,
    ZeroPad2d,
    ZeroPad3d,
)
from .parallel import DataParallel
from .parameter import Buffer, UninitializedBuffer, UninitializedParameter
from .parameter_container import ParameterDict, ParameterList
from .pixelshuffle import PixelShuffle, PixelUnshuffle
from .pooling import (
    AdaptiveAvgPool1d,
    AdaptiveAvgPool2d,
    AdaptiveMaxPool1d,
    AdaptiveMaxPool2d,
    AvgPool1d,
    AvgPool2d,
    AvgPool3d,
    Fold,
    MaxPool1d,
    MaxPool2d,
    MaxPool3d,
    Unfold,
)
from .rnn import GRU, LSTM, RNN, GRUCell, LSTMCell, RNNBase, RNNCell, RNNCellBase
from .sparse import Embedding, EmbeddingBag
from .transformer import (
    Transformer,
    TransformerDecoder,
    TransformerDecoderLayer,
    TransformerEncoder,
    TransformerEncoderLayer,
)
from .unpooling import (
    FractionalMaxPool2d,
    FractionalMaxPool3d,
    MaxUnpool1d,
    MaxUnpool2d,
    MaxUnpool3d,
)
from .upsampling import Upsample, UpsamplingBilinear2d, UpsamplingNearest2d

__all__ = [
    "AdaptiveLogSoftmaxWithLoss",
    "AdaptiveAvgPool3d",
    "AdaptiveMaxPool3d",
    "ChannelShuffle",
    "FractionalMaxPool2d",
    "FractionalMaxPool3d",
    "MaxUnpool1d",
    "MaxUnpool2d",
    "MaxUnpool3d",
    "LPPool1d",
    "LPPool2d",
    "LPPool3d",
    "LazyBatchNorm1d",
    "LazyBatchNorm2d",
    "LazyBatchNorm3d",
    "LazyConv1d",
    "LazyConv2d",
    "LazyConv3d",
    "LazyConvTranspose1d",
    "LazyConvTranspose2d",
    "LazyConvTranspose3d",
    "LazyInstanceNorm1d",
    "LazyInstanceNorm2d",
    "LazyInstanceNorm3d",
    "LazyLinear",
    "common_types",
    "parameter",
    "factory_kwargs",
    "Buffer",
    "UninitializedBuffer",
    "UninitializedParameter",
    "ParameterDict",
    "ParameterList",
    "DataParallel",
    "BatchNorm3d",
    "InstanceNorm3d",
    "ConvTranspose1d",
    "ConvTranspose3d",
    "CELU",
    "SELU",
    "Hardshrink",
    "RReLU",
    "Softshrink",
    "Softsign",
    "Tanhshrink",
    "Threshold",
    "ModelSummary",
    "summary",
    "Parameter",
    "functional",
    "init",
    "utils",
    "parallel",
    "modules",
    "AdaptiveAvgPool2d",
    "BCELoss",
    "BCEWithLogitsLoss",
    "CrossEntropyLoss",
    "HuberLoss",
    "KLDivLoss",
    "L1Loss",
    "MSELoss",
    "NLLLoss",
    "SmoothL1Loss",
    "AvgPool2d",
    "BatchNorm1d",
    "BatchNorm2d",
    "Conv1d",
    "Conv2d",
    "ConvTranspose2d",
    "Dropout",
    "Embedding",
    "EmbeddingBag",
    "Flatten",
    "GELU",
    "GRU",
    "GRUCell",
    "GroupNorm",
    "Identity",
    "IncompatibleKeys",
    "LSTM",
    "LSTMCell",
    "LayerNorm",
    "Linear",
    "MLP",
    "MaxPool2d",
    "Module",
    "ModuleDict",
    "ModuleList",
    "MultiheadAttention",
    "RMSNorm",
    "RNN",
    "RNNBase",
    "RNNCell",
    "RNNCellBase",
    "ReLU",
    "Sequential",
    "SiLU",
    "Sigmoid",
    "Softmax",
    "Softmin",
    "Tanh",
    "Unflatten",
    "Hardsigmoid",
    "Hardswish",
    "LogSoftmax",
    "Mish",
    "Transformer",
    "TransformerDecoder",
    "TransformerDecoderLayer",
    "TransformerEncoder",
    "TransformerEncoderLayer",
    "CosineSimilarity",
    "PairwiseDistance",
    "GLU",
    "PReLU",
    "InstanceNorm1d",
    "InstanceNorm2d",
    "Bilinear",
    "LocalResponseNorm",
    "PixelShuffle",
    "PixelUnshuffle",
    "Upsample",
    "UpsamplingBilinear2d",
    "UpsamplingNearest2d",
    "Conv3d",
    "AlphaDropout",
    "Dropout1d",
    "Dropout2d",
    "Dropout3d",
    "FeatureAlphaDropout",
    "MaxPool1d",
    "AvgPool1d",
    "AdaptiveAvgPool1d",
    "AdaptiveMaxPool1d",
    "AdaptiveMaxPool2d",
    "AvgPool3d",
    "Fold",
    "MaxPool3d",
    "Unfold",
    "CTCLoss",
    "CosineEmbeddingLoss",
    "GaussianNLLLoss",
    "HingeEmbeddingLoss",
    "MarginRankingLoss",
    "MultiLabelMarginLoss",
    "MultiLabelSoftMarginLoss",
    "MultiMarginLoss",
    "PoissonNLLLoss",
    "SoftMarginLoss",
    "TripletMarginLoss",
    "TripletMarginWithDistanceLoss",
    "ELU",
    "Hardtanh",
    "LeakyReLU",
    "LogSigmoid",
    "ReLU6",
    "Softmax2d",
    "Softplus",
    "CircularPad1d",
    "CircularPad2d",
    "CircularPad3d",
    "ConstantPad1d",
    "ConstantPad2d",
    "ConstantPad3d",
    "ReflectionPad1d",
    "ReflectionPad2d",
    "ReflectionPad3d",
    "ReplicationPad1d",
    "ReplicationPad2d",
    "ReplicationPad3d",
    "ZeroPad1d",
    "ZeroPad2d",
    "ZeroPad3d",
]

# torch's helper for modules' `factory_kwargs` (`device=`, `dtype=`, `memory_format=` picked
# out of a dict): pure dict work, torch's own function
factory_kwargs = _torch_nn.factory_kwargs
