//! `torch.gradient`: a sampled function's derivative along each dim asked for, estimated by
//! finite differences: second-order central differences inside, first- or second-order
//! one-sided ones at the two ends (`edge_order`). Composed of the tape's ops as torch composes
//! it (`ReduceOps.cpp`'s `gradient_helper`, the same operations in the same order), so every
//! carrier runs it and its own gradient is the ops'. The spacing is a number per dim (uniform
//! samples) or each dim's sample coordinates (1-D tensors).
//!
//! [`functions`] declares the internal forms the Python `torch.gradient` normalizes its
//! arguments into (`eagertape._aten_forms.gradient`).

use super::binary::BinaryOp;
use super::compose::{cat, reshape, slice, Recorder, TensorOrNumber};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::ops::interpolate::Each;
use crate::shape::normalize_dim;

use TensorOrNumber::{Number, Tensor as T};

/// The dims normalized, with torch's checks of them, `edge_order`, and each dim's size.
fn checked<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dims: &[i64],
    edge_order: i64,
) -> Result<Vec<(i64, i64)>> {
    if edge_order != 1 && edge_order != 2 {
        return Err(Error::Argument(
            "torch.gradient only supports edge_order=1 and edge_order=2.".into(),
        ));
    }
    let shape = r.shape(x)?;
    let mut out: Vec<(i64, i64)> = Vec::new();
    for &d in dims {
        let d = normalize_dim("gradient", d, shape.len())?;
        if out.iter().any(|&(seen, _)| seen == d as i64) {
            return Err(Error::Argument(format!(
                "torch.gradient: dim {d} appears multiple times in the list of dims"
            )));
        }
        if shape[d] < edge_order + 1 {
            return Err(Error::Shape(
                "torch.gradient expected each dimension size to be at least edge_order+1".into(),
            ));
        }
        out.push((d as i64, shape[d]));
    }
    Ok(out)
}

/// `x[start:end]` along `dim`.
fn part<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    start: i64,
    end: i64,
) -> Result<Handle> {
    slice(r, x, dim, start, end, 1)
}

fn op<B: Backend>(
    r: &mut dyn Recorder<B>,
    f: BinaryOp,
    a: TensorOrNumber,
    b: TensorOrNumber,
) -> Result<Handle> {
    r.binary(f, a, b)
}

/// The first-order differences at the two ends along `dim` (of size `n`): `x[1] − x[0]`
/// and `x[n−1] − x[n−2]`, each kept as a slice of one.
fn end_differences<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    n: i64,
) -> Result<(Handle, Handle)> {
    let (x1, x0) = (part(r, x, dim, 1, 2)?, part(r, x, dim, 0, 1)?);
    let first = op(r, BinaryOp::Sub, T(x1), T(x0))?;
    let (xl, xm) = (part(r, x, dim, n - 1, n)?, part(r, x, dim, n - 2, n - 1)?);
    let last = op(r, BinaryOp::Sub, T(xl), T(xm))?;
    Ok((first, last))
}

/// `a·x[i0:i0+1] + b·x[i1:i1+1] + c·x[i2:i2+1]` along `dim` (each coefficient a number or a
/// tensor), summed left to right as torch's.
#[allow(clippy::too_many_arguments)]
fn combination<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    terms: [(TensorOrNumber, i64); 3],
) -> Result<Handle> {
    let mut acc: Option<Handle> = None;
    for (coef, at) in terms {
        let term = part(r, x, dim, at, at + 1)?;
        let term = op(r, BinaryOp::Mul, coef, T(term))?;
        acc = Some(match acc {
            None => term,
            Some(a) => op(r, BinaryOp::Add, T(a), T(term))?,
        });
    }
    acc.ok_or_else(|| Error::Backend("gradient: no term".into()))
}

/// `torch.gradient(input, spacing=h, dim=dims, edge_order=...)` with uniform spacings: one
/// number, or one per dim.
pub fn gradient_uniform<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dims: Vec<i64>,
    spacing: Each<f64>,
    edge_order: i64,
) -> Result<Vec<Handle>> {
    let dims = checked(r, x, &dims, edge_order)?;
    let spacing = match spacing {
        Each::One(h) => vec![h; dims.len()], // bounded: one per dim
        Each::Many(h) if h.len() == dims.len() => h,
        Each::Many(h) => return Err(length_mismatch(h.len(), dims.len())),
    };
    let mut out = Vec::new();
    for (&(dim, n), &h) in dims.iter().zip(&spacing) {
        let (ahead, behind) = (part(r, x, dim, 2, n)?, part(r, x, dim, 0, n - 2)?);
        let center = op(r, BinaryOp::Sub, T(ahead), T(behind))?;
        let center = op(r, BinaryOp::Div, T(center), Number(h))?;
        let center = op(r, BinaryOp::Div, T(center), Number(2.0))?;
        let (prepend, append) = if edge_order == 1 {
            end_differences(r, x, dim, n)?
        } else {
            let first = combination(
                r,
                x,
                dim,
                [(Number(-1.5), 0), (Number(2.0), 1), (Number(-0.5), 2)],
            )?;
            let last = combination(
                r,
                x,
                dim,
                [
                    (Number(0.5), n - 3),
                    (Number(-2.0), n - 2),
                    (Number(1.5), n - 1),
                ],
            )?;
            (first, last)
        };
        let prepend = op(r, BinaryOp::Div, T(prepend), Number(h))?;
        let append = op(r, BinaryOp::Div, T(append), Number(h))?;
        out.push(cat(r, &[prepend, center, append], dim)?);
    }
    Ok(out)
}

fn length_mismatch(spacing: usize, dims: usize) -> Error {
    Error::Argument(format!(
        "torch.gradient expected spacing to be unspecified, a scalar or it's spacing and dim \
         arguments to have the same length, but got a spacing argument of length {spacing} and \
         a dim argument of length {dims}."
    ))
}

/// `torch.gradient(input, spacing=coordinates, dim=dims, edge_order=...)`: each dim's
/// sample coordinates, a 1-D tensor of that dim's size (torch's non-uniform formulas).
pub fn gradient_coordinates<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dims: Vec<i64>,
    coordinates: Vec<Handle>,
    edge_order: i64,
) -> Result<Vec<Handle>> {
    let dims = checked(r, x, &dims, edge_order)?;
    if coordinates.len() != dims.len() {
        return Err(length_mismatch(coordinates.len(), dims.len()));
    }
    let rank = r.shape(x)?.len();
    let mut out = Vec::new();
    for (&(dim, n), &coords) in dims.iter().zip(&coordinates) {
        if r.shape(coords)? != [n] {
            return Err(Error::Shape(format!(
                "torch.gradient expected the coordinates of dim {dim} to be 1-D of its size {n}, \
                 got shape {:?}",
                r.shape(coords)?
            )));
        }
        // ax_dx = coords.diff(); dx1, dx2 its leading and trailing parts
        let (c1, c0) = (part(r, coords, 0, 1, n)?, part(r, coords, 0, 0, n - 1)?);
        let dx = op(r, BinaryOp::Sub, T(c1), T(c0))?;
        let (dx1, dx2) = (part(r, dx, 0, 0, n - 2)?, part(r, dx, 0, 1, n - 1)?);
        let mut shape = vec![1; rank]; // bounded: one per dim
        shape[dim as usize] = n - 2;
        let sum = op(r, BinaryOp::Add, T(dx1), T(dx2))?;
        let coef = |r: &mut dyn Recorder<B>, num: Handle, a: Handle, b: Handle| -> Result<Handle> {
            let den = op(r, BinaryOp::Mul, T(a), T(b))?;
            let c = op(r, BinaryOp::Div, T(num), T(den))?;
            reshape(r, c, &shape)
        };
        let neg_dx2 = op(r, BinaryOp::Mul, Number(-1.0), T(dx2))?;
        let a = coef(r, neg_dx2, dx1, sum)?;
        let diff = op(r, BinaryOp::Sub, T(dx2), T(dx1))?;
        let b = coef(r, diff, dx1, dx2)?;
        let c = coef(r, dx1, dx2, sum)?;
        let xa = part(r, x, dim, 0, n - 2)?;
        let xb = part(r, x, dim, 1, n - 1)?;
        let xc = part(r, x, dim, 2, n)?;
        let ta = op(r, BinaryOp::Mul, T(a), T(xa))?;
        let tb = op(r, BinaryOp::Mul, T(b), T(xb))?;
        let tc = op(r, BinaryOp::Mul, T(c), T(xc))?;
        let ab = op(r, BinaryOp::Add, T(ta), T(tb))?;
        let center = op(r, BinaryOp::Add, T(ab), T(tc))?;
        let step = |r: &mut dyn Recorder<B>, i: i64| -> Result<Handle> {
            let s = part(r, dx, 0, i, i + 1)?;
            reshape(r, s, &[])
        };
        let (d0, dl) = (step(r, 0)?, step(r, n - 2)?);
        let (prepend, append) = if edge_order == 1 {
            let (first, last) = end_differences(r, x, dim, n)?;
            (
                op(r, BinaryOp::Div, T(first), T(d0))?,
                op(r, BinaryOp::Div, T(last), T(dl))?,
            )
        } else {
            let (d1, dm) = (step(r, 1)?, step(r, n - 3)?);
            let ends = edge_coefficients(r, [d0, d1], false)?;
            let first = combination(
                r,
                x,
                dim,
                [(T(ends[0]), 0), (T(ends[1]), 1), (T(ends[2]), 2)],
            )?;
            let ends = edge_coefficients(r, [dl, dm], true)?;
            let last = combination(
                r,
                x,
                dim,
                [
                    (T(ends[0]), n - 3),
                    (T(ends[1]), n - 2),
                    (T(ends[2]), n - 1),
                ],
            )?;
            (first, last)
        };
        out.push(cat(r, &[prepend, center, append], dim)?);
    }
    Ok(out)
}

/// The second-order one-sided coefficients of torch's non-uniform `gradient` at the first
/// end (`[h0, h1]`, the first two steps) or, with `last`, at the last end (`[hl, hm]`, the
/// last step and the one before).
fn edge_coefficients<B: Backend>(
    r: &mut dyn Recorder<B>,
    [h0, h1]: [Handle; 2],
    last: bool,
) -> Result<[Handle; 3]> {
    let sum = op(r, BinaryOp::Add, T(h0), T(h1))?;
    let two_h0 = op(r, BinaryOp::Mul, Number(2.0), T(h0))?;
    let two_h0_h1 = op(r, BinaryOp::Add, T(two_h0), T(h1))?;
    let h0_sum = op(r, BinaryOp::Mul, T(h0), T(sum))?;
    let h0_h1 = op(r, BinaryOp::Mul, T(h0), T(h1))?;
    let h1_sum = op(r, BinaryOp::Mul, T(h1), T(sum))?;
    if !last {
        // a = -(2 h0 + h1) / (h0 (h0 + h1)), b = (h0 + h1) / (h0 h1), c = -h0 / (h1 (h0 + h1))
        let a = op(r, BinaryOp::Div, T(two_h0_h1), T(h0_sum))?;
        let a = op(r, BinaryOp::Mul, Number(-1.0), T(a))?;
        let b = op(r, BinaryOp::Div, T(sum), T(h0_h1))?;
        let neg_h0 = op(r, BinaryOp::Mul, Number(-1.0), T(h0))?;
        let c = op(r, BinaryOp::Div, T(neg_h0), T(h1_sum))?;
        return Ok([a, b, c]);
    }
    // (h0 = the last step hl, h1 = the one before hm)
    // a = hl / (hm (hl + hm)), b = -(hl + hm) / (hl hm), c = (2 hl + hm) / (hl (hl + hm))
    let a = op(r, BinaryOp::Div, T(h0), T(h1_sum))?;
    let b = op(r, BinaryOp::Div, T(sum), T(h0_h1))?;
    let b = op(r, BinaryOp::Mul, Number(-1.0), T(b))?;
    let c = op(r, BinaryOp::Div, T(two_h0_h1), T(h0_sum))?;
    Ok([a, b, c])
}

/// The internal forms of `torch.gradient`, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// `torch.gradient` with uniform spacings (`eagertape.gradient` normalizes its
            /// arguments into this form): one number, or one per dim of `dims`.
            fn _gradient_uniform(input: Tensor, dims: Shape, spacing: EachFloat,
                edge_order: i64;) -> Tensors
                = crate::ops::differences::gradient_uniform;

            /// `torch.gradient` with each dim's sample coordinates (1-D tensors).
            fn _gradient_coordinates(input: Tensor, dims: Shape, coordinates: Tensors,
                edge_order: i64;) -> Tensors
                = crate::ops::differences::gradient_coordinates;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
