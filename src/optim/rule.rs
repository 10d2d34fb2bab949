//! The optimizers beyond SGD and Adam (`RMSprop`, `Adagrad`, `Adadelta`, `Adamax`, `NAdam`,
//! `RAdam`, `ASGD`, `Rprop`): each is a [`Rule`] (its hyperparameters with torch's defaults,
//! their checks, its state's names and torch.optim's single-tensor update, written in
//! torch's order of calls of its pointwise tensor methods, `state_ops.rs`), and
//! [`RuleOptimizer`] is their one [`Optimizer`].
//!
//! Every rule takes `maximize` (the gradient negated first, as torch). Flags (`centered`,
//! `decoupled_weight_decay`, `maximize`) are hyperparameters 0 or 1, so a state dict's
//! `hyper` holds numbers only. The update of one parameter runs under `Parameter::update`:
//! the parameter's value and the state's buffers are written in place (each buffer copied
//! first if anything else holds it, `ParamState::one_mut`), as torch's `param.addcdiv_`,
//! `square_avg.mul_(alpha)`, ... are, so on LibTorch's carriers the result is torch's CPU
//! path bit for bit; the step count grows only when that succeeded. The state's numbers
//! (NAdam's `mu_product`, ASGD's `eta`, `mu`) are held as torch holds them: float64 for
//! float64 parameters, float32 otherwise (torch's scalar dtype follows its default dtype;
//! set it to float64 to compare float64 runs).

use std::marker::PhantomData;
use std::sync::Arc;

use super::signature::{self, Arg};
use super::state_ops::{fresh, StateOp};
use super::{check_hyper, collect, Optimizer, ParamState, StateMap};
use crate::backend::Backend;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::grads::GradMap;
use crate::param::Parameter;

/// A rule's hyperparameters: its names (torch's, in torch's signature order) and values.
#[derive(Debug, Clone, PartialEq)]
pub struct Hyper(Vec<(&'static str, f64)>);

impl Hyper {
    /// The value of `name` (every rule's names are fixed; an unknown one reads 0).
    pub fn get(&self, name: &str) -> f64 {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(0.0, |(_, v)| *v)
    }
    /// A flag (a value other than 0).
    pub fn flag(&self, name: &str) -> bool {
        self.get(name) != 0.0
    }
    pub fn items(&self) -> &[(&'static str, f64)] {
        &self.0
    }
}

/// One optimizer's update rule.
pub trait Rule: Send + Sync + 'static {
    /// torch.optim's class name.
    const KIND: &'static str;
    /// torch's constructor after `params` (`maximize` implied): the hyperparameters with
    /// torch's defaults, in its signature order; pairs such as `betas` are two hyperparameters
    /// (`beta1`, `beta2`).
    const SIGNATURE: &'static [Arg];
    /// torch's constructor checks.
    fn validate(h: &Hyper) -> Result<()>;
    /// The buffers a parameter's state holds once it has stepped.
    fn buffer_names(h: &Hyper) -> &'static [&'static str];
    /// The numbers a parameter's state holds once it has stepped.
    fn scalar_names() -> &'static [&'static str] {
        &[]
    }
    /// Create the state of a parameter's first step (`p` is not locked). The default: each
    /// of [`Rule::buffer_names`] zeros, as torch's `zeros_like(p)`.
    fn init<B: Backend>(st: &mut ParamState<B>, p: &Parameter<B>, h: &Hyper) -> Result<()> {
        for name in Self::buffer_names(h) {
            st.ensure_zeros(name, p)?;
        }
        Ok(())
    }
    /// Step `t` (1 on the first) of parameter `x` (held exclusively, written in place) with
    /// gradient `g` (already negated under `maximize`); writes the state's buffers and
    /// numbers.
    fn update<B: Backend>(
        x: &mut B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        t: u64,
    ) -> Result<()>;
}

/// `check_hyper` over `[lo, ∞)` for each name.
pub fn at_least(h: &Hyper, names: &[&str], lo: f64) -> Result<()> {
    for n in names {
        check_hyper(n, h.get(n), lo, f64::INFINITY)?;
    }
    Ok(())
}

/// torch's `grad.add(param, alpha=weight_decay)`, or `None` without weight decay.
pub fn l2<B: Backend>(g: &B::T, x: &B::T, wd: f64) -> Result<Option<B::T>> {
    if wd == 0.0 {
        return Ok(None);
    }
    fresh::<B>(StateOp::Add(wd), g, &[x]).map(Some)
}

/// A state number as torch holds it: a 0-d tensor of its scalar dtype, float64 for float64
/// parameters (torch's with `set_default_dtype(torch.float64)`), else float32.
pub fn held(dtype: DType, v: f64) -> f64 {
    if dtype.significand_bits() >= 53 {
        v
    } else {
        v as f32 as f64
    }
}

/// The state's buffer `name` (created by the rule's `init`).
pub fn buf<'a, B: Backend>(st: &'a ParamState<B>, name: &str) -> Result<&'a B::T> {
    st.get(name)
        .ok_or_else(|| Error::Config(format!("optimizer state has no {name}")))
}

/// A rule's optimizer: its parameters, hyperparameters and per-parameter state.
pub struct RuleOptimizer<B: Backend, R: Rule> {
    params: Vec<Arc<Parameter<B>>>,
    hyper: Hyper,
    state: StateMap<B>,
    rule: PhantomData<R>,
}

impl<B: Backend, R: Rule> RuleOptimizer<B, R> {
    /// `values` by name over the rule's defaults (an unknown name is an error), checked as
    /// torch checks them; repeated parameters count once; an empty list is an error.
    pub fn new(params: Vec<Arc<Parameter<B>>>, values: &[(String, f64)]) -> Result<Self> {
        let hyper = Self::with(&Hyper(signature::defaults(R::SIGNATURE)), values)?;
        Ok(RuleOptimizer {
            params: super::unique_params(R::KIND, params)?,
            hyper,
            state: StateMap::new(),
            rule: PhantomData,
        })
    }

    fn with(base: &Hyper, values: &[(String, f64)]) -> Result<Hyper> {
        let known: Vec<&str> = base.items().iter().map(|(n, _)| *n).collect();
        let mut h = Vec::with_capacity(known.len()); // bounded: one per operand
        for (name, cur) in base.items() {
            h.push((*name, super::hyper_value(values, &known, name, *cur)?));
        }
        let h = Hyper(h);
        R::validate(&h)?;
        Ok(h)
    }
}

impl<B: Backend, R: Rule> Optimizer<B> for RuleOptimizer<B, R> {
    fn kind(&self) -> &'static str {
        R::KIND
    }
    fn params(&self) -> &[Arc<Parameter<B>>] {
        &self.params
    }
    fn lr(&self) -> f64 {
        self.hyper.get("lr")
    }
    fn set_lr(&mut self, lr: f64) -> Result<()> {
        self.hyper = Self::with(&self.hyper, &[("lr".to_string(), lr)])?;
        Ok(())
    }
    fn hyper(&self) -> Vec<(&'static str, f64)> {
        self.hyper.items().to_vec()
    }
    fn set_hyper(&mut self, values: &[(String, f64)]) -> Result<()> {
        self.hyper = Self::with(&self.hyper, values)?;
        Ok(())
    }
    fn buffer_names(&self) -> &'static [&'static str] {
        R::buffer_names(&self.hyper)
    }
    fn scalar_names(&self) -> &'static [&'static str] {
        R::scalar_names()
    }
    fn state(&self) -> &StateMap<B> {
        &self.state
    }
    fn state_mut(&mut self) -> &mut StateMap<B> {
        &mut self.state
    }

    fn step(&mut self, grads: &GradMap<B>) -> Result<()> {
        let work = collect(R::KIND, &self.params, grads)?;
        let h = &self.hyper;
        for (p, g) in work {
            let st = self.state.entry(p.id()).or_default();
            if st.step == 0 {
                R::init(st, &p, h)?;
            }
            let negated = super::negated_if::<B>(h.flag("maximize"), g.get())?;
            let g = negated.as_ref().unwrap_or(g.get());
            let t = st.step + 1;
            p.update(|x| R::update(x, g, st, h, t))?;
            st.step = t;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use tch::Tensor;

    use crate::backend::dynamic::Dyn;
    use crate::backend::Backend;
    use crate::ops::testing::{dt, param, session, to_vec};
    use crate::ops::Op;
    use crate::optim::{make_rule, Optimizer};

    /// One step of `opt` on `p` with gradient `g` (the gradient of `sum(p * g)`).
    fn step(
        opt: &mut dyn Optimizer<Dyn>,
        p: &std::sync::Arc<crate::param::Parameter<Dyn>>,
        g: &[f64],
    ) {
        let mut s = session();
        let x = s.use_param(p).unwrap();
        let c = s.input(&dt(&Tensor::from_slice(g)), false).unwrap();
        let y = s
            .record(crate::ops::binary::BinaryOp::Mul.op(), &[x, c])
            .unwrap();
        let loss = s.record(Op::sum(&[], false), &[y]).unwrap();
        let grads = s.backward(loss).unwrap();
        opt.step(&grads).unwrap();
        grads.release();
    }

    fn value(p: &crate::param::Parameter<Dyn>) -> Vec<f64> {
        Dyn::to_f64(p.snapshot().get()).unwrap()
    }

    #[test]
    fn rprop_grows_the_step_while_the_sign_holds_and_shrinks_it_when_it_flips() {
        // torch.optim.Rprop([p], lr=0.1): steps 0.1, then 0.12 (sign held), then the flip
        // halves it to 0.06 and skips the update
        let p = param(&Tensor::from_slice(&[1.0f64]), "p");
        let mut opt = make_rule("Rprop", vec![p.clone()], &[("lr".into(), 0.1)]).unwrap();
        step(opt.as_mut(), &p, &[2.0]);
        step(opt.as_mut(), &p, &[3.0]);
        assert!((value(&p)[0] - (1.0 - 0.1 - 0.12)).abs() < 1e-15);
        step(opt.as_mut(), &p, &[-1.0]);
        assert!((value(&p)[0] - (1.0 - 0.1 - 0.12)).abs() < 1e-15);
        let st = &opt.state()[&p.id()];
        assert_eq!(
            to_vec(Dyn::as_torch(st.get("step_size").unwrap()).unwrap()),
            vec![0.06]
        );
        assert_eq!(st.step, 3);
    }

    #[test]
    fn an_unknown_hyperparameter_or_kind_is_refused() {
        let p = param(&Tensor::from_slice(&[1.0f64]), "p");
        let bad = make_rule("NAdam", vec![p.clone()], &[("momentum".into(), 0.9)]);
        assert!(matches!(bad, Err(crate::error::Error::Config(_))));
        let bad = make_rule("Lion", vec![p], &[]);
        assert!(matches!(bad, Err(crate::error::Error::Config(_))));
    }
}
