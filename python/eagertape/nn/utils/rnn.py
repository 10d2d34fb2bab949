"""``eagertape.nn.utils.rnn``: torch's packed sequences.

``PackedSequence`` holds what torch's does: ``data`` (the valid steps of every sequence,
time-major, longest sequence first at each step: ``[sum(lengths), *]``), ``batch_sizes``,
``sorted_indices`` and ``unsorted_indices`` (int64 numpy arrays here, torch CPU tensors in
torch). ``pack_padded_sequence``/``pad_packed_sequence`` move between it and a padded tensor
by gathering rows, so gradients flow through both; the recurrent modules take a
``PackedSequence`` and return one, with ``h_n`` in the batch's original order, as torch's.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as _np

from ..._core import Tensor, cat
from ..._errors import ArgumentError, ShapeError

__all__ = [
    "PackedSequence",
    "pack_padded_sequence",
    "pad_packed_sequence",
    "pad_sequence",
]


class PackedSequence(NamedTuple):
    """Holds the data and list of ``batch_sizes`` of a packed sequence.

    A named tuple, as torch's. ``data`` holds the valid steps of every sequence, time-major,
    longest sequence first at each step (``[sum(lengths), *]``); ``batch_sizes[t]`` is the
    number of sequences still running at step ``t``. Unlike torch (CPU int64 tensors),
    ``batch_sizes``, ``sorted_indices`` and ``unsorted_indices`` are int64 numpy arrays.
    Build one with ``pack_padded_sequence`` rather than directly; the recurrent modules take
    a ``PackedSequence`` and return one.

    Args:
        data (Tensor): the packed steps, ``[sum(lengths), *]``.
        batch_sizes (numpy.ndarray): the batch size at each time step.
        sorted_indices (numpy.ndarray, optional): the order of the sequences by decreasing
            length (``None``: the batch was already sorted). Default: ``None``.
        unsorted_indices (numpy.ndarray, optional): the inverse permutation of
            ``sorted_indices``. Default: ``None``.

    Examples:
        >>> import eagertape as et
        >>> from eagertape.nn.utils.rnn import pack_padded_sequence
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0, 3.0], [4.0, 0.0, 0.0]])
        ...     packed = pack_padded_sequence(x, [3, 1], batch_first=True)
        ...     packed.data.tolist(), packed.batch_sizes.tolist(), packed.lengths().tolist()
        ([1.0, 4.0, 2.0, 3.0], [2, 1, 1], [3, 1])
    """

    data: Tensor
    batch_sizes: _np.ndarray
    sorted_indices: _np.ndarray | None = None
    unsorted_indices: _np.ndarray | None = None

    def lengths(self) -> _np.ndarray:
        """Each sequence's length, in the batch's original order."""
        sizes = self.batch_sizes
        batch = int(sizes[0])
        sorted_lengths = _np.array([(sizes > j).sum() for j in range(batch)], dtype=_np.int64)
        if self.sorted_indices is None:
            return sorted_lengths
        out = _np.empty(batch, dtype=_np.int64)
        out[self.sorted_indices] = sorted_lengths
        return out

    def _rows(self, total: int) -> tuple[_np.ndarray, _np.ndarray]:
        """The packed rows' positions in a time-major ``[total · B]`` layout, and for each
        position its packed row (or ``len(data)``: padding)."""
        sizes = self.batch_sizes
        batch = int(sizes[0])
        order = self.sorted_indices if self.sorted_indices is not None else _np.arange(batch)
        rows = _np.concatenate([t * batch + order[: int(n)] for t, n in enumerate(sizes)])
        inverse = _np.full(total * batch, len(rows), dtype=_np.int64)
        inverse[rows] = _np.arange(len(rows))
        return rows.astype(_np.int64), inverse


def _lengths(lengths: Any) -> _np.ndarray:
    if isinstance(lengths, Tensor):
        lengths = lengths.numpy()
    elif hasattr(lengths, "detach") and hasattr(lengths, "cpu"):  # a torch tensor
        lengths = lengths.detach().cpu().numpy()
    arr = _np.asarray(lengths)
    if arr.ndim != 1 or arr.dtype.kind not in "iu":
        raise ArgumentError(
            f"lengths must be a 1-D sequence of ints, got {arr.dtype} of shape {arr.shape}"
        )
    return arr.astype(_np.int64)


def pack_padded_sequence(
    input: Tensor, lengths: Any, batch_first: bool = False, enforce_sorted: bool = True
) -> PackedSequence:
    """Packs a Tensor containing padded sequences of variable length.

    ``input`` is ``[T, B, *]`` (``[B, T, *]`` with ``batch_first``), ``lengths`` the length of
    each sequence. The valid steps are gathered from ``input`` by recorded indexing, so the
    gradient flows back to ``input`` (zero at the padding).

    Args:
        input (Tensor): the padded batch of variable length sequences.
        lengths (Tensor or Sequence[int]): the list of sequence lengths of each batch element
            (an eagertape or torch tensor, a list or a numpy array of ints), each in
            ``[1, T]``.
        batch_first (bool): if ``True``, the input is expected in ``[B, T, *]`` format.
            Default: ``False``.
        enforce_sorted (bool): if ``True``, the input is expected to contain sequences sorted
            by length in a decreasing order; if ``False``, the input is sorted here, and the
            permutation kept in ``sorted_indices`` / ``unsorted_indices``. Default: ``True``.

    Returns:
        PackedSequence: the packed sequences.

    Raises:
        ArgumentError: ``lengths`` that are not a 1-D sequence of ints, not sorted in
            decreasing order with ``enforce_sorted``, or outside ``[1, T]``.
        ShapeError: a number of lengths other than the batch size.

    Examples:
        >>> import eagertape as et
        >>> from eagertape.nn.utils.rnn import pack_padded_sequence
        >>> with et.Session():
        ...     x = et.tensor([[4.0, 0.0, 0.0], [1.0, 2.0, 3.0]])
        ...     packed = pack_padded_sequence(x, [1, 3], batch_first=True, enforce_sorted=False)
        ...     packed.data.tolist(), packed.sorted_indices.tolist()
        ([1.0, 4.0, 2.0, 3.0], [1, 0])
    """
    lens = _lengths(lengths)
    if enforce_sorted:
        if _np.any(_np.diff(lens) > 0):
            raise ArgumentError(
                "`lengths` array must be sorted in decreasing order when `enforce_sorted` is "
                "True. You can pass `enforce_sorted=False` to pack_padded_sequence and/or "
                "pack_sequence to sidestep this requirement if you do not need ONNX "
                "exportability."
            )
        sorted_indices = None
        unsorted_indices = None
    else:
        sorted_indices = _np.argsort(-lens, kind="stable").astype(_np.int64)
        unsorted_indices = _np.argsort(sorted_indices).astype(_np.int64)
    x = input.transpose(0, 1) if batch_first else input
    shape = tuple(x.shape)
    if len(shape) < 2 or len(lens) != shape[1]:
        raise ShapeError(
            f"Expected `len(lengths)` to be equal to batch_size, but got {len(lens)} "
            f"(batch_size={shape[1] if len(shape) > 1 else None})"
        )
    if lens.size and (lens.min() <= 0 or lens.max() > shape[0]):
        raise ArgumentError(
            f"every length must be in [1, {shape[0]}] (the padded length), got {lens.tolist()}"
        )
    ordered = lens if sorted_indices is None else lens[sorted_indices]
    batch_sizes = _np.array(
        [(ordered > t).sum() for t in range(int(ordered.max()))], dtype=_np.int64
    )
    packed = PackedSequence(x, batch_sizes, sorted_indices, unsorted_indices)
    rows, _ = packed._rows(shape[0])
    data = x.reshape((shape[0] * shape[1], *shape[2:]))[rows]
    return PackedSequence(data, batch_sizes, sorted_indices, unsorted_indices)


def _padded(sequence: PackedSequence, total: int) -> Tensor:
    """The time-major padded tensor ``[total, B, *]`` of ``sequence`` (zeros past each
    length)."""
    data = sequence.data
    rest = tuple(data.shape[1:])
    batch = int(sequence.batch_sizes[0])
    _, inverse = sequence._rows(total)
    padded = cat([data, data.new_zeros((1, *rest))])[inverse]
    return padded.reshape((total, batch, *rest))


def _pack_like(sequence: PackedSequence, padded: Tensor) -> PackedSequence:
    """``padded`` (time-major, ``[T, B, *]``) packed with ``sequence``'s layout."""
    shape = tuple(padded.shape)
    rows, _ = sequence._rows(shape[0])
    data = padded.reshape((shape[0] * shape[1], *shape[2:]))[rows]
    return PackedSequence(
        data, sequence.batch_sizes, sequence.sorted_indices, sequence.unsorted_indices
    )


def pad_packed_sequence(
    sequence: PackedSequence,
    batch_first: bool = False,
    padding_value: float = 0.0,
    total_length: int | None = None,
) -> tuple[Tensor, _np.ndarray]:
    """Pad a packed batch of variable length sequences.

    The inverse of ``pack_padded_sequence``: the steps are placed by recorded indexing, so the
    gradient flows back to ``sequence.data``; the batch comes back in its original order.
    Unlike torch, the lengths are returned as an int64 numpy array (torch: a CPU tensor).

    Args:
        sequence (PackedSequence): the batch to pad.
        batch_first (bool): if ``True``, the output will be in ``[B, T, *]`` format, else
            ``[T, B, *]``. Default: ``False``.
        padding_value (float): the value for padded elements. Default: ``0.0``.
        total_length (int, optional): if given, the output is padded to this length ``T``
            (at least the longest sequence's length). Default: ``None`` (the longest length).

    Returns:
        Tuple[Tensor, numpy.ndarray]: the padded batch, and the length of each sequence.

    Raises:
        TypeError: ``sequence`` is not a ``PackedSequence``.
        ArgumentError: a ``total_length`` shorter than the longest sequence.

    Examples:
        >>> import eagertape as et
        >>> from eagertape.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence
        >>> with et.Session():
        ...     x = et.tensor([[1.0, 2.0, 3.0], [4.0, 0.0, 0.0]])
        ...     packed = pack_padded_sequence(x, [3, 1], batch_first=True)
        ...     y, lengths = pad_packed_sequence(packed, batch_first=True, padding_value=-1.0)
        ...     y.tolist(), lengths.tolist()
        ([[1.0, 2.0, 3.0], [4.0, -1.0, -1.0]], [3, 1])
    """
    if not isinstance(sequence, PackedSequence):
        raise TypeError(f"expected a PackedSequence, got {type(sequence).__name__}")
    longest = len(sequence.batch_sizes)
    total = longest if total_length is None else int(total_length)
    if total < longest:
        raise ArgumentError(
            "Expected total_length to be at least the length of the longest sequence in "
            f"input, but got total_length={total} and max sequence length being {longest}"
        )
    padded = _padded(sequence, total)
    lengths = sequence.lengths()
    if padding_value != 0.0:
        steps = _np.arange(total)[:, None] < lengths[None, :]
        mask = steps.reshape(steps.shape + (1,) * (len(padded.shape) - 2))
        padded = padded.masked_fill(~mask, float(padding_value))
    if batch_first:
        padded = padded.transpose(0, 1)
    return padded, lengths


def pad_sequence(
    sequences: list[Tensor], batch_first: bool = False, padding_value: float = 0.0
) -> Tensor:
    """Pad a list of variable length Tensors with ``padding_value``.

    The tensors ``[L_i, *]`` (the same trailing dims) are padded to the longest length ``T``
    and stacked: ``[T, B, *]``, or ``[B, T, *]`` with ``batch_first``. Every input gets its
    gradient.

    Args:
        sequences (list[Tensor]): the variable length sequences.
        batch_first (bool): if ``True``, the output will be in ``[B, T, *]`` format, else
            ``[T, B, *]``. Default: ``False``.
        padding_value (float): the value for padded elements. Default: ``0.0``.

    Returns:
        Tensor: the padded batch.

    Raises:
        ArgumentError: an empty list.

    Examples:
        >>> import eagertape as et
        >>> from eagertape.nn.utils.rnn import pad_sequence
        >>> with et.Session():
        ...     seqs = [et.tensor([1.0, 2.0, 3.0]), et.tensor([4.0])]
        ...     pad_sequence(seqs, batch_first=True).tolist()
        [[1.0, 2.0, 3.0], [4.0, 0.0, 0.0]]
    """
    if not sequences:
        raise ArgumentError("pad_sequence: received an empty list of sequences")
    longest = max(int(s.shape[0]) for s in sequences)
    padded = []
    for s in sequences:
        missing = longest - int(s.shape[0])
        rest = tuple(s.shape[1:])
        if missing:
            fill = s.new_full((missing, *rest), float(padding_value))
            s = cat([s, fill])
        padded.append(s.unsqueeze(1))
    out = cat(padded, dim=1)
    return out.transpose(0, 1) if batch_first else out
