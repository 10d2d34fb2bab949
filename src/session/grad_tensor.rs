//! torch's `p.grad` and `t.grad` as tensors of the session. [`Session::grad_leaf`] records a
//! leaf holding the stored gradient's value (shared, no copy: the store never changes a
//! value another holder shares, `grads::add_into` writes a new one), so `p.grad.norm()`,
//! `p.data.add_(-lr * p.grad)` and every other op read it as a tensor. An in-place method on
//! that tensor (`p.grad.mul_(s)`, `t.grad.zero_()`) writes its result back into the store
//! ([`Session::write_param_grad`], [`Session::write_leaf_grad`]), as torch's writes into the
//! gradient's own storage. Unlike torch's, a tensor read before a later `backward` keeps the
//! value it read (`p.grad` then reads the sum).

use std::sync::Arc;

use super::Session;
use crate::backend::Backend;
use crate::buffer::{Buffer, Tracked};
use crate::error::Result;
use crate::handles::NameSlot;
use crate::ledger::Category;
use crate::ops::Op;
use crate::param::Parameter;
use crate::tape::{Handle, Node};

impl<B: Backend> Session<B> {
    /// A leaf without a gradient of its own holding `grad`'s value (no copy); `None` once
    /// the buffer is released (`zero_grad()`).
    pub fn grad_leaf(&mut self, grad: &Buffer<B>) -> Result<Option<Handle>> {
        let Some(value) = grad.with_slot(|v| v.clone()) else {
            return Ok(None);
        };
        let id = self.tape.push(Node::leaf(Op::Input, value, false, false));
        Ok(Some(self.handle(id)))
    }

    /// `h`'s value made `param`'s gradient in this session's store (copied: the store's
    /// values are its own, counted as gradients).
    pub fn write_param_grad(&self, param: &Arc<Parameter<B>>, h: Handle) -> Result<()> {
        let v = self.value(h)?;
        self.store().assign(param, v.get())
    }

    /// `h`'s value made the gradient of the input leaf named by `slot` (copied), if it has
    /// one.
    pub fn write_leaf_grad(&self, slot: &Arc<NameSlot>, h: Handle) -> Result<()> {
        let v = self.value(h)?;
        if let Some(buf) = self.leaf_grad(slot) {
            let copy = Tracked::owned(B::copy(v.get())?, Category::Grad);
            buf.with_slot(|cur| *cur = Some(copy));
        }
        Ok(())
    }
}
