//! The torch-style lifetimes of docs/design.md ("Lifetimes in the torch-style API"): parameters
//! read implicitly (one leaf per parameter until its value changes or a backward closes
//! the graph), and compaction, which retires every node no Python handle names and no open
//! part of the graph reads, record and value, so that a loop of `loss.backward();
//! opt.step()` (or of evaluation under `no_grad`) never grows the tape.
//!
//! Ownership: compaction takes every node off the tape, keeps the live ones in recording
//! order under new ids (writing each kept node's new handle into its name slot, so the
//! Python `Tensor`s naming it follow) and drops the rest newest first, handing small
//! intermediates to the pool as a reset does. A kept node whose parents are no longer
//! needed (closed by a backward, or never differentiated) becomes a leaf of its value.

use std::sync::Arc;

use super::Session;
use crate::backend::Backend;
use crate::error::Result;
use crate::handles::NameSlot;
use crate::ledger;
use crate::ops::Op;
use crate::param::Parameter;
use crate::tape::{Handle, Node, Parents};

/// The smallest tape a compaction triggered by length looks at.
pub const MIN_COMPACT: usize = 1024;

/// Whether a kept node keeps its parents: a backward may still pass through it.
fn keeps_parents<B: Backend>(node: &Node<B>) -> bool {
    node.requires_grad && !node.closed && !node.parents.is_empty()
}

impl<B: Backend> Session<B> {
    /// The leaf an `et.Parameter` given directly to an op reads: the one recorded for it
    /// since its value last changed and since the last closing backward, under the same
    /// grad mode, or a new one
    /// ([`Session::use_param`]). So a tied weight read twice in a forward pass is one
    /// leaf, and its gradient is the sum of both uses.
    pub fn use_param_implicit(&mut self, p: &Arc<Parameter<B>>) -> Result<Handle> {
        let version = p.version();
        // A leaf recorded under another grad mode (or before `p.requires_grad` changed)
        // would carry the wrong `requires_grad`: record a new one.
        let wants_grad = p.requires_grad() && self.grad_enabled();
        if let Some(&(node, v)) = self.param_leaves.get(&p.id()) {
            if v == version && node < self.tape.len() {
                let leaf = self.tape.node(node);
                if let Op::Param(q) = &leaf.op {
                    if Arc::ptr_eq(q, p) && leaf.requires_grad == wants_grad {
                        return Ok(self.handle(node));
                    }
                }
            }
        }
        let h = self.use_param_in(p, true)?;
        self.param_leaves.insert(p.id(), (h.node, version));
        Ok(h)
    }

    /// Compact the tape now (unless a capture, a replay or a checkpointed block holds node
    /// ids) and free the recycled buffers: what no tensor names, no live parameter needs and
    /// no backward can reach goes.
    pub fn collect(&mut self) {
        if self.capture.is_none() && !self.replaying && self.blocks.is_empty() {
            self.compact();
        }
        self.empty_cache();
    }

    /// Whether the tape has grown enough, while recording without grad or after a closing
    /// backward, to be compacted now (the binding asks after naming a new tensor).
    pub fn wants_compaction(&self) -> bool {
        self.tape.len() >= self.compact_at
            && (self.torch_style || !self.grad_enabled())
            && self.blocks.is_empty()
            && self.capture.is_none()
    }

    /// Retire every node that no Python `Tensor` names, that is no parameter's current
    /// implicit leaf, and that no kept node a backward may pass through reads; renumber
    /// the rest (a new generation: their names move with them). Returns how many nodes
    /// were retired.
    pub fn compact(&mut self) -> usize {
        let mut nodes = self.tape.take_nodes();
        let n = nodes.len();
        // A parameter nothing outside this session holds any more (its module and optimizer
        // are gone) keeps no leaf here, and its gradient goes, as it would with the
        // parameter in torch: a session that is never reset (the default one) keeps nothing
        // of the models it ran.
        let store = &self.store;
        self.param_leaves
            .retain(|_, &mut (id, _)| match nodes.get(id).map(|l| &l.op) {
                Some(Op::Param(p)) => Arc::strong_count(p) > 1 + usize::from(store.holds(p.id())),
                _ => true,
            });
        // `t.grad`'s entry holds its leaf's name too: a node that only it still names (the
        // tensor was dropped) is not held, and its gradient goes below.
        let graded: Vec<*const NameSlot> = self
            .leaf_grads
            .iter()
            .map(|(s, _)| Arc::as_ptr(s))
            .collect();
        let held = |node: &Node<B>| {
            node.name
                .iter()
                .chain(&node.aliases)
                .any(|s| Arc::strong_count(s) > 1 + usize::from(graded.contains(&Arc::as_ptr(s))))
        };
        let mut live = vec![false; n]; // bounded: one per tape node (each node is far larger)
        for &(id, _) in self.param_leaves.values() {
            if let Some(l) = live.get_mut(id) {
                *l = true;
            }
        }
        for i in (0..n).rev() {
            let node = &nodes[i];
            if held(node) {
                live[i] = true;
            }
            if live[i] && keeps_parents(node) {
                for &p in node.parents.iter() {
                    live[p] = true;
                }
            }
        }
        let generation = self.generation + 1;
        // bounded: one per tape node (each node is far larger)
        let mut new_id = vec![usize::MAX; n];
        // bounded: one per tape node (each node is far larger)
        let mut kept: Vec<Node<B>> = Vec::with_capacity(live.iter().filter(|&&l| l).count());
        // bounded: one per tape node (each node is far larger)
        let mut dead: Vec<Node<B>> = Vec::with_capacity(n - kept.capacity());
        for (i, mut node) in nodes.drain(..).enumerate() {
            if !live[i] {
                dead.push(node);
                continue;
            }
            let id = kept.len();
            new_id[i] = id;
            if keeps_parents(&node) {
                let parents: Vec<Handle> = node
                    .parents
                    .iter()
                    .map(|&p| Handle {
                        session: self.id,
                        generation,
                        node: new_id[p],
                    })
                    .collect();
                node.parents = Parents::of(&parents);
            } else if !node.parents.is_empty() {
                // No backward passes through it again: a leaf of its value (its op's
                // workspace goes now).
                node.parents = Parents::none();
                node.op = Op::Input;
                node.recompute = false;
            }
            node.move_names(generation, id);
            kept.push(node);
        }
        for (id, _) in self.param_leaves.values_mut() {
            *id = new_id.get(*id).copied().unwrap_or(usize::MAX);
        }
        self.param_leaves.retain(|_, (id, _)| *id != usize::MAX);
        let retired = dead.len();
        let pool = &mut self.pool;
        let tape = &mut self.tape;
        ledger::batched(|| {
            pool.retire();
            // Newest first: views before their bases.
            while let Some(node) = dead.pop() {
                let Node {
                    op,
                    value,
                    pool_slot,
                    name,
                    ..
                } = node;
                tape.recycle_name(name);
                drop(op);
                match pool_slot {
                    Some(slot) => pool.keep(value, slot),
                    None => drop(value),
                }
            }
        });
        self.leaf_grads
            .retain(|(slot, _)| Arc::strong_count(slot) > 1);
        self.store.forget_orphans();
        self.compact_at = (2 * kept.len()).max(MIN_COMPACT);
        tape.set_nodes(kept);
        self.generation = generation;
        retired
    }

    /// An in-place method on a tensor (`x.add_(1)`, `x += y`, `x[mask] = v`): the Python
    /// `Tensor`s naming `from` name `to` from now on (`to`, just recorded from `from`, is
    /// their new value; `from` stays on the tape for the backward of `to`). The caller
    /// asks [`Session::check_rebind`] first, before it records `to`, so that a refused
    /// in-place call records nothing.
    ///
    /// Under `no_grad`, a leaf that requires grad stays one (torch's `with no_grad(): w -=
    /// lr * g`): `to` becomes a leaf requiring grad with the new value, so a later backward
    /// accumulates into the same `w.grad`.
    pub fn rebind(&mut self, from: Handle, to: Handle) -> Result<()> {
        self.check(&[from, to])?;
        let generation = self.generation;
        let keeps_leaf = {
            let src = self.tape.node(from.node);
            !self.grad_enabled()
                && src.requires_grad
                && matches!(src.op, crate::ops::Op::Input)
                && !self.tape.node(to.node).requires_grad
        };
        if keeps_leaf {
            let dst = self.tape.node_mut(to.node);
            dst.op = crate::ops::Op::Input;
            dst.parents = crate::tape::Parents::none();
            dst.requires_grad = true;
            // the leaf's gradient (`t.grad`) is kept by its first name: the rebound
            // tensor's, not the temporary result's
            if let Some(temporary) = dst.name.take() {
                dst.aliases.push(temporary);
            }
        }
        let src = self.tape.node_mut(from.node);
        src.move_names(generation, to.node);
        let mut moved: Vec<Arc<NameSlot>> = src.name.take().into_iter().collect();
        moved.append(&mut src.aliases.take());
        let dst = self.tape.node_mut(to.node);
        if dst.name.is_none() && !moved.is_empty() {
            dst.name = Some(moved.remove(0));
        }
        dst.aliases.extend(moved);
        Ok(())
    }

    /// Whether an in-place method may rebind the names of `from` (see
    /// [`Session::rebind`]): refused when another live tensor shares its storage (a view of
    /// it, or the base it views), whose value torch would change too.
    pub fn check_rebind(&self, from: Handle, what: &str) -> Result<()> {
        self.check(&[from])?;
        /// The value owning the storage `v` shows (itself unless it is a view).
        fn root<B: Backend>(mut v: &crate::buffer::Value<B>) -> &crate::buffer::Value<B> {
            while let Some(b) = v.base() {
                v = b;
            }
            v
        }
        let storage = root(&self.tape.node(from.node).value);
        let aliased = (0..self.tape.len()).any(|i| {
            let n = self.tape.node(i);
            i != from.node && n.held() && Arc::ptr_eq(root(&n.value), storage)
        });
        if aliased {
            return Err(crate::error::Error::Argument(format!(
                "{what}: this tensor shares its storage with another live tensor (a view of \
                 it, or the base it views); torch would change both, eagertape's tensors are \
                 values: compute the result out of place instead (y = x + 1 rather than \
                 x += 1, y = x.masked_fill(m, v) rather than x[m] = v)"
            )));
        }
        Ok(())
    }

    /// After a backward without `retain_graph`: close the op nodes it visited (their
    /// backward may not run again), forget the implicit parameter leaves (the next
    /// forward pass reads each parameter's value then), and compact.
    /// After a backward with `retain_graph`: nothing is closed, but the tape is compacted
    /// as it grows from now on (see [`Session::close`]), so graphs no tensor names go.
    pub(crate) fn retained(&mut self) {
        self.torch_style = true;
    }

    pub(crate) fn close(&mut self, visited: &[usize]) {
        for &id in visited {
            let node = self.tape.node_mut(id);
            if !node.parents.is_empty() {
                node.closed = true;
            }
        }
        self.param_leaves.clear();
        self.torch_style = true;
        // A capture maps node ids to its entries, a replay holds handles of its entries:
        // the compaction waits for their end.
        if self.capture.is_none() && !self.replaying {
            self.compact();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::backend::Backend;
    use crate::ops::binary::BinaryOp;
    use crate::ops::testing::{dt, session_on};
    use crate::ops::unary::UnaryOp;
    use crate::ops::Op;
    use crate::param::Parameter;
    use tch::{Kind, Tensor};

    fn ones(n: i64) -> crate::backend::dynamic::DynTensor {
        dt(&Tensor::ones([n], (Kind::Double, tch::Device::Cpu)))
    }

    #[test]
    fn compaction_retires_unnamed_nodes_and_moves_the_names_it_keeps() {
        let mut s = session_on("libtorch");
        let x = s.input(&ones(4), false).unwrap();
        let y = s.record(UnaryOp::Exp.op(), &[x]).unwrap();
        let z = s.record(UnaryOp::Sin.op(), &[y]).unwrap();
        let name = s.name_handle(z).unwrap(); // Python holds z only
        assert_eq!(s.tape_len(), 3);
        let before = s.value(z).unwrap();
        assert_eq!(
            s.compact(),
            2,
            "x and y: no requires_grad, nobody names them"
        );
        assert_eq!(s.tape_len(), 1);
        let moved = name.handle();
        assert_eq!((moved.node, moved.generation), (0, z.generation + 1));
        assert!(
            Arc::ptr_eq(&s.value(moved).unwrap(), &before),
            "the value itself, kept"
        );
        assert!(s.value(z).is_err(), "the old handle is stale");
    }

    #[test]
    fn a_closing_backward_frees_the_graph_and_refuses_a_second_one() {
        let mut s = session_on("libtorch");
        let p = Parameter::new(&ones(3), None, true).unwrap();
        let w = s.use_param_implicit(&p).unwrap();
        let y = s.record(UnaryOp::Sin.op(), &[w]).unwrap();
        let loss = s.record(Op::sum(&[], false), &[y]).unwrap();
        let name = s.name_handle(loss).unwrap();
        s.backward_closing(loss, false).unwrap();
        assert_eq!(s.tape_len(), 1, "only the named loss stays");
        let g = s.store().get(p.id()).unwrap().value("test").unwrap();
        let got = crate::backend::dynamic::Dyn::to_f64(g.get()).unwrap();
        assert_eq!(got, vec![1.0f64.cos(); 3], "d/dw sum(sin w) at w = 1");
        let err = s.backward_closing(name.handle(), false).unwrap_err();
        assert!(err.to_string().contains("second time"), "{err}");
    }

    #[test]
    fn a_parameter_read_implicitly_is_one_leaf_until_its_value_changes() {
        let mut s = session_on("libtorch");
        let p = Parameter::new(&ones(2), None, true).unwrap();
        let a = s.use_param_implicit(&p).unwrap();
        assert_eq!(s.use_param_implicit(&p).unwrap(), a, "read twice: one leaf");
        p.assign(&ones(2)).unwrap();
        assert_ne!(
            s.use_param_implicit(&p).unwrap(),
            a,
            "a new version: a new leaf"
        );
    }

    #[test]
    fn a_leaf_read_under_no_grad_is_not_reused_when_grad_is_back() {
        let mut s = session_on("libtorch");
        let p = Parameter::new(&ones(2), None, true).unwrap();
        let prev = crate::grad_mode::set(false);
        let frozen = s.use_param_implicit(&p).unwrap();
        crate::grad_mode::set(prev);
        let live = s.use_param_implicit(&p).unwrap();
        assert_ne!(live, frozen);
        assert!(
            s.requires_grad(live).unwrap(),
            "the leaf of a grad-enabled read trains"
        );
    }

    #[test]
    fn rebinding_is_refused_while_a_view_of_the_value_is_named() {
        let mut s = session_on("libtorch");
        let x = s.input(&ones(4), false).unwrap();
        let t = s.record(BinaryOp::Add.op(), &[x, x]).unwrap();
        let t_name = s.name_handle(t).unwrap();
        let v = s
            .record(
                Op::shape_view(crate::ops::view::ShapeView::Unsqueeze(0)),
                &[t],
            )
            .unwrap();
        let v_name = s.name_handle(v).unwrap();
        let out = s.record(UnaryOp::Exp.op(), &[t]).unwrap();
        assert!(s.check_rebind(t, "exp_").is_err());
        drop(v_name);
        s.check_rebind(t, "exp_").unwrap();
        s.rebind(t, out).unwrap();
        assert_eq!(
            t_name.handle().node,
            out.node,
            "the name follows the new value"
        );
    }

    #[test]
    fn an_in_place_write_keeps_the_dtype_of_the_tensor_written() {
        // torch: x = torch.ones(2, dtype=torch.float32); x.add_(torch.ones(2, dtype=torch.float64))
        // leaves x float32 with [2., 2.]
        let mut s = session_on("libtorch");
        let x = s.input(&ones(2), false).unwrap();
        let x = s
            .to(x, Some(crate::config::DType::Float32), None, false)
            .unwrap();
        let name = s.name_handle(x).unwrap();
        let y = s.input(&ones(2), false).unwrap();
        let sum = s.record(BinaryOp::Add.op(), &[x, y]).unwrap();
        assert_eq!(s.dtype_of(sum).unwrap(), crate::config::DType::Float64);
        s.check_rebind(x, "add_").unwrap();
        let now = s.write_in_place(x, sum).unwrap();
        assert_eq!(name.handle(), now, "the name follows the written value");
        assert_eq!(s.dtype_of(now).unwrap(), crate::config::DType::Float32);
        let v = crate::backend::dynamic::Dyn::to_f64(s.value(now).unwrap().get()).unwrap();
        assert_eq!(v, vec![2.0, 2.0]);
        assert_eq!(
            s.write_in_place(now, now).unwrap(),
            now,
            "writing itself is a no-op"
        );
    }
}
