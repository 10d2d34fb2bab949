//! Pointwise math functions of the unary family: `rsqrt square reciprocal log1p expm1 sin cos
//! erf sign`. Each is a unit with its kernels and its derivative (see `unary.rs`); functions
//! with no sound interval enclosure here (`sin cos erf`) refuse the interval carrier. Also
//! `logit(x, eps)`, a unit of the scalar family (`scalar.rs`): LibTorch's `logit` and
//! `logit_backward` kernels.

use tch::Tensor;

use super::pointwise::{grad_kernel, unary_kernel, ScalarFn, UnaryFn};
use crate::backend::{Backend, ScalarKernel, UnaryKernel};
use crate::error::Result;
use crate::kernel::scalar::extremum;
use crate::kernel::Scalar;
use crate::ops::Arith;

unary_kernel!(@ Rsqrt, "rsqrt", f_rsqrt, f_rsqrt_out, Some(rsqrt_element::<S>));
unary_kernel!(Square, "square", f_square, f_square_out, |x: S| x.mul(x));
unary_kernel!(
    Reciprocal,
    "reciprocal",
    f_reciprocal,
    f_reciprocal_out,
    |x: S| S::from_f64(1.0).div(x)
);
unary_kernel!(@ Log1p, "log1p", f_log1p, f_log1p_out, Some(if S::INTERVAL {
    |x: S| x.add(S::from_f64(1.0)).log()
} else {
    |x: S| x.point(libm::log1pf, libm::log1p)
}));
unary_kernel!(@ Expm1, "expm1", f_expm1, f_expm1_out, Some(if S::INTERVAL {
    |x: S| x.exp().sub(S::from_f64(1.0))
} else {
    |x: S| x.point(libm::expm1f, libm::expm1)
}));
unary_kernel!(@ Sin, "sin", f_sin, f_sin_out, point_only::<S>(|x: S| x.point(libm::sinf, libm::sin)));
unary_kernel!(@ Cos, "cos", f_cos, f_cos_out, point_only::<S>(|x: S| x.point(libm::cosf, libm::cos)));
unary_kernel!(@ Erf, "erf", f_erf, f_erf_out, point_only::<S>(|x: S| x.point(libm::erff, libm::erf)));
unary_kernel!(Sign, "sign", f_sign, f_sign_out, sign_element::<S>);

/// `f` on the point carriers; `None` (UnsupportedOpError) on intervals.
fn point_only<S: Scalar>(f: fn(S) -> S) -> Option<fn(S) -> S> {
    (!S::INTERVAL).then_some(f)
}

/// `1/√x`; NaN below 0, as torch (an interval reaching below 0 is NaN).
fn rsqrt_element<S: Scalar>(x: S) -> S {
    if x.bounds().0 < 0.0 {
        return S::from_f64(f64::NAN);
    }
    S::from_f64(1.0).div(x.sqrt())
}

/// -1, 0 or 1 (NaN stays NaN); an interval gives `[sign lo, sign hi]`.
fn sign_element<S: Scalar>(x: S) -> S {
    let sign = |v: f64| {
        if v > 0.0 {
            1.0
        } else if v < 0.0 {
            -1.0
        } else {
            v // ±0 and NaN
        }
    };
    let (lo, hi) = x.bounds();
    S::from_bounds(sign(lo), sign(hi)).unwrap_or(x)
}

impl UnaryFn for Rsqrt {
    // d x^(-1/2) = -1/2 y³ g, in torch's order: (-0.5 g) · y.pow(3)
    fn backward<B: Backend>(g: &B::T, _x: &B::T, y: &B::T) -> Result<B::T> {
        B::mul(&B::mul_scalar(g, -0.5)?, &B::pow_scalar(y, 3.0)?)
    }
    const READS_INPUT: bool = false;
}

impl UnaryFn for Square {
    // d x² = 2 x g
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::mul(g, &B::mul_scalar(x, 2.0)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Reciprocal {
    // d 1/x = -y² g
    fn backward<B: Backend>(g: &B::T, _x: &B::T, y: &B::T) -> Result<B::T> {
        B::mul(g, &B::neg(&B::mul(y, y)?)?)
    }
    const READS_INPUT: bool = false;
}

impl UnaryFn for Log1p {
    // d log(1 + x) = g / (1 + x)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::div(g, &B::add_scalar(x, 1.0)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Expm1 {
    // d (eˣ − 1) = (y + 1) g
    fn backward<B: Backend>(g: &B::T, _x: &B::T, y: &B::T) -> Result<B::T> {
        B::mul(g, &B::add_scalar(y, 1.0)?)
    }
    const READS_INPUT: bool = false;
}

impl UnaryFn for Sin {
    // d sin x = cos x g
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::mul(g, &B::unary::<Cos>(x)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Cos {
    // d cos x = -sin x g
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::mul(g, &B::neg(&B::unary::<Sin>(x)?)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Erf {
    // d erf x = 2/√π e^(−x²) g
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        let e = B::exp(&B::neg(&B::mul(x, x)?)?)?;
        B::mul(g, &B::mul_scalar(&e, std::f64::consts::FRAC_2_SQRT_PI)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Sign {
    // sign is flat almost everywhere: its gradient is 0 (torch's convention, also at 0)
    fn backward<B: Backend>(_g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::full(&B::shape(x), 0.0, B::dtype(x), B::device(x))
    }
    const READS_OUTPUT: bool = false;
}

/// `x` with its NaNs read as 0: the first step of `nansum`/`nanmean`. Its derivative is
/// torch's `nansum_backward`, `g · (x == x)`: a product with the not-NaN mask (so an
/// infinite cotangent gives NaN at a NaN element, as torch's), not a masked fill.
pub struct NanToZero;

impl UnaryKernel for NanToZero {
    const NAME: &'static str = "nansum";
    fn torch(x: &Tensor) -> Result<Tensor> {
        Ok(x.f_masked_fill(&x.f_isnan()?, 0.0)?)
    }
    fn torch_out(x: &Tensor, out: &mut Tensor) -> Result<bool> {
        // the same fill, into the recycled buffer
        out.f_copy_(x)?;
        drop(out.f_masked_fill_(&x.f_isnan()?, 0.0)?);
        Ok(true)
    }
    /// Point carriers only: an interval has no truth value for "is NaN" (as `isnan`).
    fn element<S: Scalar>() -> Option<fn(S) -> S> {
        (!S::INTERVAL).then_some(|x: S| {
            if x.to_f64().is_nan() {
                S::from_f64(0.0)
            } else {
                x
            }
        })
    }
}

impl UnaryFn for NanToZero {
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::grad::<NanToZeroBackward>(g, x, 0.0, 0.0)
    }
    const READS_OUTPUT: bool = false;
}

grad_kernel!(
    /// `g · (x == x)`: torch's `nansum_backward`.
    NanToZeroBackward,
    "nansum_backward",
    |g, x, a, b| g.f_mul(&x.f_eq_tensor(x)?),
    (!S::INTERVAL).then_some(|g: S, x: S, _, _| {
        if x.to_f64().is_nan() {
            g.mul(S::from_f64(0.0))
        } else {
            g
        }
    })
);

/// `logit(x, eps)`: `log(z / (1 − z))` with `z` = `x` clamped to `[eps, 1 − eps]`; a
/// negative `eps` clamps nothing (torch's `eps=None`, which ATen passes on as −1).
pub struct Logit;

impl ScalarKernel for Logit {
    const NAME: &'static str = "logit";
    const HAS_OUT: bool = false;
    fn torch(x: &Tensor, eps: f64) -> Result<Tensor> {
        Ok(x.f_logit((eps >= 0.0).then_some(eps))?)
    }
    fn element<S: Scalar>() -> Option<fn(S, f64) -> S> {
        Some(|x: S, eps| {
            let z = if eps >= 0.0 {
                let low = extremum(x, S::from_f64(eps), f64::max);
                extremum(low, S::from_f64(1.0 - eps), f64::min)
            } else {
                x
            };
            z.div(S::from_f64(1.0).sub(z)).log()
        })
    }
}

impl ScalarFn for Logit {
    fn grad<B: Backend>(g: &B::T, x: &B::T, _: &B::T, eps: f64) -> Result<Option<B::T>> {
        B::grad::<LogitBackward>(g, x, eps, 0.0).map(Some)
    }
}

grad_kernel!(
    /// `logit`'s backward, LibTorch's `logit_backward`: `g / (x (1 − x))` inside the domain;
    /// with `eps` 0 outside `[eps, 1 − eps]`, without it NaN outside `[0, 1]`.
    LogitBackward,
    "logit_backward",
    |g, x, eps, b| x.f_logit_backward(g, (eps >= 0.0).then_some(eps)),
    Some(|g: S, x: S, eps, _| {
        let (lo, hi) = x.bounds();
        let (a, b) = if eps >= 0.0 { (eps, 1.0 - eps) } else { (0.0, 1.0) };
        if lo.is_nan() || hi.is_nan() || ((hi < a || lo > b) && eps < 0.0) {
            return S::from_f64(f64::NAN);
        }
        if hi < a || lo > b {
            return S::from_f64(0.0);
        }
        if lo >= a && hi <= b {
            return g.div(x.mul(S::from_f64(1.0).sub(x)));
        }
        // an interval across a bound of the domain: any value
        S::from_bounds(f64::NEG_INFINITY, f64::INFINITY).unwrap_or(g)
    })
);

#[cfg(test)]
mod tests {
    use crate::ops::testing::{check_grads, data, positive, values};
    use crate::ops::unary::UnaryOp::*;

    #[test]
    fn rsqrt_gradient() {
        // d/dx x^(-1/2) = -1/2 x^(-3/2)
        check_grads(
            &[positive(&[3, 4], 140)],
            |s, h| s.record(Rsqrt.op(), &[h[0]]),
            |t| t[0].rsqrt(),
        );
    }

    #[test]
    fn square_gradient() {
        // d/dx x² = 2x
        check_grads(
            &[data(&[3, 4], 141)],
            |s, h| s.record(Square.op(), &[h[0]]),
            |t| t[0].square(),
        );
    }

    #[test]
    fn reciprocal_gradient() {
        // d/dx 1/x = -1/x²
        check_grads(
            &[positive(&[3, 4], 142)],
            |s, h| s.record(Reciprocal.op(), &[h[0]]),
            |t| t[0].reciprocal(),
        );
    }

    #[test]
    fn log1p_and_expm1_gradients() {
        // d/dx log(1 + x) = 1/(1 + x); d/dx (eˣ − 1) = eˣ
        check_grads(
            &[data(&[5], 143)],
            |s, h| s.record(Log1p.op(), &[h[0]]),
            |t| t[0].log1p(),
        );
        check_grads(
            &[data(&[5], 144)],
            |s, h| s.record(Expm1.op(), &[h[0]]),
            |t| t[0].expm1(),
        );
    }

    #[test]
    fn sin_cos_erf_gradients() {
        // d sin = cos, d cos = -sin, d erf = 2/√π e^(−x²)
        check_grads(
            &[data(&[6], 145)],
            |s, h| s.record(Sin.op(), &[h[0]]),
            |t| t[0].sin(),
        );
        check_grads(
            &[data(&[6], 146)],
            |s, h| s.record(Cos.op(), &[h[0]]),
            |t| t[0].cos(),
        );
        check_grads(
            &[data(&[6], 147)],
            |s, h| s.record(Erf.op(), &[h[0]]),
            |t| t[0].erf(),
        );
    }

    #[test]
    fn sign_has_a_zero_gradient() {
        // sign: -1, 0, 1; its gradient is 0 everywhere (torch's convention)
        check_grads(
            &[values(&[-2.0, 0.0, 3.0, -0.5], &[4])],
            |s, h| s.record(Sign.op(), &[h[0]]),
            |t| t[0].sign(),
        );
    }
}
