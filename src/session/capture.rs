//! Captured steps (issue 26, the core's part): a recording of the leaves and ops one step
//! put on the tape, and its replay from Rust with new arguments.
//!
//! Between [`Session::begin_capture`] and [`Session::end_capture`] every node the session
//! pushes is also described in a [`Recorder`]: where a leaf's value comes from (an argument
//! the caller marks, a constant, a parameter's snapshot, a `detach` of an earlier node, an
//! extra output of an op) and, for an op node, a fresh unit of the op ([`Op::replica`]) and
//! its operands as earlier entries. The result is a [`Plan`]. [`Session::replay`] pushes
//! the same nodes again through the same recording path ([`Session::record_as_is`]: the
//! same kernels in the same order, so the values are bit-identical to the eager step's),
//! with the plan's guard checked first: the arguments' shapes and dtypes, the session's
//! dtype, device and grad mode, and this thread's autocast state must be the recorded ones.
//!
//! What a plan cannot reproduce is refused when the capture ends, naming it: an op without
//! a replica, a read of a tensor recorded before the capture began, a draw from the
//! session's generator other than a dropout mask (its values would be frozen; a mask is
//! drawn again at each replay, from the generator's position then), a tape reset that is
//! not a recorded call (`sess.reset_tape()`, `sess.train_step`) or a failed op inside the
//! capture.
//!
//! Ownership: a [`Plan`] holds its constants' values (shared `Arc`s of what the recording
//! tape held: never written, counted under `tape` while the plan lives) and its
//! parameters' `Arc`s (their snapshots are taken again at each replay). Dropping the plan
//! frees the constants no tape holds.

use std::collections::HashMap;
use std::sync::Arc;

use super::Session;
use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::grads::GradMap;
use crate::ops::Op;
use crate::param::Parameter;
use crate::rng::RngState;
use crate::tape::Handle;

use super::loss::ClassLossOptions;

/// Where one plan entry's value comes from at replay.
pub enum Entry<B: Backend> {
    /// Argument `k` of the replay: its shape and dtype must be these.
    Argument {
        k: usize,
        shape: Vec<i64>,
        dtype: DType,
        requires_grad: bool,
    },
    /// Argument `k` given as a tensor of the session (recorded before the step): a replay
    /// reads the tensor given then, of this shape and dtype, as it is (no leaf of its own).
    Tensor {
        k: usize,
        shape: Vec<i64>,
        dtype: DType,
    },
    /// A constant leaf, shared by every replay: a literal (a factory's value, a number made
    /// a tensor, a composition's table), or, until the binding marks it an argument, data
    /// given to `sess.input` (`literal` false: any other value computed from the step's
    /// data, such as `nonzero`'s positions, refuses the capture).
    Constant {
        value: Value<B>,
        requires_grad: bool,
        literal: bool,
    },
    /// The parameter's snapshot at replay time.
    Param(Arc<Parameter<B>>),
    /// `detach()` of an earlier entry.
    Detached(usize),
    /// An op on earlier entries: a fresh unit for each replay.
    Op { op: Op<B>, parents: Vec<usize> },
    /// Extra output `i` of the op entry `of` (a data leaf: `max(dim)`'s indices).
    Extra { of: usize, i: usize },
    /// `cross_entropy` / `nll_loss` of the entry `input` against class ids given as
    /// argument `k` (host data of this shape and dtype): the loss is built again from the
    /// new ids at each replay ([`Session::class_loss_of`]).
    ClassLoss {
        input: usize,
        k: usize,
        shape: Vec<i64>,
        dtype: DType,
        name: String,
        integral: bool,
        boolean: bool,
        data_dtype: &'static str,
        opts: ClassLossOptions,
        log_softmax: bool,
    },
    /// A composite call of the session on the entries `operands` (`name`: what it is),
    /// made again by `redo` at each replay ([`Session::composite`]).
    Call {
        name: &'static str,
        operands: Vec<usize>,
        redo: Redo<B>,
    },
    /// `loss.backward()` (torch's, closing the graph unless `retain`) of the entry `root`.
    Backward { root: usize, retain: bool },
    /// `sess.train_step(loss, opt)` of the entry `root` (the explicit API): backward into a
    /// gradient map, `opt`'s step from it, the tape reset; its node is a leaf of the loss's
    /// value, made after the reset ([`Session::train_step_recorded`]).
    TrainStep {
        root: usize,
        opt: super::effect::SharedOptimizer<B>,
    },
    /// `sess.backward(loss)` of the entry `root` (the explicit API): the gradients added
    /// into `map`, the `GradMap` the step got. `fresh`: the map was made by this call, and
    /// each replay empties it first; else it was given (`into=`) and a replay adds to it.
    Grads {
        root: usize,
        map: Arc<GradMap<B>>,
        fresh: bool,
    },
    /// `sess.reset_tape()`: every earlier entry's handle ends, as the eager step's did.
    Reset,
    /// An effect on the session's store (an optimizer's `step`, `zero_grad`, clipping):
    /// a replay runs it again here ([`Session::run_effect`]).
    Effect(super::effect::Effect<B>),
    /// A call outside the session that the step made here (the binding's call number
    /// `slot` of the step, which the binding holds: a data-parallel wrapper's all-reduce).
    /// A replay stops here ([`Session::replay_resume`] returns `slot`), the binding makes
    /// the call again with the session free, and resumes the replay.
    Pause { slot: usize },
}

/// A composite call of the session on its tensor operands (see [`Entry::Call`]).
pub type Redo<B> = Arc<dyn Fn(&mut Session<B>, &[Handle]) -> Result<Handle> + Send + Sync>;

/// A recorded step (see the module comment).
pub struct Plan<B: Backend> {
    pub(super) entries: Vec<Entry<B>>,
    /// Whether a backward of the plan closes the graph (torch's `loss.backward()`): the
    /// eager step compacts the tape there, a replay once it is over
    /// ([`Session::replay_finish`]).
    pub(super) closes: bool,
    /// For each closing backward (its entry), the earlier entries a later entry or an
    /// output reads: a replay compacts the tape right after that backward keeping only
    /// these, as the eager step's compaction kept what Python named
    /// ([`Plan::set_outputs`]; empty until the outputs are known: then a replay compacts
    /// once it is over).
    pub(super) live_after: Vec<(usize, Vec<usize>)>,
    pub(super) arguments: usize,
    pub(super) dtype: DType,
    pub(super) device: Device,
    pub(super) grad_enabled: bool,
    pub(super) autocast: Option<DType>,
}

impl<B: Backend> Plan<B> {
    /// How many entries (nodes) a replay pushes.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// How many arguments a replay takes (the last one it reads, plus one: arguments
    /// the step never read are skipped).
    pub fn arguments(&self) -> usize {
        self.arguments
    }

    /// The entry recorded for the tape node of `h` at capture (to find a step's outputs).
    pub fn entries(&self) -> &[Entry<B>] {
        &self.entries
    }

    /// How a replay reads argument `k`.
    pub fn argument_use(&self, k: usize) -> ArgumentUse {
        self.entries
            .iter()
            .find_map(|e| match e {
                Entry::Argument { k: i, dtype, .. } if *i == k => Some(ArgumentUse::Leaf(*dtype)),
                Entry::ClassLoss { k: i, .. } if *i == k => Some(ArgumentUse::Target),
                Entry::Tensor { k: i, .. } if *i == k => Some(ArgumentUse::Tensor),
                _ => None,
            })
            .unwrap_or(ArgumentUse::Unused)
    }
}

/// How a plan reads one of its arguments ([`Plan::argument_use`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgumentUse {
    /// As an input leaf of this dtype (given as `input` converted it at the recording).
    Leaf(DType),
    /// As host data (the class ids of a loss).
    Target,
    /// As a tensor of the session.
    Tensor,
    /// Not at all.
    Unused,
}

impl<B: Backend> std::fmt::Debug for Plan<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plan")
            .field("entries", &self.entries.len())
            .field("arguments", &self.arguments)
            .field("dtype", &self.dtype)
            .field("device", &self.device)
            .finish()
    }
}

/// A capture in progress: the session's `capture` field.
pub(crate) struct Recorder<B: Backend> {
    entries: Vec<Entry<B>>,
    /// Tape node id → its entry (the nodes pushed since the capture began).
    of_node: HashMap<usize, usize>,
    /// The node of each entry, in order (to forget entries when the tape is cut); `None`
    /// for the entries of no node (marks, backwards).
    nodes: Vec<Option<usize>>,
    /// Nodes of tensors given as arguments (recorded before the capture) → (argument,
    /// shape, dtype): an entry the first time the step reads them.
    tensor_args: HashMap<usize, (usize, Vec<i64>, DType)>,
    /// While above 0, nodes are pushed by a composite call being recorded as one entry
    /// ([`Session::class_loss_argument`]): they are not entries of their own.
    pub(super) suppress: usize,
    /// The first reason the plan cannot reproduce the step.
    refused: Option<String>,
    /// The generation and the generator when the capture began (the generation after the
    /// step's last recorded reset, [`Recorder::reset`]).
    generation: u64,
    /// How many recorded resets (`sess.train_step`, `sess.reset_tape()`) the step made.
    pub(super) resets: usize,
    /// How many calls outside the session ([`Entry::Pause`]) the step made.
    pub(super) pauses: usize,
    rng: RngState,
    /// The generator positions the step's recorded draws (dropout masks) used: a replay
    /// draws them again; any other draw refuses the capture.
    drawn: u64,
    grad_enabled: bool,
    autocast: Option<DType>,
}

impl<B: Backend> Recorder<B> {
    pub(super) fn push(&mut self, node: usize, entry: Entry<B>) {
        if self.suppress > 0 {
            return;
        }
        self.of_node.insert(node, self.entries.len());
        self.nodes.push(Some(node));
        self.entries.push(entry);
    }

    /// An entry of no node (an effect, a backward).
    pub(super) fn push_effect(&mut self, entry: Entry<B>) {
        self.nodes.push(None);
        self.entries.push(entry);
    }

    /// The tape was reset inside the step (the session is now at `generation`): what was
    /// recorded before can be read no more, so no node maps to an entry of it.
    pub(super) fn reset(&mut self, generation: u64) {
        self.of_node.clear();
        self.tensor_args.clear();
        self.nodes.iter_mut().for_each(|n| *n = None);
        self.generation = generation;
        self.resets += 1;
    }

    /// `loss.backward()` of the node `root`.
    pub(crate) fn backward(&mut self, root: usize, retain: bool) {
        if let Some(root) = self.entry_of(root) {
            self.push_effect(Entry::Backward { root, retain });
        }
    }

    pub(crate) fn refuse(&mut self, why: impl FnOnce() -> String) {
        if self.refused.is_none() {
            self.refused = Some(why());
        }
    }

    /// The entry of an operand node, or a refusal (a tensor from before the capture).
    pub(super) fn entry_of(&mut self, node: usize) -> Option<usize> {
        let mut e = self.of_node.get(&node).copied();
        if let (None, Some((k, shape, dtype))) = (e, self.tensor_args.get(&node)) {
            let entry = Entry::Tensor {
                k: *k,
                shape: shape.clone(),
                dtype: *dtype,
            };
            e = Some(self.entries.len());
            self.of_node.insert(node, self.entries.len());
            self.push_effect(entry);
        }
        if e.is_none() {
            self.refuse(|| {
                "the step reads a tensor recorded before the capture began (pass it as an \
                 argument, or make it inside the step)"
                    .into()
            });
        }
        e
    }

    pub(crate) fn constant(
        &mut self,
        node: usize,
        value: &Value<B>,
        requires_grad: bool,
        literal: bool,
    ) {
        let value = Arc::clone(value);
        self.push(
            node,
            Entry::Constant {
                value,
                requires_grad,
                literal,
            },
        );
    }

    pub(crate) fn param(&mut self, node: usize, p: &Arc<Parameter<B>>) {
        self.push(node, Entry::Param(Arc::clone(p)));
    }

    pub(crate) fn detached(&mut self, node: usize, of: usize) {
        if let Some(e) = self.entry_of(of) {
            self.push(node, Entry::Detached(e));
        }
    }

    /// An op node `node` (its replica, `None`: the op has none) on `parents`, followed by
    /// `extra` extra-output leaves.
    pub(crate) fn op(
        &mut self,
        node: usize,
        name: &str,
        replica: Option<Op<B>>,
        parents: &[Handle],
        extra: usize,
    ) {
        if let Some(Op::Draw(d)) = &replica {
            // A composite call draws again when it is redone: counted as well.
            self.drawn = self.drawn.wrapping_add(d.positions());
        }
        if self.suppress > 0 {
            return;
        }
        let Some(op) = replica else {
            self.refuse(|| format!("{name} cannot be replayed yet"));
            return;
        };
        let mut ids = Vec::with_capacity(parents.len()); // bounded: one per operand
        for h in parents {
            match self.entry_of(h.node) {
                Some(e) => ids.push(e),
                None => return,
            }
        }
        let of = self.entries.len();
        self.push(node, Entry::Op { op, parents: ids });
        for i in 0..extra {
            self.push(node + 1 + i, Entry::Extra { of, i });
        }
    }

    /// The tape was cut back to `len` nodes (a failed op took its nodes off again).
    pub(crate) fn truncate(&mut self, len: usize) {
        while let Some(&Some(n)) = self.nodes.last() {
            if n < len {
                break;
            }
            self.nodes.pop();
            self.of_node.remove(&n);
            self.entries.pop();
        }
    }
}

fn not_an_input() -> Error {
    Error::Argument("mark_argument: the tensor is not an input recorded during the capture".into())
}

impl<B: Backend> Session<B> {
    /// Start recording a plan of what this session records next.
    pub fn begin_capture(&mut self) -> Result<()> {
        if self.capture.is_some() {
            return Err(Error::Argument(
                "a capture is already in progress in this session".into(),
            ));
        }
        if !self.blocks.is_empty() {
            return Err(Error::Argument(
                "a capture cannot begin inside a checkpointed block".into(),
            ));
        }
        // Implicit parameter leaves from before the capture are not the plan's.
        self.param_leaves.clear();
        self.capture = Some(Recorder {
            entries: Vec::new(),
            of_node: HashMap::new(),
            nodes: Vec::new(),
            tensor_args: HashMap::new(),
            suppress: 0,
            refused: None,
            generation: self.generation,
            resets: 0,
            pauses: 0,
            rng: self.rng,
            drawn: 0,
            grad_enabled: self.grad_enabled(),
            autocast: crate::autocast::get(self.config.device.is_cuda()),
        });
        Ok(())
    }

    /// Whether a capture is in progress.
    pub fn capturing(&self) -> bool {
        self.capture.is_some()
    }

    /// Whether a capture is in progress and records entries (not inside a composite call
    /// being recorded as one).
    pub(crate) fn capturing_entries(&self) -> bool {
        self.capture.as_ref().is_some_and(|r| r.suppress == 0)
    }

    /// The plan entry of `h`'s node in the capture in progress (a step's output).
    pub fn capture_entry_of(&self, h: Handle) -> Option<usize> {
        let r = self.capture.as_ref()?;
        self.check(&[h]).ok()?;
        r.of_node.get(&h.node).copied()
    }

    /// Mark the tensor `h`, recorded before the capture, as argument `k` of the plan: the
    /// step's reads of it read the tensor given as argument `k` at each replay.
    pub fn capture_tensor_argument(&mut self, h: Handle, k: usize) -> Result<()> {
        self.check(&[h])?;
        let value = self.tape.node(h.node).value.get();
        let (shape, dtype) = (B::shape(value), B::dtype(value));
        let r = self
            .capture
            .as_mut()
            .ok_or_else(|| Error::Argument("no capture is in progress".into()))?;
        r.tensor_args.insert(h.node, (k, shape, dtype));
        Ok(())
    }

    /// Mark the input leaf `h`, recorded during the capture, as argument `k` of the plan.
    pub fn mark_argument(&mut self, h: Handle, k: usize) -> Result<()> {
        self.check(&[h])?;
        let value = Arc::clone(&self.tape.node(h.node).value);
        let r = self
            .capture
            .as_mut()
            .ok_or_else(|| Error::Argument("mark_argument: no capture is in progress".into()))?;
        let entry = r.of_node.get(&h.node).copied().map(|e| &mut r.entries[e]);
        let Some(entry) = entry else {
            return Err(not_an_input());
        };
        let Entry::Constant { requires_grad, .. } = *entry else {
            return Err(not_an_input());
        };
        *entry = Entry::Argument {
            k,
            shape: B::shape(value.get()),
            dtype: B::dtype(value.get()),
            requires_grad,
        };
        Ok(())
    }

    /// End the capture: the plan, or the first reason it cannot reproduce the step (an
    /// `Argument` error naming it). Nothing recorded is undone.
    pub fn end_capture(&mut self) -> Result<Plan<B>> {
        let r = self
            .capture
            .take()
            .ok_or_else(|| Error::Argument("end_capture: no capture is in progress".into()))?;
        let refused = r.refused.or_else(|| {
            (r.generation != self.generation)
                .then(|| "the tape was reset during the capture".to_string())
        });
        let refused = refused.or_else(|| {
            let mut expected = r.rng;
            expected.skip_draw(false, r.drawn);
            (expected != self.rng).then(|| {
                "the step draws from the session's generator other than through dropout \
                 (rand, randn, a random init, ...): a replay would repeat the same numbers"
                    .to_string()
            })
        });
        let refused = refused.or_else(|| {
            r.entries
                .iter()
                .any(|e| matches!(e, Entry::Constant { literal: false, .. }))
                .then(|| {
                    "the step makes a tensor from values it read (nonzero, unique, indexing \
                     with a mask, data given to sess.input that is not an argument, ...): a \
                     replay would keep this call's values"
                        .to_string()
                })
        });
        if let Some(why) = refused {
            return Err(Error::Capture(format!(
                "this step cannot be captured: {why}"
            )));
        }
        // Each argument is used once (a second use would need its data twice); one the step
        // never used takes no place in a replay.
        let mut seen = std::collections::HashSet::new();
        let mut tensors = 0;
        for e in &r.entries {
            if let Entry::Tensor { k, .. } = e {
                tensors = tensors.max(k + 1);
            }
            if let Entry::Argument { k, .. } | Entry::ClassLoss { k, .. } = e {
                if !seen.insert(*k) {
                    return Err(Error::Capture(format!(
                        "this step cannot be captured: argument {k} is given to \
                         sess.input (or a loss) twice; use the first tensor again"
                    )));
                }
            }
        }
        let arguments = seen.iter().max().map_or(0, |k| k + 1).max(tensors);
        let closes = r.entries.iter().any(|e| {
            matches!(
                e,
                Entry::Backward { retain: false, .. } | Entry::TrainStep { .. }
            )
        });
        Ok(Plan {
            closes,
            live_after: Vec::new(),
            entries: r.entries,
            arguments,
            dtype: self.dtype,
            device: self.config.device,
            grad_enabled: r.grad_enabled,
            autocast: r.autocast,
        })
    }

    /// Run `f`, whose input leaves are literals (a factory's values, numbers made tensors, a
    /// composition's tables): constants a replay may keep (see [`Entry::Constant`]).
    pub(crate) fn literal<T>(&mut self, f: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        let was = std::mem::replace(&mut self.literal, true);
        let out = f(self);
        self.literal = was;
        out
    }

    /// Cut the tape back to `len` nodes (a failed op takes its nodes off again), and the
    /// capture in progress with it.
    pub(crate) fn truncate_tape(&mut self, len: usize) {
        self.tape.truncate(len);
        if let Some(r) = self.capture.as_mut() {
            r.truncate(len);
        }
    }

    /// Drop a capture in progress (the step failed), if any.
    pub fn abort_capture(&mut self) {
        self.capture = None;
    }

    /// Run `redo` on `operands`: outside a capture, the call itself; inside one, recorded
    /// as one entry (the nodes it pushes are not entries of their own) that a replay makes
    /// again by calling `redo` on the replayed operands. For compositions whose units are
    /// built from more than their operands (parameters they publish, counts they read).
    pub fn composite(
        &mut self,
        name: &'static str,
        operands: &[Handle],
        redo: Redo<B>,
    ) -> Result<Handle> {
        let Some(r) = self.capture.as_mut() else {
            return redo(self, operands);
        };
        let entries: Option<Vec<usize>> = operands.iter().map(|h| r.entry_of(h.node)).collect();
        r.suppress += 1;
        let out = redo(self, operands);
        if let Some(r) = self.capture.as_mut() {
            r.suppress -= 1;
            if let (Ok(h), Some(operands)) = (&out, entries) {
                r.push(
                    h.node,
                    Entry::Call {
                        name,
                        operands,
                        redo,
                    },
                );
            }
        }
        out
    }

    /// The effect `e` just ran ([`Session::effect`]): a capture in progress records it.
    pub(super) fn capture_effect(&mut self, e: super::effect::Effect<B>) {
        if let Some(r) = self.capture.as_mut() {
            r.push_effect(Entry::Effect(e));
        }
    }
}

#[cfg(test)]
#[path = "capture_tests.rs"]
mod tests;
