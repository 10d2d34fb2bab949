//! Adam's relatives, torch.optim's single-tensor formulas in its order of calls (`g` after
//! `maximize`; L2 weight decay `g + wd·p`, or with `decoupled_weight_decay`
//! `p ← p·(1 − lr·wd)` first):
//! - `Adamax`: `m ← lerp(m, g, 1 − β1)`, `u ← max(β2·u, |g| + ε)`,
//!   `p ← p − lr/(1 − β1ᵗ)·m/u`. State `exp_avg`, `exp_inf`.
//! - `NAdam`: `μₜ = β1(1 − ½·0.96^(t·ψ))`, `Πₜ = Πₜ₋₁·μₜ` (the state's `mu_product`),
//!   `m`, `v` as Adam's, `d = √(v/(1 − β2ᵗ)) + ε`,
//!   `p ← p − lr(1 − μₜ)/(1 − Πₜ)·g/d − lr·μₜ₊₁/(1 − Πₜμₜ₊₁)·m/d`.
//! - `RAdam`: `m`, `v` as Adam's; `ρ∞ = 2/(1 − β2) − 1`, `ρₜ = ρ∞ − 2tβ2ᵗ/(1 − β2ᵗ)`; when
//!   `ρₜ > 5` the rectified step `p ← p − m/(1 − β1ᵗ)·lr·√(1 − β2ᵗ)/(√v + ε)·r`, else
//!   `p ← p − m/(1 − β1ᵗ)·lr`.

use super::rule::{at_least, buf, held, l2, Hyper, Rule};
use super::signature::Arg;
use super::state_ops::{apply_, fresh, StateOp::*};
use super::{check_hyper, ParamState};
use crate::backend::Backend;
use crate::error::Result;
use crate::param::Parameter;

/// lr, eps, weight_decay non-negative; betas in `[0, 1)`.
fn check_adam_like(h: &Hyper) -> Result<()> {
    at_least(h, &["lr", "eps", "weight_decay"], 0.0)?;
    check_hyper("beta1", h.get("beta1"), 0.0, 1.0)?;
    check_hyper("beta2", h.get("beta2"), 0.0, 1.0)
}

/// Weight decay: decoupled, `p ← p·(1 − lr·wd)` in place (`None`); else the gradient
/// `g + wd·p` (`None` without weight decay).
fn decay<B: Backend>(x: &mut B::T, g: &B::T, h: &Hyper) -> Result<Option<B::T>> {
    let wd = h.get("weight_decay");
    if wd != 0.0 && h.flag("decoupled_weight_decay") {
        apply_::<B>(MulScalar(1.0 - h.get("lr") * wd), x, &[])?;
        return Ok(None);
    }
    l2::<B>(g, x, wd)
}

/// Adam's moments in place: `m.lerp_(g, 1 − β1)`, `v.mul_(β2).addcmul_(g, g, value=1 − β2)`.
fn moments<B: Backend>(st: &mut ParamState<B>, g: &B::T, h: &Hyper) -> Result<()> {
    let (b1, b2) = (h.get("beta1"), h.get("beta2"));
    apply_::<B>(Lerp(1.0 - b1), st.one_mut("exp_avg")?, &[g])?;
    let v = st.one_mut("exp_avg_sq")?;
    apply_::<B>(MulScalar(b2), v, &[])?;
    apply_::<B>(Addcmul(1.0 - b2), v, &[g, g])
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
        x: &mut B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        t: u64,
    ) -> Result<()> {
        let (b1, b2) = (h.get("beta1"), h.get("beta2"));
        let decayed = l2::<B>(g, x, h.get("weight_decay"))?;
        let g = decayed.as_ref().unwrap_or(g);
        apply_::<B>(Lerp(1.0 - b1), st.one_mut("exp_avg")?, &[g])?;
        let mut size = fresh::<B>(Abs, g, &[])?;
        apply_::<B>(AddScalar(h.get("eps")), &mut size, &[])?;
        let u = st.one_mut("exp_inf")?;
        apply_::<B>(MulScalar(b2), u, &[])?;
        apply_::<B>(Maximum, u, &[&size])?;
        let clr = h.get("lr") / (1.0 - b1.powf(t as f64));
        let (m, u) = (buf(st, "exp_avg")?, buf(st, "exp_inf")?);
        apply_::<B>(Addcdiv(-clr), x, &[m, u])
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
        x: &mut B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        t: u64,
    ) -> Result<()> {
        let (lr, b1, b2, psi) = (
            h.get("lr"),
            h.get("beta1"),
            h.get("beta2"),
            h.get("momentum_decay"),
        );
        let tf = t as f64;
        let bias2 = 1.0 - b2.powf(tf);
        let decayed = decay::<B>(x, g, h)?;
        let g = decayed.as_ref().unwrap_or(g);
        let mu = b1 * (1.0 - 0.5 * 0.96f64.powf(tf * psi));
        let mu_next = b1 * (1.0 - 0.5 * 0.96f64.powf((tf + 1.0) * psi));
        let dtype = B::dtype(x);
        let product = held(
            dtype,
            st.scalar("mu_product").unwrap_or(1.0) * held(dtype, mu),
        );
        moments(st, g, h)?;
        st.set_scalar("mu_product", product);
        let mut denom = fresh::<B>(DivScalar(bias2), buf(st, "exp_avg_sq")?, &[])?;
        apply_::<B>(Sqrt, &mut denom, &[])?;
        let product_next = product * mu_next;
        apply_::<B>(AddScalar(h.get("eps")), &mut denom, &[])?;
        let a = -lr * (1.0 - mu) / (1.0 - product);
        apply_::<B>(Addcdiv(a), x, &[g, &denom])?;
        let b = (-lr * mu_next) / (1.0 - product_next);
        apply_::<B>(Addcdiv(b), x, &[buf(st, "exp_avg")?, &denom])
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
        x: &mut B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        t: u64,
    ) -> Result<()> {
        let (lr, b1, b2) = (h.get("lr"), h.get("beta1"), h.get("beta2"));
        let tf = t as f64;
        let decayed = decay::<B>(x, g, h)?;
        let g = decayed.as_ref().unwrap_or(g);
        moments(st, g, h)?;
        let bias1 = 1.0 - b1.powf(tf);
        let bias2 = 1.0 - b2.powf(tf);
        let corrected = fresh::<B>(DivScalar(bias1), buf(st, "exp_avg")?, &[])?;
        let rho_inf = 2.0 / (1.0 - b2) - 1.0;
        let rho_t = rho_inf - 2.0 * tf * b2.powf(tf) / bias2;
        let mut step = fresh::<B>(MulScalar(lr), &corrected, &[])?;
        if rho_t > 5.0 {
            // `(bias2 ** 0.5) / (√v + ε)`: torch's scalar-over-tensor is `reciprocal() * s`
            let mut adaptive = fresh::<B>(Sqrt, buf(st, "exp_avg_sq")?, &[])?;
            apply_::<B>(AddScalar(h.get("eps")), &mut adaptive, &[])?;
            apply_::<B>(Reciprocal, &mut adaptive, &[])?;
            apply_::<B>(MulScalar(bias2.powf(0.5)), &mut adaptive, &[])?;
            apply_::<B>(Mul, &mut step, &[&adaptive])?;
            let rect = ((rho_t - 4.0) * (rho_t - 2.0) * rho_inf
                / ((rho_inf - 4.0) * (rho_inf - 2.0) * rho_t))
                .powf(0.5);
            apply_::<B>(MulScalar(rect), &mut step, &[])?;
        }
        apply_::<B>(Add(-1.0), x, &[&step])
    }
}
