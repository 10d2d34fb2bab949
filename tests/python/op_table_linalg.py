"""The op table's rows of the ops LibTorch computes whole (``src/ops/aten.rs``): the matrix
functions (``src/ops/linalg.rs``) and the special and distance functions
(``src/ops/special.rs``). Their values and gradients are LibTorch's by construction; the rows
check the wiring (argument order, defaults, which output is which) against torch's autograd
and finite differences. The functions torch has no derivative of (``heaviside``,
``nextafter``, ``frexp``, ``histc``, ``geqrf``) read detached operands, their values scaled by
a differentiable factor."""

from __future__ import annotations

import numpy as np
import torch
from op_table import Op

import eagertape as et

LIBTORCH = ("libtorch",)


def _square(rng, *batch):
    """Diagonally dominant `(*batch, 3, 3)` matrices: well conditioned, positive determinant."""
    return rng.standard_normal((*batch, 3, 3)) * 0.3 + 2.0 * np.eye(3)


def _eye3(x):
    """`3 I` in `x`'s dtype and session (from `x`, so both libraries build it alike)."""
    return (x[0] * 0.0 + 3.0).diag_embed()


def _matrices(lib, a, b, w):
    """`a` `(3, 3)`, `b` `(2, 3, 3)` square; `w` `(3, 4)`."""
    first = lib.det(a)  # first: a reference carrier refuses it before anything is recorded
    sl = lib.slogdet(b)
    return (
        first
        + a.det() * 0.5
        + lib.det(b).sum()
        + lib.logdet(a)
        + b.logdet().sum()
        + sl.logabsdet.sum()
        + sl.sign.sum()
        + a.slogdet()[1]
        + lib.inverse(a).sum()
        + (b.inverse() * b).sum()
        + lib.pinverse(w).sum()
        + w.pinverse(rcond=1e-10).pow(2).sum()
        + lib.matrix_exp(a * 0.5).sum()
        + (b * 0.25).matrix_exp().sum()
        + lib.matrix_power(a, -2).sum()  # the inverse's power, as torch's
        + b.matrix_power(-3).sum()
    )


def _svd(lib, w, b):
    u, s, v = lib.svd(w)
    ub, sb, vb = b.svd(some=False)
    _, s_only, _ = lib.svd(w, compute_uv=False)
    # (functions of the factors that a column's sign does not change)
    return (
        s.sum()
        + (u @ s.diag_embed() @ v.mT).pow(2).sum()
        + (u[:, 0].unsqueeze(1) * v[:, 0]).sum()
        + sb.sum()
        + (ub[..., 0].unsqueeze(-1) * vb[..., 0].unsqueeze(-2)).sum()
        + s_only.pow(2).sum()
    )


def _cholesky(lib, x, rhs):
    # first: a reference carrier refuses it before recording (torch's derivative of a
    # factor is not restricted to the triangle the solve reads: the factors are triangular)
    first = lib.det(x)
    low = x.tril() * 0.3 + _eye3(x)
    up = low.mT
    return (
        first.sum()
        + lib.cholesky_solve(rhs, low).sum()
        + rhs.cholesky_solve(up, upper=True).pow(2).sum()
        + lib.cholesky_inverse(low).sum()
        + up.cholesky_inverse(upper=True).pow(2).sum()
    )


def _lu(lib, a, rhs):
    lu, piv = a.lu()
    p, low, up = lib.lu_unpack(lu, piv)
    return (
        lu.sum()
        + lib.lu_solve(rhs, lu, piv).sum()
        + rhs.lu_solve(*lib.lu(a * 2.0)).pow(2).sum()
        + (p * 1.5).sum()
        + low.pow(2).sum()
        + up.sum()
        + lib.lu_unpack(lu, piv, unpack_pivots=False)[2].sum()
    )


def _householder(lib, w, c):
    first = lib.pinverse(w)  # first: a reference carrier refuses it before recording
    q, tau = lib.geqrf(w.detach())
    q2, tau2 = (w * 2.0).detach().geqrf()  # (no derivative: detached)
    return (
        first.sum()
        + lib.orgqr(q * 1.0, tau).sum()
        + (q2 + w * 0.5).orgqr(tau2 * 1.0).pow(2).sum()
        + lib.ormqr(q, tau, c).sum()
        + q.ormqr(tau, c.mT, left=False, transpose=True).pow(2).sum()
    )


def _special(lib, x, y):
    """`x`, `y` `(3, 4)` in (0.5, 2)."""
    polygamma = lib.polygamma(1, x) if lib is torch else et.polygamma(1, x)
    return (
        polygamma
        + x.polygamma(2) * 0.1
        + lib.mvlgamma(x + 2.0, 2)
        + (x + 1.0).mvlgamma(1)
        + lib.igamma(x.detach(), y)
        + x.detach().igammac(y * 0.5)
        + lib.logcumsumexp(x, 1)
        + y.logcumsumexp(-2)
        + lib.renorm(x, 2, 0, 1.5)
        + y.renorm(1.5, 1, 0.5)
        + lib.angle(x - 1.0) * x
        + (y - 1.0).angle()
    )


def _distances(lib, x, y):
    first = lib.cdist(x, y)  # first: a reference carrier refuses it before recording
    return (
        first.sum()
        + lib.dist(x, y[:3])
        + x.dist(y[0], 3)
        + lib.cdist(x, y).sum()
        + lib.cdist(x.unsqueeze(0), y, p=1.0).sum()
        + lib.cdist(x, y, compute_mode="use_mm_for_euclid_dist").sum()
        + lib.cdist(x, y, p=3.0, compute_mode="donot_use_mm_for_euclid_dist").sum()
        + lib.cov(x).sum()
        + x.cov(correction=0).sum()
        + lib.corrcoef(y).sum()
        + y.corrcoef().pow(2).sum()
    )


def _weighted_cov(lib, x, w):
    freq = np.array([1, 3, 2, 1])
    freq = torch.tensor(freq) if lib is torch else freq
    return lib.cov(x, fweights=freq, aweights=w) + x.cov(aweights=w * 2.0, correction=2)


def _no_derivative(lib, x, y):
    """The functions torch has no derivative of, on detached operands."""
    first = lib.angle(x)  # first: a reference carrier refuses it before recording
    xd, yd = x.detach(), y.detach()
    m, e = lib.frexp(xd * 3.0)
    return (
        first * x
        + lib.heaviside(xd, yd) * x
        + lib.heaviside(xd - 1.0, yd) * x
        + (xd - 1.0).heaviside(yd * 0.0 + 0.5) * y
        + lib.nextafter(xd, yd) * x
        + xd.nextafter(xd * 0.0) * y
        + m * x
        + e.to(x.dtype) * y
        + xd.frexp().mantissa * y
        + lib.histc(xd, 4).sum() * x
        + xd.histc(bins=3, min=0.5, max=1.5).sum() * y
        # (torch 2.11's vander backward fails: "modified by an inplace operation")
        + lib.vander(xd[0]).sum() * x
        + lib.vander(yd[1], 2, increasing=True).sum() * y
    )


LINALG_OPS: tuple[Op, ...] = (
    Op(
        "matrix_functions",
        lambda a, b, w: _matrices(et, a, b, w),
        lambda a, b, w: _matrices(torch, a, b, w),
        lambda rng: [_square(rng), _square(rng, 2), rng.standard_normal((3, 4))],
        carriers=LIBTORCH,
        covers=tuple(
            f"{f}.{n}"
            for n in ("det", "logdet", "slogdet", "inverse", "pinverse", "matrix_exp")
            for f in ("et", "Tensor")
        ),
    ),
    Op(
        "svd",
        lambda w, b: _svd(et, w, b),
        lambda w, b: _svd(torch, w, b),
        lambda rng: [rng.standard_normal((4, 3)), rng.standard_normal((2, 3, 3))],
        carriers=LIBTORCH,
        covers=("et.svd", "Tensor.svd"),
    ),
    Op(
        "cholesky_solve_and_inverse",
        lambda x, rhs: _cholesky(et, x, rhs),
        lambda x, rhs: _cholesky(torch, x, rhs),
        lambda rng: [_square(rng), rng.standard_normal((3, 2))],
        carriers=LIBTORCH,
        covers=tuple(
            f"{f}.{n}" for n in ("cholesky_solve", "cholesky_inverse") for f in ("et", "Tensor")
        ),
    ),
    Op(
        "lu_factor_solve_unpack",
        lambda a, rhs: _lu(et, a, rhs),
        lambda a, rhs: _lu(torch, a, rhs),
        lambda rng: [_square(rng), rng.standard_normal((3, 2))],
        carriers=LIBTORCH,
        covers=("et.lu", "Tensor.lu", "et.lu_solve", "Tensor.lu_solve", "et.lu_unpack"),
    ),
    Op(
        "householder",
        lambda w, c: _householder(et, w, c),
        lambda w, c: _householder(torch, w, c),
        lambda rng: [rng.standard_normal((4, 3)), rng.standard_normal((4, 2))],
        carriers=LIBTORCH,
        smooth=False,  # geqrf's operands are detached: finite differences see through them
        covers=tuple(f"{f}.{n}" for n in ("geqrf", "orgqr", "ormqr") for f in ("et", "Tensor")),
    ),
    Op(
        "special_functions",
        lambda x, y: _special(et, x, y),
        lambda x, y: _special(torch, x, y),
        lambda rng: [rng.uniform(0.5, 2.0, size=(3, 4)), rng.uniform(0.5, 2.0, size=(3, 4))],
        carriers=LIBTORCH,
        smooth=False,  # renorm's cap is a kink where a slice's norm meets it
        covers=tuple(
            f"{f}.{n}"
            for n in ("polygamma", "mvlgamma", "igamma", "igammac", "logcumsumexp", "renorm")
            for f in ("et", "Tensor")
        )
        + ("et.angle", "Tensor.angle"),
    ),
    Op(
        "distances_and_covariance",
        lambda x, y: _distances(et, x, y),
        lambda x, y: _distances(torch, x, y),
        lambda rng: [rng.standard_normal((3, 4)), rng.standard_normal((5, 4))],
        carriers=LIBTORCH,
        covers=("et.dist", "Tensor.dist", "et.cdist", "et.cov", "Tensor.cov")
        + ("et.corrcoef", "Tensor.corrcoef"),
    ),
    Op(
        "weighted_cov",
        lambda x, w: _weighted_cov(et, x, w),
        lambda x, w: _weighted_cov(torch, x, w),
        lambda rng: [rng.standard_normal((2, 4)), rng.uniform(0.5, 2.0, size=(4,))],
        carriers=LIBTORCH,
        covers=("et.cov",),
    ),
    Op(
        "no_derivative_functions",
        lambda x, y: _no_derivative(et, x, y),
        lambda x, y: _no_derivative(torch, x, y),
        lambda rng: [rng.uniform(0.5, 2.0, size=(3, 4)), rng.uniform(0.5, 2.0, size=(3, 4))],
        carriers=LIBTORCH,
        smooth=False,  # detached operands: finite differences see through them
        covers=tuple(
            f"{f}.{n}"
            for n in ("heaviside", "nextafter", "frexp", "histc")
            for f in ("et", "Tensor")
        )
        + ("et.vander",),
    ),
)


IDX = np.array([2, 0])
FLAT = np.array([0, 5, 11])
NANS = np.where(np.arange(12).reshape(3, 4) % 5 == 1, np.nan, 0.0)
MASK = np.array(
    [[True, False, True, False], [False, False, True, True], [True, True, False, False]]
)


def _c(lib, a):
    return torch.as_tensor(a) if lib is torch else a


def _writes(lib, x, s):
    """`x` `(3, 4)`, `s` `(3, 4)`: the scatters of views and indices (`scatter_views.rs`)."""
    first = lib.as_strided_scatter(x, s, (3, 4), (4, 1))  # first: a reference carrier refuses it
    return (
        first
        + lib.diagonal_scatter(x, s[0, :3])
        + x.diagonal_scatter(s[1, :3] * 2.0, 1)
        + lib.select_scatter(x, s[1] * 0.5, 0, 2)
        + x.select_scatter(s[:, 0], 1, -1)
        + lib.slice_scatter(x, s[:, :2] * 3.0, 1, 0, 4, 2)
        + x.slice_scatter(s[:1], start=1, end=2)
        + lib.as_strided(x, (3, 4), (1, 3)) * 0.5
        + x.as_strided((3, 4), (4, 1), 0)
        + lib.as_strided_scatter(x, s[:2, :2], (2, 2), (1, 2))
        + lib.masked_scatter(x, _c(lib, MASK), s * 2.0)
        + x.masked_scatter(_c(lib, MASK), s)
        + lib.index_reduce(x, 0, _c(lib, IDX), s[:2], "prod")
        + x.index_reduce(1, _c(lib, IDX), s[:, :2] * 0.5, "mean", include_self=False)
        + lib.put(x, _c(lib, FLAT), s[0, :3])
        + x.put(_c(lib, FLAT), s[1, :3], accumulate=True)
    )


def _writes_in_place(lib, x, s):
    first = lib.as_strided(x, (3, 4), (1, 3))  # first: a reference carrier refuses it
    y = x * 1.0
    y.masked_scatter_(_c(lib, MASK), s)
    z = x * 2.0
    z.index_reduce_(0, _c(lib, IDX), s[:2], "amax")
    w = x * 0.5
    w.put_(_c(lib, FLAT), s[2, :3])
    v = x * 1.5
    v.fill_diagonal_(2.5)
    u = x.mT * 1.0
    u.fill_diagonal_(-1.0, wrap=True)
    t = x * 1.0
    t.as_strided_((3, 4), (1, 3))
    return first + y + z + w + v + u.mT + t


def _tallies(lib, x, q):
    """`x` `(3, 4)`; `q` `(2,)` levels in (0, 1)."""
    first = lib.nanquantile(x, q)  # first: a reference carrier refuses it
    nanned = x + _c(lib, NANS)
    return lib.cat(
        [
            first.reshape(-1),
            x.nanquantile(q[0], dim=1).reshape(-1),
            lib.nanquantile(nanned, q, dim=0, keepdim=True, interpolation="midpoint").reshape(-1),
            lib.repeat_interleave(x, 2),
            x.repeat_interleave(3, dim=0).reshape(-1),
            x.repeat_interleave(2, dim=1, output_size=8).reshape(-1),
            x.sum_to_size(1, 4).reshape(-1),
            x.sum_to_size((3, 1)).reshape(-1),
            x.unfold(1, 2, 1).reshape(-1),
            x.unfold(0, 2, 2).reshape(-1),
        ]
    )


def _counts(lib, x):
    """`histogram` and `nonzero_static` (no derivative: detached, scaled by `x`)."""
    first = lib.repeat_interleave(x, 1).sum()  # first: a reference carrier refuses it
    xd = x.detach()
    hist, edges = lib.histogram(xd, 4)
    weighted = xd.histogram(3, range=(-1.0, 1.0), weight=xd.abs(), density=True)
    nz = lib.nonzero_static(xd > 0.0, size=5).to(x.dtype)
    nz2 = (xd > 0.5).nonzero_static(size=2, fill_value=7).to(x.dtype)
    return (
        first
        + hist.sum() * x
        + edges.sum() * x
        + weighted.hist.sum() * x
        + weighted.bin_edges.sum() * x
        + nz.sum() * x
        + nz2.sum() * x
    )


WRITE_OPS: tuple[Op, ...] = (
    Op(
        "writes_through_views_and_indices",
        lambda x, s: _writes(et, x, s),
        lambda x, s: _writes(torch, x, s),
        lambda rng: [rng.uniform(0.5, 2.0, size=(3, 4)), rng.uniform(0.5, 2.0, size=(3, 4))],
        carriers=LIBTORCH,
        smooth=False,  # index_reduce's products and means of repeated slices: kinks at ties
        covers=tuple(
            f"{f}.{n}"
            for n in (
                "diagonal_scatter",
                "select_scatter",
                "slice_scatter",
                "as_strided",
                "as_strided_scatter",
                "masked_scatter",
                "index_reduce",
                "put",
            )
            for f in ("et", "Tensor")
        ),
    ),
    Op(
        "writes_in_place",
        lambda x, s: _writes_in_place(et, x, s),
        lambda x, s: _writes_in_place(torch, x, s),
        lambda rng: [rng.uniform(0.5, 2.0, size=(3, 4)), rng.uniform(0.5, 2.0, size=(3, 4))],
        carriers=LIBTORCH,
        smooth=False,  # amax picks one of two near values
        covers=tuple(
            f"Tensor.{n}_"
            for n in ("masked_scatter", "index_reduce", "put", "fill_diagonal", "as_strided")
        ),
    ),
    Op(
        "quantiles_repeats_and_windows",
        lambda x, q: _tallies(et, x, q),
        lambda x, q: _tallies(torch, x, q),
        lambda rng: [rng.standard_normal((3, 4)), rng.uniform(0.1, 0.9, size=(2,))],
        carriers=LIBTORCH,
        covers=("et.nanquantile", "Tensor.nanquantile", "et.repeat_interleave")
        + ("Tensor.repeat_interleave", "Tensor.sum_to_size", "Tensor.unfold"),
    ),
    Op(
        "histogram_and_nonzero_static",
        lambda x: _counts(et, x),
        lambda x: _counts(torch, x),
        lambda rng: [rng.standard_normal((3, 4))],
        carriers=LIBTORCH,
        smooth=False,  # detached operands: finite differences see through them
        covers=("et.histogram", "Tensor.histogram", "et.nonzero_static")
        + ("Tensor.nonzero_static",),
    ),
)
LINALG_OPS = LINALG_OPS + WRITE_OPS


def _assemble(lib, a, b, m):
    """`a` `(3,)`, `b` `(2,)`, `m` `(2, 2)`: the constructions from several tensors
    (`src/ops/assemble.rs`)."""
    first = lib.combinations(a)  # first: a reference carrier refuses it before recording
    gx, gy = lib.meshgrid(a, b, indexing="ij")
    hx, hy = lib.meshgrid([a, b], indexing="xy")
    wide, tall = lib.broadcast_tensors(a, m[:, :1])
    one, two = lib.atleast_2d(a, b.sum())
    parts = [
        first,
        lib.block_diag(a, m, b[0]),
        lib.block_diag(m),
        lib.cartesian_prod(a, b),
        lib.cartesian_prod(b),
        lib.combinations(a, 3, with_replacement=True),
        lib.combinations(a, r=1),
        gx * gy,
        hx + hy * 2.0,
        wide * tall,
        lib.atleast_1d(a.sum()),
        one * two,
        lib.atleast_3d(m),
        lib.atleast_3d(b) * 3.0,
        lib.trapezoid(m),
        lib.trapezoid(m, b, dim=1),
        lib.trapz(m, dx=0.5, dim=0),
        lib.trapz(m, b),
        lib.cumulative_trapezoid(m, dim=0),
        lib.cumulative_trapezoid(m, dx=2.0),
        lib.cumulative_trapezoid(a, a * a),
    ]
    return lib.cat([p.reshape(-1) for p in parts])


ASSEMBLE_OPS: tuple[Op, ...] = (
    Op(
        "constructions_from_several_tensors",
        lambda a, b, m: _assemble(et, a, b, m),
        lambda a, b, m: _assemble(torch, a, b, m),
        lambda rng: [rng.standard_normal(3), rng.standard_normal(2), rng.standard_normal((2, 2))],
        carriers=LIBTORCH,
        covers=tuple(
            f"et.{n}"
            for n in (
                "block_diag",
                "cartesian_prod",
                "combinations",
                "meshgrid",
                "broadcast_tensors",
                "atleast_1d",
                "atleast_2d",
                "atleast_3d",
                "trapezoid",
                "trapz",
                "cumulative_trapezoid",
            )
        ),
    ),
)
LINALG_OPS = LINALG_OPS + ASSEMBLE_OPS


def _finite_differences(lib, x, cx, cy):
    """``gradient``'s spacings (one number, one per dim, coordinates) and edge orders; the
    coordinates are operands too (torch differentiates through them)."""
    return lib.cat(
        [
            g.reshape(-1)
            for g in (
                *lib.gradient(x),
                *lib.gradient(x, spacing=2.0, dim=1, edge_order=2),
                *lib.gradient(x, spacing=[0.5, 3.0], dim=(1, 0)),
                *lib.gradient(x, spacing=(cx.cumsum(0), cy.cumsum(0)), edge_order=2),
                *lib.gradient(x, spacing=(cy.cumsum(0),), dim=-1),
            )
        ]
    )


LINALG_OPS = LINALG_OPS + (
    Op(
        "gradient_by_finite_differences",
        lambda x, cx, cy: _finite_differences(et, x, cx, cy),
        lambda x, cx, cy: _finite_differences(torch, x, cx, cy),
        lambda rng: [
            rng.standard_normal((4, 5)),
            rng.uniform(0.5, 2.0, size=4),
            rng.uniform(0.5, 2.0, size=5),
        ],
        covers=("et.gradient",),
    ),
)


def _cells(lib, x, h, c, w_ih4, w_hh4, w_ih, w_hh, b):
    """`x` `(2, 3)`, `h`/`c` `(2, 4)`; LSTM weights `(16, 3)`/`(16, 4)`, one-gate weights
    `(4, 3)`/`(4, 4)` (GRU's three gates: their first 12 rows of the LSTM's), bias `(16,)`."""
    first = lib.rnn_tanh_cell(x, h, w_ih, w_hh)  # first: a reference carrier refuses it
    h2, c2 = lib.lstm_cell(x, (h, c), w_ih4, w_hh4, b, b * 0.5)
    h3, c3 = lib.lstm_cell(x[:1], [h[:1], c[:1]], w_ih4, w_hh4)
    return lib.cat(
        [
            first.reshape(-1),
            lib.rnn_relu_cell(x, h, w_ih, w_hh, b[:4], b[4:8]).reshape(-1),
            lib.gru_cell(x, h, w_ih4[:12], w_hh4[:12], b[:12], b[4:]).reshape(-1),
            lib.gru_cell(x[1:], h[1:], w_ih4[:12], w_hh4[:12]).reshape(-1),
            h2.reshape(-1),
            c2.reshape(-1),
            (h3 * c3).reshape(-1),
        ]
    )


CELL_OPS: tuple[Op, ...] = (
    Op(
        "recurrent_cells",
        lambda *a: _cells(et, *a),
        lambda *a: _cells(torch, *a),
        lambda rng: [
            rng.standard_normal((2, 3)),
            rng.standard_normal((2, 4)),
            rng.standard_normal((2, 4)),
            rng.standard_normal((16, 3)) * 0.5,
            rng.standard_normal((16, 4)) * 0.5,
            rng.standard_normal((4, 3)) * 0.5,
            rng.standard_normal((4, 4)) * 0.5,
            rng.standard_normal(16) * 0.1,
        ],
        carriers=LIBTORCH,
        smooth=False,  # rnn_relu_cell's kink
        covers=tuple(f"et.{n}_cell" for n in ("lstm", "gru", "rnn_tanh", "rnn_relu")),
    ),
)
LINALG_OPS = LINALG_OPS + CELL_OPS
