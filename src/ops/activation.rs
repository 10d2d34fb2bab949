//! Activations of the unary family without parameters: `silu`, `logsigmoid` (see `unary.rs`
//! for the family). On intervals they are enclosed by composing enclosing functions.

use super::unary::{unary_kernel, Sigmoid, UnaryFn};
use crate::backend::Backend;
use crate::error::Result;

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

impl UnaryFn for Silu {
    // d x σ(x) = σ(x) (1 + x (1 − σ(x))) g
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        let s = B::unary::<Sigmoid>(x)?;
        let inner = B::add_scalar(&B::mul(x, &B::add_scalar(&B::neg(&s)?, 1.0)?)?, 1.0)?;
        B::mul(g, &B::mul(&s, &inner)?)
    }
}

impl UnaryFn for LogSigmoid {
    // d log σ(x) = σ(−x) g
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::mul(g, &B::unary::<Sigmoid>(&B::neg(x)?)?)
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
    fn logsigmoid_gradient() {
        // d/dx log σ(x) = σ(−x)
        check_grads(
            &[data(&[3, 4], 151)],
            |s, h| s.record(LogSigmoid.op(), &[h[0]]),
            |t| t[0].log_sigmoid(),
        );
    }
}
