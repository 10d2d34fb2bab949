//! Tensor methods of the tensor language's math beyond `tensor.rs`: the parametrised
//! activations (`leaky_relu`, `elu`, `softplus`, `hardtanh`), the combinations and the
//! operators `**`, `//`, `%`. The statistics are declared in `ops/reductions.rs`.

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::tensor::POW;
use crate::error::Error;
use crate::ops::activation::PairOp;
use crate::ops::binary::BinaryOp;
use crate::ops::combine::Combine;
use crate::ops::scalar::ScalarOp;
use crate::session::{Operand, Operator};

const FLOOR_DIVIDE: Operator = Operator::Arith(BinaryOp::FloorDivide);
const REMAINDER: Operator = Operator::Arith(BinaryOp::Remainder);

/// torch's `out_dtype=` of `addmm`/`baddbmm` (a wider result of half-precision CUDA
/// products): refused unless None; the result has the operands' dtype.
fn no_out_dtype(op: &str, out_dtype: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    match out_dtype {
        Some(d) if !d.is_none() => Err(PyErr::from(Error::Argument(format!(
            "{op}: out_dtype is not supported (the result has the operands' dtype)"
        )))),
        _ => Ok(()),
    }
}

impl PyTensor {
    /// The composition `c` on this tensor and `others` (tensors, arrays or numbers as
    /// constants), recorded all or nothing.
    fn combine(&self, py: Python<'_>, c: Combine, others: &[&Bound<'_, PyAny>]) -> PyResult<Self> {
        let mut operands = vec![Operand::Node(self.handle())];
        for o in others {
            operands.push(self.operand(py, o)?);
        }
        self.call(py, move |s, _| s.combine(c, operands))
    }
}

#[pymethods]
impl PyTensor {
    /// Linearly interpolates between this tensor and `end`: `self + weight * (end - self)`.
    ///
    /// `weight` is a number or a tensor. See `eagertape.lerp`.
    fn lerp(
        &self,
        py: Python<'_>,
        end: &Bound<'_, PyAny>,
        weight: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        match super::tensor_index::number(weight) {
            Some(w) => self.combine(py, Combine::Lerp { weight: Some(w) }, &[end]),
            None => self.combine(py, Combine::Lerp { weight: None }, &[end, weight]),
        }
    }
    /// Returns `self + value * tensor1 * tensor2`, element-wise.
    ///
    /// See `eagertape.addcmul`.
    #[pyo3(signature = (tensor1, tensor2, *, value=1.0))]
    fn addcmul(
        &self,
        py: Python<'_>,
        tensor1: &Bound<'_, PyAny>,
        tensor2: &Bound<'_, PyAny>,
        value: f64,
    ) -> PyResult<Self> {
        self.combine(py, Combine::Addcmul { value }, &[tensor1, tensor2])
    }
    /// Returns `self + value * tensor1 / tensor2`, element-wise.
    ///
    /// See `eagertape.addcdiv`.
    #[pyo3(signature = (tensor1, tensor2, *, value=1.0))]
    fn addcdiv(
        &self,
        py: Python<'_>,
        tensor1: &Bound<'_, PyAny>,
        tensor2: &Bound<'_, PyAny>,
        value: f64,
    ) -> PyResult<Self> {
        self.combine(py, Combine::Addcdiv { value }, &[tensor1, tensor2])
    }
    /// Returns the outer product of this 1-D tensor and the 1-D tensor `vec2`.
    ///
    /// See `eagertape.outer`.
    fn outer(&self, py: Python<'_>, vec2: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.combine(py, Combine::Outer, &[vec2])
    }
    /// Returns `beta * self + alpha * (mat1 @ mat2)`.
    ///
    /// See `eagertape.addmm`.
    #[pyo3(signature = (mat1, mat2, *, beta=1.0, alpha=1.0, out_dtype=None))]
    fn addmm(
        &self,
        py: Python<'_>,
        mat1: &Bound<'_, PyAny>,
        mat2: &Bound<'_, PyAny>,
        beta: f64,
        alpha: f64,
        out_dtype: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        no_out_dtype("addmm", out_dtype)?;
        self.combine(py, Combine::Addmm { beta, alpha }, &[mat1, mat2])
    }
    /// `baddbmm(batch1, batch2, *, beta=1, alpha=1)`: `beta · self + alpha · bmm(batch1,
    /// batch2)`.
    #[pyo3(signature = (batch1, batch2, *, beta=1.0, alpha=1.0, out_dtype=None))]
    fn baddbmm(
        &self,
        py: Python<'_>,
        batch1: &Bound<'_, PyAny>,
        batch2: &Bound<'_, PyAny>,
        beta: f64,
        alpha: f64,
        out_dtype: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        no_out_dtype("baddbmm", out_dtype)?;
        self.combine(py, Combine::Baddbmm { beta, alpha }, &[batch1, batch2])
    }
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
