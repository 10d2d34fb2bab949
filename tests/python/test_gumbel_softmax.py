"""``F.gumbel_softmax``: its draws are the session's (not torch's), so its law is checked:
soft samples are distributions along ``dim``, hard ones one-hot with the soft sample's
gradient (straight-through), the Gumbel-max frequencies follow ``softmax(logits)``, the same
seed draws the same samples, and bad input is refused with nothing recorded."""

from __future__ import annotations

import numpy as np
import pytest

import eagertape as et
import eagertape.nn.functional as F


def test_a_soft_sample_is_a_distribution_along_dim():
    with et.Session(dtype="float64", seed=0):
        y = F.gumbel_softmax(
            et.tensor(np.random.default_rng(0).standard_normal((6, 5))), tau=0.7, dim=0
        )
        v = y.numpy()
    assert (v > 0).all()
    np.testing.assert_allclose(v.sum(0), 1.0, rtol=1e-12)


def test_a_hard_sample_is_one_hot_with_the_soft_samples_gradient():
    logits = np.random.default_rng(1).standard_normal((4, 6))
    w = np.arange(6.0)

    def grad(hard):
        with et.Session(dtype="float64", seed=5):
            x = et.tensor(logits, dtype=et.float64, requires_grad=True)
            y = F.gumbel_softmax(x, tau=0.5, hard=hard)
            (y * et.tensor(w, dtype=et.float64)).sum().backward()
            return y.numpy(), x.grad.numpy()

    hard, g_hard = grad(True)
    soft, g_soft = grad(False)
    assert set(np.unique(hard).tolist()) == {0.0, 1.0}
    np.testing.assert_array_equal(hard.sum(1), np.ones(4))
    np.testing.assert_array_equal(hard.argmax(1), soft.argmax(1))
    np.testing.assert_allclose(g_hard, g_soft, rtol=1e-12, atol=1e-15)


def test_the_hard_samples_follow_the_softmax_of_the_logits():
    p = np.array([0.1, 0.2, 0.3, 0.4])
    with et.Session(dtype="float64", seed=2):
        logits = et.tensor(np.log(np.tile(p, (40_000, 1))), dtype=et.float64)
        counts = F.gumbel_softmax(logits, hard=True).numpy().sum(0) / 40_000
    np.testing.assert_allclose(counts, p, atol=0.01)


def test_the_same_seed_draws_the_same_samples():
    def draw():
        with et.Session(seed=9):
            return F.gumbel_softmax(et.zeros(3, 4)).numpy()

    np.testing.assert_array_equal(draw(), draw())


def test_integer_logits_are_refused_and_nothing_is_recorded():
    with et.Session() as sess:
        x = et.arange(4)
        before = sess.tape_len
        with pytest.raises(et.DTypeError):
            F.gumbel_softmax(x)
        assert sess.tape_len == before
