//! torch's `bitwise_not` (`~x`): `logical_not` of a bool tensor, `-1 - x` of an integer one
//! (two's complement, as LibTorch's wrapping arithmetic computes it). The binary bitwise
//! functions are units of the binary family (`bitwise.rs`).

use super::compose::{Recorder, TensorOrNumber};
use super::Op;
use crate::backend::Backend;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::kernel::Predicate;

/// `bitwise_not(input)`: `~input`: `logical_not` of a bool tensor, `-input - 1` of an
/// integer one (two's complement, as LibTorch's wrapping arithmetic computes it); a floating
/// tensor is refused, as torch refuses it.
pub fn bitwise_not<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    match r.dtype(x)? {
        DType::Bool => r.record(Op::predicate(Predicate::Not), &[x]),
        DType::Int64 | DType::Int32 => {
            // -1 of the input's dtype (a Python float would promote it)
            let minus_one = r.constant(x, &[-1.0], &[], None)?;
            r.binary(
                super::binary::BinaryOp::Sub,
                TensorOrNumber::Tensor(minus_one),
                TensorOrNumber::Tensor(x),
            )
        }
        d => Err(Error::DType(format!(
            "bitwise_not: takes integer or bool tensors, not {d}"
        ))),
    }
}

/// The function and method forms of `bitwise_not`, for the binding's generator `$gen` (the
/// binary ones are generated from `binary.rs`'s list).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Computes the bitwise NOT of the given input tensor.
            ///
            /// The input must be an integer or bool tensor: the two's complement ``-input - 1`` of
            /// an integer, ``logical_not`` of a bool.
            ///
            /// Args:
            ///     input (Tensor): an integer or bool tensor.
            ///
            /// Returns:
            ///     Tensor: of `input`'s dtype.
            ///
            /// Raises:
            ///     DTypeError: `input` is a floating-point tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.bitwise_not(et.tensor([-1, 0, 5])).tolist()
            ///     [0, -1, -6]
            fn bitwise_not(input: Tensor;)
                = crate::ops::invert::bitwise_not, in_place bitwise_not_;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
