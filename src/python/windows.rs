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
        return Err(PyErr::from(Error::Argument(format!(
            "{op}: return_indices=True is not supported (the indices stay the op's own)"
        ))));
    }
    Ok(())
}

fn record(py: Python<'_>, input: &PyTensor, l: impl Layer + 'static) -> PyResult<PyTensor> {
    input.apply(py, Op::layer(l), vec![Operand::Node(input.handle())])
}

/// Extract sliding local blocks from a batched input tensor.
///
/// Each `kernel_size` block of every channel becomes a column (im2col): dim 1 of the output holds a
/// block's values and its last dim the `L` block positions. One node on LibTorch's kernel; its
/// backward is `fold`. LibTorch carriers only (the reference backend raises `UnsupportedOpError`).
///
/// Args:
///     input (Tensor): `(N, C, H, W)` or unbatched `(C, H, W)`.
///     kernel_size (int or tuple): the size of the sliding blocks.
///     dilation (int or tuple): the stride of elements within a block. Default: ``None`` (1).
///     padding (int or tuple): implicit zero padding on both sides of the input.
///         Default: ``None`` (0).
///     stride (int or tuple): the stride of the sliding blocks. Default: ``None`` (1).
///
/// Returns:
///     Tensor: `(N, C * kH * kW, L)` (or `(C * kH * kW, L)`).
///
/// Raises:
///     ShapeError: the input is not 3-D or 4-D, or smaller than a block.
///     ArgumentError: a non-positive kernel size, stride or dilation, or a negative padding.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     x = et.arange(9.0).reshape(1, 1, 3, 3)
///     ...     cols = F.unfold(x, kernel_size=2)
///     ...     tuple(cols.shape), cols[0, :, 0].tolist()
///     ((1, 4, 4), [0.0, 1.0, 3.0, 4.0])
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

/// Combine an array of sliding local blocks into a large containing tensor.
///
/// The inverse layout of `unfold` (col2im): each column of `C * kH * kW` values is placed back at
/// its block position of an `output_size` image, overlapping values summed. One node on LibTorch's
/// kernel; its backward is `unfold`. LibTorch carriers only (the reference backend raises
/// `UnsupportedOpError`).
///
/// Args:
///     input (Tensor): `(N, C * kH * kW, L)` or unbatched `(C * kH * kW, L)`.
///     output_size (int or tuple): the spatial shape `(H, W)` of the output.
///     kernel_size (int or tuple): the size of the sliding blocks.
///     dilation (int or tuple): the stride of elements within a block. Default: ``None`` (1).
///     padding (int or tuple): implicit zero padding on both sides of the output.
///         Default: ``None`` (0).
///     stride (int or tuple): the stride of the sliding blocks. Default: ``None`` (1).
///
/// Returns:
///     Tensor: `(N, C, H, W)` (or `(C, H, W)`).
///
/// Raises:
///     ShapeError: the input is not 2-D or 3-D, or its shape does not hold the blocks that
///         cover `output_size`.
///     ArgumentError: a non-positive kernel size, stride or dilation, or a negative padding.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     F.fold(et.ones(1, 4, 4), output_size=(3, 3), kernel_size=2).tolist()
///     [[[[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]]]
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

/// Applies a 2D adaptive max pooling over an input signal composed of several input planes.
///
/// The output has the size `output_size` whatever the input's size; each output element is the
/// maximum of its adaptive bin. One node on LibTorch's kernel, whose argmax indices stay the node's
/// own workspace for the backward (`return_indices=True` is not supported). LibTorch carriers only
/// (the reference backend raises `UnsupportedOpError`).
///
/// Args:
///     input (Tensor): `(N, C, H, W)` or unbatched `(C, H, W)`, not empty.
///     output_size (int or tuple): the target size `(H_out, W_out)`, or one int for a square;
///         a ``None`` entry keeps the input's size in that dim.
///     return_indices (bool): accepted for torch compatibility; must stay ``False``.
///
/// Returns:
///     Tensor: `(N, C, H_out, W_out)` (or `(C, H_out, W_out)`).
///
/// Raises:
///     ArgumentError: `return_indices=True`, a non-positive size, or an `output_size` that
///         is neither an int nor a pair.
///     ShapeError: the input is not a non-empty 3-D or 4-D tensor.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
///     ...     F.adaptive_max_pool2d(x, 2).tolist()
///     ...     F.adaptive_max_pool2d(x, (1, None)).tolist()
///     [[[[5.0, 7.0], [13.0, 15.0]]]]
///     [[[[12.0, 13.0, 14.0, 15.0]]]]
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
        return Err(PyErr::from(Error::Argument(format!(
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

/// Applies a 3D max pooling over an input signal composed of several input planes.
///
/// One node on LibTorch's kernel, whose argmax indices stay the node's own workspace for the
/// backward (`return_indices=True` is not supported). LibTorch carriers only (the reference backend
/// raises `UnsupportedOpError`).
///
/// Args:
///     input (Tensor): `(N, C, D, H, W)` or unbatched `(C, D, H, W)`.
///     kernel_size (int or tuple): the size of the window, an int or `(kD, kH, kW)`.
///     stride (int or tuple, optional): the stride of the window. Default: ``None``
///         (`kernel_size`).
///     padding (int or tuple): implicit negative-infinity padding on both sides, at most half
///         the effective kernel size. Default: ``None`` (0).
///     dilation (int or tuple): the spacing between the window's elements. Default: ``None``
///         (1).
///     ceil_mode (bool): use ceil instead of floor to compute the output shape.
///         Default: ``False``.
///     return_indices (bool): accepted for torch compatibility; must stay ``False``.
///
/// Returns:
///     Tensor: `(N, C, D_out, H_out, W_out)` (or without the batch dim).
///
/// Raises:
///     ArgumentError: `return_indices=True`, a padding over half the kernel, or a
///         non-positive size.
///     ShapeError: the input is not 4-D or 5-D, or smaller than the window.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     F.max_pool3d(et.arange(8.0).reshape(1, 1, 2, 2, 2), 2).tolist()
///     [[[[[7.0]]]]]
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

/// Applies 3D average-pooling operation in `kT x kH x kW` regions by step size `sT x sH x sW`
/// steps.
///
/// One node on LibTorch's kernel and its backward. LibTorch carriers only (the reference backend
/// raises `UnsupportedOpError`).
///
/// Args:
///     input (Tensor): `(N, C, D, H, W)` or unbatched `(C, D, H, W)`.
///     kernel_size (int or tuple): the size of the pooling region, an int or `(kT, kH, kW)`.
///     stride (int or tuple, optional): the stride of the pooling operation. Default:
///         ``None`` (`kernel_size`).
///     padding (int or tuple): implicit zero padding on both sides, at most half the kernel
///         size. Default: ``None`` (0).
///     ceil_mode (bool): use ceil instead of floor to compute the output shape.
///         Default: ``False``.
///     count_include_pad (bool): include the zero padding in the averaging calculation.
///         Default: ``True``.
///     divisor_override (int, optional): a non-zero divisor to use instead of the pooling
///         region's size. Default: ``None``.
///
/// Returns:
///     Tensor: `(N, C, D_out, H_out, W_out)` (or without the batch dim).
///
/// Raises:
///     ArgumentError: a padding over half the kernel, a non-positive size, or
///         `divisor_override=0`.
///     ShapeError: the input is not 4-D or 5-D, or smaller than the window.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     F.avg_pool3d(et.arange(8.0).reshape(1, 1, 2, 2, 2), 2).tolist()
///     [[[[[3.5]]]]]
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
