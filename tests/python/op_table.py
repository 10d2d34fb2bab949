"""The op table: one row per public op form, with sample inputs and the PyTorch reference.

Every table-driven suite reads these rows (``test_op_table.py``: gradients against
torch.autograd and finite differences, the reference backend, the ieee32 and interval
carriers, recycled buffers, bad input, unsupported carriers; ``test_no_panic.py``: random
shapes). Adding an op to eagertape is adding its row here.

Rows whose samples hold deliberate ties set ``smooth=False`` (no finite differences there).
A row's ``et`` and ``torch`` take the same positional tensors (``torch`` gets torch
tensors, ``et`` eagertape tensors); ``inputs(rng)`` draws float64 arrays where both are
smooth (finite differences apply). ``carriers`` lists the carriers that compute the op;
on the others it must raise ``UnsupportedOpError`` and record nothing. ``bad`` lists
operand shapes the op must reject with the given error before recording anything.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
import torch
import torch.nn.functional as F

import eagertape as et
import eagertape.nn.functional as EF

CARRIERS = ("libtorch", "reference", "ieee32", "interval")


@dataclass(frozen=True)
class Op:
    name: str
    et: Callable
    torch: Callable
    inputs: Callable[[np.random.Generator], list]
    carriers: tuple = CARRIERS
    # (id, operand shapes, expected eagertape error) rows of bad input.
    bad: tuple = field(default=())
    # The public API entries the row exercises ("Tensor.sum", "et.sum", "Tensor.__add__").
    covers: tuple = field(default=())
    # Differentiable at the samples, so finite differences apply (not at deliberate ties).
    smooth: bool = True

    def __repr__(self) -> str:
        return self.name


def normal(*shapes):
    return lambda rng: [rng.standard_normal(s) for s in shapes]


def positive(*shapes):
    return lambda rng: [rng.uniform(0.5, 2.0, size=s) for s in shapes]


def away_from_zero(*shapes):
    """|x| in [0.5, 2] with random signs: safe denominators, no kinks (relu, abs)."""

    def draw(rng):
        out = []
        for s in shapes:
            signs = np.where(rng.random(s) < 0.5, -1.0, 1.0)
            out.append(signs * rng.uniform(0.5, 2.0, size=s))
        return out

    return draw


def mixed(first, second):
    """A normal first operand and a safe (away from zero) second one."""
    return lambda rng: [rng.standard_normal(first), away_from_zero(second)(rng)[0]]


BROADCAST_BAD = (("no_broadcast", [(3,), (4,)], et.ShapeError),)
CE_IDS = np.array([0, 3, 1, 1, 2])


CE_SPATIAL = np.array([[[0, 2], [1, 1]], [[2, 0], [1, 2]]])  # (N, d1, d2); 2 is also ignored
CE_WEIGHT = np.array([0.5, 2.0, 1.5])
EMB_IDS = np.array([[1, 3, 1], [0, 2, 1]])
NEW_TENSOR_DATA = np.array([0.5, -1.0, 2.0, 0.25])
BN_MEAN = np.array([0.3, -0.2, 0.1])
BN_VAR = np.array([0.5, 1.5, 2.0])
SDPA_KEEP = np.array([[1, 1, 0, 1], [1, 0, 1, 1], [0, 1, 1, 1], [1, 1, 1, 0]], dtype=bool)
SDPA_ADD = np.array([[0.5, -1.0, 0.0, 2.0], [0.0, 0.0, -np.inf, 0.3], [1.0, 0.2, 0.0, 0.0]] * 1)[
    [0, 1, 2, 0]
]
SDPA_KEEP_EMPTY_ROW = np.array(
    [[1, 1, 0, 1, 0], [0, 0, 0, 0, 0], [0, 1, 1, 1, 1], [1, 1, 1, 0, 1]], dtype=bool
)
CE_WEIGHT4 = np.array([0.5, 2.0, 1.5, 1.0])
CE_PROBS = np.array([[0.1, 0.2, 0.3, 0.4], [0.25, 0.25, 0.25, 0.25], [0.7, 0.1, 0.1, 0.1]])
REG_TARGET = np.array([[0.3, -1.2, 0.0, 2.2], [-0.4, 0.35, 1.1, -2.0], [0.05, 0.9, -0.6, 0.45]])
BCE_TARGET = np.array([[0.0, 1.0, 0.3, 0.7], [1.0, 0.0, 0.5, 0.9], [0.2, 1.0, 0.0, 0.6]])
POS_WEIGHT = np.array([1.0, 2.0, 0.5, 3.0])
KL_TARGET = CE_PROBS


def _kl_mean_log_target(x):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch's note that "mean" is not "batchmean"
        return F.kl_div(x, _t(np.log(KL_TARGET)), reduction="mean", log_target=True)


def _ce_torch(x):
    return F.cross_entropy(x, torch.as_tensor(CE_IDS))


# Index data for the movement rows (constants, so et and torch index alike).
IDX_REPEATED = np.array([0, 2, 0, 0])  # repeated advanced indices: gradients accumulate
IDX_NEGATIVE = np.array([-1, 0, -3])
MASK = np.array(
    [[True, False, True, True], [False, False, True, False], [True, True, False, False]]
)
ROW_MASK = np.array([False, True, True, False])
GATHER_IDX = np.array([[0, 0, 3], [2, 1, 2]])
NO_COMPARE = ("libtorch", "reference", "ieee32")  # intervals have no truth values


def _t(a):
    return torch.as_tensor(a)


def _by_argmax_of_permuted(x):
    # The int64 index comes first, so a carrier without max(dim) records nothing.
    idx = x.max(1).indices
    return x.permute(1, 0)[idx, 1:]


def _floor(a, b):
    return torch.div(a, b, rounding_mode="floor")


def _mse_target(shape):
    return np.linspace(-1.0, 1.0, int(np.prod(shape))).reshape(shape)


def _inplace_arith(t, y):
    t.add_(y, alpha=2.0)
    t.sub_(y)
    t.mul_(y)
    t.div_(y + 1.0)
    t += y
    t *= 2.0
    t.subtract_(y, alpha=0.5)
    t.divide_(2.0)
    t.true_divide_(y)
    return t


def _inplace_unary(x):
    mask = x > 1.2  # first: the carriers without comparisons refuse it before anything
    t = x * 1.0
    t.clamp_(-0.5, 1.5)
    b = t * 2.0
    b.relu_()  # (torch's relu_ saves its output: nothing writes into b afterwards)
    c = x * 1.0
    c.masked_fill_(mask, 0.25)
    z = x * 1.0
    z.zero_()
    return b + c + z


def _inplace_activations(lib, fns, x):
    # torch's in-place activation functions (`torch.celu_`, `F.elu_`, ...) on copies of x
    s = lib.selu(x)  # first: the carriers without it refuse it before anything is recorded
    a = x * 1.0
    lib.celu_(a, 1.5)
    b = x * 1.0
    lib.selu_(b)
    c = x * 1.0
    lib.threshold_(c, 0.3, -2.0)
    d = x * 1.0
    lib.rrelu_(d, 0.1, 0.3)
    e = x * 1.0
    lib.relu_(e)
    f = x * 1.0
    fns.elu_(f, 0.5)
    g = x * 1.0
    fns.hardtanh_(g, -0.7, 0.7)
    h = x * 1.0
    fns.leaky_relu_(h, 0.2)
    return s + a + b + c + d + e + f + g + h


COMPARE_ALIASES = ("not_equal", "less", "less_equal", "greater", "greater_equal")


def _compare(lib, x, y):
    # the function forms (with a number and broadcast tensors) and torch's alias methods
    return (
        lib.where(lib.lt(x, y), x, y)
        + lib.where(lib.le(x, 0.5), y, x)
        + lib.where(lib.gt(x, y), x * 2.0, y)
        + lib.where(lib.ge(x, -0.25), y * 3.0, x)
        + lib.where(lib.eq(x, x), x, y * 0.5)
        + lib.where(lib.ne(x, y), x, y)
        + lib.where(lib.not_equal(x, y), y, x)
        + lib.where(lib.less(x, 0.0), x, y)
        + lib.where(x.less_equal(y), x, y)
        + lib.where(x.greater(0.1), y, x)
        + lib.where(lib.greater_equal(x, y), x * 0.5, y)
        + lib.where(x.not_equal(0.0), x, y)
        + lib.where(x.less(y), y, x)
        + lib.where(lib.less_equal(x, 0.2), x, y)
        + lib.where(lib.greater(x, y), y, x)
        + lib.where(x.greater_equal(0.3), x, y)
    )


def _split_aliases(lib, x):
    """torch's `unsafe_chunk`, `unsafe_split`, `split_with_sizes`, `unsafe_split_with_sizes`,
    each piece weighted by its position, by function and method."""

    def weigh(pieces, dim):
        return lib.cat([p * (i + 1.0) for i, p in enumerate(pieces)], dim)

    return (
        weigh(lib.unsafe_chunk(x, 2, 1), 1)
        + weigh(x.unsafe_chunk(3), 0)
        + weigh(lib.unsafe_split(x, 3, 1), 1)
        + weigh(x.unsafe_split(2), 0)
        + weigh(lib.split_with_sizes(x, [1, 3], 1), 1)
        + weigh(x.split_with_sizes([2, 1]), 0)
        + weigh(lib.unsafe_split_with_sizes(x, [2, 2], -1), -1)
        + weigh(x.unsafe_split_with_sizes([1, 2], dim=0), 0)
    )


def _rearrangements(lib, x, v):
    """`adjoint` (`mH`, `H`), `diag_embed` (offsets and dims), `diagflat`, `tile` (shorter and
    longer `dims`), `take` (negative indices) and the method `where`, each weighted."""
    first = lib.adjoint(x)  # first: `adjoint_of_a_vector` refuses it, recording nothing
    w = lib.arange(1.0, 25.0).reshape(2, 3, 4)
    idx = lib.tensor([[0, -1], [5, 23]], dtype=lib.int64)
    return (
        (first * w.mT).sum()
        + (x.adjoint() * 2.0).sum(0)[0, 0]
        + (x.mH * w.mT).sum() * 0.5
        + (x[1].H * w[0].T).sum() * 0.25
        + (lib.diag_embed(v) * lib.arange(1.0, 19.0).reshape(2, 3, 3)).sum()
        + (v.diag_embed(1, 0, 2) * 3.0).sum()
        + (lib.diagflat(v) * lib.arange(36.0).reshape(6, 6)).sum()
        + v.diagflat(-1)[1:, :6].sum()
        + (lib.tile(v, (2,)) * lib.arange(12.0).reshape(2, 6)).sum()
        + (v.tile(2, 1, 1) * 0.5).sum()
        + (lib.take(x, idx) * lib.tensor([1.0, 2.0])).sum()
        + x.take(lib.tensor([3, -24], dtype=lib.int64)).sum()
        + (x.where(lib.tensor([True, False, False, True]), v.unsqueeze(-1)) * w).sum()
    )


OPS: tuple[Op, ...] = (
    # --- pointwise, two tensors (broadcasting) ---
    Op(
        "add",
        lambda a, b: a + b,
        lambda a, b: a + b,
        normal((3, 4), (4,)),
        bad=BROADCAST_BAD,
        covers=("Tensor.__add__",),
    ),
    Op(
        "sub",
        lambda a, b: a - b,
        lambda a, b: a - b,
        normal((2, 1, 3), (4, 1)),
        bad=BROADCAST_BAD,
        covers=("Tensor.__sub__",),
    ),
    Op(
        "mul",
        lambda a, b: a * b,
        lambda a, b: a * b,
        normal((3, 1), (1, 5)),
        bad=BROADCAST_BAD,
        covers=("Tensor.__mul__",),
    ),
    Op(
        "div",
        lambda a, b: a / b,
        lambda a, b: a / b,
        mixed((2, 3), (3,)),
        bad=BROADCAST_BAD,
        covers=("Tensor.__truediv__",),
    ),
    Op(
        "maximum",
        et.maximum,
        torch.maximum,
        normal((3, 4), (4,)),
        bad=BROADCAST_BAD,
        covers=("et.maximum", "Tensor.maximum"),
    ),
    Op(
        "minimum",
        lambda a, b: a.minimum(b),
        torch.minimum,
        normal((2, 1, 3), (4, 1)),
        covers=("et.minimum", "Tensor.minimum"),
    ),
    # --- a tensor and a number (each as torch computes the Python expression) ---
    Op(
        "add_scalar",
        lambda x: x + 2.5,
        lambda x: x + 2.5,
        normal((3, 4)),
        covers=("Tensor.__add__",),
    ),
    Op(
        "radd_scalar",
        lambda x: 2.5 + x,
        lambda x: 2.5 + x,
        normal((3, 4)),
        covers=("Tensor.__radd__",),
    ),
    Op(
        "sub_scalar",
        lambda x: x - 0.75,
        lambda x: x - 0.75,
        normal((3, 4)),
        covers=("Tensor.__sub__",),
    ),
    Op(
        "rsub_scalar",
        lambda x: 1.5 - x,
        lambda x: 1.5 - x,
        normal((3, 4)),
        covers=("Tensor.__rsub__",),
    ),
    Op(
        "mul_scalar",
        lambda x: x * -3.0,
        lambda x: x * -3.0,
        normal((3, 4)),
        covers=("Tensor.__mul__", "Tensor.__rmul__"),
    ),
    Op(
        "div_scalar",
        lambda x: x / 2.5,
        lambda x: x / 2.5,
        normal((3, 4)),
        covers=("Tensor.__truediv__",),
    ),
    Op(
        "rdiv_scalar",
        lambda x: 2.0 / x,
        lambda x: 2.0 / x,
        away_from_zero((3, 4)),
        covers=("Tensor.__rtruediv__",),
    ),
    Op("pow_scalar", lambda x: x**3, lambda x: x**3, normal((3, 4)), covers=("Tensor.__pow__",)),
    Op(
        "pow_fraction",
        lambda x: x**0.5,
        lambda x: x**0.5,
        positive((3, 4)),
        covers=("Tensor.__pow__",),
    ),
    Op(
        "pow_tensor_exponent",
        # a tensor exponent broadcast on the left; a number base (torch's wrapped number)
        lambda a, b: a**b + et.pow(a, b[:1]) + 2.0**b + et.pow(1.5, a) + a.pow(2.0),
        lambda a, b: a**b + torch.pow(a, b[:1]) + 2.0**b + torch.pow(1.5, a) + a.pow(2.0),
        lambda rng: [rng.uniform(0.5, 2.0, size=(3, 4)), rng.standard_normal(4)],
        carriers=("libtorch", "reference", "ieee32"),
        bad=BROADCAST_BAD,
        covers=("et.pow", "Tensor.pow", "Tensor.__rpow__"),
    ),
    Op(
        "floor_divide_remainder",
        # signs on both sides (torch's floor and remainder follow the divisor's sign)
        lambda a, b: (
            a % b
            + (a // b) * 0.5
            + et.remainder(a, -1.5)
            + et.floor_divide(a, 0.75)
            + 2.5 % b
            + 2.5 // b
            + a.remainder(b)
            + a.floor_divide(b)
        ),
        # torch's `//` has no derivative (floor_divide); eagertape's is zero, as torch's
        # div(rounding_mode="floor"), the reference here
        lambda a, b: (
            a % b
            + _floor(a, b) * 0.5
            + torch.remainder(a, -1.5)
            + _floor(a, torch.full_like(a, 0.75))
            + torch.remainder(
                torch.full_like(b, 2.5), b
            )  # remainder(Scalar, Tensor): no derivative
            + _floor(torch.full_like(b, 2.5), b)
            + a.remainder(b)
            + _floor(a, b)
        ),
        lambda rng: [3 * rng.standard_normal((3, 4)), away_from_zero((4,))(rng)[0]],
        carriers=("libtorch", "reference", "ieee32"),
        bad=BROADCAST_BAD,
        covers=(
            "Tensor.__mod__",
            "Tensor.__rmod__",
            "Tensor.__floordiv__",
            "Tensor.__rfloordiv__",
            "et.remainder",
            "et.floor_divide",
            "Tensor.remainder",
            "Tensor.floor_divide",
        ),
        smooth=False,  # steps at every multiple of the divisor
    ),
    Op(
        "clamp_tensor_bounds",
        # tensor min and max broadcast against x, each with its own gradient (torch's rule)
        lambda x, lo, hi: et.clamp(x, lo, hi) + x.clamp(min=lo) + x.clamp(max=hi),
        lambda x, lo, hi: torch.clamp(x, lo, hi) + x.clamp(min=lo) + x.clamp(max=hi),
        lambda rng: [
            rng.standard_normal((3, 4)),
            rng.uniform(-1.0, -0.2, 4),
            rng.uniform(0.2, 1.0, (3, 1)),
        ],
    ),
    Op(
        "clamp",
        lambda x: et.clamp(x, -0.5, 0.75),
        lambda x: torch.clamp(x, -0.5, 0.75),
        normal((3, 4)),
        covers=("et.clamp", "Tensor.clamp"),
    ),
    Op(
        "clamp_min_max",
        lambda x: et.clamp_max(x.clamp_min(-0.25), 0.5) + et.clamp_min(x, 0.1).clamp_max(0.3),
        lambda x: torch.clamp_max(x.clamp_min(-0.25), 0.5) + torch.clamp_min(x, 0.1).clamp_max(0.3),
        normal((3, 4)),
        covers=("Tensor.clamp_min", "Tensor.clamp_max", "et.clamp_min", "et.clamp_max"),
    ),
    Op(
        "gelu",
        et.gelu,
        F.gelu,
        normal((3, 4)),
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.gelu", "Tensor.gelu"),
    ),
    Op(
        "gelu_tanh",
        lambda x: x.gelu(approximate="tanh"),
        lambda x: F.gelu(x, approximate="tanh"),
        normal((3, 4)),
        carriers=("libtorch", "reference", "ieee32"),
    ),
    Op(
        "hardtanh",
        lambda x: et.hardtanh(x, -0.5, 0.5),
        lambda x: F.hardtanh(x, -0.5, 0.5),
        normal((3, 4)),
        covers=("et.hardtanh", "Tensor.hardtanh"),
    ),
    Op(
        "leaky_relu",
        lambda x: et.leaky_relu(x, 0.2) + x.leaky_relu(),
        lambda x: F.leaky_relu(x, 0.2) + F.leaky_relu(x),
        away_from_zero((3, 4)),
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.leaky_relu", "Tensor.leaky_relu"),
    ),
    Op(
        "elu",
        lambda x: et.elu(x, 1.5) + x.elu(),
        lambda x: F.elu(x, 1.5) + F.elu(x),
        away_from_zero((3, 4)),
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.elu", "Tensor.elu"),
    ),
    Op(
        "softplus",
        # beta 2, threshold 1: samples on both sides of the threshold
        lambda x: et.softplus(x, beta=2.0, threshold=1.0) + x.softplus(),
        lambda x: F.softplus(x, beta=2.0, threshold=1.0) + F.softplus(x),
        lambda rng: [
            np.array([[-1.7, -0.3, 0.2, 0.35], [0.7, 1.3, -2.5, 0.45], [3.0, -0.05, 0.9, 0.6]])
        ],
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.softplus", "Tensor.softplus"),
    ),
    Op(
        "celu",
        lambda x: et.celu(x, 1.5) + EF.celu(x),
        lambda x: F.celu(x, 1.5) + F.celu(x),
        away_from_zero((3, 4)),
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.celu", "F.celu"),
    ),
    Op(
        "selu",
        lambda x: et.selu(x) + EF.selu(x),
        lambda x: torch.selu(x) + F.selu(x),
        away_from_zero((3, 4)),
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.selu", "F.selu"),
    ),
    Op(
        "hardshrink",
        # lambd 0.3 and 0.5: samples on both sides of each, none at one
        lambda x: et.hardshrink(x, 0.3) + x.hardshrink() + EF.hardshrink(x, lambd=0.5),
        lambda x: torch.hardshrink(x, 0.3) + x.hardshrink() + F.hardshrink(x, lambd=0.5),
        lambda rng: [
            np.array([[-1.7, -0.35, 0.2, 0.45], [0.7, 0.1, -2.5, -0.4], [3.0, -0.05, 0.9, 0.6]])
        ],
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.hardshrink", "Tensor.hardshrink", "F.hardshrink"),
    ),
    Op(
        "softshrink",
        lambda x: EF.softshrink(x, 0.3) + EF.softshrink(x),
        lambda x: F.softshrink(x, 0.3) + F.softshrink(x),
        lambda rng: [
            np.array([[-1.7, -0.35, 0.2, 0.45], [0.7, 0.1, -2.5, -0.4], [3.0, -0.05, 0.9, 0.6]])
        ],
        carriers=("libtorch", "reference", "ieee32"),
        covers=("F.softshrink",),
    ),
    Op(
        "threshold",
        lambda x: et.threshold(x, 0.3, -2.0) + EF.threshold(x, -0.5, 7.0),
        lambda x: torch.threshold(x, 0.3, -2.0) + F.threshold(x, -0.5, 7.0),
        lambda rng: [
            np.array([[-1.7, -0.35, 0.2, 0.45], [0.7, 0.1, -2.5, -0.4], [3.0, -0.05, 0.9, 0.6]])
        ],
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.threshold", "F.threshold"),
    ),
    Op(
        "softsign",
        EF.softsign,
        F.softsign,
        normal((3, 4)),
        covers=("F.softsign",),
    ),
    Op(
        "tanhshrink",
        EF.tanhshrink,
        F.tanhshrink,
        normal((3, 4)),
        covers=("F.tanhshrink",),
    ),
    Op(
        "activation_in_place_functions",
        lambda x: _inplace_activations(et, EF, x),
        lambda x: _inplace_activations(torch, F, x),
        away_from_zero((3, 4)),
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.celu_", "et.selu_", "et.threshold_", "et.rrelu_", "et.relu_"),
    ),
    Op(
        "rrelu_eval",
        # not training: the mean slope, leaky_relu's
        lambda x: et.rrelu(x, 0.1, 0.3) + EF.rrelu(x),
        lambda x: torch.rrelu(x, 0.1, 0.3) + F.rrelu(x),
        away_from_zero((3, 4)),
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.rrelu", "F.rrelu"),
    ),
    # --- conversions ---
    Op(
        "to_float_and_back",
        # float64 -> float32 -> bfloat16 -> float32 (rounded on the way); the gradient is
        # converted back through each step
        lambda x: (x.float().bfloat16().float() * x.float() + x.double().half().float()).to(
            x.dtype
        ),
        lambda x: (x.float().bfloat16().float() * x.float() + x.double().half().float()).to(
            x.dtype
        ),
        normal((3, 4)),
        carriers=("libtorch",),
        smooth=False,  # rounding to bfloat16/float16 is a step function
        covers=("Tensor.float", "Tensor.double", "Tensor.half", "Tensor.bfloat16"),
    ),
    Op(
        "to_data_and_back",
        # comparisons and integer truncation give data (no gradient); back to the carrier
        lambda x: (x > 0).to(x.dtype) * x + (x * 3).long().to(x.dtype) + (x * 3).int().to(x.dtype),
        lambda x: (x > 0).to(x.dtype) * x + (x * 3).long().to(x.dtype) + (x * 3).int().to(x.dtype),
        away_from_zero((3, 4)),
        carriers=NO_COMPARE,
        covers=("Tensor.to", "Tensor.long", "Tensor.int"),
        smooth=False,  # truncation is a step function
    ),
    Op(
        "bool_mask_as_float",
        lambda x: x.bool().to(x.dtype) * x,
        lambda x: x.bool().to(x.dtype) * x,
        lambda rng: [
            np.array([[0.0, 1.5, -0.3, 0.0], [0.7, 0.0, -2.5, 0.45], [3.0, -0.05, 0.0, 0.6]])
        ],
        smooth=False,  # the mask jumps at 0
        carriers=("libtorch", "reference", "ieee32"),
        covers=("Tensor.bool",),
    ),
    Op(
        "detach",
        # the detached factor is a constant: d/dx x * c(x) = c
        lambda x: x * x.detach(),
        lambda x: x * x.detach(),
        normal((3, 4)),
        covers=("Tensor.detach",),
        smooth=False,  # finite differences see x * x: detach is not a function of x
    ),
    Op(
        "clone",
        # the copy's gradient is the identity; type_as/cpu of the same dtype/device are the
        # tensor itself
        lambda x: et.clone(x) * x.clone().type_as(x).cpu().type(x.dtype),
        lambda x: torch.clone(x) * x.clone().type_as(x).cpu().type(x.dtype),
        normal((3, 4)),
        covers=("et.clone", "Tensor.clone", "Tensor.type_as", "Tensor.cpu", "Tensor.type"),
    ),
    Op(
        "new_tensor",
        # a constant of x's session (torch's Tensor.new_tensor): d/dx x * c = c
        lambda x: x * x.new_tensor(NEW_TENSOR_DATA),
        lambda x: x * x.new_tensor(NEW_TENSOR_DATA),
        normal((3, 4)),
        covers=("Tensor.new_tensor",),
    ),
    # --- pointwise, one tensor ---
    Op("sqrt", et.sqrt, torch.sqrt, positive((3, 4)), covers=("et.sqrt", "Tensor.sqrt")),
    Op("abs", et.abs, torch.abs, away_from_zero((3, 4)), covers=("et.abs", "Tensor.abs")),
    Op("rsqrt", et.rsqrt, torch.rsqrt, positive((3, 4)), covers=("et.rsqrt", "Tensor.rsqrt")),
    Op("square", et.square, torch.square, normal((3, 4)), covers=("et.square", "Tensor.square")),
    Op(
        "reciprocal",
        et.reciprocal,
        torch.reciprocal,
        away_from_zero((3, 4)),
        covers=("et.reciprocal", "Tensor.reciprocal"),
    ),
    Op("log1p", et.log1p, torch.log1p, positive((3, 4)), covers=("et.log1p", "Tensor.log1p")),
    Op("expm1", et.expm1, torch.expm1, normal((3, 4)), covers=("et.expm1", "Tensor.expm1")),
    Op(
        "sin",
        et.sin,
        torch.sin,
        normal((3, 4)),
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.sin", "Tensor.sin"),
    ),
    Op(
        "cos",
        et.cos,
        torch.cos,
        normal((3, 4)),
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.cos", "Tensor.cos"),
    ),
    Op(
        "erf",
        et.erf,
        torch.erf,
        normal((3, 4)),
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.erf", "Tensor.erf"),
    ),
    Op("sign", et.sign, torch.sign, away_from_zero((3, 4)), covers=("et.sign", "Tensor.sign")),
    Op("silu", et.silu, F.silu, normal((3, 4)), covers=("et.silu", "Tensor.silu")),
    Op(
        "logsigmoid",
        et.logsigmoid,
        F.logsigmoid,
        normal((3, 4)),
        covers=("et.logsigmoid", "Tensor.logsigmoid"),
    ),
    Op("neg_method", lambda x: x.neg(), torch.neg, normal((3, 4)), covers=("Tensor.neg",)),
    Op("neg_function", et.neg, torch.neg, normal((3, 4)), covers=("et.neg",)),
    Op("neg", lambda x: -x, lambda x: -x, normal((3, 4)), covers=("Tensor.__neg__",)),
    Op("exp", et.exp, torch.exp, normal((3, 4)), covers=("et.exp", "Tensor.exp")),
    Op("log", et.log, torch.log, positive((3, 4)), covers=("et.log", "Tensor.log")),
    Op("tanh", et.tanh, torch.tanh, normal((2, 5)), covers=("et.tanh", "Tensor.tanh")),
    Op(
        "sigmoid",
        et.sigmoid,
        torch.sigmoid,
        normal((2, 5)),
        covers=("et.sigmoid", "Tensor.sigmoid"),
    ),
    Op("relu", et.relu, torch.relu, away_from_zero((4, 4)), covers=("et.relu", "Tensor.relu")),
    # --- linear algebra ---
    Op(
        "matmul",
        lambda a, b: a @ b,
        torch.matmul,
        normal((2, 3, 4), (4, 5)),
        bad=(("inner_mismatch", [(3, 4), (5, 2)], et.ShapeError),),
        covers=("Tensor.__matmul__", "Tensor.matmul", "et.matmul"),
    ),
    Op(
        "matmul_vectors",
        # 1-D on either side: vector·vector (0-d), vector·batch, batch·vector
        lambda v, m: (
            (v @ v) + (v @ m).sum() + et.matmul(v, m[0]).sum() + (m.permute(0, 2, 1) @ v).sum()
        ),
        lambda v, m: (
            (v @ v) + (v @ m).sum() + torch.matmul(v, m[0]).sum() + (m.permute(0, 2, 1) @ v).sum()
        ),
        normal((3,), (2, 3, 4)),
    ),
    Op(
        "matmul_vector_batch",
        lambda v, m: v @ m,
        torch.matmul,
        normal((4,), (2, 4, 3)),
        bad=(("vector_lengths", [(3,), (4, 2)], et.ShapeError),),
    ),
    Op(
        "bmm",
        et.bmm,
        torch.bmm,
        normal((2, 3, 4), (2, 4, 5)),
        bad=(
            ("batch_sizes", [(2, 3, 4), (3, 4, 5)], et.ShapeError),
            ("not_3d", [(3, 4), (4, 5)], et.ShapeError),
        ),
        covers=("et.bmm", "Tensor.bmm"),
    ),
    Op(
        "mm",
        lambda a, b: et.mm(a, b) + a.mm(b),
        lambda a, b: torch.mm(a, b) + a.mm(b),
        normal((3, 4), (4, 5)),
        bad=(
            ("inner_sizes", [(3, 4), (5, 4)], et.ShapeError),
            ("not_2d", [(2, 3, 4), (4, 5)], et.ShapeError),
        ),
        covers=("et.mm", "Tensor.mm"),
    ),
    Op(
        "einsum",
        # explicit and implicit outputs, a batch contraction, an outer product, ..., a
        # transposed view as an operand, a full contraction, diagonals (repeated subscripts)
        lambda a, b: (
            et.einsum("bij,bjk->bik", a, b).sum()
            + et.einsum("bij,bjk", a, b).sum()
            + et.einsum("...ij,...jk->...ik", a, b).sum()
            + et.einsum("bji->bij", a).sum()
            + et.einsum("i,j->ij", a[0, 0], b[0, 0]).sum()
            + et.einsum("bij,bij->", a.permute(0, 2, 1)[:, :3], b[:, :3, :3])
            + et.einsum("ij->", [a[1]])
            + et.einsum("bii->bi", a[:, :3, :3]).sum()
            + et.einsum("ii", b[0, :4, :4])
        ),
        lambda a, b: (
            torch.einsum("bij,bjk->bik", a, b).sum()
            + torch.einsum("bij,bjk", a, b).sum()
            + torch.einsum("...ij,...jk->...ik", a, b).sum()
            + torch.einsum("bji->bij", a).sum()
            + torch.einsum("i,j->ij", a[0, 0], b[0, 0]).sum()
            + torch.einsum("bij,bij->", a.permute(0, 2, 1)[:, :3], b[:, :3, :3])
            + torch.einsum("ij->", [a[1]])
            + torch.einsum("bii->bi", a[:, :3, :3]).sum()
            + torch.einsum("ii", b[0, :4, :4])
        ),
        normal((2, 3, 4), (2, 4, 5)),
        bad=(("contracted_sizes", [(2, 3, 4), (2, 5, 5)], et.ShapeError),),
        covers=("et.einsum",),
    ),
    Op(
        "linear",
        et.linear,
        F.linear,
        normal((5, 4), (3, 4), (3,)),
        bad=(("weight_mismatch", [(5, 4), (3, 5), (3,)], et.ShapeError),),
        covers=("et.linear",),
    ),
    Op("linear_no_bias", et.linear, F.linear, normal((2, 5, 4), (3, 4)), covers=("et.linear",)),
    # --- reductions ---
    Op("sum", lambda x: x.sum(), torch.sum, normal((3, 4)), covers=("Tensor.sum", "et.sum")),
    Op(
        "sum_dim", lambda x: x.sum(1), lambda x: x.sum(1), normal((2, 3, 4)), covers=("Tensor.sum",)
    ),
    Op(
        "sum_dims_keepdim",
        lambda x: x.sum((0, -1), keepdim=True),
        lambda x: x.sum((0, -1), keepdim=True),
        normal((2, 3, 4)),
        bad=(("repeated_dim", [(3,)], et.ShapeError),),
        covers=("Tensor.sum",),
    ),
    Op("mean", lambda x: x.mean(), torch.mean, normal((3, 4)), covers=("Tensor.mean", "et.mean")),
    Op(
        "max_all",
        lambda x: et.max(x),
        lambda x: torch.max(x),
        normal((3, 4)),
        bad=(("empty", [(0, 3)], et.ShapeError),),
        covers=("et.max",),
    ),
    Op(
        "amax_ties",
        lambda x: et.amax(x, (0, -1)),
        lambda x: torch.amax(x, (0, -1)),
        lambda rng: [np.round(rng.standard_normal((2, 3, 4)))],  # many ties
        covers=("et.amax", "Tensor.amax"),
        smooth=False,
    ),
    Op(
        "prod_with_a_zero_and_without",
        # one zero in row 0 (the product of the others), none elsewhere; dim None (0-d),
        # a negative dim of a permuted (non-contiguous) view, keepdim
        lambda x: (
            et.prod(x, 1) + x.permute(1, 0).prod(-2) + x.prod() + x.prod(0, keepdim=True).sum()
        ),
        lambda x: (
            torch.prod(x, 1) + x.permute(1, 0).prod(-2) + x.prod() + x.prod(0, keepdim=True).sum()
        ),
        lambda rng: [
            np.array([[0.5, 0.0, -1.5, 1.1], [1.2, -0.8, 0.9, 1.3], [-1.1, 0.7, 1.4, -0.6]])
        ],
        covers=("et.prod", "Tensor.prod"),
        smooth=False,  # the zero is a kink of the one-zero rule's neighbours
    ),
    Op(
        "var_std_corrections",
        # correction 1 (default), 0 (unbiased=False), 2.5, a tuple of dims, keepdim
        lambda x: (
            x.var(1)
            + et.std(x, -1, unbiased=False)
            + x.var(1, correction=2.5)
            + et.var(x, (0, 1))
            + x.std((0, 1), keepdim=True).reshape(())
        ),
        lambda x: (
            x.var(1)
            + torch.std(x, -1, unbiased=False)
            + x.var(1, correction=2.5)
            + torch.var(x, (0, 1))
            + x.std((0, 1), keepdim=True).reshape(())
        ),
        normal((3, 4)),
        covers=("et.var", "Tensor.var", "et.std", "Tensor.std"),
    ),
    Op(
        "logsumexp",
        lambda x: (
            et.logsumexp(x, 1)
            + x.permute(1, 0).logsumexp(0)
            + x.logsumexp((0, 1), keepdim=True).reshape(())
        ),
        lambda x: (
            torch.logsumexp(x, 1)
            + x.permute(1, 0).logsumexp(0)
            + x.logsumexp((0, 1), keepdim=True).reshape(())
        ),
        normal((3, 4)),
        covers=("et.logsumexp", "Tensor.logsumexp"),
    ),
    Op(
        "norm_p",
        # p 2 (default, "fro"), 1, inf, -inf, 3, 0.5 and 0 over dims
        lambda x: (
            x.norm()
            + et.norm(x, "fro", dim=(0, 1))
            + et.norm(x, 1, dim=1).sum()
            + x.norm(float("inf"), dim=0).sum()
            + x.norm(float("-inf"), dim=1).sum()
            + x.norm(3, dim=-1).sum()
            + x.norm(0.5, dim=1, keepdim=True).sum()
            + x.norm(0, dim=1).sum()
        ),
        lambda x: (
            x.norm()
            + torch.norm(x, "fro", dim=(0, 1))
            + torch.norm(x, 1, dim=1).sum()
            + x.norm(float("inf"), dim=0).sum()
            + x.norm(float("-inf"), dim=1).sum()
            + x.norm(3, dim=-1).sum()
            + x.norm(0.5, dim=1, keepdim=True).sum()
            + x.norm(0, dim=1).sum()
        ),
        away_from_zero((3, 4)),
        covers=("et.norm", "Tensor.norm"),
    ),
    Op(
        "norm_inf_ties_share",
        # |x| ties at the maximum share the cotangent evenly, as torch
        lambda x: x.norm(float("inf"), dim=1),
        lambda x: x.norm(float("inf"), dim=1),
        lambda rng: [np.array([[1.5, -1.5, 0.5], [-0.25, 2.0, 2.0]])],
        smooth=False,
    ),
    Op(
        "cumsum",
        lambda x: et.cumsum(x, 1) + x.permute(1, 0).cumsum(-2).permute(1, 0) + x.cumsum(0),
        lambda x: torch.cumsum(x, 1) + x.permute(1, 0).cumsum(-2).permute(1, 0) + x.cumsum(0),
        normal((3, 4)),
        covers=("et.cumsum", "Tensor.cumsum"),
    ),
    Op(
        "argmax_argmin_pick",
        # the values at the indices (int64 data, no gradient of their own)
        lambda x: (
            x.gather(1, x.argmax(1, keepdim=True)).squeeze(1)
            + x.reshape(-1)[et.argmin(x)]
            + x.reshape(-1)[x.argmax()]
            + x.permute(1, 0).gather(0, et.argmax(x.permute(1, 0), 0, keepdim=True)).squeeze(0)[:3]
            + x.gather(0, x.argmin(0, keepdim=True)).squeeze(0)[:3]
        ),
        lambda x: (
            x.gather(1, x.argmax(1, keepdim=True)).squeeze(1)
            + x.reshape(-1)[torch.argmin(x)]
            + x.reshape(-1)[x.argmax()]
            + x.permute(1, 0)
            .gather(0, torch.argmax(x.permute(1, 0), 0, keepdim=True))
            .squeeze(0)[:3]
            + x.gather(0, x.argmin(0, keepdim=True)).squeeze(0)[:3]
        ),
        normal((3, 4)),
        carriers=NO_COMPARE,
        covers=("et.argmax", "Tensor.argmax", "et.argmin", "Tensor.argmin"),
    ),
    Op(
        "index_put",
        # a new tensor: rows 0 and 2 replaced (values broadcast over the rows), a bool mask
        lambda x, v: x.index_put((np.array([0, 2]),), v) + x.index_put((ROW_MASK[:3],), v),
        lambda x, v: x.index_put((_t(np.array([0, 2])),), v) + x.index_put((_t(ROW_MASK[:3]),), v),
        normal((3, 4), (4,)),
        covers=("Tensor.index_put",),
    ),
    Op(
        "index_put_accumulate",
        # repeated indices add up; sums are not copies: LibTorch only
        lambda x, v: x.index_put((np.array([0, 2, 0]), np.array([1, 1, 1])), v, accumulate=True),
        lambda x, v: x.index_put(
            (_t(np.array([0, 2, 0])), _t(np.array([1, 1, 1]))), v, accumulate=True
        ),
        normal((3, 4), (3,)),
        carriers=("libtorch",),
    ),
    Op(
        "count_and_extremes_of_data",
        # sum of a bool mask is an int64 count (torch's rule), amax/amin of int64 data stay
        # int64; back to the carrier to weigh x
        lambda x: (
            (x > 0).sum(1).to(x.dtype).unsqueeze(1) * x
            + (x * 3).long().amax().to(x.dtype)
            + (x * 3).long().amin(0).to(x.dtype)
        ),
        lambda x: (
            (x > 0).sum(1).to(x.dtype).unsqueeze(1) * x
            + (x * 3).long().amax().to(x.dtype)
            + (x * 3).long().amin(0).to(x.dtype)
        ),
        away_from_zero((3, 4)),
        carriers=NO_COMPARE,
        smooth=False,  # truncation is a step function
    ),
    Op(
        "one_hot_of_argmax",
        # int64 one-hot rows of each row's argmax, as a float mask (data: no gradient)
        lambda x: et.one_hot(x.argmax(1), 4).to(x.dtype) * x,
        lambda x: F.one_hot(x.argmax(1), 4).to(x.dtype) * x,
        normal((3, 4)),
        carriers=NO_COMPARE,
        covers=("et.one_hot",),
    ),
    Op(
        "amin_keepdim",
        lambda x: x.amin(1, keepdim=True),
        lambda x: torch.amin(x, 1, keepdim=True),
        lambda rng: [np.round(rng.standard_normal((2, 3, 4)))],
        covers=("et.amin", "Tensor.amin"),
        smooth=False,
    ),
    Op(
        "min_dim",
        lambda x: et.min(x, -1, keepdim=True).values,
        lambda x: torch.min(x, -1, keepdim=True).values,
        normal((3, 4)),
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.min", "Tensor.min"),
    ),
    Op(
        "max_dim",
        lambda x: x.max(1).values,
        lambda x: x.max(1).values,
        normal((3, 4)),
        # Intervals have no single position of the maximum.
        carriers=("libtorch", "reference", "ieee32"),
        bad=(("empty_dim", [(2, 0)], et.ShapeError),),
        covers=("Tensor.max",),
    ),
    Op(
        "mean_dim",
        lambda x: x.mean(-1),
        lambda x: x.mean(-1),
        normal((2, 3, 4)),
        covers=("Tensor.mean",),
    ),
    # --- layout (views) ---
    Op(
        "reshape",
        lambda x: x.reshape(4, -1),
        lambda x: x.reshape(4, -1),
        normal((2, 3, 4)),
        covers=("Tensor.reshape",),
    ),
    Op(
        "transpose",
        lambda x: x.transpose(0, 2),
        lambda x: x.transpose(0, 2),
        normal((2, 3, 4)),
        covers=("Tensor.transpose",),
    ),
    Op(
        "transpose_then_mul",
        lambda a, b: a.transpose(0, 1) * b,
        lambda a, b: a.transpose(0, 1) * b,
        normal((4, 3), (3, 4)),
        covers=("Tensor.transpose",),
    ),
    Op(
        "permute",
        lambda x: et.permute(x, (2, 0, 1)),
        lambda x: x.permute(2, 0, 1),
        normal((2, 3, 4)),
        bad=(("dims_for_another_rank", [(2, 3)], et.ShapeError),),
        covers=("Tensor.permute", "et.permute"),
    ),
    Op(
        "permute_then_mul",
        lambda a, b: a.permute(-1, 0, 1) * b,
        lambda a, b: a.permute(-1, 0, 1) * b,
        normal((2, 3, 4), (4, 2, 1)),
    ),
    Op(
        "unsqueeze_squeeze",
        lambda x: et.squeeze(et.unsqueeze(x, -1), (0, -1)),
        lambda x: torch.squeeze(torch.unsqueeze(x, -1), (0, -1)),
        normal((1, 3, 4)),
        covers=("Tensor.unsqueeze", "Tensor.squeeze", "et.unsqueeze", "et.squeeze"),
    ),
    Op(
        "flatten_unflatten",
        lambda x: et.unflatten(et.flatten(x, 1), 1, (4, 3)),
        lambda x: torch.unflatten(torch.flatten(x, 1), 1, (4, 3)),
        normal((2, 3, 4)),
        covers=("Tensor.flatten", "Tensor.unflatten", "et.flatten", "et.unflatten"),
    ),
    Op(
        "view",
        lambda x: x.view(6, -1),
        lambda x: x.view(6, -1),
        normal((2, 3, 4)),
        covers=("Tensor.view",),
    ),
    Op("T", lambda x: x.T * 2.0, lambda x: x.T * 2.0, normal((3, 4)), covers=("Tensor.T",)),
    Op("mT", lambda x: x.mT, lambda x: x.mT, normal((2, 3, 4)), covers=("Tensor.mT",)),
    Op(
        "reshape_transpose_functions",
        lambda x: et.transpose(et.reshape(x, (4, 6)), 0, 1),
        lambda x: torch.transpose(torch.reshape(x, (4, 6)), 0, 1),
        normal((2, 3, 4)),
        covers=("et.reshape", "et.transpose"),
    ),
    # --- indexing (movement ops: gradients scatter-add back) ---
    Op(
        "getitem_basic",
        lambda x: x[1:, ::2, -1],
        lambda x: x[1:, ::2, -1],
        normal((3, 4, 5)),
        bad=(("int_out_of_range", [(3, 4, 0)], et.IndexOutOfRangeError),),
        covers=("Tensor.__getitem__",),
    ),
    Op(
        "getitem_none_ellipsis",
        lambda x: x[None, ..., 1:3],
        lambda x: x[None, ..., 1:3],
        normal((2, 3, 4)),
    ),
    Op(
        "getitem_zero_d",
        lambda x: x[None] * x[...],
        lambda x: x[None] * x[...],
        normal(()),
    ),
    Op(
        "getitem_repeated_indices",
        lambda x: x[IDX_REPEATED],
        lambda x: x[_t(IDX_REPEATED)],
        normal((3, 4)),
        bad=(("index_out_of_range", [(2, 4)], et.IndexOutOfRangeError),),
    ),
    Op(
        "getitem_negative_indices",
        lambda x: x[:, IDX_NEGATIVE],
        lambda x: x[:, _t(IDX_NEGATIVE)],
        normal((2, 3)),
        bad=(("negative_out_of_range", [(2, 2)], et.IndexOutOfRangeError),),
    ),
    Op(
        "getitem_separated_advanced",
        lambda x: x[[0, 2, 2], :, [1, 0, 1]],
        lambda x: x[[0, 2, 2], :, [1, 0, 1]],
        normal((3, 4, 2)),
    ),
    Op(
        "getitem_bool_mask",
        lambda x: x[MASK] * 3.0,
        lambda x: x[_t(MASK)] * 3.0,
        normal((3, 4)),
        bad=(("mask_of_wrong_shape", [(4, 3)], et.IndexOutOfRangeError),),
    ),
    Op(
        "getitem_by_int64_tensor_of_a_permuted_view",
        lambda x: _by_argmax_of_permuted(x),
        lambda x: _by_argmax_of_permuted(x),
        normal((3, 4)),
        carriers=NO_COMPARE,  # max(dim) has no single position on intervals
    ),
    Op(
        "index_select",
        lambda x: et.index_select(x, -1, IDX_REPEATED) + x.index_select(0, [1]),
        lambda x: torch.index_select(x, -1, _t(IDX_REPEATED)) + x.index_select(0, _t([1])),
        normal((4, 4)),
        covers=("Tensor.index_select", "et.index_select"),
    ),
    Op(
        "gather",
        lambda x: et.gather(x, 1, GATHER_IDX) * x.gather(-1, GATHER_IDX),
        lambda x: torch.gather(x, 1, _t(GATHER_IDX)) * x.gather(-1, _t(GATHER_IDX)),
        normal((3, 4)),
        bad=(("index_too_large", [(2, 2)], et.IndexOutOfRangeError),),
        covers=("Tensor.gather", "et.gather"),
    ),
    Op(
        "narrow_select",
        lambda x: et.narrow(x, 0, 1, 2) * x.select(0, -1) + et.select(x, 1, 0)[1:].unsqueeze(1),
        lambda x: (
            torch.narrow(x, 0, 1, 2) * x.select(0, -1) + torch.select(x, 1, 0)[1:].unsqueeze(1)
        ),
        normal((3, 4)),
        covers=("Tensor.narrow", "et.narrow", "Tensor.select", "et.select"),
    ),
    # --- joining, filling, rearranging ---
    Op(
        "cat",
        lambda a, b, c: et.cat([a, b, c], -2),
        lambda a, b, c: torch.cat([a, b, c], -2),
        normal((2, 3), (0, 3), (1, 3)),
        bad=(("mismatched_shapes", [(2, 3), (2, 4), (1, 3)], et.ShapeError),),
        covers=("et.cat",),
    ),
    Op(
        "cat_stack_of_views",
        lambda a, b: (
            et.cat([a.T, b[:, ::2]], 1)[:, :2] * et.stack([a, b.mT[1:]], -1).sum(-1).T[:, :2]
        ),
        lambda a, b: (
            torch.cat([a.T, b[:, ::2]], 1)[:, :2] * torch.stack([a, b.mT[1:]], -1).sum(-1).T[:, :2]
        ),
        normal((2, 3), (3, 3)),
    ),
    Op(
        "stack",
        lambda a, b: et.stack([a, b], -1),
        lambda a, b: torch.stack([a, b], -1),
        normal((2, 3), (2, 3)),
        bad=(("unequal_shapes", [(2, 3), (3, 2)], et.ShapeError),),
        covers=("et.stack",),
    ),
    Op(
        "where_broadcast_both_sides",
        lambda a, b: et.where(a > b, a, b),
        lambda a, b: torch.where(a > b, a, b),
        normal((3, 1), (4,)),
        carriers=NO_COMPARE,
        covers=("et.where", "Tensor.__gt__"),
    ),
    Op(
        "where_number",
        lambda x: et.where(x <= 0.25, x * 2.0, 0.5),
        lambda x: torch.where(x <= 0.25, x * 2.0, 0.5),
        normal((3, 4)),
        carriers=NO_COMPARE,
        covers=("Tensor.__le__",),
    ),
    Op(
        "comparisons_and_logic",
        lambda a, b: et.where(((a < b) ^ (a >= 0.5)) | ~(a != b) & (b == b), a, b * 3.0),
        lambda a, b: torch.where(((a < b) ^ (a >= 0.5)) | ~(a != b) & (b == b), a, b * 3.0),
        normal((3, 4), (3, 4)),
        carriers=NO_COMPARE,
        covers=(
            "Tensor.__lt__",
            "Tensor.__ge__",
            "Tensor.__ne__",
            "Tensor.__eq__",
            "Tensor.__and__",
            "Tensor.__or__",
            "Tensor.__xor__",
            "Tensor.__invert__",
        ),
    ),
    Op(
        "isfinite_isnan",
        lambda x: (
            et.where(et.isfinite(x) & et.logical_not(x.isnan()), x, 0.0)
            * et.where(x.isfinite().logical_not() | et.isnan(x), 0.0, 1.0)
        ),
        lambda x: (
            torch.where(torch.isfinite(x) & torch.logical_not(x.isnan()), x, 0.0)
            * torch.where(x.isfinite().logical_not() | torch.isnan(x), 0.0, 1.0)
        ),
        normal((3, 4)),
        carriers=NO_COMPARE,
        covers=(
            "Tensor.isfinite",
            "et.isfinite",
            "Tensor.isnan",
            "et.isnan",
            "Tensor.logical_not",
            "et.logical_not",
        ),
    ),
    Op(
        "logical_and_or_xor",
        # the truths of both operands (nonzero, NaN included) combined: masks select values
        lambda x, y: (
            et.where(et.logical_and(x > 0, y), x, 0.0)
            + et.where((x < 0).logical_or(y > 0.5), y, 1.0)
            + et.where(et.logical_xor(x, y < 0), x * 2.0, y)
        ),
        lambda x, y: (
            torch.where(torch.logical_and(x > 0, y), x, 0.0)
            + torch.where((x < 0).logical_or(y > 0.5), y, 1.0)
            + torch.where(torch.logical_xor(x, y < 0), x * 2.0, y)
        ),
        normal((3, 4), (3, 4)),
        carriers=NO_COMPARE,
        covers=(
            "et.logical_and",
            "Tensor.logical_and",
            "et.logical_or",
            "Tensor.logical_or",
            "et.logical_xor",
            "Tensor.logical_xor",
        ),
    ),
    Op(
        "isinf_family",
        # (a predicate first: the carriers without comparisons refuse it before anything)
        lambda x: (
            et.where(x.isposinf(), 0.0, x)
            + et.where(et.isinf(x * 1e308 * 1e308), x, 1.0)
            + et.where((x * 1e308 * 1e308).isneginf(), x * 3.0, 2.0)
            + et.where(et.isreal(x), x, 0.0)
        ),
        lambda x: (
            torch.where(x.isposinf(), 0.0, x)
            + torch.where(torch.isinf(x * 1e308 * 1e308), x, 1.0)
            + torch.where((x * 1e308 * 1e308).isneginf(), x * 3.0, 2.0)
            + torch.where(torch.isreal(x), x, 0.0)
        ),
        away_from_zero((3, 4)),
        carriers=NO_COMPARE,
        covers=(
            "et.isinf",
            "Tensor.isinf",
            "et.isposinf",
            "Tensor.isposinf",
            "et.isneginf",
            "Tensor.isneginf",
            "et.isreal",
            "Tensor.isreal",
        ),
    ),
    Op(
        "clip",
        lambda x: et.clip(x, -0.5, 0.5) + x.clip(min=0.1) + x.clip(max=-0.2),
        lambda x: torch.clip(x, -0.5, 0.5) + x.clip(min=0.1) + x.clip(max=-0.2),
        normal((3, 4)),
        covers=("et.clip", "Tensor.clip"),
    ),
    Op(
        "masked_fill",
        lambda x: x.masked_fill(ROW_MASK, 2.0) + et.masked_fill(x, MASK, -1.5),
        lambda x: x.masked_fill(_t(ROW_MASK), 2.0) + torch.masked_fill(x, _t(MASK), -1.5),
        normal((3, 4)),
        bad=(("mask_does_not_broadcast", [(3, 5)], et.ShapeError),),
        covers=("Tensor.masked_fill", "et.masked_fill"),
    ),
    Op(
        "pad_constant_and_crop",
        lambda x: et.pad(x, (1, -1, 2, 0), value=0.5),
        lambda x: F.pad(x, (1, -1, 2, 0), value=0.5),
        normal((2, 3, 4)),
        covers=("et.pad",),
    ),
    Op(
        "pad_reflect_replicate",
        lambda x: et.pad(x, (2, 1), mode="reflect") * et.pad(x, (1, 2), mode="replicate"),
        lambda x: F.pad(x, (2, 1), mode="reflect") * F.pad(x, (1, 2), mode="replicate"),
        normal((2, 3, 5)),
    ),
    Op(
        "expand",
        lambda x: x.expand(2, -1, 4) * 1.5,
        lambda x: x.expand(2, -1, 4) * 1.5,
        normal((3, 1)),
        bad=(("not_expandable", [(3, 2)], et.ShapeError),),
        covers=("Tensor.expand",),
    ),
    Op(
        "repeat",
        lambda x: x.repeat(2, 1, 3),
        lambda x: x.repeat(2, 1, 3),
        normal((3, 2)),
        covers=("Tensor.repeat",),
    ),
    Op(
        "flip_roll",
        lambda x: x.flip(0, -1) * et.roll(x, (1, -2), (0, 1)) + et.flip(x, (1,)) * x.roll(3),
        lambda x: x.flip(0, -1) * torch.roll(x, (1, -2), (0, 1)) + torch.flip(x, (1,)) * x.roll(3),
        normal((3, 4)),
        covers=("Tensor.flip", "et.flip", "Tensor.roll", "et.roll"),
    ),
    Op(
        "tril_triu",
        lambda x: x.tril(-1) + et.triu(x, 1) * 2.0 + et.tril(x) * x.triu(),
        lambda x: x.tril(-1) + torch.triu(x, 1) * 2.0 + torch.tril(x) * x.triu(),
        normal((2, 4, 4)),
        covers=("Tensor.tril", "et.tril", "Tensor.triu", "et.triu"),
    ),
    Op(
        "split_chunk_contiguous",
        lambda x: (
            et.cat([p * (i + 1.0) for i, p in enumerate(x.split([1, 3], 1))], 1)
            + et.cat([p * (i + 2.0) for i, p in enumerate(et.chunk(x.T.contiguous(), 3))], 0).T
            + et.cat([p * (i + 3.0) for i, p in enumerate(et.split(x, 2, -1))], -1)
            + et.cat(x.chunk(2, 0) + (x[:0],), 0)
        ),
        lambda x: (
            torch.cat([p * (i + 1.0) for i, p in enumerate(x.split([1, 3], 1))], 1)
            + torch.cat(
                [p * (i + 2.0) for i, p in enumerate(torch.chunk(x.T.contiguous(), 3))], 0
            ).T
            + torch.cat([p * (i + 3.0) for i, p in enumerate(torch.split(x, 2, -1))], -1)
            + torch.cat(x.chunk(2, 0) + (x[:0],), 0)
        ),
        normal((3, 4)),
        covers=(
            "Tensor.split",
            "et.split",
            "Tensor.chunk",
            "et.chunk",
            "Tensor.contiguous",
        ),
    ),
    Op(
        "split_aliases",
        lambda x: _split_aliases(et, x),
        lambda x: _split_aliases(torch, x),
        normal((3, 4)),
        covers=tuple(
            f"{side}.{name}"
            for name in (
                "unsafe_chunk",
                "unsafe_split",
                "split_with_sizes",
                "unsafe_split_with_sizes",
            )
            for side in ("et", "Tensor")
        ),
    ),
    Op(
        "rearrangements",
        lambda x, v: _rearrangements(et, x, v),
        lambda x, v: _rearrangements(torch, x, v),
        normal((2, 3, 4), (2, 3)),
        bad=(("adjoint_of_a_vector", [(4,), (2, 3)], et.ShapeError),),
        covers=tuple(
            f"{side}.{name}"
            for name in ("adjoint", "diag_embed", "diagflat", "tile", "take")
            for side in ("et", "Tensor")
        )
        + ("Tensor.H", "Tensor.mH", "Tensor.where"),
    ),
    # --- softmax family and losses ---
    Op(
        "softmax",
        lambda x: x.softmax(-1),
        lambda x: x.softmax(-1),
        normal((3, 5)),
        covers=("Tensor.softmax", "et.softmax"),
    ),
    Op(
        "log_softmax",
        lambda x: x.log_softmax(0),
        lambda x: x.log_softmax(0),
        normal((3, 5)),
        covers=("Tensor.log_softmax", "et.log_softmax"),
    ),
    Op(
        "cross_entropy",
        lambda x: et.cross_entropy(x, CE_IDS),
        _ce_torch,
        normal((5, 4)),
        covers=("et.cross_entropy",),
    ),
    Op(
        "mse_loss",
        lambda x: et.mse_loss(x, _mse_target((4, 3))),
        lambda x: F.mse_loss(x, torch.as_tensor(_mse_target((4, 3)))),
        normal((4, 3)),
        covers=("et.mse_loss",),
    ),
    # --- layers (LibTorch's kernels; the reference carriers compose conv2d, pooling and norms) ---
    Op(
        "conv2d",
        # stride, padding, dilation, groups, bias; padding "same" and "valid"; unbatched
        lambda x, w, b: (
            et.conv2d(x, w, b, stride=2, padding=1, dilation=(1, 2), groups=2).sum((2, 3))
            + et.conv2d(x[:, :2], w[:, :, :3, :1], padding="same").sum((2, 3))
            + et.conv2d(x[0], w[:, :, :1, :1].permute(0, 1, 3, 2), groups=2, padding="valid").sum(
                (1, 2)
            )
        ),
        lambda x, w, b: (
            F.conv2d(x, w, b, stride=2, padding=1, dilation=(1, 2), groups=2).sum((2, 3))
            + F.conv2d(x[:, :2], w[:, :, :3, :1], padding="same").sum((2, 3))
            + F.conv2d(x[0], w[:, :, :1, :1].permute(0, 1, 3, 2), groups=2, padding="valid").sum(
                (1, 2)
            )
        ),
        normal((2, 4, 7, 6), (6, 2, 3, 2), (6,)),
        covers=("et.conv2d",),
    ),
    Op(
        "conv1d_and_conv_transpose2d",
        lambda x, w, wt, v: (
            et.conv1d(v, w, stride=2, padding=1).sum()
            + et.conv_transpose2d(x, wt, stride=(2, 1), padding=(1, 0), output_padding=(1, 0)).sum()
        ),
        lambda x, w, wt, v: (
            F.conv1d(v, w, stride=2, padding=1).sum()
            + F.conv_transpose2d(x, wt, stride=(2, 1), padding=(1, 0), output_padding=(1, 0)).sum()
        ),
        normal((2, 3, 4, 5), (2, 4, 3), (3, 2, 3, 3), (3, 4, 5)),
        carriers=("libtorch",),
        covers=("et.conv1d", "et.conv_transpose2d"),
    ),
    Op(
        "conv_transpose1d_and_3d",
        lambda x, w, v, u: (
            et.conv_transpose1d(v, w, stride=2, padding=1, output_padding=1, dilation=2).sum()
            + EF.conv_transpose1d(v[0], w[:, :2], groups=1).sum() * 2.0
            + et.conv_transpose3d(x, u, stride=(2, 1, 1), padding=(0, 1, 0), groups=1).sum()
        ),
        lambda x, w, v, u: (
            F.conv_transpose1d(v, w, stride=2, padding=1, output_padding=1, dilation=2).sum()
            + F.conv_transpose1d(v[0], w[:, :2], groups=1).sum() * 2.0
            + F.conv_transpose3d(x, u, stride=(2, 1, 1), padding=(0, 1, 0), groups=1).sum()
        ),
        normal((2, 2, 3, 3, 2), (3, 4, 3), (2, 3, 5), (2, 3, 2, 3, 2)),
        carriers=("libtorch",),
        covers=("et.conv_transpose1d", "et.conv_transpose3d"),
    ),
    Op(
        "layer_norm",
        lambda x, w, b: et.layer_norm(x, (3, 4), w, b) + et.layer_norm(x, 4, eps=1e-3),
        lambda x, w, b: F.layer_norm(x, (3, 4), w, b) + F.layer_norm(x, (4,), eps=1e-3),
        normal((2, 3, 4), (3, 4), (3, 4)),
        covers=("et.layer_norm",),
    ),
    Op(
        "rms_norm",
        lambda x, w: et.rms_norm(x, (3, 4), w) + et.rms_norm(x, 4, eps=1e-3),
        lambda x, w: F.rms_norm(x, (3, 4), w) + F.rms_norm(x, (4,), eps=1e-3),
        normal((2, 3, 4), (3, 4)),
        covers=("et.rms_norm",),
    ),
    Op(
        "group_norm",
        lambda x, w, b: et.group_norm(x, 3, w, b) + et.group_norm(x, 2, eps=1e-3),
        lambda x, w, b: F.group_norm(x, 3, w, b) + F.group_norm(x, 2, eps=1e-3),
        normal((2, 6, 3, 2), (6,), (6,)),
        covers=("et.group_norm",),
    ),
    Op(
        "embedding",
        # repeated ids accumulate their gradient rows; the padding row gets none
        lambda w: et.embedding(EMB_IDS, w) + et.embedding(EMB_IDS, w, padding_idx=-4),
        lambda w: F.embedding(_t(EMB_IDS), w) + F.embedding(_t(EMB_IDS), w, padding_idx=-4),
        normal((5, 3)),
        carriers=("libtorch",),
        covers=("et.embedding",),
        smooth=False,  # the padding row is read but gets no gradient (torch's definition)
    ),
    Op(
        "max_pool2d",
        lambda x: (
            et.max_pool2d(x, 3, 2, 1, ceil_mode=True).sum((2, 3))
            + et.max_pool2d(x, (2, 3), dilation=(1, 2)).sum((2, 3))
        ),
        lambda x: (
            F.max_pool2d(x, 3, 2, 1, ceil_mode=True).sum((2, 3))
            + F.max_pool2d(x, (2, 3), dilation=(1, 2)).sum((2, 3))
        ),
        normal((2, 3, 7, 6)),
        covers=("et.max_pool2d",),
    ),
    Op(
        "avg_pool2d",
        lambda x: (
            et.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False).sum((2, 3))
            + et.avg_pool2d(x[0], 2).sum((1, 2))
        ),
        lambda x: (
            F.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False).sum((2, 3))
            + F.avg_pool2d(x[0], 2).sum((1, 2))
        ),
        normal((2, 3, 7, 6)),
        covers=("et.avg_pool2d",),
    ),
    Op(
        "adaptive_avg_pool2d",
        lambda x: (
            et.adaptive_avg_pool2d(x, (3, None)).sum((2, 3))
            + et.adaptive_avg_pool2d(x, 1).sum((2, 3))
        ),
        lambda x: (
            F.adaptive_avg_pool2d(x, (3, None)).sum((2, 3))
            + F.adaptive_avg_pool2d(x, 1).sum((2, 3))
        ),
        normal((2, 3, 7, 5)),
        covers=("et.adaptive_avg_pool2d",),
    ),
    Op(
        "batch_norm",
        # training (batch statistics, no running ones) and eval (constant running ones)
        lambda x, w, b: (
            et.batch_norm(x, None, None, w, b, training=True)
            + et.batch_norm(x, None, None, training=True, eps=1e-3)
            + et.batch_norm(x, BN_MEAN, BN_VAR, w, b)
        ),
        lambda x, w, b: (
            F.batch_norm(x, None, None, w, b, training=True)
            + F.batch_norm(x, None, None, training=True, eps=1e-3)
            + F.batch_norm(x, _t(BN_MEAN), _t(BN_VAR), w, b)
        ),
        normal((4, 3, 2, 3), (3,), (3,)),
        carriers=("libtorch",),
        covers=("et.batch_norm",),
    ),
    Op(
        "scaled_dot_product_attention",
        # 4-D: LibTorch's fused kernel (plain, causal, bool and additive masks, scale)
        lambda q, k, v: (
            et.scaled_dot_product_attention(q, k, v)
            + et.scaled_dot_product_attention(q, k, v, is_causal=True, scale=0.3)
            + et.scaled_dot_product_attention(q, k, v, attn_mask=SDPA_KEEP)
            + et.scaled_dot_product_attention(q, k, v, attn_mask=SDPA_ADD)
        ),
        lambda q, k, v: (
            F.scaled_dot_product_attention(q, k, v)
            + F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=0.3)
            + F.scaled_dot_product_attention(q, k, v, attn_mask=_t(SDPA_KEEP))
            + F.scaled_dot_product_attention(q, k, v, attn_mask=_t(SDPA_ADD))
        ),
        # (the reference carriers compose it)
        normal((2, 2, 4, 3), (2, 2, 4, 3), (2, 2, 4, 3)),
        covers=("et.scaled_dot_product_attention",),
    ),
    Op(
        "scaled_dot_product_attention_composed",
        # 3-D operands, a row with nothing to attend (zeros), an additive mask with a gradient
        lambda q, k, v, m: (
            et.scaled_dot_product_attention(q, k, v, attn_mask=SDPA_KEEP_EMPTY_ROW)
            + et.scaled_dot_product_attention(q, k, v, is_causal=True)
            + et.scaled_dot_product_attention(q, k, v, attn_mask=m)
        ),
        lambda q, k, v, m: (
            F.scaled_dot_product_attention(q, k, v, attn_mask=_t(SDPA_KEEP_EMPTY_ROW))
            + F.scaled_dot_product_attention(q, k, v, is_causal=True)
            + F.scaled_dot_product_attention(q, k, v, attn_mask=m)
        ),
        normal((2, 4, 3), (2, 5, 3), (2, 5, 3), (4, 5)),
        covers=("et.scaled_dot_product_attention",),
    ),
    Op(
        "cross_entropy_spatial_weighted_ignored_smoothed",
        # (N, C, d1, d2) logits, class weights, an ignore_index position, label smoothing,
        # each reduction; the legacy reduce= form
        lambda x: (
            et.cross_entropy(x, CE_SPATIAL, weight=CE_WEIGHT, ignore_index=2, label_smoothing=0.1)
            + et.cross_entropy(x, CE_SPATIAL, reduction="sum", ignore_index=2) * 0.1
            + et.cross_entropy(
                x, CE_SPATIAL, weight=CE_WEIGHT, reduction="none", ignore_index=2
            ).sum()
            + et.cross_entropy(x[:, :, 0, 0], CE_SPATIAL[:, 0, 0], reduce=False).sum()
        ),
        lambda x: (
            F.cross_entropy(
                x, _t(CE_SPATIAL), weight=_t(CE_WEIGHT), ignore_index=2, label_smoothing=0.1
            )
            + F.cross_entropy(x, _t(CE_SPATIAL), reduction="sum", ignore_index=2) * 0.1
            + F.cross_entropy(
                x, _t(CE_SPATIAL), weight=_t(CE_WEIGHT), reduction="none", ignore_index=2
            ).sum()
            + F.cross_entropy(x[:, :, 0, 0], _t(CE_SPATIAL[:, 0, 0]), reduction="none").sum()
        ),
        normal((2, 3, 2, 2)),
    ),
    Op(
        "cross_entropy_probabilities_and_single_sample",
        # probability targets (with smoothing and weights); a (C,) input with a 0-d target
        lambda x: (
            et.cross_entropy(x, CE_PROBS, label_smoothing=0.2)
            + et.cross_entropy(x, CE_PROBS, weight=CE_WEIGHT4, reduction="sum")
            + et.cross_entropy(x[0], np.array(2))
        ),
        lambda x: (
            F.cross_entropy(x, _t(CE_PROBS), label_smoothing=0.2)
            + F.cross_entropy(x, _t(CE_PROBS), weight=_t(CE_WEIGHT4), reduction="sum")
            + F.cross_entropy(x[0], _t(np.array(2)))
        ),
        normal((3, 4)),
    ),
    Op(
        "nll_loss",
        lambda x: (
            et.nll_loss(x.log_softmax(1), CE_IDS, weight=CE_WEIGHT4, ignore_index=1)
            + et.nll_loss(x, CE_IDS, reduction="sum")
        ),
        lambda x: (
            F.nll_loss(x.log_softmax(1), _t(CE_IDS), weight=_t(CE_WEIGHT4), ignore_index=1)
            + F.nll_loss(x, _t(CE_IDS), reduction="sum")
        ),
        normal((5, 4)),
        covers=("et.nll_loss",),
    ),
    Op(
        "regression_losses",
        # each reduction; kinks of smooth_l1 / huber on both sides (|d| around beta, delta)
        lambda x: (
            et.mse_loss(x, REG_TARGET, reduction="sum")
            + et.l1_loss(x, REG_TARGET)
            + et.l1_loss(x, REG_TARGET, reduction="none").sum()
            + et.smooth_l1_loss(x, REG_TARGET, beta=0.5)
            + et.smooth_l1_loss(x, REG_TARGET, reduction="sum")
            + et.huber_loss(x, REG_TARGET, delta=0.4)
            + et.huber_loss(x, REG_TARGET, reduction="none", delta=2.0).sum()
        ),
        lambda x: (
            F.mse_loss(x, _t(REG_TARGET), reduction="sum")
            + F.l1_loss(x, _t(REG_TARGET))
            + F.l1_loss(x, _t(REG_TARGET), reduction="none").sum()
            + F.smooth_l1_loss(x, _t(REG_TARGET), beta=0.5)
            + F.smooth_l1_loss(x, _t(REG_TARGET), reduction="sum")
            + F.huber_loss(x, _t(REG_TARGET), delta=0.4)
            + F.huber_loss(x, _t(REG_TARGET), reduction="none", delta=2.0).sum()
        ),
        normal((3, 4)),
        covers=("et.l1_loss", "et.smooth_l1_loss", "et.huber_loss"),
    ),
    Op(
        "binary_cross_entropy",
        lambda p: (
            et.binary_cross_entropy(p, BCE_TARGET, weight=CE_WEIGHT4)
            + et.binary_cross_entropy(p, BCE_TARGET, reduction="sum")
        ),
        lambda p: (
            F.binary_cross_entropy(p, _t(BCE_TARGET), weight=_t(CE_WEIGHT4))
            + F.binary_cross_entropy(p, _t(BCE_TARGET), reduction="sum")
        ),
        lambda rng: [rng.uniform(0.1, 0.9, (3, 4))],
        covers=("et.binary_cross_entropy",),
    ),
    Op(
        "binary_cross_entropy_with_logits",
        lambda x: (
            et.binary_cross_entropy_with_logits(x, BCE_TARGET)
            + et.binary_cross_entropy_with_logits(
                x, BCE_TARGET, weight=CE_WEIGHT4, pos_weight=POS_WEIGHT, reduction="sum"
            )
        ),
        lambda x: (
            F.binary_cross_entropy_with_logits(x, _t(BCE_TARGET))
            + F.binary_cross_entropy_with_logits(
                x, _t(BCE_TARGET), weight=_t(CE_WEIGHT4), pos_weight=_t(POS_WEIGHT), reduction="sum"
            )
        ),
        lambda rng: [3 * rng.standard_normal((3, 4))],
        carriers=("libtorch", "reference", "ieee32"),
        covers=("et.binary_cross_entropy_with_logits",),
    ),
    Op(
        "kl_div",
        lambda x: (
            et.kl_div(x, KL_TARGET, reduction="batchmean")
            + et.kl_div(x, KL_TARGET, reduction="sum")
            + et.kl_div(x, np.log(KL_TARGET), log_target=True)
        ),
        lambda x: (
            F.kl_div(x, _t(KL_TARGET), reduction="batchmean")
            + F.kl_div(x, _t(KL_TARGET), reduction="sum")
            + _kl_mean_log_target(x)
        ),
        normal((3, 4)),
        covers=("et.kl_div",),
    ),
    Op(
        "topk",
        # values (the gradient goes to the positions picked), and values read at the indices
        lambda x: (
            x.topk(2).values.sum(-1)
            + et.topk(x, 2, dim=0, largest=False).values.sum(0)[:3]
            + x.gather(1, x.topk(1).indices).squeeze(1)
        ),
        lambda x: (
            x.topk(2).values.sum(-1)
            + torch.topk(x, 2, dim=0, largest=False).values.sum(0)[:3]
            + x.gather(1, x.topk(1).indices).squeeze(1)
        ),
        normal((3, 4)),
        carriers=("libtorch",),
        covers=("et.topk", "Tensor.topk"),
    ),
    Op(
        "inplace_arithmetic",
        # torch's in-place methods on a non-leaf: the same object holds the result
        lambda x, y: _inplace_arith(x * 1.0, y),
        lambda x, y: _inplace_arith(x * 1.0, y),
        positive((3, 4), (3, 4)),
        covers=(
            "Tensor.add_",
            "Tensor.sub_",
            "Tensor.mul_",
            "Tensor.div_",
            "Tensor.subtract_",
            "Tensor.divide_",
            "Tensor.true_divide_",
        ),
    ),
    Op(
        "inplace_unary",
        _inplace_unary,
        _inplace_unary,
        away_from_zero((3, 4)),
        carriers=NO_COMPARE,
        covers=("Tensor.relu_", "Tensor.clamp_", "Tensor.masked_fill_", "Tensor.zero_"),
    ),
    Op(
        "comparison_methods",
        lambda x, y: (
            et.where(x.lt(y), x, y)
            + et.where(x.le(y), y, x)
            + et.where(x.gt(y), x * 2.0, y)
            + et.where(x.ge(y), y * 3.0, x)
            + et.where(x.eq(y), x, y * 0.5)
            + et.where(x.ne(y), x, y)
        ),
        lambda x, y: (
            torch.where(x.lt(y), x, y)
            + torch.where(x.le(y), y, x)
            + torch.where(x.gt(y), x * 2.0, y)
            + torch.where(x.ge(y), y * 3.0, x)
            + torch.where(x.eq(y), x, y * 0.5)
            + torch.where(x.ne(y), x, y)
        ),
        normal((3, 4), (3, 4)),
        carriers=NO_COMPARE,
        smooth=False,
        covers=("Tensor.eq", "Tensor.ne", "Tensor.lt", "Tensor.le", "Tensor.gt", "Tensor.ge"),
    ),
    Op(
        "comparison_functions_and_aliases",
        lambda x, y: _compare(et, x, y),
        lambda x, y: _compare(torch, x, y),
        normal((3, 4), (4,)),
        carriers=NO_COMPARE,
        smooth=False,
        covers=tuple(f"et.{n}" for n in ("eq", "ne", "lt", "le", "gt", "ge") + COMPARE_ALIASES)
        + tuple(f"Tensor.{n}" for n in COMPARE_ALIASES),
    ),
    Op(
        "t",
        # 2-D: the transpose; 1-D: itself (a view)
        lambda x, v: et.t(x) * 2.0 + v.t(),
        lambda x, v: torch.t(x) * 2.0 + v.t(),
        normal((3, 4), (3,)),
        bad=(("t_of_3d", [(2, 3, 4), (3,)], et.ShapeError),),
        covers=("Tensor.t", "et.t"),
    ),
    Op(
        "shape_as",
        lambda x, y: (
            x.view_as(y) + x.reshape_as(y) * y + x[:1].expand_as(y.reshape(3, 4)).reshape(4, 3)
        ),
        lambda x, y: (
            x.view_as(y) + x.reshape_as(y) * y + x[:1].expand_as(y.reshape(3, 4)).reshape(4, 3)
        ),
        normal((3, 4), (4, 3)),
        covers=("Tensor.view_as", "Tensor.reshape_as", "Tensor.expand_as"),
    ),
)


BY_NAME = {op.name: op for op in OPS}

# The recurrent layers' rows and the trigonometric, hyperbolic and rounding functions' rows
# live in their own files (they import `Op` from here).
from op_table_arrange import ARRANGE_OPS  # noqa: E402
from op_table_derive import DERIVE_OPS  # noqa: E402
from op_table_linalg import LINALG_OPS  # noqa: E402
from op_table_losses import LOSS_OPS  # noqa: E402
from op_table_math import MATH_OPS  # noqa: E402
from op_table_pool_indices import POOL_INDEX_OPS  # noqa: E402
from op_table_rnn import RNN_OPS  # noqa: E402
from op_table_scatter import SCATTER_OPS, SEARCH_OPS  # noqa: E402
from op_table_vision import VISION_OPS  # noqa: E402

OPS = (
    OPS
    + MATH_OPS
    + RNN_OPS
    + SCATTER_OPS
    + SEARCH_OPS
    + DERIVE_OPS
    + LOSS_OPS
    + VISION_OPS
    + ARRANGE_OPS
    + LINALG_OPS
    + POOL_INDEX_OPS
)
BY_NAME = {op.name: op for op in OPS}
