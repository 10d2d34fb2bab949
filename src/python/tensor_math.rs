//! Tensor methods of the tensor language's math beyond `tensor.rs`: the parametrised
//! activations (`leaky_relu`, `elu`, `softplus`, `hardtanh`).

use pyo3::prelude::*;

use super::tensor::PyTensor;
use crate::ops::activation::PairOp;
use crate::ops::scalar::ScalarOp;

#[pymethods]
impl PyTensor {
    /// `x` where `x > 0`, else `negative_slope · x`.
    #[pyo3(signature = (negative_slope=0.01))]
    fn leaky_relu(&self, py: Python<'_>, negative_slope: f64) -> PyResult<PyTensor> {
        self.unary(py, ScalarOp::LeakyRelu.op(negative_slope))
    }
    /// `x` where `x > 0`, else `alpha · (e^x − 1)`.
    #[pyo3(signature = (alpha=1.0))]
    fn elu(&self, py: Python<'_>, alpha: f64) -> PyResult<PyTensor> {
        self.unary(py, ScalarOp::Elu.op(alpha))
    }
    /// `log(1 + e^(beta x)) / beta`, and `x` itself where `beta x > threshold`.
    #[pyo3(signature = (beta=1.0, threshold=20.0))]
    fn softplus(&self, py: Python<'_>, beta: f64, threshold: f64) -> PyResult<PyTensor> {
        self.unary(py, PairOp::Softplus.op(beta, threshold))
    }
    /// `clamp(min_val, max_val)`.
    #[pyo3(signature = (min_val=-1.0, max_val=1.0))]
    fn hardtanh(&self, py: Python<'_>, min_val: f64, max_val: f64) -> PyResult<PyTensor> {
        let low = self.unary(py, ScalarOp::ClampMin.op(min_val))?;
        low.unary(py, ScalarOp::ClampMax.op(max_val))
    }
}
