//! torch's conversions: host data into a leaf (`input`, `torch.as_tensor`'s dtype rule), and
//! those that may return the tensor itself, `to(dtype, device, copy)` and `contiguous()`: each
//! returns the handle it was given when nothing would change (as torch returns `self`), else
//! records the conversion.

use super::Session;
use crate::backend::Backend;
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::ops::convert::target;
use crate::ops::view::ShapeView;
use crate::ops::Op;
use crate::tape::Handle;

/// What host data held (`Session::input_data` keeps integers and booleans as data).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostKind {
    Float,
    Int64,
    Int32,
    Bool,
}

impl HostKind {
    /// What data of `dtype` holds.
    pub fn of(dtype: DType) -> Self {
        match dtype {
            DType::Bool => HostKind::Bool,
            DType::Int32 => HostKind::Int32,
            DType::Int64 => HostKind::Int64,
            _ => HostKind::Float,
        }
    }
}

impl<B: Backend> Session<B> {
    /// `input(data, dtype=None, requires_grad=None)` of host `data` holding `kind`, copied
    /// into a new leaf: floating data in the session's carrier, integer and bool data keeping
    /// a data dtype unless `dtype` says otherwise (`torch.as_tensor`); `requires_grad` by
    /// default the config's for floating leaves, never for data. `argument`: the leaf is that
    /// argument of the step being captured.
    pub fn input_data(
        &mut self,
        data: &B::T,
        kind: HostKind,
        dtype: Option<DType>,
        requires_grad: Option<bool>,
        argument: Option<usize>,
    ) -> Result<Handle> {
        let natural = match kind {
            HostKind::Float => None,
            HostKind::Int64 => Some(DType::Int64),
            HostKind::Int32 => Some(DType::Int32),
            HostKind::Bool => Some(DType::Bool),
        };
        let dtype = dtype.or(natural);
        let target = dtype.filter(|d| d.is_data()).unwrap_or(self.dtype);
        let t = {
            let _guard = B::no_grad();
            B::convert(data, target, self.config.device)?
        };
        let by_default = self.config.requires_grad_by_default;
        let rg = requires_grad.unwrap_or(by_default && dtype.is_none_or(|d| !d.is_data()));
        let h = self.input_owned_as(t, dtype, rg)?;
        if let Some(k) = argument {
            self.mark_argument(h, k)?;
        }
        Ok(h)
    }

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
    /// torch's rule for an in-place op's result `to` written into `from`: it must cast to
    /// `from`'s dtype by torch's `can_cast` (no floating result into integer data, nothing
    /// but bool into bool), else the `DTypeError` torch's `RuntimeError` words, nothing
    /// changed. (`x[k] = v`, `copy_` and `fill_` convert any value, as torch's.)
    pub fn check_in_place_result(&self, from: Handle, to: Handle) -> Result<()> {
        let (into, got) = (self.dtype_of(from)?, self.dtype_of(to)?);
        let refused =
            (into.is_data() && !got.is_data()) || (into == DType::Bool && got != DType::Bool);
        if refused {
            return Err(Error::DType(format!(
                "result type {} can't be cast to the desired output type {}",
                scalar_type(got),
                scalar_type(into)
            )));
        }
        Ok(())
    }

    pub fn write_in_place(&mut self, from: Handle, to: Handle) -> Result<Handle> {
        self.write_in_place_as(from, to, true)
    }

    /// [`Session::write_in_place`]; without `keep_path`, a tensor that requires grad given
    /// a result that does not becomes that result (`detach_`), no zero-gradient path kept.
    pub fn write_in_place_as(
        &mut self,
        from: Handle,
        to: Handle,
        keep_path: bool,
    ) -> Result<Handle> {
        if to == from {
            return Ok(from);
        }
        let dtype = self.dtype_of(from)?;
        // A tensor that requires grad, given a result that does not (`x.lt_(0.5)`'s data,
        // `x.normal_()`'s draw): torch keeps its autograd path, with a zero gradient
        // (`LtBackward`, `NormalBackward`), so it still requires grad: zeros through it
        // (`zeroed`) plus the new values.
        let zero_path = keep_path && self.requires_grad(from)? && !self.requires_grad(to)?;
        let to = self.all_or_nothing(|s| {
            let values = s.to(to, Some(dtype), None, false)?;
            if !zero_path {
                return Ok(values);
            }
            let zero = s.zeroed(from)?;
            crate::ops::compose::Recorder::binary(
                s,
                crate::ops::binary::BinaryOp::Add,
                crate::ops::compose::TensorOrNumber::Tensor(zero),
                crate::ops::compose::TensorOrNumber::Tensor(values),
            )
        })?;
        self.rebind(from, to)?;
        Ok(to)
    }

    /// torch's `requires_grad_(on)` of a leaf `h` (a tensor that requires no gradient is one,
    /// whatever made it): whether the ops recorded from it from now on take gradients back
    /// to it (`t.grad` after a backward). An op's result that requires a gradient is not a
    /// leaf (`RuntimeError` in torch: a `GradError` here); data dtypes cannot require one.
    /// A result turned on becomes a leaf holding its value (the names move to it).
    pub fn set_requires_grad(&mut self, h: Handle, on: bool) -> Result<()> {
        self.check(&[h])?;
        let node = self.tape.node(h.node);
        if node.requires_grad == on {
            return Ok(());
        }
        if !node.parents.is_empty() && node.requires_grad {
            return Err(Error::Grad(
                "requires_grad_(): only the flag of a leaf tensor can change; use detach() \
                 for a leaf of this value"
                    .into(),
            ));
        }
        if on && self.dtype_of(h)?.is_data() {
            return Err(Error::DType(format!(
                "requires_grad_(): only tensors of a floating dtype can require gradients, not {}",
                self.dtype_of(h)?
            )));
        }
        let leaf = match node.parents.is_empty() {
            true => h,
            false => {
                let leaf = self.detach(h)?;
                self.rebind(h, leaf)?;
                leaf
            }
        };
        self.tape.node_mut(leaf.node).requires_grad = on;
        Ok(())
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

/// torch's scalar type name of `d` (its error messages' spelling: `Float`, `Long`, ...).
fn scalar_type(d: DType) -> &'static str {
    match d {
        DType::Float32 | DType::Ieee32 | DType::RefFloat32 => "Float",
        DType::Float64 | DType::Interval | DType::RefFloat64 => "Double",
        DType::Float16 => "Half",
        DType::BFloat16 => "BFloat16",
        DType::Int64 => "Long",
        DType::Int32 => "Int",
        DType::Bool => "Bool",
    }
}

#[cfg(test)]
mod tests {
    use super::HostKind;
    use crate::config::DType;
    use crate::ops::testing::{dt, session};

    #[test]
    fn host_data_keeps_integers_as_data_and_floats_in_the_carrier() {
        // torch.as_tensor([1, 2]) is int64 without grad; float data takes the default dtype
        let mut s = session();
        let ints = dt(&tch::Tensor::from_slice(&[1i64, 2]));
        let h = s
            .input_data(&ints, HostKind::Int64, None, None, None)
            .unwrap();
        assert_eq!(s.dtype_of(h).unwrap(), DType::Int64);
        assert!(!s.requires_grad(h).unwrap());
        let h = s
            .input_data(
                &ints,
                HostKind::Int64,
                Some(DType::Float32),
                Some(true),
                None,
            )
            .unwrap();
        assert_eq!(
            s.dtype_of(h).unwrap(),
            DType::Float32,
            "as_tensor(ints, dtype=float32)"
        );
        assert!(s.requires_grad(h).unwrap());
        let floats = dt(&tch::Tensor::from_slice(&[0.5f32]));
        let h = s
            .input_data(&floats, HostKind::Float, None, None, None)
            .unwrap();
        assert_eq!(s.dtype_of(h).unwrap(), DType::Float64);
        let err = s.input_data(&ints, HostKind::Bool, None, Some(true), None);
        assert!(err.is_err(), "bool data cannot require grad");
    }
}
