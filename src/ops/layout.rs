//! `reshape` and `transpose`. Both are views when the data allows (no bytes on the tape);
//! `reshape` of non-contiguous data copies.

use super::{normalize_dim, Op};
use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::error::{Error, Result};
use crate::ledger::Category;

pub(crate) fn transpose_shape(s: &[i64], d0: i64, d1: i64) -> Result<Vec<i64>> {
    let a = normalize_dim("transpose", d0, s.len())? as usize;
    let b = normalize_dim("transpose", d1, s.len())? as usize;
    let mut out = s.to_vec();
    if !out.is_empty() {
        out.swap(a, b);
    }
    Ok(out)
}

/// Resolve a target shape (at most one `-1`) against the input's element count.
pub(crate) fn reshape_shape(s: &[i64], target: &[i64]) -> Result<Vec<i64>> {
    let numel: i64 = s.iter().product();
    let bad = || {
        Error::Shape(format!(
            "reshape: shape {target:?} is invalid for input of shape {s:?} ({numel} elements)"
        ))
    };
    let unknown: Vec<usize> = (0..target.len()).filter(|&i| target[i] == -1).collect();
    if unknown.len() > 1 || target.iter().any(|&d| d < -1) {
        return Err(bad());
    }
    let known: i64 = target.iter().filter(|&&d| d != -1).product();
    let mut out = target.to_vec();
    if let Some(&i) = unknown.first() {
        if known == 0 || numel % known != 0 {
            return Err(bad());
        }
        out[i] = numel / known;
    } else if known != numel {
        return Err(bad());
    }
    Ok(out)
}

/// A reshaped value: a view of `v` when it is contiguous, else a fresh copy in `category`.
pub(crate) fn reshape_value<B: Backend>(
    v: &Value<B>,
    shape: &[i64],
    category: Category,
) -> Result<Value<B>> {
    let resolved = reshape_shape(&B::shape(v.get()), shape)?;
    if B::is_contiguous(v.get()) {
        Ok(Tracked::view(B::view(v.get(), &resolved)?, v))
    } else {
        Ok(Tracked::owned(
            B::view(&B::copy(v.get())?, &resolved)?,
            category,
        ))
    }
}

pub(crate) fn backward<B: Backend>(op: &Op<B>, xs: &[&Value<B>], g: &Value<B>) -> Result<Value<B>> {
    match op {
        // The cotangent of a transpose is the transposed cotangent (a view of it).
        Op::Transpose(d0, d1) => Ok(Tracked::view(B::transpose(g.get(), *d0, *d1)?, g)),
        // The cotangent of a reshape is the cotangent in the input's shape.
        Op::Reshape(_) => reshape_value(g, &B::shape(xs[0].get()), Category::Grad),
        _ => unreachable!("not a layout op"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads, data};

    #[test]
    fn reshape_infers_one_dim() {
        assert_eq!(reshape_shape(&[2, 6], &[3, -1]).unwrap(), vec![3, 4]);
        assert!(reshape_shape(&[2, 6], &[5, -1]).is_err());
        assert!(reshape_shape(&[2, 6], &[-1, -1]).is_err());
        assert!(reshape_shape(&[2, 6], &[7]).is_err());
    }

    #[test]
    fn transpose_swaps_dims() {
        assert_eq!(transpose_shape(&[2, 3, 4], 0, -1).unwrap(), vec![4, 3, 2]);
        assert!(transpose_shape(&[2, 3], 0, 2).is_err());
    }

    #[test]
    fn reshape_gradient_is_the_cotangent_in_the_input_shape() {
        // y = reshape(x, (4,3)): dx = reshape(g, (3,4))
        check_grads(
            &[data(&[3, 4], 90)],
            |s, h| s.record(Op::Reshape(vec![4, 3]), &[h[0]]),
            |t| t[0].reshape([4, 3]),
        );
    }

    #[test]
    fn reshape_with_an_inferred_dim() {
        // y = reshape(x, (-1,)) flattens: dx = reshape(g, (2,3,2))
        check_grads(
            &[data(&[2, 3, 2], 91)],
            |s, h| s.record(Op::Reshape(vec![-1]), &[h[0]]),
            |t| t[0].reshape([-1]),
        );
    }

    #[test]
    fn reshape_of_a_transposed_view_copies() {
        // y = reshape(xᵀ, (12,)): dx = (reshape(g, (4,3)))ᵀ
        check_grads(
            &[data(&[3, 4], 92)],
            |s, h| {
                let xt = s.record(Op::Transpose(0, 1), &[h[0]])?;
                s.record(Op::Reshape(vec![12]), &[xt])
            },
            |t| t[0].tr().reshape([12]),
        );
    }

    #[test]
    fn transpose_gradient_is_the_transposed_cotangent() {
        // y = xᵀ: dx = gᵀ
        check_grads(
            &[data(&[3, 5], 93)],
            |s, h| s.record(Op::Transpose(0, 1), &[h[0]]),
            |t| t[0].tr(),
        );
    }

    #[test]
    fn transpose_with_negative_dims() {
        // y = swap dims 0 and -1 of a (2,3,4): dx = the same swap of g
        check_grads(
            &[data(&[2, 3, 4], 94)],
            |s, h| s.record(Op::Transpose(0, -1), &[h[0]]),
            |t| t[0].transpose(0, -1),
        );
    }

    #[test]
    fn transpose_then_reshape_then_elementwise() {
        // y = reshape(xᵀ, (2,6)) ⊙ reshape(x, (2,6)): both paths reach x
        check_grads(
            &[data(&[3, 4], 95)],
            |s, h| {
                let xt = s.record(Op::Transpose(0, 1), &[h[0]])?;
                let a = s.record(Op::Reshape(vec![2, 6]), &[xt])?;
                let b = s.record(Op::Reshape(vec![2, 6]), &[h[0]])?;
                s.record(Op::Mul, &[a, b])
            },
            |t| t[0].tr().reshape([2, 6]) * t[0].reshape([2, 6]),
        );
    }
}
