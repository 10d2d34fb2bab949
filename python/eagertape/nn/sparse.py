"""``Embedding`` and ``EmbeddingBag``."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._core import Parameter, Session, Tensor, embedding, embedding_bag
from .._errors import ConfigError
from ._utils import _positive_int, _seed
from .module import Module

__all__ = ["Embedding", "EmbeddingBag"]

_MODES = ("sum", "mean", "max")


def _padding(padding_idx: object, rows: int) -> int | None:
    """torch's ``padding_idx`` check: an int within ``[-rows, rows)``, made non-negative."""
    if padding_idx is None:
        return None
    if isinstance(padding_idx, bool) or not isinstance(padding_idx, int | np.integer):
        raise TypeError(f"padding_idx must be an int or None, got {padding_idx!r}")
    if not -rows <= padding_idx < rows:
        raise ConfigError("padding_idx must be within num_embeddings")
    return int(padding_idx) % rows


class _Table(Module):
    """What ``Embedding`` and ``EmbeddingBag`` share: the table's sizes and options, and its
    ``weight``."""

    def _table(
        self,
        num_embeddings: int,
        embedding_dim: int,
        padding_idx: object,
        max_norm: object,
        norm_type: float,
        scale_grad_by_freq: bool,
        sparse: object,
        given: Any,
        seed: int | None,
        dtype: str,
        device: str | None,
        requires_grad: bool = True,
    ) -> None:
        """Checks and sets the options, then ``weight``: ``given`` (``_weight``,
        shape-checked), or ``N(0, 1)`` (float64 from ``np.random.default_rng(seed)``, then
        ``dtype``) with the padding row zero."""
        self.num_embeddings = rows = _positive_int(num_embeddings, "num_embeddings")
        self.embedding_dim = cols = _positive_int(embedding_dim, "embedding_dim")
        if max_norm is not None or sparse:
            raise ConfigError(
                f"{type(self).__name__}: max_norm (which rewrites the weight in place) and "
                "sparse are not supported"
            )
        self.padding_idx = _padding(padding_idx, rows)
        self.max_norm = None
        self.norm_type = norm_type
        self.scale_grad_by_freq = bool(scale_grad_by_freq)
        self.sparse = False
        if given is not None:
            self.weight = Parameter(
                given, name="weight", requires_grad=requires_grad, device=device
            )
            if self.weight.shape != (rows, cols):
                raise ConfigError(
                    f"Shape of weight {self.weight.shape} does not match num_embeddings and "
                    f"embedding_dim ({rows}, {cols})"
                )
            return
        w = np.random.default_rng(_seed(seed)).standard_normal((rows, cols))
        if self.padding_idx is not None:
            w[self.padding_idx] = 0.0
        self.weight = Parameter(
            w, name="weight", requires_grad=requires_grad, dtype=dtype, device=device
        )


def _pretrained(embeddings: Any) -> tuple[int, int]:
    shape = tuple(np.shape(embeddings)) if not hasattr(embeddings, "shape") else embeddings.shape
    if len(shape) != 2:
        raise ConfigError(f"Embeddings parameter is expected to be 2-dimensional, got {shape}")
    return int(shape[0]), int(shape[1])


class Embedding(_Table):
    """``torch.nn.Embedding``: ``weight`` ``(num_embeddings, embedding_dim)`` drawn from
    ``N(0, 1)`` (float64 from ``np.random.default_rng(seed)``, then converted to ``dtype``),
    the ``padding_idx`` row zero (it receives no gradient); ``_weight`` gives it instead, and
    ``Embedding.from_pretrained`` builds one from a matrix (frozen unless ``freeze=False``).
    ``forward(sess, ids)`` takes int64 ids (numpy or an eagertape tensor).
    ``scale_grad_by_freq`` divides each row's gradient by its id's count in the batch.
    ``max_norm`` and ``sparse`` are not supported (ConfigError)."""

    def __init__(
        self,
        num_embeddings: int,
        embedding_dim: int,
        padding_idx: int | None = None,
        max_norm: float | None = None,
        norm_type: float = 2.0,
        scale_grad_by_freq: bool = False,
        sparse: bool = False,
        _weight: Any = None,
        _freeze: bool = False,
        *,
        seed: int | None = None,
        dtype: str = "float32",
        device: str | None = None,
    ) -> None:
        super().__init__()
        self._table(
            num_embeddings,
            embedding_dim,
            padding_idx,
            max_norm,
            norm_type,
            scale_grad_by_freq,
            sparse,
            _weight,
            seed,
            dtype,
            device,
            requires_grad=not _freeze,
        )

    @classmethod
    def from_pretrained(
        cls,
        embeddings: Any,
        freeze: bool = True,
        padding_idx: int | None = None,
        max_norm: float | None = None,
        norm_type: float = 2.0,
        scale_grad_by_freq: bool = False,
        sparse: bool = False,
        *,
        device: str | None = None,
    ) -> Embedding:
        """torch's ``Embedding.from_pretrained``: ``embeddings`` (2-D) is the weight, its
        ``requires_grad`` off when ``freeze``."""
        rows, cols = _pretrained(embeddings)
        return cls(
            rows,
            cols,
            padding_idx,
            max_norm,
            norm_type,
            scale_grad_by_freq,
            sparse,
            _weight=embeddings,
            _freeze=freeze,
            device=device,
        )

    def forward(self, sess: Session, ids: Tensor | Any) -> Tensor:
        return embedding(
            ids,
            sess.use(self.weight),
            self.padding_idx,
            scale_grad_by_freq=self.scale_grad_by_freq,
        )

    def extra_repr(self) -> str:
        s = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.padding_idx is not None:
            s += f", padding_idx={self.padding_idx}"
        if self.scale_grad_by_freq:
            s += ", scale_grad_by_freq=True"
        return s


class EmbeddingBag(_Table):
    """``torch.nn.EmbeddingBag``: the sum, mean (default) or maximum of each bag of
    embedding rows, without materialising the rows (``F.embedding_bag``). ``weight`` as
    ``Embedding``'s (``N(0, 1)``, the ``padding_idx`` row zero; padding ids are left out of
    their bags and of the means' counts). ``forward(sess, input, offsets=None,
    per_sample_weights=None)``: a 2-D input is one bag per row; a 1-D input is cut into bags
    at ``offsets`` (``include_last_offset``: the last offset ends the last bag).
    ``per_sample_weights`` (``mode="sum"`` only) scales each id's row and gets its gradient.
    ``max_norm`` and ``sparse`` are not supported (ConfigError)."""

    def __init__(
        self,
        num_embeddings: int,
        embedding_dim: int,
        max_norm: float | None = None,
        norm_type: float = 2.0,
        scale_grad_by_freq: bool = False,
        mode: str = "mean",
        sparse: bool = False,
        _weight: Any = None,
        include_last_offset: bool = False,
        padding_idx: int | None = None,
        *,
        seed: int | None = None,
        dtype: str = "float32",
        device: str | None = None,
    ) -> None:
        super().__init__()
        if mode not in _MODES:
            raise ConfigError(f"EmbeddingBag: mode has to be one of sum, mean or max, got {mode!r}")
        if scale_grad_by_freq and mode == "max":
            raise ConfigError(
                "EmbeddingBag: max mode does not support scaling the gradient by the frequency"
            )
        self.mode = mode
        self.include_last_offset = bool(include_last_offset)
        self._table(
            num_embeddings,
            embedding_dim,
            padding_idx,
            max_norm,
            norm_type,
            scale_grad_by_freq,
            sparse,
            _weight,
            seed,
            dtype,
            device,
        )

    @classmethod
    def from_pretrained(
        cls,
        embeddings: Any,
        freeze: bool = True,
        max_norm: float | None = None,
        norm_type: float = 2.0,
        scale_grad_by_freq: bool = False,
        mode: str = "mean",
        sparse: bool = False,
        include_last_offset: bool = False,
        padding_idx: int | None = None,
        *,
        device: str | None = None,
    ) -> EmbeddingBag:
        """torch's ``EmbeddingBag.from_pretrained``: ``embeddings`` (2-D) is the weight,
        its ``requires_grad`` off when ``freeze``."""
        rows, cols = _pretrained(embeddings)
        bag = cls(
            rows,
            cols,
            max_norm,
            norm_type,
            scale_grad_by_freq,
            mode,
            sparse,
            embeddings,
            include_last_offset,
            padding_idx,
            device=device,
        )
        bag.weight.requires_grad = not freeze
        return bag

    def forward(
        self,
        sess: Session,
        input: Tensor | Any,
        offsets: Tensor | Any | None = None,
        per_sample_weights: Tensor | Any | None = None,
    ) -> Tensor:
        return embedding_bag(
            input,
            sess.use(self.weight),
            offsets,
            scale_grad_by_freq=self.scale_grad_by_freq,
            mode=self.mode,
            per_sample_weights=per_sample_weights,
            include_last_offset=self.include_last_offset,
            padding_idx=self.padding_idx,
        )

    def extra_repr(self) -> str:
        s = f"{self.num_embeddings}, {self.embedding_dim}, mode={self.mode!r}"
        if self.padding_idx is not None:
            s += f", padding_idx={self.padding_idx}"
        if self.include_last_offset:
            s += ", include_last_offset=True"
        return s
