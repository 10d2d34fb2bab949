//! torch's questions and repairs of IEEE 754 values, as compositions of the predicates,
//! `copysign` and `where`: `nan_to_num` (NaN and the infinities replaced; the gradient
//! reaches only the elements kept, as torch's `grad * isfinite(input)`) and `signbit` (the
//! sign bit, of a negative zero and a negative NaN too: bool data).

use super::binary::BinaryOp;
use super::compare::{isneginf, isposinf};
use super::compose::{Recorder, TensorOrNumber};
use super::join::Where;
use super::Op;
use crate::backend::Backend;
use crate::error::Result;
use crate::handles::Handle;
use crate::kernel::Predicate;

/// `nan_to_num(input, nan=0.0, posinf=None, neginf=None)`: NaN by `nan`, `+inf` by `posinf`
/// (default: the dtype's largest finite value), `-inf` by `neginf` (default: its lowest). Data
/// dtypes have neither: a copy, as torch's.
pub fn nan_to_num<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    nan: f64,
    posinf: Option<f64>,
    neginf: Option<f64>,
) -> Result<Handle> {
    let dtype = r.dtype(x)?;
    if dtype.is_data() {
        return super::convert::clone(r, x, super::convert::MemoryFormat);
    }
    let big = dtype.largest_finite();
    let replace = [
        (Predicate::IsNan, nan),
        (Predicate::Gt, posinf.unwrap_or(big)),
        (Predicate::Lt, neginf.unwrap_or(-big)),
    ];
    let mut y = x;
    for (which, value) in replace {
        let mask = match which {
            Predicate::IsNan => r.record(Op::predicate(Predicate::IsNan), &[x])?,
            Predicate::Gt => isposinf(r, x)?,
            _ => isneginf(r, x)?,
        };
        // a 0-d constant of the input's dtype (a number the dtype cannot hold rounds as
        // torch's does when it writes it)
        let v = r.constant(x, &[value], &[], None)?;
        y = r.record(Op::movement(Where), &[mask, v, y])?;
    }
    Ok(y)
}

/// `signbit(input)`: whether each element's sign bit is set (`-0.0` and `-nan` included),
/// read as `copysign(1, input) < 0`; data dtypes: `input < 0`.
pub fn signbit<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    let signed = if r.dtype(x)?.is_data() {
        x
    } else {
        r.binary(
            BinaryOp::Copysign,
            TensorOrNumber::Number(1.0),
            TensorOrNumber::Tensor(x),
        )?
    };
    r.record(Op::compare_number(Predicate::Lt, 0.0), &[signed])
}

/// The function and method forms of `nan_to_num` and `signbit`, for the binding's generator
/// `$gen` (`src/python/declared/args.rs` says what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Replaces NaN, positive infinity, and negative infinity values in `input` with the
            /// values specified by `nan`, `posinf`, and `neginf`, respectively.
            ///
            /// By default NaNs become zero, positive infinity the greatest finite value of
            /// `input`'s dtype and negative infinity the least. The gradient reaches only the
            /// elements kept, as torch's. Integer and bool tensors are returned as copies.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     nan (float): the value NaNs become. Default: ``0.0``.
            ///     posinf (float, optional): the value positive infinities become. Default:
            ///         ``None`` (the dtype's greatest finite value).
            ///     neginf (float, optional): the value negative infinities become. Default:
            ///         ``None`` (the dtype's least finite value).
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape and dtype.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([float("nan"), float("inf"), -float("inf"), 3.14])
            ///     ...     et.nan_to_num(x, nan=0.0, posinf=1.0, neginf=-1.0).tolist()
            ///     [0.0, 1.0, -1.0, 3.140000104904175]
            fn nan_to_num(input: Tensor; nan: f64 = 0.0, posinf: Option<f64> = None, neginf: Option<f64> = None)
                = crate::ops::ieee::nan_to_num, in_place nan_to_num_;

            /// Tests if each element of `input` has its sign bit set or not.
            ///
            /// True for negative numbers, ``-0.0`` and a NaN with its sign bit set; bool data (no
            /// gradient).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: bool, of `input`'s shape.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.signbit(et.tensor([-0.0, 0.0, -2.0, 1.5])).tolist()
            ///     [True, False, True, False]
            fn signbit(input: Tensor;)
                = crate::ops::ieee::signbit;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

#[cfg(test)]
mod tests {
    use crate::ops::testing::{check_grads_libtorch, data};

    #[test]
    fn nan_to_num_gradient_as_libtorchs() {
        // oracle: LibTorch's nan_to_num, by its autograd (finite samples: the gradient
        // passes; tests/python checks the replaced elements side by side with torch)
        check_grads_libtorch(
            &[data(&[3, 4], 50)],
            |s, h| super::nan_to_num(s, h[0], 0.0, Some(2.0), None),
            |t| t[0].nan_to_num(0.0, 2.0, None),
        );
    }
}
