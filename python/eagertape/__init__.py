"""eagertape: an eager autograd runtime with an explicit, session-owned tape.

Sessions record forward passes on their own tape, ``backward`` returns a sparse map of
gradients keyed by parameter, optimizers consume it, and ``reset_tape`` frees every
intermediate at once. Parameter snapshots are reference counted, so a reset or an update
in one session never corrupts another.
"""

# LibTorch's shared libraries are loaded by torch; the extension links against them.
import torch  # noqa: F401  (must precede the extension import)

from . import _functional, _torch, distributed, nn, optim
from ._attention import scaled_dot_product_attention
from ._core import (
    Buffer,
    Config,
    GradMap,
    Parameter,
    Session,
    Tensor,
    adaptive_avg_pool2d,
    avg_pool2d,
    batch_norm,
    binary_cross_entropy,
    binary_cross_entropy_with_logits,
    conv1d,
    conv2d,
    conv_transpose2d,
    cross_entropy,
    dropout,
    embedding,
    get_default_device,
    group_norm,
    huber_loss,
    kl_div,
    l1_loss,
    layer_norm,
    linear,
    max_pool2d,
    memory_stats,
    mse_loss,
    nll_loss,
    reset_peak_memory_stats,
    rms_norm,
    set_default_device,
    smooth_l1_loss,
)
from ._errors import (
    ArgumentError,
    BackendError,
    BufferSizeError,
    CheckpointError,
    ClassIndexError,
    ConfigError,
    CpuCarrierWarning,
    DeviceError,
    DeviceUnavailableError,
    DistributedError,
    DLPackError,
    DTypeError,
    EagerTapeError,
    ForeignHandleError,
    GradError,
    IndexOutOfRangeError,
    NonFiniteError,
    NoSessionError,
    OutOfMemoryError,
    ReleasedBufferError,
    ShapeError,
    StaleHandleError,
    UnsupportedOpError,
)
from ._functional import *  # noqa: F403  (the function forms; see _functional.__all__)
from ._torch import *  # noqa: F403  (torch's namespace: dtypes, factories, grad modes)
from .checkpoint import load, save

__version__ = "0.1.0"

__all__ = (
    _functional.__all__
    + _torch.__all__
    + [
        "NoSessionError",
        "Buffer",
        "Config",
        "GradMap",
        "Parameter",
        "Session",
        "Tensor",
        "optim",
        "distributed",
        "nn",
        "save",
        "load",
        "cross_entropy",
        "dropout",
        "embedding",
        "conv1d",
        "conv2d",
        "conv_transpose2d",
        "layer_norm",
        "rms_norm",
        "group_norm",
        "batch_norm",
        "scaled_dot_product_attention",
        "max_pool2d",
        "avg_pool2d",
        "adaptive_avg_pool2d",
        "NonFiniteError",
        "linear",
        "mse_loss",
        "nll_loss",
        "l1_loss",
        "smooth_l1_loss",
        "huber_loss",
        "binary_cross_entropy",
        "binary_cross_entropy_with_logits",
        "kl_div",
        "memory_stats",
        "reset_peak_memory_stats",
        "set_default_device",
        "get_default_device",
        "EagerTapeError",
        "ConfigError",
        "ArgumentError",
        "UnsupportedOpError",
        "CpuCarrierWarning",
        "DeviceUnavailableError",
        "DeviceError",
        "ForeignHandleError",
        "StaleHandleError",
        "ShapeError",
        "DTypeError",
        "ClassIndexError",
        "IndexOutOfRangeError",
        "ReleasedBufferError",
        "BufferSizeError",
        "GradError",
        "BackendError",
        "OutOfMemoryError",
        "CheckpointError",
        "DLPackError",
        "DistributedError",
    ]
)
