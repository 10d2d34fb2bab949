"""The op table's rows of the scatter family (``src/ops/scatter.rs``) and of the searches
(``searchsorted``, ``bucketize``, ``unique``: data results, used here to pick values). ``scatter``,
``index_copy``, ``index_fill`` and ``take_along_dim`` copy one element per output element,
so every carrier runs them; ``scatter_add``, ``index_add`` and ``scatter_reduce`` sum, and
run on LibTorch only. The copying rows write each position at most once (torch leaves the
winner of a repeated position unspecified); the summing rows repeat positions on purpose."""

from __future__ import annotations

import numpy as np
import torch
from op_table import Op, normal

import eagertape as et

POINT = ("libtorch", "reference", "ieee32")
ROW_IDX = np.array([[0, 2, 1], [3, 0, 2], [1, 3, 0]])  # along dim 1 of (3, 4): no repeats per row
COL_IDX = np.array([[2, 0, 1], [0, 1, 2]])  # along dim 0 of (3, 4): no repeats per column
DUP_IDX = np.array([[0, 0, 1], [3, 3, 3], [2, 1, 2]])  # repeated positions: sums
PICK = np.array([[1, 3], [0, 0], [2, 1]])  # take_along_dim, dim 1
PICK_ROW = np.array([[3, 0, 1]])  # broadcast over the rows
FLAT = np.array([11, 0, 5, 5])


def _t(a):
    return torch.as_tensor(a)


SCATTER_OPS: tuple[Op, ...] = (
    Op(
        "scatter",
        lambda x, s: (
            x.scatter(1, ROW_IDX, s)
            + et.scatter(x, 0, COL_IDX, s[:2] * 2.0)
            + x.scatter(1, ROW_IDX, 0.5)
            + et.scatter(x, -1, ROW_IDX, value=-1.0)
        ),
        lambda x, s: (
            x.scatter(1, _t(ROW_IDX), s)
            + torch.scatter(x, 0, _t(COL_IDX), s[:2] * 2.0)
            + x.scatter(1, _t(ROW_IDX), 0.5)
            + torch.scatter(x, -1, _t(ROW_IDX), value=-1.0)
        ),
        normal((3, 4), (3, 3)),
        bad=(("src_dims", [(3, 4), (9,)], et.ShapeError),),
        covers=("Tensor.scatter", "et.scatter"),
    ),
    Op(
        "scatter_add_and_index_add",
        lambda x, s, r: (
            x.scatter_add(1, DUP_IDX, s)
            + et.scatter_add(x, 1, DUP_IDX[:2, :2], s)
            + x.index_add(0, [0, 2, 0], r, alpha=0.5)
            + et.index_add(x, 1, [3, 3], r[:, :2])
        ),
        lambda x, s, r: (
            x.scatter_add(1, _t(DUP_IDX), s)
            + torch.scatter_add(x, 1, _t(DUP_IDX[:2, :2]), s[:2, :2])
            + x.index_add(0, _t([0, 2, 0]), r, alpha=0.5)
            + torch.index_add(x, 1, _t([3, 3]), r[:, :2])
        ),
        normal((3, 4), (3, 3), (3, 4)),
        carriers=("libtorch",),
        bad=(("src_dims", [(3, 4), (9,), (3, 4)], et.ShapeError),),
        covers=(
            "Tensor.scatter_add",
            "et.scatter_add",
            "Tensor.index_add",
            "et.index_add",
        ),
    ),
    Op(
        "scatter_reduce",
        lambda x, s: (
            sum(
                x.scatter_reduce(1, DUP_IDX, s, r, include_self=inc) * (k + 1.0)
                for k, (r, inc) in enumerate(
                    [
                        ("sum", True),
                        ("prod", False),
                        ("mean", True),
                        ("amax", False),
                        ("amin", True),
                    ]
                )
            )
            + et.scatter_reduce(x, 1, DUP_IDX, s, "mean", include_self=False)
            + x.scatter(1, DUP_IDX, s, reduce="multiply")
        ),
        lambda x, s: (
            sum(
                x.scatter_reduce(1, _t(DUP_IDX), s, r, include_self=inc) * (k + 1.0)
                for k, (r, inc) in enumerate(
                    [
                        ("sum", True),
                        ("prod", False),
                        ("mean", True),
                        ("amax", False),
                        ("amin", True),
                    ]
                )
            )
            + torch.scatter_reduce(x, 1, _t(DUP_IDX), s, "mean", include_self=False)
            + x.scatter_reduce(1, _t(DUP_IDX), s, "prod")
        ),
        normal((3, 4), (3, 3)),
        carriers=("libtorch",),
        bad=(("index_dims", [(3, 4, 1), (3, 3)], et.ShapeError),),
        covers=("Tensor.scatter_reduce", "et.scatter_reduce"),
    ),
    Op(
        "index_copy_and_index_fill",
        lambda x, r, v: (
            x.index_copy(0, [2, 0], r)
            + et.index_copy(x, 1, np.array([3]), x[:, :1] * 3.0)
            + et.index_fill(x, 1, [1, 3], -2.0)
            + x.index_fill(0, np.array([1]), v)
        ),
        lambda x, r, v: (
            x.index_copy(0, _t([2, 0]), r)
            + torch.index_copy(x, 1, _t(np.array([3])), x[:, :1] * 3.0)
            + torch.index_fill(x, 1, _t([1, 3]), -2.0)
            + x.index_fill(0, _t([1]), v)
        ),
        lambda rng: [
            rng.standard_normal((3, 4)),
            rng.standard_normal((2, 4)),
            np.array(rng.standard_normal()),
        ],
        bad=(("index_copy_source", [(3, 4), (1, 4), ()], et.ShapeError),),
        covers=(
            "Tensor.index_copy",
            "et.index_copy",
            "Tensor.index_fill",
            "et.index_fill",
        ),
    ),
    Op(
        "take_along_dim",
        lambda x: (
            et.take_along_dim(x, PICK, 1)
            + x.take_along_dim(PICK_ROW, dim=-1)[:, :2]
            + x.take_along_dim(FLAT)[:2] * 2.0
        ),
        lambda x: (
            torch.take_along_dim(x, _t(PICK), 1)
            + x.take_along_dim(_t(PICK_ROW), dim=-1)[:, :2]
            + x.take_along_dim(_t(FLAT))[:2] * 2.0
        ),
        normal((3, 4)),
        bad=(("dims", [(12,)], et.ShapeError),),
        covers=("Tensor.take_along_dim", "et.take_along_dim"),
    ),
)


def _sorted_pair(rng):
    x = rng.standard_normal((3, 4))
    seq = np.sort(rng.standard_normal(5))
    return [x, seq]


def _search(m, x, seq, right):
    return m.searchsorted(seq, x, right=right).to(x.dtype)


SEARCH_OPS: tuple[Op, ...] = (
    Op(
        "searchsorted_and_bucketize",
        # the positions are data: they scale the values, and the sequence adds its sum
        lambda x, seq: (
            x * _search(et, x, seq, False)
            + x * et.searchsorted(seq, x, side="right", out_int32=True).to(x.dtype)
            + x * et.bucketize(x, seq, right=True).to(x.dtype)
            + seq.sum()
        ),
        lambda x, seq: (
            x * _search(torch, x, seq, False)
            + x * torch.searchsorted(seq, x, side="right", out_int32=True).to(x.dtype)
            + x * torch.bucketize(x, seq, right=True).to(x.dtype)
            + seq.sum()
        ),
        _sorted_pair,
        carriers=POINT,  # intervals have no order
        smooth=False,  # the positions jump where a value crosses the sequence
        bad=(("sequence_dims", [(3, 4), (2, 5)], et.ShapeError),),
        covers=("et.searchsorted", "et.bucketize"),
    ),
    Op(
        "unique",
        # the distinct values are data (torch has no derivative for unique)
        lambda x: (
            x * x.unique().sum()
            + x * et.unique(x, return_inverse=True)[1].to(x.dtype)
            + x * et.unique(x.detach() > 0, return_counts=True)[1].sum().to(x.dtype)
        ),
        lambda x: (
            x * x.detach().unique().sum()
            + x * torch.unique(x, return_inverse=True)[1].to(x.dtype)
            + x * torch.unique(x.detach() > 0, return_counts=True)[1].sum().to(x.dtype)
        ),
        normal((3, 4)),
        carriers=("libtorch",),
        smooth=False,  # the values read as data still move with x under finite differences
        covers=("et.unique", "Tensor.unique"),
    ),
)
