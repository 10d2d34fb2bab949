"""Every op's value and gradient against torch.autograd (float64) and central differences."""

from __future__ import annotations

import operator

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from conftest import (
    FD_ATOL,
    FD_RTOL,
    TORCH_ATOL,
    TORCH_RTOL,
    assert_matches_torch,
    finite_difference,
)

import eagertape as et

BINARY = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "truediv": operator.truediv,
}

BROADCAST_SHAPES = [
    ((3, 4), (3, 4)),
    ((3, 4), (4,)),
    ((4,), (3, 4)),
    ((2, 1, 3), (1, 4, 3)),
    ((3, 1), (1, 5)),
    ((2, 3), (1,)),
    ((), (2, 3)),
    ((2, 3), ()),
]


def away_from_zero(rng, shape, low=0.5, high=2.0):
    """Values with |x| in [low, high] and random sign: safe denominators, no relu kinks."""
    signs = np.where(rng.random(shape) < 0.5, -1.0, 1.0)
    return signs * rng.uniform(low, high, size=shape)


def positive(rng, shape):
    return rng.uniform(0.5, 2.0, size=shape)


# --- elementwise binary ops ---------------------------------------------------------------


@pytest.mark.parametrize("shapes", BROADCAST_SHAPES, ids=str)
@pytest.mark.parametrize("op", list(BINARY))
def test_binary_op_between_tensors_matches_torch(op, shapes, rng):
    a = rng.standard_normal(shapes[0])
    b = away_from_zero(rng, shapes[1])
    assert_matches_torch(BINARY[op], [a, b])


CONSTANTS = {
    "float": 2.5,
    "int": 3,
    "ndarray_row": np.array([0.5, -1.5, 2.0, 1.25]),
    "ndarray_full": np.arange(1.0, 13.0).reshape(3, 4) / 4.0,
    "list_row": [0.75, -2.0, 1.5, -0.5],
}


@pytest.mark.parametrize("side", ["right", "left"])
@pytest.mark.parametrize("const", list(CONSTANTS))
@pytest.mark.parametrize("op", list(BINARY))
def test_binary_op_with_constant_matches_torch(op, const, side, rng):
    c = CONSTANTS[const]
    tc = c if isinstance(c, (int, float)) else torch.tensor(np.asarray(c, dtype=np.float64))
    fn = BINARY[op]
    x = away_from_zero(rng, (3, 4))
    if side == "right":
        assert_matches_torch(lambda t: fn(t, c), [x], lambda t: fn(t, tc))
    else:
        assert_matches_torch(lambda t: fn(c, t), [x], lambda t: fn(tc, t))


def test_negation_matches_torch(rng):
    assert_matches_torch(operator.neg, [rng.standard_normal((3, 4))])


# --- unary ops ----------------------------------------------------------------------------

UNARY = {
    "relu_method": (lambda x: x.relu(), torch.relu, away_from_zero),
    "relu_fn": (et.relu, torch.relu, away_from_zero),
    "tanh_method": (lambda x: x.tanh(), torch.tanh, away_from_zero),
    "tanh_fn": (et.tanh, torch.tanh, away_from_zero),
    "sigmoid_method": (lambda x: x.sigmoid(), torch.sigmoid, away_from_zero),
    "sigmoid_fn": (et.sigmoid, torch.sigmoid, away_from_zero),
    "exp_method": (lambda x: x.exp(), torch.exp, away_from_zero),
    "exp_fn": (et.exp, torch.exp, away_from_zero),
    "log_method": (lambda x: x.log(), torch.log, positive),
    "log_fn": (et.log, torch.log, positive),
}


@pytest.mark.parametrize("shape", [(5,), (3, 4), (2, 3, 4)], ids=str)
@pytest.mark.parametrize("name", list(UNARY))
def test_unary_op_matches_torch(name, shape, rng):
    et_fn, torch_fn, sample = UNARY[name]
    assert_matches_torch(et_fn, [sample(rng, shape)], torch_fn)


@pytest.mark.parametrize("exponent", [2, 3, 2.0, 0.5, -1.0], ids=repr)
def test_pow_with_constant_exponent_matches_torch(exponent, rng):
    assert_matches_torch(lambda x: x**exponent, [positive(rng, (3, 4))])


@pytest.mark.parametrize("exponent", [2, 3], ids=repr)
def test_pow_with_integer_exponent_on_negative_inputs_matches_torch(exponent, rng):
    assert_matches_torch(lambda x: x**exponent, [away_from_zero(rng, (3, 4))])


# --- matmul and linear --------------------------------------------------------------------

MATMUL_SHAPES = [
    ((3, 4), (4, 5)),
    ((2, 3, 4), (4, 2)),
    ((2, 3, 4, 5), (5, 6)),
    ((1, 3, 4), (2, 4, 2)),
    ((4, 5), (2, 5, 3)),
    ((2, 1, 3, 4), (5, 4, 2)),
]

MATMUL_FORMS = {
    "operator": operator.matmul,
    "method": lambda a, b: a.matmul(b),
    "function": et.matmul,
}


@pytest.mark.parametrize("shapes", MATMUL_SHAPES, ids=str)
@pytest.mark.parametrize("form", list(MATMUL_FORMS))
def test_matmul_matches_torch(form, shapes, rng):
    a, b = (rng.standard_normal(s) for s in shapes)
    assert_matches_torch(MATMUL_FORMS[form], [a, b], torch.matmul)


@pytest.mark.parametrize("x_shape", [(5, 4), (2, 5, 4)], ids=str)
def test_linear_with_bias_matches_torch(x_shape, rng):
    x, w, b = (
        rng.standard_normal(x_shape),
        rng.standard_normal((3, 4)),
        rng.standard_normal(3),
    )
    assert_matches_torch(et.linear, [x, w, b], F.linear)


@pytest.mark.parametrize("x_shape", [(5, 4), (2, 5, 4)], ids=str)
def test_linear_without_bias_matches_torch(x_shape, rng):
    x, w = rng.standard_normal(x_shape), rng.standard_normal((3, 4))
    assert_matches_torch(et.linear, [x, w], F.linear)


def test_linear_with_bias_keyword_matches_torch(rng):
    x, w, b = (
        rng.standard_normal((5, 4)),
        rng.standard_normal((3, 4)),
        rng.standard_normal(3),
    )
    assert_matches_torch(
        lambda x, w, b: et.linear(x, w, bias=b),
        [x, w, b],
        lambda x, w, b: F.linear(x, w, b),
    )


# --- reductions ---------------------------------------------------------------------------

REDUCTION_DIMS = [None, 0, 1, 2, -1, -2]


@pytest.mark.parametrize("keepdim", [False, True])
@pytest.mark.parametrize("dim", REDUCTION_DIMS)
@pytest.mark.parametrize("name", ["sum", "mean"])
def test_reduction_method_matches_torch(name, dim, keepdim, rng):
    x = rng.standard_normal((2, 3, 4))
    assert_matches_torch(
        lambda t: getattr(t, name)(dim=dim, keepdim=keepdim),
        [x],
        lambda t: getattr(torch, name)(t, dim=dim, keepdim=keepdim),
    )


@pytest.mark.parametrize("keepdim", [False, True])
@pytest.mark.parametrize("dim", REDUCTION_DIMS)
@pytest.mark.parametrize("name", ["sum", "mean"])
def test_reduction_function_matches_torch(name, dim, keepdim, rng):
    x = rng.standard_normal((2, 3, 4))
    assert_matches_torch(
        lambda t: getattr(et, name)(t, dim=dim, keepdim=keepdim),
        [x],
        lambda t: getattr(torch, name)(t, dim=dim, keepdim=keepdim),
    )


@pytest.mark.parametrize("name", ["sum", "mean"])
def test_reduction_without_arguments_gives_zero_dim_result(name, rng):
    assert_matches_torch(lambda t: getattr(t, name)(), [rng.standard_normal((3, 4))])


@pytest.mark.parametrize("name", ["sum", "mean"])
def test_reduction_with_positional_dim_matches_torch(name, rng):
    assert_matches_torch(lambda t: getattr(t, name)(1), [rng.standard_normal((3, 4))])


# --- shape ops ----------------------------------------------------------------------------


@pytest.mark.parametrize("target", [(6, 4), (24,), (4, 3, 2), (1, 24)], ids=str)
def test_reshape_with_varargs_matches_torch(target, rng):
    assert_matches_torch(lambda t: t.reshape(*target), [rng.standard_normal((2, 3, 4))])


def test_reshape_with_tuple_matches_torch(rng):
    assert_matches_torch(lambda t: t.reshape((4, 6)), [rng.standard_normal((2, 3, 4))])


def test_reshape_of_transposed_tensor_matches_torch(rng):
    assert_matches_torch(
        lambda t: t.transpose(0, 1).reshape(3, 8), [rng.standard_normal((2, 3, 4))]
    )


@pytest.mark.parametrize("dims", [(0, 1), (1, 2), (0, 2), (0, -1), (-1, -2), (1, 1)], ids=str)
def test_transpose_matches_torch(dims, rng):
    assert_matches_torch(lambda t: t.transpose(*dims), [rng.standard_normal((2, 3, 4))])


def test_transposed_operand_in_matmul_matches_torch(rng):
    a, b = rng.standard_normal((4, 3)), rng.standard_normal((4, 5))
    assert_matches_torch(lambda a, b: a.transpose(0, 1) @ b, [a, b])


def test_transposed_operand_in_elementwise_op_matches_torch(rng):
    a, b = rng.standard_normal((3, 4)), rng.standard_normal((4, 3))
    assert_matches_torch(lambda a, b: a.transpose(0, 1) * b, [a, b])


# --- softmax family -----------------------------------------------------------------------

SOFTMAX_CASES = [
    ((3, 4), 0),
    ((3, 4), 1),
    ((3, 4), -1),
    ((2, 3, 4), 0),
    ((2, 3, 4), 1),
    ((2, 3, 4), 2),
    ((2, 3, 4), -2),
    ((6,), 0),
]


@pytest.mark.parametrize("case", SOFTMAX_CASES, ids=str)
@pytest.mark.parametrize("name", ["softmax", "log_softmax"])
def test_softmax_family_method_matches_torch(name, case, rng):
    shape, dim = case
    assert_matches_torch(
        lambda t: getattr(t, name)(dim),
        [rng.standard_normal(shape) * 3.0],
        lambda t: getattr(torch, name)(t, dim),
    )


@pytest.mark.parametrize("case", SOFTMAX_CASES, ids=str)
@pytest.mark.parametrize("name", ["softmax", "log_softmax"])
def test_softmax_family_function_matches_torch(name, case, rng):
    shape, dim = case
    assert_matches_torch(
        lambda t: getattr(et, name)(t, dim),
        [rng.standard_normal(shape) * 3.0],
        lambda t: getattr(torch, name)(t, dim),
    )


def test_log_softmax_is_stable_for_large_logits():
    x = np.array([[1000.0, 0.0, -1000.0], [500.0, 500.0, -500.0]])
    assert_matches_torch(
        lambda t: t.log_softmax(1),
        [x],
        lambda t: torch.log_softmax(t, 1),
        check_fd=False,
    )


# --- losses -------------------------------------------------------------------------------


@pytest.mark.parametrize("label_kind", ["list", "ndarray"])
def test_cross_entropy_matches_torch(label_kind, rng):
    logits = rng.standard_normal((5, 4)) * 2.0
    labels = np.array([0, 3, 1, 1, 2], dtype=np.int64)
    given = labels.tolist() if label_kind == "list" else labels
    assert_matches_torch(
        lambda t: et.cross_entropy(t, given),
        [logits],
        lambda t: F.cross_entropy(t, torch.from_numpy(labels)),
    )


def test_cross_entropy_of_composite_logits_matches_torch(rng):
    x, w = rng.standard_normal((6, 3)), rng.standard_normal((4, 3))
    labels = np.array([0, 1, 2, 3, 0, 1])
    assert_matches_torch(
        lambda x, w: et.cross_entropy(x @ w.transpose(0, 1), labels),
        [x, w],
        lambda x, w: F.cross_entropy(x @ w.T, torch.from_numpy(labels)),
    )


@pytest.mark.parametrize("shape", [(5,), (4, 3), (2, 3, 2)], ids=str)
def test_mse_loss_with_numpy_target_matches_torch(shape, rng):
    target = rng.standard_normal(shape)
    assert_matches_torch(
        lambda t: et.mse_loss(t, target),
        [rng.standard_normal(shape)],
        lambda t: F.mse_loss(t, torch.from_numpy(target)),
    )


def test_mse_loss_with_tensor_target_differentiates_both_sides(rng):
    pred, target = rng.standard_normal((4, 3)), rng.standard_normal((4, 3))
    assert_matches_torch(et.mse_loss, [pred, target], F.mse_loss)


def test_mse_loss_with_input_target_matches_torch(rng):
    pred, target = rng.standard_normal((4, 3)), rng.standard_normal((4, 3))
    sess = et.Session(dtype="float64")
    p = et.Parameter(pred)
    with sess:
        loss = et.mse_loss(sess.use(p), sess.input(target))
        tp = torch.tensor(pred, requires_grad=True)
        t_loss = F.mse_loss(tp, torch.from_numpy(target))
        t_loss.backward()
        np.testing.assert_allclose(loss.item(), t_loss.item(), rtol=TORCH_RTOL)
        with sess.backward(loss) as grads:
            assert len(grads) == 1
            np.testing.assert_allclose(
                grads[p].numpy(), tp.grad.numpy(), rtol=TORCH_RTOL, atol=TORCH_ATOL
            )


# --- scalar read-out ----------------------------------------------------------------------


def test_item_and_float_read_a_one_element_tensor(sess64):
    t = sess64.input(np.array([2.5]))
    assert t.item() == 2.5
    assert float(t) == 2.5
    assert isinstance(t.item(), float)


# --- composite function: small MLP, finite differences w.r.t. parameters ------------------


def mlp_loss(x, w1, b1, w2, b2, labels, target):
    """tanh hidden layer, softmax head; cross-entropy plus an MSE term on the probabilities."""
    h = et.linear(x, w1, b1).tanh()
    logits = et.linear(h, w2, b2)
    probs = logits.softmax(-1)
    return et.cross_entropy(logits, labels) + 0.5 * et.mse_loss(probs, target)


def test_mlp_loss_gradients_match_finite_differences(rng):
    x = rng.standard_normal((6, 4))
    labels = np.array([0, 2, 1, 1, 0, 2])
    target = rng.uniform(0.0, 1.0, (6, 3))
    arrays = [
        rng.standard_normal((5, 4)) * 0.5,
        rng.standard_normal(5) * 0.1,
        rng.standard_normal((3, 5)) * 0.5,
        rng.standard_normal(3) * 0.1,
    ]
    params = [et.Parameter(a) for a in arrays]
    sess = et.Session(dtype="float64")

    with sess:
        loss = mlp_loss(sess.input(x), *[sess.use(p) for p in params], labels, target)
        with sess.backward(loss) as grads:
            analytic = [grads[p].numpy() for p in params]

    def scalar(arrs):
        for p, a in zip(params, arrs, strict=True):
            p.assign(a)
        with sess:
            return mlp_loss(sess.input(x), *[sess.use(p) for p in params], labels, target).item()

    numeric = finite_difference(scalar, arrays)
    for a, n in zip(analytic, numeric, strict=True):
        np.testing.assert_allclose(a, n, rtol=FD_RTOL, atol=FD_ATOL)


def test_mlp_loss_value_and_gradients_match_torch(rng):
    x = rng.standard_normal((6, 4))
    labels = np.array([0, 2, 1, 1, 0, 2])
    target = rng.uniform(0.0, 1.0, (6, 3))
    arrays = [
        rng.standard_normal((5, 4)),
        rng.standard_normal(5),
        rng.standard_normal((3, 5)),
        rng.standard_normal(3),
    ]

    leaves = [torch.tensor(a, requires_grad=True) for a in arrays]
    w1, b1, w2, b2 = leaves
    logits = F.linear(torch.tanh(F.linear(torch.from_numpy(x), w1, b1)), w2, b2)
    t_loss = F.cross_entropy(logits, torch.from_numpy(labels)) + 0.5 * F.mse_loss(
        torch.softmax(logits, -1), torch.from_numpy(target)
    )
    t_loss.backward()

    sess = et.Session(dtype="float64")
    params = [et.Parameter(a) for a in arrays]
    loss = mlp_loss(sess.input(x), *[sess.use(p) for p in params], labels, target)
    np.testing.assert_allclose(loss.item(), t_loss.item(), rtol=TORCH_RTOL)
    with sess.backward(loss) as grads:
        for p, leaf in zip(params, leaves, strict=True):
            np.testing.assert_allclose(
                grads[p].numpy(), leaf.grad.numpy(), rtol=TORCH_RTOL, atol=TORCH_ATOL
            )
