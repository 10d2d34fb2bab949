//! `grid_sample` and `affine_grid` (`F.interpolate` is declared in `src/ops/interpolate.rs`).

use pyo3::prelude::*;

use super::classes::PyTensor;
use crate::error::Error;
use crate::ops::upsample::GridSample;
use crate::ops::Op;
use crate::session::Operand;

/// Compute grid sample.
///
/// Samples `input` at the normalized locations of `grid` (`x` in the last entry runs along the
/// width, -1 and 1 the extreme pixels with `align_corners`, the extreme edges without). One node on
/// LibTorch's `grid_sampler_2d` / `grid_sampler_3d`; `input` and `grid` get gradients (a `grid`
/// given as array data is a constant). LibTorch carriers only (the reference backend raises
/// `UnsupportedOpError`).
///
/// Args:
///     input (Tensor): `(N, C, H_in, W_in)`, or `(N, C, D_in, H_in, W_in)`.
///     grid (Tensor): `(N, H_out, W_out, 2)`, or `(N, D_out, H_out, W_out, 3)`.
///     mode (str): ``"bilinear"``, ``"nearest"`` or ``"bicubic"`` (4-D input only).
///         Default: ``"bilinear"``.
///     padding_mode (str): the values outside the input: ``"zeros"``, ``"border"`` or
///         ``"reflection"``. Default: ``"zeros"``.
///     align_corners (bool, optional): whether -1 and 1 name the centers of the corner
///         pixels (else their outer edges). Default: ``None`` (``False``, without torch's
///         warning).
///
/// Returns:
///     Tensor: `(N, C, H_out, W_out)`, or `(N, C, D_out, H_out, W_out)`.
///
/// Raises:
///     ArgumentError: an unknown `mode` or `padding_mode`, or ``"bicubic"`` on a 5-D input.
///     ShapeError: the shapes of `input` and `grid` do not fit together.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     x = et.tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
///     ...     theta = et.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
///     ...     grid = F.affine_grid(theta, [1, 1, 2, 2], align_corners=False)
///     ...     F.grid_sample(x, grid, align_corners=False).tolist()
///     [[[[1.0, 2.0], [3.0, 4.0]]]]
#[pyfunction]
#[pyo3(signature = (input, grid, mode="bilinear", padding_mode="zeros", align_corners=None))]
pub fn grid_sample(
    py: Python<'_>,
    input: &PyTensor,
    grid: &Bound<'_, PyAny>,
    mode: &str,
    padding_mode: &str,
    align_corners: Option<bool>,
) -> PyResult<PyTensor> {
    let mode = match mode {
        "bilinear" => 0,
        "nearest" => 1,
        "bicubic" => 2,
        other => {
            return Err(PyErr::from(Error::Argument(format!(
                "grid_sample: mode must be bilinear, nearest or bicubic, got {other:?}"
            ))))
        }
    };
    let padding = match padding_mode {
        "zeros" => 0,
        "border" => 1,
        "reflection" => 2,
        other => {
            return Err(PyErr::from(Error::Argument(format!(
                "grid_sample: padding_mode must be zeros, border or reflection, got {other:?}"
            ))))
        }
    };
    let l = GridSample {
        mode,
        padding,
        align_corners: align_corners.unwrap_or(false),
    };
    let operands = vec![Operand::Node(input.handle()), input.operand(py, grid)?];
    input.apply(py, Op::layer(l), operands)
}

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

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(grid_sample, m)?)?;
    m.add_function(wrap_pyfunction!(affine_grid, m)?)
}
