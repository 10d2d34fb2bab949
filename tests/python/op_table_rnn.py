"""The op table's rows of the recurrent layers (``et.nn.RNN``/``LSTM``/``GRU`` call
``_core._rnn``): one row per cell, with initial states, biases, projections, both
directions and packed lengths among them. The torch side is torch's own kernels
(``torch._VF.lstm`` and friends, the ones ``nn.LSTM`` calls), with the packed variant going
through ``pack_padded_sequence`` as torch's modules do. Each row's output is the flat
concatenation of ``(output, h_n[, c_n])``."""

from __future__ import annotations

import torch
from op_table import Op, normal
from torch.nn.utils.rnn import PackedSequence, pack_padded_sequence, pad_packed_sequence

import eagertape as et
from eagertape import _core

T, B, IN, H = 4, 3, 3, 2
LENS = [2, 4, 1]  # unsorted: entry 1 is the longest


def _et_rnn(mode, hidden, *, proj=0, bias=True, dirs=1, lengths=None, states=1):
    def run(x, *rest):
        hx = rest[0] if states >= 1 else None
        cx = rest[1] if states == 2 else None
        ws = list(rest[states:])
        out, h, c = _core._rnn(
            x, mode, hx, cx, ws, hidden, proj, 1, bias, False, dirs == 2, 0.0, False, lengths
        )
        pieces = [out.reshape(-1), h.reshape(-1)]
        if c is not None:
            pieces.append(c.reshape(-1))
        return et.cat(pieces)

    return run


def _torch_rnn(mode, *, bias=True, dirs=1, lengths=None, states=1):
    vf = {
        "LSTM": torch._VF.lstm,
        "GRU": torch._VF.gru,
        "RNN_TANH": torch._VF.rnn_tanh,
        "RNN_RELU": torch._VF.rnn_relu,
    }[mode]

    def run(x, *rest):
        hx = rest[:states]
        ws = list(rest[states:])
        state = tuple(hx) if mode == "LSTM" else hx[0]
        if lengths is None:
            res = vf(x, state, ws, bias, 1, 0.0, False, dirs == 2, False)
            outs = [res[0], *res[1:]]
        else:
            p = pack_padded_sequence(x, torch.tensor(lengths), enforce_sorted=False)
            sort = p.sorted_indices
            st = tuple(s.index_select(1, sort) for s in hx)
            st = st if mode == "LSTM" else st[0]
            res = vf(p.data, p.batch_sizes, st, ws, bias, 1, 0.0, False, dirs == 2)
            packed = PackedSequence(res[0], p.batch_sizes, sort, p.unsorted_indices)
            out, _ = pad_packed_sequence(packed, total_length=x.shape[0])
            outs = [out, *(s.index_select(1, p.unsorted_indices) for s in res[1:])]
        return torch.cat([o.reshape(-1) for o in outs])

    return run


def _weights(gates, *, inp=IN, hidden=H, proj=0, bias=True, dirs=1):
    hout = proj or hidden
    shapes = []
    for _ in range(dirs):
        shapes += [(gates * hidden, inp), (gates * hidden, hout)]
        if bias:
            shapes += [(gates * hidden,), (gates * hidden,)]
        if proj:
            shapes.append((proj, hidden))
    return shapes


BAD_RNN = (
    ("rnn_weight_ih_rows", [(T, B, IN), (1, B, H), (3 * H + 1, IN), (3 * H, H)], et.ShapeError),
    ("rnn_input_size", [(T, B, IN + 1), (1, B, H), (3 * H, IN), (3 * H, H)], et.ShapeError),
    ("rnn_hidden_batch", [(T, B, IN), (1, B + 1, H), (3 * H, IN), (3 * H, H)], et.ShapeError),
    ("rnn_input_rank", [(T, IN, B, IN), (1, B, H), (3 * H, IN), (3 * H, H)], et.ShapeError),
)

RNN_OPS: tuple[Op, ...] = (
    Op(
        "lstm",
        _et_rnn("LSTM", H, states=2),
        _torch_rnn("LSTM", states=2),
        normal((T, B, IN), (1, B, H), (1, B, H), *_weights(4)),
        covers=("nn.LSTM",),
    ),
    Op(
        "lstm_bidirectional_proj_packed",
        _et_rnn("LSTM", 3, proj=2, dirs=2, lengths=LENS, states=2),
        _torch_rnn("LSTM", dirs=2, lengths=LENS, states=2),
        normal((T, B, IN), (2, B, 2), (2, B, 3), *_weights(4, hidden=3, proj=2, dirs=2)),
        covers=("nn.LSTM",),
    ),
    Op(
        "gru",
        _et_rnn("GRU", H, dirs=2),
        _torch_rnn("GRU", dirs=2),
        normal((T, B, IN), (2, B, H), *_weights(3, dirs=2)),
        covers=("nn.GRU",),
    ),
    Op(
        "gru_packed_without_bias",
        _et_rnn("GRU", H, bias=False, lengths=LENS),
        _torch_rnn("GRU", bias=False, lengths=LENS),
        normal((T, B, IN), (1, B, H), *_weights(3, bias=False)),
        bad=BAD_RNN,
        covers=("nn.GRU",),
    ),
    Op(
        "rnn_tanh",
        _et_rnn("RNN_TANH", H, dirs=2, lengths=LENS),
        _torch_rnn("RNN_TANH", dirs=2, lengths=LENS),
        normal((T, B, IN), (2, B, H), *_weights(1, dirs=2)),
        covers=("nn.RNN",),
    ),
    Op(
        "rnn_relu",
        _et_rnn("RNN_RELU", H),
        _torch_rnn("RNN_RELU"),
        normal((T, B, IN), (1, B, H), *_weights(1)),
        covers=("nn.RNN",),
        smooth=False,  # relu's kink: no finite differences
    ),
)


def _aten_form(lib, name, *, states=1, bias=True, dirs=1, layers=1, batch_first=False):
    """``lib.lstm``/``gru``/``rnn_tanh``/``rnn_relu``: aten's forms over flat weights, the
    torch namespace's (``et.lstm`` converts its arguments and runs ``_core._rnn``)."""

    def run(x, *rest):
        hx = list(rest[:states]) if states == 2 else rest[0]
        res = getattr(lib, name)(
            x, hx, list(rest[states:]), bias, layers, 0.0, False, dirs == 2, batch_first
        )
        return lib.cat([o.reshape(-1) for o in res])

    return run


def _stacked(gates, layers, *, proj=0, dirs=1):
    shapes = _weights(gates, proj=proj, dirs=dirs)
    for _ in range(layers - 1):
        shapes += _weights(gates, inp=(proj or H) * dirs, proj=proj, dirs=dirs)
    return shapes


RNN_OPS = RNN_OPS + (
    Op(
        "aten_lstm_two_layers_bidirectional_projected",
        _aten_form(et, "lstm", states=2, dirs=2, layers=2),
        _aten_form(torch, "lstm", states=2, dirs=2, layers=2),
        normal((T, B, IN), (4, B, 1), (4, B, H), *_stacked(4, 2, proj=1, dirs=2)),
        covers=("et.lstm",),
    ),
    Op(
        "aten_gru_batch_first",
        _aten_form(et, "gru", batch_first=True),
        _aten_form(torch, "gru", batch_first=True),
        normal((B, T, IN), (1, B, H), *_weights(3)),
        covers=("et.gru",),
    ),
    Op(
        "aten_rnn_tanh_without_bias",
        _aten_form(et, "rnn_tanh", bias=False, layers=2),
        _aten_form(torch, "rnn_tanh", bias=False, layers=2),
        normal((T, B, IN), (2, B, H), *_stacked(1, 2, proj=0)[:2], *_weights(1, inp=H)[:2]),
        covers=("et.rnn_tanh",),
    ),
    Op(
        "aten_rnn_relu",
        _aten_form(et, "rnn_relu", dirs=2),
        _aten_form(torch, "rnn_relu", dirs=2),
        normal((T, B, IN), (2, B, H), *_weights(1, dirs=2)),
        covers=("et.rnn_relu",),
        smooth=False,  # relu's kink: no finite differences
    ),
)
