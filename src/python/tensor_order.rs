//! Tensor methods of the ordering ops (`src/session/order.rs`, `src/ops/sort.rs`): `sort`,
//! `argsort`, `msort`, `kthvalue`, `median`, `nanmedian`, `mode`, `cummax`, `cummin`, and
//! `cumprod` (`src/ops/cumulative.rs`). The pairs come back as torch's named results
//! (`eagertape._functional`'s `SortResult`, ...).

use pyo3::prelude::*;

use super::classes::{lock, name, PyTensor};
use crate::ops::cumulative::Cumprod;
use crate::ops::sort::{Rank, Selection};
use crate::ops::Op;

impl PyTensor {
    /// `(values, indices)` of `rank` as `eagertape._functional`'s named tuple `result`.
    fn ranked_pair<'py>(
        &self,
        py: Python<'py>,
        dim: i64,
        rank: Rank,
        keepdim: bool,
        result: &str,
    ) -> PyResult<Bound<'py, PyAny>> {
        let cell = self.cell()?;
        let x = self.handle();
        let (v, i) = py.detach(|| {
            let mut s = lock(&cell);
            let (v, i) = crate::guard::contained("order", || s.ranked(x, dim, rank, keepdim))?;
            Ok::<_, crate::error::Error>((name(&mut s, v), name(&mut s, i)))
        })?;
        let v = Py::new(py, PyTensor::named(&cell, v))?;
        let i = Py::new(py, PyTensor::named(&cell, i))?;
        py.import("eagertape._functional")?
            .getattr(result)?
            .call1((v, i))
    }

    /// `median()`/`nanmedian()` with no dim: one value.
    fn ranked_all(&self, py: Python<'_>, sel: Selection) -> PyResult<Self> {
        let x = self.handle();
        self.call(py, move |s, _| s.ranked_all(x, sel))
    }
}

#[pymethods]
impl PyTensor {
    /// torch's `sort(dim=-1, descending=False, stable=False)`: `(values, indices)`; the
    /// indices are int64 data (LibTorch's order of ties), the values their `gather` (which
    /// carries the gradient).
    #[pyo3(signature = (dim=-1, descending=false, stable=false), text_signature = "(self, dim=-1, descending=False, stable=False)")]
    fn sort<'py>(
        &self,
        py: Python<'py>,
        dim: i64,
        descending: bool,
        stable: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let rank = Rank::Sort { descending, stable };
        self.ranked_pair(py, dim, rank, true, "SortResult")
    }
    /// Returns the int64 indices that sort this tensor along `dim`.
    ///
    /// The result is int64 data. See `eagertape.argsort`.
    #[pyo3(signature = (dim=-1, descending=false, stable=false), text_signature = "(self, dim=-1, descending=False, stable=False)")]
    fn argsort(&self, py: Python<'_>, dim: i64, descending: bool, stable: bool) -> PyResult<Self> {
        self.unary(py, Op::ranked(dim, Rank::Sort { descending, stable }))
    }
    /// torch's `msort()`: `sort(dim=0).values`.
    fn msort<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.sort(py, 0, false, false)?.getattr("values")
    }
    /// torch's `kthvalue(k, dim=-1, keepdim=False)`: the `k`-th smallest element along
    /// `dim` and its int64 index.
    #[pyo3(signature = (k, dim=-1, keepdim=false), text_signature = "(self, k, dim=-1, keepdim=False)")]
    fn kthvalue<'py>(
        &self,
        py: Python<'py>,
        k: i64,
        dim: i64,
        keepdim: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let rank = Rank::Select(Selection::Kth(k));
        self.ranked_pair(py, dim, rank, keepdim, "KthvalueResult")
    }
    /// torch's `median(dim=None, keepdim=False)`: the lower median; with a dim,
    /// `(values, indices)`.
    #[pyo3(signature = (dim=None, keepdim=false))]
    fn median<'py>(
        &self,
        py: Python<'py>,
        dim: Option<i64>,
        keepdim: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.median_of(py, dim, keepdim, false)
    }
    /// Returns the median of the non-NaN elements of this tensor, over all of them or along `dim`.
    ///
    /// With no `dim`, one value (the lower median); with `dim`, the named tuple
    /// `(values, indices)`. See `eagertape.nanmedian`.
    #[pyo3(signature = (dim=None, keepdim=false))]
    fn nanmedian<'py>(
        &self,
        py: Python<'py>,
        dim: Option<i64>,
        keepdim: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        self.median_of(py, dim, keepdim, true)
    }
    /// torch's `mode(dim=-1, keepdim=False)`: the most frequent value (the smallest of
    /// equally frequent ones) and an index of it.
    #[pyo3(signature = (dim=-1, keepdim=false), text_signature = "(self, dim=-1, keepdim=False)")]
    fn mode<'py>(&self, py: Python<'py>, dim: i64, keepdim: bool) -> PyResult<Bound<'py, PyAny>> {
        self.ranked_pair(
            py,
            dim,
            Rank::Select(Selection::Mode),
            keepdim,
            "ModeResult",
        )
    }
    /// Returns the running maxima of this tensor along `dim` and the int64 index of each.
    ///
    /// A named tuple `(values, indices)`; the gradient flows through `values`. See
    /// `eagertape.cummax`.
    fn cummax<'py>(&self, py: Python<'py>, dim: i64) -> PyResult<Bound<'py, PyAny>> {
        let rank = Rank::Select(Selection::Running { max: true });
        self.ranked_pair(py, dim, rank, true, "CummaxResult")
    }
    /// Returns the running minima of this tensor along `dim` and the int64 index of each.
    ///
    /// A named tuple `(values, indices)`; the gradient flows through `values`. See
    /// `eagertape.cummin`.
    fn cummin<'py>(&self, py: Python<'py>, dim: i64) -> PyResult<Bound<'py, PyAny>> {
        let rank = Rank::Select(Selection::Running { max: false });
        self.ranked_pair(py, dim, rank, true, "CumminResult")
    }
    /// Returns the cumulative product of the elements of this tensor along `dim`.
    ///
    /// The gradient is LibTorch's, exact where elements are zero. See `eagertape.cumprod`.
    ///
    /// Raises:
    ///     ArgumentError: `dtype` is given (not supported: the session computes in its carrier).
    #[pyo3(signature = (dim, *, dtype=None))]
    fn cumprod(
        &self,
        py: Python<'_>,
        dim: i64,
        dtype: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        if dtype.is_some_and(|d| !d.is_none()) {
            return Err(PyErr::from(crate::error::Error::Argument(
                "cumprod: dtype= is not supported (a session computes in its carrier)".into(),
            )));
        }
        self.unary(py, Op::layer(Cumprod(dim)))
    }
}

impl PyTensor {
    fn median_of<'py>(
        &self,
        py: Python<'py>,
        dim: Option<i64>,
        keepdim: bool,
        ignore_nan: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let sel = Selection::Median { ignore_nan };
        match dim {
            None => Ok(Py::new(py, self.ranked_all(py, sel)?)?
                .into_bound(py)
                .into_any()),
            Some(d) => self.ranked_pair(py, d, Rank::Select(sel), keepdim, "MedianResult"),
        }
    }
}
