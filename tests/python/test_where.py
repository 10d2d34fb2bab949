"""`where` (declared in src/ops/index.rs, over `Session::where_`): its three-operand form
against torch's, the tensor that anchors it, and the one-operand form."""

import numpy as np
import pytest
import torch

import eagertape as et


def test_where_with_a_number_and_array_data_anchors_on_its_tensor_operand():
    # torch.where(mask, 1.0, t): t's session records it; t's gradient where the mask is false
    mask = np.array([True, False, True])
    values = np.array([0.5, -1.5, 2.0])
    sess = et.Session(dtype="float64")
    t = sess.input(values, requires_grad=True)
    out = et.where(mask, 1.0, t)
    out.sum().backward()
    tt = torch.tensor(values, requires_grad=True)
    want = torch.where(torch.tensor(mask), 1.0, tt)
    np.testing.assert_array_equal(out.numpy(), want.detach().numpy())
    want.sum().backward()
    assert out.session_id == sess.id
    np.testing.assert_array_equal(t.grad.numpy(), tt.grad.numpy())


def test_a_number_in_where_takes_the_tensor_operands_dtype():
    # torch.where(c, t64, 0.0).dtype is float64: the number is a wrapped number
    sess = et.Session(dtype="float32")
    t = sess.input(np.array([1.0, 2.0]), dtype="float64")
    out = et.where(t > 1.5, t, 0.0)
    assert out.dtype == "float64"
    assert out.tolist() == [0.0, 2.0]


def test_where_of_one_operand_is_nonzero_as_a_tuple_and_two_are_refused():
    # torch.where(c) is c.nonzero(as_tuple=True); torch.where(c, x) raises
    sess = et.Session(dtype="float32")
    c = sess.input(np.array([[True, False], [False, True]]))
    rows, cols = et.where(c)
    assert (rows.tolist(), cols.tolist()) == ([0, 1], [0, 1])
    tape = sess.tape_len
    with pytest.raises(et.ArgumentError, match="both input and other, or neither"):
        et.where(c, c)
    assert sess.tape_len == tape
