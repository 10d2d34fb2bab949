"""Threads: sessions in several threads sharing parameters, and threads sharing one session.

Every join has a generous timeout; the tests assert that each thread finished and what it
computed, never how long it took.
"""

from __future__ import annotations

import threading

import numpy as np

import eagertape as et

N_THREADS = 4
STEPS = 20
JOIN_TIMEOUT_S = 60.0
LR = 0.05


def _backbone_value() -> np.ndarray:
    return np.random.default_rng(100).standard_normal((5, 6))


def _head_value(k: int) -> np.ndarray:
    return np.random.default_rng(200 + k).standard_normal((6, 2))


def _data(k: int, step: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(1000 * k + step)
    return rng.standard_normal((8, 5)), rng.standard_normal((8, 2))


def _train_head(k: int, backbone: et.Parameter) -> dict:
    """Train worker k's head on its own session for STEPS steps; the backbone stays frozen."""
    sess = et.Session(dtype="float64")
    head = et.Parameter(_head_value(k), name=f"head{k}")
    opt = et.optim.SGD([head], lr=LR)
    losses = []
    grad_keys = []
    for step in range(STEPS):
        x, y = _data(k, step)
        feats = (sess.input(x) @ sess.use(backbone)).tanh()
        loss = et.mse_loss(feats @ sess.use(head), y)
        losses.append(loss.item())
        with sess.backward(loss) as grads:
            grad_keys.append(sorted(p.name for p in grads.keys()))
            sess.reset_tape()
            opt.step(grads)
    return {"head": head.numpy(), "losses": losses, "grad_keys": grad_keys}


def _run_threads(target, n: int) -> tuple[list, list, list]:
    """Start n threads on `target(k, barrier)`; return (results, errors, threads still alive)."""
    barrier = threading.Barrier(n)
    results = [None] * n
    errors = []

    def worker(k):
        try:
            results[k] = target(k, barrier)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append((k, repr(exc)))
            barrier.abort()

    threads = [threading.Thread(target=worker, args=(k,), daemon=True) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=JOIN_TIMEOUT_S)
    return results, errors, [t for t in threads if t.is_alive()]


# --- one session per thread, shared frozen backbone ---------------------------------------


def test_threads_training_own_heads_match_sequential_bit_for_bit():
    backbone = et.Parameter(_backbone_value(), name="backbone", requires_grad=False)
    expected = [_train_head(k, backbone) for k in range(N_THREADS)]

    def target(k, barrier):
        barrier.wait(timeout=JOIN_TIMEOUT_S)
        return _train_head(k, backbone)

    results, errors, alive = _run_threads(target, N_THREADS)
    assert not alive, "threads did not finish"
    assert errors == []
    for k in range(N_THREADS):
        assert np.array_equal(results[k]["head"], expected[k]["head"])
        assert results[k]["losses"] == expected[k]["losses"]


def test_threads_training_only_update_their_own_head():
    backbone = et.Parameter(_backbone_value(), name="backbone", requires_grad=False)

    def target(k, barrier):
        barrier.wait(timeout=JOIN_TIMEOUT_S)
        return _train_head(k, backbone)

    results, errors, alive = _run_threads(target, N_THREADS)
    assert not alive and errors == []
    for k in range(N_THREADS):
        # The frozen backbone never gets a gradient; each map holds only the thread's head.
        assert results[k]["grad_keys"] == [[f"head{k}"]] * STEPS
        assert not np.array_equal(results[k]["head"], _head_value(k))
    np.testing.assert_array_equal(backbone.numpy(), _backbone_value())
    assert backbone.version == 0


def test_threads_leave_no_grad_or_tape_bytes_behind():
    backbone = et.Parameter(_backbone_value(), name="backbone", requires_grad=False)
    before = et.memory_stats()["by_category"]

    def target(k, barrier):
        barrier.wait(timeout=JOIN_TIMEOUT_S)
        return _train_head(k, backbone)

    results, errors, alive = _run_threads(target, N_THREADS)
    assert not alive and errors == []
    del results
    after = et.memory_stats()["by_category"]
    assert after["grad"] == before["grad"]
    assert after["tape"] == before["tape"]
    assert after["param"] == before["param"]


# --- threads sharing one session ----------------------------------------------------------

ROUNDS = 25


def _shared_inputs(k: int, r: int) -> np.ndarray:
    return np.random.default_rng(10_000 + 100 * k + r).standard_normal((3, 4))


def _shared_work(sess: et.Session, param: et.Parameter, k: int, r: int) -> tuple:
    """Record a small graph in `sess`, read it back and differentiate it."""
    x = sess.input(_shared_inputs(k, r))
    w = sess.use(param)
    y = (x @ w).tanh() * (k + 1.0) + x.sum()
    loss = (y * y).sum()
    value = y.numpy()
    with sess.backward(loss) as grads:
        keys = [p.name for p in grads.keys()]
        grad = grads[param].numpy()
    return value, loss.item(), keys, grad


def _param_value(k: int) -> np.ndarray:
    return np.random.default_rng(500 + k).standard_normal((4, 2))


def test_threads_sharing_one_session_record_read_and_differentiate_correctly():
    params = [et.Parameter(_param_value(k), name=f"p{k}") for k in range(N_THREADS)]
    reference = et.Session(dtype="float64")
    expected = [
        [_shared_work(reference, params[k], k, r) for r in range(ROUNDS)] for k in range(N_THREADS)
    ]
    reference.reset_tape()

    shared = et.Session(dtype="float64")

    def target(k, barrier):
        barrier.wait(timeout=JOIN_TIMEOUT_S)
        return [_shared_work(shared, params[k], k, r) for r in range(ROUNDS)]

    results, errors, alive = _run_threads(target, N_THREADS)
    assert not alive, "threads sharing a session did not finish (deadlock?)"
    assert errors == []
    for k in range(N_THREADS):
        for (value, loss, keys, grad), (e_value, e_loss, e_keys, e_grad) in zip(
            results[k], expected[k], strict=True
        ):
            assert np.array_equal(value, e_value)
            assert loss == e_loss
            assert keys == e_keys == [f"p{k}"]
            assert np.array_equal(grad, e_grad)
    # Every node each thread recorded is on the one tape, in the same generation.
    assert shared.generation == 0
    assert shared.tape_len == reference_tape_len(N_THREADS * ROUNDS)
    shared.reset_tape()
    assert shared.tape_len == 0


def reference_tape_len(n_graphs: int) -> int:
    """Tape length after recording `_shared_work` n_graphs times in a fresh session."""
    sess = et.Session(dtype="float64")
    p = et.Parameter(_param_value(0), name="p0")
    _shared_work(sess, p, 0, 0)
    per_graph = sess.tape_len
    sess.reset_tape()
    return per_graph * n_graphs


def test_threads_sharing_one_session_with_concurrent_resets_never_crash():
    """One thread resets the shared tape while others record: each call either succeeds with
    the right value or raises StaleHandleError; nothing crashes or deadlocks."""
    shared = et.Session(dtype="float64")
    n_workers = N_THREADS - 1
    barrier = threading.Barrier(N_THREADS)
    outcomes = [[] for _ in range(n_workers)]
    errors = []
    stop = threading.Event()

    def worker(k):
        try:
            barrier.wait(timeout=JOIN_TIMEOUT_S)
            for r in range(ROUNDS * 4):
                data = _shared_inputs(k, r)
                try:
                    got = (shared.input(data) * 2.0 + 1.0).numpy()
                except et.StaleHandleError:
                    outcomes[k].append("stale")
                    continue
                outcomes[k].append(np.array_equal(got, data * 2.0 + 1.0))
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append((k, repr(exc)))

    def resetter():
        try:
            barrier.wait(timeout=JOIN_TIMEOUT_S)
            while not stop.is_set():
                shared.reset_tape()
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(("reset", repr(exc)))

    threads = [threading.Thread(target=worker, args=(k,), daemon=True) for k in range(n_workers)]
    reset_thread = threading.Thread(target=resetter, daemon=True)
    for t in [*threads, reset_thread]:
        t.start()
    for t in threads:
        t.join(timeout=JOIN_TIMEOUT_S)
    stop.set()
    reset_thread.join(timeout=JOIN_TIMEOUT_S)
    assert not any(t.is_alive() for t in [*threads, reset_thread])
    assert errors == []
    for per_thread in outcomes:
        assert len(per_thread) == ROUNDS * 4
        assert all(o is True or o == "stale" for o in per_thread)
    shared.reset_tape()
    assert shared.tape_len == 0
