"""``ChannelShuffle`` over ``F.channel_shuffle`` (``src/ops/lp_pool.rs``)."""

from __future__ import annotations

from .._core import Session, Tensor
from . import functional as F
from ._utils import _positive_int
from .module import Module

__all__ = ["ChannelShuffle"]


class ChannelShuffle(Module):
    """Divides the channels of a tensor of shape ``(N, C, *)`` into ``groups`` groups and
    rearranges them while keeping the original shape (see
    `eagertape.nn.functional.channel_shuffle`), as ``torch.nn.ChannelShuffle``.

    Args:
        groups (int): the number of groups to divide the channels in.

    Raises:
        ConfigError: ``groups`` is not a positive int.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.arange(4.0).reshape(1, 4, 1)
        ...     et.nn.ChannelShuffle(2)(x).flatten().tolist()
        [0.0, 2.0, 1.0, 3.0]
    """

    def __init__(self, groups: int) -> None:
        super().__init__()
        self.groups = _positive_int(groups, "groups")

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return F.channel_shuffle(x, self.groups)

    def extra_repr(self) -> str:
        return f"groups={self.groups}"
