//! Adam and AdamW, torch.optim's formulas:
//! `t += 1`; `g` negated under `maximize`; Adam adds L2 into the gradient (`g += wd·p`),
//! AdamW decays the weights (`p ← p·(1 − lr·wd)`); then `m ← m + (1 − β1)(g − m)`,
//! `v ← β2·v + (1 − β2)·g²`, `p ← p − (lr / (1 − β1ᵗ)) · m / (√v̂ / √(1 − β2ᵗ) + eps)` with
//! `v̂ = v`, or with `amsgrad` the running maximum `v̂ ← max(v̂, v)`.
//! State: `exp_avg`, `exp_avg_sq` (and `max_exp_avg_sq` with `amsgrad`) and the step count.
//! Without `amsgrad` LibTorch runs the update in one shim call (`Backend::adam_update_`); with
//! it, and on the reference carriers, the same calls one by one (`state_ops.rs`); `fused=True`
//! is one LibTorch kernel over every parameter.

use std::sync::Arc;

use super::rule::{buf, l2};
use super::state_ops::{apply_, fresh, StateOp::*};
use super::{check_hyper, check_lr, collect, signature, Optimizer, ParamState, StateMap};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::grads::GradMap;
pub use crate::kernel::fused::AdamConfig;
use crate::kernel::AdamOperands;
use crate::param::Parameter;

/// The settings' ranges (torch.optim.Adam's checks).
fn validate(c: &AdamConfig) -> Result<()> {
    check_lr(c.lr)?;
    check_hyper("beta1", c.betas.0, 0.0, 1.0)?;
    check_hyper("beta2", c.betas.1, 0.0, 1.0)?;
    check_hyper("eps", c.eps, 0.0, f64::INFINITY)?;
    check_hyper("weight_decay", c.weight_decay, 0.0, f64::INFINITY)
}

/// `c` with the hyperparameters `values` names (torch's names; an unknown one is an error),
/// checked as torch checks them.
fn configured(values: &[(String, f64)], c: AdamConfig) -> Result<AdamConfig> {
    const KNOWN: [&str; 7] = [
        "lr",
        "beta1",
        "beta2",
        "eps",
        "weight_decay",
        "amsgrad",
        "maximize",
    ];
    let get = |name: &str, cur: f64| super::hyper_value(values, &KNOWN, name, cur);
    let cfg = AdamConfig {
        lr: get("lr", c.lr)?,
        betas: (get("beta1", c.betas.0)?, get("beta2", c.betas.1)?),
        eps: get("eps", c.eps)?,
        weight_decay: get("weight_decay", c.weight_decay)?,
        decoupled: c.decoupled,
        amsgrad: super::flag_value("amsgrad", get("amsgrad", super::flag(c.amsgrad))?)?,
        maximize: super::flag_value("maximize", get("maximize", super::flag(c.maximize))?)?,
        fused: c.fused,
    };
    validate(&cfg)?;
    Ok(cfg)
}

/// torch.optim.Adam's (`decoupled`: AdamW's) defaults, as [`signature::ADAM`] and
/// [`signature::ADAMW`] declare them.
fn declared(decoupled: bool, fused: bool) -> AdamConfig {
    let args = if decoupled {
        signature::ADAMW
    } else {
        signature::ADAM
    };
    let d = |name| signature::default_of(args, name);
    AdamConfig {
        lr: d("lr"),
        betas: (d("beta1"), d("beta2")),
        eps: d("eps"),
        weight_decay: d("weight_decay"),
        decoupled,
        amsgrad: d("amsgrad") != 0.0,
        maximize: false,
        fused,
    }
}

pub struct Adam<B: Backend> {
    params: Vec<Arc<Parameter<B>>>,
    cfg: AdamConfig,
    state: StateMap<B>,
}

impl<B: Backend> Adam<B> {
    /// torch.optim.Adam (`decoupled`: AdamW)(params, **values, fused=fused): the
    /// hyperparameters `values` names (flags 0 or 1) over torch's defaults, checked as torch
    /// checks them.
    pub fn from_values(
        params: Vec<Arc<Parameter<B>>>,
        values: &[(String, f64)],
        decoupled: bool,
        fused: bool,
    ) -> Result<Self> {
        Self::new(params, configured(values, declared(decoupled, fused))?)
    }

    /// Repeated parameters count once; an empty list is an error.
    pub fn new(params: Vec<Arc<Parameter<B>>>, cfg: AdamConfig) -> Result<Self> {
        validate(&cfg)?;
        let who = if cfg.decoupled { "AdamW" } else { "Adam" };
        Ok(Adam {
            params: super::unique_params(who, params)?,
            cfg,
            state: StateMap::new(),
        })
    }
}

impl<B: Backend> Optimizer<B> for Adam<B> {
    fn kind(&self) -> &'static str {
        if self.cfg.decoupled {
            "AdamW"
        } else {
            "Adam"
        }
    }
    fn params(&self) -> &[Arc<Parameter<B>>] {
        &self.params
    }
    fn lr(&self) -> f64 {
        self.cfg.lr
    }
    fn set_lr(&mut self, lr: f64) -> Result<()> {
        check_lr(lr)?;
        self.cfg.lr = lr;
        Ok(())
    }
    fn hyper(&self) -> Vec<(&'static str, f64)> {
        let c = &self.cfg;
        vec![
            ("lr", c.lr),
            ("beta1", c.betas.0),
            ("beta2", c.betas.1),
            ("eps", c.eps),
            ("weight_decay", c.weight_decay),
            ("amsgrad", super::flag(c.amsgrad)),
            ("maximize", super::flag(c.maximize)),
        ]
    }
    fn set_hyper(&mut self, values: &[(String, f64)]) -> Result<()> {
        let c = self.cfg;
        let cfg = configured(values, c)?;
        if cfg.amsgrad != c.amsgrad {
            return Err(Error::Config(
                "amsgrad cannot be switched on or off by a state dict".into(),
            ));
        }
        self.cfg = cfg;
        Ok(())
    }
    fn buffer_names(&self) -> &'static [&'static str] {
        if self.cfg.amsgrad {
            &["exp_avg", "exp_avg_sq", "max_exp_avg_sq"]
        } else {
            &["exp_avg", "exp_avg_sq"]
        }
    }
    fn state(&self) -> &StateMap<B> {
        &self.state
    }
    fn state_mut(&mut self) -> &mut StateMap<B> {
        &mut self.state
    }

    fn step(&mut self, grads: &GradMap<B>) -> Result<()> {
        let who = if self.cfg.decoupled {
            "AdamW.step"
        } else {
            "Adam.step"
        };
        let work = collect(who, &self.params, grads)?;
        let c = self.cfg;
        if c.fused {
            return self.fused_step(work);
        }
        for (p, g) in work {
            let st = self.state.entry(p.id()).or_default();
            st.ensure_zeros("exp_avg", &p)?;
            st.ensure_zeros("exp_avg_sq", &p)?;
            if c.amsgrad {
                st.ensure_zeros("max_exp_avg_sq", &p)?;
            }
            let step = st.step + 1;
            let negated = super::negated_if::<B>(c.maximize, g.get())?;
            let g = negated.as_ref().unwrap_or(g.get());
            p.update(|t| {
                if !c.amsgrad {
                    let (m, v) = st.pair_mut("exp_avg", "exp_avg_sq")?;
                    if B::adam_update_(t, g, m, v, &c, step)? {
                        return Ok(());
                    }
                }
                single_tensor_update::<B>(t, g, st, &c, step)
            })?;
            st.step += 1;
        }
        Ok(())
    }
}

impl<B: Backend> Adam<B> {
    /// torch's `fused=True` step: one kernel call over every parameter with a gradient
    /// ([`Backend::fused_adam_`]; the kernel negates the gradient for maximize and keeps
    /// amsgrad's running maximum itself). Each parameter's state leaves the map for the
    /// call and goes back whatever happens (a parameter that had none before a failed
    /// call gets none); the step counts advance only on success.
    fn fused_step(&mut self, work: Vec<super::ParamGrad<B>>) -> Result<()> {
        let c = self.cfg;
        let names: &[&str] = if c.amsgrad {
            &["exp_avg", "exp_avg_sq", "max_exp_avg_sq"]
        } else {
            &["exp_avg", "exp_avg_sq"]
        };
        let taken: Vec<Option<ParamState<B>>> = work
            .iter()
            .map(|(p, _)| self.state.remove(&p.id()))
            .collect();
        let had: Vec<bool> = taken.iter().map(Option::is_some).collect();
        let mut states: Vec<ParamState<B>> =
            taken.into_iter().map(Option::unwrap_or_default).collect();
        let out = fused_group::<B>(&work, &mut states, names, &c);
        for (((p, _), mut st), had) in work.iter().zip(states).zip(had) {
            if out.is_ok() {
                st.step += 1;
            } else if !had {
                continue;
            }
            self.state.insert(p.id(), st);
        }
        out
    }
}

/// [`Adam::fused_step`]'s call: the state's buffers made (zeros) and held exclusively, the
/// parameters through [`Parameter::update_all`].
fn fused_group<B: Backend>(
    work: &[super::ParamGrad<B>],
    states: &mut [ParamState<B>],
    names: &[&'static str],
    c: &AdamConfig,
) -> Result<()> {
    for ((p, _), st) in work.iter().zip(states.iter_mut()) {
        for name in names {
            st.ensure_zeros(name, p)?;
        }
    }
    let params: Vec<&Parameter<B>> = work.iter().map(|(p, _)| p.as_ref()).collect();
    Parameter::update_all(&params, |ts| {
        let mut group = Vec::with_capacity(ts.len()); // bounded: one per parameter
        for ((t, (_, g)), st) in ts.iter_mut().zip(work).zip(states.iter_mut()) {
            let step = st.step + 1;
            let mut bufs = st.buffers_mut(names)?.into_iter();
            let (Some(m), Some(v)) = (bufs.next(), bufs.next()) else {
                return Err(Error::Config("Adam: optimizer state incomplete".into()));
            };
            group.push(AdamOperands {
                p: &mut **t,
                g: g.get(),
                m,
                v,
                max_v: bufs.next(),
                step,
            });
        }
        B::fused_adam_(&mut group, c)
    })
}

/// torch.optim.Adam's single-tensor update of `p` (held exclusively) after the step counter
/// reached `step`, in torch's order of calls (`state_ops.rs`), in place into the state's
/// moments: amsgrad's, and every update on a backend without a fused one
/// (`Backend::adam_update_`).
fn single_tensor_update<B: Backend>(
    p: &mut B::T,
    g: &B::T,
    st: &mut ParamState<B>,
    h: &AdamConfig,
    step: u64,
) -> Result<()> {
    let decayed = if h.decoupled && h.weight_decay != 0.0 {
        apply_::<B>(MulScalar(1.0 - h.lr * h.weight_decay), p, &[])?;
        None
    } else {
        l2::<B>(g, p, h.weight_decay)?
    };
    let g = decayed.as_ref().unwrap_or(g);
    apply_::<B>(Lerp(1.0 - h.betas.0), st.one_mut("exp_avg")?, &[g])?;
    let v = st.one_mut("exp_avg_sq")?;
    apply_::<B>(MulScalar(h.betas.1), v, &[])?;
    apply_::<B>(Addcmul(1.0 - h.betas.1), v, &[g, g])?;
    let second = if h.amsgrad {
        let (max_v, v) = st.pair_mut("max_exp_avg_sq", "exp_avg_sq")?;
        apply_::<B>(Maximum, max_v, &[v])?;
        "max_exp_avg_sq"
    } else {
        "exp_avg_sq"
    };
    let mut denom = fresh::<B>(Sqrt, buf(st, second)?, &[])?;
    apply_::<B>(DivScalar(h.bias2_sqrt(step)), &mut denom, &[])?;
    apply_::<B>(AddScalar(h.eps), &mut denom, &[])?;
    let m = buf(st, "exp_avg")?;
    apply_::<B>(Addcdiv(-h.lr / h.bias1(step)), p, &[m, &denom])
}
