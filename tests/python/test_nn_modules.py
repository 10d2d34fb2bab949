"""eagertape.nn modules against torch.nn: each torch module is built in float64, its state_dict
loaded into the eagertape module (dtype float64), and the forward outputs and the gradients of
``sum(out * cotangent)`` (parameters and inputs) compared to torch.autograd. Also: torch's
initialisation, train/eval, buffers (BatchNorm's running statistics), state dicts both ways,
checkpoints, containers and deep copies."""

from __future__ import annotations

import copy
import math
from collections import OrderedDict

import numpy as np
import pytest
import safetensors
import torch
from torch import nn as tnn

import eagertape as et
from eagertape import nn

RTOL, ATOL = 1e-9, 1e-12


# ----------------------------------------------------------------------------------------
# Helpers


def _randomize(tm: tnn.Module, seed: int = 0) -> tnn.Module:
    """Give every torch parameter non-trivial values (norm weights start at one, biases at
    zero), so the comparison exercises them."""
    rng = np.random.default_rng(seed)
    with torch.no_grad():
        for p in tm.parameters():
            p.copy_(torch.from_numpy(rng.uniform(-1.0, 1.0, tuple(p.shape))))
    return tm


def _tuple(out):
    return tuple(out) if isinstance(out, tuple) else (out,)


def check_parity(tm, em, arrays, t_fn=None, e_fn=None, *, load=True):
    """Copy ``tm``'s state into ``em``, run both on ``arrays`` (float64 leaves; int ids and
    masks go in the closures) and compare every output and the gradients of every parameter
    and every input."""
    if load:
        em.load_state_dict(tm.state_dict())
    tm.zero_grad(set_to_none=True)
    t_fn = t_fn or (lambda m, *xs: m(*xs))
    e_fn = e_fn or (lambda m, s, *xs: m(s, *xs))
    t_in = [torch.tensor(a, dtype=torch.float64, requires_grad=True) for a in arrays]
    t_outs = _tuple(t_fn(tm, *t_in))
    rng = np.random.default_rng(99)
    cots = [None if o is None else rng.standard_normal(tuple(o.shape)) for o in t_outs]
    terms = [
        (o * torch.from_numpy(c)).sum() for o, c in zip(t_outs, cots, strict=True) if o is not None
    ]
    sum(terms).backward()

    sess = et.Session(dtype="float64")
    leaves = [et.Parameter(np.asarray(a, dtype=np.float64), dtype="float64") for a in arrays]
    e_outs = _tuple(e_fn(em, sess, *[sess.use(p) for p in leaves]))
    assert len(e_outs) == len(t_outs)
    loss = None
    for e, t, c in zip(e_outs, t_outs, cots, strict=True):
        if t is None:
            assert e is None
            continue
        assert e.shape == tuple(t.shape)
        np.testing.assert_allclose(e.numpy(), t.detach().numpy(), rtol=RTOL, atol=ATOL)
        term = (e * c).sum()
        loss = term if loss is None else loss + term
    t_params = dict(tm.named_parameters())
    e_params = em.named_parameters()
    assert [n for n, _ in e_params] == list(t_params)
    with sess.backward(loss) as grads:
        for name, p in e_params:
            tg = t_params[name].grad
            want = np.zeros(p.shape) if tg is None else tg.numpy()
            got = grads[p].numpy() if p in grads else np.zeros(p.shape)
            np.testing.assert_allclose(got, want, rtol=RTOL, atol=ATOL, err_msg=name)
        for i, (leaf, t) in enumerate(zip(leaves, t_in, strict=True)):
            want = np.zeros(leaf.shape) if t.grad is None else t.grad.numpy()
            got = grads[leaf].numpy() if leaf in grads else np.zeros(leaf.shape)
            np.testing.assert_allclose(got, want, rtol=RTOL, atol=ATOL, err_msg=f"input {i}")


def _x(*shape, seed=1):
    return np.random.default_rng(seed).standard_normal(shape)


def _values(module):
    """Every parameter's and buffer's value and version (what a rejected call must keep)."""
    return [(p.version, np.asarray(p.numpy()).copy()) for _, p, _ in module._state_items()]


def _assert_values(module, before):
    for (_, p, _), (version, value) in zip(module._state_items(), before, strict=True):
        assert p.version == version
        np.testing.assert_array_equal(p.numpy(), value)


# ----------------------------------------------------------------------------------------
# Layers with parameters: forward and gradients against torch


def test_linear_matches_torch():
    check_parity(
        _randomize(tnn.Linear(4, 3).double()), nn.Linear(4, 3, dtype="float64"), [_x(2, 5, 4)]
    )


def test_conv1d_matches_torch_with_stride_padding_dilation_groups():
    tm = _randomize(tnn.Conv1d(4, 6, 3, stride=2, padding=2, dilation=2, groups=2).double())
    em = nn.Conv1d(4, 6, 3, stride=2, padding=2, dilation=2, groups=2, dtype="float64")
    check_parity(tm, em, [_x(2, 4, 11)])


def test_conv2d_matches_torch_with_groups_and_no_bias():
    tm = _randomize(tnn.Conv2d(4, 6, (3, 2), stride=(2, 1), padding=1, groups=2, bias=False))
    em = nn.Conv2d(4, 6, (3, 2), stride=(2, 1), padding=1, groups=2, bias=False, dtype="float64")
    check_parity(tm.double(), em, [_x(2, 4, 7, 6)])


@pytest.mark.filterwarnings("ignore:Using padding='same' with even kernel")
def test_conv2d_same_padding_matches_torch():
    tm = _randomize(tnn.Conv2d(3, 2, 4, padding="same", dilation=1).double())
    em = nn.Conv2d(3, 2, 4, padding="same", dtype="float64")
    check_parity(tm, em, [_x(1, 3, 6, 5)])


def test_conv_transpose2d_matches_torch():
    tm = tnn.ConvTranspose2d(4, 6, 3, stride=2, padding=1, output_padding=1, groups=2)
    em = nn.ConvTranspose2d(
        4, 6, 3, stride=2, padding=1, output_padding=1, groups=2, dtype="float64"
    )
    check_parity(_randomize(tm.double()), em, [_x(2, 4, 5, 4)])


def test_conv_transpose2d_output_size_picks_output_padding_as_torch():
    tm = _randomize(tnn.ConvTranspose2d(2, 3, 3, stride=2, padding=1).double())
    em = nn.ConvTranspose2d(2, 3, 3, stride=2, padding=1, dtype="float64")
    check_parity(
        tm,
        em,
        [_x(1, 2, 4, 4)],
        lambda m, x: m(x, output_size=[8, 8]),
        lambda m, s, x: m(s, x, output_size=[8, 8]),
    )


def test_layer_norm_matches_torch():
    tm = _randomize(tnn.LayerNorm((3, 4), eps=1e-3).double())
    check_parity(tm, nn.LayerNorm((3, 4), eps=1e-3, dtype="float64"), [_x(2, 3, 4)])


def test_layer_norm_without_bias_matches_torch():
    tm = _randomize(tnn.LayerNorm(5, bias=False).double())
    em = nn.LayerNorm(5, bias=False, dtype="float64")
    assert [n for n, _ in em.named_parameters()] == ["weight"]
    check_parity(tm, em, [_x(3, 5)])


@pytest.mark.parametrize("eps", [None, 1e-4])
def test_rms_norm_matches_torch(eps):
    tm = _randomize(tnn.RMSNorm(6, eps=eps).double())
    check_parity(tm, nn.RMSNorm(6, eps=eps, dtype="float64"), [_x(2, 3, 6)])


def test_group_norm_matches_torch():
    tm = _randomize(tnn.GroupNorm(2, 6, eps=1e-4).double())
    check_parity(tm, nn.GroupNorm(2, 6, eps=1e-4, dtype="float64"), [_x(3, 6, 4, 2)])


def test_embedding_matches_torch_and_padding_row_gets_no_gradient():
    ids = np.array([[0, 3, 1], [3, 3, 4]])
    tm = tnn.Embedding(5, 4, padding_idx=3).double()
    em = nn.Embedding(5, 4, padding_idx=3, dtype="float64")
    check_parity(tm, em, [], lambda m: m(torch.from_numpy(ids)), lambda m, s: m(s, ids))


def test_batch_norm2d_training_step_matches_torch():
    tm = _randomize(tnn.BatchNorm2d(3).double())
    check_parity(tm, nn.BatchNorm2d(3, dtype="float64"), [_x(4, 3, 2, 3)])


def test_batch_norm1d_training_matches_torch_on_2d_and_3d_inputs():
    tm = _randomize(tnn.BatchNorm1d(3).double())
    em = nn.BatchNorm1d(3, dtype="float64")
    check_parity(tm, em, [_x(5, 3)])
    check_parity(tm, em, [_x(2, 3, 4)])


def test_batch_norm_eval_matches_torch():
    tm = _randomize(tnn.BatchNorm2d(3).double())
    with torch.no_grad():
        tm.running_mean.copy_(torch.tensor([0.5, -1.0, 2.0]))
        tm.running_var.copy_(torch.tensor([2.0, 0.5, 1.5]))
    em = nn.BatchNorm2d(3, dtype="float64")
    check_parity(tm.eval(), em.eval(), [_x(2, 3, 2, 2)])


# ----------------------------------------------------------------------------------------
# Layers without parameters


@pytest.mark.parametrize(
    ("tm", "em"),
    [
        (tnn.MaxPool2d(2), nn.MaxPool2d(2)),
        (tnn.MaxPool2d(3, stride=2, padding=1, dilation=1, ceil_mode=True),)
        + (nn.MaxPool2d(3, stride=2, padding=1, dilation=1, ceil_mode=True),),
        (tnn.AvgPool2d(3, stride=2, padding=1), nn.AvgPool2d(3, stride=2, padding=1)),
        (tnn.AvgPool2d(2, count_include_pad=False, padding=1),)
        + (nn.AvgPool2d(2, count_include_pad=False, padding=1),),
        (tnn.AdaptiveAvgPool2d((3, 2)), nn.AdaptiveAvgPool2d((3, 2))),
        (tnn.AdaptiveAvgPool2d(1), nn.AdaptiveAvgPool2d(1)),
        (tnn.Flatten(), nn.Flatten()),
        (tnn.Flatten(0, 2), nn.Flatten(0, 2)),
    ],
    ids=lambda m: repr(m).replace(" ", ""),
)
def test_parameterless_layer_matches_torch(tm, em):
    check_parity(tm, em, [_x(2, 3, 7, 6)])


@pytest.mark.parametrize(
    ("tm", "em"),
    [
        (tnn.ReLU(), nn.ReLU()),
        (tnn.GELU(), nn.GELU()),
        (tnn.GELU(approximate="tanh"), nn.GELU(approximate="tanh")),
        (tnn.SiLU(), nn.SiLU()),
        (tnn.Tanh(), nn.Tanh()),
        (tnn.Sigmoid(), nn.Sigmoid()),
        (tnn.Identity(), nn.Identity()),
    ],
    ids=lambda m: repr(m),
)
def test_activation_matches_torch(tm, em):
    check_parity(tm, em, [_x(3, 4)])


def test_dropout_in_eval_is_identity(sess64):
    x = sess64.input(_x(4, 5))
    np.testing.assert_array_equal(nn.Dropout(0.5).eval()(sess64, x).numpy(), x.numpy())


def test_dropout_in_training_zeroes_and_rescales(sess64):
    y = nn.Dropout(0.5)(sess64, sess64.ones(1000)).numpy()
    assert set(np.unique(y)) <= {0.0, 2.0}
    assert 300 < np.count_nonzero(y) < 700


def test_dropout_rejects_probability_outside_unit_interval():
    with pytest.raises(et.ConfigError, match="between 0 and 1"):
        nn.Dropout(1.5)


# ----------------------------------------------------------------------------------------
# BatchNorm: running statistics and num_batches_tracked as torch's


def _bn_steps(tm, em, xs):
    sess = et.Session(dtype="float64")
    for x in xs:
        t_out = tm(torch.from_numpy(x))
        e_out = em(sess, sess.input(x))
        np.testing.assert_allclose(e_out.numpy(), t_out.detach().numpy(), rtol=RTOL, atol=ATOL)
        sess.reset_tape()
    t_sd, e_sd = tm.state_dict(), em.state_dict()
    assert list(e_sd) == list(t_sd)
    for key in t_sd:
        assert e_sd[key].dtype == t_sd[key].dtype, key
        np.testing.assert_allclose(e_sd[key].numpy(), t_sd[key].numpy(), rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("momentum", [0.1, 0.3, None])
def test_batch_norm2d_three_training_steps_then_eval_match_torch(momentum):
    tm = _randomize(tnn.BatchNorm2d(3, momentum=momentum).double())
    em = nn.BatchNorm2d(3, momentum=momentum, dtype="float64")
    em.load_state_dict(tm.state_dict())
    rng = np.random.default_rng(5)
    _bn_steps(tm, em, [rng.standard_normal((4, 3, 3, 2)) * 2 + 1 for _ in range(3)])
    assert int(em.state_dict()["num_batches_tracked"]) == 3
    _bn_steps(tm.eval(), em.eval(), [rng.standard_normal((2, 3, 3, 2))])


@pytest.mark.parametrize("momentum", [0.1, None])
def test_batch_norm1d_three_training_steps_then_eval_match_torch(momentum):
    tm = _randomize(tnn.BatchNorm1d(4, momentum=momentum).double())
    em = nn.BatchNorm1d(4, momentum=momentum, dtype="float64")
    em.load_state_dict(tm.state_dict())
    rng = np.random.default_rng(6)
    _bn_steps(tm, em, [rng.standard_normal((6, 4, 3)) for _ in range(3)])
    _bn_steps(tm.eval(), em.eval(), [rng.standard_normal((2, 4))])


def test_batch_norm_without_running_stats_matches_torch_in_train_and_eval():
    tm = _randomize(tnn.BatchNorm2d(2, track_running_stats=False).double())
    em = nn.BatchNorm2d(2, track_running_stats=False, dtype="float64")
    assert em.buffers() == [] and list(em.state_dict()) == ["weight", "bias"]
    check_parity(tm, em, [_x(3, 2, 2, 2)])
    check_parity(tm.eval(), em.eval(), [_x(3, 2, 2, 2)])


def test_batch_norm_without_affine_has_only_buffers():
    em = nn.BatchNorm2d(2, affine=False, dtype="float64")
    assert em.parameters() == []
    assert [n for n, _ in em.named_buffers()] == [
        "running_mean",
        "running_var",
        "num_batches_tracked",
    ]
    check_parity(tnn.BatchNorm2d(2, affine=False).double(), em, [_x(3, 2, 2, 2)])


def test_batch_norm_eval_leaves_buffers_untouched(sess64):
    em = nn.BatchNorm2d(3, dtype="float64")
    em(sess64, sess64.input(_x(4, 3, 2, 2)))
    before = _values(em)
    em.eval()
    em(sess64, sess64.input(_x(4, 3, 2, 2, seed=2)))
    _assert_values(em, before)


def test_batch_norm_rejected_input_changes_no_buffer(sess64):
    em = nn.BatchNorm2d(3, dtype="float64")
    before = _values(em)
    with pytest.raises(et.ShapeError, match="expected 4D input"):
        em(sess64, sess64.input(_x(4, 3)))
    _assert_values(em, before)


def test_batch_norm_buffers_survive_reset_tape(sess64):
    em = nn.BatchNorm2d(3, dtype="float64")
    em(sess64, sess64.input(_x(4, 3, 2, 2)))
    before = _values(em)
    sess64.reset_tape()
    _assert_values(em, before)
    assert before[-1][1] == 1.0  # num_batches_tracked


def test_batch_norm_buffers_round_trip_through_save_and_load(tmp_path, sess64):
    model = nn.Sequential(
        nn.Conv2d(2, 3, 1, seed=0, dtype="float64"), nn.BatchNorm2d(3, dtype="float64")
    )
    for _ in range(2):
        model(sess64, sess64.input(_x(4, 2, 3, 3)))
    et.save(tmp_path / "m.safetensors", model)
    with safetensors.safe_open(tmp_path / "m.safetensors", "numpy") as f:
        assert set(f.keys()) == set(model.state_dict())
    fresh = nn.Sequential(
        nn.Conv2d(2, 3, 1, seed=1, dtype="float64"), nn.BatchNorm2d(3, dtype="float64")
    )
    et.load(tmp_path / "m.safetensors", fresh)
    for (k, a), (_, b) in zip(model.state_dict().items(), fresh.state_dict().items(), strict=True):
        assert torch.equal(a, b), k
    assert int(fresh.state_dict()["1.num_batches_tracked"]) == 2


# ----------------------------------------------------------------------------------------
# MultiheadAttention


def _mha(embed=8, heads=2, batch_first=False, bias=True):
    tm = _randomize(tnn.MultiheadAttention(embed, heads, bias=bias, batch_first=batch_first))
    em = nn.MultiheadAttention(embed, heads, bias=bias, batch_first=batch_first, dtype="float64")
    return tm.double(), em


@pytest.mark.parametrize("batch_first", [False, True])
@pytest.mark.parametrize("need_weights", [True, False])
def test_mha_self_attention_matches_torch(batch_first, need_weights):
    tm, em = _mha(batch_first=batch_first)
    check_parity(
        tm,
        em,
        [_x(3, 5, 8)],
        lambda m, x: m(x, x, x, need_weights=need_weights),
        lambda m, s, x: m(s, x, x, x, need_weights=need_weights),
    )


@pytest.mark.parametrize("need_weights", [True, False])
def test_mha_key_padding_mask_matches_torch(need_weights):
    tm, em = _mha(batch_first=True)
    kpm = np.zeros((3, 6), dtype=bool)
    kpm[0, 4:] = True
    kpm[2, 1] = True
    check_parity(
        tm,
        em,
        [_x(3, 4, 8), _x(3, 6, 8, seed=2)],
        lambda m, q, kv: m(
            q, kv, kv, key_padding_mask=torch.from_numpy(kpm), need_weights=need_weights
        ),
        lambda m, s, q, kv: m(s, q, kv, kv, key_padding_mask=kpm, need_weights=need_weights),
    )


@pytest.mark.parametrize("need_weights", [True, False])
def test_mha_bool_attn_mask_matches_torch(need_weights):
    tm, em = _mha()
    mask = np.triu(np.ones((5, 5), dtype=bool), 1)  # True: not allowed
    check_parity(
        tm,
        em,
        [_x(5, 2, 8)],
        lambda m, x: m(x, x, x, attn_mask=torch.from_numpy(mask), need_weights=need_weights),
        lambda m, s, x: m(s, x, x, x, attn_mask=mask, need_weights=need_weights),
    )


@pytest.mark.parametrize("need_weights", [True, False])
def test_mha_float_attn_mask_is_added_as_torch(need_weights):
    tm, em = _mha()
    mask = _x(4, 6, seed=3)
    check_parity(
        tm,
        em,
        [_x(4, 2, 8), _x(6, 2, 8, seed=2), _x(6, 2, 8, seed=4)],
        lambda m, q, k, v: m(q, k, v, attn_mask=torch.from_numpy(mask), need_weights=need_weights),
        lambda m, s, q, k, v: m(s, q, k, v, attn_mask=mask, need_weights=need_weights),
    )


@pytest.mark.parametrize("need_weights", [True, False])
def test_mha_3d_attn_mask_and_key_padding_mask_together_match_torch(need_weights):
    tm, em = _mha(heads=4)
    mask = np.random.default_rng(0).uniform(size=(2 * 4, 3, 3)) < 0.3
    np.fill_diagonal(mask[0], False)
    mask[:, :, 0] = False  # every row keeps key 0
    kpm = np.array([[False, False, True], [False, True, False]])
    check_parity(
        tm,
        em,
        [_x(3, 2, 8)],
        lambda m, x: m(
            x,
            x,
            x,
            key_padding_mask=torch.from_numpy(kpm),
            attn_mask=torch.from_numpy(mask),
            need_weights=need_weights,
        ),
        lambda m, s, x: m(
            s, x, x, x, key_padding_mask=kpm, attn_mask=mask, need_weights=need_weights
        ),
    )


def test_mha_per_head_weights_match_torch():
    tm, em = _mha()
    check_parity(
        tm,
        em,
        [_x(3, 2, 8)],
        lambda m, x: m(x, x, x, average_attn_weights=False),
        lambda m, s, x: m(s, x, x, x, average_attn_weights=False),
    )


def test_mha_need_weights_false_returns_none_weights(sess64):
    _, em = _mha()
    x = sess64.input(_x(3, 2, 8))
    out, weights = em(sess64, x, x, x, need_weights=False)
    assert weights is None and out.shape == (3, 2, 8)


def test_mha_unbatched_input_matches_torch():
    tm, em = _mha(batch_first=True)
    check_parity(
        tm,
        em,
        [_x(4, 8)],
        lambda m, x: m(x, x, x),
        lambda m, s, x: m(s, x, x, x),
    )


def test_mha_causal_hint_with_mask_matches_torch():
    tm, em = _mha()
    mask = tnn.Transformer.generate_square_subsequent_mask(4, dtype=torch.float64)
    check_parity(
        tm,
        em,
        [_x(4, 2, 8)],
        lambda m, x: m(x, x, x, attn_mask=mask, is_causal=True, need_weights=False),
        lambda m, s, x: m(s, x, x, x, attn_mask=mask, is_causal=True, need_weights=False),
    )


def test_mha_causal_hint_needs_a_mask(sess64):
    _, em = _mha()
    x = sess64.input(_x(4, 2, 8))
    with pytest.raises(et.ArgumentError, match="Need attn_mask"):
        em(sess64, x, x, x, is_causal=True)


def test_mha_without_bias_matches_torch():
    tm, em = _mha(bias=False)
    assert [n for n, _ in em.named_parameters()] == ["in_proj_weight", "out_proj.weight"]
    check_parity(tm, em, [_x(3, 2, 8)], lambda m, x: m(x, x, x), lambda m, s, x: m(s, x, x, x))


def test_mha_accepts_eagertape_tensor_masks(sess64):
    tm, em = _mha()
    em.load_state_dict(tm.state_dict())
    x = _x(3, 2, 8)
    mask = np.array([[False, True, False]] * 3)
    want, _ = tm(*[torch.from_numpy(x)] * 3, attn_mask=torch.from_numpy(mask))
    xt = sess64.input(x)
    got, _ = em(sess64, xt, xt, xt, attn_mask=sess64.input(mask))
    np.testing.assert_allclose(got.numpy(), want.detach().numpy(), rtol=RTOL, atol=ATOL)


def test_mha_rejects_embed_dim_not_divisible_by_heads():
    with pytest.raises(et.ConfigError, match="divisible by num_heads"):
        nn.MultiheadAttention(10, 3)


# ----------------------------------------------------------------------------------------
# Transformer encoder


def _layer(norm_first=False, batch_first=False, activation="relu", dropout=0.0):
    kw = {"dim_feedforward": 16, "dropout": dropout, "norm_first": norm_first}
    kw |= {"batch_first": batch_first}
    t_act = {"relu": "relu", "gelu": "gelu"}.get(activation, activation)
    tm = tnn.TransformerEncoderLayer(8, 2, activation=t_act, **kw)
    e_act = nn.GELU() if isinstance(activation, tnn.GELU) else activation
    em = nn.TransformerEncoderLayer(8, 2, activation=e_act, dtype="float64", **kw)
    return _randomize(tm.double()), em


@pytest.mark.parametrize("norm_first", [False, True])
def test_encoder_layer_matches_torch(norm_first):
    tm, em = _layer(norm_first=norm_first)
    check_parity(tm, em, [_x(5, 2, 8)])


def test_encoder_layer_batch_first_gelu_and_padding_mask_match_torch():
    tm, em = _layer(batch_first=True, activation="gelu")
    kpm = np.array([[False] * 5, [False, False, False, True, True]])
    check_parity(
        tm,
        em,
        [_x(2, 5, 8)],
        lambda m, x: m(x, src_key_padding_mask=torch.from_numpy(kpm)),
        lambda m, s, x: m(s, x, src_key_padding_mask=kpm),
    )


def test_encoder_layer_with_module_activation_matches_torch():
    tm, em = _layer(activation=tnn.GELU())
    check_parity(tm, em, [_x(3, 2, 8)])


@pytest.mark.parametrize("norm_first", [False, True])
@pytest.mark.parametrize("is_causal", [False, True])
def test_encoder_layer_causal_src_mask_matches_torch(norm_first, is_causal):
    tm, em = _layer(norm_first=norm_first)
    mask = tnn.Transformer.generate_square_subsequent_mask(5, dtype=torch.float64)
    check_parity(
        tm,
        em,
        [_x(5, 2, 8)],
        lambda m, x: m(x, src_mask=mask, is_causal=is_causal),
        lambda m, s, x: m(s, x, src_mask=mask, is_causal=is_causal),
    )


def test_encoder_layer_eval_with_dropout_matches_torch():
    tm, em = _layer(dropout=0.3)
    check_parity(tm.eval(), em.eval(), [_x(4, 2, 8)])


def test_encoder_layer_parameter_names_match_torch():
    tm, em = _layer()
    assert list(em.state_dict()) == list(tm.state_dict())


@pytest.mark.parametrize("causal", [False, True])
def test_encoder_two_layers_with_norm_match_torch(causal):
    tm_layer, em_layer = _layer(norm_first=True)
    tm = tnn.TransformerEncoder(
        tm_layer, 2, norm=tnn.LayerNorm(8).double(), enable_nested_tensor=False
    )
    em = nn.TransformerEncoder(em_layer, 2, norm=nn.LayerNorm(8, dtype="float64"))
    _randomize(tm, seed=4)
    mask = (
        tnn.Transformer.generate_square_subsequent_mask(4, dtype=torch.float64) if causal else None
    )
    check_parity(
        tm, em, [_x(4, 3, 8)], lambda m, x: m(x, mask=mask), lambda m, s, x: m(s, x, mask=mask)
    )


def test_encoder_layers_are_independent_copies():
    layer = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, seed=0, dtype="float64")
    enc = nn.TransformerEncoder(layer, 2)
    ids = {p.id for p in enc.parameters()}
    assert len(ids) == 2 * len(layer.parameters())
    assert not ids & {p.id for p in layer.parameters()}
    for a, b in zip(enc.layers[0].parameters(), layer.parameters(), strict=True):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    enc.layers[0].linear1.weight.assign(np.zeros((16, 8)))
    assert np.any(enc.layers[1].linear1.weight.numpy() != 0)
    assert np.any(layer.linear1.weight.numpy() != 0)


def test_deepcopy_keeps_tied_parameters_tied():
    a = nn.Linear(3, 3)
    model = nn.Sequential(a, nn.ReLU(), a)
    clone = copy.deepcopy(model)
    assert clone[0] is clone[2] and clone[0].weight.id != a.weight.id


# ----------------------------------------------------------------------------------------
# Initialisation as torch's


def test_conv2d_init_shapes_and_bounds_follow_torch_fan_in():
    m = nn.Conv2d(6, 4, (3, 2), groups=2, seed=0, dtype="float64")
    assert m.weight.shape == (4, 3, 3, 2) and m.bias.shape == (4,)
    bound = 1 / math.sqrt(3 * 3 * 2)
    assert np.abs(m.weight.numpy()).max() <= bound and np.abs(m.bias.numpy()).max() <= bound


def test_conv_transpose2d_weight_layout_and_fan_in():
    m = nn.ConvTranspose2d(6, 4, 3, groups=2, seed=0, dtype="float64")
    t = tnn.ConvTranspose2d(6, 4, 3, groups=2)
    assert m.weight.shape == tuple(t.weight.shape) == (6, 2, 3, 3)
    bound = 1 / math.sqrt(2 * 3 * 3)  # fan_in = weight.shape[1] * k*k
    assert np.abs(m.weight.numpy()).max() <= bound and np.abs(m.bias.numpy()).max() <= bound
    assert np.abs(m.weight.numpy()).max() > 0.8 * bound


@pytest.mark.parametrize(
    ("make_et", "make_torch"),
    [
        (lambda: nn.Conv2d(32, 64, 3, seed=0), lambda: tnn.Conv2d(32, 64, 3)),
        (lambda: nn.Conv1d(16, 64, 5, seed=0), lambda: tnn.Conv1d(16, 64, 5)),
        (lambda: nn.ConvTranspose2d(64, 32, 3, seed=0), lambda: tnn.ConvTranspose2d(64, 32, 3)),
        (lambda: nn.Linear(300, 200, seed=0), lambda: tnn.Linear(300, 200)),
    ],
    ids=["conv2d", "conv1d", "conv_transpose2d", "linear"],
)
def test_large_layer_init_distribution_matches_torch(make_et, make_torch):
    with torch.random.fork_rng():
        torch.manual_seed(0)
        t = make_torch()
    e = make_et()
    tw, ew = t.weight.detach().numpy(), e.weight.numpy()
    assert ew.shape == tw.shape
    assert abs(np.abs(ew).max() - np.abs(tw).max()) < 0.01 * np.abs(tw).max()
    assert abs(ew.std() - tw.std()) < 0.03 * tw.std()
    assert abs(np.abs(e.bias.numpy()).max() - np.abs(t.bias.detach().numpy()).max()) < 0.2 * (
        np.abs(tw).max()
    )


def test_embedding_init_is_standard_normal_with_zero_padding_row():
    m = nn.Embedding(400, 50, padding_idx=-1, seed=0, dtype="float64")
    w = m.weight.numpy()
    assert m.padding_idx == 399 and not np.any(w[399])
    assert abs(w[:399].mean()) < 0.02 and abs(w[:399].std() - 1.0) < 0.02


def test_mha_init_xavier_in_proj_and_zero_biases():
    m = nn.MultiheadAttention(64, 4, seed=0, dtype="float64")
    bound = math.sqrt(6 / (64 + 3 * 64))
    w = m.in_proj_weight.numpy()
    assert w.shape == (192, 64) and np.abs(w).max() <= bound and np.abs(w).max() > 0.95 * bound
    assert not np.any(m.in_proj_bias.numpy()) and not np.any(m.out_proj.bias.numpy())
    assert np.abs(m.out_proj.weight.numpy()).max() <= 1 / 8


def test_norm_layers_init_ones_and_zeros():
    for m in (nn.LayerNorm(4), nn.GroupNorm(2, 4), nn.BatchNorm2d(4)):
        np.testing.assert_array_equal(m.weight.numpy(), np.ones(4))
        np.testing.assert_array_equal(m.bias.numpy(), np.zeros(4))
    np.testing.assert_array_equal(nn.RMSNorm(4).weight.numpy(), np.ones(4))


def test_batch_norm_buffers_init_and_are_not_parameters():
    m = nn.BatchNorm1d(3)
    assert [n for n, _ in m.named_parameters()] == ["weight", "bias"]
    assert all(not b.requires_grad for b in m.buffers())
    np.testing.assert_array_equal(m.running_mean.numpy(), np.zeros(3))
    np.testing.assert_array_equal(m.running_var.numpy(), np.ones(3))
    assert m.num_batches_tracked.dtype == "float64" and m.num_batches_tracked.shape == ()


def test_same_seed_same_parameters_for_every_layer():
    for make in (
        lambda: nn.Conv2d(2, 3, 3, seed=4),
        lambda: nn.Embedding(5, 3, seed=4),
        lambda: nn.TransformerEncoderLayer(8, 2, 16, seed=4),
    ):
        for p, q in zip(make().parameters(), make().parameters(), strict=True):
            np.testing.assert_array_equal(p.numpy(), q.numpy())


def test_conv_padding_mode_other_than_zeros_is_a_clear_error():
    with pytest.raises(et.ConfigError, match="padding_mode='reflect' is not supported"):
        nn.Conv2d(2, 2, 3, padding_mode="reflect")


def test_conv_channels_must_divide_by_groups():
    with pytest.raises(et.ConfigError, match="in_channels must be divisible by groups"):
        nn.Conv2d(3, 4, 3, groups=2)


# ----------------------------------------------------------------------------------------
# Module API: train/eval, buffers, containers


def test_train_and_eval_recurse_and_return_self():
    layer = nn.TransformerEncoderLayer(8, 2, 16)
    assert layer.eval() is layer
    assert not any(m.training for m in layer.modules())
    assert layer.train() is layer and all(m.training for m in layer.modules())


def test_register_buffer_refuses_a_trainable_parameter():
    m = nn.Module()
    with pytest.raises(et.ConfigError, match="requires_grad=False"):
        m.register_buffer("stat", et.Parameter(np.zeros(2)))


def test_buffers_listed_with_dotted_names_not_as_parameters():
    model = nn.Sequential(nn.Conv2d(1, 2, 1), nn.BatchNorm2d(2))
    assert [n for n, _ in model.named_buffers()] == [
        "1.running_mean",
        "1.running_var",
        "1.num_batches_tracked",
    ]
    assert not {b.id for b in model.buffers()} & {p.id for p in model.parameters()}


def test_non_persistent_buffer_is_listed_but_not_saved():
    m = nn.Module()
    m.register_buffer("cache", et.Parameter(np.zeros(2), requires_grad=False), persistent=False)
    assert [n for n, _ in m.named_buffers()] == ["cache"] and list(m.state_dict()) == []


def test_module_list_indexing_and_deletion_renumber():
    ml = nn.ModuleList([nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 3)])
    assert len(ml) == 3 and isinstance(ml[-1], nn.Linear) and ml[-1].out_features == 3
    del ml[1]
    assert [n for n, _ in ml.named_parameters()] == ["0.weight", "0.bias", "1.weight", "1.bias"]
    ml.append(nn.Tanh())
    assert isinstance(ml[2], nn.Tanh) and len(ml[1:]) == 2


def test_module_dict_names_and_access():
    md = nn.ModuleDict({"enc": nn.Linear(2, 2), "act": nn.ReLU()})
    md["dec"] = nn.Linear(2, 1)
    assert list(md) == ["enc", "act", "dec"] and "act" in md
    assert [n for n, _ in md.named_parameters()][-1] == "dec.bias"
    del md["act"]
    assert md.keys() == ["enc", "dec"]


def test_module_dict_refuses_attribute_names():
    with pytest.raises(et.ConfigError, match="'train' already exists"):
        nn.ModuleDict({"train": nn.ReLU()})


def test_sequential_accepts_ordered_dict_names():
    seq = nn.Sequential(OrderedDict([("fc", nn.Linear(2, 2)), ("act", nn.ReLU())]))
    assert [n for n, _ in seq.named_parameters()] == ["fc.weight", "fc.bias"]


# ----------------------------------------------------------------------------------------
# state_dict / load_state_dict


class _SmallCNN(tnn.Module):
    def __init__(self):
        super().__init__()
        self.features = tnn.Sequential(
            tnn.Conv2d(2, 4, 3, padding=1),
            tnn.BatchNorm2d(4),
            tnn.ReLU(),
            tnn.MaxPool2d(2),
            tnn.Conv2d(4, 4, 3, groups=2),
            tnn.GroupNorm(2, 4),
        )
        self.head = tnn.Sequential(tnn.AdaptiveAvgPool2d(1), tnn.Flatten(), tnn.Linear(4, 3))

    def forward(self, x):
        return self.head(self.features(x))


def _et_cnn(seed=0):
    f64 = {"dtype": "float64"}
    model = nn.Module()
    model.features = nn.Sequential(
        nn.Conv2d(2, 4, 3, padding=1, seed=seed, **f64),
        nn.BatchNorm2d(4, **f64),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Conv2d(4, 4, 3, groups=2, seed=seed + 1, **f64),
        nn.GroupNorm(2, 4, **f64),
    )
    model.head = nn.Sequential(
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 3, seed=seed, **f64)
    )
    model.forward = lambda sess, x: model.head(sess, model.features(sess, x))
    return model


def test_state_dict_keys_order_and_dtypes_match_torch():
    t_sd, e_sd = _SmallCNN().double().state_dict(), _et_cnn().state_dict()
    assert list(e_sd) == list(t_sd)
    for key in t_sd:
        assert isinstance(e_sd[key], torch.Tensor) and e_sd[key].device.type == "cpu"
        assert e_sd[key].dtype == t_sd[key].dtype and e_sd[key].shape == t_sd[key].shape, key
    assert e_sd["features.1.num_batches_tracked"].dtype == torch.int64


def test_state_dict_tensors_are_copies():
    m = nn.Linear(2, 2, dtype="float64")
    sd = m.state_dict()
    sd["weight"].zero_()
    assert np.any(m.weight.numpy() != 0)


def test_small_cnn_state_dict_round_trips_both_ways():
    tm = _randomize(_SmallCNN().double())
    em = _et_cnn(seed=7)
    x = _x(2, 2, 6, 6)
    tm.train()
    tm(torch.from_numpy(x))  # running statistics and a count that differ from the defaults
    em.load_state_dict(tm.state_dict())
    back = _SmallCNN().double()
    back.load_state_dict(em.state_dict())
    for key, value in tm.state_dict().items():
        assert torch.equal(back.state_dict()[key], value), key
    tm.eval(), em.eval()
    sess = et.Session(dtype="float64")
    np.testing.assert_allclose(
        em(sess, sess.input(x)).numpy(), tm(torch.from_numpy(x)).detach().numpy(), rtol=RTOL
    )


def test_small_cnn_training_matches_torch():
    tm = _randomize(_SmallCNN().double())
    check_parity(tm, _et_cnn(), [_x(2, 2, 6, 6)])


def test_encoder_layer_state_dict_round_trips_both_ways():
    tm, em = _layer()
    em.load_state_dict(tm.state_dict())
    back = tnn.TransformerEncoderLayer(8, 2, 16, dropout=0.0).double()
    back.load_state_dict(em.state_dict())
    for key, value in tm.state_dict().items():
        assert torch.equal(back.state_dict()[key], value), key
    check_parity(back, em, [_x(3, 2, 8)], load=False)


def test_load_state_dict_accepts_numpy_arrays_and_an_int_count():
    m = nn.BatchNorm1d(2, dtype="float64")
    sd = {k: v.numpy() for k, v in m.state_dict().items()}
    sd["running_mean"] = np.array([1.0, 2.0])
    sd["num_batches_tracked"] = 5
    assert m.load_state_dict(sd) == ([], [])
    np.testing.assert_array_equal(m.running_mean.numpy(), [1.0, 2.0])
    assert m.state_dict()["num_batches_tracked"].item() == 5


def test_load_state_dict_lists_every_problem_and_changes_nothing():
    m = _et_cnn()
    before = _values(m)
    sd = _SmallCNN().double().state_dict()
    del sd["features.0.bias"], sd["features.1.running_var"]
    sd["extra.weight"] = torch.zeros(2)
    sd["head.2.weight"] = torch.zeros(3, 5)
    with pytest.raises(et.CheckpointError) as info:
        m.load_state_dict(sd)
    msg = str(info.value)
    for key in ("features.0.bias", "features.1.running_var", "extra.weight", "head.2.weight"):
        assert repr(key) in msg
    assert "missing keys" in msg and "unexpected keys" in msg and "[3, 5]" in msg
    _assert_values(m, before)


def test_load_state_dict_refuses_a_fractional_count():
    m = nn.BatchNorm1d(2, dtype="float64")
    sd = m.state_dict()
    sd["num_batches_tracked"] = torch.tensor(2.5)
    with pytest.raises(et.CheckpointError, match="integer count"):
        m.load_state_dict(sd)


def test_load_state_dict_non_strict_returns_missing_and_unexpected_keys():
    m = nn.Linear(2, 2, dtype="float64")
    result = m.load_state_dict({"weight": np.eye(2), "other": np.zeros(1)}, strict=False)
    assert result.missing_keys == ["bias"] and result.unexpected_keys == ["other"]
    np.testing.assert_array_equal(m.weight.numpy(), np.eye(2))


def test_load_state_dict_non_strict_still_refuses_wrong_shapes():
    m = nn.Linear(2, 2, dtype="float64")
    before = _values(m)
    with pytest.raises(et.CheckpointError, match="'weight'"):
        m.load_state_dict({"weight": np.eye(3), "bias": np.ones(2)}, strict=False)
    _assert_values(m, before)


def test_load_state_dict_converts_float32_torch_weights():
    tm = tnn.Linear(3, 2)
    em = nn.Linear(3, 2, dtype="float64")
    em.load_state_dict(tm.state_dict())
    np.testing.assert_array_equal(em.weight.numpy(), tm.weight.detach().double().numpy())
