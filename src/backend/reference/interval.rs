//! Outward-rounded float64 intervals: the `interval` carrier.
//!
//! **Contract.** For every op and every real point (or points) inside the input interval(s),
//! the exact real result lies inside the output interval. Valid inputs (`lo <= hi`, no NaN)
//! give valid outputs; a NaN input gives `[NaN, NaN]`, like the point types.
//!
//! **Rounding.** Stable Rust has no rounding-mode control, so results are computed in
//! round-to-nearest and then moved outward:
//! * `+ - * /` are rounded *directed*: an error-free transform (TwoSum, or an `fma`
//!   residual) gives the sign of the rounding error, so an endpoint moves one step
//!   (`next_down`/`next_up`) only when the nearest result lies on the wrong side of the exact
//!   one. Where the transform is not known to be exact (operands beyond 1e300, products or
//!   quotients below 1e-280, overflow), the endpoint moves one step unconditionally, which is
//!   enough because nearest rounding errs by at most half an ulp (overflow to ±inf is on
//!   the right side for the bound it produces; `next_down(inf) = MAX` covers the other).
//! * `libm` functions move by `k` ulps toward zero and `k` ulps (of the binade the real value
//!   may reach) away from it ([`enclose`]): `k = 2` for `exp log pow` (FreeBSD/fdlibm
//!   code, errors below 1 ulp), `k = 3` for `tanh` (up to about 2.2 ulps) and for `sigmoid`
//!   (below 2.5 ulps, see [`sigmoid_f`]), `k = 4` for softplus (below 3.5 ulps). A point
//!   thus gives an enclosure `2k` ulps wide. Results known exactly (`exp 0 = 1`,
//!   `log 1 = 0`, values at ±inf, …) are not widened.
//!
//! Infinite endpoints stay infinite; `0 · ±inf` is 0 (a real point 0 times any real is 0).
//! A NaN that a valid input can still produce (`-inf + inf` at the endpoints of unbounded
//! intervals) becomes `-inf` for a lower bound and `+inf` for an upper one.

use crate::kernel::Scalar;

/// A closed interval `[lo, hi]` of reals (endpoints may be infinite).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    pub lo: f64,
    pub hi: f64,
}

const NAN: Interval = Interval::new(f64::NAN, f64::NAN);
const INF: f64 = f64::INFINITY;
/// Magnitude limits inside which the error-free transforms are exact (no overflow in
/// intermediates, no underflow in the residual).
const BIG: f64 = 1e300;
const SMALL: f64 = 1e-280;

impl Interval {
    /// The whole real line.
    pub const ENTIRE: Interval = Interval::new(-INF, INF);

    const fn new(lo: f64, hi: f64) -> Interval {
        Interval { lo, hi }
    }

    /// Whether the point `x` lies in the interval.
    pub fn contains(self, x: f64) -> bool {
        self.lo <= x && x <= self.hi
    }

    fn is_nan(self) -> bool {
        self.lo.is_nan() || self.hi.is_nan()
    }

    /// An interval from computed bounds of valid inputs: NaN bounds become infinite.
    fn hull(lo: f64, hi: f64) -> Interval {
        let lo = if lo.is_nan() { -INF } else { lo };
        let hi = if hi.is_nan() { INF } else { hi };
        Interval::new(lo, hi)
    }

    /// Image under a non-decreasing function, given enclosures `f(x) = (lo, hi)` of its
    /// value at each point: `f(lo).0 <= f(lo) <= f(x) <= f(hi) <= f(hi).1` for all x inside.
    fn monotone(self, f: fn(f64) -> (f64, f64)) -> Interval {
        if self.is_nan() {
            return NAN;
        }
        Interval::hull(f(self.lo).0, f(self.hi).1)
    }
}

/// Directed roundings `(down, up)` of `s`, given the exact value `s + e` (`None`: unknown,
/// but within half an ulp of `s`).
fn directed(s: f64, e: Option<f64>) -> (f64, f64) {
    match e {
        Some(0.0) => (s, s),
        Some(e) if e > 0.0 => (s, s.next_up()),
        Some(e) if e < 0.0 => (s.next_down(), s),
        _ => (s.next_down(), s.next_up()),
    }
}

/// `a + b` rounded down and up. TwoSum (Knuth) gives the exact error when no intermediate
/// overflows, which `|a|, |b| <= 1e300` ensures; an infinite operand makes the sum exact.
fn add_dir(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let t = s - a;
    let e = if a.is_infinite() || b.is_infinite() {
        Some(0.0)
    } else {
        (a.abs() <= BIG && b.abs() <= BIG).then_some((a - (s - t)) + (b - t))
    };
    directed(s, e)
}

/// `a · b` rounded down and up, with `0 · inf = 0`. `fma(a, b, -p)` is the exact error of
/// `p = a·b` when `1e-280 <= |p| <= 1e300` (no underflow in the residual, no overflow);
/// a product with an infinite factor is exactly infinite.
fn mul_dir(a: f64, b: f64) -> (f64, f64) {
    if a == 0.0 || b == 0.0 {
        return (0.0, 0.0);
    }
    let p = a * b;
    let e = if a.is_infinite() || b.is_infinite() {
        Some(0.0)
    } else {
        (SMALL..=BIG).contains(&p.abs()).then(|| a.mul_add(b, -p))
    };
    directed(p, e)
}

/// `a / b` rounded down and up. The remainder `r = a − q·b` of `q = RN(a/b)` is
/// representable, so `fma(-q, b, a)` computes it exactly, when `|a|, |q|` lie in
/// `[1e-280, 1e300]`; then `a/b = q + r/b`. A zero numerator or an infinite operand gives an
/// exact (limit) quotient; `inf/inf` is NaN, for the caller to skip.
fn div_dir(a: f64, b: f64) -> (f64, f64) {
    let q = a / b;
    let e = if a == 0.0 || a.is_infinite() || b.is_infinite() {
        Some(0.0)
    } else {
        let ok = (SMALL..=BIG).contains(&a.abs()) && (SMALL..=BIG).contains(&q.abs());
        ok.then(|| (-q).mul_add(b, a) * b.signum())
    };
    directed(q, e)
}

/// The spacing of doubles in the binade of `|a|`: `2^(e−52)`, or `2⁻¹⁰⁷⁴` below the normals.
fn ulp(a: f64) -> f64 {
    let a = a.abs();
    if a < f64::MIN_POSITIVE {
        f64::from_bits(1)
    } else {
        f64::from_bits(a.to_bits() & (0x7ff << 52)) * f64::EPSILON
    }
}

/// Enclosure of `f(x)` from an `f` whose result `y` is within `k` ulps of the real value
/// `v` (ulps of `v` or of `y`). Toward zero, `|v| >= |y| − k·ulp(y)`: a real below `|y|`
/// has an ulp no larger. Away from zero, `|v| <= |y| + 2k·ulp(y)` (an ulp at most doubles
/// there), so `ulp(v) <= U = ulp(|y| + 2k·ulp(y))` and `|v| <= |y| + k·U`. The inner bound is
/// exact (a multiple of `ulp(y)` below `|y|`); the outer one is rounded up. Width: `2k` ulps,
/// up to `(3k+2)/2` ulps of the outer bound across a binade. An overflowed `y = ±inf` keeps
/// its infinite side; its finite side starts from `±MAX`. When `exact`, `y` is returned.
fn enclose(f: fn(f64) -> f64, x: f64, exact: bool, k: f64) -> (f64, f64) {
    let y = f(x);
    if exact || y.is_nan() {
        return (y, y);
    }
    let a = y.abs().min(f64::MAX);
    let inner = a - k * ulp(a);
    let outer = if a == f64::MAX {
        INF
    } else {
        add_dir(a, k * ulp(a + 2.0 * k * ulp(a))).1
    };
    if y.is_sign_negative() {
        (-outer, -inner)
    } else {
        (inner, outer)
    }
}

/// `exp x`: libm's `exp` (FreeBSD) errs below 1 ulp; widened by 2, lower bound kept `>= 0`.
/// Exact at 0 and ±inf.
fn sqrt_at(x: f64) -> (f64, f64) {
    let x = x.max(0.0);
    let r = x.sqrt();
    if r * r == x || r.is_infinite() {
        (r, r)
    } else {
        (r.next_down().max(0.0), r.next_up())
    }
}

fn exp_at(x: f64) -> (f64, f64) {
    let (lo, hi) = enclose(libm::exp, x, x == 0.0 || x.is_infinite(), 2.0);
    (lo.max(0.0), hi)
}

/// `log x`, widened by 2 (libm errs below 1 ulp); exact at 0, 1, inf. Points `x < 0`
/// (outside the domain) count as the limit at 0, `-inf`.
fn log_at(x: f64) -> (f64, f64) {
    let exact = x == 0.0 || x == 1.0 || x == INF;
    enclose(libm::log, x.max(0.0), exact || x < 0.0, 2.0)
}

/// `tanh x`: libm's (fdlibm-style, via `expm1`) errs up to about 2.2 ulps; widened by 3,
/// clamped to `[-1, 1]`. Exact at 0 and ±inf.
fn tanh_at(x: f64) -> (f64, f64) {
    let (lo, hi) = enclose(libm::tanh, x, x == 0.0 || x.is_infinite(), 3.0);
    (lo.max(-1.0), hi.min(1.0))
}

/// `sigmoid x = n/(1 + t)` with `t = e^−|x| ∈ (0, 1]` and `n = 1` for `x > 0`, `n = t`
/// otherwise (no overflow). `1 + t = u + ul` exactly (Fast2Sum), and the quotient `q` is
/// corrected with its exact remainder `fma(−q, u, n)`, so the division costs 0.5 ulp. The
/// error of `t` (below 1 ulp) reaches the result scaled by `≤ 1` (x > 0) or `≤ 2` ulps
/// (x <= 0; the result may sit one binade below `t`): below 2.5 ulps in all.
fn sigmoid_f(x: f64) -> f64 {
    let t = libm::exp(-x.abs());
    let n = if x > 0.0 { 1.0 } else { t };
    let u = 1.0 + t;
    let ul = t - (u - 1.0);
    let q = n / u;
    q + ((-q).mul_add(u, n) - q * ul) / u
}

/// `sigmoid x`: widened by 3 ulps, clamped to `[0, 1]`. Exact at 0 and ±inf.
fn sigmoid_at(x: f64) -> (f64, f64) {
    let (lo, hi) = enclose(sigmoid_f, x, x == 0.0 || x.is_infinite(), 3.0);
    (lo.max(0.0), hi.min(1.0))
}

/// `softplus z = log(1 + e^z)`, as `log1p(e^z)` for `z <= 0` and `z + log1p(e^−z)` for
/// `z > 0`: `exp`'s error (below 1 ulp) reaches `log1p(t) ∈ [t/2, t]` scaled by at most 2
/// ulps, `log1p` adds below 1 and the final sum 0.5: below 3.5 ulps. Exact at ±inf.
fn softplus_f(z: f64) -> f64 {
    if z <= 0.0 {
        libm::log1p(libm::exp(z))
    } else {
        z + libm::log1p(libm::exp(-z))
    }
}

/// `softplus z`: widened by 4 ulps, lower bound kept `>= 0`.
fn softplus_at(z: f64) -> (f64, f64) {
    let (lo, hi) = enclose(softplus_f, z, z.is_infinite(), 4.0);
    (lo.max(0.0), hi)
}

/// `x^e` at one point. `e = 2` is a directed product and `e = -1` a directed quotient;
/// otherwise libm's `pow` (below 1 ulp) widened by 2, exact for `x ∈ {0, 1, ±inf}`.
fn pow_at(x: f64, e: f64) -> (f64, f64) {
    if e == 2.0 {
        mul_dir(x, x)
    } else if e == -1.0 {
        div_dir(1.0, x)
    } else {
        let exact = x == 0.0 || x == 1.0 || x.is_infinite();
        enclose(|y| y, libm::pow(x, e), exact, 2.0)
    }
}

/// `D_i = x_i − m` and `S_i = Σ_{j≠i} exp(x_j − m)` for each element of a row, for a point
/// shift `m` (any real is exact here; the largest upper bound keeps the exponentials
/// `<= ~1`). `S_i` comes from prefix and suffix sums, so it never contains `x_i`.
fn row_terms(xs: &[Interval]) -> Option<Vec<(Interval, Interval, Interval)>> {
    if xs.iter().any(|x| x.is_nan()) {
        return None;
    }
    let m = xs.iter().fold(-f64::MAX, |m, x| m.max(x.hi.min(f64::MAX)));
    let m = Interval::from_f64(m);
    let ds: Vec<Interval> = xs.iter().map(|x| x.sub(m)).collect();
    let es: Vec<Interval> = ds.iter().map(|d| d.exp()).collect();
    // bounded: the size of a host tensor that exists (an input, or its reduction)
    let mut suffix = vec![Interval::zero(); xs.len() + 1];
    for i in (0..xs.len()).rev() {
        suffix[i] = suffix[i + 1].add(es[i]);
    }
    let mut prefix = Interval::zero();
    // bounded: the size of a host tensor that exists (an input, or its reduction)
    let mut terms = Vec::with_capacity(xs.len());
    for (i, (&d, &e)) in ds.iter().zip(&es).enumerate() {
        terms.push((d, e, prefix.add(suffix[i + 1])));
        prefix = prefix.add(e);
    }
    Some(terms)
}

impl Scalar for Interval {
    const INTERVAL: bool = true;

    /// Not an enclosure: ops whose function has none refuse intervals first (`INTERVAL`).
    fn point(self, _f32: fn(f32) -> f32, _f64: fn(f64) -> f64) -> Self {
        NAN
    }
    const SIZE: usize = 16;

    /// The degenerate interval `[v, v]` (exact).
    fn from_f64(v: f64) -> Self {
        Interval::new(v, v)
    }
    /// The midpoint (`lo` for a degenerate interval, 0 for the whole line); it always lies
    /// in `[lo, hi]`: `RN(lo + hi)/2` is monotone, halves overflow-free otherwise.
    fn to_f64(self) -> f64 {
        if self.lo == self.hi {
            return self.lo;
        }
        if self.lo == -INF && self.hi == INF {
            return 0.0;
        }
        let s = self.lo + self.hi;
        if s.is_finite() {
            s * 0.5
        } else {
            self.lo * 0.5 + self.hi * 0.5
        }
    }
    fn bounds(self) -> (f64, f64) {
        (self.lo, self.hi)
    }
    /// `Some` only for `lo <= hi` with neither NaN.
    fn from_bounds(lo: f64, hi: f64) -> Option<Self> {
        (lo <= hi).then_some(Interval::new(lo, hi))
    }

    /// `[a.lo + b.lo, a.hi + b.hi]`, rounded down and up ([`add_dir`]): `+` is increasing
    /// in both arguments.
    fn add(self, o: Self) -> Self {
        if self.is_nan() || o.is_nan() {
            return NAN;
        }
        Interval::hull(add_dir(self.lo, o.lo).0, add_dir(self.hi, o.hi).1)
    }
    /// `[a.lo − b.hi, a.hi − b.lo]`, rounded down and up (negation is exact).
    fn sub(self, o: Self) -> Self {
        self.add(o.neg())
    }
    /// Four-corner rule: `x·y` is bilinear, so over a box its extremes lie at corners (as
    /// limits for infinite ones). The least corner product rounded down and the greatest
    /// rounded up enclose it; `0·inf` counts as 0, the value at every real point.
    fn mul(self, o: Self) -> Self {
        if self.is_nan() || o.is_nan() {
            return NAN;
        }
        let (mut lo, mut hi) = (INF, -INF);
        for a in [self.lo, self.hi] {
            for b in [o.lo, o.hi] {
                let (l, h) = mul_dir(a, b);
                lo = lo.min(l);
                hi = hi.max(h);
            }
        }
        Interval::new(lo, hi)
    }
    /// A divisor containing 0 (also `[0, 0]`) gives the whole line. Otherwise `x/y` is
    /// monotone in each argument on the box, so the corner quotients, rounded outward,
    /// enclose it. An `inf/inf` corner (NaN) is skipped: the neighbouring corners `inf/c`
    /// and `a/inf` already give the limits (±inf and 0) of the quotients near it.
    fn div(self, o: Self) -> Self {
        if self.is_nan() || o.is_nan() {
            return NAN;
        }
        if o.lo <= 0.0 && o.hi >= 0.0 {
            return Interval::ENTIRE;
        }
        let (mut lo, mut hi) = (f64::NAN, f64::NAN);
        for a in [self.lo, self.hi] {
            for b in [o.lo, o.hi] {
                let (l, h) = div_dir(a, b);
                lo = lo.min(l);
                hi = hi.max(h);
            }
        }
        Interval::hull(lo, hi)
    }
    /// Increasing on `[0, inf)`: endpoint values (IEEE sqrt is correctly rounded, so one
    /// step outward encloses the exact root; exact squares stay exact). Points below 0 are
    /// outside the domain and count as 0.
    fn sqrt(self) -> Self {
        self.monotone(sqrt_at)
    }
    /// `[-hi, -lo]` (exact).
    fn neg(self) -> Self {
        Interval::new(-self.hi, -self.lo)
    }
    /// Increasing: endpoint values, widened 2 ulps ([`exp_at`]).
    fn exp(self) -> Self {
        self.monotone(exp_at)
    }
    /// Increasing: endpoint values, widened 2 ulps. Points `<= 0` are outside the domain
    /// and count as the limit `-inf`: `lo <= 0` gives lower bound `-inf`, `hi <= 0` gives
    /// `[-inf, -inf]`.
    fn log(self) -> Self {
        self.monotone(log_at)
    }
    /// Increasing: endpoint values, widened 3 ulps, clamped to `[-1, 1]`.
    fn tanh(self) -> Self {
        self.monotone(tanh_at)
    }
    /// Increasing: endpoint values, widened 3 ulps ([`sigmoid_f`]), clamped to `[0, 1]`.
    fn sigmoid(self) -> Self {
        self.monotone(sigmoid_at)
    }
    /// `[max(lo, 0), max(hi, 0)]` (exact; `max(x, 0)` is non-decreasing).
    fn relu(self) -> Self {
        if self.is_nan() {
            return NAN;
        }
        Interval::new(self.lo.max(0.0), self.hi.max(0.0))
    }
    /// `g` where all of `x > 0`, `[0, 0]` where all of `x <= 0` (the derivative at 0 is 0,
    /// like PyTorch), else the hull of `g` and 0 — both values occur (exact).
    fn relu_grad(g: Self, x: Self) -> Self {
        if x.lo > 0.0 {
            g
        } else if x.hi <= 0.0 {
            Interval::zero()
        } else if g.is_nan() {
            NAN
        } else {
            Interval::new(g.lo.min(0.0), g.hi.max(0.0))
        }
    }
    /// * `e = 0`: `[1, 1]` (`x^0 = 1` everywhere); `e = 1`: the input.
    /// * integer `e`: `x^e` is monotone on `x <= 0` and on `x >= 0`, so for a zero-free input
    ///   (and for odd `e > 0`, increasing everywhere) the outward endpoint values enclose it.
    ///   With 0 inside: even `e > 0` gives `[0, max]`; even `e < 0` gives `[min, +inf]`;
    ///   odd `e < 0` the whole line.
    /// * other `e`: the domain is `x >= 0`; points below 0 are projected onto 0 (so the
    ///   input is `[max(lo, 0), max(hi, 0)]`), where `x^e` is increasing for `e > 0` and
    ///   decreasing for `e < 0` (`0^e = +inf`). Lower bound kept `>= 0`.
    ///
    /// Endpoint values come from [`pow_at`] (directed for `e = 2, -1`, else 2 ulps).
    fn powf(self, e: f64) -> Self {
        if self.is_nan() || e.is_nan() {
            return NAN;
        }
        if e == 0.0 {
            return Interval::from_f64(1.0);
        }
        if e == 1.0 {
            return self;
        }
        if e.fract() == 0.0 {
            let straddles = self.lo <= 0.0 && self.hi >= 0.0;
            let even = e % 2.0 == 0.0;
            if straddles && e < 0.0 && !even {
                return Interval::ENTIRE;
            }
            let (a, b) = (pow_at(self.lo, e), pow_at(self.hi, e));
            return match (straddles, even, e > 0.0) {
                (true, true, true) => Interval::hull(0.0, a.1.max(b.1)),
                (true, true, false) => Interval::hull(a.0.min(b.0), INF),
                _ => Interval::hull(a.0.min(b.0), a.1.max(b.1)),
            };
        }
        let (a, b) = (pow_at(self.lo.max(0.0), e), pow_at(self.hi.max(0.0), e));
        let (lo, hi) = if e > 0.0 { (a.0, b.1) } else { (b.0, a.1) };
        Interval::hull(lo.max(0.0), hi)
    }

    /// `softmax_i = 1/(1 + S_i/E_i)` with `E_i = exp(x_i − m)` and `S_i` the sum of the
    /// others' ([`row_terms`]): the same real as `1/Σ_j exp(x_j − x_i)` with the `j = i`
    /// term exactly 1. `x_i` occurs only in `E_i` and `S_i` is independent of it; the
    /// expression decreases in `S_i` and increases in `E_i`, so its corners, rounded
    /// outward step by step, enclose it. Clamped to `[0, 1]`.
    fn softmax_row(xs: &[Self], out: &mut [Self]) {
        let Some(terms) = row_terms(xs) else {
            out.fill(NAN);
            return;
        };
        for (o, (_, e, s)) in out.iter_mut().zip(terms) {
            // S_i / E_i, with 0/0 = 0 (S_i = 0 means softmax_i = 1 whatever E_i).
            let ratio = |a: f64, b: f64| if a == 0.0 { (0.0, 0.0) } else { div_dir(a, b) };
            let (r_lo, r_hi) = (ratio(s.lo, e.hi).0, ratio(s.hi, e.lo).1);
            let lo = div_dir(1.0, add_dir(1.0, r_hi).1).0;
            let hi = div_dir(1.0, add_dir(1.0, r_lo).0).1;
            *o = Interval::hull(lo.max(0.0), hi.min(1.0));
        }
    }

    /// `log_softmax_i = −log Σ_j exp(x_j − x_i) = −softplus(log S_i − D_i)` with
    /// `D_i = x_i − m` ([`row_terms`]): the `j = i` term is exactly 1, `log S_i` and `D_i`
    /// are independent, and softplus is increasing, so `−softplus` at the ends of the
    /// enclosure of `log S_i − D_i` encloses it; no exponential can overflow. The upper
    /// bound is clamped to `<= 0`.
    fn log_softmax_row(xs: &[Self], out: &mut [Self]) {
        let Some(terms) = row_terms(xs) else {
            out.fill(NAN);
            return;
        };
        for (o, (d, _, s)) in out.iter_mut().zip(terms) {
            let z = s.log().sub(d);
            *o = Interval::hull(-softplus_at(z.hi).1, (-softplus_at(z.lo).0).min(0.0));
        }
    }
}

#[cfg(test)]
#[path = "interval_tests.rs"]
mod tests;
