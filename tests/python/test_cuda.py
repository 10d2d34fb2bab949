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


def test_cuda_ordinal_past_the_last_gpu_is_a_device_error_and_no_gpu_is_unavailable():
    # cuda:1 on a one-GPU machine names a device that does not exist (DeviceError); with no
    # GPU at all, any CUDA device is unavailable (DeviceUnavailableError).
    missing = f"cuda:{torch.cuda.device_count()}"
    expected = et.DeviceError if HAS_CUDA else et.DeviceUnavailableError
    with pytest.raises(expected):
        et.Session(device=missing, dtype="float32")
    with pytest.raises(expected):
        et.Parameter(np.ones(2), device=missing)


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
    sess = et.Session(dtype="float32", device="cpu")
    sess.input(np.ones(2))
    p = et.Parameter(np.ones(3, dtype=np.float32), device="cuda")
    state = session_state(sess)
    with pytest.raises(et.DeviceError):
        sess.use(p)
    assert session_state(sess) == state


@requires_cuda
def test_cuda_session_rejects_cpu_parameter_with_device_error():
    sess = et.Session(device="cuda", dtype="float32")
    p = et.Parameter(np.ones(3, dtype=np.float32), device="cpu")
    state = session_state(sess)
    with pytest.raises(et.DeviceError):
        sess.use(p)
    assert session_state(sess) == state


@requires_cuda
def test_cuda_gradients_consumed_by_a_failing_optimizer_leave_no_device_bytes():
    # The optimizer raises inside `with grads` (one of its gradients was released): every
    # other gradient buffer goes back to the caching allocator all the same, and no
    # parameter changed.
    sess = et.Session(device="cuda", dtype="float32")
    small = et.Parameter(np.ones(3, dtype=np.float32), device="cuda")
    big = et.Parameter(np.ones(BIG, dtype=np.float32), device="cuda")
    opt = et.optim.SGD([small, big], lr=0.1)
    torch.cuda.synchronize()
    allocated = torch.cuda.memory_allocated()
    with pytest.raises(et.ReleasedBufferError):
        with sess:
            loss = (sess.use(small) * 2.0).sum() + (sess.use(big) * sess.use(big)).sum()
            with sess.backward(loss) as g:
                sess.reset_tape()
                g[small].release()
                opt.step(g)
    torch.cuda.synchronize()
    assert torch.cuda.memory_allocated() == allocated
    np.testing.assert_array_equal(big.numpy(), np.ones(BIG, dtype=np.float32))
    np.testing.assert_array_equal(small.numpy(), np.ones(3, dtype=np.float32))


@requires_cuda
def test_cuda_ledger_accounts_for_every_device_byte():
    # Buffers of whole 512-byte blocks: LibTorch's caching allocator counts exactly the
    # ledger's bytes (it rounds smaller ones up to 512).
    torch.cuda.synchronize()
    allocated, before = torch.cuda.memory_allocated(), et.memory_stats()
    params = [et.Parameter(np.ones(128 * k, dtype=np.float32), device="cuda") for k in (1, 3, 8)]
    sess = et.Session(device="cuda", dtype="float32")
    ys = [sess.use(p) * 2.0 for p in params]
    torch.cuda.synchronize()
    delta = ledger_delta(before, et.memory_stats())
    assert delta["live_bytes"] == torch.cuda.memory_allocated() - allocated == 2 * 4 * 128 * 12
    del ys, sess, params
    torch.cuda.synchronize()
    assert torch.cuda.memory_allocated() == allocated


def _op_on(device, dtype, op, arrays):
    """An op-table row's value and gradients (numpy) on `device` in `dtype`."""
    sess = et.Session(device=device, dtype=dtype)
    params = [et.Parameter(a, dtype=dtype, device=device) for a in arrays]
    out = op.et(*[sess.use(p) for p in params])
    cot = np.linspace(-1.0, 1.0, max(1, int(np.prod(out.shape)))).reshape(out.shape)
    value = out.numpy()
    with sess.backward((out * cot).sum()) as grads:
        return value, [grads[p].numpy() for p in params]


@requires_cuda
@pytest.mark.parametrize("dtype, rtol", [("float64", 1e-9), ("float32", 2e-4)])
def test_cuda_matches_cpu_for_the_whole_op_table(dtype, rtol):
    from op_table import OPS

    rng = np.random.default_rng(0)
    for op in OPS:
        arrays = [a.astype(dtype) for a in op.inputs(rng)]
        value, grads = _op_on("cuda", dtype, op, arrays)
        value_cpu, grads_cpu = _op_on("cpu", dtype, op, arrays)
        np.testing.assert_allclose(value, value_cpu, rtol=rtol, atol=rtol, err_msg=op.name)
        for g, g_cpu in zip(grads, grads_cpu, strict=True):
            np.testing.assert_allclose(g, g_cpu, rtol=rtol, atol=rtol, err_msg=op.name)


@requires_cuda
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_cuda_half_precision_training_runs_with_an_exact_ledger(dtype):
    rng = np.random.default_rng(1)
    x, labels = rng.standard_normal((32, 16)), rng.integers(0, 4, 32)
    base = et.memory_stats()["by_category"]  # the process's ledger: compare differences
    model = et.nn.MLP([16, 32, 4], seed=0, dtype=dtype, device="cuda")
    # float16 cannot hold AdamW's default eps (1e-8 rounds to 0, and a zero gradient then
    # gives 0/0): torch.optim.AdamW on float16 parameters turns NaN after one step the same
    # way, so float16 training uses a representable eps, as torch users do.
    eps = 1e-4 if dtype == "float16" else 1e-8
    opt = et.optim.AdamW(model.parameters(), lr=1e-2, eps=eps)
    sess = et.Session(device="cuda", dtype=dtype)
    size = 2  # bytes per element
    n = sum(int(np.prod(p.shape)) for p in model.parameters())
    losses, ledgers = [], []
    for _ in range(5):
        with sess:
            losses.append(
                sess.train_step(et.cross_entropy(model(sess, sess.input(x)), labels), opt)
            )
        now = et.memory_stats()["by_category"]
        ledgers.append({k: now[k] - base[k] for k in now})
    assert all(np.isfinite(losses)) and losses[-1] < losses[0]
    assert ledgers[-1] == ledgers[1]  # flat after the first step
    assert ledgers[-1]["param"] == n * size and ledgers[-1]["optimizer"] == 2 * n * size


@requires_cuda
def test_cuda_autocast_follows_torchs_cuda_lists():
    # float16 by default on CUDA; linear in float16 (bit-identical to torch's), softmax and
    # the loss in float32, as torch's CUDA lists say (CPU's leave softmax alone).
    rng = np.random.default_rng(3)
    x = rng.standard_normal((6, 5)).astype(np.float32)
    tl = torch.nn.Linear(5, 4).cuda()
    el = et.nn.Linear(5, 4, device="cuda")
    el.load_state_dict(tl.state_dict())
    with torch.autocast("cuda"):
        ty = tl(torch.from_numpy(x).cuda())
        ts = ty.softmax(-1)
    with et.Session(device="cuda", dtype="float32") as sess, et.autocast("cuda"):
        ey = el(sess.input(x))
        es = ey.softmax(-1)
        assert (ey.dtype, es.dtype) == ("float16", "float32")
        assert (ty.dtype, ts.dtype) == (torch.float16, torch.float32)
        np.testing.assert_array_equal(ey.float().numpy(), ty.float().cpu().numpy())
        np.testing.assert_allclose(es.numpy(), ts.cpu().numpy(), rtol=1e-6, atol=1e-7)
