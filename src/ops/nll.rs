//! `cross_entropy` and `nll_loss` over a class dim (dim 1, or dim 0 of a `(C,)` input):
//! one rule, [`ClassLoss`], for class-index and probability targets, class weights,
//! `ignore_index`, label smoothing and every reduction. Each is a loss linear in the
//! log-probabilities `z` (`log_softmax(x)` for cross entropy, the input itself for
//! `nll_loss`): `ℓ = −Σ_c A_c z_c` per position, with a coefficient tensor `A` of the
//! input's shape that the session builds from the target (see `session/loss.rs`) and the
//! node keeps as its workspace (as many bytes as torch's one-hot or probability target).

use std::sync::OnceLock;

use super::{fresh, grad_value, viewed, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::class_targets::{IdsLoss, IdsSaved};
use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::error::{Error, Result};
use crate::ledger::Category;
use crate::ops::Arith;

pub use super::loss::Reduction;

/// What the loss weighs the log-probabilities with (owned by the node).
pub enum Terms<B: Backend> {
    /// `A`: the weight of each log-probability, of the input's shape; `denom`: what `mean`
    /// divides by, the summed class weights of the counted targets (class indices) or the
    /// number of positions (probabilities).
    Dense { a: Value<B>, denom: f64 },
    /// Class ids `(N,)` of a 2-D input `(N, C)` (no label smoothing), for a backend with a
    /// class-id kernel (`Backend::class_ids_loss`: torch's own `nll_loss` kernels, reduction
    /// included): `A` is then one-hot rows scaled by `w[t]`, never made.
    Ids(IdTerms<B>),
}

/// The class-id kernel's operands, owned by the node.
pub struct IdTerms<B: Backend> {
    /// The ids, int64, checked (each a class or `ignore_index`).
    pub ids: Value<B>,
    /// The class weights `(C,)` in the input's dtype.
    pub weight: Option<Value<B>>,
    pub ignore_index: i64,
    /// Set by the forward (again by the forward that recomputes a value a checkpointed
    /// block released): the log-probabilities (cross entropy) and the total weight, which
    /// the backward reads in place of the input, as torch's; freed with the node.
    pub saved: OnceLock<IdsSaved<Value<B>>>,
}

impl<B: Backend> IdTerms<B> {
    fn args(&self, reduction: Reduction) -> IdsLoss<'_, B::T> {
        IdsLoss {
            ids: self.ids.get(),
            weight: self.weight.as_ref().map(|w| w.get()),
            ignore_index: self.ignore_index,
            reduction: match reduction {
                Reduction::None => 0,
                Reduction::Mean | Reduction::BatchMean => 1,
                Reduction::Sum => 2,
            },
        }
    }
}

pub struct ClassLoss<B: Backend> {
    pub terms: Terms<B>,
    pub class_dim: i64,
    pub reduction: Reduction,
    /// Cross entropy (the input is logits) rather than `nll_loss` (log-probabilities).
    pub log_softmax: bool,
}

impl<B: Backend> ClassLoss<B> {
    /// The backward of the class-id kernel from what its forward saved.
    fn ids_backward(&self, t: &IdTerms<B>, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let saved = t.saved.get().ok_or_else(|| {
            Error::Backend(format!(
                "{}: backward before its forward",
                <Self as Rule<B>>::name(self)
            ))
        })?;
        let saved = IdsSaved {
            log_probs: saved.log_probs.as_ref().map(|z| z.get()),
            total_weight: saved.total_weight.get(),
        };
        let args = t.args(self.reduction);
        let x = cx.xs[0].get();
        let dx = B::class_ids_loss_backward(cx.g.get(), x, &args, &saved, self.log_softmax)?;
        Ok(vec![Some(grad_value(dx))])
    }

    /// The input's shape with the class dim kept as 1.
    fn kept(&self, input: &[i64]) -> Vec<i64> {
        let mut s = input.to_vec();
        if !s.is_empty() {
            s[self.class_dim as usize] = 1;
        }
        s
    }
}

impl<B: Backend> Rule<B> for ClassLoss<B> {
    fn name(&self) -> &'static str {
        if self.log_softmax {
            "cross_entropy"
        } else {
            "nll_loss"
        }
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn workspace(&self) -> Vec<&Value<B>> {
        match &self.terms {
            Terms::Dense { a, .. } => vec![a],
            Terms::Ids(t) => {
                let saved = t.saved.get();
                let z = saved.and_then(|s| s.log_probs.as_ref());
                let total = saved.map(|s| &s.total_weight);
                [Some(&t.ids)]
                    .into_iter()
                    .chain([t.weight.as_ref(), z, total])
                    .flatten()
                    .collect()
            }
        }
    }
    fn forget_workspace(&mut self) {
        if let Terms::Ids(t) = &mut self.terms {
            t.saved.take();
        }
    }
    /// The class-id kernels' cross-entropy backward reads the saved log-probabilities,
    /// not the logits.
    fn saves_operand(&self, _i: usize, _needs: &[bool]) -> bool {
        !(self.log_softmax && matches!(self.terms, Terms::Ids(_)))
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        false
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let fits = match &self.terms {
            Terms::Dense { a, .. } => B::shape(a.get()) == shapes[0],
            Terms::Ids(t) => shapes[0].len() == 2 && B::shape(t.ids.get()) == shapes[0][..1],
        };
        if !fits {
            return Err(Error::Shape(format!(
                "{}: input of shape {:?} for targets of another shape",
                <Self as Rule<B>>::name(self),
                shapes[0]
            )));
        }
        Ok(match self.reduction {
            Reduction::None => {
                let mut s = shapes[0].to_vec();
                s.remove(self.class_dim as usize);
                s
            }
            _ => Vec::new(),
        })
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let x = xs[0].get();
        let (per, denom) = match &self.terms {
            Terms::Dense { a, denom } => {
                let z = if self.log_softmax {
                    B::log_softmax(x, self.class_dim)?
                } else {
                    B::copy(x)?
                };
                let weighted = B::mul(&z, a.get())?;
                let per = B::neg(&B::sum_dims(&weighted, &[self.class_dim], false)?)?;
                (per, *denom)
            }
            Terms::Ids(t) => {
                let f = B::class_ids_loss(x, &t.args(self.reduction), self.log_softmax)?;
                let keep = |v| Tracked::owned(v, Category::Tape);
                let _ = t.saved.set(IdsSaved {
                    log_probs: f.saved.log_probs.map(keep),
                    total_weight: keep(f.saved.total_weight),
                });
                return fresh(f.loss);
            }
        };
        fresh(match self.reduction {
            Reduction::None => per,
            Reduction::Sum => B::sum_dims(&per, &[], false)?,
            // all targets ignored: 0 / 0 = NaN, as torch
            _ => B::div(
                &B::sum_dims(&per, &[], false)?,
                &B::full(&[], denom, B::dtype(x), B::device(x))?,
            )?,
        })
    }
    /// Cross entropy: `dx = (softmax(x) Σ_c A_c − A) g`; nll: `dz = −A g` (g per position,
    /// or the loss's cotangent divided by the denominator for `mean`).
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let x = cx.xs[0].get();
        let (a, denom) = match &self.terms {
            Terms::Ids(t) => return self.ids_backward(t, cx),
            Terms::Dense { a, denom } => (a.get(), *denom),
        };
        let shape = B::shape(x);
        let g = match self.reduction {
            Reduction::None => viewed::<B>(cx.g.get(), &self.kept(&shape))?,
            Reduction::Sum => B::copy(cx.g.get())?,
            // torch's nll_loss_backward divides by the total weight; with every target
            // ignored it writes no position, so the gradient is 0 (not 0 · inf)
            _ if denom == 0.0 => B::mul_scalar(cx.g.get(), 0.0)?,
            _ => B::div_scalar(cx.g.get(), denom)?,
        };
        let d = if self.log_softmax {
            let total = B::sum_dims(a, &[self.class_dim], true)?;
            B::sub(&B::mul(&B::softmax(x, self.class_dim)?, &total)?, a)?
        } else {
            B::neg(a)?
        };
        Ok(vec![Some(grad_value(B::mul(&d, &g)?))])
    }
}

impl<B: Backend> Op<B> {
    pub fn class_loss(loss: ClassLoss<B>) -> Self {
        Op::ClassLoss(Box::new(loss))
    }
}

/// `cross_entropy` and `nll_loss` as torch's functions, each a `Session` entry point (the
/// core decides what the target is), for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Compute the cross entropy loss between input logits and target.
            ///
            /// `log_softmax` over the class dim (dim 1, or dim 0 of a 1-D input) followed by the negative
            /// log-likelihood, in one node. `target` is either class indices (int64 or int32: a tensor or
            /// integer array data, of the input's shape without the class dim) or class probabilities
            /// (floating, of the input's shape). `input` gets the gradient; a probability target that requires
            /// grad gets one too (recorded as the composition of its parts). The class `weight` is read as
            /// numbers and is a constant. The legacy positional form `et.cross_entropy(logits, class_ids)` with
            /// numpy ids works.
            ///
            /// Args:
            ///     input (Tensor): logits, `(C)`, `(N, C)` or `(N, C, d1, ..., dK)`.
            ///     target (Tensor or array): class indices or class probabilities (see above).
            ///     weight (Tensor, optional): a manual rescaling weight given to each class, `(C)`.
            ///         Default: ``None``.
            ///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            ///         maps it. Default: ``None``.
            ///     ignore_index (int): a class index that is ignored and does not contribute to the
            ///         input gradient; with ``"mean"``, the mean is over the other targets. Only for
            ///         class-index targets. Default: ``-100``.
            ///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            ///         Default: ``None``.
            ///     reduction (str): ``"none"``, ``"mean"`` (the weighted mean, as torch) or ``"sum"``.
            ///         Default: ``"mean"``.
            ///     label_smoothing (float): in `[0, 1]`; the amount of smoothing, the target becoming a
            ///         mix of the original and a uniform distribution. Default: ``0.0``.
            ///
            /// Returns:
            ///     Tensor: a scalar, or the per-element losses with ``reduction="none"``.
            ///
            /// Raises:
            ///     ClassIndexError: a class index outside `[0, C)` that is not `ignore_index`.
            ///     ShapeError: the target's or the weight's shape does not fit the input.
            ///     DTypeError: a bool target, or a floating target of another shape than the input.
            ///     ArgumentError: an unknown `reduction`, or `label_smoothing` outside `[0, 1]`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[2.0, 0.0], [0.0, 2.0]])
            ///     ...     round(et.cross_entropy(x, et.tensor([0, 1])).item(), 4)
            ///     ...     round(et.cross_entropy(x, et.tensor([[1.0, 0.0], [0.0, 1.0]])).item(), 4)
            ///     ...     tuple(et.cross_entropy(x, et.tensor([0, -100]), reduction="none").shape)
            ///     0.1269
            ///     0.1269
            ///     (2,)
            fn cross_entropy(input: Tensor, target: ClassTarget;
                weight: Option<ClassWeight> = None, size_average: Option<bool> = None,
                ignore_index: i64 = (-100), reduce: Option<bool> = None,
                reduction: Str = "mean", label_smoothing: f64 = 0.0)
                = @session Session::functional_cross_entropy;

            /// Compute the negative log likelihood loss.
            ///
            /// `input` holds log-probabilities (e.g. from `log_softmax`) with the classes in dim 1 (dim 0 of a
            /// 1-D input); `target` holds class indices (int64 or int32, a tensor or integer array data) of the
            /// input's shape without the class dim. Records one node; `input` gets the gradient, the class
            /// `weight` is read as numbers and is a constant.
            ///
            /// Args:
            ///     input (Tensor): log-probabilities, `(C)`, `(N, C)` or `(N, C, d1, ..., dK)`.
            ///     target (Tensor or array): class indices.
            ///     weight (Tensor, optional): a manual rescaling weight given to each class, `(C)`.
            ///         Default: ``None``.
            ///     size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            ///         maps it. Default: ``None``.
            ///     ignore_index (int): a class index that is ignored and does not contribute to the
            ///         input gradient; with ``"mean"``, the mean is over the other targets.
            ///         Default: ``-100``.
            ///     reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            ///         Default: ``None``.
            ///     reduction (str): ``"none"``, ``"mean"`` (the weighted mean, as torch) or ``"sum"``.
            ///         Default: ``"mean"``.
            ///
            /// Returns:
            ///     Tensor: a scalar, or the per-element losses with ``reduction="none"``.
            ///
            /// Raises:
            ///     ClassIndexError: a class index outside `[0, C)` that is not `ignore_index`.
            ///     ShapeError: the target's or the weight's shape does not fit the input.
            ///     DTypeError: the target is not class indices.
            ///     ArgumentError: an unknown `reduction`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     log_probs = et.tensor([[-1.0, -2.0], [-3.0, -0.5]])
            ///     ...     et.nll_loss(log_probs, et.tensor([0, 1])).item()
            ///     0.75
            fn nll_loss(input: Tensor, target: ClassTarget;
                weight: Option<ClassWeight> = None, size_average: Option<bool> = None,
                ignore_index: i64 = (-100), reduce: Option<bool> = None,
                reduction: Str = "mean")
                = @session Session::functional_nll_loss;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::dynamic::Dyn;
    use crate::ops::testing::{check_grads, data, dt, positive};
    use crate::session::loss::{ClassLossOptions, Target};
    use tch::{Reduction as R, Tensor};

    fn classes(ids: &[i64], shape: &[i64]) -> Target<crate::backend::dynamic::Dyn> {
        Target::Classes {
            ids: crate::backend::dynamic::DynTensor::Torch(Tensor::from_slice(ids).reshape(shape)),
            shape: shape.to_vec(),
        }
    }

    #[test]
    fn cross_entropy_of_spatial_inputs_with_weights_ignore_index_and_smoothing() {
        // (N, C, d) = (2, 3, 2); one ignored position; weighted mean over the counted ones
        let ids = [0i64, 2, -100, 1];
        let w = [0.5, 2.0, 1.5];
        for (reduction, tr) in [
            (Reduction::Mean, R::Mean),
            (Reduction::Sum, R::Sum),
            (Reduction::None, R::None),
        ] {
            check_grads(
                &[data(&[2, 3, 2], 600)],
                move |s, h| {
                    let opts = ClassLossOptions {
                        weight: Some(w.to_vec()),
                        ignore_index: -100,
                        reduction,
                        label_smoothing: 0.2,
                    };
                    s.class_loss(h[0], classes(&ids, &[2, 2]), &opts, true)
                },
                move |t| {
                    let target = Tensor::from_slice(&ids).reshape([2, 2]);
                    let wt = Tensor::from_slice(&w);
                    t[0].cross_entropy_loss(&target, Some(&wt), tr, -100, 0.2)
                },
            );
        }
    }

    #[test]
    fn cross_entropy_of_class_ids_with_weights_and_an_ignored_position_per_reduction() {
        // a 2-D input: torch's own kernels (log_softmax, nll_loss_forward and backward)
        let ids = [0i64, 2, -100, 1, 2];
        let w = [0.5, 2.0, 1.5];
        for (reduction, tr) in [
            (Reduction::Mean, R::Mean),
            (Reduction::Sum, R::Sum),
            (Reduction::None, R::None),
        ] {
            check_grads(
                &[data(&[5, 3], 610)],
                move |s, h| {
                    let opts = ClassLossOptions {
                        weight: Some(w.to_vec()),
                        reduction,
                        ..Default::default()
                    };
                    s.class_loss(h[0], classes(&ids, &[5]), &opts, true)
                },
                move |t| {
                    let wt = Tensor::from_slice(&w);
                    t[0].cross_entropy_loss(&Tensor::from_slice(&ids), Some(&wt), tr, -100, 0.0)
                },
            );
        }
    }

    #[test]
    fn cross_entropy_with_every_class_id_ignored_is_nan_with_a_zero_gradient() {
        // torch: mean over no counted position is 0 / 0; its backward writes no position
        let mut s = crate::ops::testing::session();
        let p = crate::ops::testing::param(&data(&[2, 3], 611), "x");
        let x = s.use_param(&p).unwrap();
        let opts = ClassLossOptions::default();
        let loss = s
            .class_loss(x, classes(&[-100, -100], &[2]), &opts, true)
            .unwrap();
        let value = Dyn::to_f64(s.value(loss).unwrap().get()).unwrap();
        assert!(value[0].is_nan(), "{value:?}");
        let grads = s.backward(loss).unwrap();
        let g = grads.get(p.id()).unwrap().value("test").unwrap();
        let g = Dyn::to_f64(g.get()).unwrap();
        assert_eq!(g, vec![0.0; 6]);
        grads.release();
    }

    #[test]
    fn nll_loss_of_log_probabilities_with_an_ignored_class() {
        // dz = −w[t] g / Σ w[t] at each target, 0 elsewhere
        let ids = [1i64, 3, 0, 3];
        check_grads(
            &[data(&[4, 3], 601)],
            move |s, h| {
                let opts = ClassLossOptions {
                    ignore_index: 3,
                    ..Default::default()
                };
                s.class_loss(h[0], classes(&ids, &[4]), &opts, false)
            },
            move |t| t[0].nll_loss_nd(&Tensor::from_slice(&ids), None::<&Tensor>, R::Mean, 3),
        );
    }

    #[test]
    fn cross_entropy_of_a_single_sample_with_a_0d_target() {
        check_grads(
            &[data(&[5], 602)],
            |s, h| s.class_loss(h[0], classes(&[3], &[]), &ClassLossOptions::default(), true),
            |t| {
                let target = Tensor::from(3i64);
                t[0].cross_entropy_loss(&target, None::<&Tensor>, R::Mean, -100, 0.0)
            },
        );
    }

    #[test]
    fn cross_entropy_with_probability_targets_constant_and_differentiable() {
        // constant probabilities: the fused rule; probabilities that require grad: the
        // composition, which also gives d/dt = −(1 − ε) log_softmax(x) g / positions
        let p = positive(&[3, 4], 603);
        let p = &p / p.sum_dim_intlist(&[1i64][..], true, tch::Kind::Double);
        let p2 = p.copy();
        check_grads(
            &[data(&[3, 4], 604)],
            move |s, h| {
                let t = s.input(&dt(&p2), false)?;
                let opts = ClassLossOptions {
                    label_smoothing: 0.1,
                    ..Default::default()
                };
                s.class_loss(h[0], Target::Probabilities(t), &opts, true)
            },
            move |t| t[0].cross_entropy_loss(&p, None::<&Tensor>, R::Mean, -100, 0.1),
        );
        check_grads(
            &[data(&[3, 4], 605), positive(&[3, 4], 606)],
            |s, h| {
                let opts = ClassLossOptions {
                    weight: Some(vec![1.0, 0.5, 2.0, 1.5]),
                    reduction: Reduction::Sum,
                    ..Default::default()
                };
                s.class_loss(h[0], Target::Probabilities(h[1]), &opts, true)
            },
            |t| {
                let w = Tensor::from_slice(&[1.0, 0.5, 2.0, 1.5]);
                t[0].cross_entropy_loss(&t[1], Some(&w), R::Sum, -100, 0.0)
            },
        );
    }

    #[test]
    fn class_ids_outside_the_classes_are_refused_unless_ignored() {
        let mut s = crate::ops::testing::session();
        let x = s.input(&dt(&data(&[2, 3], 607)), false).unwrap();
        let before = s.tape_len();
        let bad = s.class_loss(
            x,
            classes(&[0, 3], &[2]),
            &ClassLossOptions::default(),
            true,
        );
        assert!(matches!(bad, Err(Error::Index(_))), "{:?}", bad.err());
        let bad = s.class_loss(x, classes(&[0], &[1]), &ClassLossOptions::default(), true);
        assert!(matches!(bad, Err(Error::Shape(_))), "{:?}", bad.err());
        assert_eq!(s.tape_len(), before);
        let ok = ClassLossOptions {
            ignore_index: 3,
            ..Default::default()
        };
        assert!(s.class_loss(x, classes(&[0, 3], &[2]), &ok, true).is_ok());
    }
}
