//! Ops: what a tape node records, its shape rule, forward kernel and backward rule.
//! Each op family lives in one file (forward, backward and its tests); this module only
//! dispatches on [`Op`].

mod broadcast;
mod elementwise;
mod layout;
mod loss;
mod matmul;
mod reduce;
mod softmax;
#[cfg(test)]
mod testing;
mod unary;

use std::sync::Arc;

use crate::backend::{Backend, OutKernel};
use crate::buffer::{Tracked, Value};
use crate::error::Result;
use crate::ledger::Category;
use crate::param::Parameter;

pub use broadcast::{broadcast_shapes, normalize_dim};
pub use matmul::matmul_shape;
pub use softmax::check_class_ids;

/// What a node records. Leaves (`Input`, `Param`) have no parents. Data an op's backward
/// rule needs beyond its parents' values and its own output (its *workspace*) lives in the
/// variant and is freed with the node.
pub enum Op<B: Backend> {
    /// Data given to the session (owned by the tape).
    Input,
    /// A parameter leaf: the node's value is the parameter's snapshot at `use` time.
    Param(Arc<Parameter<B>>),
    Add,
    Sub,
    Mul,
    Div,
    Neg,
    AddScalar(f64),
    MulScalar(f64),
    /// `s - x`.
    RSubScalar(f64),
    /// `s / x`.
    RDivScalar(f64),
    PowScalar(f64),
    Exp,
    Log,
    Tanh,
    Sigmoid,
    Relu,
    MatMul,
    /// `x @ wᵀ (+ b)`; parents `[x, w]` or `[x, w, b]`.
    Linear,
    Transpose(i64, i64),
    Reshape(Vec<i64>),
    Sum {
        dims: Vec<i64>,
        keepdim: bool,
    },
    Mean {
        dims: Vec<i64>,
        keepdim: bool,
    },
    Softmax(i64),
    LogSoftmax(i64),
    /// Mean cross entropy of `(n, c)` logits; the workspace holds the one-hot targets.
    CrossEntropy {
        one_hot: Value<B>,
    },
    MseLoss,
}

impl<B: Backend> Op<B> {
    pub fn name(&self) -> &'static str {
        match self {
            Op::Input => "input",
            Op::Param(_) => "param",
            Op::Add => "add",
            Op::Sub => "sub",
            Op::Mul => "mul",
            Op::Div => "div",
            Op::Neg => "neg",
            Op::AddScalar(_) => "add_scalar",
            Op::MulScalar(_) => "mul_scalar",
            Op::RSubScalar(_) => "rsub_scalar",
            Op::RDivScalar(_) => "rdiv_scalar",
            Op::PowScalar(_) => "pow",
            Op::Exp => "exp",
            Op::Log => "log",
            Op::Tanh => "tanh",
            Op::Sigmoid => "sigmoid",
            Op::Relu => "relu",
            Op::MatMul => "matmul",
            Op::Linear => "linear",
            Op::Transpose(..) => "transpose",
            Op::Reshape(_) => "reshape",
            Op::Sum { .. } => "sum",
            Op::Mean { .. } => "mean",
            Op::Softmax(_) => "softmax",
            Op::LogSoftmax(_) => "log_softmax",
            Op::CrossEntropy { .. } => "cross_entropy",
            Op::MseLoss => "mse_loss",
        }
    }

    /// The output shape for these input shapes, or a `ShapeError`. Runs before any kernel,
    /// so a rejected op records nothing.
    pub fn infer_shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        match self {
            Op::Input | Op::Param(_) => Ok(shapes[0].to_vec()),
            Op::Add | Op::Sub | Op::Mul | Op::Div => {
                broadcast_shapes(self.name(), shapes[0], shapes[1])
            }
            Op::MseLoss => loss::mse_shape(shapes[0], shapes[1]),
            Op::MatMul => matmul::matmul_shape(shapes[0], shapes[1]),
            Op::Linear => matmul::linear_shape(shapes),
            Op::Transpose(d0, d1) => layout::transpose_shape(shapes[0], *d0, *d1),
            Op::Reshape(shape) => layout::reshape_shape(shapes[0], shape),
            Op::Sum { dims, keepdim } | Op::Mean { dims, keepdim } => {
                reduce::reduce_shape(self.name(), shapes[0], dims, *keepdim)
            }
            Op::Softmax(dim) | Op::LogSoftmax(dim) => {
                normalize_dim(self.name(), *dim, shapes[0].len())?;
                Ok(shapes[0].to_vec())
            }
            Op::CrossEntropy { .. } => Ok(vec![]),
            _ => Ok(shapes[0].to_vec()),
        }
    }

    /// Whether the forward result is a fresh buffer the node owns (not a leaf, not a view).
    pub fn fresh_output(&self) -> bool {
        !matches!(
            self,
            Op::Input | Op::Param(_) | Op::Transpose(..) | Op::Reshape(_)
        )
    }

    /// The kernel that computes this op's forward result into a recycled buffer, if its
    /// forward is one kernel that has such a form (see [`crate::pool`]), for `parents`
    /// operands.
    pub fn out_kernel(&self, parents: usize) -> Option<OutKernel> {
        Some(match self {
            Op::Add => OutKernel::Add,
            Op::Sub => OutKernel::Sub,
            Op::Mul => OutKernel::Mul,
            Op::Div => OutKernel::Div,
            Op::Neg => OutKernel::Neg,
            Op::AddScalar(s) => OutKernel::AddScalar(*s),
            Op::MulScalar(s) => OutKernel::MulScalar(*s),
            Op::PowScalar(e) => OutKernel::PowScalar(*e),
            Op::Exp => OutKernel::Exp,
            Op::Log => OutKernel::Log,
            Op::Tanh => OutKernel::Tanh,
            Op::Sigmoid => OutKernel::Sigmoid,
            Op::Relu => OutKernel::Relu,
            Op::MatMul => OutKernel::MatMul,
            Op::Linear if parents == 3 => OutKernel::LinearBias,
            Op::Softmax(d) => OutKernel::Softmax(*d),
            Op::LogSoftmax(d) => OutKernel::LogSoftmax(*d),
            _ => return None,
        })
    }

    /// Run the forward kernel on the parents' values.
    pub fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let fresh = |t: B::T| Ok(Tracked::owned(t, Category::Tape));
        let x = |i: usize| xs[i].get();
        match self {
            Op::Input | Op::Param(_) => Ok(Arc::clone(xs[0])),
            Op::Add => fresh(B::add(x(0), x(1))?),
            Op::Sub => fresh(B::sub(x(0), x(1))?),
            Op::Mul => fresh(B::mul(x(0), x(1))?),
            Op::Div => fresh(B::div(x(0), x(1))?),
            Op::Neg => fresh(B::neg(x(0))?),
            Op::AddScalar(s) => fresh(B::add_scalar(x(0), *s)?),
            Op::MulScalar(s) => fresh(B::mul_scalar(x(0), *s)?),
            Op::RSubScalar(s) => fresh(elementwise::rsub_scalar::<B>(x(0), *s)?),
            Op::RDivScalar(s) => fresh(elementwise::rdiv_scalar::<B>(x(0), *s)?),
            Op::PowScalar(e) => fresh(B::pow_scalar(x(0), *e)?),
            Op::Exp => fresh(B::exp(x(0))?),
            Op::Log => fresh(B::log(x(0))?),
            Op::Tanh => fresh(B::tanh(x(0))?),
            Op::Sigmoid => fresh(B::sigmoid(x(0))?),
            Op::Relu => fresh(B::relu(x(0))?),
            Op::MatMul => fresh(B::matmul(x(0), x(1))?),
            Op::Linear => fresh(matmul::linear_forward::<B>(
                x(0),
                x(1),
                xs.get(2).map(|v| v.get()),
            )?),
            Op::Transpose(d0, d1) => Ok(Tracked::view(B::transpose(x(0), *d0, *d1)?, xs[0])),
            Op::Reshape(shape) => layout::reshape_value(xs[0], shape, Category::Tape),
            Op::Sum { dims, keepdim } => fresh(B::sum_dims(x(0), dims, *keepdim)?),
            Op::Mean { dims, keepdim } => fresh(reduce::mean_forward::<B>(x(0), dims, *keepdim)?),
            Op::Softmax(d) => fresh(B::softmax(x(0), *d)?),
            Op::LogSoftmax(d) => fresh(B::log_softmax(x(0), *d)?),
            Op::CrossEntropy { one_hot } => {
                fresh(softmax::cross_entropy_forward::<B>(x(0), one_hot.get())?)
            }
            Op::MseLoss => fresh(loss::mse_forward::<B>(x(0), x(1))?),
        }
    }

    /// [`Op::backward`] taking the cotangent by value: a rule that can reuse `g`'s buffer
    /// for its parent's cotangent does so when nothing else holds it (relu), which keeps
    /// one activation-sized buffer fewer alive during the sweep.
    pub fn backward_owned(
        &self,
        xs: &[&Value<B>],
        out: &Value<B>,
        mut g: Value<B>,
        needs: &[bool],
    ) -> Result<Vec<Option<Value<B>>>> {
        if let Op::Relu = self {
            if let Some(t) = crate::buffer::unique_mut(&mut g) {
                B::relu_backward_(t, xs[0].get())?;
                return Ok(vec![Some(g)]);
            }
        }
        self.backward(xs, out, &g, needs)
    }

    /// Cotangents of the parents from the cotangent `g` of the output `out`. `needs[i]` says
    /// whether parent `i` wants one; the rule returns `None` where it does not.
    pub fn backward(
        &self,
        xs: &[&Value<B>],
        out: &Value<B>,
        g: &Value<B>,
        needs: &[bool],
    ) -> Result<Vec<Option<Value<B>>>> {
        match self {
            Op::Input | Op::Param(_) => Ok(vec![]),
            Op::Add
            | Op::Sub
            | Op::Mul
            | Op::Div
            | Op::Neg
            | Op::AddScalar(_)
            | Op::MulScalar(_)
            | Op::RSubScalar(_)
            | Op::RDivScalar(_)
            | Op::PowScalar(_) => elementwise::backward(self, xs, out, g, needs),
            Op::Exp | Op::Log | Op::Tanh | Op::Sigmoid | Op::Relu => {
                unary::backward(self, xs, out, g).map(|v| vec![Some(v)])
            }
            Op::MatMul | Op::Linear => matmul::backward(self, xs, g, needs),
            Op::Transpose(..) | Op::Reshape(_) => {
                layout::backward(self, xs, g).map(|v| vec![Some(v)])
            }
            Op::Sum { .. } | Op::Mean { .. } => {
                reduce::backward(self, xs, g).map(|v| vec![Some(v)])
            }
            Op::Softmax(_) | Op::LogSoftmax(_) | Op::CrossEntropy { .. } => {
                softmax::backward(self, xs, out, g).map(|v| vec![Some(v)])
            }
            Op::MseLoss => loss::mse_backward(xs, g, needs),
        }
    }
}

/// Wrap a freshly computed cotangent.
pub(crate) fn grad_value<B: Backend>(t: B::T) -> Value<B> {
    Tracked::owned(t, Category::Grad)
}

/// Reduce a broadcast cotangent to `shape` (PyTorch's rule: sum the leading dims and the
/// dims where `shape` is 1). Returns `g` itself when no reduction is needed.
pub(crate) fn reduce_to<B: Backend>(g: &Value<B>, shape: &[i64]) -> Result<Value<B>> {
    let gs = B::shape(g.get());
    if gs == shape {
        return Ok(Arc::clone(g));
    }
    let lead = gs.len() - shape.len();
    let mut dims: Vec<i64> = (0..lead as i64).collect();
    for (i, &s) in shape.iter().enumerate() {
        if s == 1 && gs[i + lead] != 1 {
            dims.push((i + lead) as i64);
        }
    }
    let summed = B::sum_dims(g.get(), &dims, true)?;
    // `summed` is fresh and contiguous; the view is its only holder, so it owns the storage.
    Ok(grad_value(B::view(&summed, shape)?))
}
