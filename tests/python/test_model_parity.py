"""Parity with PyTorch, end to end (issue 13, item 3).

The same small CNN (Conv2d, BatchNorm2d, ReLU, MaxPool2d, AdaptiveAvgPool2d, Linear) and the
same small pre-norm transformer LM (Embedding, positional Embedding, TransformerEncoderLayer
with a causal mask, LayerNorm, Linear), built in ``torch.nn`` and ``et.nn`` (``benches/models.py``)
with torch's initial weights copied over (``load_state_dict(torch_model.state_dict())``), trained
for 20 AdamW steps on the same batches in float64: every loss agrees to 1e-9 relative, and so do
the final weights and BatchNorm's running statistics; ``num_batches_tracked`` is equal.
"""

from __future__ import annotations

import os
import sys

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import eagertape as et

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benches"))
from models import LMEt, LMTorch, cnn_et, cnn_torch  # noqa: E402

sklearn_datasets = pytest.importorskip("sklearn.datasets")

STEPS = 20
RTOL = 1e-9
# The key projection's bias has a zero gradient in exact arithmetic (softmax is invariant to a
# shift shared by all keys), so AdamW moves it by rounding noise alone, ~1e-12 on either side:
# weights agree to RTOL, or to within this absolute bound.
ATOL = 1e-10


def _rel(a: float, b: float) -> float:
    return abs(a - b) / max(abs(b), 1e-300)


def _optimizers(torch_model, et_model):
    kw = dict(lr=1e-2, betas=(0.9, 0.99), eps=1e-8, weight_decay=0.05)
    return torch.optim.AdamW(torch_model.parameters(), **kw), et.optim.AdamW(
        et_model.parameters(), **kw
    )


def _train_both(torch_model, et_model, batches, loss_fns):
    """20 AdamW steps on each side; the pairs of losses."""
    t_opt, e_opt = _optimizers(torch_model, et_model)
    t_loss_fn, e_loss_fn = loss_fns
    sess = et.Session(dtype="float64")
    losses = []
    for batch in batches:
        t_opt.zero_grad()
        t_loss = t_loss_fn(torch_model, batch)
        t_loss.backward()
        t_opt.step()
        e_loss = e_loss_fn(et_model, sess, batch)
        value = e_loss.item()
        with sess.backward(e_loss) as grads:
            sess.reset_tape()
            e_opt.step(grads)
        losses.append((value, t_loss.item()))
    return losses


def _assert_same_state(torch_model, et_model):
    t_sd, e_sd = torch_model.state_dict(), et_model.state_dict()
    assert list(e_sd) == list(t_sd)
    for key, t_value in t_sd.items():
        e_value = e_sd[key]
        if key.endswith("num_batches_tracked"):
            assert int(e_value) == int(t_value), key
        else:
            np.testing.assert_allclose(
                e_value.numpy(), t_value.numpy(), rtol=RTOL, atol=ATOL, err_msg=key
            )


@pytest.fixture(scope="module")
def digits():
    d = sklearn_datasets.load_digits()
    return (d.images / 16.0).reshape(-1, 1, 8, 8), d.target


def test_cnn_trains_like_torch_for_20_adamw_steps(digits):
    x, y = digits
    torch.manual_seed(0)
    t_model = cnn_torch(width=8)
    e_model = cnn_et(width=8)
    e_model.load_state_dict(t_model.state_dict())
    rng = np.random.default_rng(0)
    batches = [rng.choice(len(x), 32, replace=False) for _ in range(STEPS)]

    def t_loss(model, idx):
        return F.cross_entropy(model(torch.as_tensor(x[idx])), torch.as_tensor(y[idx]))

    def e_loss(model, sess, idx):
        return et.cross_entropy(model(sess, sess.input(x[idx])), y[idx])

    losses = _train_both(t_model, e_model, batches, (t_loss, e_loss))
    for step, (mine, theirs) in enumerate(losses):
        assert _rel(mine, theirs) <= RTOL, f"step {step}: {mine} vs torch {theirs}"
    _assert_same_state(t_model, e_model)

    # eval mode reads the running statistics: the same predictions, buffers untouched
    t_model.eval()
    e_model.eval()
    before = {k: v.clone() for k, v in e_model.state_dict().items()}
    sess = et.Session(dtype="float64", grad_enabled=False)
    mine = e_model(sess, sess.input(x[:64])).numpy()
    with torch.no_grad():
        theirs = t_model(torch.as_tensor(x[:64])).numpy()
    np.testing.assert_allclose(mine, theirs, rtol=RTOL, atol=1e-12)
    for key, value in e_model.state_dict().items():
        assert torch.equal(value, before[key]), key


def _reversal_batch(rng, batch, digits_len):
    """Sequences ``d1..dn SEP dn..d1`` (vocab: 10 digits + SEP = 10)."""
    d = rng.integers(0, 10, size=(batch, digits_len))
    sep = np.full((batch, 1), 10)
    return np.concatenate([d, sep, d[:, ::-1]], axis=1)


def test_transformer_trains_like_torch_for_20_adamw_steps():
    torch.manual_seed(0)
    cfg = dict(vocab=11, seq=9, width=16, heads=2, layers=2, ff=32)
    t_model = LMTorch(**cfg)
    e_model = LMEt(**cfg)
    e_model.load_state_dict(t_model.state_dict())
    rng = np.random.default_rng(1)
    batches = [_reversal_batch(rng, 8, 4) for _ in range(STEPS)]

    def t_loss(model, seqs):
        ids = torch.as_tensor(seqs)
        logits = model(ids[:, :-1])
        return F.cross_entropy(logits.reshape(-1, cfg["vocab"]), ids[:, 1:].reshape(-1))

    def e_loss(model, sess, seqs):
        logits = model(sess, sess.input(seqs[:, :-1]))
        return et.cross_entropy(logits.reshape(-1, cfg["vocab"]), seqs[:, 1:].reshape(-1))

    losses = _train_both(t_model, e_model, batches, (t_loss, e_loss))
    for step, (mine, theirs) in enumerate(losses):
        assert _rel(mine, theirs) <= RTOL, f"step {step}: {mine} vs torch {theirs}"
    _assert_same_state(t_model, e_model)
