//! The scaled exponential units and the piecewise activations, units of the pair family
//! (`activation.rs`'s [`WithPair`](super::activation::WithPair): one tensor, two numbers,
//! 0 where unused): `celu(x, alpha)`, `selu(x)`, `hardshrink(x, lambd)`,
//! `softshrink(x, lambd)` and `threshold(x, threshold, value)` (their public forms are in
//! `activations.rs`), LibTorch's kernels (through
//! the activation shim where tch drops their numbers) with torch's derivatives
//! (`elu_backward` with CELU's and SELU's coefficients, `hardshrink_backward`,
//! `softshrink_backward`, `threshold_backward`). Their reference element functions are the
//! point formulas; they have no interval enclosure here (`UnsupportedOpError` on intervals).

use tch::Tensor;

use super::pointwise::grad_kernel;
use crate::backend::layer_kernels::{activation, Activation};
use crate::backend::PairKernel;
use crate::error::Result;
use crate::kernel::{GradElement, Scalar};

/// torch's `SELU_ALPHA`.
pub const SELU_ALPHA: f64 = 1.673_263_242_354_377_3;
/// torch's `SELU_SCALE`.
pub const SELU_SCALE: f64 = 1.050_700_987_355_480_5;

/// `celu(x, alpha)`: `x` where `x > 0`, else `alpha · expm1(x / alpha)`.
pub struct Celu;
/// `selu(x)`: `SELU_SCALE · x` where `x > 0`, else `SELU_SCALE · SELU_ALPHA · expm1(x)`.
pub struct Selu;
/// `hardshrink(x, lambd)`: 0 where `-lambd <= x <= lambd`, else `x`.
pub struct Hardshrink;
/// `softshrink(x, lambd)`: `x ∓ lambd` beyond `±lambd`, else 0.
pub struct Softshrink;
/// `threshold(x, threshold, value)`: `value` where `x <= threshold`, else `x`.
pub struct Threshold;

fn point<S: Scalar>(f: fn(S, f64, f64) -> S) -> Option<fn(S, f64, f64) -> S> {
    (!S::INTERVAL).then_some(f)
}

fn point_grad<S: Scalar>(f: GradElement<S>) -> Option<GradElement<S>> {
    (!S::INTERVAL).then_some(f)
}

fn expm1<S: Scalar>(x: S) -> S {
    x.point(libm::expm1f, libm::expm1)
}

/// Whether `-lambd <= x <= lambd` (false at NaN), where both shrinks give 0.
fn inside<S: Scalar>(x: S, lambd: f64) -> bool {
    let v = x.to_f64();
    v >= -lambd && v <= lambd
}

impl PairKernel for Celu {
    const NAME: &'static str = "celu";
    fn torch(x: &Tensor, alpha: f64, _: f64) -> Result<Tensor> {
        activation(x, Activation::Celu { alpha })
    }
    fn element<S: Scalar>() -> Option<fn(S, f64, f64) -> S> {
        point(|x: S, alpha, _| {
            if x.to_f64() > 0.0 {
                x
            } else {
                expm1(x.mul(S::from_f64(1.0 / alpha))).mul(S::from_f64(alpha))
            }
        })
    }
}

impl PairKernel for Selu {
    const NAME: &'static str = "selu";
    fn torch(x: &Tensor, _: f64, _: f64) -> Result<Tensor> {
        activation(x, Activation::Selu)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64, f64) -> S> {
        point(|x: S, _, _| {
            if x.to_f64() > 0.0 {
                x.mul(S::from_f64(SELU_SCALE))
            } else {
                expm1(x).mul(S::from_f64(SELU_ALPHA * SELU_SCALE))
            }
        })
    }
}

impl PairKernel for Hardshrink {
    const NAME: &'static str = "hardshrink";
    fn torch(x: &Tensor, lambd: f64, _: f64) -> Result<Tensor> {
        activation(x, Activation::Hardshrink { lambd })
    }
    fn element<S: Scalar>() -> Option<fn(S, f64, f64) -> S> {
        point(|x: S, lambd, _| {
            if inside(x, lambd) {
                S::from_f64(0.0)
            } else {
                x
            }
        })
    }
}

impl PairKernel for Softshrink {
    const NAME: &'static str = "softshrink";
    fn torch(x: &Tensor, lambd: f64, _: f64) -> Result<Tensor> {
        activation(x, Activation::Softshrink { lambd })
    }
    fn element<S: Scalar>() -> Option<fn(S, f64, f64) -> S> {
        point(|x: S, lambd, _| {
            let v = x.to_f64();
            if v > lambd {
                x.sub(S::from_f64(lambd))
            } else if v < -lambd {
                x.add(S::from_f64(lambd))
            } else {
                // `x · 0`: NaN stays NaN, as torch's kernel
                x.mul(S::from_f64(0.0))
            }
        })
    }
}

impl PairKernel for Threshold {
    const NAME: &'static str = "threshold";
    fn torch(x: &Tensor, threshold: f64, value: f64) -> Result<Tensor> {
        Ok(x.f_threshold(threshold, value)?)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64, f64) -> S> {
        point(|x: S, threshold, value| {
            if x.to_f64() <= threshold {
                S::from_f64(value)
            } else {
                x
            }
        })
    }
}

grad_kernel!(
    /// `g` where `x > 0`, else `g · e^(x / alpha)`: LibTorch's `elu_backward` with CELU's
    /// coefficients (input scale `1 / alpha`, alpha rounded to float32 first, as torch's
    /// derivative formula).
    CeluBackward,
    "elu_backward",
    |g, x, alpha, b| Tensor::f_elu_backward(g, alpha, 1.0, 1.0 / f64::from(alpha as f32), false, x),
    point_grad(|g: S, x: S, alpha, _| {
        if x.to_f64() <= 0.0 {
            let inv = 1.0 / f64::from(alpha as f32);
            g.mul(S::from_f64(inv * alpha))
                .mul(x.mul(S::from_f64(inv)).exp())
        } else {
            g
        }
    })
);

grad_kernel!(
    /// `g · SELU_SCALE` where `x > 0`, else `g · SELU_SCALE · SELU_ALPHA · e^x`: LibTorch's
    /// `elu_backward` with SELU's coefficients.
    SeluBackward,
    "elu_backward",
    |g, x, a, b| Tensor::f_elu_backward(g, SELU_ALPHA, SELU_SCALE, 1.0, false, x),
    point_grad(|g: S, x: S, _, _| {
        if x.to_f64() <= 0.0 {
            g.mul(S::from_f64(SELU_ALPHA * SELU_SCALE)).mul(x.exp())
        } else {
            g.mul(S::from_f64(SELU_SCALE))
        }
    })
);

grad_kernel!(
    /// 0 where `-lambd <= x <= lambd`, else `g`: LibTorch's `hardshrink_backward`.
    HardshrinkBackward,
    "hardshrink_backward",
    |g, x, lambd, b| x.f_hardshrink_backward(g, lambd),
    point_grad(|g: S, x: S, lambd, _| if inside(x, lambd) {
        S::from_f64(0.0)
    } else {
        g
    })
);

grad_kernel!(
    /// 0 where `-lambd <= x <= lambd`, else `g`: LibTorch's `softshrink_backward`.
    SoftshrinkBackward,
    "softshrink_backward",
    |g, x, lambd, b| x.f_softshrink_backward(g, lambd),
    point_grad(|g: S, x: S, lambd, _| if inside(x, lambd) {
        S::from_f64(0.0)
    } else {
        g
    })
);

grad_kernel!(
    /// 0 where `x <= threshold`, else `g`: LibTorch's `threshold_backward`.
    ThresholdBackward,
    "threshold_backward",
    |g, x, threshold, b| x.f_threshold_backward(g, threshold),
    point_grad(|g: S, x: S, threshold, _| if x.to_f64() <= threshold {
        S::from_f64(0.0)
    } else {
        g
    })
);
