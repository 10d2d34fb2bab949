//! The shape views as torch's functions and `Tensor` methods: `transpose`, `t`, `unsqueeze`
//! (the compositions' own `compose::unsqueeze`), `squeeze`, `flatten`, `unflatten`, each one
//! recorded unit of `layout.rs` or `view.rs`; declared once below. `reshape`, `permute` and
//! `view` are declared apart (`sized_functions!`): their methods take the sizes as `*args`.

use super::compose::Recorder;
use super::view::ShapeView;
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

pub fn transpose<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim0: i64,
    dim1: i64,
) -> Result<Handle> {
    r.record(Op::transpose(dim0, dim1), &[x])
}

/// `t()`: a 2-D tensor transposed; 0-D and 1-D tensors as they are (a view), as torch.
pub fn t<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    let shape = r.shape(x)?;
    match shape.len() {
        2 => r.record(Op::transpose(0, 1), &[x]),
        0 | 1 => r.record(Op::reshape(&shape), &[x]),
        n => Err(Error::Shape(format!(
            "t() expects a tensor with <= 2 dimensions, but self is {n}D"
        ))),
    }
}

/// `x.mT`: the last two dims swapped (a batch of matrices transposed); fewer than two dims
/// is a `ShapeError`, as torch's.
pub fn matrix_transpose<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    let ndim = r.shape(x)?.len();
    if ndim < 2 {
        return Err(Error::Shape(format!(
            "mT: the tensor has {ndim} dimension(s); it needs at least 2"
        )));
    }
    r.record(Op::transpose(-2, -1), &[x])
}

/// `squeeze(dim=None)`: every size-one dim, or those of `dim` (an int or ints) whose size is
/// one (a named dim of another size is kept, as torch).
pub fn squeeze<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Option<Vec<i64>>,
) -> Result<Handle> {
    let dims = dim.map(Vec::into_boxed_slice);
    r.record(Op::shape_view(ShapeView::Squeeze(dims)), &[x])
}

pub fn flatten<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    start_dim: i64,
    end_dim: i64,
) -> Result<Handle> {
    r.record(Op::shape_view(ShapeView::Flatten(start_dim, end_dim)), &[x])
}

pub fn unflatten<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    sizes: Vec<i64>,
) -> Result<Handle> {
    r.record(
        Op::shape_view(ShapeView::Unflatten(dim, sizes.into())),
        &[x],
    )
}

/// `reshape(input, shape)`: a view when `input`'s layout allows, else a copy.
pub fn reshape<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, shape: Vec<i64>) -> Result<Handle> {
    r.record(Op::reshape(&shape), &[x])
}

/// `permute(input, dims)`: the dims reordered (a view).
pub fn permute<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, dims: Vec<i64>) -> Result<Handle> {
    r.record(Op::permute(&dims), &[x])
}

/// `view(input, size)`: a reshape that never copies (torch's stride rule decides).
pub fn view<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, size: Vec<i64>) -> Result<Handle> {
    r.record(Op::shape_view(ShapeView::View(size.into())), &[x])
}

/// The function and method forms of this file's views, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Returns a view of `input` with the shape of `other` (`input.view(other.shape)`).
            ///
            /// Args:
            ///     input (Tensor): the tensor to view.
            ///     other (Tensor or array): whose shape to take (anything with a `shape`).
            ///
            /// Raises:
            ///     ShapeError: `input`'s layout cannot be viewed with that shape without a copy
            ///         (use `reshape_as`).
            fn view_as(input: Tensor, other: ShapeOf;) = crate::ops::views::view;

            /// Returns `input` reshaped to the shape of `other` (`input.reshape(other.shape)`).
            ///
            /// A view where the layout allows, else a copy.
            ///
            /// Args:
            ///     input (Tensor): the tensor to reshape.
            ///     other (Tensor or array): whose shape to take (anything with a `shape`).
            fn reshape_as(input: Tensor, other: ShapeOf;) = crate::ops::views::reshape;

            /// Returns a view of `input` expanded to the shape of `other`
            /// (`input.expand(other.shape)`).
            ///
            /// Args:
            ///     input (Tensor): the tensor to expand.
            ///     other (Tensor or array): whose shape to take (anything with a `shape`).
            fn expand_as(input: Tensor, other: ShapeOf;) = crate::ops::arrange::expand;

            /// Returns a transposed version of `input`, with dimensions `dim0` and `dim1` swapped.
            ///
            /// Works on every dtype; negative dims count from the end.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim0 (int): the first dimension to be transposed.
            ///     dim1 (int): the second dimension to be transposed.
            ///
            /// Returns:
            ///     Tensor: the transposed tensor.
            ///
            /// Raises:
            ///     et.ShapeError: if a dimension is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.transpose(et.zeros(2, 3, 4), 0, 2).shape
            ///     (4, 3, 2)
            fn transpose(input: Tensor, dim0: i64, dim1: i64;)
                = crate::ops::views::transpose, in_place transpose_;

            /// Expects `input` to be <= 2-D tensor and transposes dimensions 0 and 1.
            ///
            /// 0-D and 1-D tensors are returned as they are (a view); a 2-D tensor is
            /// ``transpose(input, 0, 1)``.
            ///
            /// Args:
            ///     input (Tensor): the input tensor, at most 2-D.
            ///
            /// Returns:
            ///     Tensor: the transposed view.
            ///
            /// Raises:
            ///     ShapeError: `input` has more than 2 dimensions.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.t(et.tensor([[1.0, 2.0]])).tolist()
            ///     [[1.0], [2.0]]
            fn t(input: Tensor;)
                = crate::ops::views::t, in_place t_;

            /// Returns a new tensor with a dimension of size one inserted at the specified position.
            ///
            /// A negative `dim` counts from the end of the result (`dim + input.dim() + 1`).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the index at which to insert the singleton dimension.
            ///
            /// Returns:
            ///     Tensor: the tensor with one more dimension.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.zeros(2, 3)
            ///     ...     et.unsqueeze(x, 0).shape, et.unsqueeze(x, -1).shape
            ///     ((1, 2, 3), (2, 3, 1))
            fn unsqueeze(input: Tensor, dim: i64;)
                = crate::ops::compose::unsqueeze, in_place unsqueeze_;

            /// Returns a tensor with all specified dimensions of `input` of size 1 removed.
            ///
            /// Named dimensions whose size is not 1 are left as they are, as in torch.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or tuple of ints, optional): the dimension(s) to squeeze.
            ///         Default: ``None`` (every dimension of size 1).
            ///
            /// Returns:
            ///     Tensor: the squeezed tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.zeros(1, 2, 1)
            ///     ...     et.squeeze(x).shape, et.squeeze(x, 0).shape
            ///     ((2,), (2, 1))
            fn squeeze(input: Tensor; dim: Option<Dims> = None)
                = crate::ops::views::squeeze, in_place squeeze_;

            /// Flattens `input` by reshaping it into a one-dimensional tensor.
            ///
            /// Only the dimensions from `start_dim` to `end_dim` (inclusive) are merged into one.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     start_dim (int): the first dimension to flatten. Default: ``0``.
            ///     end_dim (int): the last dimension to flatten. Default: ``-1``.
            ///
            /// Returns:
            ///     Tensor: the flattened tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.zeros(2, 3, 4)
            ///     ...     et.flatten(x).shape, et.flatten(x, 1).shape
            ///     ((24,), (2, 12))
            fn flatten(input: Tensor; start_dim: i64 = 0, end_dim: i64 = (-1))
                = crate::ops::views::flatten;

            /// Expands a dimension of the input tensor over multiple dimensions.
            ///
            /// The inverse of `eagertape.flatten`; one of `sizes` may be -1.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension to be unflattened.
            ///     sizes (tuple of ints): the new shape of that dimension; their product must equal its
            ///         size.
            ///
            /// Returns:
            ///     Tensor: the unflattened tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.unflatten(et.zeros(2, 6), 1, (2, -1)).shape
            ///     (2, 2, 3)
            fn unflatten(input: Tensor, dim: i64, sizes: Shape;)
                = crate::ops::views::unflatten;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// The views whose `Tensor` methods take their sizes as `*args` (`x.view(2, 3)`) or by
/// keyword, for the binding's generator `$gen` (`py_sized_functions_and_methods`).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! sized_functions {
    ($gen:ident) => {
        $gen! {
            /// Returns a tensor with the same data and number of elements as `input`, with
            /// shape `shape`.
            ///
            /// A view of `input` when its layout is contiguous, else a copy; one dimension may
            /// be -1 (inferred from the others). Works on every dtype; the gradient is reshaped
            /// back. The method takes the shape as separate ints (`x.reshape(2, 3)`), one
            /// sequence (`x.reshape((2, 3))`) or by keyword (`x.reshape(shape=(2, 3))`).
            ///
            /// Args:
            ///     input (Tensor): the tensor to be reshaped.
            ///     shape (int or sequence of ints): the new shape.
            ///
            /// Returns:
            ///     Tensor: the reshaped tensor.
            ///
            /// Raises:
            ///     et.ShapeError: if `shape` does not hold `input`'s number of elements.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.reshape(et.tensor([1.0, 2.0, 3.0, 4.0]), (2, -1)).tolist()
            ///     [[1.0, 2.0], [3.0, 4.0]]
            fn reshape(input: Tensor, *shape: Shape) = crate::ops::views::reshape;

            /// Returns a view of `input` with its dimensions permuted.
            ///
            /// Works on every dtype. The method takes the order as separate ints
            /// (`x.permute(2, 0, 1)`), one sequence or by keyword (`dims=`).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dims (sequence of ints): the desired ordering of dimensions.
            ///
            /// Returns:
            ///     Tensor: the permuted tensor; dimension `i` of the result is `input`'s
            ///     `dims[i]`.
            ///
            /// Raises:
            ///     et.ShapeError: if `dims` is not a permutation of `input`'s dimensions.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.permute(et.zeros(2, 3, 4), (2, 0, 1)).shape
            ///     (4, 2, 3)
            fn permute(input: Tensor, *dims: Shape) = crate::ops::views::permute;

            /// Returns a view of `input` with the same data and the shape `size`; never a copy.
            ///
            /// torch's stride rule decides whether the view exists; where it does not (a
            /// transposed tensor merged across its dims) a `ShapeError` says to use
            /// `reshape`. One dimension may be -1. The method takes the shape as separate
            /// ints (`x.view(2, 3)`), one sequence or by keyword (`size=`).
            ///
            /// Args:
            ///     input (Tensor): the tensor to view.
            ///     size (int or sequence of ints): the new shape.
            ///
            /// Returns:
            ///     Tensor: the view.
            ///
            /// Raises:
            ///     et.ShapeError: the shape does not hold `input`'s elements, or no view of
            ///         `input`'s layout has it.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.arange(6.0).view(2, 3).tolist()
            ///     [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
            fn view(input: Tensor, *size: Shape) = crate::ops::views::view;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use sized_functions;
