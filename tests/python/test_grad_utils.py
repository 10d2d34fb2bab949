"""Gradient utilities: accumulation with `backward(loss, into=...)`, `GradMap.global_norm`,
`GradMap.clip_norm_` (torch.nn.utils.clip_grad_norm_) and `GradMap.is_finite`."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from conftest import ledger_delta

import eagertape as et

RTOL = 1e-12


def make_mlp(n=24, seed=0):
    """Fixed float64 data and weights of a 4-8-3 tanh MLP."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, 4))
    labels = np.arange(n) % 3
    init = [
        rng.standard_normal((8, 4)) / 2,
        rng.standard_normal(8) / 4,
        rng.standard_normal((3, 8)) / 3,
        rng.standard_normal(3) / 4,
    ]
    return x, labels, init


def et_loss(sess, x, labels, params):
    w1, b1, w2, b2 = (sess.use(p) for p in params)
    hidden = et.linear(sess.input(x), w1, b1).tanh()
    return et.cross_entropy(et.linear(hidden, w2, b2), labels)


def torch_grads(x, labels, init, scale=1.0):
    """Leaves and their gradients of `scale * cross_entropy` in torch (the reference)."""
    leaves = [torch.tensor(a, requires_grad=True) for a in init]
    w1, b1, w2, b2 = leaves
    hidden = torch.tanh(F.linear(torch.from_numpy(x), w1, b1))
    loss = F.cross_entropy(F.linear(hidden, w2, b2), torch.from_numpy(labels)) * scale
    loss.backward()
    return leaves


def mlp_grads(scale=1.0):
    """(params, GradMap) of the MLP's loss times `scale`, tape already reset."""
    x, labels, init = make_mlp()
    params = [et.Parameter(a) for a in init]
    sess = et.Session(dtype="float64")
    grads = sess.backward(et_loss(sess, x, labels, params) * scale)
    sess.reset_tape()
    return params, grads


def grad_arrays(params, grads):
    return [grads[p].numpy() for p in params]


# --- accumulation ---------------------------------------------------------------------------


@pytest.mark.parametrize("k", [2, 3, 4])
def test_micro_batch_accumulation_equals_full_batch(k):
    x, labels, init = make_mlp(n=24)
    params = [et.Parameter(a) for a in init]
    sess = et.Session(dtype="float64")
    with sess.backward(et_loss(sess, x, labels, params)) as full:
        sess.reset_tape()
        want = grad_arrays(params, full)

    acc = None
    for xb, lb in zip(np.split(x, k), np.split(labels, k), strict=True):
        loss = et_loss(sess, xb, lb, params) / k
        acc = sess.backward(loss) if acc is None else sess.backward(loss, into=acc)
        sess.reset_tape()
    with acc:
        for g, w in zip(grad_arrays(params, acc), want, strict=True):
            np.testing.assert_allclose(g, w, rtol=RTOL, atol=1e-15)

    # torch's gradient accumulation over the same micro-batches agrees too.
    leaves = [torch.tensor(a, requires_grad=True) for a in init]
    for xb, lb in zip(np.split(x, k), np.split(labels, k), strict=True):
        w1, b1, w2, b2 = leaves
        hidden = torch.tanh(F.linear(torch.from_numpy(xb), w1, b1))
        (F.cross_entropy(F.linear(hidden, w2, b2), torch.from_numpy(lb)) / k).backward()
    for w, leaf in zip(want, leaves, strict=True):
        np.testing.assert_allclose(w, leaf.grad.numpy(), rtol=1e-10, atol=1e-14)


def test_backward_into_returns_the_same_map():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(3))
    grads = sess.backward((sess.use(p) * 2.0).sum())
    again = sess.backward((sess.use(p) * 5.0).sum(), into=grads)
    assert again is grads
    np.testing.assert_array_equal(grads[p].numpy(), np.full(3, 7.0))
    grads.release()


def test_backward_into_adds_new_parameters_and_keeps_others():
    sess = et.Session(dtype="float64")
    a, b = et.Parameter(np.ones(2)), et.Parameter(np.full(2, 3.0))
    grads = sess.backward((sess.use(a) * 4.0).sum())
    sess.reset_tape()
    sess.backward((sess.use(b) ** 2).sum(), into=grads)
    sess.reset_tape()
    with grads:
        assert len(grads) == 2
        np.testing.assert_array_equal(grads[a].numpy(), [4.0, 4.0])
        np.testing.assert_array_equal(grads[b].numpy(), [6.0, 6.0])


def test_accumulating_into_an_unshared_map_allocates_no_grad_bytes():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones((16, 16)))
    grads = sess.backward((sess.use(p) * 2.0).sum())
    sess.reset_tape()
    before = et.memory_stats()
    sess.backward((sess.use(p) * 3.0).sum(), into=grads)
    sess.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == 0
    with grads:
        np.testing.assert_array_equal(grads[p].numpy(), np.full((16, 16), 5.0))


# --- global_norm ----------------------------------------------------------------------------


def test_global_norm_matches_torch():
    x, labels, init = make_mlp()
    params, grads = mlp_grads()
    leaves = torch_grads(x, labels, init)
    want = torch.nn.utils.get_total_norm([leaf.grad for leaf in leaves], norm_type=2.0).item()
    with grads:
        assert grads.global_norm() == pytest.approx(want, rel=RTOL)
        stacked = np.concatenate([g.ravel() for g in grad_arrays(params, grads)])
        assert grads.global_norm() == pytest.approx(np.linalg.norm(stacked), rel=RTOL)


def test_global_norm_of_known_gradients():
    sess = et.Session(dtype="float64")
    a, b = et.Parameter(np.zeros(2)), et.Parameter(np.zeros((1, 1)))
    loss = (sess.use(a) * np.array([3.0, 0.0])).sum() + (sess.use(b) * 4.0).sum()
    with sess.backward(loss) as grads:
        assert grads.global_norm() == 5.0


def test_global_norm_of_released_map_raises():
    params, grads = mlp_grads()
    grads[params[1]].release()
    with pytest.raises(et.ReleasedBufferError):
        grads.global_norm()
    grads.release()


# --- clip_norm_ -----------------------------------------------------------------------------


@pytest.mark.parametrize("max_norm", [0.05, 0.3, 1.0])
def test_clip_norm_scales_like_torch_and_returns_pre_clip_norm(max_norm):
    x, labels, init = make_mlp()
    params, grads = mlp_grads(scale=10.0)
    leaves = torch_grads(x, labels, init, scale=10.0)
    t_norm = torch.nn.utils.clip_grad_norm_(leaves, max_norm).item()
    with grads:
        pre = grads.global_norm()
        assert pre > max_norm  # this case clips
        returned = grads.clip_norm_(max_norm)
        assert returned == pre
        assert returned == pytest.approx(t_norm, rel=RTOL)
        for g, leaf in zip(grad_arrays(params, grads), leaves, strict=True):
            np.testing.assert_allclose(g, leaf.grad.numpy(), rtol=RTOL, atol=1e-15)
        assert grads.global_norm() == pytest.approx(max_norm * pre / (pre + 1e-6), rel=RTOL)


def test_clip_norm_leaves_small_gradients_unchanged_like_torch():
    x, labels, init = make_mlp()
    params, grads = mlp_grads()
    leaves = torch_grads(x, labels, init)
    with grads:
        before = grad_arrays(params, grads)
        max_norm = 10.0 * grads.global_norm()
        t_norm = torch.nn.utils.clip_grad_norm_(leaves, max_norm).item()
        assert grads.clip_norm_(max_norm) == pytest.approx(t_norm, rel=RTOL)
        for g, b, leaf in zip(grad_arrays(params, grads), before, leaves, strict=True):
            np.testing.assert_array_equal(g, b)
            np.testing.assert_allclose(g, leaf.grad.numpy(), rtol=RTOL, atol=1e-15)


def test_clip_norm_then_adam_matches_torch_for_ten_steps():
    x, labels, init = make_mlp()
    params = [et.Parameter(a) for a in init]
    opt = et.optim.Adam(params, lr=0.05)
    sess = et.Session(dtype="float64")
    leaves = [torch.tensor(a, requires_grad=True) for a in init]
    t_opt = torch.optim.Adam(leaves, lr=0.05)
    for _ in range(10):
        with sess.backward(et_loss(sess, x, labels, params) * 5.0) as grads:
            sess.reset_tape()
            norm = grads.clip_norm_(0.5)
            opt.step(grads)
        t_opt.zero_grad()
        w1, b1, w2, b2 = leaves
        hidden = torch.tanh(F.linear(torch.from_numpy(x), w1, b1))
        (F.cross_entropy(F.linear(hidden, w2, b2), torch.from_numpy(labels)) * 5.0).backward()
        t_norm = torch.nn.utils.clip_grad_norm_(leaves, 0.5).item()
        t_opt.step()
        assert norm == pytest.approx(t_norm, rel=1e-9)
        for p, leaf in zip(params, leaves, strict=True):
            np.testing.assert_allclose(p.numpy(), leaf.detach().numpy(), rtol=1e-9, atol=1e-12)


def test_clip_norm_of_released_map_raises_and_keeps_other_grads():
    params, grads = mlp_grads(scale=10.0)
    before = grad_arrays(params, grads)
    grads[params[3]].release()
    with pytest.raises(et.ReleasedBufferError):
        grads.clip_norm_(0.01)
    for p, b in zip(params[:3], before[:3], strict=True):
        np.testing.assert_array_equal(grads[p].numpy(), b)
    grads.release()


# --- non-finite gradients -------------------------------------------------------------------


def inf_grads():
    """d/dp log(p) at p = [0, 2]: [inf, 0.5]; plus a finite second parameter."""
    sess = et.Session(dtype="float64")
    p, q = et.Parameter(np.array([0.0, 2.0])), et.Parameter(np.array([1.0, -1.0]))
    loss = sess.use(p).log().sum() + (sess.use(q) * 3.0).sum()
    grads = sess.backward(loss)
    sess.reset_tape()
    return (p, q), grads


def nan_grads():
    """d/dp p² at p = [nan, 1]: [nan, 2]; plus a finite second parameter."""
    sess = et.Session(dtype="float64")
    p, q = et.Parameter(np.array([np.nan, 1.0])), et.Parameter(np.array([1.0, -1.0]))
    loss = (sess.use(p) ** 2).sum() + (sess.use(q) * 3.0).sum()
    grads = sess.backward(loss)
    sess.reset_tape()
    return (p, q), grads


def torch_clipped(params, grads, max_norm):
    """torch.nn.utils.clip_grad_norm_(error_if_nonfinite=False) on copies of `grads`."""
    leaves = [torch.tensor(p.numpy()) for p in params]
    for leaf, p in zip(leaves, params, strict=True):
        leaf.grad = torch.tensor(grads[p].numpy())
    norm = torch.nn.utils.clip_grad_norm_(leaves, max_norm, error_if_nonfinite=False).item()
    return norm, [leaf.grad.numpy() for leaf in leaves]


@pytest.mark.parametrize("make", [inf_grads, nan_grads], ids=["inf", "nan"])
def test_clip_norm_of_nonfinite_grads_raises_and_changes_nothing(make):
    params, grads = make()
    before = grad_arrays(params, grads)
    with pytest.raises(et.NonFiniteError) as info:
        grads.clip_norm_(1.0)
    assert isinstance(info.value, RuntimeError)
    assert isinstance(info.value, et.EagerTapeError)
    for g, b in zip(grad_arrays(params, grads), before, strict=True):
        np.testing.assert_array_equal(g, b)  # NaNs compare equal here
    grads.release()


def test_torch_also_raises_on_nonfinite_norm():
    leaf = torch.tensor([0.0, 2.0], dtype=torch.float64)
    leaf.grad = torch.tensor([np.inf, 0.5], dtype=torch.float64)
    with pytest.raises(RuntimeError):
        torch.nn.utils.clip_grad_norm_([leaf], 1.0, error_if_nonfinite=True)


@pytest.mark.parametrize("make", [inf_grads, nan_grads], ids=["inf", "nan"])
def test_clip_norm_of_nonfinite_grads_proceeds_like_torch_when_allowed(make):
    params, grads = make()
    t_norm, t_grads = torch_clipped(params, grads, 1.0)
    with grads:
        norm = grads.clip_norm_(1.0, error_if_nonfinite=False)
        np.testing.assert_array_equal(norm, t_norm)
        for g, t in zip(grad_arrays(params, grads), t_grads, strict=True):
            np.testing.assert_array_equal(g, t)


def test_global_norm_of_inf_gradient_is_inf():
    _, grads = inf_grads()
    with grads:
        assert grads.global_norm() == np.inf


# --- is_finite ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "finite"),
    [(inf_grads, False), (nan_grads, False), (lambda: mlp_grads(), True)],
    ids=["inf", "nan", "finite"],
)
def test_is_finite(make, finite):
    _, grads = make()
    with grads:
        assert grads.is_finite() is finite


def test_is_finite_of_released_map_raises():
    _, grads = mlp_grads()
    grads.release()
    with pytest.raises(et.ReleasedBufferError):
        grads.is_finite()


def test_is_finite_detects_a_single_huge_overflowing_gradient_in_float32():
    # 3e38 * 2 overflows float32 to inf in the gradient itself.
    sess = et.Session(dtype="float32")
    p = et.Parameter(np.array([1.0, 1.0], dtype=np.float32))
    with sess.backward((sess.use(p) * np.float32(3e38) * 2.0).sum()) as grads:
        assert not np.all(np.isfinite(grads[p].numpy()))
        assert grads.is_finite() is False
