//! torch's counts, selections and rearrangements whose result shape their arguments fix,
//! each an [`Aten`] (LibTorch's kernel forward, its autograd backward: `aten.rs`):
//! `histogram` (with an int bin count), `nonzero_static`, `nanquantile`,
//! `repeat_interleave` (with an int count), `sum_to_size`, `unfold` (the method; the
//! function `unfold` is `nn.functional`'s, `sliding.rs`).

use tch::Tensor;

use super::aten::Aten;
use super::compose::Recorder;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::shape::normalize_dim;

/// `histogram(input, bins, *, range=None, weight=None, density=False)`: the counts (or
/// densities) of `input`'s elements in `bins` equal bins over `range` (else the input's own
/// range), and the bins' `bins + 1` edges.
pub fn histogram<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    bins: i64,
    range: Option<super::interpolate::Each<f64>>,
    weight: Option<Handle>,
    density: bool,
) -> Result<(Handle, Handle)> {
    let range = range.map(|r| match r {
        super::interpolate::Each::One(x) => vec![x],
        super::interpolate::Each::Many(v) => v,
    });
    if bins <= 0 {
        return Err(Error::Argument(format!(
            "torch.histogram(): bins must be > 0, but got {bins}"
        )));
    }
    if let Some(r) = &range {
        if r.len() != 2 || r[0] > r[1] {
            return Err(Error::Argument(format!(
                "torch.histogram(): range must be (min, max) with min <= max, got {r:?}"
            )));
        }
    }
    let mut operands = vec![x]; // bounded: the input and its optional weights
    operands.extend(weight);
    let weighted = weight.is_some();
    let part = |which: usize| {
        let range = range.clone();
        Aten::new(
            "histogram",
            operands.len(),
            move |_| Ok(vec![bins + which as i64]),
            move |t: &[Tensor]| {
                let w = if weighted { Some(&t[1]) } else { None };
                let given = range.as_ref().map(|r| (r[0], r[1]));
                let range = super::special::bin_range(&t[0], given, 0.5)?;
                let (hist, edges) = t[0].f_histogram_bin_ct(bins, range.as_slice(), w, density)?;
                Ok(if which == 0 { hist } else { edges })
            },
        )
    };
    let hist = part(0).record(r, &operands)?;
    let edges = part(1).record(r, &operands)?;
    Ok((hist, edges))
}

/// `nonzero_static(input, *, size, fill_value=-1)`: the indices of `input`'s nonzero
/// elements as `nonzero` gives them, `(size, ndim)` int64 data: cut to `size` rows, or
/// padded with `fill_value`.
pub fn nonzero_static<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    size: i64,
    fill_value: i64,
) -> Result<Handle> {
    if size < 0 {
        return Err(Error::Argument(format!(
            "nonzero_static: 'size' must be an non-negative integer, got {size}"
        )));
    }
    let data = r.dtype(x)?.is_data();
    let rank = r.shape(x)?.len() as i64;
    let op = Aten::new(
        "nonzero_static",
        1,
        move |_| Ok(vec![size, rank]),
        move |t| Ok(t[0].f_nonzero_static(size, fill_value)?),
    );
    match data {
        true => op.with_data(&[0]).record(r, &[x]),
        false => op.record(r, &[x]),
    }
}

/// `nanquantile(input, q, dim=None, keepdim=False, *, interpolation='linear')`: `quantile`
/// ignoring NaNs (NaN only where a row holds nothing else); `q` a tensor of the levels (its
/// gradient is LibTorch's).
pub fn nanquantile<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    q: Handle,
    dim: Option<i64>,
    keepdim: bool,
    interpolation: String,
) -> Result<Handle> {
    super::quantile::Interpolation::parse(&interpolation)?;
    let shape = r.shape(x)?;
    let q_shape = r.shape(q)?;
    if q_shape.len() > 1 {
        return Err(Error::Argument(format!(
            "quantile() q must be a scalar or 1D tensor, got {} dims",
            q_shape.len()
        )));
    }
    let mut out: Vec<i64> = q_shape.clone();
    match dim {
        None if keepdim => out.extend(shape.iter().map(|_| 1)),
        None => {}
        Some(d) => {
            let d = normalize_dim("nanquantile", d, shape.len())?;
            for (i, &n) in shape.iter().enumerate() {
                match (i == d, keepdim) {
                    (true, true) => out.push(1),
                    (true, false) => {}
                    (false, _) => out.push(n),
                }
            }
        }
    }
    Aten::new(
        "nanquantile",
        2,
        move |_| Ok(out.clone()),
        move |t| Ok(t[0].f_nanquantile(&t[1], dim, keepdim, &interpolation)?),
    )
    .record(r, &[x, q])
}

/// `repeat_interleave(input, repeats, dim=None, *, output_size=None)` with an int
/// `repeats`: each element (or each slice along `dim`) repeated `repeats` times in turn.
pub fn repeat_interleave<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    repeats: i64,
    dim: Option<i64>,
    output_size: Option<i64>,
) -> Result<Handle> {
    if repeats < 0 {
        return Err(Error::Argument(format!(
            "repeat_interleave: repeats can not be negative, got {repeats}"
        )));
    }
    // (a 0-d input is one element, along any dim)
    let shape = match r.shape(x)? {
        s if s.is_empty() => vec![1],
        s => s,
    };
    let (out, along) = match dim {
        None => (vec![shape.iter().product::<i64>() * repeats], 0),
        Some(d) => {
            let d = normalize_dim("repeat_interleave", d, shape.len())?;
            let mut out = shape.clone();
            out[d] *= repeats;
            (out, d)
        }
    };
    if let Some(n) = output_size.filter(|&n| n != out[along]) {
        return Err(Error::Argument(format!(
            "repeat_interleave: allocated size does not match required size \
             (output_size {n}, required {})",
            out[along]
        )));
    }
    Aten::new(
        "repeat_interleave",
        1,
        move |_| Ok(out.clone()),
        move |t| Ok(t[0].f_repeat_interleave_self_int(repeats, dim, output_size)?),
    )
    .record(r, &[x])
}

/// `sum_to_size(*size)`: `input` summed down to `size`, which it must broadcast from.
pub fn sum_to_size<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    size: Vec<i64>,
) -> Result<Handle> {
    let shape = r.shape(x)?;
    let fits =
        crate::shape::broadcast_shapes("sum_to_size", &size, &shape).is_ok_and(|b| b == shape);
    if !fits {
        return Err(Error::Shape(format!(
            "sum_to_size: size {size:?} is not expandable to size {shape:?}"
        )));
    }
    let out = size.clone();
    Aten::new(
        "sum_to_size",
        1,
        move |_| Ok(out.clone()),
        move |t| Ok(t[0].f_sum_to_size(size.as_slice())?),
    )
    .record(r, &[x])
}

/// `unfold(dimension, size, step)`: every window of `size` elements along `dimension`,
/// `step` apart, as a new last dim.
pub fn unfold<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dimension: i64,
    size: i64,
    step: i64,
) -> Result<Handle> {
    let shape = r.shape(x)?;
    let d = normalize_dim("unfold", dimension, shape.len())?;
    let n = shape.get(d).copied().unwrap_or(1);
    if size < 0 || size > n || step <= 0 {
        return Err(Error::Argument(format!(
            "unfold: expected 0 <= size <= {n} and step > 0, got size {size} and step {step}"
        )));
    }
    let mut out = shape.clone();
    if let Some(m) = out.get_mut(d) {
        *m = (n - size) / step + 1;
    }
    out.push(size);
    Aten::new(
        "unfold",
        1,
        move |_| Ok(out.clone()),
        move |t| Ok(t[0].f_unfold(dimension, size, step)?.f_contiguous()?),
    )
    .record(r, &[x])
}

/// The function and method forms of the tallies, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` says what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Computes a histogram of the values in a tensor: `bins` equal-width bins over
            /// `range` (the input's minimum and maximum when not given).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     bins (int): the number of bins.
            ///     range (tuple of float, optional): ``(min, max)``. Default: ``None``.
            ///     weight (Tensor, optional): each element's weight, of `input`'s shape.
            ///         Default: ``None``.
            ///     density (bool): normalize to a density (the bins' integral is 1). Default:
            ///         ``False``.
            ///
            /// Returns:
            ///     HistogramResult: `(hist, bin_edges)`, `(bins,)` and `(bins + 1,)`.
            fn histogram(input: Tensor, bins: i64;; range: Option<EachFloat> = None,
                weight: Option<Tensor> = None, density: bool = False) -> HistogramResult
                = crate::ops::tallies::histogram;

            /// Count the frequency of each value in an array of non-negative ints: bin ``i``
            /// holds the number of times ``i`` occurs (or the sum of its ``weights``).
            ///
            /// LibTorch computes it once on the values (its size depends on them); the result is
            /// input data: no gradient (torch has no derivative for it). LibTorch carriers only.
            ///
            /// Args:
            ///     input (Tensor): 1-D, non-negative int data.
            ///     weights (Tensor, optional): one weight per element of ``input``. Default:
            ///         ``None`` (the counts, int64).
            ///     minlength (int): the least number of bins. Default: ``0``.
            ///
            /// Returns:
            ///     Tensor: ``(max(input) + 1,)`` bins or ``minlength``, whichever is more.
            ///
            /// Raises:
            ///     BackendError: ``input`` not 1-D non-negative ints (torch's check).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.bincount(et.tensor([1, 1, 3, 0, 3])).tolist()
            ///     [1, 2, 0, 2]
            fn bincount(input: Tensor; weights: Option<Tensor> = None, minlength: i64 = 0)
                = @session Session::bincount;

            /// Eliminates all but the first element from every consecutive group of equivalent
            /// elements (or slices along ``dim``).
            ///
            /// LibTorch computes it once on the values (its size depends on them); the results
            /// are input data: no gradient (torch has no derivative for it). LibTorch carriers
            /// only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     return_inverse (bool): also return, for each element of ``input``, the index of
            ///         its run in the result. Default: ``False``.
            ///     return_counts (bool): also return each run's length. Default: ``False``.
            ///     dim (int, optional): the dimension whose slices are compared. Default: ``None``
            ///         (the flattened input).
            ///
            /// Returns:
            ///     Tensor or tuple of Tensors: the values, and the inverse indices and counts
            ///     where asked for.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     values, counts = et.unique_consecutive(
            ///     ...         et.tensor([1, 1, 2, 2, 3, 1, 1]), return_counts=True
            ///     ...     )
            ///     ...     values.tolist(), counts.tolist()
            ///     ([1, 2, 3, 1], [2, 2, 1, 2])
            fn unique_consecutive(input: Tensor; return_inverse: bool = False,
                return_counts: bool = False, dim: Option<i64> = None) -> OneOr<Tensors>
                = @session Session::unique_consecutive;

            /// Returns a 2-D tensor of the indices of `input`'s nonzero elements, of a fixed
            /// number of rows: cut to `size`, or padded with `fill_value`.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     size (int): the number of rows.
            ///     fill_value (int): the padding rows' value. Default: ``-1``.
            ///
            /// Returns:
            ///     Tensor: `(size, input.ndim)` int64 indices.
            fn nonzero_static(input: Tensor;; size: i64 = 0, fill_value: i64 = (-1))
                = crate::ops::tallies::nonzero_static;

            /// A variant of `quantile` that "ignores" NaN values, computing the quantiles as if
            /// NaN values in `input` did not exist (NaN where a reduced row is all NaN).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     q (float or Tensor): the levels, in ``[0, 1]``.
            ///     dim (int, optional): the dimension to reduce. Default: ``None`` (all).
            ///     keepdim (bool): keep the reduced dim. Default: ``False``.
            ///     interpolation (str): ``"linear"``, ``"lower"``, ``"higher"``, ``"midpoint"``
            ///         or ``"nearest"``. Default: ``"linear"``.
            ///
            /// Returns:
            ///     Tensor: the quantiles (a leading dim for a 1-D `q`).
            fn nanquantile(input: Tensor, q: Tensor; dim: Option<i64> = None,
                keepdim: bool = False; interpolation: Str = "linear")
                = crate::ops::tallies::nanquantile;

            /// Repeat elements of a tensor: each element (or slice along `dim`) `repeats`
            /// times in turn.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     repeats (int): the number of repetitions.
            ///     dim (int, optional): the dimension to repeat along. Default: ``None`` (the
            ///         flattened input).
            ///     output_size (int, optional): the result's size along `dim`, checked.
            ///         Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: the repeated tensor.
            fn repeat_interleave(input: Tensor, repeats: i64; dim: Option<i64> = None;
                output_size: Option<i64> = None) = crate::ops::tallies::repeat_interleave;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// The function-only forms (torch has no method of them).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! function_forms {
    ($gen:ident) => {
        $gen! {
            /// Tests if each element of `elements` is in `test_elements`.
            ///
            /// Args:
            ///     elements (Tensor): the input elements.
            ///     test_elements (Tensor): the values to test against.
            ///     assume_unique (bool): both hold unique values (a faster search in torch;
            ///         the same result here). Default: ``False``.
            ///     invert (bool): whether each element is not in `test_elements`. Default:
            ///         ``False``.
            ///
            /// Returns:
            ///     Tensor: bool, of `elements`' shape.
            fn isin(elements: Index, test_elements: Index;; assume_unique: bool = False,
                invert: bool = False) = crate::ops::tallies::isin;

            /// Converts a tensor of flat indices into a tuple of coordinate tensors that
            /// index into an arbitrary tensor of the specified shape.
            ///
            /// Args:
            ///     indices (Tensor): integer flat indices.
            ///     shape (int or sequence of int): the shape indexed.
            ///
            /// Returns:
            ///     tuple[Tensor, ...]: one int64 tensor per dim, each of `indices`' shape.
            fn unravel_index(indices: Index, shape: Shape;) -> Tensors
                = crate::ops::tallies::unravel_index;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use function_forms;

/// `sum_to_size(*size)`, a method taking its sizes as separate ints or one sequence.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! sized_functions {
    ($gen:ident) => {
        $gen! {
            /// Sum this tensor to `size`, which this tensor must broadcast from (the sum over
            /// the broadcast dims, as a gradient of `expand` reduces).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     *size (int): the target size.
            ///
            /// Returns:
            ///     Tensor: of shape `size`.
            fn sum_to_size(input: Tensor, *size: Shape) = crate::ops::tallies::sum_to_size;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use sized_functions;

/// The operand flags an [`Aten`] of two operands takes: which of them are data.
fn data_flags<B: Backend>(r: &dyn Recorder<B>, a: Handle, b: Handle) -> Result<&'static [usize]> {
    Ok(match (r.dtype(a)?.is_data(), r.dtype(b)?.is_data()) {
        (true, true) => &[0, 1],
        (true, false) => &[0],
        (false, true) => &[1],
        (false, false) => &[],
    })
}

/// `isin(elements, test_elements, *, assume_unique=False, invert=False)`: whether each
/// element of `elements` is in `test_elements` (bool data; `invert`: is not).
pub fn isin<B: Backend>(
    r: &mut dyn Recorder<B>,
    elements: Handle,
    test_elements: Handle,
    assume_unique: bool,
    invert: bool,
) -> Result<Handle> {
    let flags = data_flags(r, elements, test_elements)?;
    Aten::new(
        "isin",
        2,
        |s| Ok(s[0].to_vec()),
        move |t| Ok(tch::Tensor::f_isin(&t[0], &t[1], assume_unique, invert)?),
    )
    .with_data(flags)
    .record(r, &[elements, test_elements])
}

/// `unravel_index(indices, shape)`: the coordinates in `shape` of flat indices (int64
/// data), one tensor per dim, each of `indices`' shape; an index outside the shape's size
/// wraps, as torch's (Python's floor division and remainder).
pub fn unravel_index<B: Backend>(
    r: &mut dyn Recorder<B>,
    indices: Handle,
    shape: Vec<i64>,
) -> Result<Vec<Handle>> {
    use super::binary::BinaryOp;
    use super::compose::TensorOrNumber::Tensor as T;
    if !r.dtype(indices)?.is_data() || r.dtype(indices)? == crate::config::DType::Bool {
        return Err(Error::DType(format!(
            "expected 'indices' to be integer dtype, but got {}",
            r.dtype(indices)?
        )));
    }
    if let Some(bad) = shape.iter().find(|&&n| n < 0) {
        return Err(Error::Argument(format!(
            "'shape' cannot have negative values, but got {bad}"
        )));
    }
    let total: i64 = shape.iter().product();
    if total == 0 {
        return Err(Error::Argument(
            "unravel_index: a shape of no elements has no coordinates".into(),
        ));
    }
    // (the divisors as int64 constants: integer division of integer data)
    let int = |r: &mut dyn Recorder<B>, v: i64| {
        r.constant(indices, &[v as f64], &[], Some(crate::config::DType::Int64))
    };
    let mut stride = total;
    let size = int(r, total)?;
    let wrapped = r.binary(BinaryOp::Remainder, T(indices), T(size))?;
    let mut out = Vec::with_capacity(shape.len()); // bounded: one per dim
    for &n in &shape {
        stride /= n;
        let (by, n) = (int(r, stride)?, int(r, n)?);
        let along = r.binary(BinaryOp::FloorDivide, T(wrapped), T(by))?;
        out.push(r.binary(BinaryOp::Remainder, T(along), T(n))?);
    }
    Ok(out)
}
