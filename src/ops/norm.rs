//! `rms_norm(x, normalized_shape, weight, eps)`: `x / sqrt(mean(x²) + eps) · weight` over
//! the trailing dims, and `group_norm(x, num_groups, weight, bias, eps)`: each group of
//! channels normalized by its own mean and (biased) variance, then scaled and shifted per
//! channel. Each is one rule with its own backward, written with the backend's primitives
//! (so every carrier runs them; intervals enclose them); the statistics are recomputed in
//! the backward rather than saved, so the tape keeps only the operands.

use super::compose::{fused_or_composed, Recorder};
use super::conv::LayerNorm;
use super::unary::Rsqrt;
use super::{fresh, grad_value, reduce_to, viewed, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::ops::Arith;

pub struct RmsNorm {
    pub normalized_shape: Box<[i64]>,
    pub weight: bool,
    /// `None`: the input dtype's machine epsilon, as torch ([`RmsNorm::default_eps`]).
    pub eps: Option<f64>,
}

impl RmsNorm {
    /// torch's `eps=None`: `torch.finfo(x.dtype).eps`.
    pub fn default_eps(dtype: DType) -> f64 {
        match dtype {
            DType::Float32 | DType::RefFloat32 | DType::Ieee32 => f64::from(f32::EPSILON),
            DType::Float16 => 0.000_976_562_5,
            DType::BFloat16 => 0.007_812_5,
            _ => f64::EPSILON,
        }
    }
}

impl<B: Backend> Op<B> {
    pub fn rms_norm(normalized_shape: &[i64], weight: bool, eps: Option<f64>) -> Self {
        Op::RmsNorm(Box::new(RmsNorm {
            normalized_shape: normalized_shape.into(),
            weight,
            eps,
        }))
    }
}

impl RmsNorm {
    /// The normalized dims of an input of `ndim` dims.
    fn dims(&self, ndim: usize) -> Vec<i64> {
        (ndim - self.normalized_shape.len()..ndim)
            .map(|d| d as i64)
            .collect()
    }

    /// `1 / sqrt(mean(x²) + eps)`, with the normalized dims kept as 1; the default `eps`
    /// is that of `input`, the dtype the caller was given (`x` may be its float32 upcast).
    fn rstd<B: Backend>(&self, x: &B::T, input: crate::config::DType) -> Result<B::T> {
        let dims = self.dims(B::shape(x).len());
        let n: i64 = self.normalized_shape.iter().product();
        let ms = B::mul_scalar(&B::sum_dims(&B::mul(x, x)?, &dims, true)?, 1.0 / n as f64)?;
        let eps = self.eps.unwrap_or_else(|| RmsNorm::default_eps(input));
        B::unary::<Rsqrt>(&B::add_scalar(&ms, eps)?)
    }
}

/// A 16-bit `t` in float32 (torch's `opmath`: rms_norm computes a bfloat16 or float16 input
/// in float32 and rounds the result once); `None` for other dtypes.
fn upcast<B: Backend>(t: &B::T) -> Result<Option<B::T>> {
    use crate::config::DType;
    match B::dtype(t) {
        DType::BFloat16 | DType::Float16 => B::convert(t, DType::Float32, B::device(t)).map(Some),
        _ => Ok(None),
    }
}

/// `t` in `like`'s dtype: a mixed-type norm (a 16-bit input with float32 weights, torch's
/// autocast case) computes promoted, then gives its result and each gradient its operand's
/// dtype.
fn in_dtype_of<B: Backend>(t: B::T, like: &B::T) -> Result<B::T> {
    let d = B::dtype(like);
    if B::dtype(&t) == d {
        Ok(t)
    } else {
        B::convert(&t, d, B::device(like))
    }
}

impl<B: Backend> Rule<B> for RmsNorm {
    fn name(&self) -> &'static str {
        "rms_norm"
    }
    fn mixed_params(&self) -> bool {
        true
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1 + usize::from(self.weight))
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (x, n) = (shapes[0], &self.normalized_shape[..]);
        if n.is_empty() || x.len() < n.len() || &x[x.len() - n.len()..] != n {
            return Err(Error::Shape(format!(
                "rms_norm: normalized_shape {n:?} must be the trailing dims of the input {x:?}"
            )));
        }
        if self.weight && shapes[1] != n {
            return Err(Error::Shape(format!(
                "rms_norm: the weight must have the shape {n:?}, got {:?}",
                shapes[1]
            )));
        }
        Ok(x.to_vec())
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let input = xs[0].get();
        let up = upcast::<B>(input)?;
        let x = up.as_ref().unwrap_or(input);
        let y = B::mul(x, &self.rstd::<B>(x, B::dtype(input))?)?;
        let y = if self.weight {
            B::mul(&y, xs[1].get())?
        } else {
            y
        };
        fresh(in_dtype_of::<B>(y, input)?)
    }
    /// `dx = r (g w) − r³ x mean(g w x)`, `dw = Σ g x r` over the leading dims.
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let input = cx.xs[0].get();
        let (up, gup) = (upcast::<B>(input)?, upcast::<B>(cx.g.get())?);
        let x = up.as_ref().unwrap_or(input);
        let g = gup.as_ref().unwrap_or(cx.g.get());
        let dims = self.dims(B::shape(x).len());
        let n: i64 = self.normalized_shape.iter().product();
        let r = self.rstd::<B>(x, B::dtype(input))?;
        let gw = if self.weight {
            B::mul(g, cx.xs[1].get())?
        } else {
            B::copy(g)?
        };
        let mut out = Vec::with_capacity(cx.xs.len()); // bounded: one per operand
        out.push(if cx.needs[0] {
            let m = B::mul_scalar(&B::sum_dims(&B::mul(&gw, x)?, &dims, true)?, 1.0 / n as f64)?;
            let r3 = B::mul(&B::mul(&r, &r)?, &r)?;
            let dx = B::sub(&B::mul(&r, &gw)?, &B::mul(&B::mul(&r3, x)?, &m)?)?;
            Some(grad_value(in_dtype_of::<B>(dx, input)?))
        } else {
            None
        });
        if self.weight {
            out.push(if cx.needs[1] {
                let w = cx.xs[1].get();
                let full = grad_value::<B>(in_dtype_of::<B>(B::mul(g, &B::mul(x, &r)?)?, w)?);
                Some(reduce_to(&full, &self.normalized_shape)?)
            } else {
                None
            });
        }
        Ok(out)
    }
}

/// `group_norm(x, num_groups, weight, bias, eps)` for `x` of shape `(N, C, *)`.
pub struct GroupNorm {
    pub groups: i64,
    pub weight: bool,
    pub bias: bool,
    pub eps: f64,
}

impl<B: Backend> Op<B> {
    pub fn group_norm(groups: i64, weight: bool, bias: bool, eps: f64) -> Self {
        Op::GroupNorm(GroupNorm {
            groups,
            weight,
            bias,
            eps,
        })
    }
}

impl GroupNorm {
    /// `(N, G, C/G · spatial)` for an input of shape `s`.
    fn grouped(&self, s: &[i64]) -> [i64; 3] {
        let n = s[0];
        let rest: i64 = s[1..].iter().product();
        [n, self.groups, rest / self.groups.max(1)]
    }
    /// A per-channel tensor of shape `(C,)` broadcast as `(1, C, 1, ...)`.
    fn channel<B: Backend>(&self, t: &B::T, ndim: usize) -> Result<B::T> {
        let mut shape = vec![1; ndim]; // bounded: the tensor's rank
        shape[1] = B::shape(t)[0];
        viewed::<B>(t, &shape)
    }
    /// The normalized input `x̂` (grouped) and `rstd` (per group, kept as a dim).
    fn normalized<B: Backend>(&self, x: &B::T) -> Result<(B::T, B::T)> {
        let g = self.grouped(&B::shape(x));
        let xg = viewed::<B>(x, &g)?;
        let m = 1.0 / g[2].max(1) as f64;
        let mean = B::mul_scalar(&B::sum_dims(&xg, &[2], true)?, m)?;
        let d = B::sub(&xg, &mean)?;
        let var = B::mul_scalar(&B::sum_dims(&B::mul(&d, &d)?, &[2], true)?, m)?;
        let rstd = B::unary::<Rsqrt>(&B::add_scalar(&var, self.eps)?)?;
        Ok((B::mul(&d, &rstd)?, rstd))
    }
}

impl<B: Backend> Rule<B> for GroupNorm {
    fn name(&self) -> &'static str {
        "group_norm"
    }
    fn mixed_params(&self) -> bool {
        true
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1 + usize::from(self.weight) + usize::from(self.bias))
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let x = shapes[0];
        if x.len() < 2 {
            return Err(Error::Shape(format!(
                "group_norm: expected an input of shape (N, C, *), got {x:?}"
            )));
        }
        if self.groups <= 0 || x[1] % self.groups != 0 {
            return Err(Error::Shape(format!(
                "group_norm: {} channels cannot be split into {} groups",
                x[1], self.groups
            )));
        }
        for s in &shapes[1..] {
            if *s != [x[1]] {
                return Err(Error::Shape(format!(
                    "group_norm: weight and bias must have the shape [{}], got {s:?}",
                    x[1]
                )));
            }
        }
        Ok(x.to_vec())
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let x = xs[0].get();
        let s = B::shape(x);
        let (xhat, _) = self.normalized::<B>(x)?;
        let mut y = viewed::<B>(&xhat, &s)?;
        let mut next = 1;
        if self.weight {
            y = B::mul(&y, &self.channel::<B>(xs[next].get(), s.len())?)?;
            next += 1;
        }
        if self.bias {
            y = B::add(&y, &self.channel::<B>(xs[next].get(), s.len())?)?;
        }
        fresh(in_dtype_of::<B>(y, x)?)
    }
    /// Per group: `dx = rstd (ĝ − mean(ĝ) − x̂ mean(ĝ x̂))` with `ĝ = g · w`; `dw = Σ g x̂`
    /// and `db = Σ g` over every dim but the channels.
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let x = cx.xs[0].get();
        let g = cx.g.get();
        let s = B::shape(x);
        let grouped = self.grouped(&s);
        let (xhat, rstd) = self.normalized::<B>(x)?;
        let others: Vec<i64> = (0..s.len() as i64).filter(|&d| d != 1).collect();
        let mut out = Vec::with_capacity(cx.xs.len()); // bounded: one per operand
        out.push(if cx.needs[0] {
            let gh = if self.weight {
                B::mul(g, &self.channel::<B>(cx.xs[1].get(), s.len())?)?
            } else {
                B::copy(g)?
            };
            let gh = viewed::<B>(&gh, &grouped)?;
            let m = 1.0 / grouped[2].max(1) as f64;
            let mean_g = B::mul_scalar(&B::sum_dims(&gh, &[2], true)?, m)?;
            let mean_gx = B::mul_scalar(&B::sum_dims(&B::mul(&gh, &xhat)?, &[2], true)?, m)?;
            let inner = B::sub(&B::sub(&gh, &mean_g)?, &B::mul(&xhat, &mean_gx)?)?;
            let dx = B::mul(&rstd, &inner)?;
            Some(grad_value(in_dtype_of::<B>(viewed::<B>(&dx, &s)?, x)?))
        } else {
            None
        });
        if self.weight {
            out.push(if cx.needs[1] {
                let xhat = viewed::<B>(&xhat, &s)?;
                let gx = in_dtype_of::<B>(B::mul(g, &xhat)?, cx.xs[1].get())?;
                Some(grad_value(B::sum_dims(&gx, &others, false)?))
            } else {
                None
            });
        }
        if self.bias {
            let i = 1 + usize::from(self.weight);
            out.push(if cx.needs[i] {
                let g = in_dtype_of::<B>(B::copy(g)?, cx.xs[i].get())?;
                Some(grad_value(B::sum_dims(&g, &others, false)?))
            } else {
                None
            });
        }
        Ok(out)
    }
}

/// `F.layer_norm`: the [`LayerNorm`] layer (LibTorch's kernels; composed on the reference
/// carriers).
pub fn layer_norm<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    normalized_shape: Vec<i64>,
    weight: Option<Handle>,
    bias: Option<Handle>,
    eps: f64,
) -> Result<Handle> {
    let layer = LayerNorm {
        normalized_shape,
        weight: weight.is_some(),
        bias: bias.is_some(),
        eps,
    };
    let mut xs = vec![input];
    xs.extend(weight);
    xs.extend(bias);
    fused_or_composed(r, layer, &xs)
}

/// `F.rms_norm`.
pub fn rms_norm<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    normalized_shape: Vec<i64>,
    weight: Option<Handle>,
    eps: Option<f64>,
) -> Result<Handle> {
    let mut xs = vec![input];
    xs.extend(weight);
    r.record(Op::rms_norm(&normalized_shape, weight.is_some(), eps), &xs)
}

/// `F.group_norm`.
pub fn group_norm<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    num_groups: i64,
    weight: Option<Handle>,
    bias: Option<Handle>,
    eps: f64,
) -> Result<Handle> {
    let op = Op::group_norm(num_groups, weight.is_some(), bias.is_some(), eps);
    let mut xs = vec![input];
    xs.extend(weight);
    xs.extend(bias);
    r.record(op, &xs)
}

/// `F.local_response_norm(input, size, alpha, beta, k)`: `x / (k + alpha · avg)^beta`, `avg`
/// the mean of the squares over `size` neighbouring channels (zero-padded at the ends),
/// composed of recorded ops as torch composes it (the channel average a `(size, 1)` average
/// pooling over `(N, 1, C, rest)`).
pub fn local_response_norm<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    size: i64,
    alpha: f64,
    beta: f64,
    k: f64,
) -> Result<Handle> {
    use super::binary::BinaryOp;
    use super::compose::{binary, pad, reshape, scalar, squeeze, unsqueeze};
    use super::scalar::ScalarOp;
    let shape = r.shape(input)?;
    if shape.len() < 3 {
        return Err(Error::Shape(format!(
            "local_response_norm: expected 3D or higher dimensionality input, got {} dims",
            shape.len()
        )));
    }
    if size < 1 {
        return Err(Error::Argument(format!(
            "local_response_norm: size must be positive, got {size}"
        )));
    }
    if shape.contains(&0) {
        return Ok(input);
    }
    let (before, after) = (size / 2, (size - 1) / 2);
    let pool = |r: &mut dyn Recorder<B>, x| {
        super::pooling::avg_pool2d(r, x, [size, 1], Some([1, 1]), [0, 0], false, true, None)
    };
    let squares = binary(r, BinaryOp::Mul, input, input)?;
    let div = unsqueeze(r, squares, 1)?;
    let div = if shape.len() == 3 {
        let div = pad(r, div, &[0, 0, before, after], 0.0)?;
        let div = pool(r, div)?;
        squeeze(r, div, 1)?
    } else {
        let (n, c, h) = (shape[0], shape[1], shape[2]);
        let w: i64 = shape[3..].iter().product();
        let div = reshape(r, div, &[n, 1, c, h, w])?;
        let div = pad(r, div, &[0, 0, 0, 0, before, after], 0.0)?;
        let padded = c + before + after;
        let div = reshape(r, div, &[n, 1, padded, h * w])?;
        let div = pool(r, div)?;
        reshape(r, div, &shape)?
    };
    let div = scalar(r, ScalarOp::Mul, div, alpha)?;
    let div = scalar(r, ScalarOp::Add, div, k)?;
    let div = scalar(r, ScalarOp::Pow, div, beta)?;
    binary(r, BinaryOp::Div, input, div)
}

/// The `torch.nn.functional` forms of this file's norms (and of `conv.rs`'s `LayerNorm`), for
/// the binding's generator `$gen` (`src/python/declared/` says what each argument type
/// means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Apply Layer Normalization for last certain number of dimensions.
            ///
            /// Each sample is normalized by the mean and (biased) variance of its trailing `normalized_shape`
            /// dims, then scaled by `weight` and shifted by `bias` elementwise. Records one node; `input`,
            /// `weight` and `bias` get gradients.
            ///
            /// Args:
            ///     input (Tensor): of shape `(*, *normalized_shape)`.
            ///     normalized_shape (int or sequence of int): the trailing dims to normalize over.
            ///     weight (Tensor, optional): of shape `normalized_shape`. Default: ``None``.
            ///     bias (Tensor, optional): of shape `normalized_shape`. Default: ``None``.
            ///     eps (float): a value added to the variance for numerical stability. Default:
            ///         ``1e-5``.
            ///
            /// Returns:
            ///     Tensor: of the input's shape.
            ///
            /// Raises:
            ///     ShapeError: `normalized_shape` is not the input's trailing shape, or `weight` or
            ///         `bias` has another shape.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(dtype="float64"):
            ///     ...     y = et.layer_norm(et.tensor([[1.0, 3.0]]), (2,))
            ///     ...     [round(v, 4) for v in y[0].tolist()]
            ///     [-1.0, 1.0]
            fn layer_norm(input: Tensor, normalized_shape: Shape;
                weight: Option<Tensor> = None, bias: Option<Tensor> = None, eps: f64 = 1e-5)
                = crate::ops::norm::layer_norm;

            /// Apply Root Mean Square Layer Normalization.
            ///
            /// `y = x / sqrt(mean(x ** 2) + eps) * weight`, the mean over the trailing `normalized_shape` dims.
            /// Records one node on every carrier; `input` and `weight` get gradients.
            ///
            /// Args:
            ///     input (Tensor): of shape `(*, *normalized_shape)`.
            ///     normalized_shape (int or sequence of int): the trailing dims to normalize over.
            ///     weight (Tensor, optional): of shape `normalized_shape`. Default: ``None``.
            ///     eps (float, optional): a value added to the mean square. Default: ``None`` (the
            ///         machine epsilon of the input's dtype, as torch's `torch.finfo(dtype).eps`).
            ///
            /// Returns:
            ///     Tensor: of the input's shape.
            ///
            /// Raises:
            ///     ShapeError: `normalized_shape` is not the input's trailing shape, or `weight` has
            ///         another shape.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(dtype="float64"):
            ///     ...     y = et.rms_norm(et.tensor([[3.0, 4.0]]), [2])
            ///     ...     [round(v, 4) for v in y[0].tolist()]
            ///     [0.8485, 1.1314]
            fn rms_norm(input: Tensor, normalized_shape: Shape;
                weight: Option<Tensor> = None, eps: Option<f64> = None)
                = crate::ops::norm::rms_norm;

            /// Apply Group Normalization for last certain number of dimensions.
            ///
            /// The channels (dim 1) are split into `num_groups` groups; each group of each sample is normalized
            /// by its own mean and (biased) variance, then `weight` and `bias` apply per channel. Records one
            /// node on every carrier; `input`, `weight` and `bias` get gradients.
            ///
            /// Args:
            ///     input (Tensor): of shape `(N, C, *)`.
            ///     num_groups (int): the number of groups; `C` must be divisible by it.
            ///     weight (Tensor, optional): per-channel scale, of shape `(C)`. Default: ``None``.
            ///     bias (Tensor, optional): per-channel shift, of shape `(C)`. Default: ``None``.
            ///     eps (float): a value added to the variance for numerical stability. Default:
            ///         ``1e-5``.
            ///
            /// Returns:
            ///     Tensor: of the input's shape.
            ///
            /// Raises:
            ///     ShapeError: `C` is not divisible by `num_groups`, or `weight` or `bias` is not
            ///         `(C)`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(dtype="float64"):
            ///     ...     x = et.tensor([[[1.0], [3.0], [5.0], [7.0]]])
            ///     ...     [round(v, 4) for v in et.group_norm(x, 2).flatten().tolist()]
            ///     [-1.0, 1.0, -1.0, 1.0]
            fn group_norm(input: Tensor, num_groups: i64;
                weight: Option<Tensor> = None, bias: Option<Tensor> = None, eps: f64 = 1e-5)
                = crate::ops::norm::group_norm;

            /// Applies local response normalization over an input signal.
            ///
            /// The input is divided by ``(k + alpha * avg)**beta``, ``avg`` the mean of the squares over
            /// ``size`` neighbouring channels (zero-padded at the ends), composed from recorded ops as
            /// torch composes it. The channels are dim 1.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, ...)``, at least 3 dims.
            ///     size (int): the number of neighbouring channels used for normalization.
            ///     alpha (float): the multiplicative factor. Default: ``1e-4``.
            ///     beta (float): the exponent. Default: ``0.75``.
            ///     k (float): the additive factor. Default: ``1.0``.
            ///
            /// Returns:
            ///     Tensor: the input's shape.
            ///
            /// Raises:
            ///     ShapeError: an input of fewer than 3 dims.
            ///     ArgumentError: a ``size`` below 1.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     F.local_response_norm(et.zeros(1, 3, 2), 2).tolist()
            ///     [[[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]]
            fn local_response_norm(input: Tensor, size: i64;
                alpha: f64 = 1e-4, beta: f64 = 0.75, k: f64 = 1.0)
                = crate::ops::norm::local_response_norm;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads, data};

    #[test]
    fn group_norm_gradients_with_affine_and_without() {
        // oracle: LibTorch's group_norm, by its autograd
        check_grads(
            &[data(&[2, 6, 3, 2], 903), data(&[6], 904), data(&[6], 905)],
            |s, h| s.record(Op::group_norm(3, true, true, 1e-5), &[h[0], h[1], h[2]]),
            |t| t[0].group_norm(3, Some(&t[1]), Some(&t[2]), 1e-5, false),
        );
        check_grads(
            &[data(&[3, 4, 5], 906)],
            |s, h| s.record(Op::group_norm(2, false, false, 1e-3), &[h[0]]),
            |t| t[0].group_norm(2, None::<&tch::Tensor>, None::<&tch::Tensor>, 1e-3, false),
        );
    }

    #[test]
    fn rms_norm_gradients_with_a_weight_and_without() {
        // oracle: x · rsqrt(mean(x², trailing) + eps) · w, by LibTorch's autograd
        check_grads(
            &[data(&[2, 3, 4], 900), data(&[3, 4], 901)],
            |s, h| s.record(Op::rms_norm(&[3, 4], true, Some(1e-6)), &[h[0], h[1]]),
            |t| {
                let ms = (&t[0] * &t[0]).mean_dim(&[-2i64, -1][..], true, tch::Kind::Double);
                &t[0] * (ms + 1e-6).rsqrt() * &t[1]
            },
        );
        check_grads(
            &[data(&[5, 4], 902)],
            |s, h| s.record(Op::rms_norm(&[4], false, Some(1e-3)), &[h[0]]),
            |t| {
                let ms = (&t[0] * &t[0]).mean_dim(&[-1i64][..], true, tch::Kind::Double);
                &t[0] * (ms + 1e-3).rsqrt()
            },
        );
    }
}
