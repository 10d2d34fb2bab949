//! `torch.nn.functional`'s layers run by LibTorch's kernels: `embedding`, `max_pool2d`,
//! `avg_pool2d`, `adaptive_avg_pool2d` (see `ops/layers.rs`).

use pyo3::prelude::*;

use super::tensor::PyTensor;
use crate::error::Error;
use crate::ops::layers::{AdaptiveAvgPool2d, AvgPool2d, Embedding, MaxPool2d, Window};
use crate::ops::Op;
use crate::session::Operand;

/// An `int` or a pair of ints (torch's `_pair`).
fn pair(name: &str, v: &Bound<'_, PyAny>) -> PyResult<[i64; 2]> {
    if let Ok(n) = v.extract::<i64>() {
        return Ok([n, n]);
    }
    let xs: Vec<i64> = v.extract().map_err(|_| {
        super::to_py(Error::Argument(format!(
            "{name} must be an int or a pair of ints"
        )))
    })?;
    match xs[..] {
        [a] => Ok([a, a]),
        [a, b] => Ok([a, b]),
        _ => Err(super::to_py(Error::Argument(format!(
            "{name} must be an int or a pair of ints, got {xs:?}"
        )))),
    }
}

fn window(
    kernel_size: &Bound<'_, PyAny>,
    stride: Option<&Bound<'_, PyAny>>,
    padding: &Bound<'_, PyAny>,
    dilation: [i64; 2],
    ceil_mode: bool,
) -> PyResult<Window> {
    let kernel = pair("kernel_size", kernel_size)?;
    let stride = match stride.filter(|s| !s.is_none()) {
        None => kernel,
        Some(s) => {
            // torch: an empty stride means the kernel size
            if s.extract::<Vec<i64>>().is_ok_and(|v| v.is_empty()) {
                kernel
            } else {
                pair("stride", s)?
            }
        }
    };
    Ok(Window {
        kernel,
        stride,
        padding: pair("padding", padding)?,
        dilation,
        ceil_mode,
    })
}

/// `embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
/// scale_grad_by_freq=False, sparse=False)`: int64 ids pick rows of `weight`.
#[pyfunction]
#[pyo3(signature = (input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=false, sparse=false))]
#[allow(clippy::too_many_arguments)]
pub fn embedding(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    weight: &Bound<'_, PyTensor>,
    padding_idx: Option<i64>,
    max_norm: Option<f64>,
    norm_type: f64,
    scale_grad_by_freq: bool,
    sparse: bool,
) -> PyResult<PyTensor> {
    let _ = norm_type;
    if max_norm.is_some() || scale_grad_by_freq || sparse {
        return Err(super::to_py(Error::Argument(
            "embedding: max_norm (which rewrites the weight in place), scale_grad_by_freq and \
             sparse are not supported"
                .into(),
        )));
    }
    let w = weight.get();
    let h = w.handle;
    let rows = w
        .with(py, move |s| s.shape(h))?
        .first()
        .copied()
        .unwrap_or(0);
    let padding_idx = match padding_idx {
        None => -1,
        Some(p) if p >= 0 && p < rows => p,
        Some(p) if p < 0 && p >= -rows => p + rows,
        Some(p) => {
            return Err(super::to_py(Error::Argument(format!(
                "embedding: padding_idx {p} must be within num_embeddings {rows}"
            ))))
        }
    };
    let ids = w.index_operand(py, input)?;
    w.apply(
        py,
        Op::layer(Embedding { padding_idx }),
        vec![ids, Operand::Node(h)],
    )
}

/// `max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
/// return_indices=False)`.
#[pyfunction]
#[pyo3(signature = (input, kernel_size, stride=None, padding=None, dilation=None, ceil_mode=false, return_indices=false))]
#[allow(clippy::too_many_arguments)]
pub fn max_pool2d(
    py: Python<'_>,
    input: &PyTensor,
    kernel_size: &Bound<'_, PyAny>,
    stride: Option<&Bound<'_, PyAny>>,
    padding: Option<&Bound<'_, PyAny>>,
    dilation: Option<&Bound<'_, PyAny>>,
    ceil_mode: bool,
    return_indices: bool,
) -> PyResult<PyTensor> {
    if return_indices {
        return Err(super::to_py(Error::Argument(
            "max_pool2d: return_indices=True is not supported (the indices stay the op's own)"
                .into(),
        )));
    }
    let zero = 0i64.into_pyobject(py)?.into_any();
    let one = 1i64.into_pyobject(py)?.into_any();
    let dilation = pair("dilation", dilation.unwrap_or(&one))?;
    let w = window(
        kernel_size,
        stride,
        padding.unwrap_or(&zero),
        dilation,
        ceil_mode,
    )?;
    input.unary(py, Op::layer(MaxPool2d(w)))
}

/// `avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
/// count_include_pad=True, divisor_override=None)`.
#[pyfunction]
#[pyo3(signature = (input, kernel_size, stride=None, padding=None, ceil_mode=false, count_include_pad=true, divisor_override=None))]
#[allow(clippy::too_many_arguments)]
pub fn avg_pool2d(
    py: Python<'_>,
    input: &PyTensor,
    kernel_size: &Bound<'_, PyAny>,
    stride: Option<&Bound<'_, PyAny>>,
    padding: Option<&Bound<'_, PyAny>>,
    ceil_mode: bool,
    count_include_pad: bool,
    divisor_override: Option<i64>,
) -> PyResult<PyTensor> {
    let zero = 0i64.into_pyobject(py)?.into_any();
    let window = window(
        kernel_size,
        stride,
        padding.unwrap_or(&zero),
        [1, 1],
        ceil_mode,
    )?;
    let layer = AvgPool2d {
        window,
        count_include_pad,
        divisor_override,
    };
    input.unary(py, Op::layer(layer))
}

/// `adaptive_avg_pool2d(input, output_size)`: an int, or a pair whose `None` entries keep
/// the input's size.
#[pyfunction]
pub fn adaptive_avg_pool2d(
    py: Python<'_>,
    input: &PyTensor,
    output_size: &Bound<'_, PyAny>,
) -> PyResult<PyTensor> {
    let size: [Option<i64>; 2] = if let Ok(n) = output_size.extract::<i64>() {
        [Some(n), Some(n)]
    } else {
        let v: Vec<Option<i64>> = output_size.extract()?;
        match v[..] {
            [a, b] => [a, b],
            _ => {
                return Err(super::to_py(Error::Argument(format!(
                    "adaptive_avg_pool2d: output_size must be an int or a pair, got {v:?}"
                ))))
            }
        }
    };
    input.unary(py, Op::layer(AdaptiveAvgPool2d(size)))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(embedding, m)?)?;
    m.add_function(wrap_pyfunction!(max_pool2d, m)?)?;
    m.add_function(wrap_pyfunction!(avg_pool2d, m)?)?;
    m.add_function(wrap_pyfunction!(adaptive_avg_pool2d, m)?)?;
    Ok(())
}
