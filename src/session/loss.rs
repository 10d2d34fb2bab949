//! `cross_entropy` and `nll_loss` with torch's full signature: the target is checked and
//! turned into the coefficient tensor of [`ClassLoss`] (see `ops/nll.rs`), which the node
//! owns. Class indices (int64, shaped as the input without its class dim) may be
//! `ignore_index`; every other id must be in `[0, C)` (`ClassIndexError`). Probability
//! targets have the input's shape; one that requires grad is recorded as the composition
//! `−Σ (t (1 − ε) + ε / C) w log_softmax(x)` so that it gets its gradient too.

use std::sync::{Arc, OnceLock};

use super::Session;
use crate::backend::class_targets::ClassTargets;
use crate::backend::Backend;
use crate::buffer::Tracked;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::ledger::Category;
use crate::ops::binary::BinaryOp;
use crate::ops::nll::{ClassLoss, IdTerms, Reduction, Terms};
use crate::ops::scalar::ScalarOp;
use crate::ops::view::ShapeView;
use crate::ops::Arith;
use crate::ops::Op;
use crate::session::Operand;
use crate::tape::Handle;

/// What a class loss compares its input with.
pub enum Target<B: Backend> {
    /// Class indices (int64 data, on any device: moved to the session's) and their shape.
    Classes { ids: B::T, shape: Vec<i64> },
    /// A recorded probability tensor of the input's shape.
    Probabilities(Handle),
}

/// A class loss's target as a binding hands it over: the target, and its index among the
/// arguments of a capture in progress when it is one.
pub struct ClassTarget<B: Backend> {
    pub target: TargetArg<B>,
    pub argument: Option<usize>,
}

/// A class loss's target as the caller has it, before the core decides what it is.
pub enum TargetArg<B: Backend> {
    /// A tensor of the session: int data are class ids, floats of the input's shape
    /// probabilities.
    Node(Handle),
    /// Host data as a tensor: integers (`integral`, or an empty array) are class ids, other
    /// numbers probabilities of the input's shape; bools are refused. `dtype` is the data's
    /// own dtype, for errors.
    Host {
        data: B::T,
        integral: bool,
        boolean: bool,
        dtype: &'static str,
    },
}

/// torch's keyword arguments of `cross_entropy` / `nll_loss`.
#[derive(Clone)]
pub struct ClassLossOptions {
    pub weight: Option<Vec<f64>>,
    pub ignore_index: i64,
    pub reduction: Reduction,
    pub label_smoothing: f64,
}

impl Default for ClassLossOptions {
    fn default() -> Self {
        ClassLossOptions {
            weight: None,
            ignore_index: -100,
            reduction: Reduction::Mean,
            label_smoothing: 0.0,
        }
    }
}

impl<B: Backend> Session<B> {
    /// Mean cross entropy of `(n, c)` logits against class ids (the legacy form).
    pub fn cross_entropy(&mut self, logits: Handle, class_ids: &[i64]) -> Result<Handle> {
        let shape = vec![class_ids.len() as i64];
        let ids: Vec<f64> = class_ids.iter().map(|&i| i as f64).collect();
        let ids = B::from_f64(
            &ids,
            &shape,
            crate::config::DType::Int64,
            self.config.device,
        )?;
        let target = Target::Classes { ids, shape };
        self.class_loss(logits, target, &ClassLossOptions::default(), true)
    }

    /// `cross_entropy` (`log_softmax` true) or `nll_loss` (`name`) of `input` against a
    /// target as given: class ids or probabilities, decided as torch decides (see
    /// [`TargetArg`]). All or nothing.
    pub fn class_loss_of(
        &mut self,
        name: &str,
        input: Handle,
        target: TargetArg<B>,
        opts: &ClassLossOptions,
        log_softmax: bool,
    ) -> Result<Handle> {
        let input_shape = self.shape(input)?;
        let not_ids = |what: String, shape: &[i64]| {
            Error::DType(format!(
                "{name}: class ids must be integers, got {what} of shape {shape:?} \
                 (probabilities need the input's shape {input_shape:?})"
            ))
        };
        let bool_ids = || Error::DType(format!("{name}: class ids must be integers, got bool"));
        match target {
            // Inside a capture, one entry that a replay makes again from the replayed
            // target's ids (its unit holds this call's ids).
            TargetArg::Node(h) if self.capturing_entries() => {
                let name: &'static str = if name == "nll_loss" {
                    "nll_loss"
                } else {
                    "cross_entropy"
                };
                let opts = opts.clone();
                let redo = move |s: &mut Session<B>, xs: &[Handle]| {
                    s.class_loss_of(name, xs[0], TargetArg::Node(xs[1]), &opts, log_softmax)
                };
                self.composite(name, &[input, h], Arc::new(redo))
            }
            TargetArg::Node(h) => {
                let (dtype, shape) = (self.dtype_of(h)?, self.shape(h)?);
                let target = match dtype {
                    // The session's own data: already on its device.
                    DType::Int64 | DType::Int32 => {
                        let v = self.value(h)?;
                        let ids = B::convert(v.get(), DType::Int64, B::device(v.get()))?;
                        Target::Classes { ids, shape }
                    }
                    DType::Bool => return Err(bool_ids()),
                    _ if shape == input_shape => Target::Probabilities(h),
                    d => return Err(not_ids(d.to_string(), &shape)),
                };
                self.class_loss(input, target, opts, log_softmax)
            }
            TargetArg::Host {
                data,
                integral,
                boolean,
                dtype,
            } => {
                let shape = B::shape(&data);
                if boolean {
                    return Err(bool_ids());
                }
                if integral || shape.contains(&0) {
                    let ids = B::convert(&data, DType::Int64, self.config.device)?;
                    let target = Target::Classes { ids, shape };
                    return self.class_loss(input, target, opts, log_softmax);
                }
                if shape != input_shape {
                    return Err(not_ids(format!("dtype {dtype}"), &shape));
                }
                // Probabilities: a constant of the input's dtype, recorded with the loss.
                let t = {
                    let _guard = B::no_grad();
                    B::convert(&data, self.dtype_of(input)?, self.config.device)?
                };
                self.all_or_nothing(|s| {
                    let p = s.input_owned_as(t, None, false)?;
                    s.class_loss(input, Target::Probabilities(p), opts, log_softmax)
                })
            }
        }
    }

    /// torch's `F.cross_entropy(input, target, weight, size_average, ignore_index, reduce,
    /// reduction, label_smoothing)`: `log_softmax` over the class dim, then the negative
    /// log-likelihood, in one node (see [`Session::class_loss_of`]). The weights are numbers.
    #[allow(clippy::too_many_arguments)]
    pub fn functional_cross_entropy(
        &mut self,
        input: Handle,
        target: ClassTarget<B>,
        weight: Option<Vec<f64>>,
        size_average: Option<bool>,
        ignore_index: i64,
        reduce: Option<bool>,
        reduction: String,
        label_smoothing: f64,
    ) -> Result<Handle> {
        let reduction = Reduction::legacy("cross_entropy", size_average, reduce, &reduction)?;
        let opts = ClassLossOptions {
            weight,
            ignore_index,
            reduction,
            label_smoothing,
        };
        self.class_loss_given("cross_entropy", input, target, &opts, true)
    }

    /// torch's `F.nll_loss(input, target, weight, size_average, ignore_index, reduce,
    /// reduction)` of log-probabilities `input`.
    #[allow(clippy::too_many_arguments)]
    pub fn functional_nll_loss(
        &mut self,
        input: Handle,
        target: ClassTarget<B>,
        weight: Option<Vec<f64>>,
        size_average: Option<bool>,
        ignore_index: i64,
        reduce: Option<bool>,
        reduction: String,
    ) -> Result<Handle> {
        let reduction = Reduction::legacy("nll_loss", size_average, reduce, &reduction)?;
        let opts = ClassLossOptions {
            weight,
            ignore_index,
            reduction,
            label_smoothing: 0.0,
        };
        self.class_loss_given("nll_loss", input, target, &opts, false)
    }

    /// A class loss of a target that may be an argument of a capture in progress (then one
    /// entry a replay makes again from the replayed target: `class_loss_argument`).
    fn class_loss_given(
        &mut self,
        name: &str,
        input: Handle,
        target: ClassTarget<B>,
        opts: &ClassLossOptions,
        log_softmax: bool,
    ) -> Result<Handle> {
        match target.argument {
            Some(k) => self.class_loss_argument(name, input, target.target, k, opts, log_softmax),
            None => self.class_loss_of(name, input, target.target, opts, log_softmax),
        }
    }

    /// `cross_entropy` (`log_softmax` true) or `nll_loss` of `input` against `target`.
    pub fn class_loss(
        &mut self,
        input: Handle,
        target: Target<B>,
        opts: &ClassLossOptions,
        log_softmax: bool,
    ) -> Result<Handle> {
        let name = if log_softmax {
            "cross_entropy"
        } else {
            "nll_loss"
        };
        let shape = self.shape(input)?;
        if shape.is_empty() {
            return Err(Error::Shape(format!(
                "{name}: the input needs a class dim, got a 0-d tensor"
            )));
        }
        let class_dim = usize::from(shape.len() >= 2);
        let classes = shape[class_dim];
        if !(0.0..=1.0).contains(&opts.label_smoothing) {
            return Err(Error::Argument(format!(
                "{name}: label_smoothing must be in [0, 1], got {}",
                opts.label_smoothing
            )));
        }
        if let Some(w) = &opts.weight {
            if w.len() as i64 != classes {
                return Err(Error::Shape(format!(
                    "{name}: a weight of {} elements for {classes} classes",
                    w.len()
                )));
            }
        }
        let dtype = self.dtype_of(input)?;
        let device = self.config.device;
        let terms = match target {
            Target::Classes { ids, shape: ts } => {
                let mut expected = shape.clone();
                expected.remove(class_dim);
                if ts != expected {
                    return Err(Error::Shape(format!(
                        "{name}: class indices of shape {ts:?} for an input of shape {shape:?} \
                         (expected {expected:?})"
                    )));
                }
                let spec = ClassTargets {
                    name,
                    weight: opts.weight.as_deref(),
                    ignore_index: opts.ignore_index,
                    label_smoothing: opts.label_smoothing,
                };
                let _guard = B::no_grad();
                let x = self.value(input)?;
                let direct = shape.len() == 2 && opts.label_smoothing == 0.0;
                match direct
                    .then(|| B::class_ids_prepare(&spec, x.get(), &ids, classes))
                    .transpose()?
                    .flatten()
                {
                    Some(p) => {
                        let keep = |v| Tracked::owned(v, Category::Tape);
                        Terms::Ids(IdTerms {
                            ids: keep(p.ids),
                            weight: p.weight.map(keep),
                            ignore_index: opts.ignore_index,
                            saved: OnceLock::new(),
                        })
                    }
                    None => {
                        let (a, denom) =
                            B::class_coefficients(&spec, &ids, &shape, class_dim, dtype, device)?;
                        let a = Tracked::owned(a, Category::Tape);
                        Terms::Dense { a, denom }
                    }
                }
            }
            Target::Probabilities(t) => {
                if self.shape(t)? != shape {
                    return Err(Error::Shape(format!(
                        "{name}: probabilities of shape {:?} for an input of shape {shape:?}",
                        self.shape(t)?
                    )));
                }
                if !log_softmax {
                    return Err(Error::DType(
                        "nll_loss: the target must be class indices (int64)".into(),
                    ));
                }
                let positions = shape.iter().product::<i64>() / classes.max(1);
                if self.requires_grad(t)? {
                    return self.prob_loss_composed(input, t, class_dim, opts, positions as f64);
                }
                let _guard = B::no_grad();
                let tv = self.value(t)?;
                let eps = opts.label_smoothing;
                let mut a =
                    B::add_scalar(&B::mul_scalar(tv.get(), 1.0 - eps)?, eps / classes as f64)?;
                if let Some(w) = &opts.weight {
                    a = B::mul(&a, &self.class_weights(w, &shape, class_dim, dtype)?)?;
                }
                Terms::Dense {
                    a: Tracked::owned(a, Category::Tape),
                    denom: positions as f64,
                }
            }
        };
        let loss = ClassLoss {
            terms,
            class_dim: class_dim as i64,
            reduction: opts.reduction,
            log_softmax,
        };
        self.record(Op::class_loss(loss), &[input])
    }

    /// The class weights as a tensor broadcasting along `class_dim` of `shape`.
    fn class_weights(
        &self,
        w: &[f64],
        shape: &[i64],
        class_dim: usize,
        dtype: crate::config::DType,
    ) -> Result<B::T> {
        let mut ws = vec![1; shape.len()]; // bounded: the tensor's rank
        ws[class_dim] = w.len() as i64;
        B::from_f64(w, &ws, dtype, self.config.device)
    }

    /// Probability targets that require grad, as recorded ops (all or nothing).
    fn prob_loss_composed(
        &mut self,
        input: Handle,
        t: Handle,
        class_dim: usize,
        opts: &ClassLossOptions,
        positions: f64,
    ) -> Result<Handle> {
        let shape = self.shape(input)?;
        let classes = shape[class_dim] as f64;
        let dtype = self.dtype_of(input)?;
        let weight = match &opts.weight {
            Some(w) => Some(self.class_weights(w, &shape, class_dim, dtype)?),
            None => None,
        };
        let eps = opts.label_smoothing;
        self.all_or_nothing(|s| {
            let z = s.record(Op::log_softmax(class_dim as i64), &[input])?;
            let t1 = s.record(ScalarOp::Mul.op(1.0 - eps), &[t])?;
            let mut a = s.record(ScalarOp::Add.op(eps / classes), &[t1])?;
            if let Some(w) = weight {
                a = s.apply(BinaryOp::Mul.op(), vec![Operand::Node(a), Operand::Data(w)])?;
            }
            let za = s.record(BinaryOp::Mul.op(), &[z, a])?;
            let per = s.record(Op::sum(&[class_dim as i64], false), &[za])?;
            let per = s.record(ScalarOp::Mul.op(-1.0), &[per])?;
            match opts.reduction {
                Reduction::None => Ok(per),
                Reduction::Sum => s.record(Op::sum(&[], false), &[per]),
                _ => {
                    let total = s.record(Op::sum(&[], false), &[per])?;
                    s.record(ScalarOp::Div.op(positions), &[total])
                }
            }
        })
    }
}

impl<B: Backend> Session<B> {
    /// One of the losses torch composes from other ops (see
    /// [`crate::ops::composed_loss::ComposedLoss`]), reduced as `how`. All or nothing.
    pub fn composed_loss(
        &mut self,
        loss: crate::ops::composed_loss::ComposedLoss,
        how: crate::ops::loss::Reduction,
        operands: Vec<Operand<B>>,
    ) -> Result<Handle> {
        self.all_or_nothing(|s| {
            let xs = s.operand_handles(operands)?;
            let xs = s.autocast_entry(loss.name(), &xs)?;
            crate::ops::composed_loss::composed_loss(s, loss, how, &xs)
        })
    }

    /// torch's `ctc_loss(log_probs, targets, input_lengths, target_lengths, blank,
    /// reduction, zero_infinity)`: LibTorch's kernel per sample ([`crate::ops::ctc::Ctc`]),
    /// then `mean` divides each loss by its target length (at least 1) and averages, as
    /// torch. An unbatched `(T, C)` input takes a 1-D target. All or nothing.
    #[allow(clippy::too_many_arguments)]
    pub fn ctc_loss(
        &mut self,
        log_probs: Handle,
        targets: Operand<B>,
        input_lengths: Vec<i64>,
        target_lengths: Vec<i64>,
        blank: i64,
        reduction: String,
        zero_infinity: bool,
    ) -> Result<Handle> {
        let how = crate::ops::loss::Reduction::parse("ctc_loss", &reduction)?;
        let unit = crate::ops::ctc::Ctc {
            input_lengths: input_lengths.into(),
            target_lengths: target_lengths.into(),
            blank,
            zero_infinity,
        };
        self.all_or_nothing(|s| {
            let mut xs = s.operand_handles(vec![Operand::Node(log_probs), targets])?;
            let unbatched = s.shape(xs[0])?.len() == 2;
            if unbatched {
                xs[0] = s.record(Op::shape_view(ShapeView::Unsqueeze(1)), &[xs[0]])?;
                xs[1] = s.record(Op::shape_view(ShapeView::Unsqueeze(0)), &[xs[1]])?;
            }
            let lengths: Vec<f64> = unit
                .target_lengths
                .iter()
                .map(|&l| l.max(1) as f64)
                .collect();
            let n = lengths.len() as i64;
            let each = s.record(Op::layer(unit), &xs)?;
            match how {
                crate::ops::loss::Reduction::Mean => {
                    let d = crate::ops::compose::Recorder::constant(s, each, &lengths, &[n], None)?;
                    let per = s.record(BinaryOp::Div.op(), &[each, d])?;
                    s.record(Op::mean(&[], false), &[per])
                }
                crate::ops::loss::Reduction::Sum => s.record(Op::sum(&[], false), &[each]),
                _ if unbatched => s.record(
                    Op::shape_view(ShapeView::Squeeze(Some(Box::new([0])))),
                    &[each],
                ),
                _ => Ok(each),
            }
        })
    }
}
