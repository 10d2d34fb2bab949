//! The exact memory ledger: every buffer the core holds is registered here when it is
//! created and unregistered when its last holder drops it. Counts are process-global
//! atomics, so sessions in several threads share one ledger.

use std::cell::Cell;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

/// What a buffer is for. A parameter snapshot is `Param` whoever holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    Param = 0,
    Grad = 1,
    Tape = 2,
    Optimizer = 3,
    Other = 4,
    /// Storage the core no longer holds but a DLPack consumer still does: its bytes move
    /// here from their category when the core's last holder drops it, and are freed when
    /// the consumer deletes its capsule (see [`crate::buffer::ExportShare`]).
    Exported = 5,
}

/// Number of categories (the length of [`Category::ALL`]).
pub const CATEGORIES: usize = 6;

impl Category {
    pub const ALL: [Category; CATEGORIES] = [
        Category::Param,
        Category::Grad,
        Category::Tape,
        Category::Optimizer,
        Category::Other,
        Category::Exported,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Category::Param => "param",
            Category::Grad => "grad",
            Category::Tape => "tape",
            Category::Optimizer => "optimizer",
            Category::Other => "other",
            Category::Exported => "exported",
        }
    }
}

static BY_CATEGORY: [AtomicI64; CATEGORIES] = [
    AtomicI64::new(0),
    AtomicI64::new(0),
    AtomicI64::new(0),
    AtomicI64::new(0),
    AtomicI64::new(0),
    AtomicI64::new(0),
];
static LIVE_BYTES: AtomicI64 = AtomicI64::new(0);
static PEAK_BYTES: AtomicI64 = AtomicI64::new(0);
static LIVE_BUFFERS: AtomicI64 = AtomicI64::new(0);
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
/// Buffers the core keeps for reuse (a session's recycled tape buffers, see
/// [`crate::pool`]): held, but not live, so not in any category, the live totals or the peak.
static CACHED_BYTES: AtomicI64 = AtomicI64::new(0);
static CACHED_BUFFERS: AtomicI64 = AtomicI64::new(0);

/// A point-in-time copy of the ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MemoryStats {
    pub live_bytes: i64,
    pub peak_bytes: i64,
    pub live_buffers: i64,
    pub allocations: u64,
    /// Indexed by `Category as usize`.
    pub by_category: [i64; CATEGORIES],
    /// Held for reuse, not live (see [`cache`]).
    pub cached_bytes: i64,
    pub cached_buffers: i64,
}

impl MemoryStats {
    pub fn category(&self, c: Category) -> i64 {
        self.by_category[c as usize]
    }
}

/// Register a new buffer of `bytes` bytes.
pub(crate) fn allocate(category: Category, bytes: usize) {
    let b = bytes as i64;
    BY_CATEGORY[category as usize].fetch_add(b, Ordering::Relaxed);
    LIVE_BUFFERS.fetch_add(1, Ordering::Relaxed);
    ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
    let live = LIVE_BYTES.fetch_add(b, Ordering::Relaxed) + b;
    PEAK_BYTES.fetch_max(live, Ordering::Relaxed);
}

/// Unregister a buffer registered by [`allocate`].
pub(crate) fn free(category: Category, bytes: usize) {
    leave_live(category, bytes, false);
}

/// Move a live buffer's bytes from one category to another (no allocation).
pub(crate) fn recategorize(from: Category, to: Category, bytes: usize) {
    let b = bytes as i64;
    BY_CATEGORY[from as usize].fetch_sub(b, Ordering::Relaxed);
    BY_CATEGORY[to as usize].fetch_add(b, Ordering::Relaxed);
}

/// A live buffer is kept for reuse instead of being freed: its bytes leave `category` and
/// the live totals, and are counted as cached.
pub(crate) fn cache(category: Category, bytes: usize) {
    leave_live(category, bytes, true);
}

/// A live buffer of `category` stops being live: freed, or (`to_cache`) kept as cached.
/// Deferred while a [`batched`] call runs on this thread.
fn leave_live(category: Category, bytes: usize, to_cache: bool) {
    let b = bytes as i64;
    if defer(category, b, to_cache) {
        return;
    }
    BY_CATEGORY[category as usize].fetch_sub(b, Ordering::Relaxed);
    LIVE_BUFFERS.fetch_sub(1, Ordering::Relaxed);
    LIVE_BYTES.fetch_sub(b, Ordering::Relaxed);
    if to_cache {
        CACHED_BYTES.fetch_add(b, Ordering::Relaxed);
        CACHED_BUFFERS.fetch_add(1, Ordering::Relaxed);
    }
}

/// A cached buffer is reused as a live one of `category` (not a new allocation).
pub(crate) fn uncache(category: Category, bytes: usize) {
    let b = bytes as i64;
    CACHED_BYTES.fetch_sub(b, Ordering::Relaxed);
    CACHED_BUFFERS.fetch_sub(1, Ordering::Relaxed);
    BY_CATEGORY[category as usize].fetch_add(b, Ordering::Relaxed);
    LIVE_BUFFERS.fetch_add(1, Ordering::Relaxed);
    let live = LIVE_BYTES.fetch_add(b, Ordering::Relaxed) + b;
    PEAK_BYTES.fetch_max(live, Ordering::Relaxed);
}

/// A cached buffer is freed.
pub(crate) fn free_cached(bytes: usize) {
    let b = bytes as i64;
    if defer_cached_free(b) {
        return;
    }
    CACHED_BYTES.fetch_sub(b, Ordering::Relaxed);
    CACHED_BUFFERS.fetch_sub(1, Ordering::Relaxed);
}

pub fn memory_stats() -> MemoryStats {
    let mut by_category = [0; CATEGORIES];
    for (slot, c) in by_category.iter_mut().zip(BY_CATEGORY.iter()) {
        *slot = c.load(Ordering::Relaxed);
    }
    MemoryStats {
        live_bytes: LIVE_BYTES.load(Ordering::Relaxed),
        peak_bytes: PEAK_BYTES.load(Ordering::Relaxed),
        live_buffers: LIVE_BUFFERS.load(Ordering::Relaxed),
        allocations: ALLOCATIONS.load(Ordering::Relaxed),
        by_category,
        cached_bytes: CACHED_BYTES.load(Ordering::Relaxed),
        cached_buffers: CACHED_BUFFERS.load(Ordering::Relaxed),
    }
}

/// Set the peak to the current live bytes.
pub fn reset_peak_memory_stats() {
    PEAK_BYTES.store(LIVE_BYTES.load(Ordering::Relaxed), Ordering::Relaxed);
}

/// Frees and moves to the cache that [`batched`] has deferred on this thread.
struct Pending {
    depth: Cell<u32>,
    /// Live bytes leaving each category.
    bytes: [Cell<i64>; CATEGORIES],
    /// Live buffers leaving.
    buffers: Cell<i64>,
    /// Change of the cached bytes and buffers.
    cached_bytes: Cell<i64>,
    cached_buffers: Cell<i64>,
}

thread_local! {
    static PENDING: Pending = const {
        Pending {
            depth: Cell::new(0),
            bytes: [
                Cell::new(0),
                Cell::new(0),
                Cell::new(0),
                Cell::new(0),
                Cell::new(0),
                Cell::new(0),
            ],
            buffers: Cell::new(0),
            cached_bytes: Cell::new(0),
            cached_buffers: Cell::new(0),
        }
    };
}

fn bump(c: &Cell<i64>, by: i64) {
    c.set(c.get() + by);
}

/// Run `f`, settling every [`free`], [`cache`] and [`free_cached`] it makes on this thread
/// with one update of the shared counters at the end (also when `f` panics), instead of
/// one per buffer. These only lower the live counts, so deferring them never raises the
/// peak (`f` should not allocate: an allocation inside would see the older, higher live
/// total); other threads see the changes land together when `f` returns.
pub(crate) fn batched<R>(f: impl FnOnce() -> R) -> R {
    struct Settle;
    impl Drop for Settle {
        fn drop(&mut self) {
            PENDING.with(|p| {
                let depth = p.depth.get() - 1;
                p.depth.set(depth);
                if depth > 0 {
                    return;
                }
                let mut total = 0;
                for (slot, pending) in BY_CATEGORY.iter().zip(&p.bytes) {
                    let b = pending.replace(0);
                    if b != 0 {
                        slot.fetch_sub(b, Ordering::Relaxed);
                        total += b;
                    }
                }
                LIVE_BYTES.fetch_sub(total, Ordering::Relaxed);
                LIVE_BUFFERS.fetch_sub(p.buffers.replace(0), Ordering::Relaxed);
                CACHED_BYTES.fetch_add(p.cached_bytes.replace(0), Ordering::Relaxed);
                CACHED_BUFFERS.fetch_add(p.cached_buffers.replace(0), Ordering::Relaxed);
            })
        }
    }
    PENDING.with(|p| p.depth.set(p.depth.get() + 1));
    let _settle = Settle;
    f()
}

/// Defer a free (or, with `to_cache`, a move to the cache) if a [`batched`] call is
/// running on this thread; true if deferred.
fn defer(category: Category, bytes: i64, to_cache: bool) -> bool {
    PENDING.with(|p| {
        if p.depth.get() == 0 {
            return false;
        }
        bump(&p.bytes[category as usize], bytes);
        bump(&p.buffers, 1);
        if to_cache {
            bump(&p.cached_bytes, bytes);
            bump(&p.cached_buffers, 1);
        }
        true
    })
}

/// Defer the free of a cached buffer if a [`batched`] call is running on this thread.
fn defer_cached_free(bytes: i64) -> bool {
    PENDING.with(|p| {
        if p.depth.get() == 0 {
            return false;
        }
        bump(&p.cached_bytes, -bytes);
        bump(&p.cached_buffers, -1);
        true
    })
}
