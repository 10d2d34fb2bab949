"""torch's logical functions (``logical_and``/``or``/``xor``/``not`` and their in-place
forms) and the ``isinf`` family on every dtype, side by side with torch: the truth of a
number (nonzero, NaN included), broadcasting, bool results, and in place on a bool mask."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

VALUES = [0.0, -1.5, float("nan"), float("inf"), float("-inf"), 2.0]


@pytest.mark.parametrize("name", ["logical_and", "logical_or", "logical_xor"])
@pytest.mark.parametrize("dtype", ["float32", "int64", "bool"])
def test_a_logical_function_is_torchs_on_every_dtype_and_broadcasts(name, dtype):
    data = np.array(VALUES) if dtype == "float32" else np.array([0, -1, 2, 0, 3, 1])

    def run(lib):
        x = lib.tensor(data).to(getattr(lib, dtype))
        y = lib.tensor([[1.0], [0.0]])
        return getattr(lib, name)(x, y), getattr(x, name)(x.flip(0))

    theirs = run(torch)
    with et.Session():
        ours = run(et)
        for a, b in zip(ours, theirs, strict=True):
            assert (a.dtype, a.tolist()) == ("bool", b.tolist())


@pytest.mark.parametrize("dtype", ["float32", "int64", "bool"])
def test_logical_not_is_torchs_on_every_dtype(dtype):
    data = np.array(VALUES) if dtype == "float32" else np.array([0, -1, 2, 0, 3, 1])
    want = torch.logical_not(torch.tensor(data).to(getattr(torch, dtype))).tolist()
    with et.Session():
        assert et.logical_not(et.tensor(data).to(getattr(et, dtype))).tolist() == want


def test_in_place_logical_ops_on_a_bool_mask_are_torchs():
    def run(lib):
        m = lib.tensor([True, False, True, False])
        m.logical_and_(lib.tensor([True, True, False, False]))
        m.logical_or_(lib.tensor([False, False, False, True]))
        m.logical_xor_(lib.tensor([True, False, False, False]))
        m.logical_not_()
        return m.tolist()

    want = run(torch)
    with et.Session():
        assert run(et) == want


@pytest.mark.parametrize("name", ["isinf", "isposinf", "isneginf", "isreal"])
@pytest.mark.parametrize("dtype", ["float32", "float64", "int64"])
def test_the_isinf_family_is_torchs(name, dtype):
    data = np.array(VALUES) if dtype != "int64" else np.array([0, -1, 2])
    want = getattr(torch, name)(torch.tensor(data).to(getattr(torch, dtype))).tolist()
    with et.Session():
        got = getattr(et, name)(et.tensor(data).to(getattr(et, dtype)))
        assert (got.dtype, got.tolist()) == ("bool", want)
