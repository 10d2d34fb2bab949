//! The PyO3 layer (`eagertape._core`), compiled only with the `python` feature.
//!
//! Every call that touches a session, parameter or buffer releases the GIL (`py.detach`)
//! before taking the core's locks, so Python threads never deadlock against each other and
//! kernels run without the GIL. Core errors become the typed exceptions of
//! `eagertape._errors`; no panic crosses into Python: the core returns errors rather than
//! panicking, and every call into it runs under `guard::contained`, so even a panic inside
//! tch (or a slice out of range) is a typed `BackendError`, never PyO3's `PanicException`.

/// Read-only properties of `$class`, one row each: its docstring, its Python type and how
/// it reads from the class's `$field` (bound to the row's name).
macro_rules! properties {
    ($class:ty, $field:ident: $($(#[doc = $doc:literal])* $name:ident -> $t:ty = |$v:ident| $value:expr;)*) => {
        #[pymethods]
        impl $class {$(
            $(#[doc = $doc])*
            #[getter]
            fn $name(&self) -> $t {
                let $v = &self.$field;
                $value
            }
        )*}
    };
}

mod buckets;
mod capture;
mod capture_state;
mod classes;
mod config;
mod convert;
mod current;
mod declared;
mod dlpack;
mod errors;
mod factories;
mod grads;
mod hooks;
mod lbfgs;
mod optim;
mod param;
mod pointwise;
mod random_state;
mod sample;
mod session;
mod tensor;
mod tensor_convert;
mod tensor_fill;
mod tensor_index;
mod tensor_meta;
mod tensor_protocol;
mod tensor_torch;
mod torch_style;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyModule};

use crate::ledger::{self, Category};

/// Exact ledger figures of every buffer the core holds, in bytes.
#[pyfunction]
fn memory_stats(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let s = ledger::memory_stats();
    let d = PyDict::new(py);
    d.set_item("live_bytes", s.live_bytes)?;
    d.set_item("peak_bytes", s.peak_bytes)?;
    d.set_item("live_buffers", s.live_buffers)?;
    d.set_item("allocations", s.allocations)?;
    let by = PyDict::new(py);
    for c in Category::ALL {
        by.set_item(c.name(), s.category(c))?;
    }
    d.set_item("by_category", by)?;
    d.set_item("cached_bytes", s.cached_bytes)?;
    d.set_item("cached_buffers", s.cached_buffers)?;
    Ok(d)
}

/// Free the recycled tape buffers every session keeps; the bytes freed.
#[pyfunction]
fn empty_session_caches(py: Python<'_>) -> usize {
    session::empty_session_caches(py)
}

/// Sets the default device of sessions, configs and parameters created without one.
///
/// As torch's `set_default_device`: it applies to native carriers on the LibTorch backend; the
/// reference backend and the CPU-only carriers stay on ``"cpu"``. The device is not checked here: a
/// session on a device this process cannot use fails when it is created (`DeviceUnavailableError`).
/// `eagertape.get_default_device` reads it back.
///
/// Args:
///     device (str): ``"cpu"``, ``"cuda"`` or ``"cuda:N"``.
///
/// Raises:
///     ConfigError: an unknown device name.
///
/// Examples:
///     >>> import eagertape as et
///     >>> et.set_default_device("cpu")
///     >>> et.get_default_device()
///     'cpu'
#[pyfunction]
fn set_default_device(device: &str) -> PyResult<()> {
    let d = crate::config::Device::parse(device)?;
    crate::config::set_default_device(d);
    Ok(())
}

/// torch's `set_default_dtype` (`et.set_default_dtype` converts the dtype): the dtype's name.
#[pyfunction]
fn _set_default_dtype(dtype: &str) -> PyResult<()> {
    crate::config::set_default_dtype(crate::config::DType::parse(dtype)?)?;
    current::forget_outdated_default();
    Ok(())
}

/// The name of the dtype `_set_default_dtype` set (`"float32"` until then).
#[pyfunction]
fn _get_default_dtype() -> &'static str {
    crate::config::default_dtype().0.name()
}

/// The device `set_default_device` set (`"cpu"` until then).
#[pyfunction]
fn get_default_device() -> String {
    crate::config::default_device().to_string()
}

/// Start a new peak window at the current live bytes.
#[pyfunction]
fn reset_peak_memory_stats() {
    ledger::reset_peak_memory_stats();
}

/// Add each hand-written `#[pyfunction]` (the declared ones are added by
/// `declared::register`).
macro_rules! add_functions {
    ($m:ident; $($f:path),* $(,)?) => {
        $($m.add_function(wrap_pyfunction!($f, $m)?)?;)*
    };
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::check_classes(m.py())?;
    m.add_class::<config::PyConfig>()?;
    m.add_class::<classes::PySession>()?;
    m.add_class::<classes::PyTensor>()?;
    m.add_class::<classes::PyParameter>()?;
    m.add_class::<classes::PyGradMap>()?;
    m.add_class::<classes::PyBuffer>()?;
    m.add_class::<classes::PyOptimizer>()?;
    m.add_class::<optim::PyTorchOptimizer>()?;
    declared::register(m)?;
    factories::register(m)?;
    m.add(
        "_OPTIMIZER_SIGNATURES",
        optim::optimizer_signatures(m.py())?,
    )?;
    m.add_class::<lbfgs::PyLbfgs>()?;
    add_functions!(m;
        memory_stats, reset_peak_memory_stats, empty_session_caches, set_default_device, _set_default_dtype, _get_default_dtype,
        get_default_device,
        torch_style::current_session, torch_style::_set_grad_enabled,
        torch_style::is_grad_enabled, torch_style::_zero_grad, torch_style::clip_grad_norm_,
        torch_style::_grad_count, torch_style::_unscale_grads_, torch_style::_set_autocast,
        torch_style::_get_autocast, torch_style::_clip_grad_value_, torch_style::_push_current,
        torch_style::_pop_current, torch_style::manual_seed, torch_style::_draw_seed,
        capture::_capture_begin, capture::_capture_end, capture::_capture_abort,
        capture::_capture_call,
        capture::_capture_epoch, sample::_normal, current::_collect_default_session,
        random_state::initial_seed, random_state::_rng_states, random_state::_set_rng_states,
        random_state::set_anomaly_enabled, random_state::is_anomaly_enabled,
        random_state::is_anomaly_check_nan_enabled,
    );
    m.add_class::<classes::PyGradBuckets>()?;
    m.add_class::<hooks::PyRemovableHandle>()?;
    m.add_class::<capture::PyPlan>()?;
    pointwise::register(m)?;
    pointwise::register_binary(m)
}
