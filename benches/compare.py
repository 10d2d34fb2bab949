"""Side-by-side timing of eagertape and PyTorch in one process (same thread settings).

Each case runs the same work in both, interleaved, for several rounds; the table reports the
median time per iteration and the eagertape / PyTorch ratio. The full suite (criterion
benches, the LibTorch floor, B1-B6) is the performance issue's; this file starts it with
the demo's training step.

    .venv/bin/python benches/compare.py [--quick]
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import torch

import eagertape as et


def timed(fn, iters: int) -> float:
    start = time.perf_counter()
    for _ in range(iters):
        fn()
    return (time.perf_counter() - start) / iters


def mlp_step_pair(batch: int, sizes: tuple[int, ...]):
    rng = np.random.default_rng(0)
    shapes = []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:], strict=True):
        shapes += [(fan_out, fan_in), (fan_out,)]
    init = [rng.uniform(-0.1, 0.1, size=s).astype(np.float32) for s in shapes]
    x = rng.standard_normal((batch, sizes[0])).astype(np.float32)
    y = rng.integers(0, sizes[-1], size=batch)

    params = [et.Parameter(a) for a in init]
    opt = et.optim.SGD(params, lr=0.01)
    sess = et.Session(dtype="float32")

    def eagertape_step():
        with sess:
            h = sess.input(x)
            for i in range(0, len(params), 2):
                h = et.linear(h, sess.use(params[i]), sess.use(params[i + 1]))
                if i + 2 < len(params):
                    h = h.relu()
            loss = et.cross_entropy(h, y)
            with sess.backward(loss) as grads:
                sess.reset_tape()
                opt.step(grads)

    tparams = [torch.tensor(a, requires_grad=True) for a in init]
    topt = torch.optim.SGD(tparams, lr=0.01)
    tx, ty = torch.from_numpy(x), torch.from_numpy(y)

    def torch_step():
        h = tx
        for i in range(0, len(tparams), 2):
            h = torch.nn.functional.linear(h, tparams[i], tparams[i + 1])
            if i + 2 < len(tparams):
                h = h.relu()
        loss = torch.nn.functional.cross_entropy(h, ty)
        topt.zero_grad(set_to_none=True)
        loss.backward()
        topt.step()

    return eagertape_step, torch_step


def chain_pair(n: int):
    p = et.Parameter(np.ones(1, dtype=np.float32))
    sess = et.Session(dtype="float32")
    tp = torch.ones(1, requires_grad=True)

    def eagertape_chain():
        with sess:
            x = sess.use(p)
            for _ in range(n):
                x = x + 1.0
            with sess.backward(x.sum()):
                pass

    def torch_chain():
        x = tp
        for _ in range(n):
            x = x + 1.0
        x.sum().backward()
        tp.grad = None

    return eagertape_chain, torch_chain


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="a smoke run (CI)")
    args = ap.parse_args()
    rounds, iters = (2, 5) if args.quick else (7, 200)
    cases = {
        "B2 100-op add chain, forward+backward": chain_pair(100),
        "B3 MLP 64-128-10 step, batch 64 (SGD)": mlp_step_pair(64, (64, 128, 10)),
    }
    print(f"torch {torch.__version__}, threads {torch.get_num_threads()}")
    print("| case | eagertape (us) | PyTorch (us) | ratio |")
    print("|---|---:|---:|---:|")
    for name, (ours, theirs) in cases.items():
        ours(), theirs()  # warm up
        a, b = [], []
        for _ in range(rounds):
            a.append(timed(ours, iters))
            b.append(timed(theirs, iters))
        ma, mb = statistics.median(a), statistics.median(b)
        print(f"| {name} | {ma * 1e6:.1f} | {mb * 1e6:.1f} | {ma / mb:.2f} |")


if __name__ == "__main__":
    main()
