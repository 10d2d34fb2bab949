//! What no declaration says of the losses: `_triplet_distances_loss` (the Rust tail of
//! `F.triplet_margin_with_distance_loss`, which calls a Python distance function) and
//! `ctc_loss` (`src/ops/ctc.rs`: its lengths read as numbers). The other composed losses are
//! declared in `ops/composed_losses.rs` and generated.

use pyo3::prelude::*;

use super::classes::PyTensor;
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
    let r = Reduction::parse("triplet_margin_with_distance_loss", reduction)?;
    let loss = ComposedLoss::TripletDistances {
        margin,
        swap: d_swap.is_some(),
    };
    let mut others = vec![d_neg];
    others.extend(d_swap);
    run(py, loss, r, d_pos, &others)
}

/// Lengths given as a tensor, a sequence or an int (one sample).
fn lengths(py: Python<'_>, like: &PyTensor, obj: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        let h = t.get().handle();
        let v = like.with(py, move |s| s.value(h))?;
        return Ok(Be::to_f64(v.get())?.into_iter().map(|x| x as i64).collect());
    }
    if let Ok(n) = obj.extract::<i64>() {
        return Ok(vec![n]);
    }
    obj.extract::<Vec<i64>>().map_err(|_| {
        PyErr::from(Error::Argument(
            "ctc_loss: lengths must be a tensor or a sequence of ints".into(),
        ))
    })
}

/// Compute the Connectionist Temporal Classification loss.
///
/// LibTorch's CTC kernel and its backward, per sample; ``"mean"`` divides each sample's loss by its
/// target length (at least 1) and then averages, as torch. `log_probs` gets the gradient. The
/// lengths given as tensors are read back to the host. LibTorch carriers only.
///
/// Args:
///     log_probs (Tensor): `(T, N, C)` or unbatched `(T, C)` log-probabilities (e.g. from
///         `log_softmax`), `T` the input length and `C` the number of classes, blank included.
///     targets (Tensor or array): integer class indices, `(N, S)` padded, or the `N` target
///         sequences concatenated (1-D); a 1-D target for an unbatched input.
///     input_lengths (Tensor, sequence of int or int): the length of each input, at most `T`.
///     target_lengths (Tensor, sequence of int or int): the length of each target.
///     blank (int): the blank label. Default: ``0``.
///     reduction (str): ``"none"`` (the per-sample losses), ``"mean"`` or ``"sum"``.
///         Default: ``"mean"``.
///     zero_infinity (bool): zero infinite losses and their gradients (inputs too short to
///         be aligned to their targets). Default: ``False``.
///
/// Returns:
///     Tensor: a scalar, or `(N)` with ``reduction="none"``.
///
/// Raises:
///     ShapeError: `log_probs` is not `(T, N, C)` or `(T, C)`, the lengths do not match the
///         batch, or the targets do not hold the target lengths.
///     ArgumentError: a length out of range, `blank` outside `[0, C)`, lengths of another
///         type, or an unknown `reduction`.
///     IndexOutOfRangeError: a target class outside `[0, C)`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import eagertape.nn.functional as F
///     >>> with et.Session():
///     ...     log_probs = et.zeros(3, 1, 2).log_softmax(2)
///     ...     loss = F.ctc_loss(log_probs, et.tensor([[1]]), [3], [1])
///     ...     round(loss.item(), 4)
///     0.2877
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
    let r = Reduction::parse("ctc_loss", reduction)?;
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
