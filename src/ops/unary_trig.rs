//! Trigonometric, hyperbolic and rounding functions of the unary family: `tan asin acos atan
//! sinh cosh asinh acosh atanh` and `floor ceil trunc round frac` (`round`: half to even, as
//! torch; its `decimals=` form is a composition, `ops/derive.rs`). Each is a unit with its kernels
//! and its derivative, torch's formula (`tools/autograd/derivatives.yaml`); see `unary.rs`.
//! The transcendental ones have no sound interval enclosure here (libm is not correctly
//! rounded) and refuse the interval carrier; `floor ceil trunc round` are exact and monotone, so an
//! interval maps to the interval of its rounded bounds.

use super::pointwise::{unary_kernel, UnaryFn};
use crate::backend::Backend;
use crate::error::Result;
use crate::kernel::Scalar;
use crate::ops::Arith;

unary_kernel!(@ Tan, "tan", f_tan, f_tan_out, point_only::<S>(|x: S| x.point(libm::tanf, libm::tan)));
unary_kernel!(@ Asin, "asin", f_asin, f_asin_out, point_only::<S>(|x: S| x.point(libm::asinf, libm::asin)));
unary_kernel!(@ Acos, "acos", f_acos, f_acos_out, point_only::<S>(|x: S| x.point(libm::acosf, libm::acos)));
unary_kernel!(@ Atan, "atan", f_atan, f_atan_out, point_only::<S>(|x: S| x.point(libm::atanf, libm::atan)));
unary_kernel!(@ Sinh, "sinh", f_sinh, f_sinh_out, point_only::<S>(|x: S| x.point(libm::sinhf, libm::sinh)));
unary_kernel!(@ Cosh, "cosh", f_cosh, f_cosh_out, point_only::<S>(|x: S| x.point(libm::coshf, libm::cosh)));
unary_kernel!(@ Asinh, "asinh", f_asinh, f_asinh_out, point_only::<S>(|x: S| x.point(libm::asinhf, libm::asinh)));
unary_kernel!(@ Acosh, "acosh", f_acosh, f_acosh_out, point_only::<S>(|x: S| x.point(libm::acoshf, libm::acosh)));
unary_kernel!(@ Atanh, "atanh", f_atanh, f_atanh_out, point_only::<S>(|x: S| x.point(libm::atanhf, libm::atanh)));
unary_kernel!(Floor, "floor", f_floor, f_floor_out, |x: S| monotone(
    x,
    libm::floorf,
    libm::floor
));
unary_kernel!(Ceil, "ceil", f_ceil, f_ceil_out, |x: S| monotone(
    x,
    libm::ceilf,
    libm::ceil
));
unary_kernel!(Trunc, "trunc", f_trunc, f_trunc_out, |x: S| monotone(
    x,
    libm::truncf,
    libm::trunc
));
unary_kernel!(Round, "round", f_round, f_round_out, |x: S| monotone(
    x,
    libm::rintf,
    libm::rint
));
unary_kernel!(@ Frac, "frac", f_frac, f_frac_out, point_only::<S>(|x: S| {
    x.point(|v| v - libm::truncf(v), |v| v - libm::trunc(v))
}));

/// `f` on the point carriers; `None` (UnsupportedOpError) on intervals.
fn point_only<S: Scalar>(f: fn(S) -> S) -> Option<fn(S) -> S> {
    (!S::INTERVAL).then_some(f)
}

/// A non-decreasing function computed exactly (the rounding functions): on a point, `f`; on
/// an interval, `[f(lo), f(hi)]`.
fn monotone<S: Scalar>(x: S, f32: fn(f32) -> f32, f64: fn(f64) -> f64) -> S {
    if !S::INTERVAL {
        return x.point(f32, f64);
    }
    let (lo, hi) = x.bounds();
    S::from_bounds(f64(lo), f64(hi)).unwrap_or(x)
}

/// A zero cotangent of `g`'s shape (torch's `zeros_like(grad)` for the step functions).
fn zeros_like<B: Backend>(g: &B::T) -> Result<B::T> {
    B::full(&B::shape(g), 0.0, B::dtype(g), B::device(g))
}

impl UnaryFn for Tan {
    // d tan x = (1 + y²) g
    fn backward<B: Backend>(g: &B::T, _x: &B::T, y: &B::T) -> Result<B::T> {
        B::mul(g, &B::add_scalar(&B::mul(y, y)?, 1.0)?)
    }
    const READS_INPUT: bool = false;
}

impl UnaryFn for Asin {
    // d asin x = g / √(1 − x²)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        let one_minus = B::add_scalar(&B::neg(&B::mul(x, x)?)?, 1.0)?;
        B::mul(g, &B::unary::<super::unary_math::Rsqrt>(&one_minus)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Acos {
    // d acos x = −g / √(1 − x²)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        let one_minus = B::add_scalar(&B::neg(&B::mul(x, x)?)?, 1.0)?;
        B::mul(
            &B::neg(g)?,
            &B::unary::<super::unary_math::Rsqrt>(&one_minus)?,
        )
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Atan {
    // d atan x = g / (1 + x²)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::div(g, &B::add_scalar(&B::mul(x, x)?, 1.0)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Sinh {
    // d sinh x = cosh x g
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::mul(g, &B::unary::<Cosh>(x)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Cosh {
    // d cosh x = sinh x g
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::mul(g, &B::unary::<Sinh>(x)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Asinh {
    // d asinh x = g / √(x² + 1)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        let s = B::add_scalar(&B::mul(x, x)?, 1.0)?;
        B::mul(g, &B::unary::<super::unary_math::Rsqrt>(&s)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Acosh {
    // d acosh x = g / √(x² − 1)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        let s = B::add_scalar(&B::mul(x, x)?, -1.0)?;
        B::mul(g, &B::unary::<super::unary_math::Rsqrt>(&s)?)
    }
    const READS_OUTPUT: bool = false;
}

impl UnaryFn for Atanh {
    // d atanh x = g / (1 − x²)
    fn backward<B: Backend>(g: &B::T, x: &B::T, _y: &B::T) -> Result<B::T> {
        B::div(g, &B::add_scalar(&B::neg(&B::mul(x, x)?)?, 1.0)?)
    }
    const READS_OUTPUT: bool = false;
}

macro_rules! step_function {
    ($($name:ident),*) => {$(
        impl UnaryFn for $name {
            // piecewise constant: a zero gradient, as torch
            fn backward<B: Backend>(g: &B::T, _x: &B::T, _y: &B::T) -> Result<B::T> {
                zeros_like::<B>(g)
            }
            const READS_INPUT: bool = false;
            const READS_OUTPUT: bool = false;
        }
    )*};
}
step_function!(Floor, Ceil, Trunc, Round);

impl UnaryFn for Frac {
    // d (x − trunc x) = g
    fn backward<B: Backend>(g: &B::T, _x: &B::T, _y: &B::T) -> Result<B::T> {
        B::copy(g)
    }
    const READS_INPUT: bool = false;
    const READS_OUTPUT: bool = false;
}

#[cfg(test)]
mod tests {
    use tch::Tensor;

    use crate::ops::testing::{check_grads, data, positive};
    use crate::ops::unary::UnaryOp::{self, *};

    fn check(op: UnaryOp, x: Tensor, oracle: fn(&Tensor) -> Tensor) {
        check_grads(&[x], |s, h| s.record(op.op(), &[h[0]]), |t| oracle(&t[0]));
    }

    #[test]
    fn inverse_trig_and_atanh_gradients_inside_the_unit_interval() {
        // d asin = 1/√(1−x²), d acos = −1/√(1−x²), d atanh = 1/(1−x²), at x in (0.2, 0.8)
        let inner = || positive(&[3, 4], 150) * 0.4;
        check(Asin, inner(), |t| t.asin());
        check(Acos, inner(), |t| t.acos());
        check(Atanh, inner(), |t| t.atanh());
    }

    #[test]
    fn tan_atan_and_hyperbolic_gradients() {
        // d tan = 1 + tan², d atan = 1/(1+x²), d sinh = cosh, d cosh = sinh,
        // d asinh = 1/√(x²+1), d acosh = 1/√(x²−1) (x > 1)
        check(Tan, data(&[3, 4], 151) * 0.5, |t| t.tan());
        check(Atan, data(&[3, 4], 152), |t| t.atan());
        check(Sinh, data(&[3, 4], 153), |t| t.sinh());
        check(Cosh, data(&[3, 4], 154), |t| t.cosh());
        check(Asinh, data(&[3, 4], 155), |t| t.asinh());
        check(Acosh, positive(&[3, 4], 156) + 1.0, |t| t.acosh());
    }

    #[test]
    fn rounding_gradients_are_zero_and_frac_passes_the_cotangent() {
        // floor, ceil, trunc: zero almost everywhere; frac = x − trunc x: one
        check(Floor, data(&[3, 4], 157) * 3.0, |t| t.floor());
        check(Ceil, data(&[3, 4], 158) * 3.0, |t| t.ceil());
        check(Trunc, data(&[3, 4], 159) * 3.0, |t| t.trunc());
        check(Frac, data(&[3, 4], 160) * 3.0, |t| t.frac());
    }
}
