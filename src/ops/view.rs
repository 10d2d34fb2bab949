//! Views computed from the input's shape: `permute`, `unsqueeze`, `squeeze`, `flatten`,
//! `unflatten`, `view`. Each shares its input's storage (a `permute` always; the others when
//! the data is contiguous, else `reshape`'s copy, except `view`, which refuses, as torch).

use super::layout::reshape_value;
use super::{Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::error::{Error, Result};
use crate::ledger::Category;
use crate::shape::{
    flatten_shape, permute_shape, reshape_shape, squeeze_shape, unflatten_shape, unsqueeze_shape,
};

/// `permute(dims)`.
#[derive(Clone)]
pub struct Permute(pub Box<[i64]>);

/// A new shape for the same elements, from the input's shape.
#[derive(Clone)]
pub enum ShapeView {
    Unsqueeze(i64),
    /// `None`: every size-1 dim.
    Squeeze(Option<Box<[i64]>>),
    Flatten(i64, i64),
    Unflatten(i64, Box<[i64]>),
    /// torch's `view`: a reshape that must not copy (torch's stride rule decides).
    View(Box<[i64]>),
    /// torch's `contiguous()` of a tensor that is not: a row-major copy (the identity's
    /// gradient). `Session::contiguous` returns a contiguous tensor itself, as torch.
    Contiguous,
}

impl<B: Backend> Op<B> {
    pub fn permute(dims: &[i64]) -> Self {
        Op::Permute(Permute(dims.into()))
    }
    pub fn shape_view(kind: ShapeView) -> Self {
        Op::ShapeView(Box::new(kind))
    }
}

impl<B: Backend> Rule<B> for Permute {
    fn name(&self) -> &'static str {
        "permute"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    /// The backward moves the cotangent by shapes alone: it reads no values.
    fn saves_operand(&self, _i: usize, _needs: &[bool]) -> bool {
        false
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        false
    }
    fn output(&self) -> Output {
        Output::View
    }
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        Ok(permute_shape(shapes[0], &self.0)?.1)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let (perm, _) = permute_shape(&B::shape(xs[0].get()), &self.0)?;
        Ok(Tracked::view(B::permute(xs[0].get(), &perm)?, xs[0]))
    }
    /// The cotangent permuted back (a view of it): the inverse permutation.
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let (perm, _) = permute_shape(&B::shape(cx.xs[0].get()), &self.0)?;
        let mut inverse = vec![0; perm.len()]; // bounded: the tensor's rank
        for (i, &p) in perm.iter().enumerate() {
            inverse[p] = i;
        }
        let g = cx.g;
        Ok(vec![Some(Tracked::view(B::permute(g.get(), &inverse)?, g))])
    }
}

impl ShapeView {
    fn target(&self, s: &[i64]) -> Result<Vec<i64>> {
        match self {
            ShapeView::Unsqueeze(d) => unsqueeze_shape(s, *d),
            ShapeView::Squeeze(dims) => squeeze_shape(s, dims.as_deref()),
            ShapeView::Flatten(a, b) => flatten_shape(s, *a, *b),
            ShapeView::Unflatten(d, sizes) => unflatten_shape(s, *d, sizes),
            ShapeView::View(shape) => reshape_shape(s, shape),
            ShapeView::Contiguous => Ok(s.to_vec()),
        }
    }
}

impl<B: Backend> Rule<B> for ShapeView {
    fn name(&self) -> &'static str {
        match self {
            ShapeView::Unsqueeze(_) => "unsqueeze",
            ShapeView::Squeeze(_) => "squeeze",
            ShapeView::Flatten(..) => "flatten",
            ShapeView::Unflatten(..) => "unflatten",
            ShapeView::View(_) => "view",
            ShapeView::Contiguous => "contiguous",
        }
    }
    /// Layout ops move int and bool data too (indices, masks), as torch's.
    fn accepts_data(&self) -> bool {
        true
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    /// The backward moves the cotangent by shapes alone: it reads no values.
    fn saves_operand(&self, _i: usize, _needs: &[bool]) -> bool {
        false
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        false
    }
    /// A view of contiguous data; otherwise `reshape`'s copy, which the pool does not
    /// recycle either.
    fn output(&self) -> Output {
        Output::View
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        self.target(shapes[0])
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let x = xs[0];
        let target = self.target(&B::shape(x.get()))?;
        match self {
            ShapeView::View(_) => match B::view(x.get(), &target) {
                Ok(v) => Ok(Tracked::view(v, x)),
                Err(_) => Err(Error::Shape(format!(
                    "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces): the input of shape {:?} cannot be viewed as {target:?}; use reshape (or contiguous() first)",
                    B::shape(x.get())
                ))),
            },
            ShapeView::Contiguous if !B::is_contiguous(x.get()) => {
                Ok(Tracked::owned(B::copy(x.get())?, Category::Tape))
            }
            _ => reshape_value(x, &target, Category::Tape),
        }
    }
    /// The cotangent in the input's shape.
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let shape = B::shape(cx.xs[0].get());
        Ok(vec![Some(reshape_value(cx.g, &shape, Category::Grad)?)])
    }
}

#[cfg(test)]
mod tests {
    use super::ShapeView;
    use crate::ops::binary::BinaryOp;
    use crate::ops::testing::{check_grads, data};
    use crate::ops::Op;

    #[test]
    fn permute_gradient_is_the_inversely_permuted_cotangent() {
        // y = x.permute(2, 0, 1): dx = g.permute(1, 2, 0)
        check_grads(
            &[data(&[2, 3, 4], 160)],
            |s, h| s.record(Op::permute(&[2, 0, 1]), &[h[0]]),
            |t| t[0].permute([2, 0, 1]),
        );
    }

    #[test]
    fn permuted_operand_in_elementwise_op() {
        // a non-contiguous view feeding a broadcast multiply
        check_grads(
            &[data(&[2, 3, 4], 161), data(&[4, 2, 1], 162)],
            |s, h| {
                let p = s.record(Op::permute(&[-1, 0, 1]), &[h[0]])?;
                s.record(BinaryOp::Mul.op(), &[p, h[1]])
            },
            |t| t[0].permute([2, 0, 1]) * &t[1],
        );
    }

    #[test]
    fn unsqueeze_squeeze_flatten_unflatten_gradients() {
        check_grads(
            &[data(&[2, 3], 163)],
            |s, h| s.record(Op::shape_view(ShapeView::Unsqueeze(1)), &[h[0]]),
            |t| t[0].unsqueeze(1),
        );
        check_grads(
            &[data(&[2, 1, 3, 1], 164)],
            |s, h| s.record(Op::shape_view(ShapeView::Squeeze(None)), &[h[0]]),
            |t| t[0].squeeze(),
        );
        check_grads(
            &[data(&[2, 3, 4], 165)],
            |s, h| s.record(Op::shape_view(ShapeView::Flatten(0, 1)), &[h[0]]),
            |t| t[0].flatten(0, 1),
        );
        check_grads(
            &[data(&[2, 12], 166)],
            |s, h| {
                s.record(
                    Op::shape_view(ShapeView::Unflatten(1, vec![3, 4].into())),
                    &[h[0]],
                )
            },
            |t| t[0].unflatten(1, [3, 4]),
        );
    }

    #[test]
    fn flatten_of_a_permuted_view_copies() {
        // flatten of non-contiguous data goes through reshape's copy
        check_grads(
            &[data(&[2, 3, 4], 167)],
            |s, h| {
                let p = s.record(Op::permute(&[1, 0, 2]), &[h[0]])?;
                s.record(Op::shape_view(ShapeView::Flatten(0, -1)), &[p])
            },
            |t| t[0].permute([1, 0, 2]).flatten(0, -1),
        );
    }
}
