"""``AdaptiveLogSoftmaxWithLoss``: torch's efficient softmax approximation (Grave et al.,
2016) over eagertape's ``Linear`` layers, its forward written as torch's with the tape's
ops (the rows of each cluster selected by their targets, their log-probabilities gathered)."""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Sequence
from typing import Any

from .. import _core
from .._core import Session, Tensor
from .._errors import ClassIndexError, ShapeError
from . import functional as F
from .container import ModuleList, Sequential
from .linear import Linear
from .module import Module

__all__ = ["AdaptiveLogSoftmaxWithLoss"]

_ASMoutput = namedtuple("_ASMoutput", ["output", "loss"])


class AdaptiveLogSoftmaxWithLoss(Module):
    """Efficient softmax approximation, as ``torch.nn.AdaptiveLogSoftmaxWithLoss``.

    The classes are split into a shortlist (the ``cutoffs[0]`` most frequent, computed by
    the ``head``) and clusters (``cutoffs[i]`` to ``cutoffs[i + 1]``), each computed by a
    smaller ``tail`` projection whose size shrinks by ``div_value`` per cluster. Calling the
    module on ``input`` ``(N, in_features)`` and ``target`` ``(N,)`` returns a named tuple
    ``(output, loss)``: each target's log-probability and their negated mean. The
    parameters are torch's (``head``, then each ``tail`` layer; after the same
    ``manual_seed``, torch's values), so state dicts load both ways.

    Args:
        in_features (int): the number of features of the input.
        n_classes (int): the number of classes.
        cutoffs (Sequence[int]): increasing, unique, positive ints below ``n_classes``:
            where the clusters start.
        div_value (float): the exponent base of the cluster sizes. Default: 4.0.
        head_bias (bool): whether the head has a bias. Default: ``False``.
        device (str, optional): the device of the parameters. Default: ``None``.
        dtype (str or dtype): the dtype of the parameters. Default: ``None`` (float32).

    Raises:
        ValueError: ``cutoffs`` is empty, unsorted, repeats a value, or leaves
            ``[1, n_classes - 1]`` (torch's error).

    Examples:
        >>> import eagertape as et
        >>> asm = et.nn.AdaptiveLogSoftmaxWithLoss(16, 10, cutoffs=[4, 7])
        >>> with et.Session():
        ...     out = asm(et.ones(3, 16), et.tensor([0, 5, 9]))
        ...     tuple(out.output.shape), out.loss.ndim
        ((3,), 0)
    """

    def __init__(
        self,
        in_features: int,
        n_classes: int,
        cutoffs: Sequence[int],
        div_value: float = 4.0,
        head_bias: bool = False,
        device: str | None = None,
        dtype: Any = None,
    ) -> None:
        super().__init__()
        cutoffs = list(cutoffs)
        if len(cutoffs) == 0:
            raise ValueError("cutoffs should be a sequence of length larger than 0")
        if (
            cutoffs != sorted(cutoffs)
            or min(cutoffs) <= 0
            or max(cutoffs) > (n_classes - 1)
            or len(set(cutoffs)) != len(cutoffs)
            or any(int(c) != c for c in cutoffs)
        ):
            raise ValueError(
                "cutoffs should be a sequence of unique, positive integers sorted in an "
                "increasing order, where each value is between 1 and n_classes-1"
            )
        self.in_features = in_features
        self.n_classes = n_classes
        self.cutoffs = [*cutoffs, n_classes]
        self.div_value = div_value
        self.head_bias = head_bias
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        kw = {"device": device, "dtype": dtype}
        self.head = Linear(in_features, self.head_size, bias=head_bias, **kw)
        self.tail = ModuleList()
        for i in range(self.n_clusters):
            hsz = int(in_features // (div_value ** (i + 1)))
            osz = self.cutoffs[i + 1] - self.cutoffs[i]
            self.tail.append(
                Sequential(
                    Linear(in_features, hsz, bias=False, **kw),
                    Linear(hsz, osz, bias=False, **kw),
                )
            )

    def forward(self, sess: Session, input_: Tensor, target_: Tensor) -> Any:
        """Each target's log-probability and the loss; call the module,
        ``module(input, target)``.

        Args:
            sess (Session): the session (passed by ``Module.__call__``).
            input_ (Tensor): ``(N, in_features)``, or ``(in_features,)`` with a 0-d target.
            target_ (Tensor): the class ids, ``(N,)`` (or 0-d), each in ``[0, n_classes)``.

        Returns:
            _ASMoutput: ``(output, loss)``: ``output`` ``(N,)`` (or 0-d), ``loss`` 0-d.

        Raises:
            ShapeError: the batch sizes or ranks disagree, as torch's ``RuntimeError``.
            ClassIndexError: a target outside ``[0, n_classes)``.
        """
        if target_.ndim == 1:
            if input_.shape[0] != target_.shape[0]:
                raise ShapeError(
                    "Input and target should have the same size in the batch dimension."
                )
            if input_.ndim != 2:
                raise ShapeError(
                    "1D target tensor expects 2D input tensors, but found inputs with size "
                    f"{tuple(input_.shape)}"
                )
        elif target_.ndim == 0:
            if input_.ndim != 1:
                raise ShapeError(
                    "0D target tensor expects 1D input tensors, but found inputs with size "
                    f"{tuple(input_.shape)}"
                )
        else:
            raise ShapeError("0D or 1D target tensor expected, multi-target not supported")
        batched = target_.ndim > 0
        input = input_ if batched else input_.unsqueeze(0)  # noqa: A001
        target = target_ if batched else target_.unsqueeze(0)
        # torch's check, before any layer runs (reading the range records two reductions)
        low, high = (int(target.min()), int(target.max())) if target.numel() else (0, 0)
        if low < 0 or high >= self.n_classes:
            raise ClassIndexError(
                f"Target values should be in [0, {self.n_classes - 1}], but values in range "
                f"[{low}, {high}] were found. "
            )
        output = input.new_zeros(target.shape[0])
        gather_inds = target
        for i in range(self.n_clusters):
            start, stop = self.cutoffs[i], self.cutoffs[i + 1]
            mask = (target >= start) & (target < stop)
            found = mask.nonzero()
            assert isinstance(found, Tensor)  # (not as_tuple)
            rows = found.reshape(-1)
            if rows.numel() == 0:
                continue
            cluster = self.shortlist_size + i
            gather_inds = _core.where(mask, cluster, gather_inds)
            relative = target[mask] - start
            cluster_logprob = F.log_softmax(self.tail[i](input.index_select(0, rows)), dim=1)
            local = cluster_logprob.gather(1, relative.unsqueeze(1)).squeeze(1)
            output = output.index_copy(0, rows, local)
        head_logprob = F.log_softmax(self.head(input), dim=1)
        output = output + head_logprob.gather(1, gather_inds.unsqueeze(1)).squeeze(1)
        loss = (-output).mean()
        if not batched:
            output = output.squeeze(0)
        return _ASMoutput(output, loss)

    def _full_log_prob(self, input: Tensor, head_output: Tensor) -> Tensor:  # noqa: A002
        head_logprob = F.log_softmax(head_output, dim=1)
        parts = [head_logprob[:, : self.shortlist_size]]
        for i, tail in enumerate(self.tail):
            cluster_logprob = F.log_softmax(tail(input), dim=1)
            parts.append(cluster_logprob + head_logprob[:, self.shortlist_size + i].unsqueeze(1))
        return _core.cat(parts, 1)

    def log_prob(self, input: Tensor) -> Tensor:  # noqa: A002
        """Computes log probabilities for all ``n_classes``.

        Args:
            input (Tensor): ``(N, in_features)`` or ``(in_features,)``.

        Returns:
            Tensor: ``(N, n_classes)`` (or ``(n_classes,)``): the log-probability of every
            class.
        """
        batched = input.ndim > 1
        x = input if batched else input.unsqueeze(0)
        out = self._full_log_prob(x, self.head(x))
        return out if batched else out.squeeze(0)

    def predict(self, input: Tensor) -> Tensor:  # noqa: A002
        """Returns the class with the highest probability for each example, as torch's
        ``predict`` finds it (the head's answer where it is a shortlist class).

        Args:
            input (Tensor): ``(N, in_features)`` or ``(in_features,)``.

        Returns:
            Tensor: ``(N,)`` (or 0-d) int64 class ids.
        """
        batched = input.ndim > 1
        x = input if batched else input.unsqueeze(0)
        head_output = self.head(x)
        output = head_output.argmax(dim=1)
        not_in_shortlist = output >= self.shortlist_size
        if bool(not_in_shortlist.any()):
            full = self._full_log_prob(x, head_output).argmax(dim=1)
            output = _core.where(not_in_shortlist, full, output)
        return output if batched else output.squeeze(0)
