"""The optimizer updates with passes of their own (``src/shim/one_pass.cpp``: CPU
float32/float64) against torch.optim's single-tensor kernels, bit for bit, where the two
could part: Rprop's one pass against its sixteen kernels, Adadelta's eight passes against
its eleven. Non-finite and signed-zero gradients and parameters, products that underflow to
zero, scalars that round to 0 or 1 in float32, inverted or overflowing step bounds, and
parameters large and odd-sized enough to be split over threads and vector lanes."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from optim_common import step_with

import eagertape as et

DTYPES = ["float32", "float64"]


def _special_gradients(n, steps, dtype, seed=0):
    """Gradients that mix ordinary values with NaN, ±inf, ±0, subnormals and tiny values
    (whose products with the previous gradient underflow), signs flipping often."""
    rng = np.random.default_rng(seed)
    tiny = np.finfo(dtype).tiny
    specials = np.array(
        [np.nan, np.inf, -np.inf, 0.0, -0.0, tiny / 4, -tiny / 8, tiny**0.5 / 2, -(tiny**0.5)],
        dtype=dtype,
    )
    out = []
    for k in range(steps):
        g = (rng.standard_normal(n) * (-1.0) ** k).astype(dtype)
        pick = rng.random(n) < 0.3
        g[pick] = rng.choice(specials, size=int(pick.sum()))
        out.append(g)
    return out


def _same_bits(a, b, what):
    """Equal element by element, the sign of a zero included; NaN where the other has NaN."""
    assert a.dtype == b.dtype, what
    nan_a, nan_b = np.isnan(a), np.isnan(b)
    np.testing.assert_array_equal(nan_a, nan_b, err_msg=f"{what}: NaN positions")
    np.testing.assert_array_equal(a[~nan_a], b[~nan_b], err_msg=what)
    np.testing.assert_array_equal(np.signbit(a[~nan_a]), np.signbit(b[~nan_b]), err_msg=what)


def _run_both(init, grads, dtype, name="Rprop", **kw):
    """Both runtimes' optimizer `name` from `init` over `grads`: (eagertape's, torch's)
    parameter after each step, and both optimizers' final state."""
    param = et.Parameter(init.copy())
    opt = getattr(et.optim, name)([param], **kw)
    sess = et.Session(dtype=dtype)
    ours = []
    for g in grads:
        step_with(sess, opt, [param], [g])
        ours.append(param.numpy().copy())
    leaf = torch.tensor(init.copy(), requires_grad=True)
    topt = getattr(torch.optim, name)([leaf], **kw)
    theirs = []
    for g in grads:
        leaf.grad = torch.tensor(g)
        topt.step()
        theirs.append(leaf.detach().numpy().copy())
    state = next(iter(opt._state_dict()["state"].values()))
    tstate = topt.state[leaf]
    return ours, theirs, state, tstate


def _assert_runs_agree(ours, theirs, state, tstate, buffers=("prev", "step_size")):
    for step, (a, b) in enumerate(zip(ours, theirs, strict=True)):
        _same_bits(a, b, f"parameter after step {step}")
    for name in buffers:
        _same_bits(state[name], tstate[name].numpy(), name)


@pytest.mark.parametrize("dtype", DTYPES)
def test_non_finite_signed_zero_and_underflowing_gradients_update_as_torchs(dtype):
    # torch: sign(NaN) and sign(-0.) are 0 (step size x1, gradient kept), clamp_ keeps a NaN
    n = 1_000
    grads = _special_gradients(n, 12, dtype)
    init = np.random.default_rng(1).standard_normal(n).astype(dtype)
    init[:4] = np.array([np.nan, np.inf, -0.0, 0.0], dtype=dtype)
    _assert_runs_agree(*_run_both(init, grads, dtype, lr=0.05))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(
    "kw",
    [
        # etas that round to 1 in float32: the masked fills' order decides what is kept
        {"etas": (1.0 - 1e-9, 1.0 + 1e-9)},
        # an etaminus that rounds to 0 in float32 (and then counts as "no sign": set to 1)
        {"etas": (1e-50, 1.2)},
        # inverted bounds: clamp_ gives the upper bound everywhere
        {"step_sizes": (0.5, 0.01)},
        # a step size that overflows to inf before the clamp brings it back
        {"etas": (0.5, 1e30), "step_sizes": (0.0, 3e38)},
        {"lr": 0.0},
        {"maximize": True, "step_sizes": (-1.0, 2.0)},
    ],
    ids=[
        "etas-round-to-one",
        "etaminus-rounds-to-zero",
        "inverted-bounds",
        "overflowing",
        "zero-lr",
        "maximize-negative-lower-bound",
    ],
)
def test_edge_settings_update_as_torchs(kw, dtype):
    n = 777
    grads = _special_gradients(n, 10, dtype, seed=2)
    init = np.random.default_rng(3).standard_normal(n).astype(dtype)
    _assert_runs_agree(*_run_both(init, grads, dtype, **kw))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(
    ("name", "kw", "buffers"),
    [
        ("Rprop", {"lr": 0.01, "etas": (0.4, 1.3)}, ("prev", "step_size")),
        ("Adadelta", {"lr": 1.0}, ("square_avg", "acc_delta")),
    ],
    ids=["Rprop", "Adadelta"],
)
def test_a_parameter_split_over_threads_and_vector_lanes_updates_as_torchs(
    name, kw, buffers, dtype
):
    # 100,003 elements: above LibTorch's grain size (32,768), not a multiple of any width
    n = 100_003
    rng = np.random.default_rng(4)
    grads = [(rng.standard_normal(n) * (-1.0) ** (k // 2)).astype(dtype) for k in range(6)]
    init = rng.standard_normal(n).astype(dtype)
    _assert_runs_agree(*_run_both(init, grads, dtype, name, **kw), buffers=buffers)


def test_a_float32_run_over_a_shaped_parameter_keeps_its_shape_and_dtype():
    rng = np.random.default_rng(5)
    init = rng.standard_normal((7, 3, 5)).astype(np.float32)
    grads = [rng.standard_normal((7, 3, 5)).astype(np.float32) for _ in range(4)]
    ours, theirs, state, tstate = _run_both(init, grads, "float32")
    assert ours[-1].shape == (7, 3, 5) and ours[-1].dtype == np.float32
    assert state["step_size"].shape == (7, 3, 5)
    _assert_runs_agree(ours, theirs, state, tstate)


ADADELTA = ("square_avg", "acc_delta")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize(
    "kw",
    [
        {},
        {"lr": 0.5, "rho": 0.7, "eps": 1e-4, "weight_decay": 0.1},
        {"rho": 0.0},
        {"rho": 1.0},
        # an eps that rounds to 0 in float32 (0/0 where a running average is 0)
        {"eps": 1e-50},
        {"maximize": True, "lr": 2.0},
    ],
    ids=["defaults", "weight-decay", "rho-0", "rho-1", "eps-rounds-to-zero", "maximize"],
)
def test_adadelta_with_special_gradients_and_settings_updates_as_torchs(kw, dtype):
    # torch: v.mul_(rho).addcmul_(g, g, 1-rho); std = v.add(eps).sqrt_();
    # delta = u.add(eps).sqrt_().div_(std).mul_(g); u.mul_(rho).addcmul_(delta, delta, 1-rho);
    # p.add_(delta, alpha=-lr)
    n = 1_001
    grads = _special_gradients(n, 10, dtype, seed=6)
    init = np.random.default_rng(7).standard_normal(n).astype(dtype)
    init[:3] = np.array([np.nan, -0.0, np.inf], dtype=dtype)
    _assert_runs_agree(*_run_both(init, grads, dtype, "Adadelta", **kw), buffers=ADADELTA)
