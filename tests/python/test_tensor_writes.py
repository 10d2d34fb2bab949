"""``detach_`` and ``index_put_``, the method and function forms, side by side with torch:
``detach_`` leaves its tensor a leaf that requires no grad (no zero-gradient path kept, unlike
every other in-place op), ``index_put_`` writes or adds values at index tensors."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

X = np.arange(12.0).reshape(3, 4)


@pytest.mark.parametrize("form", ["method", "function"])
def test_detach_in_place_makes_a_leaf_that_requires_no_grad_as_torchs(form):
    ta = torch.tensor(X, requires_grad=True)
    ty = ta * 2.0
    tout = ty.detach_() if form == "method" else torch.detach_(ty)
    with et.Session(dtype="float64"):
        a = et.tensor(X, requires_grad=True)
        y = a * 2.0
        out = y.detach_() if form == "method" else et.detach_(y)
        assert out is y
        assert (y.requires_grad, y.is_leaf) == (tout.requires_grad, tout.is_leaf) == (False, True)
        np.testing.assert_array_equal(y.numpy(), tout.numpy())
        # the tensor no longer carries a path to `a`: a loss of it alone has no gradient
        with pytest.raises(et.GradError):
            (y * 3.0).sum().backward()


def test_detach_function_is_the_method():
    with et.Session(dtype="float64"):
        a = et.tensor(X, requires_grad=True)
        d = et.detach(a * 2.0)
        assert not d.requires_grad
        np.testing.assert_array_equal(d.numpy(), X * 2.0)


@pytest.mark.parametrize("accumulate", [False, True])
def test_index_put_in_place_writes_its_values_as_torchs(accumulate):
    idx = np.array([2, 0, 2])
    ta = torch.tensor(X, requires_grad=True)
    ty = ta * 1.0
    ty.index_put_((torch.tensor(idx),), torch.tensor([1.5, -1.0, 0.5, 2.0]).double(), accumulate)
    (ty * torch.tensor(X + 1.0)).sum().backward()
    with et.Session(dtype="float64"):
        a = et.tensor(X, requires_grad=True)
        y = a * 1.0
        out = y.index_put_((et.tensor(idx),), et.tensor([1.5, -1.0, 0.5, 2.0]), accumulate)
        assert out is y
        np.testing.assert_array_equal(y.numpy(), ty.detach().numpy())
        (y * et.tensor(X + 1.0)).sum().backward()
        np.testing.assert_array_equal(a.grad.numpy(), ta.grad.numpy())


def test_index_put_functions_are_the_methods():
    idx = (torch.tensor([1]), torch.tensor([3]))
    want = torch.index_put(torch.tensor(X), idx, torch.tensor(-5.0).double())
    want_ = torch.index_put_(torch.tensor(X), idx, torch.tensor(-5.0).double())
    with et.Session(dtype="float64"):
        x = et.tensor(X)
        got = et.index_put(x, (et.tensor([1]), et.tensor([3])), et.tensor(-5.0))
        np.testing.assert_array_equal(got.numpy(), want.numpy())
        np.testing.assert_array_equal(x.numpy(), X)  # out of place: x unchanged
        assert et.index_put_(x, (et.tensor([1]), et.tensor([3])), et.tensor(-5.0)) is x
        np.testing.assert_array_equal(x.numpy(), want_.numpy())


def test_index_put_of_an_index_out_of_range_is_refused_and_changes_nothing():
    with pytest.raises(IndexError):
        torch.tensor(X).index_put_((torch.tensor([5]),), torch.tensor(1.0).double())
    with et.Session(dtype="float64") as s:
        x, idx, v = et.tensor(X), et.tensor([5]), et.tensor(1.0)
        before = s.tape_len
        with pytest.raises(et.EagerTapeError):
            x.index_put_((idx,), v)
        assert s.tape_len == before
        np.testing.assert_array_equal(x.numpy(), X)
