//! torch's truth reductions: `any`, `all` (bool results) and `count_nonzero` (int64), over
//! `dims` (all of them when empty). Their input is any tensor (an element counts as true
//! where it is nonzero); their results are data with no gradient. LibTorch's kernels run
//! them; a reference float32/float64 tensor is first compared with zero (exact, a bool
//! tensor), and an interval, which has no truth value, is refused.

use super::{fresh, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::Result;
use crate::shape::reduce_shape;

pub use crate::kernel::predicate::Tally;

/// `any`/`all`/`count_nonzero` over `dims`.
#[derive(Clone)]
pub struct Logical {
    pub kind: Tally,
    pub dims: Box<[i64]>,
    pub keepdim: bool,
}

impl<B: Backend> Op<B> {
    pub fn logical(kind: Tally, dims: &[i64], keepdim: bool) -> Self {
        Op::Logical(Logical {
            kind,
            dims: dims.into(),
            keepdim,
        })
    }
}

impl<B: Backend> Rule<B> for Logical {
    fn name(&self) -> &'static str {
        self.kind.name()
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let keep = self.keepdim && self.kind != Tally::CountNonzero;
        reduce_shape(self.kind.name(), shapes[0], &self.dims, keep)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        fresh(B::tally(xs[0].get(), self.kind, &self.dims, self.keepdim)?)
    }
    fn backward(&self, _cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        Ok(vec![None])
    }
}
