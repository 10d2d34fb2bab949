//! `torch.nn.functional`'s distances (`pairwise_distance`, `cosine_similarity`,
//! `normalize`) as the functions torch declares: compositions of `composed_loss.rs` without a
//! reduction. [`functions`] declares their forms once; the binding generates the Python
//! functions, their stubs and their docs from it.

use super::compose::Recorder;
use super::composed_loss::ComposedLoss;
use super::composed_losses::run;
use super::loss::Reduction;
use crate::backend::Backend;
use crate::error::Result;
use crate::handles::Handle;

/// `F.pairwise_distance`.
pub fn pairwise_distance<B: Backend>(
    r: &mut dyn Recorder<B>,
    x1: Handle,
    x2: Handle,
    p: f64,
    eps: f64,
    keepdim: bool,
) -> Result<Handle> {
    let loss = ComposedLoss::PairwiseDistance { p, eps, keepdim };
    run(r, loss, Reduction::None, &[x1, x2])
}

/// `F.cosine_similarity`.
pub fn cosine_similarity<B: Backend>(
    r: &mut dyn Recorder<B>,
    x1: Handle,
    x2: Handle,
    dim: i64,
    eps: f64,
) -> Result<Handle> {
    let loss = ComposedLoss::CosineSimilarity { dim, eps };
    run(r, loss, Reduction::None, &[x1, x2])
}

/// `F.normalize` (`out=` refused: tensors are values).
pub fn normalize<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    p: f64,
    dim: i64,
    eps: f64,
    _out: (),
) -> Result<Handle> {
    let loss = ComposedLoss::Normalize { p, dim, eps };
    run(r, loss, Reduction::None, &[input])
}

/// The `torch.nn.functional` forms of this file's functions, for the binding's generator
/// `$gen` (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Computes the pairwise distance between input vectors, or between columns of input matrices.
            ///
            /// `||x1 - x2 + eps||_p` over the last dim, `x1` and `x2` broadcast together. Recorded as the
            /// composition torch writes (its parts' nodes), so each tensor operand gets its gradient by the
            /// parts' rules; operands given as array data or numbers are constants in the session's dtype.
            ///
            /// Args:
            ///     x1 (Tensor): `(N, D)` or `(D)`.
            ///     x2 (Tensor or array): broadcastable to `x1`.
            ///     p (float): the norm degree. Default: ``2.0``.
            ///     eps (float): a small value added to the difference to avoid division by zero.
            ///         Default: ``1e-6``.
            ///     keepdim (bool): keep the reduced dim (of size 1). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: `(N)` (or `(N, 1)` with `keepdim`).
            ///
            /// Raises:
            ///     ShapeError: `x1` and `x2` do not broadcast.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     d = F.pairwise_distance(et.tensor([[0.0, 0.0]]), et.tensor([[3.0, 4.0]]))
            ///     ...     round(d.item(), 4)
            ///     5.0
            fn pairwise_distance(x1: Tensor, x2: Tensor;
                p: f64 = 2.0, eps: f64 = 1e-6, keepdim: bool = False)
                = crate::ops::distances::pairwise_distance;

            /// Returns cosine similarity between `x1` and `x2`, computed along `dim`.
            ///
            /// `sum(x1 * x2) / (max(||x1||, eps) * max(||x2||, eps))` along `dim`, `x1` and `x2` broadcast
            /// together; as torch, each norm is clamped at `eps` without the clamp changing its gradient.
            /// Recorded as the composition torch writes (its parts' nodes), so each tensor operand gets its
            /// gradient by the parts' rules; operands given as array data or numbers are constants in the
            /// session's dtype.
            ///
            /// Args:
            ///     x1 (Tensor): the first input.
            ///     x2 (Tensor or array): broadcastable to `x1`.
            ///     dim (int): the dimension of the vectors. Default: ``1``.
            ///     eps (float): a small value to avoid division by zero. Default: ``1e-8``.
            ///
            /// Returns:
            ///     Tensor: the broadcast shape without `dim`.
            ///
            /// Raises:
            ///     ShapeError: `x1` and `x2` do not broadcast, or `dim` is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     x1 = et.tensor([[1.0, 0.0], [2.0, 0.0]])
            ///     ...     F.cosine_similarity(x1, et.tensor([[0.0, 1.0], [1.0, 0.0]])).tolist()
            ///     [0.0, 1.0]
            fn cosine_similarity(x1: Tensor, x2: Tensor;
                dim: i64 = 1, eps: f64 = 1e-8)
                = crate::ops::distances::cosine_similarity;

            /// Perform `L_p` normalization of inputs over specified dimension.
            ///
            /// `input / max(||input||_p, eps)`, the norm over `dim` (kept for broadcasting). Recorded as the
            /// composition torch writes (its parts' nodes), so each tensor operand gets its gradient by the
            /// parts' rules; operands given as array data or numbers are constants in the session's dtype.
            ///
            /// Args:
            ///     input (Tensor): the input, of any shape.
            ///     p (float): the exponent of the norm. Default: ``2.0``.
            ///     dim (int): the dimension to reduce. Default: ``1``.
            ///     eps (float): a small value to avoid division by zero. Default: ``1e-12``.
            ///     out (Tensor, optional): accepted for torch compatibility; must stay ``None``
            ///         (tensors are immutable values).
            ///
            /// Returns:
            ///     Tensor: of the input's shape.
            ///
            /// Raises:
            ///     ArgumentError: `out` is given.
            ///     ShapeError: `dim` is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session(dtype="float64"):
            ///     ...     F.normalize(et.tensor([[3.0, 4.0]])).tolist()
            ///     ...     F.normalize(et.tensor([[1.0, 3.0]]), p=1).tolist()
            ///     [[0.6, 0.8]]
            ///     [[0.25, 0.75]]
            fn normalize(input: Tensor;
                p: f64 = 2.0, dim: i64 = 1, eps: f64 = 1e-12, out: NoOut = None)
                = crate::ops::distances::normalize;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
