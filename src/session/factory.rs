//! Factories: tensors made on the session's device from a pattern (torch's `zeros`,
//! `ones`, `full`, `eye`, `arange`), with torch's default dtypes: the pattern's *natural*
//! dtype (int64 for an integer `arange` or `full`, bool for a bool fill) unless `dtype=` is
//! given, else the session's carrier. Data, and any native float in a LibTorch session, is
//! made in its dtype; on the reference carriers a floating `dtype=` other than the carrier is
//! the carrier's tensor converted (one more node, as `to()`).

use super::Session;
use crate::backend::Backend;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::ops::convert::target;
use crate::ops::Op;

/// The elements of a made tensor.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pattern {
    Full(f64),
    /// Ones on the main diagonal of an `n × m` matrix.
    Eye,
    /// `start + i · step`.
    Arange {
        start: f64,
        step: f64,
    },
    /// `steps` values evenly spaced from `start` to `end`, both included.
    Linspace {
        start: f64,
        end: f64,
    },
}

/// A tensor to make: its pattern, its shape and its natural dtype.
#[derive(Debug, Clone, PartialEq)]
pub struct Factory {
    pub pattern: Pattern,
    pub shape: Vec<i64>,
    pub natural: Option<DType>,
}

/// The element count of `shape`, refusing negative sizes and overflow.
fn count(shape: &[i64]) -> Result<usize> {
    if let Some(n) = shape.iter().find(|&&n| n < 0) {
        return Err(Error::Shape(format!(
            "negative dimension {n} in shape {shape:?}"
        )));
    }
    crate::shape::checked_numel(shape)
}

impl Factory {
    /// `full(shape, value)`; `natural` is the fill's dtype (int64, bool) or `None` (a float).
    pub fn full(shape: Vec<i64>, value: f64, natural: Option<DType>) -> Result<Self> {
        count(&shape)?;
        Ok(Factory {
            pattern: Pattern::Full(value),
            shape,
            natural,
        })
    }

    /// `eye(n, m)`.
    pub fn eye(n: i64, m: i64) -> Result<Self> {
        let shape = vec![n, m];
        count(&shape)?;
        Ok(Factory {
            pattern: Pattern::Eye,
            shape,
            natural: None,
        })
    }

    /// `arange(start, end, step)`: `ceil((end − start) / step)` values, int64 when every
    /// argument was an int (`ints`), with torch's checks.
    pub fn arange(start: f64, end: f64, step: f64, ints: bool) -> Result<Self> {
        if step == 0.0 {
            return Err(Error::Argument("arange: step must be nonzero".into()));
        }
        if !(start.is_finite() && end.is_finite() && step.is_finite()) {
            return Err(Error::Argument(format!(
                "arange: unsupported range {start} -> {end} (step {step})"
            )));
        }
        if (end - start) * step < 0.0 {
            return Err(Error::Argument(format!(
                "arange: upper bound and larger bound inconsistent with step sign \
                 ({start} -> {end}, step {step})"
            )));
        }
        let n = ((end - start) / step).ceil().max(0.0) as i64;
        count(&[n])?;
        Ok(Factory {
            pattern: Pattern::Arange { start, step },
            shape: vec![n],
            natural: ints.then_some(DType::Int64),
        })
    }

    /// [`Factory::arange`] made for `dtype=`: an integer dtype takes its start and step as
    /// integers (torch converts them, truncating): int64 counts with them too
    /// (`arange(0, 5, 1.5, dtype=int64)` is `[0, 1, 2, 3, 4]`); int32 counts with the numbers
    /// given (`[0, 1, 2, 3]`), as torch's; bool has no `arange`.
    pub fn arange_as(
        start: f64,
        end: f64,
        step: f64,
        ints: bool,
        dtype: Option<DType>,
    ) -> Result<Self> {
        match dtype {
            Some(DType::Bool) => Err(Error::DType(
                "arange is not implemented for bool (as torch's arange_cpu)".into(),
            )),
            Some(DType::Int64) => Self::arange(start.trunc(), end.trunc(), step.trunc(), ints),
            Some(DType::Int32) => {
                let counted = Self::arange(start, end, step, ints)?;
                if step.trunc() == 0.0 {
                    return Err(Error::Argument("arange: step must be nonzero".into()));
                }
                Ok(Factory {
                    pattern: Pattern::Arange {
                        start: start.trunc(),
                        step: step.trunc(),
                    },
                    ..counted
                })
            }
            _ => Self::arange(start, end, step, ints),
        }
    }

    /// `linspace(start, end, steps)`: torch's values (LibTorch's kernel on LibTorch; its
    /// formula in float64 on the reference carriers), float unless `dtype=` says otherwise
    /// (an integer dtype truncates, as torch's).
    pub fn linspace(start: f64, end: f64, steps: i64) -> Result<Self> {
        if steps < 0 {
            return Err(Error::Argument(format!(
                "linspace(): number of steps must be non-negative, got {steps}"
            )));
        }
        if !(start.is_finite() && end.is_finite()) {
            return Err(Error::Argument(format!(
                "linspace(): the ends must be finite, got {start} and {end}"
            )));
        }
        count(&[steps])?;
        Ok(Factory {
            pattern: Pattern::Linspace { start, end },
            shape: vec![steps],
            natural: None,
        })
    }

    fn build<B: Backend>(&self, dtype: DType, device: crate::config::Device) -> Result<B::T> {
        let shape = &self.shape;
        match self.pattern {
            Pattern::Linspace { start, end } => {
                let steps = shape[0];
                if let Some(t) = B::linspace(start, end, steps, dtype, device)? {
                    return Ok(t);
                }
                // torch's formula: up from `start` in the first half, down from `end` after
                let step = if steps > 1 {
                    (end - start) / (steps - 1) as f64
                } else {
                    0.0
                };
                B::generate(shape, dtype, device, &|at, part| {
                    for (i, v) in (at as i64..).zip(part.iter_mut()) {
                        *v = if i < steps / 2 {
                            start + step * i as f64
                        } else {
                            end - step * (steps - 1 - i) as f64
                        };
                    }
                })
            }
            Pattern::Full(v) => B::full(shape, v, dtype, device),
            Pattern::Eye => B::eye(shape[0], shape[1], dtype, device),
            Pattern::Arange { start, step } => B::generate(shape, dtype, device, &|at, part| {
                for (i, v) in (at..).zip(part.iter_mut()) {
                    *v = start + step * i as f64;
                }
            }),
        }
    }
}

impl<B: Backend> Session<B> {
    /// Make `f` as a leaf (`dtype`: `dtype=`, else its natural dtype, else the carrier).
    pub fn make(
        &mut self,
        f: &Factory,
        dtype: Option<DType>,
        requires_grad: bool,
    ) -> Result<Handle> {
        let carrier = self.dtype();
        let wanted = dtype.or(f.natural).unwrap_or(carrier);
        let device = self.config().device;
        let to = target(carrier, carrier, wanted)?;
        if let Pattern::Full(v) = f.pattern {
            // torch's check: a fill the dtype cannot hold is an error, not inf or garbage
            crate::ops::scalar::fits(v, to)?;
        }
        // Data, and every native float in a LibTorch session, are made in their own dtype
        // (a float64 `zeros` in a float32 session is a float64 leaf); the reference
        // carriers make theirs and convert.
        let direct = to.is_data() || (to.is_native() && carrier.is_native());
        let first = if direct { to } else { carrier };
        let t = {
            let _guard = B::no_grad();
            f.build::<B>(first, device)?
        };
        self.all_or_nothing(|s| {
            let leaf = s.literal(|s| s.input_owned_as(t, Some(first), requires_grad))?;
            if to == first {
                return Ok(leaf);
            }
            s.record(Op::convert(to, device), &[leaf])
        })
    }

    /// torch's `x.zero_()` result: zeros of `x`'s shape and dtype. A tensor that requires
    /// grad keeps a (zero) gradient path through it (torch's `ZeroBackward`: recorded as
    /// `masked_fill` of every element); otherwise the zeros are a new constant.
    pub fn zeroed(&mut self, x: Handle) -> Result<Handle> {
        let shape = self.shape(x)?;
        if !self.requires_grad(x)? {
            let dtype = self.dtype_of(x)?;
            return self.make(&Factory::full(shape, 0.0, None)?, Some(dtype), false);
        }
        self.all_or_nothing(|s| {
            let every = s.make(&Factory::full(shape, 1.0, None)?, Some(DType::Bool), false)?;
            let zero = crate::ops::compose::TensorOrNumber::Number(0.0);
            crate::ops::selections::masked_fill(s, x, every, zero)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::backend::dynamic::Dyn;
    use crate::backend::Backend;
    use crate::ops::testing::{dt, session, values};

    #[test]
    fn zeroed_keeps_a_gradient_path_only_where_the_tensor_requires_grad() {
        // torch: y = x * 3; y.zero_() has ZeroBackward: x.grad through y is 0, not None
        let mut s = session();
        let x = s.input(&dt(&values(&[1.0, 2.0], &[2])), true).unwrap();
        let z = s.zeroed(x).unwrap();
        assert!(s.requires_grad(z).unwrap());
        assert_eq!(
            Dyn::to_f64(s.value(z).unwrap().get()).unwrap(),
            vec![0.0, 0.0]
        );
        let c = s.input(&dt(&values(&[1.0, 2.0], &[2])), false).unwrap();
        let zc = s.zeroed(c).unwrap();
        assert!(
            !s.requires_grad(zc).unwrap(),
            "a constant's zeros are a constant"
        );
        assert_eq!(s.dtype_of(zc).unwrap(), s.dtype_of(c).unwrap());
    }
}
