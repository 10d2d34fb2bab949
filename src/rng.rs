//! The session's random-number state: a counter-based generator position `(seed, counter)`.
//! It is seeded from `Config::seed`, survives `reset_tape`, and is saved and restored whole.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RngState {
    pub seed: u64,
    /// Number of draws made so far.
    pub counter: u64,
}

impl RngState {
    pub fn new(seed: u64) -> Self {
        RngState { seed, counter: 0 }
    }
}
