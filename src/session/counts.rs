//! Results whose shapes depend on the operands' values, as `Session` entry points (their
//! declarations are in `ops/tallies.rs`): `bincount` and `unique_consecutive`. LibTorch
//! computes them once on the carriers' values ([`Computed`]); they enter the tape as input
//! data, with no gradient (torch has no derivative for them).

use std::sync::Arc;

use tch::Tensor;

use super::Session;
use crate::backend::Backend;
use crate::error::Result;
use crate::handles::{Handle, OneOrTuple};
use crate::ops::aten::Computed;
use crate::shape::normalize_dim;

impl<B: Backend> Session<B> {
    /// The tensors `call` makes of the values of `xs`, each recorded as an input leaf of
    /// its own dtype (all or none of them). A carrier LibTorch does not hold refuses with
    /// `UnsupportedOpError`.
    pub fn computed(
        &mut self,
        name: &'static str,
        xs: &[Handle],
        call: impl Fn(&[Tensor]) -> Result<Vec<Tensor>> + Send + Sync + 'static,
    ) -> Result<Vec<Handle>> {
        let values = xs
            .iter()
            .map(|&x| self.value(x))
            .collect::<Result<Vec<_>>>()?;
        let refs: Vec<&B::T> = values.iter().map(|v| v.get()).collect();
        let layer = Computed {
            name,
            arity: xs.len(),
            call: Arc::new(call),
        };
        let (first, rest) = crate::guard::contained(name, || B::layer(&layer, &refs))?;
        self.all_or_nothing(|s| {
            std::iter::once(first)
                .chain(rest)
                .map(|t| {
                    let dtype = B::dtype(&t);
                    s.input_owned_as(t, Some(dtype), false)
                })
                .collect()
        })
    }

    /// torch's `bincount(input, weights=None, minlength=0)`: the number of times each
    /// value of a 1-D non-negative int `input` occurs (at least `minlength` bins), or the
    /// sum of its `weights`.
    pub fn bincount(
        &mut self,
        x: Handle,
        weights: Option<Handle>,
        minlength: i64,
    ) -> Result<Handle> {
        let xs: Vec<Handle> = std::iter::once(x).chain(weights).collect();
        let mut out = self.computed("bincount", &xs, move |t| {
            Ok(vec![t[0].f_bincount(t.get(1), minlength)?])
        })?;
        Ok(out.remove(0))
    }

    /// torch's `unique_consecutive(input, return_inverse, return_counts, dim)`: the values
    /// (or slices along `dim`) with each run of equal consecutive ones made one, then the
    /// inverse indices and the runs' lengths where asked for (a tuple then).
    pub fn unique_consecutive(
        &mut self,
        x: Handle,
        inverse: bool,
        counts: bool,
        dim: Option<i64>,
    ) -> Result<OneOrTuple> {
        let dim = match dim {
            Some(d) => Some(normalize_dim("unique_consecutive", d, self.shape(x)?.len())? as i64),
            None => None,
        };
        let mut out = self.computed("unique_consecutive", &[x], move |t| {
            let (u, i, c) = t[0].f_unique_consecutive(inverse, counts, dim)?;
            Ok([Some(u), inverse.then_some(i), counts.then_some(c)]
                .into_iter()
                .flatten()
                .collect())
        })?;
        Ok(match out.len() {
            1 => OneOrTuple::One(out.remove(0)),
            _ => OneOrTuple::Other(out),
        })
    }
}
