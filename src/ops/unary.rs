//! Pointwise functions of one tensor: `neg exp log tanh sigmoid relu sqrt abs` here, the
//! other functions of the family in `unary_math.rs` and `activation.rs`.
//!
//! Each function is one unit type below holding everything about it: its LibTorch kernel
//! and `_out` form, its element function on the reference backend ([`UnaryKernel`]) and its
//! derivative ([`UnaryFn`]). `unary_ops!` lists the units once; that list is the runtime
//! enum [`UnaryOp`] a tape node stores, and the one [`Rule`] of the family dispatches on it.

use tch::Tensor;

pub use super::activation::{LogSigmoid, Sigmoid, Silu};
use super::pointwise::{unary_kernel, UnaryFn};
pub use super::unary_math::{Cos, Erf, Expm1, Log1p, Reciprocal, Rsqrt, Sign, Sin, Square};
use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::{Backend, BinaryKernel, OutKernel, UnaryKernel};
use crate::buffer::Value;
use crate::error::Result;
use crate::kernel::Scalar;
use crate::ops::Arith;

macro_rules! unary_ops {
    ($($name:ident),* $(,)?) => {
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

unary_ops!(
    Neg, Exp, Log, Tanh, Sigmoid, Relu, Sqrt, Abs, Rsqrt, Square, Reciprocal, Log1p, Expm1, Sin,
    Cos, Erf, Sign, Silu, LogSigmoid,
);

impl UnaryOp {
    /// The op recording this function.
    pub fn op<B: Backend>(self) -> Op<B> {
        Op::Unary(Unary(self))
    }
}

/// The family's rule: one input, same shape, a fresh output.
pub struct Unary(pub UnaryOp);

impl<B: Backend> Rule<B> for Unary {
    fn name(&self) -> &'static str {
        self.0.name()
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
    // d tanh(x) = (1 - y²) g
    fn backward<B: Backend>(g: &B::T, _x: &B::T, y: &B::T) -> Result<B::T> {
        B::mul(g, &B::add_scalar(&B::neg(&B::mul(y, y)?)?, 1.0)?)
    }
    const READS_INPUT: bool = false;
}

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
