"""``Tensor.retain_grad()`` / ``retains_grad`` and the legacy ``Tensor.new(...)``, side by
side with torch."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

X = np.array([1.0, -2.0, 3.0])


def test_a_retained_intermediate_gets_torchs_gradient():
    ta = torch.tensor(X, requires_grad=True)
    ty = ta * ta
    ty.retain_grad()
    (ty.sin() * 2.0).sum().backward()
    with et.Session(dtype="float64"):
        a = et.tensor(X, requires_grad=True)
        y = a * a
        y.retain_grad()
        assert y.retains_grad and not a.retains_grad
        (y.sin() * 2.0).sum().backward()
        np.testing.assert_allclose(y.grad.numpy(), ty.grad.numpy(), rtol=1e-15)
        np.testing.assert_allclose(a.grad.numpy(), ta.grad.numpy(), rtol=1e-15)


def test_an_intermediate_not_retained_has_no_gradient():
    with et.Session(dtype="float64"):
        a = et.tensor(X, requires_grad=True)
        y = a * 2.0
        (y * y).sum().backward()
        assert y.grad is None and not y.retains_grad


def test_retained_gradients_accumulate_over_backwards_with_retain_graph_as_torchs():
    ta = torch.tensor(X, requires_grad=True)
    ty = ta * 3.0
    ty.retain_grad()
    loss = (ty * ty).sum()
    loss.backward(retain_graph=True)
    loss.backward()
    with et.Session(dtype="float64"):
        a = et.tensor(X, requires_grad=True)
        y = a * 3.0
        y.retain_grad()
        loss_e = (y * y).sum()
        loss_e.backward(retain_graph=True)
        loss_e.backward()
        np.testing.assert_allclose(y.grad.numpy(), ty.grad.numpy(), rtol=1e-15)


def test_retain_grad_of_a_leaf_is_a_no_op_as_torchs():
    with et.Session(dtype="float64"):
        a = et.tensor(X, requires_grad=True)
        a.retain_grad()
        assert not a.retains_grad  # torch: False for a leaf
        (a * a).sum().backward()
        np.testing.assert_array_equal(a.grad.numpy(), 2 * X)


def test_retain_grad_of_a_tensor_that_requires_no_grad_is_refused_as_torchs():
    with pytest.raises(RuntimeError):
        torch.tensor(X).retain_grad()
    with et.Session(dtype="float64"):
        x = et.tensor(X)
        with pytest.raises(et.GradError, match="requires_grad=False"):
            x.retain_grad()
        assert not x.retains_grad


@pytest.mark.parametrize(
    ("args", "shape"),
    [((), (0,)), ((2, 3), (2, 3)), ((4,), (4,))],
    ids=["empty", "sizes", "one_size"],
)
def test_legacy_new_makes_a_tensor_of_the_same_dtype_as_torchs(args, shape):
    want = torch.zeros(1, dtype=torch.float64).new(*args)
    with et.Session(dtype="float64"):
        got = et.zeros(1).new(*args)
        assert tuple(got.shape) == tuple(want.shape) == shape
        assert got.dtype == "float64"


def test_legacy_new_of_data_copies_it_in_the_tensors_dtype():
    want = torch.zeros(1, dtype=torch.float64).new([1.5, 2.0])
    with et.Session(dtype="float64"):
        got = et.zeros(1).new([1.5, 2.0])
        assert got.dtype == "float64"
        np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_legacy_new_of_mixed_arguments_is_a_type_error():
    with et.Session(), pytest.raises(TypeError):
        et.zeros(1).new([1.0], 2)


def test_grad_fn_names_the_recording_op_as_torch_and_is_none_for_leaves():
    tx = torch.ones(2, requires_grad=True)
    with et.Session():
        x = et.ones(2, requires_grad=True)
        y = (x * 2.0).sum()
        assert x.grad_fn is None and tx.grad_fn is None
        assert et.ones(2).grad_fn is None and (et.ones(2) * 2.0).grad_fn is None
        assert y.grad_fn.name() == "SumBackward"
        assert (tx * 2.0).sum().grad_fn.name().startswith(y.grad_fn.name())
        assert repr(y).endswith("grad_fn=<SumBackward>)")
        assert (x * 3.0).grad_fn == (x * 2.0).grad_fn
