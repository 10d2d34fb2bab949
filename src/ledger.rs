//! The exact memory ledger: every buffer the core holds is registered here when it is
//! created and unregistered when its last holder drops it. Counts are process-global
//! atomics, so sessions in several threads share one ledger.

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

/// What a buffer is for. A parameter snapshot is `Param` whoever holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    Param = 0,
    Grad = 1,
    Tape = 2,
    Optimizer = 3,
    Other = 4,
}

impl Category {
    pub const ALL: [Category; 5] = [
        Category::Param,
        Category::Grad,
        Category::Tape,
        Category::Optimizer,
        Category::Other,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Category::Param => "param",
            Category::Grad => "grad",
            Category::Tape => "tape",
            Category::Optimizer => "optimizer",
            Category::Other => "other",
        }
    }
}

static BY_CATEGORY: [AtomicI64; 5] = [
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

/// A point-in-time copy of the ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MemoryStats {
    pub live_bytes: i64,
    pub peak_bytes: i64,
    pub live_buffers: i64,
    pub allocations: u64,
    /// Indexed by `Category as usize`.
    pub by_category: [i64; 5],
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
    let b = bytes as i64;
    BY_CATEGORY[category as usize].fetch_sub(b, Ordering::Relaxed);
    LIVE_BUFFERS.fetch_sub(1, Ordering::Relaxed);
    LIVE_BYTES.fetch_sub(b, Ordering::Relaxed);
}

/// Move a live buffer's bytes from one category to another (no allocation).
pub(crate) fn recategorize(from: Category, to: Category, bytes: usize) {
    let b = bytes as i64;
    BY_CATEGORY[from as usize].fetch_sub(b, Ordering::Relaxed);
    BY_CATEGORY[to as usize].fetch_add(b, Ordering::Relaxed);
}

pub fn memory_stats() -> MemoryStats {
    let mut by_category = [0; 5];
    for (slot, c) in by_category.iter_mut().zip(BY_CATEGORY.iter()) {
        *slot = c.load(Ordering::Relaxed);
    }
    MemoryStats {
        live_bytes: LIVE_BYTES.load(Ordering::Relaxed),
        peak_bytes: PEAK_BYTES.load(Ordering::Relaxed),
        live_buffers: LIVE_BUFFERS.load(Ordering::Relaxed),
        allocations: ALLOCATIONS.load(Ordering::Relaxed),
        by_category,
    }
}

/// Set the peak to the current live bytes.
pub fn reset_peak_memory_stats() {
    PEAK_BYTES.store(LIVE_BYTES.load(Ordering::Relaxed), Ordering::Relaxed);
}
