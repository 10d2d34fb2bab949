//! torch's fused-looking arithmetic, each a composition of the tape's ops (so each operand
//! gets its gradient by the parts' rules): `lerp`, `addcmul`, `addcdiv`, `outer`, `addmm`,
//! `baddbmm`. Operands have been made handles by the session (`Session::combine`, all or
//! nothing); a scale of 1 (0) adds no op (drops the term, as torch ignores `input` where
//! `beta == 0`, NaN included).

use super::binary::BinaryOp;
use super::compose::{self, Recorder};
use super::scalar::ScalarOp;
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// Which composition, with its numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Combine {
    /// `lerp(start, end, weight)`: operands `[start, end]` and a number weight, or
    /// `[start, end, weight]` (`weight: None`).
    Lerp { weight: Option<f64> },
    /// `input + value · t1 · t2`.
    Addcmul { value: f64 },
    /// `input + value · t1 / t2`.
    Addcdiv { value: f64 },
    /// `a ⊗ b` of two 1-D tensors.
    Outer,
    /// `beta · input + alpha · (m1 @ m2)` (2-D).
    Addmm { beta: f64, alpha: f64 },
    /// `beta · input + alpha · bmm(b1, b2)` (3-D).
    Baddbmm { beta: f64, alpha: f64 },
}

impl Combine {
    pub fn name(self) -> &'static str {
        match self {
            Combine::Lerp { .. } => "lerp",
            Combine::Addcmul { .. } => "addcmul",
            Combine::Addcdiv { .. } => "addcdiv",
            Combine::Outer => "outer",
            Combine::Addmm { .. } => "addmm",
            Combine::Baddbmm { .. } => "baddbmm",
        }
    }
    fn operands(self) -> usize {
        match self {
            Combine::Lerp { weight: Some(_) } | Combine::Outer => 2,
            _ => 3,
        }
    }
}

fn scaled<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, s: f64) -> Result<Handle> {
    if s == 1.0 {
        Ok(x)
    } else {
        r.record(ScalarOp::Mul.op(s), &[x])
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

fn expect_rank<B: Backend>(
    r: &dyn Recorder<B>,
    op: &str,
    what: &str,
    h: Handle,
    rank: usize,
) -> Result<()> {
    let s = r.shape(h)?;
    if s.len() != rank {
        return Err(Error::Shape(format!(
            "{op}: {what} must be a {rank}-D tensor, got shape {s:?}"
        )));
    }
    Ok(())
}

/// `c` on `xs` (see [`Combine`]).
pub fn combine<B: Backend>(r: &mut dyn Recorder<B>, c: Combine, xs: &[Handle]) -> Result<Handle> {
    let op = c.name();
    if xs.len() != c.operands() {
        return Err(Error::Arity {
            op,
            expected: c.operands().to_string(),
            got: xs.len(),
        });
    }
    match c {
        Combine::Lerp { weight } => {
            let (start, end) = (xs[0], xs[1]);
            let diff = binary(r, BinaryOp::Sub, end, start)?;
            let step = match weight {
                Some(w) => r.record(ScalarOp::Mul.op(w), &[diff])?,
                None => binary(r, BinaryOp::Mul, xs[2], diff)?,
            };
            binary(r, BinaryOp::Add, start, step)
        }
        Combine::Addcmul { value } | Combine::Addcdiv { value } => {
            let f = if matches!(c, Combine::Addcmul { .. }) {
                BinaryOp::Mul
            } else {
                BinaryOp::Div
            };
            let prod = binary(r, f, xs[1], xs[2])?;
            let term = scaled(r, prod, value)?;
            binary(r, BinaryOp::Add, xs[0], term)
        }
        Combine::Outer => {
            expect_rank(r, op, "input", xs[0], 1)?;
            expect_rank(r, op, "vec2", xs[1], 1)?;
            let col = compose::unsqueeze(r, xs[0], 1)?;
            binary(r, BinaryOp::Mul, col, xs[1])
        }
        Combine::Addmm { beta, alpha } | Combine::Baddbmm { beta, alpha } => {
            let rank = if matches!(c, Combine::Addmm { .. }) {
                2
            } else {
                3
            };
            expect_rank(r, op, "the first matrix operand", xs[1], rank)?;
            expect_rank(r, op, "the second matrix operand", xs[2], rank)?;
            let prod = r.record(Op::matmul(), &[xs[1], xs[2]])?;
            // `input` broadcasts to the product's shape (never beyond it)
            let (i, p) = (r.shape(xs[0])?, r.shape(prod)?);
            if crate::shape::broadcast_shapes(op, &i, &p)? != p {
                return Err(Error::Shape(format!(
                    "{op}: input of shape {i:?} does not broadcast to the product's {p:?}"
                )));
            }
            let prod = scaled(r, prod, alpha)?;
            if beta == 0.0 {
                // torch ignores `input` then: NaN and inf in it do not propagate
                return Ok(prod);
            }
            let input = scaled(r, xs[0], beta)?;
            binary(r, BinaryOp::Add, input, prod)
        }
    }
}
