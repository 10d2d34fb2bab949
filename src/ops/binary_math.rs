//! Pointwise math functions of two broadcast tensors beyond `+ - * /`: `pow` with a tensor
//! exponent, floor division (`//`), `remainder` (`%`), `atan2`, `hypot`, `fmod`, `logaddexp`,
//! `logaddexp2`, `xlogy`, and IEEE 754's `fmax`, `fmin` (NaN-ignoring) and `copysign`, units of the binary family (see `binary.rs`; derivatives as torch's
//! `derivatives.yaml`). `clamp` with tensor bounds is `clamp.rs`. `x // s` and `x % s` with
//! a Python number are units of the scalar family (`scalar.rs`).
//! Their reference element functions are for the point carriers; intervals refuse them.

use tch::Tensor;

use super::pointwise::{
    complement, eq_number, lt_number, number_like, BinaryFn, GtMask, ScalarFn, ZeroWhere,
};
use super::unary::Log;
use crate::backend::{Backend, BinaryKernel, ScalarKernel};
use crate::error::Result;
use crate::kernel::Scalar;
use crate::ops::Arith;

/// `a ** b` elementwise.
pub struct Pow;
/// `a // b`: torch's `div(rounding_mode="floor")`.
pub struct FloorDivide;
/// `a % b`: torch's `remainder` (the sign of `b`).
pub struct Remainder;
/// `trunc(a / b)`: torch's `div(rounding_mode="trunc")` (no public name of its own).
pub struct TruncDivide;
/// `atan2(a, b)`: the angle of the point `(b, a)`.
pub struct Atan2;
/// `hypot(a, b) = √(a² + b²)` without overflow.
pub struct Hypot;
/// `fmod(a, b)`: the remainder with the sign of `a` (C's `fmod`).
pub struct Fmod;
/// `logaddexp(a, b) = log(eᵃ + eᵇ)`.
pub struct LogAddExp;
/// `xlogy(a, b) = a · log b`, 0 where `a == 0` (unless `b` is NaN).
pub struct Xlogy;
/// `logaddexp2(a, b) = log₂(2ᵃ + 2ᵇ)`.
pub struct LogAddExp2;
/// `fmax(a, b)`: the larger, a NaN operand ignored (NaN only where both are).
pub struct Fmax;
/// `fmin(a, b)`: the smaller, a NaN operand ignored (NaN only where both are).
pub struct Fmin;
/// `copysign(a, b)`: `|a|` with the sign of `b` (of a signed zero and of NaN too).
pub struct Copysign;

fn point2<S: Scalar>(f: fn(S, S) -> S) -> Option<fn(S, S) -> S> {
    (!S::INTERVAL).then_some(f)
}

/// A value of a point type from a float64 computed from its exact operands.
fn from<S: Scalar>(v: f64) -> S {
    S::from_f64(v)
}

/// torch's `div_floor_floating`: the floor of `a / b` computed through `fmod`, so that it
/// is exact where `a / b` rounds across an integer.
pub(crate) fn div_floor(a: f64, b: f64) -> f64 {
    if b == 0.0 {
        return a / b;
    }
    let m = libm::fmod(a, b);
    let mut div = (a - m) / b;
    if m != 0.0 && (b < 0.0) != (m < 0.0) {
        div -= 1.0;
    }
    if div == 0.0 {
        return (0.0f64).copysign(a / b);
    }
    let mut floor = div.floor();
    if div - floor > 0.5 {
        floor += 1.0;
    }
    floor
}

/// torch's `remainder`: `fmod`, moved into the sign of `b`.
pub(crate) fn remainder(a: f64, b: f64) -> f64 {
    let m = libm::fmod(a, b);
    if m != 0.0 && (b < 0.0) != (m < 0.0) {
        m + b
    } else {
        m
    }
}

/// `x // s` for a Python number `s`: torch's `floor_divide` with a wrapped number, which a
/// 16-bit `x` divides by `s` in float32 (not by `s` rounded to the 16-bit dtype).
pub struct FloorDivideScalar;
/// `x % s` for a Python number `s`, likewise.
pub struct RemainderScalar;

impl ScalarKernel for FloorDivideScalar {
    const NAME: &'static str = "floor_divide";
    const HAS_OUT: bool = false;
    fn torch(x: &Tensor, s: f64) -> Result<Tensor> {
        Ok(x.f_floor_divide_scalar(s)?)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
        (!S::INTERVAL).then_some(|x: S, s| from(div_floor(x.to_f64(), S::from_f64(s).to_f64())))
    }
}

impl ScalarFn for FloorDivideScalar {
    // piecewise constant: no gradient (torch's zeros)
    fn grad<B: Backend>(g: &B::T, _: &B::T, _: &B::T, _: f64) -> Result<Option<B::T>> {
        B::mul_scalar(g, 0.0).map(Some)
    }
}

impl ScalarKernel for RemainderScalar {
    const NAME: &'static str = "remainder";
    const HAS_OUT: bool = false;
    fn torch(x: &Tensor, s: f64) -> Result<Tensor> {
        Ok(x.f_remainder(s)?)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
        (!S::INTERVAL).then_some(|x: S, s| from(remainder(x.to_f64(), S::from_f64(s).to_f64())))
    }
}

impl ScalarFn for RemainderScalar {
    // d(x % s)/dx = 1
    fn grad<B: Backend>(_: &B::T, _: &B::T, _: &B::T, _: f64) -> Result<Option<B::T>> {
        Ok(None)
    }
}

impl BinaryKernel for Pow {
    const NAME: &'static str = "pow";
    fn torch(a: &Tensor, b: &Tensor) -> Result<Tensor> {
        Ok(a.f_pow(b)?)
    }
    fn torch_out(a: &Tensor, b: &Tensor, out: &mut Tensor) -> Result<bool> {
        drop(a.f_pow_tensor_tensor_out(out, b)?);
        Ok(true)
    }
    fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
        point2(|a: S, b: S| from(libm::pow(a.to_f64(), b.to_f64())))
    }
}

impl BinaryKernel for FloorDivide {
    const NAME: &'static str = "floor_divide";
    fn torch(a: &Tensor, b: &Tensor) -> Result<Tensor> {
        Ok(a.f_div_tensor_mode(b, "floor")?)
    }
    fn torch_out(a: &Tensor, b: &Tensor, out: &mut Tensor) -> Result<bool> {
        drop(a.f_div_out_mode(out, b, "floor")?);
        Ok(true)
    }
    fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
        point2(|a: S, b: S| from(div_floor(a.to_f64(), b.to_f64())))
    }
}

impl BinaryKernel for TruncDivide {
    const NAME: &'static str = "div";
    fn torch(a: &Tensor, b: &Tensor) -> Result<Tensor> {
        Ok(a.f_div_tensor_mode(b, "trunc")?)
    }
    fn torch_out(a: &Tensor, b: &Tensor, out: &mut Tensor) -> Result<bool> {
        drop(a.f_div_out_mode(out, b, "trunc")?);
        Ok(true)
    }
    fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
        point2(|a: S, b: S| from(a.div(b).to_f64().trunc()))
    }
}

impl BinaryFn for TruncDivide {
    // piecewise constant: no gradient (torch's zeros for a rounding mode)
    fn grad<B: Backend>(_: usize, g: &B::T, _: &B::T, _: &B::T, _: &B::T) -> Result<Option<B::T>> {
        B::mul_scalar(g, 0.0).map(Some)
    }
}

impl BinaryKernel for Remainder {
    const NAME: &'static str = "remainder";
    fn torch(a: &Tensor, b: &Tensor) -> Result<Tensor> {
        Ok(a.f_remainder_tensor(b)?)
    }
    fn torch_out(a: &Tensor, b: &Tensor, out: &mut Tensor) -> Result<bool> {
        drop(a.f_remainder_tensor_out(out, b)?);
        Ok(true)
    }
    fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
        point2(|a: S, b: S| from(remainder(a.to_f64(), b.to_f64())))
    }
}

macro_rules! binary_kernel {
    ($unit:ident, $name:literal, $f:ident, $f_out:ident, $element:expr) => {
        impl BinaryKernel for $unit {
            const NAME: &'static str = $name;
            fn torch(a: &Tensor, b: &Tensor) -> Result<Tensor> {
                Ok(a.$f(b)?)
            }
            fn torch_out(a: &Tensor, b: &Tensor, out: &mut Tensor) -> Result<bool> {
                drop(a.$f_out(out, b)?);
                Ok(true)
            }
            fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
                point2(|a: S, b: S| from($element(a.to_f64(), b.to_f64())))
            }
        }
    };
}

binary_kernel!(Atan2, "atan2", f_atan2, f_atan2_out, libm::atan2);
binary_kernel!(Hypot, "hypot", f_hypot, f_hypot_out, libm::hypot);
binary_kernel!(Fmod, "fmod", f_fmod_tensor, f_fmod_tensor_out, libm::fmod);
binary_kernel!(
    LogAddExp,
    "logaddexp",
    f_logaddexp,
    f_logaddexp_out,
    logaddexp
);
binary_kernel!(Xlogy, "xlogy", f_xlogy, f_xlogy_outtensor, xlogy);
binary_kernel!(
    LogAddExp2,
    "logaddexp2",
    f_logaddexp2,
    f_logaddexp2_out,
    logaddexp2
);
binary_kernel!(Fmax, "fmax", f_fmax, f_fmax_out, f64::max);
binary_kernel!(Fmin, "fmin", f_fmin, f_fmin_out, f64::min);
binary_kernel!(
    Copysign,
    "copysign",
    f_copysign,
    f_copysign_out,
    f64::copysign
);

/// torch's `logaddexp2`: the larger operand plus `log₂(1 + 2^(−|a − b|))`; equal infinities
/// give themselves.
fn logaddexp2(a: f64, b: f64) -> f64 {
    let m = a.max(b);
    if m.is_infinite() && a == b {
        return m;
    }
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    m + libm::log1p(libm::exp2(-(a - b).abs())) / std::f64::consts::LN_2
}

/// torch's `logaddexp`: the larger operand plus `log1p(e^(−|a − b|))`; equal infinities
/// give themselves.
fn logaddexp(a: f64, b: f64) -> f64 {
    let m = a.max(b);
    if m.is_infinite() && a == b {
        return m;
    }
    if a.is_nan() || b.is_nan() {
        return f64::NAN;
    }
    m + libm::log1p((-(a - b).abs()).exp())
}

/// torch's `xlogy`: NaN where `b` is NaN, 0 where `a == 0`, else `a · log b`.
fn xlogy(a: f64, b: f64) -> f64 {
    if b.is_nan() {
        f64::NAN
    } else if a == 0.0 {
        0.0
    } else {
        a * b.ln()
    }
}

impl BinaryFn for Pow {
    // d/da = g b a^(b−1), none where b = 0; d/db = g y log a, none where a = 0 and b ≥ 0
    // (torch's pow_backward_self / pow_backward_exponent)
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, y: &B::T) -> Result<Option<B::T>> {
        if i == 0 {
            let d = B::mul(b, &B::binary::<Pow>(a, &B::add_scalar(b, -1.0)?)?)?;
            let d = B::mul(g, &d)?;
            return B::binary::<ZeroWhere>(&d, &eq_number::<B>(b, 0.0)?).map(Some);
        }
        let d = B::mul(y, &B::unary::<Log>(a)?)?;
        let b_nonnegative = complement::<B>(&lt_number::<B>(b, 0.0)?)?;
        let mask = B::mul(&eq_number::<B>(a, 0.0)?, &b_nonnegative)?;
        B::mul(g, &B::binary::<ZeroWhere>(&d, &mask)?).map(Some)
    }
}

impl BinaryFn for FloorDivide {
    // piecewise constant: no gradient (torch's zeros)
    fn grad<B: Backend>(_: usize, g: &B::T, _: &B::T, _: &B::T, _: &B::T) -> Result<Option<B::T>> {
        B::mul_scalar(g, 0.0).map(Some)
    }
}

impl BinaryFn for Remainder {
    // d/da = g; d/db = −g · (a // b)
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, _: &B::T) -> Result<Option<B::T>> {
        if i == 0 {
            return Ok(None);
        }
        let q = B::binary::<FloorDivide>(a, b)?;
        B::neg(&B::mul(g, &q)?).map(Some)
    }
}

impl BinaryFn for Atan2 {
    // d/da = g b / (a² + b²), d/db = −g a / (a² + b²); 0 at the origin, where torch's
    // atan2_backward masks the 0 / 0
    // (torch's order: `g · b · recip`, `g · (−a) · recip` with `recip = 1 / (a² + b²)`)
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, _: &B::T) -> Result<Option<B::T>> {
        let r2 = B::add(&B::mul(a, a)?, &B::mul(b, b)?)?;
        let recip = B::unary::<super::unary::Reciprocal>(&r2)?;
        let num = if i == 0 {
            B::mul(g, b)?
        } else {
            B::mul(g, &B::neg(a)?)?
        };
        let d = B::mul(&num, &recip)?;
        B::binary::<ZeroWhere>(&d, &eq_number::<B>(&r2, 0.0)?).map(Some)
    }
}

impl BinaryFn for Hypot {
    // d/da = g a / y, d/db = g b / y (torch's order: `(g · a) / y`)
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, y: &B::T) -> Result<Option<B::T>> {
        let x = if i == 0 { a } else { b };
        B::div(&B::mul(g, x)?, y).map(Some)
    }
}

impl BinaryFn for Fmod {
    // d/da = g; d/db = −g · trunc(a / b)
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, _: &B::T) -> Result<Option<B::T>> {
        if i == 0 {
            return Ok(None);
        }
        let q = B::unary::<super::unary_trig::Trunc>(&B::div(a, b)?)?;
        B::neg(&B::mul(g, &q)?).map(Some)
    }
}

impl BinaryFn for LogAddExp {
    // d/da = g / (1 + e^(b − a)), d/db = g / (1 + e^(a − b))
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, _: &B::T) -> Result<Option<B::T>> {
        let d = if i == 0 { B::sub(b, a)? } else { B::sub(a, b)? };
        B::div(g, &B::add_scalar(&B::exp(&d)?, 1.0)?).map(Some)
    }
}

impl BinaryFn for Xlogy {
    // torch: d/da = xlogy(g, b), 0 where `a == 0 && b <= 0`; d/db = (g a) / b
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, _: &B::T) -> Result<Option<B::T>> {
        if i == 0 {
            let d = B::binary::<Xlogy>(g, b)?;
            let b_positive = B::binary::<GtMask>(b, &number_like::<B>(b, 0.0)?)?;
            let stop = B::mul(&eq_number::<B>(a, 0.0)?, &complement::<B>(&b_positive)?)?;
            return B::binary::<ZeroWhere>(&d, &stop).map(Some);
        }
        B::div(&B::mul(g, a)?, b).map(Some)
    }
}

impl BinaryFn for LogAddExp2 {
    // d/da = g / (1 + 2^(b − a)), d/db = g / (1 + 2^(a − b))
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, _: &B::T) -> Result<Option<B::T>> {
        let d = if i == 0 { B::sub(b, a)? } else { B::sub(a, b)? };
        let p = B::unary::<super::unary_special::Exp2>(&d)?;
        B::div(g, &B::add_scalar(&p, 1.0)?).map(Some)
    }
}

/// torch's gradient masks of `fmax` (`fmin`: `le`): where the first operand is chosen,
/// `a >= b` (`a <= b`) or `b` is NaN; the second gets the rest. A tie goes to the first.
fn first_chosen<B: Backend>(a: &B::T, b: &B::T, min: bool) -> Result<B::T> {
    let not_nan = |t: &B::T| B::binary::<super::pointwise::EqMask>(t, t);
    let (a_ok, b_ok) = (not_nan(a)?, not_nan(b)?);
    // `b > a` (`a > b` for fmin): comparisons with NaN are false, so its complement is
    // `a >= b` (`a <= b`) once both operands are numbers
    let beaten = if min {
        B::binary::<GtMask>(a, b)?
    } else {
        B::binary::<GtMask>(b, a)?
    };
    let ge = B::mul(&B::mul(&complement::<B>(&beaten)?, &a_ok)?, &b_ok)?;
    // b NaN, or b a number and a ≥ b: the two cases exclude each other
    B::add(&complement::<B>(&b_ok)?, &ge)
}

fn extremum_grad<B: Backend>(
    i: usize,
    g: &B::T,
    a: &B::T,
    b: &B::T,
    min: bool,
) -> Result<Option<B::T>> {
    let first = first_chosen::<B>(a, b, min)?;
    let drop = if i == 0 {
        complement::<B>(&first)?
    } else {
        first
    };
    B::binary::<ZeroWhere>(g, &drop).map(Some)
}

impl BinaryFn for Fmax {
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, _: &B::T) -> Result<Option<B::T>> {
        extremum_grad::<B>(i, g, a, b, false)
    }
}

impl BinaryFn for Fmin {
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, _: &B::T) -> Result<Option<B::T>> {
        extremum_grad::<B>(i, g, a, b, true)
    }
}

impl BinaryFn for Copysign {
    // torch's copysign_tensor_self_backward: d/da = g · (y / a), 0 where a == 0; d/db = 0
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, _: &B::T, y: &B::T) -> Result<Option<B::T>> {
        if i == 1 {
            return B::mul_scalar(g, 0.0).map(Some);
        }
        let ratio = B::binary::<ZeroWhere>(&B::div(y, a)?, &eq_number::<B>(a, 0.0)?)?;
        B::mul(g, &ratio).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::binary::BinaryOp;
    use crate::ops::testing::{check_grads, data, positive};

    #[test]
    fn pow_tensor_exponent_gradients() {
        // d a^b = b a^(b−1) g, a^b log a g
        check_grads(
            &[positive(&[3, 4], 501), data(&[4], 502)],
            |s, h| s.record(BinaryOp::Pow.op(), &[h[0], h[1]]),
            |t| t[0].pow(&t[1]),
        );
    }

    #[test]
    fn remainder_gradients_and_floor_divide_has_none() {
        // d (a % b) = g, −(a // b) g
        check_grads(
            &[data(&[3, 4], 503), positive(&[4], 504)],
            |s, h| s.record(BinaryOp::Remainder.op(), &[h[0], h[1]]),
            |t| t[0].remainder_tensor(&t[1]),
        );
        check_grads(
            &[data(&[3, 4], 505), positive(&[4], 506)],
            |s, h| {
                let q = s.record(BinaryOp::FloorDivide.op(), &[h[0], h[1]])?;
                s.record(BinaryOp::Add.op(), &[q, h[0]])
            },
            |t| t[0].divide_tensor_mode(&t[1], "floor") + &t[0],
        );
    }

    #[test]
    fn atan2_hypot_fmod_logaddexp_xlogy_gradients() {
        // the derivatives of torch's derivatives.yaml, both operands, one broadcast
        type Oracle = fn(&Tensor, &Tensor) -> Tensor;
        let pairs: [(BinaryOp, Oracle); 7] = [
            (BinaryOp::Atan2, |a, b| a.atan2(b)),
            (BinaryOp::Hypot, |a, b| a.hypot(b)),
            (BinaryOp::Fmod, |a, b| a.fmod_tensor(b)),
            (BinaryOp::LogAddExp, |a, b| a.logaddexp(b)),
            (BinaryOp::Xlogy, |a, b| a.xlogy(b)),
            (BinaryOp::LogAddExp2, |a, b| a.logaddexp2(b)),
            (BinaryOp::Copysign, |a, b| a.copysign(b)),
        ];
        for (k, (op, oracle)) in pairs.into_iter().enumerate() {
            check_grads(
                &[
                    data(&[3, 4], 510 + k as u64),
                    positive(&[4], 520 + k as u64),
                ],
                |s, h| s.record(op.op(), &[h[0], h[1]]),
                |t| oracle(&t[0], &t[1]),
            );
        }
    }

    #[test]
    fn fmax_and_fmin_gradients_go_to_the_chosen_operand_ties_to_the_first() {
        // oracle: LibTorch's fmax/fmin by its autograd, at ties (a tie goes to the first
        // operand; NaN operands: tests/python/test_binary_ieee.py, side by side with torch)
        let a = Tensor::from_slice(&[1.0, 2.0, 4.0, 0.5, -2.0, -1.0]);
        let b = Tensor::from_slice(&[1.0, 3.0, 4.0, 0.25, -2.0, -2.0]);
        for (op, oracle) in [
            (
                BinaryOp::Fmax,
                Tensor::fmax as fn(&Tensor, &Tensor) -> Tensor,
            ),
            (BinaryOp::Fmin, Tensor::fmin),
        ] {
            check_grads(
                &[a.copy(), b.copy()],
                |s, h| s.record(op.op(), &[h[0], h[1]]),
                |t| oracle(&t[0], &t[1]),
            );
            check_grads(
                &[data(&[3, 4], 530), data(&[4], 531)],
                |s, h| s.record(op.op(), &[h[0], h[1]]),
                |t| oracle(&t[0], &t[1]),
            );
        }
    }

    #[test]
    fn logaddexp2_element_follows_torch() {
        assert_eq!(logaddexp2(f64::INFINITY, f64::INFINITY), f64::INFINITY);
        assert_eq!(logaddexp2(0.0, 0.0), 1.0);
        assert!((logaddexp2(3.0, 1.0) - (10f64).log2()).abs() < 1e-15);
        assert!(logaddexp2(f64::NAN, 1.0).is_nan());
    }

    #[test]
    fn logaddexp_and_xlogy_elements_follow_torch() {
        assert_eq!(logaddexp(f64::INFINITY, f64::INFINITY), f64::INFINITY);
        assert_eq!(
            logaddexp(f64::NEG_INFINITY, f64::NEG_INFINITY),
            f64::NEG_INFINITY
        );
        assert!((logaddexp(0.0, 0.0) - std::f64::consts::LN_2).abs() < 1e-15);
        assert_eq!(xlogy(0.0, 0.0), 0.0);
        assert!(xlogy(0.0, f64::NAN).is_nan());
        assert_eq!(xlogy(2.0, 1.0), 0.0);
    }

    #[test]
    fn div_floor_and_remainder_follow_torch() {
        assert_eq!(div_floor(7.0, 2.0), 3.0);
        assert_eq!(div_floor(-7.0, 2.0), -4.0);
        assert_eq!(div_floor(7.0, -2.0), -4.0);
        assert!(div_floor(-0.5, 2.0) == -1.0);
        assert_eq!(remainder(-7.0, 2.0), 1.0);
        assert_eq!(remainder(7.0, -2.0), -1.0);
        assert!(remainder(1.0, 0.0).is_nan());
    }
}
