//! `lp_pool1d/2d/3d` and `channel_shuffle`, torch's compositions step for step: the
//! power-average pools are `avg_pool` of `x^p`, times the window size, then `^(1/p)` (with
//! torch's `sign(out) * relu(|out|)` in between), and the shuffle is a reshape, a transpose
//! of the two channel dims and a reshape back. Declared once below.

use super::binary::BinaryOp;
use super::compose::Recorder;
use super::pool1d::avg_pool1d;
use super::pooling::{avg_pool2d, avg_pool3d};
use super::scalar::ScalarOp;
use super::unary::UnaryOp;
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// `(sign(out) * relu(|out|)) * window ^ (1 / p)`: torch's end of every `lp_pool`.
fn finish<B: Backend>(r: &mut dyn Recorder<B>, out: Handle, window: i64, p: f64) -> Result<Handle> {
    let sign = r.record(UnaryOp::Sign.op(), &[out])?;
    let abs = r.record(UnaryOp::Abs.op(), &[out])?;
    let relu = r.record(UnaryOp::Relu.op(), &[abs])?;
    let signed = r.record(BinaryOp::Mul.op(), &[sign, relu])?;
    let scaled = r.record(ScalarOp::Mul.op(window as f64), &[signed])?;
    r.record(ScalarOp::Pow.op(1.0 / p), &[scaled])
}

fn power<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, p: f64, op: &str) -> Result<Handle> {
    if p == 0.0 || p.is_nan() {
        return Err(Error::Argument(format!(
            "{op}: norm_type must be a nonzero number, got {p}"
        )));
    }
    r.record(ScalarOp::Pow.op(p), &[x])
}

/// `F.lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False)`.
pub fn lp_pool1d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    norm_type: f64,
    kernel_size: [i64; 1],
    stride: Option<[i64; 1]>,
    ceil_mode: bool,
) -> Result<Handle> {
    let xp = power(r, x, norm_type, "lp_pool1d")?;
    let out = avg_pool1d(r, xp, kernel_size, stride, [0], ceil_mode, true)?;
    finish(r, out, kernel_size[0], norm_type)
}

/// `F.lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False)`.
pub fn lp_pool2d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    norm_type: f64,
    kernel_size: [i64; 2],
    stride: Option<[i64; 2]>,
    ceil_mode: bool,
) -> Result<Handle> {
    let xp = power(r, x, norm_type, "lp_pool2d")?;
    let out = avg_pool2d(r, xp, kernel_size, stride, [0, 0], ceil_mode, true, None)?;
    finish(r, out, kernel_size.iter().product(), norm_type)
}

/// `F.lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False)`.
pub fn lp_pool3d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    norm_type: f64,
    kernel_size: [i64; 3],
    stride: Option<[i64; 3]>,
    ceil_mode: bool,
) -> Result<Handle> {
    let xp = power(r, x, norm_type, "lp_pool3d")?;
    let out = avg_pool3d(r, xp, kernel_size, stride, [0, 0, 0], ceil_mode, true, None)?;
    finish(r, out, kernel_size.iter().product(), norm_type)
}

/// `channel_shuffle(input, groups)`: the channels (dim 1) of `(N, C, *)` regrouped as
/// `(groups, C / groups)` and transposed, torch's composition.
pub fn channel_shuffle<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    groups: i64,
) -> Result<Handle> {
    let shape = r.shape(x)?;
    if shape.len() < 3 {
        return Err(Error::Shape(format!(
            "channel_shuffle expects input to have at least 3 dimensions, but got input with \
             sizes {shape:?}"
        )));
    }
    if groups <= 0 {
        return Err(Error::Argument(format!(
            "Number of groups to divide channels in must be positive. Value of groups:{groups}"
        )));
    }
    let c = shape[1];
    if c % groups != 0 {
        return Err(Error::Argument(format!(
            "Number of channels must be divisible by groups. Got {c} channels and {groups} groups."
        )));
    }
    let mut split = vec![shape[0], groups, c / groups];
    split.extend_from_slice(&shape[2..]);
    let grouped = r.record(Op::reshape(&split), &[x])?;
    let swapped = r.record(Op::transpose(1, 2), &[grouped])?;
    r.record(Op::reshape(&shape), &[swapped])
}

/// The functions' declarations, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Applies a 1D power-average pooling over an input signal composed of several input planes.
            ///
            /// Each window gives `(sum of x^p) ^ (1 / p)` (`p = norm_type`): torch's composition, an
            /// `avg_pool1d` of `x^p` times the window size, then `^(1/p)`. `p = inf` is max pooling and
            /// `p = 1` sum pooling.
            ///
            /// Args:
            ///     input (Tensor): `(N, C, L)` or `(C, L)`.
            ///     norm_type (float): the exponent `p` (not 0).
            ///     kernel_size (int): the size of the window.
            ///     stride (int, optional): the stride of the window. Default: ``None`` (`kernel_size`).
            ///     ceil_mode (bool): use ceil instead of floor to compute the output shape.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: the pooled tensor.
            ///
            /// Raises:
            ///     et.ArgumentError: `norm_type` is 0.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.nn.functional.lp_pool1d(et.tensor([[[3.0, 4.0]]]), 2.0, 2).tolist()
            ///     [[[5.0]]]
            fn lp_pool1d(input: Tensor, norm_type: f64, kernel_size: Ints<1>;
                stride: Stride<1> = None, ceil_mode: bool = False)
                = crate::ops::lp_pool::lp_pool1d;

            /// Applies a 2D power-average pooling over an input signal composed of several input planes.
            ///
            /// Each window gives `(sum of x^p) ^ (1 / p)` (`p = norm_type`): torch's composition, an
            /// `avg_pool2d` of `x^p` times the window size, then `^(1/p)`.
            ///
            /// Args:
            ///     input (Tensor): `(N, C, H, W)` or `(C, H, W)`.
            ///     norm_type (float): the exponent `p` (not 0).
            ///     kernel_size (int or tuple): the size of the window.
            ///     stride (int or tuple, optional): the stride of the window. Default: ``None``
            ///         (`kernel_size`).
            ///     ceil_mode (bool): use ceil instead of floor to compute the output shape.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: the pooled tensor.
            ///
            /// Raises:
            ///     et.ArgumentError: `norm_type` is 0.
            fn lp_pool2d(input: Tensor, norm_type: f64, kernel_size: Ints<2>;
                stride: Stride<2> = None, ceil_mode: bool = False)
                = crate::ops::lp_pool::lp_pool2d;

            /// Applies a 3D power-average pooling over an input signal composed of several input planes.
            ///
            /// Each window gives `(sum of x^p) ^ (1 / p)` (`p = norm_type`): torch's composition, an
            /// `avg_pool3d` of `x^p` times the window size, then `^(1/p)`.
            ///
            /// Args:
            ///     input (Tensor): `(N, C, D, H, W)` or `(C, D, H, W)`.
            ///     norm_type (float): the exponent `p` (not 0).
            ///     kernel_size (int or tuple): the size of the window.
            ///     stride (int or tuple, optional): the stride of the window. Default: ``None``
            ///         (`kernel_size`).
            ///     ceil_mode (bool): use ceil instead of floor to compute the output shape.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: the pooled tensor.
            ///
            /// Raises:
            ///     et.ArgumentError: `norm_type` is 0.
            fn lp_pool3d(input: Tensor, norm_type: f64, kernel_size: Ints<3>;
                stride: Stride<3> = None, ceil_mode: bool = False)
                = crate::ops::lp_pool::lp_pool3d;

            /// Divide the channels in a tensor of shape `(N, C, *)` into `groups` groups and rearrange
            /// them while keeping the original tensor shape.
            ///
            /// Channel `g * (C / groups) + i` moves to position `i * groups + g`.
            ///
            /// Args:
            ///     input (Tensor): a tensor of at least 3 dims, `(N, C, *)`.
            ///     groups (int): the number of groups; it must divide `C`.
            ///
            /// Returns:
            ///     Tensor: the shuffled tensor, of `input`'s shape.
            ///
            /// Raises:
            ///     et.ArgumentError: `groups` is not positive or does not divide the channels.
            ///     et.ShapeError: `input` has fewer than 3 dims.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.arange(4.0).reshape(1, 4, 1)
            ///     ...     et.channel_shuffle(x, 2).flatten().tolist()
            ///     [0.0, 2.0, 1.0, 3.0]
            fn channel_shuffle(input: Tensor, groups: i64;)
                = crate::ops::lp_pool::channel_shuffle;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
