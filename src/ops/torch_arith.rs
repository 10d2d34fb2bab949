//! torch's arithmetic with keyword arguments, which the binary family's list cannot say:
//! `add` and `sub` (`subtract`) with `alpha`, `div` (`divide`, `true_divide`) with
//! `rounding_mode`, declared once (function, method and in-place method). Each records
//! Python's operator (`+`, `-`, `/`; `alpha` a product first; `"floor"` the `//` node,
//! `"trunc"` LibTorch's `div(rounding_mode="trunc")`), with a number allowed on either side
//! of the function form, as torch's wrapped number.

use super::binary::BinaryOp;
use super::compose::{Recorder, TensorOrNumber};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// `lhs (op) rhs` where either may be a number.
fn operator<B: Backend>(
    r: &mut dyn Recorder<B>,
    op: BinaryOp,
    lhs: TensorOrNumber,
    rhs: TensorOrNumber,
) -> Result<Handle> {
    r.binary(op, lhs, rhs)
}

/// `alpha · other` (`other` itself without `alpha`).
fn scaled<B: Backend>(
    r: &mut dyn Recorder<B>,
    other: TensorOrNumber,
    alpha: Option<f64>,
) -> Result<TensorOrNumber> {
    Ok(match (other, alpha) {
        (o, None) => o,
        (TensorOrNumber::Number(x), Some(a)) => TensorOrNumber::Number(x * a),
        (TensorOrNumber::Tensor(h), Some(a)) => {
            let a = TensorOrNumber::Number(a);
            TensorOrNumber::Tensor(r.binary(BinaryOp::Mul, TensorOrNumber::Tensor(h), a)?)
        }
    })
}

/// torch's `add(input, other, *, alpha=None)`: `input + alpha · other`.
pub fn add<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: TensorOrNumber,
    other: TensorOrNumber,
    alpha: Option<f64>,
) -> Result<Handle> {
    let other = scaled(r, other, alpha)?;
    operator(r, BinaryOp::Add, input, other)
}

/// torch's `sub(input, other, *, alpha=None)`: `input - alpha · other`.
pub fn sub<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: TensorOrNumber,
    other: TensorOrNumber,
    alpha: Option<f64>,
) -> Result<Handle> {
    let other = scaled(r, other, alpha)?;
    operator(r, BinaryOp::Sub, input, other)
}

/// The division `rounding_mode` names: `None` true division, `"floor"`, `"trunc"`.
pub fn rounding(mode: Option<&str>, op: &str) -> Result<BinaryOp> {
    match mode {
        None => Ok(BinaryOp::Div),
        Some("floor") => Ok(BinaryOp::FloorDivide),
        Some("trunc") => Ok(BinaryOp::TruncDivide),
        Some(mode) => Err(Error::Argument(format!(
            "{op}(): rounding_mode must be None, \"trunc\" or \"floor\", got {mode:?}"
        ))),
    }
}

/// torch's `div(input, other, *, rounding_mode=None)`.
pub fn div<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: TensorOrNumber,
    other: TensorOrNumber,
    rounding_mode: Option<String>,
) -> Result<Handle> {
    let op = rounding(rounding_mode.as_deref(), "div")?;
    operator(r, op, input, other)
}

/// torch's `true_divide(input, other)`: `div` without rounding.
pub fn true_divide<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: TensorOrNumber,
    other: TensorOrNumber,
) -> Result<Handle> {
    operator(r, BinaryOp::Div, input, other)
}

/// torch's `rsub(input, other, *, alpha=1)`: `other - alpha · input` (`sub` reversed).
pub fn rsub<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: TensorOrNumber,
    other: TensorOrNumber,
    alpha: Option<f64>,
) -> Result<Handle> {
    let input = scaled(r, input, alpha)?;
    operator(r, BinaryOp::Sub, other, input)
}

/// `positive(input)`: `+input`, the tensor itself (torch returns an alias); a bool tensor
/// is refused, as torch refuses `+` on one.
pub fn positive<B: Backend>(r: &mut dyn Recorder<B>, input: Handle) -> Result<Handle> {
    if r.dtype(input)? == crate::config::DType::Bool {
        return Err(Error::Type(
            "The `+` operator, on a bool tensor is not supported.".into(),
        ));
    }
    Ok(input)
}

/// The family's torch declarations (see `src/python/declared/`).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Returns `input + alpha * other`, as `torch.add`.
            ///
            /// Either operand may be a number (torch's wrapped number: a constant of the
            /// tensor's dtype, or the op's scalar form).
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
            fn add(input: TensorOrNumber, other: TensorOrNumber; ; alpha: Option<f64> = None)
                = crate::ops::torch_arith::add, in_place add_;

            /// Returns `input - alpha * other`, as `torch.sub`.
            ///
            /// Either operand may be a number (torch's wrapped number).
            ///
            /// Args:
            ///     input (Tensor or float): the first operand.
            ///     other (Tensor or float): the value to subtract.
            ///     alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).
            ///
            /// Returns:
            ///     Tensor: a new tensor of the broadcast shape.
            fn sub(input: TensorOrNumber, other: TensorOrNumber; ; alpha: Option<f64> = None)
                = crate::ops::torch_arith::sub, in_place sub_;

            /// Alias for `sub`.
            ///
            /// Args:
            ///     input (Tensor or float): the first operand.
            ///     other (Tensor or float): the value to subtract.
            ///     alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).
            ///
            /// Returns:
            ///     Tensor: a new tensor of the broadcast shape.
            fn subtract(input: TensorOrNumber, other: TensorOrNumber; ; alpha: Option<f64> = None)
                = crate::ops::torch_arith::sub, in_place subtract_;

            /// Returns `input / other`, rounded as `rounding_mode` says, as `torch.div`.
            ///
            /// Either operand may be a number (torch's wrapped number).
            ///
            /// Args:
            ///     input (Tensor or float): the dividend.
            ///     other (Tensor or float): the divisor.
            ///     rounding_mode (str, optional): ``None`` (true division), ``"trunc"``
            ///         (rounded toward zero) or ``"floor"`` (rounded down, as `//`); a rounded
            ///         quotient has a zero gradient, as torch's. Default: ``None``.
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
            fn div(input: TensorOrNumber, other: TensorOrNumber; ; rounding_mode: Option<Str> = None)
                = crate::ops::torch_arith::div, in_place div_;

            /// Alias for `div`.
            ///
            /// Args:
            ///     input (Tensor or float): the dividend.
            ///     other (Tensor or float): the divisor.
            ///     rounding_mode (str, optional): ``None``, ``"trunc"`` or ``"floor"``.
            ///         Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the broadcast shape.
            fn divide(input: TensorOrNumber, other: TensorOrNumber; ; rounding_mode: Option<Str> = None)
                = crate::ops::torch_arith::div, in_place divide_;

            /// Alias for `div` without rounding: `input / other`.
            ///
            /// Args:
            ///     input (Tensor or float): the dividend.
            ///     other (Tensor or float): the divisor.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the broadcast shape.
            fn true_divide(input: TensorOrNumber, other: TensorOrNumber;)
                = crate::ops::torch_arith::true_divide, in_place true_divide_;

            /// Returns `input`, as `torch.positive` (`+input`).
            ///
            /// The result names the same value (torch returns an alias of `input`); its gradient
            /// passes through unchanged.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: `input`'s value.
            ///
            /// Raises:
            ///     TypeError: `input` is a bool tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.positive(et.tensor([-1.0, 2.0])).tolist()
            ///     [-1.0, 2.0]
            fn positive(input: Tensor;)
                = crate::ops::torch_arith::positive;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// torch's function `rsub` (torch has no method of it), for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! function_forms {
    ($gen:ident) => {
        $gen! {
            /// Subtracts `input`, scaled by `alpha`, from `other`: `other - alpha * input`.
            ///
            /// `sub` with its operands reversed; either may be a number (torch's wrapped number).
            ///
            /// Args:
            ///     input (Tensor or float): the value subtracted.
            ///     other (Tensor or float): the value subtracted from.
            ///     alpha (float, optional): the multiplier of `input`. Default: ``None`` (1).
            ///
            /// Returns:
            ///     Tensor: a new tensor of the broadcast shape.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.rsub(et.tensor([1.0, 2.0]), 10.0, alpha=2.0).tolist()
            ///     [8.0, 6.0]
            fn rsub(input: TensorOrNumber, other: TensorOrNumber; ; alpha: Option<f64> = None)
                = crate::ops::torch_arith::rsub;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use function_forms;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_names_torchs_three_modes_and_refuses_another() {
        assert_eq!(rounding(None, "div").unwrap(), BinaryOp::Div);
        assert_eq!(
            rounding(Some("floor"), "div").unwrap(),
            BinaryOp::FloorDivide
        );
        assert_eq!(
            rounding(Some("trunc"), "div").unwrap(),
            BinaryOp::TruncDivide
        );
        let e = rounding(Some("round"), "div").unwrap_err();
        assert!(
            matches!(&e, Error::Argument(m) if m.contains("\"round\"")),
            "{e}"
        );
    }
}
