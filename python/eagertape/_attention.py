"""``scaled_dot_product_attention`` with torch's signature and semantics.

Two paths, chosen as torch's CPU dispatcher chooses: LibTorch's fused CPU kernel (forward and
its dedicated backward, keeping only the operands, the output and the rows' log-sum-exp; see
``src/ops/attention.rs``) for 4-D ``(N, H, L, E)`` operands of one head size with no dropout;
otherwise a composition of the tape's own ops (``q @ kᵀ · scale``, the masks, a softmax that
gives fully masked rows zeros as torch does, dropout from the session's RNG, ``@ v``), which also
runs on CUDA and on the reference carriers.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from . import _core
from ._core import Tensor
from ._errors import ArgumentError, ShapeError, UnsupportedOpError

_FUSED_DTYPES = ("float32", "float64", "bfloat16", "float16")


def _host_mask(mask: Any) -> np.ndarray:
    """A torch tensor or array-like mask as a numpy array (bool stays bool)."""
    if hasattr(mask, "detach") and hasattr(mask, "cpu"):
        mask = mask.detach().cpu().numpy()
    return np.asarray(mask)


def _is_bool(mask: Tensor | np.ndarray) -> bool:
    return str(mask.dtype) == "bool"


def _fused(
    query: Tensor,
    key: Tensor,
    value: Tensor,
    mask: Tensor | np.ndarray | None,
    dropout_p: float,
) -> bool:
    """Whether torch's CPU dispatcher would take the fused kernel for these operands."""
    if dropout_p != 0.0 or not all(isinstance(t, Tensor) for t in (key, value)):
        return False
    if query.device != "cpu" or query.dtype not in _FUSED_DTYPES:
        return False
    q, k, v = query.shape, key.shape, value.shape
    if len(q) != 4 or len(k) != 4 or k != v or q[:2] != k[:2] or q[3] != k[3]:
        return False
    if 0 in q or 0 in k:
        return False
    if mask is not None:
        if len(mask.shape) > 4:
            return False
        if isinstance(mask, Tensor) and mask.requires_grad:
            return False  # the fused kernel gives the mask no gradient; composing does
    return True


def _empty_rows(mask: Tensor | np.ndarray, dtype: str) -> Tensor | np.ndarray | None:
    """The rows (``(..., L, 1)``) of ``mask`` that leave nothing to attend to, or None when
    there are none (or, for an additive mask on the interval carrier, which cannot compare,
    when it cannot tell: an interval mask holds no -inf)."""
    if isinstance(mask, np.ndarray):
        empty = (
            ~mask.any(-1, keepdims=True)
            if mask.dtype == bool
            else np.isneginf(mask).all(-1, keepdims=True)
        )
        return empty if empty.any() else None
    if _is_bool(mask):
        return mask.sum(-1, keepdim=True) == 0
    if dtype == "interval":
        return None
    return mask.amax(-1, keepdim=True) == float("-inf")


def _broadcast(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...] | None:
    """numpy's broadcast of two shapes, or None."""
    try:
        return tuple(np.broadcast_shapes(a, b))
    except ValueError:
        return None


def _check_shapes(query: Tensor, key: Any, value: Any, mask: Any) -> None:
    """torch's shape rules, checked before anything is recorded (so a rejected call records
    nothing)."""
    q, k, v = tuple(query.shape), tuple(key.shape), tuple(value.shape)
    bad = None
    if len(k) < 2 or len(v) < 2 or len(q) < 2:
        bad = "query, key and value need at least 2 dims (..., L, E)"
    elif k[-1] != q[-1]:
        bad = f"the key's width {k[-1]} differs from the query's {q[-1]}"
    elif v[-2] != k[-2]:
        bad = f"value has {v[-2]} positions, key {k[-2]}"
    elif _broadcast(q[:-2], k[:-2]) is None or _broadcast(q[:-2], v[:-2]) is None:
        bad = "the batch dims of query, key and value do not broadcast"
    elif mask is not None:
        batch = _broadcast(q[:-2], k[:-2]) or ()
        scores = batch + (q[-2], k[-2])
        if _broadcast(tuple(mask.shape), scores) != scores:
            bad = f"attn_mask {tuple(mask.shape)} does not broadcast to {scores}"
    if bad is not None:
        raise ShapeError(f"scaled_dot_product_attention: {bad} (query {q}, key {k}, value {v})")


def _composed(
    query: Tensor,
    key: Tensor,
    value: Tensor,
    mask: Tensor | np.ndarray | None,
    dropout_p: float,
    is_causal: bool,
    scale: float,
) -> Tensor:
    scores = (query @ key.transpose(-2, -1)) * scale
    if is_causal:
        n_q, n_k = query.shape[-2], key.shape[-2]
        keep = np.tril(np.ones((n_q, n_k), dtype=bool))
        scores = scores.masked_fill(~keep, float("-inf"))
    if mask is None:
        weights = scores.softmax(-1)
    else:
        if _is_bool(mask):
            hidden = mask.logical_not() if isinstance(mask, Tensor) else ~mask
            scores = scores.masked_fill(hidden, float("-inf"))
        else:
            scores = scores + mask
        empty = _empty_rows(mask, query.dtype)
        if empty is None:
            weights = scores.softmax(-1)
        else:
            # torch's safe softmax: a row with nothing to attend to gives zeros, and no NaN
            # reaches the gradient (the row is softmaxed as zeros, then zeroed).
            weights = scores.masked_fill(empty, 0.0).softmax(-1).masked_fill(empty, 0.0)
    if dropout_p > 0.0:
        weights = _core.dropout(weights, dropout_p, True)
    return weights @ value


def scaled_dot_product_attention(
    query: Tensor,
    key: Tensor,
    value: Tensor,
    attn_mask: Any = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    enable_gqa: bool = False,
) -> Tensor:
    """``softmax(q @ kᵀ · scale + mask) @ v``, as torch's ``F.scaled_dot_product_attention``:
    operands ``(..., L, E)``, ``(..., S, E)``, ``(..., S, Ev)``; ``attn_mask`` bool (True: take
    part) or additive, broadcastable to ``(..., L, S)``; ``is_causal`` the lower-triangular
    mask (top-left aligned); ``scale`` defaults to ``1/sqrt(E)``; dropout on the attention
    weights is drawn from the session's RNG."""
    if not isinstance(query, Tensor):
        raise TypeError(f"query must be an eagertape Tensor, got {type(query).__name__}")
    if enable_gqa:
        raise ArgumentError("scaled_dot_product_attention: enable_gqa=True is not supported")
    if not 0.0 <= dropout_p <= 1.0:
        raise ArgumentError(
            f"scaled_dot_product_attention: dropout_p must be in [0, 1], got {dropout_p}"
        )
    if is_causal and attn_mask is not None:
        raise ArgumentError(
            "scaled_dot_product_attention: an explicit attn_mask should not be set when "
            "is_causal=True"
        )
    mask = attn_mask
    if mask is not None and not isinstance(mask, Tensor):
        mask = _host_mask(mask)
    for name, t in (("key", key), ("value", value)):
        if not isinstance(t, Tensor):
            raise TypeError(f"{name} must be an eagertape Tensor, got {type(t).__name__}")
    _check_shapes(query, key, value, mask)
    if _fused(query, key, value, mask, dropout_p):
        try:
            return _core._flash_attention(query, key, value, mask, is_causal, scale)
        except UnsupportedOpError:
            pass  # a reference carrier (refused before anything was recorded): compose
    factor = 1.0 / math.sqrt(query.shape[-1]) if scale is None else float(scale)
    return _composed(query, key, value, mask, dropout_p, is_causal, factor)
