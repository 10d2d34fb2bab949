"""backward(): which parameters get gradients, summing, repeat calls, `into=`, deep chains."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import DEVICE, DEVICE_INDEX, ON_CUDA, ledger_delta

import eagertape as et


def test_backward_returns_one_entry_per_trainable_parameter_used():
    sess = et.Session(dtype="float64")
    used1, used2 = et.Parameter(np.ones(3)), et.Parameter(np.ones(3))
    frozen = et.Parameter(np.ones(3), requires_grad=False)
    unused = et.Parameter(np.ones(3))
    x = sess.input(np.ones(3), requires_grad=True)
    loss = (sess.use(used1) * sess.use(used2) * sess.use(frozen) * x).sum()
    with sess.backward(loss) as g:
        assert len(g) == 2
        assert used1 in g and used2 in g
        assert frozen not in g and unused not in g
        assert sorted(p.id for p in g.params()) == sorted([used1.id, used2.id])


def test_grad_map_lookup_of_absent_parameter_raises_key_error():
    sess = et.Session(dtype="float64")
    used, frozen = et.Parameter(np.ones(2)), et.Parameter(np.ones(2), requires_grad=False)
    with sess.backward((sess.use(used) + sess.use(frozen)).sum()) as g, pytest.raises(KeyError):
        g[frozen]


def test_gradient_through_frozen_parameter_uses_its_value():
    sess = et.Session(dtype="float64")
    trainable = et.Parameter(np.array([1.0, 2.0]))
    frozen = et.Parameter(np.array([3.0, -4.0]), requires_grad=False)
    with sess.backward((sess.use(trainable) * sess.use(frozen)).sum()) as g:
        np.testing.assert_array_equal(g[trainable].numpy(), [3.0, -4.0])


def test_one_leaf_used_twice_gets_summed_gradient():
    sess = et.Session(dtype="float64")
    data = np.array([1.5, -2.0, 0.25])
    p = et.Parameter(data)
    w = sess.use(p)
    with sess.backward((w * w + w).sum()) as g:
        np.testing.assert_array_equal(g[p].numpy(), 2.0 * data + 1.0)


def test_grad_map_release_is_idempotent_and_frees_every_buffer():
    sess = et.Session(dtype="float64")
    p1, p2 = et.Parameter(np.ones(4)), et.Parameter(np.ones((2, 3)))
    before = et.memory_stats()
    g = sess.backward(sess.use(p1).sum() * sess.use(p2).sum())
    bufs = [g[p1], g[p2]]
    g.release()
    g.release()
    assert all(b.released for b in bufs)
    assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == 0


def test_gradient_buffer_metadata():
    sess = et.Session(dtype="float32")
    p = et.Parameter(np.ones((4, 5), dtype=np.float32))
    with sess.backward(sess.use(p).mean()) as g:
        buf = g[p]
        assert (buf.shape, buf.numel, buf.nbytes) == ((4, 5), 20, 80)
        # A buffer names its storage's device with the ordinal: "cuda:0" for a session on "cuda".
        device = f"cuda:{DEVICE_INDEX}" if ON_CUDA else DEVICE
        assert (buf.dtype, buf.device, buf.released) == ("float32", device, False)
        np.testing.assert_allclose(buf.numpy(), np.full((4, 5), 1 / 20), rtol=1e-7)


def test_backward_can_run_twice_on_the_same_tape():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.array([0.5, -1.0]))
    loss = (sess.use(p).tanh() * 3.0).sum()
    with sess.backward(loss) as g1, sess.backward(loss) as g2:
        np.testing.assert_array_equal(g1[p].numpy(), g2[p].numpy())


def test_backward_into_adds_to_existing_gradients():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.array([1.0, 2.0, 3.0]))
    w = sess.use(p)
    loss = (w * w).sum()
    g = sess.backward(loss)
    result = sess.backward((w * 5.0).sum(), into=g)
    with g:
        assert len(g) == 1
        np.testing.assert_array_equal(g[p].numpy(), 2.0 * np.array([1.0, 2.0, 3.0]) + 5.0)
        assert len(result) == 1
        np.testing.assert_array_equal(result[p].numpy(), g[p].numpy())


def test_backward_into_adds_new_parameters():
    sess = et.Session(dtype="float64")
    p1, p2 = et.Parameter(np.ones(2)), et.Parameter(np.ones(3))
    g = sess.backward(sess.use(p1).sum())
    sess.backward((sess.use(p2) * 2.0).sum(), into=g)
    with g:
        assert len(g) == 2
        np.testing.assert_array_equal(g[p1].numpy(), np.ones(2))
        np.testing.assert_array_equal(g[p2].numpy(), np.full(3, 2.0))


def test_backward_of_one_element_non_scalar_loss():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.array([[2.0]]))
    with sess.backward(sess.use(p) * 3.0) as g:
        np.testing.assert_array_equal(g[p].numpy(), [[3.0]])


def test_gradient_is_reduced_to_parameter_shape_under_broadcasting():
    sess = et.Session(dtype="float64")
    bias = et.Parameter(np.zeros((1, 3)))
    x = sess.input(np.arange(12.0).reshape(4, 3))
    with sess.backward((x + sess.use(bias)).sum()) as g:
        assert g[bias].shape == (1, 3)
        np.testing.assert_array_equal(g[bias].numpy(), np.full((1, 3), 4.0))


def test_long_chain_backward_does_not_recurse():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.array([0.0, 1.0]))
    x = sess.use(p)
    for _ in range(100_000):
        x = x + 1.0
    np.testing.assert_array_equal(x.numpy(), [100_000.0, 100_001.0])
    with sess.backward(x.sum()) as g:
        np.testing.assert_array_equal(g[p].numpy(), [1.0, 1.0])
    sess.reset_tape()
    assert sess.tape_len == 0
