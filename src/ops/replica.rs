//! [`Op::replica`]: a fresh unit of a recorded op, for the replay of a captured step
//! (`crate::session::capture`).

use super::Op;
use crate::backend::Backend;

impl<B: Backend> Op<B> {
    /// A unit with this op's configuration and no workspace: what a replay records in
    /// this node's place (its forward then computes the workspace again). `None`: the op
    /// cannot be replayed yet: a leaf, or a unit built from data beside its operands (the
    /// class-index losses prepare their targets on recording), holding a workspace of its
    /// own kind (`max(dim)`), or not copied yet (norms, and the layers without
    /// [`crate::kernel::Layer::replica`]: batch norm writes its running statistics).
    pub fn replica(&self) -> Option<Op<B>> {
        Some(match self {
            Op::Unary(u) => Op::Unary(u.clone()),
            Op::Binary(b) => Op::Binary(b.clone()),
            Op::Scalar(s) => Op::Scalar(s.clone()),
            Op::Pair(p) => Op::Pair(p.clone()),
            Op::ClampTensor(c) => Op::ClampTensor(c.clone()),
            Op::MatMul(m) => Op::MatMul(m.clone()),
            Op::Linear(l) => Op::Linear(l.clone()),
            Op::Transpose(t) => Op::Transpose(t.clone()),
            Op::Reshape(r) => Op::Reshape(r.clone()),
            Op::Permute(p) => Op::Permute(p.clone()),
            Op::ShapeView(v) => Op::ShapeView(v.clone()),
            Op::Reduce(r) => Op::Reduce(r.clone()),
            Op::Distribute(d) => Op::Distribute(d.clone()),
            Op::Statistic(s) => Op::Statistic(s.clone()),
            Op::Cumsum(c) => Op::Cumsum(c.clone()),
            Op::NuclearNorm(n) => Op::NuclearNorm(n.clone()),
            Op::ArgExtremum(a) => Op::ArgExtremum(a.clone()),
            Op::Softmax(s) => Op::Softmax(s.clone()),
            Op::PointLoss(l) => Op::PointLoss(l.clone()),
            Op::Compare(c) => Op::Compare(c.clone()),
            Op::Logical(l) => Op::Logical(l.clone()),
            Op::Convert(c) => Op::Convert(c.clone()),
            Op::Layer(l) => return l.replica(),
            // The recording's position: a replay draws from the generator's position then
            // ([`crate::ops::draw::DropoutMask::redrawn`]).
            Op::Draw(d) => Op::Draw(d.clone()),
            Op::Move(m) => Op::Move(super::movement::Moved(m.0.replica())),
            _ => return None,
        })
    }
}
