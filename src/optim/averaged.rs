//! torch.optim's `ASGD` and `Rprop`, their single-tensor formulas in torch's order of calls
//! (`g` after `maximize`):
//! - `ASGD` (averaged SGD): `g ← g + wd·p`, `p ← p·(1 − λ·η)`, `p ← p − η·g`; the average
//!   `ā ← ā + μ·(p − ā)` (a copy of `p` while `μ = 1`); then `η ← lr/(1 + λ·lr·t)^α` and
//!   `μ ← 1/max(1, t − t0)`. State `ax` and the numbers `eta`, `mu`.
//! - `Rprop`: `s = sign(g·g_prev)`; each element's step size is multiplied by `η+` where
//!   `s > 0`, `η−` where `s < 0` (and its gradient taken as 0), and clamped to
//!   `[step_min, step_max]`; `p ← p − sign(g)·step_size`. State `prev`, `step_size` (from
//!   `lr`). A backend may run the whole update in one pass that rounds as this sequence
//!   does (`Backend::rprop_update_`: LibTorch's CPU float32/float64 tensors).

use super::rule::{at_least, buf, held, l2, Hyper, Rule};
use super::signature::Arg;
use super::state_ops::{apply_, fresh, StateOp::*};
use super::ParamState;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::kernel::RpropConfig;
use crate::param::Parameter;

/// torch.optim.ASGD.
pub struct Asgd;

impl Rule for Asgd {
    const KIND: &'static str = "ASGD";
    const SIGNATURE: &'static [Arg] = &[
        Arg::Number("lr", 1e-2),
        Arg::Number("lambd", 1e-4),
        Arg::Number("alpha", 0.75),
        Arg::Number("t0", 1e6),
        Arg::Number("weight_decay", 0.0),
    ];
    fn validate(h: &Hyper) -> Result<()> {
        at_least(h, &["lr", "weight_decay"], 0.0)?;
        at_least(h, &["lambd", "alpha", "t0"], f64::NEG_INFINITY)
    }
    fn buffer_names(_h: &Hyper) -> &'static [&'static str] {
        &["ax"]
    }
    fn scalar_names() -> &'static [&'static str] {
        &["eta", "mu"]
    }
    fn init<B: Backend>(st: &mut ParamState<B>, p: &Parameter<B>, h: &Hyper) -> Result<()> {
        st.ensure_zeros("ax", p)?;
        st.set_scalar("eta", held(p.dtype(), h.get("lr")));
        st.set_scalar("mu", 1.0);
        Ok(())
    }
    fn update<B: Backend>(
        x: &mut B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        t: u64,
    ) -> Result<()> {
        let (lr, lambd, alpha) = (h.get("lr"), h.get("lambd"), h.get("alpha"));
        let decayed = l2::<B>(g, x, h.get("weight_decay"))?;
        let g = decayed.as_ref().unwrap_or(g);
        let eta = st.scalar("eta").unwrap_or(lr);
        let mu = st.scalar("mu").unwrap_or(1.0);
        apply_::<B>(MulScalar(1.0 - lambd * eta), x, &[])?;
        apply_::<B>(Add(-eta), x, &[g])?;
        if mu != 1.0 {
            let mut d = fresh::<B>(Sub, x, &[buf(st, "ax")?])?;
            apply_::<B>(MulScalar(mu), &mut d, &[])?;
            apply_::<B>(Add(1.0), st.one_mut("ax")?, &[&d])?;
        } else {
            B::copy_(st.one_mut("ax")?, x)?;
        }
        let tf = t as f64;
        let dtype = B::dtype(x);
        st.set_scalar("eta", held(dtype, lr / (1.0 + lambd * lr * tf).powf(alpha)));
        st.set_scalar("mu", held(dtype, 1.0 / f64::max(1.0, tf - h.get("t0"))));
        Ok(())
    }
}

/// torch.optim.Rprop.
pub struct Rprop;

impl Rule for Rprop {
    const KIND: &'static str = "Rprop";
    const SIGNATURE: &'static [Arg] = &[
        Arg::Number("lr", 1e-2),
        Arg::Pair("etas", ["etaminus", "etaplus"], [0.5, 1.2]),
        Arg::Pair(
            "step_sizes",
            ["step_size_min", "step_size_max"],
            [1e-6, 50.0],
        ),
    ];
    fn validate(h: &Hyper) -> Result<()> {
        at_least(h, &["lr"], 0.0)?;
        let (minus, plus) = (h.get("etaminus"), h.get("etaplus"));
        if !(0.0 < minus && minus < 1.0 && 1.0 < plus && plus.is_finite()) {
            return Err(Error::Config(format!(
                "invalid eta values: {minus}, {plus} (0 < etaminus < 1 < etaplus)"
            )));
        }
        at_least(h, &["step_size_min", "step_size_max"], f64::NEG_INFINITY)
    }
    fn buffer_names(_h: &Hyper) -> &'static [&'static str] {
        &["prev", "step_size"]
    }
    fn init<B: Backend>(st: &mut ParamState<B>, p: &Parameter<B>, h: &Hyper) -> Result<()> {
        st.ensure_zeros("prev", p)?;
        st.ensure_full("step_size", p, h.get("lr"))
    }
    fn update<B: Backend>(
        x: &mut B::T,
        g: &B::T,
        st: &mut ParamState<B>,
        h: &Hyper,
        _t: u64,
    ) -> Result<()> {
        let (minus, plus) = (h.get("etaminus"), h.get("etaplus"));
        let config = RpropConfig {
            etaminus: minus,
            etaplus: plus,
            step_size_min: h.get("step_size_min"),
            step_size_max: h.get("step_size_max"),
        };
        let (prev, size) = st.pair_mut("prev", "step_size")?;
        if B::rprop_update_(x, g, prev, size, &config)? {
            return Ok(());
        }
        let mut sign = fresh::<B>(Mul, g, &[buf(st, "prev")?])?;
        apply_::<B>(Sign, &mut sign, &[])?;
        apply_::<B>(
            SetGt {
                at: 0.0,
                value: plus,
            },
            &mut sign,
            &[],
        )?;
        apply_::<B>(
            SetLt {
                at: 0.0,
                value: minus,
            },
            &mut sign,
            &[],
        )?;
        apply_::<B>(
            SetEq {
                at: 0.0,
                value: 1.0,
            },
            &mut sign,
            &[],
        )?;
        let size = st.one_mut("step_size")?;
        apply_::<B>(Mul, size, &[&sign])?;
        let (lo, hi) = (h.get("step_size_min"), h.get("step_size_max"));
        apply_::<B>(Clamp(lo, hi), size, &[])?;
        let mut kept = B::copy(g)?;
        apply_::<B>(
            FillEq {
                at: minus,
                value: 0.0,
            },
            &mut kept,
            &[&sign],
        )?;
        let direction = fresh::<B>(Sign, &kept, &[])?;
        apply_::<B>(Addcmul(-1.0), x, &[&direction, buf(st, "step_size")?])?;
        B::copy_(st.one_mut("prev")?, &kept)
    }
}
