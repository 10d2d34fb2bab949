//! Factories: tensors made on the session's device from a pattern (torch's `zeros`,
//! `ones`, `full`, `eye`, `arange`, `linspace`, and the draws `rand`, `randn`), with torch's default dtypes: the pattern's *natural*
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
use crate::rng::RngState;
use crate::session::Item;

mod computed;
mod declared;
pub use computed::{Computed, Window};
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use declared::declarations;

/// The elements of a made tensor.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pattern {
    Full(f64),
    /// Ones on the main diagonal of an `n × m` matrix.
    Eye,
    /// `start + i · step`, for `i` while below `end` (kept for `dtype=`: [`Factory::as_dtype`]).
    Arange {
        start: f64,
        step: f64,
        end: f64,
    },
    /// `steps` values evenly spaced from `start` to `end`, both included.
    Linspace {
        start: f64,
        end: f64,
    },
    /// Draws from the session's generator (`rand`; `randn` when `normal`), made in the
    /// carrier (the values are the carrier's bits), then converted to `dtype=`, a floating
    /// one.
    Draw {
        normal: bool,
    },
    /// `randint`'s integers, uniform in `[low, high)` (one 53-bit draw each).
    Integers {
        low: i64,
        high: i64,
    },
    /// `randperm`'s uniformly random permutation of `0..n` (Fisher–Yates on the host).
    Permutation,
    /// Values LibTorch's own factory kernels make (`computed.rs`: windows, `logspace`,
    /// triangle indices).
    Computed(Computed),
}

/// `randint`'s second argument: `high`, or the size in torch's `randint(high, size)`.
#[derive(Debug, Clone, PartialEq)]
pub enum HighOrSize {
    High(i64),
    Size(Vec<i64>),
}

/// The largest integer every float64 holds exactly: the bound of `randint`'s ends and of
/// `randperm`'s `n`.
const EXACT_INT: i64 = 1 << 53;

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

    /// `rand(shape)`, or `randn(shape)` when `normal`.
    pub fn draw(shape: Vec<i64>, normal: bool) -> Result<Self> {
        count(&shape)?;
        Ok(Factory {
            pattern: Pattern::Draw { normal },
            shape,
            natural: None,
        })
    }

    /// torch's `randint(low, high, size)`, or `randint(high, size)` (`low` 0): int64 by
    /// default; `|low|` and `|high|` are at most 2^53.
    pub fn randint_of(low: i64, high: HighOrSize, size: Option<Vec<i64>>) -> Result<Self> {
        let (low, high, size) = match (high, size) {
            (HighOrSize::High(high), Some(size)) => (low, high, size),
            (HighOrSize::Size(size), None) => (0, low, size),
            (HighOrSize::High(_), None) => {
                return Err(Error::Argument(
                    "randint(): a size is required: randint(low, high, size) or \
                     randint(high, size)"
                        .into(),
                ))
            }
            (HighOrSize::Size(_), Some(_)) => {
                return Err(Error::Argument(
                    "randint(): high must be an int when size is given".into(),
                ))
            }
        };
        if low >= high {
            return Err(Error::Argument(format!(
                "randint: expected low < high, got low {low} and high {high}"
            )));
        }
        if low.abs() > EXACT_INT || high.abs() > EXACT_INT {
            return Err(Error::Argument(format!(
                "randint: low and high must be within ±2^53, got {low} and {high}"
            )));
        }
        count(&size)?;
        Ok(Factory {
            pattern: Pattern::Integers { low, high },
            shape: size,
            natural: Some(DType::Int64),
        })
    }

    /// torch's `randperm(n)`: int64 by default; `n` in `[0, 2^53]`.
    pub fn randperm(n: i64) -> Result<Self> {
        if !(0..=EXACT_INT).contains(&n) {
            return Err(Error::Argument(format!(
                "randperm(): n must be a non-negative int of at most 2^53, got {n}"
            )));
        }
        Ok(Factory {
            pattern: Pattern::Permutation,
            shape: vec![n],
            natural: Some(DType::Int64),
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
            pattern: Pattern::Arange { start, step, end },
            shape: vec![n],
            natural: ints.then_some(DType::Int64),
        })
    }

    /// The factory made for `dtype=`: an `arange` counts and steps in an integer dtype as
    /// [`Factory::arange_as`] says (checked then, as torch checks the converted numbers);
    /// the others are made as they are.
    pub fn as_dtype(&self, dtype: Option<DType>) -> Result<Self> {
        match self.pattern {
            Pattern::Arange { start, step, end } => {
                Self::arange_as(start, end, step, self.natural.is_some(), dtype)
            }
            _ => Ok(self.clone()),
        }
    }

    /// torch's `arange(end)`, `arange(start, end, step=1)`: int64 when every argument is an
    /// int. Its checks and its length wait for the dtype ([`Factory::as_dtype`]).
    pub fn arange_of(start: Item, end: Option<Item>, step: Option<Item>) -> Result<Self> {
        let (start, end) = match end {
            None => (None, start),
            Some(e) => (Some(start), e),
        };
        let ints = [start, Some(end), step]
            .iter()
            .flatten()
            .all(|x| matches!(x, Item::Int(_)));
        let value = |x: Option<Item>, or: f64| x.map_or(or, Item::value);
        Ok(Factory {
            pattern: Pattern::Arange {
                start: value(start, 0.0),
                step: value(step, 1.0),
                end: end.value(),
            },
            shape: Vec::new(),
            natural: ints.then_some(DType::Int64),
        })
    }

    /// torch's `full(size, fill_value)`: int64 for an int fill, bool for a bool one.
    pub fn full_of(size: Vec<i64>, fill_value: Item) -> Result<Self> {
        let natural = match fill_value {
            Item::Bool(_) => Some(DType::Bool),
            Item::Int(_) => Some(DType::Int64),
            Item::Float(_) => None,
        };
        Self::full(size, fill_value.value(), natural)
    }

    /// `zeros(size)` (and `empty`'s, whose values are zeros here).
    pub fn zeros(size: Vec<i64>) -> Result<Self> {
        Self::full(size, 0.0, None)
    }

    /// `ones(size)`.
    pub fn ones(size: Vec<i64>) -> Result<Self> {
        Self::full(size, 1.0, None)
    }

    /// torch's `eye(n, m=None)`: `m` is `n` when not given.
    pub fn eye_of(n: i64, m: Option<i64>) -> Result<Self> {
        Self::eye(n, m.unwrap_or(n))
    }

    /// `rand(size)`: uniform draws in `[0, 1)`.
    pub fn rand(size: Vec<i64>) -> Result<Self> {
        Self::draw(size, false)
    }

    /// `randn(size)`: standard normal draws.
    pub fn randn(size: Vec<i64>) -> Result<Self> {
        Self::draw(size, true)
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
                        end,
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
            Pattern::Draw { .. } | Pattern::Integers { .. } | Pattern::Permutation => {
                unreachable!("a draw is made by `Session::make`")
            }
            Pattern::Eye => B::eye(shape[0], shape[1], dtype, device),
            Pattern::Computed(c) => {
                // in the dtype where the backend holds LibTorch's tensors, else in float64,
                // read out (the result's own values) and converted
                let native = dtype.is_native() || dtype.is_data();
                let made = match native {
                    true => {
                        let kind = crate::backend::libtorch::kind(dtype)?;
                        let t = c.torch(shape[shape.len() - 1], kind, libtorch_device(device))?;
                        B::from_torch(t)
                    }
                    false => None,
                };
                match made {
                    Some(t) => Ok(t),
                    None => {
                        let t =
                            c.torch(shape[shape.len() - 1], tch::Kind::Double, tch::Device::Cpu)?;
                        let values = Vec::<f64>::try_from(t.f_reshape([-1])?)?;
                        B::from_f64(&values, shape, dtype, device)
                    }
                }
            }
            Pattern::Arange { start, step, .. } => {
                B::generate(shape, dtype, device, &|at, part| {
                    for (i, v) in (at..).zip(part.iter_mut()) {
                        *v = start + step * i as f64;
                    }
                })
            }
        }
    }
}

/// LibTorch's device for `d`.
fn libtorch_device(d: crate::config::Device) -> tch::Device {
    crate::backend::libtorch::tch_device(d)
}

impl<B: Backend> Session<B> {
    /// Make `f` as a leaf (`dtype`: `dtype=`, else its natural dtype, else the carrier).
    pub fn make(
        &mut self,
        f: &Factory,
        dtype: Option<DType>,
        requires_grad: bool,
    ) -> Result<Handle> {
        let f = &f.as_dtype(dtype)?;
        let carrier = self.dtype();
        let wanted = dtype.or(f.natural).unwrap_or(carrier);
        let device = self.config().device;
        // data (int64, int32, bool) is made as data in every session, an interval one too
        let to = match wanted.is_data() {
            true => wanted,
            false => target(carrier, carrier, wanted)?,
        };
        if let Pattern::Full(v) = f.pattern {
            // torch's check: a fill the dtype cannot hold is an error, not inf or garbage
            crate::ops::scalar::fits(v, to)?;
        }
        // Data, and every native float in a LibTorch session, are made in their own dtype
        // (a float64 `zeros` in a float32 session is a float64 leaf); the reference
        // carriers make theirs and convert.
        let direct = to.is_data() || (to.is_native() && carrier.is_native());
        let first = if direct { to } else { carrier };
        let (t, next) = {
            let _guard = B::no_grad();
            self.values(f, first, to)?
        };
        let h = self.all_or_nothing(|s| {
            let leaf = match next {
                // a draw is no constant: a captured step that draws is refused
                Some(_) => s.input_owned_as(t, Some(first), requires_grad)?,
                None => s.literal(|s| s.input_owned_as(t, Some(first), requires_grad))?,
            };
            if to == first {
                return Ok(leaf);
            }
            s.record(Op::convert(to, device), &[leaf])
        })?;
        if let Some(next) = next {
            // the generator moves on once the draw is recorded
            self.rng = next;
        }
        Ok(h)
    }

    /// `f`'s values in `first` (`to`: the dtype asked for), and for a draw the generator's
    /// state after it.
    fn values(&self, f: &Factory, first: DType, to: DType) -> Result<(B::T, Option<RngState>)> {
        let device = self.config().device;
        let n = count(&f.shape)?;
        let mut next = self.rng;
        let t = match f.pattern {
            Pattern::Draw { normal } => {
                if to.is_data() {
                    let op = if normal { "randn" } else { "rand" };
                    return Err(Error::DType(format!(
                        "{op}(): not implemented for {to} (a floating dtype only)"
                    )));
                }
                // drawn in the carrier (its bits), then converted
                let t = self.drawn(&f.shape, normal)?;
                next.skip_draw(normal, n as u64);
                match first == self.dtype() {
                    true => t,
                    false => B::convert(&t, first, device)?,
                }
            }
            Pattern::Integers { low, high } => {
                let range = (high - low) as u128;
                let r = self.rng;
                next.skip_draw(false, n as u64);
                B::generate(&f.shape, first, device, &|at, part| {
                    r.fill_uniform_bits(at as u64, part, 53);
                    for v in part.iter_mut() {
                        let k = (*v * EXACT_INT as f64) as u128;
                        *v = (low as i128 + ((k * range) >> 53) as i128) as f64;
                    }
                })?
            }
            Pattern::Permutation => {
                let u = next.uniform(n)?;
                let mut perm = crate::error::host_vec(n, 0.0, "randperm")?;
                for (i, v) in perm.iter_mut().enumerate() {
                    *v = i as f64;
                }
                for i in (1..n).rev() {
                    let k = (u[i] * EXACT_INT as f64) as u128;
                    let j = ((k * (i as u128 + 1)) >> 53) as usize;
                    perm.swap(i, j);
                }
                B::from_f64(&perm, &f.shape, first, device)?
            }
            _ => return Ok((f.build::<B>(first, device)?, None)),
        };
        Ok((t, Some(next)))
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
