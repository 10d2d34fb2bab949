"""``vmap``: a function mapped over a dim of its inputs, side by side with ``torch.vmap``
(values, several inputs and outputs, unmapped inputs, ``out_dims``, gradients through it),
its randomness modes, and its argument checks."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

RNG = np.random.default_rng(3)
A = RNG.standard_normal((4, 3))
B = RNG.standard_normal((3, 4))
V = RNG.standard_normal(3)


def _both(fn_of, *arrays, **kwargs):
    t = torch.vmap(fn_of(torch), **kwargs)(*(torch.tensor(a) for a in arrays))
    with et.Session(dtype="float64"):
        e = et.vmap(fn_of(et), **kwargs)(*(et.tensor(a) for a in arrays))
        e = tuple(x.numpy() for x in e) if isinstance(e, tuple) else e.numpy()
    return e, t


@pytest.mark.parametrize(
    ("fn_of", "arrays", "kwargs"),
    [
        (lambda m: m.dot, (A, A), {}),
        (lambda m: lambda x, v: m.mv(m.outer(x, v), v), (A, V), {"in_dims": (0, None)}),
        (lambda m: lambda x, y: x * y.sum(), (A, B), {"in_dims": (0, 1)}),
        (lambda m: lambda x: (x.exp(), x.sum()), (A,), {"out_dims": (1, 0)}),
        (lambda m: lambda x: m.softmax(x, 0), (B,), {"in_dims": 1, "out_dims": 1}),
    ],
)
def test_vmap_gives_torchs_values(fn_of, arrays, kwargs):
    e, t = _both(fn_of, *arrays, **kwargs)
    if isinstance(t, tuple):
        for a, b in zip(e, t, strict=True):
            np.testing.assert_allclose(a, b.numpy(), rtol=1e-12, atol=1e-12)
    else:
        np.testing.assert_allclose(e, t.numpy(), rtol=1e-12, atol=1e-12)


def test_gradients_flow_through_vmap_as_torchs():
    tx = torch.tensor(A, requires_grad=True)
    torch.vmap(lambda r: (r * r).sum().sin())(tx).sum().backward()
    p = et.Parameter(A)
    with et.Session(dtype="float64"):
        et.vmap(lambda r: (r * r).sum().sin())(p).sum().backward()
        np.testing.assert_allclose(p.grad.numpy(), tx.grad.numpy(), rtol=1e-12)


def test_randomness_modes():
    with et.Session(seed=5):
        with pytest.raises(RuntimeError, match="randomness error mode"):
            et.vmap(lambda x: x + et.rand(()))(et.zeros(3))
        same = et.vmap(lambda x: x + et.rand(()), randomness="same")(et.zeros(3)).tolist()
        assert len(set(same)) == 1
        different = et.vmap(lambda x: x + et.rand(()), randomness="different")(et.zeros(3))
        assert len(set(different.tolist())) == 3
    with pytest.raises(RuntimeError, match="randomness error mode"):
        torch.vmap(lambda x: x + torch.rand(()))(torch.zeros(3))


@pytest.mark.parametrize(
    ("make", "args"),
    [
        (lambda: et.vmap(lambda x, y: x + y), lambda: (et.ones(3, 2), et.ones(4))),
        (lambda: et.vmap(lambda x: x, in_dims=(0, 1)), lambda: (et.ones(3),)),
        (lambda: et.vmap(lambda x: 1.0), lambda: (et.ones(3),)),
        (lambda: et.vmap(lambda x: x, in_dims=(None,)), lambda: (et.ones(3),)),
        (lambda: et.vmap(lambda x: x, randomness="sometimes"), lambda: ()),
    ],
    ids=["sizes", "in_dims_structure", "not_a_tensor", "nothing_mapped", "randomness"],
)
def test_bad_arguments_raise_value_error(make, args):
    with et.Session():
        inputs = args()
        with pytest.raises(ValueError):
            make()(*inputs)
