"""``MultiheadAttention`` with torch's parameter layout, masks and both code paths
(explicit weights when ``need_weights``, ``scaled_dot_product_attention`` otherwise)."""

from __future__ import annotations

import math as _math
from typing import Any

import numpy as _np

from .._core import Parameter, Session, Tensor, dropout, linear, scaled_dot_product_attention
from .._errors import ArgumentError, ConfigError, ShapeError
from ._utils import (
    _bool,
    _filled,
    _float_mask,
    _module_dtype,
    _offset_seed,
    _positive_int,
    _probability,
    _seed,
    _session_mask,
    _uniform,
)
from .linear import Linear
from .module import Module

__all__ = ["MultiheadAttention"]


def _shape_check(
    query: Tensor,
    key: Tensor,
    value: Tensor,
    key_padding_mask: Tensor | None,
    attn_mask: Tensor | None,
    num_heads: int,
) -> bool:
    """torch's ``_mha_shape_check``: whether the input is batched, or a ShapeError."""
    q, k, v = len(query.shape), len(key.shape), len(value.shape)
    if q == 3:
        if k != 3 or v != 3:
            raise ShapeError(
                f"For batched (3-D) query, expected key and value to be 3-D but found {k}-D "
                f"and {v}-D tensors respectively"
            )
        if key_padding_mask is not None and len(key_padding_mask.shape) != 2:
            raise ShapeError(
                "For batched (3-D) query, expected key_padding_mask to be None or 2-D but "
                f"found {len(key_padding_mask.shape)}-D tensor instead"
            )
        if attn_mask is not None and len(attn_mask.shape) not in (2, 3):
            raise ShapeError(
                "For batched (3-D) query, expected attn_mask to be None, 2-D or 3-D but "
                f"found {len(attn_mask.shape)}-D tensor instead"
            )
        return True
    if q == 2:
        if k != 2 or v != 2:
            raise ShapeError(
                f"For unbatched (2-D) query, expected key and value to be 2-D but found {k}-D "
                f"and {v}-D tensors respectively"
            )
        if key_padding_mask is not None and len(key_padding_mask.shape) != 1:
            raise ShapeError(
                "For unbatched (2-D) query, expected key_padding_mask to be None or 1-D but "
                f"found {len(key_padding_mask.shape)}-D tensor instead"
            )
        if attn_mask is not None:
            if len(attn_mask.shape) not in (2, 3):
                raise ShapeError(
                    "For unbatched (2-D) query, expected attn_mask to be None, 2-D or 3-D but "
                    f"found {len(attn_mask.shape)}-D tensor instead"
                )
            if len(attn_mask.shape) == 3:
                expected = (num_heads, query.shape[0], key.shape[0])
                if tuple(attn_mask.shape) != expected:
                    raise ShapeError(
                        f"Expected attn_mask shape to be {expected} but got {attn_mask.shape}"
                    )
        return False
    raise ShapeError(
        f"query should be unbatched 2D or batched 3D tensor but received {q}-D query tensor"
    )


class MultiheadAttention(Module):
    """Allows the model to jointly attend to information from different representation
    subspaces.

    ``MultiHead(Q, K, V) = Concat(head_1, ..., head_h) W^O`` with
    ``head_i = Attention(Q W_i^Q, K W_i^K, V W_i^V)`` and
    ``Attention(q, k, v) = softmax(q k^T / sqrt(head_dim) + mask) v``, as torch's
    ``nn.MultiheadAttention``; ``head_dim = embed_dim / num_heads``.

    The parameters are torch's: ``in_proj_weight`` ``(3E, E)`` (``xavier_uniform_``:
    ``U(-sqrt(6 / (E + 3E)), sqrt(6 / (E + 3E)))``), ``in_proj_bias`` ``(3E,)`` (zeros), and
    ``out_proj`` a ``Linear(E, E)`` (weight drawn as ``Linear``'s with ``seed + 1``, bias
    zero). With key or value sizes other than ``E`` (``kdim``, ``vdim``: cross-attention
    over another model's features), ``q_proj_weight`` ``(E, E)``, ``k_proj_weight``
    ``(E, kdim)`` and ``v_proj_weight`` ``(E, vdim)`` (each ``xavier_uniform_``) replace
    ``in_proj_weight``, as torch's. The draws are in float64 from
    ``np.random.default_rng(seed)``, then converted to ``dtype``.

    ``module(query, key, value, ...)`` returns ``(output, weights)``; see `forward` for the
    inputs, masks and shapes. When ``need_weights`` is False the attention runs through
    `eagertape.nn.functional.scaled_dot_product_attention`. Dropout on the attention
    weights (training mode only) is drawn from the session's generator.

    Args:
        embed_dim (int): total dimension of the model, ``E``.
        num_heads (int): number of parallel attention heads; ``embed_dim`` will be split
            across them (it must be divisible by ``num_heads``).
        dropout (float): dropout probability on the attention weights. Default: 0.0.
        bias (bool): if specified, adds bias to input / output projection layers.
            Default: ``True``.
        add_bias_kv (bool): must be ``False`` (not supported; ``True`` raises
            ``ConfigError``). Default: ``False``.
        add_zero_attn (bool): must be ``False`` (not supported; ``True`` raises
            ``ConfigError``). Default: ``False``.
        kdim (int, optional): total number of features for keys. Default: ``None``
            (``embed_dim``).
        vdim (int, optional): total number of features for values. Default: ``None``
            (``embed_dim``).
        batch_first (bool): if ``True``, then the input and output tensors are provided as
            ``(batch, seq, feature)``. Default: ``False`` (``(seq, batch, feature)``).
        seed (int, optional): the seed of the initialization's generator. Default: ``None``
            (one drawn from the process-wide generator, so `eagertape.manual_seed` fixes
            it).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: a size that is not positive, ``embed_dim`` not divisible by
            ``num_heads``, ``dropout`` outside [0, 1], or ``add_bias_kv`` or
            ``add_zero_attn`` given.

    Examples:
        >>> import eagertape as et
        >>> attn = et.nn.MultiheadAttention(8, 2, batch_first=True, seed=0)
        >>> with et.Session():
        ...     x = et.ones(2, 5, 8)
        ...     out, weights = attn(x, x, x)
        ...     tuple(out.shape), tuple(weights.shape)
        ((2, 5, 8), (2, 5, 5))
    """

    def __init__(
        self,
        embed_dim: int,
        num_heads: int,
        dropout: float = 0.0,
        bias: bool = True,
        add_bias_kv: bool = False,
        add_zero_attn: bool = False,
        kdim: int | None = None,
        vdim: int | None = None,
        batch_first: bool = False,
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        super().__init__()
        self.embed_dim = _positive_int(embed_dim, "embed_dim")
        self.num_heads = _positive_int(num_heads, "num_heads")
        self.kdim = self.embed_dim if kdim is None else _positive_int(kdim, "kdim")
        self.vdim = self.embed_dim if vdim is None else _positive_int(vdim, "vdim")
        self._qkv_same_embed_dim = self.kdim == self.embed_dim and self.vdim == self.embed_dim
        if _bool(add_bias_kv, "add_bias_kv") or _bool(add_zero_attn, "add_zero_attn"):
            raise ConfigError("MultiheadAttention: add_bias_kv and add_zero_attn are not supported")
        self.dropout = _probability(dropout, "dropout")
        self.batch_first = _bool(batch_first, "batch_first")
        self.head_dim = self.embed_dim // self.num_heads
        if self.head_dim * self.num_heads != self.embed_dim:
            raise ConfigError("embed_dim must be divisible by num_heads")
        has_bias = _bool(bias, "bias")
        seed = _seed(seed)
        e = self.embed_dim
        rng = _np.random.default_rng(seed)
        self.in_proj_weight: Parameter | None = None
        self.q_proj_weight: Parameter | None = None
        self.k_proj_weight: Parameter | None = None
        self.v_proj_weight: Parameter | None = None
        if self._qkv_same_embed_dim:
            self.in_proj_weight = _uniform(
                rng, _math.sqrt(6.0 / float(e + 3 * e)), (3 * e, e), "in_proj_weight", dtype, device
            )
        else:
            for name, width in (("q", e), ("k", self.kdim), ("v", self.vdim)):
                bound = _math.sqrt(6.0 / float(e + width))
                w = _uniform(rng, bound, (e, width), f"{name}_proj_weight", dtype, device)
                setattr(self, f"{name}_proj_weight", w)
        self.in_proj_bias: Parameter | None = None
        if has_bias:
            self.in_proj_bias = _filled(0.0, (3 * e,), "in_proj_bias", dtype, device)
        out_proj = Linear(
            e, e, bias=has_bias, seed=_offset_seed(seed, 1), dtype=dtype, device=device
        )
        if has_bias:
            out_proj.bias = _filled(0.0, (e,), "bias", dtype, device)
        self.out_proj = out_proj
        self.add_zero_attn = False
        self.bias_k = self.bias_v = None

    def forward(
        self,
        sess: Session,
        query: Tensor,
        key: Tensor,
        value: Tensor,
        key_padding_mask: Any = None,
        need_weights: bool = True,
        attn_mask: Any = None,
        average_attn_weights: bool = True,
        is_causal: bool = False,
    ) -> tuple[Tensor, Tensor | None]:
        """Computes attention outputs using query, key and value embeddings; call the module,
        ``module(query, key, value, ...)``.

        Masks follow torch's semantics: a bool mask is ``True`` where attending is NOT
        allowed, a floating mask is added to the attention scores. Masks may be eagertape
        tensors (bool or floating), or numpy arrays or torch tensors (copied in with
        ``sess.input``).

        Args:
            sess (Session): the session (passed by ``Module.__call__``).
            query (Tensor): query embeddings, ``(L, N, E)``, ``(N, L, E)`` with
                ``batch_first``, or ``(L, E)`` unbatched.
            key (Tensor): key embeddings, ``(S, N, kdim)`` (batch first likewise) or
                ``(S, kdim)``.
            value (Tensor): value embeddings, ``(S, N, vdim)`` (batch first likewise) or
                ``(S, vdim)``.
            key_padding_mask (Tensor or array, optional): ``(N, S)`` (``(S,)`` unbatched):
                which keys to ignore for attention (padding). Default: ``None``.
            need_weights (bool): if ``True``, also returns the attention weights; if
                ``False``, runs `eagertape.nn.functional.scaled_dot_product_attention` and
                returns ``None`` for them. Default: ``True``.
            attn_mask (Tensor or array, optional): ``(L, S)``, or ``(N * num_heads, L, S)``
                for a mask per batch entry and head: the attended positions allowed per
                query. Default: ``None``.
            average_attn_weights (bool): if ``True``, the returned weights are averaged
                across heads, else given per head. Default: ``True``.
            is_causal (bool): a hint that ``attn_mask`` is the causal mask (it requires
                ``attn_mask``). Default: ``False``.

        Returns:
            tuple: ``(output, weights)``: the output, of the query's shape with ``E``
            features; the weights ``(N, L, S)`` (``(N, num_heads, L, S)`` when not
            averaged, without ``N`` unbatched), or ``None`` when ``need_weights`` is False.

        Raises:
            ShapeError: inputs or masks of inconsistent ranks or shapes.
            ArgumentError: ``is_causal`` without ``attn_mask``, or a mask of an integer
                dtype.
        """
        kpm = _float_mask(sess, _session_mask(sess, key_padding_mask, "key_padding_mask"))
        mask = _float_mask(sess, _session_mask(sess, attn_mask, "attn_mask"))
        batched = len(query.shape) == 3
        self_attention = query is key and key is value
        shared_kv = key is value
        if (
            self_attention
            and batched
            and not need_weights
            and kpm is None
            and self._qkv_same_embed_dim
        ):
            fast = self._self_attention(sess, query, mask, is_causal)
            if fast is not None:
                return fast, None
        if self.batch_first and batched:  # keeping the "is" relations, as torch does
            if self_attention:
                query = key = value = query.transpose(1, 0)
            elif shared_kv:
                query, key = query.transpose(1, 0), key.transpose(1, 0)
                value = key
            else:
                query, key, value = (t.transpose(1, 0) for t in (query, key, value))
        out, weights = self._attend(
            sess,
            query,
            key,
            value,
            kpm,
            need_weights,
            mask,
            average_attn_weights,
            is_causal,
            self_attention,
            shared_kv,
        )
        if self.batch_first and batched:
            out = out.transpose(1, 0)
        return out, weights

    def _self_attention(
        self, sess: Session, x: Tensor, mask: Tensor | None, is_causal: bool
    ) -> Tensor | None:
        """Batched self-attention without weights or a padding mask, in the input's own
        layout: one product per projection (the rows of ``in_proj_weight``, as torch's
        packed product computes them), each reshaped to heads as views, so no copy is made
        before ``scaled_dot_product_attention`` and none of ``(N, L, 3E)`` is kept for
        backward. None when ``x``'s shape or the mask needs the general path."""
        e, heads, hd = self.embed_dim, self.num_heads, self.head_dim
        if x.shape[-1] != e:
            return None
        if self.batch_first:
            bsz, length = x.shape[0], x.shape[1]
            to_heads, from_heads = (0, 2, 1, 3), (0, 2, 1, 3)
        else:
            length, bsz = x.shape[0], x.shape[1]
            to_heads, from_heads = (1, 2, 0, 3), (2, 0, 1, 3)
        if is_causal and mask is None:
            raise ArgumentError(
                "Need attn_mask if specifying the is_causal hint (MultiheadAttention uses "
                "is_causal only as a hint that attn_mask is the causal mask)"
            )
        if is_causal:
            mask = None  # scaled_dot_product_attention applies the causal mask itself
        elif mask is not None and tuple(mask.shape) != (length, length):
            return None
        assert self.in_proj_weight is not None  # set when _qkv_same_embed_dim (checked above)
        w = sess.use(self.in_proj_weight)
        b = sess.use(self.in_proj_bias) if self.in_proj_bias is not None else None
        ws = w.chunk(3)
        bs = b.chunk(3) if b is not None else (None, None, None)
        q, k, v = (
            linear(x, wi, bi).reshape(*x.shape[:2], heads, hd).permute(*to_heads)
            for wi, bi in zip(ws, bs, strict=True)
        )
        dropout_p = self.dropout if self.training else 0.0
        out = scaled_dot_product_attention(q, k, v, mask, dropout_p, is_causal)
        out = out.permute(*from_heads).reshape(*x.shape[:2], e)
        out_w = sess.use(self.out_proj.weight)
        out_b = sess.use(self.out_proj.bias) if self.out_proj.bias is not None else None
        del bsz
        return linear(out, out_w, out_b)

    def _in_projection(
        self,
        sess: Session,
        query: Tensor,
        key: Tensor,
        value: Tensor,
        self_attention: bool,
        shared_kv: bool,
    ) -> tuple[Tensor, Tensor, Tensor]:
        """torch's ``_in_projection_packed``: one product for self-attention, two when key is
        value, else three."""
        e = self.embed_dim
        b = sess.use(self.in_proj_bias) if self.in_proj_bias is not None else None
        if not self._qkv_same_embed_dim:
            q_weight, k_weight = self.q_proj_weight, self.k_proj_weight
            v_weight = self.v_proj_weight
            # set by __init__ when the key or value size differs from embed_dim
            assert q_weight is not None and k_weight is not None and v_weight is not None
            b_q, b_k, b_v = b.chunk(3) if b is not None else (None, None, None)
            return (
                linear(query, sess.use(q_weight), b_q),
                linear(key, sess.use(k_weight), b_k),
                linear(value, sess.use(v_weight), b_v),
            )
        assert self.in_proj_weight is not None  # set by __init__ when _qkv_same_embed_dim
        w = sess.use(self.in_proj_weight)
        if self_attention:
            q, k, v = linear(query, w, b).chunk(3, -1)
            return q, k, v
        if shared_kv:
            w_q, w_kv = w.split([e, 2 * e])
            b_q, b_kv = b.split([e, 2 * e]) if b is not None else (None, None)
            k, v = linear(key, w_kv, b_kv).chunk(2, -1)
            return linear(query, w_q, b_q), k, v
        w_q, w_k, w_v = w.chunk(3)
        b_q, b_k, b_v = b.chunk(3) if b is not None else (None, None, None)
        return linear(query, w_q, b_q), linear(key, w_k, b_k), linear(value, w_v, b_v)

    def _attend(
        self,
        sess: Session,
        query: Tensor,
        key: Tensor,
        value: Tensor,
        kpm: Tensor | None,
        need_weights: bool,
        mask: Tensor | None,
        average_attn_weights: bool,
        is_causal: bool,
        self_attention: bool,
        shared_kv: bool,
    ) -> tuple[Tensor, Tensor | None]:
        """torch's ``F.multi_head_attention_forward`` on sequence-first inputs, the masks
        already additive."""
        batched = _shape_check(query, key, value, kpm, mask, self.num_heads)
        if not batched:
            query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
            if kpm is not None:
                kpm = kpm.unsqueeze(0)
        tgt_len, bsz, embed_dim = query.shape
        src_len = key.shape[0]
        heads, head_dim = self.num_heads, self.head_dim
        if is_causal and mask is None:
            raise ArgumentError(
                "Need attn_mask if specifying the is_causal hint (MultiheadAttention uses "
                "is_causal only as a hint that attn_mask is the causal mask)"
            )
        if is_causal and kpm is None and not need_weights:
            mask = None  # scaled_dot_product_attention applies the causal mask itself
        elif kpm is not None:
            is_causal = False  # the merged mask is no longer causal
        if embed_dim != self.embed_dim:
            raise ShapeError(
                f"was expecting embedding dimension of {self.embed_dim}, but got {embed_dim}"
            )
        if self._qkv_same_embed_dim:
            if tuple(key.shape) != tuple(value.shape):
                raise ShapeError(f"key shape {key.shape} does not match value shape {value.shape}")
        elif tuple(key.shape[:-1]) != tuple(value.shape[:-1]):
            raise ShapeError(
                f"key's sequence and batch dims {tuple(key.shape[:-1])} do not match value's "
                f"{tuple(value.shape[:-1])}"
            )
        q, k, v = self._in_projection(sess, query, key, value, self_attention, shared_kv)
        if mask is not None:
            if len(mask.shape) == 2:
                if tuple(mask.shape) != (tgt_len, src_len):
                    raise ShapeError(
                        f"The shape of the 2D attn_mask is {mask.shape}, but should be "
                        f"{(tgt_len, src_len)}."
                    )
                mask = mask.unsqueeze(0)
            elif tuple(mask.shape) != (bsz * heads, tgt_len, src_len):
                raise ShapeError(
                    f"The shape of the 3D attn_mask is {mask.shape}, but should be "
                    f"{(bsz * heads, tgt_len, src_len)}."
                )
        q = q.reshape(tgt_len, bsz * heads, head_dim).transpose(0, 1)
        k = k.reshape(src_len, bsz * heads, head_dim).transpose(0, 1)
        v = v.reshape(src_len, bsz * heads, head_dim).transpose(0, 1)
        if kpm is not None:
            if tuple(kpm.shape) != (bsz, src_len):
                raise ShapeError(
                    f"expected shape of key_padding_mask to be {(bsz, src_len)}, but got "
                    f"{kpm.shape}"
                )
            kpm = kpm.reshape(bsz, 1, 1, src_len).expand(-1, heads, -1, -1)
            kpm = kpm.reshape(bsz * heads, 1, src_len)
            mask = kpm if mask is None else mask + kpm
        dropout_p = self.dropout if self.training else 0.0
        out_w = sess.use(self.out_proj.weight)
        out_b = sess.use(self.out_proj.bias) if self.out_proj.bias is not None else None

        if need_weights:
            scores = (q * _math.sqrt(1.0 / float(head_dim))) @ k.transpose(-2, -1)
            if mask is not None:
                scores = mask + scores
            weights = scores.softmax(-1)
            if dropout_p > 0.0:
                weights = dropout(weights, dropout_p, True)
            out = (weights @ v).transpose(0, 1).reshape(tgt_len * bsz, embed_dim)
            out = linear(out, out_w, out_b).reshape(tgt_len, bsz, embed_dim)
            weights = weights.reshape(bsz, heads, tgt_len, src_len)
            if average_attn_weights:
                weights = weights.mean(1)
            if not batched:
                out, weights = out.squeeze(1), weights.squeeze(0)
            return out, weights

        if mask is not None:
            if mask.shape[0] == 1 and len(mask.shape) == 3:
                mask = mask.unsqueeze(0)
            else:
                mask = mask.reshape(bsz, heads, -1, src_len)
        q = q.reshape(bsz, heads, tgt_len, head_dim)
        k = k.reshape(bsz, heads, src_len, head_dim)
        v = v.reshape(bsz, heads, src_len, head_dim)
        out = scaled_dot_product_attention(q, k, v, mask, dropout_p, is_causal)
        out = out.permute(2, 0, 1, 3).reshape(bsz * tgt_len, embed_dim)
        out = linear(out, out_w, out_b).reshape(tgt_len, bsz, embed_dim)
        if not batched:
            out = out.squeeze(1)
        return out, None

    def extra_repr(self) -> str:
        return (
            f"embed_dim={self.embed_dim}, num_heads={self.num_heads}, dropout={self.dropout}, "
            f"batch_first={self.batch_first}"
        )
