//! The activations of mobile and recent nets, units of the unary family (see `unary.rs`):
//! `hardswish(x) = x · relu6(x + 3) / 6`, `hardsigmoid(x) = relu6(x + 3) / 6` and
//! `mish(x) = x · tanh(softplus(x))`, LibTorch's kernels with torch's derivatives
//! (`hardswish_backward`, `hardsigmoid_backward`, `mish_backward`). Their reference element
//! functions are compositions of sound interval operations, so every carrier computes them.

use super::pointwise::{grad_kernel, lt_number, number_like, unary_kernel, GtMask, UnaryFn};
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

/// `min(max(x + 3, 0), 6) / 6`.
fn hard_sigmoid<S: Scalar>(x: S) -> S {
    let r = x.add(S::from_f64(3.0)).relu();
    extremum(r, S::from_f64(6.0), f64::min).div(S::from_f64(6.0))
}

/// 1 where `t > v`, else 0.
fn gt_number<B: Backend>(t: &B::T, v: f64) -> Result<B::T> {
    B::binary::<GtMask>(t, &number_like::<B>(t, v)?)
}

grad_kernel!(
    /// `hardswish`'s backward, LibTorch's `hardswish_backward`: 0 up to −3 (included),
    /// `g (x / 3 + 0.5)` below 3, `g` from 3 on.
    HardswishBackward,
    "hardswish_backward",
    |g, x, a, b| x.f_hardswish_backward(g),
    Some(|g: S, x: S, _, _| {
        let (lo, hi) = x.bounds();
        let inner = |v: S| v.div(S::from_f64(3.0)).add(S::from_f64(0.5));
        if hi <= -3.0 {
            S::from_f64(0.0)
        } else if lo >= 3.0 {
            g
        } else if lo > -3.0 && hi < 3.0 {
            g.mul(inner(x))
        } else {
            // across a piece boundary: the pieces' values there all lie in [-0.5, 1.5]
            g.mul(S::from_bounds(-0.5, 1.5).unwrap_or_else(|| inner(x)))
        }
    })
);

grad_kernel!(
    /// `mish`'s backward, LibTorch's `mish_backward`: `g (t + x σ(x) (1 − t²))`,
    /// `t = tanh(softplus(x))`.
    MishBackward,
    "mish_backward",
    |g, x, a, b| x.f_mish_backward(g),
    Some(|g: S, x: S, _, _| {
        let one = S::from_f64(1.0);
        let s = one.div(one.add(x.neg().exp()));
        let t = x.exp().add(one).log().tanh();
        g.mul(t.add(x.mul(s).mul(one.sub(t.mul(t)))))
    })
);

impl UnaryFn for Hardswish {
    // torch's hardswish_backward: 0 up to −3, g (x/3 + 0.5) below 3, g from 3 on
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::grad::<HardswishBackward>(g, x, 0.0, 0.0)
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
        B::grad::<MishBackward>(g, x, 0.0, 0.0)
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
