"""Type stubs for the Rust extension `eagertape._core`."""

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal, NoReturn, Self, TypeAlias, final, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

from ._functional import MaxResult, MinResult
from ._profile import TapeProfile

# Builtins by other names: Tensor's methods float(), int() and bool() shadow them in its body.
_float: TypeAlias = float
_int: TypeAlias = int
_bool: TypeAlias = bool

ArrayLike = npt.ArrayLike
DTypeName = Literal["float32", "float64", "float16", "bfloat16", "ieee32", "interval"]
DataDTypeName = Literal["int64", "int32", "bool"]

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
        show_backend: whether `repr` names the backend.

    `for_scalar()` resolves a CPU-only carrier asked for on CUDA to the CPU (one
    `CpuCarrierWarning`); a native carrier keeps its device, so a missing GPU is an error
    when the session is made, never a quiet fallback.

    Example:
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
    def device(self) -> str: ...
    @property
    def dtype(self) -> DTypeName: ...
    @property
    def seed(self) -> int: ...
    @property
    def backend(self) -> str | None: ...
    @property
    def grad_enabled(self) -> bool: ...
    @property
    def requires_grad_by_default(self) -> bool: ...
    @property
    def show_backend(self) -> bool: ...
    def replace(self, **fields: Any) -> Config: ...
    def for_scalar(self) -> Config:
        """The resolved config: a CPU-only carrier (ieee32, interval) asked for CUDA gets
        device "cpu" and emits one CpuCarrierWarning."""

@final
class Session:
    """A session: one tape, its generation counter, a random-number state and a resolved
    `Config` (device, dtype, seed, backend, grad mode).

    Every tensor belongs to one session and computes in its dtype on its device.
    `with sess:` makes it the thread's current session (torch-style code uses it) and
    resets its tape on exit. Sessions are independent: a reset or an optimizer update in
    one never changes a value another holds.

    Args:
        config: an `et.Config`; or its fields as keywords (`dtype=`, `device=`, `seed=`,
            `backend=`, `grad_enabled=`).

    Raises:
        ConfigError: an unknown dtype, device or backend, or a backend that cannot run on
            the device.
        DeviceUnavailableError: a CUDA device with no usable GPU.

    Example:
        >>> import eagertape as et
        >>> sess = et.Session(dtype="float64", seed=0)
        >>> sess.generation, sess.tape_len
        (0, 0)
    """

    def __new__(cls, config: Config | None = None, **fields: Any) -> Self: ...
    @property
    def id(self) -> int: ...
    @property
    def generation(self) -> int: ...
    @property
    def tape_len(self) -> int: ...
    def tape_profile(self) -> TapeProfile:
        """What holds the tape's memory, per node and per op (`print` it for a table)."""
    @property
    def config(self) -> Config: ...
    @property
    def cached_bytes(self) -> int:
        """Bytes of recycled tape buffers kept for the next generation (not live)."""
    def empty_cache(self) -> None:
        """Free this session's recycled tape buffers."""
    def rng_state(self) -> tuple[int, int]: ...
    def set_rng_state(self, state: tuple[int, int]) -> None: ...
    def zeros(
        self,
        *size: int | Sequence[int],
        dtype: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor: ...
    def ones(
        self,
        *size: int | Sequence[int],
        dtype: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor: ...
    def full(
        self,
        size: int | Sequence[int],
        fill_value: float | int | bool,
        *,
        dtype: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """An int fill gives int64 and a bool fill bool (torch's defaults); else the carrier."""
    def eye(
        self,
        n: int,
        m: int | None = None,
        *,
        dtype: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor: ...
    def arange(
        self,
        start: float,
        end: float | None = None,
        step: float | None = None,
        *,
        dtype: str | Any | None = None,
        requires_grad: bool = False,
    ) -> Tensor:
        """int64 when every argument is an int (torch's default), else the session's carrier."""
    def input(
        self,
        data: ArrayLike | Any,
        requires_grad: bool | None = None,
        *,
        dtype: DTypeName | DataDTypeName | Any | None = None,
        copy: bool | None = None,
    ) -> Tensor:
        """Copy `data` into the session's carrier, or into a data dtype (int64, int32, bool:
        indices and masks, which carry no gradient). `copy=False` shares a DLPack producer's
        memory instead (same dtype and device, else DLPackError); the caller must not write
        to it while the tape holds it."""
    def use(self, param: Parameter) -> Tensor: ...
    def backward(self, loss: Tensor, into: GradMap | None = None) -> GradMap: ...
    def reset_tape(self) -> None: ...
    def rand(self, *shape: int | tuple[int, ...]) -> Tensor: ...
    def randn(self, *shape: int | tuple[int, ...]) -> Tensor: ...
    def randint(self, low: int, high: int, size: list[int]) -> Tensor:
        """int64 integers uniform in [low, high) from the session's generator."""
    def randperm(self, n: int) -> Tensor:
        """A random permutation of 0..n (int64) from the session's generator."""
    def train_step(self, loss: Tensor, optimizer: Optimizer) -> float: ...
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
    def __exit__(self, *exc: object) -> bool: ...
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

    Example:
        >>> import numpy as np, eagertape as et
        >>> with et.Session(dtype="float32"):
        ...     x = et.tensor(np.ones((2, 3), np.float32))
        ...     (x * 2).sum().item()
        12.0
    """

    __array_ufunc__: None
    @property
    def shape(self) -> tuple[_int, ...]: ...
    @property
    def dtype(self) -> DTypeName | DataDTypeName: ...
    @property
    def device(self) -> str: ...
    @property
    def requires_grad(self) -> _bool: ...
    @property
    def session_id(self) -> _int: ...
    @property
    def _session(self) -> Session:
        """The session this tensor is read in (a Parameter's: the current one)."""
    @property
    def generation(self) -> _int: ...
    def __dlpack__(
        self,
        *,
        stream: Any | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: _bool | None = None,
    ) -> Any: ...
    def __dlpack_device__(self) -> tuple[int, int]: ...
    def numpy(self) -> np.ndarray | tuple[np.ndarray, np.ndarray]:
        """A copy; `(lo, hi)` arrays for an interval tensor."""
    def item(self) -> _float | _int | _bool | tuple[_float, _float]: ...
    def __float__(self) -> _float: ...
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
    def __pow__(self, exponent: Tensor | _float | ArrayLike, modulo: None = None, /) -> Tensor: ...
    def __rpow__(self, base: _float | ArrayLike, modulo: None = None, /) -> Tensor: ...
    def pow(self, exponent: Tensor | _float | ArrayLike) -> Tensor: ...
    def __floordiv__(self, other: Tensor | _float | ArrayLike, /) -> Tensor: ...
    def __rfloordiv__(self, other: _float | ArrayLike, /) -> Tensor: ...
    def __mod__(self, other: Tensor | _float | ArrayLike, /) -> Tensor: ...
    def __rmod__(self, other: _float | ArrayLike, /) -> Tensor: ...
    def floor_divide(self, other: Tensor | _float | ArrayLike) -> Tensor: ...
    def remainder(self, other: Tensor | _float | ArrayLike) -> Tensor: ...
    def atan2(self, other: Tensor | _float | ArrayLike) -> Tensor: ...
    def lerp(self, end: Tensor | ArrayLike, weight: Tensor | _float | ArrayLike) -> Tensor: ...
    def addcmul(
        self, tensor1: Tensor | ArrayLike, tensor2: Tensor | ArrayLike, *, value: _float = 1.0
    ) -> Tensor: ...
    def addcdiv(
        self, tensor1: Tensor | ArrayLike, tensor2: Tensor | ArrayLike, *, value: _float = 1.0
    ) -> Tensor: ...
    def outer(self, vec2: Tensor | ArrayLike) -> Tensor: ...
    def addmm(
        self,
        mat1: Tensor | ArrayLike,
        mat2: Tensor | ArrayLike,
        *,
        beta: _float = 1.0,
        alpha: _float = 1.0,
        out_dtype: Any = None,
    ) -> Tensor: ...
    def baddbmm(
        self,
        batch1: Tensor | ArrayLike,
        batch2: Tensor | ArrayLike,
        *,
        beta: _float = 1.0,
        alpha: _float = 1.0,
        out_dtype: Any = None,
    ) -> Tensor: ...
    def sort(self, dim: _int = -1, descending: bool = False, stable: bool = False) -> Any:
        """``(values, indices)`` (``eagertape._functional.SortResult``)."""
    def masked_select(self, mask: Tensor | ArrayLike) -> Tensor: ...
    @overload
    def nonzero(self, *, as_tuple: Literal[False] = False) -> Tensor: ...
    @overload
    def nonzero(self, *, as_tuple: Literal[True]) -> tuple[Tensor, ...]: ...
    def argsort(self, dim: _int = -1, descending: bool = False, stable: bool = False) -> Tensor: ...
    def msort(self) -> Any: ...
    def kthvalue(self, k: _int, dim: _int = -1, keepdim: bool = False) -> Any:
        """``(values, indices)`` (``eagertape._functional.KthvalueResult``)."""
    def arctan2(self, other: Tensor | _float | ArrayLike) -> Tensor: ...
    def hypot(self, other: Tensor | _float | ArrayLike) -> Tensor: ...
    def fmod(self, other: Tensor | _float | ArrayLike) -> Tensor: ...
    def logaddexp(self, other: Tensor | _float | ArrayLike) -> Tensor: ...
    def xlogy(self, other: Tensor | _float | ArrayLike) -> Tensor: ...
    def matmul(self, other: Tensor | ArrayLike) -> Tensor: ...
    # BEGIN generated: unary (tools/gen-stubs, from src/ops/unary.rs's list)
    def abs(self) -> Tensor: ...
    def acos(self) -> Tensor: ...
    def acosh(self) -> Tensor: ...
    def asin(self) -> Tensor: ...
    def asinh(self) -> Tensor: ...
    def atan(self) -> Tensor: ...
    def atanh(self) -> Tensor: ...
    def ceil(self) -> Tensor: ...
    def cos(self) -> Tensor: ...
    def cosh(self) -> Tensor: ...
    def erf(self) -> Tensor: ...
    def exp(self) -> Tensor: ...
    def expm1(self) -> Tensor: ...
    def floor(self) -> Tensor: ...
    def frac(self) -> Tensor: ...
    def hardsigmoid(self) -> Tensor: ...
    def hardswish(self) -> Tensor: ...
    def log(self) -> Tensor: ...
    def log1p(self) -> Tensor: ...
    def logsigmoid(self) -> Tensor: ...
    def mish(self) -> Tensor: ...
    def neg(self) -> Tensor: ...
    def reciprocal(self) -> Tensor: ...
    def relu(self) -> Tensor: ...
    def rsqrt(self) -> Tensor: ...
    def sigmoid(self) -> Tensor: ...
    def sign(self) -> Tensor: ...
    def silu(self) -> Tensor: ...
    def sin(self) -> Tensor: ...
    def sinh(self) -> Tensor: ...
    def sqrt(self) -> Tensor: ...
    def square(self) -> Tensor: ...
    def tan(self) -> Tensor: ...
    def tanh(self) -> Tensor: ...
    def trunc(self) -> Tensor: ...
    # END generated: unary
    def sum(self, dim: _int | tuple[_int, ...] | None = None, keepdim: _bool = False) -> Tensor: ...
    def mean(
        self, dim: _int | tuple[_int, ...] | None = None, keepdim: _bool = False
    ) -> Tensor: ...
    @overload
    def max(self, dim: None = None, keepdim: _bool = False) -> Tensor: ...
    @overload
    def max(self, dim: _int, keepdim: _bool = False) -> MaxResult:
        """The maxima along `dim` and the int64 index of each one's first occurrence."""
    @overload
    def max(self, dim: Tensor) -> Tensor:
        """max(other): the elementwise maximum, as torch.max(input, other)."""
    @overload
    def max(
        self, dim: None = None, keepdim: _bool = False, *, other: Tensor | None = None
    ) -> Tensor: ...
    @overload
    def min(self, dim: None = None, keepdim: _bool = False) -> Tensor: ...
    @overload
    def min(self, dim: _int, keepdim: _bool = False) -> MinResult: ...
    @overload
    def min(self, dim: Tensor) -> Tensor: ...
    @overload
    def min(
        self, dim: None = None, keepdim: _bool = False, *, other: Tensor | None = None
    ) -> Tensor: ...
    def amax(
        self, dim: _int | tuple[_int, ...] | None = None, keepdim: _bool = False
    ) -> Tensor: ...
    def amin(
        self, dim: _int | tuple[_int, ...] | None = None, keepdim: _bool = False
    ) -> Tensor: ...
    def reshape(
        self, *args: _int | tuple[_int, ...], shape: Sequence[_int] | None = None
    ) -> Tensor: ...
    def transpose(self, dim0: _int, dim1: _int) -> Tensor: ...
    def t(self) -> Tensor: ...
    def gelu(self, approximate: Literal["none", "tanh"] = "none") -> Tensor: ...
    def clamp(
        self,
        min: _float | Tensor | ArrayLike | None = None,
        max: _float | Tensor | ArrayLike | None = None,
    ) -> Tensor: ...
    def clamp_min(self, min: _float) -> Tensor: ...
    def hardtanh(self, min_val: _float = -1.0, max_val: _float = 1.0) -> Tensor: ...
    def prod(self, dim: _int | None = None, keepdim: _bool = False) -> Tensor: ...
    def var(
        self,
        dim: _int | tuple[_int, ...] | None = None,
        unbiased: _bool | None = None,
        keepdim: _bool = False,
        *,
        correction: _float | None = None,
    ) -> Tensor: ...
    def std(
        self,
        dim: _int | tuple[_int, ...] | None = None,
        unbiased: _bool | None = None,
        keepdim: _bool = False,
        *,
        correction: _float | None = None,
    ) -> Tensor: ...
    def logsumexp(self, dim: _int | tuple[_int, ...], keepdim: _bool = False) -> Tensor: ...
    def norm(
        self,
        p: _float | str | None = None,
        dim: _int | tuple[_int, ...] | None = None,
        keepdim: _bool = False,
    ) -> Tensor: ...
    def cumsum(self, dim: _int) -> Tensor: ...
    def argmax(self, dim: _int | None = None, keepdim: _bool = False) -> Tensor:
        """int64 indices of the first maximum (of the flattened tensor when dim is None)."""
    def argmin(self, dim: _int | None = None, keepdim: _bool = False) -> Tensor: ...
    def leaky_relu(self, negative_slope: _float = 0.01) -> Tensor: ...
    def elu(self, alpha: _float = 1.0) -> Tensor: ...
    def softplus(self, beta: _float = 1.0, threshold: _float = 20.0) -> Tensor: ...
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
        """torch's overloads: ``to(dtype)``, ``to(device, dtype=None)``, ``to(other)``, each
        followed by ``non_blocking`` and ``copy``, and ``memory_format=``. The tensor's own
        device is accepted; another device is a DeviceError (a tensor lives on its session's
        device). ``copy=True`` records a new tensor."""
    def float(self, memory_format: Any | None = None) -> Tensor: ...
    def double(self, memory_format: Any | None = None) -> Tensor: ...
    def half(self, memory_format: Any | None = None) -> Tensor: ...
    def bfloat16(self, memory_format: Any | None = None) -> Tensor: ...
    def long(self, memory_format: Any | None = None) -> Tensor: ...
    def int(self, memory_format: Any | None = None) -> Tensor: ...
    def bool(self, memory_format: Any | None = None) -> Tensor: ...
    def detach(self) -> Tensor:
        """The same value (shared storage) as a new leaf that backward does not pass through."""
    def new_tensor(
        self,
        data: ArrayLike | Any,
        dtype: DTypeName | DataDTypeName | Any | None = None,
        requires_grad: _bool = False,
    ) -> Tensor:
        """`data` copied into a new leaf of this tensor's session (as `Session.input`)."""
    def clamp_max(self, max: _float) -> Tensor: ...
    def maximum(self, other: Tensor | ArrayLike) -> Tensor: ...
    def minimum(self, other: Tensor | ArrayLike) -> Tensor: ...
    def permute(
        self, *args: _int | tuple[_int, ...], dims: Sequence[_int] | None = None
    ) -> Tensor: ...
    def unsqueeze(self, dim: _int) -> Tensor: ...
    def squeeze(self, dim: _int | tuple[_int, ...] | None = None) -> Tensor: ...
    def flatten(self, start_dim: _int = 0, end_dim: _int = -1) -> Tensor: ...
    def unflatten(self, dim: _int, sizes: tuple[_int, ...] | list[_int]) -> Tensor: ...
    def view(self, *args: _int | tuple[_int, ...], size: Sequence[_int] | None = None) -> Tensor:
        """A reshape that never copies (torch's stride rule; otherwise a ShapeError)."""
    @property
    def T(self) -> Tensor: ...
    @property
    def mT(self) -> Tensor: ...
    @property
    def ndim(self) -> _int: ...
    def dim(self) -> _int: ...
    def size(self, dim: _int | None = None) -> tuple[_int, ...] | _int: ...
    def numel(self) -> _int: ...
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
    def tolist(self) -> Any: ...
    def softmax(self, dim: _int) -> Tensor: ...
    def log_softmax(self, dim: _int) -> Tensor: ...
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
    def logical_not(self) -> Tensor: ...
    def isfinite(self) -> Tensor: ...
    def isnan(self) -> Tensor: ...
    # --- data movement ---
    def masked_fill(self, mask: Tensor | ArrayLike, value: _float | Tensor) -> Tensor: ...
    def index_put(
        self,
        indices: Sequence[Tensor | ArrayLike],
        values: Tensor | ArrayLike,
        accumulate: _bool = False,
    ) -> Tensor:
        """A new tensor: values written at (accumulate: added to) the positions indices pick."""
    def index_select(self, dim: _int, index: Tensor | ArrayLike) -> Tensor: ...
    def gather(self, dim: _int, index: Tensor | ArrayLike) -> Tensor: ...
    def scatter(
        self,
        dim: _int,
        index: Tensor | ArrayLike,
        src: Tensor | ArrayLike | _float | None = None,
        *,
        value: _float | None = None,
        reduce: str | None = None,
    ) -> Tensor:
        """A new tensor: src's elements (or value) written at index along dim."""
    def scatter_add(
        self, dim: _int, index: Tensor | ArrayLike, src: Tensor | ArrayLike
    ) -> Tensor: ...
    def scatter_reduce(
        self,
        dim: _int,
        index: Tensor | ArrayLike,
        src: Tensor | ArrayLike,
        reduce: str,
        *,
        include_self: _bool = True,
    ) -> Tensor: ...
    def index_add(
        self,
        dim: _int,
        index: Tensor | ArrayLike,
        source: Tensor | ArrayLike,
        *,
        alpha: _float = 1.0,
    ) -> Tensor: ...
    def index_copy(
        self, dim: _int, index: Tensor | ArrayLike, source: Tensor | ArrayLike
    ) -> Tensor: ...
    def index_fill(
        self, dim: _int, index: Tensor | ArrayLike, value: Tensor | _float
    ) -> Tensor: ...
    def take_along_dim(self, indices: Tensor | ArrayLike, dim: _int | None = None) -> Tensor: ...
    def narrow(self, dim: _int, start: _int, length: _int) -> Tensor: ...
    def select(self, dim: _int, index: _int) -> Tensor: ...
    def expand(
        self, *args: _int | tuple[_int, ...], size: Sequence[_int] | None = None
    ) -> Tensor: ...
    def repeat(
        self, *args: _int | tuple[_int, ...], repeats: Sequence[_int] | None = None
    ) -> Tensor: ...
    def flip(
        self, *args: _int | tuple[_int, ...], dims: _int | Sequence[_int] | None = None
    ) -> Tensor: ...
    def roll(
        self, shifts: _int | tuple[_int, ...], dims: _int | tuple[_int, ...] | None = None
    ) -> Tensor: ...
    def tril(self, diagonal: _int = 0) -> Tensor: ...
    def triu(self, diagonal: _int = 0) -> Tensor: ...
    def contiguous(self) -> Tensor: ...
    def split(
        self,
        split_size_or_sections: _int | list[_int] | None = None,
        dim: _int = 0,
        *,
        split_size: _int | None = None,
        split_sizes: list[_int] | None = None,
    ) -> tuple[Tensor, ...]: ...
    def chunk(self, chunks: _int, dim: _int = 0) -> tuple[Tensor, ...]: ...
    def backward(
        self,
        gradient: Tensor | ArrayLike | None = None,
        retain_graph: _bool | None = None,
        create_graph: _bool = False,
        inputs: Any = None,
    ) -> None:
        """torch's ``loss.backward()``: add into ``p.grad`` (the current session's store);
        without ``retain_graph`` the graph it ran through is freed."""
    def add_(self, other: _Operand, *, alpha: _float | None = None) -> Tensor: ...
    def sub_(self, other: _Operand, *, alpha: _float | None = None) -> Tensor: ...
    def mul_(self, other: _Operand) -> Tensor: ...
    def div_(self, other: _Operand, *, rounding_mode: str | None = None) -> Tensor: ...
    def relu_(self) -> Tensor: ...
    def zero_(self) -> Tensor: ...
    def clamp_(self, min: _Operand | None = None, max: _Operand | None = None) -> Tensor: ...
    def masked_fill_(self, mask: Tensor | ArrayLike, value: _float | Tensor) -> Tensor: ...
    def _in_place(self, f: Any, *args: Any) -> Tensor: ...
    def __iadd__(self, other: _Operand, /) -> Tensor: ...  # type: ignore[misc]
    def __isub__(self, other: _Operand, /) -> Tensor: ...  # type: ignore[misc]
    def __imul__(self, other: _Operand, /) -> Tensor: ...  # type: ignore[misc]
    def __itruediv__(self, other: _Operand, /) -> Tensor: ...  # type: ignore[misc]
    def eq(self, other: _Operand) -> Tensor: ...
    def ne(self, other: _Operand) -> Tensor: ...
    def lt(self, other: _Operand) -> Tensor: ...
    def le(self, other: _Operand) -> Tensor: ...
    def gt(self, other: _Operand) -> Tensor: ...
    def ge(self, other: _Operand) -> Tensor: ...
    @property
    def grad(self) -> Buffer | None:
        """What ``loss.backward()`` added for this tensor (made with ``requires_grad=True``)."""
    @grad.setter
    def grad(self, value: None) -> None: ...
    def new_zeros(
        self,
        *args: Any,
        size: Any = None,
        dtype: Any = None,
        device: Any = None,
        requires_grad: _bool = False,
    ) -> Tensor: ...
    def new_ones(
        self,
        *args: Any,
        size: Any = None,
        dtype: Any = None,
        device: Any = None,
        requires_grad: _bool = False,
    ) -> Tensor: ...
    def new_empty(
        self,
        *args: Any,
        size: Any = None,
        dtype: Any = None,
        device: Any = None,
        requires_grad: _bool = False,
    ) -> Tensor: ...
    def new_full(
        self,
        size: Any,
        fill_value: Any,
        *,
        dtype: Any = None,
        device: Any = None,
        requires_grad: _bool = False,
    ) -> Tensor: ...
    def view_as(self, other: Tensor) -> Tensor: ...
    def reshape_as(self, other: Tensor) -> Tensor: ...
    def expand_as(self, other: Tensor) -> Tensor: ...
    def topk(self, k: _int, dim: _int = -1, largest: _bool = True, sorted: _bool = True) -> Any: ...
    def diagonal(self, offset: _int = 0, dim1: _int = 0, dim2: _int = 1) -> Tensor: ...
    def diag(self, diagonal: _int = 0) -> Tensor: ...
    def trace(self) -> Tensor: ...
    def diff(
        self,
        n: _int = 1,
        dim: _int = -1,
        prepend: Tensor | ArrayLike | None = None,
        append: Tensor | ArrayLike | None = None,
    ) -> Tensor: ...
    def cross(self, other: Tensor | ArrayLike, dim: _int | None = None) -> Tensor: ...
    def kron(self, other: Tensor | ArrayLike) -> Tensor: ...
    def _tensordot(
        self, other: Tensor | ArrayLike, dims_a: list[_int], dims_b: list[_int]
    ) -> Tensor: ...
    def logit(self, eps: _float | None = None) -> Tensor: ...
    def nansum(
        self, dim: _int | tuple[_int, ...] | None = None, keepdim: _bool = False
    ) -> Tensor: ...
    def nanmean(
        self, dim: _int | tuple[_int, ...] | None = None, keepdim: _bool = False
    ) -> Tensor: ...
    def round(self, *, decimals: _int = 0) -> Tensor: ...
    def isclose(
        self,
        other: Tensor | ArrayLike,
        rtol: _float = 1e-05,
        atol: _float = 1e-08,
        equal_nan: _bool = False,
    ) -> Tensor: ...
    def allclose(
        self,
        other: Tensor | ArrayLike,
        rtol: _float = 1e-05,
        atol: _float = 1e-08,
        equal_nan: _bool = False,
    ) -> _bool: ...
    def equal(self, other: Tensor | ArrayLike) -> _bool: ...
    def any(self, dim: _int | tuple[_int, ...] | None = None, keepdim: _bool = False) -> Tensor: ...
    def all(self, dim: _int | tuple[_int, ...] | None = None, keepdim: _bool = False) -> Tensor: ...
    def count_nonzero(self, dim: _int | tuple[_int, ...] | None = None) -> Tensor: ...
    def quantile(
        self,
        q: _float | Tensor | list[_float],
        dim: _int | None = None,
        keepdim: _bool = False,
        *,
        interpolation: str = "linear",
    ) -> Tensor: ...
    def median(self, dim: _int | None = None, keepdim: _bool = False) -> Any: ...
    def nanmedian(self, dim: _int | None = None, keepdim: _bool = False) -> Any: ...
    def mode(self, dim: _int = -1, keepdim: _bool = False) -> Any: ...
    def cummax(self, dim: _int) -> Any: ...
    def cummin(self, dim: _int) -> Any: ...
    def cumprod(self, dim: _int, *, dtype: object = None) -> Tensor: ...
    def _pixel_shuffle(self, factor: _int, unshuffle: _bool) -> Tensor: ...
    def _glu(self, dim: _int) -> Tensor: ...
    def _prelu(self, weight: Tensor | ArrayLike) -> Tensor: ...
    def bernoulli(self, p: _float | None = None, *, generator: object = None) -> Tensor:
        """0/1 draws of this dtype, each 1 with this element's probability (or p)."""
    def multinomial(
        self, num_samples: _int, replacement: _bool = False, *, generator: object = None
    ) -> Tensor:
        """int64 category indices drawn from each row's weights."""
    def unique(
        self,
        sorted: _bool = True,
        return_inverse: _bool = False,
        return_counts: _bool = False,
        dim: _int | None = None,
    ) -> Any:
        """The distinct values (a data-dependent length), with inverse indices and counts."""

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
        name: an optional name.
        requires_grad: whether leaves read from it take gradients.
        dtype: the storage dtype (default: the data's floating dtype).
        device: where the value lives.

    Example:
        >>> import numpy as np, eagertape as et
        >>> p = et.Parameter(np.zeros((2, 3), np.float32), name="w")
        >>> p.shape, p.version, p.requires_grad
        ((2, 3), 0, True)
    """

    def __new__(
        cls,
        data: ArrayLike | Any,
        *,
        name: str | None = None,
        requires_grad: bool = True,
        dtype: DTypeName | Any | None = None,
        device: str | None = None,
    ) -> Self: ...
    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str | None: ...
    @property
    def version(self) -> int: ...
    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def dtype(self) -> DTypeName: ...
    @property
    def device(self) -> str: ...
    @property
    def requires_grad(self) -> bool: ...
    @requires_grad.setter
    def requires_grad(self, on: bool) -> None: ...
    def requires_grad_(self, requires_grad: bool = True) -> Parameter: ...
    def numel(self) -> int: ...
    def dim(self) -> int: ...
    @property
    def ndim(self) -> int: ...
    def size(self, dim: int | None = None) -> Any: ...
    @property
    def grad(self) -> Buffer | None:
        """This parameter's gradient in the current session's store (``loss.backward()``
        adds into it, ``zero_grad()`` releases it), or None."""
    @grad.setter
    def grad(self, value: None) -> None: ...
    @property
    def data(self) -> Parameter: ...
    @data.setter
    def data(self, value: Any) -> None: ...
    def _to(self, dtype: Any = None, device: str | None = None) -> Parameter: ...
    def copy_(self, src: Any, non_blocking: bool = False) -> Parameter: ...
    def zero_(self) -> Parameter: ...
    def fill_(self, value: float) -> Parameter: ...
    def mul_(self, other: Any) -> Parameter: ...
    def div_(self, other: Any) -> Parameter: ...  # type: ignore[override]
    def add_(self, other: Any, *, alpha: float = 1.0) -> Parameter: ...  # type: ignore[override]
    def sub_(self, other: Any, *, alpha: float = 1.0) -> Parameter: ...  # type: ignore[override]
    def normal_(
        self, mean: float = 0.0, std: float = 1.0, *, generator: None = None
    ) -> Parameter: ...
    def _trunc_normal_(self, mean: float, std: float, a: float, b: float) -> Parameter: ...
    def uniform_(
        self, from_: float = 0.0, to: float = 1.0, *, generator: None = None
    ) -> Parameter: ...
    def __dlpack__(
        self,
        *,
        stream: Any | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> Any: ...
    def __dlpack_device__(self) -> tuple[int, int]: ...
    def numpy(self) -> np.ndarray | tuple[np.ndarray, np.ndarray]: ...
    def assign(self, data: ArrayLike | Any) -> None: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...  # type: ignore[override]

@final
class Buffer:
    """A gradient's storage: a shape and its values, released explicitly.

    `numpy()` copies the values out; `release()` frees them once (it returns `True`, then
    `False`); reading a released buffer raises `ReleasedBufferError`. Releasing never frees
    storage another holder still uses. `p.grad` in torch-style code is a `Buffer`.
    """

    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def numel(self) -> int: ...
    @property
    def nbytes(self) -> int: ...
    @property
    def dtype(self) -> DTypeName: ...
    @property
    def device(self) -> str: ...
    @property
    def released(self) -> bool: ...
    def release(self) -> bool: ...
    def __dlpack__(
        self,
        *,
        stream: Any | None = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> Any: ...
    def __dlpack_device__(self) -> tuple[int, int]: ...
    def numpy(self) -> np.ndarray | tuple[np.ndarray, np.ndarray]: ...
    def check_size(self, place: str) -> None: ...

@final
class GradMap:
    """The gradients of one `sess.backward(loss)`: one `Buffer` per parameter the loss read
    (a parameter read several times gets the sum).

    `grads[p]` is `p`'s buffer; `len`, `in`, iteration and `items()` work as for a dict.
    Pass it to an optimizer (`opt.step(grads)`). As a context manager it releases every
    buffer on exit, also when the body raises; `release()` does it at once.

    Example:
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
    def params(self) -> list[Parameter]: ...
    def keys(self) -> list[Parameter]: ...
    def items(self) -> list[tuple[Parameter, Buffer]]: ...
    def release(self) -> int: ...
    def global_norm(self) -> float: ...
    def is_finite(self) -> bool: ...
    def clip_norm_(self, max_norm: float, error_if_nonfinite: bool = True) -> float: ...
    def __enter__(self) -> GradMap: ...
    def __exit__(self, *exc: object) -> bool: ...

@disjoint_base
class Optimizer:
    """Base of the optimizers: validates every input before any parameter changes, then
    updates all parameters in one call (in place where no tape holds the snapshot)."""

    lr: float
    @property
    def params(self) -> list[Parameter]: ...
    def step(self, grads: GradMap | None = None) -> None:
        """Update from ``grads``, or (torch's loop) from ``p.grad`` in the current session."""
    def zero_grad(self, set_to_none: bool = True) -> None: ...
    def _state_dict(self) -> dict[str, Any]:
        """The core's own layout (state keyed by parameter id); ``eagertape.optim``'s
        classes add torch's ``state_dict()`` on top of it."""
    def _load_state_dict(self, state_dict: dict[str, Any]) -> None: ...
    def _hyper(self) -> dict[str, float]: ...
    def _set_hyper(self, values: list[tuple[str, float]]) -> None: ...

@final
class SGD(Optimizer):
    """torch.optim.SGD."""

    def __new__(
        cls,
        params: Iterable[Parameter] | Any,
        lr: float = 1e-3,
        momentum: float = 0.0,
        dampening: float = 0.0,
        weight_decay: float = 0.0,
        nesterov: bool = False,
        *,
        maximize: bool = False,
    ) -> Self: ...

@final
class Adam(Optimizer):
    """torch.optim.Adam (L2 weight decay added to the gradient)."""

    def __new__(
        cls,
        params: Iterable[Parameter] | Any,
        lr: float = 1e-3,
        betas: tuple[float, float] | None = None,
        eps: float = 1e-8,
        weight_decay: float = 0.0,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
        fused: bool = False,
    ) -> Self: ...

@final
class AdamW(Optimizer):
    """torch.optim.AdamW (decoupled weight decay)."""

    def __new__(
        cls,
        params: Iterable[Parameter] | Any,
        lr: float = 1e-3,
        betas: tuple[float, float] | None = None,
        eps: float = 1e-8,
        weight_decay: float = 1e-2,
        amsgrad: bool = False,
        *,
        maximize: bool = False,
        fused: bool = False,
    ) -> Self: ...

@disjoint_base
class LBFGS:
    """torch.optim.LBFGS (``step(closure)`` re-evaluates the objective through ``closure``)."""

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
    def step(self, closure: Any) -> Any: ...
    def zero_grad(self, set_to_none: bool = True) -> None: ...
    @property
    def params(self) -> list[Parameter]: ...
    @property
    def lr(self) -> float: ...
    @lr.setter
    def lr(self, lr: float) -> None: ...
    @property
    def _counts(self) -> tuple[int, int]: ...
    @property
    def _config(self) -> tuple[float, int, int, float, float, int, str | None]: ...
    def _configure(
        self,
        lr: float,
        max_iter: int,
        max_eval: int,
        tolerance_grad: float,
        tolerance_change: float,
        history_size: int,
        line_search_fn: str | None,
    ) -> None: ...
    def _state(self) -> dict[str, Any]: ...
    def _load_state(self, state: Any) -> None: ...

class _RuleOptimizer(Optimizer):
    """The core of ``RMSprop``, ``Adagrad``, ``Adadelta``, ``Adamax``, ``NAdam``, ``RAdam``,
    ``ASGD`` and ``Rprop`` (``eagertape.optim`` parses torch's signatures into ``hyper``)."""

    def __new__(
        cls, kind: str, params: Iterable[Parameter] | Any, hyper: list[tuple[str, float]]
    ) -> Self: ...

# The unary family's names, in list order (the blocks below are generated from it).
_UNARY: tuple[str, ...]

# BEGIN generated: unary (tools/gen-stubs, from src/ops/unary.rs's list)
def abs(input: Tensor) -> Tensor: ...
def acos(input: Tensor) -> Tensor: ...
def acosh(input: Tensor) -> Tensor: ...
def asin(input: Tensor) -> Tensor: ...
def asinh(input: Tensor) -> Tensor: ...
def atan(input: Tensor) -> Tensor: ...
def atanh(input: Tensor) -> Tensor: ...
def ceil(input: Tensor) -> Tensor: ...
def cos(input: Tensor) -> Tensor: ...
def cosh(input: Tensor) -> Tensor: ...
def erf(input: Tensor) -> Tensor: ...
def exp(input: Tensor) -> Tensor: ...
def expm1(input: Tensor) -> Tensor: ...
def floor(input: Tensor) -> Tensor: ...
def frac(input: Tensor) -> Tensor: ...
def hardsigmoid(input: Tensor) -> Tensor: ...
def hardswish(input: Tensor) -> Tensor: ...
def log(input: Tensor) -> Tensor: ...
def log1p(input: Tensor) -> Tensor: ...
def logsigmoid(input: Tensor) -> Tensor: ...
def mish(input: Tensor) -> Tensor: ...
def neg(input: Tensor) -> Tensor: ...
def reciprocal(input: Tensor) -> Tensor: ...
def relu(input: Tensor) -> Tensor: ...
def rsqrt(input: Tensor) -> Tensor: ...
def sigmoid(input: Tensor) -> Tensor: ...
def sign(input: Tensor) -> Tensor: ...
def silu(input: Tensor) -> Tensor: ...
def sin(input: Tensor) -> Tensor: ...
def sinh(input: Tensor) -> Tensor: ...
def sqrt(input: Tensor) -> Tensor: ...
def square(input: Tensor) -> Tensor: ...
def tan(input: Tensor) -> Tensor: ...
def tanh(input: Tensor) -> Tensor: ...
def trunc(input: Tensor) -> Tensor: ...

# END generated: unary

def dropout(x: Tensor, p: float = 0.5, training: bool = True) -> Tensor: ...
def linear(x: Tensor, w: Tensor | ArrayLike, b: Tensor | ArrayLike | None = None) -> Tensor: ...

Reduction: TypeAlias = Literal["none", "mean", "sum"]

def cross_entropy(
    input: Tensor,
    target: Tensor | ArrayLike,
    weight: Tensor | ArrayLike | None = None,
    size_average: bool | None = None,
    ignore_index: int = -100,
    reduce: bool | None = None,
    reduction: Reduction = "mean",
    label_smoothing: float = 0.0,
) -> Tensor:
    """Class indices (int64, the input's shape without dim 1; ignore_index skipped) or
    probabilities (the input's shape); ClassIndexError for an id outside [0, C)."""

def nll_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    weight: Tensor | ArrayLike | None = None,
    size_average: bool | None = None,
    ignore_index: int = -100,
    reduce: bool | None = None,
    reduction: Reduction = "mean",
) -> Tensor: ...
def mse_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: Reduction = "mean",
) -> Tensor: ...
def l1_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: Reduction = "mean",
) -> Tensor: ...
def smooth_l1_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: Reduction = "mean",
    beta: float = 1.0,
) -> Tensor: ...
def huber_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    reduction: Reduction = "mean",
    delta: float = 1.0,
    weight: Tensor | ArrayLike | None = None,
) -> Tensor: ...
def binary_cross_entropy(
    input: Tensor,
    target: Tensor | ArrayLike,
    weight: Tensor | ArrayLike | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: Reduction = "mean",
) -> Tensor: ...
def binary_cross_entropy_with_logits(
    input: Tensor,
    target: Tensor | ArrayLike,
    weight: Tensor | ArrayLike | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: Reduction = "mean",
    pos_weight: Tensor | ArrayLike | None = None,
) -> Tensor: ...
def conv1d(
    input: Tensor,
    weight: Tensor,
    bias: Tensor | ArrayLike | None = None,
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] | Literal["same", "valid"] | None = None,
    dilation: int | Sequence[int] | None = None,
    groups: int = 1,
) -> Tensor: ...
def conv3d(
    input: Tensor,
    weight: Tensor,
    bias: Tensor | ArrayLike | None = None,
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] | Literal["same", "valid"] | None = None,
    dilation: int | Sequence[int] | None = None,
    groups: int = 1,
) -> Tensor: ...
def conv2d(
    input: Tensor,
    weight: Tensor,
    bias: Tensor | ArrayLike | None = None,
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] | Literal["same", "valid"] | None = None,
    dilation: int | Sequence[int] | None = None,
    groups: int = 1,
) -> Tensor:
    """LibTorch's convolution and its convolution_backward; (C, H, W) inputs are a batch of
    one. padding="same" needs stride 1 and an odd dilated kernel."""

def conv_transpose2d(
    input: Tensor,
    weight: Tensor,
    bias: Tensor | ArrayLike | None = None,
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] | None = None,
    output_padding: int | Sequence[int] | None = None,
    groups: int = 1,
    dilation: int | Sequence[int] | None = None,
) -> Tensor: ...
def layer_norm(
    input: Tensor,
    normalized_shape: int | Sequence[int],
    weight: Tensor | ArrayLike | None = None,
    bias: Tensor | ArrayLike | None = None,
    eps: float = 1e-5,
) -> Tensor: ...
def rms_norm(
    input: Tensor,
    normalized_shape: int | Sequence[int],
    weight: Tensor | ArrayLike | None = None,
    eps: float | None = None,
) -> Tensor:
    """x / sqrt(mean(x**2) + eps) * weight over the trailing dims; every carrier."""

def group_norm(
    input: Tensor,
    num_groups: int,
    weight: Tensor | ArrayLike | None = None,
    bias: Tensor | ArrayLike | None = None,
    eps: float = 1e-5,
) -> Tensor:
    """Each group of channels normalized by its own statistics; every carrier."""

def batch_norm(
    input: Tensor,
    running_mean: Parameter | Tensor | None,
    running_var: Parameter | Tensor | None,
    weight: Tensor | ArrayLike | None = None,
    bias: Tensor | ArrayLike | None = None,
    training: bool = False,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """Per-channel (dim 1) normalization; in training the running statistics (Parameters)
    get torch's update as new snapshots after the forward."""

def scaled_dot_product_attention(
    query: Tensor,
    key: Tensor,
    value: Tensor,
    attn_mask: Tensor | ArrayLike | None = None,
    dropout_p: float = 0.0,
    is_causal: bool = False,
    scale: float | None = None,
    enable_gqa: bool = False,
) -> Tensor:
    """``softmax(q @ kᵀ · scale + mask) @ v``, as torch's ``F.scaled_dot_product_attention``:
    operands ``(..., L, E)``, ``(..., S, E)``, ``(..., S, Ev)``; ``attn_mask`` bool (True: take
    part) or additive, broadcastable to ``(..., L, S)``; ``is_causal`` the lower-triangular
    mask (top-left aligned); ``scale`` defaults to ``1/sqrt(E)``; dropout on the attention
    weights is drawn from the session's RNG. LibTorch's fused CPU kernel where torch's
    dispatcher takes it, else composed of the tape's ops (CUDA, the reference carriers)."""

def embedding(
    input: Tensor | ArrayLike,
    weight: Tensor,
    padding_idx: int | None = None,
    max_norm: float | None = None,
    norm_type: float = 2.0,
    scale_grad_by_freq: bool = False,
    sparse: bool = False,
) -> Tensor:
    """Rows of weight picked by int64 ids (repeated ids accumulate their gradients; the
    padding_idx row gets none). LibTorch carriers only."""

def embedding_bag(
    input: Tensor | ArrayLike,
    weight: Tensor,
    offsets: Tensor | ArrayLike | None = None,
    max_norm: float | None = None,
    norm_type: float = 2.0,
    scale_grad_by_freq: bool = False,
    mode: Literal["sum", "mean", "max"] = "mean",
    sparse: bool = False,
    per_sample_weights: Tensor | ArrayLike | None = None,
    include_last_offset: bool = False,
    padding_idx: int | None = None,
) -> Tensor:
    """The sum, mean or maximum of each bag of weight's rows: a 2-D input's rows, or the 1-D
    input cut at offsets. LibTorch carriers only."""

def max_pool2d(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] | None = None,
    dilation: int | Sequence[int] | None = None,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Tensor: ...
def avg_pool2d(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] | None = None,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Tensor: ...
def adaptive_avg_pool2d(input: Tensor, output_size: int | Sequence[int | None]) -> Tensor: ...
def kl_div(
    input: Tensor,
    target: Tensor | ArrayLike,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: Literal["none", "mean", "sum", "batchmean"] = "mean",
    log_target: bool = False,
) -> Tensor: ...

_Red = Literal["none", "mean", "sum"]

def margin_ranking_loss(
    input1: Tensor,
    input2: Tensor | ArrayLike,
    target: Tensor | ArrayLike,
    margin: float = 0.0,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: _Red = "mean",
) -> Tensor: ...
def hinge_embedding_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    margin: float = 1.0,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: _Red = "mean",
) -> Tensor: ...
def soft_margin_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: _Red = "mean",
) -> Tensor: ...
def cosine_embedding_loss(
    input1: Tensor,
    input2: Tensor | ArrayLike,
    target: Tensor | ArrayLike,
    margin: float = 0.0,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: _Red = "mean",
) -> Tensor: ...
def poisson_nll_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    log_input: bool = True,
    full: bool = False,
    size_average: bool | None = None,
    eps: float = 1e-08,
    reduce: bool | None = None,
    reduction: _Red = "mean",
) -> Tensor: ...
def _gaussian_nll_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    var: Tensor | ArrayLike,
    full: bool,
    eps: float,
    reduction: str,
) -> Tensor: ...
def multilabel_soft_margin_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    weight: Tensor | ArrayLike | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: _Red = "mean",
) -> Tensor: ...
def multi_margin_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    p: int = 1,
    margin: float = 1.0,
    weight: Tensor | ArrayLike | None = None,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: _Red = "mean",
) -> Tensor: ...
def multilabel_margin_loss(
    input: Tensor,
    target: Tensor | ArrayLike,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: _Red = "mean",
) -> Tensor: ...
def _triplet_distances_loss(
    d_pos: Tensor,
    d_neg: Tensor | ArrayLike,
    d_swap: Tensor | ArrayLike | None,
    margin: float,
    reduction: str,
) -> Tensor: ...
def triplet_margin_loss(
    anchor: Tensor,
    positive: Tensor | ArrayLike,
    negative: Tensor | ArrayLike,
    margin: float = 1.0,
    p: float = 2.0,
    eps: float = 1e-06,
    swap: bool = False,
    size_average: bool | None = None,
    reduce: bool | None = None,
    reduction: _Red = "mean",
) -> Tensor: ...
def pairwise_distance(
    x1: Tensor, x2: Tensor | ArrayLike, p: float = 2.0, eps: float = 1e-06, keepdim: bool = False
) -> Tensor: ...
def cosine_similarity(
    x1: Tensor, x2: Tensor | ArrayLike, dim: int = 1, eps: float = 1e-08
) -> Tensor: ...
def normalize(
    input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12, out: None = None
) -> Tensor: ...
def ctc_loss(
    log_probs: Tensor,
    targets: Tensor | ArrayLike,
    input_lengths: Tensor | Sequence[int] | int,
    target_lengths: Tensor | Sequence[int] | int,
    blank: int = 0,
    reduction: _Red = "mean",
    zero_infinity: bool = False,
) -> Tensor: ...
def _upsample(
    input: Tensor, mode: str, size: list[int], scales: list[float | None], align_corners: bool
) -> Tensor: ...
def _feature_dropout(x: Tensor, p: float, training: bool, feature: bool, alpha: bool) -> Tensor: ...
def unfold(
    input: Tensor,
    kernel_size: int | Sequence[int],
    dilation: int | Sequence[int] | None = None,
    padding: int | Sequence[int] | None = None,
    stride: int | Sequence[int] | None = None,
) -> Tensor: ...
def fold(
    input: Tensor,
    output_size: int | Sequence[int],
    kernel_size: int | Sequence[int],
    dilation: int | Sequence[int] | None = None,
    padding: int | Sequence[int] | None = None,
    stride: int | Sequence[int] | None = None,
) -> Tensor: ...
def adaptive_max_pool2d(
    input: Tensor, output_size: int | Sequence[int | None], return_indices: bool = False
) -> Tensor: ...
def max_pool3d(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] | None = None,
    dilation: int | Sequence[int] | None = None,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Tensor: ...
def avg_pool3d(
    input: Tensor,
    kernel_size: int | Sequence[int],
    stride: int | Sequence[int] | None = None,
    padding: int | Sequence[int] | None = None,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Tensor: ...
def grid_sample(
    input: Tensor,
    grid: Tensor | ArrayLike,
    mode: str = "bilinear",
    padding_mode: str = "zeros",
    align_corners: bool | None = None,
) -> Tensor: ...
def affine_grid(theta: Tensor, size: list[int], align_corners: bool | None = None) -> Tensor: ...
def cat(tensors: Sequence[Tensor | ArrayLike], dim: int = 0) -> Tensor: ...
def einsum(equation: str, *operands: Tensor | Sequence[Tensor]) -> Tensor:
    """torch's einsum: implicit and explicit output, ..., broadcasting, a subscript repeated
    within one operand (its diagonal)."""

def bmm(input: Tensor, mat2: Tensor) -> Tensor: ...
def one_hot(tensor: Tensor, num_classes: int = -1) -> Tensor:
    """int64 data of shape tensor.shape + (C,); no gradient."""

def stack(tensors: Sequence[Tensor | ArrayLike], dim: int = 0) -> Tensor: ...
@overload
def where(
    condition: Tensor | ArrayLike,
    input: Tensor | ArrayLike | float,
    other: Tensor | ArrayLike | float,
) -> Tensor: ...
@overload
def where(condition: Tensor, input: None = None, other: None = None) -> tuple[Tensor, ...]: ...
def pad(
    input: Tensor,
    pad: Sequence[int],
    mode: Literal["constant", "reflect", "replicate", "circular"] = "constant",
    value: float | None = None,
) -> Tensor: ...
def memory_stats() -> dict[str, Any]: ...
def reset_peak_memory_stats() -> None: ...
def empty_session_caches() -> int: ...
def set_default_device(device: str) -> None:
    """The device of sessions, configs and parameters created without one (native carriers on
    LibTorch; the reference backend and CPU-only carriers stay on cpu), as torch's."""

def get_default_device() -> str: ...
def current_session() -> Session:
    """The session entered with ``with sess:`` in this thread (``NoSessionError`` if none)."""

def is_grad_enabled() -> bool: ...
def manual_seed(seed: int) -> None:
    """Seed the process-wide generator (parameter fills, et.nn initialisations, sessions made
    without a seed)."""

def clip_grad_norm_(
    parameters: Any,
    max_norm: float,
    norm_type: float = 2.0,
    error_if_nonfinite: bool = False,
    foreach: bool | None = None,
) -> float: ...
def _set_grad_enabled(mode: bool) -> bool: ...
def _zero_grad(params: Any, set_to_none: bool = True) -> int: ...
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

def _batch_norm_module(
    input: Tensor,
    running_mean: Parameter | None,
    running_var: Parameter | None,
    weight: Tensor | None,
    bias: Tensor | None,
    training: bool,
    momentum: float | None,
    eps: float,
    num_batches_tracked: Parameter | None,
) -> Tensor:
    """nn.BatchNorm*'s forward: batch_norm, and a training step adds one to
    num_batches_tracked (momentum=None: the cumulative average over it)."""

def _capture_begin(sess: Session, args: tuple[Any, ...]) -> None:
    """Start capturing the step about to run on sess; args: its argument objects."""

def _capture_end(outputs: list[Tensor]) -> _Plan:
    """End the capture in progress: its plan, with outputs as the step's outputs."""

def _capture_epoch() -> int:
    """The number of the capture in progress on this thread (from 1; 0: none)."""

def _capture_abort() -> None:
    """Drop the capture in progress on this thread, if any."""

def _push_current(sess: Session) -> None: ...
def _pop_current(sess: Session) -> None: ...
def _draw_seed() -> int: ...
def _searchsorted(
    sorted_sequence: Tensor, values: Tensor | ArrayLike | float, right: bool, out_int32: bool
) -> Tensor: ...
def _normal(
    mean: Tensor | float, std: Tensor | float, size: list[int] | None, session: Session | None
) -> Tensor: ...
def _rnn(
    mode: str,
    input: Tensor,
    hx: Tensor | ArrayLike | None,
    cx: Tensor | ArrayLike | None,
    weights: list[Tensor],
    hidden_size: int,
    proj_size: int,
    num_layers: int,
    bias: bool,
    batch_first: bool,
    bidirectional: bool,
    dropout: float,
    training: bool,
    lengths: list[int] | None = None,
    step: bool = False,
) -> tuple[Tensor, Tensor, Tensor | None]:
    """The forward of ``nn.RNN``/``LSTM``/``GRU`` and their cells (``eagertape.nn.rnn``):
    ``(output, h_n, c_n or None)``."""
