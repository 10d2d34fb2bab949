//! Pointwise kernel families. Each pointwise function is a unit type (defined with its op in
//! `ops/`) that implements one of these traits with everything a backend needs to run it:
//! its LibTorch kernel, the `_out` form of that kernel (for recycled buffers), and its
//! element function on the reference backend. A backend runs a whole family through one
//! generic method ([`Backend::unary`](super::Backend::unary),
//! [`Backend::binary`](super::Backend::binary), [`Backend::scalar`](super::Backend::scalar)),
//! so a new pointwise function adds no method to the backend trait, to `Dyn`, or to any
//! backend (candle's `unary_impl` pattern).

use tch::Tensor;

use super::scalar::Scalar;
use crate::error::Result;

/// `y = f(x)`, elementwise.
pub trait UnaryKernel: 'static {
    /// The op's name (errors, `show_backend`).
    const NAME: &'static str;
    /// The LibTorch kernel (fresh, contiguous result).
    fn torch(x: &Tensor) -> Result<Tensor>;
    /// The same kernel writing into `out` (exact shape, dtype and device); `Ok(false)`
    /// where it has no `_out` form (the caller then allocates).
    fn torch_out(_x: &Tensor, _out: &mut Tensor) -> Result<bool> {
        Ok(false)
    }
    /// The element function on the reference backend over `S`; `None` where that carrier
    /// cannot compute it as specified (then the op is an `UnsupportedOpError` there).
    fn element<S: Scalar>() -> Option<fn(S) -> S>;
}

/// `y = f(a, b)`, elementwise with broadcasting.
pub trait BinaryKernel: 'static {
    const NAME: &'static str;
    fn torch(a: &Tensor, b: &Tensor) -> Result<Tensor>;
    fn torch_out(_a: &Tensor, _b: &Tensor, _out: &mut Tensor) -> Result<bool> {
        Ok(false)
    }
    fn element<S: Scalar>() -> Option<fn(S, S) -> S>;
}

/// `y = f(x, a, b)` for two constant numbers, elementwise (`softplus(beta, threshold)`).
pub trait PairKernel: 'static {
    const NAME: &'static str;
    fn torch(x: &Tensor, a: f64, b: f64) -> Result<Tensor>;
    fn element<S: Scalar>() -> Option<fn(S, f64, f64) -> S>;
}

/// `dx = f(g, x, a, b)`, elementwise with broadcasting: the backward kernel of a pointwise
/// function for its cotangent `g` and the operand its rule saves (`x`: the function's input
/// or its output, as the unit says), with up to two numbers (`leaky_relu`'s slope, `elu`'s
/// alpha, `softplus`'s beta and threshold; 0 where unused). On LibTorch it is torch's own
/// backward kernel (`tanh_backward`, `silu_backward`, ...), which computes a 16-bit
/// gradient in float32 and rounds once: the same bits as torch's autograd.
pub trait GradKernel: 'static {
    const NAME: &'static str;
    fn torch(g: &Tensor, x: &Tensor, a: f64, b: f64) -> Result<Tensor>;
    fn element<S: Scalar>() -> Option<GradElement<S>>;
}

/// A [`GradKernel`]'s element function: `(g, x, a, b) -> dx`.
pub type GradElement<S> = fn(S, S, f64, f64) -> S;

/// `y = f(x, s)` for a constant number `s`, elementwise.
pub trait ScalarKernel: 'static {
    const NAME: &'static str;
    /// Whether [`ScalarKernel::torch_out`] writes into `out` (the pool recycles only then).
    const HAS_OUT: bool = true;
    /// Refuse a number the op cannot take for a tensor of `dtype` (as torch refuses a bound
    /// beyond float32's range); every backend calls it before the kernel. Default: any.
    fn check(_s: f64, _dtype: crate::config::DType) -> Result<()> {
        Ok(())
    }
    fn torch(x: &Tensor, s: f64) -> Result<Tensor>;
    fn torch_out(_x: &Tensor, _s: f64, _out: &mut Tensor) -> Result<bool> {
        Ok(false)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S>;
}
