"""Recycled tape buffers: `reset_tape` keeps a session's small intermediates for its next
forward pass (counted as `cached_bytes`, not live), the next forward writes into them, and
nothing anyone still holds is ever written over."""

from __future__ import annotations

import numpy as np
import torch

import eagertape as et


def chain(sess, p, n):
    x = sess.use(p)
    for _ in range(n):
        x = x + 1.0
    return x


def test_reset_keeps_small_intermediates_as_cached_bytes_not_live():
    sess = et.Session(dtype="float32")
    p = et.Parameter(np.zeros(4, dtype=np.float32))
    before = et.memory_stats()
    chain(sess, p, 10)
    sess.reset_tape()
    after = et.memory_stats()
    assert sess.cached_bytes == 10 * 16
    assert after["cached_bytes"] - before["cached_bytes"] == 160
    assert after["cached_buffers"] - before["cached_buffers"] == 10
    assert after["by_category"] == before["by_category"]
    assert after["live_bytes"] == before["live_bytes"]


def test_the_next_forward_reuses_cached_buffers_without_allocating():
    sess = et.Session(dtype="float32")
    p = et.Parameter(np.arange(4, dtype=np.float32))
    chain(sess, p, 10)
    sess.reset_tape()
    before = et.memory_stats()
    y = chain(sess, p, 10)
    after = et.memory_stats()
    assert after["allocations"] == before["allocations"]
    assert sess.cached_bytes == 0
    np.testing.assert_array_equal(y.numpy(), np.arange(4, dtype=np.float32) + 10)


def test_empty_cache_frees_the_cached_buffers_of_every_session():
    before = et.memory_stats()
    sessions = [et.Session(dtype="float32") for _ in range(3)]
    p = et.Parameter(np.zeros(8, dtype=np.float32))
    for s in sessions:
        chain(s, p, 5)
        s.reset_tape()
    assert et.memory_stats()["cached_bytes"] - before["cached_bytes"] == 3 * 5 * 32
    et.empty_cache()
    assert [s.cached_bytes for s in sessions] == [0, 0, 0]
    assert et.memory_stats()["cached_bytes"] == before["cached_bytes"]
    assert et.memory_stats()["cached_buffers"] == before["cached_buffers"]


def test_closing_a_session_frees_its_cached_buffers():
    before = et.memory_stats()
    sess = et.Session(dtype="float64")
    chain(sess, et.Parameter(np.zeros(3)), 4)
    sess.reset_tape()
    assert et.memory_stats()["cached_bytes"] - before["cached_bytes"] == 4 * 24
    del sess
    assert et.memory_stats()["cached_bytes"] == before["cached_bytes"]


def test_session_empty_cache_frees_only_that_session():
    a, b = et.Session(dtype="float32"), et.Session(dtype="float32")
    p = et.Parameter(np.zeros(2, dtype=np.float32))
    for s in (a, b):
        chain(s, p, 3)
        s.reset_tape()
    a.empty_cache()
    assert (a.cached_bytes, b.cached_bytes) == (0, 24)


def mlp_params(seed):
    rng = np.random.default_rng(seed)
    shapes = [(16, 8), (16,), (5, 16), (5,)]
    return [et.Parameter(rng.standard_normal(s).astype(np.float32) * 0.3) for s in shapes]


def train(recycle: bool, steps: int = 12) -> list[np.ndarray]:
    """An MLP step using every op that writes into recycled buffers (linear with a bias,
    tanh, sigmoid, relu, exp, log, softmax, log_softmax, + - * /, scalar ops, matmul)."""
    params = mlp_params(0)
    w1, b1, w2, b2 = params
    rng = np.random.default_rng(1)
    xs = rng.standard_normal((steps, 6, 8)).astype(np.float32)
    ys = rng.integers(0, 5, size=(steps, 6))
    opt = et.optim.SGD(params, lr=0.1, momentum=0.9)
    sess = et.Session(dtype="float32")
    for x_np, y_np in zip(xs, ys, strict=True):
        if not recycle:
            sess.empty_cache()
        x = sess.input(x_np)
        h = et.linear(x, sess.use(w1), sess.use(b1))
        h = h.tanh() * h.sigmoid() + h.relu() - (h * 0.5).exp() / 4.0
        h = (h * h + 1.0).log() ** 1.5
        logits = et.linear(h, sess.use(w2), sess.use(b2))
        probs = logits.softmax(1)
        loss = et.cross_entropy(logits, y_np) + (probs @ probs.transpose(0, 1)).mean() * 0.1
        loss = loss + (-logits.log_softmax(0)).mean() * 0.01
        with sess.backward(loss) as grads:
            sess.reset_tape()
            opt.step(grads)
        if recycle:
            assert sess.cached_bytes > 0
    return [p.numpy() for p in params]


def test_training_with_recycled_buffers_is_bit_identical_to_training_without():
    for with_pool, without in zip(train(True), train(False), strict=True):
        np.testing.assert_array_equal(with_pool, without)


def test_gradients_held_across_a_reset_are_never_written_over():
    sess = et.Session(dtype="float32")
    p = et.Parameter(np.array([1.0, 2.0, 3.0], dtype=np.float32))
    with sess.backward((sess.use(p).tanh() * 3.0).sum()) as grads:
        sess.reset_tape()  # the documented pattern: reset inside the gradient block
        expected = grads[p].numpy().copy()
        for _ in range(3):  # later forwards reuse what the reset kept
            (sess.use(p).tanh() * 3.0).sum()
            sess.reset_tape()
        np.testing.assert_array_equal(grads[p].numpy(), expected)
    t = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
    (t.tanh() * 3.0).sum().backward()
    np.testing.assert_allclose(expected, t.grad.numpy(), rtol=1e-5)


def test_torch_tensors_given_as_input_are_never_written_over():
    sess = et.Session(dtype="float32")
    data = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    original = data.clone()
    for _ in range(4):
        x = sess.input(data)
        ((x + 1.0).exp() * 2.0).sum()
        sess.reset_tape()
    torch.testing.assert_close(data, original, rtol=0, atol=0)


def test_cached_bytes_stay_constant_over_identical_steps():
    sess = et.Session(dtype="float32")
    params = mlp_params(2)
    w1, b1, w2, b2 = params
    x_np = np.ones((4, 8), dtype=np.float32)
    seen = []
    for _ in range(6):
        h = et.linear(sess.input(x_np), sess.use(w1), sess.use(b1)).tanh()
        loss = et.linear(h, sess.use(w2), sess.use(b2)).sum()
        with sess.backward(loss):
            sess.reset_tape()
        seen.append((et.memory_stats()["cached_bytes"], et.memory_stats()["allocations"]))
    cached = [c for c, _ in seen]
    per_step = np.diff([a for _, a in seen])
    assert len(set(cached[1:])) == 1 and cached[1] > 0
    assert len(set(per_step[1:].tolist())) == 1


def test_reference_backend_sessions_keep_no_buffers():
    """The CPU-only carriers allocate every result (no `_out` kernels), so their resets free
    everything at once instead of keeping buffers they could never reuse."""
    for kwargs in ({"dtype": "ieee32"}, {"dtype": "interval"}, {"backend": "reference"}):
        sess = et.Session(**kwargs)
        x = sess.input(np.ones(4))
        for _ in range(3):
            x = x + 1.0
        sess.reset_tape()
        assert sess.cached_bytes == 0, kwargs
