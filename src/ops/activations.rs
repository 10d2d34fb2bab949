//! The parametrised activations as torch's functions and `Tensor` methods: `gelu`,
//! `leaky_relu`, `elu`, `softplus`, `hardtanh`, `clamp_min`, `clamp_max`, `softmax`,
//! `log_softmax`, each one recorded unit (`scalar.rs`, `activation.rs`, `clamp.rs`,
//! `softmax.rs`); declared once below.

use super::activation::{Approximate, PairOp};
use super::compose::Recorder;
use super::scalar::ScalarOp;
use super::Op;
use crate::backend::Backend;
use crate::error::Result;
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
