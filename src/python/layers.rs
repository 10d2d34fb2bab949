//! `torch.nn.functional`'s layers run by LibTorch's kernels: `conv1d`, `conv2d`,
//! `conv_transpose2d`, `layer_norm` (see `ops/conv.rs`); the poolings are declared in
//! `ops/pooling.rs` and generated (`declared.rs`).

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::declared::ntuple;
use crate::error::Error;
use crate::ops::attention::Attention;
use crate::ops::conv::{Conv, LayerNorm, Padding};
use crate::ops::Op;
use crate::session::Operand;

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

/// A convolution's `padding=`: ints, or "valid" or "same".
fn conv_padding(name: &str, padding: &Bound<'_, PyAny>, n: usize) -> PyResult<Padding> {
    match padding.extract::<String>() {
        Ok(mode) => Padding::parse(name, &mode).map_err(PyErr::from),
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
        None => vec![0; n], // bounded: one per spatial dim
    };
    let bias = bias.filter(|b| !b.is_none());
    let unit = Conv {
        name,
        stride,
        padding: vec![0; n], // bounded: one per spatial dim
        dilation,
        transposed: transposed.is_some(),
        output_padding,
        groups,
        bias: bias.is_some(),
    };
    // (a Parameter's read refused, by dtype or device, is that error, not a stale handle)
    let mut operands = vec![
        Operand::Node(input.checked_handle()?),
        Operand::Node(weight.get().checked_handle()?),
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

/// Applies a 1D convolution over an input signal composed of several input planes.
///
/// Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
/// `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
/// carriers only (the reference backend refuses it).
///
/// Args:
///     input (Tensor): `(N, in_channels, L)` or unbatched `(in_channels, L)`.
///     weight (Tensor): the filters, `(out_channels, in_channels / groups, kL)`.
///     bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
///         Default: ``None``.
///     stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
///     padding (int, tuple or str): implicit zero padding on both sides, or ``"valid"`` (none)
///         or ``"same"`` (the output has the input's size; stride 1 only, an uneven total
///         pads one more on the right, as torch). Default: ``None`` (0).
///     dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
///     groups (int): split the input into groups; `in_channels` must be divisible by it.
///         Default: ``1``.
///
/// Returns:
///     Tensor: `(N, out_channels, L_out)` (or `(out_channels, L_out)`).
///
/// Raises:
///     ArgumentError: an unknown padding string, ``"same"`` with a stride other than 1, or an
///         int argument of the wrong length.
///     ShapeError: the input's rank, its channels (against the weight and `groups`) or the
///         bias do not fit.
///     TypeError: `weight` is not an eagertape tensor.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     et.conv1d(et.ones(1, 1, 4), et.ones(1, 1, 2)).tolist()
///     [[[2.0, 2.0, 2.0]]]
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

/// Applies a 2D convolution over an input image composed of several input planes.
///
/// Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
/// `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. The
/// reference carriers compose it as im2col and matrix products.
///
/// Args:
///     input (Tensor): `(N, in_channels, H, W)` or unbatched `(in_channels, H, W)`.
///     weight (Tensor): the filters, `(out_channels, in_channels / groups, kH, kW)`.
///     bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
///         Default: ``None``.
///     stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
///     padding (int, tuple or str): implicit zero padding on both sides, or ``"valid"`` (none)
///         or ``"same"`` (the output has the input's size; stride 1 only, an uneven total
///         pads one more on the right, as torch). Default: ``None`` (0).
///     dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
///     groups (int): split the input into groups; `in_channels` must be divisible by it.
///         Default: ``1``.
///
/// Returns:
///     Tensor: `(N, out_channels, H_out, W_out)` (or `(out_channels, H_out, W_out)`).
///
/// Raises:
///     ArgumentError: an unknown padding string, ``"same"`` with a stride other than 1, or an
///         int argument of the wrong length.
///     ShapeError: the input's rank, its channels (against the weight and `groups`) or the
///         bias do not fit.
///     TypeError: `weight` is not an eagertape tensor.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     x, w = et.ones(1, 1, 3, 3), et.ones(1, 1, 2, 2)
///     ...     et.conv2d(x, w).tolist()
///     ...     tuple(et.conv2d(x, w, padding="same").shape)
///     [[[[4.0, 4.0], [4.0, 4.0]]]]
///     (1, 1, 3, 3)
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

/// Applies a 3D convolution over an input image composed of several input planes.
///
/// Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
/// `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
/// carriers only (the reference backend refuses it).
///
/// Args:
///     input (Tensor): `(N, in_channels, D, H, W)` or unbatched `(in_channels, D, H, W)`.
///     weight (Tensor): the filters, `(out_channels, in_channels / groups, kD, kH, kW)`.
///     bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
///         Default: ``None``.
///     stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
///     padding (int, tuple or str): implicit zero padding on both sides, or ``"valid"`` (none)
///         or ``"same"`` (the output has the input's size; stride 1 only, an uneven total
///         pads one more on the right, as torch). Default: ``None`` (0).
///     dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
///     groups (int): split the input into groups; `in_channels` must be divisible by it.
///         Default: ``1``.
///
/// Returns:
///     Tensor: `(N, out_channels, D_out, H_out, W_out)` (or without the batch dim).
///
/// Raises:
///     ArgumentError: an unknown padding string, ``"same"`` with a stride other than 1, or an
///         int argument of the wrong length.
///     ShapeError: the input's rank, its channels (against the weight and `groups`) or the
///         bias do not fit.
///     TypeError: `weight` is not an eagertape tensor.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     F.conv3d(et.ones(1, 1, 2, 2, 2), et.ones(1, 1, 2, 2, 2)).tolist()
///     [[[[[8.0]]]]]
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

/// Applies a 2D transposed convolution operator over an input image composed of several input
/// planes, sometimes also called "deconvolution".
///
/// Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
/// `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
/// carriers only (the reference backend refuses it).
///
/// Args:
///     input (Tensor): `(N, in_channels, H, W)` or unbatched `(in_channels, H, W)`.
///     weight (Tensor): the filters, `(in_channels, out_channels / groups, kH, kW)`.
///     bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
///         Default: ``None``.
///     stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
///     padding (int or tuple): `dilation * (kernel_size - 1) - padding` zero padding is added
///         to both sides of the input (ints only: no ``"same"``). Default: ``None`` (0).
///     output_padding (int or tuple): additional size added to one side of each dimension
///         of the output shape. Default: ``None`` (0).
///     groups (int): split the input into groups; `in_channels` must be divisible by it.
///         Default: ``1``.
///     dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
///
/// Returns:
///     Tensor: `(N, out_channels, H_out, W_out)` (or `(out_channels, H_out, W_out)`).
///
/// Raises:
///     ArgumentError: an int argument of the wrong length (or a padding string).
///     ShapeError: the input's rank, its channels (against the weight and `groups`) or the
///         bias do not fit.
///     TypeError: `weight` is not an eagertape tensor.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     y = et.conv_transpose2d(et.ones(1, 1, 2, 2), et.ones(1, 1, 2, 2), stride=2)
///     ...     tuple(y.shape), y.sum().item()
///     ((1, 1, 4, 4), 16.0)
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

/// Apply Layer Normalization for last certain number of dimensions.
///
/// Each sample is normalized by the mean and (biased) variance of its trailing `normalized_shape`
/// dims, then scaled by `weight` and shifted by `bias` elementwise. Records one node; `input`,
/// `weight` and `bias` get gradients.
///
/// Args:
///     input (Tensor): of shape `(*, *normalized_shape)`.
///     normalized_shape (int or sequence of int): the trailing dims to normalize over.
///     weight (Tensor, optional): of shape `normalized_shape`. Default: ``None``.
///     bias (Tensor, optional): of shape `normalized_shape`. Default: ``None``.
///     eps (float): a value added to the variance for numerical stability. Default:
///         ``1e-5``.
///
/// Returns:
///     Tensor: of the input's shape.
///
/// Raises:
///     ShapeError: `normalized_shape` is not the input's trailing shape, or `weight` or
///         `bias` has another shape.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session(dtype="float64"):
///     ...     y = et.layer_norm(et.tensor([[1.0, 3.0]]), (2,))
///     ...     [round(v, 4) for v in y[0].tolist()]
///     [-1.0, 1.0]
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

/// Apply Root Mean Square Layer Normalization.
///
/// `y = x / sqrt(mean(x ** 2) + eps) * weight`, the mean over the trailing `normalized_shape` dims.
/// Records one node on every carrier; `input` and `weight` get gradients.
///
/// Args:
///     input (Tensor): of shape `(*, *normalized_shape)`.
///     normalized_shape (int or sequence of int): the trailing dims to normalize over.
///     weight (Tensor, optional): of shape `normalized_shape`. Default: ``None``.
///     eps (float, optional): a value added to the mean square. Default: ``None`` (the
///         machine epsilon of the input's dtype, as torch's `torch.finfo(dtype).eps`).
///
/// Returns:
///     Tensor: of the input's shape.
///
/// Raises:
///     ShapeError: `normalized_shape` is not the input's trailing shape, or `weight` has
///         another shape.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session(dtype="float64"):
///     ...     y = et.rms_norm(et.tensor([[3.0, 4.0]]), [2])
///     ...     [round(v, 4) for v in y[0].tolist()]
///     [0.8485, 1.1314]
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

/// Apply Group Normalization for last certain number of dimensions.
///
/// The channels (dim 1) are split into `num_groups` groups; each group of each sample is normalized
/// by its own mean and (biased) variance, then `weight` and `bias` apply per channel. Records one
/// node on every carrier; `input`, `weight` and `bias` get gradients.
///
/// Args:
///     input (Tensor): of shape `(N, C, *)`.
///     num_groups (int): the number of groups; `C` must be divisible by it.
///     weight (Tensor, optional): per-channel scale, of shape `(C)`. Default: ``None``.
///     bias (Tensor, optional): per-channel shift, of shape `(C)`. Default: ``None``.
///     eps (float): a value added to the variance for numerical stability. Default:
///         ``1e-5``.
///
/// Returns:
///     Tensor: of the input's shape.
///
/// Raises:
///     ShapeError: `C` is not divisible by `num_groups`, or `weight` or `bias` is not
///         `(C)`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session(dtype="float64"):
///     ...     x = et.tensor([[[1.0], [3.0], [5.0], [7.0]]])
///     ...     [round(v, 4) for v in et.group_norm(x, 2).flatten().tolist()]
///     [-1.0, 1.0, -1.0, 1.0]
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

/// Computes scaled dot product attention on query, key and value tensors, using an optional
/// attention mask if passed, and applying dropout if a probability greater than 0.0 is specified.
///
/// `softmax(query @ key^T * scale + mask) @ value`. On CPU, 4-D operands with no dropout and a mask
/// that needs no gradient run LibTorch's fused kernel, which keeps what torch keeps for its
/// backward (not the `(L, S)` attention matrix); everything else (dropout, other ranks, CUDA, the
/// reference carriers) is composed of the tape's own ops. Dropout on the attention weights is drawn
/// from the session's generator whenever `dropout_p > 0`, as torch's function does (pass 0.0 in
/// evaluation). `query`, `key` and `value` get gradients.
///
/// Args:
///     query (Tensor): `(..., L, E)`.
///     key (Tensor): `(..., S, E)`.
///     value (Tensor): `(..., S, Ev)`.
///     attn_mask (Tensor, optional): broadcastable to `(..., L, S)`: bool (true: the position
///         takes part) or additive, a tensor or array data. Default: ``None``.
///     dropout_p (float): the dropout probability of the attention weights. Default: ``0.0``.
///     is_causal (bool): apply the lower-triangular (top-left aligned) causal mask; no
///         `attn_mask` may be given with it. Default: ``False``.
///     scale (float, optional): the scaling factor. Default: ``None`` (`1 / sqrt(E)`).
///     enable_gqa (bool): accepted for torch compatibility; must stay ``False`` (grouped
///         query attention is not supported).
///
/// Returns:
///     Tensor: `(..., L, Ev)`.
///
/// Raises:
///     ArgumentError: `enable_gqa=True`, `dropout_p` outside `[0, 1]`, or an `attn_mask`
///         with `is_causal=True`.
///     ShapeError: the operands' shapes do not fit together, or the mask does not broadcast.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     q = et.ones(1, 1, 2, 4)
///     ...     out = et.scaled_dot_product_attention(q, q, q, is_causal=True)
///     ...     tuple(out.shape), out.sum().item()
///     ((1, 1, 2, 4), 8.0)
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
        return Err(PyErr::from(Error::Argument(
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
    Ok(())
}
