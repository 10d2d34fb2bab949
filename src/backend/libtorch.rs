//! The native backend: LibTorch kernels through `tch`'s fallible (`f_`) API.
//! LibTorch is used as a kernel library only; tensors made here never require grad, and the
//! session runs every op under a no-grad guard.

use tch::{Kind, Tensor};

use super::shim::{
    eagertape_adam_step, eagertape_fused_adam_step, eagertape_recyclable, eagertape_sgd_step,
    eagertape_storage_offset, shim_result,
};
use super::{Backend, BinaryKernel, GradKernel, OutKernel, PairKernel, ScalarKernel, UnaryKernel};
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::kernel::movement::torch_backward_by_plan;
use crate::kernel::{
    AdadeltaConfig, AdamConfig, AdamOperands, Layer, Movement, Predicate, RpropConfig, SgdConfig,
    StateOp,
};

/// The LibTorch backend (native carriers on CPU or CUDA).
pub struct LibTorch;

/// The LibTorch element kind of a native carrier.
pub fn kind(d: DType) -> Result<Kind> {
    match d {
        DType::Float32 => Ok(Kind::Float),
        DType::Float64 => Ok(Kind::Double),
        DType::Float16 => Ok(Kind::Half),
        DType::BFloat16 => Ok(Kind::BFloat16),
        DType::Int64 => Ok(Kind::Int64),
        DType::Int32 => Ok(Kind::Int),
        DType::Bool => Ok(Kind::Bool),
        other => Err(Error::DType(format!(
            "LibTorch cannot hold the {other} carrier; it runs on the reference backend"
        ))),
    }
}

pub fn tch_device(d: Device) -> tch::Device {
    match d {
        Device::Cpu => tch::Device::Cpu,
        Device::Cuda(_) => tch::Device::Cuda(d.index()),
    }
}

/// `s` as a 0-dim CPU tensor of `a`'s dtype, for a float32 or float64 `a`. LibTorch's
/// kernels read a one-element CPU operand as a scalar, exactly as they read a Python
/// number, so `a + t` computes what `a + s` does; but a number given as a `Scalar` becomes
/// a float64 tensor that takes LibTorch's mixed-dtype path, about 1 µs slower per call.
/// `None` for float16/bfloat16, whose kernels compute in float32 from the unrounded
/// number: rounding `s` to the tensor's dtype first would change their results.
pub(crate) fn scalar_operand(a: &Tensor, s: f64) -> Result<Option<Tensor>> {
    let k = a.f_kind()?;
    // Rounded to float32 here as torch rounds a Python number for a float32 kernel
    // (nearest, ±inf beyond the range): LibTorch's own conversion refuses to overflow.
    Ok(match k {
        Kind::Float => Some(Tensor::f_scalar_tensor(
            f64::from(s as f32),
            (k, tch::Device::Cpu),
        )?),
        Kind::Double => Some(Tensor::f_scalar_tensor(s, (k, tch::Device::Cpu))?),
        _ => None,
    })
}

/// The elements of `t` in row-major order, copied to the host as `E` (converted from the
/// tensor's dtype where they differ): the one read-back path for values leaving LibTorch.
pub fn read_host<E: tch::kind::Element + Default + Clone>(t: &Tensor) -> Result<Vec<E>> {
    let c = t
        .f_to_device(tch::Device::Cpu)?
        .f_to_kind(E::KIND)?
        .f_contiguous()?;
    let mut out = crate::error::host_vec(c.numel(), E::default(), "a read back to the host")?;
    c.f_copy_data(&mut out, c.numel())?;
    Ok(out)
}

pub(crate) fn dtype_of(k: Kind) -> DType {
    match k {
        Kind::Double => DType::Float64,
        Kind::Half => DType::Float16,
        Kind::BFloat16 => DType::BFloat16,
        Kind::Int64 => DType::Int64,
        Kind::Int => DType::Int32,
        Kind::Bool => DType::Bool,
        _ => DType::Float32,
    }
}

impl Backend for LibTorch {
    type T = Tensor;
    type Guard = tch::NoGradGuard;
    const NAME: &'static str = "libtorch";

    fn no_grad() -> tch::NoGradGuard {
        tch::no_grad_guard()
    }

    fn device_available(d: Device) -> bool {
        match d {
            Device::Cpu => true,
            Device::Cuda(_) => {
                tch::Cuda::is_available() && d.index() < tch::Cuda::device_count() as usize
            }
        }
    }
    fn cuda_device_count() -> usize {
        if tch::Cuda::is_available() {
            tch::Cuda::device_count().max(0) as usize
        } else {
            0
        }
    }
    fn shape(t: &Tensor) -> Vec<i64> {
        t.size()
    }
    fn numel(t: &Tensor) -> usize {
        t.numel()
    }
    fn dtype(t: &Tensor) -> DType {
        dtype_of(t.kind())
    }
    fn device(t: &Tensor) -> Device {
        match t.device() {
            tch::Device::Cuda(i) => Device::Cuda(Some(i)),
            _ => Device::Cpu,
        }
    }
    fn from_f64(data: &[f64], shape: &[i64], dtype: DType, device: Device) -> Result<Tensor> {
        let n: i64 = shape.iter().product();
        if n as usize != data.len() {
            return Err(Error::Shape(format!(
                "{} values cannot fill shape {shape:?}",
                data.len()
            )));
        }
        let t = Tensor::f_from_slice(data)?.f_reshape(shape)?;
        Ok(t.f_to_device_(tch_device(device), kind(dtype)?, false, true)?)
    }
    fn to_f64(t: &Tensor) -> Result<Vec<f64>> {
        read_host(t)
    }
    /// Allocated by LibTorch on the device, then filled: a failed allocation is an error
    /// (tch's `f_full` would panic freeing its `Scalar`), and so is a value the dtype
    /// cannot hold (torch's overflow message; the fill runs under `guard::contained`).
    fn full(shape: &[i64], value: f64, dtype: DType, device: Device) -> Result<Tensor> {
        let mut t = Tensor::f_empty(shape, (kind(dtype)?, tch_device(device)))?;
        crate::guard::contained("full", || {
            let _ = t.f_fill_(value)?;
            Ok(())
        })?;
        Ok(t)
    }
    fn generate(
        shape: &[i64],
        dtype: DType,
        device: Device,
        gen: &(dyn Fn(usize, &mut [f64]) + Sync),
    ) -> Result<Tensor> {
        let out = Tensor::f_empty(shape, (kind(dtype)?, tch_device(device)))?;
        let n = crate::shape::checked_numel(shape)?;
        let flat = out.f_view([-1i64])?;
        // Large tensors: one contiguous slice per core, each generated and copied by its
        // own thread (the elements do not depend on who makes them).
        let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
        let workers = if n >= 64 * super::GENERATE_CHUNK {
            cores.min(8)
        } else {
            1
        };
        if workers <= 1 {
            return generate_into(&flat, 0, n, gen).map(|()| out);
        }
        let per = n.div_ceil(workers);
        let slices: Vec<(usize, usize, Tensor)> = (0..workers)
            .map(|w| (w * per, ((w + 1) * per).min(n)))
            .filter(|(a, b)| a < b)
            .map(|(a, b)| Ok((a, b - a, flat.f_narrow(0, a as i64, (b - a) as i64)?)))
            .collect::<Result<_>>()?;
        std::thread::scope(|scope| {
            let running: Vec<_> = slices
                .into_iter()
                .map(|(at, len, slice)| scope.spawn(move || generate_into(&slice, at, len, gen)))
                .collect();
            running.into_iter().try_for_each(|r| {
                r.join().unwrap_or_else(|_| {
                    Err(Error::Backend("generate: a worker thread panicked".into()))
                })
            })
        })?;
        Ok(out)
    }
    fn class_coefficients(
        spec: &super::class_targets::ClassTargets<'_>,
        ids: &Tensor,
        shape: &[i64],
        class_dim: usize,
        dtype: DType,
        device: Device,
    ) -> Result<(Tensor, f64)> {
        let ids = ids.f_to_device(tch_device(device))?;
        super::class_targets::torch(spec, shape, class_dim, &ids, kind(dtype)?)
    }
    fn class_ids_prepare(
        spec: &super::class_targets::ClassTargets<'_>,
        x: &Tensor,
        ids: &Tensor,
        classes: i64,
    ) -> Result<Option<super::class_targets::PreparedIds<Tensor>>> {
        super::class_targets::torch_prepare(spec, ids, classes, x.kind(), x.device()).map(Some)
    }
    fn class_ids_loss(
        x: &Tensor,
        a: &super::class_targets::IdsLoss<'_, Tensor>,
        log_softmax: bool,
    ) -> Result<super::class_targets::IdsForward<Tensor>> {
        super::class_targets::torch_ids_loss(x, a, log_softmax)
    }
    fn class_ids_loss_backward(
        g: &Tensor,
        x: &Tensor,
        a: &super::class_targets::IdsLoss<'_, Tensor>,
        saved: &super::class_targets::IdsSaved<&Tensor>,
        log_softmax: bool,
    ) -> Result<Tensor> {
        super::class_targets::torch_ids_loss_backward(g, x, a, saved, log_softmax)
    }
    fn linspace(
        start: f64,
        end: f64,
        steps: i64,
        dtype: DType,
        device: Device,
    ) -> Result<Option<Tensor>> {
        let options = (kind(dtype)?, tch_device(device));
        // tch's number arguments panic on a LibTorch error (see `crate::guard`)
        crate::guard::contained("linspace", || {
            Ok(Some(Tensor::f_linspace(start, end, steps, options)?))
        })
    }
    fn eye(n: i64, m: i64, dtype: DType, device: Device) -> Result<Tensor> {
        Ok(Tensor::f_eye_m(n, m, (kind(dtype)?, tch_device(device)))?)
    }
    fn copy(t: &Tensor) -> Result<Tensor> {
        let out = Tensor::f_empty(t.size(), (t.kind(), t.device()))?;
        let mut out = out;
        out.f_copy_(t)?;
        Ok(out)
    }
    fn convert(t: &Tensor, dtype: DType, device: Device) -> Result<Tensor> {
        let out = Tensor::f_empty(t.size(), (kind(dtype)?, tch_device(device)))?;
        let mut out = out;
        out.f_copy_(t)?;
        Ok(out)
    }

    fn unary<F: UnaryKernel>(x: &Tensor) -> Result<Tensor> {
        F::torch(x)
    }
    fn binary<F: BinaryKernel>(a: &Tensor, b: &Tensor) -> Result<Tensor> {
        F::torch(a, b)
    }
    fn scalar<F: ScalarKernel>(x: &Tensor, s: f64) -> Result<Tensor> {
        F::check(s, dtype_of(x.f_kind()?))?;
        F::torch(x, s)
    }
    fn pair<F: PairKernel>(x: &Tensor, a: f64, b: f64) -> Result<Tensor> {
        F::torch(x, a, b)
    }
    fn grad<F: GradKernel>(g: &Tensor, x: &Tensor, a: f64, b: f64) -> Result<Tensor> {
        F::torch(g, x, a, b)
    }
    fn is_finite(a: &Tensor) -> Result<bool> {
        Ok(a.f_isfinite()?.f_all()?.f_int64_value(&[])? != 0)
    }
    fn has_nan(a: &Tensor) -> Result<bool> {
        Ok(a.f_isnan()?.f_any()?.f_int64_value(&[])? != 0)
    }

    fn matmul(a: &Tensor, b: &Tensor) -> Result<Tensor> {
        Ok(a.f_matmul(b)?)
    }
    fn sum_dims(a: &Tensor, dims: &[i64], keepdim: bool) -> Result<Tensor> {
        if dims.is_empty() && !keepdim {
            return Ok(a.f_sum(a.kind())?);
        }
        Ok(a.f_sum_dim_intlist(dims, keepdim, a.kind())?)
    }
    fn prod_dims(a: &Tensor, dims: &[i64], keepdim: bool) -> Result<Tensor> {
        if dims.is_empty() && !keepdim {
            return Ok(a.f_prod(a.kind())?);
        }
        let all: Vec<i64> = (0..a.dim() as i64).collect();
        let mut dims: Vec<i64> = if dims.is_empty() { all } else { dims.to_vec() };
        let nd = a.dim() as i64;
        // LibTorch reduces one dim at a time: from the last, so the others keep their place.
        dims.iter_mut()
            .for_each(|d| *d = if *d < 0 { *d + nd.max(1) } else { *d });
        dims.sort_unstable_by(|x, y| y.cmp(x));
        let mut out = a.shallow_clone();
        for d in dims {
            out = out.f_prod_dim_int(d, keepdim, a.kind())?;
        }
        Ok(out)
    }
    fn nuclear_norm(a: &Tensor, dims: [i64; 2], keepdim: bool) -> Result<Tensor> {
        Ok(a.f_nuclear_norm_dim(dims, keepdim)?)
    }
    /// `U Vᵀ ⊙ g` over the two dims (moved last for the batched SVD, then back).
    fn nuclear_norm_backward(
        a: &Tensor,
        g: &Tensor,
        dims: [i64; 2],
        keepdim: bool,
    ) -> Result<Tensor> {
        let last = [-2i64, -1];
        let moved = a.f_movedim(dims, last)?;
        // torch.svd (reduced): U, S, V with X = U diag(S) Vᵀ
        let (u, _, v) = moved.f_svd(true, true)?;
        let vh = v.f_transpose(-2, -1)?;
        let mut g = g.shallow_clone();
        if keepdim {
            g = g.f_movedim(dims, last)?;
        } else {
            g = g.f_unsqueeze(-1)?.f_unsqueeze(-1)?;
        }
        Ok(u.f_matmul(&vh)?
            .f_mul(&g)?
            .f_movedim(last, dims)?
            .f_contiguous()?)
    }
    fn cumsum(a: &Tensor, dim: i64, reverse: bool) -> Result<Tensor> {
        if !reverse {
            return Ok(a.f_cumsum(dim, a.kind())?);
        }
        let d = [dim];
        Ok(a.f_flip(d)?.f_cumsum(dim, a.kind())?.f_flip(d)?)
    }
    fn extremum_dims(a: &Tensor, dims: &[i64], keepdim: bool, max: bool) -> Result<Tensor> {
        // LibTorch's amax/amin read no dims as every dim only in some versions: name them.
        let all: Vec<i64> = (0..a.dim() as i64).collect();
        let dims = if dims.is_empty() { &all[..] } else { dims };
        Ok(if max {
            a.f_amax(dims, keepdim)?
        } else {
            a.f_amin(dims, keepdim)?
        })
    }
    fn softmax(a: &Tensor, dim: i64) -> Result<Tensor> {
        Ok(a.f_softmax(dim, a.kind())?)
    }
    fn log_softmax(a: &Tensor, dim: i64) -> Result<Tensor> {
        Ok(a.f_log_softmax(dim, a.kind())?)
    }
    fn softmax_backward(g: &Tensor, y: &Tensor, dim: i64, log: bool) -> Result<Option<Tensor>> {
        Ok(Some(if log {
            Tensor::f_internal_log_softmax_backward_data(g, y, dim, y.kind())?
        } else {
            Tensor::f_internal_softmax_backward_data(g, y, dim, y.kind())?
        }))
    }
    fn var_dims(
        x: &Tensor,
        dims: &[i64],
        correction: f64,
        keepdim: bool,
        std: bool,
    ) -> Result<Option<Tensor>> {
        let all: Vec<i64> = (0..x.dim() as i64).collect();
        let dims = if dims.is_empty() { &all[..] } else { dims };
        let c = tch::Scalar::float(correction);
        Ok(Some(if std {
            x.f_std_correction(dims, c, keepdim)?
        } else {
            x.f_var_correction(dims, c, keepdim)?
        }))
    }
    fn one_hot(ids: &[i64], classes: i64, dtype: DType, device: Device) -> Result<Tensor> {
        let idx = Tensor::f_from_slice(ids)?.f_to_device(tch_device(device))?;
        Ok(idx.f_one_hot(classes)?.f_to_kind(kind(dtype)?)?)
    }

    fn max_dim(a: &Tensor, dim: i64, keepdim: bool) -> Result<(Tensor, Tensor)> {
        Ok(a.f_max_dim(dim, keepdim)?)
    }
    fn sort_indices(a: &Tensor, dim: i64, descending: bool, stable: bool) -> Result<Tensor> {
        Ok(a.f_sort_stable(stable, dim, descending)?.1)
    }
    fn select_index(a: &Tensor, sel: crate::kernel::select::Selection, dim: i64) -> Result<Tensor> {
        use crate::kernel::select::Selection;
        Ok(match sel {
            Selection::Kth(k) => a.f_kthvalue(k, dim, true)?.1,
            Selection::Median { ignore_nan: false } => a.f_median_dim(dim, true)?.1,
            Selection::Median { ignore_nan: true } => a.f_nanmedian_dim(dim, true)?.1,
            Selection::Mode => a.f_mode(dim, true)?.1,
            Selection::Running { max: true } => a.f_cummax(dim)?.1,
            Selection::Running { max: false } => a.f_cummin(dim)?.1,
        })
    }
    fn topk_indices(a: &Tensor, k: i64, dim: i64, largest: bool, sorted: bool) -> Result<Tensor> {
        Ok(a.f_topk(k, dim, largest, sorted)?.1)
    }
    fn scatter_dim(shape: &[i64], dim: i64, index: &Tensor, src: &Tensor) -> Result<Tensor> {
        let zeros = Tensor::f_zeros(shape, (src.f_kind()?, src.device()))?;
        Ok(zeros.f_scatter(dim, index, src)?)
    }

    fn layer(l: &dyn Layer, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        l.torch(xs)
    }
    fn layer_backward(
        l: &dyn Layer,
        xs: &[&Tensor],
        workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        l.torch_backward(xs, workspace, g, needs)
    }
    fn movement(m: &dyn Movement, xs: &[&Tensor]) -> Result<(Tensor, bool)> {
        Ok((m.torch(xs, m.fill())?, m.view()))
    }
    fn movement_backward(
        m: &dyn Movement,
        xs: &[&Tensor],
        g: &Tensor,
        which: usize,
    ) -> Result<(Tensor, bool)> {
        match m.torch_backward(xs, g, which) {
            Some(r) => r,
            None => Ok((torch_backward_by_plan(m, xs, g, which)?, false)),
        }
    }
    fn tally(
        x: &Tensor,
        kind: crate::kernel::predicate::Tally,
        dims: &[i64],
        keepdim: bool,
    ) -> Result<Tensor> {
        use crate::kernel::predicate::Tally;
        let all: Vec<i64> = (0..x.dim() as i64).collect();
        let dims = if dims.is_empty() { &all[..] } else { dims };
        Ok(match kind {
            Tally::Any | Tally::All if dims.is_empty() => x.f_ne(0)?,
            Tally::Any => x.f_any_dims(dims, keepdim)?,
            Tally::All => x.f_all_dims(dims, keepdim)?,
            Tally::CountNonzero if dims.is_empty() => x.f_ne(0)?.f_to_kind(tch::Kind::Int64)?,
            Tally::CountNonzero => x.f_count_nonzero_dim_intlist(dims)?,
        })
    }
    fn searchsorted(seq: &Tensor, values: &Tensor, right: bool, out_int32: bool) -> Result<Tensor> {
        let side = if right { "right" } else { "left" };
        Ok(values.f_searchsorted(seq, out_int32, right, side, None::<Tensor>)?)
    }
    fn unique(x: &Tensor, sorted: bool, dim: Option<i64>) -> Result<(Tensor, Tensor, Tensor)> {
        Ok(match dim {
            Some(d) => x.f_unique_dim(d, sorted, true, true)?,
            None => x.f_internal_unique2(sorted, true, true)?,
        })
    }
    fn nonzero(mask: &Tensor) -> Result<Vec<Tensor>> {
        let nz = mask.f_nonzero()?;
        (0..mask.dim() as i64)
            .map(|j| Ok(nz.f_select(1, j)?.f_contiguous()?))
            .collect()
    }
    fn predicate(p: Predicate, a: &Tensor, b: Option<&Tensor>, s: f64) -> Result<Tensor> {
        p.torch(a, b, s)
    }

    fn permute(a: &Tensor, perm: &[usize]) -> Result<Tensor> {
        let dims: Vec<i64> = perm.iter().map(|&d| d as i64).collect();
        Ok(a.f_permute(&dims)?)
    }
    fn transpose(a: &Tensor, d0: i64, d1: i64) -> Result<Tensor> {
        Ok(a.f_transpose(d0, d1)?)
    }
    fn expand(a: &Tensor, shape: &[i64]) -> Result<Tensor> {
        Ok(a.f_expand(shape, false)?)
    }
    fn is_contiguous(a: &Tensor) -> bool {
        a.is_contiguous()
    }
    fn strides(a: &Tensor) -> (Vec<i64>, i64) {
        // SAFETY: `a` is a live tensor for the whole call; the shim only reads its offset
        // and catches every C++ exception.
        let offset = unsafe { eagertape_storage_offset(a.as_ptr()) };
        (a.stride(), offset)
    }
    fn as_torch(t: &Tensor) -> Option<&Tensor> {
        Some(t)
    }
    fn from_torch(t: Tensor) -> Option<Tensor> {
        Some(t)
    }
    fn placeholder(a: &Tensor) -> Option<Tensor> {
        shared_zero(a.kind(), a.device())?
            .f_expand(a.size(), false)
            .ok()
    }
    fn view(a: &Tensor, shape: &[i64]) -> Result<Tensor> {
        Ok(a.f_view_(shape)?)
    }

    /// `addmm` for a 2-D input with a bias: one kernel, as torch's `F.linear`.
    fn linear(x: &Tensor, w: &Tensor, b: Option<&Tensor>) -> Result<Tensor> {
        match b {
            Some(b) if x.dim() == 2 => Ok(b.f_addmm(x, &w.f_transpose(0, 1)?)?),
            // Rows of any rank fold into one addmm (as torch's linear folds them): the
            // bias is added by the GEMM, not by a second pass.
            Some(b) if x.dim() > 2 => {
                let mut shape = x.size();
                let inner = shape[shape.len() - 1];
                let rows = x.f_reshape([-1, inner])?;
                let y = b.f_addmm(&rows, &w.f_transpose(0, 1)?)?;
                if let (Some(last), Some(&out)) = (shape.last_mut(), w.size().first()) {
                    *last = out;
                }
                Ok(y.f_view(&shape[..])?)
            }
            _ => {
                let y = x.f_matmul(&w.f_transpose(0, 1)?)?;
                Ok(match b {
                    Some(b) => y.f_add(b)?,
                    None => y,
                })
            }
        }
    }

    /// LibTorch's `_fused_adam_` / `_fused_adamw_` on the group's lists in one call (torch's
    /// `fused=True`), each step count as the float32 tensor torch keeps.
    fn fused_adam_(group: &mut [AdamOperands<'_, Tensor>], h: &AdamConfig) -> Result<()> {
        let amsgrad = group.iter().any(|o| o.max_v.is_some());
        if amsgrad && group.iter().any(|o| o.max_v.is_none()) {
            return Err(Error::Argument(
                "fused Adam update: amsgrad needs a running maximum for every parameter".into(),
            ));
        }
        let n = group.len();
        let (mut ps, mut gs, mut ms, mut vs, mut maxs, mut steps) = (
            Vec::with_capacity(n), // bounded: one per parameter
            Vec::with_capacity(n), // bounded: one per parameter
            Vec::with_capacity(n), // bounded: one per parameter
            Vec::with_capacity(n), // bounded: one per parameter
            Vec::with_capacity(n), // bounded: one per parameter
            Vec::with_capacity(n), // bounded: one per parameter
        );
        for o in group.iter_mut() {
            ps.push(o.p.as_mut_ptr());
            gs.push(o.g.as_ptr());
            ms.push(o.m.as_mut_ptr());
            vs.push(o.v.as_mut_ptr());
            if let Some(max_v) = o.max_v.as_deref_mut() {
                maxs.push(max_v.as_mut_ptr());
            }
            steps.push(o.step as f64);
        }
        let mut err: *mut std::os::raw::c_char = std::ptr::null_mut();
        // SAFETY: each array holds `n` pointers to live `at::Tensor`s borrowed from `group`
        // for the whole call (`maxs` is read only under amsgrad, and then holds `n`: checked
        // above); the parameters, moments and maxima are held exclusively by the caller
        // (`&mut`), so nothing reads them while the kernel writes them; the kernel only
        // reads the gradients (no grad_scale is given). The shim catches every C++
        // exception and reports it through `err`, a string it allocates with malloc.
        let rc = unsafe {
            eagertape_fused_adam_step(
                ps.as_ptr(),
                gs.as_ptr(),
                ms.as_ptr(),
                vs.as_ptr(),
                if amsgrad {
                    maxs.as_ptr()
                } else {
                    std::ptr::null()
                },
                steps.as_ptr(),
                n as i64,
                h.lr,
                h.betas.0,
                h.betas.1,
                h.eps,
                h.weight_decay,
                i32::from(h.decoupled),
                i32::from(amsgrad),
                i32::from(h.maximize),
                &mut err,
            )
        };
        shim_result(rc, err, "fused Adam update")
    }

    /// In place, in torch.optim.Adam's single-tensor order (`lerp_`, `mul_` + `addcmul_`
    /// with `value=`, `sqrt`, `div_` + `add_`, `addcdiv_` with `value=`): one C++ call, one
    /// temporary (the denominator), as torch.
    fn adam_update_(
        p: &mut Tensor,
        g: &Tensor,
        m: &mut Tensor,
        v: &mut Tensor,
        h: &AdamConfig,
        step: u64,
    ) -> Result<bool> {
        let mut err: *mut std::os::raw::c_char = std::ptr::null_mut();
        // SAFETY: the four pointers are live `at::Tensor`s owned by the arguments for the
        // whole call; `p`, `m` and `v` are held exclusively by the caller (`&mut`), so
        // nothing reads them while the shim writes them. The shim catches every C++
        // exception and reports it through `err`, a string it allocates with malloc.
        let rc = unsafe {
            eagertape_adam_step(
                p.as_mut_ptr(),
                g.as_ptr(),
                m.as_mut_ptr(),
                v.as_mut_ptr(),
                h.lr,
                h.betas.0,
                h.betas.1,
                h.eps,
                h.weight_decay,
                i32::from(h.decoupled),
                h.bias1(step),
                h.bias2_sqrt(step),
                &mut err,
            )
        };
        shim_result(rc, err, "Adam update").map(|()| true)
    }

    fn recycles(dtype: DType) -> bool {
        dtype.is_native()
    }

    fn recyclable(t: &Tensor, shape: &[i64], dtype: DType, device: Device) -> bool {
        // c10::ScalarType codes of the native carriers.
        let scalar_type = match dtype {
            DType::Float16 => 5,
            DType::Float32 => 6,
            DType::Float64 => 7,
            DType::BFloat16 => 15,
            _ => return false,
        };
        let (device_type, device_index) = match device {
            Device::Cpu => (0, -1),
            Device::Cuda(_) => (1, device.index() as i32),
        };
        // SAFETY: `t.as_ptr()` points at the live `at::Tensor` that `t` owns for the whole
        // call; `shape` outlives the call and holds `shape.len()` values. The shim only reads
        // them and catches every C++ exception.
        unsafe {
            eagertape_recyclable(
                t.as_ptr(),
                scalar_type,
                device_type,
                device_index,
                shape.as_ptr(),
                shape.len() as i64,
            ) == 1
        }
    }

    fn run_out(k: OutKernel, xs: &[&Tensor], out: &mut Tensor) -> Result<bool> {
        let x = xs[0];
        // Each `_out` call hands back a second handle on `out`; it is dropped at once.
        match k {
            OutKernel::Pointwise { run, s, .. } => return run(xs, s, out),
            OutKernel::MatMul => drop(x.f_matmul_out(out, xs[1])?),
            // The same `addmm` as `linear`, for the same inputs only.
            OutKernel::LinearBias if x.dim() == 2 => {
                drop(xs[2].f_addmm_out(out, x, &xs[1].f_transpose(0, 1)?)?)
            }
            OutKernel::LinearBias => return Ok(false),
            OutKernel::Softmax(d) => drop(x.f_softmax_int_out(out, d, x.kind())?),
            OutKernel::LogSoftmax(d) => drop(x.f_log_softmax_int_out(out, d, x.kind())?),
        }
        Ok(true)
    }

    fn relu_backward_(g: &mut Tensor, x: &Tensor) -> Option<Result<()>> {
        // threshold_backward written over `g` itself (an elementwise kernel: its output may
        // be its input): one pass, no mask.
        let out = g.shallow_clone();
        Some(
            x.f_threshold_backward_grad_input(&out, &out, 0.0)
                .map(drop)
                .map_err(Into::into),
        )
    }
    fn add_(a: &mut Tensor, b: &Tensor) -> Result<()> {
        let _ = a.f_add_(b)?;
        Ok(())
    }
    /// torch.optim.SGD's single-tensor update (`add(param, alpha=wd)`, `mul_` + `add_(alpha=)`
    /// on the momentum buffer, `add_(d, alpha=-lr)`): one C++ call.
    fn sgd_update_(
        p: &mut Tensor,
        g: &Tensor,
        buf: Option<&mut Tensor>,
        first: bool,
        h: &SgdConfig,
    ) -> Result<bool> {
        let buf = buf.map_or(std::ptr::null_mut(), |b| b.as_mut_ptr());
        let mut err: *mut std::os::raw::c_char = std::ptr::null_mut();
        // SAFETY: the pointers are live `at::Tensor`s owned by the arguments for the whole
        // call (`buf` may be null, which the shim checks); `p` and `buf` are held
        // exclusively (`&mut`). The shim catches every C++ exception and reports it through
        // `err`, a string it allocates with malloc.
        let rc = unsafe {
            eagertape_sgd_step(
                p.as_mut_ptr(),
                g.as_ptr(),
                buf,
                i32::from(first),
                h.lr,
                h.momentum,
                h.dampening,
                h.weight_decay,
                i32::from(h.nesterov),
                &mut err,
            )
        };
        shim_result(rc, err, "SGD update").map(|()| true)
    }

    fn state_op_(op: StateOp, a: &mut Tensor, xs: &[&Tensor]) -> Result<bool> {
        super::state_ops::state_op_(op, a, xs).map(|()| true)
    }
    fn state_op(op: StateOp, a: &Tensor, xs: &[&Tensor]) -> Result<Option<Tensor>> {
        super::state_ops::state_op(op, a, xs).map(Some)
    }
    fn rprop_update_(
        p: &mut Tensor,
        g: &Tensor,
        prev: &mut Tensor,
        step_size: &mut Tensor,
        h: &RpropConfig,
    ) -> Result<bool> {
        super::state_ops::rprop_update_(p, g, prev, step_size, h)
    }
    fn adadelta_update_(
        p: &mut Tensor,
        g: &Tensor,
        square_avg: &mut Tensor,
        acc_delta: &mut Tensor,
        h: &AdadeltaConfig,
    ) -> Result<bool> {
        super::state_ops::adadelta_update_(p, g, square_avg, acc_delta, h)
    }
    /// torch's `a.add_(b, alpha=alpha)`: one kernel that rounds once (plain SGD's
    /// `add_(d, alpha=-lr)`, the shim's one C++ home of that form; `a + (alpha · b)` in two
    /// kernels would round twice).
    fn axpy_(a: &mut Tensor, alpha: f64, b: &Tensor) -> Result<()> {
        Self::sgd_update_(a, b, None, false, &SgdConfig::plain(-alpha)).map(drop)
    }
    fn copy_(a: &mut Tensor, b: &Tensor) -> Result<()> {
        a.f_copy_(b)?;
        Ok(())
    }
}

/// Elements `at..at + len` of a generated tensor, written into `slice` (a 1-D view of that
/// range) a host chunk at a time.
fn generate_into(
    slice: &Tensor,
    at: usize,
    len: usize,
    gen: &(dyn Fn(usize, &mut [f64]) + Sync),
) -> Result<()> {
    super::for_each_chunk(at, len, gen, |done, part| {
        let src = Tensor::f_from_slice(part)?;
        slice
            .f_narrow(0, done as i64, part.len() as i64)?
            .f_copy_(&src)?;
        Ok(())
    })
}

/// One zero element per dtype and device, made once per process and shared by every
/// placeholder (`Backend::placeholder`): never freed, and outside the ledger (a few bytes
/// per dtype and device, like LibTorch's own constants).
fn shared_zero(kind: tch::Kind, device: tch::Device) -> Option<Tensor> {
    static ZEROS: std::sync::Mutex<Vec<(tch::Kind, tch::Device, Tensor)>> =
        std::sync::Mutex::new(Vec::new());
    let mut zeros = ZEROS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, t)) = zeros.iter().find(|(k, d, _)| *k == kind && *d == device) {
        return Some(t.shallow_clone());
    }
    let t = Tensor::f_zeros([], (kind, device)).ok()?;
    zeros.push((kind, device, t.shallow_clone()));
    Some(t)
}
