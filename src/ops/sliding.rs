//! Sliding-window layers on LibTorch's kernels and their dedicated backward kernels:
//! `unfold` (im2col) and `fold` (col2im), each the other's backward; `adaptive_max_pool2d`,
//! `adaptive_max_pool3d`, `max_pool3d` (their argmax indices are the workspace, as torch
//! saves them), `adaptive_avg_pool3d` and `avg_pool3d`. The shape rules are torch's, checked before any kernel; the reference
//! carriers refuse these layers (`UnsupportedOpError`).

use tch::Tensor;

use super::compose::Recorder;
use super::{Arity, Op};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::kernel::layer::Layer;

/// A window's output length along one dim (torch's `pooling_output_shape`; `ceil` as
/// `ceil_mode`, whose last window must start inside the input or its left padding).
fn out_len(op: &str, n: i64, k: i64, s: i64, p: i64, d: i64, ceil: bool) -> Result<i64> {
    if k <= 0 || s <= 0 || d <= 0 || p < 0 {
        return Err(Error::Argument(format!(
            "{op}: kernel size, stride and dilation must be positive and padding non-negative, \
             got kernel {k}, stride {s}, padding {p}, dilation {d}"
        )));
    }
    let span = n + 2 * p - d * (k - 1) - 1;
    if span < 0 {
        return Err(Error::Shape(format!(
            "{op}: the input's size {n} (padded by {p}) is smaller than the kernel's extent {}",
            d * (k - 1) + 1
        )));
    }
    let mut out = if ceil { (span + s - 1) / s } else { span / s } + 1;
    if ceil && (out - 1) * s >= n + p {
        out -= 1;
    }
    Ok(out)
}

/// The lengths of every spatial dim (the trailing `k.len()` of `x`).
fn out_lens(
    op: &str,
    x: &[i64],
    k: &[i64],
    s: &[i64],
    p: &[i64],
    d: &[i64],
    ceil: bool,
) -> Result<Vec<i64>> {
    let n = k.len();
    if x.len() != n + 1 && x.len() != n + 2 {
        return Err(Error::Shape(format!(
            "{op}: expected a {}-D or {}-D input, got shape {x:?}",
            n + 1,
            n + 2
        )));
    }
    let spatial = &x[x.len() - n..];
    (0..n)
        .map(|i| out_len(op, spatial[i], k[i], s[i], p[i], d[i], ceil))
        .collect()
}

/// Pooling padding is at most half the dilated kernel, as torch checks.
fn half_kernel(op: &str, k: &[i64], p: &[i64], d: &[i64]) -> Result<()> {
    let too_wide = (0..k.len()).any(|i| p[i] > ((k[i] - 1) * d[i] + 1) / 2);
    if too_wide {
        return Err(Error::Argument(format!(
            "{op}: pad should be at most half of effective kernel size, got kernel {k:?} and \
             padding {p:?}"
        )));
    }
    Ok(())
}

/// `F.unfold(input, kernel_size, dilation, padding, stride)`: `(N, C, H, W)` (or unbatched)
/// to `(N, C·kh·kw, L)` sliding blocks.
#[derive(Clone)]
pub struct Unfold {
    pub kernel: [i64; 2],
    pub dilation: [i64; 2],
    pub padding: [i64; 2],
    pub stride: [i64; 2],
}

impl Layer for Unfold {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "unfold"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let x = shapes[0];
        let (k, s, p, d) = (&self.kernel, &self.stride, &self.padding, &self.dilation);
        let out = out_lens("unfold", x, k, s, p, d, false)?;
        let c = x[x.len() - 3];
        let blocks = vec![c * k[0] * k[1], out[0] * out[1]];
        Ok(if x.len() == 4 {
            [vec![x[0]], blocks].concat()
        } else {
            blocks
        })
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let (k, d, p, s) = (self.kernel, self.dilation, self.padding, self.stride);
        Ok((xs[0].f_im2col(k, d, p, s)?, Vec::new()))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        _workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        if !needs[0] {
            return Ok(vec![None]);
        }
        let size = xs[0].size();
        let hw = [size[size.len() - 2], size[size.len() - 1]];
        let (k, d, p, s) = (self.kernel, self.dilation, self.padding, self.stride);
        Ok(vec![Some(g.f_col2im(hw, k, d, p, s)?)])
    }
}

/// `F.fold(input, output_size, kernel_size, dilation, padding, stride)`: `(N, C·kh·kw, L)`
/// (or unbatched) summed back into `(N, C, H, W)`.
#[derive(Clone)]
pub struct Fold {
    pub output: [i64; 2],
    pub kernel: [i64; 2],
    pub dilation: [i64; 2],
    pub padding: [i64; 2],
    pub stride: [i64; 2],
}

impl Layer for Fold {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "fold"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let x = shapes[0];
        if x.len() != 2 && x.len() != 3 {
            return Err(Error::Shape(format!(
                "fold: expected a 2-D or 3-D input, got shape {x:?}"
            )));
        }
        let (k, s, p, d) = (&self.kernel, &self.stride, &self.padding, &self.dilation);
        let out = out_lens(
            "fold",
            &[1, 1, self.output[0], self.output[1]],
            k,
            s,
            p,
            d,
            false,
        )?;
        let (ck, l) = (x[x.len() - 2], x[x.len() - 1]);
        if ck % (k[0] * k[1]) != 0 || l != out[0] * out[1] {
            return Err(Error::Shape(format!(
                "fold: an input of shape {x:?} does not hold blocks of {k:?} covering {:?} \
                 ({} blocks expected, channels divisible by {})",
                self.output,
                out[0] * out[1],
                k[0] * k[1]
            )));
        }
        let mut shape = x[..x.len() - 2].to_vec();
        shape.extend([ck / (k[0] * k[1]), self.output[0], self.output[1]]);
        Ok(shape)
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let (o, k, d, p, s) = (
            self.output,
            self.kernel,
            self.dilation,
            self.padding,
            self.stride,
        );
        Ok((xs[0].f_col2im(o, k, d, p, s)?, Vec::new()))
    }
    fn torch_backward(
        &self,
        _xs: &[&Tensor],
        _workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        if !needs[0] {
            return Ok(vec![None]);
        }
        let (k, d, p, s) = (self.kernel, self.dilation, self.padding, self.stride);
        Ok(vec![Some(g.f_im2col(k, d, p, s)?)])
    }
}

/// `adaptive_max_pool2d(input, output_size)`: the maxima of `output_size` adaptive bins.
#[derive(Clone)]
pub struct AdaptiveMaxPool2d(pub [i64; 2]);

impl Layer for AdaptiveMaxPool2d {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "adaptive_max_pool2d"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let x = shapes[0];
        if (x.len() != 3 && x.len() != 4) || x[x.len() - 2..].iter().any(|&n| n <= 0) {
            return Err(Error::Shape(format!(
                "adaptive_max_pool2d: expected a non-empty 3-D or 4-D input, got shape {x:?}"
            )));
        }
        if self.0.iter().any(|&n| n <= 0) {
            return Err(Error::Argument(format!(
                "adaptive_max_pool2d: output_size must be positive, got {:?}",
                self.0
            )));
        }
        let mut out = x[..x.len() - 2].to_vec();
        out.extend(self.0);
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let (y, idx) = xs[0].f_adaptive_max_pool2d(self.0)?;
        Ok((y, vec![idx]))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        if !needs[0] {
            return Ok(vec![None]);
        }
        Ok(vec![Some(
            xs[0].f_adaptive_max_pool2d_backward(g, workspace[0])?,
        )])
    }
}

/// `adaptive_avg_pool3d` / `adaptive_max_pool3d(input, output_size)` over `(N, C, D, H,
/// W)` (or unbatched): the averages or maxima of `output_size` adaptive bins; a max pool's
/// argmax indices are the workspace, as torch saves them.
#[derive(Clone)]
pub struct AdaptivePool3d {
    pub output: [i64; 3],
    pub max: bool,
}

impl Layer for AdaptivePool3d {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        if self.max {
            "adaptive_max_pool3d"
        } else {
            "adaptive_avg_pool3d"
        }
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let x = shapes[0];
        let name = Layer::name(self);
        if (x.len() != 4 && x.len() != 5) || x[x.len() - 3..].iter().any(|&n| n <= 0) {
            return Err(Error::Shape(format!(
                "{name}: expected a non-empty 4-D or 5-D input, got shape {x:?}"
            )));
        }
        if self.output.iter().any(|&n| n <= 0) {
            return Err(Error::Argument(format!(
                "{name}: output_size must be positive, got {:?}",
                self.output
            )));
        }
        let mut out = x[..x.len() - 3].to_vec();
        out.extend(self.output);
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        if self.max {
            let (y, idx) = xs[0].f_adaptive_max_pool3d(self.output)?;
            return Ok((y, vec![idx]));
        }
        Ok((xs[0].f_adaptive_avg_pool3d(self.output)?, vec![]))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        if !needs[0] {
            return Ok(vec![None]);
        }
        Ok(vec![Some(if self.max {
            xs[0].f_adaptive_max_pool3d_backward(g, workspace[0])?
        } else {
            xs[0].f_internal_adaptive_avg_pool3d_backward(g)?
        })])
    }
}

/// `max_pool3d` / `avg_pool3d` over `(N, C, D, H, W)` (or unbatched).
#[derive(Clone)]
pub struct Pool3d {
    pub kernel: [i64; 3],
    pub stride: [i64; 3],
    pub padding: [i64; 3],
    pub dilation: [i64; 3],
    pub ceil_mode: bool,
    /// `None`: max pooling; `Some((count_include_pad, divisor_override))`: average.
    pub average: Option<(bool, Option<i64>)>,
}

impl Layer for Pool3d {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        if self.average.is_some() {
            "avg_pool3d"
        } else {
            "max_pool3d"
        }
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let x = shapes[0];
        let op = <Self as Layer>::name(self);
        half_kernel(op, &self.kernel, &self.padding, &self.dilation)?;
        if let Some((_, Some(0))) = self.average {
            return Err(Error::Argument(
                "avg_pool3d: divisor_override must be non-zero".into(),
            ));
        }
        let (k, s, p, d) = (&self.kernel, &self.stride, &self.padding, &self.dilation);
        let out = out_lens(op, x, k, s, p, d, self.ceil_mode)?;
        let mut shape = x[..x.len() - 3].to_vec();
        shape.extend(out);
        Ok(shape)
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let (k, s, p, d) = (self.kernel, self.stride, self.padding, self.dilation);
        match self.average {
            None => {
                let (y, idx) = xs[0].f_max_pool3d_with_indices(k, s, p, d, self.ceil_mode)?;
                Ok((y, vec![idx]))
            }
            Some((count, divisor)) => Ok((
                xs[0].f_avg_pool3d(k, s, p, self.ceil_mode, count, divisor)?,
                Vec::new(),
            )),
        }
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        if !needs[0] {
            return Ok(vec![None]);
        }
        let (k, s, p, d) = (self.kernel, self.stride, self.padding, self.dilation);
        let gx = match self.average {
            None => xs[0].f_max_pool3d_with_indices_backward(
                g,
                k,
                s,
                p,
                d,
                self.ceil_mode,
                workspace[0],
            )?,
            Some((count, divisor)) => {
                xs[0].f_avg_pool3d_backward(g, k, s, p, self.ceil_mode, count, divisor)?
            }
        };
        Ok(vec![Some(gx)])
    }
}

/// `F.unfold`.
pub fn unfold<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    kernel_size: [i64; 2],
    dilation: [i64; 2],
    padding: [i64; 2],
    stride: [i64; 2],
) -> Result<Handle> {
    let l = Unfold {
        kernel: kernel_size,
        dilation,
        padding,
        stride,
    };
    r.record(Op::layer(l), &[x])
}

/// `F.fold`.
pub fn fold<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    output_size: [i64; 2],
    kernel_size: [i64; 2],
    dilation: [i64; 2],
    padding: [i64; 2],
    stride: [i64; 2],
) -> Result<Handle> {
    let l = Fold {
        output: output_size,
        kernel: kernel_size,
        dilation,
        padding,
        stride,
    };
    r.record(Op::layer(l), &[x])
}

/// The `torch.nn.functional` forms of this file's ops, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Extract sliding local blocks from a batched input tensor.
            ///
            /// Each `kernel_size` block of every channel becomes a column (im2col): dim 1 of the output holds a
            /// block's values and its last dim the `L` block positions. One node on LibTorch's kernel; its
            /// backward is `fold`. LibTorch carriers only (the reference backend raises `UnsupportedOpError`).
            ///
            /// Args:
            ///     input (Tensor): `(N, C, H, W)` or unbatched `(C, H, W)`.
            ///     kernel_size (int or tuple): the size of the sliding blocks.
            ///     dilation (int or tuple): the stride of elements within a block. Default: ``1``.
            ///     padding (int or tuple): implicit zero padding on both sides of the input.
            ///         Default: ``0``.
            ///     stride (int or tuple): the stride of the sliding blocks. Default: ``1``.
            ///
            /// Returns:
            ///     Tensor: `(N, C * kH * kW, L)` (or `(C * kH * kW, L)`).
            ///
            /// Raises:
            ///     ShapeError: the input is not 3-D or 4-D, or smaller than a block.
            ///     ArgumentError: a non-positive kernel size, stride or dilation, or a negative padding.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     x = et.arange(9.0).reshape(1, 1, 3, 3)
            ///     ...     cols = F.unfold(x, kernel_size=2)
            ///     ...     tuple(cols.shape), cols[0, :, 0].tolist()
            ///     ((1, 4, 4), [0.0, 1.0, 3.0, 4.0])
            fn unfold(input: Tensor, kernel_size: Ints<2>;
                dilation: Ints<2> = 1, padding: Ints<2> = 0, stride: Ints<2> = 1)
                = crate::ops::sliding::unfold;

            /// Combine an array of sliding local blocks into a large containing tensor.
            ///
            /// The inverse layout of `unfold` (col2im): each column of `C * kH * kW` values is placed back at
            /// its block position of an `output_size` image, overlapping values summed. One node on LibTorch's
            /// kernel; its backward is `unfold`. LibTorch carriers only (the reference backend raises
            /// `UnsupportedOpError`).
            ///
            /// Args:
            ///     input (Tensor): `(N, C * kH * kW, L)` or unbatched `(C * kH * kW, L)`.
            ///     output_size (int or tuple): the spatial shape `(H, W)` of the output.
            ///     kernel_size (int or tuple): the size of the sliding blocks.
            ///     dilation (int or tuple): the stride of elements within a block. Default: ``1``.
            ///     padding (int or tuple): implicit zero padding on both sides of the output.
            ///         Default: ``0``.
            ///     stride (int or tuple): the stride of the sliding blocks. Default: ``1``.
            ///
            /// Returns:
            ///     Tensor: `(N, C, H, W)` (or `(C, H, W)`).
            ///
            /// Raises:
            ///     ShapeError: the input is not 2-D or 3-D, or its shape does not hold the blocks that
            ///         cover `output_size`.
            ///     ArgumentError: a non-positive kernel size, stride or dilation, or a negative padding.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     F.fold(et.ones(1, 4, 4), output_size=(3, 3), kernel_size=2).tolist()
            ///     [[[[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]]]
            fn fold(input: Tensor, output_size: Ints<2>, kernel_size: Ints<2>;
                dilation: Ints<2> = 1, padding: Ints<2> = 0, stride: Ints<2> = 1)
                = crate::ops::sliding::fold;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
