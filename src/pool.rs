//! Recycled tape buffers: a session's allocator cache.
//!
//! `reset_tape` releases every intermediate the tape owns. Small ones whose storage nobody
//! else references (checked by the backend, down to LibTorch's reference counts) are not
//! handed back to the allocator one by one: the session's [`Pool`] keeps them, keyed by
//! shape, and the next generation's ops write their results into them (`_out` kernels)
//! instead of allocating. This is what LibTorch's CUDA caching allocator does for device
//! memory, one level up, so it also saves the tensor objects around the storage.
//!
//! Ownership and lifetime:
//! * A kept buffer is counted by the ledger as *cached* (`memory_stats()["cached_bytes"]`),
//!   not as live: it is in no category and not in the peak, like `memory_reserved` next to
//!   `memory_allocated` in torch.
//! * The pool holds at most one generation: at each reset, buffers kept by the previous
//!   reset and not reused since are freed first. So steady training loops reuse everything
//!   and a loop whose shapes change frees what it no longer uses one reset later. A
//!   torch-style step inside its own `with sess:` block resets twice (the closing
//!   backward's compaction, then the block's exit), so the pool keeps only what the exit
//!   itself retires: keeping more across steps measured slower on CPU, not faster
//!   (BENCHMARKS.md, "Buffers kept across steps"). A value
//!   of 4 KiB or more that nothing will read comes back before the reset, when its last
//!   Python handle goes ([`crate::session::Session::release_value`],
//!   [`Pool::keep_early`]): the ops still to come may write into it, and the next reset
//!   keeps it as its own.
//! * Only buffers of at most [`MAX_BUFFER_BYTES`] are kept (allocation cost matters next to
//!   small kernels only), at most [`MAX_POOL_BYTES`] in all, of at most [`MAX_SHAPES`]
//!   distinct shapes per session.
//! * `empty_cache()` and dropping the session free the pool at once.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use crate::backend::{Backend, OutKernel};
use crate::buffer::Value;
use crate::config::{DType, Device};
use crate::error::Result;
use crate::ledger;

/// Largest buffer the pool keeps.
pub const MAX_BUFFER_BYTES: usize = 64 << 10;
/// Most bytes one session's pool keeps.
pub const MAX_POOL_BYTES: usize = 64 << 20;
/// Highest rank of a kept buffer.
const MAX_RANK: usize = 4;

/// The shape of a buffer the pool may keep (dtype and device are the session's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PoolKey {
    dims: [i64; MAX_RANK],
    rank: u8,
}

impl PoolKey {
    /// The key of a `shape` buffer of `dtype`, if the pool may keep one that size.
    pub fn of(shape: &[i64], dtype: DType) -> Option<PoolKey> {
        if shape.len() > MAX_RANK {
            return None;
        }
        let numel = shape
            .iter()
            .try_fold(1usize, |n, &d| n.checked_mul(usize::try_from(d).ok()?))?;
        let bytes = numel.checked_mul(dtype.size())?;
        if bytes == 0 || bytes > MAX_BUFFER_BYTES {
            return None;
        }
        let mut dims = [0; MAX_RANK];
        dims[..shape.len()].copy_from_slice(shape);
        Some(PoolKey {
            dims,
            rank: shape.len() as u8,
        })
    }

    pub fn shape(&self) -> &[i64] {
        &self.dims[..self.rank as usize]
    }

    fn bytes(&self, dtype: DType) -> usize {
        self.shape().iter().product::<i64>() as usize * dtype.size()
    }
}

/// FxHash-style hashing of the few integers in a key (the std hasher is DoS-resistant,
/// which keys chosen by the core itself do not need, and slower).
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    fn write_i64(&mut self, i: i64) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// A shape the pool has seen, interned: nodes carry this index instead of the shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot(u32);

/// Buffers of one shape.
struct Bucket<B: Backend> {
    key: PoolKey,
    /// Bytes of one buffer of this shape.
    bytes: usize,
    /// Kept by the last reset and not reused since, then (its last `early` entries) given
    /// back during this generation ([`Pool::keep_early`]). Each `Value` is held here alone
    /// (checked when kept) and marked cached, so the ledger counts it as cached.
    ready: Vec<Value<B>>,
    /// How many of `ready`'s last entries were given back during this generation: the
    /// next reset keeps them (as if it had kept them itself).
    early: usize,
}

pub struct Pool<B: Backend> {
    /// The session's dtype and device: every kept buffer has them.
    dtype: DType,
    device: Device,
    /// One bucket per shape seen (at most [`MAX_SHAPES`]), indexed by [`Slot`]; a bucket is
    /// never removed, so a node's slot stays valid for the life of the session.
    buckets: Vec<Bucket<B>>,
    slots: HashMap<PoolKey, Slot, BuildHasherDefault<KeyHasher>>,
    /// Bytes kept, over all buckets.
    bytes: usize,
}

/// Most distinct shapes one session's pool tracks (outputs of further shapes are not kept).
pub const MAX_SHAPES: usize = 4096;

impl<B: Backend> Pool<B> {
    pub fn new(dtype: DType, device: Device) -> Self {
        Pool {
            dtype,
            device,
            buckets: Vec::new(),
            slots: HashMap::default(),
            bytes: 0,
        }
    }

    /// Bytes kept.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The slot of `shape` outputs, if the pool may keep them (see [`PoolKey::of`]; never
    /// for a backend that cannot write into recycled buffers of the session's dtype).
    pub fn slot(&mut self, shape: &[i64]) -> Option<Slot> {
        if !B::recycles(self.dtype) {
            return None;
        }
        let key = PoolKey::of(shape, self.dtype)?;
        if let Some(&slot) = self.slots.get(&key) {
            return Some(slot);
        }
        if self.buckets.len() >= MAX_SHAPES {
            return None;
        }
        let slot = Slot(self.buckets.len() as u32);
        self.buckets.push(Bucket {
            key,
            bytes: key.bytes(self.dtype),
            ready: Vec::new(),
            early: 0,
        });
        self.slots.insert(key, slot);
        Some(slot)
    }

    /// Free every kept buffer (`empty_cache`, the session's end, and each reset for what
    /// the previous one kept and nobody reused), settling the ledger once.
    pub fn clear(&mut self) {
        if self.bytes == 0 {
            return;
        }
        ledger::batched(|| {
            for bucket in &mut self.buckets {
                bucket.ready.clear();
                bucket.early = 0;
            }
        });
        self.bytes = 0;
    }

    /// At a reset: free what the previous reset kept and nobody reused; what this
    /// generation gave back early ([`Pool::keep_early`]) stays, as the reset's own.
    pub fn retire(&mut self) {
        if self.bytes == 0 {
            return;
        }
        let mut freed = 0;
        ledger::batched(|| {
            for bucket in &mut self.buckets {
                let stale = bucket.ready.len() - bucket.early;
                bucket.ready.drain(..stale);
                freed += stale * bucket.bytes;
                bucket.early = 0;
            }
        });
        self.bytes -= freed;
    }

    /// [`Pool::keep`] during the generation (a value nothing will read, whose last Python
    /// handle went): the ops still to come may write into it, and the next reset keeps it.
    pub fn keep_early(&mut self, value: Value<B>, slot: Slot) {
        let before = self.bytes;
        self.keep(value, slot);
        if self.bytes != before {
            if let Some(bucket) = self.buckets.get_mut(slot.0 as usize) {
                bucket.early += 1;
            }
        }
    }

    /// Keep `value` (a tape intermediate of `slot`'s shape, just released) if nothing else
    /// holds it and there is room; free it otherwise. Reads only the value's own header:
    /// the tensor itself is checked when it is reused.
    pub fn keep(&mut self, mut value: Value<B>, slot: Slot) {
        let Some(bucket) = self.buckets.get_mut(slot.0 as usize) else {
            return;
        };
        let b = bucket.bytes;
        if self.bytes + b > MAX_POOL_BYTES {
            return;
        }
        // A second holder (a gradient map, a buffer, a view of it) keeps it alive: not ours.
        let Some(t) = Arc::get_mut(&mut value) else {
            return;
        };
        // Storage a DLPack consumer holds is never written over.
        if t.is_view() || t.bytes() != b || t.exported() {
            return;
        }
        t.set_cached(true);
        bucket.ready.push(value);
        self.bytes += b;
    }

    /// Compute `k` into a kept buffer of `slot`'s shape, as a fresh tape value. `Ok(None)`:
    /// none kept, the kept one failed the backend's check that nothing else references its
    /// storage (then it is freed), or the backend has no such kernel for these inputs
    /// (then it stays kept); the caller allocates instead. A failing kernel frees the
    /// buffer it was writing.
    pub fn compute(&mut self, slot: Slot, k: OutKernel, xs: &[&B::T]) -> Result<Option<Value<B>>> {
        let Some(bucket) = self.buckets.get_mut(slot.0 as usize) else {
            return Ok(None);
        };
        let Some(mut value) = bucket.ready.pop() else {
            return Ok(None);
        };
        // The last entries are this generation's (see `early`): one of them goes first.
        let early = bucket.early > 0;
        bucket.early -= usize::from(early);
        self.bytes -= bucket.bytes;
        let Some(t) = Arc::get_mut(&mut value) else {
            return Ok(None); // unreachable: the pool is the only holder
        };
        if !B::recyclable(t.get(), bucket.key.shape(), self.dtype, self.device) {
            return Ok(None); // freed here, still counted as cached until now
        }
        let Some(out) = t.get_mut() else {
            return Ok(None);
        };
        match crate::guard::contained("an out-kernel", || B::run_out(k, xs, out)) {
            Ok(true) => {
                t.set_cached(false);
                Ok(Some(value))
            }
            Ok(false) => {
                self.bytes += bucket.bytes;
                bucket.ready.push(value);
                bucket.early += usize::from(early);
                Ok(None)
            }
            Err(e) => Err(e), // `value` is freed here
        }
    }
}

impl<B: Backend> Drop for Pool<B> {
    fn drop(&mut self) {
        self.clear();
    }
}
