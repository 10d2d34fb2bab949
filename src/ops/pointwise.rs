//! What the pointwise families share: the derivative traits of their units ([`UnaryFn`],
//! [`BinaryFn`], [`ScalarFn`]), the macro declaring a unary unit from its LibTorch kernel,
//! and the masks the derivatives compose. The families' registries (`unary.rs`,
//! `binary.rs`, `scalar.rs`) list units from several files (`activation.rs`,
//! `unary_math.rs`, `binary_math.rs`); those files depend on this one, never on a registry.

use tch::Tensor;

use super::Arith;
use crate::backend::{Backend, BinaryKernel, ScalarKernel, UnaryKernel};
use crate::error::Result;
use crate::kernel::Scalar;

/// A pointwise function's derivative.
pub trait UnaryFn: UnaryKernel {
    /// The input's cotangent from the output's cotangent `g`, the input `x` and the
    /// output `y`.
    fn backward<B: Backend>(g: &B::T, x: &B::T, y: &B::T) -> Result<B::T>;
    /// The same from the output `y` alone, written into `g` itself (held exclusively),
    /// where the function has such a form; `None` otherwise.
    fn backward_in_place<B: Backend>(_g: &mut B::T, _y: &B::T) -> Option<Result<()>> {
        None
    }
    /// Whether [`UnaryFn::backward`] reads `x` / `y` (what the node must keep; torch's
    /// autograd saves the same: the result for relu, tanh, sigmoid, exp, sqrt).
    const READS_INPUT: bool = true;
    const READS_OUTPUT: bool = true;
}

/// A pointwise binary function's partial derivatives.
pub trait BinaryFn: BinaryKernel {
    /// The unreduced cotangent of operand `i` (0 or 1) from the output's cotangent `g`,
    /// the operands and the output `y`; `None` when it is `g` itself.
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, y: &B::T) -> Result<Option<B::T>>;
}

/// The derivative of `f(x, s)` in `x`.
pub trait ScalarFn: ScalarKernel {
    /// The cotangent of `x` from `g`, `x`, the output `y` and `s`; `None` when it is `g`.
    fn grad<B: Backend>(g: &B::T, x: &B::T, y: &B::T, s: f64) -> Result<Option<B::T>>;
}

/// Declares a unit whose LibTorch kernel is `Tensor::$f` / `Tensor::$f_out` and whose
/// reference element function is `$element` (or, after `@`, an `Option` of one: `None` where
/// a carrier cannot compute it as specified).
macro_rules! unary_kernel {
    ($name:ident, $op:literal, $f:ident, $f_out:ident, $element:expr) => {
        $crate::ops::pointwise::unary_kernel!(@ $name, $op, $f, $f_out, Some($element));
    };
    (@ $name:ident, $op:literal, $f:ident, $f_out:ident, $element:expr) => {
        #[doc = concat!("`", $op, "`.")]
        pub struct $name;

        impl $crate::backend::UnaryKernel for $name {
            const NAME: &'static str = $op;
            fn torch(x: &tch::Tensor) -> $crate::error::Result<tch::Tensor> {
                Ok(x.$f()?)
            }
            fn torch_out(x: &tch::Tensor, out: &mut tch::Tensor) -> $crate::error::Result<bool> {
                // The call hands back a second handle on `out`; it is dropped at once.
                drop(x.$f_out(out)?);
                Ok(true)
            }
            fn element<S: $crate::kernel::Scalar>() -> Option<fn(S) -> S> {
                $element
            }
        }
    };
}
pub(crate) use unary_kernel;

/// Declares a backward kernel ([`GradKernel`](crate::kernel::GradKernel)): LibTorch's
/// `$torch` over the cotangent `$g`, the saved operand `$x` and the numbers `$a`, `$b`, and
/// the reference element function `$element` (an `Option`, as in [`unary_kernel`]).
macro_rules! grad_kernel {
    ($(#[$doc:meta])* $unit:ident, $op:literal,
     |$g:ident, $x:ident, $a:ident, $b:ident| $torch:expr, $element:expr) => {
        $(#[$doc])*
        pub struct $unit;

        impl $crate::kernel::GradKernel for $unit {
            const NAME: &'static str = $op;
            #[allow(unused_variables)]
            fn torch(
                $g: &tch::Tensor,
                $x: &tch::Tensor,
                $a: f64,
                $b: f64,
            ) -> $crate::error::Result<tch::Tensor> {
                Ok($torch?)
            }
            fn element<S: $crate::kernel::Scalar>() -> Option<$crate::kernel::GradElement<S>> {
                $element
            }
        }
    };
}
pub(crate) use grad_kernel;

/// The number `v` as a 0-d tensor of `like`'s dtype and device.
pub fn number_like<B: Backend>(like: &B::T, v: f64) -> Result<B::T> {
    B::full(&[], v, B::dtype(like), B::device(like))
}

/// 1 where `t == v`, else 0 (a mask in `t`'s type).
pub fn eq_number<B: Backend>(t: &B::T, v: f64) -> Result<B::T> {
    B::binary::<EqMask>(t, &number_like::<B>(t, v)?)
}

/// 1 where `t < v`, else 0.
pub fn lt_number<B: Backend>(t: &B::T, v: f64) -> Result<B::T> {
    B::binary::<GtMask>(&number_like::<B>(t, v)?, t)
}

/// `1 − m`: the complement of a 0/1 mask.
pub fn complement<B: Backend>(m: &B::T) -> Result<B::T> {
    B::add_scalar(&B::neg(m)?, 1.0)
}

/// 1 where `a > b`, else 0, in the operands' type (an interval straddling gives `[0, 1]`).
pub struct GtMask;

impl BinaryKernel for GtMask {
    const NAME: &'static str = "gt";
    fn torch(a: &Tensor, b: &Tensor) -> Result<Tensor> {
        Ok(a.f_gt_tensor(b)?.f_to_kind(a.f_kind()?)?)
    }
    fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
        Some(|a, b| {
            let ((al, ah), (bl, bh)) = (a.bounds(), b.bounds());
            indicator::<S>(al > bh, ah <= bl)
        })
    }
}

/// 1 where `a == b`, else 0 (an interval that may or may not be equal gives `[0, 1]`).
pub struct EqMask;

impl BinaryKernel for EqMask {
    const NAME: &'static str = "eq";
    fn torch(a: &Tensor, b: &Tensor) -> Result<Tensor> {
        Ok(a.f_eq_tensor(b)?.f_to_kind(a.f_kind()?)?)
    }
    fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
        Some(|a, b| {
            let ((al, ah), (bl, bh)) = (a.bounds(), b.bounds());
            indicator::<S>(al == ah && bl == bh && al == bl, ah < bl || bh < al)
        })
    }
}

/// 1 if `surely`, 0 if `surely_not`, else the interval `[0, 1]`.
pub(crate) fn indicator<S: Scalar>(surely: bool, surely_not: bool) -> S {
    if surely {
        S::from_f64(1.0)
    } else if surely_not {
        S::from_f64(0.0)
    } else {
        S::from_bounds(0.0, 1.0).unwrap_or_else(|| S::from_f64(0.0))
    }
}

/// `a` where `m == 0`, else 0 (torch's `masked_fill_(m, 0)`, with no NaN from `0 · inf`).
pub(crate) struct ZeroWhere;

impl BinaryKernel for ZeroWhere {
    const NAME: &'static str = "masked_fill";
    fn torch(a: &Tensor, m: &Tensor) -> Result<Tensor> {
        Ok(a.f_masked_fill(&m.f_ne(0.0)?, 0.0)?)
    }
    fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
        Some(|a: S, m: S| if m.to_f64() != 0.0 { S::zero() } else { a })
    }
}

/// `a` where `m != 0`, else `b` (exact: the other side never enters, not even as `0 · inf`).
pub(crate) fn select<B: Backend>(m: &B::T, a: &B::T, b: &B::T) -> Result<B::T> {
    B::add(
        &B::binary::<ZeroWhere>(a, &complement::<B>(m)?)?,
        &B::binary::<ZeroWhere>(b, m)?,
    )
}
