"""Carriers and backends: guarantees 1-2 of docs/design.md, `show_backend` naming the reference
backend, and the session lifecycle (reset, SGD fast path, copy-on-write, handle checks, exact
ledger) on the reference backend and the CPU-only carriers `ieee32` and `interval`."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
import torch
from conftest import ledger_delta, session_state

import eagertape as et

# About the CPU-only carriers (ieee32, interval) and their resolution to cpu.
pytestmark = pytest.mark.cpu_only

HAS_CUDA = torch.cuda.is_available()
CPU_CARRIER_MESSAGE = "this scalar type uses the CPU tape; keeping its type and precision"
REFERENCE_ON_CUDA_MESSAGE = (
    "backend profile `reference` targets cpu, but the runtime requested cuda"
)
STALE_MESSAGE = "stale tensor reference from generation 0; current generation is 1"

CPU_ONLY = ["ieee32", "interval"]
NATIVE = ["float32", "float64", "float16", "bfloat16"]
CUDA_DEVICES = ["cuda", "cuda:0", "cuda:1"]

# (session fields, parameter dtype, bytes per element) for every reference-backed session.
REFERENCE_CARRIERS = {
    "reference-float64": ({"dtype": "float64", "backend": "reference"}, "float64", 8),
    "reference-float32": ({"dtype": "float32", "backend": "reference"}, "float32", 4),
    "ieee32": ({"dtype": "ieee32"}, "ieee32", 4),
    "interval": ({"dtype": "interval"}, "interval", 16),
}
# Float parameters are LibTorch tensors: a reference session's leaf is an exact copy that its
# tape owns. ieee32 and interval parameters are reference tensors: the leaf borrows the snapshot.
COPIED_LEAF = ["reference-float64", "reference-float32"]
SHARED_SNAPSHOT = ["ieee32", "interval"]


def lower(t) -> np.ndarray:
    """The lower bounds of an interval tensor or parameter, or the point values of any other
    carrier."""
    return t.bounds()[0] if t.dtype == "interval" else t.numpy()


def caught_warnings(action):
    """Run `action()`; return its result and every warning it emitted (none filtered out)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = action()
    return result, caught


def carrier_session(name: str):
    fields, _, _ = REFERENCE_CARRIERS[name]
    return et.Session(**fields)


def carrier_param(sess, name: str, data) -> et.Parameter:
    """A parameter of `name`'s carrier on `sess`'s device (cpu for every reference-backed
    session), so that it is not made on the default device (cuda in a GPU run)."""
    _, dtype, _ = REFERENCE_CARRIERS[name]
    return et.Parameter(np.asarray(data, dtype=np.float64), dtype=dtype, device=sess.config.device)


# --- invariant 1: Config.for_scalar -------------------------------------------------------


@pytest.mark.parametrize("device", CUDA_DEVICES)
@pytest.mark.parametrize("dtype", CPU_ONLY)
def test_invariant_1_cpu_only_carrier_on_cuda_resolves_to_cpu(dtype, device):
    resolved, _ = caught_warnings(et.Config(device=device, dtype=dtype).for_scalar)
    assert (resolved.device, resolved.dtype) == ("cpu", dtype)


@pytest.mark.parametrize("dtype", CPU_ONLY)
def test_invariant_1_resolution_keeps_every_other_field(dtype):
    cfg = et.Config(
        device="cuda:1",
        dtype=dtype,
        seed=17,
        backend="reference",
        grad_enabled=False,
        requires_grad_by_default=True,
        show_backend=True,
    )
    resolved, _ = caught_warnings(cfg.for_scalar)
    assert resolved.device == "cpu"
    assert (
        resolved.dtype,
        resolved.seed,
        resolved.backend,
        resolved.grad_enabled,
        resolved.requires_grad_by_default,
        resolved.show_backend,
    ) == (dtype, 17, "reference", False, True, True)


@pytest.mark.parametrize("dtype", CPU_ONLY)
def test_invariant_1_resolution_keeps_an_absent_backend_absent(dtype):
    resolved, _ = caught_warnings(et.Config(device="cuda", dtype=dtype, seed=3).for_scalar)
    assert (resolved.backend, resolved.seed) == (None, 3)


@pytest.mark.parametrize("device", CUDA_DEVICES)
@pytest.mark.parametrize("dtype", CPU_ONLY)
def test_invariant_1_emits_exactly_one_cpu_carrier_warning(dtype, device):
    _, caught = caught_warnings(et.Config(device=device, dtype=dtype).for_scalar)
    assert [(w.category, str(w.message)) for w in caught] == [
        (et.CpuCarrierWarning, CPU_CARRIER_MESSAGE)
    ]


def test_invariant_1_cpu_carrier_warning_is_a_user_warning():
    assert issubclass(et.CpuCarrierWarning, UserWarning)
    with pytest.warns(UserWarning, match=re.escape(CPU_CARRIER_MESSAGE)):
        et.Config(device="cuda", dtype="ieee32").for_scalar()


@pytest.mark.parametrize("dtype", CPU_ONLY)
def test_invariant_1_original_config_is_unchanged(dtype):
    cfg = et.Config(device="cuda", dtype=dtype, seed=5, backend="reference")
    caught_warnings(cfg.for_scalar)
    assert (cfg.device, cfg.dtype, cfg.seed, cfg.backend) == ("cuda", dtype, 5, "reference")


@pytest.mark.parametrize("dtype", CPU_ONLY)
def test_invariant_1_cpu_only_carrier_on_cpu_resolves_silently(dtype):
    resolved, caught = caught_warnings(et.Config(device="cpu", dtype=dtype).for_scalar)
    assert resolved.device == "cpu"
    assert caught == []


@pytest.mark.parametrize("device", CUDA_DEVICES)
@pytest.mark.parametrize("dtype", NATIVE)
def test_invariant_1_native_carrier_keeps_cuda_device_without_warning(dtype, device):
    resolved, caught = caught_warnings(et.Config(device=device, dtype=dtype).for_scalar)
    assert (resolved.device, resolved.dtype) == (device, dtype)
    assert caught == []


@pytest.mark.parametrize("dtype", CPU_ONLY)
def test_invariant_1_session_resolves_cpu_only_carrier_with_one_warning(dtype):
    sess, caught = caught_warnings(lambda: et.Session(device="cuda", dtype=dtype))
    assert [(w.category, str(w.message)) for w in caught] == [
        (et.CpuCarrierWarning, CPU_CARRIER_MESSAGE)
    ]
    assert (sess.config.device, sess.config.dtype) == ("cpu", dtype)
    assert sess.input(np.ones(2)).device == "cpu"


def test_invariant_1_session_from_config_object_warns_once_and_keeps_the_config():
    cfg = et.Config(device="cuda", dtype="interval", seed=21)
    sess, caught = caught_warnings(lambda: et.Session(cfg))
    assert len(caught) == 1
    assert (sess.config.device, sess.config.seed) == ("cpu", 21)
    assert cfg.device == "cuda"


# --- invariant 2: session creation validates the resolved config ---------------------------


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_invariant_2_reference_profile_on_cuda_is_a_config_error(dtype):
    with pytest.raises(et.ConfigError) as info:
        et.Session(device="cuda", dtype=dtype, backend="reference")
    assert str(info.value) == REFERENCE_ON_CUDA_MESSAGE


def test_invariant_2_reference_profile_error_names_the_cuda_ordinal():
    with pytest.raises(et.ConfigError, match=re.escape(REFERENCE_ON_CUDA_MESSAGE)):
        et.Session(config=et.Config(device="cuda:1", dtype="float32", backend="reference"))


@pytest.mark.parametrize("dtype", CPU_ONLY)
def test_invariant_2_reference_profile_accepts_cpu_only_carrier_resolved_from_cuda(dtype):
    sess, caught = caught_warnings(
        lambda: et.Session(device="cuda", dtype=dtype, backend="reference")
    )
    assert (sess.config.device, sess.config.backend) == ("cpu", "reference")
    assert len(caught) == 1


@pytest.mark.parametrize("device", ["cpu", "cuda"])
@pytest.mark.parametrize("dtype", CPU_ONLY)
def test_invariant_2_libtorch_profile_rejects_cpu_only_carriers(dtype, device):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", et.CpuCarrierWarning)
        with pytest.raises(et.ConfigError, match=dtype):
            et.Session(device=device, dtype=dtype, backend="libtorch")


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_invariant_2_reference_profile_rejects_half_precision(dtype):
    with pytest.raises(et.ConfigError, match=dtype):
        et.Session(dtype=dtype, backend="reference")


@pytest.mark.skipif(HAS_CUDA, reason="a CUDA device is visible")
@pytest.mark.parametrize("backend", [None, "libtorch"])
@pytest.mark.parametrize("dtype", NATIVE)
def test_invariant_2_native_carrier_on_cuda_without_gpu_is_device_unavailable(dtype, backend):
    with pytest.raises(et.DeviceUnavailableError):
        et.Session(device="cuda", dtype=dtype, backend=backend)


def test_invariant_2_config_errors_are_eagertape_value_errors():
    with pytest.raises(et.ConfigError) as info:
        et.Session(dtype="float16", backend="reference")
    assert isinstance(info.value, et.EagerTapeError)
    assert isinstance(info.value, ValueError)


# --- show_backend ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "label"),
    [
        ({"dtype": "float64", "backend": "reference"}, "reference (cpu, float64)"),
        ({"dtype": "float32", "backend": "reference"}, "reference (cpu, float32)"),
        ({"dtype": "ieee32"}, "reference (cpu, ieee32)"),
        ({"dtype": "interval"}, "reference (cpu, interval)"),
    ],
    ids=["reference-float64", "reference-float32", "ieee32", "interval"],
)
def test_show_backend_names_the_reference_backend_once_per_op(fields, label, capfd):
    sess = et.Session(show_backend=True, **fields)
    x = sess.input(np.ones((2, 2)))
    (x + x + x).relu()
    lines = capfd.readouterr().err.splitlines()
    assert f"eagertape: session {sess.id} ran add on backend {label}" in lines
    assert sum(" ran add on backend " in line for line in lines) == 1
    assert f"eagertape: session {sess.id} ran relu on backend {label}" in lines


def test_show_backend_names_libtorch_for_an_explicit_libtorch_profile(capfd):
    sess = et.Session(dtype="float32", backend="libtorch", show_backend=True)
    x = sess.input(np.ones(2))
    x * x
    err = capfd.readouterr().err
    label = f"libtorch ({sess.config.device}, float32)"  # the default device: cuda in a GPU run
    assert f"eagertape: session {sess.id} ran mul on backend {label}" in err
    assert "reference" not in err


# --- lifecycle on the reference backend and the CPU-only carriers ---------------------------


@pytest.mark.parametrize("carrier", list(REFERENCE_CARRIERS))
def test_reset_frees_reference_tape_bytes_exactly(carrier):
    _, _, size = REFERENCE_CARRIERS[carrier]
    sess = carrier_session(carrier)
    p = carrier_param(sess, carrier, np.ones((4, 5)))
    before = et.memory_stats()
    x = sess.input(np.ones((4, 5)))
    y = (x * sess.use(p)).tanh()
    y.transpose(0, 1)
    owned = 4 if carrier in COPIED_LEAF else 3  # input, (leaf copy), product, tanh
    assert ledger_delta(before, et.memory_stats())["by_category"]["tape"] == owned * 20 * size
    sess.reset_tape()
    delta = ledger_delta(before, et.memory_stats())
    assert delta["by_category"]["tape"] == 0
    assert (delta["live_bytes"], delta["live_buffers"]) == (0, 0)
    assert (sess.generation, sess.tape_len) == (1, 0)


@pytest.mark.parametrize("carrier", list(REFERENCE_CARRIERS))
def test_reset_keeps_reference_parameters(carrier):
    sess = carrier_session(carrier)
    data = np.arange(6.0).reshape(2, 3)
    p = carrier_param(sess, carrier, data)
    (sess.use(p) * 2.0).sum()
    sess.reset_tape()
    np.testing.assert_array_equal(lower(p), data)
    with sess:
        np.testing.assert_array_equal(lower(sess.use(p)), data)


@pytest.mark.parametrize("carrier", list(REFERENCE_CARRIERS))
def test_unshared_sgd_step_updates_reference_parameter_in_place(carrier):
    sess = carrier_session(carrier)
    data = np.arange(-16.0, 16.0).reshape(4, 8) / 16.0  # exact in binary32
    p = carrier_param(sess, carrier, data)
    opt = et.optim.SGD([p], lr=0.25)
    w = sess.use(p)
    with sess.backward((w * w).sum()) as g:
        sess.reset_tape()
        before = et.memory_stats()
        opt.step(g)
        delta = ledger_delta(before, et.memory_stats())
    assert delta["allocations"] == 0
    assert delta["by_category"]["param"] == 0
    assert delta["live_buffers"] == 0
    np.testing.assert_array_equal(lower(p), data - 0.25 * 2.0 * data)
    assert p.version == 1


@pytest.mark.parametrize("carrier", SHARED_SNAPSHOT)
def test_sgd_step_of_taped_reference_snapshot_copies_on_write(carrier):
    _, _, size = REFERENCE_CARRIERS[carrier]
    sess = carrier_session(carrier)
    data = np.arange(-16.0, 16.0).reshape(4, 8) / 16.0
    p = carrier_param(sess, carrier, data)
    opt = et.optim.SGD([p], lr=0.25)
    w = sess.use(p)
    with sess.backward((w * w).sum()) as g:
        before = et.memory_stats()
        opt.step(g)
        assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == 32 * size
    np.testing.assert_array_equal(lower(w), data)
    np.testing.assert_array_equal(lower(p), data - 0.25 * 2.0 * data)
    sess.reset_tape()
    assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == 0


@pytest.mark.parametrize("carrier", COPIED_LEAF)
def test_reference_leaf_of_float_parameter_is_a_tape_owned_copy(carrier):
    _, _, size = REFERENCE_CARRIERS[carrier]
    sess = carrier_session(carrier)
    p = carrier_param(sess, carrier, np.ones((4, 4)))
    before = et.memory_stats()
    sess.use(p)
    delta = ledger_delta(before, et.memory_stats())
    assert (delta["by_category"]["tape"], delta["by_category"]["param"]) == (16 * size, 0)
    sess.reset_tape()
    assert ledger_delta(before, et.memory_stats())["live_bytes"] == 0


@pytest.mark.parametrize("carrier", COPIED_LEAF)
def test_sgd_step_after_reference_use_of_float_parameter_is_in_place(carrier):
    sess = carrier_session(carrier)
    data = np.arange(-16.0, 16.0).reshape(4, 8) / 16.0
    p = carrier_param(sess, carrier, data)
    opt = et.optim.SGD([p], lr=0.25)
    w = sess.use(p)
    with sess.backward((w * w).sum()) as g:
        before = et.memory_stats()
        opt.step(g)
        delta = ledger_delta(before, et.memory_stats())
    assert (delta["allocations"], delta["by_category"]["param"]) == (0, 0)
    np.testing.assert_array_equal(w.numpy(), data)
    np.testing.assert_array_equal(p.numpy(), data - 0.25 * 2.0 * data)


@pytest.mark.parametrize("carrier", list(REFERENCE_CARRIERS))
def test_snapshot_held_by_another_reference_session_survives_update(carrier):
    s1, s2 = carrier_session(carrier), carrier_session(carrier)
    data = np.arange(8.0)
    p = carrier_param(s1, carrier, data)
    opt = et.optim.SGD([p], lr=1.0)
    w2 = s2.use(p)
    w1 = s1.use(p)
    with s1.backward(w1.sum()) as g:
        s1.reset_tape()
        opt.step(g)
    np.testing.assert_array_equal(lower(w2), data)
    np.testing.assert_array_equal(lower(w2 * 2.0), 2.0 * data)
    np.testing.assert_array_equal(lower(p), data - 1.0)


@pytest.mark.parametrize("carrier", list(REFERENCE_CARRIERS))
def test_foreign_reference_handle_is_rejected_without_changing_either_session(carrier):
    s1, s2 = carrier_session(carrier), carrier_session(carrier)
    a, b = s1.input(np.ones(3)), s2.input(np.ones(3))
    states = session_state(s1), session_state(s2)
    with pytest.raises(et.ForeignHandleError):
        a + b
    assert (session_state(s1), session_state(s2)) == states


def test_handle_of_a_libtorch_session_is_foreign_to_a_reference_session():
    ref, native = et.Session(dtype="float64", backend="reference"), et.Session(dtype="float64")
    a, b = ref.input(np.ones(3)), native.input(np.ones(3))
    state = session_state(ref)
    with pytest.raises(et.ForeignHandleError):
        a * b
    assert session_state(ref) == state


@pytest.mark.parametrize("carrier", list(REFERENCE_CARRIERS))
def test_stale_reference_handle_is_rejected_with_generation_message(carrier):
    sess = carrier_session(carrier)
    old = sess.input(np.ones(3))
    sess.reset_tape()
    fresh = sess.input(np.ones(3))
    state = session_state(sess)
    with pytest.raises(et.StaleHandleError, match=re.escape(STALE_MESSAGE)):
        fresh + old
    with pytest.raises(et.StaleHandleError):
        old.numpy()
    assert session_state(sess) == state


@pytest.mark.parametrize("carrier", list(REFERENCE_CARRIERS))
def test_reference_grad_map_context_releases_every_buffer(carrier):
    sess = carrier_session(carrier)
    p = carrier_param(sess, carrier, np.ones((3, 3)))
    w = sess.use(p)
    before = et.memory_stats()
    with sess.backward((w * w).sum()) as g:
        buf = g[p]
        assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == buf.nbytes
    assert buf.released
    assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == 0


# --- ledger element sizes and buffer dtypes ------------------------------------------------


@pytest.mark.parametrize(("dtype", "size"), [("ieee32", 4), ("interval", 16)])
def test_cpu_only_parameter_bytes_are_exact(dtype, size):
    before = et.memory_stats()
    p = et.Parameter(np.zeros((3, 5)), dtype=dtype)
    delta = ledger_delta(before, et.memory_stats())
    assert delta["by_category"]["param"] == 15 * size
    assert (delta["live_buffers"], delta["allocations"]) == (1, 1)
    del p
    assert ledger_delta(before, et.memory_stats())["by_category"]["param"] == 0


@pytest.mark.parametrize(("dtype", "size"), [("ieee32", 4), ("interval", 16)])
def test_cpu_only_tape_bytes_are_exact_and_views_are_free(dtype, size):
    sess = et.Session(dtype=dtype)
    before = et.memory_stats()
    x = sess.input(np.ones((6, 2)))
    y = x * 3.0
    y.reshape(12)
    y.transpose(0, 1)
    delta = ledger_delta(before, et.memory_stats())
    assert delta["by_category"]["tape"] == 2 * 12 * size
    assert delta["live_buffers"] == 2


@pytest.mark.parametrize(("dtype", "size"), [("ieee32", 4), ("interval", 16)])
def test_cpu_only_gradient_bytes_are_exact(dtype, size):
    sess = et.Session(dtype=dtype)
    p = et.Parameter(np.ones((6, 5)), dtype=dtype)
    loss = (sess.use(p) * 2.0).sum()
    before = et.memory_stats()
    g = sess.backward(loss)
    buf = g[p]
    assert (buf.dtype, buf.numel, buf.nbytes) == (dtype, 30, 30 * size)
    assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == 30 * size
    g.release()
    assert ledger_delta(before, et.memory_stats())["by_category"]["grad"] == 0


def test_ieee32_tensor_reads_out_as_float32():
    sess = et.Session(dtype="ieee32")
    x = sess.input(np.array([0.1, 1.0 / 3.0]))
    assert x.dtype == "ieee32"
    out = x.numpy()
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out, np.array([0.1, 1.0 / 3.0], dtype=np.float32))


def test_interval_tensor_bounds_are_lower_and_upper_float64_arrays():
    sess = et.Session(dtype="interval")
    x = sess.input(et.interval([0.0, 1.0], [0.5, 3.0]))
    assert x.dtype == "interval"
    lo, hi = x.bounds()
    assert (lo.dtype, hi.dtype) == (np.float64, np.float64)
    np.testing.assert_array_equal(lo, [0.0, 1.0])
    np.testing.assert_array_equal(hi, [0.5, 3.0])


def test_bounds_of_a_one_element_interval_are_0d_arrays_of_its_shape():
    sess = et.Session(dtype="interval")
    total = sess.input(et.interval([0.0, 1.0], [0.5, 3.0])).sum()
    lo, hi = total.bounds()
    assert (lo.shape, hi.shape) == ((), ())
    assert (float(lo), float(hi)) == (1.0, 3.5)


def test_interval_tensor_numpy_is_refused_with_a_dtype_error_naming_bounds():
    sess = et.Session(dtype="interval")
    x = sess.input(et.interval([0.0, 1.0], [0.5, 3.0]))
    with pytest.raises(et.DTypeError, match=r"bounds\(\)"):
        x.numpy()


def test_interval_tensor_item_is_refused_with_a_dtype_error_naming_bounds():
    sess = et.Session(dtype="interval")
    total = sess.input(et.interval([0.0, 1.0], [0.5, 3.0])).sum()
    with pytest.raises(et.DTypeError, match=r"bounds\(\)"):
        total.item()


def test_float_of_an_interval_tensor_is_refused_with_a_dtype_error_naming_bounds():
    sess = et.Session(dtype="interval")
    total = sess.input(et.interval([0.0, 1.0], [0.5, 3.0])).sum()
    with pytest.raises(et.DTypeError, match=r"bounds\(\)"):
        float(total)


def test_interval_parameter_numpy_is_refused_with_a_dtype_error_naming_bounds():
    p = et.Parameter(et.interval([0.0, 1.0], [0.5, 3.0]), dtype="interval")
    with pytest.raises(et.DTypeError, match=r"bounds\(\)"):
        p.numpy()


def test_interval_gradient_buffer_numpy_is_refused_with_a_dtype_error_naming_bounds():
    sess = et.Session(dtype="interval")
    p = et.Parameter(et.interval([0.0, 1.0], [0.5, 3.0]), dtype="interval")
    with sess.backward((sess.use(p) * sess.use(p)).sum()) as g:
        with pytest.raises(et.DTypeError, match=r"bounds\(\)"):
            g[p].numpy()


@pytest.mark.parametrize("dtype", ["float64", "float32", "ieee32"])
def test_bounds_of_a_non_interval_tensor_are_two_equal_copies_of_numpy(dtype):
    sess = et.Session(dtype=dtype)
    x = sess.input(np.array([[0.1, -2.0], [1.0 / 3.0, 4.5]]))
    lo, hi = x.bounds()
    value = x.numpy()
    for bound in (lo, hi):
        assert bound.dtype == value.dtype
        np.testing.assert_array_equal(bound, value)
    assert not np.shares_memory(lo, hi)


def test_interval_parameter_bounds_enclose_its_float64_values():
    values = np.array([0.1, -1.0 / 3.0, 2.0 / 7.0])
    p = et.Parameter(et.interval(values - 0.125, values + 0.25), dtype="interval")
    lo, hi = p.bounds()
    assert (lo.dtype, hi.dtype, lo.shape, hi.shape) == (np.float64, np.float64, (3,), (3,))
    assert (lo <= values).all() and (values <= hi).all()
    np.testing.assert_array_equal(lo, values - 0.125)
    np.testing.assert_array_equal(hi, values + 0.25)


def test_interval_gradient_buffer_bounds_enclose_the_float64_gradient():
    # d/dw sum(w * w) = 2 w, for every w in the box [lo, hi].
    w_lo, w_hi = np.array([0.1, -1.0 / 3.0, 2.0]), np.array([0.3, 0.25, 2.5])
    sess = et.Session(dtype="interval")
    p = et.Parameter(et.interval(w_lo, w_hi), dtype="interval")
    w = sess.use(p)
    with sess.backward((w * w).sum()) as g:
        lo, hi = g[p].bounds()
    assert (lo.dtype, hi.dtype, lo.shape, hi.shape) == (np.float64, np.float64, (3,), (3,))
    for point in (w_lo, w_hi, (w_lo + w_hi) / 2.0):
        assert (lo <= 2.0 * point).all() and (2.0 * point <= hi).all()


def test_writing_to_the_arrays_bounds_returned_does_not_change_the_tensor():
    sess = et.Session(dtype="interval")
    x = sess.input(et.interval([0.0, 1.0], [0.5, 3.0]))
    lo, hi = x.bounds()
    lo[:] = -7.0
    hi[:] = 7.0
    lo_again, hi_again = x.bounds()
    np.testing.assert_array_equal(lo_again, [0.0, 1.0])
    np.testing.assert_array_equal(hi_again, [0.5, 3.0])


def test_writing_to_the_arrays_parameter_bounds_returned_does_not_change_the_parameter():
    p = et.Parameter(et.interval([0.0, 1.0], [0.5, 3.0]), dtype="interval")
    lo, hi = p.bounds()
    lo[:] = -7.0
    hi[:] = 7.0
    lo_again, hi_again = p.bounds()
    np.testing.assert_array_equal(lo_again, [0.0, 1.0])
    np.testing.assert_array_equal(hi_again, [0.5, 3.0])


def test_point_data_becomes_degenerate_intervals():
    sess = et.Session(dtype="interval")
    lo, hi = sess.input(np.array([0.25, -2.0])).bounds()
    np.testing.assert_array_equal(lo, [0.25, -2.0])
    np.testing.assert_array_equal(hi, [0.25, -2.0])
    p_lo, p_hi = et.Parameter(np.array([1.5]), dtype="interval").bounds()
    assert (p_lo.tolist(), p_hi.tolist()) == ([1.5], [1.5])


def test_float64_parameter_gradient_from_reference_session_is_a_float64_buffer():
    sess = et.Session(dtype="float64", backend="reference")
    p = et.Parameter(np.array([1.0, -2.0, 3.0]), device=sess.config.device)
    w = sess.use(p)
    with sess.backward((w * w).sum()) as g:
        buf = g[p]
        assert (buf.dtype, buf.device, buf.nbytes) == ("float64", "cpu", 24)
        np.testing.assert_array_equal(buf.numpy(), [2.0, -4.0, 6.0])


def test_float64_parameter_serves_libtorch_and_reference_sessions_alike():
    # Both sessions on cpu (the reference backend's device), so one parameter serves both.
    p = et.Parameter(np.array([0.5, -1.5]), device="cpu")
    results = []
    for backend in ["libtorch", "reference"]:
        sess = et.Session(dtype="float64", backend=backend, device="cpu")
        w = sess.use(p)
        with sess.backward((w * 3.0).sum()) as g:
            results.append((w.numpy(), g[p].numpy()))
    np.testing.assert_array_equal(results[0][0], results[1][0])
    np.testing.assert_array_equal(results[0][1], results[1][1])


@pytest.mark.parametrize(
    ("param_dtype", "session_dtype"),
    [
        ("ieee32", "float32"),
        ("float32", "ieee32"),
        ("interval", "float64"),
        ("float64", "interval"),
        ("ieee32", "interval"),
    ],
)
def test_parameter_of_another_carrier_is_a_dtype_error(param_dtype, session_dtype):
    sess = et.Session(dtype=session_dtype)
    p = et.Parameter(np.ones(2), dtype=param_dtype)
    state = session_state(sess)
    with pytest.raises(et.DTypeError):
        sess.use(p)
    assert session_state(sess) == state
