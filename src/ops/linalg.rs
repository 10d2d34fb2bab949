//! torch's matrix functions in the `torch` namespace (`det`, `logdet`, `slogdet`, `inverse`,
//! `pinverse`, `matrix_exp`, `svd`, the Cholesky and LU solvers, QR's Householder form),
//! each an [`Aten`]: LibTorch's kernel forward and its autograd backward (`aten.rs`). A
//! result of several tensors records one op per tensor (each recomputes the factorization:
//! the gradients of the parts add up to the whole's, as torch's one node gives).

use tch::Tensor;

use super::aten::{same_shape, square_batch, Aten};
use super::compose::Recorder;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// `det(A)`: the determinant of each square matrix of `(*, n, n)`.
pub fn det<B: Backend>(r: &mut dyn Recorder<B>, a: Handle) -> Result<Handle> {
    Aten::new(
        "det",
        1,
        |s| square_batch("linalg.det", s[0]),
        |t| Ok(t[0].f_det()?),
    )
    .record(r, &[a])
}

/// `logdet(A)`: the log of each determinant (NaN for a negative one, `-inf` for zero).
pub fn logdet<B: Backend>(r: &mut dyn Recorder<B>, a: Handle) -> Result<Handle> {
    Aten::new(
        "logdet",
        1,
        |s| square_batch("logdet", s[0]),
        |t| Ok(t[0].f_logdet()?),
    )
    .record(r, &[a])
}

/// `slogdet(A)`: each determinant's sign (no gradient) and the log of its absolute value.
pub fn slogdet<B: Backend>(r: &mut dyn Recorder<B>, a: Handle) -> Result<(Handle, Handle)> {
    let part = |which: usize| {
        Aten::new(
            "slogdet",
            1,
            |s| square_batch("linalg.slogdet", s[0]),
            move |t| {
                let (sign, logabsdet) = t[0].f_slogdet()?;
                Ok(if which == 0 { sign } else { logabsdet })
            },
        )
    };
    let sign = part(0).record(r, &[a])?;
    let logabsdet = part(1).record(r, &[a])?;
    Ok((sign, logabsdet))
}

/// `inverse(A)`: each square matrix's inverse (a singular one is a `BackendError` naming
/// the zero pivot, torch's message).
pub fn inverse<B: Backend>(r: &mut dyn Recorder<B>, a: Handle) -> Result<Handle> {
    Aten::new(
        "inverse",
        1,
        |s| {
            square_batch("linalg.inv", s[0])?;
            Ok(s[0].to_vec())
        },
        |t| Ok(t[0].f_inverse()?),
    )
    .record(r, &[a])
}

/// The shape of a matrix stack `(*, m, n)` transposed: `(*, n, m)`.
fn transposed(name: &str, s: &[i64]) -> Result<Vec<i64>> {
    if s.len() < 2 {
        return Err(Error::Shape(format!(
            "{name}: The input tensor A must have at least 2 dimensions."
        )));
    }
    let mut out = s.to_vec();
    out.swap(s.len() - 2, s.len() - 1);
    Ok(out)
}

/// `pinverse(A, rcond)`: the Moore–Penrose pseudo-inverse of each `(m, n)` matrix, `(n, m)`.
pub fn pinverse<B: Backend>(r: &mut dyn Recorder<B>, a: Handle, rcond: f64) -> Result<Handle> {
    Aten::new(
        "pinverse",
        1,
        |s| transposed("linalg.pinv", s[0]),
        move |t| Ok(t[0].f_pinverse(rcond)?),
    )
    .record(r, &[a])
}

/// `matrix_exp(A)`: each square matrix's exponential.
pub fn matrix_exp<B: Backend>(r: &mut dyn Recorder<B>, a: Handle) -> Result<Handle> {
    Aten::new(
        "matrix_exp",
        1,
        |s| {
            square_batch("linalg.matrix_exp", s[0])?;
            Ok(s[0].to_vec())
        },
        |t| Ok(t[0].f_matrix_exp()?),
    )
    .record(r, &[a])
}

/// `svd(A, some=True, compute_uv=True)`: `(U, S, V)` with `A = U diag(S) Vᴴ`; `some`: the
/// reduced factors. Without `compute_uv`, U and V are zeros (torch's), with no gradient.
pub fn svd<B: Backend>(
    r: &mut dyn Recorder<B>,
    a: Handle,
    some: bool,
    compute_uv: bool,
) -> Result<(Handle, Handle, Handle)> {
    let shape = r.shape(a)?;
    let [.., m, n] = shape[..] else {
        return Err(Error::Shape(format!(
            "svd: The input tensor A must have at least 2 dimensions, got {shape:?}"
        )));
    };
    let batch = shape[..shape.len() - 2].to_vec();
    let k = m.min(n);
    let dims = |rows: i64, cols: i64| [batch.clone(), vec![rows, cols]].concat();
    let (u_cols, v_cols) = if some || !compute_uv { (k, k) } else { (m, n) };
    let shapes = [
        dims(m, u_cols),
        [batch.clone(), vec![k]].concat(),
        dims(n, v_cols),
    ];
    let mut out = Vec::new(); // bounded: the three factors
    for (which, shape) in shapes.into_iter().enumerate() {
        let part = Aten::new(
            "svd",
            1,
            move |_| Ok(shape.clone()),
            move |t| {
                let (u, s, v) = t[0].f_svd(some, compute_uv)?;
                Ok(match which {
                    0 => u,
                    1 => s,
                    _ => v,
                })
            },
        );
        out.push(part.record(r, &[a])?);
    }
    Ok((out[0], out[1], out[2]))
}

/// The shape of a solve's right-hand side `b` `(*, n, k)` against the `(*, n, n)` factor
/// `f`: the broadcast batch, then `(n, k)`.
fn solved(name: &'static str, b: &[i64], f: &[i64]) -> Result<Vec<i64>> {
    let (Some(bb), Some(fb)) = (b.len().checked_sub(2), f.len().checked_sub(2)) else {
        return Err(Error::Shape(format!(
            "{name}: the right-hand side and the factor must be matrices, got {b:?} and {f:?}"
        )));
    };
    let n = f[fb + 1];
    if f[fb] != n || b[bb] != n {
        return Err(Error::Shape(format!(
            "{name}: expected a square factor (*, n, n) and a right-hand side (*, n, k), got \
             {f:?} and {b:?}"
        )));
    }
    let batch = crate::shape::broadcast_shapes(name, &b[..bb], &f[..fb])?;
    Ok([batch, b[bb..].to_vec()].concat())
}

/// `cholesky_solve(B, L, upper=False)`: `X` with `A X = B` for `A = L Lᵀ` (`Uᵀ U` if upper).
pub fn cholesky_solve<B: Backend>(
    r: &mut dyn Recorder<B>,
    b: Handle,
    l: Handle,
    upper: bool,
) -> Result<Handle> {
    Aten::new(
        "cholesky_solve",
        2,
        |s| solved("cholesky_solve", s[0], s[1]),
        move |t| Ok(t[0].f_cholesky_solve(&t[1], upper)?),
    )
    .record(r, &[b, l])
}

/// `cholesky_inverse(L, upper=False)`: the inverse of `A = L Lᵀ` (`Uᵀ U` if upper).
pub fn cholesky_inverse<B: Backend>(
    r: &mut dyn Recorder<B>,
    l: Handle,
    upper: bool,
) -> Result<Handle> {
    Aten::new(
        "cholesky_inverse",
        1,
        |s| {
            square_batch("cholesky_inverse", s[0])?;
            Ok(s[0].to_vec())
        },
        move |t| Ok(t[0].f_cholesky_inverse(upper)?),
    )
    .record(r, &[l])
}

/// `lu(A, pivot=True)`: the packed LU factors of each matrix and the int32 pivots (torch's
/// `A.lu()`, `torch.linalg.lu_factor`'s pair).
pub fn lu<B: Backend>(r: &mut dyn Recorder<B>, a: Handle, pivot: bool) -> Result<(Handle, Handle)> {
    let shape = r.shape(a)?;
    let [.., m, n] = shape[..] else {
        return Err(Error::Shape(format!(
            "linalg.lu_factor: The input tensor A must have at least 2 dimensions, got {shape:?}"
        )));
    };
    let pivots = [shape[..shape.len() - 2].to_vec(), vec![m.min(n)]].concat();
    let part = |which: usize, out: Vec<i64>| {
        Aten::new(
            "lu",
            1,
            move |_| Ok(out.clone()),
            move |t| {
                let (lu, piv) = Tensor::f_linalg_lu_factor(&t[0], pivot)?;
                Ok(if which == 0 { lu } else { piv })
            },
        )
    };
    let factors = part(0, shape.clone()).record(r, &[a])?;
    let piv = part(1, pivots).record(r, &[a])?;
    Ok((factors, piv))
}

/// `lu_solve(B, LU_data, LU_pivots)`: `X` with `A X = B`, from `lu`'s factors and pivots.
pub fn lu_solve<B: Backend>(
    r: &mut dyn Recorder<B>,
    b: Handle,
    lu_data: Handle,
    lu_pivots: Handle,
) -> Result<Handle> {
    Aten::new(
        "lu_solve",
        3,
        |s| solved("lu_solve", s[0], s[1]),
        |t| Ok(Tensor::f_linalg_lu_solve(&t[1], &t[2], &t[0], true, false)?),
    )
    .with_data(&[2])
    .record(r, &[b, lu_data, lu_pivots])
}

/// `lu_unpack(LU_data, LU_pivots)`: `(P, L, U)`, the permutation (no gradient) and the
/// triangular factors.
pub fn lu_unpack<B: Backend>(
    r: &mut dyn Recorder<B>,
    lu_data: Handle,
    lu_pivots: Handle,
    unpack_data: bool,
    unpack_pivots: bool,
) -> Result<(Handle, Handle, Handle)> {
    let shape = r.shape(lu_data)?;
    let [.., m, n] = shape[..] else {
        return Err(Error::Shape(format!(
            "lu_unpack: LU_data must have at least 2 dimensions, got {shape:?}"
        )));
    };
    let batch = shape[..shape.len() - 2].to_vec();
    let k = m.min(n);
    let dims = |rows: i64, cols: i64| [batch.clone(), vec![rows, cols]].concat();
    let shapes = [
        if unpack_pivots { dims(m, m) } else { vec![0] },
        if unpack_data { dims(m, k) } else { vec![0] },
        if unpack_data { dims(k, n) } else { vec![0] },
    ];
    let mut out = Vec::new(); // bounded: the three factors
    for (which, shape) in shapes.into_iter().enumerate() {
        let part = Aten::new(
            "lu_unpack",
            2,
            move |_| Ok(shape.clone()),
            move |t| {
                let (p, l, u) = Tensor::f_lu_unpack(&t[0], &t[1], unpack_data, unpack_pivots)?;
                Ok(match which {
                    0 => p,
                    1 => l,
                    _ => u,
                })
            },
        )
        .with_data(&[1]);
        out.push(part.record(r, &[lu_data, lu_pivots])?);
    }
    Ok((out[0], out[1], out[2]))
}

/// `geqrf(A)`: QR's Householder form, `(a, tau)` (LAPACK's; torch has no derivative of it).
pub fn geqrf<B: Backend>(r: &mut dyn Recorder<B>, a: Handle) -> Result<(Handle, Handle)> {
    let shape = r.shape(a)?;
    let [.., m, n] = shape[..] else {
        return Err(Error::Shape(format!(
            "geqrf: input must have at least 2 dimensions, got {shape:?}"
        )));
    };
    let tau = [shape[..shape.len() - 2].to_vec(), vec![m.min(n)]].concat();
    let part = |which: usize, out: Vec<i64>| {
        Aten::new(
            "geqrf",
            1,
            move |_| Ok(out.clone()),
            move |t| {
                let (q, tau) = t[0].f_geqrf()?;
                Ok(if which == 0 { q } else { tau })
            },
        )
    };
    let q = part(0, shape.clone()).record(r, &[a])?;
    let tau = part(1, tau).record(r, &[a])?;
    Ok((q, tau))
}

/// `orgqr(A, tau)`: the explicit `Q` of `geqrf`'s Householder form (torch's
/// `linalg.householder_product`).
pub fn orgqr<B: Backend>(r: &mut dyn Recorder<B>, a: Handle, tau: Handle) -> Result<Handle> {
    Aten::new("orgqr", 2, same_shape, |t| Ok(t[0].f_orgqr(&t[1])?)).record(r, &[a, tau])
}

/// `ormqr(A, tau, C, left=True, transpose=False)`: `Q C` (or `C Q`, `Qᵀ`) for `geqrf`'s
/// Householder form, without forming `Q`.
pub fn ormqr<B: Backend>(
    r: &mut dyn Recorder<B>,
    a: Handle,
    tau: Handle,
    c: Handle,
    left: bool,
    transpose: bool,
) -> Result<Handle> {
    Aten::new(
        "ormqr",
        3,
        |s| Ok(s[2].to_vec()),
        move |t| Ok(t[0].f_ormqr(&t[1], &t[2], left, transpose)?),
    )
    .record(r, &[a, tau, c])
}

/// The function and method forms of the matrix functions, for the binding's generator
/// `$gen` (`src/python/declared/args.rs` says what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Calculates the determinant of a square matrix or batches of square matrices.
            ///
            /// LibTorch's kernel and derivative (`torch.det`'s values and gradients).
            ///
            /// Args:
            ///     input (Tensor): `(*, n, n)`.
            ///
            /// Returns:
            ///     Tensor: `(*)`, the determinants.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(dtype="float64"):
            ///     ...     et.det(et.tensor([[2.0, 1.0], [1.0, 3.0]])).item()
            ///     5.0
            fn det(input: Tensor;) = crate::ops::linalg::det;

            /// Calculates the log determinant of a square matrix or batches of square matrices:
            /// NaN for a negative determinant, ``-inf`` for zero.
            ///
            /// Args:
            ///     input (Tensor): `(*, n, n)`.
            ///
            /// Returns:
            ///     Tensor: `(*)`.
            fn logdet(input: Tensor;) = crate::ops::linalg::logdet;

            /// Computes the sign and natural logarithm of the absolute value of the determinant
            /// of a square matrix or batches of them.
            ///
            /// Args:
            ///     input (Tensor): `(*, n, n)`.
            ///
            /// Returns:
            ///     SlogdetResult: `(sign, logabsdet)`, each `(*)`; the sign carries no gradient.
            fn slogdet(input: Tensor;) -> SlogdetResult = crate::ops::linalg::slogdet;

            /// Computes the inverse of a square matrix or batches of them.
            ///
            /// Args:
            ///     input (Tensor): `(*, n, n)`, invertible.
            ///
            /// Returns:
            ///     Tensor: `(*, n, n)`.
            ///
            /// Raises:
            ///     BackendError: a singular matrix (LibTorch's message names the zero pivot).
            fn inverse(input: Tensor;) = crate::ops::linalg::inverse;

            /// Calculates the pseudo-inverse (Moore–Penrose inverse) of a matrix or batches of
            /// them.
            ///
            /// Args:
            ///     input (Tensor): `(*, m, n)`.
            ///     rcond (float): singular values below ``rcond`` times the largest are taken as
            ///         zero. Default: ``1e-15``.
            ///
            /// Returns:
            ///     Tensor: `(*, n, m)`.
            fn pinverse(input: Tensor; rcond: f64 = 1e-15) = crate::ops::linalg::pinverse;

            /// Computes the matrix exponential of a square matrix or batches of them.
            ///
            /// Args:
            ///     input (Tensor): `(*, n, n)`.
            ///
            /// Returns:
            ///     Tensor: `(*, n, n)`.
            fn matrix_exp(input: Tensor;) = crate::ops::linalg::matrix_exp;

            /// Computes the singular value decomposition ``input = U diag(S) Vᴴ`` of a matrix
            /// or batches of them (torch's deprecated `svd`, whose third factor is `V`, not
            /// `Vᴴ`).
            ///
            /// The gradient is LibTorch's (undefined where singular values repeat, as torch's).
            ///
            /// Args:
            ///     input (Tensor): `(*, m, n)`.
            ///     some (bool): the reduced factors (`k = min(m, n)` columns). Default: ``True``.
            ///     compute_uv (bool): compute `U` and `V` (else zeros). Default: ``True``.
            ///
            /// Returns:
            ///     tuple[Tensor, Tensor, Tensor]: `(U, S, V)`.
            fn svd(input: Tensor; some: bool = True, compute_uv: bool = True)
                -> (Tensor, Tensor, Tensor) = crate::ops::linalg::svd;

            /// Computes the solution of a system of linear equations with a positive
            /// semidefinite matrix given by its Cholesky factor.
            ///
            /// Args:
            ///     input (Tensor): `B`, `(*, n, k)`.
            ///     input2 (Tensor): the factor `L` (or `U`), `(*, n, n)`.
            ///     upper (bool): whether the factor is upper triangular. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: `X`, `(*, n, k)`.
            fn cholesky_solve(input: Tensor, input2: Tensor; upper: bool = False)
                = crate::ops::linalg::cholesky_solve;

            /// Computes the inverse of a positive semidefinite matrix given its Cholesky factor.
            ///
            /// Args:
            ///     input (Tensor): the factor `L` (or `U`), `(*, n, n)`.
            ///     upper (bool): whether the factor is upper triangular. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: `(*, n, n)`.
            fn cholesky_inverse(input: Tensor; upper: bool = False)
                = crate::ops::linalg::cholesky_inverse;

            /// Computes the LU factorization of a matrix or batches of them (the packed factors
            /// and the pivots, as `torch.linalg.lu_factor`).
            ///
            /// Args:
            ///     input (Tensor): `(*, m, n)`.
            ///     pivot (bool): partial pivoting. Default: ``True``.
            ///
            /// Returns:
            ///     tuple[Tensor, Tensor]: `(LU, pivots)`, the pivots int32 data.
            fn lu(input: Tensor; pivot: bool = True) -> (Tensor, Tensor)
                = crate::ops::linalg::lu;

            /// Returns the LU solve of the linear system ``A x = b`` using the partially pivoted
            /// LU factorization of `A` from `lu`.
            ///
            /// Args:
            ///     input (Tensor): `b`, `(*, n, k)`.
            ///     LU_data (Tensor): the packed factors, `(*, n, n)`.
            ///     LU_pivots (Tensor): the int32 pivots.
            ///
            /// Returns:
            ///     Tensor: `x`, `(*, n, k)`.
            fn lu_solve(input: Tensor, LU_data: Tensor, LU_pivots: Index;)
                = crate::ops::linalg::lu_solve;

            /// Computes a QR decomposition in LAPACK's Householder form (torch has no derivative
            /// of it: a backward through it is an error, as torch's).
            ///
            /// Args:
            ///     input (Tensor): `(*, m, n)`.
            ///
            /// Returns:
            ///     GeqrfResult: `(a, tau)`.
            fn geqrf(input: Tensor;) -> GeqrfResult = crate::ops::linalg::geqrf;

            /// Computes the first `n` columns of a product of Householder matrices (the `Q` of
            /// `geqrf`).
            ///
            /// Args:
            ///     input (Tensor): `geqrf`'s `a`, `(*, m, n)`.
            ///     input2 (Tensor): `geqrf`'s `tau`, `(*, k)` (torch's schema's name).
            ///
            /// Returns:
            ///     Tensor: `(*, m, n)`.
            fn orgqr(input: Tensor, input2: Tensor;) = crate::ops::linalg::orgqr;

            /// Computes the matrix-matrix multiplication of a product of Householder matrices
            /// (`geqrf`'s `Q`) with a general matrix.
            ///
            /// Args:
            ///     input (Tensor): `geqrf`'s `a`.
            ///     input2 (Tensor): `geqrf`'s `tau`.
            ///     input3 (Tensor): the matrix `C`.
            ///     left (bool): `Q C` (else `C Q`). Default: ``True``.
            ///     transpose (bool): use `Qᵀ`. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: of `C`'s shape.
            fn ormqr(input: Tensor, input2: Tensor, input3: Tensor; left: bool = True,
                transpose: bool = False) = crate::ops::linalg::ormqr;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// `lu_unpack`'s function form (torch has no method of it).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! function_forms {
    ($gen:ident) => {
        $gen! {
            /// Unpacks the LU decomposition returned by `lu` into the `P, L, U` matrices.
            ///
            /// Args:
            ///     LU_data (Tensor): the packed factors, `(*, m, n)`.
            ///     LU_pivots (Tensor): the int32 pivots.
            ///     unpack_data (bool): compute `L` and `U`. Default: ``True``.
            ///     unpack_pivots (bool): compute `P`. Default: ``True``.
            ///
            /// Returns:
            ///     tuple[Tensor, Tensor, Tensor]: `(P, L, U)`; `P` carries no gradient.
            fn lu_unpack(LU_data: Tensor, LU_pivots: Index; unpack_data: bool = True,
                unpack_pivots: bool = True) -> (Tensor, Tensor, Tensor)
                = crate::ops::linalg::lu_unpack;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use function_forms;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads_libtorch, data};

    /// A well-conditioned `(2, 3, 3)` stack: random entries plus `3 I`.
    fn square() -> Tensor {
        data(&[2, 3, 3], 7) + Tensor::eye(3, (tch::Kind::Double, tch::Device::Cpu)) * 3.0
    }

    #[test]
    fn det_logdet_inverse_and_matrix_exp_gradients_are_torchs() {
        check_grads_libtorch(
            &[square()],
            |s, h| {
                let d = det(s, h[0])?;
                let l = logdet(s, h[0])?;
                let (_, la) = slogdet(s, h[0])?;
                let i = inverse(s, h[0])?;
                let e = matrix_exp(s, h[0])?;
                let sum = |s: &mut crate::ops::testing::Sess, x| {
                    crate::ops::compose::reshape(s, x, &[-1])
                };
                let parts = [sum(s, d)?, sum(s, l)?, sum(s, la)?, sum(s, i)?, sum(s, e)?];
                crate::ops::compose::cat(s, &parts, 0)
            },
            |t| {
                let a = &t[0];
                Tensor::cat(
                    &[
                        a.det().reshape([-1]),
                        a.logdet().reshape([-1]),
                        a.slogdet().1.reshape([-1]),
                        a.inverse().reshape([-1]),
                        a.matrix_exp().reshape([-1]),
                    ],
                    0,
                )
            },
        );
    }

    #[test]
    fn a_non_square_matrix_is_a_shape_error() {
        let mut s = crate::ops::testing::session();
        let a = s
            .input(&crate::ops::testing::dt(&data(&[2, 3], 1)), false)
            .unwrap();
        let len = s.tape_len();
        assert!(matches!(det(&mut s, a), Err(Error::Shape(_))));
        assert!(matches!(inverse(&mut s, a), Err(Error::Shape(_))));
        assert_eq!(s.tape_len(), len);
    }
}
