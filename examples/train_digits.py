"""Train a 64-128-10 MLP on scikit-learn's bundled digits with eagertape.

Training records each mini-batch on one session's tape, takes the gradients, resets the
tape and lets SGD update the parameters in place. Evaluation runs in a second session that
uses the same parameters. Memory by category is printed before and after training: the
tape and gradients are freed every step, so the two lines are equal.

    make demo            # or: python examples/train_digits.py --dtype ieee32
"""

from __future__ import annotations

import argparse

import numpy as np
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split
from tqdm import tqdm

import eagertape as et


def init_linear(rng: np.random.Generator, fan_in: int, fan_out: int, name: str, dtype: str):
    """PyTorch's nn.Linear initialisation: U(-1/sqrt(fan_in), 1/sqrt(fan_in))."""
    bound = 1.0 / np.sqrt(fan_in)
    w = rng.uniform(-bound, bound, size=(fan_out, fan_in)).astype(np.float32)
    b = rng.uniform(-bound, bound, size=(fan_out,)).astype(np.float32)
    return (
        et.Parameter(w, name=f"{name}.weight", dtype=dtype),
        et.Parameter(b, name=f"{name}.bias", dtype=dtype),
    )


def forward(sess: et.Session, params, x: et.Tensor) -> et.Tensor:
    w1, b1, w2, b2 = (sess.use(p) for p in params)
    h = et.linear(x, w1, b1).relu()
    return et.linear(h, w2, b2)


def memory_line(label: str) -> str:
    cats = et.memory_stats()["by_category"]
    return f"{label}: " + ", ".join(f"{k}={v} B" for k, v in cats.items())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--batch-size", type=int, default=32)
    ap.add_argument("--lr", type=float, default=0.1)
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
    args = ap.parse_args()

    digits = load_digits()
    x = (digits.data / 16.0).astype(np.float32)
    y = digits.target.astype(np.int64)
    x_train, x_test, y_train, y_test = train_test_split(
        x, y, test_size=0.25, random_state=args.seed, stratify=y
    )

    rng = np.random.default_rng(args.seed)
    params = [
        *init_linear(rng, 64, 128, "fc1", args.dtype),
        *init_linear(rng, 128, 10, "fc2", args.dtype),
    ]
    opt = et.optim.SGD(params, lr=args.lr)
    config = et.Config(dtype=args.dtype, backend=args.backend, seed=args.seed)
    train = et.Session(config)
    print(f"carrier {args.dtype} on backend {args.backend or 'default'}")

    print(memory_line("memory at start"))
    n = len(x_train)
    steps = args.epochs * ((n + args.batch_size - 1) // args.batch_size)
    with tqdm(total=steps, desc="training", unit="step") as bar:
        for epoch in range(args.epochs):
            order = rng.permutation(n)
            total = 0.0
            for i in range(0, n, args.batch_size):
                idx = order[i : i + args.batch_size]
                with train:  # resets the tape on exit
                    logits = forward(train, params, train.input(x_train[idx]))
                    loss = et.cross_entropy(logits, y_train[idx])
                    with train.backward(loss) as grads:  # releases the gradients on exit
                        total += loss.item() * len(idx)
                        train.reset_tape()
                        opt.step(grads)
                bar.update(1)
            bar.set_postfix(epoch=epoch + 1, loss=f"{total / n:.4f}")
    print(memory_line("memory at end  "))

    # Evaluation in a second session that shares the (now trained) parameters.
    with et.Session(config.replace(grad_enabled=False)) as evaluate:
        logits = forward(evaluate, params, evaluate.input(x_test)).numpy()
    accuracy = float((logits.argmax(axis=1) == y_test).mean())
    print(f"test accuracy: {accuracy:.3f}")


if __name__ == "__main__":
    main()
