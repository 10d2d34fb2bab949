//! The statistics of `statistics.rs` as torch declares them, each a function (`et.prod(x)`)
//! and a `Tensor` method (`x.prod()`) of one signature: `prod`, `var`, `std`, `logsumexp`,
//! `norm`, `cumsum`, `argmax`, `argmin`. Their argument rules (torch's `var(unbiased)` /
//! `correction`, `norm`'s `p` of a number, `"fro"` or `"nuc"`) are checked here.
//! [`functions`] declares them once; the binding generates both forms, their stubs and their
//! docs from it.

use super::binary::BinaryOp;
use super::compose::Recorder;
use super::statistics::{Cumsum, NuclearNorm, StatKind};
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::{Handle, OneOr, OneOrPair};

/// torch's `dim` of `var`/`std` as given: dims, or (`x.var(True)`) the `unbiased` flag.
#[derive(Debug, Clone, PartialEq)]
pub enum DimsOrFlag {
    Dims(Vec<i64>),
    Flag(bool),
}

/// A number, or a word (`norm`'s `p`: `"fro"`, `"nuc"`).
#[derive(Debug, Clone, PartialEq)]
pub enum NumberOrWord {
    Number(f64),
    Word(String),
}

/// The correction of `var`/`std` from torch's `unbiased` and `correction` (one of them).
fn correction(dim: DimsOrFlag, unbiased: Option<bool>, c: Option<f64>) -> Result<(Vec<i64>, f64)> {
    let (dims, unbiased) = match dim {
        DimsOrFlag::Flag(u) => (vec![], Some(u)),
        DimsOrFlag::Dims(d) => (d, unbiased),
    };
    let c = match (unbiased, c) {
        (Some(_), Some(_)) => {
            return Err(Error::Argument(
                "var/std: give unbiased or correction, not both".into(),
            ))
        }
        (Some(u), None) => f64::from(u8::from(u)),
        (None, c) => c.unwrap_or(1.0),
    };
    Ok((dims, c))
}

/// `prod(input, dim=None, keepdim=False)`.
pub fn prod<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Option<i64>,
    keepdim: bool,
) -> Result<Handle> {
    let dims: Vec<i64> = dim.into_iter().collect();
    r.record(Op::statistic(StatKind::Prod, &dims, keepdim), &[x])
}

/// `var(input, dim=None, unbiased=None, keepdim=False, *, correction=None)`.
pub fn var<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: DimsOrFlag,
    unbiased: Option<bool>,
    keepdim: bool,
    correction: Option<f64>,
) -> Result<Handle> {
    let (dims, c) = self::correction(dim, unbiased, correction)?;
    r.record(Op::statistic(StatKind::Var(c), &dims, keepdim), &[x])
}

/// `std(input, dim=None, unbiased=None, keepdim=False, *, correction=None)`.
pub fn std<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: DimsOrFlag,
    unbiased: Option<bool>,
    keepdim: bool,
    correction: Option<f64>,
) -> Result<Handle> {
    let (dims, c) = self::correction(dim, unbiased, correction)?;
    r.record(Op::statistic(StatKind::Std(c), &dims, keepdim), &[x])
}

/// `logsumexp(input, dim, keepdim=False)`.
pub fn logsumexp<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Vec<i64>,
    keepdim: bool,
) -> Result<Handle> {
    r.record(Op::statistic(StatKind::LogSumExp, &dim, keepdim), &[x])
}

/// `norm(input, p="fro", dim=None, keepdim=False)`: a vector norm of any order, the
/// Frobenius norm (2), or the nuclear norm of a matrix or over two dims.
pub fn norm<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    p: NumberOrWord,
    dim: Vec<i64>,
    keepdim: bool,
) -> Result<Handle> {
    let p = match p {
        NumberOrWord::Number(p) => p,
        NumberOrWord::Word(w) if w == "fro" => 2.0,
        NumberOrWord::Word(w) if w == "nuc" => {
            // The nuclear norm: of a matrix (dim None) or over two dims.
            let dims: [i64; 2] = match dim.as_slice() {
                [] => [0, 1],
                &[a, b] => [a, b],
                other => {
                    return Err(Error::Shape(format!(
                        "norm(p=\"nuc\"): needs two dims, got {other:?}"
                    )))
                }
            };
            if dim.is_empty() && r.shape(x)?.len() != 2 {
                return Err(Error::Shape(
                    "norm(p=\"nuc\") without dim needs a 2-D input".into(),
                ));
            }
            return r.record(Op::NuclearNorm(NuclearNorm { dims, keepdim }), &[x]);
        }
        NumberOrWord::Word(w) => {
            return Err(Error::Argument(format!(
                "norm: p must be a number or \"fro\", got {w:?}"
            )))
        }
    };
    r.record(Op::statistic(StatKind::Norm(p), &dim, keepdim), &[x])
}

/// `cumsum(input, dim)`.
pub fn cumsum<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, dim: i64) -> Result<Handle> {
    r.record(Op::Cumsum(Cumsum(dim)), &[x])
}

/// `argmax(input, dim=None, keepdim=False)`.
pub fn argmax<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Option<i64>,
    keepdim: bool,
) -> Result<Handle> {
    r.record(Op::arg_extremum(dim, keepdim, true), &[x])
}

/// `argmin(input, dim=None, keepdim=False)`.
pub fn argmin<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Option<i64>,
    keepdim: bool,
) -> Result<Handle> {
    r.record(Op::arg_extremum(dim, keepdim, false), &[x])
}

/// `sum(input, dim=None, keepdim=False)` (no dims: every dim).
pub fn sum<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Vec<i64>,
    keepdim: bool,
) -> Result<Handle> {
    r.record(Op::sum(&dim, keepdim), &[x])
}

/// `mean(input, dim=None, keepdim=False)`.
pub fn mean<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Vec<i64>,
    keepdim: bool,
) -> Result<Handle> {
    r.record(Op::mean(&dim, keepdim), &[x])
}

/// `amax(input, dim=(), keepdim=False)`: ties split the gradient evenly.
pub fn amax<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Vec<i64>,
    keepdim: bool,
) -> Result<Handle> {
    r.record(Op::amax(&dim, keepdim), &[x])
}

/// `amin(input, dim=(), keepdim=False)`.
pub fn amin<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Vec<i64>,
    keepdim: bool,
) -> Result<Handle> {
    r.record(Op::amin(&dim, keepdim), &[x])
}

/// `max`/`min`'s second argument: a dim, or the other tensor of the elementwise form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DimOrTensor {
    Dim(i64),
    Tensor(Handle),
}

/// torch's `max(input)` (ties split the gradient evenly), `max(input, dim, keepdim=False)`
/// (the values and the int64 index of each one's first occurrence) and `max(input, other)`
/// (`other` also by keyword: `maximum`); `min`'s when not `max`.
fn extremum<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Option<DimOrTensor>,
    keepdim: bool,
    other: Option<Handle>,
    max: bool,
) -> Result<OneOrPair> {
    let dim = match (dim, other) {
        (Some(_), Some(_)) => {
            return Err(Error::Type(
                "max()/min() take either dim or other, not both".into(),
            ))
        }
        (None, Some(o)) => Some(DimOrTensor::Tensor(o)),
        (dim, None) => dim,
    };
    Ok(match dim {
        None => OneOr::One(r.record(Op::extremum_all(max), &[x])?),
        Some(DimOrTensor::Tensor(o)) => {
            let f = if max {
                BinaryOp::Maximum
            } else {
                BinaryOp::Minimum
            };
            OneOr::One(r.record(f.op(), &[x, o])?)
        }
        Some(DimOrTensor::Dim(d)) => {
            let op = if max {
                Op::max_dim(d, keepdim)
            } else {
                Op::min_dim(d, keepdim)
            };
            OneOr::Other(r.record_pair(op, &[x])?)
        }
    })
}

/// `max(input, dim=None, keepdim=False, *, other=None)`: see [`extremum`].
pub fn max<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Option<DimOrTensor>,
    keepdim: bool,
    other: Option<Handle>,
) -> Result<OneOrPair> {
    extremum(r, x, dim, keepdim, other, true)
}

/// `min(input, dim=None, keepdim=False, *, other=None)`: see [`extremum`].
pub fn min<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: Option<DimOrTensor>,
    keepdim: bool,
    other: Option<Handle>,
) -> Result<OneOrPair> {
    extremum(r, x, dim, keepdim, other, false)
}

/// The function and method forms of this file's statistics, for the binding's generator
/// `$gen` (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Returns the sum of all elements of `input`, or of each row in the dimension(s) `dim`.
            ///
            /// Integer and bool data sum to int64, as in torch (no gradient); floating-point input keeps
            /// its dtype. torch's `dtype=` keyword is not accepted.
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
            /// Raises:
            ///     et.ShapeError: if a dimension is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ///     ...     et.sum(x).item(), et.sum(x, dim=1).tolist()
            ///     (10.0, [3.0, 7.0])
            fn sum(input: Tensor; dim: Dims = None, keepdim: bool = False)
                = crate::ops::reductions::sum;

            /// Returns the mean of all elements of `input`, or of each row in the dimension(s) `dim`.
            ///
            /// Floating-point input only, as in torch.
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
            /// Raises:
            ///     et.DTypeError: if `input` holds integer or bool data.
            ///     et.ShapeError: if a dimension is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ///     ...     et.mean(x).item(), et.mean(x, dim=0).tolist()
            ///     (2.5, [2.0, 3.0])
            fn mean(input: Tensor; dim: Dims = None, keepdim: bool = False)
                = crate::ops::reductions::mean;

            /// Returns the maximum value of each slice of `input` in the given dimension(s) `dim`.
            ///
            /// Unlike `eagertape.max`, no indices, and the gradient is split evenly between equal
            /// maxima, as in torch. Integer data is accepted (its result has no gradient).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or tuple of ints): the dimension(s) to reduce. Default: ``()`` (all
            ///         dimensions).
            ///     keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: the maxima.
            ///
            /// Raises:
            ///     et.ShapeError: if a dimension is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ///     ...     et.amax(x).item(), et.amax(x, 0).tolist()
            ///     (7.0, [7.0, 5.0])
            fn amax(input: Tensor; dim: Dims = (), keepdim: bool = False)
                = crate::ops::reductions::amax;

            /// Returns the minimum value of each slice of `input` in the given dimension(s) `dim`.
            ///
            /// Unlike `eagertape.min`, no indices, and the gradient is split evenly between equal
            /// minima, as in torch. Integer data is accepted (its result has no gradient).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or tuple of ints): the dimension(s) to reduce. Default: ``()`` (all
            ///         dimensions).
            ///     keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: the minima.
            ///
            /// Raises:
            ///     et.ShapeError: if a dimension is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ///     ...     et.amin(x).item(), et.amin(x, 0).tolist()
            ///     (1.0, [1.0, 2.0])
            fn amin(input: Tensor; dim: Dims = (), keepdim: bool = False)
                = crate::ops::reductions::amin;

            /// Returns the maximum of `input`: of all elements, along `dim`, or elementwise with a
            /// tensor.
            ///
            /// `max(input)` is the largest element (a 0-d tensor; ties share the gradient evenly, as in
            /// torch). `max(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the maxima
            /// along `dim` and the int64 index of each (the first occurrence); the gradient reaches
            /// the indexed elements. `max(input, other)` with a tensor `other` (positionally or by
            /// keyword) is `eagertape.maximum`. `max(input)` accepts integer data; the `dim` and
            /// `other` forms need floating point.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
            ///         elementwise form. Default: ``None`` (all elements).
            ///     keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
            ///         form only). Default: ``False``.
            ///     other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
            ///         Default: ``None``.
            ///
            /// Returns:
            ///     Tensor or MaxResult: the maximum; `(values, indices)` with `dim`.
            ///
            /// Raises:
            ///     ShapeError: if `dim` is out of range.
            ///     DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
            ///     TypeError: both `dim` and `other` are given.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ///     ...     values, indices = et.max(x, 1)
            ///     ...     et.max(x).item(), values.tolist(), indices.tolist()
            ///     (7.0, [5.0, 7.0], [1, 0])
            fn max(input: Tensor; dim: Option<DimOrTensor> = None, keepdim: bool = False;
                other: Option<Tensor> = None) -> OneOr<MaxResult>
                = crate::ops::reductions::max;

            /// Returns the minimum of `input`: of all elements, along `dim`, or elementwise with a
            /// tensor.
            ///
            /// `min(input)` is the smallest element (a 0-d tensor; ties share the gradient evenly, as
            /// in torch). `min(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the
            /// minima along `dim` and the int64 index of each (the first occurrence); the gradient
            /// reaches the indexed elements. `min(input, other)` with a tensor `other` (positionally
            /// or by keyword) is `eagertape.minimum`. `min(input)` accepts integer data; the `dim`
            /// and `other` forms need floating point.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
            ///         elementwise form. Default: ``None`` (all elements).
            ///     keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
            ///         form only). Default: ``False``.
            ///     other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
            ///         Default: ``None``.
            ///
            /// Returns:
            ///     Tensor or MinResult: the minimum; `(values, indices)` with `dim`.
            ///
            /// Raises:
            ///     ShapeError: if `dim` is out of range.
            ///     DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
            ///     TypeError: both `dim` and `other` are given.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 5.0], [4.0, 2.0]])
            ///     ...     values, indices = x.min(1)
            ///     ...     x.min().tolist(), values.tolist(), indices.tolist()
            ///     (1.0, [1.0, 2.0], [0, 1])
            fn min(input: Tensor; dim: Option<DimOrTensor> = None, keepdim: bool = False;
                other: Option<Tensor> = None) -> OneOr<MinResult>
                = crate::ops::reductions::min;

            /// Returns the product of all elements in the `input` tensor, or of each row in dimension `dim`.
            ///
            /// Zeros are handled exactly in the gradient. Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int, optional): the dimension to reduce. Default: ``None`` (all elements).
            ///     keepdim (bool): whether the output keeps `dim` with size 1. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: the products.
            ///
            /// Raises:
            ///     et.DTypeError: if `input` holds integer or bool data.
            ///     et.ShapeError: if `dim` is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ///     ...     et.prod(x).item(), et.prod(x, 1).tolist()
            ///     (24.0, [2.0, 12.0])
            fn prod(input: Tensor; dim: Option<i64> = None, keepdim: bool = False)
                = crate::ops::reductions::prod;

            /// Calculates the variance over the dimensions specified by `dim`.
            ///
            /// The sum of squared deviations is divided by `max(0, N - correction)`, where `N` is the
            /// number of elements reduced. As in torch, `var(input, True)` (a bool second argument)
            /// is the legacy `unbiased` overload over all elements. Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or tuple of ints, optional): the dimension(s) to reduce.
            ///         Default: ``None`` (all dimensions).
            ///     unbiased (bool, optional): torch's legacy spelling of the correction: ``True`` is
            ///         ``correction=1``, ``False`` is ``correction=0``. Default: ``None``.
            ///     keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            ///         Default: ``False``.
            ///     correction (float, optional): the difference between the sample size and the
            ///         degrees of freedom (Bessel's correction). Default: ``None`` (1).
            ///
            /// Returns:
            ///     Tensor: the variances.
            ///
            /// Raises:
            ///     et.ArgumentError: if both `unbiased` and `correction` are given.
            ///     et.DTypeError: if `input` holds integer or bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 3.0], [2.0, 6.0]])
            ///     ...     et.var(x, 1).tolist(), et.var(x, 1, correction=0).tolist()
            ///     ([2.0, 8.0], [1.0, 4.0])
            fn var(input: Tensor;
                dim: DimsOrUnbiased = None, unbiased: Option<bool> = None, keepdim: bool = False;
                correction: Option<f64> = None)
                = crate::ops::reductions::var;

            /// Calculates the standard deviation over the dimensions specified by `dim`.
            ///
            /// The square root of `eagertape.var` with the same arguments: the sum of squared
            /// deviations is divided by `max(0, N - correction)`. As in torch, `std(input, True)` is the
            /// legacy `unbiased` overload over all elements. Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or tuple of ints, optional): the dimension(s) to reduce.
            ///         Default: ``None`` (all dimensions).
            ///     unbiased (bool, optional): torch's legacy spelling of the correction: ``True`` is
            ///         ``correction=1``, ``False`` is ``correction=0``. Default: ``None``.
            ///     keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            ///         Default: ``False``.
            ///     correction (float, optional): the difference between the sample size and the
            ///         degrees of freedom (Bessel's correction). Default: ``None`` (1).
            ///
            /// Returns:
            ///     Tensor: the standard deviations.
            ///
            /// Raises:
            ///     et.ArgumentError: if both `unbiased` and `correction` are given.
            ///     et.DTypeError: if `input` holds integer or bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 3.0], [2.0, 6.0]])
            ///     ...     et.std(x, 1, correction=0).tolist()
            ///     [1.0, 2.0]
            fn std_dev(input: Tensor;
                dim: DimsOrUnbiased = None, unbiased: Option<bool> = None, keepdim: bool = False;
                correction: Option<f64> = None)
                = crate::ops::reductions::std as "std";

            /// Returns the log of summed exponentials of each row of `input` in the dimension(s) `dim`.
            ///
            /// Computed stably (the maximum is subtracted first). Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int or tuple of ints): the dimension(s) to reduce.
            ///     keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: `log(sum(exp(input), dim))`.
            ///
            /// Raises:
            ///     et.DTypeError: if `input` holds integer or bool data.
            ///     et.ShapeError: if a dimension is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.logsumexp(et.tensor([[1000.0, 1000.0]]), 1).tolist()
            ///     [1000.6931762695312]
            fn logsumexp(input: Tensor, dim: Dims; keepdim: bool = False)
                = crate::ops::reductions::logsumexp;

            /// Returns the matrix norm or vector norm of a given tensor.
            ///
            /// A number `p` (0, fractional, ``inf`` and ``-inf`` included) gives the vector p-norm of the
            /// elements over `dim` (all elements when ``None``); ``"fro"`` is the 2-norm over the same
            /// elements (the Frobenius norm of a matrix); ``"nuc"`` is the nuclear norm (the sum of
            /// singular values) of a 2-D input, or over the two dims given in `dim`. Floating-point
            /// input only; the nuclear norm needs a LibTorch carrier.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     p (float or str): the order of the norm: a number, ``"fro"`` or ``"nuc"``.
            ///         Default: ``"fro"``.
            ///     dim (int or tuple of ints, optional): the dimension(s) to reduce.
            ///         Default: ``None`` (all dimensions).
            ///     keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: the norm(s).
            ///
            /// Raises:
            ///     et.ArgumentError: if `p` is a string other than ``"fro"`` or ``"nuc"``.
            ///     et.ShapeError: for ``"nuc"`` without two dimensions to reduce.
            ///     et.DTypeError: if `input` holds integer or bool data.
            ///     et.UnsupportedOpError: for ``"nuc"`` on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([3.0, -4.0])
            ///     ...     et.norm(x).item(), et.norm(x, 1).item(), et.norm(x, float("inf")).item()
            ///     (5.0, 7.0, 4.0)
            fn norm_of(input: Tensor; p: NormOrder = "fro", dim: Dims = None, keepdim: bool = False)
                = crate::ops::reductions::norm as "norm";

            /// Returns the cumulative sum of elements of `input` in the dimension `dim`.
            ///
            /// Floating-point input only (torch's `dtype=` keyword is not accepted).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension to do the operation over.
            ///
            /// Returns:
            ///     Tensor: a tensor of the same shape as `input`.
            ///
            /// Raises:
            ///     et.DTypeError: if `input` holds integer or bool data.
            ///     et.ShapeError: if `dim` is out of range.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.cumsum(et.tensor([1.0, 2.0, 3.0]), 0).tolist()
            ///     [1.0, 3.0, 6.0]
            fn cumsum(input: Tensor, dim: i64;)
                = crate::ops::reductions::cumsum, in_place cumsum_;

            /// Returns the indices of the maximum values of `input`, over all elements or along `dim`.
            ///
            /// The indices are int64 data (no gradient); where the maximum occurs several times, the
            /// index of the first occurrence. With `dim` ``None``, the index into the flattened tensor.
            /// Floating-point input only (unlike torch, integer tensors are refused).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int, optional): the dimension to reduce. Default: ``None`` (the flattened input).
            ///     keepdim (bool): whether the output keeps `dim` with size 1. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: int64 indices.
            ///
            /// Raises:
            ///     et.DTypeError: if `input` holds integer or bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ///     ...     et.argmax(x).item(), et.argmax(x, dim=1).tolist()
            ///     (2, [1, 0])
            fn argmax(input: Tensor; dim: Option<i64> = None, keepdim: bool = False)
                = crate::ops::reductions::argmax;

            /// Returns the indices of the minimum values of `input`, over all elements or along `dim`.
            ///
            /// The indices are int64 data (no gradient); where the minimum occurs several times, the
            /// index of the first occurrence. With `dim` ``None``, the index into the flattened tensor.
            /// Floating-point input only (unlike torch, integer tensors are refused).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int, optional): the dimension to reduce. Default: ``None`` (the flattened input).
            ///     keepdim (bool): whether the output keeps `dim` with size 1. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: int64 indices.
            ///
            /// Raises:
            ///     et.DTypeError: if `input` holds integer or bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ///     ...     et.argmin(x).item(), et.argmin(x, dim=1).tolist()
            ///     (0, [0, 1])
            fn argmin(input: Tensor; dim: Option<i64> = None, keepdim: bool = False)
                = crate::ops::reductions::argmin;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
