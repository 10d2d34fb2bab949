//! The names Python gives to nodes: one [`NameSlot`] per node that a Python `Tensor` ever
//! named, shared by every `Tensor` naming it.
//!
//! Ownership: the node holds one reference to its slot (`Node::name`), each Python `Tensor`
//! naming the node one more, so the node is *held* while the slot's count exceeds one. A
//! `Tensor` reads its handle from the slot, not from a copy: when the session compacts its
//! tape (`Session::compact`, which renumbers the nodes it keeps and starts a new epoch),
//! it writes each kept node's new handle into the node's slot, so every `Tensor` naming it
//! follows. A slot whose node is gone (a reset) keeps its last handle, which is then stale.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

/// A user-facing reference to a node: `(session id, generation, node id)`. Owns nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Handle {
    pub session: u64,
    pub generation: u64,
    pub node: usize,
}

/// A result that is one tensor, or another kind of result, as the call's arguments decide:
/// a tuple of tensors (`nonzero(as_tuple=...)`, `unique(return_inverse=...)`: [`OneOrTuple`]),
/// or a pair (`median(dim)`, `max(dim)`: [`OneOrPair`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OneOr<T> {
    One(Handle),
    Other(T),
}

/// One tensor or a tuple of them.
pub type OneOrTuple = OneOr<Vec<Handle>>;
/// One tensor (over every element) or a pair (along a dim: values and indices).
pub type OneOrPair = OneOr<(Handle, Handle)>;

#[derive(Debug)]
pub struct NameSlot {
    session: u64,
    /// The epoch of the handle (see `Session::check`).
    generation: AtomicU64,
    node: AtomicUsize,
}

impl NameSlot {
    pub fn new(h: Handle) -> Arc<NameSlot> {
        Arc::new(NameSlot {
            session: h.session,
            generation: AtomicU64::new(h.generation),
            node: AtomicUsize::new(h.node),
        })
    }

    /// The handle the node has now. Written only under the session's lock; a reader
    /// outside it may see the handle of the epoch before a compaction, which the session
    /// then refuses as stale (never another node).
    pub fn handle(&self) -> Handle {
        // The node is stored first and the epoch last (`set`), and read the other way
        // round here: a reader that sees the new epoch also sees the new node.
        let generation = self.generation.load(Ordering::Acquire);
        let node = self.node.load(Ordering::Acquire);
        Handle {
            session: self.session,
            generation,
            node,
        }
    }

    /// Move the name to node `node` of epoch `generation` (under the session's lock).
    pub(crate) fn set(&self, generation: u64, node: usize) {
        // Invalidate first: a reader between the two stores sees a handle no epoch has.
        self.generation.store(u64::MAX, Ordering::Release);
        self.node.store(node, Ordering::Release);
        self.generation.store(generation, Ordering::Release);
    }
}

/// Whether a node's slot says a Python `Tensor` names it now.
pub fn held(slot: &Option<Arc<NameSlot>>) -> bool {
    slot.as_ref().is_some_and(|s| Arc::strong_count(s) > 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_is_held_while_a_tensor_shares_it_and_follows_a_move() {
        let mut name = Some(NameSlot::new(Handle {
            session: 1,
            generation: 0,
            node: 3,
        }));
        assert!(!held(&name), "the node's own reference is not a name");
        let tensor = Arc::clone(name.as_ref().unwrap());
        assert!(held(&name));
        name.as_ref().unwrap().set(5, 0);
        assert_eq!(
            tensor.handle(),
            Handle {
                session: 1,
                generation: 5,
                node: 0
            }
        );
        drop(tensor);
        assert!(!held(&name));
        name.take();
    }
}
