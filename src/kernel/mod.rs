//! The kernel layer: what both the backends and the ops depend on, and nothing above it.
//!
//! * [`pointwise`]: the kernel traits of the pointwise families ([`UnaryKernel`],
//!   [`BinaryKernel`], [`ScalarKernel`], [`PairKernel`], [`GradKernel`]) that every pointwise unit in `ops/`
//!   implements with its LibTorch kernel and its reference element function.
//! * [`scalar`]: the element types of the reference carriers ([`Scalar`]).
//! * [`movement`], [`layer`], [`predicate`]: the descriptors of the movement ops (and their
//!   index plans), of the layers LibTorch runs with its own backward kernels, and of the
//!   predicates.
//! * [`fused`]: the settings of the fused optimizer updates.
//! * [`Arity`] and [`OutKernel`] (a forward written into a recycled buffer).
//!
//! The backend (`src/backend`) implements these for its tensors and knows no op rule; the
//! ops (`src/ops`) define units and their derivatives over them. `tools/check-imports`
//! keeps the layering: no file here names `crate::backend`, `crate::ops` or above.

pub mod fused;
pub mod layer;
pub mod movement;
pub mod pointwise;
pub mod predicate;
pub mod scalar;
pub mod select;

use tch::Tensor;

use crate::error::{Error, Result};
pub use fused::{AdadeltaConfig, AdamConfig, AdamOperands, RpropConfig, SgdConfig, StateOp};
pub use layer::Layer;
pub use movement::Movement;
pub use pointwise::{BinaryKernel, GradElement, GradKernel, PairKernel, ScalarKernel, UnaryKernel};
pub use predicate::Predicate;
pub use scalar::Scalar;

/// How many operands an op takes; checked before anything else about a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arity {
    Exactly(usize),
    /// From `.0` to `.1` operands, both included (`linear` with or without a bias).
    Between(usize, usize),
    /// At least this many (`cat`, `stack`).
    AtLeast(usize),
}

impl Arity {
    /// An [`Error::Arity`] unless `got` operands fit.
    pub fn check(self, op: &'static str, got: usize) -> Result<()> {
        let ok = match self {
            Arity::Exactly(n) => got == n,
            Arity::Between(lo, hi) => lo <= got && got <= hi,
            Arity::AtLeast(n) => got >= n,
        };
        if ok {
            return Ok(());
        }
        // Formatted only on the error path: this check runs for every recorded op.
        let expected = match self {
            Arity::Exactly(n) => n.to_string(),
            Arity::Between(lo, hi) => format!("{lo} to {hi}"),
            Arity::AtLeast(n) => format!("at least {n}"),
        };
        Err(Error::Arity { op, expected, got })
    }
}

/// A pointwise unit's `_out` kernel: its operands (one or two), its number (0 where it has
/// none) and the recycled buffer to write; `Ok(false)` where it has no `_out` form.
pub type PointwiseOut = fn(&[&Tensor], f64, &mut Tensor) -> Result<bool>;

/// A forward kernel that can write its result into a recycled buffer (see `crate::pool`)
/// instead of allocating one. Each computes exactly what the allocating kernel of the same
/// op computes.
#[derive(Debug, Clone, Copy)]
pub enum OutKernel {
    /// A pointwise unit's `_out` form, with its number `s`.
    Pointwise {
        name: &'static str,
        run: PointwiseOut,
        s: f64,
    },
    MatMul,
    /// `Backend::linear` with a bias: `xs = [x, w, b]`.
    LinearBias,
    Softmax(i64),
    LogSoftmax(i64),
}

impl OutKernel {
    /// The `_out` form of the unary unit `K`.
    pub fn unary<K: UnaryKernel>() -> Self {
        OutKernel::Pointwise {
            name: K::NAME,
            run: |xs, _, out| K::torch_out(xs[0], out),
            s: 0.0,
        }
    }
    /// The `_out` form of the binary unit `K`.
    pub fn binary<K: BinaryKernel>() -> Self {
        OutKernel::Pointwise {
            name: K::NAME,
            run: |xs, _, out| K::torch_out(xs[0], xs[1], out),
            s: 0.0,
        }
    }
}
