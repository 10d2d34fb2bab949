//! The scatter family of `scatter.rs` and `scatter_reduce.rs` as torch declares it, each a
//! function (`et.scatter(x, ...)`) and a `Tensor` method (`x.scatter(...)`) of one
//! signature: `scatter`, `scatter_add`, `scatter_reduce`, `index_add`, `index_copy`,
//! `index_fill`, `take_along_dim`. None writes into its input. [`functions`] declares them
//! once; the binding generates both forms, their stubs and their docs from it.

use super::compose::{Recorder, TensorOrNumber};
use super::scatter::{IndexAdd, IndexCopy, IndexFill, Scatter, ScatterAdd, TakeAlongDim};
use super::scatter_reduce::{Reduction, ScatterReduce};
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// `scatter(input, dim, index, src=None, *, value=None, reduce=None)`: `src` a tensor or a
/// number (as `value`); `reduce` `"add"` or `"multiply"` with a tensor `src`.
#[allow(clippy::too_many_arguments)]
pub fn scatter<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    index: Handle,
    src: Option<TensorOrNumber>,
    value: Option<f64>,
    reduce: Option<String>,
) -> Result<Handle> {
    let src = match (src, value) {
        (Some(s), None) => s,
        (None, Some(v)) => TensorOrNumber::Number(v),
        _ => {
            return Err(Error::Argument(
                "scatter: give either src (a tensor) or value (a number)".into(),
            ))
        }
    };
    if let Some(reduce) = reduce {
        let reduce = match reduce.as_str() {
            "add" => Reduction::Sum,
            "multiply" => Reduction::Prod,
            other => {
                return Err(Error::Argument(format!(
                    "scatter: reduce argument must be either add or multiply, got {other:?}"
                )))
            }
        };
        let TensorOrNumber::Tensor(src) = src else {
            return Err(Error::Argument(
                "scatter: reduce= with a number value is not supported; use scatter_reduce \
                 with a src tensor"
                    .into(),
            ));
        };
        let l = ScatterReduce {
            dim,
            reduce,
            include_self: true,
        };
        return r.record(Op::layer(l), &[x, index, src]);
    }
    match src {
        TensorOrNumber::Tensor(s) => {
            r.record(Op::movement(Scatter { dim, value: None }), &[x, index, s])
        }
        TensorOrNumber::Number(v) => {
            let m = Scatter {
                dim,
                value: Some(v),
            };
            r.record(Op::movement(m), &[x, index])
        }
    }
}

/// `scatter_add(input, dim, index, src)`.
pub fn scatter_add<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    index: Handle,
    src: Handle,
) -> Result<Handle> {
    r.record(Op::movement(ScatterAdd(dim)), &[x, index, src])
}

/// `scatter_reduce(input, dim, index, src, reduce, *, include_self=True)`.
pub fn scatter_reduce<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    index: Handle,
    src: Handle,
    reduce: String,
    include_self: bool,
) -> Result<Handle> {
    let l = ScatterReduce {
        dim,
        reduce: Reduction::parse(&reduce)?,
        include_self,
    };
    r.record(Op::layer(l), &[x, index, src])
}

/// `index_add(input, dim, index, source, *, alpha=1)`.
pub fn index_add<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    index: Handle,
    source: Handle,
    alpha: f64,
) -> Result<Handle> {
    r.record(Op::movement(IndexAdd { dim, alpha }), &[x, index, source])
}

/// `index_copy(input, dim, index, source)`.
pub fn index_copy<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    index: Handle,
    source: Handle,
) -> Result<Handle> {
    r.record(Op::movement(IndexCopy(dim)), &[x, index, source])
}

/// `index_fill(input, dim, index, value)`: a number, or a 0-d tensor (which gets a
/// gradient).
pub fn index_fill<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    index: Handle,
    value: TensorOrNumber,
) -> Result<Handle> {
    match value {
        TensorOrNumber::Number(v) => {
            let m = IndexFill {
                dim,
                value: Some(v),
            };
            r.record(Op::movement(m), &[x, index])
        }
        TensorOrNumber::Tensor(v) => {
            let m = IndexFill { dim, value: None };
            r.record(Op::movement(m), &[x, index, v])
        }
    }
}

/// `take_along_dim(input, indices, dim=None)`.
pub fn take_along_dim<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    indices: Handle,
    dim: Option<i64>,
) -> Result<Handle> {
    r.record(Op::movement(TakeAlongDim(dim)), &[x, indices])
}

/// The function and method forms of the scatter family, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Writes `src` (or the number `value`) into a copy of `input` at the indices `index`.
            ///
            /// The out-of-place form of torch's `Tensor.scatter_`: for a 2-D input and ``dim=1``,
            /// `out[i][index[i][j]] = src[i][j]`. `input` is not changed. torch's legacy
            /// ``reduce="add"`` / ``"multiply"`` (with a tensor `src`) is `eagertape.scatter_reduce` with
            /// ``"sum"`` / ``"prod"``. The gradient reaches `input` where nothing was written and `src`
            /// at the entries written.
            ///
            /// Args:
            ///     input (Tensor): the destination tensor.
            ///     dim (int): the axis along which to index.
            ///     index (Tensor or array-like): the integer indices.
            ///     src (Tensor or float, optional): the values to scatter; a number is read as `value`.
            ///         Default: ``None``.
            ///     value (float, optional): the number to write at every index, instead of `src`.
            ///         Default: ``None``.
            ///     reduce (str, optional): ``"add"`` or ``"multiply"`` to combine `src` with the values
            ///         already there instead of replacing them. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: the result.
            ///
            /// Raises:
            ///     et.ArgumentError: if neither or both of `src` and `value` are given, if `reduce` is
            ///         not ``"add"`` or ``"multiply"``, or with `reduce` and a number `value`.
            ///     et.DTypeError: if `index` is floating-point data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.zeros(2, 3)
            ///     ...     et.scatter(x, 1, [[2], [0]], value=1.0).tolist()
            ///     [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]
            fn scatter(input: Tensor, dim: i64, index: Index;
                src: Option<TensorOrNumber> = None;
                value: Option<f64> = None, reduce: Option<Str> = None)
                = crate::ops::scatters::scatter, in_place scatter_;

            /// Adds the values of `src` into a copy of `input` at the indices specified in `index`.
            ///
            /// The out-of-place form of torch's `Tensor.scatter_add_`: for a 2-D input and ``dim=1``,
            /// `out[i][index[i][j]] += src[i][j]`; repeated indices accumulate. Both `input` and `src`
            /// get a gradient. Needs a LibTorch carrier.
            ///
            /// Args:
            ///     input (Tensor): the destination tensor.
            ///     dim (int): the axis along which to index.
            ///     index (Tensor or array-like): the integer indices.
            ///     src (Tensor or array-like): the values to add.
            ///
            /// Returns:
            ///     Tensor: the result.
            ///
            /// Raises:
            ///     et.DTypeError: if `index` is floating-point data.
            ///     et.UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.zeros(3)
            ///     ...     et.scatter_add(x, 0, [0, 0, 2], et.tensor([1.0, 2.0, 3.0])).tolist()
            ///     [3.0, 0.0, 3.0]
            fn scatter_add(input: Tensor, dim: i64, index: Index, src: Tensor;)
                = crate::ops::scatters::scatter_add, in_place scatter_add_;

            /// Reduces the values of `src` into a copy of `input` at the indices specified in `index`.
            ///
            /// The out-of-place form of torch's `Tensor.scatter_reduce_`: every `src` value sent to the
            /// same position is combined by `reduce`, together with `input`'s value there when
            /// `include_self`. Positions no index reaches keep `input`'s value. Needs a LibTorch
            /// carrier.
            ///
            /// Args:
            ///     input (Tensor): the destination tensor.
            ///     dim (int): the axis along which to index.
            ///     index (Tensor or array-like): the integer indices.
            ///     src (Tensor or array-like): the values to reduce.
            ///     reduce (str): ``"sum"``, ``"prod"``, ``"mean"``, ``"amax"`` or ``"amin"``.
            ///     include_self (bool): whether `input`'s values at the indexed positions take part in
            ///         the reduction. Default: ``True``.
            ///
            /// Returns:
            ///     Tensor: the result.
            ///
            /// Raises:
            ///     et.ArgumentError: if `reduce` is not one of the five names.
            ///     et.DTypeError: if `index` is floating-point data.
            ///     et.UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.zeros(2)
            ///     ...     src = et.tensor([1.0, 5.0, 3.0])
            ///     ...     et.scatter_reduce(x, 0, [0, 0, 1], src, "amax", include_self=False).tolist()
            ///     [5.0, 3.0]
            fn scatter_reduce(input: Tensor, dim: i64, index: Index, src: Tensor, reduce: Str;
                ; include_self: bool = True)
                = crate::ops::scatters::scatter_reduce, in_place scatter_reduce_;

            /// Adds `alpha` times the slices of `source` into a copy of `input` at the indices `index`.
            ///
            /// The out-of-place form of torch's `Tensor.index_add_`: with ``dim=0``,
            /// `out[index[i]] += alpha * source[i]`; repeated indices accumulate. Needs a LibTorch
            /// carrier.
            ///
            /// Args:
            ///     input (Tensor): the destination tensor.
            ///     dim (int): the dimension along which to index.
            ///     index (Tensor or array-like): the 1-D integer indices of `input` to add to.
            ///     source (Tensor or array-like): the slices to add, `len(index)` long in `dim`.
            ///     alpha (float): the scalar multiplier for `source`. Default: ``1.0``.
            ///
            /// Returns:
            ///     Tensor: the result.
            ///
            /// Raises:
            ///     et.DTypeError: if `index` is floating-point data.
            ///     et.UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.zeros(3, 2)
            ///     ...     et.index_add(x, 0, [2, 0], et.ones(2, 2), alpha=2.0).tolist()
            ///     [[2.0, 2.0], [0.0, 0.0], [2.0, 2.0]]
            fn index_add(input: Tensor, dim: i64, index: Index, source: Tensor;
                ; alpha: f64 = 1.0)
                = crate::ops::scatters::index_add, in_place index_add_;

            /// Copies the slices of `source` into a copy of `input` at the indices given in `index`.
            ///
            /// The out-of-place form of torch's `Tensor.index_copy_`: with ``dim=0``,
            /// `out[index[i]] = source[i]`. The gradient reaches `input` where nothing was copied and
            /// `source` for what it wrote.
            ///
            /// Args:
            ///     input (Tensor): the destination tensor.
            ///     dim (int): the dimension along which to index.
            ///     index (Tensor or array-like): the 1-D integer indices of `input` to write to.
            ///     source (Tensor or array-like): the slices to copy, `len(index)` long in `dim`.
            ///
            /// Returns:
            ///     Tensor: the result.
            ///
            /// Raises:
            ///     et.DTypeError: if `index` is floating-point data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.zeros(3, 2)
            ///     ...     et.index_copy(x, 0, [2, 0], et.tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
            ///     [[3.0, 4.0], [0.0, 0.0], [1.0, 2.0]]
            fn index_copy(input: Tensor, dim: i64, index: Index, source: Tensor;)
                = crate::ops::scatters::index_copy, in_place index_copy_;

            /// Fills the slices of a copy of `input` selected by `index` along `dim` with `value`.
            ///
            /// The out-of-place form of torch's `Tensor.index_fill_`. A 0-d tensor `value` is an operand:
            /// it gets the gradient of the positions it fills.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension along which to index.
            ///     index (Tensor or array-like): the 1-D integer indices of the slices to fill.
            ///     value (float or Tensor): the value to fill with: a number or a 0-d tensor.
            ///
            /// Returns:
            ///     Tensor: the result.
            ///
            /// Raises:
            ///     et.DTypeError: if `index` is floating-point data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.zeros(2, 3)
            ///     ...     et.index_fill(x, 1, [0, 2], -1.0).tolist()
            ///     [[-1.0, 0.0, -1.0], [-1.0, 0.0, -1.0]]
            fn index_fill(input: Tensor, dim: i64, index: Index, value: TensorOrNumber;)
                = crate::ops::scatters::index_fill, in_place index_fill_;

            /// Selects values from `input` at the indices `indices` along the given `dim`.
            ///
            /// Like `eagertape.gather`, but `input` and `indices` broadcast against each other outside
            /// `dim`; with `dim` ``None`` both are flattened first. The gradient is scattered back.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     indices (Tensor or array-like): the integer indices into `input`.
            ///     dim (int, optional): the dimension to select along. Default: ``None`` (the flattened
            ///         input).
            ///
            /// Returns:
            ///     Tensor: the selected values.
            ///
            /// Raises:
            ///     et.DTypeError: if `indices` is floating-point data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[10.0, 30.0, 20.0], [60.0, 40.0, 50.0]])
            ///     ...     et.take_along_dim(x, et.argmax(x, 1, keepdim=True), 1).tolist()
            ///     [[30.0], [60.0]]
            fn take_along_dim(input: Tensor, indices: Index; dim: Option<i64> = None)
                = crate::ops::scatters::take_along_dim;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
