//! `_core._GradBuckets`: the binding of [`crate::buckets::Layout`] for
//! `et.nn.parallel.DistributedDataParallel` (its flat tensors are torch's, imported through
//! DLPack once, at construction).

use std::collections::HashSet;
use std::sync::Arc;

use pyo3::prelude::*;

use super::classes::{lock, PyGradBuckets, PyParameter, PySession};
use crate::buckets::Layout;
use crate::error::Error;

#[pymethods]
impl PyGradBuckets {
    #[new]
    fn new(params: &Bound<'_, PyAny>, flats: &Bound<'_, PyAny>, scale: f64) -> PyResult<Self> {
        let mut groups = Vec::new();
        for group in params.try_iter()? {
            let mut ps = Vec::new();
            for p in group?.try_iter()? {
                let p = p?;
                let p = p.cast::<PyParameter>().map_err(|_| {
                    pyo3::exceptions::PyTypeError::new_err(
                        "_GradBuckets: params must be lists of et.Parameter objects",
                    )
                })?;
                ps.push(Arc::clone(&p.get().inner));
            }
            groups.push(ps);
        }
        let mut tensors = Vec::new();
        for flat in flats.try_iter()? {
            let managed = super::dlpack::take_managed(&flat?)?;
            tensors.push(managed.import()?);
        }
        let inner = Layout::new(groups, tensors, scale)?;
        Ok(PyGradBuckets {
            inner: Arc::new(inner),
        })
    }

    #[getter]
    fn ids(&self) -> Vec<Vec<u64>> {
        self.inner.ids()
    }

    fn gather(&self, py: Python<'_>, sess: &Bound<'_, PySession>, k: usize) -> PyResult<Vec<u64>> {
        let cell = Arc::clone(&sess.get().cell);
        let layout = Arc::clone(&self.inner);
        py.detach(|| {
            crate::guard::contained("gradient buckets", || layout.gather(k, lock(&cell).store()))
        })
        .map_err(PyErr::from)
    }

    #[pyo3(signature = (sess, keep=None))]
    fn scatter(
        &self,
        py: Python<'_>,
        sess: &Bound<'_, PySession>,
        keep: Option<Vec<u64>>,
    ) -> PyResult<()> {
        let cell = Arc::clone(&sess.get().cell);
        let layout = Arc::clone(&self.inner);
        let keep: Option<HashSet<u64>> = keep.map(|k| k.into_iter().collect());
        py.detach(|| {
            crate::guard::contained("gradient buckets", || {
                layout.scatter(lock(&cell).store(), keep.as_ref())
            })
        })
        .map_err(PyErr::from)
    }
}

/// The layout a data-parallel hook packs into (its `layout` attribute), if it has one.
pub(crate) fn layout_of(
    hook: &Bound<'_, PyAny>,
) -> PyResult<Arc<Layout<crate::backend::dynamic::Dyn>>> {
    let layout = hook.getattr("layout")?;
    let layout = layout.cast::<PyGradBuckets>().map_err(|_| {
        PyErr::from(Error::Argument(
            "the grad-ready hook's layout must be an eagertape._core._GradBuckets".into(),
        ))
    })?;
    Ok(Arc::clone(&layout.get().inner))
}
