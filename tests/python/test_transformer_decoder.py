"""The encoder-decoder side of ``et.nn`` against ``torch.nn``: ``MultiheadAttention`` with
key/value widths of their own (``kdim``, ``vdim``), ``TransformerDecoderLayer``,
``TransformerDecoder`` and ``Transformer`` (torch's state dict loaded; float64 outputs and
the gradients of every parameter and input to 1e-9), their parameter names, the causal
mask, and their shape errors."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from test_nn_modules import _randomize, _x, check_parity
from torch import nn as tnn

import eagertape as et
from eagertape import nn

CAUSAL = np.triu(np.full((4, 4), -np.inf), 1)


@pytest.mark.parametrize("need_weights, average", [(True, True), (True, False), (False, True)])
def test_cross_attention_with_kdim_and_vdim_matches_torch(need_weights, average):
    tm = _randomize(tnn.MultiheadAttention(8, 2, kdim=5, vdim=3).double())
    em = nn.MultiheadAttention(8, 2, kdim=5, vdim=3, dtype="float64")
    assert [n for n, _ in em.named_parameters()] == [n for n, _ in tm.named_parameters()]

    def call(m, q, k, v, *rest):
        out, w = m(*rest, q, k, v, need_weights=need_weights, average_attn_weights=average)
        return out if w is None else (out, w)

    check_parity(
        tm,
        em,
        [_x(4, 2, 8), _x(6, 2, 5, seed=2), _x(6, 2, 3, seed=3)],
        lambda m, q, k, v: call(m, q, k, v),
        lambda m, s, q, k, v: call(m, q, k, v, s),
    )


def test_kdim_vdim_value_with_other_sequence_length_is_a_shape_error():
    em = nn.MultiheadAttention(8, 2, kdim=5, vdim=3, dtype="float64")
    with et.Session(dtype="float64") as sess, pytest.raises(et.ShapeError, match="do not match"):
        em(sess.input(_x(4, 2, 8)), sess.input(_x(6, 2, 5)), sess.input(_x(7, 2, 3)))


@pytest.mark.parametrize("norm_first", [False, True])
def test_decoder_layer_matches_torch_with_masks(norm_first):
    tm = tnn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, norm_first=norm_first)
    em = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, norm_first=norm_first, dtype="float64")
    pad = np.array([[False, False, False, True, True], [False] * 5])
    tm = _randomize(tm.double())

    def t_call(m, tgt, mem):
        return m(
            tgt,
            mem,
            tgt_mask=torch.tensor(CAUSAL),
            memory_key_padding_mask=torch.tensor(pad),
            tgt_is_causal=True,
        )

    def e_call(m, s, tgt, mem):
        return m(s, tgt, mem, tgt_mask=CAUSAL, memory_key_padding_mask=pad, tgt_is_causal=True)

    check_parity(tm, em, [_x(4, 2, 8), _x(5, 2, 8, seed=2)], t_call, e_call)


def test_transformer_matches_torch_and_has_its_state_dict_keys():
    tm = tnn.Transformer(8, 2, 2, 1, 16, dropout=0.0, batch_first=True).double()
    em = nn.Transformer(8, 2, 2, 1, 16, dropout=0.0, batch_first=True, dtype="float64")
    assert list(em.state_dict()) == list(tm.state_dict())
    _randomize(tm)

    def t_call(m, src, tgt):
        mask = tnn.Transformer.generate_square_subsequent_mask(4, dtype=torch.float64)
        return m(src, tgt, tgt_mask=mask)

    def e_call(m, s, src, tgt):
        # no session is current here: the mask is a numpy array, which the modules take
        return m(s, src, tgt, tgt_mask=nn.Transformer.generate_square_subsequent_mask(4))

    check_parity(tm, em, [_x(2, 6, 8), _x(2, 4, 8, seed=2)], t_call, e_call)


def test_generate_square_subsequent_mask_is_torchs():
    want = tnn.Transformer.generate_square_subsequent_mask(5, dtype=torch.float64).numpy()
    np.testing.assert_array_equal(nn.Transformer.generate_square_subsequent_mask(5), want)
    with et.Session(dtype="float64"):
        mask = nn.Transformer.generate_square_subsequent_mask(5)
        assert isinstance(mask, et.Tensor)
        np.testing.assert_array_equal(mask.numpy(), want)


def test_transformer_init_is_xavier_uniform_for_matrices():
    et.manual_seed(0)
    em = nn.Transformer(16, 2, 1, 1, 32, dtype="float64")
    w = em.encoder.layers[0].linear1.weight.numpy()
    bound = np.sqrt(6.0 / (16 + 32))
    assert np.abs(w).max() <= bound
    assert np.abs(w).max() > 0.9 * bound


@pytest.mark.parametrize(
    "src, tgt, match",
    [((2, 6, 8), (3, 4, 8), "batch number"), ((2, 6, 8), (2, 4, 6), "feature number")],
)
def test_transformer_shape_errors_are_torchs(src, tgt, match):
    em = nn.Transformer(8, 2, 1, 1, 16, batch_first=True, dtype="float64")
    with et.Session(dtype="float64") as sess, pytest.raises(et.ShapeError, match=match):
        em(sess.input(_x(*src)), sess.input(_x(*tgt)))


def test_equal_seeds_give_equal_transformers_and_other_seeds_other_ones():
    # the re-drawn matrices come from the seed too (torch's xavier bound), not only the biases
    def weights(seed):
        m = nn.Transformer(8, 2, 1, 1, 16, dtype="float64", seed=seed)
        return {k: v.numpy() for k, v in m.state_dict().items()}

    a, b, c = weights(0), weights(0), weights(1)
    for k in a:
        np.testing.assert_array_equal(a[k], b[k], err_msg=k)
    matrix = "encoder.layers.0.linear1.weight"
    assert not np.array_equal(a[matrix], c[matrix])
    bound = (6.0 / (8 + 16)) ** 0.5  # xavier_uniform_'s, fan_in 8 and fan_out 16
    assert np.abs(a[matrix]).max() <= bound and np.abs(a[matrix]).max() > 0.8 * bound
