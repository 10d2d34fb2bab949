//! [`Dyn`]: one backend type that holds a tensor of any backend and dispatches each kernel
//! to the backend that owns it. Sessions, parameters and optimizers built on `Dyn` serve
//! every carrier through one code path (the Python layer uses it); the backward rules stay
//! written once, against [`Backend`].

mod plan;

use tch::Tensor;

use super::libtorch::LibTorch;
use super::reference::{index, Interval, RefTensor, Reference};
use super::{Backend, BinaryKernel, GradKernel, PairKernel, ScalarKernel, UnaryKernel};
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::kernel::{
    AdadeltaConfig, AdamConfig, AdamOperands, Layer, Movement, Predicate, RpropConfig, SgdConfig,
    StateOp,
};

/// The runtime-dispatched backend.
pub struct Dyn;

/// A tensor of one of the backends.
pub enum DynTensor {
    /// Native carriers, on LibTorch.
    Torch(Tensor),
    /// `ieee32` and reference `float32`.
    F32(RefTensor<f32>),
    /// Reference `float64`.
    F64(RefTensor<f64>),
    /// `interval`.
    Iv(RefTensor<Interval>),
}

use DynTensor::{Iv, Torch, F32, F64};

/// The guards of every backend that has one.
pub struct DynGuard {
    _torch: tch::NoGradGuard,
}

macro_rules! unary {
    ($t:expr, $f:ident $(, $arg:expr)*) => {
        match $t {
            Torch(x) => LibTorch::$f(x $(, $arg)*).map(Torch),
            F32(x) => Reference::<f32>::$f(x $(, $arg)*).map(F32),
            F64(x) => Reference::<f64>::$f(x $(, $arg)*).map(F64),
            Iv(x) => Reference::<Interval>::$f(x $(, $arg)*).map(Iv),
        }
    };
}

macro_rules! binary {
    ($a:expr, $b:expr, $f:ident) => {
        match ($a, $b) {
            (Torch(a), Torch(b)) => LibTorch::$f(a, b).map(Torch),
            (F32(a), F32(b)) => Reference::<f32>::$f(a, b).map(F32),
            (F64(a), F64(b)) => Reference::<f64>::$f(a, b).map(F64),
            (Iv(a), Iv(b)) => Reference::<Interval>::$f(a, b).map(Iv),
            (a, b) => Err(mismatch(a, b)),
        }
    };
}

macro_rules! in_place {
    ($a:expr, $b:expr, $f:ident $(, $arg:expr)*) => {
        match ($a, $b) {
            (Torch(a), Torch(b)) => LibTorch::$f(a $(, $arg)*, b),
            (F32(a), F32(b)) => Reference::<f32>::$f(a $(, $arg)*, b),
            (F64(a), F64(b)) => Reference::<f64>::$f(a $(, $arg)*, b),
            (Iv(a), Iv(b)) => Reference::<Interval>::$f(a $(, $arg)*, b),
            (a, b) => Err(mismatch(a, b)),
        }
    };
}

/// Which variant holds a dtype.
macro_rules! create {
    ($dtype:expr, $f:ident ( $($arg:expr),* )) => {
        match $dtype {
            d if d.is_native() || d.is_data() => LibTorch::$f($($arg),*).map(Torch),
            DType::Ieee32 | DType::RefFloat32 => Reference::<f32>::$f($($arg),*).map(F32),
            DType::RefFloat64 => Reference::<f64>::$f($($arg),*).map(F64),
            _ => Reference::<Interval>::$f($($arg),*).map(Iv),
        }
    };
}

/// `Adam(fused=True)` on a reference carrier: LibTorch's kernel only.
fn fused_adam_unsupported(x: &DynTensor) -> Error {
    Error::Unsupported {
        op: "Adam(fused=True)",
        carrier: Dyn::backend_name(x).to_string(),
    }
}

/// `t` as a LibTorch tensor, for an op whose input is `x` (else the mismatch error).
fn torch_operand<'a>(x: &DynTensor, t: &'a DynTensor) -> Result<&'a Tensor> {
    match t {
        Torch(t) => Ok(t),
        _ => Err(mismatch(x, t)),
    }
}

/// A class-id kernel's arguments as LibTorch tensors.
fn torch_ids<'a>(
    x: &DynTensor,
    a: &super::class_targets::IdsLoss<'a, DynTensor>,
) -> Result<super::class_targets::IdsLoss<'a, Tensor>> {
    Ok(super::class_targets::IdsLoss {
        ids: torch_operand(x, a.ids)?,
        weight: a.weight.map(|w| torch_operand(x, w)).transpose()?,
        ignore_index: a.ignore_index,
        reduction: a.reduction,
    })
}

fn mismatch(a: &DynTensor, b: &DynTensor) -> Error {
    Error::DType(format!(
        "cannot combine a {} tensor with a {} tensor",
        Dyn::dtype(a),
        Dyn::dtype(b)
    ))
}

impl DynTensor {
    /// Interval bounds `(lo, hi)` of every element (a point value `x` is `(x, x)`).
    pub fn bounds(&self) -> Result<(Vec<f64>, Vec<f64>)> {
        match self {
            Iv(t) => Ok(t.to_vec().into_iter().map(|i| (i.lo, i.hi)).unzip()),
            other => {
                let v = Dyn::to_f64(other)?;
                Ok((v.clone(), v))
            }
        }
    }

    /// An interval tensor from bounds.
    pub fn from_bounds(lo: &[f64], hi: &[f64], shape: &[i64]) -> Result<DynTensor> {
        let mut data = Vec::with_capacity(lo.len()); // bounded: as many as the host bounds given
        for (i, (&l, &h)) in lo.iter().zip(hi).enumerate() {
            let iv =
                <Interval as super::reference::Scalar>::from_bounds(l, h).ok_or_else(|| {
                    Error::Argument(format!(
                        "interval bounds at flat index {i} are invalid: lo={l} must be <= hi={h}"
                    ))
                })?;
            data.push(iv);
        }
        if data.len() != super::reference::tensor_numel(shape) || lo.len() != hi.len() {
            return Err(Error::Shape(format!(
                "interval bounds of {} and {} values cannot fill shape {shape:?}",
                lo.len(),
                hi.len()
            )));
        }
        Ok(Iv(RefTensor::from_vec(data, shape, DType::Interval)))
    }
}

/// Handles on the LibTorch tensors of `xs`, or `UnsupportedOpError` naming `op` and the
/// first carrier LibTorch does not hold.
fn torch_all(op: &'static str, xs: &[&DynTensor]) -> Result<Vec<Tensor>> {
    xs.iter()
        .map(|x| match x {
            Torch(t) => Ok(t.shallow_clone()),
            other => Err(Error::Unsupported {
                op,
                carrier: Dyn::dtype(other).carrier_label(),
            }),
        })
        .collect()
}

impl Backend for Dyn {
    type T = DynTensor;
    type Guard = DynGuard;
    const NAME: &'static str = "dyn";

    fn no_grad() -> DynGuard {
        DynGuard {
            _torch: LibTorch::no_grad(),
        }
    }
    fn device_available(d: Device) -> bool {
        LibTorch::device_available(d)
    }
    fn cuda_device_count() -> usize {
        LibTorch::cuda_device_count()
    }
    fn backend_name(t: &DynTensor) -> &'static str {
        match t {
            Torch(_) => LibTorch::NAME,
            _ => "reference",
        }
    }
    fn shape(t: &DynTensor) -> Vec<i64> {
        match t {
            Torch(x) => x.size(),
            F32(x) => x.shape().to_vec(),
            F64(x) => x.shape().to_vec(),
            Iv(x) => x.shape().to_vec(),
        }
    }
    fn numel(t: &DynTensor) -> usize {
        match t {
            Torch(x) => LibTorch::numel(x),
            F32(x) => x.numel(),
            F64(x) => x.numel(),
            Iv(x) => x.numel(),
        }
    }
    fn dtype(t: &DynTensor) -> DType {
        match t {
            Torch(x) => LibTorch::dtype(x),
            F32(x) => x.dtype(),
            F64(x) => x.dtype(),
            Iv(x) => x.dtype(),
        }
    }
    fn device(t: &DynTensor) -> Device {
        match t {
            Torch(x) => LibTorch::device(x),
            _ => Device::Cpu,
        }
    }
    fn from_f64(data: &[f64], shape: &[i64], dtype: DType, device: Device) -> Result<DynTensor> {
        create!(dtype, from_f64(data, shape, dtype, device))
    }
    fn to_f64(t: &DynTensor) -> Result<Vec<f64>> {
        match t {
            Torch(x) => LibTorch::to_f64(x),
            F32(x) => Reference::<f32>::to_f64(x),
            F64(x) => Reference::<f64>::to_f64(x),
            Iv(x) => Reference::<Interval>::to_f64(x),
        }
    }
    fn full(shape: &[i64], value: f64, dtype: DType, device: Device) -> Result<DynTensor> {
        create!(dtype, full(shape, value, dtype, device))
    }
    fn generate(
        shape: &[i64],
        dtype: DType,
        device: Device,
        gen: &(dyn Fn(usize, &mut [f64]) + Sync),
    ) -> Result<DynTensor> {
        create!(dtype, generate(shape, dtype, device, gen))
    }
    fn class_ids_prepare(
        spec: &super::class_targets::ClassTargets<'_>,
        x: &DynTensor,
        ids: &DynTensor,
        classes: i64,
    ) -> Result<Option<super::class_targets::PreparedIds<DynTensor>>> {
        use super::class_targets::PreparedIds;
        match (x, ids) {
            (Torch(x), Torch(ids)) => Ok(LibTorch::class_ids_prepare(spec, x, ids, classes)?.map(
                |p| PreparedIds {
                    ids: Torch(p.ids),
                    weight: p.weight.map(Torch),
                },
            )),
            _ => Ok(None),
        }
    }
    fn class_ids_loss(
        x: &DynTensor,
        a: &super::class_targets::IdsLoss<'_, DynTensor>,
        log_softmax: bool,
    ) -> Result<super::class_targets::IdsForward<DynTensor>> {
        let (xt, a) = (torch_operand(x, x)?, torch_ids(x, a)?);
        let f = LibTorch::class_ids_loss(xt, &a, log_softmax)?;
        Ok(super::class_targets::IdsForward {
            loss: Torch(f.loss),
            saved: super::class_targets::IdsSaved {
                log_probs: f.saved.log_probs.map(Torch),
                total_weight: Torch(f.saved.total_weight),
            },
        })
    }
    fn class_ids_loss_backward(
        g: &DynTensor,
        x: &DynTensor,
        a: &super::class_targets::IdsLoss<'_, DynTensor>,
        saved: &super::class_targets::IdsSaved<&DynTensor>,
        log_softmax: bool,
    ) -> Result<DynTensor> {
        let saved = super::class_targets::IdsSaved {
            log_probs: saved.log_probs.map(|z| torch_operand(x, z)).transpose()?,
            total_weight: torch_operand(x, saved.total_weight)?,
        };
        let (gt, xt, a) = (torch_operand(x, g)?, torch_operand(x, x)?, torch_ids(x, a)?);
        LibTorch::class_ids_loss_backward(gt, xt, &a, &saved, log_softmax).map(Torch)
    }
    /// LibTorch's (on the device) for a native carrier; the host's for the reference ones.
    fn class_coefficients(
        spec: &super::class_targets::ClassTargets<'_>,
        ids: &DynTensor,
        shape: &[i64],
        class_dim: usize,
        dtype: DType,
        device: Device,
    ) -> Result<(DynTensor, f64)> {
        match ids {
            Torch(t) if dtype.is_native() => {
                LibTorch::class_coefficients(spec, t, shape, class_dim, dtype, device)
                    .map(|(a, d)| (Torch(a), d))
            }
            _ => super::class_targets::on_host::<Dyn>(spec, ids, shape, class_dim, dtype, device),
        }
    }
    fn linspace(
        start: f64,
        end: f64,
        steps: i64,
        dtype: DType,
        device: Device,
    ) -> Result<Option<DynTensor>> {
        if dtype.is_native() || dtype.is_data() {
            return Ok(LibTorch::linspace(start, end, steps, dtype, device)?.map(Torch));
        }
        Ok(None)
    }
    fn eye(n: i64, m: i64, dtype: DType, device: Device) -> Result<DynTensor> {
        create!(dtype, eye(n, m, dtype, device))
    }
    fn copy(t: &DynTensor) -> Result<DynTensor> {
        unary!(t, copy)
    }
    /// Conversions within a backend go to that backend; across backends they go through
    /// exact float64 values (every float32 and float64 is one), and point data becomes
    /// degenerate intervals. Intervals do not turn into points.
    fn convert(t: &DynTensor, dtype: DType, device: Device) -> Result<DynTensor> {
        let same_backend = match t {
            Torch(_) => dtype.is_native() || dtype.is_data(),
            F32(_) => matches!(dtype, DType::Ieee32 | DType::RefFloat32),
            F64(_) => dtype == DType::RefFloat64,
            Iv(_) => dtype == DType::Interval,
        };
        if same_backend {
            return unary!(t, convert, dtype, device);
        }
        if let Iv(_) = t {
            return Err(Error::DType(format!(
                "interval data cannot be converted to {dtype}; use an interval session"
            )));
        }
        let values = Self::to_f64(t)?;
        Self::from_f64(&values, &Self::shape(t), dtype, device)
    }

    fn unary<F: UnaryKernel>(x: &DynTensor) -> Result<DynTensor> {
        match x {
            Torch(x) => LibTorch::unary::<F>(x).map(Torch),
            F32(x) => Reference::<f32>::unary::<F>(x).map(F32),
            F64(x) => Reference::<f64>::unary::<F>(x).map(F64),
            Iv(x) => Reference::<Interval>::unary::<F>(x).map(Iv),
        }
    }
    fn binary<F: BinaryKernel>(a: &DynTensor, b: &DynTensor) -> Result<DynTensor> {
        match (a, b) {
            (Torch(a), Torch(b)) => LibTorch::binary::<F>(a, b).map(Torch),
            (F32(a), F32(b)) => Reference::<f32>::binary::<F>(a, b).map(F32),
            (F64(a), F64(b)) => Reference::<f64>::binary::<F>(a, b).map(F64),
            (Iv(a), Iv(b)) => Reference::<Interval>::binary::<F>(a, b).map(Iv),
            (a, b) => Err(mismatch(a, b)),
        }
    }
    fn scalar<F: ScalarKernel>(x: &DynTensor, s: f64) -> Result<DynTensor> {
        match x {
            Torch(x) => LibTorch::scalar::<F>(x, s).map(Torch),
            F32(x) => Reference::<f32>::scalar::<F>(x, s).map(F32),
            F64(x) => Reference::<f64>::scalar::<F>(x, s).map(F64),
            Iv(x) => Reference::<Interval>::scalar::<F>(x, s).map(Iv),
        }
    }
    fn pair<F: PairKernel>(x: &DynTensor, a: f64, b: f64) -> Result<DynTensor> {
        match x {
            Torch(x) => LibTorch::pair::<F>(x, a, b).map(Torch),
            F32(x) => Reference::<f32>::pair::<F>(x, a, b).map(F32),
            F64(x) => Reference::<f64>::pair::<F>(x, a, b).map(F64),
            Iv(x) => Reference::<Interval>::pair::<F>(x, a, b).map(Iv),
        }
    }
    fn grad<F: GradKernel>(g: &DynTensor, x: &DynTensor, a: f64, b: f64) -> Result<DynTensor> {
        match (g, x) {
            (Torch(g), Torch(x)) => LibTorch::grad::<F>(g, x, a, b).map(Torch),
            (F32(g), F32(x)) => Reference::<f32>::grad::<F>(g, x, a, b).map(F32),
            (F64(g), F64(x)) => Reference::<f64>::grad::<F>(g, x, a, b).map(F64),
            (Iv(g), Iv(x)) => Reference::<Interval>::grad::<F>(g, x, a, b).map(Iv),
            (g, x) => Err(mismatch(g, x)),
        }
    }
    fn is_finite(a: &DynTensor) -> Result<bool> {
        match a {
            Torch(x) => LibTorch::is_finite(x),
            F32(x) => Reference::<f32>::is_finite(x),
            F64(x) => Reference::<f64>::is_finite(x),
            Iv(x) => Reference::<Interval>::is_finite(x),
        }
    }
    fn has_nan(a: &DynTensor) -> Result<bool> {
        match a {
            Torch(x) => LibTorch::has_nan(x),
            F32(x) => Reference::<f32>::has_nan(x),
            F64(x) => Reference::<f64>::has_nan(x),
            Iv(x) => Reference::<Interval>::has_nan(x),
        }
    }
    fn matmul(a: &DynTensor, b: &DynTensor) -> Result<DynTensor> {
        binary!(a, b, matmul)
    }
    fn sum_dims(a: &DynTensor, dims: &[i64], keepdim: bool) -> Result<DynTensor> {
        unary!(a, sum_dims, dims, keepdim)
    }
    fn prod_dims(a: &DynTensor, dims: &[i64], keepdim: bool) -> Result<DynTensor> {
        unary!(a, prod_dims, dims, keepdim)
    }
    fn nuclear_norm(a: &DynTensor, dims: [i64; 2], keepdim: bool) -> Result<DynTensor> {
        match a {
            Torch(x) => LibTorch::nuclear_norm(x, dims, keepdim).map(Torch),
            other => Err(Error::Unsupported {
                op: "norm(p=\"nuc\")",
                carrier: Dyn::dtype(other).carrier_label(),
            }),
        }
    }
    fn nuclear_norm_backward(
        a: &DynTensor,
        g: &DynTensor,
        dims: [i64; 2],
        keepdim: bool,
    ) -> Result<DynTensor> {
        match (a, g) {
            (Torch(x), Torch(g)) => LibTorch::nuclear_norm_backward(x, g, dims, keepdim).map(Torch),
            (other, _) => Err(Error::Unsupported {
                op: "norm(p=\"nuc\")",
                carrier: Dyn::dtype(other).carrier_label(),
            }),
        }
    }
    fn cumsum(a: &DynTensor, dim: i64, reverse: bool) -> Result<DynTensor> {
        unary!(a, cumsum, dim, reverse)
    }
    fn extremum_dims(a: &DynTensor, dims: &[i64], keepdim: bool, max: bool) -> Result<DynTensor> {
        match a {
            Torch(x) => LibTorch::extremum_dims(x, dims, keepdim, max).map(Torch),
            F32(x) => Reference::<f32>::extremum_dims(x, dims, keepdim, max).map(F32),
            F64(x) => Reference::<f64>::extremum_dims(x, dims, keepdim, max).map(F64),
            Iv(x) => Reference::<Interval>::extremum_dims(x, dims, keepdim, max).map(Iv),
        }
    }
    fn softmax(a: &DynTensor, dim: i64) -> Result<DynTensor> {
        unary!(a, softmax, dim)
    }
    fn log_softmax(a: &DynTensor, dim: i64) -> Result<DynTensor> {
        unary!(a, log_softmax, dim)
    }
    fn softmax_backward(
        g: &DynTensor,
        y: &DynTensor,
        dim: i64,
        log: bool,
    ) -> Result<Option<DynTensor>> {
        match (g, y) {
            (Torch(g), Torch(y)) => Ok(LibTorch::softmax_backward(g, y, dim, log)?.map(Torch)),
            _ => Ok(None),
        }
    }
    fn var_dims(
        x: &DynTensor,
        dims: &[i64],
        correction: f64,
        keepdim: bool,
        std: bool,
    ) -> Result<Option<DynTensor>> {
        match x {
            Torch(x) => Ok(LibTorch::var_dims(x, dims, correction, keepdim, std)?.map(Torch)),
            _ => Ok(None),
        }
    }
    fn one_hot(ids: &[i64], classes: i64, dtype: DType, device: Device) -> Result<DynTensor> {
        create!(dtype, one_hot(ids, classes, dtype, device))
    }
    /// LibTorch tensors on LibTorch; reference floats on the host, their indices as a CPU
    /// int64 LibTorch tensor (data dtypes are LibTorch's on every profile); intervals have
    /// no single position of the maximum.
    fn max_dim(a: &DynTensor, dim: i64, keepdim: bool) -> Result<(DynTensor, DynTensor)> {
        fn host(idx: Vec<i64>, shape: &[i64]) -> Result<DynTensor> {
            Ok(Torch(Tensor::f_from_slice(&idx)?.f_reshape(shape)?))
        }
        match a {
            Torch(x) => LibTorch::max_dim(x, dim, keepdim).map(|(v, i)| (Torch(v), Torch(i))),
            F32(x) => {
                let (v, idx, shape) = index::max_along(x, dim, keepdim)?;
                Ok((F32(v), host(idx, &shape)?))
            }
            F64(x) => {
                let (v, idx, shape) = index::max_along(x, dim, keepdim)?;
                Ok((F64(v), host(idx, &shape)?))
            }
            Iv(_) => Err(Error::Unsupported {
                op: "max",
                carrier: DType::Interval.name().to_string(),
            }),
        }
    }
    fn sort_indices(a: &DynTensor, dim: i64, descending: bool, stable: bool) -> Result<DynTensor> {
        match a {
            Torch(x) => LibTorch::sort_indices(x, dim, descending, stable).map(Torch),
            other => Err(Error::Unsupported {
                op: "sort",
                carrier: Dyn::dtype(other).carrier_label(),
            }),
        }
    }
    fn select_index(
        a: &DynTensor,
        sel: crate::kernel::select::Selection,
        dim: i64,
    ) -> Result<DynTensor> {
        match a {
            Torch(x) => LibTorch::select_index(x, sel, dim).map(Torch),
            other => Err(Error::Unsupported {
                op: sel.name(),
                carrier: Dyn::dtype(other).carrier_label(),
            }),
        }
    }
    fn topk_indices(
        a: &DynTensor,
        k: i64,
        dim: i64,
        largest: bool,
        sorted: bool,
    ) -> Result<DynTensor> {
        match a {
            Torch(x) => LibTorch::topk_indices(x, k, dim, largest, sorted).map(Torch),
            other => Err(Error::Unsupported {
                op: "topk",
                carrier: Dyn::dtype(other).carrier_label(),
            }),
        }
    }
    fn scatter_dim(
        shape: &[i64],
        dim: i64,
        index: &DynTensor,
        src: &DynTensor,
    ) -> Result<DynTensor> {
        let host = |i: &DynTensor| -> Result<Vec<i64>> {
            match i {
                Torch(t) => super::libtorch::read_host::<i64>(t),
                other => Err(mismatch(other, src)),
            }
        };
        match (index, src) {
            (Torch(i), Torch(s)) => LibTorch::scatter_dim(shape, dim, i, s).map(Torch),
            (i, F32(s)) => index::scatter_along(shape, dim, &host(i)?, s).map(F32),
            (i, F64(s)) => index::scatter_along(shape, dim, &host(i)?, s).map(F64),
            (_, Iv(_)) => Err(Error::Unsupported {
                op: "scatter",
                carrier: DType::Interval.name().to_string(),
            }),
            (i, s) => Err(mismatch(i, s)),
        }
    }

    /// LibTorch's tensors only; a reference carrier refuses.
    fn layer(l: &dyn Layer, xs: &[&DynTensor]) -> Result<(DynTensor, Vec<DynTensor>)> {
        let ts = torch_all(l.name(), xs)?;
        let refs: Vec<&Tensor> = ts.iter().collect();
        let (out, ws) = LibTorch::layer(l, &refs)?;
        Ok((Torch(out), ws.into_iter().map(Torch).collect()))
    }
    fn layer_backward(
        l: &dyn Layer,
        xs: &[&DynTensor],
        workspace: &[&DynTensor],
        g: &DynTensor,
        needs: &[bool],
    ) -> Result<Vec<Option<DynTensor>>> {
        let ts = torch_all(l.name(), xs)?;
        let ws = torch_all(l.name(), workspace)?;
        let g = torch_all(l.name(), &[g])?.remove(0);
        let (refs, wrefs): (Vec<&Tensor>, Vec<&Tensor>) =
            (ts.iter().collect(), ws.iter().collect());
        let gs = LibTorch::layer_backward(l, &refs, &wrefs, &g, needs)?;
        Ok(gs.into_iter().map(|g| g.map(Torch)).collect())
    }
    fn movement(m: &dyn Movement, xs: &[&DynTensor]) -> Result<(DynTensor, bool)> {
        plan::movement(m, xs)
    }
    fn movement_backward(
        m: &dyn Movement,
        xs: &[&DynTensor],
        g: &DynTensor,
        which: usize,
    ) -> Result<(DynTensor, bool)> {
        plan::movement_backward(m, xs, g, which)
    }
    /// LibTorch's kernel; a reference float32/float64 tensor is first compared with zero
    /// (a bool tensor, exact); an interval has no truth value.
    fn tally(
        x: &DynTensor,
        kind: crate::kernel::predicate::Tally,
        dims: &[i64],
        keepdim: bool,
    ) -> Result<DynTensor> {
        let t = match x {
            Torch(t) => t.shallow_clone(),
            Iv(_) => {
                return Err(Error::Unsupported {
                    op: kind.name(),
                    carrier: Dyn::dtype(x).carrier_label(),
                })
            }
            other => match Dyn::predicate(Predicate::Ne, other, None, 0.0)? {
                Torch(t) => t,
                _ => {
                    return Err(Error::Backend(format!(
                        "{}: a comparison did not give bool data",
                        kind.name()
                    )))
                }
            },
        };
        LibTorch::tally(&t, kind, dims, keepdim).map(Torch)
    }
    /// LibTorch's kernel; a reference float32/float64 operand is read into a float64
    /// LibTorch tensor first (exact: the comparisons are the same), an interval refused.
    fn searchsorted(
        seq: &DynTensor,
        values: &DynTensor,
        right: bool,
        out_int32: bool,
    ) -> Result<DynTensor> {
        let as_torch = |t: &DynTensor| -> Result<Tensor> {
            match t {
                Torch(x) => Ok(x.shallow_clone()),
                Iv(_) => Err(Error::Unsupported {
                    op: "searchsorted",
                    carrier: Dyn::dtype(t).carrier_label(),
                }),
                other => LibTorch::from_f64(
                    &Dyn::to_f64(other)?,
                    &Dyn::shape(other),
                    DType::Float64,
                    Device::Cpu,
                ),
            }
        };
        let (a, b) = (as_torch(seq)?, as_torch(values)?);
        LibTorch::searchsorted(&a, &b, right, out_int32).map(Torch)
    }
    fn unique(
        x: &DynTensor,
        sorted: bool,
        dim: Option<i64>,
    ) -> Result<(DynTensor, DynTensor, DynTensor)> {
        match x {
            Torch(t) => {
                let (u, i, c) = LibTorch::unique(t, sorted, dim)?;
                Ok((Torch(u), Torch(i), Torch(c)))
            }
            other => Err(Error::Unsupported {
                op: "unique",
                carrier: Dyn::dtype(other).carrier_label(),
            }),
        }
    }
    fn nonzero(mask: &DynTensor) -> Result<Vec<DynTensor>> {
        match mask {
            Torch(m) => Ok(LibTorch::nonzero(m)?.into_iter().map(Torch).collect()),
            other => Err(Error::Unsupported {
                op: "nonzero",
                carrier: Dyn::dtype(other).carrier_label(),
            }),
        }
    }
    fn predicate(p: Predicate, a: &DynTensor, b: Option<&DynTensor>, s: f64) -> Result<DynTensor> {
        plan::predicate(p, a, b, s)
    }

    fn permute(a: &DynTensor, perm: &[usize]) -> Result<DynTensor> {
        match a {
            Torch(x) => LibTorch::permute(x, perm).map(Torch),
            other => super::permute_by_transposes::<Dyn>(other, perm),
        }
    }
    fn transpose(a: &DynTensor, d0: i64, d1: i64) -> Result<DynTensor> {
        unary!(a, transpose, d0, d1)
    }
    fn expand(a: &DynTensor, shape: &[i64]) -> Result<DynTensor> {
        unary!(a, expand, shape)
    }
    fn as_torch(t: &DynTensor) -> Option<&Tensor> {
        match t {
            Torch(t) => Some(t),
            _ => None,
        }
    }
    fn from_torch(t: Tensor) -> Option<DynTensor> {
        Some(Torch(t))
    }
    fn placeholder(a: &DynTensor) -> Option<DynTensor> {
        match a {
            Torch(x) => LibTorch::placeholder(x).map(Torch),
            _ => None,
        }
    }
    fn is_contiguous(a: &DynTensor) -> bool {
        match a {
            Torch(x) => LibTorch::is_contiguous(x),
            F32(x) => x.is_contiguous(),
            F64(x) => x.is_contiguous(),
            Iv(x) => x.is_contiguous(),
        }
    }
    fn strides(a: &DynTensor) -> (Vec<i64>, i64) {
        match a {
            Torch(x) => LibTorch::strides(x),
            F32(x) => (x.strides().to_vec(), x.offset() as i64),
            F64(x) => (x.strides().to_vec(), x.offset() as i64),
            Iv(x) => (x.strides().to_vec(), x.offset() as i64),
        }
    }
    fn view(a: &DynTensor, shape: &[i64]) -> Result<DynTensor> {
        unary!(a, view, shape)
    }
    fn linear(x: &DynTensor, w: &DynTensor, b: Option<&DynTensor>) -> Result<DynTensor> {
        match (x, w) {
            (Torch(xt), Torch(wt)) => match b {
                None => LibTorch::linear(xt, wt, None).map(Torch),
                Some(Torch(bt)) => LibTorch::linear(xt, wt, Some(bt)).map(Torch),
                Some(b) => Err(mismatch(x, b)),
            },
            (F32(xt), F32(wt)) => match b {
                None => Reference::<f32>::linear(xt, wt, None).map(F32),
                Some(F32(bt)) => Reference::<f32>::linear(xt, wt, Some(bt)).map(F32),
                Some(b) => Err(mismatch(x, b)),
            },
            (F64(xt), F64(wt)) => match b {
                None => Reference::<f64>::linear(xt, wt, None).map(F64),
                Some(F64(bt)) => Reference::<f64>::linear(xt, wt, Some(bt)).map(F64),
                Some(b) => Err(mismatch(x, b)),
            },
            (Iv(xt), Iv(wt)) => match b {
                None => Reference::<Interval>::linear(xt, wt, None).map(Iv),
                Some(Iv(bt)) => Reference::<Interval>::linear(xt, wt, Some(bt)).map(Iv),
                Some(b) => Err(mismatch(x, b)),
            },
            (x, w) => Err(mismatch(x, w)),
        }
    }
    fn adam_update_(
        p: &mut DynTensor,
        g: &DynTensor,
        m: &mut DynTensor,
        v: &mut DynTensor,
        h: &AdamConfig,
        t: u64,
    ) -> Result<bool> {
        match (p, g, m, v) {
            (Torch(p), Torch(g), Torch(m), Torch(v)) => LibTorch::adam_update_(p, g, m, v, h, t),
            (F32(p), F32(g), F32(m), F32(v)) => Reference::<f32>::adam_update_(p, g, m, v, h, t),
            (F64(p), F64(g), F64(m), F64(v)) => Reference::<f64>::adam_update_(p, g, m, v, h, t),
            (Iv(p), Iv(g), Iv(m), Iv(v)) => Reference::<Interval>::adam_update_(p, g, m, v, h, t),
            (p, g, _, _) => Err(mismatch(p, g)),
        }
    }
    fn fused_adam_(group: &mut [AdamOperands<'_, DynTensor>], h: &AdamConfig) -> Result<()> {
        // LibTorch's kernel only: the reference carriers have none.
        let mut torch = Vec::with_capacity(group.len()); // bounded: one per parameter
        for o in group.iter_mut() {
            let max_v = match o.max_v.as_deref_mut() {
                None => None,
                Some(Torch(x)) => Some(x),
                Some(other) => return Err(fused_adam_unsupported(other)),
            };
            match (&mut *o.p, o.g, &mut *o.m, &mut *o.v) {
                (Torch(p), Torch(g), Torch(m), Torch(v)) => torch.push(AdamOperands {
                    p,
                    g,
                    m,
                    v,
                    max_v,
                    step: o.step,
                }),
                (p, _, _, _) => return Err(fused_adam_unsupported(p)),
            }
        }
        LibTorch::fused_adam_(&mut torch, h)
    }
    /// Native carriers only (they run on LibTorch).
    fn recycles(dtype: DType) -> bool {
        LibTorch::recycles(dtype)
    }
    fn recyclable(t: &DynTensor, shape: &[i64], dtype: DType, device: Device) -> bool {
        match t {
            Torch(t) => LibTorch::recyclable(t, shape, dtype, device),
            _ => false,
        }
    }
    /// LibTorch inputs and output only; the reference backends always allocate.
    fn run_out(
        k: crate::kernel::OutKernel,
        xs: &[&DynTensor],
        out: &mut DynTensor,
    ) -> Result<bool> {
        let Torch(out) = out else {
            return Ok(false);
        };
        match xs {
            [Torch(a)] => LibTorch::run_out(k, &[a], out),
            [Torch(a), Torch(b)] => LibTorch::run_out(k, &[a, b], out),
            [Torch(a), Torch(b), Torch(c)] => LibTorch::run_out(k, &[a, b, c], out),
            _ => Ok(false),
        }
    }
    fn sgd_update_(
        p: &mut DynTensor,
        g: &DynTensor,
        buf: Option<&mut DynTensor>,
        first: bool,
        h: &SgdConfig,
    ) -> Result<bool> {
        match (p, g, buf) {
            (Torch(p), Torch(g), None) => LibTorch::sgd_update_(p, g, None, first, h),
            (Torch(p), Torch(g), Some(Torch(b))) => LibTorch::sgd_update_(p, g, Some(b), first, h),
            (F32(p), F32(g), None) => Reference::<f32>::sgd_update_(p, g, None, first, h),
            (F32(p), F32(g), Some(F32(b))) => {
                Reference::<f32>::sgd_update_(p, g, Some(b), first, h)
            }
            (F64(p), F64(g), None) => Reference::<f64>::sgd_update_(p, g, None, first, h),
            (F64(p), F64(g), Some(F64(b))) => {
                Reference::<f64>::sgd_update_(p, g, Some(b), first, h)
            }
            (Iv(p), Iv(g), None) => Reference::<Interval>::sgd_update_(p, g, None, first, h),
            (Iv(p), Iv(g), Some(Iv(b))) => {
                Reference::<Interval>::sgd_update_(p, g, Some(b), first, h)
            }
            (p, g, _) => Err(mismatch(p, g)),
        }
    }
    /// LibTorch carriers only (the reference carriers compose it, `optim/state_ops.rs`).
    fn state_op_(op: StateOp, a: &mut DynTensor, xs: &[&DynTensor]) -> Result<bool> {
        match (a, xs) {
            (Torch(a), []) => LibTorch::state_op_(op, a, &[]),
            (Torch(a), [Torch(b)]) => LibTorch::state_op_(op, a, &[b]),
            (Torch(a), [Torch(b), Torch(c)]) => LibTorch::state_op_(op, a, &[b, c]),
            _ => Ok(false),
        }
    }
    /// LibTorch carriers only (the reference carriers run torch's sequence of calls).
    fn rprop_update_(
        p: &mut DynTensor,
        g: &DynTensor,
        prev: &mut DynTensor,
        step_size: &mut DynTensor,
        h: &RpropConfig,
    ) -> Result<bool> {
        match (p, g, prev, step_size) {
            (Torch(p), Torch(g), Torch(prev), Torch(size)) => {
                LibTorch::rprop_update_(p, g, prev, size, h)
            }
            _ => Ok(false),
        }
    }
    /// LibTorch carriers only (the reference carriers run torch's sequence of calls).
    fn adadelta_update_(
        p: &mut DynTensor,
        g: &DynTensor,
        square_avg: &mut DynTensor,
        acc_delta: &mut DynTensor,
        h: &AdadeltaConfig,
    ) -> Result<bool> {
        match (p, g, square_avg, acc_delta) {
            (Torch(p), Torch(g), Torch(v), Torch(u)) => LibTorch::adadelta_update_(p, g, v, u, h),
            _ => Ok(false),
        }
    }
    fn state_op(op: StateOp, a: &DynTensor, xs: &[&DynTensor]) -> Result<Option<DynTensor>> {
        let out = match (a, xs) {
            (Torch(a), []) => LibTorch::state_op(op, a, &[])?,
            (Torch(a), [Torch(b)]) => LibTorch::state_op(op, a, &[b])?,
            (Torch(a), [Torch(b), Torch(c)]) => LibTorch::state_op(op, a, &[b, c])?,
            _ => None,
        };
        Ok(out.map(Torch))
    }
    fn relu_backward_(g: &mut DynTensor, x: &DynTensor) -> Option<Result<()>> {
        match (g, x) {
            (Torch(g), Torch(x)) => LibTorch::relu_backward_(g, x),
            (F32(g), F32(x)) => Reference::<f32>::relu_backward_(g, x),
            (F64(g), F64(x)) => Reference::<f64>::relu_backward_(g, x),
            (Iv(g), Iv(x)) => Reference::<Interval>::relu_backward_(g, x),
            (g, x) => Some(Err(mismatch(g, x))),
        }
    }
    fn add_(a: &mut DynTensor, b: &DynTensor) -> Result<()> {
        in_place!(a, b, add_)
    }
    fn axpy_(a: &mut DynTensor, alpha: f64, b: &DynTensor) -> Result<()> {
        in_place!(a, b, axpy_, alpha)
    }
    fn copy_(a: &mut DynTensor, b: &DynTensor) -> Result<()> {
        in_place!(a, b, copy_)
    }
}
