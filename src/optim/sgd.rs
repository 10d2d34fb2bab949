//! Stochastic gradient descent, torch.optim.SGD's formulas:
//! `d = g + wd·p`; with momentum, `buf = d` on the first step, then
//! `buf = momentum·buf + (1 − dampening)·d`, and `d = d + momentum·buf` (Nesterov) or
//! `d = buf`; finally `p ← p − lr·d` (`maximize`: `g` negated first). State:
//! `momentum_buffer` (only with momentum).

use std::sync::Arc;

use super::{check_hyper, check_lr, collect, signature, Optimizer, StateMap};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::grads::GradMap;
pub use crate::kernel::fused::SgdConfig;
use crate::ops::arith::Arith;
use crate::param::Parameter;

/// The settings' ranges (torch.optim.SGD's checks).
fn validate(c: &SgdConfig) -> Result<()> {
    check_lr(c.lr)?;
    check_hyper("momentum", c.momentum, 0.0, f64::INFINITY)?;
    check_hyper("dampening", c.dampening, f64::NEG_INFINITY, f64::INFINITY)?;
    check_hyper("weight_decay", c.weight_decay, 0.0, f64::INFINITY)?;
    if c.nesterov && (c.momentum <= 0.0 || c.dampening != 0.0) {
        return Err(Error::Config(
            "Nesterov momentum requires a momentum > 0 and zero dampening".into(),
        ));
    }
    Ok(())
}

/// `c` with the hyperparameters `values` names (torch's names; an unknown one is an error),
/// checked as torch checks them.
fn configured(values: &[(String, f64)], c: SgdConfig) -> Result<SgdConfig> {
    const KNOWN: [&str; 6] = [
        "lr",
        "momentum",
        "dampening",
        "nesterov",
        "weight_decay",
        "maximize",
    ];
    let get = |name: &str, cur: f64| super::hyper_value(values, &KNOWN, name, cur);
    let cfg = SgdConfig {
        lr: get("lr", c.lr)?,
        momentum: get("momentum", c.momentum)?,
        dampening: get("dampening", c.dampening)?,
        nesterov: super::flag_value("nesterov", get("nesterov", super::flag(c.nesterov))?)?,
        weight_decay: get("weight_decay", c.weight_decay)?,
        maximize: super::flag_value("maximize", get("maximize", super::flag(c.maximize))?)?,
    };
    validate(&cfg)?;
    Ok(cfg)
}

/// torch.optim.SGD's defaults, as [`signature::SGD`] declares them.
fn declared() -> SgdConfig {
    let d = |name| signature::default_of(signature::SGD, name);
    SgdConfig {
        lr: d("lr"),
        momentum: d("momentum"),
        dampening: d("dampening"),
        nesterov: d("nesterov") != 0.0,
        weight_decay: d("weight_decay"),
        maximize: false,
    }
}

pub struct Sgd<B: Backend> {
    params: Vec<Arc<Parameter<B>>>,
    cfg: SgdConfig,
    state: StateMap<B>,
}

impl<B: Backend> Sgd<B> {
    pub fn new(params: Vec<Arc<Parameter<B>>>, lr: f64) -> Result<Self> {
        Self::with_config(params, SgdConfig::plain(lr))
    }

    /// torch.optim.SGD(params, **values): the hyperparameters `values` names (flags 0 or 1)
    /// over torch's defaults, checked as torch checks them.
    pub fn from_values(params: Vec<Arc<Parameter<B>>>, values: &[(String, f64)]) -> Result<Self> {
        Self::with_config(params, configured(values, declared())?)
    }

    /// Repeated parameters count once; an empty list is an error.
    pub fn with_config(params: Vec<Arc<Parameter<B>>>, cfg: SgdConfig) -> Result<Self> {
        validate(&cfg)?;
        Ok(Sgd {
            params: super::unique_params("SGD", params)?,
            cfg,
            state: StateMap::new(),
        })
    }
}

impl<B: Backend> Optimizer<B> for Sgd<B> {
    fn kind(&self) -> &'static str {
        "SGD"
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
            ("momentum", c.momentum),
            ("dampening", c.dampening),
            ("nesterov", super::flag(c.nesterov)),
            ("weight_decay", c.weight_decay),
            ("maximize", super::flag(c.maximize)),
        ]
    }
    fn set_hyper(&mut self, values: &[(String, f64)]) -> Result<()> {
        let c = self.cfg;
        let cfg = configured(values, c)?;
        // Switching momentum on is torch's too (OneCycleLR/CyclicLR set it on an SGD made
        // without): the first step then starts the buffers. Off, once buffers exist, would
        // need torch's dormant buffers in the state dict: refused.
        let has_buffers = self
            .state
            .values()
            .any(|st| st.get("momentum_buffer").is_some());
        if cfg.momentum == 0.0 && c.momentum != 0.0 && has_buffers {
            return Err(Error::Config(
                "SGD: momentum cannot be switched off once its buffers exist (a state dict, \
                 param_groups or a scheduler); make a new optimizer without momentum"
                    .into(),
            ));
        }
        self.cfg = cfg;
        Ok(())
    }
    fn buffer_names(&self) -> &'static [&'static str] {
        if self.cfg.momentum != 0.0 {
            &["momentum_buffer"]
        } else {
            &[]
        }
    }
    fn state(&self) -> &StateMap<B> {
        &self.state
    }
    fn state_mut(&mut self) -> &mut StateMap<B> {
        &mut self.state
    }

    fn step(&mut self, grads: &GradMap<B>) -> Result<()> {
        let work = collect("SGD.step", &self.params, grads)?;
        let c = self.cfg;
        for (p, g) in work {
            let st = self.state.entry(p.id()).or_default();
            let negated = super::negated_if::<B>(c.maximize, g.get())?;
            let g = negated.as_ref().unwrap_or(g.get());
            p.update(|t| {
                if c.momentum == 0.0 {
                    return update::<B>(t, g, None, false, &c);
                }
                let first = st.get("momentum_buffer").is_none();
                st.ensure_zeros("momentum_buffer", &p)?;
                let buf = st.one_mut("momentum_buffer")?;
                update::<B>(t, g, Some(buf), first, &c)?;
                st.step += 1;
                Ok(())
            })?;
        }
        Ok(())
    }
}

/// One SGD update of `p` (held exclusively): the backend's fused kernel where it has one
/// (`Backend::sgd_update_`), else composed of kernels.
fn update<B: Backend>(
    p: &mut B::T,
    g: &B::T,
    mut buf: Option<&mut B::T>,
    first: bool,
    h: &SgdConfig,
) -> Result<()> {
    if B::sgd_update_(p, g, buf.as_deref_mut(), first, h)? {
        return Ok(());
    }
    composed_update::<B>(p, g, buf, first, h)
}

/// torch.optim.SGD's single-tensor formulas composed of kernels. With momentum, `buf` is
/// the momentum buffer (held exclusively): `first` says it has no history yet and becomes
/// the direction itself.
fn composed_update<B: Backend>(
    p: &mut B::T,
    g: &B::T,
    buf: Option<&mut B::T>,
    first: bool,
    h: &SgdConfig,
) -> Result<()> {
    let decayed = if h.weight_decay != 0.0 {
        Some(B::add(g, &B::mul_scalar(p, h.weight_decay)?)?)
    } else {
        None
    };
    let d = decayed.as_ref().unwrap_or(g);
    let Some(buf) = buf else {
        return B::axpy_(p, -h.lr, d);
    };
    if first {
        B::copy_(buf, d)?;
    } else {
        let next = B::add(
            &B::mul_scalar(buf, h.momentum)?,
            &B::mul_scalar(d, 1.0 - h.dampening)?,
        )?;
        B::copy_(buf, &next)?;
    }
    if h.nesterov {
        let step = B::add(d, &B::mul_scalar(buf, h.momentum)?)?;
        B::axpy_(p, -h.lr, &step)
    } else {
        B::axpy_(p, -h.lr, buf)
    }
}
