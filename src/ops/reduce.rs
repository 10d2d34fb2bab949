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
            Some(grad_value::<B>(B::mul_scalar(
                g.get(),
                1.0 / count(&s, dims) as f64,
            )?)),
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
    use crate::ops::testing::{check_grads, data};
    use tch::Kind;

    #[test]
    fn reduced_shapes() {
        assert_eq!(
            reduce_shape("sum", &[2, 3, 4], &[], false).unwrap(),
            Vec::<i64>::new()
        );
        assert_eq!(
            reduce_shape("sum", &[2, 3, 4], &[-1], false).unwrap(),
            vec![2, 3]
        );
        assert_eq!(
            reduce_shape("sum", &[2, 3, 4], &[1], true).unwrap(),
            vec![2, 1, 4]
        );
        assert!(reduce_shape("sum", &[2, 3], &[2], false).is_err());
        assert_eq!(count(&[2, 3, 4], &[1]), 3);
    }

    fn sum(dims: &[i64], keepdim: bool) -> Op<crate::LibTorch> {
        Op::Sum {
            dims: dims.to_vec(),
            keepdim,
        }
    }

    fn mean(dims: &[i64], keepdim: bool) -> Op<crate::LibTorch> {
        Op::Mean {
            dims: dims.to_vec(),
            keepdim,
        }
    }

    #[test]
    fn sum_all_broadcasts_the_cotangent_everywhere() {
        // d/dx_ij Σ x = 1
        check_grads(
            &[data(&[3, 4], 70)],
            |s, h| s.record(sum(&[], false), &[h[0]]),
            |t| t[0].sum(Kind::Double),
        );
    }

    #[test]
    fn sum_all_keepdim() {
        // Σ x kept as (1,1): d/dx_ij = g_00
        check_grads(
            &[data(&[3, 4], 71)],
            |s, h| s.record(sum(&[], true), &[h[0]]),
            |t| t[0].sum_dim_intlist(&[0i64, 1][..], true, Kind::Double),
        );
    }

    #[test]
    fn sum_over_one_dim() {
        // y_ik = Σ_j x_ijk: d/dx_ijk = g_ik
        check_grads(
            &[data(&[2, 3, 4], 72)],
            |s, h| s.record(sum(&[1], false), &[h[0]]),
            |t| t[0].sum_dim_intlist(&[1i64][..], false, Kind::Double),
        );
    }

    #[test]
    fn sum_over_one_dim_keepdim() {
        // y_i0k = Σ_j x_ijk: d/dx_ijk = g_i0k
        check_grads(
            &[data(&[2, 3, 4], 73)],
            |s, h| s.record(sum(&[1], true), &[h[0]]),
            |t| t[0].sum_dim_intlist(&[1i64][..], true, Kind::Double),
        );
    }

    #[test]
    fn sum_over_a_negative_dim() {
        // dim -1 is the last: d/dx_ijk = g_ij
        check_grads(
            &[data(&[2, 3, 4], 74)],
            |s, h| s.record(sum(&[-1], false), &[h[0]]),
            |t| t[0].sum_dim_intlist(&[-1i64][..], false, Kind::Double),
        );
    }

    #[test]
    fn sum_over_two_dims() {
        // y_j = Σ_{i,k} x_ijk: d/dx_ijk = g_j
        check_grads(
            &[data(&[2, 3, 4], 75)],
            |s, h| s.record(sum(&[0, 2], false), &[h[0]]),
            |t| t[0].sum_dim_intlist(&[0i64, 2][..], false, Kind::Double),
        );
    }

    #[test]
    fn sum_accepts_a_non_contiguous_cotangent() {
        // y = (Σ_j x_ij·)ᵀ: the cotangent reaching the sum is a transposed (strided) view
        check_grads(
            &[data(&[2, 3, 4], 76)],
            |s, h| {
                let y = s.record(sum(&[1], false), &[h[0]])?;
                s.record(Op::Transpose(0, 1), &[y])
            },
            |t| t[0].sum_dim_intlist(&[1i64][..], false, Kind::Double).tr(),
        );
    }

    #[test]
    fn mean_all_divides_by_the_element_count() {
        // d/dx_ij mean(x) = 1 / (3·4)
        check_grads(
            &[data(&[3, 4], 77)],
            |s, h| s.record(mean(&[], false), &[h[0]]),
            |t| t[0].mean(Kind::Double),
        );
    }

    #[test]
    fn mean_over_one_dim() {
        // y_ik = (1/3) Σ_j x_ijk: d/dx_ijk = g_ik / 3
        check_grads(
            &[data(&[2, 3, 4], 78)],
            |s, h| s.record(mean(&[1], false), &[h[0]]),
            |t| t[0].mean_dim(&[1i64][..], false, Kind::Double),
        );
    }

    #[test]
    fn mean_over_one_dim_keepdim() {
        // y_ij0 = (1/4) Σ_k x_ijk: d/dx_ijk = g_ij0 / 4
        check_grads(
            &[data(&[2, 3, 4], 79)],
            |s, h| s.record(mean(&[-1], true), &[h[0]]),
            |t| t[0].mean_dim(&[-1i64][..], true, Kind::Double),
        );
    }

    #[test]
    fn mean_over_two_dims() {
        // y_k = (1/6) Σ_{i,j} x_ijk: d/dx_ijk = g_k / 6
        check_grads(
            &[data(&[2, 3, 4], 80)],
            |s, h| s.record(mean(&[0, 1], false), &[h[0]]),
            |t| t[0].mean_dim(&[0i64, 1][..], false, Kind::Double),
        );
    }
}
