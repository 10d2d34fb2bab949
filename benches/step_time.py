"""One side of one compare.py case, timed alone: for A/B comparisons of two builds.

compare.py's ratios need both sides in one process; comparing two builds of eagertape needs
the same side timed in separate processes, alternating the builds (the machine's speed drifts
between processes, so alternate several rounds and compare medians):

    python benches/step_time.py B3 2000            # eagertape's B3 step, µs per step
    python benches/step_time.py B8c 100 --side torch --threads 2

Cases: B3, B3c, B3cf, B8, B8c, B9, B9c. The first 20 steps are warm-up (a captured step records
on the first). `--side floor` times the hand-written floor of B3 (compare.py's `mlp_pair`), B8 or
B9 (`benches/floors.py`). Two more floors of B3 (`--side floor` only) bound what any replay of its
kernels can reach: `B3-floor-fused` (compare.py's floor with torch's one-pass Adam over the four
parameters in one `_fused_adam_` call) and `B3-floor-no-update` (its forward and backward
kernels alone).
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch
import torch.nn.functional as F

try:
    import compare
except ImportError:  # pragma: no cover
    from benches import compare


def b3_kernel_floors():
    """B3's hand-written floor (compare.py's `mlp_pair`) with the update as one fused call
    over all parameters, and without any update: (fused, no_update)."""
    batch, sizes = 64, (64, 128, 10)
    init = compare.mlp_init(sizes)
    rng = np.random.default_rng(1)
    x = torch.from_numpy(rng.standard_normal((batch, sizes[0])).astype(np.float32))
    y = torch.from_numpy(rng.integers(0, sizes[-1], size=batch))
    fw = [torch.tensor(a) for a in init]
    m, v = [torch.zeros_like(w) for w in fw], [torch.zeros_like(w) for w in fw]
    steps = [torch.zeros((), dtype=torch.float32) for _ in fw]
    onehot = F.one_hot(y, sizes[-1]).float()

    def gradients():
        return compare.mlp_floor_gradients(fw, x, onehot)

    @torch.no_grad()
    def fused():
        grads = gradients()
        torch._foreach_add_(steps, 1)
        torch._fused_adam_(
            fw,
            grads,
            m,
            v,
            [],
            steps,
            lr=1e-3,
            beta1=0.9,
            beta2=0.999,
            weight_decay=0.0,
            eps=1e-8,
            amsgrad=False,
            maximize=False,
        )

    no_update = torch.no_grad()(gradients)
    return fused, no_update


CASES = {
    "B3": lambda: compare.mlp_pair(64, (64, 128, 10)),
    "B3c": lambda: compare.mlp_captured_pair(64, (64, 128, 10)),
    "B3cf": lambda: compare.mlp_captured_pair(64, (64, 128, 10), fused=True),
    "B8": lambda: compare.b8_pair(),
    "B8c": lambda: compare.b8_pair(True),
    "B9": lambda: compare.b9_pair(),
    "B9c": lambda: compare.b9_pair(True),
    "B3-floor-fused": lambda: (None, None, b3_kernel_floors()[0]),
    "B3-floor-no-update": lambda: (None, None, b3_kernel_floors()[1]),
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
