//! The pointwise unary family's Python surface, generated from its one list
//! (`ops::unary::unary_list!`): a `Tensor` method and an `et.` function per unit, and
//! `_core._UNARY`, the names (what `make stubs` writes the stubs from). Adding a unit to the
//! list adds both; nothing here names a function.

use pyo3::prelude::*;

use super::classes::PyTensor;
use crate::ops::unary::{unary_list, UnaryOp};

macro_rules! unary_bindings {
    ($($unit:ident: $py:ident = $doc:literal),* $(,)?) => {
        #[pymethods]
        impl PyTensor {
            $(
                #[doc = concat!("Returns a new tensor with ", $doc, ".\n\nSee `eagertape.", stringify!($py), "`.")]
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
                #[doc = concat!(
                    "Returns a new tensor with ", $doc, ", as `torch.", stringify!($py), "`.\n\n",
                    "Records one node on the tape of `input`'s session; the gradient flows back\n",
                    "to `input`.\n\n",
                    "Args:\n    input (Tensor): the input tensor.\n\n",
                    "Returns:\n    Tensor: a new tensor of `input`'s shape and dtype.\n\n",
                    "Raises:\n    StaleHandleError: `input` belongs to a tape generation that was reset.\n",
                )]
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
