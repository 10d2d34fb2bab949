"""CUDA sessions. Device tests skip without a GPU; the no-GPU behaviour is tested everywhere."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from conftest import TORCH_ATOL, TORCH_RTOL, ledger_delta, session_state

import eagertape as et

HAS_CUDA = torch.cuda.is_available()
pytestmark = pytest.mark.cuda
requires_cuda = pytest.mark.skipif(not HAS_CUDA, reason="no CUDA device visible")

BIG = (2048, 2048)  # float32: 16 MiB, a whole caching-allocator segment of its own
BIG_BYTES = 2048 * 2048 * 4


# --- everywhere ------------------------------------------------------------------------------


@pytest.mark.skipif(HAS_CUDA, reason="a CUDA device is visible")
def test_cuda_session_without_gpu_raises_device_unavailable():
    with pytest.raises(et.DeviceUnavailableError):
        et.Session(device="cuda")


def test_cuda_session_with_missing_ordinal_raises_device_unavailable():
    with pytest.raises(et.DeviceUnavailableError):
        et.Session(device=f"cuda:{torch.cuda.device_count()}", dtype="float32")


def test_cuda_config_is_accepted_without_creating_a_session():
    cfg = et.Config(device="cuda", dtype="float32")
    assert cfg.for_scalar().device == "cuda"


# --- on a GPU --------------------------------------------------------------------------------


def _mlp_loss(sess, x, labels, params):
    w1, b1, w2, b2 = (sess.use(p) for p in params)
    return et.cross_entropy(et.linear(et.linear(sess.input(x), w1, b1).tanh(), w2, b2), labels)


@requires_cuda
def test_cuda_session_records_backward_and_steps():
    rng = np.random.default_rng(0)
    x, labels = rng.standard_normal((8, 4)), rng.integers(0, 3, 8)
    arrays = [rng.standard_normal(s) for s in [(5, 4), (5,), (3, 5), (3,)]]
    params = [et.Parameter(a, device="cuda") for a in arrays]
    sess = et.Session(device="cuda", dtype="float64")
    opt = et.optim.SGD(params, lr=0.1)

    leaves = [torch.tensor(a, requires_grad=True) for a in arrays]
    w1, b1, w2, b2 = leaves
    t_loss = F.cross_entropy(
        F.linear(torch.tanh(F.linear(torch.from_numpy(x), w1, b1)), w2, b2),
        torch.from_numpy(labels),
    )
    t_loss.backward()

    with sess:
        loss = _mlp_loss(sess, x, labels, params)
        assert loss.device.startswith("cuda")
        np.testing.assert_allclose(loss.item(), t_loss.item(), rtol=TORCH_RTOL)
        with sess.backward(loss) as g:
            for p, leaf in zip(params, leaves, strict=True):
                assert g[p].device.startswith("cuda")
                np.testing.assert_allclose(
                    g[p].numpy(), leaf.grad.numpy(), rtol=TORCH_RTOL, atol=TORCH_ATOL
                )
            sess.reset_tape()
            opt.step(g)
    for p, a, leaf in zip(params, arrays, leaves, strict=True):
        np.testing.assert_allclose(
            p.numpy(), a - 0.1 * leaf.grad.numpy(), rtol=TORCH_RTOL, atol=TORCH_ATOL
        )


@requires_cuda
def test_cuda_snapshot_keeps_recorded_value_and_gradient_after_update():
    sess = et.Session(device="cuda", dtype="float32")
    old = np.array([1.0, -2.0, 3.0], dtype=np.float32)
    p = et.Parameter(old, device="cuda")
    opt = et.optim.SGD([p], lr=0.5)
    w = sess.use(p)
    loss = (w * w).sum()
    with sess.backward(loss) as g:
        opt.step(g)
    np.testing.assert_array_equal(p.numpy(), np.zeros(3, dtype=np.float32))
    np.testing.assert_array_equal(w.numpy(), old)
    with sess.backward(loss) as g:
        np.testing.assert_array_equal(g[p].numpy(), 2.0 * old)


@requires_cuda
def test_cuda_update_copies_on_write_while_another_session_holds_snapshot():
    s1 = et.Session(device="cuda", dtype="float32")
    s2 = et.Session(device="cuda", dtype="float32")
    data = np.linspace(-1.0, 1.0, 256, dtype=np.float32)
    p = et.Parameter(data, device="cuda")
    opt = et.optim.SGD([p], lr=0.5)
    w2 = s2.use(p)
    w1 = s1.use(p)
    with s1.backward((w1 * w1).sum()) as g:
        s1.reset_tape()
        before = et.memory_stats()
        opt.step(g)
        assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == 256 * 4
    np.testing.assert_array_equal(w2.numpy(), data)
    s2.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == 0


@requires_cuda
def test_cuda_unshared_update_allocates_nothing():
    sess = et.Session(device="cuda", dtype="float32")
    p = et.Parameter(np.ones(256, dtype=np.float32), device="cuda")
    opt = et.optim.SGD([p], lr=0.25)
    w = sess.use(p)
    with sess.backward((w * w).sum()) as g:
        sess.reset_tape()
        before = et.memory_stats()
        opt.step(g)
        delta = ledger_delta(before, et.memory_stats())
    assert (delta["allocations"], delta["by_category"]["param"]) == (0, 0)
    np.testing.assert_array_equal(p.numpy(), np.full(256, 0.5, dtype=np.float32))


@requires_cuda
def test_cuda_released_gradient_returns_exact_bytes_to_caching_allocator():
    sess = et.Session(device="cuda", dtype="float32")
    p = et.Parameter(np.ones(BIG, dtype=np.float32), device="cuda")
    w = sess.use(p)
    with sess.backward((w * w).sum()) as g:  # a materialized gradient, 2 * w
        buf = g[p]
        torch.cuda.synchronize()
        allocated, reserved = torch.cuda.memory_allocated(), torch.cuda.memory_reserved()
        assert buf.release() is True
        torch.cuda.synchronize()
        assert allocated - torch.cuda.memory_allocated() == BIG_BYTES
        assert torch.cuda.memory_reserved() == reserved


@requires_cuda
def test_cuda_reset_tape_returns_exact_tape_bytes_and_keeps_cache():
    sess = et.Session(device="cuda", dtype="float32")
    x = sess.input(np.ones(BIG, dtype=np.float32))
    y = x + x
    assert y.shape == BIG
    torch.cuda.synchronize()
    allocated, reserved = torch.cuda.memory_allocated(), torch.cuda.memory_reserved()
    before = et.memory_stats()
    sess.reset_tape()
    torch.cuda.synchronize()
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == -2 * BIG_BYTES
    assert allocated - torch.cuda.memory_allocated() == 2 * BIG_BYTES
    assert torch.cuda.memory_reserved() == reserved


@requires_cuda
def test_cuda_empty_cache_returns_reserved_memory():
    sess = et.Session(device="cuda", dtype="float32")
    with sess:
        sess.input(np.ones(BIG, dtype=np.float32))
    torch.cuda.synchronize()
    reserved = torch.cuda.memory_reserved()
    et.empty_cache()
    assert reserved - torch.cuda.memory_reserved() >= BIG_BYTES


@requires_cuda
def test_cpu_session_rejects_cuda_parameter_with_device_error():
    sess = et.Session(dtype="float32")
    sess.input(np.ones(2))
    p = et.Parameter(np.ones(3, dtype=np.float32), device="cuda")
    state = session_state(sess)
    with pytest.raises(et.DeviceError):
        sess.use(p)
    assert session_state(sess) == state


@requires_cuda
def test_cuda_session_rejects_cpu_parameter_with_device_error():
    sess = et.Session(device="cuda", dtype="float32")
    p = et.Parameter(np.ones(3, dtype=np.float32))
    state = session_state(sess)
    with pytest.raises(et.DeviceError):
        sess.use(p)
    assert session_state(sess) == state
