"""The comparisons (`src/ops/compare.rs`): `eq ne lt le gt ge` and torch's aliases
(`not_equal less less_equal greater greater_equal`), declared once as functions and `Tensor`
methods, checked side by side with torch: bool data of the broadcast shape."""

import numpy as np
import pytest
import torch

import eagertape as et

NAMES = ["eq", "ne", "lt", "le", "gt", "ge"]
ALIASES = ["not_equal", "less", "less_equal", "greater", "greater_equal"]

A = np.array([[1.0, 2.0, 3.0], [2.0, 2.0, -1.0]])
B = np.array([2.0, 2.0, 1.0])


@pytest.mark.parametrize("name", NAMES + ALIASES)
def test_the_function_form_of_two_broadcast_tensors_matches_torch(name):
    want = getattr(torch, name)(torch.tensor(A), torch.tensor(B))
    with et.Session(dtype="float64"):
        got = getattr(et, name)(et.tensor(A), et.tensor(B))
        assert got.dtype == et.bool
        np.testing.assert_array_equal(got.numpy(), want.numpy())


@pytest.mark.parametrize("name", NAMES + ALIASES)
@pytest.mark.parametrize("other", [2.0, 2, B], ids=["float", "int", "array"])
def test_the_method_with_a_number_or_array_data_matches_torch(name, other):
    t_other = torch.tensor(other) if isinstance(other, np.ndarray) else other
    want = getattr(torch.tensor(A), name)(t_other)
    with et.Session(dtype="float64"):
        got = getattr(et.tensor(A), name)(other)
        np.testing.assert_array_equal(got.numpy(), want.numpy())


@pytest.mark.parametrize("name", NAMES)
def test_the_method_agrees_with_the_operator(name):
    ops = {"eq": "__eq__", "ne": "__ne__", "lt": "__lt__", "le": "__le__", "gt": "__gt__"}
    ops["ge"] = "__ge__"
    with et.Session(dtype="float64"):
        x, y = et.tensor(A), et.tensor(B)
        np.testing.assert_array_equal(getattr(x, name)(y).numpy(), getattr(x, ops[name])(y).numpy())


def test_a_comparison_carries_no_gradient():
    with et.Session(dtype="float64"):
        x = et.tensor(A, requires_grad=True)
        assert not et.gt(x, 1.0).requires_grad


@pytest.mark.parametrize("name", ["eq", "lt", "greater"])
def test_a_number_as_input_raises_type_error_as_torchs(name):
    with pytest.raises(TypeError):
        getattr(torch, name)(1.0, torch.tensor(B))
    with et.Session():
        with pytest.raises(TypeError, match=rf"{name}\(\): expected a tensor input"):
            getattr(et, name)(1.0, et.tensor(B))
