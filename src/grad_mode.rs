//! The grad mode of a thread (`et.no_grad()`, `et.enable_grad()`, `et.set_grad_enabled`,
//! `et.inference_mode()`): while it is off, every session records nodes that no backward
//! will read (`requires_grad` false), keeps no recycled buffers for them, and frees each
//! value when its last Python handle goes, as torch does under `no_grad`.
//!
//! Ownership: one flag per thread, owned by that thread; a session created with
//! `grad_enabled=False` is off whatever the flag says.

use std::cell::Cell;

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
