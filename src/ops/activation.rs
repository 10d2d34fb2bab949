//! Activations: `silu`, `logsigmoid` (units of the unary family, see `unary.rs`; on
//! intervals enclosed by composing enclosing functions), `gelu(approximate)` (a unit of
//! the scalar family: the number selects the form, 0 exact, 1 tanh; LibTorch's own
//! `gelu_backward` kernel for its derivative), `leaky_relu(negative_slope)` and
//! `elu(alpha)` (scalar family: the number is the parameter), and `softplus(beta,
//! threshold)` (the pair family, [`WithPair`]). The parametrised ones have no interval
//! enclosure here (`UnsupportedOpError` on intervals before anything is recorded).

use tch::Tensor;

use super::activation_piecewise as pw;
use super::pointwise::{grad_kernel, unary_kernel, ScalarFn, UnaryFn};
use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::layer_kernels::{activation, Activation};
use crate::backend::{Backend, PairKernel, ScalarKernel};
use crate::buffer::Value;
use crate::error::Result;
use crate::kernel::{GradElement, Scalar};

unary_kernel!(Sigmoid, "sigmoid", f_sigmoid, f_sigmoid_out, S::sigmoid);
unary_kernel!(Silu, "silu", f_silu, f_silu_out, |x: S| x.mul(x.sigmoid()));
unary_kernel!(@ LogSigmoid, "logsigmoid", f_log_sigmoid, f_log_sigmoid_out, Some(if S::INTERVAL {
    |x: S| x.sigmoid().log()
} else {
    |x: S| x.point(logsigmoid_f32, logsigmoid_f64)
}));

/// `log σ(x) = min(x, 0) − log1p(e^(−|x|))`, torch's stable form.
fn logsigmoid_f64(x: f64) -> f64 {
    x.min(0.0) - libm::log1p(libm::exp(-x.abs()))
}

fn logsigmoid_f32(x: f32) -> f32 {
    x.min(0.0) - libm::log1pf(libm::expf(-x.abs()))
}

/// `gelu(x, approximate)`: `s = 0` exact (`x Φ(x)`), `s = 1` the tanh form (the scalar
/// family's number; [`Approximate`] is how callers choose it).
pub struct Gelu;

/// gelu's `approximate=`: `"none"` (`x Φ(x)`) or `"tanh"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Approximate {
    None,
    Tanh,
}

impl Approximate {
    pub fn parse(s: &str) -> Result<Self> {
        match s {
            "none" => Ok(Approximate::None),
            "tanh" => Ok(Approximate::Tanh),
            other => Err(crate::error::Error::Argument(format!(
                "gelu: approximate must be \"none\" or \"tanh\", got {other:?}"
            ))),
        }
    }
    /// The number of the scalar family's `gelu` unit that selects this form.
    pub fn code(self) -> f64 {
        match self {
            Approximate::None => 0.0,
            Approximate::Tanh => 1.0,
        }
    }
}

/// torch's name of the form `s` selects.
fn approximate(s: f64) -> &'static str {
    if s == 0.0 {
        "none"
    } else {
        "tanh"
    }
}

const SQRT_2_OVER_PI: f64 = 0.797_884_560_802_865_4;
const KAPPA: f64 = 0.044_715;

fn gelu_f64(x: f64) -> f64 {
    0.5 * x * (1.0 + libm::erf(x * std::f64::consts::FRAC_1_SQRT_2))
}
fn gelu_f32(x: f32) -> f32 {
    0.5 * x * (1.0 + libm::erff(x * std::f32::consts::FRAC_1_SQRT_2))
}
fn gelu_tanh_f64(x: f64) -> f64 {
    0.5 * x * (1.0 + libm::tanh(SQRT_2_OVER_PI * (x + KAPPA * x * x * x)))
}
fn gelu_tanh_f32(x: f32) -> f32 {
    let (k, c) = (SQRT_2_OVER_PI as f32, KAPPA as f32);
    0.5 * x * (1.0 + libm::tanhf(k * (x + c * x * x * x)))
}
/// d/dx x Φ(x) = Φ(x) + x φ(x).
fn dgelu_f64(x: f64) -> f64 {
    let cdf = 0.5 * (1.0 + libm::erf(x * std::f64::consts::FRAC_1_SQRT_2));
    let pdf = libm::exp(-0.5 * x * x) * 0.398_942_280_401_432_7;
    cdf + x * pdf
}
fn dgelu_f32(x: f32) -> f32 {
    dgelu_f64(f64::from(x)) as f32
}
/// d/dx of the tanh form.
fn dgelu_tanh_f64(x: f64) -> f64 {
    let u = SQRT_2_OVER_PI * (x + KAPPA * x * x * x);
    let t = libm::tanh(u);
    0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * SQRT_2_OVER_PI * (1.0 + 3.0 * KAPPA * x * x)
}
fn dgelu_tanh_f32(x: f32) -> f32 {
    dgelu_tanh_f64(f64::from(x)) as f32
}

impl ScalarKernel for Gelu {
    const NAME: &'static str = "gelu";
    fn torch(x: &Tensor, s: f64) -> Result<Tensor> {
        Ok(x.f_gelu(approximate(s))?)
    }
    fn torch_out(x: &Tensor, s: f64, out: &mut Tensor) -> Result<bool> {
        drop(x.f_gelu_out(out, approximate(s))?);
        Ok(true)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
        (!S::INTERVAL).then_some(|x: S, s| {
            if s == 0.0 {
                x.point(gelu_f32, gelu_f64)
            } else {
                x.point(gelu_tanh_f32, gelu_tanh_f64)
            }
        })
    }
}

impl ScalarFn for Gelu {
    fn grad<B: Backend>(g: &B::T, x: &B::T, _: &B::T, s: f64) -> Result<Option<B::T>> {
        B::grad::<GeluBackward>(g, x, s, 0.0).map(Some)
    }
}

grad_kernel!(
    /// `g · gelu'(x)` in the form `s` codes (0 exact, else tanh): LibTorch's `gelu_backward`.
    GeluBackward,
    "gelu_backward",
    |g, x, s, b| x.f_gelu_backward(g, approximate(s)),
    point_grad(|g: S, x: S, s, _| {
        g.mul(if s == 0.0 {
            x.point(dgelu_f32, dgelu_f64)
        } else {
            x.point(dgelu_tanh_f32, dgelu_tanh_f64)
        })
    })
);

impl UnaryFn for Sigmoid {
    // d sigmoid(x) = y (1 - y) g: torch's sigmoid_backward
    fn backward<B: Backend>(g: &B::T, _x: &B::T, y: &B::T) -> Result<B::T> {
        B::grad::<SigmoidBackward>(g, y, 0.0, 0.0)
    }
    const READS_INPUT: bool = false;
}

impl UnaryFn for Silu {
    // d x σ(x) = σ(x) (1 + x (1 − σ(x))) g: torch's silu_backward
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::grad::<SiluBackward>(g, x, 0.0, 0.0)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for LogSigmoid {
    // d log σ(x) = σ(−x) g: torch's log_sigmoid_backward
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::grad::<LogSigmoidBackward>(g, x, 0.0, 0.0)
    }
    const READS_OUTPUT: bool = false;
}

/// `σ(x)` on the reference carriers: `1 / (1 + e^(−x))`.
fn sigmoid_of<S: Scalar>(x: S) -> S {
    let one = S::from_f64(1.0);
    one.div(one.add(x.neg().exp()))
}

grad_kernel!(
    /// `g · y (1 − y)` from the output `y`: LibTorch's `sigmoid_backward`.
    SigmoidBackward,
    "sigmoid_backward",
    |g, y, a, b| Tensor::f_sigmoid_backward(g, y),
    Some(|g: S, y: S, _, _| g.mul(y.mul(S::from_f64(1.0).sub(y))))
);
grad_kernel!(
    /// `g · σ(x) (1 + x (1 − σ(x)))`: LibTorch's `silu_backward`.
    SiluBackward,
    "silu_backward",
    |g, x, a, b| x.f_silu_backward(g),
    Some(|g: S, x: S, _, _| {
        let s = sigmoid_of(x);
        let one = S::from_f64(1.0);
        g.mul(s.mul(one.add(x.mul(one.sub(s)))))
    })
);
grad_kernel!(
    /// `g · σ(−x)`: LibTorch's `log_sigmoid_backward` (its CPU kernel reads the buffer of
    /// `log_sigmoid_forward`, which the shim recomputes from `x`).
    LogSigmoidBackward,
    "log_sigmoid_backward",
    |g, x, a, b| activation(x, Activation::LogSigmoidBackward { g }),
    Some(|g: S, x: S, _, _| g.mul(sigmoid_of(x.neg())))
);

/// `leaky_relu(x, s)`: `x` where `x > 0`, else `s x` (torch's formula, NaN stays NaN).
pub struct LeakyRelu;
/// `elu(x, alpha)`: `x` where `x > 0`, else `alpha · expm1(x)`.
pub struct Elu;

fn point<S: Scalar>(f: fn(S, f64) -> S) -> Option<fn(S, f64) -> S> {
    (!S::INTERVAL).then_some(f)
}

impl ScalarKernel for LeakyRelu {
    const NAME: &'static str = "leaky_relu";
    fn torch(x: &Tensor, s: f64) -> Result<Tensor> {
        // leaky_relu_backward(x, x, s) = x > 0 ? x : x·s, torch's forward formula exactly
        // (tch's leaky_relu takes no slope).
        Ok(x.f_leaky_relu_backward(x, s, false)?)
    }
    fn torch_out(x: &Tensor, s: f64, out: &mut Tensor) -> Result<bool> {
        drop(x.f_leaky_relu_backward_grad_input(out, x, s, false)?);
        Ok(true)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
        point(|x: S, s| {
            if x.to_f64() > 0.0 {
                x
            } else {
                x.mul(S::from_f64(s))
            }
        })
    }
}

impl ScalarFn for LeakyRelu {
    fn grad<B: Backend>(g: &B::T, x: &B::T, _: &B::T, s: f64) -> Result<Option<B::T>> {
        B::grad::<LeakyReluBackward>(g, x, s, 0.0).map(Some)
    }
}

grad_kernel!(
    /// `g` where `x > 0`, else `g · s`: LibTorch's `leaky_relu_backward`.
    LeakyReluBackward,
    "leaky_relu_backward",
    |g, x, s, b| x.f_leaky_relu_backward(g, s, false),
    point_grad(|g: S, x: S, s, _| {
        if x.to_f64() > 0.0 {
            g
        } else {
            g.mul(S::from_f64(s))
        }
    })
);

impl ScalarKernel for Elu {
    const NAME: &'static str = "elu";
    const HAS_OUT: bool = false;
    fn torch(x: &Tensor, alpha: f64) -> Result<Tensor> {
        activation(x, Activation::Elu { alpha })
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
        point(|x: S, alpha| {
            if x.to_f64() > 0.0 {
                x
            } else {
                x.point(libm::expm1f, libm::expm1).mul(S::from_f64(alpha))
            }
        })
    }
}

impl ScalarFn for Elu {
    fn grad<B: Backend>(g: &B::T, x: &B::T, _: &B::T, alpha: f64) -> Result<Option<B::T>> {
        B::grad::<EluBackward>(g, x, alpha, 0.0).map(Some)
    }
}

grad_kernel!(
    /// `g` where `x > 0`, else `g · alpha · e^x`: LibTorch's `elu_backward`.
    EluBackward,
    "elu_backward",
    |g, x, alpha, b| Tensor::f_elu_backward(g, alpha, 1.0, 1.0, false, x),
    point_grad(|g: S, x: S, alpha, _| {
        if x.to_f64() <= 0.0 {
            g.mul(S::from_f64(alpha).mul(x.exp()))
        } else {
            g
        }
    })
);

fn point_grad<S: Scalar>(f: GradElement<S>) -> Option<GradElement<S>> {
    (!S::INTERVAL).then_some(f)
}

/// `softplus(x, beta, threshold)`: `x` where `beta x > threshold`, else
/// `log1p(e^(beta x)) / beta` (torch's formula).
pub struct Softplus;

impl PairKernel for Softplus {
    const NAME: &'static str = "softplus";
    fn torch(x: &Tensor, beta: f64, threshold: f64) -> Result<Tensor> {
        activation(x, Activation::Softplus { beta, threshold })
    }
    fn element<S: Scalar>() -> Option<fn(S, f64, f64) -> S> {
        (!S::INTERVAL).then_some(|x: S, beta, threshold| {
            let (beta, threshold) = (S::from_f64(beta), S::from_f64(threshold));
            let z = x.mul(beta);
            if z.to_f64() > threshold.to_f64() {
                x
            } else {
                z.exp().point(libm::log1pf, libm::log1p).div(beta)
            }
        })
    }
}

grad_kernel!(
    /// `g` where `beta x > threshold`, else `g · z / (z + 1)` with `z = e^(beta x)`:
    /// LibTorch's `softplus_backward`.
    SoftplusBackward,
    "softplus_backward",
    |g, x, beta, threshold| x.f_softplus_backward(g, beta, threshold),
    point_grad(|g: S, x: S, beta, threshold| {
        let z = x.mul(S::from_f64(beta));
        if z.to_f64() > S::from_f64(threshold).to_f64() {
            g
        } else {
            let e = z.exp();
            g.mul(e.div(e.add(S::from_f64(1.0))))
        }
    })
);

/// `hardtanh(x, min_val, max_val)`: `x` clamped to `[min_val, max_val]`.
pub struct Hardtanh;

impl PairKernel for Hardtanh {
    const NAME: &'static str = "hardtanh";
    fn torch(x: &Tensor, min_val: f64, max_val: f64) -> Result<Tensor> {
        Ok(x.f_clamp(min_val, max_val)?)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64, f64) -> S> {
        Some(|x: S, min_val, max_val| {
            let (lo, hi) = x.bounds();
            if lo.is_nan() || hi.is_nan() {
                return x;
            }
            // The bounds as the carrier holds them (float32 rounds them, as torch).
            let (a, b) = (
                S::from_f64(min_val).bounds().0,
                S::from_f64(max_val).bounds().0,
            );
            S::from_bounds(lo.max(a).min(b), hi.max(a).min(b)).unwrap_or(x)
        })
    }
}

grad_kernel!(
    /// `g` strictly inside the bounds, 0 at and beyond them: LibTorch's `hardtanh_backward`
    /// (so 0 also where `clamp` passes the cotangent: at the bounds themselves).
    HardtanhBackward,
    "hardtanh_backward",
    |g, x, min_val, max_val| x.f_hardtanh_backward(g, min_val, max_val),
    Some(|g: S, x: S, min_val, max_val| {
        let (lo, hi) = x.bounds();
        let (a, b) = (
            S::from_f64(min_val).bounds().0,
            S::from_f64(max_val).bounds().0,
        );
        // torch's vectorised rule: `x > min && x < max` (NaN: 0)
        let surely = lo > a && hi < b;
        let surely_not = hi <= a || lo >= b || lo.is_nan() || hi.is_nan();
        if surely_not {
            return S::from_f64(0.0);
        }
        g.mul(super::pointwise::indicator::<S>(surely, surely_not))
    })
);

/// The pair family's units, once: each `PairOp` variant, its forward unit and its
/// backward kernel (the scaled and piecewise ones are in `activation_piecewise.rs`).
macro_rules! pair_ops {
    ($($name:ident => $unit:ty, $grad:ty;)*) => {
        /// Which function of a tensor and two numbers a node applies.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum PairOp {
            $($name,)*
        }

        impl PairOp {
            pub fn name(self) -> &'static str {
                match self {
                    $(PairOp::$name => <$unit as PairKernel>::NAME,)*
                }
            }
            fn forward<B: Backend>(self, x: &B::T, a: f64, b: f64) -> Result<B::T> {
                match self {
                    $(PairOp::$name => B::pair::<$unit>(x, a, b),)*
                }
            }
            fn grad<B: Backend>(self, g: &B::T, x: &B::T, a: f64, b: f64) -> Result<B::T> {
                match self {
                    $(PairOp::$name => B::grad::<$grad>(g, x, a, b),)*
                }
            }
        }
    };
}

pair_ops! {
    Softplus => Softplus, SoftplusBackward;
    Hardtanh => Hardtanh, HardtanhBackward;
    Celu => pw::Celu, pw::CeluBackward;
    Selu => pw::Selu, pw::SeluBackward;
    Hardshrink => pw::Hardshrink, pw::HardshrinkBackward;
    Softshrink => pw::Softshrink, pw::SoftshrinkBackward;
    Threshold => pw::Threshold, pw::ThresholdBackward;
}

impl PairOp {
    /// The op recording this function with the numbers `a`, `b`.
    pub fn op<B: Backend>(self, a: f64, b: f64) -> Op<B> {
        Op::Pair(WithPair { f: self, a, b })
    }
}

/// The pair family's rule: one tensor and two numbers, a fresh output.
#[derive(Clone)]
pub struct WithPair {
    pub f: PairOp,
    pub a: f64,
    pub b: f64,
}

impl<B: Backend> Rule<B> for WithPair {
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
        fresh(self.f.forward::<B>(xs[0].get(), self.a, self.b)?)
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let (g, x) = (cx.g.get(), cx.xs[0].get());
        let dx = self.f.grad::<B>(g, x, self.a, self.b)?;
        Ok(vec![Some(grad_value(dx))])
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{check_grads, data};
    use crate::ops::unary::UnaryOp::*;

    #[test]
    fn silu_gradient() {
        // d/dx x σ(x) = σ(x) (1 + x (1 − σ(x)))
        check_grads(
            &[data(&[3, 4], 150)],
            |s, h| s.record(Silu.op(), &[h[0]]),
            |t| t[0].silu(),
        );
    }

    #[test]
    fn gelu_gradients_exact_and_tanh() {
        use crate::ops::scalar::ScalarOp::Gelu;
        use tch::Tensor;
        // d/dx x Φ(x) = Φ(x) + x φ(x); the tanh form likewise
        check_grads(
            &[data(&[3, 4], 152)],
            |s, h| s.record(Gelu.op(0.0), &[h[0]]),
            |t| t[0].gelu("none"),
        );
        check_grads(
            &[data(&[3, 4], 153)],
            |s, h| s.record(Gelu.op(1.0), &[h[0]]),
            |t| Tensor::gelu(&t[0], "tanh"),
        );
    }

    #[test]
    fn leaky_relu_and_elu_gradients() {
        use crate::ops::scalar::ScalarOp::{Elu, LeakyRelu};
        // d/dx leaky_relu(x, s) = 1 if x > 0 else s; d/dx elu(x, a) = 1 if x > 0 else a e^x
        check_grads(
            &[data(&[3, 4], 154)],
            |s, h| s.record(LeakyRelu.op(0.2), &[h[0]]),
            |t| t[0].leaky_relu_backward(&t[0], 0.2, false),
        );
        check_grads(
            &[data(&[3, 4], 155)],
            |s, h| s.record(Elu.op(1.5), &[h[0]]),
            |t| {
                let neg = t[0].expm1() * 1.5;
                t[0].where_self(&t[0].gt(0.0), &neg)
            },
        );
    }

    #[test]
    fn softplus_gradient_on_both_sides_of_the_threshold() {
        use super::PairOp;
        // d/dx softplus(x, beta, t) = 1 where beta x > t, else sigmoid(beta x)
        check_grads(
            &[data(&[3, 4], 156)],
            |s, h| s.record(PairOp::Softplus.op(2.0, 0.5), &[h[0]]),
            |t| {
                let z = &t[0] * 2.0;
                let soft = z.exp().log1p() / 2.0;
                t[0].where_self(&z.gt(0.5), &soft)
            },
        );
    }

    #[test]
    fn logsigmoid_gradient() {
        // d/dx log σ(x) = σ(−x)
        check_grads(
            &[data(&[3, 4], 151)],
            |s, h| s.record(LogSigmoid.op(), &[h[0]]),
            |t| t[0].log_sigmoid(),
        );
    }

    mod piecewise {
        use crate::ops::activation::PairOp;
        use crate::ops::testing::{check_grads, data};
        use tch::Tensor;

        fn reference(op: PairOp, a: f64, b: f64) -> impl Fn(&[Tensor]) -> Tensor {
            move |t: &[Tensor]| {
                let x = &t[0];
                match op {
                    PairOp::Celu => x.where_self(&x.gt(0.0), &((x / a).expm1() * a)),
                    PairOp::Selu => {
                        let neg = x.expm1()
                            * (crate::ops::activation_piecewise::SELU_ALPHA
                                * crate::ops::activation_piecewise::SELU_SCALE);
                        (x * crate::ops::activation_piecewise::SELU_SCALE)
                            .where_self(&x.gt(0.0), &neg)
                    }
                    PairOp::Hardshrink => x * x.abs().gt(a).to_kind(x.kind()),
                    PairOp::Softshrink => (x - x.clamp(-a, a)) * 1.0,
                    PairOp::Threshold => x.where_self(&x.gt(a), &x.full_like(b)),
                    _ => unreachable!(),
                }
            }
        }

        #[test]
        fn celu_selu_shrink_and_threshold_gradients() {
            // samples in (−3, 3): both sides of every kink, none at one
            for (seed, (op, a, b)) in [
                (PairOp::Celu, 1.5, 0.0),
                (PairOp::Selu, 0.0, 0.0),
                (PairOp::Hardshrink, 0.5, 0.0),
                (PairOp::Softshrink, 0.5, 0.0),
                (PairOp::Threshold, 0.25, -2.0),
            ]
            .into_iter()
            .enumerate()
            {
                check_grads(
                    &[data(&[3, 4], 180 + seed as u64) * 3.0],
                    |s, h| s.record(op.op(a, b), &[h[0]]),
                    reference(op, a, b),
                );
            }
        }
    }
}
