//! The scaled exponential units and the piecewise activations, units of the pair family
//! (`activation.rs`'s [`WithPair`](super::activation::WithPair): one tensor, two numbers,
//! 0 where unused): `celu(x, alpha)`, `selu(x)`, `hardshrink(x, lambd)`,
//! `softshrink(x, lambd)` and `threshold(x, threshold, value)`, LibTorch's kernels (through
//! the activation shim where tch drops their numbers) with torch's derivatives
//! (`elu_backward` with CELU's and SELU's coefficients, `hardshrink_backward`,
//! `softshrink_backward`, `threshold_backward`). Their reference element functions are the
//! point formulas; they have no interval enclosure here (`UnsupportedOpError` on intervals).

use tch::Tensor;

use super::activation::PairOp;
use super::binary::BinaryOp;
use super::compose::{Recorder, TensorOrNumber};
use super::join::Where;
use super::pointwise::grad_kernel;
use super::scalar::ScalarOp;
use super::unary::UnaryOp;
use super::Op;
use crate::backend::layer_kernels::{activation, Activation};
use crate::backend::{Backend, PairKernel};
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::kernel::{GradElement, Scalar};
use crate::session::factory::Factory;
use crate::session::Session;

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

/// `celu(x, alpha)`; torch's error for `alpha == 0`.
pub fn celu<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, alpha: f64) -> Result<Handle> {
    if alpha == 0.0 {
        return Err(Error::Argument(
            "ZeroDivisionError: alpha cannot be 0 for CELU".into(),
        ));
    }
    r.record(PairOp::Celu.op(alpha, 0.0), &[x])
}

/// `selu(x)`.
pub fn selu<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    r.record(PairOp::Selu.op(0.0, 0.0), &[x])
}

/// `hardshrink(x, lambd)`.
pub fn hardshrink<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, lambd: f64) -> Result<Handle> {
    r.record(PairOp::Hardshrink.op(lambd, 0.0), &[x])
}

/// `softshrink(x, lambd)`; torch's error for a negative (or NaN) `lambd`.
pub fn softshrink<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, lambd: f64) -> Result<Handle> {
    if lambd < 0.0 || lambd.is_nan() {
        return Err(Error::Argument(format!(
            "softshrink: lambda must be greater or equal to 0, but found {lambd}"
        )));
    }
    r.record(PairOp::Softshrink.op(lambd, 0.0), &[x])
}

/// `threshold(x, threshold, value)`.
pub fn threshold<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    threshold: f64,
    value: f64,
) -> Result<Handle> {
    r.record(PairOp::Threshold.op(threshold, value), &[x])
}

/// `softsign(x) = x / (|x| + 1)`, torch's composition step for step.
pub fn softsign<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    let a = r.record(UnaryOp::Abs.op(), &[x])?;
    let d = r.record(ScalarOp::Add.op(1.0), &[a])?;
    r.record(BinaryOp::Div.op(), &[x, d])
}

/// `tanhshrink(x) = x - tanh(x)`, torch's composition.
pub fn tanhshrink<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    let t = r.record(UnaryOp::Tanh.op(), &[x])?;
    r.record(BinaryOp::Sub.op(), &[x, t])
}

/// `rrelu(x, lower, upper, training)`: in training, each element at or below 0 is
/// multiplied by its own slope drawn uniformly from `[lower, upper]` (the session's
/// generator, in `x`'s dtype; the slopes are data, no gradient flows into them); otherwise
/// `leaky_relu(x, (lower + upper) / 2)`, as torch.
pub fn rrelu<B: Backend>(
    s: &mut Session<B>,
    x: Handle,
    lower: f64,
    upper: f64,
    training: bool,
) -> Result<Handle> {
    if lower > upper || lower.is_nan() || upper.is_nan() {
        return Err(Error::Argument(format!(
            "rrelu: Lower bound should be less than or equal to the upper bound, got \
             lower={lower}, upper={upper}"
        )));
    }
    if !training {
        return s.record(ScalarOp::LeakyRelu.op((lower + upper) / 2.0), &[x]);
    }
    let (shape, dtype) = (s.shape(x)?, s.dtype_of(x)?);
    if dtype.is_data() {
        return Err(Error::DType(format!(
            "rrelu(): not implemented for {dtype} (a floating dtype only)"
        )));
    }
    let u = s.make(&Factory::rand(shape)?, Some(dtype), false)?;
    // torch's `uniform_(lower, upper)`: lower + (upper - lower) · u
    let width = s.record(ScalarOp::Mul.op(upper - lower), &[u])?;
    let slopes = s.record(ScalarOp::Add.op(lower), &[width])?;
    let scaled = s.record(BinaryOp::Mul.op(), &[x, slopes])?;
    let positive = crate::ops::compare::gt(s, x, TensorOrNumber::Number(0.0))?;
    s.record(Op::movement(Where), &[positive, x, scaled])
}

/// The function forms of this file's activations, for the binding's generator `$gen`:
/// torch's `torch.*` and `torch.nn.functional` functions (`hardshrink` is also a `Tensor`
/// method: [`methods`]).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Applies the CELU function element-wise: `max(0, x) + min(0, alpha * (exp(x / alpha) - 1))`.
            ///
            /// Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     alpha (float): the `alpha` of the formula (not 0). Default: ``1.0``.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Raises:
            ///     et.ArgumentError: if `alpha` is 0.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.celu(et.tensor([0.0, 2.0])).tolist()
            ///     [0.0, 2.0]
            fn celu(input: Tensor; alpha: f64 = 1.0)
                = crate::ops::activation_piecewise::celu;

            /// Applies the SELU function element-wise: `scale * (max(0, x) + min(0, alpha * (exp(x) - 1)))`.
            ///
            /// With `alpha = 1.6732632423543772` and `scale = 1.0507009873554805`, torch's constants.
            /// Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.selu(et.tensor([0.0])).tolist()
            ///     [0.0]
            fn selu(input: Tensor;)
                = crate::ops::activation_piecewise::selu;

            /// Thresholds each element: `value` where `input <= threshold`, else `input`.
            ///
            /// The gradient passes where `input > threshold`. Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     threshold (float): the value to threshold at.
            ///     value (float): the value to replace with.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.threshold(et.tensor([0.5, 2.0]), 1.0, -1.0).tolist()
            ///     [-1.0, 2.0]
            fn threshold(input: Tensor, threshold: f64, value: f64;)
                = crate::ops::activation_piecewise::threshold;

            /// Applies the soft shrinkage function element-wise: `x - lambd` above `lambd`, `x + lambd`
            /// below `-lambd`, 0 between.
            ///
            /// Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     lambd (float): the `lambda` of the formula (at least 0). Default: ``0.5``.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Raises:
            ///     et.ArgumentError: if `lambd` is negative.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.nn.functional.softshrink(et.tensor([-2.0, 0.25, 2.0])).tolist()
            ///     [-1.5, 0.0, 1.5]
            fn softshrink(input: Tensor; lambd: f64 = 0.5)
                = crate::ops::activation_piecewise::softshrink;

            /// Applies element-wise `SoftSign(x) = x / (1 + |x|)`.
            ///
            /// Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.nn.functional.softsign(et.tensor([1.0, -3.0])).tolist()
            ///     [0.5, -0.75]
            fn softsign(input: Tensor;)
                = crate::ops::activation_piecewise::softsign;

            /// Applies element-wise `Tanhshrink(x) = x - tanh(x)`.
            ///
            /// Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.nn.functional.tanhshrink(et.tensor([0.0])).tolist()
            ///     [0.0]
            fn tanhshrink(input: Tensor;)
                = crate::ops::activation_piecewise::tanhshrink;

            /// Applies the randomized leaky ReLU element-wise.
            ///
            /// In training, each element at or below 0 is multiplied by its own slope drawn uniformly
            /// from `[lower, upper]` (from the generator of `input`'s session, so the draws differ from
            /// torch's); otherwise the slope is `(lower + upper) / 2` for every element, as torch.
            /// Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     lower (float): the lower bound of the slopes. Default: ``0.125``.
            ///     upper (float): the upper bound of the slopes. Default: ``1 / 3``.
            ///     training (bool): draw the slopes if true. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Raises:
            ///     et.ArgumentError: if `lower` is above `upper`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.rrelu(et.tensor([-4.0, 2.0]), 0.25, 0.25).tolist()
            ///     [-1.0, 2.0]
            fn rrelu(input: Tensor; lower: f64 = 0.125, upper: f64 = 0.3333333333333333, training: bool = False)
                = @session crate::ops::activation_piecewise::rrelu;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// `hardshrink`'s function and `Tensor` method forms, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! methods {
    ($gen:ident) => {
        $gen! {
            /// Applies the hard shrinkage function element-wise: 0 where `-lambd <= x <= lambd`, else `x`.
            ///
            /// Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     lambd (float): the `lambda` of the formula. Default: ``0.5``.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.hardshrink(et.tensor([-2.0, 0.25, 2.0])).tolist()
            ///     [-2.0, 0.0, 2.0]
            fn hardshrink(input: Tensor; lambd: f64 = 0.5)
                = crate::ops::activation_piecewise::hardshrink;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use methods;

#[cfg(test)]
mod tests {
    use crate::ops::activation::PairOp;
    use crate::ops::testing::{check_grads, data};
    use tch::Tensor;

    fn reference(op: PairOp, a: f64, b: f64) -> impl Fn(&[Tensor]) -> Tensor {
        move |t: &[Tensor]| {
            let x = &t[0];
            match op {
                PairOp::Celu => x.where_self(&x.gt(0.0), &((x / a).expm1() * a)),
                PairOp::Selu => {
                    let neg = x.expm1() * (super::SELU_ALPHA * super::SELU_SCALE);
                    (x * super::SELU_SCALE).where_self(&x.gt(0.0), &neg)
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
