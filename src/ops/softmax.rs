//! `softmax`, `log_softmax` along one dim, and the mean `cross_entropy` of `(n, c)` logits
//! against class ids (stored as one-hot rows in the node's workspace).

use super::{grad_value, Op};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::{Error, Result};

/// Check class ids against `(n, c)` logits.
pub fn check_class_ids(logits: &[i64], ids: &[i64]) -> Result<()> {
    if logits.len() != 2 {
        return Err(Error::Shape(format!(
            "cross_entropy: logits must have shape (batch, classes), got {logits:?}"
        )));
    }
    if ids.len() as i64 != logits[0] {
        return Err(Error::Shape(format!(
            "cross_entropy: {} class ids for a batch of {}",
            ids.len(),
            logits[0]
        )));
    }
    if let Some((i, &bad)) = ids.iter().enumerate().find(|(_, &c)| c < 0 || c >= logits[1]) {
        return Err(Error::Index(format!(
            "cross_entropy: class id {bad} at position {i} is out of range for {} classes",
            logits[1]
        )));
    }
    Ok(())
}

/// `-(1/n) Σ_rows Σ_c onehot · log_softmax(x)`.
pub(crate) fn cross_entropy_forward<B: Backend>(x: &B::T, one_hot: &B::T) -> Result<B::T> {
    let n = B::shape(x)[0].max(1);
    let picked = B::sum_dims(&B::mul(&B::log_softmax(x, 1)?, one_hot)?, &[], false)?;
    B::mul_scalar(&picked, -1.0 / n as f64)
}

pub(crate) fn backward<B: Backend>(
    op: &Op<B>,
    xs: &[&Value<B>],
    out: &Value<B>,
    g: &Value<B>,
) -> Result<Value<B>> {
    let (g, y) = (g.get(), out.get());
    let t = match op {
        // dx = y ⊙ (g − Σ_dim g ⊙ y)
        Op::Softmax(d) => {
            let s = B::sum_dims(&B::mul(g, y)?, &[*d], true)?;
            B::mul(y, &B::sub(g, &s)?)?
        }
        // dx = g − exp(y) ⊙ Σ_dim g
        Op::LogSoftmax(d) => {
            let s = B::sum_dims(g, &[*d], true)?;
            B::sub(g, &B::mul(&B::exp(y)?, &s)?)?
        }
        // dx = (softmax(x) − onehot) · g / n
        Op::CrossEntropy { one_hot } => {
            let x = xs[0].get();
            let n = B::shape(x)[0].max(1);
            let d = B::sub(&B::softmax(x, 1)?, one_hot.get())?;
            B::mul(&B::mul_scalar(&d, 1.0 / n as f64)?, g)?
        }
        _ => unreachable!("not a softmax op"),
    };
    Ok(grad_value(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_ids_are_checked() {
        assert!(check_class_ids(&[2, 3], &[0, 2]).is_ok());
        assert!(matches!(check_class_ids(&[2, 3], &[0, 3]), Err(Error::Index(_))));
        assert!(matches!(check_class_ids(&[2, 3], &[-1, 0]), Err(Error::Index(_))));
        assert!(matches!(check_class_ids(&[2, 3], &[0]), Err(Error::Shape(_))));
        assert!(matches!(check_class_ids(&[3], &[0]), Err(Error::Shape(_))));
    }
}
