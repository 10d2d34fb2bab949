"""The same seed gives torch's weights: a module built without ``seed=`` draws its initial
values from torch's default generator in torch's order and dtype, and ``et.manual_seed(n)``
seeds that generator as ``torch.manual_seed(n)`` does, so a model built after the same seed
holds exactly the values torch's twin holds (what lets a PyTorch script run with only its
imports changed and match torch number for number)."""

import numpy as np
import pytest
import torch

import eagertape as et

BUILDS = {
    "Linear": lambda nn: nn.Linear(5, 3),
    "Linear_no_bias": lambda nn: nn.Linear(4, 2, bias=False),
    "Bilinear": lambda nn: nn.Bilinear(2, 3, 4),
    "Conv1d": lambda nn: nn.Conv1d(2, 3, 3),
    "Conv2d_groups": lambda nn: nn.Conv2d(4, 6, 3, groups=2),
    "Conv3d": lambda nn: nn.Conv3d(1, 2, 2),
    "ConvTranspose2d": lambda nn: nn.ConvTranspose2d(3, 2, 3),
    "Embedding_padding": lambda nn: nn.Embedding(7, 4, padding_idx=1),
    "RNN": lambda nn: nn.RNN(3, 5),
    "LSTM_2_layers_bidirectional": lambda nn: nn.LSTM(4, 6, 2, bidirectional=True),
    "GRU": lambda nn: nn.GRU(3, 4),
    "GRUCell": lambda nn: nn.GRUCell(3, 4),
    "LSTMCell": lambda nn: nn.LSTMCell(2, 3),
    "MultiheadAttention": lambda nn: nn.MultiheadAttention(8, 2),
    "MultiheadAttention_kdim": lambda nn: nn.MultiheadAttention(8, 2, kdim=3, vdim=5),
    "TransformerEncoderLayer": lambda nn: nn.TransformerEncoderLayer(8, 2, 16),
    "Transformer": lambda nn: nn.Transformer(8, 2, 1, 1, 16),
    "Sequential": lambda nn: nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2)),
}


def _assert_same_state(model, twin):
    ours, theirs = model.state_dict(), twin.state_dict()
    assert list(ours) == list(theirs)
    for key, value in theirs.items():
        assert torch.equal(ours[key], value), key


@pytest.mark.filterwarnings("ignore:enable_nested_tensor")
@pytest.mark.parametrize("name", sorted(BUILDS))
def test_a_module_built_after_the_same_seed_holds_torchs_values(name):
    et.manual_seed(7)
    model = BUILDS[name](et.nn)
    torch.manual_seed(7)
    twin = BUILDS[name](torch.nn)
    _assert_same_state(model, twin)


def test_manual_seed_seeds_torchs_default_generator():
    et.manual_seed(3)
    ours = torch.rand(4)
    torch.manual_seed(3)
    assert torch.equal(ours, torch.rand(4))


def test_a_float64_model_draws_torchs_float64_values():
    et.manual_seed(1)
    model = et.nn.Linear(6, 2, dtype="float64")
    torch.manual_seed(1)
    twin = torch.nn.Linear(6, 2, dtype=torch.float64)
    _assert_same_state(model, twin)


def test_modules_built_one_after_another_draw_in_torchs_order():
    et.manual_seed(2)
    a, b = et.nn.Linear(3, 3), et.nn.Conv1d(1, 1, 2)
    torch.manual_seed(2)
    ta, tb = torch.nn.Linear(3, 3), torch.nn.Conv1d(1, 1, 2)
    _assert_same_state(a, ta)
    _assert_same_state(b, tb)


@pytest.mark.parametrize(
    "fn, args",
    [
        ("uniform_", (-0.5, 2.0)),
        ("normal_", (0.5, 2.0)),
        ("trunc_normal_", (0.0, 1.0, -0.5, 0.5)),
        ("xavier_uniform_", (1.5,)),
        ("xavier_normal_", ()),
        ("kaiming_uniform_", (0.1, "fan_out", "leaky_relu")),
        ("kaiming_normal_", ()),
        ("orthogonal_", (0.5,)),
        ("sparse_", (0.5, 0.2)),
    ],
)
def test_an_initialiser_after_the_same_seed_fills_torchs_values(fn, args):
    ours = et.Parameter(np.zeros((4, 6), np.float32))
    theirs = torch.zeros(4, 6)
    et.manual_seed(5)
    getattr(et.nn.init, fn)(ours, *args)
    torch.manual_seed(5)
    getattr(torch.nn.init, fn)(theirs, *args)
    np.testing.assert_array_equal(ours.numpy(), theirs.numpy())


def test_a_seed_keeps_eagertapes_own_draws_equal_for_equal_seeds():
    a, b = et.nn.Linear(4, 4, seed=3), et.nn.Linear(4, 4, seed=3)
    np.testing.assert_array_equal(a.weight.numpy(), b.weight.numpy())


@pytest.mark.parametrize("sparsity, zeros", [(0.5, 3), (0.1, 1), (0.0, 0), (1.0, 6)])
def test_sparse_on_a_reference_dtype_zeroes_a_fraction_of_each_column_rounded_up(sparsity, zeros):
    # torch's rule (ceil(sparsity * rows) zeros per column), eagertape's own normal draws
    ours = et.Parameter(np.zeros((6, 40)), dtype="ieee32")
    et.manual_seed(2)
    values = et.nn.init.sparse_(ours, sparsity, std=2.0).numpy()
    assert [int(n) for n in (values == 0).sum(axis=0)] == [zeros] * 40
    if zeros < 6:
        assert 1.5 < values[values != 0].std() < 2.5


@pytest.mark.parametrize("shape", [(3,), (2, 3, 4)], ids=["1-D", "3-D"])
def test_sparse_refuses_a_parameter_that_is_not_2_d_as_torch_and_leaves_it(shape):
    ours = et.Parameter(np.ones(shape, np.float32))
    with pytest.raises(ValueError, match="2 dimensions") as theirs_error:
        torch.nn.init.sparse_(torch.ones(shape), 0.5)
    with pytest.raises(ValueError) as ours_error:
        et.nn.init.sparse_(ours, 0.5)
    assert str(ours_error.value) == str(theirs_error.value)
    np.testing.assert_array_equal(ours.numpy(), np.ones(shape))
