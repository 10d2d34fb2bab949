"""Same source, captured: a model file's own training step under `et.capture`.

For the GPT (`gpt.py`, dropout on), the CNN (`resnet.py`, batch norm and gradient clipping)
and the transformer (`seq2seq.py`, an `nn.Transformer` subclass with padding masks), the
file's `train_step` runs 20 steps eagerly in one session and 20 steps captured (the first
call records, the other 19 replay) in a second session with the same seed, from the same
initial weights, on the same batches given as tensors: every loss (`loss.item()`, which the
steps return) and every state-dict entry are equal bit for bit, in float32 and float64.

The two sessions share a seed, so dropout draws the same masks on both sides: a replay
draws from the session's generator where the eager step draws.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from loader import load

import eagertape as et

STEPS = 20
DTYPES = ["float64", "float32"]


def run(
    name: str,
    dtype: str,
    captured: bool,
    build: Callable[[types.ModuleType], Any],
    optimizer: Callable[[types.ModuleType, Any], Any],
    step: Callable[[types.ModuleType, Any, Any], Callable[..., float]],
    batches: list[tuple[np.ndarray, ...]],
) -> tuple[list[float], dict[str, np.ndarray], int]:
    """The losses, the final state dict and (captured) how many plans were recorded, of
    `STEPS` steps of model file `name` in a fresh session of `dtype` with seed 0."""
    module = load(name, "eagertape")
    with et.Session(dtype=dtype, seed=0):
        et.manual_seed(0)
        model = build(module).to(getattr(et, dtype))
        opt = optimizer(module, model)
        fn = step(module, model, opt)
        if captured:
            fn = et.capture(fn)
        losses = [fn(*(et.tensor(a) for a in batch)) for batch in batches]
        state = {k: v.numpy() for k, v in model.state_dict().items()}
    return losses, state, fn.plans if captured else 0


def assert_captured_equals_eager(name: str, dtype: str, **parts: Any) -> None:
    eager_losses, eager_state, _ = run(name, dtype, False, **parts)
    losses, state, plans = run(name, dtype, True, **parts)
    assert plans == 1
    assert all(isinstance(x, float) for x in losses)
    assert losses == eager_losses
    assert list(state) == list(eager_state)
    for key, expected in eager_state.items():
        np.testing.assert_array_equal(state[key], expected, err_msg=key)


# -- gpt.py: AdamW in two groups, clip_grad_norm_, dropout 0.1, targets with ignored ids ------


def gpt_batches() -> list[tuple[np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(0)
    out = []
    for _ in range(STEPS):
        x = rng.integers(0, 32, (4, 8))
        y = rng.integers(0, 32, (4, 8))
        y[rng.random(y.shape) < 0.1] = -1
        out.append((x, y))
    return out


@pytest.mark.parametrize("dtype", DTYPES)
def test_captured_gpt_steps_equal_the_eager_steps_bit_for_bit(dtype):
    config = dict(block_size=8, vocab_size=32, n_layer=2, n_head=2, n_embd=16, dropout=0.1)
    assert_captured_equals_eager(
        "gpt",
        dtype,
        build=lambda m: m.GPT(m.GPTConfig(**config)),
        optimizer=lambda m, model: model.configure_optimizers(0.1, 1e-2, (0.9, 0.95)),
        step=lambda m, model, opt: lambda x, y: m.train_step(model, opt, x, y, 0.5),
        batches=gpt_batches(),
    )


# -- resnet.py: SGD with momentum, batch norm, clip_grad_norm_ ---------------------------------


@pytest.mark.parametrize("dtype", DTYPES)
def test_captured_resnet_steps_equal_the_eager_steps_bit_for_bit(dtype):
    rng = np.random.default_rng(1)
    batches = [(rng.standard_normal((4, 3, 16, 16)), rng.integers(0, 10, 4)) for _ in range(STEPS)]
    assert_captured_equals_eager(
        "resnet",
        dtype,
        build=lambda m: m.resnet_small(num_classes=10),
        optimizer=lambda m, model: et.optim.SGD(
            model.parameters(), lr=0.05, momentum=0.9, weight_decay=5e-4
        ),
        step=lambda m, model, opt: lambda x, y: m.train_step(model, opt, x, y),
        batches=batches,
    )


# -- seq2seq.py: nn.Transformer subclass, causal and padding masks, Adam -----------------------


@pytest.mark.parametrize("dtype", DTYPES)
def test_captured_seq2seq_transformer_steps_equal_the_eager_steps_bit_for_bit(dtype):
    rng = np.random.default_rng(8)
    batches = []
    for _ in range(STEPS):
        src = rng.integers(1, 12, (3, 6))
        tgt = np.concatenate([np.zeros((3, 1), np.int64), src[:, ::-1][:, :4]], 1)
        pad = np.zeros((3, 6), dtype=bool)
        pad[1, -2:] = True
        batches.append((src, tgt, pad))
    assert_captured_equals_eager(
        "seq2seq",
        dtype,
        build=lambda m: m.Seq2SeqTransformer(
            vocab=12, d_model=8, nhead=2, layers=2, dim_feedforward=16
        ),
        optimizer=lambda m, model: et.optim.Adam(model.parameters(), lr=1e-2),
        step=lambda m, model, opt: lambda src, tgt, pad: m.train_step(model, opt, src, tgt, pad),
        batches=batches,
    )
