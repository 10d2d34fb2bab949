"""``Embedding``."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._core import Parameter, Session, Tensor, embedding
from .._errors import ConfigError
from ._utils import _positive_int, _seed
from .module import Module

__all__ = ["Embedding"]


class Embedding(Module):
    """``torch.nn.Embedding``: ``weight`` ``(num_embeddings, embedding_dim)`` drawn from
    ``N(0, 1)`` (float64 from ``np.random.default_rng(seed)``, then converted to ``dtype``),
    the ``padding_idx`` row zero (it receives no gradient). ``forward(sess, ids)`` takes
    int64 ids (numpy or an eagertape tensor). ``max_norm``, ``scale_grad_by_freq`` and
    ``sparse`` are not supported (ConfigError)."""

    def __init__(
        self,
        num_embeddings: int,
        embedding_dim: int,
        padding_idx: int | None = None,
        max_norm: float | None = None,
        norm_type: float = 2.0,
        scale_grad_by_freq: bool = False,
        sparse: bool = False,
        *,
        seed: int | None = None,
        dtype: str = "float32",
        device: str | None = None,
    ) -> None:
        super().__init__()
        self.num_embeddings = _positive_int(num_embeddings, "num_embeddings")
        self.embedding_dim = _positive_int(embedding_dim, "embedding_dim")
        if max_norm is not None or scale_grad_by_freq or sparse:
            raise ConfigError(
                "Embedding: max_norm (which rewrites the weight in place), scale_grad_by_freq "
                "and sparse are not supported"
            )
        if padding_idx is not None:
            if isinstance(padding_idx, bool) or not isinstance(padding_idx, int | np.integer):
                raise TypeError(f"padding_idx must be an int or None, got {padding_idx!r}")
            if not -self.num_embeddings <= padding_idx < self.num_embeddings:
                raise ConfigError("padding_idx must be within num_embeddings")
            padding_idx = int(padding_idx) % self.num_embeddings
        self.padding_idx = padding_idx
        self.max_norm = None
        self.norm_type = norm_type
        self.scale_grad_by_freq = False
        self.sparse = False
        rng = np.random.default_rng(_seed(seed))
        w = rng.standard_normal((self.num_embeddings, self.embedding_dim))
        if padding_idx is not None:
            w[padding_idx] = 0.0
        self.weight = Parameter(w, name="weight", dtype=dtype, device=device)

    def forward(self, sess: Session, ids: Tensor | Any) -> Tensor:
        return embedding(ids, sess.use(self.weight), self.padding_idx)

    def extra_repr(self) -> str:
        s = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            s += f", padding_idx={self.padding_idx}"
        return s
