//! The max poolings' argmax indices, and the unpoolings that take them back: torch's
//! `return_indices=True` (`F.max_pool2d(..., return_indices=True)`, the `F.*_with_indices`
//! forms), `F.max_unpool1d/2d/3d`, and `F.fractional_max_pool2d/3d` (`Session` entry
//! points in `session/noise.rs`, which draws their random samples).
//!
//! The values stay the pooling's own node (`pooling.rs`, `pool1d.rs`: LibTorch's kernel with
//! the indices as its workspace, or the reference carriers' composition). Indices a caller
//! asks for are one more node (`aten::indexed`), an [`Aten`] running LibTorch's
//! `*_with_indices` kernel on the same input: int64 data, which the sweep sends no cotangent
//! to. An unpooling is one
//! [`Aten`] node (LibTorch's kernel forward, its autograd backward: the cotangent gathered at
//! the indices), with torch's default output size and its checks of a given one.
//!
//! [`functions`] declares their `torch.nn.functional` forms once; the binding generates the
//! Python functions, their stubs and their docs from it.

use super::aten::{pair, Aten};
use super::compose::Recorder;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// Forms that always return `(values, indices)`: `F.max_pool2d_with_indices` is
/// `F.max_pool2d(..., return_indices=True)` (its own `return_indices` is ignored, as torch's).
macro_rules! with_indices {
    ($($name:ident = $f:path, ($($arg:ident: $ty:ty),*);)*) => {$(
        #[allow(clippy::too_many_arguments)]
        #[doc = concat!("`F.", stringify!($name), "`: the values and their int64 indices.")]
        pub fn $name<B: Backend>(
            r: &mut dyn Recorder<B>,
            x: Handle,
            $($arg: $ty,)*
            _return_indices: bool,
        ) -> Result<(Handle, Handle)> {
            pair(stringify!($name), $f(r, x, $($arg,)* true)?)
        }
    )*};
}

with_indices! {
    max_pool1d_with_indices = super::pool1d::max_pool1d, (kernel_size: [i64; 1],
        stride: Option<[i64; 1]>, padding: [i64; 1], dilation: [i64; 1], ceil_mode: bool);
    max_pool2d_with_indices = super::pooling::max_pool2d, (kernel_size: [i64; 2],
        stride: Option<[i64; 2]>, padding: [i64; 2], dilation: [i64; 2], ceil_mode: bool);
    max_pool3d_with_indices = super::pooling::max_pool3d, (kernel_size: [i64; 3],
        stride: Option<[i64; 3]>, padding: [i64; 3], dilation: [i64; 3], ceil_mode: bool);
    adaptive_max_pool1d_with_indices = super::pool1d::adaptive_max_pool1d,
        (output_size: [i64; 1]);
    adaptive_max_pool2d_with_indices = super::pooling::adaptive_max_pool2d,
        (output_size: [Option<i64>; 2]);
    adaptive_max_pool3d_with_indices = super::pooling::adaptive_max_pool3d,
        (output_size: [Option<i64>; 3]);
}

/// torch's `_unpool_output_size`: the spatial size an unpooling of `input` makes, its default
/// (what the pooling's window maps back to) or a given `output_size` (`N` sizes, or `N + 2`
/// with the batch and channel sizes first) within one stride of it.
fn unpool_size(
    name: &str,
    input: &[i64],
    kernel: &[i64],
    stride: &[i64],
    padding: &[i64],
    output_size: Option<Vec<i64>>,
) -> Result<Vec<i64>> {
    let n = kernel.len();
    if input.len() != n + 1 && input.len() != n + 2 {
        return Err(Error::Shape(format!(
            "{name}: expected a {}-D or {}-D input, got shape {input:?}",
            n + 1,
            n + 2
        )));
    }
    let spatial = &input[input.len() - n..];
    let default: Vec<i64> = (0..n)
        .map(|d| (spatial[d] - 1) * stride[d] + kernel[d] - 2 * padding[d])
        .collect();
    let Some(mut given) = output_size else {
        return Ok(default);
    };
    if given.len() == n + 2 {
        given.drain(..2);
    }
    if given.len() != n {
        return Err(Error::Argument(format!(
            "{name}: output_size should be a sequence containing {n} or {} elements, but it \
             has a length of '{}'",
            n + 2,
            given.len()
        )));
    }
    for d in 0..n {
        let (lo, hi) = (default[d] - stride[d], default[d] + stride[d]);
        if given[d] <= lo || given[d] >= hi {
            return Err(Error::Argument(format!(
                "{name}: invalid output_size {given:?} (dim {d} must be between {lo} and {hi})"
            )));
        }
    }
    Ok(given)
}

/// The shape rule of an unpooling to `size`: the input's leading dims, then `size`; the
/// indices must have the input's shape.
fn unpooled(name: &'static str, size: Vec<i64>) -> impl Fn(&[&[i64]]) -> Result<Vec<i64>> {
    move |s| {
        if s[0] != s[1] {
            return Err(Error::Shape(format!(
                "{name}: Expected shape of indices to be same as that of the input tensor ({:?}) \
                 but got indices tensor with shape: {:?}",
                s[0], s[1]
            )));
        }
        let lead = &s[0][..s[0].len() - size.len()];
        Ok(lead.iter().chain(&size).copied().collect())
    }
}

/// LibTorch's unpooling kernel: `(input, indices, size, stride, padding)` to the result.
type UnpoolKernel<const N: usize> =
    fn(&tch::Tensor, &tch::Tensor, &[i64], [i64; N], [i64; N]) -> Result<tch::Tensor>;

/// An unpooling of `x` by `indices` to torch's output size (`unpool_size` of the pooling's
/// `kernel`, `stride` — the kernel where `None` — and `padding`): one [`Aten`] node running
/// `call(input, indices, size, stride, padding)`, the indices int64 data.
#[allow(clippy::too_many_arguments)]
fn unpool<B: Backend, const N: usize>(
    r: &mut dyn Recorder<B>,
    name: &'static str,
    x: Handle,
    indices: Handle,
    kernel: [i64; N],
    stride: Option<[i64; N]>,
    padding: [i64; N],
    output_size: Option<Vec<i64>>,
    call: UnpoolKernel<N>,
) -> Result<Handle> {
    let stride = stride.unwrap_or(kernel);
    let input = r.shape(x)?;
    let size = unpool_size(name, &input, &kernel, &stride, &padding, output_size)?;
    let out = size.clone();
    Aten::new(name, 2, unpooled(name, size), move |t| {
        call(&t[0], &t[1], &out, stride, padding)
    })
    .with_data(&[1])
    .record(r, &[x, indices])
}

/// `F.max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None)`:
/// LibTorch's `max_unpool2d` on `input` and `indices` unsqueezed at the end (torch's own
/// composition), one node.
pub fn max_unpool1d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    indices: Handle,
    kernel_size: [i64; 1],
    stride: Option<[i64; 1]>,
    padding: [i64; 1],
    output_size: Option<Vec<i64>>,
) -> Result<Handle> {
    let call = |x: &tch::Tensor, i: &tch::Tensor, size: &[i64], _: [i64; 1], _: [i64; 1]| {
        let (x, i) = (x.f_unsqueeze(-1)?, i.f_unsqueeze(-1)?);
        Ok(x.f_max_unpool2d(&i, [size[0], 1])?.f_squeeze_dim(-1)?)
    };
    unpool(
        r,
        "max_unpool1d",
        x,
        indices,
        kernel_size,
        stride,
        padding,
        output_size,
        call,
    )
}

/// `F.max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None)`.
pub fn max_unpool2d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    indices: Handle,
    kernel_size: [i64; 2],
    stride: Option<[i64; 2]>,
    padding: [i64; 2],
    output_size: Option<Vec<i64>>,
) -> Result<Handle> {
    let call = |x: &tch::Tensor, i: &tch::Tensor, size: &[i64], _: [i64; 2], _: [i64; 2]| {
        Ok(x.f_max_unpool2d(i, size)?)
    };
    unpool(
        r,
        "max_unpool2d",
        x,
        indices,
        kernel_size,
        stride,
        padding,
        output_size,
        call,
    )
}

/// `F.max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None)`.
pub fn max_unpool3d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    indices: Handle,
    kernel_size: [i64; 3],
    stride: Option<[i64; 3]>,
    padding: [i64; 3],
    output_size: Option<Vec<i64>>,
) -> Result<Handle> {
    let call = |x: &tch::Tensor, i: &tch::Tensor, size: &[i64], s: [i64; 3], p: [i64; 3]| {
        Ok(x.f_max_unpool3d(i, size, s, p)?)
    };
    unpool(
        r,
        "max_unpool3d",
        x,
        indices,
        kernel_size,
        stride,
        padding,
        output_size,
        call,
    )
}

/// The `torch.nn.functional` forms of this file's ops, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// ``F.max_pool1d(..., return_indices=True)``: the maxima and their int64 indices
            /// (positions along the input's last dim). The ``return_indices`` argument is ignored.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, L)`` or ``(C, L)``.
            ///     kernel_size (int or tuple): the window's size.
            ///     stride (int or tuple, optional): the window's stride. Default: ``None``
            ///         (``kernel_size``).
            ///     padding (int or tuple): implicit negative-infinity padding. Default: ``0``.
            ///     dilation (int or tuple): the spacing of the window's elements. Default: ``1``.
            ///     ceil_mode (bool): ceil instead of floor for the output size. Default: ``False``.
            ///     return_indices (bool): ignored (the pair is returned). Default: ``False``.
            ///
            /// Returns:
            ///     tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     v, i = F.max_pool1d_with_indices(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2)
            ///     ...     v.tolist(), i.tolist()
            ///     ([[[3.0, 5.0]]], [[[1, 3]]])
            fn max_pool1d_with_indices(input: Tensor, kernel_size: Ints<1>;
                stride: Stride<1> = None, padding: Ints<1> = 0, dilation: Ints<1> = 1,
                ceil_mode: bool = False, return_indices: bool = False) -> (Tensor, Tensor)
                = crate::ops::pool_indices::max_pool1d_with_indices;

            /// ``F.max_pool2d(..., return_indices=True)``: the maxima and their int64 indices
            /// (flat positions in each input plane). The ``return_indices`` argument is ignored.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, H, W)`` or ``(C, H, W)``.
            ///     kernel_size (int or tuple): the window's size.
            ///     stride (int or tuple, optional): the window's stride. Default: ``None``
            ///         (``kernel_size``).
            ///     padding (int or tuple): implicit negative-infinity padding. Default: ``0``.
            ///     dilation (int or tuple): the spacing of the window's elements. Default: ``1``.
            ///     ceil_mode (bool): ceil instead of floor for the output size. Default: ``False``.
            ///     return_indices (bool): ignored (the pair is returned). Default: ``False``.
            ///
            /// Returns:
            ///     tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
            ///     ...     F.max_pool2d_with_indices(x, 2)[1].tolist()
            ///     [[[[5, 7], [13, 15]]]]
            fn max_pool2d_with_indices(input: Tensor, kernel_size: Ints<2>;
                stride: Stride<2> = None, padding: Ints<2> = 0, dilation: Ints<2> = 1,
                ceil_mode: bool = False, return_indices: bool = False) -> (Tensor, Tensor)
                = crate::ops::pool_indices::max_pool2d_with_indices;

            /// ``F.max_pool3d(..., return_indices=True)``: the maxima and their int64 indices
            /// (flat positions in each input volume). The ``return_indices`` argument is ignored.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, D, H, W)`` or ``(C, D, H, W)``.
            ///     kernel_size (int or tuple): the window's size.
            ///     stride (int or tuple, optional): the window's stride. Default: ``None``
            ///         (``kernel_size``).
            ///     padding (int or tuple): implicit negative-infinity padding. Default: ``0``.
            ///     dilation (int or tuple): the spacing of the window's elements. Default: ``1``.
            ///     ceil_mode (bool): ceil instead of floor for the output size. Default: ``False``.
            ///     return_indices (bool): ignored (the pair is returned). Default: ``False``.
            ///
            /// Returns:
            ///     tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
            fn max_pool3d_with_indices(input: Tensor, kernel_size: Ints<3>;
                stride: Stride<3> = None, padding: Ints<3> = 0, dilation: Ints<3> = 1,
                ceil_mode: bool = False, return_indices: bool = False) -> (Tensor, Tensor)
                = crate::ops::pool_indices::max_pool3d_with_indices;

            /// ``F.adaptive_max_pool1d(..., return_indices=True)``: the maxima and their int64
            /// indices. The ``return_indices`` argument is ignored.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, L)`` or ``(C, L)``.
            ///     output_size (int or tuple): the target output size (``None`` entries keep the
            ///         input's).
            ///     return_indices (bool): ignored (the pair is returned). Default: ``False``.
            ///
            /// Returns:
            ///     tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
            fn adaptive_max_pool1d_with_indices(input: Tensor, output_size: Ints<1>;
                return_indices: bool = False) -> (Tensor, Tensor)
                = crate::ops::pool_indices::adaptive_max_pool1d_with_indices;

            /// ``F.adaptive_max_pool2d(..., return_indices=True)``: the maxima and their int64
            /// indices. The ``return_indices`` argument is ignored.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, H, W)`` or ``(C, H, W)``.
            ///     output_size (int or tuple): the target output size (``None`` entries keep the
            ///         input's).
            ///     return_indices (bool): ignored (the pair is returned). Default: ``False``.
            ///
            /// Returns:
            ///     tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
            fn adaptive_max_pool2d_with_indices(input: Tensor, output_size: Size<2>;
                return_indices: bool = False) -> (Tensor, Tensor)
                = crate::ops::pool_indices::adaptive_max_pool2d_with_indices;

            /// ``F.adaptive_max_pool3d(..., return_indices=True)``: the maxima and their int64
            /// indices. The ``return_indices`` argument is ignored.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, D, H, W)`` or ``(C, D, H, W)``.
            ///     output_size (int or tuple): the target output size (``None`` entries keep the
            ///         input's).
            ///     return_indices (bool): ignored (the pair is returned). Default: ``False``.
            ///
            /// Returns:
            ///     tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
            fn adaptive_max_pool3d_with_indices(input: Tensor, output_size: Size<3>;
                return_indices: bool = False) -> (Tensor, Tensor)
                = crate::ops::pool_indices::adaptive_max_pool3d_with_indices;

            /// Compute a partial inverse of ``MaxPool1d``: each value goes to the position its
            /// index names, every other position is zero; the gradient gathers the cotangent at
            /// the indices (LibTorch's kernel and autograd, one node).
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, L)`` or ``(C, L)``, the pooled values.
            ///     indices (Tensor): int64, ``input``'s shape: what ``max_pool1d`` returned.
            ///     kernel_size (int or 1-tuple): the pooling's window.
            ///     stride (int or 1-tuple, optional): the pooling's stride. Default: ``None``
            ///         (``kernel_size``).
            ///     padding (int or 1-tuple): the pooling's padding. Default: ``0``.
            ///     output_size (sequence of ints, optional): the length to make, within one stride
            ///         of the default ``(L - 1) * stride + kernel_size - 2 * padding`` (the batch and
            ///         channel sizes may lead). Default: ``None``.
            ///
            /// Raises:
            ///     ArgumentError: an ``output_size`` of another length or out of range.
            ///     ShapeError: ``input`` not 2-D or 3-D, or ``indices`` of another shape.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     v, i = F.max_pool1d(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2, return_indices=True)
            ///     ...     F.max_unpool1d(v, i, 2).tolist()
            ///     [[[0.0, 3.0, 0.0, 5.0]]]
            fn max_unpool1d(input: Tensor, indices: Tensor, kernel_size: Ints<1>;
                stride: Stride<1> = None, padding: Ints<1> = 0, output_size: Option<Shape> = None)
                = crate::ops::pool_indices::max_unpool1d;

            /// Compute a partial inverse of ``MaxPool2d``: each value goes to the position its
            /// index names in its plane, every other position is zero; the gradient gathers the
            /// cotangent at the indices (LibTorch's kernel and autograd, one node).
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, H, W)`` or ``(C, H, W)``, the pooled values.
            ///     indices (Tensor): int64, ``input``'s shape: what ``max_pool2d`` returned.
            ///     kernel_size (int or tuple): the pooling's window.
            ///     stride (int or tuple, optional): the pooling's stride. Default: ``None``
            ///         (``kernel_size``).
            ///     padding (int or tuple): the pooling's padding. Default: ``0``.
            ///     output_size (sequence of ints, optional): the ``(H, W)`` to make, each within
            ///         one stride of its default (the batch and channel sizes may lead).
            ///         Default: ``None``.
            ///
            /// Raises:
            ///     ArgumentError: an ``output_size`` of another length or out of range.
            ///     ShapeError: ``input`` not 3-D or 4-D, or ``indices`` of another shape.
            fn max_unpool2d(input: Tensor, indices: Tensor, kernel_size: Ints<2>;
                stride: Stride<2> = None, padding: Ints<2> = 0, output_size: Option<Shape> = None)
                = crate::ops::pool_indices::max_unpool2d;

            /// Compute a partial inverse of ``MaxPool3d``: each value goes to the position its
            /// index names in its volume, every other position is zero; the gradient gathers the
            /// cotangent at the indices (LibTorch's kernel and autograd, one node).
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, D, H, W)`` or ``(C, D, H, W)``, the pooled values.
            ///     indices (Tensor): int64, ``input``'s shape: what ``max_pool3d`` returned.
            ///     kernel_size (int or tuple): the pooling's window.
            ///     stride (int or tuple, optional): the pooling's stride. Default: ``None``
            ///         (``kernel_size``).
            ///     padding (int or tuple): the pooling's padding. Default: ``0``.
            ///     output_size (sequence of ints, optional): the ``(D, H, W)`` to make, each
            ///         within one stride of its default. Default: ``None``.
            ///
            /// Raises:
            ///     ArgumentError: an ``output_size`` of another length or out of range.
            ///     ShapeError: ``input`` not 4-D or 5-D, or ``indices`` of another shape.
            fn max_unpool3d(input: Tensor, indices: Tensor, kernel_size: Ints<3>;
                stride: Stride<3> = None, padding: Ints<3> = 0, output_size: Option<Shape> = None)
                = crate::ops::pool_indices::max_unpool3d;

            /// Applies 2D fractional max pooling over an input signal composed of several input
            /// planes (Ben Graham's pseudo-random windows).
            ///
            /// LibTorch's kernel, the windows placed by ``_random_samples``: ``(N, C, 2)`` in
            /// ``[0, 1)``, drawn from the session's generator in the input's dtype where not given
            /// (torch draws them from its own, so the windows match torch's only for given samples).
            /// The gradient goes to each window's maximum.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, H, W)`` or ``(C, H, W)``.
            ///     kernel_size (int or tuple): the window's size.
            ///     output_size (int or tuple, optional): the ``(H_out, W_out)`` to make.
            ///     output_ratio (float or tuple, optional): the output size as a fraction of the
            ///         input's (truncated), where ``output_size`` is not given.
            ///     return_indices (bool): also return the int64 indices of the maxima (for
            ///         ``max_unpool2d``). Default: ``False``.
            ///     _random_samples (Tensor, optional): the windows' samples. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor, or (Tensor, Tensor) with ``return_indices``.
            ///
            /// Raises:
            ///     ArgumentError: neither ``output_size`` nor ``output_ratio``, or a negative size.
            ///     ShapeError: ``input`` not 3-D or 4-D, or windows that do not fit in it
            ///         (``output_size + kernel_size - 1 > input size``, torch's check).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     tuple(F.fractional_max_pool2d(et.randn(1, 2, 8, 8), 2, output_size=4).shape)
            ///     (1, 2, 4, 4)
            fn fractional_max_pool2d(input: Tensor, kernel_size: Ints<2>;
                output_size: Option<Ints<2>> = None, output_ratio: Option<EachFloat> = None,
                return_indices: bool = False, _random_samples: Option<Tensor> = None)
                -> OneOr<(Tensor, Tensor)>
                = @session Session::fractional_max_pool2d;

            /// ``F.fractional_max_pool2d(..., return_indices=True)``: the maxima and their int64
            /// indices. The ``return_indices`` argument is ignored.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, H, W)`` or ``(C, H, W)``.
            ///     kernel_size (int or tuple): the window's size.
            ///     output_size (int or tuple, optional): the output's size.
            ///     output_ratio (float or tuple, optional): the output's size as a fraction of the
            ///         input's, where ``output_size`` is not given.
            ///     return_indices (bool): ignored (the pair is returned). Default: ``False``.
            ///     _random_samples (Tensor, optional): the windows' samples ``(N, C, 2)`` in
            ///         ``[0, 1)``. Default: ``None`` (drawn from the session's generator).
            ///
            /// Returns:
            ///     tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
            fn fractional_max_pool2d_with_indices(input: Tensor, kernel_size: Ints<2>;
                output_size: Option<Ints<2>> = None, output_ratio: Option<EachFloat> = None,
                return_indices: bool = False, _random_samples: Option<Tensor> = None)
                -> (Tensor, Tensor)
                = @session Session::fractional_max_pool2d_with_indices;

            /// Applies 3D fractional max pooling over an input signal composed of several input
            /// planes (Ben Graham's pseudo-random windows).
            ///
            /// LibTorch's kernel, the windows placed by ``_random_samples``: ``(N, C, 3)`` in
            /// ``[0, 1)``, drawn from the session's generator in the input's dtype where not given.
            /// The gradient goes to each window's maximum.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, T, H, W)`` or ``(C, T, H, W)``.
            ///     kernel_size (int or tuple): the window's size.
            ///     output_size (int or tuple, optional): the ``(T_out, H_out, W_out)`` to make.
            ///     output_ratio (float or tuple, optional): the output size as a fraction of the
            ///         input's (truncated), where ``output_size`` is not given.
            ///     return_indices (bool): also return the int64 indices of the maxima.
            ///         Default: ``False``.
            ///     _random_samples (Tensor, optional): the windows' samples. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor, or (Tensor, Tensor) with ``return_indices``.
            ///
            /// Raises:
            ///     ArgumentError: neither ``output_size`` nor ``output_ratio``, or a negative size.
            ///     ShapeError: ``input`` not 4-D or 5-D, or windows that do not fit in it
            ///         (``output_size + kernel_size - 1 >= input size``, torch's check).
            fn fractional_max_pool3d(input: Tensor, kernel_size: Ints<3>;
                output_size: Option<Ints<3>> = None, output_ratio: Option<EachFloat> = None,
                return_indices: bool = False, _random_samples: Option<Tensor> = None)
                -> OneOr<(Tensor, Tensor)>
                = @session Session::fractional_max_pool3d;

            /// ``F.fractional_max_pool3d(..., return_indices=True)``: the maxima and their int64
            /// indices. The ``return_indices`` argument is ignored.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, D, H, W)`` or ``(C, D, H, W)``.
            ///     kernel_size (int or tuple): the window's size.
            ///     output_size (int or tuple, optional): the output's size.
            ///     output_ratio (float or tuple, optional): the output's size as a fraction of the
            ///         input's, where ``output_size`` is not given.
            ///     return_indices (bool): ignored (the pair is returned). Default: ``False``.
            ///     _random_samples (Tensor, optional): the windows' samples ``(N, C, 3)`` in
            ///         ``[0, 1)``. Default: ``None`` (drawn from the session's generator).
            ///
            /// Returns:
            ///     tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
            fn fractional_max_pool3d_with_indices(input: Tensor, kernel_size: Ints<3>;
                output_size: Option<Ints<3>> = None, output_ratio: Option<EachFloat> = None,
                return_indices: bool = False, _random_samples: Option<Tensor> = None)
                -> (Tensor, Tensor)
                = @session Session::fractional_max_pool3d_with_indices;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
