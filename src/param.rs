//! Parameters and their reference-counted snapshots.
//!
//! A parameter moves through these states:
//! * **unshared**: only the parameter holds its current snapshot (`Arc` count 1). An update
//!   (`assign`, an optimizer step) writes in place and allocates nothing.
//! * **shared**: a tape (of any session) recorded a leaf with `use`, so the leaf holds the
//!   same `Arc`. An update then copies on write: the parameter gets a new snapshot, the
//!   tape keeps the old one unchanged, and the old one is freed when its last holder (the
//!   tape's reset) drops it.
//!
//! `version` counts updates. Snapshot bytes are counted as `param` in the ledger, whoever
//! holds them.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::backend::Backend;
use crate::buffer::{unique_mut, Tracked, Value};
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::ledger::Category;

static NEXT_PARAM_ID: AtomicU64 = AtomicU64::new(1);

struct ParamState<B: Backend> {
    version: u64,
    /// The current snapshot; shared with every tape leaf recorded since the last update.
    snapshot: Value<B>,
}

pub struct Parameter<B: Backend> {
    id: u64,
    name: Option<String>,
    requires_grad: bool,
    shape: Vec<i64>,
    dtype: DType,
    device: Device,
    state: Mutex<ParamState<B>>,
}

impl<B: Backend> Parameter<B> {
    /// A parameter whose first snapshot is a copy of `value`.
    pub fn new(
        value: &B::T,
        name: Option<String>,
        requires_grad: bool,
    ) -> Result<Arc<Parameter<B>>> {
        let _guard = B::no_grad();
        Ok(Self::new_owned(B::copy(value)?, name, requires_grad))
    }

    /// A parameter holding `data` converted to `dtype` on `device`: the device must be
    /// usable in this process (never a silent CPU fallback).
    pub fn from_data(
        data: &B::T,
        dtype: DType,
        device: Device,
        name: Option<String>,
        requires_grad: bool,
    ) -> Result<Arc<Parameter<B>>> {
        B::check_device(device)?;
        let _guard = B::no_grad();
        let value = B::convert(data, dtype, device)?;
        Ok(Self::new_owned(value, name, requires_grad))
    }

    /// A parameter that takes `value` itself as its first snapshot: a fresh, contiguous
    /// tensor that nothing else references.
    pub(crate) fn new_owned(
        value: B::T,
        name: Option<String>,
        requires_grad: bool,
    ) -> Arc<Parameter<B>> {
        Arc::new(Parameter {
            id: NEXT_PARAM_ID.fetch_add(1, Ordering::Relaxed),
            name,
            requires_grad,
            shape: B::shape(&value),
            dtype: B::dtype(&value),
            device: B::device(&value),
            state: Mutex::new(ParamState {
                version: 0,
                snapshot: Tracked::owned(value, Category::Param),
            }),
        })
    }

    pub fn id(&self) -> u64 {
        self.id
    }
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
    pub fn requires_grad(&self) -> bool {
        self.requires_grad
    }
    pub fn shape(&self) -> &[i64] {
        &self.shape
    }
    pub fn dtype(&self) -> DType {
        self.dtype
    }
    pub fn device(&self) -> Device {
        self.device
    }

    fn lock(&self) -> MutexGuard<'_, ParamState<B>> {
        // Updates swap or write the snapshot only after every fallible step succeeded, so
        // the state behind a poisoned lock is consistent.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn version(&self) -> u64 {
        self.lock().version
    }

    /// The current snapshot (a new holder).
    pub fn snapshot(&self) -> Value<B> {
        Arc::clone(&self.lock().snapshot)
    }

    /// Whether an update now would copy on write (a tape or a DLPack consumer still holds
    /// the snapshot).
    pub fn is_shared(&self) -> bool {
        let st = self.lock();
        Arc::strong_count(&st.snapshot) > 1 || st.snapshot.exported()
    }

    /// Apply `f` to the parameter's value: in place when unshared, else to a copy that
    /// becomes the new snapshot. `version` grows by one on success; on error nothing changes.
    pub fn update(&self, f: impl FnOnce(&mut B::T) -> Result<()>) -> Result<()> {
        let _guard = B::no_grad();
        let mut st = self.lock();
        if let Some(t) = unique_mut(&mut st.snapshot) {
            f(t)?;
        } else {
            let mut fresh = B::copy(st.snapshot.get())?;
            f(&mut fresh)?;
            st.snapshot = Tracked::owned(fresh, Category::Param);
        }
        st.version += 1;
        Ok(())
    }

    /// Replace the value with `value` (same shape; converted to the parameter's dtype).
    pub fn assign(&self, value: &B::T) -> Result<()> {
        if B::shape(value) != self.shape {
            return Err(Error::Shape(format!(
                "assign: parameter {} has shape {:?}, got data of shape {:?}",
                self.label(),
                self.shape,
                B::shape(value)
            )));
        }
        self.update(|t| B::copy_(t, value))
    }

    /// `name` or `#id`, for messages.
    pub fn label(&self) -> String {
        match &self.name {
            Some(n) => format!("'{n}'"),
            None => format!("#{}", self.id),
        }
    }
}
