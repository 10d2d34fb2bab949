//! The function forms no declaration says yet: `et.einsum` (its operands as `*args`) and
//! `et.where` (one argument, or three); the class losses are in `losses.rs`.

use pyo3::prelude::*;
use pyo3::types::IntoPyDict;

use super::classes::{lock, named, PyTensor};
use crate::error::Error;
use crate::ops::join::Where;
use crate::ops::Op;

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

/// Return a tensor of elements selected from either `input` or `other`, depending on `condition`.
///
/// The three operands broadcast together. `condition` is a bool tensor or bool array data (no
/// gradient); `input` and `other` are tensors, array data or numbers (numbers and arrays become
/// constants in the session's dtype) and each gets the gradient where it was selected. At least one
/// operand must be an eagertape tensor; its session records the op. `input` and `other` must have
/// the same dtype: unlike torch, there is no type promotion between them. With `condition` alone,
/// `where(condition)` is `condition.nonzero(as_tuple=True)`.
///
/// Args:
///     condition (Tensor): where true, take `input`, else `other`.
///     input (Tensor or number): the values where `condition` is true. Default: ``None``.
///     other (Tensor or number): the values where `condition` is false. Default: ``None``.
///
/// Returns:
///     Tensor: the selection; or, with `condition` alone, a tuple of int64 index tensors.
///
/// Raises:
///     ArgumentError: only one of `input` and `other` is given, or no operand is an
///         eagertape tensor.
///     ShapeError: the operands do not broadcast.
///     DTypeError: `input` and `other` have different dtypes, or `condition` is floating.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     b = et.tensor([3.0, 4.0])
///     ...     et.where(b > 3.5, b, 0.0).tolist()
///     ...     et.where(b > 3.5)
///     [0.0, 4.0]
///     (tensor([1]),)
#[pyfunction]
#[pyo3(name = "where", signature = (condition, input=None, other=None))]
pub fn where_<'py>(
    py: Python<'py>,
    condition: &Bound<'py, PyAny>,
    input: Option<&Bound<'py, PyAny>>,
    other: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (input, other) = match (input, other) {
        (Some(i), Some(o)) => (i, o),
        (None, None) => {
            return condition
                .cast::<PyTensor>()
                .map_err(|_| {
                    PyErr::from(Error::Argument(
                        "where(condition): the condition must be an eagertape tensor".into(),
                    ))
                })?
                .call_method("nonzero", (), Some(&[("as_tuple", true)].into_py_dict(py)?));
        }
        _ => {
            return Err(PyErr::from(Error::Argument(
                "where: give both input and other, or neither (where(condition) is \
                 nonzero(condition, as_tuple=True))"
                    .into(),
            )))
        }
    };
    let anchor = [input, other, condition]
        .into_iter()
        .find_map(|t| t.cast::<PyTensor>().ok().cloned())
        .ok_or_else(|| {
            PyErr::from(Error::Argument(
                "where: at least one operand must be an eagertape tensor".into(),
            ))
        })?;
    let a = anchor.get();
    let cond = a.index_operand(py, condition)?;
    let operands = vec![cond, a.operand(py, input)?, a.operand(py, other)?];
    Ok(Py::new(py, a.apply(py, Op::movement(Where), operands)?)?
        .into_bound(py)
        .into_any())
}
