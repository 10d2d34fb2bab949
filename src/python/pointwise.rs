//! The pointwise unary family's Python surface, generated from its one list
//! (`ops::unary::unary_list!`): a `Tensor` method and an `et.` function per unit, and
//! `_core._UNARY`, the names (what `make stubs` writes the stubs from). Adding a unit to the
//! list adds both; nothing here names a function.

use pyo3::prelude::*;

use super::classes::PyTensor;
use crate::ops::unary::{unary_list, UnaryOp};

macro_rules! unary_bindings {
    ($($unit:ident: $py:ident),* $(,)?) => {
        #[pymethods]
        impl PyTensor {
            $(
                #[doc = concat!("`", stringify!($py), "` elementwise (see `et.", stringify!($py), "`).")]
                fn $py(&self, py: Python<'_>) -> PyResult<PyTensor> {
                    self.unary(py, UnaryOp::$unit.op())
                }
            )*
        }

        /// The function forms (`et.exp(x)` is `x.exp()`).
        mod functions {
            use super::*;
            $(
                #[pyfunction]
                #[doc = concat!("`", stringify!($py), "` elementwise, as `torch.", stringify!($py), "`.")]
                pub fn $py(py: Python<'_>, input: &PyTensor) -> PyResult<PyTensor> {
                    input.unary(py, UnaryOp::$unit.op())
                }
            )*
        }

        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(m.add_function(wrap_pyfunction!(functions::$py, m)?)?;)*
            m.add("_UNARY", pyo3::types::PyTuple::new(m.py(), [$(stringify!($py)),*])?)?;
            Ok(())
        }
    };
}

unary_list!(unary_bindings);
