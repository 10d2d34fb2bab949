"""Type stubs for the Rust extension `eagertape._core`."""

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Literal, NamedTuple, NoReturn, Self, TypeAlias, final, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

from ._profile import TapeProfile

# Builtins by other names: Tensor's methods float(), int() and bool() shadow them in its body.
_float: TypeAlias = float
_int: TypeAlias = int
_bool: TypeAlias = bool

ArrayLike = npt.ArrayLike
DTypeName = Literal["float32", "float64", "float16", "bfloat16", "ieee32", "interval"]
DataDTypeName = Literal["int64", "int32", "bool"]

# torch's named results (`torch.return_types.*`), made by the extension (src/python/declared/returns.rs).

class MaxResult(NamedTuple):
    """What `Tensor.max(dim)` returns, as torch's `torch.return_types.max`."""

    values: Tensor
    indices: Tensor

class MinResult(NamedTuple):
    """What `Tensor.min(dim)` returns, as torch's `torch.return_types.min`."""

    values: Tensor
    indices: Tensor

class SortResult(NamedTuple):
    """`sort`'s result: `values` (differentiable) and int64 `indices`."""

    values: Tensor
    indices: Tensor

class TopkResult(NamedTuple):
    """`topk`'s result: `values` (differentiable) and int64 `indices`."""

    values: Tensor
    indices: Tensor

class KthvalueResult(NamedTuple):
    """`kthvalue`'s result: `values` (differentiable) and int64 `indices`."""

    values: Tensor
    indices: Tensor

class MedianResult(NamedTuple):
    """`median(dim)`'s result: `values` (differentiable) and int64 `indices`."""

    values: Tensor
    indices: Tensor

class ModeResult(NamedTuple):
    """`mode`'s result: `values` (differentiable) and int64 `indices`."""

    values: Tensor
    indices: Tensor

class CummaxResult(NamedTuple):
    """`cummax`'s result: `values` (differentiable) and int64 `indices`."""

    values: Tensor
    indices: Tensor

class CumminResult(NamedTuple):
    """`cummin`'s result: `values` (differentiable) and int64 `indices`."""

    values: Tensor
    indices: Tensor

class AminmaxResult(NamedTuple):
    """`aminmax`'s result: `min` and `max` (each differentiable)."""

    min: Tensor
    max: Tensor

class SlogdetResult(NamedTuple):
    """`slogdet`'s result: the determinants' `sign` (no gradient) and `logabsdet`."""

    sign: Tensor
    logabsdet: Tensor

class GeqrfResult(NamedTuple):
    """`geqrf`'s result: the Householder form `a` and its scalars `tau`."""

    a: Tensor
    tau: Tensor

class FrexpResult(NamedTuple):
    """`frexp`'s result: the `mantissa` (in ``[0.5, 1)``) and the int32 `exponent`."""

    mantissa: Tensor
    exponent: Tensor

class HistogramResult(NamedTuple):
    """`histogram`'s result: the counts `hist` and the bins' edges `bin_edges`."""

    hist: Tensor
    bin_edges: Tensor

@final
class Config:
    """A session's configuration: an immutable value (`replace(**fields)` makes a changed copy).

    Args:
        device: `"cpu"`, `"cuda"` or `"cuda:N"`; `None` is the default device
            (`et.set_default_device`) for the native carriers, else the CPU.
        dtype: the carrier: `float32` (default), `float64`, `float16`, `bfloat16` on LibTorch;
            `ieee32` or `interval` on the reference CPU backend.
        seed: the session generator's seed.
        backend: `None` (the carrier's own), `"libtorch"` or `"reference"`.
        grad_enabled: whether ops are recorded for a backward.
        requires_grad_by_default: whether `sess.input` data requires a gradient.
        show_backend: whether the session prints (to stderr) the backend each op runs on,
            once per op.

    `for_scalar()` resolves a CPU-only carrier asked for on CUDA to the CPU (one
    `CpuCarrierWarning`); a native carrier keeps its device, so a missing GPU is an error
    when the session is made, never a quiet fallback.

    Examples:
        >>> import eagertape as et
        >>> cfg = et.Config(dtype="float64", seed=1)
        >>> cfg.replace(seed=2).seed, cfg.seed
        (2, 1)
    """

    def __new__(
        cls,
        device: str | None = None,
        dtype: DTypeName | Any | None = None,
        seed: int = 0,
        backend: str | None = None,
        grad_enabled: bool = True,
        requires_grad_by_default: bool = False,
        show_backend: bool = False,
    ) -> Self: ...
    @property
    def device(self) -> str:
        """The device (str): `"cpu"`, `"cuda"` or `"cuda:N"`."""
    @property
    def dtype(self) -> DTypeName:
        """The carrier dtype's name (str), e.g. `"float32"` or `"interval"`."""
    @property
    def seed(self) -> int:
        """The seed of the session's generator (int)."""
    @property
    def backend(self) -> str | None:
        """The backend asked for (str or None): `None` (the carrier's own), `"libtorch"` or
        `"reference"`.
        """
    @property
    def grad_enabled(self) -> bool:
        """Whether the session records ops for a backward (bool); `et.no_grad()` turns
        recording off for a block either way.
        """
    @property
    def requires_grad_by_default(self) -> bool:
        """Whether floating data given to `sess.input` without `requires_grad=` requires a
        gradient (bool).
        """
    @property
    def show_backend(self) -> bool:
        """Whether the session prints (to stderr) the backend each op runs on, once per op
        (bool).
        """
    def replace(self, **fields: Any) -> Config:
        """Returns a copy of this config with the given fields changed (a config is
        immutable).

        Unlike the constructor, a changed `dtype` or `backend` leaves the device as it is.

        Args:
            **kw: the fields to change, by the constructor's names: `device`, `dtype`,
                `seed`, `backend`, `grad_enabled`, `requires_grad_by_default`,
                `show_backend`.

        Returns:
            Config: the changed copy.

        Raises:
            ConfigError: an unknown field, dtype, device or backend (a backend that cannot
                run the dtype is refused when a session is made).

        Examples:
            >>> import eagertape as et
            >>> et.Config(seed=1).replace(dtype="float64").dtype
            'float64'
        """
    def for_scalar(self) -> Config:
        """The config a session actually runs with (invariant 1): a CPU-only carrier asked
        for CUDA gets device `cpu` and one `CpuCarrierWarning`.
        """

@final
class Session:
    """A session: one tape, its generation counter, a random-number state and a resolved
    `Config` (device, dtype, seed, backend, grad mode).

    Every tensor belongs to one session and computes in its dtype on its device.
    `with sess:` makes it the thread's current session (torch-style code uses it) and
    resets its tape on exit. Sessions are independent: a reset or an optimizer update in
    one never changes a value another holds.

    Args:
        config (Config | None): the session's configuration. Default: ``None`` (a
            `Config` made from `fields`).
        **fields: a `Config`'s fields as keywords, instead of `config`: `dtype=`,
            `device=`, `seed=`, `backend=`, `grad_enabled=`, `requires_grad_by_default=`,
            `show_backend=`.

    Raises:
        ConfigError: an unknown dtype, device or backend, or a backend that cannot run on
            the device.
        DeviceUnavailableError: a CUDA device with no usable GPU.

    Examples:
        >>> import eagertape as et
        >>> sess = et.Session(dtype="float64", seed=0)
        >>> sess.generation, sess.tape_len
        (0, 0)
    """

    def __new__(cls, config: Config | None = None, **fields: Any) -> Self: ...
    @property
    def id(self) -> int:
        """The session's id (int): unique in the process; every tensor handle names it."""
    @property
    def generation(self) -> int:
        """The tape's generation (int): 0 at first, + 1 at each `reset_tape()` (leaving a
        `with` block included) and each compaction after a backward. A reset makes every
        handle of the old generation stale; a compaction moves the tensors still held along.
        """
    @property
    def tape_len(self) -> int:
        """The number of nodes on the tape now (int)."""
    def tape_profile(self) -> TapeProfile:
        """What holds the tape's memory: an `et.TapeProfile` (`eagertape._profile`) of the
        core's rows, one per node in recording order (`Session::tape_profile`).
        """
    def _enter_module(self, path: str) -> None: ...
    def _exit_module(self) -> None: ...
    @property
    def config(self) -> Config:
        """The `Config` the session runs with (resolved: its actual device and dtype)."""
    @property
    def cached_bytes(self) -> int:
        """Bytes of recycled tape buffers this session keeps for its next generation (counted
        in `memory_stats()["cached_bytes"]`, not as live).
        """
    def empty_cache(self) -> None:
        """Free the recycled tape buffers this session keeps (`et.empty_cache()` does this for
        every session).
        """
    def rng_state(self) -> tuple[int, int]:
        """The RNG position `(seed, counter)`; not rewound by `reset_tape`."""
    def set_rng_state(self, state: tuple[int, int]) -> None:
        """Sets the position of the session's generator, as `rng_state()` returned it.

        The draws that follow (`rand`, `randn`, dropout, ...) repeat those made after that
        position was read.

        Args:
            state (tuple[int, int]): the `(seed, counter)` pair from `rng_state()`.

        Raises:
            ArgumentError: `state` is not a pair of non-negative ints.

        Examples:
            >>> import eagertape as et
            >>> sess = et.Session(dtype="float64", seed=0)
            >>> state = sess.rng_state()
            >>> a = sess.rand(3).tolist()
            >>> sess.set_rng_state(state)
            >>> sess.rand(3).tolist() == a
            True
        """
    # BEGIN generated: session-factories (tools/gen-stubs, from session/factory/declared.rs)
    def zeros(
        self,
        *size: int | Sequence[int],
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Returns a tensor filled with the scalar value 0, with the shape given by `size`.

        The tensor belongs to the session (`eagertape.zeros`: the current one; `Session.zeros`:
        that one); a floating result is in the session's dtype unless `dtype` says otherwise.

        Args:
            size (int...): the shape, as separate ints or one list or tuple.
            dtype (eagertape.dtype, optional): the result's dtype (a name, an eagertape, torch
                or numpy dtype, or Python's `float`, `int`, `bool`). Default: ``None`` (the
                session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result (floating
                dtypes only). Default: ``False``.

        Returns:
            Tensor: a new tensor of the session.

        Raises:
            ShapeError: a negative or non-integer size.
            DeviceError: `device` is not the session's device.
            GradError: `requires_grad=True` with an integer or bool `dtype`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.zeros(2, 3).tolist()
            [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
        """
    def ones(
        self,
        *size: int | Sequence[int],
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Returns a tensor filled with the scalar value 1, with the shape given by `size`.

        The tensor belongs to the session (`eagertape.ones`: the current one; `Session.ones`:
        that one); a floating result is in the session's dtype unless `dtype` says otherwise.

        Args:
            size (int...): the shape, as separate ints or one list or tuple.
            dtype (eagertape.dtype, optional): the result's dtype (as `zeros`'s).
                Default: ``None`` (the session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result (floating
                dtypes only). Default: ``False``.

        Returns:
            Tensor: a new tensor of the session.

        Raises:
            ShapeError: a negative or non-integer size.
            DeviceError: `device` is not the session's device.
            GradError: `requires_grad=True` with an integer or bool `dtype`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.ones((2,), dtype=et.int64).tolist()
            [1, 1]
        """
    def empty(
        self,
        *size: int | Sequence[int],
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Returns a tensor with the shape given by `size`, as `torch.empty`.

        Unlike `torch.empty`, whose values are uninitialized, the values are zeros (the same as
        `zeros`).

        Args:
            size (int...): the shape, as separate ints or one list or tuple.
            dtype (eagertape.dtype, optional): the result's dtype (as `zeros`'s).
                Default: ``None`` (the session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result (floating
                dtypes only). Default: ``False``.

        Returns:
            Tensor: a new tensor of the session.

        Raises:
            DeviceError: `device` is not the session's device.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     tuple(et.empty(2, 3).shape)
            (2, 3)
        """
    def full(
        self,
        size: int | Sequence[int],
        fill_value: float | int | bool,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Creates a tensor of size `size` filled with `fill_value`.

        As in torch, the dtype is inferred from `fill_value` when `dtype` is not given: `int64`
        for an int, `bool` for a bool, the session's dtype for a float.

        Args:
            size (sequence of int): the shape of the result.
            fill_value (Scalar): the value to fill the result with.
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (inferred
                from `fill_value`).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result (floating
                dtypes only). Default: ``False``.

        Returns:
            Tensor: a new tensor of the session.

        Raises:
            DeviceError: `device` is not the session's device.
            GradError: `requires_grad=True` with an integer or bool dtype.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.full((2, 2), 7).tolist(), et.full((2,), 1.5).tolist()
            ([[7, 7], [7, 7]], [1.5, 1.5])
        """
    def eye(
        self,
        n: int,
        m: int | None = None,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Returns a 2-D tensor with ones on the diagonal and zeros elsewhere.

        Args:
            n (int): the number of rows.
            m (int, optional): the number of columns. Default: ``None`` (`n`).
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
                session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result (floating
                dtypes only). Default: ``False``.

        Returns:
            Tensor: a new `(n, m)` tensor of the session.

        Raises:
            ShapeError: a negative `n` or `m`.
            DeviceError: `device` is not the session's device.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.eye(2, 3).tolist()
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
        """
    def hann_window(
        self,
        window_length: int,
        periodic: bool | None = None,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Hann window function.

        LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).

        Args:
            window_length (int): the window's size.
            periodic (bool, optional): the periodic window (for spectral analysis), else the
                symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
                session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result.
                Default: ``False``.

        Returns:
            Tensor: a new 1-D tensor of the session.

        Raises:
            ArgumentError: a negative `window_length`.
        """
    def hamming_window(
        self,
        window_length: int,
        periodic: bool | None = None,
        alpha: float | None = None,
        beta: float | None = None,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Hamming window function: ``alpha - beta cos(2 pi n / N)``.

        LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).

        Args:
            window_length (int): the window's size.
            periodic (bool, optional): the periodic window (for spectral analysis), else the
                symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
            alpha (float, optional): the coefficient alpha. Default: ``None`` (0.54).
            beta (float, optional): the coefficient beta. Default: ``None`` (0.46).
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
                session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result.
                Default: ``False``.

        Returns:
            Tensor: a new 1-D tensor of the session.

        Raises:
            ArgumentError: a negative `window_length`.
        """
    def blackman_window(
        self,
        window_length: int,
        periodic: bool | None = None,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Blackman window function.

        LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).

        Args:
            window_length (int): the window's size.
            periodic (bool, optional): the periodic window (for spectral analysis), else the
                symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
                session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result.
                Default: ``False``.

        Returns:
            Tensor: a new 1-D tensor of the session.

        Raises:
            ArgumentError: a negative `window_length`.
        """
    def bartlett_window(
        self,
        window_length: int,
        periodic: bool | None = None,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Bartlett window function (triangular).

        LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).

        Args:
            window_length (int): the window's size.
            periodic (bool, optional): the periodic window (for spectral analysis), else the
                symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
                session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result.
                Default: ``False``.

        Returns:
            Tensor: a new 1-D tensor of the session.

        Raises:
            ArgumentError: a negative `window_length`.
        """
    def kaiser_window(
        self,
        window_length: int,
        periodic: bool | None = None,
        beta: float | None = None,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Computes the Kaiser window with window length `window_length` and shape parameter `beta`.

        LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).

        Args:
            window_length (int): the window's size.
            periodic (bool, optional): the periodic window (for spectral analysis), else the
                symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
            beta (float, optional): the shape parameter. Default: ``None`` (12.0).
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
                session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result.
                Default: ``False``.

        Returns:
            Tensor: a new 1-D tensor of the session.

        Raises:
            ArgumentError: a negative `window_length`.
        """
    def logspace(
        self,
        start: float,
        end: float,
        steps: int,
        base: float | None = None,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Creates a one-dimensional tensor of size `steps` whose values are evenly spaced
        from ``base ** start`` to ``base ** end``, inclusive, on a logarithmic scale.

        Args:
            start (float): the starting exponent.
            end (float): the ending exponent.
            steps (int): the number of values.
            base (float, optional): the base. Default: ``None`` (10.0).
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
                session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result.
                Default: ``False``.

        Returns:
            Tensor: a new 1-D tensor of the session.

        Raises:
            ArgumentError: a negative `steps`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(dtype="float64"):
            ...     et.logspace(0, 2, 3).tolist()
            [1.0, 10.0, 100.0]
        """
    def tril_indices(
        self,
        row: int,
        col: int,
        offset: int | None = None,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Returns the indices of the lower triangular part of a `row`-by-`col` matrix in a
        2-by-N tensor (the row indices, then the column indices), `offset` diagonals up.

        Args:
            row (int): the number of rows.
            col (int): the number of columns.
            offset (int, optional): the diagonal. Default: ``None`` (0).
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``
                (int64).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): must be ``False`` for an integer dtype. Default:
                ``False``.

        Returns:
            Tensor: `(2, N)` indices.

        Raises:
            ArgumentError: a negative `row` or `col`.
        """
    def triu_indices(
        self,
        row: int,
        col: int,
        offset: int | None = None,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Returns the indices of the upper triangular part of a `row`-by-`col` matrix in a
        2-by-N tensor (the row indices, then the column indices), `offset` diagonals up.

        Args:
            row (int): the number of rows.
            col (int): the number of columns.
            offset (int, optional): the diagonal. Default: ``None`` (0).
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``
                (int64).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): must be ``False`` for an integer dtype. Default:
                ``False``.

        Returns:
            Tensor: `(2, N)` indices.

        Raises:
            ArgumentError: a negative `row` or `col`.
        """
    def arange(
        self,
        start: float | int | bool,
        end: float | int | bool | None = None,
        step: float | int | bool | None = None,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Returns a 1-D tensor of values from the interval ``[start, end)`` taken with common
        difference `step` beginning from `start`.

        As `torch.arange`, `arange(end)` starts at 0 with step 1. The result is `int64` when every
        argument is an int, else in the session's dtype, unless `dtype` says otherwise.

        Args:
            start (Number): the starting value (or, with `end` left out, the end value).
            end (Number, optional): the ending value, excluded. Default: ``None``.
            step (Number, optional): the gap between each pair of adjacent values.
                Default: ``None`` (1).
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``.
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result (floating
                dtypes only). Default: ``False``.

        Returns:
            Tensor: a new 1-D tensor of the session.

        Raises:
            ArgumentError: a zero step, an infinite bound, or a step of the wrong sign.
            DeviceError: `device` is not the session's device.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.arange(4).tolist(), et.arange(1, 2, 0.25).tolist()
            ([0, 1, 2, 3], [1.0, 1.25, 1.5, 1.75])
        """
    def linspace(
        self,
        start: float,
        end: float,
        steps: int,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Creates a 1-D tensor of size `steps` whose values are evenly spaced from `start` to
        `end`, inclusive.

        The values are torch's: its kernel's ``start + i * step`` in the first half and
        ``end - (steps - 1 - i) * step`` in the second, in the result's dtype (LibTorch's own
        kernel in a LibTorch session; an integer dtype truncates).

        Args:
            start (float): the starting value.
            end (float): the ending value.
            steps (int): the number of values (0 gives an empty tensor, 1 gives `[start]`).
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
                session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result.
                Default: ``False``.

        Returns:
            Tensor: a new 1-D tensor of the session.

        Raises:
            ArgumentError: `steps` is negative, or an end is infinite.
            DeviceError: `device` is not the session's device.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.linspace(0, 1, 5).tolist()
            [0.0, 0.25, 0.5, 0.75, 1.0]
        """
    def rand(
        self,
        *size: int | Sequence[int],
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
        generator: None = None,
    ) -> Tensor:
        """Returns a tensor filled with random numbers from a uniform distribution on the
        interval ``[0, 1)``, with the shape given by `size`.

        The numbers are drawn from the session's generator (seeded by its `Config.seed`;
        counter-based: the values depend on the seed and the position `rng_state()` reports,
        which the call advances) in the session's dtype, then converted to `dtype` if that
        differs.

        Args:
            size (int...): the shape, as separate ints or one list or tuple.
            dtype (eagertape.dtype, optional): the result's dtype, a floating one.
                Default: ``None`` (the session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result.
                Default: ``False``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: a new tensor of the session.

        Raises:
            ArgumentError: a `generator` is given.
            DTypeError: an integer or bool `dtype`.
            ShapeError: a negative or non-integer size.
            DeviceError: `device` is not the session's device.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(seed=0):
            ...     x = et.rand(2, 3)
            ...     tuple(x.shape), bool(((x >= 0) & (x < 1)).all())
            ((2, 3), True)
        """
    def randint(
        self,
        low: int,
        high: int | Sequence[int],
        size: int | Sequence[int] | None = None,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
        generator: None = None,
    ) -> Tensor:
        """Returns a tensor filled with random integers generated uniformly between `low`
        (inclusive) and `high` (exclusive).

        As `torch.randint`, `randint(high, size)` takes `low = 0`. The integers are drawn from
        the session's generator (one 53-bit draw each); the result is `int64` unless `dtype`
        says otherwise.

        Args:
            low (int): the lowest integer drawn (or, as `randint(high, size)`, `high`).
            high (int): one above the highest integer drawn (or the size).
            size (tuple of ints): the shape of the result. Default: ``None``.
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``
                (`int64`).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result
                (floating dtypes only). Default: ``False``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: a new tensor of the session.

        Raises:
            ArgumentError: `low >= high`, an end beyond ±2^53, no size, or a `generator`.
            DeviceError: `device` is not the session's device.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(seed=0):
            ...     x = et.randint(3, 5, (4,))
            ...     x.dtype, all(v in (3, 4) for v in x.tolist())
            ('int64', True)
        """
    def randperm(
        self,
        n: int,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
        generator: None = None,
    ) -> Tensor:
        """Returns a random permutation of integers from ``0`` to ``n - 1``.

        The permutation is a Fisher-Yates shuffle on the session's generator; the result is
        `int64` unless `dtype` says otherwise.

        Args:
            n (int): the upper bound (exclusive); a non-negative int.
            dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``
                (`int64`).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result
                (floating dtypes only). Default: ``False``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: a new 1-D tensor of the session.

        Raises:
            ArgumentError: `n` is negative or above 2^53, or a `generator` is given.
            OutOfMemoryError: the host cannot hold the permutation.
            DeviceError: `device` is not the session's device.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(seed=0):
            ...     sorted(et.randperm(4).tolist())
            [0, 1, 2, 3]
        """
    def randn(
        self,
        *size: int | Sequence[int],
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
        generator: None = None,
    ) -> Tensor:
        """Returns a tensor filled with random numbers from a normal distribution with mean 0 and
        variance 1, with the shape given by `size`.

        As `rand`: drawn from the session's generator in the session's dtype (the call
        advances it), then converted to `dtype` if that differs.

        Args:
            size (int...): the shape, as separate ints or one list or tuple.
            dtype (eagertape.dtype, optional): the result's dtype, a floating one.
                Default: ``None`` (the session's dtype).
            device (str or torch.device, optional): checked against the session's device.
                Default: ``None``.
            requires_grad (bool): whether backward computes a gradient for the result.
                Default: ``False``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: a new tensor of the session.

        Raises:
            ArgumentError: a `generator` is given.
            DTypeError: an integer or bool `dtype`.
            ShapeError: a negative or non-integer size.
            DeviceError: `device` is not the session's device.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(seed=0):
            ...     tuple(et.randn(4, 2).shape)
            (4, 2)
        """
    # END generated: session-factories
    def input(
        self,
        data: ArrayLike | Any,
        requires_grad: bool | None = None,
        *,
        dtype: DTypeName | DataDTypeName | Any | None = None,
        copy: bool | None = None,
    ) -> Tensor:
        """Record data (numpy array, nested list, scalar, torch tensor, any DLPack producer) as
        an input leaf, copied and converted to the session's dtype and device, or to `dtype`:
        the session's carrier or a data dtype (`"int64"`, `"int32"`, `"bool"`: indices and
        masks, which carry no gradient). `copy=False` shares a DLPack producer's memory
        instead (same dtype and device, else `DLPackError`); the caller must not write to it
        while the tape holds it.
        """
    def use(self, param: Parameter) -> Tensor:
        """Records a leaf holding `param`'s current snapshot and returns it as a tensor.

        The leaf requires a gradient when `param.requires_grad` is set and the session
        records gradients; a backward then gives `param` a gradient. Later updates of
        `param` publish new snapshots and leave this leaf's value as it was. Each call
        records a new leaf (an op given `param` itself reuses one leaf per version).

        Args:
            param (Parameter): the parameter to read.

        Returns:
            Tensor: the leaf, in this session.

        Raises:
            DTypeError: `param`'s dtype does not match the session's.
            DeviceError: `param` lives on another device than the session's.

        Examples:
            >>> import numpy as np, eagertape as et
            >>> p = et.Parameter(np.array([1.0, 2.0]))
            >>> with et.Session(dtype="float64") as sess:
            ...     w = sess.use(p)
            ...     w.requires_grad, w.tolist()
            (True, [1.0, 2.0])
        """
    def backward(self, loss: Tensor, into: GradMap | None = None) -> GradMap:
        """Gradients of the scalar `loss` for every trainable parameter on the tape; with
        `into=grads`, added into that map (which is returned). Inside a captured step it is
        recorded: each replay fills the same `GradMap` again (emptied first, or added into
        when it was given).
        """
    def reset_tape(self) -> None:
        """Release the tape's intermediates and invalidate its handles (generation + 1).
        Inside a captured step it is recorded: each replay resets the tape there too.
        """
    def train_step(self, loss: Tensor, optimizer: Optimizer) -> float:
        """One training step: backward, read the loss value, reset the tape, update with
        `optimizer`, release the gradients. Returns the loss value. The tape is reset and
        the gradients released whether or not the update succeeds. Inside a captured step
        it is recorded (each replay runs it again) and returns a placeholder the step may
        return, whose value is then the replay's loss.
        """
    def _inject_backward_failure(self, k: int | None) -> None:
        """Test hook: the next backward raises BackendError at its k-th visited node."""
    def _set_grad_ready_hook(self, hook: Any) -> None:
        """The object the next loss.backward() tells of each bucket of hook.layout it
        packed (hook.launch(k)), then calls hook.finish(ok, session); None clears it."""
    def _checkpoint_begin(self) -> int:
        """Begin a checkpointed block (et.utils.checkpoint); its depth."""
    def _checkpoint_end(self, depth: int, release: bool) -> int:
        """End the block of this depth; with release, free its unnamed intermediates
        (backward recomputes them). The bytes released."""
    def __enter__(self) -> Session: ...
    def __exit__(self, *exc: object) -> None: ...
    def _check_device(self, device: Any = None) -> None: ...

_Operand: TypeAlias = "Tensor | float | int | ArrayLike"

@disjoint_base
class Tensor:
    """A handle to one value recorded on a session's tape (torch's `Tensor`).

    A tensor owns no memory: the session's tape does, and the tensor names the node that
    holds the value (session id, generation, node). It supports torch's operators, methods
    and indexing; each op records a node in the same session. When the last Python tensor
    naming a node goes, a value no backward reads is freed at once (not when the garbage
    collector runs). After the session's tape is reset (`reset_tape()`, or leaving its
    `with` block) every tensor of the old generation is stale: using it raises
    `StaleHandleError`.

    Tensors are made by a session: `et.tensor(data)` in the current one, or
    `sess.input(data)`; `sess.use(p)` reads a parameter.

    Examples:
        >>> import numpy as np, eagertape as et
        >>> with et.Session(dtype="float32"):
        ...     x = et.tensor(np.ones((2, 3), np.float32))
        ...     (x * 2).sum().item()
        12.0
    """

    __array_ufunc__: None
    @property
    def shape(self) -> tuple[_int, ...]:
        """The shape of this tensor: the size of each dimension, as a tuple of ints.

        Reading it checks the handle: a tensor of an older generation raises
        `et.StaleHandleError`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.zeros(2, 3).shape
            (2, 3)
        """
    @property
    def dtype(self) -> DTypeName | DataDTypeName:
        """The data type of this tensor, as its name (`"float32"`, `"int64"`, `"bool"`, ...).

        A session's floating tensors have its carrier (`ieee32` and `interval` included)
        unless converted (`half()`, `to(...)`); data tensors are `int64`, `int32` or `bool`.
        The name compares equal to eagertape's dtype objects (`x.dtype == et.float32`).
        **Differs** from PyTorch: a string, not a `torch.dtype`.
        """
    @property
    def device(self) -> str:
        """The device of this tensor: its session's, as a string (`"cpu"`, `"cuda"`, `"cuda:0"`).

        **Differs** from PyTorch: a string, not a `torch.device`; a tensor always lives on its
        session's device.
        """
    @property
    def requires_grad(self) -> _bool:
        """Whether gradients flow back to this tensor.

        True for a leaf made with `requires_grad=True`, for a parameter's leaf that requires
        grad, and for the result of an op recorded with gradients enabled from such a tensor.
        A leaf's flag changes with `requires_grad_()` (or is chosen when the tensor is made,
        `et.tensor(data, requires_grad=True)`); `detach()` gives a tensor without it.
        """
    @property
    def session_id(self) -> _int:
        """The id of the session that recorded this tensor."""
    @property
    def _session(self) -> Session:
        """The session this tensor is read in (a Parameter's: the current one)."""
    @property
    def generation(self) -> _int:
        """The tape generation this tensor was recorded in.

        When the session's tape is reset (`reset_tape()`, or leaving its `with` block) the
        session's generation advances and every tensor of an older one is stale. Reading this
        property never raises, even on a stale tensor.
        """
    def __dlpack__(
        self,
        *,
        stream: Any | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: _bool | None = None,
    ) -> Any: ...
    def __dlpack_device__(self) -> tuple[int, int]: ...
    def numpy(self) -> np.ndarray:
        """Returns a copy of the value as a numpy array of the tensor's shape and dtype.

        The copy is the caller's: writing to it never changes the tensor. (For a view that
        shares memory, use DLPack: `torch.from_dlpack(t)`.)

        Raises:
            DTypeError: the tensor is an interval (`dtype="interval"`): it has two values per
                element, which `bounds()` reads.
            CaptureError: called inside a captured step.
        """
    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Returns the lower and upper bounds of each element, as two numpy arrays (copies).

        For an interval tensor (`dtype="interval"`), `lo <= x <= hi` holds for every real
        value `x` the element can take. Any other tensor is its own bounds: two copies of
        its value.

        Returns:
            tuple[np.ndarray, np.ndarray]: `(lo, hi)`, each of the tensor's shape.

        Raises:
            CaptureError: called inside a captured step.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(dtype="interval"):
            ...     x = et.tensor(et.interval([1.0, -1.0], [2.0, 1.0]))
            ...     lo, hi = (x ** 2).bounds()
            ...     lo.tolist(), hi.tolist()
            ([1.0, 0.0], [4.0, 1.0])
        """
    def item(self) -> _float | _int | _bool:
        """Returns the value of a one-element tensor as a Python number, as torch's `item()`.

        A floating tensor gives a `float`, an integer one an `int`, a bool one a `bool`.
        Inside a captured step it returns a placeholder that the step may return (its value
        is then the replay's) and that raises `CaptureError` on any other use.

        Raises:
            ShapeError: the tensor has more than one element.
            DTypeError: the tensor is an interval: read its bounds with `bounds()`.
        """
    def __float__(self) -> _float: ...
    def __int__(self) -> _int: ...
    def __index__(self) -> _int: ...
    def __bool__(self) -> _bool: ...
    def __add__(self, other: _Operand, /) -> Tensor: ...
    def __radd__(self, other: _Operand, /) -> Tensor: ...
    def __sub__(self, other: _Operand, /) -> Tensor: ...
    def __rsub__(self, other: _Operand, /) -> Tensor: ...
    def __mul__(self, other: _Operand, /) -> Tensor: ...
    def __rmul__(self, other: _Operand, /) -> Tensor: ...
    def __truediv__(self, other: _Operand, /) -> Tensor: ...
    def __rtruediv__(self, other: _Operand, /) -> Tensor: ...
    def __matmul__(self, other: Tensor | ArrayLike, /) -> Tensor: ...
    def __rmatmul__(self, other: Tensor | ArrayLike, /) -> Tensor: ...
    def __neg__(self) -> Tensor: ...
    def __abs__(self) -> Tensor: ...
    def __pos__(self) -> Tensor: ...
    def __pow__(self, exponent: Tensor | _float | ArrayLike, modulo: None = None, /) -> Tensor: ...
    def __rpow__(self, base: _float | ArrayLike, modulo: None = None, /) -> Tensor: ...
    def __floordiv__(self, other: Tensor | _float | ArrayLike, /) -> Tensor: ...
    def __rfloordiv__(self, other: _float | ArrayLike, /) -> Tensor: ...
    def __mod__(self, other: Tensor | _float | ArrayLike, /) -> Tensor: ...
    def __rmod__(self, other: _float | ArrayLike, /) -> Tensor: ...
    def matmul(self, other: Tensor | ArrayLike) -> Tensor:
        """Returns the matrix product of this tensor and `other`.

        See `eagertape.matmul`.
        """
    # BEGIN generated: unary (tools/gen-stubs, from src/ops/unary.rs's list)
    def abs(self) -> Tensor:
        """Returns a new tensor with the absolute value of each element, `|x|`.

        See `eagertape.abs`.
        """
    def absolute(self) -> Tensor:
        """Alias for `abs`: returns a new tensor with the absolute value of each element, `|x|`."""
    def acos(self) -> Tensor:
        """Returns a new tensor with the inverse cosine of each element.

        See `eagertape.acos`.
        """
    def acosh(self) -> Tensor:
        """Returns a new tensor with the inverse hyperbolic cosine of each element.

        See `eagertape.acosh`.
        """
    def arccos(self) -> Tensor:
        """Alias for `acos`: returns a new tensor with the inverse cosine of each element."""
    def arccosh(self) -> Tensor:
        """Alias for `acosh`: returns a new tensor with the inverse hyperbolic cosine of each element."""
    def arcsin(self) -> Tensor:
        """Alias for `asin`: returns a new tensor with the inverse sine of each element."""
    def arcsinh(self) -> Tensor:
        """Alias for `asinh`: returns a new tensor with the inverse hyperbolic sine of each element."""
    def arctan(self) -> Tensor:
        """Alias for `atan`: returns a new tensor with the inverse tangent of each element."""
    def arctanh(self) -> Tensor:
        """Alias for `atanh`: returns a new tensor with the inverse hyperbolic tangent of each element."""
    def asin(self) -> Tensor:
        """Returns a new tensor with the inverse sine of each element.

        See `eagertape.asin`.
        """
    def asinh(self) -> Tensor:
        """Returns a new tensor with the inverse hyperbolic sine of each element.

        See `eagertape.asinh`.
        """
    def atan(self) -> Tensor:
        """Returns a new tensor with the inverse tangent of each element.

        See `eagertape.atan`.
        """
    def atanh(self) -> Tensor:
        """Returns a new tensor with the inverse hyperbolic tangent of each element.

        See `eagertape.atanh`.
        """
    def ceil(self) -> Tensor:
        """Returns a new tensor with the smallest integer not less than each element (its gradient is zero).

        See `eagertape.ceil`.
        """
    def cos(self) -> Tensor:
        """Returns a new tensor with the cosine of each element (radians).

        See `eagertape.cos`.
        """
    def cosh(self) -> Tensor:
        """Returns a new tensor with the hyperbolic cosine of each element.

        See `eagertape.cosh`.
        """
    def deg2rad(self) -> Tensor:
        """Returns a new tensor with each element converted from degrees to radians.

        See `eagertape.deg2rad`.
        """
    def digamma(self) -> Tensor:
        """Returns a new tensor with the digamma function (the derivative of `lgamma`) of each element.

        See `eagertape.digamma`.
        """
    def erf(self) -> Tensor:
        """Returns a new tensor with the error function of each element.

        See `eagertape.erf`.
        """
    def erfc(self) -> Tensor:
        """Returns a new tensor with the complementary error function of each element, `1 - erf(x)`.

        See `eagertape.erfc`.
        """
    def erfinv(self) -> Tensor:
        """Returns a new tensor with the inverse error function of each element (defined on `(-1, 1)`).

        See `eagertape.erfinv`.
        """
    def exp(self) -> Tensor:
        """Returns a new tensor with the exponential of each element, `e^x`.

        See `eagertape.exp`.
        """
    def exp2(self) -> Tensor:
        """Returns a new tensor with two to the power of each element, `2^x`.

        See `eagertape.exp2`.
        """
    def expm1(self) -> Tensor:
        """Returns a new tensor with the exponential of each element minus one, `e^x - 1`, accurate for small `x`.

        See `eagertape.expm1`.
        """
    def fix(self) -> Tensor:
        """Alias for `trunc`: returns a new tensor with the integer part of each element, rounded toward zero (its gradient is zero)."""
    def floor(self) -> Tensor:
        """Returns a new tensor with the largest integer not greater than each element (its gradient is zero).

        See `eagertape.floor`.
        """
    def frac(self) -> Tensor:
        """Returns a new tensor with the fractional part of each element, `x - trunc(x)`.

        See `eagertape.frac`.
        """
    def hardsigmoid(self) -> Tensor:
        """Returns a new tensor with the hard sigmoid of each element, `relu6(x + 3) / 6`.

        See `eagertape.hardsigmoid`.
        """
    def hardswish(self) -> Tensor:
        """Returns a new tensor with the hard swish of each element, `x * relu6(x + 3) / 6`.

        See `eagertape.hardswish`.
        """
    def i0(self) -> Tensor:
        """Returns a new tensor with the modified Bessel function of the first kind, order 0, of each element.

        See `eagertape.i0`.
        """
    def lgamma(self) -> Tensor:
        """Returns a new tensor with the natural logarithm of the absolute value of the gamma function of each element.

        See `eagertape.lgamma`.
        """
    def log(self) -> Tensor:
        """Returns a new tensor with the natural logarithm of each element, `ln(x)`.

        See `eagertape.log`.
        """
    def log1p(self) -> Tensor:
        """Returns a new tensor with the natural logarithm of one plus each element, `ln(1 + x)`, accurate for small `x`.

        See `eagertape.log1p`.
        """
    def log2(self) -> Tensor:
        """Returns a new tensor with the base-2 logarithm of each element.

        See `eagertape.log2`.
        """
    def log10(self) -> Tensor:
        """Returns a new tensor with the base-10 logarithm of each element.

        See `eagertape.log10`.
        """
    def logsigmoid(self) -> Tensor:
        """Returns a new tensor with the logarithm of the sigmoid of each element, `-softplus(-x)`, computed stably.

        See `eagertape.logsigmoid`.
        """
    def mish(self) -> Tensor:
        """Returns a new tensor with the Mish activation of each element, `x * tanh(softplus(x))`.

        See `eagertape.mish`.
        """
    def neg(self) -> Tensor:
        """Returns a new tensor with the negative of each element, `-x`.

        See `eagertape.neg`.
        """
    def negative(self) -> Tensor:
        """Alias for `neg`: returns a new tensor with the negative of each element, `-x`."""
    def rad2deg(self) -> Tensor:
        """Returns a new tensor with each element converted from radians to degrees.

        See `eagertape.rad2deg`.
        """
    def reciprocal(self) -> Tensor:
        """Returns a new tensor with the reciprocal of each element, `1 / x`.

        See `eagertape.reciprocal`.
        """
    def relu(self) -> Tensor:
        """Returns a new tensor with the rectified linear unit of each element, `max(x, 0)`.

        See `eagertape.relu`.
        """
    def rsqrt(self) -> Tensor:
        """Returns a new tensor with the reciprocal of the square root of each element, `1 / sqrt(x)`.

        See `eagertape.rsqrt`.
        """
    def sgn(self) -> Tensor:
        """Alias for `sign`: returns a new tensor with the sign of each element: -1, 0 or 1 (its gradient is zero)."""
    def sigmoid(self) -> Tensor:
        """Returns a new tensor with the logistic sigmoid of each element, `1 / (1 + e^-x)`.

        See `eagertape.sigmoid`.
        """
    def sign(self) -> Tensor:
        """Returns a new tensor with the sign of each element: -1, 0 or 1 (its gradient is zero).

        See `eagertape.sign`.
        """
    def silu(self) -> Tensor:
        """Returns a new tensor with the sigmoid linear unit of each element, `x * sigmoid(x)`.

        See `eagertape.silu`.
        """
    def sin(self) -> Tensor:
        """Returns a new tensor with the sine of each element (radians).

        See `eagertape.sin`.
        """
    def sinc(self) -> Tensor:
        """Returns a new tensor with the normalized sinc of each element, `sin(pi x) / (pi x)` (1 at 0).

        See `eagertape.sinc`.
        """
    def sinh(self) -> Tensor:
        """Returns a new tensor with the hyperbolic sine of each element.

        See `eagertape.sinh`.
        """
    def sqrt(self) -> Tensor:
        """Returns a new tensor with the square root of each element.

        See `eagertape.sqrt`.
        """
    def square(self) -> Tensor:
        """Returns a new tensor with the square of each element, `x * x`.

        See `eagertape.square`.
        """
    def tan(self) -> Tensor:
        """Returns a new tensor with the tangent of each element (radians).

        See `eagertape.tan`.
        """
    def tanh(self) -> Tensor:
        """Returns a new tensor with the hyperbolic tangent of each element.

        See `eagertape.tanh`.
        """
    def trunc(self) -> Tensor:
        """Returns a new tensor with the integer part of each element, rounded toward zero (its gradient is zero).

        See `eagertape.trunc`.
        """
    def abs_(self) -> Tensor:
        """Replaces each element of this tensor with the absolute value of each element, `|x|`, in place (`torch.Tensor.abs_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def absolute_(self) -> Tensor:
        """Alias for `abs_`.

        Replaces each element of this tensor with the absolute value of each element, `|x|`, in place (`torch.Tensor.abs_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def acos_(self) -> Tensor:
        """Replaces each element of this tensor with the inverse cosine of each element, in place (`torch.Tensor.acos_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def acosh_(self) -> Tensor:
        """Replaces each element of this tensor with the inverse hyperbolic cosine of each element, in place (`torch.Tensor.acosh_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def arccos_(self) -> Tensor:
        """Alias for `acos_`.

        Replaces each element of this tensor with the inverse cosine of each element, in place (`torch.Tensor.acos_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def arccosh_(self) -> Tensor:
        """Alias for `acosh_`.

        Replaces each element of this tensor with the inverse hyperbolic cosine of each element, in place (`torch.Tensor.acosh_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def arcsin_(self) -> Tensor:
        """Alias for `asin_`.

        Replaces each element of this tensor with the inverse sine of each element, in place (`torch.Tensor.asin_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def arcsinh_(self) -> Tensor:
        """Alias for `asinh_`.

        Replaces each element of this tensor with the inverse hyperbolic sine of each element, in place (`torch.Tensor.asinh_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def arctan_(self) -> Tensor:
        """Alias for `atan_`.

        Replaces each element of this tensor with the inverse tangent of each element, in place (`torch.Tensor.atan_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def arctanh_(self) -> Tensor:
        """Alias for `atanh_`.

        Replaces each element of this tensor with the inverse hyperbolic tangent of each element, in place (`torch.Tensor.atanh_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def asin_(self) -> Tensor:
        """Replaces each element of this tensor with the inverse sine of each element, in place (`torch.Tensor.asin_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def asinh_(self) -> Tensor:
        """Replaces each element of this tensor with the inverse hyperbolic sine of each element, in place (`torch.Tensor.asinh_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def atan_(self) -> Tensor:
        """Replaces each element of this tensor with the inverse tangent of each element, in place (`torch.Tensor.atan_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def atanh_(self) -> Tensor:
        """Replaces each element of this tensor with the inverse hyperbolic tangent of each element, in place (`torch.Tensor.atanh_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def ceil_(self) -> Tensor:
        """Replaces each element of this tensor with the smallest integer not less than each element (its gradient is zero), in place (`torch.Tensor.ceil_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def cos_(self) -> Tensor:
        """Replaces each element of this tensor with the cosine of each element (radians), in place (`torch.Tensor.cos_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def cosh_(self) -> Tensor:
        """Replaces each element of this tensor with the hyperbolic cosine of each element, in place (`torch.Tensor.cosh_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def deg2rad_(self) -> Tensor:
        """Replaces each element of this tensor with each element converted from degrees to radians, in place (`torch.Tensor.deg2rad_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def digamma_(self) -> Tensor:
        """Replaces each element of this tensor with the digamma function (the derivative of `lgamma`) of each element, in place (`torch.Tensor.digamma_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def erf_(self) -> Tensor:
        """Replaces each element of this tensor with the error function of each element, in place (`torch.Tensor.erf_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def erfc_(self) -> Tensor:
        """Replaces each element of this tensor with the complementary error function of each element, `1 - erf(x)`, in place (`torch.Tensor.erfc_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def erfinv_(self) -> Tensor:
        """Replaces each element of this tensor with the inverse error function of each element (defined on `(-1, 1)`), in place (`torch.Tensor.erfinv_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def exp2_(self) -> Tensor:
        """Replaces each element of this tensor with two to the power of each element, `2^x`, in place (`torch.Tensor.exp2_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def exp_(self) -> Tensor:
        """Replaces each element of this tensor with the exponential of each element, `e^x`, in place (`torch.Tensor.exp_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def expm1_(self) -> Tensor:
        """Replaces each element of this tensor with the exponential of each element minus one, `e^x - 1`, accurate for small `x`, in place (`torch.Tensor.expm1_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def fix_(self) -> Tensor:
        """Alias for `trunc_`.

        Replaces each element of this tensor with the integer part of each element, rounded toward zero (its gradient is zero), in place (`torch.Tensor.trunc_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def floor_(self) -> Tensor:
        """Replaces each element of this tensor with the largest integer not greater than each element (its gradient is zero), in place (`torch.Tensor.floor_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def frac_(self) -> Tensor:
        """Replaces each element of this tensor with the fractional part of each element, `x - trunc(x)`, in place (`torch.Tensor.frac_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def i0_(self) -> Tensor:
        """Replaces each element of this tensor with the modified Bessel function of the first kind, order 0, of each element, in place (`torch.Tensor.i0_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def lgamma_(self) -> Tensor:
        """Replaces each element of this tensor with the natural logarithm of the absolute value of the gamma function of each element, in place (`torch.Tensor.lgamma_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def log1p_(self) -> Tensor:
        """Replaces each element of this tensor with the natural logarithm of one plus each element, `ln(1 + x)`, accurate for small `x`, in place (`torch.Tensor.log1p_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def log2_(self) -> Tensor:
        """Replaces each element of this tensor with the base-2 logarithm of each element, in place (`torch.Tensor.log2_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def log10_(self) -> Tensor:
        """Replaces each element of this tensor with the base-10 logarithm of each element, in place (`torch.Tensor.log10_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def log_(self) -> Tensor:
        """Replaces each element of this tensor with the natural logarithm of each element, `ln(x)`, in place (`torch.Tensor.log_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def neg_(self) -> Tensor:
        """Replaces each element of this tensor with the negative of each element, `-x`, in place (`torch.Tensor.neg_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def negative_(self) -> Tensor:
        """Alias for `neg_`.

        Replaces each element of this tensor with the negative of each element, `-x`, in place (`torch.Tensor.neg_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def rad2deg_(self) -> Tensor:
        """Replaces each element of this tensor with each element converted from radians to degrees, in place (`torch.Tensor.rad2deg_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def reciprocal_(self) -> Tensor:
        """Replaces each element of this tensor with the reciprocal of each element, `1 / x`, in place (`torch.Tensor.reciprocal_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def relu_(self) -> Tensor:
        """Replaces each element of this tensor with the rectified linear unit of each element, `max(x, 0)`, in place (`torch.Tensor.relu_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def rsqrt_(self) -> Tensor:
        """Replaces each element of this tensor with the reciprocal of the square root of each element, `1 / sqrt(x)`, in place (`torch.Tensor.rsqrt_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def sgn_(self) -> Tensor:
        """Alias for `sign_`.

        Replaces each element of this tensor with the sign of each element: -1, 0 or 1 (its gradient is zero), in place (`torch.Tensor.sign_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def sigmoid_(self) -> Tensor:
        """Replaces each element of this tensor with the logistic sigmoid of each element, `1 / (1 + e^-x)`, in place (`torch.Tensor.sigmoid_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def sign_(self) -> Tensor:
        """Replaces each element of this tensor with the sign of each element: -1, 0 or 1 (its gradient is zero), in place (`torch.Tensor.sign_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def sin_(self) -> Tensor:
        """Replaces each element of this tensor with the sine of each element (radians), in place (`torch.Tensor.sin_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def sinc_(self) -> Tensor:
        """Replaces each element of this tensor with the normalized sinc of each element, `sin(pi x) / (pi x)` (1 at 0), in place (`torch.Tensor.sinc_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def sinh_(self) -> Tensor:
        """Replaces each element of this tensor with the hyperbolic sine of each element, in place (`torch.Tensor.sinh_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def sqrt_(self) -> Tensor:
        """Replaces each element of this tensor with the square root of each element, in place (`torch.Tensor.sqrt_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def square_(self) -> Tensor:
        """Replaces each element of this tensor with the square of each element, `x * x`, in place (`torch.Tensor.square_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def tan_(self) -> Tensor:
        """Replaces each element of this tensor with the tangent of each element (radians), in place (`torch.Tensor.tan_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def tanh_(self) -> Tensor:
        """Replaces each element of this tensor with the hyperbolic tangent of each element, in place (`torch.Tensor.tanh_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    def trunc_(self) -> Tensor:
        """Replaces each element of this tensor with the integer part of each element, rounded toward zero (its gradient is zero), in place (`torch.Tensor.trunc_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Returns:
            Tensor: this tensor.
        """
    # END generated: unary
    # BEGIN generated: binary (tools/gen-stubs, from src/ops/binary.rs's list)
    def arctan2(self, other: Tensor | float) -> Tensor:
        """Alias for `atan2`.

        See `eagertape.atan2`.
        """
    def atan2(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the arctangent of `input / other` in the quadrant of the point `(other, input)` (`input` being this tensor).

        See `eagertape.atan2`.
        """
    def bitwise_and(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the bitwise AND of `input` and `other` (integer or bool tensors) (`input` being this tensor).

        See `eagertape.bitwise_and`.
        """
    def bitwise_left_shift(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with `input` shifted left by `other` bits (integer tensors; `input << other`) (`input` being this tensor).

        See `eagertape.bitwise_left_shift`.
        """
    def bitwise_or(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the bitwise OR of `input` and `other` (integer or bool tensors) (`input` being this tensor).

        See `eagertape.bitwise_or`.
        """
    def bitwise_right_shift(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with `input` shifted right by `other` bits, arithmetically (integer tensors; `input >> other`) (`input` being this tensor).

        See `eagertape.bitwise_right_shift`.
        """
    def bitwise_xor(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the bitwise XOR of `input` and `other` (integer or bool tensors) (`input` being this tensor).

        See `eagertape.bitwise_xor`.
        """
    def copysign(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the magnitude of `input` with the sign of `other` (a signed zero's too; `other` gets no gradient) (`input` being this tensor).

        See `eagertape.copysign`.
        """
    def floor_divide(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with `input` divided by `other`, rounded down (`input // other`; its gradient is zero) (`input` being this tensor).

        See `eagertape.floor_divide`.
        """
    def fmax(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the larger of `input` and `other`, a NaN ignored (NaN only where both are; a tie's gradient goes to `input`) (`input` being this tensor).

        See `eagertape.fmax`.
        """
    def fmin(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the smaller of `input` and `other`, a NaN ignored (NaN only where both are; a tie's gradient goes to `input`) (`input` being this tensor).

        See `eagertape.fmin`.
        """
    def fmod(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the remainder of `input` divided by `other`, with the sign of `input` (C's `fmod`) (`input` being this tensor).

        See `eagertape.fmod`.
        """
    def gcd(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the greatest common divisor of `input` and `other` (integer tensors; non-negative) (`input` being this tensor).

        See `eagertape.gcd`.
        """
    def hypot(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the hypotenuse `sqrt(input**2 + other**2)`, without intermediate overflow (`input` being this tensor).

        See `eagertape.hypot`.
        """
    def lcm(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the least common multiple of `input` and `other` (integer tensors; non-negative) (`input` being this tensor).

        See `eagertape.lcm`.
        """
    def logaddexp(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with `log(exp(input) + exp(other))`, computed stably (`input` being this tensor).

        See `eagertape.logaddexp`.
        """
    def logaddexp2(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with `log2(2**input + 2**other)`, computed stably (`input` being this tensor).

        See `eagertape.logaddexp2`.
        """
    def maximum(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the larger of `input` and `other` (two tensors, as torch's: for a number use `clamp`; a tie splits the gradient) (`input` being this tensor).

        See `eagertape.maximum`.
        """
    def minimum(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the smaller of `input` and `other` (two tensors, as torch's: for a number use `clamp`; a tie splits the gradient) (`input` being this tensor).

        See `eagertape.minimum`.
        """
    def mul(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the product of `input` and `other` (`input` being this tensor).

        See `eagertape.mul`.
        """
    def multiply(self, other: Tensor | float) -> Tensor:
        """Alias for `mul`.

        See `eagertape.mul`.
        """
    def pow(self, exponent: Tensor | float) -> Tensor:
        """Returns a new tensor with `input` raised to the power `exponent` (`input` being this tensor).

        See `eagertape.pow`.
        """
    def remainder(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with the remainder of `input` divided by `other`, with the sign of `other` (Python's `%`) (`input` being this tensor).

        See `eagertape.remainder`.
        """
    def xlogy(self, other: Tensor | float) -> Tensor:
        """Returns a new tensor with `input * log(other)`, 0 where `input` is 0 (unless `other` is NaN) (`input` being this tensor).

        See `eagertape.xlogy`.
        """
    def arctan2_(self, other: Tensor | float) -> Tensor:
        """Alias for `atan2_`.

        Replaces this tensor with the arctangent of `input / other` in the quadrant of the point `(other, input)` (`input` being this tensor), in place
        (`torch.Tensor.atan2_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def atan2_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with the arctangent of `input / other` in the quadrant of the point `(other, input)` (`input` being this tensor), in place
        (`torch.Tensor.atan2_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def bitwise_and_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with the bitwise AND of `input` and `other` (integer or bool tensors) (`input` being this tensor), in place
        (`torch.Tensor.bitwise_and_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def bitwise_left_shift_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with `input` shifted left by `other` bits (integer tensors; `input << other`) (`input` being this tensor), in place
        (`torch.Tensor.bitwise_left_shift_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def bitwise_or_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with the bitwise OR of `input` and `other` (integer or bool tensors) (`input` being this tensor), in place
        (`torch.Tensor.bitwise_or_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def bitwise_right_shift_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with `input` shifted right by `other` bits, arithmetically (integer tensors; `input >> other`) (`input` being this tensor), in place
        (`torch.Tensor.bitwise_right_shift_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def bitwise_xor_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with the bitwise XOR of `input` and `other` (integer or bool tensors) (`input` being this tensor), in place
        (`torch.Tensor.bitwise_xor_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def copysign_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with the magnitude of `input` with the sign of `other` (a signed zero's too; `other` gets no gradient) (`input` being this tensor), in place
        (`torch.Tensor.copysign_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def floor_divide_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with `input` divided by `other`, rounded down (`input // other`; its gradient is zero) (`input` being this tensor), in place
        (`torch.Tensor.floor_divide_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def fmod_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with the remainder of `input` divided by `other`, with the sign of `input` (C's `fmod`) (`input` being this tensor), in place
        (`torch.Tensor.fmod_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def gcd_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with the greatest common divisor of `input` and `other` (integer tensors; non-negative) (`input` being this tensor), in place
        (`torch.Tensor.gcd_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def hypot_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with the hypotenuse `sqrt(input**2 + other**2)`, without intermediate overflow (`input` being this tensor), in place
        (`torch.Tensor.hypot_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def lcm_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with the least common multiple of `input` and `other` (integer tensors; non-negative) (`input` being this tensor), in place
        (`torch.Tensor.lcm_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def mul_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with the product of `input` and `other` (`input` being this tensor), in place
        (`torch.Tensor.mul_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def multiply_(self, other: Tensor | float) -> Tensor:
        """Alias for `mul_`.

        Replaces this tensor with the product of `input` and `other` (`input` being this tensor), in place
        (`torch.Tensor.mul_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def pow_(self, exponent: Tensor | float) -> Tensor:
        """Replaces this tensor with `input` raised to the power `exponent` (`input` being this tensor), in place
        (`torch.Tensor.pow_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            exponent (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def remainder_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with the remainder of `input` divided by `other`, with the sign of `other` (Python's `%`) (`input` being this tensor), in place
        (`torch.Tensor.remainder_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    def xlogy_(self, other: Tensor | float) -> Tensor:
        """Replaces this tensor with `input * log(other)`, 0 where `input` is 0 (unless `other` is NaN) (`input` being this tensor), in place
        (`torch.Tensor.xlogy_`).

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names
        it; on a Parameter it is the parameter's next version. A tensor that shares its
        storage with another live tensor raises `ArgumentError` instead, recording nothing.

        Args:
            other (Tensor or float): the second operand.

        Returns:
            Tensor: this tensor.
        """
    # END generated: binary
    @overload
    def max(self, dim: None = None, keepdim: _bool = False) -> Tensor:
        """Returns the maximum of `input`: of all elements, along `dim`, or elementwise with a
        tensor.

        `max(input)` is the largest element (a 0-d tensor; ties share the gradient evenly, as in
        torch). `max(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the maxima
        along `dim` and the int64 index of each (the first occurrence); the gradient reaches
        the indexed elements. `max(input, other)` with a tensor `other` (positionally or by
        keyword) is `eagertape.maximum`. `max(input)` accepts integer data; the `dim` and
        `other` forms need floating point.

        Args:
            input (Tensor): the input tensor.
            dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
                elementwise form. Default: ``None`` (all elements).
            keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
                form only). Default: ``False``.
            other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
                Default: ``None``.

        Returns:
            Tensor or MaxResult: the maximum; `(values, indices)` with `dim`.

        Raises:
            ShapeError: if `dim` is out of range.
            DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
            TypeError: both `dim` and `other` are given.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ...     values, indices = et.max(x, 1)
            ...     et.max(x).item(), values.tolist(), indices.tolist()
            (7.0, [5.0, 7.0], [1, 0])
        """
    @overload
    def max(self, dim: _int, keepdim: _bool = False) -> MaxResult:
        """Returns the maximum of `input`: of all elements, along `dim`, or elementwise with a
        tensor.

        `max(input)` is the largest element (a 0-d tensor; ties share the gradient evenly, as in
        torch). `max(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the maxima
        along `dim` and the int64 index of each (the first occurrence); the gradient reaches
        the indexed elements. `max(input, other)` with a tensor `other` (positionally or by
        keyword) is `eagertape.maximum`. `max(input)` accepts integer data; the `dim` and
        `other` forms need floating point.

        Args:
            input (Tensor): the input tensor.
            dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
                elementwise form. Default: ``None`` (all elements).
            keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
                form only). Default: ``False``.
            other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
                Default: ``None``.

        Returns:
            Tensor or MaxResult: the maximum; `(values, indices)` with `dim`.

        Raises:
            ShapeError: if `dim` is out of range.
            DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
            TypeError: both `dim` and `other` are given.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ...     values, indices = et.max(x, 1)
            ...     et.max(x).item(), values.tolist(), indices.tolist()
            (7.0, [5.0, 7.0], [1, 0])
        """
    @overload
    def max(self, dim: Tensor) -> Tensor:
        """Returns the maximum of `input`: of all elements, along `dim`, or elementwise with a
        tensor.

        `max(input)` is the largest element (a 0-d tensor; ties share the gradient evenly, as in
        torch). `max(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the maxima
        along `dim` and the int64 index of each (the first occurrence); the gradient reaches
        the indexed elements. `max(input, other)` with a tensor `other` (positionally or by
        keyword) is `eagertape.maximum`. `max(input)` accepts integer data; the `dim` and
        `other` forms need floating point.

        Args:
            input (Tensor): the input tensor.
            dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
                elementwise form. Default: ``None`` (all elements).
            keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
                form only). Default: ``False``.
            other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
                Default: ``None``.

        Returns:
            Tensor or MaxResult: the maximum; `(values, indices)` with `dim`.

        Raises:
            ShapeError: if `dim` is out of range.
            DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
            TypeError: both `dim` and `other` are given.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ...     values, indices = et.max(x, 1)
            ...     et.max(x).item(), values.tolist(), indices.tolist()
            (7.0, [5.0, 7.0], [1, 0])
        """
    @overload
    def max(
        self, dim: None = None, keepdim: _bool = False, *, other: Tensor | None = None
    ) -> Tensor:
        """Returns the maximum of `input`: of all elements, along `dim`, or elementwise with a
        tensor.

        `max(input)` is the largest element (a 0-d tensor; ties share the gradient evenly, as in
        torch). `max(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the maxima
        along `dim` and the int64 index of each (the first occurrence); the gradient reaches
        the indexed elements. `max(input, other)` with a tensor `other` (positionally or by
        keyword) is `eagertape.maximum`. `max(input)` accepts integer data; the `dim` and
        `other` forms need floating point.

        Args:
            input (Tensor): the input tensor.
            dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
                elementwise form. Default: ``None`` (all elements).
            keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
                form only). Default: ``False``.
            other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
                Default: ``None``.

        Returns:
            Tensor or MaxResult: the maximum; `(values, indices)` with `dim`.

        Raises:
            ShapeError: if `dim` is out of range.
            DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
            TypeError: both `dim` and `other` are given.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ...     values, indices = et.max(x, 1)
            ...     et.max(x).item(), values.tolist(), indices.tolist()
            (7.0, [5.0, 7.0], [1, 0])
        """
    @overload
    def min(self, dim: None = None, keepdim: _bool = False) -> Tensor:
        """Returns the minimum of `input`: of all elements, along `dim`, or elementwise with a
        tensor.

        `min(input)` is the smallest element (a 0-d tensor; ties share the gradient evenly, as
        in torch). `min(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the
        minima along `dim` and the int64 index of each (the first occurrence); the gradient
        reaches the indexed elements. `min(input, other)` with a tensor `other` (positionally
        or by keyword) is `eagertape.minimum`. `min(input)` accepts integer data; the `dim`
        and `other` forms need floating point.

        Args:
            input (Tensor): the input tensor.
            dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
                elementwise form. Default: ``None`` (all elements).
            keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
                form only). Default: ``False``.
            other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
                Default: ``None``.

        Returns:
            Tensor or MinResult: the minimum; `(values, indices)` with `dim`.

        Raises:
            ShapeError: if `dim` is out of range.
            DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
            TypeError: both `dim` and `other` are given.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 5.0], [4.0, 2.0]])
            ...     values, indices = x.min(1)
            ...     x.min().tolist(), values.tolist(), indices.tolist()
            (1.0, [1.0, 2.0], [0, 1])
        """
    @overload
    def min(self, dim: _int, keepdim: _bool = False) -> MinResult:
        """Returns the minimum of `input`: of all elements, along `dim`, or elementwise with a
        tensor.

        `min(input)` is the smallest element (a 0-d tensor; ties share the gradient evenly, as
        in torch). `min(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the
        minima along `dim` and the int64 index of each (the first occurrence); the gradient
        reaches the indexed elements. `min(input, other)` with a tensor `other` (positionally
        or by keyword) is `eagertape.minimum`. `min(input)` accepts integer data; the `dim`
        and `other` forms need floating point.

        Args:
            input (Tensor): the input tensor.
            dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
                elementwise form. Default: ``None`` (all elements).
            keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
                form only). Default: ``False``.
            other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
                Default: ``None``.

        Returns:
            Tensor or MinResult: the minimum; `(values, indices)` with `dim`.

        Raises:
            ShapeError: if `dim` is out of range.
            DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
            TypeError: both `dim` and `other` are given.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 5.0], [4.0, 2.0]])
            ...     values, indices = x.min(1)
            ...     x.min().tolist(), values.tolist(), indices.tolist()
            (1.0, [1.0, 2.0], [0, 1])
        """
    @overload
    def min(self, dim: Tensor) -> Tensor:
        """Returns the minimum of `input`: of all elements, along `dim`, or elementwise with a
        tensor.

        `min(input)` is the smallest element (a 0-d tensor; ties share the gradient evenly, as
        in torch). `min(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the
        minima along `dim` and the int64 index of each (the first occurrence); the gradient
        reaches the indexed elements. `min(input, other)` with a tensor `other` (positionally
        or by keyword) is `eagertape.minimum`. `min(input)` accepts integer data; the `dim`
        and `other` forms need floating point.

        Args:
            input (Tensor): the input tensor.
            dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
                elementwise form. Default: ``None`` (all elements).
            keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
                form only). Default: ``False``.
            other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
                Default: ``None``.

        Returns:
            Tensor or MinResult: the minimum; `(values, indices)` with `dim`.

        Raises:
            ShapeError: if `dim` is out of range.
            DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
            TypeError: both `dim` and `other` are given.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 5.0], [4.0, 2.0]])
            ...     values, indices = x.min(1)
            ...     x.min().tolist(), values.tolist(), indices.tolist()
            (1.0, [1.0, 2.0], [0, 1])
        """
    @overload
    def min(
        self, dim: None = None, keepdim: _bool = False, *, other: Tensor | None = None
    ) -> Tensor:
        """Returns the minimum of `input`: of all elements, along `dim`, or elementwise with a
        tensor.

        `min(input)` is the smallest element (a 0-d tensor; ties share the gradient evenly, as
        in torch). `min(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the
        minima along `dim` and the int64 index of each (the first occurrence); the gradient
        reaches the indexed elements. `min(input, other)` with a tensor `other` (positionally
        or by keyword) is `eagertape.minimum`. `min(input)` accepts integer data; the `dim`
        and `other` forms need floating point.

        Args:
            input (Tensor): the input tensor.
            dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
                elementwise form. Default: ``None`` (all elements).
            keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
                form only). Default: ``False``.
            other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
                Default: ``None``.

        Returns:
            Tensor or MinResult: the minimum; `(values, indices)` with `dim`.

        Raises:
            ShapeError: if `dim` is out of range.
            DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
            TypeError: both `dim` and `other` are given.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 5.0], [4.0, 2.0]])
            ...     values, indices = x.min(1)
            ...     x.min().tolist(), values.tolist(), indices.tolist()
            (1.0, [1.0, 2.0], [0, 1])
        """
    # BEGIN generated: tensor-factories (tools/gen-stubs, from session/factory/declared.rs)
    def new_zeros(
        self,
        *args: int | Sequence[int],
        size: int | Sequence[int] | None = None,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Returns `eagertape.zeros(*size)` in this tensor's session, of this tensor's dtype
        unless `dtype` says otherwise (torch's `Tensor.new_zeros`).

        Args:
            *args (int or sequence of ints): the shape, as separate ints or one sequence.
            size (sequence of ints, optional): the shape by keyword, instead of `*args`.
                Default: ``None``.
            dtype (str or dtype, optional): the dtype of the result. Default: ``None`` (this
                tensor's dtype).
            device (str or torch.device, optional): must be this tensor's session's device.
                Default: ``None``.
            requires_grad (bool): whether the new tensor is a leaf that takes gradients.
                Default: ``False``.

        Returns:
            Tensor: a new tensor of this tensor's session.

        Raises:
            DeviceError: `device` is not the session's device.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     z = et.tensor([1, 2]).new_zeros(2, 3)
            ...     z.dtype, z.shape
            ('int64', (2, 3))
        """
    def new_ones(
        self,
        *args: int | Sequence[int],
        size: int | Sequence[int] | None = None,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Returns `eagertape.ones(*size)` in this tensor's session, of this tensor's dtype
        unless `dtype` says otherwise (torch's `Tensor.new_ones`).

        Args:
            *args (int or sequence of ints): the shape, as separate ints or one sequence.
            size (sequence of ints, optional): the shape by keyword, instead of `*args`.
                Default: ``None``.
            dtype (str or dtype, optional): the dtype of the result. Default: ``None`` (this
                tensor's dtype).
            device (str or torch.device, optional): must be this tensor's session's device.
                Default: ``None``.
            requires_grad (bool): whether the new tensor is a leaf that takes gradients.
                Default: ``False``.

        Returns:
            Tensor: a new tensor of this tensor's session.

        Raises:
            DeviceError: `device` is not the session's device.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     z = et.tensor([1, 2]).new_ones(2, 3)
            ...     z.dtype, z.shape
            ('int64', (2, 3))
        """
    def new_empty(
        self,
        *args: int | Sequence[int],
        size: int | Sequence[int] | None = None,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Returns `eagertape.empty(*size)` in this tensor's session, of this tensor's dtype
        unless `dtype` says otherwise (torch's `Tensor.new_empty`).

        Args:
            *args (int or sequence of ints): the shape, as separate ints or one sequence.
            size (sequence of ints, optional): the shape by keyword, instead of `*args`.
                Default: ``None``.
            dtype (str or dtype, optional): the dtype of the result. Default: ``None`` (this
                tensor's dtype).
            device (str or torch.device, optional): must be this tensor's session's device.
                Default: ``None``.
            requires_grad (bool): whether the new tensor is a leaf that takes gradients.
                Default: ``False``.

        Returns:
            Tensor: a new tensor of this tensor's session.

        Raises:
            DeviceError: `device` is not the session's device.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     z = et.tensor([1, 2]).new_empty(2, 3)
            ...     z.dtype, z.shape
            ('int64', (2, 3))
        """
    def new_full(
        self,
        size: int | Sequence[int],
        fill_value: float | int | bool,
        *,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """Returns `eagertape.full(size, fill_value)` in this tensor's session, of this tensor's dtype
        unless `dtype` says otherwise (torch's `Tensor.new_full`).

        Args:
            size: as `eagertape.full`'s.
            fill_value: as `eagertape.full`'s.
            dtype (str or dtype, optional): the dtype of the result. Default: ``None`` (this
                tensor's dtype).
            device (str or torch.device, optional): must be this tensor's session's device.
                Default: ``None``.
            requires_grad (bool): whether the new tensor is a leaf that takes gradients.
                Default: ``False``.

        Returns:
            Tensor: a new tensor of this tensor's session.

        Raises:
            DeviceError: `device` is not the session's device.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     z = et.tensor([1, 2]).new_full((2, 3), 7)
            ...     z.dtype, z.shape
            ('int64', (2, 3))
        """
    # END generated: tensor-factories
    # BEGIN generated: tensor-methods (tools/gen-stubs, from the ops' declarations)
    def sum(self, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Tensor:
        """Returns the sum of all elements of `input`, or of each row in the dimension(s) `dim`.

        Integer and bool data sum to int64, as in torch (no gradient); floating-point input keeps
        its dtype. torch's `dtype=` keyword is not accepted.

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints, optional): the dimension(s) to reduce.
                Default: ``None`` (all dimensions).
            keepdim (bool): whether the output keeps the reduced dimensions with size 1.
                Default: ``False``.

        Returns:
            Tensor: the sums.

        Raises:
            et.ShapeError: if a dimension is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ...     et.sum(x).item(), et.sum(x, dim=1).tolist()
            (10.0, [3.0, 7.0])
        """
    def mean(self, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Tensor:
        """Returns the mean of all elements of `input`, or of each row in the dimension(s) `dim`.

        Floating-point input only, as in torch.

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints, optional): the dimension(s) to reduce.
                Default: ``None`` (all dimensions).
            keepdim (bool): whether the output keeps the reduced dimensions with size 1.
                Default: ``False``.

        Returns:
            Tensor: the means.

        Raises:
            et.DTypeError: if `input` holds integer or bool data.
            et.ShapeError: if a dimension is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ...     et.mean(x).item(), et.mean(x, dim=0).tolist()
            (2.5, [2.0, 3.0])
        """
    def amax(self, dim: int | Sequence[int] | None = (), keepdim: bool = False) -> Tensor:
        """Returns the maximum value of each slice of `input` in the given dimension(s) `dim`.

        Unlike `eagertape.max`, no indices, and the gradient is split evenly between equal
        maxima, as in torch. Integer data is accepted (its result has no gradient).

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints): the dimension(s) to reduce. Default: ``()`` (all
                dimensions).
            keepdim (bool): whether the output keeps the reduced dimensions with size 1.
                Default: ``False``.

        Returns:
            Tensor: the maxima.

        Raises:
            et.ShapeError: if a dimension is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ...     et.amax(x).item(), et.amax(x, 0).tolist()
            (7.0, [7.0, 5.0])
        """
    def amin(self, dim: int | Sequence[int] | None = (), keepdim: bool = False) -> Tensor:
        """Returns the minimum value of each slice of `input` in the given dimension(s) `dim`.

        Unlike `eagertape.min`, no indices, and the gradient is split evenly between equal
        minima, as in torch. Integer data is accepted (its result has no gradient).

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints): the dimension(s) to reduce. Default: ``()`` (all
                dimensions).
            keepdim (bool): whether the output keeps the reduced dimensions with size 1.
                Default: ``False``.

        Returns:
            Tensor: the minima.

        Raises:
            et.ShapeError: if a dimension is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ...     et.amin(x).item(), et.amin(x, 0).tolist()
            (1.0, [1.0, 2.0])
        """
    def prod(self, dim: int | None = None, keepdim: bool = False) -> Tensor:
        """Returns the product of all elements in the `input` tensor, or of each row in dimension `dim`.

        Zeros are handled exactly in the gradient. Floating-point input only.

        Args:
            input (Tensor): the input tensor.
            dim (int, optional): the dimension to reduce. Default: ``None`` (all elements).
            keepdim (bool): whether the output keeps `dim` with size 1. Default: ``False``.

        Returns:
            Tensor: the products.

        Raises:
            et.DTypeError: if `input` holds integer or bool data.
            et.ShapeError: if `dim` is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ...     et.prod(x).item(), et.prod(x, 1).tolist()
            (24.0, [2.0, 12.0])
        """
    def var(
        self,
        dim: int | Sequence[int] | bool | None = None,
        unbiased: bool | None = None,
        keepdim: bool = False,
        *,
        correction: float | None = None,
    ) -> Tensor:
        """Calculates the variance over the dimensions specified by `dim`.

        The sum of squared deviations is divided by `max(0, N - correction)`, where `N` is the
        number of elements reduced. As in torch, `var(input, True)` (a bool second argument)
        is the legacy `unbiased` overload over all elements. Floating-point input only.

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints, optional): the dimension(s) to reduce.
                Default: ``None`` (all dimensions).
            unbiased (bool, optional): torch's legacy spelling of the correction: ``True`` is
                ``correction=1``, ``False`` is ``correction=0``. Default: ``None``.
            keepdim (bool): whether the output keeps the reduced dimensions with size 1.
                Default: ``False``.
            correction (float, optional): the difference between the sample size and the
                degrees of freedom (Bessel's correction). Default: ``None`` (1).

        Returns:
            Tensor: the variances.

        Raises:
            et.ArgumentError: if both `unbiased` and `correction` are given.
            et.DTypeError: if `input` holds integer or bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 3.0], [2.0, 6.0]])
            ...     et.var(x, 1).tolist(), et.var(x, 1, correction=0).tolist()
            ([2.0, 8.0], [1.0, 4.0])
        """
    def std(
        self,
        dim: int | Sequence[int] | bool | None = None,
        unbiased: bool | None = None,
        keepdim: bool = False,
        *,
        correction: float | None = None,
    ) -> Tensor:
        """Calculates the standard deviation over the dimensions specified by `dim`.

        The square root of `eagertape.var` with the same arguments: the sum of squared
        deviations is divided by `max(0, N - correction)`. As in torch, `std(input, True)` is the
        legacy `unbiased` overload over all elements. Floating-point input only.

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints, optional): the dimension(s) to reduce.
                Default: ``None`` (all dimensions).
            unbiased (bool, optional): torch's legacy spelling of the correction: ``True`` is
                ``correction=1``, ``False`` is ``correction=0``. Default: ``None``.
            keepdim (bool): whether the output keeps the reduced dimensions with size 1.
                Default: ``False``.
            correction (float, optional): the difference between the sample size and the
                degrees of freedom (Bessel's correction). Default: ``None`` (1).

        Returns:
            Tensor: the standard deviations.

        Raises:
            et.ArgumentError: if both `unbiased` and `correction` are given.
            et.DTypeError: if `input` holds integer or bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 3.0], [2.0, 6.0]])
            ...     et.std(x, 1, correction=0).tolist()
            [1.0, 2.0]
        """
    def logsumexp(self, dim: int | Sequence[int] | None, keepdim: bool = False) -> Tensor:
        """Returns the log of summed exponentials of each row of `input` in the dimension(s) `dim`.

        Computed stably (the maximum is subtracted first). Floating-point input only.

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints): the dimension(s) to reduce.
            keepdim (bool): whether the output keeps the reduced dimensions with size 1.
                Default: ``False``.

        Returns:
            Tensor: `log(sum(exp(input), dim))`.

        Raises:
            et.DTypeError: if `input` holds integer or bool data.
            et.ShapeError: if a dimension is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.logsumexp(et.tensor([[1000.0, 1000.0]]), 1).tolist()
            [1000.6931762695312]
        """
    def norm(
        self, p: float | str = "fro", dim: int | Sequence[int] | None = None, keepdim: bool = False
    ) -> Tensor:
        """Returns the matrix norm or vector norm of a given tensor.

        A number `p` (0, fractional, ``inf`` and ``-inf`` included) gives the vector p-norm of the
        elements over `dim` (all elements when ``None``); ``"fro"`` is the 2-norm over the same
        elements (the Frobenius norm of a matrix); ``"nuc"`` is the nuclear norm (the sum of
        singular values) of a 2-D input, or over the two dims given in `dim`. Floating-point
        input only; the nuclear norm needs a LibTorch carrier.

        Args:
            input (Tensor): the input tensor.
            p (float or str): the order of the norm: a number, ``"fro"`` or ``"nuc"``.
                Default: ``"fro"``.
            dim (int or tuple of ints, optional): the dimension(s) to reduce.
                Default: ``None`` (all dimensions).
            keepdim (bool): whether the output keeps the reduced dimensions with size 1.
                Default: ``False``.

        Returns:
            Tensor: the norm(s).

        Raises:
            et.ArgumentError: if `p` is a string other than ``"fro"`` or ``"nuc"``.
            et.ShapeError: for ``"nuc"`` without two dimensions to reduce.
            et.DTypeError: if `input` holds integer or bool data.
            et.UnsupportedOpError: for ``"nuc"`` on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([3.0, -4.0])
            ...     et.norm(x).item(), et.norm(x, 1).item(), et.norm(x, float("inf")).item()
            (5.0, 7.0, 4.0)
        """
    def cumsum(self, dim: int) -> Tensor:
        """Returns the cumulative sum of elements of `input` in the dimension `dim`.

        Floating-point input only (torch's `dtype=` keyword is not accepted).

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension to do the operation over.

        Returns:
            Tensor: a tensor of the same shape as `input`.

        Raises:
            et.DTypeError: if `input` holds integer or bool data.
            et.ShapeError: if `dim` is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.cumsum(et.tensor([1.0, 2.0, 3.0]), 0).tolist()
            [1.0, 3.0, 6.0]
        """
    def cumsum_(self, dim: int) -> Tensor:
        """In-place `cumsum`: this tensor then reads `cumsum`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `cumsum`'s.

        Returns:
            Tensor: this tensor.
        """
    def argmax(self, dim: int | None = None, keepdim: bool = False) -> Tensor:
        """Returns the indices of the maximum values of `input`, over all elements or along `dim`.

        The indices are int64 data (no gradient); where the maximum occurs several times, the
        index of the first occurrence. With `dim` ``None``, the index into the flattened tensor.
        Floating-point input only (unlike torch, integer tensors are refused).

        Args:
            input (Tensor): the input tensor.
            dim (int, optional): the dimension to reduce. Default: ``None`` (the flattened input).
            keepdim (bool): whether the output keeps `dim` with size 1. Default: ``False``.

        Returns:
            Tensor: int64 indices.

        Raises:
            et.DTypeError: if `input` holds integer or bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ...     et.argmax(x).item(), et.argmax(x, dim=1).tolist()
            (2, [1, 0])
        """
    def argmin(self, dim: int | None = None, keepdim: bool = False) -> Tensor:
        """Returns the indices of the minimum values of `input`, over all elements or along `dim`.

        The indices are int64 data (no gradient); where the minimum occurs several times, the
        index of the first occurrence. With `dim` ``None``, the index into the flattened tensor.
        Floating-point input only (unlike torch, integer tensors are refused).

        Args:
            input (Tensor): the input tensor.
            dim (int, optional): the dimension to reduce. Default: ``None`` (the flattened input).
            keepdim (bool): whether the output keeps `dim` with size 1. Default: ``False``.

        Returns:
            Tensor: int64 indices.

        Raises:
            et.DTypeError: if `input` holds integer or bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
            ...     et.argmin(x).item(), et.argmin(x, dim=1).tolist()
            (0, [0, 1])
        """
    def quantile(
        self,
        q: Tensor | float | Sequence[float],
        dim: int | None = None,
        keepdim: bool = False,
        *,
        interpolation: str = "linear",
    ) -> Tensor:
        """Computes the q-th quantiles of each row of the `input` tensor along the dimension `dim`.

        `q` is a number, a list, or a 0-d or 1-d tensor of values in [0, 1]; a 1-d `q` adds a
        leading dimension to the result, one entry per quantile. The rank `q * (n - 1)` falls
        between two sorted values, combined by `interpolation`. A tensor `q`'s values are read
        back from the device (they choose what is recorded); `q` gets its gradient, as in torch.
        A row holding a NaN gives NaN. Floating-point input and a LibTorch carrier only.

        Args:
            input (Tensor): the input tensor.
            q (float, list of floats or Tensor): the quantile(s) to compute, in [0, 1].
            dim (int, optional): the dimension to reduce. Default: ``None`` (all elements).
            keepdim (bool): whether the output keeps `dim` with size 1. Default: ``False``.
            interpolation (str): ``"linear"``, ``"lower"``, ``"higher"``, ``"midpoint"`` or
                ``"nearest"``. Default: ``"linear"``.

        Returns:
            Tensor: the quantiles.

        Raises:
            et.ArgumentError: if a `q` value is outside [0, 1], a tensor `q` has more than one
                dimension, or `interpolation` is unknown.
            et.UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([1.0, 2.0, 3.0, 4.0])
            ...     et.quantile(x, 0.5).item(), et.quantile(x, [0.25, 0.5]).tolist()
            (2.5, [1.75, 2.5])
        """
    def round(self, *, decimals: int = 0) -> Tensor:
        """Rounds elements of `input` to the nearest integer, or to `decimals` decimal places.

        Halves round to even, as in torch; a negative `decimals` rounds to the left of the
        decimal point. The gradient is zero. Floating-point input only.

        Args:
            input (Tensor): the input tensor.
            decimals (int): the number of decimal places to round to. Default: ``0``.

        Returns:
            Tensor: the rounded tensor.

        Raises:
            et.DTypeError: if `input` holds integer or bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([0.5, 1.5, 2.5, 1234.0])
            ...     et.round(x).tolist(), et.round(x, decimals=-2).tolist()
            ([0.0, 2.0, 2.0, 1234.0], [0.0, 0.0, 0.0, 1200.0])
        """
    def round_(self, *, decimals: int = 0) -> Tensor:
        """In-place `round`: this tensor then reads `round`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `round`'s.

        Returns:
            Tensor: this tensor.
        """
    def diagonal(self, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
        """Returns the diagonal of `input` with respect to `dim1` and `dim2`, as its last dimension.

        `offset` 0 is the main diagonal, a positive one above it, a negative one below it. Any
        dtype; the gradient goes back to the diagonal.

        Args:
            input (Tensor): the input tensor, at least 2-D.
            offset (int): which diagonal to consider. Default: ``0``.
            dim1 (int): the first dimension of the 2-D planes. Default: ``0``.
            dim2 (int): the second dimension of the 2-D planes. Default: ``1``.

        Returns:
            Tensor: the diagonals; `dim1` and `dim2` removed and the diagonal's length appended.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ...     et.diagonal(x).tolist(), et.diagonal(x, 1).tolist()
            ([1.0, 4.0], [2.0])
        """
    def diag(self, diagonal: int = 0) -> Tensor:
        """Returns a square matrix with the 1-D `input` on a diagonal, or the diagonal of a 2-D `input`.

        For a vector, a 2-D tensor with `input` on diagonal `diagonal` and zeros elsewhere; for a
        matrix, the 1-D tensor of its diagonal `diagonal` (0 the main one, positive above,
        negative below).

        Args:
            input (Tensor): the 1-D or 2-D input tensor.
            diagonal (int): which diagonal to consider. Default: ``0``.

        Returns:
            Tensor: the 2-D matrix or the 1-D diagonal.

        Raises:
            et.ShapeError: if `input` is not 1-D or 2-D.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.diag(et.tensor([1.0, 2.0])).tolist()
            [[1.0, 0.0], [0.0, 2.0]]
        """
    def trace(self) -> Tensor:
        """Returns the sum of the elements of the diagonal of the input 2-D matrix.

        Recorded as the diagonal followed by its sum.

        Args:
            input (Tensor): the 2-D input tensor.

        Returns:
            Tensor: a 0-d tensor.

        Raises:
            et.ShapeError: if `input` is not 2-D.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.trace(et.tensor([[1.0, 2.0], [3.0, 4.0]])).item()
            5.0
        """
    def diff(
        self,
        n: int = 1,
        dim: int = -1,
        prepend: Tensor | ArrayLike | None = None,
        append: Tensor | ArrayLike | None = None,
    ) -> Tensor:
        """Computes the n-th forward difference along the given dimension.

        The first-order difference is `out[i] = input[i + 1] - input[i]`; higher orders apply it
        `n` times (``n=0`` returns `input` itself). `prepend` and `append` are concatenated to
        `input` along `dim` first. Floating-point input only.

        Args:
            input (Tensor): the tensor to compute the differences on.
            n (int): the number of times to recursively compute the difference. Default: ``1``.
            dim (int): the dimension along which to compute the difference. Default: ``-1``.
            prepend (Tensor or array-like, optional): values to put before `input` along `dim`.
                Default: ``None``.
            append (Tensor or array-like, optional): values to put after `input` along `dim`.
                Default: ``None``.

        Returns:
            Tensor: the differences.

        Raises:
            et.ArgumentError: if `n` is negative.
            et.ShapeError: if `input` is 0-d.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([1.0, 4.0, 9.0, 16.0])
            ...     et.diff(x).tolist(), et.diff(x, n=2).tolist()
            ([3.0, 5.0, 7.0], [2.0, 2.0])
        """
    def cross(self, other: Tensor | ArrayLike, dim: int | None = None) -> Tensor:
        """Returns the cross product of vectors in dimension `dim` of `input` and `other`.

        The operands have the same number of dimensions and broadcast; with `dim` ``None``, the
        first dimension of size 3 (torch's `torch.cross` default). Floating-point tensors only.

        Args:
            input (Tensor): the first input tensor.
            other (Tensor or array-like): the second input tensor.
            dim (int, optional): the dimension to take the cross product in, of size 3.
                Default: ``None``.

        Returns:
            Tensor: the cross products.

        Raises:
            et.ShapeError: if the operands' dimension `dim` is not of size 3 (without `dim`: if
                no dimension is).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.cross(et.tensor([1.0, 0.0, 0.0]), et.tensor([0.0, 1.0, 0.0])).tolist()
            [0.0, 0.0, 1.0]
        """
    def kron(self, other: Tensor | ArrayLike) -> Tensor:
        """Computes the Kronecker product of `input` and `other`.

        The operand with fewer dimensions is padded with leading 1s; the result's size in each
        dimension is the product of the two sizes. Floating-point tensors only.

        Args:
            input (Tensor): the first input tensor.
            other (Tensor or array-like): the second input tensor.

        Returns:
            Tensor: the Kronecker product.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.kron(et.tensor([1.0, 2.0]), et.tensor([1.0, 10.0])).tolist()
            [1.0, 10.0, 2.0, 20.0]
        """
    def logit(self, eps: float | None = None) -> Tensor:
        """Returns a new tensor with the logit of the elements of `input`.

        `logit(p) = log(p / (1 - p))`; with `eps`, `input` is first clamped to
        `[eps, 1 - eps]` (the gradient is then zero outside that range, as in torch).

        Args:
            input (Tensor): the input tensor.
            eps (float, optional): the epsilon for input clamp bound. Default: ``None`` (no clamp).

        Returns:
            Tensor: the logits.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.logit(et.tensor([0.5, 0.0]), eps=0.5).tolist()
            [0.0, 0.0]
        """
    def logit_(self, eps: float | None = None) -> Tensor:
        """In-place `logit`: this tensor then reads `logit`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `logit`'s.

        Returns:
            Tensor: this tensor.
        """
    def nansum(self, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Tensor:
        """Returns the sum of the elements of `input`, treating Not a Numbers (NaNs) as zero.

        NaN positions get no gradient.

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints, optional): the dimension(s) to reduce.
                Default: ``None`` (all dimensions).
            keepdim (bool): whether the output keeps the reduced dimensions with size 1.
                Default: ``False``.

        Returns:
            Tensor: the sums.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.nansum(et.tensor([1.0, float("nan"), 2.0])).item()
            3.0
        """
    def nanmean(self, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Tensor:
        """Computes the mean of all non-NaN elements along the specified dimensions.

        A slice holding only NaNs gives NaN. NaN positions get no gradient. Floating-point input
        only.

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints, optional): the dimension(s) to reduce.
                Default: ``None`` (all dimensions).
            keepdim (bool): whether the output keeps the reduced dimensions with size 1.
                Default: ``False``.

        Returns:
            Tensor: the means.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.nanmean(et.tensor([1.0, float("nan"), 2.0])).item()
            1.5
        """
    def isclose(
        self,
        other: Tensor | ArrayLike,
        rtol: float = 1e-05,
        atol: float = 1e-08,
        equal_nan: bool = False,
    ) -> Tensor:
        """Returns a bool tensor telling, elementwise, whether `input` is "close" to `other`.

        Close means `|input - other| <= atol + rtol * |other|` (and equal infinities); NaNs are
        close to each other only with `equal_nan`. The operands broadcast; bool data, no
        gradient.

        Args:
            input (Tensor): the first tensor to compare.
            other (Tensor or array-like): the second tensor to compare.
            rtol (float): the relative tolerance. Default: ``1e-05``.
            atol (float): the absolute tolerance. Default: ``1e-08``.
            equal_nan (bool): whether two NaNs are equal. Default: ``False``.

        Returns:
            Tensor: bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.isclose(et.tensor([1.0, 2.0]), et.tensor([1.0, 2.1])).tolist()
            [True, False]
        """
    def scatter(
        self,
        dim: int,
        index: Tensor | ArrayLike,
        src: Tensor | ArrayLike | float | None = None,
        *,
        value: float | None = None,
        reduce: str | None = None,
    ) -> Tensor:
        """Writes `src` (or the number `value`) into a copy of `input` at the indices `index`.

        The out-of-place form of torch's `Tensor.scatter_`: for a 2-D input and ``dim=1``,
        `out[i][index[i][j]] = src[i][j]`. `input` is not changed. torch's legacy
        ``reduce="add"`` / ``"multiply"`` (with a tensor `src`) is `eagertape.scatter_reduce` with
        ``"sum"`` / ``"prod"``. The gradient reaches `input` where nothing was written and `src`
        at the entries written.

        Args:
            input (Tensor): the destination tensor.
            dim (int): the axis along which to index.
            index (Tensor or array-like): the integer indices.
            src (Tensor or float, optional): the values to scatter; a number is read as `value`.
                Default: ``None``.
            value (float, optional): the number to write at every index, instead of `src`.
                Default: ``None``.
            reduce (str, optional): ``"add"`` or ``"multiply"`` to combine `src` with the values
                already there instead of replacing them. Default: ``None``.

        Returns:
            Tensor: the result.

        Raises:
            et.ArgumentError: if neither or both of `src` and `value` are given, if `reduce` is
                not ``"add"`` or ``"multiply"``, or with `reduce` and a number `value`.
            et.DTypeError: if `index` is floating-point data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.zeros(2, 3)
            ...     et.scatter(x, 1, [[2], [0]], value=1.0).tolist()
            [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]
        """
    def scatter_(
        self,
        dim: int,
        index: Tensor | ArrayLike,
        src: Tensor | ArrayLike | float | None = None,
        *,
        value: float | None = None,
        reduce: str | None = None,
    ) -> Tensor:
        """In-place `scatter`: this tensor then reads `scatter`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `scatter`'s.

        Returns:
            Tensor: this tensor.
        """
    def scatter_add(self, dim: int, index: Tensor | ArrayLike, src: Tensor | ArrayLike) -> Tensor:
        """Adds the values of `src` into a copy of `input` at the indices specified in `index`.

        The out-of-place form of torch's `Tensor.scatter_add_`: for a 2-D input and ``dim=1``,
        `out[i][index[i][j]] += src[i][j]`; repeated indices accumulate. Both `input` and `src`
        get a gradient. Needs a LibTorch carrier.

        Args:
            input (Tensor): the destination tensor.
            dim (int): the axis along which to index.
            index (Tensor or array-like): the integer indices.
            src (Tensor or array-like): the values to add.

        Returns:
            Tensor: the result.

        Raises:
            et.DTypeError: if `index` is floating-point data.
            et.UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.zeros(3)
            ...     et.scatter_add(x, 0, [0, 0, 2], et.tensor([1.0, 2.0, 3.0])).tolist()
            [3.0, 0.0, 3.0]
        """
    def scatter_add_(self, dim: int, index: Tensor | ArrayLike, src: Tensor | ArrayLike) -> Tensor:
        """In-place `scatter_add`: this tensor then reads `scatter_add`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `scatter_add`'s.

        Returns:
            Tensor: this tensor.
        """
    def scatter_reduce(
        self,
        dim: int,
        index: Tensor | ArrayLike,
        src: Tensor | ArrayLike,
        reduce: str,
        *,
        include_self: bool = True,
    ) -> Tensor:
        """Reduces the values of `src` into a copy of `input` at the indices specified in `index`.

        The out-of-place form of torch's `Tensor.scatter_reduce_`: every `src` value sent to the
        same position is combined by `reduce`, together with `input`'s value there when
        `include_self`. Positions no index reaches keep `input`'s value. Needs a LibTorch
        carrier.

        Args:
            input (Tensor): the destination tensor.
            dim (int): the axis along which to index.
            index (Tensor or array-like): the integer indices.
            src (Tensor or array-like): the values to reduce.
            reduce (str): ``"sum"``, ``"prod"``, ``"mean"``, ``"amax"`` or ``"amin"``.
            include_self (bool): whether `input`'s values at the indexed positions take part in
                the reduction. Default: ``True``.

        Returns:
            Tensor: the result.

        Raises:
            et.ArgumentError: if `reduce` is not one of the five names.
            et.DTypeError: if `index` is floating-point data.
            et.UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.zeros(2)
            ...     src = et.tensor([1.0, 5.0, 3.0])
            ...     et.scatter_reduce(x, 0, [0, 0, 1], src, "amax", include_self=False).tolist()
            [5.0, 3.0]
        """
    def scatter_reduce_(
        self,
        dim: int,
        index: Tensor | ArrayLike,
        src: Tensor | ArrayLike,
        reduce: str,
        *,
        include_self: bool = True,
    ) -> Tensor:
        """In-place `scatter_reduce`: this tensor then reads `scatter_reduce`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `scatter_reduce`'s.

        Returns:
            Tensor: this tensor.
        """
    def index_add(
        self, dim: int, index: Tensor | ArrayLike, source: Tensor | ArrayLike, *, alpha: float = 1.0
    ) -> Tensor:
        """Adds `alpha` times the slices of `source` into a copy of `input` at the indices `index`.

        The out-of-place form of torch's `Tensor.index_add_`: with ``dim=0``,
        `out[index[i]] += alpha * source[i]`; repeated indices accumulate. Needs a LibTorch
        carrier.

        Args:
            input (Tensor): the destination tensor.
            dim (int): the dimension along which to index.
            index (Tensor or array-like): the 1-D integer indices of `input` to add to.
            source (Tensor or array-like): the slices to add, `len(index)` long in `dim`.
            alpha (float): the scalar multiplier for `source`. Default: ``1.0``.

        Returns:
            Tensor: the result.

        Raises:
            et.DTypeError: if `index` is floating-point data.
            et.UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.zeros(3, 2)
            ...     et.index_add(x, 0, [2, 0], et.ones(2, 2), alpha=2.0).tolist()
            [[2.0, 2.0], [0.0, 0.0], [2.0, 2.0]]
        """
    def index_add_(
        self, dim: int, index: Tensor | ArrayLike, source: Tensor | ArrayLike, *, alpha: float = 1.0
    ) -> Tensor:
        """In-place `index_add`: this tensor then reads `index_add`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `index_add`'s.

        Returns:
            Tensor: this tensor.
        """
    def index_copy(self, dim: int, index: Tensor | ArrayLike, source: Tensor | ArrayLike) -> Tensor:
        """Copies the slices of `source` into a copy of `input` at the indices given in `index`.

        The out-of-place form of torch's `Tensor.index_copy_`: with ``dim=0``,
        `out[index[i]] = source[i]`. The gradient reaches `input` where nothing was copied and
        `source` for what it wrote.

        Args:
            input (Tensor): the destination tensor.
            dim (int): the dimension along which to index.
            index (Tensor or array-like): the 1-D integer indices of `input` to write to.
            source (Tensor or array-like): the slices to copy, `len(index)` long in `dim`.

        Returns:
            Tensor: the result.

        Raises:
            et.DTypeError: if `index` is floating-point data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.zeros(3, 2)
            ...     et.index_copy(x, 0, [2, 0], et.tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
            [[3.0, 4.0], [0.0, 0.0], [1.0, 2.0]]
        """
    def index_copy_(
        self, dim: int, index: Tensor | ArrayLike, source: Tensor | ArrayLike
    ) -> Tensor:
        """In-place `index_copy`: this tensor then reads `index_copy`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `index_copy`'s.

        Returns:
            Tensor: this tensor.
        """
    def index_fill(
        self, dim: int, index: Tensor | ArrayLike, value: Tensor | ArrayLike | float
    ) -> Tensor:
        """Fills the slices of a copy of `input` selected by `index` along `dim` with `value`.

        The out-of-place form of torch's `Tensor.index_fill_`. A 0-d tensor `value` is an operand:
        it gets the gradient of the positions it fills.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension along which to index.
            index (Tensor or array-like): the 1-D integer indices of the slices to fill.
            value (float or Tensor): the value to fill with: a number or a 0-d tensor.

        Returns:
            Tensor: the result.

        Raises:
            et.DTypeError: if `index` is floating-point data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.zeros(2, 3)
            ...     et.index_fill(x, 1, [0, 2], -1.0).tolist()
            [[-1.0, 0.0, -1.0], [-1.0, 0.0, -1.0]]
        """
    def index_fill_(
        self, dim: int, index: Tensor | ArrayLike, value: Tensor | ArrayLike | float
    ) -> Tensor:
        """In-place `index_fill`: this tensor then reads `index_fill`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `index_fill`'s.

        Returns:
            Tensor: this tensor.
        """
    def take_along_dim(self, indices: Tensor | ArrayLike, dim: int | None = None) -> Tensor:
        """Selects values from `input` at the indices `indices` along the given `dim`.

        Like `eagertape.gather`, but `input` and `indices` broadcast against each other outside
        `dim`; with `dim` ``None`` both are flattened first. The gradient is scattered back.

        Args:
            input (Tensor): the input tensor.
            indices (Tensor or array-like): the integer indices into `input`.
            dim (int, optional): the dimension to select along. Default: ``None`` (the flattened
                input).

        Returns:
            Tensor: the selected values.

        Raises:
            et.DTypeError: if `indices` is floating-point data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[10.0, 30.0, 20.0], [60.0, 40.0, 50.0]])
            ...     et.take_along_dim(x, et.argmax(x, 1, keepdim=True), 1).tolist()
            [[30.0], [60.0]]
        """
    def lerp(self, end: Tensor | ArrayLike, weight: Tensor | ArrayLike | float) -> Tensor:
        """Linear interpolation of `input` (the start) and `end` based on a scalar or tensor `weight`.

        Computes `input + weight * (end - input)`, broadcasting the three; recorded all or
        nothing as a composition of the tape's ops, so `input`, `end` and a tensor `weight` each
        get their gradient. Floating-point tensors only.

        Args:
            input (Tensor): the tensor with the starting points.
            end (Tensor or array-like): the tensor with the ending points.
            weight (float or Tensor): the weight of the interpolation.

        Returns:
            Tensor: the interpolated values.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.lerp(et.tensor([0.0, 10.0]), et.tensor([10.0, 20.0]), 0.5).tolist()
            [5.0, 15.0]
        """
    def lerp_(self, end: Tensor | ArrayLike, weight: Tensor | ArrayLike | float) -> Tensor:
        """In-place `lerp`: this tensor then reads `lerp`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `lerp`'s.

        Returns:
            Tensor: this tensor.
        """
    def addcmul(
        self, tensor1: Tensor | ArrayLike, tensor2: Tensor | ArrayLike, *, value: float = 1.0
    ) -> Tensor:
        """Multiplies `tensor1` by `tensor2` elementwise, scales the result and adds it to `input`.

        Computes `input + value * tensor1 * tensor2`, broadcasting the three; recorded all or
        nothing as a composition of the tape's ops, each tensor operand getting its gradient.

        Args:
            input (Tensor): the tensor to be added.
            tensor1 (Tensor or array-like): the tensor to be multiplied.
            tensor2 (Tensor or array-like): the tensor to be multiplied.
            value (float): the multiplier for `tensor1 * tensor2`. Default: ``1.0``.

        Returns:
            Tensor: the result.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.ones(2)
            ...     et.addcmul(x, et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0]), value=0.5).tolist()
            [2.5, 5.0]
        """
    def addcmul_(
        self, tensor1: Tensor | ArrayLike, tensor2: Tensor | ArrayLike, *, value: float = 1.0
    ) -> Tensor:
        """In-place `addcmul`: this tensor then reads `addcmul`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `addcmul`'s.

        Returns:
            Tensor: this tensor.
        """
    def addcdiv(
        self, tensor1: Tensor | ArrayLike, tensor2: Tensor | ArrayLike, *, value: float = 1.0
    ) -> Tensor:
        """Divides `tensor1` by `tensor2` elementwise, scales the result and adds it to `input`.

        Computes `input + value * tensor1 / tensor2`, broadcasting the three; recorded all or
        nothing as a composition of the tape's ops, each tensor operand getting its gradient.

        Args:
            input (Tensor): the tensor to be added.
            tensor1 (Tensor or array-like): the numerator tensor.
            tensor2 (Tensor or array-like): the denominator tensor.
            value (float): the multiplier for `tensor1 / tensor2`. Default: ``1.0``.

        Returns:
            Tensor: the result.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.ones(2)
            ...     et.addcdiv(x, et.tensor([1.0, 2.0]), et.tensor([4.0, 4.0]), value=2.0).tolist()
            [1.5, 2.0]
        """
    def addcdiv_(
        self, tensor1: Tensor | ArrayLike, tensor2: Tensor | ArrayLike, *, value: float = 1.0
    ) -> Tensor:
        """In-place `addcdiv`: this tensor then reads `addcdiv`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `addcdiv`'s.

        Returns:
            Tensor: this tensor.
        """
    def outer(self, vec2: Tensor | ArrayLike) -> Tensor:
        """Outer product of `input` and `vec2`.

        For `input` of size `n` and `vec2` of size `m`, the `(n, m)` matrix
        `out[i][j] = input[i] * vec2[j]`. Floating-point tensors only.

        Args:
            input (Tensor): the 1-D input vector.
            vec2 (Tensor or array-like): the 1-D input vector.

        Returns:
            Tensor: the 2-D outer product.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.outer(et.tensor([1.0, 2.0]), et.tensor([1.0, 10.0, 100.0])).tolist()
            [[1.0, 10.0, 100.0], [2.0, 20.0, 200.0]]
        """
    def addmm(
        self,
        mat1: Tensor | ArrayLike,
        mat2: Tensor | ArrayLike,
        *,
        beta: float = 1.0,
        alpha: float = 1.0,
        out_dtype: None = None,
    ) -> Tensor:
        """Performs a matrix multiplication of `mat1` and `mat2`, and adds `input` to the result.

        Computes `beta * input + alpha * (mat1 @ mat2)`; `input` broadcasts to the product's
        shape, and with ``beta=0`` it is ignored (NaNs in it included), as in torch. Recorded all
        or nothing as a composition of the tape's ops.

        Args:
            input (Tensor): the matrix to be added.
            mat1 (Tensor or array-like): the first matrix to be multiplied, `(n, m)`.
            mat2 (Tensor or array-like): the second matrix to be multiplied, `(m, p)`.
            beta (float): the multiplier for `input`. Default: ``1.0``.
            alpha (float): the multiplier for `mat1 @ mat2`. Default: ``1.0``.
            out_dtype (optional): accepted for torch compatibility and must stay ``None`` (the
                result has the operands' dtype). Default: ``None``.

        Returns:
            Tensor: the `(n, p)` result.

        Raises:
            et.ArgumentError: if `out_dtype` is given.
            et.ShapeError: if the shapes do not match.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     m = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ...     et.addmm(et.ones(2, 2), m, et.eye(2), beta=2.0).tolist()
            [[3.0, 4.0], [5.0, 6.0]]
        """
    def addmm_(
        self,
        mat1: Tensor | ArrayLike,
        mat2: Tensor | ArrayLike,
        *,
        beta: float = 1.0,
        alpha: float = 1.0,
        out_dtype: None = None,
    ) -> Tensor:
        """In-place `addmm`: this tensor then reads `addmm`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `addmm`'s.

        Returns:
            Tensor: this tensor.
        """
    def baddbmm(
        self,
        batch1: Tensor | ArrayLike,
        batch2: Tensor | ArrayLike,
        *,
        beta: float = 1.0,
        alpha: float = 1.0,
        out_dtype: None = None,
    ) -> Tensor:
        """Performs a batch matrix-matrix product of `batch1` and `batch2`, and adds `input`.

        Computes `beta * input + alpha * bmm(batch1, batch2)`; `input` broadcasts to the
        product's shape, and with ``beta=0`` it is ignored (NaNs in it included), as in torch.
        Recorded all or nothing as a composition of the tape's ops.

        Args:
            input (Tensor): the tensor to be added.
            batch1 (Tensor or array-like): the first batch of matrices, `(b, n, m)`.
            batch2 (Tensor or array-like): the second batch of matrices, `(b, m, p)`.
            beta (float): the multiplier for `input`. Default: ``1.0``.
            alpha (float): the multiplier for `batch1 @ batch2`. Default: ``1.0``.
            out_dtype (optional): accepted for torch compatibility and must stay ``None`` (the
                result has the operands' dtype). Default: ``None``.

        Returns:
            Tensor: the `(b, n, p)` result.

        Raises:
            et.ArgumentError: if `out_dtype` is given.
            et.ShapeError: if the shapes do not match.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     y = et.baddbmm(et.zeros(4, 2, 2), et.ones(4, 2, 3), et.ones(4, 3, 2), alpha=0.5)
            ...     y.shape, y[0, 0, 0].item()
            ((4, 2, 2), 1.5)
        """
    def baddbmm_(
        self,
        batch1: Tensor | ArrayLike,
        batch2: Tensor | ArrayLike,
        *,
        beta: float = 1.0,
        alpha: float = 1.0,
        out_dtype: None = None,
    ) -> Tensor:
        """In-place `baddbmm`: this tensor then reads `baddbmm`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `baddbmm`'s.

        Returns:
            Tensor: this tensor.
        """
    def masked_fill(self, mask: Tensor | ArrayLike, value: Tensor | ArrayLike | float) -> Tensor:
        """Returns `input` with `value` written where `mask` is true.

        The out-of-place form of torch's `Tensor.masked_fill_`; `mask` (a bool tensor or bool
        array-like data) broadcasts against `input`. A floating 0-d tensor `value` is an operand
        and gets the gradient of the positions it fills; `input` gets the rest. Any dtype.

        Args:
            input (Tensor): the input tensor.
            mask (Tensor or array-like): the bool mask.
            value (float or Tensor): the value to fill in with: a number or a 0-d tensor.

        Returns:
            Tensor: the filled tensor.

        Raises:
            et.DTypeError: if `mask` is floating-point data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([1.0, -2.0, 3.0])
            ...     et.masked_fill(x, x < 0, 0.0).tolist()
            [1.0, 0.0, 3.0]
        """
    def masked_fill_(self, mask: Tensor | ArrayLike, value: Tensor | ArrayLike | float) -> Tensor:
        """In-place `masked_fill`: this tensor then reads `masked_fill`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `masked_fill`'s.

        Returns:
            Tensor: this tensor.
        """
    def index_select(self, dim: int, index: Tensor | ArrayLike) -> Tensor:
        """Returns the entries of `input` at the indices `index` along dimension `dim`.

        The result has `index`'s length in `dim`; repeated indices are allowed (their gradients
        add up). Any dtype.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension in which we index.
            index (Tensor or array-like): the 0-d or 1-d integer indices (an int64/int32 tensor,
                a list or a numpy array).

        Returns:
            Tensor: the selected entries.

        Raises:
            et.ShapeError: if `index` has more than one dimension.
            et.DTypeError: if `index` is floating-point data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
            ...     et.index_select(x, 1, [2, 0]).tolist()
            [[3.0, 1.0], [6.0, 4.0]]
        """
    def gather(self, dim: int, index: Tensor | ArrayLike) -> Tensor:
        """Gathers values along an axis specified by `dim`.

        For a 2-D input, `out[i][j] = input[index[i][j]][j]` with ``dim=0`` and
        `out[i][j] = input[i][index[i][j]]` with ``dim=1``. The gradient is scattered back (added
        up at repeated indices). Any dtype.

        Args:
            input (Tensor): the source tensor.
            dim (int): the axis along which to index.
            index (Tensor or array-like): the integer indices of the elements to gather (an
                int64/int32 tensor, a list or a numpy array), as many dims as `input`.

        Returns:
            Tensor: a tensor of `index`'s shape.

        Raises:
            et.DTypeError: if `index` is floating-point data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ...     et.gather(x, 1, [[0, 0], [1, 0]]).tolist()
            [[1.0, 1.0], [4.0, 3.0]]
        """
    def narrow(self, dim: int, start: Tensor | ArrayLike | float, length: int) -> Tensor:
        """Returns a narrowed version of `input`: `length` elements of dimension `dim` from `start`.

        The slice `start:start + length` of dimension `dim`; a negative `start` counts from the
        end.

        Args:
            input (Tensor): the tensor to narrow.
            dim (int): the dimension along which to narrow.
            start (int or Tensor): the index of the first element kept: an int or a 0-d integer
                tensor.
            length (int): the number of elements kept.

        Returns:
            Tensor: the narrowed tensor.

        Raises:
            et.IndexOutOfRangeError: if the range exceeds the dimension.
            et.ArgumentError: if `start` is a tensor that is not 0-d integer data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
            ...     et.narrow(x, 1, 1, 2).tolist()
            [[2.0, 3.0], [5.0, 6.0]]
        """
    def select(self, dim: int, index: int) -> Tensor:
        """Slices the `input` tensor along the selected dimension at the given index.

        The result has one dimension less (`input[:, index]` for ``dim=1``); a negative `index`
        counts from the end.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension to slice.
            index (int): the index to select with.

        Returns:
            Tensor: the selected slice.

        Raises:
            et.IndexOutOfRangeError: if `index` is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ...     et.select(x, 1, -1).tolist()
            [2.0, 4.0]
        """
    def roll(self, shifts: int | Sequence[int], dims: int | Sequence[int] | None = None) -> Tensor:
        """Roll the tensor `input` along the given dimension(s).

        Elements shifted beyond the last position re-enter at the first. With `dims` ``None``
        the tensor is flattened, rolled, and restored to its shape. Any dtype.

        Args:
            input (Tensor): the input tensor.
            shifts (int or tuple of ints): the number of places by which the elements are
                shifted; a tuple shifts each of `dims` by its own amount.
            dims (int or tuple of ints, optional): the dimension(s) to roll along.
                Default: ``None`` (the flattened tensor).

        Returns:
            Tensor: the rolled tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ...     et.roll(x, 1).tolist(), et.roll(x, 1, 1).tolist()
            ([[4.0, 1.0], [2.0, 3.0]], [[2.0, 1.0], [4.0, 3.0]])
        """
    def tril(self, diagonal: int = 0) -> Tensor:
        """Returns the lower triangular part of the matrix (2-D tensor) or batch of matrices `input`.

        The other elements of the result are set to 0. Any dtype.

        Args:
            input (Tensor): the input tensor, at least 2-D.
            diagonal (int): the diagonal to consider: 0 is the main diagonal, a positive value
                keeps that many diagonals above it, a negative one removes as many below it.
                Default: ``0``.

        Returns:
            Tensor: the lower triangle.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.tril(et.ones(3, 3)).tolist()
            [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]]
        """
    def tril_(self, diagonal: int = 0) -> Tensor:
        """In-place `tril`: this tensor then reads `tril`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `tril`'s.

        Returns:
            Tensor: this tensor.
        """
    def triu(self, diagonal: int = 0) -> Tensor:
        """Returns the upper triangular part of the matrix (2-D tensor) or batch of matrices `input`.

        The other elements of the result are set to 0. Any dtype.

        Args:
            input (Tensor): the input tensor, at least 2-D.
            diagonal (int): the diagonal to consider: 0 is the main diagonal, a positive value
                removes that many diagonals above it, a negative one keeps as many below it.
                Default: ``0``.

        Returns:
            Tensor: the upper triangle.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.triu(et.ones(3, 3), 1).tolist()
            [[0.0, 1.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]
        """
    def triu_(self, diagonal: int = 0) -> Tensor:
        """In-place `triu`: this tensor then reads `triu`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `triu`'s.

        Returns:
            Tensor: this tensor.
        """
    def isfinite(self) -> Tensor:
        """Returns a new tensor with boolean elements representing if each element is finite or not.

        Bool data, with no gradient; integer input is all true.

        Args:
            input (Tensor): the input tensor.

        Returns:
            Tensor: a bool tensor of `input`'s shape.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.isfinite(et.tensor([1.0, float("inf"), float("nan")])).tolist()
            [True, False, False]
        """
    def isnan(self) -> Tensor:
        """Returns a new tensor with boolean elements representing if each element is NaN or not.

        Bool data, with no gradient.

        Args:
            input (Tensor): the input tensor.

        Returns:
            Tensor: a bool tensor of `input`'s shape.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.isnan(et.tensor([1.0, float("nan")])).tolist()
            [False, True]
        """
    def logical_not(self) -> Tensor:
        """Computes the element-wise logical NOT of the given bool tensor.

        Unlike torch's, the input must be a bool tensor (a mask, e.g. a comparison's result):
        numbers are not read as truth values. The same as `~input`.

        Args:
            input (Tensor): the bool input tensor.

        Returns:
            Tensor: a bool tensor of `input`'s shape.

        Raises:
            et.DTypeError: if `input` is not bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([1.0, -2.0])
            ...     et.logical_not(x > 0).tolist()
            [False, True]
        """
    def logical_not_(self) -> Tensor:
        """In-place `logical_not`: this tensor then reads `logical_not`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `logical_not`'s.

        Returns:
            Tensor: this tensor.
        """
    def masked_select(self, mask: Tensor | ArrayLike) -> Tensor:
        """Returns a new 1-D tensor of the elements of `input` where the boolean `mask` is true.

        `mask` (a bool tensor or bool array-like data) broadcasts against `input`; the result's
        length depends on the mask, read back from the device. The gradient flows back to the
        positions picked.

        Args:
            input (Tensor): the input tensor.
            mask (Tensor or array-like): the bool mask.

        Returns:
            Tensor: the selected elements, 1-D.

        Raises:
            et.DTypeError: if `mask` is not bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, -2.0], [-3.0, 4.0]])
            ...     et.masked_select(x, x > 0).tolist()
            [1.0, 4.0]
        """
    def nonzero(self, *, as_tuple: bool = False) -> Tensor | tuple[Tensor, ...]:
        """Returns a tensor containing the indices of all non-zero elements of `input`.

        By default an int64 tensor of shape `(z, input.dim())`, one row per non-zero element in
        row-major order; with `as_tuple`, one 1-D int64 tensor per dimension (usable as an
        index, `x[nonzero(x, as_tuple=True)]`). The number of rows depends on the values, which
        are read back from the device, as torch does.

        Args:
            input (Tensor): the input tensor.
            as_tuple (bool): return a tuple of 1-D tensors instead of one 2-D tensor.
                Default: ``False``.

        Returns:
            Tensor or tuple of Tensors: the int64 indices.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[0.0, 1.0], [2.0, 0.0]])
            ...     et.nonzero(x).tolist(), [t.tolist() for t in et.nonzero(x, as_tuple=True)]
            ([[0, 1], [1, 0]], [[0, 1], [1, 0]])
        """
    def argwhere(self) -> Tensor:
        """Returns a tensor containing the indices of all non-zero elements of `input`.

        The same as `eagertape.nonzero(input)`: an int64 tensor of shape `(z, input.dim())`,
        one row per non-zero element; its length depends on the values, read back from the
        device.

        Args:
            input (Tensor): the input tensor.

        Returns:
            Tensor: the int64 indices.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.argwhere(et.tensor([0.0, 1.0, 2.0])).tolist()
            [[1], [2]]
        """
    def any(self, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Tensor:
        """Tests if any element in `input` evaluates to True, over all elements or along `dim`.

        Nonzero numbers count as True. The result is bool data.

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints, optional): the dimension(s) to reduce.
                Default: ``None`` (all dimensions).
            keepdim (bool): whether the output keeps the reduced dimensions with size 1.
                Default: ``False``.

        Returns:
            Tensor: bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[0.0, 0.0], [0.0, 3.0]])
            ...     et.any(x).item(), et.any(x, 1).tolist()
            (True, [False, True])
        """
    def all(self, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Tensor:
        """Tests if all elements in `input` evaluate to True, over all elements or along `dim`.

        Nonzero numbers count as True. The result is bool data.

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints, optional): the dimension(s) to reduce.
                Default: ``None`` (all dimensions).
            keepdim (bool): whether the output keeps the reduced dimensions with size 1.
                Default: ``False``.

        Returns:
            Tensor: bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 2.0], [0.0, 3.0]])
            ...     et.all(x).item(), et.all(x, 1).tolist()
            (False, [True, False])
        """
    def count_nonzero(self, dim: int | Sequence[int] | None = None) -> Tensor:
        """Counts the number of non-zero values in the tensor `input` along the given `dim`.

        The counts are int64 data.

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints, optional): the dimension(s) along which to count.
                Default: ``None`` (all elements).

        Returns:
            Tensor: int64 counts.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[0.0, 1.0], [2.0, 3.0]])
            ...     et.count_nonzero(x).item(), et.count_nonzero(x, 0).tolist()
            (3, [1, 2])
        """
    def allclose(
        self,
        other: Tensor | ArrayLike,
        rtol: float = 1e-05,
        atol: float = 1e-08,
        equal_nan: bool = False,
    ) -> bool:
        """Checks whether `input` and `other` are close everywhere (see `eagertape.isclose`).

        The answer is a Python bool, read back from the device.

        Args:
            input (Tensor): the first tensor to compare.
            other (Tensor or array-like): the second tensor to compare.
            rtol (float): the relative tolerance. Default: ``1e-05``.
            atol (float): the absolute tolerance. Default: ``1e-08``.
            equal_nan (bool): whether two NaNs are equal. Default: ``False``.

        Returns:
            bool: whether `isclose(input, other, ...)` holds for every element.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([1.0, 2.0])
            ...     et.allclose(x, x + 1e-7), et.allclose(x, x + 1.0)
            (True, False)
        """
    def equal(self, other: Tensor | ArrayLike | float) -> bool:
        """``True`` if two tensors have the same size and elements, ``False`` otherwise.

        A Python bool, read back from the device.

        Args:
            input (Tensor): the first tensor.
            other (Tensor): the second tensor.

        Returns:
            bool: whether the shapes and all elements are equal.

        Raises:
            et.ArgumentError: if `other` is not a tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([1.0, 2.0])
            ...     et.equal(x, et.tensor([1.0, 2.0])), et.equal(x, x[:1])
            (True, False)
        """
    def view_as(self, other: Tensor | ArrayLike) -> Tensor:
        """Returns a view of `input` with the shape of `other` (`input.view(other.shape)`).

        Args:
            input (Tensor): the tensor to view.
            other (Tensor or array): whose shape to take (anything with a `shape`).

        Raises:
            ShapeError: `input`'s layout cannot be viewed with that shape without a copy
                (use `reshape_as`).
        """
    def reshape_as(self, other: Tensor | ArrayLike) -> Tensor:
        """Returns `input` reshaped to the shape of `other` (`input.reshape(other.shape)`).

        A view where the layout allows, else a copy.

        Args:
            input (Tensor): the tensor to reshape.
            other (Tensor or array): whose shape to take (anything with a `shape`).
        """
    def expand_as(self, other: Tensor | ArrayLike) -> Tensor:
        """Returns a view of `input` expanded to the shape of `other`
        (`input.expand(other.shape)`).

        Args:
            input (Tensor): the tensor to expand.
            other (Tensor or array): whose shape to take (anything with a `shape`).
        """
    def transpose(self, dim0: int, dim1: int) -> Tensor:
        """Returns a transposed version of `input`, with dimensions `dim0` and `dim1` swapped.

        Works on every dtype; negative dims count from the end.

        Args:
            input (Tensor): the input tensor.
            dim0 (int): the first dimension to be transposed.
            dim1 (int): the second dimension to be transposed.

        Returns:
            Tensor: the transposed tensor.

        Raises:
            et.ShapeError: if a dimension is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.transpose(et.zeros(2, 3, 4), 0, 2).shape
            (4, 3, 2)
        """
    def transpose_(self, dim0: int, dim1: int) -> Tensor:
        """In-place `transpose`: this tensor then reads `transpose`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `transpose`'s.

        Returns:
            Tensor: this tensor.
        """
    def t(self) -> Tensor:
        """Expects `input` to be <= 2-D tensor and transposes dimensions 0 and 1.

        0-D and 1-D tensors are returned as they are (a view); a 2-D tensor is
        ``transpose(input, 0, 1)``.

        Args:
            input (Tensor): the input tensor, at most 2-D.

        Returns:
            Tensor: the transposed view.

        Raises:
            ShapeError: `input` has more than 2 dimensions.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.t(et.tensor([[1.0, 2.0]])).tolist()
            [[1.0], [2.0]]
        """
    def t_(self) -> Tensor:
        """In-place `t`: this tensor then reads `t`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `t`'s.

        Returns:
            Tensor: this tensor.
        """
    def unsqueeze(self, dim: int) -> Tensor:
        """Returns a new tensor with a dimension of size one inserted at the specified position.

        A negative `dim` counts from the end of the result (`dim + input.dim() + 1`).

        Args:
            input (Tensor): the input tensor.
            dim (int): the index at which to insert the singleton dimension.

        Returns:
            Tensor: the tensor with one more dimension.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.zeros(2, 3)
            ...     et.unsqueeze(x, 0).shape, et.unsqueeze(x, -1).shape
            ((1, 2, 3), (2, 3, 1))
        """
    def unsqueeze_(self, dim: int) -> Tensor:
        """In-place `unsqueeze`: this tensor then reads `unsqueeze`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `unsqueeze`'s.

        Returns:
            Tensor: this tensor.
        """
    def squeeze(self, dim: int | Sequence[int] | None | None = None) -> Tensor:
        """Returns a tensor with all specified dimensions of `input` of size 1 removed.

        Named dimensions whose size is not 1 are left as they are, as in torch.

        Args:
            input (Tensor): the input tensor.
            dim (int or tuple of ints, optional): the dimension(s) to squeeze.
                Default: ``None`` (every dimension of size 1).

        Returns:
            Tensor: the squeezed tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.zeros(1, 2, 1)
            ...     et.squeeze(x).shape, et.squeeze(x, 0).shape
            ((2,), (2, 1))
        """
    def squeeze_(self, dim: int | Sequence[int] | None | None = None) -> Tensor:
        """In-place `squeeze`: this tensor then reads `squeeze`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `squeeze`'s.

        Returns:
            Tensor: this tensor.
        """
    def flatten(self, start_dim: int = 0, end_dim: int = -1) -> Tensor:
        """Flattens `input` by reshaping it into a one-dimensional tensor.

        Only the dimensions from `start_dim` to `end_dim` (inclusive) are merged into one.

        Args:
            input (Tensor): the input tensor.
            start_dim (int): the first dimension to flatten. Default: ``0``.
            end_dim (int): the last dimension to flatten. Default: ``-1``.

        Returns:
            Tensor: the flattened tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.zeros(2, 3, 4)
            ...     et.flatten(x).shape, et.flatten(x, 1).shape
            ((24,), (2, 12))
        """
    def unflatten(self, dim: int, sizes: int | Sequence[int]) -> Tensor:
        """Expands a dimension of the input tensor over multiple dimensions.

        The inverse of `eagertape.flatten`; one of `sizes` may be -1.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension to be unflattened.
            sizes (tuple of ints): the new shape of that dimension; their product must equal its
                size.

        Returns:
            Tensor: the unflattened tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.unflatten(et.zeros(2, 6), 1, (2, -1)).shape
            (2, 2, 3)
        """
    def gelu(self, approximate: str = "none") -> Tensor:
        """Applies the Gaussian Error Linear Units function element-wise.

        `GELU(x) = x * Phi(x)`, with `Phi` the standard normal CDF; with ``approximate="tanh"``,
        `0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x**3)))`. Floating-point input only.

        Args:
            input (Tensor): the input tensor.
            approximate (str): ``"none"`` (exact) or ``"tanh"`` (the tanh approximation).
                Default: ``"none"``.

        Returns:
            Tensor: a tensor of the same shape as `input`.

        Raises:
            et.ArgumentError: if `approximate` is neither ``"none"`` nor ``"tanh"``.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.gelu(et.tensor([0.0, 10.0])).tolist()
            [0.0, 10.0]
        """
    def leaky_relu(self, negative_slope: float = 0.01) -> Tensor:
        """Applies element-wise `LeakyReLU(x) = max(0, x) + negative_slope * min(0, x)`.

        Floating-point input only.

        Args:
            input (Tensor): the input tensor.
            negative_slope (float): the slope for negative inputs. Default: ``0.01``.

        Returns:
            Tensor: a tensor of the same shape as `input`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.leaky_relu(et.tensor([-2.0, 1.0]), 0.5).tolist()
            [-1.0, 1.0]
        """
    def elu(self, alpha: float = 1.0) -> Tensor:
        """Applies the Exponential Linear Unit (ELU) function element-wise.

        `ELU(x) = x` for `x > 0`, else `alpha * (exp(x) - 1)`. Floating-point input only.

        Args:
            input (Tensor): the input tensor.
            alpha (float): the value the function tends to for large negative inputs, negated.
                Default: ``1.0``.

        Returns:
            Tensor: a tensor of the same shape as `input`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.elu(et.tensor([0.0, 2.0])).tolist()
            [0.0, 2.0]
        """
    def softplus(self, beta: float = 1.0, threshold: float = 20.0) -> Tensor:
        """Applies element-wise, the function `Softplus(x) = 1/beta * log(1 + exp(beta * x))`.

        For numerical stability the function is linear (`x` itself) where `beta * x > threshold`.
        Floating-point input only.

        Args:
            input (Tensor): the input tensor.
            beta (float): the `beta` of the formula. Default: ``1.0``.
            threshold (float): above this value of `beta * x` the result is `x`. Default: ``20.0``.

        Returns:
            Tensor: a tensor of the same shape as `input`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.softplus(et.tensor([30.0])).tolist()
            [30.0]
        """
    def hardtanh(self, min_val: float = -1.0, max_val: float = 1.0) -> Tensor:
        """Applies the HardTanh function element-wise.

        `HardTanh(x)` is `min_val` below `min_val`, `max_val` above `max_val`, and `x` between.
        Its values are `clamp(input, min_val, max_val)`'s; its gradient is torch's: 1 strictly
        between the bounds (and at NaN), 0 at `min_val` and `max_val` themselves (where `clamp`
        passes it).

        Args:
            input (Tensor): the input tensor.
            min_val (float): the lower end of the linear region. Default: ``-1.0``.
            max_val (float): the upper end of the linear region. Default: ``1.0``.

        Returns:
            Tensor: a tensor of the same shape as `input`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.hardtanh(et.tensor([-3.0, 0.5, 2.0])).tolist()
            [-1.0, 0.5, 1.0]
        """
    def clamp_min(self, min: float) -> Tensor:
        """Clamps all elements in `input` to be at least `min`.

        The gradient passes where the element is at least `min` (zero below it).

        Args:
            input (Tensor): the input tensor.
            min (float): the lower bound.

        Returns:
            Tensor: the clamped tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.tensor([1.0, 2.0, 3.0]).clamp_min(2.5).tolist()
            [2.5, 2.5, 3.0]
        """
    def clamp_min_(self, min: float) -> Tensor:
        """In-place `clamp_min`: this tensor then reads `clamp_min`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `clamp_min`'s.

        Returns:
            Tensor: this tensor.
        """
    def clamp_max(self, max: float) -> Tensor:
        """Clamps all elements in `input` to be at most `max`.

        The gradient passes where the element is at most `max` (zero above it).

        Args:
            input (Tensor): the input tensor.
            max (float): the upper bound.

        Returns:
            Tensor: the clamped tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.tensor([1.0, 2.0, 3.0]).clamp_max(1.5).tolist()
            [1.0, 1.5, 1.5]
        """
    def clamp_max_(self, max: float) -> Tensor:
        """In-place `clamp_max`: this tensor then reads `clamp_max`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `clamp_max`'s.

        Returns:
            Tensor: this tensor.
        """
    def softmax(self, dim: int) -> Tensor:
        """Applies a softmax function along dimension `dim`.

        `softmax(x)_i = exp(x_i) / sum_j exp(x_j)`: each slice along `dim` is rescaled to lie in
        [0, 1] and sum to 1. The `interval` carrier computes it dependency-aware (tighter bounds
        than the composition of its steps). Floating-point input only; unlike torch's, there is
        no `dtype=` keyword.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension along which softmax is computed.

        Returns:
            Tensor: a tensor of the same shape as `input`.

        Raises:
            et.DTypeError: if `input` holds integer or bool data.
            et.ShapeError: if `dim` is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.softmax(et.tensor([[1.0, 1.0], [0.0, 0.0]]), dim=1).tolist()
            [[0.5, 0.5], [0.5, 0.5]]
        """
    def log_softmax(self, dim: int) -> Tensor:
        """Applies a softmax followed by a logarithm.

        Mathematically `log(softmax(x))`, computed in one stable op. The `interval` carrier
        computes it dependency-aware. Floating-point input only; unlike torch's, there is no
        `dtype=` keyword.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension along which log_softmax is computed.

        Returns:
            Tensor: a tensor of the same shape as `input`.

        Raises:
            et.DTypeError: if `input` holds integer or bool data.
            et.ShapeError: if `dim` is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(dtype="float64"):
            ...     y = et.log_softmax(et.tensor([0.0, 0.0]), dim=0)
            ...     [round(v, 4) for v in y.tolist()]
            [-0.6931, -0.6931]
        """
    def hardshrink(self, lambd: float = 0.5) -> Tensor:
        """Applies the hard shrinkage function element-wise: 0 where `-lambd <= x <= lambd`, else `x`.

        Floating-point input only.

        Args:
            input (Tensor): the input tensor.
            lambd (float): the `lambda` of the formula. Default: ``0.5``.

        Returns:
            Tensor: a tensor of the same shape as `input`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.hardshrink(et.tensor([-2.0, 0.25, 2.0])).tolist()
            [-2.0, 0.0, 2.0]
        """
    def is_floating_point(self) -> bool:
        """Returns ``True`` if the data type of `input` is a floating point data type.

        Every float carrier is (`float32`, `float64`, `float16`, `bfloat16`, `ieee32`, `interval`);
        `int64`, `int32` and `bool` are not.

        Args:
            input (Tensor): the tensor to ask.

        Returns:
            bool: whether `input`'s dtype is a floating point one.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.is_floating_point(et.ones(2)), et.arange(2).is_floating_point()
            (True, False)
        """
    def is_complex(self) -> bool:
        """Returns ``True`` if the data type of `input` is a complex data type: never here.

        eagertape has no complex dtype (complex tensors are out of its scope).

        Args:
            input (Tensor): the tensor to ask.

        Returns:
            bool: ``False``.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.is_complex(et.ones(2))
            False
        """
    def is_signed(self) -> bool:
        """Returns ``True`` if the data type of `input` is a signed type.

        Every dtype eagertape has is, but ``bool``.

        Args:
            input (Tensor): the tensor to ask.

        Returns:
            bool: whether `input`'s dtype is signed.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.is_signed(et.ones(2)), (et.ones(2) > 0).is_signed()
            (True, False)
        """
    def is_nonzero(self) -> bool:
        """Returns ``True`` if `input`, a one-element tensor, is not zero after type conversions.

        Reads the one element to the host, as ``bool(input)``.

        Args:
            input (Tensor): a tensor of exactly one element.

        Returns:
            bool: whether its element is not zero.

        Raises:
            et.ShapeError: `input` has no elements or more than one.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.is_nonzero(et.tensor([1.5])), et.tensor(0.0).is_nonzero()
            (True, False)
        """
    def is_same_size(self, other: Tensor | ArrayLike) -> bool:
        """Returns ``True`` if `input` and `other` have the same size.

        Args:
            input (Tensor): the first tensor.
            other (Tensor): the second tensor.

        Returns:
            bool: whether their shapes are equal.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.is_same_size(et.ones(2, 3), et.zeros(2, 3))
            True
        """
    def is_conj(self) -> bool:
        """Returns ``True`` if `input` is a conjugated tensor (a lazily conjugated view): never here.

        eagertape has no complex dtype, so no conjugate views.

        Args:
            input (Tensor): the tensor to ask.

        Returns:
            bool: ``False``.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.is_conj(et.ones(2))
            False
        """
    def is_neg(self) -> bool:
        """Returns ``True`` if `input` is a negative view (a lazily negated tensor): never here.

        eagertape records a negation as an op of its own.

        Args:
            input (Tensor): the tensor to ask.

        Returns:
            bool: ``False``.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.is_neg(-et.ones(2))
            False
        """
    def is_inference(self) -> bool:
        """Returns ``True`` if `input` is an inference tensor: never here.

        ``et.inference_mode`` records nothing, as ``no_grad``, and makes ordinary tensors.

        Args:
            input (Tensor): the tensor to ask.

        Returns:
            bool: ``False``.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(), et.inference_mode():
            ...     et.is_inference(et.ones(2))
            False
        """
    def get_device(self) -> int:
        """Returns the index of the CUDA device `input` is on, or -1 on the CPU.

        Args:
            input (Tensor): the tensor to ask.

        Returns:
            int: the device index, or -1 for a CPU tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.ones(2).get_device()
            -1
        """
    def ravel(self) -> Tensor:
        """Return a contiguous flattened tensor: `input.reshape(-1)`.

        A view where the layout allows, else a copy.

        Args:
            input (Tensor): the input tensor.

        Returns:
            Tensor: the elements as one dimension.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.ravel(et.tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
            [1.0, 2.0, 3.0, 4.0]
        """
    def movedim(
        self, source: int | Sequence[int] | None, destination: int | Sequence[int] | None
    ) -> Tensor:
        """Moves the dimension(s) of `input` at the position(s) in `source` to the position(s) in
        `destination`.

        The other dimensions keep their order. A view.

        Args:
            input (Tensor): the input tensor.
            source (int or tuple of ints): original positions of the dims to move.
            destination (int or tuple of ints): destination positions for each of them.

        Returns:
            Tensor: the permuted view.

        Raises:
            et.ArgumentError: `source` and `destination` differ in length or repeat a dim.
            et.ShapeError: a dim is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.movedim(et.zeros(2, 3, 4), 0, -1).shape
            (3, 4, 2)
        """
    def moveaxis(
        self, source: int | Sequence[int] | None, destination: int | Sequence[int] | None
    ) -> Tensor:
        """Alias for `movedim`.

        Args:
            input (Tensor): the input tensor.
            source (int or tuple of ints): original positions of the dims to move.
            destination (int or tuple of ints): destination positions for each of them.

        Returns:
            Tensor: the permuted view.
        """
    def swapaxes(self, axis0: int, axis1: int) -> Tensor:
        """Alias for `transpose`: `axis0` and `axis1` swapped.

        Args:
            input (Tensor): the input tensor.
            axis0 (int): the first dimension.
            axis1 (int): the second dimension.

        Returns:
            Tensor: the transposed view.
        """
    def swapaxes_(self, axis0: int, axis1: int) -> Tensor:
        """In-place `swapaxes`: this tensor then reads `swapaxes`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `swapaxes`'s.

        Returns:
            Tensor: this tensor.
        """
    def swapdims(self, dim0: int, dim1: int) -> Tensor:
        """Alias for `transpose`: `dim0` and `dim1` swapped.

        Args:
            input (Tensor): the input tensor.
            dim0 (int): the first dimension.
            dim1 (int): the second dimension.

        Returns:
            Tensor: the transposed view.
        """
    def swapdims_(self, dim0: int, dim1: int) -> Tensor:
        """In-place `swapdims`: this tensor then reads `swapdims`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `swapdims`'s.

        Returns:
            Tensor: this tensor.
        """
    def broadcast_to(self, size: int | Sequence[int]) -> Tensor:
        """Broadcasts `input` to the shape `size`: `input.expand(size)`.

        Args:
            input (Tensor): the input tensor.
            size (tuple of ints): the new shape (-1 keeps a dim's size).

        Returns:
            Tensor: the expanded view.

        Raises:
            et.ShapeError: `input` does not broadcast to `size`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.broadcast_to(et.tensor([1.0, 2.0]), (2, 2)).tolist()
            [[1.0, 2.0], [1.0, 2.0]]
        """
    def fliplr(self) -> Tensor:
        """Flip tensor in the left/right direction: the order of dim 1 reversed.

        Args:
            input (Tensor): a tensor of at least 2 dims.

        Returns:
            Tensor: the flipped tensor (a copy, as torch's).

        Raises:
            et.ShapeError: `input` has fewer than 2 dims.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.fliplr(et.tensor([[1.0, 2.0]])).tolist()
            [[2.0, 1.0]]
        """
    def flipud(self) -> Tensor:
        """Flip tensor in the up/down direction: the order of dim 0 reversed.

        Args:
            input (Tensor): a tensor of at least 1 dim.

        Returns:
            Tensor: the flipped tensor (a copy, as torch's).

        Raises:
            et.ShapeError: `input` has no dims.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.flipud(et.tensor([1.0, 2.0])).tolist()
            [2.0, 1.0]
        """
    def rot90(self, k: int = 1, dims: int | Sequence[int] = [0, 1]) -> Tensor:
        """Rotate a n-D tensor by 90 degrees `k` times in the plane specified by `dims`.

        The rotation goes from the first towards the second axis of `dims`.

        Args:
            input (Tensor): a tensor of at least 2 dims.
            k (int): number of times to rotate (negative: the other way). Default: ``1``.
            dims (list or tuple): the two axes of the plane. Default: ``[0, 1]``.

        Returns:
            Tensor: the rotated tensor.

        Raises:
            et.ArgumentError: `dims` is not two different dims.
            et.ShapeError: `input` has fewer than 2 dims.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.rot90(et.tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
            [[2.0, 4.0], [1.0, 3.0]]
        """
    def unbind(self, dim: int = 0) -> tuple[Tensor, ...]:
        """Removes a tensor dimension: the slices of `input` along `dim`.

        Args:
            input (Tensor): the tensor to unbind.
            dim (int): the dimension to remove. Default: ``0``.

        Returns:
            tuple of Tensor: the slices (views).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     [t.tolist() for t in et.unbind(et.tensor([[1.0, 2.0], [3.0, 4.0]]))]
            [[1.0, 2.0], [3.0, 4.0]]
        """
    def tensor_split(
        self,
        indices_or_sections: int | Sequence[int] | Tensor | None = None,
        dim: int = 0,
        *,
        sections: int | None = None,
        indices: int | Sequence[int] | None = None,
        tensor_indices_or_sections: int | Sequence[int] | Tensor | None = None,
    ) -> tuple[Tensor, ...]:
        """Splits a tensor into multiple sub-tensors, all of which are views of `input`, along
        dimension `dim` according to the indices or number of sections specified by
        `indices_or_sections`.

        An int `n` gives `n` pieces, the first `size % n` of them one element longer; a sequence
        of indices gives the pieces between them (clamped to the dim, so a piece may be empty).

        Args:
            input (Tensor): the tensor to split.
            indices_or_sections (int or sequence of ints): the number of pieces, or the indices.
            dim (int): dimension along which to split. Default: ``0``.
            sections (int, optional): the number of pieces, by torch's keyword.
            indices (sequence of ints, optional): the indices, by torch's keyword.
            tensor_indices_or_sections (Tensor, optional): an integer tensor, 0-d (the number of
                pieces) or 1-d (the indices), by torch's keyword; its values are read back.

        Returns:
            tuple of Tensor: the pieces.

        Raises:
            et.ArgumentError: a number of sections below 1, or not exactly one way to split.
            et.ShapeError: `input` has no dims, or `dim` is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     [t.tolist() for t in et.tensor_split(et.arange(5.0), 2)]
            [[0.0, 1.0, 2.0], [3.0, 4.0]]
        """
    def hsplit(
        self,
        indices_or_sections: int | Sequence[int] | None = None,
        *,
        sections: int | None = None,
        indices: int | Sequence[int] | None = None,
    ) -> tuple[Tensor, ...]:
        """Splits `input` horizontally: `tensor_split` along dim 1 (dim 0 for a 1-D tensor).

        A number of sections must divide the dim.

        Args:
            input (Tensor): a tensor of at least 1 dim.
            indices_or_sections (int or sequence of ints): the number of pieces, or the indices.
            sections (int, optional): the number of pieces, by torch's keyword.
            indices (sequence of ints, optional): the indices, by torch's keyword.

        Returns:
            tuple of Tensor: the pieces.

        Raises:
            et.ArgumentError: a number of sections that does not divide the dim.
            et.ShapeError: `input` has no dims.
        """
    def vsplit(
        self,
        indices_or_sections: int | Sequence[int] | None = None,
        *,
        sections: int | None = None,
        indices: int | Sequence[int] | None = None,
    ) -> tuple[Tensor, ...]:
        """Splits `input` vertically: `tensor_split` along dim 0.

        A number of sections must divide the dim.

        Args:
            input (Tensor): a tensor of at least 2 dims.
            indices_or_sections (int or sequence of ints): the number of pieces, or the indices.
            sections (int, optional): the number of pieces, by torch's keyword.
            indices (sequence of ints, optional): the indices, by torch's keyword.

        Returns:
            tuple of Tensor: the pieces.

        Raises:
            et.ArgumentError: a number of sections that does not divide the dim.
            et.ShapeError: `input` has fewer than 2 dims.
        """
    def dsplit(
        self,
        indices_or_sections: int | Sequence[int] | None = None,
        *,
        sections: int | None = None,
        indices: int | Sequence[int] | None = None,
    ) -> tuple[Tensor, ...]:
        """Splits `input` depthwise: `tensor_split` along dim 2.

        A number of sections must divide the dim.

        Args:
            input (Tensor): a tensor of at least 3 dims.
            indices_or_sections (int or sequence of ints): the number of pieces, or the indices.
            sections (int, optional): the number of pieces, by torch's keyword.
            indices (sequence of ints, optional): the indices, by torch's keyword.

        Returns:
            tuple of Tensor: the pieces.

        Raises:
            et.ArgumentError: a number of sections that does not divide the dim.
            et.ShapeError: `input` has fewer than 3 dims.
        """
    def add(self, other: Tensor | ArrayLike | float, *, alpha: float | None = None) -> Tensor:
        """Returns `input + alpha * other`, as `torch.add`.

        Either operand may be a number (torch's wrapped number: a constant of the
        tensor's dtype, or the op's scalar form).

        Args:
            input (Tensor or float): the first operand.
            other (Tensor or float): the value to add.
            alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).

        Returns:
            Tensor: a new tensor of the broadcast shape.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.add(et.tensor([1.0, 2.0]), 1.0, alpha=2.0).tolist()
            [3.0, 4.0]
        """
    def add_(self, other: Tensor | ArrayLike | float, *, alpha: float | None = None) -> Tensor:
        """In-place `add`: this tensor then reads `add`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `add`'s.

        Returns:
            Tensor: this tensor.
        """
    def sub(self, other: Tensor | ArrayLike | float, *, alpha: float | None = None) -> Tensor:
        """Returns `input - alpha * other`, as `torch.sub`.

        Either operand may be a number (torch's wrapped number).

        Args:
            input (Tensor or float): the first operand.
            other (Tensor or float): the value to subtract.
            alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).

        Returns:
            Tensor: a new tensor of the broadcast shape.
        """
    def sub_(self, other: Tensor | ArrayLike | float, *, alpha: float | None = None) -> Tensor:
        """In-place `sub`: this tensor then reads `sub`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `sub`'s.

        Returns:
            Tensor: this tensor.
        """
    def subtract(self, other: Tensor | ArrayLike | float, *, alpha: float | None = None) -> Tensor:
        """Alias for `sub`.

        Args:
            input (Tensor or float): the first operand.
            other (Tensor or float): the value to subtract.
            alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).

        Returns:
            Tensor: a new tensor of the broadcast shape.
        """
    def subtract_(self, other: Tensor | ArrayLike | float, *, alpha: float | None = None) -> Tensor:
        """In-place `subtract`: this tensor then reads `subtract`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `subtract`'s.

        Returns:
            Tensor: this tensor.
        """
    def div(self, other: Tensor | ArrayLike | float, *, rounding_mode: str | None = None) -> Tensor:
        """Returns `input / other`, rounded as `rounding_mode` says, as `torch.div`.

        Either operand may be a number (torch's wrapped number).

        Args:
            input (Tensor or float): the dividend.
            other (Tensor or float): the divisor.
            rounding_mode (str, optional): ``None`` (true division), ``"trunc"``
                (rounded toward zero) or ``"floor"`` (rounded down, as `//`); a rounded
                quotient has a zero gradient, as torch's. Default: ``None``.

        Returns:
            Tensor: a new tensor of the broadcast shape.

        Raises:
            ArgumentError: another `rounding_mode`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.div(et.tensor([-7.0, 7.0]), 2.0, rounding_mode="trunc").tolist()
            [-3.0, 3.0]
        """
    def div_(
        self, other: Tensor | ArrayLike | float, *, rounding_mode: str | None = None
    ) -> Tensor:
        """In-place `div`: this tensor then reads `div`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `div`'s.

        Returns:
            Tensor: this tensor.
        """
    def divide(
        self, other: Tensor | ArrayLike | float, *, rounding_mode: str | None = None
    ) -> Tensor:
        """Alias for `div`.

        Args:
            input (Tensor or float): the dividend.
            other (Tensor or float): the divisor.
            rounding_mode (str, optional): ``None``, ``"trunc"`` or ``"floor"``.
                Default: ``None``.

        Returns:
            Tensor: a new tensor of the broadcast shape.
        """
    def divide_(
        self, other: Tensor | ArrayLike | float, *, rounding_mode: str | None = None
    ) -> Tensor:
        """In-place `divide`: this tensor then reads `divide`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `divide`'s.

        Returns:
            Tensor: this tensor.
        """
    def true_divide(self, other: Tensor | ArrayLike | float) -> Tensor:
        """Alias for `div` without rounding: `input / other`.

        Args:
            input (Tensor or float): the dividend.
            other (Tensor or float): the divisor.

        Returns:
            Tensor: a new tensor of the broadcast shape.
        """
    def true_divide_(self, other: Tensor | ArrayLike | float) -> Tensor:
        """In-place `true_divide`: this tensor then reads `true_divide`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `true_divide`'s.

        Returns:
            Tensor: this tensor.
        """
    def positive(self) -> Tensor:
        """Returns `input`, as `torch.positive` (`+input`).

        The result names the same value (torch returns an alias of `input`); its gradient
        passes through unchanged.

        Args:
            input (Tensor): the input tensor.

        Returns:
            Tensor: `input`'s value.

        Raises:
            TypeError: `input` is a bool tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.positive(et.tensor([-1.0, 2.0])).tolist()
            [-1.0, 2.0]
        """
    def eq(self, other: Tensor | ArrayLike | float) -> Tensor:
        """Computes `input == other` element-wise, as `torch.eq`.

        The result is bool data (no gradient); `other` is a tensor, a Python number
        or array data (converted as a constant), broadcast against `input`.

        Args:
            input (Tensor): the tensor to compare.
            other (Tensor, float or array_like): the value to compare with.

        Returns:
            Tensor: a bool tensor of the broadcast shape, True where `input` is
            equal to `other`.

        Raises:
            DTypeError: `other` is a tensor whose dtype cannot be compared with
                `input`'s (a floating tensor and an integer or bool tensor).
        """
    def eq_(self, other: Tensor | ArrayLike | float) -> Tensor:
        """In-place `eq`: this tensor then reads `eq`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `eq`'s.

        Returns:
            Tensor: this tensor.
        """
    def ne(self, other: Tensor | ArrayLike | float) -> Tensor:
        """Computes `input != other` element-wise, as `torch.ne`.

        The result is bool data (no gradient); `other` is a tensor, a Python number
        or array data (converted as a constant), broadcast against `input`.

        Args:
            input (Tensor): the tensor to compare.
            other (Tensor, float or array_like): the value to compare with.

        Returns:
            Tensor: a bool tensor of the broadcast shape, True where `input` is
            not equal to `other`.

        Raises:
            DTypeError: `other` is a tensor whose dtype cannot be compared with
                `input`'s (a floating tensor and an integer or bool tensor).
        """
    def ne_(self, other: Tensor | ArrayLike | float) -> Tensor:
        """In-place `ne`: this tensor then reads `ne`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `ne`'s.

        Returns:
            Tensor: this tensor.
        """
    def lt(self, other: Tensor | ArrayLike | float) -> Tensor:
        """Computes `input < other` element-wise, as `torch.lt`.

        The result is bool data (no gradient); `other` is a tensor, a Python number
        or array data (converted as a constant), broadcast against `input`.

        Args:
            input (Tensor): the tensor to compare.
            other (Tensor, float or array_like): the value to compare with.

        Returns:
            Tensor: a bool tensor of the broadcast shape, True where `input` is
            less than `other`.

        Raises:
            DTypeError: `other` is a tensor whose dtype cannot be compared with
                `input`'s (a floating tensor and an integer or bool tensor).
        """
    def lt_(self, other: Tensor | ArrayLike | float) -> Tensor:
        """In-place `lt`: this tensor then reads `lt`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `lt`'s.

        Returns:
            Tensor: this tensor.
        """
    def le(self, other: Tensor | ArrayLike | float) -> Tensor:
        """Computes `input <= other` element-wise, as `torch.le`.

        The result is bool data (no gradient); `other` is a tensor, a Python number
        or array data (converted as a constant), broadcast against `input`.

        Args:
            input (Tensor): the tensor to compare.
            other (Tensor, float or array_like): the value to compare with.

        Returns:
            Tensor: a bool tensor of the broadcast shape, True where `input` is
            less than or equal to `other`.

        Raises:
            DTypeError: `other` is a tensor whose dtype cannot be compared with
                `input`'s (a floating tensor and an integer or bool tensor).
        """
    def le_(self, other: Tensor | ArrayLike | float) -> Tensor:
        """In-place `le`: this tensor then reads `le`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `le`'s.

        Returns:
            Tensor: this tensor.
        """
    def gt(self, other: Tensor | ArrayLike | float) -> Tensor:
        """Computes `input > other` element-wise, as `torch.gt`.

        The result is bool data (no gradient); `other` is a tensor, a Python number
        or array data (converted as a constant), broadcast against `input`.

        Args:
            input (Tensor): the tensor to compare.
            other (Tensor, float or array_like): the value to compare with.

        Returns:
            Tensor: a bool tensor of the broadcast shape, True where `input` is
            greater than `other`.

        Raises:
            DTypeError: `other` is a tensor whose dtype cannot be compared with
                `input`'s (a floating tensor and an integer or bool tensor).
        """
    def gt_(self, other: Tensor | ArrayLike | float) -> Tensor:
        """In-place `gt`: this tensor then reads `gt`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `gt`'s.

        Returns:
            Tensor: this tensor.
        """
    def ge(self, other: Tensor | ArrayLike | float) -> Tensor:
        """Computes `input >= other` element-wise, as `torch.ge`.

        The result is bool data (no gradient); `other` is a tensor, a Python number
        or array data (converted as a constant), broadcast against `input`.

        Args:
            input (Tensor): the tensor to compare.
            other (Tensor, float or array_like): the value to compare with.

        Returns:
            Tensor: a bool tensor of the broadcast shape, True where `input` is
            greater than or equal to `other`.

        Raises:
            DTypeError: `other` is a tensor whose dtype cannot be compared with
                `input`'s (a floating tensor and an integer or bool tensor).
        """
    def ge_(self, other: Tensor | ArrayLike | float) -> Tensor:
        """In-place `ge`: this tensor then reads `ge`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `ge`'s.

        Returns:
            Tensor: this tensor.
        """
    def logical_and(self, other: Tensor | ArrayLike) -> Tensor:
        """Computes the element-wise logical AND of the given input tensors.

        Zeros are treated as ``False`` and nonzeros (NaN included) as ``True``; the result is bool
        data (no gradient), `input` and `other` broadcast.

        Args:
            input (Tensor): the input tensor.
            other (Tensor): the tensor to compute AND with.

        Returns:
            Tensor: bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.logical_and(et.tensor([True, False, True]), et.tensor([True, True, False])).tolist()
            [True, False, False]
        """
    def logical_and_(self, other: Tensor | ArrayLike) -> Tensor:
        """In-place `logical_and`: this tensor then reads `logical_and`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `logical_and`'s.

        Returns:
            Tensor: this tensor.
        """
    def logical_or(self, other: Tensor | ArrayLike) -> Tensor:
        """Computes the element-wise logical OR of the given input tensors.

        Zeros are treated as ``False`` and nonzeros (NaN included) as ``True``; the result is bool
        data (no gradient), `input` and `other` broadcast.

        Args:
            input (Tensor): the input tensor.
            other (Tensor): the tensor to compute OR with.

        Returns:
            Tensor: bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.logical_or(et.tensor([0.0, 2.0]), et.tensor([0.0, 0.0])).tolist()
            [False, True]
        """
    def logical_or_(self, other: Tensor | ArrayLike) -> Tensor:
        """In-place `logical_or`: this tensor then reads `logical_or`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `logical_or`'s.

        Returns:
            Tensor: this tensor.
        """
    def logical_xor(self, other: Tensor | ArrayLike) -> Tensor:
        """Computes the element-wise logical XOR of the given input tensors.

        Zeros are treated as ``False`` and nonzeros (NaN included) as ``True``; the result is bool
        data (no gradient), `input` and `other` broadcast.

        Args:
            input (Tensor): the input tensor.
            other (Tensor): the tensor to compute XOR with.

        Returns:
            Tensor: bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.logical_xor(et.tensor([1, 0, 1]), et.tensor([1, 1, 0])).tolist()
            [False, True, True]
        """
    def logical_xor_(self, other: Tensor | ArrayLike) -> Tensor:
        """In-place `logical_xor`: this tensor then reads `logical_xor`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `logical_xor`'s.

        Returns:
            Tensor: this tensor.
        """
    def isinf(self) -> Tensor:
        """Tests if each element of `input` is infinite (positive or negative infinity).

        Args:
            input (Tensor): the input tensor.

        Returns:
            Tensor: bool data, true where `input` is infinite.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.isinf(et.tensor([1.0, float("inf"), float("-inf"), float("nan")])).tolist()
            [False, True, True, False]
        """
    def isposinf(self) -> Tensor:
        """Tests if each element of `input` is positive infinity.

        Args:
            input (Tensor): the input tensor.

        Returns:
            Tensor: bool data, true where `input` is `+inf`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.isposinf(et.tensor([float("inf"), float("-inf")])).tolist()
            [True, False]
        """
    def isneginf(self) -> Tensor:
        """Tests if each element of `input` is negative infinity.

        Args:
            input (Tensor): the input tensor.

        Returns:
            Tensor: bool data, true where `input` is `-inf`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.isneginf(et.tensor([float("inf"), float("-inf")])).tolist()
            [False, True]
        """
    def isreal(self) -> Tensor:
        """Returns a new tensor with boolean elements representing if each element of `input` is
        real-valued or not: always, as eagertape has no complex dtype.

        Args:
            input (Tensor): the input tensor.

        Returns:
            Tensor: bool data, true everywhere.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.isreal(et.tensor([1.0, float("nan")])).tolist()
            [True, True]
        """
    def not_equal(self, other: Tensor | ArrayLike | float) -> Tensor:
        """Alias for `ne`.

        Args:
            input (Tensor): the tensor to compare.
            other (Tensor, float or array_like): the value to compare with.

        Returns:
            Tensor: a bool tensor of the broadcast shape.
        """
    def not_equal_(self, other: Tensor | ArrayLike | float) -> Tensor:
        """In-place `not_equal`: this tensor then reads `not_equal`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `not_equal`'s.

        Returns:
            Tensor: this tensor.
        """
    def less(self, other: Tensor | ArrayLike | float) -> Tensor:
        """Alias for `lt`.

        Args:
            input (Tensor): the tensor to compare.
            other (Tensor, float or array_like): the value to compare with.

        Returns:
            Tensor: a bool tensor of the broadcast shape.
        """
    def less_(self, other: Tensor | ArrayLike | float) -> Tensor:
        """In-place `less`: this tensor then reads `less`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `less`'s.

        Returns:
            Tensor: this tensor.
        """
    def less_equal(self, other: Tensor | ArrayLike | float) -> Tensor:
        """Alias for `le`.

        Args:
            input (Tensor): the tensor to compare.
            other (Tensor, float or array_like): the value to compare with.

        Returns:
            Tensor: a bool tensor of the broadcast shape.
        """
    def less_equal_(self, other: Tensor | ArrayLike | float) -> Tensor:
        """In-place `less_equal`: this tensor then reads `less_equal`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `less_equal`'s.

        Returns:
            Tensor: this tensor.
        """
    def greater(self, other: Tensor | ArrayLike | float) -> Tensor:
        """Alias for `gt`.

        Args:
            input (Tensor): the tensor to compare.
            other (Tensor, float or array_like): the value to compare with.

        Returns:
            Tensor: a bool tensor of the broadcast shape.
        """
    def greater_(self, other: Tensor | ArrayLike | float) -> Tensor:
        """In-place `greater`: this tensor then reads `greater`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `greater`'s.

        Returns:
            Tensor: this tensor.
        """
    def greater_equal(self, other: Tensor | ArrayLike | float) -> Tensor:
        """Alias for `ge`.

        Args:
            input (Tensor): the tensor to compare.
            other (Tensor, float or array_like): the value to compare with.

        Returns:
            Tensor: a bool tensor of the broadcast shape.
        """
    def greater_equal_(self, other: Tensor | ArrayLike | float) -> Tensor:
        """In-place `greater_equal`: this tensor then reads `greater_equal`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `greater_equal`'s.

        Returns:
            Tensor: this tensor.
        """
    def sort(self, dim: int = -1, descending: bool = False, stable: bool = False) -> SortResult:
        """Sorts the elements of the `input` tensor along a given dimension in ascending
        order by value.

        The indices are int64 data from LibTorch's sort (ties in torch's order, kept
        in input order with `stable`); the values are the `gather` of `input` at them,
        which carries the gradient. Floating-point input and a LibTorch carrier only.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension to sort along. Default: ``-1``.
            descending (bool): sort in descending order. Default: ``False``.
            stable (bool): keep the order of equal elements. Default: ``False``.

        Returns:
            SortResult: the named tuple `(values, indices)`.

        Raises:
            DTypeError: if `input` holds integer or bool data.
            UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     values, indices = et.sort(et.tensor([3.0, 1.0, 2.0]))
            ...     values.tolist(), indices.tolist()
            ([1.0, 2.0, 3.0], [1, 2, 0])
        """
    def argsort(self, dim: int = -1, descending: bool = False, stable: bool = False) -> Tensor:
        """Returns the indices that sort a tensor along a given dimension in ascending
        order by value.

        `eagertape.sort(...).indices`: int64 data, no gradient. Floating-point input
        and a LibTorch carrier only.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension to sort along. Default: ``-1``.
            descending (bool): sort in descending order. Default: ``False``.
            stable (bool): keep the order of equal elements. Default: ``False``.

        Returns:
            Tensor: int64 indices.

        Raises:
            DTypeError: if `input` holds integer or bool data.
            UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.argsort(et.tensor([3.0, 1.0, 2.0]), descending=True).tolist()
            [0, 2, 1]
        """
    def msort(self) -> Tensor:
        """Sorts the elements of `input` along its first dimension in ascending order by
        value.

        `eagertape.sort(input, dim=0).values`. Floating-point input and a LibTorch
        carrier only.

        Args:
            input (Tensor): the input tensor.

        Returns:
            Tensor: the sorted values.

        Raises:
            DTypeError: if `input` holds integer or bool data.
            UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.msort(et.tensor([[3.0, 1.0], [2.0, 4.0]])).tolist()
            [[2.0, 1.0], [3.0, 4.0]]
        """
    def topk(self, k: int, dim: int = -1, largest: bool = True, sorted: bool = True) -> TopkResult:
        """Returns the `k` largest elements of the given `input` tensor along a given
        dimension.

        A named tuple `(values, indices)` is returned, the indices (int64 data) being
        those of the elements in `input`. Backward passes the gradient of `values` to
        the selected elements of `input`.

        Args:
            input (Tensor): the input tensor.
            k (int): the k in "top-k".
            dim (int): the dimension to sort along. Default: ``-1`` (the last).
            largest (bool): whether to return the largest or the smallest elements.
                Default: ``True``.
            sorted (bool): whether to return the elements in sorted order. Default:
                ``True``.

        Returns:
            TopkResult: the named tuple `(values, indices)`.

        Raises:
            ArgumentError: `k` is negative or larger than the dimension.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     values, indices = et.topk(et.tensor([1.0, 5.0, 3.0, 4.0]), 2)
            ...     values.tolist(), indices.tolist()
            ([5.0, 4.0], [1, 3])
        """
    def kthvalue(self, k: int, dim: int = -1, keepdim: bool = False) -> KthvalueResult:
        """Returns the `k`-th smallest element of each row of `input` along `dim`, and
        its index.

        `k` counts from 1. The indices are int64 data; the values carry the gradient
        to the indexed elements. Floating-point input and a LibTorch carrier only.

        Args:
            input (Tensor): the input tensor.
            k (int): `k` for the `k`-th smallest element.
            dim (int): the dimension to find the `k`-th value along. Default: ``-1``.
            keepdim (bool): whether the outputs keep `dim` with size 1. Default:
                ``False``.

        Returns:
            KthvalueResult: the named tuple `(values, indices)`.

        Raises:
            ArgumentError: if `k` is out of range for the dimension.
            DTypeError: if `input` holds integer or bool data.
            UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     r = et.kthvalue(et.tensor([3.0, 1.0, 2.0]), 2)
            ...     r.values.item(), r.indices.item()
            (2.0, 2)
        """
    def median(self, dim: int | None = None, keepdim: bool = False) -> Tensor | MedianResult:
        """Returns the median of the values in `input`, or of each row along `dim`.

        For an even number of elements, the lower of the two middle values (no
        averaging); a NaN makes the median NaN. Without `dim` a 0-d tensor (its
        gradient split evenly between the elements equal to it); with `dim` the named
        tuple `(values, indices)`, the indices int64 data. Floating-point input and a
        LibTorch carrier only.

        Args:
            input (Tensor): the input tensor.
            dim (int, optional): the dimension to reduce. Default: ``None`` (all
                elements).
            keepdim (bool): whether the outputs keep `dim` with size 1. Default:
                ``False``.

        Returns:
            Tensor or MedianResult: the median; `(values, indices)` with `dim`.

        Raises:
            DTypeError: if `input` holds integer or bool data.
            UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[4.0, 1.0, 3.0, 2.0]])
            ...     et.median(x).item(), et.median(x, 1).indices.tolist()
            (2.0, [3])
        """
    def nanmedian(self, dim: int | None = None, keepdim: bool = False) -> Tensor | MedianResult:
        """Returns the median of the values in `input`, ignoring NaN values.

        As `eagertape.median` (the lower median; without `dim` a 0-d tensor, with
        `dim` the named tuple `(values, indices)`), over the non-NaN elements; a slice
        of only NaNs gives NaN. Floating-point input and a LibTorch carrier only.

        Args:
            input (Tensor): the input tensor.
            dim (int, optional): the dimension to reduce. Default: ``None`` (all
                elements).
            keepdim (bool): whether the outputs keep `dim` with size 1. Default:
                ``False``.

        Returns:
            Tensor or MedianResult: the median; `(values, indices)` with `dim`.

        Raises:
            DTypeError: if `input` holds integer or bool data.
            UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.nanmedian(et.tensor([float("nan"), 3.0, 1.0, 2.0])).item()
            2.0
        """
    def mode(self, dim: int = -1, keepdim: bool = False) -> ModeResult:
        """Returns the mode value of each row of `input` in the given dimension `dim`,
        and its index.

        The mode is the most frequent value (the smallest of equally frequent ones);
        `indices` (int64 data) holds an index of it. The values carry the gradient to
        the indexed elements. Floating-point input and a LibTorch carrier only.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension to reduce. Default: ``-1``.
            keepdim (bool): whether the outputs keep `dim` with size 1. Default:
                ``False``.

        Returns:
            ModeResult: the named tuple `(values, indices)`.

        Raises:
            DTypeError: if `input` holds integer or bool data.
            UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.mode(et.tensor([[1.0, 2.0, 2.0, 3.0]])).values.tolist()
            [2.0]
        """
    def cummax(self, dim: int) -> CummaxResult:
        """Returns the cumulative maximum of elements of `input` in dimension `dim`, and
        its indices.

        `values[i]` is the maximum of `input[:i + 1]` along `dim` and `indices[i]`
        (int64 data) where it was found; the values carry the gradient to those
        elements. Floating-point input and a LibTorch carrier only.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension to do the operation over.

        Returns:
            CummaxResult: the named tuple `(values, indices)`, each of `input`'s shape.

        Raises:
            DTypeError: if `input` holds integer or bool data.
            UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     r = et.cummax(et.tensor([1.0, 3.0, 2.0, 5.0]), 0)
            ...     r.values.tolist(), r.indices.tolist()
            ([1.0, 3.0, 3.0, 5.0], [0, 1, 1, 3])
        """
    def cummin(self, dim: int) -> CumminResult:
        """Returns the cumulative minimum of elements of `input` in dimension `dim`, and
        its indices.

        `values[i]` is the minimum of `input[:i + 1]` along `dim` and `indices[i]`
        (int64 data) where it was found; the values carry the gradient to those
        elements. Floating-point input and a LibTorch carrier only.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension to do the operation over.

        Returns:
            CumminResult: the named tuple `(values, indices)`, each of `input`'s shape.

        Raises:
            DTypeError: if `input` holds integer or bool data.
            UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     r = et.cummin(et.tensor([3.0, 1.0, 2.0, 0.0]), 0)
            ...     r.values.tolist(), r.indices.tolist()
            ([3.0, 1.0, 1.0, 0.0], [0, 1, 1, 3])
        """
    def cumprod(self, dim: int, *, dtype: None = None) -> Tensor:
        """Returns the cumulative product of elements of `input` in the dimension `dim`.

        LibTorch's derivative, exact where `input` has zeros. Floating-point input and
        a LibTorch carrier only.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension to do the operation over.
            dtype (optional): accepted for torch compatibility and must stay ``None``
                (the session computes in its own dtype). Default: ``None``.

        Returns:
            Tensor: a tensor of `input`'s shape.

        Raises:
            ArgumentError: if `dtype` is given.
            DTypeError: if `input` holds integer or bool data.
            UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.cumprod(et.tensor([1.0, 2.0, 3.0]), 0).tolist()
            [1.0, 2.0, 6.0]
        """
    def cumprod_(self, dim: int, *, dtype: None = None) -> Tensor:
        """In-place `cumprod`: this tensor then reads `cumprod`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `cumprod`'s.

        Returns:
            Tensor: this tensor.
        """
    def aminmax(self, *, dim: int | None = None, keepdim: bool = False) -> AminmaxResult:
        """Computes the minimum and maximum values of the `input` tensor.

        The pair `eagertape.amin(input, dim, keepdim)`, `eagertape.amax(input, dim,
        keepdim)`: unlike torch's `aminmax`, both results are differentiable (ties
        share the gradient evenly).

        Args:
            input (Tensor): the input tensor.
            dim (int, optional): the dimension to reduce. Default: ``None`` (all
                elements).
            keepdim (bool): whether the outputs keep `dim` with size 1. Default:
                ``False``.

        Returns:
            AminmaxResult: the named tuple `(min, max)`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     r = et.aminmax(et.tensor([[1.0, 5.0], [7.0, 2.0]]), dim=1)
            ...     r.min.tolist(), r.max.tolist()
            ([1.0, 2.0], [5.0, 7.0])
        """
    def unique(
        self,
        sorted: bool = True,
        return_inverse: bool = False,
        return_counts: bool = False,
        dim: int | None = None,
    ) -> Tensor | tuple[Tensor, ...]:
        """Returns the unique elements of the input tensor.

        The length of the result depends on the data. With `return_inverse` or `return_counts`
        a tuple is returned: the unique values, then the inverse indices, then the counts (each
        only when asked for). The results carry no gradient.

        Args:
            input (Tensor): the input tensor.
            sorted (bool): whether to sort the unique elements in ascending order.
                Default: ``True``.
            return_inverse (bool): whether to also return, for each element of `input`, the index
                of its value in the result. Default: ``False``.
            return_counts (bool): whether to also return the number of occurrences of each unique
                value. Default: ``False``.
            dim (int, optional): the dimension whose slices are compared (unique rows, for
                ``dim=0``). Default: ``None`` (the flattened input).

        Returns:
            Tensor or tuple of Tensors: the unique values, and the inverse indices and counts
            where asked for.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     values, inverse, counts = et.unique(
            ...         et.tensor([3, 1, 3, 2]), return_inverse=True, return_counts=True
            ...     )
            ...     values.tolist(), inverse.tolist(), counts.tolist()
            ([1, 2, 3], [2, 0, 2, 1], [1, 1, 2])
        """
    def bernoulli(self, p: float | None = None, *, generator: None = None) -> Tensor:
        """Draws binary random numbers (0 or 1) from a Bernoulli distribution.

        Each element of the result is 1 with the probability the same element of `input` holds
        (or with probability `p`, if given), drawn from the session's generator. The result has
        `input`'s shape and dtype and carries no gradient.

        Args:
            input (Tensor): the probabilities, in ``[0, 1]``.
            p (float, optional): one probability for every element instead of `input`'s values.
                Default: ``None``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: the 0/1 draws.

        Raises:
            ArgumentError: a `generator` is given.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(seed=0):
            ...     et.bernoulli(et.tensor([0.0, 1.0, 1.0])).tolist()
            [0.0, 1.0, 1.0]
        """
    def multinomial(
        self, num_samples: int, replacement: bool = False, *, generator: None = None
    ) -> Tensor:
        """Returns a tensor where each row contains `num_samples` indices sampled from the
        multinomial probability distribution located in the corresponding row of `input`.

        `input` holds non-negative weights (they need not sum to one), 1-D or 2-D (one
        distribution per row). The `int64` indices are drawn from the session's generator: with
        replacement by each row's inverse CDF, without by exponential races (torch's method).

        Args:
            input (Tensor): the weights, of shape `(k,)` or `(n, k)`.
            num_samples (int): the number of samples to draw per row.
            replacement (bool): whether to draw with replacement. Default: ``False``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: `int64` indices of shape `(num_samples,)` or `(n, num_samples)`.

        Raises:
            ArgumentError: more samples than categories without replacement, or a `generator`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(seed=0):
            ...     et.multinomial(et.tensor([0.0, 1.0, 0.0]), 2, replacement=True).tolist()
            [1, 1]
        """
    def chunk(self, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
        """Attempts to split a tensor into the specified number of chunks.

        As torch's: each chunk has `ceil(size / chunks)` elements along `dim` (the last may be
        smaller), so fewer than `chunks` pieces may come back.

        Args:
            input (Tensor): the tensor to split.
            chunks (int): the number of chunks to return.
            dim (int): the dimension along which to split. Default: ``0``.

        Returns:
            tuple of Tensors: the chunks.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([1.0, 2.0, 3.0, 4.0, 5.0])
            ...     [t.tolist() for t in et.chunk(x, 2)]
            [[1.0, 2.0, 3.0], [4.0, 5.0]]
        """
    def unsafe_chunk(self, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
        """Works like `chunk` (torch's form without its view-aliasing check, which eagertape's
        values never need).

        Args:
            input (Tensor): the tensor to split.
            chunks (int): the number of chunks to return.
            dim (int): the dimension along which to split. Default: ``0``.

        Returns:
            tuple of Tensors: the chunks.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     [t.tolist() for t in et.unsafe_chunk(et.tensor([1.0, 2.0, 3.0]), 2)]
            [[1.0, 2.0], [3.0]]
        """
    def unsafe_split(self, split_size: int, dim: int = 0) -> tuple[Tensor, ...]:
        """Works like `split` with an int size (torch's form without its view-aliasing check).

        Args:
            input (Tensor): the tensor to split.
            split_size (int): the size of each chunk (the last may be smaller).
            dim (int): the dimension along which to split. Default: ``0``.

        Returns:
            tuple of Tensors: the chunks.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     [t.tolist() for t in et.unsafe_split(et.tensor([1.0, 2.0, 3.0]), 2)]
            [[1.0, 2.0], [3.0]]
        """
    def split_with_sizes(
        self, split_sizes: int | Sequence[int], dim: int = 0
    ) -> tuple[Tensor, ...]:
        """Splits `input` into pieces of the given sizes along `dim`.

        Args:
            input (Tensor): the tensor to split.
            split_sizes (list of ints): the size of each piece; they add up to the size of
                `dim`.
            dim (int): the dimension along which to split. Default: ``0``.

        Returns:
            tuple of Tensors: the pieces.

        Raises:
            TypeError: `split_sizes` is an int.
            ShapeError: the sizes do not add up to the size of `dim`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     [t.tolist() for t in et.split_with_sizes(et.tensor([1.0, 2.0, 3.0]), [1, 2])]
            [[1.0], [2.0, 3.0]]
        """
    def unsafe_split_with_sizes(
        self, split_sizes: int | Sequence[int], dim: int = 0
    ) -> tuple[Tensor, ...]:
        """Works like `split_with_sizes` (torch's form without its view-aliasing check).

        Args:
            input (Tensor): the tensor to split.
            split_sizes (list of ints): the size of each piece; they add up to the size of
                `dim`.
            dim (int): the dimension along which to split. Default: ``0``.

        Returns:
            tuple of Tensors: the pieces.

        Raises:
            TypeError: `split_sizes` is an int.
            ShapeError: the sizes do not add up to the size of `dim`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     [t.tolist() for t in et.unsafe_split_with_sizes(et.tensor([1.0, 2.0]), [1, 1])]
            [[1.0], [2.0]]
        """
    def clamp(
        self,
        min: Tensor | ArrayLike | float | None = None,
        max: Tensor | ArrayLike | float | None = None,
    ) -> Tensor:
        """Clamps all elements in `input` into the range [`min`, `max`].

        Each bound is a number or a tensor (broadcast against `input`; array-like data is a
        constant in the session's dtype, a number beside a tensor bound one of `input`'s);
        with both, `max` wins where `min > max`, as in torch. With tensor bounds the
        gradient follows torch's rule for each operand: `input` gets it where it lies inside
        its bounds, each bound where it is the one chosen. Floating-point input only.

        Args:
            input (Tensor): the input tensor.
            min (float or Tensor, optional): the lower bound. Default: ``None`` (no lower
                bound).
            max (float or Tensor, optional): the upper bound. Default: ``None`` (no upper
                bound).

        Returns:
            Tensor: the clamped tensor.

        Raises:
            ArgumentError: if both `min` and `max` are ``None``.
            DTypeError: if `input` holds integer or bool data.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([-2.0, 0.5, 3.0])
            ...     et.clamp(x, min=-1.0, max=1.0).tolist()
            [-1.0, 0.5, 1.0]
        """
    def clamp_(
        self,
        min: Tensor | ArrayLike | float | None = None,
        max: Tensor | ArrayLike | float | None = None,
    ) -> Tensor:
        """In-place `clamp`: this tensor then reads `clamp`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `clamp`'s.

        Returns:
            Tensor: this tensor.
        """
    def clip(
        self,
        min: Tensor | ArrayLike | float | None = None,
        max: Tensor | ArrayLike | float | None = None,
    ) -> Tensor:
        """Alias for `clamp`: every element of `input` clamped into `[min, max]`.

        Args:
            input (Tensor): the input tensor.
            min (Number or Tensor, optional): the lower bound. Default: ``None``.
            max (Number or Tensor, optional): the upper bound. Default: ``None``.

        Returns:
            Tensor: the clamped tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.clip(et.tensor([-2.0, 0.5]), -1.0, 1.0).tolist()
            [-1.0, 0.5]
        """
    def clip_(
        self,
        min: Tensor | ArrayLike | float | None = None,
        max: Tensor | ArrayLike | float | None = None,
    ) -> Tensor:
        """In-place `clip`: this tensor then reads `clip`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `clip`'s.

        Returns:
            Tensor: this tensor.
        """
    def clone(self, *, memory_format: object | None = None) -> Tensor:
        """Returns a copy of `input`: a new tensor with the same value, dtype and device.

        The gradient passes back to `input` unchanged, as torch's `clone`; a later in-place
        method on either tensor leaves the other as it was.

        Args:
            input (Tensor): the tensor to copy.
            memory_format (torch.memory_format, optional): accepted; every layout shows the
                same values. Default: ``None``.

        Returns:
            Tensor: the copy.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([1.0, 2.0])
            ...     y = x.clone()
            ...     _ = y.add_(1.0)
            ...     x.tolist(), y.tolist()
            ([1.0, 2.0], [2.0, 3.0])
        """
    def mm(self, mat2: Tensor | ArrayLike, *, out_dtype: None = None) -> Tensor:
        """Performs a matrix multiplication of the matrices `input` and `mat2`.

        `input` is `(n, m)` and `mat2` `(m, p)` (no broadcasting, as torch's `mm`;
        `eagertape.matmul` broadcasts). Both get gradients.

        Args:
            input (Tensor): the first matrix, `(n, m)`.
            mat2 (Tensor): the second matrix, `(m, p)`.
            out_dtype (optional): accepted for torch compatibility and must stay ``None``
                (the result has the operands' dtype). Default: ``None``.

        Returns:
            Tensor: of shape `(n, p)`.

        Raises:
            ShapeError: an operand is not 2-D, or the inner sizes differ.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     tuple(et.ones(2, 3).mm(et.ones(3, 4)).shape)
            (2, 4)
        """
    def bmm(self, mat2: Tensor | ArrayLike, *, out_dtype: None = None) -> Tensor:
        """Performs a batch matrix-matrix product of matrices stored in `input` and `mat2`.

        `input` is `(b, n, m)` and `mat2` `(b, m, p)`, with the same batch size `b` (no broadcasting, as
        torch's `bmm`; `eagertape.matmul` broadcasts). Both get gradients.

        Args:
            input (Tensor): the first batch of matrices, `(b, n, m)`.
            mat2 (Tensor): the second batch of matrices, `(b, m, p)`.
            out_dtype (optional): accepted for torch compatibility and must stay ``None``
                (the result has the operands' dtype). Default: ``None``.

        Returns:
            Tensor: of shape `(b, n, p)`.

        Raises:
            ShapeError: the operands are not 3-D with one batch size, or the inner sizes differ.
            TypeError: `mat2` is not an eagertape tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     tuple(et.bmm(et.ones(5, 2, 3), et.ones(5, 3, 4)).shape)
            (5, 2, 4)
        """
    def dot(self, tensor: Tensor | ArrayLike) -> Tensor:
        """Computes the dot product of two 1D tensors.

        `input` and `tensor` are 1-D, of one size and one dtype (no broadcasting, as torch's
        `dot`); recorded as a matrix product, so both get gradients.

        Args:
            input (Tensor): the first vector.
            tensor (Tensor): the second vector.

        Returns:
            Tensor: a 0-d tensor.

        Raises:
            ShapeError: an operand is not 1-D, or their sizes differ.
            DTypeError: their dtypes differ.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.dot(et.tensor([2.0, 3.0]), et.tensor([2.0, 1.0])).item()
            7.0
        """
    def vdot(self, other: Tensor | ArrayLike) -> Tensor:
        """Computes the dot product of two 1D vectors along a dimension, conjugating the first.

        For real tensors (eagertape has no complex ones) this is `dot`.

        Args:
            input (Tensor): the first vector (conjugated).
            other (Tensor): the second vector.

        Returns:
            Tensor: a 0-d tensor.

        Raises:
            ShapeError: an operand is not 1-D, or their sizes differ.
            DTypeError: their dtypes differ.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.vdot(et.tensor([2.0, 3.0]), et.tensor([2.0, 1.0])).item()
            7.0
        """
    def inner(self, other: Tensor | ArrayLike) -> Tensor:
        """Computes the dot product for 1D tensors; for higher dimensions, sums the product of
        elements from `input` and `other` along their last dimension.

        The result's shape is ``input.shape[:-1] + other.shape[:-1]``; a 0-d operand
        multiplies the other. Both get gradients.

        Args:
            input (Tensor): the first operand.
            other (Tensor): the second operand, with `input`'s last size.

        Returns:
            Tensor: the contraction over the last dims.

        Raises:
            ShapeError: the last sizes differ.
            DTypeError: their dtypes differ.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     tuple(et.inner(et.ones(2, 3), et.ones(4, 5, 3)).shape)
            (2, 4, 5)
        """
    def mv(self, vec: Tensor | ArrayLike) -> Tensor:
        """Performs a matrix-vector product of the matrix `input` and the vector `vec`.

        `input` is `(n, m)` and `vec` `(m)` (no broadcasting, as torch's `mv`). Both get
        gradients.

        Args:
            input (Tensor): the matrix, `(n, m)`.
            vec (Tensor): the vector, `(m)`.

        Returns:
            Tensor: of shape `(n)`.

        Raises:
            ShapeError: the shapes are not a matrix and a vector of its column count.
            DTypeError: their dtypes differ.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.mv(et.tensor([[1.0, 2.0], [3.0, 4.0]]), et.tensor([1.0, 1.0])).tolist()
            [3.0, 7.0]
        """
    def ger(self, vec2: Tensor | ArrayLike) -> Tensor:
        """Alias of `outer` (torch's deprecated name): the outer product of two vectors.

        Args:
            input (Tensor): the 1-D input vector.
            vec2 (Tensor): the 1-D input vector.

        Returns:
            Tensor: the 2-D outer product.

        Raises:
            ShapeError: an operand is not 1-D.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.ger(et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0])).tolist()
            [[3.0, 4.0], [6.0, 8.0]]
        """
    def addmv(
        self,
        mat: Tensor | ArrayLike,
        vec: Tensor | ArrayLike,
        *,
        beta: float = 1.0,
        alpha: float = 1.0,
    ) -> Tensor:
        """Performs a matrix-vector product of the matrix `mat` and the vector `vec`, and adds
        `input` to the result.

        Computes `beta * input + alpha * (mat @ vec)`; `input` broadcasts to `(n)`, and with
        ``beta=0`` it is ignored (NaNs in it included), as in torch.

        Args:
            input (Tensor): the vector to be added.
            mat (Tensor): the matrix to be multiplied, `(n, m)`.
            vec (Tensor): the vector to be multiplied, `(m)`.
            beta (float): the multiplier for `input`. Default: ``1.0``.
            alpha (float): the multiplier for `mat @ vec`. Default: ``1.0``.

        Returns:
            Tensor: of shape `(n)`.

        Raises:
            ShapeError: the shapes do not fit together.
            DTypeError: the dtypes of `mat` and `vec` differ.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.addmv(et.ones(2), et.eye(2), et.tensor([1.0, 2.0]), alpha=2.0).tolist()
            [3.0, 5.0]
        """
    def addmv_(
        self,
        mat: Tensor | ArrayLike,
        vec: Tensor | ArrayLike,
        *,
        beta: float = 1.0,
        alpha: float = 1.0,
    ) -> Tensor:
        """In-place `addmv`: this tensor then reads `addmv`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `addmv`'s.

        Returns:
            Tensor: this tensor.
        """
    def addr(
        self,
        vec1: Tensor | ArrayLike,
        vec2: Tensor | ArrayLike,
        *,
        beta: float = 1.0,
        alpha: float = 1.0,
    ) -> Tensor:
        """Performs the outer-product of vectors `vec1` and `vec2` and adds it to the matrix
        `input`.

        Computes `beta * input + alpha * outer(vec1, vec2)`; `input` broadcasts to `(n, m)`,
        and with ``beta=0`` it is ignored (NaNs in it included), as in torch.

        Args:
            input (Tensor): the matrix to be added.
            vec1 (Tensor): the first vector of the outer product, `(n)`.
            vec2 (Tensor): the second vector of the outer product, `(m)`.
            beta (float): the multiplier for `input`. Default: ``1.0``.
            alpha (float): the multiplier for the outer product. Default: ``1.0``.

        Returns:
            Tensor: of shape `(n, m)`.

        Raises:
            ShapeError: the shapes do not fit together.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.addr(et.zeros(2, 2), et.tensor([1.0, 2.0]), et.tensor([1.0, 3.0])).tolist()
            [[1.0, 3.0], [2.0, 6.0]]
        """
    def addr_(
        self,
        vec1: Tensor | ArrayLike,
        vec2: Tensor | ArrayLike,
        *,
        beta: float = 1.0,
        alpha: float = 1.0,
    ) -> Tensor:
        """In-place `addr`: this tensor then reads `addr`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `addr`'s.

        Returns:
            Tensor: this tensor.
        """
    def addbmm(
        self,
        batch1: Tensor | ArrayLike,
        batch2: Tensor | ArrayLike,
        *,
        beta: float = 1.0,
        alpha: float = 1.0,
    ) -> Tensor:
        """Performs a batch matrix-matrix product of matrices stored in `batch1` and `batch2`,
        with a reduced add step (all matrix multiplications get accumulated along the first
        dimension); `input` is added to the final result.

        Computes `beta * input + alpha * sum_i batch1[i] @ batch2[i]`; `input` broadcasts to
        `(n, p)`, and with ``beta=0`` it is ignored (NaNs in it included), as in torch.

        Args:
            input (Tensor): the matrix to be added.
            batch1 (Tensor): the first batch of matrices, `(b, n, m)`.
            batch2 (Tensor): the second batch of matrices, `(b, m, p)`.
            beta (float): the multiplier for `input`. Default: ``1.0``.
            alpha (float): the multiplier for the summed products. Default: ``1.0``.

        Returns:
            Tensor: of shape `(n, p)`.

        Raises:
            ShapeError: the shapes do not fit together.
            DTypeError: the dtypes of `batch1` and `batch2` differ.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.addbmm(et.zeros(2, 2), et.ones(3, 2, 4), et.ones(3, 4, 2)).tolist()
            [[12.0, 12.0], [12.0, 12.0]]
        """
    def addbmm_(
        self,
        batch1: Tensor | ArrayLike,
        batch2: Tensor | ArrayLike,
        *,
        beta: float = 1.0,
        alpha: float = 1.0,
    ) -> Tensor:
        """In-place `addbmm`: this tensor then reads `addbmm`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `addbmm`'s.

        Returns:
            Tensor: this tensor.
        """
    def matrix_power(self, n: int) -> Tensor:
        """Computes the `n`-th power of a square matrix (or of each of a batch of them) for an
        integer `n`.

        By torch's binary decomposition of `n` (the same matrix products in the same
        order); `n = 0` gives identity matrices, whose gradient to `input` is zero. A negative
        `n` is the power `-n` of the inverse (LibTorch carriers only), as torch's.

        Args:
            input (Tensor): a `(*, m, m)` tensor.
            n (int): the exponent.

        Returns:
            Tensor: of `input`'s shape.

        Raises:
            ShapeError: `input` is not a (batch of) square matrices.
            BackendError: a negative `n` of a singular matrix (torch's error).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.matrix_power(et.tensor([[1.0, 1.0], [0.0, 1.0]]), 3).tolist()
            [[1.0, 3.0], [0.0, 1.0]]
        """
    def float_power(self, exponent: Tensor | ArrayLike | float) -> Tensor:
        """Raises `input` to the power of `exponent`, elementwise, in double precision.

        Both operands are converted to float64 first (a number exponent is used as is), so the
        result is float64 whatever their dtypes, as torch's; the gradient converts back to each
        operand's dtype. Sessions of the reference carriers refuse it.

        Args:
            input (Tensor): the base.
            exponent (Tensor or float): the exponent.

        Returns:
            Tensor: ``input ** exponent`` in float64.

        Raises:
            UnsupportedOpError: the session computes in ``ieee32`` or ``interval``.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     y = et.float_power(et.tensor([2.0, 3.0]), 2)
            ...     y.dtype, y.tolist()
            ('float64', [4.0, 9.0])
        """
    def ldexp(self, other: Tensor | ArrayLike) -> Tensor:
        """Multiplies `input` by 2 ** `other`.

        Computed as torch's composition, ``input * 2.0 ** other``: an integer `other` gives a
        floating power of two, and both tensors broadcast. Each floating operand gets its
        gradient.

        Args:
            input (Tensor): the mantissas.
            other (Tensor): the exponents (integer or floating).

        Returns:
            Tensor: ``input * 2 ** other``.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.ldexp(et.tensor([1.0, 3.0]), et.tensor([2, -1])).tolist()
            [4.0, 1.5]
        """
    def ldexp_(self, other: Tensor | ArrayLike) -> Tensor:
        """In-place `ldexp`: this tensor then reads `ldexp`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `ldexp`'s.

        Returns:
            Tensor: this tensor.
        """
    def nan_to_num(
        self, nan: float = 0.0, posinf: float | None = None, neginf: float | None = None
    ) -> Tensor:
        """Replaces NaN, positive infinity, and negative infinity values in `input` with the
        values specified by `nan`, `posinf`, and `neginf`, respectively.

        By default NaNs become zero, positive infinity the greatest finite value of
        `input`'s dtype and negative infinity the least. The gradient reaches only the
        elements kept, as torch's. Integer and bool tensors are returned as copies.

        Args:
            input (Tensor): the input tensor.
            nan (float): the value NaNs become. Default: ``0.0``.
            posinf (float, optional): the value positive infinities become. Default:
                ``None`` (the dtype's greatest finite value).
            neginf (float, optional): the value negative infinities become. Default:
                ``None`` (the dtype's least finite value).

        Returns:
            Tensor: of `input`'s shape and dtype.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([float("nan"), float("inf"), -float("inf"), 3.14])
            ...     et.nan_to_num(x, nan=0.0, posinf=1.0, neginf=-1.0).tolist()
            [0.0, 1.0, -1.0, 3.140000104904175]
        """
    def nan_to_num_(
        self, nan: float = 0.0, posinf: float | None = None, neginf: float | None = None
    ) -> Tensor:
        """In-place `nan_to_num`: this tensor then reads `nan_to_num`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `nan_to_num`'s.

        Returns:
            Tensor: this tensor.
        """
    def signbit(self) -> Tensor:
        """Tests if each element of `input` has its sign bit set or not.

        True for negative numbers, ``-0.0`` and a NaN with its sign bit set; bool data (no
        gradient).

        Args:
            input (Tensor): the input tensor.

        Returns:
            Tensor: bool, of `input`'s shape.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.signbit(et.tensor([-0.0, 0.0, -2.0, 1.5])).tolist()
            [True, False, True, False]
        """
    def bitwise_not(self) -> Tensor:
        """Computes the bitwise NOT of the given input tensor.

        The input must be an integer or bool tensor: the two's complement ``-input - 1`` of
        an integer, ``logical_not`` of a bool.

        Args:
            input (Tensor): an integer or bool tensor.

        Returns:
            Tensor: of `input`'s dtype.

        Raises:
            DTypeError: `input` is a floating-point tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.bitwise_not(et.tensor([-1, 0, 5])).tolist()
            [0, -1, -6]
        """
    def bitwise_not_(self) -> Tensor:
        """In-place `bitwise_not`: this tensor then reads `bitwise_not`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `bitwise_not`'s.

        Returns:
            Tensor: this tensor.
        """
    def adjoint(self) -> Tensor:
        """Returns a view of the tensor conjugated and with the last two dimensions transposed.

        For real tensors (eagertape has no complex ones) this is `x.mT`.

        Args:
            input (Tensor): a tensor of at least 2 dims.

        Returns:
            Tensor: `input` with its last two dims swapped.

        Raises:
            ShapeError: `input` has fewer than 2 dims.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.adjoint(et.tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
            [[1.0, 3.0], [2.0, 4.0]]
        """
    def diagflat(self, offset: int = 0) -> Tensor:
        """Creates a two-dimensional tensor with the flattened input as a diagonal.

        Args:
            input (Tensor): the input tensor (flattened first).
            offset (int): the diagonal to fill: 0 the main one, positive above it, negative
                below. Default: ``0``.

        Returns:
            Tensor: a square matrix.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.diagflat(et.tensor([[1.0], [2.0]]), 1).tolist()
            [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 0.0]]
        """
    def diag_embed(self, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
        """Creates a tensor whose diagonals of certain 2D planes (specified by `dim1` and
        `dim2`) are filled by `input`.

        Each vector along `input`'s last dim goes on the `offset` diagonal of a matrix along
        the new dims `dim1` (rows) and `dim2` (columns) of the result.

        Args:
            input (Tensor): the input tensor, at least 1-D.
            offset (int): which diagonal. Default: ``0``.
            dim1 (int): the result's dim of the rows. Default: ``-2``.
            dim2 (int): the result's dim of the columns. Default: ``-1``.

        Returns:
            Tensor: of one more dim than `input`.

        Raises:
            ArgumentError: `dim1` and `dim2` name the same dim.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.diag_embed(et.tensor([1.0, 2.0])).tolist()
            [[1.0, 0.0], [0.0, 2.0]]
        """
    def take(self, index: Tensor | ArrayLike) -> Tensor:
        """Returns a new tensor with the elements of `input` at the given indices.

        `input` is read as if it were 1-D; the result has `index`'s shape. Negative indices
        count from the end.

        Args:
            input (Tensor): the input tensor.
            index (Tensor): the indices (an integer tensor).

        Returns:
            Tensor: of `index`'s shape.

        Raises:
            DTypeError: `index` is not an integer tensor.
            IndexOutOfRangeError: an index is out of range.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.take(et.tensor([[4.0, 3.0], [5.0, 6.0]]), et.tensor([0, -1])).tolist()
            [4.0, 6.0]
        """
    def det(self) -> Tensor:
        """Calculates the determinant of a square matrix or batches of square matrices.

        LibTorch's kernel and derivative (`torch.det`'s values and gradients).

        Args:
            input (Tensor): `(*, n, n)`.

        Returns:
            Tensor: `(*)`, the determinants.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(dtype="float64"):
            ...     et.det(et.tensor([[2.0, 1.0], [1.0, 3.0]])).item()
            5.0
        """
    def logdet(self) -> Tensor:
        """Calculates the log determinant of a square matrix or batches of square matrices:
        NaN for a negative determinant, ``-inf`` for zero.

        Args:
            input (Tensor): `(*, n, n)`.

        Returns:
            Tensor: `(*)`.
        """
    def slogdet(self) -> SlogdetResult:
        """Computes the sign and natural logarithm of the absolute value of the determinant
        of a square matrix or batches of them.

        Args:
            input (Tensor): `(*, n, n)`.

        Returns:
            SlogdetResult: `(sign, logabsdet)`, each `(*)`; the sign carries no gradient.
        """
    def inverse(self) -> Tensor:
        """Computes the inverse of a square matrix or batches of them.

        Args:
            input (Tensor): `(*, n, n)`, invertible.

        Returns:
            Tensor: `(*, n, n)`.

        Raises:
            BackendError: a singular matrix (LibTorch's message names the zero pivot).
        """
    def pinverse(self, rcond: float = 1e-15) -> Tensor:
        """Calculates the pseudo-inverse (Moore–Penrose inverse) of a matrix or batches of
        them.

        Args:
            input (Tensor): `(*, m, n)`.
            rcond (float): singular values below ``rcond`` times the largest are taken as
                zero. Default: ``1e-15``.

        Returns:
            Tensor: `(*, n, m)`.
        """
    def matrix_exp(self) -> Tensor:
        """Computes the matrix exponential of a square matrix or batches of them.

        Args:
            input (Tensor): `(*, n, n)`.

        Returns:
            Tensor: `(*, n, n)`.
        """
    def svd(self, some: bool = True, compute_uv: bool = True) -> tuple[Tensor, Tensor, Tensor]:
        """Computes the singular value decomposition ``input = U diag(S) Vᴴ`` of a matrix
        or batches of them (torch's deprecated `svd`, whose third factor is `V`, not
        `Vᴴ`).

        The gradient is LibTorch's (undefined where singular values repeat, as torch's).

        Args:
            input (Tensor): `(*, m, n)`.
            some (bool): the reduced factors (`k = min(m, n)` columns). Default: ``True``.
            compute_uv (bool): compute `U` and `V` (else zeros). Default: ``True``.

        Returns:
            tuple[Tensor, Tensor, Tensor]: `(U, S, V)`.
        """
    def cholesky_solve(self, input2: Tensor | ArrayLike, upper: bool = False) -> Tensor:
        """Computes the solution of a system of linear equations with a positive
        semidefinite matrix given by its Cholesky factor.

        Args:
            input (Tensor): `B`, `(*, n, k)`.
            input2 (Tensor): the factor `L` (or `U`), `(*, n, n)`.
            upper (bool): whether the factor is upper triangular. Default: ``False``.

        Returns:
            Tensor: `X`, `(*, n, k)`.
        """
    def cholesky_inverse(self, upper: bool = False) -> Tensor:
        """Computes the inverse of a positive semidefinite matrix given its Cholesky factor.

        Args:
            input (Tensor): the factor `L` (or `U`), `(*, n, n)`.
            upper (bool): whether the factor is upper triangular. Default: ``False``.

        Returns:
            Tensor: `(*, n, n)`.
        """
    def lu(self, pivot: bool = True) -> tuple[Tensor, Tensor]:
        """Computes the LU factorization of a matrix or batches of them (the packed factors
        and the pivots, as `torch.linalg.lu_factor`).

        Args:
            input (Tensor): `(*, m, n)`.
            pivot (bool): partial pivoting. Default: ``True``.

        Returns:
            tuple[Tensor, Tensor]: `(LU, pivots)`, the pivots int32 data.
        """
    def lu_solve(self, LU_data: Tensor | ArrayLike, LU_pivots: Tensor | ArrayLike) -> Tensor:
        """Returns the LU solve of the linear system ``A x = b`` using the partially pivoted
        LU factorization of `A` from `lu`.

        Args:
            input (Tensor): `b`, `(*, n, k)`.
            LU_data (Tensor): the packed factors, `(*, n, n)`.
            LU_pivots (Tensor): the int32 pivots.

        Returns:
            Tensor: `x`, `(*, n, k)`.
        """
    def geqrf(self) -> GeqrfResult:
        """Computes a QR decomposition in LAPACK's Householder form (torch has no derivative
        of it: a backward through it is an error, as torch's).

        Args:
            input (Tensor): `(*, m, n)`.

        Returns:
            GeqrfResult: `(a, tau)`.
        """
    def orgqr(self, input2: Tensor | ArrayLike) -> Tensor:
        """Computes the first `n` columns of a product of Householder matrices (the `Q` of
        `geqrf`).

        Args:
            input (Tensor): `geqrf`'s `a`, `(*, m, n)`.
            input2 (Tensor): `geqrf`'s `tau`, `(*, k)` (torch's schema's name).

        Returns:
            Tensor: `(*, m, n)`.
        """
    def ormqr(
        self,
        input2: Tensor | ArrayLike,
        input3: Tensor | ArrayLike,
        left: bool = True,
        transpose: bool = False,
    ) -> Tensor:
        """Computes the matrix-matrix multiplication of a product of Householder matrices
        (`geqrf`'s `Q`) with a general matrix.

        Args:
            input (Tensor): `geqrf`'s `a`.
            input2 (Tensor): `geqrf`'s `tau`.
            input3 (Tensor): the matrix `C`.
            left (bool): `Q C` (else `C Q`). Default: ``True``.
            transpose (bool): use `Qᵀ`. Default: ``False``.

        Returns:
            Tensor: of `C`'s shape.
        """
    def polygamma(self, n: int) -> Tensor:
        """Computes the `n`-th derivative of the digamma function on `input` (torch's
        function form is ``polygamma(n, input)``).

        Args:
            input (Tensor): the input tensor.
            n (int): the order of the derivative, at least 0.

        Returns:
            Tensor: of `input`'s shape.
        """
    def polygamma_(self, n: int) -> Tensor:
        """In-place `polygamma`: this tensor then reads `polygamma`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `polygamma`'s.

        Returns:
            Tensor: this tensor.
        """
    def mvlgamma(self, p: int) -> Tensor:
        """Computes the multivariate log-gamma function with dimension `p` element-wise.

        Args:
            input (Tensor): the input tensor, every element greater than ``(p - 1) / 2``.
            p (int): the number of dimensions, at least 1.

        Returns:
            Tensor: of `input`'s shape.
        """
    def mvlgamma_(self, p: int) -> Tensor:
        """In-place `mvlgamma`: this tensor then reads `mvlgamma`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `mvlgamma`'s.

        Returns:
            Tensor: this tensor.
        """
    def igamma(self, other: Tensor | ArrayLike) -> Tensor:
        """Computes the regularized lower incomplete gamma function ``P(input, other)``.

        torch has a derivative in `other` only: a gradient asked of `input` is an error
        at backward, as torch's.

        Args:
            input (Tensor): the non-negative shape parameter.
            other (Tensor): the non-negative integration limit.

        Returns:
            Tensor: the broadcast shape.
        """
    def igamma_(self, other: Tensor | ArrayLike) -> Tensor:
        """In-place `igamma`: this tensor then reads `igamma`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `igamma`'s.

        Returns:
            Tensor: this tensor.
        """
    def igammac(self, other: Tensor | ArrayLike) -> Tensor:
        """Computes the regularized upper incomplete gamma function ``Q(input, other)``.

        Args:
            input (Tensor): the non-negative shape parameter.
            other (Tensor): the non-negative integration limit.

        Returns:
            Tensor: the broadcast shape.
        """
    def igammac_(self, other: Tensor | ArrayLike) -> Tensor:
        """In-place `igammac`: this tensor then reads `igammac`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `igammac`'s.

        Returns:
            Tensor: this tensor.
        """
    def logcumsumexp(self, dim: int) -> Tensor:
        """Returns the logarithm of the cumulative summation of the exponentiation of
        elements of `input` in the dimension `dim`, computed stably.

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension to accumulate over.

        Returns:
            Tensor: of `input`'s shape.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(dtype="float64"):
            ...     et.logcumsumexp(et.tensor([0.0, 0.0]), 0).tolist()
            [0.0, 0.6931471805599453]
        """
    def renorm(self, p: float, dim: int, maxnorm: float) -> Tensor:
        """Returns a tensor where each sub-tensor of `input` along dimension `dim` is
        normalized such that its `p`-norm is lower than `maxnorm`.

        Args:
            input (Tensor): the input tensor.
            p (float): the norm's power, positive.
            dim (int): the dimension whose slices are normalized.
            maxnorm (float): the largest norm kept.

        Returns:
            Tensor: of `input`'s shape.
        """
    def renorm_(self, p: float, dim: int, maxnorm: float) -> Tensor:
        """In-place `renorm`: this tensor then reads `renorm`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `renorm`'s.

        Returns:
            Tensor: this tensor.
        """
    def dist(self, other: Tensor | ArrayLike, p: float = 2) -> Tensor:
        """Returns the `p`-norm of ``input - other``.

        Args:
            input (Tensor): the input tensor.
            other (Tensor): broadcast with `input`.
            p (float): the norm to compute. Default: ``2``.

        Returns:
            Tensor: 0-d.
        """
    def cov(
        self,
        *,
        correction: int = 1,
        fweights: Tensor | ArrayLike | None = None,
        aweights: Tensor | ArrayLike | None = None,
    ) -> Tensor:
        """Estimates the covariance matrix of the variables given by the `input` matrix,
        where rows are the variables and columns are the observations.

        Args:
            input (Tensor): `(V, N)` or `(N,)`.
            correction (int): the difference between the observations' count and the
                divisor (1: Bessel's correction). Default: ``1``.
            fweights (Tensor, optional): `(N,)` integer frequency weights. Default:
                ``None``.
            aweights (Tensor, optional): `(N,)` observation weights. Default: ``None``.

        Returns:
            Tensor: `(V, V)`, or 0-d for one variable.
        """
    def corrcoef(self) -> Tensor:
        """Estimates the Pearson product-moment correlation coefficient matrix of the
        variables given by the `input` matrix (rows: variables, columns: observations).

        Args:
            input (Tensor): `(V, N)` or `(N,)`.

        Returns:
            Tensor: `(V, V)`, or 0-d for one variable.
        """
    def angle(self) -> Tensor:
        """Computes the element-wise angle (in radians) of the given `input` tensor: of a
        real tensor, 0 where ``input >= 0`` and pi where it is negative.

        Args:
            input (Tensor): the input tensor.

        Returns:
            Tensor: of `input`'s shape (a zero gradient).
        """
    def heaviside(self, values: Tensor | ArrayLike) -> Tensor:
        """Computes the Heaviside step function for each element in `input`: 0 where it is
        negative, `values` where it is 0, 1 where it is positive.

        Args:
            input (Tensor): the input tensor.
            values (Tensor): the values where `input` is zero.

        Returns:
            Tensor: the broadcast shape (torch has no derivative of it).
        """
    def heaviside_(self, values: Tensor | ArrayLike) -> Tensor:
        """In-place `heaviside`: this tensor then reads `heaviside`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `heaviside`'s.

        Returns:
            Tensor: this tensor.
        """
    def nextafter(self, other: Tensor | ArrayLike) -> Tensor:
        """Return the next floating-point value after `input` towards `other`,
        elementwise.

        Args:
            input (Tensor): the input tensor.
            other (Tensor): the direction.

        Returns:
            Tensor: the broadcast shape (torch has no derivative of it).
        """
    def nextafter_(self, other: Tensor | ArrayLike) -> Tensor:
        """In-place `nextafter`: this tensor then reads `nextafter`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `nextafter`'s.

        Returns:
            Tensor: this tensor.
        """
    def frexp(self) -> FrexpResult:
        """Decomposes `input` into mantissa and exponent tensors such that
        ``input = mantissa * 2**exponent``.

        Args:
            input (Tensor): a floating-point tensor.

        Returns:
            FrexpResult: `(mantissa, exponent)`, the exponent int32 data.
        """
    def histc(self, bins: int = 100, min: float = 0, max: float = 0) -> Tensor:
        """Computes the histogram of a tensor: `bins` equal-width bins between `min` and
        `max` (the input's own minimum and maximum when both are 0); elements outside
        are ignored.

        Args:
            input (Tensor): the input tensor.
            bins (int): the number of bins. Default: ``100``.
            min (float): the lower end of the range. Default: ``0``.
            max (float): the upper end of the range. Default: ``0``.

        Returns:
            Tensor: `(bins,)` counts in `input`'s dtype.
        """
    def as_strided(
        self,
        size: int | Sequence[int],
        stride: int | Sequence[int],
        storage_offset: int | None = None,
    ) -> Tensor:
        """Create a view of an existing tensor with specified `size`, `stride` and
        `storage_offset` (a copy here: eagertape's tensors are values).

        Args:
            input (Tensor): the input tensor.
            size (tuple of int): the result's shape.
            stride (tuple of int): the result's strides, in elements of `input`'s storage.
            storage_offset (int, optional): the first element's offset. Default: ``None``
                (`input`'s own).

        Returns:
            Tensor: of shape `size`.
        """
    def as_strided_(
        self,
        size: int | Sequence[int],
        stride: int | Sequence[int],
        storage_offset: int | None = None,
    ) -> Tensor:
        """In-place `as_strided`: this tensor then reads `as_strided`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `as_strided`'s.

        Returns:
            Tensor: this tensor.
        """
    def as_strided_scatter(
        self,
        src: Tensor | ArrayLike,
        size: int | Sequence[int],
        stride: int | Sequence[int],
        storage_offset: int | None = None,
    ) -> Tensor:
        """Embeds the values of the `src` tensor into `input` along the elements of the
        `as_strided` view of `input`.

        Args:
            input (Tensor): the input tensor.
            src (Tensor): the values, of shape `size`.
            size (tuple of int): the view's shape.
            stride (tuple of int): the view's strides.
            storage_offset (int, optional): the view's offset. Default: ``None``.

        Returns:
            Tensor: of `input`'s shape.
        """
    def diagonal_scatter(
        self, src: Tensor | ArrayLike, offset: int = 0, dim1: int = 0, dim2: int = 1
    ) -> Tensor:
        """Embeds the values of the `src` tensor into `input` along the diagonal elements
        of `input`, with respect to `dim1` and `dim2`.

        Args:
            input (Tensor): the input tensor, at least 2-D.
            src (Tensor): the diagonal's values.
            offset (int): which diagonal. Default: ``0``.
            dim1 (int): the first dimension. Default: ``0``.
            dim2 (int): the second dimension. Default: ``1``.

        Returns:
            Tensor: of `input`'s shape.
        """
    def select_scatter(self, src: Tensor | ArrayLike, dim: int, index: int) -> Tensor:
        """Embeds the values of the `src` tensor into `input` at the given index.

        Args:
            input (Tensor): the input tensor.
            src (Tensor): the values, of `input`'s shape without `dim`.
            dim (int): the dimension.
            index (int): the index along `dim`.

        Returns:
            Tensor: of `input`'s shape.
        """
    def slice_scatter(
        self,
        src: Tensor | ArrayLike,
        dim: int = 0,
        start: int | None = None,
        end: int | None = None,
        step: int = 1,
    ) -> Tensor:
        """Embeds the values of the `src` tensor into `input` at the given dimension's
        slice ``start:end:step``.

        Args:
            input (Tensor): the input tensor.
            src (Tensor): the slice's values.
            dim (int): the dimension. Default: ``0``.
            start (int, optional): the slice's start. Default: ``None``.
            end (int, optional): the slice's end. Default: ``None``.
            step (int): the slice's step. Default: ``1``.

        Returns:
            Tensor: of `input`'s shape.
        """
    def masked_scatter(self, mask: Tensor | ArrayLike, source: Tensor | ArrayLike) -> Tensor:
        """Copies elements from `source` into `input` at positions where the `mask` is
        True, in order.

        Args:
            input (Tensor): the input tensor.
            mask (Tensor): bool, broadcastable to `input`.
            source (Tensor): at least as many elements as `mask` has True.

        Returns:
            Tensor: of `input`'s shape.
        """
    def masked_scatter_(self, mask: Tensor | ArrayLike, source: Tensor | ArrayLike) -> Tensor:
        """In-place `masked_scatter`: this tensor then reads `masked_scatter`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `masked_scatter`'s.

        Returns:
            Tensor: this tensor.
        """
    def index_reduce(
        self,
        dim: int,
        index: Tensor | ArrayLike,
        source: Tensor | ArrayLike,
        reduce: str,
        *,
        include_self: bool = True,
    ) -> Tensor:
        """Reduces the slices of `source` into `input`'s slices at `index` along `dim`,
        by `reduce` (``"prod"``, ``"mean"``, ``"amax"`` or ``"amin"``).

        Args:
            input (Tensor): the input tensor.
            dim (int): the dimension to index.
            index (Tensor): int64 indices into `dim`, one per slice of `source`.
            source (Tensor): the slices to reduce.
            reduce (str): the reduction.
            include_self (bool): reduce `input`'s values too. Default: ``True``.

        Returns:
            Tensor: of `input`'s shape.
        """
    def index_reduce_(
        self,
        dim: int,
        index: Tensor | ArrayLike,
        source: Tensor | ArrayLike,
        reduce: str,
        *,
        include_self: bool = True,
    ) -> Tensor:
        """In-place `index_reduce`: this tensor then reads `index_reduce`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `index_reduce`'s.

        Returns:
            Tensor: this tensor.
        """
    def put(
        self, index: Tensor | ArrayLike, source: Tensor | ArrayLike, accumulate: bool = False
    ) -> Tensor:
        """Copies the elements from `source` into the positions specified by `index`, as
        if `input` were 1-D (or adds them, with `accumulate`).

        Args:
            input (Tensor): the input tensor.
            index (Tensor): int64 flat indices.
            source (Tensor): the values, as many as `index` holds.
            accumulate (bool): add instead of write. Default: ``False``.

        Returns:
            Tensor: of `input`'s shape.
        """
    def put_(
        self, index: Tensor | ArrayLike, source: Tensor | ArrayLike, accumulate: bool = False
    ) -> Tensor:
        """In-place `put`: this tensor then reads `put`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `put`'s.

        Returns:
            Tensor: this tensor.
        """
    def _fill_diagonal(self, fill_value: float, wrap: bool = False) -> Tensor: ...
    def fill_diagonal_(self, fill_value: float, wrap: bool = False) -> Tensor:
        """In-place `_fill_diagonal`: this tensor then reads `_fill_diagonal`'s result.

        The out-of-place result is recorded, and every Python `Tensor` naming this
        tensor names it, so it reads what torch's would. A tensor that shares its storage
        with another live tensor (a view of it, or the base it views) raises
        `ArgumentError` instead, recording nothing, where torch would change both. The
        arguments are `_fill_diagonal`'s.

        Returns:
            Tensor: this tensor.
        """
    def histogram(
        self,
        bins: int,
        *,
        range: float | Sequence[float] | None = None,
        weight: Tensor | ArrayLike | None = None,
        density: bool = False,
    ) -> HistogramResult:
        """Computes a histogram of the values in a tensor: `bins` equal-width bins over
        `range` (the input's minimum and maximum when not given).

        Args:
            input (Tensor): the input tensor.
            bins (int): the number of bins.
            range (tuple of float, optional): ``(min, max)``. Default: ``None``.
            weight (Tensor, optional): each element's weight, of `input`'s shape.
                Default: ``None``.
            density (bool): normalize to a density (the bins' integral is 1). Default:
                ``False``.

        Returns:
            HistogramResult: `(hist, bin_edges)`, `(bins,)` and `(bins + 1,)`.
        """
    def bincount(self, weights: Tensor | ArrayLike | None = None, minlength: int = 0) -> Tensor:
        """Count the frequency of each value in an array of non-negative ints: bin ``i``
        holds the number of times ``i`` occurs (or the sum of its ``weights``).

        LibTorch computes it once on the values (its size depends on them); the result is
        input data: no gradient (torch has no derivative for it). LibTorch carriers only.

        Args:
            input (Tensor): 1-D, non-negative int data.
            weights (Tensor, optional): one weight per element of ``input``. Default:
                ``None`` (the counts, int64).
            minlength (int): the least number of bins. Default: ``0``.

        Returns:
            Tensor: ``(max(input) + 1,)`` bins or ``minlength``, whichever is more.

        Raises:
            BackendError: ``input`` not 1-D non-negative ints (torch's check).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.bincount(et.tensor([1, 1, 3, 0, 3])).tolist()
            [1, 2, 0, 2]
        """
    def unique_consecutive(
        self, return_inverse: bool = False, return_counts: bool = False, dim: int | None = None
    ) -> Tensor | tuple[Tensor, ...]:
        """Eliminates all but the first element from every consecutive group of equivalent
        elements (or slices along ``dim``).

        LibTorch computes it once on the values (its size depends on them); the results
        are input data: no gradient (torch has no derivative for it). LibTorch carriers
        only.

        Args:
            input (Tensor): the input tensor.
            return_inverse (bool): also return, for each element of ``input``, the index of
                its run in the result. Default: ``False``.
            return_counts (bool): also return each run's length. Default: ``False``.
            dim (int, optional): the dimension whose slices are compared. Default: ``None``
                (the flattened input).

        Returns:
            Tensor or tuple of Tensors: the values, and the inverse indices and counts
            where asked for.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     values, counts = et.unique_consecutive(
            ...         et.tensor([1, 1, 2, 2, 3, 1, 1]), return_counts=True
            ...     )
            ...     values.tolist(), counts.tolist()
            ([1, 2, 3, 1], [2, 2, 1, 2])
        """
    def nonzero_static(self, *, size: int = 0, fill_value: int = -1) -> Tensor:
        """Returns a 2-D tensor of the indices of `input`'s nonzero elements, of a fixed
        number of rows: cut to `size`, or padded with `fill_value`.

        Args:
            input (Tensor): the input tensor.
            size (int): the number of rows.
            fill_value (int): the padding rows' value. Default: ``-1``.

        Returns:
            Tensor: `(size, input.ndim)` int64 indices.
        """
    def nanquantile(
        self,
        q: Tensor | ArrayLike,
        dim: int | None = None,
        keepdim: bool = False,
        *,
        interpolation: str = "linear",
    ) -> Tensor:
        """A variant of `quantile` that "ignores" NaN values, computing the quantiles as if
        NaN values in `input` did not exist (NaN where a reduced row is all NaN).

        Args:
            input (Tensor): the input tensor.
            q (float or Tensor): the levels, in ``[0, 1]``.
            dim (int, optional): the dimension to reduce. Default: ``None`` (all).
            keepdim (bool): keep the reduced dim. Default: ``False``.
            interpolation (str): ``"linear"``, ``"lower"``, ``"higher"``, ``"midpoint"``
                or ``"nearest"``. Default: ``"linear"``.

        Returns:
            Tensor: the quantiles (a leading dim for a 1-D `q`).
        """
    def repeat_interleave(
        self, repeats: int, dim: int | None = None, *, output_size: int | None = None
    ) -> Tensor:
        """Repeat elements of a tensor: each element (or slice along `dim`) `repeats`
        times in turn.

        Args:
            input (Tensor): the input tensor.
            repeats (int): the number of repetitions.
            dim (int, optional): the dimension to repeat along. Default: ``None`` (the
                flattened input).
            output_size (int, optional): the result's size along `dim`, checked.
                Default: ``None``.

        Returns:
            Tensor: the repeated tensor.
        """
    def reshape(
        self, *args: _int | Sequence[_int], shape: _int | Sequence[_int] | None = None
    ) -> Tensor:
        """Returns a tensor with the same data and number of elements as `input`, with
        shape `shape`.

        A view of `input` when its layout is contiguous, else a copy; one dimension may
        be -1 (inferred from the others). Works on every dtype; the gradient is reshaped
        back. The method takes the shape as separate ints (`x.reshape(2, 3)`), one
        sequence (`x.reshape((2, 3))`) or by keyword (`x.reshape(shape=(2, 3))`).

        Args:
            input (Tensor): the tensor to be reshaped.
            shape (int or sequence of ints): the new shape.

        Returns:
            Tensor: the reshaped tensor.

        Raises:
            et.ShapeError: if `shape` does not hold `input`'s number of elements.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.reshape(et.tensor([1.0, 2.0, 3.0, 4.0]), (2, -1)).tolist()
            [[1.0, 2.0], [3.0, 4.0]]
        """
    def permute(
        self, *args: _int | Sequence[_int], dims: _int | Sequence[_int] | None = None
    ) -> Tensor:
        """Returns a view of `input` with its dimensions permuted.

        Works on every dtype. The method takes the order as separate ints
        (`x.permute(2, 0, 1)`), one sequence or by keyword (`dims=`).

        Args:
            input (Tensor): the input tensor.
            dims (sequence of ints): the desired ordering of dimensions.

        Returns:
            Tensor: the permuted tensor; dimension `i` of the result is `input`'s
            `dims[i]`.

        Raises:
            et.ShapeError: if `dims` is not a permutation of `input`'s dimensions.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.permute(et.zeros(2, 3, 4), (2, 0, 1)).shape
            (4, 2, 3)
        """
    def view(
        self, *args: _int | Sequence[_int], size: _int | Sequence[_int] | None = None
    ) -> Tensor:
        """Returns a view of `input` with the same data and the shape `size`; never a copy.

        torch's stride rule decides whether the view exists; where it does not (a
        transposed tensor merged across its dims) a `ShapeError` says to use
        `reshape`. One dimension may be -1. The method takes the shape as separate
        ints (`x.view(2, 3)`), one sequence or by keyword (`size=`).

        Args:
            input (Tensor): the tensor to view.
            size (int or sequence of ints): the new shape.

        Returns:
            Tensor: the view.

        Raises:
            et.ShapeError: the shape does not hold `input`'s elements, or no view of
                `input`'s layout has it.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.arange(6.0).view(2, 3).tolist()
            [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
        """
    def expand(
        self, *args: _int | Sequence[_int], size: _int | Sequence[_int] | None = None
    ) -> Tensor:
        """Returns a view of `input` with its size-one dimensions broadcast to a larger size.

        New leading dimensions may be added; -1 keeps a dimension's size. No data is
        copied, and the gradient is summed back over the broadcast dimensions. The method
        takes the sizes as separate ints (`x.expand(3, 2)`), one sequence or by keyword
        (`size=`).

        Args:
            input (Tensor): the tensor to expand.
            size (sequence of ints): the new sizes.

        Returns:
            Tensor: the expanded view.

        Raises:
            ShapeError: a dimension whose size is not one is given another size.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.tensor([[1.0], [2.0]]).expand(-1, 3).tolist()
            [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]
        """
    def repeat(
        self, *args: _int | Sequence[_int], repeats: _int | Sequence[_int] | None = None
    ) -> Tensor:
        """Returns `input` repeated along each dimension.

        `repeat(2, 3)` tiles it twice along the first dimension and three times along
        the second; more repeats than dimensions add leading dimensions. The result is a
        copy; the gradient is summed back over the copies. The method takes the repeats
        as separate ints, one sequence or by keyword (`repeats=`).

        Args:
            input (Tensor): the tensor to repeat.
            repeats (sequence of ints): the number of repeats per dimension.

        Returns:
            Tensor: the repeated tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.tensor([1.0, 2.0]).repeat(2, 2).tolist()
            [[1.0, 2.0, 1.0, 2.0], [1.0, 2.0, 1.0, 2.0]]
        """
    def flip(
        self, *args: _int | Sequence[_int], dims: _int | Sequence[_int] | None = None
    ) -> Tensor:
        """Reverse the order of an n-D tensor along the given dimension(s) in `dims`.

        Any dtype; the result is a copy. The method takes the dims as separate ints
        (`x.flip(0, 1)`), one sequence or by keyword (`dims=`).

        Args:
            input (Tensor): the input tensor.
            dims (int or sequence of ints): the dimension(s) to flip.

        Returns:
            Tensor: the flipped tensor.

        Raises:
            ShapeError: a dimension is out of range or named twice.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
            ...     et.flip(x, 0).tolist(), et.flip(x, (0, 1)).tolist()
            ([[3.0, 4.0], [1.0, 2.0]], [[4.0, 3.0], [2.0, 1.0]])
        """
    def tile(
        self, *args: _int | Sequence[_int], dims: _int | Sequence[_int] | None = None
    ) -> Tensor:
        """Constructs a tensor by repeating the elements of `input`.

        `dims` gives the repetitions per dim; a shorter `dims` is padded with leading ones,
        a longer one gives `input` leading dims of size 1 (torch's rules).

        Args:
            input (Tensor): the tensor whose elements to repeat.
            dims (tuple of ints): the number of repetitions per dim.

        Returns:
            Tensor: the tiled tensor.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.tile(et.tensor([1.0, 2.0]), (2,)).tolist()
            [1.0, 2.0, 1.0, 2.0]
        """
    def sum_to_size(
        self, *args: _int | Sequence[_int], size: _int | Sequence[_int] | None = None
    ) -> Tensor:
        """Sum this tensor to `size`, which this tensor must broadcast from (the sum over
        the broadcast dims, as a gradient of `expand` reduces).

        Args:
            input (Tensor): the input tensor.
            *size (int): the target size.

        Returns:
            Tensor: of shape `size`.
        """
    # END generated: tensor-methods
    def to(
        self,
        *args: Any,
        dtype: str | Any | None = None,
        device: str | Any | None = None,
        non_blocking: _bool | None = None,
        copy: _bool | None = None,
        memory_format: Any | None = None,
        other: Tensor | None = None,
    ) -> Tensor:
        """torch's overloads: `x.to(dtype, non_blocking=False, copy=False)`, `x.to(device,
        dtype=None, non_blocking=False, copy=False)`, `x.to(other, non_blocking=False,
        copy=False)`, each with `memory_format=`. `dtype` a name (`"float64"`, `"int64"`,
        ...), a torch or numpy dtype; `device` a name or a `torch.device`. A float → float
        conversion passes gradients back; the others give data. The tensor's own device is
        accepted (nothing moves); another device is a `DeviceError`, since a tensor lives on
        its session's device. `copy=True` always records a new tensor (the identity's
        gradient); `memory_format` changes nothing an eagertape value shows.
        """
    def float(self, memory_format: Any | None = None) -> Tensor:
        """Returns this tensor converted to `float32` (`self.to("float32")`).

        The tensor itself when it is already `float32`. From another floating dtype
        the conversion passes the gradient back; from integer or bool data the result carries
        no gradient.

        Args:
            memory_format (torch.memory_format, optional): accepted for PyTorch compatibility;
                every layout shows the same values, so it changes nothing. Default: ``None``.

        Raises:
            TypeError: `memory_format` is not a `torch.memory_format`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session(dtype="float64"):
            ...     x = et.tensor([1, 2])
            ...     y = x.float()
            ...     x.dtype, y.dtype, y.tolist()
            ('int64', 'float32', [1.0, 2.0])
        """
    def double(self, memory_format: Any | None = None) -> Tensor:
        """Returns this tensor converted to `float64` (`self.to("float64")`).

        The tensor itself when it is already `float64`. From another floating dtype
        the conversion passes the gradient back; from integer or bool data the result carries
        no gradient.

        Args:
            memory_format (torch.memory_format, optional): accepted for PyTorch compatibility;
                every layout shows the same values, so it changes nothing. Default: ``None``.

        Raises:
            TypeError: `memory_format` is not a `torch.memory_format`.
        """
    def half(self, memory_format: Any | None = None) -> Tensor:
        """Returns this tensor converted to `float16` (`self.to("float16")`).

        The tensor itself when it is already `float16`. From another floating dtype
        the conversion passes the gradient back; from integer or bool data the result carries
        no gradient.

        Args:
            memory_format (torch.memory_format, optional): accepted for PyTorch compatibility;
                every layout shows the same values, so it changes nothing. Default: ``None``.

        Raises:
            TypeError: `memory_format` is not a `torch.memory_format`.
        """
    def bfloat16(self, memory_format: Any | None = None) -> Tensor:
        """Returns this tensor converted to `bfloat16` (`self.to("bfloat16")`).

        The tensor itself when it is already `bfloat16`. From another floating dtype
        the conversion passes the gradient back; from integer or bool data the result carries
        no gradient.

        Args:
            memory_format (torch.memory_format, optional): accepted for PyTorch compatibility;
                every layout shows the same values, so it changes nothing. Default: ``None``.

        Raises:
            TypeError: `memory_format` is not a `torch.memory_format`.
        """
    def long(self, memory_format: Any | None = None) -> Tensor:
        """Returns this tensor converted to `int64` (`self.to("int64")`).

        The tensor itself when it is already `int64`. Floating values are truncated toward
        zero. The result is data: it carries no gradient.

        Args:
            memory_format (torch.memory_format, optional): accepted for PyTorch compatibility;
                every layout shows the same values, so it changes nothing. Default: ``None``.

        Raises:
            TypeError: `memory_format` is not a `torch.memory_format`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.tensor([1.7, -1.7]).long().tolist()
            [1, -1]
        """
    def int(self, memory_format: Any | None = None) -> Tensor:
        """Returns this tensor converted to `int32` (`self.to("int32")`).

        The tensor itself when it is already `int32`. Floating values are truncated toward
        zero. The result is data: it carries no gradient.

        Args:
            memory_format (torch.memory_format, optional): accepted for PyTorch compatibility;
                every layout shows the same values, so it changes nothing. Default: ``None``.

        Raises:
            TypeError: `memory_format` is not a `torch.memory_format`.
        """
    def bool(self, memory_format: Any | None = None) -> Tensor:
        """Returns this tensor converted to `bool` (`self.to("bool")`).

        The tensor itself when it is already `bool`. Nonzero elements become ``True``.
        The result is data: it carries no gradient.

        Args:
            memory_format (torch.memory_format, optional): accepted for PyTorch compatibility;
                every layout shows the same values, so it changes nothing. Default: ``None``.

        Raises:
            TypeError: `memory_format` is not a `torch.memory_format`.

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     et.tensor([0.0, 0.5, -2.0]).bool().tolist()
            [False, True, True]
        """
    def detach(self) -> Tensor:
        """The same value as a new leaf (sharing its storage) that backward does not pass
        through.
        """
    def fill_(self, value: _float) -> Self:
        """Fills this tensor with `value` (a number or a 0-d tensor), as `x[...] = value`, and
        returns it (torch's `fill_`; a tensor `value` gets the gradient).

        Args:
            value (number or Tensor): the value of every element.
        """
    def copy_(self, src: Any = None, non_blocking: _bool = False, other: Any = None) -> Self:
        """Copies `src` (broadcast to this tensor's shape, converted to its dtype) into this
        tensor, as `x[...] = src`, and returns it (torch's `copy_`; `src` gets the gradient).

        Args:
            src (Tensor, array or number): the values (torch's schema also names it `other`).
            non_blocking (bool): accepted (copies are synchronous). Default: ``False``.
        """
    def cpu(self, memory_format: Any | None = None) -> Tensor:
        """Returns this tensor on the CPU: itself (a CUDA tensor's values are read by `numpy()`,
        `tolist()`, `item()`; `sess.input(x)` of a CPU session copies it).

        Args:
            memory_format (torch.memory_format, optional): accepted; changes nothing.
        """
    def cuda(
        self,
        device: Any | None = None,
        non_blocking: _bool = False,
        memory_format: Any | None = None,
    ) -> Tensor:
        """Returns this tensor on CUDA device `device`: itself (a tensor lives on its session's
        device; another is a `DeviceError`).

        Args:
            device (torch.device, str or int, optional): the CUDA device. Default: ``None``.
            non_blocking (bool): accepted (copies are synchronous). Default: ``False``.
            memory_format (torch.memory_format, optional): accepted; changes nothing.
        """
    @overload
    def type(self, dtype: None = None, non_blocking: _bool = False) -> str:
        """torch's `type(dtype=None)`: with a dtype (or a legacy name, `"torch.DoubleTensor"`),
        `self.to(dtype)`; without, the legacy type name (`"torch.FloatTensor"`).

        Args:
            dtype (dtype or str, optional): the dtype to convert to. Default: ``None``.
            non_blocking (bool): accepted (copies are synchronous). Default: ``False``.
        """
    @overload
    def type(self, dtype: Any, non_blocking: _bool = False) -> Tensor:
        """torch's `type(dtype=None)`: with a dtype (or a legacy name, `"torch.DoubleTensor"`),
        `self.to(dtype)`; without, the legacy type name (`"torch.FloatTensor"`).

        Args:
            dtype (dtype or str, optional): the dtype to convert to. Default: ``None``.
            non_blocking (bool): accepted (copies are synchronous). Default: ``False``.
        """
    def type_as(self, other: Tensor) -> Tensor:
        """Returns this tensor converted to `other`'s dtype (`self.to(other.dtype)`).

        Args:
            other (Tensor): whose dtype to take.
        """
    def requires_grad_(self, requires_grad: _bool = True) -> Self:
        """Sets whether the ops recorded from this leaf from now on take gradients back to it
        (`t.grad` after a backward); returns the tensor. `GradError` for an op's result.

        Args:
            requires_grad (bool): the new flag. Default: ``True``.
        """
    @property
    def is_leaf(self) -> _bool:
        """Whether no recorded op that takes gradients made this tensor (torch's `is_leaf`)."""
    @property
    def is_cuda(self) -> _bool:
        """Whether this tensor is on a CUDA device (its session's)."""
    @property
    def is_cpu(self) -> _bool:
        """Whether this tensor is on the CPU (its session's device)."""
    @property
    def data(self) -> Tensor:
        """torch's `t.data`: the value without its graph (`detach()`)."""
    def new_tensor(
        self,
        data: ArrayLike | Any,
        dtype: DTypeName | DataDTypeName | Any | None = None,
        requires_grad: _bool = False,
    ) -> Tensor:
        """`x.new_tensor(data, dtype=None, requires_grad=False)`: `data` copied into a new leaf
        of this tensor's session, as `Session.input` copies it (torch's `Tensor.new_tensor`).
        """
    @property
    def T(self) -> Tensor:
        """`x.T`: the dims reversed (a transpose for a matrix)."""
    @property
    def mT(self) -> Tensor:
        """`x.mT`: the last two dims swapped (a batch of matrices transposed)."""
    @property
    def mH(self) -> Tensor:
        """`t.mH`: the conjugate transpose of the last two dims, which for real tensors is
        `t.mT`.
        """
    @property
    def H(self) -> Tensor:
        """`t.H`: the conjugate transpose of a matrix, which for real tensors is `t.T`; torch
        defines it for 2-D tensors only (and `t.mH` for batches).

        Raises:
            ShapeError: the tensor is not 2-D.
        """
    @property
    def ndim(self) -> _int:
        """The number of dims."""
    def dim(self) -> _int:
        """`dim()`: the number of dims (torch's method form of `ndim`)."""
    def size(self, dim: _int | None = None) -> tuple[_int, ...] | _int:
        """Returns the shape of this tensor, or the size of one of its dimensions.

        Args:
            dim (int, optional): the dimension whose size to return; negative counts from the
                end. Default: ``None`` (the whole shape, as a tuple).

        Returns:
            tuple of ints or int: the shape, or the size of dimension `dim`.

        Raises:
            ShapeError: `dim` is out of range (a 0-d tensor has no dimension to name).

        Examples:
            >>> import eagertape as et
            >>> with et.Session():
            ...     x = et.zeros(2, 3)
            ...     x.size(), x.size(-1)
            ((2, 3), 3)
        """
    def numel(self) -> _int:
        """The number of elements."""
    def stride(self, dim: _int | None = None) -> tuple[_int, ...] | _int:
        """Returns the stride of this tensor's storage: the elements to step over to move one
        index along each dim (torch's `stride()`; a view's are its base's, an expanded dim's 0).

        Args:
            dim (int, optional): the dim whose stride to return; negative counts from the end.
                Default: ``None`` (a tuple of every dim's).

        Returns:
            tuple of ints or int: the strides, or the stride of `dim`.

        Raises:
            IndexError: `dim` is out of range.
        """
    def storage_offset(self) -> _int:
        """Returns where this tensor starts in its storage, in elements (torch's
        `storage_offset()`: nonzero for a view such as `x[1:]`).
        """
    def is_contiguous(self, memory_format: Any = None) -> _bool:
        """Whether this tensor's elements lie in its storage in the order of `memory_format`,
        without gaps (torch's `is_contiguous`: a transpose or a strided slice is not).

        Args:
            memory_format (torch.memory_format, optional): ``torch.contiguous_format``
                (row-major; ``torch.preserve_format`` reads as it, as in torch),
                ``torch.channels_last`` (4-D) or ``torch.channels_last_3d`` (5-D). Default:
                ``torch.contiguous_format``.

        Raises:
            TypeError: `memory_format` is not a ``torch.memory_format``.
        """
    def dim_order(self, *, ambiguity_check: _bool = False) -> tuple[_int, ...]:
        """The dims from outermost to innermost in storage, as torch's `dim_order()` sorts them
        (by stride, largest first; a stride-0 dim keeps its place; `(0, 1, ..., n-1)` for a
        contiguous tensor).

        Args:
            ambiguity_check (bool): raise where more than one order fits the strides (equal
                strides, or a dim of size 1). Default: ``False``.

        Raises:
            RuntimeError: `ambiguity_check` and the order is not unique.
        """
    def element_size(self) -> _int:
        """The bytes of one element (`4` for float32, `8` for int64, `16` for an interval's two
        bounds).
        """
    @property
    def itemsize(self) -> _int:
        """The bytes of one element (torch's `itemsize`, `element_size()`'s property form)."""
    @property
    def nbytes(self) -> _int:
        """The bytes of the elements: `numel() * element_size()` (torch's `nbytes`)."""
    def nelement(self) -> _int:
        """The number of elements (torch's `nelement()`, an alias of `numel()`)."""
    def ndimension(self) -> _int:
        """The number of dims (torch's `ndimension()`, an alias of `dim()`)."""
    @property
    def layout(self) -> Any:
        """The memory layout: ``torch.strided`` (eagertape's tensors are dense)."""
    def has_names(self) -> _bool:
        """Whether this tensor has named dims: False (eagertape's dims are unnamed)."""
    def is_pinned(self, device: Any = None) -> _bool:
        """Whether this tensor is in pinned host memory: False (eagertape does not pin).

        Args:
            device (optional): accepted for torch compatibility (the device pinning would be
                for). Default: ``None``.
        """
    def is_shared(self) -> _bool:
        """Whether this tensor's storage is in shared memory: False."""
    def is_distributed(self) -> _bool:
        """Whether this tensor is distributed: False (torch's answer for every dense tensor)."""
    @property
    def is_sparse(self) -> _bool:
        """Whether this tensor is sparse (COO): False (eagertape's tensors are dense)."""
    @property
    def is_sparse_csr(self) -> _bool:
        """Whether this tensor is sparse CSR: False (eagertape's tensors are dense)."""
    @property
    def is_quantized(self) -> _bool:
        """Whether this tensor is quantized: False."""
    @property
    def is_nested(self) -> _bool:
        """Whether this tensor is a nested tensor: False."""
    @property
    def is_mkldnn(self) -> _bool:
        """Whether this tensor has the MKL-DNN layout: False."""
    @property
    def is_meta(self) -> _bool:
        """Whether this tensor is on the meta device: False (every value is computed)."""
    @property
    def is_mps(self) -> _bool:
        """Whether this tensor is on an Apple MPS device: False (CPU or CUDA only)."""
    @property
    def is_xla(self) -> _bool:
        """Whether this tensor is on an XLA device: False (CPU or CUDA only)."""
    @property
    def is_xpu(self) -> _bool:
        """Whether this tensor is on an Intel XPU: False (CPU or CUDA only)."""
    @property
    def is_ipu(self) -> _bool:
        """Whether this tensor is on a Graphcore IPU: False (CPU or CUDA only)."""
    @property
    def is_maia(self) -> _bool:
        """Whether this tensor is on a MAIA device: False (CPU or CUDA only)."""
    @property
    def is_mtia(self) -> _bool:
        """Whether this tensor is on an MTIA device: False (CPU or CUDA only)."""
    @property
    def is_vulkan(self) -> _bool:
        """Whether this tensor is on a Vulkan device: False (CPU or CUDA only)."""
    def __len__(self) -> _int: ...
    def __iter__(self) -> Iterator[Tensor]:
        """The rows along the first dim, as torch iterates; a 0-d tensor is not iterable."""
    def __format__(self, format_spec: str, /) -> str:
        """A 0-d tensor formats its number (f"{loss:.4f}"), as torch's do."""
    def __array__(
        self, dtype: npt.DTypeLike | None = None, copy: _bool | None = None
    ) -> npt.NDArray[Any]:
        """np.asarray(t): a new array of the values (copy=False cannot be honoured)."""
    @property
    def _op(self) -> str | None: ...
    def tolist(self) -> Any:
        """Returns the value as (nested) Python lists of numbers, as torch's `tolist()`: a 0-d
        tensor gives a number.

        Raises:
            DTypeError: the tensor is an interval: read its bounds with `bounds()`.
            CaptureError: called inside a captured step.
        """
    # --- indexing: integers, slices, None, ..., int64 arrays/tensors, _bool masks ---
    def __getitem__(self, key: Any, /) -> Tensor: ...
    def __setitem__(self, key: Any, value: Any, /) -> NoReturn:
        """Always a TypeError: tensors are immutable values on a tape (use et.where,
        masked_fill or index_put)."""
    # --- comparisons and logic: _bool tensors, no gradient ---
    def __eq__(self, other: object, /) -> Tensor: ...  # type: ignore[override]
    def __ne__(self, other: object, /) -> Tensor: ...  # type: ignore[override]
    def __lt__(self, other: Tensor | ArrayLike | _float, /) -> Tensor: ...
    def __le__(self, other: Tensor | ArrayLike | _float, /) -> Tensor: ...
    def __gt__(self, other: Tensor | ArrayLike | _float, /) -> Tensor: ...
    def __ge__(self, other: Tensor | ArrayLike | _float, /) -> Tensor: ...
    def __hash__(self) -> _int: ...
    def __and__(self, other: Tensor | ArrayLike, /) -> Tensor: ...
    def __rand__(self, other: Tensor | ArrayLike, /) -> Tensor: ...
    def __or__(self, other: Tensor | ArrayLike, /) -> Tensor: ...
    def __ror__(self, other: Tensor | ArrayLike, /) -> Tensor: ...
    def __xor__(self, other: Tensor | ArrayLike, /) -> Tensor: ...
    def __rxor__(self, other: Tensor | ArrayLike, /) -> Tensor: ...
    def __invert__(self) -> Tensor: ...
    def __lshift__(self, other: Tensor | ArrayLike | _int, /) -> Tensor: ...
    def __rlshift__(self, other: Tensor | ArrayLike | _int, /) -> Tensor: ...
    def __rshift__(self, other: Tensor | ArrayLike | _int, /) -> Tensor: ...
    def __rrshift__(self, other: Tensor | ArrayLike | _int, /) -> Tensor: ...
    def where(self, condition: Tensor | ArrayLike, other: Tensor | ArrayLike | _float) -> Tensor:
        """`t.where(condition, other)`: `eagertape.where(condition, t, other)`, torch's method
        form.

        Args:
            condition (Tensor): a bool tensor: where True, the result takes `t`'s element.
            other (Tensor or number): the elements where `condition` is False.

        Returns:
            Tensor: of the broadcast shape.
        """
    def __deepcopy__(self, memo: Any) -> Tensor:
        """`copy.deepcopy(t)`: a new leaf with a copy of the value and the same `requires_grad`,
        as torch's. Only a leaf can be deep-copied (torch's rule: a result of recorded ops
        would lose its graph).

        Args:
            memo (dict): `copy.deepcopy`'s memo (its bookkeeping; unused here).

        Raises:
            RuntimeError: the tensor is the result of an op that records gradients.
        """
    def __contains__(self, element: object, /) -> _bool:
        """Return key in self."""
    def __reversed__(self) -> Tensor:
        """`reversed(t)`: `t` flipped along its first dim (a 0-d tensor is itself), as torch's."""
    def index_put(
        self,
        indices: Sequence[Tensor | ArrayLike],
        values: Tensor | ArrayLike,
        accumulate: _bool = False,
    ) -> Tensor:
        """`x.index_put(indices, values, accumulate=False)`: a new tensor with `values` written
        at (or added to) the positions `indices` (a tuple of int64 or bool tensors/arrays).
        """
    def contiguous(self) -> Tensor:
        """torch's `contiguous()`: the tensor itself when it is laid out row-major (then
        `view` can merge any of its dims), else a row-major copy (gradient: the identity).
        """
    def split(
        self,
        split_size_or_sections: _int | list[_int] | None = None,
        dim: _int = 0,
        *,
        split_size: _int | None = None,
        split_sizes: list[_int] | None = None,
    ) -> tuple[Tensor, ...]:
        """Pieces of `split_size` along `dim` (the last may be smaller), or of the given sizes;
        torch's keyword names (`split_size=`, `split_sizes=`) too.
        """
    def backward(
        self,
        gradient: Tensor | ArrayLike | None = None,
        retain_graph: _bool | None = None,
        create_graph: _bool = False,
        inputs: Any = None,
    ) -> None:
        """torch's `loss.backward()`: add the gradient of this scalar into `p.grad` of every
        parameter it depends on (the current session's gradient store, until `zero_grad`).
        Without `retain_graph` the graph it ran through is freed (a second backward through
        it is a `GradError`, as in torch) while the tensors Python holds stay readable.
        `gradient`: the vector of a vector-Jacobian product for a non-scalar tensor
        (backward of `(self * gradient).sum()`).
        """
    def zero_(self) -> Tensor:
        """Fills this tensor with zeros, in place.

        As with torch's in-place methods, this tensor then reads the new value: the
        out-of-place result is recorded, and every Python `Tensor` naming this tensor names it.
        A tensor that shares its storage with another live tensor (a view of it, or the base it
        views) raises `ArgumentError` instead, recording nothing, where torch would change both.

        A tensor that requires grad still does afterwards, with a zero gradient through it
        (torch's `ZeroBackward`: recorded as `masked_fill` of every element); otherwise the
        zeros are a new constant (`new_zeros(self.shape)`).

        Returns:
            Tensor: this tensor.
        """
    def uniform_(self, from_: _float = 0.0, to: _float = 1.0, *, generator: None = None) -> Tensor:
        """Fills this tensor in place with numbers drawn from the continuous uniform
        distribution on ``[from_, to)``, and returns it (torch's ``uniform_``; torch's
        stubs also name the lower bound `from_`).

        The draws come from the session's generator (the same distribution as torch's, other
        values). A tensor that requires grad still does, with a zero gradient through it.

        Args:
            from_ (float): the lower bound. Default: ``0``.
            to (float): the upper bound. Default: ``1``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: this tensor.

        Raises:
            ArgumentError: ``from_ > to``, or a `generator` is given.
            DTypeError: an integer or bool tensor.
        """
    def normal_(self, mean: _float = 0.0, std: _float = 1.0, *, generator: None = None) -> Tensor:
        """Fills this tensor in place with draws of the normal distribution N(`mean`, `std`²),
        and returns it (torch's ``normal_``).

        The draws come from the session's generator (the same distribution as torch's, other
        values). A tensor that requires grad still does, with a zero gradient through it.

        Args:
            mean (float): the mean. Default: ``0``.
            std (float): the standard deviation. Default: ``1``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: this tensor.

        Raises:
            ArgumentError: ``std < 0``, or a `generator` is given.
            DTypeError: an integer or bool tensor.
        """
    def log_normal_(
        self, mean: _float = 1.0, std: _float = 2.0, *, generator: None = None
    ) -> Tensor:
        """Fills this tensor in place with draws of the log-normal distribution whose log has
        mean `mean` and standard deviation `std`, and returns it (torch's ``log_normal_``).

        Args:
            mean (float): the mean of the log. Default: ``1``.
            std (float): the standard deviation of the log. Default: ``2``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: this tensor.

        Raises:
            ArgumentError: ``std <= 0``, or a `generator` is given.
            DTypeError: an integer or bool tensor.
        """
    def cauchy_(
        self, median: _float = 0.0, sigma: _float = 1.0, *, generator: None = None
    ) -> Tensor:
        """Fills this tensor in place with draws of the Cauchy distribution of location
        `median` and scale `sigma`, and returns it (torch's ``cauchy_``).

        Args:
            median (float): the location. Default: ``0``.
            sigma (float): the scale. Default: ``1``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: this tensor.

        Raises:
            ArgumentError: ``sigma <= 0``, or a `generator` is given.
            DTypeError: an integer or bool tensor.
        """
    def exponential_(self, lambd: _float = 1.0, *, generator: None = None) -> Tensor:
        """Fills this tensor in place with draws of the exponential distribution of rate
        `lambd`, and returns it (torch's ``exponential_``).

        Args:
            lambd (float): the rate. Default: ``1``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: this tensor.

        Raises:
            ArgumentError: ``lambd <= 0``, or a `generator` is given.
            DTypeError: an integer or bool tensor.
        """
    def geometric_(self, p: _float, *, generator: None = None) -> Tensor:
        """Fills this tensor in place with draws of the geometric distribution of success
        probability `p` (the number of trials to the first success: 1, 2, ...), and returns
        it (torch's ``geometric_``).

        Args:
            p (float): the success probability, in ``(0, 1)``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: this tensor.

        Raises:
            ArgumentError: `p` outside ``(0, 1)``, or a `generator` is given.
            DTypeError: a bool tensor.
        """
    def bernoulli_(self, p: _float | Tensor | None = None, *, generator: None = None) -> Tensor:
        """Fills this tensor in place with Bernoulli draws (1 with probability `p`, else 0), and
        returns it (torch's ``bernoulli_``).

        `p` is one probability, or a tensor of them broadcast to this tensor's shape (drawn as
        `eagertape.bernoulli`). Integer and bool tensors take the draws too.

        Args:
            p (float or Tensor): the probability of a 1. Default: ``0.5``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: this tensor.

        Raises:
            ArgumentError: a probability outside ``[0, 1]``, or a `generator` is given.
        """
    def random_(
        self, from_: _int | None = None, to: _int | None = None, *, generator: None = None
    ) -> Tensor:
        """Fills this tensor in place with integers drawn uniformly from ``[from_, to)``, and
        returns it (torch's ``random_``).

        ``x.random_(to)`` draws from ``[0, to)``; with no `to`, up to the largest integer the
        dtype holds exactly (``2**24`` for float32, ``2**31 - 1`` for int32, as torch's).

        Args:
            from_ (int): the lower bound, or the upper one when it is the only argument.
                Default: ``0``.
            to (int, optional): the upper bound, excluded. Default: ``None``.
            generator: not supported (the session's generator draws); must be ``None``.

        Returns:
            Tensor: this tensor.

        Raises:
            ArgumentError: ``from_ >= to``, a bound past ``±2**53`` (eagertape's integer
                draws), an int64 tensor without `to` (torch's range reaches ``2**63``), or a
                `generator` is given.
        """
    def unfold(self, dimension: _int, size: _int, step: _int) -> Tensor:
        """Returns a view of the original tensor which contains all slices of size `size` from
        this tensor in the dimension `dimension`, `step` apart, as a new last dim (torch's
        `Tensor.unfold`; a copy here). The function `eagertape.unfold` is
        `nn.functional.unfold`, as torch's.

        Args:
            dimension (int): the dimension to take windows along.
            size (int): the size of each window.
            step (int): the step between windows.

        Returns:
            Tensor: the windows.
        """
    def detach_(self) -> Self:
        """Detaches this tensor from the graph that created it, making it a leaf, in place,
        and returns it (torch's `detach_`): it keeps its values and no longer requires grad.

        Returns:
            Tensor: this tensor.
        """
    def index_put_(self, indices: Any, values: Any, accumulate: _bool = False) -> Self:
        """In-place `index_put`: `values` written at (or, with `accumulate`, added to) the
        positions `indices` of this tensor, which it returns (torch's `index_put_`).

        Args:
            indices (tuple of Tensor): int64 or bool index tensors, one per leading dim.
            values (Tensor or number): the values, broadcast to the positions.
            accumulate (bool): add instead of write. Default: ``False``.

        Returns:
            Tensor: this tensor.
        """
    def new(self, *args: Any) -> Tensor:
        """torch's legacy constructor of a tensor of this tensor's dtype and session:
        ``x.new()`` is empty, ``x.new(2, 3)`` (sizes) is `new_empty`, ``x.new(data)`` is
        `new_tensor`. Prefer those.

        Args:
            *args: nothing, sizes, or the data.

        Returns:
            Tensor: a new leaf.
        """
    def retain_grad(self) -> None:
        """Enables this tensor to have its `grad` populated during `backward()`: an op's result
        that requires grad then keeps its gradient as a leaf does (a no-op for a leaf), as
        torch's `retain_grad`.

        Raises:
            GradError: this tensor does not require grad.
        """
    @property
    def retains_grad(self) -> _bool:
        """Whether this tensor is an op's result whose `grad` the next `backward()` keeps
        (`retain_grad()` was called); False for a leaf, as torch's.
        """
    @property
    def grad_fn(self) -> Any:
        """The backward node of this tensor, as torch's `grad_fn`: `None` for a leaf or a tensor
        that does not require grad, else an object naming the op that recorded it
        (`grad_fn.name()`: `"MulBackward"`).
        """
    def register_hook(self, hook: Callable[[Tensor], Tensor | None]) -> RemovableHandle:
        """Registers a backward hook on a Parameter, as torch's `register_hook`: each
        `loss.backward()` calls `hook(grad)` with this backward's gradient of the parameter
        (a tensor of the session, before it is added into `p.grad`); a returned tensor (of the
        parameter's shape and dtype) replaces it, `None` keeps it. Hooks run in the order
        registered, with the session free to use; one that raises leaves `p.grad` unchanged.

        Args:
            hook (callable): `hook(grad) -> Tensor or None`.

        Returns:
            RemovableHandle: `handle.remove()` removes the hook.

        Raises:
            UnsupportedOpError: a tensor that is not a Parameter (read an intermediate's
                gradient with `retain_grad()`).
            GradError: a parameter that does not require grad.
            TypeError: `hook` is not callable.
        """

    def _in_place(self, f: Any, *args: Any) -> Tensor: ...
    def __iadd__(self, other: _Operand, /) -> Tensor: ...
    def __isub__(self, other: _Operand, /) -> Tensor: ...
    def __imul__(self, other: _Operand, /) -> Tensor: ...
    def __itruediv__(self, other: _Operand, /) -> Tensor: ...
    def __ifloordiv__(self, other: _Operand, /) -> Tensor: ...
    def __imod__(self, other: _Operand, /) -> Tensor: ...
    def __ipow__(self, other: Tensor | _float | ArrayLike, modulo: None = None, /) -> Tensor: ...
    def __iand__(self, other: _Operand, /) -> Tensor: ...
    def __ior__(self, other: _Operand, /) -> Tensor: ...
    def __ixor__(self, other: _Operand, /) -> Tensor: ...
    def __ilshift__(self, other: _Operand, /) -> Tensor: ...
    def __irshift__(self, other: _Operand, /) -> Tensor: ...
    @property
    def grad(self) -> Tensor | None:
        """torch's `t.grad` of a tensor made with `requires_grad=True`: what `loss.backward()`
        added for it (until `t.grad = None` or the reset) as a tensor, or None. Its in-place
        methods write the gradient (`t.grad.zero_()`).
        """
    @grad.setter
    def grad(self, value: None) -> None:
        """torch's `t.grad` of a tensor made with `requires_grad=True`: what `loss.backward()`
        added for it (until `t.grad = None` or the reset) as a tensor, or None. Its in-place
        methods write the gradient (`t.grad.zero_()`).
        """

@final
class Parameter(Tensor):
    """A trainable value (torch's `nn.Parameter`): a stable id, a name, a version and a
    reference-counted current snapshot.

    `sess.use(p)` records a leaf holding the current snapshot; given to an op inside a
    session, `p` is read that way implicitly (one leaf per parameter until its value
    changes or a backward closes the graph). An update (an optimizer step, `p.copy_(t)`,
    `p.data = t`) publishes a new version: in place when no tape holds the snapshot, else
    as a copy, the tape keeping the value it read.

    Args:
        data: the initial value (a numpy array, a torch tensor, a list, or any DLPack
            producer); copied.
        requires_grad: whether leaves read from it take gradients (torch's second
            positional argument).
        name: an optional name (keyword-only).
        dtype: the storage dtype (default: the data's floating dtype).
        device: where the value lives.

    Examples:
        >>> import numpy as np, eagertape as et
        >>> p = et.Parameter(np.zeros((2, 3), np.float32), name="w")
        >>> p.shape, p.version, p.requires_grad
        ((2, 3), 0, True)
    """

    def __new__(
        cls,
        data: ArrayLike | Any,
        requires_grad: bool = True,
        *,
        name: str | None = None,
        dtype: DTypeName | Any | None = None,
        device: str | None = None,
    ) -> Self: ...
    @property
    def id(self) -> int:
        """The parameter's id (int): unique in the process, stable for its life; equality and
        hashing go by it.
        """
    @property
    def name(self) -> str | None:
        """The name given at construction (str), or None."""
    @property
    def version(self) -> int:
        """The number of updates the value has had (int): 0 at construction, + 1 for each
        successful in-place method, `assign` or optimizer step.
        """
    @property
    def requires_grad(self) -> bool:
        """Whether leaves read from this parameter take gradients (bool); settable."""
    @requires_grad.setter
    def requires_grad(self, on: bool) -> None:
        """Whether leaves read from this parameter take gradients (bool); settable."""
    def requires_grad_(self, requires_grad: bool = True) -> Parameter:
        """Sets whether leaves read from this parameter from now on take gradients, and
        returns the parameter.

        Leaves already recorded on a tape keep the flag they were recorded with.

        Args:
            requires_grad (bool): whether gradients are computed for this parameter.
                Default: ``True``.

        Returns:
            Parameter: this parameter.
        """
    @property
    def grad(self) -> Tensor | None:
        """torch's `p.grad`: this parameter's gradient in the current session's store (added
        by `loss.backward()`, released by `zero_grad()`) as a tensor of that session, or
        None. Its in-place methods write the store (`p.grad.mul_(s)`); a tensor read before
        a later backward keeps the value it read.
        """
    @grad.setter
    def grad(self, value: None) -> None:
        """torch's `p.grad`: this parameter's gradient in the current session's store (added
        by `loss.backward()`, released by `zero_grad()`) as a tensor of that session, or
        None. Its in-place methods write the store (`p.grad.mul_(s)`); a tensor read before
        a later backward keeps the value it read.
        """
    @property
    def data(self) -> Parameter:
        """torch's `p.data`: the parameter itself here (its in-place methods publish new
        snapshots; `p.data = t` assigns).
        """
    @data.setter
    def data(self, value: Any) -> None:
        """torch's `p.data`: the parameter itself here (its in-place methods publish new
        snapshots; `p.data = t` assigns).
        """
    def _to(self, dtype: Any = None, device: str | None = None) -> Parameter: ...
    def copy_(self, src: Any = None, non_blocking: bool = False, other: Any = None) -> Parameter:
        """Copies the elements of `src` into this parameter and returns it.

        `src` is converted to the parameter's dtype and device and broadcast to its shape;
        the result is published as the next version (in place when no tape holds the
        current snapshot, else as a new snapshot: tapes keep the value they recorded). No
        gradient flows: nothing is recorded on a tape.

        Args:
            src (Tensor, Parameter, array_like or number): the values to copy; a tensor may
                belong to any session.
            non_blocking (bool): accepted for PyTorch compatibility and ignored.
                Default: ``False``.

        Returns:
            Parameter: this parameter.

        Examples:
            >>> import numpy as np, eagertape as et
            >>> p = et.Parameter(np.zeros(3))
            >>> with et.Session(dtype="float64"):
            ...     p.copy_(et.tensor([1.0, 2.0, 3.0])).tolist()
            [1.0, 2.0, 3.0]
        """
    def zero_(self) -> Parameter:
        """Fills this parameter with zeros in place and returns it (a new version).

        Returns:
            Parameter: this parameter.
        """
    def fill_(self, value: float) -> Parameter:
        """Fills this parameter with `value` in place and returns it (a new version).

        Args:
            value (float): the value every element takes.

        Returns:
            Parameter: this parameter.
        """
    def mul_(self, other: Any) -> Parameter:
        """Multiplies this parameter by `other` in place and returns it (a new version).

        The result, rounded once, is published as the next version.

        Args:
            other (number, Tensor, Parameter or array_like): a number, or a value that
                broadcasts to the parameter's shape (converted to its dtype and device; a
                tensor may belong to any session).

        Returns:
            Parameter: this parameter.

        Examples:
            >>> import numpy as np, eagertape as et
            >>> p = et.Parameter(np.array([1.0, 2.0]))
            >>> with et.Session(dtype="float64"):
            ...     p.mul_(et.tensor([2.0, 2.0])).tolist()
            [2.0, 4.0]
        """
    def div_(self, other: Any) -> Parameter:  # type: ignore[override]
        """Divides this parameter by `other` in place and returns it (a new version).

        The result, rounded once, is published as the next version.

        Args:
            other (number, Tensor, Parameter or array_like): a number, or a value that
                broadcasts to the parameter's shape (converted to its dtype and device; a
                tensor may belong to any session).

        Returns:
            Parameter: this parameter.

        Examples:
            >>> import numpy as np, eagertape as et
            >>> p = et.Parameter(np.array([1.0, 2.0]))
            >>> with et.Session(dtype="float64"):
            ...     p.div_(et.tensor([2.0, 2.0])).tolist()
            [0.5, 1.0]
        """
    def add_(self, other: Any, *, alpha: float = 1.0) -> Parameter:  # type: ignore[override]
        """Adds `other`, scaled by `alpha`, to this parameter in place and returns it.

        The result, rounded once, is published as the next version.

        Args:
            other (number, Tensor, Parameter or array_like): a number, or a value that
                broadcasts to the parameter's shape (converted to its dtype and device; a
                tensor may belong to any session).
            alpha (float): the multiplier for `other`. Default: ``1``.

        Returns:
            Parameter: this parameter.

        Examples:
            >>> import numpy as np, eagertape as et
            >>> p = et.Parameter(np.array([1.0, 2.0]))
            >>> with et.Session(dtype="float64"):
            ...     p.add_(et.tensor([2.0, 2.0])).tolist()
            [3.0, 4.0]
        """
    def sub_(self, other: Any, *, alpha: float = 1.0) -> Parameter:  # type: ignore[override]
        """Subtracts `other`, scaled by `alpha`, from this parameter in place and returns it.

        The result, rounded once, is published as the next version.

        Args:
            other (number, Tensor, Parameter or array_like): a number, or a value that
                broadcasts to the parameter's shape (converted to its dtype and device; a
                tensor may belong to any session).
            alpha (float): the multiplier for `other`. Default: ``1``.

        Returns:
            Parameter: this parameter.

        Examples:
            >>> import numpy as np, eagertape as et
            >>> p = et.Parameter(np.array([1.0, 2.0]))
            >>> with et.Session(dtype="float64"):
            ...     p.sub_(et.tensor([2.0, 2.0])).tolist()
            [-1.0, 0.0]
        """
    def normal_(
        self, mean: float = 0.0, std: float = 1.0, *, generator: object = None
    ) -> Parameter:
        """In place: draws from N(mean, std²) from the process-wide generator
        (`et.manual_seed`).
        """
    def _trunc_normal_(self, mean: float, std: float, a: float, b: float) -> Parameter: ...
    def uniform_(
        self, from_: float = 0.0, to: float = 1.0, *, generator: object = None
    ) -> Parameter:
        """Fills this parameter in place with numbers drawn from the continuous uniform
        distribution U(`from_`, `to`), and returns it.

        The draws come from the process-wide generator (`eagertape.manual_seed`), in the
        parameter's dtype; the generator advances only when the fill succeeds. torch names
        the first bound `from`.

        Args:
            from_ (float): the lower bound. Default: ``0``.
            to (float): the upper bound. Default: ``1``.
            generator (None): accepted for PyTorch compatibility; only ``None`` is taken.

        Returns:
            Parameter: this parameter.

        Raises:
            ArgumentError: `from_ > to`, a bound is not finite, or a generator is given.
        """
    def __dlpack__(
        self,
        *,
        stream: Any | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> Any: ...
    def __dlpack_device__(self) -> tuple[int, int]: ...
    def numpy(self) -> np.ndarray:
        """Returns a copy of the current value as a numpy array (the caller's: writing to it
        never changes the parameter; `assign` does).

        Raises:
            DTypeError: the parameter is an interval: read its bounds with `bounds()`.
            CaptureError: called inside a captured step.
        """
    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Returns the lower and upper bounds of the current value, as two numpy arrays
        (copies): an interval parameter's bounds, any other parameter's value twice.

        Raises:
            CaptureError: called inside a captured step.
        """
    def assign(self, data: ArrayLike | Any) -> None:
        """Replaces the parameter's value with a copy of `data`, which must have its shape.

        `data` is converted to the parameter's dtype and device (no broadcasting) and
        published as the next version: in place when no tape holds the current snapshot,
        else as a new snapshot, the tapes keeping the value they recorded. Nothing is
        recorded on a tape.

        Args:
            data (array_like): the new value: a numpy array, a list, a number, a torch
                tensor or another DLPack producer, of the parameter's shape.

        Raises:
            ShapeError: `data` has another shape.

        Examples:
            >>> import numpy as np, eagertape as et
            >>> p = et.Parameter(np.zeros(2))
            >>> p.assign([1.0, 2.0])
            >>> with et.Session(dtype="float64"):
            ...     p.version, p.tolist()
            (1, [1.0, 2.0])
        """
    def __deepcopy__(self, memo: Any) -> Parameter:
        """`copy.deepcopy(p)` (`copy.deepcopy(model)`): a new Parameter of `p`'s class with a
        copy of the current value, its `requires_grad` and name (a tied parameter is copied
        once: `copy.deepcopy`'s memo).

        Args:
            memo (dict): `copy.deepcopy`'s memo (unused here).
        """
    def __hash__(self) -> int: ...

@final
class Buffer:
    """A gradient's storage: a shape and its values, released explicitly.

    `numpy()` copies the values out; `release()` frees them once (it returns `True`, then
    `False`); reading a released buffer raises `ReleasedBufferError`. Releasing never frees
    storage another holder still uses. `p.grad` in torch-style code is a `Buffer`.
    """

    @property
    def shape(self) -> tuple[int, ...]:
        """The gradient's shape (tuple of ints), its parameter's; kept after `release()`."""
    @property
    def numel(self) -> int:
        """Elements held (0 once released)."""
    @property
    def nbytes(self) -> int:
        """Bytes held (int): `numel` times the element size; 0 once released."""
    @property
    def dtype(self) -> DTypeName:
        """The dtype's name (str), e.g. `"float32"`."""
    @property
    def device(self) -> str:
        """The device the values live on (str): `"cpu"`, `"cuda"` or `"cuda:N"`."""
    @property
    def released(self) -> bool:
        """Whether the buffer has been released (bool); its values can no longer be read."""
    def release(self) -> bool:
        """Free this buffer's storage reference: True the first time, then False."""
    def __dlpack__(
        self,
        *,
        stream: Any | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> Any: ...
    def __dlpack_device__(self) -> tuple[int, int]: ...
    def numpy(self) -> np.ndarray:
        """Returns a copy of the gradient as a numpy array.

        Raises:
            ReleasedBufferError: the buffer has been released.
            DTypeError: the gradient is an interval: read its bounds with `bounds()`.
            CaptureError: called inside a captured step.
        """
    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Returns the lower and upper bounds of the gradient, as two numpy arrays (copies): an
        interval gradient's bounds, any other gradient's value twice.

        Raises:
            ReleasedBufferError: the buffer has been released.
            CaptureError: called inside a captured step.
        """
    def check_size(self, place: str) -> None:
        """Checks that the storage holds the `prod(shape)` elements the shape promises.

        Args:
            place (str): where the check is made, named in the error message.

        Raises:
            BufferSizeError: the storage holds another number of elements, or the buffer
                has been released.
        """

@final
class GradMap:
    """The gradients of one `sess.backward(loss)`: one `Buffer` per parameter the loss read
    (a parameter read several times gets the sum).

    `grads[p]` is `p`'s buffer; `len`, `in`, iteration and `items()` work as for a dict.
    Pass it to an optimizer (`opt.step(grads)`). As a context manager it releases every
    buffer on exit, also when the body raises; `release()` does it at once.

    Examples:
        >>> import numpy as np, eagertape as et
        >>> p = et.Parameter(np.array([1.0, 2.0]))
        >>> sess = et.Session(dtype="float64")
        >>> with sess.backward((sess.use(p) * 3.0).sum()) as grads:
        ...     grads[p].numpy().tolist()
        [3.0, 3.0]
    """

    def __len__(self) -> int: ...
    def __contains__(self, param: object, /) -> bool: ...
    def __getitem__(self, param: Parameter, /) -> Buffer: ...
    def __iter__(self) -> Iterator[Parameter]: ...
    def params(self) -> list[Parameter]:
        """The parameters that have a gradient, in the order they were first reached."""
    def keys(self) -> list[Parameter]:
        """Returns the parameters that have a gradient, in the order they were first reached
        (as `params()`).

        The list holds new `Parameter` objects for them, equal to (and hashing as) the
        originals, so they index this map.
        """
    def items(self) -> list[tuple[Parameter, Buffer]]:
        """`(parameter, buffer)` pairs."""
    def release(self) -> int:
        """Release every buffer (idempotent); returns how many were released by this call.
        Inside a captured step it is recorded (each replay releases them again) and
        returns 0.
        """
    def global_norm(self) -> float:
        """The 2-norm of all gradients taken together."""
    def is_finite(self) -> bool:
        """Whether every gradient element is finite."""
    def clip_norm_(self, max_norm: float, error_if_nonfinite: bool = True) -> float:
        """Scale the gradients in place so their global norm is at most `max_norm`
        (torch.nn.utils.clip_grad_norm_); returns the norm before clipping. A non-finite norm
        raises `NonFiniteError` unless `error_if_nonfinite=False`.

        Inside a captured step it is recorded (each replay clips again) and returns a
        placeholder that refuses to be read.
        """
    def __enter__(self) -> GradMap: ...
    def __exit__(self, *exc: object) -> None: ...

@disjoint_base
class Optimizer:
    """Base class of eagertape's optimizers (`SGD`, `Adam`, `AdamW`, `RMSprop` ... `Rprop`).

    A handle on a core optimizer in Rust; it cannot be instantiated itself. Every optimizer
    checks its whole input (shapes, dtypes, devices, released buffers, finite
    hyperparameters) before it changes any parameter, then updates every parameter in one
    call, in place where no live tape holds the parameter's snapshot. `step()` reads `p.grad`
    in the current session; `step(grads)` takes an `et.GradMap`. `LBFGS` is not a subclass.
    """

    @property
    def lr(self) -> float:
        """The learning rate (float) the next steps use; settable.

        Setting a value the optimizer refuses (negative or not finite) raises
        `ConfigError` and changes nothing. On an optimizer made from a list of parameters,
        `param_groups[0]["lr"]` reads and sets the same value.
        """
    @lr.setter
    def lr(self, lr: float) -> None:
        """The learning rate (float) the next steps use; settable.

        Setting a value the optimizer refuses (negative or not finite) raises
        `ConfigError` and changes nothing. On an optimizer made from a list of parameters,
        `param_groups[0]["lr"]` reads and sets the same value.
        """
    @property
    def params(self) -> list[Parameter]:
        """The parameters this optimizer updates."""
    def step(self, grads: GradMap | None = None) -> None:
        """Update every parameter that has a gradient in `grads` (everything validated first;
        parameters without a gradient are skipped). With no argument (torch's loop), the
        gradients are `p.grad`: the current session's store, which keeps them until
        `zero_grad()`; then at least one parameter must have one.
        """
    def zero_grad(self, set_to_none: bool = True) -> None:
        """torch's `zero_grad(set_to_none=True)` for this optimizer's parameters, in the
        current session's store.
        """
    def _state_dict(self) -> dict[str, Any]:
        """The core's own layout (state keyed by parameter id); ``eagertape.optim``'s
        classes add torch's ``state_dict()`` on top of it."""
    def _load_state_dict(self, state_dict: dict[str, Any]) -> None: ...
    def _hyper(self) -> dict[str, float]: ...
    def _set_hyper(self, values: list[tuple[str, float]]) -> None: ...

@disjoint_base
class LBFGS:
    """torch.optim.LBFGS."""

    def __new__(
        cls,
        params: Iterable[Parameter] | Any,
        lr: float = 1.0,
        max_iter: int = 20,
        max_eval: int | None = None,
        tolerance_grad: float = 1e-7,
        tolerance_change: float = 1e-9,
        history_size: int = 100,
        line_search_fn: str | None = None,
    ) -> Self: ...
    def step(self, closure: Any) -> Any:
        """One L-BFGS step: up to `max_iter` iterations, each evaluating `closure`; returns what
        its first evaluation returned (the loss), as torch's.
        """
    def zero_grad(self, set_to_none: bool = True) -> None:
        """torch's `zero_grad(set_to_none=True)` for its parameters, in the current session."""
    @property
    def params(self) -> list[Parameter]: ...
    @property
    def lr(self) -> float: ...
    @lr.setter
    def lr(self, lr: float) -> None: ...
    @property
    def _counts(self) -> tuple[int, int]: ...
    @property
    def _config(self) -> dict[str, Any]: ...
    def _configure(self, options: dict[str, Any]) -> None: ...
    def _state(self) -> dict[str, Any]: ...
    def _load_state(self, state: Any) -> None: ...

class _TorchOptimizer(Optimizer):
    """The core of every torch.optim class but L-BFGS: `eagertape.optim`'s classes bind torch's
    signature (declared once, `_OPTIMIZER_SIGNATURES`) into `hyper` (pairs as two names,
    flags 0 or 1) and make this core for their `kind`.
    """

    def __new__(
        cls,
        kind: str,
        params: Iterable[Parameter] | Any,
        hyper: list[tuple[str, float]],
        fused: bool = False,
    ) -> Self: ...

# The functions generated from the ops' declarations, with their parameters' names,
# annotations and declared defaults, and their results' annotations (see the `declared`
# block below).
_DECLARED: tuple[tuple[str, list[tuple[str, str, str | None]], str], ...]
_FACTORIES: tuple[tuple[str, list[tuple[str, str, str | None]], str], ...]
_FACTORY_METHODS: tuple[tuple[str, str], ...]
# The declared functions that are `Tensor` methods too.
_DECLARED_METHODS: tuple[str, ...]
# The in-place methods they declare, each with its function: ((method, function), ...).
_DECLARED_IN_PLACE: tuple[tuple[str, str], ...]
# The declared methods that take their sizes as `*args` or by keyword: ((method, keyword), ...).
_DECLARED_SIZED: tuple[tuple[str, str], ...]
# Every optimizer's torch signature after `params`: {kind: ((name, default, members), ...)}.
_OPTIMIZER_SIGNATURES: dict[str, tuple[tuple[str, Any, tuple[str, ...]], ...]]

# The unary family's names, in list order (the blocks below are generated from it).
_UNARY: tuple[str, ...]
_UNARY_INPLACE: tuple[str, ...]
_BINARY: tuple[str, ...]
_BINARY_INPLACE: tuple[str, ...]

# BEGIN generated: factories (tools/gen-stubs, from session/factory/declared.rs)
def zeros(
    *size: int | Sequence[int],
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Returns a tensor filled with the scalar value 0, with the shape given by `size`.

    The tensor belongs to the session (`eagertape.zeros`: the current one; `Session.zeros`:
    that one); a floating result is in the session's dtype unless `dtype` says otherwise.

    Args:
        size (int...): the shape, as separate ints or one list or tuple.
        dtype (eagertape.dtype, optional): the result's dtype (a name, an eagertape, torch
            or numpy dtype, or Python's `float`, `int`, `bool`). Default: ``None`` (the
            session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result (floating
            dtypes only). Default: ``False``.

    Returns:
        Tensor: a new tensor of the session.

    Raises:
        ShapeError: a negative or non-integer size.
        DeviceError: `device` is not the session's device.
        GradError: `requires_grad=True` with an integer or bool `dtype`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.zeros(2, 3).tolist()
        [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
    """

def ones(
    *size: int | Sequence[int],
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Returns a tensor filled with the scalar value 1, with the shape given by `size`.

    The tensor belongs to the session (`eagertape.ones`: the current one; `Session.ones`:
    that one); a floating result is in the session's dtype unless `dtype` says otherwise.

    Args:
        size (int...): the shape, as separate ints or one list or tuple.
        dtype (eagertape.dtype, optional): the result's dtype (as `zeros`'s).
            Default: ``None`` (the session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result (floating
            dtypes only). Default: ``False``.

    Returns:
        Tensor: a new tensor of the session.

    Raises:
        ShapeError: a negative or non-integer size.
        DeviceError: `device` is not the session's device.
        GradError: `requires_grad=True` with an integer or bool `dtype`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.ones((2,), dtype=et.int64).tolist()
        [1, 1]
    """

def empty(
    *size: int | Sequence[int],
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Returns a tensor with the shape given by `size`, as `torch.empty`.

    Unlike `torch.empty`, whose values are uninitialized, the values are zeros (the same as
    `zeros`).

    Args:
        size (int...): the shape, as separate ints or one list or tuple.
        dtype (eagertape.dtype, optional): the result's dtype (as `zeros`'s).
            Default: ``None`` (the session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result (floating
            dtypes only). Default: ``False``.

    Returns:
        Tensor: a new tensor of the session.

    Raises:
        DeviceError: `device` is not the session's device.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.empty(2, 3).shape)
        (2, 3)
    """

def full(
    size: int | Sequence[int],
    fill_value: float | int | bool,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Creates a tensor of size `size` filled with `fill_value`.

    As in torch, the dtype is inferred from `fill_value` when `dtype` is not given: `int64`
    for an int, `bool` for a bool, the session's dtype for a float.

    Args:
        size (sequence of int): the shape of the result.
        fill_value (Scalar): the value to fill the result with.
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (inferred
            from `fill_value`).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result (floating
            dtypes only). Default: ``False``.

    Returns:
        Tensor: a new tensor of the session.

    Raises:
        DeviceError: `device` is not the session's device.
        GradError: `requires_grad=True` with an integer or bool dtype.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.full((2, 2), 7).tolist(), et.full((2,), 1.5).tolist()
        ([[7, 7], [7, 7]], [1.5, 1.5])
    """

def eye(
    n: int,
    m: int | None = None,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Returns a 2-D tensor with ones on the diagonal and zeros elsewhere.

    Args:
        n (int): the number of rows.
        m (int, optional): the number of columns. Default: ``None`` (`n`).
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result (floating
            dtypes only). Default: ``False``.

    Returns:
        Tensor: a new `(n, m)` tensor of the session.

    Raises:
        ShapeError: a negative `n` or `m`.
        DeviceError: `device` is not the session's device.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.eye(2, 3).tolist()
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    """

def hann_window(
    window_length: int,
    periodic: bool | None = None,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Hann window function.

    LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).

    Args:
        window_length (int): the window's size.
        periodic (bool, optional): the periodic window (for spectral analysis), else the
            symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result.
            Default: ``False``.

    Returns:
        Tensor: a new 1-D tensor of the session.

    Raises:
        ArgumentError: a negative `window_length`.
    """

def hamming_window(
    window_length: int,
    periodic: bool | None = None,
    alpha: float | None = None,
    beta: float | None = None,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Hamming window function: ``alpha - beta cos(2 pi n / N)``.

    LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).

    Args:
        window_length (int): the window's size.
        periodic (bool, optional): the periodic window (for spectral analysis), else the
            symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
        alpha (float, optional): the coefficient alpha. Default: ``None`` (0.54).
        beta (float, optional): the coefficient beta. Default: ``None`` (0.46).
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result.
            Default: ``False``.

    Returns:
        Tensor: a new 1-D tensor of the session.

    Raises:
        ArgumentError: a negative `window_length`.
    """

def blackman_window(
    window_length: int,
    periodic: bool | None = None,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Blackman window function.

    LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).

    Args:
        window_length (int): the window's size.
        periodic (bool, optional): the periodic window (for spectral analysis), else the
            symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result.
            Default: ``False``.

    Returns:
        Tensor: a new 1-D tensor of the session.

    Raises:
        ArgumentError: a negative `window_length`.
    """

def bartlett_window(
    window_length: int,
    periodic: bool | None = None,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Bartlett window function (triangular).

    LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).

    Args:
        window_length (int): the window's size.
        periodic (bool, optional): the periodic window (for spectral analysis), else the
            symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result.
            Default: ``False``.

    Returns:
        Tensor: a new 1-D tensor of the session.

    Raises:
        ArgumentError: a negative `window_length`.
    """

def kaiser_window(
    window_length: int,
    periodic: bool | None = None,
    beta: float | None = None,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Computes the Kaiser window with window length `window_length` and shape parameter `beta`.

    LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).

    Args:
        window_length (int): the window's size.
        periodic (bool, optional): the periodic window (for spectral analysis), else the
            symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
        beta (float, optional): the shape parameter. Default: ``None`` (12.0).
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result.
            Default: ``False``.

    Returns:
        Tensor: a new 1-D tensor of the session.

    Raises:
        ArgumentError: a negative `window_length`.
    """

def logspace(
    start: float,
    end: float,
    steps: int,
    base: float | None = None,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Creates a one-dimensional tensor of size `steps` whose values are evenly spaced
    from ``base ** start`` to ``base ** end``, inclusive, on a logarithmic scale.

    Args:
        start (float): the starting exponent.
        end (float): the ending exponent.
        steps (int): the number of values.
        base (float, optional): the base. Default: ``None`` (10.0).
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result.
            Default: ``False``.

    Returns:
        Tensor: a new 1-D tensor of the session.

    Raises:
        ArgumentError: a negative `steps`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(dtype="float64"):
        ...     et.logspace(0, 2, 3).tolist()
        [1.0, 10.0, 100.0]
    """

def tril_indices(
    row: int,
    col: int,
    offset: int | None = None,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Returns the indices of the lower triangular part of a `row`-by-`col` matrix in a
    2-by-N tensor (the row indices, then the column indices), `offset` diagonals up.

    Args:
        row (int): the number of rows.
        col (int): the number of columns.
        offset (int, optional): the diagonal. Default: ``None`` (0).
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``
            (int64).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): must be ``False`` for an integer dtype. Default:
            ``False``.

    Returns:
        Tensor: `(2, N)` indices.

    Raises:
        ArgumentError: a negative `row` or `col`.
    """

def triu_indices(
    row: int,
    col: int,
    offset: int | None = None,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Returns the indices of the upper triangular part of a `row`-by-`col` matrix in a
    2-by-N tensor (the row indices, then the column indices), `offset` diagonals up.

    Args:
        row (int): the number of rows.
        col (int): the number of columns.
        offset (int, optional): the diagonal. Default: ``None`` (0).
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``
            (int64).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): must be ``False`` for an integer dtype. Default:
            ``False``.

    Returns:
        Tensor: `(2, N)` indices.

    Raises:
        ArgumentError: a negative `row` or `col`.
    """

def arange(
    start: float | int | bool,
    end: float | int | bool | None = None,
    step: float | int | bool | None = None,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Returns a 1-D tensor of values from the interval ``[start, end)`` taken with common
    difference `step` beginning from `start`.

    As `torch.arange`, `arange(end)` starts at 0 with step 1. The result is `int64` when every
    argument is an int, else in the session's dtype, unless `dtype` says otherwise.

    Args:
        start (Number): the starting value (or, with `end` left out, the end value).
        end (Number, optional): the ending value, excluded. Default: ``None``.
        step (Number, optional): the gap between each pair of adjacent values.
            Default: ``None`` (1).
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``.
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result (floating
            dtypes only). Default: ``False``.

    Returns:
        Tensor: a new 1-D tensor of the session.

    Raises:
        ArgumentError: a zero step, an infinite bound, or a step of the wrong sign.
        DeviceError: `device` is not the session's device.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.arange(4).tolist(), et.arange(1, 2, 0.25).tolist()
        ([0, 1, 2, 3], [1.0, 1.25, 1.5, 1.75])
    """

def linspace(
    start: float,
    end: float,
    steps: int,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
) -> Tensor:
    """Creates a 1-D tensor of size `steps` whose values are evenly spaced from `start` to
    `end`, inclusive.

    The values are torch's: its kernel's ``start + i * step`` in the first half and
    ``end - (steps - 1 - i) * step`` in the second, in the result's dtype (LibTorch's own
    kernel in a LibTorch session; an integer dtype truncates).

    Args:
        start (float): the starting value.
        end (float): the ending value.
        steps (int): the number of values (0 gives an empty tensor, 1 gives `[start]`).
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result.
            Default: ``False``.

    Returns:
        Tensor: a new 1-D tensor of the session.

    Raises:
        ArgumentError: `steps` is negative, or an end is infinite.
        DeviceError: `device` is not the session's device.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.linspace(0, 1, 5).tolist()
        [0.0, 0.25, 0.5, 0.75, 1.0]
    """

def rand(
    *size: int | Sequence[int],
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
    generator: None = None,
) -> Tensor:
    """Returns a tensor filled with random numbers from a uniform distribution on the
    interval ``[0, 1)``, with the shape given by `size`.

    The numbers are drawn from the session's generator (seeded by its `Config.seed`;
    counter-based: the values depend on the seed and the position `rng_state()` reports,
    which the call advances) in the session's dtype, then converted to `dtype` if that
    differs.

    Args:
        size (int...): the shape, as separate ints or one list or tuple.
        dtype (eagertape.dtype, optional): the result's dtype, a floating one.
            Default: ``None`` (the session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result.
            Default: ``False``.
        generator: not supported (the session's generator draws); must be ``None``.

    Returns:
        Tensor: a new tensor of the session.

    Raises:
        ArgumentError: a `generator` is given.
        DTypeError: an integer or bool `dtype`.
        ShapeError: a negative or non-integer size.
        DeviceError: `device` is not the session's device.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(seed=0):
        ...     x = et.rand(2, 3)
        ...     tuple(x.shape), bool(((x >= 0) & (x < 1)).all())
        ((2, 3), True)
    """

def randint(
    low: int,
    high: int | Sequence[int],
    size: int | Sequence[int] | None = None,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
    generator: None = None,
) -> Tensor:
    """Returns a tensor filled with random integers generated uniformly between `low`
    (inclusive) and `high` (exclusive).

    As `torch.randint`, `randint(high, size)` takes `low = 0`. The integers are drawn from
    the session's generator (one 53-bit draw each); the result is `int64` unless `dtype`
    says otherwise.

    Args:
        low (int): the lowest integer drawn (or, as `randint(high, size)`, `high`).
        high (int): one above the highest integer drawn (or the size).
        size (tuple of ints): the shape of the result. Default: ``None``.
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``
            (`int64`).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result
            (floating dtypes only). Default: ``False``.
        generator: not supported (the session's generator draws); must be ``None``.

    Returns:
        Tensor: a new tensor of the session.

    Raises:
        ArgumentError: `low >= high`, an end beyond ±2^53, no size, or a `generator`.
        DeviceError: `device` is not the session's device.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(seed=0):
        ...     x = et.randint(3, 5, (4,))
        ...     x.dtype, all(v in (3, 4) for v in x.tolist())
        ('int64', True)
    """

def randperm(
    n: int,
    *,
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
    generator: None = None,
) -> Tensor:
    """Returns a random permutation of integers from ``0`` to ``n - 1``.

    The permutation is a Fisher-Yates shuffle on the session's generator; the result is
    `int64` unless `dtype` says otherwise.

    Args:
        n (int): the upper bound (exclusive); a non-negative int.
        dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``
            (`int64`).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result
            (floating dtypes only). Default: ``False``.
        generator: not supported (the session's generator draws); must be ``None``.

    Returns:
        Tensor: a new 1-D tensor of the session.

    Raises:
        ArgumentError: `n` is negative or above 2^53, or a `generator` is given.
        OutOfMemoryError: the host cannot hold the permutation.
        DeviceError: `device` is not the session's device.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(seed=0):
        ...     sorted(et.randperm(4).tolist())
        [0, 1, 2, 3]
    """

def randn(
    *size: int | Sequence[int],
    dtype: str | Any | None = None,
    device: str | Any | None = None,
    requires_grad: bool = False,
    generator: None = None,
) -> Tensor:
    """Returns a tensor filled with random numbers from a normal distribution with mean 0 and
    variance 1, with the shape given by `size`.

    As `rand`: drawn from the session's generator in the session's dtype (the call
    advances it), then converted to `dtype` if that differs.

    Args:
        size (int...): the shape, as separate ints or one list or tuple.
        dtype (eagertape.dtype, optional): the result's dtype, a floating one.
            Default: ``None`` (the session's dtype).
        device (str or torch.device, optional): checked against the session's device.
            Default: ``None``.
        requires_grad (bool): whether backward computes a gradient for the result.
            Default: ``False``.
        generator: not supported (the session's generator draws); must be ``None``.

    Returns:
        Tensor: a new tensor of the session.

    Raises:
        ArgumentError: a `generator` is given.
        DTypeError: an integer or bool `dtype`.
        ShapeError: a negative or non-integer size.
        DeviceError: `device` is not the session's device.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(seed=0):
        ...     tuple(et.randn(4, 2).shape)
        (4, 2)
    """

# END generated: factories

# BEGIN generated: unary (tools/gen-stubs, from src/ops/unary.rs's list)
def abs(input: Tensor) -> Tensor:
    """Returns a new tensor with the absolute value of each element, `|x|`, as `torch.abs`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def absolute(input: Tensor) -> Tensor:
    """Returns a new tensor with the absolute value of each element, `|x|`, as `torch.absolute`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def acos(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse cosine of each element, as `torch.acos`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def acosh(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse hyperbolic cosine of each element, as `torch.acosh`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def arccos(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse cosine of each element, as `torch.arccos`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def arccosh(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse hyperbolic cosine of each element, as `torch.arccosh`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def arcsin(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse sine of each element, as `torch.arcsin`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def arcsinh(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse hyperbolic sine of each element, as `torch.arcsinh`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def arctan(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse tangent of each element, as `torch.arctan`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def arctanh(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse hyperbolic tangent of each element, as `torch.arctanh`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def asin(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse sine of each element, as `torch.asin`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def asinh(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse hyperbolic sine of each element, as `torch.asinh`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def atan(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse tangent of each element, as `torch.atan`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def atanh(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse hyperbolic tangent of each element, as `torch.atanh`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def ceil(input: Tensor) -> Tensor:
    """Returns a new tensor with the smallest integer not less than each element (its gradient is zero), as `torch.ceil`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def cos(input: Tensor) -> Tensor:
    """Returns a new tensor with the cosine of each element (radians), as `torch.cos`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def cosh(input: Tensor) -> Tensor:
    """Returns a new tensor with the hyperbolic cosine of each element, as `torch.cosh`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def deg2rad(input: Tensor) -> Tensor:
    """Returns a new tensor with each element converted from degrees to radians, as `torch.deg2rad`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def digamma(input: Tensor) -> Tensor:
    """Returns a new tensor with the digamma function (the derivative of `lgamma`) of each element, as `torch.digamma`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def erf(input: Tensor) -> Tensor:
    """Returns a new tensor with the error function of each element, as `torch.erf`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def erfc(input: Tensor) -> Tensor:
    """Returns a new tensor with the complementary error function of each element, `1 - erf(x)`, as `torch.erfc`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def erfinv(input: Tensor) -> Tensor:
    """Returns a new tensor with the inverse error function of each element (defined on `(-1, 1)`), as `torch.erfinv`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def exp(input: Tensor) -> Tensor:
    """Returns a new tensor with the exponential of each element, `e^x`, as `torch.exp`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def exp2(input: Tensor) -> Tensor:
    """Returns a new tensor with two to the power of each element, `2^x`, as `torch.exp2`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def expm1(input: Tensor) -> Tensor:
    """Returns a new tensor with the exponential of each element minus one, `e^x - 1`, accurate for small `x`, as `torch.expm1`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def fix(input: Tensor) -> Tensor:
    """Returns a new tensor with the integer part of each element, rounded toward zero (its gradient is zero), as `torch.fix`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def floor(input: Tensor) -> Tensor:
    """Returns a new tensor with the largest integer not greater than each element (its gradient is zero), as `torch.floor`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def frac(input: Tensor) -> Tensor:
    """Returns a new tensor with the fractional part of each element, `x - trunc(x)`, as `torch.frac`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def hardsigmoid(input: Tensor) -> Tensor:
    """Returns a new tensor with the hard sigmoid of each element, `relu6(x + 3) / 6`, as `torch.hardsigmoid`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def hardswish(input: Tensor) -> Tensor:
    """Returns a new tensor with the hard swish of each element, `x * relu6(x + 3) / 6`, as `torch.hardswish`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def i0(input: Tensor) -> Tensor:
    """Returns a new tensor with the modified Bessel function of the first kind, order 0, of each element, as `torch.i0`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def lgamma(input: Tensor) -> Tensor:
    """Returns a new tensor with the natural logarithm of the absolute value of the gamma function of each element, as `torch.lgamma`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def log(input: Tensor) -> Tensor:
    """Returns a new tensor with the natural logarithm of each element, `ln(x)`, as `torch.log`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def log1p(input: Tensor) -> Tensor:
    """Returns a new tensor with the natural logarithm of one plus each element, `ln(1 + x)`, accurate for small `x`, as `torch.log1p`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def log2(input: Tensor) -> Tensor:
    """Returns a new tensor with the base-2 logarithm of each element, as `torch.log2`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def log10(input: Tensor) -> Tensor:
    """Returns a new tensor with the base-10 logarithm of each element, as `torch.log10`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def logsigmoid(input: Tensor) -> Tensor:
    """Returns a new tensor with the logarithm of the sigmoid of each element, `-softplus(-x)`, computed stably, as `torch.logsigmoid`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def mish(input: Tensor) -> Tensor:
    """Returns a new tensor with the Mish activation of each element, `x * tanh(softplus(x))`, as `torch.mish`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def neg(input: Tensor) -> Tensor:
    """Returns a new tensor with the negative of each element, `-x`, as `torch.neg`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def negative(input: Tensor) -> Tensor:
    """Returns a new tensor with the negative of each element, `-x`, as `torch.negative`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def rad2deg(input: Tensor) -> Tensor:
    """Returns a new tensor with each element converted from radians to degrees, as `torch.rad2deg`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def reciprocal(input: Tensor) -> Tensor:
    """Returns a new tensor with the reciprocal of each element, `1 / x`, as `torch.reciprocal`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def relu(input: Tensor) -> Tensor:
    """Returns a new tensor with the rectified linear unit of each element, `max(x, 0)`, as `torch.relu`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def rsqrt(input: Tensor) -> Tensor:
    """Returns a new tensor with the reciprocal of the square root of each element, `1 / sqrt(x)`, as `torch.rsqrt`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def sgn(input: Tensor) -> Tensor:
    """Returns a new tensor with the sign of each element: -1, 0 or 1 (its gradient is zero), as `torch.sgn`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def sigmoid(input: Tensor) -> Tensor:
    """Returns a new tensor with the logistic sigmoid of each element, `1 / (1 + e^-x)`, as `torch.sigmoid`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def sign(input: Tensor) -> Tensor:
    """Returns a new tensor with the sign of each element: -1, 0 or 1 (its gradient is zero), as `torch.sign`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def silu(input: Tensor) -> Tensor:
    """Returns a new tensor with the sigmoid linear unit of each element, `x * sigmoid(x)`, as `torch.silu`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def sin(input: Tensor) -> Tensor:
    """Returns a new tensor with the sine of each element (radians), as `torch.sin`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def sinc(input: Tensor) -> Tensor:
    """Returns a new tensor with the normalized sinc of each element, `sin(pi x) / (pi x)` (1 at 0), as `torch.sinc`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def sinh(input: Tensor) -> Tensor:
    """Returns a new tensor with the hyperbolic sine of each element, as `torch.sinh`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def sqrt(input: Tensor) -> Tensor:
    """Returns a new tensor with the square root of each element, as `torch.sqrt`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def square(input: Tensor) -> Tensor:
    """Returns a new tensor with the square of each element, `x * x`, as `torch.square`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def tan(input: Tensor) -> Tensor:
    """Returns a new tensor with the tangent of each element (radians), as `torch.tan`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def tanh(input: Tensor) -> Tensor:
    """Returns a new tensor with the hyperbolic tangent of each element, as `torch.tanh`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

def trunc(input: Tensor) -> Tensor:
    """Returns a new tensor with the integer part of each element, rounded toward zero (its gradient is zero), as `torch.trunc`.

    Records one node on the tape of `input`'s session; the gradient flows back
    to `input`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a new tensor of `input`'s shape and dtype.

    Raises:
        StaleHandleError: `input` belongs to a tape generation that was reset.
    """

# END generated: unary
# BEGIN generated: binary (tools/gen-stubs, from src/ops/binary.rs's list)
def arctan2(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the arctangent of `input / other` in the quadrant of the point `(other, input)`, elementwise, as `torch.arctan2`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def atan2(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the arctangent of `input / other` in the quadrant of the point `(other, input)`, elementwise, as `torch.atan2`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def bitwise_and(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the bitwise AND of `input` and `other` (integer or bool tensors), elementwise, as `torch.bitwise_and`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def bitwise_left_shift(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with `input` shifted left by `other` bits (integer tensors; `input << other`), elementwise, as `torch.bitwise_left_shift`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def bitwise_or(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the bitwise OR of `input` and `other` (integer or bool tensors), elementwise, as `torch.bitwise_or`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def bitwise_right_shift(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with `input` shifted right by `other` bits, arithmetically (integer tensors; `input >> other`), elementwise, as `torch.bitwise_right_shift`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def bitwise_xor(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the bitwise XOR of `input` and `other` (integer or bool tensors), elementwise, as `torch.bitwise_xor`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def copysign(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the magnitude of `input` with the sign of `other` (a signed zero's too; `other` gets no gradient), elementwise, as `torch.copysign`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def floor_divide(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with `input` divided by `other`, rounded down (`input // other`; its gradient is zero), elementwise, as `torch.floor_divide`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def fmax(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the larger of `input` and `other`, a NaN ignored (NaN only where both are; a tie's gradient goes to `input`), elementwise, as `torch.fmax`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def fmin(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the smaller of `input` and `other`, a NaN ignored (NaN only where both are; a tie's gradient goes to `input`), elementwise, as `torch.fmin`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def fmod(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the remainder of `input` divided by `other`, with the sign of `input` (C's `fmod`), elementwise, as `torch.fmod`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def gcd(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the greatest common divisor of `input` and `other` (integer tensors; non-negative), elementwise, as `torch.gcd`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def hypot(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the hypotenuse `sqrt(input**2 + other**2)`, without intermediate overflow, elementwise, as `torch.hypot`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def lcm(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the least common multiple of `input` and `other` (integer tensors; non-negative), elementwise, as `torch.lcm`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def logaddexp(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with `log(exp(input) + exp(other))`, computed stably, elementwise, as `torch.logaddexp`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def logaddexp2(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with `log2(2**input + 2**other)`, computed stably, elementwise, as `torch.logaddexp2`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def maximum(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the larger of `input` and `other` (two tensors, as torch's: for a number use `clamp`; a tie splits the gradient), elementwise, as `torch.maximum`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def minimum(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the smaller of `input` and `other` (two tensors, as torch's: for a number use `clamp`; a tie splits the gradient), elementwise, as `torch.minimum`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def mul(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the product of `input` and `other`, elementwise, as `torch.mul`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def multiply(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the product of `input` and `other`, elementwise, as `torch.multiply`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def pow(input: Tensor | float, exponent: Tensor | float) -> Tensor:
    """Returns a new tensor with `input` raised to the power `exponent`, elementwise, as `torch.pow`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        exponent (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def remainder(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with the remainder of `input` divided by `other`, with the sign of `other` (Python's `%`), elementwise, as `torch.remainder`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

def xlogy(input: Tensor | float, other: Tensor | float) -> Tensor:
    """Returns a new tensor with `input * log(other)`, 0 where `input` is 0 (unless `other` is NaN), elementwise, as `torch.xlogy`.

    The operands broadcast; where the function takes a number, either may be one (a
    constant of the tensor's dtype, as torch's wrapped number). Records one node on the
    tape of the tensors' session;
    the gradient flows back to each tensor operand, as torch's.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the second operand.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ShapeError: the shapes do not broadcast.
        DTypeError: a tensor operand holds integer or bool data.
    """

# END generated: binary

# BEGIN generated: declared (tools/gen-stubs, from the ops' `functions!` declarations)
def sum(input: Tensor, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Tensor:
    """Returns the sum of all elements of `input`, or of each row in the dimension(s) `dim`.

    Integer and bool data sum to int64, as in torch (no gradient); floating-point input keeps
    its dtype. torch's `dtype=` keyword is not accepted.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints, optional): the dimension(s) to reduce.
            Default: ``None`` (all dimensions).
        keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            Default: ``False``.

    Returns:
        Tensor: the sums.

    Raises:
        et.ShapeError: if a dimension is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     et.sum(x).item(), et.sum(x, dim=1).tolist()
        (10.0, [3.0, 7.0])
    """

def mean(input: Tensor, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Tensor:
    """Returns the mean of all elements of `input`, or of each row in the dimension(s) `dim`.

    Floating-point input only, as in torch.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints, optional): the dimension(s) to reduce.
            Default: ``None`` (all dimensions).
        keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            Default: ``False``.

    Returns:
        Tensor: the means.

    Raises:
        et.DTypeError: if `input` holds integer or bool data.
        et.ShapeError: if a dimension is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     et.mean(x).item(), et.mean(x, dim=0).tolist()
        (2.5, [2.0, 3.0])
    """

def amax(input: Tensor, dim: int | Sequence[int] | None = (), keepdim: bool = False) -> Tensor:
    """Returns the maximum value of each slice of `input` in the given dimension(s) `dim`.

    Unlike `eagertape.max`, no indices, and the gradient is split evenly between equal
    maxima, as in torch. Integer data is accepted (its result has no gradient).

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints): the dimension(s) to reduce. Default: ``()`` (all
            dimensions).
        keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            Default: ``False``.

    Returns:
        Tensor: the maxima.

    Raises:
        et.ShapeError: if a dimension is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
        ...     et.amax(x).item(), et.amax(x, 0).tolist()
        (7.0, [7.0, 5.0])
    """

def amin(input: Tensor, dim: int | Sequence[int] | None = (), keepdim: bool = False) -> Tensor:
    """Returns the minimum value of each slice of `input` in the given dimension(s) `dim`.

    Unlike `eagertape.min`, no indices, and the gradient is split evenly between equal
    minima, as in torch. Integer data is accepted (its result has no gradient).

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints): the dimension(s) to reduce. Default: ``()`` (all
            dimensions).
        keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            Default: ``False``.

    Returns:
        Tensor: the minima.

    Raises:
        et.ShapeError: if a dimension is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
        ...     et.amin(x).item(), et.amin(x, 0).tolist()
        (1.0, [1.0, 2.0])
    """

def prod(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:
    """Returns the product of all elements in the `input` tensor, or of each row in dimension `dim`.

    Zeros are handled exactly in the gradient. Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        dim (int, optional): the dimension to reduce. Default: ``None`` (all elements).
        keepdim (bool): whether the output keeps `dim` with size 1. Default: ``False``.

    Returns:
        Tensor: the products.

    Raises:
        et.DTypeError: if `input` holds integer or bool data.
        et.ShapeError: if `dim` is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     et.prod(x).item(), et.prod(x, 1).tolist()
        (24.0, [2.0, 12.0])
    """

def var(
    input: Tensor,
    dim: int | Sequence[int] | bool | None = None,
    unbiased: bool | None = None,
    keepdim: bool = False,
    *,
    correction: float | None = None,
) -> Tensor:
    """Calculates the variance over the dimensions specified by `dim`.

    The sum of squared deviations is divided by `max(0, N - correction)`, where `N` is the
    number of elements reduced. As in torch, `var(input, True)` (a bool second argument)
    is the legacy `unbiased` overload over all elements. Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints, optional): the dimension(s) to reduce.
            Default: ``None`` (all dimensions).
        unbiased (bool, optional): torch's legacy spelling of the correction: ``True`` is
            ``correction=1``, ``False`` is ``correction=0``. Default: ``None``.
        keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            Default: ``False``.
        correction (float, optional): the difference between the sample size and the
            degrees of freedom (Bessel's correction). Default: ``None`` (1).

    Returns:
        Tensor: the variances.

    Raises:
        et.ArgumentError: if both `unbiased` and `correction` are given.
        et.DTypeError: if `input` holds integer or bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 3.0], [2.0, 6.0]])
        ...     et.var(x, 1).tolist(), et.var(x, 1, correction=0).tolist()
        ([2.0, 8.0], [1.0, 4.0])
    """

def std(
    input: Tensor,
    dim: int | Sequence[int] | bool | None = None,
    unbiased: bool | None = None,
    keepdim: bool = False,
    *,
    correction: float | None = None,
) -> Tensor:
    """Calculates the standard deviation over the dimensions specified by `dim`.

    The square root of `eagertape.var` with the same arguments: the sum of squared
    deviations is divided by `max(0, N - correction)`. As in torch, `std(input, True)` is the
    legacy `unbiased` overload over all elements. Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints, optional): the dimension(s) to reduce.
            Default: ``None`` (all dimensions).
        unbiased (bool, optional): torch's legacy spelling of the correction: ``True`` is
            ``correction=1``, ``False`` is ``correction=0``. Default: ``None``.
        keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            Default: ``False``.
        correction (float, optional): the difference between the sample size and the
            degrees of freedom (Bessel's correction). Default: ``None`` (1).

    Returns:
        Tensor: the standard deviations.

    Raises:
        et.ArgumentError: if both `unbiased` and `correction` are given.
        et.DTypeError: if `input` holds integer or bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 3.0], [2.0, 6.0]])
        ...     et.std(x, 1, correction=0).tolist()
        [1.0, 2.0]
    """

def logsumexp(input: Tensor, dim: int | Sequence[int] | None, keepdim: bool = False) -> Tensor:
    """Returns the log of summed exponentials of each row of `input` in the dimension(s) `dim`.

    Computed stably (the maximum is subtracted first). Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints): the dimension(s) to reduce.
        keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            Default: ``False``.

    Returns:
        Tensor: `log(sum(exp(input), dim))`.

    Raises:
        et.DTypeError: if `input` holds integer or bool data.
        et.ShapeError: if a dimension is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.logsumexp(et.tensor([[1000.0, 1000.0]]), 1).tolist()
        [1000.6931762695312]
    """

def norm(
    input: Tensor,
    p: float | str = "fro",
    dim: int | Sequence[int] | None = None,
    keepdim: bool = False,
) -> Tensor:
    """Returns the matrix norm or vector norm of a given tensor.

    A number `p` (0, fractional, ``inf`` and ``-inf`` included) gives the vector p-norm of the
    elements over `dim` (all elements when ``None``); ``"fro"`` is the 2-norm over the same
    elements (the Frobenius norm of a matrix); ``"nuc"`` is the nuclear norm (the sum of
    singular values) of a 2-D input, or over the two dims given in `dim`. Floating-point
    input only; the nuclear norm needs a LibTorch carrier.

    Args:
        input (Tensor): the input tensor.
        p (float or str): the order of the norm: a number, ``"fro"`` or ``"nuc"``.
            Default: ``"fro"``.
        dim (int or tuple of ints, optional): the dimension(s) to reduce.
            Default: ``None`` (all dimensions).
        keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            Default: ``False``.

    Returns:
        Tensor: the norm(s).

    Raises:
        et.ArgumentError: if `p` is a string other than ``"fro"`` or ``"nuc"``.
        et.ShapeError: for ``"nuc"`` without two dimensions to reduce.
        et.DTypeError: if `input` holds integer or bool data.
        et.UnsupportedOpError: for ``"nuc"`` on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([3.0, -4.0])
        ...     et.norm(x).item(), et.norm(x, 1).item(), et.norm(x, float("inf")).item()
        (5.0, 7.0, 4.0)
    """

def cumsum(input: Tensor, dim: int) -> Tensor:
    """Returns the cumulative sum of elements of `input` in the dimension `dim`.

    Floating-point input only (torch's `dtype=` keyword is not accepted).

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension to do the operation over.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Raises:
        et.DTypeError: if `input` holds integer or bool data.
        et.ShapeError: if `dim` is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.cumsum(et.tensor([1.0, 2.0, 3.0]), 0).tolist()
        [1.0, 3.0, 6.0]
    """

def argmax(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:
    """Returns the indices of the maximum values of `input`, over all elements or along `dim`.

    The indices are int64 data (no gradient); where the maximum occurs several times, the
    index of the first occurrence. With `dim` ``None``, the index into the flattened tensor.
    Floating-point input only (unlike torch, integer tensors are refused).

    Args:
        input (Tensor): the input tensor.
        dim (int, optional): the dimension to reduce. Default: ``None`` (the flattened input).
        keepdim (bool): whether the output keeps `dim` with size 1. Default: ``False``.

    Returns:
        Tensor: int64 indices.

    Raises:
        et.DTypeError: if `input` holds integer or bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
        ...     et.argmax(x).item(), et.argmax(x, dim=1).tolist()
        (2, [1, 0])
    """

def argmin(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor:
    """Returns the indices of the minimum values of `input`, over all elements or along `dim`.

    The indices are int64 data (no gradient); where the minimum occurs several times, the
    index of the first occurrence. With `dim` ``None``, the index into the flattened tensor.
    Floating-point input only (unlike torch, integer tensors are refused).

    Args:
        input (Tensor): the input tensor.
        dim (int, optional): the dimension to reduce. Default: ``None`` (the flattened input).
        keepdim (bool): whether the output keeps `dim` with size 1. Default: ``False``.

    Returns:
        Tensor: int64 indices.

    Raises:
        et.DTypeError: if `input` holds integer or bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
        ...     et.argmin(x).item(), et.argmin(x, dim=1).tolist()
        (0, [0, 1])
    """

def quantile(
    input: Tensor,
    q: Tensor | float | Sequence[float],
    dim: int | None = None,
    keepdim: bool = False,
    *,
    interpolation: str = "linear",
) -> Tensor:
    """Computes the q-th quantiles of each row of the `input` tensor along the dimension `dim`.

    `q` is a number, a list, or a 0-d or 1-d tensor of values in [0, 1]; a 1-d `q` adds a
    leading dimension to the result, one entry per quantile. The rank `q * (n - 1)` falls
    between two sorted values, combined by `interpolation`. A tensor `q`'s values are read
    back from the device (they choose what is recorded); `q` gets its gradient, as in torch.
    A row holding a NaN gives NaN. Floating-point input and a LibTorch carrier only.

    Args:
        input (Tensor): the input tensor.
        q (float, list of floats or Tensor): the quantile(s) to compute, in [0, 1].
        dim (int, optional): the dimension to reduce. Default: ``None`` (all elements).
        keepdim (bool): whether the output keeps `dim` with size 1. Default: ``False``.
        interpolation (str): ``"linear"``, ``"lower"``, ``"higher"``, ``"midpoint"`` or
            ``"nearest"``. Default: ``"linear"``.

    Returns:
        Tensor: the quantiles.

    Raises:
        et.ArgumentError: if a `q` value is outside [0, 1], a tensor `q` has more than one
            dimension, or `interpolation` is unknown.
        et.UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, 2.0, 3.0, 4.0])
        ...     et.quantile(x, 0.5).item(), et.quantile(x, [0.25, 0.5]).tolist()
        (2.5, [1.75, 2.5])
    """

def round(input: Tensor, *, decimals: int = 0) -> Tensor:
    """Rounds elements of `input` to the nearest integer, or to `decimals` decimal places.

    Halves round to even, as in torch; a negative `decimals` rounds to the left of the
    decimal point. The gradient is zero. Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        decimals (int): the number of decimal places to round to. Default: ``0``.

    Returns:
        Tensor: the rounded tensor.

    Raises:
        et.DTypeError: if `input` holds integer or bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([0.5, 1.5, 2.5, 1234.0])
        ...     et.round(x).tolist(), et.round(x, decimals=-2).tolist()
        ([0.0, 2.0, 2.0, 1234.0], [0.0, 0.0, 0.0, 1200.0])
    """

def diagonal(input: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    """Returns the diagonal of `input` with respect to `dim1` and `dim2`, as its last dimension.

    `offset` 0 is the main diagonal, a positive one above it, a negative one below it. Any
    dtype; the gradient goes back to the diagonal.

    Args:
        input (Tensor): the input tensor, at least 2-D.
        offset (int): which diagonal to consider. Default: ``0``.
        dim1 (int): the first dimension of the 2-D planes. Default: ``0``.
        dim2 (int): the second dimension of the 2-D planes. Default: ``1``.

    Returns:
        Tensor: the diagonals; `dim1` and `dim2` removed and the diagonal's length appended.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     et.diagonal(x).tolist(), et.diagonal(x, 1).tolist()
        ([1.0, 4.0], [2.0])
    """

def diag(input: Tensor, diagonal: int = 0) -> Tensor:
    """Returns a square matrix with the 1-D `input` on a diagonal, or the diagonal of a 2-D `input`.

    For a vector, a 2-D tensor with `input` on diagonal `diagonal` and zeros elsewhere; for a
    matrix, the 1-D tensor of its diagonal `diagonal` (0 the main one, positive above,
    negative below).

    Args:
        input (Tensor): the 1-D or 2-D input tensor.
        diagonal (int): which diagonal to consider. Default: ``0``.

    Returns:
        Tensor: the 2-D matrix or the 1-D diagonal.

    Raises:
        et.ShapeError: if `input` is not 1-D or 2-D.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.diag(et.tensor([1.0, 2.0])).tolist()
        [[1.0, 0.0], [0.0, 2.0]]
    """

def trace(input: Tensor) -> Tensor:
    """Returns the sum of the elements of the diagonal of the input 2-D matrix.

    Recorded as the diagonal followed by its sum.

    Args:
        input (Tensor): the 2-D input tensor.

    Returns:
        Tensor: a 0-d tensor.

    Raises:
        et.ShapeError: if `input` is not 2-D.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.trace(et.tensor([[1.0, 2.0], [3.0, 4.0]])).item()
        5.0
    """

def diff(
    input: Tensor,
    n: int = 1,
    dim: int = -1,
    prepend: Tensor | ArrayLike | None = None,
    append: Tensor | ArrayLike | None = None,
) -> Tensor:
    """Computes the n-th forward difference along the given dimension.

    The first-order difference is `out[i] = input[i + 1] - input[i]`; higher orders apply it
    `n` times (``n=0`` returns `input` itself). `prepend` and `append` are concatenated to
    `input` along `dim` first. Floating-point input only.

    Args:
        input (Tensor): the tensor to compute the differences on.
        n (int): the number of times to recursively compute the difference. Default: ``1``.
        dim (int): the dimension along which to compute the difference. Default: ``-1``.
        prepend (Tensor or array-like, optional): values to put before `input` along `dim`.
            Default: ``None``.
        append (Tensor or array-like, optional): values to put after `input` along `dim`.
            Default: ``None``.

    Returns:
        Tensor: the differences.

    Raises:
        et.ArgumentError: if `n` is negative.
        et.ShapeError: if `input` is 0-d.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, 4.0, 9.0, 16.0])
        ...     et.diff(x).tolist(), et.diff(x, n=2).tolist()
        ([3.0, 5.0, 7.0], [2.0, 2.0])
    """

def cross(input: Tensor, other: Tensor | ArrayLike, dim: int | None = None) -> Tensor:
    """Returns the cross product of vectors in dimension `dim` of `input` and `other`.

    The operands have the same number of dimensions and broadcast; with `dim` ``None``, the
    first dimension of size 3 (torch's `torch.cross` default). Floating-point tensors only.

    Args:
        input (Tensor): the first input tensor.
        other (Tensor or array-like): the second input tensor.
        dim (int, optional): the dimension to take the cross product in, of size 3.
            Default: ``None``.

    Returns:
        Tensor: the cross products.

    Raises:
        et.ShapeError: if the operands' dimension `dim` is not of size 3 (without `dim`: if
            no dimension is).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.cross(et.tensor([1.0, 0.0, 0.0]), et.tensor([0.0, 1.0, 0.0])).tolist()
        [0.0, 0.0, 1.0]
    """

def kron(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Computes the Kronecker product of `input` and `other`.

    The operand with fewer dimensions is padded with leading 1s; the result's size in each
    dimension is the product of the two sizes. Floating-point tensors only.

    Args:
        input (Tensor): the first input tensor.
        other (Tensor or array-like): the second input tensor.

    Returns:
        Tensor: the Kronecker product.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.kron(et.tensor([1.0, 2.0]), et.tensor([1.0, 10.0])).tolist()
        [1.0, 10.0, 2.0, 20.0]
    """

def logit(input: Tensor, eps: float | None = None) -> Tensor:
    """Returns a new tensor with the logit of the elements of `input`.

    `logit(p) = log(p / (1 - p))`; with `eps`, `input` is first clamped to
    `[eps, 1 - eps]` (the gradient is then zero outside that range, as in torch).

    Args:
        input (Tensor): the input tensor.
        eps (float, optional): the epsilon for input clamp bound. Default: ``None`` (no clamp).

    Returns:
        Tensor: the logits.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.logit(et.tensor([0.5, 0.0]), eps=0.5).tolist()
        [0.0, 0.0]
    """

def nansum(input: Tensor, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Tensor:
    """Returns the sum of the elements of `input`, treating Not a Numbers (NaNs) as zero.

    NaN positions get no gradient.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints, optional): the dimension(s) to reduce.
            Default: ``None`` (all dimensions).
        keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            Default: ``False``.

    Returns:
        Tensor: the sums.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nansum(et.tensor([1.0, float("nan"), 2.0])).item()
        3.0
    """

def nanmean(input: Tensor, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Tensor:
    """Computes the mean of all non-NaN elements along the specified dimensions.

    A slice holding only NaNs gives NaN. NaN positions get no gradient. Floating-point input
    only.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints, optional): the dimension(s) to reduce.
            Default: ``None`` (all dimensions).
        keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            Default: ``False``.

    Returns:
        Tensor: the means.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nanmean(et.tensor([1.0, float("nan"), 2.0])).item()
        1.5
    """

def isclose(
    input: Tensor,
    other: Tensor | ArrayLike,
    rtol: float = 1e-05,
    atol: float = 1e-08,
    equal_nan: bool = False,
) -> Tensor:
    """Returns a bool tensor telling, elementwise, whether `input` is "close" to `other`.

    Close means `|input - other| <= atol + rtol * |other|` (and equal infinities); NaNs are
    close to each other only with `equal_nan`. The operands broadcast; bool data, no
    gradient.

    Args:
        input (Tensor): the first tensor to compare.
        other (Tensor or array-like): the second tensor to compare.
        rtol (float): the relative tolerance. Default: ``1e-05``.
        atol (float): the absolute tolerance. Default: ``1e-08``.
        equal_nan (bool): whether two NaNs are equal. Default: ``False``.

    Returns:
        Tensor: bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.isclose(et.tensor([1.0, 2.0]), et.tensor([1.0, 2.1])).tolist()
        [True, False]
    """

def scatter(
    input: Tensor,
    dim: int,
    index: Tensor | ArrayLike,
    src: Tensor | ArrayLike | float | None = None,
    *,
    value: float | None = None,
    reduce: str | None = None,
) -> Tensor:
    """Writes `src` (or the number `value`) into a copy of `input` at the indices `index`.

    The out-of-place form of torch's `Tensor.scatter_`: for a 2-D input and ``dim=1``,
    `out[i][index[i][j]] = src[i][j]`. `input` is not changed. torch's legacy
    ``reduce="add"`` / ``"multiply"`` (with a tensor `src`) is `eagertape.scatter_reduce` with
    ``"sum"`` / ``"prod"``. The gradient reaches `input` where nothing was written and `src`
    at the entries written.

    Args:
        input (Tensor): the destination tensor.
        dim (int): the axis along which to index.
        index (Tensor or array-like): the integer indices.
        src (Tensor or float, optional): the values to scatter; a number is read as `value`.
            Default: ``None``.
        value (float, optional): the number to write at every index, instead of `src`.
            Default: ``None``.
        reduce (str, optional): ``"add"`` or ``"multiply"`` to combine `src` with the values
            already there instead of replacing them. Default: ``None``.

    Returns:
        Tensor: the result.

    Raises:
        et.ArgumentError: if neither or both of `src` and `value` are given, if `reduce` is
            not ``"add"`` or ``"multiply"``, or with `reduce` and a number `value`.
        et.DTypeError: if `index` is floating-point data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.zeros(2, 3)
        ...     et.scatter(x, 1, [[2], [0]], value=1.0).tolist()
        [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]
    """

def scatter_add(
    input: Tensor, dim: int, index: Tensor | ArrayLike, src: Tensor | ArrayLike
) -> Tensor:
    """Adds the values of `src` into a copy of `input` at the indices specified in `index`.

    The out-of-place form of torch's `Tensor.scatter_add_`: for a 2-D input and ``dim=1``,
    `out[i][index[i][j]] += src[i][j]`; repeated indices accumulate. Both `input` and `src`
    get a gradient. Needs a LibTorch carrier.

    Args:
        input (Tensor): the destination tensor.
        dim (int): the axis along which to index.
        index (Tensor or array-like): the integer indices.
        src (Tensor or array-like): the values to add.

    Returns:
        Tensor: the result.

    Raises:
        et.DTypeError: if `index` is floating-point data.
        et.UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.zeros(3)
        ...     et.scatter_add(x, 0, [0, 0, 2], et.tensor([1.0, 2.0, 3.0])).tolist()
        [3.0, 0.0, 3.0]
    """

def scatter_reduce(
    input: Tensor,
    dim: int,
    index: Tensor | ArrayLike,
    src: Tensor | ArrayLike,
    reduce: str,
    *,
    include_self: bool = True,
) -> Tensor:
    """Reduces the values of `src` into a copy of `input` at the indices specified in `index`.

    The out-of-place form of torch's `Tensor.scatter_reduce_`: every `src` value sent to the
    same position is combined by `reduce`, together with `input`'s value there when
    `include_self`. Positions no index reaches keep `input`'s value. Needs a LibTorch
    carrier.

    Args:
        input (Tensor): the destination tensor.
        dim (int): the axis along which to index.
        index (Tensor or array-like): the integer indices.
        src (Tensor or array-like): the values to reduce.
        reduce (str): ``"sum"``, ``"prod"``, ``"mean"``, ``"amax"`` or ``"amin"``.
        include_self (bool): whether `input`'s values at the indexed positions take part in
            the reduction. Default: ``True``.

    Returns:
        Tensor: the result.

    Raises:
        et.ArgumentError: if `reduce` is not one of the five names.
        et.DTypeError: if `index` is floating-point data.
        et.UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.zeros(2)
        ...     src = et.tensor([1.0, 5.0, 3.0])
        ...     et.scatter_reduce(x, 0, [0, 0, 1], src, "amax", include_self=False).tolist()
        [5.0, 3.0]
    """

def index_add(
    input: Tensor,
    dim: int,
    index: Tensor | ArrayLike,
    source: Tensor | ArrayLike,
    *,
    alpha: float = 1.0,
) -> Tensor:
    """Adds `alpha` times the slices of `source` into a copy of `input` at the indices `index`.

    The out-of-place form of torch's `Tensor.index_add_`: with ``dim=0``,
    `out[index[i]] += alpha * source[i]`; repeated indices accumulate. Needs a LibTorch
    carrier.

    Args:
        input (Tensor): the destination tensor.
        dim (int): the dimension along which to index.
        index (Tensor or array-like): the 1-D integer indices of `input` to add to.
        source (Tensor or array-like): the slices to add, `len(index)` long in `dim`.
        alpha (float): the scalar multiplier for `source`. Default: ``1.0``.

    Returns:
        Tensor: the result.

    Raises:
        et.DTypeError: if `index` is floating-point data.
        et.UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.zeros(3, 2)
        ...     et.index_add(x, 0, [2, 0], et.ones(2, 2), alpha=2.0).tolist()
        [[2.0, 2.0], [0.0, 0.0], [2.0, 2.0]]
    """

def index_copy(
    input: Tensor, dim: int, index: Tensor | ArrayLike, source: Tensor | ArrayLike
) -> Tensor:
    """Copies the slices of `source` into a copy of `input` at the indices given in `index`.

    The out-of-place form of torch's `Tensor.index_copy_`: with ``dim=0``,
    `out[index[i]] = source[i]`. The gradient reaches `input` where nothing was copied and
    `source` for what it wrote.

    Args:
        input (Tensor): the destination tensor.
        dim (int): the dimension along which to index.
        index (Tensor or array-like): the 1-D integer indices of `input` to write to.
        source (Tensor or array-like): the slices to copy, `len(index)` long in `dim`.

    Returns:
        Tensor: the result.

    Raises:
        et.DTypeError: if `index` is floating-point data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.zeros(3, 2)
        ...     et.index_copy(x, 0, [2, 0], et.tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
        [[3.0, 4.0], [0.0, 0.0], [1.0, 2.0]]
    """

def index_fill(
    input: Tensor, dim: int, index: Tensor | ArrayLike, value: Tensor | ArrayLike | float
) -> Tensor:
    """Fills the slices of a copy of `input` selected by `index` along `dim` with `value`.

    The out-of-place form of torch's `Tensor.index_fill_`. A 0-d tensor `value` is an operand:
    it gets the gradient of the positions it fills.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension along which to index.
        index (Tensor or array-like): the 1-D integer indices of the slices to fill.
        value (float or Tensor): the value to fill with: a number or a 0-d tensor.

    Returns:
        Tensor: the result.

    Raises:
        et.DTypeError: if `index` is floating-point data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.zeros(2, 3)
        ...     et.index_fill(x, 1, [0, 2], -1.0).tolist()
        [[-1.0, 0.0, -1.0], [-1.0, 0.0, -1.0]]
    """

def take_along_dim(input: Tensor, indices: Tensor | ArrayLike, dim: int | None = None) -> Tensor:
    """Selects values from `input` at the indices `indices` along the given `dim`.

    Like `eagertape.gather`, but `input` and `indices` broadcast against each other outside
    `dim`; with `dim` ``None`` both are flattened first. The gradient is scattered back.

    Args:
        input (Tensor): the input tensor.
        indices (Tensor or array-like): the integer indices into `input`.
        dim (int, optional): the dimension to select along. Default: ``None`` (the flattened
            input).

    Returns:
        Tensor: the selected values.

    Raises:
        et.DTypeError: if `indices` is floating-point data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[10.0, 30.0, 20.0], [60.0, 40.0, 50.0]])
        ...     et.take_along_dim(x, et.argmax(x, 1, keepdim=True), 1).tolist()
        [[30.0], [60.0]]
    """

def lerp(input: Tensor, end: Tensor | ArrayLike, weight: Tensor | ArrayLike | float) -> Tensor:
    """Linear interpolation of `input` (the start) and `end` based on a scalar or tensor `weight`.

    Computes `input + weight * (end - input)`, broadcasting the three; recorded all or
    nothing as a composition of the tape's ops, so `input`, `end` and a tensor `weight` each
    get their gradient. Floating-point tensors only.

    Args:
        input (Tensor): the tensor with the starting points.
        end (Tensor or array-like): the tensor with the ending points.
        weight (float or Tensor): the weight of the interpolation.

    Returns:
        Tensor: the interpolated values.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.lerp(et.tensor([0.0, 10.0]), et.tensor([10.0, 20.0]), 0.5).tolist()
        [5.0, 15.0]
    """

def addcmul(
    input: Tensor, tensor1: Tensor | ArrayLike, tensor2: Tensor | ArrayLike, *, value: float = 1.0
) -> Tensor:
    """Multiplies `tensor1` by `tensor2` elementwise, scales the result and adds it to `input`.

    Computes `input + value * tensor1 * tensor2`, broadcasting the three; recorded all or
    nothing as a composition of the tape's ops, each tensor operand getting its gradient.

    Args:
        input (Tensor): the tensor to be added.
        tensor1 (Tensor or array-like): the tensor to be multiplied.
        tensor2 (Tensor or array-like): the tensor to be multiplied.
        value (float): the multiplier for `tensor1 * tensor2`. Default: ``1.0``.

    Returns:
        Tensor: the result.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.ones(2)
        ...     et.addcmul(x, et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0]), value=0.5).tolist()
        [2.5, 5.0]
    """

def addcdiv(
    input: Tensor, tensor1: Tensor | ArrayLike, tensor2: Tensor | ArrayLike, *, value: float = 1.0
) -> Tensor:
    """Divides `tensor1` by `tensor2` elementwise, scales the result and adds it to `input`.

    Computes `input + value * tensor1 / tensor2`, broadcasting the three; recorded all or
    nothing as a composition of the tape's ops, each tensor operand getting its gradient.

    Args:
        input (Tensor): the tensor to be added.
        tensor1 (Tensor or array-like): the numerator tensor.
        tensor2 (Tensor or array-like): the denominator tensor.
        value (float): the multiplier for `tensor1 / tensor2`. Default: ``1.0``.

    Returns:
        Tensor: the result.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.ones(2)
        ...     et.addcdiv(x, et.tensor([1.0, 2.0]), et.tensor([4.0, 4.0]), value=2.0).tolist()
        [1.5, 2.0]
    """

def outer(input: Tensor, vec2: Tensor | ArrayLike) -> Tensor:
    """Outer product of `input` and `vec2`.

    For `input` of size `n` and `vec2` of size `m`, the `(n, m)` matrix
    `out[i][j] = input[i] * vec2[j]`. Floating-point tensors only.

    Args:
        input (Tensor): the 1-D input vector.
        vec2 (Tensor or array-like): the 1-D input vector.

    Returns:
        Tensor: the 2-D outer product.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.outer(et.tensor([1.0, 2.0]), et.tensor([1.0, 10.0, 100.0])).tolist()
        [[1.0, 10.0, 100.0], [2.0, 20.0, 200.0]]
    """

def addmm(
    input: Tensor,
    mat1: Tensor | ArrayLike,
    mat2: Tensor | ArrayLike,
    *,
    beta: float = 1.0,
    alpha: float = 1.0,
    out_dtype: None = None,
) -> Tensor:
    """Performs a matrix multiplication of `mat1` and `mat2`, and adds `input` to the result.

    Computes `beta * input + alpha * (mat1 @ mat2)`; `input` broadcasts to the product's
    shape, and with ``beta=0`` it is ignored (NaNs in it included), as in torch. Recorded all
    or nothing as a composition of the tape's ops.

    Args:
        input (Tensor): the matrix to be added.
        mat1 (Tensor or array-like): the first matrix to be multiplied, `(n, m)`.
        mat2 (Tensor or array-like): the second matrix to be multiplied, `(m, p)`.
        beta (float): the multiplier for `input`. Default: ``1.0``.
        alpha (float): the multiplier for `mat1 @ mat2`. Default: ``1.0``.
        out_dtype (optional): accepted for torch compatibility and must stay ``None`` (the
            result has the operands' dtype). Default: ``None``.

    Returns:
        Tensor: the `(n, p)` result.

    Raises:
        et.ArgumentError: if `out_dtype` is given.
        et.ShapeError: if the shapes do not match.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     m = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     et.addmm(et.ones(2, 2), m, et.eye(2), beta=2.0).tolist()
        [[3.0, 4.0], [5.0, 6.0]]
    """

def baddbmm(
    input: Tensor,
    batch1: Tensor | ArrayLike,
    batch2: Tensor | ArrayLike,
    *,
    beta: float = 1.0,
    alpha: float = 1.0,
    out_dtype: None = None,
) -> Tensor:
    """Performs a batch matrix-matrix product of `batch1` and `batch2`, and adds `input`.

    Computes `beta * input + alpha * bmm(batch1, batch2)`; `input` broadcasts to the
    product's shape, and with ``beta=0`` it is ignored (NaNs in it included), as in torch.
    Recorded all or nothing as a composition of the tape's ops.

    Args:
        input (Tensor): the tensor to be added.
        batch1 (Tensor or array-like): the first batch of matrices, `(b, n, m)`.
        batch2 (Tensor or array-like): the second batch of matrices, `(b, m, p)`.
        beta (float): the multiplier for `input`. Default: ``1.0``.
        alpha (float): the multiplier for `batch1 @ batch2`. Default: ``1.0``.
        out_dtype (optional): accepted for torch compatibility and must stay ``None`` (the
            result has the operands' dtype). Default: ``None``.

    Returns:
        Tensor: the `(b, n, p)` result.

    Raises:
        et.ArgumentError: if `out_dtype` is given.
        et.ShapeError: if the shapes do not match.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     y = et.baddbmm(et.zeros(4, 2, 2), et.ones(4, 2, 3), et.ones(4, 3, 2), alpha=0.5)
        ...     y.shape, y[0, 0, 0].item()
        ((4, 2, 2), 1.5)
    """

def masked_fill(
    input: Tensor, mask: Tensor | ArrayLike, value: Tensor | ArrayLike | float
) -> Tensor:
    """Returns `input` with `value` written where `mask` is true.

    The out-of-place form of torch's `Tensor.masked_fill_`; `mask` (a bool tensor or bool
    array-like data) broadcasts against `input`. A floating 0-d tensor `value` is an operand
    and gets the gradient of the positions it fills; `input` gets the rest. Any dtype.

    Args:
        input (Tensor): the input tensor.
        mask (Tensor or array-like): the bool mask.
        value (float or Tensor): the value to fill in with: a number or a 0-d tensor.

    Returns:
        Tensor: the filled tensor.

    Raises:
        et.DTypeError: if `mask` is floating-point data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, -2.0, 3.0])
        ...     et.masked_fill(x, x < 0, 0.0).tolist()
        [1.0, 0.0, 3.0]
    """

def index_select(input: Tensor, dim: int, index: Tensor | ArrayLike) -> Tensor:
    """Returns the entries of `input` at the indices `index` along dimension `dim`.

    The result has `index`'s length in `dim`; repeated indices are allowed (their gradients
    add up). Any dtype.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension in which we index.
        index (Tensor or array-like): the 0-d or 1-d integer indices (an int64/int32 tensor,
            a list or a numpy array).

    Returns:
        Tensor: the selected entries.

    Raises:
        et.ShapeError: if `index` has more than one dimension.
        et.DTypeError: if `index` is floating-point data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
        ...     et.index_select(x, 1, [2, 0]).tolist()
        [[3.0, 1.0], [6.0, 4.0]]
    """

def gather(input: Tensor, dim: int, index: Tensor | ArrayLike) -> Tensor:
    """Gathers values along an axis specified by `dim`.

    For a 2-D input, `out[i][j] = input[index[i][j]][j]` with ``dim=0`` and
    `out[i][j] = input[i][index[i][j]]` with ``dim=1``. The gradient is scattered back (added
    up at repeated indices). Any dtype.

    Args:
        input (Tensor): the source tensor.
        dim (int): the axis along which to index.
        index (Tensor or array-like): the integer indices of the elements to gather (an
            int64/int32 tensor, a list or a numpy array), as many dims as `input`.

    Returns:
        Tensor: a tensor of `index`'s shape.

    Raises:
        et.DTypeError: if `index` is floating-point data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     et.gather(x, 1, [[0, 0], [1, 0]]).tolist()
        [[1.0, 1.0], [4.0, 3.0]]
    """

def narrow(input: Tensor, dim: int, start: Tensor | ArrayLike | float, length: int) -> Tensor:
    """Returns a narrowed version of `input`: `length` elements of dimension `dim` from `start`.

    The slice `start:start + length` of dimension `dim`; a negative `start` counts from the
    end.

    Args:
        input (Tensor): the tensor to narrow.
        dim (int): the dimension along which to narrow.
        start (int or Tensor): the index of the first element kept: an int or a 0-d integer
            tensor.
        length (int): the number of elements kept.

    Returns:
        Tensor: the narrowed tensor.

    Raises:
        et.IndexOutOfRangeError: if the range exceeds the dimension.
        et.ArgumentError: if `start` is a tensor that is not 0-d integer data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
        ...     et.narrow(x, 1, 1, 2).tolist()
        [[2.0, 3.0], [5.0, 6.0]]
    """

def select(input: Tensor, dim: int, index: int) -> Tensor:
    """Slices the `input` tensor along the selected dimension at the given index.

    The result has one dimension less (`input[:, index]` for ``dim=1``); a negative `index`
    counts from the end.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension to slice.
        index (int): the index to select with.

    Returns:
        Tensor: the selected slice.

    Raises:
        et.IndexOutOfRangeError: if `index` is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     et.select(x, 1, -1).tolist()
        [2.0, 4.0]
    """

def roll(
    input: Tensor, shifts: int | Sequence[int], dims: int | Sequence[int] | None = None
) -> Tensor:
    """Roll the tensor `input` along the given dimension(s).

    Elements shifted beyond the last position re-enter at the first. With `dims` ``None``
    the tensor is flattened, rolled, and restored to its shape. Any dtype.

    Args:
        input (Tensor): the input tensor.
        shifts (int or tuple of ints): the number of places by which the elements are
            shifted; a tuple shifts each of `dims` by its own amount.
        dims (int or tuple of ints, optional): the dimension(s) to roll along.
            Default: ``None`` (the flattened tensor).

    Returns:
        Tensor: the rolled tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     et.roll(x, 1).tolist(), et.roll(x, 1, 1).tolist()
        ([[4.0, 1.0], [2.0, 3.0]], [[2.0, 1.0], [4.0, 3.0]])
    """

def tril(input: Tensor, diagonal: int = 0) -> Tensor:
    """Returns the lower triangular part of the matrix (2-D tensor) or batch of matrices `input`.

    The other elements of the result are set to 0. Any dtype.

    Args:
        input (Tensor): the input tensor, at least 2-D.
        diagonal (int): the diagonal to consider: 0 is the main diagonal, a positive value
            keeps that many diagonals above it, a negative one removes as many below it.
            Default: ``0``.

    Returns:
        Tensor: the lower triangle.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.tril(et.ones(3, 3)).tolist()
        [[1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [1.0, 1.0, 1.0]]
    """

def triu(input: Tensor, diagonal: int = 0) -> Tensor:
    """Returns the upper triangular part of the matrix (2-D tensor) or batch of matrices `input`.

    The other elements of the result are set to 0. Any dtype.

    Args:
        input (Tensor): the input tensor, at least 2-D.
        diagonal (int): the diagonal to consider: 0 is the main diagonal, a positive value
            removes that many diagonals above it, a negative one keeps as many below it.
            Default: ``0``.

    Returns:
        Tensor: the upper triangle.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.triu(et.ones(3, 3), 1).tolist()
        [[0.0, 1.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0]]
    """

def isfinite(input: Tensor) -> Tensor:
    """Returns a new tensor with boolean elements representing if each element is finite or not.

    Bool data, with no gradient; integer input is all true.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a bool tensor of `input`'s shape.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.isfinite(et.tensor([1.0, float("inf"), float("nan")])).tolist()
        [True, False, False]
    """

def isnan(input: Tensor) -> Tensor:
    """Returns a new tensor with boolean elements representing if each element is NaN or not.

    Bool data, with no gradient.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a bool tensor of `input`'s shape.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.isnan(et.tensor([1.0, float("nan")])).tolist()
        [False, True]
    """

def logical_not(input: Tensor) -> Tensor:
    """Computes the element-wise logical NOT of the given bool tensor.

    Unlike torch's, the input must be a bool tensor (a mask, e.g. a comparison's result):
    numbers are not read as truth values. The same as `~input`.

    Args:
        input (Tensor): the bool input tensor.

    Returns:
        Tensor: a bool tensor of `input`'s shape.

    Raises:
        et.DTypeError: if `input` is not bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, -2.0])
        ...     et.logical_not(x > 0).tolist()
        [False, True]
    """

def masked_select(input: Tensor, mask: Tensor | ArrayLike) -> Tensor:
    """Returns a new 1-D tensor of the elements of `input` where the boolean `mask` is true.

    `mask` (a bool tensor or bool array-like data) broadcasts against `input`; the result's
    length depends on the mask, read back from the device. The gradient flows back to the
    positions picked.

    Args:
        input (Tensor): the input tensor.
        mask (Tensor or array-like): the bool mask.

    Returns:
        Tensor: the selected elements, 1-D.

    Raises:
        et.DTypeError: if `mask` is not bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, -2.0], [-3.0, 4.0]])
        ...     et.masked_select(x, x > 0).tolist()
        [1.0, 4.0]
    """

def nonzero(input: Tensor, *, as_tuple: bool = False) -> Tensor | tuple[Tensor, ...]:
    """Returns a tensor containing the indices of all non-zero elements of `input`.

    By default an int64 tensor of shape `(z, input.dim())`, one row per non-zero element in
    row-major order; with `as_tuple`, one 1-D int64 tensor per dimension (usable as an
    index, `x[nonzero(x, as_tuple=True)]`). The number of rows depends on the values, which
    are read back from the device, as torch does.

    Args:
        input (Tensor): the input tensor.
        as_tuple (bool): return a tuple of 1-D tensors instead of one 2-D tensor.
            Default: ``False``.

    Returns:
        Tensor or tuple of Tensors: the int64 indices.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[0.0, 1.0], [2.0, 0.0]])
        ...     et.nonzero(x).tolist(), [t.tolist() for t in et.nonzero(x, as_tuple=True)]
        ([[0, 1], [1, 0]], [[0, 1], [1, 0]])
    """

def argwhere(input: Tensor) -> Tensor:
    """Returns a tensor containing the indices of all non-zero elements of `input`.

    The same as `eagertape.nonzero(input)`: an int64 tensor of shape `(z, input.dim())`,
    one row per non-zero element; its length depends on the values, read back from the
    device.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: the int64 indices.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.argwhere(et.tensor([0.0, 1.0, 2.0])).tolist()
        [[1], [2]]
    """

def any(input: Tensor, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Tensor:
    """Tests if any element in `input` evaluates to True, over all elements or along `dim`.

    Nonzero numbers count as True. The result is bool data.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints, optional): the dimension(s) to reduce.
            Default: ``None`` (all dimensions).
        keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            Default: ``False``.

    Returns:
        Tensor: bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[0.0, 0.0], [0.0, 3.0]])
        ...     et.any(x).item(), et.any(x, 1).tolist()
        (True, [False, True])
    """

def all(input: Tensor, dim: int | Sequence[int] | None = None, keepdim: bool = False) -> Tensor:
    """Tests if all elements in `input` evaluate to True, over all elements or along `dim`.

    Nonzero numbers count as True. The result is bool data.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints, optional): the dimension(s) to reduce.
            Default: ``None`` (all dimensions).
        keepdim (bool): whether the output keeps the reduced dimensions with size 1.
            Default: ``False``.

    Returns:
        Tensor: bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0], [0.0, 3.0]])
        ...     et.all(x).item(), et.all(x, 1).tolist()
        (False, [True, False])
    """

def count_nonzero(input: Tensor, dim: int | Sequence[int] | None = None) -> Tensor:
    """Counts the number of non-zero values in the tensor `input` along the given `dim`.

    The counts are int64 data.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints, optional): the dimension(s) along which to count.
            Default: ``None`` (all elements).

    Returns:
        Tensor: int64 counts.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[0.0, 1.0], [2.0, 3.0]])
        ...     et.count_nonzero(x).item(), et.count_nonzero(x, 0).tolist()
        (3, [1, 2])
    """

def allclose(
    input: Tensor,
    other: Tensor | ArrayLike,
    rtol: float = 1e-05,
    atol: float = 1e-08,
    equal_nan: bool = False,
) -> bool:
    """Checks whether `input` and `other` are close everywhere (see `eagertape.isclose`).

    The answer is a Python bool, read back from the device.

    Args:
        input (Tensor): the first tensor to compare.
        other (Tensor or array-like): the second tensor to compare.
        rtol (float): the relative tolerance. Default: ``1e-05``.
        atol (float): the absolute tolerance. Default: ``1e-08``.
        equal_nan (bool): whether two NaNs are equal. Default: ``False``.

    Returns:
        bool: whether `isclose(input, other, ...)` holds for every element.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, 2.0])
        ...     et.allclose(x, x + 1e-7), et.allclose(x, x + 1.0)
        (True, False)
    """

def equal(input: Tensor, other: Tensor | ArrayLike | float) -> bool:
    """``True`` if two tensors have the same size and elements, ``False`` otherwise.

    A Python bool, read back from the device.

    Args:
        input (Tensor): the first tensor.
        other (Tensor): the second tensor.

    Returns:
        bool: whether the shapes and all elements are equal.

    Raises:
        et.ArgumentError: if `other` is not a tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, 2.0])
        ...     et.equal(x, et.tensor([1.0, 2.0])), et.equal(x, x[:1])
        (True, False)
    """

def view_as(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Returns a view of `input` with the shape of `other` (`input.view(other.shape)`).

    Args:
        input (Tensor): the tensor to view.
        other (Tensor or array): whose shape to take (anything with a `shape`).

    Raises:
        ShapeError: `input`'s layout cannot be viewed with that shape without a copy
            (use `reshape_as`).
    """

def reshape_as(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Returns `input` reshaped to the shape of `other` (`input.reshape(other.shape)`).

    A view where the layout allows, else a copy.

    Args:
        input (Tensor): the tensor to reshape.
        other (Tensor or array): whose shape to take (anything with a `shape`).
    """

def expand_as(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Returns a view of `input` expanded to the shape of `other`
    (`input.expand(other.shape)`).

    Args:
        input (Tensor): the tensor to expand.
        other (Tensor or array): whose shape to take (anything with a `shape`).
    """

def transpose(input: Tensor, dim0: int, dim1: int) -> Tensor:
    """Returns a transposed version of `input`, with dimensions `dim0` and `dim1` swapped.

    Works on every dtype; negative dims count from the end.

    Args:
        input (Tensor): the input tensor.
        dim0 (int): the first dimension to be transposed.
        dim1 (int): the second dimension to be transposed.

    Returns:
        Tensor: the transposed tensor.

    Raises:
        et.ShapeError: if a dimension is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.transpose(et.zeros(2, 3, 4), 0, 2).shape
        (4, 3, 2)
    """

def t(input: Tensor) -> Tensor:
    """Expects `input` to be <= 2-D tensor and transposes dimensions 0 and 1.

    0-D and 1-D tensors are returned as they are (a view); a 2-D tensor is
    ``transpose(input, 0, 1)``.

    Args:
        input (Tensor): the input tensor, at most 2-D.

    Returns:
        Tensor: the transposed view.

    Raises:
        ShapeError: `input` has more than 2 dimensions.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.t(et.tensor([[1.0, 2.0]])).tolist()
        [[1.0], [2.0]]
    """

def unsqueeze(input: Tensor, dim: int) -> Tensor:
    """Returns a new tensor with a dimension of size one inserted at the specified position.

    A negative `dim` counts from the end of the result (`dim + input.dim() + 1`).

    Args:
        input (Tensor): the input tensor.
        dim (int): the index at which to insert the singleton dimension.

    Returns:
        Tensor: the tensor with one more dimension.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.zeros(2, 3)
        ...     et.unsqueeze(x, 0).shape, et.unsqueeze(x, -1).shape
        ((1, 2, 3), (2, 3, 1))
    """

def squeeze(input: Tensor, dim: int | Sequence[int] | None | None = None) -> Tensor:
    """Returns a tensor with all specified dimensions of `input` of size 1 removed.

    Named dimensions whose size is not 1 are left as they are, as in torch.

    Args:
        input (Tensor): the input tensor.
        dim (int or tuple of ints, optional): the dimension(s) to squeeze.
            Default: ``None`` (every dimension of size 1).

    Returns:
        Tensor: the squeezed tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.zeros(1, 2, 1)
        ...     et.squeeze(x).shape, et.squeeze(x, 0).shape
        ((2,), (2, 1))
    """

def flatten(input: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    """Flattens `input` by reshaping it into a one-dimensional tensor.

    Only the dimensions from `start_dim` to `end_dim` (inclusive) are merged into one.

    Args:
        input (Tensor): the input tensor.
        start_dim (int): the first dimension to flatten. Default: ``0``.
        end_dim (int): the last dimension to flatten. Default: ``-1``.

    Returns:
        Tensor: the flattened tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.zeros(2, 3, 4)
        ...     et.flatten(x).shape, et.flatten(x, 1).shape
        ((24,), (2, 12))
    """

def unflatten(input: Tensor, dim: int, sizes: int | Sequence[int]) -> Tensor:
    """Expands a dimension of the input tensor over multiple dimensions.

    The inverse of `eagertape.flatten`; one of `sizes` may be -1.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension to be unflattened.
        sizes (tuple of ints): the new shape of that dimension; their product must equal its
            size.

    Returns:
        Tensor: the unflattened tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.unflatten(et.zeros(2, 6), 1, (2, -1)).shape
        (2, 2, 3)
    """

def gelu(input: Tensor, approximate: str = "none") -> Tensor:
    """Applies the Gaussian Error Linear Units function element-wise.

    `GELU(x) = x * Phi(x)`, with `Phi` the standard normal CDF; with ``approximate="tanh"``,
    `0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x**3)))`. Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        approximate (str): ``"none"`` (exact) or ``"tanh"`` (the tanh approximation).
            Default: ``"none"``.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Raises:
        et.ArgumentError: if `approximate` is neither ``"none"`` nor ``"tanh"``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.gelu(et.tensor([0.0, 10.0])).tolist()
        [0.0, 10.0]
    """

def leaky_relu(input: Tensor, negative_slope: float = 0.01) -> Tensor:
    """Applies element-wise `LeakyReLU(x) = max(0, x) + negative_slope * min(0, x)`.

    Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        negative_slope (float): the slope for negative inputs. Default: ``0.01``.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.leaky_relu(et.tensor([-2.0, 1.0]), 0.5).tolist()
        [-1.0, 1.0]
    """

def elu(input: Tensor, alpha: float = 1.0) -> Tensor:
    """Applies the Exponential Linear Unit (ELU) function element-wise.

    `ELU(x) = x` for `x > 0`, else `alpha * (exp(x) - 1)`. Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        alpha (float): the value the function tends to for large negative inputs, negated.
            Default: ``1.0``.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.elu(et.tensor([0.0, 2.0])).tolist()
        [0.0, 2.0]
    """

def softplus(input: Tensor, beta: float = 1.0, threshold: float = 20.0) -> Tensor:
    """Applies element-wise, the function `Softplus(x) = 1/beta * log(1 + exp(beta * x))`.

    For numerical stability the function is linear (`x` itself) where `beta * x > threshold`.
    Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        beta (float): the `beta` of the formula. Default: ``1.0``.
        threshold (float): above this value of `beta * x` the result is `x`. Default: ``20.0``.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.softplus(et.tensor([30.0])).tolist()
        [30.0]
    """

def hardtanh(input: Tensor, min_val: float = -1.0, max_val: float = 1.0) -> Tensor:
    """Applies the HardTanh function element-wise.

    `HardTanh(x)` is `min_val` below `min_val`, `max_val` above `max_val`, and `x` between.
    Its values are `clamp(input, min_val, max_val)`'s; its gradient is torch's: 1 strictly
    between the bounds (and at NaN), 0 at `min_val` and `max_val` themselves (where `clamp`
    passes it).

    Args:
        input (Tensor): the input tensor.
        min_val (float): the lower end of the linear region. Default: ``-1.0``.
        max_val (float): the upper end of the linear region. Default: ``1.0``.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.hardtanh(et.tensor([-3.0, 0.5, 2.0])).tolist()
        [-1.0, 0.5, 1.0]
    """

def clamp_min(input: Tensor, min: float) -> Tensor:
    """Clamps all elements in `input` to be at least `min`.

    The gradient passes where the element is at least `min` (zero below it).

    Args:
        input (Tensor): the input tensor.
        min (float): the lower bound.

    Returns:
        Tensor: the clamped tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.tensor([1.0, 2.0, 3.0]).clamp_min(2.5).tolist()
        [2.5, 2.5, 3.0]
    """

def clamp_max(input: Tensor, max: float) -> Tensor:
    """Clamps all elements in `input` to be at most `max`.

    The gradient passes where the element is at most `max` (zero above it).

    Args:
        input (Tensor): the input tensor.
        max (float): the upper bound.

    Returns:
        Tensor: the clamped tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.tensor([1.0, 2.0, 3.0]).clamp_max(1.5).tolist()
        [1.0, 1.5, 1.5]
    """

def softmax(input: Tensor, dim: int) -> Tensor:
    """Applies a softmax function along dimension `dim`.

    `softmax(x)_i = exp(x_i) / sum_j exp(x_j)`: each slice along `dim` is rescaled to lie in
    [0, 1] and sum to 1. The `interval` carrier computes it dependency-aware (tighter bounds
    than the composition of its steps). Floating-point input only; unlike torch's, there is
    no `dtype=` keyword.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension along which softmax is computed.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Raises:
        et.DTypeError: if `input` holds integer or bool data.
        et.ShapeError: if `dim` is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.softmax(et.tensor([[1.0, 1.0], [0.0, 0.0]]), dim=1).tolist()
        [[0.5, 0.5], [0.5, 0.5]]
    """

def log_softmax(input: Tensor, dim: int) -> Tensor:
    """Applies a softmax followed by a logarithm.

    Mathematically `log(softmax(x))`, computed in one stable op. The `interval` carrier
    computes it dependency-aware. Floating-point input only; unlike torch's, there is no
    `dtype=` keyword.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension along which log_softmax is computed.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Raises:
        et.DTypeError: if `input` holds integer or bool data.
        et.ShapeError: if `dim` is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(dtype="float64"):
        ...     y = et.log_softmax(et.tensor([0.0, 0.0]), dim=0)
        ...     [round(v, 4) for v in y.tolist()]
        [-0.6931, -0.6931]
    """

def hardshrink(input: Tensor, lambd: float = 0.5) -> Tensor:
    """Applies the hard shrinkage function element-wise: 0 where `-lambd <= x <= lambd`, else `x`.

    Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        lambd (float): the `lambda` of the formula. Default: ``0.5``.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.hardshrink(et.tensor([-2.0, 0.25, 2.0])).tolist()
        [-2.0, 0.0, 2.0]
    """

def is_floating_point(input: Tensor) -> bool:
    """Returns ``True`` if the data type of `input` is a floating point data type.

    Every float carrier is (`float32`, `float64`, `float16`, `bfloat16`, `ieee32`, `interval`);
    `int64`, `int32` and `bool` are not.

    Args:
        input (Tensor): the tensor to ask.

    Returns:
        bool: whether `input`'s dtype is a floating point one.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.is_floating_point(et.ones(2)), et.arange(2).is_floating_point()
        (True, False)
    """

def is_complex(input: Tensor) -> bool:
    """Returns ``True`` if the data type of `input` is a complex data type: never here.

    eagertape has no complex dtype (complex tensors are out of its scope).

    Args:
        input (Tensor): the tensor to ask.

    Returns:
        bool: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.is_complex(et.ones(2))
        False
    """

def is_signed(input: Tensor) -> bool:
    """Returns ``True`` if the data type of `input` is a signed type.

    Every dtype eagertape has is, but ``bool``.

    Args:
        input (Tensor): the tensor to ask.

    Returns:
        bool: whether `input`'s dtype is signed.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.is_signed(et.ones(2)), (et.ones(2) > 0).is_signed()
        (True, False)
    """

def is_nonzero(input: Tensor) -> bool:
    """Returns ``True`` if `input`, a one-element tensor, is not zero after type conversions.

    Reads the one element to the host, as ``bool(input)``.

    Args:
        input (Tensor): a tensor of exactly one element.

    Returns:
        bool: whether its element is not zero.

    Raises:
        et.ShapeError: `input` has no elements or more than one.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.is_nonzero(et.tensor([1.5])), et.tensor(0.0).is_nonzero()
        (True, False)
    """

def is_same_size(input: Tensor, other: Tensor | ArrayLike) -> bool:
    """Returns ``True`` if `input` and `other` have the same size.

    Args:
        input (Tensor): the first tensor.
        other (Tensor): the second tensor.

    Returns:
        bool: whether their shapes are equal.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.is_same_size(et.ones(2, 3), et.zeros(2, 3))
        True
    """

def is_conj(input: Tensor) -> bool:
    """Returns ``True`` if `input` is a conjugated tensor (a lazily conjugated view): never here.

    eagertape has no complex dtype, so no conjugate views.

    Args:
        input (Tensor): the tensor to ask.

    Returns:
        bool: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.is_conj(et.ones(2))
        False
    """

def is_neg(input: Tensor) -> bool:
    """Returns ``True`` if `input` is a negative view (a lazily negated tensor): never here.

    eagertape records a negation as an op of its own.

    Args:
        input (Tensor): the tensor to ask.

    Returns:
        bool: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.is_neg(-et.ones(2))
        False
    """

def is_inference(input: Tensor) -> bool:
    """Returns ``True`` if `input` is an inference tensor: never here.

    ``et.inference_mode`` records nothing, as ``no_grad``, and makes ordinary tensors.

    Args:
        input (Tensor): the tensor to ask.

    Returns:
        bool: ``False``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(), et.inference_mode():
        ...     et.is_inference(et.ones(2))
        False
    """

def get_device(input: Tensor) -> int:
    """Returns the index of the CUDA device `input` is on, or -1 on the CPU.

    Args:
        input (Tensor): the tensor to ask.

    Returns:
        int: the device index, or -1 for a CPU tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.ones(2).get_device()
        -1
    """

def ravel(input: Tensor) -> Tensor:
    """Return a contiguous flattened tensor: `input.reshape(-1)`.

    A view where the layout allows, else a copy.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: the elements as one dimension.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.ravel(et.tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
        [1.0, 2.0, 3.0, 4.0]
    """

def movedim(
    input: Tensor, source: int | Sequence[int] | None, destination: int | Sequence[int] | None
) -> Tensor:
    """Moves the dimension(s) of `input` at the position(s) in `source` to the position(s) in
    `destination`.

    The other dimensions keep their order. A view.

    Args:
        input (Tensor): the input tensor.
        source (int or tuple of ints): original positions of the dims to move.
        destination (int or tuple of ints): destination positions for each of them.

    Returns:
        Tensor: the permuted view.

    Raises:
        et.ArgumentError: `source` and `destination` differ in length or repeat a dim.
        et.ShapeError: a dim is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.movedim(et.zeros(2, 3, 4), 0, -1).shape
        (3, 4, 2)
    """

def moveaxis(
    input: Tensor, source: int | Sequence[int] | None, destination: int | Sequence[int] | None
) -> Tensor:
    """Alias for `movedim`.

    Args:
        input (Tensor): the input tensor.
        source (int or tuple of ints): original positions of the dims to move.
        destination (int or tuple of ints): destination positions for each of them.

    Returns:
        Tensor: the permuted view.
    """

def swapaxes(input: Tensor, axis0: int, axis1: int) -> Tensor:
    """Alias for `transpose`: `axis0` and `axis1` swapped.

    Args:
        input (Tensor): the input tensor.
        axis0 (int): the first dimension.
        axis1 (int): the second dimension.

    Returns:
        Tensor: the transposed view.
    """

def swapdims(input: Tensor, dim0: int, dim1: int) -> Tensor:
    """Alias for `transpose`: `dim0` and `dim1` swapped.

    Args:
        input (Tensor): the input tensor.
        dim0 (int): the first dimension.
        dim1 (int): the second dimension.

    Returns:
        Tensor: the transposed view.
    """

def broadcast_to(input: Tensor, size: int | Sequence[int]) -> Tensor:
    """Broadcasts `input` to the shape `size`: `input.expand(size)`.

    Args:
        input (Tensor): the input tensor.
        size (tuple of ints): the new shape (-1 keeps a dim's size).

    Returns:
        Tensor: the expanded view.

    Raises:
        et.ShapeError: `input` does not broadcast to `size`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.broadcast_to(et.tensor([1.0, 2.0]), (2, 2)).tolist()
        [[1.0, 2.0], [1.0, 2.0]]
    """

def fliplr(input: Tensor) -> Tensor:
    """Flip tensor in the left/right direction: the order of dim 1 reversed.

    Args:
        input (Tensor): a tensor of at least 2 dims.

    Returns:
        Tensor: the flipped tensor (a copy, as torch's).

    Raises:
        et.ShapeError: `input` has fewer than 2 dims.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.fliplr(et.tensor([[1.0, 2.0]])).tolist()
        [[2.0, 1.0]]
    """

def flipud(input: Tensor) -> Tensor:
    """Flip tensor in the up/down direction: the order of dim 0 reversed.

    Args:
        input (Tensor): a tensor of at least 1 dim.

    Returns:
        Tensor: the flipped tensor (a copy, as torch's).

    Raises:
        et.ShapeError: `input` has no dims.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.flipud(et.tensor([1.0, 2.0])).tolist()
        [2.0, 1.0]
    """

def rot90(input: Tensor, k: int = 1, dims: int | Sequence[int] = [0, 1]) -> Tensor:
    """Rotate a n-D tensor by 90 degrees `k` times in the plane specified by `dims`.

    The rotation goes from the first towards the second axis of `dims`.

    Args:
        input (Tensor): a tensor of at least 2 dims.
        k (int): number of times to rotate (negative: the other way). Default: ``1``.
        dims (list or tuple): the two axes of the plane. Default: ``[0, 1]``.

    Returns:
        Tensor: the rotated tensor.

    Raises:
        et.ArgumentError: `dims` is not two different dims.
        et.ShapeError: `input` has fewer than 2 dims.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.rot90(et.tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
        [[2.0, 4.0], [1.0, 3.0]]
    """

def unbind(input: Tensor, dim: int = 0) -> tuple[Tensor, ...]:
    """Removes a tensor dimension: the slices of `input` along `dim`.

    Args:
        input (Tensor): the tensor to unbind.
        dim (int): the dimension to remove. Default: ``0``.

    Returns:
        tuple of Tensor: the slices (views).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     [t.tolist() for t in et.unbind(et.tensor([[1.0, 2.0], [3.0, 4.0]]))]
        [[1.0, 2.0], [3.0, 4.0]]
    """

def tensor_split(
    input: Tensor,
    indices_or_sections: int | Sequence[int] | Tensor | None = None,
    dim: int = 0,
    *,
    sections: int | None = None,
    indices: int | Sequence[int] | None = None,
    tensor_indices_or_sections: int | Sequence[int] | Tensor | None = None,
) -> tuple[Tensor, ...]:
    """Splits a tensor into multiple sub-tensors, all of which are views of `input`, along
    dimension `dim` according to the indices or number of sections specified by
    `indices_or_sections`.

    An int `n` gives `n` pieces, the first `size % n` of them one element longer; a sequence
    of indices gives the pieces between them (clamped to the dim, so a piece may be empty).

    Args:
        input (Tensor): the tensor to split.
        indices_or_sections (int or sequence of ints): the number of pieces, or the indices.
        dim (int): dimension along which to split. Default: ``0``.
        sections (int, optional): the number of pieces, by torch's keyword.
        indices (sequence of ints, optional): the indices, by torch's keyword.
        tensor_indices_or_sections (Tensor, optional): an integer tensor, 0-d (the number of
            pieces) or 1-d (the indices), by torch's keyword; its values are read back.

    Returns:
        tuple of Tensor: the pieces.

    Raises:
        et.ArgumentError: a number of sections below 1, or not exactly one way to split.
        et.ShapeError: `input` has no dims, or `dim` is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     [t.tolist() for t in et.tensor_split(et.arange(5.0), 2)]
        [[0.0, 1.0, 2.0], [3.0, 4.0]]
    """

def hsplit(
    input: Tensor,
    indices_or_sections: int | Sequence[int] | None = None,
    *,
    sections: int | None = None,
    indices: int | Sequence[int] | None = None,
) -> tuple[Tensor, ...]:
    """Splits `input` horizontally: `tensor_split` along dim 1 (dim 0 for a 1-D tensor).

    A number of sections must divide the dim.

    Args:
        input (Tensor): a tensor of at least 1 dim.
        indices_or_sections (int or sequence of ints): the number of pieces, or the indices.
        sections (int, optional): the number of pieces, by torch's keyword.
        indices (sequence of ints, optional): the indices, by torch's keyword.

    Returns:
        tuple of Tensor: the pieces.

    Raises:
        et.ArgumentError: a number of sections that does not divide the dim.
        et.ShapeError: `input` has no dims.
    """

def vsplit(
    input: Tensor,
    indices_or_sections: int | Sequence[int] | None = None,
    *,
    sections: int | None = None,
    indices: int | Sequence[int] | None = None,
) -> tuple[Tensor, ...]:
    """Splits `input` vertically: `tensor_split` along dim 0.

    A number of sections must divide the dim.

    Args:
        input (Tensor): a tensor of at least 2 dims.
        indices_or_sections (int or sequence of ints): the number of pieces, or the indices.
        sections (int, optional): the number of pieces, by torch's keyword.
        indices (sequence of ints, optional): the indices, by torch's keyword.

    Returns:
        tuple of Tensor: the pieces.

    Raises:
        et.ArgumentError: a number of sections that does not divide the dim.
        et.ShapeError: `input` has fewer than 2 dims.
    """

def dsplit(
    input: Tensor,
    indices_or_sections: int | Sequence[int] | None = None,
    *,
    sections: int | None = None,
    indices: int | Sequence[int] | None = None,
) -> tuple[Tensor, ...]:
    """Splits `input` depthwise: `tensor_split` along dim 2.

    A number of sections must divide the dim.

    Args:
        input (Tensor): a tensor of at least 3 dims.
        indices_or_sections (int or sequence of ints): the number of pieces, or the indices.
        sections (int, optional): the number of pieces, by torch's keyword.
        indices (sequence of ints, optional): the indices, by torch's keyword.

    Returns:
        tuple of Tensor: the pieces.

    Raises:
        et.ArgumentError: a number of sections that does not divide the dim.
        et.ShapeError: `input` has fewer than 3 dims.
    """

def add(
    input: Tensor | ArrayLike | float,
    other: Tensor | ArrayLike | float,
    *,
    alpha: float | None = None,
) -> Tensor:
    """Returns `input + alpha * other`, as `torch.add`.

    Either operand may be a number (torch's wrapped number: a constant of the
    tensor's dtype, or the op's scalar form).

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the value to add.
        alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.add(et.tensor([1.0, 2.0]), 1.0, alpha=2.0).tolist()
        [3.0, 4.0]
    """

def sub(
    input: Tensor | ArrayLike | float,
    other: Tensor | ArrayLike | float,
    *,
    alpha: float | None = None,
) -> Tensor:
    """Returns `input - alpha * other`, as `torch.sub`.

    Either operand may be a number (torch's wrapped number).

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the value to subtract.
        alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).

    Returns:
        Tensor: a new tensor of the broadcast shape.
    """

def subtract(
    input: Tensor | ArrayLike | float,
    other: Tensor | ArrayLike | float,
    *,
    alpha: float | None = None,
) -> Tensor:
    """Alias for `sub`.

    Args:
        input (Tensor or float): the first operand.
        other (Tensor or float): the value to subtract.
        alpha (float, optional): the multiplier of `other`. Default: ``None`` (1).

    Returns:
        Tensor: a new tensor of the broadcast shape.
    """

def div(
    input: Tensor | ArrayLike | float,
    other: Tensor | ArrayLike | float,
    *,
    rounding_mode: str | None = None,
) -> Tensor:
    """Returns `input / other`, rounded as `rounding_mode` says, as `torch.div`.

    Either operand may be a number (torch's wrapped number).

    Args:
        input (Tensor or float): the dividend.
        other (Tensor or float): the divisor.
        rounding_mode (str, optional): ``None`` (true division), ``"trunc"``
            (rounded toward zero) or ``"floor"`` (rounded down, as `//`); a rounded
            quotient has a zero gradient, as torch's. Default: ``None``.

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Raises:
        ArgumentError: another `rounding_mode`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.div(et.tensor([-7.0, 7.0]), 2.0, rounding_mode="trunc").tolist()
        [-3.0, 3.0]
    """

def divide(
    input: Tensor | ArrayLike | float,
    other: Tensor | ArrayLike | float,
    *,
    rounding_mode: str | None = None,
) -> Tensor:
    """Alias for `div`.

    Args:
        input (Tensor or float): the dividend.
        other (Tensor or float): the divisor.
        rounding_mode (str, optional): ``None``, ``"trunc"`` or ``"floor"``.
            Default: ``None``.

    Returns:
        Tensor: a new tensor of the broadcast shape.
    """

def true_divide(input: Tensor | ArrayLike | float, other: Tensor | ArrayLike | float) -> Tensor:
    """Alias for `div` without rounding: `input / other`.

    Args:
        input (Tensor or float): the dividend.
        other (Tensor or float): the divisor.

    Returns:
        Tensor: a new tensor of the broadcast shape.
    """

def positive(input: Tensor) -> Tensor:
    """Returns `input`, as `torch.positive` (`+input`).

    The result names the same value (torch returns an alias of `input`); its gradient
    passes through unchanged.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: `input`'s value.

    Raises:
        TypeError: `input` is a bool tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.positive(et.tensor([-1.0, 2.0])).tolist()
        [-1.0, 2.0]
    """

def eq(input: Tensor, other: Tensor | ArrayLike | float) -> Tensor:
    """Computes `input == other` element-wise, as `torch.eq`.

    The result is bool data (no gradient); `other` is a tensor, a Python number
    or array data (converted as a constant), broadcast against `input`.

    Args:
        input (Tensor): the tensor to compare.
        other (Tensor, float or array_like): the value to compare with.

    Returns:
        Tensor: a bool tensor of the broadcast shape, True where `input` is
        equal to `other`.

    Raises:
        DTypeError: `other` is a tensor whose dtype cannot be compared with
            `input`'s (a floating tensor and an integer or bool tensor).
    """

def ne(input: Tensor, other: Tensor | ArrayLike | float) -> Tensor:
    """Computes `input != other` element-wise, as `torch.ne`.

    The result is bool data (no gradient); `other` is a tensor, a Python number
    or array data (converted as a constant), broadcast against `input`.

    Args:
        input (Tensor): the tensor to compare.
        other (Tensor, float or array_like): the value to compare with.

    Returns:
        Tensor: a bool tensor of the broadcast shape, True where `input` is
        not equal to `other`.

    Raises:
        DTypeError: `other` is a tensor whose dtype cannot be compared with
            `input`'s (a floating tensor and an integer or bool tensor).
    """

def lt(input: Tensor, other: Tensor | ArrayLike | float) -> Tensor:
    """Computes `input < other` element-wise, as `torch.lt`.

    The result is bool data (no gradient); `other` is a tensor, a Python number
    or array data (converted as a constant), broadcast against `input`.

    Args:
        input (Tensor): the tensor to compare.
        other (Tensor, float or array_like): the value to compare with.

    Returns:
        Tensor: a bool tensor of the broadcast shape, True where `input` is
        less than `other`.

    Raises:
        DTypeError: `other` is a tensor whose dtype cannot be compared with
            `input`'s (a floating tensor and an integer or bool tensor).
    """

def le(input: Tensor, other: Tensor | ArrayLike | float) -> Tensor:
    """Computes `input <= other` element-wise, as `torch.le`.

    The result is bool data (no gradient); `other` is a tensor, a Python number
    or array data (converted as a constant), broadcast against `input`.

    Args:
        input (Tensor): the tensor to compare.
        other (Tensor, float or array_like): the value to compare with.

    Returns:
        Tensor: a bool tensor of the broadcast shape, True where `input` is
        less than or equal to `other`.

    Raises:
        DTypeError: `other` is a tensor whose dtype cannot be compared with
            `input`'s (a floating tensor and an integer or bool tensor).
    """

def gt(input: Tensor, other: Tensor | ArrayLike | float) -> Tensor:
    """Computes `input > other` element-wise, as `torch.gt`.

    The result is bool data (no gradient); `other` is a tensor, a Python number
    or array data (converted as a constant), broadcast against `input`.

    Args:
        input (Tensor): the tensor to compare.
        other (Tensor, float or array_like): the value to compare with.

    Returns:
        Tensor: a bool tensor of the broadcast shape, True where `input` is
        greater than `other`.

    Raises:
        DTypeError: `other` is a tensor whose dtype cannot be compared with
            `input`'s (a floating tensor and an integer or bool tensor).
    """

def ge(input: Tensor, other: Tensor | ArrayLike | float) -> Tensor:
    """Computes `input >= other` element-wise, as `torch.ge`.

    The result is bool data (no gradient); `other` is a tensor, a Python number
    or array data (converted as a constant), broadcast against `input`.

    Args:
        input (Tensor): the tensor to compare.
        other (Tensor, float or array_like): the value to compare with.

    Returns:
        Tensor: a bool tensor of the broadcast shape, True where `input` is
        greater than or equal to `other`.

    Raises:
        DTypeError: `other` is a tensor whose dtype cannot be compared with
            `input`'s (a floating tensor and an integer or bool tensor).
    """

def logical_and(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Computes the element-wise logical AND of the given input tensors.

    Zeros are treated as ``False`` and nonzeros (NaN included) as ``True``; the result is bool
    data (no gradient), `input` and `other` broadcast.

    Args:
        input (Tensor): the input tensor.
        other (Tensor): the tensor to compute AND with.

    Returns:
        Tensor: bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.logical_and(et.tensor([True, False, True]), et.tensor([True, True, False])).tolist()
        [True, False, False]
    """

def logical_or(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Computes the element-wise logical OR of the given input tensors.

    Zeros are treated as ``False`` and nonzeros (NaN included) as ``True``; the result is bool
    data (no gradient), `input` and `other` broadcast.

    Args:
        input (Tensor): the input tensor.
        other (Tensor): the tensor to compute OR with.

    Returns:
        Tensor: bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.logical_or(et.tensor([0.0, 2.0]), et.tensor([0.0, 0.0])).tolist()
        [False, True]
    """

def logical_xor(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Computes the element-wise logical XOR of the given input tensors.

    Zeros are treated as ``False`` and nonzeros (NaN included) as ``True``; the result is bool
    data (no gradient), `input` and `other` broadcast.

    Args:
        input (Tensor): the input tensor.
        other (Tensor): the tensor to compute XOR with.

    Returns:
        Tensor: bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.logical_xor(et.tensor([1, 0, 1]), et.tensor([1, 1, 0])).tolist()
        [False, True, True]
    """

def isinf(input: Tensor) -> Tensor:
    """Tests if each element of `input` is infinite (positive or negative infinity).

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: bool data, true where `input` is infinite.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.isinf(et.tensor([1.0, float("inf"), float("-inf"), float("nan")])).tolist()
        [False, True, True, False]
    """

def isposinf(input: Tensor) -> Tensor:
    """Tests if each element of `input` is positive infinity.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: bool data, true where `input` is `+inf`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.isposinf(et.tensor([float("inf"), float("-inf")])).tolist()
        [True, False]
    """

def isneginf(input: Tensor) -> Tensor:
    """Tests if each element of `input` is negative infinity.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: bool data, true where `input` is `-inf`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.isneginf(et.tensor([float("inf"), float("-inf")])).tolist()
        [False, True]
    """

def isreal(input: Tensor) -> Tensor:
    """Returns a new tensor with boolean elements representing if each element of `input` is
    real-valued or not: always, as eagertape has no complex dtype.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: bool data, true everywhere.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.isreal(et.tensor([1.0, float("nan")])).tolist()
        [True, True]
    """

def not_equal(input: Tensor, other: Tensor | ArrayLike | float) -> Tensor:
    """Alias for `ne`.

    Args:
        input (Tensor): the tensor to compare.
        other (Tensor, float or array_like): the value to compare with.

    Returns:
        Tensor: a bool tensor of the broadcast shape.
    """

def less(input: Tensor, other: Tensor | ArrayLike | float) -> Tensor:
    """Alias for `lt`.

    Args:
        input (Tensor): the tensor to compare.
        other (Tensor, float or array_like): the value to compare with.

    Returns:
        Tensor: a bool tensor of the broadcast shape.
    """

def less_equal(input: Tensor, other: Tensor | ArrayLike | float) -> Tensor:
    """Alias for `le`.

    Args:
        input (Tensor): the tensor to compare.
        other (Tensor, float or array_like): the value to compare with.

    Returns:
        Tensor: a bool tensor of the broadcast shape.
    """

def greater(input: Tensor, other: Tensor | ArrayLike | float) -> Tensor:
    """Alias for `gt`.

    Args:
        input (Tensor): the tensor to compare.
        other (Tensor, float or array_like): the value to compare with.

    Returns:
        Tensor: a bool tensor of the broadcast shape.
    """

def greater_equal(input: Tensor, other: Tensor | ArrayLike | float) -> Tensor:
    """Alias for `ge`.

    Args:
        input (Tensor): the tensor to compare.
        other (Tensor, float or array_like): the value to compare with.

    Returns:
        Tensor: a bool tensor of the broadcast shape.
    """

def sort(
    input: Tensor, dim: int = -1, descending: bool = False, stable: bool = False
) -> SortResult:
    """Sorts the elements of the `input` tensor along a given dimension in ascending
    order by value.

    The indices are int64 data from LibTorch's sort (ties in torch's order, kept
    in input order with `stable`); the values are the `gather` of `input` at them,
    which carries the gradient. Floating-point input and a LibTorch carrier only.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension to sort along. Default: ``-1``.
        descending (bool): sort in descending order. Default: ``False``.
        stable (bool): keep the order of equal elements. Default: ``False``.

    Returns:
        SortResult: the named tuple `(values, indices)`.

    Raises:
        DTypeError: if `input` holds integer or bool data.
        UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     values, indices = et.sort(et.tensor([3.0, 1.0, 2.0]))
        ...     values.tolist(), indices.tolist()
        ([1.0, 2.0, 3.0], [1, 2, 0])
    """

def argsort(input: Tensor, dim: int = -1, descending: bool = False, stable: bool = False) -> Tensor:
    """Returns the indices that sort a tensor along a given dimension in ascending
    order by value.

    `eagertape.sort(...).indices`: int64 data, no gradient. Floating-point input
    and a LibTorch carrier only.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension to sort along. Default: ``-1``.
        descending (bool): sort in descending order. Default: ``False``.
        stable (bool): keep the order of equal elements. Default: ``False``.

    Returns:
        Tensor: int64 indices.

    Raises:
        DTypeError: if `input` holds integer or bool data.
        UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.argsort(et.tensor([3.0, 1.0, 2.0]), descending=True).tolist()
        [0, 2, 1]
    """

def msort(input: Tensor) -> Tensor:
    """Sorts the elements of `input` along its first dimension in ascending order by
    value.

    `eagertape.sort(input, dim=0).values`. Floating-point input and a LibTorch
    carrier only.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: the sorted values.

    Raises:
        DTypeError: if `input` holds integer or bool data.
        UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.msort(et.tensor([[3.0, 1.0], [2.0, 4.0]])).tolist()
        [[2.0, 1.0], [3.0, 4.0]]
    """

def topk(
    input: Tensor, k: int, dim: int = -1, largest: bool = True, sorted: bool = True
) -> TopkResult:
    """Returns the `k` largest elements of the given `input` tensor along a given
    dimension.

    A named tuple `(values, indices)` is returned, the indices (int64 data) being
    those of the elements in `input`. Backward passes the gradient of `values` to
    the selected elements of `input`.

    Args:
        input (Tensor): the input tensor.
        k (int): the k in "top-k".
        dim (int): the dimension to sort along. Default: ``-1`` (the last).
        largest (bool): whether to return the largest or the smallest elements.
            Default: ``True``.
        sorted (bool): whether to return the elements in sorted order. Default:
            ``True``.

    Returns:
        TopkResult: the named tuple `(values, indices)`.

    Raises:
        ArgumentError: `k` is negative or larger than the dimension.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     values, indices = et.topk(et.tensor([1.0, 5.0, 3.0, 4.0]), 2)
        ...     values.tolist(), indices.tolist()
        ([5.0, 4.0], [1, 3])
    """

def kthvalue(input: Tensor, k: int, dim: int = -1, keepdim: bool = False) -> KthvalueResult:
    """Returns the `k`-th smallest element of each row of `input` along `dim`, and
    its index.

    `k` counts from 1. The indices are int64 data; the values carry the gradient
    to the indexed elements. Floating-point input and a LibTorch carrier only.

    Args:
        input (Tensor): the input tensor.
        k (int): `k` for the `k`-th smallest element.
        dim (int): the dimension to find the `k`-th value along. Default: ``-1``.
        keepdim (bool): whether the outputs keep `dim` with size 1. Default:
            ``False``.

    Returns:
        KthvalueResult: the named tuple `(values, indices)`.

    Raises:
        ArgumentError: if `k` is out of range for the dimension.
        DTypeError: if `input` holds integer or bool data.
        UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     r = et.kthvalue(et.tensor([3.0, 1.0, 2.0]), 2)
        ...     r.values.item(), r.indices.item()
        (2.0, 2)
    """

def median(input: Tensor, dim: int | None = None, keepdim: bool = False) -> Tensor | MedianResult:
    """Returns the median of the values in `input`, or of each row along `dim`.

    For an even number of elements, the lower of the two middle values (no
    averaging); a NaN makes the median NaN. Without `dim` a 0-d tensor (its
    gradient split evenly between the elements equal to it); with `dim` the named
    tuple `(values, indices)`, the indices int64 data. Floating-point input and a
    LibTorch carrier only.

    Args:
        input (Tensor): the input tensor.
        dim (int, optional): the dimension to reduce. Default: ``None`` (all
            elements).
        keepdim (bool): whether the outputs keep `dim` with size 1. Default:
            ``False``.

    Returns:
        Tensor or MedianResult: the median; `(values, indices)` with `dim`.

    Raises:
        DTypeError: if `input` holds integer or bool data.
        UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[4.0, 1.0, 3.0, 2.0]])
        ...     et.median(x).item(), et.median(x, 1).indices.tolist()
        (2.0, [3])
    """

def nanmedian(
    input: Tensor, dim: int | None = None, keepdim: bool = False
) -> Tensor | MedianResult:
    """Returns the median of the values in `input`, ignoring NaN values.

    As `eagertape.median` (the lower median; without `dim` a 0-d tensor, with
    `dim` the named tuple `(values, indices)`), over the non-NaN elements; a slice
    of only NaNs gives NaN. Floating-point input and a LibTorch carrier only.

    Args:
        input (Tensor): the input tensor.
        dim (int, optional): the dimension to reduce. Default: ``None`` (all
            elements).
        keepdim (bool): whether the outputs keep `dim` with size 1. Default:
            ``False``.

    Returns:
        Tensor or MedianResult: the median; `(values, indices)` with `dim`.

    Raises:
        DTypeError: if `input` holds integer or bool data.
        UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nanmedian(et.tensor([float("nan"), 3.0, 1.0, 2.0])).item()
        2.0
    """

def mode(input: Tensor, dim: int = -1, keepdim: bool = False) -> ModeResult:
    """Returns the mode value of each row of `input` in the given dimension `dim`,
    and its index.

    The mode is the most frequent value (the smallest of equally frequent ones);
    `indices` (int64 data) holds an index of it. The values carry the gradient to
    the indexed elements. Floating-point input and a LibTorch carrier only.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension to reduce. Default: ``-1``.
        keepdim (bool): whether the outputs keep `dim` with size 1. Default:
            ``False``.

    Returns:
        ModeResult: the named tuple `(values, indices)`.

    Raises:
        DTypeError: if `input` holds integer or bool data.
        UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.mode(et.tensor([[1.0, 2.0, 2.0, 3.0]])).values.tolist()
        [2.0]
    """

def cummax(input: Tensor, dim: int) -> CummaxResult:
    """Returns the cumulative maximum of elements of `input` in dimension `dim`, and
    its indices.

    `values[i]` is the maximum of `input[:i + 1]` along `dim` and `indices[i]`
    (int64 data) where it was found; the values carry the gradient to those
    elements. Floating-point input and a LibTorch carrier only.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension to do the operation over.

    Returns:
        CummaxResult: the named tuple `(values, indices)`, each of `input`'s shape.

    Raises:
        DTypeError: if `input` holds integer or bool data.
        UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     r = et.cummax(et.tensor([1.0, 3.0, 2.0, 5.0]), 0)
        ...     r.values.tolist(), r.indices.tolist()
        ([1.0, 3.0, 3.0, 5.0], [0, 1, 1, 3])
    """

def cummin(input: Tensor, dim: int) -> CumminResult:
    """Returns the cumulative minimum of elements of `input` in dimension `dim`, and
    its indices.

    `values[i]` is the minimum of `input[:i + 1]` along `dim` and `indices[i]`
    (int64 data) where it was found; the values carry the gradient to those
    elements. Floating-point input and a LibTorch carrier only.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension to do the operation over.

    Returns:
        CumminResult: the named tuple `(values, indices)`, each of `input`'s shape.

    Raises:
        DTypeError: if `input` holds integer or bool data.
        UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     r = et.cummin(et.tensor([3.0, 1.0, 2.0, 0.0]), 0)
        ...     r.values.tolist(), r.indices.tolist()
        ([3.0, 1.0, 1.0, 0.0], [0, 1, 1, 3])
    """

def cumprod(input: Tensor, dim: int, *, dtype: None = None) -> Tensor:
    """Returns the cumulative product of elements of `input` in the dimension `dim`.

    LibTorch's derivative, exact where `input` has zeros. Floating-point input and
    a LibTorch carrier only.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension to do the operation over.
        dtype (optional): accepted for torch compatibility and must stay ``None``
            (the session computes in its own dtype). Default: ``None``.

    Returns:
        Tensor: a tensor of `input`'s shape.

    Raises:
        ArgumentError: if `dtype` is given.
        DTypeError: if `input` holds integer or bool data.
        UnsupportedOpError: on a reference carrier (``ieee32``, ``interval``).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.cumprod(et.tensor([1.0, 2.0, 3.0]), 0).tolist()
        [1.0, 2.0, 6.0]
    """

def aminmax(input: Tensor, *, dim: int | None = None, keepdim: bool = False) -> AminmaxResult:
    """Computes the minimum and maximum values of the `input` tensor.

    The pair `eagertape.amin(input, dim, keepdim)`, `eagertape.amax(input, dim,
    keepdim)`: unlike torch's `aminmax`, both results are differentiable (ties
    share the gradient evenly).

    Args:
        input (Tensor): the input tensor.
        dim (int, optional): the dimension to reduce. Default: ``None`` (all
            elements).
        keepdim (bool): whether the outputs keep `dim` with size 1. Default:
            ``False``.

    Returns:
        AminmaxResult: the named tuple `(min, max)`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     r = et.aminmax(et.tensor([[1.0, 5.0], [7.0, 2.0]]), dim=1)
        ...     r.min.tolist(), r.max.tolist()
        ([1.0, 2.0], [5.0, 7.0])
    """

def unique(
    input: Tensor,
    sorted: bool = True,
    return_inverse: bool = False,
    return_counts: bool = False,
    dim: int | None = None,
) -> Tensor | tuple[Tensor, ...]:
    """Returns the unique elements of the input tensor.

    The length of the result depends on the data. With `return_inverse` or `return_counts`
    a tuple is returned: the unique values, then the inverse indices, then the counts (each
    only when asked for). The results carry no gradient.

    Args:
        input (Tensor): the input tensor.
        sorted (bool): whether to sort the unique elements in ascending order.
            Default: ``True``.
        return_inverse (bool): whether to also return, for each element of `input`, the index
            of its value in the result. Default: ``False``.
        return_counts (bool): whether to also return the number of occurrences of each unique
            value. Default: ``False``.
        dim (int, optional): the dimension whose slices are compared (unique rows, for
            ``dim=0``). Default: ``None`` (the flattened input).

    Returns:
        Tensor or tuple of Tensors: the unique values, and the inverse indices and counts
        where asked for.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     values, inverse, counts = et.unique(
        ...         et.tensor([3, 1, 3, 2]), return_inverse=True, return_counts=True
        ...     )
        ...     values.tolist(), inverse.tolist(), counts.tolist()
        ([1, 2, 3], [2, 0, 2, 1], [1, 1, 2])
    """

def bernoulli(input: Tensor, p: float | None = None, *, generator: None = None) -> Tensor:
    """Draws binary random numbers (0 or 1) from a Bernoulli distribution.

    Each element of the result is 1 with the probability the same element of `input` holds
    (or with probability `p`, if given), drawn from the session's generator. The result has
    `input`'s shape and dtype and carries no gradient.

    Args:
        input (Tensor): the probabilities, in ``[0, 1]``.
        p (float, optional): one probability for every element instead of `input`'s values.
            Default: ``None``.
        generator: not supported (the session's generator draws); must be ``None``.

    Returns:
        Tensor: the 0/1 draws.

    Raises:
        ArgumentError: a `generator` is given.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(seed=0):
        ...     et.bernoulli(et.tensor([0.0, 1.0, 1.0])).tolist()
        [0.0, 1.0, 1.0]
    """

def multinomial(
    input: Tensor, num_samples: int, replacement: bool = False, *, generator: None = None
) -> Tensor:
    """Returns a tensor where each row contains `num_samples` indices sampled from the
    multinomial probability distribution located in the corresponding row of `input`.

    `input` holds non-negative weights (they need not sum to one), 1-D or 2-D (one
    distribution per row). The `int64` indices are drawn from the session's generator: with
    replacement by each row's inverse CDF, without by exponential races (torch's method).

    Args:
        input (Tensor): the weights, of shape `(k,)` or `(n, k)`.
        num_samples (int): the number of samples to draw per row.
        replacement (bool): whether to draw with replacement. Default: ``False``.
        generator: not supported (the session's generator draws); must be ``None``.

    Returns:
        Tensor: `int64` indices of shape `(num_samples,)` or `(n, num_samples)`.

    Raises:
        ArgumentError: more samples than categories without replacement, or a `generator`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(seed=0):
        ...     et.multinomial(et.tensor([0.0, 1.0, 0.0]), 2, replacement=True).tolist()
        [1, 1]
    """

def chunk(input: Tensor, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
    """Attempts to split a tensor into the specified number of chunks.

    As torch's: each chunk has `ceil(size / chunks)` elements along `dim` (the last may be
    smaller), so fewer than `chunks` pieces may come back.

    Args:
        input (Tensor): the tensor to split.
        chunks (int): the number of chunks to return.
        dim (int): the dimension along which to split. Default: ``0``.

    Returns:
        tuple of Tensors: the chunks.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, 2.0, 3.0, 4.0, 5.0])
        ...     [t.tolist() for t in et.chunk(x, 2)]
        [[1.0, 2.0, 3.0], [4.0, 5.0]]
    """

def unsafe_chunk(input: Tensor, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
    """Works like `chunk` (torch's form without its view-aliasing check, which eagertape's
    values never need).

    Args:
        input (Tensor): the tensor to split.
        chunks (int): the number of chunks to return.
        dim (int): the dimension along which to split. Default: ``0``.

    Returns:
        tuple of Tensors: the chunks.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     [t.tolist() for t in et.unsafe_chunk(et.tensor([1.0, 2.0, 3.0]), 2)]
        [[1.0, 2.0], [3.0]]
    """

def unsafe_split(input: Tensor, split_size: int, dim: int = 0) -> tuple[Tensor, ...]:
    """Works like `split` with an int size (torch's form without its view-aliasing check).

    Args:
        input (Tensor): the tensor to split.
        split_size (int): the size of each chunk (the last may be smaller).
        dim (int): the dimension along which to split. Default: ``0``.

    Returns:
        tuple of Tensors: the chunks.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     [t.tolist() for t in et.unsafe_split(et.tensor([1.0, 2.0, 3.0]), 2)]
        [[1.0, 2.0], [3.0]]
    """

def split_with_sizes(
    input: Tensor, split_sizes: int | Sequence[int], dim: int = 0
) -> tuple[Tensor, ...]:
    """Splits `input` into pieces of the given sizes along `dim`.

    Args:
        input (Tensor): the tensor to split.
        split_sizes (list of ints): the size of each piece; they add up to the size of
            `dim`.
        dim (int): the dimension along which to split. Default: ``0``.

    Returns:
        tuple of Tensors: the pieces.

    Raises:
        TypeError: `split_sizes` is an int.
        ShapeError: the sizes do not add up to the size of `dim`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     [t.tolist() for t in et.split_with_sizes(et.tensor([1.0, 2.0, 3.0]), [1, 2])]
        [[1.0], [2.0, 3.0]]
    """

def unsafe_split_with_sizes(
    input: Tensor, split_sizes: int | Sequence[int], dim: int = 0
) -> tuple[Tensor, ...]:
    """Works like `split_with_sizes` (torch's form without its view-aliasing check).

    Args:
        input (Tensor): the tensor to split.
        split_sizes (list of ints): the size of each piece; they add up to the size of
            `dim`.
        dim (int): the dimension along which to split. Default: ``0``.

    Returns:
        tuple of Tensors: the pieces.

    Raises:
        TypeError: `split_sizes` is an int.
        ShapeError: the sizes do not add up to the size of `dim`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     [t.tolist() for t in et.unsafe_split_with_sizes(et.tensor([1.0, 2.0]), [1, 1])]
        [[1.0], [2.0]]
    """

def clamp(
    input: Tensor,
    min: Tensor | ArrayLike | float | None = None,
    max: Tensor | ArrayLike | float | None = None,
) -> Tensor:
    """Clamps all elements in `input` into the range [`min`, `max`].

    Each bound is a number or a tensor (broadcast against `input`; array-like data is a
    constant in the session's dtype, a number beside a tensor bound one of `input`'s);
    with both, `max` wins where `min > max`, as in torch. With tensor bounds the
    gradient follows torch's rule for each operand: `input` gets it where it lies inside
    its bounds, each bound where it is the one chosen. Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        min (float or Tensor, optional): the lower bound. Default: ``None`` (no lower
            bound).
        max (float or Tensor, optional): the upper bound. Default: ``None`` (no upper
            bound).

    Returns:
        Tensor: the clamped tensor.

    Raises:
        ArgumentError: if both `min` and `max` are ``None``.
        DTypeError: if `input` holds integer or bool data.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([-2.0, 0.5, 3.0])
        ...     et.clamp(x, min=-1.0, max=1.0).tolist()
        [-1.0, 0.5, 1.0]
    """

def clip(
    input: Tensor,
    min: Tensor | ArrayLike | float | None = None,
    max: Tensor | ArrayLike | float | None = None,
) -> Tensor:
    """Alias for `clamp`: every element of `input` clamped into `[min, max]`.

    Args:
        input (Tensor): the input tensor.
        min (Number or Tensor, optional): the lower bound. Default: ``None``.
        max (Number or Tensor, optional): the upper bound. Default: ``None``.

    Returns:
        Tensor: the clamped tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.clip(et.tensor([-2.0, 0.5]), -1.0, 1.0).tolist()
        [-1.0, 0.5]
    """

def clone(input: Tensor, *, memory_format: object | None = None) -> Tensor:
    """Returns a copy of `input`: a new tensor with the same value, dtype and device.

    The gradient passes back to `input` unchanged, as torch's `clone`; a later in-place
    method on either tensor leaves the other as it was.

    Args:
        input (Tensor): the tensor to copy.
        memory_format (torch.memory_format, optional): accepted; every layout shows the
            same values. Default: ``None``.

    Returns:
        Tensor: the copy.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, 2.0])
        ...     y = x.clone()
        ...     _ = y.add_(1.0)
        ...     x.tolist(), y.tolist()
        ([1.0, 2.0], [2.0, 3.0])
    """

def mm(input: Tensor, mat2: Tensor | ArrayLike, *, out_dtype: None = None) -> Tensor:
    """Performs a matrix multiplication of the matrices `input` and `mat2`.

    `input` is `(n, m)` and `mat2` `(m, p)` (no broadcasting, as torch's `mm`;
    `eagertape.matmul` broadcasts). Both get gradients.

    Args:
        input (Tensor): the first matrix, `(n, m)`.
        mat2 (Tensor): the second matrix, `(m, p)`.
        out_dtype (optional): accepted for torch compatibility and must stay ``None``
            (the result has the operands' dtype). Default: ``None``.

    Returns:
        Tensor: of shape `(n, p)`.

    Raises:
        ShapeError: an operand is not 2-D, or the inner sizes differ.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.ones(2, 3).mm(et.ones(3, 4)).shape)
        (2, 4)
    """

def bmm(input: Tensor, mat2: Tensor | ArrayLike, *, out_dtype: None = None) -> Tensor:
    """Performs a batch matrix-matrix product of matrices stored in `input` and `mat2`.

    `input` is `(b, n, m)` and `mat2` `(b, m, p)`, with the same batch size `b` (no broadcasting, as
    torch's `bmm`; `eagertape.matmul` broadcasts). Both get gradients.

    Args:
        input (Tensor): the first batch of matrices, `(b, n, m)`.
        mat2 (Tensor): the second batch of matrices, `(b, m, p)`.
        out_dtype (optional): accepted for torch compatibility and must stay ``None``
            (the result has the operands' dtype). Default: ``None``.

    Returns:
        Tensor: of shape `(b, n, p)`.

    Raises:
        ShapeError: the operands are not 3-D with one batch size, or the inner sizes differ.
        TypeError: `mat2` is not an eagertape tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.bmm(et.ones(5, 2, 3), et.ones(5, 3, 4)).shape)
        (5, 2, 4)
    """

def dot(input: Tensor, tensor: Tensor | ArrayLike) -> Tensor:
    """Computes the dot product of two 1D tensors.

    `input` and `tensor` are 1-D, of one size and one dtype (no broadcasting, as torch's
    `dot`); recorded as a matrix product, so both get gradients.

    Args:
        input (Tensor): the first vector.
        tensor (Tensor): the second vector.

    Returns:
        Tensor: a 0-d tensor.

    Raises:
        ShapeError: an operand is not 1-D, or their sizes differ.
        DTypeError: their dtypes differ.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.dot(et.tensor([2.0, 3.0]), et.tensor([2.0, 1.0])).item()
        7.0
    """

def vdot(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Computes the dot product of two 1D vectors along a dimension, conjugating the first.

    For real tensors (eagertape has no complex ones) this is `dot`.

    Args:
        input (Tensor): the first vector (conjugated).
        other (Tensor): the second vector.

    Returns:
        Tensor: a 0-d tensor.

    Raises:
        ShapeError: an operand is not 1-D, or their sizes differ.
        DTypeError: their dtypes differ.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.vdot(et.tensor([2.0, 3.0]), et.tensor([2.0, 1.0])).item()
        7.0
    """

def inner(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Computes the dot product for 1D tensors; for higher dimensions, sums the product of
    elements from `input` and `other` along their last dimension.

    The result's shape is ``input.shape[:-1] + other.shape[:-1]``; a 0-d operand
    multiplies the other. Both get gradients.

    Args:
        input (Tensor): the first operand.
        other (Tensor): the second operand, with `input`'s last size.

    Returns:
        Tensor: the contraction over the last dims.

    Raises:
        ShapeError: the last sizes differ.
        DTypeError: their dtypes differ.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.inner(et.ones(2, 3), et.ones(4, 5, 3)).shape)
        (2, 4, 5)
    """

def mv(input: Tensor, vec: Tensor | ArrayLike) -> Tensor:
    """Performs a matrix-vector product of the matrix `input` and the vector `vec`.

    `input` is `(n, m)` and `vec` `(m)` (no broadcasting, as torch's `mv`). Both get
    gradients.

    Args:
        input (Tensor): the matrix, `(n, m)`.
        vec (Tensor): the vector, `(m)`.

    Returns:
        Tensor: of shape `(n)`.

    Raises:
        ShapeError: the shapes are not a matrix and a vector of its column count.
        DTypeError: their dtypes differ.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.mv(et.tensor([[1.0, 2.0], [3.0, 4.0]]), et.tensor([1.0, 1.0])).tolist()
        [3.0, 7.0]
    """

def ger(input: Tensor, vec2: Tensor | ArrayLike) -> Tensor:
    """Alias of `outer` (torch's deprecated name): the outer product of two vectors.

    Args:
        input (Tensor): the 1-D input vector.
        vec2 (Tensor): the 1-D input vector.

    Returns:
        Tensor: the 2-D outer product.

    Raises:
        ShapeError: an operand is not 1-D.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.ger(et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0])).tolist()
        [[3.0, 4.0], [6.0, 8.0]]
    """

def addmv(
    input: Tensor,
    mat: Tensor | ArrayLike,
    vec: Tensor | ArrayLike,
    *,
    beta: float = 1.0,
    alpha: float = 1.0,
) -> Tensor:
    """Performs a matrix-vector product of the matrix `mat` and the vector `vec`, and adds
    `input` to the result.

    Computes `beta * input + alpha * (mat @ vec)`; `input` broadcasts to `(n)`, and with
    ``beta=0`` it is ignored (NaNs in it included), as in torch.

    Args:
        input (Tensor): the vector to be added.
        mat (Tensor): the matrix to be multiplied, `(n, m)`.
        vec (Tensor): the vector to be multiplied, `(m)`.
        beta (float): the multiplier for `input`. Default: ``1.0``.
        alpha (float): the multiplier for `mat @ vec`. Default: ``1.0``.

    Returns:
        Tensor: of shape `(n)`.

    Raises:
        ShapeError: the shapes do not fit together.
        DTypeError: the dtypes of `mat` and `vec` differ.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.addmv(et.ones(2), et.eye(2), et.tensor([1.0, 2.0]), alpha=2.0).tolist()
        [3.0, 5.0]
    """

def addr(
    input: Tensor,
    vec1: Tensor | ArrayLike,
    vec2: Tensor | ArrayLike,
    *,
    beta: float = 1.0,
    alpha: float = 1.0,
) -> Tensor:
    """Performs the outer-product of vectors `vec1` and `vec2` and adds it to the matrix
    `input`.

    Computes `beta * input + alpha * outer(vec1, vec2)`; `input` broadcasts to `(n, m)`,
    and with ``beta=0`` it is ignored (NaNs in it included), as in torch.

    Args:
        input (Tensor): the matrix to be added.
        vec1 (Tensor): the first vector of the outer product, `(n)`.
        vec2 (Tensor): the second vector of the outer product, `(m)`.
        beta (float): the multiplier for `input`. Default: ``1.0``.
        alpha (float): the multiplier for the outer product. Default: ``1.0``.

    Returns:
        Tensor: of shape `(n, m)`.

    Raises:
        ShapeError: the shapes do not fit together.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.addr(et.zeros(2, 2), et.tensor([1.0, 2.0]), et.tensor([1.0, 3.0])).tolist()
        [[1.0, 3.0], [2.0, 6.0]]
    """

def addbmm(
    input: Tensor,
    batch1: Tensor | ArrayLike,
    batch2: Tensor | ArrayLike,
    *,
    beta: float = 1.0,
    alpha: float = 1.0,
) -> Tensor:
    """Performs a batch matrix-matrix product of matrices stored in `batch1` and `batch2`,
    with a reduced add step (all matrix multiplications get accumulated along the first
    dimension); `input` is added to the final result.

    Computes `beta * input + alpha * sum_i batch1[i] @ batch2[i]`; `input` broadcasts to
    `(n, p)`, and with ``beta=0`` it is ignored (NaNs in it included), as in torch.

    Args:
        input (Tensor): the matrix to be added.
        batch1 (Tensor): the first batch of matrices, `(b, n, m)`.
        batch2 (Tensor): the second batch of matrices, `(b, m, p)`.
        beta (float): the multiplier for `input`. Default: ``1.0``.
        alpha (float): the multiplier for the summed products. Default: ``1.0``.

    Returns:
        Tensor: of shape `(n, p)`.

    Raises:
        ShapeError: the shapes do not fit together.
        DTypeError: the dtypes of `batch1` and `batch2` differ.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.addbmm(et.zeros(2, 2), et.ones(3, 2, 4), et.ones(3, 4, 2)).tolist()
        [[12.0, 12.0], [12.0, 12.0]]
    """

def matrix_power(input: Tensor, n: int) -> Tensor:
    """Computes the `n`-th power of a square matrix (or of each of a batch of them) for an
    integer `n`.

    By torch's binary decomposition of `n` (the same matrix products in the same
    order); `n = 0` gives identity matrices, whose gradient to `input` is zero. A negative
    `n` is the power `-n` of the inverse (LibTorch carriers only), as torch's.

    Args:
        input (Tensor): a `(*, m, m)` tensor.
        n (int): the exponent.

    Returns:
        Tensor: of `input`'s shape.

    Raises:
        ShapeError: `input` is not a (batch of) square matrices.
        BackendError: a negative `n` of a singular matrix (torch's error).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.matrix_power(et.tensor([[1.0, 1.0], [0.0, 1.0]]), 3).tolist()
        [[1.0, 3.0], [0.0, 1.0]]
    """

def float_power(input: Tensor, exponent: Tensor | ArrayLike | float) -> Tensor:
    """Raises `input` to the power of `exponent`, elementwise, in double precision.

    Both operands are converted to float64 first (a number exponent is used as is), so the
    result is float64 whatever their dtypes, as torch's; the gradient converts back to each
    operand's dtype. Sessions of the reference carriers refuse it.

    Args:
        input (Tensor): the base.
        exponent (Tensor or float): the exponent.

    Returns:
        Tensor: ``input ** exponent`` in float64.

    Raises:
        UnsupportedOpError: the session computes in ``ieee32`` or ``interval``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     y = et.float_power(et.tensor([2.0, 3.0]), 2)
        ...     y.dtype, y.tolist()
        ('float64', [4.0, 9.0])
    """

def ldexp(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Multiplies `input` by 2 ** `other`.

    Computed as torch's composition, ``input * 2.0 ** other``: an integer `other` gives a
    floating power of two, and both tensors broadcast. Each floating operand gets its
    gradient.

    Args:
        input (Tensor): the mantissas.
        other (Tensor): the exponents (integer or floating).

    Returns:
        Tensor: ``input * 2 ** other``.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.ldexp(et.tensor([1.0, 3.0]), et.tensor([2, -1])).tolist()
        [4.0, 1.5]
    """

def nan_to_num(
    input: Tensor, nan: float = 0.0, posinf: float | None = None, neginf: float | None = None
) -> Tensor:
    """Replaces NaN, positive infinity, and negative infinity values in `input` with the
    values specified by `nan`, `posinf`, and `neginf`, respectively.

    By default NaNs become zero, positive infinity the greatest finite value of
    `input`'s dtype and negative infinity the least. The gradient reaches only the
    elements kept, as torch's. Integer and bool tensors are returned as copies.

    Args:
        input (Tensor): the input tensor.
        nan (float): the value NaNs become. Default: ``0.0``.
        posinf (float, optional): the value positive infinities become. Default:
            ``None`` (the dtype's greatest finite value).
        neginf (float, optional): the value negative infinities become. Default:
            ``None`` (the dtype's least finite value).

    Returns:
        Tensor: of `input`'s shape and dtype.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([float("nan"), float("inf"), -float("inf"), 3.14])
        ...     et.nan_to_num(x, nan=0.0, posinf=1.0, neginf=-1.0).tolist()
        [0.0, 1.0, -1.0, 3.140000104904175]
    """

def signbit(input: Tensor) -> Tensor:
    """Tests if each element of `input` has its sign bit set or not.

    True for negative numbers, ``-0.0`` and a NaN with its sign bit set; bool data (no
    gradient).

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: bool, of `input`'s shape.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.signbit(et.tensor([-0.0, 0.0, -2.0, 1.5])).tolist()
        [True, False, True, False]
    """

def bitwise_not(input: Tensor) -> Tensor:
    """Computes the bitwise NOT of the given input tensor.

    The input must be an integer or bool tensor: the two's complement ``-input - 1`` of
    an integer, ``logical_not`` of a bool.

    Args:
        input (Tensor): an integer or bool tensor.

    Returns:
        Tensor: of `input`'s dtype.

    Raises:
        DTypeError: `input` is a floating-point tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.bitwise_not(et.tensor([-1, 0, 5])).tolist()
        [0, -1, -6]
    """

def adjoint(input: Tensor) -> Tensor:
    """Returns a view of the tensor conjugated and with the last two dimensions transposed.

    For real tensors (eagertape has no complex ones) this is `x.mT`.

    Args:
        input (Tensor): a tensor of at least 2 dims.

    Returns:
        Tensor: `input` with its last two dims swapped.

    Raises:
        ShapeError: `input` has fewer than 2 dims.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.adjoint(et.tensor([[1.0, 2.0], [3.0, 4.0]])).tolist()
        [[1.0, 3.0], [2.0, 4.0]]
    """

def diagflat(input: Tensor, offset: int = 0) -> Tensor:
    """Creates a two-dimensional tensor with the flattened input as a diagonal.

    Args:
        input (Tensor): the input tensor (flattened first).
        offset (int): the diagonal to fill: 0 the main one, positive above it, negative
            below. Default: ``0``.

    Returns:
        Tensor: a square matrix.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.diagflat(et.tensor([[1.0], [2.0]]), 1).tolist()
        [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 0.0]]
    """

def diag_embed(input: Tensor, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    """Creates a tensor whose diagonals of certain 2D planes (specified by `dim1` and
    `dim2`) are filled by `input`.

    Each vector along `input`'s last dim goes on the `offset` diagonal of a matrix along
    the new dims `dim1` (rows) and `dim2` (columns) of the result.

    Args:
        input (Tensor): the input tensor, at least 1-D.
        offset (int): which diagonal. Default: ``0``.
        dim1 (int): the result's dim of the rows. Default: ``-2``.
        dim2 (int): the result's dim of the columns. Default: ``-1``.

    Returns:
        Tensor: of one more dim than `input`.

    Raises:
        ArgumentError: `dim1` and `dim2` name the same dim.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.diag_embed(et.tensor([1.0, 2.0])).tolist()
        [[1.0, 0.0], [0.0, 2.0]]
    """

def take(input: Tensor, index: Tensor | ArrayLike) -> Tensor:
    """Returns a new tensor with the elements of `input` at the given indices.

    `input` is read as if it were 1-D; the result has `index`'s shape. Negative indices
    count from the end.

    Args:
        input (Tensor): the input tensor.
        index (Tensor): the indices (an integer tensor).

    Returns:
        Tensor: of `index`'s shape.

    Raises:
        DTypeError: `index` is not an integer tensor.
        IndexOutOfRangeError: an index is out of range.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.take(et.tensor([[4.0, 3.0], [5.0, 6.0]]), et.tensor([0, -1])).tolist()
        [4.0, 6.0]
    """

def det(input: Tensor) -> Tensor:
    """Calculates the determinant of a square matrix or batches of square matrices.

    LibTorch's kernel and derivative (`torch.det`'s values and gradients).

    Args:
        input (Tensor): `(*, n, n)`.

    Returns:
        Tensor: `(*)`, the determinants.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(dtype="float64"):
        ...     et.det(et.tensor([[2.0, 1.0], [1.0, 3.0]])).item()
        5.0
    """

def logdet(input: Tensor) -> Tensor:
    """Calculates the log determinant of a square matrix or batches of square matrices:
    NaN for a negative determinant, ``-inf`` for zero.

    Args:
        input (Tensor): `(*, n, n)`.

    Returns:
        Tensor: `(*)`.
    """

def slogdet(input: Tensor) -> SlogdetResult:
    """Computes the sign and natural logarithm of the absolute value of the determinant
    of a square matrix or batches of them.

    Args:
        input (Tensor): `(*, n, n)`.

    Returns:
        SlogdetResult: `(sign, logabsdet)`, each `(*)`; the sign carries no gradient.
    """

def inverse(input: Tensor) -> Tensor:
    """Computes the inverse of a square matrix or batches of them.

    Args:
        input (Tensor): `(*, n, n)`, invertible.

    Returns:
        Tensor: `(*, n, n)`.

    Raises:
        BackendError: a singular matrix (LibTorch's message names the zero pivot).
    """

def pinverse(input: Tensor, rcond: float = 1e-15) -> Tensor:
    """Calculates the pseudo-inverse (Moore–Penrose inverse) of a matrix or batches of
    them.

    Args:
        input (Tensor): `(*, m, n)`.
        rcond (float): singular values below ``rcond`` times the largest are taken as
            zero. Default: ``1e-15``.

    Returns:
        Tensor: `(*, n, m)`.
    """

def matrix_exp(input: Tensor) -> Tensor:
    """Computes the matrix exponential of a square matrix or batches of them.

    Args:
        input (Tensor): `(*, n, n)`.

    Returns:
        Tensor: `(*, n, n)`.
    """

def svd(input: Tensor, some: bool = True, compute_uv: bool = True) -> tuple[Tensor, Tensor, Tensor]:
    """Computes the singular value decomposition ``input = U diag(S) Vᴴ`` of a matrix
    or batches of them (torch's deprecated `svd`, whose third factor is `V`, not
    `Vᴴ`).

    The gradient is LibTorch's (undefined where singular values repeat, as torch's).

    Args:
        input (Tensor): `(*, m, n)`.
        some (bool): the reduced factors (`k = min(m, n)` columns). Default: ``True``.
        compute_uv (bool): compute `U` and `V` (else zeros). Default: ``True``.

    Returns:
        tuple[Tensor, Tensor, Tensor]: `(U, S, V)`.
    """

def cholesky_solve(input: Tensor, input2: Tensor | ArrayLike, upper: bool = False) -> Tensor:
    """Computes the solution of a system of linear equations with a positive
    semidefinite matrix given by its Cholesky factor.

    Args:
        input (Tensor): `B`, `(*, n, k)`.
        input2 (Tensor): the factor `L` (or `U`), `(*, n, n)`.
        upper (bool): whether the factor is upper triangular. Default: ``False``.

    Returns:
        Tensor: `X`, `(*, n, k)`.
    """

def cholesky_inverse(input: Tensor, upper: bool = False) -> Tensor:
    """Computes the inverse of a positive semidefinite matrix given its Cholesky factor.

    Args:
        input (Tensor): the factor `L` (or `U`), `(*, n, n)`.
        upper (bool): whether the factor is upper triangular. Default: ``False``.

    Returns:
        Tensor: `(*, n, n)`.
    """

def lu(input: Tensor, pivot: bool = True) -> tuple[Tensor, Tensor]:
    """Computes the LU factorization of a matrix or batches of them (the packed factors
    and the pivots, as `torch.linalg.lu_factor`).

    Args:
        input (Tensor): `(*, m, n)`.
        pivot (bool): partial pivoting. Default: ``True``.

    Returns:
        tuple[Tensor, Tensor]: `(LU, pivots)`, the pivots int32 data.
    """

def lu_solve(input: Tensor, LU_data: Tensor | ArrayLike, LU_pivots: Tensor | ArrayLike) -> Tensor:
    """Returns the LU solve of the linear system ``A x = b`` using the partially pivoted
    LU factorization of `A` from `lu`.

    Args:
        input (Tensor): `b`, `(*, n, k)`.
        LU_data (Tensor): the packed factors, `(*, n, n)`.
        LU_pivots (Tensor): the int32 pivots.

    Returns:
        Tensor: `x`, `(*, n, k)`.
    """

def geqrf(input: Tensor) -> GeqrfResult:
    """Computes a QR decomposition in LAPACK's Householder form (torch has no derivative
    of it: a backward through it is an error, as torch's).

    Args:
        input (Tensor): `(*, m, n)`.

    Returns:
        GeqrfResult: `(a, tau)`.
    """

def orgqr(input: Tensor, input2: Tensor | ArrayLike) -> Tensor:
    """Computes the first `n` columns of a product of Householder matrices (the `Q` of
    `geqrf`).

    Args:
        input (Tensor): `geqrf`'s `a`, `(*, m, n)`.
        input2 (Tensor): `geqrf`'s `tau`, `(*, k)` (torch's schema's name).

    Returns:
        Tensor: `(*, m, n)`.
    """

def ormqr(
    input: Tensor,
    input2: Tensor | ArrayLike,
    input3: Tensor | ArrayLike,
    left: bool = True,
    transpose: bool = False,
) -> Tensor:
    """Computes the matrix-matrix multiplication of a product of Householder matrices
    (`geqrf`'s `Q`) with a general matrix.

    Args:
        input (Tensor): `geqrf`'s `a`.
        input2 (Tensor): `geqrf`'s `tau`.
        input3 (Tensor): the matrix `C`.
        left (bool): `Q C` (else `C Q`). Default: ``True``.
        transpose (bool): use `Qᵀ`. Default: ``False``.

    Returns:
        Tensor: of `C`'s shape.
    """

def polygamma(input: Tensor, n: int) -> Tensor:
    """Computes the `n`-th derivative of the digamma function on `input` (torch's
    function form is ``polygamma(n, input)``).

    Args:
        input (Tensor): the input tensor.
        n (int): the order of the derivative, at least 0.

    Returns:
        Tensor: of `input`'s shape.
    """

def mvlgamma(input: Tensor, p: int) -> Tensor:
    """Computes the multivariate log-gamma function with dimension `p` element-wise.

    Args:
        input (Tensor): the input tensor, every element greater than ``(p - 1) / 2``.
        p (int): the number of dimensions, at least 1.

    Returns:
        Tensor: of `input`'s shape.
    """

def igamma(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Computes the regularized lower incomplete gamma function ``P(input, other)``.

    torch has a derivative in `other` only: a gradient asked of `input` is an error
    at backward, as torch's.

    Args:
        input (Tensor): the non-negative shape parameter.
        other (Tensor): the non-negative integration limit.

    Returns:
        Tensor: the broadcast shape.
    """

def igammac(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Computes the regularized upper incomplete gamma function ``Q(input, other)``.

    Args:
        input (Tensor): the non-negative shape parameter.
        other (Tensor): the non-negative integration limit.

    Returns:
        Tensor: the broadcast shape.
    """

def logcumsumexp(input: Tensor, dim: int) -> Tensor:
    """Returns the logarithm of the cumulative summation of the exponentiation of
    elements of `input` in the dimension `dim`, computed stably.

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension to accumulate over.

    Returns:
        Tensor: of `input`'s shape.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(dtype="float64"):
        ...     et.logcumsumexp(et.tensor([0.0, 0.0]), 0).tolist()
        [0.0, 0.6931471805599453]
    """

def renorm(input: Tensor, p: float, dim: int, maxnorm: float) -> Tensor:
    """Returns a tensor where each sub-tensor of `input` along dimension `dim` is
    normalized such that its `p`-norm is lower than `maxnorm`.

    Args:
        input (Tensor): the input tensor.
        p (float): the norm's power, positive.
        dim (int): the dimension whose slices are normalized.
        maxnorm (float): the largest norm kept.

    Returns:
        Tensor: of `input`'s shape.
    """

def dist(input: Tensor, other: Tensor | ArrayLike, p: float = 2) -> Tensor:
    """Returns the `p`-norm of ``input - other``.

    Args:
        input (Tensor): the input tensor.
        other (Tensor): broadcast with `input`.
        p (float): the norm to compute. Default: ``2``.

    Returns:
        Tensor: 0-d.
    """

def cov(
    input: Tensor,
    *,
    correction: int = 1,
    fweights: Tensor | ArrayLike | None = None,
    aweights: Tensor | ArrayLike | None = None,
) -> Tensor:
    """Estimates the covariance matrix of the variables given by the `input` matrix,
    where rows are the variables and columns are the observations.

    Args:
        input (Tensor): `(V, N)` or `(N,)`.
        correction (int): the difference between the observations' count and the
            divisor (1: Bessel's correction). Default: ``1``.
        fweights (Tensor, optional): `(N,)` integer frequency weights. Default:
            ``None``.
        aweights (Tensor, optional): `(N,)` observation weights. Default: ``None``.

    Returns:
        Tensor: `(V, V)`, or 0-d for one variable.
    """

def corrcoef(input: Tensor) -> Tensor:
    """Estimates the Pearson product-moment correlation coefficient matrix of the
    variables given by the `input` matrix (rows: variables, columns: observations).

    Args:
        input (Tensor): `(V, N)` or `(N,)`.

    Returns:
        Tensor: `(V, V)`, or 0-d for one variable.
    """

def angle(input: Tensor) -> Tensor:
    """Computes the element-wise angle (in radians) of the given `input` tensor: of a
    real tensor, 0 where ``input >= 0`` and pi where it is negative.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: of `input`'s shape (a zero gradient).
    """

def heaviside(input: Tensor, values: Tensor | ArrayLike) -> Tensor:
    """Computes the Heaviside step function for each element in `input`: 0 where it is
    negative, `values` where it is 0, 1 where it is positive.

    Args:
        input (Tensor): the input tensor.
        values (Tensor): the values where `input` is zero.

    Returns:
        Tensor: the broadcast shape (torch has no derivative of it).
    """

def nextafter(input: Tensor, other: Tensor | ArrayLike) -> Tensor:
    """Return the next floating-point value after `input` towards `other`,
    elementwise.

    Args:
        input (Tensor): the input tensor.
        other (Tensor): the direction.

    Returns:
        Tensor: the broadcast shape (torch has no derivative of it).
    """

def frexp(input: Tensor) -> FrexpResult:
    """Decomposes `input` into mantissa and exponent tensors such that
    ``input = mantissa * 2**exponent``.

    Args:
        input (Tensor): a floating-point tensor.

    Returns:
        FrexpResult: `(mantissa, exponent)`, the exponent int32 data.
    """

def histc(input: Tensor, bins: int = 100, min: float = 0, max: float = 0) -> Tensor:
    """Computes the histogram of a tensor: `bins` equal-width bins between `min` and
    `max` (the input's own minimum and maximum when both are 0); elements outside
    are ignored.

    Args:
        input (Tensor): the input tensor.
        bins (int): the number of bins. Default: ``100``.
        min (float): the lower end of the range. Default: ``0``.
        max (float): the upper end of the range. Default: ``0``.

    Returns:
        Tensor: `(bins,)` counts in `input`'s dtype.
    """

def as_strided(
    input: Tensor,
    size: int | Sequence[int],
    stride: int | Sequence[int],
    storage_offset: int | None = None,
) -> Tensor:
    """Create a view of an existing tensor with specified `size`, `stride` and
    `storage_offset` (a copy here: eagertape's tensors are values).

    Args:
        input (Tensor): the input tensor.
        size (tuple of int): the result's shape.
        stride (tuple of int): the result's strides, in elements of `input`'s storage.
        storage_offset (int, optional): the first element's offset. Default: ``None``
            (`input`'s own).

    Returns:
        Tensor: of shape `size`.
    """

def as_strided_scatter(
    input: Tensor,
    src: Tensor | ArrayLike,
    size: int | Sequence[int],
    stride: int | Sequence[int],
    storage_offset: int | None = None,
) -> Tensor:
    """Embeds the values of the `src` tensor into `input` along the elements of the
    `as_strided` view of `input`.

    Args:
        input (Tensor): the input tensor.
        src (Tensor): the values, of shape `size`.
        size (tuple of int): the view's shape.
        stride (tuple of int): the view's strides.
        storage_offset (int, optional): the view's offset. Default: ``None``.

    Returns:
        Tensor: of `input`'s shape.
    """

def diagonal_scatter(
    input: Tensor, src: Tensor | ArrayLike, offset: int = 0, dim1: int = 0, dim2: int = 1
) -> Tensor:
    """Embeds the values of the `src` tensor into `input` along the diagonal elements
    of `input`, with respect to `dim1` and `dim2`.

    Args:
        input (Tensor): the input tensor, at least 2-D.
        src (Tensor): the diagonal's values.
        offset (int): which diagonal. Default: ``0``.
        dim1 (int): the first dimension. Default: ``0``.
        dim2 (int): the second dimension. Default: ``1``.

    Returns:
        Tensor: of `input`'s shape.
    """

def select_scatter(input: Tensor, src: Tensor | ArrayLike, dim: int, index: int) -> Tensor:
    """Embeds the values of the `src` tensor into `input` at the given index.

    Args:
        input (Tensor): the input tensor.
        src (Tensor): the values, of `input`'s shape without `dim`.
        dim (int): the dimension.
        index (int): the index along `dim`.

    Returns:
        Tensor: of `input`'s shape.
    """

def slice_scatter(
    input: Tensor,
    src: Tensor | ArrayLike,
    dim: int = 0,
    start: int | None = None,
    end: int | None = None,
    step: int = 1,
) -> Tensor:
    """Embeds the values of the `src` tensor into `input` at the given dimension's
    slice ``start:end:step``.

    Args:
        input (Tensor): the input tensor.
        src (Tensor): the slice's values.
        dim (int): the dimension. Default: ``0``.
        start (int, optional): the slice's start. Default: ``None``.
        end (int, optional): the slice's end. Default: ``None``.
        step (int): the slice's step. Default: ``1``.

    Returns:
        Tensor: of `input`'s shape.
    """

def masked_scatter(input: Tensor, mask: Tensor | ArrayLike, source: Tensor | ArrayLike) -> Tensor:
    """Copies elements from `source` into `input` at positions where the `mask` is
    True, in order.

    Args:
        input (Tensor): the input tensor.
        mask (Tensor): bool, broadcastable to `input`.
        source (Tensor): at least as many elements as `mask` has True.

    Returns:
        Tensor: of `input`'s shape.
    """

def index_reduce(
    input: Tensor,
    dim: int,
    index: Tensor | ArrayLike,
    source: Tensor | ArrayLike,
    reduce: str,
    *,
    include_self: bool = True,
) -> Tensor:
    """Reduces the slices of `source` into `input`'s slices at `index` along `dim`,
    by `reduce` (``"prod"``, ``"mean"``, ``"amax"`` or ``"amin"``).

    Args:
        input (Tensor): the input tensor.
        dim (int): the dimension to index.
        index (Tensor): int64 indices into `dim`, one per slice of `source`.
        source (Tensor): the slices to reduce.
        reduce (str): the reduction.
        include_self (bool): reduce `input`'s values too. Default: ``True``.

    Returns:
        Tensor: of `input`'s shape.
    """

def put(
    input: Tensor, index: Tensor | ArrayLike, source: Tensor | ArrayLike, accumulate: bool = False
) -> Tensor:
    """Copies the elements from `source` into the positions specified by `index`, as
    if `input` were 1-D (or adds them, with `accumulate`).

    Args:
        input (Tensor): the input tensor.
        index (Tensor): int64 flat indices.
        source (Tensor): the values, as many as `index` holds.
        accumulate (bool): add instead of write. Default: ``False``.

    Returns:
        Tensor: of `input`'s shape.
    """

def _fill_diagonal(input: Tensor, fill_value: float, wrap: bool = False) -> Tensor: ...
def histogram(
    input: Tensor,
    bins: int,
    *,
    range: float | Sequence[float] | None = None,
    weight: Tensor | ArrayLike | None = None,
    density: bool = False,
) -> HistogramResult:
    """Computes a histogram of the values in a tensor: `bins` equal-width bins over
    `range` (the input's minimum and maximum when not given).

    Args:
        input (Tensor): the input tensor.
        bins (int): the number of bins.
        range (tuple of float, optional): ``(min, max)``. Default: ``None``.
        weight (Tensor, optional): each element's weight, of `input`'s shape.
            Default: ``None``.
        density (bool): normalize to a density (the bins' integral is 1). Default:
            ``False``.

    Returns:
        HistogramResult: `(hist, bin_edges)`, `(bins,)` and `(bins + 1,)`.
    """

def bincount(
    input: Tensor, weights: Tensor | ArrayLike | None = None, minlength: int = 0
) -> Tensor:
    """Count the frequency of each value in an array of non-negative ints: bin ``i``
    holds the number of times ``i`` occurs (or the sum of its ``weights``).

    LibTorch computes it once on the values (its size depends on them); the result is
    input data: no gradient (torch has no derivative for it). LibTorch carriers only.

    Args:
        input (Tensor): 1-D, non-negative int data.
        weights (Tensor, optional): one weight per element of ``input``. Default:
            ``None`` (the counts, int64).
        minlength (int): the least number of bins. Default: ``0``.

    Returns:
        Tensor: ``(max(input) + 1,)`` bins or ``minlength``, whichever is more.

    Raises:
        BackendError: ``input`` not 1-D non-negative ints (torch's check).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.bincount(et.tensor([1, 1, 3, 0, 3])).tolist()
        [1, 2, 0, 2]
    """

def unique_consecutive(
    input: Tensor, return_inverse: bool = False, return_counts: bool = False, dim: int | None = None
) -> Tensor | tuple[Tensor, ...]:
    """Eliminates all but the first element from every consecutive group of equivalent
    elements (or slices along ``dim``).

    LibTorch computes it once on the values (its size depends on them); the results
    are input data: no gradient (torch has no derivative for it). LibTorch carriers
    only.

    Args:
        input (Tensor): the input tensor.
        return_inverse (bool): also return, for each element of ``input``, the index of
            its run in the result. Default: ``False``.
        return_counts (bool): also return each run's length. Default: ``False``.
        dim (int, optional): the dimension whose slices are compared. Default: ``None``
            (the flattened input).

    Returns:
        Tensor or tuple of Tensors: the values, and the inverse indices and counts
        where asked for.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     values, counts = et.unique_consecutive(
        ...         et.tensor([1, 1, 2, 2, 3, 1, 1]), return_counts=True
        ...     )
        ...     values.tolist(), counts.tolist()
        ([1, 2, 3, 1], [2, 2, 1, 2])
    """

def nonzero_static(input: Tensor, *, size: int = 0, fill_value: int = -1) -> Tensor:
    """Returns a 2-D tensor of the indices of `input`'s nonzero elements, of a fixed
    number of rows: cut to `size`, or padded with `fill_value`.

    Args:
        input (Tensor): the input tensor.
        size (int): the number of rows.
        fill_value (int): the padding rows' value. Default: ``-1``.

    Returns:
        Tensor: `(size, input.ndim)` int64 indices.
    """

def nanquantile(
    input: Tensor,
    q: Tensor | ArrayLike,
    dim: int | None = None,
    keepdim: bool = False,
    *,
    interpolation: str = "linear",
) -> Tensor:
    """A variant of `quantile` that "ignores" NaN values, computing the quantiles as if
    NaN values in `input` did not exist (NaN where a reduced row is all NaN).

    Args:
        input (Tensor): the input tensor.
        q (float or Tensor): the levels, in ``[0, 1]``.
        dim (int, optional): the dimension to reduce. Default: ``None`` (all).
        keepdim (bool): keep the reduced dim. Default: ``False``.
        interpolation (str): ``"linear"``, ``"lower"``, ``"higher"``, ``"midpoint"``
            or ``"nearest"``. Default: ``"linear"``.

    Returns:
        Tensor: the quantiles (a leading dim for a 1-D `q`).
    """

def repeat_interleave(
    input: Tensor, repeats: int, dim: int | None = None, *, output_size: int | None = None
) -> Tensor:
    """Repeat elements of a tensor: each element (or slice along `dim`) `repeats`
    times in turn.

    Args:
        input (Tensor): the input tensor.
        repeats (int): the number of repetitions.
        dim (int, optional): the dimension to repeat along. Default: ``None`` (the
            flattened input).
        output_size (int, optional): the result's size along `dim`, checked.
            Default: ``None``.

    Returns:
        Tensor: the repeated tensor.
    """

def reshape(input: Tensor, shape: int | Sequence[int]) -> Tensor:
    """Returns a tensor with the same data and number of elements as `input`, with
    shape `shape`.

    A view of `input` when its layout is contiguous, else a copy; one dimension may
    be -1 (inferred from the others). Works on every dtype; the gradient is reshaped
    back. The method takes the shape as separate ints (`x.reshape(2, 3)`), one
    sequence (`x.reshape((2, 3))`) or by keyword (`x.reshape(shape=(2, 3))`).

    Args:
        input (Tensor): the tensor to be reshaped.
        shape (int or sequence of ints): the new shape.

    Returns:
        Tensor: the reshaped tensor.

    Raises:
        et.ShapeError: if `shape` does not hold `input`'s number of elements.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.reshape(et.tensor([1.0, 2.0, 3.0, 4.0]), (2, -1)).tolist()
        [[1.0, 2.0], [3.0, 4.0]]
    """

def permute(input: Tensor, dims: int | Sequence[int]) -> Tensor:
    """Returns a view of `input` with its dimensions permuted.

    Works on every dtype. The method takes the order as separate ints
    (`x.permute(2, 0, 1)`), one sequence or by keyword (`dims=`).

    Args:
        input (Tensor): the input tensor.
        dims (sequence of ints): the desired ordering of dimensions.

    Returns:
        Tensor: the permuted tensor; dimension `i` of the result is `input`'s
        `dims[i]`.

    Raises:
        et.ShapeError: if `dims` is not a permutation of `input`'s dimensions.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.permute(et.zeros(2, 3, 4), (2, 0, 1)).shape
        (4, 2, 3)
    """

def view(input: Tensor, size: int | Sequence[int]) -> Tensor:
    """Returns a view of `input` with the same data and the shape `size`; never a copy.

    torch's stride rule decides whether the view exists; where it does not (a
    transposed tensor merged across its dims) a `ShapeError` says to use
    `reshape`. One dimension may be -1. The method takes the shape as separate
    ints (`x.view(2, 3)`), one sequence or by keyword (`size=`).

    Args:
        input (Tensor): the tensor to view.
        size (int or sequence of ints): the new shape.

    Returns:
        Tensor: the view.

    Raises:
        et.ShapeError: the shape does not hold `input`'s elements, or no view of
            `input`'s layout has it.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.arange(6.0).view(2, 3).tolist()
        [[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]
    """

def expand(input: Tensor, size: int | Sequence[int]) -> Tensor:
    """Returns a view of `input` with its size-one dimensions broadcast to a larger size.

    New leading dimensions may be added; -1 keeps a dimension's size. No data is
    copied, and the gradient is summed back over the broadcast dimensions. The method
    takes the sizes as separate ints (`x.expand(3, 2)`), one sequence or by keyword
    (`size=`).

    Args:
        input (Tensor): the tensor to expand.
        size (sequence of ints): the new sizes.

    Returns:
        Tensor: the expanded view.

    Raises:
        ShapeError: a dimension whose size is not one is given another size.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.tensor([[1.0], [2.0]]).expand(-1, 3).tolist()
        [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]
    """

def repeat(input: Tensor, repeats: int | Sequence[int]) -> Tensor:
    """Returns `input` repeated along each dimension.

    `repeat(2, 3)` tiles it twice along the first dimension and three times along
    the second; more repeats than dimensions add leading dimensions. The result is a
    copy; the gradient is summed back over the copies. The method takes the repeats
    as separate ints, one sequence or by keyword (`repeats=`).

    Args:
        input (Tensor): the tensor to repeat.
        repeats (sequence of ints): the number of repeats per dimension.

    Returns:
        Tensor: the repeated tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.tensor([1.0, 2.0]).repeat(2, 2).tolist()
        [[1.0, 2.0, 1.0, 2.0], [1.0, 2.0, 1.0, 2.0]]
    """

def flip(input: Tensor, dims: int | Sequence[int]) -> Tensor:
    """Reverse the order of an n-D tensor along the given dimension(s) in `dims`.

    Any dtype; the result is a copy. The method takes the dims as separate ints
    (`x.flip(0, 1)`), one sequence or by keyword (`dims=`).

    Args:
        input (Tensor): the input tensor.
        dims (int or sequence of ints): the dimension(s) to flip.

    Returns:
        Tensor: the flipped tensor.

    Raises:
        ShapeError: a dimension is out of range or named twice.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     et.flip(x, 0).tolist(), et.flip(x, (0, 1)).tolist()
        ([[3.0, 4.0], [1.0, 2.0]], [[4.0, 3.0], [2.0, 1.0]])
    """

def tile(input: Tensor, dims: int | Sequence[int]) -> Tensor:
    """Constructs a tensor by repeating the elements of `input`.

    `dims` gives the repetitions per dim; a shorter `dims` is padded with leading ones,
    a longer one gives `input` leading dims of size 1 (torch's rules).

    Args:
        input (Tensor): the tensor whose elements to repeat.
        dims (tuple of ints): the number of repetitions per dim.

    Returns:
        Tensor: the tiled tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.tile(et.tensor([1.0, 2.0]), (2,)).tolist()
        [1.0, 2.0, 1.0, 2.0]
    """

def sum_to_size(input: Tensor, size: int | Sequence[int]) -> Tensor:
    """Sum this tensor to `size`, which this tensor must broadcast from (the sum over
    the broadcast dims, as a gradient of `expand` reduces).

    Args:
        input (Tensor): the input tensor.
        *size (int): the target size.

    Returns:
        Tensor: of shape `size`.
    """

def rsub(
    input: Tensor | ArrayLike | float,
    other: Tensor | ArrayLike | float,
    *,
    alpha: float | None = None,
) -> Tensor:
    """Subtracts `input`, scaled by `alpha`, from `other`: `other - alpha * input`.

    `sub` with its operands reversed; either may be a number (torch's wrapped number).

    Args:
        input (Tensor or float): the value subtracted.
        other (Tensor or float): the value subtracted from.
        alpha (float, optional): the multiplier of `input`. Default: ``None`` (1).

    Returns:
        Tensor: a new tensor of the broadcast shape.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.rsub(et.tensor([1.0, 2.0]), 10.0, alpha=2.0).tolist()
        [8.0, 6.0]
    """

def cross_entropy(
    input: Tensor,
    target: Tensor | ArrayLike,
    weight: Tensor | ArrayLike | None = None,
    size_average: bool | None = None,
    ignore_index: int = -100,
    reduce: bool | None = None,
    reduction: str = "mean",
    label_smoothing: float = 0.0,
) -> Tensor:
    """Compute the cross entropy loss between input logits and target.

    `log_softmax` over the class dim (dim 1, or dim 0 of a 1-D input) followed by the negative
    log-likelihood, in one node. `target` is either class indices (int64 or int32: a tensor or
    integer array data, of the input's shape without the class dim) or class probabilities
    (floating, of the input's shape). `input` gets the gradient; a probability target that requires
    grad gets one too (recorded as the composition of its parts). The class `weight` is read as
    numbers and is a constant. The legacy positional form `et.cross_entropy(logits, class_ids)` with
    numpy ids works.

    Args:
        input (Tensor): logits, `(C)`, `(N, C)` or `(N, C, d1, ..., dK)`.
        target (Tensor or array): class indices or class probabilities (see above).
        weight (Tensor, optional): a manual rescaling weight given to each class, `(C)`.
            Default: ``None``.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        ignore_index (int): a class index that is ignored and does not contribute to the
            input gradient; with ``"mean"``, the mean is over the other targets. Only for
            class-index targets. Default: ``-100``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"``, ``"mean"`` (the weighted mean, as torch) or ``"sum"``.
            Default: ``"mean"``.
        label_smoothing (float): in `[0, 1]`; the amount of smoothing, the target becoming a
            mix of the original and a uniform distribution. Default: ``0.0``.

    Returns:
        Tensor: a scalar, or the per-element losses with ``reduction="none"``.

    Raises:
        ClassIndexError: a class index outside `[0, C)` that is not `ignore_index`.
        ShapeError: the target's or the weight's shape does not fit the input.
        DTypeError: a bool target, or a floating target of another shape than the input.
        ArgumentError: an unknown `reduction`, or `label_smoothing` outside `[0, 1]`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[2.0, 0.0], [0.0, 2.0]])
        ...     round(et.cross_entropy(x, et.tensor([0, 1])).item(), 4)
        ...     round(et.cross_entropy(x, et.tensor([[1.0, 0.0], [0.0, 1.0]])).item(), 4)
        ...     tuple(et.cross_entropy(x, et.tensor([0, -100]), reduction="none").shape)
        0.1269
        0.1269
        (2,)
    """

def nll_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    weight: Tensor | ArrayLike | None = None,
    size_average: bool | None = None,
    ignore_index: int = -100,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute the negative log likelihood loss.

    `input` holds log-probabilities (e.g. from `log_softmax`) with the classes in dim 1 (dim 0 of a
    1-D input); `target` holds class indices (int64 or int32, a tensor or integer array data) of the
    input's shape without the class dim. Records one node; `input` gets the gradient, the class
    `weight` is read as numbers and is a constant.

    Args:
        input (Tensor): log-probabilities, `(C)`, `(N, C)` or `(N, C, d1, ..., dK)`.
        target (Tensor or array): class indices.
        weight (Tensor, optional): a manual rescaling weight given to each class, `(C)`.
            Default: ``None``.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        ignore_index (int): a class index that is ignored and does not contribute to the
            input gradient; with ``"mean"``, the mean is over the other targets.
            Default: ``-100``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"``, ``"mean"`` (the weighted mean, as torch) or ``"sum"``.
            Default: ``"mean"``.

    Returns:
        Tensor: a scalar, or the per-element losses with ``reduction="none"``.

    Raises:
        ClassIndexError: a class index outside `[0, C)` that is not `ignore_index`.
        ShapeError: the target's or the weight's shape does not fit the input.
        DTypeError: the target is not class indices.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     log_probs = et.tensor([[-1.0, -2.0], [-3.0, -0.5]])
        ...     et.nll_loss(log_probs, et.tensor([0, 1])).item()
        0.75
    """

def ctc_loss(
    log_probs: Tensor,
    targets: Tensor | ArrayLike,
    input_lengths: Tensor | Sequence[int] | int,
    target_lengths: Tensor | Sequence[int] | int,
    blank: int = 0,
    reduction: str = "mean",
    zero_infinity: bool = False,
) -> Tensor:
    """Compute the Connectionist Temporal Classification loss.

    LibTorch's CTC kernel and its backward, per sample; ``"mean"`` divides each sample's loss by its
    target length (at least 1) and then averages, as torch. `log_probs` gets the gradient. The
    lengths given as tensors are read back to the host. LibTorch carriers only.

    Args:
        log_probs (Tensor): `(T, N, C)` or unbatched `(T, C)` log-probabilities (e.g. from
            `log_softmax`), `T` the input length and `C` the number of classes, blank included.
        targets (Tensor or array): integer class indices, `(N, S)` padded, or the `N` target
            sequences concatenated (1-D); a 1-D target for an unbatched input.
        input_lengths (Tensor, sequence of int or int): the length of each input, at most `T`.
        target_lengths (Tensor, sequence of int or int): the length of each target.
        blank (int): the blank label. Default: ``0``.
        reduction (str): ``"none"`` (the per-sample losses), ``"mean"`` or ``"sum"``.
            Default: ``"mean"``.
        zero_infinity (bool): zero infinite losses and their gradients (inputs too short to
            be aligned to their targets). Default: ``False``.

    Returns:
        Tensor: a scalar, or `(N)` with ``reduction="none"``.

    Raises:
        ShapeError: `log_probs` is not `(T, N, C)` or `(T, C)`, the lengths do not match the
            batch, or the targets do not hold the target lengths.
        ArgumentError: a length out of range, `blank` outside `[0, C)`, lengths of another
            type, or an unknown `reduction`.
        IndexOutOfRangeError: a target class outside `[0, C)`.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     log_probs = et.zeros(3, 1, 2).log_softmax(2)
        ...     loss = F.ctc_loss(log_probs, et.tensor([[1]]), [3], [1])
        ...     round(loss.item(), 4)
        0.2877
    """

def _searchsorted(
    sorted_sequence: Tensor, values: Tensor | ArrayLike | float, right: bool, out_int32: bool
) -> Tensor: ...
def mse_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute the element-wise mean squared error.

    Records one node. `input` and `target` must have the same shape (torch broadcasts them with a
    warning); `target` may be a tensor, which gets a gradient too when it requires one, or array
    data (a constant in the session's dtype). Floating dtypes only. torch 2.11's `weight` argument
    is not accepted.

    Args:
        input (Tensor): the predicted values.
        target (Tensor or array): the ground truth values, of the input's shape.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"`` (the elementwise loss), ``"mean"`` or ``"sum"``. Default:
            ``"mean"``.

    Returns:
        Tensor: a scalar, or the elementwise loss with ``reduction="none"``.

    Raises:
        ShapeError: `input` and `target` have different shapes.
        DTypeError: an operand is not floating.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, 2.0], requires_grad=True)
        ...     loss = et.mse_loss(x, et.tensor([1.0, 4.0]))
        ...     loss.item()
        ...     loss.backward()
        ...     x.grad.numpy().tolist()
        2.0
        [0.0, -2.0]
    """

def l1_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute the L1 loss, the mean element-wise absolute difference.

    Records one node. `input` and `target` must have the same shape (torch broadcasts them with a
    warning); `target` may be a tensor, which gets a gradient too when it requires one, or array
    data (a constant in the session's dtype). Floating dtypes only. torch 2.11's `weight` argument
    is not accepted.

    Args:
        input (Tensor): the predicted values.
        target (Tensor or array): the ground truth values, of the input's shape.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"`` (the elementwise loss), ``"mean"`` or ``"sum"``. Default:
            ``"mean"``.

    Returns:
        Tensor: a scalar, or the elementwise loss with ``reduction="none"``.

    Raises:
        ShapeError: `input` and `target` have different shapes.
        DTypeError: an operand is not floating.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.l1_loss(et.tensor([1.0, 2.0]), et.tensor([1.0, 4.0])).item()
        1.0
    """

def smooth_l1_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
    beta: float = 1.0,
) -> Tensor:
    """Compute the Smooth L1 loss.

    Elementwise `0.5 * d ** 2 / beta` where `|d| < beta`, else `|d| - 0.5 * beta`, for `d = input -
    target` (`beta = 0` is the L1 loss). Records one node. `input` and `target` must have the same
    shape (torch broadcasts them with a warning); `target` may be a tensor, which gets a gradient
    too when it requires one, or array data (a constant in the session's dtype). Floating dtypes
    only.

    Args:
        input (Tensor): the predicted values.
        target (Tensor or array): the ground truth values, of the input's shape.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"`` (the elementwise loss), ``"mean"`` or ``"sum"``. Default:
            ``"mean"``.
        beta (float): where the loss changes between L1 and L2, non-negative.
            Default: ``1.0``.

    Returns:
        Tensor: a scalar, or the elementwise loss with ``reduction="none"``.

    Raises:
        ShapeError: `input` and `target` have different shapes.
        DTypeError: an operand is not floating.
        ArgumentError: a negative `beta` or an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.smooth_l1_loss(et.tensor([1.0, 2.0]), et.tensor([1.0, 4.0])).item()
        0.75
    """

def huber_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    reduction: str = "mean",
    delta: float = 1.0,
    weight: Tensor | ArrayLike | None = None,
) -> Tensor:
    """Compute the Huber loss, with optional weighting.

    Elementwise `0.5 * d ** 2` where `|d| < delta`, else `delta * (|d| - 0.5 * delta)`, for `d =
    input - target`, times `weight`. Records one node. `input` and `target` must have the same shape
    (torch broadcasts them with a warning); `target` may be a tensor, which gets a gradient too when
    it requires one, or array data (a constant in the session's dtype). Floating dtypes only.
    `weight` is a constant (no gradient).

    Args:
        input (Tensor): the predicted values.
        target (Tensor or array): the ground truth values, of the input's shape.
        reduction (str): ``"none"`` (the elementwise loss), ``"mean"`` or ``"sum"``. Default:
            ``"mean"``.
        delta (float): where the loss changes from quadratic to linear, positive.
            Default: ``1.0``.
        weight (Tensor, optional): weights broadcastable to the input's shape.
            Default: ``None``.

    Returns:
        Tensor: a scalar, or the elementwise loss with ``reduction="none"``.

    Raises:
        ShapeError: `input` and `target` have different shapes, or a weight does not
            broadcast to the input's shape.
        DTypeError: an operand is not floating.
        ArgumentError: a non-positive `delta` or an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x, y = et.tensor([1.0, 2.0]), et.tensor([1.0, 4.0])
        ...     et.huber_loss(x, y, reduction="none").tolist()
        [0.0, 1.5]
    """

def binary_cross_entropy(
    input: Tensor,
    target: Tensor | ArrayLike,
    weight: Tensor | ArrayLike | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute Binary Cross Entropy between the target and input probabilities.

    Elementwise `-weight * (target * log(input) + (1 - target) * log(1 - input))`, the logs clamped
    at -100 as torch's. Records one node. `input` and `target` must have the same shape (torch
    broadcasts them with a warning); `target` may be a tensor, which gets a gradient too when it
    requires one, or array data (a constant in the session's dtype). Floating dtypes only. Every
    input element is checked to lie in `[0, 1]`. `weight` is a constant (no gradient).

    Args:
        input (Tensor): probabilities, in `[0, 1]`.
        target (Tensor or array): of the input's shape, values in `[0, 1]`.
        weight (Tensor, optional): a manual rescaling weight broadcastable to the input's
            shape. Default: ``None``.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"`` (the elementwise loss), ``"mean"`` or ``"sum"``. Default:
            ``"mean"``.

    Returns:
        Tensor: a scalar, or the elementwise loss with ``reduction="none"``.

    Raises:
        ShapeError: `input` and `target` have different shapes, or a weight does not
            broadcast to the input's shape.
        DTypeError: an operand is not floating.
        ArgumentError: an input element outside `[0, 1]` (or NaN), or an unknown
            `reduction`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     p, t = et.tensor([0.5, 0.5]), et.tensor([1.0, 0.0])
        ...     round(et.binary_cross_entropy(p, t).item(), 4)
        0.6931
    """

def binary_cross_entropy_with_logits(
    input: Tensor,
    target: Tensor | ArrayLike,
    weight: Tensor | ArrayLike | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
    pos_weight: Tensor | ArrayLike | None = None,
) -> Tensor:
    """Compute Binary Cross Entropy between target and input logits.

    The sigmoid and the binary cross entropy in one numerically stable node:
    `-weight * (pos_weight * target * log(sigmoid(input)) + (1 - target) * log(1 -
    sigmoid(input)))`. Records one node. `input` and `target` must have the same shape (torch
    broadcasts them with a warning); `target` may be a tensor, which gets a gradient too when it
    requires one, or array data (a constant in the session's dtype). Floating dtypes only. `weight`
    and `pos_weight` are constants (no gradient), as in torch.

    Args:
        input (Tensor): logits.
        target (Tensor or array): of the input's shape, values in `[0, 1]`.
        weight (Tensor, optional): a manual rescaling weight broadcastable to the input's
            shape. Default: ``None``.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"`` (the elementwise loss), ``"mean"`` or ``"sum"``. Default:
            ``"mean"``.
        pos_weight (Tensor, optional): a weight of positive examples, broadcastable to the
            input's shape (e.g. one per class along the last dim). Default: ``None``.

    Returns:
        Tensor: a scalar, or the elementwise loss with ``reduction="none"``.

    Raises:
        ShapeError: `input` and `target` have different shapes, or a weight does not
            broadcast to the input's shape.
        DTypeError: an operand is not floating.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     logits, t = et.zeros(2), et.tensor([1.0, 0.0])
        ...     round(et.binary_cross_entropy_with_logits(logits, t).item(), 4)
        ...     pw = et.tensor([3.0, 3.0])
        ...     round(et.binary_cross_entropy_with_logits(logits, t, pos_weight=pw).item(), 4)
        0.6931
        1.3863
    """

def kl_div(
    input: Tensor,
    target: Tensor | ArrayLike,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
    log_target: bool = False,
) -> Tensor:
    """Compute the KL Divergence loss.

    Elementwise `target * (log(target) - input)` (`exp(target) * (target - input)` with
    `log_target`), where `input` holds log-probabilities. Records one node. `input` and `target`
    must have the same shape (torch broadcasts them with a warning); `target` may be a tensor, which
    gets a gradient too when it requires one, or array data (a constant in the session's dtype).
    Floating dtypes only.

    Args:
        input (Tensor): log-probabilities.
        target (Tensor or array): probabilities (log-probabilities with `log_target`), of
            the input's shape.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"``, ``"batchmean"`` (the sum divided by the batch size,
            `input.shape[0]`: the KL divergence's true value), ``"sum"`` or ``"mean"`` (over
            every element). Default: ``"mean"``.
        log_target (bool): whether `target` is given in log space. Default: ``False``.

    Returns:
        Tensor: a scalar, or the elementwise loss with ``reduction="none"``.

    Raises:
        ShapeError: `input` and `target` have different shapes.
        DTypeError: an operand is not floating.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(dtype="float64"):
        ...     log_p = et.tensor([[0.5, 0.5]]).log()
        ...     et.kl_div(log_p, et.tensor([[0.5, 0.5]]), reduction="batchmean").item()
        ...     round(et.kl_div(log_p, et.tensor([[1.0, 0.0]]), reduction="batchmean").item(), 4)
        0.0
        0.6931
    """

def gaussian_nll_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    var: Tensor | ArrayLike | float,
    full: bool = False,
    eps: float = 1e-6,
    reduction: str = "mean",
) -> Tensor:
    """Gaussian negative log likelihood loss.

    ``l = 0.5 * (log(max(var, eps)) + (input - target)**2 / max(var, eps))``, plus
    ``0.5 * log(2 * pi)`` with ``full``; the clamp changes the value only, ``var`` keeps its
    own gradient (see ``eagertape.nn.GaussianNLLLoss``). A number ``var`` becomes a constant
    tensor of the input's shape.

    Args:
        input (Tensor): the expectations of the Gaussian distribution.
        target (Tensor): the samples, of ``input``'s shape.
        var (Tensor or float): the variances: ``input``'s shape, one dim fewer, a last dim of 1,
            or a non-negative number.
        full (bool): include the constant term in the loss. Default: ``False``.
        eps (float): the value ``var`` is clamped to from below. Default: ``1e-6``.
        reduction (str): ``"none"`` | ``"mean"`` | ``"sum"``. Default: ``"mean"``.

    Returns:
        Tensor: the loss: a scalar, or per element with ``reduction="none"``.

    Raises:
        ArgumentError: a negative ``var`` (a number, or a tensor with a negative entry), or an
            unknown ``reduction``.
        ShapeError: a ``var`` tensor whose shape does not fit the input.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     mu, y = et.tensor([1.0, 2.0]), et.tensor([1.0, 0.0])
        ...     F.gaussian_nll_loss(mu, y, 1.0, reduction="sum").item()
        2.0
    """

def margin_ranking_loss(
    input1: Tensor,
    input2: Tensor | ArrayLike,
    target: Tensor | ArrayLike,
    margin: float = 0.0,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute the margin ranking loss.

    Elementwise `max(0, -target * (input1 - input2) + margin)`: `target` 1 means `input1` should
    rank higher, -1 that `input2` should. The three operands must have the same number of dims and
    broadcast together. Recorded as the composition torch writes (its parts' nodes), so each tensor
    operand gets its gradient by the parts' rules; operands given as array data or numbers are
    constants in the session's dtype.

    Args:
        input1 (Tensor): the first scores.
        input2 (Tensor or array): the second scores.
        target (Tensor or array): 1 or -1 per pair.
        margin (float): the margin. Default: ``0.0``.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.

    Returns:
        Tensor: a scalar, or the elementwise loss with ``reduction="none"``.

    Raises:
        ShapeError: the operands have different numbers of dims or do not broadcast.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     a, b = et.tensor([1.0, 2.0]), et.tensor([2.0, 1.0])
        ...     F.margin_ranking_loss(a, b, et.tensor([1.0, 1.0])).item()
        0.5
    """

def hinge_embedding_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    margin: float = 1.0,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute the hinge embedding loss.

    Elementwise `input` where `target` is 1 and `max(0, margin - input)` where it is -1 (`input` is
    typically a distance). `input` and `target` must have the same shape. Recorded as the
    composition torch writes (its parts' nodes), so each tensor operand gets its gradient by the
    parts' rules; operands given as array data or numbers are constants in the session's dtype.

    Args:
        input (Tensor): the input, e.g. distances.
        target (Tensor or array): 1 or -1, of the input's shape.
        margin (float): the margin. Default: ``1.0``.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.

    Returns:
        Tensor: a scalar, or the elementwise loss with ``reduction="none"``.

    Raises:
        ShapeError: `input` and `target` have different shapes.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x, y = et.tensor([0.5, 2.0]), et.tensor([1.0, -1.0])
        ...     F.hinge_embedding_loss(x, y, reduction="none").tolist()
        [0.5, 0.0]
    """

def soft_margin_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute the soft margin loss.

    Elementwise `log(1 + exp(-target * input))`, a two-class logistic loss with `target` 1 or -1;
    ``"mean"`` averages over every element. `input` and `target` must have the same shape. Recorded
    as the composition torch writes (its parts' nodes), so each tensor operand gets its gradient by
    the parts' rules; operands given as array data or numbers are constants in the session's dtype.

    Args:
        input (Tensor): the scores.
        target (Tensor or array): 1 or -1, of the input's shape.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.

    Returns:
        Tensor: a scalar, or the elementwise loss with ``reduction="none"``.

    Raises:
        ShapeError: `input` and `target` have different shapes.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     round(F.soft_margin_loss(et.zeros(2), et.tensor([1.0, -1.0])).item(), 4)
        0.6931
    """

def cosine_embedding_loss(
    input1: Tensor,
    input2: Tensor | ArrayLike,
    target: Tensor | ArrayLike,
    margin: float = 0.0,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute the cosine embedding loss.

    Per row, `1 - cos(input1, input2)` where `target` is 1 and `max(0, cos(input1, input2) -
    margin)` where it is -1, the cosine over the last dim (with torch's `1e-12` added to each
    squared magnitude). Recorded as the composition torch writes (its parts' nodes), so each tensor
    operand gets its gradient by the parts' rules; operands given as array data or numbers are
    constants in the session's dtype.

    Args:
        input1 (Tensor): `(N, D)` or `(D)`.
        input2 (Tensor or array): of the same rank as `input1`.
        target (Tensor or array): 1 or -1, `(N)` or `()`.
        margin (float): in `[-1, 1]`; 0 to 0.5 is suggested. Default: ``0.0``.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.

    Returns:
        Tensor: a scalar, or the per-row loss with ``reduction="none"``.

    Raises:
        ShapeError: the inputs are not 1-D or 2-D of one rank, or do not broadcast.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x1 = et.tensor([[1.0, 0.0], [1.0, 0.0]])
        ...     x2 = et.tensor([[0.0, 1.0], [0.0, 1.0]])
        ...     y = et.tensor([1.0, -1.0])
        ...     F.cosine_embedding_loss(x1, x2, y, reduction="none").tolist()
        [1.0, 0.0]
    """

def poisson_nll_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    log_input: bool = True,
    full: bool = False,
    size_average: bool | None = None,
    eps: float = 1e-8,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute the Poisson negative log likelihood loss.

    Elementwise `exp(input) - target * input` when `log_input`, else `input - target * log(input +
    eps)`; with `full`, Stirling's approximation `target * log(target) - target + 0.5 * log(2 * pi *
    target)` is added where `target > 1`. `input` and `target` broadcast together. Recorded as the
    composition torch writes (its parts' nodes), so each tensor operand gets its gradient by the
    parts' rules; operands given as array data or numbers are constants in the session's dtype.

    Args:
        input (Tensor): the expectation of the Poisson distribution (its log with
            `log_input`).
        target (Tensor or array): random samples `target ~ Poisson(input)`.
        log_input (bool): whether `input` is given as a log. Default: ``True``.
        full (bool): add the Stirling approximation term. Default: ``False``.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        eps (float): a small value that avoids `log(0)` when `log_input` is false.
            Default: ``1e-8``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.

    Returns:
        Tensor: a scalar, or the elementwise loss with ``reduction="none"``.

    Raises:
        ShapeError: `input` and `target` do not broadcast.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.poisson_nll_loss(et.zeros(2), et.tensor([1.0, 2.0])).item()
        1.0
    """

def multilabel_soft_margin_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    weight: Tensor | ArrayLike | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute the multilabel soft margin loss.

    Per sample, `-(target * logsigmoid(input) + (1 - target) * logsigmoid(-input)) * weight`
    averaged over the classes (the last dim), then reduced over the samples. Recorded as the
    composition torch writes (its parts' nodes), so each tensor operand gets its gradient by the
    parts' rules; operands given as array data or numbers are constants in the session's dtype.

    Args:
        input (Tensor): `(N, C)` (or `(C)`) scores.
        target (Tensor or array): 0 or 1 per class, of the input's shape.
        weight (Tensor, optional): a weight per class, broadcastable to the input's shape.
            Default: ``None``.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.

    Returns:
        Tensor: a scalar, or the per-sample loss `(N)` with ``reduction="none"``.

    Raises:
        ShapeError: the operands do not broadcast.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     y = et.tensor([[1.0, 0.0]])
        ...     round(F.multilabel_soft_margin_loss(et.zeros(1, 2), y).item(), 4)
        0.6931
    """

def multi_margin_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    p: int = 1,
    margin: float = 1.0,
    weight: Tensor | ArrayLike | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute the multi margin loss, with optional weighting.

    Per sample, `sum over j != y of max(0, margin - input[y] + input[j]) ** p / C`, times
    `weight[y]`, where `y` is the sample's class index. Recorded as the composition torch writes
    (its parts' nodes), so each tensor operand gets its gradient by the parts' rules; operands given
    as array data or numbers are constants in the session's dtype.

    Args:
        input (Tensor): `(N, C)` or `(C)` scores.
        target (Tensor or array): int64 or int32 class indices, `(N)` (or `()`).
        p (int): 1 or 2. Default: ``1``.
        margin (float): the margin. Default: ``1.0``.
        weight (Tensor, optional): a weight per class, `(C)`. Default: ``None``.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.

    Returns:
        Tensor: a scalar, or the per-sample loss with ``reduction="none"``.

    Raises:
        ArgumentError: `p` is not 1 or 2, or an unknown `reduction`.
        ShapeError: the input is not 1-D or 2-D, or the target is not `(N)`.
        DTypeError: the target is not integer data.
        IndexOutOfRangeError: a class index is outside `[0, C)`.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.tensor([[0.0, 0.5, 0.5, 1.0]])
        ...     F.multi_margin_loss(x, et.tensor([3])).item()
        0.25
    """

def multilabel_margin_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute the multilabel margin loss.

    Per sample, `sum over target classes j and non-target classes i of max(0, 1 - (input[j] -
    input[i])) / C`. `target` holds each sample's class indices, ended by the first -1 (the rest is
    ignored). LibTorch's kernel per sample, reduced by the tape's ops; `input` gets the gradient.
    LibTorch carriers only.

    Args:
        input (Tensor): `(N, C)` or `(C)` scores.
        target (Tensor or array): int64 class indices of the input's shape, each row ended by
            -1 (or filling it).
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.

    Returns:
        Tensor: a scalar, or the per-sample loss with ``reduction="none"``.

    Raises:
        ShapeError: the target's shape differs from the input's, or the input is not 1-D or
            2-D.
        IndexOutOfRangeError: a class index is outside `[0, C)`.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.tensor([[0.1, 0.2, 0.4, 0.8]])
        ...     y = et.tensor([[3, 0, -1, 1]])
        ...     round(F.multilabel_margin_loss(x, y).item(), 4)
        0.85
    """

def triplet_margin_loss(
    anchor: Tensor,
    positive: Tensor | ArrayLike,
    negative: Tensor | ArrayLike,
    margin: float = 1.0,
    p: float = 2.0,
    eps: float = 1e-6,
    swap: bool = False,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: str = "mean",
) -> Tensor:
    """Compute the triplet loss between given input tensors and a margin greater than 0.

    Per triplet, `max(0, margin + d(anchor, positive) - d(anchor, negative))`, `d` being
    `pairwise_distance` with `p` and `eps` over the last dim; with `swap`, the negative distance is
    the smaller of `d(anchor, negative)` and `d(positive, negative)`. Recorded as the composition
    torch writes (its parts' nodes), so each tensor operand gets its gradient by the parts' rules;
    operands given as array data or numbers are constants in the session's dtype.

    Args:
        anchor (Tensor): `(N, D)` or `(D)`.
        positive (Tensor or array): of the anchor's rank.
        negative (Tensor or array): of the anchor's rank.
        margin (float): the margin. Default: ``1.0``.
        p (float): the norm degree of the pairwise distance. Default: ``2.0``.
        eps (float): a small value added to the differences for numerical stability.
            Default: ``1e-6``.
        swap (bool): use the distance swap (Balntas et al.). Default: ``False``.
        size_average (bool, optional): deprecated (use `reduction`); mapped to it as torch
            maps it. Default: ``None``.
        reduce (bool, optional): deprecated (use `reduction`); mapped to it as torch maps it.
            Default: ``None``.
        reduction (str): ``"none"``, ``"mean"`` or ``"sum"``. Default: ``"mean"``.

    Returns:
        Tensor: a scalar, or the per-triplet loss with ``reduction="none"``.

    Raises:
        ShapeError: the three operands have different numbers of dims (or are 0-d), or do not
            broadcast.
        ArgumentError: an unknown `reduction`.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     a = et.zeros(2, 2)
        ...     n = et.tensor([[3.0, 4.0], [0.0, 0.0]])
        ...     F.triplet_margin_loss(a, a, n, reduction="none").tolist()
        [0.0, 1.0]
    """

def _triplet_distances_loss(
    d_pos: Tensor,
    d_neg: Tensor | ArrayLike,
    d_swap: Tensor | ArrayLike | None,
    margin: float,
    reduction: str,
) -> Tensor: ...
def pairwise_distance(
    x1: Tensor, x2: Tensor | ArrayLike, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False
) -> Tensor:
    """Computes the pairwise distance between input vectors, or between columns of input matrices.

    `||x1 - x2 + eps||_p` over the last dim, `x1` and `x2` broadcast together. Recorded as the
    composition torch writes (its parts' nodes), so each tensor operand gets its gradient by the
    parts' rules; operands given as array data or numbers are constants in the session's dtype.

    Args:
        x1 (Tensor): `(N, D)` or `(D)`.
        x2 (Tensor or array): broadcastable to `x1`.
        p (float): the norm degree. Default: ``2.0``.
        eps (float): a small value added to the difference to avoid division by zero.
            Default: ``1e-6``.
        keepdim (bool): keep the reduced dim (of size 1). Default: ``False``.

    Returns:
        Tensor: `(N)` (or `(N, 1)` with `keepdim`).

    Raises:
        ShapeError: `x1` and `x2` do not broadcast.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     d = F.pairwise_distance(et.tensor([[0.0, 0.0]]), et.tensor([[3.0, 4.0]]))
        ...     round(d.item(), 4)
        5.0
    """

def cosine_similarity(
    x1: Tensor, x2: Tensor | ArrayLike, dim: int = 1, eps: float = 1e-8
) -> Tensor:
    """Returns cosine similarity between `x1` and `x2`, computed along `dim`.

    `sum(x1 * x2) / (max(||x1||, eps) * max(||x2||, eps))` along `dim`, `x1` and `x2` broadcast
    together; as torch, each norm is clamped at `eps` without the clamp changing its gradient.
    Recorded as the composition torch writes (its parts' nodes), so each tensor operand gets its
    gradient by the parts' rules; operands given as array data or numbers are constants in the
    session's dtype.

    Args:
        x1 (Tensor): the first input.
        x2 (Tensor or array): broadcastable to `x1`.
        dim (int): the dimension of the vectors. Default: ``1``.
        eps (float): a small value to avoid division by zero. Default: ``1e-8``.

    Returns:
        Tensor: the broadcast shape without `dim`.

    Raises:
        ShapeError: `x1` and `x2` do not broadcast, or `dim` is out of range.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x1 = et.tensor([[1.0, 0.0], [2.0, 0.0]])
        ...     F.cosine_similarity(x1, et.tensor([[0.0, 1.0], [1.0, 0.0]])).tolist()
        [0.0, 1.0]
    """

def normalize(
    input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12, out: None = None
) -> Tensor:
    """Perform `L_p` normalization of inputs over specified dimension.

    `input / max(||input||_p, eps)`, the norm over `dim` (kept for broadcasting). Recorded as the
    composition torch writes (its parts' nodes), so each tensor operand gets its gradient by the
    parts' rules; operands given as array data or numbers are constants in the session's dtype.

    Args:
        input (Tensor): the input, of any shape.
        p (float): the exponent of the norm. Default: ``2.0``.
        dim (int): the dimension to reduce. Default: ``1``.
        eps (float): a small value to avoid division by zero. Default: ``1e-12``.
        out (Tensor, optional): accepted for torch compatibility; must stay ``None``
            (tensors are immutable values).

    Returns:
        Tensor: of the input's shape.

    Raises:
        ArgumentError: `out` is given.
        ShapeError: `dim` is out of range.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session(dtype="float64"):
        ...     F.normalize(et.tensor([[3.0, 4.0]])).tolist()
        ...     F.normalize(et.tensor([[1.0, 3.0]]), p=1).tolist()
        [[0.6, 0.8]]
        [[0.25, 0.75]]
    """

def conv1d(
    input: Tensor,
    weight: Tensor | ArrayLike,
    bias: Tensor | ArrayLike | None = None,
    stride: int | Sequence[int] = 1,
    padding: int | Sequence[int] | str = 0,
    dilation: int | Sequence[int] = 1,
    groups: int = 1,
) -> Tensor:
    """Applies a 1D convolution over an input signal composed of several input planes.

    Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
    `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
    carriers only (the reference backend refuses it).

    Args:
        input (Tensor): `(N, in_channels, L)` or unbatched `(in_channels, L)`.
        weight (Tensor): the filters, `(out_channels, in_channels / groups, kL)`.
        bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
            Default: ``None``.
        stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
        padding (int, tuple or str): implicit zero padding on both sides, or ``"valid"`` (none)
            or ``"same"`` (the output has the input's size; stride 1 only, an uneven total
            pads one more on the right, as torch). Default: ``None`` (0).
        dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
        groups (int): split the input into groups; `in_channels` must be divisible by it.
            Default: ``1``.

    Returns:
        Tensor: `(N, out_channels, L_out)` (or `(out_channels, L_out)`).

    Raises:
        ArgumentError: an unknown padding string, ``"same"`` with a stride other than 1, or an
            int argument of the wrong length.
        ShapeError: the input's rank, its channels (against the weight and `groups`) or the
            bias do not fit.
        TypeError: `weight` is not an eagertape tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.conv1d(et.ones(1, 1, 4), et.ones(1, 1, 2)).tolist()
        [[[2.0, 2.0, 2.0]]]
    """

def conv2d(
    input: Tensor,
    weight: Tensor | ArrayLike,
    bias: Tensor | ArrayLike | None = None,
    stride: int | Sequence[int] = 1,
    padding: int | Sequence[int] | str = 0,
    dilation: int | Sequence[int] = 1,
    groups: int = 1,
) -> Tensor:
    """Applies a 2D convolution over an input image composed of several input planes.

    Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
    `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. The
    reference carriers compose it as im2col and matrix products.

    Args:
        input (Tensor): `(N, in_channels, H, W)` or unbatched `(in_channels, H, W)`.
        weight (Tensor): the filters, `(out_channels, in_channels / groups, kH, kW)`.
        bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
            Default: ``None``.
        stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
        padding (int, tuple or str): implicit zero padding on both sides, or ``"valid"`` (none)
            or ``"same"`` (the output has the input's size; stride 1 only, an uneven total
            pads one more on the right, as torch). Default: ``None`` (0).
        dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
        groups (int): split the input into groups; `in_channels` must be divisible by it.
            Default: ``1``.

    Returns:
        Tensor: `(N, out_channels, H_out, W_out)` (or `(out_channels, H_out, W_out)`).

    Raises:
        ArgumentError: an unknown padding string, ``"same"`` with a stride other than 1, or an
            int argument of the wrong length.
        ShapeError: the input's rank, its channels (against the weight and `groups`) or the
            bias do not fit.
        TypeError: `weight` is not an eagertape tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x, w = et.ones(1, 1, 3, 3), et.ones(1, 1, 2, 2)
        ...     et.conv2d(x, w).tolist()
        ...     tuple(et.conv2d(x, w, padding="same").shape)
        [[[[4.0, 4.0], [4.0, 4.0]]]]
        (1, 1, 3, 3)
    """

def conv3d(
    input: Tensor,
    weight: Tensor | ArrayLike,
    bias: Tensor | ArrayLike | None = None,
    stride: int | Sequence[int] = 1,
    padding: int | Sequence[int] | str = 0,
    dilation: int | Sequence[int] = 1,
    groups: int = 1,
) -> Tensor:
    """Applies a 3D convolution over an input image composed of several input planes.

    Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
    `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
    carriers only (the reference backend refuses it).

    Args:
        input (Tensor): `(N, in_channels, D, H, W)` or unbatched `(in_channels, D, H, W)`.
        weight (Tensor): the filters, `(out_channels, in_channels / groups, kD, kH, kW)`.
        bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
            Default: ``None``.
        stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
        padding (int, tuple or str): implicit zero padding on both sides, or ``"valid"`` (none)
            or ``"same"`` (the output has the input's size; stride 1 only, an uneven total
            pads one more on the right, as torch). Default: ``None`` (0).
        dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).
        groups (int): split the input into groups; `in_channels` must be divisible by it.
            Default: ``1``.

    Returns:
        Tensor: `(N, out_channels, D_out, H_out, W_out)` (or without the batch dim).

    Raises:
        ArgumentError: an unknown padding string, ``"same"`` with a stride other than 1, or an
            int argument of the wrong length.
        ShapeError: the input's rank, its channels (against the weight and `groups`) or the
            bias do not fit.
        TypeError: `weight` is not an eagertape tensor.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.conv3d(et.ones(1, 1, 2, 2, 2), et.ones(1, 1, 2, 2, 2)).tolist()
        [[[[[8.0]]]]]
    """

def conv_transpose1d(
    input: Tensor,
    weight: Tensor | ArrayLike,
    bias: Tensor | ArrayLike | None = None,
    stride: int | Sequence[int] = 1,
    padding: int | Sequence[int] = 0,
    output_padding: int | Sequence[int] = 0,
    groups: int = 1,
    dilation: int | Sequence[int] = 1,
) -> Tensor:
    """Applies a 1D transposed convolution operator over an input signal composed of several input
    planes, sometimes also called "deconvolution".

    Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
    `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
    carriers only (the reference backend refuses it).

    Args:
        input (Tensor): `(N, in_channels, L)` or unbatched `(in_channels, L)`.
        weight (Tensor): the filters, `(in_channels, out_channels / groups, kL)`.
        bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
            Default: ``None``.
        stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
        padding (int or tuple): `dilation * (kernel_size - 1) - padding` zero padding is added
            to both sides of the input (ints only: no ``"same"``). Default: ``None`` (0).
        output_padding (int or tuple): additional size added to one side of each dimension
            of the output shape. Default: ``None`` (0).
        groups (int): split the input into groups; `in_channels` must be divisible by it.
            Default: ``1``.
        dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).

    Returns:
        Tensor: `(N, out_channels, L_out)` (or `(out_channels, L_out)`).

    Raises:
        ArgumentError: an int argument of the wrong length (or a padding string).
        ShapeError: the input's rank, its channels (against the weight and `groups`) or the
            bias do not fit.
        TypeError: `weight` is not an eagertape tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     y = et.conv_transpose1d(et.ones(1, 1, 2), et.ones(1, 1, 2), stride=2)
        ...     tuple(y.shape), y.sum().item()
        ((1, 1, 4), 4.0)
    """

def conv_transpose2d(
    input: Tensor,
    weight: Tensor | ArrayLike,
    bias: Tensor | ArrayLike | None = None,
    stride: int | Sequence[int] = 1,
    padding: int | Sequence[int] = 0,
    output_padding: int | Sequence[int] = 0,
    groups: int = 1,
    dilation: int | Sequence[int] = 1,
) -> Tensor:
    """Applies a 2D transposed convolution operator over an input image composed of several input
    planes, sometimes also called "deconvolution".

    Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
    `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
    carriers only (the reference backend refuses it).

    Args:
        input (Tensor): `(N, in_channels, H, W)` or unbatched `(in_channels, H, W)`.
        weight (Tensor): the filters, `(in_channels, out_channels / groups, kH, kW)`.
        bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
            Default: ``None``.
        stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
        padding (int or tuple): `dilation * (kernel_size - 1) - padding` zero padding is added
            to both sides of the input (ints only: no ``"same"``). Default: ``None`` (0).
        output_padding (int or tuple): additional size added to one side of each dimension
            of the output shape. Default: ``None`` (0).
        groups (int): split the input into groups; `in_channels` must be divisible by it.
            Default: ``1``.
        dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).

    Returns:
        Tensor: `(N, out_channels, H_out, W_out)` (or `(out_channels, H_out, W_out)`).

    Raises:
        ArgumentError: an int argument of the wrong length (or a padding string).
        ShapeError: the input's rank, its channels (against the weight and `groups`) or the
            bias do not fit.
        TypeError: `weight` is not an eagertape tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     y = et.conv_transpose2d(et.ones(1, 1, 2, 2), et.ones(1, 1, 2, 2), stride=2)
        ...     tuple(y.shape), y.sum().item()
        ((1, 1, 4, 4), 16.0)
    """

def conv_transpose3d(
    input: Tensor,
    weight: Tensor | ArrayLike,
    bias: Tensor | ArrayLike | None = None,
    stride: int | Sequence[int] = 1,
    padding: int | Sequence[int] = 0,
    output_padding: int | Sequence[int] = 0,
    groups: int = 1,
    dilation: int | Sequence[int] = 1,
) -> Tensor:
    """Applies a 3D transposed convolution operator over an input image composed of several input
    planes, sometimes also called "deconvolution".

    Records one node on LibTorch's convolution and its convolution backward; `input`, `weight` and
    `bias` get gradients. An unbatched input (no batch dim) is convolved as a batch of one. LibTorch
    carriers only (the reference backend refuses it).

    Args:
        input (Tensor): `(N, in_channels, D, H, W)` or unbatched `(in_channels, D, H, W)`.
        weight (Tensor): the filters, `(in_channels, out_channels / groups, kD, kH, kW)`.
        bias (Tensor, optional): of shape `(out_channels)`; array data become a constant.
            Default: ``None``.
        stride (int or tuple): the stride of the convolving kernel. Default: ``None`` (1).
        padding (int or tuple): `dilation * (kernel_size - 1) - padding` zero padding is added
            to both sides of the input (ints only: no ``"same"``). Default: ``None`` (0).
        output_padding (int or tuple): additional size added to one side of each dimension
            of the output shape. Default: ``None`` (0).
        groups (int): split the input into groups; `in_channels` must be divisible by it.
            Default: ``1``.
        dilation (int or tuple): the spacing between kernel elements. Default: ``None`` (1).

    Returns:
        Tensor: `(N, out_channels, D_out, H_out, W_out)` (or without `N`).

    Raises:
        ArgumentError: an int argument of the wrong length (or a padding string).
        ShapeError: the input's rank, its channels (against the weight and `groups`) or the
            bias do not fit.
        TypeError: `weight` is not an eagertape tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     y = et.conv_transpose3d(et.ones(1, 1, 2, 2, 2), et.ones(1, 1, 2, 2, 2), stride=2)
        ...     tuple(y.shape), y.sum().item()
        ((1, 1, 4, 4, 4), 64.0)
    """

def layer_norm(
    input: Tensor,
    normalized_shape: int | Sequence[int],
    weight: Tensor | ArrayLike | None = None,
    bias: Tensor | ArrayLike | None = None,
    eps: float = 1e-5,
) -> Tensor:
    """Apply Layer Normalization for last certain number of dimensions.

    Each sample is normalized by the mean and (biased) variance of its trailing `normalized_shape`
    dims, then scaled by `weight` and shifted by `bias` elementwise. Records one node; `input`,
    `weight` and `bias` get gradients.

    Args:
        input (Tensor): of shape `(*, *normalized_shape)`.
        normalized_shape (int or sequence of int): the trailing dims to normalize over.
        weight (Tensor, optional): of shape `normalized_shape`. Default: ``None``.
        bias (Tensor, optional): of shape `normalized_shape`. Default: ``None``.
        eps (float): a value added to the variance for numerical stability. Default:
            ``1e-5``.

    Returns:
        Tensor: of the input's shape.

    Raises:
        ShapeError: `normalized_shape` is not the input's trailing shape, or `weight` or
            `bias` has another shape.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(dtype="float64"):
        ...     y = et.layer_norm(et.tensor([[1.0, 3.0]]), (2,))
        ...     [round(v, 4) for v in y[0].tolist()]
        [-1.0, 1.0]
    """

def rms_norm(
    input: Tensor,
    normalized_shape: int | Sequence[int],
    weight: Tensor | ArrayLike | None = None,
    eps: float | None = None,
) -> Tensor:
    """Apply Root Mean Square Layer Normalization.

    `y = x / sqrt(mean(x ** 2) + eps) * weight`, the mean over the trailing `normalized_shape` dims.
    Records one node on every carrier; `input` and `weight` get gradients.

    Args:
        input (Tensor): of shape `(*, *normalized_shape)`.
        normalized_shape (int or sequence of int): the trailing dims to normalize over.
        weight (Tensor, optional): of shape `normalized_shape`. Default: ``None``.
        eps (float, optional): a value added to the mean square. Default: ``None`` (the
            machine epsilon of the input's dtype, as torch's `torch.finfo(dtype).eps`).

    Returns:
        Tensor: of the input's shape.

    Raises:
        ShapeError: `normalized_shape` is not the input's trailing shape, or `weight` has
            another shape.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(dtype="float64"):
        ...     y = et.rms_norm(et.tensor([[3.0, 4.0]]), [2])
        ...     [round(v, 4) for v in y[0].tolist()]
        [0.8485, 1.1314]
    """

def group_norm(
    input: Tensor,
    num_groups: int,
    weight: Tensor | ArrayLike | None = None,
    bias: Tensor | ArrayLike | None = None,
    eps: float = 1e-5,
) -> Tensor:
    """Apply Group Normalization for last certain number of dimensions.

    The channels (dim 1) are split into `num_groups` groups; each group of each sample is normalized
    by its own mean and (biased) variance, then `weight` and `bias` apply per channel. Records one
    node on every carrier; `input`, `weight` and `bias` get gradients.

    Args:
        input (Tensor): of shape `(N, C, *)`.
        num_groups (int): the number of groups; `C` must be divisible by it.
        weight (Tensor, optional): per-channel scale, of shape `(C)`. Default: ``None``.
        bias (Tensor, optional): per-channel shift, of shape `(C)`. Default: ``None``.
        eps (float): a value added to the variance for numerical stability. Default:
            ``1e-5``.

    Returns:
        Tensor: of the input's shape.

    Raises:
        ShapeError: `C` is not divisible by `num_groups`, or `weight` or `bias` is not
            `(C)`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(dtype="float64"):
        ...     x = et.tensor([[[1.0], [3.0], [5.0], [7.0]]])
        ...     [round(v, 4) for v in et.group_norm(x, 2).flatten().tolist()]
        [-1.0, 1.0, -1.0, 1.0]
    """

def local_response_norm(
    input: Tensor, size: int, alpha: float = 1e-4, beta: float = 0.75, k: float = 1.0
) -> Tensor:
    """Applies local response normalization over an input signal.

    The input is divided by ``(k + alpha * avg)**beta``, ``avg`` the mean of the squares over
    ``size`` neighbouring channels (zero-padded at the ends), composed from recorded ops as
    torch composes it. The channels are dim 1.

    Args:
        input (Tensor): ``(N, C, ...)``, at least 3 dims.
        size (int): the number of neighbouring channels used for normalization.
        alpha (float): the multiplicative factor. Default: ``1e-4``.
        beta (float): the exponent. Default: ``0.75``.
        k (float): the additive factor. Default: ``1.0``.

    Returns:
        Tensor: the input's shape.

    Raises:
        ShapeError: an input of fewer than 3 dims.
        ArgumentError: a ``size`` below 1.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.local_response_norm(et.zeros(1, 3, 2), 2).tolist()
        [[[0.0, 0.0], [0.0, 0.0], [0.0, 0.0]]]
    """

def scaled_dot_product_attention(
    query: Tensor,
    key: Tensor | ArrayLike,
    value: Tensor | ArrayLike,
    attn_mask: Tensor | ArrayLike | None = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    enable_gqa: bool = False,
) -> Tensor:
    """Computes scaled dot product attention on query, key and value tensors, using an optional
    attention mask if passed, and applying dropout if a probability greater than 0.0 is specified.

    `softmax(query @ key^T * scale + mask) @ value`. On CPU, 4-D operands with no dropout and a mask
    that needs no gradient run LibTorch's fused kernel, which keeps what torch keeps for its
    backward (not the `(L, S)` attention matrix); everything else (dropout, other ranks, CUDA, the
    reference carriers) is composed of the tape's own ops. Dropout on the attention weights is drawn
    from the session's generator whenever `dropout_p > 0`, as torch's function does (pass 0.0 in
    evaluation). `query`, `key` and `value` get gradients.

    Args:
        query (Tensor): `(..., L, E)`.
        key (Tensor): `(..., S, E)`.
        value (Tensor): `(..., S, Ev)`.
        attn_mask (Tensor, optional): broadcastable to `(..., L, S)`: bool (true: the position
            takes part) or additive, a tensor or array data. Default: ``None``.
        dropout_p (float): the dropout probability of the attention weights. Default: ``0.0``.
        is_causal (bool): apply the lower-triangular (top-left aligned) causal mask; no
            `attn_mask` may be given with it. Default: ``False``.
        scale (float, optional): the scaling factor. Default: ``None`` (`1 / sqrt(E)`).
        enable_gqa (bool): accepted for torch compatibility; must stay ``False`` (grouped
            query attention is not supported).

    Returns:
        Tensor: `(..., L, Ev)`.

    Raises:
        ArgumentError: `enable_gqa=True`, `dropout_p` outside `[0, 1]`, or an `attn_mask`
            with `is_causal=True`.
        ShapeError: the operands' shapes do not fit together, or the mask does not broadcast.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     q = et.ones(1, 1, 2, 4)
        ...     out = et.scaled_dot_product_attention(q, q, q, is_causal=True)
        ...     tuple(out.shape), out.sum().item()
        ((1, 1, 2, 4), 8.0)
    """

def multi_head_attention_forward(
    query: Tensor,
    key: Tensor | ArrayLike,
    value: Tensor | ArrayLike,
    embed_dim_to_check: int,
    num_heads: int,
    in_proj_weight: Tensor | ArrayLike | None,
    in_proj_bias: Tensor | ArrayLike | None,
    bias_k: Tensor | ArrayLike | None,
    bias_v: Tensor | ArrayLike | None,
    add_zero_attn: bool,
    dropout_p: float,
    out_proj_weight: Tensor | ArrayLike,
    out_proj_bias: Tensor | ArrayLike | None,
    training: bool = True,
    key_padding_mask: Tensor | ArrayLike | None = None,
    need_weights: bool = True,
    attn_mask: Tensor | ArrayLike | None = None,
    use_separate_proj_weight: bool = False,
    q_proj_weight: Tensor | ArrayLike | None = None,
    k_proj_weight: Tensor | ArrayLike | None = None,
    v_proj_weight: Tensor | ArrayLike | None = None,
    static_k: Tensor | ArrayLike | None = None,
    static_v: Tensor | ArrayLike | None = None,
    average_attn_weights: bool = True,
    is_causal: bool = False,
) -> tuple[Tensor, Tensor | None]:
    """Forward method for MultiHeadAttention.

    torch's `F.multi_head_attention_forward`, the computation of `nn.MultiheadAttention`, on
    sequence-first inputs: the input projections (one packed product when query, key and value
    are the same tensor, two when key is value, else three; or the separate weights), the heads,
    `softmax(q k^T / sqrt(head_dim) + mask) v` and the output projection. With `need_weights`
    the attention weights are computed explicitly and returned; without, the attention runs as
    `scaled_dot_product_attention`. Masks follow torch's semantics: a bool mask is ``True`` where
    attending is NOT allowed, a floating one is added to the attention scores. Dropout on the
    attention weights (when `training`) is drawn from the session's generator. Every floating
    operand gets its gradient.

    Args:
        query (Tensor): `(L, N, E)`, or `(L, E)` unbatched.
        key (Tensor): `(S, N, E)` (`(S, N, kdim)` with separate projection weights), or
            `(S, E)` unbatched.
        value (Tensor): `(S, N, E)` (`(S, N, vdim)` with separate projection weights), or
            `(S, E)` unbatched.
        embed_dim_to_check (int): the total dimension of the model, `E`: the query's width.
        num_heads (int): the number of parallel attention heads (they divide `E`).
        in_proj_weight (Tensor, optional): the packed input projection `(3E, E)` (q, k, v in
            turn); ``None`` with `use_separate_proj_weight`.
        in_proj_bias (Tensor, optional): `(3E,)`, the q, k and v biases in turn.
        bias_k (Tensor, optional): must be ``None`` (not supported).
        bias_v (Tensor, optional): must be ``None`` (not supported).
        add_zero_attn (bool): must be ``False`` (not supported).
        dropout_p (float): the dropout probability of the attention weights, in `[0, 1]`.
        out_proj_weight (Tensor): the output projection `(E_out, E)`.
        out_proj_bias (Tensor, optional): `(E_out,)`.
        training (bool): apply dropout if ``True``. Default: ``True``.
        key_padding_mask (Tensor, optional): `(N, S)` (`(S,)` unbatched): the keys to ignore
            (bool: ``True`` ignores; floating: added). Default: ``None``.
        need_weights (bool): also return the attention weights. Default: ``True``.
        attn_mask (Tensor, optional): `(L, S)`, or `(N * num_heads, L, S)` (`(num_heads, L, S)`
            unbatched): the positions each query may attend to (bool: ``True`` is NOT allowed;
            floating: added). Default: ``None``.
        use_separate_proj_weight (bool): project with `q_proj_weight`, `k_proj_weight` and
            `v_proj_weight` instead of `in_proj_weight`. Default: ``False``.
        q_proj_weight (Tensor, optional): `(E, E)`. Default: ``None``.
        k_proj_weight (Tensor, optional): `(E, kdim)`. Default: ``None``.
        v_proj_weight (Tensor, optional): `(E, vdim)`. Default: ``None``.
        static_k (Tensor, optional): must be ``None`` (not supported). Default: ``None``.
        static_v (Tensor, optional): must be ``None`` (not supported). Default: ``None``.
        average_attn_weights (bool): average the returned weights over the heads, else give
            them per head. Default: ``True``.
        is_causal (bool): a hint that `attn_mask` is the causal mask (which must then be
            given); without weights or a key padding mask the attention applies the causal mask
            itself. Default: ``False``.

    Returns:
        tuple: `(output, weights)`: the output `(L, N, E_out)` (`(L, E_out)` unbatched); the
        weights `(N, L, S)` (`(N, num_heads, L, S)` when not averaged, without `N` unbatched),
        or ``None`` unless `need_weights`.

    Raises:
        ArgumentError: `bias_k`, `bias_v`, `static_k` or `static_v` given, `add_zero_attn`,
            `is_causal` without `attn_mask`, a mask of an integer dtype, a projection weight
            missing, `dropout_p` outside `[0, 1]`, or `num_heads` not dividing `E`.
        ShapeError: inputs, masks or weights of inconsistent ranks or shapes.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.ones(3, 2, 4)
        ...     out, weights = F.multi_head_attention_forward(
        ...         x, x, x, 4, 2, et.ones(12, 4), et.zeros(12), None, None, False, 0.0,
        ...         et.ones(4, 4), None, training=False)
        ...     tuple(out.shape), tuple(weights.shape), round(weights.sum().item(), 3)
        ((3, 2, 4), (2, 3, 3), 6.0)
    """

def _multi_head_attention_forward(
    query: Tensor,
    key: Tensor | ArrayLike,
    value: Tensor | ArrayLike,
    embed_dim_to_check: int,
    num_heads: int,
    in_proj_weight: Tensor | ArrayLike | None,
    in_proj_bias: Tensor | ArrayLike | None,
    bias_k: Tensor | ArrayLike | None,
    bias_v: Tensor | ArrayLike | None,
    add_zero_attn: bool,
    dropout_p: float,
    out_proj_weight: Tensor | ArrayLike,
    out_proj_bias: Tensor | ArrayLike | None,
    training: bool = True,
    key_padding_mask: Tensor | ArrayLike | None = None,
    need_weights: bool = True,
    attn_mask: Tensor | ArrayLike | None = None,
    use_separate_proj_weight: bool = False,
    q_proj_weight: Tensor | ArrayLike | None = None,
    k_proj_weight: Tensor | ArrayLike | None = None,
    v_proj_weight: Tensor | ArrayLike | None = None,
    static_k: Tensor | ArrayLike | None = None,
    static_v: Tensor | ArrayLike | None = None,
    average_attn_weights: bool = True,
    is_causal: bool = False,
    *,
    batch_first: bool = False,
) -> tuple[Tensor, Tensor | None]: ...
def max_pool1d(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    dilation: int | Sequence[int] = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Tensor | tuple[Tensor, Tensor]:
    """Applies a 1D max pooling over an input signal composed of several input planes.

    Computed by the 2-D kernel on a ``1 x kernel_size`` window (the same maxima and
    gradients).

    Args:
        input (Tensor): ``(N, C, L)`` or ``(C, L)``.
        kernel_size (int or 1-tuple): the size of the window.
        stride (int or 1-tuple, optional): the stride of the window. Default: ``None``
            (``kernel_size``).
        padding (int or 1-tuple): implicit negative infinity padding on both sides.
            Default: ``0``.
        dilation (int or 1-tuple): the stride between elements within a window.
            Default: ``1``.
        ceil_mode (bool): if ``True``, use ``ceil`` instead of ``floor`` to compute the
            output length. Default: ``False``.
        return_indices (bool): also return the int64 indices of the maxima (one more node: LibTorch's
            ``*_with_indices`` kernel), for ``max_unpool``. Default: ``False``.

    Returns:
        Tensor: the pooled tensor, ``(N, C, L_out)`` or ``(C, L_out)``.

    Raises:
        ArgumentError: a size that is not an int or a 1-tuple.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.max_pool1d(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2).tolist()
        [[[3.0, 5.0]]]
    """

def avg_pool1d(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
) -> Tensor:
    """Applies a 1D average pooling over an input signal composed of several input
    planes.

    Computed by the 2-D kernel on a ``1 x kernel_size`` window.

    Args:
        input (Tensor): ``(N, C, L)`` or ``(C, L)``.
        kernel_size (int or 1-tuple): the size of the window.
        stride (int or 1-tuple, optional): the stride of the window. Default: ``None``
            (``kernel_size``).
        padding (int or 1-tuple): implicit zero padding on both sides. Default: ``0``.
        ceil_mode (bool): if ``True``, use ``ceil`` instead of ``floor`` to compute the
            output length. Default: ``False``.
        count_include_pad (bool): if ``True``, include the zero-padding in the
            averaging calculation. Default: ``True``.

    Returns:
        Tensor: the pooled tensor, ``(N, C, L_out)`` or ``(C, L_out)``.

    Raises:
        ArgumentError: a size that is not an int or a 1-tuple.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.avg_pool1d(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2).tolist()
        [[[2.0, 3.5]]]
    """

def adaptive_avg_pool1d(input: Tensor, output_size: int | Sequence[int]) -> Tensor:
    """Applies a 1D adaptive average pooling over an input signal composed of several
    input planes.

    Computed by the 2-D kernel with one row.

    Args:
        input (Tensor): ``(N, C, L)`` or ``(C, L)``.
        output_size (int or 1-tuple): the target output length.

    Returns:
        Tensor: ``(N, C, output_size)`` or ``(C, output_size)``.

    Raises:
        ArgumentError: an ``output_size`` that is not an int or a 1-tuple.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.adaptive_avg_pool1d(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2).tolist()
        [[[2.0, 3.5]]]
    """

def adaptive_max_pool1d(
    input: Tensor, output_size: int | Sequence[int], return_indices: bool = False
) -> Tensor | tuple[Tensor, Tensor]:
    """Applies a 1D adaptive max pooling over an input signal composed of several input
    planes.

    Computed by the 2-D kernel with one row.

    Args:
        input (Tensor): ``(N, C, L)`` or ``(C, L)``.
        output_size (int or 1-tuple): the target output length.
        return_indices (bool): also return the int64 indices of the maxima (one more node: LibTorch's
            ``*_with_indices`` kernel), for ``max_unpool``. Default: ``False``.

    Returns:
        Tensor: ``(N, C, output_size)`` or ``(C, output_size)``.

    Raises:
        ArgumentError: an ``output_size`` that is not an int or a 1-tuple.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.adaptive_max_pool1d(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2).tolist()
        [[[3.0, 5.0]]]
    """

def max_pool2d(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    dilation: int | Sequence[int] = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Tensor | tuple[Tensor, Tensor]:
    """Applies a 2D max pooling over an input signal composed of several input planes.

    On LibTorch carriers, one node on LibTorch's kernel: the argmax indices are kept as the node's
    workspace for the backward, which sends each output's gradient to the element it took (the
    reference carriers compose it of the tape's ops).

    Args:
        input (Tensor): `(N, C, H, W)` or unbatched `(C, H, W)`.
        kernel_size (int or tuple): the size of the window, an int or `(kH, kW)`.
        stride (int or tuple, optional): the stride of the window. Default: ``None``
            (`kernel_size`).
        padding (int or tuple): implicit negative-infinity padding on both sides, at most half
            the kernel size. Default: ``0``.
        dilation (int or tuple): the spacing between the window's elements.
            Default: ``1``.
        ceil_mode (bool): use ceil instead of floor to compute the output shape.
            Default: ``False``.
        return_indices (bool): also return the int64 indices of the maxima (one more node: LibTorch's
            ``*_with_indices`` kernel), for ``max_unpool``. Default: ``False``.

    Returns:
        Tensor: `(N, C, H_out, W_out)` (or `(C, H_out, W_out)`); with `return_indices`,
        the pair `(values, indices)`.

    Raises:
        ArgumentError: a padding over half the kernel, or a non-positive size.
        ShapeError: the input is not 3-D or 4-D, or the output would be empty.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
        ...     et.max_pool2d(x, 2).tolist()
        [[[[5.0, 7.0], [13.0, 15.0]]]]
    """

def avg_pool2d(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Tensor:
    """Applies 2D average-pooling operation in `kH x kW` regions by step size `sH x sW` steps.

    Records one node (LibTorch's kernel and its backward; the reference carriers compose it).

    Args:
        input (Tensor): `(N, C, H, W)` or unbatched `(C, H, W)`.
        kernel_size (int or tuple): the size of the pooling region, an int or `(kH, kW)`.
        stride (int or tuple, optional): the stride of the pooling operation. Default:
            ``None`` (`kernel_size`).
        padding (int or tuple): implicit zero padding on both sides, at most half the kernel
            size. Default: ``0``.
        ceil_mode (bool): use ceil instead of floor to compute the output shape.
            Default: ``False``.
        count_include_pad (bool): include the zero padding in the averaging calculation.
            Default: ``True``.
        divisor_override (int, optional): the divisor to use instead of the pooling region's
            size. Default: ``None``.

    Returns:
        Tensor: `(N, C, H_out, W_out)` (or `(C, H_out, W_out)`).

    Raises:
        ArgumentError: a padding over half the kernel, or a non-positive size.
        ShapeError: the input is not 3-D or 4-D, or the output would be empty.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
        ...     et.avg_pool2d(x, 2).tolist()
        [[[[2.5, 4.5], [10.5, 12.5]]]]
    """

def adaptive_avg_pool2d(input: Tensor, output_size: int | Sequence[int | None]) -> Tensor:
    """Applies a 2D adaptive average pooling over an input signal composed of several input planes.

    The output has the size `output_size` whatever the input's size; each output element is the mean
    of its adaptive bin.

    Args:
        input (Tensor): `(N, C, H, W)` or unbatched `(C, H, W)`.
        output_size (int or tuple): the target size `(H_out, W_out)`, or one int for a square;
            a ``None`` entry keeps the input's size in that dim.

    Returns:
        Tensor: `(N, C, H_out, W_out)` (or `(C, H_out, W_out)`).

    Raises:
        ArgumentError: `output_size` is neither an int nor a pair.
        ShapeError: the input is not 3-D or 4-D.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
        ...     et.adaptive_avg_pool2d(x, 1).tolist()
        ...     tuple(et.adaptive_avg_pool2d(x, (2, None)).shape)
        [[[[7.5]]]]
        (1, 1, 2, 4)
    """

def adaptive_max_pool2d(
    input: Tensor, output_size: int | Sequence[int | None], return_indices: bool = False
) -> Tensor | tuple[Tensor, Tensor]:
    """Applies a 2D adaptive max pooling over an input signal composed of several input planes.

    The output has the size `output_size` whatever the input's size; each output element is the
    maximum of its adaptive bin. One node on LibTorch's kernel, whose argmax indices stay the node's
    own workspace for the backward. LibTorch carriers only
    (the reference backend raises `UnsupportedOpError`).

    Args:
        input (Tensor): `(N, C, H, W)` or unbatched `(C, H, W)`, not empty.
        output_size (int or tuple): the target size `(H_out, W_out)`, or one int for a square;
            a ``None`` entry keeps the input's size in that dim.
        return_indices (bool): also return the int64 indices of the maxima (one more node: LibTorch's
            ``*_with_indices`` kernel), for ``max_unpool``. Default: ``False``.

    Returns:
        Tensor: `(N, C, H_out, W_out)` (or `(C, H_out, W_out)`).

    Raises:
        ArgumentError: a non-positive size, or an `output_size` that
            is neither an int nor a pair.
        ShapeError: the input is not a non-empty 3-D or 4-D tensor.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
        ...     F.adaptive_max_pool2d(x, 2).tolist()
        ...     F.adaptive_max_pool2d(x, (1, None)).tolist()
        [[[[5.0, 7.0], [13.0, 15.0]]]]
        [[[[12.0, 13.0, 14.0, 15.0]]]]
    """

def adaptive_avg_pool3d(input: Tensor, output_size: int | Sequence[int | None]) -> Tensor:
    """Applies a 3D adaptive average pooling over an input signal composed of several input planes.

    The output is of size `D_out x H_out x W_out` for any input size; each bin averages the
    input elements it covers (torch's bins). LibTorch carriers only.

    Args:
        input (Tensor): `(N, C, D, H, W)` or `(C, D, H, W)`.
        output_size (int or tuple): the target output size: an int for a cube, or three ints
            or ``None``s (``None`` keeps the input's size there).

    Returns:
        Tensor: `(N, C, D_out, H_out, W_out)` (or without `N`).

    Raises:
        et.ShapeError: the input is not a non-empty 4-D or 5-D tensor.
        et.ArgumentError: an output size that is not positive.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     tuple(et.nn.functional.adaptive_avg_pool3d(et.ones(1, 2, 4, 4, 4), 2).shape)
        (1, 2, 2, 2, 2)
    """

def adaptive_max_pool3d(
    input: Tensor, output_size: int | Sequence[int | None], return_indices: bool = False
) -> Tensor | tuple[Tensor, Tensor]:
    """Applies a 3D adaptive max pooling over an input signal composed of several input planes.

    The output is of size `D_out x H_out x W_out` for any input size; each bin takes the
    maximum of the input elements it covers, and the cotangent goes back to that element
    (torch's `adaptive_max_pool3d_backward`). LibTorch carriers only.

    Args:
        input (Tensor): `(N, C, D, H, W)` or `(C, D, H, W)`.
        output_size (int or tuple): the target output size: an int for a cube, or three ints
            or ``None``s (``None`` keeps the input's size there).
        return_indices (bool): also return the int64 indices of the maxima (one more node: LibTorch's
            ``*_with_indices`` kernel), for ``max_unpool``. Default: ``False``.

    Returns:
        Tensor: `(N, C, D_out, H_out, W_out)` (or without `N`).

    Raises:
        et.ShapeError: the input is not a non-empty 4-D or 5-D tensor.
        et.ArgumentError: an output size that is not positive.
    """

def max_pool3d(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    dilation: int | Sequence[int] = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Tensor | tuple[Tensor, Tensor]:
    """Applies a 3D max pooling over an input signal composed of several input planes.

    One node on LibTorch's kernel, whose argmax indices stay the node's own workspace for the
    backward. LibTorch carriers only (the reference backend
    raises `UnsupportedOpError`).

    Args:
        input (Tensor): `(N, C, D, H, W)` or unbatched `(C, D, H, W)`.
        kernel_size (int or tuple): the size of the window, an int or `(kD, kH, kW)`.
        stride (int or tuple, optional): the stride of the window. Default: ``None``
            (`kernel_size`).
        padding (int or tuple): implicit negative-infinity padding on both sides, at most half
            the effective kernel size. Default: ``0``.
        dilation (int or tuple): the spacing between the window's elements.
            Default: ``1``.
        ceil_mode (bool): use ceil instead of floor to compute the output shape.
            Default: ``False``.
        return_indices (bool): also return the int64 indices of the maxima (one more node: LibTorch's
            ``*_with_indices`` kernel), for ``max_unpool``. Default: ``False``.

    Returns:
        Tensor: `(N, C, D_out, H_out, W_out)` (or without the batch dim).

    Raises:
        ArgumentError: a padding over half the kernel, or a non-positive size.
        ShapeError: the input is not 4-D or 5-D, or smaller than the window.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.max_pool3d(et.arange(8.0).reshape(1, 1, 2, 2, 2), 2).tolist()
        [[[[[7.0]]]]]
    """

def avg_pool3d(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Tensor:
    """Applies 3D average-pooling operation in `kT x kH x kW` regions by step size `sT x sH x sW`
    steps.

    One node on LibTorch's kernel and its backward. LibTorch carriers only (the reference backend
    raises `UnsupportedOpError`).

    Args:
        input (Tensor): `(N, C, D, H, W)` or unbatched `(C, D, H, W)`.
        kernel_size (int or tuple): the size of the pooling region, an int or `(kT, kH, kW)`.
        stride (int or tuple, optional): the stride of the pooling operation. Default:
            ``None`` (`kernel_size`).
        padding (int or tuple): implicit zero padding on both sides, at most half the kernel
            size. Default: ``0``.
        ceil_mode (bool): use ceil instead of floor to compute the output shape.
            Default: ``False``.
        count_include_pad (bool): include the zero padding in the averaging calculation.
            Default: ``True``.
        divisor_override (int, optional): a non-zero divisor to use instead of the pooling
            region's size. Default: ``None``.

    Returns:
        Tensor: `(N, C, D_out, H_out, W_out)` (or without the batch dim).

    Raises:
        ArgumentError: a padding over half the kernel, a non-positive size, or
            `divisor_override=0`.
        ShapeError: the input is not 4-D or 5-D, or smaller than the window.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.avg_pool3d(et.arange(8.0).reshape(1, 1, 2, 2, 2), 2).tolist()
        [[[[[3.5]]]]]
    """

def max_pool1d_with_indices(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    dilation: int | Sequence[int] = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> tuple[Tensor, Tensor]:
    """``F.max_pool1d(..., return_indices=True)``: the maxima and their int64 indices
    (positions along the input's last dim). The ``return_indices`` argument is ignored.

    Args:
        input (Tensor): ``(N, C, L)`` or ``(C, L)``.
        kernel_size (int or tuple): the window's size.
        stride (int or tuple, optional): the window's stride. Default: ``None``
            (``kernel_size``).
        padding (int or tuple): implicit negative-infinity padding. Default: ``0``.
        dilation (int or tuple): the spacing of the window's elements. Default: ``1``.
        ceil_mode (bool): ceil instead of floor for the output size. Default: ``False``.
        return_indices (bool): ignored (the pair is returned). Default: ``False``.

    Returns:
        tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     v, i = F.max_pool1d_with_indices(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2)
        ...     v.tolist(), i.tolist()
        ([[[3.0, 5.0]]], [[[1, 3]]])
    """

def max_pool2d_with_indices(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    dilation: int | Sequence[int] = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> tuple[Tensor, Tensor]:
    """``F.max_pool2d(..., return_indices=True)``: the maxima and their int64 indices
    (flat positions in each input plane). The ``return_indices`` argument is ignored.

    Args:
        input (Tensor): ``(N, C, H, W)`` or ``(C, H, W)``.
        kernel_size (int or tuple): the window's size.
        stride (int or tuple, optional): the window's stride. Default: ``None``
            (``kernel_size``).
        padding (int or tuple): implicit negative-infinity padding. Default: ``0``.
        dilation (int or tuple): the spacing of the window's elements. Default: ``1``.
        ceil_mode (bool): ceil instead of floor for the output size. Default: ``False``.
        return_indices (bool): ignored (the pair is returned). Default: ``False``.

    Returns:
        tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.arange(16.0).reshape(1, 1, 4, 4)
        ...     F.max_pool2d_with_indices(x, 2)[1].tolist()
        [[[[5, 7], [13, 15]]]]
    """

def max_pool3d_with_indices(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    dilation: int | Sequence[int] = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> tuple[Tensor, Tensor]:
    """``F.max_pool3d(..., return_indices=True)``: the maxima and their int64 indices
    (flat positions in each input volume). The ``return_indices`` argument is ignored.

    Args:
        input (Tensor): ``(N, C, D, H, W)`` or ``(C, D, H, W)``.
        kernel_size (int or tuple): the window's size.
        stride (int or tuple, optional): the window's stride. Default: ``None``
            (``kernel_size``).
        padding (int or tuple): implicit negative-infinity padding. Default: ``0``.
        dilation (int or tuple): the spacing of the window's elements. Default: ``1``.
        ceil_mode (bool): ceil instead of floor for the output size. Default: ``False``.
        return_indices (bool): ignored (the pair is returned). Default: ``False``.

    Returns:
        tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
    """

def adaptive_max_pool1d_with_indices(
    input: Tensor, output_size: int | Sequence[int], return_indices: bool = False
) -> tuple[Tensor, Tensor]:
    """``F.adaptive_max_pool1d(..., return_indices=True)``: the maxima and their int64
    indices. The ``return_indices`` argument is ignored.

    Args:
        input (Tensor): ``(N, C, L)`` or ``(C, L)``.
        output_size (int or tuple): the target output size (``None`` entries keep the
            input's).
        return_indices (bool): ignored (the pair is returned). Default: ``False``.

    Returns:
        tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
    """

def adaptive_max_pool2d_with_indices(
    input: Tensor, output_size: int | Sequence[int | None], return_indices: bool = False
) -> tuple[Tensor, Tensor]:
    """``F.adaptive_max_pool2d(..., return_indices=True)``: the maxima and their int64
    indices. The ``return_indices`` argument is ignored.

    Args:
        input (Tensor): ``(N, C, H, W)`` or ``(C, H, W)``.
        output_size (int or tuple): the target output size (``None`` entries keep the
            input's).
        return_indices (bool): ignored (the pair is returned). Default: ``False``.

    Returns:
        tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
    """

def adaptive_max_pool3d_with_indices(
    input: Tensor, output_size: int | Sequence[int | None], return_indices: bool = False
) -> tuple[Tensor, Tensor]:
    """``F.adaptive_max_pool3d(..., return_indices=True)``: the maxima and their int64
    indices. The ``return_indices`` argument is ignored.

    Args:
        input (Tensor): ``(N, C, D, H, W)`` or ``(C, D, H, W)``.
        output_size (int or tuple): the target output size (``None`` entries keep the
            input's).
        return_indices (bool): ignored (the pair is returned). Default: ``False``.

    Returns:
        tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
    """

def max_unpool1d(
    input: Tensor,
    indices: Tensor | ArrayLike,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    output_size: int | Sequence[int] | None = None,
) -> Tensor:
    """Compute a partial inverse of ``MaxPool1d``: each value goes to the position its
    index names, every other position is zero; the gradient gathers the cotangent at
    the indices (LibTorch's kernel and autograd, one node).

    Args:
        input (Tensor): ``(N, C, L)`` or ``(C, L)``, the pooled values.
        indices (Tensor): int64, ``input``'s shape: what ``max_pool1d`` returned.
        kernel_size (int or 1-tuple): the pooling's window.
        stride (int or 1-tuple, optional): the pooling's stride. Default: ``None``
            (``kernel_size``).
        padding (int or 1-tuple): the pooling's padding. Default: ``0``.
        output_size (sequence of ints, optional): the length to make, within one stride
            of the default ``(L - 1) * stride + kernel_size - 2 * padding`` (the batch and
            channel sizes may lead). Default: ``None``.

    Raises:
        ArgumentError: an ``output_size`` of another length or out of range.
        ShapeError: ``input`` not 2-D or 3-D, or ``indices`` of another shape.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     v, i = F.max_pool1d(et.tensor([[[1.0, 3.0, 2.0, 5.0]]]), 2, return_indices=True)
        ...     F.max_unpool1d(v, i, 2).tolist()
        [[[0.0, 3.0, 0.0, 5.0]]]
    """

def max_unpool2d(
    input: Tensor,
    indices: Tensor | ArrayLike,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    output_size: int | Sequence[int] | None = None,
) -> Tensor:
    """Compute a partial inverse of ``MaxPool2d``: each value goes to the position its
    index names in its plane, every other position is zero; the gradient gathers the
    cotangent at the indices (LibTorch's kernel and autograd, one node).

    Args:
        input (Tensor): ``(N, C, H, W)`` or ``(C, H, W)``, the pooled values.
        indices (Tensor): int64, ``input``'s shape: what ``max_pool2d`` returned.
        kernel_size (int or tuple): the pooling's window.
        stride (int or tuple, optional): the pooling's stride. Default: ``None``
            (``kernel_size``).
        padding (int or tuple): the pooling's padding. Default: ``0``.
        output_size (sequence of ints, optional): the ``(H, W)`` to make, each within
            one stride of its default (the batch and channel sizes may lead).
            Default: ``None``.

    Raises:
        ArgumentError: an ``output_size`` of another length or out of range.
        ShapeError: ``input`` not 3-D or 4-D, or ``indices`` of another shape.
    """

def max_unpool3d(
    input: Tensor,
    indices: Tensor | ArrayLike,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] = 0,
    output_size: int | Sequence[int] | None = None,
) -> Tensor:
    """Compute a partial inverse of ``MaxPool3d``: each value goes to the position its
    index names in its volume, every other position is zero; the gradient gathers the
    cotangent at the indices (LibTorch's kernel and autograd, one node).

    Args:
        input (Tensor): ``(N, C, D, H, W)`` or ``(C, D, H, W)``, the pooled values.
        indices (Tensor): int64, ``input``'s shape: what ``max_pool3d`` returned.
        kernel_size (int or tuple): the pooling's window.
        stride (int or tuple, optional): the pooling's stride. Default: ``None``
            (``kernel_size``).
        padding (int or tuple): the pooling's padding. Default: ``0``.
        output_size (sequence of ints, optional): the ``(D, H, W)`` to make, each
            within one stride of its default. Default: ``None``.

    Raises:
        ArgumentError: an ``output_size`` of another length or out of range.
        ShapeError: ``input`` not 4-D or 5-D, or ``indices`` of another shape.
    """

def fractional_max_pool2d(
    input: Tensor,
    kernel_size: int | Sequence[int],
    output_size: int | Sequence[int] | None = None,
    output_ratio: float | Sequence[float] | None = None,
    return_indices: bool = False,
    _random_samples: Tensor | ArrayLike | None = None,
) -> Tensor | tuple[Tensor, Tensor]:
    """Applies 2D fractional max pooling over an input signal composed of several input
    planes (Ben Graham's pseudo-random windows).

    LibTorch's kernel, the windows placed by ``_random_samples``: ``(N, C, 2)`` in
    ``[0, 1)``, drawn from the session's generator in the input's dtype where not given
    (torch draws them from its own, so the windows match torch's only for given samples).
    The gradient goes to each window's maximum.

    Args:
        input (Tensor): ``(N, C, H, W)`` or ``(C, H, W)``.
        kernel_size (int or tuple): the window's size.
        output_size (int or tuple, optional): the ``(H_out, W_out)`` to make.
        output_ratio (float or tuple, optional): the output size as a fraction of the
            input's (truncated), where ``output_size`` is not given.
        return_indices (bool): also return the int64 indices of the maxima (for
            ``max_unpool2d``). Default: ``False``.
        _random_samples (Tensor, optional): the windows' samples. Default: ``None``.

    Returns:
        Tensor, or (Tensor, Tensor) with ``return_indices``.

    Raises:
        ArgumentError: neither ``output_size`` nor ``output_ratio``, or a negative size.
        ShapeError: ``input`` not 3-D or 4-D, or windows that do not fit in it
            (``output_size + kernel_size - 1 > input size``, torch's check).

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     tuple(F.fractional_max_pool2d(et.randn(1, 2, 8, 8), 2, output_size=4).shape)
        (1, 2, 4, 4)
    """

def fractional_max_pool2d_with_indices(
    input: Tensor,
    kernel_size: int | Sequence[int],
    output_size: int | Sequence[int] | None = None,
    output_ratio: float | Sequence[float] | None = None,
    return_indices: bool = False,
    _random_samples: Tensor | ArrayLike | None = None,
) -> tuple[Tensor, Tensor]:
    """``F.fractional_max_pool2d(..., return_indices=True)``: the maxima and their int64
    indices. The ``return_indices`` argument is ignored.

    Args:
        input (Tensor): ``(N, C, H, W)`` or ``(C, H, W)``.
        kernel_size (int or tuple): the window's size.
        output_size (int or tuple, optional): the output's size.
        output_ratio (float or tuple, optional): the output's size as a fraction of the
            input's, where ``output_size`` is not given.
        return_indices (bool): ignored (the pair is returned). Default: ``False``.
        _random_samples (Tensor, optional): the windows' samples ``(N, C, 2)`` in
            ``[0, 1)``. Default: ``None`` (drawn from the session's generator).

    Returns:
        tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
    """

def fractional_max_pool3d(
    input: Tensor,
    kernel_size: int | Sequence[int],
    output_size: int | Sequence[int] | None = None,
    output_ratio: float | Sequence[float] | None = None,
    return_indices: bool = False,
    _random_samples: Tensor | ArrayLike | None = None,
) -> Tensor | tuple[Tensor, Tensor]:
    """Applies 3D fractional max pooling over an input signal composed of several input
    planes (Ben Graham's pseudo-random windows).

    LibTorch's kernel, the windows placed by ``_random_samples``: ``(N, C, 3)`` in
    ``[0, 1)``, drawn from the session's generator in the input's dtype where not given.
    The gradient goes to each window's maximum.

    Args:
        input (Tensor): ``(N, C, T, H, W)`` or ``(C, T, H, W)``.
        kernel_size (int or tuple): the window's size.
        output_size (int or tuple, optional): the ``(T_out, H_out, W_out)`` to make.
        output_ratio (float or tuple, optional): the output size as a fraction of the
            input's (truncated), where ``output_size`` is not given.
        return_indices (bool): also return the int64 indices of the maxima.
            Default: ``False``.
        _random_samples (Tensor, optional): the windows' samples. Default: ``None``.

    Returns:
        Tensor, or (Tensor, Tensor) with ``return_indices``.

    Raises:
        ArgumentError: neither ``output_size`` nor ``output_ratio``, or a negative size.
        ShapeError: ``input`` not 4-D or 5-D, or windows that do not fit in it
            (``output_size + kernel_size - 1 >= input size``, torch's check).
    """

def fractional_max_pool3d_with_indices(
    input: Tensor,
    kernel_size: int | Sequence[int],
    output_size: int | Sequence[int] | None = None,
    output_ratio: float | Sequence[float] | None = None,
    return_indices: bool = False,
    _random_samples: Tensor | ArrayLike | None = None,
) -> tuple[Tensor, Tensor]:
    """``F.fractional_max_pool3d(..., return_indices=True)``: the maxima and their int64
    indices. The ``return_indices`` argument is ignored.

    Args:
        input (Tensor): ``(N, C, D, H, W)`` or ``(C, D, H, W)``.
        kernel_size (int or tuple): the window's size.
        output_size (int or tuple, optional): the output's size.
        output_ratio (float or tuple, optional): the output's size as a fraction of the
            input's, where ``output_size`` is not given.
        return_indices (bool): ignored (the pair is returned). Default: ``False``.
        _random_samples (Tensor, optional): the windows' samples ``(N, C, 3)`` in
            ``[0, 1)``. Default: ``None`` (drawn from the session's generator).

    Returns:
        tuple[Tensor, Tensor]: the pooled values and the indices, of one shape.
    """

def unfold(
    input: Tensor,
    kernel_size: int | Sequence[int],
    dilation: int | Sequence[int] = 1,
    padding: int | Sequence[int] = 0,
    stride: int | Sequence[int] = 1,
) -> Tensor:
    """Extract sliding local blocks from a batched input tensor.

    Each `kernel_size` block of every channel becomes a column (im2col): dim 1 of the output holds a
    block's values and its last dim the `L` block positions. One node on LibTorch's kernel; its
    backward is `fold`. LibTorch carriers only (the reference backend raises `UnsupportedOpError`).

    Args:
        input (Tensor): `(N, C, H, W)` or unbatched `(C, H, W)`.
        kernel_size (int or tuple): the size of the sliding blocks.
        dilation (int or tuple): the stride of elements within a block. Default: ``1``.
        padding (int or tuple): implicit zero padding on both sides of the input.
            Default: ``0``.
        stride (int or tuple): the stride of the sliding blocks. Default: ``1``.

    Returns:
        Tensor: `(N, C * kH * kW, L)` (or `(C * kH * kW, L)`).

    Raises:
        ShapeError: the input is not 3-D or 4-D, or smaller than a block.
        ArgumentError: a non-positive kernel size, stride or dilation, or a negative padding.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.arange(9.0).reshape(1, 1, 3, 3)
        ...     cols = F.unfold(x, kernel_size=2)
        ...     tuple(cols.shape), cols[0, :, 0].tolist()
        ((1, 4, 4), [0.0, 1.0, 3.0, 4.0])
    """

def fold(
    input: Tensor,
    output_size: int | Sequence[int],
    kernel_size: int | Sequence[int],
    dilation: int | Sequence[int] = 1,
    padding: int | Sequence[int] = 0,
    stride: int | Sequence[int] = 1,
) -> Tensor:
    """Combine an array of sliding local blocks into a large containing tensor.

    The inverse layout of `unfold` (col2im): each column of `C * kH * kW` values is placed back at
    its block position of an `output_size` image, overlapping values summed. One node on LibTorch's
    kernel; its backward is `unfold`. LibTorch carriers only (the reference backend raises
    `UnsupportedOpError`).

    Args:
        input (Tensor): `(N, C * kH * kW, L)` or unbatched `(C * kH * kW, L)`.
        output_size (int or tuple): the spatial shape `(H, W)` of the output.
        kernel_size (int or tuple): the size of the sliding blocks.
        dilation (int or tuple): the stride of elements within a block. Default: ``1``.
        padding (int or tuple): implicit zero padding on both sides of the output.
            Default: ``0``.
        stride (int or tuple): the stride of the sliding blocks. Default: ``1``.

    Returns:
        Tensor: `(N, C, H, W)` (or `(C, H, W)`).

    Raises:
        ShapeError: the input is not 2-D or 3-D, or its shape does not hold the blocks that
            cover `output_size`.
        ArgumentError: a non-positive kernel size, stride or dilation, or a negative padding.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.fold(et.ones(1, 4, 4), output_size=(3, 3), kernel_size=2).tolist()
        [[[[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]]]
    """

def interpolate(
    input: Tensor,
    size: int | Sequence[int] | None = None,
    scale_factor: float | Sequence[float] | None = None,
    mode: str = "nearest",
    align_corners: bool | None = None,
    recompute_scale_factor: bool | None = None,
    antialias: bool = False,
) -> Tensor:
    """Down/up samples the input to either the given ``size`` or the given ``scale_factor``.

    The algorithm used for interpolation is determined by ``mode``: ``"nearest"``,
    ``"linear"`` (3-D input), ``"bilinear"`` and ``"bicubic"`` (4-D), ``"trilinear"`` (5-D)
    run LibTorch's kernels; ``"area"`` is adaptive average pooling (for 1 to 3 spatial dims).
    The input is ``(N, C, ...)`` with 1 to 3 spatial dims. With ``scale_factor`` the output
    size is ``floor(in * scale)``, and the scale itself is given to the kernel unless
    ``recompute_scale_factor``, as torch's. ``"nearest-exact"`` and ``antialias=True`` are not
    supported.

    Args:
        input (Tensor): the input tensor, ``(N, C, L)``, ``(N, C, H, W)`` or
            ``(N, C, D, H, W)``.
        size (int or Sequence[int], optional): the output spatial size. Default: ``None``.
        scale_factor (float or Sequence[float], optional): the multiplier for the spatial
            size; exactly one of ``size`` and ``scale_factor`` is given. Default: ``None``.
        mode (str): the algorithm used for upsampling. Default: ``"nearest"``.
        align_corners (bool, optional): for the interpolating modes (``linear``,
            ``bilinear``, ``bicubic``, ``trilinear``) only: if ``True``, the corner pixels of
            input and output are aligned, preserving their values. Default: ``None``
            (``False``).
        recompute_scale_factor (bool, optional): if ``True``, the kernel computes the scale
            from the input and output sizes instead of using ``scale_factor``. Default:
            ``None``.
        antialias (bool): must be ``False`` (not supported). Default: ``False``.

    Returns:
        Tensor: the resampled tensor, ``(N, C, *size)``.

    Raises:
        ArgumentError: an unknown ``mode``, ``antialias=True``, ``align_corners`` with
            ``"nearest"`` or ``"area"``, or not exactly one of ``size`` and ``scale_factor``.
        ShapeError: an input that is not 3-D to 5-D, a ``mode`` for another rank, or a
            ``size``/``scale_factor`` with the wrong number of entries.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.tensor([[[1.0, 2.0]]])
        ...     print(F.interpolate(x, scale_factor=2).tolist())
        ...     print(F.interpolate(x, size=3, mode="linear", align_corners=True).tolist())
        [[[1.0, 1.0, 2.0, 2.0]]]
        [[[1.0, 1.5, 2.0]]]
    """

def grid_sample(
    input: Tensor,
    grid: Tensor | ArrayLike,
    mode: str = "bilinear",
    padding_mode: str = "zeros",
    align_corners: bool | None = None,
) -> Tensor:
    """Compute grid sample.

    Samples `input` at the normalized locations of `grid` (`x` in the last entry runs along the
    width, -1 and 1 the extreme pixels with `align_corners`, the extreme edges without). One node on
    LibTorch's `grid_sampler_2d` / `grid_sampler_3d`; `input` and `grid` get gradients (a `grid`
    given as array data is a constant). LibTorch carriers only (the reference backend raises
    `UnsupportedOpError`).

    Args:
        input (Tensor): `(N, C, H_in, W_in)`, or `(N, C, D_in, H_in, W_in)`.
        grid (Tensor): `(N, H_out, W_out, 2)`, or `(N, D_out, H_out, W_out, 3)`.
        mode (str): ``"bilinear"``, ``"nearest"`` or ``"bicubic"`` (4-D input only).
            Default: ``"bilinear"``.
        padding_mode (str): the values outside the input: ``"zeros"``, ``"border"`` or
            ``"reflection"``. Default: ``"zeros"``.
        align_corners (bool, optional): whether -1 and 1 name the centers of the corner
            pixels (else their outer edges). Default: ``None`` (``False``, without torch's
            warning).

    Returns:
        Tensor: `(N, C, H_out, W_out)`, or `(N, C, D_out, H_out, W_out)`.

    Raises:
        ArgumentError: an unknown `mode` or `padding_mode`, or ``"bicubic"`` on a 5-D input.
        ShapeError: the shapes of `input` and `grid` do not fit together.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.tensor([[[[1.0, 2.0], [3.0, 4.0]]]])
        ...     theta = et.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
        ...     grid = F.affine_grid(theta, [1, 1, 2, 2], align_corners=False)
        ...     F.grid_sample(x, grid, align_corners=False).tolist()
        [[[[1.0, 2.0], [3.0, 4.0]]]]
    """

def affine_grid(
    theta: Tensor, size: int | Sequence[int], align_corners: bool | None = None
) -> Tensor:
    """Generate 2D or 3D flow field (sampling grid), given a batch of affine matrices `theta`.

    The base grid of normalized coordinates of `size` times `theta` transposed, recorded as a matrix
    product so `theta` gets its gradient. Mostly used with `grid_sample`.

    Args:
        theta (Tensor): the affine matrices, `(N, 2, 3)` for a 2-D `size` or `(N, 3, 4)` for
            a 3-D one.
        size (list of int): the target output image size, `(N, C, H, W)` or
            `(N, C, D, H, W)`.
        align_corners (bool, optional): as in `grid_sample`. Default: ``None`` (``False``).

    Returns:
        Tensor: `(N, H, W, 2)` or `(N, D, H, W, 3)`.

    Raises:
        ShapeError: `theta` does not fit `size`, or `size` is not 4-D or 5-D with positive
            entries.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     theta = et.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
        ...     F.affine_grid(theta, [1, 1, 2, 2], align_corners=True).tolist()
        [[[[-1.0, -1.0], [1.0, -1.0]], [[-1.0, 1.0], [1.0, 1.0]]]]
    """

def linear(
    input: Tensor, weight: Tensor | ArrayLike, bias: Tensor | ArrayLike | None = None
) -> Tensor:
    """Applies a linear transformation to the incoming data: `y = x W^T + b`.

    Records one `linear` node; `input`, `weight` and `bias` get gradients when they are tensors
    that require them (a Parameter is read in `input`'s session). Array data given as `weight` or
    `bias` become constants in the session's dtype. `input` may have any rank, 1-D included.

    Args:
        input (Tensor): the input, of shape `(*, in_features)`.
        weight (Tensor): the weight, of shape `(out_features, in_features)`.
        bias (Tensor, optional): the bias, of shape `(out_features)`. Default: ``None``.

    Returns:
        Tensor: of shape `(*, out_features)`.

    Raises:
        ShapeError: `weight` does not match the last dim of `input`, or `bias` does not
            broadcast.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0]])
        ...     w = et.tensor([[1.0, 1.0], [1.0, -1.0]])
        ...     et.linear(x, w, et.tensor([0.0, 1.0])).tolist()
        [[3.0, 0.0]]
    """

def bilinear(
    input1: Tensor,
    input2: Tensor | ArrayLike,
    weight: Tensor | ArrayLike,
    bias: Tensor | ArrayLike | None = None,
) -> Tensor:
    """Applies a bilinear transformation to the incoming data: ``y = x1^T A x2 + b``.

    ``y[..., o] = sum_ij x1[..., i] * weight[o, i, j] * x2[..., j] + bias[o]``, contracted as
    torch's ``_trilinear`` does (``x1`` with ``weight`` first, then with ``x2``: two recorded
    matrix products); every operand gets its gradient.

    Args:
        input1 (Tensor): ``(*, in1_features)``.
        input2 (Tensor): ``(*, in2_features)``, the same leading dims.
        weight (Tensor): ``(out_features, in1_features, in2_features)``.
        bias (Tensor, optional): ``(out_features)``. Default: ``None``.

    Returns:
        Tensor: ``(*, out_features)``.

    Raises:
        ShapeError: the shapes of the inputs, ``weight`` and ``bias`` do not fit together.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x1, x2 = et.tensor([[1.0, 2.0]]), et.tensor([[3.0]])
        ...     F.bilinear(x1, x2, et.ones(1, 2, 1), et.tensor([1.0])).tolist()
        [[10.0]]
    """

def pad(
    input: Tensor, pad: int | Sequence[int], mode: str = "constant", value: float | None = None
) -> Tensor:
    """Pads tensor.

    `pad` gives (left, right) amounts for the last dimension, then for the one before, and so on:
    `(1, 1)` pads the last dim, `(1, 1, 2, 2)` the last two. Negative amounts crop, as in torch.
    Records one node; the input gets the gradient of the elements it kept.

    Args:
        input (Tensor): the tensor to pad.
        pad (sequence of int): an even number of amounts, at most two per dimension.
        mode (str): ``"constant"``, ``"reflect"``, ``"replicate"`` or ``"circular"``.
            Default: ``"constant"``.
        value (float, optional): the fill value of ``"constant"`` padding. Default: ``None``
            (0). Other modes accept only ``None`` or 0.

    Returns:
        Tensor: the padded tensor.

    Raises:
        ArgumentError: an unknown `mode`, or a non-zero `value` with a mode other than
            ``"constant"``.
        ShapeError: `pad` has an odd length or more than two entries per dimension, or the
            padding is too large for the mode.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.pad(et.tensor([1.0, 2.0]), (1, 2), value=9.0).tolist()
        ...     et.pad(et.tensor([[1.0, 2.0, 3.0]]), (2, 0), mode="reflect").tolist()
        [9.0, 1.0, 2.0, 9.0, 9.0]
        [[3.0, 2.0, 1.0, 2.0, 3.0]]
    """

def batch_norm(
    input: Tensor,
    running_mean: Parameter | Tensor | ArrayLike | None,
    running_var: Parameter | Tensor | ArrayLike | None,
    weight: Tensor | ArrayLike | None = None,
    bias: Tensor | ArrayLike | None = None,
    training: bool = False,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """Apply Batch Normalization for each channel across a batch of data.

    Each channel (dim 1) is normalized by statistics over every other dim, then `weight` and `bias`
    apply per channel. In training mode the batch's statistics are used (biased variance), and when
    `running_mean` and `running_var` are given they must be `et.Parameter`s (module buffers):
    torch's update, `running = (1 - momentum) * running + momentum * batch_stat` (the unbiased
    variance), is published as their new snapshot once the forward succeeded, never written under a
    live tape. In eval mode the running statistics are used; they may then be Parameters, tensors or
    array data. `input`, `weight` and `bias` get gradients; the running statistics get none.
    LibTorch carriers only.

    Args:
        input (Tensor): `(N, C)` or `(N, C, *)`.
        running_mean (Parameter or Tensor, optional): per-channel means, `(C)`.
        running_var (Parameter or Tensor, optional): per-channel variances, `(C)`.
        weight (Tensor, optional): per-channel scale, `(C)`. Default: ``None``.
        bias (Tensor, optional): per-channel shift, `(C)`. Default: ``None``.
        training (bool): use the batch's statistics (and update the running ones).
            Default: ``False``.
        momentum (float): the weight of the batch's statistics in the running update.
            Default: ``0.1``.
        eps (float): a value added to the variance for numerical stability. Default:
            ``1e-5``.

    Returns:
        Tensor: of the input's shape.

    Raises:
        ArgumentError: only one running statistic is given, none in eval mode, or a
            non-finite `eps` or `momentum`.
        TypeError: a running statistic that is not a Parameter in training mode, or a str.
        ShapeError: the input has fewer than 2 dims, or a per-channel operand is not `(C)`.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     mean, var = et.tensor([1.0, 2.0]), et.tensor([4.0, 4.0])
        ...     et.batch_norm(x, mean, var, eps=0.0).tolist()
        ...     rm = et.nn.Parameter(np.zeros(2, np.float32), requires_grad=False)
        ...     rv = et.nn.Parameter(np.ones(2, np.float32), requires_grad=False)
        ...     y = et.batch_norm(x, rm, rv, training=True, momentum=0.5)
        ...     rm.tolist(), rv.tolist()
        [[0.0, 0.0], [1.0, 1.0]]
        ([1.0, 1.5], [1.5, 1.5])
    """

def _batch_norm_module(
    input: Tensor,
    running_mean: Parameter | None,
    running_var: Parameter | None,
    weight: Tensor | ArrayLike | None,
    bias: Tensor | ArrayLike | None,
    training: bool,
    momentum: float | None,
    eps: float,
    num_batches_tracked: Parameter | None,
) -> Tensor: ...
def instance_norm(
    input: Tensor,
    running_mean: Tensor | ArrayLike | None = None,
    running_var: Tensor | ArrayLike | None = None,
    weight: Tensor | ArrayLike | None = None,
    bias: Tensor | ArrayLike | None = None,
    use_input_stats: bool = True,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """Applies Instance Normalization independently for each channel in every data sample
    within a batch.

    Each ``(n, c)`` plane is normalized with its own mean and (biased) variance, then scaled
    by ``weight`` and shifted by ``bias`` (computed as ``group_norm`` with one channel per
    group). Only the input's own statistics are supported: running statistics
    (``track_running_stats`` in torch's modules) raise an error.

    Args:
        input (Tensor): ``(N, C, ...)``, at least 3 dims.
        running_mean (Tensor, optional): must be ``None`` (not supported). Default: ``None``.
        running_var (Tensor, optional): must be ``None`` (not supported). Default: ``None``.
        weight (Tensor, optional): per-channel scale, of size ``C``. Default: ``None``.
        bias (Tensor, optional): per-channel shift, of size ``C``. Default: ``None``.
        use_input_stats (bool): must be ``True``. Default: ``True``.
        momentum (float): accepted for torch's signature; unused without running statistics.
            Default: ``0.1``.
        eps (float): a value added to the variance for numerical stability. Default:
            ``1e-5``.

    Returns:
        Tensor: the input's shape.

    Raises:
        ArgumentError: ``running_mean`` or ``running_var`` given, or ``use_input_stats=False``.
        ShapeError: an input of fewer than 3 dims.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     y = F.instance_norm(et.tensor([[[1.0, 3.0], [2.0, 2.0]]]))
        ...     [[round(v, 3) for v in row] for row in y[0].tolist()]
        [[-1.0, 1.0], [0.0, 0.0]]
    """

def tensordot(
    a: Tensor, b: Tensor | ArrayLike, dims: int | Sequence[int | Sequence[int]] = 2
) -> Tensor:
    """Returns a contraction of `a` and `b` over multiple dimensions.

    An int `dims` contracts the last `dims` dimensions of `a` with the first `dims` of `b`;
    a pair of dim lists contracts `a`'s `dims[0]` with `b`'s `dims[1]`, pairwise. The free
    dimensions of `a`, then of `b`, remain; computed as one matrix product.

    Args:
        a (Tensor): the left tensor to contract.
        b (Tensor): the right tensor to contract.
        dims (int or pair of lists of ints): the number of dimensions to contract, or the
            dimensions of `a` and of `b` to contract. Default: ``2``.

    Returns:
        Tensor: the contraction.

    Raises:
        et.ArgumentError: if `dims` is a negative int, not an int or a pair, or its lists
            differ in length or repeat a dimension.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     a = et.ones(2, 3, 4)
        ...     b = et.ones(4, 5)
        ...     et.tensordot(a, b, dims=1).shape, et.tensordot(a, a, ([1, 2], [1, 2])).shape
        ((2, 3, 5), (2, 2))
    """

def pixel_shuffle(input: Tensor, upscale_factor: int) -> Tensor:
    """Rearranges elements in a tensor of shape ``(*, C * r**2, H, W)`` to a tensor of shape
    ``(*, C, H * r, W * r)``, where ``r`` is the ``upscale_factor``.

    Args:
        input (Tensor): the input tensor.
        upscale_factor (int): the factor to increase spatial resolution by.

    Returns:
        Tensor: the rearranged tensor.

    Raises:
        ShapeError: a channel count not divisible by ``upscale_factor**2``.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     x = et.arange(8.0).reshape(1, 8, 1, 1)
        ...     tuple(F.pixel_shuffle(x, 2).shape)
        (1, 2, 2, 2)
    """

def pixel_unshuffle(input: Tensor, downscale_factor: int) -> Tensor:
    """Reverses the ``pixel_shuffle`` operation by rearranging elements in a tensor of shape
    ``(*, C, H * r, W * r)`` to a tensor of shape ``(*, C * r**2, H, W)``, where ``r`` is the
    ``downscale_factor``.

    Args:
        input (Tensor): the input tensor.
        downscale_factor (int): the factor to decrease spatial resolution by.

    Returns:
        Tensor: the rearranged tensor.

    Raises:
        ShapeError: a height or width not divisible by ``downscale_factor``.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     tuple(F.pixel_unshuffle(et.ones(1, 2, 4, 4), 2).shape)
        (1, 8, 2, 2)
    """

def glu(input: Tensor, dim: int = -1) -> Tensor:
    """The gated linear unit: ``GLU(a, b) = a * sigmoid(b)``.

    ``input`` is split in half along ``dim`` to form ``a`` (the first half) and ``b``.

    Args:
        input (Tensor): the input tensor; its size along ``dim`` must be even.
        dim (int): the dimension on which to split the input. Default: ``-1``.

    Returns:
        Tensor: the input's shape, with ``dim`` halved.

    Raises:
        ShapeError: an odd size along ``dim``.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.glu(et.tensor([[1.0, 2.0, 0.0, 0.0]])).tolist()
        [[0.5, 1.0]]
    """

def prelu(input: Tensor, weight: Tensor | ArrayLike) -> Tensor:
    """Applies element-wise the function ``PReLU(x) = max(0, x) + weight * min(0, x)``.

    ``weight`` holds one slope, or one per channel (dim 1 of the input, dim 0 of a 1-D one);
    it gets a gradient as any operand does.

    Args:
        input (Tensor): the input tensor.
        weight (Tensor): the learnable slopes: 1 element or one per channel.

    Returns:
        Tensor: the input's shape.

    Raises:
        ShapeError: a ``weight`` that matches neither 1 nor the channel count.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     F.prelu(et.tensor([-2.0, 2.0]), et.tensor([0.25])).tolist()
        [-0.5, 2.0]
    """

def einsum(equation: str, *operands: Tensor | Sequence[Tensor]) -> Tensor:
    """Sums the product of the elements of the input `operands` along dimensions specified using a
    notation based on the Einstein summation convention.

    torch's notation: implicit and explicit output (`->`), `...` for broadcast dims, and a subscript
    repeated within one operand (its diagonal). The operands are given as separate arguments or as
    one sequence, as torch; each is a tensor of one session (it gets its gradient) or array
    data (a constant). A contraction of two operands runs as one matrix product.

    Args:
        equation (str): the subscripts, e.g. ``"ij,jk->ik"``.
        *operands (Tensor): the tensors, or one list or tuple of them.

    Returns:
        Tensor: the contraction.

    Raises:
        ArgumentError: the equation is malformed or names another number of operands.
        ShapeError: a subscript has two different sizes.
        TypeError: no operand is an eagertape tensor.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     a = et.tensor([[1.0, 2.0], [3.0, 4.0]])
        ...     et.einsum("ij,jk->ik", a, a).tolist()
        ...     et.einsum("ii", a).item()
        ...     et.einsum("ij->j", [a]).tolist()
        [[7.0, 10.0], [15.0, 22.0]]
        5.0
        [4.0, 6.0]
    """

def embedding(
    input: Tensor | ArrayLike,
    weight: Tensor | ArrayLike,
    padding_idx: int | None = None,
    max_norm: float | None = None,
    norm_type: float = 2.0,
    scale_grad_by_freq: bool = False,
    sparse: bool = False,
) -> Tensor:
    """Generate a simple lookup table that looks up embeddings in a fixed dictionary and size.

    Picks the rows of `weight` named by the integer ids in `input`, in one node. `weight` gets the
    gradient (repeated ids accumulate theirs; the `padding_idx` row gets none); the ids get none.
    `max_norm` (which renormalizes the weight's rows in place) and sparse gradients are not
    supported. LibTorch carriers only.

    Args:
        input (Tensor or array): int64 or int32 ids, of any shape (a tensor, or integer array
            data).
        weight (Tensor): the embedding matrix, `(num_embeddings, embedding_dim)`.
        padding_idx (int, optional): the row that gets no gradient (a negative one counts
            from the end). Default: ``None``.
        max_norm (float, optional): accepted for torch compatibility; must stay ``None``.
        norm_type (float): accepted for torch compatibility (it goes with `max_norm`) and
            ignored. Default: ``2.0``.
        scale_grad_by_freq (bool): scale the gradients by the inverse of the ids' frequency
            in the mini-batch. Default: ``False``.
        sparse (bool): accepted for torch compatibility; must stay ``False``.

    Returns:
        Tensor: of shape `input.shape + (embedding_dim,)`.

    Raises:
        ArgumentError: `max_norm` or `sparse=True` is given, or `padding_idx` is outside the
            weight's rows.
        IndexOutOfRangeError: an id is outside `[0, num_embeddings)`.
        DTypeError: the ids are not integers.
        ShapeError: `weight` is not 2-D.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     w = et.tensor([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]])
        ...     et.embedding(et.tensor([2, 0]), w).tolist()
        [[2.0, 2.0], [0.0, 0.0]]
    """

def embedding_bag(
    input: Tensor | ArrayLike,
    weight: Tensor | ArrayLike,
    offsets: Tensor | ArrayLike | None = None,
    max_norm: float | None = None,
    norm_type: float = 2.0,
    scale_grad_by_freq: bool = False,
    mode: str = "mean",
    sparse: bool = False,
    per_sample_weights: Tensor | ArrayLike | None = None,
    include_last_offset: bool = False,
    padding_idx: int | None = None,
) -> Tensor:
    """Compute sums, means or maxes of `bags` of embeddings.

    Each bag is a 2-D input's row, or a slice of the 1-D input starting at each of `offsets`; its
    result is the sum, mean or maximum of the `weight` rows its ids name, in one node (`weight` and
    `per_sample_weights` get gradients; an empty bag gives zeros). `max_norm` and sparse gradients
    are not supported. LibTorch carriers only.

    Args:
        input (Tensor or array): int64 or int32 ids: `(B, ids_per_bag)`, or 1-D with
            `offsets`.
        weight (Tensor): the embedding matrix, `(num_embeddings, embedding_dim)`.
        offsets (Tensor or array, optional): with a 1-D input, the start of each bag
            (non-decreasing, from 0). Default: ``None``.
        max_norm (float, optional): accepted for torch compatibility; must stay ``None``.
        norm_type (float): accepted for torch compatibility (it goes with `max_norm`) and
            ignored. Default: ``2.0``.
        scale_grad_by_freq (bool): scale the gradients by the inverse of the ids' frequency
            in the mini-batch (not with ``"max"``). Default: ``False``.
        mode (str): ``"sum"``, ``"mean"`` or ``"max"``. Default: ``"mean"``.
        sparse (bool): accepted for torch compatibility; must stay ``False``.
        per_sample_weights (Tensor, optional): a weight per id, of the input's shape, that
            scales its row (``"sum"`` only). Default: ``None``.
        include_last_offset (bool): `offsets` has one more entry, the end of the last bag.
            Default: ``False``.
        padding_idx (int, optional): a row that is left out of every bag (a negative one
            counts from the end). Default: ``None``.

    Returns:
        Tensor: `(B, embedding_dim)`, one row per bag.

    Raises:
        ArgumentError: an unknown `mode`, `max_norm` or `sparse=True`, `per_sample_weights`
            with a mode other than ``"sum"``, invalid offsets, or `padding_idx` outside the
            weight's rows.
        ShapeError: the input's rank does not fit `offsets`, or `weight` is not 2-D.
        IndexOutOfRangeError: an id is outside `[0, num_embeddings)`.

    Examples:
        >>> import eagertape as et
        >>> import eagertape.nn.functional as F
        >>> with et.Session():
        ...     w = et.tensor([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]])
        ...     ids, offsets = et.tensor([0, 1, 2, 2]), et.tensor([0, 2])
        ...     F.embedding_bag(ids, w, offsets, mode="sum").tolist()
        ...     F.embedding_bag(et.tensor([[0, 1], [2, 2]]), w).tolist()
        [[1.0, 1.0], [4.0, 4.0]]
        [[0.5, 0.5], [2.0, 2.0]]
    """

def cat(tensors: Sequence[Tensor | ArrayLike], dim: int = 0) -> Tensor:
    """Concatenates the given sequence of tensors in `tensors` in the given dimension.

    All tensors must have the same shape except in `dim`, and the same dtype (no promotion). The
    first eagertape tensor's session records the op; array data and numbers in the sequence become
    constants in that session's dtype. Each tensor gets the slice of the gradient that matches it.

    Args:
        tensors (sequence of Tensor): the tensors to join (at least one eagertape tensor).
        dim (int): the dimension along which they are joined. Default: ``0``.

    Returns:
        Tensor: the concatenation.

    Raises:
        TypeError: the sequence holds no eagertape tensor.
        ShapeError: the shapes differ outside `dim`, or `dim` is out of range.
        DTypeError: the tensors have different dtypes.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     a = et.tensor([1.0, 2.0])
        ...     et.cat([a, et.tensor([3.0, 4.0])]).tolist()
        [1.0, 2.0, 3.0, 4.0]
    """

def stack(tensors: Sequence[Tensor | ArrayLike], dim: int = 0) -> Tensor:
    """Concatenates a sequence of tensors along a new dimension.

    All tensors must have the same shape and dtype. As `eagertape.cat`, the first eagertape tensor's
    session records the op and other entries become constants.

    Args:
        tensors (sequence of Tensor): the tensors to stack (at least one eagertape tensor).
        dim (int): the index of the new dimension, in `[-(ndim + 1), ndim]`. Default: ``0``.

    Returns:
        Tensor: with one more dimension than the inputs.

    Raises:
        TypeError: the sequence holds no eagertape tensor.
        ShapeError: the shapes differ, or `dim` is out of range.
        DTypeError: the tensors have different dtypes.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     a, b = et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0])
        ...     et.stack([a, b], dim=1).tolist()
        [[1.0, 3.0], [2.0, 4.0]]
    """

def dropout(x: Tensor, p: float = 0.5, training: bool = True) -> Tensor:
    """During training, randomly zeroes some elements of the input tensor with probability `p`.

    Inverted dropout: the kept elements are scaled by `1 / (1 - p)`. The mask is drawn from the
    generator of `x`'s session (seeded by its `Config`) in `x`'s dtype, and recorded as a node that
    can draw itself again (a checkpointed block's backward recomputes it). When `training` is false
    or `p` is 0 the result names `x`'s value and nothing is recorded. This is torch's
    `torch.dropout(input, p, train)`; `eagertape.nn.functional.dropout` has torch's `F.dropout`
    signature.

    Args:
        x (Tensor): the input.
        p (float): the probability of an element to be zeroed. Default: ``0.5``.
        training (bool): apply dropout if true, else return `x`. Default: ``True``.

    Returns:
        Tensor: of the shape and dtype of `x`.

    Raises:
        ArgumentError: `p` is outside `[0, 1]` (also when `training` is false).

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.ones(4)
        ...     et.dropout(x, p=0.5, training=False).tolist()
        ...     et.dropout(x, p=1.0).tolist()
        [1.0, 1.0, 1.0, 1.0]
        [0.0, 0.0, 0.0, 0.0]
    """

def _feature_dropout(x: Tensor, p: float, training: bool, feature: bool, alpha: bool) -> Tensor: ...
def split(
    input: Tensor, split_size_or_sections: int | Sequence[int], dim: int = 0
) -> tuple[Tensor, ...]:
    """Splits the tensor into chunks.

    An int `split_size_or_sections` gives chunks of that size along `dim` (the last may be
    smaller); a list gives one chunk per size (they must add up to the dimension's size). The
    pieces are recorded in one call.

    Args:
        input (Tensor): the tensor to split.
        split_size_or_sections (int or list of ints): the size of a single chunk, or the
            sizes of each chunk.
        dim (int): the dimension along which to split. Default: ``0``.

    Returns:
        tuple of Tensors: the chunks.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([1.0, 2.0, 3.0, 4.0, 5.0])
        ...     [t.tolist() for t in et.split(x, 2)], [t.tolist() for t in et.split(x, [1, 4])]
        ([[1.0, 2.0], [3.0, 4.0], [5.0]], [[1.0], [2.0, 3.0, 4.0, 5.0]])
    """

def one_hot(tensor: Tensor, num_classes: int = -1) -> Tensor:
    """Takes an int64 tensor of class indices of shape `(*)` and returns a tensor of shape `(*,
    num_classes)` that is zero everywhere except at the index each entry names, where it is 1.

    The result is int64 data: it carries no gradient.

    Args:
        tensor (Tensor): int64 class indices.
        num_classes (int): the number of classes; ``-1`` infers it as one more than the
            largest index. Default: ``-1``.

    Returns:
        Tensor: int64, of shape `tensor.shape + (num_classes,)`.

    Raises:
        DTypeError: `tensor` is not int64.
        ArgumentError: `num_classes` is below -1, or is -1 for an empty tensor.
        IndexOutOfRangeError: an index is outside `[0, num_classes)`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.one_hot(et.tensor([0, 2]), 3).tolist()
        [[1, 0, 0], [0, 0, 1]]
    """

def _rnn(
    input: Tensor,
    mode: str,
    hx: Tensor | ArrayLike | None,
    cx: Tensor | ArrayLike | None,
    weights: Sequence[Tensor | ArrayLike],
    hidden_size: int,
    proj_size: int,
    num_layers: int,
    bias: bool,
    batch_first: bool,
    bidirectional: bool,
    dropout: float,
    training: bool,
    lengths: Tensor | Sequence[int] | int | None = None,
    step: bool = False,
) -> tuple[Tensor, Tensor, Tensor | None]: ...
def celu(input: Tensor, alpha: float = 1.0) -> Tensor:
    """Applies the CELU function element-wise: `max(0, x) + min(0, alpha * (exp(x / alpha) - 1))`.

    Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        alpha (float): the `alpha` of the formula (not 0). Default: ``1.0``.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Raises:
        et.ArgumentError: if `alpha` is 0.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.celu(et.tensor([0.0, 2.0])).tolist()
        [0.0, 2.0]
    """

def selu(input: Tensor) -> Tensor:
    """Applies the SELU function element-wise: `scale * (max(0, x) + min(0, alpha * (exp(x) - 1)))`.

    With `alpha = 1.6732632423543772` and `scale = 1.0507009873554805`, torch's constants.
    Floating-point input only.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.selu(et.tensor([0.0])).tolist()
        [0.0]
    """

def threshold(input: Tensor, threshold: float, value: float) -> Tensor:
    """Thresholds each element: `value` where `input <= threshold`, else `input`.

    The gradient passes where `input > threshold`. Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        threshold (float): the value to threshold at.
        value (float): the value to replace with.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.threshold(et.tensor([0.5, 2.0]), 1.0, -1.0).tolist()
        [-1.0, 2.0]
    """

def softshrink(input: Tensor, lambd: float = 0.5) -> Tensor:
    """Applies the soft shrinkage function element-wise: `x - lambd` above `lambd`, `x + lambd`
    below `-lambd`, 0 between.

    Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        lambd (float): the `lambda` of the formula (at least 0). Default: ``0.5``.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Raises:
        et.ArgumentError: if `lambd` is negative.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.functional.softshrink(et.tensor([-2.0, 0.25, 2.0])).tolist()
        [-1.5, 0.0, 1.5]
    """

def softsign(input: Tensor) -> Tensor:
    """Applies element-wise `SoftSign(x) = x / (1 + |x|)`.

    Floating-point input only.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.functional.softsign(et.tensor([1.0, -3.0])).tolist()
        [0.5, -0.75]
    """

def tanhshrink(input: Tensor) -> Tensor:
    """Applies element-wise `Tanhshrink(x) = x - tanh(x)`.

    Floating-point input only.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.functional.tanhshrink(et.tensor([0.0])).tolist()
        [0.0]
    """

def rrelu(
    input: Tensor, lower: float = 0.125, upper: float = 0.3333333333333333, training: bool = False
) -> Tensor:
    """Applies the randomized leaky ReLU element-wise.

    In training, each element at or below 0 is multiplied by its own slope drawn uniformly
    from `[lower, upper]` (from the generator of `input`'s session, so the draws differ from
    torch's); otherwise the slope is `(lower + upper) / 2` for every element, as torch.
    Floating-point input only.

    Args:
        input (Tensor): the input tensor.
        lower (float): the lower bound of the slopes. Default: ``0.125``.
        upper (float): the upper bound of the slopes. Default: ``1 / 3``.
        training (bool): draw the slopes if true. Default: ``False``.

    Returns:
        Tensor: a tensor of the same shape as `input`.

    Raises:
        et.ArgumentError: if `lower` is above `upper`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.rrelu(et.tensor([-4.0, 2.0]), 0.25, 0.25).tolist()
        [-1.0, 2.0]
    """

def hstack(tensors: Sequence[Tensor | ArrayLike]) -> Tensor:
    """Stack tensors in sequence horizontally (column wise).

    Joined along dim 1, or dim 0 for 1-D tensors, after `atleast_1d`.

    Args:
        tensors (sequence of Tensors): the tensors to join.

    Returns:
        Tensor: the concatenation.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.hstack([et.tensor([1.0]), et.tensor([2.0, 3.0])]).tolist()
        [1.0, 2.0, 3.0]
    """

def vstack(tensors: Sequence[Tensor | ArrayLike]) -> Tensor:
    """Stack tensors in sequence vertically (row wise): joined along dim 0 after `atleast_2d`.

    Args:
        tensors (sequence of Tensors): the tensors to join.

    Returns:
        Tensor: the concatenation.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.vstack([et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0])]).tolist()
        [[1.0, 2.0], [3.0, 4.0]]
    """

def row_stack(tensors: Sequence[Tensor | ArrayLike]) -> Tensor:
    """Alias of `vstack`.

    Args:
        tensors (sequence of Tensors): the tensors to join.

    Returns:
        Tensor: the concatenation.
    """

def dstack(tensors: Sequence[Tensor | ArrayLike]) -> Tensor:
    """Stack tensors in sequence depthwise (along the third axis) after `atleast_3d`.

    Args:
        tensors (sequence of Tensors): the tensors to join.

    Returns:
        Tensor: the concatenation.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.dstack([et.tensor([1.0]), et.tensor([2.0])]).tolist()
        [[[1.0, 2.0]]]
    """

def column_stack(tensors: Sequence[Tensor | ArrayLike]) -> Tensor:
    """Creates a new tensor by horizontally stacking the tensors in `tensors`.

    0-D and 1-D tensors become columns `(n, 1)` first.

    Args:
        tensors (sequence of Tensors): the tensors to join.

    Returns:
        Tensor: the concatenation.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.column_stack([et.tensor([1.0, 2.0]), et.tensor([3.0, 4.0])]).tolist()
        [[1.0, 3.0], [2.0, 4.0]]
    """

def concat(tensors: Sequence[Tensor | ArrayLike], dim: int = 0) -> Tensor:
    """Alias of `cat`.

    Args:
        tensors (sequence of Tensor): the tensors to join.
        dim (int): the dimension along which they are joined. Default: ``0``.

    Returns:
        Tensor: the concatenation.
    """

def concatenate(tensors: Sequence[Tensor | ArrayLike], axis: int = 0) -> Tensor:
    """Alias of `cat`, with NumPy's keyword `axis`.

    Args:
        tensors (sequence of Tensor): the tensors to join.
        axis (int): the dimension along which they are joined. Default: ``0``.

    Returns:
        Tensor: the concatenation.
    """

def lp_pool1d(
    input: Tensor,
    norm_type: float,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    ceil_mode: bool = False,
) -> Tensor:
    """Applies a 1D power-average pooling over an input signal composed of several input planes.

    Each window gives `(sum of x^p) ^ (1 / p)` (`p = norm_type`): torch's composition, an
    `avg_pool1d` of `x^p` times the window size, then `^(1/p)`. `p = inf` is max pooling and
    `p = 1` sum pooling.

    Args:
        input (Tensor): `(N, C, L)` or `(C, L)`.
        norm_type (float): the exponent `p` (not 0).
        kernel_size (int): the size of the window.
        stride (int, optional): the stride of the window. Default: ``None`` (`kernel_size`).
        ceil_mode (bool): use ceil instead of floor to compute the output shape.
            Default: ``False``.

    Returns:
        Tensor: the pooled tensor.

    Raises:
        et.ArgumentError: `norm_type` is 0.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.functional.lp_pool1d(et.tensor([[[3.0, 4.0]]]), 2.0, 2).tolist()
        [[[5.0]]]
    """

def lp_pool2d(
    input: Tensor,
    norm_type: float,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    ceil_mode: bool = False,
) -> Tensor:
    """Applies a 2D power-average pooling over an input signal composed of several input planes.

    Each window gives `(sum of x^p) ^ (1 / p)` (`p = norm_type`): torch's composition, an
    `avg_pool2d` of `x^p` times the window size, then `^(1/p)`.

    Args:
        input (Tensor): `(N, C, H, W)` or `(C, H, W)`.
        norm_type (float): the exponent `p` (not 0).
        kernel_size (int or tuple): the size of the window.
        stride (int or tuple, optional): the stride of the window. Default: ``None``
            (`kernel_size`).
        ceil_mode (bool): use ceil instead of floor to compute the output shape.
            Default: ``False``.

    Returns:
        Tensor: the pooled tensor.

    Raises:
        et.ArgumentError: `norm_type` is 0.
    """

def lp_pool3d(
    input: Tensor,
    norm_type: float,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    ceil_mode: bool = False,
) -> Tensor:
    """Applies a 3D power-average pooling over an input signal composed of several input planes.

    Each window gives `(sum of x^p) ^ (1 / p)` (`p = norm_type`): torch's composition, an
    `avg_pool3d` of `x^p` times the window size, then `^(1/p)`.

    Args:
        input (Tensor): `(N, C, D, H, W)` or `(C, D, H, W)`.
        norm_type (float): the exponent `p` (not 0).
        kernel_size (int or tuple): the size of the window.
        stride (int or tuple, optional): the stride of the window. Default: ``None``
            (`kernel_size`).
        ceil_mode (bool): use ceil instead of floor to compute the output shape.
            Default: ``False``.

    Returns:
        Tensor: the pooled tensor.

    Raises:
        et.ArgumentError: `norm_type` is 0.
    """

def channel_shuffle(input: Tensor, groups: int) -> Tensor:
    """Divide the channels in a tensor of shape `(N, C, *)` into `groups` groups and rearrange
    them while keeping the original tensor shape.

    Channel `g * (C / groups) + i` moves to position `i * groups + g`.

    Args:
        input (Tensor): a tensor of at least 3 dims, `(N, C, *)`.
        groups (int): the number of groups; it must divide `C`.

    Returns:
        Tensor: the shuffled tensor, of `input`'s shape.

    Raises:
        et.ArgumentError: `groups` is not positive or does not divide the channels.
        et.ShapeError: `input` has fewer than 3 dims.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.arange(4.0).reshape(1, 4, 1)
        ...     et.channel_shuffle(x, 2).flatten().tolist()
        [0.0, 2.0, 1.0, 3.0]
    """

def pdist(input: Tensor, p: float = 2.0) -> Tensor:
    """Computes the p-norm distance between every pair of row vectors in the input.

    For `input` `(N, M)` the result has `N * (N - 1) / 2` values: the distances of the pairs
    `i < j` in row-major order (the upper triangle of `cdist(input, input)`, torch's order).

    Args:
        input (Tensor): `(N, M)`.
        p (float): the order of the norm, `>= 0`. Default: ``2``.

    Returns:
        Tensor: `(N * (N - 1) / 2,)`.

    Raises:
        et.ShapeError: `input` is not 2-D.
        et.ArgumentError: `p` is negative.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     et.nn.functional.pdist(et.tensor([[0.0, 0.0], [3.0, 4.0], [0.0, 4.0]])).tolist()
        [5.0, 4.0, 3.0]
    """

def conv_tbc(
    input: Tensor, weight: Tensor | ArrayLike, bias: Tensor | ArrayLike, pad: int = 0
) -> Tensor:
    """Applies a 1-dimensional sequence convolution over an input sequence in the
    `(time, batch, channel)` layout.

    Args:
        input (Tensor): `(T, B, C_in)`.
        weight (Tensor): `(K, C_in, C_out)`.
        bias (Tensor): `(C_out,)`.
        pad (int): the zero padding of the time dimension, both sides. Default: ``0``.

    Returns:
        Tensor: `(T + 2 * pad - K + 1, B, C_out)`.

    Raises:
        et.ShapeError: the ranks or channels do not fit.
    """

def gumbel_softmax(
    logits: Tensor, tau: float = 1.0, hard: bool = False, eps: float = 1e-10, dim: int = -1
) -> Tensor:
    """Samples from the Gumbel-Softmax distribution and optionally discretizes.

    `softmax((logits + g) / tau)` with `g` standard Gumbel noise drawn from the generator of the
    logits' session (so the draws differ from torch's); with `hard`, the one-hot of each
    sample's argmax along `dim`, whose gradient is the soft sample's (straight-through).

    Args:
        logits (Tensor): `[..., num_features]` unnormalized log probabilities.
        tau (float): the non-negative temperature. Default: ``1``.
        hard (bool): return one-hot samples (with the soft gradient). Default: ``False``.
        eps (float): accepted for torch's signature (deprecated there); unused. Default:
            ``1e-10``.
        dim (int): the dimension along which softmax is computed. Default: ``-1``.

    Returns:
        Tensor: of the shape of `logits`: samples that sum to 1 along `dim`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     y = et.nn.functional.gumbel_softmax(et.zeros(2, 5), hard=True)
        ...     y.sum(-1).tolist()
        [1.0, 1.0]
    """

def lu_unpack(
    LU_data: Tensor,
    LU_pivots: Tensor | ArrayLike,
    unpack_data: bool = True,
    unpack_pivots: bool = True,
) -> tuple[Tensor, Tensor, Tensor]:
    """Unpacks the LU decomposition returned by `lu` into the `P, L, U` matrices.

    Args:
        LU_data (Tensor): the packed factors, `(*, m, n)`.
        LU_pivots (Tensor): the int32 pivots.
        unpack_data (bool): compute `L` and `U`. Default: ``True``.
        unpack_pivots (bool): compute `P`. Default: ``True``.

    Returns:
        tuple[Tensor, Tensor, Tensor]: `(P, L, U)`; `P` carries no gradient.
    """

def cdist(
    x1: Tensor,
    x2: Tensor | ArrayLike,
    p: float = 2.0,
    compute_mode: str = "use_mm_for_euclid_dist_if_necessary",
) -> Tensor:
    """Computes batched the p-norm distance between each pair of the two collections of
    row vectors.

    Args:
        x1 (Tensor): `(*, P, M)`.
        x2 (Tensor): `(*, R, M)`.
        p (float): the norm's power, at least 0. Default: ``2.0``.
        compute_mode (str): ``"use_mm_for_euclid_dist_if_necessary"`` (a matrix product
            for Euclidean distances of more than 25 rows), ``"use_mm_for_euclid_dist"``
            or ``"donot_use_mm_for_euclid_dist"``. Default:
            ``"use_mm_for_euclid_dist_if_necessary"``.

    Returns:
        Tensor: `(*, P, R)`.
    """

def _block_diag(tensors: Sequence[Tensor | ArrayLike]) -> Tensor: ...
def _cartesian_prod(tensors: Sequence[Tensor | ArrayLike]) -> Tensor: ...
def _meshgrid(tensors: Sequence[Tensor | ArrayLike], indexing: str) -> tuple[Tensor, ...]: ...
def _broadcast_tensors(tensors: Sequence[Tensor | ArrayLike]) -> tuple[Tensor, ...]: ...
def _atleast(tensors: Sequence[Tensor | ArrayLike], n: int) -> tuple[Tensor, ...]: ...
def combinations(input: Tensor, r: int = 2, with_replacement: bool = False) -> Tensor:
    """Computes combinations of length `r` of the given tensor, as Python's
    `itertools.combinations` (or `combinations_with_replacement`) orders them.

    Args:
        input (Tensor): a 1-D tensor.
        r (int): the number of elements to combine. Default: ``2``.
        with_replacement (bool): allow an element more than once. Default:
            ``False``.

    Returns:
        Tensor: `(count, r)`, one combination per row.
    """

def vander(x: Tensor, N: int | None = None, increasing: bool = False) -> Tensor:
    """Generates a Vandermonde matrix: its columns are powers of the 1-D input `x`,
    from ``x**(N-1)`` down to ``x**0`` (or up, with `increasing`).

    Args:
        x (Tensor): a 1-D tensor.
        N (int, optional): the number of columns. Default: ``None`` (`x`'s length).
        increasing (bool): the powers from 0 up. Default: ``False``.

    Returns:
        Tensor: `(len(x), N)`.
    """

def trapezoid(
    y: Tensor, x: Tensor | ArrayLike | None = None, *, dx: float | None = None, dim: int = -1
) -> Tensor:
    """Computes the trapezoidal rule along `dim`: at the sample points `x`, or spaced
    `dx` apart (default 1).

    Args:
        y (Tensor): the values.
        x (Tensor, optional): the sample points, 1-D or of `y`'s shape. Default:
            ``None``.
        dx (float, optional): the spacing, without `x`. Default: ``None``.
        dim (int): the dimension to integrate along. Default: ``-1``.

    Returns:
        Tensor: `y`'s shape without `dim`.
    """

def cumulative_trapezoid(
    y: Tensor, x: Tensor | ArrayLike | None = None, *, dx: float | None = None, dim: int = -1
) -> Tensor:
    """Cumulatively computes the trapezoidal rule along `dim` (the integral up to each
    sample after the first).

    Args:
        y (Tensor): the values.
        x (Tensor, optional): the sample points. Default: ``None``.
        dx (float, optional): the spacing, without `x`. Default: ``None``.
        dim (int): the dimension to integrate along. Default: ``-1``.

    Returns:
        Tensor: `y`'s shape, one shorter along `dim`.
    """

def _gradient_uniform(
    input: Tensor, dims: int | Sequence[int], spacing: float | Sequence[float], edge_order: int
) -> tuple[Tensor, ...]: ...
def _gradient_coordinates(
    input: Tensor,
    dims: int | Sequence[int],
    coordinates: Sequence[Tensor | ArrayLike],
    edge_order: int,
) -> tuple[Tensor, ...]: ...
def lstm_cell(
    input: Tensor,
    hx: Sequence[Tensor | ArrayLike],
    w_ih: Tensor | ArrayLike,
    w_hh: Tensor | ArrayLike,
    b_ih: Tensor | ArrayLike | None = None,
    b_hh: Tensor | ArrayLike | None = None,
) -> tuple[Tensor, Tensor]:
    """One LSTM step (`nn.LSTMCell`'s function form, the weights passed in).

    Args:
        input (Tensor): `(N, I)`.
        hx (tuple of Tensor): `(h, c)`, each `(N, H)`.
        w_ih (Tensor): `(4H, I)`.
        w_hh (Tensor): `(4H, H)`.
        b_ih (Tensor, optional): `(4H,)`. Default: ``None``.
        b_hh (Tensor, optional): `(4H,)`. Default: ``None``.

    Returns:
        tuple[Tensor, Tensor]: the new `(h, c)`.
    """

def gru_cell(
    input: Tensor,
    hx: Tensor | ArrayLike,
    w_ih: Tensor | ArrayLike,
    w_hh: Tensor | ArrayLike,
    b_ih: Tensor | ArrayLike | None = None,
    b_hh: Tensor | ArrayLike | None = None,
) -> Tensor:
    """One GRU step (`nn.GRUCell`'s function form, the weights passed in).

    Args:
        input (Tensor): `(N, I)`.
        hx (Tensor): `(N, H)`.
        w_ih (Tensor): `(3H, I)`.
        w_hh (Tensor): `(3H, H)`.
        b_ih (Tensor, optional): `(3H,)`. Default: ``None``.
        b_hh (Tensor, optional): `(3H,)`. Default: ``None``.

    Returns:
        Tensor: the new state.
    """

def rnn_tanh_cell(
    input: Tensor,
    hx: Tensor | ArrayLike,
    w_ih: Tensor | ArrayLike,
    w_hh: Tensor | ArrayLike,
    b_ih: Tensor | ArrayLike | None = None,
    b_hh: Tensor | ArrayLike | None = None,
) -> Tensor:
    """One Elman RNN step with `tanh` (`nn.RNNCell`'s function form).

    Args:
        input (Tensor): `(N, I)`.
        hx (Tensor): `(N, H)`.
        w_ih (Tensor): `(H, I)`.
        w_hh (Tensor): `(H, H)`.
        b_ih (Tensor, optional): `(H,)`. Default: ``None``.
        b_hh (Tensor, optional): `(H,)`. Default: ``None``.

    Returns:
        Tensor: the new state.
    """

def rnn_relu_cell(
    input: Tensor,
    hx: Tensor | ArrayLike,
    w_ih: Tensor | ArrayLike,
    w_hh: Tensor | ArrayLike,
    b_ih: Tensor | ArrayLike | None = None,
    b_hh: Tensor | ArrayLike | None = None,
) -> Tensor:
    """One Elman RNN step with `relu` (`nn.RNNCell(nonlinearity="relu")`'s function
    form).

    Args:
        input (Tensor): `(N, I)`.
        hx (Tensor): `(N, H)`.
        w_ih (Tensor): `(H, I)`.
        w_hh (Tensor): `(H, H)`.
        b_ih (Tensor, optional): `(H,)`. Default: ``None``.
        b_hh (Tensor, optional): `(H,)`. Default: ``None``.

    Returns:
        Tensor: the new state.
    """

def isin(
    elements: Tensor | ArrayLike,
    test_elements: Tensor | ArrayLike,
    *,
    assume_unique: bool = False,
    invert: bool = False,
) -> Tensor:
    """Tests if each element of `elements` is in `test_elements`.

    Args:
        elements (Tensor): the input elements.
        test_elements (Tensor): the values to test against.
        assume_unique (bool): both hold unique values (a faster search in torch;
            the same result here). Default: ``False``.
        invert (bool): whether each element is not in `test_elements`. Default:
            ``False``.

    Returns:
        Tensor: bool, of `elements`' shape.
    """

def unravel_index(indices: Tensor | ArrayLike, shape: int | Sequence[int]) -> tuple[Tensor, ...]:
    """Converts a tensor of flat indices into a tuple of coordinate tensors that
    index into an arbitrary tensor of the specified shape.

    Args:
        indices (Tensor): integer flat indices.
        shape (int or sequence of int): the shape indexed.

    Returns:
        tuple[Tensor, ...]: one int64 tensor per dim, each of `indices`' shape.
    """

# END generated: declared

Reduction: TypeAlias = Literal["none", "mean", "sum"]

_Red = Literal["none", "mean", "sum"]

@overload
def max(input: Tensor, dim: None = None, keepdim: bool = False, *, other: None = None) -> Tensor:
    """Returns the maximum of `input`: of all elements, along `dim`, or elementwise with a
    tensor.

    `max(input)` is the largest element (a 0-d tensor; ties share the gradient evenly, as in
    torch). `max(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the maxima
    along `dim` and the int64 index of each (the first occurrence); the gradient reaches
    the indexed elements. `max(input, other)` with a tensor `other` (positionally or by
    keyword) is `eagertape.maximum`. `max(input)` accepts integer data; the `dim` and
    `other` forms need floating point.

    Args:
        input (Tensor): the input tensor.
        dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
            elementwise form. Default: ``None`` (all elements).
        keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
            form only). Default: ``False``.
        other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
            Default: ``None``.

    Returns:
        Tensor or MaxResult: the maximum; `(values, indices)` with `dim`.

    Raises:
        ShapeError: if `dim` is out of range.
        DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
        TypeError: both `dim` and `other` are given.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
        ...     values, indices = et.max(x, 1)
        ...     et.max(x).item(), values.tolist(), indices.tolist()
        (7.0, [5.0, 7.0], [1, 0])
    """

@overload
def max(input: Tensor, dim: int, keepdim: bool = False, *, other: None = None) -> MaxResult:
    """Returns the maximum of `input`: of all elements, along `dim`, or elementwise with a
    tensor.

    `max(input)` is the largest element (a 0-d tensor; ties share the gradient evenly, as in
    torch). `max(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the maxima
    along `dim` and the int64 index of each (the first occurrence); the gradient reaches
    the indexed elements. `max(input, other)` with a tensor `other` (positionally or by
    keyword) is `eagertape.maximum`. `max(input)` accepts integer data; the `dim` and
    `other` forms need floating point.

    Args:
        input (Tensor): the input tensor.
        dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
            elementwise form. Default: ``None`` (all elements).
        keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
            form only). Default: ``False``.
        other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
            Default: ``None``.

    Returns:
        Tensor or MaxResult: the maximum; `(values, indices)` with `dim`.

    Raises:
        ShapeError: if `dim` is out of range.
        DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
        TypeError: both `dim` and `other` are given.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
        ...     values, indices = et.max(x, 1)
        ...     et.max(x).item(), values.tolist(), indices.tolist()
        (7.0, [5.0, 7.0], [1, 0])
    """

@overload
def max(input: Tensor, dim: Tensor, keepdim: bool = False, *, other: None = None) -> Tensor:
    """Returns the maximum of `input`: of all elements, along `dim`, or elementwise with a
    tensor.

    `max(input)` is the largest element (a 0-d tensor; ties share the gradient evenly, as in
    torch). `max(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the maxima
    along `dim` and the int64 index of each (the first occurrence); the gradient reaches
    the indexed elements. `max(input, other)` with a tensor `other` (positionally or by
    keyword) is `eagertape.maximum`. `max(input)` accepts integer data; the `dim` and
    `other` forms need floating point.

    Args:
        input (Tensor): the input tensor.
        dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
            elementwise form. Default: ``None`` (all elements).
        keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
            form only). Default: ``False``.
        other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
            Default: ``None``.

    Returns:
        Tensor or MaxResult: the maximum; `(values, indices)` with `dim`.

    Raises:
        ShapeError: if `dim` is out of range.
        DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
        TypeError: both `dim` and `other` are given.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
        ...     values, indices = et.max(x, 1)
        ...     et.max(x).item(), values.tolist(), indices.tolist()
        (7.0, [5.0, 7.0], [1, 0])
    """

@overload
def max(input: Tensor, dim: None = None, keepdim: bool = False, *, other: Tensor) -> Tensor:
    """Returns the maximum of `input`: of all elements, along `dim`, or elementwise with a
    tensor.

    `max(input)` is the largest element (a 0-d tensor; ties share the gradient evenly, as in
    torch). `max(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the maxima
    along `dim` and the int64 index of each (the first occurrence); the gradient reaches
    the indexed elements. `max(input, other)` with a tensor `other` (positionally or by
    keyword) is `eagertape.maximum`. `max(input)` accepts integer data; the `dim` and
    `other` forms need floating point.

    Args:
        input (Tensor): the input tensor.
        dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
            elementwise form. Default: ``None`` (all elements).
        keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
            form only). Default: ``False``.
        other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
            Default: ``None``.

    Returns:
        Tensor or MaxResult: the maximum; `(values, indices)` with `dim`.

    Raises:
        ShapeError: if `dim` is out of range.
        DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
        TypeError: both `dim` and `other` are given.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 5.0], [7.0, 2.0]])
        ...     values, indices = et.max(x, 1)
        ...     et.max(x).item(), values.tolist(), indices.tolist()
        (7.0, [5.0, 7.0], [1, 0])
    """

@overload
def min(input: Tensor, dim: None = None, keepdim: bool = False, *, other: None = None) -> Tensor:
    """Returns the minimum of `input`: of all elements, along `dim`, or elementwise with a
    tensor.

    `min(input)` is the smallest element (a 0-d tensor; ties share the gradient evenly, as
    in torch). `min(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the
    minima along `dim` and the int64 index of each (the first occurrence); the gradient
    reaches the indexed elements. `min(input, other)` with a tensor `other` (positionally
    or by keyword) is `eagertape.minimum`. `min(input)` accepts integer data; the `dim`
    and `other` forms need floating point.

    Args:
        input (Tensor): the input tensor.
        dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
            elementwise form. Default: ``None`` (all elements).
        keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
            form only). Default: ``False``.
        other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
            Default: ``None``.

    Returns:
        Tensor or MinResult: the minimum; `(values, indices)` with `dim`.

    Raises:
        ShapeError: if `dim` is out of range.
        DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
        TypeError: both `dim` and `other` are given.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 5.0], [4.0, 2.0]])
        ...     values, indices = x.min(1)
        ...     x.min().tolist(), values.tolist(), indices.tolist()
        (1.0, [1.0, 2.0], [0, 1])
    """

@overload
def min(input: Tensor, dim: int, keepdim: bool = False, *, other: None = None) -> MinResult:
    """Returns the minimum of `input`: of all elements, along `dim`, or elementwise with a
    tensor.

    `min(input)` is the smallest element (a 0-d tensor; ties share the gradient evenly, as
    in torch). `min(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the
    minima along `dim` and the int64 index of each (the first occurrence); the gradient
    reaches the indexed elements. `min(input, other)` with a tensor `other` (positionally
    or by keyword) is `eagertape.minimum`. `min(input)` accepts integer data; the `dim`
    and `other` forms need floating point.

    Args:
        input (Tensor): the input tensor.
        dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
            elementwise form. Default: ``None`` (all elements).
        keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
            form only). Default: ``False``.
        other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
            Default: ``None``.

    Returns:
        Tensor or MinResult: the minimum; `(values, indices)` with `dim`.

    Raises:
        ShapeError: if `dim` is out of range.
        DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
        TypeError: both `dim` and `other` are given.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 5.0], [4.0, 2.0]])
        ...     values, indices = x.min(1)
        ...     x.min().tolist(), values.tolist(), indices.tolist()
        (1.0, [1.0, 2.0], [0, 1])
    """

@overload
def min(input: Tensor, dim: Tensor, keepdim: bool = False, *, other: None = None) -> Tensor:
    """Returns the minimum of `input`: of all elements, along `dim`, or elementwise with a
    tensor.

    `min(input)` is the smallest element (a 0-d tensor; ties share the gradient evenly, as
    in torch). `min(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the
    minima along `dim` and the int64 index of each (the first occurrence); the gradient
    reaches the indexed elements. `min(input, other)` with a tensor `other` (positionally
    or by keyword) is `eagertape.minimum`. `min(input)` accepts integer data; the `dim`
    and `other` forms need floating point.

    Args:
        input (Tensor): the input tensor.
        dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
            elementwise form. Default: ``None`` (all elements).
        keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
            form only). Default: ``False``.
        other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
            Default: ``None``.

    Returns:
        Tensor or MinResult: the minimum; `(values, indices)` with `dim`.

    Raises:
        ShapeError: if `dim` is out of range.
        DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
        TypeError: both `dim` and `other` are given.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 5.0], [4.0, 2.0]])
        ...     values, indices = x.min(1)
        ...     x.min().tolist(), values.tolist(), indices.tolist()
        (1.0, [1.0, 2.0], [0, 1])
    """

@overload
def min(input: Tensor, dim: None = None, keepdim: bool = False, *, other: Tensor) -> Tensor:
    """Returns the minimum of `input`: of all elements, along `dim`, or elementwise with a
    tensor.

    `min(input)` is the smallest element (a 0-d tensor; ties share the gradient evenly, as
    in torch). `min(input, dim, keepdim=False)` is a named tuple `(values, indices)`: the
    minima along `dim` and the int64 index of each (the first occurrence); the gradient
    reaches the indexed elements. `min(input, other)` with a tensor `other` (positionally
    or by keyword) is `eagertape.minimum`. `min(input)` accepts integer data; the `dim`
    and `other` forms need floating point.

    Args:
        input (Tensor): the input tensor.
        dim (int or Tensor, optional): the dimension to reduce, or the other tensor of the
            elementwise form. Default: ``None`` (all elements).
        keepdim (bool): whether `values` and `indices` keep `dim` with size 1 (the `dim`
            form only). Default: ``False``.
        other (Tensor, optional): the tensor to compare with elementwise, instead of `dim`.
            Default: ``None``.

    Returns:
        Tensor or MinResult: the minimum; `(values, indices)` with `dim`.

    Raises:
        ShapeError: if `dim` is out of range.
        DTypeError: with `dim` or `other`, if `input` holds integer or bool data.
        TypeError: both `dim` and `other` are given.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 5.0], [4.0, 2.0]])
        ...     values, indices = x.min(1)
        ...     x.min().tolist(), values.tolist(), indices.tolist()
        (1.0, [1.0, 2.0], [0, 1])
    """

@overload
def where(
    condition: Tensor | ArrayLike,
    input: Tensor | ArrayLike | float,
    other: Tensor | ArrayLike | float,
) -> Tensor:
    """Return a tensor of elements selected from either `input` or `other`, depending on
    `condition`.

    The three operands broadcast together. `condition` is a bool tensor or bool array data
    (no gradient); `input` and `other` are tensors, array data or numbers (a number takes
    the other operand's dtype, or the session's) and each gets the gradient where it was
    selected. At least one operand must be an eagertape tensor; its session records the op.
    With `condition` alone, `where(condition)` is `condition.nonzero(as_tuple=True)`.

    Args:
        condition (Tensor): where true, take `input`, else `other`.
        input (Tensor or number): the values where `condition` is true. Default: ``None``.
        other (Tensor or number): the values where `condition` is false. Default: ``None``.

    Returns:
        Tensor: the selection; or, with `condition` alone, a tuple of int64 index tensors.

    Raises:
        ArgumentError: only one of `input` and `other` is given.
        TypeError: no operand is an eagertape tensor.
        ShapeError: the operands do not broadcast.
        DTypeError: `condition` is floating.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     b = et.tensor([3.0, 4.0])
        ...     et.where(b > 3.5, b, 0.0).tolist()
        ...     et.where(b > 3.5)
        [0.0, 4.0]
        (tensor([1]),)
    """

@overload
def where(condition: Tensor, input: None = None, other: None = None) -> tuple[Tensor, ...]:
    """Return a tensor of elements selected from either `input` or `other`, depending on
    `condition`.

    The three operands broadcast together. `condition` is a bool tensor or bool array data
    (no gradient); `input` and `other` are tensors, array data or numbers (a number takes
    the other operand's dtype, or the session's) and each gets the gradient where it was
    selected. At least one operand must be an eagertape tensor; its session records the op.
    With `condition` alone, `where(condition)` is `condition.nonzero(as_tuple=True)`.

    Args:
        condition (Tensor): where true, take `input`, else `other`.
        input (Tensor or number): the values where `condition` is true. Default: ``None``.
        other (Tensor or number): the values where `condition` is false. Default: ``None``.

    Returns:
        Tensor: the selection; or, with `condition` alone, a tuple of int64 index tensors.

    Raises:
        ArgumentError: only one of `input` and `other` is given.
        TypeError: no operand is an eagertape tensor.
        ShapeError: the operands do not broadcast.
        DTypeError: `condition` is floating.

    Examples:
        >>> import eagertape as et
        >>> with et.Session():
        ...     b = et.tensor([3.0, 4.0])
        ...     et.where(b > 3.5, b, 0.0).tolist()
        ...     et.where(b > 3.5)
        [0.0, 4.0]
        (tensor([1]),)
    """

def memory_stats() -> dict[str, Any]:
    """Exact ledger figures of every buffer the core holds, in bytes."""

def reset_peak_memory_stats() -> None:
    """Start a new peak window at the current live bytes."""

def empty_session_caches() -> int:
    """Free the recycled tape buffers every session keeps; the bytes freed."""

def set_default_device(device: str) -> None:
    """Sets the default device of sessions, configs and parameters created without one.

    As torch's `set_default_device`: it applies to native carriers on the LibTorch backend; the
    reference backend and the CPU-only carriers stay on ``"cpu"``. The device is not checked here: a
    session on a device this process cannot use fails when it is created (`DeviceUnavailableError`).
    `eagertape.get_default_device` reads it back.

    Args:
        device (str): ``"cpu"``, ``"cuda"`` or ``"cuda:N"``.

    Raises:
        ConfigError: an unknown device name.

    Examples:
        >>> import eagertape as et
        >>> et.set_default_device("cpu")
        >>> et.get_default_device()
        'cpu'
    """

def _set_default_dtype(dtype: str) -> None:
    """."""

def _get_default_dtype() -> str:
    """."""

def get_default_device() -> str:
    """The device `set_default_device` set (`"cpu"` until then)."""

def current_session() -> Session:
    """The session entered with `with sess:` in this thread (the innermost)."""

def is_grad_enabled() -> bool:
    """Whether this thread records for backward."""

def manual_seed(seed: int) -> None:
    """Sets the seed for generating random numbers.

    Seeds the process-wide generator, which draws the seeds of what is made afterwards without one:
    sessions (`et.Session()` with no `seed`), parameter fills and `et.nn` initialisations, and
    restarts this thread's default session's generator, so a script's draws repeat after each
    call, as torch's do. A session made with `with et.Session()` keeps its own generator (seeded
    by its `Config`). A negative seed maps onto the unsigned range as torch maps it.

    Args:
        seed (int): the seed, in `[-2**63, 2**64)`.

    Raises:
        TypeError: `seed` is not an int (a bool included).
        ArgumentError: `seed` does not fit in 64 bits.
        CaptureError: called inside a captured step.

    Examples:
        >>> import eagertape as et
        >>> et.manual_seed(0)
        >>> with et.Session():
        ...     a = et.rand(3).tolist()
        >>> et.manual_seed(0)
        >>> with et.Session():
        ...     b = et.rand(3).tolist()
        >>> a == b
        True
    """

def clip_grad_norm_(
    parameters: Any,
    max_norm: float,
    norm_type: float = 2.0,
    error_if_nonfinite: bool = False,
    foreach: bool | None = None,
) -> float:
    """Clip the gradient norm of an iterable of parameters.

    The gradients of `parameters` in the current session's gradient store (where `loss.backward()`
    accumulates them, read as `p.grad`) are scaled in place by `max_norm / (total_norm + 1e-6)` when
    that factor is below 1, `total_norm` being the 2-norm of all of them together. As torch, a NaN
    total makes every gradient NaN and an infinite one zeroes them (unless `error_if_nonfinite`).
    Parameters without a gradient are skipped. Unlike torch, the total norm is returned as a Python
    float, not a tensor; inside a captured step it is a placeholder that refuses to be read. Only
    the 2-norm is implemented.

    Args:
        parameters (Parameter or iterable of Parameter): the parameters whose gradients are
            clipped.
        max_norm (float): the maximal total norm, finite and non-negative.
        norm_type (float): the type of the norm; only ``2.0`` is supported. Default: ``2.0``.
        error_if_nonfinite (bool): raise if the total norm is NaN or infinite. Default:
            ``False``.
        foreach (bool, optional): accepted for torch compatibility and ignored.
            Default: ``None``.

    Returns:
        float: the total norm of the gradients before clipping.

    Raises:
        ArgumentError: `norm_type` is not 2, or `max_norm` is negative or not finite.
        NonFiniteError: the total norm is not finite and `error_if_nonfinite` is true.
        TypeError: an item of `parameters` is not an `et.Parameter`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(dtype="float64"):
        ...     p = et.nn.Parameter(et.tensor([3.0, 4.0]))
        ...     (p * p).sum().backward()
        ...     total = et.nn.utils.clip_grad_norm_([p], max_norm=5.0)
        ...     total, p.grad.numpy().round(6).tolist()
        (10.0, [3.0, 4.0])
    """

def _set_grad_enabled(mode: bool) -> bool: ...
def _zero_grad(params: Any, set_to_none: bool = True) -> None: ...
def _grad_count(params: Any) -> int: ...
def _unscale_grads_(params: Any, inv_scale: float) -> bool:
    """Multiply the gradients of params (current session) by inv_scale; whether any is
    not finite afterwards (GradScaler)."""

def _set_autocast(cuda: bool, dtype: str | None) -> str | None:
    """Set this thread's autocast dtype for CPU or CUDA sessions; the previous one."""

def _get_autocast(cuda: bool) -> str | None:
    """This thread's autocast dtype for CPU or CUDA sessions (None: off)."""

def _clip_grad_value_(parameters: Any, clip: float) -> None: ...

@final
class _GradBuckets:
    """A data-parallel wrapper's gradient buckets: params[k] packed, in order, into the
    1-D torch tensor flats[k] (shared, not copied), each gradient times scale."""

    def __new__(cls, params: Any, flats: Any, scale: float) -> _GradBuckets: ...
    @property
    def ids(self) -> list[list[int]]: ...
    def gather(self, sess: Session, k: int) -> list[int]:
        """Pack bucket k from sess's gradients (zeros where a parameter has none);
        the ids of the parameters that had one."""

    def scatter(self, sess: Session, keep: Any = None) -> None:
        """Make each parameter's slice (of those with ids in keep, when given) its
        gradient in sess."""

@final
class _Plan:
    """A recorded step (et.capture): replays from Rust."""

    @property
    def nodes(self) -> int: ...
    def replay(self, args: tuple[Any, ...]) -> list[Tensor]: ...

def _capture_begin(sess: Session, args: tuple[Any, ...]) -> None:
    """Start capturing the step about to run on sess; args: its argument objects."""

def _capture_end(outputs: list[Tensor]) -> _Plan:
    """End the capture in progress: its plan, with outputs as the step's outputs."""

def _capture_epoch() -> int:
    """The number of the capture in progress on this thread (from 1; 0: none)."""

def _capture_abort() -> None:
    """Drop the capture in progress on this thread, if any."""

def _capture_call(call: Callable[[Session], Any], sess: Session) -> None:
    """Run call(sess), a call outside the session; inside a step being captured, with the
    capture suspended for it, and recorded: each replay makes it again here."""

def _push_current(sess: Session) -> None: ...
def _pop_current(sess: Session) -> None: ...
def _draw_seed() -> int: ...

@final
class RemovableHandle:
    """A handle that removes its hook: torch's `RemovableHandle` (`handle.remove()`, or the
    end of a `with` block).
    """

    @property
    def id(self) -> int:
        """The hook's id (`Parameter::add_hook`)."""
    def remove(self) -> None:
        """Removes the hook (nothing when it is gone already)."""

    def __enter__(self) -> RemovableHandle: ...
    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None: ...

def initial_seed() -> int:
    """The seed `manual_seed` set last (the process-wide generator's first).

    Returns:
        int: the seed, in `[0, 2**64)`.

    Examples:
        >>> import eagertape as et
        >>> et.manual_seed(7)
        >>> et.initial_seed()
        7
    """

def _rng_states() -> tuple[int, int, bool, int, int, int]: ...
def _set_rng_states(
    seed: int,
    counter: int,
    seeded: bool,
    initial_seed: int,
    default_seed: int,
    default_counter: int,
) -> None: ...
def set_anomaly_enabled(mode: bool, check_nan: bool = True) -> None:
    """Sets anomaly mode (process-wide, as torch's): while it is on with `check_nan`, a backward
    checks every op's gradients for NaN and stops at the first op that makes one, with a
    `NonFiniteError` naming it; nothing of that backward is kept.

    Unlike torch's, it keeps no forward traceback; the error names the op instead.

    Args:
        mode (bool): whether anomaly mode is on.
        check_nan (bool): whether it checks for NaN. Default: `True`.

    Examples:
        >>> import eagertape as et
        >>> et.set_anomaly_enabled(True)
        >>> et.is_anomaly_enabled(), et.is_anomaly_check_nan_enabled()
        (True, True)
        >>> et.set_anomaly_enabled(False)
    """

def is_anomaly_enabled() -> bool:
    """Whether anomaly mode is on (`set_anomaly_enabled`).

    Returns:
        bool: the mode.
    """

def is_anomaly_check_nan_enabled() -> bool:
    """Whether anomaly mode checks for NaN (`set_anomaly_enabled`'s `check_nan`), answered
    while the mode is off too, as torch's.

    Returns:
        bool: the flag.
    """

def _collect_default_session() -> None:
    """Compact this thread's default session (if it was made) and free its cache."""

def _normal(
    mean: Tensor | float, std: Tensor | float, size: list[int] | None, generator: object
) -> Tensor: ...
