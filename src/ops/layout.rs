//! `reshape` and `transpose`. Both are views when the data allows (no bytes on the tape);
//! `reshape` of non-contiguous data copies.

use super::{Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::error::Result;
use crate::ledger::Category;
use crate::shape::{reshape_shape, transpose_shape};

/// `transpose(d0, d1)`: a view.
#[derive(Clone)]
pub struct Transpose(pub i64, pub i64);

/// `reshape(shape)` (one dim may be -1): a view of contiguous data, else a copy.
#[derive(Clone)]
pub struct Reshape(pub Box<[i64]>);

impl<B: Backend> Op<B> {
    pub fn transpose(d0: i64, d1: i64) -> Self {
        Op::Transpose(Transpose(d0, d1))
    }
    pub fn reshape(shape: &[i64]) -> Self {
        Op::Reshape(Reshape(shape.into()))
    }
}

/// A reshaped value: a view of `v` when it is contiguous, else a fresh copy in `category`.
pub(crate) fn reshape_value<B: Backend>(
    v: &Value<B>,
    shape: &[i64],
    category: Category,
) -> Result<Value<B>> {
    let resolved = reshape_shape(&B::shape(v.get()), shape)?;
    if B::is_contiguous(v.get()) {
        Ok(Tracked::view(B::view(v.get(), &resolved)?, v))
    } else {
        Ok(Tracked::owned(
            B::view(&B::copy(v.get())?, &resolved)?,
            category,
        ))
    }
}

impl<B: Backend> Rule<B> for Transpose {
    fn name(&self) -> &'static str {
        "transpose"
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
    /// Layout ops move int and bool data too (indices, masks), as torch's.
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        transpose_shape(shapes[0], self.0, self.1)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        Ok(Tracked::view(
            B::transpose(xs[0].get(), self.0, self.1)?,
            xs[0],
        ))
    }
    /// The cotangent of a transpose is the transposed cotangent (a view of it).
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let g = cx.g;
        Ok(vec![Some(Tracked::view(
            B::transpose(g.get(), self.0, self.1)?,
            g,
        ))])
    }
}

impl<B: Backend> Rule<B> for Reshape {
    fn name(&self) -> &'static str {
        "reshape"
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
    /// A view of contiguous data; a copy otherwise, which the pool does not recycle either.
    fn output(&self) -> Output {
        Output::View
    }
    /// Layout ops move int and bool data too (indices, masks), as torch's.
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        reshape_shape(shapes[0], &self.0)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        reshape_value(xs[0], &self.0, Category::Tape)
    }
    /// The cotangent of a reshape is the cotangent in the input's shape.
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let (xs, g) = (cx.xs, cx.g);
        Ok(vec![Some(reshape_value(
            g,
            &B::shape(xs[0].get()),
            Category::Grad,
        )?)])
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::binary::BinaryOp;
    use crate::ops::testing::{check_grads, data};
    use crate::ops::Op;

    #[test]
    fn reshape_gradient_is_the_cotangent_in_the_input_shape() {
        // y = reshape(x, (4,3)): dx = reshape(g, (3,4))
        check_grads(
            &[data(&[3, 4], 90)],
            |s, h| s.record(Op::reshape(&[4, 3]), &[h[0]]),
            |t| t[0].reshape([4, 3]),
        );
    }

    #[test]
    fn reshape_with_an_inferred_dim() {
        // y = reshape(x, (-1,)) flattens: dx = reshape(g, (2,3,2))
        check_grads(
            &[data(&[2, 3, 2], 91)],
            |s, h| s.record(Op::reshape(&[-1]), &[h[0]]),
            |t| t[0].reshape([-1]),
        );
    }

    #[test]
    fn reshape_of_a_transposed_view_copies() {
        // y = reshape(xᵀ, (12,)): dx = (reshape(g, (4,3)))ᵀ
        check_grads(
            &[data(&[3, 4], 92)],
            |s, h| {
                let xt = s.record(Op::transpose(0, 1), &[h[0]])?;
                s.record(Op::reshape(&[12]), &[xt])
            },
            |t| t[0].tr().reshape([12]),
        );
    }

    #[test]
    fn transpose_gradient_is_the_transposed_cotangent() {
        // y = xᵀ: dx = gᵀ
        check_grads(
            &[data(&[3, 5], 93)],
            |s, h| s.record(Op::transpose(0, 1), &[h[0]]),
            |t| t[0].tr(),
        );
    }

    #[test]
    fn transpose_with_negative_dims() {
        // y = swap dims 0 and -1 of a (2,3,4): dx = the same swap of g
        check_grads(
            &[data(&[2, 3, 4], 94)],
            |s, h| s.record(Op::transpose(0, -1), &[h[0]]),
            |t| t[0].transpose(0, -1),
        );
    }

    #[test]
    fn transpose_then_reshape_then_elementwise() {
        // y = reshape(xᵀ, (2,6)) ⊙ reshape(x, (2,6)): both paths reach x
        check_grads(
            &[data(&[3, 4], 95)],
            |s, h| {
                let xt = s.record(Op::transpose(0, 1), &[h[0]])?;
                let a = s.record(Op::reshape(&[2, 6]), &[xt])?;
                let b = s.record(Op::reshape(&[2, 6]), &[h[0]])?;
                s.record(BinaryOp::Mul.op(), &[a, b])
            },
            |t| t[0].tr().reshape([2, 6]) * t[0].reshape([2, 6]),
        );
    }
}
