"""Optimizer state: state_dict / load_state_dict round trips and validation, and the
optimizer's memory ledger (state bytes, in-place steps, flat memory over 500 steps)."""

from __future__ import annotations

import gc

import numpy as np
import pytest
import torch
from conftest import ledger_delta, ledger_view
from optim_common import (
    OPT_ARGS,
    OPT_IDS,
    RTOL,
    assert_same_state,
    et_loss,
    et_run,
    grads_of,
    make_mlp,
    one_step,
    state_arrays,
)

import eagertape as et

# --- state_dict / load_state_dict -----------------------------------------------------------


@pytest.mark.parametrize(("name", "kw"), OPT_ARGS, ids=OPT_IDS)
def test_load_state_dict_into_new_optimizer_continues_identically(name, kw):
    x, labels, init = make_mlp()
    _, uninterrupted = et_run(name, kw, 12)

    params = [et.Parameter(a) for a in init]
    opt = getattr(et.optim, name)(params, **kw)
    sess = et.Session(dtype="float64")
    for _ in range(6):
        one_step(sess, opt, params, x, labels)
    sd = opt.state_dict()
    del opt
    fresh = getattr(et.optim, name)(params, **{**kw, "lr": 123.0})
    fresh.load_state_dict(sd)
    assert fresh.lr == kw["lr"]
    for _ in range(6):
        one_step(sess, fresh, params, x, labels)
    for p, want in zip(params, uninterrupted[-1], strict=True):
        np.testing.assert_array_equal(p.numpy(), want)


def test_state_dict_round_trip_onto_fresh_parameters_by_id():
    x, labels, init = make_mlp()
    kw = {"lr": 0.05, "weight_decay": 0.1}
    _, uninterrupted = et_run("AdamW", kw, 10)

    params = [et.Parameter(a) for a in init]
    opt = et.optim.AdamW(params, **kw)
    sess = et.Session(dtype="float64")
    for _ in range(4):
        one_step(sess, opt, params, x, labels)
    sd = opt._state_dict()
    values = [p.numpy() for p in params]

    fresh = [et.Parameter(np.zeros_like(v)) for v in values]
    for p, v in zip(fresh, values, strict=True):
        p.assign(v)
    remapped = {
        **sd,
        "state": {new.id: sd["state"][old.id] for old, new in zip(params, fresh, strict=True)},
    }
    opt2 = et.optim.AdamW(fresh, **kw)
    opt2._load_state_dict(remapped)
    sess2 = et.Session(dtype="float64")
    for _ in range(6):
        one_step(sess2, opt2, fresh, x, labels)
    for p, want in zip(fresh, uninterrupted[-1], strict=True):
        np.testing.assert_array_equal(p.numpy(), want)


def test_the_cores_state_dict_layout():
    x, labels, init = make_mlp()
    params = [et.Parameter(a) for a in init]
    opt = et.optim.Adam(params, lr=0.01, betas=(0.8, 0.9), eps=1e-7, weight_decay=0.2)
    sess = et.Session(dtype="float64")
    assert opt._state_dict()["state"] == {}
    for _ in range(3):
        one_step(sess, opt, params, x, labels)
    sd = opt._state_dict()
    assert sd["type"] == "Adam"
    assert sd["hyper"]["lr"] == 0.01
    assert set(sd["state"]) == {p.id for p in params}
    for p in params:
        entry = sd["state"][p.id]
        assert entry["step"] == 3
        for key in ("exp_avg", "exp_avg_sq"):
            assert isinstance(entry[key], np.ndarray)
            assert entry[key].shape == p.shape
            assert entry[key].dtype == np.float64


def test_sgd_momentum_state_dict_holds_momentum_buffer():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.array([1.0, -2.0]))
    opt = et.optim.SGD([p], lr=0.1, momentum=0.9, dampening=0.5, weight_decay=0.25)
    for _ in range(2):
        sess.train_step((sess.use(p) * np.array([3.0, 5.0])).sum(), opt)
    sd = opt._state_dict()
    assert sd["type"] == "SGD"
    assert sd["hyper"]["lr"] == 0.1
    # torch: buf = d1, then buf = 0.9 * buf + 0.5 * d2, with d = g + 0.25 * p.
    t = torch.tensor([1.0, -2.0], dtype=torch.float64, requires_grad=True)
    t_opt = torch.optim.SGD([t], lr=0.1, momentum=0.9, dampening=0.5, weight_decay=0.25)
    for _ in range(2):
        t_opt.zero_grad()
        (t * torch.tensor([3.0, 5.0], dtype=torch.float64)).sum().backward()
        t_opt.step()
    np.testing.assert_allclose(
        sd["state"][p.id]["momentum_buffer"],
        t_opt.state[t]["momentum_buffer"].numpy(),
        rtol=RTOL,
    )


def test_state_dict_arrays_are_copies():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(3))
    opt = et.optim.SGD([p], lr=0.1, momentum=0.9)
    sess.train_step((sess.use(p) ** 2).sum(), opt)
    sd = opt._state_dict()
    sd["state"][p.id]["momentum_buffer"][:] = 99.0
    np.testing.assert_array_equal(opt._state_dict()["state"][p.id]["momentum_buffer"], 2.0)


def _stepped_adam():
    x, labels, init = make_mlp()
    params = [et.Parameter(a) for a in init]
    opt = et.optim.Adam(params, lr=0.05)
    sess = et.Session(dtype="float64")
    for _ in range(2):
        one_step(sess, opt, params, x, labels)
    return params, opt


def _wrong_shape(sd, params):
    entry = sd["state"][params[0].id]
    entry["exp_avg"] = entry["exp_avg"].T.copy()


def _unknown_id(sd, params):
    sd["state"][max(p.id for p in params) + 10_000] = sd["state"].pop(params[1].id)


def _wrong_type(sd, params):
    sd["type"] = "SGD"


def _missing_buffer(sd, params):
    del sd["state"][params[2].id]["exp_avg_sq"]


def _invalid_lr(sd, params):
    sd["hyper"]["lr"] = -1.0


@pytest.mark.parametrize(
    "corrupt", [_wrong_shape, _unknown_id, _wrong_type, _missing_buffer, _invalid_lr]
)
def test_load_state_dict_rejects_bad_state_and_changes_nothing(corrupt):
    params, opt = _stepped_adam()
    sd = opt._state_dict()
    # Every valid part of the loaded state differs from the current one, so any partial
    # load would show.
    sd["hyper"]["lr"] = 0.5
    for entry in sd["state"].values():
        entry["step"] = 77
        entry["exp_avg"] = entry["exp_avg"] + 1.0
    corrupt(sd, params)
    before, lr = state_arrays(opt), opt.lr
    with pytest.raises(et.EagerTapeError):
        opt._load_state_dict(sd)
    assert_same_state(state_arrays(opt), before)
    assert opt.lr == lr


def _no_state(sd, params):
    del sd["state"]


def _no_hyper(sd, params):
    del sd["hyper"]


def _no_step(sd, params):
    del sd["state"][params[0].id]["step"]


def _negative_step(sd, params):
    sd["state"][params[0].id]["step"] = -1


def _string_id(sd, params):
    sd["state"]["w1"] = sd["state"].pop(params[0].id)


@pytest.mark.parametrize("corrupt", [_no_state, _no_hyper, _no_step, _negative_step, _string_id])
def test_load_state_dict_rejects_malformed_dict_with_eagertape_error(corrupt):
    params, opt = _stepped_adam()
    sd = opt._state_dict()
    sd["hyper"]["lr"] = 0.5
    corrupt(sd, params)
    before, lr = state_arrays(opt), opt.lr
    with pytest.raises(et.EagerTapeError):
        opt._load_state_dict(sd)
    assert_same_state(state_arrays(opt), before)
    assert opt.lr == lr


def test_load_state_dict_of_sgd_without_momentum_into_sgd_with_momentum_is_rejected():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(3))
    plain = et.optim.SGD([p], lr=0.1)
    sess.train_step((sess.use(p) ** 2).sum(), plain)
    momentum = et.optim.SGD([p], lr=0.1, momentum=0.9)
    sess.train_step((sess.use(p) ** 2).sum(), momentum)
    before = state_arrays(momentum)
    with pytest.raises(et.EagerTapeError):
        momentum._load_state_dict(plain._state_dict())
    assert_same_state(state_arrays(momentum), before)


# --- memory ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "kw", "copies"),
    [
        ("SGD", {"lr": 0.1}, 0),
        ("SGD", {"lr": 0.1, "momentum": 0.9}, 1),
        ("Adam", {"lr": 0.01}, 2),
        ("AdamW", {"lr": 0.01}, 2),
    ],
    ids=["sgd_plain", "sgd_momentum", "adam", "adamw"],
)
def test_optimizer_state_bytes_are_counted_as_optimizer(name, kw, copies):
    x, labels, init = make_mlp()
    params = [et.Parameter(a) for a in init]
    param_bytes = sum(a.nbytes for a in init)
    sess = et.Session(dtype="float64")
    start = et.memory_stats()
    opt = getattr(et.optim, name)(params, **kw)
    assert ledger_delta(start, et.memory_stats())["by_category"]["optimizer"] == 0
    one_step(sess, opt, params, x, labels)
    assert ledger_delta(start, et.memory_stats())["by_category"]["optimizer"] == (
        copies * param_bytes
    )
    one_step(sess, opt, params, x, labels)
    sess.reset_tape()
    with et.Session(dtype="float64") as other:
        other.reset_tape()
    assert ledger_delta(start, et.memory_stats())["by_category"]["optimizer"] == (
        copies * param_bytes
    )
    del opt
    assert ledger_delta(start, et.memory_stats())["by_category"]["optimizer"] == 0


@pytest.mark.parametrize(("name", "kw"), OPT_ARGS, ids=OPT_IDS)
def test_unshared_step_allocates_nothing(name, kw):
    x, labels, init = make_mlp()
    params = [et.Parameter(a) for a in init]
    opt = getattr(et.optim, name)(params, **kw)
    sess = et.Session(dtype="float64")
    one_step(sess, opt, params, x, labels)  # creates the state
    with grads_of(sess, et_loss(sess, x, labels, params)) as grads:
        before = et.memory_stats()
        opt.step(grads)
        delta = ledger_delta(before, et.memory_stats())
    assert delta["allocations"] == 0
    assert delta["live_bytes"] == 0
    assert delta["live_buffers"] == 0


def test_step_while_tape_holds_snapshot_copies_each_parameter_once():
    x, labels, init = make_mlp()
    params = [et.Parameter(a) for a in init]
    opt = et.optim.Adam(params, lr=0.05)
    sess = et.Session(dtype="float64")
    one_step(sess, opt, params, x, labels)
    loss = et_loss(sess, x, labels, params)
    with sess.backward(loss) as grads:
        before = et.memory_stats()
        opt.step(grads)  # the tape still holds every snapshot: copy on write
        delta = ledger_delta(before, et.memory_stats())
    assert delta["allocations"] == len(params)
    assert delta["by_category"]["param"] == sum(a.nbytes for a in init)
    assert delta["by_category"]["optimizer"] == 0
    sess.reset_tape()


def test_memory_is_flat_over_500_adam_train_steps():
    x, labels, init = make_mlp(np.float32, n=32)
    params = [et.Parameter(a) for a in init]
    opt = et.optim.Adam(params, lr=1e-2)
    sess = et.Session(dtype="float32")
    views, allocations, losses = [], [], []
    # Other tests' garbage (reference cycles) must not be collected in the middle of the
    # measurement; eagertape itself frees everything by reference count.
    gc.collect()
    gc.disable()
    try:
        for _ in range(500):
            losses.append(sess.train_step(et_loss(sess, x, labels, params), opt))
            stats = et.memory_stats()
            views.append(ledger_view(stats))
            allocations.append(stats["allocations"])
    finally:
        gc.enable()
    assert all(v == views[0] for v in views[1:])
    per_step = np.diff(allocations[1:])
    assert np.all(per_step == per_step[0])
    assert losses[-1] < 0.5 * losses[0]
