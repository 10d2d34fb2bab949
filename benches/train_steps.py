"""B14-B17: where users train. Each function returns compare.py's (ours, theirs, floor) for
one case, eagertape against PyTorch on the same data, the same initial weights and the same
thread settings.

- B14/<Optimizer>: one ``opt.step`` of every torch.optim optimizer eagertape has, over the
  parameters of pytorch/examples' MNIST CNN (1.2 M, float32), from a fixed gradient: the
  update alone (the eagertape side steps from one gradient map, the torch side from ``.grad``).
- B15-B17: whole training steps of real programs, float32 and float64, written once as
  PyTorch model files (``tests/python/same_source``: ``mnist.py``, ``resnet.py``, ``style.py``)
  and run unchanged on both runtimes, the eagertape side inside a session of the dtype:
  B15 the MNIST CNN with Adadelta (batch 64 of 28x28, dropout on), B16 the siamese ResNet-18
  of pytorch/examples (two towers, BCELoss, Adadelta; batch 16 pairs of 28x28), B17
  fast_neural_style's TransformerNet (InstanceNorm, reflection padding, nearest upsampling;
  Adam, pixel loss; batch 2 of 3x64x64).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import torch

import eagertape as et

SAME_SOURCE = Path(__file__).resolve().parent.parent / "tests" / "python" / "same_source"
if str(SAME_SOURCE) not in sys.path:
    sys.path.insert(0, str(SAME_SOURCE))
import loader  # noqa: E402  (tests/python/same_source: binds torch, nn, F per runtime)

# pytorch/examples' MNIST CNN: conv1, conv2, fc1, fc2 (weights and biases)
MNIST_SHAPES = [(32, 1, 3, 3), (32,), (64, 32, 3, 3), (64,), (128, 9216), (128,), (10, 128), (10,)]
OPTIMIZERS = {
    "SGD": {"lr": 0.01, "momentum": 0.9},
    "Adam": {},
    "AdamW": {},
    "Adadelta": {},
    "RMSprop": {},
    "Adagrad": {},
    "Adamax": {},
    "NAdam": {},
    "RAdam": {},
    "ASGD": {},
    "Rprop": {},
}


def optimizer_pair(name: str, device: str = "cpu"):
    """B14: one step of optimizer `name` over the MNIST CNN's parameters (eagertape's on the
    default device, which compare.py's ``--device`` sets; torch's on `device`)."""
    rng = np.random.default_rng(0)
    init = [rng.standard_normal(s).astype(np.float32) for s in MNIST_SHAPES]
    grads = [rng.standard_normal(s).astype(np.float32) for s in MNIST_SHAPES]
    params = [et.Parameter(a.copy()) for a in init]
    opt = getattr(et.optim, name)(params, **OPTIMIZERS[name])
    sess = et.Session(dtype="float32")
    with sess:
        loss = sum((sess.use(p) * sess.input(g)).sum() for p, g in zip(params, grads, strict=True))
        gmap = sess.backward(loss)
        sess.reset_tape()
    leaves = [torch.tensor(a, device=device, requires_grad=True) for a in init]
    for leaf, g in zip(leaves, grads, strict=True):
        leaf.grad = torch.tensor(g, device=device)
    topt = getattr(torch.optim, name)(leaves, **OPTIMIZERS[name])

    def ours():
        opt.step(gmap)

    def theirs():
        topt.step()

    return ours, theirs, None


def _program_pair(file: str, build, make_optimizer, step, batch, dtype: str, device: str):
    """A training step of model file `file` on both runtimes: `build(module)` (torch's after
    `manual_seed(0)`, eagertape's holding its weights), `step(module, model, optimizer,
    *tensors)` on `batch` (numpy arrays, floating ones cast to `dtype`, made into each
    runtime's tensors at every step, as a data loader hands them over)."""
    t_mod, e_mod = loader.load(file, "torch"), loader.load(file, "eagertape")
    cast = [a.astype(dtype) if a.dtype.kind == "f" else a for a in batch]
    torch.manual_seed(0)
    t_model = build(t_mod).to(device=device, dtype=getattr(torch, dtype))
    t_opt = make_optimizer(torch, t_model)
    sess = et.Session(dtype=dtype)
    with sess:
        e_model = build(e_mod).to(getattr(et, dtype))
        e_model.load_state_dict(t_model.state_dict())
        e_opt = make_optimizer(et, e_model)

    def ours():
        with sess:
            step(e_mod, e_model, e_opt, *(et.tensor(a) for a in cast))

    def theirs():
        step(t_mod, t_model, t_opt, *(torch.tensor(a, device=device) for a in cast))

    return ours, theirs, None


def _mnist_step(mod, model, optimizer, data, target):
    mod.train(model, optimizer, [(data, target)])


def b15_pair(dtype: str, device: str = "cpu"):
    """B15: pytorch/examples' MNIST CNN step (Adadelta, lr 1.0), batch 64 of 1x28x28."""
    rng = np.random.default_rng(15)
    batch = (rng.standard_normal((64, 1, 28, 28)), rng.integers(0, 10, 64))
    return _program_pair(
        "mnist",
        lambda m: m.Net(),
        lambda t, model: t.optim.Adadelta(model.parameters(), lr=1.0),
        _mnist_step,
        batch,
        dtype,
        device,
    )


def b16_pair(dtype: str, device: str = "cpu"):
    """B16: the siamese ResNet-18 step (BCELoss, Adadelta), batch 16 pairs of 1x28x28."""
    rng = np.random.default_rng(16)
    batch = (
        rng.standard_normal((16, 1, 28, 28)),
        rng.standard_normal((16, 1, 28, 28)),
        rng.integers(0, 2, 16).astype(np.float64),
    )
    return _program_pair(
        "resnet",
        lambda m: m.SiameseNetwork(),
        lambda t, model: t.optim.Adadelta(model.parameters(), lr=1.0),
        lambda mod, *args: mod.siamese_step(*args),
        batch,
        dtype,
        device,
    )


def b17_pair(dtype: str, device: str = "cpu"):
    """B17: fast_neural_style's TransformerNet step (Adam, pixel loss), batch 2 of 3x64x64."""
    rng = np.random.default_rng(17)
    batch = (rng.standard_normal((2, 3, 64, 64)), rng.standard_normal((2, 3, 64, 64)))
    return _program_pair(
        "style",
        lambda m: m.TransformerNet(),
        lambda t, model: t.optim.Adam(model.parameters(), lr=1e-3),
        lambda mod, *args: mod.train_step(*args),
        batch,
        dtype,
        device,
    )


def cases(quick: bool, device: str = "cpu") -> list:
    """compare.py's rows: (name, pair, iterations per timing, rounds factor)."""
    rows = [
        (
            f"B14/{name} optimizer step, 1.2 M float32 parameters",
            optimizer_pair(name, device),
            20,
            1,
        )
        for name in OPTIMIZERS
    ]
    dtypes = ["float32"] if quick else ["float32", "float64"]
    for dtype in dtypes:
        bits = dtype[-2:]
        rows += [
            (f"B15/f{bits} MNIST CNN step (Adadelta), batch 64", b15_pair(dtype, device), 5, 1),
            (
                f"B16/f{bits} siamese ResNet-18 step (Adadelta), batch 16",
                b16_pair(dtype, device),
                2,
                1,
            ),
            (
                f"B17/f{bits} fast_neural_style step (Adam), batch 2 of 64x64",
                b17_pair(dtype, device),
                2,
                1,
            ),
        ]
    return rows
