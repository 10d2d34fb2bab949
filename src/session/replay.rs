//! The replay of a captured step ([`crate::session::capture`]): its arguments, the guard
//! checked first, and the entries pushed again through the recording path
//! ([`Session::record_as_is`]: the same kernels in the same order, so the values are
//! bit-identical to the eager step's), the effects on the session's store run again in place.

use std::sync::Arc;

use super::capture::{Entry, Plan};
use super::loss::TargetArg;
use super::Session;
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::{Error, Result};
use crate::ops::Op;
use crate::tape::Handle;

impl<B: Backend> Entry<B> {
    /// The earlier entries this one reads.
    fn reads(&self) -> &[usize] {
        match self {
            Entry::Op { parents, .. } => parents,
            Entry::Call { operands, .. } => operands,
            Entry::Detached(e)
            | Entry::Extra { of: e, .. }
            | Entry::ClassLoss { input: e, .. }
            | Entry::Backward { root: e, .. }
            | Entry::TrainStep { root: e, .. }
            | Entry::Grads { root: e, .. } => std::slice::from_ref(e),
            _ => &[],
        }
    }
}

impl<B: Backend> Plan<B> {
    /// Name the step's outputs (entries): each closing backward's replay then compacts the
    /// tape at once, keeping the entries read after it (by a later entry or as an output),
    /// as the eager step's backward did, so that the optimizer's step after it updates
    /// parameters no tape holds in place and the activations go back to the pool before
    /// it runs.
    pub fn set_outputs(&mut self, outputs: &[usize]) {
        let entries = &self.entries;
        self.live_after = (0..entries.len())
            .filter(|&b| matches!(entries[b], Entry::Backward { retain: false, .. }))
            .map(|b| {
                let later = entries[b + 1..].iter().flat_map(|e| e.reads().iter());
                let mut keep: Vec<usize> =
                    later.chain(outputs).copied().filter(|&e| e < b).collect();
                keep.sort_unstable();
                keep.dedup();
                (b, keep)
            })
            .collect();
    }
}

/// One argument of a replay.
pub enum ReplayArg<B: Backend> {
    /// Data for an [`Entry::Argument`] or an [`Entry::ClassLoss`] (used once).
    Data(B::T),
    /// A tensor of the session for an [`Entry::Tensor`].
    Tensor(Handle),
}

/// A replay in progress: the arguments not used yet, a handle for each entry replayed so
/// far, and the tape's length a failure cuts it back to. Made by [`Session::replay_start`],
/// advanced by [`Session::replay_resume`].
pub struct ReplayState<B: Backend> {
    args: Vec<Option<ReplayArg<B>>>,
    handles: Vec<Handle>,
    mark: usize,
}

fn take_argument<B: Backend>(args: &mut [Option<ReplayArg<B>>], k: usize) -> Result<B::T> {
    match args.get_mut(k).and_then(Option::take) {
        Some(ReplayArg::Data(t)) => Ok(t),
        _ => Err(Error::Argument(format!(
            "replay: argument {k} is missing, used twice, or a tensor where data is read"
        ))),
    }
}

impl<B: Backend> ReplayState<B> {
    /// A handle for each entry replayed so far (every entry's once the replay is over).
    pub fn handles(&self) -> &[Handle] {
        &self.handles
    }
}

impl<B: Backend> Session<B> {
    /// An input leaf sharing a plan's constant value.
    fn constant_leaf(&mut self, value: &Value<B>, requires_grad: bool) -> Handle {
        let data = B::dtype(value.get()).is_data();
        let rg = requires_grad && self.grad_enabled();
        let node = crate::tape::Node::leaf(Op::Input, Arc::clone(value), rg, data);
        let id = self.tape.push(node);
        self.handle(id)
    }

    /// Begin a capture of a step given the session's tensors `tensor_args` (argument index,
    /// handle) as arguments, each read as it is at every replay; on an error no capture
    /// begins.
    pub fn begin_capture_with(&mut self, tensor_args: &[(usize, Handle)]) -> Result<()> {
        self.begin_capture()?;
        for &(k, h) in tensor_args {
            if let Err(e) = self.capture_tensor_argument(h, k) {
                self.abort_capture();
                return Err(e);
            }
        }
        Ok(())
    }

    /// End the capture of a step that returned `outputs`: the plan, and each output's
    /// entry; an output made outside the step is a `CaptureError`.
    pub fn end_capture_with(&mut self, outputs: &[Handle]) -> Result<(Plan<B>, Vec<usize>)> {
        let entries: Vec<_> = outputs.iter().map(|&h| self.capture_entry_of(h)).collect();
        let reset = self.capture.as_ref().is_some_and(|r| r.resets > 0);
        let mut plan = self.end_capture()?;
        let entries = entries.into_iter().enumerate().map(|(i, e)| {
            e.ok_or_else(|| {
                let stale = reset && outputs[i].generation < self.generation;
                Error::Capture(if stale {
                    format!(
                        "output {i} of the step was made before a later sess.train_step() or \
                         sess.reset_tape() in it reset the tape (return what the step makes \
                         after its last reset, or split the step)"
                    )
                } else {
                    format!(
                        "output {i} of the step is a tensor made outside it (return tensors \
                         the step computes)"
                    )
                })
            })
        });
        let entries: Vec<usize> = entries.collect::<Result<_>>()?;
        plan.set_outputs(&entries);
        Ok((plan, entries))
    }

    /// Push `plan`'s nodes again with `args` as its arguments: a handle for each entry.
    /// The guard is checked first; on any failure nothing is recorded.
    pub fn replay(&mut self, plan: &Plan<B>, args: Vec<B::T>) -> Result<Vec<Handle>> {
        self.replay_with(plan, args.into_iter().map(ReplayArg::Data).collect())
    }

    /// [`Session::replay`] with tensor arguments too: the guard is checked, then every entry
    /// replayed, the effects run again where the eager step ran them. A failure records
    /// nothing (effects that ran before it stay done, as in the eager step).
    /// A plan with calls outside the session ([`Entry::Pause`]) is replayed by its binding
    /// ([`Session::replay_start`]); here it is an error, nothing recorded.
    pub fn replay_with(&mut self, plan: &Plan<B>, args: Vec<ReplayArg<B>>) -> Result<Vec<Handle>> {
        let mut state = self.replay_start(plan, args)?;
        match self.replay_resume(plan, &mut state)? {
            None => Ok(state.handles),
            Some(_) => {
                self.replay_abandon(state);
                Err(Error::Capture(
                    "replay: the step makes calls outside the session; its binding replays it"
                        .into(),
                ))
            }
        }
    }

    /// Begin a replay of `plan` with `args`: the guard checked, nothing replayed yet
    /// ([`Session::replay_resume`] runs it).
    pub fn replay_start(
        &mut self,
        plan: &Plan<B>,
        args: Vec<ReplayArg<B>>,
    ) -> Result<ReplayState<B>> {
        self.check_guard(plan, &args)?;
        Ok(ReplayState {
            args: args.into_iter().map(Some).collect(),
            // bounded: one per entry of the plan, which holds them
            handles: Vec::with_capacity(plan.entries.len()),
            mark: self.tape.len(),
        })
    }

    /// Replay `plan`'s entries from where `state` stopped: `Ok(None)` once it is over (the
    /// handles in [`ReplayState::handles`]), `Ok(Some(slot))` at a call outside the session
    /// ([`Entry::Pause`]): the caller makes call `slot`, with the session free, then resumes
    /// (or abandons: [`Session::replay_abandon`]). A failure cuts the tape back to what
    /// the replay had not yet recorded over (effects that ran stay done, as in the eager
    /// step).
    pub fn replay_resume(
        &mut self,
        plan: &Plan<B>,
        state: &mut ReplayState<B>,
    ) -> Result<Option<usize>> {
        self.replaying = true;
        let out = self.replay_part(plan, state);
        self.replaying = false;
        if out.is_err() {
            self.truncate_tape(state.mark);
        }
        out
    }

    /// Give up a replay stopped at a call (the call failed): the tape is cut back as a
    /// failed entry cuts it.
    pub fn replay_abandon(&mut self, state: ReplayState<B>) {
        self.truncate_tape(state.mark);
    }

    fn replay_part(&mut self, plan: &Plan<B>, state: &mut ReplayState<B>) -> Result<Option<usize>> {
        while let Some(entry) = plan.entries.get(state.handles.len()) {
            let hs = &state.handles;
            let h = match entry {
                Entry::Argument {
                    k, requires_grad, ..
                } => {
                    let data = take_argument(&mut state.args, *k)?;
                    let dtype = B::dtype(&data);
                    self.input_owned_as(data, Some(dtype), *requires_grad)?
                }
                Entry::Tensor { k, .. } => match state.args.get(*k) {
                    Some(Some(ReplayArg::Tensor(h))) => *h,
                    _ => {
                        return Err(Error::Argument(format!(
                            "replay: argument {k} must be a tensor of the session"
                        )))
                    }
                },
                Entry::Constant {
                    value,
                    requires_grad,
                    ..
                } => self.constant_leaf(value, *requires_grad),
                Entry::Param(p) => self.use_param(p)?,
                Entry::Detached(e) => self.detach(hs[*e])?,
                Entry::Op { op, parents } => {
                    let ps: Vec<Handle> = parents.iter().map(|&e| hs[e]).collect();
                    if let Op::Draw(d) = op {
                        // A fresh draw from where the generator is now, as the eager
                        // step's (`Session::dropout`).
                        let d = d.redrawn(self.rng);
                        let n = d.positions();
                        let h = self.record_as_is(Op::Draw(Box::new(d)), &ps)?.0;
                        self.rng.skip_draw(false, n);
                        h
                    } else {
                        let unit = op.replica().ok_or_else(|| {
                            Error::Backend(format!("replay: {} has no replica", op.name()))
                        })?;
                        self.record_as_is(unit, &ps)?.0
                    }
                }
                Entry::Extra { of, i } => Handle {
                    node: hs[*of].node + 1 + i,
                    ..hs[*of]
                },
                Entry::ClassLoss {
                    input,
                    k,
                    name,
                    integral,
                    boolean,
                    data_dtype,
                    opts,
                    log_softmax,
                    ..
                } => {
                    let input = hs[*input];
                    let data = take_argument(&mut state.args, *k)?;
                    let target = TargetArg::Host {
                        data,
                        integral: *integral,
                        boolean: *boolean,
                        dtype: data_dtype,
                    };
                    self.class_loss_of(name, input, target, opts, *log_softmax)?
                }
                Entry::Call { operands, redo, .. } => {
                    let ps: Vec<Handle> = operands.iter().map(|&e| hs[e]).collect();
                    redo(self, &ps)?
                }
                Entry::Backward { root, retain } => {
                    let (e, root) = (*root, hs[*root]);
                    self.backward_closing(root, *retain)?;
                    let at = state.handles.len();
                    if let Some((_, keep)) = plan.live_after.iter().find(|(b, _)| *b == at) {
                        self.compact_in_replay(keep, state)?;
                    }
                    state.handles[e]
                }
                Entry::TrainStep { root, opt } => {
                    let h = self.train_step_recorded(hs[*root], opt)?;
                    // The reset ended every earlier handle, as the eager step's did; a
                    // failure from here on cuts the tape back to what follows it.
                    state.mark = h.node;
                    h
                }
                Entry::Grads { root, map, fresh } => {
                    if *fresh {
                        map.clear();
                    }
                    self.backward_into(hs[*root], map)?;
                    state.handles[*root]
                }
                Entry::Reset => {
                    self.reset_tape();
                    // Every earlier handle ended, as in the eager step; the plan reads
                    // none of them again.
                    state.mark = 0;
                    self.handle(0)
                }
                Entry::Effect(e) => {
                    self.run_effect(e)?;
                    // The effect's slot holds a handle the plan never reads.
                    hs.last().copied().unwrap_or_else(|| self.handle(0))
                }
                Entry::Pause { slot } => {
                    // A handle the plan never reads; the caller makes the call, then
                    // resumes after this entry.
                    let h = hs.last().copied().unwrap_or_else(|| self.handle(0));
                    state.handles.push(h);
                    return Ok(Some(*slot));
                }
            };
            state.handles.push(h);
        }
        Ok(None)
    }

    /// The compaction of an eager step's closing backward, in a replay: the entries `keep`
    /// and the tensor arguments are named for it (the nodes they name move), the rest of
    /// the tape it pushed so far goes; their handles follow.
    fn compact_in_replay(&mut self, keep: &[usize], state: &mut ReplayState<B>) -> Result<()> {
        let stale = || Error::Argument("replay: a handle went stale during the step".into());
        let mut named = Vec::with_capacity(keep.len()); // bounded: one per kept entry
        for &e in keep {
            named.push((e, self.name_handle(state.handles[e]).ok_or_else(stale)?));
        }
        let mut tensors = Vec::new();
        for (k, a) in state.args.iter().enumerate() {
            if let Some(ReplayArg::Tensor(h)) = a {
                tensors.push((k, self.name_handle(*h).ok_or_else(stale)?));
            }
        }
        self.compact();
        for (e, slot) in named {
            state.handles[e] = slot.handle();
        }
        for (k, slot) in tensors {
            state.args[k] = Some(ReplayArg::Tensor(slot.handle()));
        }
        // A failure from here on leaves the kept nodes (named by no tensor: the next
        // compaction retires them) and cuts what came after.
        state.mark = self.tape.len();
        Ok(())
    }

    /// After a replay, once the caller named the outputs it keeps: compact the tape as the
    /// eager step's closing backward did (its retired values go back to the pool for the
    /// next step).
    pub fn replay_finish(&mut self, plan: &Plan<B>) {
        if plan.closes && self.capture.is_none() {
            self.compact();
        }
    }

    fn check_guard(&self, plan: &Plan<B>, args: &[ReplayArg<B>]) -> Result<()> {
        if self.capture.is_some() {
            return Err(Error::Argument(
                "replay: this session is capturing a step".into(),
            ));
        }
        let now = (
            self.dtype,
            self.config.device,
            self.grad_enabled(),
            crate::autocast::get(self.config.device.is_cuda()),
        );
        let then = (plan.dtype, plan.device, plan.grad_enabled, plan.autocast);
        if now != then {
            return Err(Error::Argument(format!(
                "replay: the plan was recorded with (dtype, device, grad mode, autocast) = \
                 {then:?}, the session now has {now:?}"
            )));
        }
        if args.len() < plan.arguments {
            return Err(Error::Argument(format!(
                "replay: the plan takes {} argument(s), got {}",
                plan.arguments,
                args.len()
            )));
        }
        for e in &plan.entries {
            let (k, shape, dtype, tensor) = match e {
                Entry::Argument {
                    k, shape, dtype, ..
                }
                | Entry::ClassLoss {
                    k, shape, dtype, ..
                } => (*k, shape, *dtype, false),
                Entry::Tensor { k, shape, dtype } => (*k, shape, *dtype, true),
                _ => continue,
            };
            let (s, d) = match (&args[k], tensor) {
                (ReplayArg::Data(t), false) => (B::shape(t), B::dtype(t)),
                (ReplayArg::Tensor(h), true) => {
                    self.check(&[*h])?;
                    let v = self.tape.node(h.node).value.get();
                    (B::shape(v), B::dtype(v))
                }
                _ => {
                    let (was, is) = if tensor {
                        ("a tensor", "data")
                    } else {
                        ("data", "a tensor")
                    };
                    return Err(Error::Argument(format!(
                        "replay: argument {k} was recorded as {was}, got {is}"
                    )));
                }
            };
            if &s != shape || d != dtype {
                return Err(Error::Argument(format!(
                    "replay: argument {k} is {d} of shape {s:?}; the plan was recorded \
                     for {dtype} of shape {shape:?}"
                )));
            }
        }
        Ok(())
    }
}
