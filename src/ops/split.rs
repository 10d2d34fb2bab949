//! `split` and `chunk`: the pieces of a dim as slices (views), recorded in one call.

use super::compose::{self, Recorder};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::shape::normalize_dim;

/// How to cut a dim: torch's `split(int)`, `split(list)` and `chunk(n)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Split {
    /// Pieces of this size (the last may be smaller).
    Size(i64),
    /// Pieces of these sizes (summing to the dim's size).
    Sections(Vec<i64>),
    /// This many pieces of equal size (the last may be smaller; fewer where the dim is
    /// short), as torch's `chunk`.
    Chunks(i64),
}

impl Split {
    /// The pieces' lengths for a dim of size `n`, with torch's checks.
    pub fn lengths(&self, n: i64) -> Result<Vec<i64>> {
        let pieces = |size: i64| -> Vec<i64> {
            if n == 0 {
                return vec![0];
            }
            (0..n)
                .step_by(size as usize)
                .map(|s| size.min(n - s))
                .collect()
        };
        match self {
            Split::Size(size) => {
                if *size < 0 || (*size == 0 && n > 0) {
                    return Err(Error::Argument(format!(
                        "split: the split size must be positive (0 only for an empty dim), got {size}"
                    )));
                }
                Ok(pieces((*size).max(1)))
            }
            Split::Sections(sections) => {
                if sections.iter().sum::<i64>() != n || sections.iter().any(|&s| s < 0) {
                    return Err(Error::Shape(format!(
                        "split: the sections {sections:?} must be non-negative and sum to the dimension's size {n}"
                    )));
                }
                Ok(sections.clone())
            }
            Split::Chunks(chunks) => {
                if *chunks <= 0 {
                    return Err(Error::Argument(format!(
                        "chunk: the number of chunks must be positive, got {chunks}"
                    )));
                }
                Ok(pieces(((n + chunks - 1) / chunks).max(1)))
            }
        }
    }
}

/// The pieces of `x` along `dim`, as views. The caller runs it all or nothing
/// (`Session::split`).
pub fn split<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    how: &Split,
) -> Result<Vec<Handle>> {
    let shape = r.shape(x)?;
    let name = if matches!(how, Split::Chunks(_)) {
        "chunk"
    } else {
        "split"
    };
    let d = normalize_dim(name, dim, shape.len())?;
    let n = shape.get(d).copied().unwrap_or(1);
    let mut start = 0;
    let mut out = Vec::new();
    for len in how.lengths(n)? {
        out.push(compose::slice(r, x, dim, start, start + len, 1)?);
        start += len;
    }
    Ok(out)
}

/// `chunk(input, chunks, dim)`: [`split`] into `chunks` pieces.
pub fn chunk<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    chunks: i64,
    dim: i64,
) -> Result<Vec<Handle>> {
    split(r, x, dim, &Split::Chunks(chunks))
}

/// `unsafe_split(input, split_size, dim)`: [`split`] into pieces of `split_size` (torch's
/// `unsafe_` forms skip a view-aliasing check eagertape's values never need).
pub fn split_size<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    split_size: i64,
    dim: i64,
) -> Result<Vec<Handle>> {
    split(r, x, dim, &Split::Size(split_size))
}

/// `split_with_sizes(input, split_sizes, dim)`: [`split`] into pieces of the given sizes (a
/// list: an int is a `TypeError`, as torch's).
pub fn split_with_sizes<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    split_sizes: Split,
    dim: i64,
) -> Result<Vec<Handle>> {
    if let Split::Size(n) = split_sizes {
        return Err(Error::Type(format!(
            "split_with_sizes(): argument 'split_sizes' must be a list of ints, not int ({n})"
        )));
    }
    split(r, x, dim, &split_sizes)
}

/// torch's function `split(input, split_size_or_sections, dim)`: [`split`] by a size or by
/// the pieces' sizes.
pub fn split_by<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    how: Split,
    dim: i64,
) -> Result<Vec<Handle>> {
    split(r, x, dim, &how)
}

/// `chunk`, as torch's function and `Tensor` method, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Attempts to split a tensor into the specified number of chunks.
            ///
            /// As torch's: each chunk has `ceil(size / chunks)` elements along `dim` (the last may be
            /// smaller), so fewer than `chunks` pieces may come back.
            ///
            /// Args:
            ///     input (Tensor): the tensor to split.
            ///     chunks (int): the number of chunks to return.
            ///     dim (int): the dimension along which to split. Default: ``0``.
            ///
            /// Returns:
            ///     tuple of Tensors: the chunks.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([1.0, 2.0, 3.0, 4.0, 5.0])
            ///     ...     [t.tolist() for t in et.chunk(x, 2)]
            ///     [[1.0, 2.0, 3.0], [4.0, 5.0]]
            fn chunk(input: Tensor, chunks: i64; dim: i64 = 0) -> Tensors
                = crate::ops::split::chunk;

            /// Works like `chunk` (torch's form without its view-aliasing check, which eagertape's
            /// values never need).
            ///
            /// Args:
            ///     input (Tensor): the tensor to split.
            ///     chunks (int): the number of chunks to return.
            ///     dim (int): the dimension along which to split. Default: ``0``.
            ///
            /// Returns:
            ///     tuple of Tensors: the chunks.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     [t.tolist() for t in et.unsafe_chunk(et.tensor([1.0, 2.0, 3.0]), 2)]
            ///     [[1.0, 2.0], [3.0]]
            fn chunk_unchecked(input: Tensor, chunks: i64; dim: i64 = 0) -> Tensors
                = crate::ops::split::chunk as "unsafe_chunk";

            /// Works like `split` with an int size (torch's form without its view-aliasing check).
            ///
            /// Args:
            ///     input (Tensor): the tensor to split.
            ///     split_size (int): the size of each chunk (the last may be smaller).
            ///     dim (int): the dimension along which to split. Default: ``0``.
            ///
            /// Returns:
            ///     tuple of Tensors: the chunks.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     [t.tolist() for t in et.unsafe_split(et.tensor([1.0, 2.0, 3.0]), 2)]
            ///     [[1.0, 2.0], [3.0]]
            fn split_unchecked(input: Tensor, split_size: i64; dim: i64 = 0) -> Tensors
                = crate::ops::split::split_size as "unsafe_split";

            /// Splits `input` into pieces of the given sizes along `dim`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to split.
            ///     split_sizes (list of ints): the size of each piece; they add up to the size of
            ///         `dim`.
            ///     dim (int): the dimension along which to split. Default: ``0``.
            ///
            /// Returns:
            ///     tuple of Tensors: the pieces.
            ///
            /// Raises:
            ///     TypeError: `split_sizes` is an int.
            ///     ShapeError: the sizes do not add up to the size of `dim`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     [t.tolist() for t in et.split_with_sizes(et.tensor([1.0, 2.0, 3.0]), [1, 2])]
            ///     [[1.0], [2.0, 3.0]]
            fn split_with_sizes(input: Tensor, split_sizes: SplitSize; dim: i64 = 0) -> Tensors
                = crate::ops::split::split_with_sizes;

            /// Works like `split_with_sizes` (torch's form without its view-aliasing check).
            ///
            /// Args:
            ///     input (Tensor): the tensor to split.
            ///     split_sizes (list of ints): the size of each piece; they add up to the size of
            ///         `dim`.
            ///     dim (int): the dimension along which to split. Default: ``0``.
            ///
            /// Returns:
            ///     tuple of Tensors: the pieces.
            ///
            /// Raises:
            ///     TypeError: `split_sizes` is an int.
            ///     ShapeError: the sizes do not add up to the size of `dim`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     [t.tolist() for t in et.unsafe_split_with_sizes(et.tensor([1.0, 2.0]), [1, 1])]
            ///     [[1.0], [2.0]]
            fn split_with_sizes_unchecked(input: Tensor, split_sizes: SplitSize; dim: i64 = 0) -> Tensors
                = crate::ops::split::split_with_sizes as "unsafe_split_with_sizes";
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// torch's function `split` (its method names its first argument `split_size` and is
/// written in the binding), for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! function_forms {
    ($gen:ident) => {
        $gen! {
            /// Splits the tensor into chunks.
            ///
            /// An int `split_size_or_sections` gives chunks of that size along `dim` (the last may be
            /// smaller); a list gives one chunk per size (they must add up to the dimension's size). The
            /// pieces are recorded in one call.
            ///
            /// Args:
            ///     input (Tensor): the tensor to split.
            ///     split_size_or_sections (int or list of ints): the size of a single chunk, or the
            ///         sizes of each chunk.
            ///     dim (int): the dimension along which to split. Default: ``0``.
            ///
            /// Returns:
            ///     tuple of Tensors: the chunks.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([1.0, 2.0, 3.0, 4.0, 5.0])
            ///     ...     [t.tolist() for t in et.split(x, 2)], [t.tolist() for t in et.split(x, [1, 4])]
            ///     ([[1.0, 2.0], [3.0, 4.0], [5.0]], [[1.0], [2.0, 3.0, 4.0, 5.0]])
            fn split(input: Tensor, split_size_or_sections: SplitSize; dim: i64 = 0) -> Tensors
                = crate::ops::split::split_by;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use function_forms;
