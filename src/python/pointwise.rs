//! The pointwise unary family's Python surface, generated from its one list
//! (`ops::unary::unary_list!`): per unit, the `Tensor` method and the `et.` function, the
//! in-place method where torch has one (`x.exp_()`), and each torch alias with its own
//! in-place form (`x.absolute()`, `et.arccos(x)`, `x.negative_()`); `_core._UNARY` names the
//! functions and `_core._UNARY_INPLACE` the in-place methods (what `make stubs` writes the
//! stubs from). Adding a unit to the list adds all of them; nothing here names a function.

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::tensor_torch::unary_in_place;
use crate::ops::unary::{unary_list, UnaryOp};

macro_rules! function_doc {
    ($doc:literal, $py:ident) => {
        concat!(
            "Returns a new tensor with ",
            $doc,
            ", as `torch.",
            stringify!($py),
            "`.\n\n",
            "Records one node on the tape of `input`'s session; the gradient flows back\n",
            "to `input`.\n\n",
            "Args:\n    input (Tensor): the input tensor.\n\n",
            "Returns:\n    Tensor: a new tensor of `input`'s shape and dtype.\n\n",
            "Raises:\n    StaleHandleError: `input` belongs to a tape generation that was reset.\n",
        )
    };
}

macro_rules! in_place_doc {
    ($doc:literal, $py:ident) => {
        concat!(
            "Replaces each element of this tensor with ", $doc, ", in place (`torch.Tensor.",
            stringify!($py), "_`).\n\n",
            "As with torch's in-place methods, this tensor then reads the new value: the\n",
            "out-of-place result is recorded, and every Python `Tensor` naming this tensor names\n",
            "it; on a Parameter it is the parameter's next version. A tensor that shares its\n",
            "storage with another live tensor raises `ArgumentError` instead, recording nothing.\n\n",
            "Returns:\n    Tensor: this tensor.\n",
        )
    };
}

macro_rules! unary_bindings {
    ($($unit:ident: $py:ident $([$inp:ident])? $(| $alias:ident [$alias_inp:ident])*
       = $doc:literal),* $(,)?) => {
        #[pymethods]
        impl PyTensor {
            $(
                #[doc = concat!("Returns a new tensor with ", $doc, ".\n\nSee `eagertape.", stringify!($py), "`.")]
                fn $py(&self, py: Python<'_>) -> PyResult<PyTensor> {
                    self.unary(py, UnaryOp::$unit.op())
                }
                $(
                    #[doc = in_place_doc!($doc, $py)]
                    fn $inp<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, Self>> {
                        unary_in_place(slf, stringify!($inp), UnaryOp::$unit)
                    }
                )?
                $(
                    #[doc = concat!("Alias for `", stringify!($py), "`: returns a new tensor with ", $doc, ".")]
                    fn $alias(&self, py: Python<'_>) -> PyResult<PyTensor> {
                        self.unary(py, UnaryOp::$unit.op())
                    }
                    #[doc = concat!("Alias for `", stringify!($py), "_`.\n\n", in_place_doc!($doc, $py))]
                    fn $alias_inp<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, Self>> {
                        unary_in_place(slf, stringify!($alias_inp), UnaryOp::$unit)
                    }
                )*
            )*
        }

        /// The function forms (`et.exp(x)` is `x.exp()`), aliases included.
        mod functions {
            use super::*;
            $(
                #[pyfunction]
                #[doc = function_doc!($doc, $py)]
                pub fn $py(py: Python<'_>, input: &PyTensor) -> PyResult<PyTensor> {
                    input.unary(py, UnaryOp::$unit.op())
                }
                $(
                    #[pyfunction]
                    #[doc = function_doc!($doc, $alias)]
                    pub fn $alias(py: Python<'_>, input: &PyTensor) -> PyResult<PyTensor> {
                        input.unary(py, UnaryOp::$unit.op())
                    }
                )*
            )*
        }

        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(
                m.add_function(wrap_pyfunction!(functions::$py, m)?)?;
                $(m.add_function(wrap_pyfunction!(functions::$alias, m)?)?;)*
            )*
            let functions = [$(stringify!($py), $(stringify!($alias),)*)*];
            m.add("_UNARY", pyo3::types::PyTuple::new(m.py(), functions)?)?;
            let in_place = [$($(stringify!($inp),)? $(stringify!($alias_inp),)*)*];
            m.add("_UNARY_INPLACE", pyo3::types::PyTuple::new(m.py(), in_place)?)?;
            Ok(())
        }
    };
}

unary_list!(unary_bindings);
