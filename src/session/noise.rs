//! The activations that draw from the session's generator, as `Session` entry points
//! (their declarations are in `ops/activations.rs` and `ops/pairwise.rs`): `rrelu`'s slopes
//! and `gumbel_softmax`'s noise, drawn in the input's dtype and recorded as data (no
//! gradient flows into a draw).

use super::factory::Factory;
use super::Session;
use crate::backend::Backend;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::ops::activations::softmax;
use crate::ops::binary::BinaryOp;
use crate::ops::compose::TensorOrNumber;
use crate::ops::join::Where;
use crate::ops::reductions::argmax;
use crate::ops::scalar::ScalarOp;
use crate::ops::scatters::scatter;
use crate::ops::unary::UnaryOp;
use crate::ops::Op;

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
}
