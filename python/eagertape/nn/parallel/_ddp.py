"""``et.nn.parallel.DistributedDataParallel``: torch's DDP over ``torch.distributed``.

At construction every rank takes rank 0's parameters and buffers
(``et.distributed.broadcast_parameters``, which also checks that every rank wraps the same
model). Each forward pass (grad enabled, outside ``no_sync()``) broadcasts the buffers from
rank 0 (BatchNorm's running statistics, as torch's ``broadcast_buffers=True``) and hands the
session a hook for the next ``loss.backward()``: the core tracks which gradients the reverse
sweep has finished (``buckets::Buckets``) and, the moment all of a bucket's gradients are
final and every bucket before it went (the same order on every rank), packs them into the
bucket's flat torch tensor times ``1 / world`` (as torch's reducer; ``_core._GradBuckets``)
and calls ``launch(k)``, which starts its asynchronous all-reduce while the sweep goes on.
``finish`` then reduces what is left, waits, and has the core write the averages into
``p.grad``. Buckets hold at most ``bucket_cap_mb`` MiB (the first 1 MiB, as
torch's), parameters taken in reverse registration order (roughly the order backward
finishes them).

A rank that dies or stalls makes the others' ``loss.backward()`` raise
:class:`~eagertape.DistributedError` (torch's error as the ``__cause__``) once the
group's timeout passes; the gradients are then left as the local backward made them.

Inside a captured step (``et.capture``) the backward sweeps without the hook and then
reduces every bucket (the same averages, without overlapping the sweep); the plan keeps
that reduction, and the forward's buffer broadcast, as calls each replay makes again at
the same points, with the session free (``_core._capture_call``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import torch
import torch.distributed as dist
from torch.utils.dlpack import from_dlpack

from ... import _core
from ..._core import Parameter, Session
from ..._errors import ArgumentError, DistributedError
from ...distributed import _rank_info, broadcast_parameters
from ..module import Module

_FIRST_BUCKET_BYTES = 1 << 20
_NATIVE = ("float32", "float64", "float16", "bfloat16")


class _Bucket:
    """Parameters reduced together: one flat torch tensor of their dtype (the core packs
    their gradients into it, `_core._GradBuckets`)."""

    def __init__(self, params: list[Parameter], dtype: torch.dtype, device: torch.device):
        self.params = params
        self.ids = [p.id for p in params]
        self.flat = torch.zeros(sum(p.numel() for p in params), dtype=dtype, device=device)


class _Reducer:
    """One backward's gradient reduction: the session hook. The core packs each bucket
    into its flat tensor (times ``1 / world``) once all its gradients are final, in bucket
    order, and calls ``launch(k)``; ``finish`` does the rest when the sweep is over."""

    def __init__(self, ddp: DistributedDataParallel) -> None:
        self.ddp = ddp
        self.layout = ddp._layout  # read by the core: the buckets to pack
        self.works: list[Any] = [None] * len(ddp._buckets)
        self.launched = 0  # buckets handed over so far (always a prefix)
        # Parameters with a local gradient (find_unused_parameters only).
        self.used: set[int] | None = set() if ddp.find_unused_parameters else None

    def launch(self, k: int) -> None:
        """Bucket ``k`` is packed: start its all-reduce."""
        if self.used is not None:
            self.used.update(self.ddp._buckets[k].ids)
        self._start(k)

    def _start(self, k: int) -> None:
        ddp = self.ddp
        try:
            self.works[k] = dist.all_reduce(
                ddp._buckets[k].flat, group=ddp.process_group, async_op=True
            )
        except Exception as e:  # torch raises RuntimeError subclasses of several kinds
            raise DistributedError(f"DistributedDataParallel: the all-reduce failed: {e}") from e
        self.launched = k + 1

    def finish(self, ok: bool, sess: Session) -> None:
        """After the sweep (the session free again): reduce the buckets the sweep did not
        complete (with what ``p.grad`` holds, an accumulation under ``no_sync``, or zeros),
        wait, and write the averages into ``p.grad``. Not ``ok`` (the sweep failed): wait
        for what was started and change nothing."""
        ddp = self.ddp
        if not ok:
            self._drain()
            return
        try:
            for k in range(self.launched, len(ddp._buckets)):
                had = self.layout.gather(sess, k)
                if self.used is not None:
                    self.used.update(had)
                self._start(k)
            keep = self._used_anywhere() if self.used is not None else None
            for k in range(len(ddp._buckets)):
                self._wait(k)
        except BaseException:
            self._drain()
            raise
        # Every parameter gets its average as its gradient (with find_unused_parameters,
        # one used by no rank keeps None, as torch leaves it).
        self.layout.scatter(sess, keep)

    def _used_anywhere(self) -> list[int]:
        assert self.used is not None
        ids = [i for b in self.ddp._buckets for i in b.ids]
        mask = torch.tensor([i in self.used for i in ids], dtype=torch.int32)
        try:
            dist.all_reduce(mask, group=self.ddp.process_group)
        except Exception as e:
            raise DistributedError(f"DistributedDataParallel: the all-reduce failed: {e}") from e
        return [i for i, m in zip(ids, mask.tolist(), strict=True) if m]

    def _wait(self, k: int) -> None:
        work, self.works[k] = self.works[k], None
        if work is None:
            return
        try:
            work.wait()
        except Exception as e:
            raise DistributedError(
                f"DistributedDataParallel: the all-reduce of a bucket of "
                f"{self.ddp._buckets[k].flat.numel()} elements failed: {e}"
            ) from e

    def _drain(self) -> None:
        """Wait for what was started (its outcome no longer matters), keep nothing."""
        for k, work in enumerate(self.works):
            self.works[k] = None
            if work is not None:
                with contextlib.suppress(Exception):
                    work.wait()


class DistributedDataParallel(Module):
    """Implements distributed data parallelism over `torch.distributed`, as torch's
    `torch.nn.parallel.DistributedDataParallel`.

    At construction every rank takes rank 0's parameters and buffers (checking that every
    rank wraps the same model). ``ddp(x)`` runs ``module(x)``; the next ``loss.backward()``
    averages the gradients (in ``p.grad``) across ranks in buckets while it runs, each
    bucket's asynchronous all-reduce starting as soon as its gradients are final. Inside
    ``no_sync()`` backward skips that (gradients accumulate locally until a backward outside
    it). Every parameter gets a gradient on every rank; with ``find_unused_parameters=True``
    one used by no rank keeps ``None``, as torch's. A rank that dies or stalls makes the
    others' backward raise `DistributedError` once the group's timeout passes.

    Args:
        module (Module): the module to be parallelized.
        device_ids: accepted for PyTorch compatibility and kept (a session computes on its
            one device). Default: ``None``.
        output_device: accepted for PyTorch compatibility and kept. Default: ``None``.
        dim (int): the batch dimension; must be 0. Default: ``0``.
        broadcast_buffers (bool): whether every forward (on more than one rank) first gives
            every rank rank 0's buffers (BatchNorm's running statistics). Default: ``True``.
        process_group (optional): the `torch.distributed` process group. Default: ``None``
            (the default group).
        bucket_cap_mb (float, optional): the most MiB one bucket of gradients holds (the
            first bucket holds at most 1 MiB, as torch's). Default: ``None`` (25).
        find_unused_parameters (bool): whether a parameter that no rank used keeps a ``None``
            gradient (one more small all-reduce per backward); otherwise a rank that did not
            use a parameter contributes zeros to its average. Default: ``False``.
        check_reduction (bool): accepted for PyTorch compatibility; no effect.
            Default: ``False``.
        gradient_as_bucket_view (bool): accepted for PyTorch compatibility; no effect.
            Default: ``False``.
        static_graph (bool): accepted for PyTorch compatibility; no effect.
            Default: ``False``.
        **kwargs: torch's newer keywords, accepted: ``init_sync`` (``False`` skips the
            broadcast at construction), ``delay_all_reduce_named_params``,
            ``param_to_hook_all_reduce``, ``mixed_precision``, ``device_mesh`` and
            ``skip_all_reduce_unused_params`` (no effect).

    Raises:
        ArgumentError: `module` is not an `eagertape.nn.Module`, `dim` is not 0,
            `bucket_cap_mb` is not positive, an unknown keyword is given, or a trainable
            parameter's dtype is not a native floating dtype.
        DistributedError: `torch.distributed` is not initialized, or the ranks' models
            disagree.
    """

    def __init__(
        self,
        module: Module,
        device_ids: Any = None,
        output_device: Any = None,
        dim: int = 0,
        broadcast_buffers: bool = True,
        process_group: Any = None,
        bucket_cap_mb: float | None = None,
        find_unused_parameters: bool = False,
        check_reduction: bool = False,
        gradient_as_bucket_view: bool = False,
        static_graph: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__()
        if not isinstance(module, Module):
            raise ArgumentError(
                f"DistributedDataParallel wraps an et.nn.Module, not {type(module).__name__}"
            )
        if dim != 0:
            raise ArgumentError(f"DistributedDataParallel: dim must be 0, got {dim}")
        cap = 25.0 if bucket_cap_mb is None else bucket_cap_mb
        if isinstance(cap, bool) or not isinstance(cap, (int, float)) or not cap > 0:
            raise ArgumentError(
                f"DistributedDataParallel: bucket_cap_mb must be positive, got {cap!r}"
            )
        unknown = set(kwargs) - {
            "init_sync",
            "delay_all_reduce_named_params",
            "param_to_hook_all_reduce",
            "mixed_precision",
            "device_mesh",
            "skip_all_reduce_unused_params",
        }
        if unknown:
            raise ArgumentError(f"DistributedDataParallel: unexpected arguments {sorted(unknown)}")
        _, world = _rank_info(process_group)
        self.module = module
        self.device_ids = device_ids
        self.output_device = output_device
        self.dim = dim
        self.broadcast_buffers = bool(broadcast_buffers)
        self.process_group = process_group
        self.bucket_cap_mb = cap
        self.find_unused_parameters = bool(find_unused_parameters)
        self.gradient_as_bucket_view = gradient_as_bucket_view
        self.static_graph = static_graph
        self.require_backward_grad_sync = True
        self.world_size = world
        self._scale = 1.0 / world
        params = [p for p in module.parameters() if p.requires_grad]
        for p in params:
            if p.dtype not in _NATIVE:
                raise ArgumentError(
                    f"DistributedDataParallel: parameter {p.name or p.id} has dtype {p.dtype}; "
                    "torch.distributed reduces native dtypes only"
                )
        if kwargs.get("init_sync", True):
            broadcast_parameters(
                list(module.parameters()) + list(module.buffers()), group=process_group
            )
        self._buckets: list[_Bucket] = []
        self._plan(params, int(cap * 2**20))
        self._layout = _core._GradBuckets(
            [b.params for b in self._buckets], [b.flat for b in self._buckets], self._scale
        )

    def _plan(self, params: list[Parameter], cap_bytes: int) -> None:
        """Buckets of one dtype each, parameters in reverse registration order."""
        device = torch.device("cpu")
        if params:
            first = from_dlpack(params[0])
            device = first.device if "nccl" in str(dist.get_backend(self.process_group)) else device
            del first
        open_: dict[Any, tuple[list[Parameter], int]] = {}
        limit = min(_FIRST_BUCKET_BYTES, cap_bytes)
        for p in reversed(params):
            t = torch.empty((), dtype=getattr(torch, p.dtype))
            nbytes = p.numel() * t.element_size()
            members, size = open_.get(p.dtype, ([], 0))
            if members and size + nbytes > limit:
                self._add(members, p.dtype, device)
                members, size, limit = [], 0, cap_bytes
            members.append(p)
            open_[p.dtype] = (members, size + nbytes)
        for dtype, (members, _) in open_.items():
            if members:
                self._add(members, dtype, device)

    def _add(self, members: list[Parameter], dtype: str, device: torch.device) -> None:
        self._buckets.append(_Bucket(members, getattr(torch, dtype), device))

    def _broadcast_buffers(self, sess: Session) -> None:
        """Give every rank rank 0's buffers (checked with the parameters at construction:
        one broadcast per dtype)."""
        broadcast_parameters(list(self.module.buffers()), group=self.process_group, _check=False)

    def _reduce_after_backward(self, sess: Session) -> None:
        """Average every bucket's gradients after a whole backward (a captured step's
        replay: its backward runs without the hook, then this)."""
        _Reducer(self).finish(True, sess)

    @contextlib.contextmanager
    def no_sync(self) -> Iterator[None]:
        """Backward passes inside keep their gradients local (accumulating in ``p.grad``);
        the first one after it reduces the sum."""
        old = self.require_backward_grad_sync
        self.require_backward_grad_sync = False
        try:
            yield
        finally:
            self.require_backward_grad_sync = old

    def forward(self, sess: Session, *inputs: Any, **kwargs: Any) -> Any:
        """Runs the wrapped module and prepares the gradient reduction of the next backward.

        Called by ``ddp(x)`` (or ``ddp(sess, x)``): first gives every rank rank 0's buffers
        (with `broadcast_buffers`, on more than one rank); then, with grad enabled and
        outside ``no_sync()``, hands the session the hook that all-reduces the gradients
        during the next ``loss.backward()``.

        Args:
            sess (Session): the session the forward records on (`Module.__call__` passes
                it).
            *inputs: the positional arguments of the wrapped module.
            **kwargs: its keyword arguments.

        Returns:
            The wrapped module's output.
        """
        if self.broadcast_buffers and self.world_size > 1 and self.module.buffers():
            # Inside a captured step, each replay broadcasts them again here.
            _core._capture_call(self._broadcast_buffers, sess)
        if (
            _core.is_grad_enabled()
            and sess.config.grad_enabled
            and self.require_backward_grad_sync
            and self._buckets
        ):
            sess._set_grad_ready_hook(_Reducer(self))
        return self.module(sess, *inputs, **kwargs)
