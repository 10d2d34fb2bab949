"""Containers: ``Sequential``, ``ModuleList``, ``ModuleDict``, and the ``MLP`` built on them."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from .._core import Session, Tensor
from .._errors import ConfigError
from ._utils import _positive_int, _seed
from .activation import ReLU, Sigmoid, Tanh
from .linear import Linear
from .module import Module

__all__ = ["MLP", "ModuleDict", "ModuleList", "Sequential"]


def _index(i: object, n: int, what: str) -> int:
    if isinstance(i, bool) or not isinstance(i, int):
        raise TypeError(f"{what} indices must be integers or slices, not {type(i).__name__}")
    if not -n <= i < n:
        raise IndexError(f"index {i} is out of range for a {what} of length {n}")
    return i % n


class Sequential(Module):
    """Applies its modules in order; they are registered as children "0", "1", ... (or under
    the keys of one ``OrderedDict`` argument). The same module may appear twice (its
    parameters are then shared)."""

    def __init__(self, *modules: Module | OrderedDict[str, Module]) -> None:
        super().__init__()
        if len(modules) == 1 and isinstance(modules[0], OrderedDict):
            for name, m in modules[0].items():
                if not isinstance(m, Module):
                    raise TypeError(
                        f"Sequential entry {name!r} must be a Module, got {type(m).__name__}"
                    )
                self.add_module(name, m)
            return
        for i, m in enumerate(modules):
            if not isinstance(m, Module):
                raise TypeError(f"Sequential argument {i} must be a Module, got {type(m).__name__}")
            self.add_module(str(i), m)

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[Module]:
        return iter(self._modules.values())

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return Sequential(OrderedDict(list(self._modules.items())[index]))
        mods = list(self._modules.values())
        return mods[_index(index, len(mods), "Sequential")]

    def append(self, module: Module) -> Sequential:
        self.add_module(str(len(self)), module)
        return self

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        for m in self._modules.values():
            x = m(sess, x)
        return x


class ModuleList(Module):
    """A list of submodules registered as "0", "1", ...; indexing, ``append``, ``extend``,
    ``insert``, deletion (which renumbers, as torch's) and iteration. No ``forward``."""

    def __init__(self, modules: Iterable[Module] | None = None) -> None:
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def _renumber(self, mods: list[Module]) -> None:
        for name in list(self._modules):
            delattr(self, name)
        for i, m in enumerate(mods):
            self.add_module(str(i), m)

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[Module]:
        return iter(list(self._modules.values()))

    def __getitem__(self, index: int | slice) -> Any:
        mods = list(self._modules.values())
        if isinstance(index, slice):
            return ModuleList(mods[index])
        return mods[_index(index, len(mods), "ModuleList")]

    def __setitem__(self, index: int, module: Module) -> None:
        self.add_module(str(_index(index, len(self), "ModuleList")), module)

    def __delitem__(self, index: int | slice) -> None:
        mods = list(self._modules.values())
        if isinstance(index, slice):
            del mods[index]
        else:
            del mods[_index(index, len(mods), "ModuleList")]
        self._renumber(mods)

    def __iadd__(self, modules: Iterable[Module]) -> ModuleList:
        return self.extend(modules)

    def append(self, module: Module) -> ModuleList:
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules: Iterable[Module]) -> ModuleList:
        if isinstance(modules, Module) and not isinstance(modules, ModuleList | Sequential):
            raise TypeError("ModuleList.extend should be called with an iterable of Modules")
        for m in list(modules):
            self.append(m)
        return self

    def insert(self, index: int, module: Module) -> None:
        if not isinstance(module, Module):
            raise TypeError(f"ModuleList entries must be Modules, got {type(module).__name__}")
        mods = list(self._modules.values())
        mods.insert(index, module)
        self._renumber(mods)


class ModuleDict(Module):
    """A dict of submodules registered under their keys (strings without a dot that are not
    attribute names of the class, e.g. not "train"), in insertion order. No ``forward``."""

    def __init__(
        self, modules: Mapping[str, Module] | Iterable[tuple[str, Module]] | None = None
    ) -> None:
        super().__init__()
        if modules is not None:
            self.update(modules)

    def __getitem__(self, key: str) -> Module:
        return self._modules[key]

    def __setitem__(self, key: str, module: Module) -> None:
        self.add_module(key, module)

    def __delitem__(self, key: str) -> None:
        if key not in self._modules:
            raise KeyError(key)
        delattr(self, key)

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._modules))

    def __contains__(self, key: object) -> bool:
        return key in self._modules

    def keys(self) -> list[str]:
        return list(self._modules)

    def values(self) -> list[Module]:
        return list(self._modules.values())

    def items(self) -> list[tuple[str, Module]]:
        return list(self._modules.items())

    def pop(self, key: str) -> Module:
        module = self[key]
        del self[key]
        return module

    def clear(self) -> None:
        for key in list(self._modules):
            del self[key]

    def update(self, modules: Mapping[str, Module] | Iterable[tuple[str, Module]]) -> None:
        pairs = modules.items() if isinstance(modules, Mapping) else modules
        for i, pair in enumerate(pairs):
            if not isinstance(pair, tuple | list) or len(pair) != 2:
                raise TypeError(
                    f"ModuleDict update sequence element {i} is not a (key, module) pair"
                )
            self[pair[0]] = pair[1]


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
