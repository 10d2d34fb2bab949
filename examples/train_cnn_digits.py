"""Train a small CNN on scikit-learn's 8x8 digits (as 1x8x8 images) with eagertape.

Written as a PyTorch script is: one `with sess:` around the run, then torch's loop
(`zero_grad`, `loss.backward()`, `step`) and an evaluation under `et.no_grad()`, with no
`reset_tape` anywhere (each backward frees its graph; the tape stays as small as what the
script holds).

The network is et.nn's Conv2d -> BatchNorm2d -> ReLU (twice), MaxPool2d, Conv2d ->
BatchNorm2d -> ReLU, AdaptiveAvgPool2d(2), Flatten, Dropout and a Linear head, trained with
AdamW under a cosine learning-rate schedule on 75% of the digits (a fixed, stratified split);
each training image is shifted by up to one pixel at random (light augmentation). After every
epoch the model is evaluated in eval mode (BatchNorm uses its running statistics, Dropout is
off) on the held-out 25%, and the model (with BatchNorm's buffers), the optimizer state and the
session's RNG state go to a safetensors checkpoint (written atomically by et.save), the
progress and history to a JSON sidecar (also atomic), and the loss/accuracy plot to a PNG.
`--resume` continues from the checkpoint up to --epochs in total: the epoch count comes from
the optimizer state in the checkpoint, and each epoch's shuffle and shifts are a function of
(seed, epoch), so a resumed run continues exactly where the interrupted one stopped (a
larger --epochs than before stretches the learning-rate schedule from there on).

    python examples/train_cnn_digits.py                      # files go to examples/out/
    python examples/train_cnn_digits.py --epochs 40 --resume  # train on to 40 epochs
    python examples/train_cnn_digits.py --autocast bfloat16   # mixed precision (et.autocast)
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pathlib
import time

import numpy as np
from example_io import add_out_argument, atomic_write, steps_taken, write_json
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split
from tqdm import tqdm

import eagertape as et
import eagertape.nn.functional as F

NAME = "cnn_digits"
# Options that fix the model's shape or the data: a resume must use the same values.
FIXED = ("width", "batch_size", "seed")


def cnn(width: int, dropout: float, seed: int, dtype: str) -> et.nn.Module:
    """The convolutions have no bias: the BatchNorm after each one would cancel it."""
    nn = et.nn
    return nn.Sequential(
        nn.Conv2d(1, width, 3, padding=1, bias=False, seed=seed, dtype=dtype),
        nn.BatchNorm2d(width, dtype=dtype),
        nn.ReLU(),
        nn.Conv2d(width, width, 3, padding=1, bias=False, seed=seed + 1, dtype=dtype),
        nn.BatchNorm2d(width, dtype=dtype),
        nn.ReLU(),
        nn.MaxPool2d(2),  # 8x8 -> 4x4
        nn.Conv2d(width, 2 * width, 3, padding=1, bias=False, seed=seed + 2, dtype=dtype),
        nn.BatchNorm2d(2 * width, dtype=dtype),
        nn.ReLU(),
        nn.AdaptiveAvgPool2d(2),  # 4x4 -> 2x2: keeps a little of the layout
        nn.Flatten(),
        nn.Dropout(dropout),
        nn.Linear(2 * width * 4, 10, seed=seed + 3, dtype=dtype),
    )


def shift(images: np.ndarray, rng: np.random.Generator, pixels: int) -> np.ndarray:
    """Every image moved by up to ``pixels`` in each direction, filling with zeros."""
    if pixels == 0:
        return images
    n, _, h, w = images.shape
    padded = np.pad(images, ((0, 0), (0, 0), (pixels, pixels), (pixels, pixels)))
    dy, dx = rng.integers(0, 2 * pixels + 1, (2, n))
    out = np.empty_like(images)
    for i in range(n):
        out[i] = padded[i, :, dy[i] : dy[i] + h, dx[i] : dx[i] + w]
    return out


def precision(args: argparse.Namespace, device: str) -> et.autocast:
    """The forward pass's autocast region (`--autocast`; off for `none`)."""
    low = args.autocast if args.autocast != "none" else None
    return et.autocast(device.split(":")[0], dtype=low, enabled=low is not None)


@et.no_grad()
def evaluate(
    model: et.nn.Module, x: np.ndarray, y: np.ndarray, amp: et.autocast
) -> tuple[float, float]:
    """Loss and accuracy in eval mode (in the current session; nothing kept for backward)."""
    model.eval()
    xs, ys = et.tensor(x), et.tensor(y)
    with amp:
        logits = model(xs)
        loss = F.cross_entropy(logits, ys).item()
    accuracy = (logits.argmax(dim=1) == ys).sum().item() / len(y)
    model.train()
    return loss, accuracy


# ----------------------------------------------------------------------------------------
# Files: sidecar, plot


def plot(path: pathlib.Path, history: list[dict[str, float]]) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    fig = Figure(figsize=(14, 4), layout="constrained")
    FigureCanvasAgg(fig)
    fig.suptitle(f"CNN on 8x8 digits (eagertape): {len(history)} epochs")
    ax1, ax2, ax3 = fig.subplots(1, 3)
    epochs = [r["epoch"] for r in history]
    ax1.plot(epochs, [r["train_loss"] for r in history], "o-", label="training (augmented)")
    ax1.plot(epochs, [r["test_loss"] for r in history], "o-", label="test")
    ax1.set_yscale("log")
    ax1.set_ylabel("cross-entropy")
    ax1.set_title("loss")
    ax1.legend()
    ax2.plot(epochs, [r["train_acc"] for r in history], "o-", label="training (augmented)")
    ax2.plot(epochs, [r["test_acc"] for r in history], "o-", label="test")
    ax2.set_ylabel("accuracy")
    ax2.set_title("accuracy")
    ax2.legend(loc="lower right")
    # (a history written before the rate was recorded has none)
    rated = [r for r in history if "lr" in r]
    ax3.plot([r["epoch"] for r in rated], [r["lr"] for r in rated], "o-")
    ax3.set_ylabel("learning rate (end of epoch)")
    ax3.set_title("learning rate (cosine)")
    for ax in (ax1, ax2, ax3):
        ax.set_xlabel("epoch")
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    atomic_write(path, lambda tmp: fig.savefig(tmp, format="png", dpi=100))


# ----------------------------------------------------------------------------------------


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--epochs", type=int, default=30, help="total training epochs")
    ap.add_argument(
        "--stop-at",
        type=int,
        default=None,
        metavar="EPOCH",
        help="stop (with a checkpoint) after this epoch, as an interruption would; "
        "--resume goes on",
    )
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=3e-3, help="peak learning rate")
    ap.add_argument("--weight-decay", type=float, default=1e-2)
    ap.add_argument("--dropout", type=float, default=0.2, help="dropout before the head")
    ap.add_argument("--shift", type=int, default=1, help="random shift in pixels (0: none)")
    ap.add_argument("--width", type=int, default=32, help="channels of the first convolutions")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dtype", default="float32", choices=["float32", "float64"])
    ap.add_argument(
        "--autocast",
        default="none",
        choices=["none", "bfloat16", "float16"],
        help="mixed precision: the forward pass under et.autocast in this dtype (float16 also "
        "scales the loss with et.amp.GradScaler)",
    )
    add_out_argument(ap, "the checkpoint, progress JSON and plot")
    args = ap.parse_args()
    for name in ("epochs", "batch_size", "width"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.shift < 0:
        ap.error("--shift must be at least 0")

    ckpt = args.out / f"{NAME}.safetensors"
    progress = args.out / f"{NAME}.json"
    png = args.out / f"{NAME}.png"
    if args.resume and not ckpt.is_file():
        ap.error(f"--resume: no checkpoint at {ckpt} (train once without --resume first)")
    args.out.mkdir(parents=True, exist_ok=True)

    pixels, target = load_digits(return_X_y=True)  # (N, 64) in 0..16, (N,)
    x = (pixels / 16.0).astype(np.float32).reshape(-1, 1, 8, 8)  # (N, 1, 8, 8) in [0, 1]
    y = target.astype(np.int64)
    # (np.asarray, a no-op on the arrays train_test_split returns, gives them a type: the
    # function is untyped)
    x_train, x_test, y_train, y_test = (
        np.asarray(a) for a in train_test_split(x, y, test_size=0.25, random_state=0, stratify=y)
    )
    mean, std = float(x_train.mean()), float(x_train.std())
    x_train, x_test = (x_train - mean) / std, (x_test - mean) / std
    n = len(x_train)
    steps_per_epoch = math.ceil(n / args.batch_size)

    model = cnn(args.width, args.dropout, args.seed, args.dtype)
    opt = et.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    config = et.Config(dtype=args.dtype, seed=args.seed)
    train = et.Session(config)
    amp = precision(args, train.config.device)
    # Loss scaling keeps float16's small gradients from flushing to zero; bfloat16 has
    # float32's range and needs none (as torch advises).
    scaler = et.amp.GradScaler(
        train.config.device.split(":")[0], enabled=args.autocast == "float16"
    )
    history: list[dict[str, float]] = []
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
        # The checkpoint is the authority on progress: the optimizer counts its steps, and
        # checkpoints are written at the end of epochs.
        steps = steps_taken(opt)
        start = steps // steps_per_epoch
        if saved is not None:  # history up to the checkpoint (the sidecar is written after)
            history = [r for r in saved["history"] if r["epoch"] <= start]
        print(f"resumed from {ckpt} after epoch {start}/{args.epochs}")
    n_params = sum(p.numel() for p in model.parameters())
    print(f"{n} training and {len(x_test)} test images, {n_params} parameters")

    # Cosine decay over the whole run, stepped every batch. On --resume the schedule is
    # replayed from the start up to the checkpoint's step, so it goes on exactly as it would
    # have (the checkpoint holds the optimizer, not the scheduler).
    opt.param_groups[0]["lr"] = args.lr
    sched = et.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs * steps_per_epoch)
    for _ in range(start * steps_per_epoch):
        sched.step()

    t0 = time.perf_counter()
    end = args.epochs if args.stop_at is None else max(start, min(args.stop_at, args.epochs))
    with (
        train,
        tqdm(
            total=args.epochs * steps_per_epoch,
            initial=start * steps_per_epoch,
            desc="training",
            unit="step",
        ) as bar,
    ):
        for epoch in range(start, end):
            rng = np.random.default_rng([args.seed, epoch])
            order = rng.permutation(n)
            loss_sum, correct = 0.0, 0
            for first in range(0, n, args.batch_size):
                idx = order[first : first + args.batch_size]
                images = et.tensor(shift(x_train[idx], rng, args.shift))
                labels = et.tensor(y_train[idx])
                opt.zero_grad()
                with amp:
                    logits = model(images)
                    loss = F.cross_entropy(logits, labels)
                scaler.scale(loss).backward()
                scaler.step(opt)
                scaler.update()
                sched.step()
                correct += int((logits.argmax(dim=1) == labels).sum().item())
                loss_sum += loss.item() * len(idx)
                bar.update(1)
            test_loss, test_acc = evaluate(model, x_test, y_test, amp)
            history.append(
                {
                    "epoch": epoch + 1,
                    "train_loss": loss_sum / n,
                    "train_acc": correct / n,
                    "test_loss": test_loss,
                    "test_acc": test_acc,
                    "lr": opt.param_groups[0]["lr"],  # at the epoch's end
                }
            )
            bar.set_postfix(loss=f"{loss_sum / n:.4f}", test_acc=f"{test_acc:.3f}")
            bar.write(
                f"epoch {epoch + 1}/{args.epochs}: loss {loss_sum / n:.4f}, "
                f"train accuracy {correct / n:.4f}, test loss {test_loss:.4f}, "
                f"test accuracy {test_acc:.4f}"
            )
            et.checkpoint.save(ckpt, model, optimizer=opt, session=train)
            write_json(
                progress,
                {
                    "epoch": epoch + 1,
                    "epochs": args.epochs,
                    "step": (epoch + 1) * steps_per_epoch,
                    "config": vars(args) | {"out": str(args.out)},
                    "history": history,
                },
            )
            plot(png, history)
    if end > start:
        print(f"training: {time.perf_counter() - t0:.1f} s")
        print(f"saved {ckpt}, {progress.name} and {png.name}")
    else:
        print(f"already trained for {start} epochs; pass a larger --epochs to train on")
        plot(png, history)
    if end < args.epochs:
        print(f"stopped after epoch {end}/{args.epochs}; continue with --resume")
        return
    with train:
        _, accuracy = evaluate(model, x_test, y_test, amp)
        print(f"test accuracy: {accuracy:.3f}")


if __name__ == "__main__":
    os.environ.setdefault("TQDM_MININTERVAL", "0.5")
    main()
