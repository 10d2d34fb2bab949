//! torch's truth reductions: `any`, `all` (bool results) and `count_nonzero` (int64), over
//! `dims` (all of them when empty). Their input is any tensor (an element counts as true
//! where it is nonzero); their results are data with no gradient. LibTorch's kernels run
//! them; a reference float32/float64 tensor is first compared with zero (exact, a bool
//! tensor), and an interval, which has no truth value, is refused.

use super::{fresh, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::Result;
use crate::shape::reduce_shape;

pub use crate::kernel::predicate::Tally;

/// `any`/`all`/`count_nonzero` over `dims`.
#[derive(Clone)]
pub struct Logical {
    pub kind: Tally,
    pub dims: Box<[i64]>,
    pub keepdim: bool,
}

impl<B: Backend> Op<B> {
    pub fn logical(kind: Tally, dims: &[i64], keepdim: bool) -> Self {
        Op::Logical(Logical {
            kind,
            dims: dims.into(),
            keepdim,
        })
    }
}

impl<B: Backend> Rule<B> for Logical {
    fn name(&self) -> &'static str {
        self.kind.name()
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let keep = self.keepdim && self.kind != Tally::CountNonzero;
        reduce_shape(self.kind.name(), shapes[0], &self.dims, keep)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        fresh(B::tally(xs[0].get(), self.kind, &self.dims, self.keepdim)?)
    }
    fn backward(&self, _cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        Ok(vec![None])
    }
}

/// `any(input, dim=None, keepdim=False)`: bool data.
pub fn any<B: crate::backend::Backend>(
    r: &mut dyn super::compose::Recorder<B>,
    x: crate::handles::Handle,
    dim: Vec<i64>,
    keepdim: bool,
) -> Result<crate::handles::Handle> {
    r.record(Op::logical(Tally::Any, &dim, keepdim), &[x])
}

/// `all(input, dim=None, keepdim=False)`: bool data.
pub fn all<B: crate::backend::Backend>(
    r: &mut dyn super::compose::Recorder<B>,
    x: crate::handles::Handle,
    dim: Vec<i64>,
    keepdim: bool,
) -> Result<crate::handles::Handle> {
    r.record(Op::logical(Tally::All, &dim, keepdim), &[x])
}

/// `count_nonzero(input, dim=None)`: int64 data.
pub fn count_nonzero<B: crate::backend::Backend>(
    r: &mut dyn super::compose::Recorder<B>,
    x: crate::handles::Handle,
    dim: Vec<i64>,
) -> Result<crate::handles::Handle> {
    r.record(Op::logical(Tally::CountNonzero, &dim, false), &[x])
}

/// The function and method forms of the truth reductions, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Tests if any element in `input` evaluates to True, over all elements or along `dim`.
            ///
            /// Nonzero numbers count as True. The result is bool data.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or tuple of ints, optional): the dimension(s) to reduce.
            ///         Default: ``None`` (all dimensions).
            ///     keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[0.0, 0.0], [0.0, 3.0]])
            ///     ...     et.any(x).item(), et.any(x, 1).tolist()
            ///     (True, [False, True])
            fn any(input: Tensor; dim: Dims = None, keepdim: bool = False)
                = crate::ops::logical::any;

            /// Tests if all elements in `input` evaluate to True, over all elements or along `dim`.
            ///
            /// Nonzero numbers count as True. The result is bool data.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or tuple of ints, optional): the dimension(s) to reduce.
            ///         Default: ``None`` (all dimensions).
            ///     keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0], [0.0, 3.0]])
            ///     ...     et.all(x).item(), et.all(x, 1).tolist()
            ///     (False, [True, False])
            fn all(input: Tensor; dim: Dims = None, keepdim: bool = False)
                = crate::ops::logical::all;

            /// Counts the number of non-zero values in the tensor `input` along the given `dim`.
            ///
            /// The counts are int64 data.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or tuple of ints, optional): the dimension(s) along which to count.
            ///         Default: ``None`` (all elements).
            ///
            /// Returns:
            ///     Tensor: int64 counts.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[0.0, 1.0], [2.0, 3.0]])
            ///     ...     et.count_nonzero(x).item(), et.count_nonzero(x, 0).tolist()
            ///     (3, [1, 2])
            fn count_nonzero(input: Tensor; dim: Dims = None)
                = crate::ops::logical::count_nonzero;

            /// Checks whether `input` and `other` are close everywhere (see `eagertape.isclose`).
            ///
            /// The answer is a Python bool, read back from the device.
            ///
            /// Args:
            ///     input (Tensor): the first tensor to compare.
            ///     other (Tensor or array-like): the second tensor to compare.
            ///     rtol (float): the relative tolerance. Default: ``1e-05``.
            ///     atol (float): the absolute tolerance. Default: ``1e-08``.
            ///     equal_nan (bool): whether two NaNs are equal. Default: ``False``.
            ///
            /// Returns:
            ///     bool: whether `isclose(input, other, ...)` holds for every element.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([1.0, 2.0])
            ///     ...     et.allclose(x, x + 1e-7), et.allclose(x, x + 1.0)
            ///     (True, False)
            fn allclose(input: Tensor, other: Tensor; rtol: f64 = 1e-05, atol: f64 = 1e-08,
                equal_nan: bool = False) -> bool
                = @session Session::allclose;

            /// ``True`` if two tensors have the same size and elements, ``False`` otherwise.
            ///
            /// A Python bool, read back from the device.
            ///
            /// Args:
            ///     input (Tensor): the first tensor.
            ///     other (Tensor): the second tensor.
            ///
            /// Returns:
            ///     bool: whether the shapes and all elements are equal.
            ///
            /// Raises:
            ///     et.ArgumentError: if `other` is not a tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([1.0, 2.0])
            ///     ...     et.equal(x, et.tensor([1.0, 2.0])), et.equal(x, x[:1])
            ///     (True, False)
            fn equal(input: Tensor, other: Value;) -> bool = @session Session::equal;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
