//! The pointwise families' Python surface, generated from their lists
//! (`ops::unary::unary_list!`, `ops::binary::binary_list!`): per unit, the `Tensor` method
//! and the `et.` function, the in-place method where torch has one (`x.exp_()`,
//! `x.atan2_(y)`), and each torch alias with its own in-place form (`x.absolute()`,
//! `et.arccos(x)`, `x.multiply_(y)`); `_core._UNARY`/`_core._BINARY` name the functions and
//! `_core._UNARY_INPLACE`/`_core._BINARY_INPLACE` the in-place methods (what `make stubs`
//! writes the stubs from). Adding a unit to a list adds all of them; nothing here names a
//! function.

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::tensor::operand_or_type_error;
use super::tensor_torch::{binary_in_place, unary_in_place};
use crate::ops::binary::{binary_list, BinaryOp};
use crate::ops::unary::{unary_list, UnaryOp};
use crate::session::Operator;

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

/// `f(input, other)` with a tensor on either side (`et.pow(2.0, x)`): the tensor's method,
/// or the reflected operator of `other`.
pub(super) fn binary_function(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    other: &Bound<'_, PyAny>,
    op: BinaryOp,
    name: &str,
) -> PyResult<Py<PyAny>> {
    if let Ok(t) = input.cast::<PyTensor>() {
        return t.get().method(py, other, Operator::Arith(op), name);
    }
    if let Ok(t) = other.cast::<PyTensor>() {
        operand_or_type_error(input, name)?;
        return t.get().operator(py, input, Operator::Arith(op), true);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "{name}(): expected a tensor operand, got {} and {}",
        input.get_type().name()?,
        other.get_type().name()?
    )))
}

macro_rules! binary_function_doc {
    ($doc:literal, $py:ident, $arg:ident) => {
        concat!(
            "Returns a new tensor with ",
            $doc,
            ", elementwise, as `torch.",
            stringify!($py),
            "`.\n\n",
            "The operands broadcast; where the function takes a number, either may be one (a\n",
            "constant of the tensor's dtype, as torch's wrapped number). Records one node on the\n",
            "tape of the tensors' session;\n",
            "the gradient flows back to each tensor operand, as torch's.\n\n",
            "Args:\n    input (Tensor or float): the first operand.\n",
            "    ",
            stringify!($arg),
            " (Tensor or float): the second operand.\n\n",
            "Returns:\n    Tensor: a new tensor of the broadcast shape.\n\n",
            "Raises:\n    ShapeError: the shapes do not broadcast.\n",
            "    DTypeError: a tensor operand holds integer or bool data.\n",
        )
    };
}

macro_rules! binary_in_place_doc {
    ($doc:literal, $py:ident, $arg:ident) => {
        concat!(
            "Replaces this tensor with ", $doc, " (`input` being this tensor), in place\n",
            "(`torch.Tensor.", stringify!($py), "_`).\n\n",
            "As with torch's in-place methods, this tensor then reads the new value: the\n",
            "out-of-place result is recorded, and every Python `Tensor` naming this tensor names\n",
            "it; on a Parameter it is the parameter's next version. A tensor that shares its\n",
            "storage with another live tensor raises `ArgumentError` instead, recording nothing.\n\n",
            "Args:\n    ", stringify!($arg), " (Tensor or float): the second operand.\n\n",
            "Returns:\n    Tensor: this tensor.\n",
        )
    };
}

macro_rules! binary_bindings {
    ($($unit:ident: $py:ident($arg:ident) $([$inp:ident])? $(| $alias:ident [$alias_inp:ident])*
       = $doc:literal),* $(,)?) => {
        #[pymethods]
        impl PyTensor {
            $(
                #[doc = concat!("Returns a new tensor with ", $doc, " (`input` being this tensor).\n\nSee `eagertape.", stringify!($py), "`.")]
                fn $py(&self, py: Python<'_>, $arg: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    self.method(py, $arg, Operator::Arith(BinaryOp::$unit), stringify!($py))
                }
                $(
                    #[doc = binary_in_place_doc!($doc, $py, $arg)]
                    fn $inp<'py>(
                        slf: &Bound<'py, Self>,
                        $arg: &Bound<'py, PyAny>,
                    ) -> PyResult<Bound<'py, Self>> {
                        binary_in_place(slf, stringify!($inp), BinaryOp::$unit, $arg)
                    }
                )?
                $(
                    #[doc = concat!("Alias for `", stringify!($py), "`.\n\nSee `eagertape.", stringify!($py), "`.")]
                    fn $alias(&self, py: Python<'_>, $arg: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                        self.method(py, $arg, Operator::Arith(BinaryOp::$unit), stringify!($alias))
                    }
                    #[doc = concat!("Alias for `", stringify!($py), "_`.\n\n", binary_in_place_doc!($doc, $py, $arg))]
                    fn $alias_inp<'py>(
                        slf: &Bound<'py, Self>,
                        $arg: &Bound<'py, PyAny>,
                    ) -> PyResult<Bound<'py, Self>> {
                        binary_in_place(slf, stringify!($alias_inp), BinaryOp::$unit, $arg)
                    }
                )*
            )*
        }

        /// The binary family's function forms (`et.atan2(a, b)`), aliases included.
        mod binary_functions {
            use super::*;
            $(
                #[pyfunction]
                #[doc = binary_function_doc!($doc, $py, $arg)]
                pub fn $py(
                    py: Python<'_>,
                    input: &Bound<'_, PyAny>,
                    $arg: &Bound<'_, PyAny>,
                ) -> PyResult<Py<PyAny>> {
                    binary_function(py, input, $arg, BinaryOp::$unit, stringify!($py))
                }
                $(
                    #[pyfunction]
                    #[doc = binary_function_doc!($doc, $alias, $arg)]
                    pub fn $alias(
                        py: Python<'_>,
                        input: &Bound<'_, PyAny>,
                        $arg: &Bound<'_, PyAny>,
                    ) -> PyResult<Py<PyAny>> {
                        binary_function(py, input, $arg, BinaryOp::$unit, stringify!($alias))
                    }
                )*
            )*
        }

        pub fn register_binary(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(
                m.add_function(wrap_pyfunction!(binary_functions::$py, m)?)?;
                $(m.add_function(wrap_pyfunction!(binary_functions::$alias, m)?)?;)*
            )*
            let functions = [$(stringify!($py), $(stringify!($alias),)*)*];
            m.add("_BINARY", pyo3::types::PyTuple::new(m.py(), functions)?)?;
            let in_place = [$($(stringify!($inp),)? $(stringify!($alias_inp),)*)*];
            m.add("_BINARY_INPLACE", pyo3::types::PyTuple::new(m.py(), in_place)?)?;
            Ok(())
        }
    };
}

binary_list!(binary_bindings);
