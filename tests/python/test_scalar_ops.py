"""Every operator between a tensor and a Python number (`x + s`, `s + x`, `x - s`, `s - x`,
`x * s`, `s * x`, `x / s`, `s / x`) computes exactly what PyTorch computes for the same
tensor and number, bit for bit (NaNs compared as NaNs), in every native dtype: the
LibTorch backend passes the number as a one-element operand on LibTorch's fast path for
float32 and float64 and as a LibTorch `Scalar` for float16/bfloat16, `s - x` is torch's
`rsub` and `s / x` torch's `x.reciprocal() * s` (what `Tensor.__rtruediv__` runs)."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from conftest import DEVICE

import eagertape as et

SCALARS = [0.1, -3.7, 1e-8, 2.5e38, 1.0 / 3.0, 0.0, -0.0, float("inf"), 1e300, 3]
OPERATORS = {
    "x + s": lambda x, s: x + s,
    "s + x": lambda x, s: s + x,
    "x - s": lambda x, s: x - s,
    "s - x": lambda x, s: s - x,
    "x * s": lambda x, s: x * s,
    "s * x": lambda x, s: s * x,
    "x / s": lambda x, s: x / s,
    "s / x": lambda x, s: s / x,
}
DTYPES = ["float32", "float64", "float16", "bfloat16"]
INT_VIEW = {2: torch.int16, 4: torch.int32, 8: torch.int64}


def data(dtype: str) -> torch.Tensor:
    t = torch.from_numpy(np.random.default_rng(0).standard_normal(37) * 10)
    t[:3] = torch.tensor([float("nan"), float("inf"), 0.0], dtype=torch.float64)
    return t.to(getattr(torch, dtype))


def as_torch(tensor: et.Tensor, dtype: str) -> torch.Tensor:
    """An eagertape tensor's value as a torch tensor of `dtype` (numpy holds float16 exactly;
    bfloat16 arrives as float32, which holds it exactly)."""
    return torch.from_numpy(np.asarray(tensor.numpy())).to(getattr(torch, dtype))


def assert_same_bits(ours: torch.Tensor, theirs: torch.Tensor) -> None:
    assert ours.dtype == theirs.dtype
    nan = torch.isnan(theirs)
    assert torch.equal(torch.isnan(ours), nan)
    view = INT_VIEW[ours.element_size()]
    assert torch.equal(ours[~nan].view(view), theirs[~nan].view(view)), (ours, theirs)


@pytest.mark.parametrize("op", list(OPERATORS))
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("s", SCALARS, ids=repr)
def test_number_operands_match_torch_bit_for_bit(op, dtype, s):
    f = OPERATORS[op]
    t = data(dtype)
    expected = f(t.to(DEVICE), s).cpu()  # torch on the same device as the session
    sess = et.Session(dtype=dtype)
    assert_same_bits(as_torch(f(sess.input(t), s), dtype), expected)
    # The same again through buffers recycled from the previous generation.
    sess.reset_tape()
    assert_same_bits(as_torch(f(sess.input(t), s), dtype), expected)
    sess.empty_cache()
