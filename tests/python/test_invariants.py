"""One test (or a few, one behaviour each) per guarantee 3-11 of docs/design.md."""

from __future__ import annotations

import re

import numpy as np
import pytest
from conftest import CATEGORIES, ledger_delta, session_state

import eagertape as et

STALE_MESSAGE = "stale tensor reference from generation 0; current generation is 1"


# --- invariant 3: handles are checked before anything is recorded -------------------------


def test_invariant_3_foreign_handle_is_rejected_without_changing_either_session():
    s1, s2 = et.Session(dtype="float64"), et.Session(dtype="float64")
    a = s1.input(np.ones((2, 2)))
    b = s2.input(np.ones((2, 2)))
    states = session_state(s1), session_state(s2)
    with pytest.raises(et.ForeignHandleError):
        a + b
    assert (session_state(s1), session_state(s2)) == states


def test_invariant_3_stale_handle_is_rejected_with_generation_message():
    sess = et.Session(dtype="float64")
    old = sess.input(np.ones(3))
    sess.reset_tape()
    fresh = sess.input(np.ones(3))
    state = session_state(sess)
    with pytest.raises(et.StaleHandleError, match=re.escape(STALE_MESSAGE)):
        fresh + old
    assert session_state(sess) == state


def test_invariant_3_foreign_is_reported_before_stale():
    s1, s2 = et.Session(dtype="float64"), et.Session(dtype="float64")
    a = s1.input(np.ones(3))
    b = s2.input(np.ones(3))
    b_loss = b.sum()
    s2.reset_tape()  # b and b_loss are now both stale (in s2) and foreign (to s1)
    state = session_state(s1)
    with pytest.raises(et.ForeignHandleError):
        a * b
    with pytest.raises(et.ForeignHandleError):
        s1.backward(b_loss)
    assert session_state(s1) == state


def test_invariant_3_rejected_call_leaves_rng_state_unchanged():
    sess = et.Session(dtype="float64", seed=11)
    sess.set_rng_state((11, 7))
    old = sess.input(np.ones(3))
    sess.reset_tape()
    with pytest.raises(et.StaleHandleError):
        old.relu()
    assert sess.rng_state() == (11, 7)
    assert sess.tape_len == 0
    assert sess.generation == 1


# --- invariant 4: reset_tape -------------------------------------------------------------


def test_invariant_4_reset_releases_every_tape_owned_buffer():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones((4, 4)))
    before = et.memory_stats()
    x = sess.input(np.ones((4, 4)))
    y = (x * sess.use(p)).tanh().softmax(0)
    assert y.shape == (4, 4)
    mid = ledger_delta(before, et.memory_stats())
    assert mid["by_category"]["tape"] > 0
    sess.reset_tape()
    after = ledger_delta(before, et.memory_stats())
    assert after["by_category"]["tape"] == 0
    assert after["live_bytes"] == 0
    assert after["live_buffers"] == 0


def test_invariant_4_reset_bumps_generation_and_empties_tape():
    sess = et.Session(dtype="float64")
    sess.input(np.ones(3)) * 2.0
    assert sess.tape_len >= 2
    sess.reset_tape()
    assert (sess.generation, sess.tape_len) == (1, 0)
    sess.reset_tape()
    assert (sess.generation, sess.tape_len) == (2, 0)


def test_invariant_4_reset_invalidates_every_handle():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(3))
    handles = [sess.input(np.ones(3)), sess.use(p)]
    handles.append(handles[0] + handles[1])
    sess.reset_tape()
    for h in handles:
        with pytest.raises(et.StaleHandleError):
            h.numpy()


def test_invariant_4_reset_keeps_parameters():
    sess = et.Session(dtype="float64")
    data = np.arange(6.0).reshape(2, 3)
    p = et.Parameter(data)
    param_bytes = et.memory_stats()["by_category"]["param"]
    (sess.use(p) * 3.0).sum()
    sess.reset_tape()
    np.testing.assert_array_equal(p.numpy(), data)
    assert p.version == 0
    assert et.memory_stats()["by_category"]["param"] == param_bytes
    with sess:
        np.testing.assert_array_equal(sess.use(p).numpy(), data)


def test_invariant_4_reset_does_not_rewind_rng_state():
    sess = et.Session(dtype="float64", seed=3)
    sess.set_rng_state((3, 41))
    sess.input(np.ones(2)).exp()
    sess.reset_tape()
    assert sess.rng_state() == (3, 41)


# Values up to the pool's buffer limit (64 KiB) stay until the reset, which keeps them for the
# next forward pass; these tests use larger ones (128 x 128 float64 = 128 KiB).
N = 128
BIG = N * N * 8


def test_invariant_4_dropping_handles_frees_nothing_a_backward_reads():
    # torch: y = x * x saves x; z = y.exp() saves z; neither saves y
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.full((N, N), 0.5))
    before = et.memory_stats()
    x = sess.use(p)  # the parameter's snapshot: borrowed, never freed by the tape
    y = x * x
    z = y.exp()
    loss = z.sum()
    del x, y, z
    held = ledger_delta(before, et.memory_stats())["by_category"]["tape"]
    # z and the loss stay; y is down to its placeholder (a view of one element shared by
    # every placeholder of the process: no ledger bytes)
    assert held == BIG + 8
    with sess.backward(loss) as grads:
        np.testing.assert_allclose(grads[p].numpy(), 2 * 0.5 * np.exp(0.25), rtol=1e-15)
    del loss
    sess.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == 0


def test_invariant_4_the_last_handle_of_a_value_nothing_reads_frees_it_at_once():
    sess = et.Session(dtype="float64")
    before = et.memory_stats()
    x = sess.input(np.ones((N, N)))
    y = x + x  # + reads no values; nothing requires a gradient
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == 2 * BIG
    del x  # CPython frees the Tensor here, and the session the value it named
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == BIG
    del y
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == 0
    sess.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == 0


def test_invariant_4_values_the_pool_keeps_stay_until_the_reset():
    sess = et.Session(dtype="float64")
    before = et.memory_stats()
    x = sess.input(np.ones((8, 8)))
    y = x + x  # 512 bytes: the reset keeps it for the next forward pass
    del y
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == 2 * 64 * 8
    del x  # an input is not a pooled output: freed
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == 64 * 8
    sess.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == 0


def test_invariant_4_a_second_handle_keeps_the_value():
    sess = et.Session(dtype="float64")
    before = et.memory_stats()
    x = sess.input(np.ones((N, N)))
    alias = x.contiguous()  # another Tensor naming the same node
    del x
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == BIG
    np.testing.assert_array_equal(alias.numpy(), np.ones((N, N)))
    del alias
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == 0
    sess.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == 0


# --- invariant 5: snapshots --------------------------------------------------------------


def test_invariant_5_leaf_value_survives_parameter_assign():
    sess = et.Session(dtype="float64")
    old = np.arange(4.0)
    p = et.Parameter(old)
    w = sess.use(p)
    p.assign(np.full(4, 9.0))
    np.testing.assert_array_equal(w.numpy(), old)
    np.testing.assert_array_equal(p.numpy(), np.full(4, 9.0))


def test_invariant_5_gradient_uses_recorded_snapshot_after_sgd_step():
    sess = et.Session(dtype="float64")
    old = np.array([1.0, -2.0, 3.0])
    p = et.Parameter(old)
    opt = et.optim.SGD([p], lr=0.5)
    w = sess.use(p)
    loss = (w * w).sum()  # d/dw = 2w
    with sess.backward(loss) as g:
        opt.step(g)  # p is now old - 0.5 * 2 * old = 0
    np.testing.assert_array_equal(p.numpy(), np.zeros(3))
    np.testing.assert_array_equal(w.numpy(), old)
    with sess.backward(loss) as g:
        np.testing.assert_array_equal(g[p].numpy(), 2.0 * old)


def test_invariant_5_reset_in_one_session_keeps_snapshot_of_another():
    s1, s2 = et.Session(dtype="float64"), et.Session(dtype="float64")
    old = np.arange(5.0)
    p = et.Parameter(old)
    w1 = s1.use(p)
    s2.use(p)
    s2.reset_tape()
    p.assign(old + 100.0)
    s2.use(p)
    s2.reset_tape()
    np.testing.assert_array_equal(w1.numpy(), old)
    np.testing.assert_array_equal((w1 * 2.0).numpy(), 2.0 * old)


def test_invariant_5_last_holder_frees_replaced_snapshot():
    s1, s2 = et.Session(dtype="float64"), et.Session(dtype="float64")
    p = et.Parameter(np.zeros((16, 16)))
    nbytes = 16 * 16 * 8
    before = et.memory_stats()
    s1.use(p)
    s2.use(p)
    assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == 0
    p.assign(np.ones((16, 16)))
    assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == nbytes
    s1.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == nbytes
    s2.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == 0


def test_invariant_5_snapshot_outlives_dropped_parameter_while_taped():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.full((4, 4), 2.0))
    before = et.memory_stats()
    w = sess.use(p)
    del p
    assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == 0
    np.testing.assert_array_equal(w.numpy(), np.full((4, 4), 2.0))
    sess.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == -4 * 4 * 8


# --- invariant 6: unshared fast path ------------------------------------------------------


def _grads_of_square(sess, p):
    w = sess.use(p)
    return sess.backward((w * w).sum())


def test_invariant_6_unshared_update_allocates_nothing():
    sess = et.Session(dtype="float64")
    data = np.linspace(-1.0, 1.0, 128).reshape(16, 8)
    p = et.Parameter(data)
    opt = et.optim.SGD([p], lr=0.25)
    with _grads_of_square(sess, p) as g:
        sess.reset_tape()
        before = et.memory_stats()
        opt.step(g)
        delta = ledger_delta(before, et.memory_stats())
    assert delta["allocations"] == 0
    assert delta["by_category"]["param"] == 0
    assert delta["live_buffers"] == 0
    np.testing.assert_allclose(p.numpy(), data - 0.25 * 2.0 * data, rtol=1e-15)
    assert p.version == 1


def test_invariant_6_update_of_taped_snapshot_copies_on_write():
    sess = et.Session(dtype="float64")
    data = np.linspace(-1.0, 1.0, 128).reshape(16, 8)
    p = et.Parameter(data)
    opt = et.optim.SGD([p], lr=0.25)
    with _grads_of_square(sess, p) as g:
        before = et.memory_stats()
        opt.step(g)
        delta = ledger_delta(before, et.memory_stats())
    assert delta["by_category"]["param"] == 128 * 8
    assert delta["allocations"] >= 1
    sess.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == 0
    np.testing.assert_allclose(p.numpy(), data - 0.25 * 2.0 * data, rtol=1e-15)


def test_invariant_6_update_held_by_another_session_copies_on_write():
    s1, s2 = et.Session(dtype="float64"), et.Session(dtype="float64")
    data = np.linspace(-1.0, 1.0, 64)
    p = et.Parameter(data)
    opt = et.optim.SGD([p], lr=0.5)
    w2 = s2.use(p)
    with _grads_of_square(s1, p) as g:
        s1.reset_tape()
        before = et.memory_stats()
        opt.step(g)
        assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == 64 * 8
    np.testing.assert_array_equal(w2.numpy(), data)
    s2.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == 0


# --- invariant 7: Buffer.release ---------------------------------------------------------


def test_invariant_7_release_returns_true_then_false_and_frees_once():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones((8, 4)))
    g = _grads_of_square(sess, p)
    buf = g[p]
    before = et.memory_stats()
    assert buf.release() is True
    assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == -8 * 4 * 8
    assert buf.release() is False
    assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == -8 * 4 * 8
    assert (buf.released, buf.numel, buf.nbytes) == (True, 0, 0)


def test_invariant_7_reading_released_buffer_raises():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(3))
    buf = _grads_of_square(sess, p)[p]
    buf.release()
    with pytest.raises(et.ReleasedBufferError):
        buf.numpy()


def test_invariant_7_dropping_released_buffer_is_safe():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(3))
    g = _grads_of_square(sess, p)
    buf = g[p]
    buf.release()
    before = et.memory_stats()
    del buf
    g.release()
    del g
    assert ledger_delta(before, et.memory_stats())["live_bytes"] == 0


def test_invariant_7_release_of_one_gradient_keeps_the_other():
    sess = et.Session(dtype="float64")
    p1, p2 = et.Parameter(np.zeros(5)), et.Parameter(np.zeros(5))
    g = sess.backward((sess.use(p1) + sess.use(p2)).sum())  # both gradients are all ones
    g[p1].release()
    np.testing.assert_array_equal(g[p2].numpy(), np.ones(5))
    g.release()


def test_invariant_7_releasing_gradients_keeps_parameter_snapshots():
    sess = et.Session(dtype="float64")
    a, b = np.arange(1.0, 6.0), np.arange(6.0, 11.0)
    p1, p2 = et.Parameter(a), et.Parameter(b)
    w1, w2 = sess.use(p1), sess.use(p2)
    g = sess.backward((w1 * w2).sum())  # grad of p1 is b, grad of p2 is a
    np.testing.assert_array_equal(g[p1].numpy(), b)
    g.release()
    np.testing.assert_array_equal(p1.numpy(), a)
    np.testing.assert_array_equal(p2.numpy(), b)
    np.testing.assert_array_equal(w2.numpy(), b)
    np.testing.assert_array_equal((w1 * w2).numpy(), a * b)


# --- invariant 8: GradMap release and summing ---------------------------------------------


def test_invariant_8_grad_map_context_releases_every_buffer():
    sess = et.Session(dtype="float64")
    p1, p2 = et.Parameter(np.ones((4, 4))), et.Parameter(np.ones((4, 1)))
    before = et.memory_stats()
    with sess.backward(((sess.use(p1) @ sess.use(p2)) ** 2).sum()) as g:
        assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == (16 + 4) * 8
        bufs = [g[p1], g[p2]]
    assert all(b.released for b in bufs)
    assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == 0


def test_invariant_8_grad_map_context_releases_when_body_raises():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones((4, 4)))
    before = et.memory_stats()
    with pytest.raises(KeyError, match="boom"), _grads_of_square(sess, p) as g:
        buf = g[p]
        raise KeyError("boom")
    assert buf.released
    assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == 0


def test_invariant_8_with_grad_map_returns_action_result_and_releases():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.full(3, 2.0))
    g = _grads_of_square(sess, p)
    buf = g[p]
    result = et.with_grad_map(g, lambda gm: gm[p].numpy().sum())
    assert result == 12.0
    assert buf.released


def test_invariant_8_with_grad_map_releases_when_action_raises():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.full(3, 2.0))
    before = et.memory_stats()
    g = _grads_of_square(sess, p)
    buf = g[p]

    def action(gm):
        raise RuntimeError("optimizer failed")

    with pytest.raises(RuntimeError, match="optimizer failed"):
        et.with_grad_map(g, action)
    assert buf.released
    assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == 0


def test_invariant_8_parameter_used_twice_gets_summed_gradient():
    sess = et.Session(dtype="float64")
    data = np.array([1.0, -2.0, 0.5])
    p = et.Parameter(data)
    loss = (sess.use(p) * 3.0 + sess.use(p).tanh()).sum()
    with sess.backward(loss) as g:
        assert len(g) == 1
        np.testing.assert_allclose(g[p].numpy(), 3.0 + (1.0 - np.tanh(data) ** 2), rtol=1e-12)


# --- invariant 9: check_size --------------------------------------------------------------


def test_invariant_9_check_size_accepts_a_live_buffer():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones((3, 4)))
    with _grads_of_square(sess, p) as g:
        assert g[p].check_size("live gradient") is None


def test_invariant_9_check_size_names_where_and_counts():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones((3, 4)))
    with _grads_of_square(sess, p) as g:
        buf = g[p]
        buf.release()
        with pytest.raises(et.BufferSizeError) as info:
            buf.check_size("sgd input for w")
    message = str(info.value)
    assert "sgd input for w" in message
    assert "12" in message


# --- invariant 10: optimizer validates before mutating ------------------------------------


@pytest.mark.parametrize("released_index", [0, 1, 2])
def test_invariant_10_step_with_released_gradient_changes_nothing(released_index):
    sess = et.Session(dtype="float64")
    arrays = [np.full(3, 1.0), np.full((2, 2), 2.0), np.full(4, 3.0)]
    params = [et.Parameter(a) for a in arrays]
    opt = et.optim.SGD(params, lr=0.1)
    loss = sum((sess.use(p) * sess.use(p)).sum() for p in params)
    with sess.backward(loss) as g:
        sess.reset_tape()
        g[params[released_index]].release()
        before = et.memory_stats()
        with pytest.raises(et.ReleasedBufferError):
            opt.step(g)
        assert ledger_delta(before, et.memory_stats())["live_bytes"] == 0
    for p, a in zip(params, arrays, strict=True):
        np.testing.assert_array_equal(p.numpy(), a)
        assert p.version == 0


@pytest.mark.parametrize("lr", [float("nan"), float("inf"), -float("inf"), -0.1])
def test_invariant_10_non_finite_or_negative_learning_rate_is_rejected(lr):
    p = et.Parameter(np.ones(3))
    with pytest.raises(ValueError):
        et.optim.SGD([p], lr=lr)
    np.testing.assert_array_equal(p.numpy(), np.ones(3))
    assert p.version == 0


# --- invariant 11: exact memory accounting ------------------------------------------------


def test_invariant_11_parameter_bytes_are_exact():
    before = et.memory_stats()
    p64 = et.Parameter(np.zeros((3, 4)))
    p32 = et.Parameter(np.zeros((5,), dtype=np.float32))
    delta = ledger_delta(before, et.memory_stats())
    assert delta["by_category"]["param"] == 3 * 4 * 8 + 5 * 4
    assert delta["live_buffers"] == 2
    assert delta["allocations"] == 2
    del p64, p32
    assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == 0


def test_invariant_11_tape_bytes_are_exact_and_views_are_free():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.zeros((5, 4)))
    before = et.memory_stats()
    x = sess.input(np.ones((5, 4)))
    w = sess.use(p)
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == 160
    y = x + w
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == 320
    y.reshape(20)
    y.transpose(0, 1)
    delta = ledger_delta(before, et.memory_stats())
    assert delta["by_category"]["tape"] == 320
    assert delta["by_category"]["param"] == 0
    assert delta["live_buffers"] == 2


def test_invariant_11_gradient_bytes_are_exact():
    sess = et.Session(dtype="float32")
    p1, p2 = (
        et.Parameter(np.ones((6, 5), dtype=np.float32)),
        et.Parameter([1.0, 2.0, 3.0]),
    )
    loss = (sess.use(p1).sum() * 2.0) + sess.use(p2).sum()
    before = et.memory_stats()
    g = sess.backward(loss)
    assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == (30 + 3) * 4
    assert g[p1].nbytes == 120 and g[p1].numel == 30
    g.release()
    assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == 0


def test_invariant_11_live_bytes_is_the_sum_of_categories():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(7))
    with sess:
        g = sess.backward((sess.use(p) * sess.input(np.ones(7))).sum())
        stats = et.memory_stats()
        assert set(stats["by_category"]) == set(CATEGORIES)
        assert stats["live_bytes"] == sum(stats["by_category"].values())
        assert stats["peak_bytes"] >= stats["live_bytes"]
        g.release()


def test_invariant_11_peak_tracks_maximum_since_reset():
    sess = et.Session(dtype="float64")
    et.reset_peak_memory_stats()
    start = et.memory_stats()
    assert start["peak_bytes"] == start["live_bytes"]
    sess.input(np.zeros((32, 32)))
    sess.reset_tape()
    stats = et.memory_stats()
    assert stats["live_bytes"] == start["live_bytes"]
    assert stats["peak_bytes"] == start["live_bytes"] + 32 * 32 * 8
    et.reset_peak_memory_stats()
    assert et.memory_stats()["peak_bytes"] == start["live_bytes"]


def test_invariant_11_empty_cache_leaves_ledger_unchanged():
    sess = et.Session(dtype="float64")
    x = sess.input(np.ones((16, 16)))
    assert x.shape == (16, 16)
    before = et.memory_stats()
    et.empty_cache()
    assert ledger_delta(before, et.memory_stats()) == ledger_delta(before, before)


def test_a_grad_disabled_evaluation_loop_holds_no_values_beyond_its_handles():
    # An evaluation loop that never resets: in a grad-disabled session no backward reads any
    # value, so each goes with its last handle (torch's no_grad); small outputs are not kept
    # for a reset that never comes. The tape's bytes after batch 200 equal those after batch
    # 20 (only the node records, a few bytes each, remain until a reset).
    sess = et.Session(dtype="float32", grad_enabled=False)
    rng = np.random.default_rng(0)
    w1 = et.Parameter(rng.standard_normal((64, 32)).astype(np.float32))
    w2 = et.Parameter(rng.standard_normal((10, 64)).astype(np.float32))
    xb = rng.standard_normal((128, 32)).astype(np.float32)

    def batch():
        h = et.linear(sess.input(xb), sess.use(w1)).relu()
        y = et.linear(h, sess.use(w2))
        return (y.argmax(1) == 0).sum().item()

    tape = {}
    for i in range(1, 201):
        batch()
        if i in (20, 200):
            tape[i] = et.memory_stats()["by_category"]["tape"]
    per_node = 16  # a freed value leaves a one-element placeholder at most
    assert tape[200] - tape[20] <= 180 * 9 * per_node, tape
    sess.reset_tape()
    assert et.memory_stats()["by_category"]["tape"] == 0
