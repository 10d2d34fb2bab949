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
        Some(p) => Err(super::to_py(Error::Argument(format!(
            "{op}: padding_idx {p} must be within num_embeddings {rows}"
        )))),
    }
}

/// `max_norm` renormalises the weight's rows in place and `sparse` asks for sparse
/// gradients: neither exists here.
fn unsupported(op: &str, max_norm: Option<f64>, sparse: bool) -> PyResult<()> {
    if max_norm.is_some() || sparse {
        return Err(super::to_py(Error::Argument(format!(
            "{op}: max_norm (which rewrites the weight in place) and sparse are not supported"
        ))));
    }
    Ok(())
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

/// `embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2,
/// scale_grad_by_freq=False, mode="mean", sparse=False, per_sample_weights=None,
/// include_last_offset=False, padding_idx=None)`: the sum, mean or maximum of each bag of
/// rows (a 2-D input's rows, or the 1-D input cut at `offsets`).
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
        BagMode::parse(mode).map_err(super::to_py)?,
        offsets.is_some(),
        per_sample_weights.is_some(),
        include_last_offset,
        padding(py, "embedding_bag", w, padding_idx)?,
        scale_grad_by_freq,
    )
    .map_err(super::to_py)?;
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
