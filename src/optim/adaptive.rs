//! The optimizers that scale each step by a running size of the gradient, torch.optim's
//! single-tensor formulas (`g` after `maximize` and L2 weight decay `g + wd·p`):
//! - `RMSprop`: `v ← α·v + (1 − α)·g²`; centered: `ḡ ← lerp(ḡ, g, 1 − α)`, `a = √(v − ḡ²) + ε`,
//!   else `a = √v + ε`; with momentum `b ← μ·b + g/a`, `p ← p − lr·b`, else
//!   `p ← p − lr·g/a`. State `square_avg` (+ `momentum_buffer`, `grad_avg`).
//! - `Adagrad`: `s ← s + g²` (from `initial_accumulator_value`), `p ← p − clr·g/(√s + ε)`
//!   with `clr = lr / (1 + (t − 1)·lr_decay)`. State `sum`.
//! - `Adadelta`: `v ← ρ·v + (1 − ρ)·g²`, `δ = √(u + ε)/√(v + ε)·g`,
//!   `u ← ρ·u + (1 − ρ)·δ²`, `p ← p − lr·δ`. State `square_avg`, `acc_delta`.

use super::rule::{at_least, buf, decay_square, l2, lerp, Hyper, Rule};
use super::signature::Arg;
use super::ParamState;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::ops::arith::Arith;
use crate::param::Parameter;

/// torch.optim.RMSprop.
pub struct RmsProp;

impl Rule for RmsProp {
    const KIND: &'static str = "RMSprop";
    const SIGNATURE: &'static [Arg] = &[
        Arg::Number("lr", 1e-2),
        Arg::Number("alpha", 0.99),
        Arg::Number("eps", 1e-8),
        Arg::Number("weight_decay", 0.0),
        Arg::Number("momentum", 0.0),
        Arg::Flag("centered", false),
    ];
    fn validate(h: &Hyper) -> Result<()> {
        at_least(h, &["lr", "alpha", "eps", "weight_decay", "momentum"], 0.0)
    }
    fn buffer_names(h: &Hyper) -> &'static [&'static str] {
        match (h.get("momentum") > 0.0, h.flag("centered")) {
            (false, false) => &["square_avg"],
            (true, false) => &["square_avg", "momentum_buffer"],
            (false, true) => &["square_avg", "grad_avg"],
            (true, true) => &["square_avg", "momentum_buffer", "grad_avg"],
        }
    }
    fn update<B: Backend>(
        x: &B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        _t: u64,
    ) -> Result<B::T> {
        let (lr, alpha, eps) = (h.get("lr"), h.get("alpha"), h.get("eps"));
        let decayed = l2::<B>(g, x, h.get("weight_decay"))?;
        let g = decayed.as_ref().unwrap_or(g);
        let v = decay_square::<B>(buf(st, "square_avg")?, g, alpha)?;
        let root = if h.flag("centered") {
            let mean = lerp::<B>(buf(st, "grad_avg")?, g, 1.0 - alpha)?;
            let r = B::sqrt(&B::sub(&v, &B::mul(&mean, &mean)?)?)?;
            st.set("grad_avg", &mean)?;
            r
        } else {
            B::sqrt(&v)?
        };
        st.set("square_avg", &v)?;
        let avg = B::add_scalar(&root, eps)?;
        let momentum = h.get("momentum");
        let step = if momentum > 0.0 {
            let b = B::add(
                &B::mul_scalar(buf(st, "momentum_buffer")?, momentum)?,
                &B::div(g, &avg)?,
            )?;
            st.set("momentum_buffer", &b)?;
            b
        } else {
            B::div(g, &avg)?
        };
        B::sub(x, &B::mul_scalar(&step, lr)?)
    }
}

/// torch.optim.Adagrad.
pub struct Adagrad;

impl Rule for Adagrad {
    const KIND: &'static str = "Adagrad";
    const SIGNATURE: &'static [Arg] = &[
        Arg::Number("lr", 1e-2),
        Arg::Number("lr_decay", 0.0),
        Arg::Number("weight_decay", 0.0),
        Arg::Number("initial_accumulator_value", 0.0),
        Arg::Number("eps", 1e-10),
    ];
    fn validate(h: &Hyper) -> Result<()> {
        at_least(
            h,
            &[
                "lr",
                "lr_decay",
                "weight_decay",
                "initial_accumulator_value",
                "eps",
            ],
            0.0,
        )
    }
    fn buffer_names(_h: &Hyper) -> &'static [&'static str] {
        &["sum"]
    }
    fn init<B: Backend>(st: &mut ParamState<B>, p: &Parameter<B>, h: &Hyper) -> Result<()> {
        st.ensure_full("sum", p, h.get("initial_accumulator_value"))
    }
    fn update<B: Backend>(
        x: &B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        t: u64,
    ) -> Result<B::T> {
        let decayed = l2::<B>(g, x, h.get("weight_decay"))?;
        let g = decayed.as_ref().unwrap_or(g);
        let clr = h.get("lr") / (1.0 + (t - 1) as f64 * h.get("lr_decay"));
        let sum = B::add(buf(st, "sum")?, &B::mul(g, g)?)?;
        st.set("sum", &sum)?;
        let std = B::add_scalar(&B::sqrt(&sum)?, h.get("eps"))?;
        B::sub(x, &B::mul_scalar(&B::div(g, &std)?, clr)?)
    }
}

/// torch.optim.Adadelta.
pub struct Adadelta;

impl Rule for Adadelta {
    const KIND: &'static str = "Adadelta";
    const SIGNATURE: &'static [Arg] = &[
        Arg::Number("lr", 1.0),
        Arg::Number("rho", 0.9),
        Arg::Number("eps", 1e-6),
        Arg::Number("weight_decay", 0.0),
    ];
    fn validate(h: &Hyper) -> Result<()> {
        at_least(h, &["lr", "eps", "weight_decay"], 0.0)?;
        let rho = h.get("rho");
        if !(0.0..=1.0).contains(&rho) {
            return Err(Error::Config(format!(
                "invalid rho {rho}: it must be in [0, 1]"
            )));
        }
        Ok(())
    }
    fn buffer_names(_h: &Hyper) -> &'static [&'static str] {
        &["square_avg", "acc_delta"]
    }
    fn update<B: Backend>(
        x: &B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        _t: u64,
    ) -> Result<B::T> {
        let (rho, eps) = (h.get("rho"), h.get("eps"));
        let decayed = l2::<B>(g, x, h.get("weight_decay"))?;
        let g = decayed.as_ref().unwrap_or(g);
        let v = decay_square::<B>(buf(st, "square_avg")?, g, rho)?;
        let std = B::sqrt(&B::add_scalar(&v, eps)?)?;
        let acc = buf(st, "acc_delta")?;
        let delta = B::mul(&B::div(&B::sqrt(&B::add_scalar(acc, eps)?)?, &std)?, g)?;
        let acc = decay_square::<B>(acc, &delta, rho)?;
        st.set("square_avg", &v)?;
        st.set("acc_delta", &acc)?;
        B::sub(x, &B::mul_scalar(&delta, h.get("lr"))?)
    }
}
