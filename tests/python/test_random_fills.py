"""torch's in-place random fills of a tensor (``src/session/fill.rs``): each draws from the
session's generator, so the values are eagertape's; what must match torch is the
distribution (a two-sample Kolmogorov–Smirnov distance against torch's own draws), the
dtype, the returned object, the gradient through a tensor that requires one (zero, as
torch's), and the refusals (torch's conditions; nothing changes)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

N = 20000
# (method, arguments): every fill with arguments off its defaults, and its defaults
FILLS = [
    ("uniform_", (-2.0, 3.0)),
    ("uniform_", ()),
    ("normal_", (1.5, 0.5)),
    ("normal_", ()),
    ("log_normal_", (0.5, 0.25)),
    ("log_normal_", ()),
    ("cauchy_", (1.0, 2.0)),
    ("exponential_", (4.0,)),
    ("exponential_", ()),
    ("geometric_", (0.3,)),
    ("bernoulli_", (0.2,)),
    ("bernoulli_", ()),
    ("random_", (-3, 7)),
    ("random_", (5,)),
]


def ks_distance(a: np.ndarray, b: np.ndarray) -> float:
    """The largest gap between the two samples' empirical distribution functions."""
    grid = np.union1d(a, b)
    fa = np.searchsorted(np.sort(a), grid, side="right") / a.size
    fb = np.searchsorted(np.sort(b), grid, side="right") / b.size
    return float(np.abs(fa - fb).max())


@pytest.mark.parametrize(("name", "args"), FILLS, ids=[f"{n}{a}" for n, a in FILLS])
def test_a_fill_draws_torchs_distribution(name, args):
    torch.manual_seed(0)
    want = getattr(torch.zeros(N, dtype=torch.float64), name)(*args).numpy()
    with et.Session(dtype="float64", seed=1):
        got = getattr(et.zeros(N), name)(*args).numpy()
    # (two samples of 20000 from one distribution: a distance over 0.02 has p < 0.001)
    assert ks_distance(got, want) < 0.02


@pytest.mark.parametrize(("name", "args"), FILLS, ids=[f"{n}{a}" for n, a in FILLS])
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_a_fill_returns_its_tensor_in_its_dtype(name, args, dtype):
    with et.Session():
        x = et.zeros(3, 4, dtype=getattr(et, dtype))
        y = getattr(x, name)(*args)
        assert y is x
        assert (x.dtype, tuple(x.shape)) == (dtype, (3, 4))


def test_the_same_seed_draws_the_same_fill():
    def draw() -> np.ndarray:
        with et.Session(seed=7):
            return et.empty(50).normal_().numpy()

    np.testing.assert_array_equal(draw(), draw())


@pytest.mark.parametrize("name", ["normal_", "uniform_", "exponential_", "bernoulli_"])
def test_a_fill_of_a_tensor_that_requires_grad_keeps_a_zero_gradient_as_torchs(name):
    # torch: y = a * 2; y.normal_(); y.requires_grad is True and a.grad is zeros
    ta = torch.ones(3, requires_grad=True)
    ty = ta * 2.0
    getattr(ty, name)()
    ty.sum().backward()
    with et.Session():
        a = et.ones(3, requires_grad=True)
        y = a * 2.0
        getattr(y, name)()
        assert y.requires_grad is ty.requires_grad is True
        y.sum().backward()
        np.testing.assert_array_equal(a.grad.numpy(), ta.grad.numpy())


def test_geometric_draws_counts_from_one():
    with et.Session(dtype="float64"):
        v = et.zeros(5000).geometric_(0.6).numpy()
    assert v.min() >= 1.0 and np.all(v == np.round(v))


def test_random_without_bounds_reaches_the_dtypes_exact_integers_as_torchs():
    # torch: float32 random_() draws in [0, 2**24]
    with et.Session():
        v = et.zeros(4000).random_().numpy()
    assert v.min() >= 0 and v.max() <= 2**24 and v.max() > 2**23
    assert np.all(v == np.round(v))


@pytest.mark.parametrize("name", ["random_", "bernoulli_"])
def test_integer_tensors_take_the_discrete_fills_as_torchs(name):
    args = (0, 9) if name == "random_" else (0.5,)
    with et.Session():
        ids = et.zeros(200, dtype=et.int64)
        getattr(ids, name)(*args)
        v = ids.numpy()
        assert ids.dtype == "int64"
    assert v.min() >= 0 and v.max() < 9 and len(set(v)) > 1


@pytest.mark.parametrize(
    ("name", "args", "error"),
    [
        ("uniform_", (1.0, 0.0), et.ArgumentError),
        ("normal_", (0.0, -1.0), et.ArgumentError),
        ("log_normal_", (1.0, 0.0), et.ArgumentError),
        ("cauchy_", (0.0, 0.0), et.ArgumentError),
        ("exponential_", (0.0,), et.ArgumentError),
        ("geometric_", (1.0,), et.ArgumentError),
        ("bernoulli_", (1.5,), et.ArgumentError),
        ("random_", (5, 2), et.ArgumentError),
    ],
)
def test_refused_fills_raise_and_change_nothing(name, args, error):
    # torch refuses each with a RuntimeError (its message is kept)
    with pytest.raises(RuntimeError):
        getattr(torch.zeros(3), name)(*args)
    with et.Session() as s:
        x = et.arange(3.0)
        before = s.tape_len
        with pytest.raises(error):
            getattr(x, name)(*args)
        assert s.tape_len == before
        np.testing.assert_array_equal(x.numpy(), [0.0, 1.0, 2.0])


@pytest.mark.parametrize("name", ["uniform_", "normal_", "log_normal_", "cauchy_", "exponential_"])
def test_continuous_fills_of_integer_tensors_are_dtype_errors(name):
    # torch: NotImplementedError or RuntimeError ("... not implemented for 'Long'")
    with pytest.raises((NotImplementedError, RuntimeError)):
        getattr(torch.zeros(3, dtype=torch.int64), name)()
    with et.Session():
        ids = et.zeros(3, dtype=et.int64)
        with pytest.raises(et.DTypeError):
            getattr(ids, name)()
        assert ids.tolist() == [0, 0, 0]


def test_random_bounds_past_the_exact_integers_are_refused():
    # torch draws 64-bit integers; eagertape's integer draws are 53-bit
    with et.Session():
        x = et.zeros(3, dtype=et.float64)
        with pytest.raises(et.ArgumentError, match="2\\^53"):
            x.random_(0, 2**60)
        assert x.tolist() == [0.0, 0.0, 0.0]


def test_random_of_int64_without_an_upper_bound_is_refused():
    # torch's default range reaches 2**63, past eagertape's 53-bit integer draws
    with et.Session():
        ids = et.zeros(3, dtype=et.int64)
        with pytest.raises(et.ArgumentError, match="give `to`"):
            ids.random_()


def test_a_generator_is_refused():
    with et.Session():
        x = et.zeros(3)
        with pytest.raises(et.ArgumentError):
            x.normal_(generator=torch.Generator())
