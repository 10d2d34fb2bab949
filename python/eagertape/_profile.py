"""`Session.tape_profile()`: what holds a session's tape memory, node by node and per op.

The rows come from the core (`Session::tape_profile`): each storage is counted once, at the
first node holding it, and only while the ledger counts it as `tape`, so `total_bytes` is the
session's part of `et.memory_stats()["by_category"]["tape"]`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, overload

from ._errors import ArgumentError


class NodeRow(NamedTuple):
    """One node of the tape, in recording order: a row of `TapeProfile`.

    Args:
        node (int): the node's index on the tape.
        op (str): the op that recorded it (``"input"`` and ``"param"`` for leaves).
        shape (tuple of int): the shape of the node's value.
        bytes (int): bytes of the node's value the tape holds (0 for a view, a parameter's
            snapshot, a value already freed, or one counted at an earlier node).
        workspace_bytes (int): bytes the op keeps for its backward besides its value
            (pooling indices, norm statistics, a class loss's weights).
        needed (bool): whether a backward still reads the value.
        module (str or None): the path of the `et.nn` module call that recorded the node
            (the outermost module's class name, then attribute names: ``"Net.fc1"``), or
            ``None`` for a node recorded outside any module. Default: ``None``.

    Examples:
        >>> import eagertape as et
        >>> row = et.NodeRow(3, "mul", (2, 3), 24, 8, True)
        >>> row.op, row.total_bytes
        ('mul', 32)
    """

    node: int
    """The node's index on the tape."""
    op: str
    """The op that recorded it (`"input"` and `"param"` for leaves)."""
    shape: tuple[int, ...]
    bytes: int
    """Bytes of the node's value the tape holds (0: a view, a parameter's snapshot, a value
    already freed, or one counted at an earlier node)."""
    workspace_bytes: int
    """Bytes the op keeps for its backward besides its value (pooling indices, norm
    statistics, a class loss's weights)."""
    needed: bool
    """Whether a backward still reads the value."""
    module: str | None = None
    """The path of the `et.nn` module call that recorded the node (`"Net.fc1"`); `None`
    outside any module."""

    @property
    def total_bytes(self) -> int:
        """The node's value and workspace bytes together (`bytes + workspace_bytes`)."""
        return self.bytes + self.workspace_bytes


class OpRow(NamedTuple):
    """The nodes of one op, summed: a row of `TapeProfile.by_op`.

    Args:
        op (str): the op's name.
        nodes (int): how many nodes of the tape the op recorded.
        bytes (int): value and workspace bytes of those nodes.
        needed_bytes (int): the part of `bytes` a backward still reads.
    """

    op: str
    nodes: int
    bytes: int
    """Value and workspace bytes of those nodes."""
    needed_bytes: int
    """The part of `bytes` a backward still reads."""


class ModuleRow(NamedTuple):
    """The nodes one module call recorded, summed: a row of `TapeProfile.by_module`.

    Args:
        module (str or None): the module's path (``"Net.encoder.0"``); ``None`` for the
            nodes recorded outside any module.
        nodes (int): how many nodes of the tape it recorded (not counting those of the
            modules it called: each node belongs to the innermost call).
        bytes (int): value and workspace bytes of those nodes.
        needed_bytes (int): the part of `bytes` a backward still reads.
    """

    module: str | None
    nodes: int
    bytes: int
    """Value and workspace bytes of those nodes."""
    needed_bytes: int
    """The part of `bytes` a backward still reads."""


def _human(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(n) < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.2f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


def _columns(rows: list[tuple[str, ...]], rule_char: str) -> tuple[str, list[str]]:
    """`rows` as aligned text lines (the first column to the left, the others to the right)
    and a rule of `rule_char` under each column, for the text tables."""
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]

    def line(row: tuple[str, ...]) -> str:
        rest = zip(row[1:], widths[1:], strict=True)
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in rest]
        return "  ".join(cells).rstrip()

    return "  ".join(rule_char * w for w in widths), [line(row) for row in rows]


class TapeProfile:
    """What holds a session's tape memory, node by node and per op (`Session.tape_profile()`).

    The nodes are `rows` (a list of `NodeRow`, also reached by indexing, iterating and
    `len`); `by_op()` sums them per op; `print(profile)` shows `table()`. Each storage is
    counted once, at the first node holding it, so `total_bytes` is the session's part of the
    `tape` category of `eagertape.memory_stats()`. Made by `Session.tape_profile()`, not
    usually constructed directly.

    Args:
        rows (list of tuple): the core's rows, one per node in recording order:
            `(op, shape, bytes, workspace_bytes, needed, module)`.

    Examples:
        >>> import eagertape as et
        >>> with et.Session(dtype="float64") as sess:
        ...     x = et.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
        ...     y = (x * x).sum()
        ...     profile = sess.tape_profile()
        ...     [(r.op, r.bytes) for r in profile], profile.total_bytes
        ([('input', 24), ('mul', 24), ('sum', 8)], 56)
    """

    def __init__(self, rows: list[tuple[str, list[int], int, int, bool, str | None]]):
        self.rows: list[NodeRow] = [
            NodeRow(i, op, tuple(shape), b, w, needed, module)
            for i, (op, shape, b, w, needed, module) in enumerate(rows)
        ]

    @property
    def total_bytes(self) -> int:
        """All the tape's bytes: the session's part of the ledger's `tape` category."""
        return sum(r.total_bytes for r in self.rows)

    def _sums(self, key: Callable[[NodeRow], str | None]) -> list[tuple[Any, int, int, int]]:
        """`(group, nodes, bytes, needed_bytes)` per group of rows (`key` of a row), the most
        bytes first, then by group name: what `by_op` and `by_module` return as rows."""
        acc: dict[str | None, list[int]] = {}
        for r in self.rows:
            a = acc.setdefault(key(r), [0, 0, 0])
            a[0] += 1
            a[1] += r.total_bytes
            a[2] += r.total_bytes if r.needed else r.workspace_bytes
        sums = [(g, n, b, nb) for g, (n, b, nb) in acc.items()]
        return sorted(sums, key=lambda s: (-s[2], s[0] or ""))

    def by_op(self) -> list[OpRow]:
        """One row per op, the most bytes first (then by name)."""
        return [OpRow(*s) for s in self._sums(lambda r: r.op)]

    def by_module(self) -> list[ModuleRow]:
        """One row per module path (each node counted in the innermost module call that
        recorded it; `None`: outside any module), the most bytes first (then by path)."""
        return [ModuleRow(*s) for s in self._sums(lambda r: r.module)]

    def table(self, row_limit: int = 20, by: str = "op") -> str:
        """The summary per op (or per module path) as a text table, as `torch.profiler`'s
        `key_averages().table()`.

        Args:
            row_limit (int): the most groups shown; the rest are summed in one line.
                Default: ``20``.
            by (str): ``"op"`` (a row per op) or ``"module"`` (a row per module path, each
                node in the innermost module call that recorded it). Default: ``"op"``.

        Returns:
            str: nodes, bytes and the share of the total, and the bytes a backward reads,
            per group, then the total.

        Raises:
            ArgumentError: `by` is neither ``"op"`` nor ``"module"``.
        """
        if by == "op":
            groups = self._sums(lambda r: r.op)
        elif by == "module":
            groups = [
                (m or "(no module)", n, b, nb) for m, n, b, nb in self._sums(lambda r: r.module)
            ]
        else:
            raise ArgumentError(f'table(by={by!r}): by is "op" or "module"')
        total = self.total_bytes
        head = (by, "nodes", "tape bytes", "% of tape", "read by backward")
        body = [
            (
                name,
                str(nodes),
                _human(b),
                f"{100 * b / total:.1f}" if total else "0.0",
                _human(nb),
            )
            for name, nodes, b, nb in groups[:row_limit]
        ]
        if len(groups) > row_limit:
            rest = groups[row_limit:]
            body.append(
                (
                    f"({len(rest)} more {by}s)",
                    str(sum(g[1] for g in rest)),
                    _human(sum(g[2] for g in rest)),
                    "",
                    "",
                )
            )
        foot = ("total", str(len(self.rows)), _human(total), "100.0" if total else "0.0", "")
        rule, (top, *lines, bottom) = _columns([head, *body, foot], "-")
        return "\n".join([rule, top, rule, *lines, rule, bottom, rule])

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"TapeProfile(nodes={len(self.rows)}, total_bytes={self.total_bytes})"

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[NodeRow]:
        return iter(self.rows)

    @overload
    def __getitem__(self, i: int) -> NodeRow: ...
    @overload
    def __getitem__(self, i: slice) -> list[NodeRow]: ...
    def __getitem__(self, i: int | slice) -> NodeRow | list[NodeRow]:
        return self.rows[i]
