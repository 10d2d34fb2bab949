//! torch's `quantile(q, dim, keepdim, interpolation)` as a composition of the tape's ops:
//! LibTorch's `sort` indices, a `gather` of the values, the one or two sorted values read at
//! `q · (n − 1)` and their interpolation (linear weights from a tensor `q` on the tape, so
//! `q` gets its gradient as in torch). Recorded through `derive.rs`'s `Derive::Quantile`.

use super::binary::BinaryOp;
use super::compose::{self, Recorder};
use super::index::{Gather, Select};
use super::join::MaskedFill;
use super::logical::Tally;
use super::scalar::ScalarOp;
use super::sort::Rank;
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::kernel::Predicate;
use crate::shape::normalize_dim;

/// `quantile`'s `interpolation=` between the two sorted values around `q · (n − 1)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interpolation {
    Linear,
    Lower,
    Higher,
    Midpoint,
    Nearest,
}

impl Interpolation {
    pub fn parse(s: &str) -> Result<Self> {
        Ok(match s {
            "linear" => Interpolation::Linear,
            "lower" => Interpolation::Lower,
            "higher" => Interpolation::Higher,
            "midpoint" => Interpolation::Midpoint,
            "nearest" => Interpolation::Nearest,
            other => {
                return Err(Error::Argument(format!(
                    "quantile: interpolation must be one of linear, lower, higher, midpoint, \
                     nearest, got {other:?}"
                )))
            }
        })
    }
}

/// torch's `quantile`: a row holding a NaN gives NaN (torch moves its rank onto the NaN
/// that sorts last); the gradient reaches the one or two elements read.
pub(crate) struct QuantileSpec<'a> {
    pub q: &'a [f64],
    pub vector: bool,
    /// `q` as a tensor operand, where it was one.
    pub q_handle: Option<Handle>,
    pub dim: Option<i64>,
    pub keepdim: bool,
    pub how: Interpolation,
}

pub(crate) fn quantile<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    spec: &QuantileSpec<'_>,
) -> Result<Handle> {
    let QuantileSpec {
        q,
        vector,
        q_handle,
        dim,
        keepdim,
        how,
    } = *spec;
    if let Some(bad) = q.iter().find(|v| !(0.0..=1.0).contains(*v)) {
        return Err(Error::Argument(format!(
            "quantile: q values must be in the range [0, 1], got {bad}"
        )));
    }
    let shape = r.shape(x)?;
    // a 0-d input is one element whatever the dim (and has no dim to keep)
    if let Some(d) = dim {
        normalize_dim("quantile", d, shape.len())?;
    }
    let dim = if shape.is_empty() { None } else { dim };
    let (src, d) = match dim {
        None => (compose::reshape(r, x, &[-1])?, 0usize),
        Some(d) => (x, normalize_dim("quantile", d, shape.len())?),
    };
    let n = r.shape(src)?.get(d).copied().unwrap_or(1);
    if n == 0 {
        return Err(Error::Shape(
            "quantile: input tensor must be non-empty".into(),
        ));
    }
    let di = d as i64;
    let order = Rank::Sort {
        descending: false,
        stable: false,
    };
    let idx = r.record(Op::ranked(di, order), &[src])?;
    let sorted = r.record(Op::movement(Gather(di)), &[src, idx])?;
    let nan = r.record(Op::predicate(Predicate::IsNan), &[src])?;
    let has_nan = r.record(Op::logical(Tally::Any, &[di], true), &[nan])?;
    // bounded: one per quantile asked, each a recorded op
    let mut outs = Vec::with_capacity(q.len());
    for (i, &v) in q.iter().enumerate() {
        let pos = v * (n - 1) as f64;
        let (lo, hi) = (pos.floor() as i64, pos.ceil() as i64);
        let mut pick = |k: i64| -> Result<Handle> {
            let one = r.record(Op::movement(Select { dim: di, index: k }), &[sorted])?;
            compose::unsqueeze(r, one, di)
        };
        let weight = match how {
            Interpolation::Linear => pos - lo as f64,
            Interpolation::Midpoint => 0.5,
            _ => 0.0,
        };
        let value = match how {
            Interpolation::Lower => pick(lo)?,
            Interpolation::Higher => pick(hi)?,
            Interpolation::Nearest => pick(pos.round_ties_even() as i64)?,
            _ if lo == hi || weight == 0.0 => pick(lo)?,
            _ => {
                let (below, above) = (pick(lo)?, pick(hi)?);
                let gap = compose::binary(r, BinaryOp::Sub, above, below)?;
                let step = match (how, q_handle) {
                    // the weight q·(n − 1) − lo from the tensor q: its gradient reaches q
                    (Interpolation::Linear, Some(qh)) => {
                        let qi = if vector {
                            r.record(
                                Op::movement(Select {
                                    dim: 0,
                                    index: i as i64,
                                }),
                                &[qh],
                            )?
                        } else {
                            qh
                        };
                        let at = compose::scalar(r, ScalarOp::Mul, qi, (n - 1) as f64)?;
                        let w = compose::scalar(r, ScalarOp::Add, at, -(lo as f64))?;
                        compose::binary(r, BinaryOp::Mul, gap, w)?
                    }
                    _ => compose::scalar(r, ScalarOp::Mul, gap, weight)?,
                };
                compose::binary(r, BinaryOp::Add, below, step)?
            }
        };
        let value = r.record(Op::movement(MaskedFill(f64::NAN)), &[value, has_nan])?;
        let value = match (dim, keepdim) {
            (Some(_), true) => value,
            (Some(_), false) => compose::squeeze(r, value, di)?,
            // bounded: the tensor's rank
            (None, true) => compose::reshape(r, value, &vec![1; shape.len()])?,
            (None, false) => compose::reshape(r, value, &[])?,
        };
        outs.push(value);
    }
    if vector {
        compose::stack(r, &outs, 0)
    } else {
        outs.pop()
            .ok_or_else(|| Error::Argument("quantile: no q given".into()))
    }
}
