//! `clamp`: with number bounds ([`clamp`]: `clamp_min` then `clamp_max`, one call) and with
//! tensor bounds ([`ClampTensor`], one rule: `min(max(x, min), max)` forward and torch's
//! `clamp_backward_min_max`). `hardtanh` ([`hardtanh`]) has clamp's values, but its
//! gradient stops at the bounds themselves (torch's `hardtanh_backward`).

use super::binary::{Maximum, Minimum};
use super::compose::{Recorder, TensorOrNumber};
use super::pointwise::GtMask;
use super::scalar::ScalarOp;
use super::{fresh, grad_value, reduce_to, Arith, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::shape::broadcast_shapes;

/// `clamp(x, min, max)` with number bounds (either may be absent, not both): `clamp_min`
/// then `clamp_max`, as torch (a `min` above `max` gives `max` everywhere). The caller runs
/// it all or nothing (`Session::clamp`).
pub fn clamp<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    min: Option<f64>,
    max: Option<f64>,
) -> Result<Handle> {
    match (min, max) {
        (None, None) => Err(Error::Argument(
            "clamp: at least one of min and max must not be None".into(),
        )),
        (Some(lo), None) => r.record(ScalarOp::ClampMin.op(lo), &[x]),
        (None, Some(hi)) => r.record(ScalarOp::ClampMax.op(hi), &[x]),
        (Some(lo), Some(hi)) => {
            let low = r.record(ScalarOp::ClampMin.op(lo), &[x])?;
            r.record(ScalarOp::ClampMax.op(hi), &[low])
        }
    }
}

/// `hardtanh(x, min_val, max_val)`: `clamp`'s values; the cotangent passes strictly inside
/// the bounds only (0 at `x == min_val` or `x == max_val`, where `clamp` passes it), as torch.
pub fn hardtanh<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    min_val: f64,
    max_val: f64,
) -> Result<Handle> {
    r.record(
        super::activation::PairOp::Hardtanh.op(min_val, max_val),
        &[x],
    )
}

/// `clamp(x, min, max)` with tensor bounds (either may be absent): operands `x`, then `min`
/// if `has_min`, then `max` if `has_max`, broadcast together; `min(max(x, min), max)`.
#[derive(Clone)]
pub struct ClampTensor {
    pub has_min: bool,
    pub has_max: bool,
}

impl<B: Backend> Op<B> {
    pub fn clamp_tensor(has_min: bool, has_max: bool) -> Self {
        Op::ClampTensor(ClampTensor { has_min, has_max })
    }
}

/// torch's `clamp(input, min=None, max=None)`: number bounds as [`clamp`]; a tensor bound
/// makes it one [`ClampTensor`] op (broadcast; torch's gradient for each operand), a number
/// beside it a constant of `input`'s dtype.
pub fn clamp_bounds<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    min: Option<TensorOrNumber>,
    max: Option<TensorOrNumber>,
) -> Result<Handle> {
    let number = |b: Option<TensorOrNumber>| match b {
        Some(TensorOrNumber::Number(v)) => Ok(Some(v)),
        Some(TensorOrNumber::Tensor(_)) => Err(()),
        None => Ok(None),
    };
    if let (Ok(lo), Ok(hi)) = (number(min), number(max)) {
        return clamp(r, x, lo, hi);
    }
    let mut parents = vec![x];
    for bound in [min, max].into_iter().flatten() {
        parents.push(match bound {
            TensorOrNumber::Tensor(h) => h,
            TensorOrNumber::Number(v) => r.constant(x, &[v], &[], None)?,
        });
    }
    r.record(Op::clamp_tensor(min.is_some(), max.is_some()), &parents)
}

/// `clamp`'s function, method and in-place forms, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Clamps all elements in `input` into the range [`min`, `max`].
            ///
            /// Each bound is a number or a tensor (broadcast against `input`; array-like data is a
            /// constant in the session's dtype, a number beside a tensor bound one of `input`'s);
            /// with both, `max` wins where `min > max`, as in torch. With tensor bounds the
            /// gradient follows torch's rule for each operand: `input` gets it where it lies inside
            /// its bounds, each bound where it is the one chosen. Floating-point input only.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     min (float or Tensor, optional): the lower bound. Default: ``None`` (no lower
            ///         bound).
            ///     max (float or Tensor, optional): the upper bound. Default: ``None`` (no upper
            ///         bound).
            ///
            /// Returns:
            ///     Tensor: the clamped tensor.
            ///
            /// Raises:
            ///     ArgumentError: if both `min` and `max` are ``None``.
            ///     DTypeError: if `input` holds integer or bool data.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([-2.0, 0.5, 3.0])
            ///     ...     et.clamp(x, min=-1.0, max=1.0).tolist()
            ///     [-1.0, 0.5, 1.0]
            fn clamp(input: Tensor; min: Option<TensorOrNumber> = None,
                max: Option<TensorOrNumber> = None)
                = crate::ops::clamp::clamp_bounds, in_place clamp_;

            /// Alias for `clamp`: every element of `input` clamped into `[min, max]`.
            ///
            /// Args:
            ///     input (Tensor): the input tensor.
            ///     min (Number or Tensor, optional): the lower bound. Default: ``None``.
            ///     max (Number or Tensor, optional): the upper bound. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: the clamped tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.clip(et.tensor([-2.0, 0.5]), -1.0, 1.0).tolist()
            ///     [-1.0, 0.5]
            fn clip(input: Tensor; min: Option<TensorOrNumber> = None,
                max: Option<TensorOrNumber> = None)
                = crate::ops::clamp::clamp_bounds, in_place clip_;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// 1 where `a >= b`, else 0 (NaN on either side: 0).
fn at_least<B: Backend>(a: &B::T, b: &B::T) -> Result<B::T> {
    B::add(
        &B::binary::<GtMask>(a, b)?,
        &B::binary::<super::pointwise::EqMask>(a, b)?,
    )
}

/// The bounds in `x`'s dtype (integer data converted; float bounds as they are).
fn promoted<B: Backend>(x: &B::T, bounds: &[&Value<B>]) -> Result<Vec<B::T>> {
    bounds
        .iter()
        .map(|b| {
            let t = b.get();
            if B::dtype(t).is_data() {
                B::convert(t, B::dtype(x), B::device(x))
            } else {
                B::copy(t)
            }
        })
        .collect()
}

impl<B: Backend> Rule<B> for ClampTensor {
    fn name(&self) -> &'static str {
        "clamp"
    }
    fn promotes(&self) -> bool {
        true
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1 + usize::from(self.has_min) + usize::from(self.has_max))
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    /// Integer bounds (data) are promoted to the input's dtype, as torch promotes them.
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let mut out = shapes[0].to_vec();
        for s in &shapes[1..] {
            out = broadcast_shapes("clamp", &out, s)?;
        }
        Ok(out)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let x = xs[0].get();
        if B::dtype(x).is_data() {
            return Err(crate::error::Error::DType(format!(
                "clamp takes a floating-point input, not {} data",
                B::dtype(x)
            )));
        }
        let bounds = promoted::<B>(x, &xs[1..])?;
        let mut y = B::copy(x)?;
        let mut next = 0;
        if self.has_min {
            y = B::binary::<Maximum>(&y, &bounds[next])?;
            next += 1;
        }
        if self.has_max {
            y = B::binary::<Minimum>(&y, &bounds[next])?;
        }
        fresh(y)
    }
    /// torch's clamp_backward_min_max: `x` where `min ≤ x ≤ max`; `min` where `x < min`
    /// (and `min < max` when both are given); `max` where `x > max` (or `max < min`).
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let x = cx.xs[0].get();
        let g = cx.g.get();
        let bounds = promoted::<B>(x, &cx.xs[1..])?;
        let min = self.has_min.then(|| &bounds[0]);
        let max = self.has_max.then(|| &bounds[usize::from(self.has_min)]);
        let below = min.map(|m| B::binary::<GtMask>(m, x)).transpose()?;
        let above = max.map(|m| B::binary::<GtMask>(x, m)).transpose()?;
        // torch's clamp_backward: `x >= min && x <= max`, so a NaN anywhere stops it.
        let mut inside = B::full(&[], 1.0, B::dtype(x), B::device(x))?;
        if let Some(m) = min {
            inside = B::mul(&inside, &at_least::<B>(x, m)?)?;
        }
        if let Some(m) = max {
            inside = B::mul(&inside, &at_least::<B>(m, x)?)?;
        }
        let mut masks = vec![inside];
        if let (Some(lo), Some(b)) = (min, &below) {
            let m = match max {
                Some(hi) => B::mul(b, &B::binary::<GtMask>(hi, lo)?)?,
                None => B::copy(b)?,
            };
            masks.push(m);
        }
        if let (Some(hi), Some(a)) = (max, &above) {
            let m = match min {
                Some(lo) => {
                    let crossed = B::binary::<GtMask>(lo, hi)?;
                    B::sub(&B::add(a, &crossed)?, &B::mul(a, &crossed)?)?
                }
                None => B::copy(a)?,
            };
            masks.push(m);
        }
        let mut out = Vec::with_capacity(masks.len()); // bounded: one per operand
        for (i, m) in masks.iter().enumerate() {
            if !cx.needs[i] || B::dtype(cx.xs[i].get()).is_data() {
                out.push(None);
                continue;
            }
            let full = grad_value::<B>(B::mul(g, m)?);
            out.push(Some(reduce_to(&full, &B::shape(cx.xs[i].get()))?));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::testing::{check_grads, data, positive};
    use crate::ops::Op;

    #[test]
    fn clamp_with_tensor_bounds_gradients() {
        // x inside [min, max] gets g; min where x < min; max where x > max
        check_grads(
            &[data(&[3, 4], 507), data(&[4], 508), positive(&[3, 1], 509)],
            |s, h| s.record(Op::clamp_tensor(true, true), &[h[0], h[1], h[2]]),
            |t| t[0].clamp_tensor(Some(&t[1]), Some(&t[2])),
        );
        check_grads(
            &[data(&[3, 4], 510), data(&[4], 511)],
            |s, h| s.record(Op::clamp_tensor(false, true), &[h[0], h[1]]),
            |t| t[0].clamp_max_tensor(&t[1]),
        );
    }
}
