"""``ParameterList`` and ``ParameterDict``: parameters held in a list or a dict, registered
under their index ("0", "1", ...) or key, as torch's containers hold them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .._core import Parameter
from .module import Module

__all__ = ["ParameterDict", "ParameterList"]


def _as_parameter(value: Any) -> Any:
    """A tensor or array made a Parameter (torch wraps a plain tensor so); anything else is
    kept as it is (an attribute, not a parameter)."""
    import numpy as np
    import torch

    from .._core import Tensor

    if isinstance(value, Tensor):
        return Parameter(value.detach())
    if isinstance(value, torch.Tensor | np.ndarray):
        return Parameter(value)
    return value


_LEGACY = {
    "float32": "torch.FloatTensor",
    "float64": "torch.DoubleTensor",
    "float16": "torch.HalfTensor",
    "bfloat16": "torch.BFloat16Tensor",
}


def _describe(key: object, p: Any, legacy: bool) -> str:
    """torch's line for one entry of a parameter container's repr (``ParameterDict`` names
    the dtype by its legacy tensor type, ``ParameterList`` by the dtype)."""
    if isinstance(p, Parameter):
        size = "x".join(str(n) for n in p.shape)
        device = f" ({p.device})" if str(p.device).startswith("cuda") else ""
        kind = _LEGACY.get(str(p.dtype), f"torch.{p.dtype}") if legacy else f"torch.{p.dtype}"
        return f"  ({key}): Parameter containing: [{kind} of size {size}{device}]"
    return f"  ({key}): Object of type: {type(p).__name__}"


def _container_repr(c: Module) -> str:
    """torch's ``Module.__repr__`` of a parameter container: one entry on the class's line,
    more on lines of their own."""
    body = c.extra_repr()
    lines = body.split("\n") if body else []
    if len(lines) == 1:
        return f"{type(c).__name__}({lines[0]})"
    body = "".join("\n  " + line for line in lines)
    return f"{type(c).__name__}({body}\n)" if lines else f"{type(c).__name__}()"


class ParameterList(Module):
    """Holds parameters in a list, as ``torch.nn.ParameterList``.

    It can be indexed like a regular Python list, and the parameters it holds are registered
    (as "0", "1", ...) and visible to every ``Module`` method (``parameters()``,
    ``state_dict()``, optimizers). A tensor or array given to it becomes an
    ``et.Parameter`` (a copy of its values); any other object is held as it is.

    Args:
        values (iterable, optional): the parameters (or tensors) to add. Default: ``None``.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> ps = et.nn.ParameterList([np.zeros(2), np.ones((2, 3))])
        >>> len(ps), [tuple(p.shape) for p in ps.parameters()]
        (2, [(2,), (2, 3)])
    """

    def __init__(self, values: Iterable[Any] | None = None) -> None:
        super().__init__()
        self._size = 0
        if values is not None:
            self.extend(values)

    def _key(self, index: int) -> str:
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"indices must be integers or slices, not {type(index).__name__}")
        if not -self._size <= index < self._size:
            raise IndexError(f"index {index} is out of range")
        return str(index % self._size)

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Any]:
        return iter([getattr(self, str(i)) for i in range(self._size)])

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return ParameterList(list(self)[index])
        return getattr(self, self._key(index))

    def __setitem__(self, index: int, value: Any) -> None:
        setattr(self, self._key(index), _as_parameter(value))

    def __iadd__(self, values: Iterable[Any]) -> ParameterList:
        return self.extend(values)

    def __dir__(self) -> list[str]:
        return [k for k in super().__dir__() if not k.isdigit()]

    def append(self, value: Any) -> ParameterList:
        """Append ``value`` at the end.

        Args:
            value (Parameter, tensor or object): what to append.

        Returns:
            ParameterList: this list.
        """
        self._size += 1
        setattr(self, str(self._size - 1), _as_parameter(value))
        return self

    def extend(self, values: Iterable[Any]) -> ParameterList:
        """Append the values of an iterable at the end.

        Args:
            values (iterable): what to append.

        Returns:
            ParameterList: this list.
        """
        if isinstance(values, str) or not isinstance(values, Iterable):
            raise TypeError(
                f"ParameterList.extend should be called with an iterable, but got "
                f"{type(values).__name__}"
            )
        for v in values:
            self.append(v)
        return self

    def extra_repr(self) -> str:
        return "\n".join(_describe(k, p, False) for k, p in enumerate(self))

    def __repr__(self) -> str:
        # torch's: the entries on the lines after the class name, no child modules
        return _container_repr(self)


class ParameterDict(Module):
    """Holds parameters in a dictionary, as ``torch.nn.ParameterDict``.

    It can be indexed like a regular Python dictionary (it keeps the insertion order), and
    the parameters it holds are registered under their keys and visible to every ``Module``
    method. A tensor or array given to it becomes an ``et.Parameter`` (a copy of its
    values); any other object is held as it is.

    Args:
        parameters (mapping or iterable of (str, value) pairs, optional): the initial
            entries. Default: ``None``.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> pd = et.nn.ParameterDict({"scale": np.ones(3)})
        >>> list(pd.keys()), tuple(pd["scale"].shape)
        (['scale'], (3,))
    """

    def __init__(self, parameters: Any = None) -> None:
        super().__init__()
        self._keys: dict[str, None] = {}
        if parameters is not None:
            self.update(parameters)

    def __getitem__(self, key: str) -> Any:
        if key not in self._keys:
            raise KeyError(key)
        return getattr(self, key)

    def __setitem__(self, key: str, value: Any) -> None:
        if not isinstance(key, str):
            raise TypeError(f"ParameterDict keys must be strings, got {type(key).__name__}")
        self._keys[key] = None
        setattr(self, key, _as_parameter(value))

    def __delitem__(self, key: str) -> None:
        del self._keys[key]
        delattr(self, key)

    def __len__(self) -> int:
        return len(self._keys)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._keys))

    def __contains__(self, key: object) -> bool:
        return key in self._keys

    def keys(self) -> list[str]:
        """The keys, in insertion order.

        Returns:
            list of str: the keys.
        """
        return list(self._keys)

    def values(self) -> list[Any]:
        """The values, in insertion order.

        Returns:
            list: the values.
        """
        return [getattr(self, k) for k in self._keys]

    def items(self) -> list[tuple[str, Any]]:
        """The (key, value) pairs, in insertion order.

        Returns:
            list of (str, value): the entries.
        """
        return [(k, getattr(self, k)) for k in self._keys]

    def get(self, key: str, default: Any = None) -> Any:
        """The value of ``key``, or ``default``.

        Args:
            key (str): the key.
            default (object): what to return without it. Default: ``None``.

        Returns:
            the value.
        """
        return self[key] if key in self._keys else default

    def pop(self, key: str) -> Any:
        """Remove ``key`` and return its value.

        Args:
            key (str): the key.

        Returns:
            the value.
        """
        value = self[key]
        del self[key]
        return value

    def update(self, parameters: Any) -> None:
        """Add the entries of a mapping or of an iterable of (key, value) pairs.

        Args:
            parameters (mapping or iterable of pairs): the entries.
        """
        pairs = parameters.items() if isinstance(parameters, Mapping) else parameters
        for key, value in pairs:
            self[key] = value

    def extra_repr(self) -> str:
        return "\n".join(_describe(k, p, True) for k, p in self.items())

    def __repr__(self) -> str:
        return _container_repr(self)
