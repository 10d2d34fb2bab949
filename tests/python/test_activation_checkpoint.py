"""Activation checkpointing: `et.utils.checkpoint` and `checkpoint_sequential`.

A checkpointed block keeps none of its intermediates on the tape (ledger, measured); backward
recomputes them with the ops' own kernels from the recorded generator positions, so the
gradients are bit-identical to the run without checkpointing (dropout masks included), and
equal to torch's `torch.utils.checkpoint` run of the same model in float64.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import torch
import torch.nn as tnn
import torch.utils.checkpoint as tcp
from conftest import TORCH_ATOL, TORCH_RTOL

import eagertape as et
from eagertape import nn
from eagertape.utils.checkpoint import checkpoint, checkpoint_sequential


def clear_grads(params) -> None:
    for p in params:
        p.grad = None


def tape_bytes() -> int:
    return et.memory_stats()["by_category"]["tape"]


def mlp_blocks(n=3, width=16, hidden=64, dropout=0.3, seed=0):
    et.manual_seed(seed)
    blocks = [
        nn.Sequential(
            nn.Linear(width, hidden, dtype="float64"),
            nn.GELU(),
            nn.Dropout(dropout),
            nn.Linear(hidden, width, dtype="float64"),
        )
        for _ in range(n)
    ]
    head = nn.Linear(width, 1, dtype="float64")
    return blocks, head


def params_of(blocks, head):
    return [p for b in blocks for p in b.parameters()] + list(head.parameters())


def torch_style_run(blocks, head, x, wrap, seed=3):
    """Forward through `blocks` (each wrapped by `wrap`), backward; the loss, the gradients,
    and the tape bytes before backward."""
    sess = et.Session(dtype="float64", seed=seed)
    with sess:
        h = sess.input(x)
        for b in blocks:
            h = wrap(b, h)
        loss = (head(h) ** 2).mean()
        before = tape_bytes()
        loss.backward()
        grads = [p.grad.numpy().copy() for p in params_of(blocks, head)]
        clear_grads(params_of(blocks, head))
        return loss.item(), grads, before


def plain(block, h):
    return block(h)


def ckpt(block, h):
    return checkpoint(block, h, use_reentrant=False)


X = np.random.default_rng(0).standard_normal((8, 16))


def test_gradients_are_bit_identical_to_the_run_without_checkpointing():
    blocks, head = mlp_blocks()
    loss_a, a, _ = torch_style_run(blocks, head, X, plain)
    loss_b, b, _ = torch_style_run(blocks, head, X, ckpt)
    assert loss_a == loss_b
    for ga, gb in zip(a, b, strict=True):
        np.testing.assert_array_equal(ga, gb)


def test_dropout_masks_are_drawn_again_identically():
    # p = 0.5 on every block: a different mask in the recomputation would change every
    # gradient; the same seed without checkpointing is the reference.
    blocks, head = mlp_blocks(dropout=0.5)
    _, a, _ = torch_style_run(blocks, head, X, plain, seed=11)
    _, b, _ = torch_style_run(blocks, head, X, ckpt, seed=11)
    for ga, gb in zip(a, b, strict=True):
        np.testing.assert_array_equal(ga, gb)
    _, c, _ = torch_style_run(blocks, head, X, plain, seed=12)
    assert any(not np.array_equal(ga, gc) for ga, gc in zip(a, c, strict=False)), "the seed matters"


def test_a_checkpointed_block_keeps_none_of_its_intermediates():
    blocks, head = mlp_blocks(n=4, hidden=256)
    _, _, full = torch_style_run(blocks, head, X, plain)
    _, _, kept = torch_style_run(blocks, head, X, ckpt)
    # What stays: the input and each block's output (8 x 16 float64 each), then the
    # head's output, its square (8 x 1 each) and the mean.
    block_io = 5 * X.size * 8
    assert kept == block_io + 64 + 64 + 8, (kept, full)
    assert full > 10 * kept


def test_recomputed_values_are_freed_by_the_end_of_backward():
    blocks, head = mlp_blocks()
    torch_style_run(blocks, head, X, ckpt)  # warm-up: the pool, the gradient store
    sess = et.Session(dtype="float64", seed=3)
    with sess:
        h = sess.input(X)
        for b in blocks:
            h = ckpt(b, h)
        loss = (head(h) ** 2).mean()
        before = tape_bytes()
        loss.backward()
        after = tape_bytes()
        clear_grads(params_of(blocks, head))
    assert after <= before, (before, after)


def torch_blocks(blocks, head):
    tb = [
        tnn.Sequential(
            tnn.Linear(16, 64), tnn.GELU(), tnn.Dropout(0.0), tnn.Linear(64, 16)
        ).double()
        for _ in blocks
    ]
    th = tnn.Linear(16, 1).double()
    for t, e in zip(tb + [th], blocks + [head], strict=False):
        t.load_state_dict({k: torch.from_numpy(v.numpy()) for k, v in e.state_dict().items()})
    return tb, th


def test_gradients_match_torch_utils_checkpoint_in_float64():
    blocks, head = mlp_blocks(dropout=0.0)
    tb, th = torch_blocks(blocks, head)
    h = torch.from_numpy(X)
    for b in tb:
        h = tcp.checkpoint(b, h, use_reentrant=False)
    (th(h) ** 2).mean().backward()
    want = [p.grad.numpy() for b in tb + [th] for p in b.parameters()]
    _, got, _ = torch_style_run(blocks, head, X, ckpt)
    for g, w in zip(got, want, strict=False):
        np.testing.assert_allclose(g, w, rtol=TORCH_RTOL, atol=TORCH_ATOL)


def test_transformer_blocks_checkpointed_match_torch():
    # LibTorch's layers (layer_norm, the fused attention) keep a workspace: the
    # recomputation makes it again.
    torch.manual_seed(0)
    kw = dict(dim_feedforward=32, dropout=0.0, batch_first=True, norm_first=True)
    tl = [tnn.TransformerEncoderLayer(16, 4, **kw).double() for _ in range(2)]
    el = [nn.TransformerEncoderLayer(16, 4, dtype="float64", **kw) for _ in range(2)]
    for t, e in zip(tl, el, strict=False):
        e.load_state_dict(t.state_dict())
    x = np.random.default_rng(1).standard_normal((3, 5, 16))
    h = torch.from_numpy(x)
    for t in tl:
        h = tcp.checkpoint(t, h, use_reentrant=False)
    h.square().sum().backward()
    with et.Session(dtype="float64") as sess:
        g = sess.input(x)
        for e in el:
            g = checkpoint(e, g, use_reentrant=False)
        g.square().sum().backward()
        for t, e in zip(tl, el, strict=False):
            for (name, tp), ep in zip(t.named_parameters(), e.parameters(), strict=False):
                np.testing.assert_allclose(
                    ep.grad.numpy(), tp.grad.numpy(), rtol=TORCH_RTOL, atol=TORCH_ATOL, err_msg=name
                )


def test_explicit_api_train_step_equals_the_run_without_checkpointing():
    def step(wrap):
        blocks, head = mlp_blocks(seed=5)
        opt = et.optim.SGD(params_of(blocks, head), lr=0.1)
        sess = et.Session(dtype="float64", seed=9)
        h = sess.input(X)
        for b in blocks:
            h = wrap(sess, b, h)
        sess.train_step(et.mse_loss(head(sess, h), sess.input(np.zeros((8, 1)))), opt)
        return [p.numpy().copy() for p in params_of(blocks, head)]

    a = step(lambda s, b, h: b(s, h))
    b = step(lambda s, b, h: checkpoint(b, s, h, use_reentrant=False))
    for pa, pb in zip(a, b, strict=True):
        np.testing.assert_array_equal(pa, pb)


def gradmap_grads(blocks, head, ck: bool, **session) -> list[np.ndarray]:
    """The explicit API: `module(sess, x)`, each block checkpointed when `ck`, then
    `sess.backward` into a GradMap; the gradients."""
    sess = et.Session(dtype="float64", **session)
    h = sess.input(X)
    for b in blocks:
        h = checkpoint(b, sess, h, use_reentrant=False) if ck else b(sess, h)
    gm = sess.backward((head(sess, h) ** 2).sum())
    return [gm[p].numpy().copy() for p in params_of(blocks, head)]


def test_session_backward_into_a_gradmap_recomputes_too():
    blocks, head = mlp_blocks()
    a = gradmap_grads(blocks, head, False, seed=2)
    b = gradmap_grads(blocks, head, True, seed=2)
    for ga, gb in zip(a, b, strict=True):
        np.testing.assert_array_equal(ga, gb)


def test_nested_checkpoints():
    blocks, head = mlp_blocks()

    def outer(h):
        for b in blocks:
            h = checkpoint(b, h, use_reentrant=False)
        return h

    _, a, _ = torch_style_run(blocks, head, X, lambda b, h: b(h))
    sess = et.Session(dtype="float64", seed=3)
    with sess:
        h = checkpoint(outer, sess.input(X), use_reentrant=False)
        (head(h) ** 2).mean().backward()
        got = [p.grad.numpy().copy() for p in params_of(blocks, head)]
        clear_grads(params_of(blocks, head))
    for ga, gb in zip(a, got, strict=False):
        np.testing.assert_array_equal(ga, gb)


def test_a_block_that_raises_keeps_what_it_recorded():
    blocks, head = mlp_blocks(dropout=0.0)

    def failing(h):
        blocks[0](h)
        raise KeyError("inside the block")

    with et.Session(dtype="float64") as sess:
        h = sess.input(X)
        with pytest.raises(KeyError, match="inside the block"):
            checkpoint(failing, h, use_reentrant=False)
        # The session is usable and a later block still checkpoints.
        out = checkpoint(blocks[1], h, use_reentrant=False)
        (head(out) ** 2).sum().backward()
        assert blocks[1][0].weight.grad is not None


def test_retain_graph_backward_twice_recomputes_twice():
    blocks, head = mlp_blocks()
    with et.Session(dtype="float64", seed=4) as sess:
        h = sess.input(X)
        for b in blocks:
            h = ckpt(b, h)
        loss = (head(h) ** 2).mean()
        loss.backward(retain_graph=True)
        once = [p.grad.numpy().copy() for p in params_of(blocks, head)]
        loss.backward()
        for g, p in zip(once, params_of(blocks, head), strict=False):
            np.testing.assert_array_equal(p.grad.numpy(), 2 * g)


def test_tuple_outputs_and_keyword_arguments():
    lin = nn.Linear(4, 4, dtype="float64")

    def two(x, *, scale):
        y = lin(x).tanh()
        return y * scale, (y * y).sum(-1)

    x = np.random.default_rng(2).standard_normal((3, 4))
    res = []
    for wrap in (
        lambda f, a: f(a, scale=2.0),
        lambda f, a: checkpoint(f, a, scale=2.0, use_reentrant=False),
    ):
        with et.Session(dtype="float64") as sess:
            a, b = wrap(two, sess.input(x))
            (a.sum() + b.sum()).backward()
            res.append(lin.weight.grad.numpy().copy())
            clear_grads(lin.parameters())
    np.testing.assert_array_equal(res[0], res[1])


def test_input_leaf_gradient_through_a_checkpoint():
    lin = nn.Linear(4, 4, dtype="float64")
    x = np.random.default_rng(3).standard_normal((3, 4))
    tx = torch.from_numpy(x).requires_grad_()
    tl = tnn.Linear(4, 4).double()
    tl.load_state_dict({k: torch.from_numpy(v.numpy()) for k, v in lin.state_dict().items()})
    tcp.checkpoint(lambda a: tl(a).sin(), tx, use_reentrant=False).sum().backward()
    with et.Session(dtype="float64") as sess:
        ex = sess.input(x, requires_grad=True)
        checkpoint(lambda a: lin(a).sin(), ex, use_reentrant=False).sum().backward()
        np.testing.assert_allclose(
            ex.grad.numpy(), tx.grad.numpy(), rtol=TORCH_RTOL, atol=TORCH_ATOL
        )


def test_a_view_of_an_intermediate_as_the_output():
    lin = nn.Linear(4, 6, dtype="float64")
    x = np.random.default_rng(4).standard_normal((3, 4))
    res = []
    for ck in (False, True):
        with et.Session(dtype="float64") as sess:
            f = lambda a: lin(a).exp().T[1:]  # noqa: E731
            y = checkpoint(f, sess.input(x), use_reentrant=False) if ck else f(sess.input(x))
            (y * y).sum().backward()
            res.append(lin.weight.grad.numpy().copy())
            clear_grads(lin.parameters())
    np.testing.assert_array_equal(res[0], res[1])


def test_batch_norm_running_statistics_update_once():
    # torch's checkpoint runs the function again in backward (a second update of the
    # running statistics); the replay here runs the recorded ops, not the function.
    def run(ck):
        et.manual_seed(0)
        bn = nn.BatchNorm1d(4, dtype="float64")
        lin = nn.Linear(4, 4, dtype="float64")
        f = lambda a: bn(lin(a)).relu()  # noqa: E731
        with et.Session(dtype="float64") as sess:
            a = sess.input(np.random.default_rng(5).standard_normal((6, 4)))
            y = checkpoint(f, a, use_reentrant=False) if ck else f(a)
            y.sum().backward()
            return bn.running_mean.numpy().copy(), lin.weight.grad.numpy().copy()

    (ma, ga), (mb, gb) = run(False), run(True)
    np.testing.assert_array_equal(ma, mb)
    np.testing.assert_array_equal(ga, gb)


def test_checkpoint_sequential_matches_torch():
    torch.manual_seed(1)
    tseq = tnn.Sequential(
        *[tnn.Linear(8, 8) if i % 2 == 0 else tnn.Tanh() for i in range(8)]
    ).double()
    eseq = nn.Sequential(
        *[nn.Linear(8, 8, dtype="float64") if i % 2 == 0 else nn.Tanh() for i in range(8)]
    )
    eseq.load_state_dict(tseq.state_dict())
    x = np.random.default_rng(6).standard_normal((5, 8))
    tcp.checkpoint_sequential(tseq, 3, torch.from_numpy(x), use_reentrant=False).sum().backward()
    with et.Session(dtype="float64") as sess:
        checkpoint_sequential(eseq, 3, sess.input(x), use_reentrant=False).sum().backward()
        for (name, tp), ep in zip(tseq.named_parameters(), eseq.parameters(), strict=False):
            np.testing.assert_allclose(
                ep.grad.numpy(), tp.grad.numpy(), rtol=TORCH_RTOL, atol=TORCH_ATOL, err_msg=name
            )


def test_the_module_is_callable_as_the_function():
    lin = nn.Linear(4, 4, dtype="float64")
    x = np.random.default_rng(7).standard_normal((2, 4))
    with et.Session(dtype="float64") as sess:
        y = et.utils.checkpoint(lin, sess.input(x), use_reentrant=False)
        np.testing.assert_array_equal(y.numpy(), lin(sess.input(x)).numpy())


def test_under_no_grad_the_block_runs_as_usual():
    blocks, _ = mlp_blocks(dropout=0.0)
    with et.Session(dtype="float64") as sess, et.no_grad():
        y = checkpoint(blocks[0], sess.input(X), use_reentrant=False)
        np.testing.assert_array_equal(y.numpy(), blocks[0](sess.input(X)).numpy())


def test_reference_carrier_keeps_its_values_and_the_gradients():
    blocks, head = mlp_blocks(dropout=0.0)
    a = gradmap_grads(blocks, head, False, backend="reference")
    b = gradmap_grads(blocks, head, True, backend="reference")
    for ga, gb in zip(a, b, strict=True):
        np.testing.assert_array_equal(ga, gb)


def test_use_reentrant_none_warns_as_torch_does():
    lin = nn.Linear(4, 4, dtype="float64")
    with et.Session(dtype="float64") as sess:
        with pytest.warns(UserWarning, match="use_reentrant parameter should be passed"):
            checkpoint(lin, sess.input(np.ones((1, 4))))


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"use_reentrant": True, "extra": 1}, "Unexpected keyword arguments: extra"),
        ({"use_reentrant": True, "debug": True}, "only supported when use_reentrant=False"),
        ({"use_reentrant": False, "context_fn": lambda: None}, "context_fn is not supported"),
        ({"use_reentrant": False, "determinism_check": "strict"}, "determinism_check"),
        ({"use_reentrant": "no"}, "use_reentrant must be a bool"),
    ],
)
def test_bad_arguments_are_refused_before_anything_runs(kwargs, match):
    calls = []
    with et.Session(dtype="float64") as sess:
        x = sess.input(np.ones((1, 4)))
        n = sess.tape_len
        with warnings.catch_warnings(), pytest.raises(et.ArgumentError, match=match):
            checkpoint(lambda a: calls.append(a) or a, x, **kwargs)
        assert calls == [] and sess.tape_len == n


def test_a_function_that_is_not_callable_is_refused():
    with pytest.raises(et.ArgumentError, match="function must be callable"):
        checkpoint(3, use_reentrant=False)
