//! `batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)`
//! (see `ops/batch_norm.rs`). Running statistics are `et.Parameter`s (a module's buffers,
//! `requires_grad=False`) or, in eval mode, tensors of the input's session. In training
//! mode the updated statistics are published as the parameters' new snapshots after the
//! forward succeeded; a rejected call changes neither the session nor the parameters.

use std::sync::{Arc, Mutex};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use super::classes::PyParameter;
use super::classes::PyTensor;
use crate::backend::dynamic::{Dyn, DynTensor};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::ops::batch_norm::BatchNorm;
use crate::param::Parameter;
use crate::session::{Operand, Session};
use crate::tape::Handle;

/// A running statistic as given.
enum Stat {
    Param(Arc<Parameter<Dyn>>),
    Tensor(Handle),
    /// Array-like data (eval mode only), converted to the session's carrier.
    Data(Operand<Dyn>),
}

fn stat(
    py: Python<'_>,
    input: &PyTensor,
    name: &str,
    v: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Stat>> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    if let Ok(p) = v.cast::<PyParameter>() {
        return Ok(Some(Stat::Param(Arc::clone(&p.get().inner))));
    }
    if let Ok(t) = v.cast::<PyTensor>() {
        return Ok(Some(Stat::Tensor(t.get().handle())));
    }
    if v.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(format!(
            "batch_norm: {name} must be an eagertape.Parameter (a module buffer), a Tensor, \
             array data or None, got a str"
        )));
    }
    Ok(Some(Stat::Data(input.operand(py, v)?)))
}

/// A copy of `p`'s snapshot for LibTorch's forward to update, after checking that it
/// matches the session (as `use` would) and has one entry per channel of `x`.
fn running_copy(s: &Session<Dyn>, x: Handle, p: &Parameter<Dyn>) -> Result<tch::Tensor> {
    let shape = s.shape(x)?;
    if let Some(&c) = shape.get(1) {
        if p.shape() != [c] {
            return Err(Error::Shape(format!(
                "batch_norm: running statistic {} has shape {:?}; the input {shape:?} has {c} \
                 channels",
                p.label(),
                p.shape()
            )));
        }
    }
    if p.dtype() != s.dtype() || !p.device().same(s.config().device) {
        return Err(Error::DType(format!(
            "batch_norm: running statistic {} is {} on {}, but the session computes in {} \
             on {}",
            p.label(),
            p.dtype(),
            p.device(),
            s.dtype(),
            s.config().device
        )));
    }
    match Dyn::copy(p.snapshot().get())? {
        DynTensor::Torch(t) => Ok(t),
        _ => Err(Error::Unsupported {
            op: "batch_norm",
            carrier: p.dtype().carrier_label(),
        }),
    }
}

#[pyfunction]
#[pyo3(signature = (input, running_mean, running_var, weight=None, bias=None, training=false, momentum=0.1, eps=1e-5))]
#[allow(clippy::too_many_arguments)]
pub fn batch_norm(
    py: Python<'_>,
    input: &PyTensor,
    running_mean: Option<&Bound<'_, PyAny>>,
    running_var: Option<&Bound<'_, PyAny>>,
    weight: Option<&Bound<'_, PyAny>>,
    bias: Option<&Bound<'_, PyAny>>,
    training: bool,
    momentum: f64,
    eps: f64,
) -> PyResult<PyTensor> {
    let stats = match (
        stat(py, input, "running_mean", running_mean)?,
        stat(py, input, "running_var", running_var)?,
    ) {
        (Some(m), Some(v)) => Some((m, v)),
        (None, None) => None,
        _ => {
            return Err(super::to_py(Error::Argument(
                "batch_norm: give both running_mean and running_var, or neither".into(),
            )))
        }
    };
    if stats.is_none() && !training {
        return Err(super::to_py(Error::Argument(
            "batch_norm: running_mean and running_var must be given in eval mode \
             (training=False)"
                .into(),
        )));
    }
    if !eps.is_finite() || !momentum.is_finite() {
        return Err(super::to_py(Error::Argument(format!(
            "batch_norm: eps and momentum must be finite, got eps={eps}, momentum={momentum}"
        ))));
    }
    let published = match &stats {
        Some((Stat::Param(m), Stat::Param(v))) if training => Some((Arc::clone(m), Arc::clone(v))),
        Some(_) if training => {
            return Err(PyTypeError::new_err(
                "batch_norm: in training mode the running statistics must be \
                 eagertape.Parameters (their update is published as a new snapshot; tensors \
                 and arrays are immutable values)",
            ))
        }
        _ => None,
    };
    let (weight, bias) = (
        weight.filter(|w| !w.is_none()),
        bias.filter(|b| !b.is_none()),
    );
    let mut operands = vec![Operand::Node(input.handle())];
    for t in [weight, bias].into_iter().flatten() {
        operands.push(input.operand(py, t)?);
    }
    let (has_w, has_b) = (weight.is_some(), bias.is_some());
    let x = input.handle();
    input.call(py, move |s, _| {
        let slot = match &published {
            Some((m, v)) => Some(Arc::new(Mutex::new(Some([
                running_copy(s, x, m)?,
                running_copy(s, x, v)?,
            ])))),
            None => None,
        };
        let layer = BatchNorm {
            training,
            momentum,
            eps,
            weight: has_w,
            bias: has_b,
            running: slot.clone(),
        };
        let h = s.all_or_nothing(|s| {
            if !training {
                if let Some((m, v)) = stats {
                    for st in [m, v] {
                        operands.push(match st {
                            Stat::Param(p) => Operand::Node(s.use_param(&p)?),
                            Stat::Tensor(h) => Operand::Node(h),
                            Stat::Data(d) => d,
                        });
                    }
                }
            }
            s.layer(layer, operands)
        })?;
        // The forward succeeded: publish the updated statistics (the tape keeps no copy).
        if let (Some(slot), Some((m, v))) = (slot, &published) {
            let taken = slot.lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some([new_m, new_v]) = taken {
                m.assign(&DynTensor::Torch(new_m))?;
                v.assign(&DynTensor::Torch(new_v))?;
            }
        }
        Ok(h)
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(batch_norm, m)?)?;
    Ok(())
}
