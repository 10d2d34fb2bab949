"""Layers: a small, PyTorch-like module system over eagertape's explicit sessions.

Ownership: a ``Module`` owns its ``Parameter`` objects (and through them their current
snapshots) for as long as it references them; it owns no tape memory. ``forward(sess, x)``
records onto the session it is given, reading each parameter through ``sess.use``, so the
session owns every intermediate and frees them at its next ``reset_tape``. Modules hold no
session and no tensor handle between calls, so one model can be used by several sessions.

Parameters and submodules are registered by attribute assignment, in assignment order.
``named_parameters()`` walks them depth first and gives dotted names ("layers.0.weight");
a parameter reachable twice (tied weights, a shared submodule) is listed once, under the
first name met, unless ``remove_duplicate=False``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from ._core import Parameter, Session, Tensor, linear
from ._errors import ConfigError

__all__ = ["Module", "Linear", "ReLU", "Tanh", "Sigmoid", "Sequential", "MLP"]


def _positive_int(value: object, what: str) -> int:
    """``value`` as an int, or a clear error (bools and floats are refused)."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{what} must be an int, got {type(value).__name__} {value!r}")
    if value <= 0:
        raise ConfigError(f"{what} must be positive, got {value}")
    return int(value)


def _seed(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"seed must be an int or None, got {type(value).__name__} {value!r}")
    if value < 0:
        raise ConfigError(f"seed must be non-negative, got {value}")
    return int(value)


class Module:
    """Base class. Subclasses call ``super().__init__()`` first, assign their parameters and
    submodules as attributes, and define ``forward(sess, x)``."""

    def __init__(self) -> None:
        object.__setattr__(self, "_parameters", {})
        object.__setattr__(self, "_modules", {})

    def __setattr__(self, name: str, value: Any) -> None:
        registry = self.__dict__.get("_parameters")
        modules = self.__dict__.get("_modules")
        if registry is None or modules is None:
            if isinstance(value, Parameter | Module):
                raise AttributeError(
                    f"cannot assign {name!r} before Module.__init__() (call super().__init__())"
                )
            object.__setattr__(self, name, value)
            return
        if isinstance(value, Parameter):
            modules.pop(name, None)
            registry[name] = value
        elif isinstance(value, Module):
            registry.pop(name, None)
            modules[name] = value
        else:
            registry.pop(name, None)
            modules.pop(name, None)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        self._parameters.pop(name, None)
        self._modules.pop(name, None)
        object.__delattr__(self, name)

    def add_module(self, name: str, module: Module) -> None:
        """Register ``module`` under ``name`` (any string without a dot, e.g. "0")."""
        if not isinstance(module, Module):
            raise TypeError(f"{name!r} must be a Module, got {type(module).__name__}")
        if not name or "." in name:
            raise ConfigError(f"module name must be non-empty and contain no '.', got {name!r}")
        setattr(self, name, module)

    def named_children(self) -> list[tuple[str, Module]]:
        """The direct submodules, in registration order."""
        return list(self._modules.items())

    def _walk(
        self, prefix: str, seen_params: set[int], seen_modules: set[int], dedup: bool
    ) -> Iterator[tuple[str, Parameter]]:
        for name, p in self._parameters.items():
            if dedup and p.id in seen_params:
                continue
            seen_params.add(p.id)
            yield prefix + name, p
        for name, child in self._modules.items():
            if dedup and id(child) in seen_modules:
                continue
            seen_modules.add(id(child))
            yield from child._walk(f"{prefix}{name}.", seen_params, seen_modules, dedup)

    def named_parameters(self, remove_duplicate: bool = True) -> list[tuple[str, Parameter]]:
        """``(dotted name, parameter)`` pairs, depth first in registration order. A parameter
        reachable under several names is listed once, under its first name, unless
        ``remove_duplicate`` is False (then every name is listed; checkpoints use this to
        record ties)."""
        return list(self._walk("", set(), {id(self)}, remove_duplicate))

    def parameters(self) -> list[Parameter]:
        """Every distinct parameter (by id), in the order of ``named_parameters()``."""
        return [p for _, p in self.named_parameters()]

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        raise NotImplementedError(f"{type(self).__name__} does not define forward(sess, x)")

    def __call__(self, sess: Session, x: Tensor) -> Tensor:
        return self.forward(sess, x)

    def extra_repr(self) -> str:
        return ""

    def __repr__(self) -> str:
        head = f"{type(self).__name__}({self.extra_repr()}"
        if not self._modules:
            return head + ")"
        lines = [head]
        for name, child in self._modules.items():
            body = repr(child).replace("\n", "\n  ")
            lines.append(f"  ({name}): {body}")
        return "\n".join(lines) + "\n)"


class Linear(Module):
    """``y = x @ weight.T + bias`` with ``weight`` of shape ``(out_features, in_features)``.

    Initialized like ``torch.nn.Linear``: ``kaiming_uniform_(a=sqrt(5))`` for the weight and
    the same bound for the bias, so both are ``U(-1/sqrt(in_features), 1/sqrt(in_features))``,
    drawn in float64 from ``np.random.default_rng(seed)`` (weight first, then bias) and then
    converted to ``dtype``. The parameters are named "weight" and "bias".
    """

    def __init__(
        self,
        in_features: int,
        out_features: int,
        bias: bool = True,
        seed: int | None = None,
        dtype: str = "float32",
        device: str | None = None,
    ) -> None:
        super().__init__()
        self.in_features = _positive_int(in_features, "in_features")
        self.out_features = _positive_int(out_features, "out_features")
        if not isinstance(bias, bool):
            raise TypeError(f"bias must be a bool, got {type(bias).__name__}")
        rng = np.random.default_rng(_seed(seed))
        bound = 1.0 / math.sqrt(self.in_features)
        w = rng.uniform(-bound, bound, size=(self.out_features, self.in_features))
        self.weight = Parameter(w, name="weight", dtype=dtype, device=device)
        self.bias: Parameter | None = None
        if bias:
            b = rng.uniform(-bound, bound, size=(self.out_features,))
            self.bias = Parameter(b, name="bias", dtype=dtype, device=device)

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        b = sess.use(self.bias) if self.bias is not None else None
        return linear(x, sess.use(self.weight), b)

    def extra_repr(self) -> str:
        return (
            f"in_features={self.in_features}, out_features={self.out_features}, "
            f"bias={self.bias is not None}"
        )


class ReLU(Module):
    """``max(x, 0)``; no parameters."""

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.relu()


class Tanh(Module):
    """``tanh(x)``; no parameters."""

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.tanh()


class Sigmoid(Module):
    """``1 / (1 + exp(-x))``; no parameters."""

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return x.sigmoid()


class Sequential(Module):
    """Applies its modules in order; they are registered as children "0", "1", ...
    The same module may appear twice (its parameters are then shared)."""

    def __init__(self, *modules: Module) -> None:
        super().__init__()
        for i, m in enumerate(modules):
            if not isinstance(m, Module):
                raise TypeError(f"Sequential argument {i} must be a Module, got {type(m).__name__}")
            self.add_module(str(i), m)

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[Module]:
        return iter(self._modules.values())

    def __getitem__(self, index: int) -> Module:
        mods = list(self._modules.values())
        return mods[index]

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        for m in self._modules.values():
            x = m(sess, x)
        return x


_ACTIVATIONS: dict[str, type[Module]] = {"relu": ReLU, "tanh": Tanh, "sigmoid": Sigmoid}


class MLP(Module):
    """``Linear`` layers between consecutive ``sizes`` with ``activation`` between them (not
    after the last), held in ``self.layers`` (a ``Sequential``: parameters are named
    "layers.0.weight", "layers.2.weight", ...). With a ``seed``, layer ``i`` (counting linear
    layers only) is initialized with ``seed + i``, so equal seeds give equal models."""

    def __init__(
        self,
        sizes: Sequence[int],
        activation: str = "relu",
        bias: bool = True,
        seed: int | None = None,
        dtype: str = "float32",
        device: str | None = None,
    ) -> None:
        super().__init__()
        if isinstance(sizes, str) or not isinstance(sizes, Sequence):
            raise TypeError(f"sizes must be a sequence of ints, got {type(sizes).__name__}")
        sizes = [_positive_int(s, f"sizes[{i}]") for i, s in enumerate(sizes)]
        if len(sizes) < 2:
            raise ConfigError(f"sizes needs at least 2 entries (input and output), got {sizes}")
        if activation not in _ACTIVATIONS:
            raise ConfigError(
                f"unknown activation {activation!r}; expected one of {', '.join(_ACTIVATIONS)}"
            )
        seed = _seed(seed)
        self.sizes = tuple(sizes)
        self.activation = activation
        layers: list[Module] = []
        for i, (n_in, n_out) in enumerate(zip(sizes[:-1], sizes[1:], strict=True)):
            if i > 0:
                layers.append(_ACTIVATIONS[activation]())
            layer_seed = None if seed is None else seed + i
            layers.append(
                Linear(n_in, n_out, bias=bias, seed=layer_seed, dtype=dtype, device=device)
            )
        self.layers = Sequential(*layers)

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        return self.layers(sess, x)

    def extra_repr(self) -> str:
        return f"sizes={list(self.sizes)}, activation={self.activation!r}"
