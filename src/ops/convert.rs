//! Conversions: `to(dtype)`, `float()`, `double()`, `half()`, `bfloat16()`, `long()`,
//! `int()`, `bool()`. A floating result of a floating input passes gradients back (the
//! cotangent converted to the input's dtype); any other conversion gives data, which carries
//! none. [`target`] decides what a requested dtype means on a session's carrier.

use super::{fresh, grad_value, Arity, Cotangents, Grad, Op, Output, Rule};
use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::{DType, Device};
use crate::error::{Error, Result};

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
