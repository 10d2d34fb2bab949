//! The session as a composition's [`Recorder`], and the layer entry points that run
//! LibTorch's fused kernel or, where the backend refuses it, the composition beside the unit
//! (`ops/compose.rs`, `ops/conv.rs`, `ops/layers.rs`, `ops/batch_norm.rs`).

use super::{number_operand, Operand, Session};
use crate::backend::Backend;
use crate::config::{DType, Device};
use crate::error::Result;
use crate::ops::attention::{self, Attention};
use crate::ops::clamp;
use crate::ops::compose::{fused_or_composed, Composed, Recorder};
use crate::ops::conv::{self, Conv, Padding};
use crate::ops::split::{self, Split};
use crate::ops::Op;
use crate::tape::Handle;

impl<B: Backend> Recorder<B> for Session<B> {
    fn record(&mut self, op: Op<B>, parents: &[Handle]) -> Result<Handle> {
        Session::record(self, op, parents)
    }
    fn shape(&self, h: Handle) -> Result<Vec<i64>> {
        Session::shape(self, h)
    }
    fn dtype(&self, h: Handle) -> Result<DType> {
        self.dtype_of(h)
    }
    fn device(&self, h: Handle) -> Result<Device> {
        Ok(B::device(self.value(h)?.get()))
    }
    fn requires_grad(&self, h: Handle) -> Result<bool> {
        Session::requires_grad(self, h)
    }
    fn constant(
        &mut self,
        like: Handle,
        data: &[f64],
        shape: &[i64],
        dtype: Option<DType>,
    ) -> Result<Handle> {
        let v = self.value(like)?;
        let dtype = dtype.unwrap_or(B::dtype(v.get()));
        let t = B::from_f64(data, shape, dtype, B::device(v.get()))?;
        self.input_owned_as(t, dtype.is_data().then_some(dtype), false)
    }
    fn dropout(&mut self, x: Handle, p: f64) -> Result<Handle> {
        Session::dropout(self, x, p, true)
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

    /// torch's `scaled_dot_product_attention` on `[query, key, value, (attn_mask)]` (see
    /// [`attention::scaled_dot_product_attention`]). All or nothing.
    pub fn scaled_dot_product_attention(
        &mut self,
        a: Attention,
        operands: Vec<Operand<B>>,
    ) -> Result<Handle> {
        self.all_or_nothing(|s| {
            let xs = s.operand_handles(operands)?;
            attention::scaled_dot_product_attention(s, a, &xs)
        })
    }

    /// `clamp(x, min, max)` with number bounds (see [`clamp::clamp`]). All or nothing.
    pub fn clamp(&mut self, x: Handle, min: Option<f64>, max: Option<f64>) -> Result<Handle> {
        self.all_or_nothing(|s| clamp::clamp(s, x, min, max))
    }

    /// The pieces of `x` along `dim` (see [`split::split`]), all recorded or none.
    pub fn split(&mut self, x: Handle, dim: i64, how: &Split) -> Result<Vec<Handle>> {
        let mark = self.tape.len();
        let out = split::split(self, x, dim, how);
        if out.is_err() {
            self.tape.truncate(mark);
        }
        out
    }
}
