//! `torch.nn.functional`'s 1-D poolings (`max_pool1d`, `avg_pool1d`, `adaptive_avg_pool1d`,
//! `adaptive_max_pool1d`): compositions over the 2-D layers on a `1 × L` window (torch's own
//! composition: the same maxima, averages and gradients), an `(N, C, L)` or `(C, L)` input
//! unsqueezed at dim -2 and the result squeezed back.
//!
//! [`functions`] declares their `torch.nn.functional` forms (signature, defaults, docstring)
//! once; the binding generates the Python functions, their stubs and their docs from it.

use super::aten::indexed;
use super::compose::{fused_or_composed, squeeze, unsqueeze, Recorder};
use super::layers::{AdaptiveAvgPool2d, AvgPool2d, MaxPool2d, Window};
use super::sliding::AdaptiveMaxPool2d;
use super::Op;
use crate::backend::Backend;
use crate::error::Result;
use crate::handles::{Handle, OneOrPair};

/// The 2-D window of a 1-D one: one row.
fn row(kernel: i64, stride: Option<i64>, padding: i64, dilation: i64, ceil_mode: bool) -> Window {
    Window {
        kernel: [1, kernel],
        stride: [1, stride.unwrap_or(kernel)],
        padding: [0, padding],
        dilation: [1, dilation],
        ceil_mode,
    }
}

/// `f` on `x` unsqueezed at dim -2, the result squeezed back.
fn on_rows<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    f: impl FnOnce(&mut dyn Recorder<B>, Handle) -> Result<Handle>,
) -> Result<Handle> {
    let rows = unsqueeze(r, x, -2)?;
    let y = f(r, rows)?;
    squeeze(r, y, -2)
}

/// `F.max_pool1d`.
#[allow(clippy::too_many_arguments)]
pub fn max_pool1d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    kernel_size: [i64; 1],
    stride: Option<[i64; 1]>,
    padding: [i64; 1],
    dilation: [i64; 1],
    ceil_mode: bool,
    return_indices: bool,
) -> Result<OneOrPair> {
    let w = row(
        kernel_size[0],
        stride.map(|s| s[0]),
        padding[0],
        dilation[0],
        ceil_mode,
    );
    let values = on_rows(r, x, |r, x| fused_or_composed(r, MaxPool2d(w), &[x]))?;
    let [k, s, p, d] = [w.kernel[1], w.stride[1], w.padding[1], w.dilation[1]];
    indexed(
        r,
        x,
        values,
        return_indices,
        "max_pool1d_with_indices",
        move |t| {
            Ok(t.f_max_pool1d_with_indices([k], [s], [p], [d], ceil_mode)?
                .1)
        },
    )
}

/// `F.avg_pool1d`.
pub fn avg_pool1d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    kernel_size: [i64; 1],
    stride: Option<[i64; 1]>,
    padding: [i64; 1],
    ceil_mode: bool,
    count_include_pad: bool,
) -> Result<Handle> {
    let window = row(
        kernel_size[0],
        stride.map(|s| s[0]),
        padding[0],
        1,
        ceil_mode,
    );
    let pool = AvgPool2d {
        window,
        count_include_pad,
        divisor_override: None,
    };
    on_rows(r, x, |r, x| fused_or_composed(r, pool, &[x]))
}

/// `F.adaptive_avg_pool1d`.
pub fn adaptive_avg_pool1d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    output_size: [i64; 1],
) -> Result<Handle> {
    let pool = AdaptiveAvgPool2d([Some(1), Some(output_size[0])]);
    on_rows(r, x, |r, x| fused_or_composed(r, pool, &[x]))
}

/// `F.adaptive_max_pool1d`.
pub fn adaptive_max_pool1d<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    output_size: [i64; 1],
    return_indices: bool,
) -> Result<OneOrPair> {
    let pool = AdaptiveMaxPool2d([1, output_size[0]]);
    let values = on_rows(r, x, |r, x| r.record(Op::layer(pool), &[x]))?;
    indexed(
        r,
        x,
        values,
        return_indices,
        "adaptive_max_pool1d",
        move |t| Ok(t.f_adaptive_max_pool1d(output_size)?.1),
    )
}

/// The `torch.nn.functional` forms of this file's ops, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Applies a 1D max pooling over an input signal composed of several input planes.
            ///
            /// Computed by the 2-D kernel on a ``1 x kernel_size`` window (the same maxima and
            /// gradients).
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, L)`` or ``(C, L)``.
            ///     kernel_size (int or 1-tuple): the size of the window.
            ///     stride (int or 1-tuple, optional): the stride of the window. Default: ``None``
            ///         (``kernel_size``).
            ///     padding (int or 1-tuple): implicit negative infinity padding on both sides.
            ///         Default: ``0``.
            ///     dilation (int or 1-tuple): the stride between elements within a window.
            ///         Default: ``1``.
            ///     ceil_mode (bool): if ``True``, use ``ceil`` instead of ``floor`` to compute the
            ///         output length. Default: ``False``.
            ///     return_indices (bool): also return the int64 indices of the maxima (one more node: LibTorch's
            ///         ``*_with_indices`` kernel), for ``max_unpool``. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: the pooled tensor, ``(N, C, L_out)`` or ``(C, L_out)``.
            ///
            /// Raises:
            ///     ArgumentError: a size that is not an int or a 1-tuple.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     F.max_pool1d(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2).tolist()
            ///     [[[3.0, 5.0]]]
            fn max_pool1d(input: Tensor, kernel_size: Ints<1>;
                stride: Stride<1> = None, padding: Ints<1> = 0, dilation: Ints<1> = 1,
                ceil_mode: bool = False, return_indices: bool = False) -> OneOr<(Tensor, Tensor)>
                = crate::ops::pool1d::max_pool1d;

            /// Applies a 1D average pooling over an input signal composed of several input
            /// planes.
            ///
            /// Computed by the 2-D kernel on a ``1 x kernel_size`` window.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, L)`` or ``(C, L)``.
            ///     kernel_size (int or 1-tuple): the size of the window.
            ///     stride (int or 1-tuple, optional): the stride of the window. Default: ``None``
            ///         (``kernel_size``).
            ///     padding (int or 1-tuple): implicit zero padding on both sides. Default: ``0``.
            ///     ceil_mode (bool): if ``True``, use ``ceil`` instead of ``floor`` to compute the
            ///         output length. Default: ``False``.
            ///     count_include_pad (bool): if ``True``, include the zero-padding in the
            ///         averaging calculation. Default: ``True``.
            ///
            /// Returns:
            ///     Tensor: the pooled tensor, ``(N, C, L_out)`` or ``(C, L_out)``.
            ///
            /// Raises:
            ///     ArgumentError: a size that is not an int or a 1-tuple.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     F.avg_pool1d(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2).tolist()
            ///     [[[2.0, 3.5]]]
            fn avg_pool1d(input: Tensor, kernel_size: Ints<1>;
                stride: Stride<1> = None, padding: Ints<1> = 0, ceil_mode: bool = False,
                count_include_pad: bool = True)
                = crate::ops::pool1d::avg_pool1d;

            /// Applies a 1D adaptive average pooling over an input signal composed of several
            /// input planes.
            ///
            /// Computed by the 2-D kernel with one row.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, L)`` or ``(C, L)``.
            ///     output_size (int or 1-tuple): the target output length.
            ///
            /// Returns:
            ///     Tensor: ``(N, C, output_size)`` or ``(C, output_size)``.
            ///
            /// Raises:
            ///     ArgumentError: an ``output_size`` that is not an int or a 1-tuple.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     F.adaptive_avg_pool1d(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2).tolist()
            ///     [[[2.0, 3.5]]]
            fn adaptive_avg_pool1d(input: Tensor, output_size: Ints<1>;)
                = crate::ops::pool1d::adaptive_avg_pool1d;

            /// Applies a 1D adaptive max pooling over an input signal composed of several input
            /// planes.
            ///
            /// Computed by the 2-D kernel with one row.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, L)`` or ``(C, L)``.
            ///     output_size (int or 1-tuple): the target output length.
            ///     return_indices (bool): also return the int64 indices of the maxima (one more node: LibTorch's
            ///         ``*_with_indices`` kernel), for ``max_unpool``. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: ``(N, C, output_size)`` or ``(C, output_size)``.
            ///
            /// Raises:
            ///     ArgumentError: an ``output_size`` that is not an int or a 1-tuple.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     F.adaptive_max_pool1d(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2).tolist()
            ///     [[[3.0, 5.0]]]
            fn adaptive_max_pool1d(input: Tensor, output_size: Ints<1>;
                return_indices: bool = False) -> OneOr<(Tensor, Tensor)>
                = crate::ops::pool1d::adaptive_max_pool1d;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
