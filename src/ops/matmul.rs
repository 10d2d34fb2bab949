//! `matmul` (2-D and batched, with broadcast batch dims) and `linear` (`x @ wᵀ + b`).

use super::{broadcast_shapes, grad_value, reduce_to, Op};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::{Error, Result};

pub(crate) fn matmul_shape(a: &[i64], b: &[i64]) -> Result<Vec<i64>> {
    if a.len() < 2 || b.len() < 2 {
        return Err(Error::Shape(format!(
            "matmul: both operands need at least 2 dimensions, got shapes {a:?} and {b:?}"
        )));
    }
    let (n, k1) = (a[a.len() - 2], a[a.len() - 1]);
    let (k2, m) = (b[b.len() - 2], b[b.len() - 1]);
    if k1 != k2 {
        return Err(Error::Shape(format!(
            "matmul: shapes {a:?} and {b:?} do not align ({k1} vs {k2})"
        )));
    }
    let mut out = broadcast_shapes("matmul", &a[..a.len() - 2], &b[..b.len() - 2])?;
    out.extend([n, m]);
    Ok(out)
}

pub(crate) fn linear_shape(shapes: &[&[i64]]) -> Result<Vec<i64>> {
    let (x, w) = (shapes[0], shapes[1]);
    if x.is_empty() || w.len() != 2 || x[x.len() - 1] != w[1] {
        return Err(Error::Shape(format!(
            "linear: input of shape {x:?} needs a weight of shape (out_features, {}), got {w:?}",
            x.last().copied().unwrap_or(0)
        )));
    }
    if let Some(b) = shapes.get(2) {
        if *b != [w[0]] {
            return Err(Error::Shape(format!(
                "linear: bias of shape {b:?} does not match out_features {}",
                w[0]
            )));
        }
    }
    let mut out = x[..x.len() - 1].to_vec();
    out.push(w[0]);
    Ok(out)
}

pub(crate) fn linear_forward<B: Backend>(x: &B::T, w: &B::T, b: Option<&B::T>) -> Result<B::T> {
    let y = B::matmul(x, &B::transpose(w, 0, 1)?)?;
    match b {
        Some(b) => B::add(&y, b),
        None => Ok(y),
    }
}

/// `t` as a 2-D `(rows, last)` tensor (a view when contiguous, else a copy).
fn rows<B: Backend>(t: &B::T) -> Result<B::T> {
    let s = B::shape(t);
    let last = *s.last().unwrap_or(&1);
    let n: i64 = s.iter().product();
    let shape = [if last == 0 { 0 } else { n / last }, last];
    if B::is_contiguous(t) {
        B::view(t, &shape)
    } else {
        B::view(&B::copy(t)?, &shape)
    }
}

pub(crate) fn backward<B: Backend>(
    op: &Op<B>,
    xs: &[&Value<B>],
    g: &Value<B>,
    needs: &[bool],
) -> Result<Vec<Option<Value<B>>>> {
    let gt = g.get();
    match op {
        // C = A B: dA = g Bᵀ, dB = Aᵀ g, each summed over broadcast batch dims.
        Op::MatMul => {
            let (a, b) = (xs[0].get(), xs[1].get());
            let nd = |t: &B::T| B::shape(t).len() as i64;
            let ga = if needs[0] {
                let t = B::matmul(gt, &B::transpose(b, nd(b) - 2, nd(b) - 1)?)?;
                Some(reduce_to(&grad_value::<B>(t), &B::shape(a))?)
            } else {
                None
            };
            let gb = if needs[1] {
                let t = B::matmul(&B::transpose(a, nd(a) - 2, nd(a) - 1)?, gt)?;
                Some(reduce_to(&grad_value::<B>(t), &B::shape(b))?)
            } else {
                None
            };
            Ok(vec![ga, gb])
        }
        // y = x wᵀ + b: dx = g w, dw = gᵀ x (over all batch rows), db = Σ_rows g.
        Op::Linear => {
            let (x, w) = (xs[0].get(), xs[1].get());
            let gx = needs[0]
                .then(|| B::matmul(gt, w).map(grad_value::<B>))
                .transpose()?;
            let g2 = if needs[1] || needs.get(2).copied().unwrap_or(false) {
                Some(rows::<B>(gt)?)
            } else {
                None
            };
            let gw = match (&g2, needs[1]) {
                (Some(g2), true) => Some(grad_value::<B>(B::matmul(
                    &B::transpose(g2, 0, 1)?,
                    &rows::<B>(x)?,
                )?)),
                _ => None,
            };
            let mut out = vec![gx, gw];
            if xs.len() == 3 {
                out.push(match (&g2, needs[2]) {
                    (Some(g2), true) => Some(grad_value::<B>(B::sum_dims(g2, &[0], false)?)),
                    _ => None,
                });
            }
            Ok(out)
        }
        _ => unreachable!("not a matmul op"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matmul_shapes_broadcast_batches() {
        assert_eq!(matmul_shape(&[2, 3, 4, 5], &[5, 6]).unwrap(), vec![2, 3, 4, 6]);
        assert_eq!(matmul_shape(&[1, 3, 4], &[2, 4, 2]).unwrap(), vec![2, 3, 2]);
        assert!(matmul_shape(&[3, 4], &[5, 6]).is_err());
        assert!(matmul_shape(&[4], &[4, 6]).is_err());
    }

    #[test]
    fn linear_checks_weight_and_bias() {
        assert_eq!(linear_shape(&[&[8, 3], &[5, 3], &[5]]).unwrap(), vec![8, 5]);
        assert!(linear_shape(&[&[8, 3], &[3, 5]]).is_err());
        assert!(linear_shape(&[&[8, 3], &[5, 3], &[3]]).is_err());
    }
}
