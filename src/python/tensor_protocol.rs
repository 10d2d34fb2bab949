//! torch's Python protocols and spellings of a tensor that are other calls: `copy.deepcopy`
//! (`__deepcopy__`), `in` (`__contains__`), `reversed()` (`__reversed__`), the method form of
//! `where`, and the transposes `H` and `mH`. Each delegates to the tensor's own methods (or
//! `eagertape.where`), so what it records is theirs.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyInt};

use super::classes::PyTensor;

#[pymethods]
impl PyTensor {
    /// `copy.deepcopy(t)`: a new leaf with a copy of the value and the same `requires_grad`,
    /// as torch's. Only a leaf can be deep-copied (torch's rule: a result of recorded ops
    /// would lose its graph).
    ///
    /// Args:
    ///     memo (dict): `copy.deepcopy`'s memo (its bookkeeping; unused here).
    ///
    /// Raises:
    ///     RuntimeError: the tensor is the result of an op that records gradients.
    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _ = memo;
        if !slf.getattr("is_leaf")?.extract::<bool>()? {
            return Err(PyRuntimeError::new_err(
                "Only Tensors created explicitly by the user (graph leaves) support the \
                 deepcopy protocol at the moment. If you were attempting to deepcopy a module, \
                 this may be because of a torch.nn.utils.weight_norm usage, see \
                 https://github.com/pytorch/pytorch/pull/103001",
            ));
        }
        let requires_grad: bool = slf.getattr("requires_grad")?.extract()?;
        let copy = slf.call_method0("detach")?.call_method0("clone")?;
        if requires_grad {
            copy.call_method1("requires_grad_", (true,))?;
        }
        Ok(copy)
    }

    /// `element in t`: whether any element equals `element` (a number or a tensor), as
    /// torch's `(element == t).any()`.
    ///
    /// Args:
    ///     element (Tensor or number): what to look for.
    ///
    /// Raises:
    ///     RuntimeError: `element` is neither a tensor nor a number (torch's class).
    fn __contains__(slf: &Bound<'_, Self>, element: &Bound<'_, PyAny>) -> PyResult<bool> {
        let number = element.is_instance_of::<PyInt>() || element.is_instance_of::<PyFloat>();
        if !(number || element.is_instance_of::<PyTensor>()) {
            return Err(PyRuntimeError::new_err(format!(
                "Tensor.__contains__ only supports Tensor or scalar, but you passed in a {}.",
                element.get_type().repr()?
            )));
        }
        slf.call_method1("__eq__", (element,))?
            .call_method0("any")?
            .call_method0("item")?
            .extract()
    }

    /// `reversed(t)`: `t` flipped along its first dim (a 0-d tensor is itself), as torch's.
    fn __reversed__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        if slf.get().ndim(slf.py())? == 0 {
            return Ok(slf.clone().into_any());
        }
        slf.call_method1("flip", ((0,),))
    }

    /// `t.where(condition, other)`: `eagertape.where(condition, t, other)`, torch's method
    /// form.
    ///
    /// Args:
    ///     condition (Tensor): a bool tensor: where True, the result takes `t`'s element.
    ///     other (Tensor or number): the elements where `condition` is False.
    ///
    /// Returns:
    ///     Tensor: of the broadcast shape.
    fn r#where<'py>(
        slf: &Bound<'py, Self>,
        condition: &Bound<'py, PyAny>,
        other: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        py.import("eagertape")?
            .getattr("where")?
            .call1((condition, slf, other))
    }

    /// `t.H`: the conjugate transpose of a matrix, which for real tensors is `t.T`; torch
    /// defines it for 2-D tensors only (and `t.mH` for batches).
    ///
    /// Raises:
    ///     ShapeError: the tensor is not 2-D.
    #[getter(H)]
    fn h_property<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let ndim = slf.get().ndim(slf.py())?;
        if ndim != 2 {
            return Err(PyErr::from(crate::error::Error::Shape(format!(
                "tensor.H is only supported on matrices (2-D tensors). Got {ndim}-D tensor."
            ))));
        }
        slf.getattr("mT")
    }

    /// `t.mH`: the conjugate transpose of the last two dims, which for real tensors is
    /// `t.mT`.
    #[getter(mH)]
    fn mh_property<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.getattr("mT")
    }
}

/// The keyword arguments of a copy of a Parameter: its `requires_grad` and name.
pub(super) fn parameter_copy_kwargs<'py>(
    py: Python<'py>,
    requires_grad: bool,
    name: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let kwargs = PyDict::new(py);
    kwargs.set_item("requires_grad", requires_grad)?;
    kwargs.set_item("name", name)?;
    Ok(kwargs)
}
