//! Activation checkpointing (`et.utils.checkpoint`): a block of the forward pass records
//! its ops as usual, and when it ends the values of its intermediates are released; a
//! backward that reads one of them recomputes it first, from its parents, with the node's
//! own rule (`Rule::forward`), so the recomputed values are those of the forward: the same
//! kernels on the same operands, and the same dropout masks (a mask is a node that draws
//! itself again from the generator's recorded position, `ops::draw`).
//!
//! Ownership: while a block is open, every operand its ops read is marked `needed` (so the
//! block's inputs stay until the reset, as torch's checkpoint saves them). When it ends,
//! each op node recorded in it that no Python `Tensor` names (the block's outputs stay)
//! gives up its value for a placeholder and its unit's workspace, and is marked
//! `recompute`. During a sweep, [`Recomputed`] owns the recomputed values: each is made
//! when the first node visited needs it and freed when the sweep passes its node (all its
//! readers have been visited by then), so one block's intermediates are alive at a time.
//! Compaction waits until no block is open (it renumbers the nodes a block counts from).

use super::Session;
use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::error::{Error, Result};
use crate::ledger::Category;
use crate::tape::Node;

/// A checkpointed block being recorded.
#[derive(Debug, Clone, Copy)]
pub(super) struct Block {
    /// The tape's length when it began: its nodes are those from here on.
    start: usize,
    /// The generation then: a reset or a compaction inside the block ends its claim.
    generation: u64,
    /// Whether the block records for a backward (grad enabled when it began).
    active: bool,
}

impl<B: Backend> Session<B> {
    /// Begin a checkpointed block; returns its depth (1 for the outermost), which
    /// [`Session::checkpoint_end`] takes back.
    pub fn checkpoint_begin(&mut self) -> usize {
        self.blocks.push(Block {
            start: self.tape.len(),
            generation: self.generation,
            active: self.grad_enabled(),
        });
        self.blocks.len()
    }

    /// Whether an open checkpointed block records for a backward.
    pub(super) fn recording_block(&self) -> bool {
        self.blocks.iter().any(|b| b.active)
    }

    /// End the checkpointed block of depth `depth`. With `release` (the block's function
    /// returned), release the values of the op nodes recorded in it that no Python
    /// `Tensor` names; without (it raised), keep them. Returns the bytes released. A block
    /// the tape was reset or compacted in releases nothing (its nodes are not where it
    /// began); the reference carriers keep their values (they have no placeholder).
    pub fn checkpoint_end(&mut self, depth: usize, release: bool) -> Result<usize> {
        if depth == 0 || depth != self.blocks.len() {
            return Err(Error::Argument(format!(
                "checkpoint: block {depth} ended while {} were open (blocks end innermost \
                 first)",
                self.blocks.len()
            )));
        }
        let Some(block) = self.blocks.pop() else {
            return Ok(0);
        };
        if !release || !block.active || block.generation != self.generation {
            return Ok(0);
        }
        let mut released = 0;
        for i in block.start..self.tape.len() {
            let node = self.tape.node_mut(i);
            if node.op.rule().is_none()
                || node.held()
                || node.closed
                || node.recompute
                || node.value.is_placeholder()
            {
                continue;
            }
            let Some(stub) = B::placeholder(node.value.get()) else {
                continue;
            };
            released += node.value.bytes();
            if let Some(rule) = node.op.rule_mut() {
                rule.forget_workspace();
            }
            Tracked::replace_with_placeholder(&mut node.value, stub, Category::Tape);
            node.pool_slot = None;
            node.recompute = true;
        }
        Ok(released)
    }
}

/// The values a sweep recomputed for nodes a checkpointed block released, by node id
/// (allocated on the first one).
pub(super) struct Recomputed<B: Backend> {
    values: Vec<Option<Value<B>>>,
}

impl<B: Backend> Recomputed<B> {
    pub(super) fn new() -> Self {
        Recomputed { values: Vec::new() }
    }

    /// Node `id`'s value: recomputed, or its own.
    pub(super) fn value<'a>(&'a self, nodes: &'a [Node<B>], id: usize) -> &'a Value<B> {
        self.get(id).unwrap_or(&nodes[id].value)
    }

    /// `node`'s own value (its id `id`): recomputed, or its own.
    pub(super) fn own<'a>(&'a self, node: &'a Node<B>, id: usize) -> &'a Value<B> {
        self.get(id).unwrap_or(&node.value)
    }

    fn get(&self, id: usize) -> Option<&Value<B>> {
        self.values.get(id).and_then(Option::as_ref)
    }

    /// Recompute what visiting `node` (id `id`, its parents in `earlier`) reads: its
    /// parents' values and its own, where a block released them, and what those are made
    /// from in turn.
    pub(super) fn prepare(&mut self, earlier: &[Node<B>], node: &Node<B>, id: usize) -> Result<()> {
        let missing = |r: &Self, j: usize| earlier[j].recompute && r.get(j).is_none();
        if !node.recompute && !node.parents.iter().any(|&j| missing(self, j)) {
            return Ok(());
        }
        if self.values.len() <= id {
            self.values.resize_with(id + 1, || None);
        }
        // Everything to recompute below `node`: the released nodes reachable through
        // released nodes, made in recording order (parents first).
        let mut todo: Vec<usize> = node
            .parents
            .iter()
            .copied()
            .filter(|&j| missing(self, j))
            .collect();
        let mut order = Vec::new();
        let mut seen = vec![false; id]; // bounded: one per tape node (each node is far larger)
        while let Some(j) = todo.pop() {
            if std::mem::replace(&mut seen[j], true) {
                continue;
            }
            order.push(j);
            todo.extend(earlier[j].parents.iter().filter(|&&k| missing(self, k)));
        }
        order.sort_unstable();
        for j in order {
            let v = self.forward(earlier, &earlier[j])?;
            self.values[j] = Some(v);
        }
        if node.recompute && self.get(id).is_none() {
            let v = self.forward(earlier, node)?;
            self.values[id] = Some(v);
        }
        Ok(())
    }

    /// `node`'s value again from its parents' values.
    fn forward(&self, earlier: &[Node<B>], node: &Node<B>) -> Result<Value<B>> {
        let rule = node.op.rule().ok_or_else(|| {
            Error::Backend(format!(
                "checkpoint: a released {} node has no rule to recompute it with",
                node.op.name()
            ))
        })?;
        let xs: Vec<&Value<B>> = node
            .parents
            .iter()
            .map(|&j| self.value(earlier, j))
            .collect();
        crate::guard::contained(rule.name(), || rule.forward(&xs))
    }

    /// The sweep has passed node `id`: every reader of its value has been visited.
    pub(super) fn pass(&mut self, id: usize) {
        if let Some(v) = self.values.get_mut(id) {
            *v = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::backend::dynamic::Dyn;
    use crate::backend::Backend;
    use crate::ops::binary::BinaryOp;
    use crate::ops::testing::{data, dt, param, project, session, Sess};
    use crate::ops::unary::UnaryOp;
    use crate::tape::Handle;

    /// `Σ exp(dropout(sin(x ⊙ w))) ⊙ c` with the middle three ops in a checkpointed block
    /// (`ck`); `w`'s gradient by `backward` (`reset`: `backward_and_reset`), and the tape's
    /// bytes before it.
    fn run(ck: bool, reset: bool) -> (Vec<f64>, usize) {
        let mut s: Sess = session();
        s.set_rng_state(crate::rng::RngState::new(7));
        let w = param(&data(&[3, 4], 1), "w");
        let x = s.input(&dt(&data(&[3, 4], 2)), false).unwrap();
        let wl = s.use_param(&w).unwrap();
        let depth = ck.then(|| s.checkpoint_begin());
        let h = s.record(BinaryOp::Mul.op(), &[x, wl]).unwrap();
        let h = s.record(UnaryOp::Sin.op(), &[h]).unwrap();
        let h = s.dropout(h, 0.5, true).unwrap();
        let y: Handle = s.record(UnaryOp::Exp.op(), &[h]).unwrap();
        let _named = s.name_handle(y); // the block's output, as Python holds it
        if let Some(d) = depth {
            assert!(s.checkpoint_end(d, true).unwrap() > 0);
        }
        let loss = project(&mut s, y);
        let bytes: usize = s.tape_profile().iter().map(|n| n.2).sum();
        let grads = if reset {
            s.backward_and_reset(loss).unwrap().0
        } else {
            s.backward(loss).unwrap()
        };
        let g = grads.get(w.id()).unwrap().value("w").unwrap();
        (Dyn::to_f64(g.get()).unwrap(), bytes)
    }

    #[test]
    fn a_checkpointed_block_gives_the_same_gradients_from_fewer_tape_bytes() {
        for reset in [false, true] {
            let (plain, full) = run(false, reset);
            let (ck, kept) = run(true, reset);
            assert_eq!(
                plain, ck,
                "recomputed values are the forward's (reset: {reset})"
            );
            // Released: the product, the sine, the mask and the masked sine (4 of 3 x 4).
            assert_eq!(full - kept, 4 * 12 * 8);
        }
    }

    #[test]
    fn blocks_end_innermost_first() {
        let mut s: Sess = session();
        let outer = s.checkpoint_begin();
        let inner = s.checkpoint_begin();
        assert!(s.checkpoint_end(outer, true).is_err());
        assert_eq!(s.checkpoint_end(inner, true).unwrap(), 0);
        assert_eq!(s.checkpoint_end(outer, true).unwrap(), 0);
        assert!(s.checkpoint_end(outer, true).is_err(), "no block is open");
    }

    #[test]
    fn a_block_the_tape_was_reset_in_releases_nothing() {
        let mut s: Sess = session();
        let x = s.input(&dt(&data(&[2, 2], 3)), true).unwrap();
        let d = s.checkpoint_begin();
        let _ = s.record(UnaryOp::Sin.op(), &[x]).unwrap();
        s.reset_tape();
        let _ = s.input(&dt(&data(&[2, 2], 4)), true).unwrap();
        assert_eq!(s.checkpoint_end(d, true).unwrap(), 0);
    }
}
