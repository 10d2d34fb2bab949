"""``et.optim.lr_scheduler`` beside ``torch.optim.lr_scheduler``: every class, 100 steps on
the same optimizer settings, learning rates (and the momentum the cycling schedulers set)
equal to torch's at every step; state dicts resume a schedule exactly; bad arguments are
typed errors."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
import torch

import eagertape as et

STEPS = 100


def _optimizers(kind):
    """(eagertape, torch) optimizers of two parameter groups, the same settings."""
    ep = [et.Parameter(np.ones(2)), et.Parameter(np.ones(3))]
    tp = [torch.ones(2, requires_grad=True), torch.ones(3, requires_grad=True)]
    if kind == "sgd":
        make = lambda m, ps: m.SGD(  # noqa: E731
            [{"params": [ps[0]]}, {"params": [ps[1]], "lr": 0.05}], lr=0.1, momentum=0.9
        )
    else:
        make = lambda m, ps: m.Adam(  # noqa: E731
            [{"params": [ps[0]]}, {"params": [ps[1]], "lr": 0.02}], lr=0.01
        )
    return make(et.optim, ep), make(torch.optim, tp)


def _sequential(m, opt):
    warm = m.LinearLR(opt, start_factor=0.1, total_iters=5)
    decay = m.CosineAnnealingLR(opt, T_max=30, eta_min=1e-4)
    return m.SequentialLR(opt, [warm, decay], milestones=[5])


def _chained(m, opt):
    return m.ChainedScheduler([m.ConstantLR(opt, 0.5, 7), m.ExponentialLR(opt, 0.97)])


class Scale:
    """A callable object: its ``__dict__`` is what a state dict keeps of it."""

    def __init__(self, rate):
        self.rate = rate

    def __call__(self, epoch):
        return self.rate**epoch


CASES = [
    ("LambdaLR", "sgd", lambda m, o: m.LambdaLR(o, lambda e: 1.0 / (1 + e))),
    ("LambdaLR_per_group", "sgd", lambda m, o: m.LambdaLR(o, [Scale(0.9), lambda e: 0.99**e])),
    ("MultiplicativeLR", "adam", lambda m, o: m.MultiplicativeLR(o, lambda e: 0.95)),
    ("StepLR", "sgd", lambda m, o: m.StepLR(o, step_size=7, gamma=0.5)),
    ("MultiStepLR", "sgd", lambda m, o: m.MultiStepLR(o, milestones=[10, 30, 30, 80], gamma=0.3)),
    ("ConstantLR", "adam", lambda m, o: m.ConstantLR(o, factor=0.25, total_iters=12)),
    ("LinearLR", "sgd", lambda m, o: m.LinearLR(o, 0.2, 0.9, total_iters=40)),
    ("ExponentialLR", "adam", lambda m, o: m.ExponentialLR(o, gamma=0.96)),
    ("PolynomialLR", "sgd", lambda m, o: m.PolynomialLR(o, total_iters=60, power=2.0)),
    ("CosineAnnealingLR", "sgd", lambda m, o: m.CosineAnnealingLR(o, T_max=25, eta_min=0.001)),
    (
        "CosineAnnealingWarmRestarts",
        "adam",
        lambda m, o: m.CosineAnnealingWarmRestarts(o, T_0=7, T_mult=2, eta_min=1e-5),
    ),
    (
        "CyclicLR_triangular2",
        "sgd",
        lambda m, o: m.CyclicLR(o, 0.001, [0.1, 0.05], step_size_up=9, mode="triangular2"),
    ),
    (
        "CyclicLR_exp_range_betas",
        "adam",
        lambda m, o: m.CyclicLR(
            o, 1e-4, 1e-2, step_size_up=6, step_size_down=10, mode="exp_range", gamma=0.99
        ),
    ),
    ("OneCycleLR", "sgd", lambda m, o: m.OneCycleLR(o, max_lr=[0.5, 0.2], total_steps=STEPS)),
    (
        "OneCycleLR_three_phase_linear",
        "adam",
        lambda m, o: m.OneCycleLR(
            o, max_lr=0.01, total_steps=STEPS, anneal_strategy="linear", three_phase=True
        ),
    ),
    ("SequentialLR", "sgd", lambda m, o: _sequential(m, o)),
    ("ChainedScheduler", "adam", lambda m, o: _chained(m, o)),
]


def _momenta(opt):
    return [g["betas"][0] if "betas" in g else g["momentum"] for g in opt.param_groups]


@pytest.mark.parametrize(("kind", "make"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_rates_equal_torchs_for_100_steps(kind, make):
    opt, t_opt = _optimizers(kind)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sched, t_sched = make(et.optim.lr_scheduler, opt), make(torch.optim.lr_scheduler, t_opt)
        assert sched.get_last_lr() == t_sched.get_last_lr()
        for step in range(STEPS - 1):
            sched.step()
            t_sched.step()
            assert sched.get_last_lr() == t_sched.get_last_lr(), f"step {step}"
            assert [g["lr"] for g in opt.param_groups] == sched.get_last_lr()
            assert opt._opts[0].lr == sched.get_last_lr()[0]
            assert _momenta(opt) == _momenta(t_opt), f"step {step}"


def test_reduce_lr_on_plateau_follows_torch_on_a_noisy_metric():
    opt, t_opt = _optimizers("sgd")
    kw = dict(mode="min", factor=0.5, patience=3, threshold=0.01, cooldown=2, min_lr=[0.0, 0.01])
    sched = et.optim.lr_scheduler.ReduceLROnPlateau(opt, **kw)
    t_sched = torch.optim.lr_scheduler.ReduceLROnPlateau(t_opt, **kw)
    rng = np.random.default_rng(0)
    for step in range(STEPS):
        metric = 1.0 / (1 + step) ** 0.3 + 0.05 * rng.standard_normal()
        sched.step(metric)
        t_sched.step(metric)
        assert sched.get_last_lr() == t_sched.get_last_lr(), f"step {step}"


@pytest.mark.parametrize(("kind", "make"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_state_dict_resumes_the_schedule(kind, make):
    opt, _ = _optimizers(kind)
    sched = make(et.optim.lr_scheduler, opt)
    for _ in range(40):
        sched.step()
    saved_opt, saved = opt.state_dict(), sched.state_dict()
    want = []
    for _ in range(20):
        sched.step()
        want.append(sched.get_last_lr())

    opt2, _ = _optimizers(kind)
    sched2 = make(et.optim.lr_scheduler, opt2)
    opt2.load_state_dict(saved_opt)
    sched2.load_state_dict(saved)
    got = []
    for _ in range(20):
        sched2.step()
        got.append(sched2.get_last_lr())
    assert got == want


def test_step_with_an_epoch_uses_torchs_closed_form():
    opt, t_opt = _optimizers("sgd")
    sched = et.optim.lr_scheduler.StepLR(opt, step_size=3, gamma=0.5)
    t_sched = torch.optim.lr_scheduler.StepLR(t_opt, step_size=3, gamma=0.5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for epoch in (7, 2, 12):
            sched.step(epoch)
            t_sched.step(epoch)
            assert sched.get_last_lr() == t_sched.get_last_lr()


@pytest.mark.parametrize(
    "make",
    [
        lambda m, o: m.ConstantLR(o, factor=1.5),
        lambda m, o: m.LinearLR(o, start_factor=0.0),
        lambda m, o: m.CosineAnnealingWarmRestarts(o, T_0=0),
        lambda m, o: m.CyclicLR(o, 0.1, 1.0, mode="sawtooth"),
        lambda m, o: m.OneCycleLR(o, max_lr=1.0),
        lambda m, o: m.OneCycleLR(o, max_lr=1.0, total_steps=10, pct_start=1.5),
        lambda m, o: m.ReduceLROnPlateau(o, factor=1.0),
        lambda m, o: m.ReduceLROnPlateau(o, mode="lowest"),
        lambda m, o: m.SequentialLR(o, [m.StepLR(o, 2)], milestones=[3]),
        lambda m, o: m.LambdaLR(o, [lambda e: 1.0]),
    ],
    ids=[
        "factor_above_one",
        "start_factor_0",
        "T_0_0",
        "unknown_mode",
        "no_total_steps",
        "pct_start_above_one",
        "plateau_factor_1",
        "plateau_mode",
        "milestones_count",
        "lambdas_count",
    ],
)
def test_bad_arguments_are_argument_errors_as_torchs_are_value_errors(make):
    opt, t_opt = _optimizers("sgd")
    with pytest.raises(ValueError):
        make(torch.optim.lr_scheduler, t_opt)
    lrs = [g["lr"] for g in opt.param_groups]
    with pytest.raises(et.ArgumentError):
        make(et.optim.lr_scheduler, opt)
    assert [g["lr"] for g in opt.param_groups] == lrs


def test_a_step_size_of_zero_is_refused_before_it_divides():
    opt, _ = _optimizers("sgd")
    with pytest.raises(et.ArgumentError, match="step_size"):
        et.optim.lr_scheduler.StepLR(opt, step_size=0)


def test_cycling_momentum_needs_an_optimizer_with_momentum():
    opt = et.optim.Adagrad([{"params": [et.Parameter(np.ones(2))]}], lr=0.1)
    with pytest.raises(et.ArgumentError, match="momentum"):
        et.optim.lr_scheduler.OneCycleLR(opt, max_lr=1.0, total_steps=10)


def test_a_scheduled_rate_reaches_the_core_optimizer_that_steps():
    p = et.Parameter(np.ones(3))
    opt = et.optim.SGD([p], lr=1.0)
    sched = et.optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
    sched.step()
    sess = et.Session(dtype="float64")
    sess.train_step((sess.use(p) * 2.0).sum(), opt)  # gradient 2, lr 0.5
    np.testing.assert_array_equal(p.numpy(), np.zeros(3))
    assert math.isclose(opt.lr, 0.5)


def test_cycling_momentum_on_an_sgd_made_without_momentum_steps_as_torchs():
    # torch: OneCycleLR switches an SGD(momentum=0) to cycled momentum; the first step
    # starts the buffers
    x0 = np.array([1.0, -2.0])
    p = et.Parameter(x0.copy())
    tp = torch.tensor(x0, requires_grad=True)
    opt, t_opt = et.optim.SGD([p], lr=0.1), torch.optim.SGD([tp], lr=0.1)
    sched = et.optim.lr_scheduler.OneCycleLR(opt, max_lr=1.0, total_steps=10)
    t_sched = torch.optim.lr_scheduler.OneCycleLR(t_opt, max_lr=1.0, total_steps=10)
    sess = et.Session(dtype="float64")
    for _ in range(5):
        sess.train_step((sess.use(p) ** 2).sum(), opt)
        t_opt.zero_grad()
        (tp**2).sum().backward()
        t_opt.step()
        sched.step()
        t_sched.step()
        assert opt.param_groups[0]["momentum"] == t_opt.param_groups[0]["momentum"]
    np.testing.assert_allclose(p.numpy(), tp.detach().numpy(), rtol=1e-12, atol=0)


def test_switching_sgd_momentum_off_once_its_buffers_exist_says_why_it_cannot():
    p = et.Parameter(np.ones(2))
    opt = et.optim.SGD([p], lr=0.1, momentum=0.9)
    sess = et.Session(dtype="float64")
    sess.train_step((sess.use(p) * 2.0).sum(), opt)
    with pytest.raises(et.ConfigError, match="momentum cannot be switched off"):
        opt.param_groups[0]["momentum"] = 0.0
    assert opt.param_groups[0]["momentum"] == 0.9


def test_a_one_core_optimizer_takes_a_momentum_cycling_schedule():
    p = et.Parameter(np.ones(2))
    opt = et.optim.SGD([p], lr=0.1, momentum=0.9)
    t_opt = torch.optim.SGD([torch.ones(2, requires_grad=True)], lr=0.1, momentum=0.9)
    sched = et.optim.lr_scheduler.OneCycleLR(opt, max_lr=1.0, total_steps=20)
    t_sched = torch.optim.lr_scheduler.OneCycleLR(t_opt, max_lr=1.0, total_steps=20)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(19):
            sched.step()
            t_sched.step()
            assert sched.get_last_lr() == t_sched.get_last_lr()
            assert opt._state_dict()["hyper"]["momentum"] == t_opt.param_groups[0]["momentum"]
