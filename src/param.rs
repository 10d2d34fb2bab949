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

/// How many draws [`Parameter::fill_truncated_normal_`] makes for one element at most.
pub const TRUNC_TRIES: u64 = 1000;

struct ParamState<B: Backend> {
    version: u64,
    /// The current snapshot; shared with every tape leaf recorded since the last update.
    snapshot: Value<B>,
}

pub struct Parameter<B: Backend> {
    id: u64,
    name: Option<String>,
    /// Whether leaves recorded from now on take gradients (`p.requires_grad = False`
    /// freezes it; leaves already on a tape keep what they were recorded with).
    requires_grad: std::sync::atomic::AtomicBool,
    shape: Vec<i64>,
    /// The dtype, as an index into [`DTYPES`]: fixed but for [`Parameter::convert_dtype_`]
    /// (torch's `model.double()` keeps the Parameter objects, so an optimizer made before
    /// still steps them), hence atomic: read without the state lock.
    dtype: std::sync::atomic::AtomicU8,
    device: Device,
    state: Mutex<ParamState<B>>,
    /// The gradient hooks `p.register_hook(fn)` added, by id, in order: opaque to the core
    /// (the binding keeps its Python callables here, so they live exactly as long as the
    /// parameter); the binding runs them on each backward's gradient of `p` before it
    /// reaches `p.grad` (`Session::backward_staged`).
    hooks: Mutex<Vec<(u64, Hook)>>,
}

/// A gradient hook as the core keeps it: the binding's object, opaque here.
pub type Hook = Arc<dyn std::any::Any + Send + Sync>;

/// The id of the next hook added to any parameter.
static NEXT_HOOK_ID: AtomicU64 = AtomicU64::new(1);

/// Every dtype a parameter may hold, by the code [`Parameter`] keeps.
const DTYPES: [DType; 8] = [
    DType::Float32,
    DType::Float64,
    DType::Float16,
    DType::BFloat16,
    DType::Ieee32,
    DType::Interval,
    DType::RefFloat32,
    DType::RefFloat64,
];

/// `d`'s code in [`DTYPES`] (a data dtype never reaches a parameter: `Parameter::from_data`
/// refuses it first; it maps to float32's code).
fn dtype_code(d: DType) -> u8 {
    DTYPES.iter().position(|&x| x == d).unwrap_or(0) as u8
}

/// The dtype of a parameter made from host data: `given`, else the data's own floating
/// dtype (`natural`; float32 for Python numbers). Integer data without a dtype is a
/// `DTypeError`: a parameter requires gradients.
pub fn dtype_for(given: Option<DType>, natural: Option<DType>, integral: bool) -> Result<DType> {
    match given {
        Some(d) => Ok(d),
        None if integral => Err(Error::DType(
            "Parameter: integer data cannot require gradients; pass floating-point data or dtype="
                .into(),
        )),
        None => Ok(natural.unwrap_or(DType::Float32)),
    }
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
            requires_grad: std::sync::atomic::AtomicBool::new(requires_grad),
            shape: B::shape(&value),
            dtype: std::sync::atomic::AtomicU8::new(dtype_code(B::dtype(&value))),
            device: B::device(&value),
            state: Mutex::new(ParamState {
                version: 0,
                snapshot: Tracked::owned(value, Category::Param),
            }),
            hooks: Mutex::new(Vec::new()),
        })
    }

    /// Add a gradient hook (`p.register_hook`); returns its id, for [`Parameter::remove_hook`].
    pub fn add_hook(&self, hook: Hook) -> u64 {
        let id = NEXT_HOOK_ID.fetch_add(1, Ordering::Relaxed);
        self.hooks
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((id, hook));
        id
    }

    /// Remove the hook `id` (nothing when it is gone already); whether it was there.
    pub fn remove_hook(&self, id: u64) -> bool {
        let mut hooks = self.hooks.lock().unwrap_or_else(|e| e.into_inner());
        let before = hooks.len();
        hooks.retain(|(h, _)| *h != id);
        hooks.len() != before
    }

    /// The hooks, in the order they were added.
    pub fn hooks(&self) -> Vec<Hook> {
        let hooks = self.hooks.lock().unwrap_or_else(|e| e.into_inner());
        hooks.iter().map(|(_, h)| Arc::clone(h)).collect()
    }

    pub fn id(&self) -> u64 {
        self.id
    }
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }
    pub fn requires_grad(&self) -> bool {
        self.requires_grad.load(Ordering::Relaxed)
    }
    /// Freeze (`false`) or unfreeze the parameter for leaves recorded from now on.
    pub fn set_requires_grad(&self, on: bool) {
        self.requires_grad.store(on, Ordering::Relaxed);
    }
    pub fn shape(&self) -> &[i64] {
        &self.shape
    }
    pub fn dtype(&self) -> DType {
        DTYPES[usize::from(self.dtype.load(Ordering::Acquire)) % DTYPES.len()]
    }

    /// `module.to(...)`'s conversion of this parameter: `None` where it stays itself (its
    /// dtype and device, or another dtype on its device: converted in place, a new version,
    /// as torch's `Module._apply` keeps the objects, so an optimizer made before keeps
    /// stepping it), else a new parameter on `device` with the value, name and
    /// `requires_grad`, to be put in its place.
    pub fn to(&self, dtype: DType, device: Device) -> Result<Option<Arc<Parameter<B>>>> {
        if !device.same(self.device) {
            let name = self.name().map(str::to_string);
            let snap = self.snapshot();
            return Self::from_data(snap.get(), dtype, device, name, self.requires_grad())
                .map(Some);
        }
        if dtype != self.dtype() {
            self.convert_dtype_(dtype)?;
        }
        Ok(None)
    }

    /// torch's `Module._apply` for a dtype: the value converted to `dtype` becomes the next
    /// version of this same parameter (tapes keep the snapshot they read; an optimizer made
    /// before keeps stepping it, and refuses state of the old dtype with a typed error).
    pub fn convert_dtype_(&self, dtype: DType) -> Result<()> {
        if !DTYPES.contains(&dtype) {
            return Err(Error::DType(format!(
                "parameter {}: cannot hold {dtype} data",
                self.label()
            )));
        }
        let _guard = B::no_grad();
        let mut st = self.lock();
        let value = B::convert(st.snapshot.get(), dtype, self.device)?;
        st.snapshot = Tracked::owned(value, Category::Param);
        self.dtype.store(dtype_code(dtype), Ordering::Release);
        st.version += 1;
        Ok(())
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

    /// [`Parameter::update`] of several distinct parameters in one call (a fused kernel
    /// over all of them): `f` gets their tensors in `params`' order, each held exclusively
    /// (in place where no tape holds the snapshot, else a copy published as the new one).
    /// The locks are taken in id order, so two callers never wait on each other in a
    /// circle. Every version advances once `f` succeeded; on error no copy is published.
    pub fn update_all(
        params: &[&Parameter<B>],
        f: impl FnOnce(&mut [&mut B::T]) -> Result<()>,
    ) -> Result<()> {
        let _guard = B::no_grad();
        let mut order: Vec<usize> = (0..params.len()).collect();
        order.sort_unstable_by_key(|&i| params[i].id);
        if order.windows(2).any(|w| params[w[0]].id == params[w[1]].id) {
            return Err(Error::Argument(
                "update_all: a parameter is given twice".into(),
            ));
        }
        let mut locked: Vec<Option<MutexGuard<'_, ParamState<B>>>> =
            params.iter().map(|_| None).collect();
        for &i in &order {
            locked[i] = Some(params[i].lock());
        }
        let mut locked: Vec<_> = locked.into_iter().flatten().collect();
        // Copies of the snapshots a tape holds (written instead, published after `f`).
        let mut fresh = Vec::with_capacity(locked.len()); // bounded: one per parameter
        for st in locked.iter_mut() {
            fresh.push(match unique_mut(&mut st.snapshot) {
                Some(_) => None,
                None => Some(B::copy(st.snapshot.get())?),
            });
        }
        let mut ts = Vec::with_capacity(locked.len()); // bounded: one per parameter
        for (st, copy) in locked.iter_mut().zip(fresh.iter_mut()) {
            ts.push(match copy {
                Some(t) => t,
                None => unique_mut(&mut st.snapshot)
                    .ok_or_else(|| Error::Argument("update_all: snapshot shared".into()))?,
            });
        }
        f(&mut ts)?;
        for (st, copy) in locked.iter_mut().zip(fresh) {
            if let Some(t) = copy {
                st.snapshot = Tracked::owned(t, Category::Param);
            }
            st.version += 1;
        }
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

    /// An in-place method (`mul_`, `add_`, `copy_`, ...): the new value `f(current)`, of the
    /// parameter's shape, published as the next version (in place when no tape holds the
    /// snapshot, else as a new snapshot: tapes keep what they read).
    pub fn apply_(&self, what: &str, f: impl FnOnce(&B::T) -> Result<B::T>) -> Result<()> {
        self.update(|t| {
            let new = f(t)?;
            if B::shape(&new) != self.shape {
                return Err(Error::Shape(format!(
                    "{what}: parameter {} has shape {:?}; the result would have shape {:?}",
                    self.label(),
                    self.shape,
                    B::shape(&new)
                )));
            }
            B::copy_(t, &new)
        })
    }

    /// torch's `normal_(mean, std)` (`normal`) or `uniform_(a, b)`: a new value drawn from
    /// `rng` in the parameter's dtype, made on its device chunk by chunk
    /// ([`Backend::generate`]); `rng` advances only when the update succeeds.
    pub fn fill_random_(
        &self,
        normal: bool,
        a: f64,
        b: f64,
        rng: &mut crate::rng::RngState,
    ) -> Result<()> {
        if !a.is_finite() || !b.is_finite() || (normal && b < 0.0) || (!normal && a > b) {
            return Err(Error::Argument(if normal {
                format!("normal_: std must be finite and >= 0 (mean finite), got mean={a}, std={b}")
            } else {
                format!("uniform_: expects from <= to, both finite, got from={a}, to={b}")
            }));
        }
        let r = *rng;
        let dtype = self.dtype();
        let bits = dtype.significand_bits();
        let fresh = B::generate(&self.shape, dtype, self.device, &|at, part| {
            r.fill_draw(normal, bits, at as u64, part);
            for x in part.iter_mut() {
                *x = if normal { a + b * *x } else { a + (b - a) * *x };
            }
        })?;
        self.update(|t| B::copy_(t, &fresh))?;
        let n = self.shape.iter().product::<i64>().max(0) as u64;
        rng.skip_draw(normal, n);
        Ok(())
    }

    /// torch.nn.init's `trunc_normal_(mean, std, a, b)`: N(mean, std²) conditioned on
    /// `[a, b]`, by rejection: element `j`'s `k`-th try is the normal draw at element
    /// position `j + k * numel` of `rng` (so any chunk of the fill can be made alone);
    /// after [`TRUNC_TRIES`] misses (bounds far in a tail) the last draw is clamped into
    /// `[a, b]`. `rng` advances past every position a try used.
    pub fn fill_truncated_normal_(
        &self,
        mean: f64,
        std: f64,
        a: f64,
        b: f64,
        rng: &mut crate::rng::RngState,
    ) -> Result<()> {
        if !(mean.is_finite() && std.is_finite() && a.is_finite() && b.is_finite())
            || std < 0.0
            || a > b
        {
            return Err(Error::Argument(format!(
                "trunc_normal_: expects finite mean, std >= 0 and a <= b, got mean={mean}, \
                 std={std}, a={a}, b={b}"
            )));
        }
        let r = *rng;
        let dtype = self.dtype();
        let bits = dtype.significand_bits();
        let n = self.shape.iter().product::<i64>().max(0) as u64;
        let tries = std::sync::atomic::AtomicU64::new(1);
        let fresh = B::generate(&self.shape, dtype, self.device, &|at, part| {
            let mut one = [0.0f64];
            for (i, x) in part.iter_mut().enumerate() {
                let j = (at + i) as u64;
                let mut k = 0u64;
                let v = loop {
                    r.fill_draw(true, bits, j + k * n, &mut one);
                    let v = mean + std * one[0];
                    k += 1;
                    if (a..=b).contains(&v) || k == TRUNC_TRIES {
                        break v.clamp(a, b);
                    }
                };
                tries.fetch_max(k, Ordering::Relaxed);
                *x = v;
            }
        })?;
        self.update(|t| B::copy_(t, &fresh))?;
        rng.skip_draw(true, n * tries.load(Ordering::Relaxed));
        Ok(())
    }

    /// `name` or `#id`, for messages.
    pub fn label(&self) -> String {
        match &self.name {
            Some(n) => format!("'{n}'"),
            None => format!("#{}", self.id),
        }
    }
}
