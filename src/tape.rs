//! The tape: the nodes recorded in one generation of a session, in recording order (so a
//! node's parents always have smaller ids), and the handles that name them.

use crate::backend::Backend;
use crate::buffer::Value;
use crate::ops::Op;

/// A user-facing reference to a node: `(session id, generation, node id)`. Owns nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Handle {
    pub session: u64,
    pub generation: u64,
    pub node: usize,
}

pub struct Node<B: Backend> {
    /// The op and its backward workspace (freed with the node).
    pub op: Op<B>,
    /// Ids of the parent nodes, all smaller than this node's id.
    pub parents: Vec<usize>,
    /// The node's value. Owned by the tape for intermediates and inputs (ledger `tape`);
    /// borrowed for parameter leaves (the parameter's snapshot `Arc`) and views (which keep
    /// their base alive).
    pub value: Value<B>,
    /// Whether a gradient flows into this node.
    pub requires_grad: bool,
}

impl<B: Backend> Node<B> {
    /// The tape owns this node's storage (not a leaf snapshot, not a view).
    pub fn owns_value(&self) -> bool {
        !matches!(self.op, Op::Param(_)) && !self.value.is_view()
    }
}

pub struct Tape<B: Backend> {
    nodes: Vec<Node<B>>,
}

impl<B: Backend> Default for Tape<B> {
    fn default() -> Self {
        Tape { nodes: Vec::new() }
    }
}

impl<B: Backend> Tape<B> {
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn push(&mut self, node: Node<B>) -> usize {
        self.nodes.push(node);
        self.nodes.len() - 1
    }

    pub fn node(&self, id: usize) -> &Node<B> {
        &self.nodes[id]
    }

    /// All nodes, in recording order.
    pub fn nodes(&self) -> &[Node<B>] {
        &self.nodes
    }

    /// Take every node off the tape (the caller frees them in its own order).
    pub(crate) fn take_nodes(&mut self) -> Vec<Node<B>> {
        std::mem::take(&mut self.nodes)
    }

    /// Drop every node: first the nodes that own their storage (intermediates, inputs) and
    /// their workspaces, newest first, then the borrowed views and parameter leaves, whose
    /// snapshots are freed here only if this tape was their last holder.
    pub fn clear(&mut self) {
        let mut borrowed = Vec::with_capacity(self.nodes.len());
        while let Some(node) = self.nodes.pop() {
            if node.owns_value() {
                drop(node);
            } else {
                borrowed.push(node);
            }
        }
        drop(borrowed);
    }
}

impl<B: Backend> Drop for Tape<B> {
    fn drop(&mut self) {
        self.clear();
    }
}
