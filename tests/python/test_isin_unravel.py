"""``isin`` and ``unravel_index`` (``src/ops/tallies.rs``), side by side with torch: data
results (bool, int64), no gradient."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et


@pytest.mark.parametrize("invert", [False, True])
def test_isin_of_integers_is_torchs(invert):
    e, t = np.array([[1, 2, 3], [4, 5, 2]]), np.array([2, 5, 9])
    want = torch.isin(torch.tensor(e), torch.tensor(t), invert=invert)
    with et.Session():
        got = et.isin(et.tensor(e), et.tensor(t), invert=invert)
        assert got.dtype == "bool"
        np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_isin_of_floats_is_torchs_and_carries_no_gradient():
    e = np.array([0.5, 1.5, 2.5])
    want = torch.isin(torch.tensor(e), torch.tensor([1.5, 3.0], dtype=torch.float64))
    with et.Session(dtype="float64"):
        x = et.tensor(e, requires_grad=True)
        got = et.isin(x, et.tensor([1.5, 3.0]))
        assert not got.requires_grad
        np.testing.assert_array_equal(got.numpy(), want.numpy())


@pytest.mark.parametrize(
    ("indices", "shape"),
    [([-1, 4, 0, 7], (2, 3)), ([[5, 1], [0, 2]], (2, 3)), (5, (2, 3)), ([5], 6)],
    ids=["wrapping", "2d", "0d", "int_shape"],
)
def test_unravel_index_is_torchs(indices, shape):
    want = torch.unravel_index(torch.tensor(indices), shape)
    with et.Session():
        got = et.unravel_index(et.tensor(indices), shape)
        assert len(got) == len(want)
        for g, w in zip(got, want, strict=True):
            assert g.dtype == "int64"
            np.testing.assert_array_equal(g.numpy(), w.numpy())


def test_unravel_index_of_floats_is_refused_as_torchs():
    with pytest.raises(TypeError):
        torch.unravel_index(torch.tensor([1.0]), (2, 3))
    with et.Session() as s:
        x = et.tensor([1.0])
        before = s.tape_len
        with pytest.raises(et.DTypeError, match="integer dtype"):
            et.unravel_index(x, (2, 3))
        assert s.tape_len == before
