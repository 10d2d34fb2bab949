//! torch's conversions that may return the tensor itself: `to(dtype, device, copy)` and
//! `contiguous()`. Each returns the handle it was given when nothing would change (as
//! torch returns `self`), else records the conversion.

use super::Session;
use crate::backend::Backend;
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::ops::convert::target;
use crate::ops::view::ShapeView;
use crate::ops::Op;
use crate::tape::Handle;

impl<B: Backend> Session<B> {
    /// torch's `to`: `h` converted to `dtype` as this session's carrier reads it
    /// ([`target`]); `h` itself when that is its own dtype and no `copy` is asked
    /// (`copy=True` records a new tensor, the identity's gradient). A tensor lives on its
    /// session's device: that device is accepted, another is a `DeviceError`.
    pub fn to(
        &mut self,
        h: Handle,
        dtype: Option<DType>,
        device: Option<Device>,
        copy: bool,
    ) -> Result<Handle> {
        self.check(&[h])?;
        let own = self.config.device;
        if let Some(d) = device.filter(|d| !d.same(own)) {
            return Err(Error::Device(format!(
                "to({d}): this tensor lives on its session's device ({own}); a session computes \
                 on one device: record it in a session on {d} (sess.input(x) copies across \
                 devices)"
            )));
        }
        let from = self.dtype_of(h)?;
        let to = match dtype {
            Some(d) => target(self.dtype, from, d)?,
            None => from,
        };
        if to == from && !copy {
            return Ok(h);
        }
        self.record(Op::convert(to, own), &[h])
    }

    /// torch's in-place write of a result into `from` (`x.add_(y)`, `x += y`, `x[m] = v`):
    /// `to`, just recorded from `from` after [`Session::check_rebind`], converted to
    /// `from`'s dtype where the operands promoted it (a float32 `x` plus a float64 `y` stays
    /// float32, as torch writes into its input), then the Python `Tensor`s naming `from`
    /// name it ([`Session::rebind`]). Returns the handle they name now.
    pub fn write_in_place(&mut self, from: Handle, to: Handle) -> Result<Handle> {
        if to == from {
            return Ok(from);
        }
        let dtype = self.dtype_of(from)?;
        let to = self.to(to, Some(dtype), None, false)?;
        self.rebind(from, to)?;
        Ok(to)
    }

    /// torch's `contiguous()`: `h` itself when its value is laid out row-major, else a
    /// recorded row-major copy.
    pub fn contiguous(&mut self, h: Handle) -> Result<Handle> {
        self.check(&[h])?;
        if B::is_contiguous(self.tape.node(h.node).value.get()) {
            return Ok(h);
        }
        self.record(Op::shape_view(ShapeView::Contiguous), &[h])
    }
}
