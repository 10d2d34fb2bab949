"""``LPPool1d/2d/3d`` and ``ChannelShuffle`` side by side with torch: outputs and input
gradients, ``repr``, and bad arguments (torch's error class or a typed one, nothing
recorded). The functions' gradients on every carrier are the op table's."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn as tnn

import eagertape as et
import eagertape.nn as nn
import eagertape.nn.functional as F

RNG = np.random.default_rng(9)

MODULES = {
    "LPPool1d": (lambda m: m.LPPool1d(2, 3), (2, 3, 8)),
    "LPPool1d-stride-ceil": (lambda m: m.LPPool1d(3.0, 2, stride=3, ceil_mode=True), (2, 3, 8)),
    "LPPool2d": (lambda m: m.LPPool2d(2, (2, 3)), (2, 3, 4, 6)),
    "LPPool2d-stride": (lambda m: m.LPPool2d(1.5, 2, stride=1), (1, 2, 4, 4)),
    "LPPool3d": (lambda m: m.LPPool3d(2, 2), (1, 2, 4, 4, 4)),
    "ChannelShuffle": (lambda m: m.ChannelShuffle(3), (2, 6, 2, 2)),
}


@pytest.mark.parametrize("make, shape", MODULES.values(), ids=MODULES.keys())
def test_a_pool_or_shuffle_module_gives_torchs_values_gradients_and_repr(make, shape):
    data = RNG.uniform(0.5, 2.0, shape)
    cot = RNG.standard_normal(tuple(make(tnn)(torch.tensor(data)).shape))
    x_t = torch.tensor(data, requires_grad=True)
    y_t = make(tnn)(x_t)
    (y_t * torch.tensor(cot)).sum().backward()
    with et.Session(dtype="float64"):
        x = et.tensor(data, dtype=et.float64, requires_grad=True)
        y = make(nn)(x)
        (y * et.tensor(cot, dtype=et.float64)).sum().backward()
        np.testing.assert_allclose(y.numpy(), y_t.detach().numpy(), rtol=1e-12)
        np.testing.assert_allclose(x.grad.numpy(), x_t.grad.numpy(), rtol=1e-12, atol=1e-15)
    assert repr(make(nn)) == repr(make(tnn))


BAD = {
    "shuffle-groups-not-dividing": (
        lambda m, x: m.channel_shuffle(x, 4),
        (2, 6, 2),
        et.ArgumentError,
    ),
    "shuffle-groups-zero": (lambda m, x: m.channel_shuffle(x, 0), (2, 6, 2), et.ArgumentError),
    "shuffle-2d": (lambda m, x: m.channel_shuffle(x, 2), (2, 6), et.ShapeError),
}


@pytest.mark.parametrize("call, shape, ours", BAD.values(), ids=BAD.keys())
def test_a_bad_shuffle_is_refused_as_torch_and_records_nothing(call, shape, ours):
    with pytest.raises(RuntimeError):
        call(torch.nn.functional, torch.zeros(shape))
    with et.Session() as sess:
        x = et.zeros(*shape)
        before = sess.tape_len
        with pytest.raises(ours):
            call(F, x)
        assert sess.tape_len == before


def test_lp_pool_with_a_zero_norm_type_is_refused_and_records_nothing():
    with et.Session() as sess:
        x = et.ones(1, 2, 4)
        before = sess.tape_len
        with pytest.raises(et.ArgumentError, match="norm_type"):
            F.lp_pool1d(x, 0.0, 2)
        assert sess.tape_len == before


def test_channel_shuffle_is_torchs_at_the_top_level_too():
    data = np.arange(24.0).reshape(1, 6, 4)
    with et.Session():
        got = et.channel_shuffle(et.tensor(data), 2).tolist()
    assert got == torch.channel_shuffle(torch.tensor(data), 2).tolist()


ADAPTIVE = {
    "AdaptiveAvgPool3d": (lambda m: m.AdaptiveAvgPool3d((2, None, 3)), (2, 3, 4, 5, 6)),
    "AdaptiveAvgPool3d-unbatched": (lambda m: m.AdaptiveAvgPool3d(2), (3, 4, 5, 6)),
    "AdaptiveMaxPool3d": (lambda m: m.AdaptiveMaxPool3d((1, 2, 3)), (2, 3, 4, 5, 6)),
}


@pytest.mark.parametrize("make, shape", ADAPTIVE.values(), ids=ADAPTIVE.keys())
def test_an_adaptive_3d_pool_gives_torchs_values_gradients_and_repr(make, shape):
    test_a_pool_or_shuffle_module_gives_torchs_values_gradients_and_repr(make, shape)


def test_an_adaptive_3d_pool_of_a_3d_input_is_a_shape_error_as_torchs():
    with pytest.raises(RuntimeError):
        tnn.AdaptiveAvgPool3d(2)(torch.zeros(3, 4, 5))
    with et.Session(), pytest.raises(et.ShapeError):
        nn.AdaptiveAvgPool3d(2)(et.zeros(3, 4, 5))
