//! The reverse sweep: `Session::backward`, `backward_into` and `backward_and_reset`.
//!
//! Ownership during a sweep: the cotangent slots (`cot`, one per node up to the loss) own
//! every cotangent; a node's cotangent is taken out of its slot when the node is visited,
//! handed to the op's rule by value, and freed (or reused as a parent's cotangent) right
//! after. Parameter leaves move their cotangent into a fresh [`GradMap`]; nothing reaches
//! the caller's map unless the whole sweep succeeds.

use std::sync::atomic::Ordering;

use std::collections::HashMap;
use std::sync::Arc;

use super::checkpoint::Recomputed;
use super::Session;
use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::grads::GradMap;
use crate::handles::NameSlot;
use crate::ops::{grad_value, Arith, Grad, Op};
use crate::param::Parameter;
use crate::tape::{Handle, Node};

impl<B: Backend> Session<B> {
    /// Reverse sweep from `loss` into a new gradient map.
    pub fn backward(&self, loss: Handle) -> Result<GradMap<B>> {
        let grads = GradMap::new();
        self.backward_into(loss, &grads)?;
        Ok(grads)
    }

    /// Test hook: make the next backward fail with a `Backend` error when it visits its
    /// `k`-th node (1-based), as a kernel failure there would; `None` disarms it.
    pub fn inject_backward_failure(&self, k: Option<usize>) {
        self.fail_backward_at
            .store(k.unwrap_or(usize::MAX), Ordering::Relaxed);
    }

    fn injected(&self, visited: usize) -> Result<()> {
        if visited == self.fail_backward_at.load(Ordering::Relaxed) {
            self.fail_backward_at.store(usize::MAX, Ordering::Relaxed);
            return Err(Error::Backend(format!(
                "injected failure at backward node {visited}"
            )));
        }
        Ok(())
    }

    /// Check that `loss` can seed a backward pass: a valid handle, one element, a session
    /// with grad enabled, and a dependence on something that requires grad.
    fn check_loss(&self, loss: Handle) -> Result<Vec<i64>> {
        self.check(&[loss])?;
        let root = self.tape.node(loss.node);
        let shape = B::shape(root.value.get());
        if B::numel(root.value.get()) != 1 {
            return Err(Error::Shape(format!(
                "backward: the loss must be a scalar (one element), got shape {shape:?}"
            )));
        }
        if !self.config.grad_enabled {
            return Err(Error::Grad(format!(
                "backward: session {} was created with grad_enabled=False",
                self.id
            )));
        }
        if root.closed {
            return Err(second_backward());
        }
        if !root.requires_grad {
            return Err(Error::Grad(
                "backward: the loss does not depend on any parameter that requires grad".into(),
            ));
        }
        Ok(shape)
    }

    /// Reverse sweep from `loss`, adding each trainable parameter's gradient into `into`.
    /// Visits only nodes that received a cotangent, newest first, and frees each cotangent
    /// as soon as its node has passed it on. Nothing is added unless the whole sweep
    /// succeeds.
    pub fn backward_into(&self, loss: Handle, into: &GradMap<B>) -> Result<()> {
        self.sweep_into(loss, into, None, None).map(|_| ())
    }

    /// torch's `loss.backward(retain_graph=...)`: the sweep of [`Session::backward_into`]
    /// into the session's gradient store (`p.grad`). Without `retain_graph` the op nodes
    /// it ran through are closed (a second backward through them is an error, as in
    /// torch) and the tape is compacted: what only this backward needed goes, and what
    /// Python still names stays readable.
    pub fn backward_closing(&mut self, loss: Handle, retain_graph: bool) -> Result<()> {
        self.backward_closing_with(loss, retain_graph, None)
    }

    /// torch's `backward(create_graph=..., inputs=...)`: neither exists here (no
    /// higher-order gradients; every leaf's gradient is computed), an `ArgumentError`.
    pub fn check_backward_options(create_graph: bool, inputs: bool) -> Result<()> {
        if create_graph || inputs {
            return Err(Error::Argument(
                "backward(): create_graph=True and inputs= are not supported (eagertape has no \
                 higher-order gradients)"
                    .into(),
            ));
        }
        Ok(())
    }

    /// [`Session::backward_closing_with`] for a data-parallel wrapper: each bucket of
    /// `layout` is packed into its flat tensor once every gradient in it is final and every
    /// earlier bucket went, then `launch(k)` is told (the wrapper starts its all-reduce). The
    /// gradients of buckets that never went are dropped with the sweep.
    pub fn backward_bucketed(
        &mut self,
        loss: Handle,
        retain_graph: bool,
        layout: &crate::buckets::Layout<B>,
        mut launch: impl FnMut(usize) -> Result<()>,
    ) -> Result<()> {
        let mut buckets = crate::buckets::Buckets::new(layout.ids());
        let mut ready = |p: &Arc<Parameter<B>>, g: &Value<B>| -> Result<()> {
            for (k, grads) in buckets.ready(p.id(), g) {
                layout.fill(k, &grads)?;
                drop(grads);
                launch(k)?;
            }
            Ok(())
        };
        self.backward_closing_with(loss, retain_graph, Some(&mut ready))
    }

    /// [`Session::backward_closing`], calling `ready(p, g)` as soon as parameter `p`'s
    /// gradient is final in this sweep (its last leaf on the tape has been visited), with
    /// `g` the gradient `p.grad` will hold once the sweep ends (this sweep's, plus what the
    /// store held): a data-parallel wrapper starts reducing it while the rest of backward
    /// runs. `g` is shared with the sweep (read it, do not keep it). An error from `ready`
    /// ends the sweep as any other: nothing reaches the store.
    pub fn backward_closing_with(
        &mut self,
        loss: Handle,
        retain_graph: bool,
        ready: Option<&mut ReadyHook<'_, B>>,
    ) -> Result<()> {
        let mut leaves = Vec::new();
        let visited = self.sweep_into(loss, &self.store, Some(&mut leaves), ready)?;
        self.finish_backward(loss, retain_graph, leaves, &visited)
    }

    /// The first half of a backward whose parameter gradients the caller transforms before
    /// they reach the store (`p.register_hook`): the sweep, into a map of this backward's
    /// gradients only. Nothing is stored and no node closed until
    /// [`Session::commit_backward`]; the [`Staged`] result holds values, no borrow of the
    /// tape, so the session can be used in between.
    pub fn backward_staged(&mut self, loss: Handle) -> Result<Staged<B>> {
        let grads = GradMap::new();
        let mut leaves = Vec::new();
        let visited = self.sweep_into(loss, &grads, Some(&mut leaves), None)?;
        Ok(Staged {
            grads,
            leaves,
            visited,
            generation: self.generation,
            tape_len: self.tape.len(),
        })
    }

    /// The second half of [`Session::backward_staged`]: `staged.grads` (as the caller left
    /// them) added into the store, the input leaves' gradients kept, the graph closed (or
    /// retained), as `backward_closing` ends. Refused, with nothing stored, when the tape was
    /// reset or a node of the sweep closed in between.
    pub fn commit_backward(
        &mut self,
        staged: Staged<B>,
        loss: Handle,
        retain_graph: bool,
    ) -> Result<()> {
        let nodes = self.tape.nodes();
        let moved = self.generation != staged.generation
            || self.tape.len() < staged.tape_len
            || staged.visited.iter().any(|&i| nodes[i].closed);
        if moved {
            return Err(Error::Grad(
                "backward: the tape was reset, compacted or swept by another backward while \
                 its gradient hooks ran; no gradient was stored"
                    .into(),
            ));
        }
        for (p, buf) in staged.grads.items() {
            if let Ok(v) = buf.value("backward") {
                self.store.accumulate(&p, v)?;
            }
        }
        self.finish_backward(loss, retain_graph, staged.leaves, &staged.visited)
    }

    /// What every closing backward does after its sweep: the capture's record, the input
    /// leaves' gradients, the graph closed (or retained).
    fn finish_backward(
        &mut self,
        loss: Handle,
        retain_graph: bool,
        leaves: Vec<(usize, Value<B>)>,
        visited: &[usize],
    ) -> Result<()> {
        if let Some(r) = self.capture.as_mut() {
            r.backward(loss.node, retain_graph);
        }
        for (i, g) in leaves {
            let node = self.tape.node(i);
            if let Some(slot) = node.name.as_ref().or(node.aliases.first()) {
                let slot = Arc::clone(slot);
                self.add_leaf_grad(slot, g)?;
            }
        }
        if !retain_graph {
            self.close(visited);
        } else {
            // The graph stays for another backward while a tensor names it; once the loss
            // (and every tensor of the graph) is dropped, the tape's growth compaction
            // retires it, as torch frees a retained graph with its last tensor.
            self.retained();
        }
        Ok(())
    }

    /// Add `g` into the gradient of the input leaf named by `slot` (torch's `t.grad` of a
    /// tensor made with `requires_grad=True`).
    fn add_leaf_grad(&mut self, slot: Arc<NameSlot>, g: Value<B>) -> Result<()> {
        if let Some((_, buf)) = self.leaf_grads.iter().find(|(s, _)| Arc::ptr_eq(s, &slot)) {
            return buf.with_slot(|cur| crate::grads::add_into(cur, g));
        }
        self.leaf_grads.push((slot, crate::buffer::Buffer::new(g)));
        Ok(())
    }

    /// torch's `retain_grad()`: the next backward stores the cotangent of `h`, an op's
    /// result that requires grad, as its `.grad` (a leaf's is stored anyway: no change).
    pub fn retain_grad(&mut self, h: Handle) -> Result<()> {
        self.check(&[h])?;
        let node = self.tape.node(h.node);
        if !node.requires_grad {
            return Err(Error::Grad(
                "can't retain_grad on Tensor that has requires_grad=False".into(),
            ));
        }
        if !node.parents.is_empty() {
            self.tape.node_mut(h.node).retains_grad = true;
        }
        Ok(())
    }

    /// Whether `h` is an op's result whose `.grad` the next backward stores
    /// (`retain_grad()`); false for a leaf, as torch's `retains_grad`.
    pub fn retains_grad(&self, h: Handle) -> Result<bool> {
        self.check(&[h])?;
        Ok(self.tape.node(h.node).retains_grad)
    }

    /// The gradient `loss.backward()` left for the input leaf named by `slot`.
    pub fn leaf_grad(&self, slot: &Arc<NameSlot>) -> Option<Arc<crate::buffer::Buffer<B>>> {
        self.leaf_grads
            .iter()
            .find(|(s, _)| Arc::ptr_eq(s, slot))
            .map(|(_, b)| Arc::clone(b))
    }

    /// `t.grad = None`.
    pub fn clear_leaf_grad(&mut self, slot: &Arc<NameSlot>) {
        self.leaf_grads.retain(|(s, b)| {
            let keep = !Arc::ptr_eq(s, slot);
            if !keep {
                b.release();
            }
            keep
        });
    }

    /// The sweep of `backward_into`; returns the ids of the nodes it visited. With
    /// `leaves`, the cotangents of named input leaves that require grad go there.
    fn sweep_into(
        &self,
        loss: Handle,
        into: &GradMap<B>,
        mut leaves: Option<&mut Vec<(usize, Value<B>)>>,
        mut ready: Option<&mut ReadyHook<'_, B>>,
    ) -> Result<Vec<usize>> {
        let shape = self.check_loss(loss)?;
        let _guard = B::no_grad();
        for (p, buf) in into.items() {
            buf.value(&format!(
                "backward(into=...): gradient of parameter {}",
                p.label()
            ))?;
        }
        let nodes = self.tape.nodes();
        let dtype = B::dtype(self.tape.node(loss.node).value.get());
        let (fresh, mut cot) = seed::<B>(loss.node, &shape, dtype, self.config.device)?;
        let mut visited = Vec::new();
        let mut recomputed = Recomputed::new();
        // With a ready hook: how many leaves of each parameter are still to be visited.
        let mut pending: HashMap<u64, usize> = HashMap::new();
        if ready.is_some() {
            for node in &nodes[..=loss.node] {
                if let (Op::Param(p), true) = (&node.op, node.requires_grad) {
                    *pending.entry(p.id()).or_default() += 1;
                }
            }
        }
        for i in (0..=loss.node).rev() {
            if let Some(g) = cot[i].take() {
                visited.push(i);
                self.injected(visited.len())?;
                let node = &nodes[i];
                if let (Some(l), Op::Input) = (leaves.as_deref_mut(), &node.op) {
                    if node.requires_grad && node.named() && !node.closed {
                        l.push((i, owned_grad(g)?));
                        continue;
                    }
                }
                if let (Some(l), true) = (leaves.as_deref_mut(), node.retains_grad) {
                    // `retain_grad()`: a copy of the cotangent for `.grad`, the sweep goes on
                    if node.named() && !node.closed {
                        l.push((i, grad_value::<B>(B::copy(g.get())?)));
                    }
                }
                recomputed.prepare(&nodes[..i], node, i)?;
                visit(&nodes[..i], node, i, g, &mut cot, &fresh, &recomputed)?;
                if let (Some(hook), Op::Param(p)) = (ready.as_deref_mut(), &node.op) {
                    if node.requires_grad && p.requires_grad() {
                        let left = pending.entry(p.id()).or_insert(1);
                        *left = left.saturating_sub(1);
                        if *left == 0 {
                            announce(hook, p, &fresh, into)?;
                        }
                    }
                }
            }
            recomputed.pass(i);
        }
        for (p, buf) in fresh.items() {
            if let Ok(v) = buf.value("backward") {
                into.accumulate(&p, v)?;
            }
        }
        Ok(visited)
    }

    /// Refuse a sweep from `root` that would reach a closed node (a dry run over the
    /// nodes' parents only: no kernel runs).
    fn check_open(&self, root: usize) -> Result<()> {
        let nodes = self.tape.nodes();
        // bounded: one per tape node (each node is far larger)
        let mut reached = vec![false; root + 1];
        reached[root] = true;
        for i in (0..=root).rev() {
            if !reached[i] || !nodes[i].requires_grad {
                continue;
            }
            if nodes[i].closed {
                return Err(second_backward());
            }
            for &p in nodes[i].parents.iter() {
                reached[p] = true;
            }
        }
        Ok(())
    }

    /// `backward` then `reset_tape` in one pass, for a training step: the loss value, and
    /// the gradients. The sweep takes the nodes off the tape and frees each one as soon as
    /// it has been visited (its children, the only other readers of its value, come
    /// first), so the peak stays near parameters + gradients + activations. The tape is
    /// empty and the generation advanced afterwards, also when the sweep fails.
    pub fn backward_and_reset(&mut self, loss: Handle) -> Result<(GradMap<B>, f64)> {
        let shape = self.check_loss(loss)?;
        let _guard = B::no_grad();
        let value = B::to_f64(self.tape.node(loss.node).value.get())?[0];
        let dtype = B::dtype(self.tape.node(loss.node).value.get());
        if self.tape.nodes()[..loss.node].iter().any(|n| n.closed) {
            // Checked before the tape is taken, so a refused step changes nothing.
            self.check_open(loss.node)?;
        }
        let mut nodes = self.tape.take_nodes();
        self.generation += 1;
        self.param_leaves.clear();
        // Nodes recorded after the loss take no part: release them first, newest first.
        while nodes.len() > loss.node + 1 {
            nodes.pop();
        }
        let (grads, mut cot) = seed::<B>(loss.node, &shape, dtype, self.config.device)?;
        let mut visited = 0;
        let mut recomputed = Recomputed::new();
        while let Some(node) = nodes.pop() {
            let i = nodes.len();
            if let Some(g) = cot[i].take() {
                visited += 1;
                self.injected(visited)?;
                recomputed.prepare(&nodes, &node, i)?;
                visit(&nodes, &node, i, g, &mut cot, &grads, &recomputed)?;
            }
            recomputed.pass(i);
        }
        Ok((grads, value))
    }
}

/// What [`Session::backward_closing_with`] calls for each parameter whose gradient is
/// final: the parameter and the gradient it will hold.
/// A swept backward waiting for its commit (`Session::backward_staged`): this backward's
/// parameter gradients (`grads`, the caller's to transform), the input leaves' gradients,
/// the nodes the sweep visited, and where the tape stood.
pub struct Staged<B: Backend> {
    pub grads: GradMap<B>,
    leaves: Vec<(usize, Value<B>)>,
    visited: Vec<usize>,
    generation: u64,
    tape_len: usize,
}

pub type ReadyHook<'a, B> = dyn FnMut(&Arc<Parameter<B>>, &Value<B>) -> Result<()> + 'a;

/// Call `hook` with `p`'s gradient as the store will hold it: this sweep's (`fresh`), plus
/// what `store` held (a new sum then; the sweep's own value otherwise).
fn announce<B: Backend>(
    hook: &mut ReadyHook<'_, B>,
    p: &Arc<Parameter<B>>,
    fresh: &GradMap<B>,
    store: &GradMap<B>,
) -> Result<()> {
    let Some(buf) = fresh.get(p.id()) else {
        return Ok(());
    };
    let g = buf.value("backward")?;
    let held = store.get(p.id()).and_then(|b| b.value("backward").ok());
    match held {
        Some(old) => {
            let sum = grad_value::<B>(B::add(old.get(), g.get())?);
            hook(p, &sum)
        }
        None => hook(p, &g),
    }
}

/// torch's message for a backward through a graph a previous backward freed.
fn second_backward() -> Error {
    Error::Grad(
        "Trying to backward through the graph a second time (loss.backward() freed the \
         graph's saved values). Specify retain_graph=True if you need to backward through \
         the graph a second time, or recompute the forward pass"
            .into(),
    )
}

/// An empty gradient map and the cotangent slots `0..=root`, the root seeded with ones of
/// the loss's own dtype (a float32 loss in a float64 session gets float32 ones, so every
/// cotangent below it is rounded as torch's are).
type Sweep<B> = (GradMap<B>, Vec<Option<Value<B>>>);

fn seed<B: Backend>(root: usize, shape: &[i64], dtype: DType, device: Device) -> Result<Sweep<B>> {
    let mut cot: Vec<Option<Value<B>>> = (0..=root).map(|_| None).collect();
    cot[root] = Some(grad_value::<B>(B::full(shape, 1.0, dtype, device)?));
    Ok((GradMap::new(), cot))
}

/// One step of the reverse sweep (no recursion): a parameter leaf takes its cotangent `g`
/// into `grads`; an op node (id `id`) turns `g` into its parents' cotangents (parents live
/// in `earlier`, the nodes recorded before it; values a checkpointed block released are
/// read from `recomputed`) and `g` is freed right after.
fn visit<B: Backend>(
    earlier: &[Node<B>],
    node: &Node<B>,
    id: usize,
    g: Value<B>,
    cot: &mut [Option<Value<B>>],
    grads: &GradMap<B>,
    recomputed: &Recomputed<B>,
) -> Result<()> {
    if node.closed {
        return Err(second_backward());
    }
    match &node.op {
        Op::Param(p) => {
            // As torch's AccumulateGrad: a parameter frozen (`requires_grad = False`) since
            // the leaf was recorded takes no gradient.
            if node.requires_grad && p.requires_grad() {
                let g = if B::dtype(g.get()) == p.dtype() {
                    owned_grad(g)?
                } else {
                    grad_value::<B>(B::convert(g.get(), p.dtype(), p.device())?)
                };
                grads.accumulate(p, g)?;
            }
        }
        Op::Input => {}
        op => {
            let Some(rule) = op.rule() else {
                return Ok(());
            };
            let xs: Vec<&Value<B>> = node
                .parents
                .iter()
                .map(|&j| recomputed.value(earlier, j))
                .collect();
            let out = recomputed.own(node, id);
            let needs: Vec<bool> = node
                .parents
                .iter()
                .map(|&j| earlier[j].requires_grad)
                .collect();
            // `g` is consumed here: reused as the parent's cotangent when the rule can
            // write it in place and nothing else holds it, else freed after the rule.
            let mut g = g;
            let in_place =
                match crate::buffer::unique_mut(&mut g) {
                    Some(t) => crate::guard::contained(rule.name(), || {
                        Ok(rule.backward_in_place(t, &xs, out))
                    })?,
                    None => None,
                };
            let gs = match in_place {
                Some(done) => {
                    done?;
                    vec![Some(g)]
                }
                None => crate::guard::contained(rule.name(), || {
                    rule.backward(&Grad {
                        xs: &xs,
                        out,
                        g: &g,
                        needs: &needs,
                    })
                })?,
            };
            if crate::grad_mode::checks_nan() {
                check_nan::<B>(rule.name(), &gs)?;
            }
            for ((&j, gj), need) in node.parents.iter().zip(gs).zip(needs) {
                if let (Some(gj), true) = (gj, need) {
                    crate::grads::add_into::<B>(&mut cot[j], gj)?;
                }
            }
        }
    }
    Ok(())
}

/// Anomaly mode's check (torch's): the first of a rule's results holding a NaN stops the
/// sweep, naming the op and the result's position.
fn check_nan<B: Backend>(op: &str, gs: &[Option<Value<B>>]) -> Result<()> {
    for (i, g) in gs.iter().enumerate() {
        if let Some(g) = g {
            if B::has_nan(g.get())? {
                return Err(Error::NonFinite(format!(
                    "Function '{op}' backward returned nan values in its {i}th output."
                )));
            }
        }
    }
    Ok(())
}

/// A gradient buffer with storage of its own: the cotangent itself when nothing else holds
/// it and it is a plain contiguous buffer, else a contiguous copy.
fn owned_grad<B: Backend>(mut g: Value<B>) -> Result<Value<B>> {
    if crate::buffer::unique_mut(&mut g).is_some() && B::is_contiguous(g.get()) {
        return Ok(g);
    }
    Ok(grad_value::<B>(B::copy(g.get())?))
}

#[cfg(test)]
mod tests {
    use crate::backend::Backend;
    use crate::ops::binary::BinaryOp;
    use crate::ops::testing::{data, param, project, session};
    use crate::ops::unary::UnaryOp;

    #[test]
    fn the_ready_hook_sees_each_gradient_once_as_the_store_will_hold_it() {
        let mut s = session();
        let (a, b) = (param(&data(&[3], 1), "a"), param(&data(&[3], 2), "b"));
        let mut order = Vec::new();
        for round in 0..2 {
            // a is read twice (two leaves): it is announced after its second leaf.
            let (la, lb) = (s.use_param(&a).unwrap(), s.use_param(&b).unwrap());
            let la2 = s.use_param(&a).unwrap();
            let h = s.record(BinaryOp::Mul.op(), &[la, lb]).unwrap();
            let h = s.record(BinaryOp::Add.op(), &[h, la2]).unwrap();
            let y = s.record(UnaryOp::Sin.op(), &[h]).unwrap();
            let loss = project(&mut s, y);
            let mut seen = Vec::new();
            let mut hook = |p: &std::sync::Arc<crate::param::Parameter<_>>,
                            g: &crate::buffer::Value<_>| {
                seen.push((p.id(), crate::backend::dynamic::Dyn::to_f64(g.get())?));
                Ok(())
            };
            s.backward_closing_with(loss, false, Some(&mut hook))
                .unwrap();
            for (id, g) in &seen {
                let held = s.store.get(*id).unwrap().value("test").unwrap();
                let held = crate::backend::dynamic::Dyn::to_f64(held.get()).unwrap();
                assert_eq!(&held, g, "round {round}: the store holds what the hook saw");
            }
            order.push(seen.iter().map(|(id, _)| *id).collect::<Vec<_>>());
        }
        assert_eq!(order[0].len(), 2, "each parameter once");
        assert_eq!(order[0], order[1]);
    }

    #[test]
    fn a_staged_backward_commits_what_a_closing_one_stores_and_nothing_before() {
        use crate::backend::dynamic::Dyn;
        let a = param(&data(&[3], 3), "a");
        let grads = |staged: bool| {
            let mut s = session();
            let la = s.use_param(&a).unwrap();
            let y = s.record(UnaryOp::Sin.op(), &[la]).unwrap();
            let loss = project(&mut s, y);
            if staged {
                let st = s.backward_staged(loss).unwrap();
                assert!(
                    s.store.get(a.id()).is_none(),
                    "nothing stored before the commit"
                );
                s.commit_backward(st, loss, false).unwrap();
            } else {
                s.backward_closing(loss, false).unwrap();
            }
            let g = s.store.get(a.id()).unwrap().value("test").unwrap();
            Dyn::to_f64(g.get()).unwrap()
        };
        assert_eq!(grads(true), grads(false));
    }

    #[test]
    fn a_commit_after_the_tape_was_reset_stores_nothing() {
        let mut s = session();
        let a = param(&data(&[3], 4), "a");
        let la = s.use_param(&a).unwrap();
        let y = s.record(UnaryOp::Sin.op(), &[la]).unwrap();
        let loss = project(&mut s, y);
        let staged = s.backward_staged(loss).unwrap();
        s.reset_tape();
        assert!(matches!(
            s.commit_backward(staged, loss, false),
            Err(crate::error::Error::Grad(_))
        ));
        assert!(s.store.get(a.id()).is_none());
    }
}
