//! Draws from a session's generator recorded as nodes that can make their value again:
//! dropout's keep mask. The generator is counter-based ([`crate::rng`]), so the node keeps
//! the position its draw started at, and its forward, run again by the backward of a
//! checkpointed block ([`crate::session::Session::checkpoint_end`]), makes the same mask.
//! The node has no parents: no gradient flows into a draw.

use crate::backend::Backend;
use crate::buffer::Value;
use crate::config::{DType, Device};
use crate::error::Result;
use crate::kernel::Arity;
use crate::rng::RngState;

use super::{fresh, Cotangents, Grad, Output, Rule};

/// Inverted dropout's mask: element `i` is `1 / (1 - p)` where uniform `u_i >= p` (kept),
/// else 0 (`p == 1`: all zero). One 53-bit uniform per element, from `rng`'s position.
#[derive(Debug, Clone)]
pub struct DropoutMask {
    /// The generator at the first value of this draw.
    pub rng: RngState,
    pub p: f64,
    pub shape: Vec<i64>,
    pub dtype: DType,
    pub device: Device,
}

impl DropoutMask {
    /// How many positions of the generator the draw uses (one per element).
    pub fn positions(&self) -> u64 {
        self.shape.iter().product::<i64>().max(0) as u64
    }

    /// The same draw from the generator's position `rng` (a replay of a captured step draws
    /// fresh values where the eager step would).
    pub fn redrawn(&self, rng: RngState) -> Self {
        DropoutMask {
            rng,
            ..self.clone()
        }
    }

    /// The scale of a kept element.
    fn scale(&self) -> f64 {
        if self.p < 1.0 {
            1.0 / (1.0 - self.p)
        } else {
            0.0
        }
    }
}

impl<B: Backend> Rule<B> for DropoutMask {
    fn name(&self) -> &'static str {
        "dropout"
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(0)
    }
    fn output(&self) -> Output {
        Output::Fresh
    }
    fn shape(&self, _shapes: &[&[i64]]) -> Result<Vec<i64>> {
        Ok(self.shape.clone())
    }
    /// Made on the device a bounded chunk at a time: the host never holds the whole mask.
    fn forward(&self, _xs: &[&Value<B>]) -> Result<Value<B>> {
        let (rng, p, scale) = (self.rng, self.p, self.scale());
        let _guard = B::no_grad();
        let t = B::generate(&self.shape, self.dtype, self.device, &|at, part| {
            rng.fill_uniform_bits(at as u64, part, 53);
            for u in part.iter_mut() {
                *u = if *u >= p { scale } else { 0.0 };
            }
        })?;
        fresh(t)
    }
    fn backward(&self, _cx: &Grad<'_, B>) -> Result<Cotangents<B>> {
        Ok(Vec::new())
    }
    fn saves_output(&self, _needs: &[bool]) -> bool {
        false
    }
}

/// `dropout` and the channel and alpha dropouts as torch's functions, each a `Session` entry
/// point that draws from the session's generator, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// During training, randomly zeroes some elements of the input tensor with probability `p`.
            ///
            /// Inverted dropout: the kept elements are scaled by `1 / (1 - p)`. The mask is drawn from the
            /// generator of `x`'s session (seeded by its `Config`) in `x`'s dtype, and recorded as a node that
            /// can draw itself again (a checkpointed block's backward recomputes it). When `training` is false
            /// or `p` is 0 the result names `x`'s value and nothing is recorded. This is torch's
            /// `torch.dropout(input, p, train)`; `eagertape.nn.functional.dropout` has torch's `F.dropout`
            /// signature.
            ///
            /// Args:
            ///     x (Tensor): the input.
            ///     p (float): the probability of an element to be zeroed. Default: ``0.5``.
            ///     training (bool): apply dropout if true, else return `x`. Default: ``True``.
            ///
            /// Returns:
            ///     Tensor: of the shape and dtype of `x`.
            ///
            /// Raises:
            ///     ArgumentError: `p` is outside `[0, 1]` (also when `training` is false).
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     x = et.ones(4)
            ///     ...     et.dropout(x, p=0.5, training=False).tolist()
            ///     ...     et.dropout(x, p=1.0).tolist()
            ///     [1.0, 1.0, 1.0, 1.0]
            ///     [0.0, 0.0, 0.0, 0.0]
            fn dropout(x: Tensor; p: f64 = 0.5, training: bool = True)
                = @session Session::dropout;

            /// `_feature_dropout(x, p, training, feature, alpha)`: torch's `dropout1d/2d/3d`
            /// (`feature`), `alpha_dropout` (`alpha`) and `feature_alpha_dropout` (both) on an input
            /// the caller has put in `(N, C, ...)` layout.
            fn _feature_dropout(x: Tensor, p: f64, training: bool, feature: bool, alpha: bool;)
                = @session Session::feature_dropout;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
/// The session's samplers that are `Tensor` methods too (`bernoulli`, `multinomial`), each a
/// `Session` entry point drawing from the session's generator, for the binding's generator
/// `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! sampling_functions {
    ($gen:ident) => {
        $gen! {
            /// Draws binary random numbers (0 or 1) from a Bernoulli distribution.
            ///
            /// Each element of the result is 1 with the probability the same element of `input` holds
            /// (or with probability `p`, if given), drawn from the session's generator. The result has
            /// `input`'s shape and dtype and carries no gradient.
            ///
            /// Args:
            ///     input (Tensor): the probabilities, in ``[0, 1]``.
            ///     p (float, optional): one probability for every element instead of `input`'s values.
            ///         Default: ``None``.
            ///     generator: not supported (the session's generator draws); must be ``None``.
            ///
            /// Returns:
            ///     Tensor: the 0/1 draws.
            ///
            /// Raises:
            ///     ArgumentError: a `generator` is given.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(seed=0):
            ///     ...     et.bernoulli(et.tensor([0.0, 1.0, 1.0])).tolist()
            ///     [0.0, 1.0, 1.0]
            fn bernoulli(input: Tensor; p: Option<f64> = None; generator: Generator = None)
                = @session Session::bernoulli;

            /// Returns a tensor where each row contains `num_samples` indices sampled from the
            /// multinomial probability distribution located in the corresponding row of `input`.
            ///
            /// `input` holds non-negative weights (they need not sum to one), 1-D or 2-D (one
            /// distribution per row). The `int64` indices are drawn from the session's generator: with
            /// replacement by each row's inverse CDF, without by exponential races (torch's method).
            ///
            /// Args:
            ///     input (Tensor): the weights, of shape `(k,)` or `(n, k)`.
            ///     num_samples (int): the number of samples to draw per row.
            ///     replacement (bool): whether to draw with replacement. Default: ``False``.
            ///     generator: not supported (the session's generator draws); must be ``None``.
            ///
            /// Returns:
            ///     Tensor: `int64` indices of shape `(num_samples,)` or `(n, num_samples)`.
            ///
            /// Raises:
            ///     ArgumentError: more samples than categories without replacement, or a `generator`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(seed=0):
            ///     ...     et.multinomial(et.tensor([0.0, 1.0, 0.0]), 2, replacement=True).tolist()
            ///     [1, 1]
            fn multinomial(input: Tensor, num_samples: i64; replacement: bool = False;
                generator: Generator = None)
                = @session Session::multinomial;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use sampling_functions;
