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
            to(1, &|| B::neg(&B::div(&B::mul(gt, out.get())?, xs[1].get())?))?,
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
        Op::PowScalar(e) => {
            let d = B::mul_scalar(&B::pow_scalar(xs[0].get(), e - 1.0)?, *e)?;
            vec![Some(grad_value(B::mul(gt, &d)?))]
        }
        _ => unreachable!("not an elementwise op"),
    })
}
