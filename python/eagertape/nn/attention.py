"""``MultiheadAttention`` with torch's parameter layout: a shell over
``F.multi_head_attention_forward`` (``src/ops/multi_head.rs``), which holds the masks'
handling, both code paths (explicit weights when ``need_weights``,
``scaled_dot_product_attention`` otherwise) and the checks."""

from __future__ import annotations

from typing import Any

from .._core import Parameter, Session, Tensor, _multi_head_attention_forward
from .._errors import ConfigError
from ._utils import (
    _bool,
    _draws,
    _filled,
    _module_dtype,
    _offset_seed,
    _positive_int,
    _probability,
    _seed,
    _session_mask,
    _uniform,
    _xavier_bound,
)
from .linear import Linear
from .module import Module

__all__ = ["MultiheadAttention"]


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
    inputs, masks and shapes. The computation is
    `eagertape.nn.functional.multi_head_attention_forward` on the module's parameters (in
    Rust); when ``need_weights`` is False the attention runs through
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
            (torch's default generator, in torch's order: after `eagertape.manual_seed(n)`,
            torch's values for that seed).
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
        # torch's order of draws: `out_proj` is built (a Linear's draws) before
        # `_reset_parameters` draws the input projections (xavier).
        out_proj = Linear(
            e, e, bias=has_bias, seed=_offset_seed(seed, 1), dtype=dtype, device=device
        )
        rng = _draws(seed, dtype)
        self.in_proj_weight: Parameter | None = None
        self.q_proj_weight: Parameter | None = None
        self.k_proj_weight: Parameter | None = None
        self.v_proj_weight: Parameter | None = None
        if self._qkv_same_embed_dim:
            self.in_proj_weight = _uniform(
                rng, _xavier_bound(e, 3 * e), (3 * e, e), "in_proj_weight", dtype, device
            )
        else:
            for name, width in (("q", e), ("k", self.kdim), ("v", self.vdim)):
                bound = _xavier_bound(width, e)
                w = _uniform(rng, bound, (e, width), f"{name}_proj_weight", dtype, device)
                setattr(self, f"{name}_proj_weight", w)
        self.in_proj_bias: Parameter | None = None
        if has_bias:
            self.in_proj_bias = _filled(0.0, (3 * e,), "in_proj_bias", dtype, device)
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

        The computation is `eagertape.nn.functional.multi_head_attention_forward` on the
        module's parameters, in the module's layout (``batch_first``: transposed there,
        keeping which of query, key and value are the same tensor, which picks torch's packed
        projections).

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
        kpm = _session_mask(sess, key_padding_mask, "key_padding_mask")
        mask = _session_mask(sess, attn_mask, "attn_mask")

        def use(p: Parameter | None) -> Tensor | None:
            return None if p is None else sess.use(p)

        return _multi_head_attention_forward(
            query,
            key,
            value,
            self.embed_dim,
            self.num_heads,
            use(self.in_proj_weight),
            use(self.in_proj_bias),
            None,
            None,
            False,
            self.dropout,
            sess.use(self.out_proj.weight),
            use(self.out_proj.bias),
            training=self.training,
            key_padding_mask=kpm,
            need_weights=bool(need_weights),
            attn_mask=mask,
            use_separate_proj_weight=not self._qkv_same_embed_dim,
            q_proj_weight=use(self.q_proj_weight),
            k_proj_weight=use(self.k_proj_weight),
            v_proj_weight=use(self.v_proj_weight),
            average_attn_weights=bool(average_attn_weights),
            is_causal=bool(is_causal),
            batch_first=self.batch_first,
        )

    def extra_repr(self) -> str:
        return (
            f"embed_dim={self.embed_dim}, num_heads={self.num_heads}, dropout={self.dropout}, "
            f"batch_first={self.batch_first}"
        )
