//! `pdist`, `conv_tbc` and the declaration of `gumbel_softmax` (a `Session` entry point,
//! `session/noise.rs`), torch's functions as compositions of the tape's ops: `pdist` the `p`-norms of the row differences above the diagonal, `conv_tbc`
//! a `conv1d` in the `(time, batch, channel)` layout, and `gumbel_softmax` a softmax of
//! the logits plus Gumbel noise drawn from the session's generator (hard: the one-hot of its
//! argmax, with the soft sample's gradient). Declared once below.

use super::binary::BinaryOp;
use super::compose::{self, Recorder};
use super::concat::cat;
use super::convolution::{conv1d, PaddingArg};
use super::reductions::{norm, NumberOrWord};
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// `pdist(input, p=2)`: the `p`-norm distance between every pair of rows `i < j` of the
/// `(N, M)` `input`, in row-major pair order (torch's), `N (N - 1) / 2` values.
pub fn pdist<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, p: f64) -> Result<Handle> {
    let shape = r.shape(x)?;
    if shape.len() != 2 {
        return Err(Error::Shape(format!(
            "pdist only supports 2D tensors, got: {}D",
            shape.len()
        )));
    }
    if p < 0.0 || p.is_nan() {
        return Err(Error::Argument(format!(
            "pdist only supports non-negative p values, got {p}"
        )));
    }
    let n = shape[0];
    let a = r.record(Op::reshape(&[n, 1, shape[1]]), &[x])?;
    let b = r.record(Op::reshape(&[1, n, shape[1]]), &[x])?;
    let diff = r.record(BinaryOp::Sub.op(), &[a, b])?;
    let dist = norm(r, diff, NumberOrWord::Number(p), vec![-1], false)?;
    // the pairs i < j of each row, in row order: a view of each row's tail, joined (no
    // index array: nothing of the result's size goes through the host)
    let rows: Vec<Handle> = (0..n.saturating_sub(1))
        .map(|i| {
            let row = compose::slice(r, dist, 0, i, i + 1, 1)?;
            compose::slice(r, row, 1, i + 1, n, 1)
        })
        .collect::<Result<_>>()?;
    if rows.is_empty() {
        let flat = r.record(Op::reshape(&[n * n]), &[dist])?;
        return compose::slice(r, flat, 0, 0, 0, 1);
    }
    let joined = cat(r, rows, 1)?;
    r.record(Op::reshape(&[-1]), &[joined])
}

/// `conv_tbc(input, weight, bias, pad=0)`: a 1-D convolution of `(T, B, C_in)` input with
/// `(K, C_in, C_out)` weights, giving `(T_out, B, C_out)`.
pub fn conv_tbc<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    weight: Handle,
    bias: Handle,
    pad: i64,
) -> Result<Handle> {
    let (xs, ws) = (r.shape(x)?, r.shape(weight)?);
    if xs.len() != 3 || ws.len() != 3 {
        return Err(Error::Shape(format!(
            "conv_tbc: input must have 3 dims (time, batch, in_channel) and weight 3 dims \
             (kernel, in_channel, out_channel), got {xs:?} and {ws:?}"
        )));
    }
    let input = r.record(Op::permute(&[1, 2, 0]), &[x])?;
    let w = r.record(Op::permute(&[2, 1, 0]), &[weight])?;
    let y = conv1d(
        r,
        input,
        w,
        Some(bias),
        [1],
        PaddingArg::Ints([pad]),
        [1],
        1,
    )?;
    r.record(Op::permute(&[2, 0, 1]), &[y])
}

/// The functions' declarations, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Computes the p-norm distance between every pair of row vectors in the input.
            ///
            /// For `input` `(N, M)` the result has `N * (N - 1) / 2` values: the distances of the pairs
            /// `i < j` in row-major order (the upper triangle of `cdist(input, input)`, torch's order).
            ///
            /// Args:
            ///     input (Tensor): `(N, M)`.
            ///     p (float): the order of the norm, `>= 0`. Default: ``2``.
            ///
            /// Returns:
            ///     Tensor: `(N * (N - 1) / 2,)`.
            ///
            /// Raises:
            ///     et.ShapeError: `input` is not 2-D.
            ///     et.ArgumentError: `p` is negative.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.nn.functional.pdist(et.tensor([[0.0, 0.0], [3.0, 4.0], [0.0, 4.0]])).tolist()
            ///     [5.0, 4.0, 3.0]
            fn pdist(input: Tensor; p: f64 = 2.0) = crate::ops::pairwise::pdist;

            /// Applies a 1-dimensional sequence convolution over an input sequence in the
            /// `(time, batch, channel)` layout.
            ///
            /// Args:
            ///     input (Tensor): `(T, B, C_in)`.
            ///     weight (Tensor): `(K, C_in, C_out)`.
            ///     bias (Tensor): `(C_out,)`.
            ///     pad (int): the zero padding of the time dimension, both sides. Default: ``0``.
            ///
            /// Returns:
            ///     Tensor: `(T + 2 * pad - K + 1, B, C_out)`.
            ///
            /// Raises:
            ///     et.ShapeError: the ranks or channels do not fit.
            fn conv_tbc(input: Tensor, weight: Tensor, bias: Tensor; pad: i64 = 0)
                = crate::ops::pairwise::conv_tbc;

            /// Samples from the Gumbel-Softmax distribution and optionally discretizes.
            ///
            /// `softmax((logits + g) / tau)` with `g` standard Gumbel noise drawn from the generator of the
            /// logits' session (so the draws differ from torch's); with `hard`, the one-hot of each
            /// sample's argmax along `dim`, whose gradient is the soft sample's (straight-through).
            ///
            /// Args:
            ///     logits (Tensor): `[..., num_features]` unnormalized log probabilities.
            ///     tau (float): the non-negative temperature. Default: ``1``.
            ///     hard (bool): return one-hot samples (with the soft gradient). Default: ``False``.
            ///     eps (float): accepted for torch's signature (deprecated there); unused. Default:
            ///         ``1e-10``.
            ///     dim (int): the dimension along which softmax is computed. Default: ``-1``.
            ///
            /// Returns:
            ///     Tensor: of the shape of `logits`: samples that sum to 1 along `dim`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     y = et.nn.functional.gumbel_softmax(et.zeros(2, 5), hard=True)
            ///     ...     y.sum(-1).tolist()
            ///     [1.0, 1.0]
            fn gumbel_softmax(logits: Tensor; tau: f64 = 1.0, hard: bool = False, eps: f64 = 1e-10,
                dim: i64 = (-1))
                = @session Session::gumbel_softmax;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
