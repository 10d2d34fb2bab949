//! Criterion benchmarks of the core's bookkeeping (no Python): recording an op, backward per
//! node, reset per node, an optimizer step over many small parameters, and the ledger.
//!
//!     LIBTORCH_USE_PYTORCH=1 cargo bench --bench core          (venv active)

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use eagertape::backend::libtorch::LibTorch;
use eagertape::backend::Backend;
use eagertape::buffer::Tracked;
use eagertape::config::{Config, DType, Device};
use eagertape::grads::GradMap;
use eagertape::ledger::Category;
use eagertape::ops::scalar::ScalarOp;
use eagertape::ops::Arith;
use eagertape::optim::{Optimizer, Sgd};
use eagertape::param::Parameter;
use eagertape::session::Session;

type S = Session<LibTorch>;

fn scalar(v: f64) -> tch::Tensor {
    LibTorch::from_f64(&[v], &[1], DType::Float32, Device::Cpu).unwrap()
}

fn chain(s: &mut S, p: &Arc<Parameter<LibTorch>>, n: usize) -> eagertape::tape::Handle {
    let mut x = s.use_param(p).unwrap();
    for _ in 1..n {
        x = s.record(ScalarOp::Add.op(1.0), &[x]).unwrap();
    }
    x
}

/// [`chain`] as Python records it (B5): each result named by a `Tensor` (a name slot) that
/// goes before the next op, the value released then where nothing will read it.
fn named_chain(s: &mut S, p: &Arc<Parameter<LibTorch>>, n: usize) {
    let mut x = s.use_param(p).unwrap();
    for _ in 1..n {
        let y = s.record(ScalarOp::Add.op(1.0), &[x]).unwrap();
        drop(s.name_handle(y));
        s.release_value(x);
        x = y;
    }
}

/// A recording of a chain of ops on the parameter (what a reset bench then frees).
type Record = fn(&mut S, &Arc<Parameter<LibTorch>>);

fn bench(c: &mut Criterion) {
    let p = Parameter::new(&scalar(1.0), None, true).unwrap();

    // One recorded op (a scalar add on a 1-element tensor), tape reset every 1000 ops.
    c.bench_function("record one small op", |b| {
        let mut s = S::new(Config::default()).unwrap();
        let mut x = s.use_param(&p).unwrap();
        let mut n = 0;
        b.iter(|| {
            x = s.record(ScalarOp::Add.op(1.0), &[x]).unwrap();
            n += 1;
            if n == 1000 {
                s.reset_tape();
                x = s.use_param(&p).unwrap();
                n = 0;
            }
        })
    });

    // Backward over a 1000-node chain (divide the time by 1000 for per-node cost).
    c.bench_function("backward of a 1000-node chain", |b| {
        let mut s = S::new(Config::default()).unwrap();
        let y = chain(&mut s, &p, 1000);
        b.iter(|| s.backward(y).unwrap().release())
    });

    // reset_tape of a 10 000-node tape (divide by 10 000 for per-node cost), then the same
    // with every node named and released as Python's `x = x + 1.0` does (B5).
    let chains: [(&str, Record); 2] = [
        ("reset_tape of a 10000-node tape", |s, p| {
            chain(s, p, 10_000);
        }),
        (
            "reset_tape of a 10000-node tape, named as from Python",
            |s, p| named_chain(s, p, 10_000),
        ),
    ];
    for (name, record) in chains {
        c.bench_function(name, |b| {
            let mut s = S::new(Config::default()).unwrap();
            b.iter_custom(|iters| {
                let mut total = std::time::Duration::ZERO;
                for _ in 0..iters {
                    record(&mut s, &p);
                    let start = std::time::Instant::now();
                    s.reset_tape();
                    total += start.elapsed();
                }
                total
            })
        });
    }

    // The floor under reset: freeing 10 000 one-element LibTorch tensors, nothing else.
    c.bench_function("free 10000 LibTorch tensors (reset floor)", |b| {
        b.iter_custom(|iters| {
            let mut total = std::time::Duration::ZERO;
            for _ in 0..iters {
                let one = scalar(1.0);
                let ts: Vec<tch::Tensor> = (0..10_000)
                    .map(|_| LibTorch::add_scalar(&one, 1.0).unwrap())
                    .collect();
                let start = std::time::Instant::now();
                drop(ts);
                total += start.elapsed();
            }
            total
        })
    });

    // One SGD step over 1000 parameters of 16 elements.
    c.bench_function("SGD step over 1000 small parameters", |b| {
        let params: Vec<_> = (0..1000)
            .map(|_| {
                let t = LibTorch::full(&[16], 1.0, DType::Float32, Device::Cpu).unwrap();
                Parameter::<LibTorch>::new(&t, None, true).unwrap()
            })
            .collect();
        let grads = GradMap::new();
        for p in &params {
            let g = LibTorch::full(&[16], 0.01, DType::Float32, Device::Cpu).unwrap();
            grads
                .accumulate(p, Tracked::owned(g, Category::Grad))
                .unwrap();
        }
        let mut opt = Sgd::new(params, 1e-3).unwrap();
        b.iter(|| opt.step(&grads).unwrap())
    });

    // Ledger bookkeeping per buffer: register and unregister one tensor.
    c.bench_function("ledger register + free one buffer", |b| {
        let t = scalar(2.0);
        b.iter(|| {
            drop(Tracked::<LibTorch>::owned(
                t.shallow_clone(),
                Category::Other,
            ))
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
