//! Predicates: comparisons (`== != < <= > >=`, with a tensor or a number), logic on bool
//! data (`& | ^ ~`) and `isfinite`/`isnan`. Each returns a bool tensor: data, with no
//! gradient (the session records it as a data node, so no backward rule ever runs).

use super::{fresh, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::DType;
use crate::error::{Error, Result};
pub use crate::kernel::Predicate;
use crate::shape::broadcast_shapes;

/// A predicate of one tensor, of two broadcast tensors, or of a tensor and a number.
#[derive(Clone)]
pub struct Compare {
    pub p: Predicate,
    /// The number of `x (op) s` (with one operand).
    pub number: Option<f64>,
}

impl<B: Backend> Op<B> {
    /// `p(a, b)` of two tensors, or of one tensor for the unary predicates.
    pub fn predicate(p: Predicate) -> Self {
        Op::Compare(Compare { p, number: None })
    }
    /// `x (p) s` for a number `s`.
    pub fn compare_number(p: Predicate, s: f64) -> Self {
        Op::Compare(Compare { p, number: Some(s) })
    }
}

impl<B: Backend> Rule<B> for Compare {
    fn name(&self) -> &'static str {
        self.p.name()
    }
    fn promotes(&self) -> bool {
        true
    }
    fn arity(&self) -> Arity {
        if self.p.unary() || self.number.is_some() {
            Arity::Exactly(1)
        } else {
            Arity::Exactly(2)
        }
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        match shapes {
            [a, b] => broadcast_shapes(self.p.name(), a, b),
            _ => Ok(shapes[0].to_vec()),
        }
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let name = self.p.name();
        let dtypes: Vec<DType> = xs.iter().map(|x| B::dtype(x.get())).collect();
        if self.p.logic() {
            if let Some(d) = dtypes.iter().find(|&&d| d != DType::Bool) {
                return Err(Error::DType(format!(
                    "{name} takes bool tensors (masks), not {d}"
                )));
            }
        }
        if let [a, b] = dtypes[..] {
            if a != b && !(a.is_data() && b.is_data()) {
                return Err(Error::DType(format!(
                    "{name}: cannot compare a {a} tensor with a {b} tensor"
                )));
            }
        }
        let b = xs.get(1).map(|x| x.get());
        fresh(B::predicate(
            self.p,
            xs[0].get(),
            b,
            self.number.unwrap_or(0.0),
        )?)
    }
    /// Never called: the result is bool data, through which no gradient flows.
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        Ok(vec![None; cx.xs.len()]) // bounded: one per operand
    }
}
