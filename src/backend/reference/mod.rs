//! The reference CPU backend: the project's own kernels over [`Scalar`] element types, in
//! one fixed evaluation order, so results are the same on every run, machine and thread
//! count. It runs the CPU-only carriers (`ieee32`, `interval`) and, with
//! `backend="reference"`, float32 and float64 for differential testing against LibTorch.

pub mod index;
pub mod interval;
mod kernels;

mod tensor;

pub use crate::kernel::Scalar;
pub use interval::Interval;
pub use kernels::Reference;
pub use tensor::{numel as tensor_numel, RefTensor};
