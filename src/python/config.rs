//! `eagertape.Config`: an immutable configuration value.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt};

use super::classes::{lock, SessionCell};

use crate::config::{Config, DType, Device};

/// A session's configuration: an immutable value (`replace(**fields)` makes a changed copy).
///
/// Args:
///     device: `"cpu"`, `"cuda"` or `"cuda:N"`; `None` is the default device
///         (`et.set_default_device`) for the native carriers, else the CPU.
///     dtype: the carrier: `float32` (default), `float64`, `float16`, `bfloat16` on LibTorch;
///         `ieee32` or `interval` on the reference CPU backend.
///     seed: the session generator's seed.
///     backend: `None` (the carrier's own), `"libtorch"` or `"reference"`.
///     grad_enabled: whether ops are recorded for a backward.
///     requires_grad_by_default: whether `sess.input` data requires a gradient.
///     show_backend: whether the session prints (to stderr) the backend each op runs on,
///         once per op.
///
/// `for_scalar()` resolves a CPU-only carrier asked for on CUDA to the CPU (one
/// `CpuCarrierWarning`); a native carrier keeps its device, so a missing GPU is an error
/// when the session is made, never a quiet fallback.
///
/// Examples:
///     >>> import eagertape as et
///     >>> cfg = et.Config(dtype="float64", seed=1)
///     >>> cfg.replace(seed=2).seed, cfg.seed
///     (2, 1)
#[pyclass(name = "Config", module = "eagertape", frozen, eq, skip_from_py_object)]
#[derive(Clone, PartialEq)]
pub struct PyConfig {
    pub inner: Config,
}

impl PyConfig {
    /// Apply keyword overrides (the names of `Config`'s constructor) to `base`.
    pub fn with_fields(base: &Config, kw: Option<&Bound<'_, PyDict>>) -> PyResult<Config> {
        let mut c = base.clone();
        let Some(kw) = kw else {
            return Ok(c);
        };
        for (k, v) in kw.iter() {
            use crate::config::Field;
            let key: String = k.extract()?;
            match Field::parse(&key)? {
                Field::Device => c.device = Device::parse(&device_name(&v)?)?,
                Field::DType => c.dtype = DType::parse(&dtype_name(&v)?)?,
                Field::Seed => c.seed = v.extract()?,
                Field::Backend => c.backend = v.extract()?,
                Field::GradEnabled => c.grad_enabled = v.extract()?,
                Field::RequiresGradByDefault => c.requires_grad_by_default = v.extract()?,
                Field::ShowBackend => c.show_backend = v.extract()?,
            }
        }
        c.validate()?;
        Ok(c)
    }
}

/// `Config::for_scalar`, emitting its warning as `eagertape.CpuCarrierWarning`.
pub fn resolve(py: Python<'_>, c: &Config) -> PyResult<Config> {
    let (resolved, warning) = c.for_scalar();
    if let Some(msg) = warning {
        let cls = py
            .import("eagertape._errors")?
            .getattr("CpuCarrierWarning")?;
        let cls = cls
            .cast_into::<pyo3::types::PyType>()
            .map_err(PyErr::from)?;
        PyErr::warn(py, &cls, &std::ffi::CString::new(msg)?, 1)?;
    }
    Ok(resolved)
}

/// A dtype given as a string or as a numpy/torch dtype object (`np.float64`, `torch.float32`).
/// A device argument as a name: a string, or a `torch.device` (its `str`), or an int (a
/// CUDA ordinal, as torch reads one).
pub fn device_name(v: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = v.extract::<String>() {
        return Ok(s);
    }
    if v.is_instance_of::<pyo3::types::PyInt>() && !v.is_instance_of::<pyo3::types::PyBool>() {
        return Ok(format!("cuda:{}", v.extract::<i64>()?));
    }
    let torch_device = v.py().import("torch")?.getattr("device")?;
    if v.is_instance(&torch_device)? {
        return Ok(v.str()?.to_string());
    }
    Err(pyo3::exceptions::PyTypeError::new_err(format!(
        "device must be a string such as \"cpu\" or \"cuda:0\", a torch.device or an int, got {}",
        v.get_type().name()?
    )))
}

pub fn dtype_name(v: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = v.extract::<String>() {
        return Ok(s);
    }
    let s = v.str()?.to_string();
    Ok(s.trim_start_matches("torch.")
        .trim_start_matches("<class 'numpy.")
        .trim_end_matches("'>")
        .to_string())
}

/// A `dtype=` argument: `None`, a name, an eagertape, torch or numpy dtype, or Python's
/// `float` (float64), `int` (int64) or `bool`, as torch's factories take them.
pub fn requested(dtype: Option<&Bound<'_, PyAny>>) -> PyResult<Option<DType>> {
    let Some(d) = dtype.filter(|d| !d.is_none()) else {
        return Ok(None);
    };
    let py = d.py();
    if d.is(py.get_type::<PyFloat>()) {
        return Ok(Some(DType::Float64));
    }
    if d.is(py.get_type::<PyBool>()) {
        return Ok(Some(DType::Bool));
    }
    if d.is(py.get_type::<PyInt>()) {
        return Ok(Some(DType::Int64));
    }
    Ok(Some(DType::parse_any(&dtype_name(d)?)?))
}

/// A `device=` argument: `None`, or a device by name, `torch.device` or CUDA index.
pub fn device_arg(device: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Device>> {
    let parse = |d: &Bound<'_, PyAny>| Ok(Device::parse(&device_name(d)?)?);
    device.filter(|d| !d.is_none()).map(parse).transpose()
}

/// Refuse a `device=` argument (a name, a `torch.device`, an int) that is not `cell`'s
/// device: a tensor lives on its session's (`DeviceError`). None passes.
pub fn check_device(
    py: Python<'_>,
    cell: &Arc<SessionCell>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    let Some(want) = device_arg(device)? else {
        return Ok(());
    };
    let own = py.detach(|| lock(cell).config().device);
    Ok(want.check_same(own)?)
}

properties! { PyConfig, inner:
    /// The device (str): `"cpu"`, `"cuda"` or `"cuda:N"`.
    device -> String = |c| c.device.to_string();
    /// The carrier dtype's name (str), e.g. `"float32"` or `"interval"`.
    dtype -> &'static str = |c| c.dtype.name();
    /// The seed of the session's generator (int).
    seed -> u64 = |c| c.seed;
    /// The backend asked for (str or None): `None` (the carrier's own), `"libtorch"` or
    /// `"reference"`.
    backend -> Option<String> = |c| c.backend.clone();
    /// Whether the session records ops for a backward (bool); `et.no_grad()` turns
    /// recording off for a block either way.
    grad_enabled -> bool = |c| c.grad_enabled;
    /// Whether floating data given to `sess.input` without `requires_grad=` requires a
    /// gradient (bool).
    requires_grad_by_default -> bool = |c| c.requires_grad_by_default;
    /// Whether the session prints (to stderr) the backend each op runs on, once per op
    /// (bool).
    show_backend -> bool = |c| c.show_backend;
}

#[pymethods]
impl PyConfig {
    #[new]
    /// `device=None`: the default device (`et.set_default_device`) for native carriers on
    /// LibTorch, else `cpu`.
    #[pyo3(signature = (device=None, dtype=None, seed=0, backend=None, grad_enabled=true, requires_grad_by_default=false, show_backend=false))]
    fn new(
        device: Option<&Bound<'_, PyAny>>,
        dtype: Option<&Bound<'_, PyAny>>,
        seed: u64,
        backend: Option<String>,
        grad_enabled: bool,
        requires_grad_by_default: bool,
        show_backend: bool,
    ) -> PyResult<Self> {
        let dtype = match dtype {
            Some(d) => DType::parse(&dtype_name(d)?)?,
            None => DType::Float32,
        };
        let device =
            device_arg(device)?.unwrap_or_else(|| Device::default_for(dtype, backend.as_deref()));
        let c = Config {
            device,
            dtype,
            seed,
            backend,
            grad_enabled,
            requires_grad_by_default,
            show_backend,
        };
        c.validate()?;
        Ok(PyConfig { inner: c })
    }

    /// Returns a copy of this config with the given fields changed (a config is
    /// immutable).
    ///
    /// Unlike the constructor, a changed `dtype` or `backend` leaves the device as it is.
    ///
    /// Args:
    ///     **kw: the fields to change, by the constructor's names: `device`, `dtype`,
    ///         `seed`, `backend`, `grad_enabled`, `requires_grad_by_default`,
    ///         `show_backend`.
    ///
    /// Returns:
    ///     Config: the changed copy.
    ///
    /// Raises:
    ///     ConfigError: an unknown field, dtype, device or backend (a backend that cannot
    ///         run the dtype is refused when a session is made).
    ///
    /// Examples:
    ///     >>> import eagertape as et
    ///     >>> et.Config(seed=1).replace(dtype="float64").dtype
    ///     'float64'
    #[pyo3(signature = (**kw))]
    fn replace(&self, kw: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        Ok(PyConfig {
            inner: Self::with_fields(&self.inner, kw)?,
        })
    }

    /// The config a session actually runs with (invariant 1): a CPU-only carrier asked
    /// for CUDA gets device `cpu` and one `CpuCarrierWarning`.
    fn for_scalar(&self, py: Python<'_>) -> PyResult<Self> {
        Ok(PyConfig {
            inner: resolve(py, &self.inner)?,
        })
    }

    fn __repr__(&self) -> String {
        let c = &self.inner;
        format!(
            "Config(device='{}', dtype='{}', seed={}, backend={}, grad_enabled={}, requires_grad_by_default={}, show_backend={})",
            c.device,
            c.dtype,
            c.seed,
            c.backend.as_ref().map_or("None".to_string(), |b| format!("'{b}'")),
            py_bool(c.grad_enabled),
            py_bool(c.requires_grad_by_default),
            py_bool(c.show_backend)
        )
    }
}

fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}
