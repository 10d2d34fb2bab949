"""What the module-path scopes cost (issue 27): `Module.__call__` opens a scope on the tape
around `forward` so that `tape_profile()` can say which module recorded each node. This times
B3's MLP as torch users write it (an `nn.Sequential` of Linear, ReLU, Linear; `zero_grad`,
`loss.backward()`, `step` in one `with sess:`) with the scopes as shipped, and with them
replaced by no-ops, the rounds interleaved in one process; medians.

    python benches/module_scope.py            # BENCHMARKS.md's numbers
    python benches/module_scope.py --quick    # a smoke run
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import torch

import eagertape as et
import eagertape.nn.functional as F
from eagertape.nn import module as module_py


def step_time(steps: int) -> float:
    """µs per training step of B3's MLP (batch 64, 784-256-10, Adam)."""
    rng = np.random.default_rng(0)
    model = et.nn.Sequential(
        et.nn.Linear(784, 256, seed=0), et.nn.ReLU(), et.nn.Linear(256, 10, seed=1)
    )
    opt = et.optim.Adam(model.parameters(), lr=1e-3)
    with et.Session(dtype="float32"):
        x = et.tensor(rng.standard_normal((64, 784)).astype(np.float32))
        y = et.tensor(rng.integers(0, 10, 64))
        for k in range(steps + 20):
            if k == 20:
                t = time.perf_counter()
            opt.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
    return (time.perf_counter() - t) / steps * 1e6


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    torch.set_num_threads(1)
    steps, rounds = (20, 1) if args.quick else (400, 7)
    shipped = (module_py._enter_scope, module_py._exit_scope)
    times: dict[str, list[float]] = {"with scopes": [], "scopes as no-ops": []}
    for _ in range(rounds):
        for case in times:
            if case == "with scopes":
                module_py._enter_scope, module_py._exit_scope = shipped
            else:
                module_py._enter_scope = lambda module, sess: None
                module_py._exit_scope = lambda sess: None
            times[case].append(step_time(steps))
    module_py._enter_scope, module_py._exit_scope = shipped
    base = statistics.median(times["scopes as no-ops"])
    for case, ts in times.items():
        med = statistics.median(ts)
        print(f"{case:18s} {med:8.1f} µs/step  ({med / base:.3f}x)")


if __name__ == "__main__":
    main()
