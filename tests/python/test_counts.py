"""``bincount`` and ``unique_consecutive``: results whose shape depends on the data, side by
side with torch (values, dtypes, the tuple forms), input data with no gradient, and bad input
refused with nothing recorded."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from conftest import session_state

import eagertape as et

IDS = np.array([1, 1, 3, 0, 3, 7])
WEIGHTS = np.array([0.5, 1.5, -2.0, 4.0, 0.25, 3.0])


@pytest.mark.parametrize(
    "kwargs",
    [{}, {"minlength": 10}, {"weights": WEIGHTS}, {"weights": WEIGHTS, "minlength": 3}],
    ids=["counts", "minlength", "weights", "weights_minlength"],
)
def test_bincount_is_torchs(kwargs):
    tk = {k: torch.tensor(v) if k == "weights" else v for k, v in kwargs.items()}
    expected = torch.bincount(torch.tensor(IDS), **tk)
    with et.Session(dtype="float64"):
        ek = {k: et.tensor(v) if k == "weights" else v for k, v in kwargs.items()}
        got = et.bincount(et.tensor(IDS), **ek)
        method = et.tensor(IDS).bincount(**ek)
        assert got.tolist() == expected.tolist() == method.tolist()
        assert got.dtype == str(expected.dtype).removeprefix("torch.")
        assert not got.requires_grad


def test_bincount_of_nothing_is_minlength_zeros():
    with et.Session():
        assert et.bincount(et.tensor(np.zeros(0, dtype=np.int64)), minlength=3).tolist() == [
            0,
            0,
            0,
        ]


@pytest.mark.parametrize(
    ("data", "kwargs"),
    [
        (np.array([1, 1, 2, 2, 3, 1, 1, 2]), {}),
        (np.array([1, 1, 2, 2, 3, 1, 1, 2]), {"return_inverse": True, "return_counts": True}),
        (np.array([1.0, 1.0, np.nan, 2.0, 2.0]), {"return_counts": True}),
        (np.array([[1, 1], [1, 1], [2, 2], [1, 1]]), {"dim": 0, "return_inverse": True}),
        (np.array([[1, 1, 2], [1, 1, 2]]), {"dim": -1, "return_counts": True}),
    ],
)
def test_unique_consecutive_is_torchs(data, kwargs):
    expected = torch.unique_consecutive(torch.tensor(data), **kwargs)
    with et.Session(dtype="float64"):
        got = et.unique_consecutive(et.tensor(data), **kwargs)
        method = et.tensor(data).unique_consecutive(**kwargs)
        if isinstance(expected, torch.Tensor):
            expected, got, method = (expected,), (got,), (method,)
        assert len(got) == len(expected) == len(method)
        for g, m, e in zip(got, method, expected, strict=True):
            np.testing.assert_array_equal(g.numpy(), e.numpy())
            np.testing.assert_array_equal(m.numpy(), e.numpy())
            assert g.dtype == str(e.dtype).removeprefix("torch.")


def test_unique_consecutive_of_a_tensor_requiring_grad_is_data():
    with et.Session(dtype="float64"):
        x = et.tensor([1.0, 1.0, 2.0], requires_grad=True)
        assert not et.unique_consecutive(x).requires_grad


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda s: et.bincount(s["matrix"]), et.BackendError),
        (lambda s: et.bincount(s["negative"]), et.BackendError),
        (lambda s: et.bincount(s["ids"], weights=s["short"]), et.BackendError),
        (lambda s: et.unique_consecutive(s["ids"], dim=2), et.ShapeError),
    ],
)
def test_bad_input_raises_and_records_nothing(call, error):
    with et.Session(dtype="float64") as sess:
        tensors = {
            "matrix": et.tensor([[1, 2]]),
            "negative": et.tensor([-1, 2]),
            "ids": et.tensor(IDS),
            "short": et.tensor(WEIGHTS[:2]),
        }
        before = session_state(sess)
        with pytest.raises(error):
            call(tensors)
        assert session_state(sess) == before


def test_torch_raises_runtime_errors_for_the_same_input():
    with pytest.raises(RuntimeError):
        torch.bincount(torch.tensor([[1, 2]]))
    assert issubclass(et.BackendError, RuntimeError)


def test_a_reference_carrier_refuses_its_floating_operands():
    with et.Session(dtype="float64", backend="reference") as sess:
        ids, weights = et.tensor(IDS), et.tensor(WEIGHTS)
        before = session_state(sess)
        with pytest.raises(et.UnsupportedOpError):
            et.bincount(ids, weights=weights)
        with pytest.raises(et.UnsupportedOpError):
            et.unique_consecutive(weights)
        assert session_state(sess) == before
