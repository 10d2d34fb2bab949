//! `torch.nn.functional`'s convolutions (`conv1d`, `conv2d`, `conv3d`, `conv_transpose1d`,
//! `conv_transpose2d`, `conv_transpose3d`)
//! as the functions torch declares: their arguments made into a [`Conv`] unit and recorded
//! by `conv.rs`'s [`conv`] (LibTorch's kernel; the reference carriers' im2col composition).
//! [`functions`] declares their forms once; the binding generates the Python functions, their
//! stubs and their docs from it.

use super::compose::Recorder;
use super::conv::{conv, Conv, Padding};
use crate::backend::Backend;
use crate::error::Result;
use crate::handles::Handle;

/// torch's `padding=` of a convolution as given: ints, or a mode (`"same"`, `"valid"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaddingArg<const N: usize> {
    Ints([i64; N]),
    Mode(String),
}

impl<const N: usize> PaddingArg<N> {
    fn resolve(self, op: &str) -> Result<Padding> {
        match self {
            PaddingArg::Ints(p) => Ok(Padding::Explicit(p.to_vec())),
            PaddingArg::Mode(m) => Padding::parse(op, &m),
        }
    }
}

/// A convolution `name` of `N` spatial dims over `input`, `weight` and the optional `bias`.
#[allow(clippy::too_many_arguments)]
fn convolution<B: Backend, const N: usize>(
    r: &mut dyn Recorder<B>,
    name: &'static str,
    [input, weight]: [Handle; 2],
    bias: Option<Handle>,
    stride: [i64; N],
    padding: Padding,
    dilation: [i64; N],
    groups: i64,
    output_padding: Option<[i64; N]>,
) -> Result<Handle> {
    let unit = Conv {
        name,
        stride: stride.to_vec(),
        padding: vec![0; N], // bounded: one per spatial dim
        dilation: dilation.to_vec(),
        transposed: output_padding.is_some(),
        output_padding: output_padding.unwrap_or([0; N]).to_vec(),
        groups,
        bias: bias.is_some(),
    };
    let mut xs = vec![input, weight];
    xs.extend(bias);
    conv(r, unit, padding, &xs)
}

/// `F.conv1d`.
#[allow(clippy::too_many_arguments)]
pub fn conv1d<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    weight: Handle,
    bias: Option<Handle>,
    stride: [i64; 1],
    padding: PaddingArg<1>,
    dilation: [i64; 1],
    groups: i64,
) -> Result<Handle> {
    let padding = padding.resolve("conv1d")?;
    let io = [input, weight];
    convolution(
        r, "conv1d", io, bias, stride, padding, dilation, groups, None,
    )
}

/// `F.conv2d`.
#[allow(clippy::too_many_arguments)]
pub fn conv2d<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    weight: Handle,
    bias: Option<Handle>,
    stride: [i64; 2],
    padding: PaddingArg<2>,
    dilation: [i64; 2],
    groups: i64,
) -> Result<Handle> {
    let padding = padding.resolve("conv2d")?;
    let io = [input, weight];
    convolution(
        r, "conv2d", io, bias, stride, padding, dilation, groups, None,
    )
}

/// `F.conv3d`.
#[allow(clippy::too_many_arguments)]
pub fn conv3d<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    weight: Handle,
    bias: Option<Handle>,
    stride: [i64; 3],
    padding: PaddingArg<3>,
    dilation: [i64; 3],
    groups: i64,
) -> Result<Handle> {
    let padding = padding.resolve("conv3d")?;
    let io = [input, weight];
    convolution(
        r, "conv3d", io, bias, stride, padding, dilation, groups, None,
    )
}

/// A transposed convolution of `N` spatial dims (explicit padding only, as torch's).
#[allow(clippy::too_many_arguments)]
fn conv_transpose<B: Backend, const N: usize>(
    r: &mut dyn Recorder<B>,
    name: &'static str,
    input: Handle,
    weight: Handle,
    bias: Option<Handle>,
    stride: [i64; N],
    padding: [i64; N],
    output_padding: [i64; N],
    groups: i64,
    dilation: [i64; N],
) -> Result<Handle> {
    let padding = Padding::Explicit(padding.to_vec());
    let io = [input, weight];
    let op = Some(output_padding);
    convolution(r, name, io, bias, stride, padding, dilation, groups, op)
}

/// `F.conv_transpose1d`, `F.conv_transpose2d` and `F.conv_transpose3d`.
macro_rules! conv_transposes {
    ($($f:ident: $n:literal),*) => {$(
        #[doc = concat!("`F.", stringify!($f), "` (explicit padding only, as torch's).")]
        #[allow(clippy::too_many_arguments)]
        pub fn $f<B: Backend>(
            r: &mut dyn Recorder<B>,
            input: Handle,
            weight: Handle,
            bias: Option<Handle>,
            stride: [i64; $n],
            padding: [i64; $n],
            output_padding: [i64; $n],
            groups: i64,
            dilation: [i64; $n],
        ) -> Result<Handle> {
            conv_transpose(
                r, stringify!($f), input, weight, bias, stride, padding, output_padding, groups,
                dilation,
            )
        }
    )*};
}

conv_transposes!(conv_transpose1d: 1, conv_transpose2d: 2, conv_transpose3d: 3);

/// The `torch.nn.functional` forms of this file's functions, for the binding's generator
/// `$gen` (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Applies a 1D convolution over an input signal composed of several input planes.
            ///
            /// Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
            /// `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
            /// carriers only (the reference backend refuses it).
            ///
            /// Args:
            ///     input (Tensor): `(N, in_channels, L)` or unbatched `(in_channels, L)`.
            ///     weight (Tensor): the filters, `(out_channels, in_channels / groups, kL)`.
            ///     bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
            ///         Default: ``None``.
            ///     stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
            ///     padding (int, tuple or str): implicit zero padding on both sides, or ``"valid"`` (none)
            ///         or ``"same"`` (the output has the input's size; stride 1 only, an uneven total
            ///         pads one more on the right, as torch). Default: ``None`` (0).
            ///     dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
            ///     groups (int): split the input into groups; `in_channels` must be divisible by it.
            ///         Default: ``1``.
            ///
            /// Returns:
            ///     Tensor: `(N, out_channels, L_out)` (or `(out_channels, L_out)`).
            ///
            /// Raises:
            ///     ArgumentError: an unknown padding string, ``"same"`` with a stride other than 1, or an
            ///         int argument of the wrong length.
            ///     ShapeError: the input's rank, its channels (against the weight and `groups`) or the
            ///         bias do not fit.
            ///     TypeError: `weight` is not an eagertape tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.conv1d(et.ones(1, 1, 4), et.ones(1, 1, 2)).tolist()
            ///     [[[2.0, 2.0, 2.0]]]
            fn conv1d(input: Tensor, weight: Tensor;
                bias: Option<Tensor> = None, stride: Ints<1> = 1, padding: ConvPadding<1> = 0,
                dilation: Ints<1> = 1, groups: i64 = 1)
                = crate::ops::convolution::conv1d;

            /// Applies a 2D convolution over an input image composed of several input planes.
            ///
            /// Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
            /// `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. The
            /// reference carriers compose it as im2col and matrix products.
            ///
            /// Args:
            ///     input (Tensor): `(N, in_channels, H, W)` or unbatched `(in_channels, H, W)`.
            ///     weight (Tensor): the filters, `(out_channels, in_channels / groups, kH, kW)`.
            ///     bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
            ///         Default: ``None``.
            ///     stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
            ///     padding (int, tuple or str): implicit zero padding on both sides, or ``"valid"`` (none)
            ///         or ``"same"`` (the output has the input's size; stride 1 only, an uneven total
            ///         pads one more on the right, as torch). Default: ``None`` (0).
            ///     dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
            ///     groups (int): split the input into groups; `in_channels` must be divisible by it.
            ///         Default: ``1``.
            ///
            /// Returns:
            ///     Tensor: `(N, out_channels, H_out, W_out)` (or `(out_channels, H_out, W_out)`).
            ///
            /// Raises:
            ///     ArgumentError: an unknown padding string, ``"same"`` with a stride other than 1, or an
            ///         int argument of the wrong length.
            ///     ShapeError: the input's rank, its channels (against the weight and `groups`) or the
            ///         bias do not fit.
            ///     TypeError: `weight` is not an eagertape tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x, w = et.ones(1, 1, 3, 3), et.ones(1, 1, 2, 2)
            ///     ...     et.conv2d(x, w).tolist()
            ///     ...     tuple(et.conv2d(x, w, padding="same").shape)
            ///     [[[[4.0, 4.0], [4.0, 4.0]]]]
            ///     (1, 1, 3, 3)
            fn conv2d(input: Tensor, weight: Tensor;
                bias: Option<Tensor> = None, stride: Ints<2> = 1, padding: ConvPadding<2> = 0,
                dilation: Ints<2> = 1, groups: i64 = 1)
                = crate::ops::convolution::conv2d;

            /// Applies a 3D convolution over an input image composed of several input planes.
            ///
            /// Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
            /// `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
            /// carriers only (the reference backend refuses it).
            ///
            /// Args:
            ///     input (Tensor): `(N, in_channels, D, H, W)` or unbatched `(in_channels, D, H, W)`.
            ///     weight (Tensor): the filters, `(out_channels, in_channels / groups, kD, kH, kW)`.
            ///     bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
            ///         Default: ``None``.
            ///     stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
            ///     padding (int, tuple or str): implicit zero padding on both sides, or ``"valid"`` (none)
            ///         or ``"same"`` (the output has the input's size; stride 1 only, an uneven total
            ///         pads one more on the right, as torch). Default: ``None`` (0).
            ///     dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
            ///     groups (int): split the input into groups; `in_channels` must be divisible by it.
            ///         Default: ``1``.
            ///
            /// Returns:
            ///     Tensor: `(N, out_channels, D_out, H_out, W_out)` (or without the batch dim).
            ///
            /// Raises:
            ///     ArgumentError: an unknown padding string, ``"same"`` with a stride other than 1, or an
            ///         int argument of the wrong length.
            ///     ShapeError: the input's rank, its channels (against the weight and `groups`) or the
            ///         bias do not fit.
            ///     TypeError: `weight` is not an eagertape tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     F.conv3d(et.ones(1, 1, 2, 2, 2), et.ones(1, 1, 2, 2, 2)).tolist()
            ///     [[[[[8.0]]]]]
            fn conv3d(input: Tensor, weight: Tensor;
                bias: Option<Tensor> = None, stride: Ints<3> = 1, padding: ConvPadding<3> = 0,
                dilation: Ints<3> = 1, groups: i64 = 1)
                = crate::ops::convolution::conv3d;

            /// Applies a 1D transposed convolution operator over an input signal composed of several input
            /// planes, sometimes also called "deconvolution".
            ///
            /// Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
            /// `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
            /// carriers only (the reference backend refuses it).
            ///
            /// Args:
            ///     input (Tensor): `(N, in_channels, L)` or unbatched `(in_channels, L)`.
            ///     weight (Tensor): the filters, `(in_channels, out_channels / groups, kL)`.
            ///     bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
            ///         Default: ``None``.
            ///     stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
            ///     padding (int or tuple): `dilation * (kernel_size - 1) - padding` zero padding is added
            ///         to both sides of the input (ints only: no ``"same"``). Default: ``None`` (0).
            ///     output_padding (int or tuple): additional size added to one side of each dimension
            ///         of the output shape. Default: ``None`` (0).
            ///     groups (int): split the input into groups; `in_channels` must be divisible by it.
            ///         Default: ``1``.
            ///     dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
            ///
            /// Returns:
            ///     Tensor: `(N, out_channels, L_out)` (or `(out_channels, L_out)`).
            ///
            /// Raises:
            ///     ArgumentError: an int argument of the wrong length (or a padding string).
            ///     ShapeError: the input's rank, its channels (against the weight and `groups`) or the
            ///         bias do not fit.
            ///     TypeError: `weight` is not an eagertape tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     y = et.conv_transpose1d(et.ones(1, 1, 2), et.ones(1, 1, 2), stride=2)
            ///     ...     tuple(y.shape), y.sum().item()
            ///     ((1, 1, 4), 4.0)
            fn conv_transpose1d(input: Tensor, weight: Tensor;
                bias: Option<Tensor> = None, stride: Ints<1> = 1, padding: Ints<1> = 0,
                output_padding: Ints<1> = 0, groups: i64 = 1, dilation: Ints<1> = 1)
                = crate::ops::convolution::conv_transpose1d;

            /// Applies a 2D transposed convolution operator over an input image composed of several input
            /// planes, sometimes also called "deconvolution".
            ///
            /// Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
            /// `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
            /// carriers only (the reference backend refuses it).
            ///
            /// Args:
            ///     input (Tensor): `(N, in_channels, H, W)` or unbatched `(in_channels, H, W)`.
            ///     weight (Tensor): the filters, `(in_channels, out_channels / groups, kH, kW)`.
            ///     bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
            ///         Default: ``None``.
            ///     stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
            ///     padding (int or tuple): `dilation * (kernel_size - 1) - padding` zero padding is added
            ///         to both sides of the input (ints only: no ``"same"``). Default: ``None`` (0).
            ///     output_padding (int or tuple): additional size added to one side of each dimension
            ///         of the output shape. Default: ``None`` (0).
            ///     groups (int): split the input into groups; `in_channels` must be divisible by it.
            ///         Default: ``1``.
            ///     dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
            ///
            /// Returns:
            ///     Tensor: `(N, out_channels, H_out, W_out)` (or `(out_channels, H_out, W_out)`).
            ///
            /// Raises:
            ///     ArgumentError: an int argument of the wrong length (or a padding string).
            ///     ShapeError: the input's rank, its channels (against the weight and `groups`) or the
            ///         bias do not fit.
            ///     TypeError: `weight` is not an eagertape tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     y = et.conv_transpose2d(et.ones(1, 1, 2, 2), et.ones(1, 1, 2, 2), stride=2)
            ///     ...     tuple(y.shape), y.sum().item()
            ///     ((1, 1, 4, 4), 16.0)
            fn conv_transpose2d(input: Tensor, weight: Tensor;
                bias: Option<Tensor> = None, stride: Ints<2> = 1, padding: Ints<2> = 0,
                output_padding: Ints<2> = 0, groups: i64 = 1, dilation: Ints<2> = 1)
                = crate::ops::convolution::conv_transpose2d;

            /// Applies a 3D transposed convolution operator over an input image composed of several input
            /// planes, sometimes also called "deconvolution".
            ///
            /// Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
            /// `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
            /// carriers only (the reference backend refuses it).
            ///
            /// Args:
            ///     input (Tensor): `(N, in_channels, D, H, W)` or unbatched `(in_channels, D, H, W)`.
            ///     weight (Tensor): the filters, `(in_channels, out_channels / groups, kD, kH, kW)`.
            ///     bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
            ///         Default: ``None``.
            ///     stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
            ///     padding (int or tuple): `dilation * (kernel_size - 1) - padding` zero padding is added
            ///         to both sides of the input (ints only: no ``"same"``). Default: ``None`` (0).
            ///     output_padding (int or tuple): additional size added to one side of each dimension
            ///         of the output shape. Default: ``None`` (0).
            ///     groups (int): split the input into groups; `in_channels` must be divisible by it.
            ///         Default: ``1``.
            ///     dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
            ///
            /// Returns:
            ///     Tensor: `(N, out_channels, D_out, H_out, W_out)` (or without `N`).
            ///
            /// Raises:
            ///     ArgumentError: an int argument of the wrong length (or a padding string).
            ///     ShapeError: the input's rank, its channels (against the weight and `groups`) or the
            ///         bias do not fit.
            ///     TypeError: `weight` is not an eagertape tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     y = et.conv_transpose3d(et.ones(1, 1, 2, 2, 2), et.ones(1, 1, 2, 2, 2), stride=2)
            ///     ...     tuple(y.shape), y.sum().item()
            ///     ((1, 1, 4, 4, 4), 64.0)
            fn conv_transpose3d(input: Tensor, weight: Tensor;
                bias: Option<Tensor> = None, stride: Ints<3> = 1, padding: Ints<3> = 0,
                output_padding: Ints<3> = 0, groups: i64 = 1, dilation: Ints<3> = 1)
                = crate::ops::convolution::conv_transpose3d;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
