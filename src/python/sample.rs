//! The session's samplers of `src/session/sample.rs` no declaration says: the session
//! methods `randint`, `randperm`, and `_normal` (anchored on whichever argument is a
//! tensor, else the given session). Each converts its arguments and delegates.

use pyo3::prelude::*;

use super::classes::{lock, PySession, PyTensor};
use super::tensor_index::number;
use crate::error::Error;
use crate::session::Operand;

/// A `mean`/`std` argument of `normal`: a tensor of `sess` or a number.
fn tensor_or_number(
    obj: &Bound<'_, PyAny>,
    what: &str,
) -> PyResult<Operand<crate::backend::dynamic::Dyn>> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        return Ok(Operand::Node(t.get().handle()));
    }
    number(obj).map(Operand::Number).ok_or_else(|| {
        PyErr::from(Error::Argument(format!(
            "normal: {what} must be a tensor or a number"
        )))
    })
}

#[pymethods]
impl PySession {
    /// `randint(low, high, size, dtype=None)`: integers uniform in `[low, high)` from the
    /// session's generator, made in `dtype` (default int64).
    #[pyo3(signature = (low, high, size, *, dtype=None))]
    fn randint(
        &self,
        py: Python<'_>,
        low: i64,
        high: i64,
        size: Vec<i64>,
        dtype: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyTensor> {
        let dtype = super::config::requested(dtype)?;
        let h = self.with(py, move |s| s.randint(low, high, &size, dtype))?;
        Ok(PyTensor::new(&self.cell, h))
    }

    /// Returns a random permutation of the integers from `0` to `n - 1`, drawn from the
    /// session's generator.
    ///
    /// The result is an int64 tensor of shape `(n,)` (data: it carries no gradient); the
    /// call advances the generator (`rng_state()`).
    ///
    /// Args:
    ///     n (int): the number of integers, in [0, 2**53].
    ///
    /// Returns:
    ///     Tensor: the permutation, in this session.
    ///
    /// Raises:
    ///     ArgumentError: `n` is negative or above 2**53.
    ///
    /// Examples:
    ///     >>> import eagertape as et
    ///     >>> sess = et.Session(dtype="float32", seed=0)
    ///     >>> sorted(sess.randperm(4).tolist())
    ///     [0, 1, 2, 3]
    fn randperm(&self, py: Python<'_>, n: i64) -> PyResult<PyTensor> {
        let h = self.with(py, move |s| s.randperm(n, None))?;
        Ok(PyTensor::new(&self.cell, h))
    }
}

/// `_normal(mean, std, size, session)`: `mean + std · z` for standard normal draws `z`,
/// on the session of whichever of `mean`, `std` is a tensor (else `session`); with two
/// numbers, `size` is required.
#[pyfunction]
#[pyo3(signature = (mean, std, size, session))]
pub fn _normal(
    py: Python<'_>,
    mean: &Bound<'_, PyAny>,
    std: &Bound<'_, PyAny>,
    size: Option<Vec<i64>>,
    session: Option<PyRef<'_, PySession>>,
) -> PyResult<PyTensor> {
    let anchor = [mean, std]
        .into_iter()
        .find_map(|o| o.cast::<PyTensor>().ok().map(|t| t.get().cell()));
    let cell = match (anchor, session) {
        (Some(c), _) => c?,
        (None, Some(s)) => std::sync::Arc::clone(&s.cell),
        (None, None) => {
            return Err(PyErr::from(Error::Argument(
                "normal: no session for two numbers".into(),
            )))
        }
    };
    let mean = tensor_or_number(mean, "mean")?;
    let std = tensor_or_number(std, "std")?;
    let h =
        py.detach(|| crate::guard::contained("normal", || lock(&cell).normal(mean, std, size)))?;
    Ok(PyTensor::new(&cell, h))
}
