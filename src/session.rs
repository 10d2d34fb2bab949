//! A session: one tape, a process-unique id, a generation counter, an RNG state and a
//! resolved config. All recording goes through [`Session::record`], which validates every
//! handle and the op's shapes before any kernel runs, so a rejected call changes nothing.

mod backward;
pub use backward::Staged;
pub mod capture;
mod capture_calls;
mod cast;
mod checkpoint;
mod compact;
mod compose;
mod counts;
pub use backward::ReadyHook;
pub use compose::{Item, Stat};
pub use convert::HostKind;
mod contract;
mod convert;
pub mod effect;
pub mod factory;
mod fill;
mod grad_tensor;
pub mod index;
pub mod loss;
mod noise;
mod predicates;
mod release;
pub mod replay;
mod sample;
pub use fill::RandomFill;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use crate::backend::Backend;
use crate::buffer::{Tracked, Value};
use crate::config::{Config, DType};
use crate::error::{Error, Result};
use crate::ledger::Category;
use crate::ops::binary::BinaryOp;
use crate::ops::{Op, Output};
use crate::optim::Optimizer;
use crate::param::Parameter;
use crate::pool::Pool;
use crate::rng::RngState;
use crate::shape::checked_numel;
use crate::tape::{Handle, Node, Parents, Tape};

/// An op argument: a recorded tensor, constant data (a fresh tensor handed over, recorded
/// as an input leaf), or a number (only as an operand of [`Session::operator`]).
pub enum Operand<B: Backend> {
    Node(Handle),
    Data(B::T),
    Number(f64),
}

/// A Python binary operator between tensors and numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    /// `+ - * /`.
    Arith(BinaryOp),
    /// `@`.
    MatMul,
}

static NEXT_SESSION_ID: AtomicU64 = AtomicU64::new(1);

/// One node of [`Session::tape_profile`]: `(op, shape, bytes, workspace bytes, needed,
/// module path)`.
pub type NodeProfile = (&'static str, Vec<i64>, usize, usize, bool, Option<String>);

pub struct Session<B: Backend> {
    id: u64,
    /// Bumped by every `reset_tape` (handles of older generations are stale) and by every
    /// compaction (which moves the names of the nodes it keeps to the new generation).
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
    /// The leaf each parameter read implicitly (an `et.Parameter` given to an op) was
    /// recorded as, with the parameter's version then: one leaf per parameter until its
    /// value changes or a closing backward ran (see `compact.rs`). Holds node ids of the
    /// current generation; cleared by every reset.
    param_leaves: HashMap<u64, (usize, u64)>,
    /// The gradient store of the torch-style loop (`loss.backward()` adds into it,
    /// `p.grad` reads it, `zero_grad` releases from it); survives resets, like optimizers.
    store: crate::grads::GradMap<B>,
    /// The tape length from which recording (the binding, after naming an op's tensor)
    /// compacts a tape recorded without grad or after a closing backward (twice what the
    /// last compaction kept, and at least [`compact::MIN_COMPACT`]): amortized O(1) per
    /// node.
    compact_at: usize,
    /// Gradients `loss.backward()` left for input leaves made with `requires_grad=True`
    /// (torch's `t.grad`), by the leaf's name slot; an entry goes when nothing else names
    /// the slot (at a compaction) and at every reset.
    leaf_grads: Vec<(Arc<crate::handles::NameSlot>, Arc<crate::buffer::Buffer<B>>)>,
    /// Whether a closing backward ran: from then on a long tape is compacted as it grows.
    torch_style: bool,
    /// What the last reset was (for the stale-handle message).
    last_reset: &'static str,
    /// The checkpointed blocks open now, innermost last (see `checkpoint.rs`).
    blocks: Vec<checkpoint::Block>,
    /// A step being captured: every node pushed is also described here
    /// ([`capture::Recorder`]); `None` outside [`Session::begin_capture`] /
    /// [`Session::end_capture`].
    capture: Option<capture::Recorder<B>>,
    /// While a plan is replayed ([`Session::replay_with`]): a backward it runs
    /// does not compact the tape (the replay holds handles of its entries).
    replaying: bool,
    /// While the input leaves being recorded are literals ([`Session::literal`]).
    literal: bool,
}

impl<B: Backend> Session<B> {
    /// Resolve `config` (invariant 1; the caller reports the resolution warning), validate
    /// it (invariant 2), and check that its device is usable.
    pub fn new(config: Config) -> Result<Self> {
        let (config, _warning) = config.for_scalar();
        let dtype = config.exec_dtype()?;
        let device = config.device;
        B::check_device(config.device)?;
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
            param_leaves: HashMap::new(),
            store: crate::grads::GradMap::new(),
            compact_at: compact::MIN_COMPACT,
            leaf_grads: Vec::new(),
            torch_style: false,
            last_reset: "",
            blocks: Vec::new(),
            capture: None,
            replaying: false,
            literal: false,
        })
    }

    /// A thread's default session (the binding's for calls made with no session entered,
    /// as torch has no session): the config's session defaults (float32, the default
    /// device, [`crate::rng::default_session_seed`]), compacted as its tape grows from the
    /// start, since no `with` block ever resets it: what no tensor names and no backward can
    /// reach goes, so its memory stays flat over any number of steps.
    pub fn new_default() -> Result<Self> {
        let config = Config {
            seed: crate::rng::default_session_seed(),
            dtype: crate::config::default_dtype().0,
            ..Config::default()
        };
        let mut s = Self::new(config.with_session_defaults(false, true))?;
        s.torch_style = true;
        Ok(s)
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

    /// Per node, in recording order: the op's name, the value's shape, the tape's bytes its
    /// value holds, those its unit's workspace holds ([`crate::ops::Rule::workspace`]), and
    /// whether a backward still reads the value. Each storage is counted once, at the
    /// first node holding it, and only while it is counted as `tape` by the ledger (not a
    /// parameter's snapshot, a borrowed import, an exported value): over the nodes, the
    /// bytes add up to this session's part of the ledger's `tape` category.
    pub fn tape_profile(&self) -> Vec<NodeProfile> {
        let mut seen = std::collections::HashSet::new();
        let mut counted = |v: &crate::buffer::Value<B>| -> usize {
            let tape = v.category() == crate::ledger::Category::Tape && !v.is_cached();
            if tape && seen.insert(Arc::as_ptr(v) as usize) {
                v.bytes()
            } else {
                0
            }
        };
        self.tape
            .nodes()
            .iter()
            .map(|n| {
                let bytes = counted(&n.value);
                let workspace =
                    n.op.rule()
                        .map_or(0, |r| r.workspace().into_iter().map(&mut counted).sum());
                (
                    n.op.name(),
                    B::shape(n.value.get()),
                    bytes,
                    workspace,
                    n.needed,
                    n.scope.as_deref().cloned(),
                )
            })
            .collect()
    }
    pub fn config(&self) -> &Config {
        &self.config
    }
    /// A module call begins: the nodes recorded until [`Session::exit_scope`] carry `path`
    /// (see [`Tape::enter_scope`]).
    pub fn enter_scope(&mut self, path: crate::tape::ScopePath) {
        self.tape.enter_scope(path);
    }
    /// The innermost module call ends.
    pub fn exit_scope(&mut self) {
        self.tape.exit_scope();
    }
    /// Whether ops recorded now take part in a backward: the session's config and this
    /// thread's grad mode ([`crate::grad_mode`]).
    pub fn grad_enabled(&self) -> bool {
        self.config.grad_enabled && crate::grad_mode::enabled()
    }
    /// The torch-style gradient store (see the field).
    pub fn store(&self) -> &crate::grads::GradMap<B> {
        &self.store
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
        if handles.iter().any(|h| h.session == 0) {
            return Err(Error::Argument(
                "an et.Parameter that the current session cannot read (another dtype or \
                 device) was given to an op: convert it, or enter a session of its dtype"
                    .into(),
            ));
        }
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
                cause: self.last_reset,
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

    /// The name of the op that recorded `h` (`"mul"`, `"linear"`), `None` for a leaf (an
    /// input, a parameter's snapshot, or a node a closing backward made a leaf).
    pub fn op_name(&self, h: Handle) -> Result<Option<&'static str>> {
        self.check(&[h])?;
        let node = self.tape.node(h.node);
        Ok((!node.parents.is_empty()).then(|| node.op.name()))
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
        self.input_owned_as(data, None, requires_grad)
    }

    /// [`Session::input_owned`] in `dtype`: the session's carrier (`None`) or a data dtype
    /// (`int64`, `int32`, `bool`), which cannot require grad.
    pub fn input_owned_as(
        &mut self,
        data: B::T,
        dtype: Option<DType>,
        requires_grad: bool,
    ) -> Result<Handle> {
        self.input_leaf(data, dtype, requires_grad, false)
    }

    /// [`Session::input_owned_as`] for memory a DLPack producer owns (`input(x,
    /// copy=False)`): recorded as it is, never converted (a `DLPack` error names the dtype or
    /// device that differs), never written, and counted by the producer, not the ledger.
    /// Refused while a step is captured: a replay copies its arguments.
    pub fn input_shared_as(
        &mut self,
        data: B::T,
        dtype: Option<DType>,
        requires_grad: bool,
    ) -> Result<Handle> {
        if self.capturing() {
            return Err(Error::Capture(
                "input(copy=False) inside a captured step: a replay copies its arguments (drop \
                 copy=False)"
                    .into(),
            ));
        }
        self.input_leaf(data, dtype, requires_grad, true)
    }

    fn input_leaf(
        &mut self,
        data: B::T,
        dtype: Option<DType>,
        requires_grad: bool,
        shared: bool,
    ) -> Result<Handle> {
        let dtype = match dtype {
            None => self.dtype,
            Some(d) if d.is_data() => {
                if requires_grad {
                    return Err(Error::Grad(format!(
                        "only floating-point tensors can require gradients, not {d} data"
                    )));
                }
                d
            }
            Some(d) if d.same_values(self.dtype) => self.dtype,
            // A LibTorch session holds leaves of every native float dtype (torch's
            // `tensor(data, dtype=float64)` in a float32 program); ops promote them.
            Some(d) if d.is_native() && self.dtype.is_native() => d,
            Some(d) => {
                return Err(Error::DType(format!(
                    "session {} computes in {}; input data can be given as {} or as a data \
                     dtype (int64, int32, bool), not as {d}",
                    self.id, self.dtype, self.dtype
                )))
            }
        };
        let _guard = B::no_grad();
        let device = self.config.device;
        let data = if B::dtype(&data) == dtype && B::device(&data).same(device) {
            data
        } else if shared {
            return Err(Error::DLPack(format!(
                "input(copy=False): the data is {} on {}, session {} records {dtype} on \
                 {device}; sharing memory needs both to match (convert or move it first, or \
                 let input copy)",
                B::dtype(&data),
                B::device(&data),
                self.id
            )));
        } else {
            B::convert(&data, dtype, device)?
        };
        let value = if shared {
            Tracked::borrowed(data, Category::Tape)
        } else {
            Tracked::owned(data, Category::Tape)
        };
        let requires_grad = requires_grad && self.grad_enabled();
        let node = Node::leaf(Op::Input, value, requires_grad, dtype.is_data());
        let id = self.tape.push(node);
        if let Some(r) = self.capture.as_mut() {
            r.constant(id, &self.tape.node(id).value, requires_grad, self.literal);
        }
        Ok(self.handle(id))
    }

    /// The tensor's dtype.
    pub fn dtype_of(&self, h: Handle) -> Result<DType> {
        self.check(&[h])?;
        Ok(B::dtype(self.tape.node(h.node).value.get()))
    }

    /// Whether the tensor holds data (int64, int32, bool): no gradient, no float op.
    pub fn is_data(&self, h: Handle) -> Result<bool> {
        self.check(&[h])?;
        Ok(self.tape.node(h.node).data)
    }

    /// `x.detach()`: a new leaf sharing `h`'s value (no copy) that backward does not pass
    /// through; it requires no gradient.
    pub fn detach(&mut self, h: Handle) -> Result<Handle> {
        self.check(&[h])?;
        let node = self.tape.node(h.node);
        let leaf = Node::leaf(Op::Input, Arc::clone(&node.value), false, node.data);
        let id = self.tape.push(leaf);
        if let Some(r) = self.capture.as_mut() {
            r.detached(id, h.node);
        }
        Ok(self.handle(id))
    }

    /// A `DTypeError` when the floating operands of an op that does not promote differ in
    /// dtype (`x.double() @ y` on a float32 session, as torch refuses `mm`): convert one with
    /// `to()` first; `mixed`: a 16-bit first operand may take float32 ones after it (the
    /// mixed-type norms). Data operands (indices, masks) are not counted. Returns the first
    /// floating operand's dtype (`None`: there is none).
    fn check_one_float_dtype(
        &self,
        op: &str,
        mixed: bool,
        parents: &[Handle],
    ) -> Result<Option<DType>> {
        let mut first: Option<DType> = None;
        for h in parents {
            let node = self.tape.node(h.node);
            if node.data {
                continue;
            }
            let d = B::dtype(node.value.get());
            match first {
                None => first = Some(d),
                // A mixed-type norm: a 16-bit input with float32 weights.
                Some(DType::BFloat16 | DType::Float16) if mixed && d == DType::Float32 => {}
                Some(f) if f != d => {
                    return Err(Error::DTypeMismatch {
                        op: op.into(),
                        what: "the floating operands".into(),
                        a: f.to_string(),
                        b: d.to_string(),
                    })
                }
                Some(_) => {}
            }
        }
        Ok(first)
    }

    /// Record a leaf holding the parameter's current snapshot. A session that runs the
    /// parameter's carrier on the other backend (a `backend="reference"` float session and
    /// a native float parameter) records an exact copy instead, owned by the tape.
    /// A parameter of another dtype is a `DType` error here (the explicit API's contract);
    /// the torch-style reads ([`Session::use_param_implicit`]) take it as it is.
    pub fn use_param(&mut self, p: &Arc<Parameter<B>>) -> Result<Handle> {
        self.use_param_in(p, false)
    }

    /// [`Session::use_param`]; with `any_native`, a LibTorch session reads a parameter of any
    /// native float dtype as it is (a float64 model in a float32 program, as torch's): ops
    /// then promote, or refuse mixed dtypes, as torch's do.
    pub(crate) fn use_param_in(
        &mut self,
        p: &Arc<Parameter<B>>,
        any_native: bool,
    ) -> Result<Handle> {
        let native = any_native && p.dtype().is_native() && self.dtype.is_native();
        if !p.dtype().same_values(self.dtype) && !native {
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
        let value = if p.dtype() == self.dtype || native {
            p.snapshot()
        } else {
            let _guard = B::no_grad();
            let copy = B::convert(p.snapshot().get(), self.dtype, self.config.device)?;
            Tracked::owned(copy, Category::Tape)
        };
        let node = Node::leaf(
            Op::Param(Arc::clone(p)),
            value,
            p.requires_grad() && self.grad_enabled(),
            false,
        );
        let id = self.tape.push(node);
        if let Some(r) = self.capture.as_mut() {
            r.param(id, p);
        }
        Ok(self.handle(id))
    }

    /// Record `op` applied to `parents`: handles, the op's arity, its shape rule, then
    /// the kernel. Nothing is recorded unless every step succeeds. An op with several
    /// outputs records them all; this returns the first (see [`Session::record_multi`]).
    pub fn record(&mut self, op: Op<B>, parents: &[Handle]) -> Result<Handle> {
        self.record_outputs(op, parents).map(|(h, _)| h)
    }

    /// [`Session::record`], returning a handle for every output: the op's node, then one
    /// data leaf per extra output ([`crate::ops::Rule::extra_outputs`]).
    pub fn record_multi(&mut self, op: Op<B>, parents: &[Handle]) -> Result<Vec<Handle>> {
        let (first, extra) = self.record_outputs(op, parents)?;
        Ok((0..=extra)
            .map(|i| Handle {
                node: first.node + i,
                ..first
            })
            .collect())
    }

    /// [`Session::record`] of an op with two outputs (`max(dim)`: values and indices).
    pub fn record_pair(&mut self, op: Op<B>, parents: &[Handle]) -> Result<(Handle, Handle)> {
        let name = op.name();
        let (first, extra) = self.record_outputs(op, parents)?;
        if extra != 1 {
            return Err(Error::Backend(format!(
                "{name}: expected two outputs, got {}",
                extra + 1
            )));
        }
        Ok((
            first,
            Handle {
                node: first.node + 1,
                ..first
            },
        ))
    }

    /// Record `op` and its extra outputs (as the nodes right after it): the op's handle
    /// and how many extra outputs follow. Operands the op promotes, or autocast casts, are
    /// converted first (`cast.rs`), all or nothing.
    fn record_outputs(&mut self, op: Op<B>, parents: &[Handle]) -> Result<(Handle, usize)> {
        self.check(parents)?;
        if let Some(rule) = op.rule() {
            let name = rule.autocast_name();
            let promotes_data = rule.promotes() && !rule.accepts_data();
            if let Some(casts) =
                self.operand_casts(name, rule.promotes(), promotes_data, parents)?
            {
                return self.all_or_nothing(|s| {
                    let cast = s.cast_operands(&casts, parents)?;
                    s.record_as_is(op, &cast)
                });
            }
        }
        self.record_as_is(op, parents)
    }

    /// [`Session::record_outputs`] on operands already of the op's dtypes.
    fn record_as_is(&mut self, op: Op<B>, parents: &[Handle]) -> Result<(Handle, usize)> {
        let rule = op.rule().ok_or_else(|| {
            Error::Argument(format!(
                "{} is a leaf: record it with input() or use_param()",
                op.name()
            ))
        })?;
        rule.arity().check(rule.name(), parents.len())?;
        let all_data = !parents.is_empty() && parents.iter().all(|h| self.tape.node(h.node).data);
        if let Some(h) = parents.iter().find(|h| self.tape.node(h.node).data) {
            let allowed = rule.accepts_data() || (rule.computes_data() && all_data);
            if !allowed {
                return Err(Error::DType(format!(
                    "{} takes floating-point tensors, not {} data",
                    rule.name(),
                    B::dtype(self.tape.node(h.node).value.get())
                )));
            }
        }
        let float = self.check_one_float_dtype(rule.name(), rule.mixed_params(), parents)?;
        let _guard = B::no_grad();
        let shapes: Vec<Vec<i64>> = parents
            .iter()
            .map(|h| B::shape(self.tape.node(h.node).value.get()))
            .collect();
        let refs: Vec<&[i64]> = shapes.iter().map(|s| s.as_slice()).collect();
        let out_shape = crate::guard::contained(rule.name(), || rule.shape(&refs))?;
        checked_numel(&out_shape)?;
        let xs: Vec<&Value<B>> = parents
            .iter()
            .map(|h| &self.tape.node(h.node).value)
            .collect();
        // An op with a fresh output may reuse a buffer the last reset kept, and its output
        // may be kept at the next reset.
        // A grad-disabled session keeps nothing for a later pass (no backward will read it,
        // and an evaluation loop may never reset): its outputs go when their handles go.
        // The pool holds buffers of the session's dtype: an op on operands of another (a
        // bfloat16 activation in a float32 session) computes into a fresh one, not kept.
        // (data computed by LibTorch, `x + 1` of int64 ids, has no buffer of the pool's dtype)
        let own_dtype = !all_data && float.is_none_or(|d| d == self.dtype);
        let pool_slot = match rule.output() {
            Output::Fresh if self.grad_enabled() && own_dtype => self.pool.slot(&out_shape),
            Output::Fresh | Output::View => None,
        };
        let recycled = match (pool_slot, rule.out_kernel(parents.len())) {
            (Some(slot), Some(k)) => {
                let ts: Vec<&B::T> = xs.iter().map(|v| v.get()).collect();
                self.pool.compute(slot, k, &ts)?
            }
            _ => None,
        };
        let value = match recycled {
            Some(v) => v,
            None => crate::guard::contained(rule.name(), || rule.forward(&xs))?,
        };
        // A shape rule that disagrees with its kernel is a bug in the op's unit: checked in
        // debug builds and in every Rust test build (each op's gradient tests record it).
        if cfg!(any(debug_assertions, test)) && B::shape(value.get()) != out_shape {
            return Err(Error::Backend(format!(
                "{}: the kernel returned shape {:?}, its shape rule says {out_shape:?}",
                rule.name(),
                B::shape(value.get())
            )));
        }
        // An op whose result is data (a comparison's bool mask, an index of int64 data)
        // records a data node: no gradient flows through it.
        let data = B::dtype(value.get()).is_data();
        let requires_grad = !data
            && self.grad_enabled()
            && parents.iter().any(|h| self.tape.node(h.node).requires_grad);
        if self.config.show_backend && !self.shown.contains(&rule.name()) {
            self.shown.push(rule.name());
            eprintln!(
                "eagertape: session {} ran {} on backend {} ({}, {})",
                self.id,
                rule.name(),
                B::backend_name(value.get()),
                self.config.device,
                self.dtype
            );
        }
        let extras = rule.extra_outputs();
        let name = rule.name();
        let replica = self.capture.is_some().then(|| op.replica());
        // What this node's backward will read stays until the reset.
        let mut needed = false;
        if requires_grad {
            // Which parents want a cotangent (inline for the usual op, as `Parents` keeps
            // its ids: recording allocates nothing for it).
            let mut inline = [false; Parents::INLINE];
            let mut many = Vec::new();
            let needs: &mut [bool] = if parents.len() <= Parents::INLINE {
                &mut inline[..parents.len()]
            } else {
                many.resize(parents.len(), false); // bounded: one per operand
                &mut many
            };
            for (n, h) in needs.iter_mut().zip(parents) {
                *n = self.tape.node(h.node).requires_grad;
            }
            for (i, h) in parents.iter().enumerate() {
                if rule.saves_operand(i, needs) {
                    self.tape.node_mut(h.node).needed = true;
                }
            }
            needed = rule.saves_output(needs);
        }
        if self.recording_block() {
            // A checkpointed block recomputes its values from their operands: every
            // operand stays (those of the block itself until the block ends).
            for h in parents {
                self.tape.node_mut(h.node).needed = true;
            }
        }
        let node = Node {
            op,
            parents: Parents::of(parents),
            value,
            requires_grad,
            data,
            pool_slot,
            needed,
            name: None,
            aliases: crate::tape::Aliases::default(),
            closed: false,
            recompute: false,
            scope: None,
            retains_grad: false,
        };
        let id = self.tape.push(node);
        let extra = extras.len();
        for value in extras {
            let data = B::dtype(value.get()).is_data();
            let leaf = Node::leaf(Op::Input, value, false, data);
            self.tape.push(leaf);
        }
        if let (Some(r), Some(replica)) = (self.capture.as_mut(), replica) {
            r.op(id, name, replica, parents, extra);
        }
        Ok((self.handle(id), extra))
    }

    /// Record `op` on a mix of recorded tensors and constant data. Constants become input
    /// leaves only once the handles, the arity and the shapes have been accepted, and are
    /// taken off the tape again if the kernel fails: a rejected op records nothing at all.
    pub fn apply(&mut self, op: Op<B>, operands: Vec<Operand<B>>) -> Result<Handle> {
        if let [Operand::Node(a)] = operands[..] {
            return self.record(op, &[a]);
        }
        if let [Operand::Node(a), Operand::Node(b)] = operands[..] {
            return self.record(op, &[a, b]);
        }
        let handles: Vec<Handle> = operands
            .iter()
            .filter_map(|o| match o {
                Operand::Node(h) => Some(*h),
                _ => None,
            })
            .collect();
        if handles.len() == operands.len() {
            return self.record(op, &handles);
        }
        self.check(&handles)?;
        let Some(rule) = op.rule() else {
            return Err(Error::Argument(format!(
                "{} is a leaf: record it with input() or use_param()",
                op.name()
            )));
        };
        rule.arity().check(rule.name(), operands.len())?;
        let mut shapes = Vec::with_capacity(operands.len()); // bounded: one per operand
        for o in &operands {
            shapes.push(match o {
                Operand::Node(h) => B::shape(self.tape.node(h.node).value.get()),
                Operand::Data(t) => B::shape(t),
                Operand::Number(_) => {
                    return Err(Error::Argument(format!(
                        "{}: a number is not a tensor operand here",
                        rule.name()
                    )))
                }
            });
        }
        let refs: Vec<&[i64]> = shapes.iter().map(|s| s.as_slice()).collect();
        rule.shape(&refs)?;
        self.all_or_nothing(|s| {
            let parents = s.operand_handles(operands)?;
            s.record(op, &parents)
        })
    }

    /// Python's `lhs (op) rhs` between tensors, data and numbers: a number operand turns
    /// the op into its scalar form, computed as torch computes the Python expression.
    pub fn operator(&mut self, op: Operator, lhs: Operand<B>, rhs: Operand<B>) -> Result<Handle> {
        let number = |o: &Operand<B>| match o {
            Operand::Number(s) => Some(*s),
            _ => None,
        };
        let (scalar, tensor, reflected) = match (number(&lhs), number(&rhs)) {
            (None, None) => {
                // torch's true division of integer data: in the default floating dtype
                let (lhs, rhs) = if op == Operator::Arith(BinaryOp::Div)
                    && self.is_data_operand(&lhs)?
                    && self.is_data_operand(&rhs)?
                {
                    (self.as_float(lhs)?, self.as_float(rhs)?)
                } else {
                    (lhs, rhs)
                };
                let op = match op {
                    Operator::Arith(f) => f.op(),
                    Operator::MatMul => {
                        return self.all_or_nothing(|s| {
                            let a = s.operand_node(lhs)?;
                            let b = s.operand_node(rhs)?;
                            s.matmul(a, b)
                        })
                    }
                };
                return match (lhs, rhs) {
                    (Operand::Node(a), Operand::Node(b)) => self.record(op, &[a, b]),
                    (lhs, rhs) => self.apply(op, vec![lhs, rhs]),
                };
            }
            (Some(_), Some(_)) => {
                return Err(Error::Argument(
                    "an operator between two numbers records nothing; compute it in Python".into(),
                ))
            }
            (None, Some(s)) => (s, lhs, false),
            (Some(s), None) => (s, rhs, true),
        };
        let Operator::Arith(f) = op else {
            return Err(Error::Shape(
                "matmul: a Python number has no dimensions; use *".into(),
            ));
        };
        // A Python float beside integer data: torch computes in the default floating dtype
        // (a Python int came as a 0-d tensor of the data's dtype: integer arithmetic).
        let tensor = if self.is_data_operand(&tensor)? {
            self.as_float(tensor)?
        } else {
            tensor
        };
        let Some(op) = crate::ops::scalar::rewrite(f, scalar, reflected)? else {
            // The number as a 0-d constant of the tensor's dtype (torch's wrapped number).
            let dtype = match &tensor {
                Operand::Node(h) => self.dtype_of(*h)?,
                Operand::Data(t) => B::dtype(t),
                Operand::Number(_) => self.dtype,
            };
            let constant = {
                let _guard = B::no_grad();
                Operand::Data(B::full(&[], scalar, dtype, self.config.device)?)
            };
            let operands = if reflected {
                vec![constant, tensor]
            } else {
                vec![tensor, constant]
            };
            return self.apply(f.op(), operands);
        };
        match tensor {
            Operand::Node(h) => self.record(op, &[h]),
            data => self.apply(op, vec![data]),
        }
    }

    /// Whether `o` is integer or bool data (not a number).
    fn is_data_operand(&self, o: &Operand<B>) -> Result<bool> {
        Ok(match o {
            Operand::Node(h) => {
                self.check(&[*h])?;
                self.tape.node(h.node).data
            }
            Operand::Data(t) => B::dtype(t).is_data(),
            Operand::Number(_) => false,
        })
    }

    /// Data `o` converted to the session's floating dtype (recorded), as torch promotes an
    /// integer operand of a floating op.
    fn as_float(&mut self, o: Operand<B>) -> Result<Operand<B>> {
        let h = self.operand_node(o)?;
        let to = Op::convert(self.dtype, self.config.device);
        Ok(Operand::Node(self.record(to, &[h])?))
    }

    /// A recorded tensor for an operand: a node itself, data as a constant input leaf.
    fn operand_node(&mut self, o: Operand<B>) -> Result<Handle> {
        match o {
            Operand::Node(h) => {
                self.check(&[h])?;
                Ok(h)
            }
            Operand::Data(t) => {
                let dtype = B::dtype(&t);
                self.input_owned_as(t, dtype.is_data().then_some(dtype), false)
            }
            Operand::Number(_) => Err(Error::Argument(
                "a number is not a tensor operand here".into(),
            )),
        }
    }

    /// Record `shape` uniform draws in `[0, 1)` from the session's generator.
    pub fn rand(&mut self, shape: &[i64]) -> Result<Handle> {
        self.make(&factory::Factory::draw(shape.to_vec(), false)?, None, false)
    }

    /// Record `shape` standard normal draws from the session's generator.
    pub fn randn(&mut self, shape: &[i64]) -> Result<Handle> {
        self.make(&factory::Factory::draw(shape.to_vec(), true)?, None, false)
    }

    /// `shape` draws at the generator's position, in the carrier; the caller advances the
    /// generator (`Rng::skip_draw`) once they are recorded.
    pub(crate) fn drawn(&self, shape: &[i64], normal: bool) -> Result<B::T> {
        let rng = self.rng;
        let bits = self.dtype.significand_bits();
        // Made on the device chunk by chunk: the host never holds the whole draw.
        B::generate(shape, self.dtype, self.config.device, &|at, part| {
            rng.fill_draw(normal, bits, at as u64, part)
        })
    }

    /// Inverted dropout: zero each element with probability `p` and scale the rest by
    /// `1 / (1 - p)`; the identity when not `training` or `p == 0`.
    pub fn dropout(&mut self, x: Handle, p: f64, training: bool) -> Result<Handle> {
        self.check(&[x])?;
        if !(0.0..=1.0).contains(&p) {
            return Err(Error::Argument(format!(
                "dropout probability has to be between 0 and 1, but got {p}"
            )));
        }
        if !training || p == 0.0 {
            return Ok(x);
        }
        let shape = self.shape(x)?;
        let n = checked_numel(&shape)? as u64;
        // In `x`'s dtype: a bfloat16 activation stays bfloat16, as torch's dropout.
        let dtype = self.dtype_of(x)?;
        let mask = crate::ops::draw::DropoutMask {
            rng: self.rng,
            p,
            shape,
            dtype,
            device: self.config.device,
        };
        // The mask is a node that can draw itself again (a checkpointed block's backward
        // recomputes it), taken off the tape again if the product fails.
        let h = self.all_or_nothing(|s| {
            let mask = s.record(Op::Draw(Box::new(mask)), &[])?;
            s.record(BinaryOp::Mul.op(), &[x, mask])
        })?;
        self.rng.skip_draw(false, n);
        Ok(h)
    }

    /// Invariant 4: release tape-owned intermediates and workspaces, then the borrowed
    /// leaves; invalidate every handle. Parameters, RNG state and optimizers are untouched.
    ///
    /// Small intermediates that nothing else holds go to the session's pool (ledger:
    /// cached, not live) for the next generation's ops to write into; what the previous
    /// reset kept and nobody reused is freed first (see [`crate::pool`]).
    pub fn reset_tape(&mut self) {
        self.reset_tape_by("");
    }

    /// [`Session::reset_tape`], remembering which call reset it for the message a stale
    /// handle gets (`cause` starts with "; ").
    pub fn reset_tape_by(&mut self, cause: &'static str) {
        self.tape.clear(Some(&mut self.pool));
        self.param_leaves.clear();
        self.leaf_grads.clear();
        self.generation += 1;
        self.compact_at = compact::MIN_COMPACT;
        self.last_reset = cause;
    }

    /// One training step: backward, the loss value, `reset_tape`, `opt`'s update from the
    /// gradients, their release. The tape is reset and the gradients released whether or
    /// not the update succeeds (an optimizer validates every input before it changes
    /// anything, so a failed step changes no parameter).
    pub fn train_step(&mut self, loss: Handle, opt: &mut dyn Optimizer<B>) -> Result<f64> {
        let (grads, value) = self.backward_and_reset(loss)?;
        self.last_reset = TRAIN_STEP_RESET;
        let stepped = opt.step(&grads);
        grads.release();
        stepped.map(|_| value)
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

/// The stale-handle hint after leaving `with sess:`.
pub const WITH_EXIT_RESET: &str = "; leaving `with sess:` reset the tape: read what you need \
     (t.item(), t.numpy(), t.detach() does not outlive it either) inside the block";

/// The stale-handle hint after `train_step`.
pub const TRAIN_STEP_RESET: &str =
    "; train_step() reset the tape (it ends the step): read what you need from \
     its tensors before it (loss.item() is its return value), or write the step as \
     loss.backward(); opt.step(), which keeps the tensors you hold readable";

fn number_operand() -> Error {
    Error::Argument("a number is not a tensor operand here".into())
}
