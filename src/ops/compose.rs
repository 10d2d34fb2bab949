//! Composite ops: an op recorded as the ops it is made of, written once against
//! [`Recorder`] (the session implements it), so a composition lives beside the unit it stands
//! in for and every gradient is its parts' own rules.
//!
//! A [`Composed`] layer (convolution, the poolings, the norms) runs LibTorch's fused kernel
//! where the backend has one and its composition where the backend refuses it (the reference
//! carriers, whose values LibTorch cannot hold): [`fused_or_composed`]. Both paths check
//! shapes with the unit's own rule first, so they accept and refuse the same calls.
//!
//! A composition is not atomic by itself: the session's entry point that runs it
//! (`Session::layer`, `conv`, `clamp`, ...) runs it under `Session::all_or_nothing`, which
//! takes everything it recorded off the tape again if any part fails.

use super::binary::BinaryOp;
use super::index::Slice;
use super::join::{Cat, Pad, PadMode, Stack};
use super::scalar::ScalarOp;
use super::unary::UnaryOp;
use super::view::ShapeView;
use super::Op;
use crate::backend::Backend;
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::kernel::Layer;

/// Where a composition records: the session's tape (see the module's note on atomicity).
pub trait Recorder<B: Backend> {
    /// Record `op` on `parents` (all or nothing, as `Session::record`).
    fn record(&mut self, op: Op<B>, parents: &[Handle]) -> Result<Handle>;
    /// Record an op of two outputs (`max(dim)`'s values and indices): both handles.
    fn record_pair(&mut self, op: Op<B>, parents: &[Handle]) -> Result<(Handle, Handle)>;
    fn shape(&self, h: Handle) -> Result<Vec<i64>>;
    fn dtype(&self, h: Handle) -> Result<DType>;
    fn device(&self, h: Handle) -> Result<Device>;
    fn requires_grad(&self, h: Handle) -> Result<bool>;
    /// A constant without gradient on `like`'s device holding `data` (row-major, of
    /// `shape`) in `dtype` (`None`: `like`'s; a data dtype gives data).
    fn constant(
        &mut self,
        like: Handle,
        data: &[f64],
        shape: &[i64],
        dtype: Option<DType>,
    ) -> Result<Handle>;
    /// Dropout with probability `p` from the session's generator (training mode).
    fn dropout(&mut self, x: Handle, p: f64) -> Result<Handle>;
    /// `x`'s value as a new leaf backward does not pass through (`detach`).
    fn detach(&mut self, x: Handle) -> Result<Handle>;
    /// The number a 0-d tensor holds (one element read to the host; a `ShapeError` for any
    /// other shape).
    fn item(&self, x: Handle) -> Result<f64>;
    /// `lhs (op) rhs` as Python's operator computes it: a number on either side is torch's
    /// wrapped number (the op's scalar form where it has one, else a 0-d constant of the
    /// tensor's dtype); two numbers are an `ArgumentError`.
    fn binary(&mut self, op: BinaryOp, lhs: TensorOrNumber, rhs: TensorOrNumber) -> Result<Handle>;
    /// The operands of a composition standing for the torch op `name`, converted as that
    /// op's autocast policy says (the session's: `operand_casts`); as they are otherwise.
    fn autocast_entry(&mut self, name: &'static str, xs: &[Handle]) -> Result<Vec<Handle>> {
        let _ = name;
        Ok(xs.to_vec())
    }
}

/// A tensor operand, or a Python number (a value an op writes, a weight).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TensorOrNumber {
    Tensor(Handle),
    Number(f64),
}

/// A layer with a composition for carriers whose backend has no fused kernel for it.
pub trait Composed<B: Backend>: Layer + Clone + 'static {
    /// Whether this instance has a composition (a convolution in 2-D, not transposed; a
    /// batch norm in eval mode); where not, the backend's refusal stands.
    fn can_compose(&self) -> bool {
        true
    }
    /// The layer's output from its operands, recorded as the ops it is made of. The
    /// operands have passed the unit's shape rule.
    fn compose(&self, r: &mut dyn Recorder<B>, xs: &[Handle]) -> Result<Handle>;
}

/// `l` on `xs`: LibTorch's fused kernel, else (the backend refused it before recording
/// anything) its composition.
pub fn fused_or_composed<B: Backend, L: Composed<B>>(
    r: &mut dyn Recorder<B>,
    l: L,
    xs: &[Handle],
) -> Result<Handle> {
    match r.record(Op::layer(l.clone()), xs) {
        Err(e @ Error::Unsupported { .. }) if !l.can_compose() => Err(e),
        Err(Error::Unsupported { .. }) => l.compose(r, xs),
        other => other,
    }
}

// ---- the parts compositions are made of ----

pub fn binary<B: Backend>(
    r: &mut dyn Recorder<B>,
    f: BinaryOp,
    a: Handle,
    b: Handle,
) -> Result<Handle> {
    r.record(f.op(), &[a, b])
}

pub fn scalar<B: Backend>(
    r: &mut dyn Recorder<B>,
    f: ScalarOp,
    x: Handle,
    s: f64,
) -> Result<Handle> {
    r.record(f.op(s), &[x])
}

pub fn unary<B: Backend>(r: &mut dyn Recorder<B>, f: UnaryOp, x: Handle) -> Result<Handle> {
    r.record(f.op(), &[x])
}

/// `x[..., start:end:step, ...]` along `dim` (a view).
pub fn slice<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    dim: i64,
    start: i64,
    end: i64,
    step: i64,
) -> Result<Handle> {
    let s = Slice {
        name: "slice",
        dim,
        start: Some(start),
        end: Some(end),
        step,
    };
    r.record(Op::movement(s), &[x])
}

pub fn stack<B: Backend>(r: &mut dyn Recorder<B>, xs: &[Handle], dim: i64) -> Result<Handle> {
    r.record(Op::movement(Stack { dim, n: xs.len() }), xs)
}

pub fn cat<B: Backend>(r: &mut dyn Recorder<B>, xs: &[Handle], dim: i64) -> Result<Handle> {
    if let [x] = xs {
        return Ok(*x);
    }
    r.record(Op::movement(Cat { dim, n: xs.len() }), xs)
}

pub fn reshape<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, shape: &[i64]) -> Result<Handle> {
    r.record(Op::reshape(shape), &[x])
}

/// Constant padding, torch's `pad` order: (left, right) pairs from the last dim backwards.
pub fn pad<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    pads: &[i64],
    value: f64,
) -> Result<Handle> {
    if pads.iter().all(|&p| p == 0) {
        return Ok(x);
    }
    let p = Pad {
        pad: pads.into(),
        mode: PadMode::Constant,
        value,
    };
    r.record(Op::movement(p), &[x])
}

pub fn unsqueeze<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, dim: i64) -> Result<Handle> {
    r.record(Op::shape_view(ShapeView::Unsqueeze(dim)), &[x])
}

pub fn squeeze<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, dim: i64) -> Result<Handle> {
    r.record(
        Op::shape_view(ShapeView::Squeeze(Some(Box::new([dim])))),
        &[x],
    )
}

/// `x`, with a leading batch dim of 1 added where it has `unbatched` dims; the caller
/// squeezes the result back ([`rebatch`]).
pub fn batched<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    unbatched: usize,
) -> Result<(Handle, bool)> {
    if r.shape(x)?.len() == unbatched {
        Ok((unsqueeze(r, x, 0)?, true))
    } else {
        Ok((x, false))
    }
}

/// The inverse of [`batched`].
pub fn rebatch<B: Backend>(r: &mut dyn Recorder<B>, y: Handle, added: bool) -> Result<Handle> {
    if added {
        squeeze(r, y, 0)
    } else {
        Ok(y)
    }
}

/// The `k[0]·k[1]` shifted strided windows of the last two dims of `x`, each of `out`'s
/// size: window `(i, j)` holds `x[..., i·d0 + s0·a, j·d1 + s1·b]` at `(a, b)` (the columns of
/// im2col).
pub fn windows<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    k: [i64; 2],
    s: [i64; 2],
    d: [i64; 2],
    out: [i64; 2],
) -> Result<Vec<Handle>> {
    let rank = r.shape(x)?.len() as i64;
    // bounded: one per kernel position, each a recorded slice
    let mut cols = Vec::with_capacity((k[0] * k[1]) as usize);
    for i in 0..k[0] {
        let rows = slice(
            r,
            x,
            rank - 2,
            i * d[0],
            i * d[0] + s[0] * (out[0] - 1) + 1,
            s[0],
        )?;
        for j in 0..k[1] {
            let start = j * d[1];
            cols.push(slice(
                r,
                rows,
                rank - 1,
                start,
                start + s[1] * (out[1] - 1) + 1,
                s[1],
            )?);
        }
    }
    Ok(cols)
}
