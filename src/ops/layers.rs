//! Layers computed by LibTorch's own kernels, forward and backward (its dedicated backward
//! kernels, saving what torch saves): `max_pool2d`, `avg_pool2d`,
//! `adaptive_avg_pool2d`. Each is a [`Layer`]: its shape rule and its two kernels on tch
//! tensors; [`Layered`] is their one [`Rule`]. A carrier whose values LibTorch does not hold
//! (the reference backend) refuses them with `UnsupportedOpError` before anything is
//! recorded (`Backend::layer`).

use std::sync::OnceLock;

use tch::Tensor;

use super::binary::BinaryOp;
use super::compose::{self, Composed, Recorder};
use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::error::{Error, Result};
use crate::handles::Handle;
pub use crate::kernel::Layer;
use crate::ledger::Category;

/// The rule of every [`Layer`].
pub struct Layered<B: Backend> {
    pub layer: Box<dyn Layer>,
    /// Set by the forward (again by the forward that recomputes a value a checkpointed
    /// block released); freed with the node, or when such a block releases its value.
    workspace: OnceLock<Vec<Value<B>>>,
}

impl<B: Backend> Op<B> {
    pub fn layer(layer: impl Layer + 'static) -> Self {
        Op::Layer(Box::new(Layered {
            layer: Box::new(layer),
            workspace: OnceLock::new(),
        }))
    }
}

impl<B: Backend> Layered<B> {
    /// A fresh unit of the same layer (no workspace), where the layer has a replica.
    pub(crate) fn replica(&self) -> Option<Op<B>> {
        Some(Op::Layer(Box::new(Layered {
            layer: self.layer.replica()?,
            workspace: OnceLock::new(),
        })))
    }
}

impl<B: Backend> Rule<B> for Layered<B> {
    fn name(&self) -> &'static str {
        self.layer.name()
    }
    fn arity(&self) -> Arity {
        self.layer.arity()
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn accepts_data(&self) -> bool {
        true
    }
    /// LibTorch's backward kernels read the operands (and the workspace), and the output
    /// only where [`Layer::keeps_output`] says so.
    fn saves_output(&self, _needs: &[bool]) -> bool {
        self.layer.keeps_output()
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        self.layer.shape(shapes)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let ts: Vec<&B::T> = xs.iter().map(|x| x.get()).collect();
        for (i, t) in ts.iter().enumerate() {
            if B::dtype(t).is_data() != self.layer.is_data(i) {
                return Err(Error::DType(format!(
                    "{}: operand {i} must be {}, not {}",
                    self.layer.name(),
                    if self.layer.is_data(i) {
                        "int64 data"
                    } else {
                        "a floating-point tensor"
                    },
                    B::dtype(t)
                )));
            }
        }
        let (out, ws) = B::layer(self.layer.as_ref(), &ts)?;
        let ws = ws
            .into_iter()
            .map(|w| Tracked::owned(w, Category::Tape))
            .collect();
        let _ = self.workspace.set(ws);
        fresh(out)
    }
    fn forget_workspace(&mut self) {
        self.workspace.take();
    }
    fn workspace(&self) -> Vec<&Value<B>> {
        self.workspace
            .get()
            .map_or_else(Vec::new, |ws| ws.iter().collect())
    }
    fn mixed_params(&self) -> bool {
        self.layer.mixed_params()
    }
    fn autocast_name(&self) -> &'static str {
        self.layer.autocast_name()
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let ts: Vec<&B::T> = cx.xs.iter().map(|x| x.get()).collect();
        let mut ws: Vec<&B::T> = self
            .workspace
            .get()
            .map_or(Vec::new(), |w| w.iter().map(|v| v.get()).collect());
        if self.layer.keeps_output() {
            ws.push(cx.out.get());
        }
        let needs: Vec<bool> = (0..ts.len())
            .map(|i| cx.needs[i] && !self.layer.is_data(i))
            .collect();
        let gs = B::layer_backward(self.layer.as_ref(), &ts, &ws, cx.g.get(), &needs)?;
        Ok(gs.into_iter().map(|g| g.map(grad_value)).collect())
    }
}

/// A 2-D pooling window: kernel, stride, padding, dilation (each `[h, w]`) and `ceil_mode`.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    pub kernel: [i64; 2],
    pub stride: [i64; 2],
    pub padding: [i64; 2],
    pub dilation: [i64; 2],
    pub ceil_mode: bool,
}

impl Window {
    /// torch's `pooling_output_shape` for `(C, H, W)` or `(N, C, H, W)` inputs, with its
    /// checks.
    fn shape(&self, op: &str, x: &[i64]) -> Result<Vec<i64>> {
        if x.len() != 3 && x.len() != 4 {
            return Err(Error::Shape(format!(
                "{op}: expected a 3-D (C, H, W) or 4-D (N, C, H, W) input, got {x:?}"
            )));
        }
        let mut out = x.to_vec();
        let n = x.len();
        for d in 0..2 {
            let (k, s, p, dil) = (
                self.kernel[d],
                self.stride[d],
                self.padding[d],
                self.dilation[d],
            );
            if k <= 0 || s <= 0 || dil <= 0 || p < 0 {
                return Err(Error::Argument(format!(
                    "{op}: kernel, stride and dilation must be positive and padding non-negative, \
                     got kernel {:?}, stride {:?}, padding {:?}, dilation {:?}",
                    self.kernel, self.stride, self.padding, self.dilation
                )));
            }
            if p > k / 2 {
                return Err(Error::Argument(format!(
                    "{op}: padding should be at most half of the kernel size, got padding {p} for kernel {k}"
                )));
            }
            let size = x[n - 2 + d];
            let span = size + 2 * p - dil * (k - 1) - 1 + if self.ceil_mode { s - 1 } else { 0 };
            let mut o = span.div_euclid(s) + 1;
            if self.ceil_mode && (o - 1) * s >= size + p {
                o -= 1;
            }
            if o < 1 {
                return Err(Error::Shape(format!(
                    "{op}: the output of an input of shape {x:?} would be empty (kernel {:?})",
                    self.kernel
                )));
            }
            out[n - 2 + d] = o;
        }
        Ok(out)
    }
}

/// `max_pool2d`: the maxima of each window and (workspace) their positions; the cotangent
/// goes back to those positions (LibTorch's `max_pool2d_with_indices_backward`).
#[derive(Debug, Clone)]
pub struct MaxPool2d(pub Window);

impl Layer for MaxPool2d {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "max_pool2d"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        self.0.shape("max_pool2d", shapes[0])
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let w = &self.0;
        let (out, idx) = xs[0].f_max_pool2d_with_indices(
            w.kernel,
            w.stride,
            w.padding,
            w.dilation,
            w.ceil_mode,
        )?;
        Ok((out, vec![idx]))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        workspace: &[&Tensor],
        g: &Tensor,
        _needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        let w = &self.0;
        let idx = workspace
            .first()
            .ok_or_else(|| Error::Backend("max_pool2d: the forward kept no indices".into()))?;
        let gx = xs[0].f_max_pool2d_with_indices_backward(
            g,
            w.kernel,
            w.stride,
            w.padding,
            w.dilation,
            w.ceil_mode,
            idx,
        )?;
        Ok(vec![Some(gx)])
    }
}

/// `avg_pool2d(count_include_pad, divisor_override)`.
#[derive(Debug, Clone)]
pub struct AvgPool2d {
    pub window: Window,
    pub count_include_pad: bool,
    pub divisor_override: Option<i64>,
}

impl Layer for AvgPool2d {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "avg_pool2d"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        if self.divisor_override == Some(0) {
            return Err(Error::Argument(
                "avg_pool2d: divisor_override must be non-zero".into(),
            ));
        }
        self.window.shape("avg_pool2d", shapes[0])
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let w = &self.window;
        let out = xs[0].f_avg_pool2d(
            w.kernel,
            w.stride,
            w.padding,
            w.ceil_mode,
            self.count_include_pad,
            self.divisor_override,
        )?;
        Ok((out, Vec::new()))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        _workspace: &[&Tensor],
        g: &Tensor,
        _needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        let w = &self.window;
        let gx = xs[0].f_avg_pool2d_backward(
            g,
            w.kernel,
            w.stride,
            w.padding,
            w.ceil_mode,
            self.count_include_pad,
            self.divisor_override,
        )?;
        Ok(vec![Some(gx)])
    }
}

/// `adaptive_avg_pool2d(output_size)` (`None` entries keep the input's size).
#[derive(Debug, Clone)]
pub struct AdaptiveAvgPool2d(pub [Option<i64>; 2]);

impl AdaptiveAvgPool2d {
    fn size(&self, x: &[i64]) -> [i64; 2] {
        let n = x.len();
        [self.0[0].unwrap_or(x[n - 2]), self.0[1].unwrap_or(x[n - 1])]
    }
}

impl Layer for AdaptiveAvgPool2d {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "adaptive_avg_pool2d"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let x = shapes[0];
        if x.len() != 3 && x.len() != 4 {
            return Err(Error::Shape(format!(
                "adaptive_avg_pool2d: expected a 3-D or 4-D input, got {x:?}"
            )));
        }
        let size = self.size(x);
        if size.iter().any(|&s| s < 0) || x[x.len() - 2..].contains(&0) {
            return Err(Error::Shape(format!(
                "adaptive_avg_pool2d: output size {size:?} for an input of shape {x:?}"
            )));
        }
        let mut out = x.to_vec();
        let n = out.len();
        out[n - 2..].copy_from_slice(&size);
        Ok(out)
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let size = self.size(&xs[0].size());
        Ok((xs[0].f_adaptive_avg_pool2d(size)?, Vec::new()))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        _workspace: &[&Tensor],
        g: &Tensor,
        _needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        Ok(vec![Some(
            xs[0].f_internal_adaptive_avg_pool2d_backward(g)?,
        )])
    }
}

impl Window {
    /// The output size `[oh, ow]` for an input of shape `x` (after [`Window::shape`]'s
    /// checks), and the padding `(left, right, top, bottom)` that puts every window (the
    /// last one of ceil mode too) inside the padded input.
    fn geometry(&self, op: &str, x: &[i64]) -> Result<([i64; 2], [i64; 4])> {
        let shape = self.shape(op, x)?;
        let n = x.len();
        let out = [shape[n - 2], shape[n - 1]];
        let need =
            |d: usize| (out[d] - 1) * self.stride[d] + self.dilation[d] * (self.kernel[d] - 1) + 1;
        let (p, h, w) = (self.padding, x[n - 2], x[n - 1]);
        Ok((
            out,
            [
                p[1],
                (need(1) - w - p[1]).max(0),
                p[0],
                (need(0) - h - p[0]).max(0),
            ],
        ))
    }

    /// The windows of `x` padded with `fill`, stacked along a new last dim (`geometry`:
    /// [`Window::geometry`]'s for `x`).
    fn stacked<B: Backend>(
        &self,
        r: &mut dyn Recorder<B>,
        x: Handle,
        fill: f64,
        (out, pads): ([i64; 2], [i64; 4]),
    ) -> Result<Handle> {
        let x = compose::pad(r, x, &pads, fill)?;
        let cols = compose::windows(r, x, self.kernel, self.stride, self.dilation, out)?;
        compose::stack(r, &cols, -1)
    }
}

impl<B: Backend> Composed<B> for MaxPool2d {
    /// The windows of the input padded with −inf, reduced by `amax`.
    fn compose(&self, r: &mut dyn Recorder<B>, xs: &[Handle]) -> Result<Handle> {
        let geometry = self.0.geometry("max_pool2d", &r.shape(xs[0])?)?;
        let cols = self.0.stacked(r, xs[0], f64::NEG_INFINITY, geometry)?;
        r.record(Op::amax(&[-1], false), &[cols])
    }
}

impl AvgPool2d {
    /// torch's divisor of each output position (its AvgPool2d kernel), exactly.
    fn divisors(&self, h: i64, w: i64, out: [i64; 2]) -> Vec<f64> {
        let (k, s, p) = (self.window.kernel, self.window.stride, self.window.padding);
        // bounded: one per cell of the pooled output plane
        let mut div = Vec::with_capacity((out[0] * out[1]) as usize);
        for oi in 0..out[0] {
            for oj in 0..out[1] {
                let (hs, ws) = (oi * s[0] - p[0], oj * s[1] - p[1]);
                let (he, we) = ((hs + k[0]).min(h + p[0]), (ws + k[1]).min(w + p[1]));
                let pool = (he - hs) * (we - ws);
                let inside = (he.min(h) - hs.max(0)) * (we.min(w) - ws.max(0));
                div.push(match self.divisor_override {
                    Some(d) => d as f64,
                    None if self.count_include_pad => pool as f64,
                    None => inside as f64,
                });
            }
        }
        div
    }
}

impl<B: Backend> Composed<B> for AvgPool2d {
    /// The windows of the zero-padded input summed, divided by torch's divisors.
    fn compose(&self, r: &mut dyn Recorder<B>, xs: &[Handle]) -> Result<Handle> {
        let x = r.shape(xs[0])?;
        let geometry = self.window.geometry("avg_pool2d", &x)?;
        let n = x.len();
        let div = self.divisors(x[n - 2], x[n - 1], geometry.0);
        let cols = self.window.stacked(r, xs[0], 0.0, geometry)?;
        let sums = r.record(Op::sum(&[-1], false), &[cols])?;
        let div = r.constant(xs[0], &div, &geometry.0, None)?;
        compose::binary(r, BinaryOp::Div, sums, div)
    }
}

impl<B: Backend> Composed<B> for AdaptiveAvgPool2d {
    /// The mean of each adaptive cell (rows `⌊i·h/oh⌋ .. ⌈(i+1)·h/oh⌉`, columns alike).
    fn compose(&self, r: &mut dyn Recorder<B>, xs: &[Handle]) -> Result<Handle> {
        let x = r.shape(xs[0])?;
        let n = x.len();
        let (h, w) = (x[n - 2], x[n - 1]);
        let [oh, ow] = self.size(&x);
        if oh <= 0 || ow <= 0 {
            return Err(Error::Shape(format!(
                "adaptive_avg_pool2d: output size [{oh}, {ow}] must be positive"
            )));
        }
        let cell = |i: i64, o: i64, size: i64| ((i * size) / o, ((i + 1) * size + o - 1) / o);
        // bounded: one per cell of the pooled output plane
        let mut rows = Vec::with_capacity(oh as usize);
        for i in 0..oh {
            let (hs, he) = cell(i, oh, h);
            let band = compose::slice(r, xs[0], n as i64 - 2, hs, he, 1)?;
            // bounded: one per cell of the pooled output plane
            let mut cells = Vec::with_capacity(ow as usize);
            for j in 0..ow {
                let (ws, we) = cell(j, ow, w);
                let c = compose::slice(r, band, n as i64 - 1, ws, we, 1)?;
                cells.push(r.record(Op::mean(&[-2, -1], false), &[c])?);
            }
            rows.push(compose::stack(r, &cells, -1)?);
        }
        compose::stack(r, &rows, -2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads_libtorch, data, dt, session_on};

    fn window(k: i64, s: i64, p: i64, d: i64, ceil: bool) -> Window {
        Window {
            kernel: [k, k],
            stride: [s, s],
            padding: [p, p],
            dilation: [d, d],
            ceil_mode: ceil,
        }
    }

    #[test]
    fn max_pool2d_gradient_goes_to_each_windows_maximum() {
        check_grads_libtorch(
            &[data(&[2, 3, 7, 6], 700)],
            |s, h| s.record(Op::layer(MaxPool2d(window(3, 2, 1, 1, true))), &[h[0]]),
            |t| t[0].max_pool2d([3, 3], [2, 2], [1, 1], [1, 1], true),
        );
    }

    #[test]
    fn avg_pool2d_and_adaptive_avg_pool2d_gradients() {
        check_grads_libtorch(
            &[data(&[2, 3, 7, 6], 701)],
            |s, h| {
                let l = AvgPool2d {
                    window: window(3, 2, 1, 1, true),
                    count_include_pad: false,
                    divisor_override: None,
                };
                s.record(Op::layer(l), &[h[0]])
            },
            |t| t[0].avg_pool2d([3, 3], [2, 2], [1, 1], true, false, None),
        );
        check_grads_libtorch(
            &[data(&[3, 7, 5], 702)],
            |s, h| s.record(Op::layer(AdaptiveAvgPool2d([Some(3), None])), &[h[0]]),
            |t| t[0].adaptive_avg_pool2d([3, 5]),
        );
    }

    #[test]
    fn the_reference_backend_refuses_layers_before_recording() {
        let mut s = session_on("reference");
        let x = s.input(&dt(&data(&[1, 2, 4, 4], 704)), false).unwrap();
        let before = s.tape_len();
        let r = s.record(Op::layer(MaxPool2d(window(2, 2, 0, 1, false))), &[x]);
        assert!(matches!(r, Err(Error::Unsupported { .. })), "{:?}", r.err());
        assert_eq!(s.tape_len(), before);
    }
}
