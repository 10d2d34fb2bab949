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
use crate::error::{Error, Result};
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

/// `tensordot(a, b, dims)`'s `dims`: a count (the last `n` dims of `a` with the first `n` of
/// `b`), or the dims of `a` and of `b` to contract, pairwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Contract {
    Count(i64),
    Dims(Vec<i64>, Vec<i64>),
}

/// `tensordot(a, b, dims=2)`: one matrix product over the contracted dims.
pub fn tensordot<B: Backend>(
    r: &mut dyn Recorder<B>,
    a: Handle,
    b: Handle,
    dims: Contract,
) -> Result<Handle> {
    let (da, db) = match dims {
        Contract::Count(n) if n < 0 => {
            return Err(Error::Argument(format!(
                "tensordot: expects dims >= 0, but got dims={n}"
            )))
        }
        Contract::Count(n) => {
            let nd = r.shape(a)?.len() as i64;
            ((nd - n..nd).collect(), (0..n).collect())
        }
        Contract::Dims(da, db) => (da, db),
    };
    derived(r, Derive::Tensordot { a: da, b: db }, &[a, b])
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

/// `round(input, *, decimals=0)`: halves to even; no gradient.
pub fn round<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, decimals: i64) -> Result<Handle> {
    derived(r, Derive::Round { decimals }, &[x])
}

/// `F.pixel_shuffle(input, upscale_factor)`.
pub fn pixel_shuffle<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    upscale_factor: i64,
) -> Result<Handle> {
    derived(
        r,
        Derive::PixelShuffle {
            r: upscale_factor,
            unshuffle: false,
        },
        &[x],
    )
}

/// `F.pixel_unshuffle(input, downscale_factor)`.
pub fn pixel_unshuffle<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    downscale_factor: i64,
) -> Result<Handle> {
    derived(
        r,
        Derive::PixelShuffle {
            r: downscale_factor,
            unshuffle: true,
        },
        &[x],
    )
}

/// `F.glu(input, dim=-1)`.
pub fn glu<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, dim: i64) -> Result<Handle> {
    derived(r, Derive::Glu { dim }, &[x])
}

/// `F.prelu(input, weight)`.
pub fn prelu<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, weight: Handle) -> Result<Handle> {
    derived(r, Derive::Prelu, &[x, weight])
}

/// `einsum`'s declaration (its operands as `*args`), for the binding's generator `$gen`; the
/// composition is the session's (`session/contract.rs`).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! variadic_functions {
    ($gen:ident) => {
        $gen! {
            /// Sums the product of the elements of the input `operands` along dimensions specified using a
            /// notation based on the Einstein summation convention.
            ///
            /// torch's notation: implicit and explicit output (`->`), `...` for broadcast dims, and a subscript
            /// repeated within one operand (its diagonal). The operands are given as separate arguments or as
            /// one sequence, as torch; each is a tensor of one session (it gets its gradient) or array
            /// data (a constant). A contraction of two operands runs as one matrix product.
            ///
            /// Args:
            ///     equation (str): the subscripts, e.g. ``"ij,jk->ik"``.
            ///     *operands (Tensor): the tensors, or one list or tuple of them.
            ///
            /// Returns:
            ///     Tensor: the contraction.
            ///
            /// Raises:
            ///     ArgumentError: the equation is malformed or names another number of operands.
            ///     ShapeError: a subscript has two different sizes.
            ///     TypeError: no operand is an eagertape tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     a = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ///     ...     et.einsum("ij,jk->ik", a, a).tolist()
            ///     ...     et.einsum("ii", a).item()
            ///     ...     et.einsum("ij->j", [a]).tolist()
            ///     [[7.0, 10.0], [15.0, 22.0]]
            ///     5.0
            ///     [4.0, 6.0]
            fn einsum(equation: Str, *operands: Tensors) = @session Session::einsum;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use variadic_functions;

/// The function and method forms of this file's ops, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Computes the q-th quantiles of each row of the `input` tensor along the dimension `dim`.
            ///
            /// `q` is a number, a list, or a 0-d or 1-d tensor of values in [0, 1]; a 1-d `q` adds a
            /// leading dimension to the result, one entry per quantile. The rank `q * (n - 1)` falls
            /// between two sorted values, combined by `interpolation`. A tensor `q`'s values are read
            /// back from the device (they choose what is recorded); `q` gets its gradient, as in torch.
            /// A row holding a NaN gives NaN. Floating-point input and a LibTorch carrier only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     q (float, list of floats or Tensor): the quantile(s) to compute, in [0, 1].
            ///     dim (int, optional): the dimension to reduce. Default: ``None`` (all elements).
            ///     keepdim (bool): whether the output keeps `dim` with size 1. Default: ``False``.
            ///     interpolation (str): ``"linear"``, ``"lower"``, ``"higher"``, ``"midpoint"`` or
            ///         ``"nearest"``. Default: ``"linear"``.
            ///
            /// Returns:
            ///     Tensor: the quantiles.
            ///
            /// Raises:
            ///     et.ArgumentError: if a `q` value is outside [0, 1], a tensor `q` has more than one
            ///         dimension, or `interpolation` is unknown.
            ///     et.UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([1.0, 2.0, 3.0, 4.0])
            ///     ...     et.quantile(x, 0.5).item(), et.quantile(x, [0.25, 0.5]).tolist()
            ///     (2.5, [1.75, 2.5])
            fn quantile(input: Tensor, q: Levels; dim: Option<i64> = None,
                keepdim: bool = False; interpolation: Str = "linear")
                = @session Session::quantile;

            /// Rounds elements of `input` to the nearest integer, or to `decimals` decimal places.
            ///
            /// Halves round to even, as in torch; a negative `decimals` rounds to the left of the
            /// decimal point. The gradient is zero. Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     decimals (int): the number of decimal places to round to. Default: ``0``.
            ///
            /// Returns:
            ///     Tensor: the rounded tensor.
            ///
            /// Raises:
            ///     et.DTypeError: if `input` holds integer or bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([0.5, 1.5, 2.5, 1234.0])
            ///     ...     et.round(x).tolist(), et.round(x, decimals=-2).tolist()
            ///     ([0.0, 2.0, 2.0, 1234.0], [0.0, 0.0, 0.0, 1200.0])
            fn round(input: Tensor;; decimals: i64 = 0)
                = crate::ops::derived::round, in_place round_;

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
                = crate::ops::derived::logit, in_place logit_;

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

/// The `torch.nn.functional` forms of this file's layers (functions only), for the binding's
/// generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! nn_functions {
    ($gen:ident) => {
        $gen! {
            /// Returns a contraction of `a` and `b` over multiple dimensions.
            ///
            /// An int `dims` contracts the last `dims` dimensions of `a` with the first `dims` of `b`;
            /// a pair of dim lists contracts `a`'s `dims[0]` with `b`'s `dims[1]`, pairwise. The free
            /// dimensions of `a`, then of `b`, remain; computed as one matrix product.
            ///
            /// Args:
            ///     a (Tensor): the left tensor to contract.
            ///     b (Tensor): the right tensor to contract.
            ///     dims (int or pair of lists of ints): the number of dimensions to contract, or the
            ///         dimensions of `a` and of `b` to contract. Default: ``2``.
            ///
            /// Returns:
            ///     Tensor: the contraction.
            ///
            /// Raises:
            ///     et.ArgumentError: if `dims` is a negative int, not an int or a pair, or its lists
            ///         differ in length or repeat a dimension.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     a = et.ones(2, 3, 4)
            ///     ...     b = et.ones(4, 5)
            ///     ...     et.tensordot(a, b, dims=1).shape, et.tensordot(a, a, ([1, 2], [1, 2])).shape
            ///     ((2, 3, 5), (2, 2))
            fn tensordot(a: Tensor, b: Tensor; dims: Contract = 2)
                = crate::ops::derived::tensordot;

            /// Rearranges elements in a tensor of shape ``(*, C * r**2, H, W)`` to a tensor of shape
            /// ``(*, C, H * r, W * r)``, where ``r`` is the ``upscale_factor``.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     upscale_factor (int): the factor to increase spatial resolution by.
            ///
            /// Returns:
            ///     Tensor: the rearranged tensor.
            ///
            /// Raises:
            ///     ShapeError: a channel count not divisible by ``upscale_factor**2``.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     x = et.arange(8.0).reshape(1, 8, 1, 1)
            ///     ...     tuple(F.pixel_shuffle(x, 2).shape)
            ///     (1, 2, 2, 2)
            fn pixel_shuffle(input: Tensor, upscale_factor: i64;)
                = crate::ops::derived::pixel_shuffle;

            /// Reverses the ``pixel_shuffle`` operation by rearranging elements in a tensor of shape
            /// ``(*, C, H * r, W * r)`` to a tensor of shape ``(*, C * r**2, H, W)``, where ``r`` is the
            /// ``downscale_factor``.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     downscale_factor (int): the factor to decrease spatial resolution by.
            ///
            /// Returns:
            ///     Tensor: the rearranged tensor.
            ///
            /// Raises:
            ///     ShapeError: a height or width not divisible by ``downscale_factor``.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     tuple(F.pixel_unshuffle(et.ones(1, 2, 4, 4), 2).shape)
            ///     (1, 8, 2, 2)
            fn pixel_unshuffle(input: Tensor, downscale_factor: i64;)
                = crate::ops::derived::pixel_unshuffle;

            /// The gated linear unit: ``GLU(a, b) = a * sigmoid(b)``.
            ///
            /// ``input`` is split in half along ``dim`` to form ``a`` (the first half) and ``b``.
            ///
            /// Args:
            ///     input (Tensor): the input tensor; its size along ``dim`` must be even.
            ///     dim (int): the dimension on which to split the input. Default: ``-1``.
            ///
            /// Returns:
            ///     Tensor: the input's shape, with ``dim`` halved.
            ///
            /// Raises:
            ///     ShapeError: an odd size along ``dim``.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     F.glu(et.tensor([[1.0, 2.0, 0.0, 0.0]])).tolist()
            ///     [[0.5, 1.0]]
            fn glu(input: Tensor; dim: i64 = (-1))
                = crate::ops::derived::glu;

            /// Applies element-wise the function ``PReLU(x) = max(0, x) + weight * min(0, x)``.
            ///
            /// ``weight`` holds one slope, or one per channel (dim 1 of the input, dim 0 of a 1-D one);
            /// it gets a gradient as any operand does.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     weight (Tensor): the learnable slopes: 1 element or one per channel.
            ///
            /// Returns:
            ///     Tensor: the input's shape.
            ///
            /// Raises:
            ///     ShapeError: a ``weight`` that matches neither 1 nor the channel count.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     F.prelu(et.tensor([-2.0, 2.0]), et.tensor([0.25])).tolist()
            ///     [-0.5, 2.0]
            fn prelu(input: Tensor, weight: Tensor;)
                = crate::ops::derived::prelu;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use nn_functions;
