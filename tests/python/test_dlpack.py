"""DLPack, both ways, zero-copy: `Tensor`, `Buffer` and `Parameter` export their storage
(`torch.from_dlpack`, `np.from_dlpack` share memory), `Session.input(x, copy=...)` reads any
DLPack producer (a copy by default, the producer's memory with `copy=False`), and the ledger's
`exported` category counts storage that only a consumer still holds, exactly, until the
consumer lets go.

Device-generic: on `EAGERTAPE_TEST_DEVICE=cuda` the same tests compare CUDA data pointers
(numpy consumers only where the data is on the CPU)."""

from __future__ import annotations

import ctypes

import numpy as np
import pytest
import torch
from conftest import DEVICE, ON_CUDA, ledger_delta

import eagertape as et

TORCH_DEVICE = torch.device(DEVICE)


def exported() -> int:
    return et.memory_stats()["by_category"]["exported"]


def cpu_only_consumer():
    if ON_CUDA:
        pytest.skip("numpy reads host memory only; the torch consumer tests cover CUDA")


# --- the capsule itself ----------------------------------------------------------------------

_capsule_is_valid = ctypes.pythonapi.PyCapsule_IsValid
_capsule_is_valid.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_is_valid.restype = ctypes.c_int
_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_capsule_pointer.restype = ctypes.c_void_p


class _VersionedHeader(ctypes.Structure):
    """The head of DLPack 1.x's DLManagedTensorVersioned (version, manager_ctx, deleter, flags)."""

    _fields_ = [
        ("major", ctypes.c_uint32),
        ("minor", ctypes.c_uint32),
        ("manager_ctx", ctypes.c_void_p),
        ("deleter", ctypes.c_void_p),
        ("flags", ctypes.c_uint64),
    ]


def versioned_header(capsule) -> _VersionedHeader:
    assert _capsule_is_valid(capsule, b"dltensor_versioned") == 1
    return _VersionedHeader.from_address(_capsule_pointer(capsule, b"dltensor_versioned"))


def test_max_version_1_gives_a_versioned_capsule_flagged_read_only_when_shared(sess32):
    x = sess32.input(np.ones(3, dtype=np.float32))
    cap = x.__dlpack__(max_version=(1, 0), copy=False)
    head = versioned_header(cap)
    assert (head.major, head.flags & 3) == (1, 1)  # DLPACK_FLAG_BITMASK_READ_ONLY
    del cap, head  # an unconsumed capsule deletes its managed tensor


def test_a_recorded_value_is_exported_as_a_writable_copy_by_default(sess32):
    x = sess32.input(np.ones(3, dtype=np.float32))
    cap = x.__dlpack__(max_version=(1, 0))
    head = versioned_header(cap)
    assert (head.major, head.flags & 3) == (1, 2)  # DLPACK_FLAG_BITMASK_IS_COPIED
    del cap, head


def test_no_max_version_gives_a_legacy_capsule(sess32):
    x = sess32.input(np.ones(3, dtype=np.float32))
    cap = x.__dlpack__()
    assert _capsule_is_valid(cap, b"dltensor") == 1
    assert _capsule_is_valid(cap, b"dltensor_versioned") == 0


def test_gradient_export_is_writable_and_parameter_export_read_only(sess64):
    p = et.Parameter(np.ones(3), dtype="float64")
    grads = sess64.backward((sess64.use(p) * 2.0).sum())
    assert versioned_header(grads[p].__dlpack__(max_version=(1, 0))).flags & 3 == 0
    assert versioned_header(p.__dlpack__(max_version=(1, 0), copy=False)).flags & 3 == 1
    assert versioned_header(p.__dlpack__(max_version=(1, 0))).flags & 3 == 2
    grads.release()


def test_dlpack_device_names_the_device(sess32):
    x = sess32.input(np.ones(2, dtype=np.float32))
    expected = (2, TORCH_DEVICE.index or 0) if ON_CUDA else (1, 0)
    assert x.__dlpack_device__() == expected
    assert et.Parameter(np.ones(2, dtype=np.float32), device=DEVICE).__dlpack_device__() == expected


# --- export: shared memory ----------------------------------------------------------------------


def test_torch_and_numpy_consumers_share_one_storage(sess64):
    cpu_only_consumer()
    x = sess64.input(np.arange(6.0).reshape(2, 3))
    t = torch.from_dlpack(x, copy=False)
    a = np.from_dlpack(x, copy=False)
    assert t.data_ptr() == a.ctypes.data
    np.testing.assert_array_equal(a, np.arange(6.0).reshape(2, 3))
    assert not a.flags.writeable  # recorded values are immutable


def test_two_torch_consumers_share_one_storage(sess32):
    x = sess32.input(torch.arange(8.0, device=TORCH_DEVICE))
    y = x * 3.0
    t1, t2 = torch.from_dlpack(y, copy=False), torch.from_dlpack(y, copy=False)
    assert t1.device == TORCH_DEVICE
    assert t1.data_ptr() == t2.data_ptr()
    torch.testing.assert_close(t1, torch.arange(8.0, device=TORCH_DEVICE) * 3.0)


def test_views_export_their_strides():
    sess = et.Session(dtype="float64")
    x = sess.input(np.arange(12.0).reshape(3, 4))
    t = torch.from_dlpack(x.transpose(0, 1), copy=False)
    assert t.stride() == (1, 4)
    torch.testing.assert_close(t, torch.arange(12.0, dtype=torch.float64).reshape(3, 4).t())


def test_copy_true_exports_a_writable_copy(sess32):
    x = sess32.input(np.ones(4, dtype=np.float32))
    base = torch.from_dlpack(x)
    before = exported()
    c = torch.from_dlpack(x, copy=True)
    assert c.data_ptr() != base.data_ptr()
    assert exported() - before == 16  # the copy is the consumer's alone
    c.add_(1.0)
    torch.testing.assert_close(base, torch.ones(4, device=TORCH_DEVICE))
    del c
    assert exported() == before


# --- export: lifetimes and the ledger ------------------------------------------------------------


def test_export_outlives_reset_tape_then_the_ledger_returns_exactly():
    sess = et.Session(dtype="float64")
    before = et.memory_stats()
    y = sess.input(np.arange(5.0)) * 2.0
    t = torch.from_dlpack(y)
    del y
    sess.reset_tape()
    delta = ledger_delta(before, et.memory_stats())
    assert delta["by_category"]["exported"] == 5 * 8
    assert delta["by_category"]["tape"] == 0
    torch.testing.assert_close(t, torch.arange(5.0, dtype=torch.float64, device=TORCH_DEVICE) * 2)
    del t
    delta = ledger_delta(before, et.memory_stats())
    assert delta["live_bytes"] == 0 and delta["live_buffers"] == 0
    assert all(v == 0 for v in delta["by_category"].values())


def test_export_outlives_the_session():
    before = et.memory_stats()
    sess = et.Session(dtype="float32")
    t = torch.from_dlpack(sess.input(np.full(3, 7.0, dtype=np.float32)))
    del sess
    assert ledger_delta(before, et.memory_stats())["by_category"]["exported"] == 12
    torch.testing.assert_close(t, torch.full((3,), 7.0, device=TORCH_DEVICE))
    del t
    assert ledger_delta(before, et.memory_stats())["live_bytes"] == 0


def test_numpy_consumer_keeps_the_export_until_the_array_goes():
    cpu_only_consumer()
    before = et.memory_stats()
    sess = et.Session(dtype="float64")
    a = np.from_dlpack(sess.input(np.arange(4.0)))
    sess.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["exported"] == 32
    np.testing.assert_array_equal(a, np.arange(4.0))
    del a
    assert ledger_delta(before, et.memory_stats())["by_category"]["exported"] == 0
    del sess


def test_exported_parameter_snapshot_survives_an_update():
    # torch: an exported tensor is a holder; eagertape's update copies instead of writing.
    p = et.Parameter(np.ones(3), dtype="float64", device=DEVICE)
    sess = et.Session(dtype="float64")
    grads = sess.backward((sess.use(p) ** 2).sum())
    sess.reset_tape()
    snap = torch.from_dlpack(p, copy=False)
    before = et.memory_stats()
    et.optim.SGD([p], lr=0.25).step(grads)
    grads.release()
    np.testing.assert_allclose(p.numpy(), np.full(3, 0.5))  # 1 - 0.25 * 2
    torch.testing.assert_close(snap, torch.ones(3, dtype=torch.float64, device=TORCH_DEVICE))
    # The old snapshot is held only by the consumer now; the new one is the parameter's.
    delta = ledger_delta(before, et.memory_stats())["by_category"]
    assert (delta["exported"], delta["param"]) == (24, 0)
    del snap
    assert ledger_delta(before, et.memory_stats())["by_category"]["exported"] == 0


def test_gradient_writes_reach_the_buffer_and_nothing_else(sess64):
    p = et.Parameter(np.ones(3), dtype="float64", device=DEVICE)
    w = sess64.use(p)
    grads = sess64.backward((w * 2.0).sum())
    g = torch.from_dlpack(grads[p])
    g.mul_(10.0)  # what an in-place all-reduce does
    np.testing.assert_array_equal(grads[p].numpy(), np.full(3, 20.0))
    np.testing.assert_array_equal(w.numpy(), np.ones(3))
    np.testing.assert_array_equal(p.numpy(), np.ones(3))
    grads.release()
    torch.testing.assert_close(g, torch.full((3,), 20.0, dtype=torch.float64, device=TORCH_DEVICE))
    assert exported() >= 24
    del g


def test_pool_never_reuses_exported_storage():
    sess = et.Session(dtype="float32")
    y = sess.input(np.ones((8, 8), dtype=np.float32)) * 2.0
    t = torch.from_dlpack(y)
    del y
    sess.reset_tape()
    for _ in range(3):  # the same shapes again: the pool would hand back a kept buffer
        z = sess.input(np.full((8, 8), 5.0, dtype=np.float32)) * 2.0
        del z
        sess.reset_tape()
    torch.testing.assert_close(t, torch.full((8, 8), 2.0, device=TORCH_DEVICE))
    del t


def test_interval_tensors_have_no_dlpack_form():
    sess = et.Session(dtype="interval")
    x = sess.input(np.ones(2))
    with pytest.raises(et.DLPackError, match="interval"):
        torch.from_dlpack(x)


# --- import ---------------------------------------------------------------------------------


def test_input_copies_by_default(sess32):
    src = torch.arange(4.0, device=TORCH_DEVICE)
    x = sess32.input(src)
    src.add_(100.0)
    np.testing.assert_array_equal(x.numpy(), np.arange(4.0, dtype=np.float32))
    assert torch.from_dlpack(x).data_ptr() != src.data_ptr()


def test_input_copy_false_shares_the_producers_memory(sess32):
    src = torch.arange(4.0, device=TORCH_DEVICE)
    before = et.memory_stats()
    x = sess32.input(src, copy=False)
    assert torch.from_dlpack(x, copy=False).data_ptr() == src.data_ptr()
    # The producer owns the memory: the ledger counts nothing for it.
    assert ledger_delta(before, et.memory_stats())["live_bytes"] == 0
    src.mul_(2.0)  # documented: the caller must not do this while the tape lives
    np.testing.assert_array_equal(x.numpy(), 2.0 * np.arange(4.0, dtype=np.float32))


def test_input_copy_false_records_gradients_like_a_copy(sess64):
    src = torch.linspace(-1.0, 1.0, 5, dtype=torch.float64, device=TORCH_DEVICE)
    p = et.Parameter(np.full(5, 0.5), dtype="float64", device=DEVICE)
    x = sess64.input(src, copy=False)
    grads = sess64.backward((sess64.use(p) * x.tanh() * x).sum())
    # torch: d/dp sum(p * tanh(x) * x) = tanh(x) * x
    ref = (src.tanh() * src).cpu().numpy()
    np.testing.assert_allclose(grads[p].numpy(), ref, rtol=1e-12)
    grads.release()


def test_input_copy_false_from_numpy_keeps_integer_data(sess64):
    cpu_only_consumer()
    ids = np.array([3, 1, 2], dtype=np.int64)
    t = sess64.input(ids, copy=False)
    assert t.dtype == "int64"
    assert np.from_dlpack(t, copy=False).ctypes.data == ids.ctypes.data


def test_input_copy_false_refuses_another_dtype_and_records_nothing(sess64):
    before = (sess64.tape_len, et.memory_stats()["live_bytes"])
    with pytest.raises(et.DLPackError, match="float32") as e:
        sess64.input(torch.ones(3, device=TORCH_DEVICE), copy=False)
    assert isinstance(e.value, BufferError)
    assert (sess64.tape_len, et.memory_stats()["live_bytes"]) == before


def test_input_copy_false_refuses_another_device():
    if not torch.cuda.is_available():
        pytest.skip("needs a CUDA device to hold data on another device than the session")
    sess = et.Session(dtype="float32", device="cpu")
    with pytest.raises(et.DLPackError, match="device"):
        sess.input(torch.ones(3, device="cuda"), copy=False)
    assert sess.tape_len == 0


class Producer:
    """A minimal third-party DLPack producer (as JAX or CuPy arrays are), over a torch tensor."""

    def __init__(self, t: torch.Tensor) -> None:
        self.t = t
        self.calls: list[dict] = []

    def __dlpack__(self, **kwargs):
        self.calls.append(kwargs)
        return self.t.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self.t.__dlpack_device__()


def test_input_reads_any_dlpack_producer_and_asks_for_version_1(sess32):
    src = torch.arange(3.0, device=TORCH_DEVICE)
    prod = Producer(src)
    copied = sess32.input(prod)
    shared = sess32.input(prod, copy=False)
    assert all(c.get("max_version") == (1, 3) for c in prod.calls)
    assert torch.from_dlpack(shared, copy=False).data_ptr() == src.data_ptr()
    assert torch.from_dlpack(copied, copy=False).data_ptr() != src.data_ptr()
    np.testing.assert_array_equal(copied.numpy(), shared.numpy())


def test_producer_errors_are_typed_with_the_cause_chained(sess32):
    class Broken(Producer):
        def __dlpack__(self, **kwargs):
            raise RuntimeError("producer says no")

    with pytest.raises(et.DLPackError, match="producer says no") as e:
        sess32.input(Broken(torch.ones(2)))
    assert isinstance(e.value.__cause__, RuntimeError)
    assert sess32.tape_len == 0


def test_parameter_from_a_torch_tensor_copies(sess32):
    src = torch.ones(3, device=TORCH_DEVICE)
    p = et.Parameter(src, device=DEVICE)
    src.zero_()
    np.testing.assert_array_equal(p.numpy(), np.ones(3, dtype=np.float32))


def test_a_consumer_on_another_cuda_stream_reads_finished_values():
    if not ON_CUDA:
        pytest.skip("CUDA streams: runs with EAGERTAPE_TEST_DEVICE=cuda on a GPU")
    src = torch.randn(512, 512, device=TORCH_DEVICE)
    sess = et.Session(dtype="float32")
    y = sess.input(src) @ sess.input(src)
    side = torch.cuda.Stream(device=TORCH_DEVICE)
    with torch.cuda.stream(side):
        t = torch.from_dlpack(y)  # torch passes `side` as the stream: it waits for y's kernel
        total = t.sum()
    side.synchronize()
    torch.testing.assert_close(total, (src @ src).sum(), rtol=1e-4, atol=1e-2)
    del t, total


def test_writes_through_every_default_export_change_nothing_a_tape_or_snapshot_reads():
    # torch ignores DLPack's read-only flag: `torch.from_dlpack(p).fill_(3.0)` once wrote into
    # the snapshot a live tape held (gradient [6, 6] instead of torch's [2, 2], version 0).
    # Parameters, leaves and recorded values export copies unless asked for `copy=False`.
    sess = et.Session(dtype="float64", device=DEVICE)
    p = et.Parameter(np.ones(2), dtype="float64", device=DEVICE)
    w = sess.use(p)
    y = w * w
    writes = [torch.from_dlpack(p), torch.from_dlpack(w), torch.from_dlpack(y)]
    if not ON_CUDA:
        writes += [np.from_dlpack(p), np.from_dlpack(w), np.from_dlpack(y)]
    for t in writes:
        t.fill_(3.0) if isinstance(t, torch.Tensor) else t.fill(3.0)
    # torch: d/dp sum(p * p) = 2p = [2, 2] at p = [1, 1]
    with sess.backward(y.sum()) as grads:
        np.testing.assert_array_equal(grads[p].numpy(), [2.0, 2.0])
    np.testing.assert_array_equal(p.numpy(), [1.0, 1.0])
    np.testing.assert_array_equal(y.numpy(), [1.0, 1.0])
    assert p.version == 0


def test_a_gradient_export_stays_writable_and_shared():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(2), dtype="float64")
    with sess.backward((sess.use(p) * 2.0).sum()) as grads:
        g = torch.from_dlpack(grads[p])
        g.add_(1.0)
        np.testing.assert_array_equal(grads[p].numpy(), [3.0, 3.0])
        del g
