"""Sessions: configuration, identity, context manager, RNG state, sharing and threads."""

from __future__ import annotations

import threading

import numpy as np
import pytest
import torch
from conftest import DEVICE, ledger_delta

import eagertape as et

# --- Config --------------------------------------------------------------------------------


def test_config_defaults():
    cfg = et.Config()
    assert (cfg.device, cfg.dtype, cfg.seed, cfg.backend) == (DEVICE, "float32", 0, None)
    assert (cfg.grad_enabled, cfg.requires_grad_by_default, cfg.show_backend) == (
        True,
        False,
        False,
    )


def test_config_replace_returns_new_config_and_keeps_original():
    cfg = et.Config(seed=5)
    other = cfg.replace(dtype="float64")
    assert (other.dtype, other.seed) == ("float64", 5)
    assert cfg.dtype == "float32"


def test_config_replace_validates_fields():
    with pytest.raises(et.ConfigError):
        et.Config().replace(dtype="int32")


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bfloat16"])
@pytest.mark.parametrize("device", ["cpu", "cuda", "cuda:1"])
def test_for_scalar_keeps_native_carrier_and_device(device, dtype):
    cfg = et.Config(device=device, dtype=dtype, seed=9, backend="libtorch")
    resolved = cfg.for_scalar()
    assert (resolved.device, resolved.dtype, resolved.seed, resolved.backend) == (
        device,
        dtype,
        9,
        "libtorch",
    )


def test_session_from_config_object():
    cfg = et.Config(dtype="float64", seed=4)
    sess = et.Session(cfg)
    assert (sess.config.dtype, sess.config.seed, sess.config.device) == ("float64", 4, DEVICE)


def test_session_from_keyword_fields():
    sess = et.Session(dtype="float64", seed=8)
    assert (sess.config.dtype, sess.config.seed) == ("float64", 8)


def test_session_without_arguments_uses_default_config():
    sess = et.Session()
    assert (sess.config.device, sess.config.dtype) == (DEVICE, "float32")


# --- identity and lifecycle -----------------------------------------------------------------


def test_session_ids_are_unique_among_live_sessions():
    sessions = [et.Session() for _ in range(20)]
    assert len({s.id for s in sessions}) == 20


def test_session_ids_are_never_reused_after_drop():
    seen = set()
    for _ in range(20):
        sess = et.Session()
        assert sess.id not in seen
        seen.add(sess.id)
        del sess


def test_new_session_starts_at_generation_zero_with_empty_tape():
    sess = et.Session()
    assert (sess.generation, sess.tape_len) == (0, 0)


def test_recording_grows_tape_len():
    sess = et.Session(dtype="float64")
    x = sess.input(np.ones(3))
    n = sess.tape_len
    assert n >= 1
    x.exp()
    assert sess.tape_len == n + 1


def test_context_manager_returns_session_and_resets_on_exit():
    sess = et.Session(dtype="float64")
    before = et.memory_stats()
    with sess as s:
        assert s is sess
        x = s.input(np.ones((4, 4))) * 2.0
    assert (sess.generation, sess.tape_len) == (1, 0)
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == 0
    with pytest.raises(et.StaleHandleError):
        x.numpy()


def test_context_manager_resets_when_body_raises():
    sess = et.Session(dtype="float64")
    with pytest.raises(ZeroDivisionError), sess:
        sess.input(np.ones(3))
        1 / 0  # noqa: B018
    assert (sess.generation, sess.tape_len) == (1, 0)


def test_context_manager_can_be_reentered_in_sequence():
    sess = et.Session(dtype="float64")
    for i in range(3):
        with sess:
            assert sess.input([1.0, 2.0]).sum().item() == 3.0
        assert sess.generation == i + 1


# --- RNG state -----------------------------------------------------------------------------


def test_rng_state_starts_from_config_seed():
    sess = et.Session(seed=1234)
    assert sess.rng_state()[0] == 1234


def test_rng_state_round_trips_through_set_rng_state():
    sess = et.Session(seed=3)
    sess.set_rng_state((99, 17))
    assert tuple(sess.rng_state()) == (99, 17)


def test_rng_state_is_kept_across_resets_and_context_exits():
    sess = et.Session(seed=3)
    sess.set_rng_state((3, 5))
    sess.reset_tape()
    with sess:
        sess.input(np.ones(2))
    assert tuple(sess.rng_state()) == (3, 5)


def test_rng_state_is_per_session():
    s1, s2 = et.Session(seed=1), et.Session(seed=2)
    s1.set_rng_state((1, 50))
    assert tuple(s2.rng_state()) != (1, 50)
    assert s2.rng_state()[0] == 2


# --- inputs ----------------------------------------------------------------------------------

INPUT_DATA = {
    "ndarray_f32": np.arange(6, dtype=np.float32).reshape(2, 3),
    "ndarray_f64": np.arange(6, dtype=np.float64).reshape(2, 3),
    "nested_list": [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]],
    "torch_f32": torch.arange(6, dtype=torch.float32).reshape(2, 3),
    "torch_f64": torch.arange(6, dtype=torch.float64).reshape(2, 3),
}


@pytest.mark.parametrize("session_dtype", ["float32", "float64"])
@pytest.mark.parametrize("kind", list(INPUT_DATA))
def test_input_converts_data_to_session_dtype(kind, session_dtype):
    sess = et.Session(dtype=session_dtype)
    x = sess.input(INPUT_DATA[kind])
    assert (x.shape, x.dtype, x.device) == ((2, 3), session_dtype, DEVICE)
    out = x.numpy()
    assert out.dtype == np.dtype(session_dtype)
    np.testing.assert_array_equal(out, np.arange(6.0).reshape(2, 3))


@pytest.mark.parametrize(
    ("data", "dtype"),
    [
        (np.arange(6).reshape(2, 3), "int64"),  # torch.as_tensor(np.arange(6)).dtype
        (np.arange(6, dtype=np.int32).reshape(2, 3), "int32"),
        (np.arange(6, dtype=np.uint8).reshape(2, 3), "int64"),
        ([[0, 1, 2], [3, 4, 5]], "int64"),
        (torch.arange(6).reshape(2, 3), "int64"),
        (np.arange(6).reshape(2, 3) % 2 == 0, "bool"),
    ],
)
def test_input_of_integer_or_bool_data_keeps_a_data_dtype(data, dtype):
    # As torch.as_tensor: integers stay integers (int32 stays int32), booleans stay bool.
    sess = et.Session(dtype="float32")
    x = sess.input(data)
    assert (x.shape, x.dtype, x.requires_grad) == ((2, 3), dtype, False)
    np.testing.assert_array_equal(x.numpy(), np.asarray(data))


def test_input_of_integer_data_with_a_dtype_converts_it():
    sess = et.Session(dtype="float32")
    x = sess.input(np.arange(6).reshape(2, 3), dtype="float32")
    assert x.dtype == "float32"
    np.testing.assert_array_equal(x.numpy(), np.arange(6.0).reshape(2, 3))


def test_input_of_python_scalar_is_zero_dimensional():
    sess = et.Session(dtype="float64")
    x = sess.input(2.5)
    assert x.shape == ()
    assert x.item() == 2.5


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_input_in_half_precision_session(dtype):
    sess = et.Session(dtype=dtype)
    x = sess.input([1.0, 2.0, 3.0])
    assert x.dtype == dtype
    assert (x * 2.0).sum().item() == 12.0


def test_input_copies_source_data():
    sess = et.Session(dtype="float64")
    src = np.ones(3)
    x = sess.input(src)
    src[:] = 7.0
    np.testing.assert_array_equal(x.numpy(), np.ones(3))


def test_input_requires_grad_flag():
    sess = et.Session(dtype="float64")
    assert sess.input(np.ones(2)).requires_grad is False
    assert sess.input(np.ones(2), requires_grad=True).requires_grad is True


# --- two sessions sharing parameters ---------------------------------------------------------


def test_two_sessions_sharing_parameters_with_interleaved_updates_and_resets():
    """Every read and every update equals a plain numpy replay of the same schedule."""
    rng = np.random.default_rng(7)
    w0, x1, x2 = rng.standard_normal(4), rng.standard_normal(4), rng.standard_normal(4)
    p = et.Parameter(w0)
    opt = et.optim.SGD([p], lr=0.1)
    s1, s2 = et.Session(dtype="float64"), et.Session(dtype="float64")
    # loss_k(w) = sum((w * x_k) ** 2) -> grad = 2 * x_k**2 * w

    a1 = s1.use(p)  # s1 holds w0
    loss1 = ((a1 * x1) ** 2).sum()
    a2 = s2.use(p)  # s2 holds w0
    with s2.backward(((a2 * x2) ** 2).sum()) as g:
        s2.reset_tape()
        opt.step(g)  # s1 still holds w0: copy on write
    w1 = w0 - 0.1 * 2 * x2**2 * w0
    np.testing.assert_allclose(p.numpy(), w1, rtol=1e-14)
    np.testing.assert_array_equal(a1.numpy(), w0)

    b2 = s2.use(p)  # s2 now holds w1
    with s1.backward(loss1) as g:  # gradient at the snapshot s1 recorded: w0
        np.testing.assert_allclose(g[p].numpy(), 2 * x1**2 * w0, rtol=1e-14)
        s1.reset_tape()
        opt.step(g)
    w2 = w1 - 0.1 * 2 * x1**2 * w0
    np.testing.assert_allclose(p.numpy(), w2, rtol=1e-14)
    np.testing.assert_allclose(b2.numpy(), w1, rtol=1e-14)

    with s2.backward(((b2 * x2) ** 2).sum()) as g:  # gradient at w1
        np.testing.assert_allclose(g[p].numpy(), 2 * x2**2 * w1, rtol=1e-14)
        before = et.memory_stats()
        s2.reset_tape()  # frees w1: the last tape holding it
        assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == -4 * 8
        opt.step(g)
    np.testing.assert_allclose(p.numpy(), w2 - 0.1 * 2 * x2**2 * w1, rtol=1e-14)
    assert p.version == 3


def test_reset_of_one_session_keeps_handles_of_another():
    s1, s2 = et.Session(dtype="float64"), et.Session(dtype="float64")
    x = s1.input(np.arange(3.0)) * 2.0
    s2.input(np.ones(3))
    s2.reset_tape()
    assert s1.generation == 0
    np.testing.assert_array_equal(x.numpy(), [0.0, 2.0, 4.0])


# --- threads -----------------------------------------------------------------------------------


def _train_own_model(seed: int, steps: int = 25, barrier=None):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((16, 6))
    y = rng.integers(0, 3, size=16)
    w = et.Parameter(rng.standard_normal((3, 6)) * 0.5)
    b = et.Parameter(np.zeros(3))
    sess = et.Session(dtype="float64", seed=seed)
    opt = et.optim.SGD([w, b], lr=0.2)
    if barrier is not None:
        barrier.wait()
    losses = []
    for _ in range(steps):
        with sess:
            loss = et.cross_entropy(et.linear(sess.input(x), sess.use(w), sess.use(b)), y)
            losses.append(loss.item())
            with sess.backward(loss) as g:
                sess.reset_tape()
                opt.step(g)
    return losses, w.numpy(), b.numpy()


def test_four_threads_with_own_sessions_match_sequential_runs():
    seeds = [11, 22, 33, 44]
    expected = [_train_own_model(s) for s in seeds]
    results: dict = {}
    errors: list = []
    barrier = threading.Barrier(len(seeds))

    def worker(seed):
        try:
            results[seed] = _train_own_model(seed, barrier=barrier)
        except BaseException as exc:  # reported below, with its thread's seed
            errors.append((seed, exc))

    threads = [threading.Thread(target=worker, args=(s,)) for s in seeds]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for seed, (losses, w, b) in zip(seeds, expected, strict=True):
        got_losses, got_w, got_b = results[seed]
        np.testing.assert_array_equal(got_losses, losses)
        np.testing.assert_array_equal(got_w, w)
        np.testing.assert_array_equal(got_b, b)


def test_show_backend_announces_each_op_once_per_session(capfd):
    sess = et.Session(dtype="float64", show_backend=True)
    x = sess.input(np.ones((2, 2)))
    (x + x + x).relu()
    err = capfd.readouterr().err
    assert err.count(f" ran add on backend libtorch ({DEVICE}, float64)") == 1
    assert err.count(" ran relu on backend libtorch") == 1
    quiet = et.Session(dtype="float64")
    y = quiet.input(np.ones(2))
    y + y
    assert "backend" not in capfd.readouterr().err
