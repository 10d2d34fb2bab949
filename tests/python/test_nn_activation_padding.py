"""The activation modules ``LeakyReLU``, ``ELU``, ``Softplus``, ``Hardtanh``, ``ReLU6``,
``LogSigmoid``, ``Softmax2d``, the padding modules (``ZeroPad``, ``ConstantPad``,
``ReflectionPad``, ``ReplicationPad``, ``CircularPad`` in 1-3 dims) and ``nn.init``'s
``eye_``, ``dirac_`` and ``orthogonal_``, side by side with torch: float64 outputs and input
gradients at the kinks and thresholds, ``repr``, constructor and call errors (torch's error
class), ``inplace=True`` (the input object holds the result), and the initialisers' values
(``eye_``/``dirac_`` exactly; ``orthogonal_``'s orthogonality, shape and gain, its draws
being eagertape's)."""

from __future__ import annotations

import re

import numpy as np
import pytest
import torch
import torch.nn as tnn

import eagertape as et
import eagertape.nn as enn

RNG = np.random.default_rng(7)

# every kink and threshold of the activations below: 0, ±1, ±0.5, 2, 6, 5 (beta 2 * 5 = 10),
# 6 (beta 0.5 * 6 = 3), 20 (Softplus's default threshold), and far out on both sides
KINKS = np.array(
    [
        [-30.0, -6.0, -2.0, -1.0, -0.5, -0.25],
        [0.0, 0.25, 0.5, 1.0, 2.0, 3.0],
        [5.0, 6.0, 7.5, 10.0, 20.0, 30.0],
    ]
)


def _forward_backward(module, data):
    """The module's float64 output and the gradient by its input of a fixed random
    projection of it, for an eagertape module or a torch one (numpy arrays)."""
    if isinstance(module, tnn.Module):
        x = torch.tensor(data, dtype=torch.float64, requires_grad=True)
        y = module(x)
        cot = np.random.default_rng(1).standard_normal(tuple(y.shape))
        (y * torch.from_numpy(cot)).sum().backward()
        return y.detach().numpy(), x.grad.numpy()
    with et.Session(dtype="float64"):
        x = et.tensor(data, dtype=et.float64, requires_grad=True)
        y = module(x)
        cot = np.random.default_rng(1).standard_normal(tuple(y.shape))
        (y * et.tensor(cot, dtype=et.float64)).sum().backward()
        return y.numpy(), x.grad.numpy()


def _assert_parity(make, data):
    want_y, want_g = _forward_backward(make(tnn), data)
    y, g = _forward_backward(make(enn), data)
    np.testing.assert_allclose(y, want_y, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(g, want_g, rtol=1e-12, atol=1e-15)


ACTIVATIONS = {
    "LeakyReLU": lambda m: m.LeakyReLU(),
    "LeakyReLU-0.2": lambda m: m.LeakyReLU(0.2),
    "LeakyReLU-negative-slope-above-1": lambda m: m.LeakyReLU(negative_slope=1.5),
    "ELU": lambda m: m.ELU(),
    "ELU-alpha-0.5": lambda m: m.ELU(alpha=0.5),
    "Softplus": lambda m: m.Softplus(),
    "Softplus-beta-2-threshold-10": lambda m: m.Softplus(beta=2.0, threshold=10.0),
    "Softplus-beta-0.5-threshold-3": lambda m: m.Softplus(0.5, 3.0),
    "Hardtanh": lambda m: m.Hardtanh(),
    "Hardtanh-(-0.5,2)": lambda m: m.Hardtanh(-0.5, 2.0),
    "Hardtanh-(-6,-1)": lambda m: m.Hardtanh(min_val=-6.0, max_val=-1.0),
    "ReLU6": lambda m: m.ReLU6(),
    "LogSigmoid": lambda m: m.LogSigmoid(),
}


@pytest.mark.parametrize("make", ACTIVATIONS.values(), ids=ACTIVATIONS.keys())
def test_an_activation_module_gives_torchs_values_and_gradients_at_its_kinks(make):
    _assert_parity(make, KINKS)


@pytest.mark.parametrize("make", ACTIVATIONS.values(), ids=ACTIVATIONS.keys())
def test_an_activation_module_gives_torchs_values_and_gradients_at_random_inputs(make):
    _assert_parity(make, RNG.standard_normal((2, 3, 4)) * 4.0)


@pytest.mark.parametrize("shape", [(3, 2, 2), (2, 3, 2, 4)], ids=["3-D", "4-D"])
def test_softmax2d_gives_torchs_values_and_gradients_over_the_channels(shape):
    _assert_parity(lambda m: m.Softmax2d(), RNG.standard_normal(shape) * 3.0)


@pytest.mark.parametrize("shape", [(4,), (2, 3), (1, 2, 3, 4, 5)], ids=["1-D", "2-D", "5-D"])
def test_softmax2d_refuses_an_input_that_is_not_3_or_4_d_with_torchs_error_class(shape):
    data = np.zeros(shape)
    with pytest.raises(ValueError, match="expected input to be 3D or 4D") as theirs:
        tnn.Softmax2d()(torch.tensor(data))
    with et.Session(dtype="float64"), pytest.raises(et.ShapeError) as ours:
        enn.Softmax2d()(et.tensor(data))
    assert str(ours.value) == str(theirs.value)


REPRS = {
    "LeakyReLU()": lambda m: m.LeakyReLU(),
    "LeakyReLU(0.2, True)": lambda m: m.LeakyReLU(0.2, True),
    "LeakyReLU(int)": lambda m: m.LeakyReLU(1),
    "ELU()": lambda m: m.ELU(),
    "ELU(2, inplace)": lambda m: m.ELU(alpha=2, inplace=True),
    "Softplus()": lambda m: m.Softplus(),
    "Softplus(ints)": lambda m: m.Softplus(beta=2, threshold=10),
    "Hardtanh()": lambda m: m.Hardtanh(),
    "Hardtanh(-2, 2, True)": lambda m: m.Hardtanh(-2, 2, True),
    "ReLU6()": lambda m: m.ReLU6(),
    "ReLU6(True)": lambda m: m.ReLU6(True),
    "LogSigmoid()": lambda m: m.LogSigmoid(),
    "Softmax2d()": lambda m: m.Softmax2d(),
    "ReLU(True)": lambda m: m.ReLU(inplace=True),
    "SiLU(True)": lambda m: m.SiLU(inplace=True),
    "Mish(True)": lambda m: m.Mish(inplace=True),
    "ZeroPad1d(2)": lambda m: m.ZeroPad1d(2),
    "ZeroPad2d([1,2,3,4])": lambda m: m.ZeroPad2d([1, 2, 3, 4]),
    "ZeroPad3d(1)": lambda m: m.ZeroPad3d(1),
    "ConstantPad1d((1,2), 3.5)": lambda m: m.ConstantPad1d((1, 2), 3.5),
    "ConstantPad2d(1, 0)": lambda m: m.ConstantPad2d(1, 0),
    "ConstantPad3d(6-tuple, -1.5)": lambda m: m.ConstantPad3d((1, 2, 3, 4, 5, 6), -1.5),
    "ReflectionPad1d(3)": lambda m: m.ReflectionPad1d(3),
    "ReflectionPad2d((1,0,2,1))": lambda m: m.ReflectionPad2d((1, 0, 2, 1)),
    "ReflectionPad3d(1)": lambda m: m.ReflectionPad3d(1),
    "ReplicationPad1d((0,2))": lambda m: m.ReplicationPad1d((0, 2)),
    "ReplicationPad2d(2)": lambda m: m.ReplicationPad2d(2),
    "ReplicationPad3d(6-tuple)": lambda m: m.ReplicationPad3d((1, 0, 0, 1, 2, 2)),
    "CircularPad1d(1)": lambda m: m.CircularPad1d(1),
    "CircularPad2d((1,2,0,1))": lambda m: m.CircularPad2d((1, 2, 0, 1)),
    "CircularPad3d(2)": lambda m: m.CircularPad3d(2),
}


@pytest.mark.parametrize("make", REPRS.values(), ids=REPRS.keys())
def test_a_modules_repr_is_torchs(make):
    assert repr(make(enn)) == repr(make(tnn))


@pytest.mark.parametrize("min_val, max_val", [(1.0, 1.0), (2.0, -2.0)], ids=["equal", "reversed"])
def test_hardtanh_refuses_bounds_out_of_order_with_torchs_message(min_val, max_val):
    # torch asserts (AssertionError); eagertape's modules raise ConfigError for a bad
    # hyperparameter (as MultiheadAttention does where torch asserts)
    with pytest.raises(AssertionError) as theirs:
        tnn.Hardtanh(min_val, max_val)
    with pytest.raises(et.ConfigError) as ours:
        enn.Hardtanh(min_val, max_val)
    assert str(ours.value) == str(theirs.value)


def test_relu6_is_a_hardtanh_from_0_to_6_as_torchs():
    ours, theirs = enn.ReLU6(), tnn.ReLU6()
    assert isinstance(ours, enn.Hardtanh) and isinstance(theirs, tnn.Hardtanh)
    assert (ours.min_val, ours.max_val) == (theirs.min_val, theirs.max_val) == (0.0, 6.0)


@pytest.mark.parametrize("keyword", ["min_value", "max_value"])
def test_hardtanhs_deprecated_bound_names_warn_and_apply_as_torchs(keyword):
    with pytest.warns(FutureWarning, match=f"`{keyword}` is deprecated"):
        theirs = tnn.Hardtanh(**{keyword: 0.5})
    with pytest.warns(FutureWarning, match=f"`{keyword}` is deprecated"):
        ours = enn.Hardtanh(**{keyword: 0.5})
    assert (ours.min_val, ours.max_val) == (theirs.min_val, theirs.max_val)


BAD_ARGUMENTS = {
    "LeakyReLU-slope-str": lambda m: m.LeakyReLU("0.1"),
    "ELU-alpha-None": lambda m: m.ELU(None),
    "Softplus-beta-str": lambda m: m.Softplus(beta="1"),
    "Hardtanh-min-str": lambda m: m.Hardtanh("a", 1.0),
    "ConstantPad1d-value-str": lambda m: m.ConstantPad1d(1, "x"),
    "ZeroPad2d-float-padding": lambda m: m.ZeroPad2d(1.5),
    "ReflectionPad1d-str-padding": lambda m: m.ReflectionPad1d("ab"),
    "CircularPad2d-float-entries": lambda m: m.CircularPad2d((1.0, 1.0, 1.0, 1.0)),
}


@pytest.mark.parametrize("make", BAD_ARGUMENTS.values(), ids=BAD_ARGUMENTS.keys())
def test_a_bad_argument_type_raises_torchs_error_class(make):
    # torch keeps the argument and fails at the call; eagertape refuses it when the module is
    # built: the same class (TypeError), earlier
    data = np.zeros((1, 2, 3, 3))
    with pytest.raises(TypeError):
        make(tnn)(torch.tensor(data))
    with et.Session(dtype="float64"), pytest.raises(TypeError):
        make(enn)(et.tensor(data))


INPLACE = {
    "LeakyReLU": lambda m: m.LeakyReLU(0.2, inplace=True),
    "ELU": lambda m: m.ELU(1.5, inplace=True),
    "Hardtanh": lambda m: m.Hardtanh(-0.5, 2.0, inplace=True),
    "ReLU6": lambda m: m.ReLU6(inplace=True),
}


@pytest.mark.parametrize("make", INPLACE.values(), ids=INPLACE.keys())
def test_an_inplace_module_changes_and_returns_its_input_object_as_torchs(make):
    cot = np.random.default_rng(2).standard_normal(KINKS.shape)
    tx = torch.tensor(KINKS, dtype=torch.float64, requires_grad=True)
    ty = tx * 1.0
    tout = make(tnn)(ty)
    assert tout is ty
    (ty * torch.from_numpy(cot)).sum().backward()
    with et.Session(dtype="float64"):
        x = et.tensor(KINKS, dtype=et.float64, requires_grad=True)
        y = x * 1.0
        out = make(enn)(y)
        assert out is y
        np.testing.assert_array_equal(y.numpy(), ty.detach().numpy())
        (y * et.tensor(cot, dtype=et.float64)).sum().backward()
        # (torch's in-place ELU differentiates through its result, alpha * (exp(x) - 1) +
        # alpha, which cancels at x = -30: the absolute tolerance covers that rounding)
        np.testing.assert_allclose(x.grad.numpy(), tx.grad.numpy(), rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("make", INPLACE.values(), ids=INPLACE.keys())
def test_an_activation_module_without_inplace_leaves_its_input_object_unchanged(make):
    with et.Session(dtype="float64"):
        y = et.tensor(KINKS, dtype=et.float64)
        module = make(enn)
        module.inplace = False
        out = module(y)
        assert out is not y
        np.testing.assert_array_equal(y.numpy(), KINKS)


# (module, its padding argument, input shapes it takes): the unbatched and batched ranks
PADDINGS = [
    ("ZeroPad1d", 2, [(2, 5), (2, 3, 5)]),
    ("ZeroPad1d", (0, 3), [(2, 5)]),
    ("ZeroPad1d", (-1, 2), [(2, 3, 5)]),
    ("ZeroPad2d", 1, [(2, 3, 4), (2, 2, 3, 4)]),
    ("ZeroPad2d", (1, 0, -1, 2), [(2, 2, 3, 4)]),
    ("ZeroPad3d", 1, [(2, 2, 3, 4), (1, 2, 2, 3, 4)]),
    ("ZeroPad3d", (0, 1, 2, 0, 1, 1), [(1, 2, 2, 3, 4)]),
    ("ReflectionPad1d", 2, [(2, 5), (2, 3, 5)]),
    ("ReflectionPad1d", (4, 0), [(2, 3, 5)]),
    ("ReflectionPad2d", 1, [(2, 3, 4), (2, 2, 3, 4)]),
    ("ReflectionPad2d", (3, 1, 0, 2), [(2, 2, 3, 4)]),
    ("ReflectionPad3d", 1, [(2, 2, 3, 4), (1, 2, 2, 3, 4)]),
    ("ReflectionPad3d", (2, 0, 1, 2, 1, 0), [(1, 2, 2, 3, 4)]),
    ("ReplicationPad1d", 3, [(2, 5), (2, 3, 5)]),
    ("ReplicationPad1d", (0, 6), [(2, 3, 5)]),
    ("ReplicationPad2d", 2, [(2, 3, 4), (2, 2, 3, 4)]),
    ("ReplicationPad2d", (1, 0, 4, 1), [(2, 2, 3, 4)]),
    ("ReplicationPad3d", 1, [(2, 2, 3, 4), (1, 2, 2, 3, 4)]),
    ("ReplicationPad3d", (3, 0, 0, 2, 1, 1), [(1, 2, 2, 3, 4)]),
    ("CircularPad1d", 2, [(2, 5), (2, 3, 5)]),
    ("CircularPad1d", (4, -1), [(2, 3, 5)]),
    ("CircularPad1d", (5, 0), [(2, 5)]),
    ("CircularPad2d", 1, [(2, 3, 4), (2, 2, 3, 4)]),
    ("CircularPad2d", (4, 0, 3, 1), [(2, 2, 3, 4)]),
    ("CircularPad3d", 1, [(2, 2, 3, 4), (1, 2, 2, 3, 4)]),
    ("CircularPad3d", (0, 2, 1, 0, 2, 1), [(1, 2, 2, 3, 4)]),
]
PADDING_CASES = [(name, padding, shape) for name, padding, shapes in PADDINGS for shape in shapes]


@pytest.mark.parametrize(
    "name, padding, shape",
    PADDING_CASES,
    ids=[f"{n}-{p}-{len(s)}D" for n, p, s in PADDING_CASES],
)
def test_a_padding_module_gives_torchs_values_and_gradients(name, padding, shape):
    data = RNG.standard_normal(shape)
    _assert_parity(lambda m: getattr(m, name)(padding), data)


@pytest.mark.parametrize(
    "name, padding, shape",
    [
        ("ConstantPad1d", (2, 1), (2, 5)),
        ("ConstantPad1d", 3, (2, 3, 5)),
        ("ConstantPad2d", (1, -1, 2, 0), (2, 2, 3, 4)),
        ("ConstantPad3d", 1, (2, 2, 3, 4)),
        ("ConstantPad3d", (0, 1, 0, 2, 1, 0), (1, 2, 2, 3, 4)),
    ],
    ids=["1d-tuple", "1d-int-batched", "2d-crop", "3d-int", "3d-tuple"],
)
def test_a_constant_padding_module_fills_torchs_value_and_gradients(name, padding, shape):
    _assert_parity(lambda m: getattr(m, name)(padding, -2.5), RNG.standard_normal(shape))


def test_a_padding_module_takes_a_list_as_torchs_does():
    ours, theirs = enn.ReflectionPad2d([1, 0, 2, 1]), tnn.ReflectionPad2d([1, 0, 2, 1])
    assert ours.padding == theirs.padding == (1, 0, 2, 1)


@pytest.mark.parametrize(
    "name, shape, message",
    [
        ("CircularPad1d", (2, 3, 4, 5), "expected 2D or 3D input (got 4D input)"),
        ("CircularPad2d", (5,), "expected 3D or 4D input (got 1D input)"),
        ("CircularPad3d", (2, 3, 4), "expected 4D or 5D input (got 3D input)"),
    ],
    ids=["1d", "2d", "3d"],
)
def test_a_circular_padding_module_refuses_an_input_of_another_rank_as_torchs(name, shape, message):
    data = np.zeros(shape)
    with pytest.raises(ValueError, match=re.escape(message)):
        getattr(tnn, name)(1)(torch.tensor(data))
    with et.Session(dtype="float64"), pytest.raises(et.ShapeError, match=re.escape(message)):
        getattr(enn, name)(1)(et.tensor(data))


@pytest.mark.parametrize(
    "name", ["ReflectionPad1d", "ReplicationPad1d", "CircularPad1d", "ZeroPad1d"]
)
def test_a_padding_module_runs_in_the_default_float32_session(name):
    data = np.arange(6, dtype=np.float32).reshape(1, 2, 3)
    want = getattr(tnn, name)(1)(torch.from_numpy(data)).numpy()
    got = getattr(enn, name)(1)(et.tensor(data))
    assert got.dtype == "float32"
    np.testing.assert_array_equal(got.numpy(), want)


# ----------------------------------------------------------------------------------------
# nn.init


def _both(shape):
    return et.Parameter(np.full(shape, 7.0)), torch.full(shape, 7.0)


@pytest.mark.parametrize("shape", [(3, 5), (5, 3), (4, 4), (1, 1)], ids=str)
def test_eye_fills_torchs_identity(shape):
    ours, theirs = _both(shape)
    assert enn.init.eye_(ours) is ours
    tnn.init.eye_(theirs)
    np.testing.assert_array_equal(ours.numpy(), theirs.numpy())


@pytest.mark.parametrize("shape", [(3,), (2, 2, 2)], ids=["1-D", "3-D"])
def test_eye_refuses_a_tensor_that_is_not_2_d_with_torchs_error(shape):
    ours, theirs = _both(shape)
    with pytest.raises(ValueError, match="Only tensors with 2 dimensions") as want:
        tnn.init.eye_(theirs)
    with pytest.raises(ValueError) as got:
        enn.init.eye_(ours)
    assert str(got.value) == str(want.value)


@pytest.mark.parametrize(
    "shape, groups",
    [
        ((4, 2, 3), 1),
        ((2, 4, 5), 1),
        ((6, 4, 3, 3), 2),
        ((4, 4, 2, 2), 1),
        ((3, 5, 3, 3, 3), 1),
        ((6, 1, 3, 2, 1), 3),
    ],
    ids=str,
)
def test_dirac_fills_torchs_delta(shape, groups):
    ours, theirs = _both(shape)
    assert enn.init.dirac_(ours, groups) is ours
    tnn.init.dirac_(theirs, groups)
    np.testing.assert_array_equal(ours.numpy(), theirs.numpy())


@pytest.mark.parametrize(
    "shape, groups", [((3, 3), 1), ((2, 2, 2, 2, 2, 2), 1), ((5, 2, 3), 2)], ids=str
)
def test_dirac_refuses_a_bad_rank_or_group_count_with_torchs_error(shape, groups):
    ours, theirs = _both(shape)
    with pytest.raises(ValueError) as want:
        tnn.init.dirac_(theirs, groups)
    with pytest.raises(ValueError) as got:
        enn.init.dirac_(ours, groups)
    assert str(got.value) == str(want.value)


@pytest.mark.parametrize(
    "shape, gain",
    [((3, 5), 1.0), ((5, 3), 1.0), ((4, 4), 0.5), ((4, 2, 3, 3), 2.0), ((6, 2, 1), 1.5)],
    ids=str,
)
def test_orthogonal_fills_a_semi_orthogonal_matrix_times_gain(shape, gain):
    ours = et.Parameter(np.zeros(shape), dtype="float64")
    assert enn.init.orthogonal_(ours, gain=gain) is ours
    assert ours.shape == shape and ours.dtype == "float64"
    q = ours.numpy().reshape(shape[0], -1)
    small = q @ q.T if q.shape[0] <= q.shape[1] else q.T @ q
    np.testing.assert_allclose(small, gain**2 * np.eye(small.shape[0]), atol=1e-12)
    # torch's own result has the same property (the oracle of what is checked)
    theirs = tnn.init.orthogonal_(torch.zeros(shape, dtype=torch.float64), gain=gain)
    t = theirs.numpy().reshape(shape[0], -1)
    t_small = t @ t.T if t.shape[0] <= t.shape[1] else t.T @ t
    np.testing.assert_allclose(t_small, gain**2 * np.eye(small.shape[0]), atol=1e-12)


def test_orthogonal_in_float32_keeps_the_dtype_and_is_orthogonal_to_float32_precision():
    ours = et.Parameter(np.zeros((8, 16), np.float32))
    enn.init.orthogonal_(ours)
    q = ours.numpy()
    assert q.dtype == np.float32
    np.testing.assert_allclose(q @ q.T, np.eye(8), atol=1e-5)


def test_orthogonal_draws_from_the_process_generator():
    first, second = et.Parameter(np.zeros((4, 6))), et.Parameter(np.zeros((4, 6)))
    et.manual_seed(11)
    enn.init.orthogonal_(first)
    et.manual_seed(11)
    enn.init.orthogonal_(second)
    np.testing.assert_array_equal(first.numpy(), second.numpy())
    enn.init.orthogonal_(second)
    assert not np.array_equal(first.numpy(), second.numpy())


def test_orthogonal_leaves_a_tensor_without_elements_as_it_is_as_torchs():
    ours = et.Parameter(np.zeros((0, 3)))
    version = ours.version
    assert enn.init.orthogonal_(ours) is ours
    assert ours.version == version and ours.shape == (0, 3)
    assert tnn.init.orthogonal_(torch.zeros(0, 3)).shape == (0, 3)


def test_orthogonal_refuses_a_1_d_tensor_with_torchs_error():
    ours, theirs = _both((4,))
    with pytest.raises(ValueError, match="2 or more dimensions") as want:
        tnn.init.orthogonal_(theirs)
    with pytest.raises(ValueError) as got:
        enn.init.orthogonal_(ours)
    assert str(got.value) == str(want.value)


def test_an_initialiser_draws_torchs_values_from_a_torch_generator():
    ours = et.Parameter(np.zeros((3, 3)))
    theirs = torch.zeros(3, 3, dtype=torch.float64)
    enn.init.orthogonal_(ours, generator=torch.Generator().manual_seed(3))
    tnn.init.orthogonal_(theirs, generator=torch.Generator().manual_seed(3))
    np.testing.assert_array_equal(ours.numpy(), theirs.numpy())
    with pytest.raises(TypeError):  # torch's error for what is not a generator
        enn.init.uniform_(ours, generator=object())


@pytest.mark.parametrize("name", ["eye_", "dirac_", "orthogonal_"])
def test_an_initialiser_refuses_a_recorded_tensor_as_the_others_do(name):
    with et.Session(dtype="float64"):
        x = et.zeros(3, 3, 3)
        with pytest.raises(TypeError, match="expected an et.Parameter"):
            getattr(enn.init, name)(x)
