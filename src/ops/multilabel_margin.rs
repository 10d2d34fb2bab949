//! `multilabel_margin_loss`'s per-sample loss: LibTorch's `multilabel_margin_loss` kernel
//! and its `multilabel_margin_loss_backward` as one [`Layer`]. Operands: the input `(C)`,
//! `(N, C)` or a 0-d scalar, and the int64 target of the same shape (class ids, ended by
//! the first -1). The loss of a sample is `Σ_{j target, i not} max(0, 1 − (x[j] − x[i])) / C`.
//! The workspace the node owns is torch's `is_target` (1 where a class is one of the
//! sample's targets), computed from the target as the kernel computes it (tch does not
//! expose the kernel's own). The reduction is the session's (`composed_loss`), so an empty
//! batch's mean is NaN rather than the kernel's uninitialised value.

use tch::{Kind, Tensor};

use super::Arity;
use crate::error::{Error, Result};
use crate::kernel::layer::Layer;

/// One `multilabel_margin_loss` over a batch, unreduced.
#[derive(Clone)]
pub struct MultilabelMargin;

impl MultilabelMargin {
    /// torch's `is_target` (the input's dtype, the target's shape).
    fn is_target(input: &Tensor, target: &Tensor) -> Result<Tensor> {
        let rows = target.f_reshape([-1, *target.size().last().unwrap_or(&1)])?;
        let before_end = rows.f_ne(-1)?.f_cumprod(-1, Kind::Int64)?;
        let ids = rows.f_clamp_min(0)?;
        let marks = before_end.f_to_kind(input.kind())?;
        let hits = rows
            .f_zeros_like()?
            .f_to_kind(input.kind())?
            .f_scatter_add(-1, &ids, &marks)?;
        Ok(hits
            .f_gt(0)?
            .f_to_kind(input.kind())?
            .f_reshape(target.size())?)
    }
}

impl Layer for MultilabelMargin {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "multilabel_margin_loss"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn is_data(&self, i: usize) -> bool {
        i == 1
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (x, t) = (shapes[0], shapes[1]);
        let out = match x {
            [] => vec![],
            [c] if *c > 0 => vec![],
            [n, c] if *c > 0 => vec![*n],
            _ => {
                return Err(Error::Shape(format!(
                    "multilabel_margin_loss: expected a non-empty vector or matrix (with an \
                     optional empty batch), got input shape {x:?}"
                )))
            }
        };
        if t != x {
            return Err(Error::Shape(format!(
                "multilabel_margin_loss: inconsistent target shape {t:?} for input of shape {x:?}"
            )));
        }
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let (x, t) = (xs[0], xs[1]);
        if x.numel() == 0 {
            return Ok((Tensor::f_zeros([0], (x.kind(), x.device()))?, Vec::new()));
        }
        let classes = x.size().last().copied().unwrap_or(1);
        let (lo, hi) = t.f_aminmax(None, false)?;
        let (lo, hi) = (lo.f_int64_value(&[])?, hi.f_int64_value(&[])?);
        if lo < -1 || hi >= classes {
            return Err(Error::IndexOutOfBounds {
                op: "multilabel_margin_loss".into(),
                index: if lo < -1 { lo } else { hi },
                dim: x.dim().saturating_sub(1),
                size: classes,
            });
        }
        let out = x.f_multilabel_margin_loss(t, tch::Reduction::None)?;
        Ok((out, vec![Self::is_target(x, t)?]))
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
        let gx = match workspace.first() {
            None => xs[0].f_zeros_like()?,
            Some(is_target) => xs[0].f_multilabel_margin_loss_backward(
                g,
                xs[1],
                tch::Reduction::None,
                is_target,
            )?,
        };
        Ok(vec![Some(gx), None])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads_libtorch, data, dt};
    use crate::ops::Op;
    use crate::session::Operand;

    #[test]
    fn multilabel_margin_loss_gradient_is_torchs() {
        // torch: F.multilabel_margin_loss(x, y, reduction="none"); a repeated id counts once
        let y = Tensor::from_slice(&[3i64, 0, -1, 1, 1, 2, 1, -1, -1, 0, 0, 0]).reshape([3, 4]);
        let y2 = y.copy();
        check_grads_libtorch(
            &[data(&[3, 4], 710)],
            move |s, h| {
                let operands = vec![Operand::Node(h[0]), Operand::Data(dt(&y2))];
                s.apply(Op::layer(MultilabelMargin), operands)
            },
            move |t| t[0].multilabel_margin_loss(&y, tch::Reduction::None),
        );
    }
}
