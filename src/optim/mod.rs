//! Optimizers: each validates every input before it changes any parameter, then updates all
//! parameters in one call, in place where the parameter's snapshot is unshared.
//!
//! An optimizer owns its per-parameter state ([`StateMap`], keyed by parameter id): buffers
//! counted as `optimizer` in the ledger, created on a parameter's first step and freed with
//! the optimizer. Sessions and `reset_tape` never touch it.

mod adam;
mod adam_family;
mod adaptive;
mod averaged;
pub mod lbfgs;
pub mod record;
mod rule;
mod sgd;
pub mod signature;
pub mod state_ops;

pub use adam::{Adam, AdamConfig};
pub use rule::{Hyper, Rule, RuleOptimizer};
pub use sgd::{Sgd, SgdConfig};

use std::collections::HashMap;
use std::sync::Arc;

use crate::backend::Backend;
use crate::buffer::{unique_mut, Tracked, Value};
use crate::error::{Error, Result};
use crate::grads::GradMap;
use crate::ledger::Category;
use crate::ops::arith::Arith;
use crate::param::Parameter;

/// A parameter and the gradient value an optimizer applies to it.
pub type ParamGrad<B> = (Arc<Parameter<B>>, Value<B>);

/// One parameter's optimizer state: its step count, named buffers (shaped as the
/// parameter) and named numbers (NAdam's `mu_product`, ASGD's `eta` and `mu`: 0-d tensors
/// in torch, float64 here).
pub struct ParamState<B: Backend> {
    pub step: u64,
    pub buffers: Vec<(&'static str, Value<B>)>,
    pub scalars: Vec<(&'static str, f64)>,
}

impl<B: Backend> Default for ParamState<B> {
    fn default() -> Self {
        ParamState {
            step: 0,
            buffers: Vec::new(),
            scalars: Vec::new(),
        }
    }
}

impl<B: Backend> ParamState<B> {
    pub fn get(&self, name: &str) -> Option<&B::T> {
        self.buffers
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.get())
    }

    /// The number `name`, if this state holds it.
    pub fn scalar(&self, name: &str) -> Option<f64> {
        self.scalars
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
    }

    /// Store the number `name`.
    pub fn set_scalar(&mut self, name: &'static str, value: f64) {
        match self.scalars.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => *v = value,
            None => self.scalars.push((name, value)),
        }
    }

    /// Add a buffer `name` shaped like `p` holding `value` everywhere unless it exists.
    pub fn ensure_full(&mut self, name: &'static str, p: &Parameter<B>, value: f64) -> Result<()> {
        if self.get(name).is_none() {
            let t = B::full(p.shape(), value, p.dtype(), p.device())?;
            self.buffers
                .push((name, Tracked::owned(t, Category::Optimizer)));
        }
        Ok(())
    }

    /// Add a zero buffer `name` shaped like `p` unless it exists.
    pub fn ensure_zeros(&mut self, name: &'static str, p: &Parameter<B>) -> Result<()> {
        if self.get(name).is_none() {
            let zeros = B::full(p.shape(), 0.0, p.dtype(), p.device())?;
            self.buffers
                .push((name, Tracked::owned(zeros, Category::Optimizer)));
        }
        Ok(())
    }

    /// Exclusive access to two distinct buffers (copied first if anything else holds one).
    pub fn pair_mut(&mut self, a: &str, b: &str) -> Result<(&mut B::T, &mut B::T)> {
        let mut both = self.buffers_mut(&[a, b])?.into_iter();
        match (both.next(), both.next()) {
            (Some(x), Some(y)) => Ok((x, y)),
            _ => Err(Error::Config("optimizer state is shared".into())),
        }
    }

    /// Exclusive access to distinct buffers, in `names`' order (each copied first if
    /// anything else holds it).
    pub fn buffers_mut(&mut self, names: &[&str]) -> Result<Vec<&mut B::T>> {
        for name in names {
            let i = self.index(name)?;
            if unique_mut(&mut self.buffers[i].1).is_none() {
                let copy = B::copy(self.buffers[i].1.get())?;
                self.buffers[i].1 = Tracked::owned(copy, Category::Optimizer);
            }
        }
        let mut out: Vec<Option<&mut B::T>> = names.iter().map(|_| None).collect();
        for (name, value) in self.buffers.iter_mut() {
            if let Some(k) = names.iter().position(|n| n == name) {
                out[k] = unique_mut(value);
            }
        }
        out.into_iter()
            .map(|t| t.ok_or_else(|| Error::Config("optimizer state is shared".into())))
            .collect()
    }

    /// Exclusive access to one buffer (copied first if anything else holds it).
    pub fn one_mut(&mut self, name: &str) -> Result<&mut B::T> {
        let i = self.index(name)?;
        if unique_mut(&mut self.buffers[i].1).is_none() {
            let copy = B::copy(self.buffers[i].1.get())?;
            self.buffers[i].1 = Tracked::owned(copy, Category::Optimizer);
        }
        unique_mut(&mut self.buffers[i].1)
            .ok_or_else(|| Error::Config("optimizer state is shared".into()))
    }

    fn index(&self, name: &str) -> Result<usize> {
        self.buffers
            .iter()
            .position(|(n, _)| *n == name)
            .ok_or_else(|| Error::Config(format!("optimizer state has no {name}")))
    }
}

/// Per-parameter state keyed by parameter id.
pub type StateMap<B> = HashMap<u64, ParamState<B>>;

/// What every optimizer offers (the Python classes and `Session.train_step` use this).
pub trait Optimizer<B: Backend>: Send {
    /// `"SGD"`, `"Adam"`, `"AdamW"`.
    fn kind(&self) -> &'static str;
    fn params(&self) -> &[Arc<Parameter<B>>];
    fn lr(&self) -> f64;
    fn set_lr(&mut self, lr: f64) -> Result<()>;
    /// Hyperparameters by name, for `state_dict`.
    fn hyper(&self) -> Vec<(&'static str, f64)>;
    /// Replace hyperparameters by name (names not given keep their value); the whole new
    /// set is validated first, as at construction, and nothing changes on error.
    fn set_hyper(&mut self, values: &[(String, f64)]) -> Result<()>;
    /// The names of the buffers a parameter's state holds once it has stepped.
    fn buffer_names(&self) -> &'static [&'static str];
    /// The names of the numbers a parameter's state holds once it has stepped.
    fn scalar_names(&self) -> &'static [&'static str] {
        &[]
    }
    fn state(&self) -> &StateMap<B>;
    fn state_mut(&mut self) -> &mut StateMap<B>;
    /// One update from `grads`, all inputs checked first.
    fn step(&mut self, grads: &GradMap<B>) -> Result<()>;

    /// torch's `opt.step()`: one update from the gradients `p.grad` of this optimizer's
    /// parameters in a session's `store`. None of them having one is a `GradError` (a
    /// missing `loss.backward()`, or a `zero_grad()` since).
    fn step_from_store(&mut self, store: &GradMap<B>) -> Result<()> {
        let ids: Vec<u64> = self.params().iter().map(|p| p.id()).collect();
        let mine = store.subset(&ids);
        if mine.is_empty() {
            return Err(Error::Grad(format!(
                "{}.step(): none of its {} parameters has a gradient: call \
                 loss.backward() in this session first (zero_grad() or a new session \
                 leaves p.grad None)",
                self.kind(),
                ids.len()
            )));
        }
        self.step(&mine)
    }

    /// The whole state as a [`record::Record`] (its buffers shared): see [`record::of`].
    fn record(&self) -> record::Record<B> {
        record::of(self)
    }

    /// Restore a record written by [`Self::record`]: see [`record::load`].
    fn load_record(&mut self, r: &record::Record<B>) -> Result<()> {
        record::load(self, r)
    }

    /// Restore a state dict: its optimizer `kind`, every entry of `state` (parameter,
    /// buffer names, shapes, dtypes) and the hyperparameters (validated as at construction)
    /// are checked before anything changes; then hyperparameters and state are replaced.
    fn load_state_dict(
        &mut self,
        kind: &str,
        state: StateMap<B>,
        hyper: &[(String, f64)],
    ) -> Result<()> {
        if kind != self.kind() {
            return Err(Error::Config(format!(
                "load_state_dict: state of a {kind}, not of a {}",
                self.kind()
            )));
        }
        check_state(self.params(), self.buffer_names(), &state)?;
        check_scalars(self.scalar_names(), &state)?;
        self.set_hyper(hyper)?;
        *self.state_mut() = state;
        Ok(())
    }
}

/// The parameters an optimizer updates: `params` without repeats (the first occurrence
/// kept, as torch.optim keeps a parameter listed twice once), and at least one.
pub fn unique_params<B: Backend>(
    who: &str,
    params: Vec<Arc<Parameter<B>>>,
) -> Result<Vec<Arc<Parameter<B>>>> {
    // bounded: one per parameter
    let mut out: Vec<Arc<Parameter<B>>> = Vec::with_capacity(params.len());
    for p in params {
        if !out.iter().any(|q| q.id() == p.id()) {
            out.push(p);
        }
    }
    if out.is_empty() {
        return Err(Error::Config(format!(
            "{who}: optimizer got an empty parameter list"
        )));
    }
    Ok(out)
}

/// `values[name]`, or `current`; an unknown name is an error.
pub fn hyper_value(
    values: &[(String, f64)],
    known: &[&str],
    name: &str,
    current: f64,
) -> Result<f64> {
    if let Some((bad, _)) = values.iter().find(|(k, _)| !known.contains(&k.as_str())) {
        return Err(Error::Config(format!("unknown hyperparameter {bad:?}")));
    }
    Ok(values
        .iter()
        .find(|(k, _)| k == name)
        .map_or(current, |(_, v)| *v))
}

/// `−g` under `maximize` (torch negates the gradient before anything else), else None:
/// the update then reads `g` itself.
pub fn negated_if<B: Backend>(maximize: bool, g: &B::T) -> Result<Option<B::T>> {
    maximize.then(|| B::neg(g)).transpose()
}

/// A flag as a hyperparameter: 1 or 0.
pub fn flag(on: bool) -> f64 {
    if on {
        1.0
    } else {
        0.0
    }
}

/// A flag read back from a hyperparameter: only 0 and 1 are flags.
pub fn flag_value(name: &str, v: f64) -> Result<bool> {
    if v != 0.0 && v != 1.0 {
        return Err(Error::Config(format!("{name} must be 0 or 1, got {v}")));
    }
    Ok(v == 1.0)
}

/// A learning rate must be finite and non-negative.
pub fn check_lr(lr: f64) -> Result<()> {
    check_hyper("lr", lr, 0.0, f64::INFINITY)
}

/// A hyperparameter must be finite and in `[lo, hi)` (`hi` infinite: no upper limit).
pub fn check_hyper(name: &str, v: f64, lo: f64, hi: f64) -> Result<()> {
    if !v.is_finite() || v < lo || (hi.is_finite() && v >= hi) {
        let range = if hi.is_finite() {
            format!("in [{lo}, {hi})")
        } else {
            format!(">= {lo}")
        };
        return Err(Error::Config(format!(
            "invalid {name} {v}: it must be finite and {range}"
        )));
    }
    Ok(())
}

/// Check a state about to be loaded: every entry belongs to one of `params`, holds exactly
/// `names`, each of its parameter's shape and dtype.
pub fn check_state<B: Backend>(
    params: &[Arc<Parameter<B>>],
    names: &[&str],
    state: &StateMap<B>,
) -> Result<()> {
    for (id, st) in state {
        let p = params.iter().find(|p| p.id() == *id).ok_or_else(|| {
            Error::Config(format!("optimizer state for unknown parameter id {id}"))
        })?;
        let mut have: Vec<&str> = st.buffers.iter().map(|(n, _)| *n).collect();
        have.sort_unstable();
        let mut want = names.to_vec();
        want.sort_unstable();
        if have != want {
            return Err(Error::Config(format!(
                "optimizer state of parameter {} holds {have:?}, expected {want:?}",
                p.label()
            )));
        }
        for (n, v) in &st.buffers {
            if B::shape(v.get()) != p.shape() || B::dtype(v.get()) != p.dtype() {
                return Err(Error::Shape(format!(
                    "optimizer state {n} of parameter {} has shape {:?} and dtype {}, expected {:?} and {}",
                    p.label(),
                    B::shape(v.get()),
                    B::dtype(v.get()),
                    p.shape(),
                    p.dtype()
                )));
            }
        }
    }
    Ok(())
}

/// Check that every entry of a state about to be loaded holds exactly the numbers `names`,
/// each finite.
pub fn check_scalars<B: Backend>(names: &[&str], state: &StateMap<B>) -> Result<()> {
    for st in state.values() {
        let mut have: Vec<&str> = st.scalars.iter().map(|(n, _)| *n).collect();
        have.sort_unstable();
        let mut want = names.to_vec();
        want.sort_unstable();
        if have != want {
            return Err(Error::Config(format!(
                "optimizer state holds the numbers {have:?}, expected {want:?}"
            )));
        }
        if let Some((n, v)) = st.scalars.iter().find(|(_, v)| !v.is_finite()) {
            return Err(Error::Config(format!(
                "optimizer state number {n} is {v}, not finite"
            )));
        }
    }
    Ok(())
}

/// The gradients of `params` present in `grads`, each checked against its parameter
/// (released buffer, size, shape, dtype, device). Parameters without a gradient are skipped.
pub fn collect<B: Backend>(
    who: &str,
    params: &[Arc<Parameter<B>>],
    grads: &GradMap<B>,
) -> Result<Vec<ParamGrad<B>>> {
    let mut out = Vec::new();
    for p in params {
        let Some(buf) = grads.get(p.id()) else {
            continue;
        };
        // Messages are formatted only on the error path: this loop is the optimizer's
        // per-parameter overhead.
        let place = || format!("{who}: gradient of parameter {}", p.label());
        let Ok(v) = buf.value("") else {
            return Err(Error::ReleasedBuffer(format!(
                "{}: the buffer has been released",
                place()
            )));
        };
        if B::numel(v.get()) as i64 != buf.shape().iter().product::<i64>() {
            buf.check_size(&place())?;
        }
        if buf.shape() != p.shape() {
            return Err(Error::Shape(format!(
                "{} has shape {:?}, the parameter {:?}",
                place(),
                buf.shape(),
                p.shape()
            )));
        }
        if buf.dtype() != p.dtype() {
            return Err(Error::DType(format!(
                "{} has dtype {}, the parameter {}",
                place(),
                buf.dtype(),
                p.dtype()
            )));
        }
        if !buf.device().same(p.device()) {
            return Err(Error::Device(format!(
                "{} is on {}, the parameter on {}",
                place(),
                buf.device(),
                p.device()
            )));
        }
        out.push((Arc::clone(p), v));
    }
    Ok(out)
}

/// Every optimizer's signature by torch's class name (L-BFGS, whose constructor takes a
/// line search and tolerances rather than hyperparameters of a state dict, is not here).
pub fn signatures() -> [(&'static str, &'static [signature::Arg]); 11] {
    use adam_family::{Adamax, NAdam, RAdam};
    use adaptive::{Adadelta, Adagrad, RmsProp};
    use averaged::{Asgd, Rprop};
    [
        ("SGD", signature::SGD),
        ("Adam", signature::ADAM),
        ("AdamW", signature::ADAMW),
        (RmsProp::KIND, RmsProp::SIGNATURE),
        (Adagrad::KIND, Adagrad::SIGNATURE),
        (Adadelta::KIND, Adadelta::SIGNATURE),
        (Adamax::KIND, Adamax::SIGNATURE),
        (NAdam::KIND, NAdam::SIGNATURE),
        (RAdam::KIND, RAdam::SIGNATURE),
        (Asgd::KIND, Asgd::SIGNATURE),
        (Rprop::KIND, Rprop::SIGNATURE),
    ]
}

/// torch.optim's names of the rule optimizers.
pub const RULE_KINDS: [&str; 8] = [
    "RMSprop", "Adagrad", "Adadelta", "Adamax", "NAdam", "RAdam", "ASGD", "Rprop",
];

/// The rule optimizer named `kind` (one of [`RULE_KINDS`]) over `params`.
pub fn make_rule<B: Backend>(
    kind: &str,
    params: Vec<Arc<Parameter<B>>>,
    values: &[(String, f64)],
) -> Result<Box<dyn Optimizer<B>>> {
    use adam_family::{Adamax, NAdam, RAdam};
    use adaptive::{Adadelta, Adagrad, RmsProp};
    use averaged::{Asgd, Rprop};
    fn boxed<B: Backend, R: Rule>(
        params: Vec<Arc<Parameter<B>>>,
        values: &[(String, f64)],
    ) -> Result<Box<dyn Optimizer<B>>> {
        Ok(Box::new(RuleOptimizer::<B, R>::new(params, values)?))
    }
    match kind {
        "RMSprop" => boxed::<B, RmsProp>(params, values),
        "Adagrad" => boxed::<B, Adagrad>(params, values),
        "Adadelta" => boxed::<B, Adadelta>(params, values),
        "Adamax" => boxed::<B, Adamax>(params, values),
        "NAdam" => boxed::<B, NAdam>(params, values),
        "RAdam" => boxed::<B, RAdam>(params, values),
        "ASGD" => boxed::<B, Asgd>(params, values),
        "Rprop" => boxed::<B, Rprop>(params, values),
        other => Err(Error::Config(format!(
            "no optimizer named {other:?} (the rule optimizers: {})",
            RULE_KINDS.join(", ")
        ))),
    }
}

/// torch.optim's optimizer named `kind` (`SGD`, `Adam`, `AdamW` or one of [`RULE_KINDS`])
/// over `params`: the hyperparameters `values` names (flags 0 or 1, pairs as their two
/// names) over the defaults [`signatures`] declares, checked as torch checks them.
/// `fused` (torch's one-pass kernel) is Adam's and AdamW's only.
pub fn make<B: Backend>(
    kind: &str,
    params: Vec<Arc<Parameter<B>>>,
    values: &[(String, f64)],
    fused: bool,
) -> Result<Box<dyn Optimizer<B>>> {
    if fused && !matches!(kind, "Adam" | "AdamW") {
        return Err(Error::Argument(format!(
            "{kind}: fused=True is not supported"
        )));
    }
    match kind {
        "SGD" => Ok(Box::new(Sgd::from_values(params, values)?)),
        "Adam" | "AdamW" => Ok(Box::new(Adam::from_values(
            params,
            values,
            kind == "AdamW",
            fused,
        )?)),
        _ => make_rule(kind, params, values),
    }
}
