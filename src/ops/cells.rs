//! torch's single-step recurrent cells in the `torch` namespace (`torch.lstm_cell`,
//! `gru_cell`, `rnn_tanh_cell`, `rnn_relu_cell`: the functional forms of `nn.LSTMCell` and
//! the others, weights passed in), each an [`Aten`]: LibTorch's fused cell forward, its
//! autograd backward (`aten.rs`). `lstm_cell`'s two states are two ops (each recomputes the
//! cell: their gradients add up to the one node's).

use tch::Tensor;

use super::aten::Aten;
use super::compose::Recorder;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;

/// Which cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Gru,
    RnnTanh,
    RnnRelu,
}

/// The new state's shape: the input's batch, then the hidden size (`w_hh`'s columns),
/// with torch's checks of the weights against the input and the state.
fn state_shape(name: &str, input: &[i64], w_ih: &[i64], w_hh: &[i64]) -> Result<Vec<i64>> {
    let ([g, i], [g2, h]) = (w_ih, w_hh) else {
        return Err(Error::Shape(format!(
            "{name}: the weights must be matrices, got {w_ih:?} and {w_hh:?}"
        )));
    };
    // (the aten cells take batches: `nn.LSTMCell` and the others add the batch dim of an
    // unbatched input themselves)
    match input {
        [b, n] if n == i && g == g2 => Ok(vec![*b, *h]),
        _ => Err(Error::Shape(format!(
            "{name}: input {input:?} does not match the weights {w_ih:?} and {w_hh:?}: \
             expected (N, {i})"
        ))),
    }
}

/// The operands in order: `input`, the states, `w_ih`, `w_hh`, then the biases given; and
/// where the biases are.
fn operands(
    first: &[Handle],
    w_ih: Handle,
    w_hh: Handle,
    b_ih: Option<Handle>,
    b_hh: Option<Handle>,
) -> (Vec<Handle>, Option<usize>, Option<usize>) {
    let mut xs = first.to_vec(); // bounded: at most eight operands
    xs.extend([w_ih, w_hh]);
    let bi = b_ih.map(|b| {
        xs.push(b);
        xs.len() - 1
    });
    let bh = b_hh.map(|b| {
        xs.push(b);
        xs.len() - 1
    });
    (xs, bi, bh)
}

#[allow(clippy::too_many_arguments)]
fn cell<B: Backend>(
    r: &mut dyn Recorder<B>,
    which: Cell,
    input: Handle,
    hx: Handle,
    w_ih: Handle,
    w_hh: Handle,
    b_ih: Option<Handle>,
    b_hh: Option<Handle>,
) -> Result<Handle> {
    let name = match which {
        Cell::Gru => "gru_cell",
        Cell::RnnTanh => "rnn_tanh_cell",
        Cell::RnnRelu => "rnn_relu_cell",
    };
    let out = state_shape(name, &r.shape(input)?, &r.shape(w_ih)?, &r.shape(w_hh)?)?;
    let (xs, bi, bh) = operands(&[input, hx], w_ih, w_hh, b_ih, b_hh);
    Aten::new(
        name,
        xs.len(),
        move |_| Ok(out.clone()),
        move |t: &[Tensor]| {
            let (b_ih, b_hh) = (bi.map(|i| &t[i]), bh.map(|i| &t[i]));
            Ok(match which {
                Cell::Gru => t[0].f_gru_cell(&t[1], &t[2], &t[3], b_ih, b_hh)?,
                Cell::RnnTanh => t[0].f_rnn_tanh_cell(&t[1], &t[2], &t[3], b_ih, b_hh)?,
                Cell::RnnRelu => t[0].f_rnn_relu_cell(&t[1], &t[2], &t[3], b_ih, b_hh)?,
            })
        },
    )
    .record(r, &xs)
}

/// `gru_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None)`: one GRU step's new state.
pub fn gru_cell<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    hx: Handle,
    w_ih: Handle,
    w_hh: Handle,
    b_ih: Option<Handle>,
    b_hh: Option<Handle>,
) -> Result<Handle> {
    cell(r, Cell::Gru, input, hx, w_ih, w_hh, b_ih, b_hh)
}

/// `rnn_tanh_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None)`: `tanh` of the two affine
/// maps' sum.
pub fn rnn_tanh_cell<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    hx: Handle,
    w_ih: Handle,
    w_hh: Handle,
    b_ih: Option<Handle>,
    b_hh: Option<Handle>,
) -> Result<Handle> {
    cell(r, Cell::RnnTanh, input, hx, w_ih, w_hh, b_ih, b_hh)
}

/// `rnn_relu_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None)`: `relu` of the two affine
/// maps' sum.
pub fn rnn_relu_cell<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    hx: Handle,
    w_ih: Handle,
    w_hh: Handle,
    b_ih: Option<Handle>,
    b_hh: Option<Handle>,
) -> Result<Handle> {
    cell(r, Cell::RnnRelu, input, hx, w_ih, w_hh, b_ih, b_hh)
}

/// `lstm_cell(input, hx, w_ih, w_hh, b_ih=None, b_hh=None)` with `hx = (h, c)`: one LSTM
/// step's `(h', c')`.
pub fn lstm_cell<B: Backend>(
    r: &mut dyn Recorder<B>,
    input: Handle,
    hx: Vec<Handle>,
    w_ih: Handle,
    w_hh: Handle,
    b_ih: Option<Handle>,
    b_hh: Option<Handle>,
) -> Result<(Handle, Handle)> {
    let [h, c] = hx[..] else {
        return Err(Error::Argument(format!(
            "lstm_cell: hx must be a pair (h, c), got {} tensors",
            hx.len()
        )));
    };
    let out = state_shape(
        "lstm_cell",
        &r.shape(input)?,
        &r.shape(w_ih)?,
        &r.shape(w_hh)?,
    )?;
    let (xs, bi, bh) = operands(&[input, h, c], w_ih, w_hh, b_ih, b_hh);
    let part = |which: usize| {
        let out = out.clone();
        Aten::new(
            "lstm_cell",
            xs.len(),
            move |_| Ok(out.clone()),
            move |t: &[Tensor]| {
                let (b_ih, b_hh) = (bi.map(|i| &t[i]), bh.map(|i| &t[i]));
                let hx: Vec<&Tensor> = t[1..3].iter().collect();
                let (h, c) = t[0].f_lstm_cell(&hx, &t[3], &t[4], b_ih, b_hh)?;
                Ok(if which == 0 { h } else { c })
            },
        )
    };
    let h2 = part(0).record(r, &xs)?;
    let c2 = part(1).record(r, &xs)?;
    Ok((h2, c2))
}

/// The cells' function forms, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// One LSTM step (`nn.LSTMCell`'s function form, the weights passed in).
            ///
            /// Args:
            ///     input (Tensor): `(N, I)`.
            ///     hx (tuple of Tensor): `(h, c)`, each `(N, H)`.
            ///     w_ih (Tensor): `(4H, I)`.
            ///     w_hh (Tensor): `(4H, H)`.
            ///     b_ih (Tensor, optional): `(4H,)`. Default: ``None``.
            ///     b_hh (Tensor, optional): `(4H,)`. Default: ``None``.
            ///
            /// Returns:
            ///     tuple[Tensor, Tensor]: the new `(h, c)`.
            fn lstm_cell(input: Tensor, hx: Tensors, w_ih: Tensor, w_hh: Tensor;
                b_ih: Option<Tensor> = None, b_hh: Option<Tensor> = None) -> (Tensor, Tensor)
                = crate::ops::cells::lstm_cell;

            /// One GRU step (`nn.GRUCell`'s function form, the weights passed in).
            ///
            /// Args:
            ///     input (Tensor): `(N, I)`.
            ///     hx (Tensor): `(N, H)`.
            ///     w_ih (Tensor): `(3H, I)`.
            ///     w_hh (Tensor): `(3H, H)`.
            ///     b_ih (Tensor, optional): `(3H,)`. Default: ``None``.
            ///     b_hh (Tensor, optional): `(3H,)`. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: the new state.
            fn gru_cell(input: Tensor, hx: Tensor, w_ih: Tensor, w_hh: Tensor;
                b_ih: Option<Tensor> = None, b_hh: Option<Tensor> = None)
                = crate::ops::cells::gru_cell;

            /// One Elman RNN step with `tanh` (`nn.RNNCell`'s function form).
            ///
            /// Args:
            ///     input (Tensor): `(N, I)`.
            ///     hx (Tensor): `(N, H)`.
            ///     w_ih (Tensor): `(H, I)`.
            ///     w_hh (Tensor): `(H, H)`.
            ///     b_ih (Tensor, optional): `(H,)`. Default: ``None``.
            ///     b_hh (Tensor, optional): `(H,)`. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: the new state.
            fn rnn_tanh_cell(input: Tensor, hx: Tensor, w_ih: Tensor, w_hh: Tensor;
                b_ih: Option<Tensor> = None, b_hh: Option<Tensor> = None)
                = crate::ops::cells::rnn_tanh_cell;

            /// One Elman RNN step with `relu` (`nn.RNNCell(nonlinearity="relu")`'s function
            /// form).
            ///
            /// Args:
            ///     input (Tensor): `(N, I)`.
            ///     hx (Tensor): `(N, H)`.
            ///     w_ih (Tensor): `(H, I)`.
            ///     w_hh (Tensor): `(H, H)`.
            ///     b_ih (Tensor, optional): `(H,)`. Default: ``None``.
            ///     b_hh (Tensor, optional): `(H,)`. Default: ``None``.
            ///
            /// Returns:
            ///     Tensor: the new state.
            fn rnn_relu_cell(input: Tensor, hx: Tensor, w_ih: Tensor, w_hh: Tensor;
                b_ih: Option<Tensor> = None, b_hh: Option<Tensor> = None)
                = crate::ops::cells::rnn_relu_cell;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
