//! The function forms of eagertape's ops that are not Tensor methods (`et.linear`,
//! `et.dropout`, `et.cat`, `et.einsum`, ...; the losses are in `losses.rs`); `register`
//! adds them to `_core`.

use pyo3::prelude::*;
use pyo3::types::IntoPyDict;

use super::classes::PyTensor;
use crate::error::Error;
use crate::ops::join::{Cat, Pad, PadMode, Stack, Where};
use crate::ops::Op;
use crate::session::Operand;

pub(crate) fn register(m: &Bound<'_, pyo3::types::PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(linear, m)?)?;
    m.add_function(wrap_pyfunction!(dropout, m)?)?;
    m.add_function(wrap_pyfunction!(_feature_dropout, m)?)?;
    m.add_function(wrap_pyfunction!(cat, m)?)?;
    m.add_function(wrap_pyfunction!(stack, m)?)?;
    m.add_function(wrap_pyfunction!(where_, m)?)?;
    m.add_function(wrap_pyfunction!(pad, m)?)?;
    m.add_function(wrap_pyfunction!(one_hot, m)?)?;
    m.add_function(wrap_pyfunction!(einsum, m)?)?;
    m.add_function(wrap_pyfunction!(bmm, m)?)?;
    Ok(())
}

/// `x @ wᵀ + b`.
#[pyfunction]
#[pyo3(signature = (x, w, b=None))]
pub fn linear(
    py: Python<'_>,
    x: &PyTensor,
    w: &Bound<'_, PyAny>,
    b: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    let mut operands = vec![Operand::Node(x.handle()), x.operand(py, w)?];
    if let Some(b) = b {
        if !b.is_none() {
            operands.push(x.operand(py, b)?);
        }
    }
    x.apply(py, Op::linear(), operands)
}

/// Inverted dropout drawn from the tensor's session generator (identity when not
/// `training`).
#[pyfunction]
#[pyo3(signature = (x, p=0.5, training=true))]
pub fn dropout(py: Python<'_>, x: &PyTensor, p: f64, training: bool) -> PyResult<PyTensor> {
    x.call(py, move |s, h| s.dropout(h, p, training))
}

/// `_feature_dropout(x, p, training, feature, alpha)`: torch's `dropout1d/2d/3d`
/// (`feature`), `alpha_dropout` (`alpha`) and `feature_alpha_dropout` (both) on an input
/// the caller has put in `(N, C, ...)` layout.
#[pyfunction]
pub fn _feature_dropout(
    py: Python<'_>,
    x: &PyTensor,
    p: f64,
    training: bool,
    feature: bool,
    alpha: bool,
) -> PyResult<PyTensor> {
    x.call(py, move |s, h| {
        s.feature_dropout(h, p, training, feature, alpha)
    })
}

/// Operands of a function over several tensors: the first tensor's session decides.
fn tensors_of<'py>(
    py: Python<'py>,
    name: &str,
    tensors: &Bound<'py, PyAny>,
) -> PyResult<(
    Bound<'py, PyTensor>,
    Vec<Operand<crate::backend::dynamic::Dyn>>,
)> {
    let items: Vec<Bound<'py, PyAny>> = tensors.try_iter()?.collect::<PyResult<_>>()?;
    let first = items
        .iter()
        .find_map(|t| t.cast::<PyTensor>().ok().cloned())
        .ok_or_else(|| {
            super::to_py(Error::Argument(format!(
                "{name}: expected a non-empty sequence of eagertape tensors"
            )))
        })?;
    let mut operands = Vec::with_capacity(items.len());
    for t in &items {
        operands.push(first.get().operand(py, t)?);
    }
    Ok((first, operands))
}

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
            super::OrPy::py(t.get().checked_handle())
        })
        .collect()
}

/// `et.einsum(equation, *operands)` (or one sequence of operands, as torch).
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
    let first = items.first().ok_or_else(|| {
        super::to_py(Error::Argument(
            "einsum: at least one operand is needed".into(),
        ))
    })?;
    let equation = equation.to_string();
    first
        .cast::<PyTensor>()?
        .get()
        .call(py, move |s, _| s.einsum(&equation, &hs))
}

/// `et.bmm(input, mat2)`: two 3-D tensors with one batch size.
#[pyfunction]
pub fn bmm(
    py: Python<'_>,
    input: &Bound<'_, PyTensor>,
    mat2: &Bound<'_, PyAny>,
) -> PyResult<PyTensor> {
    let b = handles("bmm", std::slice::from_ref(mat2))?[0];
    input.get().call(py, move |s, a| s.bmm(a, b))
}

/// `et.one_hot(tensor, num_classes=-1)`: int64 data, no gradient.
#[pyfunction]
#[pyo3(signature = (tensor, num_classes=-1), text_signature = "(tensor, num_classes=-1)")]
pub fn one_hot(
    py: Python<'_>,
    tensor: &Bound<'_, PyTensor>,
    num_classes: i64,
) -> PyResult<PyTensor> {
    tensor.get().call(py, move |s, h| s.one_hot(h, num_classes))
}

/// `et.cat(tensors, dim=0)`.
#[pyfunction]
#[pyo3(signature = (tensors, dim=0))]
pub fn cat(py: Python<'_>, tensors: &Bound<'_, PyAny>, dim: i64) -> PyResult<PyTensor> {
    let (first, operands) = tensors_of(py, "cat", tensors)?;
    let n = operands.len();
    first
        .get()
        .apply(py, Op::movement(Cat { dim, n }), operands)
}

/// `et.stack(tensors, dim=0)`.
#[pyfunction]
#[pyo3(signature = (tensors, dim=0))]
pub fn stack(py: Python<'_>, tensors: &Bound<'_, PyAny>, dim: i64) -> PyResult<PyTensor> {
    let (first, operands) = tensors_of(py, "stack", tensors)?;
    let n = operands.len();
    first
        .get()
        .apply(py, Op::movement(Stack { dim, n }), operands)
}

/// `et.where(condition, input, other)`: numbers and arrays become constants. With the
/// condition alone, torch's `nonzero(condition, as_tuple=True)`.
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
                    super::to_py(Error::Argument(
                        "where(condition): the condition must be an eagertape tensor".into(),
                    ))
                })?
                .call_method("nonzero", (), Some(&[("as_tuple", true)].into_py_dict(py)?));
        }
        _ => {
            return Err(super::to_py(Error::Argument(
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
            super::to_py(Error::Argument(
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

/// `et.pad(input, pad, mode="constant", value=None)`.
#[pyfunction]
#[pyo3(signature = (input, pad, mode="constant", value=None))]
pub fn pad(
    py: Python<'_>,
    input: &PyTensor,
    pad: Vec<i64>,
    mode: &str,
    value: Option<f64>,
) -> PyResult<PyTensor> {
    let mode = PadMode::parse(mode).map_err(super::to_py)?;
    if mode != PadMode::Constant && value.is_some_and(|v| v != 0.0) {
        return Err(super::to_py(Error::Argument(format!(
            "pad: padding mode {mode:?} doesn't take a value"
        ))));
    }
    let m = Pad {
        pad: pad.into(),
        mode,
        value: value.unwrap_or(0.0),
    };
    input.apply(py, Op::movement(m), vec![Operand::Node(input.handle())])
}
