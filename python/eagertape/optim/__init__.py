"""Optimizers. Each validates its whole input before it changes any parameter, and updates
every parameter in one call into the Rust core (in place when no tape holds the snapshot).

torch's forms work too: parameter groups (``AdamW([{"params": decay, "weight_decay": 0.1},
{"params": no_decay, "weight_decay": 0.0}], lr=...)``), ``opt.param_groups[i]["lr"]``
(what schedulers set), ``opt.step()`` with no argument (the gradients ``loss.backward()``
left in ``p.grad``) and ``opt.zero_grad()``. A list of groups gives one core optimizer per
group behind one object; a plain iterable of parameters gives the core optimizer itself.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import Any

from .._core import SGD as _SGD
from .._core import Adam as _Adam
from .._core import AdamW as _AdamW
from .._core import Optimizer, Parameter, _grad_count
from .._errors import ArgumentError, GradError
from . import lr_scheduler

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "lr_scheduler"]

# torch arguments that change nothing here (implementation choices), accepted when left
# at torch's defaults.
_IGNORED = {"foreach": None, "fused": None, "capturable": False, "differentiable": False}
_REFUSED = {"amsgrad": False, "maximize": False}


def _torch_options(name: str, kwargs: dict[str, Any]) -> dict[str, Any]:
    for key, default in _IGNORED.items():
        value = kwargs.pop(key, default)
        if value not in (default, False, None):
            raise ArgumentError(f"{name}: {key}={value!r} is not supported")
    for key, default in _REFUSED.items():
        if kwargs.pop(key, default) != default:
            raise ArgumentError(f"{name}: {key}=True is not supported")
    return kwargs


class _Group(dict):
    """One entry of ``param_groups``: ``params`` and the hyperparameters; setting ``lr``
    sets it on the core optimizer that updates this group."""

    def __init__(self, opt: Optimizer, params: list[Parameter], hyper: Mapping[str, Any]):
        super().__init__(params=params, **hyper)
        # weak: the optimizer holds its groups; a strong reference back would be a cycle,
        # and the optimizer's state would then wait for the garbage collector
        self._opt = weakref.ref(opt)

    def __setitem__(self, key: str, value: Any) -> None:
        if key == "lr":
            opt = self._opt()
            if opt is not None:
                opt.lr = value  # validated by the core (finite, >= 0)
                value = opt.lr
        elif key != "params" and self.get(key) != value:
            raise ArgumentError(
                f"param_groups[...][{key!r}]: only lr can be changed after construction"
            )
        super().__setitem__(key, value)


def _items(params: Any) -> list[Any]:
    if isinstance(params, Parameter):
        return [params]
    if isinstance(params, Mapping):
        return [params]
    if hasattr(params, "parameters") and callable(params.parameters):
        params = params.parameters()  # a module (as the core optimizers accept)
    return list(params)


class _GroupedOptimizer:
    """torch's parameter groups: one core optimizer per group behind one object."""

    def __init__(self, core: type, groups: list[Mapping[str, Any]], defaults: dict[str, Any]):
        self.defaults = dict(defaults)
        self.param_groups: list[_Group] = []
        self._opts: list[Optimizer] = []
        seen: set[int] = set()
        for i, g in enumerate(groups):
            if "params" not in g:
                raise ArgumentError(f"parameter group {i} didn't specify a value of 'params'")
            params = _items(g["params"])
            for p in params:
                if not isinstance(p, Parameter):
                    raise TypeError(
                        f"parameter group {i}: expected et.Parameter objects, got "
                        f"{type(p).__name__}"
                    )
                if p.id in seen:
                    raise ArgumentError("some parameters appear in more than one parameter group")
                seen.add(p.id)
            hyper = {**self.defaults, **{k: v for k, v in g.items() if k != "params"}}
            opt = core(params, **hyper)
            self._opts.append(opt)
            self.param_groups.append(_Group(opt, params, hyper))

    @property
    def params(self) -> list[Parameter]:
        return [p for g in self.param_groups for p in g["params"]]

    @property
    def lr(self) -> float:
        return self.param_groups[0]["lr"]

    def step(self, grads: Any = None) -> None:
        """Update every group (``grads``: a GradMap; none: ``p.grad`` in the current
        session, which at least one parameter must have)."""
        if grads is not None:
            for opt in self._opts:
                opt.step(grads)
            return
        counts = [_grad_count(g["params"]) for g in self.param_groups]
        if sum(counts) == 0:
            raise GradError(
                f"{type(self._opts[0]).__name__}.step(): none of its parameters has a gradient: "
                "call loss.backward() in this session first"
            )
        for opt, n in zip(self._opts, counts, strict=True):
            if n:
                opt.step()

    def zero_grad(self, set_to_none: bool = True) -> None:
        for opt in self._opts:
            opt.zero_grad(set_to_none)

    def state_dict(self) -> dict[str, Any]:
        return {"groups": [opt.state_dict() for opt in self._opts]}

    def load_state_dict(self, state: Mapping[str, Any]) -> None:
        groups = state.get("groups") if isinstance(state, Mapping) else None
        if not isinstance(groups, list) or len(groups) != len(self._opts):
            raise ArgumentError(
                f"load_state_dict: expected the state of {len(self._opts)} parameter groups"
            )
        # Each core optimizer checks its whole state before it changes anything; a later
        # group's refusal puts the earlier groups back, so a refused load changes nothing.
        before = [opt.state_dict() for opt in self._opts]
        done = 0
        try:
            for opt, sd in zip(self._opts, groups, strict=True):
                opt.load_state_dict(sd)
                done += 1
        except Exception:
            for opt, sd in zip(self._opts[:done], before[:done], strict=True):
                opt.load_state_dict(sd)
            raise
        for g, opt in zip(self.param_groups, self._opts, strict=True):
            dict.__setitem__(g, "lr", opt.lr)

    def __repr__(self) -> str:
        return f"{type(self._opts[0]).__name__}({len(self.param_groups)} parameter groups)"


def _make(cls: type, core: type, params: Any, args: tuple, kwargs: dict[str, Any]) -> Any:
    kwargs = _torch_options(cls.__name__, dict(kwargs))
    items = _items(params)
    if items and all(isinstance(g, Mapping) for g in items):
        defaults = dict(kwargs)
        if args:
            defaults["lr"] = args[0]
            if len(args) > 1:
                raise TypeError(f"{cls.__name__}: pass hyperparameters by keyword with groups")
        return _GroupedOptimizer(cls, items, defaults)
    return core.__new__(cls, items, *args, **kwargs)


class _TorchForms:
    """``param_groups`` of a one-group optimizer (setting ``lr`` there sets it here)."""

    @property
    def param_groups(self) -> list[_Group]:
        groups = self.__dict__.get("_groups")
        if groups is None:
            hyper: dict[str, Any] = dict(self.state_dict()["hyper"])
            groups = self.__dict__["_groups"] = [_Group(self, list(self.params), hyper)]
        dict.__setitem__(groups[0], "lr", self.lr)
        return groups


class SGD(_TorchForms, _SGD):
    __doc__ = _SGD.__doc__

    def __new__(cls, params: Any, *args: Any, **kwargs: Any) -> Any:
        return _make(cls, _SGD, params, args, kwargs)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass


class Adam(_TorchForms, _Adam):
    __doc__ = _Adam.__doc__

    def __new__(cls, params: Any, *args: Any, **kwargs: Any) -> Any:
        return _make(cls, _Adam, params, args, kwargs)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass


class AdamW(_TorchForms, _AdamW):
    __doc__ = _AdamW.__doc__

    def __new__(cls, params: Any, *args: Any, **kwargs: Any) -> Any:
        return _make(cls, _AdamW, params, args, kwargs)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass
