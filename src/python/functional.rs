//! The function form no declaration says yet: `et.einsum` (its operands as `*args`).

use pyo3::prelude::*;

use super::classes::{lock, named, PyTensor};

/// The tensors of `items` (a `TypeError` naming `name` for anything else).
fn handles(name: &str, items: &[Bound<'_, PyAny>]) -> PyResult<Vec<crate::tape::Handle>> {
    items
        .iter()
        .map(|t| {
            let t = t.cast::<PyTensor>().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(format!(
                    "{name}: expected eagertape tensors, got {}",
                    t.get_type()
                        .name()
                        .map(|n| n.to_string())
                        .unwrap_or_default()
                ))
            })?;
            // A Parameter: its leaf in the current session, or why it cannot be read.
            t.get().checked_handle().map_err(PyErr::from)
        })
        .collect()
}

/// Sums the product of the elements of the input `operands` along dimensions specified using a
/// notation based on the Einstein summation convention.
///
/// torch's notation: implicit and explicit output (`->`), `...` for broadcast dims, and a subscript
/// repeated within one operand (its diagonal). The operands are given as separate arguments or as
/// one sequence, as torch; each must be an eagertape tensor of one session and gets its gradient. A
/// contraction of two operands runs as one matrix product.
///
/// Args:
///     equation (str): the subscripts, e.g. ``"ij,jk->ik"``.
///     *operands (Tensor): the tensors, or one list or tuple of them.
///
/// Returns:
///     Tensor: the contraction.
///
/// Raises:
///     ArgumentError: no operand is given, or the equation is malformed or names another
///         number of operands.
///     ShapeError: a subscript has two different sizes.
///     TypeError: an operand is not an eagertape tensor (array data are not accepted).
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     a = et.tensor([[1.0, 2.0], [3.0, 4.0]])
///     ...     et.einsum("ij,jk->ik", a, a).tolist()
///     ...     et.einsum("ii", a).item()
///     ...     et.einsum("ij->j", [a]).tolist()
///     [[7.0, 10.0], [15.0, 22.0]]
///     5.0
///     [4.0, 6.0]
#[pyfunction]
#[pyo3(signature = (equation, *operands))]
pub fn einsum(
    py: Python<'_>,
    equation: &str,
    operands: &Bound<'_, pyo3::types::PyTuple>,
) -> PyResult<PyTensor> {
    let mut items: Vec<Bound<'_, PyAny>> = operands.iter().collect();
    if items.len() == 1 && items[0].cast::<PyTensor>().is_err() {
        items = items[0].try_iter()?.collect::<PyResult<_>>()?;
    }
    let hs = handles("einsum", &items)?;
    let equation = equation.to_string();
    let cell = match items.first() {
        Some(t) => t.cast::<PyTensor>()?.get().cell()?,
        None => super::current::require("einsum")?,
    };
    let h = py.detach(|| named(&mut lock(&cell), |s| s.einsum(&equation, &hs)))?;
    Ok(PyTensor::named(&cell, h))
}
