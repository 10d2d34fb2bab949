//! `torch.nn.functional`'s layers no declaration says yet: `layer_norm`, `rms_norm`,
//! `group_norm`, `scaled_dot_product_attention`. The poolings and convolutions are declared
//! in `ops/pooling.rs` and `ops/convolution.rs` and generated (`declared.rs`).

use pyo3::prelude::*;

use super::classes::PyTensor;
use crate::error::Error;
use crate::ops::attention::Attention;
use crate::ops::conv::LayerNorm;
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
    m.add_function(wrap_pyfunction!(layer_norm, m)?)?;
    Ok(())
}
