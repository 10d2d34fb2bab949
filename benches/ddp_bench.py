"""B10: a data-parallel training step on two processes, eagertape against PyTorch's
DistributedDataParallel, side by side in the same two processes (gloo on loopback, one
intra-op thread per process: the CI machine has two cores).

Each rank trains on its half of the same global batch of 64, float32, AdamW, from torch's
initial weights, with torch's loop on both sides: the model wrapped in
``et.nn.parallel.DistributedDataParallel`` against torch's ``DistributedDataParallel`` (both
``broadcast_buffers=False``: neither side synchronises BatchNorm's running statistics),
``zero_grad``, ``loss.backward()`` (which all-reduces in buckets as it goes) and ``step``.
The two alternate in rounds; a round's time is the slower rank's. Reported: each side's
median per step, and the ratio eagertape / PyTorch as the median over rounds of each round's
ratio against the PyTorch round run right after it (lower is better): on two shared cores the
loopback collective's latency drifts by 2x over a run, and pairing the rounds takes the drift
out of the ratio.

    .venv/bin/python benches/ddp_bench.py           # full run (BENCHMARKS.md, B10)
    .venv/bin/python benches/ddp_bench.py --quick   # smoke run
    (benches/compare.py runs it too, as B10)
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import sys
import tempfile
import time

import numpy as np
import torch
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn.functional as F

import eagertape as et

try:  # run as a script (benches/ on sys.path) or imported from compare.py / the tests
    import models
except ImportError:  # pragma: no cover
    from benches import models

WORLD = 2
GLOBAL_BATCH = 64


def _mlp_torch() -> torch.nn.Module:
    return torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10))


def _mlp_et() -> et.nn.Module:
    nn = et.nn
    return nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))


def _batch(model: str) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(10)
    shape = (GLOBAL_BATCH, 64) if model == "mlp" else (GLOBAL_BATCH, 1, 8, 8)
    return rng.standard_normal(shape).astype(np.float32), rng.integers(0, 10, GLOBAL_BATCH)


def _pair(model: str, rank: int):
    """The eagertape step and the DDP step of `model` on this rank's shard."""
    torch.manual_seed(0)  # the same initial weights on every rank and in both libraries
    if model == "mlp":
        t_model, e_model = _mlp_torch(), _mlp_et()
    else:
        t_model, e_model = models.cnn_torch(dtype=torch.float32), models.cnn_et(dtype="float32")
    e_model.load_state_dict(t_model.state_dict())
    t_model.train()
    e_model.train()
    x, y = _batch(model)
    x, y = x[rank::WORLD].copy(), y[rank::WORLD].copy()
    sess = et.Session(dtype="float32")
    e_ddp = et.nn.parallel.DistributedDataParallel(e_model, broadcast_buffers=False)
    opt = et.optim.AdamW(e_ddp.parameters(), lr=1e-3)
    ddp = torch.nn.parallel.DistributedDataParallel(t_model, broadcast_buffers=False)
    topt = torch.optim.AdamW(ddp.parameters(), lr=1e-3)
    tx, ty = torch.from_numpy(x), torch.from_numpy(y)

    def ours():
        with sess:
            loss = et.cross_entropy(e_ddp(sess.input(x)), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()

    def theirs():
        loss = F.cross_entropy(ddp(tx), ty)
        topt.zero_grad(set_to_none=True)
        loss.backward()
        topt.step()

    return ours, theirs


def _slowest(seconds: float) -> float:
    t = torch.tensor([seconds], dtype=torch.float64)
    dist.all_reduce(t, op=dist.ReduceOp.MAX)
    return t.item()


def _worker(rank: int, port: int, quick: bool, out: str) -> None:
    torch.set_num_threads(1)
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    dist.init_process_group("gloo", rank=rank, world_size=WORLD)
    rounds, iters = (2, 5) if quick else (15, 40)
    results = {}
    for model in ("mlp", "cnn"):
        fns = _pair(model, rank)
        for f in fns:
            for _ in range(3):
                f()  # warm up
        times: list[list[float]] = [[], []]
        for _ in range(rounds):
            for k, f in enumerate(fns):
                dist.barrier()
                start = time.perf_counter()
                for _ in range(iters):
                    f()
                times[k].append(_slowest((time.perf_counter() - start) / iters))
        paired = statistics.median(a / b for a, b in zip(times[0], times[1], strict=True))
        results[model] = [statistics.median(t) for t in times] + [paired]
    if rank == 0:
        with open(out, "w") as f:
            json.dump(results, f)
    dist.destroy_process_group()
    # Leave without the interpreter's teardown: about one run in five, a C++ thread of the
    # DDP/gloo stack is still joinable when static destructors run at exit and the worker
    # dies of SIGABRT ("terminate called without an active exception", no Python frame;
    # measured with this repository's builds before and after issue 22 alike). The results
    # are written and the group is destroyed by now.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def run(quick: bool = False) -> dict[str, tuple[float, float, float]]:
    """{model: (eagertape s/step, DDP s/step, paired ratio)} from two fresh processes."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "b10.json")
        mp.start_processes(_worker, args=(port, quick, out), nprocs=WORLD, start_method="spawn")
        with open(out) as f:
            return {k: tuple(v) for k, v in json.load(f).items()}


LABELS = {
    "mlp": "B10 2-process MLP 64-128-10 step (AdamW), global batch 64, vs DDP",
    "cnn": "B10 2-process CNN step (AdamW), global batch 64, vs DDP",
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="a smoke run")
    args = ap.parse_args()
    print(f"torch {torch.__version__}, {WORLD} processes x 1 intra-op thread, gloo")
    print("| case | eagertape (µs) | DDP (µs) | vs DDP |")
    print("|---|---:|---:|---:|")
    for model, (ours, theirs, ratio) in run(args.quick).items():
        print(f"| {LABELS[model]} | {ours * 1e6:.1f} | {theirs * 1e6:.1f} | {ratio:.2f} |")


if __name__ == "__main__":
    main()
