//! torch's questions about a tensor answered from its metadata (its dtype, shape, device;
//! `is_nonzero` reads its one element), as `Session` entry points: `is_floating_point`,
//! `is_complex`, `is_signed`, `is_nonzero`, `is_same_size`, `is_conj`, `is_neg`,
//! `is_inference`, `get_device` (declared in `ops/predicates.rs`). Nothing is recorded.
//! eagertape has no complex dtype, no lazily conjugated or negated views and no inference
//! tensors (its `inference_mode` records nothing, as `no_grad`), so those three answer
//! `False` for every tensor, as torch's do for tensors like these.

use super::{Item, Session};
use crate::backend::Backend;
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::handles::Handle;

impl<B: Backend> Session<B> {
    /// Whether `x` holds floating-point values (every carrier but the data dtypes).
    pub fn is_floating_point(&self, x: Handle) -> Result<bool> {
        Ok(!self.dtype_of(x)?.is_data())
    }

    /// Whether `x` holds complex values: never (eagertape has no complex dtype).
    pub fn is_complex(&self, x: Handle) -> Result<bool> {
        self.dtype_of(x).map(|_| false)
    }

    /// Whether `x`'s dtype is signed: every dtype eagertape has but `bool`.
    pub fn is_signed(&self, x: Handle) -> Result<bool> {
        Ok(self.dtype_of(x)? != DType::Bool)
    }

    /// Whether the one element of `x` is not zero (torch's error for any other size).
    pub fn is_nonzero(&self, x: Handle) -> Result<bool> {
        match self.shape(x)?.iter().product::<i64>() {
            0 => Err(Error::Shape(
                "Boolean value of Tensor with no values is ambiguous".into(),
            )),
            1 => Ok(match self.item(x)? {
                Item::Bool(b) => b,
                Item::Int(v) => v != 0,
                Item::Float(v) => v != 0.0,
            }),
            _ => Err(Error::Shape(
                "Boolean value of Tensor with more than one value is ambiguous".into(),
            )),
        }
    }

    /// Whether `x` and `other` have the same shape.
    pub fn is_same_size(&self, x: Handle, other: Handle) -> Result<bool> {
        Ok(self.shape(x)? == self.shape(other)?)
    }

    /// Whether `x` is a lazily conjugated view: never (no complex dtype).
    pub fn is_conj(&self, x: Handle) -> Result<bool> {
        self.dtype_of(x).map(|_| false)
    }

    /// Whether `x` is a lazily negated view: never (negation is recorded as an op).
    pub fn is_neg(&self, x: Handle) -> Result<bool> {
        self.dtype_of(x).map(|_| false)
    }

    /// Whether `x` is an inference tensor: never (`et.inference_mode` makes ordinary tensors).
    pub fn is_inference(&self, x: Handle) -> Result<bool> {
        self.dtype_of(x).map(|_| false)
    }

    /// The index of `x`'s CUDA device, or -1 on the CPU (torch's `get_device`).
    pub fn get_device(&self, x: Handle) -> Result<i64> {
        self.dtype_of(x)?;
        Ok(match self.config().device {
            Device::Cpu => -1,
            Device::Cuda(index) => index.unwrap_or(0) as i64,
        })
    }
}
