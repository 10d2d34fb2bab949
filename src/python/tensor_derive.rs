//! Tensor methods of the compositions (`src/ops/derive.rs`), the truth reductions
//! (`src/ops/logical.rs`) and `diagonal`/`diag` (`src/ops/arrange.rs`): `trace`, `diff`,
//! `cross`, `kron`, `logit`, `nansum`, `nanmean`, `round(decimals)`, `isclose`, `allclose`,
//! `equal`, `any`, `all`, `count_nonzero`, and `_tensordot`. Each converts its arguments and
//! makes one core call.

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::tensor::dims;
use crate::backend::Backend;
use crate::error::Error;
use crate::ops::arrange::{Diag, Diagonal};
use crate::ops::derive::{Derive, Interpolation};
use crate::ops::logical::Tally;
use crate::ops::Op;
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
    /// Returns a view of the diagonal of this tensor with respect to `dim1` and `dim2`.
    ///
    /// See `eagertape.diagonal`.
    #[pyo3(signature = (offset=0, dim1=0, dim2=1))]
    fn diagonal(&self, py: Python<'_>, offset: i64, dim1: i64, dim2: i64) -> PyResult<Self> {
        let h = self.handle();
        let n = self.with(py, move |s| s.shape(h))?.len();
        let m = Diagonal::of(n, offset, dim1, dim2)?;
        self.unary(py, Op::movement(m))
    }
    /// torch's `diag(diagonal=0)`: a 1-D input on a diagonal of a square matrix, or a 2-D
    /// input's diagonal.
    #[pyo3(signature = (diagonal=0))]
    fn diag(&self, py: Python<'_>, diagonal: i64) -> PyResult<Self> {
        self.unary(py, Op::movement(Diag(diagonal)))
    }
    /// The sum of the main diagonal of a matrix.
    fn trace(&self, py: Python<'_>) -> PyResult<Self> {
        self.derive(py, Derive::Trace, &[])
    }
    /// Returns the `n`-th forward difference of this tensor along the dimension `dim`.
    ///
    /// See `eagertape.diff`.
    #[pyo3(signature = (n=1, dim=-1, prepend=None, append=None), text_signature = "(self, n=1, dim=-1, prepend=None, append=None)")]
    fn diff(
        &self,
        py: Python<'_>,
        n: i64,
        dim: i64,
        prepend: Option<&Bound<'_, PyAny>>,
        append: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let prepend = prepend.filter(|p| !p.is_none());
        let append = append.filter(|a| !a.is_none());
        let d = Derive::Diff {
            n,
            dim,
            prepend: prepend.is_some(),
            append: append.is_some(),
        };
        let others: Vec<&Bound<'_, PyAny>> = prepend.into_iter().chain(append).collect();
        self.derive(py, d, &others)
    }
    /// Returns the cross product of this tensor and `other` along a dimension of size 3.
    ///
    /// With no `dim`, the first dimension of size 3. See `eagertape.cross`.
    #[pyo3(signature = (other, dim=None))]
    fn cross(&self, py: Python<'_>, other: &Bound<'_, PyAny>, dim: Option<i64>) -> PyResult<Self> {
        self.derive(py, Derive::Cross { dim }, &[other])
    }
    /// Returns the Kronecker product of this tensor and `other`.
    ///
    /// See `eagertape.kron`.
    fn kron(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.derive(py, Derive::Kron, &[other])
    }
    /// `_tensordot(other, dims_a, dims_b)`: `et.tensordot`'s core.
    fn _tensordot(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        dims_a: Vec<i64>,
        dims_b: Vec<i64>,
    ) -> PyResult<Self> {
        self.derive(
            py,
            Derive::Tensordot {
                a: dims_a,
                b: dims_b,
            },
            &[other],
        )
    }
    /// Returns the logit `log(p / (1 - p))` of each element of this tensor.
    ///
    /// With `eps`, the input is first clamped to `[eps, 1 - eps]`. See `eagertape.logit`.
    #[pyo3(signature = (eps=None))]
    fn logit(&self, py: Python<'_>, eps: Option<f64>) -> PyResult<Self> {
        // ATen's logit reads None as −1, and any negative eps as no clamp
        let eps = eps.unwrap_or(-1.0);
        self.unary(py, crate::ops::scalar::ScalarOp::Logit.op(eps))
    }
    /// Returns the sum of the elements of this tensor over `dim`, treating NaN as zero.
    ///
    /// See `eagertape.nansum`.
    #[pyo3(signature = (dim=None, keepdim=false))]
    fn nansum(
        &self,
        py: Python<'_>,
        dim: Option<&Bound<'_, PyAny>>,
        keepdim: bool,
    ) -> PyResult<Self> {
        let d = Derive::NanSum {
            dims: dims(dim)?,
            keepdim,
        };
        self.derive(py, d, &[])
    }
    /// Returns the mean of the non-NaN elements of this tensor over `dim`.
    ///
    /// See `eagertape.nanmean`.
    #[pyo3(signature = (dim=None, keepdim=false))]
    fn nanmean(
        &self,
        py: Python<'_>,
        dim: Option<&Bound<'_, PyAny>>,
        keepdim: bool,
    ) -> PyResult<Self> {
        let d = Derive::NanMean {
            dims: dims(dim)?,
            keepdim,
        };
        self.derive(py, d, &[])
    }
    /// Returns this tensor with each element rounded to `decimals` decimal places.
    ///
    /// Halves round to even; the gradient is zero. See `eagertape.round`.
    #[pyo3(signature = (*, decimals=0))]
    fn round(&self, py: Python<'_>, decimals: i64) -> PyResult<Self> {
        self.derive(py, Derive::Round { decimals }, &[])
    }
    /// Returns a bool tensor saying where this tensor and `other` are close.
    ///
    /// `|self - other| <= atol + rtol * |other|`, element-wise; the result is bool data (no
    /// gradient). See `eagertape.isclose`.
    #[pyo3(signature = (other, rtol=1e-05, atol=1e-08, equal_nan=false))]
    fn isclose(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        rtol: f64,
        atol: f64,
        equal_nan: bool,
    ) -> PyResult<Self> {
        let d = Derive::IsClose {
            rtol,
            atol,
            equal_nan,
        };
        self.derive(py, d, &[other])
    }
    /// Returns whether this tensor and `other` are close everywhere, as a Python bool.
    ///
    /// `isclose(...).all()`, read back to the host. See `eagertape.allclose`.
    #[pyo3(signature = (other, rtol=1e-05, atol=1e-08, equal_nan=false))]
    fn allclose(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        rtol: f64,
        atol: f64,
        equal_nan: bool,
    ) -> PyResult<bool> {
        // `close` names the mask until it is read (a value no handle names may be released)
        let close = self.isclose(py, other, rtol, atol, equal_nan)?;
        let h = close.handle();
        self.with(py, move |s| s.all_true(h))
    }
    /// Returns whether this tensor and `other` have the same shape and elements, as a Python bool.
    ///
    /// See `eagertape.equal`.
    ///
    /// Raises:
    ///     ArgumentError: `other` is not a tensor.
    ///     DTypeError: one tensor is floating and the other integer or bool data.
    fn equal(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let other = match self.operand(py, other)? {
            Operand::Node(h) => h,
            _ => {
                return Err(PyErr::from(Error::Argument(
                    "equal: the other operand must be a tensor".into(),
                )))
            }
        };
        let mine = self.handle();
        self.with(py, move |s| s.equal(mine, other))
    }
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
                let v = self.with(py, move |s| s.value(h))?;
                let rank = crate::backend::dynamic::Dyn::shape(v.get()).len();
                if rank > 1 {
                    return Err(PyErr::from(Error::Argument(format!(
                        "quantile: q must be a scalar or 1D tensor, got {rank} dims"
                    ))));
                }
                (crate::backend::dynamic::Dyn::to_f64(v.get())?, rank > 0)
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
    /// `_pixel_shuffle(factor, unshuffle)`: `F.pixel_shuffle` / `F.pixel_unshuffle`.
    fn _pixel_shuffle(&self, py: Python<'_>, factor: i64, unshuffle: bool) -> PyResult<Self> {
        self.derive(
            py,
            Derive::PixelShuffle {
                r: factor,
                unshuffle,
            },
            &[],
        )
    }
    /// `_glu(dim)`: `F.glu`.
    fn _glu(&self, py: Python<'_>, dim: i64) -> PyResult<Self> {
        self.derive(py, Derive::Glu { dim }, &[])
    }
    /// `_prelu(weight)`: `F.prelu`.
    fn _prelu(&self, py: Python<'_>, weight: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.derive(py, Derive::Prelu, &[weight])
    }
    /// Tests whether any element of this tensor is nonzero, over `dim`.
    ///
    /// The result is bool data. See `eagertape.any`.
    #[pyo3(signature = (dim=None, keepdim=false))]
    fn any(&self, py: Python<'_>, dim: Option<&Bound<'_, PyAny>>, keepdim: bool) -> PyResult<Self> {
        self.unary(py, Op::logical(Tally::Any, &dims(dim)?, keepdim))
    }
    /// Tests whether every element of this tensor is nonzero, over `dim`.
    ///
    /// The result is bool data. See `eagertape.all`.
    #[pyo3(signature = (dim=None, keepdim=false))]
    fn all(&self, py: Python<'_>, dim: Option<&Bound<'_, PyAny>>, keepdim: bool) -> PyResult<Self> {
        self.unary(py, Op::logical(Tally::All, &dims(dim)?, keepdim))
    }
    /// Counts the nonzero elements of this tensor over `dim`.
    ///
    /// The result is int64 data. See `eagertape.count_nonzero`.
    #[pyo3(signature = (dim=None))]
    fn count_nonzero(&self, py: Python<'_>, dim: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        self.unary(py, Op::logical(Tally::CountNonzero, &dims(dim)?, false))
    }
}
