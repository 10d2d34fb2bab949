"""Differential tests of the reference backend.

* `backend="reference"` float64 against the LibTorch float64 backend and torch.autograd: every
  op's value and vector-Jacobian product, with the same float64 Parameters serving both sessions.
* `ieee32` against LibTorch float32: `+ - * /` (and tensor-scalar add/mul) are correctly rounded on
  both, so values agree bit for bit; functions and reductions agree within the documented bounds
  below (measured, then given a safety factor).
* ieee32 training is bit-reproducible across processes with different thread settings.
"""

from __future__ import annotations

import hashlib
import operator
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from conftest import torch_value_and_grads

import eagertape as et

# The reference backend runs on cpu only.
pytestmark = pytest.mark.cpu_only

# reference float64 vs LibTorch float64 and vs torch.autograd (different summation orders).
REF64_RTOL = 1e-12
REF64_ATOL = 1e-14

EPS32 = float(np.finfo(np.float32).eps)  # 2**-23

# Values of the elementwise functions exp, log, tanh, sigmoid, relu: at most this many units in
# the last place between ieee32 (libm's expf/logf/tanhf, sigmoid as 1/(1+expf(-x))) and LibTorch
# float32 (SLEEF/vectorised kernels). Both are accurate to about 1 ulp, so they differ by about 2.
# Measured over 30 seeds x 400 points: exp 1, log 1, tanh 2, sigmoid 2, relu 0.
ELEMENTWISE_MAX_ULP = 4

# Everything that sums terms (sum, mean, matmul, linear, softmax, log_softmax, cross_entropy, the
# gradients of broadcast operands) and the gradients of the elementwise functions (their backward
# formulas cancel, e.g. 1 - y*y for tanh, so ulps are meaningless there): the two backends may
# sum in different orders, so the bound is |ieee32 - float32| <= K * eps32 * M, where M is the
# float64 magnitude of the terms (sum of |terms|, computed by `magnitudes` below).
# Measured max of |diff| / (eps32 * M) over 30 seeds: sum 1.43, mean 0.71, matmul 1.50,
# linear 1.79, softmax 2.78, log_softmax 4.24, cross_entropy 2.17, exp' 1.64, log' 0,
# tanh' 1.52, sigmoid' 1.71, relu' 0.
SUMMATION_K = 12.0


def ulp_distance(a, b) -> int:
    """Max distance in representable float32 steps (+0 and -0 are the same point)."""

    def ordered(x):
        bits = np.asarray(x, dtype=np.float32).ravel().view(np.int32).astype(np.int64)
        return np.where(bits < 0, np.int64(-(2**31)) - bits, bits)

    d = np.abs(ordered(a) - ordered(b))
    return int(d.max()) if d.size else 0


def test_ulp_distance_counts_representable_steps_across_zero():
    one = np.float32(1.0)
    tiny = np.float32(np.finfo(np.float32).smallest_subnormal)
    assert ulp_distance(one, np.nextafter(one, np.float32(2.0))) == 1
    assert ulp_distance(-tiny, tiny) == 2
    assert ulp_distance(np.float32(-0.0), np.float32(0.0)) == 0
    assert ulp_distance(-one, np.nextafter(-one, np.float32(-2.0))) == 1


# --- helpers ------------------------------------------------------------------------------


def et_value_and_grads(fields: dict, params, et_fn, cot):
    """Value of `et_fn` on the leaves of `params` and the gradients of sum(out * cot)."""
    sess = et.Session(**fields)
    out = et_fn(*[sess.use(p) for p in params])
    value = out.numpy()
    with sess.backward((out * cot).sum()) as grads:
        bufs = [grads[p] for p in params]
        dtypes = {b.dtype for b in bufs}
        result = value, [b.numpy() for b in bufs], out.dtype, dtypes
    sess.reset_tape()
    return result


def away_from_zero(rng, shape, low=0.5, high=2.0):
    signs = np.where(rng.random(shape) < 0.5, -1.0, 1.0)
    return signs * rng.uniform(low, high, size=shape)


def positive(rng, shape):
    return rng.uniform(0.5, 2.0, size=shape)


def normal(*shapes):
    return lambda rng: [rng.standard_normal(s) for s in shapes]


LABELS = np.array([0, 3, 1, 1, 2])
MSE_TARGET = np.linspace(-1.0, 1.0, 12).reshape(4, 3)

BINARY = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "div": operator.truediv}
BROADCAST_SHAPES = [
    ((3, 4), (3, 4)),
    ((3, 4), (4,)),
    ((4,), (3, 4)),
    ((2, 1, 3), (1, 4, 3)),
    ((3, 1), (1, 5)),
    ((2, 3), ()),
    ((), (2, 3)),
]
CONSTANTS = {"float": 2.5, "int": 3, "row": np.array([0.5, -1.5, 2.0, 1.25])}


def _binary_cases():
    for name, fn in BINARY.items():
        for sa, sb in BROADCAST_SHAPES:
            yield (
                f"{name}{sa}{sb}".replace(" ", ""),
                (
                    fn,
                    fn,
                    lambda rng, sa=sa, sb=sb: [rng.standard_normal(sa), away_from_zero(rng, sb)],
                ),
            )
        for cname, c in CONSTANTS.items():
            tc = c if np.isscalar(c) else torch.from_numpy(c)
            yield (
                f"{name}-right-{cname}",
                (
                    lambda t, fn=fn, c=c: fn(t, c),
                    lambda t, fn=fn, tc=tc: fn(t, tc),
                    lambda rng: [away_from_zero(rng, (3, 4))],
                ),
            )
            yield (
                f"{name}-left-{cname}",
                (
                    lambda t, fn=fn, c=c: fn(c, t),
                    lambda t, fn=fn, tc=tc: fn(tc, t),
                    lambda rng: [away_from_zero(rng, (3, 4))],
                ),
            )


def _reduction_cases():
    for name in ["sum", "mean"]:
        for dim in [None, 0, 1, -1]:
            for keepdim in [False, True]:
                yield (
                    f"{name}-dim{dim}-keep{keepdim}",
                    (
                        lambda t, n=name, d=dim, k=keepdim: getattr(t, n)(d, k),
                        lambda t, n=name, d=dim, k=keepdim: getattr(torch, n)(t, dim=d, keepdim=k),
                        normal((2, 3, 4)),
                    ),
                )


def _shape_and_softmax_cases():
    for dims in [(0, 1), (1, 2), (0, -1)]:
        yield f"transpose{dims}", (lambda t, d=dims: t.transpose(*d), None, normal((2, 3, 4)))
    for target in [(6, 4), (24,), (4, 3, 2)]:
        yield f"reshape{target}", (lambda t, s=target: t.reshape(*s), None, normal((2, 3, 4)))
    yield (
        "transpose-then-reshape",
        (
            lambda t: t.transpose(0, 1).reshape(3, 8),
            None,
            normal((2, 3, 4)),
        ),
    )
    for name in ["softmax", "log_softmax"]:
        for dim in [0, 1, -1]:
            yield (
                f"{name}-dim{dim}",
                (
                    lambda t, n=name, d=dim: getattr(t, n)(d),
                    lambda t, n=name, d=dim: getattr(torch, n)(t, d),
                    lambda rng: [rng.standard_normal((2, 3, 4)) * 3.0],
                ),
            )


OPS = {
    **dict(_binary_cases()),
    "neg": (operator.neg, None, normal((3, 4))),
    **{
        f"pow{e!r}": (lambda t, e=e: t**e, None, lambda rng: [positive(rng, (3, 4))])
        for e in [2, 3, 0.5]
    },
    **{
        f"pow{e!r}-signed": (lambda t, e=e: t**e, None, lambda rng: [away_from_zero(rng, (3, 4))])
        for e in [2, 3]
    },
    **{
        f"matmul{sa}{sb}".replace(" ", ""): (operator.matmul, torch.matmul, normal(sa, sb))
        for sa, sb in [
            ((3, 4), (4, 5)),
            ((2, 3, 4), (4, 2)),
            ((1, 3, 4), (2, 4, 2)),
            ((4, 5), (2, 5, 3)),
            ((2, 1, 3, 4), (5, 4, 2)),
        ]
    },
    "matmul-transposed-operand": (lambda a, b: a.transpose(0, 1) @ b, None, normal((4, 3), (4, 5))),
    "linear-bias-2d": (et.linear, F.linear, normal((5, 4), (3, 4), (3,))),
    "linear-bias-3d": (et.linear, F.linear, normal((2, 5, 4), (3, 4), (3,))),
    "linear-nobias-2d": (et.linear, F.linear, normal((5, 4), (3, 4))),
    "linear-nobias-3d": (et.linear, F.linear, normal((2, 5, 4), (3, 4))),
    "relu": (et.relu, torch.relu, lambda rng: [away_from_zero(rng, (3, 4))]),
    "tanh": (et.tanh, torch.tanh, lambda rng: [away_from_zero(rng, (3, 4))]),
    "sigmoid": (et.sigmoid, torch.sigmoid, lambda rng: [away_from_zero(rng, (3, 4))]),
    "exp": (et.exp, torch.exp, lambda rng: [away_from_zero(rng, (3, 4))]),
    "log": (et.log, torch.log, lambda rng: [positive(rng, (3, 4))]),
    **dict(_reduction_cases()),
    **dict(_shape_and_softmax_cases()),
    "cross_entropy": (
        lambda t: et.cross_entropy(t, LABELS),
        lambda t: F.cross_entropy(t, torch.from_numpy(LABELS)),
        lambda rng: [rng.standard_normal((5, 4)) * 2.0],
    ),
    "mse_loss-numpy-target": (
        lambda t: et.mse_loss(t, MSE_TARGET),
        lambda t: F.mse_loss(t, torch.from_numpy(MSE_TARGET)),
        normal((4, 3)),
    ),
    "mse_loss-tensor-target": (et.mse_loss, F.mse_loss, normal((4, 3), (4, 3))),
}


def float64_params(arrays, device=None):
    kw = {} if device is None else {"device": device}
    return [et.Parameter(np.asarray(a, dtype=np.float64), **kw) for a in arrays]


def _reference_and_oracles(name, rng):
    et_fn, torch_fn, make = OPS[name]
    arrays = make(rng)
    t_out, cot, t_grads = torch_value_and_grads(et_fn if torch_fn is None else torch_fn, arrays)
    # The reference backend computes on the CPU; LibTorch on the test device.
    ref = et_value_and_grads(
        {"dtype": "float64", "backend": "reference"}, float64_params(arrays, "cpu"), et_fn, cot
    )
    native = et_value_and_grads(
        {"dtype": "float64", "backend": "libtorch"}, float64_params(arrays), et_fn, cot
    )
    return ref, native, (t_out, t_grads)


# --- reference float64 against LibTorch float64 and torch.autograd ------------------------


@pytest.mark.parametrize("name", list(OPS))
def test_reference_float64_matches_libtorch_float64(name, rng):
    (value, grads, dtype, grad_dtypes), native, _ = _reference_and_oracles(name, rng)
    assert (dtype, grad_dtypes) == ("float64", {"float64"})
    assert value.shape == native[0].shape
    np.testing.assert_allclose(value, native[0], rtol=REF64_RTOL, atol=REF64_ATOL)
    for g, n in zip(grads, native[1], strict=True):
        np.testing.assert_allclose(g, n, rtol=REF64_RTOL, atol=REF64_ATOL)


@pytest.mark.parametrize("name", list(OPS))
def test_reference_float64_matches_torch_autograd(name, rng):
    (value, grads, _, _), _, (t_out, t_grads) = _reference_and_oracles(name, rng)
    assert value.shape == t_out.shape
    np.testing.assert_allclose(value, t_out, rtol=REF64_RTOL, atol=REF64_ATOL)
    for g, t in zip(grads, t_grads, strict=True):
        np.testing.assert_allclose(g, t, rtol=REF64_RTOL, atol=REF64_ATOL)


# --- ieee32 against LibTorch float32 --------------------------------------------------------


def ieee32_and_float32(et_fn, arrays32, cot32, native_device=None):
    """(ieee32 result, LibTorch float32 result), each (value, grads, dtype, grad dtypes);
    LibTorch on `native_device` (the test device by default)."""
    out = []
    for dtype in ["ieee32", "float32"]:
        kw = {"device": native_device} if dtype == "float32" and native_device else {}
        params = [et.Parameter(a, dtype=dtype, **kw) for a in arrays32]
        out.append(et_value_and_grads({"dtype": dtype, **kw}, params, et_fn, cot32))
    return out


def float32_case(rng, shapes_or_arrays, out_shape):
    arrays = [np.asarray(a, dtype=np.float32) for a in shapes_or_arrays]
    return arrays, rng.standard_normal(out_shape).astype(np.float32)


@pytest.mark.parametrize("shapes", BROADCAST_SHAPES, ids=str)
@pytest.mark.parametrize("op", list(BINARY))
def test_ieee32_binary_op_values_are_bit_identical_to_float32(op, shapes, rng):
    a, b = rng.standard_normal(shapes[0]), away_from_zero(rng, shapes[1])
    arrays, cot = float32_case(rng, [a, b], np.broadcast_shapes(*shapes))
    ieee, native = ieee32_and_float32(BINARY[op], arrays, cot)
    assert (ieee[2], native[2]) == ("ieee32", "float32")
    assert ieee[0].dtype == native[0].dtype == np.float32
    assert np.array_equal(ieee[0], native[0])


# Cases where at least one operand already has the output's shape.
UNBROADCAST_SHAPES = [s for s in BROADCAST_SHAPES if np.broadcast_shapes(*s) in s]


@pytest.mark.parametrize("shapes", UNBROADCAST_SHAPES, ids=str)
@pytest.mark.parametrize("op", list(BINARY))
def test_ieee32_binary_op_gradients_of_unbroadcast_operands_are_bit_identical(op, shapes, rng):
    """An operand with the output's shape gets an elementwise gradient (no sum): same bits.
    A broadcast operand's gradient is a sum, whose order differs between the backends."""
    a, b = rng.standard_normal(shapes[0]), away_from_zero(rng, shapes[1])
    out_shape = np.broadcast_shapes(*shapes)
    arrays, cot = float32_case(rng, [a, b], out_shape)
    ieee, native = ieee32_and_float32(BINARY[op], arrays, cot)
    assert ieee[3] == {"ieee32"}
    compared = 0
    for x, g_ieee, g_native in zip(arrays, ieee[1], native[1], strict=True):
        assert g_ieee.dtype == np.float32
        if x.shape == out_shape:
            assert np.array_equal(g_ieee, g_native)
            compared += 1
    assert compared >= 1


@pytest.mark.parametrize("shapes", BROADCAST_SHAPES, ids=str)
@pytest.mark.parametrize("op", list(BINARY))
def test_ieee32_binary_op_gradients_of_broadcast_operands_are_within_summation_bound(
    op, shapes, rng
):
    a, b = rng.standard_normal(shapes[0]), away_from_zero(rng, shapes[1])
    out_shape = np.broadcast_shapes(*shapes)
    arrays, cot = float32_case(rng, [a, b], out_shape)
    ieee, native = ieee32_and_float32(BINARY[op], arrays, cot)
    # Each summed term is cot * (local derivative): bound it by the float64 gradient of |.|.
    a64, b64, c64 = (np.abs(x.astype(np.float64)) for x in (*arrays, cot))
    local = {
        "add": (np.ones_like(b64), np.ones_like(a64)),
        "sub": (np.ones_like(b64), np.ones_like(a64)),
        "mul": (b64, a64),
        "div": (1.0 / b64, a64 / b64**2),
    }[op]
    for x, term, g_ieee, g_native in zip(arrays, local, ieee[1], native[1], strict=True):
        magnitude = sum_to_shape(c64 * np.broadcast_to(term, out_shape), x.shape)
        assert_within_summation_bound(g_ieee, g_native, magnitude)


def sum_to_shape(full, shape):
    lead = full.ndim - len(shape)
    out = full.sum(axis=tuple(range(lead))) if lead else full
    axes = tuple(i for i, n in enumerate(shape) if n == 1 and out.shape[i] != 1)
    return out.sum(axis=axes, keepdims=True) if axes else out


SCALARS = [2.5, 0.1, 3, -1.7, 1e-3]
SCALAR_OPS = {
    "t+c": lambda t, c: t + c,
    "c+t": lambda t, c: c + t,
    "t*c": lambda t, c: t * c,
    "c*t": lambda t, c: c * t,
}


@pytest.mark.parametrize("c", SCALARS, ids=repr)
@pytest.mark.parametrize("form", list(SCALAR_OPS))
def test_ieee32_tensor_scalar_add_and_mul_are_bit_identical_to_float32(form, c, rng):
    arrays, cot = float32_case(rng, [rng.standard_normal((3, 4)) * 10.0], (3, 4))
    ieee, native = ieee32_and_float32(lambda t: SCALAR_OPS[form](t, c), arrays, cot)
    assert ieee[0].dtype == ieee[1][0].dtype == np.float32
    assert np.array_equal(ieee[0], native[0])
    assert np.array_equal(ieee[1][0], native[1][0])


def test_ieee32_negation_is_bit_identical_to_float32(rng):
    arrays, cot = float32_case(rng, [rng.standard_normal((3, 4))], (3, 4))
    ieee, native = ieee32_and_float32(operator.neg, arrays, cot)
    assert np.array_equal(ieee[0], native[0])
    assert np.array_equal(ieee[1][0], native[1][0])


def _softmax64(x, dim=-1):
    e = np.exp(x - x.max(dim, keepdims=True))
    return e / e.sum(dim, keepdims=True)


def _log_softmax_terms(x):
    shifted = np.abs(x - x.max(-1, keepdims=True))
    return shifted + np.log(np.exp(-shifted).sum(-1, keepdims=True))


def magnitudes(name, arrays, cot):
    """float64 sums of |terms| of the value and of each gradient of `name` (see SUMMATION_K)."""
    a = [np.abs(x.astype(np.float64)) for x in arrays]
    c, x = np.abs(cot.astype(np.float64)), arrays[0].astype(np.float64)
    if name == "exp":
        return np.exp(x), [c * np.exp(x)]
    if name == "log":
        return np.abs(np.log(x)), [c / a[0]]
    if name == "tanh":
        y = np.tanh(x)
        return np.abs(y), [c * (1.0 + y * y)]
    if name == "sigmoid":
        y = 1.0 / (1.0 + np.exp(-x))
        return y, [c * y * (1.0 + y)]
    if name == "relu":
        return a[0], [c]
    if name == "softmax":
        s = _softmax64(x)
        return s, [s * (c + (c * s).sum(-1, keepdims=True))]
    if name == "log_softmax":
        return _log_softmax_terms(x), [c + _softmax64(x) * c.sum(-1, keepdims=True)]
    if name == "sum":
        return a[0].sum(-1), [np.broadcast_to(c[..., None], x.shape)]
    if name == "mean":
        return a[0].mean(0), [np.broadcast_to(c / x.shape[0], x.shape)]
    if name == "matmul":
        return a[0] @ a[1], [c @ a[1].T, a[0].T @ c]
    if name == "linear":
        return a[0] @ a[1].T + a[2], [c @ a[1], c.T @ a[0], c.sum(0)]
    if name == "cross_entropy":
        n = x.shape[0]
        one_hot = np.eye(x.shape[1])[CE_LABELS]
        return _log_softmax_terms(x).sum() / n, [c * (_softmax64(x) + one_hot) / n]
    raise KeyError(name)


def assert_within_summation_bound(got, expected, magnitude):
    assert got.shape == expected.shape
    err = np.abs(got.astype(np.float64) - expected.astype(np.float64))
    bound = SUMMATION_K * EPS32 * np.asarray(magnitude) + np.finfo(np.float32).tiny
    worst = float(np.max(err / bound)) if err.size else 0.0
    assert np.all(err <= bound), f"error reaches {worst:.2f} x the bound"


CE_LABELS = np.arange(20) % 7
CLOSE_OPS = {
    "exp": (et.exp, lambda rng: [rng.uniform(-10.0, 10.0, 400)]),
    "log": (et.log, lambda rng: [rng.uniform(1e-3, 100.0, 400)]),
    "tanh": (et.tanh, lambda rng: [rng.uniform(-5.0, 5.0, 400)]),
    "sigmoid": (et.sigmoid, lambda rng: [rng.uniform(-10.0, 10.0, 400)]),
    "relu": (et.relu, lambda rng: [rng.uniform(-10.0, 10.0, 400)]),
    "softmax": (lambda t: t.softmax(-1), lambda rng: [rng.standard_normal((50, 7)) * 3.0]),
    "log_softmax": (
        lambda t: t.log_softmax(-1),
        lambda rng: [rng.standard_normal((50, 7)) * 3.0],
    ),
    "sum": (lambda t: t.sum(-1), normal((50, 7))),
    "mean": (lambda t: t.mean(0), normal((50, 7))),
    "matmul": (operator.matmul, normal((20, 16), (16, 10))),
    "linear": (et.linear, normal((20, 16), (10, 16), (10,))),
    "cross_entropy": (
        lambda t: et.cross_entropy(t, CE_LABELS),
        lambda rng: [rng.standard_normal((20, 7)) * 2.0],
    ),
}
ELEMENTWISE = ["exp", "log", "tanh", "sigmoid", "relu"]


def _close_case(name, rng):
    et_fn, make = CLOSE_OPS[name]
    arrays = [a.astype(np.float32) for a in make(rng)]
    # The bounds are about ieee32 against LibTorch's CPU kernels (its summation order);
    # CUDA's kernels sum in other orders (log_softmax's logsumexp, say), beyond these bounds.
    out_shape = ieee32_and_float32(et_fn, arrays, np.float32(1.0), "cpu")[1][0].shape
    cot = rng.standard_normal(out_shape).astype(np.float32)
    return arrays, cot, ieee32_and_float32(et_fn, arrays, cot, "cpu")


@pytest.mark.parametrize("name", ELEMENTWISE)
def test_ieee32_elementwise_function_values_are_within_ulp_bound(name, rng):
    _, _, (ieee, native) = _close_case(name, rng)
    assert ieee[0].dtype == np.float32
    assert ulp_distance(ieee[0], native[0]) <= ELEMENTWISE_MAX_ULP


@pytest.mark.parametrize("name", list(CLOSE_OPS))
def test_ieee32_values_are_within_summation_bound(name, rng):
    arrays, cot, (ieee, native) = _close_case(name, rng)
    assert_within_summation_bound(ieee[0], native[0], magnitudes(name, arrays, cot)[0])


@pytest.mark.parametrize("name", list(CLOSE_OPS))
def test_ieee32_gradients_are_within_summation_bound(name, rng):
    arrays, cot, (ieee, native) = _close_case(name, rng)
    assert ieee[3] == {"ieee32"}
    for g_ieee, g_native, m in zip(
        ieee[1], native[1], magnitudes(name, arrays, cot)[1], strict=True
    ):
        assert g_ieee.dtype == np.float32
        assert_within_summation_bound(g_ieee, g_native, m)


def test_summation_bound_separates_errors_below_and_above_k_eps():
    # With |terms| summing to 1, an error of (K - 2) eps passes and (K + 2) eps fails.
    expected, magnitude = np.float32([1.0]), np.ones(1)
    inside = np.float32([1.0 + (SUMMATION_K - 2.0) * EPS32])
    outside = np.float32([1.0 + (SUMMATION_K + 2.0) * EPS32])
    assert_within_summation_bound(inside, expected, magnitude)
    with pytest.raises(AssertionError):
        assert_within_summation_bound(outside, expected, magnitude)


# --- ieee32 training is bit-reproducible ----------------------------------------------------


def ieee32_mlp_run(steps: int = 30):
    """Train an 8-16-3 tanh MLP with SGD in ieee32; return (sha256 hex of every loss, output
    and final parameter byte, the losses)."""
    rng = np.random.default_rng(2024)
    x = rng.standard_normal((24, 8)).astype(np.float32)
    labels = rng.integers(0, 3, 24)
    shapes = [(16, 8), (16,), (3, 16), (3,)]
    params = [
        et.Parameter((rng.standard_normal(s) * 0.5).astype(np.float32), dtype="ieee32")
        for s in shapes
    ]
    opt = et.optim.SGD(params, lr=0.2)
    sess = et.Session(dtype="ieee32")
    digest, losses = hashlib.sha256(), []
    for _ in range(steps):
        w1, b1, w2, b2 = (sess.use(p) for p in params)
        logits = et.linear(et.linear(sess.input(x), w1, b1).tanh(), w2, b2)
        loss = et.cross_entropy(logits, labels)
        for t in (logits, loss):
            value = t.numpy()
            assert value.dtype == np.float32
            digest.update(value.tobytes())
        losses.append(float(loss.item()))
        with sess.backward(loss) as grads:
            sess.reset_tape()
            opt.step(grads)
    for p in params:
        digest.update(p.numpy().tobytes())
    return digest.hexdigest(), losses


def _digest_in_subprocess(threads: int) -> str:
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import torch; "
        "torch.set_num_threads(int(sys.argv[2])); "
        "from test_reference import ieee32_mlp_run; print(ieee32_mlp_run()[0])"
    )
    env = {**os.environ, "OMP_NUM_THREADS": str(threads), "MKL_NUM_THREADS": str(threads)}
    done = subprocess.run(
        [sys.executable, "-c", code, str(Path(__file__).parent), str(threads)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def test_ieee32_mlp_training_learns():
    _, losses = ieee32_mlp_run()
    assert all(np.isfinite(losses))
    assert losses[-1] < 0.8 * losses[0]


def test_ieee32_mlp_training_is_bit_identical_across_thread_settings():
    one, two = _digest_in_subprocess(1), _digest_in_subprocess(2)
    assert len(one) == 64
    assert one == two


def test_ieee32_mlp_training_in_process_matches_a_subprocess():
    assert ieee32_mlp_run()[0] == _digest_in_subprocess(1)


def test_mlp_digest_changes_with_the_training_run():
    # The digest covers the whole run: one more step changes it.
    assert ieee32_mlp_run(steps=1)[0] != ieee32_mlp_run(steps=2)[0]
