//! Sparse gradient maps: one releasable [`Buffer`] per trainable parameter.
//!
//! The map owns its buffers; `release` (or the Python context manager) drops every one.
//! Buffers handed out (`get`) are shared `Arc`s of the same slots, so a release through the
//! map is seen by every holder.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::backend::Backend;
use crate::buffer::{unique_mut, Buffer, Tracked, Value};
use crate::error::Result;
use crate::ledger::Category;
use crate::param::Parameter;

/// A parameter and its gradient buffer.
pub type ParamBuffer<B> = (Arc<Parameter<B>>, Arc<Buffer<B>>);

pub struct Entry<B: Backend> {
    pub param: Arc<Parameter<B>>,
    pub buffer: Arc<Buffer<B>>,
}

pub struct GradMap<B: Backend> {
    entries: Mutex<Vec<Entry<B>>>,
    index: Mutex<HashMap<u64, usize>>,
}

impl<B: Backend> Default for GradMap<B> {
    fn default() -> Self {
        GradMap {
            entries: Mutex::new(Vec::new()),
            index: Mutex::new(HashMap::new()),
        }
    }
}

impl<B: Backend> GradMap<B> {
    pub fn new() -> Self {
        Self::default()
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, Vec<Entry<B>>> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn len(&self) -> usize {
        self.entries().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, param_id: u64) -> Option<Arc<Buffer<B>>> {
        let idx = *self
            .index
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&param_id)?;
        Some(Arc::clone(&self.entries()[idx].buffer))
    }

    pub fn params(&self) -> Vec<Arc<Parameter<B>>> {
        self.entries()
            .iter()
            .map(|e| Arc::clone(&e.param))
            .collect()
    }

    /// (parameter, buffer) pairs, in insertion order.
    pub fn items(&self) -> Vec<ParamBuffer<B>> {
        self.entries()
            .iter()
            .map(|e| (Arc::clone(&e.param), Arc::clone(&e.buffer)))
            .collect()
    }

    /// Add `g` into the parameter's gradient (in place when the buffer holds it alone), or
    /// insert it. A released buffer is replaced by `g`.
    pub fn accumulate(&self, param: &Arc<Parameter<B>>, g: Value<B>) -> Result<()> {
        let _guard = B::no_grad();
        if let Some(buf) = self.get(param.id()) {
            return buf.with_slot(|slot| {
                match slot {
                    None => *slot = Some(g),
                    Some(cur) => {
                        if let Some(t) = unique_mut(cur) {
                            B::add_(t, g.get())?;
                        } else {
                            *cur = Tracked::owned(B::add(cur.get(), g.get())?, Category::Grad);
                        }
                    }
                }
                Ok(())
            });
        }
        let mut entries = self.entries();
        self.index
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(param.id(), entries.len());
        entries.push(Entry {
            param: Arc::clone(param),
            buffer: Buffer::new(g),
        });
        Ok(())
    }

    /// Release every buffer (idempotent). Returns how many were released now.
    pub fn release(&self) -> usize {
        self.entries().iter().filter(|e| e.buffer.release()).count()
    }
}
