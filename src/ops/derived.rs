//! The compositions of `derive.rs` and the diagonals of `arrange.rs` as torch declares them,
//! each a function (`et.trace(x)`) and a `Tensor` method (`x.trace()`) of one signature:
//! `diagonal`, `diag`, `trace`, `diff`, `cross`, `kron`, `logit`, `nansum`, `nanmean`,
//! `isclose`. [`functions`] declares them once; the binding generates both forms, their stubs
//! and their docs from it.

use super::arrange::{Diag, Diagonal};
use super::compose::Recorder;
use super::derive::{derive, Derive};
use super::scalar::ScalarOp;
use super::Op;
use crate::backend::Backend;
use crate::error::Result;
use crate::handles::Handle;

/// `d` on `xs`, converted as its torch op's autocast policy says.
fn derived<B: Backend>(r: &mut dyn Recorder<B>, d: Derive, xs: &[Handle]) -> Result<Handle> {
    let xs = r.autocast_entry(d.name(), xs)?;
    derive(r, &d, &xs)
}

/// `diagonal(input, offset=0, dim1=0, dim2=1)`: a view.
pub fn diagonal<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    offset: i64,
    dim1: i64,
    dim2: i64,
) -> Result<Handle> {
    let m = Diagonal::of(r.shape(x)?.len(), offset, dim1, dim2)?;
    r.record(Op::movement(m), &[x])
}

/// `diag(input, diagonal=0)`.
pub fn diag<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, diagonal: i64) -> Result<Handle> {
    r.record(Op::movement(Diag(diagonal)), &[x])
}

/// `trace(input)`.
pub fn trace<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    derived(r, Derive::Trace, &[x])
}

/// `diff(input, n=1, dim=-1, prepend=None, append=None)`.
pub fn diff<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    n: i64,
    dim: i64,
    prepend: Option<Handle>,
    append: Option<Handle>,
) -> Result<Handle> {
    let d = Derive::Diff {
        n,
        dim,
        prepend: prepend.is_some(),
        append: append.is_some(),
    };
    let mut xs = vec![x];
    xs.extend(prepend);
    xs.extend(append);
    derived(r, d, &xs)
}

/// `cross(input, other, dim=None)`.
pub fn cross<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    other: Handle,
    dim: Option<i64>,
) -> Result<Handle> {
    derived(r, Derive::Cross { dim }, &[x, other])
}

/// `kron(input, other)`.
pub fn kron<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, other: Handle) -> Result<Handle> {
    derived(r, Derive::Kron, &[x, other])
}

/// `logit(input, eps=None)`: ATen's logit reads `None` as −1, and any negative `eps` as no
/// clamp.
pub fn logit<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, eps: Option<f64>) -> Result<Handle> {
    r.record(ScalarOp::Logit.op(eps.unwrap_or(-1.0)), &[x])
}

/// `nansum(input, dim=None, keepdim=False)`.
pub fn nansum<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Vec<i64>,
    keepdim: bool,
) -> Result<Handle> {
    derived(r, Derive::NanSum { dims: dim, keepdim }, &[x])
}

/// `nanmean(input, dim=None, keepdim=False)`.
pub fn nanmean<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Vec<i64>,
    keepdim: bool,
) -> Result<Handle> {
    derived(r, Derive::NanMean { dims: dim, keepdim }, &[x])
}

/// `isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)`.
pub fn isclose<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    other: Handle,
    rtol: f64,
    atol: f64,
    equal_nan: bool,
) -> Result<Handle> {
    let d = Derive::IsClose {
        rtol,
        atol,
        equal_nan,
    };
    derived(r, d, &[x, other])
}

/// The function and method forms of this file's ops, for the binding's generator `$gen`
/// (`src/python/declared.rs` says what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Returns the diagonal of `input` with respect to `dim1` and `dim2`, as its last dimension.
            ///
            /// `offset` 0 is the main diagonal, a positive one above it, a negative one below it. Any
            /// dtype; the gradient goes back to the diagonal.
            ///
            /// Args:
            ///     input (Tensor): the input tensor, at least 2-D.
            ///     offset (int): which diagonal to consider. Default: ``0``.
            ///     dim1 (int): the first dimension of the 2-D planes. Default: ``0``.
            ///     dim2 (int): the second dimension of the 2-D planes. Default: ``1``.
            ///
            /// Returns:
            ///     Tensor: the diagonals; `dim1` and `dim2` removed and the diagonal's length appended.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ///     ...     et.diagonal(x).tolist(), et.diagonal(x, 1).tolist()
            ///     ([1.0, 4.0], [2.0])
            fn diagonal(input: Tensor; offset: i64 = 0, dim1: i64 = 0, dim2: i64 = 1)
                = crate::ops::derived::diagonal;

            /// Returns a square matrix with the 1-D `input` on a diagonal, or the diagonal of a 2-D `input`.
            ///
            /// For a vector, a 2-D tensor with `input` on diagonal `diagonal` and zeros elsewhere; for a
            /// matrix, the 1-D tensor of its diagonal `diagonal` (0 the main one, positive above,
            /// negative below).
            ///
            /// Args:
            ///     input (Tensor): the 1-D or 2-D input tensor.
            ///     diagonal (int): which diagonal to consider. Default: ``0``.
            ///
            /// Returns:
            ///     Tensor: the 2-D matrix or the 1-D diagonal.
            ///
            /// Raises:
            ///     et.ShapeError: if `input` is not 1-D or 2-D.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.diag(et.tensor([1.0, 2.0])).tolist()
            ///     [[1.0, 0.0], [0.0, 2.0]]
            fn diag(input: Tensor; diagonal: i64 = 0)
                = crate::ops::derived::diag;

            /// Returns the sum of the elements of the diagonal of the input 2-D matrix.
            ///
            /// Recorded as the diagonal followed by its sum.
            ///
            /// Args:
            ///     input (Tensor): the 2-D input tensor.
            ///
            /// Returns:
            ///     Tensor: a 0-d tensor.
            ///
            /// Raises:
            ///     et.ShapeError: if `input` is not 2-D.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.trace(et.tensor([[1.0, 2.0], [3.0, 4.0]])).item()
            ///     5.0
            fn trace(input: Tensor;)
                = crate::ops::derived::trace;

            /// Computes the n-th forward difference along the given dimension.
            ///
            /// The first-order difference is `out[i] = input[i + 1] - input[i]`; higher orders apply it
            /// `n` times (``n=0`` returns `input` itself). `prepend` and `append` are concatenated to
            /// `input` along `dim` first. Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the tensor to compute the differences on.
            ///     n (int): the number of times to recursively compute the difference. Default: ``1``.
            ///     dim (int): the dimension along which to compute the difference. Default: ``-1``.
            ///     prepend (Tensor or array-like, optional): values to put before `input` along `dim`.
            ///         Default: ``None``.
            ///     append (Tensor or array-like, optional): values to put after `input` along `dim`.
            ///         Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: the differences.
            ///
            /// Raises:
            ///     et.ArgumentError: if `n` is negative.
            ///     et.ShapeError: if `input` is 0-d.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([1.0, 4.0, 9.0, 16.0])
            ///     ...     et.diff(x).tolist(), et.diff(x, n=2).tolist()
            ///     ([3.0, 5.0, 7.0], [2.0, 2.0])
            fn diff(input: Tensor; n: i64 = 1, dim: i64 = (-1), prepend: Option<Tensor> = None,
                append: Option<Tensor> = None)
                = crate::ops::derived::diff;

            /// Returns the cross product of vectors in dimension `dim` of `input` and `other`.
            ///
            /// The operands have the same number of dimensions and broadcast; with `dim` ``None``, the
            /// first dimension of size 3 (torch's `torch.cross` default). Floating-point tensors only.
            ///
            /// Args:
            ///     input (Tensor): the first input tensor.
            ///     other (Tensor or array-like): the second input tensor.
            ///     dim (int, optional): the dimension to take the cross product in, of size 3.
            ///         Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: the cross products.
            ///
            /// Raises:
            ///     et.ShapeError: if the operands' dimension `dim` is not of size 3 (without `dim`: if
            ///         no dimension is).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.cross(et.tensor([1.0, 0.0, 0.0]), et.tensor([0.0, 1.0, 0.0])).tolist()
            ///     [0.0, 0.0, 1.0]
            fn cross(input: Tensor, other: Tensor; dim: Option<i64> = None)
                = crate::ops::derived::cross;

            /// Computes the Kronecker product of `input` and `other`.
            ///
            /// The operand with fewer dimensions is padded with leading 1s; the result's size in each
            /// dimension is the product of the two sizes. Floating-point tensors only.
            ///
            /// Args:
            ///     input (Tensor): the first input tensor.
            ///     other (Tensor or array-like): the second input tensor.
            ///
            /// Returns:
            ///     Tensor: the Kronecker product.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.kron(et.tensor([1.0, 2.0]), et.tensor([1.0, 10.0])).tolist()
            ///     [1.0, 10.0, 2.0, 20.0]
            fn kron(input: Tensor, other: Tensor;)
                = crate::ops::derived::kron;

            /// Returns a new tensor with the logit of the elements of `input`.
            ///
            /// `logit(p) = log(p / (1 - p))`; with `eps`, `input` is first clamped to
            /// `[eps, 1 - eps]` (the gradient is then zero outside that range, as in torch).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     eps (float, optional): the epsilon for input clamp bound. Default: ``None`` (no clamp).
            ///
            /// Returns:
            ///     Tensor: the logits.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.logit(et.tensor([0.5, 0.0]), eps=0.5).tolist()
            ///     [0.0, 0.0]
            fn logit(input: Tensor; eps: Option<f64> = None)
                = crate::ops::derived::logit;

            /// Returns the sum of the elements of `input`, treating Not a Numbers (NaNs) as zero.
            ///
            /// NaN positions get no gradient.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or tuple of ints, optional): the dimension(s) to reduce.
            ///         Default: ``None`` (all dimensions).
            ///     keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: the sums.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.nansum(et.tensor([1.0, float("nan"), 2.0])).item()
            ///     3.0
            fn nansum(input: Tensor; dim: Dims = None, keepdim: bool = False)
                = crate::ops::derived::nansum;

            /// Computes the mean of all non-NaN elements along the specified dimensions.
            ///
            /// A slice holding only NaNs gives NaN. NaN positions get no gradient. Floating-point input
            /// only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or tuple of ints, optional): the dimension(s) to reduce.
            ///         Default: ``None`` (all dimensions).
            ///     keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: the means.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.nanmean(et.tensor([1.0, float("nan"), 2.0])).item()
            ///     1.5
            fn nanmean(input: Tensor; dim: Dims = None, keepdim: bool = False)
                = crate::ops::derived::nanmean;

            /// Returns a bool tensor telling, elementwise, whether `input` is "close" to `other`.
            ///
            /// Close means `|input - other| <= atol + rtol * |other|` (and equal infinities); NaNs are
            /// close to each other only with `equal_nan`. The operands broadcast; bool data, no
            /// gradient.
            ///
            /// Args:
            ///     input (Tensor): the first tensor to compare.
            ///     other (Tensor or array-like): the second tensor to compare.
            ///     rtol (float): the relative tolerance. Default: ``1e-05``.
            ///     atol (float): the absolute tolerance. Default: ``1e-08``.
            ///     equal_nan (bool): whether two NaNs are equal. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.isclose(et.tensor([1.0, 2.0]), et.tensor([1.0, 2.1])).tolist()
            ///     [True, False]
            fn isclose(input: Tensor, other: Tensor;
                rtol: f64 = 1e-05, atol: f64 = 1e-08, equal_nan: bool = False)
                = crate::ops::derived::isclose;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
