"""One rank of the data-parallel tests (`test_distributed.py` starts two on loopback, gloo).

    python dist_worker.py SCENARIO OUT_DIR     (RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT set)

Writes `OUT_DIR/rank{RANK}.json` (and `.npz` for weights) with what the test checks:
- `train`: an MLP built from rank-dependent random weights, broadcast from rank 0, trained
  STEPS SGD-momentum steps on this rank's half of a fixed batch with `all_reduce_`; the final
  weights, and a checkpoint written with `et.save(..., rank=rank)`.
- `die`: rank 1 exits after its backward; rank 0's `all_reduce_` must raise DistributedError
  (torch's error as the cause) within the group's timeout, leaving parameters readable and the
  ledger as it was.
- `stall`: rank 1 stays alive but never joins the collective; rank 0 must raise
  DistributedError once the group's timeout (STALL_TIMEOUT_S) passes, not hang.
- `diverge`: after an all_reduce_ both ranks agreed on, rank 1 reduces one more gradient:
  both ranks must raise DistributedError (no crash), and the group works afterwards.
- `mismatch_shape` / `mismatch_count`: the ranks pass different parameters (equal element
  counts, or one more) to `broadcast_parameters` and their gradients to `all_reduce_`; each
  call must raise DistributedError on both ranks naming the difference, gradients unchanged.
"""

from __future__ import annotations

import datetime
import json
import os
import pathlib
import sys
import time

import numpy as np
import torch.distributed as dist

import eagertape as et

STEPS = 6
N, D, H, C = 16, 8, 16, 3
TIMEOUT_S = 30
STALL_TIMEOUT_S = 5


def batch() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    return rng.standard_normal((N, D)), rng.integers(0, C, N)


def mlp_params(seed: int) -> list[et.Parameter]:
    rng = np.random.default_rng(seed)
    shapes = {"w1": (H, D), "b1": (H,), "w2": (C, H), "b2": (C,)}
    return [
        et.Parameter(0.5 * rng.standard_normal(s), name=n, dtype="float64")
        for n, s in shapes.items()
    ]


def loss_of(sess: et.Session, params: list[et.Parameter], x: np.ndarray, y: np.ndarray):
    w1, b1, w2, b2 = (sess.use(p) for p in params)
    h = et.linear(sess.input(x), w1, b1).tanh()
    return et.cross_entropy(et.linear(h, w2, b2), sess.input(y))


def train(params, x, y, step_grads) -> None:
    """STEPS steps of SGD with momentum; `step_grads(grads)` runs between backward and step."""
    sess = et.Session(dtype="float64")
    opt = et.optim.SGD(params, lr=0.1, momentum=0.9)
    for _ in range(STEPS):
        grads = sess.backward(loss_of(sess, params, x, y))
        sess.reset_tape()
        step_grads(grads)
        opt.step(grads)
        grads.release()


def main() -> None:
    scenario, out = sys.argv[1], pathlib.Path(sys.argv[2])
    timeout = STALL_TIMEOUT_S if scenario == "stall" else TIMEOUT_S
    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=timeout))
    rank = dist.get_rank()
    result: dict = {"rank": rank}
    x, y = batch()
    try:
        if scenario == "train":
            params = mlp_params(seed=100 + rank)
            et.distributed.broadcast_parameters(params)
            result["broadcast_equal_to_rank0"] = all(
                np.array_equal(p.numpy(), q.numpy())
                for p, q in zip(params, mlp_params(seed=100), strict=True)
            )
            train(params, x[rank::2], y[rank::2], et.distributed.all_reduce_)
            np.savez(out / f"rank{rank}.npz", **{p.name: p.numpy() for p in params})
            result["wrote"] = et.save(out / "ckpt.safetensors", params, rank=rank)
        elif scenario in ("die", "stall"):
            params = mlp_params(seed=100)
            sess = et.Session(dtype="float64")
            grads = sess.backward(loss_of(sess, params, x[rank::2], y[rank::2]))
            if rank == 1 and scenario == "die":
                os._exit(3)  # a rank that dies mid-step
            if rank == 1:
                time.sleep(STALL_TIMEOUT_S + 10)  # alive, but never joins the all-reduce
                os._exit(0)
            sess.reset_tape()
            time.sleep(0.5)
            before = et.memory_stats()
            start = time.monotonic()
            try:
                et.distributed.all_reduce_(grads)
                result["raised"] = None
            except et.DistributedError as e:
                result["raised"] = type(e).__name__
                result["cause"] = type(e.__cause__).__name__ if e.__cause__ else None
                result["message"] = str(e)
            result["elapsed_s"] = time.monotonic() - start
            result["params_readable"] = all(np.isfinite(p.numpy()).all() for p in params)
            after = et.memory_stats()
            result["ledger_unchanged"] = (
                after["live_bytes"] == before["live_bytes"]
                and after["by_category"] == before["by_category"]
            )
            grads.release()
        elif scenario in ("mismatch_shape", "mismatch_count"):
            params = mlp_params(seed=100)
            if scenario == "mismatch_shape" and rank == 1:
                params[0] = et.Parameter(np.ones((D, H)), name="w1", dtype="float64")
            if scenario == "mismatch_count" and rank == 1:
                params.append(et.Parameter(np.ones(2), name="extra", dtype="float64"))
            for call in ("broadcast_parameters", "all_reduce_"):
                try:
                    if call == "broadcast_parameters":
                        et.distributed.broadcast_parameters(params)
                    else:
                        sess = et.Session(dtype="float64")
                        loss = sum((sess.use(p) ** 2).sum() for p in params)
                        grads = sess.backward(loss)
                        before = [g.numpy() for _, g in grads.items()]
                        try:
                            et.distributed.all_reduce_(grads)
                        finally:
                            after = [g.numpy() for _, g in grads.items()]
                            result["grads_unchanged"] = all(
                                np.array_equal(a, b) for a, b in zip(before, after, strict=True)
                            )
                            grads.release()
                    result[call] = None
                except et.DistributedError as e:
                    result[call] = str(e)
        elif scenario == "diverge":
            # A first step all ranks agree on, then rank 1 reduces other gradients (one more
            # parameter): the head of the second call is sized from the first call's layout,
            # so both ranks take part in it and find the disagreement.
            params = mlp_params(seed=100)
            sess = et.Session(dtype="float64")
            grads = sess.backward(loss_of(sess, params, x[rank::2], y[rank::2]))
            et.distributed.all_reduce_(grads)
            grads.release()
            if rank == 1:
                params.append(et.Parameter(np.ones(7), name="extra", dtype="float64"))
            sess.reset_tape()
            grads = sess.backward(sum((sess.use(p) ** 2).sum() for p in params))
            try:
                et.distributed.all_reduce_(grads)
                result["raised"] = None
            except et.DistributedError as e:
                result["raised"] = str(e)
            grads.release()
            # The group still works, and the next call starts from a fresh agreement.
            grads = sess.backward(sum((sess.use(p) ** 2).sum() for p in params[:4]))
            et.distributed.all_reduce_(grads)
            result["after"] = float(sum(g.numpy().sum() for _, g in grads.items()))
            grads.release()
        else:
            raise SystemExit(f"unknown scenario {scenario!r}")
    finally:
        (out / f"rank{rank}.json").write_text(json.dumps(result))
    if scenario in ("die", "stall"):
        os._exit(0)  # the group lost a member: no orderly teardown to wait for
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
