//! torch's ordering ops as compositions, declared once (function and `Tensor` method):
//! `sort`, `argsort`, `msort`, `topk`, `kthvalue`, `median`, `nanmedian`, `mode`,
//! `cummax`, `cummin`, `cumprod` (`cumulative.rs`) and `aminmax` (`reductions.rs`). The indices are int64 data chosen by
//! LibTorch's kernels ([`Ranked`](super::sort::Ranked), `topk_indices`: ties come out in
//! torch's order); the values are their `gather`, which carries the gradient exactly as
//! torch's backward of these ops scatters it. The pairs come back as torch's named results
//! (`SortResult`, ...: `src/python/declared/`).

use super::compose::Recorder;
use super::cumulative::Cumprod;
use super::index::Gather;
use super::sort::{Rank, Selection};
use super::view::ShapeView;
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::{Handle, OneOr, OneOrPair};

/// `(values, indices)` of `rank` along `dim`; without `keepdim`, a reduced dim is squeezed
/// from both.
pub fn ranked<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    rank: Rank,
    keepdim: bool,
) -> Result<(Handle, Handle)> {
    let idx = r.record(Op::ranked(dim, rank), &[x])?;
    let values = r.record(Op::movement(Gather(dim)), &[x, idx])?;
    let reduces = matches!(rank, Rank::Select(sel) if sel.reduces());
    if !reduces || keepdim || r.shape(x)?.is_empty() {
        return Ok((values, idx));
    }
    let squeeze = || Op::shape_view(ShapeView::Squeeze(Some(Box::new([dim]))));
    let values = r.record(squeeze(), &[values])?;
    let idx = r.record(squeeze(), &[idx])?;
    Ok((values, idx))
}

/// The value `sel` picks among all of `x`'s elements (`median()`, `nanmedian()`): `x`
/// flattened, then [`ranked`] along its one dim, its cotangent split evenly between the
/// ties ([`crate::ops::reduce::Distribute`]).
pub fn ranked_all<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    sel: Selection,
) -> Result<Handle> {
    let flat = r.record(Op::reshape(&[-1]), &[x])?;
    let picked = ranked(r, flat, 0, Rank::Select(sel), false)?.0;
    // The value's cotangent goes to every element equal to it (torch's
    // evenly_distribute_backward), not to the one the index picked.
    r.record(Op::distribute(), &[x, picked])
}

/// torch's `sort(input, dim=-1, descending=False, stable=False)`.
pub fn sort<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    dim: i64,
    descending: bool,
    stable: bool,
) -> Result<(Handle, Handle)> {
    ranked(r, input, dim, Rank::Sort { descending, stable }, true)
}

/// torch's `argsort(input, dim=-1, descending=False, stable=False)`: the indices alone.
pub fn argsort<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    dim: i64,
    descending: bool,
    stable: bool,
) -> Result<Handle> {
    r.record(Op::ranked(dim, Rank::Sort { descending, stable }), &[input])
}

/// torch's `msort(input)`: `sort(input, dim=0).values`.
pub fn msort<B: Backend>(r: &mut dyn Recorder<B>, input: Handle) -> Result<Handle> {
    Ok(sort(r, input, 0, false, false)?.0)
}

/// torch's `topk(input, k, dim=-1, largest=True, sorted=True)`.
pub fn topk<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    k: i64,
    dim: i64,
    largest: bool,
    sorted: bool,
) -> Result<(Handle, Handle)> {
    if k < 0 {
        return Err(Error::Argument(format!(
            "topk: k ({k}) must be between 0 and the size of dimension {dim}"
        )));
    }
    let idx = r.record(Op::topk_indices(k, dim, largest, sorted), &[input])?;
    let values = r.record(Op::movement(Gather(dim)), &[input, idx])?;
    Ok((values, idx))
}

/// torch's `kthvalue(input, k, dim=-1, keepdim=False)`.
pub fn kthvalue<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    k: i64,
    dim: i64,
    keepdim: bool,
) -> Result<(Handle, Handle)> {
    ranked(r, input, dim, Rank::Select(Selection::Kth(k)), keepdim)
}

fn median_of<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    dim: Option<i64>,
    keepdim: bool,
    ignore_nan: bool,
) -> Result<OneOrPair> {
    let sel = Selection::Median { ignore_nan };
    Ok(match dim {
        None => OneOr::One(ranked_all(r, input, sel)?),
        Some(d) => {
            let (v, i) = ranked(r, input, d, Rank::Select(sel), keepdim)?;
            OneOr::Other((v, i))
        }
    })
}

/// torch's `median(input, dim=None, keepdim=False)`.
pub fn median<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    dim: Option<i64>,
    keepdim: bool,
) -> Result<OneOrPair> {
    median_of(r, input, dim, keepdim, false)
}

/// torch's `nanmedian(input, dim=None, keepdim=False)`.
pub fn nanmedian<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    dim: Option<i64>,
    keepdim: bool,
) -> Result<OneOrPair> {
    median_of(r, input, dim, keepdim, true)
}

/// torch's `mode(input, dim=-1, keepdim=False)`.
pub fn mode<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    dim: i64,
    keepdim: bool,
) -> Result<(Handle, Handle)> {
    ranked(r, input, dim, Rank::Select(Selection::Mode), keepdim)
}

/// torch's `cummax(input, dim)`.
pub fn cummax<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    dim: i64,
) -> Result<(Handle, Handle)> {
    ranked(
        r,
        input,
        dim,
        Rank::Select(Selection::Running { max: true }),
        true,
    )
}

/// torch's `cummin(input, dim)`.
pub fn cummin<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    dim: i64,
) -> Result<(Handle, Handle)> {
    ranked(
        r,
        input,
        dim,
        Rank::Select(Selection::Running { max: false }),
        true,
    )
}

/// torch's `cumprod(input, dim, *, dtype=None)` (`dtype` only `None`).
pub fn cumprod<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    dim: i64,
    dtype: (),
) -> Result<Handle> {
    let () = dtype;
    r.record(Op::layer(Cumprod(dim)), &[input])
}

/// torch's `aminmax(input, *, dim=None, keepdim=False)`: `(amin, amax)`, each
/// differentiable (ties share the gradient evenly).
pub fn aminmax<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    dim: Option<i64>,
    keepdim: bool,
) -> Result<(Handle, Handle)> {
    let dims: Vec<i64> = dim.into_iter().collect();
    let min = super::reductions::amin(r, input, dims.clone(), keepdim)?;
    let max = super::reductions::amax(r, input, dims, keepdim)?;
    Ok((min, max))
}

/// The family's torch declarations (see `src/python/declared/`).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Sorts the elements of the `input` tensor along a given dimension in ascending
            /// order by value.
            ///
            /// The indices are int64 data from LibTorch's sort (ties in torch's order, kept
            /// in input order with `stable`); the values are the `gather` of `input` at them,
            /// which carries the gradient. Floating-point input and a LibTorch carrier only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension to sort along. Default: ``-1``.
            ///     descending (bool): sort in descending order. Default: ``False``.
            ///     stable (bool): keep the order of equal elements. Default: ``False``.
            ///
            /// Returns:
            ///     SortResult: the named tuple `(values, indices)`.
            ///
            /// Raises:
            ///     DTypeError: if `input` holds integer or bool data.
            ///     UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     values, indices = et.sort(et.tensor([3.0, 1.0, 2.0]))
            ///     ...     values.tolist(), indices.tolist()
            ///     ([1.0, 2.0, 3.0], [1, 2, 0])
            fn sort(input: Tensor; dim: i64 = (-1), descending: bool = False,
                stable: bool = False) -> SortResult = crate::ops::order::sort;

            /// Returns the indices that sort a tensor along a given dimension in ascending
            /// order by value.
            ///
            /// `eagertape.sort(...).indices`: int64 data, no gradient. Floating-point input
            /// and a LibTorch carrier only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension to sort along. Default: ``-1``.
            ///     descending (bool): sort in descending order. Default: ``False``.
            ///     stable (bool): keep the order of equal elements. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: int64 indices.
            ///
            /// Raises:
            ///     DTypeError: if `input` holds integer or bool data.
            ///     UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.argsort(et.tensor([3.0, 1.0, 2.0]), descending=True).tolist()
            ///     [0, 2, 1]
            fn argsort(input: Tensor; dim: i64 = (-1), descending: bool = False,
                stable: bool = False) = crate::ops::order::argsort;

            /// Sorts the elements of `input` along its first dimension in ascending order by
            /// value.
            ///
            /// `eagertape.sort(input, dim=0).values`. Floating-point input and a LibTorch
            /// carrier only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: the sorted values.
            ///
            /// Raises:
            ///     DTypeError: if `input` holds integer or bool data.
            ///     UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.msort(et.tensor([[3.0, 1.0], [2.0, 4.0]])).tolist()
            ///     [[2.0, 1.0], [3.0, 4.0]]
            fn msort(input: Tensor;) = crate::ops::order::msort;

            /// Returns the `k` largest elements of the given `input` tensor along a given
            /// dimension.
            ///
            /// A named tuple `(values, indices)` is returned, the indices (int64 data) being
            /// those of the elements in `input`. Backward passes the gradient of `values` to
            /// the selected elements of `input`.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     k (int): the k in "top-k".
            ///     dim (int): the dimension to sort along. Default: ``-1`` (the last).
            ///     largest (bool): whether to return the largest or the smallest elements.
            ///         Default: ``True``.
            ///     sorted (bool): whether to return the elements in sorted order. Default:
            ///         ``True``.
            ///
            /// Returns:
            ///     TopkResult: the named tuple `(values, indices)`.
            ///
            /// Raises:
            ///     ArgumentError: `k` is negative or larger than the dimension.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     values, indices = et.topk(et.tensor([1.0, 5.0, 3.0, 4.0]), 2)
            ///     ...     values.tolist(), indices.tolist()
            ///     ([5.0, 4.0], [1, 3])
            fn topk(input: Tensor, k: i64; dim: i64 = (-1), largest: bool = True,
                sorted: bool = True) -> TopkResult = crate::ops::order::topk;

            /// Returns the `k`-th smallest element of each row of `input` along `dim`, and
            /// its index.
            ///
            /// `k` counts from 1. The indices are int64 data; the values carry the gradient
            /// to the indexed elements. Floating-point input and a LibTorch carrier only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     k (int): `k` for the `k`-th smallest element.
            ///     dim (int): the dimension to find the `k`-th value along. Default: ``-1``.
            ///     keepdim (bool): whether the outputs keep `dim` with size 1. Default:
            ///         ``False``.
            ///
            /// Returns:
            ///     KthvalueResult: the named tuple `(values, indices)`.
            ///
            /// Raises:
            ///     ArgumentError: if `k` is out of range for the dimension.
            ///     DTypeError: if `input` holds integer or bool data.
            ///     UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     r = et.kthvalue(et.tensor([3.0, 1.0, 2.0]), 2)
            ///     ...     r.values.item(), r.indices.item()
            ///     (2.0, 2)
            fn kthvalue(input: Tensor, k: i64; dim: i64 = (-1), keepdim: bool = False)
                -> KthvalueResult = crate::ops::order::kthvalue;

            /// Returns the median of the values in `input`, or of each row along `dim`.
            ///
            /// For an even number of elements, the lower of the two middle values (no
            /// averaging); a NaN makes the median NaN. Without `dim` a 0-d tensor (its
            /// gradient split evenly between the elements equal to it); with `dim` the named
            /// tuple `(values, indices)`, the indices int64 data. Floating-point input and a
            /// LibTorch carrier only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int, optional): the dimension to reduce. Default: ``None`` (all
            ///         elements).
            ///     keepdim (bool): whether the outputs keep `dim` with size 1. Default:
            ///         ``False``.
            ///
            /// Returns:
            ///     Tensor or MedianResult: the median; `(values, indices)` with `dim`.
            ///
            /// Raises:
            ///     DTypeError: if `input` holds integer or bool data.
            ///     UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[4.0, 1.0, 3.0, 2.0]])
            ///     ...     et.median(x).item(), et.median(x, 1).indices.tolist()
            ///     (2.0, [3])
            fn median(input: Tensor; dim: Option<i64> = None, keepdim: bool = False)
                -> OneOr<MedianResult> = crate::ops::order::median;

            /// Returns the median of the values in `input`, ignoring NaN values.
            ///
            /// As `eagertape.median` (the lower median; without `dim` a 0-d tensor, with
            /// `dim` the named tuple `(values, indices)`), over the non-NaN elements; a slice
            /// of only NaNs gives NaN. Floating-point input and a LibTorch carrier only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int, optional): the dimension to reduce. Default: ``None`` (all
            ///         elements).
            ///     keepdim (bool): whether the outputs keep `dim` with size 1. Default:
            ///         ``False``.
            ///
            /// Returns:
            ///     Tensor or MedianResult: the median; `(values, indices)` with `dim`.
            ///
            /// Raises:
            ///     DTypeError: if `input` holds integer or bool data.
            ///     UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.nanmedian(et.tensor([float("nan"), 3.0, 1.0, 2.0])).item()
            ///     2.0
            fn nanmedian(input: Tensor; dim: Option<i64> = None, keepdim: bool = False)
                -> OneOr<MedianResult> = crate::ops::order::nanmedian;

            /// Returns the mode value of each row of `input` in the given dimension `dim`,
            /// and its index.
            ///
            /// The mode is the most frequent value (the smallest of equally frequent ones);
            /// `indices` (int64 data) holds an index of it. The values carry the gradient to
            /// the indexed elements. Floating-point input and a LibTorch carrier only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension to reduce. Default: ``-1``.
            ///     keepdim (bool): whether the outputs keep `dim` with size 1. Default:
            ///         ``False``.
            ///
            /// Returns:
            ///     ModeResult: the named tuple `(values, indices)`.
            ///
            /// Raises:
            ///     DTypeError: if `input` holds integer or bool data.
            ///     UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.mode(et.tensor([[1.0, 2.0, 2.0, 3.0]])).values.tolist()
            ///     [2.0]
            fn mode(input: Tensor; dim: i64 = (-1), keepdim: bool = False) -> ModeResult
                = crate::ops::order::mode;

            /// Returns the cumulative maximum of elements of `input` in dimension `dim`, and
            /// its indices.
            ///
            /// `values[i]` is the maximum of `input[:i + 1]` along `dim` and `indices[i]`
            /// (int64 data) where it was found; the values carry the gradient to those
            /// elements. Floating-point input and a LibTorch carrier only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension to do the operation over.
            ///
            /// Returns:
            ///     CummaxResult: the named tuple `(values, indices)`, each of `input`'s shape.
            ///
            /// Raises:
            ///     DTypeError: if `input` holds integer or bool data.
            ///     UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     r = et.cummax(et.tensor([1.0, 3.0, 2.0, 5.0]), 0)
            ///     ...     r.values.tolist(), r.indices.tolist()
            ///     ([1.0, 3.0, 3.0, 5.0], [0, 1, 1, 3])
            fn cummax(input: Tensor, dim: i64;) -> CummaxResult = crate::ops::order::cummax;

            /// Returns the cumulative minimum of elements of `input` in dimension `dim`, and
            /// its indices.
            ///
            /// `values[i]` is the minimum of `input[:i + 1]` along `dim` and `indices[i]`
            /// (int64 data) where it was found; the values carry the gradient to those
            /// elements. Floating-point input and a LibTorch carrier only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension to do the operation over.
            ///
            /// Returns:
            ///     CumminResult: the named tuple `(values, indices)`, each of `input`'s shape.
            ///
            /// Raises:
            ///     DTypeError: if `input` holds integer or bool data.
            ///     UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     r = et.cummin(et.tensor([3.0, 1.0, 2.0, 0.0]), 0)
            ///     ...     r.values.tolist(), r.indices.tolist()
            ///     ([3.0, 1.0, 1.0, 0.0], [0, 1, 1, 3])
            fn cummin(input: Tensor, dim: i64;) -> CumminResult = crate::ops::order::cummin;

            /// Returns the cumulative product of elements of `input` in the dimension `dim`.
            ///
            /// LibTorch's derivative, exact where `input` has zeros. Floating-point input and
            /// a LibTorch carrier only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension to do the operation over.
            ///     dtype (optional): accepted for torch compatibility and must stay ``None``
            ///         (the session computes in its own dtype). Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: a tensor of `input`'s shape.
            ///
            /// Raises:
            ///     ArgumentError: if `dtype` is given.
            ///     DTypeError: if `input` holds integer or bool data.
            ///     UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.cumprod(et.tensor([1.0, 2.0, 3.0]), 0).tolist()
            ///     [1.0, 2.0, 6.0]
            fn cumprod(input: Tensor, dim: i64; ; dtype: NoDtype = None)
                = crate::ops::order::cumprod, in_place cumprod_;

            /// Computes the minimum and maximum values of the `input` tensor.
            ///
            /// The pair `eagertape.amin(input, dim, keepdim)`, `eagertape.amax(input, dim,
            /// keepdim)`: unlike torch's `aminmax`, both results are differentiable (ties
            /// share the gradient evenly).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int, optional): the dimension to reduce. Default: ``None`` (all
            ///         elements).
            ///     keepdim (bool): whether the outputs keep `dim` with size 1. Default:
            ///         ``False``.
            ///
            /// Returns:
            ///     AminmaxResult: the named tuple `(min, max)`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     r = et.aminmax(et.tensor([[1.0, 5.0], [7.0, 2.0]]), dim=1)
            ///     ...     r.min.tolist(), r.max.tolist()
            ///     ([1.0, 2.0], [5.0, 7.0])
            fn aminmax(input: Tensor; ; dim: Option<i64> = None, keepdim: bool = False)
                -> AminmaxResult = crate::ops::order::aminmax;

            /// Returns the unique elements of the input tensor.
            ///
            /// The length of the result depends on the data. With `return_inverse` or `return_counts`
            /// a tuple is returned: the unique values, then the inverse indices, then the counts (each
            /// only when asked for). The results carry no gradient.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     sorted (bool): whether to sort the unique elements in ascending order.
            ///         Default: ``True``.
            ///     return_inverse (bool): whether to also return, for each element of `input`, the index
            ///         of its value in the result. Default: ``False``.
            ///     return_counts (bool): whether to also return the number of occurrences of each unique
            ///         value. Default: ``False``.
            ///     dim (int, optional): the dimension whose slices are compared (unique rows, for
            ///         ``dim=0``). Default: ``None`` (the flattened input).
            ///
            /// Returns:
            ///     Tensor or tuple of Tensors: the unique values, and the inverse indices and counts
            ///     where asked for.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     values, inverse, counts = et.unique(
            ///     ...         et.tensor([3, 1, 3, 2]), return_inverse=True, return_counts=True
            ///     ...     )
            ///     ...     values.tolist(), inverse.tolist(), counts.tolist()
            ///     ([1, 2, 3], [2, 0, 2, 1], [1, 1, 2])
            fn unique(input: Tensor; sorted: bool = True, return_inverse: bool = False,
                return_counts: bool = False, dim: Option<i64> = None) -> OneOr<Tensors>
                = @session Session::unique;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
