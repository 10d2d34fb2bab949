//! What a step does outside its ops, on the gradients `p.grad` of the session's store: an
//! optimizer's `step()` and `zero_grad()`, and torch's gradient clipping; and, in the
//! explicit API, on a gradient map: `opt.step(grads)`, `grads.clip_norm_()`,
//! `grads.release()`. The eager call runs
//! one through [`Session::effect`], which also records it in a capture in progress
//! ([`crate::session::capture`]); every replay of that capture runs it again at the same
//! point of the step.

use std::sync::{Arc, Mutex, MutexGuard};

use super::Session;
use crate::backend::Backend;
use crate::error::Result;
use crate::grads::GradMap;
use crate::optim::Optimizer;

/// An optimizer shared by its owner (the Python object) and the captures whose steps
/// update it. Lock order: the session, then the optimizer.
pub type SharedOptimizer<B> = Arc<Mutex<Box<dyn Optimizer<B>>>>;

/// The optimizer behind `opt`. A failed step leaves it consistent (state is written per
/// parameter only after its update succeeded), so a poisoned lock is usable.
pub fn lock_optimizer<B: Backend>(
    opt: &SharedOptimizer<B>,
) -> MutexGuard<'_, Box<dyn Optimizer<B>>> {
    opt.lock().unwrap_or_else(|e| e.into_inner())
}

/// torch's in-place gradient utilities.
#[derive(Debug, Clone, Copy)]
pub enum GradsEffect {
    /// `clip_grad_norm_(params, max_norm, error_if_nonfinite=...)`.
    ClipNorm {
        max_norm: f64,
        error_if_nonfinite: bool,
    },
    /// `clip_grad_value_(params, clip)`.
    ClipValue(f64),
}

impl GradsEffect {
    /// Apply it to `grads`: the total norm before clipping (`ClipNorm`), else 0.
    pub fn apply<B: Backend>(self, grads: &GradMap<B>) -> Result<f64> {
        match self {
            GradsEffect::ClipNorm {
                max_norm,
                error_if_nonfinite,
            } => grads.clip_norm_(max_norm, error_if_nonfinite),
            GradsEffect::ClipValue(clip) => grads.clip_value_(clip).map(|()| 0.0),
        }
    }
}

/// One effect on the session's store.
pub enum Effect<B: Backend> {
    /// `opt.step()`: one update from the gradients `p.grad` of its parameters.
    Step(SharedOptimizer<B>),
    /// `zero_grad(set_to_none)` of these parameters' gradients.
    ZeroGrad(Vec<u64>, bool),
    /// A change of these parameters' gradients.
    Grads(Vec<u64>, GradsEffect),
    /// `opt.step(grads)` (the explicit API): one update from the gradient map `grads`,
    /// which the plan shares with the `GradMap` object the step was given.
    StepWith(SharedOptimizer<B>, Arc<GradMap<B>>),
    /// A change of the gradient map's gradients (`grads.clip_norm_(...)`).
    OnMap(Arc<GradMap<B>>, GradsEffect),
    /// `grads.release()` (or leaving `with grads:`): the map's buffers are freed.
    Release(Arc<GradMap<B>>),
}

impl<B: Backend> Session<B> {
    /// Run `e` on this session's store: what `GradsEffect::apply` returns (the total norm of
    /// `ClipNorm`), else 0.
    pub fn run_effect(&self, e: &Effect<B>) -> Result<f64> {
        match e {
            Effect::Step(opt) => lock_optimizer(opt)
                .step_from_store(self.store())
                .map(|()| 0.0),
            Effect::ZeroGrad(ids, set_to_none) => {
                self.store().zero_grad(ids, *set_to_none).map(|_| 0.0)
            }
            Effect::Grads(ids, g) => g.apply(&self.store().subset(ids)),
            Effect::StepWith(opt, grads) => lock_optimizer(opt).step(grads).map(|()| 0.0),
            Effect::OnMap(grads, g) => g.apply(grads),
            Effect::Release(grads) => {
                grads.release();
                Ok(0.0)
            }
        }
    }

    /// Run `e` ([`Session::run_effect`]); once it succeeded, a capture in progress records
    /// it, so that each replay runs it again at this point of the step.
    pub fn effect(&mut self, e: Effect<B>) -> Result<f64> {
        let out = self.run_effect(&e)?;
        self.capture_effect(e);
        Ok(out)
    }
}
