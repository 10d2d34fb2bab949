"""Learning-rate schedulers (``torch.optim.lr_scheduler``), on ``param_groups``' ``lr``."""

from __future__ import annotations

from typing import Any

__all__ = ["LRScheduler", "StepLR"]


class LRScheduler:
    """Base: ``step()`` advances ``last_epoch`` and sets each group's ``lr`` as torch's
    chainable form does; ``get_last_lr()`` returns what it set."""

    def __init__(self, optimizer: Any, last_epoch: int = -1) -> None:
        if not hasattr(optimizer, "param_groups"):
            raise TypeError(f"{type(optimizer).__name__} is not an optimizer")
        self.optimizer = optimizer
        if last_epoch != -1:
            raise ValueError("last_epoch other than -1 is not supported")
        for g in optimizer.param_groups:
            g.setdefault("initial_lr", g["lr"])
        self.base_lrs = [g["initial_lr"] for g in optimizer.param_groups]
        self.last_epoch = last_epoch
        self.step()

    def get_lr(self) -> list[float]:
        raise NotImplementedError

    def get_last_lr(self) -> list[float]:
        return list(self._last_lr)

    def step(self, epoch: int | None = None) -> None:
        if epoch is not None:
            raise ValueError("step(epoch) is deprecated in torch and not supported")
        self.last_epoch += 1
        for g, lr in zip(self.optimizer.param_groups, self.get_lr(), strict=True):
            g["lr"] = lr
        self._last_lr = [g["lr"] for g in self.optimizer.param_groups]

    def state_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "optimizer"}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)


class StepLR(LRScheduler):
    """Multiply each group's ``lr`` by ``gamma`` every ``step_size`` epochs."""

    def __init__(
        self, optimizer: Any, step_size: int, gamma: float = 0.1, last_epoch: int = -1
    ) -> None:
        if isinstance(step_size, bool) or not isinstance(step_size, int) or step_size <= 0:
            raise ValueError(f"step_size must be a positive int, got {step_size!r}")
        self.step_size = step_size
        self.gamma = float(gamma)
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        groups = self.optimizer.param_groups
        if self.last_epoch == 0 or self.last_epoch % self.step_size != 0:
            return [g["lr"] for g in groups]
        return [g["lr"] * self.gamma for g in groups]
