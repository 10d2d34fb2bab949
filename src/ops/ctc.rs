//! `ctc_loss`'s per-sample negative log likelihood: LibTorch's `_ctc_loss` forward and
//! `_ctc_loss_backward` as one layer. Operands: `log_probs` `(T, N, C)` and the int64
//! `targets` (`(N, S)` padded, or the `N` target sequences concatenated); the lengths are
//! the unit's. The forward keeps the raw likelihoods and `log_alpha` as the workspace its
//! backward reads; with `zero_infinity`, infinite losses (and their gradients) are zero.
//! The reduction is the session's composition (`Session::ctc_loss`), as torch's.

use tch::Tensor;

use super::Arity;
use crate::error::{Error, Result};
use crate::kernel::layer::Layer;

/// One `ctc_loss` over a batch.
pub struct Ctc {
    pub input_lengths: Box<[i64]>,
    pub target_lengths: Box<[i64]>,
    pub blank: i64,
    pub zero_infinity: bool,
}

impl Layer for Ctc {
    fn name(&self) -> &'static str {
        "ctc_loss"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn is_data(&self, i: usize) -> bool {
        i == 1
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (lp, tg) = (shapes[0], shapes[1]);
        let [t, n, c] = lp else {
            return Err(Error::Shape(format!(
                "ctc_loss: log_probs must be (T, N, C), got shape {lp:?}"
            )));
        };
        let (il, tl) = (&self.input_lengths, &self.target_lengths);
        if il.len() as i64 != *n || tl.len() as i64 != *n {
            return Err(Error::Shape(format!(
                "ctc_loss: expected {n} input and target lengths (the batch), got {} and {}",
                il.len(),
                tl.len()
            )));
        }
        if let Some(bad) = il.iter().find(|&&l| l < 0 || l > *t) {
            return Err(Error::Argument(format!(
                "ctc_loss: an input length ({bad}) must be between 0 and T ({t})"
            )));
        }
        if let Some(bad) = tl.iter().find(|&&l| l < 0) {
            return Err(Error::Argument(format!(
                "ctc_loss: target lengths must be non-negative, got {bad}"
            )));
        }
        if self.blank < 0 || self.blank >= *c {
            return Err(Error::Argument(format!(
                "ctc_loss: blank ({}) must be in [0, {c})",
                self.blank
            )));
        }
        let need = tl.iter().copied().max().unwrap_or(0);
        match tg {
            [rows, s] if rows == n && *s >= need => {}
            [len] if *len >= tl.iter().sum::<i64>() => {}
            _ => {
                return Err(Error::Shape(format!(
                    "ctc_loss: targets of shape {tg:?} do not hold the target lengths {tl:?} \
                     ((N, S) padded, or 1-D concatenated)"
                )))
            }
        }
        Ok(vec![*n])
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let (lp, tg) = (xs[0], xs[1]);
        let c = lp.size()[2];
        if tg.numel() > 0 {
            let (lo, hi) = tg.f_aminmax(None, false)?;
            let (lo, hi) = (lo.f_int64_value(&[])?, hi.f_int64_value(&[])?);
            if lo < 0 || hi >= c {
                return Err(Error::IndexOutOfBounds {
                    op: "ctc_loss".into(),
                    index: if lo < 0 { lo } else { hi },
                    dim: 2,
                    size: c,
                });
            }
        }
        let (nll, alpha) = Tensor::f_internal_ctc_loss(
            lp,
            tg,
            &self.input_lengths[..],
            &self.target_lengths[..],
            self.blank,
            self.zero_infinity,
        )?;
        let out = if self.zero_infinity {
            let inf = nll.f_isinf()?;
            nll.f_masked_fill(&inf, 0.0)?
        } else {
            nll.f_contiguous()?.f_mul_scalar(1.0)?
        };
        Ok((out, vec![nll, alpha]))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        if !needs[0] {
            return Ok(vec![None, None]);
        }
        let gx = Tensor::f_internal_ctc_loss_backward(
            g,
            xs[0],
            xs[1],
            &self.input_lengths[..],
            &self.target_lengths[..],
            workspace[0],
            workspace[1],
            self.blank,
            self.zero_infinity,
        )?;
        Ok(vec![Some(gx), None])
    }
}
/// `ctc_loss` as torch's function (a `Session` entry point: its reduction divides by the
/// target lengths), for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
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
            fn ctc_loss(log_probs: Tensor, targets: IndexOperand, input_lengths: Lengths,
                target_lengths: Lengths; blank: i64 = 0, reduction: Str = "mean",
                zero_infinity: bool = False)
                = @session Session::ctc_loss;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
