//! Movement ops that combine or fill (see [`super::movement`]): `cat`, `stack`,
//! `where(cond, a, b)`, `masked_fill(mask, value)` and `pad`.

use tch::Tensor;

use super::movement::Movement;
use super::Arity;
use crate::error::{Error, Result};
use crate::shape::{broadcast_shapes, normalize_dim};

/// `et.cat(tensors, dim)`: same dims, equal sizes except along `dim`.
#[derive(Clone)]
pub struct Cat {
    pub dim: i64,
    pub n: usize,
}

impl Movement for Cat {
    fn name(&self) -> &'static str {
        "cat"
    }
    fn promotes(&self) -> bool {
        true
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(self.n)
    }
    fn is_source(&self, _i: usize) -> bool {
        true
    }
    /// torch's rule, including its legacy one: a 1-D empty tensor is skipped whatever the
    /// other tensors' shapes.
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let skipped = |s: &[i64]| s == [0];
        let Some(first) = shapes.iter().copied().find(|s| !skipped(s)) else {
            return Ok(vec![0]);
        };
        if first.is_empty() {
            return Err(Error::Shape(
                "cat: zero-dimensional tensors cannot be concatenated".into(),
            ));
        }
        let d = normalize_dim("cat", self.dim, first.len())?;
        let mut out = first.to_vec();
        out[d] = 0;
        for (i, s) in shapes.iter().enumerate() {
            if skipped(s) && first.len() != 1 {
                continue;
            }
            let same = s.len() == first.len()
                && s.iter()
                    .zip(first)
                    .enumerate()
                    .all(|(k, (a, b))| k == d || a == b);
            if !same {
                return Err(Error::Shape(format!(
                    "cat: sizes of tensors must match except in dimension {d}: tensor 0 has shape {first:?}, tensor {i} has shape {s:?}"
                )));
            }
            out[d] += s[d];
        }
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        Ok(Tensor::f_cat(xs, self.dim)?)
    }
    /// The cotangent's slab of this operand: a view of `g`.
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            // A skipped 1-D empty tensor gets an empty cotangent.
            let skipped = |x: &Tensor| x.size() == [0] && g.dim() != 1;
            if skipped(xs[which]) {
                return Ok((xs[which].f_zeros_like()?, false));
            }
            let d = normalize_dim("cat", self.dim, g.dim())?;
            let start: i64 = xs[..which]
                .iter()
                .filter(|x| !skipped(x))
                .map(|x| x.size()[d])
                .sum();
            Ok((g.f_narrow(d as i64, start, xs[which].size()[d])?, true))
        })())
    }
}

/// `et.stack(tensors, dim)`: equal shapes, joined along a new dim.
#[derive(Clone)]
pub struct Stack {
    pub dim: i64,
    pub n: usize,
}

impl Movement for Stack {
    fn name(&self) -> &'static str {
        "stack"
    }
    fn promotes(&self) -> bool {
        true
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(self.n)
    }
    fn is_source(&self, _i: usize) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let first = shapes[0];
        if let Some((i, s)) = shapes.iter().enumerate().find(|(_, s)| *s != &first) {
            return Err(Error::Shape(format!(
                "stack: expects each tensor to be equal size, but got {first:?} at entry 0 and {s:?} at entry {i}"
            )));
        }
        let d = normalize_dim("stack", self.dim, first.len() + 1)?;
        let mut out = first.to_vec();
        out.insert(d, self.n as i64);
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        Ok(Tensor::f_stack(xs, self.dim)?)
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            let d = normalize_dim("stack", self.dim, xs[0].dim() + 1)?;
            Ok((g.f_select(d as i64, which as i64)?, true))
        })())
    }
}

/// `et.where(cond, a, b)`: `a` where `cond`, else `b`, all three broadcast.
#[derive(Clone)]
pub struct Where;

impl Movement for Where {
    fn name(&self) -> &'static str {
        "where"
    }
    fn promotes(&self) -> bool {
        true
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(3)
    }
    fn is_source(&self, i: usize) -> bool {
        i > 0
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let ab = broadcast_shapes("where", shapes[1], shapes[2])?;
        broadcast_shapes("where", shapes[0], &ab)
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        if xs[0].kind() != tch::Kind::Bool {
            return Err(Error::DType(format!(
                "where: the condition must be a bool tensor, not {:?}",
                xs[0].kind()
            )));
        }
        Ok(xs[1].f_where_self(xs[0], xs[2])?)
    }
    /// `g` where the branch was taken, 0 elsewhere, summed back to the branch's shape.
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            let zero = Tensor::f_zeros([], (g.kind(), g.device()))?;
            let picked = if which == 1 {
                g.f_where_self(xs[0], &zero)?
            } else {
                zero.f_where_self(xs[0], g)?
            };
            Ok((
                picked.f_sum_to_size(xs[which].size())?.f_contiguous()?,
                false,
            ))
        })())
    }
}

/// `masked_fill(mask, value)`: `value` where the bool mask (broadcast to the input's
/// shape) is set. `value` is the number `.0`, or a third operand: a 0-d tensor of the
/// input's dtype, which is then a source (its gradient is the sum of the cotangent over the
/// filled positions, as torch's).
#[derive(Clone)]
pub struct MaskedFill(pub f64);

impl Movement for MaskedFill {
    fn name(&self) -> &'static str {
        "masked_fill"
    }
    fn arity(&self) -> Arity {
        Arity::Between(2, 3)
    }
    fn is_source(&self, i: usize) -> bool {
        i != 1
    }
    fn fill(&self) -> f64 {
        self.0
    }
    /// The input and the mask broadcast together (an out-of-place `masked_fill` takes the
    /// mask's shape where it is the larger, as torch); a tensor value is 0-d.
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        if let Some(v) = shapes.get(2).filter(|v| !v.is_empty()) {
            return Err(Error::Shape(format!(
                "masked_fill only supports a 0-dimensional value tensor, but got tensor with {} dimension(s)",
                v.len()
            )));
        }
        broadcast_shapes("masked_fill", shapes[0], shapes[1])
    }
    fn torch(&self, xs: &[&Tensor], fill: f64) -> Result<Tensor> {
        if xs[1].kind() != tch::Kind::Bool {
            return Err(Error::DType(format!(
                "masked_fill: the mask must be a bool tensor, not {:?}",
                xs[1].kind()
            )));
        }
        match xs.get(2) {
            Some(v) => Ok(xs[0].f_masked_fill_tensor(xs[1], v)?),
            None => Ok(xs[0].f_masked_fill(xs[1], fill)?),
        }
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            if which == 2 {
                // The value's cotangent: the sum of `g` where the mask (broadcast) is set.
                let zero = Tensor::f_zeros([], (g.kind(), g.device()))?;
                let picked = g.f_where_self(xs[1], &zero)?;
                return Ok((picked.f_sum(g.kind())?, false));
            }
            let masked = g.f_masked_fill(xs[1], 0.0)?;
            let shape = xs[0].size();
            if masked.size() == shape {
                return Ok((masked, false));
            }
            Ok((masked.f_sum_to_size(&shape)?.f_contiguous()?, false))
        })())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PadMode {
    Constant,
    Reflect,
    Replicate,
    Circular,
}

impl PadMode {
    pub fn parse(s: &str) -> Result<Self> {
        Ok(match s {
            "constant" => PadMode::Constant,
            "reflect" => PadMode::Reflect,
            "replicate" => PadMode::Replicate,
            "circular" => PadMode::Circular,
            other => {
                return Err(Error::Argument(format!(
                "pad: mode must be 'constant', 'reflect', 'replicate' or 'circular', got {other:?}"
            )))
            }
        })
    }
    fn name(self) -> &'static str {
        match self {
            PadMode::Constant => "constant",
            PadMode::Reflect => "reflect",
            PadMode::Replicate => "replicate",
            PadMode::Circular => "circular",
        }
    }
}

/// `et.pad(x, pad, mode, value)`: `pad` lists (left, right) amounts from the last dim
/// backwards; negative amounts crop (constant mode).
#[derive(Clone)]
pub struct Pad {
    pub pad: Box<[i64]>,
    pub mode: PadMode,
    pub value: f64,
}

impl Movement for Pad {
    fn name(&self) -> &'static str {
        "pad"
    }
    /// torch's autocast decides by the kernel a mode runs: reflection and replication
    /// padding are on its float32 lists (a bfloat16 input is padded in float32).
    fn autocast_name(&self) -> &'static str {
        match self.mode {
            PadMode::Reflect => "reflection_pad2d",
            PadMode::Replicate => "replication_pad2d",
            _ => "pad",
        }
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn is_source(&self, _i: usize) -> bool {
        true
    }
    fn fill(&self) -> f64 {
        self.value
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let x = shapes[0];
        if !self.pad.len().is_multiple_of(2) || self.pad.len() / 2 > x.len() {
            return Err(Error::Shape(format!(
                "pad: the padding {:?} must have an even length of at most twice the input's {} dims",
                self.pad,
                x.len()
            )));
        }
        let mut out = x.to_vec();
        for (k, lr) in self.pad.chunks(2).enumerate() {
            let d = x.len() - 1 - k;
            let n = x[d] + lr[0] + lr[1];
            let too_wide = match self.mode {
                PadMode::Reflect => lr[0] >= x[d] || lr[1] >= x[d],
                PadMode::Circular => lr[0] > x[d] || lr[1] > x[d],
                PadMode::Replicate => x[d] == 0,
                PadMode::Constant => false,
            };
            if n < 0 || too_wide {
                return Err(Error::Shape(format!(
                    "pad: {} padding {lr:?} is invalid for dimension {d} of size {} (shape {x:?})",
                    self.mode.name(),
                    x[d]
                )));
            }
            out[d] = n;
        }
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor], fill: f64) -> Result<Tensor> {
        let value = (self.mode == PadMode::Constant).then_some(fill);
        Ok(xs[0].f_pad(&self.pad[..], self.mode.name(), value)?)
    }
    /// torch's autograd formulas: constant padding's cotangent is `g` padded by the negated
    /// amounts (a crop, zeros where the input was cropped); reflection and replication run
    /// LibTorch's `*_pad{1,2,3}d_backward` kernels (which sum the reflected cotangents in
    /// torch's order); circular padding goes by the index plan.
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        _which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        let pad = &self.pad[..];
        let x = xs[0];
        let grad = match (self.mode, pad.len() / 2) {
            (PadMode::Constant, _) => {
                let crop: Vec<i64> = pad.iter().map(|p| -p).collect(); // bounded: one per padded side
                g.f_constant_pad_nd(&crop[..])
            }
            (PadMode::Reflect, 1) => x.f_reflection_pad1d_backward(g, pad),
            (PadMode::Reflect, 2) => x.f_reflection_pad2d_backward(g, pad),
            (PadMode::Reflect, 3) => x.f_reflection_pad3d_backward(g, pad),
            (PadMode::Replicate, 1) => x.f_replication_pad1d_backward(g, pad),
            (PadMode::Replicate, 2) => x.f_replication_pad2d_backward(g, pad),
            (PadMode::Replicate, 3) => x.f_replication_pad3d_backward(g, pad),
            _ => return None,
        };
        Some(grad.map(|t| (t, false)).map_err(Into::into))
    }
}

#[cfg(test)]
mod tests {
    use super::{Cat, MaskedFill, Pad, PadMode, Stack, Where};
    use crate::config::DType;
    use crate::ops::testing::{check_grads, data, dt};
    use crate::ops::Op;
    use tch::Tensor;

    #[test]
    fn cat_and_stack_gradients_are_the_cotangents_slabs() {
        check_grads(
            &[data(&[2, 3], 310), data(&[2, 1], 311)],
            |s, h| s.record(Op::movement(Cat { dim: -1, n: 2 }), &[h[0], h[1]]),
            |t| Tensor::cat(&[&t[0], &t[1]], -1),
        );
        check_grads(
            &[data(&[2, 3], 312), data(&[2, 3], 313)],
            |s, h| s.record(Op::movement(Stack { dim: 1, n: 2 }), &[h[0], h[1]]),
            |t| Tensor::stack(&[&t[0], &t[1]], 1),
        );
    }

    #[test]
    fn where_and_masked_fill_gradients_follow_the_mask() {
        let mask = Tensor::from_slice(&[true, false, true, false, false, true]).reshape([2, 3]);
        let m2 = mask.copy();
        check_grads(
            &[data(&[2, 1], 314), data(&[3], 315)],
            |s, h| {
                let c = s.input_owned_as(dt(&mask), Some(DType::Bool), false)?;
                s.record(Op::movement(Where), &[c, h[0], h[1]])
            },
            |t| t[0].where_self(&m2, &t[1]),
        );
        let row = Tensor::from_slice(&[true, false, true]);
        let r2 = row.copy();
        check_grads(
            &[data(&[2, 3], 316)],
            |s, h| {
                let m = s.input_owned_as(dt(&row), Some(DType::Bool), false)?;
                s.record(Op::movement(MaskedFill(0.5)), &[h[0], m])
            },
            |t| t[0].masked_fill(&r2, 0.5),
        );
    }

    #[test]
    fn pad_gradients_crop_and_reflect() {
        check_grads(
            &[data(&[2, 3, 4], 317)],
            |s, h| {
                let p = Pad {
                    pad: vec![1, -1, 2, 0].into(),
                    mode: PadMode::Constant,
                    value: 0.25,
                };
                s.record(Op::movement(p), &[h[0]])
            },
            |t| t[0].pad([1, -1, 2, 0], "constant", Some(0.25)),
        );
        check_grads(
            &[data(&[2, 3, 5], 318)],
            |s, h| {
                let p = Pad {
                    pad: vec![2, 1].into(),
                    mode: PadMode::Reflect,
                    value: 0.0,
                };
                s.record(Op::movement(p), &[h[0]])
            },
            |t| t[0].pad([2, 1], "reflect", None),
        );
    }
}
