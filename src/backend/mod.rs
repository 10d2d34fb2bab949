//! The kernel interface. Forward ops and backward rules (in `ops/`) are written once against
//! [`Backend`]; `libtorch` implements it with LibTorch kernels. Every method is fallible:
//! kernel failures come back as [`Error`](crate::error::Error) values, never as panics.
//!
//! Contract for results: unless a method says "view", it returns a tensor with fresh,
//! contiguous storage of exactly `numel` elements (the ledger counts it so).

pub mod class_targets;
pub mod dynamic;
pub mod layer_kernels;
pub mod libtorch;
pub mod reference;
mod shim;
mod state_ops;

pub use crate::kernel::{BinaryKernel, GradKernel, PairKernel, ScalarKernel, UnaryKernel};

use crate::config::{DType, Device};
use crate::error::Result;
pub use crate::kernel::OutKernel;
use crate::kernel::{
    AdadeltaConfig, AdamConfig, AdamOperands, Layer, Movement, Predicate, RpropConfig, SgdConfig,
    StateOp,
};

/// `perm` as a sequence of transposes of `a` (each a view, so the result is one).
pub fn permute_by_transposes<B: Backend>(a: &B::T, perm: &[usize]) -> Result<B::T> {
    // `at[i]` is the input dim now at position i; place perm[i] at i, left to right.
    let mut at: Vec<usize> = (0..perm.len()).collect();
    let mut out: Option<B::T> = None;
    for (i, &want) in perm.iter().enumerate() {
        let j = at.iter().position(|&d| d == want).unwrap_or(i);
        if j != i {
            at.swap(i, j);
            let cur = out.as_ref().unwrap_or(a);
            out = Some(B::transpose(cur, i as i64, j as i64)?);
        }
    }
    match out {
        Some(t) => Ok(t),
        None => B::transpose(a, 0, 0),
    }
}

/// Elements per host chunk of [`Backend::generate`] (512 KiB of float64).
pub const GENERATE_CHUNK: usize = 1 << 16;

/// The elements `at..at + len` of a generated tensor, a [`GENERATE_CHUNK`] at a time: `gen`
/// writes each chunk into one host buffer, then `sink` takes it with its offset within the
/// range. The host never holds more than one chunk.
pub fn for_each_chunk(
    at: usize,
    len: usize,
    gen: &(dyn Fn(usize, &mut [f64]) + Sync),
    mut sink: impl FnMut(usize, &[f64]) -> Result<()>,
) -> Result<()> {
    let mut chunk = vec![0.0; len.min(GENERATE_CHUNK)]; // bounded: at most GENERATE_CHUNK elements
    let mut done = 0usize;
    while done < len {
        let part = &mut chunk[..(len - done).min(GENERATE_CHUNK)];
        gen(at + done, part);
        sink(done, part)?;
        done += part.len();
    }
    Ok(())
}

pub trait Backend: Sized + Send + Sync + 'static {
    /// A tensor of this backend.
    type T: Send + 'static;
    /// Held while the core runs kernels: turns off any recording the kernel library does
    /// on its own (LibTorch's autograd), restoring it when dropped (RAII, so an early
    /// return or a panic cannot skip the restore).
    type Guard;
    fn no_grad() -> Self::Guard;
    /// Shown by `show_backend`.
    const NAME: &'static str;

    /// The backend that holds `t` (for `show_backend`).
    fn backend_name(_t: &Self::T) -> &'static str {
        Self::NAME
    }

    /// Whether this backend can run on `d` in this process.
    fn device_available(d: Device) -> bool;
    /// CUDA devices this process sees (0 without a usable GPU). The default: none.
    fn cuda_device_count() -> usize {
        0
    }
    /// `Ok` if `d` is usable here; a CUDA ordinal past the last GPU is a `Device` error
    /// naming the devices there are, no usable GPU at all a `DeviceUnavailable` error.
    fn check_device(d: Device) -> Result<()> {
        if Self::device_available(d) {
            return Ok(());
        }
        let count = Self::cuda_device_count();
        if d.is_cuda() && count > 0 {
            return Err(crate::error::Error::Device(format!(
                "device {d} does not exist: this process sees {count} CUDA device(s), cuda:0 to cuda:{}",
                count - 1
            )));
        }
        Err(crate::error::Error::DeviceUnavailable(format!(
            "device {d} was requested but is not available in this process (no usable GPU)"
        )))
    }

    // ---- metadata and transfer ----
    fn shape(t: &Self::T) -> Vec<i64>;
    fn numel(t: &Self::T) -> usize;
    fn dtype(t: &Self::T) -> DType;
    fn device(t: &Self::T) -> Device;
    fn from_f64(data: &[f64], shape: &[i64], dtype: DType, device: Device) -> Result<Self::T>;
    fn to_f64(t: &Self::T) -> Result<Vec<f64>>;
    fn full(shape: &[i64], value: f64, dtype: DType, device: Device) -> Result<Self::T>;
    /// A tensor of `shape` made on `device`, whose row-major elements `gen(offset, chunk)`
    /// writes a bounded chunk at a time: the host holds one chunk ([`GENERATE_CHUNK`]
    /// elements), never the whole tensor. A failed allocation is an error.
    fn generate(
        shape: &[i64],
        dtype: DType,
        device: Device,
        gen: &(dyn Fn(usize, &mut [f64]) + Sync),
    ) -> Result<Self::T>;
    /// LibTorch's `linspace(start, end, steps)` in `dtype` on `device` (torch's kernel: the
    /// first half counts up from `start`, the second down from `end`, in the dtype's
    /// arithmetic). `None`, the default: the caller generates it.
    fn linspace(
        _start: f64,
        _end: f64,
        _steps: i64,
        _dtype: DType,
        _device: Device,
    ) -> Result<Option<Self::T>> {
        Ok(None)
    }
    /// The `n × m` identity pattern (ones on the main diagonal), made on `device`.
    fn eye(n: i64, m: i64, dtype: DType, device: Device) -> Result<Self::T>;
    /// Class ids `(N,)` of a 2-D input `x` `(N, C)` prepared for this backend's class-id
    /// kernel ([`class_targets::torch_prepare`]: the ids checked, a `ClassIndexError`
    /// naming the first bad position; the class weights in `x`'s dtype). `None`, the
    /// default: no such kernel, and the loss goes through [`Backend::class_coefficients`].
    fn class_ids_prepare(
        _spec: &class_targets::ClassTargets<'_>,
        _x: &Self::T,
        _ids: &Self::T,
        _classes: i64,
    ) -> Result<Option<class_targets::PreparedIds<Self::T>>> {
        Ok(None)
    }
    /// torch's `cross_entropy` (`log_softmax`) or `nll_loss` of prepared class ids (see
    /// [`Backend::class_ids_prepare`]), reduced, with what its backward reads.
    fn class_ids_loss(
        _x: &Self::T,
        _a: &class_targets::IdsLoss<'_, Self::T>,
        _log_softmax: bool,
    ) -> Result<class_targets::IdsForward<Self::T>> {
        Err(crate::error::Error::Backend(
            "class_ids_loss: this backend has no class-id kernel".into(),
        ))
    }
    /// The input's cotangent of [`Backend::class_ids_loss`] for the loss's cotangent `g`.
    fn class_ids_loss_backward(
        _g: &Self::T,
        _x: &Self::T,
        _a: &class_targets::IdsLoss<'_, Self::T>,
        _saved: &class_targets::IdsSaved<&Self::T>,
        _log_softmax: bool,
    ) -> Result<Self::T> {
        Err(crate::error::Error::Backend(
            "class_ids_loss_backward: this backend has no class-id kernel".into(),
        ))
    }
    /// The coefficients of class-index targets `ids` (int64 data of the input's shape
    /// without its class dim) for an input of `shape` and `dtype`, and the `mean`
    /// denominator ([`class_targets`]). The default computes them on the host (the
    /// reference carriers' device); LibTorch makes them on the ids' device.
    fn class_coefficients(
        spec: &class_targets::ClassTargets<'_>,
        ids: &Self::T,
        shape: &[i64],
        class_dim: usize,
        dtype: DType,
        device: Device,
    ) -> Result<(Self::T, f64)> {
        class_targets::on_host::<Self>(spec, ids, shape, class_dim, dtype, device)
    }
    /// A fresh contiguous copy.
    fn copy(t: &Self::T) -> Result<Self::T>;
    /// Convert to another dtype/device (fresh).
    fn convert(t: &Self::T, dtype: DType, device: Device) -> Result<Self::T>;

    // ---- pointwise families (see `kernel`) ----
    /// `F` elementwise; a backend that cannot compute `F` on this tensor's carrier
    /// returns `Error::Unsupported`.
    fn unary<F: UnaryKernel>(x: &Self::T) -> Result<Self::T>;
    /// `F` elementwise over the broadcast shape of `a` and `b`.
    fn binary<F: BinaryKernel>(a: &Self::T, b: &Self::T) -> Result<Self::T>;
    /// `F(x, s)` elementwise for a constant `s`.
    fn scalar<F: ScalarKernel>(x: &Self::T, s: f64) -> Result<Self::T>;
    /// `f(x, a, b)` elementwise for two numbers ([`PairKernel`]).
    fn pair<F: PairKernel>(x: &Self::T, a: f64, b: f64) -> Result<Self::T>;
    /// `F(g, x, a, b)` elementwise over the broadcast shape of `g` and `x` ([`GradKernel`]).
    fn grad<F: GradKernel>(g: &Self::T, x: &Self::T, a: f64, b: f64) -> Result<Self::T>;

    /// Whether every element (every bound, for intervals) is finite.
    fn is_finite(a: &Self::T) -> Result<bool> {
        Ok(Self::to_f64(a)?.iter().all(|v| v.is_finite()))
    }
    /// Whether any element is NaN (anomaly mode's check).
    fn has_nan(a: &Self::T) -> Result<bool> {
        Ok(Self::to_f64(a)?.iter().any(|v| v.is_nan()))
    }

    // ---- linear algebra and reductions ----
    fn matmul(a: &Self::T, b: &Self::T) -> Result<Self::T>;
    fn sum_dims(a: &Self::T, dims: &[i64], keepdim: bool) -> Result<Self::T>;
    /// The product over `dims` (all when empty), in row-major order of the reduced
    /// positions on the reference backend.
    fn prod_dims(a: &Self::T, dims: &[i64], keepdim: bool) -> Result<Self::T>;
    /// Running sums along `dim` (`reverse`: from the last element back).
    fn cumsum(a: &Self::T, dim: i64, reverse: bool) -> Result<Self::T>;
    /// The nuclear norm (the sum of singular values) over the two `dims` and its backward
    /// (`U Vᵀ` times the cotangent): LibTorch's SVD; no carrier that is exact has one.
    fn nuclear_norm(a: &Self::T, dims: [i64; 2], keepdim: bool) -> Result<Self::T> {
        let _ = (dims, keepdim);
        Err(crate::error::Error::Unsupported {
            op: "norm(p=\"nuc\")",
            carrier: Self::dtype(a).carrier_label(),
        })
    }
    fn nuclear_norm_backward(
        a: &Self::T,
        g: &Self::T,
        dims: [i64; 2],
        keepdim: bool,
    ) -> Result<Self::T> {
        let _ = (g, dims, keepdim);
        Err(crate::error::Error::Unsupported {
            op: "norm(p=\"nuc\")",
            carrier: Self::dtype(a).carrier_label(),
        })
    }
    /// The maximum (`max`) or minimum over `dims` (all when empty), NaN if any is NaN.
    /// The default: not supported.
    fn extremum_dims(a: &Self::T, dims: &[i64], keepdim: bool, max: bool) -> Result<Self::T> {
        let _ = (dims, keepdim);
        Err(crate::error::Error::Unsupported {
            op: if max { "amax" } else { "amin" },
            carrier: Self::dtype(a).name().to_string(),
        })
    }
    fn softmax(a: &Self::T, dim: i64) -> Result<Self::T>;
    fn log_softmax(a: &Self::T, dim: i64) -> Result<Self::T>;
    /// LibTorch's backward of `softmax` (`log`: of `log_softmax`) along `dim` for the
    /// cotangent `g` and the output `y` (torch's `_softmax_backward_data`,
    /// `_log_softmax_backward_data`). `None`, the default: the op composes it.
    fn softmax_backward(
        _g: &Self::T,
        _y: &Self::T,
        _dim: i64,
        _log: bool,
    ) -> Result<Option<Self::T>> {
        Ok(None)
    }
    /// LibTorch's variance over `dims` (all when empty) with `correction` (`std`: its
    /// square root), torch's `var`/`std` kernel: Welford's algorithm, a 16-bit input
    /// accumulated in float32 and rounded once. `None`, the default: the op composes it.
    fn var_dims(
        _x: &Self::T,
        _dims: &[i64],
        _correction: f64,
        _keepdim: bool,
        _std: bool,
    ) -> Result<Option<Self::T>> {
        Ok(None)
    }
    /// `(n, classes)` one-hot rows in `dtype`.
    fn one_hot(ids: &[i64], classes: i64, dtype: DType, device: Device) -> Result<Self::T>;

    // ---- indices (the second tensor is int64 data) ----
    /// The maximum along `dim` and the index of its first occurrence (torch's `max(dim)`).
    /// The default: not supported (a backend whose tensors cannot hold indices).
    fn max_dim(a: &Self::T, dim: i64, keepdim: bool) -> Result<(Self::T, Self::T)> {
        let _ = (dim, keepdim);
        Err(crate::error::Error::Unsupported {
            op: "max",
            carrier: Self::dtype(a).name().to_string(),
        })
    }
    /// The int64 indices of the `k` largest (`largest`) or smallest elements along `dim`,
    /// in descending (ascending) order of value when `sorted` (torch's `topk(...).indices`).
    /// The default: not supported.
    fn topk_indices(a: &Self::T, k: i64, dim: i64, largest: bool, sorted: bool) -> Result<Self::T> {
        let _ = (k, dim, largest, sorted);
        Err(crate::error::Error::Unsupported {
            op: "topk",
            carrier: Self::dtype(a).name().to_string(),
        })
    }
    /// The int64 permutation sorting `dim` (ascending, or `descending`; `stable` keeps the
    /// order of equal elements): torch's `sort(...).indices`. The default: not supported.
    fn sort_indices(a: &Self::T, dim: i64, descending: bool, stable: bool) -> Result<Self::T> {
        let _ = (dim, descending, stable);
        Err(crate::error::Error::Unsupported {
            op: "sort",
            carrier: Self::dtype(a).name().to_string(),
        })
    }
    /// The int64 index of the `k`-th smallest element along `dim`, `dim` kept with size 1
    /// (torch's `kthvalue(k, dim, keepdim=True).indices`). The default: not supported.
    /// The int64 index `sel` picks along `dim` (see [`crate::kernel::select::Selection`]).
    /// The default: not supported.
    fn select_index(
        a: &Self::T,
        sel: crate::kernel::select::Selection,
        dim: i64,
    ) -> Result<Self::T> {
        let _ = dim;
        Err(crate::error::Error::Unsupported {
            op: sel.name(),
            carrier: Self::dtype(a).name().to_string(),
        })
    }
    /// Zeros of `shape` with `src` placed at `index` along `dim` (`index` and `src` have
    /// `shape` with `dim` of size 1): the backward of `max(dim)`.
    fn scatter_dim(shape: &[i64], dim: i64, index: &Self::T, src: &Self::T) -> Result<Self::T> {
        let _ = (shape, dim, index);
        Err(crate::error::Error::Unsupported {
            op: "scatter",
            carrier: Self::dtype(src).name().to_string(),
        })
    }

    // ---- data movement and predicates (see `ops::movement`, `ops::compare`) ----
    /// The movement op `m` on these operands (sources and int64/bool data): the result and
    /// whether it is a view of the first source. The default: not supported.
    fn movement(m: &dyn Movement, xs: &[&Self::T]) -> Result<(Self::T, bool)> {
        Err(crate::error::Error::Unsupported {
            op: m.name(),
            carrier: xs
                .first()
                .map_or("?".into(), |x| Self::dtype(x).name().to_string()),
        })
    }
    /// The layer `l` on these operands: its output and backward workspace. The default:
    /// not supported (only LibTorch runs layers).
    fn layer(l: &dyn Layer, xs: &[&Self::T]) -> Result<(Self::T, Vec<Self::T>)> {
        Err(crate::error::Error::Unsupported {
            op: l.name(),
            carrier: xs
                .first()
                .map_or("?".into(), |x| Self::dtype(x).carrier_label()),
        })
    }
    /// The cotangents of `l`'s operands that `needs` asks for.
    fn layer_backward(
        l: &dyn Layer,
        xs: &[&Self::T],
        workspace: &[&Self::T],
        g: &Self::T,
        needs: &[bool],
    ) -> Result<Vec<Option<Self::T>>> {
        let _ = (workspace, g, needs);
        Err(crate::error::Error::Unsupported {
            op: l.name(),
            carrier: xs
                .first()
                .map_or("?".into(), |x| Self::dtype(x).carrier_label()),
        })
    }
    /// The cotangent of source `which` of `m` from the output's cotangent `g`, and whether
    /// it is a view of `g`. The default: not supported.
    fn movement_backward(
        m: &dyn Movement,
        xs: &[&Self::T],
        g: &Self::T,
        which: usize,
    ) -> Result<(Self::T, bool)> {
        let _ = (xs, which);
        Err(crate::error::Error::Unsupported {
            op: m.name(),
            carrier: Self::dtype(g).name().to_string(),
        })
    }
    /// A bool tensor: `p` of `a` (and of `b`, or of the number `s` where `b` is `None`,
    /// for the binary predicates), broadcast. The default: not supported.
    fn predicate(p: Predicate, a: &Self::T, b: Option<&Self::T>, s: f64) -> Result<Self::T> {
        let _ = (b, s);
        Err(crate::error::Error::Unsupported {
            op: p.name(),
            carrier: Self::dtype(a).name().to_string(),
        })
    }

    /// `any`/`all` (bool) or `count_nonzero` (int64) of `x` over `dims` (all when empty),
    /// an element counting as true where nonzero. The default: not supported.
    fn tally(
        x: &Self::T,
        kind: crate::kernel::predicate::Tally,
        dims: &[i64],
        keepdim: bool,
    ) -> Result<Self::T> {
        let _ = (dims, keepdim);
        Err(crate::error::Error::Unsupported {
            op: kind.name(),
            carrier: Self::dtype(x).carrier_label(),
        })
    }
    /// torch's `searchsorted(seq, values, right=right)`: for each value, the number of
    /// elements of its row of the sorted `seq` below it (`right`: at most it), as int64
    /// (`out_int32`: int32) data. `seq` is 1-D or has `values`' leading dims. The default:
    /// not supported.
    fn searchsorted(
        seq: &Self::T,
        values: &Self::T,
        right: bool,
        out_int32: bool,
    ) -> Result<Self::T> {
        let _ = (values, right, out_int32);
        Err(crate::error::Error::Unsupported {
            op: "searchsorted",
            carrier: Self::dtype(seq).carrier_label(),
        })
    }
    /// torch's `unique(x, sorted, return_inverse, return_counts, dim)`: the distinct
    /// values (slices along `dim`), the inverse indices and the counts (empty when not
    /// asked for). The default: not supported.
    fn unique(x: &Self::T, sorted: bool, dim: Option<i64>) -> Result<(Self::T, Self::T, Self::T)> {
        let _ = (sorted, dim);
        Err(crate::error::Error::Unsupported {
            op: "unique",
            carrier: Self::dtype(x).carrier_label(),
        })
    }

    /// The positions of the true elements of a bool mask, one int64 tensor of them per
    /// dim of the mask (torch's `nonzero(as_tuple=True)`). The default: not supported.
    fn nonzero(mask: &Self::T) -> Result<Vec<Self::T>> {
        Err(crate::error::Error::Unsupported {
            op: "nonzero",
            carrier: Self::dtype(mask).name().to_string(),
        })
    }

    // ---- views (share storage with the input) ----
    fn transpose(a: &Self::T, d0: i64, d1: i64) -> Result<Self::T>;
    /// Dims reordered (`perm` a permutation of `0..ndim`): a view. The default composes
    /// transposes.
    fn permute(a: &Self::T, perm: &[usize]) -> Result<Self::T> {
        permute_by_transposes::<Self>(a, perm)
    }
    fn expand(a: &Self::T, shape: &[i64]) -> Result<Self::T>;
    fn is_contiguous(a: &Self::T) -> bool;
    /// `a`'s strides and storage offset, in elements, as its storage lays it out (torch's
    /// `stride()` and `storage_offset()`: a view's are its base's).
    fn strides(a: &Self::T) -> (Vec<i64>, i64);
    /// A stand-in for `a` once its values are freed: the same shape, dtype and device, one
    /// element of storage (broadcast). `None` (the default): the backend keeps the values.
    fn placeholder(_a: &Self::T) -> Option<Self::T> {
        None
    }
    /// The LibTorch tensor `t` is, where this backend's tensors are LibTorch's (a layer
    /// kernel that writes extra LibTorch tensors in place: batch norm's running statistics).
    /// `None`, the default: not a LibTorch tensor.
    fn as_torch(_t: &Self::T) -> Option<&tch::Tensor> {
        None
    }
    /// The inverse of [`Backend::as_torch`]: a LibTorch tensor as this backend's.
    fn from_torch(_t: tch::Tensor) -> Option<Self::T> {
        None
    }
    /// A view with a new shape of contiguous data.
    fn view(a: &Self::T, shape: &[i64]) -> Result<Self::T>;

    /// `x @ wᵀ (+ b)` for `x` of shape `(..., in)`, `w` of shape `(out, in)`.
    fn linear(x: &Self::T, w: &Self::T, b: Option<&Self::T>) -> Result<Self::T> {
        let shape = Self::shape(x);
        if shape.len() == 1 {
            // A vector is one row: (1, in) @ wᵀ, then back to (out,).
            let row = if Self::is_contiguous(x) {
                Self::view(x, &[1, shape[0]])?
            } else {
                Self::view(&Self::copy(x)?, &[1, shape[0]])?
            };
            let y = Self::linear(&row, w, b)?;
            let out = Self::shape(&y)[1];
            return Self::view(&y, &[out]);
        }
        let mut y = Self::matmul(x, &Self::transpose(w, 0, 1)?)?;
        if let Some(b) = b {
            // `y` is fresh: the bias is added into it.
            Self::add_(&mut y, b)?;
        }
        Ok(y)
    }

    /// One fused Adam/AdamW update of `p` with moments `m`, `v` (all held exclusively),
    /// after the step counter reached `step`: torch.optim's formulas in one kernel call.
    /// `Ok(false)`, the default: no fused kernel here, nothing touched (the optimizer then
    /// composes the update, `optim/adam.rs`).
    fn adam_update_(
        p: &mut Self::T,
        g: &Self::T,
        m: &mut Self::T,
        v: &mut Self::T,
        h: &AdamConfig,
        step: u64,
    ) -> Result<bool> {
        let _ = (p, g, m, v, h, step);
        Ok(false)
    }

    /// torch's `fused=True` Adam/AdamW kernel over `group` in one call: each parameter with
    /// its moments (and `max_v`, the running maximum of `v` under amsgrad), all held
    /// exclusively, after its step counter reached its `step`; `maximize` is applied by the
    /// kernel. Only LibTorch's carriers have it: an `Unsupported` error elsewhere, nothing
    /// touched.
    fn fused_adam_(group: &mut [AdamOperands<'_, Self::T>], h: &AdamConfig) -> Result<()> {
        let _ = h;
        Err(crate::error::Error::Unsupported {
            op: "Adam(fused=True)",
            carrier: group
                .first()
                .map_or("none", |o| Self::backend_name(o.p))
                .to_string(),
        })
    }

    /// One fused SGD update of `p` (held exclusively) with gradient `g` and, with momentum,
    /// the buffer `buf` (`first`: it has no history yet). `Ok(false)`, the default: no
    /// fused kernel here (the optimizer composes it, `optim/sgd.rs`).
    fn sgd_update_(
        p: &mut Self::T,
        g: &Self::T,
        buf: Option<&mut Self::T>,
        first: bool,
        h: &SgdConfig,
    ) -> Result<bool> {
        let _ = (p, g, buf, first, h);
        Ok(false)
    }

    /// `op`'s in-place form on `a` (held exclusively) with the tensor operands `xs`, as
    /// torch.optim's single-tensor formulas call it. `Ok(false)`, the default: no such
    /// kernel here, nothing touched (`optim/state_ops.rs` then composes it).
    fn state_op_(op: StateOp, a: &mut Self::T, xs: &[&Self::T]) -> Result<bool> {
        let _ = (op, a, xs);
        Ok(false)
    }

    /// `op`'s out-of-place form: a new tensor. `Ok(None)`, the default: no such kernel here
    /// (`optim/state_ops.rs` then composes it).
    fn state_op(op: StateOp, a: &Self::T, xs: &[&Self::T]) -> Result<Option<Self::T>> {
        let _ = (op, a, xs);
        Ok(None)
    }

    /// torch.optim.Rprop's single-tensor update of `p` (its `prev` gradient and `step_size`
    /// updated too, all three held exclusively) in one pass that rounds as torch's sixteen
    /// kernels do. `Ok(false)`, the default and where the tensors do not allow it: nothing
    /// touched (`optim/averaged.rs` then runs torch's sequence of calls).
    fn rprop_update_(
        p: &mut Self::T,
        g: &Self::T,
        prev: &mut Self::T,
        step_size: &mut Self::T,
        h: &RpropConfig,
    ) -> Result<bool> {
        let _ = (p, g, prev, step_size, h);
        Ok(false)
    }

    /// torch.optim.Adadelta's single-tensor update of `p` from `g` (weight decay already
    /// added), its `square_avg` and `acc_delta` updated too (all three held exclusively),
    /// with passes of the backend's own where they round as torch's kernels do.
    /// `Ok(false)`, the default and where the tensors do not allow it: nothing touched
    /// (`optim/adaptive.rs` then runs torch's sequence of calls).
    fn adadelta_update_(
        p: &mut Self::T,
        g: &Self::T,
        square_avg: &mut Self::T,
        acc_delta: &mut Self::T,
        h: &AdadeltaConfig,
    ) -> Result<bool> {
        let _ = (p, g, square_avg, acc_delta, h);
        Ok(false)
    }

    // ---- recycled outputs (see `crate::pool`) ----
    /// Whether this backend can write results into recycled `dtype` buffers at all
    /// ([`Backend::run_out`]); if not, the pool keeps nothing. The default: no.
    fn recycles(_dtype: DType) -> bool {
        false
    }
    /// Whether `t` may be kept and later written over as an op's output: the caller's
    /// handle is the only reference to the tensor and to its storage (no view, no export
    /// shares it), and it is a dense, contiguous tensor of exactly `shape`, `dtype` and
    /// `device`. The default keeps nothing.
    fn recyclable(_t: &Self::T, _shape: &[i64], _dtype: DType, _device: Device) -> bool {
        false
    }
    /// Run `k` on `xs`, writing the result into `out`, which the caller holds exclusively
    /// and which has exactly the result's shape, dtype and device. `Ok(false)`: this
    /// backend has no such kernel for these inputs and `out` is untouched. On an error,
    /// `out`'s contents are unspecified.
    fn run_out(_k: OutKernel, _xs: &[&Self::T], _out: &mut Self::T) -> Result<bool> {
        Ok(false)
    }

    // ---- in place (the caller holds the tensor exclusively) ----
    /// `g` becomes 0 where `x <= 0`, written over `g` itself (relu's backward in place).
    /// `None`, the default: no such kernel (the rule then computes it out of place).
    fn relu_backward_(g: &mut Self::T, x: &Self::T) -> Option<Result<()>> {
        let _ = (g, x);
        None
    }
    fn add_(a: &mut Self::T, b: &Self::T) -> Result<()>;
    /// `a += alpha * b`.
    fn axpy_(a: &mut Self::T, alpha: f64, b: &Self::T) -> Result<()>;
    fn copy_(a: &mut Self::T, b: &Self::T) -> Result<()>;
}
