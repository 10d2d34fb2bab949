//! Session lifecycle: tape and generation, handle validation, buffer release, parameter
//! snapshots (copy on write), and the reverse sweep on long chains and shared subgraphs.
//!
//! Several tests compare process-global ledger counters, so every test in this file holds
//! `LOCK` (tests in one file run on parallel threads of one process).

use std::sync::{Arc, Mutex, MutexGuard};

use eagertape::backend::dynamic::{Dyn, DynTensor};
use eagertape::backend::Backend;
use eagertape::buffer::Value;
use eagertape::grads::GradMap;
use eagertape::ledger::{memory_stats, Category};
use eagertape::ops::binary::BinaryOp;
use eagertape::ops::scalar::ScalarOp;
use eagertape::ops::unary::UnaryOp;
use eagertape::ops::Op;
use eagertape::optim::{Optimizer, Sgd};
use eagertape::param::Parameter;
use eagertape::rng::RngState;
use eagertape::session::{Operand, Session};
use eagertape::tape::Handle;
use eagertape::{Config, DType, Device, Error, LibTorch};
use tch::{Kind, Tensor};

static LOCK: Mutex<()> = Mutex::new(());

fn lock() -> MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

type Sess = Session<LibTorch>;
type P = Arc<Parameter<LibTorch>>;

fn session() -> Sess {
    Session::<LibTorch>::new(Config {
        dtype: DType::Float64,
        ..Default::default()
    })
    .unwrap()
}

fn t(v: &[f64], shape: &[i64]) -> Tensor {
    LibTorch::from_f64(v, shape, DType::Float64, Device::Cpu).unwrap()
}

fn param(v: &[f64], shape: &[i64], name: &str) -> P {
    Parameter::new(&t(v, shape), Some(name.into()), true).unwrap()
}

fn vals(v: &Value<LibTorch>) -> Vec<f64> {
    LibTorch::to_f64(v.get()).unwrap()
}

fn grad(g: &GradMap<LibTorch>, p: &P) -> Vec<f64> {
    vals(
        &g.get(p.id())
            .expect("a gradient entry")
            .value("grad")
            .unwrap(),
    )
}

fn sum_all() -> Op<LibTorch> {
    Op::sum(&[], false)
}

/// `Σ h ⊙ h`.
fn sum_sq(s: &mut Sess, h: Handle) -> Handle {
    let sq = s.record(BinaryOp::Mul.op(), &[h, h]).unwrap();
    s.record(sum_all(), &[sq]).unwrap()
}

fn state(s: &Sess) -> (usize, u64, RngState) {
    (s.tape_len(), s.generation(), s.rng_state())
}

fn assert_close(actual: &[f64], expected: &[f64]) {
    assert_eq!(actual.len(), expected.len());
    for (a, e) in actual.iter().zip(expected) {
        assert!(
            (a - e).abs() <= 1e-10 * e.abs().max(1.0),
            "{actual:?} vs {expected:?}"
        );
    }
}

// ---- tape and generation ----

#[test]
fn tape_length_counts_nodes_and_reset_empties_it_and_bumps_generation() {
    let _g = lock();
    let mut s = session();
    let p = param(&[1.0, 2.0], &[2], "p");
    assert_eq!((s.tape_len(), s.generation()), (0, 0));
    let x = s.input(&t(&[3.0, 4.0], &[2]), false).unwrap();
    let w = s.use_param(&p).unwrap();
    let y = s.record(BinaryOp::Add.op(), &[x, w]).unwrap();
    assert_eq!((s.tape_len(), y.generation, y.node), (3, 0, 2));
    s.reset_tape();
    assert_eq!((s.tape_len(), s.generation()), (0, 1));
    let x = s.input(&t(&[1.0], &[1]), false).unwrap();
    assert_eq!((s.tape_len(), x.generation, x.node), (1, 1, 0));
    s.reset_tape();
    s.reset_tape();
    assert_eq!((s.tape_len(), s.generation()), (0, 3));
}

#[test]
fn reset_keeps_the_rng_state_and_parameters() {
    let _g = lock();
    let mut s = session();
    let p = param(&[1.0, 2.0], &[2], "p");
    let moved = RngState {
        seed: 0,
        counter: 17,
    };
    s.set_rng_state(moved);
    s.use_param(&p).unwrap();
    s.reset_tape();
    assert_eq!(s.rng_state(), moved);
    assert_eq!((p.version(), vals(&p.snapshot())), (0, vec![1.0, 2.0]));
}

// ---- handle validation ----

#[test]
fn a_handle_of_another_session_is_foreign() {
    let _g = lock();
    let mut a = session();
    let mut b = session();
    let h = a.input(&t(&[1.0], &[1]), false).unwrap();
    let err = b.record(UnaryOp::Exp.op(), &[h]).unwrap_err();
    assert_eq!(
        err,
        Error::ForeignHandle {
            handle: a.id(),
            session: b.id()
        }
    );
}

#[test]
fn a_handle_of_an_older_generation_is_stale() {
    let _g = lock();
    let mut s = session();
    let h = s.input(&t(&[1.0], &[1]), false).unwrap();
    s.reset_tape();
    let err = s.record(UnaryOp::Exp.op(), &[h]).unwrap_err();
    assert_eq!(
        err,
        Error::StaleHandle {
            recorded: 0,
            current: 1,
            cause: ""
        }
    );
    assert_eq!(
        err.to_string(),
        "stale tensor reference from generation 0; current generation is 1"
    );
    assert!(matches!(s.value(h), Err(Error::StaleHandle { .. })));
    assert!(matches!(s.shape(h), Err(Error::StaleHandle { .. })));
    assert!(matches!(s.backward(h), Err(Error::StaleHandle { .. })));
}

#[test]
fn a_foreign_handle_is_reported_before_a_stale_one() {
    let _g = lock();
    let mut a = session();
    let mut b = session();
    let stale = a.input(&t(&[1.0], &[1]), false).unwrap();
    a.reset_tape();
    let foreign = b.input(&t(&[1.0], &[1]), false).unwrap();
    // The stale handle comes first in the list; the foreign one still wins.
    let err = a.record(BinaryOp::Add.op(), &[stale, foreign]).unwrap_err();
    assert!(matches!(err, Error::ForeignHandle { .. }), "{err:?}");
}

#[test]
fn rejected_calls_leave_tape_generation_and_rng_state_unchanged() {
    let _g = lock();
    let mut a = session();
    let mut b = session();
    a.set_rng_state(RngState {
        seed: 3,
        counter: 99,
    });
    let stale = a.input(&t(&[1.0, 2.0], &[2]), false).unwrap();
    a.reset_tape();
    let ok = a.input(&t(&[1.0, 2.0], &[2]), true).unwrap();
    let foreign = b.input(&t(&[1.0, 2.0], &[2]), false).unwrap();
    let before = state(&a);
    let data = || Operand::Data(t(&[5.0, 6.0], &[2]));

    assert!(a.record(BinaryOp::Add.op(), &[ok, foreign]).is_err());
    assert!(a.record(BinaryOp::Add.op(), &[ok, stale]).is_err());
    assert!(a
        .apply(BinaryOp::Add.op(), vec![Operand::Node(foreign), data()])
        .is_err());
    assert!(a
        .apply(BinaryOp::Add.op(), vec![data(), Operand::Node(stale)])
        .is_err());
    assert!(a.backward(stale).is_err());
    assert!(a.cross_entropy(stale, &[0]).is_err());
    // A float32 parameter in a float64 session, a non-scalar loss.
    let p32 = Parameter::new(
        &LibTorch::from_f64(&[1.0], &[1], DType::Float32, Device::Cpu).unwrap(),
        None,
        true,
    )
    .unwrap();
    assert!(matches!(a.use_param(&p32), Err(Error::DType(_))));
    assert!(matches!(a.backward(ok), Err(Error::Shape(_))));
    assert_eq!(state(&a), before);
}

#[test]
fn a_wrong_operand_count_is_an_arity_error_and_records_nothing() {
    // add takes 2 operands, linear 2 or 3, a leaf op none: typed errors, no panic.
    let _g = lock();
    let mut s = session();
    let a = s.input(&t(&[1.0, 2.0], &[2]), false).unwrap();
    let before = (state(&s), memory_stats().category(Category::Tape));
    let err = s.record(BinaryOp::Add.op(), &[a]).unwrap_err();
    assert!(
        matches!(
            &err,
            Error::Arity {
                op: "add",
                got: 1,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(err.to_string(), "add takes 2 operand(s), got 1");
    let err = s.record(Op::linear(), &[a, a, a, a]).unwrap_err();
    assert!(
        matches!(
            err,
            Error::Arity {
                op: "linear",
                got: 4,
                ..
            }
        ),
        "{err:?}"
    );
    let err = s.record(Op::Input, &[a]).unwrap_err();
    assert!(matches!(err, Error::Argument(_)), "{err:?}");
    let err = s
        .apply(UnaryOp::Exp.op(), vec![Operand::Node(a), Operand::Node(a)])
        .unwrap_err();
    assert!(
        matches!(
            err,
            Error::Arity {
                op: "exp",
                got: 2,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!((state(&s), memory_stats().category(Category::Tape)), before);
}

#[test]
fn a_failing_kernel_takes_the_constant_operands_off_the_tape() {
    // The shape rule passes and the kernel fails (max has no interval kernel): the data
    // operand that `apply` recorded as a leaf is taken off again.
    let _g = lock();
    let mut s = Session::<Dyn>::new(Config {
        dtype: DType::Interval,
        ..Default::default()
    })
    .unwrap();
    let before = (s.tape_len(), memory_stats().category(Category::Tape));
    let data = DynTensor::from_bounds(&[1.0, 2.0], &[1.5, 2.5], &[2]).unwrap();
    let err = s
        .apply(Op::max_dim(0, false), vec![Operand::Data(data)])
        .unwrap_err();
    assert!(
        matches!(err, Error::Unsupported { op: "max", .. }),
        "{err:?}"
    );
    assert_eq!(
        (s.tape_len(), memory_stats().category(Category::Tape)),
        before
    );
}

#[test]
fn a_shape_error_records_nothing() {
    let _g = lock();
    let mut s = session();
    let a = s.input(&t(&[0.0; 12], &[3, 4]), false).unwrap();
    let b = s.input(&t(&[0.0; 5], &[5]), false).unwrap();
    let before = (state(&s), memory_stats().category(Category::Tape));
    assert!(matches!(
        s.record(BinaryOp::Add.op(), &[a, b]),
        Err(Error::Broadcast { .. })
    ));
    // Constant data is recorded as an input leaf only once the op's shapes were accepted.
    let bad = Operand::Data(t(&[0.0; 10], &[5, 2]));
    let err = s
        .apply(Op::matmul(), vec![Operand::Node(a), bad])
        .unwrap_err();
    assert!(matches!(err, Error::Shape(_)), "{err:?}");
    let bad_ids = s.cross_entropy(a, &[0, 1, 4]).unwrap_err();
    assert!(matches!(bad_ids, Error::Index(_)), "{bad_ids:?}");
    assert_eq!((state(&s), memory_stats().category(Category::Tape)), before);
}

#[test]
fn native_kernels_run_with_libtorch_autograd_off() {
    let _g = lock();
    // DESIGN: "every native call runs with gradient recording off". A parameter built from a
    // tch tensor that requires grad must neither grow a LibTorch graph nor block the update.
    let mut s = session();
    let p = Parameter::new(&t(&[1.0, 2.0], &[2]).set_requires_grad(true), None, true).unwrap();
    let mut opt = Sgd::new(vec![Arc::clone(&p)], 0.5).unwrap();
    let w = s.use_param(&p).unwrap();
    let y = s.record(UnaryOp::Exp.op(), &[w]).unwrap();
    assert!(
        !s.value(y).unwrap().get().requires_grad(),
        "a recorded op's output is part of a LibTorch autograd graph"
    );
    let loss = sum_sq(&mut s, w);
    let grads = s.backward(loss).unwrap();
    s.reset_tape();
    opt.step(&grads).expect("an in-place SGD step");
    assert_eq!(vals(&p.snapshot()), vec![0.0, 0.0]);
}

// ---- buffers ----

fn one_gradient() -> (GradMap<LibTorch>, P) {
    let mut s = session();
    let p = param(&[1.0, 2.0, 3.0], &[3], "p");
    let w = s.use_param(&p).unwrap();
    let loss = sum_sq(&mut s, w);
    (s.backward(loss).unwrap(), p)
}

#[test]
fn buffer_release_is_idempotent_and_reads_fail_afterwards() {
    let _g = lock();
    let (grads, p) = one_gradient();
    let buf = grads.get(p.id()).unwrap();
    assert_eq!((buf.numel(), buf.nbytes(), buf.released()), (3, 24, false));
    assert!(buf.release());
    assert!(!buf.release());
    assert_eq!((buf.numel(), buf.nbytes(), buf.released()), (0, 0, true));
    assert_eq!(buf.shape(), &[3], "the shape outlives the storage");
    match buf.value("grad of p") {
        Err(Error::ReleasedBuffer(msg)) => assert!(msg.contains("grad of p"), "{msg}"),
        other => panic!("expected ReleasedBuffer, got {:?}", other.map(|_| ())),
    }
    assert!(matches!(
        buf.check_size("step"),
        Err(Error::BufferSize { .. })
    ));
    // The map shares the slot: nothing is left for it to release.
    assert_eq!(grads.release(), 0);
    drop(buf);
    drop(grads);
}

#[test]
fn release_keeps_storage_that_another_holder_uses() {
    let _g = lock();
    let (grads, p) = one_gradient();
    let buf = grads.get(p.id()).unwrap();
    let held = buf.value("grad").unwrap();
    let before = memory_stats().category(Category::Grad);
    assert!(buf.release());
    assert_eq!(vals(&held), vec![2.0, 4.0, 6.0]);
    assert_eq!(memory_stats().category(Category::Grad), before);
    drop(held);
    assert_eq!(memory_stats().category(Category::Grad), before - 24);
}

// ---- snapshots ----

#[test]
fn a_leaf_keeps_the_snapshot_recorded_before_an_update() {
    let _g = lock();
    let mut s = session();
    let p = param(&[1.0, 2.0, 3.0], &[3], "p");
    let mut opt = Sgd::new(vec![Arc::clone(&p)], 0.5).unwrap();
    let w = s.use_param(&p).unwrap();
    let loss = sum_sq(&mut s, w);
    let grads = s.backward(loss).unwrap();
    opt.step(&grads).unwrap(); // p ← p − 0.5 · 2p = 0, while the tape holds the old snapshot
    grads.release();
    assert_eq!(p.version(), 1);
    assert_eq!(vals(&p.snapshot()), vec![0.0, 0.0, 0.0]);
    assert_eq!(vals(&s.value(w).unwrap()), vec![1.0, 2.0, 3.0]);
    // A new op on the old leaf reads, and differentiates, the old snapshot.
    let loss2 = sum_sq(&mut s, w);
    assert_eq!(vals(&s.value(loss2).unwrap()), vec![14.0]);
    let grads2 = s.backward(loss2).unwrap();
    assert_eq!(grad(&grads2, &p), vec![2.0, 4.0, 6.0]);
    // A new leaf sees the update.
    let w2 = s.use_param(&p).unwrap();
    assert_eq!(vals(&s.value(w2).unwrap()), vec![0.0, 0.0, 0.0]);
}

#[test]
fn an_update_of_an_unshared_parameter_is_in_place() {
    let _g = lock();
    let mut s = session();
    let p = param(&[1.0, 2.0, 3.0, 4.0], &[2, 2], "p");
    let mut opt = Sgd::new(vec![Arc::clone(&p)], 0.25).unwrap();
    let w = s.use_param(&p).unwrap();
    let loss = sum_sq(&mut s, w);
    let grads = s.backward(loss).unwrap();
    s.reset_tape();
    assert!(!p.is_shared());
    let ptr = p.snapshot().get().data_ptr();
    let before = memory_stats();
    opt.step(&grads).unwrap();
    let after = memory_stats();
    assert_eq!(
        after.allocations, before.allocations,
        "no new ledger allocation"
    );
    assert_eq!(
        after.category(Category::Param),
        before.category(Category::Param)
    );
    assert_eq!(p.snapshot().get().data_ptr(), ptr, "same storage");
    assert_eq!(p.version(), 1);
    assert_eq!(vals(&p.snapshot()), vec![0.5, 1.0, 1.5, 2.0]);
    grads.release();
}

#[test]
fn an_update_of_a_shared_parameter_copies_on_write_until_reset() {
    let _g = lock();
    let mut s = session();
    let p = param(&[1.0; 16], &[4, 4], "p");
    let nbytes = 16 * 8;
    let mut opt = Sgd::new(vec![Arc::clone(&p)], 0.1).unwrap();
    let w = s.use_param(&p).unwrap();
    let loss = sum_sq(&mut s, w);
    let grads = s.backward(loss).unwrap();
    assert!(p.is_shared());
    let ptr = p.snapshot().get().data_ptr();
    let base = memory_stats();
    opt.step(&grads).unwrap();
    let stepped = memory_stats();
    assert_eq!(
        stepped.category(Category::Param) - base.category(Category::Param),
        nbytes
    );
    assert_eq!(stepped.allocations - base.allocations, 1);
    assert_ne!(p.snapshot().get().data_ptr(), ptr, "fresh storage");
    assert_eq!(vals(&s.value(w).unwrap()), vec![1.0; 16]);
    s.reset_tape();
    assert_eq!(
        memory_stats().category(Category::Param),
        base.category(Category::Param)
    );
    grads.release();
}

#[test]
fn an_update_through_one_session_leaves_another_sessions_leaf_intact() {
    let _g = lock();
    let p = param(&[1.0, 2.0], &[2], "p");
    let mut opt = Sgd::new(vec![Arc::clone(&p)], 1.0).unwrap();
    let (mut s1, mut s2) = (session(), session());
    let w1 = s1.use_param(&p).unwrap();
    let w2 = s2.use_param(&p).unwrap();
    let loss1 = sum_sq(&mut s1, w1);
    let grads = s1.backward(loss1).unwrap();
    s1.reset_tape();
    opt.step(&grads).unwrap(); // p ← p − 2p = −p, copied on write: s2 still holds p
    assert_eq!(vals(&p.snapshot()), vec![-1.0, -2.0]);
    assert_eq!(vals(&s2.value(w2).unwrap()), vec![1.0, 2.0]);
    let loss2 = s2.record(sum_all(), &[w2]).unwrap();
    let l2 = s2.record(BinaryOp::Mul.op(), &[loss2, loss2]).unwrap(); // (Σ w)²: d/dw = 2 Σ w = 6
    let g2 = s2.backward(l2).unwrap();
    assert_eq!(grad(&g2, &p), vec![6.0, 6.0]);
}

// ---- the reverse sweep ----

#[test]
fn backward_twice_gives_the_same_gradients_and_leaves_the_tape_intact() {
    let _g = lock();
    // L = Σ (w + w)ᵀ ⊙ exp(wᵀ): shared cotangents, views and in-place accumulation
    let mut s = session();
    let p = param(&[0.1, -0.2, 0.3, 0.4, -0.5, 0.6], &[2, 3], "p");
    let w = s.use_param(&p).unwrap();
    let ww = s.record(BinaryOp::Add.op(), &[w, w]).unwrap();
    let a = s.record(Op::transpose(0, 1), &[ww]).unwrap();
    let wt = s.record(Op::transpose(0, 1), &[w]).unwrap();
    let e = s.record(UnaryOp::Exp.op(), &[wt]).unwrap();
    let y = s.record(BinaryOp::Mul.op(), &[a, e]).unwrap();
    let loss = s.record(sum_all(), &[y]).unwrap();
    let values = |s: &Sess| -> Vec<Vec<f64>> {
        [w, ww, a, e, y, loss]
            .iter()
            .map(|&h| vals(&s.value(h).unwrap()))
            .collect()
    };
    let before = values(&s);
    let first = grad(&s.backward(loss).unwrap(), &p);
    let second = grad(&s.backward(loss).unwrap(), &p);
    assert_eq!(first, second);
    assert_eq!(values(&s), before);
    // d/dw 2w eʷ = 2 eʷ (1 + w)
    let expected: Vec<f64> = [0.1, -0.2, 0.3, 0.4, -0.5, 0.6]
        .iter()
        .map(|w: &f64| 2.0 * w.exp() * (1.0 + w))
        .collect();
    assert_close(&first, &expected);
}

#[test]
fn backward_through_a_chain_of_100_000_nodes() {
    let _g = lock();
    let mut s = session();
    let p = param(&[0.5, -1.0], &[2], "p");
    let mut x = s.use_param(&p).unwrap();
    for _ in 0..100_000 {
        x = s.record(ScalarOp::Add.op(1.0), &[x]).unwrap();
    }
    assert_eq!(vals(&s.value(x).unwrap()), vec![100_000.5, 99_999.0]);
    let loss = s.record(sum_all(), &[x]).unwrap();
    assert_eq!(s.tape_len(), 100_002);
    let grads = s.backward(loss).unwrap();
    assert_eq!(grad(&grads, &p), vec![1.0, 1.0]);
    s.reset_tape();
    assert_eq!(s.tape_len(), 0);
}

#[test]
fn a_diamond_sums_the_gradients_of_both_paths() {
    let _g = lock();
    // y = a x; z = y + exp(y); L = Σ z: dL/da = x (1 + exp(a x)), dL/dx = a (1 + exp(a x))
    let (av, xv) = ([0.3, -0.7, 1.1], [1.5, 0.2, -0.4]);
    let mut s = session();
    let (a, x) = (param(&av, &[3], "a"), param(&xv, &[3], "x"));
    let (ha, hx) = (s.use_param(&a).unwrap(), s.use_param(&x).unwrap());
    let y = s.record(BinaryOp::Mul.op(), &[ha, hx]).unwrap();
    let e = s.record(UnaryOp::Exp.op(), &[y]).unwrap();
    let z = s.record(BinaryOp::Add.op(), &[y, e]).unwrap();
    let loss = s.record(sum_all(), &[z]).unwrap();
    let grads = s.backward(loss).unwrap();

    let (ta, tx) = (
        t(&av, &[3]).set_requires_grad(true),
        t(&xv, &[3]).set_requires_grad(true),
    );
    let ty = &ta * &tx;
    (&ty + ty.exp()).sum(Kind::Double).backward();
    assert_close(&grad(&grads, &a), &LibTorch::to_f64(&ta.grad()).unwrap());
    assert_close(&grad(&grads, &x), &LibTorch::to_f64(&tx.grad()).unwrap());
    let by_hand: Vec<f64> = (0..3)
        .map(|i| xv[i] * (1.0 + (av[i] * xv[i]).exp()))
        .collect();
    assert_close(&grad(&grads, &a), &by_hand);
}

#[test]
fn a_parameter_used_twice_gets_the_summed_gradient() {
    let _g = lock();
    // L = Σ (w c1 + w c2) with both leaves from one parameter: dL/dw = c1 + c2
    let mut s = session();
    let p = param(&[1.0, 2.0, 3.0], &[3], "p");
    let (w1, w2) = (s.use_param(&p).unwrap(), s.use_param(&p).unwrap());
    let c1 = s.input(&t(&[1.0, 10.0, 100.0], &[3]), false).unwrap();
    let c2 = s.input(&t(&[2.0, 20.0, 200.0], &[3]), false).unwrap();
    let a = s.record(BinaryOp::Mul.op(), &[w1, c1]).unwrap();
    let b = s.record(BinaryOp::Mul.op(), &[w2, c2]).unwrap();
    let ab = s.record(BinaryOp::Add.op(), &[a, b]).unwrap();
    let loss = s.record(sum_all(), &[ab]).unwrap();
    let grads = s.backward(loss).unwrap();
    assert_eq!(grads.len(), 1);
    assert_eq!(grad(&grads, &p), vec![3.0, 30.0, 300.0]);
}

#[test]
fn a_frozen_parameter_gets_no_entry() {
    let _g = lock();
    let mut s = session();
    let frozen = Parameter::new(&t(&[4.0, 5.0], &[2]), Some("frozen".into()), false).unwrap();
    let live = param(&[1.0, 2.0], &[2], "live");
    let (hf, hl) = (s.use_param(&frozen).unwrap(), s.use_param(&live).unwrap());
    assert!(!s.requires_grad(hf).unwrap());
    let y = s.record(BinaryOp::Mul.op(), &[hf, hl]).unwrap();
    let loss = s.record(sum_all(), &[y]).unwrap();
    let grads = s.backward(loss).unwrap();
    assert_eq!(grads.len(), 1);
    assert!(grads.get(frozen.id()).is_none());
    assert_eq!(grad(&grads, &live), vec![4.0, 5.0]);
    // A loss of frozen parameters only has nothing to differentiate.
    let only_frozen = s.record(sum_all(), &[hf]).unwrap();
    assert!(matches!(s.backward(only_frozen), Err(Error::Grad(_))));
}

#[test]
fn backward_into_adds_to_existing_gradients() {
    let _g = lock();
    let mut s = session();
    let p = param(&[1.0, -2.0], &[2], "p");
    let q = param(&[3.0], &[1], "q");
    let (hp, hq) = (s.use_param(&p).unwrap(), s.use_param(&q).unwrap());
    let lp = sum_sq(&mut s, hp); // d/dp = 2p
    let grads = s.backward(lp).unwrap();
    s.backward_into(lp, &grads).unwrap();
    assert_eq!(grad(&grads, &p), vec![4.0, -8.0]);
    // A loss with another parameter adds a new entry and adds to the existing one.
    let pq = s.record(BinaryOp::Mul.op(), &[hp, hq]).unwrap();
    let lpq = s.record(sum_all(), &[pq]).unwrap(); // d/dp = q, d/dq = Σ p
    s.backward_into(lpq, &grads).unwrap();
    assert_eq!(grads.len(), 2);
    assert_eq!(grad(&grads, &p), vec![7.0, -5.0]);
    assert_eq!(grad(&grads, &q), vec![-1.0]);
}

#[test]
fn backward_into_leaves_a_gradient_value_already_read_unchanged() {
    let _g = lock();
    let mut s = session();
    let p = param(&[1.0, 2.0], &[2], "p");
    let hp = s.use_param(&p).unwrap();
    let loss = sum_sq(&mut s, hp);
    let grads = s.backward(loss).unwrap();
    let read = grads.get(p.id()).unwrap().value("grad").unwrap();
    s.backward_into(loss, &grads).unwrap();
    assert_eq!(vals(&read), vec![2.0, 4.0]);
    assert_eq!(grad(&grads, &p), vec![4.0, 8.0]);
}

#[test]
fn backward_into_a_map_with_a_released_buffer_fails_and_adds_nothing() {
    let _g = lock();
    let mut s = session();
    let p = param(&[1.0, 2.0], &[2], "p");
    let q = param(&[3.0], &[1], "q");
    let (hp, hq) = (s.use_param(&p).unwrap(), s.use_param(&q).unwrap());
    let pq = s.record(BinaryOp::Mul.op(), &[hp, hq]).unwrap();
    let loss = s.record(sum_all(), &[pq]).unwrap();
    let grads = s.backward(loss).unwrap();
    assert!(grads.get(q.id()).unwrap().release());
    let err = s.backward_into(loss, &grads).unwrap_err();
    assert!(matches!(err, Error::ReleasedBuffer(_)), "{err:?}");
    assert_eq!(grad(&grads, &p), vec![3.0, 3.0]);
}
