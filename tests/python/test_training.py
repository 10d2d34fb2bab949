"""Training loops: SGD correctness, convergence, and a ledger that does not drift."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from conftest import TORCH_RTOL, ledger_view

import eagertape as et


def make_problem(dtype=np.float32, n=64, seed=0):
    """A learnable 3-class problem: labels are the argmax of a random linear map."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, 8)).astype(dtype)
    labels = np.argmax(x @ rng.standard_normal((3, 8)).T, axis=1)
    init = [
        (rng.standard_normal((16, 8)) / np.sqrt(8)).astype(dtype),
        np.zeros(16, dtype=dtype),
        (rng.standard_normal((3, 16)) / 4).astype(dtype),
        np.zeros(3, dtype=dtype),
    ]
    return x, labels, init


def mlp_logits(sess, x, params):
    w1, b1, w2, b2 = (sess.use(p) for p in params)
    return et.linear(et.linear(sess.input(x), w1, b1).relu(), w2, b2)


def train(steps, *, reset_before_step, dtype=np.float32, lr=0.2):
    """Run `steps` SGD steps; return losses and ledger views after step 1 and after the last."""
    x, labels, init = make_problem(dtype)
    params = [et.Parameter(a) for a in init]
    opt = et.optim.SGD(params, lr=lr)
    sess = et.Session(dtype=np.dtype(dtype).name)
    losses, views = [], []
    for _ in range(steps):
        with sess:
            loss = et.cross_entropy(mlp_logits(sess, x, params), labels)
            losses.append(loss.item())
            with sess.backward(loss) as g:
                if reset_before_step:
                    sess.reset_tape()
                opt.step(g)
        views.append(ledger_view(et.memory_stats()))
    return losses, views, params


@pytest.mark.parametrize("reset_before_step", [True, False], ids=["in_place", "copy_on_write"])
def test_500_steps_leave_ledger_as_after_first_step(reset_before_step):
    _, views, _ = train(500, reset_before_step=reset_before_step)
    assert views[-1] == views[0]
    assert all(v == views[0] for v in views[1:])


def test_500_steps_leave_no_tape_or_grad_bytes_behind():
    before = ledger_view(et.memory_stats())
    _, views, params = train(500, reset_before_step=True)
    param_bytes = sum(int(np.prod(p.shape)) * 4 for p in params)
    assert views[-1]["by_category"]["param"] - before["by_category"]["param"] == param_bytes
    assert views[-1]["by_category"]["tape"] == before["by_category"]["tape"]
    assert views[-1]["by_category"]["grad"] == before["by_category"]["grad"]
    assert views[-1]["live_buffers"] - before["live_buffers"] == len(params)


def test_500_steps_decrease_the_loss():
    losses, _, _ = train(500, reset_before_step=True)
    assert np.all(np.isfinite(losses))
    assert losses[-1] < 0.25 * losses[0]
    assert np.mean(losses[-10:]) < np.mean(losses[:10])


def test_sgd_trajectory_matches_torch_in_float64():
    steps, lr = 5, 0.2
    losses, _, params = train(steps, reset_before_step=True, dtype=np.float64, lr=lr)

    x, labels, init = make_problem(np.float64)
    leaves = [torch.tensor(a, requires_grad=True) for a in init]
    opt = torch.optim.SGD(leaves, lr=lr)
    t_losses = []
    for _ in range(steps):
        w1, b1, w2, b2 = leaves
        hidden = F.linear(torch.from_numpy(x), w1, b1).relu()
        loss = F.cross_entropy(F.linear(hidden, w2, b2), torch.from_numpy(labels))
        t_losses.append(loss.item())
        opt.zero_grad()
        loss.backward()
        opt.step()

    np.testing.assert_allclose(losses, t_losses, rtol=TORCH_RTOL)
    for p, leaf in zip(params, leaves, strict=True):
        np.testing.assert_allclose(p.numpy(), leaf.detach().numpy(), rtol=TORCH_RTOL, atol=1e-12)


def test_sgd_step_subtracts_learning_rate_times_gradient():
    sess = et.Session(dtype="float64")
    data = np.array([1.0, -2.0, 4.0])
    p = et.Parameter(data)
    opt = et.optim.SGD([p], lr=0.125)
    with sess.backward((sess.use(p) * np.array([2.0, 4.0, -8.0])).sum()) as g:
        sess.reset_tape()
        opt.step(g)
    np.testing.assert_array_equal(p.numpy(), data - 0.125 * np.array([2.0, 4.0, -8.0]))


def test_sgd_skips_parameters_absent_from_gradients():
    sess = et.Session(dtype="float64")
    used, unused = et.Parameter(np.ones(2)), et.Parameter(np.full(2, 7.0))
    opt = et.optim.SGD([used, unused], lr=0.5)
    with sess.backward(sess.use(used).sum()) as g:
        opt.step(g)
    np.testing.assert_array_equal(used.numpy(), np.full(2, 0.5))
    np.testing.assert_array_equal(unused.numpy(), np.full(2, 7.0))
    assert (used.version, unused.version) == (1, 0)


def test_sgd_with_zero_learning_rate_keeps_values():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.array([3.0, 4.0]))
    opt = et.optim.SGD([p], lr=0.0)
    with sess.backward((sess.use(p) ** 2).sum()) as g:
        opt.step(g)
    np.testing.assert_array_equal(p.numpy(), [3.0, 4.0])
