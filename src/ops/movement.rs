//! Data-movement ops: every output element is a copy of one element of a *source* operand
//! (or a fill value). Indexing, `gather`, `index_select`, slicing, `cat`, `stack`, `where`,
//! `masked_fill`, `pad`, `expand`, `repeat`, `flip`, `roll`, `tril`/`triu`.
//!
//! Each such op is defined once, as a [`Movement`]: its kernel on LibTorch tensors (values,
//! and the int64/bool data operands that are its indices and masks, which live in LibTorch
//! on every profile). A backend that holds its values elsewhere (the reference backend, in
//! `Dyn`) runs the same definition on an *index plan*: the sources replaced by `arange`s,
//! so the op's result says, for each output element, which source element it copies; the
//! values are then taken on the host by the plan and the cotangent scatter-added back by it
//! (exact: copies and sums, soundly rounded on intervals). The index arithmetic is
//! LibTorch's own, so both backends agree with torch on shapes, broadcasting, negative
//! indices and errors.
//!
//! [`Moved`] is the one [`Rule`] of every movement op: it checks that the sources share one
//! dtype and that the other operands are data, records views as views, and sends each
//! source its cotangent through [`Backend::movement_backward`].

use tch::Tensor;

use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::error::{Error, Result};

/// One data-movement op, on LibTorch tensors.
pub trait Movement: Send + Sync {
    /// The op's name (PyTorch's).
    fn name(&self) -> &'static str;
    fn arity(&self) -> Arity;
    /// Whether operand `i` is a source (a value the output copies from); the others are
    /// int64 indices or bool masks.
    fn is_source(&self, i: usize) -> bool;
    /// The output shape (and every check that needs only shapes).
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>>;
    /// Whether every output element copies one source element (or the fill), so that the
    /// reference carriers can run the op as an index plan; `index_put(accumulate=True)`
    /// sums, and is LibTorch's only (`UnsupportedOpError` on the reference carriers).
    fn plannable(&self) -> bool {
        true
    }
    /// Whether LibTorch's result is a view of the first source (slicing, `expand`).
    fn view(&self) -> bool {
        false
    }
    /// The value of output elements that copy nothing (`pad`, `masked_fill`); `torch`
    /// receives it as `fill`, and 0 when it computes a plan.
    fn fill(&self) -> f64 {
        0.0
    }
    /// The op on LibTorch tensors, writing `fill` where nothing is copied. Checks its data
    /// operands (index ranges) first, with torch's rules, as typed errors.
    fn torch(&self, xs: &[&Tensor], fill: f64) -> Result<Tensor>;
    /// A direct LibTorch backward for source `which` (the cotangent of that source, and
    /// whether it is a view of `g`); `None`: the backend scatter-adds by the index plan.
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        g: &Tensor,
        which: usize,
    ) -> Option<Result<(Tensor, bool)>> {
        let _ = (xs, g, which);
        None
    }
}

/// The plan of `m` for sources of these shapes: for each output element, the flat index
/// of the element it copies in the sources laid end to end (row-major), or -1 for a fill.
/// `data[i]` is operand `i` when it is not a source.
pub fn plan(
    m: &dyn Movement,
    shapes: &[Vec<i64>],
    data: &[Option<&Tensor>],
    device: tch::Device,
) -> Result<Tensor> {
    let mut owned: Vec<Option<Tensor>> = Vec::with_capacity(shapes.len());
    let mut offset = 1i64;
    for (i, s) in shapes.iter().enumerate() {
        if m.is_source(i) {
            let n: i64 = s.iter().product();
            let range = Tensor::f_arange_start(offset, offset + n, (tch::Kind::Double, device))?;
            owned.push(Some(range.f_view(s.as_slice())?));
            offset += n;
        } else {
            owned.push(None);
        }
    }
    let mut args: Vec<&Tensor> = Vec::with_capacity(shapes.len());
    for (i, o) in owned.iter().enumerate() {
        match (o, data.get(i).copied().flatten()) {
            (Some(t), _) => args.push(t),
            (None, Some(d)) => args.push(d),
            (None, None) => {
                return Err(Error::Backend(format!(
                    "{}: operand {i} is missing from the plan",
                    m.name()
                )))
            }
        }
    }
    // Numbered in float64 (exact below 2^53, and every kernel has a float64 form), from
    // one so that a zero fill reads -1.
    Ok(m.torch(&args, 0.0)?
        .f_to_kind(tch::Kind::Int64)?
        .f_sub_scalar(1)?)
}

/// Where operand `which`'s elements start in the plan's numbering.
pub fn source_offset(m: &dyn Movement, shapes: &[Vec<i64>], which: usize) -> i64 {
    shapes[..which]
        .iter()
        .enumerate()
        .filter(|(i, _)| m.is_source(*i))
        .map(|(_, s)| s.iter().product::<i64>())
        .sum()
}

/// The cotangent of source `which` on LibTorch from the plan: the cotangent's elements
/// scatter-added to the positions they were copied from.
pub fn torch_backward_by_plan(
    m: &dyn Movement,
    xs: &[&Tensor],
    g: &Tensor,
    which: usize,
) -> Result<Tensor> {
    let shapes: Vec<Vec<i64>> = xs.iter().map(|x| x.size()).collect();
    let data: Vec<Option<&Tensor>> = xs
        .iter()
        .enumerate()
        .map(|(i, x)| (!m.is_source(i)).then_some(*x))
        .collect();
    let p = plan(m, &shapes, &data, g.device())?.f_reshape([-1])?;
    let off = source_offset(m, &shapes, which);
    let n: i64 = shapes[which].iter().product();
    let mine = p.f_ge(off)?.f_logical_and(&p.f_lt(off + n)?)?;
    let idx = p.f_masked_select(&mine)?.f_sub_scalar(off)?;
    let vals = g.f_reshape([-1])?.f_masked_select(&mine)?;
    let zeros = Tensor::f_zeros([n], (g.kind(), g.device()))?;
    Ok(zeros
        .f_index_add(0, &idx, &vals)?
        .f_view(shapes[which].as_slice())?)
}

/// The rule of every movement op.
pub struct Moved(pub Box<dyn Movement>);

impl<B: Backend> Op<B> {
    pub fn movement(m: impl Movement + 'static) -> Self {
        Op::Move(Moved(Box::new(m)))
    }
}

impl Moved {
    fn first_source(&self, n: usize) -> usize {
        (0..n).find(|&i| self.0.is_source(i)).unwrap_or(0)
    }
}

impl<B: Backend> Rule<B> for Moved {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn arity(&self) -> Arity {
        self.0.arity()
    }
    /// The backward reads the index and mask operands, never a source's values (only its
    /// shape), nor the output.
    fn saves_operand(&self, i: usize, _needs: &[bool]) -> bool {
        !self.0.is_source(i)
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        false
    }
    fn output(&self) -> Output {
        if self.0.view() {
            Output::View
        } else {
            Output::Fresh
        }
    }
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        self.0.shape(shapes)
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let name = self.0.name();
        let mut dtype = None;
        for (i, x) in xs.iter().enumerate() {
            let d = B::dtype(x.get());
            if self.0.is_source(i) {
                match dtype {
                    Some(first) if first != d => {
                        return Err(Error::DType(format!(
                        "{name}: expected every tensor to have the same dtype, got {first} and {d}"
                    )))
                    }
                    _ => dtype = Some(d),
                }
            } else if !d.is_data() {
                return Err(Error::DType(format!(
                    "{name}: operand {i} is an index or a mask and must be int64, int32 or bool data, not {d}"
                )));
            }
        }
        let ts: Vec<&B::T> = xs.iter().map(|x| x.get()).collect();
        let (t, view) = B::movement(&*self.0, &ts)?;
        if view {
            Ok(Tracked::view(t, xs[self.first_source(xs.len())]))
        } else {
            fresh(t)
        }
    }
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let ts: Vec<&B::T> = cx.xs.iter().map(|x| x.get()).collect();
        let mut out = Vec::with_capacity(ts.len());
        for (i, x) in ts.iter().enumerate() {
            if !cx.needs[i] || !self.0.is_source(i) || B::dtype(x).is_data() {
                out.push(None);
                continue;
            }
            let (t, view) = B::movement_backward(&*self.0, &ts, cx.g.get(), i)?;
            out.push(Some(if view {
                Tracked::view(t, cx.g)
            } else {
                grad_value(t)
            }));
        }
        Ok(out)
    }
}
