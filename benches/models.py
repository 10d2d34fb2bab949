"""The two real models of issue 13, in ``torch.nn`` and in ``et.nn`` with the same architecture,
parameter names and state_dict keys, so one's weights load into the other. Used by the parity
and memory tests (``tests/python/test_model_parity.py``, ``test_model_memory.py``) and by B8/B9
in ``benches/compare.py``.

* The CNN: Conv2d → BatchNorm2d → ReLU → MaxPool2d → Conv2d → BatchNorm2d → ReLU →
  AdaptiveAvgPool2d(1) → Flatten → Linear, on 1-channel images (8×8 digits). The convolutions
  have no bias (BatchNorm removes it: its gradient is zero up to rounding, which Adam would
  amplify into noise).
* The LM: token and positional embeddings, a pre-norm ``TransformerEncoder`` (causal mask,
  ``batch_first``), a final LayerNorm and a Linear head: a decoder-only transformer.
"""

from __future__ import annotations

import numpy as np
import torch
import torch.utils.checkpoint
from torch import nn as tnn

import eagertape as et


def cnn_torch(width: int = 16, classes: int = 10, dtype=torch.float64) -> tnn.Module:
    return tnn.Sequential(
        tnn.Conv2d(1, width, 3, padding=1, bias=False),
        tnn.BatchNorm2d(width),
        tnn.ReLU(),
        tnn.MaxPool2d(2),
        tnn.Conv2d(width, 2 * width, 3, padding=1, bias=False),
        tnn.BatchNorm2d(2 * width),
        tnn.ReLU(),
        tnn.AdaptiveAvgPool2d(1),
        tnn.Flatten(),
        tnn.Linear(2 * width, classes),
    ).to(dtype)


def cnn_et(width: int = 16, classes: int = 10, dtype: str = "float64", seed: int = 0):
    nn = et.nn
    return nn.Sequential(
        nn.Conv2d(1, width, 3, padding=1, bias=False, dtype=dtype, seed=seed),
        nn.BatchNorm2d(width, dtype=dtype),
        nn.ReLU(),
        nn.MaxPool2d(2),
        nn.Conv2d(width, 2 * width, 3, padding=1, bias=False, dtype=dtype, seed=seed + 1),
        nn.BatchNorm2d(2 * width, dtype=dtype),
        nn.ReLU(),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
        nn.Linear(2 * width, classes, dtype=dtype, seed=seed + 2),
    )


def causal_mask(length: int) -> np.ndarray:
    """torch's ``Transformer.generate_square_subsequent_mask``: -inf above the diagonal."""
    return np.triu(np.full((length, length), -np.inf), k=1)


class LMTorch(tnn.Module):
    def __init__(self, vocab, seq, width, heads, layers, ff, dtype=torch.float64, checkpoint=False):
        super().__init__()
        self.checkpoint = checkpoint
        self.tok = tnn.Embedding(vocab, width)
        self.pos = tnn.Embedding(seq, width)
        block = tnn.TransformerEncoderLayer(
            width, heads, ff, dropout=0.0, batch_first=True, norm_first=True
        )
        self.blocks = tnn.TransformerEncoder(block, layers, enable_nested_tensor=False)
        self.norm = tnn.LayerNorm(width)
        self.head = tnn.Linear(width, vocab)
        self.to(dtype)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        length = ids.shape[1]
        h = self.tok(ids) + self.pos(torch.arange(length, device=ids.device))
        mask = torch.as_tensor(causal_mask(length), dtype=h.dtype)
        if self.checkpoint:  # every block checkpointed (B18)
            for layer in self.blocks.layers:
                h = torch.utils.checkpoint.checkpoint(
                    layer, h, src_mask=mask, is_causal=True, use_reentrant=False
                )
        else:
            h = self.blocks(h, mask=mask, is_causal=True)
        return self.head(self.norm(h))


class LMEt(et.nn.Module):
    def __init__(
        self, vocab, seq, width, heads, layers, ff, dtype="float64", seed=0, checkpoint=False
    ):
        super().__init__()
        self.checkpoint = checkpoint
        nn = et.nn
        self.tok = nn.Embedding(vocab, width, dtype=dtype, seed=seed)
        self.pos = nn.Embedding(seq, width, dtype=dtype, seed=seed + 1)
        block = nn.TransformerEncoderLayer(
            width,
            heads,
            ff,
            dropout=0.0,
            batch_first=True,
            norm_first=True,
            dtype=dtype,
            seed=seed + 2,
        )
        self.blocks = nn.TransformerEncoder(block, layers)
        self.norm = nn.LayerNorm(width, dtype=dtype)
        self.head = nn.Linear(width, vocab, dtype=dtype, seed=seed + 3)

    def forward(self, sess, ids):
        length = ids.shape[1]
        h = self.tok(sess, ids) + self.pos(sess, sess.arange(length))
        if self.checkpoint:  # every block checkpointed (B18)
            mask = sess.input(causal_mask(length))
            for layer in self.blocks.layers:
                h = et.utils.checkpoint.checkpoint(
                    layer, sess, h, src_mask=mask, is_causal=True, use_reentrant=False
                )
        else:
            # made by the session's factories: a captured step (B9c) replays it
            mask = sess.full((length, length), float("-inf")).triu(1)
            h = self.blocks(sess, h, mask=mask, is_causal=True)
        return self.head(sess, self.norm(sess, h))


class WordLMTorch(tnn.Module):
    """B13's word-level LSTM LM (pytorch/examples' word_language_model without dropout):
    Embedding → multi-layer LSTM (time-major) → Linear, logits ``[T, B, vocab]``."""

    def __init__(self, vocab, width, layers, dtype=torch.float64):
        super().__init__()
        self.encoder = tnn.Embedding(vocab, width)
        self.rnn = tnn.LSTM(width, width, layers)
        self.decoder = tnn.Linear(width, vocab)
        self.to(dtype)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        output, _ = self.rnn(self.encoder(ids))
        return self.decoder(output)


class WordLMEt(et.nn.Module):
    def __init__(self, vocab, width, layers, dtype="float64", seed=0):
        super().__init__()
        nn = et.nn
        self.encoder = nn.Embedding(vocab, width, dtype=dtype, seed=seed)
        self.rnn = nn.LSTM(width, width, layers, dtype=dtype, seed=seed + 1)
        self.decoder = nn.Linear(width, vocab, dtype=dtype, seed=seed + 2)

    def forward(self, sess, ids):
        output, _ = self.rnn(sess, self.encoder(sess, ids))
        return self.decoder(sess, output)
