"""The op table's rows of torch's shape arrangements composed of the movement and view units
(``src/ops/reshaping.rs``): ``ravel``, ``movedim``/``moveaxis``, ``swapaxes``/``swapdims``,
``broadcast_to``, ``fliplr``/``flipud``, ``rot90``, ``unbind``, ``tensor_split`` and the
``hsplit``/``vsplit``/``dsplit`` forms, and the joins ``hstack``, ``vstack``/``row_stack``,
``dstack``, ``column_stack``, ``concat``/``concatenate``. Each row sums its forms' results
(each piece weighted differently), so every form's gradient is checked."""

from __future__ import annotations

import torch
from op_table import Op, normal

import eagertape as et


def _lib(x):
    return torch if isinstance(x, torch.Tensor) else et


def _flat(x, parts):
    m = _lib(x)
    return m.cat([p.reshape(-1) * (i + 1.0) for i, p in enumerate(parts)])


def _moves(x):
    m = _lib(x)
    return _flat(
        x,
        [
            m.ravel(x),
            x.ravel(),
            m.movedim(x, 0, -1),
            x.moveaxis((0, 1), (2, 0)),
            m.swapaxes(x, 0, 2),
            x.swapdims(1, 2),
            m.broadcast_to(x[0], (2, 3, 4)),
            x[:, :1].broadcast_to((2, 3, 4)),
        ],
    )


def _flips(x):
    m = _lib(x)
    return _flat(
        x,
        [
            m.fliplr(x),
            x.flipud(),
            m.rot90(x),
            x.rot90(2),
            m.rot90(x, -1, [1, 0]),
            x.rot90(3, (0, 1)),
            m.rot90(x, 4),
        ],
    )


def _splits(x):
    m = _lib(x)
    return _flat(
        x,
        [
            *m.unbind(x, 1),
            *x.unbind(),
            *m.tensor_split(x, 3, 1),
            *x.tensor_split([1, 5, 3], dim=1),
            *m.hsplit(x, 2),
            *x.hsplit([2]),
            *m.vsplit(x, [1]),
            *m.dsplit(x.reshape(2, 2, 3), 3),
            *x.reshape(2, 2, 3).dsplit([1, 4]),
        ],
    )


def _joins(x, y):
    m = _lib(x)
    return _flat(
        x,
        [
            m.hstack([x, y]),
            m.hstack([x[0], y[0]]),
            m.vstack([x, y]),
            m.vstack([x[0], y[1]]),
            m.row_stack((x, y)),
            m.dstack([x, y]),
            m.dstack([x[0], y[0]]),
            m.column_stack([x[0], y[1]]),
            m.column_stack([x, y[:, 1]]),
            m.concat([x, y], 1),
            m.concatenate([x, y], axis=0),
        ],
    )


ARRANGE_OPS: tuple[Op, ...] = (
    Op(
        "arrangement_views",
        _moves,
        _moves,
        normal((2, 3, 4)),
        covers=(
            "et.ravel",
            "Tensor.ravel",
            "et.movedim",
            "Tensor.movedim",
            "et.moveaxis",
            "Tensor.moveaxis",
            "et.swapaxes",
            "Tensor.swapaxes",
            "et.swapdims",
            "Tensor.swapdims",
            "et.broadcast_to",
            "Tensor.broadcast_to",
        ),
    ),
    Op(
        "flips_and_rotations",
        _flips,
        _flips,
        normal((3, 4)),
        covers=(
            "et.fliplr",
            "Tensor.fliplr",
            "et.flipud",
            "Tensor.flipud",
            "et.rot90",
            "Tensor.rot90",
        ),
    ),
    Op(
        "unbind_and_splits",
        _splits,
        _splits,
        normal((2, 6)),
        covers=(
            "et.unbind",
            "Tensor.unbind",
            "et.tensor_split",
            "Tensor.tensor_split",
            "et.hsplit",
            "Tensor.hsplit",
            "et.vsplit",
            "Tensor.vsplit",
            "et.dsplit",
            "Tensor.dsplit",
        ),
    ),
    Op(
        "stacks_and_concat",
        _joins,
        _joins,
        normal((2, 3), (2, 3)),
        covers=(
            "et.hstack",
            "et.vstack",
            "et.row_stack",
            "et.dstack",
            "et.column_stack",
            "et.concat",
            "et.concatenate",
        ),
    ),
)
