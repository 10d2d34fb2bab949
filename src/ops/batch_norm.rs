//! `batch_norm(x, running_mean, running_var, weight, bias, training, momentum, eps)`: a
//! [`Layer`] with LibTorch's `native_batch_norm` forward and its dedicated
//! `native_batch_norm_backward` (through `src/shim/layers.cpp`), saving what torch saves.
//!
//! Running statistics are never written under a live tape. In eval mode they are operands
//! (leaves of the parameters' snapshots, without gradient). In training mode they are not
//! operands (the output does not depend on them): the caller hands the layer fresh copies,
//! LibTorch's forward updates those copies in place exactly as torch updates its buffers,
//! and the caller takes them back right after the forward and publishes them as the
//! parameters' new snapshots ([`BatchNorm::running`]).

use std::sync::{Arc, Mutex};

use tch::Tensor;

use super::binary::BinaryOp;
use super::compose::{self, Composed, Recorder};
use super::layers::Layer;
use super::scalar::ScalarOp;
use super::unary::UnaryOp;
use super::Arity;
use crate::backend::layer_kernels::{batch_norm_backward, BatchNormStats};
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// Fresh copies of the running mean and variance, shared by the caller and the node.
pub type RunningSlot = Arc<Mutex<Option<[Tensor; 2]>>>;

/// One batch norm; operands: x `(N, C, ...)`, the weight and the bias where given (each
/// `(C,)`), then in eval mode the running mean and variance.
#[derive(Debug, Clone)]
pub struct BatchNorm {
    pub training: bool,
    pub momentum: f64,
    pub eps: f64,
    pub weight: bool,
    pub bias: bool,
    /// Training with running statistics: the copies the forward updates in place. The
    /// caller empties the slot right after the forward, so the tape keeps no copy.
    pub running: Option<RunningSlot>,
}

impl BatchNorm {
    fn affine<'a>(&self, xs: &[&'a Tensor]) -> (Option<&'a Tensor>, Option<&'a Tensor>) {
        let w = self.weight.then(|| xs[1]);
        let b = self.bias.then(|| xs[1 + usize::from(self.weight)]);
        (w, b)
    }
    /// The index of the running mean among the operands (eval mode).
    fn stats_at(&self) -> usize {
        1 + usize::from(self.weight) + usize::from(self.bias)
    }
}

impl Layer for BatchNorm {
    fn name(&self) -> &'static str {
        "batch_norm"
    }
    fn mixed_params(&self) -> bool {
        true
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(self.stats_at() + if self.training { 0 } else { 2 })
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let x = shapes[0];
        if x.len() < 2 {
            return Err(Error::Shape(format!(
                "batch_norm: expected an input of at least 2 dims (N, C, ...), got {x:?}"
            )));
        }
        let c = x[1];
        for s in &shapes[1..] {
            if *s != [c] {
                return Err(Error::ShapeMismatch {
                    op: "batch_norm".into(),
                    what: "weight, bias and running statistics (one per input channel)".into(),
                    expected: vec![c],
                    got: s.to_vec(),
                });
            }
        }
        let per_channel: i64 = x.iter().product::<i64>() / c.max(1);
        // torch's check is for exactly one value (an empty batch is accepted).
        if self.training && per_channel == 1 {
            return Err(Error::Argument(format!(
                "batch_norm: expected more than 1 value per channel when training, got input \
                 size {x:?}"
            )));
        }
        Ok(x.to_vec())
    }
    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        let (w, b) = self.affine(xs);
        if xs[0].numel() == 0 {
            // torch's empty batch (`_batch_norm_impl_index`): an empty output, running
            // statistics unchanged, no statistics to keep.
            let none = Tensor::f_empty([0], (xs[0].kind(), xs[0].device()))?;
            return Ok((xs[0].f_empty_like()?, vec![none.shallow_clone(), none]));
        }
        if self.training {
            // The copies are only ever replaced whole, so a poisoned lock still holds them.
            let slot = self
                .running
                .as_ref()
                .map(|r| r.lock().unwrap_or_else(|e| e.into_inner()));
            let (rm, rv) = match slot.as_deref() {
                Some(Some([m, v])) => (Some(m), Some(v)),
                _ => (None, None),
            };
            let (y, mean, invstd) =
                xs[0].f_native_batch_norm(w, b, rm, rv, true, self.momentum, self.eps)?;
            Ok((y, vec![mean, invstd]))
        } else {
            let k = self.stats_at();
            let (y, _, _) = xs[0].f_native_batch_norm(
                w,
                b,
                Some(xs[k]),
                Some(xs[k + 1]),
                false,
                self.momentum,
                self.eps,
            )?;
            Ok((y, Vec::new()))
        }
    }
    fn torch_backward(
        &self,
        xs: &[&Tensor],
        workspace: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        let (w, _) = self.affine(xs);
        if g.numel() == 0 {
            // An empty batch: an empty input cotangent, zero for the weight and bias.
            let c = xs[0].size().get(1).copied().unwrap_or(0);
            let zeros = |need: bool| -> Result<Option<Tensor>> {
                Ok(if need {
                    Some(Tensor::f_zeros([c], (g.kind(), g.device()))?)
                } else {
                    None
                })
            };
            let mut out = vec![if needs[0] {
                Some(g.f_empty_like()?)
            } else {
                None
            }];
            if self.weight {
                out.push(zeros(needs[1])?);
            }
            if self.bias {
                out.push(zeros(needs[1 + usize::from(self.weight)])?);
            }
            out.resize_with(xs.len(), || None);
            return Ok(out);
        }
        let empty;
        let stats = if self.training {
            let [mean, invstd] = workspace else {
                return Err(Error::Backend(
                    "batch_norm: the forward kept no statistics".into(),
                ));
            };
            BatchNormStats {
                running_mean: None,
                running_var: None,
                save_mean: Some(mean),
                save_invstd: Some(invstd),
                train: true,
                eps: self.eps,
            }
        } else {
            // Eval: torch's forward returns empty `save_mean`/`save_invstd` and its backward
            // reads the running statistics; CUDA's kernel asserts that they are defined.
            empty = Tensor::f_empty([0], (xs[0].kind(), xs[0].device()))?;
            let k = self.stats_at();
            BatchNormStats {
                running_mean: Some(xs[k]),
                running_var: Some(xs[k + 1]),
                save_mean: Some(&empty),
                save_invstd: Some(&empty),
                train: false,
                eps: self.eps,
            }
        };
        let wi = 1;
        let bi = 1 + usize::from(self.weight);
        let mask = [needs[0], self.weight && needs[wi], self.bias && needs[bi]];
        let [gx, gw, gb] = batch_norm_backward(g, xs[0], w, &stats, mask)?;
        let mut out = vec![gx];
        if self.weight {
            out.push(gw);
        }
        if self.bias {
            out.push(gb);
        }
        out.resize_with(xs.len(), || None);
        Ok(out)
    }
}

impl<B: Backend> Composed<B> for BatchNorm {
    /// Eval mode: `(x − running_mean) · rsqrt(running_var + eps) · weight + bias`, each
    /// statistic broadcast over the channel dim. Training stays LibTorch's (it publishes
    /// new running statistics): `UnsupportedOpError` elsewhere.
    fn can_compose(&self) -> bool {
        !self.training
    }
    fn compose(&self, r: &mut dyn Recorder<B>, xs: &[Handle]) -> Result<Handle> {
        let x = r.shape(xs[0])?;
        let mut per_channel = vec![1i64; x.len() - 1]; // bounded: the tensor's rank
        per_channel[0] = x[1];
        let at = self.stats_at();
        let mean = compose::reshape(r, xs[at], &per_channel)?;
        let var = compose::scalar(r, ScalarOp::Add, xs[at + 1], self.eps)?;
        let scale = compose::unary(r, UnaryOp::Rsqrt, var)?;
        let scale = compose::reshape(r, scale, &per_channel)?;
        let centred = compose::binary(r, BinaryOp::Sub, xs[0], mean)?;
        let mut y = compose::binary(r, BinaryOp::Mul, centred, scale)?;
        let mut next = 1;
        for (given, f) in [(self.weight, BinaryOp::Mul), (self.bias, BinaryOp::Add)] {
            if given {
                let v = compose::reshape(r, xs[next], &per_channel)?;
                y = compose::binary(r, f, y, v)?;
                next += 1;
            }
        }
        Ok(y)
    }
}

/// `F.instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None,
/// use_input_stats=True, momentum=0.1, eps=1e-5)`: each `(n, c)` plane normalized by its own
/// statistics, as a group norm with one group per channel; running statistics are refused.
#[allow(clippy::too_many_arguments)]
pub fn instance_norm<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    running_mean: Option<Handle>,
    running_var: Option<Handle>,
    weight: Option<Handle>,
    bias: Option<Handle>,
    use_input_stats: bool,
    _momentum: f64,
    eps: f64,
) -> Result<Handle> {
    if running_mean.is_some() || running_var.is_some() || !use_input_stats {
        return Err(Error::Argument(
            "instance_norm: running statistics (track_running_stats) are not supported".into(),
        ));
    }
    let shape = r.shape(input)?;
    if shape.len() < 3 {
        return Err(Error::Shape(format!(
            "instance_norm: expected an (N, C, ...) input, got {} dims",
            shape.len()
        )));
    }
    super::norm::group_norm(r, input, shape[1], weight, bias, eps)
}

/// The function form of `instance_norm`, for the binding's generator `$gen`
/// (`src/python/declared/args.rs` and `layout.rs` say what each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Apply Batch Normalization for each channel across a batch of data.
            ///
            /// Each channel (dim 1) is normalized by statistics over every other dim, then `weight` and `bias`
            /// apply per channel. In training mode the batch's statistics are used (biased variance), and when
            /// `running_mean` and `running_var` are given they must be `et.Parameter`s (module buffers):
            /// torch's update, `running = (1 - momentum) * running + momentum * batch_stat` (the unbiased
            /// variance), is published as their new snapshot once the forward succeeded, never written under a
            /// live tape. In eval mode the running statistics are used; they may then be Parameters, tensors or
            /// array data. `input`, `weight` and `bias` get gradients; the running statistics get none.
            /// LibTorch carriers only.
            ///
            /// Args:
            ///     input (Tensor): `(N, C)` or `(N, C, *)`.
            ///     running_mean (Parameter or Tensor, optional): per-channel means, `(C)`.
            ///     running_var (Parameter or Tensor, optional): per-channel variances, `(C)`.
            ///     weight (Tensor, optional): per-channel scale, `(C)`. Default: ``None``.
            ///     bias (Tensor, optional): per-channel shift, `(C)`. Default: ``None``.
            ///     training (bool): use the batch's statistics (and update the running ones).
            ///         Default: ``False``.
            ///     momentum (float): the weight of the batch's statistics in the running update.
            ///         Default: ``0.1``.
            ///     eps (float): a value added to the variance for numerical stability. Default:
            ///         ``1e-5``.
            ///
            /// Returns:
            ///     Tensor: of the input's shape.
            ///
            /// Raises:
            ///     ArgumentError: only one running statistic is given, none in eval mode, or a
            ///         non-finite `eps` or `momentum`.
            ///     TypeError: a running statistic that is not a Parameter in training mode, or a str.
            ///     ShapeError: the input has fewer than 2 dims, or a per-channel operand is not `(C)`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import numpy as np
            ///     >>> with et.Session():
            ///     ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ///     ...     mean, var = et.tensor([1.0, 2.0]), et.tensor([4.0, 4.0])
            ///     ...     et.batch_norm(x, mean, var, eps=0.0).tolist()
            ///     ...     rm = et.nn.Parameter(np.zeros(2, np.float32), requires_grad=False)
            ///     ...     rv = et.nn.Parameter(np.ones(2, np.float32), requires_grad=False)
            ///     ...     y = et.batch_norm(x, rm, rv, training=True, momentum=0.5)
            ///     ...     rm.tolist(), rv.tolist()
            ///     [[0.0, 0.0], [1.0, 1.0]]
            ///     ([1.0, 1.5], [1.5, 1.5])
            fn batch_norm(input: Tensor, running_mean: Option<RunningStat>,
                running_var: Option<RunningStat>; weight: Option<Tensor> = None,
                bias: Option<Tensor> = None, training: bool = False, momentum: f64 = 0.1,
                eps: f64 = 1e-5)
                = @session Session::functional_batch_norm;

            /// `nn.BatchNorm*`'s forward: `batch_norm` with the module's running statistics
            /// (both or neither) and `num_batches_tracked`, which a training step increments
            /// (`momentum=None`: torch's cumulative average over it).
            fn _batch_norm_module(input: Tensor, running_mean: Option<Param>,
                running_var: Option<Param>, weight: Option<Tensor>, bias: Option<Tensor>,
                training: bool, momentum: Option<f64>, eps: f64,
                num_batches_tracked: Option<Param>;)
                = @session Session::batch_norm_module;

            /// Applies Instance Normalization independently for each channel in every data sample
            /// within a batch.
            ///
            /// Each ``(n, c)`` plane is normalized with its own mean and (biased) variance, then scaled
            /// by ``weight`` and shifted by ``bias`` (computed as ``group_norm`` with one channel per
            /// group). Only the input's own statistics are supported: running statistics
            /// (``track_running_stats`` in torch's modules) raise an error.
            ///
            /// Args:
            ///     input (Tensor): ``(N, C, ...)``, at least 3 dims.
            ///     running_mean (Tensor, optional): must be ``None`` (not supported). Default: ``None``.
            ///     running_var (Tensor, optional): must be ``None`` (not supported). Default: ``None``.
            ///     weight (Tensor, optional): per-channel scale, of size ``C``. Default: ``None``.
            ///     bias (Tensor, optional): per-channel shift, of size ``C``. Default: ``None``.
            ///     use_input_stats (bool): must be ``True``. Default: ``True``.
            ///     momentum (float): accepted for torch's signature; unused without running statistics.
            ///         Default: ``0.1``.
            ///     eps (float): a value added to the variance for numerical stability. Default:
            ///         ``1e-5``.
            ///
            /// Returns:
            ///     Tensor: the input's shape.
            ///
            /// Raises:
            ///     ArgumentError: ``running_mean`` or ``running_var`` given, or ``use_input_stats=False``.
            ///     ShapeError: an input of fewer than 3 dims.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     y = F.instance_norm(et.tensor([[[1.0, 3.0], [2.0, 2.0]]]))
            ///     ...     [[round(v, 3) for v in row] for row in y[0].tolist()]
            ///     [[-1.0, 1.0], [0.0, 0.0]]
            fn instance_norm(input: Tensor; running_mean: Option<Tensor> = None,
                running_var: Option<Tensor> = None, weight: Option<Tensor> = None,
                bias: Option<Tensor> = None, use_input_stats: bool = True, momentum: f64 = 0.1,
                eps: f64 = 1e-5)
                = crate::ops::batch_norm::instance_norm;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::testing::{check_grads_libtorch, data, dt};
    use crate::ops::Op;

    fn bn(training: bool, weight: bool, bias: bool) -> BatchNorm {
        BatchNorm {
            training,
            momentum: 0.1,
            eps: 1e-5,
            weight,
            bias,
            running: None,
        }
    }

    #[test]
    fn batch_norm_training_gradients_match_libtorch() {
        check_grads_libtorch(
            &[data(&[4, 3, 5], 900), data(&[3], 901), data(&[3], 902)],
            |s, h| s.record(Op::layer(bn(true, true, true)), &[h[0], h[1], h[2]]),
            |t| {
                Tensor::batch_norm(
                    &t[0],
                    Some(&t[1]),
                    Some(&t[2]),
                    None::<&Tensor>,
                    None::<&Tensor>,
                    true,
                    0.1,
                    1e-5,
                    false,
                )
            },
        );
    }

    #[test]
    fn batch_norm_training_without_affine_gradients_match_libtorch() {
        check_grads_libtorch(
            &[data(&[3, 2, 2, 3], 903)],
            |s, h| s.record(Op::layer(bn(true, false, false)), &[h[0]]),
            |t| {
                Tensor::batch_norm(
                    &t[0],
                    None::<&Tensor>,
                    None::<&Tensor>,
                    None::<&Tensor>,
                    None::<&Tensor>,
                    true,
                    0.1,
                    1e-5,
                    false,
                )
            },
        );
    }

    #[test]
    fn batch_norm_eval_gradients_use_the_running_statistics() {
        // The running statistics are constants; running_var must be positive.
        let rm = || data(&[3], 908);
        let rv = || data(&[3], 907).abs() + 0.5;
        check_grads_libtorch(
            &[data(&[4, 3], 904), data(&[3], 905), data(&[3], 906)],
            |s, h| {
                let m = s.input(&dt(&rm()), false)?;
                let v = s.input(&dt(&rv()), false)?;
                s.record(Op::layer(bn(false, true, true)), &[h[0], h[1], h[2], m, v])
            },
            |t| {
                Tensor::batch_norm(
                    &t[0],
                    Some(&t[1]),
                    Some(&t[2]),
                    Some(&rm()),
                    Some(&rv()),
                    false,
                    0.1,
                    1e-5,
                    false,
                )
            },
        );
    }

    #[test]
    fn batch_norm_training_refuses_one_value_per_channel() {
        let l = bn(true, false, false);
        let err = l.shape(&[&[1, 4]]).unwrap_err();
        assert!(
            err.to_string().contains("more than 1 value per channel"),
            "{err}"
        );
    }
}
