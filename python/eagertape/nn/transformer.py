"""``TransformerEncoderLayer`` and ``TransformerEncoder``, with torch's submodule names (so
their state dicts load into each other) and forward passes."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import numpy as np

from .._core import Session, Tensor
from .._errors import ConfigError
from .._functional import gelu, relu
from ._utils import (
    _bool,
    _float_mask,
    _number,
    _offset_seed,
    _positive_int,
    _seed,
    _session_mask,
)
from .activation import Dropout
from .attention import MultiheadAttention
from .container import ModuleList
from .linear import Linear
from .module import Module
from .norm import LayerNorm

__all__ = ["TransformerEncoder", "TransformerEncoderLayer"]

_NAMED_ACTIVATIONS: dict[str, Callable[[Tensor], Tensor]] = {"relu": relu, "gelu": gelu}


class TransformerEncoderLayer(Module):
    """``torch.nn.TransformerEncoderLayer``: self-attention then a feed-forward block, each
    with a residual connection and a LayerNorm (after it, or before it with ``norm_first``).

    Submodules as torch's: ``self_attn`` (a ``MultiheadAttention``), ``linear1``, ``dropout``,
    ``linear2``, ``norm1``, ``norm2``, ``dropout1``, ``dropout2`` (and ``activation`` when it is
    a Module). ``activation`` is "relu", "gelu", a Module (called as ``activation(sess, x)``)
    or a function of one tensor (``et.relu``). With a ``seed``, ``self_attn`` uses ``seed``
    (and ``seed + 1`` for its ``out_proj``), ``linear1`` ``seed + 2`` and ``linear2``
    ``seed + 3``.

    ``forward(sess, src, src_mask=None, src_key_padding_mask=None, is_causal=False)``: masks
    as ``MultiheadAttention``'s; ``is_causal`` is torch's hint that ``src_mask`` is the causal
    mask (which must then be given).
    """

    def __init__(
        self,
        d_model: int,
        nhead: int,
        dim_feedforward: int = 2048,
        dropout: float = 0.1,
        activation: str | Callable[..., Tensor] | Module = "relu",
        layer_norm_eps: float = 1e-5,
        batch_first: bool = False,
        norm_first: bool = False,
        bias: bool = True,
        *,
        seed: int | None = None,
        dtype: str = "float32",
        device: str | None = None,
    ) -> None:
        super().__init__()
        d_model = _positive_int(d_model, "d_model")
        dim_feedforward = _positive_int(dim_feedforward, "dim_feedforward")
        seed = _seed(seed)
        bias = _bool(bias, "bias")
        eps = _number(layer_norm_eps, "layer_norm_eps")
        factory = {"dtype": dtype, "device": device}
        self.self_attn = MultiheadAttention(
            d_model,
            nhead,
            dropout=dropout,
            bias=bias,
            batch_first=batch_first,
            seed=seed,
            **factory,
        )
        self.linear1 = Linear(d_model, dim_feedforward, bias, _offset_seed(seed, 2), **factory)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, bias, _offset_seed(seed, 3), **factory)
        self.norm_first = _bool(norm_first, "norm_first")
        self.norm1 = LayerNorm(d_model, eps=eps, bias=bias, **factory)
        self.norm2 = LayerNorm(d_model, eps=eps, bias=bias, **factory)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        if isinstance(activation, str):
            if activation not in _NAMED_ACTIVATIONS:
                raise ConfigError(f"activation should be relu/gelu, not {activation}")
            activation = _NAMED_ACTIVATIONS[activation]
        elif not callable(activation):
            raise TypeError(
                f"activation must be 'relu', 'gelu', a Module or a function, got {activation!r}"
            )
        self.activation = activation

    def _activate(self, sess: Session, x: Tensor) -> Tensor:
        if isinstance(self.activation, Module):
            return self.activation(sess, x)
        return self.activation(x)

    def forward(
        self,
        sess: Session,
        src: Tensor,
        src_mask: Any = None,
        src_key_padding_mask: Any = None,
        is_causal: bool = False,
    ) -> Tensor:
        kpm = _float_mask(sess, _session_mask(sess, src_key_padding_mask, "src_key_padding_mask"))
        mask = _float_mask(sess, _session_mask(sess, src_mask, "src_mask"))
        x = src
        if self.norm_first:
            x = x + self._sa_block(sess, self.norm1(sess, x), mask, kpm, is_causal)
            x = x + self._ff_block(sess, self.norm2(sess, x))
        else:
            x = self.norm1(sess, x + self._sa_block(sess, x, mask, kpm, is_causal))
            x = self.norm2(sess, x + self._ff_block(sess, x))
        return x

    def _sa_block(
        self,
        sess: Session,
        x: Tensor,
        mask: Tensor | None,
        kpm: Tensor | None,
        is_causal: bool,
    ) -> Tensor:
        out, _ = self.self_attn(
            sess,
            x,
            x,
            x,
            attn_mask=mask,
            key_padding_mask=kpm,
            need_weights=False,
            is_causal=is_causal,
        )
        return self.dropout1(sess, out)

    def _ff_block(self, sess: Session, x: Tensor) -> Tensor:
        x = self.linear2(sess, self.dropout(sess, self._activate(sess, self.linear1(sess, x))))
        return self.dropout2(sess, x)


def _is_causal_mask(mask: Tensor, size: int) -> bool:
    """torch's ``_detect_is_causal_mask``: whether the (additive) mask is exactly the
    ``size x size`` causal mask (0 on and below the diagonal, -inf above)."""
    if tuple(mask.shape) != (size, size):
        return False
    causal = np.triu(np.full((size, size), -np.inf), 1)
    return bool(np.array_equal(np.asarray(mask.numpy()), causal))


class TransformerEncoder(Module):
    """``torch.nn.TransformerEncoder``: ``num_layers`` independent deep copies of
    ``encoder_layer`` (new Parameters with equal values) in ``layers``, then ``norm`` if
    given. ``enable_nested_tensor`` and ``mask_check`` are accepted for torch's signature and
    change nothing (eagertape has no nested tensors).

    ``forward(sess, src, mask=None, src_key_padding_mask=None, is_causal=None)``: with
    ``is_causal=None`` the mask is checked for being the causal mask, as torch does.
    """

    def __init__(
        self,
        encoder_layer: TransformerEncoderLayer,
        num_layers: int,
        norm: Module | None = None,
        enable_nested_tensor: bool = True,
        mask_check: bool = True,
    ) -> None:
        super().__init__()
        if not isinstance(encoder_layer, Module):
            raise TypeError(f"encoder_layer must be a Module, got {type(encoder_layer).__name__}")
        if norm is not None and not isinstance(norm, Module):
            raise TypeError(f"norm must be a Module or None, got {type(norm).__name__}")
        self.num_layers = _positive_int(num_layers, "num_layers")
        self.layers = ModuleList([copy.deepcopy(encoder_layer) for _ in range(self.num_layers)])
        self.norm = norm
        self.enable_nested_tensor = _bool(enable_nested_tensor, "enable_nested_tensor")
        self.mask_check = _bool(mask_check, "mask_check")

    def forward(
        self,
        sess: Session,
        src: Tensor,
        mask: Any = None,
        src_key_padding_mask: Any = None,
        is_causal: bool | None = None,
    ) -> Tensor:
        kpm = _float_mask(sess, _session_mask(sess, src_key_padding_mask, "src_key_padding_mask"))
        mask = _float_mask(sess, _session_mask(sess, mask, "mask"))
        first = self.layers[0]
        batch_first = bool(getattr(getattr(first, "self_attn", None), "batch_first", False))
        seq_len = src.shape[0] if len(src.shape) == 2 else src.shape[1 if batch_first else 0]
        causal = is_causal is True
        if is_causal is None and mask is not None:
            causal = _is_causal_mask(mask, seq_len)
        out = src
        for layer in self.layers:
            out = layer(sess, out, src_mask=mask, is_causal=causal, src_key_padding_mask=kpm)
        if self.norm is not None:
            out = self.norm(sess, out)
        return out
