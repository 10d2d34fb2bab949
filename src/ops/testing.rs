//! Shared helpers for the op-family gradient tests (compiled only under `cfg(test)`).
//!
//! Every check runs the same function through the public [`Session`] API (parameters →
//! `use_param` → `record`/`apply` → `backward`) on each backend, in float64 — LibTorch and
//! the reference backend, both behind [`Dyn`], the backend the Python layer runs on — and
//! once with plain `tch::Tensor`s that require grad, differentiated by LibTorch's own
//! autograd (the oracle). Forward values and every parameter's gradient must agree to
//! 1e-10, relative to the scale of the oracle's tensor, on every backend.

use std::sync::Arc;

use tch::{Kind, Tensor};

use crate::backend::dynamic::{Dyn, DynTensor};
use crate::backend::Backend;
use crate::config::{Config, DType};
use crate::error::Result;
use crate::handles::Handle;
use crate::ops::binary::BinaryOp;
use crate::ops::Op;
use crate::param::Parameter;
use crate::session::Session;

pub(crate) type Sess = Session<Dyn>;

/// The backends every gradient check runs on (`Config::backend`).
pub(crate) const BACKENDS: [&str; 2] = ["libtorch", "reference"];

/// Relative tolerance of every comparison.
pub(crate) const RTOL: f64 = 1e-10;

/// A fresh float64 CPU session on LibTorch.
pub(crate) fn session() -> Sess {
    session_on("libtorch")
}

/// A fresh float64 CPU session on `backend`.
pub(crate) fn session_on(backend: &str) -> Sess {
    Session::<Dyn>::new(Config {
        dtype: DType::Float64,
        backend: Some(backend.to_string()),
        ..Default::default()
    })
    .expect("a float64 CPU session")
}

/// A copy of `t` as constant data for a session (`input`, `Operand::Data`).
pub(crate) fn dt(t: &Tensor) -> DynTensor {
    DynTensor::Torch(t.copy())
}

/// `n` deterministic values in `[0, 1)` (splitmix64), different for each `seed`.
fn unit(n: usize, seed: u64) -> Vec<f64> {
    let mut s = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(0x2545_F491_4F6C_DD1D);
    (0..n)
        .map(|_| {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            (z >> 11) as f64 / (1u64 << 53) as f64
        })
        .collect()
}

fn tensor(values: &[f64], shape: &[i64]) -> Tensor {
    Tensor::from_slice(values).reshape(shape)
}

/// Deterministic float64 data in `[-1, 1)`.
pub(crate) fn data(shape: &[i64], seed: u64) -> Tensor {
    let n = shape.iter().product::<i64>() as usize;
    let v: Vec<f64> = unit(n, seed).iter().map(|u| 2.0 * u - 1.0).collect();
    tensor(&v, shape)
}

/// Deterministic float64 data in `[0.5, 2)` (for `log`, divisors, fractional powers).
pub(crate) fn positive(shape: &[i64], seed: u64) -> Tensor {
    let n = shape.iter().product::<i64>() as usize;
    let v: Vec<f64> = unit(n, seed).iter().map(|u| 0.5 + 1.5 * u).collect();
    tensor(&v, shape)
}

/// Float64 data with the given values.
pub(crate) fn values(v: &[f64], shape: &[i64]) -> Tensor {
    tensor(v, shape)
}

/// A trainable parameter holding a copy of `t`.
pub(crate) fn param(t: &Tensor, name: &str) -> Arc<Parameter<Dyn>> {
    Parameter::new(&dt(t), Some(name.to_string()), true).unwrap()
}

/// An oracle leaf: a copy of `t` that LibTorch's autograd tracks.
pub(crate) fn leaf(t: &Tensor) -> Tensor {
    t.copy().set_requires_grad(true)
}

/// The elements of `t`, as float64.
pub(crate) fn to_vec(t: &Tensor) -> Vec<f64> {
    crate::LibTorch::to_f64(t).expect("readable tensor")
}

/// `actual` equals `expected` elementwise within `RTOL` of `expected`'s largest magnitude.
pub(crate) fn assert_close(what: &str, actual: &[f64], expected: &Tensor) {
    let exp = to_vec(expected);
    assert_eq!(actual.len(), exp.len(), "{what}: element count");
    let scale = exp
        .iter()
        .fold(0f64, |m, e| m.max(e.abs()))
        .max(f64::MIN_POSITIVE);
    for (i, (a, e)) in actual.iter().zip(&exp).enumerate() {
        assert!(
            (a - e).abs() <= RTOL * scale,
            "{what}: element {i} is {a}, expected {e} (scale {scale:e})\nactual:   {actual:?}\nexpected: {exp:?}"
        );
    }
}

/// Record `Σ y ⊙ w` for fixed weights `w` of `y`'s shape (`y` itself when it is a scalar),
/// so that each output element gets a distinct cotangent.
pub(crate) fn project(sess: &mut Sess, y: Handle) -> Handle {
    let shape = sess.shape(y).expect("valid output handle");
    if shape.is_empty() {
        return y;
    }
    let w = sess.input(&dt(&data(&shape, 7919)), false).unwrap();
    let yw = sess.record(BinaryOp::Mul.op(), &[y, w]).unwrap();
    sess.record(Op::sum(&[], false), &[yw]).unwrap()
}

/// The oracle's version of [`project`].
pub(crate) fn project_t(y: &Tensor) -> Tensor {
    if y.dim() == 0 {
        return y.shallow_clone();
    }
    (y * data(&y.size(), 7919)).sum(Kind::Double)
}

/// Run `eager` on parameters holding `inputs`, on each of [`BACKENDS`], and `oracle` on
/// autograd leaves holding the same values; compare the outputs and the gradient of every
/// input.
pub(crate) fn check_grads(
    inputs: &[Tensor],
    eager: impl Fn(&mut Sess, &[Handle]) -> Result<Handle>,
    oracle: impl Fn(&[Tensor]) -> Tensor,
) {
    for backend in BACKENDS {
        check_grads_on(backend, inputs, &eager, &oracle);
    }
}

/// [`check_grads`] on LibTorch only (an op the reference carriers refuse).
pub(crate) fn check_grads_libtorch(
    inputs: &[Tensor],
    eager: impl Fn(&mut Sess, &[Handle]) -> Result<Handle>,
    oracle: impl Fn(&[Tensor]) -> Tensor,
) {
    check_grads_on("libtorch", inputs, &eager, &oracle);
}

fn check_grads_on(
    backend: &str,
    inputs: &[Tensor],
    eager: &impl Fn(&mut Sess, &[Handle]) -> Result<Handle>,
    oracle: &impl Fn(&[Tensor]) -> Tensor,
) {
    let mut sess = session_on(backend);
    let params: Vec<_> = inputs
        .iter()
        .enumerate()
        .map(|(i, t)| param(t, &format!("x{i}")))
        .collect();
    let hs: Vec<Handle> = params.iter().map(|p| sess.use_param(p).unwrap()).collect();
    let y = eager(&mut sess, &hs)
        .unwrap_or_else(|e| panic!("[{backend}] the eager function records: {e}"));
    let loss = project(&mut sess, y);

    let leaves: Vec<Tensor> = inputs.iter().map(leaf).collect();
    let y_t = oracle(&leaves);
    assert_eq!(
        sess.shape(y).unwrap(),
        y_t.size(),
        "[{backend}] output shape"
    );
    let value = Dyn::to_f64(sess.value(y).unwrap().get()).unwrap();
    assert_close(&format!("[{backend}] forward value"), &value, &y_t);
    project_t(&y_t).backward();

    let grads = sess.backward(loss).expect("backward succeeds");
    assert_eq!(grads.len(), params.len(), "one gradient per parameter");
    for (i, (p, l)) in params.iter().zip(&leaves).enumerate() {
        let buf = grads
            .get(p.id())
            .unwrap_or_else(|| panic!("[{backend}] no gradient for x{i}"));
        assert_eq!(buf.shape(), p.shape(), "shape of the gradient of x{i}");
        let v = buf.value("test").unwrap();
        let got = Dyn::to_f64(v.get()).unwrap();
        assert_close(&format!("[{backend}] gradient of x{i}"), &got, &l.grad());
    }
    grads.release();
}
