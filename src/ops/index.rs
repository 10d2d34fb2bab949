//! Indexing (movement ops, see [`super::movement`]): advanced indexing by int64 tensors
//! (`x[idx]`, `x[i, :, j]`), `index_select`, `gather`, and the basic-indexing views: a
//! slice with a step (`x[a:b:s]`, `narrow`) and an integer (`x[i]`, `select`).
//! Indices are checked with torch's rules before any kernel (negative indices wrap where
//! torch wraps them); an index out of range is an `IndexOutOfRangeError`.

use tch::Tensor;

use super::movement::Movement;
use super::Arity;
use crate::error::{Error, Result};
use crate::shape::{broadcast_shapes, normalize_dim};

/// Fail unless every element of `idx` is in `[-size, size)` (`wrap`) or `[0, size)`.
pub(crate) fn check_range(op: &str, idx: &Tensor, size: i64, dim: usize, wrap: bool) -> Result<()> {
    if !matches!(idx.kind(), tch::Kind::Int64 | tch::Kind::Int) {
        return Err(Error::DType(format!(
            "{op}: indices must be int64 or int32 tensors, not {:?}",
            idx.kind()
        )));
    }
    if idx.numel() == 0 {
        return Ok(());
    }
    let (lo, hi) = idx.f_aminmax(None, false)?;
    let (lo, hi) = (lo.f_int64_value(&[])?, hi.f_int64_value(&[])?);
    let low = if wrap { -size } else { 0 };
    for bad in [lo, hi] {
        if bad < low || bad >= size {
            return Err(Error::IndexOutOfBounds {
                op: op.to_string(),
                index: bad,
                dim,
                size,
            });
        }
    }
    Ok(())
}

/// Run `kernel` with the index checks `checks`: on the CPU LibTorch checks the indices
/// itself, so ours run only when it fails (to give the typed error; a kernel error they do
/// not explain is returned as it is): no extra pass over the indices. On CUDA an index
/// out of range is a device-side assert that would poison the context: check first.
pub(crate) fn checked(
    on_cpu: bool,
    checks: impl Fn() -> Result<()>,
    kernel: impl FnOnce() -> Result<Tensor>,
) -> Result<Tensor> {
    if !on_cpu {
        checks()?;
        return kernel();
    }
    kernel().or_else(|e| {
        checks()?;
        Err(e)
    })
}

/// `x[t1, ..., tk]` with int64 index tensors at dims `positions` of `x` (ascending; the
/// other dims are taken whole): torch's advanced indexing. Operands: `x`, then the index
/// tensors in order. The indices broadcast together; their shape replaces the indexed
/// dims where those are adjacent, and leads the result otherwise.
#[derive(Clone)]
pub struct Index {
    pub positions: Box<[usize]>,
}

impl Index {
    fn options(&self, xs: &[&Tensor]) -> Vec<Option<Tensor>> {
        let len = self.positions.last().map_or(0, |p| p + 1);
        let mut opts: Vec<Option<Tensor>> = (0..len).map(|_| None).collect();
        for (k, &p) in self.positions.iter().enumerate() {
            opts[p] = Some(xs[k + 1].shallow_clone());
        }
        opts
    }
}

impl Movement for Index {
    fn name(&self) -> &'static str {
        "index"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1 + self.positions.len())
    }
    fn is_source(&self, i: usize) -> bool {
        i == 0
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let x = shapes[0];
        if self.positions.iter().any(|&p| p >= x.len()) || self.positions.is_empty() {
            return Err(Error::IndexOutOfRange(format!(
                "index: too many indices for a tensor of dimension {}",
                x.len()
            )));
        }
        let mut b: Vec<i64> = Vec::new();
        for s in &shapes[1..] {
            b = broadcast_shapes("index", &b, s)?;
        }
        let adjacent = self.positions.windows(2).all(|w| w[1] == w[0] + 1);
        let rest = |from: usize, to: usize| {
            (from..to)
                .filter(|d| !self.positions.contains(d))
                .map(|d| x[d])
        };
        Ok(if adjacent {
            let first = self.positions[0];
            let last = self.positions[self.positions.len() - 1];
            rest(0, first)
                .chain(b)
                .chain(rest(last + 1, x.len()))
                .collect()
        } else {
            b.into_iter().chain(rest(0, x.len())).collect()
        })
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        let size = xs[0].size();
        let checks = || {
            for (k, &p) in self.positions.iter().enumerate() {
                check_range("index", xs[k + 1], size[p], p, true)?;
            }
            Ok(())
        };
        let cpu = xs[0].device() == tch::Device::Cpu;
        checked(cpu, checks, || Ok(xs[0].f_index(&self.options(xs))?))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        _which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            let mut zeros = xs[0].f_zeros_like()?;
            let _ = zeros.f_index_put_(&self.options(xs), g, true)?;
            Ok((zeros, false))
        })())
    }
}

/// `x.index_put(indices, values, accumulate)`: a new tensor, `x` with `values` (broadcast)
/// written at (or, with `accumulate`, added to) the positions the int64 `indices` pick in
/// the leading dims. Operands: `x`, the `k` index tensors, `values`.
#[derive(Clone)]
pub struct IndexPut {
    pub k: usize,
    pub accumulate: bool,
}

impl IndexPut {
    fn indexed(&self) -> Index {
        Index {
            positions: (0..self.k).collect(),
        }
    }
}

impl Movement for IndexPut {
    fn name(&self) -> &'static str {
        "index_put"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(self.k + 2)
    }
    fn is_source(&self, i: usize) -> bool {
        i == 0 || i == self.k + 1
    }
    fn plannable(&self) -> bool {
        !self.accumulate
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let target = self.indexed().shape(&shapes[..=self.k])?;
        let values = shapes[self.k + 1];
        if broadcast_shapes("index_put", &target, values)? != target {
            return Err(Error::Shape(format!(
                "index_put: values of shape {values:?} do not broadcast to the indexed shape {target:?}"
            )));
        }
        Ok(shapes[0].to_vec())
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        let ix = self.indexed();
        let size = xs[0].size();
        let checks = || {
            for k in 0..self.k {
                check_range("index_put", xs[k + 1], size[k], k, true)?;
            }
            Ok(())
        };
        let cpu = xs[0].device() == tch::Device::Cpu;
        let values = xs[self.k + 1];
        checked(cpu, checks, || {
            Ok(xs[0].f_index_put(&ix.options(&xs[..=self.k]), values, self.accumulate)?)
        })
    }
    /// `x`: the cotangent (accumulate) or the cotangent with the written positions zeroed;
    /// `values`: the cotangent at the positions, summed back to the values' shape.
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        let opts = self.indexed().options(&xs[..=self.k]);
        Some((|| {
            if which == 0 {
                if self.accumulate {
                    return Ok((g.shallow_clone(), true));
                }
                let zeros = xs[self.k + 1].f_zeros_like()?;
                return Ok((g.f_index_put(&opts, &zeros, false)?, false));
            }
            let picked = g.f_index(&opts)?;
            Ok((
                picked
                    .f_sum_to_size(xs[self.k + 1].size())?
                    .f_contiguous()?,
                false,
            ))
        })())
    }
}

/// `index_select(dim, index)`: operands `x` and a 0-d or 1-d int64 index in `[0, size)`.
#[derive(Clone)]
pub struct IndexSelect(pub i64);

impl Movement for IndexSelect {
    fn name(&self) -> &'static str {
        "index_select"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn is_source(&self, i: usize) -> bool {
        i == 0
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (x, idx) = (shapes[0], shapes[1]);
        if idx.len() > 1 {
            return Err(Error::Shape(format!(
                "index_select: the index must be 0-d or 1-d, got shape {idx:?}"
            )));
        }
        let d = normalize_dim("index_select", self.0, x.len())?;
        let mut out = x.to_vec();
        let n = idx.first().copied().unwrap_or(1);
        if out.is_empty() {
            return Ok(out);
        }
        out[d] = n;
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        let d = normalize_dim("index_select", self.0, xs[0].dim())?;
        let size = xs[0].size().get(d).copied().unwrap_or(1);
        let checks = || check_range("index_select", xs[1], size, d, false);
        let cpu = xs[0].device() == tch::Device::Cpu;
        checked(cpu, checks, || Ok(xs[0].f_index_select(d as i64, xs[1])?))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        _which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            let d = normalize_dim("index_select", self.0, xs[0].dim())? as i64;
            let zeros = xs[0].f_zeros_like()?;
            Ok((zeros.f_index_add(d, &xs[1].f_reshape([-1])?, g)?, false))
        })())
    }
}

/// `gather(dim, index)`: `out[i][j] = x[index[i][j]][j]` (for dim 0); the index has the
/// input's number of dims and sizes no larger than its, except along `dim`.
#[derive(Clone)]
pub struct Gather(pub i64);

impl Movement for Gather {
    fn name(&self) -> &'static str {
        "gather"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn is_source(&self, i: usize) -> bool {
        i == 0
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (x, idx) = (shapes[0], shapes[1]);
        let d = normalize_dim("gather", self.0, x.len())?;
        if idx.len() != x.len().max(1) && !(x.is_empty() && idx.is_empty()) {
            return Err(Error::Shape(format!(
                "gather: the index must have as many dims as the input ({}), got shape {idx:?}",
                x.len()
            )));
        }
        for (i, (&n, &m)) in idx.iter().zip(x).enumerate() {
            if i != d && n > m {
                return Err(Error::Shape(format!(
                    "gather: the index's size {n} at dim {i} exceeds the input's size {m} (shapes {idx:?} and {x:?})"
                )));
            }
        }
        Ok(idx.to_vec())
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        let d = normalize_dim("gather", self.0, xs[0].dim())?;
        let size = xs[0].size().get(d).copied().unwrap_or(1);
        let checks = || check_range("gather", xs[1], size, d, false);
        let cpu = xs[0].device() == tch::Device::Cpu;
        checked(cpu, checks, || Ok(xs[0].f_gather(d as i64, xs[1], false)?))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        _which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            let d = normalize_dim("gather", self.0, xs[0].dim())? as i64;
            Ok((xs[0].f_zeros_like()?.f_scatter_add(d, xs[1], g)?, false))
        })())
    }
}

/// A slice `start:end:step` of `dim` (Python's rules: negative bounds count from the end,
/// bounds are clamped; the step is positive): a view. Also `narrow` (step 1).
#[derive(Clone)]
pub struct Slice {
    pub name: &'static str,
    pub dim: i64,
    pub start: Option<i64>,
    pub end: Option<i64>,
    pub step: i64,
}

impl Slice {
    /// `(dim, start, end)` resolved against the input's shape.
    fn resolve(&self, x: &[i64]) -> Result<(usize, i64, i64)> {
        if self.step <= 0 {
            return Err(Error::Argument(format!(
                "{}: the step must be greater than zero, got {}",
                self.name, self.step
            )));
        }
        if x.is_empty() {
            return Err(Error::IndexOutOfRange(format!(
                "{}: a 0-d tensor cannot be sliced",
                self.name
            )));
        }
        let d = normalize_dim(self.name, self.dim, x.len())?;
        let n = x[d];
        let clamp = |v: i64| if v < 0 { (v + n).max(0) } else { v.min(n) };
        let start = self.start.map_or(0, clamp);
        let end = self.end.map_or(n, clamp).max(start);
        Ok((d, start, end))
    }
}

impl Movement for Slice {
    fn name(&self) -> &'static str {
        self.name
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn is_source(&self, _i: usize) -> bool {
        true
    }
    fn view(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (d, start, end) = self.resolve(shapes[0])?;
        let mut out = shapes[0].to_vec();
        out[d] = (end - start + self.step - 1) / self.step;
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        let (d, start, end) = self.resolve(&xs[0].size())?;
        Ok(xs[0].f_slice(d as i64, start, end, self.step)?)
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        _which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            let (d, start, end) = self.resolve(&xs[0].size())?;
            let zeros = xs[0].f_zeros_like()?;
            Ok((
                zeros.f_slice_scatter(g, d as i64, start, end, self.step)?,
                false,
            ))
        })())
    }
}

/// `x[i]` along `dim` (`select`): that dim removed, a view. `i` in `[-size, size)`.
#[derive(Clone)]
pub struct Select {
    pub dim: i64,
    pub index: i64,
}

impl Select {
    fn resolve(&self, x: &[i64]) -> Result<(usize, i64)> {
        if x.is_empty() {
            return Err(Error::IndexOutOfRange(
                "select: a 0-d tensor cannot be indexed".into(),
            ));
        }
        let d = normalize_dim("select", self.dim, x.len())?;
        let n = x[d];
        if self.index < -n || self.index >= n {
            return Err(Error::IndexOutOfBounds {
                op: "select".into(),
                index: self.index,
                dim: d,
                size: n,
            });
        }
        Ok((
            d,
            if self.index < 0 {
                self.index + n
            } else {
                self.index
            },
        ))
    }
}

impl Movement for Select {
    fn name(&self) -> &'static str {
        "select"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn is_source(&self, _i: usize) -> bool {
        true
    }
    fn view(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (d, _) = self.resolve(shapes[0])?;
        let mut out = shapes[0].to_vec();
        out.remove(d);
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor], _fill: f64) -> Result<Tensor> {
        let (d, i) = self.resolve(&xs[0].size())?;
        Ok(xs[0].f_select(d as i64, i)?)
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        _which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        Some((|| {
            let (d, i) = self.resolve(&xs[0].size())?;
            Ok((
                xs[0].f_zeros_like()?.f_select_scatter(g, d as i64, i)?,
                false,
            ))
        })())
    }
}

/// `one_hot` as torch's function (a `Session` entry point: it reads the ids to find the
/// number of classes), for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Takes an int64 tensor of class indices of shape `(*)` and returns a tensor of shape `(*,
            /// num_classes)` that is zero everywhere except at the index each entry names, where it is 1.
            ///
            /// The result is int64 data: it carries no gradient.
            ///
            /// Args:
            ///     tensor (Tensor): int64 class indices.
            ///     num_classes (int): the number of classes; ``-1`` infers it as one more than the
            ///         largest index. Default: ``-1``.
            ///
            /// Returns:
            ///     Tensor: int64, of shape `tensor.shape + (num_classes,)`.
            ///
            /// Raises:
            ///     DTypeError: `tensor` is not int64.
            ///     ArgumentError: `num_classes` is below -1, or is -1 for an empty tensor.
            ///     IndexOutOfRangeError: an index is outside `[0, num_classes)`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.one_hot(et.tensor([0, 2]), 3).tolist()
            ///     [[1, 0, 0], [0, 0, 1]]
            fn one_hot(tensor: Tensor; num_classes: i64 = (-1))
                = @session Session::one_hot;

            /// Return a tensor of elements selected from either `input` or `other`, depending on
            /// `condition`.
            ///
            /// The three operands broadcast together. `condition` is a bool tensor or bool array data
            /// (no gradient); `input` and `other` are tensors, array data or numbers (a number takes
            /// the other operand's dtype, or the session's) and each gets the gradient where it was
            /// selected. At least one operand must be an eagertape tensor; its session records the op.
            /// With `condition` alone, `where(condition)` is `condition.nonzero(as_tuple=True)`.
            ///
            /// Args:
            ///     condition (Tensor): where true, take `input`, else `other`.
            ///     input (Tensor or number): the values where `condition` is true. Default: ``None``.
            ///     other (Tensor or number): the values where `condition` is false. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: the selection; or, with `condition` alone, a tuple of int64 index tensors.
            ///
            /// Raises:
            ///     ArgumentError: only one of `input` and `other` is given.
            ///     TypeError: no operand is an eagertape tensor.
            ///     ShapeError: the operands do not broadcast.
            ///     DTypeError: `condition` is floating.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     b = et.tensor([3.0, 4.0])
            ///     ...     et.where(b > 3.5, b, 0.0).tolist()
            ///     ...     et.where(b > 3.5)
            ///     [0.0, 4.0]
            ///     (tensor([1]),)
            fn where_(condition: Index; input: Option<TensorOrNumber> = None,
                other: Option<TensorOrNumber> = None) -> OneOr<Tensors>
                = @session Session::where_ as "where";
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

#[cfg(test)]
mod tests {
    use super::{Gather, Index, IndexSelect, Select, Slice};
    use crate::config::DType;
    use crate::ops::testing::{check_grads, data, dt};
    use crate::ops::Op;
    use tch::Tensor;

    fn ids(v: &[i64], shape: &[i64]) -> Tensor {
        Tensor::from_slice(v).reshape(shape)
    }

    #[test]
    fn advanced_index_gradient_accumulates_repeated_indices() {
        // y = x[[0, 2, 0, 0], :, [1, 0, 1, 1]]: dx scatter-adds g, three times at (0, :, 1)
        let (i0, i1) = (ids(&[0, 2, 0, 0], &[4]), ids(&[1, 0, 1, 1], &[4]));
        check_grads(
            &[data(&[3, 2, 2], 300)],
            |s, h| {
                let a = s.input_owned_as(dt(&i0), Some(DType::Int64), false)?;
                let b = s.input_owned_as(dt(&i1), Some(DType::Int64), false)?;
                let m = Index {
                    positions: vec![0, 2].into(),
                };
                s.record(Op::movement(m), &[h[0], a, b])
            },
            |t| {
                t[0].index(&[
                    Some(ids(&[0, 2, 0, 0], &[4])),
                    None,
                    Some(ids(&[1, 0, 1, 1], &[4])),
                ])
            },
        );
    }

    #[test]
    fn index_select_and_gather_gradients() {
        let idx = ids(&[2, 0, 2], &[3]);
        check_grads(
            &[data(&[2, 3], 301)],
            |s, h| {
                let i = s.input_owned_as(dt(&idx), Some(DType::Int64), false)?;
                s.record(Op::movement(IndexSelect(-1)), &[h[0], i])
            },
            |t| t[0].index_select(-1, &ids(&[2, 0, 2], &[3])),
        );
        let g = ids(&[0, 0, 2, 1, 1, 0], &[2, 3]);
        check_grads(
            &[data(&[2, 3], 302)],
            |s, h| {
                let i = s.input_owned_as(dt(&g), Some(DType::Int64), false)?;
                s.record(Op::movement(Gather(1)), &[h[0], i])
            },
            |t| t[0].gather(1, &ids(&[0, 0, 2, 1, 1, 0], &[2, 3]), false),
        );
    }

    #[test]
    fn slice_with_step_and_select_gradients() {
        check_grads(
            &[data(&[5, 3], 303)],
            |s, h| {
                let m = Slice {
                    name: "slice",
                    dim: 0,
                    start: Some(-4),
                    end: None,
                    step: 2,
                };
                let y = s.record(Op::movement(m), &[h[0]])?;
                s.record(Op::movement(Select { dim: -1, index: -1 }), &[y])
            },
            |t| t[0].slice(0, 1, 5, 2).select(-1, 2),
        );
    }
}
