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
use crate::ops::Arith;
use crate::param::Parameter;

/// A gradient buffer and the value it holds.
type BufferValue<B> = (Arc<Buffer<B>>, Value<B>);

/// Sum `g` into a gradient slot: in place when the slot holds its buffer alone, else a new
/// value (another holder keeps the old one); an empty slot takes `g`.
pub(crate) fn add_into<B: Backend>(slot: &mut Option<Value<B>>, g: Value<B>) -> Result<()> {
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
}

/// A parameter and its gradient buffer.
pub type ParamBuffer<B> = (Arc<Parameter<B>>, Arc<Buffer<B>>);

pub struct Entry<B: Backend> {
    pub param: Arc<Parameter<B>>,
    pub buffer: Arc<Buffer<B>>,
}

/// The entries and their index by parameter id, behind one lock: a lookup and the insert
/// it decides on happen under the same guard, so two threads accumulating into one map
/// cannot both insert the same parameter.
struct Inner<B: Backend> {
    entries: Vec<Entry<B>>,
    index: HashMap<u64, usize>,
}

pub struct GradMap<B: Backend> {
    inner: Mutex<Inner<B>>,
}

impl<B: Backend> Default for GradMap<B> {
    fn default() -> Self {
        GradMap {
            inner: Mutex::new(Inner {
                entries: Vec::new(),
                index: HashMap::new(),
            }),
        }
    }
}

impl<B: Backend> GradMap<B> {
    pub fn new() -> Self {
        Self::default()
    }

    /// The map's lock. Lock order: this lock, then a buffer's slot lock, never the other
    /// way round.
    fn inner(&self) -> std::sync::MutexGuard<'_, Inner<B>> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn len(&self) -> usize {
        self.inner().entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, param_id: u64) -> Option<Arc<Buffer<B>>> {
        let inner = self.inner();
        let idx = *inner.index.get(&param_id)?;
        Some(Arc::clone(&inner.entries[idx].buffer))
    }

    pub fn params(&self) -> Vec<Arc<Parameter<B>>> {
        self.inner()
            .entries
            .iter()
            .map(|e| Arc::clone(&e.param))
            .collect()
    }

    /// (parameter, buffer) pairs, in insertion order.
    pub fn items(&self) -> Vec<ParamBuffer<B>> {
        self.inner()
            .entries
            .iter()
            .map(|e| (Arc::clone(&e.param), Arc::clone(&e.buffer)))
            .collect()
    }

    /// Add `g` into the parameter's gradient (in place when the buffer holds it alone), or
    /// insert it. A released buffer is replaced by `g`. Atomic: the whole lookup, add or
    /// insert runs under the map's lock.
    pub fn accumulate(&self, param: &Arc<Parameter<B>>, g: Value<B>) -> Result<()> {
        let _guard = B::no_grad();
        let mut inner = self.inner();
        if let Some(&idx) = inner.index.get(&param.id()) {
            return inner.entries[idx]
                .buffer
                .with_slot(|slot| add_into(slot, g));
        }
        let idx = inner.entries.len();
        inner.index.insert(param.id(), idx);
        inner.entries.push(Entry {
            param: Arc::clone(param),
            buffer: Buffer::new(g),
        });
        Ok(())
    }

    /// Make `src` the parameter's gradient: copied into its buffer's value where the
    /// buffer holds it alone, else a fresh copy (another holder keeps the old value);
    /// inserted when the parameter has none. `src` has the parameter's shape.
    pub fn assign(&self, param: &Arc<Parameter<B>>, src: &B::T) -> Result<()> {
        let _guard = B::no_grad();
        let mut inner = self.inner();
        if let Some(&idx) = inner.index.get(&param.id()) {
            return inner.entries[idx].buffer.with_slot(|slot| -> Result<()> {
                if let Some(t) = slot.as_mut().and_then(unique_mut) {
                    return B::copy_(t, src);
                }
                *slot = Some(Tracked::owned(B::copy(src)?, Category::Grad));
                Ok(())
            });
        }
        let idx = inner.entries.len();
        inner.index.insert(param.id(), idx);
        inner.entries.push(Entry {
            param: Arc::clone(param),
            buffer: Buffer::new(Tracked::owned(B::copy(src)?, Category::Grad)),
        });
        Ok(())
    }

    /// The live gradient values (a released buffer is an error).
    fn values(&self, who: &str) -> Result<Vec<BufferValue<B>>> {
        self.items()
            .into_iter()
            .map(|(p, b)| {
                let v = b.value(&format!("{who}: gradient of parameter {}", p.label()))?;
                Ok((b, v))
            })
            .collect()
    }

    /// The 2-norm of all gradients together (as one vector), accumulated in float64.
    pub fn global_norm(&self) -> Result<f64> {
        let _guard = B::no_grad();
        let mut total = 0.0f64;
        for (_, v) in self.values("global_norm")? {
            let sq = B::sum_dims(&B::mul(v.get(), v.get())?, &[], false)?;
            total += B::to_f64(&sq)?[0];
        }
        Ok(total.sqrt())
    }

    /// Whether every gradient element is finite.
    pub fn is_finite(&self) -> Result<bool> {
        for (_, v) in self.values("is_finite")? {
            if !B::is_finite(v.get())? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `x.grad = value` (`who`: `"p.grad"`, `"t.grad"`): gradients come from a backward,
    /// so only `None` (not `given`), which releases the gradient, is taken.
    pub fn check_assignment(who: &str, given: bool) -> Result<()> {
        if given {
            return Err(crate::error::Error::Argument(format!(
                "{who} can only be set to None (gradients come from loss.backward())"
            )));
        }
        Ok(())
    }

    /// The `norm_type` of `clip_grad_norm_`: 2 (the Euclidean norm) is implemented; another
    /// is an `ArgumentError`.
    pub fn check_norm_type(norm_type: f64) -> Result<()> {
        if norm_type != 2.0 {
            return Err(crate::error::Error::Argument(format!(
                "clip_grad_norm_: only norm_type=2.0 is implemented, got {norm_type}"
            )));
        }
        Ok(())
    }

    /// torch.nn.utils.clip_grad_norm_: scale every gradient by
    /// `min(1, max_norm / (norm + 1e-6))` in place; returns the norm before clipping. A
    /// non-finite norm is an error unless `error_if_nonfinite` is false.
    pub fn clip_norm_(&self, max_norm: f64, error_if_nonfinite: bool) -> Result<f64> {
        if !max_norm.is_finite() || max_norm < 0.0 {
            return Err(crate::error::Error::Argument(format!(
                "clip_norm_: max_norm must be finite and >= 0, got {max_norm}"
            )));
        }
        let norm = self.global_norm()?;
        if !norm.is_finite() && error_if_nonfinite {
            return Err(crate::error::Error::NonFinite(format!(
                "the total norm of the gradients is {norm}; pass error_if_nonfinite=False to clip anyway"
            )));
        }
        // torch clamps the coefficient at 1 and always scales: a NaN norm makes every
        // gradient NaN, an infinite one zeroes them; a coefficient >= 1 is the identity.
        let coef = max_norm / (norm + 1e-6);
        if coef.is_nan() || coef < 1.0 {
            self.map_values("clip_norm_", |v| B::mul_scalar(v, coef))?;
        }
        Ok(norm)
    }

    /// `GradScaler.unscale_`: multiply every gradient by `inv_scale` in place (in its own
    /// dtype: the factor is a power of two in every use); whether any element is not finite
    /// afterwards (torch's `found_inf`). A non-finite factor is an `ArgumentError`.
    pub fn unscale_(&self, inv_scale: f64) -> Result<bool> {
        if !inv_scale.is_finite() {
            return Err(crate::error::Error::Argument(format!(
                "unscale_: the inverse scale must be finite, got {inv_scale}"
            )));
        }
        self.map_values("unscale_", |v| B::mul_scalar(v, inv_scale))?;
        Ok(!self.is_finite()?)
    }

    /// Replace every gradient by `f(gradient)`: in place when the buffer holds its
    /// storage alone, else as a new value (another holder keeps the old one).
    fn map_values(&self, who: &str, f: impl Fn(&B::T) -> Result<B::T>) -> Result<()> {
        let _guard = B::no_grad();
        for (buf, v) in self.values(who)? {
            let new = f(v.get())?;
            drop(v);
            buf.with_slot(|slot| -> Result<()> {
                if let Some(cur) = slot {
                    match unique_mut(cur) {
                        Some(t) => B::copy_(t, &new)?,
                        None => *cur = Tracked::owned(new, Category::Grad),
                    }
                }
                Ok(())
            })?;
        }
        Ok(())
    }

    /// A map of the entries of the parameters `ids` (those that have one), sharing their
    /// buffers: what an in-place operation on it does, this map sees.
    pub fn subset(&self, ids: &[u64]) -> GradMap<B> {
        let inner = self.inner();
        let out = GradMap::new();
        {
            let mut o = out.inner();
            for id in ids {
                if let Some(&idx) = inner.index.get(id) {
                    if o.index.contains_key(id) {
                        continue;
                    }
                    let e = &inner.entries[idx];
                    let n = o.entries.len();
                    o.index.insert(*id, n);
                    o.entries.push(Entry {
                        param: Arc::clone(&e.param),
                        buffer: Arc::clone(&e.buffer),
                    });
                }
            }
        }
        out
    }

    /// Whether the map holds a gradient entry for the parameter `id`.
    pub fn holds(&self, id: u64) -> bool {
        self.inner().index.contains_key(&id)
    }

    /// Drop the entries of parameters nothing but this map holds (their modules and
    /// optimizers are gone: nobody can read `p.grad` again); an orphan's buffer is not
    /// released, so a `p.grad` read before stays valid.
    pub fn forget_orphans(&self) {
        let mut inner = self.inner();
        let before = inner.entries.len();
        inner.entries.retain(|e| Arc::strong_count(&e.param) > 1);
        if inner.entries.len() != before {
            let index = inner
                .entries
                .iter()
                .enumerate()
                .map(|(i, e)| (e.param.id(), i));
            inner.index = index.collect();
        }
    }

    /// torch's `zero_grad` for the parameters `ids`: with `set_to_none`, release their
    /// buffers and drop their entries (`p.grad` is then None); else give each a fresh
    /// buffer of zeros (a holder of the old value keeps it). Returns how many entries it
    /// touched.
    pub fn zero_grad(&self, ids: &[u64], set_to_none: bool) -> Result<usize> {
        let _guard = B::no_grad();
        let mut inner = self.inner();
        let mut touched = 0;
        if !set_to_none {
            for id in ids {
                if let Some(&idx) = inner.index.get(id) {
                    inner.entries[idx].buffer.with_slot(|slot| -> Result<()> {
                        if let Some(cur) = slot {
                            let t = cur.get();
                            let z = B::full(&B::shape(t), 0.0, B::dtype(t), B::device(t))?;
                            *cur = Tracked::owned(z, Category::Grad);
                        }
                        Ok(())
                    })?;
                    touched += 1;
                }
            }
            return Ok(touched);
        }
        let drop_ids: std::collections::HashSet<u64> = ids.iter().copied().collect();
        let entries = std::mem::take(&mut inner.entries);
        inner.index.clear();
        for e in entries {
            if drop_ids.contains(&e.param.id()) {
                e.buffer.release();
                touched += 1;
            } else {
                let n = inner.entries.len();
                inner.index.insert(e.param.id(), n);
                inner.entries.push(e);
            }
        }
        Ok(touched)
    }

    /// torch.nn.utils.clip_grad_value_: clamp every gradient to `[-clip, clip]` in place.
    pub fn clip_value_(&self, clip: f64) -> Result<()> {
        if clip.is_nan() || clip < 0.0 {
            return Err(crate::error::Error::Argument(format!(
                "clip_grad_value_: clip_value must be >= 0, got {clip}"
            )));
        }
        self.map_values("clip_grad_value_", |v| {
            let lo = B::scalar::<crate::ops::scalar::ClampMinScalar>(v, -clip)?;
            B::scalar::<crate::ops::scalar::ClampMaxScalar>(&lo, clip)
        })
    }

    /// Forget every entry: the map is as new (a captured step's own map, emptied before
    /// each replay fills it again). A buffer no one else holds is freed now.
    pub fn clear(&self) {
        let mut inner = self.inner();
        inner.entries.clear();
        inner.index.clear();
    }

    /// Release every buffer (idempotent). Returns how many were released now.
    pub fn release(&self) -> usize {
        self.inner()
            .entries
            .iter()
            .filter(|e| e.buffer.release())
            .count()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Barrier};

    use super::*;
    use crate::LibTorch;

    fn ones(n: i64) -> tch::Tensor {
        tch::Tensor::ones([n], (tch::Kind::Double, tch::Device::Cpu))
    }

    #[test]
    fn threads_accumulating_into_one_map_insert_each_parameter_once() {
        // 4 threads add a gradient of ones for the same parameter into each of 20 000 fresh
        // maps at once: every map ends with one entry holding 4 (a check-then-insert under
        // two locks could insert the parameter twice).
        let p = Parameter::<LibTorch>::new(&ones(3), None, true).unwrap();
        let maps: Vec<Arc<GradMap<LibTorch>>> =
            (0..20_000).map(|_| Arc::new(GradMap::new())).collect();
        let threads = 4;
        let barrier = Arc::new(Barrier::new(threads));
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (p, maps, barrier) = (Arc::clone(&p), maps.clone(), Arc::clone(&barrier));
                std::thread::spawn(move || {
                    for map in &maps {
                        barrier.wait();
                        let g = Tracked::owned(ones(3), Category::Grad);
                        map.accumulate(&p, g).unwrap();
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        for map in &maps {
            assert_eq!(map.len(), 1);
            let v = map.get(p.id()).unwrap().value("test").unwrap();
            assert_eq!(LibTorch::to_f64(v.get()).unwrap(), vec![4.0; 3]);
            map.release();
        }
    }
}
