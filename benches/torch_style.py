"""B13: torch's training loop on eagertape (``with sess:``, ``zero_grad``, ``loss.backward()``,
``opt.step()``, no ``reset_tape``) against the explicit ``sess.train_step`` and against
PyTorch, for B3's MLP and B8's CNN, run side by side in one process; then the loop's memory
over 10,000 steps (and an evaluation loop of 10,000 batches under ``et.no_grad()``): the
ledger, every category, and RSS after step 100 and after step 10,000.

    python benches/torch_style.py            # the full run (BENCHMARKS.md's numbers)
    python benches/torch_style.py --quick    # a smoke run
"""

from __future__ import annotations

import argparse
import copy
import resource
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as tF

import eagertape as et
import eagertape.nn.functional as F

sys.path.insert(0, str(Path(__file__).resolve().parent))
import models  # noqa: E402


def rss_kib() -> int:
    """The resident set size now (KiB), from /proc (max RSS never goes down)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * (resource.getpagesize() // 1024)


def timed(fn, iters: int) -> float:
    t = time.perf_counter()
    for _ in range(iters):
        fn()
    return (time.perf_counter() - t) / iters * 1e6


def mlp_models(sizes=(64, 128, 10)):
    torch.manual_seed(0)
    layers = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:], strict=True)):
        layers.append(torch.nn.Linear(a, b))
        if i + 2 < len(sizes):
            layers.append(torch.nn.ReLU())
    t_model = torch.nn.Sequential(*layers)
    e_layers = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:], strict=True)):
        e_layers.append(et.nn.Linear(a, b))
        if i + 2 < len(sizes):
            e_layers.append(et.nn.ReLU())
    e_model = et.nn.Sequential(*e_layers)
    e_model.load_state_dict(t_model.state_dict())
    return t_model, e_model


def cnn_models():
    torch.manual_seed(0)
    t_model = models.cnn_torch(dtype=torch.float32)
    e_model = models.cnn_et(dtype="float32")
    e_model.load_state_dict(t_model.state_dict())
    return t_model, e_model


def triple(t_model, e_model, x, y, make_opt, make_topt):
    """(torch-style, explicit train_step, PyTorch) step functions, and the session the
    torch-style one runs in (entered for the whole run, as a training script would)."""
    style_sess = et.Session(dtype="float32")
    explicit_sess = et.Session(dtype="float32")
    # two copies of the weights: each style trains its own
    e2 = copy.deepcopy(e_model)
    opt, opt2 = make_opt(e_model), make_opt(e2)
    topt = make_topt(t_model)
    tx, ty = torch.from_numpy(x), torch.from_numpy(y)
    # entered once for the whole run, as a training script does (`with sess:` around it)
    style_sess.__enter__()
    ex, ey = et.tensor(x), et.tensor(y)

    def torch_style():
        opt.zero_grad()
        loss = F.cross_entropy(e_model(ex), ey)
        loss.backward()
        opt.step()

    def explicit():
        logits = e2(explicit_sess, explicit_sess.input(x))
        explicit_sess.train_step(et.cross_entropy(logits, y), opt2)

    def pytorch():
        topt.zero_grad(set_to_none=True)
        tF.cross_entropy(t_model(tx), ty).backward()
        topt.step()

    return (torch_style, explicit, pytorch), style_sess


def bench(label, fns, iters, rounds):
    for f in fns:
        f()
    times = [[] for _ in fns]
    for _ in range(rounds):
        for k, f in enumerate(fns):
            times[k].append(timed(f, iters))
    med = [statistics.median(t) for t in times]
    print(
        f"| {label} | {med[0]:.0f} | {med[1]:.0f} | {med[2]:.0f} | "
        f"{med[0] / med[1]:.3f} | {med[0] / med[2]:.3f} |"
    )
    return med


def flat_memory(steps: int):
    """The torch-style loop of B3's MLP for `steps` steps in one `with sess:`; then an
    evaluation loop of `steps` batches under no_grad. Ledger and RSS at step 100 and at the end."""
    _, model = mlp_models()
    opt = et.optim.Adam(model.parameters(), lr=1e-3)
    rng = np.random.default_rng(1)
    x = rng.standard_normal((64, 64)).astype(np.float32)
    y = rng.integers(0, 10, 64)
    rows = []
    with et.Session(dtype="float32") as sess:
        ex, ey = et.tensor(x), et.tensor(y)
        marks = {}
        for step in range(1, steps + 1):
            opt.zero_grad()
            loss = F.cross_entropy(model(ex), ey)
            loss.backward()
            opt.step()
            if step in (100, steps):
                s = et.memory_stats()
                marks[step] = (dict(s["by_category"]), s["cached_bytes"], sess.tape_len, rss_kib())
        rows.append(("torch-style training loop", marks))
    with et.Session(dtype="float32") as sess:
        ex, ey = et.tensor(x), et.tensor(y)
        marks = {}
        with et.no_grad():
            for step in range(1, steps + 1):
                out = model(ex)
                _ = (out.argmax(dim=1) == ey).sum().item()
                if step in (100, steps):
                    s = et.memory_stats()
                    marks[step] = (
                        dict(s["by_category"]),
                        s["cached_bytes"],
                        sess.tape_len,
                        rss_kib(),
                    )
        rows.append(("evaluation under et.no_grad()", marks))
    for name, marks in rows:
        a, b = marks[100], marks[steps]
        print(
            f"| {name} | {a[0]} / {a[1]} / {a[2]} / {a[3]} | {b[0]} / {b[1]} / {b[2]} / {b[3]} | "
            f"{'equal' if a[:2] == b[:2] else 'DIFFERENT'} | {b[3] - a[3]:+d} |"
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    rounds, scale, steps = (2, 0.1, 300) if args.quick else (7, 1.0, 10_000)
    print(f"torch {torch.__version__}, intra-op threads {torch.get_num_threads()}, cpu")
    print(f"Memory over {steps} steps (by_category / cached bytes / tape_len / RSS KiB):")
    print("| loop | after step 100 | after the last step | ledger | RSS change (KiB) |")
    print("|---|---|---|---|---:|")
    flat_memory(steps)
    print()
    print(
        "| case | torch-style (µs) | explicit train_step (µs) | PyTorch (µs) "
        "| vs explicit | vs PyTorch |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    rng = np.random.default_rng(1)
    x = rng.standard_normal((64, 64)).astype(np.float32)
    y = rng.integers(0, 10, 64)
    t_model, e_model = mlp_models()
    fns, _ = triple(
        t_model,
        e_model,
        x,
        y,
        lambda m: et.optim.Adam(m.parameters(), lr=1e-3),
        lambda m: torch.optim.Adam(m.parameters(), lr=1e-3),
    )
    bench("B13/B3 MLP 64-128-10 step (Adam), batch 64", fns, max(1, int(300 * scale)), rounds)
    rng = np.random.default_rng(2)
    x = rng.standard_normal((64, 1, 8, 8)).astype(np.float32)
    y = rng.integers(0, 10, 64)
    t_model, e_model = cnn_models()
    fns, _ = triple(
        t_model,
        e_model,
        x,
        y,
        lambda m: et.optim.AdamW(m.parameters(), lr=1e-3),
        lambda m: torch.optim.AdamW(m.parameters(), lr=1e-3),
    )
    bench("B13/B8 CNN step (AdamW), batch 64 of 8x8", fns, max(1, int(20 * scale)), rounds)


if __name__ == "__main__":
    main()
