"""The op table's rows of the compositions (``src/ops/derive.rs``: ``trace diff cross kron
tensordot logit nansum nanmean round(decimals) isclose``), the truth reductions
(``src/ops/logical.rs``: ``any all count_nonzero``), ``diagonal``/``diag`` and the tuple
reductions ``var_mean``/``std_mean``/``aminmax``. Data results (bool, int64) scale values,
so every row has a gradient to check."""

from __future__ import annotations

import numpy as np
import torch
from op_table import Op, normal

import eagertape as et

POINT = ("libtorch", "reference", "ieee32")
NAN_AT = np.array([[False, True, False, False], [False] * 4, [True, False, False, True]])


def _flat(m, *parts):
    return m.cat([p.reshape(-1) for p in parts])


def _diagonals(m, x, v):
    first = m.diag(x, 1)  # first: a bad rank records nothing
    return _flat(
        m,
        m.diagonal(x, 1) * 2.0,
        x.diagonal(-1, 1, 0),
        first,
        x.diag(),
        m.diag(v, -1),
        v.diag(),
    )


def _structure(m, x, a, b, k):
    t = x.trace()  # first: a bad rank records nothing
    d = m.diff(x, n=2, dim=0, prepend=x[:1] * 2.0)
    return _flat(
        m,
        t * 2.0 + m.trace(x[:, :3]),
        x.diff(),
        d,
        m.cross(a, b, dim=1),
        a.cross(b, dim=-1) * 0.5,
        m.kron(a, k),
        m.tensordot(a.T @ b, x, dims=([1], [0])),
        m.tensordot(a, b, dims=2),
        m.tensordot(x, k[:1, :1], dims=0),
    )


def _logit(m, p):
    return m.logit(p) + p.logit(eps=0.2) * 2.0


def _logit_sample(rng):
    # away from 0.2 and 0.8 (the clamps' kinks) and inside (0, 1)
    lo = rng.uniform(0.05, 0.15, size=(3, 2))
    hi = rng.uniform(0.25, 0.75, size=(3, 2))
    return [np.concatenate([lo, hi], axis=1)]


def _nan(m, x):
    plain = m.nansum(x)  # first: a carrier without isnan records nothing
    y = x.masked_fill(NAN_AT if m is et else torch.as_tensor(NAN_AT), float("nan"))
    return _flat(
        m, plain, m.nansum(y), y.nansum(1, keepdim=True) * 2.0, m.nanmean(y, 0), y.nanmean()
    )


def _round_sample(rng):
    # off the rounding ties and their neighbourhoods at 0, 1 and -1 decimals
    return [rng.integers(-40, 40, size=(3, 4)) + rng.uniform(0.12, 0.38, size=(3, 4))]


def _round(m, x):
    return x * 1.0 + m.round(x) + x.round(decimals=1) + m.round(x * 7.0, decimals=-1)


def _truth(m, x, y):
    close = m.isclose(x, y, rtol=0.1, atol=0.05).to(x.dtype)
    exact = float(m.allclose(x, x)) + float(x.allclose(y)) + float(m.equal(x, x))
    return (
        x * close
        + x * (x > 0).any(1, keepdim=True).to(x.dtype)
        + x * m.all(x > -1.5, 0).to(x.dtype)
        + x * x.count_nonzero(1).unsqueeze(1).to(x.dtype)
        + y * m.count_nonzero(x > 0).to(x.dtype)
        + x * (exact + float(y.equal(x)))
        + x * x.isclose(y, equal_nan=True).to(x.dtype)
    )


def _near(rng):
    x = rng.standard_normal((3, 4))
    return [x, x + rng.choice([0.0, 0.01, 1.0], size=(3, 4))]


def _moments(m, x):
    v, mean = m.var_mean(x, 1)
    s, mean0 = m.std_mean(x, dim=0, correction=0)
    if m is et:
        r = m.aminmax(x, dim=1)
        whole = x.aminmax()
        lo, hi, wlo, whi = r.min, r.max, whole.min, whole.max
    else:  # torch has no derivative for aminmax: its amin/amax are the same values
        lo, hi, wlo, whi = x.amin(1), x.amax(1), x.amin(), x.amax()
    return _flat(m, v + mean, s * mean0, lo * 2.0 + hi, wlo + whi * 3.0)


def _order(m, x):
    md = m.median(x, 1)  # first: a carrier without LibTorch's kernels records nothing
    y = x.masked_fill(NAN_AT if m is et else torch.as_tensor(NAN_AT), float("nan"))
    return _flat(
        m,
        x.median(),
        md.values * 2.0 + x.gather(1, md.indices.unsqueeze(1)).squeeze(1),
        x.median(0, keepdim=True).values,
        m.nanmedian(y),
        y.nanmedian(1).values,
        x.mode(1).values,
        m.mode(x, 0, keepdim=True).values * 3.0,
    )


def _running(m, x):
    mx = x.cummax(1)
    return _flat(
        m,
        mx.values + x.gather(1, mx.indices) * 0.5,
        m.cummin(x, 0).values * 2.0,
        x.cumprod(1),
        m.cumprod(x, 0) * 3.0,
    )


def _quantile(m, x, q):
    qs = [0.25, 0.5, 0.9] if m is et else torch.tensor([0.25, 0.5, 0.9], dtype=x.dtype)
    return _flat(
        m,
        m.quantile(x, q, dim=0),  # q a tensor: its gradient too
        m.quantile(x, 0.3),
        x.quantile(qs, dim=1, keepdim=True),
        *(m.quantile(x, 0.35, dim=0, interpolation=i) for i in ("lower", "higher", "midpoint")),
        x.quantile(0.6, dim=1, interpolation="nearest"),
    )


ORDER = ("libtorch",)  # LibTorch's kernels choose the indices (torch's order of ties)

DERIVE_OPS: tuple[Op, ...] = (
    Op(
        "median_nanmedian_mode",
        lambda x: _order(et, x),
        lambda x: _order(torch, x),
        normal((3, 4)),
        carriers=ORDER,
        covers=(
            "et.median",
            "Tensor.median",
            "et.nanmedian",
            "Tensor.nanmedian",
            "et.mode",
            "Tensor.mode",
        ),
    ),
    Op(
        "cummax_cummin_cumprod",
        lambda x: _running(et, x),
        lambda x: _running(torch, x),
        normal((3, 4)),
        carriers=ORDER,
        covers=(
            "et.cummax",
            "Tensor.cummax",
            "et.cummin",
            "Tensor.cummin",
            "et.cumprod",
            "Tensor.cumprod",
        ),
    ),
    Op(
        "quantile",
        lambda x, q: _quantile(et, x, q),
        lambda x, q: _quantile(torch, x, q),
        lambda rng: [rng.standard_normal((3, 4)), rng.uniform(0.05, 0.45, size=(2,))],
        carriers=ORDER,
        covers=("et.quantile", "Tensor.quantile"),
    ),
    Op(
        "diagonal_and_diag",
        lambda x, v: _diagonals(et, x, v),
        lambda x, v: _diagonals(torch, x, v),
        normal((3, 4), (3,)),
        bad=(("diag_rank", [(2, 3, 4), (3,)], et.ShapeError),),
        covers=("et.diagonal", "Tensor.diagonal", "et.diag", "Tensor.diag"),
    ),
    Op(
        "trace_diff_cross_kron_tensordot",
        lambda x, a, b, k: _structure(et, x, a, b, k),
        lambda x, a, b, k: _structure(torch, x, a, b, k),
        normal((3, 4), (2, 3), (2, 3), (2, 2)),
        bad=(("trace_rank", [(3,), (2, 3), (2, 3), (2, 2)], et.ShapeError),),
        covers=(
            "et.trace",
            "Tensor.trace",
            "et.diff",
            "Tensor.diff",
            "et.cross",
            "Tensor.cross",
            "et.kron",
            "Tensor.kron",
            "et.tensordot",
        ),
    ),
    Op(
        "logit",
        lambda p: _logit(et, p),
        lambda p: _logit(torch, p),
        _logit_sample,
        covers=("et.logit", "Tensor.logit"),
    ),
    Op(
        "nansum_nanmean",
        lambda x: _nan(et, x),
        lambda x: _nan(torch, x),
        normal((3, 4)),
        carriers=POINT,  # NaN tests on intervals have no truth value
        covers=("et.nansum", "Tensor.nansum", "et.nanmean", "Tensor.nanmean"),
    ),
    Op(
        "round_decimals",
        lambda x: _round(et, x),
        lambda x: _round(torch, x),
        _round_sample,
        covers=("et.round", "Tensor.round"),
    ),
    Op(
        "isclose_any_all_count_nonzero",
        lambda x, y: _truth(et, x, y),
        lambda x, y: _truth(torch, x, y),
        _near,
        carriers=POINT,
        covers=(
            "et.isclose",
            "Tensor.isclose",
            "et.allclose",
            "Tensor.allclose",
            "et.equal",
            "Tensor.equal",
            "et.any",
            "Tensor.any",
            "et.all",
            "Tensor.all",
            "et.count_nonzero",
            "Tensor.count_nonzero",
        ),
    ),
    Op(
        "var_mean_std_mean_aminmax",
        lambda x: _moments(et, x),
        lambda x: _moments(torch, x),
        normal((3, 4)),
        covers=("et.var_mean", "et.std_mean", "et.aminmax", "Tensor.aminmax"),
    ),
)
