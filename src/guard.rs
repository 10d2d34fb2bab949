//! Panics contained at the kernel boundary.
//!
//! The core returns errors rather than panicking (`clippy::unwrap_used`, `expect_used`,
//! `panic` are denied in library code, see `lib.rs`), but one panic is not ours to remove:
//! tch frees the temporary `Scalar` of every `f_*` call that takes a number *before* it
//! reads LibTorch's error, and that free `unwrap`s the pending error. So any LibTorch
//! failure of such a call (an allocation that fails, a number the dtype cannot hold) panics
//! inside tch. [`contained`] runs a kernel call under `catch_unwind` and turns a panic into
//! [`Error::Backend`] with the panic's message; the panic hook installed here stays silent
//! for panics raised inside `contained` (they are reported as errors, not printed) and
//! forwards every other panic to the previous hook.
//!
//! Every call site is a kernel invocation that has not published anything yet (a forward
//! before its node is pushed, a backward rule before its cotangents are added, an optimizer
//! kernel after validation), so unwinding leaves the session as it was: the values the
//! kernel made are dropped (and unregistered from the ledger) on the way out.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

use crate::error::{Error, Result};

thread_local! {
    /// How many `contained` calls this thread is inside (the hook is silent above 0).
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

static HOOK: Once = Once::new();

fn install_hook() {
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if DEPTH.with(Cell::get) == 0 {
                previous(info);
            }
        }));
    });
}

/// Restores the depth on every exit, unwinding included.
struct Depth;

impl Depth {
    fn enter() -> Self {
        DEPTH.with(|d| d.set(d.get().saturating_add(1)));
        Depth
    }
}

impl Drop for Depth {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// Run the kernel call `f` (named `what` in the error); a panic inside it becomes
/// `Error::Backend("{what}: {message}")`.
pub fn contained<T>(what: &str, f: impl FnOnce() -> Result<T>) -> Result<T> {
    install_hook();
    let outcome = {
        let _depth = Depth::enter();
        // `AssertUnwindSafe` holds because the callers run `f` before publishing anything it
        // computes: no state they keep is left half-written by an unwind.
        panic::catch_unwind(AssertUnwindSafe(f))
    };
    match outcome {
        Ok(r) => r,
        Err(payload) => {
            let msg = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("a kernel panicked");
            match crate::error::classify(torch_message(msg)) {
                Error::Backend(m) => Err(Error::Backend(format!("{what}: {m}"))),
                other => Err(other),
            }
        }
    }
}

/// tch's unwrap message wraps LibTorch's: keep LibTorch's text.
fn torch_message(msg: &str) -> String {
    const PREFIX: &str = "called `Result::unwrap()` on an `Err` value: Torch(\"";
    match msg.strip_prefix(PREFIX).and_then(|m| m.strip_suffix("\")")) {
        Some(inner) => inner
            .split("\\n")
            .next()
            .unwrap_or(inner)
            .replace("\\\"", "\""),
        None => msg.lines().next().unwrap_or(msg).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_libtorch_call_with_a_number_is_an_error_not_a_panic() {
        let t =
            tch::Tensor::f_zeros([3], (tch::Kind::Float, tch::Device::Cpu)).map_err(Error::from);
        let t = t.and_then(|t| {
            let mask = t.f_eq(0.0)?;
            contained("masked_fill", || Ok(t.f_masked_fill(&mask, 1e300)?))
        });
        match t {
            Err(Error::Backend(m)) => assert!(m.contains("without overflow"), "{m}"),
            other => panic!("expected a Backend error, got {other:?}"),
        }
    }

    #[test]
    fn results_and_errors_pass_through() {
        assert_eq!(contained("x", || Ok(3)), Ok(3));
        assert_eq!(
            contained::<()>("x", || Err(Error::Shape("s".into()))),
            Err(Error::Shape("s".into()))
        );
    }
}
