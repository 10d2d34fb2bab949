"""One rank of the DistributedDataParallel tests (`test_ddp.py` starts them with torchrun).

    torchrun ... ddp_worker.py SCENARIO OUT_DIR

- `train`: an MLP (float64) wrapped in `et.nn.parallel.DistributedDataParallel`, built
  from rank-dependent weights (the wrapper broadcasts rank 0's), trained STEPS SGD-momentum
  steps with torch's loop on this rank's rows of a fixed global batch; each step is two
  micro-batches, the first under `no_sync()`. Writes the final weights and, for the
  BatchNorm model, its buffers.
- `capture`, `capture-norm` (with BatchNorm): STEPS steps of this rank's rows through the
  wrapper, eagerly and as a captured step (`et.capture`: recorded on the first, replayed
  after); writes both runs' final weights and buffers.
- `die`: rank 1 exits after its forward; rank 0's `loss.backward()` must raise
  DistributedError (torch's error as the cause).
"""

from __future__ import annotations

import datetime
import json
import os
import pathlib
import sys
import time

import numpy as np
import torch.distributed as dist

import eagertape as et

STEPS = 4
N, D, H, C = 32, 6, 12, 3
TIMEOUT_S = 30


def batch() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    return rng.standard_normal((N, D)), rng.integers(0, C, N)


def model(seed: int, norm: bool = False) -> et.nn.Module:
    et.manual_seed(seed)
    layers = [et.nn.Linear(D, H, dtype="float64"), et.nn.Tanh()]
    if norm:
        layers.insert(1, et.nn.BatchNorm1d(H, dtype="float64"))
    layers.append(et.nn.Linear(H, C, dtype="float64"))
    return et.nn.Sequential(*layers)


def train(net, rows: list[np.ndarray], x, y, wrap=None) -> None:
    """STEPS steps; step k sums the losses of two micro-batches (rows[0], rows[1]: this
    process's row indices for each), the first one's backward under no_sync when wrapped."""
    opt = et.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    with et.Session(dtype="float64") as sess:
        for _ in range(STEPS):
            opt.zero_grad()
            for micro, idx in enumerate(rows):
                sync = wrap.no_sync() if (wrap is not None and micro == 0) else _nothing()
                with sync:
                    logits = (wrap or net)(sess.input(x[idx]))
                    loss = et.nn.functional.cross_entropy(logits, sess.input(y[idx]))
                    loss.backward()
            opt.step()


def train_captured(ddp, net, x, y, captured: bool) -> None:
    """STEPS SGD-momentum steps of the wrapped `net` on (x, y), the step under et.capture
    when `captured`."""
    opt = et.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    with et.Session(dtype="float64") as sess:

        def step(x, y):
            opt.zero_grad()
            loss = et.nn.functional.cross_entropy(ddp(sess.input(x)), y)
            loss.backward()
            opt.step()
            return loss

        run = et.capture(step) if captured else step
        for _ in range(STEPS):
            run(x, y)


class _nothing:  # noqa: N801
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def shard_rows(rank: int, world: int) -> list[np.ndarray]:
    """This rank's rows of each micro-batch: the two halves of the batch, strided."""
    half = N // 2
    return [np.arange(0, half)[rank::world], np.arange(half, N)[rank::world]]


def main() -> None:
    scenario, out = sys.argv[1], pathlib.Path(sys.argv[2])
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=TIMEOUT_S))
    rank, world = dist.get_rank(), dist.get_world_size()
    result: dict = {"rank": rank, "world": world}
    x, y = batch()
    try:
        if scenario == "train":
            net = model(seed=100 + rank)
            ddp = et.nn.parallel.DistributedDataParallel(net, bucket_cap_mb=0.0005)
            result["buckets"] = len(ddp._buckets)
            result["broadcast"] = all(
                np.array_equal(p.numpy(), q.numpy())
                for p, q in zip(net.parameters(), model(seed=100).parameters(), strict=True)
            )
            train(net, shard_rows(rank, world), x, y, wrap=ddp)
            np.savez(out / f"rank{rank}.npz", **{k: v.numpy() for k, v in net.state_dict().items()})
        elif scenario == "buffers":
            net = model(seed=100, norm=True)
            ddp = et.nn.parallel.DistributedDataParallel(net)
            train(net, shard_rows(rank, world), x, y, wrap=ddp)
            # Each training forward updated this rank's statistics from its own shard after
            # taking rank 0's; one more forward (eval: no update) leaves rank 0's everywhere.
            before = net.state_dict()["1.running_mean"].numpy()
            net.eval()
            with et.Session(dtype="float64") as sess, et.no_grad():
                ddp(sess.input(x))
            result["changed_by_sync"] = not np.array_equal(
                before, net.state_dict()["1.running_mean"].numpy()
            )
            np.savez(out / f"rank{rank}.npz", **{k: v.numpy() for k, v in net.state_dict().items()})
        elif scenario in ("capture", "capture-norm"):
            # The same steps eagerly and through a captured step (recorded on the first,
            # replayed after), each from the wrapper's broadcast of rank 0's weights.
            norm = scenario == "capture-norm"
            rows = np.concatenate(shard_rows(rank, world))
            for how in ("eager", "captured"):
                net = model(seed=100 + rank, norm=norm)
                ddp = et.nn.parallel.DistributedDataParallel(net, bucket_cap_mb=0.0005)
                train_captured(ddp, net, x[rows], y[rows], captured=how == "captured")
                np.savez(
                    out / f"rank{rank}-{how}.npz",
                    **{k: v.numpy() for k, v in net.state_dict().items()},
                )
        elif scenario == "die":
            net = model(seed=100)
            ddp = et.nn.parallel.DistributedDataParallel(net)
            with et.Session(dtype="float64") as sess:
                loss = et.nn.functional.cross_entropy(ddp(sess.input(x)), sess.input(y))
                if rank == 1:
                    os._exit(3)  # a rank that dies mid-step
                time.sleep(0.5)
                start = time.monotonic()
                try:
                    loss.backward()
                    result["raised"] = None
                except et.DistributedError as e:
                    result["raised"] = type(e).__name__
                    result["cause"] = type(e.__cause__).__name__ if e.__cause__ else None
                result["elapsed_s"] = time.monotonic() - start
                result["params_readable"] = all(
                    np.isfinite(p.numpy()).all() for p in net.parameters()
                )
        else:
            raise SystemExit(f"unknown scenario {scenario!r}")
    finally:
        (out / f"rank{rank}.json").write_text(json.dumps(result))
    if scenario == "die":
        os._exit(0)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
