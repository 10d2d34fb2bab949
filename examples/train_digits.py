"""Train a 64-128-10 MLP on scikit-learn's bundled digits with eagertape.

Each step records a mini-batch on the training session's tape and `train_step` runs
backward, reads the loss, resets the tape (freeing every intermediate), lets AdamW update
the parameters in place and releases the gradients. Evaluation runs in a second session
that uses the same parameters. Memory by category is printed after the first step and at
the end: equal, since only parameters and optimizer state outlive a step. The model, the
optimizer state and the session's RNG state are saved to a safetensors checkpoint in `--out`
(default `examples/out/`, as the other examples); `--resume` continues from it up to
`--epochs` in total, as theirs do.

    make demo            # or: python examples/train_digits.py --dtype ieee32
    python examples/train_digits.py --epochs 40 --resume   # train on from epoch 30
"""

from __future__ import annotations

import argparse
import os

import numpy as np
from example_io import add_out_argument, steps_taken
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split
from tqdm import tqdm

import eagertape as et


def memory_line(label: str) -> str:
    cats = et.memory_stats()["by_category"]
    return f"{label}: " + ", ".join(f"{k}={v} B" for k, v in cats.items())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--epochs", type=int, default=30, help="total training epochs")
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--weight-decay", type=float, default=1e-2)
    ap.add_argument("--dropout", type=float, default=0.1, help="dropout on the hidden layer")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--dtype",
        default="float32",
        choices=["float32", "float64", "ieee32"],
        help="carrier: LibTorch float32/float64, or bit-reproducible software binary32",
    )
    ap.add_argument(
        "--backend", default=None, choices=["libtorch", "reference"], help="backend profile"
    )
    add_out_argument(ap, "the checkpoint")
    args = ap.parse_args()
    if args.epochs < 1 or args.batch_size < 1:
        ap.error("--epochs and --batch-size must be at least 1")
    ckpt = args.out / "digits_mlp.safetensors"
    if args.resume and not ckpt.is_file():
        ap.error(f"--resume: no checkpoint at {ckpt} (train once without --resume first)")
    args.out.mkdir(parents=True, exist_ok=True)

    pixels, target = load_digits(return_X_y=True)  # (N, 64) in 0..16, (N,)
    x = (pixels / 16.0).astype(np.float32)
    y = target.astype(np.int64)
    x_train, x_test, y_train, y_test = train_test_split(
        x, y, test_size=0.25, random_state=args.seed, stratify=y
    )

    model = et.nn.MLP([64, 128, 10], seed=args.seed, dtype=args.dtype)
    hidden, head = model.layers[0], model.layers[2]
    opt = et.optim.AdamW(model, lr=args.lr, weight_decay=args.weight_decay)
    config = et.Config(dtype=args.dtype, backend=args.backend, seed=args.seed)
    train = et.Session(config)
    n = len(x_train)
    steps_per_epoch = (n + args.batch_size - 1) // args.batch_size
    first_epoch = 0
    if args.resume:
        et.checkpoint.load(ckpt, model, optimizer=opt, session=train)
        steps = steps_taken(opt)
        first_epoch = steps // steps_per_epoch
        print(f"resumed from {ckpt} after {first_epoch} epochs")
    print(f"carrier {args.dtype} on backend {args.backend or 'default'}")

    if first_epoch >= args.epochs:
        print(f"already trained {first_epoch} epochs (--epochs {args.epochs}): nothing to do")
    remaining = max(0, args.epochs - first_epoch)
    with tqdm(total=remaining * steps_per_epoch, desc="training", unit="step") as bar:
        for epoch in range(first_epoch, args.epochs):
            order = np.random.default_rng([args.seed, epoch]).permutation(n)
            total = 0.0
            for i in range(0, n, args.batch_size):
                idx = order[i : i + args.batch_size]
                h = hidden(train, train.input(x_train[idx])).relu()
                logits = head(train, et.dropout(h, args.dropout))
                loss = et.cross_entropy(logits, y_train[idx])
                total += train.train_step(loss, opt) * len(idx)
                if bar.n == 0:
                    # After the first step the optimizer state exists; from here on every
                    # step frees what it allocates, so the last line must equal this one.
                    bar.write(memory_line("memory after step 1"))
                bar.update(1)
            bar.set_postfix(epoch=epoch + 1, loss=f"{total / n:.4f}")
    print(memory_line("memory at the end  "))
    et.checkpoint.save(ckpt, model, optimizer=opt, session=train)
    print(f"saved {ckpt}")

    # Evaluation in a second session that shares the (now trained) parameters.
    with et.Session(config.replace(grad_enabled=False)) as evaluate:
        logits = model(evaluate, evaluate.input(x_test)).numpy()
        accuracy = float((logits.argmax(axis=1) == y_test).mean())
        print(f"test accuracy: {accuracy:.3f}")


if __name__ == "__main__":
    os.environ.setdefault("TQDM_MININTERVAL", "0.5")
    main()
