//! The sliding-window layers of `src/ops/sliding.rs` with torch's signatures: `unfold`,
//! `fold`, `adaptive_max_pool2d`, `max_pool3d`, `avg_pool3d`. Each parses its arguments and
//! records one layer.

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::layers::ntuple;
use crate::error::Error;
use crate::kernel::layer::Layer;
use crate::ops::sliding::{AdaptiveMaxPool2d, Fold, Pool3d, Unfold};
use crate::ops::Op;
use crate::session::Operand;

/// `n` ints from an int or a sequence; `default` (every entry) where absent.
fn ints<const N: usize>(
    name: &str,
    v: Option<&Bound<'_, PyAny>>,
    default: i64,
) -> PyResult<[i64; N]> {
    let mut out = [default; N];
    if let Some(v) = v.filter(|v| !v.is_none()) {
        let xs = ntuple(name, v, N)?;
        out.copy_from_slice(&xs);
    }
    Ok(out)
}

/// A pooling stride: `kernel` where absent (None or an empty sequence), as torch.
fn stride_or_kernel(stride: Option<&Bound<'_, PyAny>>, kernel: [i64; 3]) -> PyResult<[i64; 3]> {
    match stride.filter(|s| !s.is_none() && !s.is_empty().unwrap_or(false)) {
        None => Ok(kernel),
        s => ints("stride", s, 1),
    }
}

fn no_indices(op: &str, return_indices: bool) -> PyResult<()> {
    if return_indices {
        return Err(super::to_py(Error::Argument(format!(
            "{op}: return_indices=True is not supported (the indices stay the op's own)"
        ))));
    }
    Ok(())
}

fn record(py: Python<'_>, input: &PyTensor, l: impl Layer + 'static) -> PyResult<PyTensor> {
    input.apply(py, Op::layer(l), vec![Operand::Node(input.handle())])
}

/// `unfold(input, kernel_size, dilation=1, padding=0, stride=1)`.
#[pyfunction]
#[pyo3(signature = (input, kernel_size, dilation=None, padding=None, stride=None))]
pub fn unfold(
    py: Python<'_>,
    input: &PyTensor,
    kernel_size: &Bound<'_, PyAny>,
    dilation: Option<&Bound<'_, PyAny>>,
    padding: Option<&Bound<'_, PyAny>>,
    stride: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    let l = Unfold {
        kernel: ints("kernel_size", Some(kernel_size), 1)?,
        dilation: ints("dilation", dilation, 1)?,
        padding: ints("padding", padding, 0)?,
        stride: ints("stride", stride, 1)?,
    };
    record(py, input, l)
}

/// `fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1)`.
#[pyfunction]
#[pyo3(signature = (input, output_size, kernel_size, dilation=None, padding=None, stride=None))]
pub fn fold(
    py: Python<'_>,
    input: &PyTensor,
    output_size: &Bound<'_, PyAny>,
    kernel_size: &Bound<'_, PyAny>,
    dilation: Option<&Bound<'_, PyAny>>,
    padding: Option<&Bound<'_, PyAny>>,
    stride: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    let l = Fold {
        output: ints("output_size", Some(output_size), 1)?,
        kernel: ints("kernel_size", Some(kernel_size), 1)?,
        dilation: ints("dilation", dilation, 1)?,
        padding: ints("padding", padding, 0)?,
        stride: ints("stride", stride, 1)?,
    };
    record(py, input, l)
}

/// `adaptive_max_pool2d(input, output_size, return_indices=False)`: `output_size` an int
/// or a pair whose `None` entries keep the input's size.
#[pyfunction]
#[pyo3(signature = (input, output_size, return_indices=false))]
pub fn adaptive_max_pool2d(
    py: Python<'_>,
    input: &PyTensor,
    output_size: &Bound<'_, PyAny>,
    return_indices: bool,
) -> PyResult<PyTensor> {
    no_indices("adaptive_max_pool2d", return_indices)?;
    let size: Vec<Option<i64>> = match output_size.extract::<i64>() {
        Ok(n) => vec![Some(n); 2],
        Err(_) => output_size.extract()?,
    };
    let h = input.handle();
    let shape = input.with(py, move |s| s.shape(h))?;
    let [a, b] = size[..] else {
        return Err(super::to_py(Error::Argument(format!(
            "adaptive_max_pool2d: output_size must be an int or a pair, got {size:?}"
        ))));
    };
    let keep = |i: usize| {
        shape
            .get(shape.len().wrapping_sub(2 - i))
            .copied()
            .unwrap_or(0)
    };
    let out = [a.unwrap_or_else(|| keep(0)), b.unwrap_or_else(|| keep(1))];
    record(py, input, AdaptiveMaxPool2d(out))
}

/// `max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
/// return_indices=False)`.
#[pyfunction]
#[pyo3(signature = (input, kernel_size, stride=None, padding=None, dilation=None, ceil_mode=false, return_indices=false))]
#[allow(clippy::too_many_arguments)]
pub fn max_pool3d(
    py: Python<'_>,
    input: &PyTensor,
    kernel_size: &Bound<'_, PyAny>,
    stride: Option<&Bound<'_, PyAny>>,
    padding: Option<&Bound<'_, PyAny>>,
    dilation: Option<&Bound<'_, PyAny>>,
    ceil_mode: bool,
    return_indices: bool,
) -> PyResult<PyTensor> {
    no_indices("max_pool3d", return_indices)?;
    let kernel = ints("kernel_size", Some(kernel_size), 1)?;
    let stride = stride_or_kernel(stride, kernel)?;
    let l = Pool3d {
        kernel,
        stride,
        padding: ints("padding", padding, 0)?,
        dilation: ints("dilation", dilation, 1)?,
        ceil_mode,
        average: None,
    };
    record(py, input, l)
}

/// `avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
/// count_include_pad=True, divisor_override=None)`.
#[pyfunction]
#[pyo3(signature = (input, kernel_size, stride=None, padding=None, ceil_mode=false, count_include_pad=true, divisor_override=None))]
#[allow(clippy::too_many_arguments)]
pub fn avg_pool3d(
    py: Python<'_>,
    input: &PyTensor,
    kernel_size: &Bound<'_, PyAny>,
    stride: Option<&Bound<'_, PyAny>>,
    padding: Option<&Bound<'_, PyAny>>,
    ceil_mode: bool,
    count_include_pad: bool,
    divisor_override: Option<i64>,
) -> PyResult<PyTensor> {
    let kernel = ints("kernel_size", Some(kernel_size), 1)?;
    let stride = stride_or_kernel(stride, kernel)?;
    let l = Pool3d {
        kernel,
        stride,
        padding: ints("padding", padding, 0)?,
        dilation: [1; 3],
        ceil_mode,
        average: Some((count_include_pad, divisor_override)),
    };
    record(py, input, l)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(unfold, m)?)?;
    m.add_function(wrap_pyfunction!(fold, m)?)?;
    m.add_function(wrap_pyfunction!(adaptive_max_pool2d, m)?)?;
    m.add_function(wrap_pyfunction!(max_pool3d, m)?)?;
    m.add_function(wrap_pyfunction!(avg_pool3d, m)?)
}
