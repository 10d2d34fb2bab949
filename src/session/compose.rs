//! The session as a composition's [`Recorder`], and the layer entry points that run
//! LibTorch's fused kernel or, where the backend refuses it, the composition beside the unit
//! (`ops/compose.rs`, `ops/conv.rs`, `ops/layers.rs`, `ops/batch_norm.rs`).

use std::sync::{Arc, Mutex};

use super::{number_operand, Operand, Session};
use crate::backend::Backend;
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::ops::attention::{self, Attention};
use crate::ops::batch_norm::BatchNorm;
use crate::ops::binary::BinaryOp;
use crate::ops::clamp;
use crate::ops::combine::{self, Combine};
use crate::ops::compose::{fused_or_composed, Composed, Recorder, TensorOrNumber};
use crate::ops::conv::{self, Conv, Padding};
use crate::ops::split::{self, Split};
use crate::ops::Op;
use crate::param::Parameter;
use crate::tape::Handle;

impl<B: Backend> Recorder<B> for Session<B> {
    fn record(&mut self, op: Op<B>, parents: &[Handle]) -> Result<Handle> {
        Session::record(self, op, parents)
    }
    fn record_pair(&mut self, op: Op<B>, parents: &[Handle]) -> Result<(Handle, Handle)> {
        Session::record_pair(self, op, parents)
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
        // (the dtype named: a float64 constant beside a float64 tensor of a float32 session
        // keeps its float64 value)
        self.literal(|s| s.input_owned_as(t, Some(dtype), false))
    }
    fn dropout(&mut self, x: Handle, p: f64) -> Result<Handle> {
        Session::dropout(self, x, p, true)
    }
    fn detach(&mut self, x: Handle) -> Result<Handle> {
        Session::detach(self, x)
    }
    fn item(&self, x: Handle) -> Result<f64> {
        let v = self.value(x)?;
        let shape = B::shape(v.get());
        if !shape.is_empty() {
            return Err(Error::Shape(format!(
                "expected a 0-d tensor, got one of shape {shape:?}"
            )));
        }
        Self::read_scalar(v.get())
    }
    fn binary(&mut self, op: BinaryOp, lhs: TensorOrNumber, rhs: TensorOrNumber) -> Result<Handle> {
        let operand = |o| match o {
            TensorOrNumber::Tensor(h) => Operand::Node(h),
            TensorOrNumber::Number(x) => Operand::Number(x),
        };
        self.operator(super::Operator::Arith(op), operand(lhs), operand(rhs))
    }
    fn autocast_entry(&mut self, name: &'static str, xs: &[Handle]) -> Result<Vec<Handle>> {
        Session::autocast_entry(self, name, xs)
    }
}

impl<B: Backend> Session<B> {
    /// Operands as handles: constant data becomes input leaves (index data stays data;
    /// values take the carrier). Run under [`Session::all_or_nothing`], which takes the
    /// leaves off again on failure.
    pub(super) fn operand_handles(&mut self, operands: Vec<Operand<B>>) -> Result<Vec<Handle>> {
        let mut out = Vec::with_capacity(operands.len()); // bounded: one per operand
        for o in operands {
            out.push(match o {
                Operand::Node(h) => h,
                Operand::Data(t) => {
                    // Numbers and tables the caller gives (host arrays other than a
                    // captured step's arguments are refused by the binding).
                    let d = B::dtype(&t);
                    self.literal(|s| s.input_owned_as(t, d.is_data().then_some(d), false))?
                }
                Operand::Number(_) => return Err(number_operand()),
            });
        }
        Ok(out)
    }

    /// One operand as a handle (see [`Session::operand_handles`]), for a caller that runs
    /// under [`Session::all_or_nothing`] itself (the binding's declared functions).
    #[cfg_attr(not(feature = "python"), allow(dead_code))]
    pub(crate) fn operand_handle(&mut self, operand: Operand<B>) -> Result<Handle> {
        let mut hs = self.operand_handles(vec![operand])?;
        hs.pop()
            .ok_or_else(|| Error::Backend("operand_handle: no handle".into()))
    }

    /// `f` on these operands as handles, all or nothing (the constant leaves too).
    fn on_operands<T>(
        &mut self,
        operands: Vec<Operand<B>>,
        f: impl FnOnce(&mut Self, &[Handle]) -> Result<T>,
    ) -> Result<T> {
        self.all_or_nothing(|s| {
            let xs = s.operand_handles(operands)?;
            f(s, &xs)
        })
    }

    /// The layer `l` on these operands: LibTorch's kernel, or `l`'s composition where the
    /// backend has none (the reference carriers). All or nothing.
    pub fn layer<L: Composed<B>>(&mut self, l: L, operands: Vec<Operand<B>>) -> Result<Handle> {
        self.on_operands(operands, |s, xs| fused_or_composed(s, l, xs))
    }

    /// A convolution `unit` with torch's `padding=` (see [`conv::conv`]). All or nothing.
    pub fn conv(
        &mut self,
        unit: Conv,
        padding: Padding,
        operands: Vec<Operand<B>>,
    ) -> Result<Handle> {
        self.on_operands(operands, |s, xs| conv::conv(s, unit, padding, xs))
    }

    /// torch's `scaled_dot_product_attention` on `[query, key, value, (attn_mask)]` (see
    /// [`attention::scaled_dot_product_attention`]). All or nothing.
    pub fn scaled_dot_product_attention(
        &mut self,
        a: Attention,
        operands: Vec<Operand<B>>,
    ) -> Result<Handle> {
        self.on_operands(operands, |s, xs| {
            attention::scaled_dot_product_attention(s, a, xs)
        })
    }

    /// `lerp`, `addcmul`, `addcdiv`, `outer`, `addmm`, `baddbmm` (see [`combine::combine`])
    /// on these operands. All or nothing.
    pub fn combine(&mut self, c: Combine, operands: Vec<Operand<B>>) -> Result<Handle> {
        self.on_operands(operands, |s, xs| {
            let xs = s.autocast_entry(c.name(), xs)?;
            combine::combine(s, c, &xs)
        })
    }

    /// The composition `d` (see [`crate::ops::derive::Derive`]) on these operands. All or
    /// nothing.
    pub fn derive(
        &mut self,
        d: &crate::ops::derive::Derive,
        operands: Vec<Operand<B>>,
    ) -> Result<Handle> {
        self.on_operands(operands, |s, xs| {
            let xs = s.autocast_entry(d.name(), xs)?;
            crate::ops::derive::derive(s, d, &xs)
        })
    }

    /// `clamp(x, min, max)` with number bounds (see [`clamp::clamp`]). All or nothing.
    pub fn clamp(&mut self, x: Handle, min: Option<f64>, max: Option<f64>) -> Result<Handle> {
        self.all_or_nothing(|s| clamp::clamp(s, x, min, max))
    }

    /// The pieces of `x` along `dim` (see [`split::split`]), all recorded or none.
    pub fn split(&mut self, x: Handle, dim: i64, how: &Split) -> Result<Vec<Handle>> {
        self.all_or_nothing(|s| split::split(s, x, dim, how))
    }

    /// torch's `batch_norm(x, running_mean, running_var, weight, bias, training, momentum,
    /// eps)` (see `ops/batch_norm.rs`). In eval mode
    /// the statistics are operands (a parameter's snapshot as a leaf); in training mode with
    /// statistics they must be parameters: LibTorch's forward updates fresh copies exactly
    /// as torch updates its buffers, and the copies are published as the parameters' new
    /// snapshots once the forward succeeded (a tensor there is a `TypeError`, as in
    /// torch). A rejected call changes neither the session nor the parameters.
    #[allow(clippy::too_many_arguments)]
    pub fn functional_batch_norm(
        &mut self,
        input: Handle,
        running_mean: Option<Stat<B>>,
        running_var: Option<Stat<B>>,
        weight: Option<Handle>,
        bias: Option<Handle>,
        training: bool,
        momentum: f64,
        eps: f64,
    ) -> Result<Handle> {
        let unit = BatchNorm {
            training,
            momentum,
            eps,
            weight: weight.is_some(),
            bias: bias.is_some(),
            running: None,
        };
        let operands = [Some(input), weight, bias].into_iter().flatten();
        let operands = operands.map(Operand::Node).collect();
        self.batch_norm(unit, operands, (running_mean, running_var))
    }

    /// [`Session::functional_batch_norm`] with the unit made and the operands gathered
    /// (`[x, (weight), (bias)]`).
    pub fn batch_norm(
        &mut self,
        unit: BatchNorm,
        operands: Vec<Operand<B>>,
        running: (Option<Stat<B>>, Option<Stat<B>>),
    ) -> Result<Handle> {
        let mut unit = unit;
        let stats = match running {
            (Some(m), Some(v)) => Some((m, v)),
            (None, None) => None,
            _ => {
                return Err(Error::Argument(
                    "batch_norm: give both running_mean and running_var, or neither".into(),
                ))
            }
        };
        if stats.is_none() && !unit.training {
            return Err(Error::Argument(
                "batch_norm: running_mean and running_var must be given in eval mode \
                 (training=False)"
                    .into(),
            ));
        }
        if !unit.eps.is_finite() || !unit.momentum.is_finite() {
            return Err(Error::Argument(format!(
                "batch_norm: eps and momentum must be finite, got eps={}, momentum={}",
                unit.eps, unit.momentum
            )));
        }
        let x = match operands.first() {
            Some(Operand::Node(h)) => *h,
            _ => {
                return Err(Error::Argument(
                    "batch_norm: the input must be a tensor".into(),
                ))
            }
        };
        let published = match &stats {
            Some((Stat::Param(m), Stat::Param(v))) if unit.training => {
                let copies = [self.running_copy(x, m)?, self.running_copy(x, v)?];
                let slot = Arc::new(Mutex::new(Some(copies)));
                unit.running = Some(Arc::clone(&slot));
                Some((slot, Arc::clone(m), Arc::clone(v)))
            }
            Some(_) if unit.training => {
                return Err(Error::Type(
                    "batch_norm: in training mode the running statistics must be \
                     eagertape.Parameters (their update is published as a new snapshot; \
                     tensors and arrays are immutable values)"
                        .into(),
                ))
            }
            _ => None,
        };
        let training = unit.training;
        let h = self.all_or_nothing(|s| {
            let mut operands = operands;
            if !training {
                if let Some((m, v)) = stats {
                    for st in [m, v] {
                        operands.push(match st {
                            Stat::Param(p) => Operand::Node(s.use_param(&p)?),
                            Stat::Operand(o) => o,
                        });
                    }
                }
            }
            let xs = s.operand_handles(operands)?;
            fused_or_composed(s, unit, &xs)
        })?;
        // The forward succeeded: publish the updated statistics (the tape keeps no copy).
        if let Some((slot, m, v)) = published {
            let taken = slot.lock().unwrap_or_else(|e| e.into_inner()).take();
            if let Some([new_m, new_v]) = taken {
                for (p, t) in [(&m, new_m), (&v, new_v)] {
                    let t = B::from_torch(t).ok_or_else(|| Error::Unsupported {
                        op: "batch_norm",
                        carrier: p.dtype().carrier_label(),
                    })?;
                    p.assign(&t)?;
                }
            }
        }
        Ok(h)
    }

    /// `nn.BatchNorm*`'s forward (`_batch_norm_module`): [`Session::batch_norm`] with the
    /// module's running statistics (both or neither) and its `num_batches_tracked` (a 0-d
    /// float64 parameter): a training step adds one to it after the forward and, with torch's
    /// `momentum=None`, uses `1 / count` as the momentum. One entry of a capture
    /// ([`Session::composite`]): a replay reads the count and publishes the statistics as the
    /// eager step does.
    #[allow(clippy::too_many_arguments)] // the module's state, one each
    pub fn batch_norm_module(
        &mut self,
        input: Handle,
        running_mean: Option<Arc<Parameter<B>>>,
        running_var: Option<Arc<Parameter<B>>>,
        weight: Option<Handle>,
        bias: Option<Handle>,
        training: bool,
        momentum: Option<f64>,
        eps: f64,
        count: Option<Arc<Parameter<B>>>,
    ) -> Result<Handle> {
        let running = match (running_mean, running_var) {
            (Some(m), Some(v)) => Some((m, v)),
            (None, None) => None,
            _ => {
                return Err(Error::Argument(
                    "batch_norm: give both running statistics or neither".into(),
                ))
            }
        };
        let unit = BatchNorm {
            training,
            momentum: momentum.unwrap_or(0.0),
            eps,
            weight: weight.is_some(),
            bias: bias.is_some(),
            running: None,
        };
        let cumulative = momentum.is_none();
        let inputs: Vec<Handle> = [Some(input), weight, bias].into_iter().flatten().collect();
        let redo: super::capture::Redo<B> = Arc::new(move |s, xs| {
            let mut unit = unit.clone();
            let next = match &count {
                Some(c) if unit.training => Some(B::to_f64(c.snapshot().get())?[0] + 1.0),
                _ => None,
            };
            if let (Some(n), true) = (next, cumulative) {
                unit.momentum = 1.0 / n;
            }
            let operands = xs.iter().map(|&h| Operand::Node(h)).collect();
            let stats = match &running {
                Some((m, v)) => (
                    Some(Stat::Param(Arc::clone(m))),
                    Some(Stat::Param(Arc::clone(v))),
                ),
                None => (None, None),
            };
            let h = s.batch_norm(unit, operands, stats)?;
            if let (Some(n), Some(c)) = (next, &count) {
                c.assign(&B::from_f64(&[n], &[], DType::Float64, c.device())?)?;
            }
            Ok(h)
        });
        self.composite("batch_norm", &inputs, redo)
    }

    /// A copy of `p`'s snapshot for LibTorch's forward to update, after checking that it
    /// matches the session and has one entry per channel of `x`.
    fn running_copy(&self, x: Handle, p: &Parameter<B>) -> Result<tch::Tensor> {
        let shape = self.shape(x)?;
        if let Some(&c) = shape.get(1) {
            if p.shape() != [c] {
                return Err(Error::Shape(format!(
                    "batch_norm: running statistic {} has shape {:?}; the input {shape:?} has \
                     {c} channels",
                    p.label(),
                    p.shape()
                )));
            }
        }
        if p.dtype() != self.dtype() || !p.device().same(self.config().device) {
            return Err(Error::DType(format!(
                "batch_norm: running statistic {} is {} on {}, but the session computes in {} \
                 on {}",
                p.label(),
                p.dtype(),
                p.device(),
                self.dtype(),
                self.config().device
            )));
        }
        let copy = B::copy(p.snapshot().get())?;
        B::as_torch(&copy)
            .map(tch::Tensor::shallow_clone)
            .ok_or_else(|| Error::Unsupported {
                op: "batch_norm",
                carrier: p.dtype().carrier_label(),
            })
    }
}

/// A running statistic of `batch_norm` as given: a parameter (a module's buffer), or (eval
/// mode only) a tensor or data.
pub enum Stat<B: Backend> {
    Param(Arc<Parameter<B>>),
    Operand(Operand<B>),
}

impl<B: Backend> Session<B> {
    /// torch's `affine_grid(theta, size, align_corners)`: the base grid of normalised
    /// coordinates `[x, y, (z,) 1]` of `size` (torch's `linspace_from_neg_one`, made on the
    /// device chunk by chunk) times `thetaᵀ`, so `theta` gets its gradient by the product's
    /// rule. `theta` is `(N, 2, 3)` for a 4-D `size`, `(N, 3, 4)` for a 5-D one; `align_corners`
    /// is `False` unless given. All or nothing.
    pub fn affine_grid(
        &mut self,
        theta: Handle,
        size: Vec<i64>,
        align_corners: Option<bool>,
    ) -> Result<Handle> {
        let (size, align_corners) = (&size[..], align_corners.unwrap_or(false));
        let ts = self.shape(theta)?;
        let k = size.len().saturating_sub(2);
        let ok = (k == 2 || k == 3)
            && ts.len() == 3
            && ts[0] == size[0]
            && ts[1] == k as i64
            && ts[2] == k as i64 + 1
            && size.iter().all(|&n| n > 0);
        if !ok {
            return Err(Error::Shape(format!(
                "affine_grid: expected theta (N, 2, 3) with size (N, C, H, W), or (N, 3, 4) with \
                 (N, C, D, H, W); got theta {ts:?} and size {size:?}"
            )));
        }
        let dtype = self.dtype_of(theta)?;
        // spatial dims in grid order: x runs along the last dim (W), then y (H), then z (D)
        let spatial: Vec<i64> = size[2..].to_vec();
        let points: i64 = spatial.iter().product();
        let coords = k as i64 + 1;
        let line = move |steps: i64, j: i64| -> f64 {
            if steps <= 1 {
                return 0.0;
            }
            let step = 2.0 / (steps - 1) as f64;
            let v = if j < steps / 2 {
                -1.0 + step * j as f64
            } else {
                1.0 - step * (steps - 1 - j) as f64
            };
            if align_corners {
                v
            } else {
                v * (steps - 1) as f64 / steps as f64
            }
        };
        let dims = spatial.clone();
        let base = B::generate(&[points, coords], dtype, self.config.device, &|at, part| {
            for (i, out) in (at..).zip(part.iter_mut()) {
                let (c, mut p) = ((i as i64) % coords, (i as i64) / coords);
                // p indexes the spatial dims row-major: (D,) H, W
                let mut idx = vec![0i64; dims.len()]; // bounded: the tensor's rank
                for (slot, &n) in idx.iter_mut().rev().zip(dims.iter().rev()) {
                    *slot = p % n;
                    p /= n;
                }
                *out = if c == coords - 1 {
                    1.0
                } else {
                    // coordinate c reads spatial dim (len − 1 − c): x ← W, y ← H, z ← D
                    let d = dims.len() - 1 - c as usize;
                    line(dims[d], idx[d])
                };
            }
        })?;
        self.all_or_nothing(|s| {
            // the base grid in theta's dtype (a bfloat16 theta in a float32 session, say)
            let base = s.input_owned_as(base, Some(dtype), false)?;
            let tt = s.record(Op::transpose(1, 2), &[theta])?;
            let grid = s.record(Op::matmul(), &[base, tt])?;
            let mut shape = vec![size[0]];
            shape.extend_from_slice(&spatial);
            shape.push(k as i64);
            s.record(Op::reshape(&shape), &[grid])
        })
    }
}

/// A Python number of its kind: what `item()` reads, what a factory's number argument is
/// (its kind picks the natural dtype: `full(size, 7)` is int64).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Item {
    Bool(bool),
    Int(i64),
    Float(f64),
}

impl Item {
    /// The number as a float (a bool as 0 or 1).
    pub fn value(self) -> f64 {
        match self {
            Item::Bool(b) => f64::from(u8::from(b)),
            Item::Int(i) => i as f64,
            Item::Float(x) => x,
        }
    }
}

impl<B: Backend> Session<B> {
    /// Whether every element of `x` is nonzero: `all()` recorded, its one value read back
    /// (torch's `allclose`/`equal` answer a Python bool).
    pub fn all_true(&mut self, x: Handle) -> Result<bool> {
        let all = self.record(
            Op::logical(crate::ops::logical::Tally::All, &[], false),
            &[x],
        )?;
        let v = B::to_f64(self.value(all)?.get())?;
        Ok(v.first().copied().unwrap_or(0.0) != 0.0)
    }

    /// torch's `item()`: the value of a one-element tensor, as the Python number of its kind
    /// (one element read to the host). Any other shape is a `ShapeError`; an interval holds
    /// two bounds (`bounds()` reads them): a `DTypeError`.
    pub fn item(&self, x: Handle) -> Result<Item> {
        self.check_item(x)?;
        let v = self.value(x)?;
        let dtype = B::dtype(v.get());
        let x = Self::read_scalar(v.get())?;
        Ok(match dtype {
            DType::Bool => Item::Bool(x != 0.0),
            d if d.is_data() => Item::Int(x as i64),
            _ => Item::Float(x),
        })
    }

    /// torch's `quantile(x, q, dim, keepdim, interpolation)`: `q` numbers (a list: a
    /// leading dim of the result), or a 0-d or 1-d tensor whose values are read (they choose
    /// what is recorded) and which gets its gradient, as in torch.
    pub fn quantile(
        &mut self,
        x: Handle,
        q: crate::ops::derive::Levels,
        dim: Option<i64>,
        keepdim: bool,
        interpolation: String,
    ) -> Result<Handle> {
        use crate::ops::derive::{Derive, Interpolation, Levels};
        let interpolation = Interpolation::parse(&interpolation)?;
        let (levels, vector, tensor) = match q {
            Levels::Numbers(q, vector) => (q, vector, None),
            Levels::Tensor(h) => {
                let v = self.value(h)?;
                let rank = B::shape(v.get()).len();
                if rank > 1 {
                    return Err(Error::Argument(format!(
                        "quantile: q must be a scalar or 1D tensor, got {rank} dims"
                    )));
                }
                (B::to_f64(v.get())?, rank > 0, Some(h))
            }
        };
        let d = Derive::Quantile {
            q: levels,
            vector,
            q_tensor: tensor.is_some(),
            dim,
            keepdim,
            interpolation,
        };
        let operands = [Some(x), tensor].into_iter().flatten();
        self.derive(&d, operands.map(Operand::Node).collect())
    }

    /// [`Session::item`]'s checks, without reading the value (a captured step's `item()`).
    pub fn check_item(&self, x: Handle) -> Result<()> {
        let v = self.value(x)?;
        let shape = B::shape(v.get());
        if shape.iter().product::<i64>() != 1 {
            return Err(Error::Shape(format!(
                "item(): only one-element tensors can be converted to a Python number, got shape {shape:?}"
            )));
        }
        if B::dtype(v.get()) == DType::Interval {
            return Err(Error::DType(
                "item() of an interval tensor: read its lower and upper bounds with bounds()"
                    .into(),
            ));
        }
        Ok(())
    }

    /// torch's `allclose(a, b, rtol, atol, equal_nan)`: `isclose(...).all()`, read back.
    pub fn allclose(
        &mut self,
        a: Handle,
        b: Handle,
        rtol: f64,
        atol: f64,
        equal_nan: bool,
    ) -> Result<bool> {
        let d = crate::ops::derive::Derive::IsClose {
            rtol,
            atol,
            equal_nan,
        };
        let close = self.derive(&d, vec![Operand::Node(a), Operand::Node(b)])?;
        self.all_true(close)
    }

    /// torch's `equal(a, b)`: the same shape and the same elements.
    pub fn equal(&mut self, a: Handle, b: super::Operand<B>) -> Result<bool> {
        let super::Operand::Node(b) = b else {
            return Err(Error::Argument(
                "equal: the other operand must be a tensor".into(),
            ));
        };
        if self.shape(a)? != self.shape(b)? {
            return Ok(false);
        }
        let eq = self.record(Op::predicate(crate::kernel::Predicate::Eq), &[a, b])?;
        self.all_true(eq)
    }
}
