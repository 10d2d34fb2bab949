"""The schedulers over other schedulers (``SequentialLR``, ``ChainedScheduler``) and the
one driven by a metric (``ReduceLROnPlateau``)."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

from ..._errors import ArgumentError
from ._base import LRScheduler, _check_optimizer, _lrs, _per_group


def _check_schedulers(who: str, schedulers: Sequence[Any], optimizer: Any) -> None:
    """At least one scheduler, none a ``ReduceLROnPlateau``, all on ``optimizer``."""
    if len(schedulers) < 1:
        raise ArgumentError(f"{who} expects at least one scheduler")
    for i, s in enumerate(schedulers):
        if isinstance(s, ReduceLROnPlateau):
            raise ArgumentError(f"{who} does not support ReduceLROnPlateau (scheduler {i})")
        if getattr(s, "optimizer", None) is not optimizer:
            raise ArgumentError(
                f"{who} expects all schedulers to belong to the same optimizer "
                f"(scheduler {i} does not)"
            )


class SequentialLR(LRScheduler):
    """Runs a list of schedulers one after another, switching at the given milestones.

    ``schedulers[0]`` runs until ``milestones[0]``; at each milestone the next scheduler
    takes over, restarted at its epoch 0. The constructor sets each group's ``lr`` back to
    its ``initial_lr`` and takes back the first step each scheduler took when it was made,
    as torch's.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        schedulers (list): list of chained schedulers, all on ``optimizer``.
        milestones (list): list of integers that reflects milestone points (one fewer than
            ``schedulers``).
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Raises:
        ArgumentError: no schedulers, a ``ReduceLROnPlateau`` among them, a scheduler of
            another optimizer, or not one milestone fewer than schedulers.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> from eagertape.optim import lr_scheduler
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> warmup = lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2)
        >>> decay = lr_scheduler.ExponentialLR(opt, gamma=0.5)
        >>> sched = lr_scheduler.SequentialLR(opt, [warmup, decay], milestones=[2])
        >>> lrs = []
        >>> for epoch in range(5):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [0.5, 0.5, 1.0, 0.5, 0.25]
    """

    def __init__(
        self, optimizer: Any, schedulers: list[Any], milestones: list[int], last_epoch: int = -1
    ) -> None:
        _check_schedulers("SequentialLR", schedulers, optimizer)
        if len(milestones) != len(schedulers) - 1:
            raise ArgumentError(
                "SequentialLR expects one milestone fewer than schedulers, got "
                f"{len(milestones)} milestones for {len(schedulers)} schedulers"
            )
        self._schedulers = schedulers
        self._milestones = milestones
        self.last_epoch = last_epoch + 1
        self.optimizer = optimizer
        for group in optimizer.param_groups:
            group["lr"] = group["initial_lr"]
        self._undo(self)
        self._schedulers[0]._initial_step()
        self._last_lr = schedulers[0].get_last_lr()

    def _undo(self, sched: Any) -> None:
        """Take back the first step each scheduler took when it was made."""
        if hasattr(sched, "_schedulers"):
            for s in sched._schedulers:
                self._undo(s)
        elif hasattr(sched, "last_epoch"):
            sched.last_epoch -= 1

    def step(self) -> None:  # type: ignore[override]
        """Advances the current scheduler by one epoch; at a milestone, the next one starts."""
        self.last_epoch += 1
        idx = bisect_right(self._milestones, self.last_epoch)
        scheduler = self._schedulers[idx]
        if idx > 0 and self._milestones[idx - 1] == self.last_epoch:
            scheduler._update_lr(0)
        else:
            scheduler.step()
        self._last_lr = scheduler.get_last_lr()

    def state_dict(self) -> dict[str, Any]:
        """Returns the state of the scheduler as a dict.

        Every attribute but the optimizer, with the schedulers' own state dicts in a list
        under ``_schedulers``, as torch's.

        Returns:
            dict: the state, for ``load_state_dict``.
        """
        state = {k: v for k, v in self.__dict__.items() if k not in ("optimizer", "_schedulers")}
        state["_schedulers"] = [s.state_dict() for s in self._schedulers]
        return state

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Loads the scheduler's state, and each of its schedulers' from the saved list.

        Args:
            state_dict (dict): scheduler state, as returned by ``state_dict()`` of a scheduler
                of the same class over schedulers of the same classes.
        """
        state = dict(state_dict)
        saved = state.pop("_schedulers")
        self.__dict__.update(state)
        for s, sd in zip(self._schedulers, saved, strict=True):
            s.load_state_dict(sd)


class ChainedScheduler(SequentialLR):
    """Chains a list of learning rate schedulers.

    Every ``step()`` steps each scheduler in turn, so their effects compose (each computes
    from the rates the previous one set). Unlike torch's, this class derives from
    ``SequentialLR`` (its ``state_dict``/``load_state_dict``).

    Args:
        schedulers (sequence): sequence of chained schedulers, all on one optimizer.
        optimizer (Optimizer, optional): wrapped optimizer. Default: ``None`` (the first
            scheduler's).

    Raises:
        ArgumentError: no schedulers, a ``ReduceLROnPlateau`` among them, or a scheduler of
            another optimizer.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> from eagertape.optim import lr_scheduler
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> warmup = lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2)
        >>> decay = lr_scheduler.ExponentialLR(opt, gamma=0.5)
        >>> sched = lr_scheduler.ChainedScheduler([warmup, decay])
        >>> lrs = []
        >>> for epoch in range(5):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [0.5, 0.25, 0.25, 0.125, 0.0625]
    """

    def __init__(self, schedulers: Sequence[Any], optimizer: Any | None = None) -> None:
        if len(schedulers) < 1:
            raise ArgumentError("ChainedScheduler expects at least one scheduler")
        optimizer = optimizer if optimizer is not None else schedulers[0].optimizer
        _check_schedulers("ChainedScheduler", schedulers, optimizer)
        self._schedulers = list(schedulers)
        self.optimizer = optimizer
        self._last_lr = _lrs(self._schedulers[-1].optimizer)

    def step(self) -> None:  # type: ignore[override]
        """Steps every scheduler once, in order."""
        for s in self._schedulers:
            s.step()
        self._last_lr = _lrs(self._schedulers[-1].optimizer)


class ReduceLROnPlateau(LRScheduler):
    """Reduce learning rate when a metric has stopped improving.

    ``step(metric)`` counts the epochs without an improvement of more than ``threshold``;
    after more than ``patience`` of them, each group's ``lr`` is multiplied by ``factor``
    (not below ``min_lr``, and left as it is when the change would not exceed ``eps``), and
    no bad epochs are counted for the next ``cooldown`` epochs. Unlike the other schedulers,
    the constructor takes no step and ``last_epoch`` starts at 0, as torch's.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        mode (str): one of ``"min"``, ``"max"``: the metric should decrease or increase.
            Default: ``"min"``.
        factor (float): factor by which the learning rate will be reduced, below 1.
            Default: ``0.1``.
        patience (int): the number of allowed epochs with no improvement after which the
            learning rate will be reduced. Default: ``10``.
        threshold (float): threshold for measuring the new optimum, to only focus on
            significant changes. Default: ``1e-4``.
        threshold_mode (str): one of ``"rel"`` (the best times ``1 - threshold``, or
            ``1 + threshold`` in ``max`` mode), ``"abs"`` (the best minus, or plus,
            ``threshold``). Default: ``"rel"``.
        cooldown (int): number of epochs to wait before resuming normal operation after lr
            has been reduced. Default: ``0``.
        min_lr (float or list): a lower bound on the learning rate of all groups, or one per
            group. Default: ``0``.
        eps (float): minimal decay applied to lr; a smaller change is ignored. Default:
            ``1e-8``.

    Raises:
        ArgumentError: ``factor >= 1``, an unknown ``mode`` or ``threshold_mode``, or a
            ``min_lr`` list whose length is not the number of groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> sched = et.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=0.5, patience=1)
        >>> for val_loss in [1.0, 1.0, 1.0]:
        ...     sched.step(val_loss)
        >>> sched.get_last_lr()
        [0.5]
    """

    def __init__(
        self,
        optimizer: Any,
        mode: str = "min",
        factor: float = 0.1,
        patience: int = 10,
        threshold: float = 1e-4,
        threshold_mode: str = "rel",
        cooldown: int = 0,
        min_lr: list[float] | float = 0,
        eps: float = 1e-8,
    ) -> None:
        if factor >= 1.0:
            raise ArgumentError("Factor should be < 1.0.")
        _check_optimizer(optimizer)
        self.factor = factor
        self.optimizer = optimizer
        if isinstance(min_lr, list | tuple):
            self.default_min_lr = None
            self.min_lrs = _per_group("min_lr", optimizer, list(min_lr))
        else:
            self.default_min_lr = min_lr
            self.min_lrs = [min_lr] * len(optimizer.param_groups)
        self.patience = patience
        self.cooldown = cooldown
        self.eps = eps
        self.last_epoch = 0
        self._last_lr = _lrs(optimizer)
        self._init_is_better(mode, threshold, threshold_mode)
        self._reset()

    def _init_is_better(self, mode: str, threshold: float, threshold_mode: str) -> None:
        if mode not in ("min", "max"):
            raise ArgumentError(f"mode {mode} is unknown!")
        if threshold_mode not in ("rel", "abs"):
            raise ArgumentError(f"threshold mode {threshold_mode} is unknown!")
        self.mode_worse = math.inf if mode == "min" else -math.inf
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode

    def _reset(self) -> None:
        self.best = self.mode_worse
        self.cooldown_counter = 0
        self.num_bad_epochs = 0

    @property
    def in_cooldown(self) -> bool:
        """Whether the scheduler is in its cooldown period after a reduction."""
        return self.cooldown_counter > 0

    def is_better(self, a: float, best: float) -> bool:
        """Whether the metric value ``a`` improves on ``best`` (per ``mode``, ``threshold``
        and ``threshold_mode``).

        Args:
            a (float): the new metric value.
            best (float): the best value so far.

        Returns:
            bool: ``True`` when ``a`` is better than ``best`` by more than the threshold.
        """
        if self.mode == "min" and self.threshold_mode == "rel":
            return a < best * (1.0 - self.threshold)
        if self.mode == "min":
            return a < best - self.threshold
        if self.threshold_mode == "rel":
            return a > best * (self.threshold + 1.0)
        return a > best + self.threshold

    def step(self, metrics: Any, epoch: int | None = None) -> None:  # type: ignore[override]
        """Records the metric of one epoch, and reduces the learning rates when it has not
        improved for more than ``patience`` epochs.

        Args:
            metrics (float): the metric's value (anything ``float()`` takes, e.g.
                ``val_loss.item()``).
            epoch (int, optional): deprecated in torch: the epoch to set ``last_epoch`` to,
                instead of advancing it. Default: ``None``.
        """
        current = float(metrics)
        self.last_epoch = self.last_epoch + 1 if epoch is None else epoch
        if self.is_better(current, self.best):
            self.best = current
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.in_cooldown:
            self.cooldown_counter -= 1
            self.num_bad_epochs = 0
        if self.num_bad_epochs > self.patience:
            self._reduce_lr()
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
        self._last_lr = _lrs(self.optimizer)

    def _reduce_lr(self) -> None:
        groups = self.optimizer.param_groups
        if len(groups) != len(self.min_lrs):
            if self.default_min_lr is None:
                raise ArgumentError(
                    f"the optimizer has {len(groups)} parameter groups, min_lr was given for "
                    f"{len(self.min_lrs)}"
                )
            self.min_lrs = [self.default_min_lr] * len(groups)
        for group, low in zip(groups, self.min_lrs, strict=True):
            old = float(group["lr"])
            new = max(old * self.factor, low)
            if old - new > self.eps:
                group["lr"] = new

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Loads the scheduler's state.

        Args:
            state_dict (dict): scheduler state, as returned by ``state_dict()``.
        """
        self.__dict__.update(state_dict)
        self._init_is_better(self.mode, self.threshold, self.threshold_mode)
