//! Soundness tests of the interval carrier (random intervals and points, exact references).
use super::*;
use std::cmp::Ordering;

fn iv(lo: f64, hi: f64) -> Interval {
    Interval { lo, hi }
}

/// xorshift64: deterministic, no dependencies.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
    fn unit(&mut self) -> f64 {
        self.below(1 << 53) as f64 / (1u64 << 53) as f64
    }
    /// 0, a small integer, or a random mantissa times `±2^[-scale, scale]`.
    fn num(&mut self, scale: i32) -> f64 {
        let sign = if self.below(2) == 0 { -1.0 } else { 1.0 };
        let k = self.below(2 * scale as u64 + 1) as i32 - scale;
        match self.below(8) {
            0 => 0.0,
            1 => sign * self.below(5) as f64,
            _ => sign * (1.0 + self.unit()) * 2f64.powi(k),
        }
    }
    /// Degenerate, a few ulps wide, straddling 0, or arbitrary.
    fn interval(&mut self, scale: i32) -> Interval {
        let (a, b) = (self.num(scale), self.num(scale));
        match self.below(5) {
            0 => iv(a, a),
            1 => iv(a, (0..=self.below(4)).fold(a, |x, _| x.next_up())),
            2 => iv(-a.abs(), b.abs()),
            _ => iv(a.min(b), a.max(b)),
        }
    }
    /// An endpoint or an interior point of `x`.
    fn point(&mut self, x: Interval) -> f64 {
        match self.below(4) {
            0 => x.lo,
            1 => x.hi,
            _ => (x.lo + self.unit() * (x.hi - x.lo)).clamp(x.lo, x.hi),
        }
    }
}

/// Exact `a + b = s + e` (TwoSum).
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let (s, t) = (a + b, a + b - a);
    (s, (a - (s - t)) + (b - t))
}

/// Exact `a · b = p + e` by Dekker's product (Veltkamp splitting; no fma).
fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let split = |x: f64| (134217729.0 * x - (134217729.0 * x - x), x);
    let ((ah, a0), (bh, b0)) = (split(a), split(b));
    let (al, bl, p) = (a0 - ah, b0 - bh, a * b);
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

/// The exact `s + e` (`|e|` at most half an ulp of `s`) compared with the double `c`.
fn cmp_dd(s: f64, e: f64, c: f64) -> Ordering {
    if s != c {
        s.partial_cmp(&c).unwrap()
    } else {
        e.partial_cmp(&0.0).unwrap()
    }
}

/// Whether `r` contains the exact real `s + e`.
fn holds(r: Interval, s: f64, e: f64) -> bool {
    cmp_dd(s, e, r.lo).is_ge() && cmp_dd(s, e, r.hi).is_le()
}

/// Whether `r` contains the exact real `a / b`, from exact products `bound · b`.
fn holds_quot(r: Interval, a: f64, b: f64) -> bool {
    let side = |c: f64, below: bool| {
        if c.is_infinite() {
            return (c < 0.0) == below;
        }
        let (p, e) = two_prod(c, b);
        let o = cmp_dd(p, e, a);
        o.is_eq() || (o.is_lt() == (b > 0.0)) == below
    };
    side(r.lo, true) && side(r.hi, false)
}

fn assert_in(r: Interval, v: f64, what: &str) {
    assert!(r.lo <= r.hi && r.contains(v), "{what}: {v:e} not in {r:?}");
}

const N: usize = 3000;

#[test]
fn arithmetic_encloses_exact_results() {
    let mut rng = Rng(0x9e3779b97f4a7c15);
    for _ in 0..N {
        let (x, y) = (rng.interval(30), rng.interval(30));
        let (sum, dif, prod, quot) = (x.add(y), x.sub(y), x.mul(y), x.div(y));
        let zero_free = y.lo > 0.0 || y.hi < 0.0;
        assert!(zero_free || quot == Interval::ENTIRE);
        for _ in 0..6 {
            let (a, b) = (rng.point(x), rng.point(y));
            let ((s, e), (d, f), (p, g)) = (two_sum(a, b), two_sum(a, -b), two_prod(a, b));
            assert!(holds(sum, s, e), "{x:?} + {y:?} at {a}, {b}: {sum:?}");
            assert!(holds(dif, d, f), "{x:?} - {y:?} at {a}, {b}: {dif:?}");
            assert!(holds(prod, p, g), "{x:?} * {y:?} at {a}, {b}: {prod:?}");
            assert!(
                !zero_free || holds_quot(quot, a, b),
                "{x:?} / {y:?} at {a}, {b}"
            );
            assert_in(sum, a + b, "add");
            assert_in(prod, a * b, "mul");
            if zero_free {
                assert_in(quot, a / b, "div");
            }
        }
        // The bounds are the directed roundings of the extreme sums: nothing wider.
        let (s, e) = two_sum(x.lo, y.lo);
        assert!(sum.lo == s || (sum.lo == s.next_down() && e < 0.0));
        let (s, e) = two_sum(x.hi, y.hi);
        assert!(sum.hi == s || (sum.hi == s.next_up() && e > 0.0));
    }
}

#[test]
fn arithmetic_rounds_outward_only_when_inexact() {
    // 0.1 + 0.2 rounds to 0.30000000000000004, above the exact sum of the two doubles
    // (0.3000000000000000166…), which lies above the double 0.3.
    let r = iv(0.1, 0.1).add(iv(0.2, 0.2));
    assert!(0.1 + 0.2 != 0.3 && r.contains(0.1 + 0.2));
    assert!(r.lo == 0.3 && r.hi == 0.3f64.next_up());
    let tiny = 2f64.powi(-60);
    assert_eq!(iv(1.0, 1.0).add(iv(tiny, tiny)), iv(1.0, 1.0f64.next_up()));
    assert_eq!(iv(1.0, 1.0).add(iv(2.0, 2.0)), iv(3.0, 3.0));
    assert_eq!(iv(1.0, 2.0).sub(iv(1.0, 2.0)), iv(-1.0, 1.0));
    assert_eq!(iv(3.0, 3.0).mul(iv(-0.5, -0.5)), iv(-1.5, -1.5));
    assert_eq!(iv(6.0, 6.0).div(iv(3.0, 3.0)), iv(2.0, 2.0));
    let (p, q) = (
        iv(0.1, 0.1).mul(iv(3.0, 3.0)),
        iv(1.0, 1.0).div(iv(3.0, 3.0)),
    );
    assert!(p.hi == p.lo.next_up() && q.hi == q.lo.next_up());
    for y in [iv(0.0, 0.0), iv(-1.0, 3.0), iv(0.0, 3.0), iv(-2.0, 0.0)] {
        assert_eq!(iv(1.0, 2.0).div(y), Interval::ENTIRE);
    }
}

#[test]
fn infinities_make_no_nan() {
    let (whole, pos, neg) = (Interval::ENTIRE, iv(0.0, INF), iv(-INF, 0.0));
    let big = iv(f64::MAX, f64::MAX);
    let some = [
        whole,
        pos,
        neg,
        big,
        iv(0.0, 0.0),
        iv(-1.0, 2.0),
        iv(-3.0, -2.0),
    ];
    let more = [iv(INF, INF), iv(-INF, -INF), iv(1.0, INF), iv(-INF, 1.0)];
    for &x in some.iter().chain(&more) {
        for &y in some.iter().chain(&more) {
            for r in [x.add(y), x.sub(y), x.mul(y), x.div(y)] {
                assert!(r.lo <= r.hi, "{x:?} {y:?} -> {r:?}");
            }
        }
    }
    assert_eq!(iv(0.0, 0.0).mul(whole), iv(0.0, 0.0));
    assert_eq!(pos.mul(neg), neg);
    assert_eq!(iv(1.0, INF).div(iv(1.0, INF)), pos);
    assert_eq!(big.add(big), iv(f64::MAX, INF));
    assert_eq!(big.mul(big), iv(f64::MAX, INF));
    assert_eq!(whole.exp(), pos);
}

type UnaryOp = fn(Interval) -> Interval;

/// `op` against `f` (std, within 1 ulp) at random points of random intervals.
fn check_unary(op: UnaryOp, f: fn(f64) -> f64, scale: i32, seed: u64) {
    let mut rng = Rng(seed);
    for _ in 0..N {
        let x = rng.interval(scale);
        let r = op(x);
        for _ in 0..8 {
            let a = rng.point(x);
            if !f(a).is_nan() {
                assert_in(r, f(a), &format!("{x:?} at {a:e}"));
            }
        }
    }
}

/// `1/(1 + e^-x)` or `e^x/(1 + e^x)` with std's `exp`, the quotient corrected with its
/// exact remainder (a reference within ~1.5 ulps).
fn sigmoid_ref(x: f64) -> f64 {
    let t = (-x.abs()).exp();
    let n = if x > 0.0 { 1.0 } else { t };
    let (u, ul) = two_sum(1.0, t);
    let q = n / u;
    q + ((-q).mul_add(u, n) - q * ul) / u
}

#[test]
fn elementwise_functions_enclose_point_values() {
    check_unary(Interval::exp, f64::exp, 10, 1);
    check_unary(Interval::log, f64::ln, 30, 2);
    check_unary(Interval::tanh, f64::tanh, 6, 3);
    check_unary(Interval::sigmoid, sigmoid_ref, 10, 4);
    check_unary(Interval::neg, |x| -x, 30, 5);
    check_unary(Interval::relu, |x| x.max(0.0), 30, 6);
    for x in [
        -745.5, -740.0, -709.0, 709.5, 710.0, -40.0, 40.0, 1e-300, -1e-300,
    ] {
        let p = iv(x, x);
        assert_in(p.exp(), x.exp(), "exp tail");
        assert_in(p.sigmoid(), sigmoid_ref(x), "sigmoid tail");
        assert_in(p.tanh(), x.tanh(), "tanh tail");
    }
    assert!(iv(-800.0, -800.0).sigmoid().hi > 0.0);
}

#[test]
fn elementwise_functions_are_tight_widened_and_clamped() {
    let (e, l) = (iv(1.0, 1.0).exp(), iv(2.0, 2.0).log());
    assert!(e.lo < std::f64::consts::E && std::f64::consts::E < e.hi);
    assert!(l.lo < std::f64::consts::LN_2 && std::f64::consts::LN_2 < l.hi);
    // A point's enclosure is at most 2k ulps wide (k = 2 for exp, log, pow; 3 for tanh,
    // sigmoid), and more than a point unless the value is exact.
    let mut rng = Rng(99);
    let ops: [(UnaryOp, f64); 5] = [
        (Interval::exp, 2.0),
        (Interval::log, 2.0),
        (|x| x.powf(0.37), 2.0),
        (Interval::tanh, 3.0),
        (Interval::sigmoid, 3.0),
    ];
    for (op, k) in ops {
        for _ in 0..N {
            let v = rng.num(6);
            let v = match v.abs() {
                0.0 | 1.0 => 0.75,
                a => a,
            };
            let r = op(iv(v, v));
            let ulps = (r.hi - r.lo) / ulp(r.lo.abs().max(r.hi.abs()));
            assert!(0.0 < ulps && ulps <= 2.0 * k, "{v}: {r:?} is {ulps} ulps");
        }
    }
    // Across a binade: a real within 2 ulps of 1 − 2⁻⁵³ may reach 1 + 3·2⁻⁵³ (its ulps
    // are 2⁻⁵² above 1); within 2 ulps (of 1) of 1, it may reach 1 − 2⁻⁵¹.
    let (one, tiny) = (1.0f64, 2f64.powi(-53));
    assert_eq!(
        enclose(|_| 1f64.next_down(), 0.0, false, 2.0).1,
        one + 4.0 * tiny
    );
    assert_eq!(
        enclose(|_| 1.0, 0.0, false, 2.0),
        (one - 4.0 * tiny, one + 4.0 * tiny)
    );
    assert_eq!(enclose(|_| -1.0, 0.0, false, 2.0).0, -one - 4.0 * tiny);
    assert_eq!(iv(0.0, 0.0).exp(), iv(1.0, 1.0));
    assert_eq!(iv(1.0, 1.0).log(), iv(0.0, 0.0));
    assert_eq!(iv(0.0, 0.0).sigmoid(), iv(0.5, 0.5));
    assert_eq!(iv(0.0, 0.0).tanh(), iv(0.0, 0.0));
    assert!(iv(30.0, 1e300).tanh().hi == 1.0 && iv(-1e300, -30.0).tanh().lo == -1.0);
    assert_eq!(iv(-1e300, 1e300).sigmoid(), iv(0.0, 1.0));
    assert_eq!(iv(-1.0, 2.0).log().lo, -INF);
    assert_eq!(iv(-2.0, -1.0).log(), iv(-INF, -INF));
    assert_eq!(iv(-1.0, 0.0).log(), iv(-INF, -INF));
    assert!(Interval::from_f64(f64::NAN).exp().is_nan());
    assert!(iv(1.0, 1.0).add(Interval::from_f64(f64::NAN)).is_nan());
}

#[test]
fn relu_and_relu_grad() {
    assert_eq!(iv(-2.0, 3.0).relu(), iv(0.0, 3.0));
    assert_eq!(iv(-2.0, -1.0).relu(), iv(0.0, 0.0));
    let (g, rg) = (iv(-1.5, 2.5), Interval::relu_grad);
    assert_eq!(
        (rg(g, iv(0.1, 1.0)), rg(g, iv(-1.0, 0.0))),
        (g, iv(0.0, 0.0))
    );
    assert_eq!(rg(iv(1.0, 2.0), iv(-1.0, 1.0)), iv(0.0, 2.0));
    assert_eq!(rg(iv(-2.0, -1.0), iv(0.0, 1.0)), iv(-2.0, 0.0));
    let mut rng = Rng(77);
    for _ in 0..N {
        let (g, x) = (rng.interval(10), rng.interval(10));
        let r = Interval::relu_grad(g, x);
        for _ in 0..6 {
            let (a, b) = (rng.point(g), rng.point(x));
            assert_in(r, if b > 0.0 { a } else { 0.0 }, "relu_grad");
        }
    }
}

#[test]
fn powf_encloses_point_values() {
    let mut rng = Rng(0xfeed);
    for e in [
        0.0, 1.0, 2.0, 3.0, 4.0, 5.0, -1.0, -2.0, -3.0, 0.5, 1.5, -0.5, 2.5, 0.3,
    ] {
        for _ in 0..N {
            let x = rng.interval(8);
            let r = x.powf(e);
            for _ in 0..6 {
                let a = rng.point(x);
                if e.fract() != 0.0 && a < 0.0 {
                    continue; // outside the domain
                }
                let (p, err) = two_prod(a, a);
                assert!(e != 2.0 || holds(r, p, err), "{x:?}^2 at {a}: {r:?}");
                assert_in(r, a.powf(e), &format!("{x:?}^{e} at {a:e}"));
            }
        }
    }
    assert_eq!(iv(-2.0, 3.0).powf(2.0), iv(0.0, 9.0));
    assert_eq!(iv(-3.0, -2.0).powf(2.0), iv(4.0, 9.0));
    assert_eq!(iv(-2.0, 3.0).powf(-1.0), Interval::ENTIRE);
    assert_eq!(iv(-2.0, 3.0).powf(-2.0).hi, INF);
    assert_eq!(iv(-4.0, -1.0).powf(0.5), iv(0.0, 0.0));
    assert_eq!(iv(0.0, 4.0).powf(-0.5).hi, INF);
    assert_eq!(iv(-5.0, 5.0).powf(0.0), iv(1.0, 1.0));
    let q = iv(2.0, 2.0).powf(0.5);
    assert!(q.contains(std::f64::consts::SQRT_2) && q.hi - q.lo <= 4.0 * ulp(1.0));
}

/// Accurate references: `softmax_i = 1/Σ_j exp(x_j − x_i)` and
/// `log_softmax_i = −log1p(Σ_{j≠i} exp(x_j − x_i))`, with exact differences (TwoSum).
fn softmax_refs(xs: &[f64]) -> Vec<(f64, f64)> {
    let t = |i: usize| -> f64 {
        let term = |j: usize| {
            let (d, e) = two_sum(xs[j], -xs[i]);
            (j != i) as u8 as f64 * d.exp() * (1.0 + e)
        };
        (0..xs.len()).map(term).sum()
    };
    let refs = |i: usize| (1.0 / (1.0 + t(i)), -t(i).ln_1p());
    (0..xs.len()).map(refs).collect()
}

/// `r` contains `v` up to the reference's own error (8 ulps).
fn near(r: Interval, v: f64) -> bool {
    let slack = 8.0 * f64::EPSILON * v.abs() + 1e-300;
    r.lo - slack <= v && v <= r.hi + slack
}

fn rows(xs: &[Interval]) -> (Vec<Interval>, Vec<Interval>) {
    let (mut s, mut l) = (vec![NAN; xs.len()], vec![NAN; xs.len()]);
    Interval::softmax_row(xs, &mut s);
    Interval::log_softmax_row(xs, &mut l);
    (s, l)
}

#[test]
fn softmax_rows_enclose_points() {
    let mut rng = Rng(0xabcdef);
    for _ in 0..N / 3 {
        let xs: Vec<Interval> = (0..1 + rng.below(6)).map(|_| rng.interval(4)).collect();
        let (s, l) = rows(&xs);
        for _ in 0..6 {
            let pts: Vec<f64> = xs.iter().map(|&x| rng.point(x)).collect();
            for (i, (ps, pl)) in softmax_refs(&pts).into_iter().enumerate() {
                let (si, li) = (s[i], l[i]);
                assert!(si.lo >= 0.0 && si.hi <= 1.0 && li.hi <= 0.0);
                assert!(
                    near(si, ps) && near(li, pl),
                    "{xs:?} at {pts:?}: {si:?} {li:?}"
                );
            }
        }
    }
}

#[test]
fn softmax_rows_of_points_are_tight_and_consistent() {
    let mut rng = Rng(4242);
    for _ in 0..300 {
        let pts: Vec<f64> = (0..1 + rng.below(8)).map(|_| rng.num(3)).collect();
        let xs: Vec<Interval> = pts.iter().map(|&x| Interval::from_f64(x)).collect();
        let (s, l) = rows(&xs);
        // Sound identities, no reference needed: the exact softmax sums to 1, and
        // exp(log_softmax) is the softmax.
        let total = s.iter().fold(Interval::zero(), |t, &v| t.add(v));
        assert!(total.contains(1.0), "{s:?}");
        for (i, (ps, pl)) in softmax_refs(&pts).into_iter().enumerate() {
            let (si, li, el) = (s[i], l[i], l[i].exp());
            assert!(el.lo <= si.hi && si.lo <= el.hi, "{si:?} {li:?}");
            assert!(si.hi - si.lo < 1e-12 && li.hi - li.lo < 1e-12);
            assert!(near(si, ps) && near(li, pl), "{pts:?}: {si:?} {li:?}");
        }
    }
    // A one-element row is exactly 1 (log 0); far-apart logits stay tight in log space.
    let (s, l) = rows(&[iv(5.0, 7.0)]);
    assert!(s[0] == iv(1.0, 1.0) && l[0].lo == 0.0 && l[0].hi == 0.0);
    let (s, l) = rows(&[iv(0.0, 0.0), iv(-1000.0, -1000.0)]);
    assert!(l[1].contains(-1000.0) && l[1].hi - l[1].lo < 1e-9, "{l:?}");
    assert!(
        s[1].lo == 0.0 && s[1].hi < 1e-300 && s[0].lo > 1.0 - 1e-15,
        "{s:?}"
    );
    let (s, _) = rows(&[iv(0.0, 0.0), NAN]);
    assert!(s[0].is_nan() && s[1].is_nan());
}

#[test]
fn bounds_conversions() {
    assert_eq!(Interval::from_f64(0.1), iv(0.1, 0.1));
    assert_eq!((iv(1.0, 3.0).to_f64(), iv(0.1, 0.1).to_f64()), (2.0, 0.1));
    assert_eq!(iv(-f64::MAX, f64::MAX).to_f64(), 0.0);
    assert!(iv(f64::MAX.next_down(), f64::MAX).to_f64() >= f64::MAX.next_down());
    assert_eq!(Interval::ENTIRE.to_f64(), 0.0);
    assert_eq!(iv(-1.0, 2.0).bounds(), (-1.0, 2.0));
    assert_eq!(Interval::from_bounds(-1.0, 2.0), Some(iv(-1.0, 2.0)));
    assert_eq!(Interval::from_bounds(2.0, -1.0), None);
    assert_eq!(Interval::from_bounds(f64::NAN, 1.0), None);
    assert_eq!(Interval::from_bounds(0.0, f64::NAN), None);
}
