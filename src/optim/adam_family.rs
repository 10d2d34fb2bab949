//! Adam's relatives, torch.optim's single-tensor formulas (`g` after `maximize`; L2 weight
//! decay `g + wd·p`, or with `decoupled_weight_decay` `p ← p·(1 − lr·wd)` first):
//! - `Adamax`: `m ← lerp(m, g, 1 − β1)`, `u ← max(β2·u, |g| + ε)`,
//!   `p ← p − lr/(1 − β1ᵗ)·m/u`. State `exp_avg`, `exp_inf`.
//! - `NAdam`: `μₜ = β1(1 − ½·0.96^(t·ψ))`, `Πₜ = Πₜ₋₁·μₜ` (the state's `mu_product`),
//!   `m`, `v` as Adam's, `d = √(v/(1 − β2ᵗ)) + ε`,
//!   `p ← p − lr(1 − μₜ)/(1 − Πₜ)·g/d − lr·μₜ₊₁/(1 − Πₜμₜ₊₁)·m/d`.
//! - `RAdam`: `m`, `v` as Adam's; `ρ∞ = 2/(1 − β2) − 1`, `ρₜ = ρ∞ − 2tβ2ᵗ/(1 − β2ᵗ)`; when
//!   `ρₜ > 5` the rectified step `p ← p − m/(1 − β1ᵗ)·lr·√(1 − β2ᵗ)/(√v + ε)·r`, else
//!   `p ← p − m/(1 − β1ᵗ)·lr`.

use super::rule::{at_least, buf, decay_square, held, l2, lerp, Hyper, Rule};
use super::signature::Arg;
use super::{check_hyper, ParamState};
use crate::backend::Backend;
use crate::error::Result;
use crate::ops::arith::Arith;
use crate::ops::binary::Maximum;
use crate::ops::scalar::{DivScalar, RDivScalar};
use crate::ops::unary::Abs;
use crate::param::Parameter;

/// lr, eps, weight_decay non-negative; betas in `[0, 1)`.
fn check_adam_like(h: &Hyper) -> Result<()> {
    at_least(h, &["lr", "eps", "weight_decay"], 0.0)?;
    check_hyper("beta1", h.get("beta1"), 0.0, 1.0)?;
    check_hyper("beta2", h.get("beta2"), 0.0, 1.0)
}

/// The gradient after weight decay, and the parameter after decoupled decay.
fn decay<B: Backend>(x: &B::T, g: &B::T, h: &Hyper) -> Result<(B::T, Option<B::T>)> {
    let wd = h.get("weight_decay");
    if wd != 0.0 && h.flag("decoupled_weight_decay") {
        let x = B::mul_scalar(x, 1.0 - h.get("lr") * wd)?;
        return Ok((x, None));
    }
    Ok((B::copy(x)?, l2::<B>(g, x, wd)?))
}

/// Adam's moments: `m ← lerp(m, g, 1 − β1)`, `v ← β2·v + (1 − β2)·g²` (stored).
fn moments<B: Backend>(st: &mut ParamState<B>, g: &B::T, h: &Hyper) -> Result<(B::T, B::T)> {
    let m = lerp::<B>(buf(st, "exp_avg")?, g, 1.0 - h.get("beta1"))?;
    let v = decay_square::<B>(buf(st, "exp_avg_sq")?, g, h.get("beta2"))?;
    st.set("exp_avg", &m)?;
    st.set("exp_avg_sq", &v)?;
    Ok((m, v))
}

/// torch.optim.Adamax.
pub struct Adamax;

impl Rule for Adamax {
    const KIND: &'static str = "Adamax";
    const SIGNATURE: &'static [Arg] = &[
        Arg::Number("lr", 2e-3),
        Arg::Pair("betas", ["beta1", "beta2"], [0.9, 0.999]),
        Arg::Number("eps", 1e-8),
        Arg::Number("weight_decay", 0.0),
    ];
    fn validate(h: &Hyper) -> Result<()> {
        check_adam_like(h)
    }
    fn buffer_names(_h: &Hyper) -> &'static [&'static str] {
        &["exp_avg", "exp_inf"]
    }
    fn update<B: Backend>(
        x: &B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        t: u64,
    ) -> Result<B::T> {
        let (b1, b2) = (h.get("beta1"), h.get("beta2"));
        let decayed = l2::<B>(g, x, h.get("weight_decay"))?;
        let g = decayed.as_ref().unwrap_or(g);
        let m = lerp::<B>(buf(st, "exp_avg")?, g, 1.0 - b1)?;
        let u = B::binary::<Maximum>(
            &B::mul_scalar(buf(st, "exp_inf")?, b2)?,
            &B::add_scalar(&B::unary::<Abs>(g)?, h.get("eps"))?,
        )?;
        st.set("exp_avg", &m)?;
        st.set("exp_inf", &u)?;
        let clr = h.get("lr") / (1.0 - b1.powf(t as f64));
        B::sub(x, &B::mul_scalar(&B::div(&m, &u)?, clr)?)
    }
}

/// torch.optim.NAdam.
pub struct NAdam;

impl Rule for NAdam {
    const KIND: &'static str = "NAdam";
    const SIGNATURE: &'static [Arg] = &[
        Arg::Number("lr", 2e-3),
        Arg::Pair("betas", ["beta1", "beta2"], [0.9, 0.999]),
        Arg::Number("eps", 1e-8),
        Arg::Number("weight_decay", 0.0),
        Arg::Number("momentum_decay", 4e-3),
        Arg::Flag("decoupled_weight_decay", false),
    ];
    fn validate(h: &Hyper) -> Result<()> {
        check_adam_like(h)?;
        at_least(h, &["momentum_decay"], 0.0)
    }
    fn buffer_names(_h: &Hyper) -> &'static [&'static str] {
        &["exp_avg", "exp_avg_sq"]
    }
    fn scalar_names() -> &'static [&'static str] {
        &["mu_product"]
    }
    fn init<B: Backend>(st: &mut ParamState<B>, p: &Parameter<B>, _h: &Hyper) -> Result<()> {
        st.ensure_zeros("exp_avg", p)?;
        st.ensure_zeros("exp_avg_sq", p)?;
        st.set_scalar("mu_product", 1.0);
        Ok(())
    }
    fn update<B: Backend>(
        x: &B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        t: u64,
    ) -> Result<B::T> {
        let (lr, b1, b2, psi) = (
            h.get("lr"),
            h.get("beta1"),
            h.get("beta2"),
            h.get("momentum_decay"),
        );
        let tf = t as f64;
        let bias2 = 1.0 - b2.powf(tf);
        let (x, decayed) = decay::<B>(x, g, h)?;
        let g = decayed.as_ref().unwrap_or(g);
        let mu = b1 * (1.0 - 0.5 * 0.96f64.powf(tf * psi));
        let mu_next = b1 * (1.0 - 0.5 * 0.96f64.powf((tf + 1.0) * psi));
        let dtype = B::dtype(&x);
        let product = held(
            dtype,
            st.scalar("mu_product").unwrap_or(1.0) * held(dtype, mu),
        );
        let (m, v) = moments(st, g, h)?;
        st.set_scalar("mu_product", product);
        let denom = B::add_scalar(&B::sqrt(&B::scalar::<DivScalar>(&v, bias2)?)?, h.get("eps"))?;
        let a = -lr * (1.0 - mu) / (1.0 - product);
        let b = (-lr * mu_next) / (1.0 - product * mu_next);
        let x = B::add(&x, &B::mul_scalar(&B::div(g, &denom)?, a)?)?;
        B::add(&x, &B::mul_scalar(&B::div(&m, &denom)?, b)?)
    }
}

/// torch.optim.RAdam.
pub struct RAdam;

impl Rule for RAdam {
    const KIND: &'static str = "RAdam";
    const SIGNATURE: &'static [Arg] = &[
        Arg::Number("lr", 1e-3),
        Arg::Pair("betas", ["beta1", "beta2"], [0.9, 0.999]),
        Arg::Number("eps", 1e-8),
        Arg::Number("weight_decay", 0.0),
        Arg::Flag("decoupled_weight_decay", false),
    ];
    fn validate(h: &Hyper) -> Result<()> {
        check_adam_like(h)
    }
    fn buffer_names(_h: &Hyper) -> &'static [&'static str] {
        &["exp_avg", "exp_avg_sq"]
    }
    fn update<B: Backend>(
        x: &B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        t: u64,
    ) -> Result<B::T> {
        let (lr, b1, b2) = (h.get("lr"), h.get("beta1"), h.get("beta2"));
        let tf = t as f64;
        let (x, decayed) = decay::<B>(x, g, h)?;
        let g = decayed.as_ref().unwrap_or(g);
        let (m, v) = moments(st, g, h)?;
        let bias1 = 1.0 - b1.powf(tf);
        let bias2 = 1.0 - b2.powf(tf);
        let corrected = B::mul_scalar(&B::scalar::<DivScalar>(&m, bias1)?, lr)?;
        let rho_inf = 2.0 / (1.0 - b2) - 1.0;
        let rho_t = rho_inf - 2.0 * tf * b2.powf(tf) / bias2;
        if rho_t <= 5.0 {
            return B::sub(&x, &corrected);
        }
        let rect = ((rho_t - 4.0) * (rho_t - 2.0) * rho_inf
            / ((rho_inf - 4.0) * (rho_inf - 2.0) * rho_t))
            .sqrt();
        let root = B::add_scalar(&B::sqrt(&v)?, h.get("eps"))?;
        let adaptive = B::scalar::<RDivScalar>(&root, bias2.sqrt())?;
        let step = B::mul_scalar(&B::mul(&corrected, &adaptive)?, rect)?;
        B::sub(&x, &step)
    }
}
