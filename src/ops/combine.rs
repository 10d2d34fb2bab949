//! torch's fused-looking arithmetic, each a composition of the tape's ops (so each operand
//! gets its gradient by the parts' rules): `lerp`, `addcmul`, `addcdiv`, `outer`, `addmm`,
//! `baddbmm`. Operands have been made handles by the session (`Session::combine`, all or
//! nothing); a scale of 1 (0) adds no op (drops the term, as torch ignores `input` where
//! `beta == 0`, NaN included).

use super::binary::BinaryOp;
use super::compose::{self, Recorder, TensorOrNumber};
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
            scaled_sum(r, op, xs[0], prod, beta, alpha)
        }
    }
}

/// `beta · input + alpha · prod` as torch's `addmm` family computes it: `input` broadcasts
/// to the product's shape (never beyond it), a scale of 1 adds no op, and with `beta == 0`
/// `input` is ignored (NaN and inf in it do not propagate).
pub(super) fn scaled_sum<B: Backend>(
    r: &mut dyn Recorder<B>,
    op: &str,
    input: Handle,
    prod: Handle,
    beta: f64,
    alpha: f64,
) -> Result<Handle> {
    let (i, p) = (r.shape(input)?, r.shape(prod)?);
    if crate::shape::broadcast_shapes(op, &i, &p)? != p {
        return Err(Error::Shape(format!(
            "{op}: input of shape {i:?} does not broadcast to the product's {p:?}"
        )));
    }
    let prod = scaled(r, prod, alpha)?;
    if beta == 0.0 {
        return Ok(prod);
    }
    let input = scaled(r, input, beta)?;
    binary(r, BinaryOp::Add, input, prod)
}

/// `c` on `xs`, converted as its torch op's autocast policy says.
fn combined<B: Backend>(r: &mut dyn Recorder<B>, c: Combine, xs: &[Handle]) -> Result<Handle> {
    let xs = r.autocast_entry(c.name(), xs)?;
    combine(r, c, &xs)
}

/// `lerp(input, end, weight)`: a number weight, or a tensor one (which gets a gradient).
pub fn lerp<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    end: Handle,
    weight: TensorOrNumber,
) -> Result<Handle> {
    match weight {
        TensorOrNumber::Number(w) => combined(r, Combine::Lerp { weight: Some(w) }, &[x, end]),
        TensorOrNumber::Tensor(w) => combined(r, Combine::Lerp { weight: None }, &[x, end, w]),
    }
}

/// `addcmul(input, tensor1, tensor2, *, value=1)`.
pub fn addcmul<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    tensor1: Handle,
    tensor2: Handle,
    value: f64,
) -> Result<Handle> {
    combined(r, Combine::Addcmul { value }, &[x, tensor1, tensor2])
}

/// `addcdiv(input, tensor1, tensor2, *, value=1)`.
pub fn addcdiv<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    tensor1: Handle,
    tensor2: Handle,
    value: f64,
) -> Result<Handle> {
    combined(r, Combine::Addcdiv { value }, &[x, tensor1, tensor2])
}

/// `outer(input, vec2)`.
pub fn outer<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, vec2: Handle) -> Result<Handle> {
    combined(r, Combine::Outer, &[x, vec2])
}

/// `addmm(input, mat1, mat2, *, beta=1, alpha=1)` (`out_dtype` refused by its type).
pub fn addmm<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    mat1: Handle,
    mat2: Handle,
    beta: f64,
    alpha: f64,
    _out_dtype: (),
) -> Result<Handle> {
    combined(r, Combine::Addmm { beta, alpha }, &[x, mat1, mat2])
}

/// `baddbmm(input, batch1, batch2, *, beta=1, alpha=1)` (`out_dtype` refused by its type).
pub fn baddbmm<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    batch1: Handle,
    batch2: Handle,
    beta: f64,
    alpha: f64,
    _out_dtype: (),
) -> Result<Handle> {
    combined(r, Combine::Baddbmm { beta, alpha }, &[x, batch1, batch2])
}

/// The function and method forms of this file's combinations, for the binding's generator
/// `$gen` (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Linear interpolation of `input` (the start) and `end` based on a scalar or tensor `weight`.
            ///
            /// Computes `input + weight * (end - input)`, broadcasting the three; recorded all or
            /// nothing as a composition of the tape's ops, so `input`, `end` and a tensor `weight` each
            /// get their gradient. Floating-point tensors only.
            ///
            /// Args:
            ///     input (Tensor): the tensor with the starting points.
            ///     end (Tensor or array-like): the tensor with the ending points.
            ///     weight (float or Tensor): the weight of the interpolation.
            ///
            /// Returns:
            ///     Tensor: the interpolated values.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.lerp(et.tensor([0.0, 10.0]), et.tensor([10.0, 20.0]), 0.5).tolist()
            ///     [5.0, 15.0]
            fn lerp(input: Tensor, end: Tensor, weight: TensorOrNumber;)
                = crate::ops::combine::lerp, in_place lerp_;

            /// Multiplies `tensor1` by `tensor2` elementwise, scales the result and adds it to `input`.
            ///
            /// Computes `input + value * tensor1 * tensor2`, broadcasting the three; recorded all or
            /// nothing as a composition of the tape's ops, each tensor operand getting its gradient.
            ///
            /// Args:
            ///     input (Tensor): the tensor to be added.
            ///     tensor1 (Tensor or array-like): the tensor to be multiplied.
            ///     tensor2 (Tensor or array-like): the tensor to be multiplied.
            ///     value (float): the multiplier for `tensor1 * tensor2`. Default: ``1.0``.
            ///
            /// Returns:
            ///     Tensor: the result.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.ones(2)
            ///     ...     et.addcmul(x, et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0]), value=0.5).tolist()
            ///     [2.5, 5.0]
            fn addcmul(input: Tensor, tensor1: Tensor, tensor2: Tensor;; value: f64 = 1.0)
                = crate::ops::combine::addcmul, in_place addcmul_;

            /// Divides `tensor1` by `tensor2` elementwise, scales the result and adds it to `input`.
            ///
            /// Computes `input + value * tensor1 / tensor2`, broadcasting the three; recorded all or
            /// nothing as a composition of the tape's ops, each tensor operand getting its gradient.
            ///
            /// Args:
            ///     input (Tensor): the tensor to be added.
            ///     tensor1 (Tensor or array-like): the numerator tensor.
            ///     tensor2 (Tensor or array-like): the denominator tensor.
            ///     value (float): the multiplier for `tensor1 / tensor2`. Default: ``1.0``.
            ///
            /// Returns:
            ///     Tensor: the result.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.ones(2)
            ///     ...     et.addcdiv(x, et.tensor([1.0, 2.0]), et.tensor([4.0, 4.0]), value=2.0).tolist()
            ///     [1.5, 2.0]
            fn addcdiv(input: Tensor, tensor1: Tensor, tensor2: Tensor;; value: f64 = 1.0)
                = crate::ops::combine::addcdiv, in_place addcdiv_;

            /// Outer product of `input` and `vec2`.
            ///
            /// For `input` of size `n` and `vec2` of size `m`, the `(n, m)` matrix
            /// `out[i][j] = input[i] * vec2[j]`. Floating-point tensors only.
            ///
            /// Args:
            ///     input (Tensor): the 1-D input vector.
            ///     vec2 (Tensor or array-like): the 1-D input vector.
            ///
            /// Returns:
            ///     Tensor: the 2-D outer product.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.outer(et.tensor([1.0, 2.0]), et.tensor([1.0, 10.0, 100.0])).tolist()
            ///     [[1.0, 10.0, 100.0], [2.0, 20.0, 200.0]]
            fn outer(input: Tensor, vec2: Tensor;)
                = crate::ops::combine::outer;

            /// Performs a matrix multiplication of `mat1` and `mat2`, and adds `input` to the result.
            ///
            /// Computes `beta * input + alpha * (mat1 @ mat2)`; `input` broadcasts to the product's
            /// shape, and with ``beta=0`` it is ignored (NaNs in it included), as in torch. Recorded all
            /// or nothing as a composition of the tape's ops.
            ///
            /// Args:
            ///     input (Tensor): the matrix to be added.
            ///     mat1 (Tensor or array-like): the first matrix to be multiplied, `(n, m)`.
            ///     mat2 (Tensor or array-like): the second matrix to be multiplied, `(m, p)`.
            ///     beta (float): the multiplier for `input`. Default: ``1.0``.
            ///     alpha (float): the multiplier for `mat1 @ mat2`. Default: ``1.0``.
            ///     out_dtype (optional): accepted for torch compatibility and must stay ``None`` (the
            ///         result has the operands' dtype). Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: the `(n, p)` result.
            ///
            /// Raises:
            ///     et.ArgumentError: if `out_dtype` is given.
            ///     et.ShapeError: if the shapes do not match.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     m = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ///     ...     et.addmm(et.ones(2, 2), m, et.eye(2), beta=2.0).tolist()
            ///     [[3.0, 4.0], [5.0, 6.0]]
            fn addmm(input: Tensor, mat1: Tensor, mat2: Tensor;;
                beta: f64 = 1.0, alpha: f64 = 1.0, out_dtype: NoDtype = None)
                = crate::ops::combine::addmm, in_place addmm_;

            /// Performs a batch matrix-matrix product of `batch1` and `batch2`, and adds `input`.
            ///
            /// Computes `beta * input + alpha * bmm(batch1, batch2)`; `input` broadcasts to the
            /// product's shape, and with ``beta=0`` it is ignored (NaNs in it included), as in torch.
            /// Recorded all or nothing as a composition of the tape's ops.
            ///
            /// Args:
            ///     input (Tensor): the tensor to be added.
            ///     batch1 (Tensor or array-like): the first batch of matrices, `(b, n, m)`.
            ///     batch2 (Tensor or array-like): the second batch of matrices, `(b, m, p)`.
            ///     beta (float): the multiplier for `input`. Default: ``1.0``.
            ///     alpha (float): the multiplier for `batch1 @ batch2`. Default: ``1.0``.
            ///     out_dtype (optional): accepted for torch compatibility and must stay ``None`` (the
            ///         result has the operands' dtype). Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: the `(b, n, p)` result.
            ///
            /// Raises:
            ///     et.ArgumentError: if `out_dtype` is given.
            ///     et.ShapeError: if the shapes do not match.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     y = et.baddbmm(et.zeros(4, 2, 2), et.ones(4, 2, 3), et.ones(4, 3, 2), alpha=0.5)
            ///     ...     y.shape, y[0, 0, 0].item()
            ///     ((4, 2, 2), 1.5)
            fn baddbmm(input: Tensor, batch1: Tensor, batch2: Tensor;;
                beta: f64 = 1.0, alpha: f64 = 1.0, out_dtype: NoDtype = None)
                = crate::ops::combine::baddbmm, in_place baddbmm_;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
