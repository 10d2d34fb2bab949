"""eagertape.nn: initialization, parameter registration and naming, forward passes and
training. Modules own parameters only; every forward records onto the session it is given."""

from __future__ import annotations

import math

import numpy as np
import pytest

import eagertape as et
from eagertape import nn


def test_linear_init_within_torch_default_bounds():
    layer = nn.Linear(16, 8, seed=0, dtype="float64")
    bound = 1.0 / math.sqrt(16)
    w, b = layer.weight.numpy(), layer.bias.numpy()
    assert np.all(np.abs(w) <= bound) and np.all(np.abs(b) <= bound)
    # Uniform over the whole interval, not a narrower one: the extremes come near the bound.
    assert np.abs(w).max() > 0.9 * bound


def test_linear_init_matches_default_rng_draws():
    layer = nn.Linear(3, 2, seed=5, dtype="float64")
    rng = np.random.default_rng(5)
    # torch's kaiming_uniform_(a=sqrt(5)) bound, in its own arithmetic; the bias's 1/sqrt(fan_in)
    gain = math.sqrt(2.0 / (1 + math.sqrt(5) ** 2))
    bound = math.sqrt(3.0) * (gain / math.sqrt(3))
    np.testing.assert_array_equal(layer.weight.numpy(), rng.uniform(-bound, bound, (2, 3)))
    bound = 1.0 / math.sqrt(3)
    np.testing.assert_array_equal(layer.bias.numpy(), rng.uniform(-bound, bound, (2,)))


def test_linear_same_seed_same_values():
    a, b = nn.Linear(5, 4, seed=7), nn.Linear(5, 4, seed=7)
    np.testing.assert_array_equal(a.weight.numpy(), b.weight.numpy())
    np.testing.assert_array_equal(a.bias.numpy(), b.bias.numpy())


def test_linear_different_seed_different_values():
    a, b = nn.Linear(5, 4, seed=7), nn.Linear(5, 4, seed=8)
    assert not np.array_equal(a.weight.numpy(), b.weight.numpy())


def test_linear_parameter_shapes_names_and_dtype():
    layer = nn.Linear(5, 3, dtype="float64")
    assert layer.weight.shape == (3, 5) and layer.bias.shape == (3,)
    assert (layer.weight.name, layer.bias.name) == ("weight", "bias")
    assert layer.weight.dtype == "float64" and layer.bias.dtype == "float64"


def test_linear_without_bias_has_only_weight():
    layer = nn.Linear(5, 3, bias=False)
    assert layer.bias is None
    assert [n for n, _ in layer.named_parameters()] == ["weight"]


def test_linear_forward_shape(sess32):
    layer = nn.Linear(4, 3, seed=0)
    y = layer(sess32, sess32.input(np.ones((6, 4), dtype=np.float32)))
    assert y.shape == (6, 3)


def test_linear_forward_without_bias_is_matmul(sess64):
    layer = nn.Linear(4, 3, bias=False, seed=0, dtype="float64")
    x = np.arange(8.0).reshape(2, 4)
    y = layer(sess64, sess64.input(x)).numpy()
    np.testing.assert_allclose(y, x @ layer.weight.numpy().T, rtol=1e-12)


@pytest.mark.parametrize("bad", [0, -3])
def test_linear_rejects_non_positive_sizes(bad):
    with pytest.raises(et.ConfigError, match="in_features must be positive"):
        nn.Linear(bad, 3)


@pytest.mark.parametrize("bad", [2.0, "3", True, None])
def test_linear_rejects_non_int_sizes(bad):
    with pytest.raises(TypeError, match="out_features must be an int"):
        nn.Linear(3, bad)


def test_linear_rejects_negative_seed():
    with pytest.raises(et.ConfigError, match="seed must be non-negative"):
        nn.Linear(3, 3, seed=-1)


def test_activations_have_no_parameters():
    for act in (nn.ReLU(), nn.Tanh(), nn.Sigmoid()):
        assert act.parameters() == []


@pytest.mark.parametrize(
    ("module", "fn"),
    [(nn.ReLU(), lambda x: np.maximum(x, 0)), (nn.Tanh(), np.tanh)]
    + [(nn.Sigmoid(), lambda x: 1 / (1 + np.exp(-x)))],
)
def test_activation_forward(sess64, module, fn):
    x = np.linspace(-2, 2, 9)
    np.testing.assert_allclose(module(sess64, sess64.input(x)).numpy(), fn(x), rtol=1e-12)


def test_sequential_dotted_names_in_order():
    seq = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
    names = [n for n, _ in seq.named_parameters()]
    assert names == ["0.weight", "0.bias", "2.weight", "2.bias"]


def test_mlp_dotted_names():
    names = [n for n, _ in nn.MLP([3, 5, 5, 2]).named_parameters()]
    assert names == [f"layers.{i}.{k}" for i in (0, 2, 4) for k in ("weight", "bias")]


def test_tied_parameter_listed_once_under_first_name():
    a, b = nn.Linear(3, 3), nn.Linear(3, 3)
    b.weight = a.weight
    seq = nn.Sequential(a, nn.Tanh(), b)
    assert [n for n, _ in seq.named_parameters()] == ["0.weight", "0.bias", "2.bias"]
    assert len(seq.parameters()) == 3


def test_shared_module_listed_once():
    layer = nn.Linear(3, 3)
    seq = nn.Sequential(layer, nn.ReLU(), layer)
    assert [n for n, _ in seq.named_parameters()] == ["0.weight", "0.bias"]


def test_named_parameters_can_keep_duplicates():
    a, b = nn.Linear(3, 3), nn.Linear(3, 3)
    b.weight = a.weight
    pairs = nn.Sequential(a, b).named_parameters(remove_duplicate=False)
    assert [n for n, _ in pairs] == ["0.weight", "0.bias", "1.weight", "1.bias"]
    assert pairs[0][1].id == pairs[2][1].id


def test_parameters_deduplicated_by_id_in_registration_order():
    a, b = nn.Linear(2, 2), nn.Linear(2, 2)
    b.bias = a.weight
    ids = [p.id for p in nn.Sequential(a, b).parameters()]
    assert ids == [a.weight.id, a.bias.id, b.weight.id]


def test_reassigning_a_non_parameter_unregisters():
    layer = nn.Linear(2, 2)
    layer.bias = None
    assert [n for n, _ in layer.named_parameters()] == ["weight"]


def test_subclass_must_call_init_before_registering():
    class Broken(nn.Module):
        def __init__(self):
            self.w = et.Parameter(np.zeros(2))

    with pytest.raises(AttributeError, match="super\\(\\).__init__"):
        Broken()


def test_custom_module_registers_attributes(sess64):
    class Affine(nn.Module):
        def __init__(self):
            super().__init__()
            self.scale = et.Parameter(np.full(3, 2.0), name="scale")
            self.inner = nn.Linear(3, 3, seed=0, dtype="float64")

        def forward(self, sess, x):
            return self.inner(sess, x) * sess.use(self.scale)

    m = Affine()
    assert [n for n, _ in m.named_parameters()] == ["scale", "inner.weight", "inner.bias"]
    assert m(sess64, sess64.input(np.ones((1, 3)))).shape == (1, 3)


def test_base_module_forward_not_implemented(sess64):
    with pytest.raises(NotImplementedError):
        nn.Module()(sess64, sess64.input(np.ones(2)))


def test_sequential_rejects_non_module():
    with pytest.raises(TypeError, match="Sequential argument 1 must be a Module"):
        nn.Sequential(nn.ReLU(), lambda s, x: x)


def test_mlp_rejects_unknown_activation():
    with pytest.raises(et.ConfigError, match="unknown activation 'gelu'"):
        nn.MLP([2, 2], activation="gelu")


def test_mlp_rejects_too_few_sizes():
    with pytest.raises(et.ConfigError, match="at least 2 entries"):
        nn.MLP([4])


def test_mlp_rejects_non_positive_size():
    with pytest.raises(et.ConfigError, match=r"sizes\[1\] must be positive"):
        nn.MLP([4, 0, 2])


def test_mlp_no_activation_after_last_layer():
    kinds = [type(m).__name__ for m in nn.MLP([2, 3, 3, 1], activation="tanh").layers]
    assert kinds == ["Linear", "Tanh", "Linear", "Tanh", "Linear"]


def test_mlp_layer_seeds_derived_from_seed():
    mlp = nn.MLP([3, 4, 2], seed=10, dtype="float64")
    np.testing.assert_array_equal(
        mlp.layers[2].weight.numpy(), nn.Linear(4, 2, seed=11, dtype="float64").weight.numpy()
    )


def test_mlp_same_seed_same_parameters():
    a, b = nn.MLP([3, 4, 2], seed=3), nn.MLP([3, 4, 2], seed=3)
    for p, q in zip(a.parameters(), b.parameters(), strict=True):
        np.testing.assert_array_equal(p.numpy(), q.numpy())


def test_mlp_forward_equals_hand_computation(sess64):
    mlp = nn.MLP([3, 5, 2], seed=0, dtype="float64")
    x = np.random.default_rng(1).standard_normal((4, 3))
    got = mlp(sess64, sess64.input(x)).numpy()

    l0, l2 = mlp.layers[0], mlp.layers[2]
    h = et.linear(sess64.input(x), sess64.use(l0.weight), sess64.use(l0.bias)).relu()
    expected = et.linear(h, sess64.use(l2.weight), sess64.use(l2.bias)).numpy()
    np.testing.assert_array_equal(got, expected)
    # And against numpy, independently of eagertape's kernels.
    hn = np.maximum(x @ l0.weight.numpy().T + l0.bias.numpy(), 0)
    np.testing.assert_allclose(got, hn @ l2.weight.numpy().T + l2.bias.numpy(), rtol=1e-12)


def test_mlp_trains_with_sgd():
    sess = et.Session(dtype="float64")
    rng = np.random.default_rng(0)
    x = rng.uniform(-1, 1, (32, 2))
    y = np.sin(2 * x[:, :1]) + x[:, 1:] ** 2
    mlp = nn.MLP([2, 16, 1], activation="tanh", seed=0, dtype="float64")
    opt = et.optim.SGD(mlp.parameters(), lr=0.2)

    losses = []
    for _ in range(200):
        loss = et.mse_loss(mlp(sess, sess.input(x)), y)
        losses.append(loss.item())
        with sess.backward(loss) as grads:
            sess.reset_tape()
            opt.step(grads)
    assert losses[-1] < 0.2 * losses[0]
