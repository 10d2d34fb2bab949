"""Table-driven suites: every row of ``op_table.OPS`` on every carrier it supports.

One behaviour per test function; each runs once per row (and carrier):
values and gradients against torch.autograd (float64 and float32) and finite differences,
the reference backend against torch, ieee32 against torch's float32, interval enclosures of
torch's float64 values and gradients, recycled buffers bit-identical to fresh ones, bad
operand shapes rejected before anything is recorded, and unsupported carriers refused with
``UnsupportedOpError``.
"""

from __future__ import annotations

import numpy as np
import pytest
import test_tensor_meta
import torch
from conftest import assert_matches_torch, torch_value_and_grads
from op_table import CARRIERS, OPS

import eagertape as et

SESSION_FIELDS = {
    "libtorch": {"dtype": "float64"},
    "reference": {"dtype": "float64", "backend": "reference"},
    "ieee32": {"dtype": "ieee32"},
    "interval": {"dtype": "interval"},
}
PARAM_DTYPE = {"libtorch": "float64", "reference": "float64", "ieee32": "ieee32"}


def et_value_and_grads(carrier: str, op, arrays, cot):
    """The op's value and the gradients of ``sum(out * cot)`` on ``carrier`` (numpy)."""
    sess = et.Session(**SESSION_FIELDS[carrier])
    dtype = PARAM_DTYPE.get(carrier, "interval")
    # On the session's device: the reference backend computes on the CPU whatever the
    # default device is.
    params = [et.Parameter(a, dtype=dtype, device=sess.config.device) for a in arrays]
    out = op.et(*[sess.use(p) for p in params])
    cot_t = sess.input(cot if carrier != "interval" else et.interval(cot))
    # an interval's value and gradients are read as their (lo, hi) bounds
    read = (lambda v: v.bounds()) if carrier == "interval" else (lambda v: v.numpy())
    value = read(out)
    with sess.backward((out * cot_t).sum()) as grads:
        return value, [read(grads[p]) for p in params]


@pytest.mark.parametrize("op", OPS, ids=repr)
def test_value_and_gradients_match_torch_autograd_and_finite_differences(op, rng):
    assert_matches_torch(op.et, op.inputs(rng), op.torch, check_fd=op.smooth)


@pytest.mark.parametrize("op", OPS, ids=repr)
def test_float32_value_and_gradients_match_torch_float32(op, rng):
    arrays = [a.astype(np.float32) for a in op.inputs(rng)]
    t_out, cot, t_grads = torch_value_and_grads(
        lambda *t: op.torch(*t), [a.astype(np.float32) for a in arrays]
    )
    sess = et.Session(dtype="float32")
    params = [et.Parameter(a) for a in arrays]
    out = op.et(*[sess.use(p) for p in params])
    assert out.dtype == "float32"
    np.testing.assert_allclose(out.numpy(), t_out, rtol=2e-4, atol=1e-5)
    with sess.backward((out * cot.astype(np.float32)).sum()) as grads:
        for p, g in zip(params, t_grads, strict=True):
            np.testing.assert_allclose(grads[p].numpy(), g, rtol=2e-4, atol=1e-5)


def _operand_cases():
    cases = []
    for op in OPS:
        n = len(op.inputs(np.random.default_rng(0)))
        if n >= 2:
            cases += [pytest.param(op, i, id=f"{op.name}-{i}") for i in range(n)]
    return cases


@pytest.mark.parametrize(("op", "which"), _operand_cases())
def test_each_operand_alone_requiring_grad_gets_torchs_gradient(op, which, rng):
    # Operand `which` is a parameter, the others constants (session inputs): its gradient
    # must be torch's whatever the others require (a rule that skips or mixes up operands
    # by their `needs` mask would show here, not when every operand requires grad).
    arrays = op.inputs(rng)
    t_out, cot, t_grads = torch_value_and_grads(op.torch, arrays)
    sess = et.Session(dtype="float64")
    p = et.Parameter(arrays[which])
    xs = [sess.use(p) if i == which else sess.input(a) for i, a in enumerate(arrays)]
    out = op.et(*xs)
    np.testing.assert_allclose(out.numpy(), t_out, rtol=1e-10, atol=1e-12)
    loss = (out * sess.input(cot)).sum()
    if not loss.requires_grad:
        np.testing.assert_array_equal(t_grads[which], 0.0)  # torch: no path, a zero gradient
        return
    with sess.backward(loss) as grads:
        g = grads[p].numpy() if p in grads else np.zeros(arrays[which].shape)
        np.testing.assert_allclose(g, t_grads[which], rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("op", [op for op in OPS if "reference" in op.carriers], ids=repr)
def test_reference_float64_matches_torch_autograd(op, rng):
    arrays = op.inputs(rng)
    t_out, cot, t_grads = torch_value_and_grads(op.torch, arrays)
    value, grads = et_value_and_grads("reference", op, arrays, cot)
    np.testing.assert_allclose(value, t_out, rtol=1e-10, atol=1e-12)
    for g, tg in zip(grads, t_grads, strict=True):
        np.testing.assert_allclose(g, tg, rtol=1e-10, atol=1e-12)


@pytest.mark.parametrize("op", [op for op in OPS if "ieee32" in op.carriers], ids=repr)
def test_ieee32_is_close_to_torch_float32(op, rng):
    arrays = [a.astype(np.float32) for a in op.inputs(rng)]
    t_out, cot, t_grads = torch_value_and_grads(op.torch, arrays)
    value, grads = et_value_and_grads("ieee32", op, arrays, cot.astype(np.float32))
    assert value.dtype == np.float32
    np.testing.assert_allclose(value, t_out, rtol=1e-4, atol=1e-5)
    for g, tg in zip(grads, t_grads, strict=True):
        np.testing.assert_allclose(g, tg, rtol=1e-4, atol=1e-5)


def assert_encloses(bounds, exact, what):
    """``exact`` (torch's float64 result) within ``[lo, hi]``, up to torch's own rounding:
    the enclosure holds the exact real result, which torch's float64 sum or product may miss
    by a few ulps."""
    lo, hi = bounds
    exact = np.asarray(exact, dtype=np.float64)
    assert lo.shape == exact.shape, what
    slack = 1e-13 * np.maximum(1.0, np.abs(exact))
    inside = (lo - slack <= exact) & (exact <= hi + slack)
    assert inside.all(), f"{what}: {exact[~inside]} outside [{lo[~inside]}, {hi[~inside]}]"


@pytest.mark.parametrize("op", [op for op in OPS if "interval" in op.carriers], ids=repr)
def test_interval_encloses_torch_float64_values_and_gradients(op, rng):
    arrays = op.inputs(rng)
    t_out, cot, t_grads = torch_value_and_grads(op.torch, arrays)
    value, grads = et_value_and_grads("interval", op, arrays, cot)
    assert_encloses(value, t_out, f"{op.name} value")
    for i, (g, tg) in enumerate(zip(grads, t_grads, strict=True)):
        assert_encloses(g, tg, f"{op.name} gradient {i}")


@pytest.mark.parametrize("op", [op for op in OPS if "interval" in op.carriers], ids=repr)
def test_interval_box_encloses_the_op_at_points_inside_it(op, rng):
    arrays = op.inputs(rng)
    radius = 1e-3
    sess = et.Session(dtype="interval")
    boxes = [sess.input(et.interval(a - radius, a + radius)) for a in arrays]
    bounds = op.et(*boxes).bounds()
    for _ in range(4):
        point = [a + rng.uniform(-radius, radius, size=a.shape) for a in arrays]
        with torch.no_grad():
            exact = op.torch(*[torch.as_tensor(p) for p in point]).numpy()
        assert_encloses(bounds, exact, f"{op.name} at a point of the box")


@pytest.mark.parametrize("op", OPS, ids=repr)
def test_recycled_buffers_give_bit_identical_results(op, rng):
    # The second generation writes into the buffers the first reset kept (where the op
    # has an _out kernel); its value must equal a fresh session's bit for bit.
    arrays = [a.astype(np.float32) for a in op.inputs(rng)]
    params = [et.Parameter(a) for a in arrays]

    def run(sess):
        return op.et(*[sess.use(p) for p in params]).numpy()

    fresh = run(et.Session(dtype="float32"))
    sess = et.Session(dtype="float32")
    run(sess)
    sess.reset_tape()
    again = run(sess)
    assert again.tobytes() == fresh.tobytes()
    sess.empty_cache()


BAD = [(op, case) for op in OPS for case in op.bad]


@pytest.mark.parametrize(("op", "case"), BAD, ids=[f"{op.name}-{c[0]}" for op, c in BAD])
def test_bad_operand_shapes_raise_typed_errors_and_record_nothing(op, case):
    _, shapes, error = case
    sess = et.Session(dtype="float64")
    xs = [sess.input(np.ones(s)) for s in shapes]
    before = (sess.tape_len, et.memory_stats()["live_bytes"])
    with pytest.raises(error):
        op.et(*xs)
    assert (sess.tape_len, et.memory_stats()["live_bytes"]) == before


UNSUPPORTED = [(op, c) for op in OPS for c in CARRIERS if c not in op.carriers]


@pytest.mark.parametrize(
    ("op", "carrier"), UNSUPPORTED, ids=[f"{op.name}-{c}" for op, c in UNSUPPORTED]
)
def test_unsupported_carriers_raise_unsupported_op_error_and_record_nothing(op, carrier, rng):
    sess = et.Session(**SESSION_FIELDS[carrier])
    data = [a if carrier != "interval" else et.interval(a) for a in op.inputs(rng)]
    xs = [sess.input(a) for a in data]
    before = (sess.tape_len, et.memory_stats()["live_bytes"])
    with pytest.raises(et.UnsupportedOpError, match=carrier):
        op.et(*xs)
    assert (sess.tape_len, et.memory_stats()["live_bytes"]) == before


# Tensor attributes that are not ops (metadata, conversions).
# torch's questions about a tensor's metadata, answered as Python bools and ints:
# test_predicates.py
PREDICATES = {
    "is_floating_point",
    "is_complex",
    "is_signed",
    "is_nonzero",
    "is_same_size",
    "is_conj",
    "is_neg",
    "is_inference",
    "get_device",
}

BITWISE = ("and", "or", "xor", "not", "left_shift", "right_shift")
NOT_OPS = {
    *PREDICATES,
    "shape",
    "dtype",
    "device",
    "requires_grad",
    "session_id",
    "generation",
    "numpy",
    "bounds",
    "item",
    "ndim",
    "dim",
    "size",
    "numel",
    "tolist",
    "backward",  # test_torch_style.py
    "grad",
    "new_zeros",  # factories: test_torch_style.py
    "new_ones",
    "new_full",
    "new_empty",
    "bernoulli",  # random draws: test_sampling.py
    "multinomial",
    # the in-place random fills: test_random_fills.py (distributions against torch's)
    "uniform_",
    "normal_",
    "log_normal_",
    "cauchy_",
    "exponential_",
    "geometric_",
    "bernoulli_",
    "random_",
    "bincount",  # data-dependent shapes, no derivative: test_counts.py
    "unique_consecutive",
    "retain_grad",  # test_retain_grad.py
    "retains_grad",
    "grad_fn",
    "register_hook",  # test_register_hook.py
    "new",
    "detach_",  # test_tensor_writes.py, test_inplace_parity.py
    "index_put_",
    "fill_",  # in-place writes: test_inplace_parity.py, test_tensor_surface.py
    "copy_",
    # flags and the device's own conversions: test_tensor_surface.py
    "requires_grad_",
    "is_leaf",
    "is_cpu",
    "is_cuda",
    "cuda",
    "data",
    # integer and bool data only: test_bitwise.py
    *(f"{n}{i}" for n in (*(f"bitwise_{b}" for b in BITWISE), "gcd", "lcm") for i in ("", "_")),
    # storage layout and kind: test_tensor_meta.py
    *test_tensor_meta.METADATA,
}
OPERATORS = {
    "__add__",
    "__radd__",
    "__sub__",
    "__rsub__",
    "__mul__",
    "__rmul__",
    "__truediv__",
    "__rtruediv__",
    "__matmul__",
    "__rmatmul__",
    "__neg__",
    "__pow__",
    "__rpow__",
    "__floordiv__",
    "__rfloordiv__",
    "__mod__",
    "__rmod__",
    "__getitem__",
    "__eq__",
    "__ne__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
    "__and__",
    "__or__",
    "__xor__",
    "__invert__",
}
# Functions of `et` that are not ops, or ops the table cannot hold (with where they are tested).
NOT_TABLE = {
    *PREDICATES,
    # torch's constants, dtype limits and LibTorch's settings: test_torch_globals.py
    *(n for n in et._torch_globals.__all__ if callable(getattr(et, n))),
    # torch's in-place functions (`et.exp_(x)` is `x.exp_()`): test_in_place_functions.py
    *et._in_place.__all__,
    # factories of bytes, files and layouts (copies, no op): test_torch_state.py
    "frombuffer",
    "from_file",
    "empty_strided",
    "empty_permuted",
    # results whose shape is the data's, no derivative (torch's): test_counts.py
    "bincount",
    "unique_consecutive",
    "vmap",  # a function transform: test_vmap.py
    "memory_stats",
    "reset_peak_memory_stats",
    "empty_cache",
    "with_grad_map",
    "interval",
    "save",
    "load",
    "set_default_device",
    "get_default_device",
    "device",  # torch's device objects: test_torch_namespace.py
    "set_default_dtype",  # the default session's dtype: test_default_session.py
    "get_default_dtype",
    "set_num_threads",  # LibTorch's settings: test_torch_namespace.py
    "get_num_threads",
    "set_float32_matmul_precision",
    "get_float32_matmul_precision",
    "use_deterministic_algorithms",
    "are_deterministic_algorithms_enabled",
    "set_printoptions",
    "result_type",  # dtype queries: test_torch_namespace.py
    "promote_types",
    "can_cast",
    "is_tensor",
    "numel",
    "is_distributed",  # test_tensor_meta.py
    *(f"bitwise_{n}" for n in BITWISE),
    "gcd",
    "lcm",
    "dropout",  # random: test_random.py checks it against its own mask
    "broadcast_shapes",  # test_aten_forms.py (shapes, no tensor)
    "isin",  # data results: test_isin_unravel.py
    "unravel_index",
    # torch's conversions and factories of the current session: test_aten_forms.py
    "scalar_tensor",
    "asarray",
    "randint_like",
    "fill",
    "from_dlpack",
    "to_dlpack",
    "detach",  # test_tensor_writes.py
    "index_put",
    # aten's dropout forms (random) and the autocast and inference-mode settings:
    # test_aten_forms.py
    "dropout_",
    *(
        f"{n}{i}"
        for n in ("alpha_dropout", "feature_alpha_dropout", "feature_dropout")
        for i in ("", "_")
    ),
    "set_autocast_enabled",
    "set_autocast_dtype",
    "is_autocast_cache_enabled",
    "set_autocast_cache_enabled",
    "is_inference_mode_enabled",
    "is_autocast_enabled",  # the autocast state: test_mixed_precision.py
    "get_autocast_dtype",
    "capture",  # a step recorded and replayed: test_capture.py
    "CapturedStep",
    # torch's namespace (test_torch_style.py): factories, the RNG, the current session
    "current_session",
    # the factories LibTorch computes: test_computed_factories.py
    *(f"{w}_window" for w in ("hann", "hamming", "blackman", "bartlett", "kaiser")),
    "logspace",
    "tril_indices",
    "triu_indices",
    "is_grad_enabled",
    "manual_seed",
    "tensor",
    "as_tensor",
    "from_numpy",
    "zeros",
    "ones",
    "empty",
    "full",
    "eye",
    "arange",
    "linspace",
    "rand",
    "randn",
    "randint",
    "randperm",
    "zeros_like",
    "ones_like",
    "empty_like",
    "full_like",
    "rand_like",
    "randn_like",
    "multinomial",
    "bernoulli",  # random draws: test_sampling.py
    "normal",
}


def test_every_public_op_has_a_row():
    # A Tensor method, operator or op function of `et` without a row fails here: the
    # table-driven suites would never see it.
    methods = {f"Tensor.{m}" for m in dir(et.Tensor) if not m.startswith("_")} - {
        f"Tensor.{m}" for m in NOT_OPS
    }
    operators = {f"Tensor.{m}" for m in OPERATORS if m != "__rmatmul__"}
    functions = {
        f"et.{name}"
        for name in et.__all__
        if callable(getattr(et, name))
        and not isinstance(getattr(et, name), type)
        and name not in NOT_TABLE
    }
    covered = {entry for op in OPS for entry in op.covers}
    missing = sorted((methods | operators | functions) - covered)
    assert not missing, f"ops without a row in op_table.py: {missing}"
