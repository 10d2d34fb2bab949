//! Sampling and searching. `bernoulli`, `normal`, `multinomial`, and the factories `rand`,
//! `randn`, `randint` and `randperm` (`session/factory.rs`) draw from the session's counter-based generator ([`crate::rng`]): the same seed gives the
//! same draws, and each call advances the generator by the number of values it read (the
//! table below), so a draw's place in the stream depends only on the calls before it.
//!
//! | call | values read |
//! |---|---|
//! | `bernoulli(p)` | `p.numel()` uniforms: element `i` is 1 where `u_i < p_i` |
//! | `normal(mean, std)` | one normal per output element (two positions each) |
//! | `multinomial(p, n, replacement=True)` | `rows × n` uniforms: the inverse CDF of each row |
//! | `multinomial(p, n, replacement=False)` | `rows × categories` uniforms: the `n` largest `p_j / E_j`, `E_j = -log u_j` (exponential races) |
//! | `rand(size)`, `randn(size)` | one uniform or normal per element |
//! | `randint(low, high, size)` | one 53-bit uniform per element |
//! | `randperm(n)` | `n` 53-bit uniforms (Fisher–Yates) |
//! | `dropout1d/2d/3d`, `feature_alpha_dropout` (training) | one uniform per channel (`N × C`) |
//! | `alpha_dropout` (training) | one uniform per element |
//!
//! The results are data the tape records as leaves: no gradient flows through a draw
//! (torch's derivative of each is zero, and a `GradMap` is sparse: the same gradients).
//! Where a sampler's result depends on its operand's values (`bernoulli`, `multinomial`,
//! `normal`), it runs on the device with LibTorch's kernels (or the reference backend's
//! comparisons); its arguments are checked first, and a failed call changes neither the tape
//! nor the generator.
//!
//! `searchsorted`, `bucketize` and `unique` return data too; `unique`'s length depends on
//! the values (a data-dependent shape, read back as torch reads it).

use super::{Operand, Session};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::kernel::Predicate;
use crate::ops::binary::{Add, BinaryOp, Div, Mul};
use crate::ops::unary::Log;
use crate::rng::RngState;
use crate::shape::{broadcast_shapes, checked_numel, normalize_dim};
use crate::tape::Handle;

impl<B: Backend> Session<B> {
    /// `shape` uniforms of `dtype` on the grid `k / 2^(bits-1)` (`bits` its significand
    /// width), in `[0, 1 - 2^(1-bits)]`; `open`: shifted half a step, into `(0, 1)`. Every
    /// value is exact in `dtype`. Advances `rng` by the count.
    pub(super) fn uniforms(
        rng: &mut RngState,
        shape: &[i64],
        dtype: DType,
        open: bool,
        device: crate::config::Device,
    ) -> Result<B::T> {
        let n = checked_numel(shape)? as u64;
        let bits = dtype.significand_bits().clamp(2, 53) - 1;
        let half = if open {
            0.5f64.powi(bits as i32 + 1)
        } else {
            0.0
        };
        let r = *rng;
        let t = B::generate(shape, dtype, device, &|at, part| {
            r.fill_uniform_bits(at as u64, part, bits);
            part.iter_mut().for_each(|v| *v += half);
        })?;
        rng.skip_draw(false, n);
        Ok(t)
    }

    /// The one number a 0-d reduction holds.
    pub(super) fn read_scalar(t: &B::T) -> Result<f64> {
        Ok(B::to_f64(t)?.first().copied().unwrap_or(f64::NAN))
    }

    /// `h`'s value (shared with the tape, never copied), refused unless floating.
    fn floating_operand(&self, op: &str, h: Handle) -> Result<Value<B>> {
        let v = self.value(h)?;
        let dtype = B::dtype(v.get());
        if dtype.is_data() {
            return Err(Error::DType(format!(
                "{op}: expected a floating tensor, got {dtype}"
            )));
        }
        Ok(v)
    }

    /// torch's `bernoulli(input)` (each element 1 with probability `input`'s element) or,
    /// with `p`, `bernoulli(input, p)` (the shape and dtype of `input`, probability `p`).
    pub fn bernoulli(
        &mut self,
        x: Handle,
        p: Option<f64>,
        _generator: crate::rng::SessionGenerator,
    ) -> Result<Handle> {
        let probs = self.floating_operand("bernoulli", x)?;
        let probs = probs.get();
        let (shape, dtype) = (B::shape(probs), B::dtype(probs));
        match p {
            Some(p) if !(0.0..=1.0).contains(&p) => {
                return Err(Error::Argument(format!(
                    "bernoulli: p must be in [0, 1], got {p}"
                )))
            }
            Some(_) => {}
            None if B::numel(probs) > 0 => {
                let lo = Self::read_scalar(&B::extremum_dims(probs, &[], false, false)?)?;
                let hi = Self::read_scalar(&B::extremum_dims(probs, &[], false, true)?)?;
                if !(lo >= 0.0 && hi <= 1.0) {
                    return Err(Error::Argument(format!(
                        "bernoulli: every probability must be in [0, 1], got values in [{lo}, {hi}]"
                    )));
                }
            }
            None => {}
        }
        let mut rng = self.rng;
        let u = Self::uniforms(&mut rng, &shape, dtype, true, self.config.device)?;
        let hit = match p {
            Some(p) => B::predicate(Predicate::Lt, &u, None, p)?,
            None => B::predicate(Predicate::Lt, &u, Some(probs), 0.0)?,
        };
        let out = B::convert(&hit, dtype, self.config.device)?;
        let h = self.input_owned(out, false)?;
        self.rng = rng;
        Ok(h)
    }

    /// torch's `normal(mean, std)` (tensors or numbers, broadcast) or, with two numbers,
    /// `normal(mean, std, size)`: `mean + std · z` for standard normal draws `z`.
    pub fn normal(
        &mut self,
        mean: Operand<B>,
        std: Operand<B>,
        size: Option<Vec<i64>>,
    ) -> Result<Handle> {
        // Host or other-session data (a default-session tensor given to this session's
        // call) enters as a constant leaf, all or nothing with the draw.
        if matches!(mean, Operand::Data(_)) || matches!(std, Operand::Data(_)) {
            return self.all_or_nothing(|s| {
                let leaf = |s: &mut Self, o: Operand<B>| match o {
                    Operand::Data(_) => s.operand_node(o).map(Operand::Node),
                    o => Ok(o),
                };
                let (mean, std) = (leaf(s, mean)?, leaf(s, std)?);
                s.normal(mean, std, size)
            });
        }
        let device = self.config.device;
        let mut dtype = None;
        let mut shape: Option<Vec<i64>> = None;
        let mut parts = Vec::with_capacity(2);
        for (what, o) in [("mean", &mean), ("std", &std)] {
            match o {
                Operand::Node(h) => {
                    let t = self.floating_operand("normal", *h)?;
                    let s = B::shape(t.get());
                    shape = Some(match shape {
                        Some(prev) => broadcast_shapes("normal", &prev, &s)?,
                        None => s,
                    });
                    dtype.get_or_insert(B::dtype(t.get()));
                    parts.push(Some(t));
                }
                Operand::Number(_) => parts.push(None),
                Operand::Data(_) => {
                    return Err(Error::Argument(format!(
                        "normal: {what} must be a tensor or a number"
                    )))
                }
            }
        }
        let shape = match (shape, size) {
            (Some(_), Some(_)) => {
                return Err(Error::Argument(
                    "normal: size= is taken only with a number mean and std".into(),
                ))
            }
            (Some(s), None) => s,
            (None, Some(s)) => s,
            (None, None) => {
                return Err(Error::Argument(
                    "normal: with a number mean and std, give size=".into(),
                ))
            }
        };
        let dtype = dtype.unwrap_or(self.dtype);
        let number = |o: &Operand<B>| match o {
            Operand::Number(v) => Some(*v),
            _ => None,
        };
        // a number operand becomes a 0-d constant; a tensor is read where it is
        let (std_number, mean_number);
        let std_t: &B::T = match (&parts[1], number(&std)) {
            (Some(v), _) => {
                let t = v.get();
                if B::numel(t) > 0 {
                    let lo = Self::read_scalar(&B::extremum_dims(t, &[], false, false)?)?;
                    if lo.is_nan() || lo < 0.0 {
                        return Err(Error::Argument(format!(
                            "normal: expects all elements of std >= 0.0, found {lo}"
                        )));
                    }
                }
                t
            }
            (None, Some(s)) if s >= 0.0 => {
                std_number = B::full(&[], s, dtype, device)?;
                &std_number
            }
            (None, s) => {
                return Err(Error::Argument(format!(
                    "normal: expects std >= 0.0, but found std {}",
                    s.unwrap_or(f64::NAN)
                )))
            }
        };
        let mean_t: &B::T = match (&parts[0], number(&mean)) {
            (Some(v), _) => v.get(),
            (None, m) => {
                mean_number = B::full(&[], m.unwrap_or(0.0), dtype, device)?;
                &mean_number
            }
        };
        let n = checked_numel(&shape)? as u64;
        let mut rng = self.rng;
        let bits = dtype.significand_bits();
        let r = rng;
        let out = if let (Some(m), Some(sd)) = (number(&mean), number(&std)) {
            // two numbers: `mean + std · z` as each draw is written (one tensor, no
            // intermediate of the result's size), rounded once to the dtype
            B::generate(&shape, dtype, device, &|at, part| {
                r.fill_draw(true, bits, at as u64, part);
                for v in part.iter_mut() {
                    *v = m + sd * *v;
                }
            })?
        } else {
            let z = B::generate(&shape, dtype, device, &|at, part| {
                r.fill_draw(true, bits, at as u64, part)
            })?;
            B::binary::<Add>(mean_t, &B::binary::<Mul>(std_t, &z)?)?
        };
        rng.skip_draw(true, n);
        let h = self.input_owned(out, false)?;
        self.rng = rng;
        Ok(h)
    }

    /// torch's `multinomial(input, num_samples, replacement)` for 1-D or 2-D weights (each
    /// row a distribution, not necessarily normalised): int64 category indices.
    pub fn multinomial(
        &mut self,
        x: Handle,
        n: i64,
        replacement: bool,
        _generator: crate::rng::SessionGenerator,
    ) -> Result<Handle> {
        let w = self.floating_operand("multinomial", x)?;
        let w = w.get();
        let shape = B::shape(w);
        let (rows, cats) = match shape.as_slice() {
            [c] => (1, *c),
            [r, c] => (*r, *c),
            _ => {
                return Err(Error::Shape(format!(
                    "multinomial: prob_dist must be 1 or 2 dim, got shape {shape:?}"
                )))
            }
        };
        if n <= 0 {
            return Err(Error::Argument(format!(
                "multinomial: cannot sample n_sample <= 0 samples, got {n}"
            )));
        }
        if cats == 0 {
            return Err(Error::Argument(
                "multinomial: the distribution has no categories".into(),
            ));
        }
        if !replacement && n > cats {
            return Err(Error::Argument(format!(
                "multinomial: cannot sample n_sample ({n}) > prob_dist.size(-1) ({cats}) \
                 samples without replacement"
            )));
        }
        let w = B::view(w, &[rows, cats])?;
        if rows > 0 {
            let lo = Self::read_scalar(&B::extremum_dims(&w, &[], false, false)?)?;
            if !B::is_finite(&w)? || lo.is_nan() || lo < 0.0 {
                return Err(Error::Argument(
                    "multinomial: probability tensor contains either inf, nan or element < 0"
                        .into(),
                ));
            }
            let sums = B::sum_dims(&w, &[1], false)?;
            let least = Self::read_scalar(&B::extremum_dims(&sums, &[], false, false)?)?;
            if least.is_nan() || least <= 0.0 {
                return Err(Error::Argument(
                    "multinomial: invalid multinomial distribution (sum of probabilities <= 0)"
                        .into(),
                ));
            }
        }
        let dtype = B::dtype(&w);
        let device = self.config.device;
        let mut rng = self.rng;
        let picks = if replacement {
            // u·total < total for u below 1 - 2^(1-bits): the category found always has a
            // positive weight (searchsorted finds the first cumulative weight above u·total).
            let cdf = B::cumsum(&w, 1, false)?;
            let total = B::extremum_dims(&cdf, &[1], true, true)?;
            let u = Self::uniforms(&mut rng, &[rows, n], dtype, false, device)?;
            let at = B::binary::<Mul>(&u, &total)?;
            B::searchsorted(&cdf, &at, true, false)?
        } else {
            // Exponential races: the n largest w_j / E_j, E_j = -log u_j, are a draw without
            // replacement (torch's method); keys w_j / log u_j, smallest first.
            let u = Self::uniforms(&mut rng, &[rows, cats], dtype, true, device)?;
            let keys = B::binary::<Div>(&w, &B::unary::<Log>(&u)?)?;
            B::topk_indices(&keys, n, 1, false, true)?
        };
        let picks = if shape.len() == 1 {
            crate::ops::viewed::<B>(&picks, &[n])?
        } else {
            picks
        };
        let h = self.input_owned_as(picks, Some(DType::Int64), false)?;
        self.rng = rng;
        Ok(h)
    }

    /// torch's `searchsorted(sorted_sequence, values, right=right)`: int64 (`out_int32`:
    /// int32) positions. `values` a tensor or a number (a 0-d result).
    pub fn searchsorted(
        &mut self,
        seq: Handle,
        values: Operand<B>,
        right: bool,
        out_int32: bool,
    ) -> Result<Handle> {
        let s = self.value(seq)?;
        let s = s.get();
        // a recorded tensor is read where it is; a number or host data becomes a constant
        let (held, owned);
        let v: &B::T = match values {
            Operand::Node(h) => {
                held = self.value(h)?;
                held.get()
            }
            Operand::Number(x) => {
                owned = B::full(&[], x, B::dtype(s), self.config.device)?;
                &owned
            }
            Operand::Data(t) => {
                owned = t;
                &owned
            }
        };
        let (ss, vs) = (B::shape(s), B::shape(v));
        if B::dtype(s) != B::dtype(v) {
            return Err(Error::DType(format!(
                "searchsorted: the sorted sequence ({}) and the values ({}) must have one dtype",
                B::dtype(s),
                B::dtype(v)
            )));
        }
        let leading_match =
            ss.len() == vs.len() && ss[..ss.len() - 1] == vs[..vs.len().saturating_sub(1)];
        if ss.is_empty() || (ss.len() > 1 && !leading_match) {
            return Err(Error::Shape(format!(
                "searchsorted: the sorted sequence must be 1-D or share all but the last dim \
                 with the values, got shapes {ss:?} and {vs:?}"
            )));
        }
        let out = B::searchsorted(s, v, right, out_int32)?;
        let dtype = if out_int32 {
            DType::Int32
        } else {
            DType::Int64
        };
        self.input_owned_as(out, Some(dtype), false)
    }

    /// torch's `unique(x, sorted, return_inverse, return_counts, dim)`: the distinct values
    /// (or slices along `dim`), then the inverse indices and the counts where asked for (a
    /// tuple then, else the values alone).
    /// The values are data: no gradient (torch has no derivative for `unique`).
    pub fn unique(
        &mut self,
        x: Handle,
        sorted: bool,
        inverse: bool,
        counts: bool,
        dim: Option<i64>,
    ) -> Result<crate::handles::OneOrTuple> {
        use crate::handles::OneOrTuple;
        let v = self.value(x)?;
        let v = v.get();
        let dim = match dim {
            Some(d) => Some(normalize_dim("unique", d, B::shape(v).len())? as i64),
            None => None,
        };
        let (u, i, c) = B::unique(v, sorted, dim)?;
        let dtype = B::dtype(v);
        self.all_or_nothing(|s| {
            let mut out = vec![s.input_owned_as(u, dtype.is_data().then_some(dtype), false)?];
            if inverse {
                out.push(s.input_owned_as(i, Some(DType::Int64), false)?);
            }
            if counts {
                out.push(s.input_owned_as(c, Some(DType::Int64), false)?);
            }
            Ok(match (inverse || counts, out.pop()) {
                (false, Some(values)) => OneOrTuple::One(values),
                (_, last) => OneOrTuple::Other(out.into_iter().chain(last).collect()),
            })
        })
    }
}

/// torch's SELU constant of `alpha_dropout` (`α` of SELU times its scale's inverse).
const ALPHA: f64 = 1.758_099_340_847_376_6;

impl<B: Backend> Session<B> {
    /// torch's channel and alpha dropouts in training mode: a keep mask (each kept with
    /// probability `1 − p`) drawn per channel (`feature`: one value per `(n, c)` of an
    /// `(N, C, ...)` input, broadcast over the rest) or per element, then `x · mask / (1 − p)`
    /// or, with `alpha` (torch's `alpha_dropout`), `x · a·mask + b` that keeps SELU's mean
    /// and variance (`a = 1/√((α²p + 1)(1 − p))`, `b = a·α·(p − 1 + mask)·…` as torch's
    /// `_dropout_impl`). The identity when not `training` or `p == 0`.
    pub fn feature_dropout(
        &mut self,
        x: Handle,
        p: f64,
        training: bool,
        feature: bool,
        alpha: bool,
    ) -> Result<Handle> {
        self.check(&[x])?;
        if !(0.0..=1.0).contains(&p) {
            return Err(Error::Argument(format!(
                "dropout probability has to be between 0 and 1, but got {p}"
            )));
        }
        if !training || p == 0.0 {
            return Ok(x);
        }
        let shape = self.shape(x)?;
        let dtype = self.dtype_of(x)?;
        if dtype.is_data() {
            return Err(Error::DType(format!(
                "dropout: expected a floating tensor, got {dtype}"
            )));
        }
        let mask_shape: Vec<i64> = if feature {
            if shape.len() < 2 {
                return Err(Error::Shape(format!(
                    "feature dropout: expected an (N, C, ...) input, got shape {shape:?}"
                )));
            }
            let mut m = vec![1; shape.len()]; // bounded: the tensor's rank
            m[0] = shape[0];
            m[1] = shape[1];
            m
        } else {
            shape.clone()
        };
        let n = checked_numel(&mask_shape)?;
        let mut rng = self.rng;
        let keep: Vec<f64> = rng
            .uniform(n)?
            .into_iter()
            .map(|u| if u >= p { 1.0 } else { 0.0 })
            .collect();
        let device = self.config.device;
        let (scale, shift): (Vec<f64>, Option<Vec<f64>>) = if alpha {
            let a = 1.0 / ((ALPHA * ALPHA * p + 1.0) * (1.0 - p)).sqrt();
            let b = keep
                .iter()
                .map(|k| (k - 1.0) * ALPHA * a + ALPHA * a * p)
                .collect();
            (keep.iter().map(|k| k * a).collect(), Some(b))
        } else {
            let s = if p < 1.0 { 1.0 / (1.0 - p) } else { 0.0 };
            (keep.iter().map(|k| k * s).collect(), None)
        };
        let (scale, shift) = {
            let _guard = B::no_grad();
            let scale = B::from_f64(&scale, &mask_shape, dtype, device)?;
            let shift = match shift {
                Some(b) => Some(B::from_f64(&b, &mask_shape, dtype, device)?),
                None => None,
            };
            (scale, shift)
        };
        let h = self.all_or_nothing(|s| {
            let y = s.apply(
                BinaryOp::Mul.op(),
                vec![Operand::Node(x), Operand::Data(scale)],
            )?;
            match shift {
                Some(b) => s.apply(BinaryOp::Add.op(), vec![Operand::Node(y), Operand::Data(b)]),
                None => Ok(y),
            }
        })?;
        self.rng = rng;
        Ok(h)
    }
}
