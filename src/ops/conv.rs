//! Convolutions (`conv1d`, `conv2d`, `conv_transpose2d`) and `layer_norm`: [`Layer`]s with
//! LibTorch's forward kernels and its dedicated backward kernels (`convolution_backward`,
//! `native_layer_norm_backward`, through the shims of `src/shim/layers.cpp`), which save
//! what torch saves: the operands (and layer norm's mean and rstd).

use tch::Tensor;

use super::binary::BinaryOp;
use super::compose::{self, Composed, Recorder};
use super::layers::Layer;
use super::scalar::ScalarOp;
use super::unary::UnaryOp;
use super::{Arity, Op};
use crate::backend::layer_kernels::{convolution_backward, layer_norm_backward, ConvParams};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// A convolution over `stride.len()` spatial dims (1 or 2); operands: input, weight, and a
/// bias if `bias`. Unbatched inputs (no batch dim) are convolved as a batch of one.
#[derive(Debug, Clone)]
pub struct Conv {
    pub name: &'static str,
    pub stride: Vec<i64>,
    pub padding: Vec<i64>,
    pub dilation: Vec<i64>,
    pub transposed: bool,
    pub output_padding: Vec<i64>,
    pub groups: i64,
    pub bias: bool,
}

impl Conv {
    fn params(&self) -> ConvParams<'_> {
        ConvParams {
            stride: &self.stride,
            padding: &self.padding,
            dilation: &self.dilation,
            transposed: self.transposed,
            output_padding: &self.output_padding,
            groups: self.groups,
        }
    }
    fn spatial(&self) -> usize {
        self.stride.len()
    }
    /// Whether an input of `ndim` dims has no batch dim.
    fn unbatched(&self, ndim: usize) -> bool {
        ndim == self.spatial() + 1
    }
}

impl Layer for Conv {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        self.name
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(2 + usize::from(self.bias))
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (x, w) = (shapes[0], shapes[1]);
        let k = self.spatial();
        let name = self.name;
        if x.len() != k + 1 && x.len() != k + 2 {
            return Err(Error::Shape(format!(
                "{name}: expected a {}-D (unbatched) or {}-D input, got {x:?}",
                k + 1,
                k + 2
            )));
        }
        if w.len() != k + 2 {
            return Err(Error::Shape(format!(
                "{name}: expected a {}-D weight, got {w:?}",
                k + 2
            )));
        }
        let g = self.groups;
        let in_c = x[x.len() - k - 1];
        let bad = |why: String| Err(Error::Shape(format!("{name}: {why}")));
        if g <= 0 || self.stride.iter().chain(&self.dilation).any(|&v| v <= 0) {
            return Err(Error::Argument(format!(
                "{name}: groups, stride and dilation must be positive"
            )));
        }
        if self.padding.iter().any(|&p| p < 0) {
            return Err(Error::Argument(format!(
                "{name}: padding must be non-negative"
            )));
        }
        // torch's rule: each output padding below the stride or the dilation of its dim.
        let op = &self.output_padding;
        let bad_op = (0..k).find(|&d| {
            let p = op.get(d).copied().unwrap_or(0);
            p < 0 || (p >= self.stride[d] && p >= self.dilation[d])
        });
        if let Some(d) = bad_op {
            return Err(Error::Argument(format!(
                "{name}: output padding must be non-negative and smaller than either stride or dilation, but got output_padding {:?}, stride {:?}, dilation {:?} (dim {d})",
                op, self.stride, self.dilation
            )));
        }
        let out_c = if self.transposed {
            if w[0] != in_c {
                return bad(format!(
                    "the weight {w:?} expects {} input channels, got {in_c}",
                    w[0]
                ));
            }
            w[1] * g
        } else {
            if w[1] * g != in_c || w[0] % g != 0 {
                return bad(format!(
                    "the weight {w:?} with groups {g} expects {} input channels, got {in_c}",
                    w[1] * g
                ));
            }
            w[0]
        };
        if self.bias && shapes[2] != [out_c] {
            return bad(format!(
                "a bias of shape {:?} for {out_c} output channels",
                shapes[2]
            ));
        }
        let mut out: Vec<i64> = x[..x.len() - k - 1].to_vec();
        out.push(out_c);
        for d in 0..k {
            let size = x[x.len() - k + d];
            let kernel = self.dilation[d] * (w[2 + d] - 1) + 1;
            let o = if self.transposed {
                (size - 1) * self.stride[d] - 2 * self.padding[d] + kernel + self.output_padding[d]
            } else {
                (size + 2 * self.padding[d] - kernel).div_euclid(self.stride[d]) + 1
            };
            if o <= 0 {
                return bad(format!(
                    "an input of shape {x:?} is smaller than the kernel {:?} (padded and dilated)",
                    &w[2..]
                ));
            }
            out.push(o);
        }
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let unbatched = self.unbatched(xs[0].dim());
        let x = if unbatched {
            xs[0].f_unsqueeze(0)?
        } else {
            xs[0].shallow_clone()
        };
        let bias = self.bias.then(|| xs[2]);
        let y = x.f_convolution(
            xs[1],
            bias,
            &self.stride[..],
            &self.padding[..],
            &self.dilation[..],
            self.transposed,
            &self.output_padding[..],
            self.groups,
        )?;
        Ok((if unbatched { y.f_squeeze_dim(0)? } else { y }, Vec::new()))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        _workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        let unbatched = self.unbatched(xs[0].dim());
        let (x, g) = if unbatched {
            (xs[0].f_unsqueeze(0)?, g.f_unsqueeze(0)?)
        } else {
            (xs[0].shallow_clone(), g.shallow_clone())
        };
        let bias_len = self.bias.then(|| xs[2].size()[0]);
        let mask = [needs[0], needs[1], self.bias && needs[2]];
        let [gx, gw, gb] = convolution_backward(&g, &x, xs[1], bias_len, &self.params(), mask)?;
        let gx = match gx {
            Some(t) if unbatched => Some(t.f_squeeze_dim(0)?),
            other => other,
        };
        let mut out = vec![gx, gw];
        if self.bias {
            out.push(gb);
        }
        Ok(out)
    }
}

/// `layer_norm(x, normalized_shape, weight, bias, eps)`: operands x, then the weight and
/// the bias where given (both of `normalized_shape`).
#[derive(Debug, Clone)]
pub struct LayerNorm {
    pub normalized_shape: Vec<i64>,
    pub weight: bool,
    pub bias: bool,
    pub eps: f64,
}

impl Layer for LayerNorm {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "layer_norm"
    }
    fn mixed_params(&self) -> bool {
        true
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1 + usize::from(self.weight) + usize::from(self.bias))
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (x, n) = (shapes[0], &self.normalized_shape);
        if n.is_empty() || x.len() < n.len() || &x[x.len() - n.len()..] != n.as_slice() {
            return Err(Error::Shape(format!(
                "layer_norm: normalized_shape {n:?} must be the trailing dims of the input {x:?}"
            )));
        }
        for s in &shapes[1..] {
            if s != n {
                return Err(Error::ShapeMismatch {
                    op: "layer_norm".into(),
                    what: "weight and bias".into(),
                    expected: n.clone(),
                    got: s.to_vec(),
                });
            }
        }
        Ok(x.to_vec())
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let w = self.weight.then(|| xs[1]);
        let b = self.bias.then(|| xs[1 + usize::from(self.weight)]);
        let (y, mean, rstd) =
            xs[0].f_native_layer_norm(&self.normalized_shape[..], w, b, self.eps)?;
        Ok((y, vec![mean, rstd]))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        let [mean, rstd] = workspace else {
            return Err(Error::Backend(
                "layer_norm: the forward kept no statistics".into(),
            ));
        };
        let w = self.weight.then(|| xs[1]);
        let b = self.bias.then(|| xs[1 + usize::from(self.weight)]);
        let mask = [
            needs[0],
            self.weight && needs[1],
            self.bias && needs[1 + usize::from(self.weight)],
        ];
        let [gx, gw, gb] =
            layer_norm_backward(g, xs[0], &self.normalized_shape, mean, rstd, w, b, mask)?;
        let mut out = vec![gx];
        if self.weight {
            out.push(gw);
        }
        if self.bias {
            out.push(gb);
        }
        Ok(out)
    }
}

/// A convolution's `padding=`: explicit amounts per spatial dim, `"valid"` (none) or
/// `"same"` (stride 1: the output keeps the input's size; torch pads half on each side and
/// the odd one more on the right).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Padding {
    Explicit(Vec<i64>),
    Valid,
    Same,
}

impl Padding {
    /// `"valid"` or `"same"`.
    pub fn parse(op: &str, mode: &str) -> Result<Self> {
        match mode {
            "valid" => Ok(Padding::Valid),
            "same" => Ok(Padding::Same),
            other => Err(Error::Argument(format!(
                "{op}: padding must be ints, 'same' or 'valid', got {other:?}"
            ))),
        }
    }

    /// The symmetric padding of each spatial dim and the extra right-side padding of the
    /// input (odd "same" totals), for a weight of shape `w`.
    fn resolve(
        &self,
        op: &str,
        w: &[i64],
        stride: &[i64],
        dilation: &[i64],
    ) -> Result<(Vec<i64>, Vec<i64>)> {
        let n = stride.len();
        match self {
            Padding::Explicit(p) => Ok((p.clone(), vec![0; n])), // bounded: one per spatial dim
            Padding::Valid => Ok((vec![0; n], vec![0; n])),      // bounded: one per spatial dim
            Padding::Same => {
                if stride.iter().any(|&s| s != 1) {
                    return Err(Error::Argument(format!(
                        "{op}: padding='same' is not supported for strided convolutions"
                    )));
                }
                let kernel = &w[w.len().saturating_sub(n)..];
                let totals: Vec<i64> = (0..n)
                    .map(|d| {
                        dilation.get(d).copied().unwrap_or(1)
                            * (kernel.get(d).copied().unwrap_or(1) - 1)
                    })
                    .collect();
                Ok((
                    totals.iter().map(|t| t / 2).collect(),
                    totals.iter().map(|t| t % 2).collect(),
                ))
            }
        }
    }
}

/// `conv1d`/`conv2d`/`conv_transpose2d` on `xs = [x, w, (b)]` with `padding` (the unit's own
/// `padding` is set from it): an uneven "same" padding first pads the input on the right, as
/// torch does; then LibTorch's kernel, or the composition where the backend has none.
pub fn conv<B: Backend>(
    r: &mut dyn Recorder<B>,
    mut unit: Conv,
    padding: Padding,
    xs: &[Handle],
) -> Result<Handle> {
    if xs.len() < 2 {
        return Err(Error::Arity {
            op: unit.name,
            expected: "2 or 3".into(),
            got: xs.len(),
        });
    }
    let w = r.shape(xs[1])?;
    let (both, extra) = padding.resolve(unit.name, &w, &unit.stride, &unit.dilation)?;
    unit.padding = both;
    let mut args = xs.to_vec();
    if extra.iter().any(|&e| e > 0) {
        let pads: Vec<i64> = extra.iter().rev().flat_map(|&e| [0, e]).collect();
        args[0] = compose::pad(r, xs[0], &pads, 0.0)?;
    }
    compose::fused_or_composed(r, unit, &args)
}

impl<B: Backend> Composed<B> for Conv {
    /// A 2-D convolution as im2col: the padded input's `kh·kw` shifted strided windows
    /// stacked into columns `(N, C, K, oh, ow)`, one `@` per group, the bias added.
    fn can_compose(&self) -> bool {
        !self.transposed && self.spatial() == 2
    }
    fn compose(&self, r: &mut dyn Recorder<B>, xs: &[Handle]) -> Result<Handle> {
        let (x, added) = compose::batched(r, xs[0], 3)?;
        let shapes = xs.iter().map(|&h| r.shape(h)).collect::<Result<Vec<_>>>()?;
        let n = r.shape(x)?[0];
        let (o, cg, kh, kw) = (shapes[1][0], shapes[1][1], shapes[1][2], shapes[1][3]);
        // The output's spatial size, by the unit's own shape rule.
        let refs: Vec<&[i64]> = shapes.iter().map(Vec::as_slice).collect();
        let y = Layer::shape(self, &refs)?;
        let out = [y[y.len() - 2], y[y.len() - 1]];
        let (p, s, d) = (&self.padding, &self.stride, &self.dilation);
        let x = compose::pad(r, x, &[p[1], p[1], p[0], p[0]], 0.0)?;
        let cols = compose::windows(r, x, [kh, kw], [s[0], s[1]], [d[0], d[1]], out)?;
        let cols = compose::stack(r, &cols, 2)?;
        let (g, og, k) = (self.groups, o / self.groups, cg * kh * kw);
        // bounded: one per group, each a recorded op
        let mut outs = Vec::with_capacity(g as usize);
        for i in 0..g {
            let c = compose::slice(r, cols, 1, i * cg, (i + 1) * cg, 1)?;
            let c = compose::reshape(r, c, &[n, k, out[0] * out[1]])?;
            let wg = compose::slice(r, xs[1], 0, i * og, (i + 1) * og, 1)?;
            let wg = compose::reshape(r, wg, &[og, k])?;
            outs.push(r.record(Op::matmul(), &[wg, c])?);
        }
        let y = compose::cat(r, &outs, 1)?;
        let mut y = compose::reshape(r, y, &[n, o, out[0], out[1]])?;
        if self.bias {
            let b = compose::reshape(r, xs[2], &[o, 1, 1])?;
            y = compose::binary(r, BinaryOp::Add, y, b)?;
        }
        compose::rebatch(r, y, added)
    }
}

impl<B: Backend> Composed<B> for LayerNorm {
    /// `(x − mean) · rsqrt(var + eps)` over the normalized dims (biased variance), then
    /// `· weight + bias`.
    fn compose(&self, r: &mut dyn Recorder<B>, xs: &[Handle]) -> Result<Handle> {
        let dims: Vec<i64> = (-(self.normalized_shape.len() as i64)..0).collect();
        let mean = r.record(Op::mean(&dims, true), &[xs[0]])?;
        let centred = compose::binary(r, BinaryOp::Sub, xs[0], mean)?;
        let sq = compose::binary(r, BinaryOp::Mul, centred, centred)?;
        let var = r.record(Op::mean(&dims, true), &[sq])?;
        let var = compose::scalar(r, ScalarOp::Add, var, self.eps)?;
        let scale = compose::unary(r, UnaryOp::Rsqrt, var)?;
        let mut y = compose::binary(r, BinaryOp::Mul, centred, scale)?;
        let mut next = 1;
        if self.weight {
            y = compose::binary(r, BinaryOp::Mul, y, xs[next])?;
            next += 1;
        }
        if self.bias {
            y = compose::binary(r, BinaryOp::Add, y, xs[next])?;
        }
        Ok(y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads_libtorch, data};
    use crate::ops::Op;

    fn conv2d(stride: i64, padding: i64, dilation: i64, groups: i64, bias: bool) -> Conv {
        Conv {
            name: "conv2d",
            stride: vec![stride; 2],
            padding: vec![padding; 2],
            dilation: vec![dilation; 2],
            transposed: false,
            output_padding: vec![0; 2],
            groups,
            bias,
        }
    }

    #[test]
    fn conv2d_gradients_with_stride_padding_dilation_groups_and_bias() {
        check_grads_libtorch(
            &[
                data(&[2, 4, 7, 6], 800),
                data(&[6, 2, 3, 2], 801),
                data(&[6], 802),
            ],
            |s, h| s.record(Op::layer(conv2d(2, 1, 2, 2, true)), &[h[0], h[1], h[2]]),
            |t| t[0].conv2d(&t[1], Some(&t[2]), [2, 2], [1, 1], [2, 2], 2),
        );
    }

    #[test]
    fn conv1d_unbatched_and_conv_transpose2d_gradients() {
        let conv1d = Conv {
            name: "conv1d",
            stride: vec![1],
            padding: vec![1],
            dilation: vec![1],
            transposed: false,
            output_padding: vec![0],
            groups: 1,
            bias: false,
        };
        check_grads_libtorch(
            &[data(&[3, 8], 803), data(&[5, 3, 3], 804)],
            move |s, h| s.record(Op::layer(conv1d_clone(&conv1d)), &[h[0], h[1]]),
            |t| t[0].conv1d(&t[1], None::<&Tensor>, [1], [1], [1], 1),
        );
        let transposed = Conv {
            name: "conv_transpose2d",
            stride: vec![2, 1],
            padding: vec![1, 0],
            dilation: vec![1, 1],
            transposed: true,
            output_padding: vec![1, 0],
            groups: 1,
            bias: true,
        };
        check_grads_libtorch(
            &[
                data(&[2, 3, 4, 5], 805),
                data(&[3, 2, 3, 3], 806),
                data(&[2], 807),
            ],
            move |s, h| s.record(Op::layer(conv1d_clone(&transposed)), &[h[0], h[1], h[2]]),
            |t| t[0].conv_transpose2d(&t[1], Some(&t[2]), [2, 1], [1, 0], [1, 0], 1, [1, 1]),
        );
    }

    fn conv1d_clone(c: &Conv) -> Conv {
        Conv {
            name: c.name,
            stride: c.stride.clone(),
            padding: c.padding.clone(),
            dilation: c.dilation.clone(),
            transposed: c.transposed,
            output_padding: c.output_padding.clone(),
            groups: c.groups,
            bias: c.bias,
        }
    }

    #[test]
    fn layer_norm_gradients_with_and_without_affine() {
        check_grads_libtorch(
            &[
                data(&[2, 3, 4], 808),
                data(&[3, 4], 809),
                data(&[3, 4], 810),
            ],
            |s, h| {
                let l = LayerNorm {
                    normalized_shape: vec![3, 4],
                    weight: true,
                    bias: true,
                    eps: 1e-5,
                };
                s.record(Op::layer(l), &[h[0], h[1], h[2]])
            },
            |t| t[0].layer_norm([3, 4], Some(&t[1]), Some(&t[2]), 1e-5, false),
        );
        check_grads_libtorch(
            &[data(&[5, 4], 811)],
            |s, h| {
                let l = LayerNorm {
                    normalized_shape: vec![4],
                    weight: false,
                    bias: false,
                    eps: 1e-3,
                };
                s.record(Op::layer(l), &[h[0]])
            },
            |t| t[0].layer_norm([4], None::<&Tensor>, None::<&Tensor>, 1e-3, false),
        );
    }
}
