//! The Python `Tensor` objects naming each node of a session's current generation.
//!
//! Ownership: the session holds its [`HandleCounts`] (under the session's own lock). A
//! `Tensor` bumps its node's count when it is created (inside the call that recorded the
//! node, under the lock that call holds already) and lowers it when CPython frees it; when
//! the last one goes, the session may free the node's value
//! ([`crate::session::Session::release_value`]). Nodes never named from Python (Rust
//! callers, a composite op's inner steps) are never freed before the reset.

use crate::tape::Handle;

/// `counts[node]`: 0 if no Python `Tensor` ever named `node` of `generation`, else one
/// more than the number alive now.
#[derive(Debug, Default)]
pub struct HandleCounts {
    generation: u64,
    counts: Vec<u32>,
}

impl HandleCounts {
    /// A new `Tensor` names `h` (a handle of an older generation is not counted).
    pub fn acquire(&mut self, h: Handle) {
        if h.generation > self.generation {
            self.generation = h.generation;
            self.counts.clear();
        }
        if h.generation != self.generation {
            return;
        }
        if self.counts.len() <= h.node {
            self.counts.resize(h.node + 1, 0);
        }
        let c = &mut self.counts[h.node];
        *c = c.saturating_add(if *c == 0 { 2 } else { 1 });
    }

    /// A `Tensor` naming `h` is gone: whether it was the last one alive.
    pub fn release(&mut self, h: Handle) -> bool {
        if h.generation != self.generation {
            return false;
        }
        match self.counts.get_mut(h.node) {
            Some(c) if *c > 1 => {
                *c -= 1;
                *c == 1
            }
            _ => false,
        }
    }

    /// Whether Python named node `node` of `generation` and no `Tensor` names it now.
    pub fn unnamed(&self, generation: u64, node: usize) -> bool {
        generation == self.generation && self.counts.get(node) == Some(&1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(generation: u64, node: usize) -> Handle {
        Handle {
            session: 1,
            generation,
            node,
        }
    }

    #[test]
    fn the_last_release_of_a_named_node_reports_it_unnamed() {
        let mut c = HandleCounts::default();
        c.acquire(h(0, 3));
        c.acquire(h(0, 3));
        assert!(!c.release(h(0, 3)));
        assert!(!c.unnamed(0, 3));
        assert!(c.release(h(0, 3)));
        assert!(c.unnamed(0, 3));
        assert!(
            !c.release(h(0, 3)),
            "a count never goes below named-and-unheld"
        );
    }

    #[test]
    fn nodes_never_named_and_other_generations_are_never_unnamed() {
        let mut c = HandleCounts::default();
        c.acquire(h(0, 1));
        assert!(!c.unnamed(0, 0));
        c.acquire(h(1, 0));
        assert!(
            !c.release(h(0, 1)),
            "a stale handle's release counts for nothing"
        );
        assert!(!c.unnamed(0, 1));
        assert!(c.release(h(1, 0)));
        assert!(c.unnamed(1, 0));
    }
}
