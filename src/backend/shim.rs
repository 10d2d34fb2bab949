//! The C++ shims (`src/shim/*.cpp`, built by `build.rs` against torch's headers): their
//! declarations and the conversion of their error reports. Every call site is in the
//! backend's safe wrappers (`libtorch.rs`, `layer_kernels.rs`, `class_targets.rs`,
//! `state_ops.rs`), each with its `SAFETY` comment.

use crate::error::{Error, Result};

extern "C" {
    #[link_name = "free"]
    fn libc_free(p: *mut std::ffi::c_void);
}

/// The result of a shim call that returns 0, or 1 with a malloc'd message in `err`.
pub(super) fn shim_result(rc: i32, err: *mut std::os::raw::c_char, what: &str) -> Result<()> {
    if rc == 0 {
        return Ok(());
    }
    let msg = if err.is_null() {
        format!("{what} failed")
    } else {
        // SAFETY: the shim set `err` to a NUL-terminated string from malloc; it is read once
        // here and freed once, right after.
        unsafe {
            let m = std::ffi::CStr::from_ptr(err).to_string_lossy().into_owned();
            libc_free(err.cast());
            m
        }
    };
    // Keep only the first line: LibTorch appends a C++ backtrace.
    Err(Error::Backend(msg.lines().next().unwrap_or("").to_string()))
}

extern "C" {
    /// `src/shim/recycle.cpp`: 1 if `t` is the only reference to its tensor and storage
    /// and matches the given scalar type, device and shape (see [`Backend::recyclable`]).
    pub(super) fn eagertape_recyclable(
        t: *const torch_sys::C_tensor,
        scalar_type: i32,
        device_type: i32,
        device_index: i32,
        dims: *const i64,
        rank: i64,
    ) -> i32;

    /// `src/shim/recycle.cpp`: `t`'s storage offset in elements (0 for an undefined tensor).
    pub(super) fn eagertape_storage_offset(t: *const torch_sys::C_tensor) -> i64;

    /// `src/shim/optim.cpp`: one SGD update in place (`buf` null without momentum); 0, or 1
    /// and a malloc'd message.
    pub(super) fn eagertape_sgd_step(
        param: *mut torch_sys::C_tensor,
        grad: *const torch_sys::C_tensor,
        buf: *mut torch_sys::C_tensor,
        first: i32,
        lr: f64,
        momentum: f64,
        dampening: f64,
        weight_decay: f64,
        nesterov: i32,
        err: *mut *mut std::os::raw::c_char,
    ) -> i32;

    /// `src/shim/activations.cpp`: LibTorch's `softplus(x, a, b)` (`which` 0), `elu(x, a)`
    /// (1), `log_sigmoid_backward(g, x)` (2; `g` may be null otherwise), `celu(x, a)` (3),
    /// `selu(x)` (4), `hardshrink(x, a)` (5) or `softshrink(x, a)` (6); `out` gets a new
    /// tensor handle owned by the caller.
    pub(super) fn eagertape_activation(
        which: i32,
        x: *const torch_sys::C_tensor,
        g: *const torch_sys::C_tensor,
        a: f64,
        b: f64,
        out: *mut *mut torch_sys::C_tensor,
        err: *mut *mut std::os::raw::c_char,
    ) -> i32;

    /// `src/shim/layers.cpp`: LibTorch's `convolution_backward`; each out pointer gets a
    /// new tensor handle (owned by the caller) where its mask bit is set, else null.
    pub(super) fn eagertape_convolution_backward(
        grad: *const torch_sys::C_tensor,
        input: *const torch_sys::C_tensor,
        weight: *const torch_sys::C_tensor,
        bias_len: i64,
        stride: *const i64,
        padding: *const i64,
        dilation: *const i64,
        dims: i64,
        transposed: i32,
        output_padding: *const i64,
        groups: i64,
        mask0: i32,
        mask1: i32,
        mask2: i32,
        grad_input: *mut *mut torch_sys::C_tensor,
        grad_weight: *mut *mut torch_sys::C_tensor,
        grad_bias: *mut *mut torch_sys::C_tensor,
        err: *mut *mut std::os::raw::c_char,
    ) -> i32;

    /// `src/shim/layers.cpp`: LibTorch's `native_layer_norm_backward` (weight and bias may
    /// be null), with the same out-pointer contract.
    pub(super) fn eagertape_layer_norm_backward(
        grad: *const torch_sys::C_tensor,
        input: *const torch_sys::C_tensor,
        normalized_shape: *const i64,
        dims: i64,
        mean: *const torch_sys::C_tensor,
        rstd: *const torch_sys::C_tensor,
        weight: *const torch_sys::C_tensor,
        bias: *const torch_sys::C_tensor,
        mask0: i32,
        mask1: i32,
        mask2: i32,
        grad_input: *mut *mut torch_sys::C_tensor,
        grad_weight: *mut *mut torch_sys::C_tensor,
        grad_bias: *mut *mut torch_sys::C_tensor,
        err: *mut *mut std::os::raw::c_char,
    ) -> i32;

    /// `src/shim/layers.cpp`: `_log_softmax` (when `log_softmax`) and `nll_loss_forward` of
    /// a 2-D input and class ids (`weight` may be null); `loss`, `total_weight` and, when
    /// `log_softmax`, `log_probs` get new handles owned by the caller.
    /// `src/shim/layers.cpp`: 1 if oneDNN runs bfloat16 on this CPU (torch's
    /// `mkldnn_bf16_device_check`), else 0. Never fails.
    pub(super) fn eagertape_mkldnn_bf16_supported() -> i32;

    pub(super) fn eagertape_nll_loss_forward(
        x: *const torch_sys::C_tensor,
        target: *const torch_sys::C_tensor,
        weight: *const torch_sys::C_tensor,
        reduction: i64,
        ignore_index: i64,
        log_softmax: i32,
        loss: *mut *mut torch_sys::C_tensor,
        log_probs: *mut *mut torch_sys::C_tensor,
        total_weight: *mut *mut torch_sys::C_tensor,
        err: *mut *mut std::os::raw::c_char,
    ) -> i32;

    /// `src/shim/layers.cpp`: LibTorch's `native_batch_norm_backward` (weight, running
    /// statistics and saved statistics may be null), with the same out-pointer contract.
    pub(super) fn eagertape_batch_norm_backward(
        grad: *const torch_sys::C_tensor,
        input: *const torch_sys::C_tensor,
        weight: *const torch_sys::C_tensor,
        running_mean: *const torch_sys::C_tensor,
        running_var: *const torch_sys::C_tensor,
        save_mean: *const torch_sys::C_tensor,
        save_invstd: *const torch_sys::C_tensor,
        train: i32,
        eps: f64,
        mask0: i32,
        mask1: i32,
        mask2: i32,
        grad_input: *mut *mut torch_sys::C_tensor,
        grad_weight: *mut *mut torch_sys::C_tensor,
        grad_bias: *mut *mut torch_sys::C_tensor,
        err: *mut *mut std::os::raw::c_char,
    ) -> i32;

    /// `src/shim/optim.cpp`: torch's fused Adam/AdamW kernel on `n` parameters in place
    /// (each array `n` long; `max_exp_avg_sqs` null unless `amsgrad`); 0, or 1 and a
    /// malloc'd message.
    pub(super) fn eagertape_fused_adam_step(
        params: *const *mut torch_sys::C_tensor,
        grads: *const *const torch_sys::C_tensor,
        exp_avgs: *const *mut torch_sys::C_tensor,
        exp_avg_sqs: *const *mut torch_sys::C_tensor,
        max_exp_avg_sqs: *const *mut torch_sys::C_tensor,
        steps: *const f64,
        n: i64,
        lr: f64,
        beta1: f64,
        beta2: f64,
        eps: f64,
        weight_decay: f64,
        decoupled: i32,
        amsgrad: i32,
        maximize: i32,
        err: *mut *mut std::os::raw::c_char,
    ) -> i32;

    /// `src/shim/optim.cpp`: one `StateOp` (`op`, `s0`, `s1` from `StateOp::code`) on `a`
    /// with operands `b`, `c` (null where it takes fewer): in place when `out` is null, else
    /// a fresh handle in `*out`; 0, or 1 and a malloc'd message.
    pub(super) fn eagertape_state_op(
        op: i32,
        a: *mut torch_sys::C_tensor,
        b: *const torch_sys::C_tensor,
        c: *const torch_sys::C_tensor,
        s0: f64,
        s1: f64,
        out: *mut *mut torch_sys::C_tensor,
        err: *mut *mut std::os::raw::c_char,
    ) -> i32;

    /// `src/shim/one_pass.cpp`: one Adadelta update of a parameter (weight decay already in
    /// `grad`) where its tensors allow (`*handled` 1), else nothing touched (`*handled` 0);
    /// 0, or 1 and a malloc'd message.
    pub(super) fn eagertape_adadelta_step(
        param: *mut torch_sys::C_tensor,
        grad: *const torch_sys::C_tensor,
        square_avg: *mut torch_sys::C_tensor,
        acc_delta: *mut torch_sys::C_tensor,
        lr: f64,
        rho: f64,
        eps: f64,
        handled: *mut i32,
        err: *mut *mut std::os::raw::c_char,
    ) -> i32;

    /// `src/shim/one_pass.cpp`: one Rprop update of a parameter in one pass where its tensors
    /// allow (`*handled` 1), else nothing touched (`*handled` 0); 0, or 1 and a malloc'd
    /// message.
    pub(super) fn eagertape_rprop_step(
        param: *mut torch_sys::C_tensor,
        grad: *const torch_sys::C_tensor,
        prev: *mut torch_sys::C_tensor,
        step_size: *mut torch_sys::C_tensor,
        etaminus: f64,
        etaplus: f64,
        step_size_min: f64,
        step_size_max: f64,
        handled: *mut i32,
        err: *mut *mut std::os::raw::c_char,
    ) -> i32;

    /// `src/shim/optim.cpp`: one Adam/AdamW update in place; 0, or 1 and a malloc'd message.
    pub(super) fn eagertape_adam_step(
        param: *mut torch_sys::C_tensor,
        grad: *const torch_sys::C_tensor,
        exp_avg: *mut torch_sys::C_tensor,
        exp_avg_sq: *mut torch_sys::C_tensor,
        lr: f64,
        beta1: f64,
        beta2: f64,
        eps: f64,
        weight_decay: f64,
        decoupled: i32,
        bias1: f64,
        bias2_sqrt: f64,
        err: *mut *mut std::os::raw::c_char,
    ) -> i32;
}
