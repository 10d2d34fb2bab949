//! Recycled tape buffers (`src/pool.rs`): what `reset_tape` keeps, what the next generation
//! reuses, that reuse never changes a result or touches a buffer someone else holds, and that
//! the ledger counts kept buffers as cached, exactly. The ledger is process-global, so every
//! test holds `LOCK`.

use std::sync::{Arc, Mutex, MutexGuard};

use eagertape::backend::Backend;
use eagertape::ledger::{memory_stats, MemoryStats};
use eagertape::ops::binary::BinaryOp;
use eagertape::ops::scalar::ScalarOp;
use eagertape::ops::unary::UnaryOp;
use eagertape::ops::Op;
use eagertape::param::Parameter;
use eagertape::pool::{PoolKey, MAX_BUFFER_BYTES, MAX_POOL_BYTES, MAX_SHAPES};
use eagertape::session::Session;
use eagertape::tape::Handle;
use eagertape::{Config, DType, Device, LibTorch};
use tch::Tensor;

static LOCK: Mutex<()> = Mutex::new(());

fn lock() -> MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

type Sess = Session<LibTorch>;
type P = Arc<Parameter<LibTorch>>;

fn session(dtype: DType) -> Sess {
    Session::<LibTorch>::new(Config {
        dtype,
        ..Default::default()
    })
    .unwrap()
}

/// `sin(0.37 (i + seed))`, with a NaN, an infinity and a zero mixed in when `special`.
fn data(shape: &[i64], seed: u64, dtype: DType, special: bool) -> Tensor {
    let n = shape.iter().product::<i64>() as usize;
    let mut v: Vec<f64> = (0..n)
        .map(|i| ((i as f64 + seed as f64) * 0.37).sin())
        .collect();
    if special && n >= 3 {
        v[0] = f64::NAN;
        v[1] = f64::INFINITY;
        v[2] = 0.0;
    }
    LibTorch::from_f64(&v, shape, dtype, Device::Cpu).unwrap()
}

fn param(shape: &[i64], seed: u64, dtype: DType) -> P {
    Parameter::new(&data(shape, seed, dtype, false), None, true).unwrap()
}

fn values(s: &Sess, h: Handle) -> Vec<f64> {
    LibTorch::to_f64(s.value(h).unwrap().get()).unwrap()
}

/// Bit patterns, so that NaNs compare and -0.0 differs from 0.0.
fn bits(v: &[f64]) -> Vec<u64> {
    v.iter().map(|x| x.to_bits()).collect()
}

fn chain(s: &mut Sess, p: &P, n: usize) -> Handle {
    let mut x = s.use_param(p).unwrap();
    for _ in 1..n {
        x = s.record(ScalarOp::Add.op(1.0), &[x]).unwrap();
    }
    x
}

fn cached(m: &MemoryStats) -> (i64, i64) {
    (m.cached_bytes, m.cached_buffers)
}

#[test]
fn reset_keeps_each_small_intermediate_as_cached_not_live() {
    let _l = lock();
    let p = param(&[3], 0, DType::Float32);
    let mut s = session(DType::Float32);
    let before = memory_stats();
    chain(&mut s, &p, 11); // a leaf and 10 intermediates of 3 float32
    s.reset_tape();
    let after = memory_stats();
    assert_eq!(s.cached_bytes(), 10 * 12);
    assert_eq!(
        (
            after.cached_bytes - before.cached_bytes,
            after.cached_buffers - before.cached_buffers
        ),
        (120, 10)
    );
    // Released: the live figures are back where they were, the tape holds nothing.
    assert_eq!(after.live_bytes, before.live_bytes);
    assert_eq!(after.live_buffers, before.live_buffers);
    assert_eq!(after.by_category, before.by_category);
}

#[test]
fn the_next_generation_writes_into_kept_buffers_instead_of_allocating() {
    let _l = lock();
    let p = param(&[3], 0, DType::Float32);
    let mut s = session(DType::Float32);
    chain(&mut s, &p, 11);
    s.reset_tape();
    let before = memory_stats();
    let y = chain(&mut s, &p, 11);
    let after = memory_stats();
    assert_eq!(after.allocations, before.allocations, "no new buffer");
    assert_eq!(s.cached_bytes(), 0);
    assert_eq!(
        cached(&after),
        (before.cached_bytes - 120, before.cached_buffers - 10)
    );
    assert_eq!(after.live_bytes - before.live_bytes, 120);
    // sin(0.37 i) + 10, as torch computes it
    let expect: Vec<f64> = (0..3)
        .map(|i| (((i as f64) * 0.37).sin() as f32 + 10.0f32) as f64)
        .collect();
    assert_eq!(values(&s, y), expect);
}

#[test]
fn buffers_not_reused_by_the_next_generation_are_freed_at_its_reset() {
    let _l = lock();
    let p = param(&[3], 0, DType::Float32);
    let mut s = session(DType::Float32);
    let before = memory_stats();
    chain(&mut s, &p, 5);
    s.reset_tape();
    assert_eq!(s.cached_bytes(), 4 * 12);
    // The next generation records other shapes only.
    let q = param(&[5], 1, DType::Float32);
    chain(&mut s, &q, 3);
    s.reset_tape();
    assert_eq!(
        s.cached_bytes(),
        2 * 20,
        "only the last generation's buffers stay"
    );
    s.reset_tape();
    assert_eq!(s.cached_bytes(), 0);
    assert_eq!(cached(&memory_stats()), cached(&before));
}

#[test]
fn empty_cache_and_dropping_the_session_free_the_kept_buffers() {
    let _l = lock();
    let p = param(&[3], 0, DType::Float32);
    let before = memory_stats();
    let mut s = session(DType::Float32);
    chain(&mut s, &p, 4);
    s.reset_tape();
    assert_eq!(memory_stats().cached_bytes - before.cached_bytes, 36);
    s.empty_cache();
    assert_eq!(s.cached_bytes(), 0);
    assert_eq!(cached(&memory_stats()), cached(&before));

    chain(&mut s, &p, 4);
    s.reset_tape();
    assert_eq!(memory_stats().cached_bytes - before.cached_bytes, 36);
    drop(s);
    assert_eq!(cached(&memory_stats()), cached(&before));
}

#[test]
fn a_value_someone_else_holds_is_not_kept_and_keeps_its_contents() {
    let _l = lock();
    let p = param(&[3], 0, DType::Float32);
    let mut s = session(DType::Float32);
    let y = chain(&mut s, &p, 3);
    let held = s.value(y).unwrap(); // e.g. a caller keeping an output past the reset
    let expect = LibTorch::to_f64(held.get()).unwrap();
    s.reset_tape();
    assert_eq!(s.cached_bytes(), 12, "only the other intermediate is kept");
    for _ in 0..3 {
        chain(&mut s, &p, 3);
        s.reset_tape();
    }
    assert_eq!(LibTorch::to_f64(held.get()).unwrap(), expect);
}

#[test]
fn views_parameters_inputs_and_large_buffers_are_never_kept() {
    let _l = lock();
    let mut s = session(DType::Float32);
    let p = param(&[2, 3], 0, DType::Float32);
    let w = s.use_param(&p).unwrap();
    let t = s.record(Op::transpose(0, 1), &[w]).unwrap(); // a view of the snapshot
    let r = s.record(Op::reshape(&[6]), &[w]).unwrap(); // a view too
    let x = s
        .input(&data(&[2, 3], 1, DType::Float32, false), false)
        .unwrap();
    let big_n = (MAX_BUFFER_BYTES / 4 + 1) as i64;
    let big = s
        .input(&data(&[big_n], 2, DType::Float32, false), false)
        .unwrap();
    let _big2 = s.record(UnaryOp::Exp.op(), &[big]).unwrap();
    let _ = (t, r, x);
    s.reset_tape();
    assert_eq!(s.cached_bytes(), 0);
    // The parameter's snapshot is untouched by anything recorded later.
    let kept = LibTorch::to_f64(p.snapshot().get()).unwrap();
    let w = s.use_param(&p).unwrap();
    let _ = s.record(ScalarOp::Mul.op(0.0), &[w]).unwrap();
    s.reset_tape();
    let w = s.use_param(&p).unwrap();
    let _ = s.record(ScalarOp::Mul.op(5.0), &[w]).unwrap();
    assert_eq!(LibTorch::to_f64(p.snapshot().get()).unwrap(), kept);
}

#[test]
fn the_pool_keeps_at_most_max_pool_bytes() {
    let _l = lock();
    let n = (MAX_BUFFER_BYTES / 4) as i64; // the largest kept float32 buffer
    let mut s = session(DType::Float32);
    let x = s
        .input(&data(&[n], 0, DType::Float32, false), false)
        .unwrap();
    let fits = MAX_POOL_BYTES / MAX_BUFFER_BYTES;
    for _ in 0..fits + 5 {
        s.record(UnaryOp::Exp.op(), &[x]).unwrap();
    }
    s.reset_tape();
    assert_eq!(s.cached_bytes(), MAX_POOL_BYTES);
    s.empty_cache();
}

#[test]
fn outputs_of_more_than_max_shapes_shapes_are_not_kept() {
    let _l = lock();
    let mut s = session(DType::Float32);
    let p = param(&[1], 0, DType::Float32);
    let w = s.use_param(&p).unwrap();
    // Scalar outputs take one slot; then one slot per shape (1, k) for k = 1, 2, ...
    let y = s.record(ScalarOp::Mul.op(2.0), &[w]).unwrap();
    for k in 1..=MAX_SHAPES as i64 + 10 {
        let row = s
            .input(&data(&[1, k], k as u64, DType::Float32, false), false)
            .unwrap();
        s.record(BinaryOp::Mul.op(), &[row, y]).unwrap();
    }
    s.reset_tape();
    // The (1, k) products of the first MAX_SHAPES - 1 shapes and the scalar are kept.
    let kept: i64 = 4 + (1..MAX_SHAPES as i64).map(|k| 4 * k).sum::<i64>();
    assert_eq!(s.cached_bytes() as i64, kept);
}

#[test]
fn pool_keys_cover_small_buffers_of_rank_up_to_four_only() {
    assert!(PoolKey::of(&[], DType::Float32).is_some());
    assert!(PoolKey::of(&[2, 3, 4, 5], DType::Float64).is_some());
    assert!(PoolKey::of(&[1, 1, 1, 1, 1], DType::Float32).is_none());
    assert!(PoolKey::of(&[0, 3], DType::Float32).is_none());
    let n = (MAX_BUFFER_BYTES / 8) as i64;
    assert!(PoolKey::of(&[n], DType::Float64).is_some());
    assert!(PoolKey::of(&[n + 1], DType::Float64).is_none());
    assert!(PoolKey::of(&[i64::MAX, 4], DType::Float32).is_none());
    assert_eq!(
        PoolKey::of(&[2, 3], DType::Float32).unwrap().shape(),
        &[2, 3]
    );
}

#[test]
fn only_a_sole_owned_dense_tensor_of_the_exact_key_is_recyclable() {
    let (f32_, cpu) = (DType::Float32, Device::Cpu);
    let fresh = || data(&[2, 3], 0, f32_, false);
    assert!(LibTorch::recyclable(&fresh(), &[2, 3], f32_, cpu));
    // Another handle on the same tensor (what a DLPack export or an alias holds).
    let t = fresh();
    let alias = t.shallow_clone();
    assert!(!LibTorch::recyclable(&t, &[2, 3], f32_, cpu));
    drop(alias);
    assert!(LibTorch::recyclable(&t, &[2, 3], f32_, cpu));
    // A view shares the storage: neither it nor its base may be written over.
    let base = fresh();
    let view = base.view([6]);
    assert!(!LibTorch::recyclable(&base, &[2, 3], f32_, cpu));
    assert!(!LibTorch::recyclable(&view, &[6], f32_, cpu));
    // Non-contiguous, offset, wrong shape, dtype or device.
    let tr = fresh().transpose(0, 1).contiguous().transpose(0, 1);
    assert!(!LibTorch::recyclable(&tr, &[2, 3], f32_, cpu));
    let t = fresh();
    assert!(!LibTorch::recyclable(&t, &[3, 2], f32_, cpu));
    assert!(!LibTorch::recyclable(&t, &[2, 3], DType::Float64, cpu));
    assert!(!LibTorch::recyclable(
        &t,
        &[2, 3],
        f32_,
        Device::Cuda(Some(0))
    ));
    let narrow = data(&[4, 3], 0, f32_, false).narrow(0, 1, 2);
    assert!(!LibTorch::recyclable(&narrow, &[2, 3], f32_, cpu));
    // Every view eagertape's ops make (permute, unsqueeze/squeeze/flatten as views): the
    // base is shared, so neither is recyclable while both live.
    for make in [
        |t: &Tensor| LibTorch::permute(t, &[1, 0]).unwrap(),
        |t: &Tensor| t.unsqueeze(0),
        |t: &Tensor| t.unsqueeze(2).squeeze_dim(2),
        |t: &Tensor| t.flatten(0, -1),
    ] {
        let base = fresh();
        let view = make(&base);
        assert!(!LibTorch::recyclable(&base, &[2, 3], f32_, cpu));
        let shape = view.size();
        assert!(!LibTorch::recyclable(&view, &shape, f32_, cpu));
    }
}

/// Every kernel that can write into a kept buffer computes exactly what the allocating
/// kernel computes, NaN, infinity and zero included.
#[test]
fn recycled_results_are_bit_identical_to_fresh_ones() {
    let _l = lock();
    for dtype in [DType::Float32, DType::Float64] {
        let a = param(&[4, 5], 1, dtype);
        let b = param(&[4, 5], 2, dtype);
        let row = param(&[5], 3, dtype);
        let w = param(&[3, 5], 4, dtype);
        let bias = param(&[3], 5, dtype);
        let m = param(&[5, 2], 6, dtype);
        let special = Parameter::new(&data(&[4, 5], 7, dtype, true), None, true).unwrap();
        // Every pointwise function of every family, then the other ops with `_out` kernels.
        let mut cases: Vec<(Op<LibTorch>, Vec<usize>)> = Vec::new();
        for &f in UnaryOp::ALL {
            // The special values go through every function (log/sqrt of negatives: NaN).
            cases.push((f.op(), vec![6]));
        }
        // (the bitwise functions take integer data, which these float parameters are not)
        for &f in BinaryOp::ALL.iter().filter(|f| !f.data_only()) {
            cases.push((f.op(), vec![6, 1]));
            cases.push((f.op(), vec![0, 2])); // broadcast
        }
        for &f in ScalarOp::ALL.iter().filter(|f| f.out_kernel(0.0).is_some()) {
            for s in [0.5, -3.0, 2.0, -1.5] {
                cases.push((f.op(s), vec![6]));
            }
        }
        cases.push((Op::matmul(), vec![0, 5]));
        cases.push((Op::linear(), vec![0, 3, 4]));
        cases.push((Op::softmax(1), vec![0]));
        cases.push((Op::log_softmax(0), vec![6]));
        let remake = |op: &Op<LibTorch>| -> Op<LibTorch> {
            match op {
                Op::Unary(u) => u.0.op(),
                Op::Binary(b) => b.0.op(),
                Op::Scalar(s) => s.f.op(s.s),
                Op::MatMul(_) => Op::matmul(),
                Op::Linear(_) => Op::linear(),
                Op::Softmax(s) if s.log => Op::log_softmax(s.dim),
                Op::Softmax(s) => Op::softmax(s.dim),
                _ => panic!("no case for {}", op.name()),
            }
        };
        let params = [&a, &b, &row, &w, &bias, &m, &special];
        for (op, args) in cases {
            let make = || remake(&op);
            let name = op.name();
            let kernel = op
                .rule()
                .and_then(|r| r.out_kernel(args.len()))
                .expect("an _out kernel");
            let run = |s: &mut Sess, op: Op<LibTorch>| {
                let hs: Vec<Handle> = args
                    .iter()
                    .map(|&i| s.use_param(params[i]).unwrap())
                    .collect();
                let y = s.record(op, &hs).unwrap();
                (
                    bits(&values(s, y)),
                    LibTorch::shape(s.value(y).unwrap().get()),
                )
            };
            let mut fresh = session(dtype);
            let expect = run(&mut fresh, make());
            let mut s = session(dtype);
            // Prime the pool with this shape: compute once, reset, then compute again.
            run(&mut s, make());
            s.reset_tape();
            let kept = s.cached_bytes();
            assert!(kept > 0, "{name} ({kernel:?}): nothing kept");
            let allocations = memory_stats().allocations;
            let got = run(&mut s, make());
            assert_eq!(s.cached_bytes(), 0, "{name} ({kernel:?}) did not reuse");
            assert_eq!(
                memory_stats().allocations,
                allocations,
                "{name} ({kernel:?}) allocated"
            );
            assert_eq!(got, expect, "{name} ({kernel:?}) in {dtype}");
        }
    }
}

#[test]
fn a_kernel_that_fails_on_a_kept_buffer_frees_it_and_records_nothing() {
    let _l = lock();
    let before = memory_stats();
    let p = param(&[2, 3], 0, DType::Float32);
    let mut pool = eagertape::pool::Pool::<LibTorch>::new(DType::Float32, Device::Cpu);
    let mut s = session(DType::Float32);
    let x = s.use_param(&p).unwrap();
    let y = s.record(UnaryOp::Exp.op(), &[x]).unwrap();
    let slot = pool.slot(&[2, 3]).unwrap();
    let v = s.value(y).unwrap();
    s.reset_tape();
    pool.keep(v, slot);
    assert_eq!(pool.bytes(), 24);
    // Shapes that cannot broadcast: LibTorch raises, the buffer goes.
    let a = data(&[2, 3], 1, DType::Float32, false);
    let b = data(&[4], 1, DType::Float32, false);
    let r = pool.compute(slot, BinaryOp::Add.out_kernel().unwrap(), &[&a, &b]);
    assert!(
        matches!(r, Err(eagertape::Error::Backend(_))),
        "{:?}",
        r.err()
    );
    assert_eq!(pool.bytes(), 0);
    drop(s);
    drop(p);
    let after = memory_stats();
    assert_eq!(cached(&after), cached(&before));
    assert_eq!(after.live_bytes, before.live_bytes);
    assert_eq!(after.live_buffers, before.live_buffers);
}
