"""``Module``: the base of the layers, with parameters, buffers, submodules, train/eval mode and
torch-compatible state dicts.

Ownership: a ``Module`` owns its ``Parameter`` objects (and through them their current
snapshots) for as long as it references them; it owns no tape memory. ``forward(sess, ...)``
records onto the session it is given, reading each parameter through ``sess.use``, so the
session owns every intermediate and frees them at its next ``reset_tape``. Modules hold no
session and no tensor handle between calls, so one model can be used by several sessions.

Parameters, buffers and submodules are registered by attribute assignment (buffers by
``register_buffer``), in assignment order. ``named_parameters()`` walks them depth first and
gives dotted names ("layers.0.weight"); a parameter reachable twice (tied weights, a shared
submodule) is listed once, under the first name met, unless ``remove_duplicate=False``.

Buffers are non-trainable state (BatchNorm's running statistics): ``et.Parameter`` objects
with ``requires_grad=False``, listed by ``buffers()`` and ``state_dict()`` but not by
``parameters()``, so optimizers never see them. Being Parameters they live outside every
tape: a ``reset_tape`` leaves them as they are, and an op that updates one (``batch_norm``
in training) publishes a new snapshot after its forward.
"""

from __future__ import annotations

import copy
from collections import OrderedDict, namedtuple
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import torch

from .._core import Parameter, Session
from .._errors import CheckpointError, ConfigError
from .._functional import interval

__all__ = ["Module", "IncompatibleKeys"]

IncompatibleKeys = namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])
IncompatibleKeys.__doc__ = """What ``load_state_dict(strict=False)`` did not match, as torch's."""

# The torch dtype of a parameter's state_dict tensor, by eagertape dtype.
_TORCH_DTYPE = {
    "float32": torch.float32,
    "float64": torch.float64,
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
    "ieee32": torch.float32,
}


def _check_buffer(name: str, value: object) -> None:
    if value is None:
        return
    if not isinstance(value, Parameter):
        raise TypeError(
            f"cannot assign {type(value).__name__} as buffer {name!r} (an et.Parameter with "
            "requires_grad=False, or None, expected)"
        )
    if value.requires_grad:
        raise ConfigError(
            f"buffer {name!r} must be a Parameter with requires_grad=False (buffers are not "
            "trained)"
        )


def _copy_parameter(p: Parameter) -> Parameter:
    """A new Parameter with ``p``'s value, name, dtype, device and ``requires_grad``."""
    value = p.numpy()
    if p.dtype == "interval":
        value = interval(*value)
    return Parameter(
        value, name=p.name, requires_grad=p.requires_grad, dtype=p.dtype, device=p.device
    )


def _host_value(value: Any) -> np.ndarray:
    """A state-dict value (torch tensor, numpy array or Python number) as a numpy array."""
    if isinstance(value, torch.Tensor):
        t = value.detach().cpu()
        if t.dtype == torch.bfloat16:
            t = t.float()
        return t.numpy()
    if isinstance(value, np.ndarray | np.generic | int | float) and not isinstance(value, bool):
        arr = np.asarray(value)
    else:
        raise TypeError(
            f"a torch tensor, numpy array or number expected, got {type(value).__name__}"
        )
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"numeric data expected, got dtype {arr.dtype}")
    return arr


class Module:
    """Base class. Subclasses call ``super().__init__()`` first, assign their parameters and
    submodules as attributes, register buffers with ``register_buffer`` and define
    ``forward(sess, ...)``; ``module(sess, ...)`` calls it."""

    # Buffers holding integer counts (stored as float64 Parameters, exported as int64).
    _integer_buffers: frozenset[str] = frozenset()

    def __init__(self) -> None:
        object.__setattr__(self, "_parameters", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_non_persistent_buffers", set())
        object.__setattr__(self, "_modules", {})
        object.__setattr__(self, "training", True)

    # ------------------------------------------------------------------------------------
    # Registration

    def __setattr__(self, name: str, value: Any) -> None:
        registry = self.__dict__.get("_parameters")
        buffers = self.__dict__.get("_buffers")
        modules = self.__dict__.get("_modules")
        if registry is None or buffers is None or modules is None:
            if isinstance(value, Parameter | Module):
                raise AttributeError(
                    f"cannot assign {name!r} before Module.__init__() (call super().__init__())"
                )
            object.__setattr__(self, name, value)
            return
        if name in buffers:
            _check_buffer(name, value)
            buffers[name] = value
        elif isinstance(value, Parameter):
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
        self._buffers.pop(name, None)
        self._non_persistent_buffers.discard(name)
        self._modules.pop(name, None)
        object.__delattr__(self, name)

    def _check_new_name(self, name: object, kind: str, registry: Mapping[str, Any]) -> None:
        if not isinstance(name, str):
            raise TypeError(f"{kind} name must be a string, got {type(name).__name__}")
        if not name or "." in name:
            raise ConfigError(f"{kind} name must be non-empty and contain no '.', got {name!r}")
        if hasattr(self, name) and name not in registry:
            raise ConfigError(f"attribute {name!r} already exists")

    def add_module(self, name: str, module: Module | None) -> None:
        """Register ``module`` under ``name`` (any string without a dot, e.g. "0")."""
        if not isinstance(module, Module):
            raise TypeError(f"{name!r} must be a Module, got {type(module).__name__}")
        self._check_new_name(name, "module", self._modules)
        setattr(self, name, module)

    register_module = add_module

    def register_parameter(self, name: str, param: Parameter | None) -> None:
        """Register ``param`` under ``name``; ``None`` leaves the name unregistered (as a
        missing ``bias``)."""
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"{name!r} must be a Parameter or None, got {type(param).__name__}")
        self._check_new_name(name, "parameter", self._parameters)
        setattr(self, name, param)

    def register_buffer(self, name: str, tensor: Parameter | None, persistent: bool = True) -> None:
        """Register a buffer: an ``et.Parameter`` with ``requires_grad=False`` (or ``None``, a
        slot listed nowhere). A persistent buffer is part of ``state_dict()`` and checkpoints;
        every buffer is listed by ``named_buffers()``, none by ``parameters()``."""
        self._check_new_name(name, "buffer", self._buffers)
        _check_buffer(name, tensor)
        self._parameters.pop(name, None)
        self._modules.pop(name, None)
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers.discard(name)
        else:
            self._non_persistent_buffers.add(name)
        object.__setattr__(self, name, tensor)

    # ------------------------------------------------------------------------------------
    # Walking the tree

    def named_modules(
        self, memo: set[int] | None = None, prefix: str = "", remove_duplicate: bool = True
    ) -> Iterator[tuple[str, Module]]:
        """``(dotted name, module)`` for this module ("") and every submodule, depth first;
        a module reachable twice is listed once unless ``remove_duplicate`` is False."""
        if memo is None:
            memo = set()
        if remove_duplicate:
            if id(self) in memo:
                return
            memo.add(id(self))
        yield prefix, self
        for name, child in self._modules.items():
            child_prefix = f"{prefix}.{name}" if prefix else name
            yield from child.named_modules(memo, child_prefix, remove_duplicate)

    def modules(self) -> Iterator[Module]:
        for _, m in self.named_modules():
            yield m

    def named_children(self) -> list[tuple[str, Module]]:
        """The direct submodules, in registration order."""
        return list(self._modules.items())

    def children(self) -> list[Module]:
        return list(self._modules.values())

    def _named_members(
        self, kind: str, prefix: str, recurse: bool, remove_duplicate: bool
    ) -> list[tuple[str, Parameter]]:
        seen: set[int] = set()
        out = []
        if recurse:
            mods = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate)
        else:
            mods = iter([(prefix, self)])
        for mod_prefix, module in mods:
            for name, p in getattr(module, kind).items():
                if p is None:
                    continue
                if remove_duplicate:
                    if p.id in seen:
                        continue
                    seen.add(p.id)
                out.append((f"{mod_prefix}.{name}" if mod_prefix else name, p))
        return out

    def named_parameters(
        self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True
    ) -> list[tuple[str, Parameter]]:
        """``(dotted name, parameter)`` pairs, depth first in registration order. A parameter
        reachable under several names is listed once, under its first name, unless
        ``remove_duplicate`` is False (then every name is listed; checkpoints use this to
        record ties)."""
        return self._named_members("_parameters", prefix, recurse, remove_duplicate)

    def parameters(self, recurse: bool = True) -> list[Parameter]:
        """Every distinct parameter (by id), in the order of ``named_parameters()``; buffers
        are not parameters."""
        return [p for _, p in self.named_parameters(recurse=recurse)]

    def named_buffers(
        self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True
    ) -> list[tuple[str, Parameter]]:
        """``(dotted name, buffer)`` pairs, in the order of ``named_parameters()``."""
        return self._named_members("_buffers", prefix, recurse, remove_duplicate)

    def buffers(self, recurse: bool = True) -> list[Parameter]:
        return [b for _, b in self.named_buffers(recurse=recurse)]

    # ------------------------------------------------------------------------------------
    # Mode

    def train(self, mode: bool = True) -> Module:
        """Set training mode (``mode``) on this module and every submodule; returns self.
        Dropout drops and BatchNorm uses (and updates) batch statistics only in training."""
        if not isinstance(mode, bool):
            raise TypeError(f"training mode is expected to be a bool, got {type(mode).__name__}")
        self.training = mode
        for child in self._modules.values():
            child.train(mode)
        return self

    def eval(self) -> Module:
        """``train(False)``; returns self."""
        return self.train(False)

    # ------------------------------------------------------------------------------------
    # State dicts

    def _state_items(self, prefix: str = "") -> list[tuple[str, Parameter, bool]]:
        """``(key, parameter or buffer, is an integer count)`` in torch's state_dict order: per
        module its own parameters, then its persistent buffers, then its children. Nothing is
        deduplicated (a tied parameter appears under each of its names), as in torch."""
        out = [(prefix + n, p, False) for n, p in self._parameters.items() if p is not None]
        for n, b in self._buffers.items():
            if b is not None and n not in self._non_persistent_buffers:
                out.append((prefix + n, b, n in self._integer_buffers))
        for n, child in self._modules.items():
            out.extend(child._state_items(f"{prefix}{n}."))
        return out

    def state_dict(self, *, prefix: str = "") -> OrderedDict[str, torch.Tensor]:
        """Every parameter and persistent buffer as a CPU torch tensor (a copy), under torch's
        keys and in torch's order, so ``torch_model.load_state_dict(module.state_dict())``
        works for a torch model of the same architecture. Integer-count buffers
        (``num_batches_tracked``) come out as int64."""
        out: OrderedDict[str, torch.Tensor] = OrderedDict()
        for key, p, integer in self._state_items(prefix):
            if p.dtype == "interval":
                raise CheckpointError(
                    f"{key!r} is an interval parameter, which no torch tensor holds (save it "
                    "with et.save)"
                )
            arr = np.asarray(p.numpy())
            if integer:
                out[key] = torch.tensor(np.rint(arr).astype(np.int64))
            else:
                out[key] = torch.tensor(arr).to(_TORCH_DTYPE[p.dtype])
        return out

    def load_state_dict(
        self, state_dict: Mapping[str, Any], strict: bool = True
    ) -> IncompatibleKeys:
        """Copy the values of ``state_dict`` (torch tensors, numpy arrays, or numbers for
        0-d entries such as ``num_batches_tracked``) into this module's parameters and
        buffers, matched by key. Everything is checked first: with ``strict`` a key missing
        from ``state_dict`` or one this module does not have is an error, and a value of
        another shape (or a non-integer count) always is; all problems are listed in one
        ``CheckpointError`` and nothing changes. Then each entry is assigned
        (``Parameter.assign``: a new snapshot, converted to the parameter's dtype).
        Returns ``(missing_keys, unexpected_keys)`` as torch does."""
        if not isinstance(state_dict, Mapping):
            raise TypeError(f"state_dict must be a mapping, got {type(state_dict).__name__}")
        items = self._state_items()
        own_keys = {key for key, _, _ in items}
        missing = [key for key, _, _ in items if key not in state_dict]
        unexpected = [key for key in state_dict if key not in own_keys]
        problems: list[str] = []
        plan: list[tuple[Parameter, np.ndarray]] = []
        for key, p, integer in items:
            if key not in state_dict:
                continue
            try:
                arr = _host_value(state_dict[key])
            except TypeError as e:
                problems.append(f"{key!r}: {e}")
                continue
            if arr.shape != tuple(p.shape):
                problems.append(
                    f"{key!r}: shape {list(arr.shape)} in the state dict, {list(p.shape)} in "
                    "the module"
                )
                continue
            arr = arr.astype(np.float64) if arr.dtype.kind in "biu" else arr
            if integer and not (np.all(np.isfinite(arr)) and np.all(arr == np.rint(arr))):
                problems.append(f"{key!r}: an integer count expected, got {arr.tolist()}")
                continue
            plan.append((p, arr))
        errors = []
        if strict and missing:
            errors.append("missing keys " + ", ".join(map(repr, missing)))
        if strict and unexpected:
            errors.append("unexpected keys " + ", ".join(map(repr, unexpected)))
        if problems:
            errors.append("mismatched entries: " + "; ".join(problems))
        if errors:
            raise CheckpointError(
                f"{type(self).__name__}.load_state_dict refused the state dict (nothing was "
                f"changed): {'; '.join(errors)}"
            )
        done: list[tuple[Parameter, Any]] = []
        try:
            for p, arr in plan:
                before = p.numpy()
                p.assign(arr)
                done.append((p, before))
        except Exception as e:  # put back what was assigned, then report
            for p, before in reversed(done):
                p.assign(interval(*before) if p.dtype == "interval" else before)
            raise CheckpointError(
                f"{type(self).__name__}.load_state_dict: a parameter refused its value ({e}); "
                "the values assigned before were put back"
            ) from e
        return IncompatibleKeys(missing, unexpected)

    # ------------------------------------------------------------------------------------
    # Copies, calls, printing

    def __deepcopy__(self, memo: dict[Any, Any]) -> Module:
        """An independent copy: every distinct Parameter (by id, so ties stay ties) becomes a
        new Parameter with equal value, name, dtype, device and ``requires_grad``; everything
        else is deep-copied as usual."""
        by_id = memo.setdefault(("eagertape.nn", "parameters"), {})
        members = self.named_parameters(remove_duplicate=False)
        for _, p in members + self.named_buffers(remove_duplicate=False):
            if id(p) not in memo:
                if p.id not in by_id:
                    by_id[p.id] = _copy_parameter(p)
                memo[id(p)] = by_id[p.id]
        new = type(self).__new__(type(self))
        memo[id(self)] = new
        for key, value in self.__dict__.items():
            object.__setattr__(new, key, copy.deepcopy(value, memo))
        return new

    def forward(self, sess: Session, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(f"{type(self).__name__} does not define forward(sess, x)")

    def __call__(self, sess: Session, *args: Any, **kwargs: Any) -> Any:
        return self.forward(sess, *args, **kwargs)

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
