//! Exact memory accounting. The ledger is process-global, so every test here holds `LOCK`
//! and compares deltas against a snapshot taken under the lock.

use std::sync::{Arc, Mutex, MutexGuard};

use eagertape::backend::Backend;
use eagertape::ledger::{memory_stats, reset_peak_memory_stats, Category, MemoryStats};
use eagertape::ops::binary::BinaryOp;
use eagertape::ops::unary::UnaryOp;
use eagertape::ops::Op;
use eagertape::optim::{Optimizer, Sgd};
use eagertape::param::Parameter;
use eagertape::session::{Operand, Session};
use eagertape::tape::Handle;
use eagertape::{Config, DType, Device, LibTorch};
use tch::Tensor;

static LOCK: Mutex<()> = Mutex::new(());

fn lock() -> MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

type Sess = Session<LibTorch>;
type P = Arc<Parameter<LibTorch>>;

const F64: i64 = 8;

fn session() -> Sess {
    Session::<LibTorch>::new(Config {
        dtype: DType::Float64,
        ..Default::default()
    })
    .unwrap()
}

/// Deterministic float64 data `sin(0.37 (i + seed))` of the given shape.
fn data(shape: &[i64], seed: u64) -> Tensor {
    let n = shape.iter().product::<i64>() as usize;
    let v: Vec<f64> = (0..n)
        .map(|i| ((i as f64 + seed as f64) * 0.37).sin())
        .collect();
    LibTorch::from_f64(&v, shape, DType::Float64, Device::Cpu).unwrap()
}

fn param(shape: &[i64], seed: u64) -> P {
    Parameter::new(&data(shape, seed), Some(format!("p{seed}")), true).unwrap()
}

fn numel(shape: &[i64]) -> i64 {
    shape.iter().product()
}

fn sum_all() -> Op<LibTorch> {
    Op::sum(&[], false)
}

/// `after − before` per category, plus live bytes and live buffers.
#[derive(Debug, PartialEq, Eq)]
struct Delta {
    param: i64,
    grad: i64,
    tape: i64,
    live_bytes: i64,
    live_buffers: i64,
}

fn delta(before: &MemoryStats) -> Delta {
    let now = memory_stats();
    let d = |c| now.category(c) - before.category(c);
    Delta {
        param: d(Category::Param),
        grad: d(Category::Grad),
        tape: d(Category::Tape),
        live_bytes: now.live_bytes - before.live_bytes,
        live_buffers: now.live_buffers - before.live_buffers,
    }
}

fn tape_only(bytes: i64, buffers: i64) -> Delta {
    Delta {
        param: 0,
        grad: 0,
        tape: bytes,
        live_bytes: bytes,
        live_buffers: buffers,
    }
}

const NOTHING: Delta = Delta {
    param: 0,
    grad: 0,
    tape: 0,
    live_bytes: 0,
    live_buffers: 0,
};

#[test]
fn an_input_counts_numel_times_8_tape_bytes() {
    let _g = lock();
    let mut s = session();
    let before = memory_stats();
    s.input(&data(&[3, 5], 1), false).unwrap();
    assert_eq!(delta(&before), tape_only(15 * F64, 1));
    assert_eq!(memory_stats().allocations - before.allocations, 1);
    // float32 data is converted to the session's float64: still 8 bytes an element.
    let f32_data = LibTorch::from_f64(&[1.0; 7], &[7], DType::Float32, Device::Cpu).unwrap();
    s.input(&f32_data, false).unwrap();
    assert_eq!(delta(&before), tape_only(22 * F64, 2));
    s.reset_tape();
    assert_eq!(delta(&before), NOTHING);
}

#[test]
fn reshape_and_transpose_of_contiguous_data_add_no_bytes() {
    let _g = lock();
    let mut s = session();
    let x = s.input(&data(&[4, 6], 2), false).unwrap();
    let before = memory_stats();
    let r = s.record(Op::reshape(&[6, 4]), &[x]).unwrap();
    s.record(Op::reshape(&[-1]), &[r]).unwrap();
    let xt = s.record(Op::transpose(0, 1), &[x]).unwrap();
    assert_eq!(delta(&before), NOTHING);
    assert_eq!(memory_stats().allocations, before.allocations);
    // A reshape of the (non-contiguous) transpose must copy: one new tape buffer.
    s.record(Op::reshape(&[24]), &[xt]).unwrap();
    assert_eq!(delta(&before), tape_only(24 * F64, 1));
}

#[test]
fn cross_entropy_counts_its_class_ids_as_tape() {
    let _g = lock();
    let mut s = session();
    let logits = s.input(&data(&[4, 3], 3), true).unwrap();
    let before = memory_stats();
    s.cross_entropy(logits, &[0, 2, 1, 1]).unwrap();
    // what torch's class-id kernels keep (no dense one-hot): the four int64 ids, the
    // log-probabilities and the total weight the backward reads, + the scalar loss
    assert_eq!(delta(&before), tape_only(4 * 8 + 12 * F64 + F64 + F64, 4));
}

#[test]
fn a_spatial_cross_entropy_counts_its_dense_coefficients_as_tape() {
    let _g = lock();
    let mut s = session();
    let logits = s.input(&data(&[2, 3, 2], 3), true).unwrap();
    let ids = Tensor::from_slice(&[0i64, 2, 1, 1]).reshape([2, 2]);
    let before = memory_stats();
    let target = eagertape::session::loss::Target::Classes {
        ids,
        shape: vec![2, 2],
    };
    let opts = eagertape::session::loss::ClassLossOptions::default();
    s.class_loss(logits, target, &opts, true).unwrap();
    // the coefficients (2, 3, 2) + the scalar loss
    assert_eq!(delta(&before), tape_only((12 + 1) * F64, 2));
}

#[test]
fn reset_tape_returns_tape_bytes_to_the_baseline() {
    let _g = lock();
    let w = param(&[3, 4], 4);
    let b = param(&[3], 5);
    let mut s = session();
    let before = memory_stats();
    let x = s.input(&data(&[5, 4], 6), false).unwrap();
    let hw = s.use_param(&w).unwrap();
    let hb = s.use_param(&b).unwrap();
    let y = s.record(Op::linear(), &[x, hw, hb]).unwrap();
    let y = s.record(UnaryOp::Tanh.op(), &[y]).unwrap();
    let yt = s.record(Op::transpose(0, 1), &[y]).unwrap();
    let yr = s.record(Op::reshape(&[5, 3]), &[yt]).unwrap();
    let sm = s.record(Op::softmax(1), &[yr]).unwrap();
    let ce = s.cross_entropy(sm, &[0, 1, 2, 0, 1]).unwrap();
    let target = Operand::Data(data(&[5, 3], 7));
    let mse = s
        .apply(Op::mse_loss(), vec![Operand::Node(y), target])
        .unwrap();
    s.record(BinaryOp::Add.op(), &[ce, mse]).unwrap();
    let held = delta(&before);
    assert!(held.tape > 0 && held.param == 0, "{held:?}");
    s.reset_tape();
    assert_eq!(delta(&before), NOTHING);
}

#[test]
fn gradients_are_grad_bytes_until_the_map_is_released() {
    let _g = lock();
    // L = Σ tanh(a + b + cᵀ) with a (3,4), a broadcast b (4,) and a transposed c (4,3):
    // b's gradient is reduced, c's arrives as a strided view and is copied; intermediate
    // cotangents are all freed by the end of the sweep.
    let a = param(&[3, 4], 8);
    let b = param(&[4], 9);
    let c = param(&[4, 3], 12);
    let mut s = session();
    let ha = s.use_param(&a).unwrap();
    let hb = s.use_param(&b).unwrap();
    let hc = s.use_param(&c).unwrap();
    let ct = s.record(Op::transpose(0, 1), &[hc]).unwrap();
    let y = s.record(BinaryOp::Add.op(), &[ha, hb]).unwrap();
    let y = s.record(BinaryOp::Add.op(), &[y, ct]).unwrap();
    let y = s.record(UnaryOp::Tanh.op(), &[y]).unwrap();
    let loss = s.record(sum_all(), &[y]).unwrap();
    let before = memory_stats();
    let grads = s.backward(loss).unwrap();
    let grad_bytes = (12 + 4 + 12) * F64;
    assert_eq!(
        delta(&before),
        Delta {
            param: 0,
            grad: grad_bytes,
            tape: 0,
            live_bytes: grad_bytes,
            live_buffers: 3,
        }
    );
    s.reset_tape();
    assert_eq!(
        delta(&before).grad,
        grad_bytes,
        "a reset does not free gradients"
    );
    let buf = grads.get(a.id()).unwrap();
    assert_eq!(grads.release(), 3);
    // Released even though a `Buffer` handle to one of them is still alive.
    assert_eq!((delta(&before).grad, delta(&before).param), (0, 0));
    drop(buf);
}

#[test]
fn a_snapshot_is_param_bytes_while_any_holder_lives() {
    let _g = lock();
    let before = memory_stats();
    let p = param(&[2, 3], 10);
    let nbytes = 6 * F64;
    assert_eq!(delta(&before).param, nbytes);
    let (mut s1, mut s2) = (session(), session());
    s1.use_param(&p).unwrap();
    s2.use_param(&p).unwrap();
    // Leaves borrow the snapshot: no tape bytes, no copy.
    assert_eq!(delta(&before).param, nbytes);
    assert_eq!(delta(&before).tape, 0);
    p.assign(&data(&[2, 3], 11)).unwrap(); // shared: copy on write
    assert_eq!(delta(&before).param, 2 * nbytes);
    s1.reset_tape();
    assert_eq!(
        delta(&before).param,
        2 * nbytes,
        "s2 still holds the old snapshot"
    );
    s2.reset_tape();
    assert_eq!(delta(&before).param, nbytes, "the last holder freed it");
    // Dropping the parameter while a tape holds its snapshot keeps the snapshot alive.
    s1.use_param(&p).unwrap();
    drop(p);
    assert_eq!(delta(&before).param, nbytes);
    s1.reset_tape();
    assert_eq!(delta(&before), NOTHING);
}

/// A two-layer MLP with a cross-entropy loss.
struct Mlp {
    params: Vec<P>,
    x: Tensor,
    ids: Vec<i64>,
}

impl Mlp {
    fn new() -> Mlp {
        Mlp {
            params: vec![
                param(&[6, 4], 20),
                param(&[6], 21),
                param(&[3, 6], 22),
                param(&[3], 23),
            ],
            x: data(&[8, 4], 24),
            ids: vec![0, 1, 2, 0, 1, 2, 0, 1],
        }
    }

    fn bytes(&self) -> i64 {
        self.params.iter().map(|p| numel(p.shape()) * F64).sum()
    }

    fn loss(&self, s: &mut Sess) -> Handle {
        let h: Vec<Handle> = self
            .params
            .iter()
            .map(|p| s.use_param(p).unwrap())
            .collect();
        let x = s.input(&self.x.copy(), false).unwrap();
        let z = s.record(Op::linear(), &[x, h[0], h[1]]).unwrap();
        let z = s.record(UnaryOp::Relu.op(), &[z]).unwrap();
        let logits = s.record(Op::linear(), &[z, h[2], h[3]]).unwrap();
        s.cross_entropy(logits, &self.ids).unwrap()
    }
}

/// Everything `memory_stats()` reports except the cumulative allocation counter.
fn view(m: &MemoryStats) -> (i64, i64, i64, [i64; eagertape::ledger::CATEGORIES]) {
    (m.live_bytes, m.peak_bytes, m.live_buffers, m.by_category)
}

fn train(reset_before_step: bool) {
    let _g = lock();
    let base = memory_stats();
    let mlp = Mlp::new();
    let mut opt = Sgd::new(mlp.params.clone(), 0.1).unwrap();
    let mut s = session();
    reset_peak_memory_stats();
    let mut after = Vec::new();
    let mut losses = Vec::new();
    for _ in 0..50 {
        let loss = mlp.loss(&mut s);
        losses.push(LibTorch::to_f64(s.value(loss).unwrap().get()).unwrap()[0]);
        let grads = s.backward(loss).unwrap();
        if reset_before_step {
            s.reset_tape();
            opt.step(&grads).unwrap();
        } else {
            opt.step(&grads).unwrap();
            s.reset_tape();
        }
        assert_eq!(grads.release(), 4);
        after.push(memory_stats());
    }
    assert!(losses[49] < losses[0], "the steps train: {losses:?}");
    assert_eq!(view(&after[49]), view(&after[0]), "step 50 vs step 1");
    let per_step = |i: usize| after[i].allocations - after[i - 1].allocations;
    assert_eq!(per_step(49), per_step(1), "allocations per step");
    // What remains after a step is exactly the parameters.
    let d = delta(&base);
    assert_eq!(
        d,
        Delta {
            param: mlp.bytes(),
            grad: 0,
            tape: 0,
            live_bytes: mlp.bytes(),
            live_buffers: 4,
        }
    );
}

#[test]
fn repeated_training_steps_in_place_leave_the_ledger_as_after_step_one() {
    train(true);
}

#[test]
fn repeated_training_steps_with_copy_on_write_leave_the_ledger_as_after_step_one() {
    train(false);
}
