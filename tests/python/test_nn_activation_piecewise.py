"""``CELU``, ``SELU``, ``RReLU``, ``Threshold``, ``Hardshrink``, ``Softshrink``,
``Softsign``, ``Tanhshrink`` and their functions side by side with torch: float64 outputs
and input gradients at the kinks and at random inputs, ``repr``, bad arguments (torch's
error class, nothing recorded), ``inplace=True``, and ``rrelu``'s training draws (each
negative element's slope in ``[lower, upper]``, its gradient that slope)."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn as tnn
import torch.nn.functional as TF
from test_nn_activation_padding import KINKS, _assert_parity

import eagertape as et
import eagertape.nn as enn
import eagertape.nn.functional as F

RNG = np.random.default_rng(11)

MODULES = {
    "CELU": lambda m: m.CELU(),
    "CELU-alpha-0.5": lambda m: m.CELU(0.5),
    "SELU": lambda m: m.SELU(),
    "RReLU-eval": lambda m: m.RReLU(0.1, 0.4).eval(),
    "Threshold-(0.5,-3)": lambda m: m.Threshold(0.5, -3.0),
    "Threshold-(-1,20)": lambda m: m.Threshold(-1.0, 20.0),
    "Hardshrink": lambda m: m.Hardshrink(),
    "Hardshrink-1": lambda m: m.Hardshrink(1.0),
    "Softshrink": lambda m: m.Softshrink(),
    "Softshrink-2": lambda m: m.Softshrink(2.0),
    "Softsign": lambda m: m.Softsign(),
    "Tanhshrink": lambda m: m.Tanhshrink(),
}


@pytest.mark.parametrize("make", MODULES.values(), ids=MODULES.keys())
def test_a_piecewise_activation_gives_torchs_values_and_gradients_at_its_kinks(make):
    # the kinks themselves (±0.5, ±1, 2, ...): torch's one-sided gradient there
    _assert_parity(make, KINKS)


@pytest.mark.parametrize("make", MODULES.values(), ids=MODULES.keys())
def test_a_piecewise_activation_gives_torchs_values_and_gradients_at_random_inputs(make):
    _assert_parity(make, RNG.standard_normal((2, 3, 4)) * 3.0)


REPRS = {
    "CELU()": lambda m: m.CELU(),
    "CELU(2, True)": lambda m: m.CELU(2, True),
    "SELU()": lambda m: m.SELU(),
    "SELU(True)": lambda m: m.SELU(inplace=True),
    "RReLU()": lambda m: m.RReLU(),
    "RReLU(0.1, 0.2, True)": lambda m: m.RReLU(0.1, 0.2, True),
    "Threshold(0.1, 20)": lambda m: m.Threshold(0.1, 20),
    "Threshold(inplace)": lambda m: m.Threshold(0.1, 20.0, inplace=True),
    "Hardshrink()": lambda m: m.Hardshrink(),
    "Softshrink(1)": lambda m: m.Softshrink(1),
    "Softsign()": lambda m: m.Softsign(),
    "Tanhshrink()": lambda m: m.Tanhshrink(),
}


@pytest.mark.parametrize("make", REPRS.values(), ids=REPRS.keys())
def test_a_piecewise_activations_repr_is_torchs(make):
    assert repr(make(enn)) == repr(make(tnn))


CALL_ERRORS = {
    "celu-alpha-0": (lambda F_, x: F_.celu(x, 0.0), RuntimeError, et.ArgumentError),
    "softshrink-negative": (lambda F_, x: F_.softshrink(x, -1.0), RuntimeError, et.ArgumentError),
    "rrelu-lower-above-upper": (
        lambda F_, x: F_.rrelu(x, 0.5, 0.2),
        RuntimeError,
        et.ArgumentError,
    ),
    "rrelu-training-lower-above-upper": (
        lambda F_, x: F_.rrelu(x, 0.5, 0.2, training=True),
        RuntimeError,
        et.ArgumentError,
    ),
    "threshold-missing-value": (lambda F_, x: F_.threshold(x, 0.5), TypeError, TypeError),
}


@pytest.mark.parametrize("call, theirs, ours", CALL_ERRORS.values(), ids=CALL_ERRORS.keys())
def test_a_bad_argument_raises_a_typed_error_and_records_nothing(call, theirs, ours):
    with pytest.raises(theirs):
        call(TF, torch.zeros(3))
    with et.Session() as sess:
        x = et.tensor([1.0, -1.0, 0.0])
        before = (sess.tape_len, et.memory_stats()["live_bytes"])
        with pytest.raises(ours):
            call(F, x)
        assert (sess.tape_len, et.memory_stats()["live_bytes"]) == before


@pytest.mark.parametrize(
    "name", ["celu", "selu", "hardshrink", "softshrink", "threshold", "softsign", "tanhshrink"]
)
def test_an_integer_input_is_refused_with_a_dtype_error(name):
    args = (0.5, 1.0) if name == "threshold" else ()
    with et.Session():
        with pytest.raises(et.DTypeError):
            getattr(F, name)(et.arange(3), *args)


INPLACE = {
    "CELU": (lambda m: m.CELU(1.5, inplace=True)),
    "SELU": (lambda m: m.SELU(inplace=True)),
    "RReLU-eval": (lambda m: m.RReLU(0.1, 0.3, inplace=True).eval()),
    "Threshold": (lambda m: m.Threshold(0.5, -2.0, inplace=True)),
}


@pytest.mark.parametrize("make", INPLACE.values(), ids=INPLACE.keys())
def test_an_inplace_module_changes_and_returns_its_input_object_as_torchs(make):
    data = RNG.standard_normal((3, 4))
    x_t = torch.tensor(data) * 1.0
    y_t = make(tnn)(x_t)
    with et.Session(dtype="float64"):
        x = et.tensor(data, dtype=et.float64) * 1.0
        y = make(enn)(x)
        assert y is x
        np.testing.assert_allclose(x.numpy(), x_t.numpy(), rtol=1e-15, atol=0)
    assert y_t is x_t


def test_rrelu_in_training_draws_each_negative_slope_in_bounds_and_its_gradient_is_it():
    data = np.concatenate([-np.linspace(0.5, 3.0, 50), np.linspace(0.5, 3.0, 10)])
    lower, upper = 0.1, 0.4
    with et.Session(dtype="float64"):
        x = et.tensor(data, dtype=et.float64, requires_grad=True)
        y = F.rrelu(x, lower, upper, training=True)
        y.sum().backward()
        out, grad = y.numpy(), x.grad.numpy()
    slopes = out[:50] / data[:50]
    assert np.all((slopes >= lower) & (slopes <= upper))
    assert len(np.unique(slopes)) > 40  # a slope per element, not one for all
    np.testing.assert_allclose(grad[:50], slopes, rtol=1e-12)
    np.testing.assert_array_equal(out[50:], data[50:])
    np.testing.assert_array_equal(grad[50:], np.ones(10))


def test_rrelu_draws_the_same_slopes_after_the_same_seed():
    def draw():
        with et.Session(dtype="float64", seed=5):
            return F.rrelu(et.tensor(-np.ones(8), dtype=et.float64), training=True).numpy()

    np.testing.assert_array_equal(draw(), draw())


def test_rrelu_module_draws_in_train_mode_and_uses_the_mean_slope_in_eval_mode():
    m = enn.RReLU(0.1, 0.3)
    with et.Session(dtype="float64"):
        x = et.tensor(-np.ones(16), dtype=et.float64)
        trained = m(x).numpy()
        evaluated = m.eval()(x).numpy()
    assert len(np.unique(trained)) > 1
    np.testing.assert_allclose(evaluated, -0.2 * np.ones(16), rtol=1e-15)
