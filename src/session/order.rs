//! The ordering ops' values and indices: `sort`, `kthvalue`, `median`, `nanmedian`, `mode`,
//! `cummax`, `cummin` ([`Rank`]). The indices are int64 data chosen by LibTorch's kernels (so
//! ties come out in torch's order); the values are their `gather`, which carries the
//! gradient exactly as torch's backward of these ops scatters it.

use super::Session;
use crate::backend::Backend;
use crate::error::Result;
use crate::ops::index::Gather;
use crate::ops::sort::Rank;
use crate::ops::view::ShapeView;
use crate::ops::Op;
use crate::tape::Handle;

impl<B: Backend> Session<B> {
    /// `(values, indices)` of `rank` along `dim`; without `keepdim`, a reduced dim is
    /// squeezed from both. All or nothing.
    pub fn ranked(
        &mut self,
        x: Handle,
        dim: i64,
        rank: Rank,
        keepdim: bool,
    ) -> Result<(Handle, Handle)> {
        self.all_or_nothing(|s| {
            let idx = s.record(Op::ranked(dim, rank), &[x])?;
            let values = s.record(Op::movement(Gather(dim)), &[x, idx])?;
            let reduces = matches!(rank, Rank::Select(sel) if sel.reduces());
            if !reduces || keepdim || s.shape(x)?.is_empty() {
                return Ok((values, idx));
            }
            let squeeze = || Op::shape_view(ShapeView::Squeeze(Some(Box::new([dim]))));
            let values = s.record(squeeze(), &[values])?;
            let idx = s.record(squeeze(), &[idx])?;
            Ok((values, idx))
        })
    }
}

impl<B: Backend> Session<B> {
    /// The value `sel` picks among all of `x`'s elements (`median()`, `nanmedian()`): `x`
    /// flattened, then [`Session::ranked`] along its one dim, its cotangent split evenly
    /// between the ties ([`crate::ops::reduce::Distribute`]). All or nothing.
    pub fn ranked_all(&mut self, x: Handle, sel: crate::ops::sort::Selection) -> Result<Handle> {
        self.all_or_nothing(|s| {
            let flat = s.record(Op::reshape(&[-1]), &[x])?;
            let picked = s.ranked(flat, 0, Rank::Select(sel), false)?.0;
            // The value's cotangent goes to every element equal to it (torch's
            // evenly_distribute_backward), not to the one the index picked.
            s.record(Op::distribute(), &[x, picked])
        })
    }
}
