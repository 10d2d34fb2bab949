//! `scaled_dot_product_attention`'s fused CPU path: a [`Layer`] running LibTorch's
//! `_scaled_dot_product_flash_attention_for_cpu` forward and its dedicated backward, which
//! keep what torch keeps for the same call (the operands, the output and the rows'
//! log-sum-exp) rather than the `(L, S)` attention matrix.
//!
//! The Python function (`et.scaled_dot_product_attention`) takes this path exactly where
//! torch's CPU dispatcher takes it: 4-D `(N, H, L, E)` operands of one head size, no
//! dropout, a mask (additive, of the operands' dtype) that needs no gradient. Everything
//! else (dropout from the session RNG, other ranks, CUDA, the reference carriers) is
//! composed from the tape's own ops there.

use tch::Tensor;

use super::layers::Layer;
use super::Arity;
use crate::error::{Error, Result};

/// Operands: query `(N, H, L, E)`, key `(N, H, S, E)`, value `(N, H, S, E)`, and a mask
/// broadcastable to `(N, H, L, S)` if `mask` is set.
pub struct FlashAttention {
    pub is_causal: bool,
    /// `None`: `1/sqrt(E)`.
    pub scale: Option<f64>,
    /// `Some(true)`: a bool mask (true: take part), turned into an additive one of the
    /// query's dtype in each kernel call as torch turns it; `Some(false)`: additive.
    pub mask: Option<bool>,
}

impl FlashAttention {
    /// The additive mask LibTorch's kernels take.
    fn additive(&self, xs: &[&Tensor]) -> Result<Option<Tensor>> {
        match self.mask {
            None => Ok(None),
            Some(false) => Ok(Some(xs[3].shallow_clone())),
            Some(true) => {
                let m = xs[3];
                let zeros = Tensor::f_zeros(m.size(), (xs[0].kind(), m.device()))?;
                Ok(Some(
                    zeros.f_masked_fill(&m.f_logical_not()?, f64::NEG_INFINITY)?,
                ))
            }
        }
    }
}

impl Layer for FlashAttention {
    fn name(&self) -> &'static str {
        "scaled_dot_product_attention"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(3 + usize::from(self.mask.is_some()))
    }
    fn is_data(&self, i: usize) -> bool {
        i == 3 && self.mask == Some(true)
    }
    fn keeps_output(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (q, k, v) = (shapes[0], shapes[1], shapes[2]);
        let bad = || {
            Err(Error::Shape(format!(
                "scaled_dot_product_attention: expected query (N, H, L, E), key (N, H, S, E) \
                 and value (N, H, S, E), got {q:?}, {k:?}, {v:?}"
            )))
        };
        if q.len() != 4 || k.len() != 4 || v.len() != 4 {
            return bad();
        }
        if q[..2] != k[..2] || k != v || q[3] != k[3] {
            return bad();
        }
        if self.mask.is_some() {
            let m = shapes[3];
            let full = [q[0], q[1], q[2], k[2]];
            let fits = m.len() <= 4
                && m.iter()
                    .rev()
                    .zip(full.iter().rev())
                    .all(|(&a, &b)| a == b || a == 1);
            if !fits {
                return Err(Error::Shape(format!(
                    "scaled_dot_product_attention: attn_mask {m:?} does not broadcast to \
                     {full:?}"
                )));
            }
        }
        Ok(q.to_vec())
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        if xs[0].device() != tch::Device::Cpu {
            return Err(Error::Backend(
                "scaled_dot_product_attention: the fused path runs on the CPU only".into(),
            ));
        }
        let mask = self.additive(xs)?;
        let (out, lse) = Tensor::f_internal_scaled_dot_product_flash_attention_for_cpu(
            xs[0],
            xs[1],
            xs[2],
            0.0,
            self.is_causal,
            mask.as_ref(),
            self.scale,
        )?;
        Ok((out, vec![lse]))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        let [lse, out] = workspace else {
            return Err(Error::Backend(
                "scaled_dot_product_attention: the forward kept no log-sum-exp".into(),
            ));
        };
        let mask = self.additive(xs)?;
        let (gq, gk, gv) = Tensor::f_internal_scaled_dot_product_flash_attention_for_cpu_backward(
            &g.f_contiguous()?,
            xs[0],
            xs[1],
            xs[2],
            out,
            lse,
            0.0,
            self.is_causal,
            mask.as_ref(),
            self.scale,
        )?;
        // torch gives the mask no gradient on this path (the caller composes instead when
        // the mask requires one).
        let mut gs = vec![
            needs[0].then_some(gq),
            needs[1].then_some(gk),
            needs[2].then_some(gv),
        ];
        gs.resize_with(xs.len(), || None);
        Ok(gs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads_libtorch, data};
    use crate::ops::Op;

    fn oracle(t: &[Tensor], causal: bool, scale: Option<f64>) -> Tensor {
        let mask = t.get(3);
        Tensor::scaled_dot_product_attention(&t[0], &t[1], &t[2], mask, 0.0, causal, scale, false)
    }

    #[test]
    fn flash_attention_gradients_match_libtorch() {
        check_grads_libtorch(
            &[
                data(&[2, 3, 5, 4], 950),
                data(&[2, 3, 6, 4], 951),
                data(&[2, 3, 6, 4], 952),
            ],
            |s, h| {
                let l = FlashAttention {
                    is_causal: false,
                    scale: None,
                    mask: None,
                };
                s.record(Op::layer(l), &[h[0], h[1], h[2]])
            },
            |t| oracle(t, false, None),
        );
    }

    #[test]
    fn flash_attention_causal_with_scale_gradients_match_libtorch() {
        check_grads_libtorch(
            &[
                data(&[1, 2, 6, 3], 953),
                data(&[1, 2, 6, 3], 954),
                data(&[1, 2, 6, 3], 955),
            ],
            |s, h| {
                let l = FlashAttention {
                    is_causal: true,
                    scale: Some(0.3),
                    mask: None,
                };
                s.record(Op::layer(l), &[h[0], h[1], h[2]])
            },
            |t| oracle(t, true, Some(0.3)),
        );
    }

    #[test]
    fn flash_attention_additive_mask_gradients_match_libtorch() {
        let mask = || data(&[5, 6], 959);
        check_grads_libtorch(
            &[
                data(&[2, 1, 5, 4], 956),
                data(&[2, 1, 6, 4], 957),
                data(&[2, 1, 6, 4], 958),
            ],
            |s, h| {
                let m = s.input(&crate::ops::testing::dt(&mask()), false)?;
                let l = FlashAttention {
                    is_causal: false,
                    scale: None,
                    mask: Some(false),
                };
                s.record(Op::layer(l), &[h[0], h[1], h[2], m])
            },
            |t| {
                let with_mask = [
                    t[0].shallow_clone(),
                    t[1].shallow_clone(),
                    t[2].shallow_clone(),
                    mask(),
                ];
                oracle(&with_mask, false, None)
            },
        );
    }
}
