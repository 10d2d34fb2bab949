//! A session: one tape, a process-unique id, a generation counter, an RNG state and a
//! resolved config. All recording goes through [`Session::record`], which validates every
//! handle and the op's shapes before any kernel runs, so a rejected call changes nothing.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::config::{Config, DType, Device};
use crate::error::{Error, Result};
use crate::grads::GradMap;
use crate::ledger::Category;
use crate::ops::{grad_value, Op};
use crate::param::Parameter;
use crate::pool::Pool;
use crate::rng::RngState;
use crate::tape::{Handle, Node, Parents, Tape};

/// An op argument: a recorded tensor or constant data (a fresh tensor handed over, recorded
/// as an input leaf).
pub enum Operand<B: Backend> {
    Node(Handle),
    Data(B::T),
}

static NEXT_SESSION_ID: AtomicU64 = AtomicU64::new(1);

pub struct Session<B: Backend> {
    id: u64,
    /// Bumped by every `reset_tape`; handles of older generations are stale.
    generation: u64,
    config: Config,
    /// What the tape computes in: the config's carrier on its backend profile.
    dtype: DType,
    /// Owns every intermediate recorded in this generation.
    tape: Tape<B>,
    /// Small intermediates released by the last reset, kept for this generation's ops to
    /// write into (see [`crate::pool`]); freed by the next reset if unused, by
    /// `empty_cache`, or with the session.
    pool: Pool<B>,
    rng: RngState,
    /// Ops already announced by `show_backend`.
    shown: Vec<&'static str>,
    /// Test hook for fault injection: the next backward fails when it reaches its k-th
    /// visited node (`usize::MAX`: off). One-shot.
    fail_backward_at: AtomicUsize,
}

impl<B: Backend> Session<B> {
    /// Resolve `config` (invariant 1; the caller reports the resolution warning), validate
    /// it (invariant 2), and check that its device is usable.
    pub fn new(config: Config) -> Result<Self> {
        let (config, _warning) = config.for_scalar();
        let dtype = config.exec_dtype()?;
        let device = config.device;
        if !B::device_available(config.device) {
            return Err(Error::DeviceUnavailable(format!(
                "device {} was requested but is not available in this process (no usable GPU)",
                config.device
            )));
        }
        Ok(Session {
            id: NEXT_SESSION_ID.fetch_add(1, Ordering::Relaxed),
            generation: 0,
            rng: RngState::new(config.seed),
            dtype,
            config,
            tape: Tape::default(),
            pool: Pool::new(dtype, device),
            shown: Vec::new(),
            fail_backward_at: AtomicUsize::new(usize::MAX),
        })
    }

    pub fn id(&self) -> u64 {
        self.id
    }
    pub fn generation(&self) -> u64 {
        self.generation
    }
    pub fn tape_len(&self) -> usize {
        self.tape.len()
    }
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// The dtype every tensor of this session has.
    pub fn dtype(&self) -> DType {
        self.dtype
    }
    pub fn rng_state(&self) -> RngState {
        self.rng
    }
    pub fn set_rng_state(&mut self, state: RngState) {
        self.rng = state;
    }

    /// Check handles: any foreign one first, then any stale one.
    pub fn check(&self, handles: &[Handle]) -> Result<()> {
        if let Some(h) = handles.iter().find(|h| h.session != self.id) {
            return Err(Error::ForeignHandle {
                handle: h.session,
                session: self.id,
            });
        }
        if let Some(h) = handles.iter().find(|h| h.generation != self.generation) {
            return Err(Error::StaleHandle {
                recorded: h.generation,
                current: self.generation,
            });
        }
        Ok(())
    }

    fn handle(&self, node: usize) -> Handle {
        Handle {
            session: self.id,
            generation: self.generation,
            node,
        }
    }

    /// The value behind a valid handle.
    pub fn value(&self, h: Handle) -> Result<Value<B>> {
        self.check(&[h])?;
        Ok(Arc::clone(&self.tape.node(h.node).value))
    }

    pub fn shape(&self, h: Handle) -> Result<Vec<i64>> {
        self.check(&[h])?;
        Ok(B::shape(self.tape.node(h.node).value.get()))
    }

    pub fn requires_grad(&self, h: Handle) -> Result<bool> {
        self.check(&[h])?;
        Ok(self.tape.node(h.node).requires_grad)
    }

    /// Record a copy of `data` as an input leaf, in the session's dtype and on its device.
    pub fn input(&mut self, data: &B::T, requires_grad: bool) -> Result<Handle> {
        let _guard = B::no_grad();
        let owned = B::convert(data, self.dtype, self.config.device)?;
        self.input_owned(owned, requires_grad)
    }

    /// Record `data` itself as an input leaf: the caller hands over a fresh, contiguous
    /// tensor that nothing else references (converted if its dtype or device differ).
    pub(crate) fn input_owned(&mut self, data: B::T, requires_grad: bool) -> Result<Handle> {
        let _guard = B::no_grad();
        let (dtype, device) = (self.dtype, self.config.device);
        let data = if B::dtype(&data) == dtype && B::device(&data).same(device) {
            data
        } else {
            B::convert(&data, dtype, device)?
        };
        let node = Node {
            op: Op::Input,
            parents: Parents::default(),
            value: Tracked::owned(data, Category::Tape),
            requires_grad: requires_grad && self.config.grad_enabled,
            pool_slot: None,
        };
        let id = self.tape.push(node);
        Ok(self.handle(id))
    }

    /// Record a leaf holding the parameter's current snapshot. A session that runs the
    /// parameter's carrier on the other backend (a `backend="reference"` float session and
    /// a native float parameter) records an exact copy instead, owned by the tape.
    pub fn use_param(&mut self, p: &Arc<Parameter<B>>) -> Result<Handle> {
        if !p.dtype().same_values(self.dtype) {
            return Err(Error::DType(format!(
                "parameter {} has dtype {}, but session {} computes in {}",
                p.label(),
                p.dtype(),
                self.id,
                self.dtype
            )));
        }
        if !p.device().same(self.config.device) {
            return Err(Error::Device(format!(
                "parameter {} is on {}, but session {} runs on {}",
                p.label(),
                p.device(),
                self.id,
                self.config.device
            )));
        }
        let value = if p.dtype() == self.dtype {
            p.snapshot()
        } else {
            let _guard = B::no_grad();
            let copy = B::convert(p.snapshot().get(), self.dtype, self.config.device)?;
            Tracked::owned(copy, Category::Tape)
        };
        let node = Node {
            value,
            requires_grad: p.requires_grad() && self.config.grad_enabled,
            op: Op::Param(Arc::clone(p)),
            parents: Parents::default(),
            pool_slot: None,
        };
        let id = self.tape.push(node);
        Ok(self.handle(id))
    }

    /// Record `op` applied to `parents`: handles, then shapes, then the kernel.
    pub fn record(&mut self, op: Op<B>, parents: &[Handle]) -> Result<Handle> {
        self.check(parents)?;
        let node_parents = Parents::of(parents).ok_or_else(|| {
            Error::Value(format!(
                "{} takes at most {} operands, got {}",
                op.name(),
                Parents::MAX,
                parents.len()
            ))
        })?;
        let _guard = B::no_grad();
        let shapes: Vec<Vec<i64>> = parents
            .iter()
            .map(|h| B::shape(self.tape.node(h.node).value.get()))
            .collect();
        let refs: Vec<&[i64]> = shapes.iter().map(|s| s.as_slice()).collect();
        let out_shape = op.infer_shape(&refs)?;
        let xs: Vec<&Value<B>> = parents
            .iter()
            .map(|h| &self.tape.node(h.node).value)
            .collect();
        // An op with a fresh output may reuse a buffer the last reset kept, and its output
        // may be kept at the next reset.
        let pool_slot = if op.fresh_output() {
            self.pool.slot(&out_shape)
        } else {
            None
        };
        let recycled = match (pool_slot, op.out_kernel(parents.len())) {
            (Some(slot), Some(k)) => {
                let ts: Vec<&B::T> = xs.iter().map(|v| v.get()).collect();
                self.pool.compute(slot, k, &ts)?
            }
            _ => None,
        };
        let value = match recycled {
            Some(v) => v,
            None => op.forward(&xs)?,
        };
        let requires_grad = parents.iter().any(|h| self.tape.node(h.node).requires_grad);
        if self.config.show_backend && !self.shown.contains(&op.name()) {
            self.shown.push(op.name());
            eprintln!(
                "eagertape: session {} ran {} on backend {} ({}, {})",
                self.id,
                op.name(),
                B::backend_name(value.get()),
                self.config.device,
                self.dtype
            );
        }
        let node = Node {
            op,
            parents: node_parents,
            value,
            requires_grad,
            pool_slot,
        };
        let id = self.tape.push(node);
        Ok(self.handle(id))
    }

    /// Record `op` on a mix of recorded tensors and constant data. Constants become input
    /// leaves only once the handles and shapes have been accepted, so a rejected op records
    /// nothing at all.
    pub fn apply(&mut self, op: Op<B>, operands: Vec<Operand<B>>) -> Result<Handle> {
        let handles: Vec<Handle> = operands
            .iter()
            .filter_map(|o| match o {
                Operand::Node(h) => Some(*h),
                Operand::Data(_) => None,
            })
            .collect();
        self.check(&handles)?;
        let shapes: Vec<Vec<i64>> = operands
            .iter()
            .map(|o| match o {
                Operand::Node(h) => B::shape(self.tape.node(h.node).value.get()),
                Operand::Data(t) => B::shape(t),
            })
            .collect();
        let refs: Vec<&[i64]> = shapes.iter().map(|s| s.as_slice()).collect();
        op.infer_shape(&refs)?;
        let mut parents = Vec::with_capacity(operands.len());
        for o in operands {
            parents.push(match o {
                Operand::Node(h) => h,
                Operand::Data(t) => self.input_owned(t, false)?,
            });
        }
        self.record(op, &parents)
    }

    /// Record `shape` uniform draws in `[0, 1)` from the session's generator.
    pub fn rand(&mut self, shape: &[i64]) -> Result<Handle> {
        self.draw(shape, false)
    }

    /// Record `shape` standard normal draws from the session's generator.
    pub fn randn(&mut self, shape: &[i64]) -> Result<Handle> {
        self.draw(shape, true)
    }

    fn draw(&mut self, shape: &[i64], normal: bool) -> Result<Handle> {
        let n = checked_numel(shape)?;
        let mut rng = self.rng;
        let data = if normal {
            rng.normal(n)
        } else {
            rng.uniform_bits(n, self.dtype.significand_bits())
        };
        let t = B::from_f64(&data, shape, self.dtype, self.config.device)?;
        let h = self.input_owned(t, false)?;
        self.rng = rng;
        Ok(h)
    }

    /// Inverted dropout: zero each element with probability `p` and scale the rest by
    /// `1 / (1 - p)`; the identity when not `training` or `p == 0`.
    pub fn dropout(&mut self, x: Handle, p: f64, training: bool) -> Result<Handle> {
        self.check(&[x])?;
        if !(0.0..=1.0).contains(&p) {
            return Err(Error::Value(format!(
                "dropout probability has to be between 0 and 1, but got {p}"
            )));
        }
        if !training || p == 0.0 {
            return Ok(x);
        }
        let shape = self.shape(x)?;
        let mut rng = self.rng;
        let scale = if p < 1.0 { 1.0 / (1.0 - p) } else { 0.0 };
        let mask: Vec<f64> = rng
            .uniform(checked_numel(&shape)?)
            .into_iter()
            .map(|u| if u >= p { scale } else { 0.0 })
            .collect();
        let mask = {
            let _guard = B::no_grad();
            B::from_f64(&mask, &shape, self.dtype, self.config.device)?
        };
        let h = self.apply(Op::Mul, vec![Operand::Node(x), Operand::Data(mask)])?;
        self.rng = rng;
        Ok(h)
    }

    /// Mean cross entropy of `(n, c)` logits against `n` class ids.
    pub fn cross_entropy(&mut self, logits: Handle, class_ids: &[i64]) -> Result<Handle> {
        let shape = self.shape(logits)?;
        crate::ops::check_class_ids(&shape, class_ids)?;
        let one_hot = {
            let _guard = B::no_grad();
            B::one_hot(class_ids, shape[1], self.dtype, self.config.device)?
        };
        let one_hot = Tracked::owned(one_hot, Category::Tape);
        self.record(Op::CrossEntropy { one_hot }, &[logits])
    }

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
        let shape = self.check_loss(loss)?;
        let _guard = B::no_grad();
        for (p, buf) in into.items() {
            buf.value(&format!(
                "backward(into=...): gradient of parameter {}",
                p.label()
            ))?;
        }
        let nodes = self.tape.nodes();
        let (fresh, mut cot) = seed::<B>(loss.node, &shape, self.dtype, self.config.device)?;
        let mut visited = 0;
        for i in (0..=loss.node).rev() {
            if let Some(g) = cot[i].take() {
                visited += 1;
                self.injected(visited)?;
                visit(&nodes[..i], &nodes[i], g, &mut cot, &fresh)?;
            }
        }
        for (p, buf) in fresh.items() {
            if let Ok(v) = buf.value("backward") {
                into.accumulate(&p, v)?;
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
        let mut nodes = self.tape.take_nodes();
        self.generation += 1;
        // Nodes recorded after the loss take no part: release them first, newest first.
        while nodes.len() > loss.node + 1 {
            nodes.pop();
        }
        let (grads, mut cot) = seed::<B>(loss.node, &shape, self.dtype, self.config.device)?;
        let mut visited = 0;
        while let Some(node) = nodes.pop() {
            let i = nodes.len();
            if let Some(g) = cot[i].take() {
                visited += 1;
                self.injected(visited)?;
                visit(&nodes, &node, g, &mut cot, &grads)?;
            }
        }
        Ok((grads, value))
    }

    /// Invariant 4: release tape-owned intermediates and workspaces, then the borrowed
    /// leaves; invalidate every handle. Parameters, RNG state and optimizers are untouched.
    ///
    /// Small intermediates that nothing else holds go to the session's pool (ledger:
    /// cached, not live) for the next generation's ops to write into; what the previous
    /// reset kept and nobody reused is freed first (see [`crate::pool`]).
    pub fn reset_tape(&mut self) {
        self.tape.clear(Some(&mut self.pool));
        self.generation += 1;
    }

    /// Free the buffers this session keeps for reuse (its part of `empty_cache()`).
    pub fn empty_cache(&mut self) {
        self.pool.clear();
    }

    /// Bytes this session keeps for reuse.
    pub fn cached_bytes(&self) -> usize {
        self.pool.bytes()
    }
}

/// The element count of `shape`, or a `ShapeError` for negative or overflowing shapes.
fn checked_numel(shape: &[i64]) -> Result<usize> {
    shape
        .iter()
        .try_fold(1usize, |acc, &d| {
            usize::try_from(d).ok().and_then(|d| acc.checked_mul(d))
        })
        .filter(|&n| n <= (1usize << 40))
        .ok_or_else(|| Error::Shape(format!("invalid shape {shape:?}")))
}

/// An empty gradient map and the cotangent slots `0..=root`, the root seeded with ones.
type Sweep<B> = (GradMap<B>, Vec<Option<Value<B>>>);

fn seed<B: Backend>(root: usize, shape: &[i64], dtype: DType, device: Device) -> Result<Sweep<B>> {
    let mut cot: Vec<Option<Value<B>>> = (0..=root).map(|_| None).collect();
    cot[root] = Some(grad_value::<B>(B::full(shape, 1.0, dtype, device)?));
    Ok((GradMap::new(), cot))
}

/// One step of the reverse sweep (no recursion): a parameter leaf takes its cotangent `g`
/// into `grads`; an op node turns `g` into its parents' cotangents (parents live in
/// `earlier`, the nodes recorded before it) and `g` is freed right after.
fn visit<B: Backend>(
    earlier: &[Node<B>],
    node: &Node<B>,
    g: Value<B>,
    cot: &mut [Option<Value<B>>],
    grads: &GradMap<B>,
) -> Result<()> {
    match &node.op {
        Op::Param(p) => {
            if node.requires_grad {
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
            let xs: Vec<&Value<B>> = node.parents.iter().map(|&j| &earlier[j].value).collect();
            let needs: Vec<bool> = node
                .parents
                .iter()
                .map(|&j| earlier[j].requires_grad)
                .collect();
            // `g` is consumed here: freed, or reused as a parent's cotangent.
            let gs = op.backward_owned(&xs, &node.value, g, &needs)?;
            for ((&j, gj), need) in node.parents.iter().zip(gs).zip(needs) {
                if let (Some(gj), true) = (gj, need) {
                    add_cotangent::<B>(&mut cot[j], gj)?;
                }
            }
        }
    }
    Ok(())
}

/// Sum a new cotangent into a slot, in place when the slot holds its buffer alone.
fn add_cotangent<B: Backend>(slot: &mut Option<Value<B>>, g: Value<B>) -> Result<()> {
    match slot {
        None => *slot = Some(g),
        Some(cur) => {
            if let Some(t) = crate::buffer::unique_mut(cur) {
                B::add_(t, g.get())?;
            } else {
                *cur = grad_value::<B>(B::add(cur.get(), g.get())?);
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
