"""Typed user code, as a PyTorch user writes it: this file runs under pytest and is checked
by `mypy --strict` and pyright (strict) in `make typecheck`, so the stubs cannot drift from
what typed code needs: `item()` is a number, `numpy()` an array, a module call has its
`forward`'s type, and interval bounds have their own read (`bounds()`)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

import eagertape as et
from eagertape import nn
from eagertape.nn import functional as F


class TwoLayer(nn.Module):
    """A torch-style model: `forward(self, x)`, run in the current session."""

    def __init__(self) -> None:
        super().__init__()
        self.fc1 = nn.Linear(4, 8, seed=0)
        self.fc2 = nn.Linear(8, 3, seed=1)

    def forward(self, x: et.Tensor) -> et.Tensor:
        hidden: et.Tensor = F.relu(self.fc1(x))
        return self.fc2(hidden)


class Explicit(nn.Module):
    """An explicit-API model: `forward(self, sess, x)`."""

    def __init__(self) -> None:
        super().__init__()
        self.fc = nn.Linear(4, 3, seed=0)

    def forward(self, sess: et.Session, x: et.Tensor) -> et.Tensor:
        return self.fc(sess, x)


def train_step(model: TwoLayer, opt: et.optim.Optimizer, x: et.Tensor, y: et.Tensor) -> float:
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    value: float = loss.item()
    return value


def test_a_typed_training_step_returns_a_float_loss() -> None:
    rng = np.random.default_rng(0)
    model = TwoLayer()
    opt = et.optim.SGD(model.parameters(), lr=0.1)
    with et.Session():
        x = et.tensor(rng.standard_normal((5, 4)).astype(np.float32))
        y = et.tensor(np.array([0, 1, 2, 0, 1]))
        first = train_step(model, opt, x, y)
        assert isinstance(first, float) and np.isfinite(first)


def test_a_module_call_has_its_forwards_type_in_both_forms() -> None:
    model = Explicit()
    with et.Session() as sess:
        x = et.ones(2, 4)
        implicit: et.Tensor = model(x)
        explicit: et.Tensor = model(sess, x)
        assert implicit.shape == explicit.shape == (2, 3)


def test_numpy_is_an_array_and_item_a_number() -> None:
    with et.Session():
        t = et.arange(6, dtype=et.float32).reshape(2, 3)
        array: npt.NDArray[np.float32] = t.numpy()
        total: float = t.sum().item()
        count: int = int((t > 2).sum().item())
        assert array.shape == (2, 3) and total == 15.0 and count == 3


def test_interval_bounds_are_a_pair_of_arrays() -> None:
    with et.Session(dtype="interval"):
        x = et.tensor(et.interval(np.array([-1.0, 1.0]), np.array([2.0, 3.0])))
        lo, hi = (x**2).bounds()
        low: npt.NDArray[np.float64] = lo
        assert low.tolist() == [0.0, 1.0] and hi.tolist() == [4.0, 9.0]


def test_gradients_are_read_from_a_grad_map() -> None:
    w = et.Parameter(np.ones((2, 2), np.float32))
    with et.Session() as sess:
        loss = (sess.use(w) * 3.0).sum()
        with sess.backward(loss) as grads:
            g: npt.NDArray[np.float32] = grads[w].numpy()
            assert g.tolist() == [[3.0, 3.0], [3.0, 3.0]]
