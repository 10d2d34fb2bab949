"""``F.multi_head_attention_forward`` against ``torch.nn.functional.multi_head_attention_forward``,
side by side: the same float64 operands, the output and the weights compared to 1e-9 and the
gradients of ``sum(out * c) + sum(weights * c')`` for every floating operand (query, key,
value, the projections, a floating mask), batched and unbatched, with bool and floating
masks, with the weights or without (``scaled_dot_product_attention``), averaged or per head,
with packed or separate projection weights; the packed products torch picks by which
operands are the same tensor; the arguments eagertape refuses."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as TF
from conftest import session_state

import eagertape as et
import eagertape.nn.functional as F

RTOL, ATOL = 1e-9, 1e-12
E, HEADS, N, L, S = 8, 2, 3, 4, 5


def _a(*shape, seed):
    return np.random.default_rng(seed).uniform(-1.0, 1.0, shape)


def _projections(kdim=E, vdim=E, *, separate=False, bias=True):
    """The projection operands by their names in torch's signature."""
    w = {}
    if separate:
        w |= {"q_proj_weight": _a(E, E, seed=10)}
        w |= {"k_proj_weight": _a(E, kdim, seed=11), "v_proj_weight": _a(E, vdim, seed=12)}
    else:
        w["in_proj_weight"] = _a(3 * E, E, seed=13)
    if bias:
        w["in_proj_bias"] = _a(3 * E, seed=14)
    w["out_proj_weight"] = _a(E, E, seed=15)
    if bias:
        w["out_proj_bias"] = _a(E, seed=16)
    return w


def _mha(fn, q, k, v, t, **kw):
    """``fn`` (torch's or eagertape's function) on ``q``, ``k``, ``v`` and the projections in
    ``t`` (absent ones are None)."""
    return fn(
        q,
        k,
        v,
        E,
        HEADS,
        t.get("in_proj_weight"),
        t.get("in_proj_bias"),
        None,
        None,
        False,
        0.0,
        t["out_proj_weight"],
        t.get("out_proj_bias"),
        use_separate_proj_weight="q_proj_weight" in t,
        q_proj_weight=t.get("q_proj_weight"),
        k_proj_weight=t.get("k_proj_weight"),
        v_proj_weight=t.get("v_proj_weight"),
        **kw,
    )


def check(arrays, call, masks=None):
    """Run ``call(fn, operands, masks)`` with torch's function on float64 leaves and with
    eagertape's on float64 parameters (``masks``: name -> (torch's, eagertape's)); compare
    the output, the weights (or their absence) and every operand's gradient."""
    masks = masks or {}
    t = {n: torch.tensor(a, requires_grad=True) for n, a in arrays.items()}
    t_outs = call(TF.multi_head_attention_forward, t, {n: m[0] for n, m in masks.items()})
    rng = np.random.default_rng(99)
    cots = [None if o is None else rng.standard_normal(tuple(o.shape)) for o in t_outs]
    sum(
        (o * torch.from_numpy(c)).sum() for o, c in zip(t_outs, cots, strict=True) if c is not None
    ).backward()

    sess = et.Session(dtype="float64")
    params = {n: et.Parameter(a, dtype="float64") for n, a in arrays.items()}
    e = {n: sess.use(p) for n, p in params.items()}
    e_outs = call(F.multi_head_attention_forward, e, {n: m[1] for n, m in masks.items()})
    assert isinstance(e_outs, tuple) and len(e_outs) == 2
    loss = None
    for got, want, c in zip(e_outs, t_outs, cots, strict=True):
        if want is None:
            assert got is None
            continue
        assert got.shape == tuple(want.shape)
        np.testing.assert_allclose(got.numpy(), want.detach().numpy(), rtol=RTOL, atol=ATOL)
        term = (got * c).sum()
        loss = term if loss is None else loss + term
    with sess.backward(loss) as grads:
        for n, p in params.items():
            want = t[n].grad
            want = np.zeros(p.shape) if want is None else want.numpy()
            got = grads[p].numpy() if p in grads else np.zeros(p.shape)
            np.testing.assert_allclose(got, want, rtol=RTOL, atol=ATOL, err_msg=n)


def _bool(shape, seed):
    """A bool mask (True: not allowed) that leaves every row something to attend to."""
    m = np.random.default_rng(seed).uniform(size=shape) < 0.4
    m[..., 0] = False
    return m


def _both(m):
    return torch.from_numpy(m), m


@pytest.mark.parametrize("need_weights, average", [(True, True), (True, False), (False, True)])
def test_self_attention_matches_torch(need_weights, average):
    arrays = {"x": _a(L, N, E, seed=1)} | _projections()
    check(
        arrays,
        lambda fn, t, _: _mha(
            fn, t["x"], t["x"], t["x"], t, need_weights=need_weights, average_attn_weights=average
        ),
    )


@pytest.mark.parametrize("need_weights", [True, False])
def test_cross_attention_with_bool_masks_matches_torch(need_weights):
    arrays = {"q": _a(L, N, E, seed=1), "k": _a(S, N, E, seed=2), "v": _a(S, N, E, seed=3)}
    masks = {"kpm": _both(_bool((N, S), 4)), "mask": _both(_bool((L, S), 5))}
    check(
        arrays | _projections(),
        lambda fn, t, m: _mha(
            fn,
            t["q"],
            t["k"],
            t["v"],
            t,
            key_padding_mask=m["kpm"],
            attn_mask=m["mask"],
            need_weights=need_weights,
        ),
        masks,
    )


@pytest.mark.parametrize("need_weights", [True, False])
def test_shared_key_value_with_a_3d_bool_mask_matches_torch(need_weights):
    arrays = {"q": _a(L, N, E, seed=1), "kv": _a(S, N, E, seed=2)}
    masks = {"mask": _both(_bool((N * HEADS, L, S), 6))}
    check(
        arrays | _projections(),
        lambda fn, t, m: _mha(
            fn, t["q"], t["kv"], t["kv"], t, attn_mask=m["mask"], need_weights=need_weights
        ),
        masks,
    )


@pytest.mark.parametrize("need_weights", [True, False])
def test_float_masks_are_operands_with_gradients(need_weights):
    # torch differentiates a floating mask: both masks are leaves here
    arrays = {"x": _a(L, N, E, seed=1), "mask": _a(N * HEADS, L, L, seed=7)}
    arrays["kpm"] = _a(N, L, seed=8)
    check(
        arrays | _projections(),
        lambda fn, t, _: _mha(
            fn,
            t["x"],
            t["x"],
            t["x"],
            t,
            key_padding_mask=t["kpm"],
            attn_mask=t["mask"],
            need_weights=need_weights,
        ),
    )


@pytest.mark.parametrize("need_weights, average", [(True, True), (True, False), (False, True)])
def test_unbatched_inputs_with_masks_match_torch(need_weights, average):
    arrays = {"q": _a(L, E, seed=1), "kv": _a(S, E, seed=2), "mask": _a(HEADS, L, S, seed=9)}
    arrays["kpm"] = _a(S, seed=10)
    check(
        arrays | _projections(),
        lambda fn, t, _: _mha(
            fn,
            t["q"],
            t["kv"],
            t["kv"],
            t,
            key_padding_mask=t["kpm"],
            attn_mask=t["mask"],
            need_weights=need_weights,
            average_attn_weights=average,
        ),
    )


def test_unbatched_bool_key_padding_mask_matches_torch():
    arrays = {"q": _a(L, E, seed=1), "kv": _a(S, E, seed=2)} | _projections()
    check(
        arrays,
        lambda fn, t, m: _mha(fn, t["q"], t["kv"], t["kv"], t, key_padding_mask=m["kpm"]),
        {"kpm": _both(_bool((S,), 10))},
    )


def test_unbatched_self_attention_matches_torch():
    arrays = {"x": _a(L, E, seed=1)} | _projections()
    check(arrays, lambda fn, t, _: _mha(fn, t["x"], t["x"], t["x"], t))


@pytest.mark.parametrize("need_weights, average", [(True, True), (True, False), (False, True)])
def test_separate_projection_weights_match_torch(need_weights, average):
    arrays = {"q": _a(L, N, E, seed=1), "k": _a(S, N, 5, seed=2), "v": _a(S, N, 3, seed=3)}
    masks = {"kpm": _both(_bool((N, S), 4))}
    check(
        arrays | _projections(5, 3, separate=True),
        lambda fn, t, m: _mha(
            fn,
            t["q"],
            t["k"],
            t["v"],
            t,
            key_padding_mask=m["kpm"],
            need_weights=need_weights,
            average_attn_weights=average,
        ),
        masks,
    )


@pytest.mark.parametrize("need_weights", [True, False])
def test_without_biases_matches_torch(need_weights):
    arrays = {"x": _a(L, N, E, seed=1)} | _projections(bias=False)
    check(
        arrays,
        lambda fn, t, _: _mha(fn, t["x"], t["x"], t["x"], t, need_weights=need_weights),
    )


def test_causal_hint_with_its_mask_matches_torch():
    causal = np.triu(np.full((L, L), -np.inf), 1)
    arrays = {"x": _a(L, N, E, seed=1)} | _projections()
    check(
        arrays,
        lambda fn, t, m: _mha(
            fn, t["x"], t["x"], t["x"], t, attn_mask=m["mask"], is_causal=True, need_weights=False
        ),
        {"mask": (torch.from_numpy(causal), causal)},
    )


def test_eagertape_tensor_masks_match_torch():
    kpm, mask = _bool((N, S), 4), _bool((L, S), 5)
    q, kv = _a(L, N, E, seed=1), _a(S, N, E, seed=2)
    w = _projections()
    t = {n: torch.from_numpy(a) for n, a in w.items()}
    want, want_w = _mha(
        TF.multi_head_attention_forward,
        torch.from_numpy(q),
        torch.from_numpy(kv),
        torch.from_numpy(kv),
        t,
        key_padding_mask=torch.from_numpy(kpm),
        attn_mask=torch.from_numpy(mask),
    )
    with et.Session(dtype="float64") as sess:
        e = {n: sess.input(a) for n, a in w.items()}
        ekv = sess.input(kv)
        got, got_w = _mha(
            F.multi_head_attention_forward,
            sess.input(q),
            ekv,
            ekv,
            e,
            key_padding_mask=sess.input(kpm),
            attn_mask=sess.input(mask),
        )
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=RTOL, atol=ATOL)
        np.testing.assert_allclose(got_w.numpy(), want_w.numpy(), rtol=RTOL, atol=ATOL)


def _linears(call) -> int:
    """How many linear products ``call(x, y, sess)`` records."""
    with et.Session(dtype="float64") as sess:
        x, y = sess.input(_a(L, N, E, seed=1)), sess.input(_a(L, N, E, seed=2))
        call(x, y, sess)
        return sum(row.op == "linear" for row in sess.tape_profile().rows)


def test_which_operands_are_one_tensor_picks_torch_packed_products():
    w = _projections()

    def run(q, k, v, sess, **kw):
        t = {n: sess.input(a) for n, a in w.items()}
        return _mha(F.multi_head_attention_forward, q, k, v, t, **kw)

    # one packed product for self-attention, two when key is value, else three (+ out_proj)
    assert _linears(lambda x, y, s: run(x, x, x, s)) == 2
    assert _linears(lambda x, y, s: run(x, y, y, s)) == 3
    assert _linears(lambda x, y, s: run(x, y, x, s)) == 4
    # batched self-attention without weights: one product per projection (views to heads)
    assert _linears(lambda x, y, s: run(x, x, x, s, need_weights=False)) == 4


def test_dropout_only_in_training():
    arrays = {"x": _a(L, N, E, seed=1)} | _projections()
    with et.Session(dtype="float64", seed=3) as sess:
        e = {n: sess.input(a) for n, a in arrays.items()}
        x = e["x"]

        def run(training, p):
            args = (x, x, x, E, HEADS, e["in_proj_weight"], e["in_proj_bias"], None, None)
            args += (False, p, e["out_proj_weight"], e["out_proj_bias"])
            return F.multi_head_attention_forward(*args, training=training)

        ref_out, ref_w = run(True, 0.0)
        eval_out, eval_w = run(False, 0.9)
        np.testing.assert_array_equal(eval_out.numpy(), ref_out.numpy())
        np.testing.assert_array_equal(eval_w.numpy(), ref_w.numpy())
        out, weights = run(True, 0.5)
        assert not np.allclose(out.numpy(), ref_out.numpy())
        assert not np.allclose(weights.numpy(), ref_w.numpy())


@pytest.mark.parametrize(
    "kw, match",
    [
        ({"bias_k": True, "bias_v": True}, "bias_k"),
        ({"bias_k": True}, "bias_k"),
        ({"add_zero_attn": True}, "add_zero_attn"),
        ({"static_k": True}, "static_k"),
        ({"static_v": True}, "static_k/static_v"),
    ],
)
def test_unsupported_arguments_raise_argument_error(kw, match):
    with et.Session(dtype="float64") as sess:
        x = sess.input(_a(L, N, E, seed=1))
        extra = sess.input(_a(1, 1, E, seed=2))
        w = {n: sess.input(a) for n, a in _projections().items()}
        args = dict.fromkeys(("bias_k", "bias_v", "static_k", "static_v"))
        args |= {n: extra for n in kw if n != "add_zero_attn"}
        before = session_state(sess)
        with pytest.raises(et.ArgumentError, match=match):
            F.multi_head_attention_forward(
                x,
                x,
                x,
                E,
                HEADS,
                w["in_proj_weight"],
                w["in_proj_bias"],
                args["bias_k"],
                args["bias_v"],
                bool(kw.get("add_zero_attn")),
                0.0,
                w["out_proj_weight"],
                w["out_proj_bias"],
                static_k=args["static_k"],
                static_v=args["static_v"],
            )
        assert session_state(sess) == before


def test_bad_calls_raise_typed_errors():
    with et.Session(dtype="float64") as sess:
        x = sess.input(_a(L, N, E, seed=1))
        t = {n: sess.input(a) for n, a in _projections().items()}

        def run(q, **kw):
            return _mha(F.multi_head_attention_forward, q, q, q, t, **kw)

        with pytest.raises(et.ArgumentError, match="Need attn_mask"):
            run(x, is_causal=True)
        with pytest.raises(et.ArgumentError, match="bool and floating"):
            run(x, attn_mask=sess.input(np.zeros((L, L), np.int64)))
        with pytest.raises(et.ShapeError, match="embedding dimension of 8, but got 4"):
            run(sess.input(_a(L, N, 4, seed=2)))
        with pytest.raises(et.ShapeError, match="2D attn_mask"):
            run(x, attn_mask=np.zeros((L, L + 1)))
        with pytest.raises(et.ShapeError, match="key_padding_mask to be None or 2-D"):
            run(x, key_padding_mask=np.zeros(L, bool))
        with pytest.raises(et.ShapeError, match="batched 3D"):
            run(sess.input(_a(1, L, N, E, seed=3)))
        with pytest.raises(et.ArgumentError, match="in_proj_weight is None"):
            F.multi_head_attention_forward(
                x, x, x, E, HEADS, None, None, None, None, False, 0.0, t["out_proj_weight"], None
            )
