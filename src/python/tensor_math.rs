//! Tensor methods of the tensor language's math beyond `tensor.rs`: the parametrised
//! activations (`leaky_relu`, `elu`, `softplus`, `hardtanh`) and the reductions `prod`,
//! `var`, `std`, `logsumexp`, `norm`, `cumsum`, `argmax`, `argmin`.

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::tensor::{dims, POW};
use crate::error::Error;
use crate::ops::activation::PairOp;
use crate::ops::binary::BinaryOp;
use crate::ops::combine::Combine;
use crate::ops::scalar::ScalarOp;
use crate::ops::statistics::{Cumsum, StatKind};
use crate::ops::Op;
use crate::session::{Operand, Operator};

/// `var`/`std`'s divisor correction from torch's `unbiased` and `correction` (1 when
/// neither is given; `correction=None` is 1 too).
fn correction(unbiased: Option<bool>, correction: Option<f64>) -> PyResult<f64> {
    match (unbiased, correction) {
        (Some(_), Some(_)) => Err(PyErr::from(Error::Argument(
            "var/std: give unbiased or correction, not both".into(),
        ))),
        (Some(u), None) => Ok(if u { 1.0 } else { 0.0 }),
        (None, c) => Ok(c.unwrap_or(1.0)),
    }
}

/// `var`/`std`'s dims and correction; a bool first is torch's `var(unbiased)` overload.
fn spread(
    dim: Option<&Bound<'_, PyAny>>,
    unbiased: Option<bool>,
    c: Option<f64>,
) -> PyResult<(Vec<i64>, f64)> {
    let (dim, unbiased) = match dim {
        Some(d) if d.is_instance_of::<pyo3::types::PyBool>() => (None, Some(d.extract()?)),
        d => (d, unbiased),
    };
    Ok((dims(dim)?, correction(unbiased, c)?))
}

/// `norm`'s `p`: a number (`inf` included) or `"fro"` (2); `"nuc"` is NaN here (the
/// caller records the nuclear norm).
fn norm_p(p: &Bound<'_, PyAny>) -> PyResult<f64> {
    if let Ok(s) = p.extract::<String>() {
        return match s.as_str() {
            "fro" => Ok(2.0),
            "nuc" => Ok(f64::NAN),
            other => Err(PyErr::from(Error::Argument(format!(
                "norm: p must be a number or \"fro\", got {other:?}"
            )))),
        };
    }
    p.extract::<f64>().map_err(|_| {
        PyErr::from(Error::Argument(
            "norm: p must be a number or \"fro\"".into(),
        ))
    })
}

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

    /// Returns the product of the elements of this tensor, over all of them or along `dim`.
    ///
    /// See `eagertape.prod`.
    #[pyo3(signature = (dim=None, keepdim=false))]
    fn prod(&self, py: Python<'_>, dim: Option<i64>, keepdim: bool) -> PyResult<PyTensor> {
        let dims: Vec<i64> = dim.into_iter().collect();
        self.unary(py, Op::statistic(StatKind::Prod, &dims, keepdim))
    }
    /// `var(dim=None, unbiased=None, keepdim=False, *, correction=None)`: divides by
    /// `max(0, N - correction)`.
    #[pyo3(signature = (dim=None, unbiased=None, keepdim=false, *, correction=None))]
    fn var(
        &self,
        py: Python<'_>,
        dim: Option<&Bound<'_, PyAny>>,
        unbiased: Option<bool>,
        keepdim: bool,
        correction: Option<f64>,
    ) -> PyResult<PyTensor> {
        let (dims, c) = spread(dim, unbiased, correction)?;
        self.unary(py, Op::statistic(StatKind::Var(c), &dims, keepdim))
    }
    /// Returns the standard deviation of the elements of this tensor over `dim`.
    ///
    /// Divides by `max(0, N - correction)`; with neither `unbiased` nor `correction` given,
    /// the correction is 1. See `eagertape.std`.
    #[pyo3(signature = (dim=None, unbiased=None, keepdim=false, *, correction=None))]
    fn std(
        &self,
        py: Python<'_>,
        dim: Option<&Bound<'_, PyAny>>,
        unbiased: Option<bool>,
        keepdim: bool,
        correction: Option<f64>,
    ) -> PyResult<PyTensor> {
        let (dims, c) = spread(dim, unbiased, correction)?;
        self.unary(py, Op::statistic(StatKind::Std(c), &dims, keepdim))
    }
    /// Returns the log of the summed exponentials of this tensor over `dim`, computed stably.
    ///
    /// See `eagertape.logsumexp`.
    #[pyo3(signature = (dim, keepdim=false))]
    fn logsumexp(
        &self,
        py: Python<'_>,
        dim: &Bound<'_, PyAny>,
        keepdim: bool,
    ) -> PyResult<PyTensor> {
        self.unary(
            py,
            Op::statistic(StatKind::LogSumExp, &dims(Some(dim))?, keepdim),
        )
    }
    /// Returns the norm of this tensor over `dim` (all elements when ``None``).
    ///
    /// `p` is a number (``inf`` included), ``"fro"`` or ``None`` (both the 2-norm), or
    /// ``"nuc"`` (the nuclear norm of a matrix, or over two dims). See `eagertape.norm`.
    #[pyo3(signature = (p=None, dim=None, keepdim=false))]
    fn norm(
        &self,
        py: Python<'_>,
        p: Option<&Bound<'_, PyAny>>,
        dim: Option<&Bound<'_, PyAny>>,
        keepdim: bool,
    ) -> PyResult<PyTensor> {
        let p = match p.filter(|p| !p.is_none()) {
            None => 2.0,
            Some(p) => norm_p(p)?,
        };
        let dims = dims(dim)?;
        if p.is_nan() {
            // The nuclear norm: of a matrix (dim None) or over two dims.
            let two: [i64; 2] = match dims.as_slice() {
                [] => [0, 1],
                &[a, b] => [a, b],
                other => {
                    return Err(PyErr::from(Error::Shape(format!(
                        "norm(p=\"nuc\"): needs two dims, got {other:?}"
                    ))))
                }
            };
            if dims.is_empty()
                && self
                    .with(py, {
                        let h = self.handle();
                        move |s| s.shape(h)
                    })?
                    .len()
                    != 2
            {
                return Err(PyErr::from(Error::Shape(
                    "norm(p=\"nuc\") without dim needs a 2-D input".into(),
                )));
            }
            let op = Op::NuclearNorm(crate::ops::statistics::NuclearNorm { dims: two, keepdim });
            return self.unary(py, op);
        }
        self.unary(py, Op::statistic(StatKind::Norm(p), &dims, keepdim))
    }
    /// Returns the cumulative sum of the elements of this tensor along `dim`.
    ///
    /// See `eagertape.cumsum`.
    fn cumsum(&self, py: Python<'_>, dim: i64) -> PyResult<PyTensor> {
        self.unary(py, Op::Cumsum(Cumsum(dim)))
    }
    /// Returns the int64 indices of the maximum values of this tensor (the first one of ties).
    ///
    /// Over the flattened tensor when `dim` is ``None``; the result is int64 data. See
    /// `eagertape.argmax`.
    #[pyo3(signature = (dim=None, keepdim=false))]
    fn argmax(&self, py: Python<'_>, dim: Option<i64>, keepdim: bool) -> PyResult<PyTensor> {
        self.unary(py, Op::arg_extremum(dim, keepdim, true))
    }
    /// Returns the int64 indices of the minimum values of this tensor (the first one of ties).
    ///
    /// Over the flattened tensor when `dim` is ``None``; the result is int64 data. See
    /// `eagertape.argmin`.
    #[pyo3(signature = (dim=None, keepdim=false))]
    fn argmin(&self, py: Python<'_>, dim: Option<i64>, keepdim: bool) -> PyResult<PyTensor> {
        self.unary(py, Op::arg_extremum(dim, keepdim, false))
    }
}
