"""What the captured step's module-attribute guard costs (issue 42): a replay first checks
that every plain attribute of an `et.nn` module the recording read (`training`, `p`, the
layers' sizes, ...) still has its value. This times B3c (B3's MLP as torch users write it,
an `nn.Sequential` of Linear, ReLU, Dropout(0), Linear; `zero_grad`, `loss.backward()`,
`step`, captured) with the guard as shipped, and with the check replaced by a constant, the
rounds interleaved in one process; medians.

    python benches/capture_guard.py            # BENCHMARKS.md's numbers
    python benches/capture_guard.py --quick    # a smoke run
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np
import torch

import eagertape as et
import eagertape.nn.functional as F

# the module (`et.capture` is the function of the same name)
capture_py = sys.modules["eagertape.capture"]


def replay_time(steps: int) -> tuple[float, int]:
    """µs per replay of the captured step, and how many attribute reads its plan checks."""
    rng = np.random.default_rng(0)
    model = et.nn.Sequential(
        et.nn.Linear(784, 256, seed=0),
        et.nn.ReLU(),
        et.nn.Dropout(0.0),
        et.nn.Linear(256, 10, seed=1),
    )
    opt = et.optim.Adam(model.parameters(), lr=1e-3)
    sess = et.Session(dtype="float32")
    x = rng.standard_normal((64, 784)).astype(np.float32)
    y = rng.integers(0, 10, 64)

    @et.capture
    def step(x, y):
        opt.zero_grad()
        loss = F.cross_entropy(model(sess.input(x)), y)
        loss.backward()
        opt.step()
        return loss

    with sess:
        for k in range(steps + 20):
            if k == 20:
                t = time.perf_counter()
            step(x, y)
        elapsed = time.perf_counter() - t
    reads = sum(len(r) for variants in step._plans.values() for r, _, _ in variants)
    return elapsed / steps * 1e6, reads


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    torch.set_num_threads(1)
    steps, rounds = (20, 1) if args.quick else (400, 7)
    shipped = capture_py._reads_hold
    times: dict[str, list[float]] = {"with the guard": [], "guard as a constant": []}
    reads = 0
    for k in range(rounds):
        # the order alternates round by round: the first case of a round runs colder
        for case in list(times)[:: 1 if k % 2 == 0 else -1]:
            capture_py._reads_hold = shipped if case == "with the guard" else (lambda r: True)
            us, n = replay_time(steps)
            times[case].append(us)
            reads = max(reads, n)
    capture_py._reads_hold = shipped
    base = statistics.median(times["guard as a constant"])
    print(f"attribute reads checked per replay: {reads}")
    for case, ts in times.items():
        med = statistics.median(ts)
        print(f"{case:20s} {med:8.1f} µs/replay  ({med / base:.3f}x)")


if __name__ == "__main__":
    main()
