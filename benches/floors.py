"""Hand-written floors of compare.py's model steps (B8, B9): the step's LibTorch kernels, forward
and backward, called by hand under ``no_grad`` (aten's ``.default`` overloads: no autograd,
no module calls, no Python argument parsing), then AdamW's update. What a runtime around the
same kernels cannot beat; ``benches/step_time.py B8c --side floor`` times one.

The update runs torch.optim.AdamW's single-tensor formulas through ``torch._foreach_*`` calls
(LibTorch's per-tensor kernels, one Python call per term for all the parameters), so Python
costs the floor a few calls per step, not a few per parameter.
"""

from __future__ import annotations

import torch

aten = torch.ops.aten


def adamw_floor(params: list, lr: float = 1e-3, weight_decay: float = 1e-2):
    """torch.optim.AdamW's update (its default betas and eps): a function of the gradients,
    in place into `params` and its own moments."""
    m = [torch.zeros_like(p) for p in params]
    v = [torch.zeros_like(p) for p in params]
    step = [0]

    def update(grads):
        step[0] += 1
        b1c, b2c = 1 - 0.9 ** step[0], 1 - 0.999 ** step[0]
        torch._foreach_mul_(params, 1 - lr * weight_decay)
        torch._foreach_lerp_(m, grads, 0.1)
        torch._foreach_mul_(v, 0.999)
        torch._foreach_addcmul_(v, grads, grads, value=0.001)
        denom = torch._foreach_sqrt(v)
        torch._foreach_div_(denom, b2c**0.5)
        torch._foreach_add_(denom, 1e-8)
        torch._foreach_addcdiv_(params, m, denom, value=-lr / b1c)

    return update


def _weights(module) -> list:
    return [p.detach().clone() for p in module.parameters()]


def _class_loss_backward(logits, y):
    """The mean cross entropy of `logits` (N, C) against class ids `y`, and its gradient."""
    z = aten._log_softmax.default(logits, 1, False)
    _, total = aten.nll_loss_forward.default(z, y, None, 1, -100)
    one = torch.ones((), dtype=logits.dtype)
    gz = aten.nll_loss_backward.default(one, z, y, None, 1, -100, total)
    return aten._log_softmax_backward_data.default(gz, z, 1, z.dtype)


def _linear_backward(g, x, w):
    """The gradients of `x @ w.t() + b` (2-D): input, weight, bias."""
    return g.mm(w), g.t().mm(x), g.sum(0)


def cnn_floor(t_model, x, y):
    """B8's step (benches/models.py's CNN, training mode): convolution, batch norm, pooling and
    loss kernels and their backward kernels, as torch's autograd calls them."""
    conv1, bn1, conv2, bn2, fc = (t_model[i] for i in (0, 1, 4, 5, 9))
    w1, w2 = conv1.weight.detach().clone(), conv2.weight.detach().clone()
    g1, be1 = bn1.weight.detach().clone(), bn1.bias.detach().clone()
    g2, be2 = bn2.weight.detach().clone(), bn2.bias.detach().clone()
    rm1, rv1 = bn1.running_mean.clone(), bn1.running_var.clone()
    rm2, rv2 = bn2.running_mean.clone(), bn2.running_var.clone()
    wl, bl = fc.weight.detach().clone(), fc.bias.detach().clone()
    update = adamw_floor([w1, g1, be1, w2, g2, be2, wl, bl])
    conv = ([1, 1], [1, 1], [1, 1], False, [0, 0], 1)
    pool = ([2, 2], [2, 2], [0, 0], [1, 1], False)
    mask = [True, True, True]

    @torch.no_grad()
    def floor():
        c1 = aten.convolution.default(x, w1, None, *conv)
        b1, sm1, si1 = aten.native_batch_norm.default(c1, g1, be1, rm1, rv1, True, 0.1, 1e-5)
        r1 = aten.relu.default(b1)
        p1, idx = aten.max_pool2d_with_indices.default(r1, *pool)
        c2 = aten.convolution.default(p1, w2, None, *conv)
        b2, sm2, si2 = aten.native_batch_norm.default(c2, g2, be2, rm2, rv2, True, 0.1, 1e-5)
        r2 = aten.relu.default(b2)
        a = aten._adaptive_avg_pool2d.default(r2, [1, 1]).flatten(1)
        gl = _class_loss_backward(aten.addmm.default(bl, a, wl.t()), y)
        g_a, g_wl, g_bl = _linear_backward(gl, a, wl)
        g_r2 = aten._adaptive_avg_pool2d_backward.default(g_a.view(*a.shape, 1, 1), r2)
        g_b2 = aten.threshold_backward.default(g_r2, r2, 0)
        g_c2, g_g2, g_be2 = aten.native_batch_norm_backward.default(
            g_b2, c2, g2, rm2, rv2, sm2, si2, True, 1e-5, mask
        )
        g_p1, g_w2, _ = aten.convolution_backward.default(
            g_c2, p1, w2, None, *conv, [True, True, False]
        )
        g_r1 = aten.max_pool2d_with_indices_backward.default(g_p1, r1, *pool, idx)
        g_b1 = aten.threshold_backward.default(g_r1, r1, 0)
        g_c1, g_g1, g_be1 = aten.native_batch_norm_backward.default(
            g_b1, c1, g1, rm1, rv1, sm1, si1, True, 1e-5, mask
        )
        _, g_w1, _ = aten.convolution_backward.default(
            g_c1, x, w1, None, *conv, [False, True, False]
        )
        update([g_w1, g_g1, g_be1, g_w2, g_g2, g_be2, g_wl, g_bl])

    names = [n for n, _ in t_model.named_parameters()]
    floor.weights = dict(zip(names, [w1, g1, be1, w2, g2, be2, wl, bl], strict=True))
    return floor


def lm_floor(t_model, x, y, heads: int):
    """B9's step (benches/models.py's pre-norm transformer LM, no dropout, causal): embedding,
    layer norm, the packed input projection, CPU flash attention (``is_causal``, torch's
    ``multi_head_attention_forward`` without weights), the feed-forward block and the loss,
    and their backward kernels; the gradients of every parameter, then AdamW. `y`: the next
    token of each position, (batch, length) or flat."""
    params = _weights(t_model)
    names = [n for n, _ in t_model.named_parameters()]
    p = dict(zip(names, params, strict=True))
    layers = len(t_model.blocks.layers)
    vocab, width = p["tok.weight"].shape
    batch, length = x.shape
    y = y.reshape(-1)
    d = width // heads
    positions = torch.arange(length)
    update = adamw_floor(params)
    mask = [True, True, True]

    def layer_norm(h, g, b):
        return aten.native_layer_norm.default(h, [width], g, b, 1e-5)

    @torch.no_grad()
    def floor():
        h = aten.embedding.default(p["tok.weight"], x) + aten.embedding.default(
            p["pos.weight"], positions
        )
        saved = []
        for i in range(layers):
            q = f"blocks.layers.{i}."
            n1, m1, r1 = layer_norm(h, p[q + "norm1.weight"], p[q + "norm1.bias"])
            n1 = n1.view(-1, width)
            qkv = aten.addmm.default(
                p[q + "self_attn.in_proj_bias"], n1, p[q + "self_attn.in_proj_weight"].t()
            )
            qs, ks, vs = qkv.view(batch, length, 3, heads, d).permute(2, 0, 3, 1, 4).unbind(0)
            o, lse = aten._scaled_dot_product_flash_attention_for_cpu.default(qs, ks, vs, 0.0, True)
            oc = o.transpose(1, 2).reshape(-1, width)
            w_out, b_out = p[q + "self_attn.out_proj.weight"], p[q + "self_attn.out_proj.bias"]
            h2 = h + aten.addmm.default(b_out, oc, w_out.t()).view(batch, length, width)
            n2, m2, r2 = layer_norm(h2, p[q + "norm2.weight"], p[q + "norm2.bias"])
            n2 = n2.view(-1, width)
            f = aten.relu.default(
                aten.addmm.default(p[q + "linear1.bias"], n2, p[q + "linear1.weight"].t())
            )
            out = h2 + aten.addmm.default(
                p[q + "linear2.bias"], f, p[q + "linear2.weight"].t()
            ).view(batch, length, width)
            saved.append((h, n1, m1, r1, qs, ks, vs, o, lse, oc, h2, n2, m2, r2, f))
            h = out
        nf, mf, rf = layer_norm(h, p["norm.weight"], p["norm.bias"])
        nf = nf.view(-1, width)
        gz = _class_loss_backward(aten.addmm.default(p["head.bias"], nf, p["head.weight"].t()), y)
        grads = {}
        g_nf, grads["head.weight"], grads["head.bias"] = _linear_backward(gz, nf, p["head.weight"])
        g_h, grads["norm.weight"], grads["norm.bias"] = aten.native_layer_norm_backward.default(
            g_nf.view(batch, length, width),
            h,
            [width],
            mf,
            rf,
            p["norm.weight"],
            p["norm.bias"],
            mask,
        )
        for i in reversed(range(layers)):
            q = f"blocks.layers.{i}."
            h_in, n1, m1, r1, qs, ks, vs, o, lse, oc, h2, n2, m2, r2, f = saved[i]
            g_f, grads[q + "linear2.weight"], grads[q + "linear2.bias"] = _linear_backward(
                g_h.view(-1, width), f, p[q + "linear2.weight"]
            )
            g_pre = aten.threshold_backward.default(g_f, f, 0)
            g_n2, grads[q + "linear1.weight"], grads[q + "linear1.bias"] = _linear_backward(
                g_pre, n2, p[q + "linear1.weight"]
            )
            g_h2, grads[q + "norm2.weight"], grads[q + "norm2.bias"] = (
                aten.native_layer_norm_backward.default(
                    g_n2.view(batch, length, width),
                    h2,
                    [width],
                    m2,
                    r2,
                    p[q + "norm2.weight"],
                    p[q + "norm2.bias"],
                    mask,
                )
            )
            g_h2 = g_h2 + g_h
            g_oc, grads[q + "self_attn.out_proj.weight"], grads[q + "self_attn.out_proj.bias"] = (
                _linear_backward(g_h2.view(-1, width), oc, p[q + "self_attn.out_proj.weight"])
            )
            g_o = g_oc.view(batch, length, heads, d).transpose(1, 2)
            gq, gk, gv = aten._scaled_dot_product_flash_attention_for_cpu_backward.default(
                g_o, qs, ks, vs, o, lse, 0.0, True
            )
            g_qkv = torch.stack([gq, gk, gv]).permute(1, 3, 0, 2, 4).reshape(-1, 3 * width)
            w_in = p[q + "self_attn.in_proj_weight"]
            g_n1, grads[q + "self_attn.in_proj_weight"], grads[q + "self_attn.in_proj_bias"] = (
                _linear_backward(g_qkv, n1, w_in)
            )
            g_hin, grads[q + "norm1.weight"], grads[q + "norm1.bias"] = (
                aten.native_layer_norm_backward.default(
                    g_n1.view(batch, length, width),
                    h_in,
                    [width],
                    m1,
                    r1,
                    p[q + "norm1.weight"],
                    p[q + "norm1.bias"],
                    mask,
                )
            )
            g_h = g_h2 + g_hin
        grads["tok.weight"] = aten.embedding_dense_backward.default(g_h, x, vocab, -1, False)
        grads["pos.weight"] = aten.embedding_dense_backward.default(
            g_h.sum(0), positions, length, -1, False
        )
        update([grads[n] for n in names])

    floor.weights = p
    return floor
