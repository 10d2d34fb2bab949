//! `torch.nn.functional`'s 2-D and 3-D poolings and the adaptive ones, as the functions torch
//! declares: their arguments made into the units of `layers.rs` and `sliding.rs`, which
//! record one node each (the 2-D ones through `fused_or_composed`, so the reference carriers
//! compose them). [`functions`] declares their `torch.nn.functional` forms once; the binding
//! generates the Python functions, their stubs and their docs from it.

use super::aten::indexed;
use super::compose::{fused_or_composed, Recorder};
use super::layers::{AdaptiveAvgPool2d, AvgPool2d, MaxPool2d, Window};
use super::sliding::{AdaptiveMaxPool2d, AdaptivePool3d, Pool3d};
use super::Op;
use crate::backend::Backend;
use crate::error::Result;
use crate::handles::{Handle, OneOrPair};

/// `F.max_pool2d`.
#[allow(clippy::too_many_arguments)]
pub fn max_pool2d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    kernel_size: [i64; 2],
    stride: Option<[i64; 2]>,
    padding: [i64; 2],
    dilation: [i64; 2],
    ceil_mode: bool,
    return_indices: bool,
) -> Result<OneOrPair> {
    let w = Window {
        kernel: kernel_size,
        stride: stride.unwrap_or(kernel_size),
        padding,
        dilation,
        ceil_mode,
    };
    let values = fused_or_composed(r, MaxPool2d(w), &[x])?;
    indexed(
        r,
        x,
        values,
        return_indices,
        "max_pool2d_with_indices",
        move |t| {
            Ok(
                t.f_max_pool2d_with_indices(w.kernel, w.stride, w.padding, w.dilation, ceil_mode)?
                    .1,
            )
        },
    )
}

/// `F.avg_pool2d`.
#[allow(clippy::too_many_arguments)]
pub fn avg_pool2d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    kernel_size: [i64; 2],
    stride: Option<[i64; 2]>,
    padding: [i64; 2],
    ceil_mode: bool,
    count_include_pad: bool,
    divisor_override: Option<i64>,
) -> Result<Handle> {
    let window = Window {
        kernel: kernel_size,
        stride: stride.unwrap_or(kernel_size),
        padding,
        dilation: [1, 1],
        ceil_mode,
    };
    let pool = AvgPool2d {
        window,
        count_include_pad,
        divisor_override,
    };
    fused_or_composed(r, pool, &[x])
}

/// `F.adaptive_avg_pool2d` (`None` keeps the input's size).
pub fn adaptive_avg_pool2d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    output_size: [Option<i64>; 2],
) -> Result<Handle> {
    fused_or_composed(r, AdaptiveAvgPool2d(output_size), &[x])
}

/// `F.adaptive_max_pool2d` (`None` keeps the input's size).
pub fn adaptive_max_pool2d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    output_size: [Option<i64>; 2],
    return_indices: bool,
) -> Result<OneOrPair> {
    let shape = r.shape(x)?;
    let keep = |i: usize| {
        shape
            .get(shape.len().wrapping_sub(2 - i))
            .copied()
            .unwrap_or(0)
    };
    let [a, b] = output_size;
    let out = [a.unwrap_or_else(|| keep(0)), b.unwrap_or_else(|| keep(1))];
    let values = r.record(Op::layer(AdaptiveMaxPool2d(out)), &[x])?;
    indexed(
        r,
        x,
        values,
        return_indices,
        "adaptive_max_pool2d",
        move |t| Ok(t.f_adaptive_max_pool2d(out)?.1),
    )
}

/// The output size of an adaptive 3-D pool: `None` keeps the input's size there.
fn adaptive_size<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    output_size: [Option<i64>; 3],
) -> Result<[i64; 3]> {
    let shape = r.shape(x)?;
    let keep = |i: usize| {
        shape
            .get(shape.len().wrapping_sub(3 - i))
            .copied()
            .unwrap_or(0)
    };
    let [a, b, c] = output_size;
    Ok([
        a.unwrap_or_else(|| keep(0)),
        b.unwrap_or_else(|| keep(1)),
        c.unwrap_or_else(|| keep(2)),
    ])
}

/// `F.adaptive_avg_pool3d` (`None` keeps the input's size).
pub fn adaptive_avg_pool3d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    output_size: [Option<i64>; 3],
) -> Result<Handle> {
    let output = adaptive_size(r, x, output_size)?;
    r.record(Op::layer(AdaptivePool3d { output, max: false }), &[x])
}

/// `F.adaptive_max_pool3d` (`None` keeps the input's size).
pub fn adaptive_max_pool3d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    output_size: [Option<i64>; 3],
    return_indices: bool,
) -> Result<OneOrPair> {
    let output = adaptive_size(r, x, output_size)?;
    let values = r.record(Op::layer(AdaptivePool3d { output, max: true }), &[x])?;
    indexed(
        r,
        x,
        values,
        return_indices,
        "adaptive_max_pool3d",
        move |t| Ok(t.f_adaptive_max_pool3d(output)?.1),
    )
}

/// `F.max_pool3d`.
#[allow(clippy::too_many_arguments)]
pub fn max_pool3d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    kernel_size: [i64; 3],
    stride: Option<[i64; 3]>,
    padding: [i64; 3],
    dilation: [i64; 3],
    ceil_mode: bool,
    return_indices: bool,
) -> Result<OneOrPair> {
    let stride = stride.unwrap_or(kernel_size);
    let l = Pool3d {
        kernel: kernel_size,
        stride,
        padding,
        dilation,
        ceil_mode,
        average: None,
    };
    let values = r.record(Op::layer(l), &[x])?;
    indexed(
        r,
        x,
        values,
        return_indices,
        "max_pool3d_with_indices",
        move |t| {
            Ok(
                t.f_max_pool3d_with_indices(kernel_size, stride, padding, dilation, ceil_mode)?
                    .1,
            )
        },
    )
}

/// `F.avg_pool3d`.
#[allow(clippy::too_many_arguments)]
pub fn avg_pool3d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    kernel_size: [i64; 3],
    stride: Option<[i64; 3]>,
    padding: [i64; 3],
    ceil_mode: bool,
    count_include_pad: bool,
    divisor_override: Option<i64>,
) -> Result<Handle> {
    let l = Pool3d {
        kernel: kernel_size,
        stride: stride.unwrap_or(kernel_size),
        padding,
        dilation: [1; 3],
        ceil_mode,
        average: Some((count_include_pad, divisor_override)),
    };
    r.record(Op::layer(l), &[x])
}

/// The `torch.nn.functional` forms of this file's ops, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Applies a 2D max pooling over an input signal composed of several input planes.
            ///
            /// On LibTorch carriers, one node on LibTorch's kernel: the argmax indices are kept as the node's
            /// workspace for the backward, which sends each output's gradient to the element it took (the
            /// reference carriers compose it of the tape's ops).
            ///
            /// Args:
            ///     input (Tensor): `(N, C, H, W)` or unbatched `(C, H, W)`.
            ///     kernel_size (int or tuple): the size of the window, an int or `(kH, kW)`.
            ///     stride (int or tuple, optional): the stride of the window. Default: ``None``
            ///         (`kernel_size`).
            ///     padding (int or tuple): implicit negative-infinity padding on both sides, at most half
            ///         the kernel size. Default: ``0``.
            ///     dilation (int or tuple): the spacing between the window's elements.
            ///         Default: ``1``.
            ///     ceil_mode (bool): use ceil instead of floor to compute the output shape.
            ///         Default: ``False``.
            ///     return_indices (bool): also return the int64 indices of the maxima (one more node: LibTorch's
            ///         ``*_with_indices`` kernel), for ``max_unpool``. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: `(N, C, H_out, W_out)` (or `(C, H_out, W_out)`); with `return_indices`,
            ///     the pair `(values, indices)`.
            ///
            /// Raises:
            ///     ArgumentError: a padding over half the kernel, or a non-positive size.
            ///     ShapeError: the input is not 3-D or 4-D, or the output would be empty.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
            ///     ...     et.max_pool2d(x, 2).tolist()
            ///     [[[[5.0, 7.0], [13.0, 15.0]]]]
            fn max_pool2d(input: Tensor, kernel_size: Ints<2>;
                stride: Stride<2> = None, padding: Ints<2> = 0, dilation: Ints<2> = 1,
                ceil_mode: bool = False, return_indices: bool = False) -> OneOr<(Tensor, Tensor)>
                = crate::ops::pooling::max_pool2d;

            /// Applies 2D average-pooling operation in `kH x kW` regions by step size `sH x sW` steps.
            ///
            /// Records one node (LibTorch's kernel and its backward; the reference carriers compose it).
            ///
            /// Args:
            ///     input (Tensor): `(N, C, H, W)` or unbatched `(C, H, W)`.
            ///     kernel_size (int or tuple): the size of the pooling region, an int or `(kH, kW)`.
            ///     stride (int or tuple, optional): the stride of the pooling operation. Default:
            ///         ``None`` (`kernel_size`).
            ///     padding (int or tuple): implicit zero padding on both sides, at most half the kernel
            ///         size. Default: ``0``.
            ///     ceil_mode (bool): use ceil instead of floor to compute the output shape.
            ///         Default: ``False``.
            ///     count_include_pad (bool): include the zero padding in the averaging calculation.
            ///         Default: ``True``.
            ///     divisor_override (int, optional): the divisor to use instead of the pooling region's
            ///         size. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: `(N, C, H_out, W_out)` (or `(C, H_out, W_out)`).
            ///
            /// Raises:
            ///     ArgumentError: a padding over half the kernel, or a non-positive size.
            ///     ShapeError: the input is not 3-D or 4-D, or the output would be empty.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
            ///     ...     et.avg_pool2d(x, 2).tolist()
            ///     [[[[2.5, 4.5], [10.5, 12.5]]]]
            fn avg_pool2d(input: Tensor, kernel_size: Ints<2>;
                stride: Stride<2> = None, padding: Ints<2> = 0, ceil_mode: bool = False,
                count_include_pad: bool = True, divisor_override: Option<i64> = None)
                = crate::ops::pooling::avg_pool2d;

            /// Applies a 2D adaptive average pooling over an input signal composed of several input planes.
            ///
            /// The output has the size `output_size` whatever the input's size; each output element is the mean
            /// of its adaptive bin.
            ///
            /// Args:
            ///     input (Tensor): `(N, C, H, W)` or unbatched `(C, H, W)`.
            ///     output_size (int or tuple): the target size `(H_out, W_out)`, or one int for a square;
            ///         a ``None`` entry keeps the input's size in that dim.
            ///
            /// Returns:
            ///     Tensor: `(N, C, H_out, W_out)` (or `(C, H_out, W_out)`).
            ///
            /// Raises:
            ///     ArgumentError: `output_size` is neither an int nor a pair.
            ///     ShapeError: the input is not 3-D or 4-D.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
            ///     ...     et.adaptive_avg_pool2d(x, 1).tolist()
            ///     ...     tuple(et.adaptive_avg_pool2d(x, (2, None)).shape)
            ///     [[[[7.5]]]]
            ///     (1, 1, 2, 4)
            fn adaptive_avg_pool2d(input: Tensor, output_size: Size<2>;)
                = crate::ops::pooling::adaptive_avg_pool2d;

            /// Applies a 2D adaptive max pooling over an input signal composed of several input planes.
            ///
            /// The output has the size `output_size` whatever the input's size; each output element is the
            /// maximum of its adaptive bin. One node on LibTorch's kernel, whose argmax indices stay the node's
            /// own workspace for the backward. LibTorch carriers only
            /// (the reference backend raises `UnsupportedOpError`).
            ///
            /// Args:
            ///     input (Tensor): `(N, C, H, W)` or unbatched `(C, H, W)`, not empty.
            ///     output_size (int or tuple): the target size `(H_out, W_out)`, or one int for a square;
            ///         a ``None`` entry keeps the input's size in that dim.
            ///     return_indices (bool): also return the int64 indices of the maxima (one more node: LibTorch's
            ///         ``*_with_indices`` kernel), for ``max_unpool``. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: `(N, C, H_out, W_out)` (or `(C, H_out, W_out)`).
            ///
            /// Raises:
            ///     ArgumentError: a non-positive size, or an `output_size` that
            ///         is neither an int nor a pair.
            ///     ShapeError: the input is not a non-empty 3-D or 4-D tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
            ///     ...     F.adaptive_max_pool2d(x, 2).tolist()
            ///     ...     F.adaptive_max_pool2d(x, (1, None)).tolist()
            ///     [[[[5.0, 7.0], [13.0, 15.0]]]]
            ///     [[[[12.0, 13.0, 14.0, 15.0]]]]
            fn adaptive_max_pool2d(input: Tensor, output_size: Size<2>;
                return_indices: bool = False) -> OneOr<(Tensor, Tensor)>
                = crate::ops::pooling::adaptive_max_pool2d;

            /// Applies a 3D adaptive average pooling over an input signal composed of several input planes.
            ///
            /// The output is of size `D_out x H_out x W_out` for any input size; each bin averages the
            /// input elements it covers (torch's bins). LibTorch carriers only.
            ///
            /// Args:
            ///     input (Tensor): `(N, C, D, H, W)` or `(C, D, H, W)`.
            ///     output_size (int or tuple): the target output size: an int for a cube, or three ints
            ///         or ``None``s (``None`` keeps the input's size there).
            ///
            /// Returns:
            ///     Tensor: `(N, C, D_out, H_out, W_out)` (or without `N`).
            ///
            /// Raises:
            ///     et.ShapeError: the input is not a non-empty 4-D or 5-D tensor.
            ///     et.ArgumentError: an output size that is not positive.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     tuple(et.nn.functional.adaptive_avg_pool3d(et.ones(1, 2, 4, 4, 4), 2).shape)
            ///     (1, 2, 2, 2, 2)
            fn adaptive_avg_pool3d(input: Tensor, output_size: Size<3>;)
                = crate::ops::pooling::adaptive_avg_pool3d;

            /// Applies a 3D adaptive max pooling over an input signal composed of several input planes.
            ///
            /// The output is of size `D_out x H_out x W_out` for any input size; each bin takes the
            /// maximum of the input elements it covers, and the cotangent goes back to that element
            /// (torch's `adaptive_max_pool3d_backward`). LibTorch carriers only.
            ///
            /// Args:
            ///     input (Tensor): `(N, C, D, H, W)` or `(C, D, H, W)`.
            ///     output_size (int or tuple): the target output size: an int for a cube, or three ints
            ///         or ``None``s (``None`` keeps the input's size there).
            ///     return_indices (bool): also return the int64 indices of the maxima (one more node: LibTorch's
            ///         ``*_with_indices`` kernel), for ``max_unpool``. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: `(N, C, D_out, H_out, W_out)` (or without `N`).
            ///
            /// Raises:
            ///     et.ShapeError: the input is not a non-empty 4-D or 5-D tensor.
            ///     et.ArgumentError: an output size that is not positive.
            fn adaptive_max_pool3d(input: Tensor, output_size: Size<3>;
                return_indices: bool = False) -> OneOr<(Tensor, Tensor)>
                = crate::ops::pooling::adaptive_max_pool3d;

            /// Applies a 3D max pooling over an input signal composed of several input planes.
            ///
            /// One node on LibTorch's kernel, whose argmax indices stay the node's own workspace for the
            /// backward. LibTorch carriers only (the reference backend
            /// raises `UnsupportedOpError`).
            ///
            /// Args:
            ///     input (Tensor): `(N, C, D, H, W)` or unbatched `(C, D, H, W)`.
            ///     kernel_size (int or tuple): the size of the window, an int or `(kD, kH, kW)`.
            ///     stride (int or tuple, optional): the stride of the window. Default: ``None``
            ///         (`kernel_size`).
            ///     padding (int or tuple): implicit negative-infinity padding on both sides, at most half
            ///         the effective kernel size. Default: ``0``.
            ///     dilation (int or tuple): the spacing between the window's elements.
            ///         Default: ``1``.
            ///     ceil_mode (bool): use ceil instead of floor to compute the output shape.
            ///         Default: ``False``.
            ///     return_indices (bool): also return the int64 indices of the maxima (one more node: LibTorch's
            ///         ``*_with_indices`` kernel), for ``max_unpool``. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: `(N, C, D_out, H_out, W_out)` (or without the batch dim).
            ///
            /// Raises:
            ///     ArgumentError: a padding over half the kernel, or a non-positive size.
            ///     ShapeError: the input is not 4-D or 5-D, or smaller than the window.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     F.max_pool3d(et.arange(8.0).reshape(1, 1, 2, 2, 2), 2).tolist()
            ///     [[[[[7.0]]]]]
            fn max_pool3d(input: Tensor, kernel_size: Ints<3>;
                stride: Stride<3> = None, padding: Ints<3> = 0, dilation: Ints<3> = 1,
                ceil_mode: bool = False, return_indices: bool = False) -> OneOr<(Tensor, Tensor)>
                = crate::ops::pooling::max_pool3d;

            /// Applies 3D average-pooling operation in `kT x kH x kW` regions by step size `sT x sH x sW`
            /// steps.
            ///
            /// One node on LibTorch's kernel and its backward. LibTorch carriers only (the reference backend
            /// raises `UnsupportedOpError`).
            ///
            /// Args:
            ///     input (Tensor): `(N, C, D, H, W)` or unbatched `(C, D, H, W)`.
            ///     kernel_size (int or tuple): the size of the pooling region, an int or `(kT, kH, kW)`.
            ///     stride (int or tuple, optional): the stride of the pooling operation. Default:
            ///         ``None`` (`kernel_size`).
            ///     padding (int or tuple): implicit zero padding on both sides, at most half the kernel
            ///         size. Default: ``0``.
            ///     ceil_mode (bool): use ceil instead of floor to compute the output shape.
            ///         Default: ``False``.
            ///     count_include_pad (bool): include the zero padding in the averaging calculation.
            ///         Default: ``True``.
            ///     divisor_override (int, optional): a non-zero divisor to use instead of the pooling
            ///         region's size. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: `(N, C, D_out, H_out, W_out)` (or without the batch dim).
            ///
            /// Raises:
            ///     ArgumentError: a padding over half the kernel, a non-positive size, or
            ///         `divisor_override=0`.
            ///     ShapeError: the input is not 4-D or 5-D, or smaller than the window.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     F.avg_pool3d(et.arange(8.0).reshape(1, 1, 2, 2, 2), 2).tolist()
            ///     [[[[[3.5]]]]]
            fn avg_pool3d(input: Tensor, kernel_size: Ints<3>;
                stride: Stride<3> = None, padding: Ints<3> = 0, ceil_mode: bool = False,
                count_include_pad: bool = True, divisor_override: Option<i64> = None)
                = crate::ops::pooling::avg_pool3d;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
