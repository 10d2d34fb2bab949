//! Optimizers: each validates every input before it changes any parameter, then updates all
//! parameters in one call, in place where the parameter's snapshot is unshared.

mod sgd;

pub use sgd::Sgd;

use std::sync::Arc;

use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::{Error, Result};
use crate::grads::GradMap;
use crate::param::Parameter;

/// A parameter and the gradient value an optimizer applies to it.
pub type ParamGrad<B> = (Arc<Parameter<B>>, Value<B>);

/// A learning rate must be finite and non-negative.
pub fn check_lr(lr: f64) -> Result<()> {
    if !lr.is_finite() || lr < 0.0 {
        return Err(Error::Value(format!(
            "invalid learning rate {lr}: it must be finite and >= 0"
        )));
    }
    Ok(())
}

/// The gradients of `params` present in `grads`, each checked against its parameter
/// (released buffer, size, shape, dtype, device). Parameters without a gradient are skipped.
pub fn collect<B: Backend>(
    who: &str,
    params: &[Arc<Parameter<B>>],
    grads: &GradMap<B>,
) -> Result<Vec<ParamGrad<B>>> {
    let mut out = Vec::new();
    for p in params {
        let Some(buf) = grads.get(p.id()) else {
            continue;
        };
        let place = format!("{who}: gradient of parameter {}", p.label());
        let v = buf.value(&place)?;
        buf.check_size(&place)?;
        if buf.shape() != p.shape() {
            return Err(Error::Shape(format!(
                "{place} has shape {:?}, the parameter {:?}",
                buf.shape(),
                p.shape()
            )));
        }
        if buf.dtype() != p.dtype() {
            return Err(Error::DType(format!(
                "{place} has dtype {}, the parameter {}",
                buf.dtype(),
                p.dtype()
            )));
        }
        if !buf.device().same(p.device()) {
            return Err(Error::Device(format!(
                "{place} is on {}, the parameter on {}",
                buf.device(),
                p.device()
            )));
        }
        out.push((Arc::clone(p), v));
    }
    Ok(out)
}
