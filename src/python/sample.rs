//! The sampler of `src/session/sample.rs` no declaration says: `_normal` (anchored on
//! whichever argument is a tensor, else the current session). It converts its arguments
//! and delegates.

use pyo3::prelude::*;

use super::classes::{lock, PyTensor};
use super::tensor_index::number;
use crate::error::Error;
use crate::session::Operand;

/// `_normal(mean, std, size, generator)`: `mean + std · z` for standard normal draws `z`,
/// on the session of whichever of `mean`, `std` is a tensor (else the current one); with
/// two numbers, `size` is required; `generator` must be `None`.
#[pyfunction]
#[pyo3(signature = (mean, std, size, generator))]
pub fn _normal(
    py: Python<'_>,
    mean: &Bound<'_, PyAny>,
    std: &Bound<'_, PyAny>,
    size: Option<Vec<i64>>,
    generator: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    super::factories::no_generator("normal", generator, crate::rng::Draws::Session)?;
    // The session: as a declared call's (a tensor of another session than the default one
    // anchors it; a default-session tensor then enters as data), else the current one.
    let anchored = match [mean, std].iter().any(|o| o.cast::<PyTensor>().is_ok()) {
        true => Some(super::declared::anchor(
            "normal",
            false,
            &[Some(mean), Some(std)],
        )?),
        false => None,
    };
    let operand = |o: &Bound<'_, PyAny>, what: &str| match (o.cast::<PyTensor>(), number(o)) {
        (Ok(t), _) => match &anchored {
            Some(a) => a.get().node_or_data(py, t.get(), false),
            None => Ok(Operand::Node(t.get().handle())),
        },
        (_, Some(x)) => Ok(Operand::Number(x)),
        _ => Err(PyErr::from(Error::Argument(format!(
            "normal: {what} must be a tensor or a number"
        )))),
    };
    let cell = match &anchored {
        Some(t) => t.get().cell()?,
        None => super::current::cell()?,
    };
    let (mean, std) = (operand(mean, "mean")?, operand(std, "std")?);
    let h =
        py.detach(|| crate::guard::contained("normal", || lock(&cell).normal(mean, std, size)))?;
    Ok(PyTensor::new(&cell, h))
}
