"""Data parallelism on ``torch.distributed``: eagertape brings no transport of its own.

Every rank runs the same model on its shard of the batch and computes its gradients with
``Session.backward``; :func:`all_reduce_` averages them across ranks in place (flattened into
buckets, reduced by ``torch.distributed.all_reduce`` on DLPack views of the gradient buffers:
gloo on the CPU, NCCL on CUDA); every rank then takes the same optimizer step. Start ranks
with ``torchrun`` and ``torch.distributed.init_process_group`` as for PyTorch's
``DistributedDataParallel``, then :func:`broadcast_parameters` once so every rank starts from
rank 0's weights::

    dist.init_process_group("gloo")
    model = et.nn.Sequential(...)
    et.distributed.broadcast_parameters(model.parameters())
    for xb, yb in shard:
        grads = sess.backward(loss)
        et.distributed.all_reduce_(grads)      # mean over ranks, in place
        opt.step(grads)
    et.save(path, model, opt, rank=dist.get_rank())   # written by rank 0 only

Both calls check that every rank passes the same parameters (names, shapes and dtypes, in the
same order: equal element counts are not enough) and raise :class:`~eagertape.DistributedError`
on every rank if not: ``broadcast_parameters`` with a small collective first,
``all_reduce_`` within its first collective, whose size every rank knows beforehand whatever
its gradients (no extra round trip per step). A collective that fails (a peer died, the
group's timeout passed) raises ``DistributedError`` with torch's own error as its
``__cause__``; the parameters stay readable, the gradients unchanged, nothing left exported.
"""

from __future__ import annotations

import hashlib as _hashlib
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

import torch as _torch
import torch.distributed as _dist
from torch.utils.dlpack import (
    from_dlpack as _from_dlpack,  # (torch.from_dlpack, which torch re-exports so)
)

from ._core import Buffer, GradMap, Parameter
from ._errors import ArgumentError, DistributedError

if TYPE_CHECKING:
    from torch.distributed import ProcessGroup

__all__ = ["all_reduce_", "broadcast_parameters"]

_OPS = {"mean", "sum"}

# A tensor's (name, shape, dtype), as every rank must pass them alike.
_Entry: TypeAlias = tuple[str | None, tuple[int, ...], str]
# A piece of the concatenated gradients: (index, start, end).
_Piece: TypeAlias = tuple[int, int, int]


def _rank_info(group: Any) -> tuple[int, int]:
    if not _dist.is_available() or not _dist.is_initialized():
        raise DistributedError(
            "torch.distributed is not initialized: call torch.distributed.init_process_group "
            "(torchrun sets the environment it reads) before eagertape.distributed"
        )
    return _dist.get_rank(group), _dist.get_world_size(group)


def _describe(p: Parameter, shape: tuple[int, ...], dtype: str) -> str:
    return f"{p.name or '#' + str(p.id)} {tuple(shape)} {dtype}"


def _digest(entries: Sequence[_Entry]) -> bytes:
    return _hashlib.blake2b(repr(entries).encode(), digest_size=16).digest()


def _check_same_everywhere(
    what: str, entries: Sequence[_Entry], group: ProcessGroup | None, device: _torch.device
) -> None:
    """Raise DistributedError on every rank unless every rank passed the same entries
    (name, shape, dtype, in order). One small all-reduce when they agree."""
    digest = _digest(entries)
    words = [int.from_bytes(digest[i : i + 7], "little") for i in (0, 7)]  # < 2**56
    probe = _torch.tensor(words + [-w for w in words], dtype=_torch.int64, device=device)
    try:
        _dist.all_reduce(probe, op=_dist.ReduceOp.MAX, group=group)
    except Exception as e:  # torch raises RuntimeError subclasses of several kinds
        raise DistributedError(f"{what}: checking the parameters across ranks failed: {e}") from e
    if probe[:2].tolist() == words and (-probe[2:]).tolist() == words:
        return
    # They differ (every rank sees the same maximum, so every rank gets here): say how.
    _report_disagreement(what, entries, group)


def _report_disagreement(what: str, entries: Sequence[_Entry], group: ProcessGroup | None) -> None:
    """Every rank found that the ranks disagree: gather their entries and raise
    DistributedError naming the first difference with each other rank."""
    gathered: list[Any] = [None] * _dist.get_world_size(group)
    try:
        _dist.all_gather_object(gathered, entries, group=group)
    except Exception as e:
        raise DistributedError(f"{what}: the ranks disagree on their parameters ({e})") from e
    mine = _dist.get_rank(group)
    lines = []
    for r, theirs in enumerate(gathered):
        if theirs == entries:
            continue
        if len(theirs) != len(entries):
            lines.append(f"rank {r} has {len(theirs)} tensors, rank {mine} has {len(entries)}")
            continue
        for i, (a, b) in enumerate(zip(entries, theirs, strict=True)):
            if a != b:
                lines.append(
                    f"tensor {i}: rank {mine} has {a[0]} {a[1]} {a[2]}, rank {r} has "
                    f"{b[0]} {b[1]} {b[2]}"
                )
                break
    raise DistributedError(
        f"{what}: the ranks disagree on their parameters (names, shapes and dtypes must match "
        "in order): " + "; ".join(lines)
    )


def _device_of(t: Parameter | Buffer) -> _torch.device:
    return _torch.device(t.device)


def _backend_device(group: ProcessGroup | None, tensors_device: _torch.device) -> _torch.device:
    """Where this group's collectives take tensors: CUDA for NCCL, else the CPU."""
    backend = _dist.get_backend(group)
    return tensors_device if "nccl" in str(backend) else _torch.device("cpu")


# all_reduce_'s first collective (the head) has a size every rank knows without asking, so
# that it matches on every rank even when their gradients disagree (gloo aborts the process
# on a size mismatch, NCCL would hang): the first call on a group sends HEAD_ELEMENTS
# gradient elements in float64 (zero-padded); once a call succeeded, every rank knows the
# layout all of them reduced, and later calls size the head from it (all of a small model's
# gradients, in their own dtype: one collective per step, as DistributedDataParallel). Each
# head ends with a header, a digest of this rank's gradient layout (names, shapes, dtypes),
# so that ranks that disagree all find out together.
HEAD_ELEMENTS = 1 << 14

# group -> (the group object, the agreed head: dtype and number of gradient elements).
# Identical on every rank of a group: set only after a call every rank made succeeded.
_agreed: dict[int, tuple[Any, _torch.dtype, int]] = {}


def _group_key(group: Any) -> Any:
    return group if group is not None else _dist.group.WORLD


def _header(entries: Sequence[_Entry], dtype: _torch.dtype) -> list[float]:
    """The digest as words w, each sent as (w, w * w): summed over W ranks, the words agree
    everywhere iff W * sum(w * w) == sum(w) ** 2. The sums must be exact in `dtype`: four
    10-bit words in float32 (W <= 16), two 20-bit words in float64 (W < 2**13)."""
    bits, count = (20, 2) if dtype == _torch.float64 else (10, 4)
    d = int.from_bytes(_digest(entries)[:8], "little")
    words = [(d >> (i * bits)) & ((1 << bits) - 1) for i in range(count)]
    return [float(v) for w in words for v in (w, w * w)]


def _header_agrees(reduced: list[float], world: int) -> bool:
    pairs = [(int(reduced[i]), int(reduced[i + 1])) for i in range(0, len(reduced), 2)]
    return all(world * sq == total * total for total, sq in pairs)


def _head_dtype(views: list[_torch.Tensor], world: int) -> _torch.dtype:
    """float32 for float32 (or narrower) gradients on up to 16 ranks, else float64."""
    if world <= 16 and all(
        v.dtype in (_torch.float32, _torch.float16, _torch.bfloat16) for v in views
    ):
        return _torch.float32
    return _torch.float64


def _split(sizes: list[int], head_len: int) -> tuple[list[_Piece], list[_Piece]]:
    """The pieces (index, start, end) of the concatenated gradients that fill the first
    `head_len` elements, and the rest."""
    head: list[_Piece] = []
    rest: list[_Piece] = []
    offset = 0
    for i, n in enumerate(sizes):
        take = max(0, min(n, head_len - offset))
        if take:
            head.append((i, 0, take))
        if take < n:
            rest.append((i, take, n))
        offset += take
    return head, rest


def _buckets(
    pieces: list[_Piece], views: list[_torch.Tensor], cap_bytes: int
) -> list[list[_Piece]]:
    """`pieces` grouped into buckets of one dtype and device, each of at most `cap_bytes`
    (a larger piece gets a bucket of its own)."""
    out: list[list[_Piece]] = []
    open_: dict[tuple[_torch.dtype, _torch.device], tuple[list[_Piece], int]] = {}
    for piece in pieces:
        v = views[piece[0]]
        key = (v.dtype, v.device)
        nbytes = (piece[2] - piece[1]) * v.element_size()
        bucket, size = open_.get(key, ([], 0))
        if bucket and size + nbytes > cap_bytes:
            out.append(bucket)
            bucket, size = [], 0
        bucket.append(piece)
        open_[key] = (bucket, size + nbytes)
    out.extend(bucket for bucket, _ in open_.values() if bucket)
    return out


def _reduce(flat: _torch.Tensor, group: ProcessGroup | None, what: str) -> None:
    try:
        _dist.all_reduce(flat, op=_dist.ReduceOp.SUM, group=group)
    except Exception as e:  # torch raises RuntimeError subclasses of several kinds
        raise DistributedError(f"all_reduce_: {what} failed: {e}") from e


def all_reduce_(
    grads: GradMap,
    op: str = "mean",
    group: Any = None,
    bucket_cap_mb: float = 25,
) -> GradMap:
    """Reduces every gradient of `grads` across the ranks of `group`, in place, and returns
    `grads`.

    Every rank must call it with the same arguments, after its own `Session.backward`.
    Gradients are taken in parameter-id order and read through DLPack views of their
    buffers. The first collective (the head) has a size every rank knows beforehand and
    carries a digest of every gradient's name, shape and dtype, so ranks whose gradients
    disagree (even with equal element counts) all find out together and raise
    `DistributedError` naming the difference. What the head does not hold goes in buckets
    of at most `bucket_cap_mb` MiB per dtype and device, one `torch.distributed.all_reduce`
    each. The reduced values are written back only when every collective succeeded: on an
    error (torch's as the `__cause__`) the gradients are unchanged.

    Args:
        grads (GradMap): the gradients to reduce, as `Session.backward` returns them.
        op (str): ``"mean"`` (the average over ranks) or ``"sum"``. Default: ``"mean"``.
        group (optional): the `torch.distributed` process group. Default: ``None`` (the
            default group).
        bucket_cap_mb (float): the most MiB one bucket holds. Default: ``25``.

    Returns:
        GradMap: `grads`, reduced.

    Raises:
        ArgumentError: `op` is neither ``"mean"`` nor ``"sum"``, or `bucket_cap_mb` is not
            positive.
        DistributedError: `torch.distributed` is not initialized, the ranks' gradients
            disagree, or a collective failed.
    """
    if op not in _OPS:
        raise ArgumentError(f"all_reduce_: op must be one of {sorted(_OPS)}, not {op!r}")
    if not bucket_cap_mb > 0:
        raise ArgumentError(f"all_reduce_: bucket_cap_mb must be positive, not {bucket_cap_mb!r}")
    _, world = _rank_info(group)
    key = _group_key(group)
    agreed = _agreed.pop(id(key), None)  # put back only if this call succeeds
    if agreed is not None and agreed[0] is not key:
        agreed = None
    head_dtype, head_len = (
        (agreed[1], agreed[2]) if agreed is not None else (_torch.float64, HEAD_ELEMENTS)
    )
    items = sorted(grads.items(), key=lambda kv: kv[0].id)
    entries = [(p.name, tuple(b.shape), b.dtype) for p, b in items]
    cap_bytes = int(bucket_cap_mb * 2**20)
    views: list[_torch.Tensor] | None = None
    flats: list[_torch.Tensor] | None = None
    head: _torch.Tensor | None = None
    reduced: dict[int, list[_torch.Tensor]] | None = None
    parts: list[_torch.Tensor] | None = None
    try:
        views = [_from_dlpack(b) for _, b in items]
        flats = [v.reshape(-1) for v in views]
        device = _backend_device(group, views[0].device if views else _torch.device("cpu"))
        sizes = [f.numel() for f in flats]
        head_pieces, rest = _split(sizes, head_len)
        header = _header(entries, head_dtype)
        parts = [flats[i][start:end] for i, start, end in head_pieces]
        filled = sum(end - start for _, start, end in head_pieces)
        parts.append(_torch.zeros(head_len - filled, dtype=head_dtype))
        parts.append(_torch.tensor(header, dtype=head_dtype))
        head = _torch.cat([t.to(device=device, dtype=head_dtype) for t in parts])
        _reduce(head, group, "the first all-reduce")
        if not _header_agrees(head[head_len:].tolist(), world):
            _report_disagreement("all_reduce_", entries, group)
        if op == "mean":
            head.div_(world)
        reduced = {}
        offset = 0
        for i, start, end in head_pieces:
            reduced.setdefault(i, []).append(head[offset : offset + end - start])
            offset += end - start
        for bucket in _buckets(rest, views, cap_bytes):
            parts = [flats[i][start:end] for i, start, end in bucket]
            flat = _torch.cat(parts) if len(parts) > 1 else parts[0].clone()
            if flat.device != device:
                flat = flat.to(device)
            _reduce(flat, group, f"the all-reduce of a bucket of {flat.numel()} elements")
            if op == "mean":
                flat.div_(world)
            offset = 0
            for i, start, end in bucket:
                reduced.setdefault(i, []).append(flat[offset : offset + end - start])
                offset += end - start
        # Every collective succeeded: write back, and size the next head from this layout
        # (every rank reduced the same one, so every rank records the same).
        for i, v in enumerate(views):
            got = reduced.get(i, [])
            if got:
                r = _torch.cat(got) if len(got) > 1 else got[0]
                v.copy_(r.view(v.shape))
        dtype = _head_dtype(views, world)
        elements = max(1, cap_bytes // _torch.empty((), dtype=dtype).element_size())
        _agreed[id(key)] = (key, dtype, min(sum(sizes), elements))
        return grads
    finally:
        # Let go of the exports now, also on an error (a traceback must not keep them).
        views = flats = head = reduced = parts = None  # noqa: F841


def broadcast_parameters(
    params: Iterable[Parameter],
    src: int = 0,
    group: Any = None,
    *,
    _check: bool = True,
) -> None:
    """Gives every rank rank `src`'s values of `params`, in place of its own.

    Call it once on every rank after building the model, so every rank starts from the same
    weights. The other ranks install the values with `Parameter.assign` (a new snapshot;
    `src` keeps its own). One `torch.distributed.broadcast` per dtype; before it, one small
    collective checks that every rank passes the same parameters (names, shapes and dtypes,
    in order).

    Args:
        params (Iterable[Parameter]): the parameters (a list, or `module.parameters()`;
            buffers are Parameters too).
        src (int): the rank whose values every rank takes. Default: ``0``.
        group (optional): the `torch.distributed` process group. Default: ``None`` (the
            default group).
        _check (bool): internal: ``False`` skips the check across ranks, for a caller that
            checked these parameters already (`DistributedDataParallel` broadcasting its
            buffers before each forward). Default: ``True``.

    Raises:
        ArgumentError: an element of `params` is not a Parameter.
        DistributedError: `torch.distributed` is not initialized, the ranks' parameters
            disagree, or the broadcast failed.
    """
    rank, _ = _rank_info(group)
    params = list(params)
    for p in params:
        if not isinstance(p, Parameter):
            raise ArgumentError(
                f"broadcast_parameters takes eagertape Parameters, not {type(p).__name__}"
            )
    entries = [(p.name, tuple(p.shape), p.dtype) for p in params]
    if not params:
        _check_same_everywhere("broadcast_parameters", entries, group, _torch.device("cpu"))
        return
    device = _backend_device(group, _device_of(params[0]))
    if _check:
        _check_same_everywhere("broadcast_parameters", entries, group, device)
    by_dtype: dict[str, list[Parameter]] = {}
    for p in params:
        by_dtype.setdefault(p.dtype, []).append(p)
    for ps in by_dtype.values():
        flat: _torch.Tensor | None = None
        try:
            if rank == src:
                flat = _torch.cat([_from_dlpack(p).reshape(-1) for p in ps]).to(device)
            else:
                dtype = _from_dlpack(ps[0]).dtype
                flat = _torch.empty(sum(p.numel() for p in ps), dtype=dtype, device=device)
            try:
                _dist.broadcast(flat, src=src, group=group)
            except Exception as e:
                raise DistributedError(f"broadcast_parameters: the broadcast failed: {e}") from e
            if rank != src:
                offset = 0
                for p in ps:
                    n = p.numel()
                    p.assign(flat[offset : offset + n].reshape(tuple(p.shape)))
                    offset += n
        finally:
            flat = None
