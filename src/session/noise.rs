//! The ops that draw from the session's generator, as `Session` entry points (their
//! declarations are in `ops/activations.rs`, `ops/pairwise.rs` and `ops/pool_indices.rs`):
//! `rrelu`'s slopes, `gumbel_softmax`'s noise and the fractional max poolings' samples, drawn
//! in the input's dtype and recorded as data (no gradient flows into a draw).

use super::factory::Factory;
use super::Session;
use crate::backend::Backend;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::handles::{Handle, OneOr, OneOrPair};
use crate::ops::activations::softmax;
use crate::ops::aten::{pair, Aten};
use crate::ops::binary::BinaryOp;
use crate::ops::compose::TensorOrNumber;
use crate::ops::interpolate::Each;
use crate::ops::join::Where;
use crate::ops::reductions::argmax;
use crate::ops::scalar::ScalarOp;
use crate::ops::scatters::scatter;
use crate::ops::unary::UnaryOp;
use crate::ops::Op;

/// The declared entry points of the fractional max poolings over [`Session::fractional_max_pool`]
/// (`ops/pool_indices.rs` declares them): `F.fractional_max_pool{n}d`, and its
/// `_with_indices` form, which always returns the pair.
macro_rules! fractional_forms {
    ($($n:literal => $name:ident, $pair:ident;)*) => {$(
        #[doc = concat!("`F.", stringify!($name), "`.")]
        pub fn $name(
            &mut self,
            x: Handle,
            kernel_size: [i64; $n],
            output_size: Option<[i64; $n]>,
            output_ratio: Option<Each<f64>>,
            return_indices: bool,
            samples: Option<Handle>,
        ) -> Result<OneOrPair> {
            let size = output_size.map(|o| o.to_vec());
            self.fractional_max_pool(x, &kernel_size, size, output_ratio, return_indices, samples)
        }

        #[doc = concat!("`F.", stringify!($pair), "`: the values and their int64 indices.")]
        pub fn $pair(
            &mut self,
            x: Handle,
            kernel_size: [i64; $n],
            output_size: Option<[i64; $n]>,
            output_ratio: Option<Each<f64>>,
            _return_indices: bool,
            samples: Option<Handle>,
        ) -> Result<(Handle, Handle)> {
            let size = output_size.map(|o| o.to_vec());
            let pooled = self.fractional_max_pool(x, &kernel_size, size, output_ratio, true, samples)?;
            pair(stringify!($pair), pooled)
        }
    )*};
}

impl<B: Backend> Session<B> {
    /// `rrelu(x, lower, upper, training)`: in training, each element at or below 0 is
    /// multiplied by its own slope drawn uniformly from `[lower, upper]` (the session's
    /// generator, in `x`'s dtype; the slopes are data, no gradient flows into them); otherwise
    /// `leaky_relu(x, (lower + upper) / 2)`, as torch.
    pub fn rrelu(&mut self, x: Handle, lower: f64, upper: f64, training: bool) -> Result<Handle> {
        if lower > upper || lower.is_nan() || upper.is_nan() {
            return Err(Error::Argument(format!(
                "rrelu: Lower bound should be less than or equal to the upper bound, got \
                 lower={lower}, upper={upper}"
            )));
        }
        if !training {
            return self.record(ScalarOp::LeakyRelu.op((lower + upper) / 2.0), &[x]);
        }
        let (shape, dtype) = (self.shape(x)?, self.dtype_of(x)?);
        if dtype.is_data() {
            return Err(Error::DType(format!(
                "rrelu(): not implemented for {dtype} (a floating dtype only)"
            )));
        }
        let u = self.make(&Factory::rand(shape)?, Some(dtype), false)?;
        // torch's `uniform_(lower, upper)`: lower + (upper - lower) · u
        let width = self.record(ScalarOp::Mul.op(upper - lower), &[u])?;
        let slopes = self.record(ScalarOp::Add.op(lower), &[width])?;
        let scaled = self.record(BinaryOp::Mul.op(), &[x, slopes])?;
        let positive = crate::ops::compare::gt(self, x, TensorOrNumber::Number(0.0))?;
        self.record(Op::movement(Where), &[positive, x, scaled])
    }

    /// `gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1)`: a softmax of `(logits +
    /// g) / tau` with `g` standard Gumbel draws (`-log(E)`, `E` exponential from the session's
    /// generator); with `hard`, the one-hot of its argmax plus the soft sample minus its
    /// detached value (the straight-through gradient), as torch.
    pub fn gumbel_softmax(
        &mut self,
        logits: Handle,
        tau: f64,
        hard: bool,
        _eps: f64,
        dim: i64,
    ) -> Result<Handle> {
        let (shape, dtype) = (self.shape(logits)?, self.dtype_of(logits)?);
        if dtype.is_data() {
            return Err(Error::DType(format!(
                "gumbel_softmax(): not implemented for {dtype} (a floating dtype only)"
            )));
        }
        let u = self.make(&Factory::rand(shape)?, Some(dtype), false)?;
        // E = -log(1 - u) in (0, inf): u < 1, and a draw of 0 is the smallest normal instead
        let one_minus = self.record(ScalarOp::RSub.op(1.0), &[u])?;
        let log = self.record(UnaryOp::Log.op(), &[one_minus])?;
        let e = self.record(UnaryOp::Neg.op(), &[log])?;
        let tiny = if dtype == DType::Float64 {
            f64::MIN_POSITIVE
        } else {
            f64::from(f32::MIN_POSITIVE)
        };
        let e = self.record(ScalarOp::ClampMin.op(tiny), &[e])?;
        let log_e = self.record(UnaryOp::Log.op(), &[e])?;
        let gumbels = self.record(UnaryOp::Neg.op(), &[log_e])?;
        let shifted = self.record(BinaryOp::Add.op(), &[logits, gumbels])?;
        let scaled = self.record(ScalarOp::Div.op(tau), &[shifted])?;
        let y_soft = softmax(self, scaled, dim)?;
        if !hard {
            return Ok(y_soft);
        }
        let index = argmax(self, y_soft, Some(dim), true)?;
        let zeros = self.record(ScalarOp::Mul.op(0.0), &[y_soft])?;
        let zeros = self.detach(zeros)?;
        let y_hard = scatter(
            self,
            zeros,
            dim,
            index,
            Some(TensorOrNumber::Number(1.0)),
            None,
            None,
        )?;
        let soft_const = self.detach(y_soft)?;
        let minus = self.record(BinaryOp::Sub.op(), &[y_hard, soft_const])?;
        self.record(BinaryOp::Add.op(), &[minus, y_soft])
    }

    /// `fractional_max_pool2d/3d(input, kernel_size, output_size=None, output_ratio=None,
    /// return_indices=False, _random_samples=None)` for the `n = kernel.len()` spatial dims:
    /// LibTorch's kernel over pseudo-random windows placed by `samples`, `(N, C, n)` in
    /// `[0, 1)` (drawn from the session's generator in the input's dtype where not given, as
    /// torch draws them); the output size given, or `output_ratio` of the input's
    /// (truncated); with `return_indices`, the int64 indices too (one more node).
    pub fn fractional_max_pool(
        &mut self,
        x: Handle,
        kernel: &[i64],
        output_size: Option<Vec<i64>>,
        output_ratio: Option<Each<f64>>,
        return_indices: bool,
        samples: Option<Handle>,
    ) -> Result<OneOrPair> {
        let n = kernel.len();
        let name = if n == 2 {
            "fractional_max_pool2d"
        } else {
            "fractional_max_pool3d"
        };
        let shape = self.shape(x)?;
        if shape.len() != n + 1 && shape.len() != n + 2 {
            return Err(Error::Shape(format!(
                "{name}: expected a {}-D or {}-D input, got shape {shape:?}",
                n + 1,
                n + 2
            )));
        }
        let spatial = shape[shape.len() - n..].to_vec();
        let size = match (output_size, output_ratio) {
            (Some(size), _) => size,
            (None, Some(ratio)) => {
                let ratio = match ratio {
                    Each::One(r) => vec![r; n], // bounded: one per spatial dim
                    Each::Many(r) if r.len() == n => r,
                    Each::Many(r) => {
                        return Err(Error::Argument(format!(
                            "{name} requires output_ratio to either be a single float or a                              tuple of {n} floats, got {r:?}"
                        )))
                    }
                };
                spatial
                    .iter()
                    .zip(&ratio)
                    .map(|(&s, &r)| (s as f64 * r) as i64)
                    .collect()
            }
            (None, None) => {
                return Err(Error::Argument(format!(
                    "{name} requires specifying either an output_size or an output_ratio"
                )))
            }
        };
        // torch's checks, made before anything is drawn (2-D windows may reach the last
        // element, 3-D ones may not)
        let dims: &[&str] = if n == 2 {
            &["height", "width"]
        } else {
            &["time", "height", "width"]
        };
        for d in 0..n {
            if kernel[d] < 0 || size[d] < 0 {
                return Err(Error::Argument(format!(
                    "{name}: kernel_size and output_size must not be negative, got {kernel:?} \
                     and {size:?}"
                )));
            }
            let reach = size[d] + kernel[d] - 1;
            if reach > spatial[d] || (n == 3 && reach == spatial[d]) {
                return Err(Error::Shape(format!(
                    "{name}(): pool {} {} too large relative to input {} {}",
                    dims[d], kernel[d], dims[d], spatial[d]
                )));
            }
        }
        let dtype = self.dtype_of(x)?;
        let samples = match samples {
            Some(given) => given,
            None => {
                let batch = if shape.len() == n + 1 { 1 } else { shape[0] };
                let channels = shape[shape.len() - n - 1];
                let draws = Factory::rand(vec![batch, channels, n as i64])?;
                self.make(&draws, Some(dtype), false)?
            }
        };
        let out: Vec<i64> = shape[..shape.len() - n]
            .iter()
            .chain(&size)
            .copied()
            .collect();
        let part = |which: usize| {
            let (kernel, size, out) = (kernel.to_vec(), size.clone(), out.clone());
            Aten::new(
                name,
                2,
                move |_| Ok(out.clone()),
                move |t| {
                    let pair = match kernel.len() {
                        2 => {
                            t[0].f_fractional_max_pool2d(kernel.as_slice(), size.as_slice(), &t[1])?
                        }
                        _ => {
                            t[0].f_fractional_max_pool3d(kernel.as_slice(), size.as_slice(), &t[1])?
                        }
                    };
                    Ok(if which == 0 { pair.0 } else { pair.1 })
                },
            )
        };
        let values = part(0).record(self, &[x, samples])?;
        if !return_indices {
            return Ok(OneOr::One(values));
        }
        let indices = part(1).record(self, &[x, samples])?;
        Ok(OneOr::Other((values, indices)))
    }

    fractional_forms! {
        2 => fractional_max_pool2d, fractional_max_pool2d_with_indices;
        3 => fractional_max_pool3d, fractional_max_pool3d_with_indices;
    }
}
