//! Data crossing the boundary, by copy: numpy arrays, nested lists, Python scalars, torch
//! tensors and `eagertape.interval(lo, hi)` boxes in; numpy arrays (a `(lo, hi)` pair for
//! intervals) out.

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use tch::{Kind, Tensor};

use crate::backend::dynamic::{Dyn, DynTensor};
use crate::backend::libtorch::read_host;
use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::{DType, Device};
use crate::error::Error;
use crate::optim::record::Record;
use crate::session::HostKind;

/// Host data converted to a CPU tensor, with the dtype the data carried.
pub struct HostData {
    pub tensor: DynTensor,
    /// The dtype of the source (`None` for Python lists/scalars and integers).
    pub natural: Option<DType>,
    /// What the source held: floating numbers, integers (32-bit: numpy's or torch's int32)
    /// or booleans.
    pub kind: HostKind,
}

impl HostData {
    /// Whether the source held integers or booleans.
    pub fn integral(&self) -> bool {
        self.kind != HostKind::Float
    }
}

fn err(e: Error) -> PyErr {
    PyErr::from(e)
}

/// `numpy.asarray(obj, dtype=dtype, order="C")`.
fn as_c_array<'py>(obj: &Bound<'py, PyAny>, dtype: &str) -> PyResult<Bound<'py, PyAny>> {
    let py = obj.py();
    let kw = PyDict::new(py);
    kw.set_item("dtype", dtype)?;
    kw.set_item("order", "C")?;
    py.import("numpy")?
        .call_method("asarray", (obj,), Some(&kw))
}

/// float64 values and shape of a C-ordered float64 array.
fn f64_values(arr: &Bound<'_, PyAny>) -> PyResult<(Vec<f64>, Vec<i64>)> {
    let a: PyReadonlyArrayDyn<'_, f64> = arr.extract()?;
    let shape = a.shape().iter().map(|&d| d as i64).collect();
    Ok((a.as_slice().map_err(PyErr::from)?.to_vec(), shape))
}

/// Whether `obj` is a list or tuple (nested or not) holding an eagertape `Tensor`, which
/// numpy would convert through `Tensor.__array__`, a host copy of each.
fn holds_tensor(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    let items = if let Ok(l) = obj.cast::<pyo3::types::PyList>() {
        l.iter().collect::<Vec<_>>()
    } else if let Ok(t) = obj.cast::<pyo3::types::PyTuple>() {
        t.iter().collect()
    } else {
        return Ok(false);
    };
    for item in &items {
        if item.is_instance_of::<super::classes::PyTensor>() || holds_tensor(item)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Convert `obj` to a CPU tensor (float32 or float64 storage, or intervals; copied).
pub fn host_data(obj: &Bound<'_, PyAny>) -> PyResult<HostData> {
    super::capture_state::note_conversion(obj)?;
    if let Some(h) = host_array(obj)? {
        return Ok(h);
    }
    let py = obj.py();
    if obj.hasattr("__eagertape_interval__")? {
        let (lo, shape) = f64_values(&as_c_array(&obj.getattr("lo")?, "float64")?)?;
        let (hi, _) = f64_values(&as_c_array(&obj.getattr("hi")?, "float64")?)?;
        return Ok(HostData {
            tensor: DynTensor::from_bounds(&lo, &hi, &shape)?,
            natural: Some(DType::Interval),
            kind: HostKind::Float,
        });
    }
    let np = py.import("numpy")?;
    let mut natural = None;
    let source = obj.clone();
    let module: String = obj
        .get_type()
        .getattr("__module__")
        .and_then(|m| m.extract())
        .unwrap_or_default();
    // torch tensors (on any device) and other DLPack producers (JAX, CuPy, eagertape's own
    // tensors) cross by DLPack: read in place, copied once by the caller's conversion.
    if module.starts_with("torch") && obj.hasattr("detach")? {
        if obj
            .getattr("is_meta")
            .and_then(|m| m.extract::<bool>())
            .unwrap_or(false)
        {
            return Err(err(Error::Device(
                "a tensor on the meta device holds no data to copy".into(),
            )));
        }
        return dlpack_data(&obj.call_method0("detach")?);
    }
    if !module.starts_with("numpy") && super::dlpack::is_producer(obj)? {
        return dlpack_data(obj);
    }
    if obj.hasattr("dtype")? && obj.hasattr("shape")? {
        // numpy arrays and scalars (np.float64 is also a Python float) keep their dtype.
        let name = super::config::dtype_name(&obj.getattr("dtype")?)?;
        natural = DType::parse(&name).ok().filter(|d| d.is_native());
    }
    if holds_tensor(obj)? {
        return Err(err(Error::DType(
            "cannot convert a list of eagertape tensors to a tensor (numpy would read each \
             one through the host): combine them with et.stack or et.cat"
                .into(),
        )));
    }
    let arr = match np.call_method1("asarray", (&source,)) {
        Ok(a) => a,
        Err(e) if e.is_instance_of::<pyo3::exceptions::PyValueError>(py) => {
            return Err(err(Error::Shape(format!(
                "cannot convert a ragged or malformed nested sequence to a tensor ({})",
                e.value(py)
            ))))
        }
        Err(e) => return Err(e),
    };
    let letter: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    let integral = matches!(letter.as_str(), "i" | "u" | "b");
    if letter != "f" && !integral {
        let name = arr.getattr("dtype")?.str()?.to_string();
        return Err(err(Error::DType(format!(
            "cannot convert data of dtype {name} to a tensor; expected numbers"
        ))));
    }
    let kind = match letter.as_str() {
        "b" => HostKind::Bool,
        _ if integral && arr.getattr("dtype")?.str()? == "int32" => HostKind::Int32,
        _ if integral => HostKind::Int64,
        _ => HostKind::Float,
    };
    if letter == "u"
        && arr
            .getattr("dtype")?
            .getattr("itemsize")?
            .extract::<usize>()?
            == 8
    {
        let n: usize = arr.getattr("size")?.extract()?;
        if n > 0 {
            let top: u64 = arr.call_method0("max")?.extract()?;
            if top > i64::MAX as u64 {
                return Err(err(Error::DType(format!(
                    "uint64 value {top} does not fit in int64, the integer dtype of eagertape's (and torch's) indices"
                ))));
            }
        }
    }
    // float32-or-narrower sources stay float32; everything else (float64, Python numbers,
    // integers) goes through float64 so no precision is lost before the final conversion.
    // Integers and booleans stay exact: an int64 host tensor, converted once to the dtype
    // asked for (as torch.tensor(ints).to(dtype)).
    let tensor = match natural {
        _ if integral => {
            let arr = as_c_array(&arr, "int64")?;
            let a: PyReadonlyArrayDyn<'_, i64> = arr.extract()?;
            from_slice(a.as_slice().map_err(PyErr::from)?, a.shape())
        }
        Some(DType::Float32 | DType::Float16 | DType::BFloat16) => {
            let arr = as_c_array(&arr, "float32")?;
            let a: PyReadonlyArrayDyn<'_, f32> = arr.extract()?;
            from_slice(a.as_slice().map_err(PyErr::from)?, a.shape())
        }
        _ => {
            let arr = as_c_array(&arr, "float64")?;
            let a: PyReadonlyArrayDyn<'_, f64> = arr.extract()?;
            from_slice(a.as_slice().map_err(PyErr::from)?, a.shape())
        }
    }?;
    Ok(HostData {
        tensor: DynTensor::Torch(tensor),
        natural,
        kind,
    })
}

/// A DLPack producer's data, shared (the caller's conversion copies it).
fn dlpack_data(obj: &Bound<'_, PyAny>) -> PyResult<HostData> {
    let (t, dtype) = super::dlpack::import(obj, false)?;
    Ok(HostData {
        tensor: DynTensor::Torch(t),
        natural: Some(dtype),
        kind: HostKind::of(dtype),
    })
}

/// The fast path of [`host_data`]: a C-contiguous numpy array of float64, float32, int64,
/// int32 or bool, read through the buffer without a Python attribute lookup; `None` for
/// anything else (the general path handles it, with the same results).
fn host_array(obj: &Bound<'_, PyAny>) -> PyResult<Option<HostData>> {
    use numpy::PyUntypedArray;
    let Ok(untyped) = obj.cast::<PyUntypedArray>() else {
        return Ok(None);
    };
    if !untyped.is_c_contiguous() {
        return Ok(None);
    }
    let shape = untyped.shape().to_vec();
    /// A host tensor of `T` from the array's buffer.
    fn exact<T>(obj: &Bound<'_, PyAny>, shape: &[usize]) -> PyResult<Option<Tensor>>
    where
        T: numpy::Element + tch::kind::Element,
    {
        let Ok(a) = obj.cast::<numpy::PyArrayDyn<T>>() else {
            return Ok(None);
        };
        let ro = a.readonly();
        from_slice(ro.as_slice().map_err(PyErr::from)?, shape)
            .map_err(PyErr::from)
            .map(Some)
    }
    /// The same, widened to int64 (exact).
    fn widened<T>(obj: &Bound<'_, PyAny>, shape: &[usize]) -> PyResult<Option<Tensor>>
    where
        T: numpy::Element + Copy,
        i64: From<T>,
    {
        let Ok(a) = obj.cast::<numpy::PyArrayDyn<T>>() else {
            return Ok(None);
        };
        let ro = a.readonly();
        let data: Vec<i64> = ro
            .as_slice()
            .map_err(PyErr::from)?
            .iter()
            .map(|&v| i64::from(v))
            .collect();
        from_slice(&data, shape).map_err(PyErr::from).map(Some)
    }
    // (the reader, the natural dtype, what it holds)
    type Reader = fn(&Bound<'_, PyAny>, &[usize]) -> PyResult<Option<Tensor>>;
    let kinds: [(Reader, Option<DType>, HostKind); 5] = [
        (exact::<f64>, Some(DType::Float64), HostKind::Float),
        (exact::<f32>, Some(DType::Float32), HostKind::Float),
        (exact::<i64>, None, HostKind::Int64),
        (widened::<i32>, None, HostKind::Int32),
        (widened::<bool>, None, HostKind::Bool),
    ];
    for (reader, natural, kind) in kinds {
        if let Some(t) = reader(obj, &shape)? {
            return Ok(Some(HostData {
                tensor: DynTensor::Torch(t),
                natural,
                kind,
            }));
        }
    }
    Ok(None)
}

fn from_slice<T: tch::kind::Element>(data: &[T], shape: &[usize]) -> crate::error::Result<Tensor> {
    let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    let numel = dims.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d));
    if numel.is_none() {
        return Err(Error::Shape(format!(
            "shape {dims:?} has too many elements"
        )));
    }
    Ok(Tensor::f_from_slice(data)?.f_reshape(&dims)?)
}

/// A fresh tensor of `dtype` on `device` from host data.
pub fn to_tensor(obj: &Bound<'_, PyAny>, dtype: DType, device: Device) -> PyResult<DynTensor> {
    let h = host_data(obj)?;
    let _guard = Dyn::no_grad();
    Dyn::convert(&h.tensor, dtype, device).map_err(PyErr::from)
}

fn array<'py, T: numpy::Element>(
    py: Python<'py>,
    v: Vec<T>,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    Ok(PyArray1::from_vec(py, v)
        .reshape(shape.to_vec())?
        .into_any())
}

/// What a public `numpy()` returns (`what` names the call, e.g. `Tensor.numpy()`): one
/// array. An interval value has two, its bounds, which `bounds()` reads (`bounds_of`): here
/// it is a `DTypeError`, so that `numpy()` has one return type (`np.ndarray`, as torch's).
pub fn numpy_of<'py>(py: Python<'py>, v: Value<Dyn>, what: &str) -> PyResult<Bound<'py, PyAny>> {
    if matches!(v.get(), DynTensor::Iv(_)) {
        return Err(err(Error::DType(format!(
            "{what} of an interval value: read its lower and upper bounds with bounds(), \
             a (lo, hi) pair of arrays"
        ))));
    }
    to_numpy(py, v)
}

/// What a public `bounds()` returns: `(lo, hi)`, two arrays of the value's shape. An interval
/// value's are its bounds; any other value is its own bounds (two copies of it).
pub fn bounds_of<'py>(py: Python<'py>, v: Value<Dyn>) -> PyResult<Bound<'py, PyTuple>> {
    let a = to_numpy(py, v)?;
    if let Ok(pair) = a.cast::<PyTuple>() {
        return Ok(pair.clone());
    }
    let b = a.call_method0("copy")?;
    PyTuple::new(py, [a, b])
}

/// Copy a value out as a numpy array: float16 stays float16, bfloat16 becomes float32,
/// ieee32 is float32, and an interval value is a `(lo, hi)` pair of float64 arrays.
pub fn to_numpy<'py>(py: Python<'py>, v: Value<Dyn>) -> PyResult<Bound<'py, PyAny>> {
    let shape: Vec<usize> = Dyn::shape(v.get()).iter().map(|&d| d as usize).collect();
    enum Host {
        F64(Vec<f64>),
        F32(Vec<f32>, bool),
        Bounds(Vec<f64>, Vec<f64>),
        I64(Vec<i64>),
        I32(Vec<i32>),
        Bool(Vec<bool>),
    }
    let host = py.detach(move || -> crate::error::Result<Host> {
        match v.get() {
            DynTensor::Torch(t) if t.kind() == Kind::Double => Ok(Host::F64(read_host(t)?)),
            DynTensor::Torch(t) if t.kind() == Kind::Int64 => Ok(Host::I64(read_host(t)?)),
            DynTensor::Torch(t) if t.kind() == Kind::Int => Ok(Host::I32(read_host(t)?)),
            DynTensor::Torch(t) if t.kind() == Kind::Bool => Ok(Host::Bool(read_host(t)?)),
            DynTensor::Torch(t) => Ok(Host::F32(read_host(t)?, t.kind() == Kind::Half)),
            DynTensor::F32(t) => Ok(Host::F32(t.to_vec(), false)),
            DynTensor::F64(t) => Ok(Host::F64(t.to_vec())),
            DynTensor::Iv(_) => {
                let (lo, hi) = v.get().bounds()?;
                Ok(Host::Bounds(lo, hi))
            }
        }
    })?;
    match host {
        Host::F64(v) => array(py, v, &shape),
        Host::F32(v, false) => array(py, v, &shape),
        Host::F32(v, true) => array(py, v, &shape)?.call_method1("astype", ("float16",)),
        Host::I64(v) => array(py, v, &shape),
        Host::I32(v) => array(py, v, &shape),
        Host::Bool(v) => array(py, v, &shape),
        Host::Bounds(lo, hi) => {
            Ok(PyTuple::new(py, [array(py, lo, &shape)?, array(py, hi, &shape)?])?.into_any())
        }
    }
}

/// A state record (`crate::optim::record`) as Python values: dicts, lists, ints, floats,
/// strings, None, and numpy arrays (copies).
pub fn record_to_py<'py>(py: Python<'py>, r: Record<Dyn>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match r {
        Record::None => py.None().into_bound(py),
        Record::Int(i) => i.into_pyobject(py)?.into_any(),
        Record::Number(v) => v.into_pyobject(py)?.into_any(),
        Record::Text(t) => t.into_pyobject(py)?.into_any(),
        Record::Tensor(v) => to_numpy(py, v)?,
        Record::List(items) => {
            let items: Vec<_> = items
                .into_iter()
                .map(|r| record_to_py(py, r))
                .collect::<PyResult<_>>()?;
            pyo3::types::PyList::new(py, items)?.into_any()
        }
        Record::Map(entries) => {
            let out = PyDict::new(py);
            for (k, v) in entries {
                out.set_item(record_to_py(py, k)?, record_to_py(py, v)?)?;
            }
            out.into_any()
        }
    })
}

/// Python values as a state record: mappings, lists and tuples, ints (numpy's too), floats,
/// strings and None keep their shape; anything else is data (an array, a torch tensor, an
/// interval), copied to a host tensor of its own dtype. The core checks what it expected.
pub fn record_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Record<Dyn>> {
    use pyo3::types::{PyBool, PyFloat, PyInt, PyList, PyString};
    if obj.is_none() {
        return Ok(Record::None);
    }
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyInt>() {
        return Ok(match obj.extract::<i64>() {
            Ok(i) => Record::Int(i),
            Err(_) => Record::Number(obj.extract()?),
        });
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok(Record::Number(obj.extract()?));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Record::Text(s.to_cow()?.into_owned()));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let items = obj.try_iter()?.map(|v| record_from_py(&v?));
        return Ok(Record::List(items.collect::<PyResult<_>>()?));
    }
    if obj.is_instance_of::<PyDict>() || obj.hasattr("keys")? && obj.hasattr("items")? {
        let mut entries = Vec::new(); // bounded: one per entry of the mapping
        for kv in obj.call_method0("items")?.try_iter()? {
            let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = kv?.extract()?;
            entries.push((record_from_py(&k)?, record_from_py(&v)?));
        }
        return Ok(Record::Map(entries));
    }
    let numpy_scalar = obj
        .py()
        .import("numpy")?
        .getattr("generic")
        .and_then(|g| obj.is_instance(&g))?;
    if numpy_scalar {
        return record_from_py(&obj.call_method0("item")?);
    }
    Ok(Record::data(host_data(obj)?.tensor))
}
