//! The `Tensor` method of the compositions (`src/ops/derive.rs`) no declaration says:
//! `quantile` (its `q` read to choose what to record). The others are declared in
//! `ops/derived.rs` and `ops/logical.rs` (`tensordot`, `allclose` and `equal` among them).

use pyo3::prelude::*;

use super::classes::PyTensor;
use crate::ops::derive::{Derive, Interpolation};
use crate::session::Operand;

impl PyTensor {
    fn derive(&self, py: Python<'_>, d: Derive, others: &[&Bound<'_, PyAny>]) -> PyResult<Self> {
        let mut operands = vec![Operand::Node(self.handle())];
        for o in others {
            operands.push(self.operand(py, o)?);
        }
        self.call(py, move |s, _| s.derive(&d, operands))
    }
}

#[pymethods]
impl PyTensor {
    /// torch's `quantile(q, dim=None, keepdim=False, *, interpolation="linear")`: `q` a
    /// number or a 0-d or 1-d tensor (its values are read: they choose what to record).
    #[pyo3(signature = (q, dim=None, keepdim=false, *, interpolation="linear"))]
    fn quantile(
        &self,
        py: Python<'_>,
        q: &Bound<'_, PyAny>,
        dim: Option<i64>,
        keepdim: bool,
        interpolation: &str,
    ) -> PyResult<Self> {
        let interpolation = Interpolation::parse(interpolation)?;
        let q_obj = q.clone();
        let is_tensor = q.cast::<PyTensor>().is_ok();
        let (q, vector) = match q.cast::<PyTensor>() {
            Ok(t) => {
                let h = t.get().handle();
                self.with(py, move |s| s.quantile_levels(h))?
            }
            Err(_) => match q.extract::<f64>() {
                Ok(v) => (vec![v], false),
                Err(_) => (q.extract::<Vec<f64>>()?, true),
            },
        };
        let d = Derive::Quantile {
            q,
            vector,
            q_tensor: is_tensor,
            dim,
            keepdim,
            interpolation,
        };
        if is_tensor {
            return self.derive(py, d, &[&q_obj]);
        }
        self.derive(py, d, &[])
    }
}
