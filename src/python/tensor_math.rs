//! Tensor methods of the tensor language's math beyond `tensor.rs`: the parametrised
//! activations (`leaky_relu`, `elu`, `softplus`, `hardtanh`) and the operators `**`, `//`,
//! `%`. The statistics and the combinations are declared in `ops/reductions.rs` and
//! `ops/combine.rs`.

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::tensor::POW;
use crate::ops::activation::PairOp;
use crate::ops::binary::BinaryOp;
use crate::ops::scalar::ScalarOp;
use crate::session::Operator;

const FLOOR_DIVIDE: Operator = Operator::Arith(BinaryOp::FloorDivide);
const REMAINDER: Operator = Operator::Arith(BinaryOp::Remainder);

#[pymethods]
impl PyTensor {
    /// `s ** x` for a number (or array) base.
    fn __rpow__(
        &self,
        py: Python<'_>,
        base: &Bound<'_, PyAny>,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        if modulo.is_some() {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "pow() with a modulo is not a tensor operation",
            ));
        }
        self.operator(py, base, POW, true)
    }
    fn __floordiv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.operator(py, o, FLOOR_DIVIDE, false)
    }
    fn __rfloordiv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.operator(py, o, FLOOR_DIVIDE, true)
    }
    fn __mod__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.operator(py, o, REMAINDER, false)
    }
    fn __rmod__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.operator(py, o, REMAINDER, true)
    }
    /// Applies the leaky rectified linear unit function element-wise.
    ///
    /// `x` where `x > 0`, else `negative_slope * x`. See `eagertape.leaky_relu`.
    #[pyo3(signature = (negative_slope=0.01))]
    fn leaky_relu(&self, py: Python<'_>, negative_slope: f64) -> PyResult<PyTensor> {
        self.unary(py, ScalarOp::LeakyRelu.op(negative_slope))
    }
    /// Applies the exponential linear unit function element-wise.
    ///
    /// `x` where `x > 0`, else `alpha * (exp(x) - 1)`. See `eagertape.elu`.
    #[pyo3(signature = (alpha=1.0))]
    fn elu(&self, py: Python<'_>, alpha: f64) -> PyResult<PyTensor> {
        self.unary(py, ScalarOp::Elu.op(alpha))
    }
    /// Applies the softplus function `log(1 + exp(beta * x)) / beta` element-wise.
    ///
    /// Linear (`x` itself) where `beta * x > threshold`. See `eagertape.softplus`.
    #[pyo3(signature = (beta=1.0, threshold=20.0))]
    fn softplus(&self, py: Python<'_>, beta: f64, threshold: f64) -> PyResult<PyTensor> {
        self.unary(py, PairOp::Softplus.op(beta, threshold))
    }
    /// Applies the hard tanh function element-wise: this tensor clamped to `[min_val, max_val]`.
    ///
    /// See `eagertape.hardtanh`.
    #[pyo3(signature = (min_val=-1.0, max_val=1.0), text_signature = "(self, min_val=-1.0, max_val=1.0)")]
    fn hardtanh(&self, py: Python<'_>, min_val: f64, max_val: f64) -> PyResult<PyTensor> {
        self.call(py, move |s, x| s.hardtanh(x, min_val, max_val))
    }
}
