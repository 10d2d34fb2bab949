"""The op table's rows of the max poolings' indices and what takes them
(``src/ops/pool_indices.rs``): ``return_indices=True`` and the ``*_with_indices`` forms,
``max_unpool1d/2d/3d``, and ``fractional_max_pool2d/3d`` on given samples. LibTorch
carriers only: a reference carrier refuses the indices (nothing recorded). The indices
reach the compared values through the unpoolings, which put each value where its index
says, and through gathers of the input at them. The unpooled windows do not overlap: where
two windows take one element, torch's unpooling gradient counts it twice (its autograd, which
eagertape's is, not the function's derivative)."""

from __future__ import annotations

import torch
import torch.nn.functional as TF
from op_table import Op, normal

import eagertape as et
import eagertape.nn.functional as F

LIBTORCH = ("libtorch",)


def _cat(m, parts):
    return (et if m is F else torch).cat([p.reshape(-1) for p in parts])


def _unpools(m, x, v, w):
    # first: the indices, which a reference carrier refuses (the values are rolled back)
    values, idx = m.max_pool2d(x, 2, 2, 1, return_indices=True)
    a_values, a_idx = m.adaptive_max_pool2d(x, (3, 2), return_indices=True)
    v1, i1 = m.max_pool1d(w, 2, return_indices=True)
    v1s, i1s = m.max_pool1d_with_indices(w, 3, 3, 1, ceil_mode=True)
    av1, ai1 = m.adaptive_max_pool1d(w, 4, return_indices=True)
    v3, i3 = m.max_pool3d(v, 2, padding=1, return_indices=True)
    av3, ai3 = m.adaptive_max_pool3d_with_indices(v, (2, 3, 2))
    v2s, i2s = m.max_pool2d_with_indices(x[0], 2)
    lib = et if m is F else torch  # torch's aten forms: always the pair
    tv1, ti1 = lib.adaptive_max_pool1d(w, 3)
    tv1s, ti1s = lib.max_pool1d_with_indices(w, 2)
    return _cat(
        m,
        [
            values,
            m.max_unpool2d(values * 1.5, idx, 2, 2, 1, output_size=list(x.shape[-2:])),
            m.max_unpool2d(v2s, i2s, 2),
            a_values * 0.5,
            x.flatten(2).gather(2, a_idx.flatten(2)) * 2.0,
            m.max_unpool1d(v1, i1, 2, output_size=list(w.shape[-1:])),
            m.max_unpool1d(v1s * 3.0, i1s, 3, 3, 1, output_size=list(w.shape[-1:])),
            m.adaptive_max_pool1d_with_indices(w, 4)[0],
            w.gather(2, ai1) + av1,
            m.max_unpool3d(v3, i3, 2, padding=1, output_size=list(v.shape[-3:])),
            av3,
            v.flatten(2).gather(2, ai3.flatten(2)) * 0.25,
            m.adaptive_max_pool2d_with_indices(x, 2)[0],
            m.max_pool3d_with_indices(v, 2)[0],
            w.gather(2, ti1) * tv1,
            m.max_unpool1d(tv1s, ti1s, 2, output_size=list(w.shape[-1:])) * 0.5,
        ],
    )


def _fractional(m, x, v):
    first = m.max_pool2d_with_indices(x, 2)[0]  # first: refused on a reference carrier
    values, idx = m.fractional_max_pool2d(
        x, (2, 3), output_ratio=(0.5, 0.5), return_indices=True, _random_samples=_samples(m, x, 2)
    )
    v3, i3 = m.fractional_max_pool3d_with_indices(
        v, 2, output_size=(2, 3, 2), _random_samples=_samples(m, v, 3)
    )
    return _cat(
        m,
        [
            first,
            m.fractional_max_pool2d(x, 2, output_size=3, _random_samples=_samples(m, x, 2)),
            values * 1.5,
            x.flatten(2).gather(2, idx.flatten(2)) * 2.0,
            m.fractional_max_pool2d_with_indices(
                x[0], 3, output_size=(2, 2), _random_samples=_samples(m, x, 2)[:1]
            )[0],
            v3,
            m.fractional_max_pool3d(
                v, (1, 2, 2), output_ratio=(0.5, 0.5, 0.5), _random_samples=_samples(m, v, 3)
            ),
        ],
    )


def _samples(m, x, n):
    """Fixed samples in [0, 1), ``(N, C, n)``: of the data, detached (no gradient)."""
    flat = x.detach().reshape(x.shape[0], x.shape[1], -1)[:, :, :n]
    return (et if m is F else torch).sigmoid(flat)


POOL_INDEX_OPS: tuple[Op, ...] = (
    Op(
        "pools_with_indices_and_unpools",
        lambda x, v, w: _unpools(F, x, v, w),
        lambda x, v, w: _unpools(TF, x, v, w),
        normal((2, 3, 7, 6), (2, 2, 5, 6, 4), (2, 3, 9)),
        carriers=LIBTORCH,
        covers=(
            "F.max_pool2d_with_indices",
            "F.max_pool1d_with_indices",
            "F.max_pool3d_with_indices",
            "F.adaptive_max_pool1d_with_indices",
            "F.adaptive_max_pool2d_with_indices",
            "F.adaptive_max_pool3d_with_indices",
            "F.max_unpool1d",
            "F.max_unpool2d",
            "F.max_unpool3d",
            "et.adaptive_max_pool1d",
            "et.max_pool1d_with_indices",
        ),
    ),
    Op(
        "fractional_max_pools",
        lambda x, v: _fractional(F, x, v),
        lambda x, v: _fractional(TF, x, v),
        normal((2, 3, 7, 8), (2, 2, 5, 6, 4)),
        carriers=LIBTORCH,
        smooth=False,  # the samples are the data's, detached: finite differences see through
        covers=(
            "F.fractional_max_pool2d",
            "F.fractional_max_pool2d_with_indices",
            "F.fractional_max_pool3d",
            "F.fractional_max_pool3d_with_indices",
        ),
    ),
)
