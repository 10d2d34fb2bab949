//! `torch.nn.functional.embedding` and `embedding_bag` as the functions torch declares:
//! their arguments checked (`padding_idx` against the weight's rows; `max_norm` and sparse
//! gradients refused) and one layer of `embedding.rs` recorded over the ids, the weight and
//! the optional offsets and per-sample weights. [`functions`] declares their forms once.

use super::compose::Recorder;
use super::embedding::{BagMode, Embedding, EmbeddingBag};
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// torch's `padding_idx` against a weight of `rows` rows: a negative one counts from the
/// end; `None` is -1 (no padding row); outside the rows an `ArgumentError`.
pub fn padding_row(op: &str, padding_idx: Option<i64>, rows: i64) -> Result<i64> {
    match padding_idx {
        None => Ok(-1),
        Some(p) if p >= 0 && p < rows => Ok(p),
        Some(p) if p < 0 && p >= -rows => Ok(p + rows),
        Some(p) => Err(Error::Argument(format!(
            "{op}: padding_idx {p} must be within num_embeddings {rows}"
        ))),
    }
}

/// `max_norm` renormalises the weight's rows in place and `sparse` asks for sparse
/// gradients: neither exists here (an `ArgumentError`).
pub fn check_supported(op: &str, max_norm: Option<f64>, sparse: bool) -> Result<()> {
    if max_norm.is_some() || sparse {
        return Err(Error::Argument(format!(
            "{op}: max_norm (which rewrites the weight in place) and sparse are not supported"
        )));
    }
    Ok(())
}

/// The rows of `weight` (its first dim; 0 for a 0-d weight, which the layer refuses).
fn rows<B: Backend>(r: &mut dyn Recorder<B>, weight: Handle) -> Result<i64> {
    Ok(r.shape(weight)?.first().copied().unwrap_or(0))
}

/// torch's `F.embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
/// scale_grad_by_freq=False, sparse=False)` (`norm_type` goes with `max_norm`: ignored).
#[allow(clippy::too_many_arguments)]
pub fn embedding<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    weight: Handle,
    padding_idx: Option<i64>,
    max_norm: Option<f64>,
    norm_type: f64,
    scale_grad_by_freq: bool,
    sparse: bool,
) -> Result<Handle> {
    let _ = norm_type;
    check_supported("embedding", max_norm, sparse)?;
    let padding_idx = padding_row("embedding", padding_idx, rows(r, weight)?)?;
    let layer = Embedding {
        padding_idx,
        scale_grad_by_freq,
    };
    r.record(Op::layer(layer), &[input, weight])
}

/// torch's `F.embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2.0,
/// scale_grad_by_freq=False, mode="mean", sparse=False, per_sample_weights=None,
/// include_last_offset=False, padding_idx=None)`.
#[allow(clippy::too_many_arguments)]
pub fn embedding_bag<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    weight: Handle,
    offsets: Option<Handle>,
    max_norm: Option<f64>,
    norm_type: f64,
    scale_grad_by_freq: bool,
    mode: String,
    sparse: bool,
    per_sample_weights: Option<Handle>,
    include_last_offset: bool,
    padding_idx: Option<i64>,
) -> Result<Handle> {
    let _ = norm_type;
    check_supported("embedding_bag", max_norm, sparse)?;
    let layer = EmbeddingBag::new(
        BagMode::parse(&mode)?,
        offsets.is_some(),
        per_sample_weights.is_some(),
        include_last_offset,
        padding_row("embedding_bag", padding_idx, rows(r, weight)?)?,
        scale_grad_by_freq,
    )?;
    let mut operands = vec![input];
    operands.extend(offsets);
    operands.push(weight);
    operands.extend(per_sample_weights);
    r.record(Op::layer(layer), &operands)
}

/// The family's torch declarations (see `src/python/declared/`): functions only (the
/// `nn.Embedding` and `nn.EmbeddingBag` layers call them).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
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
            fn embedding(input: Index, weight: Tensor; padding_idx: Option<i64> = None,
                max_norm: Option<f64> = None, norm_type: f64 = 2.0,
                scale_grad_by_freq: bool = False, sparse: bool = False)
                = crate::ops::embeddings::embedding;

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
            fn embedding_bag(input: Index, weight: Tensor; offsets: Option<Index> = None,
                max_norm: Option<f64> = None, norm_type: f64 = 2.0,
                scale_grad_by_freq: bool = False, mode: Str = "mean", sparse: bool = False,
                per_sample_weights: Option<Tensor> = None, include_last_offset: bool = False,
                padding_idx: Option<i64> = None)
                = crate::ops::embeddings::embedding_bag;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_idx_counts_from_the_end_and_stays_within_the_rows() {
        // torch: F.embedding(ids, w(5, 2), padding_idx=-1) pads row 4; padding_idx=5 raises
        assert_eq!(padding_row("embedding", None, 5).unwrap(), -1);
        assert_eq!(padding_row("embedding", Some(3), 5).unwrap(), 3);
        assert_eq!(padding_row("embedding", Some(-1), 5).unwrap(), 4);
        assert!(matches!(
            padding_row("embedding", Some(5), 5),
            Err(Error::Argument(_))
        ));
        assert!(matches!(
            padding_row("embedding", Some(-6), 5),
            Err(Error::Argument(_))
        ));
    }

    #[test]
    fn max_norm_and_sparse_are_refused() {
        assert!(check_supported("embedding", None, false).is_ok());
        assert!(matches!(
            check_supported("embedding", Some(1.0), false),
            Err(Error::Argument(_))
        ));
        assert!(matches!(
            check_supported("embedding", None, true),
            Err(Error::Argument(_))
        ));
    }
}
