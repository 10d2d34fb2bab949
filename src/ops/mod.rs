//! Ops: one unit per op (or per tight family, such as the pointwise unary functions). Each
//! unit is a type implementing [`Rule`]: its name, arity, shape rule, whether its result is
//! fresh or a view, its forward, its backward rule and, where it has one, the `_out` kernel
//! that writes its forward into a recycled buffer. Pointwise units also implement the
//! kernel layer's traits ([`crate::kernel::pointwise`]) with their LibTorch kernel and their
//! reference element function, so a new pointwise op lives entirely in its family file.
//!
//! [`Op`] is what a tape node stores: a leaf, or one of the units. Dispatch only delegates
//! ([`Op::rule`]); there is no default shape rule and no list of exceptions to maintain.
//! See `ARCHITECTURE.md`, "How to add an op".

pub mod activation;
pub mod activation_modern;
pub mod activation_piecewise;
pub mod activations;
pub mod arith;
pub mod arrange;
pub mod assemble;
pub mod aten;
pub mod attention;
pub mod batch_norm;
pub mod binary;
pub mod binary_math;
pub mod bitwise;
pub mod cells;
pub mod clamp;
pub mod combine;
pub mod compare;
pub mod compose;
pub mod composed_loss;
pub mod composed_losses;
pub mod concat;
pub mod conv;
pub mod convert;
pub mod convolution;
pub mod ctc;
pub mod cumulative;
pub mod derive;
pub mod derived;
pub mod differences;
pub mod distances;
pub mod draw;
pub mod embedding;
pub mod embeddings;
pub mod ieee;
pub mod index;
pub mod interpolate;
pub mod invert;
pub mod join;
pub mod layers;
pub mod layout;
pub mod linalg;
pub mod logical;
pub mod loss;
pub mod losses;
pub mod lp_pool;
mod lstm_onednn;
pub mod matmul;
pub mod movement;
pub mod multi_head;
pub mod multilabel_margin;
pub mod nll;
pub mod norm;
pub mod order;
pub mod padding;
pub mod pairwise;
pub mod pointwise;
pub mod pool1d;
pub mod pool_indices;
pub mod pooling;
pub mod powers;
pub mod predicates;
pub mod products;
pub mod quantile;
pub mod rearrange;
pub mod recurrent;
pub mod reduce;
pub mod reductions;
mod replica;
pub mod reshaping;
pub mod rnn;
pub mod scalar;
pub mod scatter;
pub mod scatter_reduce;
pub mod scatter_views;
pub mod scatters;
pub mod selections;
pub mod sliding;
pub mod softmax;
pub mod sort;
pub mod special;
pub mod split;
pub mod statistics;
pub mod tallies;
#[cfg(test)]
pub(crate) mod testing;
pub mod torch_arith;
pub mod unary;
pub mod unary_math;
pub mod unary_special;
pub mod unary_trig;
pub mod upsample;
pub mod view;
pub mod views;

use std::sync::Arc;

use crate::backend::{Backend, OutKernel};
use crate::buffer::{Tracked, Value};
use crate::error::Result;
pub use crate::kernel::Arity;
use crate::ledger::Category;
use crate::param::Parameter;
pub use arith::Arith;

/// What an op's forward result is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// A fresh buffer the node owns (the pool may recycle it).
    Fresh,
    /// A view sharing a parent's storage (never recycled: its base is not its own).
    View,
}

/// What a backward rule reads.
pub struct Grad<'a, B: Backend> {
    /// The parents' values, in operand order.
    pub xs: &'a [&'a Value<B>],
    /// The node's forward result.
    pub out: &'a Value<B>,
    /// The cotangent of `out`.
    pub g: &'a Value<B>,
    /// Whether parent `i` wants a cotangent (the rule may return `None` where it does not).
    pub needs: &'a [bool],
}

/// The cotangents a backward rule returns, one per parent (`None`: the parent wants none,
/// or gets none from this op).
pub type Cotangents<B> = Vec<Option<Value<B>>>;

/// Everything the core needs to know about one op. Object safe: a node's op is dispatched
/// through `&dyn Rule`.
pub trait Rule<B: Backend>: Send + Sync {
    /// The op's name (PyTorch's), for errors and `show_backend`.
    fn name(&self) -> &'static str;
    fn arity(&self) -> Arity;
    fn output(&self) -> Output;
    /// Whether the op takes data operands (int64, int32, bool: indices, masks); the
    /// default, no: a data operand is a `DTypeError` before anything is recorded.
    fn accepts_data(&self) -> bool {
        false
    }
    /// Whether the op computes on operands that are all data (integer arithmetic, `x + 1`
    /// on int64 ids) with LibTorch's own kernel, as torch: its result is data (no
    /// gradient); default no. A data operand beside a floating one is promoted instead.
    fn computes_data(&self) -> bool {
        false
    }
    /// The output shape for these operand shapes (already arity-checked), or a shape error.
    /// Runs before any kernel, so a rejected op records nothing.
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>>;
    /// The forward result from the operands' values.
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>>;
    /// Cotangents of the parents from the cotangent of the output ([`Grad`]).
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>>;
    /// The one parent's cotangent written into `g` itself (held exclusively: nothing else
    /// references its buffer), for rules that have such a form (relu); `None` (the
    /// default): the sweep calls [`Rule::backward`]. Keeps one activation-sized buffer
    /// fewer alive during the sweep.
    fn backward_in_place(
        &self,
        _g: &mut B::T,
        _xs: &[&Value<B>],
        _out: &Value<B>,
    ) -> Option<Result<()>> {
        None
    }
    /// Whether [`Rule::backward`] reads operand `i`'s values (not only its shape, dtype and
    /// device) when the operands that want a cotangent are those of `needs`. The default,
    /// yes; a rule that says no lets the session free that operand's value once no Python
    /// handle names it ([`crate::session::Session::release_value`]): what torch's autograd
    /// would not have saved either.
    fn saves_operand(&self, _i: usize, _needs: &[bool]) -> bool {
        true
    }
    /// Whether [`Rule::backward`] reads the op's own output values (default: yes).
    fn saves_output(&self, _needs: &[bool]) -> bool {
        true
    }
    /// The outputs after the first that the last [`Rule::forward`] computed: data with no
    /// gradient, such as `max(dim)`'s indices. The session records each as a leaf right
    /// after the op's node (the unit keeps them as workspace for its backward). Default:
    /// none.
    fn extra_outputs(&self) -> Vec<Value<B>> {
        Vec::new()
    }
    /// The kernel computing the forward into a recycled buffer (see [`crate::pool`]), for
    /// `parents` operands; `None` (the default): the forward always allocates.
    fn out_kernel(&self, _parents: usize) -> Option<OutKernel> {
        None
    }
    /// Drop what [`Rule::forward`] left in the unit for the backward (its workspace), for a
    /// node whose value a checkpointed block released
    /// ([`crate::session::Session::checkpoint_end`]): the forward that recomputes the value
    /// makes it again. Default: the unit keeps nothing the forward made.
    fn forget_workspace(&mut self) {}
    /// The values the unit holds for its backward (its workspace: pooling indices, norm
    /// statistics, a class loss's weights), for [`crate::session::Session::tape_profile`].
    /// Default: none.
    fn workspace(&self) -> Vec<&Value<B>> {
        Vec::new()
    }
    /// Whether the op converts floating operands of different dtypes to their
    /// [`crate::autocast::result_type`] first, as torch's binary ops, comparisons, `where`
    /// and `cat` do (default: no, the operands must share one floating dtype).
    fn promotes(&self) -> bool {
        false
    }
    /// Whether a bfloat16 or float16 first operand may come with float32 operands after it
    /// (torch's mixed-type norms: a 16-bit activation with float32 weights); default no.
    fn mixed_params(&self) -> bool {
        false
    }
    /// The torch op whose autocast list decides this op's casts (default: its name).
    fn autocast_name(&self) -> &'static str {
        self.name()
    }
}

/// A boxed unit is a unit (ops whose state would make [`Op`] larger are boxed).
impl<B: Backend, R: Rule<B> + ?Sized> Rule<B> for Box<R> {
    fn name(&self) -> &'static str {
        (**self).name()
    }
    fn arity(&self) -> Arity {
        (**self).arity()
    }
    fn output(&self) -> Output {
        (**self).output()
    }
    fn accepts_data(&self) -> bool {
        (**self).accepts_data()
    }
    fn computes_data(&self) -> bool {
        (**self).computes_data()
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        (**self).shape(shapes)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        (**self).forward(xs)
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        (**self).backward(cx)
    }
    fn backward_in_place(
        &self,
        g: &mut B::T,
        xs: &[&Value<B>],
        out: &Value<B>,
    ) -> Option<Result<()>> {
        (**self).backward_in_place(g, xs, out)
    }
    fn saves_operand(&self, i: usize, needs: &[bool]) -> bool {
        (**self).saves_operand(i, needs)
    }
    fn saves_output(&self, needs: &[bool]) -> bool {
        (**self).saves_output(needs)
    }
    fn extra_outputs(&self) -> Vec<Value<B>> {
        (**self).extra_outputs()
    }
    fn out_kernel(&self, parents: usize) -> Option<OutKernel> {
        (**self).out_kernel(parents)
    }
    fn forget_workspace(&mut self) {
        (**self).forget_workspace()
    }
    fn workspace(&self) -> Vec<&Value<B>> {
        (**self).workspace()
    }
    fn promotes(&self) -> bool {
        (**self).promotes()
    }
    fn mixed_params(&self) -> bool {
        (**self).mixed_params()
    }
    fn autocast_name(&self) -> &'static str {
        (**self).autocast_name()
    }
}

macro_rules! ops {
    ($($(#[$doc:meta])* $variant:ident($ty:ty),)*) => {
        /// What a node records. Leaves (`Input`, `Param`) have no parents and no rule; every
        /// other variant holds the unit of its op. Data an op's backward rule needs beyond
        /// its parents' values and its own output (its *workspace*) lives in the unit and is
        /// freed with the node.
        pub enum Op<B: Backend> {
            /// Data given to the session (owned by the tape).
            Input,
            /// A parameter leaf: the node's value is the parameter's snapshot at `use` time.
            Param(Arc<Parameter<B>>),
            $($(#[$doc])* $variant($ty),)*
        }

        impl<B: Backend> Op<B> {
            /// The op's rule; `None` for a leaf.
            pub fn rule(&self) -> Option<&dyn Rule<B>> {
                match self {
                    Op::Input | Op::Param(_) => None,
                    $(Op::$variant(r) => Some(r),)*
                }
            }

            /// The op's rule, to change its workspace; `None` for a leaf.
            pub fn rule_mut(&mut self) -> Option<&mut dyn Rule<B>> {
                match self {
                    Op::Input | Op::Param(_) => None,
                    $(Op::$variant(r) => Some(r),)*
                }
            }
        }
    };
}

ops! {
    /// Pointwise functions of one tensor (`exp`, `sqrt`, `relu`, ...).
    Unary(unary::Unary),
    /// Pointwise functions of two broadcast tensors (`+ - * /`).
    Binary(binary::Binary),
    /// A tensor with a constant number (`x + s`, `s / x`, `x ** e`, ...).
    Scalar(scalar::WithScalar),
    /// A tensor with two numbers (`softplus(beta, threshold)`).
    Pair(activation::WithPair),
    /// `clamp` with tensor bounds.
    ClampTensor(clamp::ClampTensor),
    MatMul(matmul::MatMul),
    Linear(matmul::Linear),
    Transpose(layout::Transpose),
    Reshape(layout::Reshape),
    Permute(view::Permute),
    /// `unsqueeze`, `squeeze`, `flatten`, `unflatten`, `view` (boxed: larger than a slot).
    ShapeView(Box<view::ShapeView>),
    Reduce(reduce::Reduce),
    /// `median()`/`nanmedian()`'s value, its cotangent split between the ties.
    Distribute(reduce::Distribute),
    /// `max(dim)`: values and (a second output) int64 indices.
    MaxDim(Box<reduce::MaxDim<B>>),
    /// `prod`, `var`, `std`, `logsumexp`, `norm` (boxed).
    Statistic(Box<statistics::Statistic>),
    Cumsum(statistics::Cumsum),
    /// `norm(p="nuc")`.
    NuclearNorm(statistics::NuclearNorm),
    /// `argmax`/`argmin`: int64 data.
    ArgExtremum(statistics::ArgExtremum),
    /// `sort`/`argsort`/`kthvalue` indices: int64 data.
    Ranked(sort::Ranked),
    Softmax(softmax::Softmax),
    /// `cross_entropy` and `nll_loss` (boxed: the coefficient workspace).
    ClassLoss(Box<nll::ClassLoss<B>>),
    PointLoss(loss::PointLoss),
    /// Comparisons, logic and `isfinite`/`isnan`: bool results.
    Compare(compare::Compare),
    /// `any`, `all`, `count_nonzero`: data results.
    Logical(logical::Logical),
    /// `to(dtype)` and its short forms.
    Convert(convert::Convert),
    /// `rms_norm` (boxed).
    RmsNorm(Box<norm::RmsNorm>),
    GroupNorm(norm::GroupNorm),
    /// LibTorch's layers: `embedding`, the 2-D poolings (boxed).
    Layer(Box<layers::Layered<B>>),
    /// Data movement: indexing, slicing, `gather`, `cat`, `where`, `pad`, ... (boxed).
    Move(movement::Moved),
    /// A draw from the session's generator that the node can make again: dropout's mask
    /// (boxed).
    Draw(Box<draw::DropoutMask>),
}

impl<B: Backend> Op<B> {
    pub fn name(&self) -> &'static str {
        match self {
            Op::Input => "input",
            Op::Param(_) => "param",
            op => op.rule().map_or("op", |r| r.name()),
        }
    }
}

/// Wrap a fresh forward result (owned by the tape).
pub(crate) fn fresh<B: Backend>(t: B::T) -> Result<Value<B>> {
    Ok(Tracked::owned(t, Category::Tape))
}

/// Wrap a freshly computed cotangent.
pub(crate) fn grad_value<B: Backend>(t: B::T) -> Value<B> {
    Tracked::owned(t, Category::Grad)
}

/// `t` viewed as `shape` (the same elements): a view when `t` is contiguous, else a view of a
/// contiguous copy (a reduced tensor with its reduced dims back as 1, a grouped tensor, ...).
pub(crate) fn viewed<B: Backend>(t: &B::T, shape: &[i64]) -> Result<B::T> {
    if B::is_contiguous(t) {
        B::view(t, shape)
    } else {
        B::view(&B::copy(t)?, shape)
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LibTorch;

    #[test]
    fn arity_errors_name_the_op_and_the_counts() {
        assert!(Arity::Exactly(2).check("add", 2).is_ok());
        let e = Arity::Exactly(2).check("add", 3).unwrap_err();
        assert_eq!(e.to_string(), "add takes 2 operand(s), got 3");
        assert!(Arity::Between(2, 3).check("linear", 3).is_ok());
        assert!(Arity::Between(2, 3).check("linear", 1).is_err());
        assert!(Arity::AtLeast(1).check("cat", 0).is_err());
    }

    #[test]
    fn a_node_op_stays_small() {
        // The tape's reset loop touches every node: keep the op within half a cache line.
        assert!(std::mem::size_of::<Op<LibTorch>>() <= 32);
    }
}
