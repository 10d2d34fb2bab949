"""``Module``: the base of the layers, with parameters, buffers, submodules, train/eval mode and
torch-compatible state dicts.

Ownership: a ``Module`` owns its ``Parameter`` objects (and through them their current
snapshots) for as long as it references them; it owns no tape memory. ``model(x)`` records
onto the current session (``with sess:``), ``model(sess, x)`` onto ``sess``; a ``forward``
written torch's way (``forward(self, x)``) reads its parameters as tensors (each read in
the session through its implicit leaf), one written explicitly (``forward(self, sess, x)``)
through ``sess.use``. The session owns every intermediate. Modules hold no session and no
tensor handle between calls, so one model can be used by several sessions.

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

import copy as _copy
import inspect as _inspect
import threading as _threading
from collections import OrderedDict, namedtuple
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, ParamSpec, Protocol, TypeVar, overload

import numpy as _np
import torch as _torch

from .. import _core
from .._core import Parameter, Session, Tensor
from .._errors import CaptureError, CheckpointError, ConfigError
from .._functional import interval
from .parameter import Buffer

__all__ = ["Module", "IncompatibleKeys"]

IncompatibleKeys = namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])
IncompatibleKeys.__doc__ = """The keys ``load_state_dict`` did not match, as torch's named tuple.

Args:
    missing_keys (list[str]): the module's keys that the state dict did not hold.
    unexpected_keys (list[str]): the state dict's keys that the module does not have.
"""

# The torch dtype of a parameter's state_dict tensor, by eagertape dtype.
_TORCH_DTYPE = {
    "float32": _torch.float32,
    "float64": _torch.float64,
    "float16": _torch.float16,
    "bfloat16": _torch.bfloat16,
    "ieee32": _torch.float32,
}


def _as_buffer(name: str, value: object) -> Parameter | None:
    """A buffer value: None, an ``et.Parameter`` with ``requires_grad=False``, or a tensor
    (eagertape, torch) or array, whose value is copied into a new such Parameter."""
    if value is None:
        return None
    if isinstance(value, Parameter):
        if value.requires_grad:
            raise ConfigError(
                f"buffer {name!r} must be a Parameter with requires_grad=False (buffers are "
                "not trained)"
            )
        return value
    if isinstance(value, Tensor | _torch.Tensor | _np.ndarray):
        kind = str(value.dtype).removeprefix("torch.")
        dtype = kind if kind in _TORCH_DTYPE and kind != "ieee32" else None
        if isinstance(value, Tensor):
            value = value.detach()
        return Parameter(value, name=name, requires_grad=False, dtype=dtype)
    raise TypeError(
        f"cannot assign {type(value).__name__} as buffer {name!r} (a tensor, an array, an "
        "et.Parameter with requires_grad=False, or None, expected)"
    )


def _check_buffer(name: str, value: object) -> None:
    _as_buffer(name, value)


_T = TypeVar("_T")


class _Members(list[_T]):
    """A list of modules or parameters that is also its own iterator, so both torch's
    ``next(model.parameters())`` and list use (``len``, indexing) work."""

    def __next__(self) -> _T:
        it: Iterator[_T] | None = self.__dict__.get("_it")
        if it is None:
            it = self.__dict__["_it"] = iter(list(self))
        return next(it)


def _forward_takes_session(module: Module) -> bool:
    """Whether ``module.forward`` is written in the explicit style, ``forward(sess, ...)``
    (eagertape's modules), rather than torch's ``forward(x, ...)``: its first parameter is
    named ``sess`` (cached per class unless the instance has its own ``forward``)."""
    cls = type(module)
    own = "forward" in module.__dict__
    if not own:
        cached: bool | None = cls.__dict__.get("_et_forward_style")
        if cached is not None:
            return cached
    try:
        params = list(_inspect.signature(module.forward).parameters)
    except (TypeError, ValueError):
        params = []
    explicit = bool(params) and params[0] == "sess"
    if not own:
        cls._et_forward_style = explicit
    return explicit


def _host_copy(p: Parameter) -> Any:
    """``p``'s value on the host, in a form ``Parameter(...)`` and ``p.assign`` take back:
    its array, or for an interval parameter its bounds as `IntervalData`."""
    return interval(*p.bounds()) if p.dtype == "interval" else p.numpy()


def _copy_parameter(p: Parameter) -> Parameter:
    """A new Parameter with ``p``'s value, name, dtype, device and ``requires_grad``."""
    return Parameter(
        _host_copy(p), name=p.name, requires_grad=p.requires_grad, dtype=p.dtype, device=p.device
    )


def _host_value(value: Any) -> _np.ndarray:
    """A state-dict value (torch or eagertape tensor, numpy array or Python number) as a numpy
    array."""
    if isinstance(value, Tensor):  # eagertape's (what eagertape.load gives), Parameters too
        value = _np.asarray(value.numpy())  # a copy; bfloat16 widened exactly to float32
    if isinstance(value, _torch.Tensor):
        t = value.detach().cpu()
        if t.dtype == _torch.bfloat16:
            t = t.float()
        return t.numpy()
    if isinstance(value, _np.ndarray | _np.generic | int | float) and not isinstance(value, bool):
        arr = _np.asarray(value)
    else:
        raise TypeError(
            f"a torch tensor, numpy array or number expected, got {type(value).__name__}"
        )
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"numeric data expected, got dtype {arr.dtype}")
    return arr


_MISSING = object()


def _refuse_change_in_capture(module: Module, name: str, value: Any) -> None:
    """Inside a captured step, on a module made before it: setting an attribute to what it
    already holds is fine (``model.train()`` in training mode); any change raises
    ``CaptureError`` (a replay would not make it again)."""
    old = getattr(module, name, _MISSING)
    if old is value:
        return
    plain = (bool, int, float, str, type(None))
    if isinstance(value, plain) and type(old) is type(value) and old == value:
        return
    raise CaptureError(
        f"setting {type(module).__name__}.{name} inside a captured step: a replay would not "
        "set it again (change modules outside the step, between calls)"
    )


def _current_or_raise(module: Module) -> Session:
    return _core.current_session()


# The module calls open on this thread, innermost last: (module, its path). A path is the
# outermost module's class name, then the attribute names down to the module
# (`Net.encoder.0`), as `named_modules()` names it under the outermost.
_calls = _threading.local()


def _enter_scope(module: Module, sess: Session) -> None:
    """`module`'s forward begins: its path is the scope of the nodes `sess` records
    (`Session.tape_profile()`'s `module` column) until `_exit_scope`."""
    stack: list[tuple[Module, str]] = _calls.__dict__.setdefault("stack", [])
    if stack:
        parent, parent_path = stack[-1]
        name = next((n for n, m in parent._modules.items() if m is module), type(module).__name__)
        path = f"{parent_path}.{name}"
    else:
        path = type(module).__name__
    sess._enter_module(path)
    stack.append((module, path))


def _exit_scope(sess: Session) -> None:
    """The forward `_enter_scope` began ends (returns or raises)."""
    _calls.stack.pop()
    sess._exit_module()


P = ParamSpec("P")
R = TypeVar("R", covariant=True)


class _ExplicitForward(Protocol[P, R]):
    """A module whose `forward` takes the session first (`forward(self, sess, x)`)."""

    def forward(self, sess: Session, /, *args: P.args, **kwargs: P.kwargs) -> R: ...


class _TorchForward(Protocol[P, R]):
    """A module whose `forward` is torch's (`forward(self, x)`)."""

    def forward(self, *args: P.args, **kwargs: P.kwargs) -> R: ...


class Module:
    """Base class. Subclasses call ``super().__init__()`` first, assign their parameters and
    submodules as attributes, register buffers with ``register_buffer`` and define
    ``forward(sess, ...)``; ``module(sess, ...)`` calls it."""

    # Buffers holding integer counts (stored as float64 Parameters, exported as int64).
    _integer_buffers: frozenset[str] = frozenset()

    # Set by `__init__` (through `object.__setattr__`, bypassing the registration below).
    training: bool
    _parameters: dict[str, Parameter | None]
    _buffers: dict[str, Parameter | None]
    _non_persistent_buffers: set[str]
    _modules: dict[str, Module]
    _capture_epoch: int
    # Whether the class's `forward` takes the session first (cached by
    # `_forward_takes_session`; read from the class's own `__dict__` only).
    _et_forward_style: ClassVar[bool]

    def __init__(self) -> None:
        object.__setattr__(self, "_parameters", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_non_persistent_buffers", set())
        object.__setattr__(self, "_modules", {})
        object.__setattr__(self, "training", True)
        # The captured step (`et.capture`) this module was made in, if any: it may set its
        # attributes there; a module made before may not (a replay would not set them).
        object.__setattr__(self, "_capture_epoch", _core._capture_epoch())

    # ------------------------------------------------------------------------------------
    # Registration

    def __setattr__(self, name: str, value: Any) -> None:
        epoch = _core._capture_epoch()
        if epoch and self.__dict__.get("_capture_epoch", epoch) != epoch:
            _refuse_change_in_capture(self, name, value)
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
        if isinstance(value, Buffer):  # (torch's marker: assigning one registers a buffer)
            self.register_buffer(name, value.data, persistent=value.persistent)
            return
        if name in buffers:
            value = _as_buffer(name, value)
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
        """Adds a child module to the current module.

        The module can be accessed as an attribute using the given name. Unlike torch's,
        ``module`` may not be ``None``.

        Args:
            name (str): name of the child module: a non-empty string without a dot (e.g.
                "0"), not an attribute this module already has under another role.
            module (Module): child module to be added to the module.

        Raises:
            ConfigError: ``name`` is empty, contains a dot, or names an existing attribute.
        """
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

    def register_buffer(self, name: str, tensor: Any, persistent: bool = True) -> None:
        """Register a buffer: an ``et.Parameter`` with ``requires_grad=False``, a tensor
        (eagertape or torch) or array (copied into one), or ``None`` (a slot listed nowhere).
        A persistent buffer is part of ``state_dict()`` and checkpoints; every buffer is
        listed by ``named_buffers()``, none by ``parameters()``."""
        self._check_new_name(name, "buffer", self._buffers)
        tensor = _as_buffer(name, tensor)
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
        """Returns an iterator over all modules in the network.

        This module comes first, then every submodule depth first in registration order; a
        module reachable twice is yielded once, as `named_modules` lists them.

        Yields:
            Module: a module in the network.

        Examples:
            >>> import eagertape as et
            >>> net = et.nn.Sequential(et.nn.Linear(2, 2, seed=0), et.nn.ReLU())
            >>> [type(m).__name__ for m in net.modules()]
            ['Sequential', 'Linear', 'ReLU']
        """
        for _, m in self.named_modules():
            yield m

    def named_children(self) -> list[tuple[str, Module]]:
        """The direct submodules, in registration order."""
        return _Members(self._modules.items())

    def children(self) -> list[Module]:
        """Returns the immediate children modules, in registration order.

        The result is a list that is also its own iterator, so both ``next(m.children())``
        and ``list(m.children())`` work.

        Returns:
            list[Module]: the direct submodules.
        """
        return _Members(self._modules.values())

    def get_submodule(self, target: str) -> Module:
        """Returns the submodule given by ``target`` if it exists, otherwise throws an error.

        Args:
            target (str): the dotted path of the submodule, as `named_modules` names it
                (e.g. "layers.0"); "" is this module.

        Returns:
            Module: the submodule referenced by ``target``.

        Raises:
            AttributeError: a component of the path names no child module.
        """
        if target == "":
            return self
        mod: Module = self
        for item in target.split("."):
            child = mod._modules.get(item)
            if child is None:
                raise AttributeError(f"{type(mod).__name__} has no attribute `{item}`")
            mod = child
        return mod

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
        return _Members(self._named_members("_parameters", prefix, recurse, remove_duplicate))

    def parameters(self, recurse: bool = True) -> list[Parameter]:
        """Every distinct parameter (by id), in the order of ``named_parameters()``; buffers
        are not parameters. A list that is also an iterator (``next(model.parameters())``)."""
        return _Members(p for _, p in self.named_parameters(recurse=recurse))

    def named_buffers(
        self, prefix: str = "", recurse: bool = True, remove_duplicate: bool = True
    ) -> list[tuple[str, Parameter]]:
        """Returns the module buffers, yielding both the name of the buffer and the buffer.

        Buffers are ``et.Parameter`` objects with ``requires_grad=False`` (non-persistent
        ones included), listed depth first in registration order as `named_parameters`
        lists parameters; ``None`` slots are skipped. The result is a list that is also its
        own iterator.

        Args:
            prefix (str): prefix to prepend to all buffer names. Default: ``""``.
            recurse (bool): if True, yields the buffers of this module and all submodules;
                otherwise only the buffers that are direct members of this module.
                Default: ``True``.
            remove_duplicate (bool): whether to list a buffer reachable under several
                names only once, under its first name. Default: ``True``.

        Returns:
            list[tuple[str, Parameter]]: ``(dotted name, buffer)`` pairs.
        """
        return _Members(self._named_members("_buffers", prefix, recurse, remove_duplicate))

    def buffers(self, recurse: bool = True) -> list[Parameter]:
        """Returns the module buffers, in the order of `named_buffers`.

        Buffers are non-trainable state (BatchNorm's running statistics) held as
        ``et.Parameter`` objects with ``requires_grad=False``. The result is a list that is
        also its own iterator.

        Args:
            recurse (bool): if True, returns the buffers of this module and all submodules;
                otherwise only the buffers that are direct members of this module.
                Default: ``True``.

        Returns:
            list[Parameter]: the buffers, each once.
        """
        return _Members(b for _, b in self.named_buffers(recurse=recurse))

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

    def state_dict(self, *, prefix: str = "") -> OrderedDict[str, _torch.Tensor]:
        """Every parameter and persistent buffer as a CPU torch tensor (a copy), under torch's
        keys and in torch's order, so ``torch_model.load_state_dict(module.state_dict())``
        works for a torch model of the same architecture. Integer-count buffers
        (``num_batches_tracked``) come out as int64."""
        out: OrderedDict[str, _torch.Tensor] = OrderedDict()
        for key, p, integer in self._state_items(prefix):
            if p.dtype == "interval":
                raise CheckpointError(
                    f"{key!r} is an interval parameter, which no torch tensor holds (save it "
                    "with et.save)"
                )
            arr = _np.asarray(p.numpy())
            if integer:
                out[key] = _torch.tensor(_np.rint(arr).astype(_np.int64))
            else:
                out[key] = _torch.tensor(arr).to(_TORCH_DTYPE[p.dtype])
        return out

    def load_state_dict(
        self, state_dict: Mapping[str, Any], strict: bool = True
    ) -> IncompatibleKeys:
        """Copy the values of ``state_dict`` (torch or eagertape tensors, numpy arrays, or
        numbers for 0-d entries such as ``num_batches_tracked``) into this module's parameters
        and buffers, matched by key. Everything is checked first: with ``strict`` a key missing
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
        plan: list[tuple[Parameter, _np.ndarray]] = []
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
            arr = arr.astype(_np.float64) if arr.dtype.kind in "biu" else arr
            if integer and not (_np.all(_np.isfinite(arr)) and _np.all(arr == _np.rint(arr))):
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
                before = _host_copy(p)
                p.assign(arr)
                done.append((p, before))
        except Exception as e:  # put back what was assigned, then report
            for p, before in reversed(done):
                p.assign(before)
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
            object.__setattr__(new, key, _copy.deepcopy(value, memo))
        return new

    def forward(self, *args: Any, **kwargs: Any) -> Any:
        """Defines the computation performed at every call.

        Should be overridden by all subclasses. Call the module instance (``module(x)``, or
        ``module(sess, x)``) rather than ``forward`` itself. A ``forward`` may be written
        torch's way, ``forward(self, x, ...)``, which runs with the session current, or
        explicitly, ``forward(self, sess, x, ...)``, which receives the session (a first
        parameter named ``sess`` selects this style); most of eagertape's own modules use
        the explicit style, so their ``forward`` signatures start with ``sess``.

        Args:
            *args: the inputs of the computation (after the session, in the explicit style).
            **kwargs: keyword inputs of the computation.

        Returns:
            The output of the computation (a Tensor for most modules).

        Raises:
            NotImplementedError: the subclass does not define ``forward``.
        """
        raise NotImplementedError(
            f"{type(self).__name__} does not define forward(x) (or forward(sess, x))"
        )

    # Typed as the subclass's `forward` (its arguments and its return type, e.g. `Tensor`),
    # in both calling forms, whichever way `forward` is written: a type checker binds `self`
    # to one of the protocols below and reads P and R off `forward`. A `forward` with no
    # annotations gives `Any`, as torch's `Module.__call__` does.
    @overload
    def __call__(
        self: _ExplicitForward[P, R], sess: Session, /, *args: P.args, **kwargs: P.kwargs
    ) -> R: ...
    @overload
    def __call__(self: _ExplicitForward[P, R], *args: P.args, **kwargs: P.kwargs) -> R: ...
    @overload
    def __call__(self: _TorchForward[P, R], *args: P.args, **kwargs: P.kwargs) -> R: ...
    @overload
    def __call__(
        self: _TorchForward[P, R], sess: Session, /, *args: P.args, **kwargs: P.kwargs
    ) -> R: ...
    def __call__(self: Any, *args: Any, **kwargs: Any) -> Any:  # type: ignore[misc]
        """Runs `forward` on the inputs: ``module(x)`` in the current session (``with
        sess:``), or ``module(sess, x)`` in `sess`.

        ``forward`` may be written either way: ``forward(self, x)`` (torch's) runs with the
        session current; ``forward(self, sess, x)`` (explicit) receives it. Type checkers
        see the call as `forward`'s signature and return type.

        Args:
            *args: `forward`'s positional inputs, optionally preceded by the session.
            **kwargs: `forward`'s keyword inputs.

        Returns:
            What `forward` returns.

        Raises:
            TypeError: an input is a numpy array or a torch tensor (convert it with
                `et.tensor`).
        """
        given = args[0] if args and isinstance(args[0], Session) else None
        rest = args[1:] if given is not None else args
        for a in rest if given is None else ():
            if isinstance(a, _np.ndarray | _torch.Tensor):
                raise TypeError(
                    f"{type(self).__name__} was given a {type(a).__module__}."
                    f"{type(a).__name__}: modules take eagertape tensors; convert it first "
                    "with et.tensor(x) (or sess.input(x))"
                )
        sess = given if given is not None else _current_or_raise(self)
        _enter_scope(self, sess)
        try:
            if _forward_takes_session(self):
                return self.forward(sess, *rest, **kwargs)
            if given is None:
                return self.forward(*rest, **kwargs)
            _core._push_current(given)
            try:
                return self.forward(*rest, **kwargs)
            finally:
                _core._pop_current(given)
        finally:
            _exit_scope(sess)

    # ------------------------------------------------------------------------------------
    # torch.nn.Module's conversions and helpers

    def _convert(self, dtype: Any = None, device: Any = None) -> Module:
        """Convert every parameter and buffer to ``dtype`` (floating ones; in place, the same
        objects) and ``device`` (new objects in place of the old); ties stay ties.
        Integer-count buffers keep their dtype."""
        done: dict[int, Parameter] = {}
        for module in self.modules():
            for registry in (module._parameters, module._buffers):
                for name, p in list(registry.items()):
                    if p is None:
                        continue
                    keep_dtype = registry is module._buffers and name in module._integer_buffers
                    new = done.get(p.id)
                    if new is None:
                        new = p._to(None if keep_dtype else dtype, device)
                        done[p.id] = new
                    registry[name] = new
                    object.__setattr__(module, name, new)
        return self

    def to(self, *args: Any, **kwargs: Any) -> Module:
        """``to(device)``, ``to(dtype)``, ``to(device, dtype)``, ``to(tensor)``: a dtype
        converts the parameters themselves (an optimizer made before keeps stepping them);
        another device puts new parameters in place of the old (create optimizers after)."""
        dtype = kwargs.pop("dtype", None)
        device = kwargs.pop("device", None)
        kwargs.pop("non_blocking", None)
        if kwargs:
            raise TypeError(f"to() got unexpected keyword arguments {sorted(kwargs)}")
        for a in args:
            if isinstance(a, Tensor | _torch.Tensor):
                dtype, device = a.dtype, a.device
            elif isinstance(a, _torch.dtype) or (
                isinstance(a, str) and a.removeprefix("torch.") in _TORCH_DTYPE
            ):
                dtype = a
            elif isinstance(a, str | _torch.device):
                device = a
            else:
                raise TypeError(f"to() received an invalid argument {a!r}")
        if isinstance(device, _torch.device):
            device = str(device)
        return self._convert(dtype, device)

    def double(self) -> Module:
        """Casts all parameters and buffers to ``double`` datatype (``float64``).

        Each parameter converts in place (the same ``et.Parameter`` objects, as torch's, so
        an optimizer made before keeps stepping them; integer-count buffers keep their
        dtype). Modifies the module in place.

        Returns:
            Module: self.
        """
        return self._convert("float64")

    def float(self) -> Module:
        """Casts all parameters and buffers to ``float`` datatype (``float32``).

        Each parameter converts in place (the same ``et.Parameter`` objects, as torch's, so
        an optimizer made before keeps stepping them; integer-count buffers keep their
        dtype). Modifies the module in place.

        Returns:
            Module: self.
        """
        return self._convert("float32")

    def half(self) -> Module:
        """Casts all parameters and buffers to ``half`` datatype (``float16``).

        Each parameter converts in place (the same ``et.Parameter`` objects, as torch's, so
        an optimizer made before keeps stepping them; integer-count buffers keep their
        dtype). Modifies the module in place.

        Returns:
            Module: self.
        """
        return self._convert("float16")

    def bfloat16(self) -> Module:
        """Casts all parameters and buffers to ``bfloat16`` datatype (``bfloat16``).

        Each parameter converts in place (the same ``et.Parameter`` objects, as torch's, so
        an optimizer made before keeps stepping them; integer-count buffers keep their
        dtype). Modifies the module in place.

        Returns:
            Module: self.
        """
        return self._convert("bfloat16")

    def cpu(self) -> Module:
        """Moves all model parameters and buffers to the CPU.

        Each parameter on another device is replaced by a new ``et.Parameter`` holding its
        value (ties stay ties), so create optimizers after the move. Modifies the module in
        place.

        Returns:
            Module: self.
        """
        return self._convert(None, "cpu")

    def cuda(self, device: Any = None) -> Module:
        """Moves all model parameters and buffers to the GPU.

        Each parameter on another device is replaced by a new ``et.Parameter`` holding its
        value (ties stay ties), so create optimizers after the move. Modifies the module in
        place.

        Args:
            device (int or str, optional): if specified, all parameters will be copied to that
                device: an index ``i`` means "cuda:i", a string is used as it is.
                Default: ``None`` ("cuda", the current device).

        Returns:
            Module: self.

        Raises:
            DeviceUnavailableError: CUDA is not usable in this process.
        """
        name = (
            "cuda"
            if device is None
            else f"cuda:{device}"
            if isinstance(device, int)
            else str(device)
        )
        return self._convert(None, name)

    def apply(self, fn: Any) -> Module:
        """Applies ``fn`` recursively to every submodule (as returned by `children`) as well
        as self.

        Children are visited first, depth first, then this module (torch's order). Typical
        use includes initializing the parameters of a model (see `eagertape.nn.init`).

        Args:
            fn (Callable[[Module], None]): function to be applied to each submodule.

        Returns:
            Module: self.
        """
        for child in self._modules.values():
            child.apply(fn)
        fn(self)
        return self

    def zero_grad(self, set_to_none: bool = True) -> None:
        """Release (or zero) the gradients of this module's parameters in the current
        session (``p.grad``)."""
        _core._zero_grad(self.parameters(), set_to_none)

    def requires_grad_(self, requires_grad: bool = True) -> Module:
        """Changes if autograd should record operations on parameters in this module.

        Sets ``requires_grad`` of every parameter (`parameters`, so submodules' too; buffers
        are not touched), in place. Useful for freezing part of a model for finetuning.

        Args:
            requires_grad (bool): whether autograd should record operations on parameters in
                this module. Default: ``True``.

        Returns:
            Module: self.
        """
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def extra_repr(self) -> str:
        """Returns the extra representation of the module.

        To print customized extra information, re-implement this method in your own modules:
        the string goes between the parentheses of the module's ``repr`` (single-line and
        multi-line strings are both acceptable). The base class returns ``""``.
        """
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
