"""`einsum` (declared in src/ops/derived.rs, composed in src/session/contract.rs): its operands
as `*args` or one sequence, array data among them, against torch's."""

import numpy as np
import pytest
import torch

import eagertape as et


def test_einsum_takes_array_data_beside_a_tensor_as_a_constant():
    # torch.einsum("ij,j->i", a, v): the gradient reaches the tensor only
    a_np, v_np = np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([0.5, -1.0])
    sess = et.Session(dtype="float64")
    a = sess.input(a_np, requires_grad=True)
    out = et.einsum("ij,j->i", a, v_np)
    out.sum().backward()
    ta = torch.tensor(a_np, requires_grad=True)
    want = torch.einsum("ij,j->i", ta, torch.tensor(v_np))
    want.sum().backward()
    np.testing.assert_array_equal(out.numpy(), want.detach().numpy())
    np.testing.assert_array_equal(a.grad.numpy(), ta.grad.numpy())


def test_einsum_takes_its_operands_as_one_sequence_too():
    # torch.einsum("ij,jk->ik", [a, a]) is torch.einsum("ij,jk->ik", a, a)
    sess = et.Session(dtype="float64")
    a = sess.input(np.array([[1.0, 2.0], [3.0, 4.0]]))
    assert et.einsum("ij,jk->ik", [a, a]).tolist() == et.einsum("ij,jk->ik", a, a).tolist()


def test_einsum_without_a_tensor_operand_is_a_type_error():
    # torch.einsum("i") raises; here no operand is a tensor of a session
    with pytest.raises(TypeError, match="einsum"):
        et.einsum("i")
    with pytest.raises(TypeError, match="einsum"):
        et.einsum("i->", np.ones(3))
