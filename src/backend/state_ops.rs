//! LibTorch's side of [`StateOp`]: one call of `src/shim/optim.cpp`'s `eagertape_state_op`
//! per pointwise method, in place or out of place (`Backend::state_op_` /
//! `Backend::state_op` of `libtorch.rs`), and the updates with passes of their own
//! (`src/shim/one_pass.cpp`: `Backend::rprop_update_`, `Backend::adadelta_update_`).

use tch::Tensor;

use super::layer_kernels::adopt;
use super::shim::{eagertape_adadelta_step, eagertape_rprop_step, eagertape_state_op, shim_result};
use crate::error::{Error, Result};
use crate::kernel::{AdadeltaConfig, RpropConfig, StateOp};

/// The operands' handles (null where `op` takes fewer); more or fewer than `op` takes is an
/// error, checked before any call.
fn operands(op: StateOp, xs: &[&Tensor]) -> Result<[*const torch_sys::C_tensor; 2]> {
    op.check_operands(xs.len())?;
    let mut ptrs = [std::ptr::null(); 2];
    for (slot, x) in ptrs.iter_mut().zip(xs) {
        *slot = x.as_ptr();
    }
    Ok(ptrs)
}

/// `op`'s in-place form on `a`, which the caller holds exclusively.
pub fn state_op_(op: StateOp, a: &mut Tensor, xs: &[&Tensor]) -> Result<()> {
    let [b, c] = operands(op, xs)?;
    let (code, [s0, s1]) = op.code();
    let mut err = std::ptr::null_mut();
    // SAFETY: `a` and the operands are live tensor handles for the whole call; `a` is held
    // exclusively (`&mut`), so nothing reads it while the shim writes it; a null `out`
    // asks for the in-place form, and the shim catches every C++ exception, reporting it
    // through `err` (a malloc'd string `shim_result` frees).
    let rc = unsafe {
        eagertape_state_op(
            code,
            a.as_mut_ptr(),
            b,
            c,
            s0,
            s1,
            std::ptr::null_mut(),
            &mut err,
        )
    };
    shim_result(rc, err, "optimizer state op")
}

/// `op`'s out-of-place form: a new tensor, `a` untouched.
pub fn state_op(op: StateOp, a: &Tensor, xs: &[&Tensor]) -> Result<Tensor> {
    let [b, c] = operands(op, xs)?;
    let (code, [s0, s1]) = op.code();
    let mut out = std::ptr::null_mut();
    let mut err = std::ptr::null_mut();
    // SAFETY: `a` and the operands are live tensor handles for the whole call; with `out`
    // non-null the shim runs the out-of-place form, which only reads `a` (the `*mut` is the
    // shim's one signature for both forms), and writes a fresh handle into `out` (adopted
    // below) or a malloc'd message into `err` (freed by `shim_result`).
    let rc = unsafe {
        eagertape_state_op(
            code,
            a.as_ptr() as *mut torch_sys::C_tensor,
            b,
            c,
            s0,
            s1,
            &mut out,
            &mut err,
        )
    };
    shim_result(rc, err, "optimizer state op")?;
    adopt(out).ok_or_else(|| Error::Backend("optimizer state op: no result".into()))
}

/// Rprop's update of `p`, `prev` and `step_size` (held exclusively) in one pass, where the
/// tensors allow it (`true`); `false`: nothing touched.
pub fn rprop_update_(
    p: &mut Tensor,
    g: &Tensor,
    prev: &mut Tensor,
    step_size: &mut Tensor,
    h: &RpropConfig,
) -> Result<bool> {
    let mut handled = 0;
    let mut err = std::ptr::null_mut();
    // SAFETY: the four handles are live for the whole call; `p`, `prev` and `step_size` are
    // held exclusively (`&mut`), so nothing reads them while the shim writes them, and the
    // shim refuses (touching nothing) tensors that share storage; it catches every C++
    // exception, reporting it through `err` (a malloc'd string `shim_result` frees).
    let rc = unsafe {
        eagertape_rprop_step(
            p.as_mut_ptr(),
            g.as_ptr(),
            prev.as_mut_ptr(),
            step_size.as_mut_ptr(),
            h.etaminus,
            h.etaplus,
            h.step_size_min,
            h.step_size_max,
            &mut handled,
            &mut err,
        )
    };
    shim_result(rc, err, "Rprop update")?;
    Ok(handled != 0)
}

/// Adadelta's update of `p`, `square_avg` and `acc_delta` (held exclusively) from `g`,
/// where the tensors allow it (`true`); `false`: nothing touched.
pub fn adadelta_update_(
    p: &mut Tensor,
    g: &Tensor,
    square_avg: &mut Tensor,
    acc_delta: &mut Tensor,
    h: &AdadeltaConfig,
) -> Result<bool> {
    let mut handled = 0;
    let mut err = std::ptr::null_mut();
    // SAFETY: the four handles are live for the whole call; `p`, `square_avg` and
    // `acc_delta` are held exclusively (`&mut`), so nothing reads them while the shim writes
    // them, and the shim refuses (touching nothing) a written tensor that shares storage with
    // another; it catches every C++ exception, reporting it through `err` (a malloc'd string
    // `shim_result` frees).
    let rc = unsafe {
        eagertape_adadelta_step(
            p.as_mut_ptr(),
            g.as_ptr(),
            square_avg.as_mut_ptr(),
            acc_delta.as_mut_ptr(),
            h.lr,
            h.rho,
            h.eps,
            &mut handled,
            &mut err,
        )
    };
    shim_result(rc, err, "Adadelta update")?;
    Ok(handled != 0)
}
