//! torch's scatter family: `scatter` (a tensor or a number), `scatter_add`,
//! `scatter_reduce` (`sum prod mean amax amin`, `include_self`), `index_add`, `index_copy`,
//! `index_fill` and `take_along_dim`. Each result is a new tensor: the first operand is
//! never written (tensors on a tape are immutable values).
//!
//! The ops whose output elements each copy one element (`scatter`, `index_copy`,
//! `index_fill`, `take_along_dim`) are [`Movement`]s, so every carrier runs them by the
//! index plan; the summing ones (`scatter_add`, `index_add`) are movements LibTorch alone
//! runs (`UnsupportedOpError` elsewhere), and `scatter_reduce`, whose backward reads the
//! operands and the result, is a [`Layer`] (`scatter_reduce.rs`). Indices are checked with torch's rules before
//! any kernel (an index out of range is an `IndexOutOfRangeError`, on every device).
//!
//! Backward rules are torch's (`derivatives.yaml`), with one deliberate difference:
//! `scatter`'s `src` may be larger than the index (torch allows it in the forward but its
//! backward then fails); here the elements the index never reads get a zero cotangent.

use tch::Tensor;

use super::index::{check_range, checked};
use super::movement::Movement;
use super::Arity;
use crate::error::{Error, Result};
use crate::shape::{broadcast_shapes, normalize_dim};

/// torch's shape rule of `scatter`/`scatter_add`/`scatter_reduce`: the index has the
/// input's number of dims (and `src`'s), sizes no larger than `src`'s, and no larger than
/// the input's except along `dim`. Returns the normalised `dim`.
pub(super) fn scatter_shapes(
    op: &str,
    dim: i64,
    x: &[i64],
    idx: &[i64],
    src: Option<&[i64]>,
) -> Result<usize> {
    let d = normalize_dim(op, dim, x.len())?;
    let nd = x.len().max(1);
    if idx.len().max(1) != nd {
        return Err(Error::Shape(format!(
            "{op}: the index must have as many dims as the input ({}), got shape {idx:?}",
            x.len()
        )));
    }
    if let Some(src) = src {
        if src.len().max(1) != nd {
            return Err(Error::Shape(format!(
                "{op}: src must have as many dims as the input ({}), got shape {src:?}",
                x.len()
            )));
        }
    }
    if idx.iter().product::<i64>() == 0 {
        return Ok(d);
    }
    for (i, &n) in idx.iter().enumerate() {
        let room = x.get(i).copied().unwrap_or(1);
        if i != d && n > room {
            return Err(Error::Shape(format!(
                "{op}: the index's size {n} at dim {i} exceeds the input's size {room} \
                 (shapes {idx:?} and {x:?})"
            )));
        }
        if let Some(src) = src {
            let have = src.get(i).copied().unwrap_or(1);
            if n > have {
                return Err(Error::Shape(format!(
                    "{op}: the index's size {n} at dim {i} exceeds src's size {have} \
                     (shapes {idx:?} and {src:?})"
                )));
            }
        }
    }
    Ok(d)
}

/// `index_add`/`index_copy`/`index_fill`'s shape rule: a 0-d or 1-d index; a source with
/// the input's shape except `dim`, which is the index's length. Returns the normalised dim.
fn index_shapes(op: &str, dim: i64, x: &[i64], idx: &[i64], src: Option<&[i64]>) -> Result<usize> {
    let d = normalize_dim(op, dim, x.len())?;
    if idx.len() > 1 {
        return Err(Error::Shape(format!(
            "{op}: the index must be 0-d or 1-d, got shape {idx:?}"
        )));
    }
    if let Some(src) = src {
        let n = idx.first().copied().unwrap_or(1);
        let mut want = x.to_vec();
        if let Some(w) = want.get_mut(d) {
            *w = n;
        }
        let same = src == want.as_slice() || (x.is_empty() && src.len() <= 1 && n == 1);
        if !same {
            return Err(Error::Shape(format!(
                "{op}: the source must have shape {want:?} (the input's, with dim {dim} of the \
                 index's length {n}), got {src:?}"
            )));
        }
    }
    Ok(d)
}

/// The index range check of the scatter family: `[0, size)` of the input's `dim`.
pub(super) fn in_range(op: &str, x: &Tensor, idx: &Tensor, d: usize) -> Result<()> {
    let size = x.size().get(d).copied().unwrap_or(1);
    check_range(op, idx, size, d, false)
}

pub(super) fn on_cpu(x: &Tensor) -> bool {
    x.device() == tch::Device::Cpu
}

/// `t` (the shape of `index`) placed in zeros of `shape` at its leading corner: the
/// cotangent of a `src` larger than the index.
pub(super) fn pad_to(t: Tensor, shape: &[i64]) -> Result<Tensor> {
    if t.size() == shape {
        return Ok(t);
    }
    let z = Tensor::f_zeros(shape, (t.kind(), t.device()))?;
    let mut corner = z.shallow_clone();
    for (i, &n) in t.size().iter().enumerate() {
        corner = corner.f_narrow(i as i64, 0, n)?;
    }
    // `z` is fresh and held only here: writing its corner writes nothing anyone else reads.
    corner.f_copy_(&t)?;
    Ok(z)
}

/// `scatter(dim, index, src)` (operands `x`, `index`, `src`) or, with a `value`,
/// `scatter(dim, index, value)` (operands `x`, `index`).
#[derive(Clone)]
pub struct Scatter {
    pub dim: i64,
    pub value: Option<f64>,
}

impl Movement for Scatter {
    fn name(&self) -> &'static str {
        "scatter"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(if self.value.is_some() { 2 } else { 3 })
    }
    fn is_source(&self, i: usize) -> bool {
        i != 1
    }
    fn fill(&self) -> f64 {
        self.value.unwrap_or(0.0)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        scatter_shapes(
            "scatter",
            self.dim,
            shapes[0],
            shapes[1],
            shapes.get(2).copied(),
        )?;
        Ok(shapes[0].to_vec())
    }
    fn torch(&self, xs: &[&Tensor], fill: f64) -> Result<Tensor> {
        let d = normalize_dim("scatter", self.dim, xs[0].dim())?;
        let checks = || in_range("scatter", xs[0], xs[1], d);
        // A kernel taking a number must not fail: tch's `Scalar` panics when dropped after
        // a failed call, so the value form checks its indices first.
        let kernel_first = on_cpu(xs[0]) && xs.len() == 3;
        checked(kernel_first, checks, || {
            Ok(match xs.get(2) {
                Some(src) => xs[0].f_scatter(d as i64, xs[1], src)?,
                None => xs[0].f_scatter_value(d as i64, xs[1], fill)?,
            })
        })
    }
    /// `x`: the cotangent with the scattered positions zeroed; `src`: the cotangent at
    /// the positions its elements went to.
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            let d = normalize_dim("scatter", self.dim, xs[0].dim())? as i64;
            if which == 0 {
                return Ok((g.f_scatter_value(d, xs[1], 0.0)?, false));
            }
            let picked = g.f_gather(d, xs[1], false)?;
            Ok((pad_to(picked, &xs[2].size())?, false))
        })())
    }
}

/// `scatter_add(dim, index, src)`: operands `x`, `index`, `src`; sums, so LibTorch only.
#[derive(Clone)]
pub struct ScatterAdd(pub i64);

impl Movement for ScatterAdd {
    fn name(&self) -> &'static str {
        "scatter_add"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(3)
    }
    fn is_source(&self, i: usize) -> bool {
        i != 1
    }
    fn plannable(&self) -> bool {
        false
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        scatter_shapes("scatter_add", self.0, shapes[0], shapes[1], Some(shapes[2]))?;
        Ok(shapes[0].to_vec())
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        let d = normalize_dim("scatter_add", self.0, xs[0].dim())?;
        let checks = || in_range("scatter_add", xs[0], xs[1], d);
        checked(on_cpu(xs[0]), checks, || {
            Ok(xs[0].f_scatter_add(d as i64, xs[1], xs[2])?)
        })
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            if which == 0 {
                return Ok((g.shallow_clone(), true));
            }
            let d = normalize_dim("scatter_add", self.0, xs[0].dim())? as i64;
            Ok((pad_to(g.f_gather(d, xs[1], false)?, &xs[2].size())?, false))
        })())
    }
}

/// `index_add(dim, index, source, alpha=1)`: operands `x`, `index`, `source`; sums, so
/// LibTorch only.
#[derive(Clone)]
pub struct IndexAdd {
    pub dim: i64,
    pub alpha: f64,
}

impl Movement for IndexAdd {
    fn name(&self) -> &'static str {
        "index_add"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(3)
    }
    fn is_source(&self, i: usize) -> bool {
        i != 1
    }
    fn plannable(&self) -> bool {
        false
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        index_shapes("index_add", self.dim, shapes[0], shapes[1], Some(shapes[2]))?;
        Ok(shapes[0].to_vec())
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        let d = normalize_dim("index_add", self.dim, xs[0].dim())?;
        let checks = || in_range("index_add", xs[0], xs[1], d);
        checked(on_cpu(xs[0]), checks, || {
            let src = xs[2].f_mul_scalar(self.alpha)?;
            Ok(xs[0].f_index_add(d as i64, xs[1], &src)?)
        })
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            if which == 0 {
                return Ok((g.shallow_clone(), true));
            }
            let d = normalize_dim("index_add", self.dim, xs[0].dim())? as i64;
            let picked = g.f_index_select(d, &xs[1].f_reshape([-1])?)?;
            let picked = picked.f_mul_scalar(self.alpha)?.f_reshape(xs[2].size())?;
            Ok((picked, false))
        })())
    }
}

/// `index_copy(dim, index, source)`: operands `x`, `index`, `source`.
#[derive(Clone)]
pub struct IndexCopy(pub i64);

impl Movement for IndexCopy {
    fn name(&self) -> &'static str {
        "index_copy"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(3)
    }
    fn is_source(&self, i: usize) -> bool {
        i != 1
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        index_shapes("index_copy", self.0, shapes[0], shapes[1], Some(shapes[2]))?;
        Ok(shapes[0].to_vec())
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        let d = normalize_dim("index_copy", self.0, xs[0].dim())?;
        let checks = || in_range("index_copy", xs[0], xs[1], d);
        checked(on_cpu(xs[0]), checks, || {
            let idx = xs[1].f_reshape([-1])?;
            let src = xs[2].f_reshape(index_view(xs[0], d, &idx))?;
            Ok(xs[0].f_index_copy(d as i64, &idx, &src)?)
        })
    }
}

/// The shape `x` has with `dim` of the index's length (a 0-d source seen as that).
fn index_view(x: &Tensor, d: usize, idx: &Tensor) -> Vec<i64> {
    let mut s = x.size();
    if let Some(v) = s.get_mut(d) {
        *v = idx.numel() as i64;
    }
    s
}

/// `index_fill(dim, index, value)`: operands `x`, `index`, and the value as a 0-d tensor
/// (a source: it gets the cotangents of the positions it fills) or, with `value` a
/// number, only `x` and `index`.
#[derive(Clone)]
pub struct IndexFill {
    pub dim: i64,
    pub value: Option<f64>,
}

impl Movement for IndexFill {
    fn name(&self) -> &'static str {
        "index_fill"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(if self.value.is_some() { 2 } else { 3 })
    }
    fn is_source(&self, i: usize) -> bool {
        i != 1
    }
    fn fill(&self) -> f64 {
        self.value.unwrap_or(0.0)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        index_shapes("index_fill", self.dim, shapes[0], shapes[1], None)?;
        if let Some(v) = shapes.get(2) {
            if !v.is_empty() {
                return Err(Error::Shape(format!(
                    "index_fill: a tensor value must be 0-d, got shape {v:?}"
                )));
            }
        }
        Ok(shapes[0].to_vec())
    }
    fn torch(&self, xs: &[&Tensor], fill: f64) -> Result<Tensor> {
        let d = normalize_dim("index_fill", self.dim, xs[0].dim())?;
        let checks = || in_range("index_fill", xs[0], xs[1], d);
        // The number form checks first (see `Scatter::torch`).
        let kernel_first = on_cpu(xs[0]) && xs.len() == 3;
        checked(kernel_first, checks, || {
            let idx = xs[1].f_reshape([-1])?;
            Ok(match xs.get(2) {
                Some(v) => xs[0].f_index_fill_int_tensor(d as i64, &idx, v)?,
                None => xs[0].f_index_fill(d as i64, &idx, fill)?,
            })
        })
    }
}

/// `take_along_dim(input, indices, dim=None)`: operands `x` and int64 `indices`. With a
/// `dim`, the two broadcast except along it and the result gathers there; without one,
/// both are flattened.
#[derive(Clone)]
pub struct TakeAlongDim(pub Option<i64>);

impl Movement for TakeAlongDim {
    fn name(&self) -> &'static str {
        "take_along_dim"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn is_source(&self, i: usize) -> bool {
        i == 0
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (x, idx) = (shapes[0], shapes[1]);
        let Some(dim) = self.0 else {
            return Ok(vec![idx.iter().product()]);
        };
        if x.len() != idx.len() {
            return Err(Error::Shape(format!(
                "take_along_dim: input and indices should have the same number of dimensions, \
                 but got {} and {}",
                x.len(),
                idx.len()
            )));
        }
        let d = normalize_dim("take_along_dim", dim, x.len())?;
        let (mut a, mut b) = (x.to_vec(), idx.to_vec());
        if !a.is_empty() {
            a[d] = 1;
            b[d] = 1;
        }
        let mut out = broadcast_shapes("take_along_dim", &a, &b)?;
        if let Some(o) = out.get_mut(d) {
            *o = idx[d];
        }
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        let (x, idx) = (xs[0], xs[1]);
        let Some(dim) = self.0 else {
            let flat = x.f_reshape([-1])?;
            let checks = || check_range("take_along_dim", idx, flat.numel() as i64, 0, true);
            return checked(on_cpu(x), checks, || {
                Ok(x.f_take_along_dim(idx, None::<i64>)?)
            });
        };
        let d = normalize_dim("take_along_dim", dim, x.dim())?;
        let size = x.size().get(d).copied().unwrap_or(1);
        let checks = || check_range("take_along_dim", idx, size, d, true);
        checked(on_cpu(x), checks, || {
            Ok(x.f_take_along_dim(idx, Some(d as i64))?)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::DType;
    use crate::ops::testing::{check_grads, data, dt};
    use crate::ops::Op;

    fn ids(v: &[i64], shape: &[i64]) -> Tensor {
        Tensor::from_slice(v).reshape(shape)
    }

    #[test]
    fn scatter_sends_each_operand_its_cotangent() {
        let idx = ids(&[0, 2, 1, 0], &[2, 2]);
        check_grads(
            &[data(&[2, 3], 400), data(&[2, 3], 401)],
            |s, h| {
                let i = s.input_owned_as(dt(&idx), Some(DType::Int64), false)?;
                let m = Scatter {
                    dim: 1,
                    value: None,
                };
                s.record(Op::movement(m), &[h[0], i, h[1]])
            },
            |t| t[0].scatter(1, &ids(&[0, 2, 1, 0], &[2, 2]), &t[1].narrow(1, 0, 2)),
        );
    }
}
