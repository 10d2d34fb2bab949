//! The DLPack protocol on `Tensor`, `Buffer` and `Parameter` (`__dlpack__`,
//! `__dlpack_device__`), and reading any `__dlpack__` producer (`Session.input`,
//! `Parameter(...)`, by copy, or shared with `copy=False`). Ownership rules are in
//! [`crate::dlpack`]; this file makes and reads the capsules.
//!
//! A capsule we make owns its managed tensor until a consumer renames it `used_…`; its
//! destructor deletes a managed tensor nobody consumed. A capsule we read is renamed as
//! soon as we take its managed tensor, so every error path after that deletes it once
//! (through [`Managed`]'s drop) and the producer's destructor does nothing.

use std::ffi::{c_void, CStr};

use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::classes::PyBuffer;
use super::classes::PyParameter;
use super::classes::PyTensor;
use crate::backend::dynamic::Dyn as Be;
use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::config::{DType, Device};
use crate::dlpack::{self, Managed, DL_CPU, DL_CUDA, FLAG_IS_COPIED, FLAG_READ_ONLY};
use crate::error::Error;
use crate::ledger::Category;

const VERSIONED: &CStr = c"dltensor_versioned";
const LEGACY: &CStr = c"dltensor";
const USED_VERSIONED: &CStr = c"used_dltensor_versioned";
const USED_LEGACY: &CStr = c"used_dltensor";

fn dl_error(msg: String) -> PyErr {
    PyErr::from(Error::DLPack(msg))
}

/// Deletes the managed tensor of a capsule no consumer took (its name is still the
/// unused one). Runs with the GIL held, from the capsule's deallocation.
unsafe extern "C" fn capsule_destructor(capsule: *mut ffi::PyObject) {
    for (name, versioned) in [(VERSIONED, true), (LEGACY, false)] {
        // SAFETY: `capsule` is the capsule being destroyed; IsValid sets no error.
        if unsafe { ffi::PyCapsule_IsValid(capsule, name.as_ptr()) } == 1 {
            // SAFETY: the name matched, so GetPointer succeeds and returns the managed
            // tensor this capsule still owns (see `capsule`).
            let p = unsafe { ffi::PyCapsule_GetPointer(capsule, name.as_ptr()) };
            // SAFETY: nobody consumed it (the name is unchanged): we own it.
            drop(unsafe { Managed::from_raw(p, versioned) });
            return;
        }
    }
}

/// A capsule owning `m` (named for its kind).
fn capsule(py: Python<'_>, m: Managed) -> PyResult<Py<PyAny>> {
    let name = if m.versioned() { VERSIONED } else { LEGACY };
    let versioned = m.versioned();
    let p = m.into_raw();
    // SAFETY: `p` is a managed tensor we own; the capsule takes it, and its destructor
    // deletes it unless a consumer renamed the capsule. `name` is 'static.
    let cap = unsafe { ffi::PyCapsule_New(p, name.as_ptr(), Some(capsule_destructor)) };
    if cap.is_null() {
        // SAFETY: the capsule was not made: the managed tensor is still ours.
        drop(unsafe { Managed::from_raw(p, versioned) });
        return Err(PyErr::fetch(py));
    }
    // SAFETY: `cap` is a new reference we own.
    Ok(unsafe { Bound::from_owned_ptr(py, cap) }.unbind())
}

/// `(device_type, device_id)` of DLPack for a device.
fn dl_device(d: Device) -> (i32, i32) {
    match d {
        Device::Cpu => (DL_CPU, 0),
        Device::Cuda(_) => (DL_CUDA, d.index() as i32),
    }
}

fn parse_dl_device(t: (i32, i32)) -> PyResult<Device> {
    match t {
        (DL_CPU, _) => Ok(Device::Cpu),
        (DL_CUDA, i) if i >= 0 => Ok(Device::Cuda(Some(i as usize))),
        (ty, i) => Err(dl_error(format!(
            "dl_device ({ty}, {i}) is not supported (CPU = 1, CUDA = 2)"
        ))),
    }
}

/// Make the consumer's `stream` wait for the work queued on `device`'s current stream
/// (the DLPack stream contract), through torch's CUDA streams (same process, same
/// runtime). Nothing to do on the CPU or for `None` / -1.
fn sync_for_consumer(
    py: Python<'_>,
    device: Device,
    stream: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    let Some(stream) = stream.filter(|s| !s.is_none()) else {
        return Ok(());
    };
    if device == Device::Cpu {
        return Ok(());
    }
    let s: i64 = stream.extract()?;
    if s == -1 {
        return Ok(());
    }
    py.import("eagertape._dlpack")?
        .call_method1("sync_for_consumer", (device.index(), s))?;
    Ok(())
}

/// `__dlpack__` of `value`. A value a tape, a snapshot or another session may read
/// (`read_only`: recorded values, parameter snapshots) is exported as a copy unless the
/// caller asks for `copy=False`: torch ignores DLPack's read-only flag, so a shared export
/// could be written through (`torch.from_dlpack(p).fill_(3.0)`); with `copy=False` it is
/// shared with the read-only flag and the caller promises not to write. A gradient
/// (`read_only == false`) is shared unless `copy=True`. Another `dl_device` always copies
/// (`copy=False` then fails).
fn export_value(
    py: Python<'_>,
    value: Value<Be>,
    read_only: bool,
    stream: Option<&Bound<'_, PyAny>>,
    max_version: Option<(u32, u32)>,
    dl_dev: Option<(i32, i32)>,
    copy: Option<bool>,
) -> PyResult<Py<PyAny>> {
    let versioned = max_version.is_some_and(|(major, _)| major >= 1);
    let own = Be::device(value.get());
    let target = dl_dev.map(parse_dl_device).transpose()?.unwrap_or(own);
    let moved = !target.same(own);
    if moved && copy == Some(false) {
        return Err(dl_error(format!(
            "__dlpack__(copy=False): the value is on {own}, dl_device asks for {target}; \
             that needs a copy"
        )));
    }
    sync_for_consumer(py, own, stream)?;
    let m = if moved || copy.unwrap_or(read_only) {
        // The copy is the consumer's alone: writable, counted as exported until deleted.
        let fresh = py.detach(|| {
            let _guard = Be::no_grad();
            Be::convert(value.get(), Be::dtype(value.get()), target)
        })?;
        let fresh = Tracked::owned(fresh, Category::Exported);
        dlpack::export(&fresh, versioned, FLAG_IS_COPIED)?
    } else {
        let flags = if read_only { FLAG_READ_ONLY } else { 0 };
        dlpack::export(&value, versioned, flags)?
    };
    capsule(py, m)
}

/// `__dlpack__` and `__dlpack_device__` of a class, one row each: its docstring, whether
/// its value is exported read-only ([`export_value`]), how the value is read (`self`, the
/// GIL released) and its device.
macro_rules! dlpack_protocol {
    ($($class:ty, read_only = $read_only:literal, $doc:literal,
        |$me:ident, $py:ident| $value:expr, $device:expr;)*) => {$(
        #[pymethods]
        impl $class {
            #[doc = $doc]
            #[pyo3(signature = (*, stream=None, max_version=None, dl_device=None, copy=None))]
            fn __dlpack__(
                &self,
                py: Python<'_>,
                stream: Option<&Bound<'_, PyAny>>,
                max_version: Option<(u32, u32)>,
                dl_device: Option<(i32, i32)>,
                copy: Option<bool>,
            ) -> PyResult<Py<PyAny>> {
                super::capture_state::host_read("__dlpack__")?;
                let ($me, $py) = (self, py);
                export_value(py, $value?, $read_only, stream, max_version, dl_device, copy)
            }

            #[allow(unused_variables)] // `py` where the device is read from a session
            fn __dlpack_device__(&self, py: Python<'_>) -> PyResult<(i32, i32)> {
                let ($me, $py) = (self, py);
                Ok(dl_device($device?))
            }
        }
    )*};
}

dlpack_protocol! {
    PyTensor, read_only = true,
        "DLPack export of the recorded value: a copy (the consumer's alone, writable), or with
`copy=False` the value itself, flagged read-only (the caller promises not to write: torch
ignores the flag). Either stays valid after `reset_tape` and session close, for as long as
the consumer holds it.",
        |t, py| t.value(py),
        t.value(py).map(|v| Be::device(v.get()));
    PyBuffer, read_only = false,
        "DLPack export of the gradient, writable: writes through it (an all-reduce) change this
buffer and nothing else (it is copied first if anything else shares it). It stays valid
after `release()`.",
        |b, py| py.detach(|| b.inner.exclusive("Buffer.__dlpack__")).map_err(PyErr::from),
        PyResult::Ok(b.inner.device());
    PyParameter, read_only = true,
        "DLPack export of the current snapshot: a copy, or with `copy=False` the snapshot itself,
flagged read-only (the caller promises not to write; the next update copies instead of
writing in place while the consumer holds it).",
        |p, py| PyResult::Ok(py.detach(|| p.inner.snapshot())),
        PyResult::Ok(p.inner.device());
}

/// Whether `obj` speaks the DLPack protocol.
pub fn is_producer(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(obj.hasattr("__dlpack__")? && obj.hasattr("__dlpack_device__")?)
}

/// Take the managed tensor of `obj.__dlpack__(...)`: DLPack 1.x when the producer
/// supports it, with the consumer's stream on CUDA.
pub fn take_managed(obj: &Bound<'_, PyAny>) -> PyResult<Managed> {
    let py = obj.py();
    let producer = obj.get_type().name()?.to_string();
    // The producer's own refusal (a sparse or conjugated torch tensor, ...) is a typed
    // error here, with the producer's exception as its cause.
    let refused = |e: PyErr, what: &str| {
        let typed = dl_error(format!("{producer}.{what} failed: {}", e.value(py)));
        typed.set_cause(py, Some(e));
        typed
    };
    let (ty, id): (i32, i32) = obj
        .call_method0("__dlpack_device__")
        .and_then(|d| d.extract())
        .map_err(|e| refused(e, "__dlpack_device__()"))?;
    let kw = PyDict::new(py);
    kw.set_item("max_version", (1, 3))?;
    if ty == DL_CUDA {
        let s: i64 = py
            .import("eagertape._dlpack")?
            .call_method1("consumer_stream", (id,))?
            .extract()?;
        kw.set_item("stream", s)?;
    }
    let cap = match obj.call_method("__dlpack__", (), Some(&kw)) {
        Ok(c) => c,
        // A pre-1.0 producer does not know `max_version`.
        Err(e) if e.is_instance_of::<PyTypeError>(py) => {
            kw.del_item("max_version")?;
            obj.call_method("__dlpack__", (), Some(&kw))
                .map_err(|e| refused(e, "__dlpack__()"))?
        }
        Err(e) => return Err(refused(e, "__dlpack__()")),
    };
    let ptr = cap.as_ptr();
    for (name, used, versioned) in [
        (VERSIONED, USED_VERSIONED, true),
        (LEGACY, USED_LEGACY, false),
    ] {
        // SAFETY: `cap` is alive (we hold it); IsValid sets no error.
        if unsafe { ffi::PyCapsule_IsValid(ptr, name.as_ptr()) } != 1 {
            continue;
        }
        // SAFETY: the name matched, so this returns the managed tensor the capsule owns.
        let p: *mut c_void = unsafe { ffi::PyCapsule_GetPointer(ptr, name.as_ptr()) };
        // SAFETY: renaming a live capsule to a 'static name; from now on its destructor
        // leaves the managed tensor to us.
        if unsafe { ffi::PyCapsule_SetName(ptr, used.as_ptr()) } != 0 {
            return Err(PyErr::fetch(py));
        }
        // SAFETY: the capsule gave it up (renamed): we own it now.
        return Ok(unsafe { Managed::from_raw(p, versioned) });
    }
    Err(dl_error(format!(
        "{producer}.__dlpack__() did not return an unused DLPack capsule"
    )))
}

/// `obj`'s data through DLPack as a LibTorch tensor sharing the producer's memory, with
/// the dtype it holds. Narrower integers are widened to int64 (a copy), or refused when
/// `shared` (the caller promised no copy).
pub fn import(obj: &Bound<'_, PyAny>, shared: bool) -> PyResult<(tch::Tensor, DType)> {
    let m = take_managed(obj)?;
    let (_, dtype) = m.check()?;
    let exact = m.exact_dtype();
    if !exact && shared {
        let d = m.describe();
        return Err(dl_error(format!(
            "input(copy=False): {}-bit integer data has no eagertape dtype (int32, int64, \
             bool); sharing memory needs one of them (or let input copy)",
            d.bits
        )));
    }
    let t = m.import()?;
    if exact {
        return Ok((t, dtype));
    }
    let wide = t
        .f_to_kind(tch::Kind::Int64)
        .map_err(|e| PyErr::from(crate::error::Error::from(e)))?;
    Ok((wide, DType::Int64))
}
