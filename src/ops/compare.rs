//! Predicates: comparisons (`== != < <= > >=`, with a tensor or a number), logic on bool
//! data (`& | ^ ~`) and `isfinite`/`isnan`. Each returns a bool tensor: data, with no
//! gradient (the session records it as a data node, so no backward rule ever runs).

use tch::Tensor;

use super::{fresh, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::shape::broadcast_shapes;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Predicate {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// `&` of bool data.
    And,
    Or,
    Xor,
    /// `~` of bool data.
    Not,
    IsFinite,
    IsNan,
}

impl Predicate {
    pub fn name(self) -> &'static str {
        match self {
            Predicate::Eq => "eq",
            Predicate::Ne => "ne",
            Predicate::Lt => "lt",
            Predicate::Le => "le",
            Predicate::Gt => "gt",
            Predicate::Ge => "ge",
            Predicate::And => "logical_and",
            Predicate::Or => "logical_or",
            Predicate::Xor => "logical_xor",
            Predicate::Not => "logical_not",
            Predicate::IsFinite => "isfinite",
            Predicate::IsNan => "isnan",
        }
    }

    fn unary(self) -> bool {
        matches!(
            self,
            Predicate::Not | Predicate::IsFinite | Predicate::IsNan
        )
    }

    fn logic(self) -> bool {
        matches!(
            self,
            Predicate::And | Predicate::Or | Predicate::Xor | Predicate::Not
        )
    }

    /// The predicate on LibTorch tensors (`b`, or the number `s`).
    pub fn torch(self, a: &Tensor, b: Option<&Tensor>, s: f64) -> Result<Tensor> {
        use Predicate::*;
        Ok(match (self, b) {
            (Eq, Some(b)) => a.f_eq_tensor(b)?,
            (Ne, Some(b)) => a.f_ne_tensor(b)?,
            (Lt, Some(b)) => a.f_lt_tensor(b)?,
            (Le, Some(b)) => a.f_le_tensor(b)?,
            (Gt, Some(b)) => a.f_gt_tensor(b)?,
            (Ge, Some(b)) => a.f_ge_tensor(b)?,
            (Eq, None) => a.f_eq(s)?,
            (Ne, None) => a.f_ne(s)?,
            (Lt, None) => a.f_lt(s)?,
            (Le, None) => a.f_le(s)?,
            (Gt, None) => a.f_gt(s)?,
            (Ge, None) => a.f_ge(s)?,
            (And, Some(b)) => a.f_logical_and(b)?,
            (Or, Some(b)) => a.f_logical_or(b)?,
            (Xor, Some(b)) => a.f_logical_xor(b)?,
            (Not, _) => a.f_logical_not()?,
            (IsFinite, _) => a.f_isfinite()?,
            (IsNan, _) => a.f_isnan()?,
            (And | Or | Xor, None) => {
                return Err(Error::DType(format!(
                    "{}: takes two bool tensors",
                    self.name()
                )))
            }
        })
    }
}

/// A predicate of one tensor, of two broadcast tensors, or of a tensor and a number.
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
        Ok(vec![None; cx.xs.len()])
    }
}
