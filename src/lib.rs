//! eagertape: an eager autograd runtime with an explicit, session-owned tape.
//!
//! Ownership in one paragraph: a [`Session`](session::Session) owns its
//! [`Tape`](tape::Tape), which owns every intermediate it recorded; a
//! [`Parameter`](param::Parameter) owns its current snapshot, shared (`Arc`) with every tape
//! leaf recorded from it; a [`GradMap`](grads::GradMap) owns the gradient
//! [`Buffer`](buffer::Buffer)s of one backward pass. Every buffer is registered with the
//! [`ledger`] while it lives. Handles own nothing.

// No panic in library code: `unwrap`, `expect` and `panic!` are denied outside tests.
// Allowances, each with its reason:
// - `clippy::indexing_slicing` is not denied: about 650 slice and index sites (shape
//   arithmetic after the shape rules' length checks, table lookups). Instead every call
//   from Python into the core (`python::tensor::named`/`with`, the session, optimizer,
//   gradient and parameter calls) and every kernel invocation (shape rule, forward,
//   backward, out-kernel) runs under `guard::contained`, which turns any panic, ours or
//   tch's, into a typed `BackendError` before anything is published.
// - `unwrap_or_else(PoisonError::into_inner)` on locks: a poisoned lock's data is still
//   consistent (nothing is half-published, see `guard`).
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod autocast;
pub mod backend;
pub mod buckets;
pub mod buffer;
pub mod config;
pub mod dlpack;
pub mod error;
pub mod grad_mode;
pub mod grads;
pub mod guard;
pub mod handles;
pub mod kernel;
pub mod ledger;
pub mod ops;
pub mod optim;
pub mod param;
pub mod param_update;
pub mod pool;
pub mod rng;
pub mod session;
pub mod shape;
pub mod tape;

#[cfg(feature = "python")]
mod python;

pub use backend::libtorch::LibTorch;
pub use backend::Backend;
pub use config::{Config, DType, Device};
pub use error::{Error, Result};
