//! The predicate descriptor: comparisons, logic on bool data, `isfinite`/`isnan`, and its
//! LibTorch kernel. Its rule (`Compare`) is `ops/compare.rs`'s.

use tch::Tensor;

use crate::error::{Error, Result};

/// Which truth reduction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tally {
    Any,
    All,
    /// The number of nonzero elements (torch's `count_nonzero`, never `keepdim`).
    CountNonzero,
}

impl Tally {
    pub fn name(self) -> &'static str {
        match self {
            Tally::Any => "any",
            Tally::All => "all",
            Tally::CountNonzero => "count_nonzero",
        }
    }
}

/// Which predicate a comparison node computes.
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

    /// `~`, `isfinite`, `isnan`: one operand.
    pub fn unary(self) -> bool {
        matches!(
            self,
            Predicate::Not | Predicate::IsFinite | Predicate::IsNan
        )
    }

    /// `& | ^ ~`: bool data only.
    pub fn logic(self) -> bool {
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
