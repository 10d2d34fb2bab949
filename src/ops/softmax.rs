//! `softmax` and `log_softmax` along one dim (`cross_entropy` is in `nll.rs`).

use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::{Backend, OutKernel};
use crate::buffer::Value;
use crate::error::Result;
use crate::ops::Arith;
use crate::shape::normalize_dim;

/// `softmax(dim)`, or `log_softmax(dim)` when `log`.
#[derive(Clone)]
pub struct Softmax {
    pub dim: i64,
    pub log: bool,
}

impl<B: Backend> Op<B> {
    pub fn softmax(dim: i64) -> Self {
        Op::Softmax(Softmax { dim, log: false })
    }
    pub fn log_softmax(dim: i64) -> Self {
        Op::Softmax(Softmax { dim, log: true })
    }
}

impl<B: Backend> Rule<B> for Softmax {
    fn name(&self) -> &'static str {
        if self.log {
            "log_softmax"
        } else {
            "softmax"
        }
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        normalize_dim(<Self as Rule<B>>::name(self), self.dim, shapes[0].len())?;
        Ok(shapes[0].to_vec())
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let x = xs[0].get();
        fresh(if self.log {
            B::log_softmax(x, self.dim)?
        } else {
            B::softmax(x, self.dim)?
        })
    }
    /// The backward reads only the output (torch saves the result too).
    fn saves_operand(&self, _i: usize, _needs: &[bool]) -> bool {
        false
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let (out, g) = (cx.out, cx.g);
        let (g, y, d) = (g.get(), out.get(), self.dim);
        // LibTorch: torch's own backward kernels (`_softmax_backward_data`), the same bits
        if let Some(t) = B::softmax_backward(g, y, d, self.log)? {
            return Ok(vec![Some(grad_value(t))]);
        }
        let t = if self.log {
            // dx = g − exp(y) ⊙ Σ_dim g
            let s = B::sum_dims(g, &[d], true)?;
            B::sub(g, &B::mul(&B::exp(y)?, &s)?)?
        } else {
            // dx = y ⊙ (g − Σ_dim g ⊙ y)
            let s = B::sum_dims(&B::mul(g, y)?, &[d], true)?;
            B::mul(y, &B::sub(g, &s)?)?
        };
        Ok(vec![Some(grad_value(t))])
    }
    fn out_kernel(&self, _parents: usize) -> Option<OutKernel> {
        Some(if self.log {
            OutKernel::LogSoftmax(self.dim)
        } else {
            OutKernel::Softmax(self.dim)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{check_grads, data, dt};
    use crate::ops::Op;
    use tch::{Kind, Tensor};

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
            |s, h| s.record(Op::softmax(1), &[h[0]]),
            |t| t[0].softmax(1, Kind::Double),
        );
    }

    #[test]
    fn softmax_over_the_first_dim() {
        // softmax along dim 0: the sum in the rule runs down each column
        check_grads(
            &[data(&[4, 3], 101)],
            |s, h| s.record(Op::softmax(0), &[h[0]]),
            |t| t[0].softmax(0, Kind::Double),
        );
    }

    #[test]
    fn softmax_over_a_negative_dim_of_a_3d_tensor() {
        // dim -1 of (2,3,4)
        check_grads(
            &[data(&[2, 3, 4], 102)],
            |s, h| s.record(Op::softmax(-1), &[h[0]]),
            |t| t[0].softmax(-1, Kind::Double),
        );
    }

    #[test]
    fn log_softmax_over_the_last_dim() {
        // y = log_softmax(x): dx = g − softmax(x) Σ_j g_j
        check_grads(
            &[data(&[3, 5], 103)],
            |s, h| s.record(Op::log_softmax(-1), &[h[0]]),
            |t| t[0].log_softmax(-1, Kind::Double),
        );
    }

    #[test]
    fn log_softmax_over_the_middle_dim() {
        // dim 1 of (2,3,4)
        check_grads(
            &[data(&[2, 3, 4], 104)],
            |s, h| s.record(Op::log_softmax(1), &[h[0]]),
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
                s.record(crate::ops::scalar::ScalarOp::Mul.op(3.0), &[l])
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
                let xi = s.input(&dt(&x2), false)?;
                let logits = s.record(Op::linear(), &[xi, h[0], h[1]])?;
                s.cross_entropy(logits, &ids)
            },
            move |t| cross_entropy_t(&x.linear(&t[0], Some(&t[1])), &ids),
        );
    }
}
