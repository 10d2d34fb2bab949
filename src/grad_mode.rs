//! The grad mode of a thread (`et.no_grad()`, `et.enable_grad()`, `et.set_grad_enabled`,
//! `et.inference_mode()`): while it is off, every session records nodes that no backward
//! will read (`requires_grad` false), keeps no recycled buffers for them, and frees each
//! value when its last Python handle goes, as torch does under `no_grad`.
//!
//! Ownership: one flag per thread, owned by that thread; a session created with
//! `grad_enabled=False` is off whatever the flag says.
//!
//! Also the process-wide anomaly mode (`et.set_anomaly_enabled`, torch's): while it is on
//! with `check_nan`, every backward rule's result is checked for NaN and the sweep stops at
//! the first with a `NonFiniteError` naming the op (nothing of that backward is kept).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};

/// `et.set_anomaly_enabled(mode, check_nan)`: whether anomaly mode is on, and whether it
/// checks the backward's results for NaN (process-wide, as torch's).
static ANOMALY: AtomicBool = AtomicBool::new(false);
static ANOMALY_NAN: AtomicBool = AtomicBool::new(true);

/// Set anomaly mode (`mode`) and its NaN check (`check_nan`).
pub fn set_anomaly(mode: bool, check_nan: bool) {
    ANOMALY.store(mode, Ordering::Relaxed);
    ANOMALY_NAN.store(check_nan, Ordering::Relaxed);
}

/// Whether anomaly mode is on.
pub fn anomaly_enabled() -> bool {
    ANOMALY.load(Ordering::Relaxed)
}

/// Whether anomaly mode checks for NaN (torch answers for the flag even while the mode is
/// off).
pub fn anomaly_check_nan() -> bool {
    ANOMALY_NAN.load(Ordering::Relaxed)
}

/// Whether the backward sweep checks each rule's result for NaN now.
pub fn checks_nan() -> bool {
    anomaly_enabled() && anomaly_check_nan()
}

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(true) };
}

/// Whether this thread records for backward.
pub fn enabled() -> bool {
    ENABLED.with(|e| e.get())
}

/// Set this thread's grad mode; returns the previous one (for the caller to restore).
pub fn set(on: bool) -> bool {
    ENABLED.with(|e| e.replace(on))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mode_is_per_thread_and_set_returns_the_previous_one() {
        assert!(enabled());
        assert!(set(false));
        assert!(!enabled());
        std::thread::spawn(|| assert!(enabled(), "another thread keeps its own mode"))
            .join()
            .unwrap();
        assert!(!set(true));
        assert!(enabled());
    }
}
