//! The operand conversions an op records before itself: torch's type promotion between
//! floating dtypes, and autocast's casts (see [`crate::autocast`] for the rules). Each is a
//! recorded `to` node, so the gradient flows back converted to the operand's dtype; a call
//! that fails afterwards takes them off the tape again (the caller records all or nothing).

use super::Session;
use crate::autocast::{self, CastPolicy};
use crate::backend::Backend;
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::ops::Op;
use crate::tape::Handle;

impl<B: Backend> Session<B> {
    /// The dtype each of `parents` converts to before the op named `name` (`promotes`: the
    /// op promotes mixed floating operands; `promotes_data`: its integer and bool operands
    /// too, beside a floating one, as torch's type promotion) runs on them; `None` when none converts. Cheap
    /// when nothing applies (every op passes here): one thread-local read, and for a
    /// promoting op one dtype per operand, without allocating.
    pub(super) fn operand_casts(
        &self,
        name: &'static str,
        promotes: bool,
        promotes_data: bool,
        parents: &[Handle],
    ) -> Result<Option<Vec<Option<DType>>>> {
        let device = self.config.device;
        // What autocast casts this op's eligible operands to, if anything.
        let to = autocast::for_device(device).and_then(|low| {
            match autocast::policy(name, matches!(device, Device::Cuda(_))) {
                CastPolicy::Lower => Some(low),
                CastPolicy::Float32 => Some(DType::Float32),
                CastPolicy::Same => None,
            }
        });
        // torch's promotion of integer and bool operands of a floating op (`x.pow(p)` of an
        // int64 `p`, `w * mask`): to the floating operands' result type.
        let data_to_float = promotes_data
            && parents.iter().any(|h| self.tape.node(h.node).data)
            && parents.iter().any(|h| !self.tape.node(h.node).data);
        if to.is_none() && !(promotes && self.floats_differ(parents)) && !data_to_float {
            return Ok(None);
        }
        // The floating operands: dtype, dimensions.
        let mut dtypes: Vec<Option<(DType, usize)>> = parents
            .iter()
            .map(|h| {
                let node = self.tape.node(h.node);
                (!node.data).then(|| {
                    let v = node.value.get();
                    (B::dtype(v), B::shape(v).len())
                })
            })
            .collect();
        let mut casts: Vec<Option<DType>> = vec![None; parents.len()]; // bounded: one per operand
        if let Some(to) = to {
            if !self.dtype.is_native() {
                return Err(Error::Unsupported {
                    op: name,
                    carrier: format!(
                        "{} under autocast (it computes in its one dtype)",
                        self.dtype.carrier_label()
                    ),
                });
            }
            for (d, c) in dtypes.iter_mut().zip(casts.iter_mut()) {
                if let Some((dt, _)) = d {
                    if autocast::eligible(*dt) && *dt != to {
                        *dt = to;
                        *c = Some(to);
                    }
                }
            }
        }
        if promotes {
            let floats: Vec<(DType, usize)> = dtypes.iter().flatten().copied().collect();
            let mixed = floats.windows(2).any(|w| w[0].0 != w[1].0);
            if mixed && self.dtype.is_native() {
                if let Some(rt) = autocast::result_type(&floats) {
                    for (d, c) in dtypes.iter().zip(casts.iter_mut()) {
                        if matches!(d, Some((dt, _)) if *dt != rt) {
                            *c = Some(rt);
                        }
                    }
                }
            }
        }
        if data_to_float {
            let floats: Vec<(DType, usize)> = dtypes.iter().flatten().copied().collect();
            let rt = match casts.iter().flatten().next() {
                Some(&d) => Some(d),
                None => autocast::result_type(&floats).or(floats.first().map(|f| f.0)),
            };
            for (d, c) in dtypes.iter().zip(casts.iter_mut()) {
                if d.is_none() {
                    *c = rt;
                }
            }
        }
        Ok(casts.iter().any(Option::is_some).then_some(casts))
    }

    /// Whether the floating operands among `parents` have more than one dtype.
    fn floats_differ(&self, parents: &[Handle]) -> bool {
        let mut floats = parents
            .iter()
            .map(|h| self.tape.node(h.node))
            .filter(|n| !n.data)
            .map(|n| B::dtype(n.value.get()));
        let first = floats.next();
        floats.any(|d| Some(d) != first)
    }

    /// `parents` with the conversions of [`Session::operand_casts`] recorded.
    pub(super) fn cast_operands(
        &mut self,
        casts: &[Option<DType>],
        parents: &[Handle],
    ) -> Result<Vec<Handle>> {
        let device = self.config.device;
        parents
            .iter()
            .zip(casts)
            .map(|(&h, c)| match c {
                Some(d) => self.record(Op::convert(*d, device), &[h]),
                None => Ok(h),
            })
            .collect()
    }

    /// Autocast's casts for a composition standing for the torch op `name` (`addmm`, the
    /// composed losses): its operands converted as that op's would be, so that what it is
    /// made of computes in the dtype torch's single op does. Records the conversions (the
    /// caller's `all_or_nothing` takes them off again on failure).
    pub(crate) fn autocast_entry(
        &mut self,
        name: &'static str,
        xs: &[Handle],
    ) -> Result<Vec<Handle>> {
        match self.operand_casts(name, false, false, xs)? {
            Some(casts) => self.cast_operands(&casts, xs),
            None => Ok(xs.to_vec()),
        }
    }
}
