//! One error type for the whole core. The Python layer maps each variant to a typed
//! exception (`eagertape.ConfigError`, `eagertape.StaleHandleError`, ...) in one `match`
//! (`python/errors.rs`), so a new variant does not compile until it has a Python class.
//! The structured variants (`Arity`, `Unsupported`, `Broadcast`, `DimOutOfRange`,
//! `ShapeMismatch`, `DTypeMismatch`, `IndexOutOfBounds`) also set their fields as the
//! exception's attributes (`e.op`, `e.expected`, `e.got`, `e.index`, `e.size`, ...).

/// Every fallible core call returns this.
#[derive(Debug, thiserror::Error, Clone, PartialEq)]
pub enum Error {
    /// An invalid configuration field (unknown device, dtype or backend) or optimizer
    /// hyperparameter.
    #[error("{0}")]
    Config(String),
    /// An invalid argument of an op or call (a dropout probability outside [0, 1], a
    /// malformed state tuple) that is not a shape, dtype or index problem.
    #[error("{0}")]
    Argument(String),
    /// An argument of a kind the call never takes (torch's `TypeError`: a tensor where only
    /// a Parameter can be written, a string where a number goes).
    #[error("{0}")]
    Type(String),
    /// An op given the wrong number of operands.
    #[error("{op} takes {expected} operand(s), got {got}")]
    Arity {
        op: &'static str,
        expected: String,
        got: usize,
    },
    /// An op the carrier cannot compute as specified (e.g. a function with no sound
    /// interval enclosure). Raised before anything is recorded.
    #[error("{op} is not supported on the {carrier} carrier")]
    Unsupported { op: &'static str, carrier: String },
    /// The requested device exists in the config but not on this machine.
    #[error("{0}")]
    DeviceUnavailable(String),
    /// A tensor or parameter lives on another device than the session computes on.
    #[error("{0}")]
    Device(String),
    /// A handle recorded by another session.
    #[error("tensor handle belongs to session {handle}, not to session {session}")]
    ForeignHandle { handle: u64, session: u64 },
    /// A handle recorded before the last `reset_tape`.
    #[error(
        "stale tensor reference from generation {recorded}; current generation is {current}{cause}"
    )]
    StaleHandle {
        recorded: u64,
        current: u64,
        /// Which call reset the tape, with what to do instead ("" for `reset_tape()`).
        cause: &'static str,
    },
    /// The session a handle points into has been dropped.
    #[error("the session of this tensor handle (session {0}) has been closed")]
    SessionClosed(u64),
    /// Two shapes that do not broadcast.
    #[error(
        "{op}: shapes {a:?} and {b:?} cannot be broadcast together (dimension {dim}: {da} vs {db})"
    )]
    Broadcast {
        op: String,
        a: Vec<i64>,
        b: Vec<i64>,
        dim: usize,
        da: i64,
        db: i64,
    },
    /// A dim outside `[-ndim, ndim)` (0-d tensors accept 0 and -1).
    #[error("{op}: dim {dim} is out of range for a tensor with {ndim} dimension(s) (expected a dim in [{lo}, {hi}])", lo = -(*ndim.max(&1) as i64), hi = *ndim.max(&1) as i64 - 1)]
    DimOutOfRange { op: String, dim: i64, ndim: usize },
    /// An operand whose shape is not the one the op needs (a weight, a bias, a running
    /// statistic): both shapes and what it is.
    #[error("{op}: {what} must have shape {expected:?}, got {got:?}")]
    ShapeMismatch {
        op: String,
        what: String,
        expected: Vec<i64>,
        got: Vec<i64>,
    },
    /// Operands whose dtypes must agree and do not (dtype names, as Python spells them).
    #[error("{op}: expected {what} to have the same dtype, got {a} and {b}; convert one with .to() first")]
    DTypeMismatch {
        op: String,
        what: String,
        a: String,
        b: String,
    },
    /// An index outside the dim it indexes, with the bound (torch's message).
    #[error("{op}: index {index} is out of bounds for dimension {dim} with size {size}")]
    IndexOutOfBounds {
        op: String,
        index: i64,
        dim: usize,
        size: i64,
    },
    /// Shapes that the op cannot combine (other than the structured cases above).
    #[error("{0}")]
    Shape(String),
    /// A dtype mismatch or a non-numeric input.
    #[error("{0}")]
    DType(String),
    /// A class index out of range.
    #[error("{0}")]
    Index(String),
    /// An index out of range for the dim it indexes (indexing, `gather`, `select`).
    #[error("{0}")]
    IndexOutOfRange(String),
    /// A released buffer was read or consumed.
    #[error("{0}")]
    ReleasedBuffer(String),
    /// A buffer whose storage disagrees with its shape.
    #[error(
        "{place}: buffer of shape {shape:?} should hold {expected} elements but holds {actual}"
    )]
    BufferSize {
        place: String,
        shape: Vec<i64>,
        expected: i64,
        actual: i64,
    },
    /// A backward call that cannot produce gradients.
    #[error("{0}")]
    Grad(String),
    /// A non-finite value where a finite one is required (gradient norm clipping).
    #[error("{0}")]
    NonFinite(String),
    /// A DLPack exchange that cannot be done as asked (no zero-copy form, an unsupported
    /// dtype or device, a malformed capsule). Raised before anything changes.
    #[error("{0}")]
    DLPack(String),
    /// A step `et.capture` cannot record so that a replay reproduces it (a value read on
    /// the host, an op without a replica, a tensor from outside the step, ...): names
    /// what and, from the binding, where.
    #[error("{0}")]
    Capture(String),
    /// A failure reported by the kernel library (LibTorch). Never a panic.
    #[error("backend error: {0}")]
    Backend(String),
    /// An allocation the device (or the host, for the reference carriers) refused. Nothing
    /// was recorded or changed.
    #[error("out of memory: {0}")]
    OutOfMemory(String),
}

pub type Result<T> = std::result::Result<T, Error>;

/// A LibTorch failure's message as its error: an allocator's refusal is `OutOfMemory`
/// (the message without the C++ `enforce` prefix), anything else `Backend`.
pub fn classify(msg: String) -> Error {
    const MARKERS: [&str; 4] = [
        "DefaultCPUAllocator: can't allocate memory",
        "DefaultCPUAllocator: not enough memory",
        "CUDA out of memory",
        "CUDA error: out of memory",
    ];
    match MARKERS.iter().find_map(|m| msg.find(m)) {
        Some(at) => Error::OutOfMemory(msg[at..].to_string()),
        None => Error::Backend(msg),
    }
}

impl From<tch::TchError> for Error {
    fn from(e: tch::TchError) -> Self {
        // Keep only the first line: LibTorch appends a C++ backtrace.
        let msg = e.to_string();
        let first = msg.lines().next().unwrap_or("").to_string();
        classify(first)
    }
}

/// `n` copies of `fill` in a host `Vec`, or `Error::OutOfMemory` naming `what` when the
/// allocator refuses: every host buffer sized by user data is made through this (or
/// `try_reserve`), so a huge request is an error, never an abort ("memory allocation
/// failed").
pub fn host_vec<T: Clone>(n: usize, fill: T, what: &str) -> Result<Vec<T>> {
    let mut v = host_capacity(n, what)?;
    v.resize(n, fill); // bounded: reserved fallibly just above
    Ok(v)
}

/// An empty host `Vec` with room for `n` elements, or `Error::OutOfMemory` naming `what`
/// (see [`host_vec`]): for buffers filled by pushes.
pub fn host_capacity<T>(n: usize, what: &str) -> Result<Vec<T>> {
    let mut v: Vec<T> = Vec::new();
    v.try_reserve_exact(n).map_err(|_| {
        Error::OutOfMemory(format!(
            "{what}: cannot allocate {n} elements of {} bytes on the host",
            std::mem::size_of::<T>()
        ))
    })?;
    Ok(v)
}
