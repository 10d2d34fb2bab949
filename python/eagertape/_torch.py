"""torch's namespace on the current session (docs/coming-from-pytorch.md): dtype
objects, module-level factories, grad modes, ``manual_seed``, ``topk``, ``multinomial``.

Every factory here converts its arguments and calls one method of the current session: the
one entered (``with sess:``), else the thread's default session.
"""

from __future__ import annotations

import builtins
import functools
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np
import torch

from . import _core, _errors
from ._core import (
    Session,
    Tensor,
    arange,
    bartlett_window,
    bernoulli,
    blackman_window,
    current_session,
    empty,
    eye,
    full,
    hamming_window,
    hann_window,
    is_grad_enabled,
    kaiser_window,
    linspace,
    logspace,
    manual_seed,
    multinomial,
    ones,
    rand,
    randint,
    randn,
    randperm,
    tril_indices,
    triu_indices,
    unique,
    zeros,
)
from ._errors import ArgumentError
from .func import vmap

if TYPE_CHECKING:
    from ._core import ArrayLike

__all__ = [
    "dtype",
    "float32",
    "float",
    "float64",
    "double",
    "float16",
    "half",
    "bfloat16",
    "int64",
    "long",
    "int32",
    "int",
    "bool",
    "current_session",
    "device",
    "is_tensor",
    "numel",
    "is_distributed",
    "set_default_dtype",
    "get_default_dtype",
    "result_type",
    "promote_types",
    "can_cast",
    "Generator",
    "vmap",
    "set_num_threads",
    "get_num_threads",
    "set_float32_matmul_precision",
    "get_float32_matmul_precision",
    "use_deterministic_algorithms",
    "are_deterministic_algorithms_enabled",
    "set_printoptions",
    "FloatTensor",
    "DoubleTensor",
    "HalfTensor",
    "BFloat16Tensor",
    "LongTensor",
    "IntTensor",
    "BoolTensor",
    "manual_seed",
    "is_grad_enabled",
    "no_grad",
    "enable_grad",
    "set_grad_enabled",
    "inference_mode",
    "is_inference_mode_enabled",
    "tensor",
    "as_tensor",
    "from_numpy",
    "zeros",
    "ones",
    "empty",
    "full",
    "eye",
    "hann_window",
    "hamming_window",
    "blackman_window",
    "bartlett_window",
    "kaiser_window",
    "logspace",
    "tril_indices",
    "triu_indices",
    "arange",
    "linspace",
    "rand",
    "randn",
    "randint",
    "randperm",
    "zeros_like",
    "ones_like",
    "empty_like",
    "full_like",
    "rand_like",
    "randn_like",
    "topk",
    "multinomial",
    "bernoulli",
    "normal",
    "searchsorted",
    "bucketize",
    "unique",
]


def device(type: object, index: builtins.int | None = None) -> torch.device:  # noqa: A002
    """Returns a device object, as ``torch.device(type, index)`` (torch's own class, which
    eagertape takes wherever torch does: ``device=``, ``x.to(device)``, ``model.to(device)``).

    Args:
        type (str, int or torch.device): ``"cpu"``, ``"cuda"``, ``"cuda:1"``, a CUDA index, or
            a device.
        index (int, optional): the device's index, with a type name. Default: ``None``.

    Returns:
        torch.device: the device.

    Examples:
        >>> import eagertape as et
        >>> et.device("cpu"), et.device("cuda", 1)
        (device(type='cpu'), device(type='cuda', index=1))
    """
    made: torch.device = torch.device(type) if index is None else torch.device(type, index)  # type: ignore[call-overload]
    return made


def set_default_dtype(d: object) -> None:
    """Sets the default floating dtype, as ``torch.set_default_dtype``: the dtype of the
    default session (the one a script without a ``with`` block runs in) and of the
    parameters of modules built without ``dtype=``.

    The thread's default session, if it holds another dtype, is replaced on its next use (its
    tensors then go with it): call it first, as torch advises. A session made with
    ``et.Session(dtype=...)`` keeps its own dtype.

    Args:
        d (dtype): ``et.float32``, ``et.float64``, ``et.float16`` or ``et.bfloat16`` (or
            torch's, or a name).

    Raises:
        TypeError: ``d`` is not a floating-point dtype (as torch's).

    Examples:
        >>> import eagertape as et
        >>> et.set_default_dtype(et.float64)
        >>> et.tensor([1.5]).dtype, et.nn.Linear(2, 2).weight.dtype
        ('float64', 'float64')
        >>> et.set_default_dtype(et.float32)
    """
    name = _dtype_name(d)
    if name not in ("float32", "float64", "float16", "bfloat16"):
        raise TypeError(f"only floating-point types are supported as the default type, got {d!r}")
    _core._set_default_dtype(name)


def get_default_dtype() -> dtype:
    """Returns the default floating dtype (`set_default_dtype`; ``et.float32`` until set), as
    ``torch.get_default_dtype``.

    Returns:
        dtype: the default dtype.

    Examples:
        >>> import eagertape as et
        >>> et.get_default_dtype()
        eagertape.float32
    """
    return dtype(_core._get_default_dtype())


def _meta(x: object) -> Any:
    """A torch stand-in for a promotion query: a meta tensor of an eagertape tensor's shape
    and dtype, a torch dtype for a dtype, a number as it is."""
    if isinstance(x, Tensor):
        held: str = {"ieee32": "float32", "interval": "float64"}.get(x.dtype, x.dtype)
        return torch.empty(x.shape, dtype=getattr(torch, held), device="meta")
    name = None if isinstance(x, builtins.bool | builtins.int | builtins.float) else _dtype_name(x)
    return getattr(torch, name) if name is not None else x


def result_type(tensor1: object, tensor2: object) -> dtype:
    """Returns the dtype of an arithmetic op on the two operands, by torch's type promotion
    (``torch.result_type``): categories first (bool < integer < floating), then a tensor with
    dimensions over a 0-d one over a Python number.

    Args:
        tensor1 (Tensor or number): the first operand.
        tensor2 (Tensor or number): the second operand.

    Returns:
        dtype: the result's dtype.

    Examples:
        >>> import eagertape as et
        >>> et.result_type(et.tensor([1, 2]), 1.0), et.result_type(et.tensor([1.0]), 5)
        (eagertape.float32, eagertape.float32)
    """
    # a Python float takes eagertape's default dtype (`set_default_dtype`), torch's rule
    before = torch.get_default_dtype()
    torch.set_default_dtype(getattr(torch, _core._get_default_dtype()))
    try:
        made = torch.result_type(_meta(tensor1), _meta(tensor2))
    finally:
        torch.set_default_dtype(before)
    return dtype(str(made).removeprefix("torch."))


def promote_types(type1: object, type2: object) -> dtype:
    """Returns the smallest dtype both dtypes convert to without losing their category, as
    ``torch.promote_types``.

    Args:
        type1 (dtype): a dtype.
        type2 (dtype): a dtype.

    Returns:
        dtype: the promoted dtype.

    Examples:
        >>> import eagertape as et
        >>> et.promote_types(et.int64, et.float32), et.promote_types(et.float16, et.bfloat16)
        (eagertape.float32, eagertape.float32)
    """
    made = torch.promote_types(_meta(type1), _meta(type2))
    return dtype(str(made).removeprefix("torch."))


def can_cast(from_: object, to: object) -> builtins.bool:
    """Whether a conversion from ``from_`` to ``to`` is allowed by torch's casting rules
    (``torch.can_cast``: not from floating to integer, nor from a number to bool).

    Args:
        from_ (dtype): the source dtype.
        to (dtype): the target dtype.

    Returns:
        bool: whether the cast is allowed.

    Examples:
        >>> import eagertape as et
        >>> et.can_cast(et.float64, et.float32), et.can_cast(et.float32, et.int64)
        (True, False)
    """
    return builtins.bool(torch.can_cast(_meta(from_), _meta(to)))


def is_tensor(obj: object) -> builtins.bool:
    """Returns True if `obj` is an eagertape tensor (a Parameter too), as `torch.is_tensor`.

    Args:
        obj (object): the object to test.

    Returns:
        bool: whether `obj` is an `eagertape.Tensor`.

    Examples:
        >>> import eagertape as et
        >>> et.is_tensor(et.zeros(2)), et.is_tensor([0.0, 0.0])
        (True, False)
    """
    return isinstance(obj, Tensor)


def numel(input: Tensor) -> builtins.int:  # noqa: A002  (torch's name)
    """Returns the total number of elements in the `input` tensor, as `torch.numel`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        int: the product of its sizes.

    Raises:
        TypeError: `input` is not an eagertape tensor.

    Examples:
        >>> import eagertape as et
        >>> et.numel(et.zeros(2, 3))
        6
    """
    if not isinstance(input, Tensor):
        raise TypeError(f"numel(): argument 'input' must be Tensor, not {type(input).__name__}")
    return input.numel()


def is_distributed(input: Tensor) -> builtins.bool:  # noqa: A002  (torch's name)
    """Returns whether `input` is a distributed tensor, as `torch.is_distributed`: False for
    every eagertape tensor (each lives whole on its session's device).

    Args:
        input (Tensor): the input tensor.

    Returns:
        bool: False.

    Raises:
        TypeError: `input` is not an eagertape tensor.

    Examples:
        >>> import eagertape as et
        >>> et.is_distributed(et.zeros(2))
        False
    """
    if not isinstance(input, Tensor):
        raise TypeError(
            f"is_distributed(): argument 'input' must be Tensor, not {type(input).__name__}"
        )
    return input.is_distributed()


class dtype(str):  # noqa: N801  (torch.dtype)
    """A dtype object (``et.float64``): equal to its name, so it is accepted wherever a dtype
    name is; ``repr`` is torch's spelling."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"eagertape.{str.__str__(self)}"

    @property
    def is_floating_point(self) -> builtins.bool:
        """Whether this is a floating-point dtype (float32, float64, float16 or bfloat16)."""
        return str.__str__(self) in ("float32", "float64", "float16", "bfloat16")


float32 = float = dtype("float32")  # noqa: A001
float64 = double = dtype("float64")
float16 = half = dtype("float16")
bfloat16 = dtype("bfloat16")
int64 = long = dtype("int64")
int32 = int = dtype("int32")  # noqa: A001
bool = dtype("bool")  # noqa: A001


def _dtype_name(value: object) -> str | None:
    """A dtype argument (None, an eagertape dtype, a name, a torch dtype) as a name."""
    if value is None:
        return None
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, torch.dtype):
        return str(value).removeprefix("torch.")
    if value in (builtins.float, builtins.int, builtins.bool):
        return {builtins.float: None, builtins.int: "int64", builtins.bool: "bool"}[value]
    raise TypeError(f"dtype must be an eagertape or torch dtype or a name, got {value!r}")


def _current(device: object) -> Session:
    """The current session, checking a ``device=`` argument against its device (a tensor
    lives on its session's)."""
    sess = current_session()
    sess._check_device(device)
    return sess


def _sizes(size: tuple[Any, ...]) -> tuple[builtins.int, ...]:
    if len(size) == 1 and isinstance(size[0], Sequence | torch.Size):
        return tuple(size[0])
    return tuple(size)


def _made(
    t: Tensor, requires_grad: builtins.bool, sess: Session
) -> Tensor:  # a factory result as a leaf that requires grad, when asked
    if requires_grad:  # the leaf keeps the factory's dtype (float64 in a float32 session)
        return sess.input(t, requires_grad=True, dtype=t.dtype)
    return t


def tensor(
    data: Any,
    *,
    dtype: object = None,
    device: object = None,
    requires_grad: builtins.bool = False,
    pin_memory: builtins.bool = False,
) -> Tensor:
    """Constructs a tensor with no autograd history by copying `data` into the current session.

    `data` may be a numpy array, a (nested) list, a Python number, a torch tensor or an
    eagertape tensor (detached first). It is recorded as an input leaf on the session's tape:
    floating data in the session's dtype unless `dtype` names another floating dtype (a tensor
    of another dtype inside the session, as torch's), integer and bool data in a data dtype
    (`int64`, `int32`, `bool`: indices and masks).

    Args:
        data: the initial data for the tensor.
        dtype (eagertape.dtype, optional): any floating dtype (`float32`, `float64`,
            `float16`, `bfloat16`) or data dtype; a name, a torch dtype or Python's `float`
            (the session's dtype), `int` or `bool` are accepted too. Default: ``None``
            (inferred from `data`).
        device (str or torch.device, optional): checked against the session's device (a tensor
            lives on its session's). Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result, read
            through its `.grad`. Default: ``False``.
        pin_memory (bool): accepted for PyTorch compatibility; ignored. Default: ``False``.

    Returns:
        Tensor: a new leaf of the current session.

    Raises:
        ConfigError: a dtype eagertape does not have (complex, 8- and 16-bit integers).
        DeviceError: `device` is not the session's device.
        GradError: `requires_grad=True` for integer or bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     x.dtype, x.tolist()
        ('float32', [[1.0, 2.0], [3.0, 4.0]])
    """
    sess = _current(device)
    if isinstance(data, Tensor):
        data = data.detach()
    name = _dtype_name(dtype)
    _check_int_fill(data, name)
    return sess.input(data, requires_grad=requires_grad, dtype=name)


# The range of each integer dtype a Python number must fall in (torch's checked_convert).
_INT_LIMIT = {"int64": 2.0**63, "int32": 2.0**31}


def _check_int_fill(data: Any, name: str | None) -> None:
    """torch refuses Python numbers an integer dtype cannot hold (NaN, ±inf, out of range)
    instead of storing garbage; numpy arrays convert as numpy casts them, as torch's do."""
    limit = _INT_LIMIT.get(name or "")
    if limit is None or not isinstance(data, builtins.float | builtins.list | tuple):
        return
    values = np.asarray(data, dtype=object).ravel()
    for v in values:
        if isinstance(v, builtins.float) and not (-limit <= v < limit):
            raise _errors.BackendError(f"value cannot be converted to type {name} without overflow")


def as_tensor(data: Any, dtype: object = None, device: object = None) -> Tensor:
    """Converts `data` into a tensor of the current session, sharing it where possible.

    An eagertape tensor whose dtype matches `dtype` (or with `dtype=None`) is returned as it
    is; anything else is copied in as by `eagertape.tensor` (so, unlike `torch.as_tensor`, a
    numpy array's memory is never shared).

    Args:
        data: the initial data (a tensor, numpy array, list or number).
        dtype (eagertape.dtype, optional): the wanted dtype, as for `eagertape.tensor`.
            Default: ``None`` (that of `data`).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.

    Returns:
        Tensor: `data` itself, or a new leaf of the current session.

    Raises:
        ConfigError: a dtype eagertape does not have (complex, 8- and 16-bit integers).
        DeviceError: `device` is not the session's device.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, 2.0])
        ...     et.as_tensor(x) is x, et.as_tensor([1, 2]).tolist()
        (True, [1, 2])
    """
    if isinstance(data, Tensor) and (dtype is None or _dtype_name(dtype) == data.dtype):
        return data
    return tensor(data, dtype=dtype, device=device)


def from_numpy(array: np.ndarray) -> Tensor:
    """Creates a tensor of the current session from a `numpy.ndarray`.

    Unlike `torch.from_numpy`, the array is copied (as by `eagertape.tensor`), since a value
    the tape holds must not change under it: later writes to the array do not show in the
    tensor. Floating arrays take the session's dtype.

    Args:
        array (numpy.ndarray): the array to copy.

    Returns:
        Tensor: a new leaf of the current session.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> with et.Session():
        ...     t = et.from_numpy(np.arange(3))
        ...     t.dtype, t.tolist()
        ('int64', [0, 1, 2])
    """
    if not isinstance(array, np.ndarray):
        raise TypeError(f"expected np.ndarray (got {type(array).__name__})")
    return tensor(array)


# torch's `empty` leaves the values unspecified; eagertape's are zeros.


def normal(
    mean: Tensor | builtins.float,
    std: Tensor | builtins.float = 1.0,
    size: Sequence[builtins.int] | None = None,
    *,
    generator: object = None,
    dtype: object = None,
    device: object = None,
    requires_grad: builtins.bool = False,
) -> Tensor:
    """Returns a tensor of random numbers drawn from separate normal distributions whose
    mean and standard deviation are given.

    The result is ``mean + std * z`` for standard normal draws ``z`` of the session's
    generator. `mean` and `std` are tensors (broadcast together; the result belongs to
    their session) or numbers (then `size` is required and the result belongs to the current
    session). The result is data: no gradient flows to a tensor `mean` or `std` (torch's
    gradient there is zero).

    Args:
        mean (Tensor or float): the mean of each element's distribution.
        std (Tensor or float): the standard deviation of each element's distribution,
            non-negative. Default: ``1.0``.
        size (sequence of int, optional): the shape of the result, when `mean` and `std` are
            both numbers. Default: ``None``.
        generator: not supported (the session's generator draws); must be ``None``.
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``.
        device (str or torch.device, optional): checked against the current session's device
            when `mean` and `std` are numbers. Default: ``None``.
        requires_grad (bool): with number `mean` and `std`, whether backward computes a
            gradient for the result; ignored otherwise. Default: ``False``.

    Returns:
        Tensor: the drawn values.

    Raises:
        ArgumentError: a negative `std`, number `mean` and `std` without `size`, or a
            `generator`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(seed=0):
        ...     tuple(et.normal(2.0, 3.0, (4, 2)).shape)
        ...     et.normal(et.tensor([1.0, 2.0]), 0.0).tolist()
        (4, 2)
        [1.0, 2.0]
    """
    tensors = isinstance(mean, Tensor) or isinstance(std, Tensor)
    sess = None if tensors else _current(device)
    shape = None if size is None else list(_sizes(tuple(size)))
    t = _core._normal(mean, std, shape, generator)
    want = _dtype_name(dtype)
    if want is not None and want != t.dtype:
        t = t.to(want)
    return t if sess is None else _made(t, requires_grad, sess)


def searchsorted(
    sorted_sequence: Tensor,
    input: Tensor | ArrayLike | builtins.float,  # noqa: A002
    *,
    out_int32: builtins.bool = False,
    right: builtins.bool = False,
    side: str | None = None,
    sorter: Tensor | ArrayLike | None = None,
) -> Tensor:
    """Finds the indices from the innermost dimension of `sorted_sequence` such that, if the
    corresponding values in `input` were inserted before the indices, the order of the
    corresponding innermost dimension within `sorted_sequence` would be preserved.

    A 1-D `sorted_sequence` serves every value of `input`; otherwise its leading dimensions
    match `input`'s. The result carries no gradient.

    Args:
        sorted_sequence (Tensor): a tensor sorted along its innermost dimension (unless
            `sorter` is given).
        input (Tensor or Scalar): the values to search for.
        out_int32 (bool): whether the result is `int32` instead of `int64`. Default: ``False``.
        right (bool): if ``True``, return the last suitable index (after elements equal to the
            value) instead of the first. Default: ``False``.
        side (str, optional): ``"left"`` or ``"right"``, the same as `right`; when given it
            takes precedence. Default: ``None``.
        sorter (Tensor, optional): `int64` indices that sort `sorted_sequence` along its
            innermost dimension. Default: ``None``.

    Returns:
        Tensor: the insertion indices, of `input`'s shape.

    Raises:
        ArgumentError: `side` is neither ``"left"`` nor ``"right"``, or ``side="left"`` with
            ``right=True``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     s = et.tensor([1.0, 3.0, 5.0, 7.0])
        ...     v = et.tensor([3.0, 6.0])
        ...     et.searchsorted(s, v).tolist(), et.searchsorted(s, v, right=True).tolist()
        ([1, 3], [2, 3])
    """
    if side is not None:
        if side not in ("left", "right"):
            raise ArgumentError(f"searchsorted(): side must be 'left' or 'right', got {side!r}")
        if right and side == "left":
            raise ArgumentError("searchsorted(): side='left' and right=True contradict")
        right = side == "right"
    if sorter is not None:
        sorted_sequence = sorted_sequence.gather(-1, sorter)
    return _core._searchsorted(
        sorted_sequence, input, builtins.bool(right), builtins.bool(out_int32)
    )


def bucketize(
    input: Tensor | ArrayLike | builtins.float,  # noqa: A002
    boundaries: Tensor,
    *,
    out_int32: builtins.bool = False,
    right: builtins.bool = False,
) -> Tensor:
    """Returns the indices of the buckets to which each value in `input` belongs, where the
    boundaries of the buckets are set by `boundaries`.

    With ``right=False``, the index ``i`` of a value ``v`` satisfies
    ``boundaries[i - 1] < v <= boundaries[i]``; with ``right=True``,
    ``boundaries[i - 1] <= v < boundaries[i]`` (as `eagertape.searchsorted` with a 1-D
    sequence). The result carries no gradient.

    Args:
        input (Tensor or Scalar): the values to place.
        boundaries (Tensor): 1-D, increasing bucket boundaries.
        out_int32 (bool): whether the result is `int32` instead of `int64`. Default: ``False``.
        right (bool): see above. Default: ``False``.

    Returns:
        Tensor: the bucket indices, of `input`'s shape.

    Raises:
        ArgumentError: `boundaries` is not a 1-D tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     b = et.tensor([1.0, 3.0, 5.0, 7.0])
        ...     et.bucketize(et.tensor([3.0, 6.0, 9.0]), b).tolist()
        [1, 3, 4]
    """
    if not isinstance(boundaries, Tensor) or boundaries.ndim != 1:
        raise ArgumentError("bucketize(): boundaries must be a 1-D tensor")
    return _core._searchsorted(boundaries, input, builtins.bool(right), builtins.bool(out_int32))


def _like(name: str) -> Callable[..., Tensor]:
    base: Callable[..., Tensor] = globals()[name]  # a factory of this module

    def make(
        input: Tensor,  # noqa: A002
        *,
        dtype: object = None,
        device: object = None,
        requires_grad: builtins.bool = False,
    ) -> Tensor:
        return base(
            *input.shape, dtype=dtype or input.dtype, device=device, requires_grad=requires_grad
        )

    make.__name__ = make.__qualname__ = f"{name}_like"
    return make


zeros_like = _like("zeros")
zeros_like.__doc__ = """Returns a tensor filled with the scalar value 0, the size of `input`.

The result belongs to the current session (not necessarily `input`'s) and has `input`'s
shape and, unless `dtype` says otherwise, its dtype.

Args:
    input (Tensor): the size (and default dtype) of `input` will determine those of the
        result.
    dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (`input`'s).
    device (str or torch.device, optional): checked against the session's device.
        Default: ``None``.
    requires_grad (bool): whether backward computes a gradient for the result.
        Default: ``False``.

Returns:
    Tensor: a new tensor of the current session.

Raises:
    DeviceError: `device` is not the session's device.

Examples:
    >>> import eagertape as et
    >>> with et.Session():
    ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
    ...     et.zeros_like(x).tolist()
    [[0.0, 0.0], [0.0, 0.0]]
"""
ones_like = _like("ones")
ones_like.__doc__ = """Returns a tensor filled with the scalar value 1, the size of `input`.

The result belongs to the current session (not necessarily `input`'s) and has `input`'s
shape and, unless `dtype` says otherwise, its dtype.

Args:
    input (Tensor): the size (and default dtype) of `input` will determine those of the
        result.
    dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (`input`'s).
    device (str or torch.device, optional): checked against the session's device.
        Default: ``None``.
    requires_grad (bool): whether backward computes a gradient for the result.
        Default: ``False``.

Returns:
    Tensor: a new tensor of the current session.

Raises:
    DeviceError: `device` is not the session's device.

Examples:
    >>> import eagertape as et
    >>> with et.Session():
    ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
    ...     et.ones_like(x, dtype=et.int64).tolist()
    [[1, 1], [1, 1]]
"""
empty_like = _like("zeros")
empty_like.__name__ = "empty_like"
empty_like.__doc__ = """Returns a tensor with the same size as `input`, as `torch.empty_like`.

The result belongs to the current session (not necessarily `input`'s) and has `input`'s
shape and, unless `dtype` says otherwise, its dtype. Unlike torch's, the values
are zeros, not uninitialized.

Args:
    input (Tensor): the size (and default dtype) of `input` will determine those of the
        result.
    dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (`input`'s).
    device (str or torch.device, optional): checked against the session's device.
        Default: ``None``.
    requires_grad (bool): whether backward computes a gradient for the result.
        Default: ``False``.

Returns:
    Tensor: a new tensor of the current session.

Raises:
    DeviceError: `device` is not the session's device.

Examples:
    >>> import eagertape as et
    >>> with et.Session():
    ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
    ...     et.empty_like(x).tolist()
    [[0.0, 0.0], [0.0, 0.0]]
"""
rand_like = _like("rand")
rand_like.__doc__ = """Returns a tensor the size of `input` filled with random numbers from a
uniform distribution on the interval ``[0, 1)``.

The result belongs to the current session (not necessarily `input`'s) and has `input`'s
shape and, unless `dtype` says otherwise, its dtype. The numbers are drawn from
the session's generator, as by `eagertape.rand`.

Args:
    input (Tensor): the size (and default dtype) of `input` will determine those of the
        result.
    dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (`input`'s).
    device (str or torch.device, optional): checked against the session's device.
        Default: ``None``.
    requires_grad (bool): whether backward computes a gradient for the result.
        Default: ``False``.

Returns:
    Tensor: a new tensor of the current session.

Raises:
    DeviceError: `device` is not the session's device.

Examples:
    >>> import eagertape as et
    >>> with et.Session():
    ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
    ...     tuple(et.rand_like(x).shape)
    (2, 2)
"""
randn_like = _like("randn")
randn_like.__doc__ = """Returns a tensor the size of `input` filled with random numbers from a
normal distribution with mean 0 and variance 1.

The result belongs to the current session (not necessarily `input`'s) and has `input`'s
shape and, unless `dtype` says otherwise, its dtype. The numbers are drawn from
the session's generator, as by `eagertape.randn`.

Args:
    input (Tensor): the size (and default dtype) of `input` will determine those of the
        result.
    dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (`input`'s).
    device (str or torch.device, optional): checked against the session's device.
        Default: ``None``.
    requires_grad (bool): whether backward computes a gradient for the result.
        Default: ``False``.

Returns:
    Tensor: a new tensor of the current session.

Raises:
    DeviceError: `device` is not the session's device.

Examples:
    >>> import eagertape as et
    >>> with et.Session():
    ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
    ...     tuple(et.randn_like(x).shape)
    (2, 2)
"""


def full_like(
    input: Tensor,  # noqa: A002
    fill_value: builtins.float | builtins.int | builtins.bool,
    *,
    dtype: object = None,
    device: object = None,
    requires_grad: builtins.bool = False,
) -> Tensor:
    """Returns a tensor with the same size as `input` filled with `fill_value`.

    The result belongs to the current session (not necessarily `input`'s) and has `input`'s
    dtype unless `dtype` says otherwise.

    Args:
        input (Tensor): the size (and default dtype) of `input` will determine those of the
            result.
        fill_value (Scalar): the number to fill the result with.
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (`input`'s).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result.
            Default: ``False``.

    Returns:
        Tensor: a new tensor of the current session.

    Raises:
        DeviceError: `device` is not the session's device.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.full_like(et.zeros(2, 2), 3).tolist()
        [[3.0, 3.0], [3.0, 3.0]]
    """
    return full(
        input.shape,
        fill_value,
        dtype=dtype or input.dtype,
        device=device,
        requires_grad=requires_grad,
    )


topk = _core.topk


_F = TypeVar("_F", bound=Callable[..., Any])


def _in_mode(fn: _F, mode: builtins.bool) -> _F:
    """``fn`` run with this thread's grad mode set to ``mode`` (restored after)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        prev = _core._set_grad_enabled(mode)
        try:
            return fn(*args, **kwargs)
        finally:
            _core._set_grad_enabled(prev)

    return wrapper  # type: ignore[return-value]


class set_grad_enabled:  # noqa: N801  (torch.set_grad_enabled)
    """Context manager that sets gradient calculation on or off.

    As `torch.set_grad_enabled`, the call itself sets this thread's grad mode (so it also
    works as a plain function call); used as a context manager it restores the previous mode
    on exit, and used as a decorator it restores it at once and sets `mode` around each call
    of the decorated function. With grad disabled, ops record nothing for backward (as inside
    `eagertape.no_grad`).

    Args:
        mode (bool): whether to enable (``True``) or disable (``False``) gradient recording.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0], requires_grad=True)
        ...     with et.set_grad_enabled(False):
        ...         y = x * 2
        ...     y.requires_grad, (x * 2).requires_grad
        (False, True)
    """

    def __init__(self, mode: builtins.bool) -> None:
        self.prev = _core._set_grad_enabled(mode)
        self.mode = mode

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        _core._set_grad_enabled(self.prev)

    def __call__(self, fn: _F) -> _F:
        _core._set_grad_enabled(self.prev)
        return _in_mode(fn, self.mode)


class _GradMode:
    """A context manager and decorator that sets the grad mode to ``_mode`` inside."""

    _mode = False

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        # torch's bare decorator: `@et.no_grad` (no parentheses) is `@et.no_grad()`: the
        # class is handed the function, and returns it decorated instead of an instance.
        if len(args) == 1 and not kwargs and callable(args[0]):
            return cls()(args[0])
        return super().__new__(cls)

    def __init__(self) -> None:
        self._prev: list[builtins.bool] = []

    def __enter__(self) -> None:
        self._prev.append(_core._set_grad_enabled(self._mode))

    def __exit__(self, *exc: object) -> None:
        _core._set_grad_enabled(self._prev.pop())

    def __call__(self, fn: _F) -> _F:
        return _in_mode(fn, self._mode)


class no_grad(_GradMode):  # noqa: N801  (torch.no_grad)
    """Context manager (and decorator) that disables gradient recording, as `torch.no_grad`.

    Nothing recorded inside is kept for backward, and each value lives exactly as long as its
    handles (an evaluation loop never grows the tape). As a decorator it is written
    ``@et.no_grad()`` or, as torch allows, ``@et.no_grad``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0], requires_grad=True)
        ...     with et.no_grad():
        ...         y = x * 2
        ...     y.requires_grad
        False
    """

    _mode = False


class enable_grad(_GradMode):  # noqa: N801
    """Context manager (and decorator) that enables gradient recording inside a `no_grad`
    block, as `torch.enable_grad`; a decorator is written ``@et.enable_grad()`` or
    ``@et.enable_grad``."""

    _mode = True


class inference_mode(_GradMode):  # noqa: N801
    """Context manager (and decorator, when called) that enables or disables inference mode.

    In eagertape inference mode is `eagertape.no_grad`: nothing is recorded for backward and
    each value lives exactly as long as its handles. There are no inference tensors: results
    made inside behave as any tensor made under `no_grad`. As in torch, ``mode=False`` turns
    gradient recording on inside.

    Args:
        mode (bool): whether to enable inference mode (disable gradients). Default: ``True``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0], requires_grad=True)
        ...     with et.inference_mode():
        ...         y = x * 2
        ...     y.requires_grad
        False
    """

    def __init__(self, mode: builtins.bool = True) -> None:
        super().__init__()
        self._mode = not mode

    def __enter__(self) -> None:
        super().__enter__()
        _inference_modes().append(not self._mode)

    def __exit__(self, *exc: object) -> None:
        _inference_modes().pop()
        super().__exit__(*exc)

    def __call__(self, fn: _F) -> _F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with self:
                return fn(*args, **kwargs)

        return wrapper  # type: ignore[return-value]


# This thread's entered `inference_mode` blocks, innermost last: each one's mode.
_INFERENCE = threading.local()


def _inference_modes() -> list[builtins.bool]:
    modes: list[builtins.bool] | None = getattr(_INFERENCE, "modes", None)
    if modes is None:
        modes = _INFERENCE.modes = []
    return modes


def is_inference_mode_enabled() -> builtins.bool:
    """Returns whether this thread is inside an `inference_mode` block (the innermost one's
    ``mode``), as ``torch.is_inference_mode_enabled``.

    Returns:
        bool: whether inference mode is on.

    Examples:
        >>> import eagertape as et
        >>> with et.inference_mode():
        ...     et.is_inference_mode_enabled()
        True
        >>> et.is_inference_mode_enabled()
        False
    """
    modes = _inference_modes()
    return modes[-1] if modes else False


class _LegacyTensorType(type):
    """The metaclass of torch's legacy tensor types: ``isinstance(x, et.LongTensor)`` holds
    for an eagertape tensor of that dtype, as torch's does."""

    _dtype: str

    def __instancecheck__(cls, obj: object) -> builtins.bool:
        return isinstance(obj, Tensor) and obj.dtype == cls._dtype


class _LegacyTensor(metaclass=_LegacyTensorType):
    _dtype = "float32"

    def __new__(cls, *args: Any, device: object = None) -> Tensor:  # type: ignore[misc]
        if len(args) == 1 and not isinstance(args[0], builtins.int | torch.Size):
            return tensor(args[0], dtype=cls._dtype, device=device)
        sizes = _sizes(args) if args else (0,)
        return empty(*sizes, dtype=cls._dtype, device=device)


class FloatTensor(_LegacyTensor):
    """torch's legacy ``FloatTensor``: ``FloatTensor(data)`` is ``et.tensor(data,
    dtype=et.float32)``, ``FloatTensor(*sizes)`` an uninitialised ``et.empty(*sizes,
    dtype=et.float32)``; ``isinstance(x, et.FloatTensor)`` checks the dtype.

    Args:
        *args: the data (a list, an array, a tensor) or the sizes.
        device (str or torch.device, optional): as the factories'. Default: ``None``.

    Examples:
        >>> import eagertape as et
        >>> x = et.FloatTensor([1, 2])
        >>> x.dtype, isinstance(x, et.FloatTensor), isinstance(x, et.LongTensor)
        ('float32', True, False)
    """

    _dtype = "float32"


class DoubleTensor(_LegacyTensor):
    """torch's legacy ``DoubleTensor`` (float64); see `FloatTensor`.

    Args:
        *args: the data or the sizes.
        device (str or torch.device, optional): as the factories'. Default: ``None``.
    """

    _dtype = "float64"


class HalfTensor(_LegacyTensor):
    """torch's legacy ``HalfTensor`` (float16); see `FloatTensor`.

    Args:
        *args: the data or the sizes.
        device (str or torch.device, optional): as the factories'. Default: ``None``.
    """

    _dtype = "float16"


class BFloat16Tensor(_LegacyTensor):
    """torch's legacy ``BFloat16Tensor`` (bfloat16); see `FloatTensor`.

    Args:
        *args: the data or the sizes.
        device (str or torch.device, optional): as the factories'. Default: ``None``.
    """

    _dtype = "bfloat16"


class LongTensor(_LegacyTensor):
    """torch's legacy ``LongTensor`` (int64); see `FloatTensor`.

    Args:
        *args: the data or the sizes.
        device (str or torch.device, optional): as the factories'. Default: ``None``.

    Examples:
        >>> import eagertape as et
        >>> et.LongTensor([3, 1]).tolist(), et.LongTensor(2).shape
        ([3, 1], (2,))
    """

    _dtype = "int64"


class IntTensor(_LegacyTensor):
    """torch's legacy ``IntTensor`` (int32); see `FloatTensor`.

    Args:
        *args: the data or the sizes.
        device (str or torch.device, optional): as the factories'. Default: ``None``.
    """

    _dtype = "int32"


class BoolTensor(_LegacyTensor):
    """torch's legacy ``BoolTensor`` (bool); see `FloatTensor`.

    Args:
        *args: the data or the sizes.
        device (str or torch.device, optional): as the factories'. Default: ``None``.
    """

    _dtype = "bool"


class Generator(torch.Generator):
    """torch's ``Generator`` (this class subclasses it): a CPU or CUDA random-number generator
    for what draws from torch's generators in eagertape, ``DataLoader``'s and the samplers'
    shuffles, ``random_split``, ``nn.init``'s functions (``generator=``). A session's own
    draws (``et.randn``, dropout) come from the session's generator, which takes no
    ``generator=`` other than ``None``.

    Args:
        device (str or torch.device): the generator's device. Default: ``"cpu"``.

    Examples:
        >>> import eagertape as et
        >>> from eagertape.utils.data import random_split
        >>> a, b = random_split(range(10), [7, 3], generator=et.Generator().manual_seed(42))
        >>> len(a), len(b)
        (7, 3)
    """


def set_num_threads(int: builtins.int) -> None:  # noqa: A002  (torch's name)
    """Sets the number of threads LibTorch's CPU kernels use (``torch.set_num_threads``: the
    same LibTorch computes eagertape's ops).

    Args:
        int (int): the number of threads.
    """
    torch.set_num_threads(int)


def get_num_threads() -> builtins.int:
    """Returns the number of threads LibTorch's CPU kernels use (``torch.get_num_threads``).

    Returns:
        int: the number of threads.
    """
    return torch.get_num_threads()


def set_float32_matmul_precision(precision: str) -> None:
    """Sets the internal precision of float32 matrix products, as
    ``torch.set_float32_matmul_precision`` (LibTorch's setting, which eagertape's products
    follow): ``"highest"``, ``"high"`` (TF32 on CUDA) or ``"medium"``.

    Args:
        precision (str): ``"highest"``, ``"high"`` or ``"medium"``.
    """
    torch.set_float32_matmul_precision(precision)


def get_float32_matmul_precision() -> str:
    """Returns the float32 matrix product precision (``torch.get_float32_matmul_precision``).

    Returns:
        str: ``"highest"``, ``"high"`` or ``"medium"``.
    """
    return torch.get_float32_matmul_precision()


def use_deterministic_algorithms(mode: builtins.bool, *, warn_only: builtins.bool = False) -> None:
    """Makes LibTorch choose deterministic kernels (or raise where it has none), as
    ``torch.use_deterministic_algorithms``; eagertape's ops run LibTorch's kernels.

    Args:
        mode (bool): whether to use deterministic algorithms only.
        warn_only (bool): warn instead of raising where an op has no deterministic kernel.
            Default: ``False``.
    """
    torch.use_deterministic_algorithms(mode, warn_only=warn_only)


def are_deterministic_algorithms_enabled() -> builtins.bool:
    """Whether `use_deterministic_algorithms` is on, as
    ``torch.are_deterministic_algorithms_enabled``.

    Returns:
        bool: the flag.
    """
    return torch.are_deterministic_algorithms_enabled()


def set_printoptions(
    precision: builtins.int | None = None,
    threshold: builtins.int | None = None,
    edgeitems: builtins.int | None = None,
    linewidth: builtins.int | None = None,
    profile: str | None = None,
    sci_mode: builtins.bool | None = None,
) -> None:
    """Sets the print options of tensors, as ``torch.set_printoptions`` (eagertape prints its
    tensors with torch's printer, so they follow them).

    Args:
        precision (int, optional): digits after the point. Default: ``None`` (unchanged).
        threshold (int, optional): elements above which a summary prints. Default: ``None``.
        edgeitems (int, optional): items at each edge of a summary. Default: ``None``.
        linewidth (int, optional): characters per line. Default: ``None``.
        profile (str, optional): ``"default"``, ``"short"`` or ``"full"``. Default: ``None``.
        sci_mode (bool, optional): scientific notation on or off. Default: ``None`` (torch's
            choice).
    """
    torch.set_printoptions(  # type: ignore[no-untyped-call]
        precision=precision,
        threshold=threshold,
        edgeitems=edgeitems,
        linewidth=linewidth,
        profile=profile,
        sci_mode=sci_mode,
    )
