//! The operators `**` (reflected), `//` and `%` of the tensor language. The activations,
//! statistics and combinations are declared in `ops/activations.rs`, `ops/reductions.rs` and
//! `ops/combine.rs`.

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::tensor::POW;
use crate::ops::binary::BinaryOp;
use crate::session::Operator;

const FLOOR_DIVIDE: Operator = Operator::Arith(BinaryOp::FloorDivide);
const REMAINDER: Operator = Operator::Arith(BinaryOp::Remainder);

#[pymethods]
impl PyTensor {
    /// `s ** x` for a number (or array) base.
    fn __rpow__(
        &self,
        py: Python<'_>,
        base: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        if modulo.is_some() {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "pow() with a modulo is not a tensor operation",
            ));
        }
        self.operator(py, base, POW, true)
    }
    fn __floordiv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.operator(py, o, FLOOR_DIVIDE, false)
    }
    fn __rfloordiv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.operator(py, o, FLOOR_DIVIDE, true)
    }
    fn __mod__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.operator(py, o, REMAINDER, false)
    }
    fn __rmod__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.operator(py, o, REMAINDER, true)
    }
}
