"""What the examples share: the `--out` and `--resume` options (one meaning in all), the
steps a resumed optimizer has taken (where a resumed run starts), and the files they write
next to their checkpoints (the progress JSON, the plot), each written
atomically as `et.save` writes checkpoints: a crash leaves the old file or the new one, never
half of one. Imported by the example scripts (their folder is on sys.path)."""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import tempfile
from collections.abc import Callable
from typing import Any, Protocol

UMASK = os.umask(0)
os.umask(UMASK)


def add_out_argument(ap: argparse.ArgumentParser, what: str, resume: bool = True) -> None:
    """`--out` (the folder for `what`, default `examples/out/`) and, with `resume`,
    `--resume` (continue from the checkpoint in `--out`)."""
    ap.add_argument(
        "--out",
        type=pathlib.Path,
        default=pathlib.Path(__file__).resolve().parent / "out",
        help=f"folder for {what} (default: examples/out)",
    )
    if resume:
        ap.add_argument(
            "--resume", action="store_true", help="continue from the checkpoint in --out"
        )


class StatefulOptimizer(Protocol):
    """An optimizer with torch's `state_dict()` (every `et.optim` optimizer)."""

    def state_dict(self) -> dict[str, Any]: ...


def steps_taken(opt: StatefulOptimizer) -> int:
    """The optimizer steps a (resumed) optimizer has taken: its state's largest `step` count
    (0 before the first). A resumed run counts its progress from it: the checkpoint is the
    authority."""
    return max((int(s["step"]) for s in opt.state_dict()["state"].values()), default=0)


def atomic_write(path: pathlib.Path, write: Callable[[str], object]) -> None:
    """``write(tmp_path)`` fills a temporary file next to ``path``, then it replaces ``path``."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.close(fd)
    try:
        write(tmp)
        os.chmod(tmp, 0o666 & ~UMASK)  # mkstemp creates 0o600
        os.replace(tmp, path)
    except BaseException:
        pathlib.Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: pathlib.Path, doc: dict[str, object]) -> None:
    def write(tmp: str) -> None:
        with open(tmp, "w") as f:
            json.dump(doc, f, indent=1)
            f.flush()
            os.fsync(f.fileno())

    atomic_write(path, write)
