"""The schedulers that restart or cycle: ``CosineAnnealingWarmRestarts``, ``CyclicLR``,
``OneCycleLR`` (the last two also cycle momentum)."""

from __future__ import annotations

import math
import types
from collections.abc import Callable
from typing import Any

from ..._errors import ArgumentError
from ._base import LRScheduler, _check_optimizer, _lrs, _per_group


class CosineAnnealingWarmRestarts(LRScheduler):
    """Sets the learning rate of each parameter group using cosine annealing with warm restarts.

    ``lr = eta_min + (initial_lr - eta_min) * (1 + cos(pi * T_cur / T_i)) / 2``, where
    ``T_cur`` counts the epochs since the last restart and ``T_i`` (first ``T_0``) is
    multiplied by ``T_mult`` at each restart.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        T_0 (int): number of iterations until the first restart (a positive int).
        T_mult (int): a factor by which ``T_i`` increases after a restart (an int >= 1).
            Default: ``1``.
        eta_min (float): minimum learning rate. Default: ``0.0``.
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Raises:
        ArgumentError: ``T_0`` not a positive int, ``T_mult`` not an int >= 1, or
            ``eta_min`` not a number.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> sched = et.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2)
        >>> lrs = []
        >>> for epoch in range(5):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [1.0, 0.5, 1.0, 0.5, 1.0]
    """

    def __init__(
        self,
        optimizer: Any,
        T_0: int,
        T_mult: int = 1,
        eta_min: float = 0.0,
        last_epoch: int = -1,
    ) -> None:
        if isinstance(T_0, bool) or not isinstance(T_0, int) or T_0 <= 0:
            raise ArgumentError(f"Expected positive integer T_0, but got {T_0}")
        if isinstance(T_mult, bool) or not isinstance(T_mult, int) or T_mult < 1:
            raise ArgumentError(f"Expected integer T_mult >= 1, but got {T_mult}")
        if isinstance(eta_min, bool) or not isinstance(eta_min, float | int):
            raise ArgumentError(f"Expected float or int eta_min, but got {eta_min!r}")
        self.T_0 = T_0
        self.T_i = T_0
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur: float = last_epoch  # a float epoch given to step() makes it a float
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        low = self.eta_min
        phase = 1 + math.cos(math.pi * self.T_cur / self.T_i)
        return [low + (b - low) * phase / 2 for b in self.base_lrs]

    def step(self, epoch: float | None = None) -> None:
        """Advances the schedule by one epoch, or sets it to ``epoch``, and sets each
        parameter group's ``lr``.

        Args:
            epoch (float, optional): the epoch to set, fractional epochs allowed (torch's
                per-batch form ``step(epoch + i / iters)``); ``None`` advances by one.
                Default: ``None``.

        Raises:
            ArgumentError: a negative ``epoch``.
        """
        self._step_count += 1
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:
                self.T_cur = self.T_cur % self.T_i
                self.T_i = self.T_i * self.T_mult
        elif epoch < 0:
            raise ArgumentError(f"Expected non-negative epoch, but got {epoch}")
        elif epoch >= self.T_0:
            if self.T_mult == 1:
                self.T_cur = epoch % self.T_0
            else:
                n = int(math.log(epoch / self.T_0 * (self.T_mult - 1) + 1, self.T_mult))
                self.T_cur = epoch - self.T_0 * (self.T_mult**n - 1) / (self.T_mult - 1)
                self.T_i = self.T_0 * self.T_mult**n
        else:
            self.T_i = self.T_0
            self.T_cur = epoch
        self.last_epoch = math.floor(epoch)
        for group, lr in zip(self.optimizer.param_groups, self.get_lr(), strict=True):
            group["lr"] = lr
        self._last_lr = _lrs(self.optimizer)


def _momentum_key(optimizer: Any, who: str) -> bool:
    """Whether the optimizer's momentum is ``betas[0]`` (True) or ``momentum`` (False)."""
    defaults = getattr(optimizer, "defaults", {})
    if "momentum" not in defaults and "betas" not in defaults:
        raise ArgumentError(
            f"{who}: optimizer must support momentum or beta1 with `cycle_momentum` option enabled"
        )
    return "betas" in defaults


def _set_momentum(group: Any, use_beta1: bool, value: float) -> None:
    if use_beta1:
        group["betas"] = (value, *group["betas"][1:])
    else:
        group["momentum"] = value


def _start_momentum(optimizer: Any, use_beta1: bool, highs: list[float], lows: list[float]) -> None:
    """Each group's momentum at its ``max_momentum``, both bounds kept in the group (the
    momentum first: an optimizer that refuses it leaves the group as it was)."""
    for high, low, group in zip(highs, lows, optimizer.param_groups, strict=True):
        _set_momentum(group, use_beta1, high)
        group["max_momentum"] = high
        group["base_momentum"] = low


class CyclicLR(LRScheduler):
    """Sets the learning rate of each parameter group by the cyclical learning rate policy (CLR).

    The rate cycles between ``base_lr`` and ``max_lr`` over ``step_size_up`` steps up and
    ``step_size_down`` steps down, the amplitude scaled per cycle or per iteration by
    ``mode``'s policy (``"triangular"``: constant, ``"triangular2"``: halved each cycle,
    ``"exp_range"``: ``gamma**iteration``) or by ``scale_fn``. Step it after every batch.
    The constructor sets each group's ``lr`` to ``base_lr`` (when ``last_epoch`` is -1).

    With ``cycle_momentum``, the momentum is cycled the other way, through the groups'
    ``momentum`` (``SGD``, ``RMSprop``) or the first of their ``betas`` (the Adam family);
    an optimizer with neither raises ``ArgumentError``. Unlike torch, an ``SGD`` made with
    ``momentum=0`` cannot be given a momentum later (``ConfigError``): make it with a
    momentum, or pass ``cycle_momentum=False``. The groups keep ``max_momentum`` and
    ``base_momentum``, as torch's.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        base_lr (float or list): initial learning rate, the lower boundary in the cycle, for
            all groups or one per group.
        max_lr (float or list): upper learning rate boundary in the cycle, for all groups or
            one per group.
        step_size_up (int): number of training iterations in the increasing half of a cycle.
            Default: ``2000``.
        step_size_down (int, optional): number of training iterations in the decreasing half
            of a cycle. Default: ``None`` (``step_size_up``).
        mode (str): one of ``"triangular"``, ``"triangular2"``, ``"exp_range"``; ignored when
            ``scale_fn`` is given. Default: ``"triangular"``.
        gamma (float): constant in the ``"exp_range"`` scaling function. Default: ``1.0``.
        scale_fn (function, optional): custom scaling policy, a function of one argument
            with ``0 <= scale_fn(x) <= 1`` for all ``x >= 0``. Default: ``None``.
        scale_mode (str): ``"cycle"`` or ``"iterations"``: whether ``scale_fn`` is evaluated
            on the cycle number or on the iterations since the start; only used with a
            ``scale_fn`` (the modes set their own). Default: ``"cycle"``.
        cycle_momentum (bool): cycle the momentum inversely to the learning rate between
            ``base_momentum`` and ``max_momentum``. Default: ``True``.
        base_momentum (float or list): lower momentum boundary in the cycle, for all groups
            or one per group. Default: ``0.8``.
        max_momentum (float or list): upper momentum boundary in the cycle, for all groups
            or one per group. Default: ``0.9``.
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Raises:
        ArgumentError: an unknown ``mode`` without ``scale_fn``, a list of another length
            than the groups, or ``cycle_momentum`` with an optimizer without momentum.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0, momentum=0.9)
        >>> sched = et.optim.lr_scheduler.CyclicLR(opt, base_lr=0.25, max_lr=1.0, step_size_up=2)
        >>> lrs = []
        >>> for batch in range(5):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [0.25, 0.625, 1.0, 0.625, 0.25]
    """

    def __init__(
        self,
        optimizer: Any,
        base_lr: float | list[float],
        max_lr: float | list[float],
        step_size_up: int = 2000,
        step_size_down: int | None = None,
        mode: str = "triangular",
        gamma: float = 1.0,
        scale_fn: Callable[[float], float] | None = None,
        scale_mode: str = "cycle",
        cycle_momentum: bool = True,
        base_momentum: float = 0.8,
        max_momentum: float = 0.9,
        last_epoch: int = -1,
    ) -> None:
        _check_optimizer(optimizer)
        # every check before a group changes
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ArgumentError("mode is invalid and scale_fn is None")
        base_lrs = _per_group("base_lr", optimizer, base_lr)
        self.max_lrs = _per_group("max_lr", optimizer, max_lr)
        if cycle_momentum:
            self.use_beta1 = _momentum_key(optimizer, "CyclicLR")
            self.base_momentums = _per_group("base_momentum", optimizer, base_momentum)
            self.max_momentums = _per_group("max_momentum", optimizer, max_momentum)
        self.optimizer = optimizer
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            if last_epoch == -1:
                _start_momentum(optimizer, self.use_beta1, self.max_momentums, self.base_momentums)
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups, strict=True):
                group["lr"] = lr
        up = float(step_size_up)
        down = float(step_size_down) if step_size_down is not None else up
        self.total_size = up + down
        self.step_ratio = up / self.total_size
        self.mode = mode
        self.gamma = gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode
        self._init_scale_fn()
        super().__init__(optimizer, last_epoch)
        self.base_lrs = base_lrs

    def _init_scale_fn(self) -> None:
        if self._scale_fn_custom is None and self.mode in ("triangular", "triangular2"):
            self.scale_mode = "cycle"
        elif self._scale_fn_custom is None and self.mode == "exp_range":
            self.scale_mode = "iterations"

    def scale_fn(self, x: float) -> float:
        """The amplitude's scale at ``x``: the custom ``scale_fn`` if one was given, else the
        mode's (``"triangular"``: 1, ``"triangular2"``: ``1 / 2**(x - 1)``, ``"exp_range"``:
        ``gamma**x``).

        Args:
            x (float): the cycle number (from 1) or the iteration, per ``scale_mode``.

        Returns:
            float: the factor applied to ``max_lr - base_lr``.
        """
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        if self.mode == "triangular":
            return 1.0
        # (a float power is typed Any: a negative base with a fractional exponent is complex)
        if self.mode == "triangular2":
            halving: float = 2.0 ** (x - 1)
            return 1 / halving
        scale: float = self.gamma**x
        return scale

    def get_lr(self) -> list[float]:
        cycle = math.floor(1 + self.last_epoch / self.total_size)
        x = 1.0 + self.last_epoch / self.total_size - cycle
        if x <= self.step_ratio:
            scale = x / self.step_ratio
        else:
            scale = (x - 1) / (self.step_ratio - 1)
        at = cycle if self.scale_mode == "cycle" else self.last_epoch
        lrs = [
            low + (high - low) * scale * self.scale_fn(at)
            for low, high in zip(self.base_lrs, self.max_lrs, strict=True)
        ]
        if self.cycle_momentum:
            for low, high, group in zip(
                self.base_momentums, self.max_momentums, self.optimizer.param_groups, strict=True
            ):
                _set_momentum(
                    group, self.use_beta1, high - (high - low) * scale * self.scale_fn(at)
                )
        return lrs

    def state_dict(self) -> dict[str, Any]:
        """Returns the state of the scheduler as a dict.

        Every attribute but the optimizer; a custom ``scale_fn`` is saved as a callable
        object's ``__dict__``, or ``None`` for a plain function or lambda, as torch's.

        Returns:
            dict: the state, for ``load_state_dict``.
        """
        state = super().state_dict()
        fn = state.pop("_scale_fn_custom")
        state["_scale_fn_custom"] = (
            None if fn is None or isinstance(fn, types.FunctionType) else dict(fn.__dict__)
        )
        return state

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Loads the scheduler's state (a custom ``scale_fn`` object's attributes included).

        Args:
            state_dict (dict): scheduler state, as returned by ``state_dict()``.
        """
        state = dict(state_dict)
        fn = state.pop("_scale_fn_custom")
        super().load_state_dict(state)
        if fn is not None and self._scale_fn_custom is not None:
            self._scale_fn_custom.__dict__.update(fn)
        self._init_scale_fn()


class OneCycleLR(LRScheduler):
    """Sets the learning rate of each parameter group according to the 1cycle learning rate policy.

    The rate goes from ``max_lr / div_factor`` (the groups' ``initial_lr``) up to ``max_lr``
    over the first ``pct_start`` of ``total_steps``, then down to
    ``initial_lr / final_div_factor`` (``min_lr``), annealed by cosine or linearly; with
    ``three_phase``, down to ``initial_lr`` symmetrically first, then to ``min_lr``. Step it
    after every batch: the constructor's step is step 0 and step ``total_steps - 1`` reaches
    ``min_lr``. One more step extrapolates past the end, as torch's (here a rate or momentum
    out of its range then raises ``ConfigError``), and the next raises ``ArgumentError``.
    The constructor writes ``initial_lr``, ``max_lr`` and ``min_lr`` into each group.

    With ``cycle_momentum``, the momentum is cycled the other way, through the groups'
    ``momentum`` (``SGD``, ``RMSprop``) or the first of their ``betas`` (the Adam family);
    an optimizer with neither raises ``ArgumentError``. Unlike torch, an ``SGD`` made with
    ``momentum=0`` cannot be given a momentum later (``ConfigError``): make it with a
    momentum, or pass ``cycle_momentum=False``. The groups keep ``max_momentum`` and
    ``base_momentum``, as torch's.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        max_lr (float or list): upper learning rate boundary in the cycle, for all groups or
            one per group.
        total_steps (int, optional): the total number of steps in the cycle; if not given,
            ``epochs * steps_per_epoch``. Default: ``None``.
        epochs (int, optional): the number of epochs to train for (with
            ``steps_per_epoch``, when ``total_steps`` is not given). Default: ``None``.
        steps_per_epoch (int, optional): the number of steps per epoch to train for.
            Default: ``None``.
        pct_start (float): the fraction of the cycle spent increasing the learning rate, a
            float in ``[0, 1]``. Default: ``0.3``.
        anneal_strategy (str): ``"cos"`` or ``"linear"`` annealing. Default: ``"cos"``.
        cycle_momentum (bool): cycle the momentum inversely to the learning rate between
            ``base_momentum`` and ``max_momentum``. Default: ``True``.
        base_momentum (float or list): lower momentum boundary in the cycle, for all groups
            or one per group. Default: ``0.85``.
        max_momentum (float or list): upper momentum boundary in the cycle, for all groups
            or one per group. Default: ``0.95``.
        div_factor (float): determines the initial learning rate, ``max_lr / div_factor``.
            Default: ``25``.
        final_div_factor (float): determines the minimum learning rate,
            ``initial_lr / final_div_factor``. Default: ``1e4``.
        three_phase (bool): use a third phase (see above) instead of two. Default:
            ``False``.
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Raises:
        ArgumentError: neither ``total_steps`` nor ``epochs`` and ``steps_per_epoch``, one
            of them not a positive int, ``pct_start`` not a float in ``[0, 1]``, an unknown
            ``anneal_strategy``, a list of another length than the groups,
            ``cycle_momentum`` with an optimizer without momentum, or a step past
            ``total_steps``.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0, momentum=0.9)
        >>> sched = et.optim.lr_scheduler.OneCycleLR(
        ...     opt, max_lr=1.0, total_steps=4, pct_start=0.5, anneal_strategy="linear",
        ...     div_factor=4.0, final_div_factor=2.0)
        >>> lrs = []
        >>> for batch in range(3):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [0.25, 1.0, 0.5625]
    """

    def __init__(
        self,
        optimizer: Any,
        max_lr: float | list[float],
        total_steps: int | None = None,
        epochs: int | None = None,
        steps_per_epoch: int | None = None,
        pct_start: float = 0.3,
        anneal_strategy: str = "cos",
        cycle_momentum: bool = True,
        base_momentum: float | list[float] = 0.85,
        max_momentum: float | list[float] = 0.95,
        div_factor: float = 25.0,
        final_div_factor: float = 1e4,
        three_phase: bool = False,
        last_epoch: int = -1,
    ) -> None:
        _check_optimizer(optimizer)
        self.optimizer = optimizer
        if total_steps is not None:
            if (
                isinstance(total_steps, bool)
                or not isinstance(total_steps, int)
                or total_steps <= 0
            ):
                raise ArgumentError(f"Expected positive integer total_steps, but got {total_steps}")
            self.total_steps = total_steps
        elif epochs is not None and steps_per_epoch is not None:
            for name, v in (("epochs", epochs), ("steps_per_epoch", steps_per_epoch)):
                if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
                    raise ArgumentError(f"Expected positive integer {name}, but got {v}")
            self.total_steps = epochs * steps_per_epoch
        else:
            raise ArgumentError(
                "You must define either total_steps OR (epochs AND steps_per_epoch)"
            )
        if not isinstance(pct_start, float) or not 0 <= pct_start <= 1:
            raise ArgumentError(f"Expected float between 0 and 1 pct_start, but got {pct_start}")
        if anneal_strategy not in ("cos", "linear"):
            raise ArgumentError(
                f"anneal_strategy must be one of 'cos' or 'linear', instead got {anneal_strategy}"
            )
        self.anneal_strategy = anneal_strategy
        n = self.total_steps
        up = float(pct_start * n) - 1
        if three_phase:
            self._phases = [
                (up, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                (
                    float(2 * pct_start * n) - 2,
                    "max_lr",
                    "initial_lr",
                    "base_momentum",
                    "max_momentum",
                ),
                (n - 1, "initial_lr", "min_lr", "max_momentum", "max_momentum"),
            ]
        else:
            self._phases = [
                (up, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                (n - 1, "max_lr", "min_lr", "base_momentum", "max_momentum"),
            ]
        max_lrs = _per_group("max_lr", optimizer, max_lr)
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            self.use_beta1 = _momentum_key(optimizer, "OneCycleLR")
            highs = _per_group("max_momentum", optimizer, max_momentum)
            lows = _per_group("base_momentum", optimizer, base_momentum)
            # momentum first: an optimizer that refuses it leaves every group as it was
            if last_epoch == -1:
                _start_momentum(optimizer, self.use_beta1, highs, lows)
        if last_epoch == -1:
            for high, group in zip(max_lrs, optimizer.param_groups, strict=True):
                group["initial_lr"] = high / div_factor
                group["max_lr"] = high
                group["min_lr"] = group["initial_lr"] / final_div_factor
        super().__init__(optimizer, last_epoch)

    def _anneal(self, start: float, end: float, pct: float) -> float:
        if self.anneal_strategy == "cos":
            return end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1)
        return (end - start) * pct + start

    def get_lr(self) -> list[float]:
        t = self.last_epoch
        if t > self.total_steps:
            raise ArgumentError(
                f"Tried to step {t} times. The specified number of total steps is "
                f"{self.total_steps}"
            )
        lrs = []
        for group in self.optimizer.param_groups:
            start = 0.0
            for i, (end, lr0, lr1, m0, m1) in enumerate(self._phases):
                if t <= end or i == len(self._phases) - 1:
                    pct = (t - start) / (end - start)
                    lrs.append(self._anneal(group[lr0], group[lr1], pct))
                    if self.cycle_momentum:
                        momentum = self._anneal(group[m0], group[m1], pct)
                        _set_momentum(group, self.use_beta1, momentum)
                    break
                start = end
        return lrs
