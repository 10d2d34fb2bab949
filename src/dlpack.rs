//! DLPack, both ways, for values on the native (LibTorch) carriers. The conversions are
//! LibTorch's own (`src/shim/dlpack.cpp`); this module adds the ownership rules:
//!
//! * **Export** ([`export`]): the managed tensor handed to a consumer holds one reference to
//!   the value's storage and one [`ExportShare`] count on the value's owner. While the count
//!   is held the core never writes into that storage (`Tracked::get_mut` refuses it, the
//!   pool never keeps it), and if the core drops the value first its bytes move to the
//!   ledger's `exported` category until the consumer's deleter runs.
//! * **Import** ([`Managed::import`]): `at::fromDLPack` takes the producer's managed tensor;
//!   the resulting tensor calls the producer's deleter when its storage goes.
//!
//! A [`Managed`] is an unconsumed managed tensor (the pointer inside a capsule); it knows
//! whether it is the versioned (DLPack ≥ 1.0) struct or the legacy one.

use std::ffi::c_void;
use std::os::raw::c_char;
use std::sync::Arc;

use tch::Tensor;

use crate::backend::dynamic::{Dyn, DynTensor};
use crate::backend::Backend;
use crate::buffer::{ExportShare, Tracked, Value};
use crate::config::{DType, Device};
use crate::error::{Error, Result};

/// `DLPACK_FLAG_BITMASK_READ_ONLY`: the consumer must not write.
pub const FLAG_READ_ONLY: u64 = 1;
/// `DLPACK_FLAG_BITMASK_IS_COPIED`: the producer made a copy for this export.
pub const FLAG_IS_COPIED: u64 = 2;

/// `DLDeviceType` codes this module knows.
pub const DL_CPU: i32 = 1;
pub const DL_CUDA: i32 = 2;

extern "C" {
    fn eagertape_to_dlpack(
        t: *const torch_sys::C_tensor,
        versioned: i32,
        flags: u64,
        done: Option<unsafe extern "C" fn(*mut c_void)>,
        done_ctx: *mut c_void,
        out: *mut *mut c_void,
        err: *mut *mut c_char,
    ) -> i32;
    fn eagertape_dlpack_describe(
        managed: *mut c_void,
        versioned: i32,
        device_type: *mut i32,
        device_id: *mut i32,
        code: *mut i32,
        bits: *mut i32,
        lanes: *mut i32,
        ndim: *mut i32,
        flags: *mut u64,
        major: *mut u32,
    );
    fn eagertape_dlpack_delete(managed: *mut c_void, versioned: i32);
    fn eagertape_from_dlpack(
        managed: *mut c_void,
        versioned: i32,
        out: *mut *mut torch_sys::C_tensor,
        err: *mut *mut c_char,
    ) -> i32;
    #[link_name = "free"]
    fn libc_free(p: *mut c_void);
}

fn shim_error(err: *mut c_char, what: &str) -> Error {
    if err.is_null() {
        return Error::DLPack(format!("{what} failed"));
    }
    // SAFETY: the shim set `err` to a NUL-terminated string from malloc; read once, freed once.
    let msg = unsafe {
        let m = std::ffi::CStr::from_ptr(err).to_string_lossy().into_owned();
        libc_free(err.cast());
        m
    };
    Error::DLPack(format!("{what}: {}", msg.lines().next().unwrap_or("")))
}

/// Called by the shim's chained deleter once LibTorch dropped its reference.
///
/// SAFETY (for the caller): `ctx` is the `Box<Arc<ExportShare>>` that [`export`] leaked, and
/// the shim calls this exactly once per export.
unsafe extern "C" fn export_done(ctx: *mut c_void) {
    // SAFETY: see above: the box is reclaimed exactly once.
    let share = unsafe { Box::from_raw(ctx.cast::<Arc<ExportShare>>()) };
    share.release();
}

/// The managed tensor of a DLPack export of `value`'s storage (owned by the caller until it
/// hands it to a consumer; see [`Managed`]). `flags` are OR-ed into a versioned export's
/// flags ([`FLAG_READ_ONLY`], [`FLAG_IS_COPIED`]); a legacy one has none.
pub fn export(value: &Value<Dyn>, versioned: bool, flags: u64) -> Result<Managed> {
    let t = torch_of(value.get())?;
    let share = Box::new(value.add_export());
    let ctx = Box::into_raw(share).cast::<c_void>();
    let mut out = std::ptr::null_mut();
    let mut err = std::ptr::null_mut();
    // SAFETY: `t` is a live at::Tensor for the call; the shim copies a reference to it into
    // the managed tensor. `ctx` is handed to `export_done` exactly once, by the managed
    // tensor's deleter; on failure the shim made no managed tensor and `ctx` is ours again.
    let rc = unsafe {
        eagertape_to_dlpack(
            t.as_ptr(),
            versioned as i32,
            flags,
            Some(export_done),
            ctx,
            &mut out,
            &mut err,
        )
    };
    if rc != 0 || out.is_null() {
        // SAFETY: the shim failed before building a managed tensor: nothing else owns `ctx`.
        unsafe { export_done(ctx) };
        return Err(shim_error(err, "DLPack export"));
    }
    Ok(Managed {
        ptr: out,
        versioned,
    })
}

fn torch_of(t: &DynTensor) -> Result<&Tensor> {
    match t {
        DynTensor::Torch(t) => Ok(t),
        other => Err(Error::DLPack(format!(
            "a value on the {} carrier has no DLPack form (only LibTorch carriers do: float16, \
             bfloat16, float32, float64 and data dtypes)",
            Dyn::dtype(other).carrier_label()
        ))),
    }
}

/// An unconsumed DLPack managed tensor. Dropping it calls its deleter; [`Managed::into_raw`]
/// hands it to a capsule, [`Managed::import`] to LibTorch.
pub struct Managed {
    ptr: *mut c_void,
    versioned: bool,
}

/// What a managed tensor describes, read without consuming it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Described {
    pub device_type: i32,
    pub device_id: i32,
    pub code: i32,
    pub bits: i32,
    pub lanes: i32,
    pub ndim: i32,
    pub flags: u64,
    /// DLPack major version (0 for a legacy managed tensor).
    pub major: u32,
}

impl Managed {
    /// Take ownership of a managed tensor from a capsule's pointer.
    ///
    /// # Safety
    /// `ptr` must point at a live `DLManagedTensorVersioned` (`versioned`) or
    /// `DLManagedTensor` that nobody else will delete.
    pub unsafe fn from_raw(ptr: *mut c_void, versioned: bool) -> Managed {
        Managed { ptr, versioned }
    }

    /// Give up ownership (to a capsule, whose destructor or consumer deletes it).
    pub fn into_raw(self) -> *mut c_void {
        let p = self.ptr;
        std::mem::forget(self);
        p
    }

    pub fn versioned(&self) -> bool {
        self.versioned
    }

    pub fn describe(&self) -> Described {
        let mut d = Described {
            device_type: 0,
            device_id: 0,
            code: 0,
            bits: 0,
            lanes: 0,
            ndim: 0,
            flags: 0,
            major: 0,
        };
        // SAFETY: `self.ptr` is a live managed tensor of the kind `versioned` says (see
        // `from_raw`); the shim only reads it.
        unsafe {
            eagertape_dlpack_describe(
                self.ptr,
                self.versioned as i32,
                &mut d.device_type,
                &mut d.device_id,
                &mut d.code,
                &mut d.bits,
                &mut d.lanes,
                &mut d.ndim,
                &mut d.flags,
                &mut d.major,
            )
        };
        d
    }

    /// The device and the dtype it holds, or a `DLPack` error naming what is unsupported.
    pub fn check(&self) -> Result<(Device, DType)> {
        let d = self.describe();
        if self.versioned && d.major != 1 {
            return Err(Error::DLPack(format!(
                "DLPack major version {} is not supported (eagertape reads 1.x)",
                d.major
            )));
        }
        let device = match d.device_type {
            DL_CPU => Device::Cpu,
            DL_CUDA => Device::Cuda(Some(d.device_id.max(0) as usize)),
            other => {
                return Err(Error::DLPack(format!(
                    "DLPack device type {other} is not supported (only CPU = 1 and CUDA = 2)"
                )))
            }
        };
        let dtype = match (d.code, d.bits, d.lanes) {
            (2, 16, 1) => DType::Float16,
            (2, 32, 1) => DType::Float32,
            (2, 64, 1) => DType::Float64,
            (4, 16, 1) => DType::BFloat16,
            (0, 32, 1) => DType::Int32,
            (0, 64, 1) => DType::Int64,
            (6, 8, 1) => DType::Bool,
            // Narrower integers are data too: imported as they are, widened to int64 by copy.
            (0, 8 | 16, 1) | (1, 8 | 16 | 32 | 64, 1) => DType::Int64,
            (code, bits, lanes) => {
                return Err(Error::DLPack(format!(
                    "DLPack dtype (code {code}, bits {bits}, lanes {lanes}) is not supported: \
                     eagertape holds floating (16/32/64-bit, bfloat16), integer and bool data"
                )))
            }
        };
        Ok((device, dtype))
    }

    /// Whether the dtype is exactly the one [`Managed::check`] names (not a narrower
    /// integer that has to be widened).
    pub fn exact_dtype(&self) -> bool {
        let d = self.describe();
        !matches!((d.code, d.bits), (0, 8 | 16) | (1, _))
    }

    /// Hand the managed tensor to LibTorch: the tensor shares the producer's memory and
    /// calls its deleter when the storage goes. On error the managed tensor is still ours
    /// (and deleted when `self` drops).
    pub fn import(self) -> Result<Tensor> {
        self.check()?;
        let mut out = std::ptr::null_mut();
        let mut err = std::ptr::null_mut();
        // SAFETY: `self.ptr` is a live managed tensor we own; on success LibTorch owns it
        // (we forget it below), on failure it was not consumed.
        let rc =
            unsafe { eagertape_from_dlpack(self.ptr, self.versioned as i32, &mut out, &mut err) };
        if rc != 0 || out.is_null() {
            return Err(shim_error(err, "DLPack import"));
        }
        std::mem::forget(self);
        // SAFETY: `out` is a heap at::Tensor the shim made for us to own.
        Ok(unsafe { Tensor::from_ptr(out) })
    }
}

impl Drop for Managed {
    fn drop(&mut self) {
        // SAFETY: we own the managed tensor (see `from_raw`), so its deleter runs once.
        unsafe { eagertape_dlpack_delete(self.ptr, self.versioned as i32) }
    }
}

/// Register an imported tensor that shares a producer's memory: a value owning no ledger
/// bytes (the producer owns the memory), never written in place by the core.
pub fn borrowed(t: Tensor, category: crate::ledger::Category) -> Value<Dyn> {
    Tracked::borrowed(DynTensor::Torch(t), category)
}
