//! The activations of mobile and recent nets, units of the unary family (see `unary.rs`):
//! `hardswish(x) = x · relu6(x + 3) / 6`, `hardsigmoid(x) = relu6(x + 3) / 6` and
//! `mish(x) = x · tanh(softplus(x))`, LibTorch's kernels with torch's derivatives
//! (`hardswish_backward`, `hardsigmoid_backward`, `mish_backward`). Their reference element
//! functions are compositions of sound interval operations, so every carrier computes them.

use super::activation::Sigmoid;
use super::pointwise::{lt_number, number_like, unary_kernel, GtMask, UnaryFn};
use crate::backend::Backend;
use crate::error::Result;
use crate::kernel::scalar::extremum;
use crate::kernel::Scalar;
use crate::ops::Arith;

unary_kernel!(
    Hardswish,
    "hardswish",
    f_hardswish,
    f_hardswish_out,
    |x: S| x.mul(hard_sigmoid(x))
);
unary_kernel!(
    Hardsigmoid,
    "hardsigmoid",
    f_hardsigmoid,
    f_hardsigmoid_out,
    hard_sigmoid::<S>
);
unary_kernel!(@ Mish, "mish", f_mish, f_mish_out, Some(if S::INTERVAL {
    |x: S| x.mul(x.exp().add(S::from_f64(1.0)).log().tanh())
} else {
    |x: S| x.point(
        |v| v * libm::tanhf(libm::log1pf(libm::expf(v))),
        |v| v * libm::tanh(libm::log1p(libm::exp(v))),
    )
}));

// `tanh` for mish's derivative (the family's `Tanh` unit lives in `unary.rs`, which lists
// this file's units).
unary_kernel!(MishTanh, "tanh", f_tanh, f_tanh_out, |x: S| x.tanh());

/// `min(max(x + 3, 0), 6) / 6`.
fn hard_sigmoid<S: Scalar>(x: S) -> S {
    let r = x.add(S::from_f64(3.0)).relu();
    extremum(r, S::from_f64(6.0), f64::min).div(S::from_f64(6.0))
}

/// 1 where `t > v`, else 0.
fn gt_number<B: Backend>(t: &B::T, v: f64) -> Result<B::T> {
    B::binary::<GtMask>(t, &number_like::<B>(t, v)?)
}

/// `hardswish`'s derivative, LibTorch's `hardswish_backward` of ones: 0 up to −3 (included),
/// `x / 3 + 0.5` below 3, 1 from 3 on.
struct HardswishGrad;

impl crate::backend::UnaryKernel for HardswishGrad {
    const NAME: &'static str = "hardswish_backward";
    fn torch(x: &tch::Tensor) -> Result<tch::Tensor> {
        Ok(x.f_hardswish_backward(&x.f_ones_like()?)?)
    }
    fn element<S: Scalar>() -> Option<fn(S) -> S> {
        Some(|x: S| {
            let (lo, hi) = x.bounds();
            let inner = |v: S| v.div(S::from_f64(3.0)).add(S::from_f64(0.5));
            if hi <= -3.0 {
                S::from_f64(0.0)
            } else if lo >= 3.0 {
                S::from_f64(1.0)
            } else if lo > -3.0 && hi < 3.0 {
                inner(x)
            } else {
                // across a piece boundary: the pieces' values there all lie in [-0.5, 1.5]
                S::from_bounds(-0.5, 1.5).unwrap_or_else(|| inner(x))
            }
        })
    }
}

impl UnaryFn for Hardswish {
    // torch's hardswish_backward: 0 up to −3, g (x/3 + 0.5) below 3, g from 3 on
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::mul(g, &B::unary::<HardswishGrad>(x)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Hardsigmoid {
    // torch's hardsigmoid_backward: g / 6 strictly inside (−3, 3), else 0; its kernel
    // multiplies by `1.0f / 6.0f`, the float32 sixth, in every dtype
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        let inside = B::mul(&gt_number::<B>(x, -3.0)?, &lt_number::<B>(x, 3.0)?)?;
        B::mul(&B::mul_scalar(g, f64::from(1.0f32 / 6.0f32))?, &inside)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Mish {
    // torch's mish_backward: g (t + x σ(x) (1 − t²)), t = tanh(softplus(x))
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        let s = B::unary::<Sigmoid>(x)?;
        let softplus = B::unary::<super::unary_math::Log1p>(&B::exp(x)?)?;
        let t = B::unary::<MishTanh>(&softplus)?;
        let one_minus = B::add_scalar(&B::neg(&B::mul(&t, &t)?)?, 1.0)?;
        let d = B::add(&t, &B::mul(&B::mul(x, &s)?, &one_minus)?)?;
        B::mul(g, &d)
    }
    const READS_OUTPUT: bool = false;
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{check_grads, data};
    use crate::ops::unary::UnaryOp::*;

    #[test]
    fn hardswish_hardsigmoid_mish_gradients() {
        // samples in (−6, 6): every piece of the hard functions
        for (op, oracle) in [
            (
                Hardswish,
                (|t: &tch::Tensor| t.hardswish()) as fn(&tch::Tensor) -> tch::Tensor,
            ),
            (Hardsigmoid, |t| t.hardsigmoid()),
            (Mish, |t| t.mish()),
        ] {
            check_grads(
                &[data(&[3, 4], 170) * 6.0],
                |s, h| s.record(op.op(), &[h[0]]),
                |t| oracle(&t[0]),
            );
        }
    }
}
