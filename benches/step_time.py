"""One side of one compare.py case, timed alone: for A/B comparisons of two builds.

compare.py's ratios need both sides in one process; comparing two builds of eagertape needs
the same side timed in separate processes, alternating the builds (the machine's speed drifts
between processes, so alternate several rounds and compare medians):

    python benches/step_time.py B3 2000            # eagertape's B3 step, µs per step
    python benches/step_time.py B8c 100 --side torch --threads 2

Cases: B3, B3c, B3cf, B8, B8c, B9, B9c. The first 20 steps are warm-up (a captured step records
on the first).
"""

from __future__ import annotations

import argparse
import time

import torch

try:
    import compare
except ImportError:  # pragma: no cover
    from benches import compare

CASES = {
    "B3": lambda: compare.mlp_pair(64, (64, 128, 10)),
    "B3c": lambda: compare.mlp_captured_pair(64, (64, 128, 10)),
    "B3cf": lambda: compare.mlp_captured_pair(64, (64, 128, 10), fused=True),
    "B8": lambda: compare.b8_pair(),
    "B8c": lambda: compare.b8_pair(True),
    "B9": lambda: compare.b9_pair(),
    "B9c": lambda: compare.b9_pair(True),
}
SIDES = {"eagertape": 0, "torch": 1, "floor": 2}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("case", choices=sorted(CASES))
    parser.add_argument("steps", type=int)
    parser.add_argument("--side", choices=sorted(SIDES), default="eagertape")
    parser.add_argument("--threads", type=int, default=1, help="intra-op threads")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    step = CASES[args.case]()[SIDES[args.side]]
    if step is None:
        raise SystemExit(f"{args.case} has no {args.side} side")
    for _ in range(20):
        step()
    start = time.perf_counter()
    for _ in range(args.steps):
        step()
    per_step = (time.perf_counter() - start) / max(args.steps, 1)
    print(f"{args.case} {args.side}: {per_step * 1e6:.1f} us per step")


if __name__ == "__main__":
    main()
