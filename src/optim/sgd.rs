//! Stochastic gradient descent, torch.optim.SGD's formulas:
//! `d = g + wd·p`; with momentum, `buf = d` on the first step, then
//! `buf = momentum·buf + (1 − dampening)·d`, and `d = d + momentum·buf` (Nesterov) or
//! `d = buf`; finally `p ← p − lr·d`. State: `momentum_buffer` (only with momentum).

use std::sync::Arc;

use super::{check_hyper, check_lr, collect, Optimizer, StateMap};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::grads::GradMap;
use crate::param::Parameter;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SgdConfig {
    pub lr: f64,
    pub momentum: f64,
    pub dampening: f64,
    pub nesterov: bool,
    pub weight_decay: f64,
}

impl SgdConfig {
    pub fn plain(lr: f64) -> Self {
        SgdConfig {
            lr,
            momentum: 0.0,
            dampening: 0.0,
            nesterov: false,
            weight_decay: 0.0,
        }
    }

    fn validate(&self) -> Result<()> {
        check_lr(self.lr)?;
        check_hyper("momentum", self.momentum, 0.0, f64::INFINITY)?;
        check_hyper(
            "dampening",
            self.dampening,
            f64::NEG_INFINITY,
            f64::INFINITY,
        )?;
        check_hyper("weight_decay", self.weight_decay, 0.0, f64::INFINITY)?;
        if self.nesterov && (self.momentum <= 0.0 || self.dampening != 0.0) {
            return Err(Error::Config(
                "Nesterov momentum requires a momentum > 0 and zero dampening".into(),
            ));
        }
        Ok(())
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

    /// Repeated parameters count once; an empty list is an error.
    pub fn with_config(params: Vec<Arc<Parameter<B>>>, cfg: SgdConfig) -> Result<Self> {
        cfg.validate()?;
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
            ("nesterov", if c.nesterov { 1.0 } else { 0.0 }),
            ("weight_decay", c.weight_decay),
        ]
    }
    fn set_hyper(&mut self, values: &[(String, f64)]) -> Result<()> {
        const KNOWN: [&str; 5] = ["lr", "momentum", "dampening", "nesterov", "weight_decay"];
        let c = self.cfg;
        let get = |name: &str, cur: f64| super::hyper_value(values, &KNOWN, name, cur);
        let nesterov = get("nesterov", if c.nesterov { 1.0 } else { 0.0 })?;
        if nesterov != 0.0 && nesterov != 1.0 {
            return Err(Error::Config(format!(
                "nesterov must be 0 or 1, got {nesterov}"
            )));
        }
        let cfg = SgdConfig {
            lr: get("lr", c.lr)?,
            momentum: get("momentum", c.momentum)?,
            dampening: get("dampening", c.dampening)?,
            nesterov: nesterov == 1.0,
            weight_decay: get("weight_decay", c.weight_decay)?,
        };
        cfg.validate()?;
        if (cfg.momentum != 0.0) != (c.momentum != 0.0) {
            return Err(Error::Config(
                "momentum cannot be switched on or off by a state dict".into(),
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
            p.update(|t| {
                if c.momentum == 0.0 {
                    return B::sgd_update_(t, g.get(), None, false, &c);
                }
                let first = st.get("momentum_buffer").is_none();
                st.ensure_zeros("momentum_buffer", &p)?;
                let buf = st.one_mut("momentum_buffer")?;
                B::sgd_update_(t, g.get(), Some(buf), first, &c)?;
                st.step += 1;
                Ok(())
            })?;
        }
        Ok(())
    }
}
