//! `nn.BatchNorm*`'s forward, `_batch_norm_module` (its running statistics and
//! `num_batches_tracked` are the module's Parameters); `F.batch_norm` is declared in
//! `ops/batch_norm.rs`.

use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use super::classes::PyParameter;
use super::classes::PyTensor;
use crate::ops::batch_norm::BatchNorm;

/// `nn.BatchNorm*`'s forward (`Session::batch_norm_module`): `momentum=None` is torch's
/// cumulative average over `num_batches_tracked`, which a training step increments.
#[pyfunction]
#[pyo3(signature = (input, running_mean, running_var, weight, bias, training, momentum, eps, num_batches_tracked))]
#[allow(clippy::too_many_arguments)]
pub fn _batch_norm_module(
    py: Python<'_>,
    input: &PyTensor,
    running_mean: Option<PyRef<'_, PyParameter>>,
    running_var: Option<PyRef<'_, PyParameter>>,
    weight: Option<PyRef<'_, PyTensor>>,
    bias: Option<PyRef<'_, PyTensor>>,
    training: bool,
    momentum: Option<f64>,
    eps: f64,
    num_batches_tracked: Option<PyRef<'_, PyParameter>>,
) -> PyResult<PyTensor> {
    let running = match (running_mean, running_var) {
        (Some(m), Some(v)) => Some((Arc::clone(&m.inner), Arc::clone(&v.inner))),
        (None, None) => None,
        _ => {
            return Err(PyTypeError::new_err(
                "batch_norm: give both running statistics or neither",
            ))
        }
    };
    let unit = BatchNorm {
        training,
        momentum: momentum.unwrap_or(0.0),
        eps,
        weight: weight.is_some(),
        bias: bias.is_some(),
        running: None,
    };
    let mut inputs = vec![input.handle()];
    inputs.extend(weight.iter().chain(bias.iter()).map(|t| t.handle()));
    let count = num_batches_tracked.map(|c| Arc::clone(&c.inner));
    let cumulative = momentum.is_none();
    input.call(py, move |s, _| {
        s.batch_norm_module(unit, &inputs, running, count, cumulative)
    })
}
