//! Calls a capture records as one entry each, whose replay makes them again from the
//! replayed operands ([`crate::session::capture`]): a class loss against class ids given as
//! an argument of the step, and the explicit API's calls: `sess.train_step(loss, opt)`,
//! `sess.backward(loss)`, `sess.reset_tape()`.

use std::sync::Arc;

use super::capture::Entry;
use super::effect::{lock_optimizer, SharedOptimizer};
use super::loss::{ClassLossOptions, TargetArg};
use super::Session;
use crate::backend::Backend;
use crate::error::Result;
use crate::grads::GradMap;
use crate::tape::Handle;

impl<B: Backend> Session<B> {
    /// `cross_entropy` / `nll_loss` ([`Session::class_loss_of`]) against host class ids
    /// that are argument `k` of the step being captured: recorded as one entry that builds
    /// the loss again from the new ids at each replay. Outside a capture, or for a target
    /// that is not host data, the plain call.
    pub fn class_loss_argument(
        &mut self,
        name: &str,
        input: Handle,
        target: TargetArg<B>,
        k: usize,
        opts: &ClassLossOptions,
        log_softmax: bool,
    ) -> Result<Handle> {
        let meta = match (&target, self.capture.as_mut()) {
            (
                TargetArg::Host {
                    data,
                    integral,
                    boolean,
                    dtype,
                },
                Some(r),
            ) => {
                let input = r.entry_of(input.node);
                r.suppress += 1;
                Some((
                    input,
                    B::shape(data),
                    B::dtype(data),
                    *integral,
                    *boolean,
                    *dtype,
                ))
            }
            _ => None,
        };
        let out = self.class_loss_of(name, input, target, opts, log_softmax);
        let (Some((input, shape, dtype, integral, boolean, data_dtype)), Some(r)) =
            (meta, self.capture.as_mut())
        else {
            return out;
        };
        r.suppress -= 1;
        if let (Ok(h), Some(input)) = (&out, input) {
            let entry = Entry::ClassLoss {
                input,
                k,
                shape,
                dtype,
                name: name.to_string(),
                integral,
                boolean,
                data_dtype,
                opts: opts.clone(),
                log_softmax,
            };
            r.push(h.node, entry);
        }
        out
    }

    /// `sess.train_step(loss, opt)` ([`Session::train_step`]: backward into a gradient map,
    /// `opt`'s step from it, the tape reset, the gradients released), then a leaf of the
    /// loss's value, of its dtype: the handle the step reads it through. Inside a capture
    /// it is one entry ([`Entry::TrainStep`]), whose replay runs the same calls; the reset
    /// ends what the capture can read from before it, as it ends the handles.
    pub fn train_step_recorded(
        &mut self,
        loss: Handle,
        opt: &SharedOptimizer<B>,
    ) -> Result<Handle> {
        self.check(&[loss])?;
        let dtype = self.dtype_of(loss)?;
        let root = self.capture.as_mut().and_then(|r| r.entry_of(loss.node));
        let value = self.train_step(loss, &mut **lock_optimizer(opt))?;
        let t = {
            let _guard = B::no_grad();
            B::full(&[], value, dtype, self.config.device)?
        };
        let generation = self.generation;
        if let Some(r) = self.capture.as_mut() {
            r.reset(generation);
            r.suppress += 1;
        }
        let leaf = self.input_owned_as(t, None, false);
        let Some(r) = self.capture.as_mut() else {
            return leaf;
        };
        r.suppress -= 1;
        if let (Ok(h), Some(root)) = (&leaf, root) {
            let opt = Arc::clone(opt);
            r.push(h.node, Entry::TrainStep { root, opt });
        }
        leaf
    }

    /// `sess.backward(loss)` (`into`: `None`) or `sess.backward(loss, into=map)`: the
    /// gradients of `loss` added into a new map or into `map`, which is returned. Inside a
    /// capture it is one entry ([`Entry::Grads`]) that shares the map: each replay empties
    /// a map this call made and fills it again, or adds into the given one again.
    pub fn backward_recorded(
        &mut self,
        loss: Handle,
        into: Option<Arc<GradMap<B>>>,
    ) -> Result<Arc<GradMap<B>>> {
        let fresh = into.is_none();
        let map = into.unwrap_or_else(|| Arc::new(GradMap::new()));
        self.backward_into(loss, &map)?;
        if let Some(r) = self.capture.as_mut() {
            if let Some(root) = r.entry_of(loss.node) {
                let map = Arc::clone(&map);
                r.push_effect(Entry::Grads { root, map, fresh });
            }
        }
        Ok(map)
    }

    /// A call outside the session (the binding's) just ran at this point of the step:
    /// inside a capture, an entry ([`Entry::Pause`]) where each replay stops for the
    /// binding to make it again, and the call's number among the step's (the binding keeps
    /// the calls in that order); outside one, `None`.
    pub fn pause_recorded(&mut self) -> Option<usize> {
        let r = self.capture.as_mut()?;
        let slot = r.pauses;
        r.pauses += 1;
        r.push_effect(Entry::Pause { slot });
        Some(slot)
    }

    /// While a call outside the session runs inside a capture (`on`, then not), the nodes
    /// it pushes are not entries of the plan: a later entry that reads one refuses the
    /// capture, as a tensor made outside the step does.
    pub fn suspend_recording(&mut self, on: bool) {
        if let Some(r) = self.capture.as_mut() {
            if on {
                r.suppress += 1;
            } else {
                r.suppress = r.suppress.saturating_sub(1);
            }
        }
    }

    /// `sess.reset_tape()`; inside a capture, an entry ([`Entry::Reset`]) whose replay
    /// resets the tape there too: what the step recorded before it can be read no more.
    pub fn reset_tape_recorded(&mut self) {
        self.reset_tape();
        let generation = self.generation;
        if let Some(r) = self.capture.as_mut() {
            r.reset(generation);
            r.push_effect(Entry::Reset);
        }
    }
}
