//! Safe wrappers of the layer backward shims (`src/shim/layers.cpp`): LibTorch's
//! `convolution_backward`, `native_layer_norm_backward` and `native_batch_norm_backward`,
//! which tch does not expose; and of the activation shim (`src/shim/activations.cpp`):
//! `softplus` and `elu` with their numbers (tch exposes them without) and
//! `log_sigmoid_backward` with its buffer; whether oneDNN runs bfloat16 here.

use tch::Tensor;

use super::shim::{
    eagertape_activation, eagertape_batch_norm_backward, eagertape_convolution_backward,
    eagertape_layer_norm_backward, eagertape_mkldnn_bf16_supported, shim_result,
};
use crate::error::Result;

/// Take ownership of a tensor handle a shim allocated (null: not computed).
pub(super) fn adopt(p: *mut torch_sys::C_tensor) -> Option<Tensor> {
    // SAFETY: a non-null `p` is a fresh `new at::Tensor` from the shim, which no one else
    // holds; `from_ptr` takes it over and deletes it when the Tensor drops.
    (!p.is_null()).then(|| unsafe { Tensor::from_ptr(p) })
}

/// Whether oneDNN runs bfloat16 kernels on this CPU (torch's `mkldnn_bf16_device_check`,
/// asked once): torch's RNNs take oneDNN's LSTM in bfloat16 only where it does.
pub fn onednn_bfloat16() -> bool {
    static SUPPORTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    // SAFETY: the shim takes no arguments and catches every C++ exception.
    *SUPPORTED.get_or_init(|| unsafe { eagertape_mkldnn_bf16_supported() } == 1)
}

/// The parameters of one convolution (each slice has one entry per spatial dim).
pub struct ConvParams<'a> {
    pub stride: &'a [i64],
    pub padding: &'a [i64],
    pub dilation: &'a [i64],
    pub transposed: bool,
    pub output_padding: &'a [i64],
    pub groups: i64,
}

/// The cotangents of a convolution's input, weight and bias (`bias_len`: its length, or
/// `None` without a bias), each only where `mask` asks for it.
pub fn convolution_backward(
    grad: &Tensor,
    input: &Tensor,
    weight: &Tensor,
    bias_len: Option<i64>,
    p: &ConvParams<'_>,
    mask: [bool; 3],
) -> Result<[Option<Tensor>; 3]> {
    let mut outs = [std::ptr::null_mut(); 3];
    let mut err = std::ptr::null_mut();
    // SAFETY: every tensor pointer is a live at::Tensor borrowed for the call; the
    // parameter slices have `stride.len()` entries each and outlive the call; the shim
    // writes only the three out pointers and `err`, and catches every C++ exception.
    let rc = unsafe {
        eagertape_convolution_backward(
            grad.as_ptr(),
            input.as_ptr(),
            weight.as_ptr(),
            bias_len.unwrap_or(-1),
            p.stride.as_ptr(),
            p.padding.as_ptr(),
            p.dilation.as_ptr(),
            p.stride.len() as i64,
            i32::from(p.transposed),
            p.output_padding.as_ptr(),
            p.groups,
            i32::from(mask[0]),
            i32::from(mask[1]),
            i32::from(mask[2]),
            &mut outs[0],
            &mut outs[1],
            &mut outs[2],
            &mut err,
        )
    };
    shim_result(rc, err, "convolution_backward")?;
    Ok(outs.map(adopt))
}

/// The cotangents of `layer_norm`'s input, weight and bias from its saved `mean`, `rstd`.
#[allow(clippy::too_many_arguments)]
pub fn layer_norm_backward(
    grad: &Tensor,
    input: &Tensor,
    normalized_shape: &[i64],
    mean: &Tensor,
    rstd: &Tensor,
    weight: Option<&Tensor>,
    bias: Option<&Tensor>,
    mask: [bool; 3],
) -> Result<[Option<Tensor>; 3]> {
    let mut outs = [std::ptr::null_mut(); 3];
    let mut err = std::ptr::null_mut();
    // SAFETY: as in `convolution_backward`; weight and bias are live tensors or null.
    let rc = unsafe {
        eagertape_layer_norm_backward(
            grad.as_ptr(),
            input.as_ptr(),
            normalized_shape.as_ptr(),
            normalized_shape.len() as i64,
            mean.as_ptr(),
            rstd.as_ptr(),
            weight.map_or(std::ptr::null(), |w| w.as_ptr()),
            bias.map_or(std::ptr::null(), |b| b.as_ptr()),
            i32::from(mask[0]),
            i32::from(mask[1]),
            i32::from(mask[2]),
            &mut outs[0],
            &mut outs[1],
            &mut outs[2],
            &mut err,
        )
    };
    shim_result(rc, err, "native_layer_norm_backward")?;
    Ok(outs.map(adopt))
}

/// The statistics a batch norm's backward reads: in training the batch's (`save_mean`,
/// `save_invstd` from the forward), in eval the running ones.
pub struct BatchNormStats<'a> {
    pub running_mean: Option<&'a Tensor>,
    pub running_var: Option<&'a Tensor>,
    pub save_mean: Option<&'a Tensor>,
    pub save_invstd: Option<&'a Tensor>,
    pub train: bool,
    pub eps: f64,
}

/// The cotangents of `batch_norm`'s input, weight and bias.
pub fn batch_norm_backward(
    grad: &Tensor,
    input: &Tensor,
    weight: Option<&Tensor>,
    stats: &BatchNormStats<'_>,
    mask: [bool; 3],
) -> Result<[Option<Tensor>; 3]> {
    let ptr = |t: Option<&Tensor>| t.map_or(std::ptr::null(), |t| t.as_ptr());
    let mut outs = [std::ptr::null_mut(); 3];
    let mut err = std::ptr::null_mut();
    // SAFETY: as in `convolution_backward`; every optional tensor is live or null.
    let rc = unsafe {
        eagertape_batch_norm_backward(
            grad.as_ptr(),
            input.as_ptr(),
            ptr(weight),
            ptr(stats.running_mean),
            ptr(stats.running_var),
            ptr(stats.save_mean),
            ptr(stats.save_invstd),
            i32::from(stats.train),
            stats.eps,
            i32::from(mask[0]),
            i32::from(mask[1]),
            i32::from(mask[2]),
            &mut outs[0],
            &mut outs[1],
            &mut outs[2],
            &mut err,
        )
    };
    shim_result(rc, err, "native_batch_norm_backward")?;
    Ok(outs.map(adopt))
}

/// The vector-Jacobian product of `f` with the cotangent `g`, by LibTorch's own autograd:
/// `f` runs on detached copies of `xs` (those with `needs[i]` requiring grad) under grad
/// mode, and the gradients of `Σ f(xs)·g` are returned for the operands that want one. For
/// the kernels whose backward tch does not expose (`cumprod`'s exclusive products,
/// `grid_sampler_*_backward`): LibTorch's derivative, and the graph lives only inside this
/// call.
pub fn autograd_vjp(
    xs: &[&Tensor],
    needs: &[bool],
    g: &Tensor,
    f: impl Fn(&[Tensor]) -> Result<Tensor>,
) -> Result<Vec<Option<Tensor>>> {
    if !needs.iter().any(|&n| n) {
        return Ok(xs.iter().map(|_| None).collect());
    }
    tch::with_grad(|| {
        let leaves = xs
            .iter()
            .zip(needs)
            .map(|(x, &n)| Ok(x.f_detach()?.set_requires_grad(n)))
            .collect::<Result<Vec<Tensor>>>()?;
        let y = f(&leaves)?;
        if !y.requires_grad() {
            // an output with no derivative (`slogdet`'s sign, data): no cotangent
            return Ok(xs.iter().map(|_| None).collect());
        }
        let s = y.f_mul(&g.f_detach()?)?.f_sum(y.kind())?;
        let wanted: Vec<&Tensor> = leaves
            .iter()
            .zip(needs)
            .filter_map(|(t, &n)| n.then_some(t))
            .collect();
        let mut grads = Tensor::f_run_backward(&[&s], &wanted, false, false)?.into_iter();
        // (an operand the output does not depend on through a derivative, `slogdet`'s sign,
        // gets an undefined gradient: none)
        Ok(needs
            .iter()
            .map(|&n| {
                if n {
                    grads.next().filter(|t| t.defined())
                } else {
                    None
                }
            })
            .collect())
    })
}

/// A parametrized activation LibTorch computes with its numbers (`src/shim/activations.cpp`).
#[derive(Clone, Copy)]
pub enum Activation<'a> {
    /// `softplus(x, beta, threshold)`.
    Softplus { beta: f64, threshold: f64 },
    /// `elu(x, alpha)` (scale and input scale 1).
    Elu { alpha: f64 },
    /// `log_sigmoid_backward(g, x)`: the backward of `logsigmoid` for the cotangent `g`.
    LogSigmoidBackward { g: &'a Tensor },
    /// `celu(x, alpha)`.
    Celu { alpha: f64 },
    /// `selu(x)`.
    Selu,
    /// `hardshrink(x, lambd)`.
    Hardshrink { lambd: f64 },
    /// `softshrink(x, lambd)`.
    Softshrink { lambd: f64 },
}

/// LibTorch's forward kernel of `f` on `x` (a fresh tensor).
pub fn activation(x: &Tensor, f: Activation<'_>) -> Result<Tensor> {
    let null = std::ptr::null();
    let (which, g, a, b, name) = match f {
        Activation::Softplus { beta, threshold } => (0, null, beta, threshold, "softplus"),
        Activation::Elu { alpha } => (1, null, alpha, 0.0, "elu"),
        Activation::LogSigmoidBackward { g } => (2, g.as_ptr(), 0.0, 0.0, "log_sigmoid_backward"),
        Activation::Celu { alpha } => (3, null, alpha, 0.0, "celu"),
        Activation::Selu => (4, null, 0.0, 0.0, "selu"),
        Activation::Hardshrink { lambd } => (5, null, lambd, 0.0, "hardshrink"),
        Activation::Softshrink { lambd } => (6, null, lambd, 0.0, "softshrink"),
    };
    let mut out = std::ptr::null_mut();
    let mut err = std::ptr::null_mut();
    // SAFETY: `x` (and `g` where given) are live tensor handles for the call; the shim
    // writes a fresh handle into `out` (adopted below) or a malloc'd message into `err`
    // (freed by `shim_result`).
    let rc = unsafe { eagertape_activation(which, x.as_ptr(), g, a, b, &mut out, &mut err) };
    shim_result(rc, err, name)?;
    adopt(out).ok_or_else(|| crate::error::Error::Backend(format!("{name}: no result")))
}
