//! Reductions beyond `sum`/`mean`/`amax`: `prod`, `var`, `std`, `logsumexp`, `norm` (one
//! rule, [`Statistic`]), `cumsum` ([`Cumsum`]) and `argmax`/`argmin` ([`ArgExtremum`], int64
//! data with no gradient). Each forward and backward is written with the backend's
//! primitives (sums, products, pointwise kernels), so every backend runs them; each
//! backward follows torch's formula, including its special cases (a zero norm or standard
//! deviation passes no gradient, ties of an infinity norm share it evenly, zeros of a
//! product).

use super::pointwise::{complement, eq_number, EqMask};
use super::scalar::{ClampMaxScalar, ClampMinScalar};
use super::unary::{Abs, Log, Sign};
use super::{fresh, grad_value, viewed, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::{Error, Result};
use crate::ops::Arith;
use crate::shape::{normalize_dim, reduce_shape, reduced_count};

/// What a [`Statistic`] computes over its dims.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StatKind {
    Prod,
    /// `var(correction)`: the sum of squared deviations over `max(0, N − correction)`.
    Var(f64),
    /// `std(correction)`: the square root of `var`.
    Std(f64),
    LogSumExp,
    /// `norm(p)`: `p` any number, `±inf` included (`"fro"` is 2).
    Norm(f64),
}

/// A reduction over `dims` (all of them when empty).
#[derive(Clone)]
pub struct Statistic {
    pub kind: StatKind,
    pub dims: Box<[i64]>,
    pub keepdim: bool,
}

impl<B: Backend> Op<B> {
    pub fn statistic(kind: StatKind, dims: &[i64], keepdim: bool) -> Self {
        Op::Statistic(Box::new(Statistic {
            kind,
            dims: dims.into(),
            keepdim,
        }))
    }
}

/// `num / den` where `den != 0`, else 0 (torch's `masked_fill_(den == 0, 0)`), without a
/// NaN from `0 / 0` or `x / 0`.
fn div_or_zero<B: Backend>(num: &B::T, den: &B::T) -> Result<B::T> {
    let zero = eq_number::<B>(den, 0.0)?;
    let safe = B::add(den, &zero)?;
    let keep = complement::<B>(&zero)?;
    B::mul(&B::div(num, &safe)?, &keep)
}

impl Statistic {
    fn op_name(&self) -> &'static str {
        match self.kind {
            StatKind::Prod => "prod",
            StatKind::Var(_) => "var",
            StatKind::Std(_) => "std",
            StatKind::LogSumExp => "logsumexp",
            StatKind::Norm(_) => "norm",
        }
    }

    /// The divisor of `var`: `max(0, N − correction)`.
    fn divisor(&self, s: &[i64], correction: f64) -> Result<f64> {
        Ok((reduced_count(s, &self.dims)? as f64 - correction).max(0.0))
    }

    /// `x − mean(x)` over the dims (broadcast back to `x`'s shape); the mean is the sum
    /// divided by the count, as torch's `mean`.
    fn deviations<B: Backend>(&self, x: &B::T) -> Result<B::T> {
        let s = B::shape(x);
        let n = reduced_count(&s, &self.dims)? as f64;
        let mean = B::div_scalar(&B::sum_dims(x, &self.dims, true)?, n)?;
        B::sub(x, &mean)
    }

    fn forward_t<B: Backend>(&self, x: &B::T) -> Result<B::T> {
        let (dims, keepdim) = (&self.dims[..], self.keepdim);
        let s = B::shape(x);
        match self.kind {
            StatKind::Prod => B::prod_dims(x, dims, keepdim),
            StatKind::Var(c) | StatKind::Std(c) => {
                let std = matches!(self.kind, StatKind::Std(_));
                // LibTorch: torch's Welford kernel, the same bits
                if let Some(v) = B::var_dims(x, dims, c, keepdim, std)? {
                    return Ok(v);
                }
                let d = self.deviations::<B>(x)?;
                let ss = B::sum_dims(&B::mul(&d, &d)?, dims, keepdim)?;
                let var = B::div_scalar(&ss, self.divisor(&s, c)?)?;
                match self.kind {
                    StatKind::Std(_) => B::sqrt(&var),
                    _ => Ok(var),
                }
            }
            StatKind::LogSumExp => {
                if reduced_count(&s, dims)? == 0 {
                    // log of an empty sum: −inf, as torch
                    let shape = reduce_shape("logsumexp", &s, dims, keepdim)?;
                    return B::full(&shape, f64::NEG_INFINITY, B::dtype(x), B::device(x));
                }
                // The maximum, made finite (torch uses 0 where it is ±inf; clamping to the
                // largest finite numbers gives the same ±inf results).
                let m = B::extremum_dims(x, dims, true, true)?;
                let top = B::dtype(x).largest_finite();
                let m = B::scalar::<ClampMaxScalar>(&m, top)?;
                let m = B::scalar::<ClampMinScalar>(&m, -top)?;
                let e = B::exp(&B::sub(x, &m)?)?;
                let lse = B::add(&B::unary::<Log>(&B::sum_dims(&e, dims, true)?)?, &m)?;
                if keepdim {
                    Ok(lse)
                } else {
                    B::view(&lse, &reduce_shape("logsumexp", &s, dims, false)?)
                }
            }
            StatKind::Norm(p) => {
                let a = B::unary::<Abs>(x)?;
                if p == 2.0 {
                    B::sqrt(&B::sum_dims(&B::mul(x, x)?, dims, keepdim)?)
                } else if p == 1.0 {
                    B::sum_dims(&a, dims, keepdim)
                } else if p.is_infinite() {
                    B::extremum_dims(&a, dims, keepdim, p > 0.0)
                } else if p == 0.0 {
                    let nonzero = complement::<B>(&eq_number::<B>(x, 0.0)?)?;
                    B::sum_dims(&nonzero, dims, keepdim)
                } else {
                    let sum = B::sum_dims(&B::pow_scalar(&a, p)?, dims, keepdim)?;
                    B::pow_scalar(&sum, 1.0 / p)
                }
            }
        }
    }

    fn backward_t<B: Backend>(&self, x: &B::T, out: &B::T, g: &B::T) -> Result<B::T> {
        let s = B::shape(x);
        let shape = reduce_shape(self.op_name(), &s, &self.dims, true)?;
        let (g, out) = (viewed::<B>(g, &shape)?, viewed::<B>(out, &shape)?);
        match self.kind {
            StatKind::Prod => {
                // Zeros: none → g·prod/x; one → g·(product of the others) at the zero,
                // 0 elsewhere; two or more → 0 (torch's prod_backward).
                let zero = eq_number::<B>(x, 0.0)?;
                let count = B::sum_dims(&zero, &self.dims, true)?;
                let nonzero_x = B::add(x, &zero)?;
                let others = B::prod_dims(&nonzero_x, &self.dims, true)?;
                let none = eq_number::<B>(&count, 0.0)?;
                let one = eq_number::<B>(&count, 1.0)?;
                let no_zero = B::mul(&none, &B::div(&others, &nonzero_x)?)?;
                let one_zero = B::mul(&B::mul(&one, &zero)?, &others)?;
                B::mul(&g, &B::add(&no_zero, &one_zero)?)
            }
            StatKind::Var(c) => {
                let d = self.deviations::<B>(x)?;
                let scale = B::mul_scalar(&g, 2.0 / self.divisor(&s, c)?)?;
                B::mul(&scale, &d)
            }
            StatKind::Std(c) => {
                // d std = d var / (2 std); none where std = 0.
                let d = self.deviations::<B>(x)?;
                let half = div_or_zero::<B>(&g, &B::mul_scalar(&out, 2.0)?)?;
                let scale = B::mul_scalar(&half, 2.0 / self.divisor(&s, c)?)?;
                B::mul(&scale, &d)
            }
            StatKind::LogSumExp => B::mul(&g, &B::exp(&B::sub(x, &out)?)?),
            StatKind::Norm(p) => {
                let sign = B::unary::<Sign>(x)?;
                if p == 0.0 {
                    return B::mul_scalar(&B::mul(x, &g)?, 0.0);
                }
                if p == 1.0 {
                    return B::mul(&sign, &g);
                }
                let a = B::unary::<Abs>(x)?;
                if p.is_infinite() {
                    // Ties share the cotangent evenly.
                    let at = B::binary::<EqMask>(&a, &out)?;
                    let count = B::sum_dims(&at, &self.dims, true)?;
                    return B::mul(&B::mul(&sign, &at)?, &B::div(&g, &count)?);
                }
                if p == 2.0 {
                    return B::mul(x, &div_or_zero::<B>(&g, &out)?);
                }
                if p < 1.0 {
                    // sgn(x) |x|^(p−1) (0 at x = 0) · g · norm^(1−p)
                    let at_zero = eq_number::<B>(x, 0.0)?;
                    let keep = complement::<B>(&at_zero)?;
                    let powed = B::pow_scalar(&B::add(&a, &at_zero)?, p - 1.0)?;
                    let scaled = B::mul(&B::mul(&sign, &powed)?, &keep)?;
                    return B::mul(&scaled, &B::mul(&g, &B::pow_scalar(&out, 1.0 - p)?)?);
                }
                // sgn(x) |x|^(p−1) · g / norm^(p−1), none where the norm is 0
                let scaled = B::mul(&sign, &B::pow_scalar(&a, p - 1.0)?)?;
                B::mul(
                    &scaled,
                    &div_or_zero::<B>(&g, &B::pow_scalar(&out, p - 1.0)?)?,
                )
            }
        }
    }
}

impl<B: Backend> Rule<B> for Statistic {
    fn name(&self) -> &'static str {
        self.op_name()
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        if let StatKind::Norm(p) = self.kind {
            if p.is_infinite() && reduced_count(shapes[0], &self.dims)? == 0 {
                return Err(Error::Shape(format!(
                    "norm: the {p} norm of an empty group of shape {:?} has no identity",
                    shapes[0]
                )));
            }
        }
        reduce_shape(self.op_name(), shapes[0], &self.dims, self.keepdim)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        fresh(self.forward_t::<B>(xs[0].get())?)
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let t = self.backward_t::<B>(cx.xs[0].get(), cx.out.get(), cx.g.get())?;
        Ok(vec![Some(grad_value(t))])
    }
}

/// `norm(p="nuc", dim)`: the sum of the singular values over two dims (LibTorch only).
#[derive(Clone)]
pub struct NuclearNorm {
    pub dims: [i64; 2],
    pub keepdim: bool,
}

impl NuclearNorm {
    /// The two dims, non-negative, for an input of `ndim` dims.
    fn resolved(&self, ndim: usize) -> Result<[i64; 2]> {
        let a = normalize_dim("norm", self.dims[0], ndim)?;
        let b = normalize_dim("norm", self.dims[1], ndim)?;
        if a == b || ndim < 2 {
            return Err(Error::Shape(format!(
                "norm(p=\"nuc\"): needs two different dims of a tensor with at least 2, got {:?} of {ndim}",
                self.dims
            )));
        }
        Ok([a as i64, b as i64])
    }
}

impl<B: Backend> Rule<B> for NuclearNorm {
    fn name(&self) -> &'static str {
        "norm"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let dims = self.resolved(shapes[0].len())?;
        reduce_shape("norm", shapes[0], &dims, self.keepdim)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let x = xs[0].get();
        let dims = self.resolved(B::shape(x).len())?;
        fresh(B::nuclear_norm(x, dims, self.keepdim)?)
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let x = cx.xs[0].get();
        let dims = self.resolved(B::shape(x).len())?;
        let t = B::nuclear_norm_backward(x, cx.g.get(), dims, self.keepdim)?;
        Ok(vec![Some(grad_value(t))])
    }
}

/// `cumsum(dim)`: running sums; the cotangent's running sums from the end.
#[derive(Clone)]
pub struct Cumsum(pub i64);

impl<B: Backend> Rule<B> for Cumsum {
    fn name(&self) -> &'static str {
        "cumsum"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        normalize_dim("cumsum", self.0, shapes[0].len())?;
        Ok(shapes[0].to_vec())
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        fresh(B::cumsum(xs[0].get(), self.0, false)?)
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        Ok(vec![Some(grad_value(B::cumsum(cx.g.get(), self.0, true)?))])
    }
}

/// `argmax`/`argmin(dim=None, keepdim)`: int64 indices of the first maximum (minimum; NaN
/// counts as both), over the flattened tensor when `dim` is `None`. Data: no gradient.
/// With `top_k` below [`NOT_TOP`], torch's `topk(top_k, dim, largest=max, sorted)` indices
/// instead (the values are a `gather` of them, which carries the gradient).
#[derive(Clone)]
pub struct ArgExtremum {
    pub dim: Option<i64>,
    pub keepdim: bool,
    pub max: bool,
    pub sorted: bool,
    /// `k` of `topk` (an op's unit stays small: no `Option<(i64, bool)>` here).
    pub top_k: u32,
}

/// `ArgExtremum::top_k` of `argmax`/`argmin`.
pub const NOT_TOP: u32 = u32::MAX;

impl<B: Backend> Op<B> {
    pub fn arg_extremum(dim: Option<i64>, keepdim: bool, max: bool) -> Self {
        Op::ArgExtremum(ArgExtremum {
            dim,
            keepdim,
            max,
            sorted: false,
            top_k: NOT_TOP,
        })
    }
    /// `topk(k, dim, largest, sorted)`'s indices (a `k` that is negative or does not fit
    /// is refused by the shape rule).
    pub fn topk_indices(k: i64, dim: i64, largest: bool, sorted: bool) -> Self {
        Op::ArgExtremum(ArgExtremum {
            dim: Some(dim),
            keepdim: true,
            max: largest,
            sorted,
            top_k: u32::try_from(k).unwrap_or(NOT_TOP - 1).min(NOT_TOP - 1),
        })
    }
}

impl ArgExtremum {
    /// `(k, sorted)` for `topk`.
    fn top(&self) -> Option<(i64, bool)> {
        (self.top_k != NOT_TOP).then_some((i64::from(self.top_k), self.sorted))
    }
}

impl<B: Backend> Rule<B> for ArgExtremum {
    fn name(&self) -> &'static str {
        match (self.top(), self.max) {
            (Some(_), _) => "topk",
            (None, true) => "argmax",
            (None, false) => "argmin",
        }
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let s = shapes[0];
        let name = <Self as Rule<B>>::name(self);
        if let (Some((k, _)), Some(dim)) = (self.top(), self.dim) {
            let d = crate::shape::normalize_dim(name, dim, s.len().max(1))?;
            let size = s.get(d).copied().unwrap_or(1);
            if k < 0 || k > size {
                return Err(Error::Argument(format!(
                    "topk: k ({k}) must be between 0 and the size of dimension {dim} ({size})"
                )));
            }
            let mut out = s.to_vec();
            if let Some(o) = out.get_mut(d) {
                *o = k;
            }
            return Ok(out);
        }
        let dims: Vec<i64> = self.dim.into_iter().collect();
        if reduced_count(s, &dims)? == 0 {
            return Err(Error::Shape(format!(
                "{name}: cannot reduce an empty group of shape {s:?} (no index to return)"
            )));
        }
        match self.dim {
            None if self.keepdim => Ok(vec![1; s.len()]), // bounded: the tensor's rank
            None => Ok(Vec::new()),
            Some(_) => reduce_shape(name, s, &dims, self.keepdim),
        }
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let x = xs[0].get();
        if let (Some((k, sorted)), Some(dim)) = (self.top(), self.dim) {
            return fresh(B::topk_indices(x, k, dim, self.max, sorted)?);
        }
        let s = B::shape(x);
        let signed = if self.max { B::copy(x)? } else { B::neg(x)? };
        let (t, dim) = match self.dim {
            None => (B::view(&signed, &[s.iter().product::<i64>()])?, 0),
            Some(d) => (signed, d),
        };
        let (_, idx) = B::max_dim(&t, dim, self.dim.is_some() && self.keepdim)?;
        fresh(match self.dim {
            // bounded: the tensor's rank
            None if self.keepdim => B::view(&idx, &vec![1; s.len()])?,
            _ => idx,
        })
    }
    fn backward(&self, _cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        Ok(vec![None])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads, data};
    use tch::{Kind, Tensor};

    fn stat(
        kind: StatKind,
        dims: &[i64],
        keepdim: bool,
    ) -> impl Fn(
        &mut crate::ops::testing::Sess,
        &[crate::handles::Handle],
    ) -> Result<crate::handles::Handle> {
        let dims = dims.to_vec();
        move |s, h| s.record(Op::statistic(kind, &dims, keepdim), &[h[0]])
    }

    #[test]
    fn var_and_std_gradients_with_corrections() {
        // d var = 2 (x − mean) / (N − c) g; d std = d var / (2 std)
        check_grads(
            &[data(&[3, 4], 401)],
            stat(StatKind::Var(1.0), &[1], false),
            |t| t[0].var_correction(&[1i64][..], 1, false),
        );
        check_grads(
            &[data(&[3, 4], 402)],
            stat(StatKind::Std(0.0), &[0, 1], true),
            |t| t[0].std_correction(&[0i64, 1][..], 0, true),
        );
    }

    #[test]
    fn logsumexp_gradient() {
        // d logsumexp = softmax(x) g
        check_grads(
            &[data(&[3, 4], 403)],
            stat(StatKind::LogSumExp, &[-1], false),
            |t| t[0].logsumexp(&[-1i64][..], false),
        );
    }

    #[test]
    fn norm_gradients_for_p_2_1_inf_and_3() {
        // d ‖x‖₂ = x / ‖x‖ g; d ‖x‖₁ = sgn(x) g; ‖x‖_∞ to the largest |x|; ‖x‖₃
        for (p, seed) in [(2.0, 404), (1.0, 405), (f64::INFINITY, 406), (3.0, 407)] {
            check_grads(
                &[data(&[3, 4], seed)],
                stat(StatKind::Norm(p), &[1], false),
                |t| t[0].norm_scalaropt_dim(p, &[1i64][..], false),
            );
        }
    }

    #[test]
    fn prod_gradient_with_one_zero_and_with_none() {
        // d prod = prod / x g (no zero); the product of the others at a single zero
        let with_zero = Tensor::from_slice(&[0.5, 0.0, -1.5, 2.0, 1.25, -0.75]).reshape([2, 3]);
        check_grads(&[with_zero], stat(StatKind::Prod, &[1], false), |t| {
            t[0].prod_dim_int(1, false, Kind::Double)
        });
        check_grads(
            &[data(&[3, 4], 408)],
            stat(StatKind::Prod, &[], false),
            |t| t[0].prod(Kind::Double),
        );
    }

    #[test]
    fn nuclear_norm_gradient_is_u_vt_on_libtorch_and_refused_elsewhere() {
        // d ‖X‖_* = U Vᵀ g, over dims (0, 2) of a batch of matrices
        crate::ops::testing::check_grads_libtorch(
            &[data(&[3, 2, 4], 410)],
            |s, h| {
                s.record(
                    Op::NuclearNorm(NuclearNorm {
                        dims: [0, 2],
                        keepdim: true,
                    }),
                    &[h[0]],
                )
            },
            |t| t[0].nuclear_norm_dim(&[0i64, 2][..], true),
        );
        let mut s = crate::ops::testing::session_on("reference");
        let x = s
            .input(&crate::ops::testing::dt(&data(&[2, 3], 411)), false)
            .unwrap();
        let op = Op::NuclearNorm(NuclearNorm {
            dims: [0, 1],
            keepdim: false,
        });
        assert!(matches!(s.record(op, &[x]), Err(Error::Unsupported { .. })));
    }

    #[test]
    fn cumsum_gradient_is_the_reversed_running_sum() {
        check_grads(
            &[data(&[3, 4], 409)],
            |s, h| s.record(Op::Cumsum(Cumsum(1)), &[h[0]]),
            |t| t[0].cumsum(1, Kind::Double),
        );
    }
}
