"""Fault injection: whatever fails mid-step (the optimizer, a user action, a
KeyboardInterrupt, a kernel at the k-th node of backward), no gradient or tape bytes stay
behind, the session keeps working and no parameter changes."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import ledger_delta

import eagertape as et


def model():
    rng = np.random.default_rng(0)
    params = [
        et.Parameter(rng.standard_normal((4, 3)), name="w1"),
        et.Parameter(rng.standard_normal(4), name="b1"),
        et.Parameter(rng.standard_normal((2, 4)), name="w2"),
    ]
    x = rng.standard_normal((5, 3))
    return params, x


def loss_of(sess, params, x):
    w1, b1, w2 = (sess.use(p) for p in params)
    return et.linear(et.linear(sess.input(x), w1, b1).tanh(), w2).sum()


def snapshot(params):
    return [(p.numpy().copy(), p.version) for p in params]


def assert_unchanged(params, snap):
    for p, (value, version) in zip(params, snap, strict=True):
        np.testing.assert_array_equal(p.numpy(), value)
        assert p.version == version


def assert_no_step_bytes(before):
    delta = ledger_delta(before, et.memory_stats())["by_category"]
    assert (delta["grad"], delta["tape"]) == (0, 0)


def reference_grads(params, x):
    with et.Session(dtype="float64") as s, s.backward(loss_of(s, params, x)) as g:
        return [g[p].numpy().copy() for p in params]


def test_exception_in_the_optimizer_inside_with_grads_releases_everything():
    params, x = model()
    opt, sess = et.optim.SGD(params, lr=0.1), et.Session(dtype="float64")
    snap, before = snapshot(params), et.memory_stats()

    class Boom(Exception):
        pass

    with pytest.raises(Boom), sess, sess.backward(loss_of(sess, params, x)) as grads:
        sess.reset_tape()
        raise Boom("optimizer failed")
    assert all(grads[p].released for p in params)
    assert_no_step_bytes(before)
    assert_unchanged(params, snap)
    with sess, sess.backward(loss_of(sess, params, x)) as grads:  # the session works
        opt.step(grads)
    assert params[0].version == snap[0][1] + 1


def test_exception_in_a_with_grad_map_action_releases_and_propagates():
    params, x = model()
    sess = et.Session(dtype="float64")
    snap, before = snapshot(params), et.memory_stats()
    with sess:
        grads = sess.backward(loss_of(sess, params, x))

    def action(g):
        raise ValueError("user action failed")

    with pytest.raises(ValueError, match="user action failed"):
        et.with_grad_map(grads, action)
    assert all(grads[p].released for p in params)
    assert_no_step_bytes(before)
    assert_unchanged(params, snap)


def test_keyboard_interrupt_inside_with_grads_releases_everything():
    params, x = model()
    sess = et.Session(dtype="float64")
    snap, before = snapshot(params), et.memory_stats()
    with pytest.raises(KeyboardInterrupt), sess, sess.backward(loss_of(sess, params, x)):
        raise KeyboardInterrupt
    assert_no_step_bytes(before)
    assert_unchanged(params, snap)
    assert sess.tape_len == 0


@pytest.mark.parametrize("k", [1, 2, 3, 5, 7])
def test_failure_at_the_kth_backward_node_leaves_nothing_behind(k):
    params, x = model()
    sess = et.Session(dtype="float64")
    snap, before = snapshot(params), et.memory_stats()
    with sess:
        loss = loss_of(sess, params, x)
        sess._inject_backward_failure(k)
        with pytest.raises(et.BackendError, match=f"injected failure at backward node {k}"):
            sess.backward(loss)
        # The tape is intact: a second backward of the same loss succeeds.
        with sess.backward(loss) as grads:
            got = [grads[p].numpy().copy() for p in params]
    assert_no_step_bytes(before)
    assert_unchanged(params, snap)
    for g, want in zip(got, reference_grads(params, x), strict=True):
        np.testing.assert_allclose(g, want, rtol=1e-12)


@pytest.mark.parametrize("k", [1, 4, 7])
def test_failure_inside_train_step_empties_the_tape_and_changes_no_parameter(k):
    params, x = model()
    opt, sess = et.optim.Adam(params, lr=0.1), et.Session(dtype="float64")
    snap, before = snapshot(params), et.memory_stats()
    loss = loss_of(sess, params, x)
    sess._inject_backward_failure(k)
    with pytest.raises(et.BackendError):
        sess.train_step(loss, opt)
    assert sess.tape_len == 0
    assert_no_step_bytes(before)
    assert_unchanged(params, snap)
    assert opt.state_dict()["state"] == {}
    sess.train_step(loss_of(sess, params, x), opt)  # the session works
    assert all(p.version == v + 1 for p, (_, v) in zip(params, snap, strict=True))


def test_failure_in_backward_into_leaves_the_accumulator_unchanged():
    params, x = model()
    sess = et.Session(dtype="float64")
    with sess:
        acc = sess.backward(loss_of(sess, params, x))
    kept = [acc[p].numpy().copy() for p in params]
    with sess:
        loss = loss_of(sess, params, x)
        sess._inject_backward_failure(3)
        with pytest.raises(et.BackendError):
            sess.backward(loss, into=acc)
    for p, want in zip(params, kept, strict=True):
        np.testing.assert_array_equal(acc[p].numpy(), want)
    acc.release()
