//! Kernels of the reference backend that produce or consume indices (`max(dim)` and its
//! backward's scatter). Indices are plain `i64`s on the host: `Dyn` holds them as LibTorch
//! `int64` tensors, as every data tensor (see `DType::Int64`).

use super::tensor::{contiguous_strides, numel, walk2, RefTensor};
use crate::error::Result;
use crate::kernel::Scalar;
use crate::shape::normalize_dim;

/// `dim` of an `ndim`-dimensional tensor as an index, and the tensor's shape seen with at
/// least one dim (a 0-d tensor reduces over a dim of size 1).
fn along_shape(shape: &[i64], dim: i64) -> Result<(usize, Vec<i64>)> {
    let d = normalize_dim("max", dim, shape.len())?;
    let full = if shape.is_empty() {
        vec![1]
    } else {
        shape.to_vec()
    };
    Ok((d, full))
}

/// The maximum along `dim` and the index of its first occurrence (a NaN is the maximum,
/// at its first position), as torch's `max(dim)` on CPU. Returns the values and the
/// indices in row-major order of the output shape.
pub fn max_along<S: Scalar>(
    a: &RefTensor<S>,
    dim: i64,
    keepdim: bool,
) -> Result<(RefTensor<S>, Vec<i64>, Vec<i64>)> {
    let (d, full) = along_shape(a.shape(), dim)?;
    let mut strides = a.strides().to_vec();
    if a.shape().is_empty() {
        strides = vec![1];
    }
    let mut outer = full.clone();
    outer[d] = 1;
    let n = full[d];
    let data = a.storage();
    // bounded: the size of a host tensor that exists (an input, or its reduction)
    let (mut values, mut indices) = (Vec::with_capacity(numel(&outer)), Vec::new());
    walk2(&outer, (&strides, a.offset()), (&strides, 0), |p, _| {
        let (mut best, mut best_i) = (data[p], 0i64);
        for j in 1..n {
            let x = data[(p as i64 + j * strides[d]) as usize];
            let (xv, bv) = (x.to_f64(), best.to_f64());
            if !bv.is_nan() && (xv.is_nan() || xv > bv) {
                best = x;
                best_i = j;
            }
        }
        values.push(best);
        indices.push(best_i);
    });
    let out_shape: Vec<i64> = if keepdim {
        if a.shape().is_empty() {
            vec![]
        } else {
            outer
        }
    } else {
        a.shape()
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != d)
            .map(|(_, &s)| s)
            .collect()
    };
    Ok((
        RefTensor::from_vec(values, &out_shape, a.dtype()),
        indices,
        out_shape,
    ))
}

/// Zeros of `shape` with `src[i]` added at position `index[i]` along `dim` (`index` and
/// `src` in row-major order of `shape` with `dim` reduced to 1): the backward of
/// `max(dim)` with `keepdim=True`.
pub fn scatter_along<S: Scalar>(
    shape: &[i64],
    dim: i64,
    index: &[i64],
    src: &RefTensor<S>,
) -> Result<RefTensor<S>> {
    let (d, full) = along_shape(shape, dim)?;
    let cs = contiguous_strides(&full);
    let mut out = crate::error::host_vec(numel(&full), S::zero(), "a gather")?;
    let mut outer = full.clone();
    outer[d] = 1;
    let dtype = src.dtype();
    let src = src.to_vec();
    let mut k = 0;
    walk2(&outer, (&cs, 0), (&cs, 0), |p, _| {
        let j = index[k];
        let at = (p as i64 + j * cs[d]) as usize;
        out[at] = out[at].add(src[k]);
        k += 1;
    });
    Ok(RefTensor::from_vec(out, shape, dtype))
}

/// The elements of `srcs` (laid end to end, each in row-major order) that `plan` names,
/// in `shape`; a negative plan entry is `fill` (the executor of a movement op's index plan,
/// see [`crate::ops::movement`]).
pub fn take<S: Scalar>(
    srcs: &[&RefTensor<S>],
    plan: &[i64],
    shape: &[i64],
    fill: S,
) -> Result<RefTensor<S>> {
    let flat: Vec<S> = srcs.iter().flat_map(|t| t.to_vec()).collect();
    let mut out = crate::error::host_capacity(plan.len(), "an index plan's result")?;
    for &p in plan {
        out.push(if p < 0 {
            fill
        } else {
            *flat.get(p as usize).ok_or_else(|| {
                crate::error::Error::Backend(format!(
                    "index plan entry {p} is past the {} source elements",
                    flat.len()
                ))
            })?
        });
    }
    let dtype = srcs
        .first()
        .map_or(crate::config::DType::RefFloat64, |t| t.dtype());
    Ok(RefTensor::from_vec(out, shape, dtype))
}

/// Zeros of `shape` with each element of `g` added where `plan` (numbered from `offset`)
/// says it was copied from: the cotangent of one source of a movement op. Entries outside
/// `[offset, offset + numel(shape))` belong to other sources or fills.
pub fn put_add<S: Scalar>(
    shape: &[i64],
    offset: i64,
    plan: &[i64],
    g: &RefTensor<S>,
) -> Result<RefTensor<S>> {
    let n = numel(shape);
    let mut acc = crate::error::host_vec(n, S::zero(), "a scatter-add")?;
    for (&p, v) in plan.iter().zip(g.to_vec()) {
        let q = p - offset;
        if q >= 0 && (q as usize) < n {
            acc[q as usize] = acc[q as usize].add(v);
        }
    }
    Ok(RefTensor::from_vec(acc, shape, g.dtype()))
}
