//! Ledger-registered values and releasable buffers.
//!
//! * [`Tracked`] is one backend tensor the core holds. An *owned* one registered its
//!   `numel × element size` bytes with the ledger when it was made and unregisters them when
//!   its last holder drops it. A *view* (transpose, reshape of contiguous data, expand) owns
//!   no storage: it counts 0 bytes and keeps its base alive through an `Arc`, so the base's
//!   bytes stay counted exactly as long as the storage lives.
//! * [`Value`] = `Arc<Tracked>`: shared by the tape, parameter snapshots and gradient maps.
//! * [`Buffer`] is the user-visible, explicitly releasable slot around one `Value`
//!   (a gradient). Releasing drops the slot's reference: the storage is freed then, unless
//!   another holder (a snapshot, a tape) still uses it.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::backend::Backend;
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::ledger::{self, Category};

pub struct Tracked<B: Backend> {
    /// The backend tensor. Mutated only through `&mut Tracked`, i.e. when the holder has
    /// exclusive access (`Arc::get_mut`).
    value: B::T,
    /// Bytes registered with the ledger (0 for a view).
    bytes: usize,
    category: Category,
    /// For a view: the owner of the storage it reads.
    base: Option<Value<B>>,
    /// Kept by a session's pool for reuse (see [`crate::pool`]): counted by the ledger as
    /// cached instead of under `category`. Only the pool, the sole holder, sets it.
    cached: bool,
    /// A [`crate::backend::Backend::placeholder`] standing in for freed values.
    placeholder: bool,
    /// Whether this owned value's storage was ever exported through DLPack: then the count
    /// of exports a consumer still holds is in [`EXPORTS`] under this value's address (see
    /// [`ExportShare`]). While one is held the core never writes into the storage, and if
    /// the core drops the value first its bytes move to the ledger's `exported` category
    /// until the last export goes. (A flag here and the share in a side table keep
    /// `Tracked` within the cache lines `Tape::clear` prefetches.)
    exported_ever: AtomicBool,
    /// Memory a DLPack producer owns and shares with the core (`Session.input(x,
    /// copy=False)`): no ledger bytes, never written in place.
    borrowed: bool,
}

/// The shares of the owned values ever exported, by the value's address (unique while it
/// lives; its entry goes when it is dropped).
static EXPORTS: Mutex<BTreeMap<usize, Arc<ExportShare>>> = Mutex::new(BTreeMap::new());

fn exports() -> std::sync::MutexGuard<'static, BTreeMap<usize, Arc<ExportShare>>> {
    // A map of `Arc`s, changed by single inserts and removals: a poisoned lock is consistent.
    EXPORTS.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a DLPack export of an owned value and the value itself share. Each export holds
/// one more reference to the storage (an `at::Tensor` inside the consumer's managed
/// tensor) and one `Arc` of this; the value holds the other.
#[derive(Default)]
pub struct ExportShare {
    state: Mutex<ExportState>,
}

#[derive(Default)]
struct ExportState {
    /// Exports whose consumer has not deleted them yet.
    live: usize,
    /// Set when the core's value was dropped while exports were live: the bytes it had
    /// registered, now counted under [`Category::Exported`].
    orphaned: Option<usize>,
}

impl ExportShare {
    fn lock(&self) -> std::sync::MutexGuard<'_, ExportState> {
        // One counter and one `Option`: a poisoned lock is still consistent.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether a consumer still holds an export.
    pub fn held(&self) -> bool {
        self.lock().live > 0
    }

    /// A consumer deleted its export: the last one frees an orphaned value's bytes.
    pub fn release(&self) {
        let mut st = self.lock();
        st.live = st.live.saturating_sub(1);
        if st.live == 0 {
            if let Some(bytes) = st.orphaned.take() {
                ledger::free(Category::Exported, bytes);
            }
        }
    }
}

pub type Value<B> = Arc<Tracked<B>>;

// SAFETY: a `Tracked` is shared between threads only behind `Arc`, and the backend tensor
// inside it is only read through `&Tracked` (kernels take it as an input; LibTorch's tensor
// handles use atomic reference counts). Writes require `&mut Tracked`, which `Arc::get_mut`
// grants only to a unique holder, so no tensor is read and written concurrently.
unsafe impl<B: Backend> Sync for Tracked<B> {}

impl<B: Backend> Tracked<B> {
    /// Register a freshly allocated, contiguous tensor.
    pub fn owned(value: B::T, category: Category) -> Value<B> {
        let bytes = B::numel(&value) * B::dtype(&value).size();
        ledger::allocate(category, bytes);
        Arc::new(Tracked {
            value,
            bytes,
            category,
            base: None,
            cached: false,
            placeholder: false,
            exported_ever: AtomicBool::new(false),
            borrowed: false,
        })
    }

    /// Put a [`crate::backend::Backend::placeholder`] in `slot`: a view of one element
    /// the backend shares between all placeholders of a dtype and device for the whole
    /// process (a few bytes, outside the ledger), so a placeholder owns no ledger bytes and
    /// the ledger is the same however many placeholders the tape holds.
    pub fn replace_with_placeholder(slot: &mut Value<B>, stub: B::T, category: Category) {
        drop(Self::swap_for_placeholder(slot, stub, category));
    }

    /// [`Tracked::replace_with_placeholder`], handing back the value it replaces (for the
    /// pool to keep).
    pub fn swap_for_placeholder(slot: &mut Value<B>, stub: B::T, category: Category) -> Value<B> {
        std::mem::replace(
            slot,
            Arc::new(Tracked {
                value: stub,
                bytes: 0,
                category,
                base: None,
                cached: false,
                placeholder: true,
                exported_ever: AtomicBool::new(false),
                borrowed: false,
            }),
        )
    }

    /// Wrap a tensor sharing memory a DLPack producer owns: 0 ledger bytes, never written
    /// in place (see [`crate::dlpack`]).
    pub fn borrowed(value: B::T, category: Category) -> Value<B> {
        Arc::new(Tracked {
            value,
            bytes: 0,
            category,
            base: None,
            cached: false,
            placeholder: false,
            exported_ever: AtomicBool::new(false),
            borrowed: true,
        })
    }

    /// Whether this value shares memory a DLPack producer owns.
    pub fn is_borrowed(&self) -> bool {
        self.owner().borrowed
    }

    /// Wrap a view of `base`'s storage (no new bytes).
    pub fn view(value: B::T, base: &Value<B>) -> Value<B> {
        Arc::new(Tracked {
            value,
            bytes: 0,
            category: base.category,
            base: Some(Arc::clone(base)),
            cached: false,
            placeholder: false,
            exported_ever: AtomicBool::new(false),
            borrowed: false,
        })
    }

    pub fn get(&self) -> &B::T {
        &self.value
    }

    /// Mutable access to an owned tensor (never a view: writing through a view would change
    /// its base; never storage a DLPack consumer holds).
    pub fn get_mut(&mut self) -> Option<&mut B::T> {
        if self.base.is_some() || self.borrowed || self.exported() {
            None
        } else {
            Some(&mut self.value)
        }
    }

    /// The value owning this one's storage: itself, or the base of a view.
    pub fn owner(&self) -> &Tracked<B> {
        let mut t = self;
        while let Some(b) = t.base.as_deref() {
            t = b;
        }
        t
    }

    /// Whether a DLPack consumer holds this value's storage (for a view: its owner's).
    pub fn exported(&self) -> bool {
        let owner = self.owner();
        if !owner.exported_ever.load(Ordering::Acquire) {
            return false;
        }
        let addr = owner as *const Tracked<B> as usize;
        exports().get(&addr).is_some_and(|s| s.held())
    }

    /// Count one more export of this value's storage (on its owner) and return the share
    /// the export releases when its consumer deletes it ([`ExportShare::release`]).
    pub fn add_export(&self) -> Arc<ExportShare> {
        let owner = self.owner();
        let addr = owner as *const Tracked<B> as usize;
        let share = Arc::clone(exports().entry(addr).or_default());
        owner.exported_ever.store(true, Ordering::Release);
        share.lock().live += 1;
        share
    }

    pub fn is_view(&self) -> bool {
        self.base.is_some()
    }

    /// Whether this stands in for values the session freed (see
    /// [`Tracked::replace_with_placeholder`]).
    pub fn is_placeholder(&self) -> bool {
        self.placeholder
    }

    /// For a view: the value owning its storage.
    pub fn base(&self) -> Option<&Value<B>> {
        self.base.as_ref()
    }

    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Whether the pool keeps this buffer for reuse (the ledger counts it as cached).
    pub fn is_cached(&self) -> bool {
        self.cached
    }

    pub fn category(&self) -> Category {
        self.category
    }

    /// Mark this owned buffer as kept for reuse (`true`: its bytes leave its category and
    /// the live totals for the ledger's cached count) or as reused (`false`). Views own no
    /// storage and are never cached.
    pub(crate) fn set_cached(&mut self, cached: bool) {
        if self.base.is_some() || self.cached == cached {
            return;
        }
        if cached {
            ledger::cache(self.category, self.bytes);
        } else {
            ledger::uncache(self.category, self.bytes);
        }
        self.cached = cached;
    }

    /// Move this owned buffer's bytes to another ledger category.
    pub fn set_category(&mut self, category: Category) {
        if self.base.is_none() && !self.cached {
            ledger::recategorize(self.category, category, self.bytes);
        }
        self.category = category;
    }
}

impl<B: Backend> Drop for Tracked<B> {
    fn drop(&mut self) {
        // Whatever else happens, an exported value's entry in the side table goes with it.
        let share = if self.exported_ever.load(Ordering::Acquire) {
            exports().remove(&(self as *const Tracked<B> as usize))
        } else {
            None
        };
        if self.cached {
            ledger::free_cached(self.bytes);
        } else if self.base.is_none() && !self.borrowed && !self.placeholder {
            if let Some(share) = share {
                let mut st = share.lock();
                if st.live > 0 {
                    // A consumer still holds the storage: its bytes stay live, as exported.
                    ledger::recategorize(self.category, Category::Exported, self.bytes);
                    st.orphaned = Some(self.bytes);
                    return;
                }
            }
            ledger::free(self.category, self.bytes);
        }
    }
}

/// An owned value exclusively held by `v`, as a unique mutable tensor, or `None`.
pub fn unique_mut<B: Backend>(v: &mut Value<B>) -> Option<&mut B::T> {
    Arc::get_mut(v).and_then(Tracked::get_mut)
}

/// A releasable buffer: a shape plus a slot holding one value until `release`.
pub struct Buffer<B: Backend> {
    shape: Vec<i64>,
    dtype: DType,
    device: Device,
    slot: Mutex<Option<Value<B>>>,
}

impl<B: Backend> Buffer<B> {
    pub fn new(value: Value<B>) -> Arc<Buffer<B>> {
        Arc::new(Buffer {
            shape: B::shape(value.get()),
            dtype: B::dtype(value.get()),
            device: B::device(value.get()),
            slot: Mutex::new(Some(value)),
        })
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

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Value<B>>> {
        // A panic while holding this lock cannot leave the slot half-written (it is one
        // `Option` swap), so a poisoned lock is still consistent.
        self.slot.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn released(&self) -> bool {
        self.lock().is_none()
    }

    /// Elements actually held (0 once released).
    pub fn numel(&self) -> usize {
        self.lock().as_ref().map_or(0, |v| B::numel(v.get()))
    }

    pub fn nbytes(&self) -> usize {
        self.numel() * self.dtype.size()
    }

    /// Drop this buffer's reference. True the first time, false afterwards.
    pub fn release(&self) -> bool {
        let taken = self.lock().take();
        taken.is_some()
    }

    /// The held value (shared), or `ReleasedBufferError`.
    pub fn value(&self, what: &str) -> Result<Value<B>> {
        self.lock()
            .as_ref()
            .cloned()
            .ok_or_else(|| Error::ReleasedBuffer(format!("{what}: the buffer has been released")))
    }

    /// The held value, made this buffer's own first: copied if a tape, a snapshot, a view's
    /// base or a DLPack producer shares it, so that writes through a writable DLPack export
    /// reach this buffer and nothing else. `ReleasedBufferError` once released.
    pub fn exclusive(&self, what: &str) -> Result<Value<B>> {
        let mut slot = self.lock();
        let Some(v) = slot.as_mut() else {
            return Err(Error::ReleasedBuffer(format!(
                "{what}: the buffer has been released"
            )));
        };
        if Arc::strong_count(v) > 1 || v.is_view() || v.is_borrowed() {
            let _guard = B::no_grad();
            let copy = B::copy(v.get())?;
            *v = Tracked::owned(copy, v.category());
        }
        Ok(Arc::clone(v))
    }

    /// Run `f` with exclusive access to the slot (for in-place accumulation).
    pub fn with_slot<R>(&self, f: impl FnOnce(&mut Option<Value<B>>) -> R) -> R {
        f(&mut self.lock())
    }

    /// Check that the storage holds as many elements as the shape promises.
    pub fn check_size(&self, place: &str) -> Result<()> {
        let expected: i64 = self.shape.iter().product();
        let guard = self.lock();
        let actual = match guard.as_ref() {
            None => {
                return Err(Error::BufferSize {
                    place: format!("{place} (released buffer)"),
                    shape: self.shape.clone(),
                    expected,
                    actual: 0,
                })
            }
            Some(v) => B::numel(v.get()) as i64,
        };
        if actual != expected {
            return Err(Error::BufferSize {
                place: place.to_string(),
                shape: self.shape.clone(),
                expected,
                actual,
            });
        }
        Ok(())
    }
}
