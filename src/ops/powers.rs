//! torch's powers that are compositions of `pow`: `float_power` (in float64 whatever the
//! operands' dtypes, as torch's) and `ldexp` (`input · 2^other`). Each operand gets its
//! gradient by the parts' rules (the conversion's gradient converts back); the session's
//! entry points run them all or nothing.

use super::binary::BinaryOp;
use super::compose::{Recorder, TensorOrNumber};
use super::Op;
use crate::backend::Backend;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// `x` in float64 (itself when it is): a recorded conversion. A session computing in a
/// reference carrier has no float64 of LibTorch's: `UnsupportedOp`.
fn to_float64<B: Backend>(r: &mut dyn Recorder<B>, op: &'static str, x: Handle) -> Result<Handle> {
    let dtype = r.dtype(x)?;
    if dtype == DType::Float64 {
        return Ok(x);
    }
    if !(dtype.is_native() || dtype.is_data()) {
        return Err(Error::Unsupported {
            op,
            carrier: dtype.carrier_label(),
        });
    }
    let device = r.device(x)?;
    r.record(Op::convert(DType::Float64, device), &[x])
}

/// `float_power(input, exponent)`: `input ** exponent` computed in float64 (a number
/// exponent as is), a float64 result, as torch's.
pub fn float_power<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    exponent: TensorOrNumber,
) -> Result<Handle> {
    let base = to_float64(r, "float_power", x)?;
    let exponent = match exponent {
        TensorOrNumber::Tensor(e) => TensorOrNumber::Tensor(to_float64(r, "float_power", e)?),
        number => number,
    };
    r.binary(BinaryOp::Pow, TensorOrNumber::Tensor(base), exponent)
}

/// `ldexp(input, other)`: `input · 2^other`, as torch's composition (`other` an integer
/// tensor gives a floating power of two).
pub fn ldexp<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, other: Handle) -> Result<Handle> {
    let two = r.binary(
        BinaryOp::Pow,
        TensorOrNumber::Number(2.0),
        TensorOrNumber::Tensor(other),
    )?;
    r.binary(
        BinaryOp::Mul,
        TensorOrNumber::Tensor(x),
        TensorOrNumber::Tensor(two),
    )
}

/// The function and method forms of `float_power` and `ldexp`, for the binding's generator
/// `$gen` (`src/python/declared/args.rs` says what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Raises `input` to the power of `exponent`, elementwise, in double precision.
            ///
            /// Both operands are converted to float64 first (a number exponent is used as is), so the
            /// result is float64 whatever their dtypes, as torch's; the gradient converts back to each
            /// operand's dtype. Sessions of the reference carriers refuse it.
            ///
            /// Args:
            ///     input (Tensor): the base.
            ///     exponent (Tensor or float): the exponent.
            ///
            /// Returns:
            ///     Tensor: ``input ** exponent`` in float64.
            ///
            /// Raises:
            ///     UnsupportedOpError: the session computes in ``ieee32`` or ``interval``.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     y = et.float_power(et.tensor([2.0, 3.0]), 2)
            ///     ...     y.dtype, y.tolist()
            ///     ('float64', [4.0, 9.0])
            fn float_power(input: Tensor, exponent: TensorOrNumber;)
                = crate::ops::powers::float_power;

            /// Multiplies `input` by 2 ** `other`.
            ///
            /// Computed as torch's composition, ``input * 2.0 ** other``: an integer `other` gives a
            /// floating power of two, and both tensors broadcast. Each floating operand gets its
            /// gradient.
            ///
            /// Args:
            ///     input (Tensor): the mantissas.
            ///     other (Tensor): the exponents (integer or floating).
            ///
            /// Returns:
            ///     Tensor: ``input * 2 ** other``.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.ldexp(et.tensor([1.0, 3.0]), et.tensor([2, -1])).tolist()
            ///     [4.0, 1.5]
            fn ldexp(input: Tensor, other: Tensor;)
                = crate::ops::powers::ldexp, in_place ldexp_;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

#[cfg(test)]
mod tests {
    use crate::ops::compose::TensorOrNumber;
    use crate::ops::testing::{check_grads_libtorch, data, positive};

    #[test]
    fn float_power_and_ldexp_gradients_as_libtorchs() {
        // oracle: LibTorch's float_power and ldexp, by its autograd
        check_grads_libtorch(
            &[positive(&[3, 4], 40), data(&[4], 41)],
            |s, h| super::float_power(s, h[0], TensorOrNumber::Tensor(h[1])),
            |t| t[0].float_power(&t[1]),
        );
        check_grads_libtorch(
            &[data(&[3, 4], 42)],
            |s, h| super::float_power(s, h[0], TensorOrNumber::Number(3.0)),
            |t| t[0].float_power_tensor_scalar(3.0),
        );
        check_grads_libtorch(
            &[data(&[3, 4], 43), data(&[3, 1], 44)],
            |s, h| super::ldexp(s, h[0], h[1]),
            |t| t[0].ldexp(&t[1]),
        );
    }
}
