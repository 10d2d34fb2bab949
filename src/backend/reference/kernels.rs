//! [`Backend`] for the reference tensors: every kernel walks its output in row-major order
//! and accumulates sums in a fixed order, so a result depends only on the inputs.

use std::marker::PhantomData;

use super::tensor::{contiguous_strides, numel, walk2, RefTensor};
use crate::backend::{Backend, BinaryKernel, GradKernel, PairKernel, ScalarKernel, UnaryKernel};
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::kernel::Scalar;
use crate::shape::{broadcast_shapes, normalize_dim};

/// The reference backend over element type `S`.
pub struct Reference<S>(PhantomData<S>);

/// No kernel library to silence: a unit guard.
pub struct NoGuard;

/// Room for `n` elements, or an error when the allocator refuses (never an abort).
fn reserve<S>(n: usize, dtype: DType, shape: &[i64]) -> Result<Vec<S>> {
    let mut data: Vec<S> = Vec::new();
    data.try_reserve_exact(n).map_err(|_| {
        Error::OutOfMemory(format!(
            "cannot allocate {n} elements of {dtype} for shape {shape:?} on the host"
        ))
    })?;
    Ok(data)
}

fn cpu_only(device: Device) -> Result<()> {
    if device.is_cuda() {
        return Err(Error::Device(format!(
            "the reference backend runs on cpu, not on {device}"
        )));
    }
    Ok(())
}

fn map<S: Scalar>(a: &RefTensor<S>, f: impl Fn(S) -> S) -> RefTensor<S> {
    let data = a.storage();
    // bounded: the size of a host tensor that exists (an input, or its reduction)
    let mut out = Vec::with_capacity(a.numel());
    walk2(
        a.shape(),
        (a.strides(), a.offset()),
        (a.strides(), 0),
        |p, _| out.push(f(data[p])),
    );
    RefTensor::from_vec(out, a.shape(), a.dtype())
}

fn zip<S: Scalar>(
    a: &RefTensor<S>,
    b: &RefTensor<S>,
    f: impl Fn(S, S) -> S,
) -> Result<RefTensor<S>> {
    let shape = broadcast_shapes("reference kernel", a.shape(), b.shape())?;
    let (sa, sb) = (a.broadcast_strides(&shape), b.broadcast_strides(&shape));
    let (da, db) = (a.storage(), b.storage());
    let mut out = crate::error::host_capacity(numel(&shape), "a broadcast result")?;
    walk2(&shape, (&sa, a.offset()), (&sb, b.offset()), |p, q| {
        out.push(f(da[p], db[q]))
    });
    Ok(RefTensor::from_vec(out, &shape, a.dtype()))
}

/// `a (op)= b` in place, `b` broadcast to `a`'s shape.
fn zip_assign<S: Scalar>(
    a: &mut RefTensor<S>,
    b: &RefTensor<S>,
    f: impl Fn(S, S) -> S,
) -> Result<()> {
    let shape = a.shape().to_vec();
    if broadcast_shapes("in-place update", &shape, b.shape())? != shape {
        return Err(Error::Shape(format!(
            "in-place update: shape {:?} cannot take a value of shape {:?}",
            shape,
            b.shape()
        )));
    }
    let sb = b.broadcast_strides(&shape);
    let db = b.storage();
    let cs = contiguous_strides(&shape);
    let out = a.make_mut();
    walk2(&shape, (&cs, 0), (&sb, b.offset()), |p, q| {
        out[p] = f(out[p], db[q])
    });
    Ok(())
}

/// Fold `f` over the positions of `dims` (all when empty) in row-major order, starting from
/// `start`, or from each group's first element when `None` (an empty group then gives NaN;
/// the ops refuse empty groups in their shape rule).
fn fold_dims<S: Scalar>(
    a: &RefTensor<S>,
    dims: &[i64],
    keepdim: bool,
    start: Option<S>,
    f: impl Fn(S, S) -> S,
) -> Result<RefTensor<S>> {
    let shape = a.shape();
    let nd = shape.len();
    let reduced: Vec<bool> = (0..nd)
        .map(|i| dims.is_empty() || dims.iter().any(|&d| dim_index(d, nd) == i))
        .collect();
    let kept: Vec<i64> = (0..nd)
        .map(|i| if reduced[i] { 1 } else { shape[i] })
        .collect();
    let inner: Vec<i64> = (0..nd)
        .map(|i| if reduced[i] { shape[i] } else { 1 })
        .collect();
    let st = a.strides();
    let data = a.storage();
    // bounded: the size of a host tensor that exists (an input, or its reduction)
    let mut out = Vec::with_capacity(numel(&kept));
    walk2(&kept, (st, a.offset()), (st, 0), |p, _| {
        let mut acc: Option<S> = start;
        walk2(&inner, (st, p), (st, 0), |q, _| {
            acc = Some(match acc {
                None => data[q],
                Some(v) => f(v, data[q]),
            })
        });
        out.push(acc.unwrap_or_else(|| S::from_f64(f64::NAN)));
    });
    let out_shape: Vec<i64> = if keepdim {
        kept
    } else {
        (0..nd).filter(|&i| !reduced[i]).map(|i| shape[i]).collect()
    };
    Ok(RefTensor::from_vec(out, &out_shape, a.dtype()))
}

/// `dim` of an `ndim`-dimensional tensor, made non-negative (the op's shape rule has
/// already checked it).
fn dim_index(dim: i64, ndim: usize) -> usize {
    normalize_dim("reference kernel", dim, ndim).unwrap_or(0)
}

fn unsupported<S: Scalar>(op: &'static str, t: &RefTensor<S>) -> Error {
    Error::Unsupported {
        op,
        carrier: t.dtype().carrier_label(),
    }
}

/// Apply `row` to every 1-D slice along `dim`.
fn along<S: Scalar>(
    a: &RefTensor<S>,
    dim: i64,
    row: impl Fn(&[S], &mut [S]),
) -> Result<RefTensor<S>> {
    let shape = a.shape().to_vec();
    if shape.is_empty() {
        let mut out = [S::zero()];
        row(&a.to_vec(), &mut out);
        return Ok(RefTensor::from_vec(out.to_vec(), &shape, a.dtype()));
    }
    let d = dim_index(dim, shape.len());
    let n = shape[d] as usize;
    let (sa, cs) = (a.strides().to_vec(), contiguous_strides(&shape));
    let mut outer = shape.clone();
    outer[d] = 1;
    let mut out = crate::error::host_vec(numel(&shape), S::zero(), "a row-wise kernel")?;
    let data = a.storage();
    let mut xs = crate::error::host_vec(n, S::zero(), "a row")?;
    let mut ys = crate::error::host_vec(n, S::zero(), "a row")?;
    walk2(&outer, (&sa, a.offset()), (&cs, 0), |p, q| {
        for (j, x) in xs.iter_mut().enumerate() {
            *x = data[p + j * sa[d] as usize];
        }
        row(&xs, &mut ys);
        for (j, y) in ys.iter().enumerate() {
            out[q + j * cs[d] as usize] = *y;
        }
    });
    Ok(RefTensor::from_vec(out, &shape, a.dtype()))
}

impl<S: Scalar> Backend for Reference<S> {
    type T = RefTensor<S>;
    type Guard = NoGuard;
    const NAME: &'static str = "reference";

    fn no_grad() -> NoGuard {
        NoGuard
    }
    fn device_available(d: Device) -> bool {
        !d.is_cuda()
    }
    fn shape(t: &Self::T) -> Vec<i64> {
        t.shape().to_vec()
    }
    fn numel(t: &Self::T) -> usize {
        t.numel()
    }
    fn dtype(t: &Self::T) -> DType {
        t.dtype()
    }
    fn device(_: &Self::T) -> Device {
        Device::Cpu
    }
    fn from_f64(data: &[f64], shape: &[i64], dtype: DType, device: Device) -> Result<Self::T> {
        cpu_only(device)?;
        if data.len() != numel(shape) {
            return Err(Error::Shape(format!(
                "{} values cannot fill shape {shape:?}",
                data.len()
            )));
        }
        Ok(RefTensor::from_vec(
            data.iter().map(|&v| S::from_f64(v)).collect(),
            shape,
            dtype,
        ))
    }
    fn to_f64(t: &Self::T) -> Result<Vec<f64>> {
        Ok(t.to_vec().into_iter().map(S::to_f64).collect())
    }
    fn full(shape: &[i64], value: f64, dtype: DType, device: Device) -> Result<Self::T> {
        cpu_only(device)?;
        let n = crate::shape::checked_numel(shape)?;
        let mut data = reserve::<S>(n, dtype, shape)?;
        data.resize(n, S::from_f64(value)); // bounded: reserved fallibly just above
        Ok(RefTensor::from_vec(data, shape, dtype))
    }
    /// The host is this backend's device: the elements are the result, reserved first
    /// (`try_reserve_exact`: a failed allocation is an error, not an abort).
    fn generate(
        shape: &[i64],
        dtype: DType,
        device: Device,
        gen: &(dyn Fn(usize, &mut [f64]) + Sync),
    ) -> Result<Self::T> {
        cpu_only(device)?;
        let n = crate::shape::checked_numel(shape)?;
        let mut data = reserve::<S>(n, dtype, shape)?;
        crate::backend::for_each_chunk(0, n, gen, |_, part| {
            data.extend(part.iter().map(|&v| S::from_f64(v)));
            Ok(())
        })?;
        Ok(RefTensor::from_vec(data, shape, dtype))
    }
    fn eye(n: i64, m: i64, dtype: DType, device: Device) -> Result<Self::T> {
        let cols = m.max(1) as usize;
        Self::generate(&[n, m], dtype, device, &|offset, part| {
            for (i, v) in (offset..).zip(part.iter_mut()) {
                *v = if i / cols == i % cols { 1.0 } else { 0.0 };
            }
        })
    }
    fn copy(t: &Self::T) -> Result<Self::T> {
        Ok(RefTensor::from_vec(t.to_vec(), t.shape(), t.dtype()))
    }
    fn convert(t: &Self::T, dtype: DType, device: Device) -> Result<Self::T> {
        cpu_only(device)?;
        // Within this backend a conversion is a retag between carriers of the same element
        // type (ieee32 and reference float32 are both binary32).
        if dtype.is_native() || dtype.size() != S::SIZE {
            return Err(Error::DType(format!(
                "the reference backend cannot convert {} to {dtype} here",
                t.dtype()
            )));
        }
        Ok(Self::copy(t)?.with_dtype(dtype))
    }

    fn unary<F: UnaryKernel>(x: &Self::T) -> Result<Self::T> {
        let f = F::element::<S>().ok_or_else(|| unsupported(F::NAME, x))?;
        Ok(map(x, f))
    }
    fn binary<F: BinaryKernel>(a: &Self::T, b: &Self::T) -> Result<Self::T> {
        let f = F::element::<S>().ok_or_else(|| unsupported(F::NAME, a))?;
        zip(a, b, f)
    }
    fn scalar<F: ScalarKernel>(x: &Self::T, s: f64) -> Result<Self::T> {
        F::check(s, x.dtype())?;
        let f = F::element::<S>().ok_or_else(|| unsupported(F::NAME, x))?;
        Ok(map(x, |v| f(v, s)))
    }
    fn pair<F: PairKernel>(x: &Self::T, a: f64, b: f64) -> Result<Self::T> {
        let f = F::element::<S>().ok_or_else(|| unsupported(F::NAME, x))?;
        Ok(map(x, |v| f(v, a, b)))
    }
    fn grad<F: GradKernel>(g: &Self::T, x: &Self::T, a: f64, b: f64) -> Result<Self::T> {
        let f = F::element::<S>().ok_or_else(|| unsupported(F::NAME, x))?;
        zip(g, x, |g, x| f(g, x, a, b))
    }
    fn is_finite(a: &Self::T) -> Result<bool> {
        Ok(a.to_vec().into_iter().all(|x| {
            let (lo, hi) = x.bounds();
            lo.is_finite() && hi.is_finite()
        }))
    }

    /// Batched, broadcast matmul; each output element sums `k` products in order.
    fn matmul(a: &Self::T, b: &Self::T) -> Result<Self::T> {
        let (sa, sb) = (a.shape(), b.shape());
        let out_shape = crate::shape::matmul_shape(sa, sb)?;
        let (n, k, m) = (sa[sa.len() - 2], sa[sa.len() - 1], sb[sb.len() - 1]);
        let batch = &out_shape[..out_shape.len() - 2];
        let batch_strides = |t: &RefTensor<S>| {
            let s = t.shape();
            let view = t.restride(
                s[..s.len() - 2].to_vec(),
                t.strides()[..s.len() - 2].to_vec(),
            );
            view.broadcast_strides(batch)
        };
        let (ba, bb) = (batch_strides(a), batch_strides(b));
        let (ra, ca) = (a.strides()[sa.len() - 2], a.strides()[sa.len() - 1]);
        let (rb, cb) = (b.strides()[sb.len() - 2], b.strides()[sb.len() - 1]);
        let (da, db) = (a.storage(), b.storage());
        let mut out = crate::error::host_capacity(numel(&out_shape), "a matrix product")?;
        walk2(batch, (&ba, a.offset()), (&bb, b.offset()), |pa, pb| {
            for i in 0..n {
                for j in 0..m {
                    let mut acc = S::zero();
                    for kk in 0..k {
                        let x = da[(pa as i64 + i * ra + kk * ca) as usize];
                        let y = db[(pb as i64 + kk * rb + j * cb) as usize];
                        acc = acc.add(x.mul(y));
                    }
                    out.push(acc);
                }
            }
        });
        Ok(RefTensor::from_vec(out, &out_shape, a.dtype()))
    }

    /// Sums in row-major order of the reduced positions.
    fn extremum_dims(a: &Self::T, dims: &[i64], keepdim: bool, max: bool) -> Result<Self::T> {
        let pick: fn(f64, f64) -> f64 = if max { f64::max } else { f64::min };
        fold_dims(a, dims, keepdim, None, |acc, x| {
            crate::kernel::scalar::extremum(acc, x, pick)
        })
    }
    /// Sums in row-major order of the reduced positions, from 0.
    fn sum_dims(a: &Self::T, dims: &[i64], keepdim: bool) -> Result<Self::T> {
        fold_dims(a, dims, keepdim, Some(S::zero()), S::add)
    }
    /// Products in row-major order of the reduced positions, from 1.
    fn prod_dims(a: &Self::T, dims: &[i64], keepdim: bool) -> Result<Self::T> {
        fold_dims(a, dims, keepdim, Some(S::from_f64(1.0)), S::mul)
    }
    fn cumsum(a: &Self::T, dim: i64, reverse: bool) -> Result<Self::T> {
        along(a, dim, |xs, out| {
            let mut acc = S::zero();
            let order: Box<dyn Iterator<Item = usize>> = if reverse {
                Box::new((0..xs.len()).rev())
            } else {
                Box::new(0..xs.len())
            };
            for j in order {
                acc = acc.add(xs[j]);
                out[j] = acc;
            }
        })
    }
    fn softmax(a: &Self::T, dim: i64) -> Result<Self::T> {
        along(a, dim, S::softmax_row)
    }
    fn log_softmax(a: &Self::T, dim: i64) -> Result<Self::T> {
        along(a, dim, S::log_softmax_row)
    }
    fn one_hot(ids: &[i64], classes: i64, dtype: DType, device: Device) -> Result<Self::T> {
        cpu_only(device)?;
        let n = ids.len().saturating_mul(classes as usize);
        let mut out = crate::error::host_vec(n, S::zero(), "one_hot")?;
        for (i, &c) in ids.iter().enumerate() {
            out[i * classes as usize + c as usize] = S::from_f64(1.0);
        }
        Ok(RefTensor::from_vec(
            out,
            &[ids.len() as i64, classes],
            dtype,
        ))
    }

    fn transpose(a: &Self::T, d0: i64, d1: i64) -> Result<Self::T> {
        let (mut shape, mut strides) = (a.shape().to_vec(), a.strides().to_vec());
        if !shape.is_empty() {
            let (i, j) = (dim_index(d0, shape.len()), dim_index(d1, shape.len()));
            shape.swap(i, j);
            strides.swap(i, j);
        }
        Ok(a.restride(shape, strides))
    }
    fn expand(a: &Self::T, shape: &[i64]) -> Result<Self::T> {
        let strides = a.broadcast_strides(shape);
        Ok(a.restride(shape.to_vec(), strides))
    }
    fn is_contiguous(a: &Self::T) -> bool {
        a.is_contiguous()
    }
    fn strides(a: &Self::T) -> (Vec<i64>, i64) {
        (a.strides().to_vec(), a.offset() as i64)
    }
    /// torch's stride rule: any layout whose merged or split dims form one chunk.
    fn view(a: &Self::T, shape: &[i64]) -> Result<Self::T> {
        let strides = (numel(shape) == a.numel())
            .then(|| crate::shape::view_strides(a.shape(), a.strides(), shape))
            .flatten();
        match strides {
            Some(strides) => Ok(a.restride(shape.to_vec(), strides)),
            None => Err(Error::Shape(format!(
                "view: cannot view shape {:?} as {shape:?}",
                a.shape()
            ))),
        }
    }

    fn add_(a: &mut Self::T, b: &Self::T) -> Result<()> {
        zip_assign(a, b, S::add)
    }
    fn axpy_(a: &mut Self::T, alpha: f64, b: &Self::T) -> Result<()> {
        let alpha = S::from_f64(alpha);
        zip_assign(a, b, |x, y| x.add(alpha.mul(y)))
    }
    fn copy_(a: &mut Self::T, b: &Self::T) -> Result<()> {
        zip_assign(a, b, |_, y| y)
    }
}
