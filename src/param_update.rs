//! torch's in-place methods of a parameter (`p.add_(v, alpha=)`, `sub_`, `mul_`, `div_`,
//! `fill_`, `zero_`, `copy_`, `p.data = v`): each computes the new value from the current one
//! and publishes it as the parameter's next version ([`Parameter::apply_`]: in place where no
//! tape holds the snapshot, else a new snapshot). A rejected call changes nothing.

use crate::backend::Backend;
use crate::error::Result;
use crate::ops::scalar::DivScalar;
use crate::ops::Arith;
use crate::param::Parameter;

/// The arithmetic of an in-place update.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Update {
    /// `p += alpha · v` (`sub_` is `alpha = −alpha`).
    Add {
        alpha: f64,
    },
    Mul,
    /// A number divides (`x / s` rounds once, as torch's; `x · (1/s)` would round twice).
    Div,
}

/// The operand of an in-place update: a number or a value (any dtype and device: it is
/// converted to the parameter's, as torch's in-place methods do).
pub enum Operand<'a, B: Backend> {
    Number(f64),
    Value(&'a B::T),
}

/// `p = p (op) v`, published as `p`'s next version; `what` names the call in errors.
pub fn update_<B: Backend>(
    p: &Parameter<B>,
    what: &str,
    op: Update,
    v: Operand<'_, B>,
) -> Result<()> {
    match v {
        Operand::Number(x) => p.apply_(what, |t| match op {
            Update::Add { alpha } => B::add_scalar(t, alpha * x),
            Update::Mul => B::mul_scalar(t, x),
            Update::Div => B::scalar::<DivScalar>(t, x),
        }),
        Operand::Value(v) => {
            let v = B::convert(v, p.dtype(), p.device())?;
            p.apply_(what, |t| match op {
                Update::Add { alpha: 1.0 } => B::add(t, &v),
                Update::Add { alpha } => {
                    // torch's `add(t, v, alpha=)`: `t + alpha · v` rounded once.
                    let shape = B::shape(t);
                    let wide = (B::shape(&v) != shape)
                        .then(|| B::expand(&v, &shape))
                        .transpose()?;
                    let mut out = B::copy(t)?;
                    B::axpy_(&mut out, alpha, wide.as_ref().unwrap_or(&v))?;
                    Ok(out)
                }
                Update::Mul => B::mul(t, &v),
                Update::Div => B::div(t, &v),
            })
        }
    }
}

/// `p.fill_(value)` (`zero_` is a fill of 0).
pub fn fill_<B: Backend>(p: &Parameter<B>, what: &str, value: f64) -> Result<()> {
    p.apply_(what, |t| {
        B::full(&B::shape(t), value, B::dtype(t), B::device(t))
    })
}

/// `p.copy_(v)` / `p.data = v`: `v` converted to `p`'s dtype and device, broadcast to its
/// shape.
pub fn copy_<B: Backend>(p: &Parameter<B>, what: &str, v: &B::T) -> Result<()> {
    let v = B::convert(v, p.dtype(), p.device())?;
    let shape = p.shape().to_vec();
    p.apply_(what, |_| {
        if B::shape(&v) == shape {
            B::copy(&v)
        } else {
            B::expand(&v, &shape)
        }
    })
}
