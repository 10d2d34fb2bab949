"""``et.nn.RNN``/``LSTM``/``GRU``, their cells and ``nn.utils.rnn`` against torch.nn.

Each torch module is built in float64 and its state dict loaded into the eagertape module;
outputs and the gradients of ``sum(out · cotangent)`` (parameters and inputs) are compared
with torch.autograd at 1e-9 (float64) and 2e-4 (float32). Also: parameter names, shapes and
initialisation; state dicts both ways; packed sequences; dropout between layers; bad input
leaving the session and the parameters unchanged; one node per layer and direction.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
from torch import nn as tnn
from torch.nn.utils import rnn as trnn

import eagertape as et
from eagertape import nn
from eagertape.nn.utils import rnn as ernn

RTOL, ATOL = 1e-9, 1e-12
T, B, IN, H = 5, 3, 4, 6

TORCH = {"RNN": tnn.RNN, "LSTM": tnn.LSTM, "GRU": tnn.GRU}
ET = {"RNN": nn.RNN, "LSTM": nn.LSTM, "GRU": nn.GRU}
CELLS = {
    "RNNCell": (tnn.RNNCell, nn.RNNCell),
    "LSTMCell": (tnn.LSTMCell, nn.LSTMCell),
    "GRUCell": (tnn.GRUCell, nn.GRUCell),
}


def _x(*shape, seed=1):
    return np.random.default_rng(seed).standard_normal(shape)


def _flat(out):
    """(output, h) or (output, (h, c)) or h or (h, c) as a flat tuple."""
    if isinstance(out, tuple):
        return tuple(v for o in out for v in _flat(o))
    return (out,)


def _parity(tm, em, arrays, call, dtype="float64", rtol=RTOL, atol=ATOL):
    """torch's and eagertape's outputs of ``call(module, *inputs)`` and the gradients of
    ``sum(out · cot)`` for every parameter and input."""
    em.load_state_dict(tm.state_dict())
    tdt = torch.float64 if dtype == "float64" else torch.float32
    tm = tm.to(tdt)
    tm.zero_grad(set_to_none=True)
    t_in = [torch.tensor(a, dtype=tdt, requires_grad=True) for a in arrays]
    t_out = _flat(call(tm, *t_in))
    rng = np.random.default_rng(7)
    cots = [rng.standard_normal(tuple(o.shape)) for o in t_out]
    sum((o * torch.tensor(c, dtype=tdt)).sum() for o, c in zip(t_out, cots, strict=True)).backward()
    sess = et.Session(dtype=dtype)
    leaves = [et.Parameter(a, dtype=dtype) for a in arrays]
    with sess:
        e_out = _flat(call(em, *[sess.use(p) for p in leaves]))
        assert len(e_out) == len(t_out)
        loss = None
        for e, t, c in zip(e_out, t_out, cots, strict=True):
            assert e.shape == tuple(t.shape)
            np.testing.assert_allclose(e.numpy(), t.detach().numpy(), rtol=rtol, atol=atol)
            term = (e * c).sum()
            loss = term if loss is None else loss + term
        with sess.backward(loss) as grads:
            for name, p in em.named_parameters():
                want = dict(tm.named_parameters())[name].grad.numpy()
                np.testing.assert_allclose(
                    grads[p].numpy(), want, rtol=rtol, atol=atol, err_msg=name
                )
            for i, (leaf, t) in enumerate(zip(leaves, t_in, strict=True)):
                np.testing.assert_allclose(
                    grads[leaf].numpy(), t.grad.numpy(), rtol=rtol, atol=atol, err_msg=f"input {i}"
                )


# ---- names, shapes, initialisation, state dicts --------------------------------------------


@pytest.mark.parametrize(
    "kind, kwargs",
    [
        ("RNN", dict(num_layers=2, nonlinearity="relu", bidirectional=True)),
        ("LSTM", dict(num_layers=2, proj_size=3, bidirectional=True, bias=False)),
        ("GRU", dict(num_layers=3)),
    ],
)
def test_parameter_names_and_shapes_are_torchs(kind, kwargs):
    tm, em = TORCH[kind](IN, H, **kwargs), ET[kind](IN, H, **kwargs)
    assert [(n, tuple(p.shape)) for n, p in em.named_parameters()] == [
        (n, tuple(p.shape)) for n, p in tm.named_parameters()
    ]


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cell_parameter_names_and_shapes_are_torchs(name):
    tcls, ecls = CELLS[name]
    for bias in (True, False):
        tm, em = tcls(IN, H, bias=bias), ecls(IN, H, bias=bias)
        assert [(n, tuple(p.shape)) for n, p in em.named_parameters()] == [
            (n, tuple(p.shape)) for n, p in tm.named_parameters()
        ]


def test_initialisation_is_uniform_within_one_over_sqrt_hidden_and_seeded():
    # torch: every parameter U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))
    bound = 1.0 / np.sqrt(64)
    m = nn.LSTM(32, 64, num_layers=2, seed=3, dtype="float64")
    values = np.concatenate([p.numpy().ravel() for p in m.parameters()])
    assert np.abs(values).max() <= bound
    assert np.abs(values).max() > 0.99 * bound
    assert abs(values.mean()) < 0.01 * bound
    again = nn.LSTM(32, 64, num_layers=2, seed=3, dtype="float64")
    for p, q in zip(m.parameters(), again.parameters(), strict=True):
        np.testing.assert_array_equal(p.numpy(), q.numpy())


def test_state_dicts_load_both_ways():
    tm = tnn.LSTM(IN, H, num_layers=2, proj_size=2, bidirectional=True).double()
    em = nn.LSTM(IN, H, num_layers=2, proj_size=2, bidirectional=True, dtype="float64", seed=9)
    torch_state = {k: v.clone() for k, v in tm.state_dict().items()}
    tm.load_state_dict(em.state_dict())  # eagertape -> torch
    for k, v in em.state_dict().items():
        assert torch.equal(tm.state_dict()[k], v)
    em.load_state_dict(torch_state)  # torch -> eagertape
    for k, v in torch_state.items():
        np.testing.assert_array_equal(em.state_dict()[k].numpy(), v.numpy())


# ---- forward and backward against torch ----------------------------------------------------


@pytest.mark.parametrize(
    "kind, kwargs",
    [
        ("RNN", dict()),
        ("RNN", dict(nonlinearity="relu", num_layers=2, bias=False)),
        ("LSTM", dict(num_layers=2, bidirectional=True)),
        ("LSTM", dict(proj_size=2, batch_first=True)),
        ("GRU", dict(num_layers=2, bidirectional=True, batch_first=True)),
        ("GRU", dict(bias=False)),
    ],
)
def test_modules_match_torch_with_initial_states(kind, kwargs):
    tm = TORCH[kind](IN, H, **kwargs).double()
    em = ET[kind](IN, H, dtype="float64", **kwargs)
    dirs = 2 if kwargs.get("bidirectional") else 1
    layers = kwargs.get("num_layers", 1)
    hout = kwargs.get("proj_size") or H
    x = _x(B, T, IN) if kwargs.get("batch_first") else _x(T, B, IN)
    h0 = _x(layers * dirs, B, hout, seed=2)
    if kind == "LSTM":
        c0 = _x(layers * dirs, B, H, seed=3)
        _parity(tm, em, [x, h0, c0], lambda m, x, h, c: m(x, (h, c)))
    else:
        _parity(tm, em, [x, h0], lambda m, x, h: m(x, h))


@pytest.mark.parametrize("kind", ["RNN", "LSTM", "GRU"])
def test_modules_match_torch_without_initial_states_and_unbatched(kind):
    tm, em = TORCH[kind](IN, H).double(), ET[kind](IN, H, dtype="float64")
    _parity(tm, em, [_x(T, B, IN)], lambda m, x: m(x))
    _parity(tm, em, [_x(T, IN)], lambda m, x: m(x))


@pytest.mark.parametrize("kind", ["LSTM", "GRU"])
def test_float32_matches_torch_to_2e_4(kind):
    tm = TORCH[kind](IN, H, num_layers=2, bidirectional=True)
    em = ET[kind](IN, H, num_layers=2, bidirectional=True, dtype="float32")
    _parity(tm, em, [_x(T, B, IN)], lambda m, x: m(x), dtype="float32", rtol=2e-4, atol=2e-5)


@pytest.mark.parametrize("name", sorted(CELLS))
def test_cells_match_torch(name):
    tcls, ecls = CELLS[name]
    tm, em = tcls(IN, H).double(), ecls(IN, H, dtype="float64")
    if name == "LSTMCell":
        _parity(
            tm, em, [_x(B, IN), _x(B, H, seed=2), _x(B, H, seed=3)], lambda m, x, h, c: m(x, (h, c))
        )
        _parity(tm, em, [_x(IN)], lambda m, x: m(x))  # unbatched, zero states
    else:
        _parity(tm, em, [_x(B, IN), _x(B, H, seed=2)], lambda m, x, h: m(x, h))
        _parity(tm, em, [_x(IN)], lambda m, x: m(x))


def test_a_cell_unrolled_by_hand_matches_torch():
    # word-by-word decoding: the cell's output fed back as its next state
    tm, em = tnn.LSTMCell(IN, H).double(), nn.LSTMCell(IN, H, dtype="float64")

    def unroll(m, x):
        h = c = None
        outs = []
        for t in range(x.shape[0]):
            h, c = m(x[t]) if h is None else m(x[t], (h, c))
            outs.append(h)
        return tuple(outs)

    _parity(tm, em, [_x(T, B, IN)], unroll)


# ---- packed sequences -------------------------------------------------------------------


LENGTHS = [3, 5, 1]


@pytest.mark.parametrize("kind", ["LSTM", "GRU", "RNN"])
def test_packed_sequences_match_torch(kind):
    tm = TORCH[kind](IN, H, num_layers=2, bidirectional=True).double()
    em = ET[kind](IN, H, num_layers=2, bidirectional=True, dtype="float64")

    def call(m, x):
        pack, pad = (trnn.pack_padded_sequence, trnn.pad_packed_sequence)
        if isinstance(m, nn.Module):
            pack, pad = (ernn.pack_padded_sequence, ernn.pad_packed_sequence)
        packed = pack(x, LENGTHS, batch_first=True, enforce_sorted=False)
        out, hidden = m(packed)
        padded, lengths = pad(out, batch_first=True, total_length=T)
        assert list(lengths) == LENGTHS
        return (padded, out.data, hidden)

    _parity(tm, em, [_x(B, T, IN)], call)


def test_pack_and_pad_match_torch_with_a_padding_value():
    x = _x(T, B, 2)
    sess = et.Session(dtype="float64")
    with sess:
        ex = sess.input(x)
        packed = ernn.pack_padded_sequence(ex, [5, 3, 3])
        tpacked = trnn.pack_padded_sequence(torch.tensor(x), [5, 3, 3])
        np.testing.assert_array_equal(packed.data.numpy(), tpacked.data.numpy())
        np.testing.assert_array_equal(packed.batch_sizes, tpacked.batch_sizes.numpy())
        padded, lengths = ernn.pad_packed_sequence(packed, padding_value=-1.5, total_length=6)
        tpadded, tlengths = trnn.pad_packed_sequence(tpacked, padding_value=-1.5, total_length=6)
        np.testing.assert_array_equal(padded.numpy(), tpadded.numpy())
        np.testing.assert_array_equal(lengths, tlengths.numpy())


def test_pack_padded_sequence_refuses_unsorted_lengths_when_enforced():
    sess = et.Session(dtype="float64")
    with sess, pytest.raises(et.ArgumentError, match="sorted in decreasing order"):
        ernn.pack_padded_sequence(sess.input(_x(T, B, 2)), [3, 5, 1])


def test_pad_sequence_matches_torch():
    seqs = [_x(4, 2), _x(2, 2, seed=2), _x(3, 2, seed=3)]
    sess = et.Session(dtype="float64")
    with sess:
        out = ernn.pad_sequence([sess.input(s) for s in seqs], batch_first=True, padding_value=7.0)
        got = out.numpy()
    want = trnn.pad_sequence([torch.tensor(s) for s in seqs], batch_first=True, padding_value=7.0)
    np.testing.assert_array_equal(got, want.numpy())


# ---- dropout, nodes, bad input -----------------------------------------------------------


def test_dropout_between_layers_runs_in_training_only():
    em = nn.LSTM(IN, H, num_layers=2, dropout=0.5, dtype="float64", seed=0)
    tm = tnn.LSTM(IN, H, num_layers=2, dropout=0.5).double()
    tm.load_state_dict(em.state_dict())
    tm.eval()
    em.eval()
    x = _x(T, B, IN)
    with et.Session(dtype="float64") as sess:
        out, _ = em(sess.input(x))
        np.testing.assert_allclose(
            out.numpy(), tm(torch.tensor(x))[0].detach().numpy(), rtol=RTOL, atol=ATOL
        )
        em.train()
        a, _ = em(sess.input(x))
        b, _ = em(sess.input(x))
        # the second layer's input is dropped differently in each call
        assert not np.allclose(a.numpy(), b.numpy())
        assert not np.allclose(a.numpy(), out.numpy())


def test_each_layer_and_direction_is_one_node_whatever_the_length():
    em = nn.LSTM(IN, H, num_layers=2, bidirectional=True, dtype="float64")
    counts = []
    for steps in (2, 20):
        sess = et.Session(dtype="float64")
        with sess:
            x = sess.input(_x(steps, B, IN))
            before = sess.tape_len
            em(x)
            counts.append(sess.tape_len - before)
            assert [r.op for r in sess.tape_profile()].count("lstm") == 4
    assert counts[0] == counts[1]


@pytest.mark.parametrize(
    "make, call, error, match",
    [
        (
            lambda: nn.LSTM(IN, H),
            lambda m, s: m(s.input(_x(T, B, IN + 1))),
            et.ShapeError,
            "input.size\\(-1\\) must be equal to input_size",
        ),
        (
            lambda: nn.GRU(IN, H, num_layers=2),
            lambda m, s: m(s.input(_x(T, B, IN)), s.input(_x(1, B, H))),
            et.ShapeError,
            "Expected hidden size",
        ),
        (
            lambda: nn.LSTM(IN, H),
            lambda m, s: m(s.input(_x(T, B, IN)), s.input(_x(1, B, H))),
            et.ArgumentError,
            "tuple",
        ),
        (
            lambda: nn.RNN(IN, H),
            lambda m, s: m(s.input(_x(2, T, B, IN))),
            et.ShapeError,
            "2-D or 3-D",
        ),
        (
            lambda: nn.RNN(IN, H),
            lambda m, s: m(s.input(_x(0, B, IN))),
            et.ShapeError,
            "larger than 0",
        ),
        (
            lambda: nn.GRUCell(IN, H),
            lambda m, s: m(s.input(_x(B, IN)), s.input(_x(B + 1, H))),
            et.ShapeError,
            "Expected hidden size",
        ),
    ],
)
def test_bad_input_is_refused_and_records_nothing(make, call, error, match):
    m = make()
    before = [(p.version, p.numpy().copy()) for p in m.parameters()]
    sess = et.Session()
    with sess:
        with pytest.raises(error, match=match):
            call(m, sess)
        # only leaves are on the tape: the inputs made for the call and the parameters' leaves
        # (one per parameter, reused by every op reading it, as for every op)
        assert {r.op for r in sess.tape_profile()} <= {"input", "param"}
    for (v, value), p in zip(before, m.parameters(), strict=True):
        assert p.version == v
        np.testing.assert_array_equal(p.numpy(), value)


@pytest.mark.parametrize(
    "make, error",
    [
        (lambda: nn.LSTM(IN, H, proj_size=H), et.ConfigError),
        (lambda: nn.GRU(IN, H, proj_size=2), TypeError),
        (lambda: tnn.RNN and nn.RNN(IN, H, nonlinearity="gelu"), et.ConfigError),
        (lambda: nn.LSTM(IN, H, dropout=1.5), et.ConfigError),
        (lambda: nn.LSTM(IN, 0), et.ConfigError),
        (lambda: nn.RNNBase("LSTM", IN, H, proj_size=2.0), TypeError),
        (lambda: nn.RNNBase("SRU", IN, H), et.ConfigError),
    ],
)
def test_bad_constructor_arguments_are_typed_errors(make, error):
    with pytest.raises(error):
        make()


@pytest.mark.parametrize("name", ["RNN", "LSTM", "GRU"])
def test_flatten_parameters_leaves_the_module_and_its_output_as_they_were(name):
    m = getattr(et.nn, name)(3, 4, seed=0)
    before = [(n, p.version) for n, p in m.named_parameters()]
    x = np.random.default_rng(0).standard_normal((2, 5, 3)).astype(np.float32)
    with et.Session():
        y0 = m(et.tensor(x))[0].numpy()
        assert m.flatten_parameters() is None
        y1 = m(et.tensor(x))[0].numpy()
    np.testing.assert_array_equal(y0, y1)
    assert [(n, p.version) for n, p in m.named_parameters()] == before
