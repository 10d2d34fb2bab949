//! Pointwise functions: `exp log tanh sigmoid relu`.

use super::{grad_value, Op};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::Result;

pub(crate) fn backward<B: Backend>(
    op: &Op<B>,
    xs: &[&Value<B>],
    out: &Value<B>,
    g: &Value<B>,
) -> Result<Value<B>> {
    let (g, x, y) = (g.get(), xs[0].get(), out.get());
    let t = match op {
        // d exp(x) = exp(x) g
        Op::Exp => B::mul(g, y)?,
        // d log(x) = g / x
        Op::Log => B::div(g, x)?,
        // d tanh(x) = (1 - y²) g
        Op::Tanh => B::mul(g, &B::add_scalar(&B::neg(&B::mul(y, y)?)?, 1.0)?)?,
        // d sigmoid(x) = y (1 - y) g
        Op::Sigmoid => B::mul(g, &B::mul(y, &B::add_scalar(&B::neg(y)?, 1.0)?)?)?,
        // d relu(x) = g where x > 0
        Op::Relu => B::relu_backward(g, x)?,
        _ => unreachable!("not a unary op"),
    };
    Ok(grad_value(t))
}

#[cfg(test)]
mod tests {
    use tch::Kind;

    use crate::ops::testing::{check_grads, data, positive, values};
    use crate::ops::Op;

    #[test]
    fn exp_gradient_is_its_output() {
        // d/dx exp(x) = exp(x)
        check_grads(
            &[data(&[3, 4], 30)],
            |s, h| s.record(Op::Exp, &[h[0]]),
            |t| t[0].exp(),
        );
    }

    #[test]
    fn log_gradient_is_the_reciprocal() {
        // d/dx log(x) = 1 / x
        check_grads(
            &[positive(&[3, 4], 31)],
            |s, h| s.record(Op::Log, &[h[0]]),
            |t| t[0].log(),
        );
    }

    #[test]
    fn tanh_gradient() {
        // d/dx tanh(x) = 1 - tanh(x)^2
        check_grads(
            &[data(&[2, 5], 32)],
            |s, h| s.record(Op::Tanh, &[h[0]]),
            |t| t[0].tanh(),
        );
    }

    #[test]
    fn sigmoid_gradient() {
        // d/dx σ(x) = σ(x) (1 - σ(x))
        check_grads(
            &[data(&[2, 5], 33)],
            |s, h| s.record(Op::Sigmoid, &[h[0]]),
            |t| t[0].sigmoid(),
        );
    }

    #[test]
    fn relu_passes_the_cotangent_where_positive() {
        // d/dx relu(x) = 1 if x > 0 else 0
        check_grads(
            &[data(&[4, 4], 34)],
            |s, h| s.record(Op::Relu, &[h[0]]),
            |t| t[0].relu(),
        );
    }

    #[test]
    fn relu_gradient_at_zero_is_zero() {
        // d/dx relu(x) at x = 0 is taken as 0 (PyTorch's convention)
        check_grads(
            &[values(&[-1.0, 0.0, 0.0, 2.0], &[4])],
            |s, h| s.record(Op::Relu, &[h[0]]),
            |t| t[0].relu(),
        );
    }

    #[test]
    fn unary_chain_applies_the_chain_rule() {
        // d/dx [log σ(x) · tanh(eˣ)] = (1 - σ(x)) tanh(eˣ) + log σ(x) (1 - tanh²(eˣ)) eˣ
        check_grads(
            &[data(&[6], 35)],
            |s, h| {
                let a = s.record(Op::Sigmoid, &[h[0]])?;
                let a = s.record(Op::Log, &[a])?;
                let b = s.record(Op::Exp, &[h[0]])?;
                let b = s.record(Op::Tanh, &[b])?;
                s.record(Op::Mul, &[a, b])
            },
            |t| t[0].sigmoid().log() * t[0].exp().tanh(),
        );
    }

    #[test]
    fn exp_of_a_reduction_reaches_every_element() {
        // d/dx_i exp(Σ x) = exp(Σ x)
        check_grads(
            &[data(&[2, 3], 36)],
            |s, h| {
                let sum = s.record(
                    Op::Sum {
                        dims: vec![],
                        keepdim: false,
                    },
                    &[h[0]],
                )?;
                s.record(Op::Exp, &[sum])
            },
            |t| t[0].sum(Kind::Double).exp(),
        );
    }
}
