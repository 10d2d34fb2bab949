//! torch's writes into a copy of a tensor through a view or an index, each an [`Aten`]
//! (LibTorch's kernel forward, its autograd backward: `aten.rs`): `as_strided` and its
//! scatter, `diagonal_scatter`, `select_scatter`, `slice_scatter`, `masked_scatter`,
//! `index_reduce`, `put`, `fill_diagonal_`. The result is a new tensor; the in-place forms
//! (`x.masked_scatter_(...)`) write it back as every in-place method does.

use super::aten::{same_shape, Aten};
use super::compose::Recorder;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// `as_strided(input, size, stride, storage_offset=None)`: the view of `input`'s storage
/// with the given sizes and strides (a copy here), as torch reads it.
pub fn as_strided<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    size: Vec<i64>,
    stride: Vec<i64>,
    storage_offset: Option<i64>,
) -> Result<Handle> {
    if size.len() != stride.len() {
        return Err(Error::Shape(format!(
            "as_strided: mismatch in length of strides and shape ({} and {})",
            stride.len(),
            size.len()
        )));
    }
    let out = size.clone();
    Aten::new(
        "as_strided",
        1,
        move |_| Ok(out.clone()),
        move |t| {
            Ok(t[0]
                .f_as_strided(size.as_slice(), stride.as_slice(), storage_offset)?
                .f_contiguous()?)
        },
    )
    .record(r, &[x])
}

/// `as_strided_scatter(input, src, size, stride, storage_offset=None)`: `input` with `src`
/// written into its `as_strided` view.
pub fn as_strided_scatter<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    src: Handle,
    size: Vec<i64>,
    stride: Vec<i64>,
    storage_offset: Option<i64>,
) -> Result<Handle> {
    Aten::new("as_strided_scatter", 2, same_shape, move |t| {
        Ok(t[0].f_as_strided_scatter(&t[1], size.as_slice(), stride.as_slice(), storage_offset)?)
    })
    .record(r, &[x, src])
}

/// `diagonal_scatter(input, src, offset=0, dim1=0, dim2=1)`: `input` with `src` written on
/// the diagonal `diagonal(offset, dim1, dim2)` reads.
pub fn diagonal_scatter<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    src: Handle,
    offset: i64,
    dim1: i64,
    dim2: i64,
) -> Result<Handle> {
    Aten::new("diagonal_scatter", 2, same_shape, move |t| {
        Ok(t[0].f_diagonal_scatter(&t[1], offset, dim1, dim2)?)
    })
    .record(r, &[x, src])
}

/// `select_scatter(input, src, dim, index)`: `input` with `src` written at `index` of `dim`.
pub fn select_scatter<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    src: Handle,
    dim: i64,
    index: i64,
) -> Result<Handle> {
    Aten::new("select_scatter", 2, same_shape, move |t| {
        Ok(t[0].f_select_scatter(&t[1], dim, index)?)
    })
    .record(r, &[x, src])
}

/// `slice_scatter(input, src, dim=0, start=None, end=None, step=1)`: `input` with `src`
/// written into the slice `start:end:step` of `dim`.
pub fn slice_scatter<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    src: Handle,
    dim: i64,
    start: Option<i64>,
    end: Option<i64>,
    step: i64,
) -> Result<Handle> {
    if step <= 0 {
        return Err(Error::Argument(format!(
            "slice_scatter: slice step must be positive, got {step}"
        )));
    }
    Aten::new("slice_scatter", 2, same_shape, move |t| {
        Ok(t[0].f_slice_scatter(&t[1], dim, start, end, step)?)
    })
    .record(r, &[x, src])
}

/// `masked_scatter(input, mask, source)`: `input` with the elements where `mask` (bool,
/// broadcast to `input`) holds taken from `source` in order.
pub fn masked_scatter<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    mask: Handle,
    source: Handle,
) -> Result<Handle> {
    Aten::new(
        "masked_scatter",
        3,
        |s| crate::shape::broadcast_shapes("masked_scatter", s[0], s[1]),
        |t| Ok(t[0].f_masked_scatter(&t[1], &t[2])?),
    )
    .with_data(&[1])
    .record(r, &[x, mask, source])
}

/// `index_reduce(input, dim, index, source, reduce, *, include_self=True)`: `source`'s
/// slices reduced (`"prod"`, `"mean"`, `"amax"`, `"amin"`) into `input`'s at `index` along
/// `dim`.
pub fn index_reduce<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    index: Handle,
    source: Handle,
    reduce: String,
    include_self: bool,
) -> Result<Handle> {
    if !["prod", "mean", "amax", "amin"].contains(&reduce.as_str()) {
        return Err(Error::Argument(format!(
            "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got {reduce}."
        )));
    }
    Aten::new("index_reduce", 3, same_shape, move |t| {
        Ok(t[0].f_index_reduce(dim, &t[1], &t[2], &reduce, include_self)?)
    })
    .with_data(&[1])
    .record(r, &[x, index, source])
}

/// `put(input, index, source, accumulate=False)`: `input` with `source` written (or added)
/// at the flat indices `index`.
pub fn put<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    index: Handle,
    source: Handle,
    accumulate: bool,
) -> Result<Handle> {
    Aten::new("put", 3, same_shape, move |t| {
        Ok(t[0].f_put(&t[1], &t[2], accumulate)?)
    })
    .with_data(&[1])
    .record(r, &[x, index, source])
}

/// `fill_diagonal_(fill_value, wrap=False)`'s result: `input` (at least 2-D, every dim of
/// one size beyond 2-D) with its main diagonal set to `fill_value`; `wrap`: a tall matrix's
/// diagonal restarts every `n + 1` rows.
pub fn fill_diagonal<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    fill_value: f64,
    wrap: bool,
) -> Result<Handle> {
    Aten::new("fill_diagonal_", 1, same_shape, move |t| {
        // (a fresh tensor autograd tracks, written in place)
        let mut y = t[0].f_mul_scalar(1.0)?;
        Ok(y.f_fill_diagonal_(fill_value, wrap)?)
    })
    .record(r, &[x])
}

/// The function and method forms of the writes, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` says what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Create a view of an existing tensor with specified `size`, `stride` and
            /// `storage_offset` (a copy here: eagertape's tensors are values).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     size (tuple of int): the result's shape.
            ///     stride (tuple of int): the result's strides, in elements of `input`'s storage.
            ///     storage_offset (int, optional): the first element's offset. Default: ``None``
            ///         (`input`'s own).
            ///
            /// Returns:
            ///     Tensor: of shape `size`.
            fn as_strided(input: Tensor, size: Shape, stride: Shape;
                storage_offset: Option<i64> = None) = crate::ops::scatter_views::as_strided,
                in_place as_strided_;

            /// Embeds the values of the `src` tensor into `input` along the elements of the
            /// `as_strided` view of `input`.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     src (Tensor): the values, of shape `size`.
            ///     size (tuple of int): the view's shape.
            ///     stride (tuple of int): the view's strides.
            ///     storage_offset (int, optional): the view's offset. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            fn as_strided_scatter(input: Tensor, src: Tensor, size: Shape, stride: Shape;
                storage_offset: Option<i64> = None)
                = crate::ops::scatter_views::as_strided_scatter;

            /// Embeds the values of the `src` tensor into `input` along the diagonal elements
            /// of `input`, with respect to `dim1` and `dim2`.
            ///
            /// Args:
            ///     input (Tensor): the input tensor, at least 2-D.
            ///     src (Tensor): the diagonal's values.
            ///     offset (int): which diagonal. Default: ``0``.
            ///     dim1 (int): the first dimension. Default: ``0``.
            ///     dim2 (int): the second dimension. Default: ``1``.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            fn diagonal_scatter(input: Tensor, src: Tensor; offset: i64 = 0, dim1: i64 = 0,
                dim2: i64 = 1) = crate::ops::scatter_views::diagonal_scatter;

            /// Embeds the values of the `src` tensor into `input` at the given index.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     src (Tensor): the values, of `input`'s shape without `dim`.
            ///     dim (int): the dimension.
            ///     index (int): the index along `dim`.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            fn select_scatter(input: Tensor, src: Tensor, dim: i64, index: i64;)
                = crate::ops::scatter_views::select_scatter;

            /// Embeds the values of the `src` tensor into `input` at the given dimension's
            /// slice ``start:end:step``.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     src (Tensor): the slice's values.
            ///     dim (int): the dimension. Default: ``0``.
            ///     start (int, optional): the slice's start. Default: ``None``.
            ///     end (int, optional): the slice's end. Default: ``None``.
            ///     step (int): the slice's step. Default: ``1``.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            fn slice_scatter(input: Tensor, src: Tensor; dim: i64 = 0,
                start: Option<i64> = None, end: Option<i64> = None, step: i64 = 1)
                = crate::ops::scatter_views::slice_scatter;

            /// Copies elements from `source` into `input` at positions where the `mask` is
            /// True, in order.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     mask (Tensor): bool, broadcastable to `input`.
            ///     source (Tensor): at least as many elements as `mask` has True.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            fn masked_scatter(input: Tensor, mask: Mask, source: Tensor;)
                = crate::ops::scatter_views::masked_scatter, in_place masked_scatter_;

            /// Reduces the slices of `source` into `input`'s slices at `index` along `dim`,
            /// by `reduce` (``"prod"``, ``"mean"``, ``"amax"`` or ``"amin"``).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension to index.
            ///     index (Tensor): int64 indices into `dim`, one per slice of `source`.
            ///     source (Tensor): the slices to reduce.
            ///     reduce (str): the reduction.
            ///     include_self (bool): reduce `input`'s values too. Default: ``True``.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            fn index_reduce(input: Tensor, dim: i64, index: Index, source: Tensor,
                reduce: Str;; include_self: bool = True)
                = crate::ops::scatter_views::index_reduce, in_place index_reduce_;

            /// Copies the elements from `source` into the positions specified by `index`, as
            /// if `input` were 1-D (or adds them, with `accumulate`).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     index (Tensor): int64 flat indices.
            ///     source (Tensor): the values, as many as `index` holds.
            ///     accumulate (bool): add instead of write. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            fn put(input: Tensor, index: Index, source: Tensor; accumulate: bool = False)
                = crate::ops::scatter_views::put, in_place put_;

            /// `input` with its main diagonal filled with `fill_value` (the result the method
            /// `fill_diagonal_` writes in place).
            ///
            /// Args:
            ///     input (Tensor): at least 2-D, all dims of one size beyond 2-D.
            ///     fill_value (float): the diagonal's value.
            ///     wrap (bool): a tall matrix's diagonal restarts every ``n + 1`` rows.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            fn _fill_diagonal(input: Tensor, fill_value: f64; wrap: bool = False)
                = crate::ops::scatter_views::fill_diagonal, in_place fill_diagonal_;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
