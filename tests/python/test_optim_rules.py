"""The optimizers beyond SGD and Adam (``src/optim/rule.rs``) against torch.optim, side by
side on the same gradients: trajectories of 50 steps equal to torch's CPU path bit for bit,
float64 (torch with float64 as its default dtype, so its scalar state is float64 as
eagertape's is for float64 parameters) and float32 (torch's default dtype float32: its
scalar state float32, as eagertape's), every state entry equal to torch's after them, and
state dicts that resume a run exactly."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from optim_common import step_with

import eagertape as et

STEPS = 50
SHAPES = [(3, 4), (5,)]

CONFIGS = [
    ("RMSprop", {"lr": 0.01}),
    ("RMSprop", {"lr": 0.01, "alpha": 0.9, "momentum": 0.7, "centered": True, "weight_decay": 0.1}),
    ("RMSprop", {"lr": 0.02, "centered": True, "maximize": True}),
    ("Adagrad", {"lr": 0.1, "lr_decay": 0.02, "weight_decay": 0.1}),
    ("Adagrad", {"lr": 0.1, "initial_accumulator_value": 0.5, "maximize": True}),
    ("Adadelta", {}),
    ("Adadelta", {"lr": 0.5, "rho": 0.7, "eps": 1e-4, "weight_decay": 0.1}),
    ("Adamax", {}),
    ("Adamax", {"lr": 0.05, "betas": (0.7, 0.9), "weight_decay": 0.1, "maximize": True}),
    ("NAdam", {}),
    ("NAdam", {"lr": 0.05, "momentum_decay": 0.02, "weight_decay": 0.1}),
    ("NAdam", {"lr": 0.05, "weight_decay": 0.1, "decoupled_weight_decay": True}),
    ("RAdam", {}),
    ("RAdam", {"lr": 0.05, "betas": (0.8, 0.9), "weight_decay": 0.1}),
    ("RAdam", {"lr": 0.05, "weight_decay": 0.1, "decoupled_weight_decay": True}),
    ("ASGD", {}),
    ("ASGD", {"lr": 0.05, "lambd": 0.01, "alpha": 0.5, "t0": 10, "weight_decay": 0.1}),
    ("Rprop", {}),
    ("Rprop", {"lr": 0.05, "etas": (0.3, 1.5), "step_sizes": (1e-3, 0.2), "maximize": True}),
]
IDS = [f"{name}-{i}" for i, (name, _) in enumerate(CONFIGS)]


def _gradients(steps, seed=3):
    """Gradients of varying size whose signs flip often (Rprop's two branches)."""
    rng = np.random.default_rng(seed)
    return [
        [rng.standard_normal(s) * (0.5 + (k % 4)) * (-1.0) ** (k // 3) for s in SHAPES]
        for k in range(steps)
    ]


def _init(seed=1):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(s) for s in SHAPES]


def _torch(name, kw, grads, dtype):
    default = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        leaves = [torch.tensor(a, dtype=dtype, requires_grad=True) for a in _init()]
        opt = getattr(torch.optim, name)(leaves, **kw)
        history = []
        for gs in grads:
            for leaf, g in zip(leaves, gs, strict=True):
                leaf.grad = torch.tensor(g, dtype=dtype)
            opt.step()
            history.append([leaf.detach().numpy().copy() for leaf in leaves])
        return history, opt, leaves
    finally:
        torch.set_default_dtype(default)


def _eagertape(name, kw, grads, dtype):
    params = [et.Parameter(a.astype(dtype)) for a in _init()]
    opt = getattr(et.optim, name)(params, **kw)
    sess = et.Session(dtype=np.dtype(dtype).name)
    history = []
    for gs in grads:
        step_with(sess, opt, params, [g.astype(dtype) for g in gs])
        history.append([p.numpy().copy() for p in params])
    return history, opt, params


@pytest.mark.parametrize("dtype", ["float64", "float32"])
@pytest.mark.parametrize(("name", "kw"), CONFIGS, ids=IDS)
def test_trajectory_is_torchs_bit_for_bit_for_50_steps(name, kw, dtype):
    # the same single-tensor formulas, the same LibTorch kernels in the same order
    grads = _gradients(STEPS)
    got, _, _ = _eagertape(name, kw, grads, np.dtype(dtype).type)
    want, _, _ = _torch(name, kw, grads, getattr(torch, dtype))
    for step, (g, w) in enumerate(zip(got, want, strict=True)):
        for a, b in zip(g, w, strict=True):
            assert a.dtype == b.dtype == np.dtype(dtype)
            np.testing.assert_array_equal(a, b, err_msg=f"step {step}")


@pytest.mark.parametrize(("name", "kw"), CONFIGS, ids=IDS)
def test_state_after_the_run_is_torchs(name, kw):
    grads = _gradients(STEPS)
    _, opt, params = _eagertape(name, kw, grads, np.float64)
    _, t_opt, leaves = _torch(name, kw, grads, torch.float64)
    state = opt._state_dict()["state"]
    for p, leaf in zip(params, leaves, strict=True):
        mine, theirs = state[p.id], t_opt.state[leaf]
        assert set(mine) == set(theirs), (sorted(mine), sorted(theirs))
        for key, value in theirs.items():
            want = value.numpy() if isinstance(value, torch.Tensor) else value
            np.testing.assert_array_equal(mine[key], want, err_msg=key)


@pytest.mark.parametrize(("name", "kw"), CONFIGS[::3], ids=IDS[::3])
def test_a_state_dict_resumes_the_run_exactly(name, kw):
    grads = _gradients(12)
    straight, _, _ = _eagertape(name, kw, grads, np.float64)

    params = [et.Parameter(a) for a in _init()]
    opt = getattr(et.optim, name)(params, **kw)
    sess = et.Session(dtype="float64")
    for gs in grads[:6]:
        step_with(sess, opt, params, gs)
    saved = opt.state_dict()
    resumed = getattr(et.optim, name)(params, **kw)
    resumed.load_state_dict(saved)
    for gs in grads[6:]:
        step_with(sess, resumed, params, gs)
    for p, want in zip(params, straight[-1], strict=True):
        np.testing.assert_array_equal(p.numpy(), want)


def test_a_state_dict_without_a_state_number_is_refused_and_changes_nothing():
    params = [et.Parameter(a) for a in _init()]
    opt = et.optim.ASGD(params, lr=0.05)
    step_with(et.Session(dtype="float64"), opt, params, _gradients(1)[0])
    good = opt._state_dict()
    bad = opt._state_dict()
    for entry in bad["state"].values():
        del entry["eta"]
    with pytest.raises(et.ConfigError, match="eta"):
        opt.load_state_dict(bad)
    after = opt._state_dict()
    for pid, entry in good["state"].items():
        assert after["state"][pid]["eta"] == entry["eta"]
        np.testing.assert_array_equal(after["state"][pid]["ax"], entry["ax"])


def test_parameter_groups_take_their_own_options():
    grads = _gradients(5)
    decay, plain = _init()
    p1, p2 = et.Parameter(decay), et.Parameter(plain)
    opt = et.optim.RMSprop(
        [{"params": [p1], "weight_decay": 0.1}, {"params": [p2], "lr": 0.05}], lr=0.01
    )
    t1 = torch.tensor(decay, requires_grad=True)
    t2 = torch.tensor(plain, requires_grad=True)
    t_opt = torch.optim.RMSprop(
        [{"params": [t1], "weight_decay": 0.1}, {"params": [t2], "lr": 0.05}], lr=0.01
    )
    sess = et.Session(dtype="float64")
    for gs in grads:
        step_with(sess, opt, [p1, p2], gs)
        t1.grad, t2.grad = (torch.tensor(g) for g in gs)
        t_opt.step()
    np.testing.assert_allclose(p1.numpy(), t1.detach().numpy(), rtol=1e-12)
    np.testing.assert_allclose(p2.numpy(), t2.detach().numpy(), rtol=1e-12)
    assert [g["lr"] for g in opt.param_groups] == [0.01, 0.05]


@pytest.mark.parametrize(
    ("name", "kw", "match"),
    [
        ("RMSprop", {"capturable": True}, "capturable"),
        ("NAdam", {"differentiable": True}, "differentiable"),
        ("Adagrad", {"fused": True}, "fused"),
        ("Rprop", {"betas": (0.9, 0.99)}, "betas"),
    ],
)
def test_torch_options_it_does_not_have_are_refused(name, kw, match):
    with pytest.raises((et.ArgumentError, TypeError), match=match):
        getattr(et.optim, name)([et.Parameter(np.ones(2))], **kw)


def test_foreach_is_accepted_as_torch_accepts_it():
    opt = et.optim.Adamax([et.Parameter(np.ones(2))], foreach=True)
    assert opt.lr == 2e-3
