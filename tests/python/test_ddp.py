"""`et.nn.parallel.DistributedDataParallel` on torch.distributed (gloo, CPU), started with
torchrun as PyTorch users start DDP.

- Two "nodes" of two processes each (`torchrun --nnodes=2 --node_rank=k`, rendezvous on
  localhost) train with torch's loop, gradient accumulation under `no_sync()` included: every
  rank ends with bit-identical float64 weights, equal to one process training on the global
  batch (1e-12), and starts from rank 0's weights whatever its own.
- BatchNorm's buffers are rank 0's on every rank (broadcast each forward).
- A captured step (`et.capture`) replays the all-reduce and the broadcast: equal to the eager
  steps bit for bit on every rank.
- A rank that dies mid-step makes the survivor's `loss.backward()` raise `DistributedError`
  with torch's error as its cause, parameters readable.
"""

from __future__ import annotations

import os
import pathlib
import sys

import ddp_worker as worker
import numpy as np
import pytest
from conftest import free_port, start_ranks

pytestmark = pytest.mark.cpu_only  # gloo on the CPU: the CUDA path is NCCL's

WORKER = pathlib.Path(worker.__file__).resolve()


def torchrun(scenario: str, out: pathlib.Path, nodes: int, per_node: int, timeout: float = 150):
    """Start `nodes` torchrun launchers of `per_node` processes each; the ranks' results."""
    port = free_port()
    env = dict(os.environ, OMP_NUM_THREADS="1")
    commands = [
        (
            [
                sys.executable,
                "-m",
                "torch.distributed.run",
                f"--nnodes={nodes}",
                f"--nproc_per_node={per_node}",
                f"--node_rank={k}",
                "--master_addr=127.0.0.1",
                f"--master_port={port}",
                str(WORKER),
                scenario,
                str(out),
            ],  # fmt: skip
            env,
        )
        for k in range(nodes)
    ]
    return start_ranks(commands, out, nodes * per_node, timeout)


def spawn(scenario: str, out: pathlib.Path, world: int = 2, timeout: float = 90):
    """`world` ranks started directly (no torchrun: its agent would stop the survivors of a
    rank that dies, which the `die` scenario needs alive)."""
    env = dict(
        os.environ,
        WORLD_SIZE=str(world),
        MASTER_ADDR="127.0.0.1",
        MASTER_PORT=str(free_port()),
        OMP_NUM_THREADS="1",
    )
    commands = [
        ([sys.executable, str(WORKER), scenario, str(out)], dict(env, RANK=str(r)))
        for r in range(world)
    ]
    return start_ranks(commands, out, world, timeout)


def one_process_weights() -> dict[str, np.ndarray]:
    """The same training in this process on the global batch (no wrapper)."""
    net = worker.model(seed=100)
    x, y = worker.batch()
    half = worker.N // 2
    worker.train(net, [np.arange(0, half), np.arange(half, worker.N)], x, y)
    return {k: v.numpy() for k, v in net.state_dict().items()}


def test_two_nodes_of_two_processes_equal_one_process_on_the_global_batch(tmp_path):
    results, log = torchrun("train", tmp_path, nodes=2, per_node=2)
    assert all(r is not None for r in results), log[-3000:]
    assert [r["world"] for r in results] == [4] * 4
    assert all(r["broadcast"] for r in results), "every rank starts from rank 0's weights"
    assert results[0]["buckets"] > 1, "the tiny bucket cap splits the gradients"
    ranks = [dict(np.load(tmp_path / f"rank{r}.npz")) for r in range(4)]
    for other in ranks[1:]:
        for k, v in ranks[0].items():
            np.testing.assert_array_equal(other[k], v, err_msg=k)
    want = one_process_weights()
    assert want.keys() == ranks[0].keys()
    for k, v in want.items():
        np.testing.assert_allclose(ranks[0][k], v, rtol=1e-12, atol=1e-12, err_msg=k)


def test_batch_norm_buffers_are_rank_zeros_everywhere(tmp_path):
    results, log = spawn("buffers", tmp_path)
    assert all(r is not None for r in results), log[-3000:]
    a, b = (dict(np.load(tmp_path / f"rank{r}.npz")) for r in range(2))
    for k in a:
        np.testing.assert_array_equal(a[k], b[k], err_msg=k)
    assert "1.running_mean" in a and np.abs(a["1.running_mean"]).sum() > 0
    assert not results[0]["changed_by_sync"], "rank 0 keeps its own"
    assert results[1]["changed_by_sync"], "rank 1 takes rank 0's"


@pytest.mark.parametrize("scenario", ["capture", "capture-norm"])
def test_a_captured_step_replays_the_all_reduce_and_the_buffer_broadcast(scenario, tmp_path):
    # Each rank trains on its own rows: only the replayed all-reduce keeps the ranks'
    # weights equal, and only the replayed broadcast keeps BatchNorm's buffers rank 0's
    # before each forward, so the captured run equals the eager one bit for bit.
    results, log = spawn(scenario, tmp_path)
    assert all(r is not None for r in results), log
    runs = {
        (r, how): np.load(tmp_path / f"rank{r}-{how}.npz")
        for r in range(2)
        for how in ("eager", "captured")
    }
    eager0 = runs[(0, "eager")]
    for r in range(2):
        for k in eager0.files:
            np.testing.assert_array_equal(runs[(r, "captured")][k], runs[(r, "eager")][k], k)
    for k in eager0.files:
        if "running" not in k and "num_batches" not in k:
            # weights: averaged gradients make every rank's equal
            np.testing.assert_array_equal(runs[(1, "captured")][k], eager0[k], k)


def test_a_dead_rank_makes_backward_raise_distributed_error(tmp_path):
    results, log = spawn("die", tmp_path)
    r0 = results[0]
    assert r0 is not None, log[-3000:]
    assert r0["raised"] == "DistributedError", r0
    assert r0["cause"] is not None
    assert r0["params_readable"]
    assert r0["elapsed_s"] < worker.TIMEOUT_S + 15


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"dim": 1}, "dim must be 0"),
        ({"bucket_cap_mb": 0}, "bucket_cap_mb must be positive"),
        ({"bucket_cap_mb": "25"}, "bucket_cap_mb must be positive"),
        ({"no_such_option": True}, "unexpected arguments"),
    ],
)
def test_bad_arguments_are_refused_before_any_collective(kwargs, match):
    import eagertape as et

    with pytest.raises(et.ArgumentError, match=match):
        et.nn.parallel.DistributedDataParallel(worker.model(seed=0), **kwargs)


def test_a_module_is_required_and_a_group_too():
    import eagertape as et

    with pytest.raises(et.ArgumentError, match="wraps an et.nn.Module"):
        et.nn.parallel.DistributedDataParallel(lambda x: x)
    with pytest.raises(et.DistributedError, match="not initialized"):
        et.nn.parallel.DistributedDataParallel(worker.model(seed=0))


@pytest.fixture
def world_of_one():
    """A gloo group of this process alone (an average over one rank is the gradient)."""
    import torch.distributed as dist

    dist.init_process_group(
        "gloo", init_method=f"tcp://127.0.0.1:{free_port()}", rank=0, world_size=1
    )
    try:
        yield
    finally:
        dist.destroy_process_group()


def _grads(net) -> list:
    return [None if p.grad is None else p.grad.numpy().copy() for p in net.parameters()]


def _one_backward(net, x, y, sess) -> None:
    import eagertape as et

    loss = et.nn.functional.cross_entropy(net(sess.input(x)), sess.input(y))
    loss.backward()


def test_gradients_through_many_buckets_equal_the_unwrapped_backward(world_of_one):
    # One parameter per bucket (a cap of 40 bytes): each bucket is packed and reduced on
    # its own; two backwards without zero_grad accumulate, as in torch.
    import eagertape as et

    x, y = worker.batch()
    plain, wrapped = worker.model(seed=3), worker.model(seed=3)
    ddp = et.nn.parallel.DistributedDataParallel(wrapped, bucket_cap_mb=40 / 2**20)
    assert len(ddp._buckets) == len(list(wrapped.parameters()))
    with et.Session(dtype="float64") as sess:
        for _ in range(2):
            _one_backward(plain, x, y, sess)
            _one_backward(ddp, x, y, sess)
        for ours, ref in zip(_grads(wrapped), _grads(plain), strict=True):
            np.testing.assert_array_equal(ours, ref)


def test_find_unused_parameters_leaves_a_parameter_no_rank_used_without_gradient(
    world_of_one,
):
    # torch: DistributedDataParallel(m, find_unused_parameters=True) leaves p.grad None
    # for a parameter the forward never read; without the option eagertape gives it zeros.
    import eagertape as et

    class Branchy(et.nn.Module):
        def __init__(self):
            super().__init__()
            self.used = worker.model(seed=1)
            self.unused = et.nn.Linear(2, 2, dtype="float64")

        def forward(self, x):
            return self.used(x)

    x, y = worker.batch()
    for find_unused in (True, False):
        net = Branchy()
        ddp = et.nn.parallel.DistributedDataParallel(net, find_unused_parameters=find_unused)
        with et.Session(dtype="float64") as sess:
            _one_backward(ddp, x, y, sess)
            assert all(p.grad is not None for p in net.used.parameters())
            for p in net.unused.parameters():
                if find_unused:
                    assert p.grad is None
                else:
                    np.testing.assert_array_equal(p.grad.numpy(), np.zeros(p.shape))
