//! `Dyn`'s movement ops and predicates. LibTorch tensors go to LibTorch; reference tensors
//! run a movement op through its index plan (LibTorch computes the plan on int64 `arange`s,
//! the reference backend copies and scatter-adds by it) and a predicate on exact float64
//! copies of their values (every float32 and float64 is one). Intervals have no single
//! truth value for a comparison: `UnsupportedOpError`.

use tch::Tensor;

use super::{Dyn, DynTensor};
use crate::backend::libtorch::{read_host, LibTorch};
use crate::backend::reference::{index, Interval, RefTensor, Scalar};
use crate::backend::Backend;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::kernel::movement::{plan, source_offset};
use crate::kernel::{Movement, Predicate};

use DynTensor::{Iv, Torch, F32, F64};

fn torch_of<'a>(xs: &[&'a DynTensor]) -> Option<Vec<&'a Tensor>> {
    xs.iter()
        .map(|x| match x {
            Torch(t) => Some(t),
            _ => None,
        })
        .collect()
}

/// A plan read back to the host: its entries, its shape, and the operands' shapes.
struct HostPlan {
    entries: Vec<i64>,
    shape: Vec<i64>,
    shapes: Vec<Vec<i64>>,
}

fn plan_host(m: &dyn Movement, xs: &[&DynTensor]) -> Result<HostPlan> {
    if !m.plannable() {
        let carrier = xs
            .iter()
            .find(|x| !matches!(x, Torch(_)))
            .map_or("reference".to_string(), |x| Dyn::dtype(x).carrier_label());
        return Err(Error::Unsupported {
            op: m.name(),
            carrier,
        });
    }
    let shapes: Vec<Vec<i64>> = xs.iter().map(|x| Dyn::shape(x)).collect();
    let mut data = Vec::with_capacity(xs.len()); // bounded: one per operand
    for (i, x) in xs.iter().enumerate() {
        data.push(match (m.is_source(i), x) {
            (false, Torch(t)) => Some(t),
            (false, other) => {
                return Err(Error::DType(format!(
                    "{}: operand {i} must be int64 or bool data, not {}",
                    m.name(),
                    Dyn::dtype(other)
                )))
            }
            (true, _) => None,
        });
    }
    let p = plan(m, &shapes, &data, tch::Device::Cpu)?;
    Ok(HostPlan {
        entries: read_host::<i64>(&p)?,
        shape: p.size(),
        shapes,
    })
}

fn sources<'a, S>(
    m: &dyn Movement,
    xs: &[&'a DynTensor],
    pick: impl Fn(&'a DynTensor) -> Option<&'a RefTensor<S>>,
) -> Result<Vec<&'a RefTensor<S>>> {
    let mut out = Vec::new();
    for (i, x) in xs.iter().enumerate() {
        if m.is_source(i) {
            out.push(pick(x).ok_or_else(|| {
                Error::DType(format!(
                    "{}: the tensors are of different carriers",
                    m.name()
                ))
            })?);
        }
    }
    Ok(out)
}

fn take_as<S: Scalar>(
    m: &dyn Movement,
    srcs: Vec<&RefTensor<S>>,
    plan: &[i64],
    shape: &[i64],
) -> Result<RefTensor<S>> {
    index::take(&srcs, plan, shape, S::from_f64(m.fill()))
}

pub fn movement(m: &dyn Movement, xs: &[&DynTensor]) -> Result<(DynTensor, bool)> {
    if let Some(ts) = torch_of(xs) {
        return LibTorch::movement(m, &ts).map(|(t, v)| (Torch(t), v));
    }
    let first = (0..xs.len()).find(|&i| m.is_source(i)).unwrap_or(0);
    let HostPlan {
        entries: p, shape, ..
    } = plan_host(m, xs)?;
    let out = match xs[first] {
        F32(_) => F32(take_as(
            m,
            sources(m, xs, |x| if let F32(t) = x { Some(t) } else { None })?,
            &p,
            &shape,
        )?),
        F64(_) => F64(take_as(
            m,
            sources(m, xs, |x| if let F64(t) = x { Some(t) } else { None })?,
            &p,
            &shape,
        )?),
        Iv(_) => Iv(take_as::<Interval>(
            m,
            sources(m, xs, |x| if let Iv(t) = x { Some(t) } else { None })?,
            &p,
            &shape,
        )?),
        Torch(_) => {
            return Err(Error::DType(format!(
                "{}: the tensors are of different carriers",
                m.name()
            )))
        }
    };
    Ok((out, false))
}

pub fn movement_backward(
    m: &dyn Movement,
    xs: &[&DynTensor],
    g: &DynTensor,
    which: usize,
) -> Result<(DynTensor, bool)> {
    if let (Some(ts), Torch(g)) = (torch_of(xs), g) {
        return LibTorch::movement_backward(m, &ts, g, which).map(|(t, v)| (Torch(t), v));
    }
    let HostPlan {
        entries: p, shapes, ..
    } = plan_host(m, xs)?;
    let off = source_offset(m, &shapes, which);
    let shape = &shapes[which];
    Ok((
        match g {
            F32(g) => F32(index::put_add(shape, off, &p, g)?),
            F64(g) => F64(index::put_add(shape, off, &p, g)?),
            Iv(g) => Iv(index::put_add(shape, off, &p, g)?),
            Torch(_) => {
                return Err(Error::DType(format!(
                    "{}: the cotangent is of another carrier",
                    m.name()
                )))
            }
        },
        false,
    ))
}

/// An exact float64 LibTorch copy of a reference point tensor (its values, on the cpu).
fn exact_copy(t: &DynTensor, op: &'static str) -> Result<Tensor> {
    match t {
        Iv(_) => Err(Error::Unsupported {
            op,
            carrier: DType::Interval.name().to_string(),
        }),
        other => {
            let values = Dyn::to_f64(other)?;
            Ok(Tensor::f_from_slice(&values)?.f_reshape(Dyn::shape(other))?)
        }
    }
}

pub fn predicate(p: Predicate, a: &DynTensor, b: Option<&DynTensor>, s: f64) -> Result<DynTensor> {
    let a_t = match a {
        Torch(t) => t.shallow_clone(),
        other => exact_copy(other, p.name())?,
    };
    let b_t = match b {
        None => None,
        Some(Torch(t)) => Some(t.shallow_clone()),
        Some(other) => Some(exact_copy(other, p.name())?),
    };
    LibTorch::predicate(p, &a_t, b_t.as_ref(), s).map(Torch)
}
