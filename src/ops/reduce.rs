//! `sum` and `mean` over all dims (`dims` empty) or a list of dims, with `keepdim`; and
//! `max(dim)`, which returns the maxima and (a second, int64 output) their indices.

use std::sync::OnceLock;

use super::binary::EqMask;
use super::{fresh, grad_value, viewed, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::config::DType;
use crate::error::{Error, Result};
use crate::ledger::Category;
use crate::ops::Arith;
use crate::shape::{normalize_dim, reduce_shape, reduced_count};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReduceKind {
    Sum,
    Mean,
    /// The maximum; the cotangent is split evenly between ties (torch's `amax`, `max()`).
    Amax,
    Amin,
}

/// A reduction over `dims` (all of them when empty).
#[derive(Clone)]
pub struct Reduce {
    pub kind: ReduceKind,
    pub dims: Box<[i64]>,
    pub keepdim: bool,
    /// torch's `max()`/`min()` with no dim (`evenly_distribute_backward`): where the extremum
    /// is NaN, the cotangent is split between the NaN elements (`amax`'s rule gives NaN).
    pub nan_ties: bool,
}

impl<B: Backend> Op<B> {
    pub fn sum(dims: &[i64], keepdim: bool) -> Self {
        Op::Reduce(Reduce {
            kind: ReduceKind::Sum,
            dims: dims.into(),
            keepdim,
            nan_ties: false,
        })
    }
    pub fn mean(dims: &[i64], keepdim: bool) -> Self {
        Op::Reduce(Reduce {
            kind: ReduceKind::Mean,
            dims: dims.into(),
            keepdim,
            nan_ties: false,
        })
    }
    pub fn amax(dims: &[i64], keepdim: bool) -> Self {
        Op::Reduce(Reduce {
            kind: ReduceKind::Amax,
            dims: dims.into(),
            keepdim,
            nan_ties: false,
        })
    }
    /// torch's `max()` (`max`) or `min()` over every element: `amax`/`amin`'s value, the
    /// cotangent split between the ties, NaN elements tying with a NaN result.
    pub fn extremum_all(max: bool) -> Self {
        Op::Reduce(Reduce {
            kind: if max {
                ReduceKind::Amax
            } else {
                ReduceKind::Amin
            },
            dims: Box::new([]),
            keepdim: false,
            nan_ties: true,
        })
    }
    pub fn amin(dims: &[i64], keepdim: bool) -> Self {
        Op::Reduce(Reduce {
            kind: ReduceKind::Amin,
            dims: dims.into(),
            keepdim,
            nan_ties: false,
        })
    }
}

impl Reduce {
    fn op_name(&self) -> &'static str {
        match self.kind {
            ReduceKind::Sum => "sum",
            ReduceKind::Mean => "mean",
            ReduceKind::Amax => "amax",
            ReduceKind::Amin => "amin",
        }
    }
}

impl<B: Backend> Rule<B> for Reduce {
    fn name(&self) -> &'static str {
        self.op_name()
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    /// Data reduces as torch reduces it: `sum` of int or bool data is int64 (counting a
    /// mask's trues), `amax`/`amin` keep the dtype; `mean` of data is a `DTypeError`.
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let s = shapes[0];
        if matches!(self.kind, ReduceKind::Amax | ReduceKind::Amin)
            && reduced_count(s, &self.dims)? == 0
        {
            return Err(Error::Shape(format!(
                "{}: a reduction over an empty group of shape {s:?} has no identity",
                self.op_name()
            )));
        }
        reduce_shape(self.op_name(), s, &self.dims, self.keepdim)
    }
    /// `sum` and `mean` read only the input's shape; `amax`/`amin` read it and the output
    /// (to find the ties).
    fn saves_operand(&self, _i: usize, _needs: &[bool]) -> bool {
        matches!(self.kind, ReduceKind::Amax | ReduceKind::Amin)
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        matches!(self.kind, ReduceKind::Amax | ReduceKind::Amin)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let x = xs[0].get();
        let (dims, keepdim) = (&self.dims[..], self.keepdim);
        let dtype = B::dtype(x);
        if dtype.is_data() {
            return fresh(match self.kind {
                ReduceKind::Sum => {
                    let wide = B::convert(x, DType::Int64, B::device(x))?;
                    B::sum_dims(&wide, dims, keepdim)?
                }
                ReduceKind::Amax => B::extremum_dims(x, dims, keepdim, true)?,
                ReduceKind::Amin => B::extremum_dims(x, dims, keepdim, false)?,
                ReduceKind::Mean => {
                    return Err(Error::DType(format!(
                        "mean: could not infer the output dtype of {dtype} data; convert it \
                         with .float() (torch needs a floating-point input too)"
                    )))
                }
            });
        }
        fresh(match self.kind {
            ReduceKind::Sum => B::sum_dims(x, dims, keepdim)?,
            ReduceKind::Mean => {
                // torch's mean: the sum divided by the count (not times its reciprocal)
                let n = reduced_count(&B::shape(x), dims)?;
                B::div_scalar(&B::sum_dims(x, dims, keepdim)?, n as f64)?
            }
            ReduceKind::Amax => B::extremum_dims(x, dims, keepdim, true)?,
            ReduceKind::Amin => B::extremum_dims(x, dims, keepdim, false)?,
        })
    }
    /// Sum: the cotangent broadcast back over the reduced dims (a view: no new bytes);
    /// mean: the same, divided by the count.
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        if matches!(self.kind, ReduceKind::Amax | ReduceKind::Amin) {
            return extremum_backward(cx, &self.dims, self.nan_ties);
        }
        let (xs, g) = (cx.xs, cx.g);
        let s = B::shape(xs[0].get());
        let scaled = match self.kind {
            ReduceKind::Sum | ReduceKind::Amax | ReduceKind::Amin => None,
            ReduceKind::Mean => Some(grad_value::<B>(B::div_scalar(
                g.get(),
                reduced_count(&s, &self.dims)? as f64,
            )?)),
        };
        let g = scaled.as_ref().unwrap_or(g);
        // Put the reduced dims back as size 1, then broadcast.
        let kept = reduce_shape(self.op_name(), &s, &self.dims, true)?;
        let g_kept = if self.keepdim {
            g.clone()
        } else if B::is_contiguous(g.get()) {
            Tracked::view(B::view(g.get(), &kept)?, g)
        } else {
            grad_value::<B>(B::view(&B::copy(g.get())?, &kept)?)
        };
        Ok(vec![Some(Tracked::view(
            B::expand(g_kept.get(), &s)?,
            &g_kept,
        ))])
    }
}

/// d amax = the cotangent split evenly between the positions equal to the extremum.
/// With `nan_ties`, a NaN extremum ties with every NaN element.
fn extremum_backward<B: Backend>(
    cx: &Grad<'_, B>,
    dims: &[i64],
    nan_ties: bool,
) -> Result<Cotangents<B>> {
    let x = cx.xs[0].get();
    let s = B::shape(x);
    let shape = reduce_shape("amax", &s, dims, true)?;
    let out = viewed::<B>(cx.out.get(), &shape)?;
    let mask = ties::<B>(x, &out, nan_ties)?;
    let count = B::sum_dims(&mask, dims, true)?;
    let share = B::div(&viewed::<B>(cx.g.get(), &shape)?, &count)?;
    if nan_ties {
        // evenly_distribute_backward fills the share in, so an infinite share leaves the
        // other elements 0 (amax's `share * mask` gives them 0 · inf = NaN, as torch's)
        return Ok(vec![Some(grad_value(filled::<B>(&share, &mask)?))]);
    }
    Ok(vec![Some(grad_value(B::mul(&mask, &share)?))])
}

/// 1 where `x` equals the picked value `out` (broadcast), else 0; with `nan_ties`, a NaN
/// `out` ties with every NaN element (NaN is the only value unequal to itself).
fn ties<B: Backend>(x: &B::T, out: &B::T, nan_ties: bool) -> Result<B::T> {
    let mask = B::binary::<EqMask>(x, out)?;
    if !nan_ties {
        return Ok(mask);
    }
    let nan = |t: &B::T| super::pointwise::complement::<B>(&B::binary::<EqMask>(t, t)?);
    B::add(&mask, &B::mul(&nan(x)?, &nan(out)?)?)
}

/// `share` where `mask` is 1, exactly 0 elsewhere (torch's `masked_fill_(mask, share)` on
/// zeros: no `0 · inf`), in `mask`'s shape.
fn filled<B: Backend>(share: &B::T, mask: &B::T) -> Result<B::T> {
    let full = B::expand(share, &B::shape(mask))?;
    B::binary::<super::pointwise::ZeroWhere>(&full, &super::pointwise::complement::<B>(mask)?)
}

/// One value picked among all of `x`'s elements (operands `x`, then the picked value, 0-d,
/// as a data-like operand that gets no cotangent): its forward is that value; its backward
/// torch's `evenly_distribute_backward`, the cotangent split evenly between the elements
/// equal to it (the NaN elements where it is NaN). `median()`, `nanmedian()`.
#[derive(Clone)]
pub struct Distribute;

impl<B: Backend> Op<B> {
    pub fn distribute() -> Self {
        Op::Distribute(Distribute)
    }
}

impl<B: Backend> Rule<B> for Distribute {
    fn name(&self) -> &'static str {
        "median"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        Ok(shapes[1].to_vec())
    }
    fn saves_operand(&self, i: usize, _needs: &[bool]) -> bool {
        i == 0
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        true
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        fresh(B::copy(xs[1].get())?)
    }
    /// `max()`'s rule (its value is one of `x`'s elements too); the picked value gets none.
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let mut cot = extremum_backward(cx, &[], true)?;
        cot.push(None);
        Ok(cot)
    }
}

/// `max(dim, keepdim)`: the maxima along `dim` and the index of each one's first
/// occurrence (torch's CPU rule). The indices are the op's second output and its backward
/// workspace: the cotangent goes to those positions only.
pub struct MaxDim<B: Backend> {
    pub dim: i64,
    pub keepdim: bool,
    /// `min(dim)`: the maximum of `-x`, negated (the same first occurrence, NaN first).
    pub min: bool,
    /// Set by the forward; shared with the indices' leaf node, freed with the last of them.
    indices: OnceLock<Value<B>>,
}

impl<B: Backend> Op<B> {
    pub fn max_dim(dim: i64, keepdim: bool) -> Self {
        Op::MaxDim(Box::new(MaxDim {
            dim,
            keepdim,
            min: false,
            indices: OnceLock::new(),
        }))
    }
    pub fn min_dim(dim: i64, keepdim: bool) -> Self {
        Op::MaxDim(Box::new(MaxDim {
            dim,
            keepdim,
            min: true,
            indices: OnceLock::new(),
        }))
    }
}

impl<B: Backend> Rule<B> for MaxDim<B> {
    fn name(&self) -> &'static str {
        if self.min {
            "min"
        } else {
            "max"
        }
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn workspace(&self) -> Vec<&Value<B>> {
        self.indices.get().into_iter().collect()
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let s = shapes[0];
        let d = normalize_dim("max", self.dim, s.len())?;
        if s.get(d) == Some(&0) {
            return Err(Error::Shape(format!(
                "max(): expected reduction dim {d} to have non-zero size, got shape {s:?}"
            )));
        }
        reduce_shape("max", s, &[self.dim], self.keepdim)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let x = xs[0].get();
        let (values, indices) = if self.min {
            let (v, i) = B::max_dim(&B::neg(x)?, self.dim, self.keepdim)?;
            (B::neg(&v)?, i)
        } else {
            B::max_dim(x, self.dim, self.keepdim)?
        };
        let _ = self.indices.set(Tracked::owned(indices, Category::Tape));
        fresh(values)
    }
    fn extra_outputs(&self) -> Vec<Value<B>> {
        self.indices.get().cloned().into_iter().collect()
    }
    /// dx = g scattered to the positions of the maxima (zeros elsewhere).
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let (xs, g) = (cx.xs, cx.g);
        let indices = self
            .indices
            .get()
            .ok_or_else(|| Error::Backend("max: backward before forward".into()))?;
        let s = B::shape(xs[0].get());
        let shape = reduce_shape("max", &s, &[self.dim], true)?;
        let (index, src) = (
            viewed::<B>(indices.get(), &shape)?,
            viewed::<B>(g.get(), &shape)?,
        );
        let dx = B::scatter_dim(&s, self.dim, &index, &src)?;
        Ok(vec![Some(grad_value(dx))])
    }
}

#[cfg(test)]
mod tests {
    use crate::error::Error;
    use crate::ops::testing::{check_grads, data};
    use crate::ops::Op;
    use tch::Kind;

    #[test]
    fn sum_all_broadcasts_the_cotangent_everywhere() {
        // d/dx_ij Σ x = 1
        check_grads(
            &[data(&[3, 4], 70)],
            |s, h| s.record(Op::sum(&[], false), &[h[0]]),
            |t| t[0].sum(Kind::Double),
        );
    }

    #[test]
    fn sum_all_keepdim() {
        // Σ x kept as (1,1): d/dx_ij = g_00
        check_grads(
            &[data(&[3, 4], 71)],
            |s, h| s.record(Op::sum(&[], true), &[h[0]]),
            |t| t[0].sum_dim_intlist(&[0i64, 1][..], true, Kind::Double),
        );
    }

    #[test]
    fn sum_over_one_dim() {
        // y_ik = Σ_j x_ijk: d/dx_ijk = g_ik
        check_grads(
            &[data(&[2, 3, 4], 72)],
            |s, h| s.record(Op::sum(&[1], false), &[h[0]]),
            |t| t[0].sum_dim_intlist(&[1i64][..], false, Kind::Double),
        );
    }

    #[test]
    fn sum_over_one_dim_keepdim() {
        // y_i0k = Σ_j x_ijk: d/dx_ijk = g_i0k
        check_grads(
            &[data(&[2, 3, 4], 73)],
            |s, h| s.record(Op::sum(&[1], true), &[h[0]]),
            |t| t[0].sum_dim_intlist(&[1i64][..], true, Kind::Double),
        );
    }

    #[test]
    fn sum_over_a_negative_dim() {
        // dim -1 is the last: d/dx_ijk = g_ij
        check_grads(
            &[data(&[2, 3, 4], 74)],
            |s, h| s.record(Op::sum(&[-1], false), &[h[0]]),
            |t| t[0].sum_dim_intlist(&[-1i64][..], false, Kind::Double),
        );
    }

    #[test]
    fn sum_over_two_dims() {
        // y_j = Σ_{i,k} x_ijk: d/dx_ijk = g_j
        check_grads(
            &[data(&[2, 3, 4], 75)],
            |s, h| s.record(Op::sum(&[0, 2], false), &[h[0]]),
            |t| t[0].sum_dim_intlist(&[0i64, 2][..], false, Kind::Double),
        );
    }

    #[test]
    fn sum_accepts_a_non_contiguous_cotangent() {
        // y = (Σ_j x_ij·)ᵀ: the cotangent reaching the sum is a transposed (strided) view
        check_grads(
            &[data(&[2, 3, 4], 76)],
            |s, h| {
                let y = s.record(Op::sum(&[1], false), &[h[0]])?;
                s.record(Op::transpose(0, 1), &[y])
            },
            |t| t[0].sum_dim_intlist(&[1i64][..], false, Kind::Double).tr(),
        );
    }

    #[test]
    fn max_dim_sends_the_cotangent_to_the_first_maximum() {
        // d/dx max_j x_ij = 1 at the first j where x_ij is maximal (ties: the first), else 0
        check_grads(
            &[crate::ops::testing::values(
                &[1.0, 3.0, 3.0, -1.0, 0.5, 2.0, 2.0, 0.25, -4.0],
                &[3, 3],
            )],
            |s, h| s.record(Op::max_dim(1, false), &[h[0]]),
            |t| t[0].max_dim(1, false).0,
        );
    }

    #[test]
    fn amax_amin_split_the_cotangent_between_ties() {
        // d amax = g / (number of maxima) at each maximum (torch), over a tuple of dims
        let x = crate::ops::testing::values(
            &[
                1.0, 3.0, 3.0, -1.0, 0.5, 2.0, 2.0, 0.25, -4.0, 2.0, 0.0, 2.0,
            ],
            &[2, 2, 3],
        );
        check_grads(
            &[x.copy()],
            |s, h| s.record(Op::amax(&[0, 2], false), &[h[0]]),
            |t| t[0].amax([0, 2], false),
        );
        check_grads(
            &[x.copy()],
            |s, h| s.record(Op::amin(&[-1], true), &[h[0]]),
            |t| t[0].amin([-1], true),
        );
        check_grads(
            &[x],
            |s, h| s.record(Op::amax(&[], false), &[h[0]]),
            |t| t[0].max(),
        );
    }

    #[test]
    fn min_dim_sends_the_cotangent_to_the_first_minimum() {
        check_grads(
            &[data(&[3, 4], 77)],
            |s, h| s.record(Op::min_dim(1, true), &[h[0]]),
            |t| t[0].min_dim(1, true).0,
        );
    }

    #[test]
    fn max_dim_keepdim_over_the_first_dim() {
        check_grads(
            &[data(&[3, 2, 4], 76)],
            |s, h| s.record(Op::max_dim(0, true), &[h[0]]),
            |t| t[0].max_dim(0, true).0,
        );
    }

    #[test]
    fn max_dim_returns_int64_indices_as_a_second_output() {
        let mut s = crate::ops::testing::session();
        let x = s
            .input(
                &crate::ops::testing::dt(&crate::ops::testing::values(
                    &[1.0, 5.0, 2.0, 7.0, 7.0, 0.0],
                    &[2, 3],
                )),
                false,
            )
            .unwrap();
        let hs = s.record_multi(Op::max_dim(-1, false), &[x]).unwrap();
        assert_eq!(hs.len(), 2);
        let idx = s.value(hs[1]).unwrap();
        use crate::backend::Backend;
        assert_eq!(
            crate::backend::dynamic::Dyn::dtype(idx.get()),
            crate::config::DType::Int64
        );
        assert_eq!(
            crate::backend::dynamic::Dyn::to_f64(idx.get()).unwrap(),
            vec![1.0, 0.0]
        );
        assert!(s.is_data(hs[1]).unwrap());
        assert!(!s.requires_grad(hs[1]).unwrap());
        // Data is no operand of a float op: a typed error, nothing recorded.
        let before = s.tape_len();
        let err = s
            .record(crate::ops::unary::UnaryOp::Exp.op(), &[hs[1]])
            .unwrap_err();
        assert!(matches!(err, Error::DType(_)), "{err:?}");
        assert_eq!(s.tape_len(), before);
    }

    #[test]
    fn mean_all_divides_by_the_element_count() {
        // d/dx_ij mean(x) = 1 / (3·4)
        check_grads(
            &[data(&[3, 4], 77)],
            |s, h| s.record(Op::mean(&[], false), &[h[0]]),
            |t| t[0].mean(Kind::Double),
        );
    }

    #[test]
    fn mean_over_one_dim() {
        // y_ik = (1/3) Σ_j x_ijk: d/dx_ijk = g_ik / 3
        check_grads(
            &[data(&[2, 3, 4], 78)],
            |s, h| s.record(Op::mean(&[1], false), &[h[0]]),
            |t| t[0].mean_dim(&[1i64][..], false, Kind::Double),
        );
    }

    #[test]
    fn mean_over_one_dim_keepdim() {
        // y_ij0 = (1/4) Σ_k x_ijk: d/dx_ijk = g_ij0 / 4
        check_grads(
            &[data(&[2, 3, 4], 79)],
            |s, h| s.record(Op::mean(&[-1], true), &[h[0]]),
            |t| t[0].mean_dim(&[-1i64][..], true, Kind::Double),
        );
    }

    #[test]
    fn mean_over_two_dims() {
        // y_k = (1/6) Σ_{i,j} x_ijk: d/dx_ijk = g_k / 6
        check_grads(
            &[data(&[2, 3, 4], 80)],
            |s, h| s.record(Op::mean(&[0, 1], false), &[h[0]]),
            |t| t[0].mean_dim(&[0i64, 1][..], false, Kind::Double),
        );
    }
}
