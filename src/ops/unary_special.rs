//! Special functions and conversions of the unary family: `erfc exp2 log2 log10 deg2rad
//! rad2deg lgamma digamma erfinv i0 sinc`. Each is a unit with its LibTorch kernel and its
//! derivative in torch's order (`derivatives.yaml`), so a gradient is torch's bits; see
//! `unary.rs` for the family. Their reference element functions are for the point carriers
//! (`libm`), and none where `libm` has no such function (`digamma`, `erfinv`, `i0`, and
//! `lgamma`, whose derivative is `digamma`: those are LibTorch-only).

use super::pointwise::{unary_kernel, UnaryFn};
use crate::backend::Backend;
use crate::error::Result;
use crate::kernel::Scalar;
use crate::ops::Arith;

/// A point carrier's element function; intervals refuse the unit.
fn point<S: Scalar>(f: fn(S) -> S) -> Option<fn(S) -> S> {
    (!S::INTERVAL).then_some(f)
}

unary_kernel!(@ Erfc, "erfc", f_erfc, f_erfc_out,
    point::<S>(|x: S| x.point(libm::erfcf, libm::erfc)));
unary_kernel!(@ Exp2, "exp2", f_exp2, f_exp2_out,
    point::<S>(|x: S| x.point(libm::exp2f, libm::exp2)));
unary_kernel!(@ Log2, "log2", f_log2, f_log2_out,
    point::<S>(|x: S| x.point(libm::log2f, libm::log2)));
unary_kernel!(@ Log10, "log10", f_log10, f_log10_out,
    point::<S>(|x: S| x.point(libm::log10f, libm::log10)));
unary_kernel!(Deg2rad, "deg2rad", f_deg2rad, f_deg2rad_out, |x: S| x
    .mul(S::from_f64(std::f64::consts::PI / 180.0)));
unary_kernel!(Rad2deg, "rad2deg", f_rad2deg, f_rad2deg_out, |x: S| x
    .mul(S::from_f64(180.0 / std::f64::consts::PI)));
// (its derivative is digamma's, which no carrier but LibTorch has)
unary_kernel!(@ Lgamma, "lgamma", f_lgamma, f_lgamma_out, None);
unary_kernel!(@ Digamma, "digamma", f_digamma, f_digamma_out, None);
unary_kernel!(@ Erfinv, "erfinv", f_erfinv, f_erfinv_out, None);
unary_kernel!(@ I0, "i0", f_i0, f_i0_out, None);
unary_kernel!(@ Sinc, "sinc", f_sinc, f_sinc_out,
    point::<S>(|x: S| x.point(|v| sinc(f64::from(v)) as f32, sinc)));

/// The normalized sinc, `sin(πx) / (πx)`, 1 at 0 (torch's).
fn sinc(x: f64) -> f64 {
    if x == 0.0 {
        return 1.0;
    }
    let px = std::f64::consts::PI * x;
    px.sin() / px
}
// The derivatives' kernels (no public form of their own here).
unary_kernel!(@ I1, "special_i1", f_special_i1, f_special_i1_out, None);

/// `polygamma(1, x)`, the derivative of `digamma`.
pub struct Trigamma;

impl crate::backend::UnaryKernel for Trigamma {
    const NAME: &'static str = "polygamma";
    fn torch(x: &tch::Tensor) -> Result<tch::Tensor> {
        Ok(x.f_polygamma(1)?)
    }
    fn element<S: Scalar>() -> Option<fn(S) -> S> {
        None
    }
}

/// `2 / √π`, as torch's `2.0 / sqrt(M_PI)`.
const TWO_OVER_SQRT_PI: f64 = std::f64::consts::FRAC_2_SQRT_PI;

impl UnaryFn for Erfc {
    // torch: -2 / √π · e^(−x²) · g
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        let e = B::exp(&B::neg(&B::mul(x, x)?)?)?;
        B::mul(&B::mul_scalar(&e, -TWO_OVER_SQRT_PI)?, g)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Exp2 {
    // torch: g · y · ln 2
    fn backward<B: Backend>(g: &B::T, _x: &B::T, y: &B::T) -> Result<B::T> {
        B::mul_scalar(&B::mul(g, y)?, std::f64::consts::LN_2)
    }
    const READS_INPUT: bool = false;
}

impl UnaryFn for Log2 {
    // torch: g / (x · ln 2)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::div(g, &B::mul_scalar(x, std::f64::consts::LN_2)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Log10 {
    // torch: g / (x · ln 10)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::div(g, &B::mul_scalar(x, std::f64::consts::LN_10)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Deg2rad {
    // torch: g · π / 180
    fn backward<B: Backend>(g: &B::T, _x: &B::T, _y: &B::T) -> Result<B::T> {
        B::mul_scalar(g, std::f64::consts::PI / 180.0)
    }
    const READS_INPUT: bool = false;
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Rad2deg {
    // torch: g · 180 / π
    fn backward<B: Backend>(g: &B::T, _x: &B::T, _y: &B::T) -> Result<B::T> {
        B::mul_scalar(g, 180.0 / std::f64::consts::PI)
    }
    const READS_INPUT: bool = false;
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Lgamma {
    // torch: g · digamma(x)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::mul(g, &B::unary::<Digamma>(x)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Digamma {
    // torch: g · polygamma(1, x)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::mul(g, &B::unary::<Trigamma>(x)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Erfinv {
    // torch: 0.5 √π · e^(erfinv(x)²) · g, with erfinv(x) the output
    fn backward<B: Backend>(g: &B::T, _x: &B::T, y: &B::T) -> Result<B::T> {
        let e = B::exp(&B::mul(y, y)?)?;
        B::mul(&B::mul_scalar(&e, 0.5 * std::f64::consts::PI.sqrt())?, g)
    }
    const READS_INPUT: bool = false;
}

impl UnaryFn for I0 {
    // torch: g · i1(x)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::mul(g, &B::unary::<I1>(x)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Sinc {
    // torch's sinc_backward: g · (πx cos(πx) − sin(πx)) / (πx²), 0 where πx² == 0
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        let pi = std::f64::consts::PI;
        let px = B::mul_scalar(x, pi)?;
        let pxx = B::mul_scalar(&B::mul(x, x)?, pi)?;
        let c = B::mul(&px, &B::unary::<super::unary_math::Cos>(&px)?)?;
        let num = B::sub(&c, &B::unary::<super::unary_math::Sin>(&px)?)?;
        let d = B::div(&B::mul(g, &num)?, &pxx)?;
        let zero = super::pointwise::eq_number::<B>(&pxx, 0.0)?;
        B::binary::<super::pointwise::ZeroWhere>(&d, &zero)
    }
    const READS_OUTPUT: bool = false;
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{check_grads, check_grads_libtorch, data, positive};
    use crate::ops::unary::UnaryOp::*;

    type Oracle = fn(&tch::Tensor) -> tch::Tensor;

    #[test]
    fn erfc_exp2_angle_conversion_and_sinc_gradients() {
        // erfc' = -2/√π e^(−x²); exp2' = 2^x ln 2; deg2rad' = π/180; rad2deg' = 180/π;
        // sinc' = (πx cos πx − sin πx) / (πx²)
        for (op, oracle) in [
            (Erfc, (|t: &tch::Tensor| t.erfc()) as Oracle),
            (Exp2, |t| t.exp2()),
            (Deg2rad, |t| t.deg2rad()),
            (Rad2deg, |t| t.rad2deg()),
            (Sinc, |t| t.sinc()),
        ] {
            check_grads(
                &[data(&[3, 4], 171)],
                |s, h| s.record(op.op(), &[h[0]]),
                |t| oracle(&t[0]),
            );
        }
    }

    #[test]
    fn log2_and_log10_gradients_on_positive_inputs() {
        // log2' = 1/(x ln 2), log10' = 1/(x ln 10)
        for (op, oracle) in [
            (Log2, (|t: &tch::Tensor| t.log2()) as Oracle),
            (Log10, |t| t.log10()),
        ] {
            check_grads(
                &[positive(&[3, 4], 172)],
                |s, h| s.record(op.op(), &[h[0]]),
                |t| oracle(&t[0]),
            );
        }
    }

    #[test]
    fn gamma_bessel_and_erfinv_gradients_on_libtorch() {
        // lgamma' = digamma, digamma' = polygamma(1, ·), i0' = i1, erfinv' = √π/2 e^(y²)
        for (op, oracle) in [
            (Lgamma, (|t: &tch::Tensor| t.lgamma()) as Oracle),
            (Digamma, |t| t.digamma()),
            (I0, |t| t.i0()),
        ] {
            check_grads_libtorch(
                &[positive(&[3, 4], 173)],
                |s, h| s.record(op.op(), &[h[0]]),
                |t| oracle(&t[0]),
            );
        }
        check_grads_libtorch(
            &[data(&[3, 4], 174) * 0.3],
            |s, h| s.record(Erfinv.op(), &[h[0]]),
            |t| t[0].erfinv(),
        );
    }
}
