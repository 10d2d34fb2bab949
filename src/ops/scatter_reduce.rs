//! `scatter_reduce(dim, index, src, reduce, include_self=True)` of the scatter family
//! (`scatter.rs`): LibTorch's kernel, a [`Layer`] whose backward is torch's
//! (`derivatives.yaml`), reading both values and the result.

use tch::Tensor;

use super::index::checked;
use super::scatter::{in_range, on_cpu, pad_to, scatter_shapes};
use super::Arity;
use crate::error::{Error, Result};
use crate::kernel::layer::Layer;
use crate::shape::normalize_dim;

/// `scatter_reduce`'s reduction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reduction {
    Sum,
    Prod,
    Mean,
    Amax,
    Amin,
}

impl Reduction {
    /// torch's name of it (`reduce=`), or an `ArgumentError` listing the choices.
    pub fn parse(s: &str) -> Result<Self> {
        Ok(match s {
            "sum" => Reduction::Sum,
            "prod" => Reduction::Prod,
            "mean" => Reduction::Mean,
            "amax" => Reduction::Amax,
            "amin" => Reduction::Amin,
            other => {
                return Err(Error::Argument(format!(
                    "scatter_reduce: reduce argument must be one of sum, prod, mean, amax, \
                     amin, got {other:?}"
                )))
            }
        })
    }
    fn name(self) -> &'static str {
        match self {
            Reduction::Sum => "sum",
            Reduction::Prod => "prod",
            Reduction::Mean => "mean",
            Reduction::Amax => "amax",
            Reduction::Amin => "amin",
        }
    }
}

/// `scatter_reduce(dim, index, src, reduce, include_self=True)`: operands `x`, `index`,
/// `src`. A layer: its backward reads both values and (for `prod`, `amax`, `amin`) the
/// result, which the node keeps as its output.
#[derive(Clone)]
pub struct ScatterReduce {
    pub dim: i64,
    pub reduce: Reduction,
    pub include_self: bool,
}

impl ScatterReduce {
    fn run(&self, x: &Tensor, idx: &Tensor, src: &Tensor) -> Result<Tensor> {
        let d = normalize_dim("scatter_reduce", self.dim, x.dim())? as i64;
        Ok(x.f_internal_scatter_reduce(d, idx, src, self.reduce.name(), self.include_self)?)
    }
}

impl Layer for ScatterReduce {
    fn replica(&self) -> Option<Box<dyn Layer>> {
        Some(Box::new(self.clone()))
    }
    fn name(&self) -> &'static str {
        "scatter_reduce"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(3)
    }
    fn is_data(&self, i: usize) -> bool {
        i == 1
    }
    fn keeps_output(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        scatter_shapes(
            "scatter_reduce",
            self.dim,
            shapes[0],
            shapes[1],
            Some(shapes[2]),
        )?;
        Ok(shapes[0].to_vec())
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let d = normalize_dim("scatter_reduce", self.dim, xs[0].dim())?;
        let checks = || in_range("scatter_reduce", xs[0], xs[1], d);
        let out = checked(on_cpu(xs[0]), checks, || self.run(xs[0], xs[1], xs[2]))?;
        Ok((out, Vec::new()))
    }
    /// torch's `scatter_reduce_backward`: `sum` and `mean` send the (averaged) cotangent
    /// back by the index; `amax`/`amin` split it evenly between the elements equal to the
    /// result; `prod` multiplies by the product of the others (exclusive products where
    /// an operand is zero). Without `include_self`, the input's scattered positions get
    /// none.
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        let (x, idx, src) = (xs[0], xs[1], xs[2]);
        let result = workspace[0];
        let d = normalize_dim("scatter_reduce", self.dim, x.dim())? as i64;
        let (gx, gs) = match self.reduce {
            Reduction::Sum => (g.shallow_clone(), g.f_gather(d, idx, false)?),
            Reduction::Mean => {
                let n = if self.include_self {
                    x.f_ones_like()?
                } else {
                    x.f_zeros_like()?
                };
                let n = n.f_scatter_add(d, idx, &src.f_ones_like()?)?;
                let n = n.f_masked_fill(&n.f_eq(0)?, 1)?;
                let scaled = g.f_div(&n)?;
                let gs = scaled.f_gather(d, idx, false)?;
                (scaled, gs)
            }
            Reduction::Amax | Reduction::Amin => {
                let value = result.f_gather(d, idx, false)?;
                let x_hit = x.f_eq_tensor(result)?.f_to_kind(g.kind())?;
                let s_hit = src.f_eq_tensor(&value)?.f_to_kind(g.kind())?;
                // torch counts the input's ties even without include_self (its positions
                // that were scattered to are zeroed below).
                let count = x_hit.f_scatter_add(d, idx, &s_hit)?;
                let share = g.f_div(&count)?;
                let gx = x_hit.f_mul(&share)?;
                let gs = s_hit.f_mul(&share.f_gather(d, idx, false)?)?;
                (gx, gs)
            }
            Reduction::Prod => {
                let masked_x = x.f_masked_fill(&x.f_eq(0)?, 1)?;
                let masked_x_result = self.run(&masked_x, idx, src)?;
                let gx = g.f_mul(&masked_x_result)?.f_div(&masked_x)?;
                let src_zero = src.f_eq(0)?;
                let zeros_here = x
                    .f_zeros_like()?
                    .f_scatter_add(d, idx, &src_zero.f_to_kind(src.kind())?)?
                    .f_gather(d, idx, false)?;
                let single_zero = src_zero.f_logical_and(&zeros_here.f_eq(1)?)?;
                let masked_src = src.f_masked_fill(&single_zero, 1)?;
                let masked_src_result = self.run(x, idx, &masked_src)?;
                let exclusive = g.f_mul(&masked_src_result)?.f_gather(d, idx, false)?;
                let plain = g
                    .f_mul(result)?
                    .f_gather(d, idx, false)?
                    .f_div(&src.f_masked_fill(&src_zero, 1)?)?;
                (gx, exclusive.f_where_self(&single_zero, &plain)?)
            }
        };
        let gx = if self.include_self {
            gx
        } else {
            let hit = x.f_zeros_like()?.f_scatter_value(d, idx, 1.0)?.f_ne(0)?;
            gx.f_masked_fill(&hit, 0)?
        };
        let gs = pad_to(gs.f_contiguous()?, &src.size())?;
        Ok(vec![
            needs[0].then_some(gx.f_contiguous()?),
            None,
            needs[2].then_some(gs),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::DType;
    use crate::ops::testing::{check_grads_libtorch, data, dt};
    use crate::ops::Op;

    fn ids(v: &[i64], shape: &[i64]) -> Tensor {
        Tensor::from_slice(v).reshape(shape)
    }

    #[test]
    fn scatter_reduce_amax_splits_between_ties_as_torch() {
        let idx = ids(&[0, 1, 0, 2], &[4]);
        for (reduce, include_self) in [
            (Reduction::Amax, true),
            (Reduction::Amin, false),
            (Reduction::Prod, true),
            (Reduction::Mean, false),
            (Reduction::Sum, true),
        ] {
            check_grads_libtorch(
                &[data(&[3], 402), data(&[4], 403)],
                |s, h| {
                    let i = s.input_owned_as(dt(&idx), Some(DType::Int64), false)?;
                    let l = ScatterReduce {
                        dim: 0,
                        reduce,
                        include_self,
                    };
                    s.record(Op::layer(l), &[h[0], i, h[1]])
                },
                |t| {
                    t[0].internal_scatter_reduce(
                        0,
                        &ids(&[0, 1, 0, 2], &[4]),
                        &t[1],
                        reduce.name(),
                        include_self,
                    )
                },
            );
        }
    }
}
