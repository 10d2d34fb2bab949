//! `torch.nn.functional`'s layers run by LibTorch's kernels: `conv1d`, `conv2d`,
//! `conv_transpose2d`, `layer_norm` (see `ops/conv.rs`), `max_pool2d`,
//! `avg_pool2d`, `adaptive_avg_pool2d` (see `ops/layers.rs`).

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::OrPy;
use crate::error::Error;
use crate::ops::attention::Attention;
use crate::ops::conv::{Conv, LayerNorm, Padding};
use crate::ops::layers::{AdaptiveAvgPool2d, AvgPool2d, MaxPool2d, Window};
use crate::ops::Op;
use crate::session::Operand;

/// An `int` or a pair of ints (torch's `_pair`).
fn pair(name: &str, v: &Bound<'_, PyAny>) -> PyResult<[i64; 2]> {
    let xs = ntuple(name, v, 2)?;
    Ok([xs[0], xs[1]])
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
    input.call(py, move |s, x| {
        s.layer(MaxPool2d(w), vec![Operand::Node(x)])
    })
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
    input.call(py, move |s, x| s.layer(layer, vec![Operand::Node(x)]))
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
    input.call(py, move |s, x| {
        s.layer(AdaptiveAvgPool2d(size), vec![Operand::Node(x)])
    })
}

/// `input` and the optional operands that were given (weights, biases), in order.
fn with_given(
    py: Python<'_>,
    input: &PyTensor,
    optional: &[Option<&Bound<'_, PyAny>>],
) -> PyResult<Vec<Operand<crate::backend::dynamic::Dyn>>> {
    let mut operands = vec![Operand::Node(input.handle())];
    for t in optional.iter().flatten() {
        operands.push(input.operand(py, t)?);
    }
    Ok(operands)
}

/// An int or a sequence of `n` ints (torch's `_single` / `_pair`).
pub(crate) fn ntuple(name: &str, v: &Bound<'_, PyAny>, n: usize) -> PyResult<Vec<i64>> {
    if let Ok(x) = v.extract::<i64>() {
        return Ok(vec![x; n]);
    }
    let xs: Vec<i64> = v.extract().map_err(|_| {
        super::to_py(Error::Argument(format!(
            "{name} must be an int or {n} ints"
        )))
    })?;
    match xs.len() {
        1 => Ok(vec![xs[0]; n]),
        m if m == n => Ok(xs),
        _ => Err(super::to_py(Error::Argument(format!(
            "{name} must be an int or {n} ints, got {xs:?}"
        )))),
    }
}

/// A convolution's `padding=`: ints, or "valid" or "same".
fn conv_padding(name: &str, padding: &Bound<'_, PyAny>, n: usize) -> PyResult<Padding> {
    match padding.extract::<String>() {
        Ok(mode) => Padding::parse(name, &mode).py(),
        Err(_) => Ok(Padding::Explicit(ntuple("padding", padding, n)?)),
    }
}

#[allow(clippy::too_many_arguments)]
fn conv(
    py: Python<'_>,
    name: &'static str,
    n: usize,
    input: &PyTensor,
    weight: &Bound<'_, PyTensor>,
    bias: Option<&Bound<'_, PyAny>>,
    stride: &Bound<'_, PyAny>,
    padding: &Bound<'_, PyAny>,
    dilation: &Bound<'_, PyAny>,
    groups: i64,
    transposed: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    let stride = ntuple("stride", stride, n)?;
    let dilation = ntuple("dilation", dilation, n)?;
    let padding = if transposed.is_some() {
        Padding::Explicit(ntuple("padding", padding, n)?)
    } else {
        conv_padding(name, padding, n)?
    };
    let output_padding = match transposed {
        Some(op) => ntuple("output_padding", op, n)?,
        None => vec![0; n],
    };
    let bias = bias.filter(|b| !b.is_none());
    let unit = Conv {
        name,
        stride,
        padding: vec![0; n],
        dilation,
        transposed: transposed.is_some(),
        output_padding,
        groups,
        bias: bias.is_some(),
    };
    let mut operands = vec![
        Operand::Node(input.handle()),
        Operand::Node(weight.get().handle()),
    ];
    if let Some(b) = bias {
        operands.push(input.operand(py, b)?);
    }
    input.call(py, move |s, _| s.conv(unit, padding, operands))
}

/// A plain (not transposed) convolution with torch's defaults for the absent stride (1),
/// padding (0) and dilation (1).
#[allow(clippy::too_many_arguments)]
fn plain_conv(
    py: Python<'_>,
    name: &'static str,
    n: usize,
    input: &PyTensor,
    weight: &Bound<'_, PyTensor>,
    bias: Option<&Bound<'_, PyAny>>,
    [stride, padding, dilation]: [Option<&Bound<'_, PyAny>>; 3],
    groups: i64,
) -> PyResult<PyTensor> {
    let (zero, one) = (
        0i64.into_pyobject(py)?.into_any(),
        1i64.into_pyobject(py)?.into_any(),
    );
    let (s, p, d) = (
        stride.unwrap_or(&one),
        padding.unwrap_or(&zero),
        dilation.unwrap_or(&one),
    );
    conv(py, name, n, input, weight, bias, s, p, d, groups, None)
}

/// `conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)`.
#[pyfunction]
#[pyo3(signature = (input, weight, bias=None, stride=None, padding=None, dilation=None, groups=1))]
#[allow(clippy::too_many_arguments)]
pub fn conv1d(
    py: Python<'_>,
    input: &PyTensor,
    weight: &Bound<'_, PyTensor>,
    bias: Option<&Bound<'_, PyAny>>,
    stride: Option<&Bound<'_, PyAny>>,
    padding: Option<&Bound<'_, PyAny>>,
    dilation: Option<&Bound<'_, PyAny>>,
    groups: i64,
) -> PyResult<PyTensor> {
    plain_conv(
        py,
        "conv1d",
        1,
        input,
        weight,
        bias,
        [stride, padding, dilation],
        groups,
    )
}

/// `conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)`; padding
/// also `"same"` or `"valid"`.
#[pyfunction]
#[pyo3(signature = (input, weight, bias=None, stride=None, padding=None, dilation=None, groups=1))]
#[allow(clippy::too_many_arguments)]
pub fn conv2d(
    py: Python<'_>,
    input: &PyTensor,
    weight: &Bound<'_, PyTensor>,
    bias: Option<&Bound<'_, PyAny>>,
    stride: Option<&Bound<'_, PyAny>>,
    padding: Option<&Bound<'_, PyAny>>,
    dilation: Option<&Bound<'_, PyAny>>,
    groups: i64,
) -> PyResult<PyTensor> {
    plain_conv(
        py,
        "conv2d",
        2,
        input,
        weight,
        bias,
        [stride, padding, dilation],
        groups,
    )
}

/// `conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)`; padding
/// also `"same"` or `"valid"`. LibTorch's kernels only.
#[pyfunction]
#[pyo3(signature = (input, weight, bias=None, stride=None, padding=None, dilation=None, groups=1))]
#[allow(clippy::too_many_arguments)]
pub fn conv3d(
    py: Python<'_>,
    input: &PyTensor,
    weight: &Bound<'_, PyTensor>,
    bias: Option<&Bound<'_, PyAny>>,
    stride: Option<&Bound<'_, PyAny>>,
    padding: Option<&Bound<'_, PyAny>>,
    dilation: Option<&Bound<'_, PyAny>>,
    groups: i64,
) -> PyResult<PyTensor> {
    plain_conv(
        py,
        "conv3d",
        3,
        input,
        weight,
        bias,
        [stride, padding, dilation],
        groups,
    )
}

/// `conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0,
/// groups=1, dilation=1)`.
#[pyfunction]
#[pyo3(signature = (input, weight, bias=None, stride=None, padding=None, output_padding=None, groups=1, dilation=None))]
#[allow(clippy::too_many_arguments)]
pub fn conv_transpose2d(
    py: Python<'_>,
    input: &PyTensor,
    weight: &Bound<'_, PyTensor>,
    bias: Option<&Bound<'_, PyAny>>,
    stride: Option<&Bound<'_, PyAny>>,
    padding: Option<&Bound<'_, PyAny>>,
    output_padding: Option<&Bound<'_, PyAny>>,
    groups: i64,
    dilation: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    let (zero, one) = (
        0i64.into_pyobject(py)?.into_any(),
        1i64.into_pyobject(py)?.into_any(),
    );
    let (s, p, d) = (
        stride.unwrap_or(&one),
        padding.unwrap_or(&zero),
        dilation.unwrap_or(&one),
    );
    let op = output_padding.unwrap_or(&zero);
    conv(
        py,
        "conv_transpose2d",
        2,
        input,
        weight,
        bias,
        s,
        p,
        d,
        groups,
        Some(op),
    )
}

/// `layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5)`.
#[pyfunction]
#[pyo3(signature = (input, normalized_shape, weight=None, bias=None, eps=1e-5))]
pub fn layer_norm(
    py: Python<'_>,
    input: &PyTensor,
    normalized_shape: &Bound<'_, PyAny>,
    weight: Option<&Bound<'_, PyAny>>,
    bias: Option<&Bound<'_, PyAny>>,
    eps: f64,
) -> PyResult<PyTensor> {
    let normalized_shape: Vec<i64> = match normalized_shape.extract::<i64>() {
        Ok(n) => vec![n],
        Err(_) => normalized_shape.extract()?,
    };
    let (weight, bias) = (
        weight.filter(|w| !w.is_none()),
        bias.filter(|b| !b.is_none()),
    );
    let layer = LayerNorm {
        normalized_shape,
        weight: weight.is_some(),
        bias: bias.is_some(),
        eps,
    };
    let operands = with_given(py, input, &[weight, bias])?;
    input.call(py, move |s, _| s.layer(layer, operands))
}

/// `rms_norm(input, normalized_shape, weight=None, eps=None)`: `eps` None is the dtype's
/// machine epsilon, as torch.
#[pyfunction]
#[pyo3(signature = (input, normalized_shape, weight=None, eps=None))]
pub fn rms_norm(
    py: Python<'_>,
    input: &PyTensor,
    normalized_shape: &Bound<'_, PyAny>,
    weight: Option<&Bound<'_, PyAny>>,
    eps: Option<f64>,
) -> PyResult<PyTensor> {
    let normalized_shape: Vec<i64> = match normalized_shape.extract::<i64>() {
        Ok(n) => vec![n],
        Err(_) => normalized_shape.extract()?,
    };
    let weight = weight.filter(|w| !w.is_none());
    let operands = with_given(py, input, &[weight])?;
    input.apply(
        py,
        Op::rms_norm(&normalized_shape, weight.is_some(), eps),
        operands,
    )
}

/// `group_norm(input, num_groups, weight=None, bias=None, eps=1e-5)`.
#[pyfunction]
#[pyo3(signature = (input, num_groups, weight=None, bias=None, eps=1e-5))]
pub fn group_norm(
    py: Python<'_>,
    input: &PyTensor,
    num_groups: i64,
    weight: Option<&Bound<'_, PyAny>>,
    bias: Option<&Bound<'_, PyAny>>,
    eps: f64,
) -> PyResult<PyTensor> {
    let (weight, bias) = (
        weight.filter(|w| !w.is_none()),
        bias.filter(|b| !b.is_none()),
    );
    let operands = with_given(py, input, &[weight, bias])?;
    let op = Op::group_norm(num_groups, weight.is_some(), bias.is_some(), eps);
    input.apply(py, op, operands)
}

/// `scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
/// is_causal=False, scale=None, enable_gqa=False)`, torch's (see `ops/attention.rs`): a bool
/// mask (true: take part) or an additive one, a tensor or array data.
#[pyfunction]
#[pyo3(signature = (query, key, value, attn_mask=None, dropout_p=0.0, is_causal=false, scale=None, enable_gqa=false))]
#[allow(clippy::too_many_arguments)]
pub fn scaled_dot_product_attention(
    py: Python<'_>,
    query: &PyTensor,
    key: &PyTensor,
    value: &PyTensor,
    attn_mask: Option<&Bound<'_, PyAny>>,
    dropout_p: f64,
    is_causal: bool,
    scale: Option<f64>,
    enable_gqa: bool,
) -> PyResult<PyTensor> {
    if enable_gqa {
        return Err(super::to_py(Error::Argument(
            "scaled_dot_product_attention: enable_gqa=True is not supported".into(),
        )));
    }
    let mut operands = vec![
        Operand::Node(query.handle()),
        Operand::Node(key.handle()),
        Operand::Node(value.handle()),
    ];
    if let Some(m) = attn_mask.filter(|m| !m.is_none()) {
        operands.push(if m.is_instance_of::<PyTensor>() {
            query.operand(py, m)?
        } else {
            // Array data: a bool mask stays bool data, an additive one takes the carrier.
            let m = &if m.hasattr("dtype")? {
                m.clone()
            } else {
                py.import("numpy")?.call_method1("asarray", (m,))?
            };
            let is_bool = m
                .getattr("dtype")
                .and_then(|d| d.str().map(|s| s.to_string()))
                .is_ok_and(|d| d == "bool" || d == "torch.bool");
            if is_bool {
                query.index_operand(py, m)?
            } else {
                query.operand(py, m)?
            }
        });
    }
    let a = Attention {
        dropout_p,
        is_causal,
        scale,
    };
    query.call(py, move |s, _| s.scaled_dot_product_attention(a, operands))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(scaled_dot_product_attention, m)?)?;
    m.add_function(wrap_pyfunction!(group_norm, m)?)?;
    m.add_function(wrap_pyfunction!(rms_norm, m)?)?;
    m.add_function(wrap_pyfunction!(conv1d, m)?)?;
    m.add_function(wrap_pyfunction!(conv2d, m)?)?;
    m.add_function(wrap_pyfunction!(conv3d, m)?)?;
    m.add_function(wrap_pyfunction!(conv_transpose2d, m)?)?;
    m.add_function(wrap_pyfunction!(layer_norm, m)?)?;
    m.add_function(wrap_pyfunction!(max_pool2d, m)?)?;
    m.add_function(wrap_pyfunction!(avg_pool2d, m)?)?;
    m.add_function(wrap_pyfunction!(adaptive_avg_pool2d, m)?)?;
    Ok(())
}
