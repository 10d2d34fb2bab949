//! Mixed precision: torch's type promotion between floating dtypes and `et.autocast`.
//!
//! *Promotion* (always on): an op that torch promotes (`+ - * /`, the binary functions, the
//! comparisons, `where`, `cat`, `stack`, `clamp` with tensor bounds; the rules say so with
//! `Rule::promotes`) converts its floating operands to [`result_type`] first, as recorded
//! `to` nodes (so the gradient converts back). Every other op still takes one floating
//! dtype: mixing them there is a `DTypeMismatch`, as torch's `mm`/`linear`/`conv` refuse.
//!
//! *Autocast* (`et.autocast(device_type, dtype)`): while it is on for a device type, an op
//! of a session on that device casts its eligible operands (floating, not float64) as
//! torch's autocast lists say ([`policy`]): to the autocast dtype for the lower-precision
//! ops (matmul, linear, the convolutions, attention, ...), to float32 for the float32 ops
//! (on CPU the losses, `prod`, the 3-d pools; on CUDA also softmax, the norms, `exp`,
//! `log`, `pow`, ...). The lists are torch 2.11's (`aten/src/ATen/autocast_mode.cpp`),
//! under eagertape's op names (torch's).
//!
//! Ownership: one state per thread and device type, owned by that thread (as torch's
//! autocast state is thread-local); the Python context manager saves and restores it.

use std::cell::Cell;

use crate::config::{DType, Device};

/// What an op does with floating operands of different dtypes, or under autocast.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastPolicy {
    /// Nothing: the operands must share one floating dtype.
    Same,
    /// Autocast's `lower_precision_fp`: eligible operands to the autocast dtype.
    Lower,
    /// Autocast's `fp32`: eligible operands to float32.
    Float32,
}

thread_local! {
    static CPU: Cell<Option<DType>> = const { Cell::new(None) };
    static CUDA: Cell<Option<DType>> = const { Cell::new(None) };
}

fn state(cuda: bool) -> &'static std::thread::LocalKey<Cell<Option<DType>>> {
    if cuda {
        &CUDA
    } else {
        &CPU
    }
}

/// Set this thread's autocast dtype for CPU (`cuda` false) or CUDA sessions (`None`: off);
/// returns the previous one, for the caller to restore.
pub fn set(cuda: bool, dtype: Option<DType>) -> Option<DType> {
    state(cuda).with(|s| s.replace(dtype))
}

/// [`set`] by the dtype's name (`None`: off): `"bfloat16"` or `"float16"`, else an
/// `ArgumentError` and nothing changes; returns the previous one.
pub fn set_named(cuda: bool, dtype: Option<&str>) -> crate::error::Result<Option<DType>> {
    let dtype = match dtype {
        None => None,
        Some(name) => match DType::parse(name)? {
            d @ (DType::BFloat16 | DType::Float16) => Some(d),
            _ => {
                return Err(crate::error::Error::Argument(format!(
                    "autocast: dtype must be bfloat16 or float16, got {name}"
                )))
            }
        },
    };
    Ok(set(cuda, dtype))
}

/// This thread's autocast dtype for CPU or CUDA sessions (`None`: off).
pub fn get(cuda: bool) -> Option<DType> {
    state(cuda).with(Cell::get)
}

/// The autocast dtype for ops of a session on `device` (`None`: off).
pub fn for_device(device: Device) -> Option<DType> {
    get(matches!(device, Device::Cuda(_)))
}

/// torch's `promote_types` of two floating dtypes: the wider; float16 with bfloat16 is
/// float32 (neither holds the other).
pub fn promote(a: DType, b: DType) -> DType {
    use DType::*;
    match (a, b) {
        _ if a == b => a,
        (Float64, _) | (_, Float64) => Float64,
        (Float32, _) | (_, Float32) => Float32,
        (Float16, BFloat16) | (BFloat16, Float16) => Float32,
        _ => a,
    }
}

/// torch's `result_type` of floating operands given as `(dtype, dims)`: the promotion of
/// the operands with dimensions; only when there are none, that of the zero-dimensional
/// ones (a 0-d float32 tensor does not widen a bfloat16 matrix, as in torch).
pub fn result_type(operands: &[(DType, usize)]) -> Option<DType> {
    let of = |dimensioned: bool| {
        operands
            .iter()
            .filter(|(_, dims)| (*dims > 0) == dimensioned)
            .map(|(d, _)| *d)
            .reduce(promote)
    };
    of(true).or_else(|| of(false))
}

/// Whether autocast casts an operand of `dtype`: floating and not float64 (torch's
/// `is_eligible`).
pub fn eligible(dtype: DType) -> bool {
    matches!(dtype, DType::Float32 | DType::Float16 | DType::BFloat16)
}

/// torch 2.11's autocast policy for the op named `name` on CPU or CUDA.
pub fn policy(name: &str, cuda: bool) -> CastPolicy {
    if LOWER_BOTH.contains(&name)
        || (cuda && LOWER_CUDA.contains(&name))
        || (!cuda && name == "mkldnn_rnn_layer")
    {
        return CastPolicy::Lower;
    }
    if cuda {
        if FLOAT32_CUDA.contains(&name) {
            return CastPolicy::Float32;
        }
    } else if FLOAT32_CPU.contains(&name) {
        return CastPolicy::Float32;
    }
    if FLOAT32_LOSSES.contains(&name) {
        return CastPolicy::Float32;
    }
    CastPolicy::Same
}

/// `lower_precision_fp` on CPU and CUDA, under eagertape's op names.
const LOWER_BOTH: &[&str] = &[
    "matmul",
    "linear",
    "conv1d",
    "conv2d",
    "conv3d",
    "conv_transpose1d",
    "conv_transpose2d",
    "conv_transpose3d",
    "scaled_dot_product_attention",
    "prelu",
    "addmm",
    "baddbmm",
    "addbmm",
    "bmm",
    "mm",
];

/// CUDA's `lower_precision_fp` beyond [`LOWER_BOTH`] (the recurrent cells, `mv`, `addmv`,
/// `addr`).
const LOWER_CUDA: &[&str] = &[
    "mv",
    "addmv",
    "addr",
    "lstm_cell",
    "gru_cell",
    "rnn_tanh_cell",
    "rnn_relu_cell",
];

/// The losses, `fp32` on both device types.
const FLOAT32_LOSSES: &[&str] = &[
    "binary_cross_entropy",
    "binary_cross_entropy_with_logits",
    "mse_loss",
    "l1_loss",
    "smooth_l1_loss",
    "huber_loss",
    "kl_div",
    "nll_loss",
    "cross_entropy",
    "cosine_embedding_loss",
    "hinge_embedding_loss",
    "poisson_nll_loss",
    "margin_ranking_loss",
    "soft_margin_loss",
    "triplet_margin_loss",
    "multi_margin_loss",
    "multilabel_margin_loss",
    "ctc_loss",
];

/// CPU's `fp32` beyond the losses (the ops eagertape has).
const FLOAT32_CPU: &[&str] = &[
    "prod",
    "quantile",
    "nanquantile",
    "trace",
    "cdist",
    "grid_sample",
    "avg_pool3d",
    "max_pool3d",
    "adaptive_avg_pool3d",
    "adaptive_max_pool3d",
    "fractional_max_pool2d",
    "reflection_pad1d",
    "reflection_pad2d",
    "replication_pad1d",
    "replication_pad2d",
    "replication_pad3d",
];

/// CUDA's `fp32` and `fp32_set_opt_dtype` beyond the losses (the ops eagertape has).
const FLOAT32_CUDA: &[&str] = &[
    "acos",
    "asin",
    "cosh",
    "erfinv",
    "exp",
    "expm1",
    "log",
    "log10",
    "log2",
    "log1p",
    "reciprocal",
    "rsqrt",
    "sinh",
    "tan",
    "pow",
    "softplus",
    "layer_norm",
    "group_norm",
    "norm",
    "cosine_similarity",
    "cdist",
    "renorm",
    "logsumexp",
    "grid_sample",
    "prod",
    "softmax",
    "log_softmax",
    "cumprod",
    "cumsum",
    "sum",
];

#[cfg(test)]
mod tests {
    use super::*;
    use DType::*;

    #[test]
    fn set_named_takes_the_half_dtypes_only_and_changes_nothing_otherwise() {
        let before = get(false);
        assert!(matches!(
            set_named(false, Some("float32")),
            Err(crate::error::Error::Argument(_))
        ));
        assert_eq!(get(false), before);
        assert!(set_named(false, Some("bfloat16")).is_ok());
        assert_eq!(get(false), Some(BFloat16));
        set(false, before);
    }

    #[test]
    fn promotion_is_torchs_promote_types() {
        // torch.promote_types over the floating dtypes.
        assert_eq!(promote(BFloat16, Float32), Float32);
        assert_eq!(promote(Float16, BFloat16), Float32);
        assert_eq!(promote(Float16, Float16), Float16);
        assert_eq!(promote(Float32, Float64), Float64);
        assert_eq!(promote(BFloat16, Float64), Float64);
    }

    #[test]
    fn zero_dimensional_operands_do_not_widen_dimensioned_ones() {
        // torch.result_type(torch.ones(3, dtype=torch.bfloat16), torch.tensor(1.0)) is bf16.
        assert_eq!(result_type(&[(BFloat16, 1), (Float32, 0)]), Some(BFloat16));
        assert_eq!(result_type(&[(BFloat16, 0), (Float32, 0)]), Some(Float32));
        assert_eq!(result_type(&[(BFloat16, 2), (Float16, 1)]), Some(Float32));
        assert_eq!(result_type(&[]), None);
    }

    #[test]
    fn the_lists_are_per_device_type() {
        assert_eq!(policy("linear", false), CastPolicy::Lower);
        assert_eq!(policy("linear", true), CastPolicy::Lower);
        assert_eq!(
            policy("softmax", false),
            CastPolicy::Same,
            "not on CPU's list"
        );
        assert_eq!(policy("softmax", true), CastPolicy::Float32);
        assert_eq!(policy("mse_loss", false), CastPolicy::Float32);
        assert_eq!(policy("prod", false), CastPolicy::Float32);
        assert_eq!(policy("relu", true), CastPolicy::Same);
    }

    #[test]
    fn the_state_is_per_thread_and_device_type() {
        assert_eq!(set(false, Some(BFloat16)), None);
        assert_eq!(for_device(Device::Cpu), Some(BFloat16));
        assert_eq!(for_device(Device::Cuda(None)), None);
        std::thread::spawn(|| assert_eq!(get(false), None))
            .join()
            .unwrap();
        assert_eq!(set(false, None), Some(BFloat16));
    }
}
