"""torch's everyday Tensor methods that scripts use as written: `clone`, `mm`/`bmm` as methods,
`cpu`/`cuda`/`is_cuda`/`is_cpu`, `type_as`, `requires_grad_`, `is_leaf`, `data`, `int(t)` and
`t.__index__`, each beside torch's own answer for the same call."""

import numpy as np
import pytest
import torch

import eagertape as et

X = [[1.5, -2.0, 0.0], [3.0, 0.25, -1.0]]


def test_clone_is_a_new_tensor_with_the_identity_gradient_as_torchs():
    with et.Session(dtype="float64"):
        x = et.tensor(X, requires_grad=True)
        y = x.clone()
        (y * y).sum().backward()
        tx = torch.tensor(X, dtype=torch.float64, requires_grad=True)
        (tx.clone() * tx.clone()).sum().backward()
        assert y is not x
        np.testing.assert_array_equal(y.numpy(), tx.detach().numpy())
        np.testing.assert_array_equal(x.grad.numpy(), tx.grad.numpy())


def test_an_in_place_method_on_a_clone_leaves_the_original():
    with et.Session(dtype="float64"):
        x = et.tensor(X)
        y = et.clone(x, memory_format=torch.contiguous_format)
        y.add_(1.0)
        tx = torch.tensor(X, dtype=torch.float64)
        ty = torch.clone(tx, memory_format=torch.contiguous_format).add_(1.0)
        np.testing.assert_array_equal(x.numpy(), tx.numpy())
        np.testing.assert_array_equal(y.numpy(), ty.numpy())


def test_clone_keeps_integer_data_as_data():
    with et.Session():
        y = et.tensor([1, 2, 3]).clone()
        assert (y.dtype, y.requires_grad) == ("int64", False)
        assert y.tolist() == torch.tensor([1, 2, 3]).clone().tolist()


def test_clone_refuses_a_memory_format_that_is_not_one():
    with et.Session(), pytest.raises(TypeError, match="memory_format"):
        et.tensor([1.0]).clone(memory_format="channels_last")


def test_mm_and_its_gradients_match_torch():
    a = np.arange(6.0).reshape(2, 3) - 2.5
    b = np.arange(12.0).reshape(3, 4) / 7
    with et.Session(dtype="float64"):
        x, y = et.tensor(a, requires_grad=True), et.tensor(b, requires_grad=True)
        out = x.mm(y)
        (out * out).sum().backward()
        tx = torch.tensor(a, requires_grad=True)
        ty = torch.tensor(b, requires_grad=True)
        tout = tx.mm(ty)
        (tout * tout).sum().backward()
        np.testing.assert_allclose(out.numpy(), tout.detach().numpy(), rtol=1e-15)
        np.testing.assert_allclose(x.grad.numpy(), tx.grad.numpy(), rtol=1e-15)
        np.testing.assert_allclose(y.grad.numpy(), ty.grad.numpy(), rtol=1e-15)
        np.testing.assert_array_equal(et.mm(x, y).numpy(), out.numpy())


def test_mm_refuses_operands_that_are_not_matrices():
    with et.Session():
        with pytest.raises(et.ShapeError, match="mm"):
            et.ones(2, 3).mm(et.ones(2, 3, 4))
        with pytest.raises(et.ShapeError, match="mm"):
            et.ones(2, 3).mm(et.ones(4, 2))
    with pytest.raises(RuntimeError):  # torch: the same calls are errors
        torch.ones(2, 3).mm(torch.ones(4, 2))


def test_bmm_is_a_method_too():
    a = np.arange(12.0).reshape(2, 2, 3)
    b = np.arange(6.0).reshape(2, 3, 1)
    with et.Session(dtype="float64"):
        out = et.tensor(a).bmm(et.tensor(b))
        np.testing.assert_array_equal(out.numpy(), torch.tensor(a).bmm(torch.tensor(b)).numpy())


def test_cpu_of_a_cpu_tensor_is_the_tensor_itself_as_torchs():
    t = torch.ones(2)
    assert t.cpu() is t
    with et.Session():
        x = et.ones(2)
        assert x.cpu() is x
        assert (x.is_cpu, x.is_cuda) == (t.is_cpu, t.is_cuda) == (True, False)


def test_cuda_of_a_cpu_session_tensor_is_a_device_error():
    with et.Session():
        x = et.ones(2)
        with pytest.raises(et.DeviceError, match="cuda"):
            x.cuda()
        with pytest.raises(et.DeviceError, match="cuda:1"):
            x.cuda(1)
        assert x.tolist() == [1.0, 1.0]


def test_type_as_converts_to_the_other_dtype_as_torch():
    with et.Session(dtype="float64"):
        x = et.tensor([1.7, -1.7])
        same = x.type_as(et.tensor([0.5]))
        assert same is x
        assert (
            x.type_as(et.tensor([1])).tolist()
            == torch.tensor([1.7, -1.7]).type_as(torch.tensor([1])).tolist()
        )
        assert x.type_as(et.ones(1, dtype="float32")).dtype == "float32"


def test_requires_grad_makes_a_leaf_take_its_gradient_as_torch():
    with et.Session(dtype="float64"):
        x = et.tensor([1.0, -2.0])
        assert x.requires_grad_() is x and x.requires_grad
        (x * x * x).sum().backward()
        tx = torch.tensor([1.0, -2.0], dtype=torch.float64).requires_grad_()
        (tx * tx * tx).sum().backward()
        np.testing.assert_array_equal(x.grad.numpy(), tx.grad.numpy())


def test_requires_grad_false_stops_the_gradient_of_later_ops():
    with et.Session(dtype="float64"):
        x = et.tensor([1.0, 2.0], requires_grad=True)
        x.requires_grad_(False)
        assert not (x * 2).requires_grad


def test_requires_grad_of_an_ops_result_is_a_grad_error_as_torchs_runtime_error():
    with et.Session(dtype="float64"):
        y = et.tensor([1.0], requires_grad=True) * 2
        with pytest.raises(et.GradError, match="leaf"):
            y.requires_grad_(False)
        assert y.requires_grad
        assert y.requires_grad_(True) is y  # already on: torch allows it
    ty = torch.tensor([1.0], requires_grad=True) * 2
    with pytest.raises(RuntimeError):
        ty.requires_grad_(False)


def test_requires_grad_of_integer_data_is_a_dtype_error():
    with et.Session():
        x = et.tensor([1, 2])
        with pytest.raises(et.DTypeError, match="floating"):
            x.requires_grad_()
        assert not x.requires_grad
    with pytest.raises(RuntimeError):
        torch.tensor([1, 2]).requires_grad_()


def test_is_leaf_as_torchs():
    with et.Session(dtype="float64"):
        x = et.tensor([1.0], requires_grad=True)
        c = et.tensor([1.0])
        cases = [x, c, x * 2, c * 2, (x * 2).detach()]
        tx = torch.tensor([1.0], requires_grad=True)
        tc = torch.tensor([1.0])
        torch_cases = [tx, tc, tx * 2, tc * 2, (tx * 2).detach()]
        assert [t.is_leaf for t in cases] == [t.is_leaf for t in torch_cases]


def test_data_is_the_value_without_the_graph():
    with et.Session(dtype="float64"):
        x = et.tensor([1.0, 2.0], requires_grad=True)
        d = (x * 3).data
        assert not d.requires_grad and d.is_leaf
        assert d.tolist() == (torch.tensor([1.0, 2.0], requires_grad=True) * 3).data.tolist()


@pytest.mark.parametrize("value", [2.7, -2.7, 3, True])
def test_int_of_a_one_element_tensor_as_torch(value):
    with et.Session(dtype="float64"):
        assert int(et.tensor(value)) == int(torch.tensor(value))


def test_an_integer_tensor_is_an_index_as_torchs():
    seq = list(range(10))
    with et.Session():
        i = et.tensor(3)
        assert seq[i] == seq[torch.tensor(3)] == 3
        assert list(range(i)) == [0, 1, 2]


def test_a_float_tensor_is_not_an_index_as_in_torch():
    with et.Session(), pytest.raises(TypeError, match="integer tensors"):
        [0, 1][et.tensor(1.0)]
    with pytest.raises(TypeError):
        [0, 1][torch.tensor(1.0)]


def test_type_names_the_legacy_type_and_converts_as_torch():
    with et.Session(dtype="float64"):
        x = et.tensor([1.5, -2.5])
        t = torch.tensor([1.5, -2.5], dtype=torch.float64)
        assert x.type() == t.type() == "torch.DoubleTensor"
        assert et.tensor([1]).type() == torch.tensor([1]).type() == "torch.LongTensor"
        assert x.type(et.float32).dtype == "float32"
        assert x.type(torch.long).tolist() == t.type(torch.long).tolist()
        assert x.type("torch.FloatTensor").type() == t.type("torch.FloatTensor").type()
        assert x.type(et.float64) is x


def test_fill_and_copy_write_every_element_with_torchs_gradients():
    with et.Session(dtype="float64"):
        src = et.tensor([1.0, -2.0, 3.0], requires_grad=True)
        x = et.zeros(2, 3) * 1.0
        assert x.copy_(src) is x
        (x * x).sum().backward()
        tsrc = torch.tensor([1.0, -2.0, 3.0], dtype=torch.float64, requires_grad=True)
        tx = torch.zeros(2, 3, dtype=torch.float64)
        tx.copy_(tsrc)
        (tx * tx).sum().backward()
        np.testing.assert_array_equal(x.numpy(), tx.detach().numpy())
        np.testing.assert_array_equal(src.grad.numpy(), tsrc.grad.numpy())
        assert x.fill_(2.5).tolist() == torch.zeros(2, 3).fill_(2.5).tolist()


def test_a_written_value_takes_the_tensors_dtype_as_torch():
    # torch: `x[k] = v` and `x.copy_(v)` convert `v` to `x`'s dtype
    x, tx = et.zeros(2), torch.zeros(2)
    x.copy_(et.tensor([1.5, 2.5], dtype=et.float64))
    tx.copy_(torch.tensor([1.5, 2.5], dtype=torch.float64))
    assert (x.dtype, x.tolist()) == (str(tx.dtype)[6:], tx.tolist())
    i, ti = et.zeros(3, dtype=et.int64), torch.zeros(3, dtype=torch.int64)
    i[1] = 2.7
    ti[1] = 2.7
    assert i.tolist() == ti.tolist() == [0, 2, 0]
