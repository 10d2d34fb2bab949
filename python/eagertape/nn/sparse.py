"""``Embedding`` and ``EmbeddingBag``."""

from __future__ import annotations

from typing import Any, Literal

import numpy as _np

from .._core import Parameter, Session, Tensor, embedding, embedding_bag
from .._errors import ConfigError
from ._utils import _draws, _module_dtype, _positive_int
from .module import Module

__all__ = ["Embedding", "EmbeddingBag"]

_MODES: tuple[Literal["sum"], Literal["mean"], Literal["max"]] = ("sum", "mean", "max")


def _padding(padding_idx: object, rows: int) -> int | None:
    """torch's ``padding_idx`` check: an int within ``[-rows, rows)``, made non-negative."""
    if padding_idx is None:
        return None
    if isinstance(padding_idx, bool) or not isinstance(padding_idx, int | _np.integer):
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
        w = _draws(seed, dtype).standard_normal((rows, cols))
        if self.padding_idx is not None:
            w[self.padding_idx] = 0.0
        self.weight = Parameter(
            w, name="weight", requires_grad=requires_grad, dtype=dtype, device=device
        )


def _pretrained(embeddings: Any) -> tuple[int, int]:
    shape = tuple(_np.shape(embeddings)) if not hasattr(embeddings, "shape") else embeddings.shape
    if len(shape) != 2:
        raise ConfigError(f"Embeddings parameter is expected to be 2-dimensional, got {shape}")
    return int(shape[0]), int(shape[1])


class Embedding(_Table):
    """A simple lookup table that stores embeddings of a fixed dictionary and size.

    The input is a tensor of integer indices (int64 or int32); the output holds the
    corresponding rows of ``weight`` (see `eagertape.embedding`). ``weight``, of shape
    ``(num_embeddings, embedding_dim)``, is drawn from ``N(0, 1)`` as torch's (in float64
    from ``np.random.default_rng(seed)``, then converted to ``dtype``), with the
    ``padding_idx`` row zero; ``_weight`` gives it instead, and `Embedding.from_pretrained`
    builds one from a matrix (frozen unless ``freeze=False``). In the explicit call,
    ``module(sess, ids)``, the ids may also be a numpy array; ``module(ids)`` takes an
    eagertape tensor.

    Input: ``(*)``, integer ids; output: ``(*, embedding_dim)``.

    Args:
        num_embeddings (int): size of the dictionary of embeddings.
        embedding_dim (int): the size of each embedding vector.
        padding_idx (int, optional): if specified, the entries at ``padding_idx`` do not
            contribute to the gradient; the row is initialized to zeros (when no
            ``_weight`` is given). A negative index counts from the end.
            Default: ``None``.
        max_norm (float, optional): not supported (torch renormalizes the weight in place):
            anything but ``None`` raises ``ConfigError``. Default: ``None``.
        norm_type (float): the p of the p-norm for ``max_norm``; stored, unused.
            Default: 2.0.
        scale_grad_by_freq (bool): if given, this will scale gradients by the inverse of
            frequency of the words in the mini-batch. Default: ``False``.
        sparse (bool): not supported: ``True`` raises ``ConfigError``. Default: ``False``.
        _weight (array-like, optional): the initial weight, of shape
            ``(num_embeddings, embedding_dim)`` (copied, keeping its own floating dtype;
            ``dtype`` is not applied). Default: ``None`` (drawn from ``N(0, 1)``).
        _freeze (bool): whether ``weight`` is frozen (``requires_grad=False``); used by
            `Embedding.from_pretrained`. Default: ``False``.
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).
        dtype (str or dtype): the dtype of the weight. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the weight. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: a size is not positive, ``padding_idx`` is out of range, ``_weight``
            has another shape, or ``max_norm`` or ``sparse`` is given.

    Examples:
        >>> import eagertape as et
        >>> emb = et.nn.Embedding(10, 3, padding_idx=0, seed=0)
        >>> with et.Session():
        ...     out = emb(et.tensor([[0, 2], [4, 5]]))
        ...     tuple(out.shape), out[0, 0].tolist()
        ((2, 2, 3), [0.0, 0.0, 0.0])
    """

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
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
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
    """Computes sums, means or maxes of "bags" of embeddings, without instantiating the
    intermediate embeddings.

    ``weight`` is as `Embedding`'s (``N(0, 1)``, the ``padding_idx`` row zero; padding ids
    are left out of their bags and of the means' counts). The forward is
    ``module(input, offsets=None, per_sample_weights=None)`` (see
    `eagertape.nn.functional.embedding_bag`): a 2-D ``input`` is one bag per row; a 1-D
    ``input`` is cut into bags starting at ``offsets``. ``per_sample_weights``
    (``mode="sum"`` only) scales each id's row and receives its gradient.

    Input: ``(B, N)``, or ``(N,)`` with ``offsets`` ``(B,)`` (``(B + 1,)`` with
    ``include_last_offset``); output: ``(B, embedding_dim)``.

    Args:
        num_embeddings (int): size of the dictionary of embeddings.
        embedding_dim (int): the size of each embedding vector.
        max_norm (float, optional): not supported (torch renormalizes the weight in place):
            anything but ``None`` raises ``ConfigError``. Default: ``None``.
        norm_type (float): the p of the p-norm for ``max_norm``; stored, unused.
            Default: 2.0.
        scale_grad_by_freq (bool): if given, this will scale gradients by the inverse of
            frequency of the words in the mini-batch (not with ``mode="max"``).
            Default: ``False``.
        mode (str): ``"sum"``, ``"mean"`` or ``"max"``: how to reduce each bag.
            Default: ``"mean"``.
        sparse (bool): not supported: ``True`` raises ``ConfigError``. Default: ``False``.
        _weight (array-like, optional): the initial weight, of shape
            ``(num_embeddings, embedding_dim)`` (copied, keeping its own floating dtype;
            ``dtype`` is not applied). Default: ``None`` (drawn from ``N(0, 1)``).
        include_last_offset (bool): if ``True``, ``offsets`` has one additional element,
            the end of the last bag (the CSR format). Default: ``False``.
        padding_idx (int, optional): if specified, the entries at ``padding_idx`` do not
            contribute to the gradient; the row is initialized to zeros (when no
            ``_weight`` is given). A negative index counts from the end.
            Default: ``None``.
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).
        dtype (str or dtype): the dtype of the weight. Default: ``None``
            (float32, torch's default).
        device (str, optional): the device of the weight. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: an unknown ``mode``, ``scale_grad_by_freq`` with ``mode="max"``, a
            size that is not positive, ``padding_idx`` out of range, ``_weight`` of another
            shape, or ``max_norm`` or ``sparse`` given.

    Examples:
        >>> import eagertape as et
        >>> bag = et.nn.EmbeddingBag(10, 3, mode="sum", seed=0)
        >>> with et.Session():
        ...     ids = et.tensor([1, 2, 4, 5, 4, 3, 2, 9])
        ...     tuple(bag(ids, et.tensor([0, 4])).shape)
        (2, 3)
    """

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
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
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
