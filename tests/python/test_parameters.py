"""Parameters: dtype rules, identity, versions, copies, assign and use."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from conftest import DEVICE

import eagertape as et

DTYPE_RULES = [
    (np.zeros((2, 2), dtype=np.float64), "float64"),
    (np.zeros((2, 2), dtype=np.float32), "float32"),
    ([[0.0, 1.0], [2.0, 3.0]], "float32"),
    (1.5, "float32"),
    (np.float64(1.5), "float64"),
    (np.float32(1.5), "float32"),
]


@pytest.mark.parametrize(
    "data, dtype",
    DTYPE_RULES,
    ids=["f64", "f32", "list", "scalar", "np_f64_scalar", "np_f32_scalar"],
)
def test_parameter_dtype_follows_data(data, dtype):
    p = et.Parameter(data)
    assert p.dtype == dtype
    assert p.numpy().dtype == np.dtype(dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_parameter_dtype_keyword_overrides_data(dtype):
    other = np.float64 if dtype == "float32" else np.float32
    p = et.Parameter(np.arange(3, dtype=other), dtype=dtype)
    assert p.dtype == dtype
    np.testing.assert_array_equal(p.numpy(), [0.0, 1.0, 2.0])


def test_parameter_from_torch_tensor_keeps_values():
    p = et.Parameter(torch.arange(4, dtype=torch.float64))
    assert (p.shape, p.dtype) == ((4,), "float64")
    np.testing.assert_array_equal(p.numpy(), [0.0, 1.0, 2.0, 3.0])


def test_parameter_attributes():
    p = et.Parameter(np.zeros((2, 3)), name="w", requires_grad=False)
    assert (p.name, p.shape, p.requires_grad) == ("w", (2, 3), False)


def test_parameter_defaults():
    p = et.Parameter(np.zeros(2))
    assert (p.name, p.requires_grad, p.version) == (None, True, 0)


def test_parameter_ids_are_unique_and_stable():
    params = [et.Parameter(np.zeros(1)) for _ in range(10)]
    ids = [p.id for p in params]
    assert len(set(ids)) == 10
    params[0].assign(np.ones(1))
    assert [p.id for p in params] == ids


def test_parameter_copies_its_source_data():
    src = np.ones(3)
    p = et.Parameter(src)
    src[:] = 5.0
    np.testing.assert_array_equal(p.numpy(), np.ones(3))


def test_parameter_numpy_returns_a_copy():
    p = et.Parameter(np.ones(3))
    out = p.numpy()
    out[:] = 5.0
    np.testing.assert_array_equal(p.numpy(), np.ones(3))


def test_assign_replaces_value_and_bumps_version():
    p = et.Parameter(np.zeros((2, 2)))
    p.assign(np.full((2, 2), 3.0))
    p.assign([[1.0, 2.0], [3.0, 4.0]])
    assert p.version == 2
    np.testing.assert_array_equal(p.numpy(), [[1.0, 2.0], [3.0, 4.0]])
    assert p.dtype == "float64"


def test_sgd_step_bumps_version_of_each_updated_parameter():
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.ones(2))
    opt = et.optim.SGD([p], lr=0.1)
    for i in range(3):
        with sess, sess.backward(sess.use(p).sum()) as g:
            opt.step(g)
        assert p.version == i + 1


def test_use_records_a_leaf_with_the_parameter_value():
    sess = et.Session(dtype="float64")
    data = np.arange(6.0).reshape(3, 2)
    w = sess.use(et.Parameter(data))
    assert (w.shape, w.dtype, w.device) == ((3, 2), "float64", DEVICE)
    np.testing.assert_array_equal(w.numpy(), data)


def test_use_of_trainable_parameter_requires_grad():
    sess = et.Session(dtype="float64")
    assert sess.use(et.Parameter(np.ones(2))).requires_grad is True


def test_use_of_frozen_parameter_does_not_require_grad():
    sess = et.Session(dtype="float64")
    assert sess.use(et.Parameter(np.ones(2), requires_grad=False)).requires_grad is False


def test_op_result_requires_grad_when_any_operand_does():
    sess = et.Session(dtype="float64")
    x = sess.input(np.ones(2))
    w = sess.use(et.Parameter(np.ones(2)))
    assert (x * w).requires_grad is True
    assert (x * 2.0).requires_grad is False
