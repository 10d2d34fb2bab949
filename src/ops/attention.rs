//! `scaled_dot_product_attention`'s fused CPU path: a [`Layer`] running LibTorch's
//! `_scaled_dot_product_flash_attention_for_cpu` forward and its dedicated backward, which
//! keep what torch keeps for the same call (the operands, the output and the rows'
//! log-sum-exp) rather than the `(L, S)` attention matrix.
//!
//! [`scaled_dot_product_attention`] takes this path exactly where torch's CPU dispatcher
//! takes it: 4-D `(N, H, L, E)` operands of one head size, no dropout, a mask (additive, of
//! the operands' dtype) that needs no gradient. Everything else (dropout from the session
//! RNG, other ranks, CUDA, the reference carriers) is composed from the tape's own ops
//! ([`compose_attention`]).

use tch::Tensor;

use super::binary::BinaryOp;
use super::compose::{self, Recorder};
use super::join::MaskedFill;
use super::layers::Layer;
use super::scalar::ScalarOp;
use super::{Arity, Op};
use crate::backend::Backend;
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::kernel::Predicate;
use crate::shape::broadcast_shapes;

/// Operands: query `(N, H, L, E)`, key `(N, H, S, E)`, value `(N, H, S, E)`, and a mask
/// broadcastable to `(N, H, L, S)` if `mask` is set.
#[derive(Clone)]
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
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
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

/// `scaled_dot_product_attention`'s settings (torch's keyword arguments).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Attention {
    pub dropout_p: f64,
    pub is_causal: bool,
    /// `None`: `1/sqrt(E)`.
    pub scale: Option<f64>,
}

/// torch's `F.scaled_dot_product_attention` on `xs = [query, key, value, (attn_mask)]`:
/// `softmax(q @ kᵀ · scale + mask) @ v` over operands `(..., L, E)`, `(..., S, E)`,
/// `(..., S, Ev)`; a bool mask (true: take part) or an additive one broadcastable to
/// `(..., L, S)`; `is_causal` the top-left lower-triangular mask; dropout on the weights
/// from the session's generator. The fused kernel where torch's CPU dispatcher takes it,
/// else the composition. Every check comes first; the caller
/// (`Session::scaled_dot_product_attention`) runs the rest all or nothing.
pub fn scaled_dot_product_attention<B: Backend>(
    r: &mut dyn Recorder<B>,
    a: Attention,
    xs: &[Handle],
) -> Result<Handle> {
    let name = "scaled_dot_product_attention";
    if !(0.0..=1.0).contains(&a.dropout_p) {
        return Err(Error::Argument(format!(
            "{name}: dropout_p must be in [0, 1], got {}",
            a.dropout_p
        )));
    }
    let mask = xs.get(3).copied();
    if a.is_causal && mask.is_some() {
        return Err(Error::Argument(format!(
            "{name}: an explicit attn_mask should not be set when is_causal=True"
        )));
    }
    let (q, k, v) = (r.shape(xs[0])?, r.shape(xs[1])?, r.shape(xs[2])?);
    let mshape = mask.map(|m| r.shape(m)).transpose()?;
    check_shapes(&q, &k, &v, mshape.as_deref())?;
    let bool_mask = match mask {
        Some(m) => Some(r.dtype(m)? == DType::Bool),
        None => None,
    };
    if fused(r, a, xs, &q, &k, &v, mshape.as_deref())? {
        let l = FlashAttention {
            is_causal: a.is_causal,
            scale: a.scale,
            mask: bool_mask,
        };
        match r.record(Op::layer(l), xs) {
            Err(Error::Unsupported { .. }) => {} // a reference carrier: compose
            other => return other,
        }
    }
    let scale = a.scale.unwrap_or(1.0 / (q[q.len() - 1] as f64).sqrt());
    compose_attention(r, a, scale, xs, bool_mask)
}

/// torch's shape rules for attention.
fn check_shapes(q: &[i64], k: &[i64], v: &[i64], mask: Option<&[i64]>) -> Result<()> {
    let bad = |why: String| {
        Err(Error::Shape(format!(
            "scaled_dot_product_attention: {why} (query {q:?}, key {k:?}, value {v:?})"
        )))
    };
    if q.len() < 2 || k.len() < 2 || v.len() < 2 {
        return bad("query, key and value need at least 2 dims (..., L, E)".into());
    }
    let (nq, nk, nv) = (q.len(), k.len(), v.len());
    if k[nk - 1] != q[nq - 1] {
        return bad(format!(
            "the key's width {} differs from the query's {}",
            k[nk - 1],
            q[nq - 1]
        ));
    }
    if v[nv - 2] != k[nk - 2] {
        return bad(format!(
            "value has {} positions, key {}",
            v[nv - 2],
            k[nk - 2]
        ));
    }
    let op = "scaled_dot_product_attention";
    let batch = match (
        broadcast_shapes(op, &q[..nq - 2], &k[..nk - 2]),
        broadcast_shapes(op, &q[..nq - 2], &v[..nv - 2]),
    ) {
        (Ok(b), Ok(_)) => b,
        _ => return bad("the batch dims of query, key and value do not broadcast".into()),
    };
    if let Some(m) = mask {
        let mut scores = batch;
        scores.extend([q[nq - 2], k[nk - 2]]);
        if broadcast_shapes(op, m, &scores).ok().as_ref() != Some(&scores) {
            return bad(format!("attn_mask {m:?} does not broadcast to {scores:?}"));
        }
    }
    Ok(())
}

/// Whether torch's CPU dispatcher takes the fused kernel for these operands.
fn fused<B: Backend>(
    r: &dyn Recorder<B>,
    a: Attention,
    xs: &[Handle],
    q: &[i64],
    k: &[i64],
    v: &[i64],
    mask: Option<&[i64]>,
) -> Result<bool> {
    let native = matches!(
        r.dtype(xs[0])?,
        DType::Float32 | DType::Float64 | DType::BFloat16 | DType::Float16
    );
    if a.dropout_p != 0.0 || r.device(xs[0])? != Device::Cpu || !native {
        return Ok(false);
    }
    if q.len() != 4 || k.len() != 4 || k != v || q[..2] != k[..2] || q[3] != k[3] {
        return Ok(false);
    }
    if q.contains(&0) || k.contains(&0) {
        return Ok(false);
    }
    if let (Some(m), Some(&h)) = (mask, xs.get(3)) {
        // The fused kernel gives the mask no gradient; composing does.
        if m.len() > 4 || r.requires_grad(h)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The composition: `(q @ kᵀ) · scale`, the causal or given mask (`-inf` where hidden, or
/// added), torch's safe softmax (a row with nothing to attend to gives zeros and no NaN
/// reaches the gradient), dropout, `@ v`.
pub fn compose_attention<B: Backend>(
    r: &mut dyn Recorder<B>,
    a: Attention,
    scale: f64,
    xs: &[Handle],
    bool_mask: Option<bool>,
) -> Result<Handle> {
    let (q, key, value) = (xs[0], xs[1], xs[2]);
    let kt = r.record(Op::transpose(-2, -1), &[key])?;
    let scores = r.record(Op::matmul(), &[q, kt])?;
    let mut scores = compose::scalar(r, ScalarOp::Mul, scores, scale)?;
    if a.is_causal {
        let (qs, ks) = (r.shape(q)?, r.shape(key)?);
        let (nq, nk) = (qs[qs.len() - 2], ks[ks.len() - 2]);
        let hidden: Vec<f64> = (0..nq)
            .flat_map(|i| (0..nk).map(move |j| f64::from(u8::from(j > i))))
            .collect();
        let hidden = r.constant(q, &hidden, &[nq, nk], Some(DType::Bool))?;
        scores = r.record(
            Op::movement(MaskedFill(f64::NEG_INFINITY)),
            &[scores, hidden],
        )?;
    }
    let weights = match (xs.get(3).copied(), bool_mask) {
        (Some(mask), Some(is_bool)) => {
            if is_bool {
                let hidden = r.record(Op::predicate(Predicate::Not), &[mask])?;
                scores = r.record(
                    Op::movement(MaskedFill(f64::NEG_INFINITY)),
                    &[scores, hidden],
                )?;
            } else {
                scores = compose::binary(r, BinaryOp::Add, scores, mask)?;
            }
            let dtype = r.dtype(q)?;
            match empty_rows(r, mask, is_bool, dtype)? {
                None => r.record(Op::softmax(-1), &[scores])?,
                Some(empty) => {
                    let s = r.record(Op::movement(MaskedFill(0.0)), &[scores, empty])?;
                    let w = r.record(Op::softmax(-1), &[s])?;
                    r.record(Op::movement(MaskedFill(0.0)), &[w, empty])?
                }
            }
        }
        _ => r.record(Op::softmax(-1), &[scores])?,
    };
    let weights = if a.dropout_p > 0.0 {
        r.dropout(weights, a.dropout_p)?
    } else {
        weights
    };
    r.record(Op::matmul(), &[weights, value])
}

/// The rows (`(..., L, 1)`, bool) of `mask` that leave nothing to attend to; `None` for an
/// additive mask on the interval carrier, which cannot compare (it holds no -inf).
fn empty_rows<B: Backend>(
    r: &mut dyn Recorder<B>,
    mask: Handle,
    is_bool: bool,
    dtype: DType,
) -> Result<Option<Handle>> {
    if is_bool {
        let n = r.record(Op::sum(&[-1], true), &[mask])?;
        return r
            .record(Op::compare_number(Predicate::Eq, 0.0), &[n])
            .map(Some);
    }
    if dtype == DType::Interval {
        return Ok(None);
    }
    let top = r.record(Op::amax(&[-1], true), &[mask])?;
    r.record(Op::compare_number(Predicate::Eq, f64::NEG_INFINITY), &[top])
        .map(Some)
}

/// `F.scaled_dot_product_attention` (`enable_gqa=True` refused): [`Attention`] on the query,
/// key, value and the optional mask (bool: where to attend; floating: added to the scores).
#[allow(clippy::too_many_arguments)]
pub fn sdpa<B: Backend>(
    r: &mut dyn Recorder<B>,
    query: Handle,
    key: Handle,
    value: Handle,
    attn_mask: Option<Handle>,
    dropout_p: f64,
    is_causal: bool,
    scale: Option<f64>,
    enable_gqa: bool,
) -> Result<Handle> {
    if enable_gqa {
        return Err(Error::Argument(
            "scaled_dot_product_attention: enable_gqa=True is not supported".into(),
        ));
    }
    let a = Attention {
        dropout_p,
        is_causal,
        scale,
    };
    let mut xs = vec![query, key, value];
    xs.extend(attn_mask);
    scaled_dot_product_attention(r, a, &xs)
}

/// The `torch.nn.functional` form of attention, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
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
            fn scaled_dot_product_attention(query: Tensor, key: Tensor, value: Tensor;
                attn_mask: Option<Mask> = None, dropout_p: f64 = 0.0, is_causal: bool = False,
                scale: Option<f64> = None, enable_gqa: bool = False)
                = crate::ops::attention::sdpa;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

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
