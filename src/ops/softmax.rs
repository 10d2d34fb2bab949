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
    if let Some((i, &bad)) = ids
        .iter()
        .enumerate()
        .find(|(_, &c)| c < 0 || c >= logits[1])
    {
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
    use crate::ops::testing::{check_grads, data};
    use tch::{Kind, Tensor};

    #[test]
    fn class_ids_are_checked() {
        assert!(check_class_ids(&[2, 3], &[0, 2]).is_ok());
        assert!(matches!(
            check_class_ids(&[2, 3], &[0, 3]),
            Err(Error::Index(_))
        ));
        assert!(matches!(
            check_class_ids(&[2, 3], &[-1, 0]),
            Err(Error::Index(_))
        ));
        assert!(matches!(
            check_class_ids(&[2, 3], &[0]),
            Err(Error::Shape(_))
        ));
        assert!(matches!(check_class_ids(&[3], &[0]), Err(Error::Shape(_))));
    }

    /// The oracle's mean cross entropy: `nll(log_softmax(x))` in float64.
    fn cross_entropy_t(logits: &Tensor, ids: &[i64]) -> Tensor {
        logits
            .log_softmax(-1, Kind::Double)
            .nll_loss(&Tensor::from_slice(ids))
    }

    #[test]
    fn softmax_over_the_last_dim() {
        // y = softmax(x): dx = y ⊙ (g − Σ_j g_j y_j)
        check_grads(
            &[data(&[3, 5], 100)],
            |s, h| s.record(Op::Softmax(1), &[h[0]]),
            |t| t[0].softmax(1, Kind::Double),
        );
    }

    #[test]
    fn softmax_over_the_first_dim() {
        // softmax along dim 0: the sum in the rule runs down each column
        check_grads(
            &[data(&[4, 3], 101)],
            |s, h| s.record(Op::Softmax(0), &[h[0]]),
            |t| t[0].softmax(0, Kind::Double),
        );
    }

    #[test]
    fn softmax_over_a_negative_dim_of_a_3d_tensor() {
        // dim -1 of (2,3,4)
        check_grads(
            &[data(&[2, 3, 4], 102)],
            |s, h| s.record(Op::Softmax(-1), &[h[0]]),
            |t| t[0].softmax(-1, Kind::Double),
        );
    }

    #[test]
    fn log_softmax_over_the_last_dim() {
        // y = log_softmax(x): dx = g − softmax(x) Σ_j g_j
        check_grads(
            &[data(&[3, 5], 103)],
            |s, h| s.record(Op::LogSoftmax(-1), &[h[0]]),
            |t| t[0].log_softmax(-1, Kind::Double),
        );
    }

    #[test]
    fn log_softmax_over_the_middle_dim() {
        // dim 1 of (2,3,4)
        check_grads(
            &[data(&[2, 3, 4], 104)],
            |s, h| s.record(Op::LogSoftmax(1), &[h[0]]),
            |t| t[0].log_softmax(1, Kind::Double),
        );
    }

    #[test]
    fn cross_entropy_gradient_is_softmax_minus_one_hot_over_n() {
        // L = −(1/n) Σ_i log softmax(x_i)[c_i]: dx = (softmax(x) − onehot) / n
        let ids = [2i64, 0, 4, 2];
        check_grads(
            &[data(&[4, 5], 105)],
            |s, h| s.cross_entropy(h[0], &ids),
            |t| cross_entropy_t(&t[0], &ids),
        );
    }

    #[test]
    fn cross_entropy_scales_with_the_upstream_cotangent() {
        // d/dx (3 L) = 3 (softmax(x) − onehot) / n
        let ids = [1i64, 1, 0];
        check_grads(
            &[data(&[3, 2], 106)],
            |s, h| {
                let l = s.cross_entropy(h[0], &ids)?;
                s.record(Op::MulScalar(3.0), &[l])
            },
            |t| cross_entropy_t(&t[0], &ids) * 3.0,
        );
    }

    #[test]
    fn cross_entropy_of_linear_logits() {
        // L(x wᵀ + b): the cross-entropy cotangent flows into linear's rule
        let ids = [0i64, 2, 1, 1, 2];
        let x = data(&[5, 4], 107);
        let x2 = x.copy();
        check_grads(
            &[data(&[3, 4], 108), data(&[3], 109)],
            move |s, h| {
                let xi = s.input(&x2, false)?;
                let logits = s.record(Op::Linear, &[xi, h[0], h[1]])?;
                s.cross_entropy(logits, &ids)
            },
            move |t| cross_entropy_t(&x.linear(&t[0], Some(&t[1])), &ids),
        );
    }
}
