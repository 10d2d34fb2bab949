//! The optimizers that scale each step by a running size of the gradient, torch.optim's
//! single-tensor formulas in its order of calls (`g` after `maximize` and L2 weight decay
//! `g + wd·p`):
//! - `RMSprop`: `v ← α·v + (1 − α)·g²`; centered: `ḡ ← lerp(ḡ, g, 1 − α)`, `a = √(v − ḡ²) + ε`,
//!   else `a = √v + ε`; with momentum `b ← μ·b + g/a`, `p ← p − lr·b`, else
//!   `p ← p − lr·g/a`. State `square_avg` (+ `momentum_buffer`, `grad_avg`).
//! - `Adagrad`: `s ← s + g²` (from `initial_accumulator_value`), `p ← p − clr·g/(√s + ε)`
//!   with `clr = lr / (1 + (t − 1)·lr_decay)`. State `sum`.
//! - `Adadelta`: `v ← ρ·v + (1 − ρ)·g²`, `δ = √(u + ε)/√(v + ε)·g`,
//!   `u ← ρ·u + (1 − ρ)·δ²`, `p ← p − lr·δ`. State `square_avg`, `acc_delta`. A backend
//!   may run it with passes of its own that round as this sequence does
//!   (`Backend::adadelta_update_`: LibTorch's CPU float32/float64 tensors).

use super::rule::{at_least, buf, l2, Hyper, Rule};
use super::signature::Arg;
use super::state_ops::{apply_, fresh, StateOp::*};
use super::ParamState;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::kernel::AdadeltaConfig;
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
        x: &mut B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        _t: u64,
    ) -> Result<()> {
        let (lr, alpha, eps, momentum) =
            (h.get("lr"), h.get("alpha"), h.get("eps"), h.get("momentum"));
        let decayed = l2::<B>(g, x, h.get("weight_decay"))?;
        let g = decayed.as_ref().unwrap_or(g);
        let v = st.one_mut("square_avg")?;
        apply_::<B>(MulScalar(alpha), v, &[])?;
        apply_::<B>(Addcmul(1.0 - alpha), v, &[g, g])?;
        let mut avg = if h.flag("centered") {
            apply_::<B>(Lerp(1.0 - alpha), st.one_mut("grad_avg")?, &[g])?;
            let mean = buf(st, "grad_avg")?;
            let mut avg = fresh::<B>(Addcmul(-1.0), buf(st, "square_avg")?, &[mean, mean])?;
            apply_::<B>(Sqrt, &mut avg, &[])?;
            avg
        } else {
            fresh::<B>(Sqrt, buf(st, "square_avg")?, &[])?
        };
        apply_::<B>(AddScalar(eps), &mut avg, &[])?;
        if momentum > 0.0 {
            let b = st.one_mut("momentum_buffer")?;
            apply_::<B>(MulScalar(momentum), b, &[])?;
            apply_::<B>(Addcdiv(1.0), b, &[g, &avg])?;
            apply_::<B>(Add(-lr), x, &[buf(st, "momentum_buffer")?])
        } else {
            apply_::<B>(Addcdiv(-lr), x, &[g, &avg])
        }
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
        x: &mut B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        t: u64,
    ) -> Result<()> {
        let decayed = l2::<B>(g, x, h.get("weight_decay"))?;
        let g = decayed.as_ref().unwrap_or(g);
        let clr = h.get("lr") / (1.0 + (t - 1) as f64 * h.get("lr_decay"));
        apply_::<B>(Addcmul(1.0), st.one_mut("sum")?, &[g, g])?;
        let mut std = fresh::<B>(Sqrt, buf(st, "sum")?, &[])?;
        apply_::<B>(AddScalar(h.get("eps")), &mut std, &[])?;
        apply_::<B>(Addcdiv(-clr), x, &[g, &std])
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
        x: &mut B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        _t: u64,
    ) -> Result<()> {
        let (rho, eps) = (h.get("rho"), h.get("eps"));
        let decayed = l2::<B>(g, x, h.get("weight_decay"))?;
        let g = decayed.as_ref().unwrap_or(g);
        let config = AdadeltaConfig {
            lr: h.get("lr"),
            rho,
            eps,
        };
        let (v, u) = st.pair_mut("square_avg", "acc_delta")?;
        if B::adadelta_update_(x, g, v, u, &config)? {
            return Ok(());
        }
        let v = st.one_mut("square_avg")?;
        apply_::<B>(MulScalar(rho), v, &[])?;
        apply_::<B>(Addcmul(1.0 - rho), v, &[g, g])?;
        let mut std = fresh::<B>(AddScalar(eps), v, &[])?;
        apply_::<B>(Sqrt, &mut std, &[])?;
        let mut delta = fresh::<B>(AddScalar(eps), buf(st, "acc_delta")?, &[])?;
        apply_::<B>(Sqrt, &mut delta, &[])?;
        apply_::<B>(Div, &mut delta, &[&std])?;
        apply_::<B>(Mul, &mut delta, &[g])?;
        let acc = st.one_mut("acc_delta")?;
        apply_::<B>(MulScalar(rho), acc, &[])?;
        apply_::<B>(Addcmul(1.0 - rho), acc, &[&delta, &delta])?;
        apply_::<B>(Add(-h.get("lr")), x, &[&delta])
    }
}
