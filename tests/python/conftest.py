"""Shared fixtures and helpers for the eagertape pytest suites.

The memory ledger (`et.memory_stats()`) is global to the process, so tests never assert
absolute numbers: they take a snapshot, act, take another and compare the difference
(`ledger_delta`). eagertape frees on reference-count drop, so nothing here calls `gc`.

Helpers are imported by the test modules with `from conftest import ...` (pytest's default
`prepend` import mode puts this folder on `sys.path`).

The device: `EAGERTAPE_TEST_DEVICE` (default `cpu`) names where the device-generic suite runs.
With `cuda` and a visible GPU, it becomes eagertape's default device (`et.set_default_device`),
so every session, config and parameter a test creates without a device lives there (native
carriers; the reference backend and the CPU-only carriers stay on cpu), and the leak check also
compares `torch.cuda.memory_allocated()` before and after each test. With `cuda` and no GPU,
every device-generic test is skipped, saying why; modules marked `cpu_only` (about the CPU
specifically: CPU-only carriers, the reference backend, the stubs) run either way.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys

import numpy as np
import pytest
import torch

import eagertape as et

CATEGORIES = ("param", "grad", "tape", "optimizer", "other", "exported")
COUNTERS = ("live_bytes", "peak_bytes", "live_buffers", "allocations")

# Values and gradients against torch.autograd in float64.
TORCH_RTOL = 1e-10
TORCH_ATOL = 1e-12
# Central finite differences in float64.
FD_EPS = 1e-6
FD_RTOL = 1e-5
FD_ATOL = 1e-8


def free_port() -> int:
    """A TCP port free on localhost now (for a process group's rendezvous)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_ranks(
    commands: list[tuple[list[str], dict]], out, world: int, timeout: float = 90
) -> tuple[list, str]:
    """Run each `(argv, env)` (the ranks of a group, or launchers starting them), wait for
    all, and read what rank r wrote to `out/rank{r}.json` (None where it wrote nothing);
    with the processes' output, joined."""
    import json

    procs = [
        subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for argv, env in commands
    ]
    logs = []
    try:
        for p in procs:
            logs.append(p.communicate(timeout=timeout)[0])
    finally:
        for p in procs:
            p.kill()
    results = []
    for r in range(world):
        f = out / f"rank{r}.json"
        results.append(json.loads(f.read_text()) if f.exists() else None)
    return results, "\n".join(logs)


def run_under_ceiling(script: str, margin_bytes: int, *args: str, timeout: float = 300) -> str:
    """Run `script` in a fresh Python process whose address space (`RLIMIT_AS`) is capped at
    what it has mapped once `script` calls `cap()` plus `margin_bytes`; the stdout, after
    asserting a clean exit. The script defines its warm-up, calls `cap()`, then does the work
    whose host allocations must fit in the margin."""
    prelude = (
        "import resource\n"
        "def cap():\n"
        "    with open('/proc/self/status') as f:\n"
        "        mapped = next(l for l in f if l.startswith('VmSize:'))\n"
        f"    ceiling = int(mapped.split()[1]) * 1024 + {int(margin_bytes)}\n"
        "    resource.setrlimit(resource.RLIMIT_AS, (ceiling, ceiling))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", prelude + script, *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def ledger_delta(before: dict, after: dict) -> dict:
    """`after - before` for every counter of two `memory_stats()` dicts, categories nested."""
    delta = {key: after[key] - before[key] for key in COUNTERS}
    delta["by_category"] = {
        cat: after["by_category"][cat] - before["by_category"][cat] for cat in CATEGORIES
    }
    return delta


def ledger_view(stats: dict) -> dict:
    """The part of `memory_stats()` that must repeat exactly from one training step to the next."""
    return {
        "live_bytes": stats["live_bytes"],
        "live_buffers": stats["live_buffers"],
        "by_category": dict(stats["by_category"]),
    }


def session_state(sess) -> tuple:
    """Everything a rejected call must leave unchanged: tape length, generation, RNG state."""
    return (sess.tape_len, sess.generation, tuple(sess.rng_state()))


def finite_difference(f, arrays, eps: float = FD_EPS) -> list:
    """Central differences of the scalar function `f(list_of_arrays)` w.r.t. every array."""
    grads = []
    for i, a in enumerate(arrays):
        g = np.zeros_like(a, dtype=np.float64)
        for idx in np.ndindex(a.shape):
            plus = [x.copy() for x in arrays]
            minus = [x.copy() for x in arrays]
            plus[i][idx] += eps
            minus[i][idx] -= eps
            g[idx] = (f(plus) - f(minus)) / (2.0 * eps)
        grads.append(g)
    return grads


def torch_value_and_grads(torch_fn, arrays, cotangent_seed: int = 0):
    """Run `torch_fn` on float64 leaves; return (output, cotangent, grads of sum(output * cot))."""
    leaves = [torch.tensor(a, dtype=torch.float64, requires_grad=True) for a in arrays]
    out = torch_fn(*leaves)
    cot = np.random.default_rng(cotangent_seed).standard_normal(tuple(out.shape))
    (out * torch.from_numpy(np.asarray(cot))).sum().backward()
    grads = [
        leaf.grad.numpy() if leaf.grad is not None else np.zeros(leaf.shape) for leaf in leaves
    ]
    return out.detach().numpy(), np.asarray(cot), grads


def assert_matches_torch(et_fn, arrays, torch_fn=None, *, check_fd: bool = True) -> None:
    """Check `et_fn`'s value and gradients against torch.autograd and finite differences.

    Every array becomes a float64 `et.Parameter`; the scalar differentiated is
    `sum(out * cotangent)` with a fixed random cotangent, so the whole vector-Jacobian product
    is compared, not only a sum.
    """
    torch_fn = et_fn if torch_fn is None else torch_fn
    arrays = [np.asarray(a, dtype=np.float64) for a in arrays]
    t_out, cot, t_grads = torch_value_and_grads(torch_fn, arrays)

    sess = et.Session(dtype="float64")
    params = [et.Parameter(a) for a in arrays]
    out = et_fn(*[sess.use(p) for p in params])
    assert isinstance(out, et.Tensor)
    assert out.shape == t_out.shape
    assert out.dtype == "float64"
    np.testing.assert_allclose(out.numpy(), t_out, rtol=TORCH_RTOL, atol=TORCH_ATOL)

    with sess.backward((out * cot).sum()) as grads:
        et_grads = []
        for p, t_grad in zip(params, t_grads, strict=True):
            buf = grads[p]
            assert buf.shape == p.shape
            et_grads.append(buf.numpy())
            np.testing.assert_allclose(et_grads[-1], t_grad, rtol=TORCH_RTOL, atol=TORCH_ATOL)

    if check_fd:

        def scalar(arrs):
            with sess:
                return (et_fn(*[sess.input(a) for a in arrs]) * cot).sum().item()

        for fd, g in zip(finite_difference(scalar, arrays), et_grads, strict=True):
            np.testing.assert_allclose(g, fd, rtol=FD_RTOL, atol=FD_ATOL)


DEVICE = os.environ.get("EAGERTAPE_TEST_DEVICE", "cpu")
ON_CUDA = DEVICE.startswith("cuda")
# The CUDA ordinal DEVICE names ("cuda" is cuda:0); None on the CPU.
DEVICE_INDEX = int(DEVICE.partition(":")[2] or 0) if ON_CUDA else None
DEVICE_MISSING = (
    f"EAGERTAPE_TEST_DEVICE={DEVICE}, but no CUDA device is visible to torch: the "
    "device-generic suite needs a GPU (run it with the default EAGERTAPE_TEST_DEVICE=cpu here)"
)


def device_available() -> bool:
    if not ON_CUDA:
        return DEVICE == "cpu"
    return torch.cuda.is_available() and DEVICE_INDEX < torch.cuda.device_count()


# The device-generic suite runs on a GPU (else, with `cuda`, only `cpu_only` tests run).
ON_GPU = ON_CUDA and device_available()


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "ledger_global: the test keeps process-wide eagertape objects on purpose"
    )
    config.addinivalue_line("markers", "cuda: tests of the CUDA paths (test_cuda.py)")
    config.addinivalue_line(
        "markers", "cpu_only: about the CPU specifically; runs whatever EAGERTAPE_TEST_DEVICE is"
    )
    if DEVICE != "cpu" and not ON_CUDA:
        raise pytest.UsageError(
            f"EAGERTAPE_TEST_DEVICE must be cpu, cuda or cuda:N, not {DEVICE!r}"
        )
    if ON_GPU:
        et.set_default_device(DEVICE)
        make_process_constants()


def make_process_constants() -> None:
    """The placeholder of a freed tape value (kept for its shape) is a view of one zero
    element per dtype and device, made on first use and kept for the process, outside the
    ledger, like LibTorch's own constants: on CUDA each is a 512-byte block of the caching
    allocator. Make them before the first test reads `torch.cuda.memory_allocated()`, so the
    first test of a worker to free a value of some dtype is not reported as a leak."""
    n = 1 << 15  # above what the pool keeps (`MAX_BUFFER_BYTES`): freed on release
    for dtype in ("float32", "float64", "float16", "bfloat16"):
        sess = et.Session(dtype=dtype)
        x = sess.input(np.ones(n))
        values = [x * 2]
        if dtype == "float32":
            mask = x > 0
            values += [mask, mask.long()]
        consumers = [v.float() if v.dtype != dtype else v + v for v in values]
        del values, consumers, x, sess  # each value goes while its consumer's record stays


def pytest_collection_modifyitems(config, items):
    if not ON_CUDA or ON_GPU:
        return
    skip = pytest.mark.skip(reason=DEVICE_MISSING)
    for item in items:
        if not item.get_closest_marker("cpu_only") and not item.get_closest_marker("cuda"):
            item.add_marker(skip)


def device_allocated() -> int:
    """`torch.cuda.memory_allocated()` without torch's cuBLAS/cuBLASLt workspaces: torch
    keeps one per (handle, stream) in its caching allocator from a thread's first matrix
    product until they are cleared (32 MiB each on Hopper), so the first matmul of a worker
    or of a new thread would look like a leak. torch's own leak check
    (`CudaMemoryLeakCheck`) clears them before it reads the counter; so does this one."""
    torch.cuda.synchronize()
    torch._C._cuda_clearCublasWorkspaces()
    return torch.cuda.memory_allocated()


def held_view(stats: dict) -> dict:
    """Everything the core holds: the live figures and the recycled buffers that sessions
    keep for reuse (freed with their session)."""
    view = ledger_view(stats)
    view["cached_bytes"] = stats["cached_bytes"]
    view["cached_buffers"] = stats["cached_buffers"]
    return view


@pytest.fixture(autouse=True)
def no_leaks(request):
    """The leak check of every test: once the test's sessions, maps and optimizers are gone,
    the ledger (live bytes, live buffers, bytes by category, cached bytes and buffers) is
    exactly what it was before the test, also for tests that raise. `gc.collect()` only
    clears the reference cycles that Python itself builds around a test (an exception's
    traceback holding the test's frame); eagertape frees by reference count. Mark a test
    `@pytest.mark.ledger_global` to skip the check (it must say why it keeps process-wide
    objects)."""
    if request.node.get_closest_marker("ledger_global"):
        yield
        return
    before = held_view(et.memory_stats())
    if ON_GPU:
        gc.collect()  # earlier tests' cyclic garbage (a `pytest.raises` traceback) goes now
    device_before = device_allocated() if ON_GPU else 0
    yield
    # This fixture is torn down last; drop pytest's references to the other fixtures'
    # values (a `sess64` fixture's session) so that only a real leak stays alive, and the
    # frames of a failed test that pytest keeps for post-mortem debugging (`sys.last_*`), so
    # that a failure is reported once, not again as a leak.
    request.node.funcargs.clear()
    for name in ("last_type", "last_value", "last_traceback", "last_exc"):
        if hasattr(sys, name):
            setattr(sys, name, None)
    after = held_view(et.memory_stats())
    if after != before:
        gc.collect()  # only then: collecting costs more than most tests
        # The default session outlives the test: what it holds for the test's dead tensors
        # and models (tape nodes until its next compaction, recycled buffers) goes now.
        et._core._collect_default_session()
        after = held_view(et.memory_stats())
    assert after == before, f"the test leaked eagertape buffers: {before} -> {after}"
    if ON_GPU:
        # Every device byte eagertape held is back in LibTorch's caching allocator.
        device_after = device_allocated()
        if device_after != device_before:
            gc.collect()
            device_after = device_allocated()
        assert device_after == device_before, (
            f"the test left {device_after - device_before} bytes allocated on {DEVICE}"
        )


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(1234)


@pytest.fixture
def sess64():
    """A fresh float64 session on the test device."""
    return et.Session(dtype="float64")


@pytest.fixture
def sess32():
    """A fresh float32 session on the test device."""
    return et.Session(dtype="float32")


# --- the GPU check's failure log --------------------------------------------------------------
# `tools/gpu-check --device-run` sets EAGERTAPE_FAILURE_LOG: each failing phase is appended to it
# as it happens (the run can be cut by its time limit before pytest's summary), and a worker
# whose CUDA context is poisoned (a sticky CUDA error fails everything after it) leaves, so that
# pytest-xdist replaces it instead of reporting every later test of that worker as failed.
FAILURE_LOG = os.environ.get("EAGERTAPE_FAILURE_LOG")


@pytest.hookimpl(trylast=True)
def pytest_runtest_logreport(report):
    if not FAILURE_LOG or not report.failed:
        return
    text = str(report.longrepr)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker and hasattr(report, "node") and "crashed" not in text:
        return  # under xdist the worker wrote it; the controller adds only crashes
    with open(FAILURE_LOG, "a") as log:
        log.write(f"==== {report.nodeid} [{report.when}]\n{text[-3000:]}\n")
    if "CUDA error" in text and worker:
        sys.stderr.flush()
        os._exit(3)
