//! Core errors to typed Python exceptions. The classes live in `eagertape._errors` (each
//! derives from `EagerTapeError` and the closest builtin); they are imported here as Rust
//! types, so the `From<Error> for PyErr` conversion is one exhaustive `match`: a new [`Error`] variant does not compile
//! until it is mapped, and a misspelt class does not compile either. [`check_classes`] runs
//! when the extension is imported, so a class missing from `_errors.py` fails the import
//! instead of the first error that needs it.

use pyo3::prelude::*;

use crate::error::Error;

macro_rules! classes {
    ($($name:ident),* $(,)?) => {
        $(pyo3::import_exception!(eagertape._errors, $name);)*

        /// Every class the `From<Error> for PyErr` conversion can raise, by name.
        const CLASSES: &[&str] = &[$(stringify!($name),)*];
    };
}

classes!(
    ConfigError,
    ArgumentError,
    UnsupportedOpError,
    DeviceUnavailableError,
    DeviceError,
    ForeignHandleError,
    StaleHandleError,
    ShapeError,
    DTypeError,
    ClassIndexError,
    IndexOutOfRangeError,
    ReleasedBufferError,
    BufferSizeError,
    GradError,
    NonFiniteError,
    DLPackError,
    BackendError,
    OutOfMemoryError,
    CaptureError,
);

/// Convert a core error into its typed Python exception. Structured variants also set
/// attributes a caller can act on: `op`, `expected`, `got` (arity), `op`, `carrier`
/// (unsupported), `op`, `shapes`, `dim` (broadcast), `op`, `dim`, `ndim` (dim out of range).
impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        to_py(e)
    }
}

fn to_py(e: Error) -> PyErr {
    let msg = e.to_string();
    let err = match &e {
        Error::Config(_) => ConfigError::new_err(msg),
        Error::Argument(_) | Error::Arity { .. } => ArgumentError::new_err(msg),
        Error::Type(_) => pyo3::exceptions::PyTypeError::new_err(msg),
        Error::Unsupported { .. } => UnsupportedOpError::new_err(msg),
        Error::DeviceUnavailable(_) => DeviceUnavailableError::new_err(msg),
        Error::Device(_) => DeviceError::new_err(msg),
        Error::ForeignHandle { .. } => ForeignHandleError::new_err(msg),
        Error::StaleHandle { .. } | Error::SessionClosed(_) => StaleHandleError::new_err(msg),
        Error::Broadcast { .. }
        | Error::DimOutOfRange { .. }
        | Error::ShapeMismatch { .. }
        | Error::Shape(_) => ShapeError::new_err(msg),
        Error::DType(_) | Error::DTypeMismatch { .. } => DTypeError::new_err(msg),
        Error::Index(_) => ClassIndexError::new_err(msg),
        Error::IndexOutOfRange(_) | Error::IndexOutOfBounds { .. } => {
            IndexOutOfRangeError::new_err(msg)
        }
        Error::ReleasedBuffer(_) => ReleasedBufferError::new_err(msg),
        Error::BufferSize { .. } => BufferSizeError::new_err(msg),
        Error::Grad(_) => GradError::new_err(msg),
        Error::NonFinite(_) => NonFiniteError::new_err(msg),
        Error::DLPack(_) => DLPackError::new_err(msg),
        Error::Backend(_) => BackendError::new_err(msg),
        Error::OutOfMemory(_) => OutOfMemoryError::new_err(msg),
        Error::Capture(_) => CaptureError::new_err(msg),
    };
    Python::attach(|py| {
        // Attributes are best effort: the typed exception with its message is what counts.
        let _ = set_fields(py, &err, &e);
    });
    err
}

fn set_fields(py: Python<'_>, err: &PyErr, e: &Error) -> PyResult<()> {
    let value = err.value(py);
    match e {
        Error::Arity { op, expected, got } => {
            value.setattr("op", *op)?;
            value.setattr("expected", expected.as_str())?;
            value.setattr("got", *got)?;
        }
        Error::Unsupported { op, carrier } => {
            value.setattr("op", *op)?;
            value.setattr("carrier", carrier.as_str())?;
        }
        Error::Broadcast { op, a, b, dim, .. } => {
            value.setattr("op", op.as_str())?;
            value.setattr("shapes", (a.clone(), b.clone()))?;
            value.setattr("dim", *dim)?;
        }
        Error::DimOutOfRange { op, dim, ndim } => {
            value.setattr("op", op.as_str())?;
            value.setattr("dim", *dim)?;
            value.setattr("ndim", *ndim)?;
        }
        Error::ShapeMismatch {
            op,
            what,
            expected,
            got,
        } => {
            value.setattr("op", op.as_str())?;
            value.setattr("what", what.as_str())?;
            value.setattr("expected", expected.clone())?;
            value.setattr("got", got.clone())?;
        }
        Error::DTypeMismatch { op, a, b, .. } => {
            value.setattr("op", op.as_str())?;
            value.setattr("dtypes", (a.as_str(), b.as_str()))?;
        }
        Error::IndexOutOfBounds {
            op,
            index,
            dim,
            size,
        } => {
            value.setattr("op", op.as_str())?;
            value.setattr("index", *index)?;
            value.setattr("dim", *dim)?;
            value.setattr("size", *size)?;
        }
        _ => {}
    }
    Ok(())
}

/// Fail the extension's import if `eagertape._errors` lacks a class the `From<Error> for PyErr` conversion raises.
pub(crate) fn check_classes(py: Python<'_>) -> PyResult<()> {
    let module = py.import("eagertape._errors")?;
    let base = module.getattr("EagerTapeError")?;
    for name in CLASSES {
        let class = module.getattr(*name).map_err(|_| {
            pyo3::exceptions::PyImportError::new_err(format!(
                "eagertape._errors defines no {name}, which the extension raises"
            ))
        })?;
        let cls = class.cast_into::<pyo3::types::PyType>()?;
        if !cls.is_subclass(&base)? {
            return Err(pyo3::exceptions::PyImportError::new_err(format!(
                "eagertape._errors.{name} is not an EagerTapeError"
            )));
        }
    }
    Ok(())
}
