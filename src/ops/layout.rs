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
    let bad = || Error::Shape(format!("reshape: shape {target:?} is invalid for input of shape {s:?} ({numel} elements)"));
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
        Ok(Tracked::owned(B::view(&B::copy(v.get())?, &resolved)?, category))
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
}
