//! `batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)`:
//! the arguments converted (running statistics: `et.Parameter`s, or in eval mode tensors or
//! data), then one core call (`Session::batch_norm`, which publishes a training step's
//! running statistics as the parameters' new snapshots).

use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use super::classes::PyParameter;
use super::classes::PyTensor;
use crate::backend::dynamic::Dyn;
use crate::ops::batch_norm::BatchNorm;
use crate::session::{Operand, Stat};

fn stat(
    py: Python<'_>,
    input: &PyTensor,
    name: &str,
    v: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Stat<Dyn>>> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    if let Ok(p) = v.cast::<PyParameter>() {
        return Ok(Some(Stat::Param(Arc::clone(&p.get().inner))));
    }
    if let Ok(t) = v.cast::<PyTensor>() {
        return Ok(Some(Stat::Operand(Operand::Node(t.get().handle()))));
    }
    if v.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(format!(
            "batch_norm: {name} must be an eagertape.Parameter (a module buffer), a Tensor, \
             array data or None, got a str"
        )));
    }
    Ok(Some(Stat::Operand(input.operand(py, v)?)))
}

/// Apply Batch Normalization for each channel across a batch of data.
///
/// Each channel (dim 1) is normalized by statistics over every other dim, then `weight` and `bias`
/// apply per channel. In training mode the batch's statistics are used (biased variance), and when
/// `running_mean` and `running_var` are given they must be `et.Parameter`s (module buffers):
/// torch's update, `running = (1 - momentum) * running + momentum * batch_stat` (the unbiased
/// variance), is published as their new snapshot once the forward succeeded, never written under a
/// live tape. In eval mode the running statistics are used; they may then be Parameters, tensors or
/// array data. `input`, `weight` and `bias` get gradients; the running statistics get none.
/// LibTorch carriers only.
///
/// Args:
///     input (Tensor): `(N, C)` or `(N, C, *)`.
///     running_mean (Parameter or Tensor, optional): per-channel means, `(C)`.
///     running_var (Parameter or Tensor, optional): per-channel variances, `(C)`.
///     weight (Tensor, optional): per-channel scale, `(C)`. Default: ``None``.
///     bias (Tensor, optional): per-channel shift, `(C)`. Default: ``None``.
///     training (bool): use the batch's statistics (and update the running ones).
///         Default: ``False``.
///     momentum (float): the weight of the batch's statistics in the running update.
///         Default: ``0.1``.
///     eps (float): a value added to the variance for numerical stability. Default:
///         ``1e-5``.
///
/// Returns:
///     Tensor: of the input's shape.
///
/// Raises:
///     ArgumentError: only one running statistic is given, none in eval mode, or a
///         non-finite `eps` or `momentum`.
///     TypeError: a running statistic that is not a Parameter in training mode, or a str.
///     ShapeError: the input has fewer than 2 dims, or a per-channel operand is not `(C)`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> import numpy as np
///     >>> with et.Session():
///     ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
///     ...     mean, var = et.tensor([1.0, 2.0]), et.tensor([4.0, 4.0])
///     ...     et.batch_norm(x, mean, var, eps=0.0).tolist()
///     ...     rm = et.nn.Parameter(np.zeros(2, np.float32), requires_grad=False)
///     ...     rv = et.nn.Parameter(np.ones(2, np.float32), requires_grad=False)
///     ...     y = et.batch_norm(x, rm, rv, training=True, momentum=0.5)
///     ...     rm.tolist(), rv.tolist()
///     [[0.0, 0.0], [1.0, 1.0]]
///     ([1.0, 1.5], [1.5, 1.5])
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
    let stats = (
        stat(py, input, "running_mean", running_mean)?,
        stat(py, input, "running_var", running_var)?,
    );
    // A Python type check: a training step publishes into Parameters only.
    let given = [&stats.0, &stats.1];
    if training && given.iter().any(|s| matches!(s, Some(Stat::Operand(_)))) {
        return Err(PyTypeError::new_err(
            "batch_norm: in training mode the running statistics must be \
             eagertape.Parameters (their update is published as a new snapshot; tensors \
             and arrays are immutable values)",
        ));
    }
    let (weight, bias) = (
        weight.filter(|w| !w.is_none()),
        bias.filter(|b| !b.is_none()),
    );
    let mut operands = vec![Operand::Node(input.handle())];
    for t in [weight, bias].into_iter().flatten() {
        operands.push(input.operand(py, t)?);
    }
    let unit = BatchNorm {
        training,
        momentum,
        eps,
        weight: weight.is_some(),
        bias: bias.is_some(),
        running: None,
    };
    input.call(py, move |s, _| s.batch_norm(unit, operands, stats))
}

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
