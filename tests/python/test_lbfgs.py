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
