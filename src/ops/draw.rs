//! Draws from a session's generator recorded as nodes that can make their value again:
//! dropout's keep mask. The generator is counter-based ([`crate::rng`]), so the node keeps
//! the position its draw started at, and its forward, run again by the backward of a
//! checkpointed block ([`crate::session::Session::checkpoint_end`]), makes the same mask.
//! The node has no parents: no gradient flows into a draw.

use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::{DType, Device};
use crate::error::Result;
use crate::kernel::Arity;
use crate::rng::RngState;

use super::{fresh, Cotangents, Grad, Output, Rule};

/// Inverted dropout's mask: element `i` is `1 / (1 - p)` where uniform `u_i >= p` (kept),
/// else 0 (`p == 1`: all zero). One 53-bit uniform per element, from `rng`'s position.
#[derive(Debug, Clone)]
pub struct DropoutMask {
    /// The generator at the first value of this draw.
    pub rng: RngState,
    pub p: f64,
    pub shape: Vec<i64>,
    pub dtype: DType,
    pub device: Device,
}

impl DropoutMask {
    /// How many positions of the generator the draw uses (one per element).
    pub fn positions(&self) -> u64 {
        self.shape.iter().product::<i64>().max(0) as u64
    }

    /// The same draw from the generator's position `rng` (a replay of a captured step draws
    /// fresh values where the eager step would).
    pub fn redrawn(&self, rng: RngState) -> Self {
        DropoutMask {
            rng,
            ..self.clone()
        }
    }

    /// The scale of a kept element.
    fn scale(&self) -> f64 {
        if self.p < 1.0 {
            1.0 / (1.0 - self.p)
        } else {
            0.0
        }
    }
}

impl<B: Backend> Rule<B> for DropoutMask {
    fn name(&self) -> &'static str {
        "dropout"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(0)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, _shapes: &[&[i64]]) -> Result<Vec<i64>> {
        Ok(self.shape.clone())
    }
    /// Made on the device a bounded chunk at a time: the host never holds the whole mask.
    fn forward(&self, _xs: &[&Value<B>]) -> Result<Value<B>> {
        let (rng, p, scale) = (self.rng, self.p, self.scale());
        let _guard = B::no_grad();
        let t = B::generate(&self.shape, self.dtype, self.device, &|at, part| {
            rng.fill_uniform_bits(at as u64, part, 53);
            for u in part.iter_mut() {
                *u = if *u >= p { scale } else { 0.0 };
            }
        })?;
        fresh(t)
    }
    fn backward(&self, _cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        Ok(Vec::new())
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        false
    }
}
