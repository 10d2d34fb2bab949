//! The session as a composition's [`Recorder`], and the layer entry points that run
//! LibTorch's fused kernel or, where the backend refuses it, the composition beside the unit
//! (`ops/compose.rs`, `ops/conv.rs`, `ops/layers.rs`, `ops/batch_norm.rs`).

use super::{number_operand, Operand, Session};
use crate::backend::Backend;
use crate::error::Result;
use crate::ops::compose::{fused_or_composed, Composed, Recorder};
use crate::ops::conv::{self, Conv, Padding};
use crate::ops::Op;
use crate::tape::Handle;

impl<B: Backend> Recorder<B> for Session<B> {
    fn record(&mut self, op: Op<B>, parents: &[Handle]) -> Result<Handle> {
        Session::record(self, op, parents)
    }
    fn shape(&self, h: Handle) -> Result<Vec<i64>> {
        Session::shape(self, h)
    }
    fn constant(&mut self, like: Handle, data: &[f64], shape: &[i64]) -> Result<Handle> {
        let v = self.value(like)?;
        let t = B::from_f64(data, shape, B::dtype(v.get()), B::device(v.get()))?;
        self.input_owned(t, false)
    }
    fn mark(&self) -> usize {
        self.tape.len()
    }
    fn rollback(&mut self, mark: usize) {
        self.tape.truncate(mark);
    }
}

impl<B: Backend> Session<B> {
    /// Operands as handles: constant data becomes input leaves (index data stays data).
    /// Run under [`Session::all_or_nothing`], which takes the leaves off again on failure.
    fn operand_handles(&mut self, operands: Vec<Operand<B>>) -> Result<Vec<Handle>> {
        let mut out = Vec::with_capacity(operands.len());
        for o in operands {
            out.push(match o {
                Operand::Node(h) => h,
                Operand::Data(t) => {
                    let d = B::dtype(&t);
                    self.input_owned_as(t, d.is_data().then_some(d), false)?
                }
                Operand::Number(_) => return Err(number_operand()),
            });
        }
        Ok(out)
    }

    /// The layer `l` on these operands: LibTorch's kernel, or `l`'s composition where the
    /// backend has none (the reference carriers). All or nothing.
    pub fn layer<L: Composed<B>>(&mut self, l: L, operands: Vec<Operand<B>>) -> Result<Handle> {
        self.all_or_nothing(|s| {
            let xs = s.operand_handles(operands)?;
            fused_or_composed(s, l, &xs)
        })
    }

    /// A convolution `unit` with torch's `padding=` (see [`conv::conv`]). All or nothing.
    pub fn conv(
        &mut self,
        unit: Conv,
        padding: Padding,
        operands: Vec<Operand<B>>,
    ) -> Result<Handle> {
        self.all_or_nothing(|s| {
            let xs = s.operand_handles(operands)?;
            conv::conv(s, unit, padding, &xs)
        })
    }
}
