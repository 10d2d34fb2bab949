//! The selections and masks as torch's functions and `Tensor` methods: `masked_fill`,
//! `index_select`, `gather`, `narrow`, `select`, `roll`, `tril`, `triu`, and the bool
//! predicates `isfinite`, `isnan`, `logical_not`, each one recorded movement or predicate
//! unit (`index.rs`, `arrange.rs`, `join.rs`, `compare.rs`); declared once below.

use super::arrange::{Roll, Triangle};
use super::compare::Predicate;
use super::compose::{Recorder, TensorOrNumber};
use super::index::{Gather, IndexSelect, Select, Slice};
use super::join::MaskedFill;
use super::Op;
use crate::backend::Backend;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// `masked_fill(input, mask, value)`: a number, or a 0-d tensor (a floating one is an
/// operand and gets its gradient; integer or bool data is read as its number).
pub fn masked_fill<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    mask: Handle,
    value: TensorOrNumber,
) -> Result<Handle> {
    match value {
        TensorOrNumber::Number(v) => r.record(Op::movement(MaskedFill(v)), &[x, mask]),
        TensorOrNumber::Tensor(v) if !r.dtype(v)?.is_data() => {
            r.record(Op::movement(MaskedFill(0.0)), &[x, mask, v])
        }
        TensorOrNumber::Tensor(v) => {
            let v = r.item(v)?;
            r.record(Op::movement(MaskedFill(v)), &[x, mask])
        }
    }
}

pub fn index_select<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    index: Handle,
) -> Result<Handle> {
    r.record(Op::movement(IndexSelect(dim)), &[x, index])
}

pub fn gather<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    index: Handle,
) -> Result<Handle> {
    r.record(Op::movement(Gather(dim)), &[x, index])
}

/// `narrow(input, dim, start, length)`: `start` an int or a 0-d integer tensor, negative
/// counted from the end.
pub fn narrow<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    start: TensorOrNumber,
    length: i64,
) -> Result<Handle> {
    let start = match start {
        TensorOrNumber::Number(v) if v.fract() == 0.0 => v as i64,
        TensorOrNumber::Number(v) => {
            return Err(Error::Argument(format!(
                "narrow: start must be an int, got {v}"
            )))
        }
        TensorOrNumber::Tensor(t) => {
            let (dtype, shape) = (r.dtype(t)?, r.shape(t)?);
            if !matches!(dtype, DType::Int64 | DType::Int32) || !shape.is_empty() {
                return Err(Error::Argument(format!(
                    "narrow: a tensor start must be a 0-d integer tensor, got {dtype} of \
                     shape {shape:?}"
                )));
            }
            r.item(t)? as i64
        }
    };
    let shape = r.shape(x)?;
    let d = crate::shape::normalize_dim("narrow", dim, shape.len())?;
    let n = shape.get(d).copied().unwrap_or(1);
    let start = if start < 0 { start + n } else { start };
    if start < 0 || length < 0 || start + length > n {
        return Err(Error::IndexOutOfRange(format!(
            "narrow: start {start} and length {length} exceed dimension {dim} of size {n}"
        )));
    }
    let s = Slice {
        name: "narrow",
        dim,
        start: Some(start),
        end: Some(start.saturating_add(length)),
        step: 1,
    };
    r.record(Op::movement(s), &[x])
}

pub fn select<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    index: i64,
) -> Result<Handle> {
    r.record(Op::movement(Select { dim, index }), &[x])
}

/// `roll(input, shifts, dims=None)` (no dims: the flattened tensor).
pub fn roll<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    shifts: Vec<i64>,
    dims: Option<Vec<i64>>,
) -> Result<Handle> {
    let roll = Roll {
        shifts: shifts.into(),
        dims: dims.unwrap_or_default().into(),
    };
    r.record(Op::movement(roll), &[x])
}

pub fn tril<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, diagonal: i64) -> Result<Handle> {
    let upper = false;
    r.record(Op::movement(Triangle { upper, diagonal }), &[x])
}

pub fn triu<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, diagonal: i64) -> Result<Handle> {
    let upper = true;
    r.record(Op::movement(Triangle { upper, diagonal }), &[x])
}

pub fn isfinite<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    r.record(Op::predicate(Predicate::IsFinite), &[x])
}

pub fn isnan<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    r.record(Op::predicate(Predicate::IsNan), &[x])
}

/// torch's `logical_not`: the negated truth of each element (nonzero, NaN included, is
/// true), bool data.
pub fn logical_not<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    let t = super::compare::truth(r, x)?;
    r.record(Op::predicate(Predicate::Not), &[t])
}

/// The function and method forms of this file's selections, for the binding's generator
/// `$gen` (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Returns `input` with `value` written where `mask` is true.
            ///
            /// The out-of-place form of torch's `Tensor.masked_fill_`; `mask` (a bool tensor or bool
            /// array-like data) broadcasts against `input`. A floating 0-d tensor `value` is an operand
            /// and gets the gradient of the positions it fills; `input` gets the rest. Any dtype.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     mask (Tensor or array-like): the bool mask.
            ///     value (float or Tensor): the value to fill in with: a number or a 0-d tensor.
            ///
            /// Returns:
            ///     Tensor: the filled tensor.
            ///
            /// Raises:
            ///     et.DTypeError: if `mask` is floating-point data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([1.0, -2.0, 3.0])
            ///     ...     et.masked_fill(x, x < 0, 0.0).tolist()
            ///     [1.0, 0.0, 3.0]
            fn masked_fill(input: Tensor, mask: Index, value: TensorOrNumber;)
                = crate::ops::selections::masked_fill, in_place masked_fill_;

            /// Returns the entries of `input` at the indices `index` along dimension `dim`.
            ///
            /// The result has `index`'s length in `dim`; repeated indices are allowed (their gradients
            /// add up). Any dtype.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension in which we index.
            ///     index (Tensor or array-like): the 0-d or 1-d integer indices (an int64/int32 tensor,
            ///         a list or a numpy array).
            ///
            /// Returns:
            ///     Tensor: the selected entries.
            ///
            /// Raises:
            ///     et.ShapeError: if `index` has more than one dimension.
            ///     et.DTypeError: if `index` is floating-point data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
            ///     ...     et.index_select(x, 1, [2, 0]).tolist()
            ///     [[3.0, 1.0], [6.0, 4.0]]
            fn index_select(input: Tensor, dim: i64, index: Index;)
                = crate::ops::selections::index_select;

            /// Gathers values along an axis specified by `dim`.
            ///
            /// For a 2-D input, `out[i][j] = input[index[i][j]][j]` with ``dim=0`` and
            /// `out[i][j] = input[i][index[i][j]]` with ``dim=1``. The gradient is scattered back (added
            /// up at repeated indices). Any dtype.
            ///
            /// Args:
            ///     input (Tensor): the source tensor.
            ///     dim (int): the axis along which to index.
            ///     index (Tensor or array-like): the integer indices of the elements to gather (an
            ///         int64/int32 tensor, a list or a numpy array), as many dims as `input`.
            ///
            /// Returns:
            ///     Tensor: a tensor of `index`'s shape.
            ///
            /// Raises:
            ///     et.DTypeError: if `index` is floating-point data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ///     ...     et.gather(x, 1, [[0, 0], [1, 0]]).tolist()
            ///     [[1.0, 1.0], [4.0, 3.0]]
            fn gather(input: Tensor, dim: i64, index: Index;)
                = crate::ops::selections::gather;

            /// Returns a narrowed version of `input`: `length` elements of dimension `dim` from `start`.
            ///
            /// The slice `start:start + length` of dimension `dim`; a negative `start` counts from the
            /// end.
            ///
            /// Args:
            ///     input (Tensor): the tensor to narrow.
            ///     dim (int): the dimension along which to narrow.
            ///     start (int or Tensor): the index of the first element kept: an int or a 0-d integer
            ///         tensor.
            ///     length (int): the number of elements kept.
            ///
            /// Returns:
            ///     Tensor: the narrowed tensor.
            ///
            /// Raises:
            ///     et.IndexOutOfRangeError: if the range exceeds the dimension.
            ///     et.ArgumentError: if `start` is a tensor that is not 0-d integer data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
            ///     ...     et.narrow(x, 1, 1, 2).tolist()
            ///     [[2.0, 3.0], [5.0, 6.0]]
            fn narrow(input: Tensor, dim: i64, start: TensorOrNumber, length: i64;)
                = crate::ops::selections::narrow;

            /// Slices the `input` tensor along the selected dimension at the given index.
            ///
            /// The result has one dimension less (`input[:, index]` for ``dim=1``); a negative `index`
            /// counts from the end.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension to slice.
            ///     index (int): the index to select with.
            ///
            /// Returns:
            ///     Tensor: the selected slice.
            ///
            /// Raises:
            ///     et.IndexOutOfRangeError: if `index` is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ///     ...     et.select(x, 1, -1).tolist()
            ///     [2.0, 4.0]
            fn select(input: Tensor, dim: i64, index: i64;)
                = crate::ops::selections::select;

            /// Roll the tensor `input` along the given dimension(s).
            ///
            /// Elements shifted beyond the last position re-enter at the first. With `dims` ``None``
            /// the tensor is flattened, rolled, and restored to its shape. Any dtype.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     shifts (int or tuple of ints): the number of places by which the elements are
            ///         shifted; a tuple shifts each of `dims` by its own amount.
            ///     dims (int or tuple of ints, optional): the dimension(s) to roll along.
            ///         Default: ``None`` (the flattened tensor).
            ///
            /// Returns:
            ///     Tensor: the rolled tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ///     ...     et.roll(x, 1).tolist(), et.roll(x, 1, 1).tolist()
            ///     ([[4.0, 1.0], [2.0, 3.0]], [[2.0, 1.0], [4.0, 3.0]])
            fn roll(input: Tensor, shifts: Shape; dims: Option<Shape> = None)
                = crate::ops::selections::roll;

            /// Returns the lower triangular part of the matrix (2-D tensor) or batch of matrices `input`.
            ///
            /// The other elements of the result are set to 0. Any dtype.
            ///
            /// Args:
            ///     input (Tensor): the input tensor, at least 2-D.
            ///     diagonal (int): the diagonal to consider: 0 is the main diagonal, a positive value
            ///         keeps that many diagonals above it, a negative one removes as many below it.
            ///         Default: ``0``.
            ///
            /// Returns:
            ///     Tensor: the lower triangle.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.tril(et.ones(3, 3)).tolist()
            ///     [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]]
            fn tril(input: Tensor; diagonal: i64 = 0)
                = crate::ops::selections::tril, in_place tril_;

            /// Returns the upper triangular part of the matrix (2-D tensor) or batch of matrices `input`.
            ///
            /// The other elements of the result are set to 0. Any dtype.
            ///
            /// Args:
            ///     input (Tensor): the input tensor, at least 2-D.
            ///     diagonal (int): the diagonal to consider: 0 is the main diagonal, a positive value
            ///         removes that many diagonals above it, a negative one keeps as many below it.
            ///         Default: ``0``.
            ///
            /// Returns:
            ///     Tensor: the upper triangle.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.triu(et.ones(3, 3), 1).tolist()
            ///     [[0.0, 1.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]
            fn triu(input: Tensor; diagonal: i64 = 0)
                = crate::ops::selections::triu, in_place triu_;

            /// Returns a new tensor with boolean elements representing if each element is finite or not.
            ///
            /// Bool data, with no gradient; integer input is all true.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of `input`'s shape.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.isfinite(et.tensor([1.0, float("inf"), float("nan")])).tolist()
            ///     [True, False, False]
            fn isfinite(input: Tensor;)
                = crate::ops::selections::isfinite;

            /// Returns a new tensor with boolean elements representing if each element is NaN or not.
            ///
            /// Bool data, with no gradient.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of `input`'s shape.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.isnan(et.tensor([1.0, float("nan")])).tolist()
            ///     [False, True]
            fn isnan(input: Tensor;)
                = crate::ops::selections::isnan;

            /// Computes the element-wise logical NOT of the given bool tensor.
            ///
            /// Unlike torch's, the input must be a bool tensor (a mask, e.g. a comparison's result):
            /// numbers are not read as truth values. The same as `~input`.
            ///
            /// Args:
            ///     input (Tensor): the bool input tensor.
            ///
            /// Returns:
            ///     Tensor: a bool tensor of `input`'s shape.
            ///
            /// Raises:
            ///     et.DTypeError: if `input` is not bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([1.0, -2.0])
            ///     ...     et.logical_not(x > 0).tolist()
            ///     [False, True]
            fn logical_not(input: Tensor;)
                = crate::ops::selections::logical_not, in_place logical_not_;

            /// Returns a new 1-D tensor of the elements of `input` where the boolean `mask` is true.
            ///
            /// `mask` (a bool tensor or bool array-like data) broadcasts against `input`; the result's
            /// length depends on the mask, read back from the device. The gradient flows back to the
            /// positions picked.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     mask (Tensor or array-like): the bool mask.
            ///
            /// Returns:
            ///     Tensor: the selected elements, 1-D.
            ///
            /// Raises:
            ///     et.DTypeError: if `mask` is not bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, -2.0], [-3.0, 4.0]])
            ///     ...     et.masked_select(x, x > 0).tolist()
            ///     [1.0, 4.0]
            fn masked_select(input: Tensor, mask: IndexOperand;)
                = @session Session::masked_select;

            /// Returns a tensor containing the indices of all non-zero elements of `input`.
            ///
            /// By default an int64 tensor of shape `(z, input.dim())`, one row per non-zero element in
            /// row-major order; with `as_tuple`, one 1-D int64 tensor per dimension (usable as an
            /// index, `x[nonzero(x, as_tuple=True)]`). The number of rows depends on the values, which
            /// are read back from the device, as torch does.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     as_tuple (bool): return a tuple of 1-D tensors instead of one 2-D tensor.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor or tuple of Tensors: the int64 indices.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[0.0, 1.0], [2.0, 0.0]])
            ///     ...     et.nonzero(x).tolist(), [t.tolist() for t in et.nonzero(x, as_tuple=True)]
            ///     ([[0, 1], [1, 0]], [[0, 1], [1, 0]])
            fn nonzero(input: Tensor; ; as_tuple: bool = False) -> OneOr<Tensors>
                = @session Session::nonzero_as;

            /// Returns a tensor containing the indices of all non-zero elements of `input`.
            ///
            /// The same as `eagertape.nonzero(input)`: an int64 tensor of shape `(z, input.dim())`,
            /// one row per non-zero element; its length depends on the values, read back from the
            /// device.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: the int64 indices.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.argwhere(et.tensor([0.0, 1.0, 2.0])).tolist()
            ///     [[1], [2]]
            fn argwhere(input: Tensor;) = @session Session::nonzero;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
