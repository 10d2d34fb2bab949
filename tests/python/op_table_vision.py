"""The op table's rows of the layer functions composed from the tape's ops: ``pixel_shuffle``,
``pixel_unshuffle``, ``glu``, ``prelu`` (``src/ops/derive.rs``), and ``instance_norm``,
``local_response_norm``, ``bilinear`` (``eagertape.nn.functional``, composed as torch
composes them), and ``embedding_bag`` (``src/ops/embedding.rs``)."""

from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as TF
from op_table import Op, normal

import eagertape as et
import eagertape.nn.functional as F

POINT = ("libtorch", "reference", "ieee32")


def _cat(m, parts):
    return (et if m is F else torch).cat([p.reshape(-1) for p in parts])


def _shuffle(m, x):
    return _cat(
        m,
        [
            m.pixel_shuffle(x, 2),
            m.pixel_unshuffle(x, 2) * 2.0,
            m.pixel_shuffle(x[0], 2) * 3.0,
            m.glu(x, 1),
            m.glu(x, -1) * 0.5,
        ],
    )


def _prelu(m, x, w, w1):
    return _cat(m, [m.prelu(x, w), m.prelu(x, w1) * 2.0])


def _norms(m, x, w, b):
    return _cat(
        m,
        [
            m.instance_norm(x),
            m.instance_norm(x, weight=w, bias=b, eps=1e-3),
            # torch's aten form: every argument positional and required
            (et if m is F else torch).instance_norm(x, w, b, None, None, True, 0.1, 1e-4, False),
            m.local_response_norm(x, 3),
            m.local_response_norm(x[:, :, 0], 2, alpha=0.1, beta=0.5, k=2.0),
        ],
    )


def _bilinear(m, a, b, w, bias):
    return _cat(m, [m.bilinear(a, b, w, bias), m.bilinear(a[0], b[0], w)])


def _interpolate(m, x):
    first = m.interpolate(x, scale_factor=2)  # first: LibTorch's kernel or nothing recorded
    v = x[:, :, 0]
    return _cat(
        m,
        [
            first,
            m.interpolate(x, size=(5, 3), mode="bilinear"),
            m.interpolate(x, scale_factor=1.5, mode="bilinear", align_corners=True),
            m.interpolate(x, scale_factor=(1.5, 2.0), mode="bicubic"),
            m.interpolate(x, size=2, mode="area"),
            m.interpolate(v, scale_factor=2.5, mode="linear"),
            m.interpolate(x.unsqueeze(2), size=(2, 3, 5), mode="trilinear"),
            m.interpolate(x.unsqueeze(2), scale_factor=2, mode="nearest"),
        ],
    )


def _pools(m, x):
    return _cat(
        m,
        [
            m.max_pool1d(x, 3, 2, 1, ceil_mode=True),
            m.avg_pool1d(x, 2) * 2.0,
            m.avg_pool1d(x, 3, stride=1, padding=1, count_include_pad=False),
            m.adaptive_avg_pool1d(x, 4),
        ],
    )


def _conv3d(m, x, w, b):
    return _cat(m, [m.conv3d(x, w, b, stride=(1, 2, 1), padding=1), m.conv3d(x[0], w, None)])


def _windows(m, x, v):
    u = m.unfold(x, (2, 3), padding=1, stride=(2, 1))  # first: LibTorch's kernel or nothing
    return _cat(
        m,
        [
            u,
            m.fold(u * 0.5, (6, 5), (2, 3), padding=1, stride=(2, 1)),
            m.unfold(x[0], 2, dilation=2),
            m.adaptive_max_pool2d(x, (4, 2)),
            m.adaptive_max_pool1d(x[:, :, 0], 3),
            m.max_pool3d(v, 2, padding=1, ceil_mode=True),
            m.avg_pool3d(v, (2, 3, 2), stride=1, count_include_pad=False),
        ],
    )


def _grid_sample(m, x, grid):
    return _cat(
        m,
        [
            m.grid_sample(x, grid, align_corners=True),
            m.grid_sample(x, grid * 0.5, padding_mode="border", align_corners=False) * 2.0,
            m.grid_sample(x, grid, mode="bicubic", padding_mode="reflection", align_corners=True),
            m.grid_sample(
                x.unsqueeze(2),
                grid.unsqueeze(1).repeat(1, 2, 1, 1, 1)[..., :1].repeat(1, 1, 1, 1, 3) * 0.7,
                align_corners=True,
            ),
        ],
    )


def _affine_grid(m, theta, theta3):
    return _cat(
        m,
        [
            m.affine_grid(theta, [2, 3, 4, 5], align_corners=False),
            m.affine_grid(theta, [2, 1, 3, 2], align_corners=True) * 2.0,
            m.affine_grid(theta3, [1, 2, 2, 3, 4], align_corners=False),
        ],
    )


def _grid_inputs(rng):
    # sample points away from the pixel centres (the bilinear kinks) and the borders
    return [rng.standard_normal((2, 3, 5, 4)), rng.uniform(-0.9, 0.9, size=(2, 3, 4, 2))]


BAG_IDS = np.array([1, 3, 1, 0, 2, 1, 5])
BAG_OFFSETS = np.array([0, 2, 2, 5])


def _bags(m, w, p):
    """Every mode, offsets with an empty bag, a 2-D input, a padding id (left out of its
    bag and of the mean's count), ``include_last_offset`` and per-sample weights."""
    ids, off = (
        (BAG_IDS, BAG_OFFSETS) if m is F else (torch.tensor(BAG_IDS), torch.tensor(BAG_OFFSETS))
    )
    first = m.embedding_bag(ids, w, off, mode="sum", per_sample_weights=p)
    return _cat(
        m,
        [
            first,
            m.embedding_bag(ids, w, off),
            m.embedding_bag(ids, w, off, mode="max", padding_idx=1),
            m.embedding_bag(ids, w, off, mode="mean", padding_idx=-5, include_last_offset=True),
            m.embedding_bag(ids[:6].reshape(2, 3), w, mode="max"),
        ],
    )


def _by_freq(m, w):
    """Each row's gradient divided by its id's count in the batch."""
    ids = BAG_IDS if m is F else torch.tensor(BAG_IDS)
    first = m.embedding(ids, w, scale_grad_by_freq=True)
    bags = m.embedding_bag(ids[:6].reshape(3, 2), w, scale_grad_by_freq=True)
    return _cat(m, [first, bags * 2.0])


VISION_OPS: tuple[Op, ...] = (
    Op(
        "scale_grad_by_freq",
        lambda w: _by_freq(F, w),
        lambda w: _by_freq(TF, w),
        normal((6, 3)),
        carriers=("libtorch",),
        smooth=False,  # torch's scaled gradient is not the derivative (by definition)
    ),
    Op(
        "embedding_bag",
        lambda w, p: _bags(F, w, p),
        lambda w, p: _bags(TF, w, p),
        normal((6, 3), (7,)),
        carriers=("libtorch",),
        covers=("F.embedding_bag",),
    ),
    Op(
        "grid_sample",
        lambda x, g: _grid_sample(F, x, g),
        lambda x, g: _grid_sample(TF, x, g),
        _grid_inputs,
        carriers=("libtorch",),
        smooth=False,  # piecewise: finite differences cross the cells' edges
        covers=("F.grid_sample",),
    ),
    Op(
        "affine_grid",
        lambda t, t3: _affine_grid(F, t, t3),
        lambda t, t3: _affine_grid(TF, t, t3),
        normal((2, 2, 3), (1, 3, 4)),
        covers=("F.affine_grid",),
    ),
    Op(
        "unfold_fold_and_pools",
        lambda x, v: _windows(F, x, v),
        lambda x, v: _windows(TF, x, v),
        normal((2, 3, 6, 5), (2, 2, 5, 6, 4)),
        carriers=("libtorch",),
        covers=(
            "F.unfold",
            "F.fold",
            "F.adaptive_max_pool2d",
            "F.adaptive_max_pool1d",
            "F.max_pool3d",
            "et.max_pool3d",
            "F.avg_pool3d",
        ),
    ),
    Op(
        "pools_1d",
        lambda x: _pools(F, x),
        lambda x: _pools(TF, x),
        normal((2, 3, 9)),
        smooth=True,
        covers=(
            "F.max_pool1d",
            "et.max_pool1d",
            "F.avg_pool1d",
            "et.avg_pool1d",
            "F.adaptive_avg_pool1d",
            "et.adaptive_avg_pool1d",
        ),
    ),
    Op(
        "conv3d",
        lambda x, w, b: _conv3d(F, x, w, b),
        lambda x, w, b: _conv3d(TF, x, w, b),
        normal((2, 2, 3, 4, 3), (3, 2, 2, 3, 2), (3,)),
        carriers=("libtorch",),
        covers=(
            "F.conv3d",
            "et.conv3d",
        ),
    ),
    Op(
        "interpolate",
        lambda x: _interpolate(F, x),
        lambda x: _interpolate(TF, x),
        normal((2, 3, 4, 3)),
        carriers=("libtorch",),  # LibTorch's resampling kernels
        covers=("F.interpolate",),
    ),
    Op(
        "pixel_shuffle_and_glu",
        lambda x: _shuffle(F, x),
        lambda x: _shuffle(TF, x),
        normal((2, 4, 2, 4)),
        covers=(
            "F.pixel_shuffle",
            "et.pixel_shuffle",
            "F.pixel_unshuffle",
            "et.pixel_unshuffle",
            "F.glu",
        ),
    ),
    Op(
        "prelu",
        lambda x, w, w1: _prelu(F, x, w, w1),
        lambda x, w, w1: _prelu(TF, x, w, w1),
        lambda rng: [
            rng.standard_normal((2, 3, 4)),
            rng.uniform(0.1, 0.5, size=(3,)),
            rng.uniform(0.1, 0.5, size=(1,)),
        ],
        carriers=POINT,  # intervals have no sign to test
        covers=(
            "F.prelu",
            "et.prelu",
        ),
    ),
    Op(
        "instance_and_local_response_norm",
        lambda x, w, b: _norms(F, x, w, b),
        lambda x, w, b: _norms(TF, x, w, b),
        normal((2, 3, 4, 5), (3,), (3,)),
        covers=("F.instance_norm", "et.instance_norm", "F.local_response_norm"),
    ),
    Op(
        "bilinear",
        lambda a, b, w, bias: _bilinear(F, a, b, w, bias),
        lambda a, b, w, bias: _bilinear(TF, a, b, w, bias),
        normal((2, 4), (2, 3), (5, 4, 3), (5,)),
        covers=(
            "F.bilinear",
            "et.bilinear",
        ),
    ),
)


def _lp_pools(m, x, x3):
    return _cat(
        m,
        [
            # first: the carriers without a 3-D pool refuse it before anything is recorded
            m.lp_pool3d(x3, 2.0, 2),
            m.lp_pool1d(x.flatten(2), 2.0, 3),
            m.lp_pool1d(x.flatten(2), 3.0, 2, stride=1, ceil_mode=True) * 2.0,
            m.lp_pool2d(x, 2.0, 2),
            m.lp_pool2d(x, 1.5, (2, 1), stride=(1, 2)) * 0.5,
        ],
    )


def _shuffles(m, x):
    lib = et if m is F else torch
    return _cat(m, [lib.channel_shuffle(x, 2), m.channel_shuffle(x[0:1], 3) * 2.0])


VISION_OPS = VISION_OPS + (
    Op(
        "lp_pools",
        lambda x, x3: _lp_pools(F, x, x3),
        lambda x, x3: _lp_pools(TF, x, x3),
        # positive inputs: x^p and its root are smooth there (torch's formula)
        lambda rng: [rng.uniform(0.5, 2.0, (2, 3, 4, 4)), rng.uniform(0.5, 2.0, (1, 2, 2, 2, 4))],
        carriers=("libtorch",),
        covers=("F.lp_pool1d", "F.lp_pool2d", "F.lp_pool3d"),
    ),
    Op(
        "channel_shuffle",
        lambda x: _shuffles(F, x),
        lambda x: _shuffles(TF, x),
        normal((2, 6, 2, 3)),
        covers=("et.channel_shuffle", "F.channel_shuffle"),
    ),
)


def _adaptive_3d(m, x):
    return _cat(
        m,
        [
            m.adaptive_avg_pool3d(x, 2),
            m.adaptive_avg_pool3d(x, (1, None, 3)) * 2.0,
            m.adaptive_max_pool3d(x, (2, 3, 2)),
            m.adaptive_max_pool3d(x[0], 1) * 0.5,
        ],
    )


VISION_OPS = VISION_OPS + (
    Op(
        "adaptive_pools_3d",
        lambda x: _adaptive_3d(F, x),
        lambda x: _adaptive_3d(TF, x),
        normal((2, 2, 3, 4, 5)),
        carriers=("libtorch",),
        covers=("F.adaptive_avg_pool3d", "F.adaptive_max_pool3d"),
    ),
)


def _pdists(m, x):
    lib = et if m is F else torch
    return _cat(m, [m.pdist(x, 1.5) * 2.0, lib.pdist(x), m.pdist(x[:2], 3.0)])


VISION_OPS = VISION_OPS + (
    Op(
        "pdist",
        lambda x: _pdists(F, x),
        lambda x: _pdists(TF, x),
        normal((4, 3)),
        covers=("et.pdist", "F.pdist"),
    ),
    Op(
        "conv_tbc",
        lambda x, w, b: et.conv_tbc(x, w, b, 1) + F.conv_tbc(x, w, b, 1) * 0.5,
        lambda x, w, b: torch.conv_tbc(x, w, b, 1) + torch.conv_tbc(x, w, b, 1) * 0.5,
        normal((5, 2, 3), (3, 3, 4), (4,)),
        carriers=("libtorch",),
        covers=("et.conv_tbc", "F.conv_tbc"),
    ),
)
