//! Ops LibTorch computes whole, forward and derivative: [`Aten`], one [`Layer`] holding the
//! torch call (a closure over the op's numbers), its shape rule, and which operands are data.
//! Its forward is the call; its backward is LibTorch's autograd of the same call on detached
//! copies of the operands (`autograd_vjp`), so values and gradients are torch's by
//! construction, ties and boundaries included; nothing of that graph reaches the tape. An
//! output with no derivative (`slogdet`'s sign) gives no cotangent.
//!
//! The families built on it (`linalg.rs`, `special.rs`) are torch's ops whose derivative
//! LibTorch knows and eagertape has no rule of its own for: a carrier LibTorch does not hold
//! (the reference backend, ieee32, intervals) refuses them with `UnsupportedOpError` before
//! anything is recorded.

use std::sync::Arc;

use tch::Tensor;

use super::compose::Recorder;
use super::{Arity, Op};
use crate::backend::layer_kernels::autograd_vjp;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::{Handle, OneOr, OneOrPair};
use crate::kernel::Layer;

/// The torch call on the operands, in order.
pub type Call = Arc<dyn Fn(&[Tensor]) -> Result<Tensor> + Send + Sync>;
/// The output shape of the operands' shapes (with torch's checks).
pub type ShapeRule = Arc<dyn Fn(&[&[i64]]) -> Result<Vec<i64>> + Send + Sync>;

/// One op LibTorch computes whole (the module's doc).
#[derive(Clone)]
pub struct Aten {
    name: &'static str,
    arity: usize,
    /// The operands that are integer data (indices, pivots): no cotangent.
    data: &'static [usize],
    shape: ShapeRule,
    call: Call,
}

impl Aten {
    pub fn new(
        name: &'static str,
        arity: usize,
        shape: impl Fn(&[&[i64]]) -> Result<Vec<i64>> + Send + Sync + 'static,
        call: impl Fn(&[Tensor]) -> Result<Tensor> + Send + Sync + 'static,
    ) -> Self {
        Aten {
            name,
            arity,
            data: &[],
            shape: Arc::new(shape),
            call: Arc::new(call),
        }
    }

    /// The same op, with `data` naming its integer operands.
    pub fn with_data(mut self, data: &'static [usize]) -> Self {
        self.data = data;
        self
    }

    /// Record it on `r` over `xs`.
    pub fn record<B: Backend>(self, r: &mut dyn Recorder<B>, xs: &[Handle]) -> Result<Handle> {
        r.record(Op::layer(self), xs)
    }
}

impl Layer for Aten {
    fn name(&self) -> &'static str {
        self.name
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(self.arity)
    }
    fn is_data(&self, i: usize) -> bool {
        self.data.contains(&i)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        (self.shape)(shapes)
    }
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let owned: Vec<Tensor> = xs.iter().map(|x| x.shallow_clone()).collect();
        Ok(((self.call)(&owned)?, Vec::new()))
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        _workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        autograd_vjp(xs, needs, g, |t| (self.call)(t))
    }
}

/// The shape rule of an op whose output has its first operand's shape.
pub fn same_shape(shapes: &[&[i64]]) -> Result<Vec<i64>> {
    Ok(shapes[0].to_vec())
}

/// The shape rule of an elementwise op of two operands: their broadcast shape.
pub fn broadcast(name: &'static str) -> impl Fn(&[&[i64]]) -> Result<Vec<i64>> + Send + Sync {
    move |shapes| crate::shape::broadcast_shapes(name, shapes[0], shapes[1])
}

/// The batch dims of a stack of square matrices `(*, n, n)`, checked.
pub fn square_batch(name: &str, shape: &[i64]) -> Result<Vec<i64>> {
    match shape {
        [batch @ .., m, n] if m == n => Ok(batch.to_vec()),
        _ => Err(Error::Shape(format!(
            "{name}: A must be batches of square matrices, but they are {} by {} matrices",
            shape.iter().rev().nth(1).copied().unwrap_or(1),
            shape.last().copied().unwrap_or(1)
        ))),
    }
}

/// `values`, what one node made of `x` (a max pooling), and (with `return_indices`) the
/// indices `indices_of(x)` computes (LibTorch's `*_with_indices` kernel), recorded as one
/// more node of `values`' shape: int64 data, no cotangent.
pub fn indexed<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    values: Handle,
    return_indices: bool,
    name: &'static str,
    indices_of: impl Fn(&Tensor) -> Result<Tensor> + Send + Sync + 'static,
) -> Result<OneOrPair> {
    if !return_indices {
        return Ok(OneOr::One(values));
    }
    let shape = r.shape(values)?;
    let indices = Aten::new(
        name,
        1,
        move |_| Ok(shape.clone()),
        move |t| indices_of(&t[0]),
    )
    .record(r, &[x])?;
    Ok(OneOr::Other((values, indices)))
}

/// The pair of a call made with `return_indices=True` ([`indexed`]).
pub fn pair(name: &str, pooled: OneOrPair) -> Result<(Handle, Handle)> {
    match pooled {
        OneOr::Other(pair) => Ok(pair),
        OneOr::One(_) => Err(Error::Backend(format!(
            "{name}: the pooling kept no indices"
        ))),
    }
}

/// The torch call of a [`Computed`] result: its tensors, the first being the layer's output.
pub type Results = Arc<dyn Fn(&[Tensor]) -> Result<Vec<Tensor>> + Send + Sync>;

/// Results LibTorch computes whose shapes depend on the operands' values (`bincount`,
/// `unique_consecutive`): run once on the carriers' values through `Backend::layer` (the
/// first tensor its output, the others its workspace) and never recorded as an op; the
/// session takes them as input data (`Session::computed`). Without a derivative, as torch's.
pub struct Computed {
    pub name: &'static str,
    pub arity: usize,
    pub call: Results,
}

impl Layer for Computed {
    fn name(&self) -> &'static str {
        self.name
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(self.arity)
    }
    fn shape(&self, _shapes: &[&[i64]]) -> Result<Vec<i64>> {
        Err(Error::Backend(format!(
            "{}: a computed result is never recorded as an op",
            self.name
        )))
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let owned: Vec<Tensor> = xs.iter().map(|x| x.shallow_clone()).collect();
        let mut out = (self.call)(&owned)?.into_iter();
        let first = out
            .next()
            .ok_or_else(|| Error::Backend(format!("{}: no result", self.name)))?;
        Ok((first, out.collect()))
    }
    fn torch_backward(
        &self,
        _xs: &[&Tensor],
        _workspace: &[&Tensor],
        _g: &Tensor,
        _needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        Err(Error::Backend(format!("{}: no derivative", self.name)))
    }
}
