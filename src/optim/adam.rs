//! Adam and AdamW, torch.optim's formulas (no amsgrad):
//! `t += 1`; Adam adds L2 into the gradient (`g += wd·p`), AdamW decays the weights
//! (`p ← p·(1 − lr·wd)`); then `m ← m + (1 − β1)(g − m)`, `v ← β2·v + (1 − β2)·g²`,
//! `p ← p − (lr / (1 − β1ᵗ)) · m / (√v / √(1 − β2ᵗ) + eps)`.
//! State: `exp_avg`, `exp_avg_sq` and the step count.

use std::sync::Arc;

use super::{check_hyper, check_lr, collect, Optimizer, StateMap};
use crate::backend::Backend;
use crate::error::Result;
use crate::grads::GradMap;
pub use crate::kernel::fused::AdamConfig;
use crate::ops::arith::Arith;
use crate::param::Parameter;

/// The settings' ranges (torch.optim.Adam's checks).
fn validate(c: &AdamConfig) -> Result<()> {
    check_lr(c.lr)?;
    check_hyper("beta1", c.betas.0, 0.0, 1.0)?;
    check_hyper("beta2", c.betas.1, 0.0, 1.0)?;
    check_hyper("eps", c.eps, 0.0, f64::INFINITY)?;
    check_hyper("weight_decay", c.weight_decay, 0.0, f64::INFINITY)
}

pub struct Adam<B: Backend> {
    params: Vec<Arc<Parameter<B>>>,
    cfg: AdamConfig,
    state: StateMap<B>,
}

impl<B: Backend> Adam<B> {
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
        ]
    }
    fn set_hyper(&mut self, values: &[(String, f64)]) -> Result<()> {
        const KNOWN: [&str; 5] = ["lr", "beta1", "beta2", "eps", "weight_decay"];
        let c = self.cfg;
        let get = |name: &str, cur: f64| super::hyper_value(values, &KNOWN, name, cur);
        let cfg = AdamConfig {
            lr: get("lr", c.lr)?,
            betas: (get("beta1", c.betas.0)?, get("beta2", c.betas.1)?),
            eps: get("eps", c.eps)?,
            weight_decay: get("weight_decay", c.weight_decay)?,
            decoupled: c.decoupled,
        };
        validate(&cfg)?;
        self.cfg = cfg;
        Ok(())
    }
    fn buffer_names(&self) -> &'static [&'static str] {
        &["exp_avg", "exp_avg_sq"]
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
        for (p, g) in work {
            let st = self.state.entry(p.id()).or_default();
            st.ensure_zeros("exp_avg", &p)?;
            st.ensure_zeros("exp_avg_sq", &p)?;
            let step = st.step + 1;
            p.update(|t| {
                let (m, v) = st.pair_mut("exp_avg", "exp_avg_sq")?;
                if B::adam_update_(t, g.get(), m, v, &c, step)? {
                    return Ok(());
                }
                composed_update::<B>(t, g.get(), m, v, &c, step)
            })?;
            st.step += 1;
        }
        Ok(())
    }
}

/// One Adam/AdamW update of `p` with moments `m`, `v` (all held exclusively) after the step
/// counter reached `step`, composed of kernels: torch.optim's single-tensor formulas, for
/// a backend without a fused update (`Backend::adam_update_`).
fn composed_update<B: Backend>(
    p: &mut B::T,
    g: &B::T,
    m: &mut B::T,
    v: &mut B::T,
    h: &AdamConfig,
    step: u64,
) -> Result<()> {
    if h.decoupled && h.weight_decay != 0.0 {
        let decayed = B::mul_scalar(p, 1.0 - h.lr * h.weight_decay)?;
        B::copy_(p, &decayed)?;
    }
    let l2 = if !h.decoupled && h.weight_decay != 0.0 {
        Some(B::add(g, &B::mul_scalar(p, h.weight_decay)?)?)
    } else {
        None
    };
    let g = l2.as_ref().unwrap_or(g);
    let m_new = B::add(m, &B::mul_scalar(&B::sub(g, m)?, 1.0 - h.betas.0)?)?;
    B::copy_(m, &m_new)?;
    let v_new = B::add(
        &B::mul_scalar(v, h.betas.1)?,
        &B::mul_scalar(&B::mul(g, g)?, 1.0 - h.betas.1)?,
    )?;
    B::copy_(v, &v_new)?;
    let denom = B::add_scalar(
        &B::mul_scalar(&B::sqrt(v)?, 1.0 / h.bias2_sqrt(step))?,
        h.eps,
    )?;
    B::axpy_(p, -h.lr / h.bias1(step), &B::div(m, &denom)?)
}
