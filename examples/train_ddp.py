"""Data-parallel training of the digits MLP with eagertape on torch.distributed (gloo).

Start it like a PyTorch DistributedDataParallel script:

    .venv/bin/torchrun --nproc_per_node=2 examples/train_ddp.py
    .venv/bin/python examples/train_ddp.py          # one process (world size 1)

Every rank builds the same 64-128-10 MLP and wraps it in
`et.nn.parallel.DistributedDataParallel` (which gives every rank rank 0's initial weights),
then runs torch's loop (`zero_grad`, `loss.backward()`, `step`) on the indices torch's
`DistributedSampler` gives it: one shuffled order per epoch on every rank, rank r taking rows
r, r + world, r + 2 world, ... of each global batch (its shard). `loss.backward()` averages
the gradients across ranks in buckets while it runs, so every rank takes the same AdamW step
and the weights stay identical (checked at the end); one rank and two train the same. Rank 0
alone shows the progress bar, prints the test accuracy and writes the checkpoint
(`et.checkpoint.save(..., rank=rank)`) to --out; `--resume` (every rank loads that
checkpoint) trains on from it up to `--epochs` in total, as the other examples do:

    .venv/bin/torchrun --nproc_per_node=2 examples/train_ddp.py --epochs 40 --resume
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pathlib
import socket
import sys
from collections.abc import Iterable

import numpy as np
import torch
import torch.distributed as dist
from example_io import add_out_argument, steps_taken
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split
from torch.utils.data import DistributedSampler, TensorDataset
from tqdm import tqdm

import eagertape as et
import eagertape.nn.functional as F


def init_group() -> tuple[int, int]:
    """Join torchrun's group, or make a group of one when started without torchrun."""
    if "RANK" not in os.environ:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        os.environ.update(RANK="0", WORLD_SIZE="1", MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port))
    dist.init_process_group("gloo")
    return dist.get_rank(), dist.get_world_size()


def identical_everywhere(params: Iterable[et.Parameter]) -> bool:
    """Whether every rank holds bit-identical weights: the maximum and the minimum over ranks
    of a digest of the weights' bytes agree."""
    h = hashlib.sha256()
    for p in params:
        h.update(np.ascontiguousarray(p.numpy()).tobytes())
    words = torch.tensor(
        [int.from_bytes(h.digest()[i : i + 7], "little") for i in (0, 7, 14)], dtype=torch.int64
    )
    hi, lo = words.clone(), -words
    dist.all_reduce(hi, op=dist.ReduceOp.MAX)
    dist.all_reduce(lo, op=dist.ReduceOp.MAX)
    return bool(torch.equal(hi, words) and torch.equal(-lo, words))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--epochs", type=int, default=30, help="total training epochs")
    ap.add_argument("--batch-size", type=int, default=64, help="global batch (all ranks)")
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--weight-decay", type=float, default=1e-2)
    ap.add_argument("--seed", type=int, default=0)
    add_out_argument(ap, "the checkpoint")
    args = ap.parse_args()
    if args.epochs < 1 or args.batch_size < 1:
        ap.error("--epochs and --batch-size must be at least 1")
    path = pathlib.Path(args.out) / "ddp_digits.safetensors"
    if args.resume and not path.is_file():
        ap.error(f"--resume: no checkpoint at {path} (train once without --resume first)")

    rank, world = init_group()
    if args.batch_size % world:
        raise SystemExit(f"--batch-size {args.batch_size} must be a multiple of {world} ranks")
    pixels, target = load_digits(return_X_y=True)  # (N, 64) in 0..16, (N,)
    x = (pixels / 16.0).astype(np.float32)
    y = target.astype(np.int64)
    x_train, x_test, y_train, y_test = train_test_split(
        x, y, test_size=0.25, random_state=args.seed, stratify=y
    )

    # Different seeds per rank on purpose: the wrapper broadcasts rank 0's weights.
    model = et.nn.MLP([64, 128, 10], seed=args.seed + rank, dtype="float32")
    ddp = et.nn.parallel.DistributedDataParallel(model)
    params = list(model.parameters())
    opt = et.optim.AdamW(ddp.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    sess = et.Session(dtype="float32", seed=args.seed)

    n = len(x_train)
    local = args.batch_size // world
    # torch's DistributedSampler: each epoch one shuffled order (seed + epoch) on every rank,
    # rank r taking every world-th index from r, so each global batch of the order is split
    # evenly over the ranks. (The sampler reads only the length of its dataset: the training
    # rows' indices.)
    sampler: DistributedSampler[int] = DistributedSampler(
        TensorDataset(torch.arange(n)),
        num_replicas=world,
        rank=rank,
        shuffle=True,
        seed=args.seed,
        drop_last=True,
    )
    steps_per_epoch = len(sampler) // local
    if rank == 0:
        print(f"{world} rank(s), global batch {args.batch_size}, local {args.batch_size // world}")
    first_epoch = 0
    if args.resume:
        # Every rank reads the one checkpoint rank 0 wrote: the same weights and AdamW state
        # everywhere. The epochs done are the optimizer's steps over the steps per epoch.
        try:
            et.checkpoint.load(path, model, optimizer=opt)
        except et.CheckpointError as e:
            raise SystemExit(f"--resume: cannot load {path}: {e}") from None
        steps = steps_taken(opt)
        first_epoch = steps // steps_per_epoch
        if rank == 0:
            print(f"resumed from {path} after {first_epoch} epochs")
    if first_epoch >= args.epochs and rank == 0:
        print(f"already trained {first_epoch} epochs (--epochs {args.epochs}): nothing to do")
    remaining = max(0, args.epochs - first_epoch)
    bar = tqdm(total=remaining * steps_per_epoch, unit="step", disable=rank != 0)
    with sess:  # torch's loop from here on
        for epoch in range(first_epoch, args.epochs):
            sampler.set_epoch(epoch)
            mine = np.fromiter(sampler, dtype=np.int64)
            local_loss = 0.0
            for step in range(steps_per_epoch):
                shard = mine[step * local : (step + 1) * local]
                images, labels = et.tensor(x_train[shard]), et.tensor(y_train[shard])
                opt.zero_grad()
                loss = F.cross_entropy(ddp(images), labels)
                loss.backward()  # averages the gradients over the ranks as it runs
                opt.step()
                local_loss += loss.item()
                bar.update(1)
            total = torch.tensor([local_loss], dtype=torch.float64)
            dist.all_reduce(total)
            mean = total.item() / (world * steps_per_epoch)
            bar.set_postfix(epoch=epoch + 1, loss=f"{mean:.4f}")
    bar.close()

    with et.Session(dtype="float32", grad_enabled=False) as evaluate:
        logits = model(evaluate, evaluate.input(x_test)).numpy()
        accuracy = float((logits.argmax(axis=1) == y_test).mean())
    same = identical_everywhere(params)
    if rank == 0:
        path.parent.mkdir(parents=True, exist_ok=True)
    dist.barrier()
    wrote = et.checkpoint.save(path, model, optimizer=opt, rank=rank)
    if rank == 0:
        print(f"weights identical on all {world} rank(s): {same}")
        print(f"test accuracy: {accuracy:.3f}")
        print(f"saved {path}" if wrote else "checkpoint not written")
    dist.destroy_process_group()
    # Leave without the interpreter's teardown: now and then a C++ thread of torch's gloo
    # stack is still joinable when static destructors run at exit, and the process dies of
    # SIGABRT ("terminate called without an active exception") after its work is done (seen
    # in CI, and in benches/ddp_bench.py). The checkpoint is written and the group destroyed.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0 if same else 1)


if __name__ == "__main__":
    os.environ.setdefault("TQDM_MININTERVAL", "0.5")
    main()
