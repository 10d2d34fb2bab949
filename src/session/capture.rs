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
//! session's generator (its values would be frozen), a tape reset or a failed op inside the
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
use crate::ops::Op;
use crate::param::Parameter;
use crate::rng::RngState;
use crate::tape::Handle;

/// Where one plan entry's value comes from at replay.
pub enum Entry<B: Backend> {
    /// Argument `k` of the replay: its shape and dtype must be these.
    Argument {
        k: usize,
        shape: Vec<i64>,
        dtype: DType,
        requires_grad: bool,
    },
    /// A constant leaf (a factory's value, a number made a tensor), shared by every replay.
    Constant {
        value: Value<B>,
        requires_grad: bool,
    },
    /// The parameter's snapshot at replay time.
    Param(Arc<Parameter<B>>),
    /// `detach()` of an earlier entry.
    Detached(usize),
    /// An op on earlier entries: a fresh unit for each replay.
    Op { op: Op<B>, parents: Vec<usize> },
    /// Extra output `i` of the op entry `of` (a data leaf: `max(dim)`'s indices).
    Extra { of: usize, i: usize },
}

/// A recorded step (see the module comment).
pub struct Plan<B: Backend> {
    entries: Vec<Entry<B>>,
    arguments: usize,
    dtype: DType,
    device: Device,
    grad_enabled: bool,
    autocast: Option<DType>,
}

impl<B: Backend> Plan<B> {
    /// How many entries (nodes) a replay pushes.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// How many arguments a replay takes.
    pub fn arguments(&self) -> usize {
        self.arguments
    }

    /// The entry recorded for the tape node of `h` at capture (to find a step's outputs).
    pub fn entries(&self) -> &[Entry<B>] {
        &self.entries
    }
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
    /// The entry of each entry's node, in order (to forget entries when the tape is cut).
    nodes: Vec<usize>,
    /// The first reason the plan cannot reproduce the step.
    refused: Option<String>,
    /// The generation and the generator when the capture began.
    generation: u64,
    rng: RngState,
    grad_enabled: bool,
    autocast: Option<DType>,
}

impl<B: Backend> Recorder<B> {
    fn push(&mut self, node: usize, entry: Entry<B>) {
        self.of_node.insert(node, self.entries.len());
        self.nodes.push(node);
        self.entries.push(entry);
    }

    pub(crate) fn refuse(&mut self, why: impl FnOnce() -> String) {
        if self.refused.is_none() {
            self.refused = Some(why());
        }
    }

    /// The entry of an operand node, or a refusal (a tensor from before the capture).
    fn entry_of(&mut self, node: usize) -> Option<usize> {
        let e = self.of_node.get(&node).copied();
        if e.is_none() {
            self.refuse(|| {
                "the step reads a tensor recorded before the capture began (pass it as an \
                 argument, or make it inside the step)"
                    .into()
            });
        }
        e
    }

    pub(crate) fn constant(&mut self, node: usize, value: &Value<B>, requires_grad: bool) {
        let value = Arc::clone(value);
        self.push(
            node,
            Entry::Constant {
                value,
                requires_grad,
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
        let Some(op) = replica else {
            self.refuse(|| format!("{name} cannot be replayed yet"));
            return;
        };
        let mut ids = Vec::with_capacity(parents.len());
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
        while self.nodes.last().is_some_and(|&n| n >= len) {
            let n = self.nodes.pop().unwrap_or_default();
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
        self.capture = Some(Recorder {
            entries: Vec::new(),
            of_node: HashMap::new(),
            nodes: Vec::new(),
            refused: None,
            generation: self.generation,
            rng: self.rng,
            grad_enabled: self.grad_enabled(),
            autocast: crate::autocast::get(self.config.device.is_cuda()),
        });
        Ok(())
    }

    /// Whether a capture is in progress.
    pub fn capturing(&self) -> bool {
        self.capture.is_some()
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
            (r.rng != self.rng).then(|| {
                "the step draws from the session's generator (rand, randn, dropout, ...): \
                 a replay would repeat the same numbers"
                    .to_string()
            })
        });
        if let Some(why) = refused {
            return Err(Error::Argument(format!(
                "this step cannot be captured: {why}"
            )));
        }
        let mut seen = vec![false; r.entries.len()];
        for e in &r.entries {
            if let Entry::Argument { k, .. } = e {
                if *k >= seen.len() || seen[*k] {
                    return Err(Error::Argument(format!(
                        "capture: argument {k} is marked twice or out of order"
                    )));
                }
                seen[*k] = true;
            }
        }
        let arguments = seen.iter().take_while(|s| **s).count();
        if seen.iter().skip(arguments).any(|s| *s) {
            return Err(Error::Argument(
                "capture: the arguments must be numbered 0, 1, ... without gaps".into(),
            ));
        }
        Ok(Plan {
            entries: r.entries,
            arguments,
            dtype: self.dtype,
            device: self.config.device,
            grad_enabled: r.grad_enabled,
            autocast: r.autocast,
        })
    }

    /// Cut the tape back to `len` nodes (a failed op takes its nodes off again), and the
    /// capture in progress with it.
    pub(crate) fn truncate_tape(&mut self, len: usize) {
        self.tape.truncate(len);
        if let Some(r) = self.capture.as_mut() {
            r.truncate(len);
        }
    }

    /// An input leaf sharing a plan's constant value.
    fn constant_leaf(&mut self, value: &Value<B>, requires_grad: bool) -> Handle {
        let data = B::dtype(value.get()).is_data();
        let rg = requires_grad && self.grad_enabled();
        let node = crate::tape::Node::leaf(Op::Input, Arc::clone(value), rg, data);
        let id = self.tape.push(node);
        self.handle(id)
    }

    /// Drop a capture in progress (the step failed), if any.
    pub fn abort_capture(&mut self) {
        self.capture = None;
    }

    /// Push `plan`'s nodes again with `args` as its arguments: a handle for each entry.
    /// The guard is checked first; on any failure nothing is recorded.
    pub fn replay(&mut self, plan: &Plan<B>, args: Vec<B::T>) -> Result<Vec<Handle>> {
        self.check_guard(plan, &args)?;
        let mut args: Vec<Option<B::T>> = args.into_iter().map(Some).collect();
        self.all_or_nothing(|s| {
            let mut hs: Vec<Handle> = Vec::with_capacity(plan.entries.len());
            for entry in &plan.entries {
                let h = match entry {
                    Entry::Argument {
                        k, requires_grad, ..
                    } => {
                        let data = args[*k].take().ok_or_else(|| {
                            Error::Argument(format!("replay: argument {k} used twice"))
                        })?;
                        let dtype = B::dtype(&data);
                        s.input_owned_as(data, Some(dtype), *requires_grad)?
                    }
                    Entry::Constant {
                        value,
                        requires_grad,
                    } => s.constant_leaf(value, *requires_grad),
                    Entry::Param(p) => s.use_param(p)?,
                    Entry::Detached(e) => s.detach(hs[*e])?,
                    Entry::Op { op, parents } => {
                        let unit = op.replica().ok_or_else(|| {
                            Error::Backend(format!("replay: {} has no replica", op.name()))
                        })?;
                        let ps: Vec<Handle> = parents.iter().map(|&e| hs[e]).collect();
                        s.record_as_is(unit, &ps)?.0
                    }
                    Entry::Extra { of, i } => Handle {
                        node: hs[*of].node + 1 + i,
                        ..hs[*of]
                    },
                };
                hs.push(h);
            }
            Ok(hs)
        })
    }

    fn check_guard(&self, plan: &Plan<B>, args: &[B::T]) -> Result<()> {
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
        if args.len() != plan.arguments {
            return Err(Error::Argument(format!(
                "replay: the plan takes {} argument(s), got {}",
                plan.arguments,
                args.len()
            )));
        }
        for e in &plan.entries {
            if let Entry::Argument {
                k, shape, dtype, ..
            } = e
            {
                let (s, d) = (B::shape(&args[*k]), B::dtype(&args[*k]));
                if &s != shape || d != *dtype {
                    return Err(Error::Argument(format!(
                        "replay: argument {k} is {d} of shape {s:?}; the plan was recorded \
                         for {dtype} of shape {shape:?}"
                    )));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::backend::dynamic::{Dyn, DynTensor};
    use crate::backend::Backend;
    use crate::error::Error;
    use crate::ops::testing::{data, dt, param, session, Sess};
    use crate::ops::unary::UnaryOp;
    use crate::ops::Op;
    use crate::param::Parameter;
    use crate::tape::Handle;

    use super::Plan;

    struct Mlp {
        w1: Arc<Parameter<Dyn>>,
        b1: Arc<Parameter<Dyn>>,
        w2: Arc<Parameter<Dyn>>,
    }

    fn mlp() -> Mlp {
        Mlp {
            w1: param(&data(&[5, 4], 1), "w1"),
            b1: param(&data(&[5], 2), "b1"),
            w2: param(&data(&[3, 5], 3), "w2"),
        }
    }

    /// `mse(log_softmax(tanh(x W1ᵀ + b1) W2ᵀ), y)`: the loss's handle (torch:
    /// `F.mse_loss(F.log_softmax(torch.tanh(F.linear(x, W1, b1)) @ W2.T, 1), y)`).
    fn step(s: &mut Sess, m: &Mlp, x: Handle, y: Handle) -> Handle {
        let (w1, b1, w2) = (
            s.use_param(&m.w1).unwrap(),
            s.use_param(&m.b1).unwrap(),
            s.use_param(&m.w2).unwrap(),
        );
        let h = s.record(Op::linear(), &[x, w1, b1]).unwrap();
        let h = s.record(UnaryOp::Tanh.op(), &[h]).unwrap();
        let z = s.record(Op::linear(), &[h, w2]).unwrap();
        let z = s.record(Op::log_softmax(1), &[z]).unwrap();
        s.record(Op::mse_loss(), &[z, y]).unwrap()
    }

    /// The loss and the three gradients of an eager step on `(x, y)`.
    fn eager(m: &Mlp, seed: u64) -> Vec<Vec<f64>> {
        let mut s = session();
        let x = s.input(&dt(&data(&[6, 4], seed)), false).unwrap();
        let y = s.input(&dt(&data(&[6, 3], seed + 1)), false).unwrap();
        let loss = step(&mut s, m, x, y);
        outcome(&mut s, m, loss)
    }

    fn outcome(s: &mut Sess, m: &Mlp, loss: Handle) -> Vec<Vec<f64>> {
        loss_and_grads(s, loss, &[&m.w1, &m.b1, &m.w2])
    }

    /// A plan of [`step`] with `x` and `y` its arguments 0 and 1, and the loss's entry.
    fn capture(s: &mut Sess, m: &Mlp) -> (Plan<Dyn>, usize) {
        s.begin_capture().unwrap();
        let x = s.input(&dt(&data(&[6, 4], 10)), false).unwrap();
        let y = s.input(&dt(&data(&[6, 3], 11)), false).unwrap();
        s.mark_argument(x, 0).unwrap();
        s.mark_argument(y, 1).unwrap();
        let loss = step(s, m, x, y);
        let plan = s.end_capture().unwrap();
        (plan, loss.node - x.node)
    }

    fn args(seed: u64) -> Vec<DynTensor> {
        vec![dt(&data(&[6, 4], seed)), dt(&data(&[6, 3], seed + 1))]
    }

    #[test]
    fn a_replay_with_new_arguments_equals_the_eager_step_bit_for_bit() {
        let m = mlp();
        let mut s = session();
        let (plan, loss_entry) = capture(&mut s, &m);
        assert_eq!((plan.len(), plan.arguments()), (10, 2));
        for seed in [20, 30] {
            s.reset_tape();
            let hs = s.replay(&plan, args(seed)).unwrap();
            let replayed = outcome(&mut s, &m, hs[loss_entry]);
            assert_eq!(replayed, eager(&m, seed), "seed {seed}");
        }
    }

    #[test]
    fn a_replay_reads_the_parameters_current_snapshots() {
        let m = mlp();
        let mut s = session();
        let (plan, loss_entry) = capture(&mut s, &m);
        m.w2.assign(&dt(&data(&[3, 5], 99))).unwrap();
        s.reset_tape();
        let hs = s.replay(&plan, args(20)).unwrap();
        assert_eq!(outcome(&mut s, &m, hs[loss_entry]), eager(&m, 20));
    }

    #[test]
    fn an_argument_of_another_shape_or_dtype_is_refused_and_records_nothing() {
        let m = mlp();
        let mut s = session();
        let (plan, _) = capture(&mut s, &m);
        let before = s.tape_len();
        let wide = vec![dt(&data(&[7, 4], 1)), dt(&data(&[7, 3], 2))];
        let e = s.replay(&plan, wide).unwrap_err();
        assert!(e.to_string().contains("argument 0"), "{e}");
        let float32 = vec![
            DynTensor::Torch(data(&[6, 4], 1).to_kind(tch::Kind::Float)),
            dt(&data(&[6, 3], 2)),
        ];
        assert!(s.replay(&plan, float32).is_err());
        let mut one = args(1);
        one.truncate(1);
        assert!(s.replay(&plan, one).is_err());
        assert_eq!(s.tape_len(), before);
    }

    #[test]
    fn what_a_replay_cannot_reproduce_is_refused_when_the_capture_ends() {
        let mut s = session();
        // A tensor from before the capture.
        let outside = s.input(&dt(&data(&[3], 1)), false).unwrap();
        s.begin_capture().unwrap();
        s.record(UnaryOp::Exp.op(), &[outside]).unwrap();
        let e = s.end_capture().unwrap_err();
        assert!(e.to_string().contains("before the capture began"), "{e}");
        // A draw from the generator.
        s.begin_capture().unwrap();
        s.rand(&[2]).unwrap();
        let e = s.end_capture().unwrap_err();
        assert!(e.to_string().contains("generator"), "{e}");
        // An op without a replica (max(dim) keeps its indices in its unit).
        s.begin_capture().unwrap();
        let x = s.input(&dt(&data(&[2, 3], 2)), false).unwrap();
        s.record_multi(Op::max_dim(1, false), &[x]).unwrap();
        let e = s.end_capture().unwrap_err();
        assert!(e.to_string().contains("max"), "{e}");
        // A reset inside the capture.
        s.begin_capture().unwrap();
        s.reset_tape();
        assert!(s.end_capture().is_err());
        assert!(
            matches!(s.end_capture(), Err(Error::Argument(_))),
            "no capture left"
        );
    }

    #[test]
    fn nodes_a_failed_op_took_off_the_tape_leave_no_entry() {
        let mut s = session();
        s.begin_capture().unwrap();
        let x = s.input(&dt(&data(&[2, 3], 1)), false).unwrap();
        let y = s.input(&dt(&data(&[4, 5], 2)), false).unwrap();
        assert!(s.matmul(x, y).is_err());
        // What `all_or_nothing` does when a kernel fails after its constants were pushed.
        s.truncate_tape(y.node);
        let e = s.record(UnaryOp::Exp.op(), &[x]).unwrap();
        assert_eq!(e.node, y.node, "the exp took the place of the removed leaf");
        let plan = s.end_capture().unwrap();
        assert_eq!(plan.len(), 2);
        assert!(
            matches!(plan.entries()[1], super::Entry::Op { ref parents, .. } if parents == &[0])
        );
    }

    /// Record `mse(linear(adaptive_avg_pool2d(relu(max_pool2d(conv2d(x, K, pad 1), 2)),
    /// 1).reshape(2, 4), W), y)` (torch: `F.mse_loss(F.linear(F.adaptive_avg_pool2d(
    /// F.relu(F.max_pool2d(F.conv2d(x, K, padding=1), 2)), 1).reshape(2, 4), W), y)`).
    fn cnn(
        s: &mut Sess,
        k: &Arc<Parameter<Dyn>>,
        w: &Arc<Parameter<Dyn>>,
        x: Handle,
        y: Handle,
    ) -> Handle {
        use crate::ops::conv::Conv;
        use crate::ops::layers::{AdaptiveAvgPool2d, MaxPool2d, Window};
        let conv = Conv {
            name: "conv2d",
            stride: vec![1; 2],
            padding: vec![1; 2],
            dilation: vec![1; 2],
            transposed: false,
            output_padding: vec![0; 2],
            groups: 1,
            bias: false,
        };
        let pool = Window {
            kernel: [2, 2],
            stride: [2, 2],
            padding: [0, 0],
            dilation: [1, 1],
            ceil_mode: false,
        };
        let (kl, wl) = (s.use_param(k).unwrap(), s.use_param(w).unwrap());
        let h = s.record(Op::layer(conv), &[x, kl]).unwrap();
        let h = s.record(Op::layer(MaxPool2d(pool)), &[h]).unwrap();
        let h = s.record(UnaryOp::Relu.op(), &[h]).unwrap();
        let h = s
            .record(Op::layer(AdaptiveAvgPool2d([Some(1), Some(1)])), &[h])
            .unwrap();
        let h = s.record(Op::reshape(&[2, 4]), &[h]).unwrap();
        let z = s.record(Op::linear(), &[h, wl]).unwrap();
        s.record(Op::mse_loss(), &[z, y]).unwrap()
    }

    fn cnn_args(seed: u64) -> [DynTensor; 2] {
        [dt(&data(&[2, 1, 6, 6], seed)), dt(&data(&[2, 3], seed + 1))]
    }

    /// The loss and the gradients of `ps`.
    fn loss_and_grads(s: &mut Sess, loss: Handle, ps: &[&Arc<Parameter<Dyn>>]) -> Vec<Vec<f64>> {
        let grads = s.backward(loss).unwrap();
        let mut out = vec![Dyn::to_f64(s.value(loss).unwrap().get()).unwrap()];
        for p in ps {
            let g = grads.get(p.id()).unwrap().value("test").unwrap();
            out.push(Dyn::to_f64(g.get()).unwrap());
        }
        out
    }

    #[test]
    fn a_replayed_convolution_and_pooling_step_equals_the_eager_step() {
        let k = param(&data(&[4, 1, 3, 3], 1), "k");
        let w = param(&data(&[3, 4], 2), "w");
        let mut s = session();
        s.begin_capture().unwrap();
        let [x, y] = cnn_args(5).map(|t| s.input(&t, false).unwrap());
        s.mark_argument(x, 0).unwrap();
        s.mark_argument(y, 1).unwrap();
        let loss = cnn(&mut s, &k, &w, x, y);
        let plan = s.end_capture().unwrap();
        let loss_entry = loss.node - x.node;
        for seed in [10, 20] {
            let mut eager = session();
            let [x, y] = cnn_args(seed).map(|t| eager.input(&t, false).unwrap());
            let loss = cnn(&mut eager, &k, &w, x, y);
            let expected = loss_and_grads(&mut eager, loss, &[&k, &w]);
            let mut replayed = session();
            let hs = replayed.replay(&plan, cnn_args(seed).into()).unwrap();
            assert_eq!(
                loss_and_grads(&mut replayed, hs[loss_entry], &[&k, &w]),
                expected
            );
        }
    }
}
