//! `affine_grid`, whose base grid the backend generates (`F.interpolate` and `F.grid_sample`
//! are declared in `src/ops/interpolate.rs`).

use pyo3::prelude::*;

use super::classes::PyTensor;

/// Generate 2D or 3D flow field (sampling grid), given a batch of affine matrices `theta`.
///
/// The base grid of normalized coordinates of `size` times `theta` transposed, recorded as a matrix
/// product so `theta` gets its gradient. Mostly used with `grid_sample`.
///
/// Args:
///     theta (Tensor): the affine matrices, `(N, 2, 3)` for a 2-D `size` or `(N, 3, 4)` for
///         a 3-D one.
///     size (list of int): the target output image size, `(N, C, H, W)` or
///         `(N, C, D, H, W)`.
///     align_corners (bool, optional): as in `grid_sample`. Default: ``None`` (``False``).
///
/// Returns:
///     Tensor: `(N, H, W, 2)` or `(N, D, H, W, 3)`.
///
/// Raises:
///     ShapeError: `theta` does not fit `size`, or `size` is not 4-D or 5-D with positive
///         entries.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     theta = et.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
///     ...     F.affine_grid(theta, [1, 1, 2, 2], align_corners=True).tolist()
///     [[[[-1.0, -1.0], [1.0, -1.0]], [[-1.0, 1.0], [1.0, 1.0]]]]
#[pyfunction]
#[pyo3(signature = (theta, size, align_corners=None))]
pub fn affine_grid(
    py: Python<'_>,
    theta: &PyTensor,
    size: Vec<i64>,
    align_corners: Option<bool>,
) -> PyResult<PyTensor> {
    let h = theta.handle();
    let a = align_corners.unwrap_or(false);
    theta.call(py, move |s, _| s.affine_grid(h, &size, a))
}
