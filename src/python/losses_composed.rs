//! The `torch.nn.functional` losses composed in `src/ops/composed_loss.rs`
//! (`margin_ranking_loss`, `hinge_embedding_loss`, `soft_margin_loss`,
//! `cosine_embedding_loss`, `poisson_nll_loss`, `gaussian_nll_loss`,
//! `multilabel_soft_margin_loss`, `multi_margin_loss`, `triplet_margin_loss`,
//! `multilabel_margin_loss`, the tail of `triplet_margin_with_distance_loss`,
//! `pairwise_distance`) and `ctc_loss` (`src/ops/ctc.rs`), with torch's signatures; each
//! converts its arguments and makes one core call.

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::losses::reduction;
use super::OrPy;
use crate::backend::dynamic::Dyn as Be;
use crate::backend::Backend;
use crate::error::Error;
use crate::ops::composed_loss::ComposedLoss;
use crate::ops::ctc::Ctc;
use crate::ops::loss::Reduction;
use crate::session::Operand;

fn run(
    py: Python<'_>,
    loss: ComposedLoss,
    how: Reduction,
    first: &PyTensor,
    others: &[&Bound<'_, PyAny>],
) -> PyResult<PyTensor> {
    let mut operands = vec![Operand::Node(first.handle())];
    for o in others {
        operands.push(first.operand(py, o)?);
    }
    first.call(py, move |s, _| s.composed_loss(loss, how, operands))
}

/// `margin_ranking_loss(input1, input2, target, margin=0, ..., reduction="mean")`.
#[pyfunction]
#[pyo3(signature = (input1, input2, target, margin=0.0, size_average=None, reduce=None, reduction="mean"))]
#[allow(clippy::too_many_arguments)]
pub fn margin_ranking_loss(
    py: Python<'_>,
    input1: &PyTensor,
    input2: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    margin: f64,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("margin_ranking_loss", size_average, reduce, reduction)?;
    let loss = ComposedLoss::MarginRanking { margin };
    run(py, loss, r, input1, &[input2, target])
}

/// `hinge_embedding_loss(input, target, margin=1.0, ..., reduction="mean")`.
#[pyfunction]
#[pyo3(signature = (input, target, margin=1.0, size_average=None, reduce=None, reduction="mean"))]
pub fn hinge_embedding_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    margin: f64,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("hinge_embedding_loss", size_average, reduce, reduction)?;
    run(
        py,
        ComposedLoss::HingeEmbedding { margin },
        r,
        input,
        &[target],
    )
}

/// `soft_margin_loss(input, target, ..., reduction="mean")`.
#[pyfunction]
#[pyo3(signature = (input, target, size_average=None, reduce=None, reduction="mean"))]
pub fn soft_margin_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("soft_margin_loss", size_average, reduce, reduction)?;
    run(py, ComposedLoss::SoftMargin, r, input, &[target])
}

/// `cosine_embedding_loss(input1, input2, target, margin=0, ..., reduction="mean")`.
#[pyfunction]
#[pyo3(signature = (input1, input2, target, margin=0.0, size_average=None, reduce=None, reduction="mean"))]
#[allow(clippy::too_many_arguments)]
pub fn cosine_embedding_loss(
    py: Python<'_>,
    input1: &PyTensor,
    input2: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    margin: f64,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("cosine_embedding_loss", size_average, reduce, reduction)?;
    let loss = ComposedLoss::CosineEmbedding { margin };
    run(py, loss, r, input1, &[input2, target])
}

/// `poisson_nll_loss(input, target, log_input=True, full=False, ..., eps=1e-8, ...,
/// reduction="mean")`.
#[pyfunction]
#[pyo3(signature = (input, target, log_input=true, full=false, size_average=None, eps=1e-8, reduce=None, reduction="mean"))]
#[allow(clippy::too_many_arguments)]
pub fn poisson_nll_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    log_input: bool,
    full: bool,
    size_average: Option<bool>,
    eps: f64,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("poisson_nll_loss", size_average, reduce, reduction)?;
    let loss = ComposedLoss::PoissonNll {
        log_input,
        full,
        eps,
    };
    run(py, loss, r, input, &[target])
}

/// `_gaussian_nll_loss(input, target, var, full, eps, reduction)`: `var` a tensor (the
/// Python wrapper turns a number into one).
#[pyfunction]
pub fn _gaussian_nll_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    var: &Bound<'_, PyAny>,
    full: bool,
    eps: f64,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = Reduction::parse("gaussian_nll_loss", reduction).py()?;
    run(
        py,
        ComposedLoss::GaussianNll { full, eps },
        r,
        input,
        &[target, var],
    )
}

/// `multilabel_soft_margin_loss(input, target, weight=None, ..., reduction="mean")`.
#[pyfunction]
#[pyo3(signature = (input, target, weight=None, size_average=None, reduce=None, reduction="mean"))]
pub fn multilabel_soft_margin_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    weight: Option<&Bound<'_, PyAny>>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction(
        "multilabel_soft_margin_loss",
        size_average,
        reduce,
        reduction,
    )?;
    let weight = weight.filter(|w| !w.is_none());
    let loss = ComposedLoss::MultilabelSoftMargin {
        weighted: weight.is_some(),
    };
    let mut others = vec![target];
    others.extend(weight);
    run(py, loss, r, input, &others)
}

/// `multi_margin_loss(input, target, p=1, margin=1, weight=None, ..., reduction="mean")`:
/// `target` int64 class indices.
#[pyfunction]
#[pyo3(signature = (input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction="mean"))]
#[allow(clippy::too_many_arguments)]
pub fn multi_margin_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    p: i64,
    margin: f64,
    weight: Option<&Bound<'_, PyAny>>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("multi_margin_loss", size_average, reduce, reduction)?;
    let weight = weight.filter(|w| !w.is_none());
    let loss = ComposedLoss::MultiMargin {
        p,
        margin,
        weighted: weight.is_some(),
    };
    let mut operands = vec![
        Operand::Node(input.handle()),
        input.index_operand(py, target)?,
    ];
    if let Some(w) = weight {
        operands.push(input.operand(py, w)?);
    }
    input.call(py, move |s, _| s.composed_loss(loss, r, operands))
}

/// `multilabel_margin_loss(input, target, ..., reduction="mean")`: `target` int64 class
/// ids of the input's shape, each sample's ended by the first -1.
#[pyfunction]
#[pyo3(signature = (input, target, size_average=None, reduce=None, reduction="mean"))]
pub fn multilabel_margin_loss(
    py: Python<'_>,
    input: &PyTensor,
    target: &Bound<'_, PyAny>,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("multilabel_margin_loss", size_average, reduce, reduction)?;
    let operands = vec![
        Operand::Node(input.handle()),
        input.index_operand(py, target)?,
    ];
    let loss = ComposedLoss::MultilabelMargin;
    input.call(py, move |s, _| s.composed_loss(loss, r, operands))
}

/// The tail of `triplet_margin_with_distance_loss` once its `distance_function` has given
/// the distances (`eagertape.nn.functional` calls it): `max(0, margin + d_pos − d_neg)`,
/// `d_neg` the minimum with `d_swap` when given, reduced.
#[pyfunction]
#[pyo3(signature = (d_pos, d_neg, d_swap, margin, reduction))]
pub fn _triplet_distances_loss(
    py: Python<'_>,
    d_pos: &PyTensor,
    d_neg: &Bound<'_, PyAny>,
    d_swap: Option<&Bound<'_, PyAny>>,
    margin: f64,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = Reduction::parse("triplet_margin_with_distance_loss", reduction).py()?;
    let loss = ComposedLoss::TripletDistances {
        margin,
        swap: d_swap.is_some(),
    };
    let mut others = vec![d_neg];
    others.extend(d_swap);
    run(py, loss, r, d_pos, &others)
}

/// `triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False,
/// ..., reduction="mean")`.
#[pyfunction]
#[pyo3(signature = (anchor, positive, negative, margin=1.0, p=2.0, eps=1e-6, swap=false, size_average=None, reduce=None, reduction="mean"))]
#[allow(clippy::too_many_arguments)]
pub fn triplet_margin_loss(
    py: Python<'_>,
    anchor: &PyTensor,
    positive: &Bound<'_, PyAny>,
    negative: &Bound<'_, PyAny>,
    margin: f64,
    p: f64,
    eps: f64,
    swap: bool,
    size_average: Option<bool>,
    reduce: Option<bool>,
    reduction: &str,
) -> PyResult<PyTensor> {
    let r = self::reduction("triplet_margin_loss", size_average, reduce, reduction)?;
    let loss = ComposedLoss::TripletMargin {
        margin,
        p,
        eps,
        swap,
    };
    run(py, loss, r, anchor, &[positive, negative])
}

/// `pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False)`.
#[pyfunction]
#[pyo3(signature = (x1, x2, p=2.0, eps=1e-6, keepdim=false))]
pub fn pairwise_distance(
    py: Python<'_>,
    x1: &PyTensor,
    x2: &Bound<'_, PyAny>,
    p: f64,
    eps: f64,
    keepdim: bool,
) -> PyResult<PyTensor> {
    let loss = ComposedLoss::PairwiseDistance { p, eps, keepdim };
    run(py, loss, Reduction::None, x1, &[x2])
}

/// `cosine_similarity(x1, x2, dim=1, eps=1e-8)`.
#[pyfunction]
#[pyo3(signature = (x1, x2, dim=1, eps=1e-8))]
pub fn cosine_similarity(
    py: Python<'_>,
    x1: &PyTensor,
    x2: &Bound<'_, PyAny>,
    dim: i64,
    eps: f64,
) -> PyResult<PyTensor> {
    let loss = ComposedLoss::CosineSimilarity { dim, eps };
    run(py, loss, Reduction::None, x1, &[x2])
}

/// `normalize(input, p=2.0, dim=1, eps=1e-12)`.
#[pyfunction]
#[pyo3(signature = (input, p=2.0, dim=1, eps=1e-12, out=None))]
pub fn normalize(
    py: Python<'_>,
    input: &PyTensor,
    p: f64,
    dim: i64,
    eps: f64,
    out: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    if out.is_some_and(|o| !o.is_none()) {
        return Err(super::to_py(Error::Argument(
            "normalize: out= is not supported (tensors are immutable values)".into(),
        )));
    }
    let loss = ComposedLoss::Normalize { p, dim, eps };
    run(py, loss, Reduction::None, input, &[])
}

/// Lengths given as a tensor, a sequence or an int (one sample).
fn lengths(py: Python<'_>, like: &PyTensor, obj: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        let h = t.get().handle();
        let v = like.with(py, move |s| s.value(h))?;
        return Ok(Be::to_f64(v.get())
            .py()?
            .into_iter()
            .map(|x| x as i64)
            .collect());
    }
    if let Ok(n) = obj.extract::<i64>() {
        return Ok(vec![n]);
    }
    obj.extract::<Vec<i64>>().map_err(|_| {
        super::to_py(Error::Argument(
            "ctc_loss: lengths must be a tensor or a sequence of ints".into(),
        ))
    })
}

/// `ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean",
/// zero_infinity=False)`.
#[pyfunction]
#[pyo3(signature = (log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean", zero_infinity=false))]
#[allow(clippy::too_many_arguments)]
pub fn ctc_loss(
    py: Python<'_>,
    log_probs: &PyTensor,
    targets: &Bound<'_, PyAny>,
    input_lengths: &Bound<'_, PyAny>,
    target_lengths: &Bound<'_, PyAny>,
    blank: i64,
    reduction: &str,
    zero_infinity: bool,
) -> PyResult<PyTensor> {
    let r = Reduction::parse("ctc_loss", reduction).py()?;
    let unit = Ctc {
        input_lengths: lengths(py, log_probs, input_lengths)?.into(),
        target_lengths: lengths(py, log_probs, target_lengths)?.into(),
        blank,
        zero_infinity,
    };
    let targets = log_probs.index_operand(py, targets)?;
    let lp = log_probs.handle();
    log_probs.call(py, move |s, _| s.ctc_loss(unit, r, lp, targets))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(margin_ranking_loss, m)?)?;
    m.add_function(wrap_pyfunction!(hinge_embedding_loss, m)?)?;
    m.add_function(wrap_pyfunction!(soft_margin_loss, m)?)?;
    m.add_function(wrap_pyfunction!(cosine_embedding_loss, m)?)?;
    m.add_function(wrap_pyfunction!(poisson_nll_loss, m)?)?;
    m.add_function(wrap_pyfunction!(_gaussian_nll_loss, m)?)?;
    m.add_function(wrap_pyfunction!(multilabel_soft_margin_loss, m)?)?;
    m.add_function(wrap_pyfunction!(multi_margin_loss, m)?)?;
    m.add_function(wrap_pyfunction!(triplet_margin_loss, m)?)?;
    m.add_function(wrap_pyfunction!(multilabel_margin_loss, m)?)?;
    m.add_function(wrap_pyfunction!(_triplet_distances_loss, m)?)?;
    m.add_function(wrap_pyfunction!(pairwise_distance, m)?)?;
    m.add_function(wrap_pyfunction!(ctc_loss, m)?)?;
    m.add_function(wrap_pyfunction!(cosine_similarity, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    Ok(())
}
