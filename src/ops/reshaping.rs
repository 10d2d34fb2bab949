//! torch's shape arrangements composed of the movement and view units: `ravel`,
//! `movedim`/`moveaxis`, `swapaxes`/`swapdims` (transpose's names), `broadcast_to`, `fliplr`,
//! `flipud`, `rot90`, `unbind`, `tensor_split`/`hsplit`/`vsplit`/`dsplit`, and the joins
//! `hstack`, `vstack`/`row_stack`, `dstack`, `column_stack`, `concat`/`concatenate`. Each
//! is what torch's own composite implementation records, so values and gradients are
//! torch's; declared once below.

use super::arrange::{expand, flip};
use super::compose::{self, Recorder};
use super::concat::cat;
use super::selections::select;
use super::split::Split;
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::shape::normalize_dim;

/// `ravel(input)`: the elements as one dim (a view where the layout allows).
pub fn ravel<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    r.record(Op::reshape(&[-1]), &[x])
}

/// `movedim(input, source, destination)`: the dims of `source` moved to the places of
/// `destination`, the others in their order (a permutation view).
pub fn movedim<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    source: Vec<i64>,
    destination: Vec<i64>,
) -> Result<Handle> {
    let n = r.shape(x)?.len();
    if source.len() != destination.len() {
        return Err(Error::Argument(format!(
            "movedim: Invalid source or destination dims: source ({source:?} dims) should \
             contain the same number of dims as destination ({destination:?} dims)"
        )));
    }
    let norm = |dims: &[i64]| -> Result<Vec<usize>> {
        let out: Vec<usize> = dims
            .iter()
            .map(|&d| normalize_dim("movedim", d, n))
            .collect::<Result<_>>()?;
        let mut seen = out.clone();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != out.len() {
            return Err(Error::Argument(format!(
                "movedim: repeated dim in {dims:?}"
            )));
        }
        Ok(out)
    };
    let (src, dst) = (norm(&source)?, norm(&destination)?);
    let mut perm: Vec<Option<i64>> = vec![None; n]; // bounded: one per dim
    for (&s, &d) in src.iter().zip(&dst) {
        perm[d] = Some(s as i64);
    }
    let mut rest = (0..n).filter(|i| !src.contains(i)).map(|i| i as i64);
    let perm: Vec<i64> = perm
        .into_iter()
        .map(|p| p.or_else(|| rest.next()).unwrap_or(0))
        .collect();
    r.record(Op::permute(&perm), &[x])
}

/// `swapaxes`/`swapdims(input, a, b)`: `transpose(input, a, b)`.
pub fn swap<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, a: i64, b: i64) -> Result<Handle> {
    r.record(Op::transpose(a, b), &[x])
}

/// `broadcast_to(input, size)`: `expand(input, size)`.
pub fn broadcast_to<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    size: Vec<i64>,
) -> Result<Handle> {
    expand(r, x, size)
}

fn at_least<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, op: &str, n: usize) -> Result<()> {
    let got = r.shape(x)?.len();
    if got < n {
        return Err(Error::Shape(format!(
            "{op}: Input must be >= {n}-d, got a {got}-d tensor"
        )));
    }
    Ok(())
}

/// `fliplr(input)`: the columns (dim 1) reversed.
pub fn fliplr<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    at_least(r, x, "fliplr", 2)?;
    flip(r, x, vec![1])
}

/// `flipud(input)`: the rows (dim 0) reversed.
pub fn flipud<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    at_least(r, x, "flipud", 1)?;
    flip(r, x, vec![0])
}

/// `rot90(input, k, dims)`: `k` quarter turns in the plane of `dims`, from the first axis
/// towards the second (torch's composition of `flip` and `transpose`).
pub fn rot90<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    k: i64,
    dims: Vec<i64>,
) -> Result<Handle> {
    let n = r.shape(x)?.len();
    if dims.len() != 2 {
        return Err(Error::Argument(format!(
            "rot90: expected total rotation dims == 2, but got dims = {}",
            dims.len()
        )));
    }
    if n < 2 {
        return Err(Error::Shape(format!(
            "rot90: expected total dims >= 2, but got total dims = {n}"
        )));
    }
    let (a, b) = (
        normalize_dim("rot90", dims[0], n)?,
        normalize_dim("rot90", dims[1], n)?,
    );
    if a == b {
        return Err(Error::Argument(format!(
            "rot90: expected rotation dims to be different, but got dim0 = {} and dim1 = {}",
            dims[0], dims[1]
        )));
    }
    let (a, b) = (a as i64, b as i64);
    match k.rem_euclid(4) {
        1 => {
            let f = flip(r, x, vec![b])?;
            r.record(Op::transpose(a, b), &[f])
        }
        2 => flip(r, x, vec![a, b]),
        3 => {
            let f = flip(r, x, vec![a])?;
            r.record(Op::transpose(a, b), &[f])
        }
        // a copy, as torch's `clone`
        _ => r.record(Op::reshape(&r.shape(x)?), &[x]),
    }
}

/// `unbind(input, dim)`: the slices along `dim`, each without it (views).
pub fn unbind<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, dim: i64) -> Result<Vec<Handle>> {
    let shape = r.shape(x)?;
    let d = normalize_dim("unbind", dim, shape.len())?;
    (0..shape[d]).map(|i| select(r, x, dim, i)).collect()
}

/// `tensor_split(input, indices_or_sections, dim)`: `n` pieces as equal as torch makes them
/// (the first `size % n` one longer), or the pieces between the given indices (clamped to
/// the dim, so a piece may be empty).
pub fn tensor_split<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    how: Option<Split>,
    dim: i64,
    sections: Option<i64>,
    indices: Option<Vec<i64>>,
    tensor: Option<Split>,
) -> Result<Vec<Handle>> {
    if how.is_some() && tensor.is_some() {
        return Err(Error::Argument(
            "tensor_split() takes indices_or_sections only once".into(),
        ));
    }
    let how = pick("tensor_split", how.or(tensor), sections, indices)?;
    split_at(r, x, how, dim)
}

/// The one way to split given: positionally (`indices_or_sections`), or by torch's schema
/// keywords `sections=` / `indices=`.
fn pick(
    op: &str,
    how: Option<Split>,
    sections: Option<i64>,
    indices: Option<Vec<i64>>,
) -> Result<Split> {
    match (how, sections, indices) {
        (Some(h), None, None) => Ok(h),
        (None, Some(n), None) => Ok(Split::Size(n)),
        (None, None, Some(v)) => Ok(Split::Sections(v)),
        _ => Err(Error::Argument(format!(
            "{op}() takes exactly one of indices_or_sections, sections and indices"
        ))),
    }
}

fn split_at<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    how: Split,
    dim: i64,
) -> Result<Vec<Handle>> {
    let shape = r.shape(x)?;
    if shape.is_empty() {
        return Err(Error::Shape(
            "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims"
                .into(),
        ));
    }
    let d = normalize_dim("tensor_split", dim, shape.len())?;
    let size = shape[d];
    let bounds: Vec<(i64, i64)> = match how {
        Split::Size(n) | Split::Chunks(n) => {
            if n <= 0 {
                return Err(Error::Argument(format!(
                    "number of sections must be larger than 0, got {n}"
                )));
            }
            let (base, extra) = (size / n, size % n);
            let mut start = 0;
            (0..n)
                .map(|i| {
                    let len = base + i64::from(i < extra);
                    start += len;
                    (start - len, start)
                })
                .collect()
        }
        Split::Sections(indices) => {
            let mut edges = vec![0];
            edges.extend(indices.iter().map(|&i| i.clamp(0, size)));
            edges.push(size);
            edges.windows(2).map(|w| (w[0], w[1].max(w[0]))).collect()
        }
    };
    bounds
        .into_iter()
        .map(|(a, b)| compose::slice(r, x, d as i64, a, b, 1))
        .collect()
}

/// `hsplit`/`vsplit`/`dsplit`: `tensor_split` along dim 1 (0 for a 1-D input), 0 or 2, with
/// torch's check that a number of sections divides the dim.
fn split_along<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    how: Split,
    op: &str,
    dim: usize,
    min_dims: usize,
) -> Result<Vec<Handle>> {
    let shape = r.shape(x)?;
    if shape.len() < min_dims {
        return Err(Error::Shape(format!(
            "torch.{op} requires a tensor with at least {min_dims} dimension, but got a tensor \
             with {} dimensions!",
            shape.len()
        )));
    }
    if let Split::Size(n) = how {
        if n <= 0 || shape[dim] % n != 0 {
            return Err(Error::Argument(format!(
                "torch.{op} attempted to split along dimension {dim}, but the size of the \
                 dimension {} is not divisible by the split_size {n}!",
                shape[dim]
            )));
        }
    }
    split_at(r, x, how, dim as i64)
}

pub fn hsplit<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    how: Option<Split>,
    sections: Option<i64>,
    indices: Option<Vec<i64>>,
) -> Result<Vec<Handle>> {
    let how = pick("hsplit", how, sections, indices)?;
    let dim = usize::from(r.shape(x)?.len() > 1);
    split_along(r, x, how, "hsplit", dim, 1)
}

pub fn vsplit<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    how: Option<Split>,
    sections: Option<i64>,
    indices: Option<Vec<i64>>,
) -> Result<Vec<Handle>> {
    let how = pick("vsplit", how, sections, indices)?;
    split_along(r, x, how, "vsplit", 0, 2)
}

pub fn dsplit<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    how: Option<Split>,
    sections: Option<i64>,
    indices: Option<Vec<i64>>,
) -> Result<Vec<Handle>> {
    let how = pick("dsplit", how, sections, indices)?;
    split_along(r, x, how, "dsplit", 2, 3)
}

/// `x` with at least `n` dims (1: `(1,)` for a scalar; 2: a row `(1, k)`; 3: `(1, k, 1)`
/// for a vector, `(r, c, 1)` for a matrix), as torch's `atleast_nd`.
fn atleast<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, n: usize) -> Result<Handle> {
    let shape = r.shape(x)?;
    let to: Vec<i64> = match (shape.len(), n) {
        (k, _) if k >= n => return Ok(x),
        (0, 1) => vec![1],
        (0, 2) => vec![1, 1],
        (0, _) => vec![1, 1, 1],
        (1, 2) => vec![1, shape[0]],
        (1, _) => vec![1, shape[0], 1],
        _ => vec![shape[0], shape[1], 1],
    };
    r.record(Op::reshape(&to), &[x])
}

fn each_atleast<B: Backend>(
    r: &mut dyn Recorder<B>,
    xs: &[Handle],
    n: usize,
    op: &str,
) -> Result<Vec<Handle>> {
    if xs.is_empty() {
        return Err(Error::Argument(format!(
            "{op} expects a non-empty TensorList"
        )));
    }
    xs.iter().map(|&x| atleast(r, x, n)).collect()
}

/// `hstack(tensors)`: joined along dim 1 (dim 0 for 1-D tensors), after `atleast_1d`.
pub fn hstack<B: Backend>(r: &mut dyn Recorder<B>, tensors: Vec<Handle>) -> Result<Handle> {
    let xs = each_atleast(r, &tensors, 1, "hstack")?;
    let dim = i64::from(r.shape(xs[0])?.len() > 1);
    cat(r, xs, dim)
}

/// `vstack(tensors)` (and `row_stack`): joined along dim 0 after `atleast_2d`.
pub fn vstack<B: Backend>(r: &mut dyn Recorder<B>, tensors: Vec<Handle>) -> Result<Handle> {
    let xs = each_atleast(r, &tensors, 2, "vstack")?;
    cat(r, xs, 0)
}

/// `dstack(tensors)`: joined along dim 2 after `atleast_3d`.
pub fn dstack<B: Backend>(r: &mut dyn Recorder<B>, tensors: Vec<Handle>) -> Result<Handle> {
    let xs = each_atleast(r, &tensors, 3, "dstack")?;
    cat(r, xs, 2)
}

/// `column_stack(tensors)`: 0-D and 1-D tensors as columns `(n, 1)`, then `hstack`.
pub fn column_stack<B: Backend>(r: &mut dyn Recorder<B>, tensors: Vec<Handle>) -> Result<Handle> {
    if tensors.is_empty() {
        return Err(Error::Argument(
            "column_stack expects a non-empty TensorList".into(),
        ));
    }
    let mut cols = Vec::with_capacity(tensors.len()); // bounded: one per operand
    for x in tensors {
        let shape = r.shape(x)?;
        cols.push(if shape.len() <= 1 {
            let n = shape.first().copied().unwrap_or(1);
            r.record(Op::reshape(&[n, 1]), &[x])?
        } else {
            x
        });
    }
    cat(r, cols, 1)
}

/// The function and `Tensor` method forms of this file's arrangements, for the binding's
/// generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Return a contiguous flattened tensor: `input.reshape(-1)`.
            ///
            /// A view where the layout allows, else a copy.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: the elements as one dimension.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.ravel(et.tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
            ///     [1.0, 2.0, 3.0, 4.0]
            fn ravel(input: Tensor;) = crate::ops::reshaping::ravel;

            /// Moves the dimension(s) of `input` at the position(s) in `source` to the position(s) in
            /// `destination`.
            ///
            /// The other dimensions keep their order. A view.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     source (int or tuple of ints): original positions of the dims to move.
            ///     destination (int or tuple of ints): destination positions for each of them.
            ///
            /// Returns:
            ///     Tensor: the permuted view.
            ///
            /// Raises:
            ///     et.ArgumentError: `source` and `destination` differ in length or repeat a dim.
            ///     et.ShapeError: a dim is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.movedim(et.zeros(2, 3, 4), 0, -1).shape
            ///     (3, 4, 2)
            fn movedim(input: Tensor, source: Dims, destination: Dims;)
                = crate::ops::reshaping::movedim;

            /// Alias for `movedim`.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     source (int or tuple of ints): original positions of the dims to move.
            ///     destination (int or tuple of ints): destination positions for each of them.
            ///
            /// Returns:
            ///     Tensor: the permuted view.
            fn moveaxis(input: Tensor, source: Dims, destination: Dims;)
                = crate::ops::reshaping::movedim;

            /// Alias for `transpose`: `axis0` and `axis1` swapped.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     axis0 (int): the first dimension.
            ///     axis1 (int): the second dimension.
            ///
            /// Returns:
            ///     Tensor: the transposed view.
            fn swapaxes(input: Tensor, axis0: i64, axis1: i64;)
                = crate::ops::reshaping::swap, in_place swapaxes_;

            /// Alias for `transpose`: `dim0` and `dim1` swapped.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim0 (int): the first dimension.
            ///     dim1 (int): the second dimension.
            ///
            /// Returns:
            ///     Tensor: the transposed view.
            fn swapdims(input: Tensor, dim0: i64, dim1: i64;)
                = crate::ops::reshaping::swap, in_place swapdims_;

            /// Broadcasts `input` to the shape `size`: `input.expand(size)`.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     size (tuple of ints): the new shape (-1 keeps a dim's size).
            ///
            /// Returns:
            ///     Tensor: the expanded view.
            ///
            /// Raises:
            ///     et.ShapeError: `input` does not broadcast to `size`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.broadcast_to(et.tensor([1.0, 2.0]), (2, 2)).tolist()
            ///     [[1.0, 2.0], [1.0, 2.0]]
            fn broadcast_to(input: Tensor, size: Shape;) = crate::ops::reshaping::broadcast_to;

            /// Flip tensor in the left/right direction: the order of dim 1 reversed.
            ///
            /// Args:
            ///     input (Tensor): a tensor of at least 2 dims.
            ///
            /// Returns:
            ///     Tensor: the flipped tensor (a copy, as torch's).
            ///
            /// Raises:
            ///     et.ShapeError: `input` has fewer than 2 dims.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.fliplr(et.tensor([[1.0, 2.0]])).tolist()
            ///     [[2.0, 1.0]]
            fn fliplr(input: Tensor;) = crate::ops::reshaping::fliplr;

            /// Flip tensor in the up/down direction: the order of dim 0 reversed.
            ///
            /// Args:
            ///     input (Tensor): a tensor of at least 1 dim.
            ///
            /// Returns:
            ///     Tensor: the flipped tensor (a copy, as torch's).
            ///
            /// Raises:
            ///     et.ShapeError: `input` has no dims.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.flipud(et.tensor([1.0, 2.0])).tolist()
            ///     [2.0, 1.0]
            fn flipud(input: Tensor;) = crate::ops::reshaping::flipud;

            /// Rotate a n-D tensor by 90 degrees `k` times in the plane specified by `dims`.
            ///
            /// The rotation goes from the first towards the second axis of `dims`.
            ///
            /// Args:
            ///     input (Tensor): a tensor of at least 2 dims.
            ///     k (int): number of times to rotate (negative: the other way). Default: ``1``.
            ///     dims (list or tuple): the two axes of the plane. Default: ``[0, 1]``.
            ///
            /// Returns:
            ///     Tensor: the rotated tensor.
            ///
            /// Raises:
            ///     et.ArgumentError: `dims` is not two different dims.
            ///     et.ShapeError: `input` has fewer than 2 dims.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.rot90(et.tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
            ///     [[2.0, 4.0], [1.0, 3.0]]
            fn rot90(input: Tensor; k: i64 = 1, dims: Shape = [0, 1])
                = crate::ops::reshaping::rot90;

            /// Removes a tensor dimension: the slices of `input` along `dim`.
            ///
            /// Args:
            ///     input (Tensor): the tensor to unbind.
            ///     dim (int): the dimension to remove. Default: ``0``.
            ///
            /// Returns:
            ///     tuple of Tensor: the slices (views).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     [t.tolist() for t in et.unbind(et.tensor([[1.0, 2.0], [3.0, 4.0]]))]
            ///     [[1.0, 2.0], [3.0, 4.0]]
            fn unbind(input: Tensor; dim: i64 = 0) -> Tensors = crate::ops::reshaping::unbind;

            /// Splits a tensor into multiple sub-tensors, all of which are views of `input`, along
            /// dimension `dim` according to the indices or number of sections specified by
            /// `indices_or_sections`.
            ///
            /// An int `n` gives `n` pieces, the first `size % n` of them one element longer; a sequence
            /// of indices gives the pieces between them (clamped to the dim, so a piece may be empty).
            ///
            /// Args:
            ///     input (Tensor): the tensor to split.
            ///     indices_or_sections (int or sequence of ints): the number of pieces, or the indices.
            ///     dim (int): dimension along which to split. Default: ``0``.
            ///     sections (int, optional): the number of pieces, by torch's keyword.
            ///     indices (sequence of ints, optional): the indices, by torch's keyword.
            ///     tensor_indices_or_sections (Tensor, optional): an integer tensor, 0-d (the number of
            ///         pieces) or 1-d (the indices), by torch's keyword; its values are read back.
            ///
            /// Returns:
            ///     tuple of Tensor: the pieces.
            ///
            /// Raises:
            ///     et.ArgumentError: a number of sections below 1, or not exactly one way to split.
            ///     et.ShapeError: `input` has no dims, or `dim` is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     [t.tolist() for t in et.tensor_split(et.arange(5.0), 2)]
            ///     [[0.0, 1.0, 2.0], [3.0, 4.0]]
            fn tensor_split(input: Tensor; indices_or_sections: Option<IndicesOrSections> = None,
                dim: i64 = 0; sections: Option<i64> = None, indices: Option<Shape> = None,
                tensor_indices_or_sections: Option<IndicesOrSections> = None) -> Tensors
                = crate::ops::reshaping::tensor_split;

            /// Splits `input` horizontally: `tensor_split` along dim 1 (dim 0 for a 1-D tensor).
            ///
            /// A number of sections must divide the dim.
            ///
            /// Args:
            ///     input (Tensor): a tensor of at least 1 dim.
            ///     indices_or_sections (int or sequence of ints): the number of pieces, or the indices.
            ///     sections (int, optional): the number of pieces, by torch's keyword.
            ///     indices (sequence of ints, optional): the indices, by torch's keyword.
            ///
            /// Returns:
            ///     tuple of Tensor: the pieces.
            ///
            /// Raises:
            ///     et.ArgumentError: a number of sections that does not divide the dim.
            ///     et.ShapeError: `input` has no dims.
            fn hsplit(input: Tensor; indices_or_sections: Option<SplitSize> = None;
                sections: Option<i64> = None, indices: Option<Shape> = None) -> Tensors
                = crate::ops::reshaping::hsplit;

            /// Splits `input` vertically: `tensor_split` along dim 0.
            ///
            /// A number of sections must divide the dim.
            ///
            /// Args:
            ///     input (Tensor): a tensor of at least 2 dims.
            ///     indices_or_sections (int or sequence of ints): the number of pieces, or the indices.
            ///     sections (int, optional): the number of pieces, by torch's keyword.
            ///     indices (sequence of ints, optional): the indices, by torch's keyword.
            ///
            /// Returns:
            ///     tuple of Tensor: the pieces.
            ///
            /// Raises:
            ///     et.ArgumentError: a number of sections that does not divide the dim.
            ///     et.ShapeError: `input` has fewer than 2 dims.
            fn vsplit(input: Tensor; indices_or_sections: Option<SplitSize> = None;
                sections: Option<i64> = None, indices: Option<Shape> = None) -> Tensors
                = crate::ops::reshaping::vsplit;

            /// Splits `input` depthwise: `tensor_split` along dim 2.
            ///
            /// A number of sections must divide the dim.
            ///
            /// Args:
            ///     input (Tensor): a tensor of at least 3 dims.
            ///     indices_or_sections (int or sequence of ints): the number of pieces, or the indices.
            ///     sections (int, optional): the number of pieces, by torch's keyword.
            ///     indices (sequence of ints, optional): the indices, by torch's keyword.
            ///
            /// Returns:
            ///     tuple of Tensor: the pieces.
            ///
            /// Raises:
            ///     et.ArgumentError: a number of sections that does not divide the dim.
            ///     et.ShapeError: `input` has fewer than 3 dims.
            fn dsplit(input: Tensor; indices_or_sections: Option<SplitSize> = None;
                sections: Option<i64> = None, indices: Option<Shape> = None) -> Tensors
                = crate::ops::reshaping::dsplit;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// The joins' function forms, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! joins {
    ($gen:ident) => {
        $gen! {
            /// Stack tensors in sequence horizontally (column wise).
            ///
            /// Joined along dim 1, or dim 0 for 1-D tensors, after `atleast_1d`.
            ///
            /// Args:
            ///     tensors (sequence of Tensors): the tensors to join.
            ///
            /// Returns:
            ///     Tensor: the concatenation.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.hstack([et.tensor([1.0]), et.tensor([2.0, 3.0])]).tolist()
            ///     [1.0, 2.0, 3.0]
            fn hstack(tensors: Tensors;) = crate::ops::reshaping::hstack;

            /// Stack tensors in sequence vertically (row wise): joined along dim 0 after `atleast_2d`.
            ///
            /// Args:
            ///     tensors (sequence of Tensors): the tensors to join.
            ///
            /// Returns:
            ///     Tensor: the concatenation.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.vstack([et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0])]).tolist()
            ///     [[1.0, 2.0], [3.0, 4.0]]
            fn vstack(tensors: Tensors;) = crate::ops::reshaping::vstack;

            /// Alias of `vstack`.
            ///
            /// Args:
            ///     tensors (sequence of Tensors): the tensors to join.
            ///
            /// Returns:
            ///     Tensor: the concatenation.
            fn row_stack(tensors: Tensors;) = crate::ops::reshaping::vstack;

            /// Stack tensors in sequence depthwise (along the third axis) after `atleast_3d`.
            ///
            /// Args:
            ///     tensors (sequence of Tensors): the tensors to join.
            ///
            /// Returns:
            ///     Tensor: the concatenation.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.dstack([et.tensor([1.0]), et.tensor([2.0])]).tolist()
            ///     [[[1.0, 2.0]]]
            fn dstack(tensors: Tensors;) = crate::ops::reshaping::dstack;

            /// Creates a new tensor by horizontally stacking the tensors in `tensors`.
            ///
            /// 0-D and 1-D tensors become columns `(n, 1)` first.
            ///
            /// Args:
            ///     tensors (sequence of Tensors): the tensors to join.
            ///
            /// Returns:
            ///     Tensor: the concatenation.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.column_stack([et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0])]).tolist()
            ///     [[1.0, 3.0], [2.0, 4.0]]
            fn column_stack(tensors: Tensors;) = crate::ops::reshaping::column_stack;

            /// Alias of `cat`.
            ///
            /// Args:
            ///     tensors (sequence of Tensor): the tensors to join.
            ///     dim (int): the dimension along which they are joined. Default: ``0``.
            ///
            /// Returns:
            ///     Tensor: the concatenation.
            fn concat_tensors(tensors: Tensors; dim: i64 = 0) = crate::ops::concat::cat as "concat";

            /// Alias of `cat`, with NumPy's keyword `axis`.
            ///
            /// Args:
            ///     tensors (sequence of Tensor): the tensors to join.
            ///     axis (int): the dimension along which they are joined. Default: ``0``.
            ///
            /// Returns:
            ///     Tensor: the concatenation.
            fn concatenate(tensors: Tensors; axis: i64 = 0) = crate::ops::concat::cat;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use joins;
