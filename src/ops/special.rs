//! torch's special and distance functions LibTorch computes whole (each an [`Aten`]: its
//! kernel forward, its autograd backward): `polygamma`, `mvlgamma`, the regularized
//! incomplete gammas `igamma`/`igammac`, `logcumsumexp`, `renorm`, `dist`, `cdist`, `cov`,
//! `corrcoef`, `angle`, and the ones torch has no derivative of (`heaviside`, `nextafter`,
//! `frexp`, `histc`: a backward through them is an error, as torch's).

use super::aten::{broadcast, same_shape, Aten};
use super::compose::Recorder;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::shape::normalize_dim;
#[cfg(test)]
use tch::Tensor;

/// `polygamma(n, input)`: the `n`-th derivative of the digamma function.
pub fn polygamma<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, n: i64) -> Result<Handle> {
    if n < 0 {
        return Err(Error::Argument(format!(
            "polygamma(n, x) does not support negative n, got {n}"
        )));
    }
    Aten::new(
        "polygamma",
        1,
        same_shape,
        move |t| Ok(t[0].f_polygamma(n)?),
    )
    .record(r, &[x])
}

/// `mvlgamma(input, p)`: the log of the multivariate gamma function of dimension `p`.
pub fn mvlgamma<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, p: i64) -> Result<Handle> {
    if p < 1 {
        return Err(Error::Argument(format!(
            "p has to be greater than or equal to 1, got {p}"
        )));
    }
    Aten::new("mvlgamma", 1, same_shape, move |t| Ok(t[0].f_mvlgamma(p)?)).record(r, &[x])
}

/// `igamma(input, other)`: the regularized lower incomplete gamma function `P(input,
/// other)` (torch has a derivative in `other` only).
pub fn igamma<B: Backend>(r: &mut dyn Recorder<B>, a: Handle, x: Handle) -> Result<Handle> {
    Aten::new("igamma", 2, broadcast("igamma"), |t| {
        Ok(t[0].f_igamma(&t[1])?)
    })
    .record(r, &[a, x])
}

/// `igammac(input, other)`: the regularized upper incomplete gamma function `Q(input,
/// other) = 1 - P(input, other)`.
pub fn igammac<B: Backend>(r: &mut dyn Recorder<B>, a: Handle, x: Handle) -> Result<Handle> {
    Aten::new("igammac", 2, broadcast("igammac"), |t| {
        Ok(t[0].f_igammac(&t[1])?)
    })
    .record(r, &[a, x])
}

/// `logcumsumexp(input, dim)`: `log(cumsum(exp(input), dim))`, computed stably.
pub fn logcumsumexp<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, dim: i64) -> Result<Handle> {
    normalize_dim("logcumsumexp", dim, r.shape(x)?.len())?;
    Aten::new("logcumsumexp", 1, same_shape, move |t| {
        Ok(t[0].f_logcumsumexp(dim)?)
    })
    .record(r, &[x])
}

/// `renorm(input, p, dim, maxnorm)`: each slice along `dim` whose `p`-norm exceeds `maxnorm`
/// scaled down to norm `maxnorm`.
pub fn renorm<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    p: f64,
    dim: i64,
    maxnorm: f64,
) -> Result<Handle> {
    normalize_dim("renorm", dim, r.shape(x)?.len())?;
    if p.is_nan() || p <= 0.0 || maxnorm < 0.0 {
        return Err(Error::Argument(format!(
            "renorm: expected p > 0 and maxnorm >= 0, got p={p} and maxnorm={maxnorm}"
        )));
    }
    Aten::new("renorm", 1, same_shape, move |t| {
        Ok(t[0].f_renorm(p, dim, maxnorm)?)
    })
    .record(r, &[x])
}

/// `dist(input, other, p=2)`: the `p`-norm of `input - other` (broadcast), a 0-d tensor.
pub fn dist<B: Backend>(r: &mut dyn Recorder<B>, a: Handle, b: Handle, p: f64) -> Result<Handle> {
    Aten::new(
        "dist",
        2,
        |s| crate::shape::broadcast_shapes("dist", s[0], s[1]).map(|_| Vec::new()),
        move |t| {
            let diff = t[0].f_sub(&t[1])?;
            let all: &[i64] = &[];
            Ok(diff.f_norm_scalaropt_dim(p, all, false)?)
        },
    )
    .record(r, &[a, b])
}

/// `cdist(x1, x2, p=2.0, compute_mode=...)`: the `p`-norm distance between each pair of the
/// rows of `x1` `(*, P, M)` and `x2` `(*, R, M)`: `(*, P, R)`. `mode`: torch's
/// `compute_mode` as LibTorch's code (`None`: the matrix product for Euclidean distances of
/// more than 25 rows, 1: always, 2: never), named as torch names it.
pub fn cdist<B: Backend>(
    r: &mut dyn Recorder<B>,
    x1: Handle,
    x2: Handle,
    p: f64,
    compute_mode: String,
) -> Result<Handle> {
    let mode = match compute_mode.as_str() {
        "use_mm_for_euclid_dist_if_necessary" => None,
        "use_mm_for_euclid_dist" => Some(1),
        "donot_use_mm_for_euclid_dist" => Some(2),
        other => {
            return Err(Error::Argument(format!(
                "{other} is not a valid value for compute_mode"
            )))
        }
    };
    if p < 0.0 {
        return Err(Error::Argument(format!(
            "cdist only supports non-negative p values, got {p}"
        )));
    }
    Aten::new(
        "cdist",
        2,
        |s| {
            let (a, b) = (s[0], s[1]);
            if a.len() < 2 || b.len() < 2 || a[a.len() - 1] != b[b.len() - 1] {
                return Err(Error::Shape(format!(
                    "cdist: X1 and X2 must have the same number of columns, got {a:?} and {b:?}"
                )));
            }
            let batch =
                crate::shape::broadcast_shapes("cdist", &a[..a.len() - 2], &b[..b.len() - 2])?;
            Ok([batch, vec![a[a.len() - 2], b[b.len() - 2]]].concat())
        },
        move |t| Ok(tch::Tensor::f_cdist(&t[0], &t[1], p, mode)?),
    )
    .record(r, &[x1, x2])
}

/// The shape of `cov`/`corrcoef` of `(N,)` or `(V, N)` observations: `()` or `(V, V)`.
fn covariance_shape(name: &str, s: &[i64]) -> Result<Vec<i64>> {
    match s {
        [] | [_] => Ok(Vec::new()),
        [v, _] => Ok(vec![*v, *v]),
        _ => Err(Error::Shape(format!(
            "{name}(): expected input to have two or fewer dimensions but got an input with {} \
             dimensions",
            s.len()
        ))),
    }
}

/// `cov(input, correction=1, fweights=None, aweights=None)`: the covariance of the rows of
/// `input` (variables) over its columns (observations), weighted by the optional integer
/// frequency and float observation weights.
pub fn cov<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    correction: i64,
    fweights: Option<Handle>,
    aweights: Option<Handle>,
) -> Result<Handle> {
    let mut operands = vec![x]; // bounded: the input and its two optional weights
    let fw = fweights.map(|f| {
        operands.push(f);
        operands.len() - 1
    });
    let aw = aweights.map(|a| {
        operands.push(a);
        operands.len() - 1
    });
    let data: &'static [usize] = if fw.is_some() { &[1] } else { &[] };
    Aten::new(
        "cov",
        operands.len(),
        |s| covariance_shape("cov", s[0]),
        move |t| Ok(t[0].f_cov(correction, fw.map(|i| &t[i]), aw.map(|i| &t[i]))?),
    )
    .with_data(data)
    .record(r, &operands)
}

/// `corrcoef(input)`: the Pearson correlation coefficients of the rows of `input`.
pub fn corrcoef<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    Aten::new(
        "corrcoef",
        1,
        |s| covariance_shape("corrcoef", s[0]),
        |t| Ok(t[0].f_corrcoef()?),
    )
    .record(r, &[x])
}

/// `angle(input)`: of a real number, `0` for one not negative, `π` for a negative one (NaN
/// kept); its gradient is zero.
pub fn angle<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<Handle> {
    Aten::new("angle", 1, same_shape, |t| Ok(t[0].f_angle()?)).record(r, &[x])
}

/// `heaviside(input, values)`: 0 where `input < 0`, `values` where `input == 0`, 1 where
/// `input > 0` (torch has no derivative of it).
pub fn heaviside<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, values: Handle) -> Result<Handle> {
    Aten::new("heaviside", 2, broadcast("heaviside"), |t| {
        Ok(t[0].f_heaviside(&t[1])?)
    })
    .record(r, &[x, values])
}

/// `nextafter(input, other)`: the next representable value after `input` towards `other`
/// (torch has no derivative of it).
pub fn nextafter<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, other: Handle) -> Result<Handle> {
    Aten::new("nextafter", 2, broadcast("nextafter"), |t| {
        Ok(t[0].f_nextafter(&t[1])?)
    })
    .record(r, &[x, other])
}

/// `frexp(input)`: `(mantissa, exponent)` with `input = mantissa · 2^exponent`, the
/// mantissa in `[0.5, 1)` in magnitude, the exponent int32 data (torch has no derivative).
pub fn frexp<B: Backend>(r: &mut dyn Recorder<B>, x: Handle) -> Result<(Handle, Handle)> {
    let part = |which: usize| {
        Aten::new("frexp", 1, same_shape, move |t| {
            let (m, e) = t[0].f_frexp()?;
            Ok(if which == 0 { m } else { e })
        })
    };
    let m = part(0).record(r, &[x])?;
    let e = part(1).record(r, &[x])?;
    Ok((m, e))
}

/// The range of a histogram of `t`'s values: `given`, else `t`'s own minimum and maximum
/// (two numbers read back; `(0, 0)` for an empty `t`), a point range widened by `widen` each
/// way, as torch's (`histc` by 1, `histogram` by half a unit).
pub(super) fn bin_range(
    t: &tch::Tensor,
    given: Option<(f64, f64)>,
    widen: f64,
) -> Result<[f64; 2]> {
    let (lo, hi) = match given {
        Some(range) => range,
        None if t.numel() == 0 => (0.0, 0.0),
        None => (
            t.f_min()?.f_double_value(&[])?,
            t.f_max()?.f_double_value(&[])?,
        ),
    };
    Ok(if lo == hi {
        [lo - widen, hi + widen]
    } else {
        [lo, hi]
    })
}

/// `histc(input, bins=100, min=0, max=0)`: the counts of `input`'s elements in `bins` equal
/// bins over `[min, max]` (its own range when both are 0), in `input`'s dtype.
pub fn histc<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    bins: i64,
    min: f64,
    max: f64,
) -> Result<Handle> {
    if bins <= 0 || min > max {
        return Err(Error::Argument(format!(
            "torch.histc: bins must be > 0 and max >= min, got bins={bins}, min={min}, max={max}"
        )));
    }
    Aten::new(
        "histc",
        1,
        move |_| Ok(vec![bins]),
        // (tch's `histc` takes no range: `histogram`'s counts are histc's, in the same
        // bins; both ends 0: the input's own range)
        move |t| {
            let given = (min != 0.0 || max != 0.0).then_some((min, max));
            let range = bin_range(&t[0], given, 1.0)?;
            let none: Option<&tch::Tensor> = None;
            Ok(t[0]
                .f_histogram_bin_ct(bins, range.as_slice(), none, false)?
                .0)
        },
    )
    .record(r, &[x])
}

/// The function and method forms of the special and distance functions, for the binding's
/// generator `$gen` (`src/python/declared/args.rs` says what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Computes the `n`-th derivative of the digamma function on `input` (torch's
            /// function form is ``polygamma(n, input)``).
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     n (int): the order of the derivative, at least 0.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            fn polygamma(input: Tensor, n: i64;) = crate::ops::special::polygamma,
                in_place polygamma_;

            /// Computes the multivariate log-gamma function with dimension `p` element-wise.
            ///
            /// Args:
            ///     input (Tensor): the input tensor, every element greater than ``(p - 1) / 2``.
            ///     p (int): the number of dimensions, at least 1.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            fn mvlgamma(input: Tensor, p: i64;) = crate::ops::special::mvlgamma,
                in_place mvlgamma_;

            /// Computes the regularized lower incomplete gamma function ``P(input, other)``.
            ///
            /// torch has a derivative in `other` only: a gradient asked of `input` is an error
            /// at backward, as torch's.
            ///
            /// Args:
            ///     input (Tensor): the non-negative shape parameter.
            ///     other (Tensor): the non-negative integration limit.
            ///
            /// Returns:
            ///     Tensor: the broadcast shape.
            fn igamma(input: Tensor, other: Tensor;) = crate::ops::special::igamma,
                in_place igamma_;

            /// Computes the regularized upper incomplete gamma function ``Q(input, other)``.
            ///
            /// Args:
            ///     input (Tensor): the non-negative shape parameter.
            ///     other (Tensor): the non-negative integration limit.
            ///
            /// Returns:
            ///     Tensor: the broadcast shape.
            fn igammac(input: Tensor, other: Tensor;) = crate::ops::special::igammac,
                in_place igammac_;

            /// Returns the logarithm of the cumulative summation of the exponentiation of
            /// elements of `input` in the dimension `dim`, computed stably.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     dim (int): the dimension to accumulate over.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(dtype="float64"):
            ///     ...     et.logcumsumexp(et.tensor([0.0, 0.0]), 0).tolist()
            ///     [0.0, 0.6931471805599453]
            fn logcumsumexp(input: Tensor, dim: i64;) = crate::ops::special::logcumsumexp;

            /// Returns a tensor where each sub-tensor of `input` along dimension `dim` is
            /// normalized such that its `p`-norm is lower than `maxnorm`.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     p (float): the norm's power, positive.
            ///     dim (int): the dimension whose slices are normalized.
            ///     maxnorm (float): the largest norm kept.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape.
            fn renorm(input: Tensor, p: f64, dim: i64, maxnorm: f64;)
                = crate::ops::special::renorm, in_place renorm_;

            /// Returns the `p`-norm of ``input - other``.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     other (Tensor): broadcast with `input`.
            ///     p (float): the norm to compute. Default: ``2``.
            ///
            /// Returns:
            ///     Tensor: 0-d.
            fn dist(input: Tensor, other: Tensor; p: f64 = 2) = crate::ops::special::dist;

            /// Estimates the covariance matrix of the variables given by the `input` matrix,
            /// where rows are the variables and columns are the observations.
            ///
            /// Args:
            ///     input (Tensor): `(V, N)` or `(N,)`.
            ///     correction (int): the difference between the observations' count and the
            ///         divisor (1: Bessel's correction). Default: ``1``.
            ///     fweights (Tensor, optional): `(N,)` integer frequency weights. Default:
            ///         ``None``.
            ///     aweights (Tensor, optional): `(N,)` observation weights. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: `(V, V)`, or 0-d for one variable.
            fn cov(input: Tensor;; correction: i64 = 1, fweights: Option<Index> = None,
                aweights: Option<Tensor> = None) = crate::ops::special::cov;

            /// Estimates the Pearson product-moment correlation coefficient matrix of the
            /// variables given by the `input` matrix (rows: variables, columns: observations).
            ///
            /// Args:
            ///     input (Tensor): `(V, N)` or `(N,)`.
            ///
            /// Returns:
            ///     Tensor: `(V, V)`, or 0-d for one variable.
            fn corrcoef(input: Tensor;) = crate::ops::special::corrcoef;

            /// Computes the element-wise angle (in radians) of the given `input` tensor: of a
            /// real tensor, 0 where ``input >= 0`` and pi where it is negative.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///
            /// Returns:
            ///     Tensor: of `input`'s shape (a zero gradient).
            fn angle(input: Tensor;) = crate::ops::special::angle;

            /// Computes the Heaviside step function for each element in `input`: 0 where it is
            /// negative, `values` where it is 0, 1 where it is positive.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     values (Tensor): the values where `input` is zero.
            ///
            /// Returns:
            ///     Tensor: the broadcast shape (torch has no derivative of it).
            fn heaviside(input: Tensor, values: Tensor;) = crate::ops::special::heaviside,
                in_place heaviside_;

            /// Return the next floating-point value after `input` towards `other`,
            /// elementwise.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     other (Tensor): the direction.
            ///
            /// Returns:
            ///     Tensor: the broadcast shape (torch has no derivative of it).
            fn nextafter(input: Tensor, other: Tensor;) = crate::ops::special::nextafter,
                in_place nextafter_;

            /// Decomposes `input` into mantissa and exponent tensors such that
            /// ``input = mantissa * 2**exponent``.
            ///
            /// Args:
            ///     input (Tensor): a floating-point tensor.
            ///
            /// Returns:
            ///     FrexpResult: `(mantissa, exponent)`, the exponent int32 data.
            fn frexp(input: Tensor;) -> FrexpResult = crate::ops::special::frexp;

            /// Computes the histogram of a tensor: `bins` equal-width bins between `min` and
            /// `max` (the input's own minimum and maximum when both are 0); elements outside
            /// are ignored.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     bins (int): the number of bins. Default: ``100``.
            ///     min (float): the lower end of the range. Default: ``0``.
            ///     max (float): the upper end of the range. Default: ``0``.
            ///
            /// Returns:
            ///     Tensor: `(bins,)` counts in `input`'s dtype.
            fn histc(input: Tensor; bins: i64 = 100, min: f64 = 0, max: f64 = 0)
                = crate::ops::special::histc;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// `cdist`'s function form (torch has no method of it).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! function_forms {
    ($gen:ident) => {
        $gen! {
            /// Computes batched the p-norm distance between each pair of the two collections of
            /// row vectors.
            ///
            /// Args:
            ///     x1 (Tensor): `(*, P, M)`.
            ///     x2 (Tensor): `(*, R, M)`.
            ///     p (float): the norm's power, at least 0. Default: ``2.0``.
            ///     compute_mode (str): ``"use_mm_for_euclid_dist_if_necessary"`` (a matrix product
            ///         for Euclidean distances of more than 25 rows), ``"use_mm_for_euclid_dist"``
            ///         or ``"donot_use_mm_for_euclid_dist"``. Default:
            ///         ``"use_mm_for_euclid_dist_if_necessary"``.
            ///
            /// Returns:
            ///     Tensor: `(*, P, R)`.
            fn cdist(x1: Tensor, x2: Tensor; p: f64 = 2.0,
                compute_mode: Str = "use_mm_for_euclid_dist_if_necessary")
                = crate::ops::special::cdist;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use function_forms;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads_libtorch, data};

    #[test]
    fn logcumsumexp_cdist_and_igamma_gradients_are_torchs() {
        check_grads_libtorch(
            &[data(&[3, 4], 3), data(&[5, 4], 4)],
            |s, h| {
                let a = logcumsumexp(s, h[0], 1)?;
                let d = cdist(s, h[0], h[1], 2.0, "donot_use_mm_for_euclid_dist".into())?;
                let a = crate::ops::compose::reshape(s, a, &[-1])?;
                let d = crate::ops::compose::reshape(s, d, &[-1])?;
                crate::ops::compose::cat(s, &[a, d], 0)
            },
            |t| {
                let a = t[0].logcumsumexp(1).reshape([-1]);
                let d = Tensor::cdist(&t[0], &t[1], 2.0, Some(2)).reshape([-1]);
                Tensor::cat(&[a, d], 0)
            },
        );
    }

    #[test]
    fn a_bad_compute_mode_or_dim_is_refused_before_recording() {
        let mut s = crate::ops::testing::session();
        let a = s
            .input(&crate::ops::testing::dt(&data(&[2, 3], 1)), false)
            .unwrap();
        let len = s.tape_len();
        assert!(matches!(
            cdist(&mut s, a, a, 2.0, "fast".into()),
            Err(Error::Argument(_))
        ));
        assert!(matches!(
            logcumsumexp(&mut s, a, 2),
            Err(Error::DimOutOfRange { .. })
        ));
        assert_eq!(s.tape_len(), len);
    }
}
