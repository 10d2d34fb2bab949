//! `F.multi_head_attention_forward`: torch's multi-head attention (the computation of
//! `nn.MultiheadAttention`) composed of the tape's own ops, so every gradient is its parts'.
//!
//! The inputs are sequence-first, `(L, N, E)` or unbatched `(L, E)`, as torch's function
//! takes them; `MultiheadAttention` with `batch_first` passes its own layout, `(N, L, E)`
//! ([`module_forward`]), which is transposed here, keeping which operands are the same
//! tensor. That relation picks torch's packed input projections (`_in_projection_packed`):
//! one product for self-attention (query, key and value one tensor), two when key is value,
//! else three; the binding gives the same Python tensor the same handle, so it is equality
//! of handles here. The masks are torch's: a bool mask (true: not allowed) becomes an
//! additive one of the query's dtype (`_canonical_mask`), the key padding mask is merged
//! into the attention mask per head. With `need_weights` the weights are computed
//! explicitly (`softmax(q kᵀ / sqrt(head_dim) + mask)`, dropout, averaged over heads or
//! not); without, `scaled_dot_product_attention` runs (its fused CPU kernel where it
//! applies). Batched self-attention without weights or a padding mask takes a shorter path
//! ([`packed_self_attention`]): one product per projection in the input's own layout,
//! reshaped to heads as views.
//!
//! `bias_k`/`bias_v`, `add_zero_attn` and `static_k`/`static_v` are not supported
//! (`Error::Argument`).

use super::arrange::Expand;
use super::attention::sdpa;
use super::binary::BinaryOp;
use super::compose::{self, Recorder};
use super::join::MaskedFill;
use super::scalar::ScalarOp;
use super::Op;
use crate::backend::Backend;
use crate::config::DType;
use crate::error::{Error, Result};
use crate::handles::Handle;

const NAME: &str = "multi_head_attention_forward";

/// The input projection's weights: torch's packed `in_proj_weight` `(3E, E)`, or separate
/// `q_proj_weight` `(E, E)`, `k_proj_weight` `(E, kdim)`, `v_proj_weight` `(E, vdim)`.
#[derive(Debug, Clone, Copy)]
pub enum InProj {
    Packed(Handle),
    Separate([Handle; 3]),
}

/// The parameters of one call.
#[derive(Debug, Clone, Copy)]
pub struct Projections {
    pub in_proj: InProj,
    /// `(3E,)`: the q, k and v biases in turn.
    pub in_proj_bias: Option<Handle>,
    pub out_proj_weight: Handle,
    pub out_proj_bias: Option<Handle>,
}

/// The settings of one call.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// `embed_dim_to_check`: the query's width.
    pub embed_dim: i64,
    pub num_heads: i64,
    /// The dropout probability on the attention weights (0 outside training).
    pub dropout_p: f64,
    pub need_weights: bool,
    pub average_attn_weights: bool,
    pub is_causal: bool,
    /// Batched inputs and the output are `(N, L, E)` (`MultiheadAttention(batch_first=True)`),
    /// not `(L, N, E)` (torch's function).
    pub batch_first: bool,
}

/// The operands of one call: query, key, value and the optional masks as given (bool or
/// floating).
#[derive(Debug, Clone, Copy)]
pub struct Operands {
    pub query: Handle,
    pub key: Handle,
    pub value: Handle,
    pub key_padding_mask: Option<Handle>,
    pub attn_mask: Option<Handle>,
}

/// torch's `F.multi_head_attention_forward` (see the module's note): `(output, weights)`,
/// the weights `None` unless `need_weights`.
#[allow(clippy::too_many_arguments)]
pub fn multi_head_attention_forward<B: Backend>(
    r: &mut dyn Recorder<B>,
    query: Handle,
    key: Handle,
    value: Handle,
    embed_dim_to_check: i64,
    num_heads: i64,
    in_proj_weight: Option<Handle>,
    in_proj_bias: Option<Handle>,
    bias_k: Option<Handle>,
    bias_v: Option<Handle>,
    add_zero_attn: bool,
    dropout_p: f64,
    out_proj_weight: Handle,
    out_proj_bias: Option<Handle>,
    training: bool,
    key_padding_mask: Option<Handle>,
    need_weights: bool,
    attn_mask: Option<Handle>,
    use_separate_proj_weight: bool,
    q_proj_weight: Option<Handle>,
    k_proj_weight: Option<Handle>,
    v_proj_weight: Option<Handle>,
    static_k: Option<Handle>,
    static_v: Option<Handle>,
    average_attn_weights: bool,
    is_causal: bool,
) -> Result<(Handle, Option<Handle>)> {
    module_forward(
        r,
        query,
        key,
        value,
        embed_dim_to_check,
        num_heads,
        in_proj_weight,
        in_proj_bias,
        bias_k,
        bias_v,
        add_zero_attn,
        dropout_p,
        out_proj_weight,
        out_proj_bias,
        training,
        key_padding_mask,
        need_weights,
        attn_mask,
        use_separate_proj_weight,
        q_proj_weight,
        k_proj_weight,
        v_proj_weight,
        static_k,
        static_v,
        average_attn_weights,
        is_causal,
        false,
    )
}

/// [`multi_head_attention_forward`] in `MultiheadAttention`'s layout: batched inputs are
/// `(N, L, E)` (and so is the output) where `batch_first`.
#[allow(clippy::too_many_arguments)]
pub fn module_forward<B: Backend>(
    r: &mut dyn Recorder<B>,
    query: Handle,
    key: Handle,
    value: Handle,
    embed_dim_to_check: i64,
    num_heads: i64,
    in_proj_weight: Option<Handle>,
    in_proj_bias: Option<Handle>,
    bias_k: Option<Handle>,
    bias_v: Option<Handle>,
    add_zero_attn: bool,
    dropout_p: f64,
    out_proj_weight: Handle,
    out_proj_bias: Option<Handle>,
    training: bool,
    key_padding_mask: Option<Handle>,
    need_weights: bool,
    attn_mask: Option<Handle>,
    use_separate_proj_weight: bool,
    q_proj_weight: Option<Handle>,
    k_proj_weight: Option<Handle>,
    v_proj_weight: Option<Handle>,
    static_k: Option<Handle>,
    static_v: Option<Handle>,
    average_attn_weights: bool,
    is_causal: bool,
    batch_first: bool,
) -> Result<(Handle, Option<Handle>)> {
    let refuse = |what: &str| Err(Error::Argument(format!("{NAME}: {what} is not supported")));
    if bias_k.is_some() || bias_v.is_some() {
        return refuse("bias_k/bias_v (MultiheadAttention's add_bias_kv)");
    }
    if add_zero_attn {
        return refuse("add_zero_attn=True");
    }
    if static_k.is_some() || static_v.is_some() {
        return refuse("static_k/static_v");
    }
    if !(0.0..=1.0).contains(&dropout_p) {
        return Err(Error::Argument(format!(
            "{NAME}: dropout_p must be in [0, 1], got {dropout_p}"
        )));
    }
    let missing = |what: &str, flag: bool| {
        Error::Argument(format!(
            "{NAME}: use_separate_proj_weight is {} but {what} is None",
            if flag { "True" } else { "False" }
        ))
    };
    let in_proj = if use_separate_proj_weight {
        let q = q_proj_weight.ok_or_else(|| missing("q_proj_weight", true))?;
        let k = k_proj_weight.ok_or_else(|| missing("k_proj_weight", true))?;
        let v = v_proj_weight.ok_or_else(|| missing("v_proj_weight", true))?;
        InProj::Separate([q, k, v])
    } else {
        InProj::Packed(in_proj_weight.ok_or_else(|| missing("in_proj_weight", false))?)
    };
    let p = Projections {
        in_proj,
        in_proj_bias,
        out_proj_weight,
        out_proj_bias,
    };
    let s = Settings {
        embed_dim: embed_dim_to_check,
        num_heads,
        dropout_p: if training { dropout_p } else { 0.0 },
        need_weights,
        average_attn_weights,
        is_causal,
        batch_first,
    };
    let x = Operands {
        query,
        key,
        value,
        key_padding_mask,
        attn_mask,
    };
    forward(r, s, p, x)
}

/// The sizes of one call, sequence-first: the query `(tgt_len, bsz, embed_dim)`, the key
/// and value `(src_len, bsz, ·)` (`bsz` 1 for unbatched inputs).
#[derive(Debug, Clone, Copy)]
struct Dims {
    batched: bool,
    tgt_len: i64,
    bsz: i64,
    src_len: i64,
    embed_dim: i64,
    heads: i64,
    head_dim: i64,
}

/// Multi-head attention with its checks first (nothing is recorded for a refused call),
/// then the short self-attention path where it applies, else torch's composition.
pub fn forward<B: Backend>(
    r: &mut dyn Recorder<B>,
    s: Settings,
    p: Projections,
    x: Operands,
) -> Result<(Handle, Option<Handle>)> {
    let d = check(r, s, p, x)?;
    // torch's `is` relations, on the operands as given
    let self_attention = x.query == x.key && x.key == x.value;
    let shared_kv = x.key == x.value;
    let kpm = canonical_mask(r, x.key_padding_mask, x.query)?;
    // the `is_causal` hint reaches scaled_dot_product_attention only where nothing is merged
    // into the mask and no weights are computed; the mask is then dropped, as torch's
    let causal = s.is_causal && kpm.is_none() && !s.need_weights;
    let mask = if causal {
        None
    } else {
        canonical_mask(r, x.attn_mask, x.query)?
    };
    if d.batched && self_attention && kpm.is_none() && !s.need_weights {
        if let InProj::Packed(w) = p.in_proj {
            if let Some(out) = packed_self_attention(r, s, p, w, x.query, mask, causal, d)? {
                return Ok((out, None));
            }
        }
    }
    let relations = (self_attention, shared_kv);
    let transposed = d.batched && s.batch_first;
    let mut qkv = [x.query, x.key, x.value];
    if transposed {
        qkv = each(r, qkv, relations, |r, h| {
            r.record(Op::transpose(1, 0), &[h])
        })?;
    }
    let (out, weights) = attend(r, s, p, d, qkv, [kpm, mask], causal, relations)?;
    let out = if transposed {
        r.record(Op::transpose(1, 0), &[out])?
    } else {
        out
    };
    Ok((out, weights))
}

/// `f` of query, key and value, once for each distinct one (equal operands stay equal).
fn each<B: Backend>(
    r: &mut dyn Recorder<B>,
    [q, k, v]: [Handle; 3],
    (self_attention, shared_kv): (bool, bool),
    f: impl Fn(&mut dyn Recorder<B>, Handle) -> Result<Handle>,
) -> Result<[Handle; 3]> {
    let q = f(r, q)?;
    let k = if self_attention { q } else { f(r, k)? };
    let v = if shared_kv { k } else { f(r, v)? };
    Ok([q, k, v])
}

/// `shape` as Python writes a tuple.
fn tuple(shape: &[i64]) -> String {
    match shape {
        [n] => format!("({n},)"),
        _ => {
            let sizes: Vec<String> = shape.iter().map(i64::to_string).collect();
            format!("({})", sizes.join(", "))
        }
    }
}

/// Every check of torch's function (`_mha_shape_check`, the embedding and head sizes, the
/// masks' dtypes and shapes, the projections' shapes), before anything is recorded.
fn check<B: Backend>(
    r: &dyn Recorder<B>,
    s: Settings,
    p: Projections,
    x: Operands,
) -> Result<Dims> {
    let shape_err = |m: String| Err(Error::Shape(m));
    let (qs, ks, vs) = (r.shape(x.query)?, r.shape(x.key)?, r.shape(x.value)?);
    let kpm = x.key_padding_mask.map(|m| r.shape(m)).transpose()?;
    let mask = x.attn_mask.map(|m| r.shape(m)).transpose()?;
    let batched = match qs.len() {
        3 | 2 => qs.len() == 3,
        n => {
            return shape_err(format!(
                "query should be unbatched 2D or batched 3D tensor but received {n}-D query \
                 tensor"
            ))
        }
    };
    let (kind, rank) = if batched {
        ("batched (3-D)", 3)
    } else {
        ("unbatched (2-D)", 2)
    };
    if ks.len() != rank || vs.len() != rank {
        return shape_err(format!(
            "For {kind} query, expected key and value to be {rank}-D but found {}-D and {}-D \
             tensors respectively",
            ks.len(),
            vs.len()
        ));
    }
    if let Some(m) = kpm.as_ref().filter(|m| m.len() != rank - 1) {
        return shape_err(format!(
            "For {kind} query, expected key_padding_mask to be None or {}-D but found {}-D \
             tensor instead",
            rank - 1,
            m.len()
        ));
    }
    if let Some(m) = mask.as_ref().filter(|m| m.len() != 2 && m.len() != 3) {
        return shape_err(format!(
            "For {kind} query, expected attn_mask to be None, 2-D or 3-D but found {}-D \
             tensor instead",
            m.len()
        ));
    }
    if !batched {
        if let Some(m) = mask.as_ref().filter(|m| m.len() == 3) {
            let want = [s.num_heads, qs[0], ks[0]];
            if m[..] != want {
                return shape_err(format!(
                    "Expected attn_mask shape to be {} but got {}",
                    tuple(&want),
                    tuple(m)
                ));
            }
        }
    }
    for (m, name) in [
        (x.key_padding_mask, "key_padding_mask"),
        (x.attn_mask, "attn_mask"),
    ] {
        if let Some(m) = m {
            if matches!(r.dtype(m)?, DType::Int64 | DType::Int32) {
                return Err(Error::Argument(format!(
                    "only bool and floating types of {name} are supported"
                )));
            }
        }
    }
    if s.is_causal && x.attn_mask.is_none() {
        return Err(Error::Argument(
            "Need attn_mask if specifying the is_causal hint (MultiheadAttention uses \
             is_causal only as a hint that attn_mask is the causal mask)"
                .into(),
        ));
    }
    // sequence-first, with the batch dim of unbatched inputs
    let seq_first = |sh: &[i64]| -> Vec<i64> {
        match (batched, s.batch_first) {
            (false, _) => vec![sh[0], 1, sh[1]],
            (true, false) => sh.to_vec(),
            (true, true) => vec![sh[1], sh[0], sh[2]],
        }
    };
    let (qs, ks, vs) = (seq_first(&qs), seq_first(&ks), seq_first(&vs));
    let (tgt_len, bsz, embed_dim) = (qs[0], qs[1], qs[2]);
    let src_len = ks[0];
    if embed_dim != s.embed_dim {
        return shape_err(format!(
            "was expecting embedding dimension of {}, but got {embed_dim}",
            s.embed_dim
        ));
    }
    if s.num_heads <= 0 || embed_dim % s.num_heads != 0 {
        return Err(Error::Argument(format!(
            "{NAME}: embed_dim {embed_dim} not divisible by num_heads {}",
            s.num_heads
        )));
    }
    let e = embed_dim;
    let bad_weight = |what: &str, got: &[i64], want: &[i64]| {
        shape_err(format!(
            "{NAME}: expected {what} of shape {}, but got {}",
            tuple(want),
            tuple(got)
        ))
    };
    match p.in_proj {
        InProj::Packed(w) => {
            if ks != vs {
                return shape_err(format!(
                    "key shape {} does not match value shape {}",
                    tuple(&ks),
                    tuple(&vs)
                ));
            }
            if ks[2] != e {
                return shape_err(format!(
                    "{NAME}: key and value of width {} need separate projection weights \
                     (use_separate_proj_weight) for an embed_dim of {e}",
                    ks[2]
                ));
            }
            let ws = r.shape(w)?;
            if ws != [3 * e, e] {
                return bad_weight("in_proj_weight", &ws, &[3 * e, e]);
            }
        }
        InProj::Separate([wq, wk, wv]) => {
            if ks[..2] != vs[..2] {
                return shape_err(format!(
                    "key's sequence and batch dims {} do not match value's {}",
                    tuple(&ks[..2]),
                    tuple(&vs[..2])
                ));
            }
            for (w, what, width) in [
                (wq, "q_proj_weight", e),
                (wk, "k_proj_weight", ks[2]),
                (wv, "v_proj_weight", vs[2]),
            ] {
                let ws = r.shape(w)?;
                if ws != [e, width] {
                    return bad_weight(what, &ws, &[e, width]);
                }
            }
        }
    }
    if let Some(b) = p.in_proj_bias {
        let bs = r.shape(b)?;
        if bs != [3 * e] {
            return bad_weight("in_proj_bias", &bs, &[3 * e]);
        }
    }
    if let Some(m) = &mask {
        if m.len() == 2 && m[..] != [tgt_len, src_len] {
            return shape_err(format!(
                "The shape of the 2D attn_mask is {}, but should be {}.",
                tuple(m),
                tuple(&[tgt_len, src_len])
            ));
        }
        let want = [bsz * s.num_heads, tgt_len, src_len];
        if m.len() == 3 && m[..] != want {
            return shape_err(format!(
                "The shape of the 3D attn_mask is {}, but should be {}.",
                tuple(m),
                tuple(&want)
            ));
        }
    }
    if let Some(m) = &kpm {
        let m = if batched { m.clone() } else { vec![1, m[0]] };
        if m != [bsz, src_len] {
            return shape_err(format!(
                "expected shape of key_padding_mask to be {}, but got {}",
                tuple(&[bsz, src_len]),
                tuple(&m)
            ));
        }
    }
    Ok(Dims {
        batched,
        tgt_len,
        bsz,
        src_len,
        embed_dim,
        heads: s.num_heads,
        head_dim: embed_dim / s.num_heads,
    })
}

/// torch's `_canonical_mask`: a bool mask (true: not allowed) as an additive one of
/// `like`'s dtype, `-inf` where it is set and 0 elsewhere; a floating mask as it is.
fn canonical_mask<B: Backend>(
    r: &mut dyn Recorder<B>,
    mask: Option<Handle>,
    like: Handle,
) -> Result<Option<Handle>> {
    let Some(m) = mask else { return Ok(None) };
    if r.dtype(m)? != DType::Bool {
        return Ok(Some(m));
    }
    let zero = r.constant(like, &[0.0], &[], None)?;
    r.record(Op::movement(MaskedFill(f64::NEG_INFINITY)), &[zero, m])
        .map(Some)
}

/// `x`'s rows `[i·n, (i+1)·n)` along dim 0 (a weight's or a bias's part; a view).
fn part<B: Backend>(r: &mut dyn Recorder<B>, x: Handle, i: i64, n: i64) -> Result<Handle> {
    compose::slice(r, x, 0, i * n, (i + 1) * n, 1)
}

/// `x @ wᵀ + b`.
fn linear<B: Backend>(
    r: &mut dyn Recorder<B>,
    x: Handle,
    w: Handle,
    b: Option<Handle>,
) -> Result<Handle> {
    match b {
        Some(b) => r.record(Op::linear(), &[x, w, b]),
        None => r.record(Op::linear(), &[x, w]),
    }
}

/// The output projection of `(rows, E)` attention outputs, as `lead` + its width.
fn out_projection<B: Backend>(
    r: &mut dyn Recorder<B>,
    p: Projections,
    x: Handle,
    lead: [i64; 2],
) -> Result<Handle> {
    let y = linear(r, x, p.out_proj_weight, p.out_proj_bias)?;
    let width = r.shape(y)?[1];
    compose::reshape(r, y, &[lead[0], lead[1], width])
}

/// Batched self-attention without weights or a padding mask, in the input's own layout:
/// one product per projection (the rows of the packed weight, as torch's packed product
/// computes them), each reshaped to heads as views, so nothing of `(…, 3E)` is copied or
/// kept for backward before `scaled_dot_product_attention`. `None` where the mask is
/// other than `(L, L)` (the general path then takes it).
#[allow(clippy::too_many_arguments)]
fn packed_self_attention<B: Backend>(
    r: &mut dyn Recorder<B>,
    s: Settings,
    p: Projections,
    w: Handle,
    x: Handle,
    mask: Option<Handle>,
    causal: bool,
    d: Dims,
) -> Result<Option<Handle>> {
    let lead = {
        let sh = r.shape(x)?;
        [sh[0], sh[1]]
    };
    let (to_heads, from_heads) = if s.batch_first {
        ([0, 2, 1, 3], [0, 2, 1, 3])
    } else {
        ([1, 2, 0, 3], [2, 0, 1, 3])
    };
    if let Some(m) = mask {
        if r.shape(m)? != [d.tgt_len, d.tgt_len] {
            return Ok(None);
        }
    }
    let e = d.embed_dim;
    let mut qkv = [x; 3];
    for (i, slot) in qkv.iter_mut().enumerate() {
        let i = i as i64;
        let wi = part(r, w, i, e)?;
        let bi = p.in_proj_bias.map(|b| part(r, b, i, e)).transpose()?;
        let y = linear(r, x, wi, bi)?;
        let y = compose::reshape(r, y, &[lead[0], lead[1], d.heads, d.head_dim])?;
        *slot = r.record(Op::permute(&to_heads), &[y])?;
    }
    let [q, k, v] = qkv;
    let out = sdpa(r, q, k, v, mask, s.dropout_p, causal, None, false)?;
    let out = r.record(Op::permute(&from_heads), &[out])?;
    let out = compose::reshape(r, out, &[lead[0] * lead[1], e])?;
    out_projection(r, p, out, lead).map(Some)
}

/// torch's `_in_projection_packed` (one product for self-attention, two when key is value,
/// else three) or `_in_projection` (separate weights); the bias split in three.
fn in_projection<B: Backend>(
    r: &mut dyn Recorder<B>,
    p: Projections,
    e: i64,
    [query, key, value]: [Handle; 3],
    (self_attention, shared_kv): (bool, bool),
) -> Result<[Handle; 3]> {
    let b = p.in_proj_bias;
    let w = match p.in_proj {
        InProj::Separate(ws) => {
            let mut out = [query, key, value];
            for (i, (x, w)) in out.iter_mut().zip(ws).enumerate() {
                let bi = b.map(|b| part(r, b, i as i64, e)).transpose()?;
                *x = linear(r, *x, w, bi)?;
            }
            return Ok(out);
        }
        InProj::Packed(w) => w,
    };
    // the last dim of a packed product, split in `n` parts of `e`
    let split = |r: &mut dyn Recorder<B>, y: Handle, n: i64| -> Result<Vec<Handle>> {
        (0..n)
            .map(|i| compose::slice(r, y, -1, i * e, (i + 1) * e, 1))
            .collect()
    };
    if self_attention {
        let y = linear(r, query, w, b)?;
        let qkv = split(r, y, 3)?;
        return Ok([qkv[0], qkv[1], qkv[2]]);
    }
    if shared_kv {
        let w_q = part(r, w, 0, e)?;
        let w_kv = compose::slice(r, w, 0, e, 3 * e, 1)?;
        let b_q = b.map(|b| part(r, b, 0, e)).transpose()?;
        let b_kv = b
            .map(|b| compose::slice(r, b, 0, e, 3 * e, 1))
            .transpose()?;
        let q = linear(r, query, w_q, b_q)?;
        let kv = linear(r, key, w_kv, b_kv)?;
        let kv = split(r, kv, 2)?;
        return Ok([q, kv[0], kv[1]]);
    }
    let mut out = [query, key, value];
    for (i, x) in out.iter_mut().enumerate() {
        let i = i as i64;
        let wi = part(r, w, i, e)?;
        let bi = b.map(|b| part(r, b, i, e)).transpose()?;
        *x = linear(r, *x, wi, bi)?;
    }
    Ok(out)
}

/// torch's composition on sequence-first operands, the masks additive: the projections,
/// the heads as the batch of `(bsz·heads, ·, head_dim)` products, the masks merged, then
/// the explicit weights or `scaled_dot_product_attention`, and the output projection.
#[allow(clippy::too_many_arguments)]
fn attend<B: Backend>(
    r: &mut dyn Recorder<B>,
    s: Settings,
    p: Projections,
    d: Dims,
    mut qkv: [Handle; 3],
    [mut kpm, mask]: [Option<Handle>; 2],
    causal: bool,
    relations: (bool, bool),
) -> Result<(Handle, Option<Handle>)> {
    if !d.batched {
        qkv = each(r, qkv, relations, |r, h| compose::unsqueeze(r, h, 1))?;
        kpm = kpm.map(|m| compose::unsqueeze(r, m, 0)).transpose()?;
    }
    let Dims {
        tgt_len,
        bsz,
        src_len,
        embed_dim: e,
        heads,
        head_dim,
        ..
    } = d;
    let [q, k, v] = in_projection(r, p, e, qkv, relations)?;
    let mut mask = match mask {
        Some(m) if r.shape(m)?.len() == 2 => Some(compose::unsqueeze(r, m, 0)?),
        m => m,
    };
    let to_heads = |r: &mut dyn Recorder<B>, x: Handle, len: i64| -> Result<Handle> {
        let x = compose::reshape(r, x, &[len, bsz * heads, head_dim])?;
        r.record(Op::transpose(0, 1), &[x])
    };
    let q = to_heads(r, q, tgt_len)?;
    let k = to_heads(r, k, src_len)?;
    let v = to_heads(r, v, src_len)?;
    if let Some(m) = kpm {
        let m = compose::reshape(r, m, &[bsz, 1, 1, src_len])?;
        let m = r.record(
            Op::movement(Expand(vec![bsz, heads, 1, src_len].into())),
            &[m],
        )?;
        let m = compose::reshape(r, m, &[bsz * heads, 1, src_len])?;
        mask = Some(match mask {
            Some(a) => compose::binary(r, BinaryOp::Add, a, m)?,
            None => m,
        });
    }
    let (out, weights) = if s.need_weights {
        let q = compose::scalar(r, ScalarOp::Mul, q, (1.0 / head_dim as f64).sqrt())?;
        let kt = r.record(Op::transpose(-2, -1), &[k])?;
        let mut scores = r.record(Op::matmul(), &[q, kt])?;
        if let Some(m) = mask {
            scores = compose::binary(r, BinaryOp::Add, m, scores)?;
        }
        let mut weights = r.record(Op::softmax(-1), &[scores])?;
        if s.dropout_p > 0.0 {
            weights = r.dropout(weights, s.dropout_p)?;
        }
        let out = r.record(Op::matmul(), &[weights, v])?;
        let out = r.record(Op::transpose(0, 1), &[out])?;
        let out = compose::reshape(r, out, &[tgt_len * bsz, e])?;
        let out = out_projection(r, p, out, [tgt_len, bsz])?;
        let weights = compose::reshape(r, weights, &[bsz, heads, tgt_len, src_len])?;
        let weights = if s.average_attn_weights {
            r.record(Op::mean(&[1], false), &[weights])?
        } else {
            weights
        };
        (out, Some(weights))
    } else {
        if let Some(m) = mask {
            let ms = r.shape(m)?;
            mask = Some(if ms[0] == 1 {
                compose::unsqueeze(r, m, 0)?
            } else {
                compose::reshape(r, m, &[bsz, heads, ms[1], src_len])?
            });
        }
        let q = compose::reshape(r, q, &[bsz, heads, tgt_len, head_dim])?;
        let k = compose::reshape(r, k, &[bsz, heads, src_len, head_dim])?;
        let v = compose::reshape(r, v, &[bsz, heads, src_len, head_dim])?;
        let out = sdpa(r, q, k, v, mask, s.dropout_p, causal, None, false)?;
        let out = r.record(Op::permute(&[2, 0, 1, 3]), &[out])?;
        let out = compose::reshape(r, out, &[bsz * tgt_len, e])?;
        (out_projection(r, p, out, [tgt_len, bsz])?, None)
    };
    if d.batched {
        return Ok((out, weights));
    }
    let out = compose::squeeze(r, out, 1)?;
    let weights = weights.map(|w| compose::squeeze(r, w, 0)).transpose()?;
    Ok((out, weights))
}

/// The `torch.nn.functional` form of multi-head attention, and `MultiheadAttention`'s entry
/// (its layout), for the binding's generator `$gen` (`src/python/declared/` says what
/// each argument type means).
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Forward method for MultiHeadAttention.
            ///
            /// torch's `F.multi_head_attention_forward`, the computation of `nn.MultiheadAttention`, on
            /// sequence-first inputs: the input projections (one packed product when query, key and value
            /// are the same tensor, two when key is value, else three; or the separate weights), the heads,
            /// `softmax(q k^T / sqrt(head_dim) + mask) v` and the output projection. With `need_weights`
            /// the attention weights are computed explicitly and returned; without, the attention runs as
            /// `scaled_dot_product_attention`. Masks follow torch's semantics: a bool mask is ``True`` where
            /// attending is NOT allowed, a floating one is added to the attention scores. Dropout on the
            /// attention weights (when `training`) is drawn from the session's generator. Every floating
            /// operand gets its gradient.
            ///
            /// Args:
            ///     query (Tensor): `(L, N, E)`, or `(L, E)` unbatched.
            ///     key (Tensor): `(S, N, E)` (`(S, N, kdim)` with separate projection weights), or
            ///         `(S, E)` unbatched.
            ///     value (Tensor): `(S, N, E)` (`(S, N, vdim)` with separate projection weights), or
            ///         `(S, E)` unbatched.
            ///     embed_dim_to_check (int): the total dimension of the model, `E`: the query's width.
            ///     num_heads (int): the number of parallel attention heads (they divide `E`).
            ///     in_proj_weight (Tensor, optional): the packed input projection `(3E, E)` (q, k, v in
            ///         turn); ``None`` with `use_separate_proj_weight`.
            ///     in_proj_bias (Tensor, optional): `(3E,)`, the q, k and v biases in turn.
            ///     bias_k (Tensor, optional): must be ``None`` (not supported).
            ///     bias_v (Tensor, optional): must be ``None`` (not supported).
            ///     add_zero_attn (bool): must be ``False`` (not supported).
            ///     dropout_p (float): the dropout probability of the attention weights, in `[0, 1]`.
            ///     out_proj_weight (Tensor): the output projection `(E_out, E)`.
            ///     out_proj_bias (Tensor, optional): `(E_out,)`.
            ///     training (bool): apply dropout if ``True``. Default: ``True``.
            ///     key_padding_mask (Tensor, optional): `(N, S)` (`(S,)` unbatched): the keys to ignore
            ///         (bool: ``True`` ignores; floating: added). Default: ``None``.
            ///     need_weights (bool): also return the attention weights. Default: ``True``.
            ///     attn_mask (Tensor, optional): `(L, S)`, or `(N * num_heads, L, S)` (`(num_heads, L, S)`
            ///         unbatched): the positions each query may attend to (bool: ``True`` is NOT allowed;
            ///         floating: added). Default: ``None``.
            ///     use_separate_proj_weight (bool): project with `q_proj_weight`, `k_proj_weight` and
            ///         `v_proj_weight` instead of `in_proj_weight`. Default: ``False``.
            ///     q_proj_weight (Tensor, optional): `(E, E)`. Default: ``None``.
            ///     k_proj_weight (Tensor, optional): `(E, kdim)`. Default: ``None``.
            ///     v_proj_weight (Tensor, optional): `(E, vdim)`. Default: ``None``.
            ///     static_k (Tensor, optional): must be ``None`` (not supported). Default: ``None``.
            ///     static_v (Tensor, optional): must be ``None`` (not supported). Default: ``None``.
            ///     average_attn_weights (bool): average the returned weights over the heads, else give
            ///         them per head. Default: ``True``.
            ///     is_causal (bool): a hint that `attn_mask` is the causal mask (which must then be
            ///         given); without weights or a key padding mask the attention applies the causal mask
            ///         itself. Default: ``False``.
            ///
            /// Returns:
            ///     tuple: `(output, weights)`: the output `(L, N, E_out)` (`(L, E_out)` unbatched); the
            ///     weights `(N, L, S)` (`(N, num_heads, L, S)` when not averaged, without `N` unbatched),
            ///     or ``None`` unless `need_weights`.
            ///
            /// Raises:
            ///     ArgumentError: `bias_k`, `bias_v`, `static_k` or `static_v` given, `add_zero_attn`,
            ///         `is_causal` without `attn_mask`, a mask of an integer dtype, a projection weight
            ///         missing, `dropout_p` outside `[0, 1]`, or `num_heads` not dividing `E`.
            ///     ShapeError: inputs, masks or weights of inconsistent ranks or shapes.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> import eagertape.nn.functional as F
            ///     >>> with et.Session():
            ///     ...     x = et.ones(3, 2, 4)
            ///     ...     out, weights = F.multi_head_attention_forward(
            ///     ...         x, x, x, 4, 2, et.ones(12, 4), et.zeros(12), None, None, False, 0.0,
            ///     ...         et.ones(4, 4), None, training=False)
            ///     ...     tuple(out.shape), tuple(weights.shape), round(weights.sum().item(), 3)
            ///     ((3, 2, 4), (2, 3, 3), 6.0)
            fn multi_head_attention_forward(query: Tensor, key: Tensor, value: Tensor,
                embed_dim_to_check: i64, num_heads: i64, in_proj_weight: Option<Tensor>,
                in_proj_bias: Option<Tensor>, bias_k: Option<Tensor>, bias_v: Option<Tensor>,
                add_zero_attn: bool, dropout_p: f64, out_proj_weight: Tensor,
                out_proj_bias: Option<Tensor>;
                training: bool = True, key_padding_mask: Option<Mask> = None,
                need_weights: bool = True, attn_mask: Option<Mask> = None,
                use_separate_proj_weight: bool = False, q_proj_weight: Option<Tensor> = None,
                k_proj_weight: Option<Tensor> = None, v_proj_weight: Option<Tensor> = None,
                static_k: Option<Tensor> = None, static_v: Option<Tensor> = None,
                average_attn_weights: bool = True, is_causal: bool = False)
                -> (Tensor, Option<Tensor>)
                = crate::ops::multi_head::multi_head_attention_forward;

            /// `multi_head_attention_forward` in `MultiheadAttention`'s layout (its forward).
            ///
            /// Args:
            ///     query (Tensor): and the other arguments as in
            ///         `eagertape.nn.functional.multi_head_attention_forward`.
            ///     batch_first (bool): batched inputs and the output are `(N, L, E)`; batched
            ///         self-attention without weights or a padding mask then runs in that layout.
            fn module_forward(query: Tensor, key: Tensor, value: Tensor,
                embed_dim_to_check: i64, num_heads: i64, in_proj_weight: Option<Tensor>,
                in_proj_bias: Option<Tensor>, bias_k: Option<Tensor>, bias_v: Option<Tensor>,
                add_zero_attn: bool, dropout_p: f64, out_proj_weight: Tensor,
                out_proj_bias: Option<Tensor>;
                training: bool = True, key_padding_mask: Option<Mask> = None,
                need_weights: bool = True, attn_mask: Option<Mask> = None,
                use_separate_proj_weight: bool = False, q_proj_weight: Option<Tensor> = None,
                k_proj_weight: Option<Tensor> = None, v_proj_weight: Option<Tensor> = None,
                static_k: Option<Tensor> = None, static_v: Option<Tensor> = None,
                average_attn_weights: bool = True, is_causal: bool = False;
                batch_first: bool = False)
                -> (Tensor, Option<Tensor>)
                = crate::ops::multi_head::module_forward as "_multi_head_attention_forward";
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;

#[cfg(test)]
#[path = "multi_head_tests.rs"]
mod tests;
