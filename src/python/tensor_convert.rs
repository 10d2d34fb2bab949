//! Tensor conversions: `to(dtype)`, `float()`, `double()`, `half()`, `bfloat16()`,
//! `long()`, `int()`, `bool()`, and `detach()`: the arguments parsed here, the conversion
//! in `Session::to` (the tensor itself when nothing changes, as torch).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use super::classes::PyTensor;
use crate::config::{DType, Device};

/// torch's `memory_format=`: a `torch.memory_format` (or None). Every layout shows the same
/// values, so any is accepted and changes nothing.
pub(super) fn memory_format_arg(m: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    let Some(m) = m.filter(|m| !m.is_none()) else {
        return Ok(());
    };
    let kind: String = m.get_type().name()?.extract()?;
    if kind != "memory_format" {
        return Err(PyTypeError::new_err(format!(
            "memory_format must be a torch.memory_format, not {kind}"
        )));
    }
    Ok(())
}

impl PyTensor {
    /// `Session::to` on this tensor: the tensor object itself when the core returns its
    /// handle, else the new tensor.
    fn converted(
        slf: &Bound<'_, Self>,
        dtype: Option<DType>,
        device: Option<Device>,
        copy: bool,
    ) -> PyResult<Py<PyTensor>> {
        let h = slf.get().handle();
        let out = slf
            .get()
            .call(slf.py(), move |s, _| s.to(h, dtype, device, copy))?;
        Self::itself_or(slf, out)
    }

    /// `float()`, `double()`, ...: `to(dtype)` with torch's `memory_format=`.
    fn conversion(
        slf: &Bound<'_, Self>,
        memory_format: Option<&Bound<'_, PyAny>>,
        dtype: DType,
    ) -> PyResult<Py<PyTensor>> {
        memory_format_arg(memory_format)?;
        Self::converted(slf, Some(dtype), None, false)
    }
}

#[pymethods]
impl PyTensor {
    /// torch's overloads: `x.to(dtype, non_blocking=False, copy=False)`, `x.to(device,
    /// dtype=None, non_blocking=False, copy=False)`, `x.to(other, non_blocking=False,
    /// copy=False)`, each with `memory_format=`. `dtype` a name (`"float64"`, `"int64"`,
    /// ...), a torch or numpy dtype; `device` a name or a `torch.device`. A float → float
    /// conversion passes gradients back; the others give data. The tensor's own device is
    /// accepted (nothing moves); another device is a `DeviceError`, since a tensor lives on
    /// its session's device. `copy=True` always records a new tensor (the identity's
    /// gradient); `memory_format` changes nothing an eagertape value shows.
    #[pyo3(signature = (*args, dtype=None, device=None, non_blocking=None, copy=None, memory_format=None, other=None))]
    #[allow(clippy::too_many_arguments)] // torch's keyword arguments, one each
    fn to(
        slf: &Bound<'_, Self>,
        args: &Bound<'_, pyo3::types::PyTuple>,
        dtype: Option<&Bound<'_, PyAny>>,
        device: Option<&Bound<'_, PyAny>>,
        non_blocking: Option<bool>,
        copy: Option<bool>,
        memory_format: Option<&Bound<'_, PyAny>>,
        other: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyTensor>> {
        memory_format_arg(memory_format)?;
        let py = slf.py();
        let (mut want_dtype, mut want_device) = (None, None);
        // `to(other)`: the other tensor's dtype and device.
        let like = |o: &Bound<'_, PyTensor>| -> PyResult<(Option<DType>, Option<Device>)> {
            let h = o.get().handle();
            let dtype = o.get().with(py, move |s| s.dtype_of(h))?;
            Ok((Some(dtype), Some(o.get().device_of(py)?)))
        };
        if let Some(o) = other.filter(|o| !o.is_none()) {
            (want_dtype, want_device) = like(o.cast::<PyTensor>()?)?;
        }
        want_device = super::config::device_arg(device)?.or(want_device);
        want_dtype = super::config::requested(dtype)?.or(want_dtype);
        // The leading dtype / device / tensor arguments, then non_blocking and copy.
        let mut flags = Vec::new();
        for a in args.iter() {
            if a.is_instance_of::<pyo3::types::PyBool>() {
                flags.push(a.extract::<bool>()?);
                continue;
            }
            if !flags.is_empty() {
                return Err(PyTypeError::new_err(
                    "to(): non_blocking and copy come after the dtype, device or tensor",
                ));
            }
            if let Ok(other) = a.cast::<PyTensor>() {
                (want_dtype, want_device) = like(other)?;
                continue;
            }
            let name = super::config::dtype_name(&a)?;
            match DType::dtype_or_device(&name)? {
                Ok(d) => want_dtype = Some(d),
                Err(d) => want_device = Some(d),
            }
        }
        if flags.len() > 2 {
            return Err(PyTypeError::new_err(
                "to(): at most non_blocking and copy follow the dtype, device or tensor",
            ));
        }
        let _ = non_blocking.or(flags.first().copied()); // every copy here is synchronous
        let copy = copy.or(flags.get(1).copied()).unwrap_or(false);
        Self::converted(slf, want_dtype, want_device, copy)
    }
    /// Returns this tensor on the CPU: itself (a CUDA tensor's values are read by `numpy()`,
    /// `tolist()`, `item()`; `sess.input(x)` of a CPU session copies it).
    ///
    /// Args:
    ///     memory_format (torch.memory_format, optional): accepted; changes nothing.
    #[pyo3(signature = (memory_format=None))]
    fn cpu(slf: &Bound<'_, Self>, memory_format: Option<&Bound<'_, PyAny>>) -> PyResult<Py<Self>> {
        memory_format_arg(memory_format)?;
        Self::converted(slf, None, Some(Device::Cpu), false)
    }
    /// Returns this tensor on CUDA device `device`: itself (a tensor lives on its session's
    /// device; another is a `DeviceError`).
    ///
    /// Args:
    ///     device (torch.device, str or int, optional): the CUDA device. Default: ``None``.
    ///     non_blocking (bool): accepted (copies are synchronous). Default: ``False``.
    ///     memory_format (torch.memory_format, optional): accepted; changes nothing.
    #[pyo3(signature = (device=None, non_blocking=false, memory_format=None))]
    fn cuda(
        slf: &Bound<'_, Self>,
        device: Option<&Bound<'_, PyAny>>,
        non_blocking: bool,
        memory_format: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<Self>> {
        let _ = (memory_format_arg(memory_format)?, non_blocking);
        let to = super::config::device_arg(device)?.unwrap_or(Device::Cuda(None));
        Self::converted(slf, None, Some(to), false)
    }
    /// Returns this tensor converted to `other`'s dtype (`self.to(other.dtype)`).
    ///
    /// Args:
    ///     other (Tensor): whose dtype to take.
    fn type_as(slf: &Bound<'_, Self>, other: &Bound<'_, Self>) -> PyResult<Py<Self>> {
        let h = other.get().handle();
        let dtype = other.get().with(slf.py(), move |s| s.dtype_of(h))?;
        Self::converted(slf, Some(dtype), None, false)
    }
    /// torch's `type(dtype=None)`: with a dtype (or a legacy name, `"torch.DoubleTensor"`),
    /// `self.to(dtype)`; without, the legacy type name (`"torch.FloatTensor"`).
    ///
    /// Args:
    ///     dtype (dtype or str, optional): the dtype to convert to. Default: ``None``.
    ///     non_blocking (bool): accepted (copies are synchronous). Default: ``False``.
    #[pyo3(name = "type", signature = (dtype=None, non_blocking=false))]
    fn type_of(
        slf: &Bound<'_, Self>,
        dtype: Option<&Bound<'_, PyAny>>,
        non_blocking: bool,
    ) -> PyResult<Py<PyAny>> {
        let (py, _) = (slf.py(), non_blocking);
        let name = dtype.and_then(|d| d.extract::<String>().ok());
        let want = match name.as_deref().and_then(DType::from_legacy) {
            Some(d) => Some(d),
            None => super::config::requested(dtype)?,
        };
        if let Some(d) = want {
            return Ok(Self::converted(slf, Some(d), None, false)?.into_any());
        }
        let h = slf.get().handle();
        let dtype = slf.get().with(py, move |s| s.dtype_of(h))?;
        let name = dtype.legacy_name(slf.get().device_of(py)?.is_cuda());
        Ok(name.into_pyobject(py)?.into_any().unbind())
    }
    /// The same value as a new leaf (sharing its storage) that backward does not pass
    /// through.
    pub(super) fn detach(&self, py: Python<'_>) -> PyResult<PyTensor> {
        let t = self.call(py, |s, h| s.detach(h))?;
        match &self.param {
            // `p.detach()`: torch's shares p's storage, so its in-place methods change p
            Some(p) => {
                let alias = super::classes::Alias::Param(std::sync::Arc::clone(p));
                Ok(PyTensor::aliasing(&t.cell()?, t.slot_of(), alias))
            }
            None => Ok(t),
        }
    }
    /// `x.new_tensor(data, dtype=None, requires_grad=False)`: `data` copied into a new leaf
    /// of this tensor's session, as `Session.input` copies it (torch's `Tensor.new_tensor`).
    #[pyo3(signature = (data, dtype=None, requires_grad=false))]
    fn new_tensor(
        &self,
        py: Python<'_>,
        data: &Bound<'_, PyAny>,
        dtype: Option<&Bound<'_, PyAny>>,
        requires_grad: bool,
    ) -> PyResult<PyTensor> {
        let cell = self.cell()?;
        // torch's default: this tensor's dtype (not the session's, nor the data's)
        let own;
        let dtype = match dtype {
            Some(d) => Some(d),
            None => {
                let h = self.handle();
                let name = self.with(py, move |s| s.dtype_of(h))?.name();
                own = pyo3::types::PyString::new(py, name).into_any();
                Some(&own)
            }
        };
        super::session::input_into(py, &cell, data, Some(requires_grad), dtype)
    }
}

/// The dtype shorthands (`x.float()`, `x.long()`, ...): each `self.to(dtype)`, with its rule
/// for the gradient and its example, as one row.
macro_rules! dtype_shorthands {
    ($($name:ident => $dtype:ident, $label:literal, $rule:expr, $example:literal;)*) => {
        #[pymethods]
        impl PyTensor {
            $(
                #[doc = concat!(
                    "Returns this tensor converted to `", $label, "` (`self.to(\"", $label,
                    "\")`).\n\nThe tensor itself when it is already `", $label, "`. ", $rule,
                    "\n\nArgs:\n    memory_format (torch.memory_format, optional): accepted for ",
                    "PyTorch compatibility;\n        every layout shows the same values, so it ",
                    "changes nothing. Default: ``None``.\n\nRaises:\n    TypeError: ",
                    "`memory_format` is not a `torch.memory_format`.\n", $example
                )]
                #[pyo3(signature = (memory_format=None))]
                fn $name(
                    slf: &Bound<'_, Self>,
                    memory_format: Option<&Bound<'_, PyAny>>,
                ) -> PyResult<Py<PyTensor>> {
                    Self::conversion(slf, memory_format, DType::$dtype)
                }
            )*
        }
    };
}

crate::ops::convert::dtype_shorthands!(dtype_shorthands);
