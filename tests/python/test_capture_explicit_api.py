"""`et.capture` of the explicit API: `sess.backward(loss)` into a `GradMap`,
`sess.reset_tape()`, `grads.clip_norm_(...)`, `opt.step(grads)` and `grads.release()` (or
leaving `with grads:`).

Each captured step and the same step run eagerly on a copy of the parameters, side by side:
every parameter equal bit for bit after every call, and the step replays one plan. The
`GradMap` the step gets is the plan's: each replay empties it and fills it again.
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import ledger_view

import eagertape as et


def params(dtype: str):
    rng = np.random.default_rng(0)
    w1 = rng.standard_normal((16, 8)).astype(dtype)
    w2 = rng.standard_normal((3, 16)).astype(dtype)
    return [et.Parameter(w1), et.Parameter(np.zeros(16, dtype)), et.Parameter(w2)]


def loss_of(sess, ps, x, y):
    h = et.linear(sess.input(x), sess.use(ps[0]), sess.use(ps[1])).tanh()
    return et.cross_entropy(et.linear(h, sess.use(ps[2])), y)


def batches(n: int, dtype: str, rows: int = 5):
    rng = np.random.default_rng(1)
    return [
        (rng.standard_normal((rows, 8)).astype(dtype), rng.integers(0, 3, rows)) for _ in range(n)
    ]


def explicit_step(sess, ps, opt, x, y):
    """The explicit API's step as docs/index.md writes it."""
    loss = loss_of(sess, ps, x, y)
    with sess.backward(loss) as grads:
        sess.reset_tape()
        opt.step(grads)


def assert_same_params(ps, qs):
    for p, q in zip(ps, qs, strict=True):
        np.testing.assert_array_equal(p.numpy(), q.numpy())


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_a_captured_explicit_step_equals_the_eager_step_bit_for_bit(dtype):
    sess, eager_sess = et.Session(dtype=dtype), et.Session(dtype=dtype)
    ps, eager_ps = params(dtype), params(dtype)
    opt, eager_opt = et.optim.Adam(ps, lr=1e-2), et.optim.Adam(eager_ps, lr=1e-2)

    @et.capture(session=sess)
    def step(x, y):
        explicit_step(sess, ps, opt, x, y)

    for x, y in batches(8, dtype):
        explicit_step(eager_sess, eager_ps, eager_opt, x, y)
        assert step(x, y) is None
        assert_same_params(ps, eager_ps)
    assert step.plans == 1


def test_a_step_that_keeps_its_tape_returns_the_loss_of_each_replay():
    sess, eager_sess = et.Session(dtype="float64"), et.Session(dtype="float64")
    ps, eager_ps = params("float64"), params("float64")
    opt, eager_opt = et.optim.SGD(ps, lr=0.1), et.optim.SGD(eager_ps, lr=0.1)

    def body(s, ps, opt, x, y):
        loss = loss_of(s, ps, x, y)
        grads = s.backward(loss)
        opt.step(grads)
        grads.release()
        return loss.item()

    step = et.capture(lambda x, y: body(sess, ps, opt, x, y), session=sess)
    for x, y in batches(6, "float64"):
        want = body(eager_sess, eager_ps, eager_opt, x, y)
        eager_sess.reset_tape()
        assert step(x, y) == want
    assert step.plans == 1
    assert_same_params(ps, eager_ps)


def test_micro_batches_accumulated_into_one_map_step_as_the_eager_ones():
    # grads = backward(first); backward(second, into=grads): the replay adds the second
    # into the map the first made, as the eager step does
    sess, eager_sess = et.Session(dtype="float64"), et.Session(dtype="float64")
    ps, eager_ps = params("float64"), params("float64")
    opt, eager_opt = et.optim.SGD(ps, lr=0.1), et.optim.SGD(eager_ps, lr=0.1)

    def body(s, ps, opt, x, y, x2, y2):
        grads = s.backward(loss_of(s, ps, x, y))
        s.backward(loss_of(s, ps, x2, y2), into=grads)
        s.reset_tape()
        opt.step(grads)
        grads.release()

    step = et.capture(lambda *a: body(sess, ps, opt, *a), session=sess)
    data = batches(6, "float64")
    for (x, y), (x2, y2) in zip(data[::2], data[1::2], strict=True):
        body(eager_sess, eager_ps, eager_opt, x, y, x2, y2)
        step(x, y, x2, y2)
        assert_same_params(ps, eager_ps)
    assert step.plans == 1


def test_backward_into_a_map_from_outside_the_step_adds_into_it_at_each_replay():
    sess, eager_sess = et.Session(dtype="float64"), et.Session(dtype="float64")
    ps, eager_ps = params("float64"), params("float64")
    x0, y0 = batches(1, "float64", rows=3)[0]
    acc = sess.backward(loss_of(sess, ps, x0, y0))
    eager_acc = eager_sess.backward(loss_of(eager_sess, eager_ps, x0, y0))
    sess.reset_tape()
    eager_sess.reset_tape()

    @et.capture(session=sess)
    def step(x, y):
        assert sess.backward(loss_of(sess, ps, x, y), into=acc) is acc

    for x, y in batches(4, "float64"):
        eager_sess.backward(loss_of(eager_sess, eager_ps, x, y), into=eager_acc)
        eager_sess.reset_tape()
        step(x, y)
        for p, q in zip(ps, eager_ps, strict=True):
            np.testing.assert_array_equal(acc[p].numpy(), eager_acc[q].numpy())
    assert step.plans == 1


def test_clip_norm_inside_the_step_clips_at_each_replay():
    sess, eager_sess = et.Session(dtype="float64"), et.Session(dtype="float64")
    ps, eager_ps = params("float64"), params("float64")
    opt, eager_opt = et.optim.SGD(ps, lr=0.5), et.optim.SGD(eager_ps, lr=0.5)

    def body(s, ps, opt, x, y):
        with s.backward(loss_of(s, ps, x, y)) as grads:
            s.reset_tape()
            grads.clip_norm_(0.05)
            opt.step(grads)

    step = et.capture(lambda x, y: body(sess, ps, opt, x, y), session=sess)
    for x, y in batches(5, "float64"):
        body(eager_sess, eager_ps, eager_opt, x, y)
        step(x, y)
        assert_same_params(ps, eager_ps)
    assert step.plans == 1


def test_the_norm_clip_norm_returns_inside_the_step_refuses_to_be_read():
    sess = et.Session(dtype="float64")
    ps = params("float64")

    @et.capture(session=sess)
    def step(x, y):
        with sess.backward(loss_of(sess, ps, x, y)) as grads:
            return float(grads.clip_norm_(1.0))

    with pytest.raises(et.CaptureError, match="clip_norm_"):
        step(*batches(1, "float64")[0])
    assert step.plans == 0


def test_replays_free_every_gradient_and_intermediate_they_make():
    sess = et.Session(dtype="float64")
    ps = params("float64")
    opt = et.optim.Adam(ps, lr=1e-2)

    @et.capture(session=sess)
    def step(x, y):
        explicit_step(sess, ps, opt, x, y)

    data = batches(6, "float64")
    step(*data[0])
    step(*data[1])
    settled = ledger_view(et.memory_stats())
    for x, y in data[2:]:
        step(x, y)
        assert ledger_view(et.memory_stats()) == settled
    assert settled["by_category"]["grad"] == 0
    assert settled["by_category"]["tape"] == 0


def test_a_tensor_from_before_reset_tape_is_stale_after_it_inside_the_step_as_outside():
    sess = et.Session(dtype="float64")
    ps = params("float64")
    x, y = batches(1, "float64")[0]

    loss = loss_of(sess, ps, x, y)
    sess.reset_tape()
    with pytest.raises(et.StaleHandleError) as eager:
        loss + 1

    @et.capture(session=sess)
    def step(x, y):
        loss = loss_of(sess, ps, x, y)
        sess.reset_tape()
        return loss + 1

    with pytest.raises(type(eager.value)):
        step(x, y)
    assert step.plans == 0


def test_returning_a_tensor_made_before_the_steps_reset_is_refused_naming_it():
    sess = et.Session(dtype="float64")
    ps = params("float64")

    @et.capture(session=sess)
    def step(x, y):
        loss = loss_of(sess, ps, x, y)
        grads = sess.backward(loss)
        sess.reset_tape()
        grads.release()
        return loss

    with pytest.raises(et.CaptureError, match=r"output 0 .* sess.reset_tape\(\)"):
        step(*batches(1, "float64")[0])
    assert step.plans == 0


@pytest.mark.parametrize("call", ["backward", "reset_tape"])
def test_an_explicit_call_on_a_session_the_step_is_not_recorded_on_is_refused(call):
    sess, other = et.Session(dtype="float64"), et.Session(dtype="float64")
    ps = params("float64")
    x, y = batches(1, "float64")[0]
    loss = loss_of(other, ps, x, y)
    before = (other.tape_len, other.generation)

    @et.capture(session=sess)
    def step():
        if call == "backward":
            other.backward(loss)
        else:
            other.reset_tape()

    with pytest.raises(et.CaptureError, match="with sess:"):
        step()
    assert step.plans == 0
    assert (other.tape_len, other.generation) == before


def test_reading_a_gradient_inside_the_step_is_refused():
    sess = et.Session(dtype="float64")
    ps = params("float64")

    @et.capture(session=sess)
    def step(x, y):
        with sess.backward(loss_of(sess, ps, x, y)) as grads:
            return grads[ps[0]].numpy()

    with pytest.raises(et.CaptureError, match="numpy"):
        step(*batches(1, "float64")[0])
    assert step.plans == 0
