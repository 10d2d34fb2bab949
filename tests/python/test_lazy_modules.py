"""The lazy modules (``LazyLinear``, ``LazyConv*``, ``LazyConvTranspose*``,
``LazyBatchNorm*``, ``LazyInstanceNorm*``) side by side with torch's: the ``repr`` before the
first call, the class they become, their parameters' values after the same seed (torch's
generator at the first call) and the first output, and what they hold before it."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn as tnn

import eagertape as et
import eagertape.nn as nn

CASES = {
    "LazyLinear": ((5,), (2, 3)),
    "LazyConv1d": ((4, 2), (2, 3, 6)),
    "LazyConv2d": ((4, 3), (2, 3, 5, 5)),
    "LazyConv3d": ((2, 2), (1, 3, 3, 3, 3)),
    "LazyConvTranspose1d": ((2, 3), (2, 3, 4)),
    "LazyConvTranspose2d": ((2, 3), (2, 3, 4, 4)),
    "LazyConvTranspose3d": ((2, 2), (1, 3, 2, 2, 2)),
    "LazyBatchNorm1d": ((), (4, 3)),
    "LazyBatchNorm2d": ((), (2, 3, 4, 4)),
    "LazyBatchNorm3d": ((), (2, 3, 2, 2, 2)),
}


@pytest.mark.parametrize("name", CASES)
def test_a_lazy_module_becomes_torchs_module_with_torchs_values(name):
    args, shape = CASES[name]
    data = np.random.default_rng(0).standard_normal(shape).astype(np.float32)
    ours, theirs = getattr(nn, name)(*args), getattr(tnn, name)(*args)
    assert repr(ours) == repr(theirs)
    assert ours.parameters() == []
    et.manual_seed(4)
    with et.Session():
        y = ours(et.tensor(data)).numpy()
    torch.manual_seed(4)
    want = theirs(torch.tensor(data)).detach().numpy()
    assert type(ours).__name__ == type(theirs).__name__ == name.removeprefix("Lazy")
    np.testing.assert_array_equal(y, want)
    for (n, p), (tn, tp) in zip(ours.named_parameters(), theirs.named_parameters(), strict=True):
        assert n == tn
        np.testing.assert_array_equal(p.numpy(), tp.detach().numpy())
    assert repr(ours) == repr(theirs)


@pytest.mark.parametrize("name", ["LazyInstanceNorm1d", "LazyInstanceNorm2d", "LazyInstanceNorm3d"])
def test_a_lazy_instance_norm_reads_the_channels_batched_or_not(name):
    n = int(name[-2])
    with et.Session():
        for shape in [(2, 3, *([4] * n)), (3, *([4] * n))]:
            m = getattr(nn, name)(affine=True)
            assert tuple(m(et.ones(*shape)).shape) == shape
            assert (type(m).__name__, m.num_features, tuple(m.weight.shape)) == (
                name.removeprefix("Lazy"),
                3,
                (3,),
            )


def test_a_lazy_module_holds_placeholders_until_its_first_call():
    m = nn.LazyLinear(3, bias=False)
    assert isinstance(m.weight, nn.UninitializedParameter) and m.bias is None
    assert m.has_uninitialized_params() and m.in_features == 0
    with pytest.raises(ValueError, match="uninitialized"):
        _ = m.weight.shape


def test_a_lazy_module_keeps_its_mode_and_trains_after_its_first_call():
    m = nn.Sequential(nn.LazyLinear(4), nn.ReLU(), nn.LazyLinear(1)).eval()
    with et.Session():
        m(et.ones(2, 3))
    assert [type(c).__name__ for c in m] == ["Linear", "ReLU", "Linear"]
    assert not m[0].training
    m.train()
    opt = et.optim.SGD(m.parameters(), lr=0.1)
    before = m[2].weight.numpy().copy()
    with et.Session():
        m(et.ones(2, 3)).sum().backward()
        opt.step()
    assert not np.array_equal(m[2].weight.numpy(), before)


def test_a_lazy_convolution_given_an_input_of_the_wrong_rank_is_a_shape_error():
    with et.Session(), pytest.raises(et.ShapeError):
        nn.LazyConv2d(4, 3)(et.ones(3, 4))
