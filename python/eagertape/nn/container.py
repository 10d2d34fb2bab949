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
    """A sequential container.

    Modules will be added to it in the order they are passed in the constructor; they are
    registered as children "0", "1", ... or, given one ``OrderedDict``, under its keys. The
    ``forward`` of a ``Sequential`` passes its input to the first module, and "chains" each
    output to the input of the next, returning the output of the last module; an empty
    ``Sequential`` returns its input. The same module may appear twice (its parameters are
    then shared). Indexing gives a module, a slice a new ``Sequential``.

    Args:
        *modules (Module or OrderedDict[str, Module]): the modules, in order, or one
            ``OrderedDict`` mapping names to modules.

    Raises:
        ConfigError: a name of the ``OrderedDict`` is empty or contains a dot.

    Examples:
        >>> import eagertape as et
        >>> model = et.nn.Sequential(et.nn.Linear(3, 4, seed=0), et.nn.ReLU(),
        ...                          et.nn.Linear(4, 2, seed=1))
        >>> with et.Session():
        ...     tuple(model(et.ones(5, 3)).shape)
        (5, 2)
    """

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
        for i, arg in enumerate(modules):
            if not isinstance(arg, Module):
                raise TypeError(
                    f"Sequential argument {i} must be a Module, got {type(arg).__name__}"
                )
            self.add_module(str(i), arg)

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
        """Appends a given module to the end.

        Args:
            module (Module): module to append, registered under the name ``str(len(self))``.

        Returns:
            Sequential: self.
        """
        self.add_module(str(len(self)), module)
        return self

    def forward(self, sess: Session, x: Tensor) -> Tensor:
        for m in self._modules.values():
            x = m(sess, x)
        return x


class ModuleList(Module):
    """Holds submodules in a list.

    ``ModuleList`` can be indexed like a regular Python list, but the modules it contains are
    properly registered (as "0", "1", ...) and will be visible by all ``Module`` methods.
    It supports indexing (a slice gives a new ``ModuleList``), assignment, ``append``,
    ``extend``, ``insert``, ``+=``, deletion (which renumbers, as torch's) and iteration.
    It has no ``forward``.

    Args:
        modules (Iterable[Module], optional): an iterable of modules to add.
            Default: ``None``.

    Examples:
        >>> import eagertape as et
        >>> layers = et.nn.ModuleList([et.nn.Linear(2, 2, seed=i) for i in range(3)])
        >>> len(layers), len(layers.parameters())
        (3, 6)
    """

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
        """Appends a given module to the end of the list.

        Args:
            module (Module): module to append.

        Returns:
            ModuleList: self.
        """
        self.add_module(str(len(self)), module)
        return self

    def extend(self, modules: Iterable[Module]) -> ModuleList:
        """Appends modules from a Python iterable to the end of the list.

        Args:
            modules (Iterable[Module]): iterable of modules to append (a ``ModuleList`` or
                ``Sequential`` is iterated over; another single ``Module`` is refused).

        Returns:
            ModuleList: self.
        """
        if isinstance(modules, Module) and not isinstance(modules, ModuleList | Sequential):
            raise TypeError("ModuleList.extend should be called with an iterable of Modules")
        for m in list(modules):
            self.append(m)
        return self

    def insert(self, index: int, module: Module) -> None:
        """Inserts a given module before a given index in the list.

        The modules are then renumbered "0", "1", ... in their new order.

        Args:
            index (int): index to insert before, as ``list.insert`` reads it.
            module (Module): module to insert.
        """
        if not isinstance(module, Module):
            raise TypeError(f"ModuleList entries must be Modules, got {type(module).__name__}")
        mods = list(self._modules.values())
        mods.insert(index, module)
        self._renumber(mods)


class ModuleDict(Module):
    """Holds submodules in a dictionary.

    ``ModuleDict`` can be indexed like a regular Python dictionary, but the modules it
    contains are properly registered, and will be visible by all ``Module`` methods. It
    respects insertion order (of the mapping given, or of ``update``). The keys must be
    strings without a dot that are not attribute names of the class (e.g. not "train").
    It has no ``forward``.

    Args:
        modules (Mapping[str, Module] or Iterable[tuple[str, Module]], optional): a mapping
            (dictionary) of (string: module) or an iterable of key-value pairs.
            Default: ``None``.

    Raises:
        ConfigError: a key is empty, contains a dot, or names an attribute of the module.

    Examples:
        >>> import eagertape as et
        >>> heads = et.nn.ModuleDict({"cls": et.nn.Linear(4, 3, seed=0), "act": et.nn.ReLU()})
        >>> heads.keys()
        ['cls', 'act']
    """

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
        """Returns a list of the ModuleDict keys, in insertion order."""
        return list(self._modules)

    def values(self) -> list[Module]:
        """Returns a list of the ModuleDict values, in insertion order."""
        return list(self._modules.values())

    def items(self) -> list[tuple[str, Module]]:
        """Returns a list of the ModuleDict ``(key, module)`` pairs, in insertion order."""
        return list(self._modules.items())

    def pop(self, key: str) -> Module:
        """Removes key from the ModuleDict and returns its module.

        Args:
            key (str): key to pop from the ModuleDict.

        Returns:
            Module: the module that was registered under ``key``.

        Raises:
            KeyError: ``key`` is not in the ModuleDict.
        """
        module = self[key]
        del self[key]
        return module

    def clear(self) -> None:
        """Removes all items from the ModuleDict."""
        for key in list(self._modules):
            del self[key]

    def update(self, modules: Mapping[str, Module] | Iterable[tuple[str, Module]]) -> None:
        """Updates the ModuleDict with key-value pairs from a mapping, overwriting existing
        keys.

        Args:
            modules (Mapping[str, Module] or Iterable[tuple[str, Module]]): a mapping
                (dictionary) from string to ``Module``, or an iterable of key-value pairs;
                the pairs are added in the order given.
        """
        pairs = modules.items() if isinstance(modules, Mapping) else modules
        for i, pair in enumerate(pairs):
            if not isinstance(pair, tuple | list) or len(pair) != 2:
                raise TypeError(
                    f"ModuleDict update sequence element {i} is not a (key, module) pair"
                )
            self[pair[0]] = pair[1]


_ACTIVATIONS: dict[str, type[Module]] = {"relu": ReLU, "tanh": Tanh, "sigmoid": Sigmoid}


class MLP(Module):
    """A multi-layer perceptron: ``Linear`` layers with an activation between them.

    An eagertape module (torch has ``torchvision.ops.MLP``, with another signature): one
    ``Linear`` layer between each pair of consecutive ``sizes``, with ``activation`` between
    them (not after the last), held in ``self.layers`` (a ``Sequential``: the parameters are
    named "layers.0.weight", "layers.2.weight", ...). With a ``seed``, linear layer ``i``
    (counting linear layers only) is initialized with ``seed + i``, so equal seeds give equal
    models; without one, each draws from torch's default generator
    (`eagertape.manual_seed` seeds it).

    Input: ``(*, sizes[0])``; output: ``(*, sizes[-1])``.

    Args:
        sizes (Sequence[int]): the feature sizes, input first and output last (at least two
            positive ints).
        activation (str): the activation between layers: "relu", "tanh" or "sigmoid".
            Default: "relu".
        bias (bool): whether the linear layers have a bias. Default: ``True``.
        seed (int, optional): the seed of the first layer's initialization.
            Default: ``None`` (torch's default generator).
        dtype (str or dtype): the dtype of the parameters. Default: "float32".
        device (str, optional): the device of the parameters. Default: ``None`` (the
            process default device, `eagertape.set_default_device`).

    Raises:
        ConfigError: fewer than two sizes, a size that is not positive, or an unknown
            ``activation``.

    Examples:
        >>> import eagertape as et
        >>> mlp = et.nn.MLP([4, 8, 2], seed=0)
        >>> with et.Session():
        ...     tuple(mlp(et.ones(3, 4)).shape)
        (3, 2)
    """

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
