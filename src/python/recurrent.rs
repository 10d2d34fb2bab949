//! `_rnn`: the forward of `nn.RNN`, `nn.LSTM`, `nn.GRU` and their cells (see `ops/rnn.rs`),
//! called by `eagertape.nn.rnn`'s modules with their flat weights.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::classes::{lock, name, PyTensor};
use crate::error::Error;
use crate::ops::recurrent::Cell;
use crate::ops::rnn::Rnn;
use crate::session::Operand;

/// `_rnn(mode, input, hx, cx, weights, hidden_size, proj_size, num_layers, bias,
/// batch_first, bidirectional, dropout, training, lengths, step)` →
/// `(output, h_n, c_n or None)`; `mode` is torch's (`"LSTM"`, `"GRU"`, `"RNN_TANH"`,
/// `"RNN_RELU"`), `weights` torch's `_flat_weights` order.
#[pyfunction]
#[pyo3(signature = (mode, input, hx, cx, weights, hidden_size, proj_size, num_layers, bias, batch_first, bidirectional, dropout, training, lengths=None, step=false))]
#[allow(clippy::too_many_arguments)]
pub fn _rnn<'py>(
    py: Python<'py>,
    mode: &str,
    input: &PyTensor,
    hx: Option<&Bound<'py, PyAny>>,
    cx: Option<&Bound<'py, PyAny>>,
    weights: Vec<Bound<'py, PyAny>>,
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
) -> PyResult<Bound<'py, PyTuple>> {
    let spec = Rnn {
        cell: Cell::parse(mode)?,
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
    let mut operands = vec![Operand::Node(input.handle())];
    let states: Vec<_> = [hx, cx]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_none())
        .collect();
    for s in &states {
        operands.push(input.operand(py, s)?);
    }
    for w in &weights {
        operands.push(input.operand(py, w)?);
    }
    let n = states.len();
    let cell = input.cell()?;
    let slots = py.detach(|| {
        let mut s = lock(&cell);
        let out = crate::guard::contained("rnn", || s.rnn(&spec, operands, n))?;
        let mut slots = vec![name(&mut s, out.output), name(&mut s, out.h)];
        slots.extend(out.c.map(|c| name(&mut s, c)));
        Ok::<_, Error>(slots)
    })?;
    let mut items: Vec<Py<PyAny>> = slots
        .into_iter()
        .map(|slot| Ok(Py::new(py, PyTensor::named(&cell, slot))?.into_any()))
        .collect::<PyResult<_>>()?;
    if items.len() == 2 {
        items.push(py.None());
    }
    PyTuple::new(py, items)
}
