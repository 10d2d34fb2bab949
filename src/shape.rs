//! Shape rules: pure integer code, shared by the ops (which run them before any kernel, so a
//! rejected op records nothing) and by the reference backend's kernels. A leaf module: it
//! depends on nothing but the error type.

use crate::error::{Error, Result};

/// PyTorch broadcasting of two shapes.
pub fn broadcast_shapes(op: &str, a: &[i64], b: &[i64]) -> Result<Vec<i64>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n]; // bounded: the tensor's rank
    for i in 0..n {
        let da = if i + a.len() >= n {
            a[i + a.len() - n]
        } else {
            1
        };
        let db = if i + b.len() >= n {
            b[i + b.len() - n]
        } else {
            1
        };
        out[i] = if da == db || db == 1 {
            da
        } else if da == 1 {
            db
        } else {
            return Err(Error::Broadcast {
                op: op.to_string(),
                a: a.to_vec(),
                b: b.to_vec(),
                dim: i,
                da,
                db,
            });
        };
    }
    Ok(out)
}

/// A possibly negative dim, checked against `ndim` and made non-negative. As in PyTorch, a
/// 0-d tensor accepts the dims `0` and `-1` (it is treated as having one dimension).
pub fn normalize_dim(op: &str, dim: i64, ndim: usize) -> Result<usize> {
    let n = ndim.max(1) as i64;
    if dim < -n || dim >= n {
        return Err(Error::DimOutOfRange {
            op: op.to_string(),
            dim,
            ndim,
        });
    }
    Ok((if dim < 0 { dim + n } else { dim }) as usize)
}

/// torch's `x.size(dim)` of a tensor of `shape`: a negative `dim` counts from the end; a
/// 0-d tensor has no dimension to name (`DimOutOfRange`, as torch's `IndexError`).
pub fn size_at(shape: &[i64], dim: i64) -> Result<i64> {
    let i = normalize_dim("size", dim, shape.len())?;
    shape.get(i).copied().ok_or(Error::DimOutOfRange {
        op: "size".into(),
        dim,
        ndim: 0,
    })
}

/// The element count of `shape`, or a `ShapeError` for negative or overflowing shapes
/// (more than 2⁴⁰ elements is refused as well: no carrier can hold it).
pub fn checked_numel(shape: &[i64]) -> Result<usize> {
    shape
        .iter()
        .try_fold(1usize, |acc, &d| {
            usize::try_from(d).ok().and_then(|d| acc.checked_mul(d))
        })
        .filter(|&n| n <= (1usize << 40))
        .ok_or_else(|| Error::Shape(format!("invalid shape {shape:?}")))
}

/// The element count of a valid shape (0 for an empty tensor).
pub fn numel(shape: &[i64]) -> usize {
    shape.iter().product::<i64>().max(0) as usize
}

/// Which dims of an `ndim`-dimensional tensor a reduction over `dims` reduces (`dims`
/// empty: all of them). Repeated dims are an error, as in PyTorch.
pub fn reduced_dims(op: &str, dims: &[i64], ndim: usize) -> Result<Vec<bool>> {
    let mut reduced = vec![dims.is_empty(); ndim]; // bounded: the tensor's rank
    let mut seen = Vec::with_capacity(dims.len()); // bounded: the tensor's rank
    for &d in dims {
        let i = normalize_dim(op, d, ndim)?;
        if seen.contains(&i) {
            return Err(Error::Shape(format!(
                "{op}: dim {i} appears multiple times in the list of dims"
            )));
        }
        seen.push(i);
        if ndim > 0 {
            reduced[i] = true;
        }
    }
    Ok(reduced)
}

/// The shape of a reduction over `dims` (all when empty).
pub fn reduce_shape(op: &str, s: &[i64], dims: &[i64], keepdim: bool) -> Result<Vec<i64>> {
    let reduced = reduced_dims(op, dims, s.len())?;
    let mut out = Vec::with_capacity(s.len()); // bounded: the tensor's rank
    for (&n, &r) in s.iter().zip(&reduced) {
        if !r {
            out.push(n);
        } else if keepdim {
            out.push(1);
        }
    }
    Ok(out)
}

/// Number of input elements that meet in one output element of a reduction over `dims`.
pub fn reduced_count(s: &[i64], dims: &[i64]) -> Result<i64> {
    let reduced = reduced_dims("mean", dims, s.len())?;
    Ok(s.iter()
        .zip(&reduced)
        .filter(|(_, &r)| r)
        .map(|(&n, _)| n)
        .product())
}

/// `matmul` of two operands of at least 2 dims, with broadcast batch dims.
pub fn matmul_shape(a: &[i64], b: &[i64]) -> Result<Vec<i64>> {
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

/// `linear(x, w[, b])`: `x` of shape `(..., in)`, `w` of `(out, in)`, `b` of `(out,)`.
pub fn linear_shape(x: &[i64], w: &[i64], b: Option<&[i64]>) -> Result<Vec<i64>> {
    if x.is_empty() || w.len() != 2 || x[x.len() - 1] != w[1] {
        return Err(Error::Shape(format!(
            "linear: input of shape {x:?} needs a weight of shape (out_features, {}), got {w:?}",
            x.last().copied().unwrap_or(0)
        )));
    }
    if let Some(b) = b {
        if b != [w[0]] {
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

/// `transpose(d0, d1)`.
pub fn transpose_shape(s: &[i64], d0: i64, d1: i64) -> Result<Vec<i64>> {
    let a = normalize_dim("transpose", d0, s.len())?;
    let b = normalize_dim("transpose", d1, s.len())?;
    let mut out = s.to_vec();
    if !out.is_empty() {
        out.swap(a, b);
    }
    Ok(out)
}

/// torch's stride rule for `view` (`computeStride`): the strides that let a tensor of
/// `shape` and `strides` be viewed as `target` (same element count) without copying, or
/// `None` when no strides can. Dims merged or split by the view must be laid out as one
/// contiguous chunk; size-1 dims take any stride.
pub fn view_strides(shape: &[i64], strides: &[i64], target: &[i64]) -> Option<Vec<i64>> {
    if shape.is_empty() {
        return Some(vec![1; target.len()]); // bounded: the tensor's rank
    }
    let numel: i64 = shape.iter().product();
    if numel == 0 {
        if shape == target {
            return Some(strides.to_vec());
        }
        let mut out = vec![1i64; target.len()]; // bounded: the tensor's rank
        for d in (0..target.len().saturating_sub(1)).rev() {
            out[d] = target[d + 1].max(1) * out[d + 1];
        }
        return Some(out);
    }
    let mut out = vec![0i64; target.len()]; // bounded: the tensor's rank
    let mut view_d = target.len() as isize - 1;
    let mut chunk_base_stride = *strides.last()?;
    let (mut tensor_numel, mut view_numel) = (1i64, 1i64);
    for tensor_d in (0..shape.len()).rev() {
        tensor_numel *= shape[tensor_d];
        let chunk_ends = tensor_d == 0
            || (shape[tensor_d - 1] != 1
                && strides[tensor_d - 1] != tensor_numel * chunk_base_stride);
        if chunk_ends {
            while view_d >= 0 && (view_numel < tensor_numel || target[view_d as usize] == 1) {
                out[view_d as usize] = view_numel * chunk_base_stride;
                view_numel *= target[view_d as usize];
                view_d -= 1;
            }
            if view_numel != tensor_numel {
                return None;
            }
            if tensor_d > 0 {
                chunk_base_stride = strides[tensor_d - 1];
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    (view_d == -1).then_some(out)
}

/// Resolve a target shape (at most one `-1`) against the input's element count.
pub fn reshape_shape(s: &[i64], target: &[i64]) -> Result<Vec<i64>> {
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
    let known = target
        .iter()
        .filter(|&&d| d != -1)
        .try_fold(1i64, |acc, &d| acc.checked_mul(d))
        .ok_or_else(bad)?;
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

/// `permute(dims)`: `dims` normalized (a permutation of `0..ndim`) and the output shape.
pub fn permute_shape(s: &[i64], dims: &[i64]) -> Result<(Vec<usize>, Vec<i64>)> {
    if dims.len() != s.len() {
        return Err(Error::Shape(format!(
            "permute: {} dims given for a tensor with {} dimension(s)",
            dims.len(),
            s.len()
        )));
    }
    let mut seen = vec![false; s.len()]; // bounded: the tensor's rank
    let mut perm = Vec::with_capacity(dims.len()); // bounded: the tensor's rank
    for &d in dims {
        let i = normalize_dim("permute", d, s.len())?;
        if std::mem::replace(&mut seen[i], true) {
            return Err(Error::Shape(format!(
                "permute: dim {i} appears multiple times in {dims:?}"
            )));
        }
        perm.push(i);
    }
    let out = perm.iter().map(|&i| s[i]).collect();
    Ok((perm, out))
}

/// `unsqueeze(dim)`: a size-1 dim inserted at `dim` (in `[-ndim-1, ndim]`).
pub fn unsqueeze_shape(s: &[i64], dim: i64) -> Result<Vec<i64>> {
    let d = normalize_dim("unsqueeze", dim, s.len() + 1)?;
    let mut out = s.to_vec();
    out.insert(d, 1);
    Ok(out)
}

/// `squeeze(dims)`: the size-1 dims among `dims` removed (all size-1 dims for `None`).
pub fn squeeze_shape(s: &[i64], dims: Option<&[i64]>) -> Result<Vec<i64>> {
    let drop: Vec<bool> = match dims {
        None => s.iter().map(|&n| n == 1).collect(),
        Some(dims) => {
            let picked = reduced_dims("squeeze", dims, s.len())?;
            // `reduced_dims` marks every dim for an empty list; squeeze(()) drops none.
            s.iter()
                .zip(&picked)
                .map(|(&n, &p)| p && n == 1 && !dims.is_empty())
                .collect()
        }
    };
    Ok(s.iter()
        .zip(drop)
        .filter(|&(_, d)| !d)
        .map(|(&n, _)| n)
        .collect())
}

/// `flatten(start_dim, end_dim)`: the dims from `start` to `end` merged into one.
pub fn flatten_shape(s: &[i64], start: i64, end: i64) -> Result<Vec<i64>> {
    if s.is_empty() {
        normalize_dim("flatten", start, 0)?;
        normalize_dim("flatten", end, 0)?;
        return Ok(vec![1]);
    }
    let (a, b) = (
        normalize_dim("flatten", start, s.len())?,
        normalize_dim("flatten", end, s.len())?,
    );
    if a > b {
        return Err(Error::Shape(format!(
            "flatten: start_dim {start} cannot come after end_dim {end}"
        )));
    }
    let mut out = s[..a].to_vec();
    out.push(s[a..=b].iter().product());
    out.extend_from_slice(&s[b + 1..]);
    Ok(out)
}

/// `unflatten(dim, sizes)`: `dim` split into `sizes` (one may be -1).
pub fn unflatten_shape(s: &[i64], dim: i64, sizes: &[i64]) -> Result<Vec<i64>> {
    let d = normalize_dim("unflatten", dim, s.len())?;
    if s.is_empty() || sizes.is_empty() {
        return Err(Error::Shape(format!(
            "unflatten: cannot split dim {dim} of shape {s:?} into {sizes:?}"
        )));
    }
    let split = reshape_shape(&[s[d]], sizes).map_err(|_| {
        Error::Shape(format!(
            "unflatten: sizes {sizes:?} do not multiply to dim {dim}'s size {}",
            s[d]
        ))
    })?;
    let mut out = s[..d].to_vec();
    out.extend(split);
    out.extend_from_slice(&s[d + 1..]);
    Ok(out)
}

/// Two shapes that must be equal (losses between a prediction and its target).
pub fn same_shape(op: &str, a: &[i64], b: &[i64]) -> Result<()> {
    if a != b {
        return Err(Error::Shape(format!(
            "{op}: prediction of shape {a:?} and target of shape {b:?} differ"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_at_counts_from_the_end_and_a_0d_tensor_has_no_dim() {
        // torch: torch.zeros(2, 3).size(-1) == 3; torch.tensor(1.).size(0) raises IndexError
        assert_eq!(size_at(&[2, 3], -1).unwrap(), 3);
        assert_eq!(size_at(&[2, 3], 0).unwrap(), 2);
        assert!(matches!(
            size_at(&[2, 3], 2),
            Err(Error::DimOutOfRange { .. })
        ));
        assert!(matches!(
            size_at(&[], 0),
            Err(Error::DimOutOfRange { ndim: 0, .. })
        ));
        assert!(matches!(size_at(&[], -1), Err(Error::DimOutOfRange { .. })));
    }

    #[test]
    fn view_strides_follow_torchs_rule() {
        // torch: x = torch.arange(6.).reshape(2, 3)
        // x.t().view(-1) fails; x.t().view(3, 2) ... fails too (not one chunk)
        assert_eq!(view_strides(&[3, 2], &[1, 3], &[6]), None);
        // x[:, 1:2].view(-1): a (2, 1) slice with strides (3, 1) views as (2,) stride 3
        assert_eq!(view_strides(&[2, 1], &[3, 1], &[2]), Some(vec![3]));
        // contiguous data: row-major strides
        assert_eq!(view_strides(&[2, 3], &[3, 1], &[3, 2]), Some(vec![2, 1]));
        // x.t().unsqueeze(0)-like: splitting a dim of a transposed tensor keeps its stride
        assert_eq!(
            view_strides(&[4, 6], &[1, 4], &[4, 2, 3]),
            Some(vec![1, 12, 4])
        );
        assert_eq!(view_strides(&[], &[], &[1, 1]), Some(vec![1, 1]));
    }

    #[test]
    fn broadcasting_follows_pytorch() {
        assert_eq!(broadcast_shapes("add", &[3, 4], &[4]).unwrap(), vec![3, 4]);
        assert_eq!(
            broadcast_shapes("mul", &[2, 1, 3], &[1, 4, 3]).unwrap(),
            vec![2, 4, 3]
        );
        assert_eq!(broadcast_shapes("add", &[], &[5]).unwrap(), vec![5]);
        assert!(broadcast_shapes("add", &[3], &[4]).is_err());
    }

    #[test]
    fn negative_dims_wrap() {
        assert_eq!(normalize_dim("sum", -1, 3).unwrap(), 2);
        assert!(normalize_dim("sum", 3, 3).is_err());
    }

    #[test]
    fn a_zero_dim_tensor_accepts_dim_zero_and_minus_one() {
        // torch.tensor(2.).sum(0) and .sum(-1) are allowed; .sum(1) is not.
        assert_eq!(normalize_dim("sum", 0, 0).unwrap(), 0);
        assert_eq!(normalize_dim("sum", -1, 0).unwrap(), 0);
        assert!(normalize_dim("sum", 1, 0).is_err());
        assert_eq!(
            reduce_shape("sum", &[], &[0], false).unwrap(),
            Vec::<i64>::new()
        );
        assert_eq!(reduced_count(&[], &[0]).unwrap(), 1);
    }

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
        assert_eq!(
            reduce_shape("sum", &[2, 3, 4], &[0, 2], false).unwrap(),
            vec![3]
        );
        assert!(reduce_shape("sum", &[2, 3], &[2], false).is_err());
        assert!(reduce_shape("sum", &[2, 3], &[1, -1], false).is_err());
        assert_eq!(reduced_count(&[2, 3, 4], &[1]).unwrap(), 3);
        assert_eq!(reduced_count(&[2, 3, 4], &[0, 2]).unwrap(), 8);
    }

    #[test]
    fn matmul_shapes_broadcast_batches() {
        assert_eq!(matmul_shape(&[3, 4], &[4, 5]).unwrap(), vec![3, 5]);
        assert_eq!(
            matmul_shape(&[2, 1, 3, 4], &[5, 4, 2]).unwrap(),
            vec![2, 5, 3, 2]
        );
        assert!(matmul_shape(&[3, 4], &[5, 2]).is_err());
        assert!(matmul_shape(&[4], &[4, 2]).is_err());
    }

    #[test]
    fn linear_checks_weight_and_bias() {
        assert_eq!(
            linear_shape(&[2, 3], &[4, 3], Some(&[4])).unwrap(),
            vec![2, 4]
        );
        assert!(linear_shape(&[2, 3], &[4, 2], None).is_err());
        assert!(linear_shape(&[2, 3], &[4, 3], Some(&[3])).is_err());
    }

    #[test]
    fn reshape_infers_one_dim() {
        assert_eq!(reshape_shape(&[2, 6], &[3, -1]).unwrap(), vec![3, 4]);
        assert!(reshape_shape(&[2, 6], &[5, -1]).is_err());
        assert!(reshape_shape(&[2, 6], &[-1, -1]).is_err());
        assert!(reshape_shape(&[2, 6], &[7]).is_err());
        assert!(reshape_shape(&[2, 6], &[i64::MAX, 2]).is_err());
    }

    #[test]
    fn view_shapes_follow_torch() {
        assert_eq!(
            permute_shape(&[2, 3, 4], &[2, 0, -2]).unwrap().1,
            vec![4, 2, 3]
        );
        assert!(permute_shape(&[2, 3], &[0, 0]).is_err());
        assert!(permute_shape(&[2, 3], &[0]).is_err());
        assert_eq!(unsqueeze_shape(&[2, 3], -1).unwrap(), vec![2, 3, 1]);
        assert_eq!(unsqueeze_shape(&[2, 3], 0).unwrap(), vec![1, 2, 3]);
        assert_eq!(unsqueeze_shape(&[], 0).unwrap(), vec![1]);
        assert!(unsqueeze_shape(&[2], 3).is_err());
        assert_eq!(squeeze_shape(&[1, 2, 1], None).unwrap(), vec![2]);
        assert_eq!(squeeze_shape(&[1, 2, 1], Some(&[0])).unwrap(), vec![2, 1]);
        assert_eq!(
            squeeze_shape(&[1, 2, 1], Some(&[1])).unwrap(),
            vec![1, 2, 1]
        );
        assert_eq!(squeeze_shape(&[1, 2, 1], Some(&[])).unwrap(), vec![1, 2, 1]);
        assert_eq!(flatten_shape(&[2, 3, 4], 1, -1).unwrap(), vec![2, 12]);
        assert_eq!(flatten_shape(&[], 0, -1).unwrap(), vec![1]);
        assert!(flatten_shape(&[2, 3], 1, 0).is_err());
        assert_eq!(
            unflatten_shape(&[2, 12], 1, &[3, -1]).unwrap(),
            vec![2, 3, 4]
        );
        assert!(unflatten_shape(&[2, 12], 1, &[5, -1]).is_err());
    }

    #[test]
    fn transpose_swaps_dims() {
        assert_eq!(transpose_shape(&[2, 3, 4], 0, -1).unwrap(), vec![4, 3, 2]);
        assert!(transpose_shape(&[2, 3], 0, 2).is_err());
    }
}
