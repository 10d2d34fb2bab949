"""torch's ``nn.PairwiseDistance`` and ``nn.CosineSimilarity``: modules without parameters
calling ``F.pairwise_distance`` / ``F.cosine_similarity``."""

from __future__ import annotations

from typing import Any

from .._core import cosine_similarity, pairwise_distance
from .module import Module

__all__ = ["CosineSimilarity", "PairwiseDistance"]


class PairwiseDistance(Module):
    """Computes the pairwise distance between input vectors, or between columns of input
    matrices.

    Distances are computed using the ``p``-norm over the last dim, with the constant ``eps``
    added to the difference to avoid division by zero if ``p`` is negative:
    ``dist(x, y) = ||x - y + eps||_p`` (``F.pairwise_distance``). Inputs: ``(N, D)`` or
    ``(D)``; output: ``(N)`` or ``()``, with the last dim kept as 1 if ``keepdim``. The module
    has no parameters; ``p`` is stored as the attribute ``norm``, as torch's.

    Args:
        p (float): the norm degree; can be negative. Default: ``2.0``.
        eps (float): a small value added to the difference to avoid division by zero.
            Default: ``1e-6``.
        keepdim (bool): whether to keep the vector dimension. Default: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x1, x2 = et.tensor([[0.0, 0.0]]), et.tensor([[3.0, 4.0]])
        ...     et.nn.PairwiseDistance(eps=0.0)(x1, x2).tolist()
        [5.0]
    """

    def __init__(self, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False) -> None:
        super().__init__()
        self.norm = p
        self.eps = eps
        self.keepdim = keepdim

    def forward(self, x1: Any, x2: Any) -> Any:
        """Returns the ``p``-norm distances between the rows of ``x1`` and ``x2``.

        Args:
            x1 (Tensor): ``(N, D)`` or ``(D)``.
            x2 (Tensor): of ``x1``'s shape (or broadcastable to it).

        Returns:
            Tensor: ``(N)`` or ``()`` (the last dim kept as 1 with ``keepdim``).
        """
        return pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)


class CosineSimilarity(Module):
    """Returns cosine similarity between ``x1`` and ``x2``, computed along ``dim``.

    ``similarity = sum(x1 / max(||x1||, eps) * x2 / max(||x2||, eps))`` along ``dim``
    (``F.cosine_similarity``); the inputs broadcast against each other. The clamp at ``eps``
    changes the values only: the norms' gradients are the unclamped ones, as torch's. Inputs:
    ``(*, D, *)`` with ``D`` at ``dim``; output: the broadcast shape without ``dim``. The
    module has no parameters.

    Args:
        dim (int): the dimension where cosine similarity is computed. Default: ``1``.
        eps (float): a small value to avoid division by zero. Default: ``1e-8``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x1 = et.tensor([[1.0, 0.0], [1.0, 0.0]])
        ...     x2 = et.tensor([[2.0, 0.0], [0.0, 3.0]])
        ...     et.nn.CosineSimilarity(dim=1)(x1, x2).tolist()
        [1.0, 0.0]
    """

    def __init__(self, dim: int = 1, eps: float = 1e-8) -> None:
        super().__init__()
        self.dim = dim
        self.eps = eps

    def forward(self, x1: Any, x2: Any) -> Any:
        """Returns the cosine similarity of ``x1`` and ``x2`` along ``dim``.

        Args:
            x1 (Tensor): the first input.
            x2 (Tensor): the second input, broadcastable with ``x1``.

        Returns:
            Tensor: the broadcast shape of the inputs without ``dim``.
        """
        return cosine_similarity(x1, x2, self.dim, self.eps)
