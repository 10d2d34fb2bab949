//! Conversions: `to(dtype)`, `float()`, `double()`, `half()`, `bfloat16()`, `long()`,
//! `int()`, `bool()`. A floating result of a floating input passes gradients back (the
//! cotangent converted to the input's dtype); any other conversion gives data, which carries
//! none. [`target`] decides what a requested dtype means on a session's carrier.

use super::compose::Recorder;
use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::handles::Handle;

/// `x.to(dtype)`: a fresh tensor of dtype `to` on the same device.
#[derive(Clone)]
pub struct Convert {
    pub to: DType,
    pub device: Device,
}

impl<B: Backend> Op<B> {
    pub fn convert(to: DType, device: Device) -> Self {
        Op::Convert(Convert { to, device })
    }
}

/// The dtype a conversion of a `from` tensor to `requested` gives on a session computing in
/// `carrier`. Data dtypes are themselves everywhere. A floating target on a LibTorch
/// carrier is that native dtype. A session computing in a reference carrier (ieee32,
/// interval, reference float32/float64) has one floating dtype, its carrier: `float()` /
/// `to("float32")` names ieee32 and reference float32, `double()` reference float64 and
/// intervals (float64 bounds); data converts to an interval session's carrier by any
/// floating name (exactly); any other floating target on those sessions is an
/// `UnsupportedOpError` (an interval rounded to float32 would not be what torch computes).
pub fn target(carrier: DType, from: DType, requested: DType) -> Result<DType> {
    if requested.is_data() {
        if from == DType::Interval {
            // An enclosure is not one integer (nor one truth value).
            return Err(Error::Unsupported {
                op: "to",
                carrier: format!("interval (to {requested})"),
            });
        }
        return Ok(requested);
    }
    if carrier.is_native() {
        if requested.is_native() {
            return Ok(requested);
        }
        return Err(Error::DType(format!(
            "to({requested}): a {carrier} session computes in native dtypes \
             (float32, float64, float16, bfloat16); {requested} needs a session of its own"
        )));
    }
    let same = requested == carrier
        || (carrier == DType::Interval && (from.is_data() || requested == DType::Float64))
        || (requested.name() == carrier.name() && requested.size() == carrier.size())
        || (carrier == DType::Ieee32 && requested == DType::Float32);
    if same {
        return Ok(carrier);
    }
    Err(Error::Unsupported {
        op: "to",
        carrier: format!("{} (to {requested})", carrier.carrier_label()),
    })
}

impl<B: Backend> Rule<B> for Convert {
    fn name(&self) -> &'static str {
        "to"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }
    /// The backward converts the cotangent back to the input's dtype: it reads no values.
    fn saves_operand(&self, _i: usize, _needs: &[bool]) -> bool {
        false
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        false
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn accepts_data(&self) -> bool {
        true
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        Ok(shapes[0].to_vec())
    }
    fn forward(&self, xs: &[&Value<B>]) -> Result<Value<B>> {
        fresh(B::convert(xs[0].get(), self.to, self.device)?)
    }
    /// The cotangent in the input's dtype (float → float only: data has no gradient).
    fn backward(&self, cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        let x = cx.xs[0].get();
        if !cx.needs[0] || B::dtype(x).is_data() {
            return Ok(vec![None]);
        }
        let g = B::convert(cx.g.get(), B::dtype(x), B::device(x))?;
        Ok(vec![Some(grad_value(g))])
    }
}

/// torch's `memory_format=` (`torch.preserve_format`, `torch.contiguous_format`, ...):
/// accepted and ignored, since every layout of a value shows the same elements and an
/// eagertape tensor is never written through a stride.
#[derive(Debug, Clone, Copy, Default)]
pub struct MemoryFormat;

/// `clone(input)`: a new tensor with `input`'s value (recorded as a conversion to its own
/// dtype: the identity's gradient; data stays data).
pub fn clone<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    _memory_format: MemoryFormat,
) -> Result<Handle> {
    let (dtype, device) = (r.dtype(x)?, r.device(x)?);
    r.record(Op::convert(dtype, device), &[x])
}

/// The function and method forms of `clone`, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` says what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Returns a copy of `input`: a new tensor with the same value, dtype and device.
            ///
            /// The gradient passes back to `input` unchanged, as torch's `clone`; a later in-place
            /// method on either tensor leaves the other as it was.
            ///
            /// Args:
            ///     input (Tensor): the tensor to copy.
            ///     memory_format (torch.memory_format, optional): accepted; every layout shows the
            ///         same values. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: the copy.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([1.0, 2.0])
            ///     ...     y = x.clone()
            ///     ...     _ = y.add_(1.0)
            ///     ...     x.tolist(), y.tolist()
            ///     ([1.0, 2.0], [2.0, 3.0])
            fn clone(input: Tensor; ; memory_format: MemoryFormat = None)
                = crate::ops::convert::clone;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

/// The gradient rule of a conversion to a floating dtype (a docstring's sentence).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! floating_rule {
    () => {
        "From another floating dtype\nthe conversion passes the gradient back; from integer or \
         bool data the result carries\nno gradient."
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use floating_rule;

/// The dtype shorthands (`x.float()`, `x.long()`, ...): each `self.to(dtype)`, with its rule
/// for the gradient and its example, as one row, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! dtype_shorthands {
    ($gen:ident) => {
        $gen! {
    float => Float32, "float32", crate::ops::convert::floating_rule!(),
        "\nExamples:\n    >>> import eagertape as et\n    >>> with et.Session(dtype=\"float64\"):\n    \
        ...     x = et.tensor([1, 2])\n    ...     y = x.float()\n    ...     x.dtype, y.dtype, \
        y.tolist()\n    ('int64', 'float32', [1.0, 2.0])\n";
    double => Float64, "float64", crate::ops::convert::floating_rule!(), "";
    half => Float16, "float16", crate::ops::convert::floating_rule!(), "";
    bfloat16 => BFloat16, "bfloat16", crate::ops::convert::floating_rule!(), "";
    long => Int64, "int64", "Floating values are truncated toward\n\
        zero. The result is data: it carries no gradient.",
        "\nExamples:\n    >>> import eagertape as et\n    >>> with et.Session():\n    \
        ...     et.tensor([1.7, -1.7]).long().tolist()\n    [1, -1]\n";
    int => Int32, "int32", "Floating values are truncated toward\n\
        zero. The result is data: it carries no gradient.", "";
    bool => Bool, "bool", "Nonzero elements become ``True``.\n\
        The result is data: it carries no gradient.",
        "\nExamples:\n    >>> import eagertape as et\n    >>> with et.Session():\n    \
        ...     et.tensor([0.0, 0.5, -2.0]).bool().tolist()\n    [False, True, True]\n";
}
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use dtype_shorthands;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads, data};

    #[test]
    fn float_to_float_passes_the_cotangent_back_in_the_input_dtype() {
        // d/dx x.float().double() = 1 (the values rounded to float32 on the way)
        check_grads(
            &[data(&[3, 4], 301)],
            |s, h| {
                let (narrow, wide) = match s.dtype() {
                    DType::RefFloat64 => (DType::RefFloat32, DType::RefFloat64),
                    _ => (DType::Float32, DType::Float64),
                };
                let y = s.record(Op::convert(narrow, Device::Cpu), &[h[0]])?;
                s.record(Op::convert(wide, Device::Cpu), &[y])
            },
            |t| t[0].to_kind(tch::Kind::Float).to_kind(tch::Kind::Double),
        );
    }

    #[test]
    fn targets_follow_the_session_carrier() {
        use DType::*;
        assert_eq!(target(Float32, Bool, Float32).unwrap(), Float32);
        assert_eq!(target(Float32, Float32, Float64).unwrap(), Float64);
        assert_eq!(target(Ieee32, Bool, Float32).unwrap(), Ieee32);
        assert_eq!(target(RefFloat64, Int64, Float64).unwrap(), RefFloat64);
        assert_eq!(target(Interval, Bool, Float32).unwrap(), Interval);
        assert_eq!(target(Interval, Interval, Float64).unwrap(), Interval);
        assert!(matches!(
            target(Interval, Interval, Float32),
            Err(Error::Unsupported { .. })
        ));
        assert_eq!(target(Ieee32, Ieee32, Int64).unwrap(), Int64);
        assert!(matches!(
            target(Interval, Interval, Int64),
            Err(Error::Unsupported { .. })
        ));
        assert!(matches!(
            target(Ieee32, Ieee32, Float64),
            Err(Error::Unsupported { .. })
        ));
        assert!(matches!(
            target(Float32, Float32, Ieee32),
            Err(Error::DType(_))
        ));
    }
}
