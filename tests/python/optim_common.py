"""Shared pieces of the optimizer suites: the optimizer table, a fixed 4-8-3 tanh MLP, and
eagertape / torch.optim training loops that record the trajectory."""

from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F

import eagertape as et

STEPS = 25
RTOL = 1e-9
ATOL = 1e-12

# (test id, class name in both et.optim and torch.optim, keyword arguments for both)
OPTIMIZERS = [
    ("sgd_plain", "SGD", {"lr": 0.3}),
    ("sgd_momentum_dampening", "SGD", {"lr": 0.1, "momentum": 0.9, "dampening": 0.3}),
    (
        "sgd_nesterov_weight_decay",
        "SGD",
        {"lr": 0.1, "momentum": 0.8, "nesterov": True, "weight_decay": 0.05},
    ),
    ("adam", "Adam", {"lr": 0.05}),
    (
        "adam_weight_decay",
        "Adam",
        {"lr": 0.05, "betas": (0.8, 0.99), "eps": 1e-6, "weight_decay": 0.1},
    ),
    ("adamw", "AdamW", {"lr": 0.05, "betas": (0.85, 0.995), "weight_decay": 0.2}),
    ("adam_amsgrad", "Adam", {"lr": 0.05, "amsgrad": True, "weight_decay": 0.05}),
    ("adamw_amsgrad_maximize", "AdamW", {"lr": 0.02, "amsgrad": True, "maximize": True}),
    ("sgd_momentum_maximize", "SGD", {"lr": 0.05, "momentum": 0.9, "maximize": True}),
    ("rmsprop", "RMSprop", {"lr": 0.01}),
    (
        "rmsprop_centered_momentum",
        "RMSprop",
        {"lr": 0.01, "alpha": 0.9, "momentum": 0.5, "centered": True, "weight_decay": 0.05},
    ),
    ("adagrad", "Adagrad", {"lr": 0.1, "lr_decay": 0.01, "initial_accumulator_value": 0.1}),
    ("adadelta", "Adadelta", {"lr": 1.0, "rho": 0.8, "weight_decay": 0.05}),
    ("adamax", "Adamax", {"lr": 0.02, "betas": (0.8, 0.99), "weight_decay": 0.05}),
    ("nadam", "NAdam", {"lr": 0.02, "momentum_decay": 0.01}),
    (
        "nadam_decoupled",
        "NAdam",
        {"lr": 0.02, "weight_decay": 0.1, "decoupled_weight_decay": True},
    ),
    ("radam", "RAdam", {"lr": 0.02, "weight_decay": 0.05}),
    ("radam_decoupled", "RAdam", {"lr": 0.02, "weight_decay": 0.1, "decoupled_weight_decay": True}),
    ("asgd", "ASGD", {"lr": 0.05, "lambd": 0.01, "t0": 5, "weight_decay": 0.05}),
    ("rprop", "Rprop", {"lr": 0.05, "etas": (0.4, 1.5), "step_sizes": (1e-4, 0.2)}),
    ("rmsprop_maximize", "RMSprop", {"lr": 0.01, "maximize": True}),
    ("adagrad_maximize", "Adagrad", {"lr": 0.1, "maximize": True}),
]
OPT_IDS = [o[0] for o in OPTIMIZERS]
OPT_ARGS = [o[1:] for o in OPTIMIZERS]


def make_mlp(dtype=np.float64, n=16, seed=0):
    """Fixed data and initial weights of a 4-8-3 tanh MLP with 3 classes."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, 4)).astype(dtype)
    labels = np.arange(n) % 3
    init = [
        (rng.standard_normal((8, 4)) / 2).astype(dtype),
        (rng.standard_normal(8) / 4).astype(dtype),
        (rng.standard_normal((3, 8)) / 3).astype(dtype),
        (rng.standard_normal(3) / 4).astype(dtype),
    ]
    return x, labels, init


def et_loss(sess, x, labels, params):
    w1, b1, w2, b2 = (sess.use(p) for p in params)
    hidden = et.linear(sess.input(x), w1, b1).tanh()
    return et.cross_entropy(et.linear(hidden, w2, b2), labels)


def torch_loss(x, labels, leaves):
    w1, b1, w2, b2 = leaves
    hidden = torch.tanh(F.linear(torch.from_numpy(x), w1, b1))
    return F.cross_entropy(F.linear(hidden, w2, b2), torch.from_numpy(labels))


def et_run(name, kw, steps, *, train_step=False, lr_at=None):
    """Train with eagertape; return (losses, parameter values after every step)."""
    x, labels, init = make_mlp()
    params = [et.Parameter(a) for a in init]
    opt = getattr(et.optim, name)(params, **kw)
    sess = et.Session(dtype="float64")
    losses, history = [], []
    for step in range(steps):
        if lr_at is not None:
            opt.lr = lr_at(step)
        loss = et_loss(sess, x, labels, params)
        if train_step:
            losses.append(sess.train_step(loss, opt))
        else:
            losses.append(loss.item())
            with sess.backward(loss) as grads:
                sess.reset_tape()
                opt.step(grads)
        history.append([p.numpy() for p in params])
    return losses, history


def torch_run(name, kw, steps, *, lr_at=None):
    """The same training with torch.optim: the reference trajectory (float64 torch's default
    dtype, so that its optimizers' scalar state, NAdam's `mu_product` and ASGD's `eta`/`mu`,
    is float64 as eagertape's is for float64 parameters)."""
    default = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        return _torch_run(name, kw, steps, lr_at=lr_at)
    finally:
        torch.set_default_dtype(default)


def _torch_run(name, kw, steps, *, lr_at=None):
    x, labels, init = make_mlp()
    leaves = [torch.tensor(a, requires_grad=True) for a in init]
    opt = getattr(torch.optim, name)(leaves, **kw)
    losses, history = [], []
    for step in range(steps):
        if lr_at is not None:
            for group in opt.param_groups:
                group["lr"] = lr_at(step)
        opt.zero_grad()
        loss = torch_loss(x, labels, leaves)
        losses.append(loss.item())
        loss.backward()
        opt.step()
        history.append([leaf.detach().numpy().copy() for leaf in leaves])
    return losses, history


def assert_same_trajectory(got, want):
    assert len(got) == len(want)
    for step, (g_params, w_params) in enumerate(zip(got, want, strict=True)):
        for g, w in zip(g_params, w_params, strict=True):
            np.testing.assert_allclose(g, w, rtol=RTOL, atol=ATOL, err_msg=f"after step {step}")


def step_with(sess, opt, params, gs):
    """One step of ``opt`` on the given gradient arrays ``gs`` (the gradient of
    ``sum(p * g)``), through ``sess.backward`` into a GradMap."""
    with sess:
        loss = sum((sess.use(p) * sess.input(g)).sum() for p, g in zip(params, gs, strict=True))
        with sess.backward(loss) as grads:
            sess.reset_tape()
            opt.step(grads)


def grads_of(sess, loss):
    grads = sess.backward(loss)
    sess.reset_tape()
    return grads


def one_step(sess, opt, params, x, labels):
    with grads_of(sess, et_loss(sess, x, labels, params)) as grads:
        opt.step(grads)


def state_arrays(opt) -> dict:
    """The core's state (``_state_dict()["state"]``) with every array copied."""
    return {
        pid: {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in entry.items()}
        for pid, entry in opt._state_dict()["state"].items()
    }


def assert_same_state(a: dict, b: dict):
    assert a.keys() == b.keys()
    for pid in a:
        assert a[pid].keys() == b[pid].keys()
        for k in a[pid]:
            np.testing.assert_array_equal(a[pid][k], b[pid][k])
