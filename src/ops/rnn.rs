//! torch's `nn.RNN`, `nn.LSTM` and `nn.GRU` forward (and their `*Cell`s: one step of one
//! layer) as the composition of their layers ([`rnn`]): one [`Recurrent`] node per layer and
//! direction (`ops/recurrent.rs`), the directions' outputs joined along the features, dropout
//! between layers in training, the batch-first and unbatched layouts turned into and out of
//! time-major views, and the flat outputs of each node recorded as views of their pieces.

use std::sync::Arc;

use super::compose::{self, fused_or_composed, Recorder};
use super::index::Select;
use super::recurrent::{Cell, Recurrent};
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// What a call of a recurrent module computes.
#[derive(Debug, Clone)]
pub struct Rnn {
    pub cell: Cell,
    pub hidden: i64,
    /// LSTM's `proj_size` (0: none).
    pub proj: i64,
    pub layers: i64,
    pub bias: bool,
    pub batch_first: bool,
    pub bidirectional: bool,
    /// Dropout on the outputs of every layer but the last, in training.
    pub dropout: f64,
    pub training: bool,
    /// Per batch entry, its number of steps (a packed sequence's lengths).
    pub lengths: Option<Arc<[i64]>>,
    /// A cell (`nn.LSTMCell`, ...): one step, the input `[B, I]` or `[I]`, the states
    /// `[B, H]` or `[H]`; the result is the new states.
    pub step: bool,
}

/// The results: the output sequence (a cell: the new hidden state), the last hidden states
/// `[L·D, B, H_out]` and (LSTM) the last cell states `[L·D, B, H]` (a cell: its new cell
/// state).
pub struct RnnOut {
    pub output: Handle,
    pub h: Handle,
    pub c: Option<Handle>,
}

impl Rnn {
    fn name(&self) -> &'static str {
        self.cell.name()
    }
    fn dirs(&self) -> i64 {
        if self.bidirectional {
            2
        } else {
            1
        }
    }
    fn hout(&self) -> i64 {
        if self.proj > 0 {
            self.proj
        } else {
            self.hidden
        }
    }
    /// Weights per layer and direction, in torch's `_flat_weights` order.
    pub fn per_layer(&self) -> usize {
        2 + if self.bias { 2 } else { 0 } + usize::from(self.proj > 0)
    }
    fn check(&self) -> Result<()> {
        let op = self.name();
        if self.layers < 1 {
            return Err(Error::Argument(format!(
                "{op}: num_layers must be positive, got {}",
                self.layers
            )));
        }
        if !(0.0..=1.0).contains(&self.dropout) {
            return Err(Error::Argument(format!(
                "{op}: dropout should be a number in range [0, 1] representing the probability of \
                 an element being zeroed, got {}",
                self.dropout
            )));
        }
        if self.step && (self.layers != 1 || self.bidirectional || self.lengths.is_some()) {
            return Err(Error::Argument(format!(
                "{op}: a cell is one layer in one direction without lengths"
            )));
        }
        Ok(())
    }
}

/// torch's shape check of a state: `[L·D, B, H]` (unbatched `[L·D, H]`; a cell `[B, H]` or
/// `[H]`).
fn expect_state(op: &str, what: &str, got: &[i64], want: &[i64]) -> Result<()> {
    if got != want {
        let want: Vec<String> = want.iter().map(i64::to_string).collect();
        return Err(Error::Shape(format!(
            "{op}: Expected {what} size ({}), got {got:?}",
            want.join(", ")
        )));
    }
    Ok(())
}

/// `spec` on `input` with the initial states `hx` (and, LSTM, `cx`; torch's `(h_0, c_0)`),
/// `weights` in torch's `_flat_weights` order (per layer, per direction: `weight_ih`,
/// `weight_hh`, `bias_ih`, `bias_hh`, `weight_hr`, those that exist).
pub fn rnn<B: Backend>(
    r: &mut dyn Recorder<B>,
    spec: &Rnn,
    input: Handle,
    hx: Option<Handle>,
    cx: Option<Handle>,
    weights: &[Handle],
) -> Result<RnnOut> {
    spec.check()?;
    let op = spec.name();
    let lstm = spec.cell == Cell::Lstm;
    let (dirs, hout, h) = (spec.dirs(), spec.hout(), spec.hidden);
    let want = (spec.layers * dirs) as usize * spec.per_layer();
    if weights.len() != want {
        return Err(Error::Argument(format!(
            "{op}: expected {want} weights for {} layer(s) and {dirs} direction(s), got {}",
            spec.layers,
            weights.len()
        )));
    }
    if hx.is_some() != cx.is_some() && lstm {
        return Err(Error::Argument(format!(
            "{op}: the initial states are given as (h_0, c_0) together"
        )));
    }
    let xshape = r.shape(input)?;
    let wshape = r.shape(weights[0])?;
    if let (Some(&got), Some(&want)) = (xshape.last(), wshape.get(1)) {
        if got != want {
            return Err(Error::Shape(format!(
                "{op}: input.size(-1) must be equal to input_size. Expected {want}, got {got}"
            )));
        }
    }
    let batched_rank = if spec.step { 2 } else { 3 };
    let batched = match xshape.len() {
        n if n == batched_rank => true,
        n if n == batched_rank - 1 => false,
        _ => {
            return Err(Error::Shape(format!(
                "{op}: expected input to be {}-D or {}-D but received {}-D tensor",
                batched_rank - 1,
                batched_rank,
                xshape.len()
            )))
        }
    };
    if spec.lengths.is_some() && !batched {
        return Err(Error::Argument(format!(
            "{op}: a packed sequence is batched"
        )));
    }
    // Time-major `[T, B, I]`.
    let mut x = input;
    if spec.step {
        if !batched {
            x = compose::unsqueeze(r, x, 0)?;
        }
        x = compose::unsqueeze(r, x, 0)?;
    } else if !batched {
        x = compose::unsqueeze(r, x, 1)?;
    } else if spec.batch_first {
        x = r.record(Op::transpose(0, 1), &[x])?;
    }
    let tb = r.shape(x)?;
    let (t, b) = (tb[0], tb[1]);
    let lxd = spec.layers * dirs;
    // The states as `[L·D, B, H]`.
    let state = |r: &mut dyn Recorder<B>,
                 s: Option<Handle>,
                 width: i64,
                 what: &str|
     -> Result<Option<Handle>> {
        let Some(s) = s else { return Ok(None) };
        let got = r.shape(s)?;
        let want: Vec<i64> = match (spec.step, batched) {
            (true, true) => vec![b, width],
            (true, false) => vec![width],
            (false, true) => vec![lxd, b, width],
            (false, false) => vec![lxd, width],
        };
        expect_state(op, what, &got, &want)?;
        let mut s = s;
        if spec.step {
            if !batched {
                s = compose::unsqueeze(r, s, 0)?;
            }
            s = compose::unsqueeze(r, s, 0)?;
        } else if !batched {
            s = compose::unsqueeze(r, s, 1)?;
        }
        Ok(Some(s))
    };
    let (hname, cname) = if lstm {
        ("hidden[0]", "hidden[1]")
    } else {
        ("hidden", "hidden")
    };
    let hx = state(r, hx, hout, hname)?;
    let cx = state(r, cx, h, cname)?;

    let mut layer_in = x;
    let mut hs = Vec::with_capacity(lxd as usize); // bounded: layers times directions
    let mut cs = Vec::with_capacity(lxd as usize); // bounded: layers times directions
    let per = spec.per_layer();
    for l in 0..spec.layers {
        let mut ys = Vec::with_capacity(dirs as usize); // bounded: layers times directions
        for d in 0..dirs {
            let idx = l * dirs + d;
            let unit = Recurrent {
                cell: spec.cell,
                hidden: h,
                proj: spec.proj,
                bias: spec.bias,
                initial: hx.is_some(),
                reverse: d == 1,
                lengths: spec.lengths.clone(),
            };
            let mut ops = vec![layer_in];
            for s in [hx, cx].into_iter().flatten() {
                let sel = Select { dim: 0, index: idx };
                ops.push(r.record(Op::movement(sel), &[s])?);
            }
            let at = idx as usize * per;
            ops.extend_from_slice(&weights[at..at + per]);
            let packed = fused_or_composed(r, unit, &ops)?;
            let tbh = t * b * hout;
            let y = compose::slice(r, packed, 0, 0, tbh, 1)?;
            ys.push(compose::reshape(r, y, &[t, b, hout])?);
            let hn = compose::slice(r, packed, 0, tbh, tbh + b * hout, 1)?;
            hs.push(compose::reshape(r, hn, &[b, hout])?);
            if lstm {
                let at = tbh + b * hout;
                let cn = compose::slice(r, packed, 0, at, at + b * h, 1)?;
                cs.push(compose::reshape(r, cn, &[b, h])?);
            }
        }
        layer_in = compose::cat(r, &ys, 2)?;
        if spec.training && spec.dropout > 0.0 && l + 1 < spec.layers {
            layer_in = r.dropout(layer_in, spec.dropout)?;
        }
    }
    if spec.step {
        // A cell's results are its new states, `[B, H]` (or `[H]`).
        let [hn] = hs[..] else {
            return Err(Error::Backend(format!("{op}: a cell has one state")));
        };
        let unbatch = |r: &mut dyn Recorder<B>, s: Handle| {
            if batched {
                Ok(s)
            } else {
                compose::squeeze(r, s, 0)
            }
        };
        let hn = unbatch(r, hn)?;
        let cn = cs.first().map(|&c| unbatch(r, c)).transpose()?;
        return Ok(RnnOut {
            output: hn,
            h: hn,
            c: cn,
        });
    }
    let mut hn = compose::stack(r, &hs, 0)?;
    let mut cn = if lstm {
        Some(compose::stack(r, &cs, 0)?)
    } else {
        None
    };
    let mut output = layer_in;
    if !batched {
        output = compose::squeeze(r, output, 1)?;
        hn = compose::squeeze(r, hn, 1)?;
        cn = cn.map(|c| compose::squeeze(r, c, 1)).transpose()?;
    } else if spec.batch_first {
        output = r.record(Op::transpose(0, 1), &[output])?;
    }
    Ok(RnnOut {
        output,
        h: hn,
        c: cn,
    })
}

/// `_rnn`'s core: the [`Rnn`] its arguments describe (`mode` torch's: `"LSTM"`, `"GRU"`,
/// `"RNN_TANH"`, `"RNN_RELU"`) on `input`, the states given and the flat weights; `(output,
/// h_n, c_n)`, `c_n` an LSTM's only.
#[allow(clippy::too_many_arguments)] // torch's module options, one each
pub fn forward<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    mode: String,
    hx: Option<Handle>,
    cx: Option<Handle>,
    weights: Vec<Handle>,
    hidden_size: i64,
    proj_size: i64,
    num_layers: i64,
    bias: bool,
    batch_first: bool,
    bidirectional: bool,
    dropout: f64,
    training: bool,
    lengths: Option<Vec<i64>>,
    step: bool,
) -> Result<(Handle, Handle, Option<Handle>)> {
    let spec = Rnn {
        cell: Cell::parse(&mode)?,
        hidden: hidden_size,
        proj: proj_size,
        layers: num_layers,
        bias,
        batch_first,
        bidirectional,
        dropout,
        training,
        lengths: lengths.map(Arc::from),
        step,
    };
    let out = rnn(r, &spec, input, hx, cx, &weights)?;
    Ok((out.output, out.h, out.c))
}

/// The private function `eagertape.nn.rnn`'s modules call with their flat weights, for the
/// binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// The forward of `nn.RNN`, `nn.LSTM`, `nn.GRU` (and, with `step=True`, of their
            /// cells: one step of one layer) over `weights` in torch's `_flat_weights` order,
            /// from the initial states `hx` (and `cx` for an LSTM) when given, else zeros.
            /// `lengths`: the sequence lengths of a packed batch. Returns `(output, h_n,
            /// c_n)`, `c_n` `None` but for an LSTM.
            fn _rnn(input: Tensor, mode: Str, hx: Option<Tensor>, cx: Option<Tensor>,
                weights: Tensors, hidden_size: i64, proj_size: i64, num_layers: i64,
                bias: bool, batch_first: bool, bidirectional: bool, dropout: f64,
                training: bool; lengths: Option<Lengths> = None, step: bool = False)
                -> (Tensor, Tensor, Option<Tensor>)
                = crate::ops::rnn::forward;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
