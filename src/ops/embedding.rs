//! Embedding lookups, each LibTorch's forward kernel with its dedicated backward kernels
//! as one [`Layer`] (torch's own derivative); the reference backend refuses them before
//! recording.
//!
//! - [`Embedding`]: rows of a weight picked by int64 ids (`embedding_dense_backward`).
//! - [`EmbeddingBag`]: sums, means or maxima of bags of rows without materialising the rows
//!   (`_embedding_bag`, `_embedding_bag_backward`, `_embedding_bag_per_sample_weights_backward`).
//!   Operands, in order: the int64 `input`; the int64 `offsets` when the input is 1-D (bag
//!   `b` is `input[offsets[b]..offsets[b + 1]]`); the `weight` `(num_embeddings,
//!   embedding_dim)`; `per_sample_weights` (shaped as the input, `sum` mode only). A 2-D
//!   input `(B, L)` is `B` bags of `L` ids; its offsets `0, L, 2L, ...` are computed by the
//!   forward and again by the backward (O(B), not kept). The workspace the node owns (freed
//!   with it) is torch's: `offset2bag`, `bag_size` and the arg-max ids of `max` mode.
//!
//!   Where LibTorch's CPU kernel reads out of bounds (an empty offsets, or
//!   `include_last_offset` with one offset: no bags; torch segfaults) the result is the
//!   empty `(0, embedding_dim)` without a kernel call. Offsets that do not start at 0,
//!   decrease, or run past the input are refused before the kernel (torch accepts
//!   decreasing offsets and returns rows it does not define).

use tch::{Kind, Tensor};

use super::Arity;
use crate::error::{Error, Result};
use crate::kernel::layer::Layer;

/// `embedding(ids, weight, padding_idx)`: rows of `weight` picked by int64 `ids`; the
/// gradient rows of repeated ids accumulate, the `padding_idx` row gets none.
#[derive(Clone)]
pub struct Embedding {
    /// Non-negative (torch's negative `padding_idx` is resolved by the caller), or -1.
    pub padding_idx: i64,
    /// Divides each row's gradient by how often its id occurs in the input.
    pub scale_grad_by_freq: bool,
}

impl Layer for Embedding {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "embedding"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn is_data(&self, i: usize) -> bool {
        i == 0
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (ids, w) = (shapes[0], shapes[1]);
        if w.len() != 2 {
            return Err(Error::Shape(format!(
                "embedding: the weight must be 2-D (num_embeddings, embedding_dim), got {w:?}"
            )));
        }
        if self.padding_idx >= w[0] {
            return Err(Error::Argument(format!(
                "embedding: padding_idx {} must be within num_embeddings {}",
                self.padding_idx, w[0]
            )));
        }
        let mut out = ids.to_vec();
        out.push(w[1]);
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let (ids, w) = (xs[0], xs[1]);
        super::index::check_range("embedding", ids, w.size()[0], 0, false)?;
        let out = Tensor::f_embedding(w, ids, self.padding_idx, self.scale_grad_by_freq, false)?;
        Ok((out, Vec::new()))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        _workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        let num = xs[1].size()[0];
        let gw = needs[1]
            .then(|| {
                Tensor::f_embedding_dense_backward(
                    g,
                    xs[0],
                    num,
                    self.padding_idx,
                    self.scale_grad_by_freq,
                )
            })
            .transpose()?;
        Ok(vec![None, gw])
    }
}

/// torch's bag reductions, with its kernel codes (`sum` 0, `mean` 1, `max` 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BagMode {
    Sum = 0,
    Mean = 1,
    Max = 2,
}

impl BagMode {
    pub fn parse(mode: &str) -> Result<Self> {
        match mode {
            "sum" => Ok(Self::Sum),
            "mean" => Ok(Self::Mean),
            "max" => Ok(Self::Max),
            _ => Err(Error::Argument(format!(
                "embedding_bag: mode has to be one of sum, mean or max, got {mode:?}"
            ))),
        }
    }
}

/// One `embedding_bag` call (see the module doc for its operands).
#[derive(Debug, Clone)]
pub struct EmbeddingBag {
    pub mode: BagMode,
    /// Whether operand 1 is the offsets of a 1-D input (else the input is 2-D).
    pub offsets: bool,
    /// Whether the last operand is `per_sample_weights`.
    pub per_sample_weights: bool,
    pub include_last_offset: bool,
    /// Non-negative (a negative one is resolved by the caller), or -1.
    pub padding_idx: i64,
    pub scale_grad_by_freq: bool,
}

impl EmbeddingBag {
    /// Checks what torch's `F.embedding_bag` checks in Python before its kernel.
    pub fn new(
        mode: BagMode,
        offsets: bool,
        per_sample_weights: bool,
        include_last_offset: bool,
        padding_idx: i64,
        scale_grad_by_freq: bool,
    ) -> Result<Self> {
        if per_sample_weights && mode != BagMode::Sum {
            return Err(Error::Argument(format!(
                "embedding_bag: per_sample_weights is only supported for mode='sum' (got mode='{}')",
                ["sum", "mean", "max"][mode as usize]
            )));
        }
        if scale_grad_by_freq && mode == BagMode::Max {
            return Err(Error::Argument(
                "embedding_bag: max mode does not support scaling the gradient by the frequency"
                    .into(),
            ));
        }
        Ok(Self {
            mode,
            offsets,
            per_sample_weights,
            include_last_offset,
            padding_idx,
            scale_grad_by_freq,
        })
    }

    fn weight_at(&self) -> usize {
        1 + usize::from(self.offsets)
    }

    /// The flat ids and the offsets the kernel reads.
    fn bags(&self, xs: &[&Tensor]) -> Result<(Tensor, Tensor)> {
        let input = xs[0];
        if self.offsets {
            return Ok((input.shallow_clone(), xs[1].shallow_clone()));
        }
        let (b, l) = (input.size()[0], input.size()[1]);
        let offsets = Tensor::f_arange(b, (Kind::Int64, input.device()))?.f_mul_scalar(l)?;
        Ok((input.f_reshape([-1])?, offsets))
    }

    /// Refuses offsets LibTorch would read out of bounds or not define.
    fn check_offsets(&self, offsets: &Tensor, len: i64) -> Result<()> {
        if !self.offsets || offsets.numel() == 0 {
            return Ok(());
        }
        let first = offsets.f_int64_value(&[0])?;
        if first != 0 {
            return Err(Error::Argument(format!(
                "embedding_bag: offsets[0] has to be 0 (the first bag starts at the input's \
                 start), got {first}"
            )));
        }
        let n = offsets.numel() as i64;
        let last = offsets.f_int64_value(&[n - 1])?;
        if last > len {
            return Err(Error::Argument(format!(
                "embedding_bag: offsets[-1] ({last}) can not be greater than the input's length {len}"
            )));
        }
        let steps = offsets
            .f_slice(0, 1, n, 1)?
            .f_sub(&offsets.f_slice(0, 0, n - 1, 1)?)?;
        if n > 1 && steps.f_lt(0)?.f_any()?.f_int64_value(&[])? != 0 {
            return Err(Error::Argument(
                "embedding_bag: offsets must be non-decreasing".into(),
            ));
        }
        Ok(())
    }
}

impl Layer for EmbeddingBag {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "embedding_bag"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2 + usize::from(self.offsets) + usize::from(self.per_sample_weights))
    }
    fn is_data(&self, i: usize) -> bool {
        i < self.weight_at()
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let input = shapes[0];
        let w = shapes[self.weight_at()];
        let [rows, dim] = w else {
            return Err(Error::Shape(format!(
                "embedding_bag: the weight must be 2-D (num_embeddings, embedding_dim), got {w:?}"
            )));
        };
        if self.padding_idx >= *rows {
            return Err(Error::Argument(format!(
                "embedding_bag: padding_idx {} must be within num_embeddings {rows}",
                self.padding_idx
            )));
        }
        let bags = if self.offsets {
            let offsets = shapes[1];
            if input.len() != 1 || offsets.len() != 1 {
                return Err(Error::Shape(format!(
                    "embedding_bag: with offsets the input and the offsets must be 1-D, got \
                     input {input:?} and offsets {offsets:?}"
                )));
            }
            if self.include_last_offset && offsets[0] == 0 {
                return Err(Error::Argument(
                    "embedding_bag: include_last_offset: the number of offsets should be at least 1"
                        .into(),
                ));
            }
            offsets[0] - i64::from(self.include_last_offset)
        } else {
            let [b, _] = input else {
                return Err(Error::Shape(format!(
                    "embedding_bag: without offsets the input must be 2-D (bags, ids per bag), \
                     got {input:?}"
                )));
            };
            *b
        };
        if self.per_sample_weights {
            let psw = shapes[self.weight_at() + 1];
            if psw != input {
                return Err(Error::Shape(format!(
                    "embedding_bag: per_sample_weights {psw:?} must have the input's shape {input:?}"
                )));
            }
        }
        Ok(vec![bags, *dim])
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let w = xs[self.weight_at()];
        let (ids, offsets) = self.bags(xs)?;
        super::index::check_range("embedding_bag", &ids, w.size()[0], 0, false)?;
        self.check_offsets(&offsets, ids.numel() as i64)?;
        let bags = offsets.numel() as i64 - i64::from(self.include_last_offset);
        if bags == 0 {
            let out = Tensor::f_zeros([0, w.size()[1]], (w.kind(), w.device()))?;
            return Ok((out, Vec::new()));
        }
        let psw = self
            .per_sample_weights
            .then(|| xs[self.weight_at() + 1].f_reshape([-1]));
        let (out, offset2bag, bag_size, max_ids) = Tensor::f_internal_embedding_bag(
            w,
            &ids,
            &offsets,
            self.scale_grad_by_freq,
            self.mode as i64,
            false,
            psw.transpose()?,
            self.include_last_offset,
            self.padding_idx,
        )?;
        Ok((out, vec![offset2bag, bag_size, max_ids]))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        let at = self.weight_at();
        let w = xs[at];
        let mut out: Vec<Option<Tensor>> = (0..xs.len()).map(|_| None).collect();
        let [offset2bag, bag_size, max_ids] = workspace else {
            // No bags: nothing was read.
            out[at] = needs[at].then(|| w.f_zeros_like()).transpose()?;
            if self.per_sample_weights {
                out[at + 1] = needs[at + 1]
                    .then(|| xs[at + 1].f_zeros_like())
                    .transpose()?;
            }
            return Ok(out);
        };
        let (ids, offsets) = self.bags(xs)?;
        let psw = if self.per_sample_weights {
            Some(xs[at + 1].f_reshape([-1])?)
        } else {
            None
        };
        if needs[at] {
            out[at] = Some(Tensor::f_internal_embedding_bag_backward(
                g,
                &ids,
                &offsets,
                offset2bag,
                bag_size,
                max_ids,
                w.size()[0],
                self.scale_grad_by_freq,
                self.mode as i64,
                false,
                psw.as_ref(),
                self.padding_idx,
            )?);
        }
        if self.per_sample_weights && needs[at + 1] {
            let gp = Tensor::f_internal_embedding_bag_per_sample_weights_backward(
                g,
                w,
                &ids,
                &offsets,
                offset2bag,
                self.mode as i64,
                self.padding_idx,
            )?;
            out[at + 1] = Some(gp.f_reshape(xs[at + 1].size())?);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads_libtorch, data, dt};
    use crate::ops::Op;
    use crate::session::Operand;

    #[test]
    fn embedding_gradient_rows_accumulate_and_padding_gets_none() {
        let ids = Tensor::from_slice(&[1i64, 3, 1, 0, 2, 1]).reshape([2, 3]);
        let ids2 = ids.copy();
        check_grads_libtorch(
            &[data(&[5, 4], 703)],
            move |s, h| {
                let operands = vec![Operand::Data(dt(&ids2)), Operand::Node(h[0])];
                s.apply(
                    Op::layer(Embedding {
                        padding_idx: 0,
                        scale_grad_by_freq: false,
                    }),
                    operands,
                )
            },
            move |t| Tensor::embedding(&t[0], &ids, 0, false, false),
        );
    }

    fn bag(
        mode: BagMode,
        offsets: bool,
        psw: bool,
        last: bool,
        padding_idx: i64,
    ) -> Op<crate::backend::dynamic::Dyn> {
        Op::layer(EmbeddingBag::new(mode, offsets, psw, last, padding_idx, false).unwrap())
    }

    #[test]
    fn embedding_bag_sum_with_per_sample_weights_matches_torch_for_weight_and_weights() {
        // torch: F.embedding_bag(ids, w, offsets, mode="sum", per_sample_weights=p)
        let ids = Tensor::from_slice(&[1i64, 3, 1, 0, 2, 1, 4]);
        let offsets = Tensor::from_slice(&[0i64, 2, 2, 5]);
        let (i2, o2) = (ids.copy(), offsets.copy());
        check_grads_libtorch(
            &[data(&[5, 4], 705), data(&[7], 706)],
            move |s, h| {
                let operands = vec![
                    Operand::Data(dt(&i2)),
                    Operand::Data(dt(&o2)),
                    Operand::Node(h[0]),
                    Operand::Node(h[1]),
                ];
                s.apply(bag(BagMode::Sum, true, true, false, -1), operands)
            },
            move |t| {
                Tensor::embedding_bag(&t[0], &ids, &offsets, false, 0, false, Some(&t[1]), false).0
            },
        );
    }

    #[test]
    fn embedding_bag_mean_skips_the_padding_id_and_max_takes_each_bags_maximum() {
        let ids = Tensor::from_slice(&[1i64, 3, 1, 0, 2, 1, 4, 0]).reshape([2, 4]);
        for (mode, code) in [(BagMode::Mean, 1), (BagMode::Max, 2)] {
            let (i2, i3) = (ids.copy(), ids.copy());
            check_grads_libtorch(
                &[data(&[5, 3], 707)],
                move |s, h| {
                    let operands = vec![Operand::Data(dt(&i2)), Operand::Node(h[0])];
                    s.apply(bag(mode, false, false, false, 0), operands)
                },
                move |t| {
                    let offsets = Tensor::from_slice(&[0i64, 4]);
                    let flat = i3.reshape([-1]);
                    let none: Option<Tensor> = None;
                    Tensor::embedding_bag_padding_idx(
                        &t[0], &flat, &offsets, false, code, false, none, false, 0,
                    )
                    .0
                },
            );
        }
    }

    #[test]
    fn embedding_bag_with_include_last_offset_and_no_bags_is_empty() {
        let mut s = crate::ops::testing::session_on("libtorch");
        let w = s.input(&dt(&data(&[5, 3], 708)), true).unwrap();
        let ids = Operand::Data(dt(&Tensor::from_slice(&[1i64, 2])));
        let offsets = Operand::Data(dt(&Tensor::from_slice(&[0i64])));
        let y = s
            .apply(
                bag(BagMode::Sum, true, false, true, -1),
                vec![ids, offsets, Operand::Node(w)],
            )
            .unwrap();
        assert_eq!(s.shape(y).unwrap(), vec![0, 3]);
    }

    #[test]
    fn embedding_bag_refuses_decreasing_offsets_before_the_kernel() {
        let mut s = crate::ops::testing::session_on("libtorch");
        let w = s.input(&dt(&data(&[5, 3], 709)), true).unwrap();
        let before = s.tape_len();
        let ids = Operand::Data(dt(&Tensor::from_slice(&[1i64, 2, 3])));
        let offsets = Operand::Data(dt(&Tensor::from_slice(&[0i64, 2, 1])));
        let r = s.apply(
            bag(BagMode::Sum, true, false, false, -1),
            vec![ids, offsets, Operand::Node(w)],
        );
        assert!(matches!(r, Err(Error::Argument(_))), "{:?}", r.err());
        assert_eq!(s.tape_len(), before);
    }
}
