//! Data crossing the boundary, by copy: numpy arrays, nested lists, Python scalars and torch
//! tensors in; numpy arrays out.

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArrayDyn, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt};
use tch::{Kind, Tensor};

use super::OrPy;
use crate::backend::libtorch::LibTorch;
use crate::backend::Backend;
use crate::config::DType;
use crate::error::Error;

/// Host data converted to a CPU tensor, with the dtype the data carried.
pub struct HostData {
    pub tensor: Tensor,
    /// The floating dtype of the source (`None` for Python lists/scalars and integers).
    pub natural: Option<DType>,
    /// Whether the source held integers or booleans.
    pub integral: bool,
}

fn err(e: Error) -> PyErr {
    super::to_py(e)
}

/// Convert `obj` to a CPU tensor (float32 or float64 storage, copied).
pub fn host_data(obj: &Bound<'_, PyAny>) -> PyResult<HostData> {
    let py = obj.py();
    let np = py.import("numpy")?;
    let mut natural = None;
    let mut source = obj.clone();
    // torch tensors: detach, to CPU, keep the dtype name.
    let module: String = obj
        .get_type()
        .getattr("__module__")
        .and_then(|m| m.extract())
        .unwrap_or_default();
    if module.starts_with("torch") && obj.hasattr("detach")? {
        let t = obj.call_method0("detach")?.call_method0("cpu")?;
        let name = super::config::dtype_name(&t.getattr("dtype")?)?;
        if let Ok(d) = DType::parse(&name) {
            natural = Some(d);
        }
        source = if matches!(natural, Some(DType::BFloat16)) {
            t.call_method0("float")?.call_method0("numpy")?
        } else {
            t.call_method0("numpy")?
        };
    } else if obj.is_instance_of::<PyBool>()
        || obj.is_instance_of::<PyInt>()
        || obj.is_instance_of::<PyFloat>()
    {
        natural = None;
    } else if obj.hasattr("dtype")? && obj.hasattr("shape")? {
        // numpy arrays and scalars keep their floating dtype.
        let name = super::config::dtype_name(&obj.getattr("dtype")?)?;
        natural = DType::parse(&name).ok();
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
    let kind: String = arr.getattr("dtype")?.getattr("kind")?.extract()?;
    let integral = matches!(kind.as_str(), "i" | "u" | "b");
    if kind != "f" && !integral {
        let name = arr.getattr("dtype")?.str()?.to_string();
        return Err(err(Error::DType(format!(
            "cannot convert data of dtype {name} to a tensor; expected numbers"
        ))));
    }
    // float32-or-narrower sources stay float32; everything else (float64, Python numbers,
    // integers) goes through float64 so no precision is lost before the final conversion.
    let target = match natural {
        Some(DType::Float32 | DType::Float16 | DType::BFloat16) => "float32",
        _ => "float64",
    };
    // (`ascontiguousarray` would turn a 0-d array into shape (1,).)
    let kw = pyo3::types::PyDict::new(py);
    kw.set_item("dtype", target)?;
    kw.set_item("order", "C")?;
    let arr = np.call_method("asarray", (arr,), Some(&kw))?;
    let tensor = if target == "float64" {
        let a: PyReadonlyArrayDyn<'_, f64> = arr.extract()?;
        from_slice(a.as_slice().map_err(PyErr::from)?, a.shape())
    } else {
        let a: PyReadonlyArrayDyn<'_, f32> = arr.extract()?;
        from_slice(a.as_slice().map_err(PyErr::from)?, a.shape())
    }
    .py()?;
    Ok(HostData {
        tensor,
        natural,
        integral,
    })
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
pub fn to_tensor(
    obj: &Bound<'_, PyAny>,
    dtype: DType,
    device: crate::config::Device,
) -> PyResult<Tensor> {
    let h = host_data(obj)?;
    LibTorch::convert(&h.tensor, dtype, device).py()
}

/// Copy a tensor out as a numpy array (float16 stays float16; bfloat16 becomes float32).
pub fn to_numpy<'py>(
    py: Python<'py>,
    v: crate::buffer::Value<LibTorch>,
) -> PyResult<Bound<'py, PyAny>> {
    let shape: Vec<usize> = v.get().size().iter().map(|&d| d as usize).collect();
    type Host = (Result<Vec<f64>, Vec<f32>>, bool);
    let (out, half) = py
        .detach(move || -> crate::error::Result<Host> {
            let c = v.get().f_to_device(tch::Device::Cpu)?;
            if c.kind() == Kind::Double {
                let c = c.f_contiguous()?;
                let mut v = vec![0f64; c.numel()];
                c.f_copy_data(&mut v, c.numel())?;
                Ok((Ok(v), false))
            } else {
                let half = c.kind() == Kind::Half;
                let c = c.f_to_kind(Kind::Float)?.f_contiguous()?;
                let mut v = vec![0f32; c.numel()];
                c.f_copy_data(&mut v, c.numel())?;
                Ok((Err(v), half))
            }
        })
        .py()?;
    let arr = match out {
        Ok(v) => PyArray1::from_vec(py, v).reshape(shape)?.into_any(),
        Err(v) => PyArray1::from_vec(py, v).reshape(shape)?.into_any(),
    };
    if half {
        return arr.call_method1("astype", ("float16",));
    }
    Ok(arr)
}
