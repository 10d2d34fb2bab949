//! torch's arithmetic with keyword arguments, which the binary family's list cannot say:
//! `add` and `sub` (`subtract`) with `alpha`, `div` (`divide`, `true_divide`) with
//! `rounding_mode`: the `Tensor` methods, their in-place forms and the `et.` functions. Each
//! records the operator's node (`+`, `-`, `/`; `alpha` a product first; `"floor"` the `//`
//! node, `"trunc"` LibTorch's `div(rounding_mode="trunc")`), with a number allowed on either
//! side of a function, as torch's wrapped number.

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::pointwise::binary_function;
use super::tensor_torch::via;
use crate::error::Error;
use crate::ops::binary::BinaryOp;

/// `alpha · other` (`other` itself without `alpha`).
fn scaled<'py>(other: &Bound<'py, PyAny>, alpha: Option<f64>) -> PyResult<Bound<'py, PyAny>> {
    match alpha {
        Some(a) => other.mul(a),
        None => Ok(other.clone()),
    }
}

/// `input / other` with torch's `rounding_mode` (`None`, `"floor"`, `"trunc"`).
fn divided<'py>(
    input: &Bound<'py, PyAny>,
    other: &Bound<'py, PyAny>,
    rounding_mode: Option<&str>,
    what: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let op = match rounding_mode {
        None => BinaryOp::Div,
        Some("floor") => BinaryOp::FloorDivide,
        Some("trunc") => BinaryOp::TruncDivide,
        Some(mode) => {
            return Err(PyErr::from(Error::Argument(format!(
                "{what}(): rounding_mode must be None, \"trunc\" or \"floor\", got {mode:?}"
            ))))
        }
    };
    Ok(binary_function(input.py(), input, other, op, what)?.into_bound(input.py()))
}

/// `input + alpha · other` (`alpha`: `-1` folded in for `sub`).
fn added<'py>(
    input: &Bound<'py, PyAny>,
    other: &Bound<'py, PyAny>,
    alpha: Option<f64>,
    subtract: bool,
    what: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let op = if subtract {
        BinaryOp::Sub
    } else {
        BinaryOp::Add
    };
    let rhs = scaled(other, alpha)?;
    Ok(binary_function(input.py(), input, &rhs, op, what)?.into_bound(input.py()))
}

#[pymethods]
impl PyTensor {
    /// Returns `self + alpha * other`, as `torch.Tensor.add`.
    ///
    /// Args:
    ///     other (Tensor or float): the value to add.
    ///     alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).
    ///
    /// Returns:
    ///     Tensor: a new tensor of the broadcast shape.
    #[pyo3(signature = (other, *, alpha=None))]
    fn add<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
        alpha: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        added(slf.as_any(), other, alpha, false, "add")
    }
    /// Returns `self - alpha * other`, as `torch.Tensor.sub`.
    ///
    /// Args:
    ///     other (Tensor or float): the value to subtract.
    ///     alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).
    ///
    /// Returns:
    ///     Tensor: a new tensor of the broadcast shape.
    #[pyo3(signature = (other, *, alpha=None))]
    fn sub<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
        alpha: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        added(slf.as_any(), other, alpha, true, "sub")
    }
    /// Alias for `sub`.
    ///
    /// Args:
    ///     other (Tensor or float): the value to subtract.
    ///     alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).
    ///
    /// Returns:
    ///     Tensor: a new tensor of the broadcast shape.
    #[pyo3(signature = (other, *, alpha=None))]
    fn subtract<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
        alpha: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        added(slf.as_any(), other, alpha, true, "subtract")
    }
    /// Returns `self / other`, rounded as `rounding_mode` says, as `torch.Tensor.div`.
    ///
    /// Args:
    ///     other (Tensor or float): the divisor.
    ///     rounding_mode (str, optional): ``None`` (true division), ``"trunc"`` (rounded
    ///         toward zero) or ``"floor"`` (rounded down, as `//`); a rounded quotient has a
    ///         zero gradient, as torch's. Default: ``None``.
    ///
    /// Returns:
    ///     Tensor: a new tensor of the broadcast shape.
    ///
    /// Raises:
    ///     ArgumentError: another `rounding_mode`.
    #[pyo3(signature = (other, *, rounding_mode=None))]
    fn div<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
        rounding_mode: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        divided(slf.as_any(), other, rounding_mode, "div")
    }
    /// Alias for `div`.
    ///
    /// Args:
    ///     other (Tensor or float): the divisor.
    ///     rounding_mode (str, optional): ``None``, ``"trunc"`` or ``"floor"``. Default:
    ///         ``None``.
    ///
    /// Returns:
    ///     Tensor: a new tensor of the broadcast shape.
    #[pyo3(signature = (other, *, rounding_mode=None))]
    fn divide<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
        rounding_mode: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        divided(slf.as_any(), other, rounding_mode, "divide")
    }
    /// Alias for `div` without rounding: `self / other`.
    ///
    /// Args:
    ///     other (Tensor or float): the divisor.
    ///
    /// Returns:
    ///     Tensor: a new tensor of the broadcast shape.
    fn true_divide<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        divided(slf.as_any(), other, None, "true_divide")
    }

    /// Adds `other`, scaled by `alpha`, to this tensor in place: `self += alpha * other`.
    ///
    /// As with torch's in-place methods, this tensor then reads the new value: the
    /// out-of-place result is recorded, and every Python `Tensor` naming this tensor names it.
    /// A tensor that shares its storage with another live tensor (a view of it, or the base it
    /// views) raises `ArgumentError` instead, recording nothing, where torch would change both.
    ///
    /// Args:
    ///     other (Tensor or float): the value to add.
    ///     alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).
    ///
    /// Returns:
    ///     Tensor: this tensor.
    ///
    /// Examples:
    ///     >>> import eagertape as et
    ///     >>> with et.Session():
    ///     ...     y = et.tensor([1.0, 2.0]) * 1.0
    ///     ...     _ = y.add_(1.0, alpha=2.0)
    ///     ...     y.tolist()
    ///     [3.0, 4.0]
    #[pyo3(signature = (other, *, alpha=None))]
    fn add_<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
        alpha: Option<f64>,
    ) -> PyResult<Bound<'py, Self>> {
        via(slf, "add_", || {
            added(slf.as_any(), other, alpha, false, "add_")
        })
    }
    /// Subtracts `other`, scaled by `alpha`, from this tensor in place: `self -= alpha * other`.
    ///
    /// As with torch's in-place methods, this tensor then reads the new value: the
    /// out-of-place result is recorded, and every Python `Tensor` naming this tensor names it.
    /// A tensor that shares its storage with another live tensor (a view of it, or the base it
    /// views) raises `ArgumentError` instead, recording nothing, where torch would change both.
    ///
    /// Args:
    ///     other (Tensor or float): the value to subtract.
    ///     alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).
    ///
    /// Returns:
    ///     Tensor: this tensor.
    #[pyo3(signature = (other, *, alpha=None))]
    fn sub_<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
        alpha: Option<f64>,
    ) -> PyResult<Bound<'py, Self>> {
        via(slf, "sub_", || {
            added(slf.as_any(), other, alpha, true, "sub_")
        })
    }
    /// Alias for `sub_`.
    ///
    /// Args:
    ///     other (Tensor or float): the value to subtract.
    ///     alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).
    ///
    /// Returns:
    ///     Tensor: this tensor.
    #[pyo3(signature = (other, *, alpha=None))]
    fn subtract_<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
        alpha: Option<f64>,
    ) -> PyResult<Bound<'py, Self>> {
        via(slf, "subtract_", || {
            added(slf.as_any(), other, alpha, true, "subtract_")
        })
    }
    /// Divides this tensor by `other` in place: `self /= other`.
    ///
    /// As with torch's in-place methods, this tensor then reads the new value: the
    /// out-of-place result is recorded, and every Python `Tensor` naming this tensor names it.
    /// A tensor that shares its storage with another live tensor (a view of it, or the base it
    /// views) raises `ArgumentError` instead, recording nothing, where torch would change both.
    ///
    /// Args:
    ///     other (Tensor or float): the divisor.
    ///     rounding_mode (str, optional): ``None`` (true division), ``"trunc"`` (rounded
    ///         toward zero) or ``"floor"`` (rounded down, as `self //= other`). Default:
    ///         ``None``.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    ///
    /// Raises:
    ///     ArgumentError: another `rounding_mode`.
    #[pyo3(signature = (other, *, rounding_mode=None))]
    fn div_<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
        rounding_mode: Option<&str>,
    ) -> PyResult<Bound<'py, Self>> {
        via(slf, "div_", || {
            divided(slf.as_any(), other, rounding_mode, "div_")
        })
    }
    /// Alias for `div_`.
    ///
    /// Args:
    ///     other (Tensor or float): the divisor.
    ///     rounding_mode (str, optional): ``None``, ``"trunc"`` or ``"floor"``. Default:
    ///         ``None``.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    #[pyo3(signature = (other, *, rounding_mode=None))]
    fn divide_<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
        rounding_mode: Option<&str>,
    ) -> PyResult<Bound<'py, Self>> {
        via(slf, "divide_", || {
            divided(slf.as_any(), other, rounding_mode, "divide_")
        })
    }
    /// Alias for `div_` without rounding: `self /= other`.
    ///
    /// Args:
    ///     other (Tensor or float): the divisor.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    fn true_divide_<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, Self>> {
        via(slf, "true_divide_", || {
            divided(slf.as_any(), other, None, "true_divide_")
        })
    }
}

/// Returns `input + alpha * other`, as `torch.add`.
///
/// Either operand may be a number (a constant of the tensor's dtype).
///
/// Args:
///     input (Tensor or float): the first operand.
///     other (Tensor or float): the value to add.
///     alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).
///
/// Returns:
///     Tensor: a new tensor of the broadcast shape.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     et.add(et.tensor([1.0, 2.0]), 1.0, alpha=2.0).tolist()
///     [3.0, 4.0]
#[pyfunction]
#[pyo3(signature = (input, other, *, alpha=None))]
fn add<'py>(
    input: &Bound<'py, PyAny>,
    other: &Bound<'py, PyAny>,
    alpha: Option<f64>,
) -> PyResult<Bound<'py, PyAny>> {
    added(input, other, alpha, false, "add")
}

/// Returns `input - alpha * other`, as `torch.sub`.
///
/// Either operand may be a number (a constant of the tensor's dtype).
///
/// Args:
///     input (Tensor or float): the first operand.
///     other (Tensor or float): the value to subtract.
///     alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).
///
/// Returns:
///     Tensor: a new tensor of the broadcast shape.
#[pyfunction]
#[pyo3(signature = (input, other, *, alpha=None))]
fn sub<'py>(
    input: &Bound<'py, PyAny>,
    other: &Bound<'py, PyAny>,
    alpha: Option<f64>,
) -> PyResult<Bound<'py, PyAny>> {
    added(input, other, alpha, true, "sub")
}

/// Alias for `sub`.
///
/// Args:
///     input (Tensor or float): the first operand.
///     other (Tensor or float): the value to subtract.
///     alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).
///
/// Returns:
///     Tensor: a new tensor of the broadcast shape.
#[pyfunction]
#[pyo3(signature = (input, other, *, alpha=None))]
fn subtract<'py>(
    input: &Bound<'py, PyAny>,
    other: &Bound<'py, PyAny>,
    alpha: Option<f64>,
) -> PyResult<Bound<'py, PyAny>> {
    added(input, other, alpha, true, "subtract")
}

/// Returns `input / other`, rounded as `rounding_mode` says, as `torch.div`.
///
/// Either operand may be a number (a constant of the tensor's dtype).
///
/// Args:
///     input (Tensor or float): the dividend.
///     other (Tensor or float): the divisor.
///     rounding_mode (str, optional): ``None`` (true division), ``"trunc"`` (rounded toward
///         zero) or ``"floor"`` (rounded down); a rounded quotient has a zero gradient, as
///         torch's. Default: ``None``.
///
/// Returns:
///     Tensor: a new tensor of the broadcast shape.
///
/// Raises:
///     ArgumentError: another `rounding_mode`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> with et.Session():
///     ...     et.div(et.tensor([-7.0, 7.0]), 2.0, rounding_mode="trunc").tolist()
///     [-3.0, 3.0]
#[pyfunction]
#[pyo3(signature = (input, other, *, rounding_mode=None))]
fn div<'py>(
    input: &Bound<'py, PyAny>,
    other: &Bound<'py, PyAny>,
    rounding_mode: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    divided(input, other, rounding_mode, "div")
}

/// Alias for `div`.
///
/// Args:
///     input (Tensor or float): the dividend.
///     other (Tensor or float): the divisor.
///     rounding_mode (str, optional): ``None``, ``"trunc"`` or ``"floor"``. Default:
///         ``None``.
///
/// Returns:
///     Tensor: a new tensor of the broadcast shape.
#[pyfunction]
#[pyo3(signature = (input, other, *, rounding_mode=None))]
fn divide<'py>(
    input: &Bound<'py, PyAny>,
    other: &Bound<'py, PyAny>,
    rounding_mode: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    divided(input, other, rounding_mode, "divide")
}

/// Alias for `div` without rounding: `input / other`.
///
/// Args:
///     input (Tensor or float): the dividend.
///     other (Tensor or float): the divisor.
///
/// Returns:
///     Tensor: a new tensor of the broadcast shape.
#[pyfunction]
fn true_divide<'py>(
    input: &Bound<'py, PyAny>,
    other: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    divided(input, other, None, "true_divide")
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(add, m)?)?;
    m.add_function(wrap_pyfunction!(sub, m)?)?;
    m.add_function(wrap_pyfunction!(subtract, m)?)?;
    m.add_function(wrap_pyfunction!(div, m)?)?;
    m.add_function(wrap_pyfunction!(divide, m)?)?;
    m.add_function(wrap_pyfunction!(true_divide, m)?)?;
    Ok(())
}
