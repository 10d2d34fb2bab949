//! `torch.nn.functional.embedding` and `embedding_bag` (see `ops/embedding.rs`): the
//! arguments checked and converted, one layer recorded.

use pyo3::prelude::*;

use super::classes::PyTensor;
use crate::error::Error;
use crate::ops::embedding::{BagMode, Embedding, EmbeddingBag};
use crate::ops::Op;
use crate::session::Operand;

/// torch's `padding_idx` against the weight's rows: a negative one counts from the end;
/// `None` is -1.
fn padding(py: Python<'_>, op: &str, weight: &PyTensor, padding_idx: Option<i64>) -> PyResult<i64> {
    let h = weight.handle();
    let rows = weight
        .with(py, move |s| s.shape(h))?
        .first()
        .copied()
        .unwrap_or(0);
    match padding_idx {
        None => Ok(-1),
        Some(p) if p >= 0 && p < rows => Ok(p),
        Some(p) if p < 0 && p >= -rows => Ok(p + rows),
        Some(p) => Err(PyErr::from(Error::Argument(format!(
            "{op}: padding_idx {p} must be within num_embeddings {rows}"
        )))),
    }
}

/// `max_norm` renormalises the weight's rows in place and `sparse` asks for sparse
/// gradients: neither exists here.
fn unsupported(op: &str, max_norm: Option<f64>, sparse: bool) -> PyResult<()> {
    if max_norm.is_some() || sparse {
        return Err(PyErr::from(Error::Argument(format!(
            "{op}: max_norm (which rewrites the weight in place) and sparse are not supported"
        ))));
    }
    Ok(())
}

/// Generate a simple lookup table that looks up embeddings in a fixed dictionary and size.
///
/// Picks the rows of `weight` named by the integer ids in `input`, in one node. `weight` gets the
/// gradient (repeated ids accumulate theirs; the `padding_idx` row gets none); the ids get none.
/// `max_norm` (which renormalizes the weight's rows in place) and sparse gradients are not
/// supported. LibTorch carriers only.
///
/// Args:
///     input (Tensor or array): int64 or int32 ids, of any shape (a tensor, or integer array
///         data).
///     weight (Tensor): the embedding matrix, `(num_embeddings, embedding_dim)`.
///     padding_idx (int, optional): the row that gets no gradient (a negative one counts
///         from the end). Default: ``None``.
///     max_norm (float, optional): accepted for torch compatibility; must stay ``None``.
///     norm_type (float): accepted for torch compatibility (it goes with `max_norm`) and
///         ignored. Default: ``2.0``.
///     scale_grad_by_freq (bool): scale the gradients by the inverse of the ids' frequency
///         in the mini-batch. Default: ``False``.
///     sparse (bool): accepted for torch compatibility; must stay ``False``.
///
/// Returns:
///     Tensor: of shape `input.shape + (embedding_dim,)`.
///
/// Raises:
///     ArgumentError: `max_norm` or `sparse=True` is given, or `padding_idx` is outside the
///         weight's rows.
///     IndexOutOfRangeError: an id is outside `[0, num_embeddings)`.
///     DTypeError: the ids are not integers.
///     ShapeError: `weight` is not 2-D.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     w = et.tensor([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]])
///     ...     et.embedding(et.tensor([2, 0]), w).tolist()
///     [[2.0, 2.0], [0.0, 0.0]]
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
    unsupported("embedding", max_norm, sparse)?;
    let w = weight.get();
    let padding_idx = padding(py, "embedding", w, padding_idx)?;
    let ids = w.index_operand(py, input)?;
    let layer = Embedding {
        padding_idx,
        scale_grad_by_freq,
    };
    w.apply(py, Op::layer(layer), vec![ids, Operand::Node(w.handle())])
}

/// Compute sums, means or maxes of `bags` of embeddings.
///
/// Each bag is a 2-D input's row, or a slice of the 1-D input starting at each of `offsets`; its
/// result is the sum, mean or maximum of the `weight` rows its ids name, in one node (`weight` and
/// `per_sample_weights` get gradients; an empty bag gives zeros). `max_norm` and sparse gradients
/// are not supported. LibTorch carriers only.
///
/// Args:
///     input (Tensor or array): int64 or int32 ids: `(B, ids_per_bag)`, or 1-D with
///         `offsets`.
///     weight (Tensor): the embedding matrix, `(num_embeddings, embedding_dim)`.
///     offsets (Tensor or array, optional): with a 1-D input, the start of each bag
///         (non-decreasing, from 0). Default: ``None``.
///     max_norm (float, optional): accepted for torch compatibility; must stay ``None``.
///     norm_type (float): accepted for torch compatibility (it goes with `max_norm`) and
///         ignored. Default: ``2.0``.
///     scale_grad_by_freq (bool): scale the gradients by the inverse of the ids' frequency
///         in the mini-batch (not with ``"max"``). Default: ``False``.
///     mode (str): ``"sum"``, ``"mean"`` or ``"max"``. Default: ``"mean"``.
///     sparse (bool): accepted for torch compatibility; must stay ``False``.
///     per_sample_weights (Tensor, optional): a weight per id, of the input's shape, that
///         scales its row (``"sum"`` only). Default: ``None``.
///     include_last_offset (bool): `offsets` has one more entry, the end of the last bag.
///         Default: ``False``.
///     padding_idx (int, optional): a row that is left out of every bag (a negative one
///         counts from the end). Default: ``None``.
///
/// Returns:
///     Tensor: `(B, embedding_dim)`, one row per bag.
///
/// Raises:
///     ArgumentError: an unknown `mode`, `max_norm` or `sparse=True`, `per_sample_weights`
///         with a mode other than ``"sum"``, invalid offsets, or `padding_idx` outside the
///         weight's rows.
///     ShapeError: the input's rank does not fit `offsets`, or `weight` is not 2-D.
///     IndexOutOfRangeError: an id is outside `[0, num_embeddings)`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     w = et.tensor([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]])
///     ...     ids, offsets = et.tensor([0, 1, 2, 2]), et.tensor([0, 2])
///     ...     F.embedding_bag(ids, w, offsets, mode="sum").tolist()
///     ...     F.embedding_bag(et.tensor([[0, 1], [2, 2]]), w).tolist()
///     [[1.0, 1.0], [4.0, 4.0]]
///     [[0.5, 0.5], [2.0, 2.0]]
#[pyfunction]
#[pyo3(signature = (input, weight, offsets=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=false, mode="mean", sparse=false, per_sample_weights=None, include_last_offset=false, padding_idx=None))]
#[allow(clippy::too_many_arguments)]
pub fn embedding_bag(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    weight: &Bound<'_, PyTensor>,
    offsets: Option<&Bound<'_, PyAny>>,
    max_norm: Option<f64>,
    norm_type: f64,
    scale_grad_by_freq: bool,
    mode: &str,
    sparse: bool,
    per_sample_weights: Option<&Bound<'_, PyAny>>,
    include_last_offset: bool,
    padding_idx: Option<i64>,
) -> PyResult<PyTensor> {
    let _ = norm_type;
    unsupported("embedding_bag", max_norm, sparse)?;
    let w = weight.get();
    let layer = EmbeddingBag::new(
        BagMode::parse(mode)?,
        offsets.is_some(),
        per_sample_weights.is_some(),
        include_last_offset,
        padding(py, "embedding_bag", w, padding_idx)?,
        scale_grad_by_freq,
    )?;
    let mut operands = vec![w.index_operand(py, input)?];
    if let Some(o) = offsets {
        operands.push(w.index_operand(py, o)?);
    }
    operands.push(Operand::Node(w.handle()));
    if let Some(p) = per_sample_weights {
        operands.push(w.operand(py, p)?);
    }
    w.apply(py, Op::layer(layer), operands)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(embedding, m)?)?;
    m.add_function(wrap_pyfunction!(embedding_bag, m)?)?;
    Ok(())
}
