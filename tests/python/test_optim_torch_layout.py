"""``state_dict()`` in torch.optim's layout: ``state`` by parameter index (parameters
numbered in group order), ``param_groups`` with each group's options under torch's keys and
its parameter indices, values as torch tensors. A torch.optim state dict loads into the
matching eagertape optimizer and an eagertape one into torch.optim, and training goes on
as if it had never stopped (float64, same gradients)."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from optim_common import OPT_ARGS, OPT_IDS, step_with

import eagertape as et

SHAPES = [(3, 4), (4,)]


def _grads(steps, seed=5):
    rng = np.random.default_rng(seed)
    return [[rng.standard_normal(s) * (-1.0) ** k for s in SHAPES] for k in range(steps)]


def _init():
    rng = np.random.default_rng(2)
    return [rng.standard_normal(s) for s in SHAPES]


def _torch_step(opt, leaves, gs):
    for leaf, g in zip(leaves, gs, strict=True):
        leaf.grad = torch.tensor(g)
    opt.step()


@pytest.fixture(autouse=True)
def _float64_default():
    default = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    yield
    torch.set_default_dtype(default)


def _pair(name, kw):
    params = [et.Parameter(a) for a in _init()]
    leaves = [torch.tensor(a, requires_grad=True) for a in _init()]
    return (
        params,
        getattr(et.optim, name)(params, **kw),
        leaves,
        getattr(torch.optim, name)(leaves, **kw),
    )


def _assert_same_state(mine, theirs):
    assert set(mine["state"]) == set(theirs["state"])
    for idx, entry in theirs["state"].items():
        assert set(mine["state"][idx]) == set(entry), (sorted(mine["state"][idx]), sorted(entry))
        for key, value in entry.items():
            got = mine["state"][idx][key]
            assert isinstance(got, torch.Tensor), key
            np.testing.assert_allclose(got.numpy(), value.numpy(), rtol=1e-12, err_msg=key)
    for g, t in zip(mine["param_groups"], theirs["param_groups"], strict=True):
        assert g["params"] == t["params"]
        for key, value in g.items():
            if key in t and key != "params":
                assert value == t[key], key


@pytest.mark.parametrize(("name", "kw"), OPT_ARGS, ids=OPT_IDS)
def test_state_dict_is_torchs_after_the_same_steps(name, kw):
    params, opt, leaves, t_opt = _pair(name, kw)
    sess = et.Session(dtype="float64")
    for gs in _grads(5):
        step_with(sess, opt, params, gs)
        _torch_step(t_opt, leaves, gs)
    _assert_same_state(opt.state_dict(), t_opt.state_dict())


@pytest.mark.parametrize(("name", "kw"), OPT_ARGS, ids=OPT_IDS)
def test_a_torch_state_dict_loads_and_training_goes_on_as_torchs(name, kw):
    params, opt, leaves, t_opt = _pair(name, kw)
    grads = _grads(10)
    for gs in grads[:5]:
        _torch_step(t_opt, leaves, gs)
    for p, leaf in zip(params, leaves, strict=True):
        p.assign(leaf.detach().numpy())
    opt.load_state_dict(t_opt.state_dict())
    sess = et.Session(dtype="float64")
    for gs in grads[5:]:
        step_with(sess, opt, params, gs)
        _torch_step(t_opt, leaves, gs)
    for p, leaf in zip(params, leaves, strict=True):
        np.testing.assert_allclose(p.numpy(), leaf.detach().numpy(), rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize(("name", "kw"), OPT_ARGS, ids=OPT_IDS)
def test_an_eagertape_state_dict_loads_into_torch_and_training_goes_on(name, kw):
    params, opt, leaves, t_opt = _pair(name, kw)
    grads = _grads(10)
    sess = et.Session(dtype="float64")
    for gs in grads[:5]:
        step_with(sess, opt, params, gs)
    with torch.no_grad():
        for p, leaf in zip(params, leaves, strict=True):
            leaf.copy_(torch.from_numpy(p.numpy()))
    t_opt.load_state_dict(opt.state_dict())
    for gs in grads[5:]:
        step_with(sess, opt, params, gs)
        _torch_step(t_opt, leaves, gs)
    for p, leaf in zip(params, leaves, strict=True):
        np.testing.assert_allclose(p.numpy(), leaf.detach().numpy(), rtol=1e-12, atol=1e-15)


def test_groups_number_parameters_in_group_order_and_keep_their_options():
    params = [et.Parameter(a) for a in _init()]
    leaves = [torch.tensor(a, requires_grad=True) for a in _init()]
    groups = [{"params": [params[1]], "weight_decay": 0.1}, {"params": [params[0]], "lr": 0.5}]
    t_groups = [{"params": [leaves[1]], "weight_decay": 0.1}, {"params": [leaves[0]], "lr": 0.5}]
    opt = et.optim.Adam(groups, lr=0.01, betas=(0.8, 0.9))
    t_opt = torch.optim.Adam(t_groups, lr=0.01, betas=(0.8, 0.9))
    sess = et.Session(dtype="float64")
    for gs in _grads(3):
        step_with(sess, opt, params, gs)
        _torch_step(t_opt, leaves, gs)
    sd = opt.state_dict()
    assert [g["params"] for g in sd["param_groups"]] == [[0], [1]]
    assert [g["lr"] for g in sd["param_groups"]] == [0.01, 0.5]
    assert sd["param_groups"][0]["betas"] == (0.8, 0.9)
    _assert_same_state(sd, t_opt.state_dict())


def test_what_a_scheduler_keeps_in_a_group_survives_the_round_trip():
    p = et.Parameter(np.ones(3))
    opt = et.optim.SGD([p], lr=0.1, momentum=0.9)
    et.optim.lr_scheduler.StepLR(opt, step_size=2)
    sd = opt.state_dict()
    assert sd["param_groups"][0]["initial_lr"] == 0.1
    fresh = et.optim.SGD([p], lr=0.7, momentum=0.9)
    fresh.load_state_dict(sd)
    assert fresh.param_groups[0]["initial_lr"] == 0.1 and fresh.lr == 0.1


@pytest.mark.parametrize(
    ("corrupt", "match"),
    [
        (lambda sd: sd["param_groups"].append(dict(sd["param_groups"][0])), "groups"),
        (lambda sd: sd["param_groups"][0]["params"].pop(), "parameters"),
        (lambda sd: sd["state"][1].pop("exp_avg_sq"), "exp_avg_sq"),
        (lambda sd: sd["state"].update({1: {**sd["state"][1], "exp_avg": torch.ones(7)}}), "shape"),
        (lambda sd: sd["param_groups"][0].update(betas=(1.5, 0.9)), "beta1"),
        (lambda sd: sd["param_groups"][0].update(capturable=True), "capturable"),
        (lambda sd: sd.update(state={"w": {}}), "indices"),
    ],
    ids=["group_count", "group_size", "missing_buffer", "wrong_shape", "bad_beta", "capturable"]
    + ["string_index"],
)
def test_a_bad_torch_layout_state_dict_is_refused_and_changes_nothing(corrupt, match):
    params = [et.Parameter(a) for a in _init()]
    opt = et.optim.Adam(params, lr=0.01)
    sess = et.Session(dtype="float64")
    for gs in _grads(2):
        step_with(sess, opt, params, gs)
    before = opt._state_dict()
    sd = opt.state_dict()
    sd["param_groups"][0]["lr"] = 0.5
    corrupt(sd)
    with pytest.raises(et.EagerTapeError, match=match):
        opt.load_state_dict(sd)
    after = opt._state_dict()
    assert after["hyper"] == before["hyper"] and opt.lr == 0.01
    for pid, entry in before["state"].items():
        for key, value in entry.items():
            np.testing.assert_array_equal(after["state"][pid][key], value)
