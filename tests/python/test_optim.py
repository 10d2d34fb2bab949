"""Optimizers: SGD (momentum, dampening, Nesterov, weight decay), Adam and AdamW against
torch.optim step by step, hyperparameter validation, learning-rate changes, skipped and frozen
parameters and rejected steps. State dicts and memory: test_optim_state.py."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from conftest import DEVICE, ledger_delta, session_state
from optim_common import (
    OPT_ARGS,
    OPT_IDS,
    RTOL,
    STEPS,
    assert_same_state,
    assert_same_trajectory,
    et_loss,
    et_run,
    grads_of,
    make_mlp,
    one_step,
    state_arrays,
    torch_loss,
    torch_run,
)

import eagertape as et

# --- trajectories against torch.optim -------------------------------------------------------


@pytest.mark.parametrize(("name", "kw"), OPT_ARGS, ids=OPT_IDS)
def test_trajectory_matches_torch_after_every_step(name, kw):
    losses, got = et_run(name, kw, STEPS)
    t_losses, want = torch_run(name, kw, STEPS)
    assert_same_trajectory(got, want)
    np.testing.assert_allclose(losses, t_losses, rtol=RTOL)


@pytest.mark.parametrize(("name", "kw"), OPT_ARGS, ids=OPT_IDS)
def test_train_step_matches_torch_after_every_step(name, kw):
    losses, got = et_run(name, kw, STEPS, train_step=True)
    t_losses, want = torch_run(name, kw, STEPS)
    assert_same_trajectory(got, want)
    np.testing.assert_allclose(losses, t_losses, rtol=RTOL)


@pytest.mark.parametrize(
    ("name", "kw"),
    [OPT_ARGS[1], OPT_ARGS[4], OPT_ARGS[5]],
    ids=[OPT_IDS[1], OPT_IDS[4], OPT_IDS[5]],
)
def test_changing_lr_between_steps_matches_torch(name, kw):
    def lr_at(step):  # warm-up, then step decay, with one zero-lr step
        return 0.0 if step == 7 else kw["lr"] * min(1.0, (step + 1) / 5) * 0.5 ** (step // 10)

    _, got = et_run(name, kw, STEPS, lr_at=lr_at)
    _, want = torch_run(name, kw, STEPS, lr_at=lr_at)
    assert_same_trajectory(got, want)


def test_train_step_returns_loss_resets_tape_and_releases_grads():
    x, labels, init = make_mlp()
    params = [et.Parameter(a) for a in init]
    opt = et.optim.SGD(params, lr=0.1)
    sess = et.Session(dtype="float64")
    loss = et_loss(sess, x, labels, params)
    expected = loss.item()
    generation, before = sess.generation, et.memory_stats()
    assert sess.train_step(loss, opt) == expected
    assert sess.generation == generation + 1
    assert sess.tape_len == 0
    delta = ledger_delta(before, et.memory_stats())
    assert delta["by_category"]["grad"] == 0
    assert delta["by_category"]["tape"] < 0
    assert [p.version for p in params] == [1, 1, 1, 1]


# --- construction and hyperparameter validation ---------------------------------------------

INVALID = [
    ("SGD", {"lr": -0.1}),
    ("SGD", {"lr": float("nan")}),
    ("SGD", {"lr": float("inf")}),
    ("SGD", {"lr": 0.1, "momentum": -0.5}),
    ("SGD", {"lr": 0.1, "momentum": float("nan")}),
    ("SGD", {"lr": 0.1, "dampening": float("nan")}),
    ("SGD", {"lr": 0.1, "weight_decay": -1e-4}),
    ("SGD", {"lr": 0.1, "weight_decay": float("inf")}),
    ("SGD", {"lr": 0.1, "nesterov": True}),
    ("SGD", {"lr": 0.1, "momentum": 0.9, "dampening": 0.1, "nesterov": True}),
    ("Adam", {"lr": -1e-3}),
    ("Adam", {"lr": float("nan")}),
    ("Adam", {"betas": (1.0, 0.999)}),
    ("Adam", {"betas": (0.9, 1.0)}),
    ("Adam", {"betas": (-0.1, 0.999)}),
    ("Adam", {"betas": (0.9, float("nan"))}),
    ("Adam", {"eps": -1e-8}),
    ("Adam", {"eps": float("nan")}),
    ("Adam", {"weight_decay": -0.1}),
    ("Adam", {"weight_decay": float("inf")}),
    ("AdamW", {"lr": float("-inf")}),
    ("AdamW", {"betas": (0.9, 1.5)}),
    ("AdamW", {"eps": float("inf")}),
    ("AdamW", {"weight_decay": -0.01}),
    ("RMSprop", {"alpha": -0.1}),
    ("RMSprop", {"momentum": -0.5}),
    ("RMSprop", {"eps": float("nan")}),
    ("Adagrad", {"lr_decay": -0.1}),
    ("Adagrad", {"initial_accumulator_value": -1.0}),
    ("Adadelta", {"rho": 1.5}),
    ("Adadelta", {"rho": float("nan")}),
    ("Adamax", {"betas": (1.0, 0.9)}),
    ("NAdam", {"momentum_decay": -1e-3}),
    ("NAdam", {"betas": (0.9, 1.0)}),
    ("RAdam", {"eps": -1e-8}),
    ("ASGD", {"weight_decay": -0.1}),
    ("ASGD", {"lr": float("nan")}),
    ("Rprop", {"etas": (1.2, 0.5)}),
    ("Rprop", {"etas": (0.5, 1.0)}),
    ("Rprop", {"etas": (0.5,)}),
    ("Rprop", {"lr": -0.01}),
]


@pytest.mark.parametrize(("name", "kw"), INVALID, ids=[f"{n}-{kw}" for n, kw in INVALID])
def test_invalid_hyperparameter_raises_config_error(name, kw):
    p = et.Parameter(np.ones(3))
    with pytest.raises(et.ConfigError) as info:
        getattr(et.optim, name)([p], **kw)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, et.EagerTapeError)


VALID_EDGES = [
    ("SGD", {"lr": 0.0}),
    ("SGD", {"lr": 0.1, "momentum": 0.9, "nesterov": True, "weight_decay": 0.0}),
    ("Adam", {"lr": 0.0, "betas": (0.0, 0.0), "eps": 0.0}),
    ("AdamW", {"weight_decay": 0.0}),
    ("RMSprop", {"lr": 0.0, "alpha": 0.0, "eps": 0.0}),
    ("Adadelta", {"rho": 1.0, "lr": 1e-3}),
    ("Adagrad", {"lr": 1e-3, "eps": 0.0}),
]


@pytest.mark.parametrize(("name", "kw"), VALID_EDGES, ids=[f"{n}-{kw}" for n, kw in VALID_EDGES])
def test_boundary_hyperparameters_are_accepted(name, kw):
    opt = getattr(et.optim, name)([et.Parameter(np.ones(3))], **kw)
    assert opt.lr == kw.get("lr", 1e-3)


@pytest.mark.parametrize(
    "name",
    ["SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Adadelta", "Adamax", "NAdam", "RAdam", "ASGD"]
    + ["Rprop"],
)
def test_optimizers_subclass_optimizer(name):
    opt = getattr(et.optim, name)([et.Parameter(np.ones(2))], lr=0.1)
    assert isinstance(opt, et.optim.Optimizer)
    assert opt._state_dict()["type"] == name


def test_lr_is_readable_and_settable():
    opt = et.optim.Adam([et.Parameter(np.ones(2))], lr=0.01)
    assert opt.lr == 0.01
    opt.lr = 0.25
    assert opt.lr == 0.25
    assert opt._state_dict()["hyper"]["lr"] == 0.25


@pytest.mark.parametrize("bad", [-0.1, float("nan"), float("inf")])
def test_setting_invalid_lr_raises_and_keeps_old_lr(bad):
    opt = et.optim.SGD([et.Parameter(np.ones(2))], lr=0.5, momentum=0.9)
    with pytest.raises(et.ConfigError):
        opt.lr = bad
    assert opt.lr == 0.5


def test_params_may_be_an_object_with_parameters_method():
    x, labels, init = make_mlp()
    params = [et.Parameter(a) for a in init]

    class Model:
        def parameters(self):
            return iter(params)

    opt = et.optim.Adam(Model(), lr=0.05)
    assert [p.id for p in opt.params] == [p.id for p in params]
    sess = et.Session(dtype="float64")
    one_step(sess, opt, params, x, labels)
    assert [p.version for p in params] == [1, 1, 1, 1]


# --- skipped, frozen and rejected -----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kw"),
    [OPT_ARGS[1], OPT_ARGS[3], OPT_ARGS[5]],
    ids=[OPT_IDS[1], OPT_IDS[3], OPT_IDS[5]],
)
def test_parameter_without_gradient_is_skipped_like_torch(name, kw):
    # `extra` enters the loss only on every third step: torch then has grad None and skips it
    # (no weight decay, no step count); eagertape has no GradMap entry and must do the same.
    x, labels, init = make_mlp()
    extra0 = np.linspace(-1.0, 1.0, 3)
    used_at = {0, 3, 6, 9}

    params = [et.Parameter(a) for a in init]
    extra = et.Parameter(extra0)
    opt = getattr(et.optim, name)([*params, extra], **kw)
    sess = et.Session(dtype="float64")
    got = []
    for step in range(10):
        loss = et_loss(sess, x, labels, params)
        if step in used_at:
            loss = loss + (sess.use(extra) ** 2).sum()
        sess.train_step(loss, opt)
        got.append([p.numpy() for p in [*params, extra]])
        if step == 1:
            assert extra.version == 1
            assert set(opt._state_dict()["state"][extra.id]) >= {"step"}

    leaves = [torch.tensor(a, requires_grad=True) for a in [*init, extra0]]
    t_opt = getattr(torch.optim, name)(leaves, **kw)
    want = []
    for step in range(10):
        t_opt.zero_grad()
        loss = torch_loss(x, labels, leaves[:4])
        if step in used_at:
            loss = loss + (leaves[4] ** 2).sum()
        loss.backward()
        t_opt.step()
        want.append([leaf.detach().numpy().copy() for leaf in leaves])
    assert_same_trajectory(got, want)


@pytest.mark.parametrize(("name", "kw"), OPT_ARGS, ids=OPT_IDS)
def test_unused_parameter_keeps_value_version_and_has_no_state(name, kw):
    sess = et.Session(dtype="float64")
    used, unused = et.Parameter(np.ones(3)), et.Parameter(np.full(3, 7.0))
    opt = getattr(et.optim, name)([used, unused], **kw)
    for _ in range(3):
        sess.train_step((sess.use(used) ** 2).sum(), opt)
    np.testing.assert_array_equal(unused.numpy(), np.full(3, 7.0))
    assert (used.version, unused.version) == (3, 0)
    assert unused.id not in opt._state_dict()["state"]


@pytest.mark.parametrize("name", ["SGD", "Adam"])
def test_frozen_parameter_gets_no_gradient_and_is_not_updated(name):
    sess = et.Session(dtype="float64")
    w = et.Parameter(np.ones((3, 2)))
    frozen = et.Parameter(np.array([[2.0], [-1.0]]), requires_grad=False)
    opt = getattr(et.optim, name)([w, frozen], lr=0.1, weight_decay=0.5)
    with sess.backward((sess.use(w) @ sess.use(frozen)).sum()) as grads:
        assert frozen not in grads
        assert w in grads
        sess.reset_tape()
        opt.step(grads)
    np.testing.assert_array_equal(frozen.numpy(), [[2.0], [-1.0]])
    assert (w.version, frozen.version) == (1, 0)
    assert frozen.id not in opt._state_dict()["state"]


def test_backward_in_grad_disabled_session_raises_grad_error():
    p = et.Parameter(np.ones(3))
    sess = et.Session(dtype="float64", grad_enabled=False)
    loss = (sess.use(p) * 2.0).sum()
    before = session_state(sess)
    with pytest.raises(et.GradError) as info:
        sess.backward(loss)
    assert isinstance(info.value, RuntimeError)
    assert session_state(sess) == before


def test_train_step_in_grad_disabled_session_raises_and_keeps_parameters():
    p = et.Parameter(np.ones(3))
    opt = et.optim.Adam([p], lr=0.1)
    sess = et.Session(dtype="float64", grad_enabled=False)
    with pytest.raises(et.GradError):
        sess.train_step((sess.use(p) ** 2).sum(), opt)
    np.testing.assert_array_equal(p.numpy(), np.ones(3))
    assert p.version == 0
    assert opt.state_dict()["state"] == {}


@pytest.mark.parametrize(("name", "kw"), [OPT_ARGS[2], OPT_ARGS[4]], ids=[OPT_IDS[2], OPT_IDS[4]])
def test_step_with_a_released_gradient_changes_nothing(name, kw):
    x, labels, init = make_mlp()
    params = [et.Parameter(a) for a in init]
    opt = getattr(et.optim, name)(params, **kw)
    sess = et.Session(dtype="float64")
    one_step(sess, opt, params, x, labels)

    values, versions = [p.numpy() for p in params], [p.version for p in params]
    state = state_arrays(opt)
    lr = opt.lr
    with grads_of(sess, et_loss(sess, x, labels, params)) as grads:
        grads[params[-1]].release()  # the last one: the others would be updated first
        with pytest.raises(et.ReleasedBufferError):
            opt.step(grads)
    for p, v in zip(params, values, strict=True):
        np.testing.assert_array_equal(p.numpy(), v)
    assert [p.version for p in params] == versions
    assert_same_state(state_arrays(opt), state)
    assert opt.lr == lr


def test_train_step_with_stale_loss_raises_and_changes_nothing():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(2))
    opt = et.optim.Adam([p], lr=0.1)
    loss = (sess.use(p) * 3.0).sum()
    sess.reset_tape()
    before = session_state(sess)
    with pytest.raises(et.StaleHandleError):
        sess.train_step(loss, opt)
    assert session_state(sess) == before
    np.testing.assert_array_equal(p.numpy(), np.ones(2))
    assert p.version == 0
    assert opt.state_dict()["state"] == {}


@pytest.mark.parametrize(
    ("name", "kwargs"),
    [
        ("Adam", {"lr": 1e-2}),
        ("Adam", {"lr": 1e-2, "betas": (0.8, 0.99), "eps": 1e-6, "weight_decay": 0.1}),
        ("AdamW", {"lr": 1e-2, "weight_decay": 0.05}),
        ("Adam", {"lr": 1e-2, "amsgrad": True, "weight_decay": 0.1}),
        ("AdamW", {"lr": 1e-2, "amsgrad": True, "weight_decay": 0.05}),
        ("SGD", {"lr": 0.1}),
        ("SGD", {"lr": 0.1, "momentum": 0.9}),
        ("SGD", {"lr": 0.1, "momentum": 0.5, "dampening": 0.3, "weight_decay": 0.01}),
        ("SGD", {"lr": 0.1, "momentum": 0.9, "nesterov": True, "weight_decay": 0.01}),
    ],
)
def test_float32_updates_are_bit_identical_to_torch_single_tensor_kernels(name, kwargs):
    """Same gradients in, same float32 parameters out, bit for bit: Adam/AdamW (amsgrad too)
    run torch's single-tensor kernels in torch's order (`foreach=False`, torch's CPU default),
    and so does SGD with its momentum, dampening, Nesterov and weight-decay variants."""
    rng = np.random.default_rng(5)
    p0 = rng.standard_normal((7, 5)).astype(np.float32)
    cs = [rng.standard_normal((7, 5)).astype(np.float32) for _ in range(8)]
    p = et.Parameter(p0)
    opt = getattr(et.optim, name)([p], **kwargs)
    # torch on the session's device: CUDA's kernels round differently from the CPU's (they
    # contract `lerp_` and `addcmul_` into fused multiply-adds).
    tp = torch.tensor(p0, device=DEVICE, requires_grad=True)
    topt = getattr(torch.optim, name)([tp], foreach=False, **kwargs)
    sess = et.Session(dtype="float32")
    for c in cs:
        # d/dw sum(w * c) = c exactly, so both optimizers see the same gradient.
        with sess.backward((sess.use(p) * c).sum()) as grads:
            sess.reset_tape()
            np.testing.assert_array_equal(grads[p].numpy(), c)
            opt.step(grads)
        tp.grad = torch.from_numpy(c.copy()).to(DEVICE)
        topt.step()
        np.testing.assert_array_equal(p.numpy(), tp.detach().cpu().numpy())


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize(
    "kw", [{}, {"weight_decay": 0.1}, {"amsgrad": True}, {"maximize": True}], ids=str
)
@pytest.mark.parametrize("name", ["Adam", "AdamW"])
def test_fused_adam_matches_torch_fused_bit_for_bit(name, kw, dtype):
    # fused=True is LibTorch's one-pass kernel (`_fused_adam_` / `_fused_adamw_`), whose
    # rounding differs from the single-tensor order's: equal to torch's fused=True exactly.
    rng = np.random.default_rng(0)
    w0 = rng.standard_normal((5, 3)).astype(dtype)
    p = et.Parameter(w0.copy())
    opt = getattr(et.optim, name)([p], lr=0.1, fused=True, **kw)
    tp = torch.nn.Parameter(torch.tensor(w0))
    topt = getattr(torch.optim, name)([tp], lr=0.1, fused=True, **kw)
    sess = et.Session(dtype=dtype)
    for _ in range(5):
        g = rng.standard_normal((5, 3)).astype(dtype)
        with sess:
            (sess.use(p) * sess.input(g)).sum().backward()  # p.grad = g
            opt.step()
            opt.zero_grad()
        tp.grad = torch.tensor(g)
        topt.step()
        np.testing.assert_array_equal(p.numpy(), tp.detach().numpy())
    assert opt.state_dict()["state"][0]["step"].item() == 5


@pytest.mark.parametrize("kw", [{}, {"amsgrad": True}], ids=str)
def test_fused_adam_updates_every_parameter_in_one_call_as_torch_fused(kw):
    # One `_fused_adam_` call over the parameters' lists: each keeps its own step count (the
    # bias's gradient is missing at step 2, as torch skips a parameter whose .grad is None),
    # and a parameter a tape still reads is copied on write, the tape keeping the old value.
    rng = np.random.default_rng(1)
    w0, b0 = rng.standard_normal((4, 3)), rng.standard_normal(3)
    w, b = et.Parameter(w0.copy()), et.Parameter(b0.copy())
    opt = et.optim.AdamW([w, b], lr=0.1, fused=True, **kw)
    tw, tb = (torch.nn.Parameter(torch.tensor(a)) for a in (w0, b0))
    topt = torch.optim.AdamW([tw, tb], lr=0.1, fused=True, **kw)
    sess = et.Session(dtype="float64")
    for step in range(4):
        gw, gb = rng.standard_normal((4, 3)), rng.standard_normal(3)
        with sess:
            loss = (sess.use(w) * sess.input(gw)).sum()
            if step != 2:
                loss = loss + (sess.use(b) * sess.input(gb)).sum()
            loss.backward()
            held = sess.use(w)  # a leaf reading w's snapshot: the update copies on write
            before = held.numpy()
            opt.step()
            opt.zero_grad()
            np.testing.assert_array_equal(held.numpy(), before)
        tw.grad = torch.tensor(gw)
        tb.grad = None if step == 2 else torch.tensor(gb)
        topt.step()
        topt.zero_grad()
        np.testing.assert_array_equal(w.numpy(), tw.detach().numpy())
        np.testing.assert_array_equal(b.numpy(), tb.detach().numpy())
    state = opt.state_dict()["state"]
    assert (state[0]["step"].item(), state[1]["step"].item()) == (4, 3)


def test_fused_adam_on_the_reference_carrier_is_a_typed_error_leaving_the_parameter():
    p = et.Parameter(np.array([1.0, 2.0]), dtype="ieee32")  # the reference float32 carrier
    opt = et.optim.Adam([p], lr=0.1, fused=True)
    sess = et.Session(dtype="ieee32")
    grads = sess.backward((sess.use(p) * 3.0).sum())
    with pytest.raises(et.UnsupportedOpError, match="fused"):
        opt.step(grads)
    np.testing.assert_array_equal(p.numpy(), [1.0, 2.0])
    assert opt.state_dict()["state"] == {}, "no state made for the refused step"


def test_fused_must_be_a_bool_or_none():
    p = et.Parameter(np.zeros(2))
    with pytest.raises(et.ArgumentError, match="fused"):
        et.optim.Adam([p], fused="yes")
    with pytest.raises(et.ArgumentError, match="fused"):
        et.optim.SGD([p], lr=0.1, fused=True)  # torch's fused SGD is not implemented here
