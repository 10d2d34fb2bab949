//! Tensor methods of the tensor language beyond arithmetic: indexing (`x[...]`, and the
//! `TypeError` of `x[i] = v`), comparisons and logic (bool results), and the movement ops
//! that take `*sizes` or give several tensors (`expand`, `repeat`, `flip`, `split`, `chunk`,
//! `index_put`); the selections (`masked_fill`, `gather`, `narrow`, ...) are declared in
//! `src/ops/selections.rs`.

use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyEllipsis, PyFloat, PyInt, PySlice, PyTuple};

use super::classes::{lock, name, named, PyTensor};
use crate::backend::dynamic::{Dyn as Be, DynTensor};
use crate::backend::Backend;
use crate::config::DType;
use crate::error::Error;
use crate::ops::binary::BinaryOp;
use crate::ops::compare::Predicate;
use crate::ops::split::Split;
use crate::ops::Op;
use crate::session::index::IndexItem;
use crate::session::Operand;

/// Index or mask data from numpy arrays, lists and torch tensors: integers become int64,
/// booleans bool, on `device`; anything else is a `DTypeError`.
pub(crate) fn index_data(
    obj: &Bound<'_, PyAny>,
    device: crate::config::Device,
) -> PyResult<DynTensor> {
    let host = super::convert::host_data(obj)?;
    if !host.integral() {
        return Err(PyErr::from(Error::DType(format!(
            "tensors used as indices must be int64, int32 or bool, not {}",
            host.natural
                .map_or("float64".to_string(), |d| d.name().to_string())
        ))));
    }
    let dtype = if host.kind == crate::session::HostKind::Bool {
        DType::Bool
    } else {
        DType::Int64
    };
    let _guard = Be::no_grad();
    Be::convert(&host.tensor, dtype, device).map_err(PyErr::from)
}

fn as_int(obj: &Bound<'_, PyAny>) -> Option<i64> {
    if obj.is_exact_instance_of::<PyInt>() {
        return obj.extract::<i64>().ok();
    }
    if obj.is_instance_of::<PyBool>() {
        return None;
    }
    if obj.is_instance_of::<PyInt>()
        || (obj.hasattr("__index__").unwrap_or(false) && !obj.hasattr("shape").unwrap_or(false))
    {
        return obj.extract::<i64>().ok();
    }
    // numpy integer scalars have a shape of () and an __index__.
    if obj.hasattr("__index__").unwrap_or(false)
        && obj.getattr("ndim").and_then(|n| n.extract::<usize>()).ok() == Some(0)
    {
        return obj.call_method0("__index__").ok()?.extract::<i64>().ok();
    }
    None
}

impl PyTensor {
    pub(crate) fn device_of(&self, py: Python<'_>) -> PyResult<crate::config::Device> {
        let cell = self.cell()?;
        Ok(py.detach(|| lock(&cell).config().device))
    }

    pub(super) fn index_item(
        &self,
        py: Python<'_>,
        obj: &Bound<'_, PyAny>,
    ) -> PyResult<IndexItem<Be>> {
        // The common items first, by exact type checks (no attribute lookups).
        if let Ok(s) = obj.cast::<PySlice>() {
            let part = |name: &Bound<'_, pyo3::types::PyString>| -> PyResult<Option<i64>> {
                let v = s.getattr(name)?;
                if v.is_none() {
                    return Ok(None);
                }
                as_int(&v)
                    .map(Some)
                    .ok_or_else(|| PyTypeError::new_err("slice indices must be integers or None"))
            };
            return Ok(IndexItem::Slice(
                part(pyo3::intern!(py, "start"))?,
                part(pyo3::intern!(py, "stop"))?,
                part(pyo3::intern!(py, "step"))?,
            ));
        }
        if let Ok(t) = obj.cast::<PyTensor>() {
            return Ok(IndexItem::Tensor(t.get().handle()));
        }
        if obj.is_none() {
            return Ok(IndexItem::NewAxis);
        }
        if obj.is_instance_of::<PyEllipsis>() {
            return Ok(IndexItem::Ellipsis);
        }
        if let Some(i) = as_int(obj) {
            return Ok(IndexItem::Int(i));
        }
        if obj.is_instance_of::<PyFloat>() || obj.is_instance_of::<pyo3::types::PyString>() {
            return Err(PyTypeError::new_err(format!(
                "only integers, slices, None, ..., integer or bool arrays and tensors are valid indices, not {}",
                obj.get_type().name()?
            )));
        }
        Ok(IndexItem::Data(index_data(obj, self.device_of(py)?)?))
    }

    /// An index or mask operand: a recorded tensor, or data converted by [`index_data`].
    pub(crate) fn index_operand(
        &self,
        py: Python<'_>,
        obj: &Bound<'_, PyAny>,
    ) -> PyResult<Operand<Be>> {
        if let Ok(t) = obj.cast::<PyTensor>() {
            return self.node_or_data(py, t.get(), true);
        }
        Ok(Operand::Data(index_data(obj, self.device_of(py)?)?))
    }

    fn predicate(
        &self,
        py: Python<'_>,
        p: Predicate,
        other: &Bound<'_, PyAny>,
    ) -> PyResult<Py<PyAny>> {
        let op = if let Some(s) = number(other) {
            return Ok(Py::new(
                py,
                self.apply(
                    py,
                    Op::compare_number(p, s),
                    vec![Operand::Node(self.handle())],
                )?,
            )?
            .into_any());
        } else if other.is_none() || other.is_instance_of::<pyo3::types::PyString>() {
            return Ok(py.NotImplemented());
        } else {
            Op::predicate(p)
        };
        let rhs = if other.is_instance_of::<PyBool>()
            || matches!(p, Predicate::And | Predicate::Or | Predicate::Xor)
        {
            self.index_operand(py, other)?
        } else {
            self.operand(py, other)?
        };
        Ok(Py::new(
            py,
            self.apply(py, op, vec![Operand::Node(self.handle()), rhs])?,
        )?
        .into_any())
    }

    /// `slf` itself when the core handed back its handle (as torch returns `self`), else
    /// `out`.
    pub(crate) fn itself_or(slf: &Bound<'_, Self>, out: PyTensor) -> PyResult<Py<PyTensor>> {
        if out.handle() == slf.get().handle() {
            return Ok(slf.clone().unbind());
        }
        Py::new(slf.py(), out)
    }

    /// The pieces of `split`/`chunk`, recorded in one core call.
    fn pieces<'py>(&self, py: Python<'py>, dim: i64, how: Split) -> PyResult<Bound<'py, PyTuple>> {
        let cell = self.cell()?;
        let x = self.handle();
        let out = py.detach(|| {
            let mut s = lock(&cell);
            let hs = crate::guard::contained("split", || s.split(x, dim, &how))?;
            Ok::<_, Error>(hs.into_iter().map(|h| name(&mut s, h)).collect::<Vec<_>>())
        });
        let slots = out?;
        PyTuple::new(
            py,
            slots.into_iter().map(|slot| PyTensor::named(&cell, slot)),
        )
    }
}

/// A Python `float` or `int` (not a `bool`) as a number; anything else is not one.
pub(crate) fn number(o: &Bound<'_, PyAny>) -> Option<f64> {
    if (o.is_instance_of::<PyFloat>() || o.is_instance_of::<PyInt>())
        && !o.is_instance_of::<PyBool>()
    {
        o.extract().ok()
    } else {
        None
    }
}

/// The logical operators on bool tensors, bitwise on integer ones (torch's `&`, `|`, `^` are
/// its `bitwise_*`, which on bools are the logical ones): each row its method and its
/// reflected method (symmetric).
macro_rules! logical_operators {
    ($($name:ident, $reflected:ident => $p:ident, $bitwise:ident;)*) => {
        #[pymethods]
        impl PyTensor {
            $(
                fn $name(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    self.logical_or_bitwise(py, other, Predicate::$p, BinaryOp::$bitwise, false)
                }
                fn $reflected(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    self.logical_or_bitwise(py, other, Predicate::$p, BinaryOp::$bitwise, true)
                }
            )*
        }
    };
}

logical_operators! {
    __and__, __rand__ => And, BitwiseAnd;
    __or__, __ror__ => Or, BitwiseOr;
    __xor__, __rxor__ => Xor, BitwiseXor;
}

impl PyTensor {
    /// `p` of a bool (or floating: refused there) tensor, the bitwise unit `b` of an integer
    /// one.
    fn logical_or_bitwise(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        p: Predicate,
        b: BinaryOp,
        reflected: bool,
    ) -> PyResult<Py<PyAny>> {
        let integer = self.param.is_none()
            && matches!(
                Be::dtype(self.value(py)?.get()),
                DType::Int64 | DType::Int32
            );
        if integer {
            return self.operator(py, other, crate::session::Operator::Arith(b), reflected);
        }
        self.predicate(py, p, other)
    }
}

#[pymethods]
impl PyTensor {
    fn __getitem__(slf: &Bound<'_, Self>, key: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        let (me, py) = (slf.get(), slf.py());
        let items = match key.cast::<PyTuple>() {
            Ok(t) => t
                .iter()
                .map(|k| me.index_item(py, &k))
                .collect::<PyResult<Vec<_>>>()?,
            Err(_) => vec![me.index_item(py, key)?],
        };
        let cell = me.cell()?;
        let x = me.handle();
        let h = py.detach(|| named(&mut lock(&cell), |s| s.index(x, items)))?;
        let origin = (slf.clone().unbind(), key.clone().unbind());
        Ok(PyTensor::indexed(&cell, h, origin))
    }
    /// `x.index_put(indices, values, accumulate=False)`: a new tensor with `values` written
    /// at (or added to) the positions `indices` (a tuple of int64 or bool tensors/arrays).
    #[pyo3(signature = (indices, values, accumulate=false))]
    fn index_put(
        &self,
        py: Python<'_>,
        indices: &Bound<'_, PyAny>,
        values: &Bound<'_, PyAny>,
        accumulate: bool,
    ) -> PyResult<PyTensor> {
        let items: Vec<Bound<'_, PyAny>> = match indices.cast::<PyTuple>() {
            Ok(t) => t.iter().collect(),
            Err(_) => indices.try_iter()?.collect::<PyResult<_>>()?,
        };
        let mut parsed = Vec::with_capacity(items.len()); // bounded: one per index item
        for it in &items {
            parsed.push(match it.cast::<PyTensor>() {
                Ok(t) => IndexItem::Tensor(t.get().handle()),
                Err(_) => IndexItem::Data(index_data(it, self.device_of(py)?)?),
            });
        }
        let v = self.operand(py, values)?;
        let x = self.handle();
        self.call(py, move |s, _| s.index_put(x, parsed, v, accumulate))
    }

    pub(crate) fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let p = match op {
            CompareOp::Eq => Predicate::Eq,
            CompareOp::Ne => Predicate::Ne,
            CompareOp::Lt => Predicate::Lt,
            CompareOp::Le => Predicate::Le,
            CompareOp::Gt => Predicate::Gt,
            CompareOp::Ge => Predicate::Ge,
        };
        self.predicate(py, p, other)
    }

    /// Tensors hash by identity, as torch's (`==` builds a mask, not a bool).
    fn __hash__(slf: &Bound<'_, Self>) -> isize {
        slf.as_ptr() as isize
    }

    /// `~x`: torch's `bitwise_not` (`logical_not` of a bool tensor).
    fn __invert__(&self, py: Python<'_>) -> PyResult<PyTensor> {
        self.call(py, |s, h| {
            s.all_or_nothing(|s| crate::ops::invert::bitwise_not(s, h))
        })
    }

    /// torch's `contiguous()`: the tensor itself when it is laid out row-major (then
    /// `view` can merge any of its dims), else a row-major copy (gradient: the identity).
    fn contiguous(slf: &Bound<'_, Self>) -> PyResult<Py<PyTensor>> {
        let out = slf.get().call(slf.py(), |s, h| s.contiguous(h))?;
        Self::itself_or(slf, out)
    }
    /// Pieces of `split_size` along `dim` (the last may be smaller), or of the given sizes;
    /// torch's keyword names (`split_size=`, `split_sizes=`) too.
    #[pyo3(signature = (split_size_or_sections=None, dim=0, *, split_size=None, split_sizes=None))]
    fn split<'py>(
        &self,
        py: Python<'py>,
        split_size_or_sections: Option<&Bound<'_, PyAny>>,
        dim: i64,
        split_size: Option<&Bound<'_, PyAny>>,
        split_sizes: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let given: Vec<&Bound<'_, PyAny>> = [split_size_or_sections, split_size, split_sizes]
            .into_iter()
            .flatten()
            .collect();
        let [split_size_or_sections] = given[..] else {
            return Err(PyTypeError::new_err(
                "split() takes exactly one of split_size_or_sections, split_size, split_sizes",
            ));
        };
        let how = match split_size_or_sections.extract::<i64>() {
            Ok(size) => Split::Size(size),
            Err(_) => Split::Sections(split_size_or_sections.extract()?),
        };
        self.pieces(py, dim, how)
    }
}
