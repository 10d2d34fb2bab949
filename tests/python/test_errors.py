"""One test per error class; every rejected call leaves the session and the ledger unchanged."""

from __future__ import annotations

import re

import numpy as np
import pytest
from conftest import ledger_delta, session_state

import eagertape as et

HIERARCHY = [
    (et.ConfigError, ValueError),
    (et.DeviceUnavailableError, RuntimeError),
    (et.DeviceError, ValueError),
    (et.ForeignHandleError, ValueError),
    (et.StaleHandleError, RuntimeError),
    (et.ShapeError, ValueError),
    (et.DTypeError, ValueError),
    (et.ReleasedBufferError, RuntimeError),
    (et.BufferSizeError, ValueError),
    (et.GradError, RuntimeError),
    (et.ClassIndexError, IndexError),
    (et.ArgumentError, ValueError),
    (et.UnsupportedOpError, NotImplementedError),
]


@pytest.mark.parametrize("cls, builtin", HIERARCHY, ids=lambda c: c.__name__)
def test_error_class_derives_from_base_and_builtin(cls, builtin):
    assert issubclass(cls, et.EagerTapeError)
    assert issubclass(cls, builtin)


def test_eagertape_error_is_an_exception():
    assert issubclass(et.EagerTapeError, Exception)


class Unchanged:
    """Context manager asserting that a session's state and the memory ledger do not move."""

    def __init__(self, *sessions):
        self.sessions = sessions

    def __enter__(self):
        self.states = [session_state(s) for s in self.sessions]
        self.stats = et.memory_stats()
        return self

    def __exit__(self, *exc):
        assert [session_state(s) for s in self.sessions] == self.states
        delta = ledger_delta(self.stats, et.memory_stats())
        assert delta["live_bytes"] == 0
        assert delta["live_buffers"] == 0
        return False


# --- ConfigError --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [{"device": "tpu"}, {"device": "cuda:x"}, {"dtype": "int8"}, {"dtype": "float128"}],
    ids=str,
)
def test_config_error_for_unknown_device_or_dtype(fields):
    with pytest.raises(et.ConfigError):
        et.Config(**fields)


def test_config_error_raised_by_session_keywords():
    before = et.memory_stats()
    with pytest.raises(et.ConfigError):
        et.Session(dtype="complex64")
    assert ledger_delta(before, et.memory_stats())["live_bytes"] == 0


def test_config_error_for_unknown_backend():
    with pytest.raises(et.ConfigError):
        et.Config(backend="no-such-backend")


def test_config_is_frozen():
    cfg = et.Config()
    with pytest.raises(AttributeError):
        cfg.dtype = "float64"
    assert cfg.dtype == "float32"


# --- ForeignHandleError -------------------------------------------------------------------

FOREIGN_USES = {
    "binary_op": lambda own, f, s: own + f["mat"],
    "reflected_binary_op": lambda own, f, s: f["mat"] * own,
    "matmul": lambda own, f, s: own @ f["mat"],
    "linear_weight": lambda own, f, s: et.linear(own, f["mat"]),
    "linear_bias": lambda own, f, s: et.linear(own, own, f["vec"]),
    "mse_target": lambda own, f, s: et.mse_loss(own, f["mat"]),
    "backward": lambda own, f, s: s.backward(f["scalar"]),
}


@pytest.mark.parametrize("use", list(FOREIGN_USES))
def test_foreign_handle_error_leaves_both_sessions_unchanged(use):
    s1, s2 = et.Session(dtype="float64"), et.Session(dtype="float64")
    own = s1.input(np.ones((3, 3)))
    foreign = {
        "mat": s2.input(np.ones((3, 3))),
        "vec": s2.input(np.ones(3)),
        "scalar": s2.input(np.ones((3, 3))).sum(),
    }
    with Unchanged(s1, s2), pytest.raises(et.ForeignHandleError):
        FOREIGN_USES[use](own, foreign, s1)


# --- StaleHandleError ---------------------------------------------------------------------

STALE_MESSAGE = "stale tensor reference from generation 0; current generation is 1"

STALE_USES = {
    "shape": lambda old, fresh, s: old.shape,
    "dtype": lambda old, fresh, s: old.dtype,
    "numpy": lambda old, fresh, s: old.numpy(),
    "item": lambda old, fresh, s: old.item(),
    "float": lambda old, fresh, s: float(old),
    "unary_op": lambda old, fresh, s: old.relu(),
    "binary_op_with_fresh": lambda old, fresh, s: fresh + old,
    "binary_op_with_constant": lambda old, fresh, s: old * 2.0,
    "reflected_op_with_constant": lambda old, fresh, s: 2.0 - old,
    "reduction_function": lambda old, fresh, s: et.sum(old),
    "reshape": lambda old, fresh, s: old.reshape(1),
    "backward": lambda old, fresh, s: s.backward(old),
}


@pytest.mark.parametrize("use", list(STALE_USES))
def test_stale_handle_error_names_generations_and_changes_nothing(use):
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(3))
    old = (sess.use(p) * 2.0).sum()
    sess.reset_tape()
    fresh = sess.input(np.ones(()))
    with (
        Unchanged(sess),
        pytest.raises(et.StaleHandleError, match=re.escape(STALE_MESSAGE)),
    ):
        STALE_USES[use](old, fresh, sess)


# --- ShapeError ---------------------------------------------------------------------------
# Each case records its operands first (part of the baseline), then returns the faulty call.


def _add_mismatch(s, w):
    a = s.input(np.ones((3, 4)))
    return lambda: a + w


def _matmul_batch(s, w):
    a, b = s.input(np.ones((2, 3, 4))), s.input(np.ones((3, 4, 5)))
    return lambda: a.matmul(b)


def _linear_weight(s, w):
    x = s.input(np.ones((2, 3)))
    return lambda: et.linear(x, w)


def _linear_bias(s, w):
    x, b = s.input(np.ones((2, 5))), s.input(np.ones(4))
    return lambda: et.linear(x, w, b)


def _mse_tensor_target(s, w):
    target = s.input(np.ones(15))
    return lambda: et.mse_loss(w, target)


def _cross_entropy_1d_logits(s, w):
    x = s.input(np.ones(3))
    return lambda: et.cross_entropy(x, [0])


def _backward_non_scalar(s, w):
    y = w * 2.0
    return lambda: s.backward(y)


SHAPE_ERRORS = {
    "add_mismatch": _add_mismatch,
    "mul_constant_mismatch": lambda s, w: lambda: w * np.ones(4),
    "reflected_constant_mismatch": lambda s, w: lambda: np.ones((2, 2)) - w,
    "matmul_inner": lambda s, w: lambda: w @ w,
    "matmul_batch": _matmul_batch,
    "linear_weight": _linear_weight,
    "linear_bias": _linear_bias,
    "reshape_numel": lambda s, w: lambda: w.reshape(4, 4),
    "mse_numpy_target": lambda s, w: lambda: et.mse_loss(w, np.ones((5, 3))),
    "mse_tensor_target": _mse_tensor_target,
    "cross_entropy_label_count": lambda s, w: lambda: et.cross_entropy(w, [0, 1]),
    "cross_entropy_1d_logits": _cross_entropy_1d_logits,
    "backward_non_scalar": _backward_non_scalar,
}


@pytest.mark.parametrize("case", list(SHAPE_ERRORS))
def test_shape_error_is_raised_before_anything_is_recorded(case):
    sess = et.Session(dtype="float64")
    w = sess.use(et.Parameter(np.ones((3, 5))))
    call = SHAPE_ERRORS[case](sess, w)
    with Unchanged(sess), pytest.raises(et.ShapeError):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda x: x.sum(dim=2),
        lambda x: x.mean(dim=-3),
        lambda x: x.softmax(2),
        lambda x: x.log_softmax(-3),
        lambda x: x.transpose(0, 2),
    ],
    ids=["sum", "mean", "softmax", "log_softmax", "transpose"],
)
def test_out_of_range_dim_is_rejected_before_anything_is_recorded(call):
    sess = et.Session(dtype="float64")
    x = sess.input(np.ones((2, 3)))
    with Unchanged(sess), pytest.raises(et.EagerTapeError):
        call(x)


def test_shape_error_on_assign_keeps_parameter():
    p = et.Parameter(np.arange(6.0).reshape(2, 3))
    before = et.memory_stats()
    with pytest.raises(et.ShapeError):
        p.assign(np.zeros((3, 2)))
    assert p.version == 0
    np.testing.assert_array_equal(p.numpy(), np.arange(6.0).reshape(2, 3))
    assert ledger_delta(before, et.memory_stats())["live_bytes"] == 0


# --- DTypeError ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "session_dtype, param_dtype",
    [("float64", np.float32), ("float32", np.float64)],
    ids=str,
)
def test_dtype_error_when_parameter_dtype_differs_from_session(session_dtype, param_dtype):
    sess = et.Session(dtype=session_dtype)
    sess.input(np.ones(2))
    p = et.Parameter(np.ones(3, dtype=param_dtype))
    with Unchanged(sess), pytest.raises(et.DTypeError):
        sess.use(p)


# --- ReleasedBufferError ------------------------------------------------------------------


def test_released_buffer_error_on_read_keeps_parameter_and_session():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(4))
    with sess.backward((sess.use(p) * 3.0).sum()) as g:
        buf = g[p]
        buf.release()
        with Unchanged(sess), pytest.raises(et.ReleasedBufferError):
            buf.numpy()
    assert p.version == 0


def test_released_buffer_error_on_sgd_step_keeps_parameter():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(4))
    opt = et.optim.SGD([p], lr=1.0)
    with sess.backward((sess.use(p) * 3.0).sum()) as g:
        g.release()
        with Unchanged(sess), pytest.raises(et.ReleasedBufferError):
            opt.step(g)
    assert p.version == 0
    np.testing.assert_array_equal(p.numpy(), np.ones(4))


# --- BufferSizeError ----------------------------------------------------------------------


def test_buffer_size_error_on_released_buffer_names_where():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones((2, 7)))
    with sess.backward(sess.use(p).sum()) as g:
        buf = g[p]
        buf.release()
        with (
            Unchanged(sess),
            pytest.raises(et.BufferSizeError, match="checkpoint import"),
        ):
            buf.check_size("checkpoint import")


# --- GradError ----------------------------------------------------------------------------


def test_grad_error_for_loss_of_inputs_only():
    sess = et.Session(dtype="float64")
    loss = (sess.input(np.ones(3)) * 2.0).sum()
    with Unchanged(sess), pytest.raises(et.GradError):
        sess.backward(loss)


def test_grad_error_for_loss_of_frozen_parameters_only():
    sess = et.Session(dtype="float64")
    frozen = et.Parameter(np.ones(3), requires_grad=False)
    loss = (sess.use(frozen) * sess.input(np.ones(3))).sum()
    with Unchanged(sess), pytest.raises(et.GradError):
        sess.backward(loss)


# --- ClassIndexError ----------------------------------------------------------------------


@pytest.mark.parametrize("bad", [3, 7, -1])
def test_class_index_error_for_out_of_range_class_id(bad):
    sess = et.Session(dtype="float64")
    logits = sess.input(np.zeros((2, 3)))
    with Unchanged(sess), pytest.raises(et.ClassIndexError):
        et.cross_entropy(logits, [0, bad])


# --- DeviceError and DeviceUnavailableError live in test_cuda.py (they need the CUDA split).


# --- structured errors: attributes a caller can act on ------------------------------------


def test_broadcast_error_names_op_shapes_and_dim():
    sess = et.Session(dtype="float64")
    a, b = sess.input(np.ones((2, 3))), sess.input(np.ones(4))
    with Unchanged(sess), pytest.raises(et.ShapeError) as info:
        a + b
    assert (info.value.op, info.value.shapes, info.value.dim) == ("add", ([2, 3], [4]), 1)


def test_dim_out_of_range_error_names_op_dim_and_rank():
    sess = et.Session(dtype="float64")
    x = sess.input(np.ones((2, 3)))
    with Unchanged(sess), pytest.raises(et.ShapeError) as info:
        x.sum(-3)
    assert (info.value.op, info.value.dim, info.value.ndim) == ("sum", -3, 2)
    assert "expected a dim in [-2, 1]" in str(info.value)


def test_shape_mismatch_error_names_op_both_shapes_and_the_operand():
    # torch: F.layer_norm(x, (3,), weight=torch.ones(4)) is a RuntimeError about the shapes
    sess = et.Session(dtype="float64")
    x, w = sess.input(np.ones((2, 3))), sess.input(np.ones(4))
    with Unchanged(sess), pytest.raises(et.ShapeError) as info:
        et.layer_norm(x, (3,), w)
    e = info.value
    assert (e.op, e.expected, e.got) == ("layer_norm", [3], [4])
    assert e.what == "weight and bias"


def test_dtype_mismatch_error_names_op_and_both_dtypes():
    # torch: torch.mm(float64, float32) raises (mm does not promote; cat would); eagertape
    # refuses too, naming both
    sess = et.Session(dtype="float64")
    a = sess.input(np.ones((2, 2)))
    b = a.to("float32")
    with Unchanged(sess), pytest.raises(et.DTypeError) as info:
        a @ b
    assert (info.value.op, info.value.dtypes) == ("matmul", ("float64", "float32"))


def test_index_out_of_bounds_error_names_index_dim_and_size():
    # torch: x.index_select(1, torch.tensor([5])) on a (2, 3) tensor: "index out of range"
    sess = et.Session(dtype="float64")
    x = sess.input(np.ones((2, 3)))
    with Unchanged(sess), pytest.raises(et.IndexOutOfRangeError) as info:
        x.index_select(1, np.array([5]))
    e = info.value
    assert (e.index, e.dim, e.size) == (5, 1, 3)
    assert "index 5 is out of bounds for dimension 1 with size 3" in str(e)


def test_unsupported_op_error_is_a_not_implemented_error_naming_op_and_carrier():
    sess = et.Session(dtype="interval")
    x = sess.input(et.interval([1.0, 2.0], [1.5, 2.5]))
    with Unchanged(sess), pytest.raises(NotImplementedError) as info:
        x.max(0)
    assert isinstance(info.value, et.UnsupportedOpError)
    assert (info.value.op, info.value.carrier) == ("max", "interval")


def test_argument_error_is_a_value_error_and_not_a_config_error():
    sess = et.Session(dtype="float64")
    x = sess.input(np.ones(3))
    with Unchanged(sess), pytest.raises(ValueError) as info:
        et.dropout(x, 1.5)
    assert isinstance(info.value, et.ArgumentError)
    assert not isinstance(info.value, et.ConfigError)
