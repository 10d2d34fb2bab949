"""torch's arithmetic with keyword arguments (`src/ops/torch_arith.rs`): `add`/`sub`/`subtract`
with `alpha`, `div`/`divide`/`true_divide` with `rounding_mode`, each declared once as a
function, a `Tensor` method and an in-place method, checked side by side with torch (their
values and gradients on every carrier: `op_table_math.py`'s `add_sub_alpha` and
`div_rounding_modes`)."""

import numpy as np
import pytest
import torch

import eagertape as et

A = np.array([[1.5, -2.25, 3.0], [0.5, 4.0, -1.75]])
B = np.array([0.75, -1.5, 2.5])

# (name, kwargs): every form is checked with these keywords
CASES = [
    ("add", {}),
    ("add", {"alpha": -0.5}),
    ("sub", {"alpha": 2.0}),
    ("subtract", {}),
    ("div", {}),
    ("div", {"rounding_mode": "trunc"}),
    ("divide", {"rounding_mode": "floor"}),
    ("true_divide", {}),
]


@pytest.mark.parametrize(("name", "kwargs"), CASES)
def test_a_number_on_the_left_of_the_function_form_is_torchs_wrapped_number(name, kwargs):
    # torch: torch.add(2.5, t) is 2.5 + t (the number wrapped as a 0-d tensor)
    want = getattr(torch, name)(2.5, torch.tensor(B), **kwargs)
    with et.Session(dtype="float64"):
        got = getattr(et, name)(2.5, et.tensor(B), **kwargs)
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-12)


@pytest.mark.parametrize(("name", "kwargs"), CASES)
def test_the_in_place_method_rebinds_the_tensor_to_torchs_result(name, kwargs):
    t = torch.tensor(A) * 1.0
    out = getattr(t, name + "_")(torch.tensor(B), **kwargs)
    assert out is t
    with et.Session(dtype="float64"):
        x = et.tensor(A) * 1.0
        got = getattr(x, name + "_")(et.tensor(B), **kwargs)
        assert got is x
        np.testing.assert_allclose(x.numpy(), t.numpy(), rtol=1e-12)


@pytest.mark.parametrize("name", ["add", "sub", "div", "true_divide"])
def test_a_string_operand_raises_type_error_naming_the_function(name):
    with pytest.raises(TypeError):
        getattr(torch, name)(torch.ones(2), "a")
    with et.Session():
        with pytest.raises(TypeError, match=rf"{name}\(\): other must be a tensor"):
            getattr(et, name)(et.ones(2), "a")


def test_two_numbers_raise_type_error_naming_the_function():
    # torch.add(1.0, 2.0) is a new 0-d tensor; here a call is anchored on a tensor's session
    with et.Session():
        with pytest.raises(TypeError, match=r"add\(\): expected a tensor operand"):
            et.add(1.0, 2.0)


def test_an_unknown_rounding_mode_records_nothing_and_leaves_the_tensor():
    with pytest.raises(RuntimeError, match="rounding_mode"):
        torch.div(torch.ones(2), 2.0, rounding_mode="round")
    with et.Session() as s:
        x = et.ones(2) * 3.0
        before = s.tape_len
        with pytest.raises(et.ArgumentError, match=r"rounding_mode must be None"):
            x.div_(2.0, rounding_mode="round")
        assert s.tape_len == before
        assert x.tolist() == [3.0, 3.0]


def test_an_in_place_method_keeps_the_tensors_dtype_as_torchs():
    # torch: a float32 x.add_(float64 y) writes into x, which stays float32
    t = torch.ones(3, dtype=torch.float32)
    t.add_(torch.full((3,), 0.1, dtype=torch.float64))
    with et.Session(dtype="float32"):
        x = et.ones(3)
        x.add_(et.tensor(np.full(3, 0.1), dtype=et.float64))
        assert x.dtype == et.float32 and str(t.dtype) == "torch.float32"
        np.testing.assert_array_equal(x.numpy(), t.numpy())


def test_an_in_place_method_under_autocast_computes_in_the_tensors_dtype():
    # torch: in-place ops are not on autocast's lists; x.addmm_ stays float32, unrounded
    rng = np.random.default_rng(0)
    a, m1, m2 = (rng.standard_normal(s).astype(np.float32) for s in ((2, 3), (2, 4), (4, 3)))
    t = torch.tensor(a)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        t.addmm_(torch.tensor(m1), torch.tensor(m2))
    with et.Session(dtype="float32"):
        x = et.tensor(a)
        with et.autocast("cpu", dtype=et.bfloat16):
            x.addmm_(et.tensor(m1), et.tensor(m2))
        assert x.dtype == et.float32
        np.testing.assert_allclose(x.numpy(), t.numpy(), rtol=1e-6, atol=1e-6)
