"""Every ``inplace=`` flag and every in-place method, side by side with torch.

torch's in-place forms change their input and return that same object; eagertape records the
out-of-place result and rebinds the input object to it (``Session::rebind``), which must be
indistinguishable: after the call, for a Tensor, the returned object *is* the input object,
the input reads torch's values, and the gradient through it is torch's. The lists are taken
from the modules themselves (every ``eagertape.nn.functional`` function and every
``eagertape.nn`` module whose signature has ``inplace``; every public ``Tensor`` method
ending in ``_`` that torch also has), so a new in-place form without a row here fails
``test_every_in_place_form_has_a_row``.
"""

from __future__ import annotations

import inspect

import numpy as np
import pytest
import torch
import torch.nn as tnn
import torch.nn.functional as TF

import eagertape as et
import eagertape.nn as enn
import eagertape.nn.functional as F

# Values across every kink of the activations (±3, ±1, 0, 6).
X = np.array([[-4.0, -3.0, -1.0, -0.25], [0.0, 0.5, 1.0, 3.0], [6.0, 7.5, -6.0, 2.0]])
COT = np.random.default_rng(0).standard_normal(X.shape)
INDEX = np.array([2, 0])  # int64 rows or columns for the index_* forms
PERM = np.array([[3, 2, 1, 0], [0, 1, 2, 3], [1, 0, 3, 2]])  # each row a permutation

# F function -> its arguments after the input (dropouts at p = 0 or in eval mode: torch's
# draws are not eagertape's, and the in-place contract is what is checked here).
F_ARGS = {
    "relu": (),
    "relu6": (),
    "hardtanh": (-0.5, 2.0),
    "leaky_relu": (0.2,),
    "elu": (1.5,),
    "celu": (1.5,),
    "selu": (),
    "rrelu": (0.25, 0.25),  # (lower == upper: the slope torch draws too)
    "threshold": (0.3, -2.0),
    "silu": (),
    "hardswish": (),
    "hardsigmoid": (),
    "mish": (),
    "dropout": (0.0, True),
    "dropout1d": (0.0, True),
    "dropout2d": (0.0, True),
    "dropout3d": (0.0, True),
    "alpha_dropout": (0.5, False),
    "feature_alpha_dropout": (0.5, False),
}
# the dropouts of whole channels need more dims than X has
SHAPE = {"dropout1d": (3, 4, 1), "dropout2d": (3, 4, 1, 1), "dropout3d": (3, 4, 1, 1, 1)}

# nn module -> its constructor arguments before inplace=True.
MODULE_ARGS = {
    "ReLU": (),
    "SiLU": (),
    "Hardswish": (),
    "Hardsigmoid": (),
    "Mish": (),
    "Dropout": (0.0,),
    "Dropout1d": (0.0,),
    "Dropout2d": (0.0,),
    "Dropout3d": (0.0,),
    "AlphaDropout": (0.5,),
    "FeatureAlphaDropout": (0.5,),
    "LeakyReLU": (0.2,),
    "ELU": (1.5,),
    "CELU": (1.5,),
    "SELU": (),
    "RReLU": (0.25, 0.25),  # (train mode with lower == upper: the slope torch draws too)
    "Threshold": (0.3, -2.0),
    "Hardtanh": (-0.5, 2.0),
    "ReLU6": (),
}
MODULE_SHAPE = {"Dropout1d": (3, 4, 1), "Dropout2d": (3, 4, 1, 1), "Dropout3d": (3, 4, 1, 1, 1)}
EVAL = {"AlphaDropout", "FeatureAlphaDropout"}  # identity in eval mode in both

# Tensor method -> its arguments (the in-place methods both libraries have).
METHOD_ARGS = {
    "add_": (lambda m: (1.5,)),
    "sub_": (lambda m: (0.25,)),
    "mul_": (lambda m: (-2.0,)),
    "div_": (lambda m: (4.0,)),
    "subtract_": (lambda m: (0.25,)),
    "divide_": (lambda m: (4.0,)),
    "true_divide_": (lambda m: (4.0,)),
    "relu_": (lambda m: ()),
    "zero_": (lambda m: ()),
    "fill_": (lambda m: (1.5,)),
    "copy_": (lambda m: (m.tensor(X[::-1].copy()),)),
    "clamp_": (lambda m: (-1.0, 2.0)),
    "masked_fill_": (lambda m: (m.tensor(X > 0.75), 9.0)),
    # the in-place forms the ops' declarations name (`_core._DECLARED_IN_PLACE`)
    "addcdiv_": (lambda m: (m.tensor(X[::-1].copy()), m.tensor(X * X + 1.0))),
    "addcmul_": (lambda m: (m.tensor(X[::-1].copy()), m.tensor(X * 0.5))),
    "addmm_": (lambda m: (m.tensor(X[:, :2].copy()), m.tensor(X[:2, :].copy()))),
    "nan_to_num_": (lambda m: (0.5, 1.0)),
    "ldexp_": (lambda m: (m.tensor(X[::-1].copy() * 0.5),)),
    "copysign_": (lambda m: (m.tensor(X[::-1].copy()),)),
    "addmv_": (lambda m: (m.tensor(X.reshape(12, 1) * 0.5), m.tensor(np.array([2.0])))),
    "addr_": (lambda m: (m.tensor(X[:, 0].copy()), m.tensor(X[0] * 0.5))),
    "addbmm_": (
        lambda m: (m.tensor(X.reshape(2, 3, 2)[:, :, :1].copy()), m.tensor(np.ones((2, 1, 4))))
    ),
    "lerp_": (lambda m: (m.tensor(X[::-1].copy()), 0.25)),
    "clamp_min_": (lambda m: (0.5,)),
    "clamp_max_": (lambda m: (1.0,)),
    "cumsum_": (lambda m: (1,)),
    "cumprod_": (lambda m: (1,)),
    "index_add_": (lambda m: (0, m.tensor(INDEX), m.tensor(X[:2] * 0.5))),
    "index_copy_": (lambda m: (0, m.tensor(INDEX), m.tensor(X[:2] * 0.5))),
    "index_fill_": (lambda m: (1, m.tensor(INDEX), -1.5)),
    "scatter_": (lambda m: (1, m.tensor(PERM), m.tensor(X * 0.5))),
    "scatter_add_": (lambda m: (1, m.tensor(PERM), m.tensor(X * 0.5))),
    "scatter_reduce_": (lambda m: (1, m.tensor(PERM), m.tensor(X * 0.5), "sum")),
    "logit_": (lambda m: (0.1,)),
    "round_": (lambda m: ()),
    "tril_": (lambda m: ()),
    "clip_": (lambda m: (-0.5, 1.5)),
    "logical_and_": (lambda m: (m.tensor(X > 0.75),)),
    "logical_or_": (lambda m: (m.tensor(X > 1.25),)),
    "logical_xor_": (lambda m: (m.tensor(X > 0.5),)),
    "logical_not_": (lambda m: ()),
    # the views' in-place forms (a new shape: the cotangent is resized to it)
    "transpose_": (lambda m: (0, 1)),
    "t_": (lambda m: ()),
    "swapaxes_": (lambda m: (1, 0)),
    "swapdims_": (lambda m: (0, 1)),
    "unsqueeze_": (lambda m: (1,)),
    "squeeze_": (lambda m: ()),
    "triu_": (lambda m: (1,)),
    # the unary family's in-place forms, generated from its list (`x.exp_()`, `x.arccos_()`)
    **{name: (lambda m: ()) for name in et._core._UNARY_INPLACE},
    # the binary family's (`x.atan2_(y)`, `x.multiply_(y)`), with a 0-d tensor operand
    # (torch's atan2_ and hypot_ take no number)
    **{
        name: (lambda m: (m.tensor(1.5, dtype=m.float64),))
        for name in et._core._BINARY_INPLACE
        # (data only: test_bitwise.py)
        if name != "mul_" and not name.startswith("bitwise_") and name not in ("gcd_", "lcm_")
    },
    # the comparisons: 1.0 or 0.0 in the input's dtype, a zero gradient through it
    **{
        name: (lambda m: (0.5,))
        for name in ("eq_", "ne_", "lt_", "le_", "gt_", "ge_", "not_equal_", "less_")
    },
    "less_equal_": (lambda m: (m.tensor(X[::-1].copy()),)),
    "greater_": (lambda m: (m.tensor(X.T[:1].T.copy()),)),
    "greater_equal_": (lambda m: (1.0,)),
    # the random fills with one outcome (the others: test_random_fills.py)
    "uniform_": (lambda m: (0.75, 0.75)),
    "normal_": (lambda m: (-2.0, 0.0)),
    "bernoulli_": (lambda m: (1.0,)),
    "random_": (lambda m: (3, 4)),
    # the functions LibTorch computes whole (`src/ops/aten.rs`)
    "polygamma_": (lambda m: (1,)),
    "baddbmm_": (lambda m: (m.tensor(X[None, :, :2].copy()), m.tensor(X[None, :2].copy()))),
    "renorm_": (lambda m: (2, 0, 5.0)),
    "heaviside_": (lambda m: (m.tensor(0.5, dtype=m.float64),)),
    "nextafter_": (lambda m: (m.tensor(0.0, dtype=m.float64),)),
    "igamma_": (lambda m: (m.tensor(1.5, dtype=m.float64),)),
    "igammac_": (lambda m: (m.tensor(1.5, dtype=m.float64),)),
    # the writes (`src/ops/scatter_views.rs`) and index_put_
    "masked_scatter_": (lambda m: (m.tensor(X > 0.75), m.tensor(X[::-1].copy()))),
    "index_reduce_": (lambda m: (0, m.tensor(INDEX), m.tensor(X[:2].copy()), "amax")),
    "put_": (lambda m: (m.tensor(np.array([0, 5, 11])), m.tensor(np.array([1.0, 2.0, 3.0])))),
    "fill_diagonal_": (lambda m: (2.5,)),
    "as_strided_": (lambda m: ((3, 4), (1, 3))),
    "index_put_": (lambda m: ((m.tensor(INDEX),), m.tensor(9.0, dtype=m.float64))),
    "detach_": (lambda m: ()),
}
# detach_ leaves nothing to differentiate (as torch's): the values and identity are compared
DETACHES = {"detach_"}
# torch has no derivative of these in `self` ("the derivative for 'heaviside' is not
# implemented"): the values and identity are compared
NO_DERIVATIVE = {"heaviside_", "nextafter_", "igamma_", "igammac_"}
# X's negative elements are outside mvlgamma's domain (torch refuses them): the op table's
# `declared_in_place` row runs it on positive inputs
OUTSIDE_DOMAIN = {"mvlgamma_"}
# the random fills whose draws are eagertape's, not torch's: test_random_fills.py compares
# their distributions
RANDOM = {"cauchy_", "exponential_", "geometric_", "log_normal_"}


def _pair(shape=None):
    """The same leaf and a non-leaf copy of it in eagertape (float64) and torch."""
    data = X if shape is None else X.reshape(shape)
    x = et.tensor(data, dtype=et.float64, requires_grad=True)
    tx = torch.tensor(data, dtype=torch.float64, requires_grad=True)
    return x, x * 1.0, tx, tx * 1.0


# torch has no derivative of these in-place forms ("the derivative for 'inplace version of
# acosh' is not implemented"): the values and identity are compared, and eagertape's gradient
# is the out-of-place function's (checked against torch's in the op table).
TORCH_NO_IN_PLACE_GRAD = {"acosh_", "arccosh_", "asinh_", "arcsinh_", "atanh_", "arctanh_"}
# (nor of floor_divide, in place or not: eagertape's gradient there is zero, as torch's
# div(rounding_mode="floor"))
TORCH_NO_IN_PLACE_GRAD |= {"floor_divide_"}


# torch's in-place logical ops leave a float tensor's graph as it was (the gradient passes
# through as if nothing changed it); eagertape's result is the truth values converted back,
# with a zero gradient through the input (as torch's comparisons): the values are compared
LOGICAL = {"logical_and_", "logical_or_", "logical_xor_", "logical_not_"}
# integer and bool data only (no floating input to compare here): test_bitwise.py
DATA_ONLY = {f"bitwise_{n}_" for n in ("and", "or", "xor", "not", "left_shift", "right_shift")}
DATA_ONLY |= {"gcd_", "lcm_"}


def _check(y, out, ty, tout, x, tx, cot, grad=True):
    assert out is y, "the in-place form must return its input object"
    assert tout is ty  # torch's own contract, the oracle
    np.testing.assert_array_equal(y.numpy(), ty.detach().numpy())
    if grad is None:
        return
    assert y.requires_grad == ty.requires_grad
    (y * et.tensor(cot, dtype=et.float64)).sum().backward()
    if not grad:
        assert x.grad is not None
        return
    (ty * torch.from_numpy(cot)).sum().backward()
    # (torch's gradient through sgn_ is a ZeroTensor, which numpy reads with force=True)
    want = tx.grad.numpy(force=True)
    np.testing.assert_allclose(x.grad.numpy(), want, rtol=1e-12, atol=0)


def _has_inplace(f) -> bool:
    try:
        return "inplace" in inspect.signature(f).parameters
    except (TypeError, ValueError):
        return False


def test_every_in_place_form_has_a_row():
    functions = {
        n
        for n in F.__all__
        if callable(getattr(F, n)) and not isinstance(getattr(F, n), type)
        if _has_inplace(getattr(F, n))
    }
    modules = {
        n
        for n in enn.__all__
        if isinstance(getattr(enn, n), type) and _has_inplace(getattr(enn, n).__init__)
    }
    methods = (
        {
            m
            for m in dir(et.Tensor)
            if m.endswith("_") and not m.startswith("_") and hasattr(torch.Tensor, m)
            if m != "requires_grad_"  # a flag, not a value: test_tensor_surface.py
        }
        - DATA_ONLY
        - RANDOM
        - OUTSIDE_DOMAIN
    )
    assert functions == set(F_ARGS)
    assert modules == set(MODULE_ARGS)
    assert methods == set(METHOD_ARGS)


@pytest.mark.parametrize("name", sorted(F_ARGS))
def test_a_functional_inplace_flag_changes_and_returns_its_input_as_torchs(name):
    with et.Session(dtype="float64"):
        x, y, tx, ty = _pair(SHAPE.get(name))
        out = getattr(F, name)(y, *F_ARGS[name], inplace=True)
        tout = getattr(TF, name)(ty, *F_ARGS[name], inplace=True)
        _check(y, out, ty, tout, x, tx, COT.reshape(y.shape))


@pytest.mark.parametrize("name", sorted(MODULE_ARGS))
def test_a_module_inplace_flag_changes_and_returns_its_input_as_torchs(name):
    with et.Session(dtype="float64"):
        x, y, tx, ty = _pair(MODULE_SHAPE.get(name))
        m = getattr(enn, name)(*MODULE_ARGS[name], inplace=True)
        tm = getattr(tnn, name)(*MODULE_ARGS[name], inplace=True)
        if name in EVAL:
            m.eval()
            tm.eval()
        _check(y, m(y), ty, tm(ty), x, tx, COT.reshape(y.shape))


# the in-place methods that write a tensor of another shape than `X`'s
METHOD_SHAPE = {"addmv_": (12,), "baddbmm_": (1, 3, 4)}


@pytest.mark.parametrize("name", sorted(METHOD_ARGS))
def test_an_in_place_method_changes_and_returns_its_input_as_torchs(name):
    with et.Session(dtype="float64"):
        x, y, tx, ty = _pair(METHOD_SHAPE.get(name))
        out = getattr(y, name)(*METHOD_ARGS[name](et))
        tout = getattr(ty, name)(*METHOD_ARGS[name](torch))
        cot = np.resize(COT, tuple(ty.shape))  # (a view's in-place form changes the shape)
        grad = (
            None
            if name in LOGICAL | NO_DERIVATIVE | DETACHES
            else name not in TORCH_NO_IN_PLACE_GRAD
        )
        _check(y, out, ty, tout, x, tx, cot, grad=grad)


@pytest.mark.parametrize("name", sorted(F_ARGS))
def test_an_inplace_flag_on_a_tensor_with_a_live_view_is_refused_and_records_nothing(name):
    # torch would change the view too; eagertape's tensors are values: a typed error instead
    with et.Session(dtype="float64") as sess:
        _, y, _, _ = _pair(SHAPE.get(name))
        view = y[0]
        before = (sess.tape_len, y.numpy().copy(), view.numpy().copy())
        with pytest.raises(et.ArgumentError, match="shares its storage"):
            getattr(F, name)(y, *F_ARGS[name], inplace=True)
        assert sess.tape_len == before[0]
        np.testing.assert_array_equal(y.numpy(), before[1])
        np.testing.assert_array_equal(view.numpy(), before[2])


def test_a_leaf_updated_in_place_under_no_grad_stays_a_leaf_that_requires_grad():
    # torch: with no_grad(): w -= 0.1 * w.grad -> w.requires_grad, w.is_leaf stay True and
    # the next backward accumulates into w.grad
    with et.Session(dtype="float64"):
        w = et.tensor(X, dtype=et.float64, requires_grad=True)
        tw = torch.tensor(X, dtype=torch.float64, requires_grad=True)
        for m, v in ((et, w), (torch, tw)):
            (v * v).sum().backward()
            with m.no_grad():
                g = v.grad if m is torch else et.tensor(v.grad.numpy(), dtype=et.float64)
                v -= 0.1 * g
            (v * v).sum().backward()
        assert w.requires_grad and tw.requires_grad
        np.testing.assert_array_equal(w.numpy(), tw.detach().numpy())
        np.testing.assert_allclose(w.grad.numpy(), tw.grad.numpy(), rtol=1e-12, atol=0)


# --- Parameters: every in-place form publishes a new snapshot, as torch changes p -------


PARAM_FORMS = {
    "data_clamp_": lambda p, m: p.data.clamp_(-0.5, 0.75),
    "data_relu_": lambda p, m: p.data.relu_(),
    "isub": lambda p, m: p.__isub__(m.tensor(X * 0.5, dtype=m.float64)),
    "imul": lambda p, m: p.__imul__(0.5),
    "iadd": lambda p, m: p.__iadd__(1.0),
    "itruediv": lambda p, m: p.__itruediv__(4.0),
    "setitem_row": lambda p, m: p.__setitem__(0, 5.0),
    "setitem_mask": lambda p, m: p.__setitem__(m.tensor(X > 0.75), 2.0),
    "masked_fill_": lambda p, m: p.masked_fill_(m.tensor(X < 0), 0.0),
    "detach_zero_": lambda p, m: p.detach().zero_(),
    "detach_mul_add_": lambda p, m: (
        p.detach().mul_(0.9).add_(m.tensor(X, dtype=m.float64), alpha=0.1)
    ),
    "detach_clamp_": lambda p, m: p.detach().clamp_(-1.0, 1.0),
    "F_relu_inplace": lambda p, m: (F if m is et else TF).relu(p.detach(), inplace=True),
}


@pytest.mark.parametrize("form", sorted(PARAM_FORMS))
def test_an_in_place_form_on_a_parameter_changes_it_as_torchs_does(form):
    # torch: with no_grad(): <form>; p reads the new values, stays a leaf that requires grad
    p = et.Parameter(X.copy())
    tp = tnn.Parameter(torch.tensor(X, dtype=torch.float64))
    with et.Session(dtype="float64"), et.no_grad():
        PARAM_FORMS[form](p, et)
        with torch.no_grad():
            PARAM_FORMS[form](tp, torch)
        np.testing.assert_array_equal(p.numpy(), tp.detach().numpy())
        assert p.requires_grad and tp.requires_grad
