"""Deep tapes and huge shapes: a 100 000-node chain differentiates without recursion limits,
and shapes whose element count overflows are rejected with an eagertape error, never a crash."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest
from conftest import ledger_delta, session_state

import eagertape as et

DEPTH = 100_000


def _chain(sess: et.Session, p: et.Parameter) -> et.Tensor:
    x = sess.use(p)
    for _ in range(DEPTH):
        x = x + 1.0
    return x


# --- deep chains ---------------------------------------------------------------------------


def test_deep_chain_forward_value_and_tape_length():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.array([0.5, -2.0]))
    y = _chain(sess, p)
    np.testing.assert_array_equal(y.numpy(), np.array([0.5, -2.0]) + DEPTH)
    assert sess.tape_len == DEPTH + 1


def test_deep_chain_backward_gives_unit_gradient():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.array([0.5, -2.0]))
    loss = _chain(sess, p).sum()
    with sess.backward(loss) as grads:
        assert list(grads.keys()) == [p]
        np.testing.assert_array_equal(grads[p].numpy(), np.ones(2))


def test_deep_chain_reset_frees_every_intermediate():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.array([0.5, -2.0]))
    before = et.memory_stats()
    loss = _chain(sess, p).sum()
    grads = sess.backward(loss)
    grads.release()
    sess.reset_tape()
    delta = ledger_delta(before, et.memory_stats())
    assert delta["by_category"] == dict.fromkeys(delta["by_category"], 0)
    assert delta["live_buffers"] == 0


def test_deep_chain_train_step_updates_with_unit_gradient():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.array([0.5, -2.0]))
    opt = et.optim.SGD([p], lr=0.25)
    loss = _chain(sess, p).sum()
    value = sess.train_step(loss, opt)
    assert value == pytest.approx(0.5 - 2.0 + 2 * DEPTH)
    np.testing.assert_array_equal(p.numpy(), np.array([0.25, -2.25]))
    assert sess.tape_len == 0
    assert sess.generation == 1


def test_deep_chain_of_products_backward_matches_closed_form():
    # x_{k+1} = x_k * 1.0 + 0.0 alternated: d/dp stays 1 through 2 * DEPTH nodes.
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.array(3.0))
    x = sess.use(p)
    for _ in range(DEPTH // 2):
        x = (x * 1.0) + 0.0
    with sess.backward(x) as grads:
        assert grads[p].numpy() == 1.0
    assert x.item() == 3.0


def test_two_deep_chains_in_two_sessions_are_independent():
    a, b = et.Session(dtype="float64"), et.Session(dtype="float64")
    p = et.Parameter(np.array(1.0))
    ya, yb = _chain(a, p), _chain(b, p)
    a.reset_tape()
    assert yb.item() == 1.0 + DEPTH
    with b.backward(yb) as grads:
        assert grads[p].numpy() == 1.0
    with pytest.raises(et.StaleHandleError):
        ya.numpy()


# --- overflowing shapes ---------------------------------------------------------------------

OVERFLOW_CASES = {
    "rand_2p40_squared": lambda s: s.rand(2**40, 2**40),
    "randn_2p62_by_4": lambda s: s.randn(2**62, 4),
    "rand_tuple_2p31_2p31_4": lambda s: s.rand((2**31, 2**31, 4)),
    "randn_2p32_cubed": lambda s: s.randn(2**32, 2**32, 2**32),
    "rand_negative": lambda s: s.rand(-1),
    "randn_negative_in_tuple": lambda s: s.randn((3, -2)),
}


@pytest.mark.parametrize("name", sorted(OVERFLOW_CASES))
def test_overflowing_or_negative_shape_is_rejected(name):
    sess = et.Session(dtype="float64")
    state = session_state(sess)
    with pytest.raises(et.ShapeError):
        OVERFLOW_CASES[name](sess)
    assert session_state(sess) == state


@pytest.mark.parametrize("shape", [(2**62, 2**62), (2**40, 2**40, 2**40), (-4,), (2, -2)])
def test_reshape_to_impossible_shape_is_rejected(shape):
    sess = et.Session(dtype="float64")
    x = sess.input(np.ones(4))
    state = session_state(sess)
    with pytest.raises(et.ShapeError):
        x.reshape(*shape)
    assert session_state(sess) == state
    np.testing.assert_array_equal(x.numpy(), np.ones(4))


def test_overflowing_parameter_data_is_never_allocated():
    before = et.memory_stats()
    sess = et.Session(dtype="float64")
    with pytest.raises(et.ShapeError):
        sess.rand(2**40, 2**40)
    delta = ledger_delta(before, et.memory_stats())
    assert delta["live_bytes"] == 0
    assert delta["allocations"] == 0


@pytest.mark.parametrize("dim", [2**63, 2**64])
def test_dimension_beyond_int64_is_rejected_with_a_shape_or_overflow_error(dim):
    # A dimension that does not fit an i64 at all: an eagertape ShapeError (or Python's
    # OverflowError), not a TypeError about sequences.
    sess = et.Session(dtype="float64")
    with pytest.raises((et.ShapeError, OverflowError)):
        sess.rand(dim)


SUBPROCESS_SCRIPT = textwrap.dedent(
    """
    import numpy as np
    import eagertape as et

    s = et.Session(dtype="float64")
    x = s.input(np.ones(4))
    cases = [
        lambda: s.rand(2**40, 2**40),
        lambda: s.randn(2**62, 4),
        lambda: s.rand(-1),
        lambda: x.reshape(2**62, 2**62),
        lambda: s.rand((2**31, 2**31, 4)),
    ]
    for i, case in enumerate(cases):
        try:
            case()
        except et.ShapeError:
            continue
        raise SystemExit(f"case {i} was not rejected with ShapeError")
    assert s.tape_len == 1
    print("ok")
    """
)


def test_overflowing_shapes_in_a_subprocess_exit_cleanly():
    proc = subprocess.run(
        [sys.executable, "-c", SUBPROCESS_SCRIPT],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert proc.stdout.strip() == "ok"
