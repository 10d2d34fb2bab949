//! The pointwise tensor methods torch.optim's single-tensor formulas are written in
//! ([`StateOp`]), as the rule optimizers call them: [`apply_`] (`a.mul_(s)`: in place into a
//! tensor the caller holds exclusively, an optimizer's state buffer or the parameter under
//! `Parameter::update`) and [`fresh`] (`a.mul(s)`: a new tensor). Each runs the backend's own
//! kernel where it has one (`Backend::state_op_`, `Backend::state_op`: LibTorch's, so a rule
//! written in torch's order of calls rounds as torch's CPU path does), else the composition
//! here of the backend's pointwise kernels (the reference carriers; in place, its result is
//! copied over `a`).

use crate::backend::Backend;
use crate::error::Result;
pub use crate::kernel::StateOp;
use crate::ops::arith::Arith;
use crate::ops::binary::Maximum;
use crate::ops::scalar::{ClampMaxScalar, ClampMinScalar};
use crate::ops::unary::Abs;
use crate::ops::unary_math::{Reciprocal, Sign};

/// `a.<op>_(xs)`: `a` (held exclusively) becomes the result.
pub fn apply_<B: Backend>(op: StateOp, a: &mut B::T, xs: &[&B::T]) -> Result<()> {
    if B::state_op_(op, a, xs)? {
        return Ok(());
    }
    let new = composed::<B>(op, a, xs)?;
    B::copy_(a, &new)
}

/// `a.<op>(xs)`: a new tensor, `a` untouched.
pub fn fresh<B: Backend>(op: StateOp, a: &B::T, xs: &[&B::T]) -> Result<B::T> {
    match B::state_op(op, a, xs)? {
        Some(t) => Ok(t),
        None => composed::<B>(op, a, xs),
    }
}

/// `op` of the backend's pointwise kernels, out of place.
fn composed<B: Backend>(op: StateOp, a: &B::T, xs: &[&B::T]) -> Result<B::T> {
    op.check_operands(xs.len())?;
    let x = |i: usize| xs[i];
    match op {
        StateOp::MulScalar(s) => B::mul_scalar(a, s),
        StateOp::AddScalar(s) => B::add_scalar(a, s),
        StateOp::DivScalar(s) => B::div_scalar(a, s),
        StateOp::Add(alpha) => {
            let mut out = B::copy(a)?;
            B::axpy_(&mut out, alpha, x(0))?;
            Ok(out)
        }
        StateOp::Sub => B::sub(a, x(0)),
        StateOp::Mul => B::mul(a, x(0)),
        StateOp::Div => B::div(a, x(0)),
        StateOp::Addcmul(s) => B::add(a, &B::mul_scalar(&B::mul(x(0), x(1))?, s)?),
        StateOp::Addcdiv(s) => B::add(a, &B::mul_scalar(&B::div(x(0), x(1))?, s)?),
        StateOp::Lerp(w) => {
            // torch's lerp: `a + w·(b − a)` for `w < 0.5`, else `b − (1 − w)·(b − a)`.
            let d = B::sub(x(0), a)?;
            if w < 0.5 {
                B::add(a, &B::mul_scalar(&d, w)?)
            } else {
                B::sub(x(0), &B::mul_scalar(&d, 1.0 - w)?)
            }
        }
        StateOp::Sqrt => B::sqrt(a),
        StateOp::Abs => B::unary::<Abs>(a),
        StateOp::Sign => B::unary::<Sign>(a),
        StateOp::Reciprocal => B::unary::<Reciprocal>(a),
        StateOp::Maximum => B::binary::<Maximum>(a, x(0)),
        StateOp::Clamp(lo, hi) => {
            B::scalar::<ClampMaxScalar>(&B::scalar::<ClampMinScalar>(a, lo)?, hi)
        }
        StateOp::SetGt { at, value } => fill::<B>(a, &above::<B>(a, at, 1.0)?, value),
        StateOp::SetLt { at, value } => fill::<B>(a, &above::<B>(a, at, -1.0)?, value),
        StateOp::SetEq { at, value } => fill::<B>(a, &equal::<B>(a, at)?, value),
        StateOp::FillEq { at, value } => fill::<B>(a, &equal::<B>(x(0), at)?, value),
    }
}

/// 1 where `b == at`, else 0: `1 − |sign(b − at)|`.
fn equal<B: Backend>(b: &B::T, at: f64) -> Result<B::T> {
    let off = B::unary::<Abs>(&B::unary::<Sign>(&B::add_scalar(b, -at)?)?)?;
    B::add_scalar(&B::neg(&off)?, 1.0)
}

/// 1 where `b > at` (`side` 1) or `b < at` (`side` −1), else 0: `max(sign(side·(b − at)), 0)`.
fn above<B: Backend>(b: &B::T, at: f64, side: f64) -> Result<B::T> {
    let d = B::mul_scalar(&B::add_scalar(b, -at)?, side)?;
    B::scalar::<ClampMinScalar>(&B::unary::<Sign>(&d)?, 0.0)
}

/// `value` where `mask` is 1, `a` where it is 0: `a·(1 − mask) + value·mask` (exact for a
/// finite `a`).
fn fill<B: Backend>(a: &B::T, mask: &B::T, value: f64) -> Result<B::T> {
    let keep = B::add_scalar(&B::neg(mask)?, 1.0)?;
    B::add(&B::mul(a, &keep)?, &B::mul_scalar(mask, value)?)
}

#[cfg(test)]
mod tests {
    use tch::Tensor;

    use super::{apply_, fresh, StateOp};
    use crate::backend::libtorch::LibTorch;
    use crate::backend::reference::{RefTensor, Reference};
    use crate::backend::Backend;
    use crate::config::DType;

    type R = Reference<f64>;

    const A: [f64; 6] = [-1.0, 0.0, 1.0, 2.5, -0.25, 0.5];
    const B: [f64; 6] = [0.5, -2.0, 3.0, 0.5, 1.5, -0.75];
    const C: [f64; 6] = [1.5, 2.0, -0.5, 4.0, 0.25, 3.0];

    /// Every op, each scalar away from the data's values except where a fill tests a tie.
    const OPS: [StateOp; 20] = [
        StateOp::MulScalar(0.9),
        StateOp::AddScalar(1e-3),
        StateOp::DivScalar(0.3),
        StateOp::Add(-0.7),
        StateOp::Sub,
        StateOp::Mul,
        StateOp::Div,
        StateOp::Addcmul(0.1),
        StateOp::Addcdiv(-0.2),
        StateOp::Lerp(0.3),
        StateOp::Sqrt,
        StateOp::Abs,
        StateOp::Sign,
        StateOp::Reciprocal,
        StateOp::Maximum,
        StateOp::Clamp(-0.5, 2.0),
        StateOp::SetGt {
            at: 0.0,
            value: 1.2,
        },
        StateOp::SetLt {
            at: 0.0,
            value: 0.5,
        },
        StateOp::SetEq {
            at: 0.0,
            value: 1.0,
        },
        StateOp::FillEq {
            at: 0.5,
            value: 0.0,
        },
    ];

    fn same(got: &[f64], want: &[f64], what: &str) {
        for (g, w) in got.iter().zip(want) {
            let close = (g.is_nan() && w.is_nan()) || g == w || (g - w).abs() <= 1e-15 * w.abs();
            assert!(close, "{what}: {got:?} vs LibTorch's {want:?}");
        }
    }

    #[test]
    fn every_state_op_composed_on_the_reference_carrier_is_libtorchs() {
        let (tb, tc) = (Tensor::from_slice(&B), Tensor::from_slice(&C));
        let r = |v: &[f64]| RefTensor::from_vec(v.to_vec(), &[6], DType::RefFloat64);
        let (rb, rc) = (r(&B), r(&C));
        for op in OPS {
            let n = op.operands();
            let ta = Tensor::from_slice(&A);
            let want = LibTorch::to_f64(&fresh::<LibTorch>(op, &ta, &[&tb, &tc][..n]).unwrap());
            let mut ra = r(&A);
            apply_::<R>(op, &mut ra, &[&rb, &rc][..n]).unwrap();
            same(&R::to_f64(&ra).unwrap(), &want.unwrap(), &format!("{op:?}"));
        }
    }

    #[test]
    fn in_place_and_out_of_place_forms_agree_and_the_out_of_place_leaves_its_input() {
        let (tb, tc) = (Tensor::from_slice(&B), Tensor::from_slice(&C));
        for op in OPS {
            let n = op.operands();
            let ta = Tensor::from_slice(&A);
            let out = fresh::<LibTorch>(op, &ta, &[&tb, &tc][..n]).unwrap();
            assert_eq!(LibTorch::to_f64(&ta).unwrap(), A, "{op:?} wrote its input");
            let mut inplace = Tensor::from_slice(&A);
            apply_::<LibTorch>(op, &mut inplace, &[&tb, &tc][..n]).unwrap();
            let (a, b) = (LibTorch::to_f64(&inplace), LibTorch::to_f64(&out));
            same(&a.unwrap(), &b.unwrap(), &format!("{op:?}"));
        }
    }

    #[test]
    fn a_wrong_operand_count_is_an_error_and_touches_nothing() {
        let mut ta = Tensor::from_slice(&A);
        let tb = Tensor::from_slice(&B);
        assert!(apply_::<LibTorch>(StateOp::Addcmul(1.0), &mut ta, &[&tb]).is_err());
        assert!(fresh::<LibTorch>(StateOp::Sqrt, &ta, &[&tb]).is_err());
        let mut ra = RefTensor::from_vec(A.to_vec(), &[6], DType::RefFloat64);
        assert!(apply_::<R>(StateOp::Mul, &mut ra, &[]).is_err());
        assert_eq!(LibTorch::to_f64(&ta).unwrap(), A);
        assert_eq!(R::to_f64(&ra).unwrap(), A);
    }
}
