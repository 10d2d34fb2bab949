//! `_upsample(input, mode, size, scales, align_corners)`: the core of `F.interpolate`
//! (which computes the output size and scale factors with torch's rule) on LibTorch's
//! resampling kernels (`src/ops/upsample.rs`).

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::OrPy;
use crate::ops::upsample::{Resample, Upsample};
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

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_upsample, m)?)
}
