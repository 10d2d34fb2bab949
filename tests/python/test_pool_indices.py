"""The max poolings' indices (``return_indices=True``, the ``*_with_indices`` forms, the
modules), the unpoolings that take them and the fractional max poolings, side by side with
torch: the indices equal torch's, the modules' pairs and reprs are torch's, the fractional
windows come from the session's generator, and bad input gets torch's error class or a typed
eagertape error with nothing recorded. (Values and gradients: the op table's rows in
``op_table_pool_indices.py``.)"""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as TF
from conftest import session_state

import eagertape as et
import eagertape.nn.functional as F

RNG = np.random.default_rng(7)
X = RNG.standard_normal((2, 3, 8, 7))
V = RNG.standard_normal((2, 2, 4, 6, 5))
W = RNG.standard_normal((2, 3, 11))


@pytest.mark.parametrize(
    ("name", "data", "args", "kwargs"),
    [
        ("max_pool1d", W, (3,), {"stride": 2, "padding": 1, "ceil_mode": True}),
        ("max_pool2d", X, ((3, 2),), {"stride": 2, "dilation": (1, 2)}),
        ("max_pool3d", V, (2,), {"padding": 1}),
        ("adaptive_max_pool1d", W, (4,), {}),
        ("adaptive_max_pool2d", X, ((3, 5),), {}),
        ("adaptive_max_pool3d", V, ((2, 4, 3),), {}),
    ],
)
def test_return_indices_gives_torchs_values_and_int64_indices(name, data, args, kwargs):
    tv, ti = getattr(TF, name)(torch.tensor(data), *args, return_indices=True, **kwargs)
    with et.Session(dtype="float64"):
        x = et.tensor(data, requires_grad=True)
        v, i = getattr(F, name)(x, *args, return_indices=True, **kwargs)
        wv, wi = getattr(F, f"{name}_with_indices")(x, *args, **kwargs)
        assert i.dtype == "int64" and not i.requires_grad and v.requires_grad
        np.testing.assert_array_equal(i.numpy(), ti.numpy())
        np.testing.assert_array_equal(wi.numpy(), ti.numpy())
        np.testing.assert_allclose(v.numpy(), tv.numpy(), rtol=0, atol=0)
        np.testing.assert_allclose(wv.numpy(), tv.numpy(), rtol=0, atol=0)


def test_torch_level_forms_always_return_the_pair():
    tv, ti = torch.adaptive_max_pool1d(torch.tensor(W), 5)
    sv, si = torch.max_pool1d_with_indices(torch.tensor(W), 3, (), 1)
    with et.Session(dtype="float64"):
        v, i = et.adaptive_max_pool1d(et.tensor(W), 5)
        s, j = et.max_pool1d_with_indices(et.tensor(W), 3, (), 1)
        np.testing.assert_array_equal(i.numpy(), ti.numpy())
        np.testing.assert_array_equal(j.numpy(), si.numpy())
        np.testing.assert_allclose(v.numpy(), tv.numpy(), rtol=0, atol=0)
        np.testing.assert_allclose(s.numpy(), sv.numpy(), rtol=0, atol=0)


@pytest.mark.parametrize(
    ("pool", "unpool", "data"),
    [
        ("MaxPool1d", "MaxUnpool1d", W),
        ("MaxPool2d", "MaxUnpool2d", X),
        ("MaxPool3d", "MaxUnpool3d", V),
    ],
)
def test_max_unpool_modules_invert_the_pools_as_torchs(pool, unpool, data):
    tp = getattr(torch.nn, pool)(2, return_indices=True)
    tu = getattr(torch.nn, unpool)(2)
    tv, ti = tp(torch.tensor(data))
    expected = tu(tv, ti, output_size=data.shape)
    with et.Session(dtype="float64"):
        ep = getattr(et.nn, pool)(2, return_indices=True)
        eu = getattr(et.nn, unpool)(2)
        assert repr(eu) == repr(tu) and repr(ep) == repr(tp)
        v, i = ep(et.tensor(data))
        got = eu(v, i, output_size=data.shape)
        np.testing.assert_allclose(got.numpy(), expected.numpy(), rtol=0, atol=0)


def test_adaptive_max_pool_modules_return_the_pair():
    t = torch.nn.AdaptiveMaxPool2d((3, 2), return_indices=True)(torch.tensor(X))
    t3 = torch.nn.AdaptiveMaxPool3d(2, return_indices=True)(torch.tensor(V))
    with et.Session(dtype="float64"):
        e = et.nn.AdaptiveMaxPool2d((3, 2), return_indices=True)(et.tensor(X))
        e3 = et.nn.AdaptiveMaxPool3d(2, return_indices=True)(et.tensor(V))
        for got, want in ((e, t), (e3, t3)):
            assert isinstance(got, tuple) and len(got) == 2
            np.testing.assert_array_equal(got[1].numpy(), want[1].numpy())


def test_fractional_pool_with_given_samples_is_torchs():
    samples = torch.rand(2, 3, 2, dtype=torch.float64)
    tm = torch.nn.FractionalMaxPool2d(3, output_ratio=(0.5, 0.6), return_indices=True)
    tm._random_samples = samples
    tv, ti = tm(torch.tensor(X))
    with et.Session(dtype="float64"):
        em = et.nn.FractionalMaxPool2d(
            3, output_ratio=(0.5, 0.6), return_indices=True, _random_samples=samples.numpy()
        )
        v, i = em(et.tensor(X))
        assert repr(em) == repr(tm)
        np.testing.assert_array_equal(i.numpy(), ti.numpy())
        np.testing.assert_allclose(v.numpy(), tv.numpy(), rtol=0, atol=0)


def test_fractional_pool_draws_its_windows_from_the_session_generator():
    data = RNG.standard_normal((1, 2, 9, 9, 9))

    def run(seed):
        with et.Session(dtype="float64", seed=seed) as sess:
            x = et.tensor(data)
            before = tuple(sess.rng_state())
            v, i = F.fractional_max_pool3d(x, 2, output_size=3, return_indices=True)
            assert tuple(sess.rng_state()) != before
            # every value is the input's element its index names
            flat = x.flatten(2).gather(2, i.flatten(2)).reshape(v.shape)
            np.testing.assert_array_equal(flat.numpy(), v.numpy())
            return i.numpy()

    np.testing.assert_array_equal(run(3), run(3))
    assert any(not np.array_equal(run(3), run(s)) for s in (4, 5, 6))


def _unpool_args(x):
    return x, x.long()


@pytest.mark.parametrize(
    ("prepare", "call", "error"),
    [
        (_unpool_args, lambda x, i: F.max_unpool2d(x, i, 2, output_size=(3, 3)), et.ArgumentError),
        (
            _unpool_args,
            lambda x, i: F.max_unpool2d(x, i, 2, output_size=(1, 2, 3)),
            et.ArgumentError,
        ),
        (lambda x: (x, x[0].long()), lambda x, i: F.max_unpool2d(x, i, 2), et.ShapeError),
        (
            lambda x: (x[0, 0, 0], x[0, 0, 0].long()),
            lambda x, i: F.max_unpool2d(x, i, 2),
            et.ShapeError,
        ),
        (lambda x: (x, x.long() + 1000), lambda x, i: F.max_unpool2d(x, i, 2), et.BackendError),
        (lambda x: (x,), lambda x: F.fractional_max_pool2d(x, 2), et.ArgumentError),
        (
            lambda x: (x,),
            lambda x: F.fractional_max_pool2d(x, 2, output_ratio=(0.5, 0.5, 0.5)),
            et.ArgumentError,
        ),
        (lambda x: (x,), lambda x: F.fractional_max_pool2d(x, 3, output_size=6), et.ShapeError),
        (lambda x: (x,), lambda x: F.fractional_max_pool3d(x, 2, output_size=6), et.ShapeError),
        (lambda x: (x[0],), lambda x: F.fractional_max_pool3d(x, 2, output_size=2), et.ShapeError),
        (lambda x: (x,), lambda x: F.fractional_max_pool2d(x, 2, output_size=-1), et.ArgumentError),
    ],
)
def test_bad_input_raises_a_typed_error_and_records_nothing(prepare, call, error):
    with et.Session(dtype="float64") as sess:
        args = prepare(et.tensor(np.abs(X)))
        before = session_state(sess)
        with pytest.raises(error):
            call(*args)
        assert session_state(sess) == before


def test_bad_input_errors_are_torchs_classes():
    x = torch.tensor(np.abs(X))
    with pytest.raises(ValueError):
        TF.max_unpool2d(x, x.long(), 2, output_size=(3, 3))
    with pytest.raises(RuntimeError):
        TF.max_unpool2d(x, x.long() + 1000, 2)
    assert issubclass(et.ArgumentError, ValueError) and issubclass(et.BackendError, RuntimeError)


def test_reference_carrier_refuses_indices_and_records_nothing():
    with et.Session(dtype="float64", backend="reference") as sess:
        x = et.tensor(X)
        before = session_state(sess)
        assert F.max_pool2d(x, 2).shape == (2, 3, 4, 3)  # the values alone: composed
        mid = session_state(sess)
        with pytest.raises(et.UnsupportedOpError):
            F.max_pool2d(x, 2, return_indices=True)
        assert session_state(sess) == mid != before


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "either an output size"),
        ({"output_size": 2, "output_ratio": 0.5}, "only one of"),
        ({"output_ratio": 1.5}, "between 0 and 1"),
    ],
)
def test_fractional_module_checks_its_arguments_as_torch(kwargs, message):
    with pytest.raises(ValueError, match=message):
        torch.nn.FractionalMaxPool2d(2, **kwargs)
    with pytest.raises(ValueError, match=message):
        et.nn.FractionalMaxPool2d(2, **kwargs)
