//! Tests of `multi_head.rs`: the composition's values and gradients against the same math
//! written on LibTorch (autograd's oracle), on LibTorch and the reference carriers, for each
//! of its paths; the refused calls.

use tch::{Kind, Tensor};

use super::*;
use crate::ops::testing::{check_grads, data, dt, session, Sess};

/// The same math written directly on LibTorch (autograd's oracle), sequence-first and
/// batched: separate projections, heads as a batch, `softmax(q kᵀ / sqrt(hd) + mask) v`,
/// the output projection; `(output, weights)`.
struct Oracle {
    heads: i64,
    w: [Tensor; 3],
    b: Option<Tensor>,
    out: (Tensor, Option<Tensor>),
    /// additive, broadcastable to `(N·heads, L, S)`
    mask: Option<Tensor>,
    average: bool,
}

impl Oracle {
    fn run(&self, q: &Tensor, k: &Tensor, v: &Tensor) -> (Tensor, Tensor) {
        let (l, n, e) = q.size3().unwrap();
        let s = k.size()[0];
        let hd = e / self.heads;
        let proj = |x: &Tensor, i: i64, len: i64| {
            let b = self.b.as_ref().map(|b| b.narrow(0, i * e, e));
            x.linear(&self.w[i as usize], b.as_ref())
                .reshape([len, n * self.heads, hd])
                .transpose(0, 1)
        };
        let (qh, kh, vh) = (proj(q, 0, l), proj(k, 1, s), proj(v, 2, s));
        let scores = qh.matmul(&kh.transpose(-2, -1)) / (hd as f64).sqrt();
        let scores = match &self.mask {
            Some(m) => scores + m,
            None => scores,
        };
        let w = scores.softmax(-1, Kind::Double);
        let o = w
            .matmul(&vh)
            .transpose(0, 1)
            .reshape([l * n, e])
            .linear(&self.out.0, self.out.1.as_ref())
            .reshape([l, n, -1]);
        let w = w.reshape([n, self.heads, l, s]);
        let w = if self.average {
            w.mean_dim(1, false, Kind::Double)
        } else {
            w
        };
        (o, w)
    }
}

/// An oracle with the rows of the packed weight as the q, k and v weights (the last
/// four inputs are the projections: see [`packed_inputs`]).
fn packed_oracle(t: &[Tensor], mask: Option<Tensor>) -> Oracle {
    let p = &t[t.len() - 4..];
    Oracle {
        heads: 2,
        w: [0, 1, 2].map(|i| p[0].narrow(0, i * 4, 4)),
        b: Some(p[1].shallow_clone()),
        out: (p[2].shallow_clone(), Some(p[3].shallow_clone())),
        mask,
        average: true,
    }
}

/// One operand `(len, 2, 4)` per length, then `in_proj_weight`, `in_proj_bias`,
/// `out_proj_weight`, `out_proj_bias` (E = 4, two heads).
fn packed_inputs(lens: &[i64]) -> Vec<Tensor> {
    let mut t: Vec<Tensor> = (0..)
        .zip(lens)
        .map(|(i, &len)| data(&[len, 2, 4], 900 + i))
        .collect();
    t.extend([
        data(&[12, 4], 903),
        data(&[12], 904),
        data(&[4, 4], 905),
        data(&[4], 906),
    ]);
    t
}

fn packed_projections(h: &[Handle]) -> Projections {
    let p = &h[h.len() - 4..];
    Projections {
        in_proj: InProj::Packed(p[0]),
        in_proj_bias: Some(p[1]),
        out_proj_weight: p[2],
        out_proj_bias: Some(p[3]),
    }
}

fn settings(need_weights: bool, average: bool, batch_first: bool) -> Settings {
    Settings {
        embed_dim: 4,
        num_heads: 2,
        dropout_p: 0.0,
        need_weights,
        average_attn_weights: average,
        is_causal: false,
        batch_first,
    }
}

/// `out` and `weights` flattened into one vector (one handle for the gradient check).
fn joined(s: &mut Sess, (out, weights): (Handle, Option<Handle>)) -> Result<Handle> {
    let mut parts = vec![compose::reshape(s, out, &[-1])?];
    if let Some(w) = weights {
        parts.push(compose::reshape(s, w, &[-1])?);
    }
    compose::cat(s, &parts, 0)
}

fn joined_t(out: Tensor, weights: Option<Tensor>) -> Tensor {
    let mut parts = vec![out.reshape([-1])];
    parts.extend(weights.map(|w| w.reshape([-1])));
    Tensor::cat(&parts, 0)
}

/// A bool mask (true: not allowed) as the session's data, and its additive form.
fn bool_mask(s: &mut Sess, hidden: &Tensor) -> Result<Handle> {
    s.input_owned_as(dt(hidden), Some(DType::Bool), false)
}

fn additive(hidden: &Tensor) -> Tensor {
    Tensor::zeros(hidden.size(), (Kind::Double, tch::Device::Cpu))
        .masked_fill(hidden, f64::NEG_INFINITY)
}

/// Every row keeps its first position; some others are hidden.
fn hidden(shape: &[i64]) -> Tensor {
    let h = data(shape, 908).gt(0.3);
    let _ = h.narrow(-1, 0, 1).fill_(0);
    h
}

#[test]
fn self_attention_with_weights_and_a_float_mask_matches_libtorch() {
    // torch's signature; one packed product; weights averaged over heads; mask added
    let mask = || data(&[3, 3], 907);
    check_grads(
        &packed_inputs(&[3]),
        |s, h| {
            let m = s.input(&dt(&mask()), false)?;
            let r = multi_head_attention_forward(
                s,
                h[0],
                h[0],
                h[0],
                4,
                2,
                Some(h[1]),
                Some(h[2]),
                None,
                None,
                false,
                0.0,
                h[3],
                Some(h[4]),
                true,
                None,
                true,
                Some(m),
                false,
                None,
                None,
                None,
                None,
                None,
                true,
                false,
            )?;
            joined(s, r)
        },
        |t| {
            let (out, w) = packed_oracle(t, Some(mask())).run(&t[0], &t[0], &t[0]);
            joined_t(out, Some(w))
        },
    );
}

#[test]
fn self_attention_without_weights_takes_the_short_path_with_a_bool_mask() {
    // one product per projection, scaled_dot_product_attention on the heads' views
    let hide = || hidden(&[3, 3]);
    check_grads(
        &packed_inputs(&[3]),
        |s, h| {
            let m = bool_mask(s, &hide())?;
            let x = Operands {
                query: h[0],
                key: h[0],
                value: h[0],
                key_padding_mask: None,
                attn_mask: Some(m),
            };
            let s2 = settings(false, true, false);
            let r = forward(s, s2, packed_projections(h), x)?;
            assert!(r.1.is_none());
            joined(s, r)
        },
        |t| {
            let o = packed_oracle(t, Some(additive(&hide())));
            joined_t(o.run(&t[0], &t[0], &t[0]).0, None)
        },
    );
}

#[test]
fn batch_first_self_attention_runs_in_its_layout() {
    check_grads(
        &packed_inputs(&[3]),
        |s, h| {
            let x = Operands {
                query: h[0],
                key: h[0],
                value: h[0],
                key_padding_mask: None,
                attn_mask: None,
            };
            let s2 = settings(false, true, true);
            let r = forward(s, s2, packed_projections(h), x)?;
            joined(s, r)
        },
        |t| {
            let x = t[0].transpose(0, 1);
            let (out, _) = packed_oracle(t, None).run(&x, &x, &x);
            joined_t(out.transpose(0, 1), None)
        },
    );
}

#[test]
fn shared_key_value_with_a_padding_mask_and_a_mask_matches_libtorch() {
    // two products (key is value); the padding mask merged per head; batch first
    let pad = || hidden(&[2, 5]);
    let mask = || data(&[3, 5], 909);
    for need_weights in [true, false] {
        check_grads(
            &packed_inputs(&[3, 5]),
            |s, h| {
                let kpm = bool_mask(s, &pad())?;
                let m = s.input(&dt(&mask()), false)?;
                let q = s.record(Op::transpose(0, 1), &[h[0]])?;
                let kv = s.record(Op::transpose(0, 1), &[h[1]])?;
                let x = Operands {
                    query: q,
                    key: kv,
                    value: kv,
                    key_padding_mask: Some(kpm),
                    attn_mask: Some(m),
                };
                let s2 = settings(need_weights, true, true);
                let r = forward(s, s2, packed_projections(h), x)?;
                joined(s, r)
            },
            |t| {
                let kpm = additive(&pad())
                    .reshape([2, 1, 1, 5])
                    .expand([2, 2, 1, 5], false);
                let m = mask() + kpm.reshape([4, 1, 5]);
                let (out, w) = packed_oracle(t, Some(m)).run(&t[0], &t[1], &t[1]);
                joined_t(out.transpose(0, 1), need_weights.then_some(w))
            },
        );
    }
}

#[test]
fn separate_weights_unbatched_with_per_head_weights_match_libtorch() {
    // kdim 3, vdim 5: three products of their own weights; a 3-D mask per head
    let mask = || data(&[2, 4, 6], 910);
    check_grads(
        &[
            data(&[4, 4], 911),
            data(&[6, 3], 912),
            data(&[6, 5], 913),
            data(&[4, 4], 914),
            data(&[4, 3], 915),
            data(&[4, 5], 916),
            data(&[12], 917),
            data(&[4, 4], 918),
        ],
        |s, h| {
            let m = s.input(&dt(&mask()), false)?;
            let p = Projections {
                in_proj: InProj::Separate([h[3], h[4], h[5]]),
                in_proj_bias: Some(h[6]),
                out_proj_weight: h[7],
                out_proj_bias: None,
            };
            let x = Operands {
                query: h[0],
                key: h[1],
                value: h[2],
                key_padding_mask: None,
                attn_mask: Some(m),
            };
            let r = forward(s, settings(true, false, true), p, x)?;
            joined(s, r)
        },
        |t| {
            let o = Oracle {
                heads: 2,
                w: [3, 4, 5].map(|i| t[i].shallow_clone()),
                b: Some(t[6].shallow_clone()),
                out: (t[7].shallow_clone(), None),
                mask: Some(mask()),
                average: false,
            };
            let [q, k, v] = [0, 1, 2].map(|i| t[i].unsqueeze(1));
            let (out, w) = o.run(&q, &k, &v);
            joined_t(out.squeeze_dim(1), Some(w.squeeze_dim(0)))
        },
    );
}

#[test]
fn unsupported_arguments_and_bad_calls_are_refused_before_recording() {
    let mut s = session();
    let x = s.input(&dt(&data(&[3, 2, 4], 920)), true).unwrap();
    let w = s.input(&dt(&data(&[12, 4], 921)), true).unwrap();
    let wo = s.input(&dt(&data(&[4, 4], 922)), true).unwrap();
    let extra = s.input(&dt(&data(&[1, 1, 4], 923)), false).unwrap();
    let ints = s
        .input_owned_as(
            dt(&Tensor::zeros([3, 3], (Kind::Int64, tch::Device::Cpu))),
            Some(DType::Int64),
            false,
        )
        .unwrap();
    let len = s.tape_len();
    let call = |s: &mut Sess,
                bias_kv: Option<Handle>,
                zero_attn: bool,
                statics: Option<Handle>,
                mask: Option<Handle>,
                causal: bool,
                heads: i64| {
        multi_head_attention_forward(
            s,
            x,
            x,
            x,
            4,
            heads,
            Some(w),
            None,
            bias_kv,
            bias_kv,
            zero_attn,
            0.0,
            wo,
            None,
            true,
            None,
            true,
            mask,
            false,
            None,
            None,
            None,
            statics,
            statics,
            true,
            causal,
        )
    };
    let cases: [(_, &str); 6] = [
        (
            call(&mut s, Some(extra), false, None, None, false, 2),
            "bias_k",
        ),
        (
            call(&mut s, None, true, None, None, false, 2),
            "add_zero_attn",
        ),
        (
            call(&mut s, None, false, Some(extra), None, false, 2),
            "static_k",
        ),
        (
            call(&mut s, None, false, None, Some(ints), false, 2),
            "bool and floating",
        ),
        (
            call(&mut s, None, false, None, None, true, 2),
            "Need attn_mask",
        ),
        (
            call(&mut s, None, false, None, None, false, 3),
            "not divisible",
        ),
    ];
    for (r, what) in cases {
        match r {
            Err(Error::Argument(m)) => assert!(m.contains(what), "{m}"),
            other => panic!("{what}: expected an argument error, got {other:?}"),
        }
    }
    assert_eq!(s.tape_len(), len, "a refused call records nothing");
    let short = s.input(&dt(&data(&[4], 924)), false).unwrap();
    let r = multi_head_attention_forward(
        &mut s,
        x,
        x,
        x,
        4,
        2,
        Some(w),
        None,
        None,
        None,
        false,
        0.0,
        wo,
        None,
        true,
        Some(short),
        true,
        None,
        false,
        None,
        None,
        None,
        None,
        None,
        true,
        false,
    );
    assert!(matches!(r, Err(Error::Shape(_))), "{r:?}");
}
