//! Pointwise losses of `torch.nn.functional` with `reduction`: `mse_loss`, `l1_loss`,
//! `smooth_l1_loss(beta)`, `huber_loss(delta)`, `binary_cross_entropy(weight)`,
//! `binary_cross_entropy_with_logits(weight, pos_weight)`, `kl_div(log_target)`. One rule,
//! [`PointLoss`]: the elementwise loss of input and target (same shape), times a
//! broadcast `weight`, reduced; each kind's forward and partial derivatives follow torch's
//! formulas (its clamps and masks included).

use super::activation::Softplus;
use super::pointwise::select;
use super::pointwise::{eq_number, lt_number, number_like, GtMask};
use super::unary::{Abs, Log, Log1p, Sigmoid, Sign};
use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::{Error, Result};
use crate::ops::Arith;
use crate::shape::{broadcast_shapes, same_shape};

/// Which elementwise loss.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LossKind {
    Mse,
    L1,
    SmoothL1(f64),
    Huber(f64),
    Bce,
    /// `pos_weight`: whether a `pos_weight` operand follows.
    BceWithLogits {
        pos_weight: bool,
    },
    KlDiv {
        log_target: bool,
    },
}

/// torch's `reduction`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reduction {
    None,
    Mean,
    Sum,
    /// `kl_div`'s: the sum over the batch size (dim 0).
    BatchMean,
}

impl Reduction {
    pub fn parse(op: &str, s: &str) -> Result<Reduction> {
        match s {
            "none" => Ok(Reduction::None),
            "mean" => Ok(Reduction::Mean),
            "sum" => Ok(Reduction::Sum),
            "batchmean" if op == "kl_div" => Ok(Reduction::BatchMean),
            other => Err(Error::Argument(format!(
                "{op}: reduction must be \"none\", \"mean\" or \"sum\"{}, got {other:?}",
                if op == "kl_div" {
                    " or \"batchmean\""
                } else {
                    ""
                }
            ))),
        }
    }

    /// torch's `_Reduction.legacy_get_string`: `reduce=False` → none, `size_average=False`
    /// → sum, else mean; `reduction` when neither legacy argument is given.
    pub fn legacy(
        op: &str,
        size_average: Option<bool>,
        reduce: Option<bool>,
        reduction: &str,
    ) -> Result<Reduction> {
        let name = if size_average.is_none() && reduce.is_none() {
            reduction
        } else if !reduce.unwrap_or(true) {
            "none"
        } else if !size_average.unwrap_or(true) {
            "sum"
        } else {
            "mean"
        };
        Reduction::parse(op, name)
    }
}

/// The loss rule. Operands: input, target, then `weight` if `weighted`, then `pos_weight`
/// for `BceWithLogits { pos_weight: true }`. As in torch, `weight` and `pos_weight` are
/// constants: they get no gradient.
#[derive(Clone)]
pub struct PointLoss {
    pub kind: LossKind,
    pub reduction: Reduction,
    pub weighted: bool,
}

impl<B: Backend> Op<B> {
    pub fn mse_loss() -> Self {
        Op::point_loss(LossKind::Mse, Reduction::Mean, false)
    }
    pub fn point_loss(kind: LossKind, reduction: Reduction, weighted: bool) -> Self {
        Op::PointLoss(PointLoss {
            kind,
            reduction,
            weighted,
        })
    }
}

/// `max(log(x), −100)` and `max(log1p(−x), −100)`: torch's clamped logs of bce.
fn clamped_logs<B: Backend>(x: &B::T) -> Result<(B::T, B::T)> {
    let l0 = B::scalar::<super::scalar::ClampMinScalar>(&B::unary::<Log>(x)?, -100.0)?;
    let l1 = B::scalar::<super::scalar::ClampMinScalar>(&B::unary::<Log1p>(&B::neg(x)?)?, -100.0)?;
    Ok((l0, l1))
}

/// `softplus(−x)`, i.e. `−log σ(x)`.
fn softplus_neg<B: Backend>(x: &B::T) -> Result<B::T> {
    B::pair::<Softplus>(&B::neg(x)?, 1.0, 20.0)
}

impl PointLoss {
    fn op_name(&self) -> &'static str {
        match self.kind {
            LossKind::Mse => "mse_loss",
            LossKind::L1 => "l1_loss",
            LossKind::SmoothL1(_) => "smooth_l1_loss",
            LossKind::Huber(_) => "huber_loss",
            LossKind::Bce => "binary_cross_entropy",
            LossKind::BceWithLogits { .. } => "binary_cross_entropy_with_logits",
            LossKind::KlDiv { .. } => "kl_div",
        }
    }

    fn pos_weighted(&self) -> bool {
        matches!(self.kind, LossKind::BceWithLogits { pos_weight: true })
    }

    /// The unweighted elementwise loss.
    fn elementwise<B: Backend>(&self, x: &B::T, t: &B::T, pw: Option<&B::T>) -> Result<B::T> {
        let d = || B::sub(x, t);
        match self.kind {
            LossKind::Mse => {
                let d = d()?;
                B::mul(&d, &d)
            }
            LossKind::L1 => B::unary::<Abs>(&d()?),
            LossKind::SmoothL1(beta) | LossKind::Huber(beta) => {
                let huber = matches!(self.kind, LossKind::Huber(_));
                let d = d()?;
                let a = B::unary::<Abs>(&d)?;
                if beta == 0.0 {
                    return if huber { B::mul_scalar(&a, 0.0) } else { Ok(a) };
                }
                let inside = lt_number::<B>(&a, beta)?;
                let sq = B::mul_scalar(&B::mul(&d, &d)?, 0.5)?;
                let lin = B::add_scalar(&a, -0.5 * beta)?;
                if huber {
                    select::<B>(&inside, &sq, &B::mul_scalar(&lin, beta)?)
                } else {
                    select::<B>(&inside, &B::mul_scalar(&sq, 1.0 / beta)?, &lin)
                }
            }
            LossKind::Bce => {
                let (l0, l1) = clamped_logs::<B>(x)?;
                B::sub(&B::mul(&B::add_scalar(t, -1.0)?, &l1)?, &B::mul(t, &l0)?)
            }
            LossKind::BceWithLogits { .. } => {
                let s = softplus_neg::<B>(x)?;
                let first = B::mul(&B::add_scalar(&B::neg(t)?, 1.0)?, x)?;
                let lw = match pw {
                    Some(p) => B::add_scalar(&B::mul(&B::add_scalar(p, -1.0)?, t)?, 1.0)?,
                    None => return B::add(&first, &s),
                };
                B::add(&first, &B::mul(&lw, &s)?)
            }
            LossKind::KlDiv { log_target } => {
                if log_target {
                    return B::mul(&B::exp(t)?, &B::sub(t, x)?);
                }
                // xlogy(t, t) − t x: 0 · log 0 is 0
                let tlogt = B::mul(t, &B::unary::<Log>(t)?)?;
                let xlogy =
                    select::<B>(&eq_number::<B>(t, 0.0)?, &number_like::<B>(t, 0.0)?, &tlogt)?;
                B::sub(&xlogy, &B::mul(t, x)?)
            }
        }
    }

    /// The partial derivatives of the unweighted elementwise loss in input and target.
    fn partials<B: Backend>(&self, x: &B::T, t: &B::T, pw: Option<&B::T>) -> Result<(B::T, B::T)> {
        let d = || B::sub(x, t);
        let dx = match self.kind {
            LossKind::Mse => B::mul_scalar(&d()?, 2.0)?,
            LossKind::L1 => B::unary::<Sign>(&d()?)?,
            LossKind::SmoothL1(beta) | LossKind::Huber(beta) => {
                let huber = matches!(self.kind, LossKind::Huber(_));
                let d = d()?;
                let sign = B::unary::<Sign>(&d)?;
                if beta == 0.0 {
                    if huber {
                        B::mul_scalar(&d, 0.0)?
                    } else {
                        sign
                    }
                } else {
                    let inside = lt_number::<B>(&B::unary::<Abs>(&d)?, beta)?;
                    if huber {
                        select::<B>(&inside, &d, &B::mul_scalar(&sign, beta)?)?
                    } else {
                        select::<B>(&inside, &B::mul_scalar(&d, 1.0 / beta)?, &sign)?
                    }
                }
            }
            LossKind::Bce => {
                // (x − t) / max((1 − x) x, 1e-12)
                let den = B::mul(&B::add_scalar(&B::neg(x)?, 1.0)?, x)?;
                let den = B::scalar::<super::scalar::ClampMinScalar>(&den, 1e-12)?;
                B::div(&d()?, &den)?
            }
            LossKind::BceWithLogits { .. } => {
                let z = B::unary::<Sigmoid>(x)?;
                match pw {
                    // (p t + 1 − t) σ(x) − p t
                    Some(p) => {
                        let pt = B::mul(p, t)?;
                        let c = B::add_scalar(&B::sub(&pt, t)?, 1.0)?;
                        B::sub(&B::mul(&c, &z)?, &pt)?
                    }
                    None => B::sub(&z, t)?,
                }
            }
            LossKind::KlDiv { log_target } => {
                if log_target {
                    B::neg(&B::exp(t)?)?
                } else {
                    B::neg(t)?
                }
            }
        };
        let dt = match self.kind {
            LossKind::Mse | LossKind::L1 | LossKind::SmoothL1(_) | LossKind::Huber(_) => {
                B::neg(&dx)?
            }
            LossKind::Bce => {
                let (l0, l1) = clamped_logs::<B>(x)?;
                B::sub(&l1, &l0)?
            }
            LossKind::BceWithLogits { .. } => match pw {
                // −x + (p − 1) softplus(−x)
                Some(p) => {
                    let s = softplus_neg::<B>(x)?;
                    B::sub(&B::mul(&B::add_scalar(p, -1.0)?, &s)?, x)?
                }
                None => B::neg(x)?,
            },
            LossKind::KlDiv { log_target } => {
                if log_target {
                    // e^t (t − x + 1)
                    B::mul(&B::exp(t)?, &B::add_scalar(&B::sub(t, x)?, 1.0)?)?
                } else {
                    // log t + 1 − x, none where t = 0
                    let v = B::sub(&B::add_scalar(&B::unary::<Log>(t)?, 1.0)?, x)?;
                    select::<B>(&eq_number::<B>(t, 0.0)?, &number_like::<B>(t, 0.0)?, &v)?
                }
            }
        };
        Ok((dx, dt))
    }

    /// The count a `mean` divides by: every element (`batchmean`: the batch size).
    fn denominator(&self, shape: &[i64]) -> f64 {
        match self.reduction {
            Reduction::BatchMean => shape.first().copied().unwrap_or(1) as f64,
            _ => shape.iter().product::<i64>() as f64,
        }
    }
}

impl<B: Backend> Rule<B> for PointLoss {
    fn name(&self) -> &'static str {
        self.op_name()
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2 + usize::from(self.weighted) + usize::from(self.pos_weighted()))
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let name = self.op_name();
        same_shape(name, shapes[0], shapes[1])?;
        for s in &shapes[2..] {
            if broadcast_shapes(name, shapes[0], s)? != shapes[0] {
                return Err(Error::Shape(format!(
                    "{name}: a weight of shape {s:?} does not broadcast to the input's {:?}",
                    shapes[0]
                )));
            }
        }
        Ok(match self.reduction {
            Reduction::None => shapes[0].to_vec(),
            _ => Vec::new(),
        })
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let (x, t) = (xs[0].get(), xs[1].get());
        if self.kind == LossKind::Bce {
            check_probabilities::<B>(x)?;
        }
        let pw = self.pos_weighted().then(|| xs[xs.len() - 1].get());
        let mut e = self.elementwise::<B>(x, t, pw)?;
        if self.weighted {
            e = B::mul(&e, xs[2].get())?;
        }
        fresh(match self.reduction {
            Reduction::None => e,
            Reduction::Sum => B::sum_dims(&e, &[], false)?,
            Reduction::Mean | Reduction::BatchMean => {
                // an empty mean is NaN (0 · ∞), as torch
                let n = self.denominator(&B::shape(x));
                B::mul_scalar(&B::sum_dims(&e, &[], false)?, 1.0 / n)?
            }
        })
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let (x, t) = (cx.xs[0].get(), cx.xs[1].get());
        let shape = B::shape(x);
        let pw = self.pos_weighted().then(|| cx.xs[cx.xs.len() - 1].get());
        // The cotangent of each element: g itself (none), or g (/ n) broadcast.
        let g = match self.reduction {
            Reduction::None | Reduction::Sum => B::copy(cx.g.get())?,
            Reduction::Mean | Reduction::BatchMean => {
                B::mul_scalar(cx.g.get(), 1.0 / self.denominator(&shape))?
            }
        };
        let g = if self.weighted {
            B::mul(&g, cx.xs[2].get())?
        } else {
            g
        };
        let (dx, dt) = self.partials::<B>(x, t, pw)?;
        let mut out: Cotangents<B> = Vec::with_capacity(cx.xs.len()); // bounded: one per operand
        for (i, d) in [dx, dt].into_iter().enumerate() {
            out.push(if cx.needs[i] {
                Some(grad_value::<B>(B::mul(&d, &g)?))
            } else {
                None
            });
        }
        // torch: weight and pos_weight are not differentiable (constants).
        out.resize_with(cx.xs.len(), || None);
        Ok(out)
    }
}

/// `binary_cross_entropy` takes probabilities: every input element in `[0, 1]` (NaN
/// makes the sum NaN; an interval must lie inside `[0, 1]`).
fn check_probabilities<B: Backend>(x: &B::T) -> Result<()> {
    let outside = B::add(
        &B::binary::<GtMask>(x, &number_like::<B>(x, 1.0)?)?,
        &lt_number::<B>(x, 0.0)?,
    )?;
    let count = B::sum_dims(&outside, &[], false)?;
    let total = B::sum_dims(x, &[], false)?;
    let count = B::to_f64(&count)?.first().copied().unwrap_or(0.0);
    let total = B::to_f64(&total)?.first().copied().unwrap_or(0.0);
    if count != 0.0 || total.is_nan() {
        return Err(Error::Argument(
            "binary_cross_entropy: all elements of input should be between 0 and 1".into(),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads, data, dt, positive, session};
    use crate::session::Operand;
    use tch::{Reduction as R, Tensor};

    fn loss(
        kind: LossKind,
        reduction: Reduction,
    ) -> impl Fn(
        &mut crate::ops::testing::Sess,
        &[crate::handles::Handle],
    ) -> Result<crate::handles::Handle> {
        move |s, h| s.record(Op::point_loss(kind, reduction, h.len() > 2), h)
    }

    #[test]
    fn mse_gradients_are_opposite_for_prediction_and_target() {
        // L = (1/n) Σ (a − b)²: dL/da = 2 (a − b) / n, dL/db = −2 (a − b) / n
        check_grads(
            &[data(&[3, 4], 110), data(&[3, 4], 111)],
            loss(LossKind::Mse, Reduction::Mean),
            |t| t[0].mse_loss(&t[1], R::Mean),
        );
    }

    #[test]
    fn l1_smooth_l1_and_huber_gradients_on_both_sides_of_the_kink() {
        check_grads(
            &[data(&[3, 4], 120), data(&[3, 4], 121)],
            loss(LossKind::L1, Reduction::Sum),
            |t| t[0].l1_loss(&t[1], R::Sum),
        );
        check_grads(
            &[data(&[3, 4], 122), data(&[3, 4], 123)],
            loss(LossKind::SmoothL1(0.5), Reduction::None),
            |t| t[0].smooth_l1_loss(&t[1], R::None, 0.5),
        );
        check_grads(
            &[data(&[3, 4], 124), data(&[3, 4], 125)],
            loss(LossKind::Huber(0.4), Reduction::Mean),
            |t| t[0].huber_loss(&t[1], R::Mean, 0.4),
        );
    }

    #[test]
    fn bce_gradients_with_a_weight() {
        // probabilities in (0, 1); the (constant) weight broadcasts over rows
        let p = (data(&[3, 4], 126) * 0.4) + 0.5;
        let t = (data(&[3, 4], 127) * 0.5) + 0.5;
        let w = positive(&[4], 128);
        let w2 = w.copy();
        check_grads(
            &[p, t],
            move |s, h| {
                let operands = vec![
                    Operand::Node(h[0]),
                    Operand::Node(h[1]),
                    Operand::Data(dt(&w2)),
                ];
                s.apply(
                    Op::point_loss(LossKind::Bce, Reduction::Mean, true),
                    operands,
                )
            },
            move |t| t[0].binary_cross_entropy(&t[1], Some(&w), R::Mean),
        );
    }

    #[test]
    fn bce_with_logits_gradients_with_pos_weight() {
        let t = (data(&[3, 4], 130) * 0.5) + 0.5;
        let pw = positive(&[4], 131);
        let pw2 = pw.copy();
        let kind = LossKind::BceWithLogits { pos_weight: true };
        check_grads(
            &[data(&[3, 4], 129) * 3.0, t],
            move |s, h| {
                let operands = vec![
                    Operand::Node(h[0]),
                    Operand::Node(h[1]),
                    Operand::Data(dt(&pw2)),
                ];
                s.apply(Op::point_loss(kind, Reduction::Sum, false), operands)
            },
            move |t| {
                t[0].binary_cross_entropy_with_logits(&t[1], None::<&Tensor>, Some(&pw), R::Sum)
            },
        );
    }

    #[test]
    fn kl_div_gradients_with_and_without_log_targets() {
        check_grads(
            &[data(&[3, 4], 132), positive(&[3, 4], 133)],
            loss(LossKind::KlDiv { log_target: false }, Reduction::Sum),
            |t| t[0].kl_div(&t[1], R::Sum, false),
        );
        check_grads(
            &[data(&[3, 4], 134), data(&[3, 4], 135)],
            loss(LossKind::KlDiv { log_target: true }, Reduction::Mean),
            |t| t[0].kl_div(&t[1], R::Mean, true),
        );
    }

    #[test]
    fn losses_reject_different_shapes() {
        // (3,) vs (1,3): no broadcasting between input and target; nothing is recorded
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
