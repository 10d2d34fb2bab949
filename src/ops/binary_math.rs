//! Pointwise math functions of two broadcast tensors beyond `+ - * /`: `pow` with a tensor
//! exponent, floor division (`//`) and `remainder` (`%`), units of the binary family (see
//! `binary.rs`); and `clamp` with tensor bounds ([`ClampTensor`], two or three operands).
//! Their reference element functions are for the point carriers; intervals refuse them.

use tch::Tensor;

use super::binary::{complement, eq_number, lt_number, BinaryFn, GtMask};
use super::unary::Log;
use super::{fresh, grad_value, reduce_to, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::reference::Scalar;
use crate::backend::{Backend, BinaryKernel};
use crate::buffer::Value;
use crate::error::Result;
use crate::shape::broadcast_shapes;

/// `a ** b` elementwise.
pub struct Pow;
/// `a // b`: torch's `div(rounding_mode="floor")`.
pub struct FloorDivide;
/// `a % b`: torch's `remainder` (the sign of `b`).
pub struct Remainder;
/// `a` where `m == 0`, else 0 (torch's `masked_fill_(m, 0)`, with no NaN from `0 · inf`).
pub(crate) struct ZeroWhere;

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

impl BinaryKernel for ZeroWhere {
    const NAME: &'static str = "masked_fill";
    fn torch(a: &Tensor, m: &Tensor) -> Result<Tensor> {
        Ok(a.f_masked_fill(&m.f_ne(0.0)?, 0.0)?)
    }
    fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
        Some(|a: S, m: S| if m.to_f64() != 0.0 { S::zero() } else { a })
    }
}

/// `a` where `m != 0`, else `b` (exact: the other side never enters, not even as `0 · inf`).
pub(crate) fn select<B: Backend>(m: &B::T, a: &B::T, b: &B::T) -> Result<B::T> {
    B::add(
        &B::binary::<ZeroWhere>(a, &complement::<B>(m)?)?,
        &B::binary::<ZeroWhere>(b, m)?,
    )
}

impl BinaryFn for Pow {
    // d/da = g b a^(b−1), none where b = 0; d/db = g y log a, none where a = 0 and b ≥ 0
    // (torch's pow_backward_self / pow_backward_exponent)
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, y: &B::T) -> Result<Option<B::T>> {
        if i == 0 {
            let d = B::mul(b, &B::binary::<Pow>(a, &B::add_scalar(b, -1.0)?)?)?;
            let d = B::binary::<ZeroWhere>(&d, &eq_number::<B>(b, 0.0)?)?;
            return B::mul(g, &d).map(Some);
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

/// `clamp(x, min, max)` with tensor bounds (either may be absent): operands `x`, then `min`
/// if `has_min`, then `max` if `has_max`, broadcast together; `min(max(x, min), max)`.
pub struct ClampTensor {
    pub has_min: bool,
    pub has_max: bool,
}

impl<B: Backend> Op<B> {
    pub fn clamp_tensor(has_min: bool, has_max: bool) -> Self {
        Op::ClampTensor(ClampTensor { has_min, has_max })
    }
}

/// The bounds in `x`'s dtype (integer data converted; float bounds as they are).
fn promoted<B: Backend>(x: &B::T, bounds: &[&Value<B>]) -> Result<Vec<B::T>> {
    bounds
        .iter()
        .map(|b| {
            let t = b.get();
            if B::dtype(t).is_data() {
                B::convert(t, B::dtype(x), B::device(x))
            } else {
                B::copy(t)
            }
        })
        .collect()
}

impl<B: Backend> Rule<B> for ClampTensor {
    fn name(&self) -> &'static str {
        "clamp"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1 + usize::from(self.has_min) + usize::from(self.has_max))
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    /// Integer bounds (data) are promoted to the input's dtype, as torch promotes them.
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let mut out = shapes[0].to_vec();
        for s in &shapes[1..] {
            out = broadcast_shapes("clamp", &out, s)?;
        }
        Ok(out)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let x = xs[0].get();
        if B::dtype(x).is_data() {
            return Err(crate::error::Error::DType(format!(
                "clamp takes a floating-point input, not {} data",
                B::dtype(x)
            )));
        }
        let bounds = promoted::<B>(x, &xs[1..])?;
        let mut y = B::copy(x)?;
        let mut next = 0;
        if self.has_min {
            y = B::binary::<super::binary::Maximum>(&y, &bounds[next])?;
            next += 1;
        }
        if self.has_max {
            y = B::binary::<super::binary::Minimum>(&y, &bounds[next])?;
        }
        fresh(y)
    }
    /// torch's clamp_backward_min_max: `x` where `min ≤ x ≤ max`; `min` where `x < min`
    /// (and `min < max` when both are given); `max` where `x > max` (or `max < min`).
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let x = cx.xs[0].get();
        let g = cx.g.get();
        let bounds = promoted::<B>(x, &cx.xs[1..])?;
        let min = self.has_min.then(|| &bounds[0]);
        let max = self.has_max.then(|| &bounds[usize::from(self.has_min)]);
        let below = min.map(|m| B::binary::<GtMask>(m, x)).transpose()?;
        let above = max.map(|m| B::binary::<GtMask>(x, m)).transpose()?;
        let mut inside = B::full(&[], 1.0, B::dtype(x), B::device(x))?;
        if let Some(b) = &below {
            inside = B::mul(&inside, &complement::<B>(b)?)?;
        }
        if let Some(a) = &above {
            inside = B::mul(&inside, &complement::<B>(a)?)?;
        }
        let mut masks = vec![inside];
        if let (Some(lo), Some(b)) = (min, &below) {
            let m = match max {
                Some(hi) => B::mul(b, &B::binary::<GtMask>(hi, lo)?)?,
                None => B::copy(b)?,
            };
            masks.push(m);
        }
        if let (Some(hi), Some(a)) = (max, &above) {
            let m = match min {
                Some(lo) => {
                    let crossed = B::binary::<GtMask>(lo, hi)?;
                    B::sub(&B::add(a, &crossed)?, &B::mul(a, &crossed)?)?
                }
                None => B::copy(a)?,
            };
            masks.push(m);
        }
        let mut out = Vec::with_capacity(masks.len());
        for (i, m) in masks.iter().enumerate() {
            if !cx.needs[i] || B::dtype(cx.xs[i].get()).is_data() {
                out.push(None);
                continue;
            }
            let full = grad_value::<B>(B::mul(g, m)?);
            out.push(Some(reduce_to(&full, &B::shape(cx.xs[i].get()))?));
        }
        Ok(out)
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
    fn clamp_with_tensor_bounds_gradients() {
        // x inside [min, max] gets g; min where x < min; max where x > max
        check_grads(
            &[data(&[3, 4], 507), data(&[4], 508), positive(&[3, 1], 509)],
            |s, h| s.record(Op::clamp_tensor(true, true), &[h[0], h[1], h[2]]),
            |t| t[0].clamp_tensor(Some(&t[1]), Some(&t[2])),
        );
        check_grads(
            &[data(&[3, 4], 510), data(&[4], 511)],
            |s, h| s.record(Op::clamp_tensor(false, true), &[h[0], h[1]]),
            |t| t[0].clamp_max_tensor(&t[1]),
        );
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
