//! torch's vector and matrix products beyond the `matmul` unit, each a composition of the
//! tape's `matmul` and views (so each operand gets its gradient by the parts' rules):
//! `matmul` with torch's 1-D rules, `dot`, `vdot`, `inner`, `mv`, `ger`, `addmv`, `addr`,
//! `addbmm` and `matrix_power`. Shapes and dtypes are checked as torch checks them before
//! anything is recorded; the session's entry points run them all or nothing.

use super::combine::{self, scaled_sum};
use super::compose::{self, Recorder};
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// `a @ b` with torch's rules: a 1-D operand is a vector (unsqueezed to a matrix, the added
/// dim squeezed away after), batch dims broadcast.
pub fn matmul<B: Backend>(r: &mut dyn Recorder<B>, a: Handle, b: Handle) -> Result<Handle> {
    product(r, "matmul", a, b)
}

/// [`matmul`] cast under autocast as the torch op `name` is.
fn product<B: Backend>(
    r: &mut dyn Recorder<B>,
    name: &'static str,
    a: Handle,
    b: Handle,
) -> Result<Handle> {
    let (sa, sb) = (r.shape(a)?, r.shape(b)?);
    if sa.is_empty() || sb.is_empty() {
        return Err(Error::Shape(format!(
            "matmul: both arguments need at least 1 dimension, got shapes {sa:?} and {sb:?}"
        )));
    }
    let a2 = if sa.len() == 1 {
        compose::unsqueeze(r, a, 0)?
    } else {
        a
    };
    let b2 = if sb.len() == 1 {
        compose::unsqueeze(r, b, -1)?
    } else {
        b
    };
    let mut y = r.record(Op::matmul_as(name), &[a2, b2])?;
    if sb.len() == 1 {
        y = compose::squeeze(r, y, -1)?;
    }
    if sa.len() == 1 {
        // the row dim: last if the column dim is already gone
        let d = if sb.len() == 1 { -1 } else { -2 };
        y = compose::squeeze(r, y, d)?;
    }
    Ok(y)
}

/// torch's dtype check of the BLAS products: both operands of one dtype.
fn same_dtype<B: Backend>(r: &dyn Recorder<B>, op: &str, a: Handle, b: Handle) -> Result<()> {
    let (da, db) = (r.dtype(a)?, r.dtype(b)?);
    if da != db {
        return Err(Error::DType(format!(
            "{op}: expected both operands to have the same dtype, but found {} and {}",
            da.name(),
            db.name()
        )));
    }
    Ok(())
}

/// `dot(input, tensor)`: the inner product of two 1-D tensors of one size and dtype (0-d).
pub fn dot<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, y: Handle) -> Result<Handle> {
    let (sx, sy) = (r.shape(x)?, r.shape(y)?);
    if sx.len() != 1 || sy.len() != 1 {
        return Err(Error::Shape(format!(
            "dot: 1D tensors expected, but got {}D and {}D tensors",
            sx.len(),
            sy.len()
        )));
    }
    if sx != sy {
        return Err(Error::Shape(format!(
            "dot: inconsistent tensor size, expected tensor [{}] and src [{}] to have the same \
             number of elements",
            sx[0], sy[0]
        )));
    }
    same_dtype(r, "dot", x, y)?;
    product(r, "dot", x, y)
}

/// `vdot(input, other)`: `dot` with `input` conjugated, which for real tensors is `dot`.
pub fn vdot<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, y: Handle) -> Result<Handle> {
    dot(r, x, y).map_err(|e| rename(e, "dot", "vdot"))
}

fn rename(e: Error, from: &str, to: &str) -> Error {
    match e {
        Error::Shape(m) => Error::Shape(m.replacen(from, to, 1)),
        Error::DType(m) => Error::DType(m.replacen(from, to, 1)),
        other => other,
    }
}

/// `inner(input, other)`: the sum over the last dims of the products (a 0-d operand
/// multiplies); the result's shape is `input.shape[:-1] + other.shape[:-1]`.
pub fn inner<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, y: Handle) -> Result<Handle> {
    let (sx, sy) = (r.shape(x)?, r.shape(y)?);
    if sx.is_empty() || sy.is_empty() {
        return compose::binary(r, super::binary::BinaryOp::Mul, x, y);
    }
    let (kx, ky) = (sx[sx.len() - 1], sy[sy.len() - 1]);
    if kx != ky {
        return Err(Error::Shape(format!(
            "inner() the last dimension must match on both input tensors but got shapes \
             {sx:?} and {sy:?}"
        )));
    }
    same_dtype(r, "inner", x, y)?;
    // (A, k) @ (k, B) as torch's tensordot contracts, then the kept dims restored
    let (lx, ly) = (&sx[..sx.len() - 1], &sy[..sy.len() - 1]);
    let a = compose::reshape(r, x, &[lx.iter().product(), kx])?;
    let b = compose::reshape(r, y, &[ly.iter().product(), ky])?;
    let bt = r.record(Op::permute(&[1, 0]), &[b])?;
    let p = r.record(Op::matmul(), &[a, bt])?;
    compose::reshape(r, p, &[lx, ly].concat())
}

/// torch's checks of `mv`'s operands: a `(n, m)` matrix and an `(m)` vector of its dtype.
fn check_mv<B: Backend>(r: &dyn Recorder<B>, op: &str, mat: Handle, vec: Handle) -> Result<()> {
    let (sm, sv) = (r.shape(mat)?, r.shape(vec)?);
    if sm.len() != 2 || sv.len() != 1 || sm[1] != sv[0] {
        return Err(Error::Shape(format!(
            "{op}: expected a 2-D matrix and a 1-D vector of its column count, got shapes \
             {sm:?} and {sv:?}"
        )));
    }
    same_dtype(r, op, mat, vec)
}

/// `mv(input, vec)`: a `(n, m)` matrix times an `(m)` vector.
pub fn mv<B: Backend>(r: &mut dyn Recorder<B>, mat: Handle, vec: Handle) -> Result<Handle> {
    check_mv(r, "mv", mat, vec)?;
    product(r, "mv", mat, vec)
}

/// `ger(input, vec2)`: torch's deprecated name of `outer`.
pub fn ger<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, vec2: Handle) -> Result<Handle> {
    combine::outer(r, x, vec2)
}

/// `addmv(input, mat, vec, *, beta=1, alpha=1)`: `beta · input + alpha · (mat @ vec)`.
pub fn addmv<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    mat: Handle,
    vec: Handle,
    beta: f64,
    alpha: f64,
) -> Result<Handle> {
    let xs = r.autocast_entry("addmv", &[x, mat, vec])?;
    check_mv(r, "addmv", xs[1], xs[2])?;
    let p = product(r, "addmv", xs[1], xs[2])?;
    scaled_sum(r, "addmv", xs[0], p, beta, alpha)
}

/// `addr(input, vec1, vec2, *, beta=1, alpha=1)`: `beta · input + alpha · outer(vec1, vec2)`.
pub fn addr<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    vec1: Handle,
    vec2: Handle,
    beta: f64,
    alpha: f64,
) -> Result<Handle> {
    let xs = r.autocast_entry("addr", &[x, vec1, vec2])?;
    let p = combine::outer(r, xs[1], xs[2]).map_err(|e| rename(e, "outer", "addr"))?;
    scaled_sum(r, "addr", xs[0], p, beta, alpha)
}

/// `addbmm(input, batch1, batch2, *, beta=1, alpha=1)`: `beta · input + alpha · Σᵢ batch1[i]
/// @ batch2[i]`, the batch contracted with the inner dim in one matrix product.
pub fn addbmm<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    batch1: Handle,
    batch2: Handle,
    beta: f64,
    alpha: f64,
) -> Result<Handle> {
    let xs = r.autocast_entry("addbmm", &[x, batch1, batch2])?;
    let (s1, s2) = (r.shape(xs[1])?, r.shape(xs[2])?);
    let bad = |m: String| Err(Error::Shape(format!("addbmm: {m}")));
    let (&[b1, n, m1], &[b2, m2, p]) = (&s1[..], &s2[..]) else {
        return bad(format!(
            "batch1 and batch2 must be 3-D tensors, got shapes {s1:?} and {s2:?}"
        ));
    };
    if b1 != b2 {
        return bad(format!(
            "batch1 and batch2 must have same number of batches, got {b1} and {b2}"
        ));
    }
    if m1 != m2 {
        return bad(format!(
            "incompatible matrix sizes for bmm ({n}x{m1} and {m2}x{p})"
        ));
    }
    same_dtype(r, "addbmm", xs[1], xs[2])?;
    // (b, n, m) -> (n, b·m) and (b, m, p) -> (b·m, p): one product sums over b and m
    let a = r.record(Op::permute(&[1, 0, 2]), &[xs[1]])?;
    let a = compose::reshape(r, a, &[n, b1 * m1])?;
    let c = compose::reshape(r, xs[2], &[b2 * m2, p])?;
    let prod = r.record(Op::matmul(), &[a, c])?;
    scaled_sum(r, "addbmm", xs[0], prod, beta, alpha)
}

/// `matrix_power(input, n)` for `n >= 0` of a (batch of) square matrices, by torch's binary
/// decomposition of `n` (the same products in the same order); `n == 0` gives identities
/// (whose gradient to `input` is zero, as torch's). A negative `n` is the power `-n` of the
/// inverse (`linalg.rs`'s, LibTorch carriers only), as torch's `linalg_matrix_power`.
pub fn matrix_power<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, n: i64) -> Result<Handle> {
    let s = r.shape(x)?;
    if s.len() < 2 || s[s.len() - 1] != s[s.len() - 2] {
        return Err(Error::Shape(format!(
            "linalg.matrix_power: A must be batches of square matrices, got shape {s:?}"
        )));
    }
    if n < 0 {
        let m = n
            .checked_neg()
            .ok_or_else(|| Error::Argument(format!("matrix_power: n={n} is out of range")))?;
        let inverse = super::linalg::inverse(r, x)?;
        return matrix_power(r, inverse, m);
    }
    match n {
        0 => {
            let k = s[s.len() - 1];
            let k_us = usize::try_from(k).unwrap_or(0);
            let mut eye = vec![0.0; k_us * k_us]; // bounded: one k×k matrix of the result's
            for i in 0..k_us {
                eye[i * k_us + i] = 1.0;
            }
            let eye = r.constant(x, &eye, &[k, k], None)?;
            let keep = r.constant(x, &[1.0], &[1, 1], Some(crate::config::DType::Bool))?;
            r.record(Op::movement(super::join::Where), &[keep, eye, x])
        }
        1 => super::convert::clone(r, x, super::convert::MemoryFormat),
        2 => r.record(Op::matmul(), &[x, x]),
        3 => {
            let sq = r.record(Op::matmul(), &[x, x])?;
            r.record(Op::matmul(), &[sq, x])
        }
        _ => {
            let (mut n, mut z, mut result) = (n, None::<Handle>, None::<Handle>);
            while n > 0 {
                let bit = n % 2;
                n /= 2;
                let zz = match z {
                    Some(z) => r.record(Op::matmul(), &[z, z])?,
                    None => x,
                };
                z = Some(zz);
                if bit == 1 {
                    result = Some(match result {
                        Some(acc) => r.record(Op::matmul(), &[acc, zz])?,
                        None => zz,
                    });
                }
            }
            result.ok_or_else(|| Error::Argument("matrix_power: no power computed".into()))
        }
    }
}

/// The function and method forms of this file's products, for the binding's generator
/// `$gen` (`src/python/declared/args.rs` says what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Computes the dot product of two 1D tensors.
            ///
            /// `input` and `tensor` are 1-D, of one size and one dtype (no broadcasting, as torch's
            /// `dot`); recorded as a matrix product, so both get gradients.
            ///
            /// Args:
            ///     input (Tensor): the first vector.
            ///     tensor (Tensor): the second vector.
            ///
            /// Returns:
            ///     Tensor: a 0-d tensor.
            ///
            /// Raises:
            ///     ShapeError: an operand is not 1-D, or their sizes differ.
            ///     DTypeError: their dtypes differ.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.dot(et.tensor([2.0, 3.0]), et.tensor([2.0, 1.0])).item()
            ///     7.0
            fn dot(input: Tensor, tensor: Tensor;)
                = crate::ops::products::dot;

            /// Computes the dot product of two 1D vectors along a dimension, conjugating the first.
            ///
            /// For real tensors (eagertape has no complex ones) this is `dot`.
            ///
            /// Args:
            ///     input (Tensor): the first vector (conjugated).
            ///     other (Tensor): the second vector.
            ///
            /// Returns:
            ///     Tensor: a 0-d tensor.
            ///
            /// Raises:
            ///     ShapeError: an operand is not 1-D, or their sizes differ.
            ///     DTypeError: their dtypes differ.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.vdot(et.tensor([2.0, 3.0]), et.tensor([2.0, 1.0])).item()
            ///     7.0
            fn vdot(input: Tensor, other: Tensor;)
                = crate::ops::products::vdot;

            /// Computes the dot product for 1D tensors; for higher dimensions, sums the product of
            /// elements from `input` and `other` along their last dimension.
            ///
            /// The result's shape is ``input.shape[:-1] + other.shape[:-1]``; a 0-d operand
            /// multiplies the other. Both get gradients.
            ///
            /// Args:
            ///     input (Tensor): the first operand.
            ///     other (Tensor): the second operand, with `input`'s last size.
            ///
            /// Returns:
            ///     Tensor: the contraction over the last dims.
            ///
            /// Raises:
            ///     ShapeError: the last sizes differ.
            ///     DTypeError: their dtypes differ.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     tuple(et.inner(et.ones(2, 3), et.ones(4, 5, 3)).shape)
            ///     (2, 4, 5)
            fn inner(input: Tensor, other: Tensor;)
                = crate::ops::products::inner;

            /// Performs a matrix-vector product of the matrix `input` and the vector `vec`.
            ///
            /// `input` is `(n, m)` and `vec` `(m)` (no broadcasting, as torch's `mv`). Both get
            /// gradients.
            ///
            /// Args:
            ///     input (Tensor): the matrix, `(n, m)`.
            ///     vec (Tensor): the vector, `(m)`.
            ///
            /// Returns:
            ///     Tensor: of shape `(n)`.
            ///
            /// Raises:
            ///     ShapeError: the shapes are not a matrix and a vector of its column count.
            ///     DTypeError: their dtypes differ.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.mv(et.tensor([[1.0, 2.0], [3.0, 4.0]]), et.tensor([1.0, 1.0])).tolist()
            ///     [3.0, 7.0]
            fn mv(input: Tensor, vec: Tensor;)
                = crate::ops::products::mv;

            /// Alias of `outer` (torch's deprecated name): the outer product of two vectors.
            ///
            /// Args:
            ///     input (Tensor): the 1-D input vector.
            ///     vec2 (Tensor): the 1-D input vector.
            ///
            /// Returns:
            ///     Tensor: the 2-D outer product.
            ///
            /// Raises:
            ///     ShapeError: an operand is not 1-D.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.ger(et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0])).tolist()
            ///     [[3.0, 4.0], [6.0, 8.0]]
            fn ger(input: Tensor, vec2: Tensor;)
                = crate::ops::products::ger;

            /// Performs a matrix-vector product of the matrix `mat` and the vector `vec`, and adds
            /// `input` to the result.
            ///
            /// Computes `beta * input + alpha * (mat @ vec)`; `input` broadcasts to `(n)`, and with
            /// ``beta=0`` it is ignored (NaNs in it included), as in torch.
            ///
            /// Args:
            ///     input (Tensor): the vector to be added.
            ///     mat (Tensor): the matrix to be multiplied, `(n, m)`.
            ///     vec (Tensor): the vector to be multiplied, `(m)`.
            ///     beta (float): the multiplier for `input`. Default: ``1.0``.
            ///     alpha (float): the multiplier for `mat @ vec`. Default: ``1.0``.
            ///
            /// Returns:
            ///     Tensor: of shape `(n)`.
            ///
            /// Raises:
            ///     ShapeError: the shapes do not fit together.
            ///     DTypeError: the dtypes of `mat` and `vec` differ.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.addmv(et.ones(2), et.eye(2), et.tensor([1.0, 2.0]), alpha=2.0).tolist()
            ///     [3.0, 5.0]
            fn addmv(input: Tensor, mat: Tensor, vec: Tensor;; beta: f64 = 1.0, alpha: f64 = 1.0)
                = crate::ops::products::addmv, in_place addmv_;

            /// Performs the outer-product of vectors `vec1` and `vec2` and adds it to the matrix
            /// `input`.
            ///
            /// Computes `beta * input + alpha * outer(vec1, vec2)`; `input` broadcasts to `(n, m)`,
            /// and with ``beta=0`` it is ignored (NaNs in it included), as in torch.
            ///
            /// Args:
            ///     input (Tensor): the matrix to be added.
            ///     vec1 (Tensor): the first vector of the outer product, `(n)`.
            ///     vec2 (Tensor): the second vector of the outer product, `(m)`.
            ///     beta (float): the multiplier for `input`. Default: ``1.0``.
            ///     alpha (float): the multiplier for the outer product. Default: ``1.0``.
            ///
            /// Returns:
            ///     Tensor: of shape `(n, m)`.
            ///
            /// Raises:
            ///     ShapeError: the shapes do not fit together.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.addr(et.zeros(2, 2), et.tensor([1.0, 2.0]), et.tensor([1.0, 3.0])).tolist()
            ///     [[1.0, 3.0], [2.0, 6.0]]
            fn addr(input: Tensor, vec1: Tensor, vec2: Tensor;; beta: f64 = 1.0, alpha: f64 = 1.0)
                = crate::ops::products::addr, in_place addr_;

            /// Performs a batch matrix-matrix product of matrices stored in `batch1` and `batch2`,
            /// with a reduced add step (all matrix multiplications get accumulated along the first
            /// dimension); `input` is added to the final result.
            ///
            /// Computes `beta * input + alpha * sum_i batch1[i] @ batch2[i]`; `input` broadcasts to
            /// `(n, p)`, and with ``beta=0`` it is ignored (NaNs in it included), as in torch.
            ///
            /// Args:
            ///     input (Tensor): the matrix to be added.
            ///     batch1 (Tensor): the first batch of matrices, `(b, n, m)`.
            ///     batch2 (Tensor): the second batch of matrices, `(b, m, p)`.
            ///     beta (float): the multiplier for `input`. Default: ``1.0``.
            ///     alpha (float): the multiplier for the summed products. Default: ``1.0``.
            ///
            /// Returns:
            ///     Tensor: of shape `(n, p)`.
            ///
            /// Raises:
            ///     ShapeError: the shapes do not fit together.
            ///     DTypeError: the dtypes of `batch1` and `batch2` differ.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.addbmm(et.zeros(2, 2), et.ones(3, 2, 4), et.ones(3, 4, 2)).tolist()
            ///     [[12.0, 12.0], [12.0, 12.0]]
            fn addbmm(input: Tensor, batch1: Tensor, batch2: Tensor;; beta: f64 = 1.0, alpha: f64 = 1.0)
                = crate::ops::products::addbmm, in_place addbmm_;

            /// Computes the `n`-th power of a square matrix (or of each of a batch of them) for an
            /// integer `n`.
            ///
            /// By torch's binary decomposition of `n` (the same matrix products in the same
            /// order); `n = 0` gives identity matrices, whose gradient to `input` is zero. A negative
            /// `n` is the power `-n` of the inverse (LibTorch carriers only), as torch's.
            ///
            /// Args:
            ///     input (Tensor): a `(*, m, m)` tensor.
            ///     n (int): the exponent.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            ///
            /// Raises:
            ///     ShapeError: `input` is not a (batch of) square matrices.
            ///     BackendError: a negative `n` of a singular matrix (torch's error).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.matrix_power(et.tensor([[1.0, 1.0], [0.0, 1.0]]), 3).tolist()
            ///     [[1.0, 3.0], [0.0, 1.0]]
            fn matrix_power(input: Tensor, n: i64;)
                = crate::ops::products::matrix_power;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

#[cfg(test)]
mod tests {
    use crate::ops::testing::{check_grads, data};

    #[test]
    fn vector_products_gradients_as_libtorchs() {
        // oracle: LibTorch's dot, vdot, inner, mv and ger, by its autograd
        let (v, w) = (data(&[5], 1), data(&[5], 2));
        check_grads(
            &[v.copy(), w.copy()],
            |s, h| super::dot(s, h[0], h[1]),
            |t| t[0].dot(&t[1]),
        );
        check_grads(
            &[v.copy(), w.copy()],
            |s, h| super::vdot(s, h[0], h[1]),
            |t| t[0].vdot(&t[1]),
        );
        check_grads(
            &[data(&[2, 3], 3), data(&[4, 5, 3], 4)],
            |s, h| super::inner(s, h[0], h[1]),
            |t| t[0].inner(&t[1]),
        );
        check_grads(
            &[data(&[3, 4], 5), data(&[4], 6)],
            |s, h| super::mv(s, h[0], h[1]),
            |t| t[0].mv(&t[1]),
        );
        check_grads(
            &[v.copy(), data(&[3], 7)],
            |s, h| super::ger(s, h[0], h[1]),
            |t| t[0].ger(&t[1]),
        );
    }

    #[test]
    fn scaled_products_gradients_as_libtorchs() {
        // oracle: LibTorch's addmv, addr and addbmm, by its autograd
        check_grads(
            &[data(&[3], 8), data(&[3, 4], 9), data(&[4], 10)],
            |s, h| super::addmv(s, h[0], h[1], h[2], 0.5, -2.0),
            |t| t[0].addmv(&t[1], &t[2]) + t[1].mv(&t[2]) * -3.0 + &t[0] * -0.5,
        );
        check_grads(
            &[data(&[3, 4], 11), data(&[3], 12), data(&[4], 13)],
            |s, h| super::addr(s, h[0], h[1], h[2], 1.0, 1.5),
            |t| t[0].addr(&t[1], &t[2]) + t[1].outer(&t[2]) * 0.5,
        );
        check_grads(
            &[
                data(&[3, 5], 14),
                data(&[4, 3, 2], 15),
                data(&[4, 2, 5], 16),
            ],
            |s, h| super::addbmm(s, h[0], h[1], h[2], 2.0, 1.0),
            |t| t[0].addbmm(&t[1], &t[2]) + &t[0],
        );
    }

    #[test]
    fn matrix_power_gradients_as_libtorchs_for_each_branch_of_n() {
        // oracle: LibTorch's matrix_power (binary decomposition; n = 0 an identity whose
        // gradient is zero), by its autograd
        for n in [0, 1, 2, 3, 6, 7] {
            check_grads(
                &[data(&[2, 3, 3], 17 + n as u64)],
                |s, h| super::matrix_power(s, h[0], n),
                |t| t[0].matrix_power(n),
            );
        }
    }

    #[test]
    fn refused_products_record_nothing() {
        let mut s = crate::ops::testing::session();
        let t = |s: &mut crate::ops::testing::Sess, shape: &[i64]| {
            s.input(&crate::ops::testing::dt(&data(shape, 30)), false)
                .unwrap()
        };
        let (m, v, r) = (t(&mut s, &[3, 3]), t(&mut s, &[4]), t(&mut s, &[2, 3]));
        let before = s.tape_len();
        assert!(super::dot(&mut s, m, v).is_err());
        assert!(super::mv(&mut s, m, v).is_err());
        assert!(super::inner(&mut s, m, v).is_err());
        assert!(super::matrix_power(&mut s, r, 2).is_err());
        assert!(matches!(
            super::matrix_power(&mut s, r, -1),
            Err(crate::error::Error::Shape(_))
        ));
        assert!(super::matrix_power(&mut s, m, i64::MIN).is_err());
        assert_eq!(s.tape_len(), before);
    }
}
