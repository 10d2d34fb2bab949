//! Predicates: comparisons (`== != < <= > >=`, with a tensor or a number), logic on bool
//! data (`& | ^ ~`) and `isfinite`/`isnan`. Each returns a bool tensor: data, with no
//! gradient (the session records it as a data node, so no backward rule ever runs).

use super::compose::{Recorder, TensorOrNumber};
use super::{fresh, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::handles::Handle;
pub use crate::kernel::Predicate;
use crate::shape::broadcast_shapes;

/// A predicate of one tensor, of two broadcast tensors, or of a tensor and a number.
#[derive(Clone)]
pub struct Compare {
    pub p: Predicate,
    /// The number of `x (op) s` (with one operand).
    pub number: Option<f64>,
}

impl<B: Backend> Op<B> {
    /// `p(a, b)` of two tensors, or of one tensor for the unary predicates.
    pub fn predicate(p: Predicate) -> Self {
        Op::Compare(Compare { p, number: None })
    }
    /// `x (p) s` for a number `s`.
    pub fn compare_number(p: Predicate, s: f64) -> Self {
        Op::Compare(Compare { p, number: Some(s) })
    }
}

impl<B: Backend> Rule<B> for Compare {
    fn name(&self) -> &'static str {
        self.p.name()
    }
    fn promotes(&self) -> bool {
        true
    }
    fn arity(&self) -> Arity {
        if self.p.unary() || self.number.is_some() {
            Arity::Exactly(1)
        } else {
            Arity::Exactly(2)
        }
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        match shapes {
            [a, b] => broadcast_shapes(self.p.name(), a, b),
            _ => Ok(shapes[0].to_vec()),
        }
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let name = self.p.name();
        let dtypes: Vec<DType> = xs.iter().map(|x| B::dtype(x.get())).collect();
        if self.p.logic() {
            if let Some(d) = dtypes.iter().find(|&&d| d != DType::Bool) {
                return Err(Error::DType(format!(
                    "{name} takes bool tensors (masks), not {d}"
                )));
            }
        }
        if let [a, b] = dtypes[..] {
            if a != b && !(a.is_data() && b.is_data()) {
                return Err(Error::DType(format!(
                    "{name}: cannot compare a {a} tensor with a {b} tensor"
                )));
            }
        }
        let b = xs.get(1).map(|x| x.get());
        fresh(B::predicate(
            self.p,
            xs[0].get(),
            b,
            self.number.unwrap_or(0.0),
        )?)
    }
    /// Never called: the result is bool data, through which no gradient flows.
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        Ok(vec![None; cx.xs.len()]) // bounded: one per operand
    }
}

/// `input (p) other`: a number other is the comparison's scalar form.
fn compare<B: Backend>(
    r: &mut dyn Recorder<B>,
    p: Predicate,
    input: Handle,
    other: TensorOrNumber,
) -> Result<Handle> {
    match other {
        TensorOrNumber::Number(x) => r.record(Op::compare_number(p, x), &[input]),
        TensorOrNumber::Tensor(h) => r.record(Op::predicate(p), &[input, h]),
    }
}

/// torch's `eq(input, other)`: `input == other`, bool data.
pub fn eq<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    other: TensorOrNumber,
) -> Result<Handle> {
    compare(r, Predicate::Eq, input, other)
}

/// torch's `ne(input, other)`: `input != other`, bool data.
pub fn ne<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    other: TensorOrNumber,
) -> Result<Handle> {
    compare(r, Predicate::Ne, input, other)
}

/// torch's `lt(input, other)`: `input < other`, bool data.
pub fn lt<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    other: TensorOrNumber,
) -> Result<Handle> {
    compare(r, Predicate::Lt, input, other)
}

/// torch's `le(input, other)`: `input <= other`, bool data.
pub fn le<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    other: TensorOrNumber,
) -> Result<Handle> {
    compare(r, Predicate::Le, input, other)
}

/// torch's `gt(input, other)`: `input > other`, bool data.
pub fn gt<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    other: TensorOrNumber,
) -> Result<Handle> {
    compare(r, Predicate::Gt, input, other)
}

/// torch's `ge(input, other)`: `input >= other`, bool data.
pub fn ge<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    other: TensorOrNumber,
) -> Result<Handle> {
    compare(r, Predicate::Ge, input, other)
}

/// `x` as bool data: itself when bool, else `x != 0` (torch's truth of a number: NaN is
/// true).
pub fn truth<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    if r.dtype(x)? == crate::config::DType::Bool {
        return Ok(x);
    }
    r.record(Op::compare_number(Predicate::Ne, 0.0), &[x])
}

/// torch's `logical_and`/`logical_or`/`logical_xor(input, other)`: the truths of both,
/// combined (bool data, broadcast).
fn logical<B: Backend>(
    r: &mut dyn Recorder<B>,
    p: Predicate,
    input: Handle,
    other: Handle,
) -> Result<Handle> {
    let a = truth(r, input)?;
    let b = truth(r, other)?;
    r.record(Op::predicate(p), &[a, b])
}

pub fn logical_and<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, y: Handle) -> Result<Handle> {
    logical(r, Predicate::And, x, y)
}

pub fn logical_or<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, y: Handle) -> Result<Handle> {
    logical(r, Predicate::Or, x, y)
}

pub fn logical_xor<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, y: Handle) -> Result<Handle> {
    logical(r, Predicate::Xor, x, y)
}

/// torch's `isinf`: neither finite nor NaN (bool data; data dtypes are never infinite).
pub fn isinf<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    let finite = r.record(Op::predicate(Predicate::IsFinite), &[x])?;
    let nan = r.record(Op::predicate(Predicate::IsNan), &[x])?;
    let either = r.record(Op::predicate(Predicate::Or), &[finite, nan])?;
    r.record(Op::predicate(Predicate::Not), &[either])
}

/// torch's `isposinf` (`isneginf` when `negative`): infinite, and of that sign.
fn signed_inf<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, negative: bool) -> Result<Handle> {
    let inf = isinf(r, x)?;
    let side = if negative {
        Predicate::Lt
    } else {
        Predicate::Gt
    };
    let sign = r.record(Op::compare_number(side, 0.0), &[x])?;
    r.record(Op::predicate(Predicate::And), &[inf, sign])
}

pub fn isposinf<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    signed_inf(r, x, false)
}

pub fn isneginf<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    signed_inf(r, x, true)
}

/// torch's `isreal`: true everywhere for eagertape's dtypes (none is complex): a finite
/// value or not, NaN included.
pub fn isreal<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    let finite = r.record(Op::predicate(Predicate::IsFinite), &[x])?;
    let not = r.record(Op::predicate(Predicate::Not), &[finite])?;
    r.record(Op::predicate(Predicate::Or), &[finite, not])
}

/// The comparisons' torch declarations (see `src/python/declared/`): functions and
/// `Tensor` methods (`x.eq(y)`; the operators `==`, `<`, ... are the tensor's own).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Computes `input == other` element-wise, as `torch.eq`.
            ///
            /// The result is bool data (no gradient); `other` is a tensor, a Python number
            /// or array data (converted as a constant), broadcast against `input`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape, True where `input` is
            ///     equal to `other`.
            ///
            /// Raises:
            ///     DTypeError: `other` is a tensor whose dtype cannot be compared with
            ///         `input`'s (a floating tensor and an integer or bool tensor).
            fn eq(input: Tensor, other: TensorOrNumber;)
                = crate::ops::compare::eq, in_place eq_;

            /// Computes `input != other` element-wise, as `torch.ne`.
            ///
            /// The result is bool data (no gradient); `other` is a tensor, a Python number
            /// or array data (converted as a constant), broadcast against `input`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape, True where `input` is
            ///     not equal to `other`.
            ///
            /// Raises:
            ///     DTypeError: `other` is a tensor whose dtype cannot be compared with
            ///         `input`'s (a floating tensor and an integer or bool tensor).
            fn ne(input: Tensor, other: TensorOrNumber;)
                = crate::ops::compare::ne, in_place ne_;

            /// Computes `input < other` element-wise, as `torch.lt`.
            ///
            /// The result is bool data (no gradient); `other` is a tensor, a Python number
            /// or array data (converted as a constant), broadcast against `input`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape, True where `input` is
            ///     less than `other`.
            ///
            /// Raises:
            ///     DTypeError: `other` is a tensor whose dtype cannot be compared with
            ///         `input`'s (a floating tensor and an integer or bool tensor).
            fn lt(input: Tensor, other: TensorOrNumber;)
                = crate::ops::compare::lt, in_place lt_;

            /// Computes `input <= other` element-wise, as `torch.le`.
            ///
            /// The result is bool data (no gradient); `other` is a tensor, a Python number
            /// or array data (converted as a constant), broadcast against `input`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape, True where `input` is
            ///     less than or equal to `other`.
            ///
            /// Raises:
            ///     DTypeError: `other` is a tensor whose dtype cannot be compared with
            ///         `input`'s (a floating tensor and an integer or bool tensor).
            fn le(input: Tensor, other: TensorOrNumber;)
                = crate::ops::compare::le, in_place le_;

            /// Computes `input > other` element-wise, as `torch.gt`.
            ///
            /// The result is bool data (no gradient); `other` is a tensor, a Python number
            /// or array data (converted as a constant), broadcast against `input`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape, True where `input` is
            ///     greater than `other`.
            ///
            /// Raises:
            ///     DTypeError: `other` is a tensor whose dtype cannot be compared with
            ///         `input`'s (a floating tensor and an integer or bool tensor).
            fn gt(input: Tensor, other: TensorOrNumber;)
                = crate::ops::compare::gt, in_place gt_;

            /// Computes `input >= other` element-wise, as `torch.ge`.
            ///
            /// The result is bool data (no gradient); `other` is a tensor, a Python number
            /// or array data (converted as a constant), broadcast against `input`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape, True where `input` is
            ///     greater than or equal to `other`.
            ///
            /// Raises:
            ///     DTypeError: `other` is a tensor whose dtype cannot be compared with
            ///         `input`'s (a floating tensor and an integer or bool tensor).
            fn ge(input: Tensor, other: TensorOrNumber;)
                = crate::ops::compare::ge, in_place ge_;

            /// Computes the element-wise logical AND of the given input tensors.
            ///
            /// Zeros are treated as ``False`` and nonzeros (NaN included) as ``True``; the result is bool
            /// data (no gradient), `input` and `other` broadcast.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     other (Tensor): the tensor to compute AND with.
            ///
            /// Returns:
            ///     Tensor: bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.logical_and(et.tensor([True, False, True]), et.tensor([True, True, False])).tolist()
            ///     [True, False, False]
            fn logical_and(input: Tensor, other: Tensor;)
                = crate::ops::compare::logical_and, in_place logical_and_;

            /// Computes the element-wise logical OR of the given input tensors.
            ///
            /// Zeros are treated as ``False`` and nonzeros (NaN included) as ``True``; the result is bool
            /// data (no gradient), `input` and `other` broadcast.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     other (Tensor): the tensor to compute OR with.
            ///
            /// Returns:
            ///     Tensor: bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.logical_or(et.tensor([0.0, 2.0]), et.tensor([0.0, 0.0])).tolist()
            ///     [False, True]
            fn logical_or(input: Tensor, other: Tensor;)
                = crate::ops::compare::logical_or, in_place logical_or_;

            /// Computes the element-wise logical XOR of the given input tensors.
            ///
            /// Zeros are treated as ``False`` and nonzeros (NaN included) as ``True``; the result is bool
            /// data (no gradient), `input` and `other` broadcast.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     other (Tensor): the tensor to compute XOR with.
            ///
            /// Returns:
            ///     Tensor: bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.logical_xor(et.tensor([1, 0, 1]), et.tensor([1, 1, 0])).tolist()
            ///     [False, True, True]
            fn logical_xor(input: Tensor, other: Tensor;)
                = crate::ops::compare::logical_xor, in_place logical_xor_;

            /// Tests if each element of `input` is infinite (positive or negative infinity).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: bool data, true where `input` is infinite.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.isinf(et.tensor([1.0, float("inf"), float("-inf"), float("nan")])).tolist()
            ///     [False, True, True, False]
            fn isinf(input: Tensor;) = crate::ops::compare::isinf;

            /// Tests if each element of `input` is positive infinity.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: bool data, true where `input` is `+inf`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.isposinf(et.tensor([float("inf"), float("-inf")])).tolist()
            ///     [True, False]
            fn isposinf(input: Tensor;) = crate::ops::compare::isposinf;

            /// Tests if each element of `input` is negative infinity.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: bool data, true where `input` is `-inf`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.isneginf(et.tensor([float("inf"), float("-inf")])).tolist()
            ///     [False, True]
            fn isneginf(input: Tensor;) = crate::ops::compare::isneginf;

            /// Returns a new tensor with boolean elements representing if each element of `input` is
            /// real-valued or not: always, as eagertape has no complex dtype.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: bool data, true everywhere.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.isreal(et.tensor([1.0, float("nan")])).tolist()
            ///     [True, True]
            fn isreal(input: Tensor;) = crate::ops::compare::isreal;

            /// Alias for `ne`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape.
            fn not_equal(input: Tensor, other: TensorOrNumber;)
                = crate::ops::compare::ne, in_place not_equal_;

            /// Alias for `lt`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape.
            fn less(input: Tensor, other: TensorOrNumber;)
                = crate::ops::compare::lt, in_place less_;

            /// Alias for `le`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape.
            fn less_equal(input: Tensor, other: TensorOrNumber;)
                = crate::ops::compare::le, in_place less_equal_;

            /// Alias for `gt`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape.
            fn greater(input: Tensor, other: TensorOrNumber;)
                = crate::ops::compare::gt, in_place greater_;

            /// Alias for `ge`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape.
            fn greater_equal(input: Tensor, other: TensorOrNumber;)
                = crate::ops::compare::ge, in_place greater_equal_;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
