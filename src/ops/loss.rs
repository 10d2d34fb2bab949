//! `mse_loss(pred, target)`: the mean of squared differences (shapes must match).

use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::Result;
use crate::shape::same_shape;

pub struct MseLoss;

impl<B: Backend> Op<B> {
    pub fn mse_loss() -> Self {
        Op::MseLoss(MseLoss)
    }
}

impl<B: Backend> Rule<B> for MseLoss {
    fn name(&self) -> &'static str {
        "mse_loss"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        same_shape("mse_loss", shapes[0], shapes[1])?;
        Ok(vec![])
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let d = B::sub(xs[0].get(), xs[1].get())?;
        let n = B::numel(&d); // an empty mean is NaN (0 · ∞), as torch
        fresh(B::mul_scalar(
            &B::sum_dims(&B::mul(&d, &d)?, &[], false)?,
            1.0 / n as f64,
        )?)
    }
    /// d/da = 2 (a − b) g / n, d/db = −d/da.
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let (xs, g, needs) = (cx.xs, cx.g, cx.needs);
        let d = B::sub(xs[0].get(), xs[1].get())?;
        let n = B::numel(&d);
        let ga = B::mul(&B::mul_scalar(&d, 2.0 / n as f64)?, g.get())?;
        let gb = if needs[1] {
            Some(grad_value::<B>(B::neg(&ga)?))
        } else {
            None
        };
        Ok(vec![needs[0].then(|| grad_value::<B>(ga)), gb])
    }
}

#[cfg(test)]
mod tests {
    use tch::Reduction;

    use crate::error::Error;
    use crate::ops::testing::{check_grads, data, dt, session};
    use crate::ops::Op;
    use crate::session::Operand;

    #[test]
    fn mse_gradients_are_opposite_for_prediction_and_target() {
        // L = (1/n) Σ (a − b)²: dL/da = 2 (a − b) / n, dL/db = −2 (a − b) / n
        check_grads(
            &[data(&[3, 4], 110), data(&[3, 4], 111)],
            |s, h| s.record(Op::mse_loss(), &[h[0], h[1]]),
            |t| t[0].mse_loss(&t[1], Reduction::Mean),
        );
    }

    #[test]
    fn mse_against_constant_target() {
        // target is data: only the prediction gets 2 (a − b) / n
        let target = data(&[2, 5], 112);
        let target2 = target.copy();
        check_grads(
            &[data(&[2, 5], 113)],
            move |s, h| {
                s.apply(
                    Op::mse_loss(),
                    vec![Operand::Node(h[0]), Operand::Data(dt(&target2))],
                )
            },
            move |t| t[0].mse_loss(&target, Reduction::Mean),
        );
    }

    #[test]
    fn mse_scales_with_the_upstream_cotangent() {
        // d/da (½ L) = (a − b) / n
        check_grads(
            &[data(&[6], 114), data(&[6], 115)],
            |s, h| {
                let l = s.record(Op::mse_loss(), &[h[0], h[1]])?;
                s.record(crate::ops::scalar::ScalarOp::Mul.op(0.5), &[l])
            },
            |t| t[0].mse_loss(&t[1], Reduction::Mean) * 0.5,
        );
    }

    #[test]
    fn mse_of_a_nonlinear_prediction() {
        // L = mean((tanh(a) − b)²): dL/da = 2 (tanh(a) − b)(1 − tanh²(a)) / n
        check_grads(
            &[data(&[2, 3], 116), data(&[2, 3], 117)],
            |s, h| {
                let y = s.record(crate::ops::unary::UnaryOp::Tanh.op(), &[h[0]])?;
                s.record(Op::mse_loss(), &[y, h[1]])
            },
            |t| t[0].tanh().mse_loss(&t[1], Reduction::Mean),
        );
    }

    #[test]
    fn mse_rejects_different_shapes() {
        // (3,) vs (1,3): no broadcasting in mse_loss; nothing is recorded
        let mut s = session();
        let a = s.input(&dt(&data(&[3], 118)), false).unwrap();
        let b = s.input(&dt(&data(&[1, 3], 119)), false).unwrap();
        let before = s.tape_len();
        let err = s
            .record(Op::mse_loss(), &[a, b])
            .expect_err("a shape error");
        assert!(matches!(err, Error::Shape(_)), "{err:?}");
        assert_eq!(s.tape_len(), before);
    }
}
