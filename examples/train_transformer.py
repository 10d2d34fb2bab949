"""Train a small decoder-only transformer to reverse digit sequences, with eagertape.

A sequence is "d1 .. dk SEP dk .. d1 EOS" (k digits, 1 <= k <= --max-len); the model reads it
left to right under a causal mask and learns to predict the reversed digits and the EOS after
SEP (the loss covers only those positions). About 10% of all digit strings (chosen by a hash
of the string) are held out: training never sees them, and the final evaluation decodes them
greedily from "d1 .. dk SEP" and counts a sequence right only when every generated digit and
the EOS are right (exact-sequence accuracy).

The model is et.nn's token + learned positional Embedding, a pre-norm TransformerEncoder
(norm_first, batch_first, causal mask), a final LayerNorm and a Linear head, trained with
AdamW under a warmup + cosine learning-rate schedule. Every --save-every steps (and at the
end) the model, the optimizer state and the session's RNG state go to a safetensors
checkpoint (written atomically by et.save) and the progress and history to a JSON sidecar
(also atomic); the loss/accuracy plot is redrawn as a PNG. `--resume` continues from the
checkpoint up to --steps in total: the step count comes from the optimizer state in the
checkpoint, training batches are a function of (seed, step), so a resumed run continues
exactly where the interrupted one stopped (a larger --steps than before stretches the
learning-rate schedule from there on).

The model and the loop are written as for PyTorch (`forward(self, ids)`, one `with sess:`
around the run, `zero_grad` / `loss.backward()` / `step`, greedy decoding under
`et.no_grad()`), with no `reset_tape`.

    python examples/train_transformer.py                     # files go to examples/out/
    python examples/train_transformer.py --steps 3000 --resume   # train on to 3000 steps
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import time
import zlib
from collections.abc import Iterable
from typing import SupportsInt

import numpy as np
from example_io import add_out_argument, atomic_write, steps_taken, write_json
from tqdm import tqdm

import eagertape as et
import eagertape.nn.functional as F

NAME = "transformer_reverse"
DIGITS, SEP, EOS, PAD = 10, 10, 11, 12
VOCAB = 13
IGNORE = -100
# Options that fix the model's shape or the data: a resume must use the same values.
FIXED = ("max_len", "d_model", "heads", "layers", "ff", "seed")


# ----------------------------------------------------------------------------------------
# Data


def held_out(digits: np.ndarray) -> bool:
    """Whether a digit string belongs to the held-out 10% (a hash, so no list is needed)."""
    return zlib.crc32(bytes(np.asarray(digits, dtype=np.uint8))) % 10 == 0


def sequence(digits: np.ndarray) -> np.ndarray:
    return np.concatenate([digits, [SEP], digits[::-1], [EOS]])


def training_batch(seed: int, step: int, batch: int, max_len: int) -> tuple[np.ndarray, ...]:
    """The batch of step ``step``: inputs (batch, 2*max_len+1) and targets, IGNORE outside
    the reversed digits and EOS. A function of (seed, step) only, so resuming repeats it."""
    rng = np.random.default_rng([seed, step])
    width = 2 * max_len + 2
    seqs = np.full((batch, width), PAD, np.int64)
    targets = np.full((batch, width - 1), IGNORE, np.int64)
    for i in range(batch):
        while True:
            digits = rng.integers(0, DIGITS, rng.integers(1, max_len + 1))
            if not held_out(digits):
                break
        s = sequence(digits)
        k = len(digits)
        seqs[i, : len(s)] = s
        targets[i, k : len(s) - 1] = s[k + 1 :]  # predicted at SEP .. last digit
    return seqs[:, :-1], targets


def held_out_set(max_len: int, per_length: int, seed: int) -> list[np.ndarray]:
    """Per length k = 1..max_len, up to ``per_length`` distinct held-out strings (all of them
    when fewer exist), as an array (n, k)."""
    rng = np.random.default_rng([seed, 10**6])
    out = []
    for k in range(1, max_len + 1):
        if 10**k <= 200_000:  # few enough to list every held-out string
            every = np.array(np.unravel_index(np.arange(10**k), (10,) * k)).T
            pool = every[[held_out(d) for d in every]]
            pick = rng.choice(len(pool), size=min(per_length, len(pool)), replace=False)
            out.append(pool[np.sort(pick)].astype(np.int64))
            continue
        found: set[tuple[int, ...]] = set()
        while len(found) < per_length:
            d = rng.integers(0, DIGITS, k)
            if held_out(d):
                found.add(tuple(d.tolist()))
        out.append(np.array(sorted(found), np.int64))
    return [a for a in out if len(a)]


# ----------------------------------------------------------------------------------------
# Model


def causal_mask(length: int) -> np.ndarray:
    """-inf above the diagonal (torch's generate_square_subsequent_mask)."""
    return np.triu(np.full((length, length), -np.inf, dtype=np.float32), k=1)


class ReverseLM(et.nn.Module):
    """Decoder-only transformer: embeddings, pre-norm encoder blocks under a causal mask,
    final LayerNorm, Linear head over the vocabulary."""

    def __init__(
        self,
        max_len: int,
        d_model: int,
        heads: int,
        layers: int,
        ff: int,
        dropout: float,
        seed: int,
        dtype: str,
    ) -> None:
        super().__init__()
        nn = et.nn
        self.tok = nn.Embedding(VOCAB, d_model, seed=seed, dtype=dtype)
        self.pos = nn.Embedding(2 * max_len + 1, d_model, seed=seed + 1, dtype=dtype)
        block = nn.TransformerEncoderLayer(
            d_model,
            heads,
            ff,
            dropout=dropout,
            batch_first=True,
            norm_first=True,
            seed=seed + 2,
            dtype=dtype,
        )
        self.blocks = nn.TransformerEncoder(block, layers)
        self.norm = nn.LayerNorm(d_model, dtype=dtype)
        self.head = nn.Linear(d_model, VOCAB, seed=seed + 3, dtype=dtype)

    def forward(self, ids: et.Tensor) -> et.Tensor:
        length = ids.shape[1]
        h = self.tok(ids) + self.pos(et.arange(length))
        h = self.blocks(h, mask=causal_mask(length), is_causal=True)
        return self.head(self.norm(h))


@et.no_grad()
def exact_accuracy(
    model: ReverseLM, held: list[np.ndarray], limit: int | None = None
) -> tuple[float, int, list[tuple[np.ndarray, np.ndarray]]]:
    """Greedy decoding of every held-out string (the first ``limit`` of each length), in the
    current session: the fraction reproduced exactly, reversed digits and EOS, and a few
    examples."""
    model.eval()
    right = total = 0
    examples: list[tuple[np.ndarray, np.ndarray]] = []
    for digits in held:
        digits = digits[:limit]
        k = digits.shape[1]
        seq = et.tensor(np.concatenate([digits, np.full((len(digits), 1), SEP)], axis=1))
        for _ in range(k + 1):  # k digits, then EOS
            logits = model(seq)
            seq = et.cat([seq, logits[:, -1].argmax(-1, keepdim=True)], dim=1)
        got = seq.numpy()
        want = np.concatenate([digits[:, ::-1], np.full((len(digits), 1), EOS)], axis=1)
        right += int((got[:, k + 1 :] == want).all(axis=1).sum())
        total += len(digits)
        if k in (3, 7):
            i = len(digits) // 3
            examples.append((digits[i], got[i, k + 1 : 2 * k + 2]))  # digits and EOS
    model.train()
    return right / total, total, examples


# ----------------------------------------------------------------------------------------
# Files: sidecar, plot


def plot(path: pathlib.Path, history: dict[str, list[dict[str, float]]]) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(14, 4), layout="constrained")
    FigureCanvasAgg(fig)
    ax1, ax2, ax3 = fig.subplots(1, 3)
    train = history["train"]
    fig.suptitle(
        f"decoder-only transformer reversing digit strings (eagertape): {steps_done(train)} steps"
    )
    steps = [r["step"] for r in train]
    ax1.semilogy(steps, [r["loss"] for r in train], label="training loss")
    ax1.set_xlabel("step")
    ax1.set_ylabel("cross-entropy (reversed digits + EOS)")
    ax1.set_title("loss")
    ax1.legend()
    ax2.plot(steps, [r["token_acc"] for r in train], label="training token accuracy")
    evals = history["eval"]
    ax2.plot(
        [r["step"] for r in evals],
        [r["exact"] for r in evals],
        "o-",
        label="held-out exact-sequence accuracy",
    )
    ax2.set_xlabel("step")
    ax2.set_ylim(0, 1.02)
    ax2.set_title("accuracy")
    ax2.legend(loc="lower right")
    # (a history written before the rate was recorded has none)
    rated = [r for r in train if "lr" in r]
    ax3.plot([r["step"] for r in rated], [r["lr"] for r in rated])
    ax3.set_xlabel("step")
    ax3.set_ylabel("learning rate")
    ax3.set_title("learning rate (warmup, then cosine)")
    atomic_write(path, lambda tmp: fig.savefig(tmp, format="png", dpi=100))


def steps_done(train: list[dict[str, float]]) -> int:
    return int(train[-1]["step"]) if train else 0  # (an int: the records' "step" is one)


# ----------------------------------------------------------------------------------------


def decode(tokens: Iterable[SupportsInt]) -> str:
    """Token ids as text: the digits, then `<sep>`, `<eos>`, `<pad>` for the others."""
    names = {SEP: "<sep>", EOS: "<eos>", PAD: "<pad>"}
    return "".join(names.get(int(t), str(int(t))) for t in tokens)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--steps", type=int, default=1500, help="total training steps")
    ap.add_argument(
        "--stop-at",
        type=int,
        default=None,
        metavar="STEP",
        help="stop (with a checkpoint) at this step, as an interruption would; --resume goes on",
    )
    ap.add_argument("--batch-size", type=int, default=64)
    ap.add_argument("--lr", type=float, default=1e-3, help="peak learning rate")
    ap.add_argument(
        "--warmup",
        type=int,
        default=None,
        help="linear warmup steps (default: 1/15 of --steps, 100 for 1500)",
    )
    ap.add_argument("--weight-decay", type=float, default=1e-2)
    ap.add_argument("--dropout", type=float, default=0.0)
    ap.add_argument("--max-len", type=int, default=10, help="longest digit string")
    ap.add_argument("--d-model", type=int, default=64)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--ff", type=int, default=256, help="feed-forward width")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dtype", default="float32", choices=["float32", "float64"])
    ap.add_argument("--eval-per-length", type=int, default=200, help="held-out strings per k")
    ap.add_argument("--save-every", type=int, default=250, help="checkpoint interval (steps)")
    ap.add_argument("--log-every", type=int, default=25, help="loss history interval (steps)")
    add_out_argument(ap, "the checkpoint, progress JSON and plot")
    args = ap.parse_args()
    for name in ("steps", "batch_size", "max_len", "d_model", "heads", "layers", "ff"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.d_model % args.heads:
        ap.error("--d-model must be a multiple of --heads")

    ckpt = args.out / f"{NAME}.safetensors"
    progress = args.out / f"{NAME}.json"
    png = args.out / f"{NAME}.png"
    if args.resume and not ckpt.is_file():
        ap.error(f"--resume: no checkpoint at {ckpt} (train once without --resume first)")
    args.out.mkdir(parents=True, exist_ok=True)

    model = ReverseLM(
        args.max_len,
        args.d_model,
        args.heads,
        args.layers,
        args.ff,
        args.dropout,
        args.seed,
        args.dtype,
    )
    opt = et.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    config = et.Config(dtype=args.dtype, seed=args.seed)
    train = et.Session(config)
    history: dict[str, list[dict[str, float]]] = {"train": [], "eval": []}
    start = 0
    if args.resume:
        saved = json.loads(progress.read_text()) if progress.is_file() else None
        if saved is not None:
            changed = [
                f"--{k.replace('_', '-')} {saved['config'][k]} (now {getattr(args, k)})"
                for k in FIXED
                if saved["config"].get(k) != getattr(args, k)
            ]
            if changed:
                ap.error(f"--resume: {ckpt} was trained with " + ", ".join(changed))
        try:
            et.checkpoint.load(ckpt, model, optimizer=opt, session=train)
        except et.CheckpointError as e:
            ap.error(f"--resume: cannot load {ckpt}: {e}")
        # The checkpoint is the authority on progress: the optimizer counts its steps.
        start = steps_taken(opt)
        if saved is not None:  # history up to the checkpoint (the sidecar is written after)
            history = {k: [r for r in v if r["step"] <= start] for k, v in saved["history"].items()}
        print(f"resumed from {ckpt} at step {start}/{args.steps}")

    held = held_out_set(args.max_len, args.eval_per_length, args.seed)
    n_params = sum(p.numel() for p in model.parameters())
    print(
        f"reversing 1-{args.max_len} digits: {n_params} parameters, "
        f"{sum(map(len, held))} held-out strings"
    )

    def save(step: int) -> None:
        et.checkpoint.save(ckpt, model, optimizer=opt, session=train)
        write_json(
            progress,
            {
                "step": step,
                "steps": args.steps,
                "config": vars(args) | {"out": str(args.out)},
                "history": history,
            },
        )
        plot(png, history)

    # Linear warmup times cosine decay (torch's ChainedScheduler multiplies their effects),
    # stepped every step; on --resume replayed up to the checkpoint's step.
    opt.param_groups[0]["lr"] = args.lr
    warmup = max(1, round(args.steps / 15) if args.warmup is None else args.warmup)
    sched = et.optim.lr_scheduler.ChainedScheduler(
        [
            et.optim.lr_scheduler.LinearLR(
                opt, start_factor=1.0 / warmup, total_iters=max(1, warmup - 1)
            ),
            et.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.steps),
        ]
    )
    for _ in range(start):
        sched.step()

    t0 = time.perf_counter()
    loss_sum, correct, counted, n_batches = 0.0, 0, 0, 0
    end = args.steps if args.stop_at is None else max(start, min(args.stop_at, args.steps))
    with train, tqdm(total=args.steps, initial=start, desc="training", unit="step") as bar:
        for step in range(start, end):
            x, y = training_batch(args.seed, step, args.batch_size, args.max_len)
            targets = et.tensor(y.reshape(-1))
            opt.zero_grad()
            logits = model(et.tensor(x)).reshape(-1, VOCAB)
            loss = F.cross_entropy(logits, targets, ignore_index=IGNORE)
            loss.backward()
            opt.step()
            sched.step()
            keep = targets != IGNORE
            correct += int(((logits.argmax(-1) == targets) & keep).sum().item())
            counted += int(keep.sum().item())
            loss_sum += loss.item()
            n_batches += 1
            done = step + 1
            bar.update(1)
            at_save = done % args.save_every == 0 or done == end
            if done % args.log_every == 0 or at_save:
                history["train"].append(
                    {
                        "step": done,
                        "loss": loss_sum / n_batches,
                        "token_acc": correct / counted,
                        "lr": opt.lr,
                    }
                )
                bar.set_postfix(loss=f"{loss_sum / n_batches:.4f}", lr=f"{opt.lr:.1e}")
                loss_sum, correct, counted, n_batches = 0.0, 0, 0, 0
            if at_save:
                exact, _, _ = exact_accuracy(model, held, limit=25)
                history["eval"].append({"step": done, "exact": exact})
                bar.write(
                    f"step {done}/{args.steps}: loss {history['train'][-1]['loss']:.4f}, "
                    f"held-out exact-sequence accuracy (25 per length) {exact:.3f}"
                )
                save(done)
    if end > start:
        print(f"training: {time.perf_counter() - t0:.1f} s")
        print(f"saved {ckpt}, {progress.name} and {png.name}")
    else:
        print(f"already trained for {start} steps; pass a larger --steps to train on")
        plot(png, history)
    if end < args.steps:
        print(f"stopped at step {end}/{args.steps}; continue with --resume")
        return

    with train:
        exact, total, examples = exact_accuracy(model, held)
        for digits, got in examples:
            want = decode([*digits[::-1], EOS])
            mark = "" if decode(got) == want else f"  (wrong: want {want})"
            print(f"  {decode(digits)} -> {decode(got)}{mark}")
        print(f"held-out sequences: {total}")
        print(f"held-out exact-sequence accuracy: {exact:.3f}")


if __name__ == "__main__":
    os.environ.setdefault("TQDM_MININTERVAL", "0.5")
    main()
