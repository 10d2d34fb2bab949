"""The op table's rows of the trigonometric, hyperbolic and rounding functions
(``src/ops/unary_trig.rs``). The transcendental ones run on the point carriers (no sound
interval enclosure); ``floor``/``ceil``/``trunc`` on every carrier. Samples keep each function
smooth: inside (-1, 1) for ``asin``/``acos``/``atanh``, above 1 for ``acosh``, away from the
integers for the rounding functions (finite differences then see their zero slope)."""

from __future__ import annotations

import numpy as np
import torch
from op_table import Op, away_from_zero, normal, positive

import eagertape as et

POINT = ("libtorch", "reference", "ieee32")
MASK = np.array([[True, False, True, True], [False] * 4, [True, True, False, True]])
MASK_ROW = np.array([False, True, True, False])


def inside_unit(*shapes):
    return lambda rng: [rng.uniform(-0.8, 0.8, size=s) for s in shapes]


def above_one(*shapes):
    return lambda rng: [rng.uniform(1.2, 3.0, size=s) for s in shapes]


def off_integers(*shapes):
    return lambda rng: [rng.integers(-3, 3, size=s) + rng.uniform(0.1, 0.9, size=s) for s in shapes]


def _row(name, sample, carriers=POINT):
    return Op(
        name,
        getattr(et, name),
        getattr(torch, name),
        sample((3, 4)),
        carriers=carriers,
        covers=(f"et.{name}", f"Tensor.{name}"),
    )


def _binary(name, sample):
    return Op(
        name,
        lambda a, b: (
            getattr(et, name)(a, b) + getattr(a, name)(b * 0.5) + getattr(et, name)(a, 1.5)
        ),
        lambda a, b: (
            getattr(torch, name)(a, b)
            + getattr(torch, name)(a, b * 0.5)
            + getattr(torch, name)(a, torch.tensor(1.5, dtype=a.dtype))
        ),
        sample,
        carriers=POINT,
        bad=(("no_broadcast", [(3,), (4,)], et.ShapeError),),
        covers=(f"et.{name}", f"Tensor.{name}"),
    )


def _normal_positive(rng):
    return [rng.standard_normal((3, 4)), rng.uniform(0.5, 2.0, size=(4,))]


def _fmod_sample(rng):
    # away from the jumps of trunc(a / b): a / b off the integers
    b = rng.uniform(0.5, 2.0, size=(4,))
    q = rng.integers(-3, 3, size=(3, 4)) + rng.uniform(0.1, 0.9, size=(3, 4))
    return [q * b, b]


# The special functions and conversions (``src/ops/unary_special.rs``): libm gives the
# point carriers erfc, exp2, log2 and log10; lgamma, digamma, erfinv and i0 are LibTorch's.
LIBTORCH = ("libtorch",)
ALL_CARRIERS = ("libtorch", "reference", "ieee32", "interval")

# torch's aliases of the family (``Tensor.absolute`` is ``abs``), each as function and method.
ALIASES = {
    "absolute": "abs",
    "arcsin": "asin",
    "arccos": "acos",
    "arctan": "atan",
    "arcsinh": "asinh",
    "arccosh": "acosh",
    "arctanh": "atanh",
    "negative": "neg",
    "fix": "trunc",
    "sgn": "sign",
}


def _aliases(lib, x):
    # arctan first, on x itself: an interval session refuses it before recording anything
    total = lib.arctan(x) + x.fix() + lib.arccosh(x.abs() + 1.5)
    y = x * 0.3  # inside (-1, 1) for arcsin/arccos/arctanh
    for name in ("absolute", "arcsin", "arccos", "arcsinh", "arctanh", "negative"):
        total = total + getattr(lib, name)(y) + getattr(y, name)()
    return total + lib.sgn(x) * x


def _in_place(x):
    """Every generated in-place form of the family on a copy of `i0(x) - 0.5`, in (0.5, 0.7) for
    `x` in (0.1, 0.8): every function's domain (above 1 for acosh). `i0` comes first, so a
    carrier without it records nothing. torch's side is the out-of-place functions, since
    torch has no derivative of some of its in-place forms (acosh_)."""
    base = et.i0(x) - 0.5
    total = base * 0.0
    for name in et._core._UNARY_INPLACE:
        y = base * 1.0 + (1.5 if "cosh" in name else 0.0)
        out = getattr(y, name)()
        assert out is y
        total = total + y
    return total


def _in_place_torch(x):
    base = torch.i0(x) - 0.5
    total = base * 0.0
    for name in et._core._UNARY_INPLACE:
        y = base * 1.0 + (1.5 if "cosh" in name else 0.0)
        total = total + getattr(torch, name[:-1])(y)
    return total


def _binary_in_place(lib, a, b):
    """Every generated in-place form of the binary family on a copy of `a` (in (0.5, 2))
    with `b` (in (0.5, 2)), summed; torch's side is the out-of-place functions (its
    floor_divide has no derivative: `div(rounding_mode="floor")` is the same with one)."""
    total = lib.atan2(a, b) * 0.0  # first: an interval session refuses it, recording nothing
    for name in et._core._BINARY_INPLACE:
        if name.startswith("bitwise_") or name in ("gcd_", "lcm_"):
            continue  # integer and bool data only: test_bitwise.py
        y = a * 1.0
        if lib is et:
            out = getattr(y, name)(b)
            assert out is y
        elif name == "floor_divide_":
            y = torch.div(y, b, rounding_mode="floor")
        else:
            y = getattr(torch, name[:-1])(y, b)
        total = total + y
    return total


def _declared_in_place(lib, a, b):
    """Every in-place method the ops' declarations name (`_core._DECLARED_IN_PLACE`) on a
    copy of `a` (in (0.5, 2)), with operands made from `a` and `b`, summed; torch's side is its
    own in-place method. A declaration naming a new one fails here until it has arguments."""
    total = lib.cumprod(a, 1) * 0.0  # first: the reference carriers refuse it, recording nothing
    bb = a * 0.0 + b  # (3, 4)
    data = np.array([2, 0]), np.array([[3, 2, 1, 0], [0, 1, 2, 3], [1, 0, 3, 2]])
    idx, perm = data if lib is et else map(torch.tensor, data)
    args = {
        "add_": (b,),
        "sub_": (b * 0.5,),
        "subtract_": (b,),
        "div_": (b,),
        "divide_": (b,),
        "true_divide_": (b * 2.0,),
        "addcdiv_": (bb, bb + 1.0),
        "addcmul_": (bb, bb * 0.5),
        "addmm_": (a[:, :2], bb[:2, :]),
        "addmv_": (bb.reshape(12, 1), bb[0, :1]),  # (on the flattened copy: `vector`)
        "addr_": (bb[:, 0], a[0] * 0.5),
        "addbmm_": (bb[:, :2].unsqueeze(0) * 0.5, bb[:2, :].unsqueeze(0)),
        "ldexp_": (bb - 1.0,),
        "nan_to_num_": (0.0, 1.0, -1.0),
        "lerp_": (bb, 0.25),
        "clamp_": (0.8, 1.5),
        "clamp_min_": (1.0,),
        "clamp_max_": (1.2,),
        "cumsum_": (1,),
        "cumprod_": (1,),
        "index_add_": (0, idx, bb[:2]),
        "index_copy_": (0, idx, bb[:2]),
        "index_fill_": (1, idx, -1.5),
        "scatter_": (1, perm, bb),
        "scatter_add_": (1, perm, bb),
        "scatter_reduce_": (1, perm, bb, "sum"),
        "logit_": (0.1,),
        "round_": (),
        "tril_": (),
        "triu_": (1,),
        "masked_fill_": (a > 1.0, 0.25),
        # the views' in-place forms: a new shape, read back in the old one
        "transpose_": (0, 1),
        "t_": (),
        "swapaxes_": (1, 0),
        "swapdims_": (0, 1),
        "unsqueeze_": (0,),
        "squeeze_": (),
        "clip_": (0.8, 1.5),
        # the comparisons' in-place forms: 1.0 or 0.0, a zero gradient through `y`
        "eq_": (a,),
        "ne_": (b,),
        "lt_": (b,),
        "le_": (1.0,),
        "gt_": (bb,),
        "ge_": (1.2,),
        "not_equal_": (a * 1.0,),
        "less_": (1.0,),
        "less_equal_": (b,),
        "greater_": (1.1,),
        "greater_equal_": (bb,),
        # the functions LibTorch computes whole
        "polygamma_": (1,),
        "mvlgamma_": (1,),
        "renorm_": (2, 0, 1.0),
        "baddbmm_": (bb[:, :2].unsqueeze(0), (bb[:2, :] * 0.5).unsqueeze(0)),
    }
    # (the logical ops' in-place forms give truth values, no gradient: test_logical.py and
    # test_inplace_parity.py; bitwise_not_ takes integer or bool data: test_bitwise.py)
    logical = {"logical_and_", "logical_or_", "logical_xor_", "logical_not_", "bitwise_not_"}
    # (torch has no derivative of these in `self`: test_inplace_parity.py compares values)
    logical |= {"heaviside_", "nextafter_", "igamma_", "igammac_"}
    # (the writes' in-place forms: op_table_linalg.py's `writes_in_place` row)
    logical |= {"as_strided_", "masked_scatter_", "index_reduce_", "put_", "fill_diagonal_"}
    vector = {"addmv_"}  # these write a 1-D tensor: a flattened copy of `a`
    batched = {"baddbmm_"}  # these write a batch of matrices: `a` as a batch of one
    for name, _ in et._core._DECLARED_IN_PLACE:
        if name in logical:
            continue
        y = (a * 1.0).reshape(-1) if name in vector else a * 1.0
        y = y.unsqueeze(0) if name in batched else y
        out = getattr(y, name)(*args[name])
        assert out is y
        total = total + y.reshape(a.shape)
    return total


def _products(lib, v, u, m, b, w):
    """The vector and matrix products (`src/ops/products.rs`), each by function and method;
    `v` `(3)`, `u` `(4)`, `m` `(3, 3)`, `b` `(2, 3, 3)`, `w` `(3, 4)`."""
    return (
        lib.dot(v, v)  # first: `dot_of_a_matrix` refuses it before anything is recorded
        + v.dot(u[1:])
        + lib.vdot(v, u[:3])
        + v.vdot(u[:3])
        + lib.inner(m, b).sum()
        + v.inner(u[:3])
        + lib.inner(v[0], m).sum()
        + lib.mv(m, v).sum()
        + m.mv(u[:3]).sum()
        + lib.ger(v, u).sum()
        + v.ger(u)[1].sum()
        + lib.addmv(v, m, u[:3], beta=0.5, alpha=2.0).sum()
        + v.addmv(m, v, beta=0.0).sum()
        + lib.addr(w[:, :4], v, u, alpha=-1.5).sum()
        + w[:, :4].addr(v, u, beta=2.0).sum()
        + lib.matrix_power(b, 5).sum()
        + b.matrix_power(0).sum()
        + m.matrix_power(2).sum()
        + lib.matrix_power(m, 1).sum()
        + m.matrix_power(3).sum()
    )


def _ieee(lib, x):
    """`nan_to_num` of infinities (`x * 1e308 * 1e308`, detached) and NaNs (their difference)
    with given values (the defaults depend on the dtype: tests/python/test_ieee.py), `signbit`
    of signed zeros (`x * 0.0`) and numbers, `positive`."""
    first = lib.where(lib.signbit(x), x, 2.0 * x)  # an interval session refuses it first
    inf = x.detach() * 1e308 * 1e308  # (no gradient path: 1e308 is inf in float32)
    return (
        first
        + lib.where((x * 0.0).signbit(), 1.0, -x)
        + inf.nan_to_num(0.5, 2.0, -3.0) * x
        + lib.nan_to_num(inf - inf, nan=0.25) * x
        + x.nan_to_num(neginf=1.0)
        + lib.positive(x)
        + x.positive() * 3.0
    )


def _add_sub(lib, a, b):
    return (
        a.add(b)
        + lib.add(a, b, alpha=-0.5)
        + a.sub(b, alpha=2.0)
        + lib.sub(a, 1.5)
        + a.subtract(b * 0.5)
        + lib.subtract(a, b, alpha=3.0)
    )


def _div(lib, a, b):
    # the trunc quotient first: an interval session refuses it before recording anything
    return (
        lib.div(a, b, rounding_mode="trunc")
        + a.div(b)
        + a.div(b, rounding_mode="floor")
        + lib.divide(a, 2.0, rounding_mode="trunc")
        + a.divide(b)
        + lib.true_divide(a, b)
        + a.true_divide(3.0)
    )


MATH_OPS: tuple[Op, ...] = (
    Op(
        "add_sub_alpha",
        lambda a, b: _add_sub(et, a, b),
        lambda a, b: _add_sub(torch, a, b),
        normal((3, 4), (4,)),
        carriers=("libtorch", "reference", "ieee32", "interval"),
        covers=tuple(f"{f}.{n}" for n in ("add", "sub", "subtract") for f in ("et", "Tensor")),
    ),
    Op(
        "rsub",
        lambda a, b: et.rsub(a, b) + et.rsub(a, b, alpha=-0.5) + et.rsub(a, 2.0, alpha=3.0),
        lambda a, b: (
            torch.rsub(a, b) + torch.rsub(a, b, alpha=-0.5) + torch.rsub(a, 2.0, alpha=3.0)
        ),
        normal((3, 4), (4,)),
        covers=("et.rsub",),
    ),
    Op(
        "div_rounding_modes",
        lambda a, b: _div(et, a, b),
        lambda a, b: _div(torch, a, b),
        # quotients off the integers: the rounded ones have their zero slope there
        lambda rng: [
            (rng.integers(-3, 3, size=(3, 4)) + rng.uniform(0.1, 0.9, size=(3, 4))) * 2.0,
            np.full((4,), 2.0),
        ],
        carriers=POINT,
        covers=tuple(
            f"{f}.{n}" for n in ("div", "divide", "true_divide") for f in ("et", "Tensor")
        ),
    ),
    Op(
        "declared_in_place",
        lambda a, b: _declared_in_place(et, a, b),
        lambda a, b: _declared_in_place(torch, a, b),
        lambda rng: [rng.uniform(0.5, 2.0, size=(3, 4)), rng.uniform(0.5, 2.0, size=(4,))],
        carriers=LIBTORCH,
        covers=tuple(f"Tensor.{name}" for name, _ in et._core._DECLARED_IN_PLACE),
        smooth=False,  # round_, clamp_min_, logit_'s eps and masked_fill_ have kinks or jumps
    ),
    Op(
        "binary_in_place",
        lambda a, b: _binary_in_place(et, a, b),
        lambda a, b: _binary_in_place(torch, a, b),
        lambda rng: [rng.uniform(0.5, 2.0, size=(3, 4)), rng.uniform(0.5, 2.0, size=(4,))],
        carriers=POINT,
        covers=tuple(f"Tensor.{name}" for name in et._core._BINARY_INPLACE),
        smooth=False,  # floor_divide and remainder jump where a / b crosses an integer
    ),
    Op(
        "mul_multiply",
        lambda a, b: a.mul(b) + et.mul(a, 2.0) + a.multiply(b * 0.5) + et.multiply(3.0, b),
        lambda a, b: a.mul(b) + torch.mul(a, 2.0) + a.multiply(b * 0.5) + torch.multiply(b, 3.0),
        normal((3, 4), (4,)),
        carriers=("libtorch", "reference", "ieee32", "interval"),
        covers=("Tensor.mul", "Tensor.multiply", "et.mul", "et.multiply"),
    ),
    Op(
        "unary_in_place",
        _in_place,
        _in_place_torch,
        lambda rng: [rng.uniform(0.1, 0.8, size=(3, 4))],
        carriers=("libtorch",),
        covers=tuple(f"Tensor.{name}" for name in et._core._UNARY_INPLACE),
    ),
    _row("erfc", normal),
    _row("exp2", normal),
    _row("log2", positive),
    _row("log10", positive),
    _row("deg2rad", normal, carriers=ALL_CARRIERS),
    _row("rad2deg", normal, carriers=ALL_CARRIERS),
    _row("lgamma", positive, carriers=LIBTORCH),
    _row("digamma", positive, carriers=LIBTORCH),
    _row("erfinv", inside_unit, carriers=LIBTORCH),
    _row("i0", normal, carriers=LIBTORCH),
    _row("sinc", normal),
    Op(
        "nan_to_num_signbit_positive",
        # (a predicate first: an interval session refuses it before anything is recorded)
        lambda x: _ieee(et, x),
        lambda x: _ieee(torch, x),
        away_from_zero((3, 4)),
        carriers=POINT,
        covers=(
            "et.nan_to_num",
            "Tensor.nan_to_num",
            "et.signbit",
            "Tensor.signbit",
            "et.positive",
            "Tensor.positive",
        ),
    ),
    Op(
        "unary_aliases",
        lambda x: _aliases(et, x),
        lambda x: _aliases(torch, x),
        normal((3, 4)),
        carriers=POINT,
        covers=tuple(f"{f}.{n}" for n in ALIASES for f in ("et", "Tensor")),
    ),
    _row("tan", lambda s: lambda rng: [rng.uniform(-1.2, 1.2, size=s)]),
    _row("asin", inside_unit),
    _row("acos", inside_unit),
    _row("atan", normal),
    _row("sinh", normal),
    _row("cosh", normal),
    _row("asinh", normal),
    _row("acosh", above_one),
    _row("atanh", inside_unit),
    _row("floor", off_integers, carriers=("libtorch", "reference", "ieee32", "interval")),
    _row("ceil", off_integers, carriers=("libtorch", "reference", "ieee32", "interval")),
    _row("trunc", off_integers, carriers=("libtorch", "reference", "ieee32", "interval")),
    _row("frac", off_integers),
    _binary("atan2", _normal_positive),
    _binary("hypot", _normal_positive),
    _binary("fmod", _fmod_sample),
    _binary("logaddexp", normal((3, 4), (4,))),
    _binary("xlogy", _normal_positive),
    _binary("logaddexp2", normal((3, 4), (4,))),
    _binary("copysign", normal((3, 4), (4,))),
    Op(
        "fmax_fmin",
        lambda a, b: et.fmax(a, b) + a.fmax(b * 0.5) * 2.0 + et.fmin(a, b) * 3.0 + a.fmin(-b),
        lambda a, b: torch.fmax(a, b) + a.fmax(b * 0.5) * 2.0 + torch.fmin(a, b) * 3.0 + a.fmin(-b),
        normal((3, 4), (4,)),
        carriers=POINT,
        bad=(("no_broadcast", [(3,), (4,)], et.ShapeError),),
        covers=("et.fmax", "Tensor.fmax", "et.fmin", "Tensor.fmin"),
    ),
    Op(
        "float_power_ldexp",
        lambda a, b, k: (
            (et.float_power(a, b) + a.float_power(2.5)).type_as(a) + et.ldexp(b, k) + a.ldexp(b)
        ),
        lambda a, b, k: (
            (torch.float_power(a, b) + a.float_power(2.5)).type_as(a)
            + torch.ldexp(b, k)
            + a.ldexp(b)
        ),
        lambda rng: [
            rng.uniform(0.5, 2.0, size=(3, 4)),
            rng.standard_normal((4,)),
            rng.standard_normal((3, 1)),
        ],
        carriers=("libtorch",),
        covers=("et.float_power", "Tensor.float_power", "et.ldexp", "Tensor.ldexp"),
    ),
    Op(
        "sort",
        # values carry the gradient to the positions they came from; indices are data
        lambda x: (
            x.sort(1, descending=True).values * 2.0
            + et.sort(x, 0).values
            + x.gather(1, x.argsort(1))
            + et.gather(x, 0, et.argsort(x, 0, descending=True, stable=True))
            + et.msort(x)
        ),
        lambda x: (
            x.sort(1, descending=True).values * 2.0
            + torch.sort(x, 0).values
            + x.gather(1, x.argsort(1))
            + torch.gather(x, 0, torch.argsort(x, dim=0, descending=True, stable=True))
            + torch.msort(x)
        ),
        normal((3, 4)),
        carriers=("libtorch",),
        covers=(
            "et.sort",
            "Tensor.sort",
            "et.argsort",
            "Tensor.argsort",
            "et.msort",
            "Tensor.msort",
        ),
    ),
    Op(
        "kthvalue",
        lambda x: (
            x.kthvalue(2).values
            + et.kthvalue(x, 3, 0, keepdim=True).values.sum(0)[:3]
            + x.gather(1, x.kthvalue(1, 1, keepdim=True).indices).squeeze(1)
        ),
        lambda x: (
            x.kthvalue(2).values
            + torch.kthvalue(x, 3, 0, keepdim=True).values.sum(0)[:3]
            + x.gather(1, x.kthvalue(1, 1, keepdim=True).indices).squeeze(1)
        ),
        normal((3, 4)),
        carriers=("libtorch",),
        covers=("et.kthvalue", "Tensor.kthvalue"),
    ),
    Op(
        "nonzero_and_masked_select",
        # data-dependent lengths: the values at the positions found carry the gradient
        lambda x, y: (
            x[x.nonzero(as_tuple=True)].sum()
            + x[tuple(et.nonzero(y).t())].sum() * 2.0
            + x[et.where(y)].sum() * 3.0
            + et.masked_select(x, MASK).sum() * 4.0
            + x.masked_select(MASK_ROW).sum() * 5.0
            + y[et.argwhere(x)[:, 0], x.argwhere()[:, 1]].sum()
        ),
        lambda x, y: (
            x[x.nonzero(as_tuple=True)].sum()
            + x[tuple(torch.nonzero(y).t())].sum() * 2.0
            + x[torch.where(y)].sum() * 3.0
            + torch.masked_select(x, torch.tensor(MASK)).sum() * 4.0
            + x.masked_select(torch.tensor(MASK_ROW)).sum() * 5.0
            + y[torch.argwhere(x)[:, 0], x.argwhere()[:, 1]].sum()
        ),
        lambda rng: [
            rng.standard_normal((3, 4)) * (rng.random((3, 4)) < 0.6),
            rng.standard_normal((3, 4)) * (rng.random((3, 4)) < 0.5),
        ],
        carriers=POINT,  # intervals have no truth values
        smooth=False,  # the zeros stay zeros only exactly at zero
        covers=(
            "et.nonzero",
            "Tensor.nonzero",
            "et.argwhere",
            "Tensor.argwhere",
            "et.masked_select",
            "Tensor.masked_select",
        ),
    ),
    *(
        Op(
            name,
            getattr(et, name),
            getattr(torch.nn.functional, name),
            lambda rng: [rng.uniform(-6.0, 6.0, size=(3, 4))],
            covers=(f"et.{name}", f"Tensor.{name}"),
        )
        for name in ("hardswish", "hardsigmoid", "mish")
    ),
    Op(
        "lerp_addcmul_addcdiv",
        lambda x, y, w, d: (
            et.lerp(x, y, 0.3)
            + x.lerp(y, w)
            + et.addcmul(x, y, w, value=0.5)
            + x.addcdiv(y, d, value=-2.0)
            + et.addcdiv(x, w, d)
        ),
        lambda x, y, w, d: (
            torch.lerp(x, y, 0.3)
            + x.lerp(y, w)
            + torch.addcmul(x, y, w, value=0.5)
            + x.addcdiv(y, d, value=-2.0)
            + torch.addcdiv(x, w, d)
        ),
        lambda rng: [
            rng.standard_normal((3, 4)),
            rng.standard_normal((3, 4)),
            rng.random((4,)),
            rng.uniform(0.5, 2.0, size=(3, 1)),
        ],
        covers=(
            "et.lerp",
            "Tensor.lerp",
            "et.addcmul",
            "Tensor.addcmul",
            "et.addcdiv",
            "Tensor.addcdiv",
        ),
    ),
    Op(
        "outer_addmm_baddbmm",
        lambda v, u, m, b: (
            et.outer(v, u).sum()
            + v.outer(u)[0].sum()
            + et.addmm(m, m.t(), m, beta=0.5, alpha=2.0).sum()
            + m.addmm(m.t(), m, beta=0.0).sum()
            + et.baddbmm(b, b, b.transpose(1, 2), alpha=-1.5).sum()
        ),
        lambda v, u, m, b: (
            torch.outer(v, u).sum()
            + v.outer(u)[0].sum()
            + torch.addmm(m, m.t(), m, beta=0.5, alpha=2.0).sum()
            + m.addmm(m.t(), m, beta=0.0).sum()
            + torch.baddbmm(b, b, b.transpose(1, 2), alpha=-1.5).sum()
        ),
        normal((3,), (4,), (3, 3), (2, 3, 3)),
        bad=(("outer_of_2d", [(3, 1), (4,), (3, 3), (2, 3, 3)], et.ShapeError),),
        covers=(
            "et.outer",
            "Tensor.outer",
            "et.addmm",
            "Tensor.addmm",
            "et.baddbmm",
            "Tensor.baddbmm",
        ),
    ),
    Op(
        "vector_and_matrix_products",
        lambda v, u, m, b, w: _products(et, v, u, m, b, w),
        lambda v, u, m, b, w: _products(torch, v, u, m, b, w),
        normal((3,), (4,), (3, 3), (2, 3, 3), (3, 4)),
        bad=(("dot_of_a_matrix", [(3, 1), (4,), (3, 3), (2, 3, 3), (3, 4)], et.ShapeError),),
        covers=tuple(
            f"{side}.{name}"
            for name in ("dot", "vdot", "inner", "mv", "ger", "addmv", "addr", "matrix_power")
            for side in ("et", "Tensor")
        ),
    ),
    Op(
        "addbmm",
        lambda m, b, c: et.addbmm(m, b, c, beta=0.5) + m.addbmm(b, c, alpha=-2.0),
        lambda m, b, c: torch.addbmm(m, b, c, beta=0.5) + m.addbmm(b, c, alpha=-2.0),
        normal((3, 5), (4, 3, 2), (4, 2, 5)),
        bad=(
            ("unequal_batches", [(3, 5), (4, 3, 2), (2, 2, 5)], et.ShapeError),
            ("unequal_inner_sizes", [(3, 5), (4, 3, 2), (4, 3, 5)], et.ShapeError),
            ("input_beyond_the_product", [(2, 3, 5), (4, 3, 2), (4, 2, 5)], et.ShapeError),
        ),
        covers=("et.addbmm", "Tensor.addbmm"),
    ),
    Op(
        "arctan2",
        et.arctan2,
        torch.arctan2,
        _normal_positive,
        carriers=POINT,
        covers=("et.arctan2", "Tensor.arctan2"),
    ),
)
