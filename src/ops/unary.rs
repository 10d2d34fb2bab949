//! Pointwise functions of one tensor: `neg exp log tanh sigmoid relu sqrt abs` here, the
//! other functions of the family in `unary_math.rs`, `unary_trig.rs`, `unary_special.rs`,
//! `activation.rs` and `activation_modern.rs`.
//!
//! Each function is one unit type below holding everything about it: its LibTorch kernel
//! and `_out` form, its element function on the reference backend ([`UnaryKernel`]) and its
//! derivative ([`UnaryFn`]). `unary_ops!` lists the units once; that list is the runtime
//! enum [`UnaryOp`] a tape node stores, and the one [`Rule`] of the family dispatches on it.

use tch::Tensor;

pub use super::activation::{LogSigmoid, Sigmoid, Silu};
pub use super::activation_modern::{Hardsigmoid, Hardswish, Mish};
use super::pointwise::{unary_kernel, UnaryFn};
pub use super::unary_math::{
    Cos, Erf, Expm1, Log1p, NanToZero, Reciprocal, Rsqrt, Sign, Sin, Square,
};
pub use super::unary_special::{
    Deg2rad, Digamma, Erfc, Erfinv, Exp2, Lgamma, Log10, Log2, Rad2deg, Sinc, I0,
};
pub use super::unary_trig::{
    Acos, Acosh, Asin, Asinh, Atan, Atanh, Ceil, Cosh, Floor, Frac, Round, Sinh, Tan, Trunc,
};
use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::{Backend, BinaryKernel, OutKernel, UnaryKernel};
use crate::buffer::Value;
use crate::error::Result;
use crate::kernel::Scalar;
use crate::ops::Arith;

macro_rules! unary_ops {
    ($($name:ident: $py:ident),* $(,)?) => {
        /// Which pointwise unary function a node applies.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum UnaryOp {
            $($name,)*
        }

        impl UnaryOp {
            /// Every function of the family (tests iterate over it).
            pub const ALL: &'static [UnaryOp] = &[$(UnaryOp::$name,)*];

            pub fn name(self) -> &'static str {
                match self {
                    $(UnaryOp::$name => <$name as UnaryKernel>::NAME,)*
                }
            }
            fn forward<B: Backend>(self, x: &B::T) -> Result<B::T> {
                match self {
                    $(UnaryOp::$name => B::unary::<$name>(x),)*
                }
            }
            fn backward<B: Backend>(self, g: &B::T, x: &B::T, y: &B::T) -> Result<B::T> {
                match self {
                    $(UnaryOp::$name => <$name as UnaryFn>::backward::<B>(g, x, y),)*
                }
            }
            fn backward_in_place<B: Backend>(self, g: &mut B::T, y: &B::T) -> Option<Result<()>> {
                match self {
                    $(UnaryOp::$name => <$name as UnaryFn>::backward_in_place::<B>(g, y),)*
                }
            }
            fn reads(self) -> (bool, bool) {
                match self {
                    $(UnaryOp::$name => (
                        <$name as UnaryFn>::READS_INPUT,
                        <$name as UnaryFn>::READS_OUTPUT,
                    ),)*
                }
            }
            /// The LibTorch `_out` kernel (see [`OutKernel`]).
            pub fn out_kernel(self) -> Option<OutKernel> {
                match self {
                    $(UnaryOp::$name => Some(OutKernel::unary::<$name>()),)*
                }
            }
        }
    };
}

/// The family's list, once: each unit and its torch declaration, from which the binding
/// (`src/python/pointwise.rs`) generates every public form and `make stubs` their stubs:
/// `Unit: name [name_] | alias [alias_] = "what it computes"` gives `Tensor.name`,
/// `et.name`, the in-place method `Tensor.name_` where torch has one (the bracket), and each
/// torch alias with its own in-place form. `unary_list!(m)` invokes `m! { ... }` with the
/// entries; the phrase completes "Returns a new tensor with ..." in the docstrings.
macro_rules! unary_list {
    ($then:ident) => {
        $then! {
            Neg: neg [neg_] | negative [negative_] = "the negative of each element, `-x`",
            Exp: exp [exp_] = "the exponential of each element, `e^x`",
            Log: log [log_] = "the natural logarithm of each element, `ln(x)`",
            Tanh: tanh [tanh_] = "the hyperbolic tangent of each element",
            Sigmoid: sigmoid [sigmoid_] = "the logistic sigmoid of each element, `1 / (1 + e^-x)`",
            Relu: relu [relu_] = "the rectified linear unit of each element, `max(x, 0)`",
            Sqrt: sqrt [sqrt_] = "the square root of each element",
            Abs: abs [abs_] | absolute [absolute_] = "the absolute value of each element, `|x|`",
            Rsqrt: rsqrt [rsqrt_] = "the reciprocal of the square root of each element, `1 / sqrt(x)`",
            Square: square [square_] = "the square of each element, `x * x`",
            Reciprocal: reciprocal [reciprocal_] = "the reciprocal of each element, `1 / x`",
            Log1p: log1p [log1p_] = "the natural logarithm of one plus each element, `ln(1 + x)`, accurate for small `x`",
            Expm1: expm1 [expm1_] = "the exponential of each element minus one, `e^x - 1`, accurate for small `x`",
            Sin: sin [sin_] = "the sine of each element (radians)",
            Cos: cos [cos_] = "the cosine of each element (radians)",
            Erf: erf [erf_] = "the error function of each element",
            Sign: sign [sign_] | sgn [sgn_] = "the sign of each element: -1, 0 or 1 (its gradient is zero)",
            Silu: silu = "the sigmoid linear unit of each element, `x * sigmoid(x)`",
            LogSigmoid: logsigmoid = "the logarithm of the sigmoid of each element, `-softplus(-x)`, computed stably",
            Tan: tan [tan_] = "the tangent of each element (radians)",
            Asin: asin [asin_] | arcsin [arcsin_] = "the inverse sine of each element",
            Acos: acos [acos_] | arccos [arccos_] = "the inverse cosine of each element",
            Atan: atan [atan_] | arctan [arctan_] = "the inverse tangent of each element",
            Sinh: sinh [sinh_] = "the hyperbolic sine of each element",
            Cosh: cosh [cosh_] = "the hyperbolic cosine of each element",
            Asinh: asinh [asinh_] | arcsinh [arcsinh_] = "the inverse hyperbolic sine of each element",
            Acosh: acosh [acosh_] | arccosh [arccosh_] = "the inverse hyperbolic cosine of each element",
            Atanh: atanh [atanh_] | arctanh [arctanh_] = "the inverse hyperbolic tangent of each element",
            Floor: floor [floor_] = "the largest integer not greater than each element (its gradient is zero)",
            Ceil: ceil [ceil_] = "the smallest integer not less than each element (its gradient is zero)",
            Trunc: trunc [trunc_] | fix [fix_] = "the integer part of each element, rounded toward zero (its gradient is zero)",
            Frac: frac [frac_] = "the fractional part of each element, `x - trunc(x)`",
            Hardswish: hardswish = "the hard swish of each element, `x * relu6(x + 3) / 6`",
            Hardsigmoid: hardsigmoid = "the hard sigmoid of each element, `relu6(x + 3) / 6`",
            Mish: mish = "the Mish activation of each element, `x * tanh(softplus(x))`",
            Erfc: erfc [erfc_] = "the complementary error function of each element, `1 - erf(x)`",
            Exp2: exp2 [exp2_] = "two to the power of each element, `2^x`",
            Log2: log2 [log2_] = "the base-2 logarithm of each element",
            Log10: log10 [log10_] = "the base-10 logarithm of each element",
            Deg2rad: deg2rad [deg2rad_] = "each element converted from degrees to radians",
            Rad2deg: rad2deg [rad2deg_] = "each element converted from radians to degrees",
            Lgamma: lgamma [lgamma_] = "the natural logarithm of the absolute value of the gamma function of each element",
            Digamma: digamma [digamma_] = "the digamma function (the derivative of `lgamma`) of each element",
            Erfinv: erfinv [erfinv_] = "the inverse error function of each element (defined on `(-1, 1)`)",
            I0: i0 [i0_] = "the modified Bessel function of the first kind, order 0, of each element",
            Sinc: sinc [sinc_] = "the normalized sinc of each element, `sin(pi x) / (pi x)` (1 at 0)",
        }
    };
}
// Used by the binding (`src/python/pointwise.rs`), which is built with the `python` feature.
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use unary_list;

/// The family's list plus `round`, whose `Tensor` method takes `decimals=` (so it is
/// declared apart, in `ops/derived.rs`, not generated from the list), and `nan_to_zero`,
/// the first step of `nansum`/`nanmean` (`derive.rs`), with no public form of its own.
macro_rules! unary_ops_all {
    ($($name:ident: $py:ident $([$inp:ident])? $(| $alias:ident [$alias_inp:ident])*
       = $doc:literal),* $(,)?) => {
        unary_ops! { $($name: $py,)* Round: round, NanToZero: nan_to_zero }
    };
}

unary_list!(unary_ops_all);

impl UnaryOp {
    /// The op recording this function.
    pub fn op<B: Backend>(self) -> Op<B> {
        Op::Unary(Unary(self))
    }
}

/// The family's rule: one input, same shape, a fresh output.
#[derive(Clone)]
pub struct Unary(pub UnaryOp);

impl<B: Backend> Rule<B> for Unary {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    /// torch's integer `neg` and `abs` (and their aliases) of data.
    fn computes_data(&self) -> bool {
        matches!(self.0, UnaryOp::Neg | UnaryOp::Abs)
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
        fresh(self.0.forward::<B>(xs[0].get())?)
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let (xs, out, g) = (cx.xs, cx.out, cx.g);
        let t = self.0.backward::<B>(g.get(), xs[0].get(), out.get())?;
        Ok(vec![Some(grad_value(t))])
    }
    fn backward_in_place(
        &self,
        g: &mut B::T,
        _xs: &[&Value<B>],
        out: &Value<B>,
    ) -> Option<Result<()>> {
        self.0.backward_in_place::<B>(g, out.get())
    }
    fn saves_operand(&self, _i: usize, _needs: &[bool]) -> bool {
        self.0.reads().0
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        self.0.reads().1
    }
    fn out_kernel(&self, _parents: usize) -> Option<OutKernel> {
        self.0.out_kernel()
    }
}

unary_kernel!(Neg, "neg", f_neg, f_neg_out, S::neg);
unary_kernel!(Exp, "exp", f_exp, f_exp_out, S::exp);
unary_kernel!(Log, "log", f_log, f_log_out, S::log);
unary_kernel!(Tanh, "tanh", f_tanh, f_tanh_out, S::tanh);
unary_kernel!(Relu, "relu", f_relu, f_relu_out, S::relu);
unary_kernel!(Sqrt, "sqrt", f_sqrt, f_sqrt_out, sqrt_element::<S>);
unary_kernel!(Abs, "abs", f_abs, f_abs_out, abs_element::<S>);

impl UnaryFn for Neg {
    // d(-x) = -g
    fn backward<B: Backend>(g: &B::T, _x: &B::T, _y: &B::T) -> Result<B::T> {
        B::neg(g)
    }
    const READS_INPUT: bool = false;
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Exp {
    // d exp(x) = exp(x) g
    fn backward<B: Backend>(g: &B::T, _x: &B::T, y: &B::T) -> Result<B::T> {
        B::mul(g, y)
    }
    const READS_INPUT: bool = false;
}

impl UnaryFn for Log {
    // d log(x) = g / x
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::div(g, x)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Tanh {
    // d tanh(x) = (1 - y²) g: torch's tanh_backward
    fn backward<B: Backend>(g: &B::T, _x: &B::T, y: &B::T) -> Result<B::T> {
        B::grad::<TanhBackward>(g, y, 0.0, 0.0)
    }
    const READS_INPUT: bool = false;
}

super::pointwise::grad_kernel!(
    /// `g (1 − y²)` from the output `y`: LibTorch's `tanh_backward`.
    TanhBackward,
    "tanh_backward",
    |g, y, a, b| tch::Tensor::f_tanh_backward(g, y),
    Some(|g: S, y: S, _, _| g.mul(S::from_f64(1.0).sub(y.mul(y))))
);

impl UnaryFn for Relu {
    // d relu(x) = g where x > 0 (0 at x = 0, PyTorch's convention), read from y = relu(x)
    // (y > 0 exactly where x > 0; an interval y straddles 0 exactly where x does), which is
    // what torch saves.
    fn backward<B: Backend>(g: &B::T, _x: &B::T, y: &B::T) -> Result<B::T> {
        B::relu_backward(g, y)
    }
    fn backward_in_place<B: Backend>(g: &mut B::T, y: &B::T) -> Option<Result<()>> {
        B::relu_backward_(g, y)
    }
    const READS_INPUT: bool = false;
}

impl UnaryFn for Sqrt {
    // d sqrt(x) = g / (2 y), as torch (inf at 0)
    fn backward<B: Backend>(g: &B::T, _x: &B::T, y: &B::T) -> Result<B::T> {
        B::div(g, &B::mul_scalar(y, 2.0)?)
    }
    const READS_INPUT: bool = false;
}

impl UnaryFn for Abs {
    // d |x| = g · sgn(x) (0 at x = 0, as torch)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::binary::<AbsGrad>(g, x)
    }
    const READS_OUTPUT: bool = false;
}

/// `√x`; NaN below 0 (an interval reaching below 0 becomes NaN: the result is undefined
/// there, as torch's NaN).
fn sqrt_element<S: Scalar>(x: S) -> S {
    if x.bounds().0 < 0.0 {
        return S::from_f64(f64::NAN);
    }
    x.sqrt()
}

/// `|x|` (exact; an interval straddling 0 gives `[0, max(-lo, hi)]`).
fn abs_element<S: Scalar>(x: S) -> S {
    let (lo, hi) = x.bounds();
    if lo > 0.0 {
        x
    } else if hi < 0.0 {
        x.neg()
    } else {
        S::from_bounds(0.0, (-lo).max(hi)).unwrap_or(x)
    }
}

/// `g` where `x > 0`, else 0: relu's derivative as a kernel.
pub struct ReluGrad;

impl BinaryKernel for ReluGrad {
    const NAME: &'static str = "relu_backward";
    fn torch(g: &Tensor, x: &Tensor) -> Result<Tensor> {
        Ok(x.f_threshold_backward(g, 0.0)?)
    }
    fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
        Some(S::relu_grad)
    }
}

/// `g · sgn(x)`: abs's derivative as a kernel.
pub struct AbsGrad;

impl BinaryKernel for AbsGrad {
    const NAME: &'static str = "abs_backward";
    fn torch(g: &Tensor, x: &Tensor) -> Result<Tensor> {
        Ok(g.f_mul(&x.f_sgn()?)?)
    }
    fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
        Some(|g, x| {
            let (lo, hi) = x.bounds();
            if lo > 0.0 {
                g
            } else if hi < 0.0 {
                g.neg()
            } else if lo == 0.0 && hi == 0.0 {
                S::zero()
            } else {
                // An interval straddling 0 (or NaN): every value between -|g| and |g|.
                let (gl, gh) = g.bounds();
                let m = gl.abs().max(gh.abs());
                S::from_bounds(-m, m).unwrap_or_else(|| S::from_f64(f64::NAN))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use tch::Kind;

    use super::UnaryOp::*;
    use crate::ops::testing::{check_grads, data, positive, values};
    use crate::ops::Op;

    #[test]
    fn exp_gradient_is_its_output() {
        // d/dx exp(x) = exp(x)
        check_grads(
            &[data(&[3, 4], 30)],
            |s, h| s.record(Exp.op(), &[h[0]]),
            |t| t[0].exp(),
        );
    }

    #[test]
    fn log_gradient_is_the_reciprocal() {
        // d/dx log(x) = 1 / x
        check_grads(
            &[positive(&[3, 4], 31)],
            |s, h| s.record(Log.op(), &[h[0]]),
            |t| t[0].log(),
        );
    }

    #[test]
    fn tanh_gradient() {
        // d/dx tanh(x) = 1 - tanh(x)^2
        check_grads(
            &[data(&[2, 5], 32)],
            |s, h| s.record(Tanh.op(), &[h[0]]),
            |t| t[0].tanh(),
        );
    }

    #[test]
    fn sigmoid_gradient() {
        // d/dx σ(x) = σ(x) (1 - σ(x))
        check_grads(
            &[data(&[2, 5], 33)],
            |s, h| s.record(Sigmoid.op(), &[h[0]]),
            |t| t[0].sigmoid(),
        );
    }

    #[test]
    fn relu_passes_the_cotangent_where_positive() {
        // d/dx relu(x) = 1 if x > 0 else 0
        check_grads(
            &[data(&[4, 4], 34)],
            |s, h| s.record(Relu.op(), &[h[0]]),
            |t| t[0].relu(),
        );
    }

    #[test]
    fn relu_gradient_at_zero_is_zero() {
        // d/dx relu(x) at x = 0 is taken as 0 (PyTorch's convention)
        check_grads(
            &[values(&[-1.0, 0.0, 0.0, 2.0], &[4])],
            |s, h| s.record(Relu.op(), &[h[0]]),
            |t| t[0].relu(),
        );
    }

    #[test]
    fn neg_negates() {
        // d/dx (-x) = -1
        check_grads(
            &[data(&[3, 2], 37)],
            |s, h| s.record(Neg.op(), &[h[0]]),
            |t| -&t[0],
        );
    }

    #[test]
    fn sqrt_gradient_is_half_the_reciprocal_root() {
        // d/dx √x = 1 / (2 √x)
        check_grads(
            &[positive(&[3, 4], 38)],
            |s, h| s.record(Sqrt.op(), &[h[0]]),
            |t| t[0].sqrt(),
        );
    }

    #[test]
    fn abs_gradient_is_the_sign_and_zero_at_zero() {
        // d/dx |x| = sgn(x), 0 at x = 0 (torch's convention)
        check_grads(
            &[values(&[-1.5, 0.0, 2.0, -0.25, 0.75], &[5])],
            |s, h| s.record(Abs.op(), &[h[0]]),
            |t| t[0].abs(),
        );
    }

    #[test]
    fn unary_chain_applies_the_chain_rule() {
        // d/dx [log σ(x) · tanh(eˣ)] = (1 - σ(x)) tanh(eˣ) + log σ(x) (1 - tanh²(eˣ)) eˣ
        check_grads(
            &[data(&[6], 35)],
            |s, h| {
                let a = s.record(Sigmoid.op(), &[h[0]])?;
                let a = s.record(Log.op(), &[a])?;
                let b = s.record(Exp.op(), &[h[0]])?;
                let b = s.record(Tanh.op(), &[b])?;
                s.record(crate::ops::binary::BinaryOp::Mul.op(), &[a, b])
            },
            |t| t[0].sigmoid().log() * t[0].exp().tanh(),
        );
    }

    #[test]
    fn exp_of_a_reduction_reaches_every_element() {
        // d/dx_i exp(Σ x) = exp(Σ x)
        check_grads(
            &[data(&[2, 3], 36)],
            |s, h| {
                let sum = s.record(Op::sum(&[], false), &[h[0]])?;
                s.record(Exp.op(), &[sum])
            },
            |t| t[0].sum(Kind::Double).exp(),
        );
    }
}
