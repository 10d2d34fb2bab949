//! `sum` and `mean` over all dims (`dims` empty) or one dim, with `keepdim`.

use super::{grad_value, normalize_dim, Op};
use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::error::Result;

pub(crate) fn reduce_shape(op: &str, s: &[i64], dims: &[i64], keepdim: bool) -> Result<Vec<i64>> {
    let mut norm = Vec::with_capacity(dims.len());
    for &d in dims {
        norm.push(normalize_dim(op, d, s.len())?);
    }
    let all = dims.is_empty();
    let mut out = Vec::new();
    for (i, &n) in s.iter().enumerate() {
        let reduced = all || norm.contains(&(i as i64));
        if !reduced {
            out.push(n);
        } else if keepdim {
            out.push(1);
        }
    }
    Ok(out)
}

/// Number of elements averaged per output element.
fn count(s: &[i64], dims: &[i64]) -> i64 {
    if dims.is_empty() {
        return s.iter().product();
    }
    dims.iter()
        .map(|&d| s[normalize_dim("mean", d, s.len()).unwrap_or(0) as usize])
        .product()
}

pub(crate) fn mean_forward<B: Backend>(x: &B::T, dims: &[i64], keepdim: bool) -> Result<B::T> {
    let n = count(&B::shape(x), dims);
    B::mul_scalar(&B::sum_dims(x, dims, keepdim)?, 1.0 / n as f64)
}

pub(crate) fn backward<B: Backend>(op: &Op<B>, xs: &[&Value<B>], g: &Value<B>) -> Result<Value<B>> {
    let s = B::shape(xs[0].get());
    let (dims, keepdim, scaled) = match op {
        Op::Sum { dims, keepdim } => (dims, *keepdim, None),
        // d mean = g / n, broadcast back
        Op::Mean { dims, keepdim } => (
            dims,
            *keepdim,
            Some(grad_value::<B>(B::mul_scalar(g.get(), 1.0 / count(&s, dims) as f64)?)),
        ),
        _ => unreachable!("not a reduction"),
    };
    let g = scaled.as_ref().unwrap_or(g);
    // Put the reduced dims back as size 1, then broadcast (a view: no new bytes).
    let kept = reduce_shape(op.name(), &s, dims, true)?;
    let g_kept = if keepdim {
        g.clone()
    } else if B::is_contiguous(g.get()) {
        Tracked::view(B::view(g.get(), &kept)?, g)
    } else {
        grad_value::<B>(B::view(&B::copy(g.get())?, &kept)?)
    };
    Ok(Tracked::view(B::expand(g_kept.get(), &s)?, &g_kept))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduced_shapes() {
        assert_eq!(reduce_shape("sum", &[2, 3, 4], &[], false).unwrap(), Vec::<i64>::new());
        assert_eq!(reduce_shape("sum", &[2, 3, 4], &[-1], false).unwrap(), vec![2, 3]);
        assert_eq!(reduce_shape("sum", &[2, 3, 4], &[1], true).unwrap(), vec![2, 1, 4]);
        assert!(reduce_shape("sum", &[2, 3], &[2], false).is_err());
        assert_eq!(count(&[2, 3, 4], &[1]), 3);
    }
}
