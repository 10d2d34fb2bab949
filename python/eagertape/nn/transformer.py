"""``TransformerEncoderLayer``, ``TransformerEncoder``, ``TransformerDecoderLayer``,
``TransformerDecoder`` and ``Transformer``, with torch's submodule names (so their state
dicts load into each other) and forward passes. The decoder side and ``Transformer`` write
``forward`` torch's way (``forward(self, tgt, memory, ...)``, in the current session), so a
subclass overrides it and calls ``super().forward(...)`` as it would in torch."""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable
from typing import Any

import numpy as _np

from .. import _core
from .._core import Session, Tensor
from .._errors import ConfigError, ShapeError
from .._functional import gelu, relu
from ._utils import (
    _bool,
    _float_mask,
    _module_dtype,
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

__all__ = [
    "Transformer",
    "TransformerDecoder",
    "TransformerDecoderLayer",
    "TransformerEncoder",
    "TransformerEncoderLayer",
]

_NAMED_ACTIVATIONS: dict[str, Callable[[Tensor], Tensor]] = {"relu": relu, "gelu": gelu}


def _layer_args(
    d_model: object, dim_feedforward: object, seed: object, bias: object, eps: object
) -> tuple[int, int, int | None, bool, float]:
    """A transformer layer's checked sizes, seed, bias flag and LayerNorm epsilon."""
    return (
        _positive_int(d_model, "d_model"),
        _positive_int(dim_feedforward, "dim_feedforward"),
        _seed(seed),
        _bool(bias, "bias"),
        _number(eps, "layer_norm_eps"),
    )


def _activation(
    activation: str | Callable[..., Tensor] | Module,
) -> Callable[..., Tensor] | Module:
    """``"relu"``/``"gelu"`` as the function, a Module or a function as it is."""
    if isinstance(activation, str):
        if activation not in _NAMED_ACTIVATIONS:
            raise ConfigError(f"activation should be relu/gelu, not {activation}")
        return _NAMED_ACTIVATIONS[activation]
    if not callable(activation):
        raise TypeError(
            f"activation must be 'relu', 'gelu', a Module or a function, got {activation!r}"
        )
    return activation


class TransformerEncoderLayer(Module):
    """TransformerEncoderLayer is made up of self-attn and feedforward network.

    As torch's ``nn.TransformerEncoderLayer``: self-attention, then a feed-forward block
    (``linear2(dropout(activation(linear1(x))))``), each with dropout, a residual
    connection and a LayerNorm (after it, or before it with ``norm_first``).

    The submodules are torch's: ``self_attn`` (a `MultiheadAttention`), ``linear1``,
    ``dropout``, ``linear2``, ``norm1``, ``norm2``, ``dropout1``, ``dropout2`` (and
    ``activation`` when it is a Module), so state dicts load both ways. With a ``seed``,
    ``self_attn`` uses ``seed`` (and ``seed + 1`` for its ``out_proj``), ``linear1``
    ``seed + 2`` and ``linear2`` ``seed + 3``.

    Input: ``(S, N, E)`` (``(N, S, E)`` with ``batch_first``) or ``(S, E)`` unbatched, with
    ``E = d_model``; output: the same shape.

    Args:
        d_model (int): the number of expected features in the input.
        nhead (int): the number of heads in the multi-head attention models.
        dim_feedforward (int): the dimension of the feedforward network model.
            Default: 2048.
        dropout (float): the dropout value. Default: 0.1.
        activation (str, Module or Callable): the activation function of the intermediate
            layer: "relu", "gelu", a Module (called as ``activation(sess, x)``) or a
            function of one tensor (e.g. `eagertape.relu`). Default: "relu".
        layer_norm_eps (float): the eps value in layer normalization components.
            Default: 1e-5.
        batch_first (bool): if ``True``, then the input and output tensors are provided as
            ``(batch, seq, feature)``. Default: ``False`` (``(seq, batch, feature)``).
        norm_first (bool): if ``True``, layer norm is done prior to attention and
            feedforward operations, respectively; otherwise it's done after.
            Default: ``False`` (after).
        bias (bool): if set to ``False``, ``Linear`` and ``LayerNorm`` layers will not learn
            an additive bias. Default: ``True``.
        seed (int, optional): the base seed of the submodules' initialization (see above).
            Default: ``None`` (torch's default generator, in torch's order: after
            `eagertape.manual_seed(n)`, torch's values for that seed).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: a size that is not positive, ``d_model`` not divisible by ``nhead``,
            ``dropout`` outside [0, 1], or an unknown activation name.

    Examples:
        >>> import eagertape as et
        >>> layer = et.nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16,
        ...                                       seed=0)
        >>> with et.Session():
        ...     tuple(layer(et.ones(10, 4, 8)).shape)
        (10, 4, 8)
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
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        super().__init__()
        d_model, dim_feedforward, seed, bias, eps = _layer_args(
            d_model, dim_feedforward, seed, bias, layer_norm_eps
        )
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
        self.linear1 = Linear(d_model, dim_feedforward, bias, seed=_offset_seed(seed, 2), **factory)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, bias, seed=_offset_seed(seed, 3), **factory)
        self.norm_first = _bool(norm_first, "norm_first")
        self.norm1 = LayerNorm(d_model, eps=eps, bias=bias, **factory)
        self.norm2 = LayerNorm(d_model, eps=eps, bias=bias, **factory)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.activation = _activation(activation)

    def _activate(self, sess: Session, x: Tensor) -> Tensor:
        if isinstance(self.activation, Module):
            out: Tensor = self.activation(sess, x)  # (a Module's forward is untyped)
            return out
        return self.activation(x)

    def forward(
        self,
        sess: Session,
        src: Tensor,
        src_mask: Any = None,
        src_key_padding_mask: Any = None,
        is_causal: bool = False,
    ) -> Tensor:
        """Pass the input through the encoder layer; call the module, ``module(src, ...)``.

        Masks follow `MultiheadAttention`'s semantics (a bool mask is ``True`` where attending
        is NOT allowed, a floating one is added to the scores) and may be eagertape tensors,
        numpy arrays or torch tensors.

        Args:
            sess (Session): the session (passed by ``Module.__call__``).
            src (Tensor): the sequence to the encoder layer.
            src_mask (Tensor or array, optional): the mask for the src sequence, ``(S, S)``
                or ``(N * nhead, S, S)``. Default: ``None``.
            src_key_padding_mask (Tensor or array, optional): the mask for the src keys per
                batch, ``(N, S)`` (``(S,)`` unbatched). Default: ``None``.
            is_causal (bool): a hint that ``src_mask`` is the causal mask (which must then
                be given). Default: ``False``.

        Returns:
            Tensor: the output, of the shape of ``src``.
        """
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
    causal = _np.triu(_np.full((size, size), -_np.inf), 1)
    return bool(_np.array_equal(_np.asarray(mask.numpy()), causal))


class TransformerEncoder(Module):
    """TransformerEncoder is a stack of N encoder layers.

    As torch's ``nn.TransformerEncoder``: ``num_layers`` independent deep copies of
    ``encoder_layer`` (new Parameters with equal values) in ``layers``, applied in turn,
    then ``norm`` if given.

    Input: ``(S, N, E)`` (``(N, S, E)`` with the layers' ``batch_first``) or ``(S, E)``
    unbatched; output: the same shape.

    Args:
        encoder_layer (TransformerEncoderLayer): an instance of the
            `TransformerEncoderLayer` class (any Module taking the same arguments).
        num_layers (int): the number of sub-encoder-layers in the encoder.
        norm (Module, optional): the layer normalization component. Default: ``None``.
        enable_nested_tensor (bool): accepted for torch's signature; changes nothing
            (eagertape has no nested tensors). Default: ``True``.
        mask_check (bool): accepted for torch's signature; changes nothing.
            Default: ``True``.

    Raises:
        ConfigError: ``num_layers`` is not positive.

    Examples:
        >>> import eagertape as et
        >>> layer = et.nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, seed=0)
        >>> encoder = et.nn.TransformerEncoder(layer, num_layers=2)
        >>> with et.Session():
        ...     tuple(encoder(et.ones(10, 4, 8)).shape)
        (10, 4, 8)
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
        self.layers = ModuleList([_copy.deepcopy(encoder_layer) for _ in range(self.num_layers)])
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
        """Pass the input through the encoder layers in turn; call the module,
        ``module(src, ...)``.

        Masks follow `MultiheadAttention`'s semantics (a bool mask is ``True`` where attending
        is NOT allowed, a floating one is added to the scores) and may be eagertape tensors,
        numpy arrays or torch tensors.

        Args:
            sess (Session): the session (passed by ``Module.__call__``).
            src (Tensor): the sequence to the encoder.
            mask (Tensor or array, optional): the mask for the src sequence.
                Default: ``None``.
            src_key_padding_mask (Tensor or array, optional): the mask for the src keys per
                batch. Default: ``None``.
            is_causal (bool, optional): whether ``mask`` is the causal mask; ``None``
                detects it by comparing ``mask`` with the causal mask, as torch does.
                Default: ``None``.

        Returns:
            Tensor: the output, of the shape of ``src``.
        """
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


def _masks(sess: Session, **masks: Any) -> list[Tensor | None]:
    return [_float_mask(sess, _session_mask(sess, m, name)) for name, m in masks.items()]


class TransformerDecoderLayer(Module):
    """TransformerDecoderLayer is made up of self-attn, multi-head-attn and feedforward
    network.

    As torch's ``nn.TransformerDecoderLayer``: self-attention over ``tgt``, cross-attention
    over ``memory`` and a feed-forward block, each with dropout, a residual connection and a
    LayerNorm (after it, or before it with ``norm_first``).

    The submodules are torch's: ``self_attn``, ``multihead_attn``, ``linear1``,
    ``dropout``, ``linear2``, ``norm1``-``norm3``, ``dropout1``-``dropout3``. With a
    ``seed``, ``self_attn`` uses ``seed`` (``seed + 1`` for its ``out_proj``),
    ``multihead_attn`` ``seed + 2`` (and ``seed + 3``), ``linear1`` ``seed + 4`` and
    ``linear2`` ``seed + 5``. Its ``forward`` is written torch's way
    (``forward(self, tgt, memory, ...)``, in the current session), so a subclass may
    override it and call ``super().forward(...)``.

    Input: ``tgt`` ``(T, N, E)`` and ``memory`` ``(S, N, E)`` (batch first with
    ``batch_first``; without ``N`` unbatched); output: the shape of ``tgt``.

    Args:
        d_model (int): the number of expected features in the input.
        nhead (int): the number of heads in the multi-head attention models.
        dim_feedforward (int): the dimension of the feedforward network model.
            Default: 2048.
        dropout (float): the dropout value. Default: 0.1.
        activation (str, Module or Callable): the activation function of the intermediate
            layer: "relu", "gelu", a Module (called as ``activation(sess, x)``) or a
            function of one tensor (e.g. `eagertape.relu`). Default: "relu".
        layer_norm_eps (float): the eps value in layer normalization components.
            Default: 1e-5.
        batch_first (bool): if ``True``, then the input and output tensors are provided as
            ``(batch, seq, feature)``. Default: ``False`` (``(seq, batch, feature)``).
        norm_first (bool): if ``True``, layer norm is done prior to attention and
            feedforward operations, respectively; otherwise it's done after.
            Default: ``False`` (after).
        bias (bool): if set to ``False``, ``Linear`` and ``LayerNorm`` layers will not learn
            an additive bias. Default: ``True``.
        seed (int, optional): the base seed of the submodules' initialization (see above).
            Default: ``None`` (torch's default generator, in torch's order: after
            `eagertape.manual_seed(n)`, torch's values for that seed).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: a size that is not positive, ``d_model`` not divisible by ``nhead``,
            ``dropout`` outside [0, 1], or an unknown activation name.

    Examples:
        >>> import eagertape as et
        >>> layer = et.nn.TransformerDecoderLayer(8, 2, dim_feedforward=16, seed=0)
        >>> with et.Session():
        ...     tuple(layer(et.ones(20, 4, 8), et.ones(10, 4, 8)).shape)
        (20, 4, 8)
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
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        super().__init__()
        d_model, dim_feedforward, seed, bias, eps = _layer_args(
            d_model, dim_feedforward, seed, bias, layer_norm_eps
        )
        factory = {"dtype": dtype, "device": device}
        attn = {"dropout": dropout, "bias": bias, "batch_first": batch_first, **factory}
        self.self_attn = MultiheadAttention(d_model, nhead, seed=seed, **attn)
        self.multihead_attn = MultiheadAttention(d_model, nhead, seed=_offset_seed(seed, 2), **attn)
        self.linear1 = Linear(d_model, dim_feedforward, bias, seed=_offset_seed(seed, 4), **factory)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model, bias, seed=_offset_seed(seed, 5), **factory)
        self.norm_first = _bool(norm_first, "norm_first")
        self.norm1 = LayerNorm(d_model, eps=eps, bias=bias, **factory)
        self.norm2 = LayerNorm(d_model, eps=eps, bias=bias, **factory)
        self.norm3 = LayerNorm(d_model, eps=eps, bias=bias, **factory)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.dropout3 = Dropout(dropout)
        self.activation = _activation(activation)

    def forward(
        self,
        tgt: Tensor,
        memory: Tensor,
        tgt_mask: Any = None,
        memory_mask: Any = None,
        tgt_key_padding_mask: Any = None,
        memory_key_padding_mask: Any = None,
        tgt_is_causal: bool = False,
        memory_is_causal: bool = False,
    ) -> Tensor:
        """Pass the inputs (and masks) through the decoder layer; call the module,
        ``module(tgt, memory, ...)``.

        Masks follow `MultiheadAttention`'s semantics (a bool mask is ``True`` where attending
        is NOT allowed, a floating one is added to the scores) and may be eagertape tensors,
        numpy arrays or torch tensors.

        Args:
            tgt (Tensor): the sequence to the decoder layer.
            memory (Tensor): the sequence from the last layer of the encoder.
            tgt_mask (Tensor or array, optional): the mask for the tgt sequence, ``(T, T)``
                or ``(N * nhead, T, T)``. Default: ``None``.
            memory_mask (Tensor or array, optional): the mask for the memory sequence,
                ``(T, S)`` or ``(N * nhead, T, S)``. Default: ``None``.
            tgt_key_padding_mask (Tensor or array, optional): the mask for the tgt keys per
                batch, ``(N, T)``. Default: ``None``.
            memory_key_padding_mask (Tensor or array, optional): the mask for the memory
                keys per batch, ``(N, S)``. Default: ``None``.
            tgt_is_causal (bool): a hint that ``tgt_mask`` is the causal mask (which must
                then be given). Default: ``False``.
            memory_is_causal (bool): a hint that ``memory_mask`` is the causal mask (which
                must then be given). Default: ``False``.

        Returns:
            Tensor: the output, of the shape of ``tgt``.
        """
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask, tgt_is_causal)
            x = x + self._mha_block(
                self.norm2(x), memory, memory_mask, memory_key_padding_mask, memory_is_causal
            )
            x = x + self._ff_block(self.norm3(x))
        else:
            x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask, tgt_is_causal))
            x = self.norm2(
                x
                + self._mha_block(x, memory, memory_mask, memory_key_padding_mask, memory_is_causal)
            )
            x = self.norm3(x + self._ff_block(x))
        return x

    def _sa_block(
        self, x: Tensor, attn_mask: Any, key_padding_mask: Any, is_causal: bool
    ) -> Tensor:
        x = self.self_attn(
            x,
            x,
            x,
            attn_mask=attn_mask,
            key_padding_mask=key_padding_mask,
            is_causal=is_causal,
            need_weights=False,
        )[0]
        return self.dropout1(x)

    def _mha_block(
        self, x: Tensor, mem: Tensor, attn_mask: Any, key_padding_mask: Any, is_causal: bool
    ) -> Tensor:
        x = self.multihead_attn(
            x,
            mem,
            mem,
            attn_mask=attn_mask,
            key_padding_mask=key_padding_mask,
            is_causal=is_causal,
            need_weights=False,
        )[0]
        return self.dropout2(x)

    def _ff_block(self, x: Tensor) -> Tensor:
        sess = _core.current_session()
        h = (
            self.activation(sess, self.linear1(x))
            if isinstance(self.activation, Module)
            else (self.activation(self.linear1(x)))
        )
        return self.dropout3(self.linear2(self.dropout(h)))


def _seq_len(src: Tensor, batch_first: bool) -> int:
    """torch's ``_get_seq_len``."""
    if len(src.shape) == 2:
        return src.shape[0]
    return src.shape[1 if batch_first else 0]


class TransformerDecoder(Module):
    """TransformerDecoder is a stack of N decoder layers.

    As torch's ``nn.TransformerDecoder``: ``num_layers`` independent deep copies of
    ``decoder_layer`` (new Parameters with equal values) in ``layers``, applied in turn,
    then ``norm`` if given. Its ``forward`` is written torch's way
    (``forward(self, tgt, memory, ...)``, in the current session).

    Input: ``tgt`` ``(T, N, E)`` and ``memory`` ``(S, N, E)`` (batch first with the layers'
    ``batch_first``; without ``N`` unbatched); output: the shape of ``tgt``.

    Args:
        decoder_layer (TransformerDecoderLayer): an instance of the
            `TransformerDecoderLayer` class (any Module taking the same arguments).
        num_layers (int): the number of sub-decoder-layers in the decoder.
        norm (Module, optional): the layer normalization component. Default: ``None``.

    Raises:
        ConfigError: ``num_layers`` is not positive.

    Examples:
        >>> import eagertape as et
        >>> layer = et.nn.TransformerDecoderLayer(8, 2, dim_feedforward=16, seed=0)
        >>> decoder = et.nn.TransformerDecoder(layer, num_layers=2)
        >>> with et.Session():
        ...     tuple(decoder(et.ones(20, 4, 8), et.ones(10, 4, 8)).shape)
        (20, 4, 8)
    """

    def __init__(
        self, decoder_layer: TransformerDecoderLayer, num_layers: int, norm: Module | None = None
    ) -> None:
        super().__init__()
        if not isinstance(decoder_layer, Module):
            raise TypeError(f"decoder_layer must be a Module, got {type(decoder_layer).__name__}")
        if norm is not None and not isinstance(norm, Module):
            raise TypeError(f"norm must be a Module or None, got {type(norm).__name__}")
        self.num_layers = _positive_int(num_layers, "num_layers")
        self.layers = ModuleList([_copy.deepcopy(decoder_layer) for _ in range(self.num_layers)])
        self.norm = norm

    def forward(
        self,
        tgt: Tensor,
        memory: Tensor,
        tgt_mask: Any = None,
        memory_mask: Any = None,
        tgt_key_padding_mask: Any = None,
        memory_key_padding_mask: Any = None,
        tgt_is_causal: bool | None = None,
        memory_is_causal: bool = False,
    ) -> Tensor:
        """Pass the inputs (and masks) through the decoder layers in turn; call the module,
        ``module(tgt, memory, ...)``.

        Masks follow `MultiheadAttention`'s semantics (a bool mask is ``True`` where attending
        is NOT allowed, a floating one is added to the scores) and may be eagertape tensors,
        numpy arrays or torch tensors.

        Args:
            tgt (Tensor): the sequence to the decoder.
            memory (Tensor): the sequence from the last layer of the encoder.
            tgt_mask (Tensor or array, optional): the mask for the tgt sequence, ``(T, T)``
                or ``(N * nhead, T, T)``. Default: ``None``.
            memory_mask (Tensor or array, optional): the mask for the memory sequence,
                ``(T, S)`` or ``(N * nhead, T, S)``. Default: ``None``.
            tgt_key_padding_mask (Tensor or array, optional): the mask for the tgt keys per
                batch, ``(N, T)``. Default: ``None``.
            memory_key_padding_mask (Tensor or array, optional): the mask for the memory
                keys per batch, ``(N, S)``. Default: ``None``.
            tgt_is_causal (bool, optional): whether ``tgt_mask`` is the causal mask;
                ``None`` detects it by comparing ``tgt_mask`` with the causal mask, as torch
                does. Default: ``None``.
            memory_is_causal (bool): a hint that ``memory_mask`` is the causal mask.
                Default: ``False``.

        Returns:
            Tensor: the output, of the shape of ``tgt``.
        """
        sess = _core.current_session()
        tgt_mask, memory_mask, tgt_kpm, memory_kpm = _masks(
            sess,
            tgt_mask=tgt_mask,
            memory_mask=memory_mask,
            tgt_key_padding_mask=tgt_key_padding_mask,
            memory_key_padding_mask=memory_key_padding_mask,
        )
        first = self.layers[0]
        batch_first = bool(getattr(getattr(first, "self_attn", None), "batch_first", False))
        causal = tgt_is_causal is True
        if tgt_is_causal is None and tgt_mask is not None:
            causal = _is_causal_mask(tgt_mask, _seq_len(tgt, batch_first))
        out = tgt
        for layer in self.layers:
            out = layer(
                out,
                memory,
                tgt_mask=tgt_mask,
                memory_mask=memory_mask,
                tgt_key_padding_mask=tgt_kpm,
                memory_key_padding_mask=memory_kpm,
                tgt_is_causal=causal,
                memory_is_causal=memory_is_causal,
            )
        if self.norm is not None:
            out = self.norm(out)
        return out


class Transformer(Module):
    """A basic transformer layer.

    As torch's ``nn.Transformer``: a `TransformerEncoder` (``encoder``) of
    ``num_encoder_layers`` layers and a `TransformerDecoder` (``decoder``) of
    ``num_decoder_layers`` layers, each with a final LayerNorm; ``module(src, tgt, ...)``
    encodes ``src`` into a memory and decodes ``tgt`` against it. As torch's
    ``_reset_parameters`` does, every parameter of more than one dimension is then re-drawn
    from torch's xavier-uniform distribution: with a ``seed``, from that seed (drawn in
    float64, in the order of ``parameters()``), so equal seeds give equal models; without
    one, by `eagertape.nn.init.xavier_uniform_` from torch's default generator
    (`eagertape.manual_seed` seeds it). Its ``forward`` is written torch's way
    (``forward(self, src, tgt, ...)``, in the current session).

    Input: ``src`` ``(S, N, E)`` and ``tgt`` ``(T, N, E)`` (``(N, S, E)`` and ``(N, T, E)``
    with ``batch_first``; ``(S, E)`` and ``(T, E)`` unbatched), ``E = d_model``; output: the
    shape of ``tgt``.

    Args:
        d_model (int): the number of expected features in the encoder/decoder inputs.
            Default: 512.
        nhead (int): the number of heads in the multiheadattention models. Default: 8.
        num_encoder_layers (int): the number of sub-encoder-layers in the encoder.
            Default: 6.
        num_decoder_layers (int): the number of sub-decoder-layers in the decoder.
            Default: 6.
        dim_feedforward (int): the dimension of the feedforward network model.
            Default: 2048.
        dropout (float): the dropout value. Default: 0.1.
        activation (str, Module or Callable): the activation function of the
            encoder/decoder intermediate layer: "relu", "gelu", a Module or a function of
            one tensor. Default: "relu".
        custom_encoder (Module, optional): custom encoder, used instead of the built one.
            Default: ``None``.
        custom_decoder (Module, optional): custom decoder, used instead of the built one.
            Default: ``None``.
        layer_norm_eps (float): the eps value in layer normalization components.
            Default: 1e-5.
        batch_first (bool): if ``True``, then the input and output tensors are provided as
            ``(batch, seq, feature)``. Default: ``False`` (``(seq, batch, feature)``).
        norm_first (bool): if ``True``, encoder and decoder layers will perform LayerNorms
            before other attention and feedforward operations, otherwise after.
            Default: ``False`` (after).
        bias (bool): if set to ``False``, ``Linear`` and ``LayerNorm`` layers will not learn
            an additive bias. Default: ``True``.
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        seed (int, optional): the seed of the initialization: the encoder layer gets
            ``seed``, the decoder layer ``seed + 10``, the re-drawn matrices ``seed + 20``
            (see above). Default: ``None`` (the process-wide generator).

    Raises:
        ConfigError: a size that is not positive, ``d_model`` not divisible by ``nhead``,
            ``dropout`` outside [0, 1], or an unknown activation name.

    Examples:
        >>> import eagertape as et
        >>> model = et.nn.Transformer(d_model=8, nhead=2, num_encoder_layers=1,
        ...                           num_decoder_layers=1, dim_feedforward=16, seed=0)
        >>> with et.Session():
        ...     tuple(model(et.ones(10, 4, 8), et.ones(20, 4, 8)).shape)
        (20, 4, 8)
    """

    def __init__(
        self,
        d_model: int = 512,
        nhead: int = 8,
        num_encoder_layers: int = 6,
        num_decoder_layers: int = 6,
        dim_feedforward: int = 2048,
        dropout: float = 0.1,
        activation: str | Callable[..., Tensor] | Module = "relu",
        custom_encoder: Module | None = None,
        custom_decoder: Module | None = None,
        layer_norm_eps: float = 1e-5,
        batch_first: bool = False,
        norm_first: bool = False,
        bias: bool = True,
        device: str | None = None,
        dtype: str = "float32",
        *,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        from . import init

        factory: dict[str, Any] = {"dtype": dtype, "device": device}
        seed = _seed(seed)
        layer: dict[str, Any] = {
            "dim_feedforward": dim_feedforward,
            "dropout": dropout,
            "activation": activation,
            "layer_norm_eps": layer_norm_eps,
            "batch_first": batch_first,
            "norm_first": norm_first,
            "bias": bias,
            **factory,
        }
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            enc = TransformerEncoderLayer(d_model, nhead, seed=seed, **layer)
            norm = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, **factory)
            self.encoder = TransformerEncoder(enc, num_encoder_layers, norm)
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            dec = TransformerDecoderLayer(d_model, nhead, seed=_offset_seed(seed, 10), **layer)
            norm = LayerNorm(d_model, eps=layer_norm_eps, bias=bias, **factory)
            self.decoder = TransformerDecoder(dec, num_decoder_layers, norm)
        # torch's _reset_parameters: every matrix re-drawn from U(-a, a), a the xavier bound.
        # With a seed the draws come from it (float64, in the order of `parameters()`), so
        # equal seeds give equal models; without one, from torch's generator.
        rng = None if seed is None else _np.random.default_rng(_offset_seed(seed, 20))
        for p in self.parameters():
            if len(p.shape) > 1:
                if rng is None:
                    init.xavier_uniform_(p)
                else:
                    fan_in, fan_out = init._calculate_fan_in_and_fan_out(p)
                    a = (6.0 / (fan_in + fan_out)) ** 0.5
                    p.assign(rng.uniform(-a, a, p.shape))
        self.d_model = d_model
        self.nhead = nhead
        self.batch_first = batch_first

    def forward(
        self,
        src: Tensor,
        tgt: Tensor,
        src_mask: Any = None,
        tgt_mask: Any = None,
        memory_mask: Any = None,
        src_key_padding_mask: Any = None,
        tgt_key_padding_mask: Any = None,
        memory_key_padding_mask: Any = None,
        src_is_causal: bool | None = None,
        tgt_is_causal: bool | None = None,
        memory_is_causal: bool = False,
    ) -> Tensor:
        """Take in and process masked source/target sequences; call the module,
        ``module(src, tgt, ...)``.

        Masks follow `MultiheadAttention`'s semantics (a bool mask is ``True`` where attending
        is NOT allowed, a floating one is added to the scores) and may be eagertape tensors,
        numpy arrays or torch tensors. Use `Transformer.generate_square_subsequent_mask` for a
        causal ``tgt_mask``.

        Args:
            src (Tensor): the sequence to the encoder.
            tgt (Tensor): the sequence to the decoder.
            src_mask (Tensor or array, optional): the additive mask for the src sequence,
                ``(S, S)`` or ``(N * nhead, S, S)``. Default: ``None``.
            tgt_mask (Tensor or array, optional): the additive mask for the tgt sequence,
                ``(T, T)`` or ``(N * nhead, T, T)``. Default: ``None``.
            memory_mask (Tensor or array, optional): the additive mask for the encoder
                output, ``(T, S)`` or ``(N * nhead, T, S)``. Default: ``None``.
            src_key_padding_mask (Tensor or array, optional): the mask for src keys per
                batch, ``(N, S)``. Default: ``None``.
            tgt_key_padding_mask (Tensor or array, optional): the mask for tgt keys per
                batch, ``(N, T)``. Default: ``None``.
            memory_key_padding_mask (Tensor or array, optional): the mask for memory keys
                per batch, ``(N, S)``. Default: ``None``.
            src_is_causal (bool, optional): whether ``src_mask`` is the causal mask;
                ``None`` detects it. Default: ``None``.
            tgt_is_causal (bool, optional): whether ``tgt_mask`` is the causal mask;
                ``None`` detects it. Default: ``None``.
            memory_is_causal (bool): a hint that ``memory_mask`` is the causal mask.
                Default: ``False``.

        Returns:
            Tensor: the output, of the shape of ``tgt``.

        Raises:
            ShapeError: ``src`` and ``tgt`` have different batch sizes, or a feature size
                other than ``d_model``.
        """
        is_batched = len(src.shape) == 3
        batch_dim = 0 if self.batch_first else 1
        if is_batched and src.shape[batch_dim] != tgt.shape[batch_dim]:
            raise ShapeError("the batch number of src and tgt must be equal")
        if src.shape[-1] != self.d_model or tgt.shape[-1] != self.d_model:
            raise ShapeError("the feature number of src and tgt must be equal to d_model")
        memory = self.encoder(
            src,
            mask=src_mask,
            src_key_padding_mask=src_key_padding_mask,
            is_causal=src_is_causal,
        )
        out: Tensor = self.decoder(  # (a custom decoder's forward is untyped)
            tgt,
            memory,
            tgt_mask=tgt_mask,
            memory_mask=memory_mask,
            tgt_key_padding_mask=tgt_key_padding_mask,
            memory_key_padding_mask=memory_key_padding_mask,
            tgt_is_causal=tgt_is_causal,
            memory_is_causal=memory_is_causal,
        )
        return out

    @staticmethod
    def generate_square_subsequent_mask(sz: int, device: Any = None, dtype: Any = None) -> Any:
        """torch's causal mask ``(sz, sz)``: ``-inf`` above the diagonal, 0 elsewhere, as a
        tensor of the current session (of ``dtype``, else the session's), made by its
        factories (a captured step replays it); a float64 numpy array where none is current
        (the modules accept either)."""
        try:
            _core.current_session()
        except Exception:
            return _np.triu(_np.full((int(sz), int(sz)), -_np.inf), k=1)
        from .._torch import full

        return full((int(sz), int(sz)), float("-inf"), dtype=dtype).triu(1)
