//! The data-movement descriptor: what a backend needs to run indexing, `gather`, `cat`,
//! `where`, `pad`, ... ([`Movement`]), and the *index plan* that runs the same definition on
//! any carrier: the sources replaced by `arange`s, so the op's result says, for each output
//! element, which source element it copies. The units (`ops/index.rs`, `join.rs`,
//! `arrange.rs`, ...) implement [`Movement`]; their one rule is `ops/movement.rs`'s `Moved`.

use tch::Tensor;

use super::Arity;
use crate::error::{Error, Result};

/// A fresh copy of a movement's configuration (every unit is pure configuration: dims,
/// bounds, counts; its index and mask operands are tape nodes), for the replay of a
/// captured step (`crate::session::capture`).
pub trait MovementReplica {
    fn replica(&self) -> Box<dyn Movement>;
}

impl<M: Movement + Clone + 'static> MovementReplica for M {
    fn replica(&self) -> Box<dyn Movement> {
        Box::new(self.clone())
    }
}

/// One data-movement op, on LibTorch tensors.
pub trait Movement: Send + Sync + MovementReplica {
    /// The op's name (PyTorch's).
    fn name(&self) -> &'static str;
    /// The torch op whose autocast list decides this op's casts (default: its name).
    fn autocast_name(&self) -> &'static str {
        self.name()
    }
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
    /// Whether sources of different floating dtypes are promoted to their result type
    /// first (torch's `cat`, `stack`, `where`); default: one dtype.
    fn promotes(&self) -> bool {
        false
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
    // bounded: one per operand
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
    let mut args: Vec<&Tensor> = Vec::with_capacity(shapes.len()); // bounded: one per operand
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
