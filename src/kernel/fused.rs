//! The settings of the fused optimizer updates: what a backend's one-call update kernel
//! (`Backend::adam_update_`, `Backend::sgd_update_`) reads. The optimizers that own them,
//! their checks and the composed form of each update live in `src/optim`. [`StateOp`]: the
//! pointwise tensor methods the other optimizers' single-tensor formulas are written in
//! (`Backend::state_op_`, `Backend::state_op`). [`RpropConfig`], [`AdadeltaConfig`]: what
//! the updates with passes of their own read (`Backend::rprop_update_`,
//! `Backend::adadelta_update_`).

/// Adam / AdamW (torch.optim's formulas; see `optim/adam.rs`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AdamConfig {
    pub lr: f64,
    pub betas: (f64, f64),
    pub eps: f64,
    pub weight_decay: f64,
    /// AdamW's decoupled weight decay instead of L2 in the gradient.
    pub decoupled: bool,
    /// The denominator from the running maximum of `v` (state `max_exp_avg_sq`).
    pub amsgrad: bool,
    /// Ascend: the gradient is negated first.
    pub maximize: bool,
    /// torch's `fused=True`: LibTorch's one-pass kernel (`_fused_adam_`), whose rounding
    /// differs from the single-tensor order's (`Backend::fused_adam_`).
    pub fused: bool,
}

impl AdamConfig {
    /// `1 − β1ᵗ` after `step` steps.
    pub fn bias1(&self, step: u64) -> f64 {
        1.0 - self.betas.0.powi(step as i32)
    }
    /// `√(1 − β2ᵗ)` after `step` steps.
    pub fn bias2_sqrt(&self, step: u64) -> f64 {
        (1.0 - self.betas.1.powi(step as i32)).sqrt()
    }
}

/// One parameter's operands of a fused Adam update over several parameters
/// (`Backend::fused_adam_`): the parameter, its moments and (amsgrad) running maximum, all
/// held exclusively by the caller for the call, its gradient, and the step count it
/// reaches.
pub struct AdamOperands<'a, T> {
    pub p: &'a mut T,
    pub g: &'a T,
    pub m: &'a mut T,
    pub v: &'a mut T,
    pub max_v: Option<&'a mut T>,
    pub step: u64,
}

/// Rprop's numbers (see `optim/averaged.rs`): each step size is multiplied by `etaplus`
/// where the gradient kept its sign, by `etaminus` where it flipped, and clamped to
/// `[step_size_min, step_size_max]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RpropConfig {
    pub etaminus: f64,
    pub etaplus: f64,
    pub step_size_min: f64,
    pub step_size_max: f64,
}

/// Adadelta's numbers (see `optim/adaptive.rs`); the gradient it is given already carries
/// the weight decay.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AdadeltaConfig {
    pub lr: f64,
    pub rho: f64,
    pub eps: f64,
}

/// SGD with optional momentum, dampening, Nesterov and weight decay (see `optim/sgd.rs`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SgdConfig {
    pub lr: f64,
    pub momentum: f64,
    pub dampening: f64,
    pub nesterov: bool,
    pub weight_decay: f64,
    /// Ascend: the gradient is negated first.
    pub maximize: bool,
}

impl SgdConfig {
    /// Plain SGD at learning rate `lr`.
    pub fn plain(lr: f64) -> Self {
        SgdConfig {
            lr,
            momentum: 0.0,
            dampening: 0.0,
            nesterov: false,
            weight_decay: 0.0,
            maximize: false,
        }
    }
}

/// One of LibTorch's pointwise tensor methods as torch.optim's single-tensor formulas call
/// it on a tensor `a` with up to two tensor operands `b`, `c`, with the `alpha=` / `value=`
/// arguments tch leaves out (so no scaled temporary is made). `Backend::state_op_` runs the
/// in-place form (`a.mul_(s)`) into a tensor held exclusively, `Backend::state_op` the
/// out-of-place form (`a.mul(s)`); `optim/state_ops.rs` composes both where a backend has
/// neither. The formulas that use them are in `optim/adaptive.rs`, `optim/adam_family.rs`
/// and `optim/averaged.rs`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StateOp {
    /// `a.mul_(s)`
    MulScalar(f64),
    /// `a.add_(s)`
    AddScalar(f64),
    /// `a.div_(s)`
    DivScalar(f64),
    /// `a.add_(b, alpha=s)`
    Add(f64),
    /// `a.sub_(b)`
    Sub,
    /// `a.mul_(b)`
    Mul,
    /// `a.div_(b)`
    Div,
    /// `a.addcmul_(b, c, value=s)`: `a + s·b·c`
    Addcmul(f64),
    /// `a.addcdiv_(b, c, value=s)`: `a + s·b/c`
    Addcdiv(f64),
    /// `a.lerp_(b, w)`
    Lerp(f64),
    /// `a.sqrt_()`
    Sqrt,
    /// `a.abs_()`
    Abs,
    /// `a.sign_()`
    Sign,
    /// `a.reciprocal_()`
    Reciprocal,
    /// `torch.maximum(a, b, out=a)`
    Maximum,
    /// `a.clamp_(lo, hi)`
    Clamp(f64, f64),
    /// `a[a > at] = value` (`a.masked_fill_(a.gt(at), value)`)
    SetGt { at: f64, value: f64 },
    /// `a[a < at] = value`
    SetLt { at: f64, value: f64 },
    /// `a[a == at] = value`
    SetEq { at: f64, value: f64 },
    /// `a[b == at] = value` (`a.masked_fill_(b.eq(at), value)`)
    FillEq { at: f64, value: f64 },
}

impl StateOp {
    /// How many tensor operands besides `a` it takes.
    pub fn operands(self) -> usize {
        match self {
            StateOp::MulScalar(_)
            | StateOp::AddScalar(_)
            | StateOp::DivScalar(_)
            | StateOp::Sqrt
            | StateOp::Abs
            | StateOp::Sign
            | StateOp::Reciprocal
            | StateOp::Clamp(..)
            | StateOp::SetGt { .. }
            | StateOp::SetLt { .. }
            | StateOp::SetEq { .. } => 0,
            StateOp::Addcmul(_) | StateOp::Addcdiv(_) => 2,
            _ => 1,
        }
    }

    /// `Ok` when `n` tensor operands are what it takes; else an error naming both counts.
    pub fn check_operands(self, n: usize) -> crate::error::Result<()> {
        if n == self.operands() {
            return Ok(());
        }
        Err(crate::error::Error::Backend(format!(
            "{self:?} takes {} tensor operands, got {n}",
            self.operands()
        )))
    }

    /// The shim's encoding: the op's number and its scalars.
    pub fn code(self) -> (i32, [f64; 2]) {
        match self {
            StateOp::MulScalar(s) => (0, [s, 0.0]),
            StateOp::AddScalar(s) => (1, [s, 0.0]),
            StateOp::DivScalar(s) => (2, [s, 0.0]),
            StateOp::Add(s) => (3, [s, 0.0]),
            StateOp::Sub => (4, [0.0; 2]),
            StateOp::Mul => (5, [0.0; 2]),
            StateOp::Div => (6, [0.0; 2]),
            StateOp::Addcmul(s) => (7, [s, 0.0]),
            StateOp::Addcdiv(s) => (8, [s, 0.0]),
            StateOp::Lerp(w) => (9, [w, 0.0]),
            StateOp::Sqrt => (10, [0.0; 2]),
            StateOp::Abs => (11, [0.0; 2]),
            StateOp::Sign => (12, [0.0; 2]),
            StateOp::Reciprocal => (13, [0.0; 2]),
            StateOp::Maximum => (14, [0.0; 2]),
            StateOp::Clamp(lo, hi) => (15, [lo, hi]),
            StateOp::SetGt { at, value } => (16, [at, value]),
            StateOp::SetLt { at, value } => (17, [at, value]),
            StateOp::SetEq { at, value } => (18, [at, value]),
            StateOp::FillEq { at, value } => (19, [at, value]),
        }
    }
}
