//! Activations: `silu`, `logsigmoid` (units of the unary family, see `unary.rs`; on
//! intervals enclosed by composing enclosing functions) and `gelu(approximate)` (a unit of
//! the scalar family: the number selects the form, 0 exact, 1 tanh; LibTorch's own
//! `gelu_backward` kernel for its derivative; no interval enclosure here).

use tch::Tensor;

use super::scalar::ScalarFn;
use super::unary::{unary_kernel, Sigmoid, UnaryFn};
use crate::backend::reference::Scalar;
use crate::backend::{Backend, BinaryKernel, ScalarKernel};
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

/// `gelu(x, approximate)`: `s = 0` exact (`x Φ(x)`), `s = 1` the tanh form.
pub struct Gelu;

/// torch's name of the form `s` selects.
fn approximate(s: f64) -> &'static str {
    if s == 0.0 {
        "none"
    } else {
        "tanh"
    }
}

const SQRT_2_OVER_PI: f64 = 0.797_884_560_802_865_4;
const KAPPA: f64 = 0.044_715;

fn gelu_f64(x: f64) -> f64 {
    0.5 * x * (1.0 + libm::erf(x * std::f64::consts::FRAC_1_SQRT_2))
}
fn gelu_f32(x: f32) -> f32 {
    0.5 * x * (1.0 + libm::erff(x * std::f32::consts::FRAC_1_SQRT_2))
}
fn gelu_tanh_f64(x: f64) -> f64 {
    0.5 * x * (1.0 + libm::tanh(SQRT_2_OVER_PI * (x + KAPPA * x * x * x)))
}
fn gelu_tanh_f32(x: f32) -> f32 {
    let (k, c) = (SQRT_2_OVER_PI as f32, KAPPA as f32);
    0.5 * x * (1.0 + libm::tanhf(k * (x + c * x * x * x)))
}
/// d/dx x Φ(x) = Φ(x) + x φ(x).
fn dgelu_f64(x: f64) -> f64 {
    let cdf = 0.5 * (1.0 + libm::erf(x * std::f64::consts::FRAC_1_SQRT_2));
    let pdf = libm::exp(-0.5 * x * x) * 0.398_942_280_401_432_7;
    cdf + x * pdf
}
fn dgelu_f32(x: f32) -> f32 {
    dgelu_f64(f64::from(x)) as f32
}
/// d/dx of the tanh form.
fn dgelu_tanh_f64(x: f64) -> f64 {
    let u = SQRT_2_OVER_PI * (x + KAPPA * x * x * x);
    let t = libm::tanh(u);
    0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * SQRT_2_OVER_PI * (1.0 + 3.0 * KAPPA * x * x)
}
fn dgelu_tanh_f32(x: f32) -> f32 {
    dgelu_tanh_f64(f64::from(x)) as f32
}

impl ScalarKernel for Gelu {
    const NAME: &'static str = "gelu";
    fn torch(x: &Tensor, s: f64) -> Result<Tensor> {
        Ok(x.f_gelu(approximate(s))?)
    }
    fn torch_out(x: &Tensor, s: f64, out: &mut Tensor) -> Result<bool> {
        drop(x.f_gelu_out(out, approximate(s))?);
        Ok(true)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
        (!S::INTERVAL).then_some(|x: S, s| {
            if s == 0.0 {
                x.point(gelu_f32, gelu_f64)
            } else {
                x.point(gelu_tanh_f32, gelu_tanh_f64)
            }
        })
    }
}

/// `g · gelu'(x)`, exact form: LibTorch's `gelu_backward` kernel.
struct GeluGrad;
/// The same for the tanh form.
struct GeluTanhGrad;

macro_rules! gelu_grad {
    ($unit:ident, $approximate:literal, $f32:path, $f64:path) => {
        impl BinaryKernel for $unit {
            const NAME: &'static str = "gelu_backward";
            fn torch(g: &Tensor, x: &Tensor) -> Result<Tensor> {
                Ok(x.f_gelu_backward(g, $approximate)?)
            }
            fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
                (!S::INTERVAL).then_some(|g: S, x: S| g.mul(x.point($f32, $f64)))
            }
        }
    };
}

gelu_grad!(GeluGrad, "none", dgelu_f32, dgelu_f64);
gelu_grad!(GeluTanhGrad, "tanh", dgelu_tanh_f32, dgelu_tanh_f64);

impl ScalarFn for Gelu {
    fn grad<B: Backend>(g: &B::T, x: &B::T, _: &B::T, s: f64) -> Result<Option<B::T>> {
        if s == 0.0 {
            B::binary::<GeluGrad>(g, x).map(Some)
        } else {
            B::binary::<GeluTanhGrad>(g, x).map(Some)
        }
    }
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
    fn gelu_gradients_exact_and_tanh() {
        use crate::ops::scalar::ScalarOp::Gelu;
        use tch::Tensor;
        // d/dx x Φ(x) = Φ(x) + x φ(x); the tanh form likewise
        check_grads(
            &[data(&[3, 4], 152)],
            |s, h| s.record(Gelu.op(0.0), &[h[0]]),
            |t| t[0].gelu("none"),
        );
        check_grads(
            &[data(&[3, 4], 153)],
            |s, h| s.record(Gelu.op(1.0), &[h[0]]),
            |t| Tensor::gelu(&t[0], "tanh"),
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
