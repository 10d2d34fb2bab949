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
use crate::session::Item;

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

    /// `rand(shape)`, or `randn(shape)` when `normal`.
    pub fn draw(shape: Vec<i64>, normal: bool) -> Result<Self> {
        count(&shape)?;
        Ok(Factory {
            pattern: Pattern::Draw { normal },
            shape,
            natural: None,
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
            Pattern::Draw { .. } => unreachable!("a draw is made by `Session::make`"),
            Pattern::Eye => B::eye(shape[0], shape[1], dtype, device),
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

/// The factories' declarations, for the binding's generator `$gen`
/// (`src/python/factories.rs`): each one's docstring, torch's signature (the required
/// arguments, or `*size` for a shape given as separate ints; `;` and the optional ones;
/// `+ generator` where torch takes a `generator=`, which only `None` passes) and the
/// constructor of the [`Factory`] its arguments describe. Each becomes a `Session` method and
/// a module function on the current session, both with torch's `dtype=`, `device=` and
/// `requires_grad=` ([`Session::make`]).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! declarations {
    ($gen:ident) => {
        $gen! {
            /// Returns a tensor filled with the scalar value 0, with the shape given by `size`.
            ///
            /// The tensor belongs to the session (`eagertape.zeros`: the current one; `Session.zeros`:
            /// that one); a floating result is in the session's dtype unless `dtype` says otherwise.
            ///
            /// Args:
            ///     size (int...): the shape, as separate ints or one list or tuple.
            ///     dtype (eagertape.dtype, optional): the result's dtype (a name, an eagertape, torch
            ///         or numpy dtype, or Python's `float`, `int`, `bool`). Default: ``None`` (the
            ///         session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result (floating
            ///         dtypes only). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     NoSessionError: no session is current.
            ///     ShapeError: a negative or non-integer size.
            ///     DeviceError: `device` is not the session's device.
            ///     GradError: `requires_grad=True` with an integer or bool `dtype`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.zeros(2, 3).tolist()
            ///     [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
            fn zeros(*size) = Factory::zeros;

            /// Returns a tensor filled with the scalar value 1, with the shape given by `size`.
            ///
            /// The tensor belongs to the session (`eagertape.ones`: the current one; `Session.ones`:
            /// that one); a floating result is in the session's dtype unless `dtype` says otherwise.
            ///
            /// Args:
            ///     size (int...): the shape, as separate ints or one list or tuple.
            ///     dtype (eagertape.dtype, optional): the result's dtype (as `zeros`'s).
            ///         Default: ``None`` (the session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result (floating
            ///         dtypes only). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     NoSessionError: no session is current.
            ///     ShapeError: a negative or non-integer size.
            ///     DeviceError: `device` is not the session's device.
            ///     GradError: `requires_grad=True` with an integer or bool `dtype`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.ones((2,), dtype=et.int64).tolist()
            ///     [1, 1]
            fn ones(*size) = Factory::ones;

            /// Returns a tensor with the shape given by `size`, as `torch.empty`.
            ///
            /// Unlike `torch.empty`, whose values are uninitialized, the values are zeros (the same as
            /// `zeros`).
            ///
            /// Args:
            ///     size (int...): the shape, as separate ints or one list or tuple.
            ///     dtype (eagertape.dtype, optional): the result's dtype (as `zeros`'s).
            ///         Default: ``None`` (the session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result (floating
            ///         dtypes only). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     NoSessionError: no session is current.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     tuple(et.empty(2, 3).shape)
            ///     (2, 3)
            fn empty(*size) = Factory::zeros;

            /// Creates a tensor of size `size` filled with `fill_value`.
            ///
            /// As in torch, the dtype is inferred from `fill_value` when `dtype` is not given: `int64`
            /// for an int, `bool` for a bool, the session's dtype for a float.
            ///
            /// Args:
            ///     size (sequence of int): the shape of the result.
            ///     fill_value (Scalar): the value to fill the result with.
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (inferred
            ///         from `fill_value`).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result (floating
            ///         dtypes only). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     NoSessionError: no session is current.
            ///     DeviceError: `device` is not the session's device.
            ///     GradError: `requires_grad=True` with an integer or bool dtype.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.full((2, 2), 7).tolist(), et.full((2,), 1.5).tolist()
            ///     ([[7, 7], [7, 7]], [1.5, 1.5])
            fn full(size: Vec<i64>, fill_value: Item) = Factory::full_of;

            /// Returns a 2-D tensor with ones on the diagonal and zeros elsewhere.
            ///
            /// Args:
            ///     n (int): the number of rows.
            ///     m (int, optional): the number of columns. Default: ``None`` (`n`).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            ///         session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result (floating
            ///         dtypes only). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new `(n, m)` tensor of the session.
            ///
            /// Raises:
            ///     NoSessionError: no session is current.
            ///     ShapeError: a negative `n` or `m`.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.eye(2, 3).tolist()
            ///     [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
            fn eye(n: i64; m: Option<i64> = None) = Factory::eye_of;

            /// Returns a 1-D tensor of values from the interval ``[start, end)`` taken with common
            /// difference `step` beginning from `start`.
            ///
            /// As `torch.arange`, `arange(end)` starts at 0 with step 1. The result is `int64` when every
            /// argument is an int, else in the session's dtype, unless `dtype` says otherwise.
            ///
            /// Args:
            ///     start (Number): the starting value (or, with `end` left out, the end value).
            ///     end (Number, optional): the ending value, excluded. Default: ``None``.
            ///     step (Number, optional): the gap between each pair of adjacent values.
            ///         Default: ``None`` (1).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``.
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result (floating
            ///         dtypes only). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new 1-D tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: a zero step, an infinite bound, or a step of the wrong sign.
            ///     NoSessionError: no session is current.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.arange(4).tolist(), et.arange(1, 2, 0.25).tolist()
            ///     ([0, 1, 2, 3], [1.0, 1.25, 1.5, 1.75])
            fn arange(start: Item; end: Option<Item> = None, step: Option<Item> = None)
                = Factory::arange_of;

            /// Creates a 1-D tensor of size `steps` whose values are evenly spaced from `start` to
            /// `end`, inclusive.
            ///
            /// The values are torch's: its kernel's ``start + i * step`` in the first half and
            /// ``end - (steps - 1 - i) * step`` in the second, in the result's dtype (LibTorch's own
            /// kernel in a LibTorch session; an integer dtype truncates).
            ///
            /// Args:
            ///     start (float): the starting value.
            ///     end (float): the ending value.
            ///     steps (int): the number of values (0 gives an empty tensor, 1 gives `[start]`).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            ///         session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new 1-D tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: `steps` is negative, or an end is infinite.
            ///     NoSessionError: no session is current.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.linspace(0, 1, 5).tolist()
            ///     [0.0, 0.25, 0.5, 0.75, 1.0]
            fn linspace(start: f64, end: f64, steps: i64) = Factory::linspace;

            /// Returns a tensor filled with random numbers from a uniform distribution on the
            /// interval ``[0, 1)``, with the shape given by `size`.
            ///
            /// The numbers are drawn from the session's generator (seeded by its `Config.seed`;
            /// counter-based: the values depend on the seed and the position `rng_state()` reports,
            /// which the call advances) in the session's dtype, then converted to `dtype` if that
            /// differs.
            ///
            /// Args:
            ///     size (int...): the shape, as separate ints or one list or tuple.
            ///     dtype (eagertape.dtype, optional): the result's dtype, a floating one.
            ///         Default: ``None`` (the session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result.
            ///         Default: ``False``.
            ///     generator: not supported (the session's generator draws); must be ``None``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: a `generator` is given.
            ///     DTypeError: an integer or bool `dtype`.
            ///     ShapeError: a negative or non-integer size.
            ///     NoSessionError: no session is current.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(seed=0):
            ///     ...     x = et.rand(2, 3)
            ///     ...     tuple(x.shape), bool(((x >= 0) & (x < 1)).all())
            ///     ((2, 3), True)
            fn rand(*size) + generator = Factory::rand;

            /// Returns a tensor filled with random numbers from a normal distribution with mean 0 and
            /// variance 1, with the shape given by `size`.
            ///
            /// As `rand`: drawn from the session's generator in the session's dtype (the call
            /// advances it), then converted to `dtype` if that differs.
            ///
            /// Args:
            ///     size (int...): the shape, as separate ints or one list or tuple.
            ///     dtype (eagertape.dtype, optional): the result's dtype, a floating one.
            ///         Default: ``None`` (the session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result.
            ///         Default: ``False``.
            ///     generator: not supported (the session's generator draws); must be ``None``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: a `generator` is given.
            ///     DTypeError: an integer or bool `dtype`.
            ///     ShapeError: a negative or non-integer size.
            ///     NoSessionError: no session is current.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(seed=0):
            ///     ...     tuple(et.randn(4, 2).shape)
            ///     (4, 2)
            fn randn(*size) + generator = Factory::randn;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use declarations;

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
            match f.pattern {
                Pattern::Draw { normal } => {
                    if to.is_data() {
                        let op = if normal { "randn" } else { "rand" };
                        return Err(Error::DType(format!(
                            "{op}(): not implemented for {to} (a floating dtype only)"
                        )));
                    }
                    let t = self.drawn(&f.shape, normal)?;
                    match first == carrier {
                        true => t,
                        false => B::convert(&t, first, device)?,
                    }
                }
                _ => f.build::<B>(first, device)?,
            }
        };
        let h = self.all_or_nothing(|s| {
            let leaf = match f.pattern {
                // a draw is no constant: a captured step that draws is refused
                Pattern::Draw { .. } => s.input_owned_as(t, Some(first), requires_grad)?,
                _ => s.literal(|s| s.input_owned_as(t, Some(first), requires_grad))?,
            };
            if to == first {
                return Ok(leaf);
            }
            s.record(Op::convert(to, device), &[leaf])
        })?;
        if let Pattern::Draw { normal } = f.pattern {
            // the generator moves on once the draw is recorded
            self.rng.skip_draw(normal, count(&f.shape)? as u64);
        }
        Ok(h)
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
