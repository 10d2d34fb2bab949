//! The selection descriptor: which element's index an order op picks along a dim (the
//! backends' `select_index`). `Rank` (`ops/sort.rs`) is its rule's view of it.

/// Which index along `dim`: a reduced dim is kept with size 1; the running ones keep the
/// input's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection {
    /// The `k`-th smallest (1-based): `kthvalue`.
    Kth(i64),
    /// The lower median (`median`), or that of the non-NaN elements (`nanmedian`).
    Median { ignore_nan: bool },
    /// The most frequent value (the smallest among equally frequent ones): `mode`.
    Mode,
    /// The running maximum (`cummax`) or minimum (`cummin`): the index of the last
    /// occurrence of the extreme so far, as torch.
    Running { max: bool },
}

impl Selection {
    pub fn name(self) -> &'static str {
        match self {
            Selection::Kth(_) => "kthvalue",
            Selection::Median { ignore_nan: false } => "median",
            Selection::Median { ignore_nan: true } => "nanmedian",
            Selection::Mode => "mode",
            Selection::Running { max: true } => "cummax",
            Selection::Running { max: false } => "cummin",
        }
    }
    /// Whether the selection reduces `dim` (kept with size 1) rather than running along it.
    pub fn reduces(self) -> bool {
        !matches!(self, Selection::Running { .. })
    }
}
