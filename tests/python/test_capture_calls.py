"""Calls outside the session inside a captured step (`_core._capture_call(fn, sess)`: what
the data-parallel wrapper's broadcast and all-reduce use; `test_ddp.py` runs those on two
ranks): the call runs at the recording with the capture suspended and again at each replay,
at the same point and with the session free; one that raises at a replay fails that replay
and leaves the parameters as the step had them there."""

from __future__ import annotations

import numpy as np
import pytest

import eagertape as et
from eagertape import _core


def setup():
    rng = np.random.default_rng(0)
    w = et.Parameter(rng.standard_normal((3, 4)))
    opt = et.optim.SGD([w], lr=0.1)
    x = rng.standard_normal((5, 4))
    return w, opt, x


def make_step(sess, w, opt, call):
    @et.capture
    def step(x):
        opt.zero_grad()
        loss = (et.linear(sess.input(x), sess.use(w)) ** 2).sum()
        _core._capture_call(call, sess)
        loss.backward()
        opt.step()
        return loss

    return step


def test_a_call_runs_at_the_recording_and_at_each_replay_with_the_session_free():
    w, opt, x = setup()
    seen = []

    def call(s):
        # the capture is suspended and the session free: host reads and session calls work
        seen.append((w.numpy().copy(), s.input(np.ones(2)).sum().item()))

    with et.Session(dtype="float64") as sess:
        step = make_step(sess, w, opt, call)
        for _ in range(3):
            step(x)
    assert len(seen) == 3  # the recording and two replays
    # each call saw the parameter as the step left it before its backward: one update apart
    assert not np.array_equal(seen[0][0], seen[1][0])
    assert [v for _, v in seen] == [2.0, 2.0, 2.0]


def test_a_replay_equals_the_eager_step_with_the_call():
    w, opt, x = setup()
    eager_w, eager_opt, _ = setup()
    with et.Session(dtype="float64") as sess:
        step = make_step(sess, w, opt, lambda s: None)
        for _ in range(3):
            step(x)
    with et.Session(dtype="float64") as sess:
        for _ in range(3):
            eager_opt.zero_grad()
            loss = (et.linear(sess.input(x), sess.use(eager_w)) ** 2).sum()
            loss.backward()
            eager_opt.step()
    np.testing.assert_array_equal(w.numpy(), eager_w.numpy())


def test_a_call_that_raises_at_a_replay_fails_it_before_the_update_and_the_next_replays():
    w, opt, x = setup()
    fail = {"now": False}

    def call(s):
        if fail["now"]:
            raise RuntimeError("the all-reduce failed")

    with et.Session(dtype="float64") as sess:
        step = make_step(sess, w, opt, call)
        step(x)
        step(x)
        before = w.numpy().copy()
        fail["now"] = True
        with pytest.raises(RuntimeError, match="the all-reduce failed"):
            step(x)
        np.testing.assert_array_equal(w.numpy(), before)  # the update after it never ran
        fail["now"] = False
        step(x)
        assert not np.array_equal(w.numpy(), before)
        assert step.plans == 1


def test_outside_a_capture_the_call_just_runs():
    ran = []
    with et.Session(dtype="float64") as sess:
        assert _core._capture_call(lambda s: ran.append(s), sess) is None
    assert len(ran) == 1
