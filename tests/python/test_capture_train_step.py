"""`et.capture` of the explicit API's `sess.train_step(loss, opt)`.

A captured step that ends in `sess.train_step` and the same step run eagerly on a copy of
the parameters, side by side: every loss and every parameter equal bit for bit, and the
step replays one plan. The value `train_step` returns inside the step is a placeholder the
step may return (each replay's loss), as `loss.item()`'s is.
"""

from __future__ import annotations

import numpy as np
import pytest

import eagertape as et


def params(dtype: str):
    rng = np.random.default_rng(0)
    w1 = rng.standard_normal((16, 8)).astype(dtype)
    w2 = rng.standard_normal((3, 16)).astype(dtype)
    return [et.Parameter(w1), et.Parameter(np.zeros(16, dtype)), et.Parameter(w2)]


def logits(sess, ps, x):
    h = et.linear(sess.input(x), sess.use(ps[0]), sess.use(ps[1])).tanh()
    return et.linear(h, sess.use(ps[2]))


def batches(n: int, dtype: str, rows: int = 5):
    rng = np.random.default_rng(1)
    return [
        (rng.standard_normal((rows, 8)).astype(dtype), rng.integers(0, 3, rows)) for _ in range(n)
    ]


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_a_captured_train_step_equals_the_eager_train_step_bit_for_bit(dtype):
    sess, eager_sess = et.Session(dtype=dtype), et.Session(dtype=dtype)
    ps, eager_ps = params(dtype), params(dtype)
    opt = et.optim.Adam(ps, lr=1e-2)
    eager_opt = et.optim.Adam(eager_ps, lr=1e-2)

    @et.capture(session=sess)
    def step(x, y):
        return sess.train_step(et.cross_entropy(logits(sess, ps, x), y), opt)

    for x, y in batches(10, dtype):
        expected = eager_sess.train_step(
            et.cross_entropy(logits(eager_sess, eager_ps, x), y), eager_opt
        )
        got = step(x, y)
        assert type(got) is float
        assert got == expected
    assert step.plans == 1
    for p, q in zip(ps, eager_ps, strict=True):
        np.testing.assert_array_equal(p.numpy(), q.numpy())


def test_what_follows_train_step_in_the_step_is_replayed_on_the_reset_tape():
    # two train_steps per call (two batches), each on a fresh tape; the second reads the
    # parameters the first updated
    sess, eager_sess = et.Session(dtype="float64"), et.Session(dtype="float64")
    ps, eager_ps = params("float64"), params("float64")
    opt, eager_opt = et.optim.SGD(ps, lr=0.1), et.optim.SGD(eager_ps, lr=0.1)

    @et.capture(session=sess)
    def two_steps(x, y, x2, y2):
        sess.train_step(et.cross_entropy(logits(sess, ps, x), y), opt)
        return sess.train_step(et.cross_entropy(logits(sess, ps, x2), y2), opt)

    data = batches(6, "float64")
    for (x, y), (x2, y2) in zip(data[::2], data[1::2], strict=True):
        for u, v in ((x, y), (x2, y2)):
            want = eager_sess.train_step(
                et.cross_entropy(logits(eager_sess, eager_ps, u), v), eager_opt
            )
        assert two_steps(x, y, x2, y2) == want
    assert two_steps.plans == 1
    for p, q in zip(ps, eager_ps, strict=True):
        np.testing.assert_array_equal(p.numpy(), q.numpy())


def test_the_value_of_a_train_step_a_later_one_reset_cannot_be_returned():
    sess = et.Session(dtype="float64")
    ps = params("float64")
    opt = et.optim.SGD(ps, lr=0.1)

    @et.capture(session=sess)
    def two_steps(x, y, x2, y2):
        a = sess.train_step(et.cross_entropy(logits(sess, ps, x), y), opt)
        b = sess.train_step(et.cross_entropy(logits(sess, ps, x2), y2), opt)
        return a, b

    with pytest.raises(et.CaptureError, match="output 0 .* later sess.train_step"):
        two_steps(*batches(1, "float64")[0], *batches(1, "float64")[0])
    assert two_steps.plans == 0


def test_the_value_train_step_returns_may_only_be_returned_from_the_step():
    sess = et.Session(dtype="float64")
    ps = params("float64")
    opt = et.optim.SGD(ps, lr=0.1)

    @et.capture(session=sess)
    def step(x, y):
        value = sess.train_step(et.cross_entropy(logits(sess, ps, x), y), opt)
        return 2 * value

    with pytest.raises(et.CaptureError, match=r"sess.train_step\(\)"):
        step(*batches(1, "float64")[0])
    assert step.plans == 0


def test_train_step_on_a_session_the_step_is_not_recorded_on_is_refused_before_it_runs():
    sess, other = et.Session(dtype="float64"), et.Session(dtype="float64")
    ps = params("float64")
    before = [p.numpy().copy() for p in ps]
    opt = et.optim.SGD(ps, lr=0.1)

    @et.capture(session=sess)
    def step(x, y):
        return other.train_step(et.cross_entropy(logits(other, ps, x), y), opt)

    with pytest.raises(et.CaptureError, match="with sess:"):
        step(*batches(1, "float64")[0])
    assert step.plans == 0
    for p, b in zip(ps, before, strict=True):
        np.testing.assert_array_equal(p.numpy(), b)


def test_a_tensor_from_before_train_step_is_stale_after_it_inside_the_step_as_outside():
    sess = et.Session(dtype="float64")
    ps = params("float64")
    opt = et.optim.SGD(ps, lr=0.1)
    x, y = batches(1, "float64")[0]

    z = logits(sess, ps, x)
    sess.train_step(et.cross_entropy(z, y), opt)
    with pytest.raises(et.StaleHandleError, match=r"train_step\(\) reset the tape") as eager:
        z.sum()

    @et.capture(session=sess)
    def step(x, y):
        z = logits(sess, ps, x)
        sess.train_step(et.cross_entropy(z, y), opt)
        return z.sum()

    with pytest.raises(type(eager.value), match=r"train_step\(\) reset the tape"):
        step(x, y)
    assert step.plans == 0
