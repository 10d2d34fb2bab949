//! torch's rearrangements composed from the movement and view units (each operand's
//! gradient is theirs): `adjoint` (`mH`), `diag_embed`, `diagflat`, `tile` and `take`.
//! Shapes are checked as torch checks them before anything is recorded; the session's entry
//! points run them all or nothing.

use super::arrange::{repeat, Diag};
use super::binary::BinaryOp;
use super::compose::{self, Recorder, TensorOrNumber};
use super::join::Where;
use super::reshaping::movedim;
use super::selections::index_select;
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::kernel::Predicate;
use crate::shape::normalize_dim;

/// `adjoint(input)`: the conjugate transpose of the last two dims, which for real tensors
/// is `mT`.
pub fn adjoint<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    let ndim = r.shape(x)?.len();
    if ndim < 2 {
        return Err(Error::Shape(format!(
            "adjoint: the tensor has {ndim} dimension(s); it needs at least 2"
        )));
    }
    r.record(Op::transpose(-2, -1), &[x])
}

/// `diagflat(input, offset=0)`: `input` flattened, on the `offset` diagonal of a square
/// matrix.
pub fn diagflat<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, offset: i64) -> Result<Handle> {
    let flat = compose::reshape(r, x, &[-1])?;
    r.record(Op::movement(Diag(offset)), &[flat])
}

/// `diag_embed(input, offset=0, dim1=-2, dim2=-1)`: each vector along `input`'s last dim on
/// the `offset` diagonal of the matrices along the new dims `dim1` and `dim2` (the vector
/// times an identity, padded to the offset, the two dims then moved into place).
pub fn diag_embed<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    offset: i64,
    dim1: i64,
    dim2: i64,
) -> Result<Handle> {
    let shape = r.shape(x)?;
    let Some(&n) = shape.last() else {
        return Err(Error::Shape(
            "diag_embed: the input needs at least 1 dimension".into(),
        ));
    };
    let rank = shape.len() as i64 + 1;
    let (d1, d2) = (
        normalize_dim("diag_embed", dim1, rank as usize)?,
        normalize_dim("diag_embed", dim2, rank as usize)?,
    );
    if d1 == d2 {
        return Err(Error::Argument(format!(
            "diag_embed: diagonal dimensions cannot be identical {dim1}, {dim2}"
        )));
    }
    let n_us = usize::try_from(n).unwrap_or(0);
    let mut eye = vec![0.0; n_us * n_us]; // bounded: one n×n block of the result's
    for i in 0..n_us {
        eye[i * n_us + i] = 1.0;
    }
    let eye = r.constant(x, &eye, &[n, n], None)?;
    let col = compose::unsqueeze(r, x, -1)?;
    let m = compose::binary(r, BinaryOp::Mul, col, eye)?;
    // offset k > 0: the diagonal k columns right (columns padded on the left, rows below)
    let k = offset.abs();
    let pads = if offset >= 0 {
        [k, 0, 0, k]
    } else {
        [0, k, k, 0]
    };
    let m = compose::pad(r, m, &pads, 0.0)?;
    // the matrix dims (the last two) go to dim1 (rows) and dim2 (columns)
    movedim(r, m, vec![rank - 2, rank - 1], vec![d1 as i64, d2 as i64])
}

/// `tile(input, dims)`: `repeat` with `dims` padded with leading ones to `input`'s rank (or
/// `input` given leading dims of size 1 where `dims` is longer).
pub fn tile<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, dims: Vec<i64>) -> Result<Handle> {
    let ndim = r.shape(x)?.len();
    let mut reps = vec![1; ndim.saturating_sub(dims.len())]; // bounded: one per dim
    reps.extend(dims);
    repeat(r, x, reps)
}

/// `take(input, index)`: the elements of `input` read as a 1-D tensor at `index` (integer
/// data; negative indices count from the end), in `index`'s shape.
pub fn take<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, index: Handle) -> Result<Handle> {
    if !r.dtype(index)?.is_data() || r.dtype(index)? == crate::config::DType::Bool {
        return Err(Error::DType(format!(
            "take(): index must be an integer tensor, got {}",
            r.dtype(index)?
        )));
    }
    let n: i64 = r.shape(x)?.iter().product();
    let ishape = r.shape(index)?;
    let flat = compose::reshape(r, x, &[-1])?;
    let idx = compose::reshape(r, index, &[-1])?;
    // negative indices wrap once, as torch's
    let negative = r.record(Op::compare_number(Predicate::Lt, 0.0), &[idx])?;
    let size = r.constant(idx, &[n as f64], &[], None)?;
    let wrapped = r.binary(
        BinaryOp::Add,
        TensorOrNumber::Tensor(idx),
        TensorOrNumber::Tensor(size),
    )?;
    let idx = r.record(Op::movement(Where), &[negative, wrapped, idx])?;
    let picked = index_select(r, flat, 0, idx)?;
    compose::reshape(r, picked, &ishape)
}

/// The function and method forms of this file's rearrangements, for the binding's
/// generator `$gen` (`src/python/declared/args.rs` says what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Returns a view of the tensor conjugated and with the last two dimensions transposed.
            ///
            /// For real tensors (eagertape has no complex ones) this is `x.mT`.
            ///
            /// Args:
            ///     input (Tensor): a tensor of at least 2 dims.
            ///
            /// Returns:
            ///     Tensor: `input` with its last two dims swapped.
            ///
            /// Raises:
            ///     ShapeError: `input` has fewer than 2 dims.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.adjoint(et.tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
            ///     [[1.0, 3.0], [2.0, 4.0]]
            fn adjoint(input: Tensor;)
                = crate::ops::rearrange::adjoint;

            /// Creates a two-dimensional tensor with the flattened input as a diagonal.
            ///
            /// Args:
            ///     input (Tensor): the input tensor (flattened first).
            ///     offset (int): the diagonal to fill: 0 the main one, positive above it, negative
            ///         below. Default: ``0``.
            ///
            /// Returns:
            ///     Tensor: a square matrix.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.diagflat(et.tensor([[1.0], [2.0]]), 1).tolist()
            ///     [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 0.0]]
            fn diagflat(input: Tensor; offset: i64 = 0)
                = crate::ops::rearrange::diagflat;

            /// Creates a tensor whose diagonals of certain 2D planes (specified by `dim1` and
            /// `dim2`) are filled by `input`.
            ///
            /// Each vector along `input`'s last dim goes on the `offset` diagonal of a matrix along
            /// the new dims `dim1` (rows) and `dim2` (columns) of the result.
            ///
            /// Args:
            ///     input (Tensor): the input tensor, at least 1-D.
            ///     offset (int): which diagonal. Default: ``0``.
            ///     dim1 (int): the result's dim of the rows. Default: ``-2``.
            ///     dim2 (int): the result's dim of the columns. Default: ``-1``.
            ///
            /// Returns:
            ///     Tensor: of one more dim than `input`.
            ///
            /// Raises:
            ///     ArgumentError: `dim1` and `dim2` name the same dim.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.diag_embed(et.tensor([1.0, 2.0])).tolist()
            ///     [[1.0, 0.0], [0.0, 2.0]]
            fn diag_embed(input: Tensor; offset: i64 = 0, dim1: i64 = (-2), dim2: i64 = (-1))
                = crate::ops::rearrange::diag_embed;

            /// Returns a new tensor with the elements of `input` at the given indices.
            ///
            /// `input` is read as if it were 1-D; the result has `index`'s shape. Negative indices
            /// count from the end.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     index (Tensor): the indices (an integer tensor).
            ///
            /// Returns:
            ///     Tensor: of `index`'s shape.
            ///
            /// Raises:
            ///     DTypeError: `index` is not an integer tensor.
            ///     IndexOutOfRangeError: an index is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.take(et.tensor([[4.0, 3.0], [5.0, 6.0]]), et.tensor([0, -1])).tolist()
            ///     [4.0, 6.0]
            fn take(input: Tensor, index: Index;)
                = crate::ops::rearrange::take;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// `tile`, whose `Tensor` method takes its repetitions as `*dims` (`x.tile(2, 2)`), for the
/// binding's generator `$gen` (`py_sized_functions_and_methods`).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! sized_functions {
    ($gen:ident) => {
        $gen! {
            /// Constructs a tensor by repeating the elements of `input`.
            ///
            /// `dims` gives the repetitions per dim; a shorter `dims` is padded with leading ones,
            /// a longer one gives `input` leading dims of size 1 (torch's rules).
            ///
            /// Args:
            ///     input (Tensor): the tensor whose elements to repeat.
            ///     dims (tuple of ints): the number of repetitions per dim.
            ///
            /// Returns:
            ///     Tensor: the tiled tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.tile(et.tensor([1.0, 2.0]), (2,)).tolist()
            ///     [1.0, 2.0, 1.0, 2.0]
            fn tile(input: Tensor, *dims: Shape)
                = crate::ops::rearrange::tile;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use sized_functions;

#[cfg(test)]
mod tests {
    use crate::ops::testing::{check_grads, data};

    #[test]
    fn rearrangements_gradients_as_libtorchs() {
        // oracle: LibTorch's diag_embed, diagflat, tile and adjoint, by its autograd
        for (offset, d1, d2) in [(0, -2, -1), (1, 0, 2), (-2, 2, 0)] {
            check_grads(
                &[data(&[2, 3], 60)],
                |s, h| super::diag_embed(s, h[0], offset, d1, d2),
                |t| t[0].diag_embed(offset, d1, d2),
            );
        }
        check_grads(
            &[data(&[2, 2], 61)],
            |s, h| super::diagflat(s, h[0], -1),
            |t| t[0].diagflat(-1),
        );
        check_grads(
            &[data(&[2, 3], 62)],
            |s, h| super::tile(s, h[0], vec![2, 1, 2]),
            |t| t[0].tile([2, 1, 2]),
        );
        check_grads(
            &[data(&[2, 3, 4], 63)],
            |s, h| super::adjoint(s, h[0]),
            |t| t[0].adjoint(),
        );
    }
}
