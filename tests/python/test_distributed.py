"""`eagertape.distributed` on torch.distributed (gloo, two processes on loopback, CPU).

Each test starts two ranks of `dist_worker.py` with one scenario and reads what they wrote:
- data parallelism is exact: both ranks end with bit-identical float64 weights, equal to one
  process training on the whole batch (1e-12), and only rank 0 writes the checkpoint;
- a rank that dies mid-step, or stalls past the group's timeout, makes the survivor raise
  `DistributedError` with torch's error as its cause (no hang), parameters readable, ledger
  unchanged;
- ranks that pass different parameters (even with equal element counts) all get a
  `DistributedError` naming the difference.
"""

from __future__ import annotations

import os
import pathlib
import sys

import dist_worker as worker
import numpy as np
import pytest
from conftest import free_port, start_ranks
from safetensors.numpy import load_file

pytestmark = pytest.mark.cpu_only  # gloo on the CPU: the CUDA path is NCCL's

WORKER = pathlib.Path(worker.__file__).resolve()


def run_ranks(scenario: str, out: pathlib.Path, timeout: float = 90) -> list[dict]:
    env = dict(os.environ, WORLD_SIZE="2", MASTER_ADDR="127.0.0.1", MASTER_PORT=str(free_port()))
    commands = [
        ([sys.executable, str(WORKER), scenario, str(out)], dict(env, RANK=str(r)))
        for r in range(2)
    ]
    results, log = start_ranks(commands, out, 2, timeout)
    assert results[0] is not None, f"rank 0 wrote nothing:\n{log[-3000:]}"
    return results


def test_two_ranks_train_exactly_like_one_process_on_the_whole_batch(tmp_path):
    r0, r1 = run_ranks("train", tmp_path)
    assert r0["broadcast_equal_to_rank0"] and r1["broadcast_equal_to_rank0"]
    w0, w1 = np.load(tmp_path / "rank0.npz"), np.load(tmp_path / "rank1.npz")
    # One process, the whole batch, rank 0's initial weights.
    params = worker.mlp_params(seed=100)
    initial = {p.name: p.numpy() for p in params}
    x, y = worker.batch()
    worker.train(params, x, y, lambda grads: None)
    for p in params:
        np.testing.assert_array_equal(w0[p.name], w1[p.name])  # bit-identical across ranks
        np.testing.assert_allclose(w0[p.name], p.numpy(), rtol=1e-12, atol=1e-12)
        assert np.abs(p.numpy() - initial[p.name]).max() > 1e-3  # it did train
    assert (r0["wrote"], r1["wrote"]) == (True, False)  # rank 0 writes the checkpoint
    saved = load_file(str(tmp_path / "ckpt.safetensors"))
    np.testing.assert_array_equal(saved["w1"], w0["w1"])


@pytest.mark.parametrize("scenario", ["die", "stall"])
def test_a_lost_rank_makes_the_survivor_raise_a_typed_error_without_hanging(tmp_path, scenario):
    r0, _ = run_ranks(scenario, tmp_path)
    assert r0["raised"] == "DistributedError", r0
    assert r0["cause"] is not None  # torch's own error, chained
    limit = worker.STALL_TIMEOUT_S if scenario == "stall" else worker.TIMEOUT_S
    assert r0["elapsed_s"] < limit + 10, r0
    assert r0["params_readable"] and r0["ledger_unchanged"], r0


@pytest.mark.parametrize(
    ("scenario", "expected"),
    [
        ("mismatch_shape", "w1 (16, 8) float64, rank 1 has w1 (8, 16) float64"),
        ("mismatch_count", "rank 1 has 5 tensors, rank 0 has 4"),
    ],
)
def test_ranks_with_different_parameters_all_raise(tmp_path, scenario, expected):
    r0, r1 = run_ranks(scenario, tmp_path)
    # broadcast_parameters compares the lists as given.
    assert r1["broadcast_parameters"] is not None
    assert expected in r0["broadcast_parameters"], r0["broadcast_parameters"]
    # all_reduce_ takes gradients in parameter-id order (rank 1 made its odd one last): it
    # finds the disagreement in its first, fixed-size collective, on both ranks.
    for r in (r0, r1):
        assert r["all_reduce_"] is not None and "ranks disagree" in r["all_reduce_"], r
        assert r["grads_unchanged"], r


def test_ranks_that_diverge_after_agreeing_all_raise_and_the_group_recovers(tmp_path):
    r0, r1 = run_ranks("diverge", tmp_path)
    for r in (r0, r1):
        assert r["raised"] is not None and "ranks disagree" in r["raised"], r
    assert "rank 1 has 5 tensors, rank 0 has 4" in r0["raised"]
    assert "rank 0 has 4 tensors, rank 1 has 5" in r1["raised"]
    assert r0["after"] == r1["after"]
