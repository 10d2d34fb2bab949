//! Recurrent layers: one layer of `nn.RNN` (tanh or relu), `nn.LSTM` (with `proj_size`) or
//! `nn.GRU`, in one direction, over the whole sequence as **one node** ([`Recurrent`]). Its
//! forward runs the recurrence step by step on LibTorch (the input projection of every step
//! in one matrix product first, as torch's `FullLayer` does) and keeps the gate activations
//! and the states each step read as the node's workspace; its backward runs the recurrence
//! backwards through them and forms the weight gradients in one matrix product each at the
//! end. The gate formulas are torch's (`aten/src/ATen/native/RNN.cpp`): LSTM gates `i f g o`,
//! `c' = f·c + i·g`, `h' = o·tanh(c')` (then `h' @ W_hr^T` with a projection); GRU gates
//! `r z n`, `n = tanh(x_n + r·(h W_hn^T + b_hn))`, `h' = n + z·(h − n)`.
//!
//! The output is one flat tensor: the per-step outputs `[T, B, H_out]`, then the last hidden
//! state `[B, H_out]`, then (LSTM) the last cell state `[B, H]`, row-major end to end; the
//! stacking in `ops/rnn.rs` records the three pieces as views of it, so every output has a
//! gradient and the node is still one. Packed sequences (`lengths`): entry `b` runs only its
//! first `lengths[b]` steps (a reverse layer starts at its last valid step); its outputs past
//! that are 0 and its state is carried unchanged, selected exactly (`where`), as torch's
//! packed kernels compute.
//!
//! The reference carriers run [`Composed::compose`]: the same recurrence recorded as the ops
//! it is made of (a node per gate op), producing the same flat tensor.

use std::sync::Arc;

use tch::{Kind, Tensor};

use super::binary::BinaryOp;
use super::compose::{self, Composed, Recorder};
use super::lstm_onednn;
use super::scalar::ScalarOp;
use super::unary::UnaryOp;
use super::Op;
use crate::backend::Backend;
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::kernel::{Arity, Layer};

/// The cell of a recurrent layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    RnnTanh,
    RnnRelu,
    Lstm,
    Gru,
}

impl Cell {
    /// torch's mode names (`RNN_TANH`, `RNN_RELU`, `LSTM`, `GRU`).
    pub fn parse(mode: &str) -> Result<Self> {
        match mode {
            "RNN_TANH" => Ok(Cell::RnnTanh),
            "RNN_RELU" => Ok(Cell::RnnRelu),
            "LSTM" => Ok(Cell::Lstm),
            "GRU" => Ok(Cell::Gru),
            _ => Err(Error::Argument(format!(
                "unknown recurrent mode {mode:?}: expected 'RNN_TANH', 'RNN_RELU', 'LSTM' or 'GRU'"
            ))),
        }
    }
    /// How many gate blocks of `hidden` rows the weights stack (torch's `gate_size`).
    pub fn gates(self) -> i64 {
        match self {
            Cell::RnnTanh | Cell::RnnRelu => 1,
            Cell::Lstm => 4,
            Cell::Gru => 3,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Cell::RnnTanh => "rnn_tanh",
            Cell::RnnRelu => "rnn_relu",
            Cell::Lstm => "lstm",
            Cell::Gru => "gru",
        }
    }
}

/// One recurrent layer in one direction. Operands, in order: the input `[T, B, I]`
/// (time-major), the initial hidden state `[B, H_out]` and (LSTM) cell state `[B, H]` where
/// `initial` (else zeros), `weight_ih [G·H, I]`, `weight_hh [G·H, H_out]`, `bias_ih` and
/// `bias_hh [G·H]` where `bias`, `weight_hr [H_out, H]` where `proj > 0`.
#[derive(Debug, Clone)]
pub struct Recurrent {
    pub cell: Cell,
    pub hidden: i64,
    /// LSTM's `proj_size`; 0: none (`H_out = H`).
    pub proj: i64,
    pub bias: bool,
    /// Whether the initial states are operands.
    pub initial: bool,
    /// Whether the layer runs from the last step to the first.
    pub reverse: bool,
    /// Per batch entry, how many steps it has (packed sequences), each in `1..=T`; `None`:
    /// every entry has all `T`.
    pub lengths: Option<Arc<[i64]>>,
}

/// The operand positions of a [`Recurrent`]'s operands.
#[derive(Debug, Clone, Copy)]
struct Slots {
    h0: Option<usize>,
    c0: Option<usize>,
    w_ih: usize,
    w_hh: usize,
    b_ih: Option<usize>,
    b_hh: Option<usize>,
    w_hr: Option<usize>,
    count: usize,
}

impl Recurrent {
    fn lstm(&self) -> bool {
        self.cell == Cell::Lstm
    }
    /// The hidden state's width.
    pub fn hout(&self) -> i64 {
        if self.proj > 0 {
            self.proj
        } else {
            self.hidden
        }
    }
    fn slots(&self) -> Slots {
        let mut next = 1;
        let mut take = |present: bool| {
            present.then(|| {
                next += 1;
                next - 1
            })
        };
        let h0 = take(self.initial);
        let c0 = take(self.initial && self.lstm());
        let w_ih = take(true).unwrap_or(0);
        let w_hh = take(true).unwrap_or(0);
        let b_ih = take(self.bias);
        let b_hh = take(self.bias);
        let w_hr = take(self.proj > 0);
        Slots {
            h0,
            c0,
            w_ih,
            w_hh,
            b_ih,
            b_hh,
            w_hr,
            count: next,
        }
    }
    /// The flat output's length for `t` steps of `b` entries.
    pub fn packed_len(&self, t: i64, b: i64) -> i64 {
        let h = self.hout();
        t * b * h + b * h + if self.lstm() { b * self.hidden } else { 0 }
    }
    /// Whether entry `b` takes part in step `k`.
    fn active(&self, b: usize, k: i64) -> bool {
        self.lengths.as_ref().is_none_or(|l| k < l[b])
    }
    /// The oneDNN layer where it computes this one on these operands (see `lstm_onednn`).
    fn onednn(&self, xs: &[&Tensor]) -> Option<lstm_onednn::Lstm> {
        let fits = self.lstm() && self.proj == 0 && self.lengths.is_none();
        (fits && lstm_onednn::usable(xs)).then_some(lstm_onednn::Lstm {
            hidden: self.hidden,
            bias: self.bias,
            initial: self.initial,
            reverse: self.reverse,
        })
    }
    /// The step order.
    fn steps(&self, t: i64) -> impl DoubleEndedIterator<Item = i64> {
        let reverse = self.reverse;
        (0..t).map(move |s| if reverse { t - 1 - s } else { s })
    }
    /// `[T, B, 1]` bool: whether entry `b` takes part in step `k` (`None`: all do).
    fn mask(&self, t: i64, b: i64, device: tch::Device) -> Result<Option<Tensor>> {
        let Some(lengths) = &self.lengths else {
            return Ok(None);
        };
        let lens = Tensor::f_from_slice(lengths)?.f_to_device(device)?;
        let steps = Tensor::f_arange(t, (Kind::Int64, device))?.f_view([t, 1])?;
        Ok(Some(
            steps
                .f_lt_tensor(&lens.f_view([1, b])?)?
                .f_view([t, b, 1])?,
        ))
    }
}

fn expect(what: &str, got: &[i64], want: &[i64], op: &str) -> Result<()> {
    if got != want {
        return Err(Error::Shape(format!(
            "{op}: expected {what} of shape {want:?}, got {got:?}"
        )));
    }
    Ok(())
}

impl Layer for Recurrent {
    /// Without `lengths` only: a packed sequence's lengths are read on the host, so a
    /// replay could not see new ones.
    fn replica(&self) -> Option<Box<dyn Layer>> {
        self.lengths
            .is_none()
            .then(|| Box::new(self.clone()) as Box<dyn Layer>)
    }
    fn name(&self) -> &'static str {
        self.cell.name()
    }
    /// An LSTM layer torch runs through oneDNN on the CPU (no projection, no lengths) is
    /// torch's `mkldnn_rnn_layer`, which autocast lowers.
    fn autocast_name(&self) -> &'static str {
        if self.lstm() && self.proj == 0 && self.lengths.is_none() {
            "mkldnn_rnn_layer"
        } else {
            self.name()
        }
    }
    fn arity(&self) -> Arity {
        Arity::Exactly(self.slots().count)
    }
    fn shape(&self, shapes: &[&[i64]]) -> Result<Vec<i64>> {
        let op = self.name();
        let s = self.slots();
        let [t, b, i] = shapes[0] else {
            return Err(Error::Shape(format!(
                "{op}: expected a 3-D (seq_len, batch, input_size) input, got {:?}",
                shapes[0]
            )));
        };
        if *t < 1 {
            return Err(Error::Shape(format!(
                "{op}: expected sequence length to be larger than 0, got {t}"
            )));
        }
        let (h, hout, g) = (self.hidden, self.hout(), self.cell.gates() * self.hidden);
        if h < 1 || self.proj < 0 || (self.proj > 0 && (!self.lstm() || self.proj >= h)) {
            return Err(Error::Argument(format!(
                "{op}: hidden_size must be positive and proj_size (LSTM only) in [0, hidden_size), \
                 got hidden_size {h}, proj_size {}",
                self.proj
            )));
        }
        expect("weight_ih", shapes[s.w_ih], &[g, *i], op)?;
        expect("weight_hh", shapes[s.w_hh], &[g, hout], op)?;
        for k in [s.b_ih, s.b_hh].into_iter().flatten() {
            expect("a bias", shapes[k], &[g], op)?;
        }
        if let Some(k) = s.w_hr {
            expect("weight_hr", shapes[k], &[hout, h], op)?;
        }
        if let Some(k) = s.h0 {
            expect("the initial hidden state", shapes[k], &[*b, hout], op)?;
        }
        if let Some(k) = s.c0 {
            expect("the initial cell state", shapes[k], &[*b, h], op)?;
        }
        if let Some(l) = &self.lengths {
            if l.len() as i64 != *b || l.iter().any(|&n| n < 1 || n > *t) {
                return Err(Error::Argument(format!(
                    "{op}: lengths must hold one length in [1, {t}] per batch entry ({b}), got {l:?}"
                )));
            }
        }
        Ok(vec![self.packed_len(*t, *b)])
    }

    /// The backward reads the output where oneDNN ran the layer (its kernels take `y`,
    /// `h_n`, `c_n`); elsewhere the output is the base of the views the stacking records,
    /// alive as long as they are, so keeping it costs nothing more.
    fn keeps_output(&self) -> bool {
        true
    }

    fn torch(&self, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
        if let Some(l) = self.onednn(xs) {
            return lstm_onednn::forward(&l, xs);
        }
        let s = self.slots();
        let x = xs[0];
        let (t, b, i) = dims3(x)?;
        let (h, hout, g) = (self.hidden, self.hout(), self.cell.gates() * self.hidden);
        let opts = (x.kind(), x.device());
        let w_hh_t = xs[s.w_hh].f_tr()?;
        let w_hr_t = s.w_hr.map(|k| xs[k].f_tr()).transpose()?;
        // Every step's input projection in one product; the hidden bias joins it where it
        // adds (not GRU's, which `r` multiplies).
        let x2 = x.f_reshape([t * b, i])?;
        let w_ih_t = xs[s.w_ih].f_tr()?;
        let xp = match (s.b_ih, s.b_hh) {
            (Some(bi), Some(bh)) if self.cell != Cell::Gru => {
                xs[bi].f_add(xs[bh])?.f_addmm(&x2, &w_ih_t)?
            }
            (Some(bi), _) => xs[bi].f_addmm(&x2, &w_ih_t)?,
            _ => x2.f_mm(&w_ih_t)?,
        }
        .f_view([t, b, g])?;
        let gru_bias = s.b_hh.filter(|_| self.cell == Cell::Gru).map(|k| xs[k]);

        // The workspace: each step's activations (LSTM `i f g o`; GRU `r z n` and the
        // hidden projection's `n` block; RNN `h'`), the hidden state it read, and (LSTM)
        // the cell state it read and the one it made.
        let width = match self.cell {
            Cell::Lstm | Cell::Gru => 4 * h,
            _ => h,
        };
        let acts = Tensor::f_empty([t, b, width], opts)?;
        let hprev = Tensor::f_empty([t, b, hout], opts)?;
        let cells = if self.lstm() {
            Some((
                Tensor::f_empty([t, b, h], opts)?,
                Tensor::f_empty([t, b, h], opts)?,
            ))
        } else {
            None
        };
        let packed = Tensor::f_empty([self.packed_len(t, b)], opts)?;
        let y = packed.f_narrow(0, 0, t * b * hout)?.f_view([t, b, hout])?;
        let mask = self.mask(t, b, x.device())?;
        let mut hcur = match s.h0 {
            Some(k) => xs[k].shallow_clone(),
            None => Tensor::f_zeros([b, hout], opts)?,
        };
        let mut ccur = match (self.lstm(), s.c0) {
            (true, Some(k)) => Some(xs[k].shallow_clone()),
            (true, None) => Some(Tensor::f_zeros([b, h], opts)?),
            _ => None,
        };
        for k in self.steps(t) {
            hprev.f_select(0, k)?.f_copy_(&hcur)?;
            let xk = xp.f_select(0, k)?;
            let a = acts.f_select(0, k)?;
            let (hnew, cnew) = match self.cell {
                Cell::Lstm => {
                    let gates = xk.f_addmm(&hcur, &w_hh_t)?;
                    let _ = gates.f_sigmoid_out(&a)?;
                    let _ = gates
                        .f_narrow(1, 2 * h, h)?
                        .f_tanh_out(&a.f_narrow(1, 2 * h, h)?)?;
                    let chunk = |j: i64| a.f_narrow(1, j * h, h);
                    let (ig, fg, gg, og) = (chunk(0)?, chunk(1)?, chunk(2)?, chunk(3)?);
                    let cp = ccur.as_ref().ok_or_else(missing)?;
                    let mut c = fg.f_mul(cp)?;
                    let _ = c.f_addcmul_(&ig, &gg)?;
                    if let Some((cprev, cnew)) = &cells {
                        cprev.f_select(0, k)?.f_copy_(cp)?;
                        cnew.f_select(0, k)?.f_copy_(&c)?;
                    }
                    let hp = og.f_mul(&c.f_tanh()?)?;
                    let hn = match &w_hr_t {
                        Some(w) => hp.f_mm(w)?,
                        None => hp,
                    };
                    (hn, Some(c))
                }
                Cell::Gru => {
                    let hp = match gru_bias {
                        Some(bh) => bh.f_addmm(&hcur, &w_hh_t)?,
                        None => hcur.f_mm(&w_hh_t)?,
                    };
                    let _ = xk
                        .f_narrow(1, 0, 2 * h)?
                        .f_add(&hp.f_narrow(1, 0, 2 * h)?)?
                        .f_sigmoid_out(&a.f_narrow(1, 0, 2 * h)?)?;
                    let hn_part = hp.f_narrow(1, 2 * h, h)?;
                    a.f_narrow(1, 3 * h, h)?.f_copy_(&hn_part)?;
                    let (r, z, n) = (
                        a.f_narrow(1, 0, h)?,
                        a.f_narrow(1, h, h)?,
                        a.f_narrow(1, 2 * h, h)?,
                    );
                    let _ = xk
                        .f_narrow(1, 2 * h, h)?
                        .f_add(&r.f_mul(&hn_part)?)?
                        .f_tanh_out(&n)?;
                    (n.f_add(&z.f_mul(&hcur.f_sub(&n)?)?)?, None)
                }
                Cell::RnnTanh | Cell::RnnRelu => {
                    let pre = xk.f_addmm(&hcur, &w_hh_t)?;
                    if self.cell == Cell::RnnTanh {
                        let _ = pre.f_tanh_out(&a)?;
                    } else {
                        let _ = pre.f_relu_out(&a)?;
                    }
                    (a.shallow_clone(), None)
                }
            };
            let yk = y.f_select(0, k)?;
            match &mask {
                Some(m) => {
                    let mk = m.f_select(0, k)?;
                    hnew.f_where_scalarother(&mk, 0.0)?.f_copy_into(&yk)?;
                    hcur = hnew.f_where_self(&mk, &hcur)?;
                    if let (Some(c), Some(cp)) = (cnew, &ccur) {
                        ccur = Some(c.f_where_self(&mk, cp)?);
                    }
                }
                None => {
                    hnew.f_copy_into(&yk)?;
                    hcur = hnew;
                    if cnew.is_some() {
                        ccur = cnew;
                    }
                }
            }
        }
        let tbh = t * b * hout;
        packed
            .f_narrow(0, tbh, b * hout)?
            .f_view([b, hout])?
            .f_copy_(&hcur)?;
        if let Some(c) = &ccur {
            packed
                .f_narrow(0, tbh + b * hout, b * h)?
                .f_view([b, h])?
                .f_copy_(c)?;
        }
        let mut ws = vec![acts, hprev];
        if let Some((cprev, cnew)) = cells {
            ws.push(cprev);
            ws.push(cnew);
        }
        Ok((packed, ws))
    }

    fn torch_backward(
        &self,
        xs: &[&Tensor],
        ws: &[&Tensor],
        g: &Tensor,
        needs: &[bool],
    ) -> Result<Vec<Option<Tensor>>> {
        // oneDNN's workspace is one tensor (then the output); ours is at least two.
        if let Some(l) = self.onednn(xs).filter(|_| ws.len() == 2) {
            return lstm_onednn::backward(&l, xs, ws, g, needs);
        }
        let s = self.slots();
        let x = xs[0];
        let (t, b, i) = dims3(x)?;
        let (h, hout, gw) = (self.hidden, self.hout(), self.cell.gates() * self.hidden);
        let opts = (x.kind(), x.device());
        let (acts, hprev) = (ws[0], ws[1]);
        let w_hh = xs[s.w_hh];
        let w_hr = s.w_hr.map(|k| xs[k]);
        let tbh = t * b * hout;
        let gy = g.f_narrow(0, 0, tbh)?.f_view([t, b, hout])?;
        let mut dh = g.f_narrow(0, tbh, b * hout)?.f_view([b, hout])?;
        let mut dc = if self.lstm() {
            Some(g.f_narrow(0, tbh + b * hout, b * h)?.f_view([b, h])?)
        } else {
            None
        };
        // The cotangents of each step's gate pre-activations: of the input projection, and
        // (GRU, whose `n` block differs) of the hidden projection.
        let dgx = Tensor::f_empty([t, b, gw], opts)?;
        let dgh = if self.cell == Cell::Gru {
            Some(Tensor::f_empty([t, b, gw], opts)?)
        } else {
            None
        };
        let mut dwhr = w_hr.map(|w| w.f_zeros_like()).transpose()?;
        let mask = self.mask(t, b, x.device())?;
        for k in self.steps(t).rev() {
            let dtot = dh.f_add(&gy.f_select(0, k)?)?;
            let mk = mask.as_ref().map(|m| m.f_select(0, k)).transpose()?;
            // What a masked entry passes through unchanged, and what the step's new state
            // receives.
            let (dnew, dpass) = match &mk {
                Some(m) => (
                    dtot.f_where_scalarother(m, 0.0)?,
                    Some(Tensor::f_where_scalarself(m, 0.0, &dh)?),
                ),
                None => (dtot, None),
            };
            let a = acts.f_select(0, k)?;
            let dgk = dgx.f_select(0, k)?;
            let chunk = |t: &Tensor, j: i64| t.f_narrow(1, j * h, h);
            let mut dh_prev = match self.cell {
                Cell::Lstm => {
                    let (ig, fg, gg, og) =
                        (chunk(&a, 0)?, chunk(&a, 1)?, chunk(&a, 2)?, chunk(&a, 3)?);
                    let (cprev, cnew) = (ws[2].f_select(0, k)?, ws[3].f_select(0, k)?);
                    let tc = cnew.f_tanh()?;
                    let dhp = match (w_hr, dwhr.as_mut()) {
                        (Some(w), Some(acc)) => {
                            let _ = acc.f_addmm_(&dnew.f_tr()?, &og.f_mul(&tc)?)?;
                            dnew.f_mm(w)?
                        }
                        _ => dnew,
                    };
                    let dcur = dc.take().ok_or_else(missing)?;
                    let (dck, dcpass) = match &mk {
                        Some(m) => (
                            dcur.f_where_scalarother(m, 0.0)?,
                            Some(Tensor::f_where_scalarself(m, 0.0, &dcur)?),
                        ),
                        None => (dcur, None),
                    };
                    let dcn = dck.f_add(&Tensor::f_tanh_backward(&dhp.f_mul(&og)?, &tc)?)?;
                    let _ = Tensor::f_sigmoid_backward_grad_input(
                        &chunk(&dgk, 0)?,
                        &dcn.f_mul(&gg)?,
                        &ig,
                    )?;
                    let _ = Tensor::f_sigmoid_backward_grad_input(
                        &chunk(&dgk, 1)?,
                        &dcn.f_mul(&cprev)?,
                        &fg,
                    )?;
                    let _ = Tensor::f_tanh_backward_grad_input(
                        &chunk(&dgk, 2)?,
                        &dcn.f_mul(&ig)?,
                        &gg,
                    )?;
                    let _ = Tensor::f_sigmoid_backward_grad_input(
                        &chunk(&dgk, 3)?,
                        &dhp.f_mul(&tc)?,
                        &og,
                    )?;
                    let mut next = dcn.f_mul(&fg)?;
                    if let Some(p) = dcpass {
                        next = next.f_add(&p)?;
                    }
                    dc = Some(next);
                    dgk.f_mm(w_hh)?
                }
                Cell::Gru => {
                    let (r, z, n, hn) =
                        (chunk(&a, 0)?, chunk(&a, 1)?, chunk(&a, 2)?, chunk(&a, 3)?);
                    let hp = hprev.f_select(0, k)?;
                    let dghk = dgh.as_ref().ok_or_else(missing)?.f_select(0, k)?;
                    let dnz = dnew.f_mul(&z)?;
                    let dn = dnew.f_sub(&dnz)?;
                    let dz = dnew.f_mul(&hp.f_sub(&n)?)?;
                    let dn_pre = chunk(&dgk, 2)?;
                    let _ = Tensor::f_tanh_backward_grad_input(&dn_pre, &dn, &n)?;
                    chunk(&dghk, 2)?.f_copy_(&dn_pre.f_mul(&r)?)?;
                    let _ = Tensor::f_sigmoid_backward_grad_input(
                        &chunk(&dgk, 0)?,
                        &dn_pre.f_mul(&hn)?,
                        &r,
                    )?;
                    let _ = Tensor::f_sigmoid_backward_grad_input(&chunk(&dgk, 1)?, &dz, &z)?;
                    dghk.f_narrow(1, 0, 2 * h)?
                        .f_copy_(&dgk.f_narrow(1, 0, 2 * h)?)?;
                    dnz.f_add(&dghk.f_mm(w_hh)?)?
                }
                Cell::RnnTanh => {
                    let _ = Tensor::f_tanh_backward_grad_input(&dgk, &dnew, &a)?;
                    dgk.f_mm(w_hh)?
                }
                Cell::RnnRelu => {
                    let _ = a.f_threshold_backward_grad_input(&dgk, &dnew, 0.0)?;
                    dgk.f_mm(w_hh)?
                }
            };
            if let Some(p) = dpass {
                dh_prev = dh_prev.f_add(&p)?;
            }
            dh = dh_prev;
        }
        let dgx2 = dgx.f_view([t * b, gw])?;
        let dgh2 = match &dgh {
            Some(d) => d.f_view([t * b, gw])?,
            None => dgx2.shallow_clone(),
        };
        let mut out: Vec<Option<Tensor>> = (0..s.count).map(|_| None).collect();
        if needs[0] {
            out[0] = Some(dgx2.f_mm(xs[s.w_ih])?.f_view([t, b, i])?);
        }
        if let Some(k) = s.h0.filter(|&k| needs[k]) {
            out[k] = Some(dh.f_contiguous()?);
        }
        if let (Some(k), Some(d)) = (s.c0.filter(|&k| needs[k]), &dc) {
            out[k] = Some(d.f_contiguous()?);
        }
        if needs[s.w_ih] {
            out[s.w_ih] = Some(dgx2.f_tr()?.f_mm(&x.f_reshape([t * b, i])?)?);
        }
        if needs[s.w_hh] {
            out[s.w_hh] = Some(dgh2.f_tr()?.f_mm(&hprev.f_view([t * b, hout])?)?);
        }
        if let Some(k) = s.b_ih.filter(|&k| needs[k]) {
            out[k] = Some(dgx2.f_sum_dim_intlist([0i64].as_slice(), false, None::<Kind>)?);
        }
        if let Some(k) = s.b_hh.filter(|&k| needs[k]) {
            out[k] = Some(dgh2.f_sum_dim_intlist([0i64].as_slice(), false, None::<Kind>)?);
        }
        if let Some(k) = s.w_hr.filter(|&k| needs[k]) {
            out[k] = dwhr;
        }
        Ok(out)
    }
}

fn missing() -> Error {
    Error::Backend("recurrent layer: a state the cell needs is missing".into())
}

fn dims3(x: &Tensor) -> Result<(i64, i64, i64)> {
    match x.size()[..] {
        [t, b, i] => Ok((t, b, i)),
        ref s => Err(Error::Shape(format!(
            "recurrent layer: expected a 3-D input, got {s:?}"
        ))),
    }
}

/// `tch`'s `copy_` into a view, as a fallible call on the source.
trait CopyInto {
    fn f_copy_into(&self, dst: &Tensor) -> Result<()>;
}

impl CopyInto for Tensor {
    fn f_copy_into(&self, dst: &Tensor) -> Result<()> {
        let mut d = dst.shallow_clone();
        Ok(d.f_copy_(self)?)
    }
}

// ---- the composition (the reference carriers) ----

impl<B: Backend> Composed<B> for Recurrent {
    fn compose(&self, r: &mut dyn Recorder<B>, xs: &[Handle]) -> Result<Handle> {
        let s = self.slots();
        let shape = r.shape(xs[0])?;
        let (t, b) = (shape[0], shape[1]);
        let (h, hout) = (self.hidden, self.hout());
        let zeros = |r: &mut dyn Recorder<B>, n: i64| {
            r.constant(
                xs[0],
                &crate::error::host_vec((b * n) as usize, 0.0, "a zero initial state")?,
                &[b, n],
                None,
            )
        };
        let mut hcur = match s.h0 {
            Some(k) => xs[k],
            None => zeros(r, hout)?,
        };
        let mut ccur = match (self.lstm(), s.c0) {
            (true, Some(k)) => Some(xs[k]),
            (true, None) => Some(zeros(r, h)?),
            _ => None,
        };
        let bias = |k: Option<usize>| k.map(|k| xs[k]);
        let lin = |r: &mut dyn Recorder<B>, x: Handle, w: usize, bk: Option<usize>| {
            let mut ops = vec![x, xs[w]];
            ops.extend(bias(bk));
            r.record(Op::linear(), &ops)
        };
        let mul = |r: &mut dyn Recorder<B>, a, b| compose::binary(r, BinaryOp::Mul, a, b);
        let add = |r: &mut dyn Recorder<B>, a, b| compose::binary(r, BinaryOp::Add, a, b);
        let part = |r: &mut dyn Recorder<B>, x: Handle, j: i64| {
            compose::slice(r, x, 1, j * h, (j + 1) * h, 1)
        };
        // bounded: one slot per time step, each recorded as nodes
        let mut ys = vec![None; t as usize];
        for k in self.steps(t) {
            let xk = compose::slice(r, xs[0], 0, k, k + 1, 1)?;
            let xk = compose::squeeze(r, xk, 0)?;
            let gi = lin(r, xk, s.w_ih, s.b_ih)?;
            let gh = lin(r, hcur, s.w_hh, s.b_hh)?;
            let (hnew, cnew) = match self.cell {
                Cell::Lstm => {
                    let gates = add(r, gi, gh)?;
                    let mut p = Vec::with_capacity(4);
                    for j in 0..4 {
                        let pj = part(r, gates, j)?;
                        let f = if j == 2 {
                            UnaryOp::Tanh
                        } else {
                            UnaryOp::Sigmoid
                        };
                        p.push(compose::unary(r, f, pj)?);
                    }
                    let cp = ccur.ok_or_else(missing)?;
                    let fc = mul(r, p[1], cp)?;
                    let ig = mul(r, p[0], p[2])?;
                    let c = add(r, fc, ig)?;
                    let tc = compose::unary(r, UnaryOp::Tanh, c)?;
                    let mut hn = mul(r, p[3], tc)?;
                    if let Some(k) = s.w_hr {
                        hn = r.record(Op::linear(), &[hn, xs[k]])?;
                    }
                    (hn, Some(c))
                }
                Cell::Gru => {
                    let (xr, xz, xn) = (part(r, gi, 0)?, part(r, gi, 1)?, part(r, gi, 2)?);
                    let (hr, hz, hn) = (part(r, gh, 0)?, part(r, gh, 1)?, part(r, gh, 2)?);
                    let rs = add(r, xr, hr)?;
                    let rg = compose::unary(r, UnaryOp::Sigmoid, rs)?;
                    let zs = add(r, xz, hz)?;
                    let zg = compose::unary(r, UnaryOp::Sigmoid, zs)?;
                    let rh = mul(r, rg, hn)?;
                    let ns = add(r, xn, rh)?;
                    let n = compose::unary(r, UnaryOp::Tanh, ns)?;
                    let diff = compose::binary(r, BinaryOp::Sub, hcur, n)?;
                    let zd = mul(r, zg, diff)?;
                    (add(r, n, zd)?, None)
                }
                Cell::RnnTanh | Cell::RnnRelu => {
                    let pre = add(r, gi, gh)?;
                    let f = if self.cell == Cell::RnnTanh {
                        UnaryOp::Tanh
                    } else {
                        UnaryOp::Relu
                    };
                    (compose::unary(r, f, pre)?, None)
                }
            };
            if self.lengths.is_some() {
                // Exact selection by 0/1 factors: `new·m + old·(1 − m)`.
                let m: Vec<f64> = (0..b as usize)
                    .map(|e| f64::from(u8::from(self.active(e, k))))
                    .collect();
                let keep = r.constant(xs[0], &m, &[b, 1], None)?;
                let flip = compose::scalar(r, ScalarOp::RSub, keep, 1.0)?;
                let select =
                    |r: &mut dyn Recorder<B>, new: Handle, old: Handle| -> Result<Handle> {
                        let a = compose::binary(r, BinaryOp::Mul, new, keep)?;
                        let o = compose::binary(r, BinaryOp::Mul, old, flip)?;
                        compose::binary(r, BinaryOp::Add, a, o)
                    };
                ys[k as usize] = Some(mul(r, hnew, keep)?);
                hcur = select(r, hnew, hcur)?;
                if let (Some(c), Some(cp)) = (cnew, ccur) {
                    ccur = Some(select(r, c, cp)?);
                }
            } else {
                ys[k as usize] = Some(hnew);
                hcur = hnew;
                if cnew.is_some() {
                    ccur = cnew;
                }
            }
        }
        // bounded: the steps' outputs and two states
        let mut flat = Vec::with_capacity(ys.len() + 2);
        for y in ys {
            let y = y.ok_or_else(missing)?;
            flat.push(compose::reshape(r, y, &[b * hout])?);
        }
        flat.push(compose::reshape(r, hcur, &[b * hout])?);
        if let Some(c) = ccur {
            flat.push(compose::reshape(r, c, &[b * h])?);
        }
        compose::cat(r, &flat, 0)
    }
}
