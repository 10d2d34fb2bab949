"""``ConvTranspose1d`` and ``ConvTranspose3d`` (``ConvTranspose2d``'s tests are
``test_nn_modules.py``'s) side by side with torch: outputs and every gradient after loading
torch's state, ``output_size=``, the initial values after the same seed, and ``repr``."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn as tnn
from test_nn_modules import _randomize, _x, check_parity

import eagertape as et
import eagertape.nn as nn


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"stride": 2, "padding": 1, "output_padding": 1}, {"groups": 2, "dilation": 2}],
    ids=["plain", "strided", "grouped-dilated"],
)
def test_conv_transpose1d_matches_torch(kwargs):
    tm = _randomize(tnn.ConvTranspose1d(4, 6, 3, **kwargs).double())
    em = nn.ConvTranspose1d(4, 6, 3, dtype="float64", **kwargs)
    check_parity(tm, em, [_x(2, 4, 5)])


def test_conv_transpose1d_of_an_unbatched_input_matches_torch():
    tm = _randomize(tnn.ConvTranspose1d(3, 2, 2, bias=False).double())
    check_parity(tm, nn.ConvTranspose1d(3, 2, 2, bias=False, dtype="float64"), [_x(3, 4)])


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"stride": (2, 1, 2), "padding": (1, 0, 1), "output_padding": (1, 0, 0)}],
    ids=["plain", "strided"],
)
def test_conv_transpose3d_matches_torch(kwargs):
    tm = _randomize(tnn.ConvTranspose3d(2, 3, 2, **kwargs).double())
    em = nn.ConvTranspose3d(2, 3, 2, dtype="float64", **kwargs)
    check_parity(tm, em, [_x(2, 2, 3, 3, 2)])


@pytest.mark.parametrize(
    "make, shape, size",
    [
        (lambda m: m.ConvTranspose1d(2, 3, 3, stride=2, padding=1), (1, 2, 4), [8]),
        (lambda m: m.ConvTranspose3d(2, 3, 3, stride=2, padding=1), (1, 2, 2, 2, 2), [4, 3, 4]),
    ],
    ids=["1d", "3d"],
)
def test_output_size_picks_the_output_padding_as_torch(make, shape, size):
    tm = _randomize(make(tnn).double())
    em = make(_Float64(nn))
    check_parity(
        tm,
        em,
        [_x(*shape)],
        lambda m, x: m(x, output_size=size),
        lambda m, s, x: m(s, x, output_size=size),
    )


class _Float64:
    """`nn` whose transposed convolutions are made in float64."""

    def __init__(self, module):
        self.module = module

    def __getattr__(self, name):
        cls = getattr(self.module, name)
        return lambda *a, **k: cls(*a, dtype="float64", **k)


def test_an_unreachable_output_size_is_a_shape_error():
    m = nn.ConvTranspose1d(2, 3, 3, stride=2)
    with et.Session(), pytest.raises(et.ShapeError, match="valid sizes range"):
        m(et.ones(1, 2, 4), output_size=[20])


@pytest.mark.parametrize("n", [1, 3])
def test_a_transposed_convolution_after_the_same_seed_holds_torchs_values(n):
    et.manual_seed(3)
    ours = getattr(nn, f"ConvTranspose{n}d")(3, 4, 2, groups=1)
    torch.manual_seed(3)
    theirs = getattr(tnn, f"ConvTranspose{n}d")(3, 4, 2, groups=1)
    np.testing.assert_array_equal(ours.weight.numpy(), theirs.weight.detach().numpy())
    np.testing.assert_array_equal(ours.bias.numpy(), theirs.bias.detach().numpy())
    assert repr(ours) == repr(theirs)
