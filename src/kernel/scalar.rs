//! The element types of the reference backend and their arithmetic.
//!
//! * `f32` (the `ieee32` carrier and reference `float32`): IEEE binary32. `+ - * /` are
//!   correctly rounded (round to nearest even), so they are bit-identical to LibTorch's
//!   float32 kernels; `exp log tanh` come from the pure-Rust `libm` crate, so results are
//!   the same on every machine.
//! * `f64` (reference `float64`): the same in binary64.
//! * `Interval` (`backend/reference/interval.rs`): outward-rounded float64 intervals.

use std::fmt::Debug;

pub trait Scalar: Copy + Debug + Send + Sync + 'static {
    /// Bytes per element, for the ledger.
    const SIZE: usize;
    /// An enclosure type (its functions must enclose the exact result, not round it).
    const INTERVAL: bool = false;

    /// `f` at a point value, given in both precisions (for `libm`'s `f32` and `f64`
    /// functions). Only for the point types: an op whose function has no sound enclosure
    /// refuses intervals before it gets here (`INTERVAL`); an interval gives NaN.
    fn point(self, f32: fn(f32) -> f32, f64: fn(f64) -> f64) -> Self;

    /// The value nearest to `v` (round to nearest even); for intervals, `[v, v]`.
    fn from_f64(v: f64) -> Self;
    /// The value as a float64 (for intervals, the midpoint).
    fn to_f64(self) -> f64;
    /// `(lo, hi)`; a point value `x` is `(x, x)`.
    fn bounds(self) -> (f64, f64);
    /// A value from bounds; `None` when this type cannot hold them (`lo != hi` for a point
    /// type, `lo > hi` or NaN for an interval).
    fn from_bounds(lo: f64, hi: f64) -> Option<Self>;

    fn zero() -> Self {
        Self::from_f64(0.0)
    }
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self) -> Self;
    fn neg(self) -> Self;
    fn exp(self) -> Self;
    fn log(self) -> Self;
    fn tanh(self) -> Self;
    fn sigmoid(self) -> Self;
    fn relu(self) -> Self;
    /// `g` where `x > 0`, else 0 (for intervals, an enclosure over every point of `x`).
    fn relu_grad(g: Self, x: Self) -> Self;
    fn powf(self, e: f64) -> Self;
    /// Square root (correctly rounded for the float types).
    fn sqrt(self) -> Self;

    /// Softmax of one row, written into `out`.
    fn softmax_row(xs: &[Self], out: &mut [Self]) {
        let m = xs.iter().fold(f64::NEG_INFINITY, |m, x| m.max(x.to_f64()));
        let m = Self::from_f64(m);
        let mut total = Self::zero();
        for (o, &x) in out.iter_mut().zip(xs) {
            *o = x.sub(m).exp();
            total = total.add(*o);
        }
        for o in out.iter_mut() {
            *o = o.div(total);
        }
    }

    /// Log-softmax of one row, written into `out`.
    fn log_softmax_row(xs: &[Self], out: &mut [Self]) {
        let m = xs.iter().fold(f64::NEG_INFINITY, |m, x| m.max(x.to_f64()));
        let m = Self::from_f64(m);
        let mut total = Self::zero();
        for &x in xs {
            total = total.add(x.sub(m).exp());
        }
        let lse = total.log();
        for (o, &x) in out.iter_mut().zip(xs) {
            *o = x.sub(m).sub(lse);
        }
    }
}

macro_rules! float_scalar {
    ($t:ty, $exp:path, $log:path, $tanh:path, $point:expr) => {
        impl Scalar for $t {
            const SIZE: usize = std::mem::size_of::<$t>();

            fn point(self, f32: fn(f32) -> f32, f64: fn(f64) -> f64) -> Self {
                $point(self, f32, f64)
            }
            fn from_f64(v: f64) -> Self {
                v as $t
            }
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn bounds(self) -> (f64, f64) {
                (self as f64, self as f64)
            }
            fn from_bounds(lo: f64, hi: f64) -> Option<Self> {
                (lo == hi).then_some(lo as $t)
            }
            fn add(self, o: Self) -> Self {
                self + o
            }
            fn sub(self, o: Self) -> Self {
                self - o
            }
            fn mul(self, o: Self) -> Self {
                self * o
            }
            fn div(self, o: Self) -> Self {
                self / o
            }
            fn neg(self) -> Self {
                -self
            }
            fn exp(self) -> Self {
                $exp(self)
            }
            fn log(self) -> Self {
                $log(self)
            }
            fn tanh(self) -> Self {
                $tanh(self)
            }
            fn sigmoid(self) -> Self {
                1.0 / (1.0 + $exp(-self))
            }
            fn relu(self) -> Self {
                // NaN propagates, as in LibTorch.
                if self > 0.0 || self.is_nan() {
                    self
                } else {
                    0.0
                }
            }
            fn relu_grad(g: Self, x: Self) -> Self {
                if x > 0.0 {
                    g
                } else {
                    0.0
                }
            }
            fn sqrt(self) -> Self {
                <$t>::sqrt(self)
            }
            /// torch's `pow(Tensor, Scalar)`: exponents 0.5, -0.5 and -1 are sqrt, 1/sqrt and
            /// a reciprocal, 2, 3 and -2 are products, in this type; any other exponent is C's
            /// `pow` in double precision (the exponent is never rounded to this type first),
            /// rounded once to this type.
            fn powf(self, e: f64) -> Self {
                match e {
                    0.5 => <$t>::sqrt(self),
                    -0.5 => 1.0 / <$t>::sqrt(self),
                    -1.0 => 1.0 / self,
                    2.0 => self * self,
                    3.0 => self * self * self,
                    -2.0 => 1.0 / (self * self),
                    _ => libm::pow(self as f64, e) as $t,
                }
            }
        }
    };
}

float_scalar!(f32, libm::expf, libm::logf, libm::tanhf, point_f32);
float_scalar!(f64, libm::exp, libm::log, libm::tanh, point_f64);

fn point_f32(x: f32, f: fn(f32) -> f32, _: fn(f64) -> f64) -> f32 {
    f(x)
}

fn point_f64(x: f64, _: fn(f32) -> f32, f: fn(f64) -> f64) -> f64 {
    f(x)
}

/// `max`/`min` of two values, NaN if either is (torch's `maximum`); for intervals, the
/// bound-wise extremum, which encloses it at every pair of points.
pub fn extremum<S: Scalar>(a: S, b: S, pick: fn(f64, f64) -> f64) -> S {
    let ((al, ah), (bl, bh)) = (a.bounds(), b.bounds());
    if al.is_nan() || ah.is_nan() || bl.is_nan() || bh.is_nan() {
        return S::from_f64(f64::NAN);
    }
    // Point types: the picked operand itself (its exact value, no rounding).
    let (lo, hi) = (pick(al, bl), pick(ah, bh));
    S::from_bounds(lo, hi).unwrap_or(if pick(al, bl) == al { a } else { b })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f32_arithmetic_rounds_to_nearest_even() {
        // 1 + 2^-24 is a tie between 1 and 1 + 2^-23: nearest even is 1.
        assert_eq!(1.0f32.add(f32::from_f64(2f64.powi(-24))), 1.0);
        assert_eq!(f32::from_f64(0.1), 0.1f32);
    }

    #[test]
    fn softmax_rows_sum_to_one_and_log_softmax_matches() {
        let xs = [1.0f64, 2.0, 3.0];
        let (mut s, mut l) = ([0.0; 3], [0.0; 3]);
        f64::softmax_row(&xs, &mut s);
        f64::log_softmax_row(&xs, &mut l);
        assert!((s.iter().sum::<f64>() - 1.0).abs() < 1e-15);
        for i in 0..3 {
            assert!((l[i].exp() - s[i]).abs() < 1e-15);
        }
    }

    #[test]
    fn point_types_refuse_proper_bounds() {
        assert_eq!(f64::from_bounds(1.0, 1.0), Some(1.0));
        assert_eq!(f64::from_bounds(1.0, 2.0), None);
    }
}
