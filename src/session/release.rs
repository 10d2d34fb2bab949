//! What the tape frees before the reset: a value no backward reads, once no Python
//! `Tensor` names it (see [`crate::handles`] for the name slots and `python::tensor` for
//! where they move). The tape then holds what torch's autograd would have saved. (Whole
//! nodes, records and values, are retired by compaction: `compact.rs`.)

use std::sync::Arc;

use super::Session;
use crate::backend::Backend;
use crate::buffer::Tracked;
use crate::handles::NameSlot;
use crate::ledger::Category;
use crate::ops::Op;
use crate::tape::Handle;

/// The least bytes of a pool-kept output that [`Session::release_value`] gives back to the
/// pool before the reset: smaller ones stay until then (giving each back would cost more
/// than it holds: B1's one-element adds).
pub const EARLY_POOL_BYTES: usize = 4 << 10;

impl<B: Backend> Session<B> {
    /// A Python `Tensor` naming `h` is being created: the node's name slot, which the
    /// `Tensor` shares (see [`crate::handles`]); `None` for a handle of another session or
    /// generation.
    pub fn name_handle(&mut self, h: Handle) -> Option<Arc<NameSlot>> {
        if h.session != self.id || h.generation != self.generation || h.node >= self.tape.len() {
            return None;
        }
        if let Some(slot) = &self.tape.node(h.node).name {
            return Some(Arc::clone(slot));
        }
        let slot = self.tape.new_name(h);
        self.tape.node_mut(h.node).name = Some(Arc::clone(&slot));
        Some(slot)
    }

    /// The last Python handle on `h`'s node is gone: free its value if nothing will read it
    /// again (neither its own backward nor a recorded consumer's saves it: `needed`, and it
    /// is an owned intermediate or input, not a parameter's snapshot or a view), as torch
    /// frees a tensor its autograd did not save; a freed view lets its base go the same
    /// way once no Python handle names it either. Values the pool would keep at the reset
    /// (fresh outputs up to [`crate::pool::MAX_BUFFER_BYTES`]) stay until then: the next
    /// forward pass reuses them, and freeing them one by one would cost more than they
    /// hold; from [`EARLY_POOL_BYTES`] up they go back to the pool at once instead (ledger:
    /// cached), for the ops still to come to write into. The node keeps a placeholder of the
    /// same shape, dtype and device (one element, in the ledger), so backward rules still
    /// see operand shapes. Returns whether anything was freed; a handle of another session
    /// or generation frees nothing.
    pub fn release_value(&mut self, h: Handle) -> bool {
        if h.session != self.id || h.generation != self.generation || h.node >= self.tape.len() {
            return false;
        }
        // The common case first, without a lock or an allocation: a value backward reads,
        // one the pool keeps, a parameter's snapshot.
        let node = self.tape.node(h.node);
        if node.needed || matches!(node.op, Op::Param(_)) {
            return false;
        }
        if let Some(slot) = node.pool_slot {
            return self.release_to_pool(h.node, slot);
        }
        // Up through the bases of views to the node owning the storage, while each base is
        // free to go too (a view alone owns nothing worth its placeholder); free that owner
        // if nothing else holds it (its views, this one among them, go with it).
        let mut id = h.node;
        while self.tape.node(id).value.is_view() {
            match self.base_node(id) {
                Some(b) if self.free_to_go(b) => id = b,
                _ => return false,
            }
        }
        self.can_free(id) && self.free_value(id)
    }

    /// Give node `id`'s value (an output the pool would keep, which nothing will read: see
    /// [`Session::release_value`]) back to the pool now, when it has [`EARLY_POOL_BYTES`]
    /// or more and nothing else holds it (no view, no gradient, no export): the node keeps
    /// a placeholder and the pool slot no more.
    fn release_to_pool(&mut self, id: usize, slot: crate::pool::Slot) -> bool {
        let node = self.tape.node(id);
        let value = &node.value;
        if value.bytes() < EARLY_POOL_BYTES
            || Arc::strong_count(value) != 1
            || value.is_view()
            || value.is_placeholder()
            || value.exported()
            || node.held()
        {
            return false;
        }
        let Some(stub) = B::placeholder(value.get()) else {
            return false;
        };
        let node = self.tape.node_mut(id);
        node.pool_slot = None;
        let old = Tracked::swap_for_placeholder(&mut node.value, stub, Category::Tape);
        self.pool.keep_early(old, slot);
        true
    }

    /// Whether node `id` is free to go (no Python handle names it, no backward reads it,
    /// the pool would not keep it, it is no parameter's snapshot), ignoring who else holds
    /// its value.
    fn free_to_go(&self, id: usize) -> bool {
        let node = self.tape.node(id);
        node.named()
            && !node.held()
            && !node.needed
            && node.pool_slot.is_none()
            && !matches!(node.op, Op::Param(_))
            && !node.value.is_placeholder()
    }

    /// The views recorded after node `id` whose base is its value.
    fn views_of(&self, id: usize) -> Vec<usize> {
        let value = &self.tape.node(id).value;
        (id + 1..self.tape.len())
            .filter(|&v| {
                let vn = self.tape.node(v);
                vn.value.base().is_some_and(|b| Arc::ptr_eq(b, value))
            })
            .collect()
    }

    /// The node whose value is node `id`'s base (for a view).
    fn base_node(&self, id: usize) -> Option<usize> {
        let node = self.tape.node(id);
        let base = node.value.base()?;
        node.parents
            .iter()
            .copied()
            .find(|&p| Arc::ptr_eq(&self.tape.node(p).value, base))
    }

    /// Whether node `id`'s value can go now: it is free to go and nothing but views that
    /// can go too holds it.
    fn can_free(&self, id: usize) -> bool {
        if !self.free_to_go(id) {
            return false;
        }
        let value = &self.tape.node(id).value;
        let holders = Arc::strong_count(value);
        if holders > 1 {
            let views = self.views_of(id);
            if 1 + views.len() != holders {
                return false; // a gradient, a detached leaf, a buffer: someone else's
            }
            return views.iter().all(|&v| self.can_free(v));
        }
        true
    }

    /// Free node `id`'s value (after [`Session::can_free`]): its views first, then it,
    /// leaving a placeholder of its shape, dtype and device.
    fn free_value(&mut self, id: usize) -> bool {
        for v in self.views_of(id) {
            self.free_value(v);
        }
        let node = self.tape.node_mut(id);
        let Some(stub) = B::placeholder(node.value.get()) else {
            return false;
        };
        Tracked::replace_with_placeholder(&mut node.value, stub, Category::Tape);
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::ops::binary::BinaryOp;
    use crate::ops::testing::{dt, session_on};
    use crate::ops::unary::UnaryOp;
    use tch::{Kind, Tensor};

    fn big() -> crate::backend::dynamic::DynTensor {
        dt(&Tensor::ones([128, 128], (Kind::Double, tch::Device::Cpu)))
    }

    #[test]
    fn the_last_handle_of_a_value_no_backward_reads_frees_it() {
        let mut s = session_on("libtorch");
        let x = s.input(&big(), false).unwrap();
        let y = s.record(BinaryOp::Add.op(), &[x, x]).unwrap();
        let name = s.name_handle(x).expect("x is of this generation");
        assert_eq!(s.tape_profile()[x.node].2, 128 * 128 * 8);
        assert!(!s.release_value(x), "a named value stays");
        drop(name);
        assert!(s.release_value(x), "+ reads no values: x goes");
        assert_eq!(
            s.tape_profile()[x.node].2,
            0,
            "a placeholder (a view of one shared element) stays"
        );
        assert_eq!(
            s.shape(x).unwrap(),
            vec![128, 128],
            "the placeholder keeps the shape"
        );
        assert_eq!(s.shape(y).unwrap(), vec![128, 128]);
    }

    #[test]
    fn a_pooled_output_nothing_reads_goes_back_to_the_pool_when_its_last_handle_goes() {
        let mut s = session_on("libtorch");
        let x = s
            .input(
                &dt(&Tensor::ones([32, 32], (Kind::Double, tch::Device::Cpu))),
                false,
            )
            .unwrap();
        let y = s.record(BinaryOp::Add.op(), &[x, x]).unwrap(); // 8 KiB, kept at a reset
        let _z = s.record(BinaryOp::Add.op(), &[y, y]).unwrap(); // + reads no values
        let name = s.name_handle(y).expect("y is of this generation");
        assert_eq!(s.tape_profile()[y.node].2, 32 * 32 * 8);
        drop(name);
        assert!(s.release_value(y));
        assert_eq!(s.tape_profile()[y.node].2, 0, "a placeholder stays");
        assert_eq!(s.cached_bytes(), 32 * 32 * 8, "the pool holds y's buffer");
        // The reset keeps it as its own (and z's buffer beside it).
        s.reset_tape();
        assert_eq!(s.cached_bytes(), 2 * 32 * 32 * 8);
    }

    #[test]
    fn a_small_pooled_output_stays_until_the_reset() {
        let mut s = session_on("libtorch");
        let x = s
            .input(
                &dt(&Tensor::ones([4, 4], (Kind::Double, tch::Device::Cpu))),
                false,
            )
            .unwrap();
        let y = s.record(BinaryOp::Add.op(), &[x, x]).unwrap(); // 128 bytes
        let _z = s.record(BinaryOp::Add.op(), &[y, y]).unwrap();
        drop(s.name_handle(y));
        assert!(
            !s.release_value(y),
            "below EARLY_POOL_BYTES: kept until the reset"
        );
        assert_eq!(s.tape_profile()[y.node].2, 128);
    }

    #[test]
    fn a_value_a_backward_reads_stays() {
        let mut s = session_on("libtorch");
        let x = s.input(&big(), true).unwrap();
        let _y = s.record(UnaryOp::Sin.op(), &[x]).unwrap(); // sin's backward reads x
        drop(s.name_handle(x));
        assert!(!s.release_value(x));
    }

    #[test]
    fn a_node_never_named_from_python_is_never_freed() {
        let mut s = session_on("libtorch");
        let x = s.input(&big(), false).unwrap();
        assert!(!s.release_value(x), "no Python handle ever named it");
    }

    #[test]
    fn reference_carriers_keep_their_values() {
        let mut s = session_on("reference");
        let x = s.input(&big(), false).unwrap();
        drop(s.name_handle(x));
        assert!(
            !s.release_value(x),
            "the reference backend has no placeholder"
        );
    }
}
