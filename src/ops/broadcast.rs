//! Shape rules shared by the op families (pure integer code, run before any kernel).

use crate::error::{Error, Result};

/// PyTorch broadcasting of two shapes.
pub fn broadcast_shapes(op: &str, a: &[i64], b: &[i64]) -> Result<Vec<i64>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
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
            return Err(Error::Shape(format!(
                "{op}: shapes {a:?} and {b:?} cannot be broadcast together (dimension {i}: {da} vs {db})"
            )));
        };
    }
    Ok(out)
}

/// A possibly negative dim, checked against `ndim`.
pub fn normalize_dim(op: &str, dim: i64, ndim: usize) -> Result<i64> {
    let n = ndim.max(1) as i64;
    if dim < -n || dim >= n {
        return Err(Error::Shape(format!(
            "{op}: dim {dim} is out of range for a tensor with {ndim} dimension(s)"
        )));
    }
    Ok(if dim < 0 { dim + n } else { dim })
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
