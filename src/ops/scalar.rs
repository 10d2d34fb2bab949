//! A tensor with a constant number: `x + s`, `x * s`, `x / s`, `s - x`, `s / x`, `x ** e`,
//! `clamp_min(s)`, `clamp_max(s)`;
//! each computed exactly as PyTorch computes the Python expression (bit for bit in every
//! native dtype): `s / x` is torch's `x.reciprocal() * s`, `s - x` its `rsub`. [`rewrite`]
//! turns a Python operator with a number operand into one of these ops.

use tch::Tensor;

use super::activation::{Approximate, Elu, Gelu, LeakyRelu};
use super::binary::BinaryOp;
use super::binary_math::{FloorDivideScalar, RemainderScalar};
use super::pointwise::indicator;
pub use super::pointwise::ScalarFn;
use super::unary_math::Logit;
use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::libtorch::scalar_operand;
use crate::backend::{Backend, OutKernel, ScalarKernel};
use crate::buffer::Value;
use crate::config::DType;
use crate::error::Result;
use crate::kernel::Scalar;
use crate::ops::Arith;

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
            /// The LibTorch `_out` kernel with the number `s` (see [`OutKernel`]), after the
            /// op's check; `None` where the kernel has no `_out` form.
            pub fn out_kernel(self, s: f64) -> Option<OutKernel> {
                match self {
                    $(ScalarOp::$name => <$unit as ScalarKernel>::HAS_OUT.then_some(
                        OutKernel::Pointwise {
                            name: <$unit as ScalarKernel>::NAME,
                            run: |xs, s, out| {
                                let dtype = crate::backend::libtorch::dtype_of(xs[0].f_kind()?);
                                <$unit as ScalarKernel>::check(s, dtype)?;
                                <$unit as ScalarKernel>::torch_out(xs[0], s, out)
                            },
                            s,
                        },
                    ),)*
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
    ClampMin => ClampMinScalar,
    ClampMax => ClampMaxScalar,
    Gelu => Gelu,
    LeakyRelu => LeakyRelu,
    Elu => Elu,
    Logit => Logit,
    FloorDivide => FloorDivideScalar,
    Remainder => RemainderScalar,
);

impl ScalarOp {
    /// The op recording this function with the number `s`.
    pub fn op<B: Backend>(self, s: f64) -> Op<B> {
        Op::Scalar(WithScalar { f: self, s })
    }
    /// `gelu(x, approximate)`.
    pub fn gelu<B: Backend>(approximate: Approximate) -> Op<B> {
        ScalarOp::Gelu.op(approximate.code())
    }
}

/// The op for Python's `x (op) s` (or `s (op) x` when `reflected`) with a number `s`;
/// `None` for the functions with no scalar form here (`s ** x`, `//`, `%`: the caller
/// records the binary op with `s` as a 0-d constant of the tensor's dtype, as torch wraps a
/// number).
pub fn rewrite<B: Backend>(op: BinaryOp, s: f64, reflected: bool) -> Result<Option<Op<B>>> {
    Ok(Some(match (op, reflected) {
        (BinaryOp::Add, _) => ScalarOp::Add.op(s),
        // x - s = x + (-s) exactly (IEEE negation is exact), as torch's sub computes it.
        (BinaryOp::Sub, false) => ScalarOp::Add.op(-s),
        (BinaryOp::Sub, true) => ScalarOp::RSub.op(s),
        (BinaryOp::Mul, _) => ScalarOp::Mul.op(s),
        (BinaryOp::Div, false) => ScalarOp::Div.op(s),
        (BinaryOp::Div, true) => ScalarOp::RDiv.op(s),
        (BinaryOp::Pow, false) => ScalarOp::Pow.op(s),
        // torch divides by the number itself (a 16-bit `x` in float32), not by the number
        // rounded to `x`'s dtype
        (BinaryOp::FloorDivide, false) => ScalarOp::FloorDivide.op(s),
        (BinaryOp::Remainder, false) => ScalarOp::Remainder.op(s),
        (
            BinaryOp::Pow
            | BinaryOp::FloorDivide
            | BinaryOp::TruncDivide
            | BinaryOp::Remainder
            | BinaryOp::Atan2
            | BinaryOp::Hypot
            | BinaryOp::Fmod
            | BinaryOp::LogAddExp
            | BinaryOp::LogAddExp2
            | BinaryOp::Copysign
            | BinaryOp::BitwiseAnd
            | BinaryOp::BitwiseOr
            | BinaryOp::BitwiseXor
            | BinaryOp::BitwiseLeftShift
            | BinaryOp::BitwiseRightShift
            | BinaryOp::Gcd
            | BinaryOp::Lcm
            | BinaryOp::Xlogy,
            _,
        ) => return Ok(None),
        (f @ (BinaryOp::Maximum | BinaryOp::Minimum | BinaryOp::Fmax | BinaryOp::Fmin), _) => {
            return Err(crate::error::Error::Argument(format!(
                "{} takes two tensors; for a number use clamp",
                f.name()
            )))
        }
    }))
}

/// The family's rule: one tensor and a number, a fresh output.
#[derive(Clone)]
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
        self.f.out_kernel(self.s)
    }
    /// `x + s`, `x * s`, `x / s`, `s - x` read nothing; `s / x` reads `x` and the output;
    /// the others read `x`.
    fn saves_operand(&self, _i: usize, _needs: &[bool]) -> bool {
        !matches!(
            self.f,
            ScalarOp::Add | ScalarOp::Mul | ScalarOp::Div | ScalarOp::RSub
        )
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        matches!(self.f, ScalarOp::RDiv)
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
    /// torch refuses an exponent a float16/bfloat16 tensor cannot hold (pow keeps other
    /// exponents in double precision).
    fn check(e: f64, dtype: DType) -> Result<()> {
        match dtype {
            DType::Float16 | DType::BFloat16 => fits(e, dtype),
            _ => Ok(()),
        }
    }
    fn torch(x: &Tensor, e: f64) -> Result<Tensor> {
        Ok(x.f_pow_tensor_scalar(e)?)
    }
    fn torch_out(x: &Tensor, e: f64, out: &mut Tensor) -> Result<bool> {
        drop(x.f_pow_tensor_scalar_out(out, e)?);
        Ok(true)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
        Some(|x, e| x.powf(e))
    }
}

/// A finite number beyond what `dtype` can hold is refused, with torch's message (LibTorch
/// reports it as an error that tch turns into a panic, so it never gets there); an integer
/// dtype also refuses NaN, ±inf and a number beyond its range (torch's `checked_convert`).
pub(crate) fn fits(s: f64, dtype: DType) -> Result<()> {
    let int_range = match dtype {
        DType::Int64 => Some(("int64_t", i64::MIN as f64, i64::MAX as f64)),
        DType::Int32 => Some(("int", f64::from(i32::MIN), f64::from(i32::MAX))),
        _ => None,
    };
    if let Some((name, lo, hi)) = int_range {
        // `hi` is 2^63 for int64 (i64::MAX rounds up): refuse it and anything above
        if !(s >= lo && (s < hi || (dtype == DType::Int32 && s <= hi))) {
            return Err(crate::error::Error::Backend(format!(
                "value cannot be converted to type {name} without overflow"
            )));
        }
        return Ok(());
    }
    let name = match dtype {
        DType::Float32 | DType::RefFloat32 | DType::Ieee32 => "float",
        DType::Float16 => "c10::Half",
        DType::BFloat16 => "c10::BFloat16",
        _ => return Ok(()),
    };
    if s.is_finite() && s.abs() > dtype.largest_finite() {
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
    // d(s / x) = -s / x² g, in torch's order (its `s / x` is `x.reciprocal() * s`): the
    // product's backward `g s`, then the reciprocal's `-(g s) · (r r)` with `r = 1 / x`
    fn grad<B: Backend>(g: &B::T, x: &B::T, _: &B::T, s: f64) -> Result<Option<B::T>> {
        let r = B::unary::<super::unary::Reciprocal>(x)?;
        B::mul(&B::neg(&B::mul_scalar(g, s)?)?, &B::mul(&r, &r)?).map(Some)
    }
}

/// `max(x, s)` (`clamp(min=s)`); NaN stays NaN.
pub struct ClampMinScalar;
/// `min(x, s)` (`clamp(max=s)`).
pub struct ClampMaxScalar;

macro_rules! clamp_kernel {
    ($unit:ident, $op:literal, $f:ident, $f_out:ident, $pick:path) => {
        impl ScalarKernel for $unit {
            const NAME: &'static str = $op;
            fn check(s: f64, dtype: DType) -> Result<()> {
                fits(s, dtype)
            }
            fn torch(x: &Tensor, s: f64) -> Result<Tensor> {
                Ok(x.$f(s)?)
            }
            fn torch_out(x: &Tensor, s: f64, out: &mut Tensor) -> Result<bool> {
                drop(x.$f_out(out, s)?);
                Ok(true)
            }
            fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
                Some(|x, s| {
                    let (lo, hi) = x.bounds();
                    if lo.is_nan() || hi.is_nan() {
                        return x;
                    }
                    if s.is_nan() {
                        return S::from_f64(f64::NAN); // a NaN bound makes NaN, as torch
                    }
                    // The bound as the carrier holds it (float32 rounds it, as torch).
                    let s = S::from_f64(s).bounds().0;
                    S::from_bounds($pick(lo, s), $pick(hi, s)).unwrap_or(x)
                })
            }
        }
    };
}

clamp_kernel!(
    ClampMinScalar,
    "clamp_min",
    f_clamp_min,
    f_clamp_min_out,
    f64::max
);
clamp_kernel!(
    ClampMaxScalar,
    "clamp_max",
    f_clamp_max,
    f_clamp_max_out,
    f64::min
);

/// 1 where `x >= s` (`at_least`) or `x <= s`, else 0, in `x`'s type (an interval on both
/// sides gives `[0, 1]`): where a clamp passes the cotangent (torch keeps it at the bound).
struct Inside<const AT_LEAST: bool>;

impl<const AT_LEAST: bool> ScalarKernel for Inside<AT_LEAST> {
    const NAME: &'static str = "clamp_backward";
    fn torch(x: &Tensor, s: f64) -> Result<Tensor> {
        let mask = if AT_LEAST { x.f_ge(s)? } else { x.f_le(s)? };
        Ok(mask.f_to_kind(x.f_kind()?)?)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
        Some(|x, s| {
            let (lo, hi) = x.bounds();
            let s = S::from_f64(s).bounds().0;
            let (surely, surely_not) = if AT_LEAST {
                (lo >= s, hi < s)
            } else {
                (hi <= s, lo > s)
            };
            indicator::<S>(surely, surely_not)
        })
    }
}

impl ScalarFn for ClampMinScalar {
    // d max(x, s) = g where x >= s
    fn grad<B: Backend>(g: &B::T, x: &B::T, _: &B::T, s: f64) -> Result<Option<B::T>> {
        B::mul(g, &B::scalar::<Inside<true>>(x, s)?).map(Some)
    }
}

impl ScalarFn for ClampMaxScalar {
    // d min(x, s) = g where x <= s
    fn grad<B: Backend>(g: &B::T, x: &B::T, _: &B::T, s: f64) -> Result<Option<B::T>> {
        B::mul(g, &B::scalar::<Inside<false>>(x, s)?).map(Some)
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
    fn clamps_pass_the_cotangent_inside_the_bounds_and_at_them() {
        // d clamp_min(x, 0.25) = 1 where x >= 0.25 (also at 0.25, as torch), else 0
        let x = values(&[-1.0, 0.25, 0.5, 2.0, -0.3], &[5]);
        check_grads(
            &[x.copy()],
            |s, h| s.record(ClampMin.op(0.25), &[h[0]]),
            |t| t[0].clamp_min(0.25),
        );
        check_grads(
            &[x],
            |s, h| s.record(ClampMax.op(0.5), &[h[0]]),
            |t| t[0].clamp_max(0.5),
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
