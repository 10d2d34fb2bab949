"""``et.optim.LBFGS`` beside ``torch.optim.LBFGS`` (float64, the same closure): the losses
each ``step(closure)`` returns, the parameters after it and the number of closure
evaluations equal torch's, with and without the strong-Wolfe line search, over several
steps (the curvature history carries across steps)."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as TF

import eagertape as et
import eagertape.nn.functional as F

RNG = np.random.default_rng(4)
X = RNG.standard_normal((12, 3))
Y = np.arange(12) % 2
W0 = [RNG.standard_normal((5, 3)) / 2, RNG.standard_normal(5) / 4, RNG.standard_normal((2, 5))]


def _et_run(kw, steps):
    params = [et.Parameter(w) for w in W0]
    opt = et.optim.LBFGS(params, **kw)
    calls = [0]
    losses = []
    with et.Session(dtype="float64"):
        x, y = et.tensor(X), et.tensor(Y)

        def closure():
            calls[0] += 1
            opt.zero_grad()
            h = F.linear(x, params[0], params[1]).tanh()
            loss = F.cross_entropy(F.linear(h, params[2]), y)
            loss.backward()
            return loss

        for _ in range(steps):
            losses.append(opt.step(closure).item())
    return losses, [p.numpy() for p in params], calls[0]


def _torch_run(kw, steps):
    params = [torch.tensor(w, requires_grad=True) for w in W0]
    opt = torch.optim.LBFGS(params, **kw)
    calls = [0]
    x, y = torch.tensor(X), torch.tensor(Y)

    def closure():
        calls[0] += 1
        opt.zero_grad()
        h = torch.tanh(TF.linear(x, params[0], params[1]))
        loss = TF.cross_entropy(TF.linear(h, params[2]), y)
        loss.backward()
        return loss

    losses = [opt.step(closure).item() for _ in range(steps)]
    return losses, [p.detach().numpy() for p in params], calls[0]


@pytest.mark.parametrize(
    "kw",
    [
        {"lr": 0.5, "max_iter": 5},
        {"lr": 1.0, "max_iter": 7, "history_size": 3},
        {"lr": 1.0, "max_iter": 6, "line_search_fn": "strong_wolfe"},
        {
            "lr": 0.8,
            "max_iter": 10,
            "max_eval": 8,
            "history_size": 4,
            "line_search_fn": "strong_wolfe",
        },
    ],
    ids=["plain", "short_history", "strong_wolfe", "wolfe_eval_cap"],
)
def test_steps_match_torch(kw):
    losses, params, calls = _et_run(kw, 4)
    t_losses, t_params, t_calls = _torch_run(kw, 4)
    assert calls == t_calls
    np.testing.assert_allclose(losses, t_losses, rtol=1e-10)
    for p, t in zip(params, t_params, strict=True):
        np.testing.assert_allclose(p, t, rtol=1e-9, atol=1e-12)


def test_a_converged_problem_stops_after_one_evaluation():
    p = et.Parameter(np.zeros(3))
    opt = et.optim.LBFGS([p], tolerance_grad=1e-5)
    calls = []
    with et.Session(dtype="float64"):

        def closure():
            calls.append(1)
            opt.zero_grad()
            loss = (p * p).sum()
            loss.backward()
            return loss

        assert opt.step(closure).item() == 0.0
    assert len(calls) == 1 and np.all(p.numpy() == 0.0)


def test_a_closure_that_raises_propagates_its_error():
    p = et.Parameter(np.ones(2))
    opt = et.optim.LBFGS([p])

    def closure():
        raise RuntimeError("data loader failed")

    with et.Session(dtype="float64"), pytest.raises(RuntimeError, match="data loader failed"):
        opt.step(closure)
    np.testing.assert_array_equal(p.numpy(), np.ones(2))


@pytest.mark.parametrize(
    "kw",
    [{"lr": -1.0}, {"line_search_fn": "backtracking"}, {"max_iter": 0}, {"history_size": 0}],
    ids=["negative_lr", "unknown_line_search", "no_iterations", "no_history"],
)
def test_bad_options_are_config_errors(kw):
    with pytest.raises(et.ConfigError):
        et.optim.LBFGS([et.Parameter(np.ones(2))], **kw)


@pytest.mark.parametrize("search", [None, "strong_wolfe"])
def test_state_dicts_load_both_ways_and_training_goes_on_as_torchs(search):
    kw = {"lr": 1.0, "max_iter": 4, "history_size": 5, "line_search_fn": search}
    # torch -> eagertape
    t_params = [torch.tensor(w, requires_grad=True) for w in W0]
    t_opt = torch.optim.LBFGS(t_params, **kw)
    x, y = torch.tensor(X), torch.tensor(Y)

    def t_closure():
        t_opt.zero_grad()
        h = torch.tanh(TF.linear(x, t_params[0], t_params[1]))
        loss = TF.cross_entropy(TF.linear(h, t_params[2]), y)
        loss.backward()
        return loss

    for _ in range(2):
        t_opt.step(t_closure)
    params = [et.Parameter(p.detach().numpy().copy()) for p in t_params]
    opt = et.optim.LBFGS(params, lr=0.1)
    opt.load_state_dict(t_opt.state_dict())
    assert opt.lr == 1.0
    with et.Session(dtype="float64"):
        ex, ey = et.tensor(X), et.tensor(Y)

        def closure():
            opt.zero_grad()
            h = F.linear(ex, params[0], params[1]).tanh()
            loss = F.cross_entropy(F.linear(h, params[2]), ey)
            loss.backward()
            return loss

        def two_steps_agree():
            for _ in range(2):
                got = opt.step(closure).item()
                want = t_opt.step(t_closure).item()
                assert got == pytest.approx(want, rel=1e-10)
            for p, t in zip(params, t_params, strict=True):
                np.testing.assert_allclose(p.numpy(), t.detach().numpy(), rtol=1e-9, atol=1e-12)

        two_steps_agree()
        # eagertape -> torch
        t_opt2 = torch.optim.LBFGS(t_params, lr=0.3)
        t_opt2.load_state_dict(opt.state_dict())
        t_opt = t_opt2
        two_steps_agree()


def test_a_state_dict_of_other_shapes_is_refused_and_changes_nothing():
    p = et.Parameter(np.ones(3))
    opt = et.optim.LBFGS([p], lr=0.5)
    sd = opt.state_dict()
    sd["state"][0] = {
        "func_evals": 2, "n_iter": 1, "d": torch.ones(4), "t": 1.0, "old_dirs": [],
        "old_stps": [], "ro": [], "H_diag": torch.tensor(1.0),
        "prev_flat_grad": torch.ones(4), "prev_loss": 0.5,
    }  # fmt: skip
    sd["param_groups"][0]["lr"] = 2.0
    with pytest.raises(et.ConfigError, match="4 values"):
        opt.load_state_dict(sd)
    assert opt.lr == 0.5 and opt._counts == (0, 0)


def test_a_closure_that_steps_its_own_optimizer_gets_an_error_not_a_deadlock():
    p = et.Parameter(np.ones(2))
    opt = et.optim.LBFGS([p])

    def closure():
        opt.zero_grad()  # allowed: it does not touch the step's state
        return opt.step(closure)

    with et.Session(dtype="float64"), pytest.raises(et.ConfigError, match="its own step"):
        opt.step(closure)
    assert opt.lr == 1.0
