//! The settings of the fused optimizer updates: what a backend's one-call update kernel
//! (`Backend::adam_update_`, `Backend::sgd_update_`) reads. The optimizers that own them,
//! their checks and the composed form of each update live in `src/optim`.

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
