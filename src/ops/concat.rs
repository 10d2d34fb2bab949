//! `cat` and `stack` as torch declares them: a sequence of tensors (array data among them
//! converted as constants of the session's dtype; the first tensor's session records) joined
//! by one node of `join.rs`. [`functions`] declares their forms once.

use super::compose::Recorder;
use super::join::{Cat, Stack};
use super::Op;
use crate::backend::Backend;
use crate::error::Result;
use crate::handles::Handle;

/// torch's `cat(tensors, dim=0)`.
pub fn cat<B: Backend>(r: &mut dyn Recorder<B>, tensors: Vec<Handle>, dim: i64) -> Result<Handle> {
    let n = tensors.len();
    r.record(Op::movement(Cat { dim, n }), &tensors)
}

/// torch's `stack(tensors, dim=0)`.
pub fn stack<B: Backend>(
    r: &mut dyn Recorder<B>,
    tensors: Vec<Handle>,
    dim: i64,
) -> Result<Handle> {
    let n = tensors.len();
    r.record(Op::movement(Stack { dim, n }), &tensors)
}

/// The family's torch declarations (see `src/python/declared/`).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Concatenates the given sequence of tensors in `tensors` in the given dimension.
            ///
            /// All tensors must have the same shape except in `dim`, and the same dtype (no promotion). The
            /// first eagertape tensor's session records the op; array data and numbers in the sequence become
            /// constants in that session's dtype. Each tensor gets the slice of the gradient that matches it.
            ///
            /// Args:
            ///     tensors (sequence of Tensor): the tensors to join (at least one eagertape tensor).
            ///     dim (int): the dimension along which they are joined. Default: ``0``.
            ///
            /// Returns:
            ///     Tensor: the concatenation.
            ///
            /// Raises:
            ///     TypeError: the sequence holds no eagertape tensor.
            ///     ShapeError: the shapes differ outside `dim`, or `dim` is out of range.
            ///     DTypeError: the tensors have different dtypes.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     a = et.tensor([1.0, 2.0])
            ///     ...     et.cat([a, et.tensor([3.0, 4.0])]).tolist()
            ///     [1.0, 2.0, 3.0, 4.0]
            fn cat(tensors: Tensors; dim: i64 = 0) = crate::ops::concat::cat;

            /// Concatenates a sequence of tensors along a new dimension.
            ///
            /// All tensors must have the same shape and dtype. As `eagertape.cat`, the first eagertape tensor's
            /// session records the op and other entries become constants.
            ///
            /// Args:
            ///     tensors (sequence of Tensor): the tensors to stack (at least one eagertape tensor).
            ///     dim (int): the index of the new dimension, in `[-(ndim + 1), ndim]`. Default: ``0``.
            ///
            /// Returns:
            ///     Tensor: with one more dimension than the inputs.
            ///
            /// Raises:
            ///     TypeError: the sequence holds no eagertape tensor.
            ///     ShapeError: the shapes differ, or `dim` is out of range.
            ///     DTypeError: the tensors have different dtypes.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     a, b = et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0])
            ///     ...     et.stack([a, b], dim=1).tolist()
            ///     [[1.0, 3.0], [2.0, 4.0]]
            fn stack(tensors: Tensors; dim: i64 = 0) = crate::ops::concat::stack;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
