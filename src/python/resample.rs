//! `_upsample(input, mode, size, scales, align_corners)`: the core of `F.interpolate`
//! (which computes the output size and scale factors with torch's rule) on LibTorch's
//! resampling kernels (`src/ops/upsample.rs`); `grid_sample` and `affine_grid`.

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::OrPy;
use crate::error::Error;
use crate::ops::upsample::{GridSample, Resample, Upsample};
use crate::ops::Op;
use crate::session::Operand;

#[pyfunction]
pub fn _upsample(
    py: Python<'_>,
    input: &PyTensor,
    mode: &str,
    size: Vec<i64>,
    scales: Vec<Option<f64>>,
    align_corners: bool,
) -> PyResult<PyTensor> {
    let l = Upsample {
        mode: Resample::parse(mode).py()?,
        size: size.into(),
        scales: scales.into(),
        align_corners,
    };
    input.apply(py, Op::layer(l), vec![Operand::Node(input.handle())])
}

/// `grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None)`.
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
            return Err(super::to_py(Error::Argument(format!(
                "grid_sample: mode must be bilinear, nearest or bicubic, got {other:?}"
            ))))
        }
    };
    let padding = match padding_mode {
        "zeros" => 0,
        "border" => 1,
        "reflection" => 2,
        other => {
            return Err(super::to_py(Error::Argument(format!(
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

/// `affine_grid(theta, size, align_corners=None)`.
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
    m.add_function(wrap_pyfunction!(_upsample, m)?)?;
    m.add_function(wrap_pyfunction!(grid_sample, m)?)?;
    m.add_function(wrap_pyfunction!(affine_grid, m)?)
}
