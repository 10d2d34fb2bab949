//! A tensor with a constant number: `x + s`, `x * s`, `x / s`, `s - x`, `s / x`, `x ** e`,
//! each computed exactly as PyTorch computes the Python expression (bit for bit in every
//! native dtype): `s / x` is torch's `x.reciprocal() * s`, `s - x` its `rsub`. [`rewrite`]
//! turns a Python operator with a number operand into one of these ops.

use tch::Tensor;

use super::binary::BinaryOp;
use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::libtorch::scalar_operand;
use crate::backend::reference::Scalar;
use crate::backend::{Backend, OutKernel, ScalarKernel};
use crate::buffer::Value;
use crate::error::Result;

/// The derivative of `f(x, s)` in `x`.
pub trait ScalarFn: ScalarKernel {
    /// The cotangent of `x` from `g`, `x`, the output `y` and `s`; `None` when it is `g`.
    fn grad<B: Backend>(g: &B::T, x: &B::T, y: &B::T, s: f64) -> Result<Option<B::T>>;
}

macro_rules! scalar_ops {
    ($($name:ident => $unit:ident),* $(,)?) => {
        /// Which function of a tensor and a number a node applies.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum ScalarOp {
            $($name,)*
        }

        impl ScalarOp {
            pub const ALL: &'static [ScalarOp] = &[$(ScalarOp::$name,)*];

            pub fn name(self) -> &'static str {
                match self {
                    $(ScalarOp::$name => <$unit as ScalarKernel>::NAME,)*
                }
            }
            fn forward<B: Backend>(self, x: &B::T, s: f64) -> Result<B::T> {
                match self {
                    $(ScalarOp::$name => B::scalar::<$unit>(x, s),)*
                }
            }
            fn grad<B: Backend>(self, g: &B::T, x: &B::T, y: &B::T, s: f64) -> Result<Option<B::T>> {
                match self {
                    $(ScalarOp::$name => <$unit as ScalarFn>::grad::<B>(g, x, y, s),)*
                }
            }
            /// The LibTorch `_out` kernel (see [`OutKernel`]).
            pub fn torch_out(self, x: &Tensor, s: f64, out: &mut Tensor) -> Result<bool> {
                match self {
                    $(ScalarOp::$name => <$unit as ScalarKernel>::torch_out(x, s, out),)*
                }
            }
        }
    };
}

scalar_ops!(
    Add => AddScalar,
    Mul => MulScalar,
    Div => DivScalar,
    RSub => RSubScalar,
    RDiv => RDivScalar,
    Pow => PowScalar,
);

impl ScalarOp {
    /// The op recording this function with the number `s`.
    pub fn op<B: Backend>(self, s: f64) -> Op<B> {
        Op::Scalar(WithScalar { f: self, s })
    }
}

/// The op for Python's `x (op) s` (or `s (op) x` when `reflected`) with a number `s`.
pub fn rewrite<B: Backend>(op: BinaryOp, s: f64, reflected: bool) -> Op<B> {
    match (op, reflected) {
        (BinaryOp::Add, _) => ScalarOp::Add.op(s),
        // x - s = x + (-s) exactly (IEEE negation is exact), as torch's sub computes it.
        (BinaryOp::Sub, false) => ScalarOp::Add.op(-s),
        (BinaryOp::Sub, true) => ScalarOp::RSub.op(s),
        (BinaryOp::Mul, _) => ScalarOp::Mul.op(s),
        (BinaryOp::Div, false) => ScalarOp::Div.op(s),
        (BinaryOp::Div, true) => ScalarOp::RDiv.op(s),
    }
}

/// The family's rule: one tensor and a number, a fresh output.
pub struct WithScalar {
    pub f: ScalarOp,
    pub s: f64,
}

impl<B: Backend> Rule<B> for WithScalar {
    fn name(&self) -> &'static str {
        self.f.name()
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        Ok(shapes[0].to_vec())
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        fresh(self.f.forward::<B>(xs[0].get(), self.s)?)
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let (xs, out, g) = (cx.xs, cx.out, cx.g);
        Ok(vec![Some(
            match self.f.grad::<B>(g.get(), xs[0].get(), out.get(), self.s)? {
                None => std::sync::Arc::clone(g),
                Some(t) => grad_value(t),
            },
        )])
    }
    fn out_kernel(&self, _parents: usize) -> Option<OutKernel> {
        Some(OutKernel::Scalar(self.f, self.s))
    }
}

/// `x + s`. float32/float64 pass `s` as a one-element operand (see [`scalar_operand`]).
pub struct AddScalar;
/// `x * s`.
pub struct MulScalar;
/// `x / s`.
pub struct DivScalar;
/// `s - x` (torch's `rsub`).
pub struct RSubScalar;
/// `s / x` (torch's `x.reciprocal() * s`).
pub struct RDivScalar;
/// `x ** e`.
pub struct PowScalar;

/// A kernel taking the number through [`scalar_operand`] where that is exact.
macro_rules! operand_kernel {
    ($unit:ident, $op:literal, $f:ident, $f_out:ident, $f_scalar:ident, $f_scalar_out:ident, $element:expr) => {
        impl ScalarKernel for $unit {
            const NAME: &'static str = $op;
            fn torch(x: &Tensor, s: f64) -> Result<Tensor> {
                Ok(match scalar_operand(x, s)? {
                    Some(t) => x.$f(&t)?,
                    None => x.$f_scalar(s)?,
                })
            }
            fn torch_out(x: &Tensor, s: f64, out: &mut Tensor) -> Result<bool> {
                // Each call hands back a second handle on `out`; it is dropped at once.
                drop(match scalar_operand(x, s)? {
                    Some(t) => x.$f_out(out, &t)?,
                    None => x.$f_scalar_out(out, s)?,
                });
                Ok(true)
            }
            fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
                Some($element)
            }
        }
    };
}

operand_kernel!(
    AddScalar,
    "add",
    f_add,
    f_add_out,
    f_add_scalar,
    f_add_scalar_out,
    |x: S, s| x.add(S::from_f64(s))
);
operand_kernel!(
    MulScalar,
    "mul",
    f_mul,
    f_mul_out,
    f_mul_scalar,
    f_mul_scalar_out,
    |x: S, s| x.mul(S::from_f64(s))
);
operand_kernel!(
    DivScalar,
    "div",
    f_div,
    f_div_out,
    f_div_scalar,
    f_div_scalar_out,
    |x: S, s| x.div(S::from_f64(s))
);

impl ScalarKernel for RSubScalar {
    const NAME: &'static str = "rsub";
    fn torch(x: &Tensor, s: f64) -> Result<Tensor> {
        Ok(x.f_rsub_scalar(s)?)
    }
    fn torch_out(x: &Tensor, s: f64, out: &mut Tensor) -> Result<bool> {
        drop(x.f_rsub_scalar_out(out, s)?);
        Ok(true)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
        Some(|x, s| S::from_f64(s).sub(x))
    }
}

impl ScalarKernel for RDivScalar {
    const NAME: &'static str = "rdiv";
    fn torch(x: &Tensor, s: f64) -> Result<Tensor> {
        MulScalar::torch(&x.f_reciprocal()?, s)
    }
    fn torch_out(x: &Tensor, s: f64, out: &mut Tensor) -> Result<bool> {
        // The same two kernels, the second reading and writing `out` through its `_out`
        // form (LibTorch's in-place `mul_` with a number rounds differently in float16).
        drop(x.f_reciprocal_out(out)?);
        let r: &Tensor = out;
        drop(match scalar_operand(r, s)? {
            Some(t) => r.f_mul_out(r, &t)?,
            None => r.f_mul_scalar_out(r, s)?,
        });
        Ok(true)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
        Some(|x, s| S::from_f64(1.0).div(x).mul(S::from_f64(s)))
    }
}

impl ScalarKernel for PowScalar {
    const NAME: &'static str = "pow";
    fn torch(x: &Tensor, e: f64) -> Result<Tensor> {
        check_pow_exponent(x, e)?;
        Ok(x.f_pow_tensor_scalar(e)?)
    }
    fn torch_out(x: &Tensor, e: f64, out: &mut Tensor) -> Result<bool> {
        check_pow_exponent(x, e)?;
        drop(x.f_pow_tensor_scalar_out(out, e)?);
        Ok(true)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
        Some(|x, e| x.powf(e))
    }
}

/// torch refuses an exponent a float16/bfloat16 tensor cannot hold; refused here before
/// LibTorch sees it (tch panics on the error LibTorch reports for that conversion).
fn check_pow_exponent(x: &Tensor, e: f64) -> Result<()> {
    let (name, max) = match x.f_kind()? {
        tch::Kind::Half => ("c10::Half", 65504.0),
        tch::Kind::BFloat16 => ("c10::BFloat16", 3.389_531_389_251_535_5e38),
        _ => return Ok(()),
    };
    if e.is_finite() && e.abs() > max {
        return Err(crate::error::Error::Backend(format!(
            "value cannot be converted to type {name} without overflow"
        )));
    }
    Ok(())
}

impl ScalarFn for AddScalar {
    // d(x + s) = g
    fn grad<B: Backend>(_: &B::T, _: &B::T, _: &B::T, _: f64) -> Result<Option<B::T>> {
        Ok(None)
    }
}

impl ScalarFn for MulScalar {
    // d(s x) = s g
    fn grad<B: Backend>(g: &B::T, _: &B::T, _: &B::T, s: f64) -> Result<Option<B::T>> {
        B::mul_scalar(g, s).map(Some)
    }
}

impl ScalarFn for DivScalar {
    // d(x / s) = g / s
    fn grad<B: Backend>(g: &B::T, _: &B::T, _: &B::T, s: f64) -> Result<Option<B::T>> {
        B::scalar::<DivScalar>(g, s).map(Some)
    }
}

impl ScalarFn for RSubScalar {
    // d(s - x) = -g
    fn grad<B: Backend>(g: &B::T, _: &B::T, _: &B::T, _: f64) -> Result<Option<B::T>> {
        B::neg(g).map(Some)
    }
}

impl ScalarFn for RDivScalar {
    // d(s / x) = -s / x² g = -(g · y) / x
    fn grad<B: Backend>(g: &B::T, x: &B::T, y: &B::T, _: f64) -> Result<Option<B::T>> {
        B::neg(&B::div(&B::mul(g, y)?, x)?).map(Some)
    }
}

impl ScalarFn for PowScalar {
    // d(x^e) = e x^(e-1) g; x⁰ is constant: its gradient is 0 everywhere, also at x = 0
    // where 0 · x⁻¹ is NaN.
    fn grad<B: Backend>(g: &B::T, x: &B::T, _: &B::T, e: f64) -> Result<Option<B::T>> {
        if e == 0.0 {
            return B::full(&B::shape(x), 0.0, B::dtype(x), B::device(x)).map(Some);
        }
        let d = B::mul_scalar(&B::pow_scalar(x, e - 1.0)?, e)?;
        B::mul(g, &d).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::ScalarOp::*;
    use crate::ops::testing::{check_grads, data, positive, values};

    #[test]
    fn add_scalar_passes_the_cotangent_through() {
        // d/dx (x + s) = 1
        check_grads(
            &[data(&[4], 16)],
            |s, h| s.record(Add.op(2.5), &[h[0]]),
            |t| &t[0] + 2.5,
        );
    }

    #[test]
    fn mul_scalar_scales() {
        // d/dx (s x) = s
        check_grads(
            &[data(&[4], 17)],
            |s, h| s.record(Mul.op(-3.0), &[h[0]]),
            |t| &t[0] * -3.0,
        );
    }

    #[test]
    fn rsub_scalar_negates() {
        // d/dx (s - x) = -1
        check_grads(
            &[data(&[2, 2], 18)],
            |s, h| s.record(RSub.op(1.5), &[h[0]]),
            |t| t[0].neg() + 1.5,
        );
    }

    #[test]
    fn rdiv_scalar() {
        // d/dx (s / x) = -s / x²
        check_grads(
            &[positive(&[2, 3], 19)],
            |s, h| s.record(RDiv.op(2.0), &[h[0]]),
            |t| t[0].reciprocal() * 2.0,
        );
    }

    #[test]
    fn pow_scalar_integer_exponent() {
        // d/dx x³ = 3x²
        check_grads(
            &[data(&[3, 2], 20)],
            |s, h| s.record(Pow.op(3.0), &[h[0]]),
            |t| t[0].pow_tensor_scalar(3.0),
        );
    }

    #[test]
    fn pow_scalar_fractional_exponent() {
        // d/dx x^0.5 = 0.5 x^-0.5
        check_grads(
            &[positive(&[5], 21)],
            |s, h| s.record(Pow.op(0.5), &[h[0]]),
            |t| t[0].pow_tensor_scalar(0.5),
        );
    }

    #[test]
    fn pow_scalar_negative_exponent() {
        // d/dx x^-2 = -2 x^-3
        check_grads(
            &[positive(&[5], 22)],
            |s, h| s.record(Pow.op(-2.0), &[h[0]]),
            |t| t[0].pow_tensor_scalar(-2.0),
        );
    }

    #[test]
    fn pow_scalar_zero_exponent_has_zero_gradient_everywhere() {
        // d/dx x⁰ = 0, also at x = 0 (where 0 · x⁻¹ would be NaN)
        check_grads(
            &[values(&[-1.5, 0.0, 2.0], &[3])],
            |s, h| s.record(Pow.op(0.0), &[h[0]]),
            |t| t[0].pow_tensor_scalar(0.0),
        );
    }

    #[test]
    fn div_scalar_divides_the_cotangent() {
        // d/dx (x / s) = 1 / s
        check_grads(
            &[data(&[3, 2], 24)],
            |s, h| s.record(Div.op(2.5), &[h[0]]),
            |t| &t[0] / 2.5,
        );
    }
}
