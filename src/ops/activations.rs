//! The parametrised activations as torch's functions and `Tensor` methods (and, below, the
//! scaled and piecewise ones of `activation_piecewise.rs`: `celu selu hardshrink softshrink
//! threshold softsign tanhshrink`, `rrelu` a `Session` entry point): `gelu`,
//! `leaky_relu`, `elu`, `softplus`, `hardtanh`, `clamp_min`, `clamp_max`, `softmax`,
//! `log_softmax`, each one recorded unit (`scalar.rs`, `activation.rs`, `clamp.rs`,
//! `softmax.rs`); declared once below.

use super::activation::{Approximate, PairOp};
use super::binary::BinaryOp;
use super::compose::Recorder;
use super::scalar::ScalarOp;
use super::unary::UnaryOp;
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

pub fn gelu<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, approximate: String) -> Result<Handle> {
    let form = Approximate::parse(&approximate)?;
    r.record(ScalarOp::gelu(form), &[x])
}

pub fn leaky_relu<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    negative_slope: f64,
) -> Result<Handle> {
    r.record(ScalarOp::LeakyRelu.op(negative_slope), &[x])
}

pub fn elu<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, alpha: f64) -> Result<Handle> {
    r.record(ScalarOp::Elu.op(alpha), &[x])
}

pub fn softplus<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    beta: f64,
    threshold: f64,
) -> Result<Handle> {
    r.record(PairOp::Softplus.op(beta, threshold), &[x])
}

pub fn clamp_min<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, min: f64) -> Result<Handle> {
    super::clamp::clamp(r, x, Some(min), None)
}

pub fn clamp_max<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, max: f64) -> Result<Handle> {
    super::clamp::clamp(r, x, None, Some(max))
}

pub fn softmax<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, dim: i64) -> Result<Handle> {
    r.record(Op::softmax(dim), &[x])
}

pub fn log_softmax<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, dim: i64) -> Result<Handle> {
    r.record(Op::log_softmax(dim), &[x])
}

/// The function and method forms of this file's activations, for the binding's generator
/// `$gen` (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Applies the Gaussian Error Linear Units function element-wise.
            ///
            /// `GELU(x) = x * Phi(x)`, with `Phi` the standard normal CDF; with ``approximate="tanh"``,
            /// `0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x**3)))`. Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     approximate (str): ``"none"`` (exact) or ``"tanh"`` (the tanh approximation).
            ///         Default: ``"none"``.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Raises:
            ///     et.ArgumentError: if `approximate` is neither ``"none"`` nor ``"tanh"``.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.gelu(et.tensor([0.0, 10.0])).tolist()
            ///     [0.0, 10.0]
            fn gelu(input: Tensor; approximate: Str = "none")
                = crate::ops::activations::gelu;

            /// Applies element-wise `LeakyReLU(x) = max(0, x) + negative_slope * min(0, x)`.
            ///
            /// Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     negative_slope (float): the slope for negative inputs. Default: ``0.01``.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.leaky_relu(et.tensor([-2.0, 1.0]), 0.5).tolist()
            ///     [-1.0, 1.0]
            fn leaky_relu(input: Tensor; negative_slope: f64 = 0.01)
                = crate::ops::activations::leaky_relu;

            /// Applies the Exponential Linear Unit (ELU) function element-wise.
            ///
            /// `ELU(x) = x` for `x > 0`, else `alpha * (exp(x) - 1)`. Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     alpha (float): the value the function tends to for large negative inputs, negated.
            ///         Default: ``1.0``.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.elu(et.tensor([0.0, 2.0])).tolist()
            ///     [0.0, 2.0]
            fn elu(input: Tensor; alpha: f64 = 1.0)
                = crate::ops::activations::elu;

            /// Applies element-wise, the function `Softplus(x) = 1/beta * log(1 + exp(beta * x))`.
            ///
            /// For numerical stability the function is linear (`x` itself) where `beta * x > threshold`.
            /// Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     beta (float): the `beta` of the formula. Default: ``1.0``.
            ///     threshold (float): above this value of `beta * x` the result is `x`. Default: ``20.0``.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.softplus(et.tensor([30.0])).tolist()
            ///     [30.0]
            fn softplus(input: Tensor; beta: f64 = 1.0, threshold: f64 = 20.0)
                = crate::ops::activations::softplus;

            /// Applies the HardTanh function element-wise.
            ///
            /// `HardTanh(x)` is `min_val` below `min_val`, `max_val` above `max_val`, and `x` between.
            /// Its values are `clamp(input, min_val, max_val)`'s; its gradient is torch's: 1 strictly
            /// between the bounds (and at NaN), 0 at `min_val` and `max_val` themselves (where `clamp`
            /// passes it).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     min_val (float): the lower end of the linear region. Default: ``-1.0``.
            ///     max_val (float): the upper end of the linear region. Default: ``1.0``.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.hardtanh(et.tensor([-3.0, 0.5, 2.0])).tolist()
            ///     [-1.0, 0.5, 1.0]
            fn hardtanh(input: Tensor; min_val: f64 = (-1.0), max_val: f64 = 1.0)
                = crate::ops::clamp::hardtanh;

            /// Clamps all elements in `input` to be at least `min`.
            ///
            /// The gradient passes where the element is at least `min` (zero below it).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     min (float): the lower bound.
            ///
            /// Returns:
            ///     Tensor: the clamped tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.tensor([1.0, 2.0, 3.0]).clamp_min(2.5).tolist()
            ///     [2.5, 2.5, 3.0]
            fn clamp_min(input: Tensor, min: f64;)
                = crate::ops::activations::clamp_min, in_place clamp_min_;

            /// Clamps all elements in `input` to be at most `max`.
            ///
            /// The gradient passes where the element is at most `max` (zero above it).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     max (float): the upper bound.
            ///
            /// Returns:
            ///     Tensor: the clamped tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.tensor([1.0, 2.0, 3.0]).clamp_max(1.5).tolist()
            ///     [1.0, 1.5, 1.5]
            fn clamp_max(input: Tensor, max: f64;)
                = crate::ops::activations::clamp_max, in_place clamp_max_;

            /// Applies a softmax function along dimension `dim`.
            ///
            /// `softmax(x)_i = exp(x_i) / sum_j exp(x_j)`: each slice along `dim` is rescaled to lie in
            /// [0, 1] and sum to 1. The `interval` carrier computes it dependency-aware (tighter bounds
            /// than the composition of its steps). Floating-point input only; unlike torch's, there is
            /// no `dtype=` keyword.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension along which softmax is computed.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Raises:
            ///     et.DTypeError: if `input` holds integer or bool data.
            ///     et.ShapeError: if `dim` is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.softmax(et.tensor([[1.0, 1.0], [0.0, 0.0]]), dim=1).tolist()
            ///     [[0.5, 0.5], [0.5, 0.5]]
            fn softmax(input: Tensor, dim: i64;)
                = crate::ops::activations::softmax;

            /// Applies a softmax followed by a logarithm.
            ///
            /// Mathematically `log(softmax(x))`, computed in one stable op. The `interval` carrier
            /// computes it dependency-aware. Floating-point input only; unlike torch's, there is no
            /// `dtype=` keyword.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension along which log_softmax is computed.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Raises:
            ///     et.DTypeError: if `input` holds integer or bool data.
            ///     et.ShapeError: if `dim` is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(dtype="float64"):
            ///     ...     y = et.log_softmax(et.tensor([0.0, 0.0]), dim=0)
            ///     ...     [round(v, 4) for v in y.tolist()]
            ///     [-0.6931, -0.6931]
            fn log_softmax(input: Tensor, dim: i64;)
                = crate::ops::activations::log_softmax;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

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

/// The function forms of the scaled and piecewise activations (units of
/// `activation_piecewise.rs`), for the binding's generator `$gen`:
/// torch's `torch.*` and `torch.nn.functional` functions (`hardshrink` is also a `Tensor`
/// method: [`methods`]).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! piecewise_functions {
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
                = crate::ops::activations::celu;

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
                = crate::ops::activations::selu;

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
                = crate::ops::activations::threshold;

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
                = crate::ops::activations::softshrink;

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
                = crate::ops::activations::softsign;

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
                = crate::ops::activations::tanhshrink;

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
                = @session Session::rrelu;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use piecewise_functions;

/// `hardshrink`'s function and `Tensor` method forms, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! piecewise_methods {
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
                = crate::ops::activations::hardshrink;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use piecewise_methods;
