//! The float32 (and bfloat16) CPU LSTM layer through oneDNN: LibTorch's `mkldnn_rnn_layer`
//! forward and `mkldnn_rnn_layer_backward`, the kernels torch's own `nn.LSTM` runs there
//! (`aten/src/ATen/native/mkldnn/RNN.cpp`, taken where `use_mkldnn` holds: a CPU input of
//! float32 or bfloat16, no projection, not packed). The node's workspace is oneDNN's
//! (what its backward reads); the output, the last hidden and cell states are read back
//! from the node's own flat output (`ops::recurrent::Recurrent`'s layout), kept for the backward
//! (`Layer::keeps_output`).

use tch::{Device, Kind, Tensor};

use crate::error::{Error, Result};

/// oneDNN's (ideep's) `rnn_kind::LSTM`.
const LSTM: i64 = 2;

/// One LSTM layer as oneDNN runs it; operands as `ops::recurrent::Recurrent`'s: the input,
/// `(h_0, c_0)` where `initial`, the weights, the biases where `bias`.
pub(super) struct Lstm {
    pub hidden: i64,
    pub bias: bool,
    pub initial: bool,
    pub reverse: bool,
}

/// Whether a layer on these operands takes oneDNN's kernels (torch's `use_mkldnn`), for an
/// LSTM layer without projection or lengths: float32, or bfloat16 where oneDNN runs it on
/// this CPU (not on one with AVX2 only: there torch runs its own LSTM cells).
pub(super) fn usable(xs: &[&Tensor]) -> bool {
    let dtype_runs = match xs[0].kind() {
        Kind::Float => true,
        Kind::BFloat16 => crate::backend::layer_kernels::onednn_bfloat16(),
        _ => false,
    };
    dtype_runs && xs.iter().all(|t| t.device() == Device::Cpu) && xs[0].numel() > 0
}

/// The operands as oneDNN takes them: `(w_ih, w_hh, b_ih, b_hh, h0, c0)`, zeros where
/// absent.
fn operands(unit: &Lstm, xs: &[&Tensor]) -> Result<[Tensor; 6]> {
    let x = xs[0];
    let (b, h) = (x.size()[1], unit.hidden);
    let opts = (x.kind(), x.device());
    let mut k = 1;
    let mut next = || {
        k += 1;
        xs[k - 1].shallow_clone()
    };
    let (h0, c0) = if unit.initial {
        (next(), next())
    } else {
        (
            Tensor::f_zeros([b, h], opts)?,
            Tensor::f_zeros([b, h], opts)?,
        )
    };
    let (w_ih, w_hh) = (next(), next());
    let (b_ih, b_hh) = if unit.bias {
        (next(), next())
    } else {
        (
            Tensor::f_zeros([4 * h], opts)?,
            Tensor::f_zeros([4 * h], opts)?,
        )
    };
    Ok([w_ih, w_hh, b_ih, b_hh, h0, c0])
}

/// The flat output `[y, h_n, c_n]` and oneDNN's workspace.
pub(super) fn forward(unit: &Lstm, xs: &[&Tensor]) -> Result<(Tensor, Vec<Tensor>)> {
    let [w_ih, w_hh, b_ih, b_hh, h0, c0] = operands(unit, xs)?;
    // oneDNN keeps its workspace only in training mode, which it reads from the grad mode
    // (the session runs kernels without it): on for this call; no operand requires grad,
    // so LibTorch records nothing.
    let (y, hy, cy, ws) = tch::with_grad(|| {
        xs[0].f_mkldnn_rnn_layer(
            &w_ih,
            &w_hh,
            &b_ih,
            &b_hh,
            &h0,
            &c0,
            unit.reverse,
            [0i64; 0].as_slice(),
            LSTM,
            unit.hidden,
            1,
            unit.bias,
            false,
            false,
            true,
        )
    })?;
    if !ws.defined() {
        return Err(Error::Backend(
            "lstm: oneDNN gave no workspace for the backward".into(),
        ));
    }
    let flat = Tensor::f_cat(
        &[y.f_reshape([-1])?, hy.f_reshape([-1])?, cy.f_reshape([-1])?],
        0,
    )?;
    Ok((flat, vec![ws]))
}

/// The cotangents of the operands `needs` asks for; `ws` is `[oneDNN's workspace, the
/// node's output]`.
pub(super) fn backward(
    unit: &Lstm,
    xs: &[&Tensor],
    ws: &[&Tensor],
    g: &Tensor,
    needs: &[bool],
) -> Result<Vec<Option<Tensor>>> {
    let x = xs[0];
    let size = x.size();
    let (t, b, h) = (size[0], size[1], unit.hidden);
    let [w_ih, w_hh, b_ih, b_hh, h0, c0] = operands(unit, xs)?;
    let (work, out) = (ws[0], ws[1]);
    let tbh = t * b * h;
    let piece = |v: &Tensor, at: i64, n: i64, shape: &[i64]| v.f_narrow(0, at, n)?.f_view(shape);
    let (y, hy, cy) = (
        piece(out, 0, tbh, &[t, b, h])?,
        piece(out, tbh, b * h, &[b, h])?,
        piece(out, tbh + b * h, b * h, &[b, h])?,
    );
    let (gy, ghy, gcy) = (
        piece(g, 0, tbh, &[t, b, h])?.f_contiguous()?,
        piece(g, tbh, b * h, &[b, h])?.f_contiguous()?,
        piece(g, tbh + b * h, b * h, &[b, h])?.f_contiguous()?,
    );
    let (dx, dw_ih, dw_hh, db_ih, db_hh, dh0, dc0) = x.f_mkldnn_rnn_layer_backward(
        &w_ih,
        &w_hh,
        &b_ih,
        &b_hh,
        &h0,
        &c0,
        &y,
        &hy,
        &cy,
        Some(&gy),
        Some(&ghy),
        Some(&gcy),
        unit.reverse,
        LSTM,
        h,
        1,
        unit.bias,
        true,
        false,
        [0i64; 0].as_slice(),
        false,
        work,
    )?;
    let mut found = vec![Some(dx)];
    if unit.initial {
        found.push(Some(dh0));
        found.push(Some(dc0));
    }
    found.push(Some(dw_ih));
    found.push(Some(dw_hh));
    if unit.bias {
        found.push(Some(db_ih));
        found.push(Some(db_hh));
    }
    Ok(found
        .into_iter()
        .zip(needs)
        .map(|(d, &need)| d.filter(|_| need))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Layer;
    use crate::ops::recurrent::{Cell, Recurrent};

    fn unit(initial: bool, bias: bool, reverse: bool) -> Recurrent {
        Recurrent {
            cell: Cell::Lstm,
            hidden: 5,
            proj: 0,
            bias,
            initial,
            reverse,
            lengths: None,
        }
    }

    /// oneDNN's float32 layer against the step-by-step recurrence in float64 (the path
    /// every other dtype takes), forward and backward.
    #[test]
    fn onednn_matches_the_recurrence_in_float64() {
        tch::manual_seed(0);
        for (initial, bias, reverse) in [(true, true, false), (false, false, true)] {
            let u = unit(initial, bias, reverse);
            let f32 = (Kind::Float, Device::Cpu);
            let mut xs = vec![Tensor::randn([3, 2, 4], f32)];
            if initial {
                xs.push(Tensor::randn([2, 5], f32));
                xs.push(Tensor::randn([2, 5], f32));
            }
            xs.push(Tensor::randn([20, 4], f32));
            xs.push(Tensor::randn([20, 5], f32));
            if bias {
                xs.push(Tensor::randn([20], f32));
                xs.push(Tensor::randn([20], f32));
            }
            let refs: Vec<&Tensor> = xs.iter().collect();
            assert!(usable(&refs));
            let (out, ws) = u.torch(&refs).unwrap();
            assert_eq!(ws.len(), 1);
            let wide: Vec<Tensor> = xs.iter().map(|t| t.to_kind(Kind::Double)).collect();
            let wrefs: Vec<&Tensor> = wide.iter().collect();
            assert!(!usable(&wrefs));
            let (want, wws) = u.torch(&wrefs).unwrap();
            let close = |a: &Tensor, b: &Tensor| {
                let d = (a.to_kind(Kind::Double) - b).abs().max().double_value(&[]);
                assert!(d < 1e-4, "max difference {d}");
            };
            close(&out, &want);
            let g = Tensor::randn(out.size(), f32);
            let needs = vec![true; xs.len()];
            let got = u
                .torch_backward(&refs, &[&ws[0], &out], &g, &needs)
                .unwrap();
            let mut wws: Vec<&Tensor> = wws.iter().collect();
            wws.push(&want);
            let g64 = g.to_kind(Kind::Double);
            let expect = u.torch_backward(&wrefs, &wws, &g64, &needs).unwrap();
            for (a, b) in got.iter().zip(&expect) {
                close(a.as_ref().unwrap(), b.as_ref().unwrap());
            }
        }
    }
}
