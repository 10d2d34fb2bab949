//! torch's bitwise functions of two integer or bool tensors: `bitwise_and`, `bitwise_or`,
//! `bitwise_xor`, `bitwise_left_shift` (`<<`) and `bitwise_right_shift` (`>>`), and the
//! integers' `gcd` and `lcm`: units of
//! the binary family (`binary.rs`) that compute on data only (LibTorch's kernels; a
//! floating operand is refused by them, as torch's are). Data carry no gradient, so their
//! derivatives are never asked for; the reference carriers have no element function for
//! them. `bitwise_not` is `invert.rs`'s composition.

use tch::Tensor;

use super::pointwise::BinaryFn;
use crate::backend::{Backend, BinaryKernel};
use crate::error::Result;
use crate::kernel::Scalar;
use crate::ops::Arith;

/// `a & b`, elementwise on integers or bools.
pub struct BitwiseAnd;
/// `a | b`.
pub struct BitwiseOr;
/// `a ^ b`.
pub struct BitwiseXor;
/// `a << b` (torch's: a shift by the bit width or more gives 0).
pub struct BitwiseLeftShift;
/// `a >> b` (arithmetic for signed integers).
pub struct BitwiseRightShift;
/// The greatest common divisor of `a` and `b` (non-negative), of integers.
pub struct Gcd;
/// The least common multiple of `a` and `b` (non-negative), of integers.
pub struct Lcm;

macro_rules! bitwise_kernel {
    ($unit:ident, $name:literal, $f:ident, $f_out:ident) => {
        impl BinaryKernel for $unit {
            const NAME: &'static str = $name;
            fn torch(a: &Tensor, b: &Tensor) -> Result<Tensor> {
                Ok(a.$f(b)?)
            }
            fn torch_out(a: &Tensor, b: &Tensor, out: &mut Tensor) -> Result<bool> {
                drop(a.$f_out(out, b)?);
                Ok(true)
            }
            fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
                None
            }
        }

        impl BinaryFn for $unit {
            // data only: no operand of it requires a gradient (a zero cotangent if asked)
            fn grad<B: Backend>(
                _: usize,
                g: &B::T,
                _: &B::T,
                _: &B::T,
                _: &B::T,
            ) -> Result<Option<B::T>> {
                B::mul_scalar(g, 0.0).map(Some)
            }
        }
    };
}

bitwise_kernel!(
    BitwiseAnd,
    "bitwise_and",
    f_bitwise_and_tensor,
    f_bitwise_and_tensor_out
);
bitwise_kernel!(
    BitwiseOr,
    "bitwise_or",
    f_bitwise_or_tensor,
    f_bitwise_or_tensor_out
);
bitwise_kernel!(
    BitwiseXor,
    "bitwise_xor",
    f_bitwise_xor_tensor,
    f_bitwise_xor_tensor_out
);
bitwise_kernel!(
    BitwiseLeftShift,
    "bitwise_left_shift",
    f_bitwise_left_shift,
    f_bitwise_left_shift_tensor_out
);
bitwise_kernel!(
    BitwiseRightShift,
    "bitwise_right_shift",
    f_bitwise_right_shift,
    f_bitwise_right_shift_tensor_out
);

#[cfg(test)]
mod tests {
    use crate::ops::binary::BinaryOp;
    use crate::ops::testing::session;

    #[test]
    fn bitwise_ops_of_integers_are_libtorchs_and_floats_are_refused() {
        let mut s = session();
        let data = |v: &[i64]| crate::ops::testing::dt(&tch::Tensor::from_slice(v));
        let int = Some(crate::config::DType::Int64);
        let a = s.input_owned_as(data(&[6, -5, 12, 1]), int, false).unwrap();
        let b = s.input_owned_as(data(&[3, 3, 2, 63]), int, false).unwrap();
        let (ta, tb) = (
            tch::Tensor::from_slice(&[6i64, -5, 12, 1]),
            tch::Tensor::from_slice(&[3i64, 3, 2, 63]),
        );
        for (op, want) in [
            (BinaryOp::BitwiseAnd, ta.bitwise_and_tensor(&tb)),
            (BinaryOp::BitwiseOr, ta.bitwise_or_tensor(&tb)),
            (BinaryOp::BitwiseXor, ta.bitwise_xor_tensor(&tb)),
            (BinaryOp::BitwiseLeftShift, ta.bitwise_left_shift(&tb)),
            (BinaryOp::BitwiseRightShift, ta.bitwise_right_shift(&tb)),
        ] {
            let y = s.record(op.op(), &[a, b]).unwrap();
            let got = s.value(y).unwrap();
            let got =
                <crate::backend::dynamic::Dyn as crate::backend::Backend>::as_torch(got.get())
                    .expect("data are LibTorch's")
                    .copy();
            assert!(got.equal(&want), "{}", op.name());
        }
        let f = s
            .input(
                &crate::ops::testing::dt(&crate::ops::testing::data(&[4], 1)),
                false,
            )
            .unwrap();
        let before = s.tape_len();
        assert!(s.record(BinaryOp::BitwiseAnd.op(), &[f, f]).is_err());
        assert_eq!(s.tape_len(), before);
    }
}
bitwise_kernel!(Gcd, "gcd", f_gcd, f_gcd_out);
bitwise_kernel!(Lcm, "lcm", f_lcm, f_lcm_out);
