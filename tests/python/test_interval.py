"""The `interval` carrier: outward-rounded float64 intervals give sound, non-vacuous enclosures.

Soundness is checked two ways:
* against float64 point evaluations (a LibTorch float64 session) at random points of the box
  and its corners. The point evaluation is itself rounded, so it may leave a sound but tight
  enclosure by a few ulps: `POINT_SLACK` allows that, and nothing more;
* against exact results (fractions.Fraction for + - * /, mpmath at 200 bits for the
  transcendental functions and whole MLPs): no slack beyond mpmath's own ~2^-200 error, so
  a missing outward rounding shows.
"""

from __future__ import annotations

import itertools
import math
import operator
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagertape as et

# The interval carrier runs on cpu only.
pytestmark = pytest.mark.cpu_only

PROPERTY = settings(max_examples=40, deadline=None)
# A float64 point evaluation may differ from the real value by its own rounding: a few ulps of
# the values involved (all O(10) here). 1e-12 relative is far below any enclosure width that a
# box of radius > 0 produces, and far above float64 rounding in these small networks.
POINT_SLACK = 1e-12
# Non-vacuous: for boxes of radius <= 1e-3 the output width stays below this (weights are
# scaled by 1/sqrt(fan_in), so a layer widens a box by a small factor).
SMALL_BOX_RADIUS = 1e-3
SMALL_BOX_MAX_WIDTH = 1e-1
# A degenerate box only widens by outward rounding: a few ulps per op.
DEGENERATE_MAX_WIDTH = 1e-9
# A transcendental function of a point: its enclosure spans at most this many ulps of its larger
# bound. interval.rs widens a libm value y by n * 2^-52 * |y| (at most 2n ulps; n = 2 for exp
# and log, 4 for tanh and sigmoid) plus one rounding step on each side: at most 18 ulps.
DEGENERATE_FUNCTION_MAX_ULPS = 24
# Exact values are computed in 200-bit mpmath: off by ~2^-200 relative to the terms involved.
EXACT_SLACK = 1e-50
N_POINTS = 20

ACTIVATIONS = {"tanh": et.tanh, "relu": et.relu, "sigmoid": et.sigmoid}
MP_ACTIVATIONS = {
    "tanh": mpmath.tanh,
    "relu": lambda v: max(v, mpmath.mpf(0)),
    "sigmoid": lambda v: 1 / (1 + mpmath.exp(-v)),
}


# --- helpers ------------------------------------------------------------------------------


def scalar_bounds(t) -> tuple[float, float]:
    """The (lo, hi) of a one-element interval tensor, as Python floats."""
    lo, hi = t.bounds()
    return lo.item(), hi.item()


def box_points(rng, lo, hi, n=N_POINTS):
    """`n` uniform points of the box [lo, hi], its center, and its corners when it has at most
    two elements; stacked along a new leading axis."""
    points = [rng.uniform(lo, hi) for _ in range(n)]
    points.append(0.5 * (lo + hi))
    if lo.size <= 2:
        for corner in itertools.product(*zip(lo.ravel(), hi.ravel(), strict=True)):
            points.append(np.array(corner).reshape(lo.shape))
    return np.stack(points)


def assert_encloses(bounds, values, slack=POINT_SLACK):
    """Every value (any leading axes) lies in [lo, hi], up to `slack` relative."""
    lo, hi = (np.asarray(b, dtype=np.float64) for b in bounds)
    values = np.asarray(values, dtype=np.float64)
    tol = slack * (1.0 + np.abs(values))
    below, above = values < lo - tol, values > hi + tol
    assert not below.any() and not above.any(), (
        f"point values escape the enclosure: lo={lo}, hi={hi}, "
        f"escaping values={values[below | above]}"
    )


def widths(bounds):
    lo, hi = bounds
    return np.asarray(hi) - np.asarray(lo)


class Mlp:
    """A small float64 MLP: weights from a seed, scaled by 1/sqrt(fan_in)."""

    def __init__(self, seed: int, sizes: list, acts: list):
        rng = np.random.default_rng(seed)
        self.sizes, self.acts = sizes, acts
        self.arrays = []
        for fan_in, fan_out in itertools.pairwise(sizes):
            self.arrays.append(rng.standard_normal((fan_out, fan_in)) / math.sqrt(fan_in))
            self.arrays.append(rng.standard_normal(fan_out) * 0.5)
        self.rng = rng

    def params(self, dtype: str) -> list:
        return [et.Parameter(a, dtype=dtype) for a in self.arrays]

    def forward(self, sess, x, params):
        leaves = [sess.use(p) for p in params]
        h = x
        for i in range(0, len(leaves), 2):
            h = et.linear(h, leaves[i], leaves[i + 1])
            if i // 2 < len(self.acts):
                h = ACTIVATIONS[self.acts[i // 2]](h)
        return h

    def exact(self, x_row):
        """The output at one input point, evaluated in 200-bit arithmetic."""
        with mpmath.workprec(200):
            h = [mpmath.mpf(float(v)) for v in x_row]
            for layer in range(len(self.arrays) // 2):
                w, b = self.arrays[2 * layer], self.arrays[2 * layer + 1]
                h = [
                    mpmath.fsum(mpmath.mpf(float(w[j, k])) * h[k] for k in range(len(h)))
                    + mpmath.mpf(float(b[j]))
                    for j in range(w.shape[0])
                ]
                if layer < len(self.acts):
                    h = [MP_ACTIVATIONS[self.acts[layer]](v) for v in h]
            return h


@st.composite
def mlps(draw):
    n_in = draw(st.integers(1, 4))
    hidden = draw(st.lists(st.integers(1, 6), min_size=1, max_size=2))
    n_out = draw(st.integers(1, 4))
    acts = draw(st.lists(st.sampled_from(sorted(ACTIVATIONS)), min_size=len(hidden)))
    seed = draw(st.integers(0, 2**32 - 1))
    return Mlp(seed, [n_in, *hidden, n_out], acts[: len(hidden)])


def input_box(mlp: Mlp, radius: float):
    center = mlp.rng.standard_normal((1, mlp.sizes[0]))
    return center - radius, center + radius


def interval_output(mlp: Mlp, lo, hi, head=None):
    """(lo, hi) of the MLP (or of `head(sess, logits)`) over the box, in an interval session."""
    with et.Session(dtype="interval") as sess:
        out = mlp.forward(sess, sess.input(et.interval(lo, hi)), mlp.params("interval"))
        if head is not None:
            out = head(sess, out)
        return out.bounds()


def point_outputs(mlp: Mlp, points, head=None):
    """The float64 (LibTorch) output for each point (rows of shape (1, n_in))."""
    params = mlp.params("float64")
    results = []
    with et.Session(dtype="float64") as sess:
        for x in points:
            out = mlp.forward(sess, sess.input(x), params)
            results.append((out if head is None else head(sess, out)).numpy())
    return np.stack(results)


def cross_entropy_head(label):
    return lambda sess, logits: et.cross_entropy(logits, [label])


def mse_head(target):
    return lambda sess, out: et.mse_loss(out, target)


# --- soundness against float64 point evaluations ------------------------------------------


@PROPERTY
@given(mlp=mlps(), radius=st.floats(0.0, 0.5))
def test_mlp_output_enclosure_contains_float64_point_outputs(mlp, radius):
    lo, hi = input_box(mlp, radius)
    bounds = interval_output(mlp, lo, hi)
    assert bounds[0].shape == (1, mlp.sizes[-1])
    assert_encloses(bounds, point_outputs(mlp, box_points(mlp.rng, lo, hi)))


@PROPERTY
@given(mlp=mlps(), radius=st.floats(0.0, 0.5), data=st.data())
def test_cross_entropy_enclosure_contains_float64_point_losses(mlp, radius, data):
    label = data.draw(st.integers(0, mlp.sizes[-1] - 1))
    lo, hi = input_box(mlp, radius)
    bounds = interval_output(mlp, lo, hi, cross_entropy_head(label))
    assert bounds[0].shape == ()
    points = box_points(mlp.rng, lo, hi)
    assert_encloses(bounds, point_outputs(mlp, points, cross_entropy_head(label)))


@PROPERTY
@given(mlp=mlps(), radius=st.floats(0.0, 0.5))
def test_mse_enclosure_contains_float64_point_losses(mlp, radius):
    target = mlp.rng.standard_normal((1, mlp.sizes[-1]))
    lo, hi = input_box(mlp, radius)
    bounds = interval_output(mlp, lo, hi, mse_head(target))
    points = box_points(mlp.rng, lo, hi)
    assert_encloses(bounds, point_outputs(mlp, points, mse_head(target)))


# --- the enclosures are not vacuous --------------------------------------------------------


@PROPERTY
@given(mlp=mlps(), radius=st.floats(0.0, SMALL_BOX_RADIUS))
def test_small_box_output_enclosure_is_finite_and_narrow(mlp, radius):
    lo, hi = input_box(mlp, radius)
    bounds = interval_output(mlp, lo, hi)
    assert np.all(np.isfinite(bounds[0])) and np.all(np.isfinite(bounds[1]))
    assert np.all(widths(bounds) >= 0.0)
    assert np.max(widths(bounds)) < SMALL_BOX_MAX_WIDTH


@PROPERTY
@given(mlp=mlps())
def test_degenerate_box_output_is_a_tight_enclosure_of_the_float64_value(mlp):
    x, _ = input_box(mlp, 0.0)
    bounds = interval_output(mlp, x, x)
    assert np.max(widths(bounds)) < DEGENERATE_MAX_WIDTH
    assert_encloses(bounds, point_outputs(mlp, [x]))


def test_wider_box_gives_a_wider_enclosure():
    mlp = Mlp(7, [3, 5, 2], ["tanh"])
    center = mlp.rng.standard_normal((1, 3))
    narrow = widths(interval_output(mlp, center - 1e-3, center + 1e-3))
    wide = widths(interval_output(mlp, center - 1e-1, center + 1e-1))
    assert np.all(narrow > 0.0)
    assert np.all(wide > narrow)


# --- soundness against exact values ---------------------------------------------------------


@PROPERTY
@given(mlp=mlps())
def test_degenerate_box_output_encloses_the_exact_value(mlp):
    x, _ = input_box(mlp, 0.0)
    lo, hi = interval_output(mlp, x, x)
    with mpmath.workprec(200):
        for j, exact in enumerate(mlp.exact(x[0])):
            tol = EXACT_SLACK * (1 + abs(exact))
            assert mpmath.mpf(float(lo[0, j])) - tol <= exact
            assert exact <= mpmath.mpf(float(hi[0, j])) + tol


FINITE = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)
NONZERO = FINITE.filter(lambda v: abs(v) > 1e-6)
ARITHMETIC = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "div": operator.truediv,
}


@settings(max_examples=200, deadline=None)
@given(a=FINITE, b=NONZERO, op=st.sampled_from(sorted(ARITHMETIC)))
def test_arithmetic_on_degenerate_intervals_encloses_the_exact_result(a, b, op):
    sess = et.Session(dtype="interval")
    x, y = sess.input(np.array([a])), sess.input(np.array([b]))
    lo, hi = scalar_bounds(ARITHMETIC[op](x, y))
    exact = ARITHMETIC[op](Fraction(a), Fraction(b))
    assert Fraction(lo) <= exact <= Fraction(hi)


def test_inexact_sum_of_degenerate_intervals_has_positive_width():
    sess = et.Session(dtype="interval")
    lo, hi = scalar_bounds(sess.input(np.array([0.1])) + sess.input(np.array([0.2])))
    assert Fraction(lo) <= Fraction(0.1) + Fraction(0.2) <= Fraction(hi)
    assert lo < hi
    assert hi - lo <= 2 * math.ulp(0.3)


MP_UNARY = {
    "exp": (et.exp, mpmath.exp, st.floats(-30.0, 30.0)),
    "log": (et.log, mpmath.log, st.floats(1e-6, 1e6)),
    "tanh": (et.tanh, mpmath.tanh, st.floats(-20.0, 20.0)),
    "sigmoid": (et.sigmoid, lambda v: 1 / (1 + mpmath.exp(-v)), st.floats(-30.0, 30.0)),
}


@pytest.mark.parametrize("name", sorted(MP_UNARY))
def test_function_of_degenerate_interval_encloses_the_exact_value(name):
    et_fn, mp_fn, domain = MP_UNARY[name]

    @settings(max_examples=100, deadline=None)
    @given(v=domain)
    def check(v):
        sess = et.Session(dtype="interval")
        lo, hi = scalar_bounds(et_fn(sess.input(np.array([v]))))
        with mpmath.workprec(200):
            exact = mp_fn(mpmath.mpf(v))
            tol = EXACT_SLACK * abs(exact)
            assert mpmath.mpf(lo) - tol <= exact <= mpmath.mpf(hi) + tol

    check()


@pytest.mark.parametrize("name", sorted(MP_UNARY))
def test_function_of_degenerate_interval_is_a_few_ulps_wide(name):
    et_fn, _, domain = MP_UNARY[name]

    @settings(max_examples=100, deadline=None)
    @given(v=domain)
    def check(v):
        sess = et.Session(dtype="interval")
        lo, hi = scalar_bounds(et_fn(sess.input(np.array([v]))))
        assert 0.0 <= hi - lo <= DEGENERATE_FUNCTION_MAX_ULPS * math.ulp(max(abs(lo), abs(hi)))

    check()


# --- gradients -------------------------------------------------------------------------------


def interval_grads(mlp, lo, hi, head):
    params = mlp.params("interval")
    with et.Session(dtype="interval") as sess:
        loss = head(sess, mlp.forward(sess, sess.input(et.interval(lo, hi)), params))
        with sess.backward(loss) as grads:
            assert {grads[p].dtype for p in params} == {"interval"}
            return [grads[p].bounds() for p in params]


def point_grads(mlp, x, head):
    params = mlp.params("float64")
    with et.Session(dtype="float64") as sess:
        loss = head(sess, mlp.forward(sess, sess.input(x), params))
        with sess.backward(loss) as grads:
            return [grads[p].numpy() for p in params]


@PROPERTY
@given(mlp=mlps(), radius=st.floats(0.0, 0.5), data=st.data())
def test_interval_gradients_enclose_float64_gradients_over_the_box(mlp, radius, data):
    label = data.draw(st.integers(0, mlp.sizes[-1] - 1))
    head = cross_entropy_head(label)
    lo, hi = input_box(mlp, radius)
    enclosures = interval_grads(mlp, lo, hi, head)
    for x in box_points(mlp.rng, lo, hi, n=5):
        for bounds, g in zip(enclosures, point_grads(mlp, x, head), strict=True):
            assert_encloses(bounds, g)


@PROPERTY
@given(mlp=mlps())
def test_degenerate_box_gradients_tightly_enclose_float64_gradients_at_the_center(mlp):
    target = mlp.rng.standard_normal((1, mlp.sizes[-1]))
    x, _ = input_box(mlp, 0.0)
    enclosures = interval_grads(mlp, x, x, mse_head(target))
    for bounds, g in zip(enclosures, point_grads(mlp, x, mse_head(target)), strict=True):
        assert_encloses(bounds, g)
        assert np.max(widths(bounds)) < DEGENERATE_MAX_WIDTH


# --- single ops over random boxes --------------------------------------------------------------


SOFTMAX_FAMILY = {"softmax": et.softmax, "log_softmax": et.log_softmax}


@PROPERTY
@given(
    name=st.sampled_from(sorted(SOFTMAX_FAMILY)),
    rows=st.integers(1, 3),
    cols=st.integers(1, 5),
    dim=st.sampled_from([0, 1, -1]),
    radius=st.floats(0.0, 0.5),
    seed=st.integers(0, 2**32 - 1),
)
def test_softmax_family_enclosure_contains_point_rows(name, rows, cols, dim, radius, seed):
    rng = np.random.default_rng(seed)
    center = rng.standard_normal((rows, cols)) * 2.0
    lo, hi = center - radius, center + radius
    fn = SOFTMAX_FAMILY[name]
    with et.Session(dtype="interval") as sess:
        bounds = fn(sess.input(et.interval(lo, hi)), dim).bounds()
    points = box_points(rng, lo, hi)
    with et.Session(dtype="float64") as sess:
        values = fn(sess.input(points), dim + 1 if dim >= 0 else dim).numpy()
    assert_encloses(bounds, values)


def _away(rng, shape):
    return np.where(rng.random(shape) < 0.5, -1.0, 1.0) * rng.uniform(1.0, 2.0, shape)


# name -> (function of the operands, operand shapes, how to draw each operand's center). The
# point evaluation stacks points on a new leading axis, so broadcast operands keep every axis.
BOX_OPS = {
    "add": (operator.add, [(2, 3), (1, 3)], ["any", "any"]),
    "sub": (operator.sub, [(2, 3), (2, 3)], ["any", "any"]),
    "mul": (operator.mul, [(2, 3), (2, 1)], ["any", "any"]),
    "div": (operator.truediv, [(2, 3), (1, 3)], ["any", "away"]),
    "neg": (operator.neg, [(2, 3)], ["any"]),
    "square": (lambda t: t**2, [(2, 3)], ["any"]),
    "cube": (lambda t: t**3, [(2, 3)], ["any"]),
    "sqrt": (lambda t: t**0.5, [(2, 3)], ["positive"]),
    "exp": (et.exp, [(2, 3)], ["any"]),
    "log": (et.log, [(2, 3)], ["positive"]),
    "tanh": (et.tanh, [(2, 3)], ["any"]),
    "sigmoid": (et.sigmoid, [(2, 3)], ["any"]),
    "relu": (et.relu, [(2, 3)], ["any"]),
    "sum": (lambda t: t.sum(-1), [(2, 3)], ["any"]),
    "mean": (lambda t: t.mean(-1, True), [(2, 3)], ["any"]),
    "matmul": (operator.matmul, [(2, 3), (3, 2)], ["any", "any"]),
    "self-product": (lambda t: t * t, [(2, 3)], ["any"]),
}
CENTERS = {
    "any": lambda rng, s: rng.standard_normal(s),
    "away": _away,
    "positive": lambda rng, s: rng.uniform(1.0, 3.0, s),
}


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(sorted(BOX_OPS)),
    radius=st.floats(0.0, 0.5),
    seed=st.integers(0, 2**32 - 1),
)
def test_op_enclosure_contains_point_values(name, radius, seed):
    fn, shapes, kinds = BOX_OPS[name]
    rng = np.random.default_rng(seed)
    boxes = [
        (c - radius, c + radius)
        for c in (CENTERS[k](rng, s) for k, s in zip(kinds, shapes, strict=True))
    ]
    with et.Session(dtype="interval") as sess:
        bounds = fn(*[sess.input(et.interval(lo, hi)) for lo, hi in boxes]).bounds()
    points = [box_points(rng, lo, hi) for lo, hi in boxes]
    n = min(len(p) for p in points)  # pair the i-th point of each operand
    with et.Session(dtype="float64") as sess:
        values = fn(*[sess.input(p[:n]) for p in points]).numpy()
    assert_encloses(bounds, values)


def test_square_of_a_box_straddling_zero_reaches_zero():
    sess = et.Session(dtype="interval")
    lo, hi = scalar_bounds(sess.input(et.interval(-1.0, 2.0)) ** 2)
    assert lo <= 0.0 and hi >= 4.0


# --- division by an interval containing zero -------------------------------------------------


def test_division_by_interval_straddling_zero_is_the_whole_line():
    sess = et.Session(dtype="interval")
    lo, hi = scalar_bounds(sess.input(et.interval(1.0, 2.0)) / sess.input(et.interval(-1.0, 1.0)))
    assert (lo, hi) == (-math.inf, math.inf)


def test_reciprocal_constant_over_interval_straddling_zero_is_the_whole_line():
    sess = et.Session(dtype="interval")
    lo, hi = scalar_bounds(1.0 / sess.input(et.interval(-0.5, 0.5)))
    assert (lo, hi) == (-math.inf, math.inf)


def test_division_by_interval_touching_zero_is_unbounded_on_one_side():
    sess = et.Session(dtype="interval")
    lo, hi = scalar_bounds(sess.input(et.interval(1.0, 2.0)) / sess.input(et.interval(0.0, 1.0)))
    assert lo <= 1.0
    assert hi == math.inf


def test_infinite_enclosure_propagates_without_nan():
    sess = et.Session(dtype="interval")
    q = sess.input(et.interval([1.0, 1.0], [2.0, 2.0])) / sess.input(et.interval([-1.0, 1.0], 3.0))
    lo, hi = (q + 1.0).bounds()
    assert not np.isnan(lo).any() and not np.isnan(hi).any()
    assert (lo[0], hi[0]) == (-math.inf, math.inf)
    assert np.isfinite(lo[1]) and np.isfinite(hi[1])
