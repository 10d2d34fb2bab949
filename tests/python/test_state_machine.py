"""A stateful model of sessions, parameter snapshots, grad maps and the memory ledger.

Three float64 sessions share three small parameters. Hypothesis interleaves `use`, ops,
`backward`, SGD steps, resets, `assign` and releases; after every step the model checks that
live handles read the values recorded when they were made (snapshots never change), stale and
foreign handles are rejected without touching the session, parameters hold the expected values,
and the ledger's `param`, `grad`, `tape`, `optimizer` and `other` categories match the model.

Values are computed in the model with torch (float64, autograd for the gradients), from the
snapshot values each `use` actually returned.
"""

from __future__ import annotations

import gc

import numpy as np
import pytest
import torch
from conftest import CATEGORIES, ledger_delta
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import eagertape as et

SHAPES = ((3,), (2, 3), (3,))
N_SESSIONS = 3
LR = 0.1
# Values above this are not recorded (keeps every value and gradient finite).
MAX_ABS = 1e3
MAX_STALE = 40
RTOL = 1e-12
ATOL = 1e-12

INDEX = st.integers(min_value=0, max_value=10**6)
SESSION = st.integers(min_value=0, max_value=N_SESSIONS - 1)
PARAM = st.integers(min_value=0, max_value=len(SHAPES) - 1)
CONST = st.floats(min_value=-1.5, max_value=1.5, allow_nan=False, allow_infinity=False)


def _nbytes(shape) -> int:
    return int(np.prod(shape, dtype=np.int64)) * 8


class Handle:
    """Model of one handle: its session, generation, expected value and torch twin."""

    def __init__(self, tensor, sess_idx, generation, value, twin, is_leaf):
        self.tensor = tensor
        self.sess_idx = sess_idx
        self.generation = generation
        self.value = value
        self.twin = twin
        self.is_leaf = is_leaf


class Grads:
    """Model of one GradMap: expected gradient values and which buffers are released."""

    def __init__(self, gm, values):
        self.gm = gm
        self.values = values  # param index -> np.ndarray
        self.released = dict.fromkeys(values, False)

    def unreleased_bytes(self) -> int:
        return sum(v.nbytes for k, v in self.values.items() if not self.released[k])

    def intact(self) -> bool:
        return len(self.values) > 0 and not any(self.released.values())


class SessionModel(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        gc.collect()
        self.baseline = et.memory_stats()
        self.params = []
        self.sessions = []
        self.opt = None
        self.expected = []  # param index -> expected np value
        self.snap_key = []  # param index -> key of its current snapshot
        self.next_key = 0
        self.generation = []  # session index -> model generation
        self.leaves = []  # session index -> [(param index, snapshot key, torch leaf)]
        self.handles = []  # current-generation handles of every session
        self.stale = []
        self.grads = []

    @initialize(data=st.data())
    def setup(self, data):
        for shape in SHAPES:
            value = data.draw(
                st.lists(CONST, min_size=int(np.prod(shape)), max_size=int(np.prod(shape)))
            )
            value = np.asarray(value, dtype=np.float64).reshape(shape)
            self.params.append(et.Parameter(value, dtype="float64"))
            self.expected.append(value.copy())
            self.snap_key.append(self._new_key())
        self.sessions = [et.Session(dtype="float64") for _ in range(N_SESSIONS)]
        self.generation = [0] * N_SESSIONS
        self.leaves = [[] for _ in range(N_SESSIONS)]
        self.opt = et.optim.SGD(self.params, lr=LR)

    def teardown(self):
        # Drop every eagertape object so nothing outlives the example.
        for g in self.grads:
            g.gm.release()
        self.grads = []
        self.handles = []
        self.stale = []
        self.leaves = []
        for s in self.sessions:
            s.reset_tape()
        self.sessions = []
        self.opt = None
        self.params = []

    # --- helpers -------------------------------------------------------------------------

    def _new_key(self) -> int:
        self.next_key += 1
        return self.next_key

    def _live(self, sess_idx):
        return [h for h in self.handles if h.sess_idx == sess_idx]

    def _busy_session(self, index):
        """A session that has live handles (`index` picks among them), so no step is wasted."""
        busy = sorted({h.sess_idx for h in self.handles})
        return self._pick(busy, index)

    def _pick(self, items, index):
        return items[index % len(items)]

    def _record(self, tensor, sess_idx, twin, is_leaf=False):
        value = twin.detach().numpy().copy()
        h = Handle(tensor, sess_idx, self.generation[sess_idx], value, twin, is_leaf)
        self.handles.append(h)
        return h

    def _held_keys(self) -> set:
        return {key for per_session in self.leaves for (_, key, _) in per_session}

    def _replace_snapshot(self, param_idx):
        self.snap_key[param_idx] = self._new_key()

    # --- rules ---------------------------------------------------------------------------

    @precondition(lambda self: self.sessions)
    @rule(sess_idx=SESSION, param_idx=PARAM)
    def use(self, sess_idx, param_idx):
        p = self.params[param_idx]
        actual = p.numpy()
        np.testing.assert_allclose(actual, self.expected[param_idx], rtol=RTOL, atol=ATOL)
        t = self.sessions[sess_idx].use(p)
        leaf = torch.tensor(actual, dtype=torch.float64, requires_grad=True)
        self.leaves[sess_idx].append((param_idx, self.snap_key[param_idx], leaf))
        h = self._record(t, sess_idx, leaf, is_leaf=True)
        # The leaf reads exactly the snapshot value the parameter had at this moment.
        np.testing.assert_array_equal(h.value, actual)

    @precondition(lambda self: self.handles)
    @rule(
        sess_idx=SESSION,
        kind=st.sampled_from(["add", "mul", "add_const", "mul_const", "tanh", "sum", "neg"]),
        i=INDEX,
        j=INDEX,
        c=CONST,
    )
    def op(self, sess_idx, kind, i, j, c):
        sess_idx = self._busy_session(sess_idx)
        live = self._live(sess_idx)
        a = self._pick(live, i)
        if kind in ("add", "mul"):
            b = self._pick([h for h in live if h.value.shape == a.value.shape], j)
            if kind == "add":
                twin, make = a.twin + b.twin, lambda: a.tensor + b.tensor
            else:
                twin, make = a.twin * b.twin, lambda: a.tensor * b.tensor
        elif kind == "add_const":
            twin, make = a.twin + c, lambda: a.tensor + c
        elif kind == "mul_const":
            twin, make = a.twin * c, lambda: a.tensor * c
        elif kind == "tanh":
            twin, make = torch.tanh(a.twin), lambda: a.tensor.tanh()
        elif kind == "neg":
            twin, make = -a.twin, lambda: -a.tensor
        else:
            twin, make = a.twin.sum(), lambda: a.tensor.sum()
        if not bool(torch.all(twin.detach().abs() <= MAX_ABS)):
            return
        t = make()
        assert t.shape == tuple(twin.shape)
        self._record(t, sess_idx, twin)

    @precondition(lambda self: self.handles)
    @rule(sess_idx=SESSION, i=INDEX, j=INDEX)
    def use_into(self, sess_idx, i, j):
        """`use` a parameter again and multiply it into a live handle of the same shape, so a
        parameter often reaches a loss through several leaves (its gradient is the sum)."""
        sess_idx = self._busy_session(sess_idx)
        a = self._pick(self._live(sess_idx), i)
        same = [k for k, shape in enumerate(SHAPES) if shape == a.value.shape]
        if not same:
            return
        self.use(sess_idx, self._pick(same, j))
        leaf = self.handles[-1]
        twin = a.twin * leaf.twin
        if bool(torch.all(twin.detach().abs() <= MAX_ABS)):
            self._record(a.tensor * leaf.tensor, sess_idx, twin)

    @precondition(lambda self: self.handles)
    @rule(sess_idx=SESSION, i=INDEX, latest=st.booleans())
    def backward(self, sess_idx, i, latest):
        sess_idx = self._busy_session(sess_idx)
        live = self._live(sess_idx)
        # The latest handle is usually the deepest graph; otherwise any live one.
        a = live[-1] if latest else self._pick(live, i)
        loss = self._record(a.tensor.sum(), sess_idx, a.twin.sum())
        sess = self.sessions[sess_idx]
        gm = sess.backward(loss.tensor)
        leaves = self.leaves[sess_idx]
        torch_grads = torch.autograd.grad(
            loss.twin, [leaf for (_, _, leaf) in leaves], retain_graph=True, allow_unused=True
        )
        values = {}
        for (param_idx, _, _), g in zip(leaves, torch_grads, strict=True):
            if g is None:
                continue
            if param_idx in values:
                values[param_idx] = values[param_idx] + g.numpy()
            else:
                values[param_idx] = g.numpy().copy()
        assert sorted(self.params.index(p) for p in gm.keys()) == sorted(values)
        for k in values:
            actual = gm[self.params[k]].numpy()
            np.testing.assert_allclose(actual, values[k], rtol=RTOL, atol=ATOL)
            # From now on the buffer must keep exactly the value it was born with.
            values[k] = actual
        self.grads.append(Grads(gm, values))

    @precondition(lambda self: any(g.intact() for g in self.grads))
    @rule(i=INDEX)
    def sgd_step(self, i):
        g = self._pick([g for g in self.grads if g.intact()], i)
        held = self._held_keys()
        fast_path = all(self.snap_key[k] not in held for k in g.values)
        before = et.memory_stats()
        self.opt.step(g.gm)
        after = et.memory_stats()
        for k, grad in g.values.items():
            expected = self.expected[k] - LR * grad
            np.testing.assert_allclose(self.params[k].numpy(), expected, rtol=RTOL, atol=ATOL)
            # Re-anchor on the actual value: the next step's expectation starts from it.
            self.expected[k] = self.params[k].numpy()
            self._replace_snapshot(k)
        if fast_path:
            # No live tape holds these snapshots: the update is in place, nothing allocated.
            assert after["allocations"] == before["allocations"]
            assert after["by_category"]["param"] == before["by_category"]["param"]

    @precondition(lambda self: self.sessions)
    @rule(sess_idx=SESSION)
    def reset_tape(self, sess_idx):
        sess = self.sessions[sess_idx]
        sess.reset_tape()
        self.generation[sess_idx] += 1
        assert sess.generation == self.generation[sess_idx]
        assert sess.tape_len == 0
        for h in self._live(sess_idx):
            self.stale.append(h)
        self.stale = self.stale[-MAX_STALE:]
        self.handles = [h for h in self.handles if h.sess_idx != sess_idx]
        self.leaves[sess_idx] = []

    @precondition(lambda self: self.params)
    @rule(param_idx=PARAM, seed=st.integers(min_value=0, max_value=2**32 - 1))
    def assign(self, param_idx, seed):
        value = np.random.default_rng(seed).uniform(-1.5, 1.5, SHAPES[param_idx])
        self.params[param_idx].assign(value)
        self.expected[param_idx] = value
        self._replace_snapshot(param_idx)
        np.testing.assert_array_equal(self.params[param_idx].numpy(), value)

    @precondition(lambda self: self.grads)
    @rule(i=INDEX)
    def release_grad_map(self, i):
        g = self._pick(self.grads, i)
        n_unreleased = sum(not r for r in g.released.values())
        assert g.gm.release() == n_unreleased
        for k in g.released:
            g.released[k] = True

    @precondition(lambda self: any(g.values for g in self.grads))
    @rule(i=INDEX, j=INDEX)
    def release_buffer(self, i, j):
        g = self._pick([g for g in self.grads if g.values], i)
        k = self._pick(sorted(g.values), j)
        buf = g.gm[self.params[k]]
        assert buf.release() is (not g.released[k])
        assert buf.released
        g.released[k] = True

    # --- invariants ----------------------------------------------------------------------

    @invariant()
    def live_handles_read_recorded_values(self):
        for h in self.handles:
            assert h.tensor.generation == self.generation[h.sess_idx]
            assert h.tensor.session_id == self.sessions[h.sess_idx].id
            got = h.tensor.numpy()
            if h.is_leaf:
                np.testing.assert_array_equal(got, h.value)
            else:
                np.testing.assert_allclose(got, h.value, rtol=RTOL, atol=ATOL)

    @invariant()
    def stale_handles_are_rejected_without_recording(self):
        for h in self.stale:
            sess = self.sessions[h.sess_idx]
            state = (sess.tape_len, sess.generation)
            with pytest.raises(et.StaleHandleError):
                h.tensor.numpy()
            with pytest.raises(et.StaleHandleError):
                h.tensor + 1.0
            assert (sess.tape_len, sess.generation) == state

    @invariant()
    def foreign_handles_are_rejected_without_recording(self):
        for b_idx, sess_b in enumerate(self.sessions):
            own = self._live(b_idx)
            if not own:
                continue
            for h in self.handles + self.stale:
                if h.sess_idx == b_idx:
                    continue
                mine = next((m for m in own if m.value.shape == h.value.shape), own[0])
                state = (sess_b.tape_len, sess_b.generation)
                # Foreign is checked before stale: a stale foreign handle is still foreign.
                with pytest.raises(et.ForeignHandleError):
                    mine.tensor + h.tensor
                with pytest.raises(et.ForeignHandleError):
                    sess_b.backward(h.tensor)
                assert (sess_b.tape_len, sess_b.generation) == state

    @invariant()
    def parameters_hold_expected_values(self):
        for p, expected in zip(self.params, self.expected, strict=True):
            np.testing.assert_allclose(p.numpy(), expected, rtol=RTOL, atol=ATOL)

    @invariant()
    def grad_buffers_hold_their_values_until_released(self):
        for g in self.grads:
            for k, value in g.values.items():
                buf = g.gm[self.params[k]]
                assert buf.released is g.released[k]
                if g.released[k]:
                    with pytest.raises(et.ReleasedBufferError):
                        buf.numpy()
                else:
                    np.testing.assert_array_equal(buf.numpy(), value)

    @invariant()
    def ledger_matches_model(self):
        if not self.params:
            return
        delta = ledger_delta(self.baseline, et.memory_stats())["by_category"]
        assert set(delta) == set(CATEGORIES)
        assert delta["grad"] == sum(g.unreleased_bytes() for g in self.grads)
        # Distinct live snapshots: every current one, plus older ones a live tape still holds.
        sizes = {key: _nbytes(SHAPES[k]) for k, key in enumerate(self.snap_key)}
        for per_session in self.leaves:
            for param_idx, key, _ in per_session:
                sizes[key] = _nbytes(SHAPES[param_idx])
        assert delta["param"] == sum(sizes.values())
        # Parameter leaves are borrowed: a tape of leaves only owns nothing.
        if all(h.is_leaf for h in self.handles):
            assert delta["tape"] == 0
        else:
            assert delta["tape"] > 0
        assert delta["optimizer"] == 0
        assert delta["other"] == 0


SessionModel.TestCase.settings = settings(
    max_examples=30,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestSessionModel = SessionModel.TestCase
