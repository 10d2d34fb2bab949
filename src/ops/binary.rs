//! Pointwise functions of two tensors with broadcasting: `+ - * /`, `maximum`, `minimum`.
//! Cotangents are reduced back to each operand's shape.
//!
//! Each function is one unit type holding its LibTorch kernel and `_out` form, its
//! reference element function ([`BinaryKernel`]) and its partial derivatives ([`BinaryFn`]);
//! `binary_ops!` lists them once as the runtime enum [`BinaryOp`].

use tch::Tensor;

use super::pointwise::BinaryFn;
pub use super::pointwise::{complement, eq_number, lt_number, number_like, EqMask, GtMask};
use super::{fresh, grad_value, reduce_to, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::{Backend, BinaryKernel, OutKernel};
use crate::buffer::Value;
use crate::error::Result;
use crate::kernel::scalar::{extremum, Scalar};
use crate::ops::Arith;
use crate::shape::broadcast_shapes;

macro_rules! binary_ops {
    ($($name:ident),* $(,)?) => {
        /// Which pointwise binary function a node applies.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum BinaryOp {
            $($name,)*
        }

        impl BinaryOp {
            pub const ALL: &'static [BinaryOp] = &[$(BinaryOp::$name,)*];

            pub fn name(self) -> &'static str {
                match self {
                    $(BinaryOp::$name => <$name as BinaryKernel>::NAME,)*
                }
            }
            fn forward<B: Backend>(self, a: &B::T, b: &B::T) -> Result<B::T> {
                match self {
                    $(BinaryOp::$name => B::binary::<$name>(a, b),)*
                }
            }
            fn grad<B: Backend>(
                self,
                i: usize,
                g: &B::T,
                a: &B::T,
                b: &B::T,
                y: &B::T,
            ) -> Result<Option<B::T>> {
                match self {
                    $(BinaryOp::$name => <$name as BinaryFn>::grad::<B>(i, g, a, b, y),)*
                }
            }
            /// The LibTorch `_out` kernel (see [`OutKernel`]).
            pub fn out_kernel(self) -> Option<OutKernel> {
                match self {
                    $(BinaryOp::$name => Some(OutKernel::binary::<$name>()),)*
                }
            }
        }
    };
}

pub use super::binary_math::{
    Atan2, Copysign, FloorDivide, Fmax, Fmin, Fmod, Hypot, LogAddExp, LogAddExp2, Pow, Remainder,
    TruncDivide, Xlogy,
};
pub use super::bitwise::{
    BitwiseAnd, BitwiseLeftShift, BitwiseOr, BitwiseRightShift, BitwiseXor, Gcd, Lcm,
};

binary_ops!(
    Add,
    Sub,
    Mul,
    Div,
    Maximum,
    Minimum,
    Pow,
    FloorDivide,
    TruncDivide,
    Remainder,
    Atan2,
    Hypot,
    Fmod,
    LogAddExp,
    Xlogy,
    LogAddExp2,
    Fmax,
    Fmin,
    Copysign,
    BitwiseAnd,
    BitwiseOr,
    BitwiseXor,
    BitwiseLeftShift,
    BitwiseRightShift,
    Gcd,
    Lcm
);

/// The family's torch declarations, once, from which the binding (`src/python/pointwise.rs`)
/// generates every public form and `make stubs` their stubs: `Unit: name(arg) [name_] |
/// alias [alias_] = "what it computes"` gives `Tensor.name(arg)` (`arg`: torch's name of the
/// second operand), `et.name(input, arg)` (a number on either side), the in-place method
/// where torch has one (the bracket), and each torch alias. `add`, `sub` (with `alpha`) and
/// `div` (with `rounding_mode`) are declared in `torch_arith.rs`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! binary_list {
    ($then:ident) => {
        $then! {
            Mul: mul(other) [mul_] | multiply [multiply_] = "the product of `input` and `other`",
            Maximum: maximum(other) = "the larger of `input` and `other` (two tensors, as torch's: for a number use `clamp`; a tie splits the gradient)",
            Minimum: minimum(other) = "the smaller of `input` and `other` (two tensors, as torch's: for a number use `clamp`; a tie splits the gradient)",
            Pow: pow(exponent) [pow_] = "`input` raised to the power `exponent`",
            FloorDivide: floor_divide(other) [floor_divide_] = "`input` divided by `other`, rounded down (`input // other`; its gradient is zero)",
            Remainder: remainder(other) [remainder_] = "the remainder of `input` divided by `other`, with the sign of `other` (Python's `%`)",
            Atan2: atan2(other) [atan2_] | arctan2 [arctan2_] = "the arctangent of `input / other` in the quadrant of the point `(other, input)`",
            Hypot: hypot(other) [hypot_] = "the hypotenuse `sqrt(input**2 + other**2)`, without intermediate overflow",
            Fmod: fmod(other) [fmod_] = "the remainder of `input` divided by `other`, with the sign of `input` (C's `fmod`)",
            LogAddExp: logaddexp(other) = "`log(exp(input) + exp(other))`, computed stably",
            Xlogy: xlogy(other) [xlogy_] = "`input * log(other)`, 0 where `input` is 0 (unless `other` is NaN)",
            LogAddExp2: logaddexp2(other) = "`log2(2**input + 2**other)`, computed stably",
            Fmax: fmax(other) = "the larger of `input` and `other`, a NaN ignored (NaN only where both are; a tie's gradient goes to `input`)",
            Fmin: fmin(other) = "the smaller of `input` and `other`, a NaN ignored (NaN only where both are; a tie's gradient goes to `input`)",
            BitwiseAnd: bitwise_and(other) [bitwise_and_] = "the bitwise AND of `input` and `other` (integer or bool tensors)",
            BitwiseOr: bitwise_or(other) [bitwise_or_] = "the bitwise OR of `input` and `other` (integer or bool tensors)",
            BitwiseXor: bitwise_xor(other) [bitwise_xor_] = "the bitwise XOR of `input` and `other` (integer or bool tensors)",
            BitwiseLeftShift: bitwise_left_shift(other) [bitwise_left_shift_] = "`input` shifted left by `other` bits (integer tensors; `input << other`)",
            BitwiseRightShift: bitwise_right_shift(other) [bitwise_right_shift_] = "`input` shifted right by `other` bits, arithmetically (integer tensors; `input >> other`)",
            Gcd: gcd(other) [gcd_] = "the greatest common divisor of `input` and `other` (integer tensors; non-negative)",
            Lcm: lcm(other) [lcm_] = "the least common multiple of `input` and `other` (integer tensors; non-negative)",
            Copysign: copysign(other) [copysign_] = "the magnitude of `input` with the sign of `other` (a signed zero's too; `other` gets no gradient)",
        }
    };
}
// Used by the binding (`src/python/pointwise.rs`), which is built with the `python` feature.
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use binary_list;

impl BinaryOp {
    /// Whether the function takes integer or bool data only (the bitwise ones: LibTorch
    /// refuses floating operands).
    pub fn data_only(self) -> bool {
        matches!(
            self,
            BinaryOp::BitwiseAnd
                | BinaryOp::BitwiseOr
                | BinaryOp::BitwiseXor
                | BinaryOp::BitwiseLeftShift
                | BinaryOp::BitwiseRightShift
                | BinaryOp::Gcd
                | BinaryOp::Lcm
        )
    }

    /// The op recording this function.
    pub fn op<B: Backend>(self) -> Op<B> {
        Op::Binary(Binary(self))
    }
}

/// The family's rule: two broadcast operands, a fresh output.
#[derive(Clone)]
pub struct Binary(pub BinaryOp);

impl<B: Backend> Rule<B> for Binary {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    /// torch's integer arithmetic: `+ - *`, `**`, `//`, `%`, `maximum`, `minimum` of data.
    fn computes_data(&self) -> bool {
        matches!(
            self.0,
            BinaryOp::Add
                | BinaryOp::Sub
                | BinaryOp::Mul
                | BinaryOp::Pow
                | BinaryOp::FloorDivide
                | BinaryOp::Remainder
                | BinaryOp::Maximum
                | BinaryOp::Minimum
                | BinaryOp::BitwiseAnd
                | BinaryOp::BitwiseOr
                | BinaryOp::BitwiseXor
                | BinaryOp::BitwiseLeftShift
                | BinaryOp::BitwiseRightShift
                | BinaryOp::Gcd
                | BinaryOp::Lcm
        )
    }
    fn promotes(&self) -> bool {
        true
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        broadcast_shapes(self.0.name(), shapes[0], shapes[1])
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        fresh(self.0.forward::<B>(xs[0].get(), xs[1].get())?)
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let (xs, out, g, needs) = (cx.xs, cx.out, cx.g, cx.needs);
        let (a, b) = (xs[0].get(), xs[1].get());
        let mut gs = Vec::with_capacity(2);
        for (i, x) in xs.iter().enumerate() {
            if !needs[i] {
                gs.push(None);
                continue;
            }
            let shape = B::shape(x.get());
            gs.push(Some(
                match self.0.grad::<B>(i, g.get(), a, b, out.get())? {
                    None => reduce_to(g, &shape)?,
                    Some(t) => reduce_to(&grad_value::<B>(t), &shape)?,
                },
            ));
        }
        Ok(gs)
    }
    fn out_kernel(&self, _parents: usize) -> Option<OutKernel> {
        self.0.out_kernel()
    }
    /// `+`/`-` read no values; `a * b` reads each operand for the other's cotangent;
    /// `a / b` reads `b` (and the output for `b`'s cotangent); the others read all.
    fn saves_operand(&self, i: usize, needs: &[bool]) -> bool {
        match self.0 {
            BinaryOp::Add | BinaryOp::Sub => false,
            BinaryOp::Mul => needs[1 - i],
            BinaryOp::Div => i == 1,
            _ => true,
        }
    }
    fn saves_output(&self, needs: &[bool]) -> bool {
        match self.0 {
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul => false,
            BinaryOp::Div => needs[1],
            _ => true,
        }
    }
}

macro_rules! kernel {
    ($name:ident, $op:literal, $f:ident, $f_out:ident, $element:expr) => {
        #[doc = concat!("`", $op, "`.")]
        pub struct $name;

        impl BinaryKernel for $name {
            const NAME: &'static str = $op;
            fn torch(a: &Tensor, b: &Tensor) -> Result<Tensor> {
                Ok(a.$f(b)?)
            }
            fn torch_out(a: &Tensor, b: &Tensor, out: &mut Tensor) -> Result<bool> {
                // The call hands back a second handle on `out`; it is dropped at once.
                drop(a.$f_out(out, b)?);
                Ok(true)
            }
            fn element<S: Scalar>() -> Option<fn(S, S) -> S> {
                Some($element)
            }
        }
    };
}

kernel!(Add, "add", f_add, f_add_out, S::add);
kernel!(Sub, "sub", f_sub, f_sub_out, S::sub);
kernel!(Mul, "mul", f_mul, f_mul_out, S::mul);
kernel!(Div, "div", f_div, f_div_out, S::div);
kernel!(
    Maximum,
    "maximum",
    f_maximum,
    f_maximum_out,
    |a: S, b: S| extremum(a, b, f64::max)
);
kernel!(
    Minimum,
    "minimum",
    f_minimum,
    f_minimum_out,
    |a: S, b: S| extremum(a, b, f64::min)
);

/// The share of the cotangent operand `i` of `maximum`/`minimum` gets: all of it where it
/// wins, half where the two tie (torch's rule), none where it loses.
fn extremum_grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, max: bool) -> Result<B::T> {
    // torch: `where(me == other, g / 2, g).masked_fill_(me loses, 0)`: a NaN on either side
    // (neither wins nor ties) passes the whole cotangent to both operands, and a losing
    // element gets exactly 0 even where the cotangent is NaN or infinite (a fill, not a
    // product).
    let (me, other) = if i == 0 { (a, b) } else { (b, a) };
    let loses = if max {
        B::binary::<GtMask>(other, me)?
    } else {
        B::binary::<GtMask>(me, other)?
    };
    let ties = B::binary::<EqMask>(me, other)?;
    if B::dtype(me) == crate::config::DType::Interval {
        // an interval mask may be [0, 1]: the product encloses every case soundly
        let share = B::sub(&complement::<B>(&loses)?, &B::mul_scalar(&ties, 0.5)?)?;
        return B::mul(g, &share);
    }
    let g = B::expand(g, &B::shape(&ties))?;
    let shared = super::pointwise::select::<B>(&ties, &B::mul_scalar(&g, 0.5)?, &g)?;
    B::binary::<super::pointwise::ZeroWhere>(&shared, &loses)
}

impl BinaryFn for Add {
    // d(a+b) = g, g
    fn grad<B: Backend>(_: usize, _: &B::T, _: &B::T, _: &B::T, _: &B::T) -> Result<Option<B::T>> {
        Ok(None)
    }
}

impl BinaryFn for Sub {
    // d(a-b) = g, -g
    fn grad<B: Backend>(i: usize, g: &B::T, _: &B::T, _: &B::T, _: &B::T) -> Result<Option<B::T>> {
        Ok(if i == 0 { None } else { Some(B::neg(g)?) })
    }
}

impl BinaryFn for Mul {
    // d(ab) = g b, g a
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, _: &B::T) -> Result<Option<B::T>> {
        B::mul(g, if i == 0 { b } else { a }).map(Some)
    }
}

impl BinaryFn for Div {
    // d(a/b) = g / b, -g a / b² = -g · ((a / b) / b) = -g · (y / b), torch's order
    fn grad<B: Backend>(i: usize, g: &B::T, _: &B::T, b: &B::T, y: &B::T) -> Result<Option<B::T>> {
        if i == 0 {
            return B::div(g, b).map(Some);
        }
        B::mul(&B::neg(g)?, &B::div(y, b)?).map(Some)
    }
}

impl BinaryFn for Maximum {
    // d max(a, b) = g where a wins, g/2 on ties
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, _: &B::T) -> Result<Option<B::T>> {
        extremum_grad::<B>(i, g, a, b, true).map(Some)
    }
}

impl BinaryFn for Minimum {
    // d min(a, b) = g where a wins, g/2 on ties
    fn grad<B: Backend>(i: usize, g: &B::T, a: &B::T, b: &B::T, _: &B::T) -> Result<Option<B::T>> {
        extremum_grad::<B>(i, g, a, b, false).map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::BinaryOp::*;
    use crate::ops::testing::{check_grads, data, dt, positive, session, values};
    use crate::ops::Op;
    use crate::session::Operand;

    #[test]
    fn add_passes_the_cotangent_to_both_operands() {
        // d/da (a + b) = 1, d/db (a + b) = 1
        check_grads(
            &[data(&[3, 4], 1), data(&[3, 4], 2)],
            |s, h| s.record(Add.op(), &[h[0], h[1]]),
            |t| &t[0] + &t[1],
        );
    }

    #[test]
    fn add_broadcast_row_vector_sums_over_rows() {
        // (3,4) + (4,): d/db_j = Σ_i g_ij
        check_grads(
            &[data(&[3, 4], 3), data(&[4], 4)],
            |s, h| s.record(Add.op(), &[h[0], h[1]]),
            |t| &t[0] + &t[1],
        );
    }

    #[test]
    fn add_broadcast_scalar_parameter_sums_everything() {
        // (2,3) + (): d/db = Σ_ij g_ij
        check_grads(
            &[data(&[2, 3], 5), values(&[0.25], &[])],
            |s, h| s.record(Add.op(), &[h[0], h[1]]),
            |t| &t[0] + &t[1],
        );
    }

    #[test]
    fn sub_negates_the_cotangent_of_a_broadcast_column() {
        // (3,4) - (3,1): d/da = g, d/db_i = -Σ_j g_ij
        check_grads(
            &[data(&[3, 4], 6), data(&[3, 1], 7)],
            |s, h| s.record(Sub.op(), &[h[0], h[1]]),
            |t| &t[0] - &t[1],
        );
    }

    #[test]
    fn mul_broadcasts_both_operands() {
        // (2,1,3) * (4,1) -> (2,4,3): d/da = Σ_j g b, d/db = Σ_{i,k} g a
        check_grads(
            &[data(&[2, 1, 3], 8), data(&[4, 1], 9)],
            |s, h| s.record(Mul.op(), &[h[0], h[1]]),
            |t| &t[0] * &t[1],
        );
    }

    #[test]
    fn mul_broadcast_with_a_transposed_cotangent() {
        // y = (a ⊙ b)ᵀ for (2,1,3) ⊙ (4,1): the cotangent reaching mul is a strided view
        check_grads(
            &[data(&[2, 1, 3], 25), data(&[4, 1], 26)],
            |s, h| {
                let y = s.record(Mul.op(), &[h[0], h[1]])?;
                s.record(Op::transpose(0, 2), &[y])
            },
            |t| (&t[0] * &t[1]).transpose(0, 2),
        );
    }

    #[test]
    fn sub_and_div_with_a_transposed_cotangent() {
        // y = ((a − b) / c)ᵀ for (3,4), (4,), (3,1)
        check_grads(
            &[data(&[3, 4], 27), data(&[4], 28), positive(&[3, 1], 29)],
            |s, h| {
                let d = s.record(Sub.op(), &[h[0], h[1]])?;
                let q = s.record(Div.op(), &[d, h[2]])?;
                s.record(Op::transpose(0, 1), &[q])
            },
            |t| ((&t[0] - &t[1]) / &t[2]).tr(),
        );
    }

    #[test]
    fn mul_of_a_tensor_with_itself_doubles() {
        // d/dx (x * x) = 2x
        check_grads(
            &[data(&[5], 10)],
            |s, h| s.record(Mul.op(), &[h[0], h[0]]),
            |t| &t[0] * &t[0],
        );
    }

    #[test]
    fn mul_by_constant_data_gives_only_the_parameter_a_gradient() {
        // d/da (a * c) = c; c is input data and gets no entry
        let c = data(&[3, 4], 12);
        let c2 = c.copy();
        check_grads(
            &[data(&[3, 4], 11)],
            move |s, h| s.apply(Mul.op(), vec![Operand::Node(h[0]), Operand::Data(dt(&c2))]),
            move |t| &t[0] * &c,
        );
    }

    #[test]
    fn div_broadcast_divisor() {
        // (2,3) / (3,): d/da = g / b, d/db_j = -Σ_i g_ij a_ij / b_j²
        check_grads(
            &[data(&[2, 3], 13), positive(&[3], 14)],
            |s, h| s.record(Div.op(), &[h[0], h[1]]),
            |t| &t[0] / &t[1],
        );
    }

    #[test]
    fn maximum_and_minimum_split_ties_evenly() {
        // torch: the larger (smaller) operand gets g, ties get g/2 each; (3,) vs (2,3)
        let a = values(&[1.0, -2.0, 0.5], &[3]);
        let b = values(&[0.5, -2.0, 3.0, 1.0, -1.0, 0.5], &[2, 3]);
        check_grads(
            &[a.copy(), b.copy()],
            |s, h| s.record(Maximum.op(), &[h[0], h[1]]),
            |t| t[0].maximum(&t[1]),
        );
        check_grads(
            &[a, b],
            |s, h| s.record(Minimum.op(), &[h[0], h[1]]),
            |t| t[0].minimum(&t[1]),
        );
    }

    #[test]
    fn broadcast_shape_mismatch_is_rejected_before_recording() {
        // (3,) + (4,) cannot broadcast: a ShapeError and an unchanged tape
        let mut s = session();
        let a = s.input(&dt(&data(&[3], 23)), false).unwrap();
        let b = s.input(&dt(&data(&[4], 24)), false).unwrap();
        let before = s.tape_len();
        let err = s.record(Add.op(), &[a, b]).expect_err("a shape error");
        assert!(matches!(err, crate::Error::Broadcast { .. }), "{err:?}");
        assert_eq!(s.tape_len(), before);
    }
}
