//! `rms_norm(x, normalized_shape, weight, eps)`: `x / sqrt(mean(x²) + eps) · weight` over
//! the trailing dims. torch composes it from kernels too; here it is one rule with its own
//! backward, written with the backend's primitives, so every carrier runs it (intervals
//! enclose it).

use super::unary::Rsqrt;
use super::{fresh, grad_value, reduce_to, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::{Error, Result};

pub struct RmsNorm {
    pub normalized_shape: Box<[i64]>,
    pub weight: bool,
    pub eps: f64,
}

impl<B: Backend> Op<B> {
    pub fn rms_norm(normalized_shape: &[i64], weight: bool, eps: f64) -> Self {
        Op::RmsNorm(Box::new(RmsNorm {
            normalized_shape: normalized_shape.into(),
            weight,
            eps,
        }))
    }
}

impl RmsNorm {
    /// The normalized dims of an input of `ndim` dims.
    fn dims(&self, ndim: usize) -> Vec<i64> {
        (ndim - self.normalized_shape.len()..ndim)
            .map(|d| d as i64)
            .collect()
    }

    /// `1 / sqrt(mean(x²) + eps)`, with the normalized dims kept as 1.
    fn rstd<B: Backend>(&self, x: &B::T) -> Result<B::T> {
        let dims = self.dims(B::shape(x).len());
        let n: i64 = self.normalized_shape.iter().product();
        let ms = B::mul_scalar(&B::sum_dims(&B::mul(x, x)?, &dims, true)?, 1.0 / n as f64)?;
        B::unary::<Rsqrt>(&B::add_scalar(&ms, self.eps)?)
    }
}

impl<B: Backend> Rule<B> for RmsNorm {
    fn name(&self) -> &'static str {
        "rms_norm"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1 + usize::from(self.weight))
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let (x, n) = (shapes[0], &self.normalized_shape[..]);
        if n.is_empty() || x.len() < n.len() || &x[x.len() - n.len()..] != n {
            return Err(Error::Shape(format!(
                "rms_norm: normalized_shape {n:?} must be the trailing dims of the input {x:?}"
            )));
        }
        if self.weight && shapes[1] != n {
            return Err(Error::Shape(format!(
                "rms_norm: the weight must have the shape {n:?}, got {:?}",
                shapes[1]
            )));
        }
        Ok(x.to_vec())
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let x = xs[0].get();
        let y = B::mul(x, &self.rstd::<B>(x)?)?;
        fresh(if self.weight {
            B::mul(&y, xs[1].get())?
        } else {
            y
        })
    }
    /// `dx = r (g w) − r³ x mean(g w x)`, `dw = Σ g x r` over the leading dims.
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let x = cx.xs[0].get();
        let g = cx.g.get();
        let dims = self.dims(B::shape(x).len());
        let n: i64 = self.normalized_shape.iter().product();
        let r = self.rstd::<B>(x)?;
        let gw = if self.weight {
            B::mul(g, cx.xs[1].get())?
        } else {
            B::copy(g)?
        };
        let mut out = Vec::with_capacity(cx.xs.len());
        out.push(if cx.needs[0] {
            let m = B::mul_scalar(&B::sum_dims(&B::mul(&gw, x)?, &dims, true)?, 1.0 / n as f64)?;
            let r3 = B::mul(&B::mul(&r, &r)?, &r)?;
            let dx = B::sub(&B::mul(&r, &gw)?, &B::mul(&B::mul(&r3, x)?, &m)?)?;
            Some(grad_value(dx))
        } else {
            None
        });
        if self.weight {
            out.push(if cx.needs[1] {
                let full = grad_value::<B>(B::mul(g, &B::mul(x, &r)?)?);
                Some(reduce_to(&full, &self.normalized_shape)?)
            } else {
                None
            });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads, data};

    #[test]
    fn rms_norm_gradients_with_a_weight_and_without() {
        // oracle: x · rsqrt(mean(x², trailing) + eps) · w, by LibTorch's autograd
        check_grads(
            &[data(&[2, 3, 4], 900), data(&[3, 4], 901)],
            |s, h| s.record(Op::rms_norm(&[3, 4], true, 1e-6), &[h[0], h[1]]),
            |t| {
                let ms = (&t[0] * &t[0]).mean_dim(&[-2i64, -1][..], true, tch::Kind::Double);
                &t[0] * (ms + 1e-6).rsqrt() * &t[1]
            },
        );
        check_grads(
            &[data(&[5, 4], 902)],
            |s, h| s.record(Op::rms_norm(&[4], false, 1e-3), &[h[0]]),
            |t| {
                let ms = (&t[0] * &t[0]).mean_dim(&[-1i64][..], true, tch::Kind::Double);
                &t[0] * (ms + 1e-3).rsqrt()
            },
        );
    }
}
