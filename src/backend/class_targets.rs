//! The coefficients of class-index targets of `cross_entropy` / `nll_loss` (see
//! `session/loss.rs` and `ops/nll.rs`): `A[n, c, k] = ((1 − ε) [c = t] + ε / C) w_c`, 0 at
//! ignored positions, and the `mean` denominator `Σ w[t]` over the counted positions
//! (torch's rule). On LibTorch they are made on the ids' device by tensor ops (the host
//! reads back two numbers: whether an id is out of range, and the denominator); the
//! reference carriers, whose device is the host, compute them there. Class ids of a 2-D
//! input without label smoothing skip the coefficients: checked here, they go to torch's
//! own kernels (`_log_softmax`, `nll_loss_forward` and their backward), whose values are
//! torch's exactly.

use tch::{Kind, Tensor};

use super::Backend;
use crate::config::{DType, Device};
use crate::error::{Error, Result};

/// torch's keyword arguments that shape the coefficients.
pub struct ClassTargets<'a> {
    /// The op's name, for errors.
    pub name: &'a str,
    pub weight: Option<&'a [f64]>,
    pub ignore_index: i64,
    pub label_smoothing: f64,
}

impl ClassTargets<'_> {
    fn out_of_range(&self, id: i64, pos: i64, classes: i64) -> Error {
        Error::Index(format!(
            "{}: class id {id} at position {pos} is out of range for {classes} classes (and is \
             not ignore_index {})",
            self.name, self.ignore_index
        ))
    }
}

/// The coefficients computed on the host and made a tensor of `B` (the reference carriers,
/// whose device is the host).
pub fn on_host<B: Backend>(
    spec: &ClassTargets<'_>,
    ids: &B::T,
    shape: &[i64],
    class_dim: usize,
    dtype: DType,
    device: Device,
) -> Result<(B::T, f64)> {
    let ids: Vec<i64> = B::to_f64(ids)?.into_iter().map(|v| v as i64).collect();
    let (a, denom) = host(spec, shape, class_dim, &ids)?;
    Ok((B::from_f64(&a, shape, dtype, device)?, denom))
}

/// Each position's class, `None` where it is `ignore_index`, after checking every other id
/// is in `[0, classes)` (else torch's error naming the first position that is not).
fn checked_host(spec: &ClassTargets<'_>, ids: &[i64], classes: i64) -> Result<Vec<Option<i64>>> {
    (0i64..)
        .zip(ids)
        .map(|(pos, &id)| {
            if id == spec.ignore_index {
                Ok(None)
            } else if id < 0 || id >= classes {
                Err(spec.out_of_range(id, pos, classes))
            } else {
                Ok(Some(id))
            }
        })
        .collect()
}

/// The coefficients (row-major, the input's `shape`) and the denominator, on the host.
pub fn host(
    spec: &ClassTargets<'_>,
    shape: &[i64],
    class_dim: usize,
    ids: &[i64],
) -> Result<(Vec<f64>, f64)> {
    let classes = shape[class_dim];
    let targets = checked_host(spec, ids, classes)?;
    let n: i64 = shape[..class_dim].iter().product();
    let d: i64 = shape[class_dim + 1..].iter().product();
    let w = |c: i64| spec.weight.map_or(1.0, |w| w[c as usize]);
    let eps = spec.label_smoothing;
    let total = crate::shape::checked_numel(shape)?;
    let mut a = Vec::new();
    a.try_reserve_exact(total)
        .map_err(|_| Error::OutOfMemory(format!("{total} class coefficients on the host")))?;
    a.resize(total, 0.0); // bounded: reserved fallibly just above
    let mut denom = 0.0;
    for i in 0..n {
        for k in 0..d {
            let Some(id) = targets[(i * d + k) as usize] else {
                continue;
            };
            denom += w(id);
            for c in 0..classes {
                let hit = if c == id { 1.0 - eps } else { 0.0 };
                a[((i * classes + c) * d + k) as usize] = (hit + eps / classes as f64) * w(c);
            }
        }
    }
    Ok((a, denom))
}

/// The coefficients as a tensor of `kind` on `ids`' device, made there: a scatter of
/// `1 − ε` into zeros, plus `ε / C`, times the weights, times the counted positions. Exact
/// one-hot rows are made in `kind` directly; with smoothing or weights the arithmetic runs
/// in float64 and is rounded once, as the host's.
pub fn torch(
    spec: &ClassTargets<'_>,
    shape: &[i64],
    class_dim: usize,
    ids: &Tensor,
    kind: Kind,
) -> Result<(Tensor, f64)> {
    let classes = shape[class_dim];
    let cd = class_dim as i64;
    let device = ids.device();
    let ids = ids.f_to_kind(Kind::Int64)?;
    let (Scales { counted, safe, .. }, denom) = torch_scales(spec, &ids, classes)?;
    let exact = spec.label_smoothing == 0.0 && spec.weight.is_none();
    let work = if exact { kind } else { Kind::Double };
    let safe = safe.f_unsqueeze(cd)?;
    // 1 − ε at each counted target, 0 at ignored ones.
    let hit = counted
        .f_unsqueeze(cd)?
        .f_to_kind(work)?
        .f_mul_scalar(1.0 - spec.label_smoothing)?;
    let mut a = Tensor::f_zeros(shape, (work, device))?;
    let _ = a.f_scatter_(cd, &safe, &hit)?;
    if spec.label_smoothing != 0.0 {
        let _ = a.f_add_scalar_(spec.label_smoothing / classes as f64)?;
        // the ε / C of ignored positions goes again
        let _ = a.f_mul_(&counted.f_unsqueeze(cd)?.f_to_kind(work)?)?;
    }
    if let Some(w) = spec.weight {
        let mut bshape = vec![1i64; shape.len()]; // bounded: the tensor's rank
        bshape[class_dim] = classes;
        let w = Tensor::f_from_slice(w)?.f_to_device(device)?;
        let _ = a.f_mul_(&w.f_view(&bshape[..])?)?;
    }
    let a = if work == kind { a } else { a.f_to_kind(kind)? };
    Ok((a, denom))
}

/// Class ids on a device, checked and weighed there.
struct Scales {
    /// Whether each position counts (is not `ignore_index`).
    counted: Tensor,
    /// The ids, ignored positions sent to class 0.
    safe: Tensor,
}

/// Checks the ids (every one in `[0, classes)` or `ignore_index`, else torch's error naming
/// the first position that is not), with the `mean` denominator (the sum of each counted
/// position's `w[t]`, 1 without weights). The host reads back one pair, whether any id is
/// bad and the denominator: on a GPU that is the call's one synchronisation (the error path
/// reads more).
fn torch_scales(spec: &ClassTargets<'_>, ids: &Tensor, classes: i64) -> Result<(Scales, f64)> {
    let counted = ids.f_ne(spec.ignore_index)?;
    let bad = counted.f_logical_and(&ids.f_lt(0)?.f_logical_or(&ids.f_ge(classes)?)?)?;
    // Bad ids go to class 0 as ignored ones do, so that weighing them (before the check is
    // read) indexes in bounds: an out-of-range index is a device-side assert on CUDA.
    let safe = ids.f_where_scalarother(&counted.f_logical_and(&bad.f_logical_not()?)?, 0)?;
    let counts = counted.f_to_kind(Kind::Double)?;
    let scale = match spec.weight {
        Some(w) => Tensor::f_from_slice(w)?
            .f_to_device(ids.device())?
            .f_index_select(0, &safe.f_reshape([-1])?)?
            .f_view(&safe.size()[..])?
            .f_mul(&counts)?,
        None => counts,
    };
    let pair = Tensor::f_stack(
        &[
            bad.f_any()?.f_to_kind(Kind::Double)?,
            scale.f_sum(Kind::Double)?,
        ],
        0,
    )?;
    let pair = Vec::<f64>::try_from(&pair.f_to_device(tch::Device::Cpu)?)?;
    if pair[0] != 0.0 {
        let flat = bad.f_reshape([-1])?;
        let pos = flat
            .f_to_kind(Kind::Uint8)?
            .f_argmax(0, false)?
            .f_int64_value(&[])?;
        let id = ids.f_reshape([-1])?.f_int64_value(&[pos])?;
        return Err(spec.out_of_range(id, pos, classes));
    }
    Ok((Scales { counted, safe }, pair[1]))
}

/// Class ids prepared for a class-id kernel (see [`torch_prepare`]).
pub struct PreparedIds<T> {
    /// The ids `(N,)`, int64, checked (each in `[0, C)` or `ignore_index`).
    pub ids: T,
    /// The class weights `(C,)` in the input's dtype, or none.
    pub weight: Option<T>,
}

/// What a class-id kernel reads besides the input: the checked ids, the class weights and
/// torch's keyword arguments.
pub struct IdsLoss<'a, T> {
    pub ids: &'a T,
    pub weight: Option<&'a T>,
    pub ignore_index: i64,
    /// torch's reduction code: 0 `none`, 1 `mean`, 2 `sum`.
    pub reduction: i64,
}

/// What the backward of a class-id kernel reads (torch saves the same): the
/// log-probabilities (cross entropy only) and the total weight.
pub struct IdsSaved<T> {
    pub log_probs: Option<T>,
    pub total_weight: T,
}

/// The forward of a class-id kernel: the loss, and what its backward reads.
pub struct IdsForward<T> {
    pub loss: T,
    pub saved: IdsSaved<T>,
}

/// The class ids of a 2-D input checked for [`torch_ids_loss`] (a `ClassIndexError` naming
/// the first bad position), as int64 on `device`, with the class weights in `kind` there
/// (torch's kernels reduce themselves: no denominator). Ids on the host are read there, in
/// one pass; ids on a GPU are checked there by tensor ops (the host reads back the check):
/// LibTorch's own check of an id out of range is a device-side assert on CUDA.
pub fn torch_prepare(
    spec: &ClassTargets<'_>,
    ids: &Tensor,
    classes: i64,
    kind: Kind,
    device: tch::Device,
) -> Result<PreparedIds<Tensor>> {
    let ids = ids.f_to_kind(Kind::Int64)?.f_reshape([-1])?;
    if ids.device() == tch::Device::Cpu {
        checked_host(spec, &Vec::<i64>::try_from(&ids)?, classes)?;
    } else {
        torch_scales(spec, &ids, classes)?;
    }
    let weight = spec
        .weight
        .map(|w| {
            Tensor::f_from_slice(w)?
                .f_to_device(device)?
                .f_to_kind(kind)
        })
        .transpose()?;
    Ok(PreparedIds {
        ids: ids.f_to_device(device)?,
        weight,
    })
}

/// torch's `F.cross_entropy` (`log_softmax`) or `F.nll_loss` of a 2-D input `(N, C)` and
/// checked class ids, by torch's own kernels (`_log_softmax`, `nll_loss_forward`): the same
/// values as torch's, reduction included.
pub fn torch_ids_loss(
    x: &Tensor,
    a: &IdsLoss<'_, Tensor>,
    log_softmax: bool,
) -> Result<IdsForward<Tensor>> {
    use super::layer_kernels::adopt;
    let mut outs = [std::ptr::null_mut(); 3];
    let mut err = std::ptr::null_mut();
    // SAFETY: every tensor pointer is a live at::Tensor borrowed for the call (the weight
    // is one or null); the shim writes only the three out pointers and `err`, and catches
    // every C++ exception.
    let rc = unsafe {
        super::shim::eagertape_nll_loss_forward(
            x.as_ptr(),
            a.ids.as_ptr(),
            a.weight.map_or(std::ptr::null(), |w| w.as_ptr()),
            a.reduction,
            a.ignore_index,
            i32::from(log_softmax),
            &mut outs[0],
            &mut outs[1],
            &mut outs[2],
            &mut err,
        )
    };
    super::shim::shim_result(rc, err, "nll_loss_forward")?;
    let [loss, log_probs, total_weight] = outs.map(adopt);
    let missing = || Error::Backend("nll_loss_forward: a result is missing".into());
    Ok(IdsForward {
        loss: loss.ok_or_else(missing)?,
        saved: IdsSaved {
            log_probs,
            total_weight: total_weight.ok_or_else(missing)?,
        },
    })
}

/// The input's cotangent of [`torch_ids_loss`] for the loss's cotangent `g`, by torch's
/// backward kernels (`nll_loss_backward`, then `_log_softmax_backward_data` for cross
/// entropy) from what the forward saved.
pub fn torch_ids_loss_backward(
    g: &Tensor,
    x: &Tensor,
    a: &IdsLoss<'_, Tensor>,
    saved: &IdsSaved<&Tensor>,
    log_softmax: bool,
) -> Result<Tensor> {
    let z = match (log_softmax, saved.log_probs) {
        (false, _) => x,
        (true, Some(z)) => z,
        (true, None) => {
            return Err(Error::Backend(
                "cross_entropy: the backward's log-probabilities are missing".into(),
            ))
        }
    };
    let gz = z.f_nll_loss_backward(
        g,
        a.ids,
        a.weight,
        tch::Reduction::Other(a.reduction),
        a.ignore_index,
        saved.total_weight,
    )?;
    if !log_softmax {
        return Ok(gz);
    }
    if z.device() == tch::Device::Cpu {
        // On the CPU into `gz` itself (ours alone: nll_loss_backward just made it): the
        // kernel sums each row before it writes it, so the bits are the out-of-place
        // call's, without a second N x C buffer and its page faults.
        return Ok(Tensor::f_internal_log_softmax_backward_data_out(
            &gz,
            &gz,
            z,
            1,
            z.kind(),
        )?);
    }
    Ok(Tensor::f_internal_log_softmax_backward_data(
        &gz,
        z,
        1,
        z.kind(),
    )?)
}
