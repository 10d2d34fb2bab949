//! `+ - * /`, unary minus, and ops with a constant scalar (`x + s`, `s - x`, `s / x`, `x ** e`).
//! Binary ops broadcast; their cotangents are reduced back to each input's shape.

use std::sync::Arc;

use super::{grad_value, reduce_to, Op};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::Result;

pub(crate) fn rsub_scalar<B: Backend>(x: &B::T, s: f64) -> Result<B::T> {
    B::add_scalar(&B::neg(x)?, s)
}

pub(crate) fn rdiv_scalar<B: Backend>(x: &B::T, s: f64) -> Result<B::T> {
    B::mul_scalar(&B::pow_scalar(x, -1.0)?, s)
}

pub(crate) fn backward<B: Backend>(
    op: &Op<B>,
    xs: &[&Value<B>],
    out: &Value<B>,
    g: &Value<B>,
    needs: &[bool],
) -> Result<Vec<Option<Value<B>>>> {
    let gt = g.get();
    let shape = |i: usize| B::shape(xs[i].get());
    // Cotangent for parent i from an unreduced tensor (only computed when needed).
    let to = |i: usize, f: &dyn Fn() -> Result<B::T>| -> Result<Option<Value<B>>> {
        if !needs.get(i).copied().unwrap_or(false) {
            return Ok(None);
        }
        Ok(Some(reduce_to(&grad_value::<B>(f()?), &shape(i))?))
    };
    Ok(match op {
        // d(a+b) = g, g
        Op::Add => vec![
            needs[0].then(|| reduce_to(g, &shape(0))).transpose()?,
            needs[1].then(|| reduce_to(g, &shape(1))).transpose()?,
        ],
        // d(a-b) = g, -g
        Op::Sub => vec![
            needs[0].then(|| reduce_to(g, &shape(0))).transpose()?,
            to(1, &|| B::neg(gt))?,
        ],
        // d(ab) = g b, g a
        Op::Mul => vec![
            to(0, &|| B::mul(gt, xs[1].get()))?,
            to(1, &|| B::mul(gt, xs[0].get()))?,
        ],
        // d(a/b) = g / b, -g a / b² = -(g · out) / b
        Op::Div => vec![
            to(0, &|| B::div(gt, xs[1].get()))?,
            to(1, &|| {
                B::neg(&B::div(&B::mul(gt, out.get())?, xs[1].get())?)
            })?,
        ],
        Op::Neg => vec![Some(grad_value(B::neg(gt)?))],
        Op::AddScalar(_) => vec![Some(Arc::clone(g))],
        Op::MulScalar(s) => vec![Some(grad_value(B::mul_scalar(gt, *s)?))],
        Op::RSubScalar(_) => vec![Some(grad_value(B::neg(gt)?))],
        // d(s/x) = -s/x² g = -(g · out) / x
        Op::RDivScalar(_) => vec![Some(grad_value(B::neg(&B::div(
            &B::mul(gt, out.get())?,
            xs[0].get(),
        )?)?))],
        // d(x^e) = e x^(e-1) g
        // (x⁰ is constant: its gradient is 0 everywhere, also at x = 0 where 0·x⁻¹ is NaN.)
        Op::PowScalar(e) if *e == 0.0 => {
            let x = xs[0].get();
            vec![Some(grad_value(B::full(
                &shape(0),
                0.0,
                B::dtype(x),
                B::device(x),
            )?))]
        }
        Op::PowScalar(e) => {
            let d = B::mul_scalar(&B::pow_scalar(xs[0].get(), e - 1.0)?, *e)?;
            vec![Some(grad_value(B::mul(gt, &d)?))]
        }
        _ => unreachable!("not an elementwise op"),
    })
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{check_grads, data, positive, session, values};
    use crate::ops::Op;
    use crate::session::Operand;
    use crate::LibTorch;

    #[test]
    fn add_passes_the_cotangent_to_both_operands() {
        // d/da (a + b) = 1, d/db (a + b) = 1
        check_grads(
            &[data(&[3, 4], 1), data(&[3, 4], 2)],
            |s, h| s.record(Op::Add, &[h[0], h[1]]),
            |t| &t[0] + &t[1],
        );
    }

    #[test]
    fn add_broadcast_row_vector_sums_over_rows() {
        // (3,4) + (4,): d/db_j = Σ_i g_ij
        check_grads(
            &[data(&[3, 4], 3), data(&[4], 4)],
            |s, h| s.record(Op::Add, &[h[0], h[1]]),
            |t| &t[0] + &t[1],
        );
    }

    #[test]
    fn add_broadcast_scalar_parameter_sums_everything() {
        // (2,3) + (): d/db = Σ_ij g_ij
        check_grads(
            &[data(&[2, 3], 5), values(&[0.25], &[])],
            |s, h| s.record(Op::Add, &[h[0], h[1]]),
            |t| &t[0] + &t[1],
        );
    }

    #[test]
    fn sub_negates_the_cotangent_of_a_broadcast_column() {
        // (3,4) - (3,1): d/da = g, d/db_i = -Σ_j g_ij
        check_grads(
            &[data(&[3, 4], 6), data(&[3, 1], 7)],
            |s, h| s.record(Op::Sub, &[h[0], h[1]]),
            |t| &t[0] - &t[1],
        );
    }

    #[test]
    fn mul_broadcasts_both_operands() {
        // (2,1,3) * (4,1) -> (2,4,3): d/da = Σ_j g b, d/db = Σ_{i,k} g a
        check_grads(
            &[data(&[2, 1, 3], 8), data(&[4, 1], 9)],
            |s, h| s.record(Op::Mul, &[h[0], h[1]]),
            |t| &t[0] * &t[1],
        );
    }

    #[test]
    fn mul_broadcast_with_a_transposed_cotangent() {
        // y = (a ⊙ b)ᵀ for (2,1,3) ⊙ (4,1): the cotangent reaching mul is a strided view
        check_grads(
            &[data(&[2, 1, 3], 25), data(&[4, 1], 26)],
            |s, h| {
                let y = s.record(Op::Mul, &[h[0], h[1]])?;
                s.record(Op::Transpose(0, 2), &[y])
            },
            |t| (&t[0] * &t[1]).transpose(0, 2),
        );
    }

    #[test]
    fn sub_and_div_with_a_transposed_cotangent() {
        // y = ((a − b) / c)ᵀ for (3,4), (4,), (3,1)
        check_grads(
            &[data(&[3, 4], 27), data(&[4], 28), positive(&[3, 1], 29)],
            |s, h| {
                let d = s.record(Op::Sub, &[h[0], h[1]])?;
                let q = s.record(Op::Div, &[d, h[2]])?;
                s.record(Op::Transpose(0, 1), &[q])
            },
            |t| ((&t[0] - &t[1]) / &t[2]).tr(),
        );
    }

    #[test]
    fn mul_of_a_tensor_with_itself_doubles() {
        // d/dx (x * x) = 2x
        check_grads(
            &[data(&[5], 10)],
            |s, h| s.record(Op::Mul, &[h[0], h[0]]),
            |t| &t[0] * &t[0],
        );
    }

    #[test]
    fn mul_by_constant_data_gives_only_the_parameter_a_gradient() {
        // d/da (a * c) = c; c is input data and gets no entry
        let c = data(&[3, 4], 12);
        let c2 = c.copy();
        check_grads(
            &[data(&[3, 4], 11)],
            move |s, h| s.apply(Op::Mul, vec![Operand::Node(h[0]), Operand::Data(c2)]),
            move |t| &t[0] * &c,
        );
    }

    #[test]
    fn div_broadcast_divisor() {
        // (2,3) / (3,): d/da = g / b, d/db_j = -Σ_i g_ij a_ij / b_j²
        check_grads(
            &[data(&[2, 3], 13), positive(&[3], 14)],
            |s, h| s.record(Op::Div, &[h[0], h[1]]),
            |t| &t[0] / &t[1],
        );
    }

    #[test]
    fn neg_negates() {
        // d/dx (-x) = -1
        check_grads(
            &[data(&[2, 3], 15)],
            |s, h| s.record(Op::Neg, &[h[0]]),
            |t| -&t[0],
        );
    }

    #[test]
    fn add_scalar_passes_the_cotangent_through() {
        // d/dx (x + s) = 1
        check_grads(
            &[data(&[4], 16)],
            |s, h| s.record(Op::AddScalar(2.5), &[h[0]]),
            |t| &t[0] + 2.5,
        );
    }

    #[test]
    fn mul_scalar_scales() {
        // d/dx (s x) = s
        check_grads(
            &[data(&[4], 17)],
            |s, h| s.record(Op::MulScalar(-3.0), &[h[0]]),
            |t| &t[0] * -3.0,
        );
    }

    #[test]
    fn rsub_scalar_negates() {
        // d/dx (s - x) = -1
        check_grads(
            &[data(&[2, 2], 18)],
            |s, h| s.record(Op::RSubScalar(1.5), &[h[0]]),
            |t| t[0].neg() + 1.5,
        );
    }

    #[test]
    fn rdiv_scalar() {
        // d/dx (s / x) = -s / x²
        check_grads(
            &[positive(&[2, 3], 19)],
            |s, h| s.record(Op::RDivScalar(2.0), &[h[0]]),
            |t| t[0].reciprocal() * 2.0,
        );
    }

    #[test]
    fn pow_scalar_integer_exponent() {
        // d/dx x³ = 3x²
        check_grads(
            &[data(&[3, 2], 20)],
            |s, h| s.record(Op::PowScalar(3.0), &[h[0]]),
            |t| t[0].pow_tensor_scalar(3.0),
        );
    }

    #[test]
    fn pow_scalar_fractional_exponent() {
        // d/dx x^0.5 = 0.5 x^-0.5
        check_grads(
            &[positive(&[5], 21)],
            |s, h| s.record(Op::PowScalar(0.5), &[h[0]]),
            |t| t[0].pow_tensor_scalar(0.5),
        );
    }

    #[test]
    fn pow_scalar_negative_exponent() {
        // d/dx x^-2 = -2 x^-3
        check_grads(
            &[positive(&[5], 22)],
            |s, h| s.record(Op::PowScalar(-2.0), &[h[0]]),
            |t| t[0].pow_tensor_scalar(-2.0),
        );
    }

    #[test]
    fn pow_scalar_zero_exponent_has_zero_gradient_everywhere() {
        // d/dx x⁰ = 0, also at x = 0 (where 0 · x⁻¹ would be NaN)
        check_grads(
            &[values(&[-1.5, 0.0, 2.0], &[3])],
            |s, h| s.record(Op::PowScalar(0.0), &[h[0]]),
            |t| t[0].pow_tensor_scalar(0.0),
        );
    }

    #[test]
    fn broadcast_shape_mismatch_is_rejected_before_recording() {
        // (3,) + (4,) cannot broadcast: a ShapeError and an unchanged tape
        let mut s = session();
        let a = s.input(&data(&[3], 23), false).unwrap();
        let b = s.input(&data(&[4], 24), false).unwrap();
        let before = s.tape_len();
        let err = s
            .record(Op::<LibTorch>::Add, &[a, b])
            .expect_err("a shape error");
        assert!(matches!(err, crate::Error::Shape(_)), "{err:?}");
        assert_eq!(s.tape_len(), before);
    }
}
