//! torch ops that are compositions of the tape's ops, so each operand gets its gradient by
//! the parts' rules (torch's own derivatives of these are the same compositions' or agree
//! with them): `trace`, `diff`, `cross`, `kron`, `tensordot`, `nansum`,
//! `nanmean`, `round(decimals)`, `isclose`, `pixel_shuffle`, `glu`, `prelu`, and `quantile`
//! (`quantile.rs`). Operands have been made handles by the session (`Session::derive`, all
//! or nothing).

use super::arrange::{Diagonal, Roll};
use super::binary::BinaryOp;
use super::compose::{self, Recorder};
pub use super::quantile::Interpolation;
use super::quantile::{quantile, QuantileSpec};
use super::scalar::ScalarOp;
use super::unary::UnaryOp;
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::kernel::Predicate;
use crate::shape::{broadcast_shapes, normalize_dim};

/// `quantile`'s `q` as given: numbers (`vector`: a list, which adds a leading dim), or a
/// 0-d or 1-d tensor, whose values the core reads.
#[derive(Debug, Clone, PartialEq)]
pub enum Levels {
    Numbers(Vec<f64>, bool),
    Tensor(crate::handles::Handle),
}

/// Which composition, with its arguments.
#[derive(Debug, Clone, PartialEq)]
pub enum Derive {
    /// The sum of a matrix's main diagonal.
    Trace,
    /// `diff(n, dim)` on `[x, (prepend), (append)]`.
    Diff {
        n: i64,
        dim: i64,
        prepend: bool,
        append: bool,
    },
    /// `cross(a, b, dim)`; `None`: the first dim of size 3 (torch's `torch.cross`).
    Cross { dim: Option<i64> },
    /// The Kronecker product.
    Kron,
    /// `tensordot(a, b, dims=(da, db))`: contract `a`'s dims `da` with `b`'s `db`.
    Tensordot { a: Vec<i64>, b: Vec<i64> },
    /// The sum over `dims` (all when empty) with NaNs read as zero.
    NanSum { dims: Vec<i64>, keepdim: bool },
    /// The mean of the non-NaN elements over `dims`.
    NanMean { dims: Vec<i64>, keepdim: bool },
    /// `round(x · 10^d) / 10^d` (half to even), as torch's `round(decimals=d)`.
    Round { decimals: i64 },
    /// torch's `quantile(q, dim, keepdim, interpolation)`: the sorted values (LibTorch's
    /// `sort`) read at `q · (n − 1)`; `vector`: `q` was a 1-D tensor (its dim leads).
    /// With `q_tensor`, `q` is also the second operand (0-d or 1-d): the linear weights are
    /// computed from it on the tape, so it gets its gradient as in torch.
    Quantile {
        q: Vec<f64>,
        vector: bool,
        q_tensor: bool,
        dim: Option<i64>,
        keepdim: bool,
        interpolation: Interpolation,
    },
    /// `pixel_shuffle(r)` (`unshuffle`: its inverse), as a reshape, permute, reshape.
    PixelShuffle { r: i64, unshuffle: bool },
    /// `glu(dim)`: the first half times the sigmoid of the second.
    Glu { dim: i64 },
    /// `prelu(x, weight)`: `x` where positive, else `weight · x` (one weight, or one per
    /// channel: dim 1, or dim 0 of a 1-D input).
    Prelu,
    /// torch's `isclose(a, b, rtol, atol, equal_nan)`: bool data.
    IsClose {
        rtol: f64,
        atol: f64,
        equal_nan: bool,
    },
}

impl Derive {
    pub fn name(&self) -> &'static str {
        match self {
            Derive::Trace => "trace",
            Derive::Diff { .. } => "diff",
            Derive::Cross { .. } => "cross",
            Derive::Kron => "kron",
            Derive::Tensordot { .. } => "tensordot",
            Derive::NanSum { .. } => "nansum",
            Derive::NanMean { .. } => "nanmean",
            Derive::Round { .. } => "round",
            Derive::IsClose { .. } => "isclose",
            Derive::Quantile { .. } => "quantile",
            Derive::PixelShuffle {
                unshuffle: false, ..
            } => "pixel_shuffle",
            Derive::PixelShuffle {
                unshuffle: true, ..
            } => "pixel_unshuffle",
            Derive::Glu { .. } => "glu",
            Derive::Prelu => "prelu",
        }
    }
    fn operands(&self) -> usize {
        match self {
            Derive::Diff {
                prepend, append, ..
            } => 1 + *prepend as usize + *append as usize,
            Derive::Quantile { q_tensor, .. } => 1 + *q_tensor as usize,
            Derive::Prelu => 2,
            Derive::Cross { .. }
            | Derive::Kron
            | Derive::Tensordot { .. }
            | Derive::IsClose { .. } => 2,
            _ => 1,
        }
    }
}

fn binary<B: Backend>(
    r: &mut dyn Recorder<B>,
    f: BinaryOp,
    a: Handle,
    b: Handle,
) -> Result<Handle> {
    compose::binary(r, f, a, b)
}

fn predicate<B: Backend>(r: &mut dyn Recorder<B>, p: Predicate, xs: &[Handle]) -> Result<Handle> {
    r.record(Op::predicate(p), xs)
}

fn roll<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, shift: i64, dim: i64) -> Result<Handle> {
    let m = Roll {
        shifts: Box::new([shift]),
        dims: Box::new([dim]),
    };
    r.record(Op::movement(m), &[x])
}

/// `d` on `xs` (see [`Derive`]).
pub fn derive<B: Backend>(r: &mut dyn Recorder<B>, d: &Derive, xs: &[Handle]) -> Result<Handle> {
    let op = d.name();
    if xs.len() != d.operands() {
        return Err(Error::Arity {
            op,
            expected: d.operands().to_string(),
            got: xs.len(),
        });
    }
    match d {
        Derive::Trace => {
            let s = r.shape(xs[0])?;
            if s.len() != 2 {
                return Err(Error::Shape(format!(
                    "trace: expected a matrix, got shape {s:?}"
                )));
            }
            let diag = r.record(Op::movement(Diagonal(0, 1, 0)), &[xs[0]])?;
            r.record(Op::sum(&[], false), &[diag])
        }
        Derive::Diff {
            n,
            dim,
            prepend,
            append,
        } => {
            let s = r.shape(xs[0])?;
            if s.is_empty() {
                return Err(Error::Shape(
                    "diff: expected at least one dimension, got a 0-d tensor".into(),
                ));
            }
            if *n < 0 {
                return Err(Error::Argument(format!(
                    "diff: order must be non-negative, got {n}"
                )));
            }
            let d = normalize_dim("diff", *dim, s.len())? as i64;
            if *n == 0 {
                // torch returns the input itself then, prepend and append unused
                return Ok(xs[0]);
            }
            let mut parts = Vec::with_capacity(3);
            if *prepend {
                parts.push(xs[1]);
            }
            parts.push(xs[0]);
            if *append {
                parts.push(xs[xs.len() - 1]);
            }
            let mut cur = compose::cat(r, &parts, d)?;
            for _ in 0..*n {
                let len = r.shape(cur)?[d as usize];
                if len == 0 {
                    break;
                }
                let hi = compose::slice(r, cur, d, 1, len, 1)?;
                let lo = compose::slice(r, cur, d, 0, len - 1, 1)?;
                cur = binary(r, BinaryOp::Sub, hi, lo)?;
            }
            Ok(cur)
        }
        Derive::Cross { dim } => {
            let (a, b) = (r.shape(xs[0])?, r.shape(xs[1])?);
            if a.len() != b.len() {
                return Err(Error::Shape(format!(
                    "cross: inputs must have the same number of dimensions, got shapes {a:?} \
                     and {b:?}"
                )));
            }
            let both = broadcast_shapes("cross", &a, &b)?;
            let d = match dim {
                Some(d) => normalize_dim("cross", *d, both.len())?,
                None => both.iter().position(|&n| n == 3).ok_or_else(|| {
                    Error::Shape(format!("cross: no dimension of size 3 in input {a:?}"))
                })?,
            };
            if a.get(d) != Some(&3) || b.get(d) != Some(&3) {
                return Err(Error::Shape(format!(
                    "cross: inputs dimension {d} must have length 3, got shapes {a:?} and {b:?}"
                )));
            }
            let d = d as i64;
            // c_i = a_(i+1) b_(i+2) − a_(i+2) b_(i+1)
            let (a1, a2) = (roll(r, xs[0], -1, d)?, roll(r, xs[0], -2, d)?);
            let (b1, b2) = (roll(r, xs[1], -1, d)?, roll(r, xs[1], -2, d)?);
            let p = binary(r, BinaryOp::Mul, a1, b2)?;
            let q = binary(r, BinaryOp::Mul, a2, b1)?;
            binary(r, BinaryOp::Sub, p, q)
        }
        Derive::Kron => {
            let (a, b) = (r.shape(xs[0])?, r.shape(xs[1])?);
            let n = a.len().max(b.len());
            let pad = |s: &[i64]| {
                let mut v = vec![1; n - s.len()]; // bounded: the tensor's rank
                v.extend_from_slice(s);
                v
            };
            let (a, b) = (pad(&a), pad(&b));
            let ai: Vec<i64> = a.iter().flat_map(|&x| [x, 1]).collect();
            let bi: Vec<i64> = b.iter().flat_map(|&x| [1, x]).collect();
            let out: Vec<i64> = a.iter().zip(&b).map(|(x, y)| x * y).collect();
            let ra = compose::reshape(r, xs[0], &ai)?;
            let rb = compose::reshape(r, xs[1], &bi)?;
            let p = binary(r, BinaryOp::Mul, ra, rb)?;
            compose::reshape(r, p, &out)
        }
        Derive::Tensordot { a: da, b: db } => tensordot(r, xs[0], xs[1], da, db),
        Derive::NanSum { dims, keepdim } | Derive::NanMean { dims, keepdim } => {
            // NaNs read as 0, with torch's derivative (a product with the not-NaN mask)
            let zeroed = compose::unary(r, UnaryOp::NanToZero, xs[0])?;
            let sum = r.record(Op::sum(dims, *keepdim), &[zeroed])?;
            if matches!(d, Derive::NanSum { .. }) {
                return Ok(sum);
            }
            let nan = predicate(r, Predicate::IsNan, &[xs[0]])?;
            let kept = predicate(r, Predicate::Not, &[nan])?;
            let (dtype, device) = (r.dtype(xs[0])?, r.device(xs[0])?);
            let ones = r.record(Op::convert(dtype, device), &[kept])?;
            let count = r.record(Op::sum(dims, *keepdim), &[ones])?;
            binary(r, BinaryOp::Div, sum, count)
        }
        Derive::Round { decimals } => {
            let k = *decimals;
            if k == 0 {
                return compose::unary(r, UnaryOp::Round, xs[0]);
            }
            let ten = 10f64.powi(k.unsigned_abs().min(400) as i32);
            let (into, back) = if k > 0 {
                (ScalarOp::Mul, ScalarOp::Div)
            } else {
                (ScalarOp::Div, ScalarOp::Mul)
            };
            let scaled = compose::scalar(r, into, xs[0], ten)?;
            let rounded = compose::unary(r, UnaryOp::Round, scaled)?;
            compose::scalar(r, back, rounded, ten)
        }
        Derive::IsClose {
            rtol,
            atol,
            equal_nan,
        } => isclose(r, xs[0], xs[1], *rtol, *atol, *equal_nan),
        Derive::PixelShuffle { r: k, unshuffle } => pixel_shuffle(r, xs[0], *k, *unshuffle),
        Derive::Glu { dim } => {
            let s = r.shape(xs[0])?;
            let d = normalize_dim("glu", *dim, s.len())?;
            let n = s.get(d).copied().unwrap_or(0);
            if s.is_empty() || n % 2 != 0 {
                return Err(Error::Shape(format!(
                    "glu: halving dimension must be even, but dimension {dim} is size {n}"
                )));
            }
            let di = d as i64;
            let a = compose::slice(r, xs[0], di, 0, n / 2, 1)?;
            let b = compose::slice(r, xs[0], di, n / 2, n, 1)?;
            let g = compose::unary(r, UnaryOp::Sigmoid, b)?;
            binary(r, BinaryOp::Mul, a, g)
        }
        Derive::Prelu => {
            let (x, w) = (xs[0], xs[1]);
            let (s, ws) = (r.shape(x)?, r.shape(w)?);
            let k: i64 = ws.iter().product();
            let w = if k == 1 {
                compose::reshape(r, w, &[])?
            } else {
                let c = if s.len() >= 2 { 1 } else { 0 };
                if s.get(c) != Some(&k) {
                    return Err(Error::Shape(format!(
                        "prelu: {k} weights do not match the input's channel dim of shape {s:?}"
                    )));
                }
                let mut shape = vec![1; s.len()]; // bounded: the tensor's rank
                shape[c] = k;
                compose::reshape(r, w, &shape)?
            };
            // torch's prelu_backward: the weight's gradient is 0 where x > 0 (not 0 · x,
            // which an infinite x would make NaN): it reads x with its positives zeroed
            let positive = r.record(Op::compare_number(Predicate::Gt, 0.0), &[x])?;
            let negative = r.record(Op::movement(super::join::MaskedFill(0.0)), &[x, positive])?;
            let scaled = binary(r, BinaryOp::Mul, w, negative)?;
            r.record(Op::movement(super::join::Where), &[positive, x, scaled])
        }
        Derive::Quantile {
            q,
            vector,
            dim,
            keepdim,
            interpolation,
            ..
        } => {
            let spec = QuantileSpec {
                q,
                vector: *vector,
                q_handle: xs.get(1).copied(),
                dim: *dim,
                keepdim: *keepdim,
                how: *interpolation,
            };
            quantile(r, xs[0], &spec)
        }
    }
}

/// `pixel_shuffle`/`pixel_unshuffle` by `k` over the last three dims.
fn pixel_shuffle<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    k: i64,
    unshuffle: bool,
) -> Result<Handle> {
    let op = if unshuffle {
        "pixel_unshuffle"
    } else {
        "pixel_shuffle"
    };
    let s = r.shape(x)?;
    if s.len() < 3 || k <= 0 {
        return Err(Error::Shape(format!(
            "{op}: expected an input of at least 3 dims and a positive factor, got shape {s:?} \
             and factor {k}"
        )));
    }
    let lead = &s[..s.len() - 3];
    let (c, h, w) = (s[s.len() - 3], s[s.len() - 2], s[s.len() - 1]);
    let n = lead.len() as i64;
    let perm = |tail: &[i64]| -> Vec<i64> { (0..n).chain(tail.iter().map(|&d| d + n)).collect() };
    let (split, order, out): (Vec<i64>, Vec<i64>, Vec<i64>) = if unshuffle {
        if h % k != 0 || w % k != 0 {
            return Err(Error::Shape(format!(
                "pixel_unshuffle: height {h} and width {w} must be divisible by {k}"
            )));
        }
        (
            [c, h / k, k, w / k, k].to_vec(),
            perm(&[0, 2, 4, 1, 3]),
            [c * k * k, h / k, w / k].to_vec(),
        )
    } else {
        if c % (k * k) != 0 {
            return Err(Error::Shape(format!(
                "pixel_shuffle: channels {c} must be divisible by the square of {k}"
            )));
        }
        (
            [c / (k * k), k, k, h, w].to_vec(),
            perm(&[0, 3, 1, 4, 2]),
            [c / (k * k), h * k, w * k].to_vec(),
        )
    };
    let with_lead = |tail: &[i64]| -> Vec<i64> { lead.iter().chain(tail).copied().collect() };
    let y = compose::reshape(r, x, &with_lead(&split))?;
    let y = r.record(Op::permute(&order), &[y])?;
    compose::reshape(r, y, &with_lead(&out))
}

/// torch's `tensordot`: `a`'s dims `da` contracted with `b`'s `db` (pairwise, equal
/// sizes), the free dims of `a` then of `b` left, as one matrix product.
fn tensordot<B: Backend>(
    r: &mut dyn Recorder<B>,
    a: Handle,
    b: Handle,
    da: &[i64],
    db: &[i64],
) -> Result<Handle> {
    let (sa, sb) = (r.shape(a)?, r.shape(b)?);
    if da.len() != db.len() {
        return Err(Error::Argument(format!(
            "tensordot: both dimension lists should have the same length, got {da:?} and {db:?}"
        )));
    }
    let norm = |ds: &[i64], n: usize| -> Result<Vec<usize>> {
        let mut out = Vec::with_capacity(ds.len()); // bounded: one per operand
        for &d in ds {
            let d = normalize_dim("tensordot", d, n)?;
            if out.contains(&d) {
                return Err(Error::Argument(format!(
                    "tensordot: dim {d} appears twice in {ds:?}"
                )));
            }
            out.push(d);
        }
        Ok(out)
    };
    let (da, db) = (norm(da, sa.len())?, norm(db, sb.len())?);
    let (mut a, mut b) = (a, b);
    for (&i, &j) in da.iter().zip(&db) {
        // a size-1 dim broadcasts against the other (torch): the other is summed there
        if sa[i] == 1 && sb[j] != 1 {
            b = r.record(Op::sum(&[j as i64], true), &[b])?;
        } else if sb[j] == 1 && sa[i] != 1 {
            a = r.record(Op::sum(&[i as i64], true), &[a])?;
        } else if sa[i] != sb[j] {
            return Err(Error::Shape(format!(
                "tensordot: contracted dimensions need to match, but first has size {} in \
                 dim {i} and second has size {} in dim {j}",
                sa[i], sb[j]
            )));
        }
    }
    let (sa, sb) = (r.shape(a)?, r.shape(b)?);
    let free_a: Vec<usize> = (0..sa.len()).filter(|d| !da.contains(d)).collect();
    let free_b: Vec<usize> = (0..sb.len()).filter(|d| !db.contains(d)).collect();
    let k: i64 = da.iter().map(|&d| sa[d]).product();
    let m: i64 = free_a.iter().map(|&d| sa[d]).product();
    let n: i64 = free_b.iter().map(|&d| sb[d]).product();
    let perm_a: Vec<i64> = free_a.iter().chain(&da).map(|&d| d as i64).collect();
    let perm_b: Vec<i64> = db.iter().chain(&free_b).map(|&d| d as i64).collect();
    let pa = r.record(Op::permute(&perm_a), &[a])?;
    let pb = r.record(Op::permute(&perm_b), &[b])?;
    let ma = compose::reshape(r, pa, &[m, k])?;
    let mb = compose::reshape(r, pb, &[k, n])?;
    let prod = r.record(Op::matmul(), &[ma, mb])?;
    let out: Vec<i64> = free_a
        .iter()
        .map(|&d| sa[d])
        .chain(free_b.iter().map(|&d| sb[d]))
        .collect();
    compose::reshape(r, prod, &out)
}

/// torch's `isclose`: equal, or (both NaN with `equal_nan`), or a finite difference within
/// `atol + |rtol · b|`.
fn isclose<B: Backend>(
    r: &mut dyn Recorder<B>,
    a: Handle,
    b: Handle,
    rtol: f64,
    atol: f64,
    equal_nan: bool,
) -> Result<Handle> {
    if rtol < 0.0 || atol < 0.0 {
        return Err(Error::Argument(format!(
            "isclose: rtol and atol must be non-negative, got rtol={rtol} and atol={atol}"
        )));
    }
    if r.dtype(a)? != r.dtype(b)? {
        return Err(Error::DType(format!(
            "isclose: {} and {} tensors (torch requires one dtype)",
            r.dtype(a)?,
            r.dtype(b)?
        )));
    }
    let mut close = predicate(r, Predicate::Eq, &[a, b])?;
    if r.dtype(a)?.is_data() {
        return Ok(close);
    }
    if equal_nan {
        let (na, nb) = (
            predicate(r, Predicate::IsNan, &[a])?,
            predicate(r, Predicate::IsNan, &[b])?,
        );
        let both = predicate(r, Predicate::And, &[na, nb])?;
        close = predicate(r, Predicate::Or, &[close, both])?;
    }
    if rtol == 0.0 && atol == 0.0 {
        return Ok(close);
    }
    let scaled = compose::scalar(r, ScalarOp::Mul, b, rtol)?;
    let tol = compose::unary(r, UnaryOp::Abs, scaled)?;
    let allowed = compose::scalar(r, ScalarOp::Add, tol, atol)?;
    let diff = binary(r, BinaryOp::Sub, a, b)?;
    let actual = compose::unary(r, UnaryOp::Abs, diff)?;
    let finite = predicate(r, Predicate::IsFinite, &[actual])?;
    let within = predicate(r, Predicate::Le, &[actual, allowed])?;
    let near = predicate(r, Predicate::And, &[finite, within])?;
    predicate(r, Predicate::Or, &[close, near])
}
