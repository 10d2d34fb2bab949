"""Optimizers. Each validates its whole input before it changes any parameter, and updates
every parameter in one call into the Rust core (in place when no tape holds the snapshot).

torch's forms work too: parameter groups (``AdamW([{"params": decay, "weight_decay": 0.1},
{"params": no_decay, "weight_decay": 0.0}], lr=...)``), ``opt.param_groups[i]["lr"]``
(what schedulers set), ``opt.step()`` with no argument (the gradients ``loss.backward()``
left in ``p.grad``) and ``opt.zero_grad()``. A list of groups gives one core optimizer per
group behind one object; a plain iterable of parameters gives the core optimizer itself.
"""

from __future__ import annotations

import weakref as _weakref
from collections.abc import Mapping
from typing import Any

import numpy as _np

from .._core import _OPTIMIZER_SIGNATURES, Optimizer, Parameter, _grad_count
from .._core import LBFGS as _LBFGS
from .._core import _TorchOptimizer as _Core
from .._errors import ArgumentError, ConfigError, GradError
from . import _layout, lr_scheduler

__all__ = [
    "Optimizer",
    "SGD",
    "Adam",
    "AdamW",
    "RMSprop",
    "Adagrad",
    "Adadelta",
    "Adamax",
    "NAdam",
    "RAdam",
    "ASGD",
    "Rprop",
    "LBFGS",
    "lr_scheduler",
]

# torch arguments that change nothing here (implementation choices), accepted when left
# at torch's defaults.
_IGNORED = {"fused": None, "capturable": False, "differentiable": False}


def _torch_options(name: str, kwargs: dict[str, Any]) -> dict[str, Any]:
    # foreach picks torch's multi-tensor kernels: the same updates, so any value is taken.
    foreach = kwargs.pop("foreach", None)
    if foreach not in (None, True, False):
        raise ArgumentError(f"{name}: foreach must be a bool or None, got {foreach!r}")
    for key, default in _IGNORED.items():
        value = kwargs.pop(key, default)
        if value not in (default, False, None):
            raise ArgumentError(f"{name}: {key}={value!r} is not supported")
    return kwargs


class _Group(dict[str, Any]):
    """One entry of ``param_groups``: ``params`` and the options under torch's keys. Setting
    ``lr`` or another option of the core optimizer (``momentum``, ``betas``, ...: what
    ``CyclicLR`` and ``OneCycleLR`` cycle) sets it there, checked as at construction; other
    keys (``initial_lr``, ``max_lr``, ...) are kept as given, as torch keeps them."""

    def __init__(self, opt: Optimizer, params: list[Parameter], hyper: Mapping[str, Any]):
        super().__init__(params=params, **hyper)
        # weak: the optimizer holds its groups; a strong reference back would be a cycle,
        # and the optimizer's state would then wait for the garbage collector
        self._opt = _weakref.ref(opt)

    def __setitem__(self, key: str, value: Any) -> None:
        opt = self._opt()
        if key == "lr":
            if opt is not None:
                opt.lr = value  # validated by the core (finite, >= 0)
                value = opt.lr
        elif key == "params":
            if self.get(key) is not None and list(value) != list(self[key]):
                raise ArgumentError("param_groups[...]['params'] cannot be replaced")
        elif opt is not None:
            names = list(opt._hyper())
            flat = _layout.flat_hyper({key: value}, names)
            if flat:
                opt._set_hyper(list(flat.items()))
            elif key in ("capturable", "differentiable", "fused") and value not in (None, False):
                raise ArgumentError(f"param_groups[...][{key!r}] = {value!r} is not supported")
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
        self._core = core
        # torch's defaults: every option, the class's where none was given (read off a
        # core made with the given ones for a one-element stand-in parameter)
        probe = core([Parameter(_np.zeros(1))], **defaults)
        self.defaults = {**_layout.torch_hyper(probe._hyper()), **defaults}
        self.param_groups: list[_Group] = []
        self._opts: list[Optimizer] = []
        for g in groups:
            self._add(g)

    def _add(self, g: Mapping[str, Any]) -> None:
        i = len(self.param_groups)
        if not isinstance(g, Mapping):
            raise TypeError(f"parameter group {i} must be a dict, got {type(g).__name__}")
        if "params" not in g:
            raise ArgumentError(f"parameter group {i} didn't specify a value of 'params'")
        params = _items(g["params"])
        seen = {p.id for group in self.param_groups for p in group["params"]}
        for p in params:
            if not isinstance(p, Parameter):
                raise TypeError(
                    f"parameter group {i}: expected et.Parameter objects, got {type(p).__name__}"
                )
            if p.id in seen:
                raise ArgumentError("some parameters appear in more than one parameter group")
            seen.add(p.id)
        hyper = {**self.defaults, **{k: v for k, v in g.items() if k != "params"}}
        opt = self._core(params, **hyper)
        self._opts.append(opt)
        self.param_groups.append(_Group(opt, params, hyper))

    def add_param_group(self, param_group: Mapping[str, Any]) -> None:
        """torch's ``add_param_group``: a new group, its missing options the defaults'
        (checked as at construction; nothing changes on error)."""
        self._add(param_group)

    @property
    def params(self) -> list[Parameter]:
        return [p for g in self.param_groups for p in g["params"]]

    @property
    def lr(self) -> float:
        lr: float = self.param_groups[0]["lr"]
        return lr

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
        """torch's layout (see ``_layout``): ``state`` by parameter index, ``param_groups``
        with each group's options and parameter indices; values are torch tensors."""
        return _layout.torch_state_dict(list(zip(self._opts, self.param_groups, strict=True)))

    def load_state_dict(self, state_dict: Mapping[str, Any]) -> None:
        """torch's layout (a ``torch.optim`` state dict of the same groups loads), or the
        cores' own (``{"groups": [...]}``, as checkpoints store it); all or nothing."""
        if isinstance(state_dict, Mapping) and "groups" in state_dict:
            self._load_state_dict(state_dict)
            return
        _layout.load_torch_state_dict(
            list(zip(self._opts, self.param_groups, strict=True)), state_dict
        )

    def _state_dict(self) -> dict[str, Any]:
        return {"groups": [opt._state_dict() for opt in self._opts]}

    def _load_state_dict(self, state: Mapping[str, Any]) -> None:
        groups = state.get("groups") if isinstance(state, Mapping) else None
        if not isinstance(groups, list) or len(groups) != len(self._opts):
            raise ArgumentError(
                f"load_state_dict: expected the state of {len(self._opts)} parameter groups"
            )
        # Each core optimizer checks its whole state before it changes anything; a later
        # group's refusal puts the earlier groups back, so a refused load changes nothing.
        before = [opt._state_dict() for opt in self._opts]
        done = 0
        try:
            for opt, sd in zip(self._opts, groups, strict=True):
                opt._load_state_dict(sd)
                done += 1
        except Exception:
            for opt, sd in zip(self._opts[:done], before[:done], strict=True):
                opt._load_state_dict(sd)
            raise
        for g, opt in zip(self.param_groups, self._opts, strict=True):
            dict.__setitem__(g, "lr", opt.lr)

    def __repr__(self) -> str:
        return f"{type(self._opts[0]).__name__}({len(self.param_groups)} parameter groups)"


# Every optimizer's torch signature after ``params``, declared once in the core
# (``src/optim/signature.rs``): ``{kind: ((name, default, members), ...)}``, a pair's
# ``members`` its two hyperparameter names.
_SIGNATURES = _OPTIMIZER_SIGNATURES


def _number(cls: str, name: str, value: Any) -> float:
    # torch compares the value with numbers first: a string is its TypeError too
    if isinstance(value, str | bytes):
        raise TypeError(f"{cls}: {name} must be a number, got {value!r}")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise TypeError(f"{cls}: {name} must be a number, got {value!r}") from None


def _bind(cls: type, params: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """torch's signature of ``cls`` (the core's, for its ``_KIND``) bound and flattened into
    the core's hyperparameters (pairs as two numbers, flags as 0 or 1, ``maximize`` last)."""
    kind = cls._KIND  # type: ignore[attr-defined]  # every subclass of _Forms sets it
    name = cls.__name__
    signature = _SIGNATURES[kind]
    kwargs = dict(kwargs)
    # Adam/AdamW(fused=True): torch's one-pass kernel (its rounding, not the single-tensor
    # order's); None and False are the default path.
    fused = kwargs.pop("fused", None) if kind in ("Adam", "AdamW") else None
    if fused not in (None, True, False):
        raise ArgumentError(f"{name}: fused must be a bool or None, got {fused!r}")
    maximize = kwargs.pop("maximize", False)
    kwargs = _torch_options(name, kwargs)
    names = [arg[0] for arg in signature]
    if len(args) > len(names):
        raise TypeError(f"{name}() takes at most {len(names)} hyperparameters positionally")
    given = dict(zip(names, args, strict=False))
    for key, value in kwargs.items():
        if key not in names:
            raise TypeError(f"{name}() got an unexpected keyword argument {key!r}")
        if key in given:
            raise TypeError(f"{name}() got multiple values for argument {key!r}")
        given[key] = value
    items = _items(params)
    if items and all(isinstance(g, Mapping) for g in items):
        defaults = {**given, "maximize": maximize}
        if fused:
            defaults["fused"] = True
        return _GroupedOptimizer(cls, items, defaults)
    hyper: list[tuple[str, float]] = []
    for arg, default, members in signature:
        value = given.get(arg, default)
        if members:
            try:
                first, second = value
            except (TypeError, ValueError):
                raise ConfigError(f"{name}: {arg} must be a pair, got {value!r}") from None
            hyper += [
                (members[0], _number(name, arg, first)),
                (members[1], _number(name, arg, second)),
            ]
        else:
            hyper.append((arg, _number(name, arg, value)))
    hyper.append(("maximize", _number(name, "maximize", maximize)))
    return _Core.__new__(cls, kind, items, hyper, bool(fused))


class _Forms(_Core):
    """torch.optim's constructor (its signature and defaults in torch's order, declared by
    the core: ``_SIGNATURES[_KIND]``; ``maximize`` and ``foreach`` accepted,
    ``capturable``/``differentiable``/``fused`` refused unless left at their defaults, but
    ``fused`` on Adam and AdamW) and torch's forms on a one-group optimizer:
    ``param_groups`` (setting ``lr`` there sets it here) and ``state_dict`` in torch's
    layout."""

    _KIND = ""

    def __new__(cls, params: Any, *args: Any, **kwargs: Any) -> Any:
        return _bind(cls, params, args, kwargs)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        pass

    @property
    def param_groups(self) -> list[_Group]:
        groups = self.__dict__.get("_groups")
        if groups is None:
            hyper = _layout.torch_hyper(self._hyper())
            groups = self.__dict__["_groups"] = [_Group(self, list(self.params), hyper)]
        dict.__setitem__(groups[0], "lr", self.lr)
        return groups

    @property
    def defaults(self) -> dict[str, Any]:
        """torch's ``defaults``: the options under torch's keys."""
        return _layout.torch_hyper(self._hyper())

    def add_param_group(self, param_group: Mapping[str, Any]) -> None:
        raise ArgumentError(
            f"add_param_group: this {type(self).__name__} was made from a list of parameters "
            "(one core optimizer); make it from a list of parameter groups, e.g. "
            f"{type(self).__name__}([{{'params': params}}], ...), to add groups later"
        )

    def state_dict(self) -> dict[str, Any]:
        """torch's layout (see ``_layout``): ``state`` by parameter index, ``param_groups``
        with the options and parameter indices; values are torch tensors."""
        return _layout.torch_state_dict([(self, self.param_groups[0])])

    def load_state_dict(self, state_dict: Mapping[str, Any]) -> None:
        """torch's layout (a ``torch.optim`` state dict of the same optimizer loads), or
        the core's own (``type``/``hyper``/``state``, as checkpoints store it). Everything is
        checked before anything changes."""
        if isinstance(state_dict, Mapping) and "type" in state_dict:
            self._load_state_dict(dict(state_dict))
            return
        _layout.load_torch_state_dict([(self, self.param_groups[0])], state_dict)


class SGD(_Forms):
    """Implements stochastic gradient descent (optionally with momentum).

    torch.optim.SGD's update of each parameter ``p`` with gradient ``g`` (negated first under
    ``maximize``); the momentum buffer ``b`` starts as the first step's ``g``:

    ```text
    g = g + weight_decay * p
    b = momentum * b + (1 - dampening) * g                (when momentum != 0)
    g = g + momentum * b (nesterov), or g = b             (when momentum != 0)
    p = p - lr * g
    ```

    ``step()`` reads the gradients ``loss.backward()`` left in ``p.grad`` in the current
    session (at least one parameter must have one, else ``et.GradError``); ``step(grads)``
    takes an ``et.GradMap`` instead. Every input is checked before any parameter changes, and
    a parameter whose snapshot no live tape holds is updated in place. ``state_dict()`` uses
    torch's layout (values as torch tensors). The state holds a momentum buffer only when
    ``momentum`` is non-zero, so ``momentum`` cannot be switched between zero and non-zero
    after construction (``ConfigError``).

    Args:
        params (iterable): the parameters to optimize: ``et.Parameter`` objects (or a module,
            whose ``parameters()`` are taken; a repeated parameter counts once), or a list of
            dicts defining parameter groups (each with a ``"params"`` entry; its other keys
            override the options below for that group).
        lr (float): learning rate. Default: ``1e-3``.
        momentum (float): momentum factor. Default: ``0``.
        dampening (float): dampening for momentum. Default: ``0``.
        weight_decay (float): weight decay (L2 penalty). Default: ``0``.
        nesterov (bool): enables Nesterov momentum (needs ``momentum > 0`` and zero
            ``dampening``). Default: ``False``.
        maximize (bool, keyword-only): maximize the objective instead of minimizing it.
            Default: ``False``.
        foreach (bool, optional): torch's choice of multi-tensor kernels; accepted and ignored
            (the update is the same). Default: ``None``.
        differentiable (bool): accepted only as ``False`` (the step is not differentiated
            through). Default: ``False``.
        fused (bool, optional): accepted only as ``None`` or ``False``. Default: ``None``.

    Raises:
        ConfigError: a hyperparameter that is not finite or out of range (a negative ``lr``,
            ``momentum`` or ``weight_decay``; ``nesterov`` without momentum or with
            dampening), or no parameters.
        ArgumentError: ``differentiable`` or ``fused`` other than their defaults, or a
            parameter in two groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> w = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
        >>> opt = et.optim.SGD([w], lr=0.25)
        >>> with et.Session():
        ...     opt.zero_grad()
        ...     (w * w).sum().backward()
        ...     opt.step()
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [0.5, 1.0]
    """

    _KIND = "SGD"


class Adam(_Forms):
    """Implements Adam algorithm.

    torch.optim.Adam's update of each parameter ``p`` with gradient ``g`` (negated first under
    ``maximize``) at step ``t``:

    ```text
    g = g + weight_decay * p                              (L2 penalty)
    m = beta1 * m + (1 - beta1) * g
    v = beta2 * v + (1 - beta2) * g**2
    v_max = max(v_max, v)                                 (amsgrad: used in place of v)
    p = p - lr / (1 - beta1**t) * m / (sqrt(v) / sqrt(1 - beta2**t) + eps)
    ```

    ``step()`` reads the gradients ``loss.backward()`` left in ``p.grad`` in the current
    session (at least one parameter must have one, else ``et.GradError``); ``step(grads)``
    takes an ``et.GradMap`` instead. Every input is checked before any parameter changes, and
    a parameter whose snapshot no live tape holds is updated in place. ``state_dict()`` uses
    torch's layout (values as torch tensors).

    torch 2.11's ``decoupled_weight_decay`` keyword is not accepted: use
    `eagertape.optim.AdamW`.

    Args:
        params (iterable): the parameters to optimize: ``et.Parameter`` objects (or a module,
            whose ``parameters()`` are taken; a repeated parameter counts once), or a list of
            dicts defining parameter groups (each with a ``"params"`` entry; its other keys
            override the options below for that group).
        lr (float): learning rate. Default: ``1e-3``.
        betas (Tuple[float, float]): coefficients for the running averages of the gradient
            and its square (any sequence of two floats, each in ``[0, 1)``). Default:
            ``(0.9, 0.999)``.
        eps (float): term added to the denominator for numerical stability. Default:
            ``1e-8``.
        weight_decay (float): weight decay (L2 penalty). Default: ``0``.
        amsgrad (bool): use the AMSGrad variant (the running maximum of ``v``). Default:
            ``False``.
        foreach (bool, optional): torch's choice of multi-tensor kernels; accepted and ignored
            (the update is the same). Default: ``None``.
        maximize (bool, keyword-only): maximize the objective instead of minimizing it.
            Default: ``False``.
        capturable (bool): accepted only as ``False``. Default: ``False``.
        differentiable (bool): accepted only as ``False`` (the step is not differentiated
            through). Default: ``False``.
        fused (bool, optional): ``True`` runs torch's one-pass kernel (``_fused_adam_``, one
            call over every parameter, with its rounding, as torch's ``fused=True``);
            ``None`` or ``False`` the composed single-tensor update. Default: ``None``.

    Raises:
        ConfigError: a hyperparameter that is not finite or out of range (a negative ``lr``,
            ``eps`` or ``weight_decay``; a beta outside ``[0, 1)``), or no parameters.
        ArgumentError: ``fused`` not a bool or ``None``, ``capturable`` or
            ``differentiable`` other than ``False``, or a parameter in two groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> w = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
        >>> opt = et.optim.Adam([w], lr=0.1)
        >>> with et.Session():
        ...     opt.zero_grad()
        ...     (w * w).sum().backward()
        ...     opt.step()
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [0.9, 1.9]
    """

    _KIND = "Adam"


class AdamW(_Forms):
    """Implements AdamW algorithm, where weight decay does not accumulate in the moments.

    torch.optim.AdamW's update: Adam's (see `eagertape.optim.Adam`) with the weight decay
    applied to the parameter instead of the gradient, ``p = p * (1 - lr * weight_decay)``
    before the step.

    ``step()`` reads the gradients ``loss.backward()`` left in ``p.grad`` in the current
    session (at least one parameter must have one, else ``et.GradError``); ``step(grads)``
    takes an ``et.GradMap`` instead. Every input is checked before any parameter changes, and
    a parameter whose snapshot no live tape holds is updated in place. ``state_dict()`` uses
    torch's layout (values as torch tensors).

    Args:
        params (iterable): the parameters to optimize: ``et.Parameter`` objects (or a module,
            whose ``parameters()`` are taken; a repeated parameter counts once), or a list of
            dicts defining parameter groups (each with a ``"params"`` entry; its other keys
            override the options below for that group).
        lr (float): learning rate. Default: ``1e-3``.
        betas (Tuple[float, float]): coefficients for the running averages of the gradient
            and its square (any sequence of two floats, each in ``[0, 1)``). Default:
            ``(0.9, 0.999)``.
        eps (float): term added to the denominator for numerical stability. Default:
            ``1e-8``.
        weight_decay (float): weight decay coefficient. Default: ``1e-2``.
        amsgrad (bool): use the AMSGrad variant (the running maximum of ``v``). Default:
            ``False``.
        foreach (bool, optional): torch's choice of multi-tensor kernels; accepted and ignored
            (the update is the same). Default: ``None``.
        maximize (bool, keyword-only): maximize the objective instead of minimizing it.
            Default: ``False``.
        capturable (bool): accepted only as ``False``. Default: ``False``.
        differentiable (bool): accepted only as ``False`` (the step is not differentiated
            through). Default: ``False``.
        fused (bool, optional): ``True`` runs torch's one-pass kernel (``_fused_adam_``, one
            call over every parameter, with its rounding, as torch's ``fused=True``);
            ``None`` or ``False`` the composed single-tensor update. Default: ``None``.

    Raises:
        ConfigError: a hyperparameter that is not finite or out of range (a negative ``lr``,
            ``eps`` or ``weight_decay``; a beta outside ``[0, 1)``), or no parameters.
        ArgumentError: ``fused`` not a bool or ``None``, ``capturable`` or
            ``differentiable`` other than ``False``, or a parameter in two groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> w = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
        >>> opt = et.optim.AdamW([w], lr=0.1)
        >>> with et.Session():
        ...     opt.zero_grad()
        ...     (w * w).sum().backward()
        ...     opt.step()
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [0.899, 1.898]
    """

    _KIND = "AdamW"


class RMSprop(_Forms):
    """Implements RMSprop algorithm.

    torch.optim.RMSprop's update of each parameter ``p`` with gradient ``g`` (negated first
    under ``maximize``):

    ```text
    g = g + weight_decay * p
    v = alpha * v + (1 - alpha) * g**2
    a = sqrt(v - g_avg**2) + eps, g_avg = alpha * g_avg + (1 - alpha) * g   (centered)
    a = sqrt(v) + eps                                                       (otherwise)
    b = momentum * b + g / a; p = p - lr * b           (momentum > 0)
    p = p - lr * g / a                                 (otherwise)
    ```

    ``step()`` reads the gradients ``loss.backward()`` left in ``p.grad`` in the current
    session (at least one parameter must have one, else ``et.GradError``); ``step(grads)``
    takes an ``et.GradMap`` instead. Every input is checked before any parameter changes, and
    a parameter whose snapshot no live tape holds is updated in place. ``state_dict()`` uses
    torch's layout (values as torch tensors).

    Args:
        params (iterable): the parameters to optimize: ``et.Parameter`` objects (or a module,
            whose ``parameters()`` are taken; a repeated parameter counts once), or a list of
            dicts defining parameter groups (each with a ``"params"`` entry; its other keys
            override the options below for that group).
        lr (float): learning rate. Default: ``1e-2``.
        alpha (float): smoothing constant. Default: ``0.99``.
        eps (float): term added to the denominator for numerical stability. Default:
            ``1e-8``.
        weight_decay (float): weight decay (L2 penalty). Default: ``0``.
        momentum (float): momentum factor. Default: ``0``.
        centered (bool): normalize the gradient by an estimate of its variance. Default:
            ``False``.
        capturable (bool): accepted only as ``False``. Default: ``False``.
        foreach (bool, optional): torch's choice of multi-tensor kernels; accepted and ignored
            (the update is the same). Default: ``None``.
        maximize (bool): maximize the objective instead of minimizing it (the gradient is
            negated first). Default: ``False``.
        differentiable (bool): accepted only as ``False`` (the step is not differentiated
            through). Default: ``False``.

    Raises:
        ConfigError: a hyperparameter that is not a finite number in its range (as torch
            checks it), or no parameters.
        ArgumentError: ``capturable``, ``differentiable`` or ``fused`` other than their
            defaults, or a parameter in two groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> w = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
        >>> opt = et.optim.RMSprop([w], lr=0.01)
        >>> with et.Session():
        ...     opt.zero_grad()
        ...     (w * w).sum().backward()
        ...     opt.step()
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [0.9, 1.9]
    """

    _KIND = "RMSprop"


class Adagrad(_Forms):
    """Implements Adagrad algorithm.

    torch.optim.Adagrad's update of each parameter ``p`` with gradient ``g`` (negated first
    under ``maximize``) at step ``t``; the sum ``s`` starts at ``initial_accumulator_value``:

    ```text
    g = g + weight_decay * p
    s = s + g**2
    p = p - lr / (1 + (t - 1) * lr_decay) * g / (sqrt(s) + eps)
    ```

    ``step()`` reads the gradients ``loss.backward()`` left in ``p.grad`` in the current
    session (at least one parameter must have one, else ``et.GradError``); ``step(grads)``
    takes an ``et.GradMap`` instead. Every input is checked before any parameter changes, and
    a parameter whose snapshot no live tape holds is updated in place. ``state_dict()`` uses
    torch's layout (values as torch tensors).

    Args:
        params (iterable): the parameters to optimize: ``et.Parameter`` objects (or a module,
            whose ``parameters()`` are taken; a repeated parameter counts once), or a list of
            dicts defining parameter groups (each with a ``"params"`` entry; its other keys
            override the options below for that group).
        lr (float): learning rate. Default: ``1e-2``.
        lr_decay (float): learning rate decay. Default: ``0``.
        weight_decay (float): weight decay (L2 penalty). Default: ``0``.
        initial_accumulator_value (float): initial value of the sum of squared gradients.
            Default: ``0``.
        eps (float): term added to the denominator for numerical stability. Default:
            ``1e-10``.
        foreach (bool, optional): torch's choice of multi-tensor kernels; accepted and ignored
            (the update is the same). Default: ``None``.
        maximize (bool): maximize the objective instead of minimizing it (the gradient is
            negated first). Default: ``False``.
        differentiable (bool): accepted only as ``False`` (the step is not differentiated
            through). Default: ``False``.
        fused (bool, optional): accepted only as ``None`` or ``False``. Default: ``None``.

    Raises:
        ConfigError: a hyperparameter that is not a finite number in its range (as torch
            checks it), or no parameters.
        ArgumentError: ``capturable``, ``differentiable`` or ``fused`` other than their
            defaults, or a parameter in two groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> w = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
        >>> opt = et.optim.Adagrad([w], lr=0.5)
        >>> with et.Session():
        ...     opt.zero_grad()
        ...     (w * w).sum().backward()
        ...     opt.step()
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [0.5, 1.5]
    """

    _KIND = "Adagrad"


class Adadelta(_Forms):
    """Implements Adadelta algorithm.

    torch.optim.Adadelta's update of each parameter ``p`` with gradient ``g`` (negated first
    under ``maximize``), from running averages of the squared gradients ``v`` and of the
    squared updates ``u``:

    ```text
    g = g + weight_decay * p
    v = rho * v + (1 - rho) * g**2
    d = sqrt(u + eps) / sqrt(v + eps) * g
    u = rho * u + (1 - rho) * d**2
    p = p - lr * d
    ```

    ``step()`` reads the gradients ``loss.backward()`` left in ``p.grad`` in the current
    session (at least one parameter must have one, else ``et.GradError``); ``step(grads)``
    takes an ``et.GradMap`` instead. Every input is checked before any parameter changes, and
    a parameter whose snapshot no live tape holds is updated in place. ``state_dict()`` uses
    torch's layout (values as torch tensors).

    Args:
        params (iterable): the parameters to optimize: ``et.Parameter`` objects (or a module,
            whose ``parameters()`` are taken; a repeated parameter counts once), or a list of
            dicts defining parameter groups (each with a ``"params"`` entry; its other keys
            override the options below for that group).
        lr (float): coefficient that scales ``d`` before it is applied. Default: ``1.0``.
        rho (float): coefficient of the running averages, in ``[0, 1]``. Default: ``0.9``.
        eps (float): term added to the denominator for numerical stability. Default:
            ``1e-6``.
        weight_decay (float): weight decay (L2 penalty). Default: ``0``.
        foreach (bool, optional): torch's choice of multi-tensor kernels; accepted and ignored
            (the update is the same). Default: ``None``.
        maximize (bool): maximize the objective instead of minimizing it (the gradient is
            negated first). Default: ``False``.
        capturable (bool): accepted only as ``False``. Default: ``False``.
        differentiable (bool): accepted only as ``False`` (the step is not differentiated
            through). Default: ``False``.

    Raises:
        ConfigError: a hyperparameter that is not a finite number in its range (as torch
            checks it), or no parameters.
        ArgumentError: ``capturable``, ``differentiable`` or ``fused`` other than their
            defaults, or a parameter in two groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> w = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
        >>> opt = et.optim.Adadelta([w], lr=1.0)
        >>> with et.Session():
        ...     opt.zero_grad()
        ...     (w * w).sum().backward()
        ...     opt.step()
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [0.9968, 1.9968]
    """

    _KIND = "Adadelta"


class Adamax(_Forms):
    """Implements Adamax algorithm (a variant of Adam based on infinity norm).

    torch.optim.Adamax's update of each parameter ``p`` with gradient ``g`` (negated first
    under ``maximize``) at step ``t``:

    ```text
    g = g + weight_decay * p
    m = beta1 * m + (1 - beta1) * g
    u = max(beta2 * u, abs(g) + eps)
    p = p - lr / (1 - beta1**t) * m / u
    ```

    ``step()`` reads the gradients ``loss.backward()`` left in ``p.grad`` in the current
    session (at least one parameter must have one, else ``et.GradError``); ``step(grads)``
    takes an ``et.GradMap`` instead. Every input is checked before any parameter changes, and
    a parameter whose snapshot no live tape holds is updated in place. ``state_dict()`` uses
    torch's layout (values as torch tensors).

    Args:
        params (iterable): the parameters to optimize: ``et.Parameter`` objects (or a module,
            whose ``parameters()`` are taken; a repeated parameter counts once), or a list of
            dicts defining parameter groups (each with a ``"params"`` entry; its other keys
            override the options below for that group).
        lr (float): learning rate. Default: ``2e-3``.
        betas (Tuple[float, float]): coefficients for the running average of the gradient
            and the infinity norm, each in ``[0, 1)``. Default: ``(0.9, 0.999)``.
        eps (float): term added to the denominator for numerical stability. Default:
            ``1e-8``.
        weight_decay (float): weight decay (L2 penalty). Default: ``0``.
        foreach (bool, optional): torch's choice of multi-tensor kernels; accepted and ignored
            (the update is the same). Default: ``None``.
        maximize (bool): maximize the objective instead of minimizing it (the gradient is
            negated first). Default: ``False``.
        differentiable (bool): accepted only as ``False`` (the step is not differentiated
            through). Default: ``False``.
        capturable (bool): accepted only as ``False``. Default: ``False``.

    Raises:
        ConfigError: a hyperparameter that is not a finite number in its range (as torch
            checks it), or no parameters.
        ArgumentError: ``capturable``, ``differentiable`` or ``fused`` other than their
            defaults, or a parameter in two groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> w = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
        >>> opt = et.optim.Adamax([w], lr=0.1)
        >>> with et.Session():
        ...     opt.zero_grad()
        ...     (w * w).sum().backward()
        ...     opt.step()
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [0.9, 1.9]
    """

    _KIND = "Adamax"


class NAdam(_Forms):
    """Implements NAdam algorithm.

    torch.optim.NAdam's update: Adam's moments ``m`` and ``v`` with Nesterov momentum whose
    coefficient decays as ``mu_t = beta1 * (1 - 0.5 * 0.96**(t * momentum_decay))``; with
    ``mu_prod`` the product of ``mu_1 .. mu_t`` (the state's ``mu_product``) and
    ``d = sqrt(v / (1 - beta2**t)) + eps``:

    ```text
    p = p - lr * (1 - mu_t) / (1 - mu_prod) * g / d
          - lr * mu_{t+1} / (1 - mu_prod * mu_{t+1}) * m / d
    ```

    The weight decay is an L2 penalty on the gradient, or with ``decoupled_weight_decay``
    ``p = p * (1 - lr * weight_decay)`` first (NAdamW).

    ``step()`` reads the gradients ``loss.backward()`` left in ``p.grad`` in the current
    session (at least one parameter must have one, else ``et.GradError``); ``step(grads)``
    takes an ``et.GradMap`` instead. Every input is checked before any parameter changes, and
    a parameter whose snapshot no live tape holds is updated in place. ``state_dict()`` uses
    torch's layout (values as torch tensors).

    Args:
        params (iterable): the parameters to optimize: ``et.Parameter`` objects (or a module,
            whose ``parameters()`` are taken; a repeated parameter counts once), or a list of
            dicts defining parameter groups (each with a ``"params"`` entry; its other keys
            override the options below for that group).
        lr (float): learning rate. Default: ``2e-3``.
        betas (Tuple[float, float]): coefficients for the running averages of the gradient
            and its square, each in ``[0, 1)``. Default: ``(0.9, 0.999)``.
        eps (float): term added to the denominator for numerical stability. Default:
            ``1e-8``.
        weight_decay (float): weight decay. Default: ``0``.
        momentum_decay (float): the momentum decay ``psi``. Default: ``4e-3``.
        decoupled_weight_decay (bool): decay the weights as AdamW does instead of adding an
            L2 penalty to the gradient. Default: ``False``.
        foreach (bool, optional): torch's choice of multi-tensor kernels; accepted and ignored
            (the update is the same). Default: ``None``.
        maximize (bool): maximize the objective instead of minimizing it (the gradient is
            negated first). Default: ``False``.
        capturable (bool): accepted only as ``False``. Default: ``False``.
        differentiable (bool): accepted only as ``False`` (the step is not differentiated
            through). Default: ``False``.

    Raises:
        ConfigError: a hyperparameter that is not a finite number in its range (as torch
            checks it), or no parameters.
        ArgumentError: ``capturable``, ``differentiable`` or ``fused`` other than their
            defaults, or a parameter in two groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> w = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
        >>> opt = et.optim.NAdam([w], lr=0.1)
        >>> with et.Session():
        ...     opt.zero_grad()
        ...     (w * w).sum().backward()
        ...     opt.step()
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [0.8944, 1.8944]
    """

    _KIND = "NAdam"


class RAdam(_Forms):
    """Implements RAdam algorithm.

    torch.optim.RAdam's update: Adam's moments ``m`` and ``v``; with
    ``rho_inf = 2 / (1 - beta2) - 1`` and ``rho_t = rho_inf - 2 t beta2**t / (1 - beta2**t)``,
    the adaptive step is rectified once its variance is tractable:

    ```text
    p = p - lr * m / (1 - beta1**t) * r * sqrt(1 - beta2**t) / (sqrt(v) + eps)   (rho_t > 5)
    p = p - lr * m / (1 - beta1**t)                                              (otherwise)
    r = sqrt((rho_t - 4) (rho_t - 2) rho_inf / ((rho_inf - 4) (rho_inf - 2) rho_t))
    ```

    The weight decay is an L2 penalty on the gradient, or with ``decoupled_weight_decay``
    ``p = p * (1 - lr * weight_decay)`` first.

    ``step()`` reads the gradients ``loss.backward()`` left in ``p.grad`` in the current
    session (at least one parameter must have one, else ``et.GradError``); ``step(grads)``
    takes an ``et.GradMap`` instead. Every input is checked before any parameter changes, and
    a parameter whose snapshot no live tape holds is updated in place. ``state_dict()`` uses
    torch's layout (values as torch tensors).

    Args:
        params (iterable): the parameters to optimize: ``et.Parameter`` objects (or a module,
            whose ``parameters()`` are taken; a repeated parameter counts once), or a list of
            dicts defining parameter groups (each with a ``"params"`` entry; its other keys
            override the options below for that group).
        lr (float): learning rate. Default: ``1e-3``.
        betas (Tuple[float, float]): coefficients for the running averages of the gradient
            and its square, each in ``[0, 1)``. Default: ``(0.9, 0.999)``.
        eps (float): term added to the denominator for numerical stability. Default:
            ``1e-8``.
        weight_decay (float): weight decay. Default: ``0``.
        decoupled_weight_decay (bool): decay the weights as AdamW does instead of adding an
            L2 penalty to the gradient. Default: ``False``.
        foreach (bool, optional): torch's choice of multi-tensor kernels; accepted and ignored
            (the update is the same). Default: ``None``.
        maximize (bool): maximize the objective instead of minimizing it (the gradient is
            negated first). Default: ``False``.
        capturable (bool): accepted only as ``False``. Default: ``False``.
        differentiable (bool): accepted only as ``False`` (the step is not differentiated
            through). Default: ``False``.

    Raises:
        ConfigError: a hyperparameter that is not a finite number in its range (as torch
            checks it), or no parameters.
        ArgumentError: ``capturable``, ``differentiable`` or ``fused`` other than their
            defaults, or a parameter in two groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> w = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
        >>> opt = et.optim.RAdam([w], lr=0.1)
        >>> with et.Session():
        ...     opt.zero_grad()
        ...     (w * w).sum().backward()
        ...     opt.step()
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [0.8, 1.6]
    """

    _KIND = "RAdam"


class ASGD(_Forms):
    """Implements Averaged Stochastic Gradient Descent.

    torch.optim.ASGD's update of each parameter ``p`` with gradient ``g`` (negated first under
    ``maximize``) at step ``t``, with the step size ``eta`` (starting at ``lr``) and the
    average ``ax`` of the iterates, both in the optimizer's state:

    ```text
    g = g + weight_decay * p
    p = p * (1 - lambd * eta) - eta * g
    ax = ax + mu * (p - ax)
    eta = lr / (1 + lambd * lr * t)**alpha
    mu = 1 / max(1, t - t0)
    ```

    ``step()`` reads the gradients ``loss.backward()`` left in ``p.grad`` in the current
    session (at least one parameter must have one, else ``et.GradError``); ``step(grads)``
    takes an ``et.GradMap`` instead. Every input is checked before any parameter changes, and
    a parameter whose snapshot no live tape holds is updated in place. ``state_dict()`` uses
    torch's layout (values as torch tensors).

    Args:
        params (iterable): the parameters to optimize: ``et.Parameter`` objects (or a module,
            whose ``parameters()`` are taken; a repeated parameter counts once), or a list of
            dicts defining parameter groups (each with a ``"params"`` entry; its other keys
            override the options below for that group).
        lr (float): learning rate. Default: ``1e-2``.
        lambd (float): decay term. Default: ``1e-4``.
        alpha (float): power for the ``eta`` update. Default: ``0.75``.
        t0 (float): the step at which averaging starts. Default: ``1e6``.
        weight_decay (float): weight decay (L2 penalty). Default: ``0``.
        foreach (bool, optional): torch's choice of multi-tensor kernels; accepted and ignored
            (the update is the same). Default: ``None``.
        maximize (bool): maximize the objective instead of minimizing it (the gradient is
            negated first). Default: ``False``.
        differentiable (bool): accepted only as ``False`` (the step is not differentiated
            through). Default: ``False``.
        capturable (bool): accepted only as ``False``. Default: ``False``.

    Raises:
        ConfigError: a hyperparameter that is not a finite number in its range (as torch
            checks it), or no parameters.
        ArgumentError: ``capturable``, ``differentiable`` or ``fused`` other than their
            defaults, or a parameter in two groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> w = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
        >>> opt = et.optim.ASGD([w], lr=0.25)
        >>> with et.Session():
        ...     opt.zero_grad()
        ...     (w * w).sum().backward()
        ...     opt.step()
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [0.5, 1.0]
    """

    _KIND = "ASGD"


class Rprop(_Forms):
    """Implements the resilient backpropagation algorithm.

    torch.optim.Rprop's update: each element of each parameter has its own step size
    (starting at ``lr``). Where the gradient ``g`` (negated first under ``maximize``) keeps
    the sign of the previous step's, the step size is multiplied by ``etaplus``; where the
    sign flips, by ``etaminus`` (and that element does not move this step); it is then
    clamped to ``step_sizes``, and ``p = p - sign(g) * step_size``.

    ``step()`` reads the gradients ``loss.backward()`` left in ``p.grad`` in the current
    session (at least one parameter must have one, else ``et.GradError``); ``step(grads)``
    takes an ``et.GradMap`` instead. Every input is checked before any parameter changes, and
    a parameter whose snapshot no live tape holds is updated in place. ``state_dict()`` uses
    torch's layout (values as torch tensors).

    Args:
        params (iterable): the parameters to optimize: ``et.Parameter`` objects (or a module,
            whose ``parameters()`` are taken; a repeated parameter counts once), or a list of
            dicts defining parameter groups (each with a ``"params"`` entry; its other keys
            override the options below for that group).
        lr (float): learning rate (the initial step size). Default: ``1e-2``.
        etas (Tuple[float, float]): ``(etaminus, etaplus)``, the multiplicative decrease and
            increase factors, ``0 < etaminus < 1 < etaplus``. Default: ``(0.5, 1.2)``.
        step_sizes (Tuple[float, float]): the minimal and maximal step size. Default:
            ``(1e-6, 50)``.
        capturable (bool): accepted only as ``False``. Default: ``False``.
        foreach (bool, optional): torch's choice of multi-tensor kernels; accepted and ignored
            (the update is the same). Default: ``None``.
        maximize (bool): maximize the objective instead of minimizing it (the gradient is
            negated first). Default: ``False``.
        differentiable (bool): accepted only as ``False`` (the step is not differentiated
            through). Default: ``False``.

    Raises:
        ConfigError: a hyperparameter that is not a finite number in its range (as torch
            checks it), or no parameters.
        ArgumentError: ``capturable``, ``differentiable`` or ``fused`` other than their
            defaults, or a parameter in two groups.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> w = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
        >>> opt = et.optim.Rprop([w], lr=0.5)
        >>> with et.Session():
        ...     opt.zero_grad()
        ...     (w * w).sum().backward()
        ...     opt.step()
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [0.5, 1.5]
    """

    _KIND = "Rprop"


class LBFGS(_LBFGS):
    """Implements L-BFGS algorithm.

    torch.optim.LBFGS's algorithm: ``step(closure)`` re-evaluates the objective through
    ``closure`` (which clears the gradients, runs the forward, calls ``loss.backward()`` and
    returns the loss) up to ``max_iter`` times; each iteration's direction comes from the
    two-loop recursion over the last ``history_size`` curvature pairs, and its step length
    is ``lr`` (the first iteration ever: ``min(1, 1 / sum(abs(g))) * lr``) or the strong-Wolfe
    line search's. ``step`` returns what the closure's first evaluation returned. Call it in a
    session (the closure's ops need one). The closure may call ``zero_grad()``; reading or
    changing the optimizer's options or state from inside it raises ``ConfigError``. The
    state (direction, history, previous gradient) persists between steps, as torch's, and
    ``state_dict()`` gives it in torch's layout.

    One parameter group, as torch's: ``params`` cannot be a list of groups, and
    ``param_groups`` is a read-only view (set the learning rate through ``opt.lr``). This
    class is not a subclass of `eagertape.optim.Optimizer`.

    Args:
        params (iterable): the parameters to optimize: ``et.Parameter`` objects, or a module
            (whose ``parameters()`` are taken).
        lr (float): learning rate. Default: ``1``.
        max_iter (int): maximal number of iterations per optimization step. Default: ``20``.
        max_eval (int, optional): maximal number of closure evaluations per optimization
            step. Default: ``None`` (``max_iter * 5 // 4``).
        tolerance_grad (float): termination tolerance on first order optimality (the
            largest absolute gradient element). Default: ``1e-7``.
        tolerance_change (float): termination tolerance on function value/parameter
            changes. Default: ``1e-9``.
        history_size (int): update history size. Default: ``100``.
        line_search_fn (str, optional): ``None`` or ``"strong_wolfe"``. Default: ``None``.

    Raises:
        ConfigError: a ``line_search_fn`` other than ``None`` or ``"strong_wolfe"``, an
            invalid option, or no parameters.

    Examples:
        >>> import numpy as np
        >>> import eagertape as et
        >>> w = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
        >>> opt = et.optim.LBFGS([w], line_search_fn="strong_wolfe")
        >>> def closure():
        ...     opt.zero_grad()
        ...     loss = ((w - 3.0) ** 2).sum()
        ...     loss.backward()
        ...     return loss
        >>> with et.Session():
        ...     first_loss = opt.step(closure).item()
        >>> first_loss
        5.0
        >>> [round(v, 4) for v in w.numpy().tolist()]
        [3.0, 3.0]
    """

    @property
    def param_groups(self) -> list[dict[str, Any]]:
        """The one parameter group, as torch's: ``params`` and the options under torch's
        names. A new list at each read: changing it changes nothing (set ``opt.lr``)."""
        return [{"params": list(self.params), **self._config}]

    def state_dict(self) -> dict[str, Any]:
        """torch's layout: the state under index 0 (torch keeps it by the first parameter),
        its vectors flattened over the parameters in order, as torch tensors."""
        import torch

        def flat(parts: list[_np.ndarray]) -> torch.Tensor:
            return torch.cat(
                [torch.from_numpy(_np.ascontiguousarray(a)).reshape(-1) for a in parts]
            )

        st = self._state()
        options = self._config
        state: dict[int, Any] = {}
        if st["func_evals"]:
            entry: dict[str, Any] = {"func_evals": st["func_evals"], "n_iter": st["n_iter"]}
            if st["d"] is not None:
                entry["d"] = flat(st["d"])
            entry["t"] = st["t"]
            entry["old_dirs"] = [flat(v) for v in st["old_dirs"]]
            entry["old_stps"] = [flat(v) for v in st["old_stps"]]
            entry["ro"] = [torch.tensor(r, dtype=torch.float64) for r in st["ro"]]
            entry["H_diag"] = torch.tensor(st["H_diag"], dtype=torch.float64)
            if st["prev_flat_grad"] is not None:
                entry["prev_flat_grad"] = flat(st["prev_flat_grad"])
            entry["prev_loss"] = st["prev_loss"]
            entry["al"] = [None] * int(options["history_size"] or 0)
            state[0] = entry
        group = {**options, "params": list(range(len(self.params)))}
        return {"state": state, "param_groups": [group]}

    def load_state_dict(self, state_dict: Mapping[str, Any]) -> None:
        """torch's layout (a ``torch.optim.LBFGS`` state dict over parameters of the same
        shapes loads); everything is checked before anything changes."""
        try:
            groups = state_dict["param_groups"]
            if len(groups) != 1 or len(groups[0]["params"]) != len(self.params):
                raise ConfigError(
                    f"load_state_dict: expected one group of {len(self.params)} parameters"
                )
            group = groups[0]
            options = {k: group.get(k, v) for k, v in self._config.items()}
            entries = list(dict(state_dict["state"]).values())
            sizes = [int(_np.prod(p.shape)) for p in self.params]

            def split(v: Any) -> list[_np.ndarray]:
                a = _np.asarray(v.detach().cpu().numpy() if hasattr(v, "detach") else v).ravel()
                if a.size != sum(sizes):
                    raise ConfigError(
                        f"load_state_dict: a vector of {a.size} values for {sum(sizes)} "
                        "parameter values"
                    )
                parts = _np.split(a, _np.cumsum(sizes)[:-1])
                return [x.reshape(p.shape) for x, p in zip(parts, self.params, strict=True)]

            if not entries:
                st: dict[str, Any] = {
                    "func_evals": 0, "n_iter": 0, "d": None, "t": 0.0, "old_dirs": [],
                    "old_stps": [], "ro": [], "H_diag": 1.0, "prev_flat_grad": None,
                    "prev_loss": 0.0,
                }  # fmt: skip
            else:
                e = entries[0]
                st = {
                    "func_evals": int(e["func_evals"]),
                    "n_iter": int(e["n_iter"]),
                    "d": split(e["d"]) if e.get("d") is not None else None,
                    "t": float(e.get("t", 0.0)),
                    "old_dirs": [split(v) for v in e.get("old_dirs", [])],
                    "old_stps": [split(v) for v in e.get("old_stps", [])],
                    "ro": [float(r) for r in e.get("ro", [])],
                    "H_diag": float(e.get("H_diag", 1.0)),
                    "prev_flat_grad": split(e["prev_flat_grad"])
                    if e.get("prev_flat_grad") is not None
                    else None,
                    "prev_loss": float(e.get("prev_loss", 0.0)),
                }
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            if isinstance(err, ConfigError):
                raise
            raise ConfigError(f"load_state_dict: malformed LBFGS state dict ({err!r})") from err
        before = (self._config, self._state())
        self._configure(options)
        try:
            self._load_state(st)
        except Exception:
            self._configure(before[0])
            raise
