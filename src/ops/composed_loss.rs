//! The `torch.nn.functional` losses torch itself writes as compositions of other ops
//! (`torch/nn/functional.py`, `aten/src/ATen/native/Loss.cpp`), recorded here as the same
//! compositions so each operand gets its gradient by the parts' rules:
//! `margin_ranking_loss`, `hinge_embedding_loss`, `soft_margin_loss`,
//! `cosine_embedding_loss`, `poisson_nll_loss`, `gaussian_nll_loss`,
//! `multilabel_soft_margin_loss`, `multi_margin_loss`, `triplet_margin_loss` (with
//! `pairwise_distance`), `triplet_margin_with_distance_loss` (from the distances its
//! `distance_function` gave), and `multilabel_margin_loss` (LibTorch's kernel per sample,
//! reduced here). Operands have been made handles by the session (`Session::composed_loss`,
//! all or nothing); targets of `multi_margin_loss` and `multilabel_margin_loss` are int64
//! data, the others floating tensors.

use super::binary::BinaryOp;
use super::compose::{self, Recorder};
use super::index::Gather;
use super::join::MaskedFill;
use super::loss::Reduction;
use super::scalar::ScalarOp;
use super::statistics::StatKind;
use super::unary::UnaryOp;
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::kernel::Predicate;

/// Which loss, with its numbers. `weighted`: a `weight` operand follows the others.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ComposedLoss {
    /// Operands `x1, x2, y`.
    MarginRanking { margin: f64 },
    /// Operands `x, y`.
    HingeEmbedding { margin: f64 },
    /// Operands `x, y`.
    SoftMargin,
    /// Operands `x1, x2, y`.
    CosineEmbedding { margin: f64 },
    /// Operands `input, target`.
    PoissonNll {
        log_input: bool,
        full: bool,
        eps: f64,
    },
    /// Operands `input, target, var`.
    GaussianNll { full: bool, eps: f64 },
    /// Operands `input, target, (weight)`.
    MultilabelSoftMargin { weighted: bool },
    /// Operands `input, target (int64), (weight)`.
    MultiMargin { p: i64, margin: f64, weighted: bool },
    /// Operands `anchor, positive, negative`.
    TripletMargin {
        margin: f64,
        p: f64,
        eps: f64,
        swap: bool,
    },
    /// Operands `d(anchor, positive), d(anchor, negative), (d(positive, negative))`: the
    /// distances `triplet_margin_with_distance_loss` got from its `distance_function`.
    TripletDistances { margin: f64, swap: bool },
    /// Operands `input, target (int64)`: LibTorch's kernel per sample
    /// ([`super::multilabel_margin::MultilabelMargin`]).
    MultilabelMargin,
    /// `pairwise_distance(x1, x2, p, eps, keepdim)`: no reduction.
    PairwiseDistance { p: f64, eps: f64, keepdim: bool },
    /// `cosine_similarity(x1, x2, dim, eps)`: no reduction.
    CosineSimilarity { dim: i64, eps: f64 },
    /// `normalize(input, p, dim, eps)`: one operand, no reduction.
    Normalize { p: f64, dim: i64, eps: f64 },
}

impl ComposedLoss {
    pub fn name(&self) -> &'static str {
        match self {
            ComposedLoss::MarginRanking { .. } => "margin_ranking_loss",
            ComposedLoss::HingeEmbedding { .. } => "hinge_embedding_loss",
            ComposedLoss::SoftMargin => "soft_margin_loss",
            ComposedLoss::CosineEmbedding { .. } => "cosine_embedding_loss",
            ComposedLoss::PoissonNll { .. } => "poisson_nll_loss",
            ComposedLoss::GaussianNll { .. } => "gaussian_nll_loss",
            ComposedLoss::MultilabelSoftMargin { .. } => "multilabel_soft_margin_loss",
            ComposedLoss::MultiMargin { .. } => "multi_margin_loss",
            ComposedLoss::TripletMargin { .. } => "triplet_margin_loss",
            ComposedLoss::TripletDistances { .. } => "triplet_margin_with_distance_loss",
            ComposedLoss::MultilabelMargin => "multilabel_margin_loss",
            ComposedLoss::PairwiseDistance { .. } => "pairwise_distance",
            ComposedLoss::CosineSimilarity { .. } => "cosine_similarity",
            ComposedLoss::Normalize { .. } => "normalize",
        }
    }
    fn operands(&self) -> usize {
        match self {
            ComposedLoss::MarginRanking { .. }
            | ComposedLoss::CosineEmbedding { .. }
            | ComposedLoss::GaussianNll { .. }
            | ComposedLoss::TripletMargin { .. } => 3,
            ComposedLoss::MultilabelSoftMargin { weighted }
            | ComposedLoss::MultiMargin { weighted, .. } => 2 + *weighted as usize,
            ComposedLoss::TripletDistances { swap, .. } => 2 + *swap as usize,
            ComposedLoss::Normalize { .. } => 1,
            _ => 2,
        }
    }
}

fn bin<B: Backend>(r: &mut dyn Recorder<B>, f: BinaryOp, a: Handle, b: Handle) -> Result<Handle> {
    compose::binary(r, f, a, b)
}

fn sc<B: Backend>(r: &mut dyn Recorder<B>, f: ScalarOp, x: Handle, s: f64) -> Result<Handle> {
    compose::scalar(r, f, x, s)
}

fn un<B: Backend>(r: &mut dyn Recorder<B>, f: UnaryOp, x: Handle) -> Result<Handle> {
    compose::unary(r, f, x)
}

/// `where(mask, 0, x)`.
fn zero_where<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, mask: Handle) -> Result<Handle> {
    r.record(Op::movement(MaskedFill(0.0)), &[x, mask])
}

/// `x != s` (bool data) of a target.
fn ne<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, s: f64) -> Result<Handle> {
    r.record(Op::compare_number(Predicate::Ne, s), &[x])
}

fn reduce<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, how: Reduction) -> Result<Handle> {
    match how {
        Reduction::None => Ok(x),
        Reduction::Mean => r.record(Op::mean(&[], false), &[x]),
        Reduction::Sum => r.record(Op::sum(&[], false), &[x]),
        Reduction::BatchMean => Err(Error::Argument(
            "reduction \"batchmean\" is kl_div's only".into(),
        )),
    }
}

fn same_shape<B: Backend>(r: &dyn Recorder<B>, op: &str, a: Handle, b: Handle) -> Result<()> {
    let (x, y) = (r.shape(a)?, r.shape(b)?);
    if x != y {
        return Err(Error::Shape(format!(
            "{op}: input and target must have the same shape, got {x:?} and {y:?}"
        )));
    }
    Ok(())
}

/// torch's `pairwise_distance`: `‖x1 − x2 + eps‖_p` over the last dim.
fn pairwise<B: Backend>(
    r: &mut dyn Recorder<B>,
    a: Handle,
    b: Handle,
    p: f64,
    eps: f64,
    keepdim: bool,
) -> Result<Handle> {
    let diff = bin(r, BinaryOp::Sub, a, b)?;
    let shifted = sc(r, ScalarOp::Add, diff, eps)?;
    let rank = r.shape(shifted)?.len();
    let dim = if rank == 0 { vec![] } else { vec![-1] };
    r.record(Op::statistic(StatKind::Norm(p), &dim, keepdim), &[shifted])
}

/// `loss` on `xs`, reduced as `how` (see [`ComposedLoss`]).
pub fn composed_loss<B: Backend>(
    r: &mut dyn Recorder<B>,
    loss: ComposedLoss,
    how: Reduction,
    xs: &[Handle],
) -> Result<Handle> {
    let op = loss.name();
    if xs.len() != loss.operands() {
        return Err(Error::Arity {
            op,
            expected: loss.operands().to_string(),
            got: xs.len(),
        });
    }
    let each = match loss {
        ComposedLoss::MarginRanking { margin } => {
            // max(0, −y (x1 − x2) + margin); torch wants one rank for all three
            let ranks = [r.shape(xs[0])?, r.shape(xs[1])?, r.shape(xs[2])?];
            if ranks.iter().any(|s| s.len() != ranks[0].len()) {
                return Err(Error::Shape(format!(
                    "margin_ranking_loss: all input tensors should have the same number of \
                     dimensions, got shapes {:?}, {:?} and {:?}",
                    ranks[0], ranks[1], ranks[2]
                )));
            }
            let d = bin(r, BinaryOp::Sub, xs[0], xs[1])?;
            let t = bin(r, BinaryOp::Mul, xs[2], d)?;
            let m = sc(r, ScalarOp::RSub, t, margin)?;
            sc(r, ScalarOp::ClampMin, m, 0.0)?
        }
        ComposedLoss::HingeEmbedding { margin } => {
            // where(y != 1, max(0, margin − x), 0) + where(y != −1, x, 0)
            same_shape(r, op, xs[0], xs[1])?;
            let m = sc(r, ScalarOp::RSub, xs[0], margin)?;
            let m = sc(r, ScalarOp::ClampMin, m, 0.0)?;
            let is_one = r.record(Op::compare_number(Predicate::Eq, 1.0), &[xs[1]])?;
            let is_minus = r.record(Op::compare_number(Predicate::Eq, -1.0), &[xs[1]])?;
            let margin_part = zero_where(r, m, is_one)?;
            let self_part = zero_where(r, xs[0], is_minus)?;
            bin(r, BinaryOp::Add, margin_part, self_part)?
        }
        ComposedLoss::SoftMargin => {
            // log(1 + exp(−y x)), as torch writes it
            same_shape(r, op, xs[0], xs[1])?;
            let t = bin(r, BinaryOp::Mul, xs[0], xs[1])?;
            let t = un(r, UnaryOp::Neg, t)?;
            let e = un(r, UnaryOp::Exp, t)?;
            un(r, UnaryOp::Log1p, e)?
        }
        ComposedLoss::CosineEmbedding { margin } => cosine_embedding(r, xs, margin)?,
        ComposedLoss::PoissonNll {
            log_input,
            full,
            eps,
        } => {
            let (x, t) = (xs[0], xs[1]);
            let mut l = if log_input {
                let e = un(r, UnaryOp::Exp, x)?;
                let tx = bin(r, BinaryOp::Mul, t, x)?;
                bin(r, BinaryOp::Sub, e, tx)?
            } else {
                let shifted = sc(r, ScalarOp::Add, x, eps)?;
                let lg = un(r, UnaryOp::Log, shifted)?;
                let tl = bin(r, BinaryOp::Mul, t, lg)?;
                bin(r, BinaryOp::Sub, x, tl)?
            };
            if full {
                // Stirling's term t log t − t + ½ log(2π t), where t > 1
                let lt = un(r, UnaryOp::Log, t)?;
                let tlt = bin(r, BinaryOp::Mul, t, lt)?;
                let a = bin(r, BinaryOp::Sub, tlt, t)?;
                let two_pi_t = sc(r, ScalarOp::Mul, t, 2.0 * std::f64::consts::PI)?;
                let lg = un(r, UnaryOp::Log, two_pi_t)?;
                let half = sc(r, ScalarOp::Mul, lg, 0.5)?;
                let stirling = bin(r, BinaryOp::Add, a, half)?;
                let small = r.record(Op::compare_number(Predicate::Le, 1.0), &[t])?;
                let stirling = zero_where(r, stirling, small)?;
                l = bin(r, BinaryOp::Add, l, stirling)?;
            }
            l
        }
        ComposedLoss::GaussianNll { full, eps } => gaussian_nll(r, xs, full, eps)?,
        ComposedLoss::MultilabelSoftMargin { weighted } => {
            // −(y logσ(x) + (1 − y) logσ(−x)), weighted, averaged over the classes
            let (x, y) = (xs[0], xs[1]);
            let ls = un(r, UnaryOp::LogSigmoid, x)?;
            let nx = un(r, UnaryOp::Neg, x)?;
            let lns = un(r, UnaryOp::LogSigmoid, nx)?;
            let a = bin(r, BinaryOp::Mul, y, ls)?;
            let one_minus = sc(r, ScalarOp::RSub, y, 1.0)?;
            let b = bin(r, BinaryOp::Mul, one_minus, lns)?;
            let s = bin(r, BinaryOp::Add, a, b)?;
            let mut l = un(r, UnaryOp::Neg, s)?;
            if weighted {
                l = bin(r, BinaryOp::Mul, l, xs[2])?;
            }
            let shape = r.shape(x)?;
            let c = *shape.last().unwrap_or(&1);
            let dim = shape.len() as i64 - 1;
            let summed = r.record(Op::sum(&[dim.max(0)], false), &[l])?;
            sc(r, ScalarOp::Div, summed, c as f64)?
        }
        ComposedLoss::MultiMargin {
            p,
            margin,
            weighted,
        } => multi_margin(r, xs, p, margin, weighted)?,
        ComposedLoss::TripletMargin {
            margin,
            p,
            eps,
            swap,
        } => {
            let (a, pos, neg) = (xs[0], xs[1], xs[2]);
            let dims = [r.shape(a)?, r.shape(pos)?, r.shape(neg)?];
            if dims.iter().any(|s| s.len() != dims[0].len()) || dims[0].is_empty() {
                return Err(Error::Shape(format!(
                    "triplet_margin_loss: anchor, positive and negative must have the same \
                     number of dimensions (1 or more), got shapes {:?}, {:?} and {:?}",
                    dims[0], dims[1], dims[2]
                )));
            }
            let d_pos = pairwise(r, a, pos, p, eps, false)?;
            let mut d_neg = pairwise(r, a, neg, p, eps, false)?;
            if swap {
                let d_swap = pairwise(r, pos, neg, p, eps, false)?;
                d_neg = bin(r, BinaryOp::Minimum, d_neg, d_swap)?;
            }
            let gap = bin(r, BinaryOp::Sub, d_pos, d_neg)?;
            let shifted = sc(r, ScalarOp::Add, gap, margin)?;
            sc(r, ScalarOp::ClampMin, shifted, 0.0)?
        }
        ComposedLoss::TripletDistances { margin, swap } => {
            // max(0, margin + d_pos − min(d_neg, d_swap)), as torch writes it
            let mut d_neg = xs[1];
            if swap {
                d_neg = bin(r, BinaryOp::Minimum, d_neg, xs[2])?;
            }
            let shifted = sc(r, ScalarOp::Add, xs[0], margin)?;
            let gap = bin(r, BinaryOp::Sub, shifted, d_neg)?;
            sc(r, ScalarOp::ClampMin, gap, 0.0)?
        }
        ComposedLoss::MultilabelMargin => r.record(
            Op::layer(super::multilabel_margin::MultilabelMargin),
            &xs[..2],
        )?,
        ComposedLoss::PairwiseDistance { p, eps, keepdim } => {
            return pairwise(r, xs[0], xs[1], p, eps, keepdim);
        }
        ComposedLoss::CosineSimilarity { dim, eps } => {
            // Σ (x1 / max(‖x1‖, eps)) (x2 / max(‖x2‖, eps)) over dim; torch clamps the norms
            // under no_grad, so their gradient is the unclamped norms'
            let both = crate::shape::broadcast_shapes(op, &r.shape(xs[0])?, &r.shape(xs[1])?)?;
            let d = crate::shape::normalize_dim(op, dim, both.len())? as i64;
            let mut unit = Vec::with_capacity(2);
            for &x in &xs[..2] {
                let x = if r.shape(x)? == both {
                    x
                } else {
                    r.record(
                        Op::movement(super::arrange::Expand(both.clone().into())),
                        &[x],
                    )?
                };
                let n = r.record(Op::statistic(StatKind::Norm(2.0), &[d], true), &[x])?;
                let plain = r.detach(n)?;
                let clamped = sc(r, ScalarOp::ClampMin, plain, eps)?;
                let lift = bin(r, BinaryOp::Sub, clamped, plain)?;
                let n = bin(r, BinaryOp::Add, n, lift)?;
                unit.push(bin(r, BinaryOp::Div, x, n)?);
            }
            let prod = bin(r, BinaryOp::Mul, unit[0], unit[1])?;
            return r.record(Op::sum(&[d], false), &[prod]);
        }
        ComposedLoss::Normalize { p, dim, eps } => {
            // x / max(‖x‖_p, eps) over dim
            let rank = r.shape(xs[0])?.len();
            let d = crate::shape::normalize_dim(op, dim, rank)? as i64;
            let dims = if rank == 0 { vec![] } else { vec![d] };
            let n = r.record(Op::statistic(StatKind::Norm(p), &dims, true), &[xs[0]])?;
            let n = sc(r, ScalarOp::ClampMin, n, eps)?;
            return bin(r, BinaryOp::Div, xs[0], n);
        }
    };
    reduce(r, each, how)
}

/// torch's `cosine_embedding_loss`: `1 − cos` where `y = 1`, `max(0, cos − margin)` where
/// `y = −1`, with torch's `1e-12` in each squared magnitude.
fn cosine_embedding<B: Backend>(
    r: &mut dyn Recorder<B>,
    xs: &[Handle],
    margin: f64,
) -> Result<Handle> {
    let (a, b, y) = (xs[0], xs[1], xs[2]);
    let rank = r.shape(a)?.len();
    if rank == 0 || rank > 2 || r.shape(b)?.len() != rank {
        return Err(Error::Shape(format!(
            "cosine_embedding_loss: expected 1-D or 2-D inputs of one rank, got shapes {:?} \
             and {:?}",
            r.shape(a)?,
            r.shape(b)?
        )));
    }
    let dim = rank as i64 - 1;
    let sum = |r: &mut dyn Recorder<B>, x: Handle| r.record(Op::sum(&[dim], false), &[x]);
    let ab = bin(r, BinaryOp::Mul, a, b)?;
    let prod = sum(r, ab)?;
    let aa = bin(r, BinaryOp::Mul, a, a)?;
    let m1 = sum(r, aa)?;
    let m1 = sc(r, ScalarOp::Add, m1, 1e-12)?;
    let bb = bin(r, BinaryOp::Mul, b, b)?;
    let m2 = sum(r, bb)?;
    let m2 = sc(r, ScalarOp::Add, m2, 1e-12)?;
    let mm = bin(r, BinaryOp::Mul, m1, m2)?;
    let denom = un(r, UnaryOp::Sqrt, mm)?;
    let cos = bin(r, BinaryOp::Div, prod, denom)?;
    let pos = sc(r, ScalarOp::RSub, cos, 1.0)?;
    let neg = sc(r, ScalarOp::Add, cos, -margin)?;
    let neg = sc(r, ScalarOp::ClampMin, neg, 0.0)?;
    let not_one = ne(r, y, 1.0)?;
    let not_minus = ne(r, y, -1.0)?;
    let pos = zero_where(r, pos, not_one)?;
    let neg = zero_where(r, neg, not_minus)?;
    bin(r, BinaryOp::Add, pos, neg)
}

/// torch's `gaussian_nll_loss`: `½ (log v + (x − t)² / v)` (+ `½ log 2π` when `full`), `v`
/// the variance clamped below at `eps` without changing its gradient (torch clamps a copy
/// under `no_grad`); a variance with one dim fewer, or a last dim of 1, broadcasts.
fn gaussian_nll<B: Backend>(
    r: &mut dyn Recorder<B>,
    xs: &[Handle],
    full: bool,
    eps: f64,
) -> Result<Handle> {
    let (x, t, mut v) = (xs[0], xs[1], xs[2]);
    let (xsh, vsh) = (r.shape(x)?, r.shape(v)?);
    if vsh != xsh {
        if vsh.len() + 1 == xsh.len() && vsh[..] == xsh[..xsh.len() - 1] {
            v = compose::unsqueeze(r, v, -1)?;
        } else if !(vsh.len() == xsh.len()
            && vsh.last() == Some(&1)
            && vsh[..vsh.len() - 1] == xsh[..xsh.len() - 1])
        {
            return Err(Error::Shape(format!(
                "gaussian_nll_loss: var of shape {vsh:?} does not match input {xsh:?}"
            )));
        }
    }
    // v + (max(v, eps) − v) with the difference a constant: the value clamped, the
    // gradient v's own
    let plain = r.detach(v)?;
    let clamped = sc(r, ScalarOp::ClampMin, plain, eps)?;
    let lift = bin(r, BinaryOp::Sub, clamped, plain)?;
    let v = bin(r, BinaryOp::Add, v, lift)?;
    let lv = un(r, UnaryOp::Log, v)?;
    let d = bin(r, BinaryOp::Sub, x, t)?;
    let d2 = un(r, UnaryOp::Square, d)?;
    let q = bin(r, BinaryOp::Div, d2, v)?;
    let s = bin(r, BinaryOp::Add, lv, q)?;
    let mut l = sc(r, ScalarOp::Mul, s, 0.5)?;
    if full {
        l = sc(r, ScalarOp::Add, l, 0.5 * (2.0 * std::f64::consts::PI).ln())?;
    }
    Ok(l)
}

/// torch's `multi_margin_loss`: `Σ_{j ≠ y} max(0, margin − x_y + x_j)^p / C` per sample,
/// times `weight[y]`.
fn multi_margin<B: Backend>(
    r: &mut dyn Recorder<B>,
    xs: &[Handle],
    p: i64,
    margin: f64,
    weighted: bool,
) -> Result<Handle> {
    if p != 1 && p != 2 {
        return Err(Error::Argument(format!(
            "multi_margin_loss: only p == 1 and p == 2 supported, got {p}"
        )));
    }
    let (mut x, mut y) = (xs[0], xs[1]);
    let shape = r.shape(x)?;
    let one_sample = shape.len() <= 1;
    if shape.len() > 2 {
        return Err(Error::Shape(format!(
            "multi_margin_loss: expected a 1-D or 2-D input, got shape {shape:?}"
        )));
    }
    if one_sample {
        x = compose::reshape(r, x, &[1, -1])?;
        y = compose::reshape(r, y, &[1])?;
    }
    let (n, c) = {
        let s = r.shape(x)?;
        (s[0], s[1])
    };
    if r.shape(y)? != [n] {
        return Err(Error::Shape(format!(
            "multi_margin_loss: target must have shape ({n},), got {:?}",
            r.shape(y)?
        )));
    }
    let col = compose::unsqueeze(r, y, 1)?;
    let picked = r.record(Op::movement(Gather(1)), &[x, col])?;
    let gap = bin(r, BinaryOp::Sub, x, picked)?;
    let z = sc(r, ScalarOp::Add, gap, margin)?;
    let mut z = sc(r, ScalarOp::ClampMin, z, 0.0)?;
    if p == 2 {
        z = un(r, UnaryOp::Square, z)?;
    }
    if weighted {
        let w = r.record(Op::movement(super::index::IndexSelect(0)), &[xs[2], y])?;
        let w = compose::unsqueeze(r, w, 1)?;
        z = bin(r, BinaryOp::Mul, z, w)?;
    }
    // the target's own column adds nothing
    let classes: Vec<f64> = (0..c).map(|i| i as f64).collect();
    let ids = r.constant(y, &classes, &[1, c], Some(crate::config::DType::Int64))?;
    let own = r.record(Op::predicate(Predicate::Eq), &[ids, col])?;
    let z = zero_where(r, z, own)?;
    let s = r.record(Op::sum(&[1], false), &[z])?;
    let l = sc(r, ScalarOp::Div, s, c as f64)?;
    if one_sample {
        compose::reshape(r, l, &[])
    } else {
        Ok(l)
    }
}
