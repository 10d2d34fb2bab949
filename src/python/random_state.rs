//! torch's process-wide random state and anomaly mode, as the `_core` functions
//! `eagertape._torch` builds `et.initial_seed`, `et.get_rng_state` / `et.set_rng_state`
//! and `et.set_anomaly_enabled` on. The random state is the process-wide generator's
//! (`crate::rng`), with this thread's default session's; LibTorch's own CPU generator (which
//! modules built without a seed draw from) is saved beside it by the Python side.

use pyo3::prelude::*;

use super::current;
use crate::rng::{GlobalState, RngState};

/// The seed `manual_seed` set last (the process-wide generator's first).
///
/// Returns:
///     int: the seed, in `[0, 2**64)`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> et.manual_seed(7)
///     >>> et.initial_seed()
///     7
#[pyfunction]
pub fn initial_seed() -> u64 {
    crate::rng::initial_seed()
}

/// The process-wide random state: `(seed, counter, seeded, initial_seed)` of the
/// process-wide generator, then `(seed, counter)` of this thread's default session's.
#[pyfunction]
pub fn _rng_states() -> (u64, u64, bool, u64, u64, u64) {
    let g = crate::rng::global_state();
    let d = current::default_rng_state();
    (
        g.generator.seed,
        g.generator.counter,
        g.seeded,
        g.initial_seed,
        d.seed,
        d.counter,
    )
}

/// Restore what `_rng_states()` returned (refused inside a captured step).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn _set_rng_states(
    seed: u64,
    counter: u64,
    seeded: bool,
    initial_seed: u64,
    default_seed: u64,
    default_counter: u64,
) -> PyResult<()> {
    super::capture_state::refuse_effect("et.set_rng_state()")?;
    crate::rng::set_global_state(GlobalState {
        generator: RngState { seed, counter },
        seeded,
        initial_seed,
    });
    current::set_default_rng_state(RngState {
        seed: default_seed,
        counter: default_counter,
    });
    Ok(())
}

/// Sets anomaly mode (process-wide, as torch's): while it is on with `check_nan`, a backward
/// checks every op's gradients for NaN and stops at the first op that makes one, with a
/// `NonFiniteError` naming it; nothing of that backward is kept.
///
/// Unlike torch's, it keeps no forward traceback; the error names the op instead.
///
/// Args:
///     mode (bool): whether anomaly mode is on.
///     check_nan (bool): whether it checks for NaN. Default: `True`.
///
/// Examples:
///     >>> import eagertape as et
///     >>> et.set_anomaly_enabled(True)
///     >>> et.is_anomaly_enabled(), et.is_anomaly_check_nan_enabled()
///     (True, True)
///     >>> et.set_anomaly_enabled(False)
#[pyfunction]
#[pyo3(signature = (mode, check_nan = true))]
pub fn set_anomaly_enabled(mode: bool, check_nan: bool) {
    crate::grad_mode::set_anomaly(mode, check_nan);
}

/// Whether anomaly mode is on (`set_anomaly_enabled`).
///
/// Returns:
///     bool: the mode.
#[pyfunction]
pub fn is_anomaly_enabled() -> bool {
    crate::grad_mode::anomaly_enabled()
}

/// Whether anomaly mode checks for NaN (`set_anomaly_enabled`'s `check_nan`), answered
/// while the mode is off too, as torch's.
///
/// Returns:
///     bool: the flag.
#[pyfunction]
pub fn is_anomaly_check_nan_enabled() -> bool {
    crate::grad_mode::anomaly_check_nan()
}
