//! The sampler of `src/session/sample.rs` no declaration says: `_normal` (anchored on
//! whichever argument is a tensor, else the given session). It converts its arguments and
//! delegates.

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

/// `_normal(mean, std, size, generator, session)`: `mean + std · z` for standard normal
/// draws `z`, on the session of whichever of `mean`, `std` is a tensor (else `session`);
/// with two numbers, `size` is required; `generator` must be `None`.
#[pyfunction]
#[pyo3(signature = (mean, std, size, generator, session))]
pub fn _normal(
    py: Python<'_>,
    mean: &Bound<'_, PyAny>,
    std: &Bound<'_, PyAny>,
    size: Option<Vec<i64>>,
    generator: Option<&Bound<'_, PyAny>>,
    session: Option<PyRef<'_, PySession>>,
) -> PyResult<PyTensor> {
    super::factories::no_generator("normal", generator, crate::rng::Draws::Session)?;
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
