//! The index half of torch's ordering ops: `sort`/`argsort` (`stable`, `descending`),
//! `kthvalue`, `median`/`nanmedian`, `mode`, `cummax`/`cummin`, as int64 data with no
//! gradient ([`Ranked`]). The values are a `gather` of
//! these indices (recorded by the caller), which carries the gradient exactly as torch's
//! `sort`/`kthvalue` backward scatters it. LibTorch's kernels choose the indices (so ties
//! come out in torch's order); the reference carriers refuse them (`UnsupportedOpError`),
//! as they refuse `topk`.

use super::{fresh, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::error::{Error, Result};
pub use crate::kernel::select::Selection;
use crate::shape::normalize_dim;

/// Which indices along `dim`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rank {
    /// The permutation sorting `dim` (torch's `sort(...).indices` / `argsort`).
    Sort { descending: bool, stable: bool },
    /// One index per slice (`kthvalue`, `median`, `nanmedian`, `mode`: `dim` kept with size
    /// 1) or a running one (`cummax`, `cummin`: the input's shape).
    Select(Selection),
}

/// The indices of `sort`/`argsort`, `kthvalue`, `median`, `mode`, `cummax`, `cummin` along
/// `dim`.
pub struct Ranked {
    pub dim: i64,
    pub rank: Rank,
}

impl<B: Backend> Op<B> {
    pub fn ranked(dim: i64, rank: Rank) -> Self {
        Op::Ranked(Ranked { dim, rank })
    }
}

impl<B: Backend> Rule<B> for Ranked {
    fn name(&self) -> &'static str {
        match self.rank {
            Rank::Sort { .. } => "sort",
            Rank::Select(s) => s.name(),
        }
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let s = shapes[0];
        let name = <Self as Rule<B>>::name(self);
        // a 0-d tensor has one dim of size 1 for these ops, as torch's `maybe_wrap_dim`
        let d = normalize_dim(name, self.dim, s.len().max(1))?;
        let size = s.get(d).copied().unwrap_or(1);
        match self.rank {
            Rank::Sort { .. } | Rank::Select(Selection::Running { .. }) => Ok(s.to_vec()),
            Rank::Select(sel) => {
                if let Selection::Kth(k) = sel {
                    if k < 1 || k > size {
                        return Err(Error::Argument(format!(
                            "kthvalue: selected number k out of range for dimension {} (k = \
                             {k}, size {size})",
                            self.dim
                        )));
                    }
                }
                if size == 0 {
                    return Err(Error::Shape(format!(
                        "{name}: dimension {} of shape {s:?} is empty",
                        self.dim
                    )));
                }
                let mut out = s.to_vec();
                if let Some(o) = out.get_mut(d) {
                    *o = 1;
                }
                Ok(out)
            }
        }
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        let x = xs[0].get();
        fresh(match self.rank {
            Rank::Sort { descending, stable } => B::sort_indices(x, self.dim, descending, stable)?,
            Rank::Select(sel) => B::select_index(x, sel, self.dim)?,
        })
    }
    fn backward(&self, _cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        Ok(vec![None])
    }
}
/// `_searchsorted(sorted_sequence, values, right, out_int32)`, the core of torch's
/// `searchsorted` and `bucketize` (the package maps `side=` and `sorter=` onto it), a
/// `Session` entry point, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// `_searchsorted(sorted_sequence, values, right, out_int32)`: the insertion
            /// indices of `values` (a tensor, array data or a number) in the innermost dim of
            /// `sorted_sequence`, int64 (int32 with `out_int32`); no gradient.
            fn _searchsorted(sorted_sequence: Tensor, values: Value, right: bool,
                out_int32: bool;)
                = @session Session::searchsorted;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
