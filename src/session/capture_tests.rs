//! Tests of captured steps (`capture.rs`): replays against the eager step, bit for bit.
use std::sync::Arc;

use crate::backend::dynamic::{Dyn, DynTensor};
use crate::backend::Backend;
use crate::error::Error;
use crate::ops::binary::BinaryOp;
use crate::ops::testing::{data, dt, param, session, Sess};
use crate::ops::unary::UnaryOp;
use crate::ops::Op;
use crate::param::Parameter;
use crate::tape::Handle;

use super::Plan;
use crate::session::effect::{Effect, GradsEffect};
use crate::session::replay::ReplayArg;

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

/// `tanh(x W1ᵀ + b1) W2ᵀ` (torch: `torch.tanh(F.linear(x, W1, b1)) @ W2.T`).
fn logits(s: &mut Sess, m: &Mlp, x: Handle) -> Handle {
    let (w1, b1, w2) = (
        s.use_param(&m.w1).unwrap(),
        s.use_param(&m.b1).unwrap(),
        s.use_param(&m.w2).unwrap(),
    );
    let h = s.record(Op::linear(), &[x, w1, b1]).unwrap();
    let h = s.record(UnaryOp::Tanh.op(), &[h]).unwrap();
    s.record(Op::linear(), &[h, w2]).unwrap()
}

/// `mse(log_softmax(tanh(x W1ᵀ + b1) W2ᵀ), y)`: the loss's handle (torch:
/// `F.mse_loss(F.log_softmax(torch.tanh(F.linear(x, W1, b1)) @ W2.T, 1), y)`).
fn step(s: &mut Sess, m: &Mlp, x: Handle, y: Handle) -> Handle {
    let z = logits(s, m, x);
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
    // A tensor made from values the step read: nonzero's positions; and data given to
    // `input` that the binding did not mark as an argument.
    s.begin_capture().unwrap();
    let x = s.input(&dt(&data(&[2, 3], 2)), false).unwrap();
    s.mark_argument(x, 0).unwrap();
    s.nonzero(x).unwrap();
    let e = s.end_capture().unwrap_err();
    assert!(e.to_string().contains("values it read"), "{e}");
    s.begin_capture().unwrap();
    s.input(&dt(&data(&[2, 3], 2)), false).unwrap();
    assert!(s.end_capture().is_err());
    // Factories and numbers are literals a replay keeps.
    s.begin_capture().unwrap();
    let x = s.input(&dt(&data(&[3], 2)), false).unwrap();
    s.mark_argument(x, 0).unwrap();
    let f = crate::session::factory::Factory::full(vec![3], 1.0, None).unwrap();
    let ones = s.make(&f, None, false).unwrap();
    s.record(BinaryOp::Add.op(), &[x, ones]).unwrap();
    assert_eq!(s.end_capture().unwrap().len(), 3);
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
    s.mark_argument(x, 0).unwrap();
    let y = s.input(&dt(&data(&[4, 5], 2)), false).unwrap();
    assert!(s.matmul(x, y).is_err());
    // What `all_or_nothing` does when a kernel fails after its constants were pushed.
    s.truncate_tape(y.node);
    let e = s.record(UnaryOp::Exp.op(), &[x]).unwrap();
    assert_eq!(e.node, y.node, "the exp took the place of the removed leaf");
    let plan = s.end_capture().unwrap();
    assert_eq!(plan.len(), 2);
    assert!(matches!(plan.entries()[1], super::Entry::Op { ref parents, .. } if parents == &[0]));
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

fn ids(seed: i64) -> DynTensor {
    DynTensor::Torch(tch::Tensor::from_slice(&[
        seed % 3,
        (seed + 1) % 3,
        2,
        0,
        1,
        seed % 2,
    ]))
}

/// `cross_entropy(x W1ᵀ + b1 → tanh → W2ᵀ, ids)` against host class ids, then torch's
/// `loss.backward()` into the store: the store's gradients after it.
fn class_step(s: &mut Sess, m: &Mlp, x: Handle, ids: DynTensor, k: Option<usize>) -> Handle {
    use crate::session::loss::{ClassLossOptions, TargetArg};
    let z = logits(s, m, x);
    let target = TargetArg::Host {
        data: ids,
        integral: true,
        boolean: false,
        dtype: "int64",
    };
    let opts = ClassLossOptions::default();
    let loss = match k {
        Some(k) => s.class_loss_argument("cross_entropy", z, target, k, &opts, true),
        None => s.class_loss_of("cross_entropy", z, target, &opts, true),
    };
    loss.unwrap()
}

fn store_grads(s: &Sess, m: &Mlp) -> Vec<Vec<f64>> {
    [&m.w1, &m.b1, &m.w2]
        .iter()
        .map(|p| {
            let g = s.store().get(p.id()).unwrap().value("test").unwrap();
            Dyn::to_f64(g.get()).unwrap()
        })
        .collect()
}

#[test]
fn a_class_loss_against_argument_ids_and_its_backward_replay_with_new_ids() {
    let m = mlp();
    let mut s = session();
    s.begin_capture().unwrap();
    let x = s.input(&dt(&data(&[6, 4], 10)), false).unwrap();
    s.mark_argument(x, 0).unwrap();
    let loss = class_step(&mut s, &m, x, ids(1), Some(1));
    s.backward_closing(loss, false).unwrap();
    // torch: clip_grad_value_(params, 0.01) after loss.backward(), an effect of the step
    let params: Vec<u64> = [&m.w1, &m.b1, &m.w2].iter().map(|p| p.id()).collect();
    let clip = || Effect::Grads(params.clone(), GradsEffect::ClipValue(0.01));
    s.effect(clip()).unwrap();
    let plan = s.end_capture().unwrap();
    assert_eq!(plan.arguments(), 2);
    for seed in [2, 3] {
        let mut eager = session();
        let x = eager
            .input(&dt(&data(&[6, 4], seed as u64)), false)
            .unwrap();
        let loss = class_step(&mut eager, &m, x, ids(seed), None);
        eager.backward_closing(loss, false).unwrap();
        eager.run_effect(&clip()).unwrap();
        let mut replayed = session();
        let args = vec![dt(&data(&[6, 4], seed as u64)), ids(seed)];
        replayed.replay(&plan, args).unwrap();
        let clipped = store_grads(&replayed, &m).concat();
        assert!(
            clipped.iter().any(|g| g.abs() == 0.01),
            "the replay clipped"
        );
        assert_eq!(
            store_grads(&replayed, &m),
            store_grads(&eager, &m),
            "seed {seed}"
        );
    }
    // Ids of another batch size: the guard refuses them.
    let args = vec![
        dt(&data(&[6, 4], 1)),
        DynTensor::Torch(tch::Tensor::from_slice(&[0i64, 1])),
    ];
    assert!(session().replay(&plan, args).is_err());
}

/// `sum(dropout(x W1ᵀ, 0.5))` on the input `x` (torch: `F.dropout(F.linear(x, W1), 0.5).sum()`
/// with the session's generator).
fn dropped(s: &mut Sess, w: &Arc<Parameter<Dyn>>, x: Handle) -> Handle {
    let w = s.use_param(w).unwrap();
    let h = s.record(Op::linear(), &[x, w]).unwrap();
    let h = s.dropout(h, 0.5, true).unwrap();
    s.record(Op::sum(&[], false), &[h]).unwrap()
}

#[test]
fn a_replay_draws_its_dropout_mask_where_the_eager_step_draws_it() {
    let w = param(&data(&[5, 4], 1), "w");
    let mut s = session();
    s.begin_capture().unwrap();
    let x = s.input(&dt(&data(&[6, 4], 10)), false).unwrap();
    s.mark_argument(x, 0).unwrap();
    let loss = dropped(&mut s, &w, x);
    let plan = s.end_capture().unwrap();
    let loss_entry = loss.node - x.node;
    let mut replayed = Vec::new();
    for _ in 0..2 {
        let mut eager = session();
        eager.set_rng_state(s.rng_state());
        let x = eager.input(&dt(&data(&[6, 4], 10)), false).unwrap();
        let loss = dropped(&mut eager, &w, x);
        let expected = loss_and_grads(&mut eager, loss, &[&w]);
        s.reset_tape();
        let hs = s.replay(&plan, vec![dt(&data(&[6, 4], 10))]).unwrap();
        let got = loss_and_grads(&mut s, hs[loss_entry], &[&w]);
        // (the explicit backward above leaves the rng alone)
        assert_eq!(got, expected);
        assert_eq!(s.rng_state(), eager.rng_state());
        replayed.push(got);
    }
    // Two replays on one input: two masks.
    assert_ne!(replayed[0], replayed[1]);
}

#[test]
fn a_tensor_argument_is_read_as_it_is_at_each_replay() {
    let m = mlp();
    let mut s = session();
    let x = s.input(&dt(&data(&[6, 4], 10)), false).unwrap();
    let y = s.input(&dt(&data(&[6, 3], 11)), false).unwrap();
    s.begin_capture().unwrap();
    s.capture_tensor_argument(x, 0).unwrap();
    s.capture_tensor_argument(y, 1).unwrap();
    step(&mut s, &m, x, y);
    let plan = s.end_capture().unwrap();
    // The loss is the last entry; the tensors are entries of no node of their own.
    let loss_entry = plan.len() - 1;
    assert_eq!(plan.arguments(), 2);
    s.reset_tape();
    let x = s.input(&dt(&data(&[6, 4], 20)), false).unwrap();
    let y = s.input(&dt(&data(&[6, 3], 21)), false).unwrap();
    let hs = s
        .replay_with(&plan, vec![ReplayArg::Tensor(x), ReplayArg::Tensor(y)])
        .unwrap();
    let got = outcome(&mut s, &m, hs[loss_entry]);
    assert_eq!(got, eager(&m, 20));
    // Data where a tensor was recorded: refused.
    assert!(s.replay(&plan, args(20)).is_err());
}

/// An SGD over the MLP's parameters, and a session capturing its class step on argument 0
/// (data) and 1 (class ids), up to the loss: `(model, parameters, optimizer, session, loss)`.
#[allow(clippy::type_complexity)]
fn capturing_sgd_step() -> (
    Mlp,
    Vec<Arc<Parameter<Dyn>>>,
    crate::session::effect::SharedOptimizer<Dyn>,
    Sess,
    Handle,
) {
    let m = mlp();
    let ps = vec![m.w1.clone(), m.b1.clone(), m.w2.clone()];
    let sgd = crate::optim::Sgd::new(ps.clone(), 0.1).unwrap();
    let opt: crate::session::effect::SharedOptimizer<Dyn> =
        Arc::new(std::sync::Mutex::new(Box::new(sgd)));
    let mut s = session();
    s.begin_capture().unwrap();
    let x = s.input(&dt(&data(&[6, 4], 10)), false).unwrap();
    s.mark_argument(x, 0).unwrap();
    let loss = class_step(&mut s, &m, x, ids(1), Some(1));
    (m, ps, opt, s, loss)
}

/// Where each parameter's snapshot lives (unchanged: it was updated in place).
fn snapshot_addresses(ps: &[Arc<Parameter<Dyn>>]) -> Vec<usize> {
    ps.iter()
        .map(|p| Arc::as_ptr(&p.snapshot()) as usize)
        .collect()
}

#[test]
fn a_replay_compacts_at_its_backward_so_the_step_updates_parameters_in_place() {
    // torch: `loss.backward()` frees the graph, so `opt.step()` then writes the
    // parameters in place; the eager step's compaction and each replay's do the same
    let (m, ps, opt, mut s, loss) = capturing_sgd_step();
    s.backward_closing(loss, false).unwrap();
    s.effect(Effect::Step(opt.clone())).unwrap();
    let (plan, outputs) = s.end_capture_with(&[loss]).unwrap();
    drop(s); // its tape held the snapshots the eager step read

    let mut eager = session();
    let x = eager.input(&dt(&data(&[6, 4], 2)), false).unwrap();
    let want = class_step(&mut eager, &m, x, ids(2), None);
    let want = Dyn::to_f64(eager.value(want).unwrap().get()).unwrap();
    drop(eager);

    let snapshots = || snapshot_addresses(&ps);
    let before = snapshots();
    let mut replayed = session();
    let hs = replayed
        .replay(&plan, vec![dt(&data(&[6, 4], 2)), ids(2)])
        .unwrap();
    assert_eq!(
        snapshots(),
        before,
        "the step wrote each parameter in place"
    );
    let loss = Dyn::to_f64(replayed.value(hs[outputs[0]]).unwrap().get()).unwrap();
    assert_eq!(
        loss, want,
        "the loss, kept through the compaction, is the eager step's"
    );
    assert!(
        replayed.tape_len() < plan.len(),
        "the nodes no later entry reads went at the backward"
    );
}

#[test]
fn an_explicit_step_replays_its_backward_into_the_plans_map_and_its_reset() {
    // `with sess.backward(loss) as grads: sess.reset_tape(); opt.step(grads)`: each replay
    // empties the map, fills it again, resets the tape and steps from the map in place
    let (_, ps, opt, mut s, loss) = capturing_sgd_step();
    let grads = s.backward_recorded(loss, None).unwrap();
    s.reset_tape_recorded();
    s.effect(Effect::StepWith(opt.clone(), grads.clone()))
        .unwrap();
    s.effect(Effect::Release(grads.clone())).unwrap();
    let plan = s.end_capture().unwrap();
    assert_eq!(s.tape_len(), 0, "the step's reset emptied the tape");
    assert!(grads.params().len() == 3 && grads.items().iter().all(|(_, b)| b.released()));

    let snapshots = || snapshot_addresses(&ps);
    let (before, version) = (snapshots(), ps[0].version());
    let mut replayed = session();
    replayed
        .replay(&plan, vec![dt(&data(&[6, 4], 2)), ids(2)])
        .unwrap();
    assert_eq!(
        snapshots(),
        before,
        "the step wrote each parameter in place"
    );
    assert_eq!(ps[0].version(), version + 1, "one update");
    assert_eq!(replayed.tape_len(), 0, "the replay reset the tape");
    assert_eq!(
        grads.len(),
        3,
        "the map was emptied before it was filled again"
    );
    assert!(grads.items().iter().all(|(_, b)| b.released()));
}

#[test]
fn a_replay_stops_at_each_call_outside_the_session_and_resumes_after_it() {
    // A step that makes a call outside the session (a data-parallel all-reduce) between
    // its forward and the rest: `replay_resume` stops there with the call's number; the
    // resumed replay equals the eager step. `replay` alone refuses such a plan, nothing
    // recorded.
    let m = mlp();
    let mut s = session();
    assert_eq!(
        s.pause_recorded(),
        None,
        "outside a capture nothing is recorded"
    );
    s.begin_capture().unwrap();
    let x = s.input(&dt(&data(&[6, 4], 10)), false).unwrap();
    let y = s.input(&dt(&data(&[6, 3], 11)), false).unwrap();
    s.mark_argument(x, 0).unwrap();
    s.mark_argument(y, 1).unwrap();
    assert_eq!(s.pause_recorded(), Some(0));
    let loss = step(&mut s, &m, x, y);
    assert_eq!(s.pause_recorded(), Some(1));
    let plan = s.end_capture().unwrap();
    let loss_entry = loss.node - x.node + 1; // the first call's entry comes before it

    s.reset_tape();
    let before = s.tape.len();
    let refused = s.replay(&plan, args(20));
    assert!(
        matches!(refused, Err(Error::Capture(_))),
        "{:?}",
        refused.err()
    );
    assert_eq!(s.tape.len(), before);

    let data_args = args(20).into_iter().map(ReplayArg::Data).collect();
    let mut state = s.replay_start(&plan, data_args).unwrap();
    assert_eq!(s.replay_resume(&plan, &mut state).unwrap(), Some(0));
    assert_eq!(s.replay_resume(&plan, &mut state).unwrap(), Some(1));
    assert_eq!(s.replay_resume(&plan, &mut state).unwrap(), None);
    let loss = state.handles()[loss_entry];
    assert_eq!(outcome(&mut s, &m, loss), eager(&m, 20));

    // Abandoned at a call (the call failed): the tape is cut back to where it began.
    s.reset_tape();
    let before = s.tape.len();
    let data_args = args(30).into_iter().map(ReplayArg::Data).collect();
    let mut state = s.replay_start(&plan, data_args).unwrap();
    assert_eq!(s.replay_resume(&plan, &mut state).unwrap(), Some(0));
    assert_eq!(s.replay_resume(&plan, &mut state).unwrap(), Some(1));
    s.replay_abandon(state);
    assert_eq!(s.tape.len(), before);
}
