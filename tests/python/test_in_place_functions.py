"""torch's in-place functions (``torch.exp_(x)``, ``torch.clamp_(x, 0, 1)``, ...), which
``tools/gen-stubs`` writes into ``eagertape._in_place`` for every in-place ``Tensor`` method
torch also has as a function: each, side by side with torch's, returns its input object,
which then reads torch's value, and passes torch's gradient back through the copy it
changed (float64, autograd against autograd)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et
from eagertape import _in_place

RNG = np.random.default_rng(3)
# in (0.1, 0.9): the domain of every function below but acosh's
DATA = RNG.uniform(0.1, 0.9, size=(3, 4))
COT = RNG.standard_normal((3, 4))

ARGS = {
    "clamp_": (0.3, 0.6),
    "clip_": (0.35, 0.55),
    "clamp_min_": (0.4,),
    "clamp_max_": (0.5,),
    "fill_": (2.5,),
    "logit_": (0.2,),
    "xlogy_": ("other",),
    "ldexp_": ("other",),
    # (on the flattened input: a vector)
    "addmv_": (lambda lib: lib.tensor(DATA.reshape(12, 1)), lambda lib: lib.tensor([[0.5]])[0]),
    "as_strided_": ((3, 4), (1, 3)),
}
FLAT = {"addmv_"}
SHIFT = {"acosh_": 1.0, "arccosh_": 1.0}
# torch has no derivative for these in-place forms: its out-of-place function is the reference
NO_TORCH_DERIVATIVE = {"acosh_", "arccosh_", "asinh_", "arcsinh_", "atanh_", "arctanh_"}
# integer data only: test_bitwise.py; detach_ leaves nothing to differentiate and index_put_
# takes a tuple of index tensors: test_tensor_writes.py
DATA_ONLY = {"gcd_", "lcm_", "detach_", "index_put_"}


def _run(lib, name):
    data = DATA + SHIFT.get(name, 0.0)
    args = [
        lib.tensor(DATA[::-1].copy(), dtype=lib.float64)
        if a == "other"
        else a(lib).double()
        if callable(a)
        else a
        for a in ARGS.get(name, ())
    ]
    x = lib.tensor(data, dtype=lib.float64, requires_grad=True)
    y = x * 1.0 if name not in FLAT else (x * 1.0).reshape(12)
    if lib is torch and name in NO_TORCH_DERIVATIVE:
        y = getattr(torch, name[:-1])(y)
    else:
        out = getattr(lib, name)(y, *args)
        assert out is y, f"{lib.__name__}.{name} returns another object"
    (y.reshape(3, 4) * lib.tensor(COT, dtype=lib.float64)).sum().backward()
    return y.detach().numpy(), x.grad.numpy()


def test_the_generated_functions_are_every_in_place_method_torch_has_as_a_function():
    wanted = {
        n
        for n in dir(et.Tensor)
        if n.endswith("_") and not n.startswith("_") and callable(getattr(torch, n, None))
    }
    assert set(_in_place.__all__) == wanted
    assert len(wanted) >= 50


@pytest.mark.parametrize("name", [n for n in _in_place.__all__ if n not in DATA_ONLY])
def test_an_in_place_function_changes_its_input_as_torchs_and_passes_its_gradient(name):
    want_y, want_g = _run(torch, name)
    with et.Session(dtype="float64"):
        y, g = _run(et, name)
    np.testing.assert_allclose(y, want_y, rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(g, want_g, rtol=1e-13, atol=1e-15)


def test_an_in_place_function_of_a_non_tensor_raises_type_error_as_torch():
    with pytest.raises(TypeError):
        torch.exp_([1.0])
    with pytest.raises((TypeError, AttributeError)):
        et.exp_([1.0])


def test_an_in_place_function_on_a_view_sharing_storage_is_refused_and_records_nothing():
    # torch writes through the view; eagertape refuses (its in-place form rebinds objects)
    with et.Session() as sess:
        x = et.ones(4) * 1.0
        v = x[:2]
        before = sess.tape_len
        with pytest.raises(et.ArgumentError):
            et.exp_(x)
        assert sess.tape_len == before
        assert v.tolist() == [1.0, 1.0]
