"""``nan_to_num``'s defaults (the dtype's extremes), ``signbit`` of signed zeros and NaNs,
and the in-place operators ``//= %= **= &= |= ^=``, each side by side with torch."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

NONFINITE = [float("nan"), float("inf"), -float("inf"), 1.5, -0.0]


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bfloat16"])
def test_nan_to_num_defaults_are_the_dtypes_extremes_as_torchs(dtype):
    with et.Session():
        ours = et.tensor(NONFINITE).to(getattr(et, dtype))
        theirs = torch.tensor(NONFINITE).to(getattr(torch, dtype))
        got, want = et.nan_to_num(ours), torch.nan_to_num(theirs)
        assert got.dtype == dtype
        np.testing.assert_array_equal(got.double().numpy(), want.double().numpy())
        ours.nan_to_num_(posinf=7.0)
        np.testing.assert_array_equal(
            ours.double().numpy(), theirs.nan_to_num_(posinf=7.0).double().numpy()
        )


def test_nan_to_num_of_integers_is_a_copy_as_torchs():
    with et.Session():
        got = et.nan_to_num(et.tensor([1, -2]))
        assert got.dtype == "int64" and got.tolist() == [1, -2]


def test_nan_to_num_passes_the_gradient_of_the_kept_elements_only():
    data = [float("nan"), 2.0, float("inf"), -3.0]
    theirs = torch.tensor(data, dtype=torch.float64, requires_grad=True)
    (torch.nan_to_num(theirs) * 2.0).sum().backward()
    with et.Session(dtype="float64"):
        ours = et.tensor(data, requires_grad=True)
        (et.nan_to_num(ours) * 2.0).sum().backward()
        np.testing.assert_array_equal(ours.grad.numpy(), theirs.grad.numpy())


def test_signbit_reads_signed_zeros_nans_and_integers_as_torch():
    values = [-0.0, 0.0, float("nan"), -float("nan"), -float("inf"), 2.0]
    with et.Session():
        for dtype in ("float32", "float64", "float16"):
            ours = et.tensor(values).to(getattr(et, dtype))
            theirs = torch.tensor(values).to(getattr(torch, dtype))
            assert et.signbit(ours).tolist() == torch.signbit(theirs).tolist()
            assert ours.signbit().dtype == "bool"
        assert et.signbit(et.tensor([-1, 0, 3])).tolist() == [True, False, False]


def test_positive_of_a_bool_tensor_is_refused_as_torch_refuses_it():
    with pytest.raises(RuntimeError, match="bool"):
        torch.positive(torch.tensor([True]))
    with et.Session() as sess:
        before = sess.tape_len
        with pytest.raises(TypeError, match="bool"):
            et.positive(et.tensor([True]))
        assert sess.tape_len == before + 1  # (the input's own leaf only)


@pytest.mark.parametrize(
    "op, data, other",
    [
        ("__ifloordiv__", [7.0, -7.5, 3.0], 2.0),
        ("__imod__", [7.0, -7.5, 3.0], 2.0),
        ("__ipow__", [1.5, 2.0, 0.5], 2.0),
        ("__ifloordiv__", [7, -7, 3], 2),
        ("__imod__", [7, -7, 3], 2),
        ("__iand__", [True, False, True], [True, True, False]),
        ("__ior__", [True, False, False], [False, False, True]),
        ("__ixor__", [True, False, True], [True, True, False]),
    ],
    ids=str,
)
def test_in_place_operators_write_torchs_value_into_the_same_object(op, data, other):
    theirs = torch.tensor(data)
    torch_other = torch.tensor(other) if isinstance(other, list) else other
    want = getattr(theirs, op)(torch_other)
    with et.Session():
        ours = et.tensor(data)
        same = ours
        et_other = et.tensor(other) if isinstance(other, list) else other
        out = getattr(ours, op)(et_other)
        assert out is None or out is same
        assert same.tolist() == want.tolist()
        assert same.dtype == str(want.dtype).removeprefix("torch.")


def test_an_in_place_power_of_a_leaf_that_requires_grad_passes_torchs_gradient():
    theirs = torch.tensor([1.5, -2.0], dtype=torch.float64, requires_grad=True)
    y = theirs * 1.0
    y **= 3
    y.sum().backward()
    with et.Session(dtype="float64"):
        ours = et.tensor([1.5, -2.0], requires_grad=True)
        z = ours * 1.0
        z **= 3
        z.sum().backward()
        np.testing.assert_allclose(ours.grad.numpy(), theirs.grad.numpy(), rtol=0, atol=0)
