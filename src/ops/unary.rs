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
