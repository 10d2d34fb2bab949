//! Tensor methods of the scatter family (`src/ops/scatter.rs`): `scatter`, `scatter_add`,
//! `scatter_reduce`, `index_add`, `index_copy`, `index_fill`, `take_along_dim`. Each
//! converts its arguments and records one op; none writes into `self` (torch's in-place
//! `_` forms are refused by `Tensor.__getattr__`'s rule for in-place methods).

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::tensor_index::number;
use crate::error::Error;
use crate::ops::scatter::{IndexAdd, IndexCopy, IndexFill, Scatter, ScatterAdd, TakeAlongDim};
use crate::ops::scatter_reduce::{Reduction, ScatterReduce};
use crate::ops::Op;
use crate::session::Operand;

#[pymethods]
impl PyTensor {
    /// `scatter(dim, index, src)` or `scatter(dim, index, value)`; torch's legacy
    /// `reduce="add"|"multiply"` is `scatter_reduce` with `"sum"`/`"prod"`.
    #[pyo3(signature = (dim, index, src=None, *, value=None, reduce=None))]
    fn scatter(
        &self,
        py: Python<'_>,
        dim: i64,
        index: &Bound<'_, PyAny>,
        src: Option<&Bound<'_, PyAny>>,
        value: Option<f64>,
        reduce: Option<String>,
    ) -> PyResult<PyTensor> {
        let (src, value) = match (src, value) {
            (Some(s), None) => match number(s) {
                Some(v) => (None, Some(v)),
                None => (Some(s), None),
            },
            (None, Some(v)) => (None, Some(v)),
            _ => {
                return Err(PyErr::from(Error::Argument(
                    "scatter: give either src (a tensor) or value (a number)".into(),
                )))
            }
        };
        let index = self.index_operand(py, index)?;
        let me = Operand::Node(self.handle());
        if let Some(r) = reduce {
            let reduce = match r.as_str() {
                "add" => Reduction::Sum,
                "multiply" => Reduction::Prod,
                other => {
                    return Err(PyErr::from(Error::Argument(format!(
                        "scatter: reduce argument must be either add or multiply, got {other:?}"
                    ))))
                }
            };
            let src = match (src, value) {
                (Some(s), _) => self.operand(py, s)?,
                _ => {
                    return Err(PyErr::from(Error::Argument(
                        "scatter: reduce= with a number value is not supported; use \
                         scatter_reduce with a src tensor"
                            .into(),
                    )))
                }
            };
            let l = ScatterReduce {
                dim,
                reduce,
                include_self: true,
            };
            return self.apply(py, Op::layer(l), vec![me, index, src]);
        }
        match src {
            Some(s) => {
                let s = self.operand(py, s)?;
                let m = Scatter { dim, value: None };
                self.apply(py, Op::movement(m), vec![me, index, s])
            }
            None => self.apply(py, Op::movement(Scatter { dim, value }), vec![me, index]),
        }
    }

    /// Adds the values of `src` into a copy of this tensor at the positions `index` along `dim`.
    ///
    /// Out of place (nothing is written into this tensor); repeated indices accumulate. See
    /// `eagertape.scatter_add`.
    fn scatter_add(
        &self,
        py: Python<'_>,
        dim: i64,
        index: &Bound<'_, PyAny>,
        src: &Bound<'_, PyAny>,
    ) -> PyResult<PyTensor> {
        let ops = vec![
            Operand::Node(self.handle()),
            self.index_operand(py, index)?,
            self.operand(py, src)?,
        ];
        self.apply(py, Op::movement(ScatterAdd(dim)), ops)
    }

    /// `scatter_reduce(dim, index, src, reduce, *, include_self=True)`; `reduce` one of
    /// `"sum" "prod" "mean" "amax" "amin"`.
    #[pyo3(signature = (dim, index, src, reduce, *, include_self=true))]
    fn scatter_reduce(
        &self,
        py: Python<'_>,
        dim: i64,
        index: &Bound<'_, PyAny>,
        src: &Bound<'_, PyAny>,
        reduce: &str,
        include_self: bool,
    ) -> PyResult<PyTensor> {
        let reduce = Reduction::parse(reduce)?;
        let ops = vec![
            Operand::Node(self.handle()),
            self.index_operand(py, index)?,
            self.operand(py, src)?,
        ];
        let l = ScatterReduce {
            dim,
            reduce,
            include_self,
        };
        self.apply(py, Op::layer(l), ops)
    }

    /// Adds `alpha * source` into a copy of this tensor at the indices `index` of `dim`.
    ///
    /// Out of place (nothing is written into this tensor); repeated indices accumulate. See
    /// `eagertape.index_add`.
    #[pyo3(signature = (dim, index, source, *, alpha=1.0))]
    fn index_add(
        &self,
        py: Python<'_>,
        dim: i64,
        index: &Bound<'_, PyAny>,
        source: &Bound<'_, PyAny>,
        alpha: f64,
    ) -> PyResult<PyTensor> {
        let ops = vec![
            Operand::Node(self.handle()),
            self.index_operand(py, index)?,
            self.operand(py, source)?,
        ];
        self.apply(py, Op::movement(IndexAdd { dim, alpha }), ops)
    }

    /// Copies the entries of `source` into a copy of this tensor at the indices `index` of `dim`.
    ///
    /// Out of place (nothing is written into this tensor). See `eagertape.index_copy`.
    fn index_copy(
        &self,
        py: Python<'_>,
        dim: i64,
        index: &Bound<'_, PyAny>,
        source: &Bound<'_, PyAny>,
    ) -> PyResult<PyTensor> {
        let ops = vec![
            Operand::Node(self.handle()),
            self.index_operand(py, index)?,
            self.operand(py, source)?,
        ];
        self.apply(py, Op::movement(IndexCopy(dim)), ops)
    }

    /// `index_fill(dim, index, value)`: `value` a number, or a 0-d tensor (an operand: it
    /// gets the cotangents of the positions it fills).
    fn index_fill(
        &self,
        py: Python<'_>,
        dim: i64,
        index: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<PyTensor> {
        let me = Operand::Node(self.handle());
        let index = self.index_operand(py, index)?;
        if let Some(v) = number(value) {
            let m = IndexFill {
                dim,
                value: Some(v),
            };
            return self.apply(py, Op::movement(m), vec![me, index]);
        }
        let v = self.operand(py, value)?;
        let m = IndexFill { dim, value: None };
        self.apply(py, Op::movement(m), vec![me, index, v])
    }

    /// Returns the values of this tensor at the positions `indices` along `dim`.
    ///
    /// With no `dim`, this tensor is flattened first. See `eagertape.take_along_dim`.
    #[pyo3(signature = (indices, dim=None))]
    fn take_along_dim(
        &self,
        py: Python<'_>,
        indices: &Bound<'_, PyAny>,
        dim: Option<i64>,
    ) -> PyResult<PyTensor> {
        let ops = vec![
            Operand::Node(self.handle()),
            self.index_operand(py, indices)?,
        ];
        self.apply(py, Op::movement(TakeAlongDim(dim)), ops)
    }
}
