"""Layers: torch.nn's module system over eagertape's sessions.

Modules are called as ``model(x)`` in the current session (``with sess:``) or as
``module(sess, x)``; a ``forward`` may be written either way (``forward(self, x)`` as in
torch, or ``forward(self, sess, x)``). Every intermediate belongs to the session's tape; a
module owns only its Parameters (and buffers: non-trainable Parameters such as BatchNorm's
running statistics). Class names,
constructor arguments, parameter names, shapes, initialisation and state-dict keys follow
``torch.nn`` (2.11), so ``module.load_state_dict(torch_module.state_dict())`` and the reverse
work for the same architecture. Every module with parameters also takes ``seed`` (its
initial values are drawn in float64 from ``np.random.default_rng(seed)``), ``dtype`` and
``device``.

The package: ``module`` (the ``Module`` base), ``linear``, ``activation``, ``flatten``,
``conv``, ``pooling``, ``norm``, ``batchnorm``, ``sparse`` (``Embedding``,
``EmbeddingBag``), ``container``
(``Sequential``, ``ModuleList``, ``ModuleDict``, ``MLP``), ``attention``
(``MultiheadAttention``) and ``transformer``; torch's helpers ``functional`` (``F``),
``init`` and ``utils``
(with ``utils.rnn``'s packed sequences); ``distance`` (``PairwiseDistance``,
``CosineSimilarity``); ``instancenorm``; ``pixelshuffle``; ``upsampling``; ``rnn`` (``RNN``,
``LSTM``, ``GRU`` and their cells).
"""

from .._core import Parameter
from . import (
    functional,
    init,
    parallel,  # noqa: E402  (after Module: the wrapper is one)
    utils,
)
from ._summary import ModelSummary, summary
from .activation import (
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
    LogSoftmax,
    Mish,
    PReLU,
    ReLU,
    Sigmoid,
    SiLU,
    Softmax,
    Softmin,
    Tanh,
)
from .attention import MultiheadAttention
from .batchnorm import BatchNorm1d, BatchNorm2d
from .container import MLP, ModuleDict, ModuleList, Sequential
from .conv import Conv1d, Conv2d, Conv3d, ConvTranspose2d
from .distance import CosineSimilarity, PairwiseDistance
from .flatten import Flatten, Unflatten
from .instancenorm import InstanceNorm1d, InstanceNorm2d
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
from .module import IncompatibleKeys, Module
from .norm import GroupNorm, LayerNorm, LocalResponseNorm, RMSNorm
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
from .upsampling import Upsample, UpsamplingBilinear2d, UpsamplingNearest2d

__all__ = [
    "ModelSummary",
    "summary",
    "Parameter",
    "functional",
    "init",
    "utils",
    "parallel",
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
]
