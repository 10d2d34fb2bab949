"""The factories LibTorch computes (``src/session/factory/computed.rs``): the window
functions, ``logspace`` and the triangle indices, side by side with torch: torch's values bit
for bit in the dtypes LibTorch holds, float64's rounded on the reference carriers, torch's
refusals."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

WINDOWS = [
    ("hann_window", (7,), {}),
    ("hann_window", (6, False), {}),
    ("hamming_window", (8,), {}),
    ("hamming_window", (5, False), {"alpha": 0.5, "beta": 0.4}),
    ("blackman_window", (9,), {}),
    ("bartlett_window", (6, False), {}),
    ("bartlett_window", (1,), {}),
    ("kaiser_window", (7,), {}),
    ("kaiser_window", (6, False), {"beta": 3.5}),
    ("hann_window", (0,), {}),
]


@pytest.mark.parametrize(("name", "args", "kw"), WINDOWS, ids=[f"{n}{a}" for n, a, _ in WINDOWS])
@pytest.mark.parametrize("dtype", ["float32", "float64", "bfloat16"])
def test_a_window_is_torchs_bits(name, args, kw, dtype):
    want = getattr(torch, name)(*args, **kw, dtype=getattr(torch, dtype))
    with et.Session(dtype=dtype):
        got = getattr(et, name)(*args, **kw)
        assert got.dtype == dtype and tuple(got.shape) == tuple(want.shape)
        np.testing.assert_array_equal(got.double().numpy(), want.double().numpy())


@pytest.mark.parametrize("args", [(0, 2, 3), (-1.0, 1.0, 5), (1, 0, 4, 2.0), (0, 3, 1)], ids=str)
def test_logspace_is_torchs_bits(args):
    want = torch.logspace(*args, dtype=torch.float64)
    with et.Session(dtype="float64"):
        np.testing.assert_array_equal(et.logspace(*args).numpy(), want.numpy())


@pytest.mark.parametrize("args", [(3, 3), (4, 3, -1), (3, 5, 2), (0, 4), (2, 2, -5)], ids=str)
@pytest.mark.parametrize("name", ["tril_indices", "triu_indices"])
def test_triangle_indices_are_torchs(name, args):
    want = getattr(torch, name)(*args)
    with et.Session():
        got = getattr(et, name)(*args)
        assert got.dtype == "int64"
        np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_triangle_indices_index_the_triangle_of_a_matrix():
    with et.Session(dtype="float64"):
        m = et.arange(12.0).reshape(3, 4)
        rows, cols = et.triu_indices(3, 4)
        want = np.arange(12.0).reshape(3, 4)[np.triu_indices(3, 0, 4)]
        np.testing.assert_array_equal(m[rows, cols].numpy(), want)


@pytest.mark.parametrize("carrier", ["ieee32", "interval"])
def test_the_reference_carriers_round_float64s_window(carrier):
    want = torch.hann_window(8, dtype=torch.float64).numpy()
    with et.Session(dtype=carrier):
        w = et.hann_window(8)
        lo, hi = w.bounds()
    tol = 1e-7 if carrier == "ieee32" else 0.0
    assert np.all(lo <= want + tol) and np.all(want - tol <= hi)


@pytest.mark.parametrize(
    ("call", "torch_call"),
    [
        (lambda: et.hann_window(-1), lambda: torch.hann_window(-1)),
        (lambda: et.logspace(0, 1, -2), lambda: torch.logspace(0, 1, -2)),
        (lambda: et.tril_indices(-1, 2), lambda: torch.tril_indices(-1, 2)),
    ],
    ids=["window", "logspace", "tril"],
)
def test_bad_sizes_are_refused_as_torch_refuses_them(call, torch_call):
    with pytest.raises(RuntimeError):
        torch_call()
    with et.Session() as s:
        before = s.tape_len
        with pytest.raises(et.ArgumentError):
            call()
        assert s.tape_len == before


def test_periodic_must_be_a_bool():
    with et.Session(), pytest.raises(TypeError, match="bool"):
        et.hann_window(4, 1)
