"""The base ``LRScheduler``, the helpers the schedulers share, and the schedulers that
set each rate from the last one (``LambdaLR`` ... ``CosineAnnealingLR``)."""

from __future__ import annotations

import math
import types
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..._errors import ArgumentError


def _lrs(optimizer: Any) -> list[float]:
    return [float(g["lr"]) for g in optimizer.param_groups]


def _check_optimizer(optimizer: Any) -> None:
    if not hasattr(optimizer, "param_groups"):
        raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")


def _per_group(name: str, optimizer: Any, value: Any) -> list[float]:
    """``value`` for each group: one number for all, or a list with one per group."""
    n = len(optimizer.param_groups)
    if isinstance(value, list | tuple):
        if len(value) != n:
            raise ArgumentError(f"expected {n} values for {name}, got {len(value)}")
        return [float(v) for v in value]
    return [float(value)] * n


class LRScheduler:
    """Adjusts the learning rate of each parameter group of an optimizer during training.

    The base of the schedulers, as ``torch.optim.lr_scheduler.LRScheduler``. The constructor
    keeps each group's ``initial_lr`` (set from its ``lr`` when ``last_epoch`` is -1) in
    ``base_lrs`` and takes the first step (epoch 0); each later ``step()`` advances
    ``last_epoch`` and sets every group's ``lr`` to what ``get_lr()`` computes, in torch's
    chainable form (from the groups' current rates, so schedulers stepping the same optimizer
    compose their effects). Setting a group's ``lr`` sets the eagertape optimizer's learning
    rate, which must be finite and non-negative (``ConfigError`` otherwise). Call ``step()``
    after ``optimizer.step()``, once per epoch (once per batch for ``CyclicLR`` and
    ``OneCycleLR``). Subclasses implement ``get_lr()``.

    Args:
        optimizer (Optimizer): the wrapped optimizer (anything with torch's ``param_groups``;
            ``TypeError`` otherwise).
        last_epoch (int): the index of the last epoch. ``-1`` starts the schedule; a value
            ``>= 0`` resumes one and needs each group's ``initial_lr`` (load the optimizer's
            state first; ``KeyError`` otherwise, as torch). Default: ``-1``.
    """

    _is_initial: bool = False

    def __init__(self, optimizer: Any, last_epoch: int = -1) -> None:
        _check_optimizer(optimizer)
        self.optimizer = optimizer
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", group["lr"])
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(
                        f"param 'initial_lr' is not specified in param_groups[{i}] when "
                        "resuming a scheduler with last_epoch >= 0 (load the optimizer's "
                        "state first)"
                    )
        self.base_lrs = [g["initial_lr"] for g in optimizer.param_groups]
        self.last_epoch = last_epoch
        self._initial_step()

    def _initial_step(self) -> None:
        self._step_count = 0
        self._is_initial = True
        try:
            self.step()
        finally:
            self._is_initial = False

    def get_lr(self) -> list[float]:
        """Computes the learning rate of each parameter group at the current ``last_epoch``.

        ``step()`` calls it and sets the groups' ``lr`` to the result. Most schedulers
        compute it from the groups' current ``lr`` (torch's chainable form), and ``CyclicLR``
        and ``OneCycleLR`` also set the groups' momentum here, so advance the schedule with
        ``step()`` rather than calling this; read the rates with ``get_last_lr()``. The base
        class raises ``NotImplementedError``.

        Returns:
            list[float]: one learning rate per parameter group.
        """
        raise NotImplementedError

    def get_last_lr(self) -> list[float]:
        """Returns the last learning rates computed by the scheduler.

        Returns:
            list[float]: the ``lr`` of each parameter group after the last step (a copy).
        """
        return list(self._last_lr)

    def step(self, epoch: int | None = None) -> None:
        """Advances the schedule by one epoch and sets each parameter group's ``lr``.

        Args:
            epoch (int, optional): deprecated in torch (no warning here): set ``last_epoch``
                to ``epoch`` instead of advancing it, and compute the rates in the schedule's
                closed form where it has one (``StepLR``, ``MultiStepLR``, ``ConstantLR``,
                ``LinearLR``, ``ExponentialLR``, ``PolynomialLR``, ``CosineAnnealingLR``),
                else with ``get_lr()``. Default: ``None``.
        """
        self._step_count += 1
        self._update_lr(epoch)

    def _update_lr(self, epoch: int | None = None) -> None:
        if epoch is None:
            self.last_epoch += 1
            values = self.get_lr()
        else:
            self.last_epoch = epoch
            closed = getattr(self, "_closed_form", None)
            values = closed() if closed is not None else self.get_lr()
        for group, lr in zip(self.optimizer.param_groups, values, strict=True):
            group["lr"] = lr
        self._last_lr = _lrs(self.optimizer)

    def state_dict(self) -> dict[str, Any]:
        """Returns the state of the scheduler as a dict.

        It holds every attribute of the scheduler but the optimizer, as torch's. Functions
        (``LambdaLR``'s and ``MultiplicativeLR``'s ``lr_lambda``, ``CyclicLR``'s
        ``scale_fn``) are saved as a callable object's ``__dict__``, or ``None`` for a plain
        function or lambda; ``SequentialLR`` and ``ChainedScheduler`` hold their schedulers'
        state dicts.

        Returns:
            dict: the state, for ``load_state_dict``.
        """
        return {k: v for k, v in self.__dict__.items() if k != "optimizer"}

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        """Loads the scheduler's state.

        The groups' ``lr`` do not change until the next step: load the optimizer's state too
        (its ``param_groups`` hold the current rates), as with torch.

        Args:
            state_dict (dict): scheduler state, as returned by ``state_dict()`` of a scheduler
                of the same class (and the same functions, for the saved ones).
        """
        self.__dict__.update(state_dict)


class _LambdaState(LRScheduler):
    """What ``LambdaLR`` and ``MultiplicativeLR`` share: one function per group, saved as
    torch saves them (a callable object's ``__dict__``; a plain function as None)."""

    def __init__(self, optimizer: Any, lr_lambda: Any, last_epoch: int = -1) -> None:
        _check_optimizer(optimizer)
        self._lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def _lambdas(self, optimizer: Any, lr_lambda: Any) -> None:
        if isinstance(lr_lambda, list | tuple):
            if len(lr_lambda) != len(optimizer.param_groups):
                raise ArgumentError(
                    f"expected {len(optimizer.param_groups)} lr_lambdas, got {len(lr_lambda)}"
                )
            self.lr_lambdas = list(lr_lambda)
        else:
            self.lr_lambdas = [lr_lambda] * len(optimizer.param_groups)
        for fn in self.lr_lambdas:
            if not callable(fn):
                raise TypeError(f"lr_lambda should be a function, got {type(fn).__name__}")

    def state_dict(self) -> dict[str, Any]:
        state = {k: v for k, v in self.__dict__.items() if k not in ("optimizer", "lr_lambdas")}
        state["lr_lambdas"] = [
            None if isinstance(fn, types.FunctionType) else dict(fn.__dict__)
            for fn in self.lr_lambdas
        ]
        return state

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        state = dict(state_dict)
        lambdas = state.pop("lr_lambdas")
        self.__dict__.update(state)
        for fn, saved in zip(self.lr_lambdas, lambdas, strict=True):
            if saved is not None:
                fn.__dict__.update(saved)


class LambdaLR(_LambdaState):
    """Sets the learning rate of each parameter group to the initial lr times a given function.

    ``lr = initial_lr * lr_lambda(last_epoch)``; when ``last_epoch`` is -1, the initial lr
    is the group's ``lr``.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        lr_lambda (function or list): a function which computes a multiplicative factor given
            an integer parameter epoch, or a list of such functions, one for each group in
            ``optimizer.param_groups``.
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Raises:
        ArgumentError: a list of ``lr_lambda`` whose length is not the number of groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> sched = et.optim.lr_scheduler.LambdaLR(opt, lr_lambda=lambda epoch: 0.5**epoch)
        >>> lrs = []
        >>> for epoch in range(4):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [1.0, 0.5, 0.25, 0.125]
    """

    def get_lr(self) -> list[float]:
        return [
            base * fn(self.last_epoch)
            for fn, base in zip(self.lr_lambdas, self.base_lrs, strict=True)
        ]


class MultiplicativeLR(_LambdaState):
    """Multiplies the learning rate of each parameter group by the factor a given function returns.

    ``lr = lr * lr_lambda(last_epoch)`` at every step after the constructor's (which leaves
    the rate as it is).

    Args:
        optimizer (Optimizer): wrapped optimizer.
        lr_lambda (function or list): a function which computes a multiplicative factor given
            an integer parameter epoch, or a list of such functions, one for each group in
            ``optimizer.param_groups``.
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Raises:
        ArgumentError: a list of ``lr_lambda`` whose length is not the number of groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> sched = et.optim.lr_scheduler.MultiplicativeLR(opt, lr_lambda=lambda epoch: 0.5)
        >>> lrs = []
        >>> for epoch in range(4):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [1.0, 0.5, 0.25, 0.125]
    """

    def get_lr(self) -> list[float]:
        if self._is_initial:
            return _lrs(self.optimizer)
        return [
            g["lr"] * fn(self.last_epoch)
            for fn, g in zip(self.lr_lambdas, self.optimizer.param_groups, strict=True)
        ]


class StepLR(LRScheduler):
    """Decays the learning rate of each parameter group by gamma every step_size epochs.

    Such decay can happen simultaneously with other changes to the learning rate from
    outside this scheduler.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        step_size (int): period of learning rate decay (a positive int).
        gamma (float): multiplicative factor of learning rate decay. Default: ``0.1``.
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Raises:
        ArgumentError: ``step_size`` not a positive int.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> sched = et.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
        >>> lrs = []
        >>> for epoch in range(5):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [1.0, 1.0, 0.5, 0.5, 0.25]
    """

    def __init__(
        self, optimizer: Any, step_size: int, gamma: float = 0.1, last_epoch: int = -1
    ) -> None:
        if isinstance(step_size, bool) or not isinstance(step_size, int) or step_size <= 0:
            raise ArgumentError(f"step_size must be a positive int, got {step_size!r}")
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        if self.last_epoch == 0 or self.last_epoch % self.step_size != 0:
            return _lrs(self.optimizer)
        return [g["lr"] * self.gamma for g in self.optimizer.param_groups]

    def _closed_form(self) -> list[float]:
        return [b * self.gamma ** (self.last_epoch // self.step_size) for b in self.base_lrs]


class MultiStepLR(LRScheduler):
    """Decays the learning rate of each parameter group by gamma at each milestone epoch.

    A milestone listed twice decays the rate twice there. Such decay can happen
    simultaneously with other changes to the learning rate from outside this scheduler.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        milestones (list): list of epoch indices.
        gamma (float): multiplicative factor of learning rate decay. Default: ``0.1``.
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> sched = et.optim.lr_scheduler.MultiStepLR(opt, milestones=[1, 3], gamma=0.5)
        >>> lrs = []
        >>> for epoch in range(5):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [1.0, 0.5, 0.5, 0.25, 0.25]
    """

    def __init__(
        self, optimizer: Any, milestones: Iterable[int], gamma: float = 0.1, last_epoch: int = -1
    ) -> None:
        self.milestones = Counter(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        if self.last_epoch not in self.milestones:
            return _lrs(self.optimizer)
        k = self.milestones[self.last_epoch]
        return [g["lr"] * self.gamma**k for g in self.optimizer.param_groups]

    def _closed_form(self) -> list[float]:
        passed = bisect_right(sorted(self.milestones.elements()), self.last_epoch)
        return [b * self.gamma**passed for b in self.base_lrs]


class ConstantLR(LRScheduler):
    """Multiplies the learning rate of each parameter group by a constant factor until total_iters.

    ``lr = initial_lr * factor`` for epochs ``0 .. total_iters - 1``, then ``initial_lr``.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        factor (float): the number the learning rate is multiplied by until the milestone,
            in ``[0, 1]``. Default: ``1/3``.
        total_iters (int): the number of steps that the scheduler multiplies the learning
            rate by the factor. Default: ``5``.
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Raises:
        ArgumentError: ``factor`` outside ``[0, 1]``.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> sched = et.optim.lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=2)
        >>> lrs = []
        >>> for epoch in range(4):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [0.5, 0.5, 1.0, 1.0]
    """

    def __init__(
        self, optimizer: Any, factor: float = 1.0 / 3, total_iters: int = 5, last_epoch: int = -1
    ) -> None:
        if not 0 <= factor <= 1.0:
            raise ArgumentError("Constant multiplicative factor expected to be between 0 and 1.")
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        groups = self.optimizer.param_groups
        if self.last_epoch == 0:
            return [g["lr"] * self.factor for g in groups]
        if self.last_epoch != self.total_iters:
            return _lrs(self.optimizer)
        return [g["lr"] * (1.0 / self.factor) for g in groups]

    def _closed_form(self) -> list[float]:
        done = self.last_epoch >= self.total_iters
        return [b * (self.factor + done * (1 - self.factor)) for b in self.base_lrs]


class LinearLR(LRScheduler):
    """Decays the learning rate of each parameter group by a linearly changing factor.

    The factor goes linearly from ``start_factor`` at epoch 0 to ``end_factor`` at epoch
    ``total_iters`` and stays there.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        start_factor (float): the number the learning rate is multiplied by in the first
            epoch, in ``(0, 1]``. Default: ``1/3``.
        end_factor (float): the number the learning rate is multiplied by at the end of the
            linear change, in ``[0, 1]``. Default: ``1.0``.
        total_iters (int): the number of iterations over which the factor changes. Default:
            ``5``.
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Raises:
        ArgumentError: ``start_factor`` outside ``(0, 1]`` or ``end_factor`` outside
            ``[0, 1]``.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> sched = et.optim.lr_scheduler.LinearLR(opt, start_factor=0.25, total_iters=3)
        >>> lrs = []
        >>> for epoch in range(5):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [0.25, 0.5, 0.75, 1.0, 1.0]
    """

    def __init__(
        self,
        optimizer: Any,
        start_factor: float = 1.0 / 3,
        end_factor: float = 1.0,
        total_iters: int = 5,
        last_epoch: int = -1,
    ) -> None:
        if not 0 < start_factor <= 1.0:
            raise ArgumentError(
                "Starting multiplicative factor expected to be greater than 0 and less or "
                "equal to 1."
            )
        if not 0 <= end_factor <= 1.0:
            raise ArgumentError("Ending multiplicative factor expected to be between 0 and 1.")
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        groups = self.optimizer.param_groups
        if self.last_epoch == 0:
            return [g["lr"] * self.start_factor for g in groups]
        if self._is_initial or self.last_epoch > self.total_iters:
            return _lrs(self.optimizer)
        span = self.end_factor - self.start_factor
        ratio = 1.0 + span / (self.total_iters * self.start_factor + (self.last_epoch - 1) * span)
        return [g["lr"] * ratio for g in groups]

    def _closed_form(self) -> list[float]:
        span = self.end_factor - self.start_factor
        done = min(self.total_iters, self.last_epoch)
        return [b * (self.start_factor + span * done / self.total_iters) for b in self.base_lrs]


class ExponentialLR(LRScheduler):
    """Decays the learning rate of each parameter group by gamma every epoch.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        gamma (float): multiplicative factor of learning rate decay.
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> sched = et.optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
        >>> lrs = []
        >>> for epoch in range(4):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [1.0, 0.5, 0.25, 0.125]
    """

    def __init__(self, optimizer: Any, gamma: float, last_epoch: int = -1) -> None:
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        if self._is_initial:
            return _lrs(self.optimizer)
        return [g["lr"] * self.gamma for g in self.optimizer.param_groups]

    def _closed_form(self) -> list[float]:
        return [b * self.gamma**self.last_epoch for b in self.base_lrs]


class PolynomialLR(LRScheduler):
    """Decays the learning rate of each parameter group with a polynomial over total_iters epochs.

    ``lr = initial_lr * (1 - min(epoch, total_iters) / total_iters) ** power``.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        total_iters (int): the number of steps that the scheduler decays the learning rate.
            Default: ``5``.
        power (float): the power of the polynomial. Default: ``1.0``.
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> sched = et.optim.lr_scheduler.PolynomialLR(opt, total_iters=4, power=1.0)
        >>> lrs = []
        >>> for epoch in range(6):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [1.0, 0.75, 0.5, 0.25, 0.0, 0.0]
    """

    def __init__(
        self, optimizer: Any, total_iters: int = 5, power: float = 1.0, last_epoch: int = -1
    ) -> None:
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        if self._is_initial or self.last_epoch > self.total_iters:
            return _lrs(self.optimizer)
        n, t = self.total_iters, self.last_epoch
        decay = ((1.0 - t / n) / (1.0 - (t - 1) / n)) ** self.power
        return [g["lr"] * decay for g in self.optimizer.param_groups]

    def _closed_form(self) -> list[float]:
        left = 1.0 - min(self.total_iters, self.last_epoch) / self.total_iters
        return [b * left**self.power for b in self.base_lrs]


class CosineAnnealingLR(LRScheduler):
    """Set the learning rate of each parameter group using a cosine annealing schedule.

    The closed form is ``lr = eta_min + (initial_lr - eta_min) * (1 + cos(pi * epoch /
    T_max)) / 2``; steps compute it in torch's recursive form, which after ``T_max`` epochs
    rises back towards ``initial_lr`` (a period of ``2 * T_max``), as torch's does.

    Args:
        optimizer (Optimizer): wrapped optimizer.
        T_max (int): maximum number of iterations (half the period).
        eta_min (float): minimum learning rate. Default: ``0.0``.
        last_epoch (int): the index of the last epoch (``-1``: start). Default: ``-1``.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> opt = et.optim.SGD([et.Parameter(np.zeros(2))], lr=1.0)
        >>> sched = et.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=2)
        >>> lrs = []
        >>> for epoch in range(3):
        ...     lrs.append(sched.get_last_lr()[0])
        ...     sched.step()
        >>> lrs
        [1.0, 0.5, 0.0]
    """

    def __init__(
        self, optimizer: Any, T_max: int, eta_min: float = 0.0, last_epoch: int = -1
    ) -> None:
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        groups = self.optimizer.param_groups
        t, n, low = self.last_epoch, self.T_max, self.eta_min
        if self._is_initial:
            return _lrs(self.optimizer)
        if self._step_count == 1 and t > 0:
            return [low + (b - low) * (1 + math.cos(t * math.pi / n)) / 2 for b in self.base_lrs]
        if (t - 1 - n) % (2 * n) == 0:
            return [
                g["lr"] + (b - low) * (1 - math.cos(math.pi / n)) / 2
                for b, g in zip(self.base_lrs, groups, strict=True)
            ]
        ratio = (1 + math.cos(math.pi * t / n)) / (1 + math.cos(math.pi * (t - 1) / n))
        return [ratio * (g["lr"] - low) + low for g in groups]

    def _closed_form(self) -> list[float]:
        t, n, low = self.last_epoch, self.T_max, self.eta_min
        return [low + (b - low) * (1 + math.cos(math.pi * t / n)) / 2 for b in self.base_lrs]
