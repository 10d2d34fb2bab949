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
            fn eq(input: Tensor, other: TensorOrNumber;) = crate::ops::compare::eq;

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
            fn ne(input: Tensor, other: TensorOrNumber;) = crate::ops::compare::ne;

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
            fn lt(input: Tensor, other: TensorOrNumber;) = crate::ops::compare::lt;

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
            fn le(input: Tensor, other: TensorOrNumber;) = crate::ops::compare::le;

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
            fn gt(input: Tensor, other: TensorOrNumber;) = crate::ops::compare::gt;

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
            fn ge(input: Tensor, other: TensorOrNumber;) = crate::ops::compare::ge;

            /// Alias for `ne`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape.
            fn not_equal(input: Tensor, other: TensorOrNumber;) = crate::ops::compare::ne;

            /// Alias for `lt`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape.
            fn less(input: Tensor, other: TensorOrNumber;) = crate::ops::compare::lt;

            /// Alias for `le`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape.
            fn less_equal(input: Tensor, other: TensorOrNumber;) = crate::ops::compare::le;

            /// Alias for `gt`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape.
            fn greater(input: Tensor, other: TensorOrNumber;) = crate::ops::compare::gt;

            /// Alias for `ge`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compare.
            ///     other (Tensor, float or array_like): the value to compare with.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of the broadcast shape.
            fn greater_equal(input: Tensor, other: TensorOrNumber;) = crate::ops::compare::ge;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
