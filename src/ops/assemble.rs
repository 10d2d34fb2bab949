//! torch's constructions from several tensors, or from one 1-D tensor's elements, each an
//! [`Aten`] (LibTorch's kernel forward, its autograd backward: `aten.rs`): `block_diag`,
//! `cartesian_prod`, `combinations`, `meshgrid`, `vander`, and the trapezoid rule's
//! `trapezoid`/`cumulative_trapezoid`. `broadcast_tensors` and `atleast_1d/2d/3d` are the
//! tape's own views (every carrier).

use tch::Tensor;

use super::aten::Aten;
use super::compose::{self, Recorder};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::shape::normalize_dim;

/// The shapes of `xs`, each checked 1-D (`name`'s operands).
fn vectors<B: Backend>(r: &dyn Recorder<B>, name: &str, xs: &[Handle]) -> Result<Vec<i64>> {
    xs.iter()
        .map(|&h| match r.shape(h)?[..] {
            [n] => Ok(n),
            ref s => Err(Error::Shape(format!(
                "{name}: Expect a 1D vector, but got shape {s:?}"
            ))),
        })
        .collect()
}

/// `block_diag(*tensors)`: the tensors (0-d as `(1, 1)`, 1-D as one row) on the diagonal
/// of a matrix of zeros.
pub fn block_diag<B: Backend>(r: &mut dyn Recorder<B>, xs: Vec<Handle>) -> Result<Handle> {
    if xs.is_empty() {
        return Err(Error::Argument(
            "block_diag: give at least one tensor (torch's empty result has no session)".into(),
        ));
    }
    let (mut rows, mut cols) = (0, 0);
    for &h in &xs {
        let (a, b) = match r.shape(h)?[..] {
            [] => (1, 1),
            [n] => (1, n),
            [m, n] => (m, n),
            ref s => {
                return Err(Error::Shape(format!(
                    "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input \
                     has {} dimensions",
                    s.len()
                )))
            }
        };
        rows += a;
        cols += b;
    }
    Aten::new(
        "block_diag",
        xs.len(),
        move |_| Ok(vec![rows, cols]),
        |t| Ok(Tensor::f_block_diag(t)?),
    )
    .record(r, &xs)
}

/// `cartesian_prod(*tensors)`: every combination of one element of each 1-D tensor, one
/// per row (one tensor: itself).
pub fn cartesian_prod<B: Backend>(r: &mut dyn Recorder<B>, xs: Vec<Handle>) -> Result<Handle> {
    let ns = vectors(r, "cartesian_prod", &xs)?;
    if ns.is_empty() {
        return Err(Error::Argument(
            "cartesian_prod: give at least one tensor".into(),
        ));
    }
    let out = match ns[..] {
        [n] => vec![n],
        _ => vec![ns.iter().product(), ns.len() as i64],
    };
    Aten::new(
        "cartesian_prod",
        xs.len(),
        move |_| Ok(out.clone()),
        |t| Ok(Tensor::f_cartesian_prod(t)?),
    )
    .record(r, &xs)
}

/// The number of `k`-combinations of `n` elements (with repetition: of `n + k - 1`).
fn choose(n: i64, k: i64) -> i64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1i64, |c, i| c.saturating_mul(n - i) / (i + 1))
}

/// `combinations(input, r=2, with_replacement=False)`: every `r`-combination of a 1-D
/// tensor's elements, one per row, as Python's `itertools.combinations` orders them.
pub fn combinations<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    k: i64,
    with_replacement: bool,
) -> Result<Handle> {
    let n = vectors(r, "combinations", &[x])?[0];
    if k < 0 {
        return Err(Error::Argument(format!(
            "Expect a non-negative number, but got {k}"
        )));
    }
    let count = if with_replacement {
        choose(n + k - 1, k)
    } else {
        choose(n, k)
    };
    let out = if k == 0 { vec![0] } else { vec![count, k] };
    Aten::new(
        "combinations",
        1,
        move |_| Ok(out.clone()),
        move |t| Ok(t[0].f_combinations(k, with_replacement)?),
    )
    .record(r, &[x])
}

/// `meshgrid(*tensors, indexing)`: the coordinate grids of 1-D (or 0-d) tensors, one per
/// tensor, each of the grid's shape (`"ij"`: the tensors' sizes in order; `"xy"`: the
/// first two swapped).
pub fn meshgrid<B: Backend>(
    r: &mut dyn Recorder<B>,
    xs: Vec<Handle>,
    indexing: String,
) -> Result<Vec<Handle>> {
    if indexing != "ij" && indexing != "xy" {
        return Err(Error::Argument(format!(
            "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: {indexing}"
        )));
    }
    let mut shape = Vec::with_capacity(xs.len()); // bounded: one size per tensor
    for &h in &xs {
        match r.shape(h)?[..] {
            [] => shape.push(1),
            [n] => shape.push(n),
            ref s => {
                return Err(Error::Shape(format!(
                    "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: {s:?}"
                )))
            }
        }
    }
    if indexing == "xy" && shape.len() >= 2 {
        shape.swap(0, 1);
    }
    (0..xs.len())
        .map(|which| {
            let (shape, indexing) = (shape.clone(), indexing.clone());
            Aten::new(
                "meshgrid",
                xs.len(),
                move |_| Ok(shape.clone()),
                move |t| {
                    let mut grids = Tensor::f_meshgrid_indexing(t, &indexing)?;
                    Ok(grids.swap_remove(which))
                },
            )
            .record(r, &xs)
        })
        .collect()
}

/// `vander(x, N=None, increasing=False)`: the Vandermonde matrix of a 1-D `x`, its columns
/// the powers `x^(N-1), ..., x^0` (increasing: from `x^0`).
pub fn vander<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    n: Option<i64>,
    increasing: bool,
) -> Result<Handle> {
    let len = vectors(r, "vander", &[x])?[0];
    let cols = n.unwrap_or(len);
    if cols < 0 {
        return Err(Error::Argument(format!(
            "N must be non-negative, got {cols}"
        )));
    }
    Aten::new(
        "vander",
        1,
        move |_| Ok(vec![len, cols]),
        move |t| Ok(Tensor::f_vander(&t[0], n, increasing)?),
    )
    .record(r, &[x])
}

/// The shape of the trapezoid rule's result along `dim`: removed (`cumulative`: one
/// shorter).
fn trapezoid_shape(name: &str, y: &[i64], dim: i64, cumulative: bool) -> Result<Vec<i64>> {
    let d = normalize_dim(name, dim, y.len())?;
    let mut out = y.to_vec();
    if y.is_empty() {
        return Err(Error::Shape(format!(
            "{name}: expected a tensor of at least one dimension"
        )));
    }
    if cumulative {
        out[d] = (out[d] - 1).max(0);
    } else {
        out.remove(d);
    }
    Ok(out)
}

/// `trapezoid(y, x=None, *, dx=None, dim=-1)` (`cumulative`: `cumulative_trapezoid`): the
/// trapezoid rule's integral of `y` along `dim`, at the sample points `x` (a 1-D tensor
/// or of `y`'s shape) or spaced `dx` apart (default 1).
pub fn trapezoid<B: Backend>(
    r: &mut dyn Recorder<B>,
    y: Handle,
    x: Option<Handle>,
    dx: Option<f64>,
    dim: i64,
    cumulative: bool,
) -> Result<Handle> {
    let name = if cumulative {
        "cumulative_trapezoid"
    } else {
        "trapezoid"
    };
    if x.is_some() && dx.is_some() {
        return Err(Error::Argument(format!(
            "{name}: received both x and dx; give one of them"
        )));
    }
    let out = trapezoid_shape(name, &r.shape(y)?, dim, cumulative)?;
    let shape = move |_: &[&[i64]]| Ok(out.clone());
    let op = match x {
        Some(_) => Aten::new(name, 2, shape, move |t| {
            Ok(match cumulative {
                true => Tensor::f_cumulative_trapezoid_x(&t[0], &t[1], dim)?,
                false => Tensor::f_trapezoid_x(&t[0], &t[1], dim)?,
            })
        }),
        None => {
            let dx = dx.unwrap_or(1.0);
            Aten::new(name, 1, shape, move |t| {
                // (tch's `trapezoid(y, dim)` reaches aten's `trapezoid(y, dx)` overload: torch's
                // own formulas of a spacing, `Integration.cpp`'s, on LibTorch's ops)
                let y = &t[0];
                let n = y
                    .size()
                    .get(normalize_dim(name, dim, y.dim())?)
                    .copied()
                    .unwrap_or(1);
                Ok(match (cumulative, n) {
                    (false, 0) => y.f_sum_dim_intlist([dim].as_slice(), false, None)?,
                    (true, 0) => y.f_mul_scalar(dx)?,
                    (false, _) => {
                        let ends = y.f_select(dim, 0)?.f_add(&y.f_select(dim, -1)?)?;
                        let sum = y.f_sum_dim_intlist([dim].as_slice(), false, None)?;
                        sum.f_sub(&ends.f_mul_scalar(0.5)?)?.f_mul_scalar(dx)?
                    }
                    (true, _) => {
                        let pairs = y
                            .f_slice(dim, 1, None, 1)?
                            .f_add(&y.f_slice(dim, 0, -1, 1)?)?;
                        pairs.f_mul_scalar(dx / 2.0)?.f_cumsum(dim, None)?
                    }
                })
            })
        }
    };
    let operands: Vec<Handle> = std::iter::once(y).chain(x).collect();
    op.record(r, &operands)
}

/// `broadcast_tensors(*tensors)`: each tensor broadcast to their common shape (views).
pub fn broadcast_tensors<B: Backend>(
    r: &mut dyn Recorder<B>,
    xs: Vec<Handle>,
) -> Result<Vec<Handle>> {
    let mut shape: Vec<i64> = Vec::new();
    for &h in &xs {
        shape = crate::shape::broadcast_shapes("broadcast_tensors", &shape, &r.shape(h)?)?;
    }
    xs.into_iter()
        .map(|h| super::reshaping::broadcast_to(r, h, shape.clone()))
        .collect()
}

/// `atleast_{n}d(*tensors)`: each tensor with leading (or, for `atleast_3d` of a matrix,
/// trailing) dims of size 1 until it has `n`, as torch's (views).
pub fn atleast<B: Backend>(
    r: &mut dyn Recorder<B>,
    xs: Vec<Handle>,
    n: usize,
) -> Result<Vec<Handle>> {
    xs.into_iter()
        .map(|h| {
            let s = r.shape(h)?;
            let want: Vec<i64> = match (n, &s[..]) {
                (_, s) if s.len() >= n => return Ok(h),
                (3, [a, b]) => vec![*a, *b, 1],
                (3, [a]) => vec![1, *a, 1],
                (_, s) => std::iter::repeat_n(1, n - s.len())
                    .chain(s.iter().copied())
                    .collect(),
            };
            compose::reshape(r, h, &want)
        })
        .collect()
}

/// The declared forms, for the binding's generator `$gen` (`src/python/declared/args.rs`
/// says what each argument type means). torch takes the tensors of the variadic ones as
/// separate arguments: `eagertape.block_diag(*tensors)` packs them for these.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// `block_diag` of a sequence of tensors (`eagertape.block_diag(*tensors)`
            /// packs its arguments for it).
            ///
            /// Args:
            ///     tensors (sequence of Tensor): 0-, 1- or 2-D tensors.
            ///
            /// Returns:
            ///     Tensor: the block diagonal matrix.
            fn _block_diag(tensors: Tensors;) = crate::ops::assemble::block_diag;

            /// `cartesian_prod` of a sequence of 1-D tensors.
            ///
            /// Args:
            ///     tensors (sequence of Tensor): 1-D tensors.
            ///
            /// Returns:
            ///     Tensor: one combination per row.
            fn _cartesian_prod(tensors: Tensors;) = crate::ops::assemble::cartesian_prod;

            /// `meshgrid` of a sequence of 0- or 1-D tensors.
            ///
            /// Args:
            ///     tensors (sequence of Tensor): the coordinates.
            ///     indexing (str): ``"ij"`` or ``"xy"``.
            ///
            /// Returns:
            ///     tuple[Tensor, ...]: one grid per tensor.
            fn _meshgrid(tensors: Tensors, indexing: Str;) -> Tensors
                = crate::ops::assemble::meshgrid;

            /// `broadcast_tensors` of a sequence of tensors.
            ///
            /// Args:
            ///     tensors (sequence of Tensor): the tensors.
            ///
            /// Returns:
            ///     tuple[Tensor, ...]: each broadcast to their common shape.
            fn _broadcast_tensors(tensors: Tensors;) -> Tensors
                = crate::ops::assemble::broadcast_tensors;

            /// `atleast_1d` (`n` 1), `atleast_2d` or `atleast_3d` of a sequence of tensors.
            ///
            /// Args:
            ///     tensors (sequence of Tensor): the tensors.
            ///     n (int): the least number of dims.
            ///
            /// Returns:
            ///     tuple[Tensor, ...]: each with at least `n` dims.
            fn _atleast(tensors: Tensors, n: i64;) -> Tensors = crate::ops::assemble::atleast_nd;

            /// Computes combinations of length `r` of the given tensor, as Python's
            /// `itertools.combinations` (or `combinations_with_replacement`) orders them.
            ///
            /// Args:
            ///     input (Tensor): a 1-D tensor.
            ///     r (int): the number of elements to combine. Default: ``2``.
            ///     with_replacement (bool): allow an element more than once. Default:
            ///         ``False``.
            ///
            /// Returns:
            ///     Tensor: `(count, r)`, one combination per row.
            fn combinations(input: Tensor; r: i64 = 2, with_replacement: bool = False)
                = crate::ops::assemble::combinations;

            /// Generates a Vandermonde matrix: its columns are powers of the 1-D input `x`,
            /// from ``x**(N-1)`` down to ``x**0`` (or up, with `increasing`).
            ///
            /// Args:
            ///     x (Tensor): a 1-D tensor.
            ///     N (int, optional): the number of columns. Default: ``None`` (`x`'s length).
            ///     increasing (bool): the powers from 0 up. Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: `(len(x), N)`.
            fn vander(x: Tensor; N: Option<i64> = None, increasing: bool = False)
                = crate::ops::assemble::vander;

            /// Computes the trapezoidal rule along `dim`: at the sample points `x`, or spaced
            /// `dx` apart (default 1).
            ///
            /// Args:
            ///     y (Tensor): the values.
            ///     x (Tensor, optional): the sample points, 1-D or of `y`'s shape. Default:
            ///         ``None``.
            ///     dx (float, optional): the spacing, without `x`. Default: ``None``.
            ///     dim (int): the dimension to integrate along. Default: ``-1``.
            ///
            /// Returns:
            ///     Tensor: `y`'s shape without `dim`.
            fn trapezoid(y: Tensor; x: Option<Tensor> = None; dx: Option<f64> = None,
                dim: i64 = (-1)) = crate::ops::assemble::trapezoid_integral;

            /// Cumulatively computes the trapezoidal rule along `dim` (the integral up to each
            /// sample after the first).
            ///
            /// Args:
            ///     y (Tensor): the values.
            ///     x (Tensor, optional): the sample points. Default: ``None``.
            ///     dx (float, optional): the spacing, without `x`. Default: ``None``.
            ///     dim (int): the dimension to integrate along. Default: ``-1``.
            ///
            /// Returns:
            ///     Tensor: `y`'s shape, one shorter along `dim`.
            fn cumulative_trapezoid(y: Tensor; x: Option<Tensor> = None;
                dx: Option<f64> = None, dim: i64 = (-1))
                = crate::ops::assemble::cumulative_trapezoid;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// `trapezoid` (the declared form's core).
pub fn trapezoid_integral<B: Backend>(
    r: &mut dyn Recorder<B>,
    y: Handle,
    x: Option<Handle>,
    dx: Option<f64>,
    dim: i64,
) -> Result<Handle> {
    trapezoid(r, y, x, dx, dim, false)
}

/// `cumulative_trapezoid` (the declared form's core).
pub fn cumulative_trapezoid<B: Backend>(
    r: &mut dyn Recorder<B>,
    y: Handle,
    x: Option<Handle>,
    dx: Option<f64>,
    dim: i64,
) -> Result<Handle> {
    trapezoid(r, y, x, dx, dim, true)
}

/// `atleast` with the count as torch's int.
pub fn atleast_nd<B: Backend>(
    r: &mut dyn Recorder<B>,
    xs: Vec<Handle>,
    n: i64,
) -> Result<Vec<Handle>> {
    match n {
        1..=3 => atleast(r, xs, n as usize),
        _ => Err(Error::Argument(format!(
            "atleast: n must be 1, 2 or 3, got {n}"
        ))),
    }
}
