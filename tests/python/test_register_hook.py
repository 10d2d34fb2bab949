"""``Parameter.register_hook``: torch's gradient hooks of a leaf, side by side with torch —
a hook sees each backward's gradient and may replace it before it reaches ``p.grad``, hooks
run in order, ``remove()`` ends one, and a hook that raises or returns the wrong thing leaves
``p.grad`` as it was."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

X = np.random.default_rng(4).standard_normal((5, 3))


@pytest.fixture(autouse=True)
def _session():
    with et.Session(dtype="float64") as sess:
        yield sess


def _pair():
    """An eagertape and a torch Linear with the same float64 weights."""
    mine = et.nn.Linear(3, 2, dtype=et.float64)
    theirs = torch.nn.Linear(3, 2, dtype=torch.float64)
    with torch.no_grad():
        theirs.weight.copy_(torch.tensor(mine.weight.numpy()))
        theirs.bias.copy_(torch.tensor(mine.bias.numpy()))
    return mine, theirs


def _step(mine, theirs):
    """One backward of each (eagertape's in the session entered: `p.grad` is its store's)."""
    mine(et.tensor(X)).pow(2).sum().backward()
    theirs(torch.tensor(X)).pow(2).sum().backward()


def test_a_hook_replaces_each_backwards_gradient_as_torchs():
    mine, theirs = _pair()
    mine.weight.register_hook(lambda g: g.clamp(-0.5, 0.5) * 3.0)
    theirs.weight.register_hook(lambda g: g.clamp(-0.5, 0.5) * 3.0)
    _step(mine, theirs)
    _step(mine, theirs)  # the second backward's hooked gradient is added to the first's
    np.testing.assert_allclose(mine.weight.grad.numpy(), theirs.weight.grad.numpy(), rtol=1e-12)
    np.testing.assert_allclose(mine.bias.grad.numpy(), theirs.bias.grad.numpy(), rtol=1e-12)


def test_hooks_run_in_order_and_one_returning_none_only_observes():
    mine, theirs = _pair()
    seen, seen_torch = [], []
    for m, log in ((mine, seen), (theirs, seen_torch)):
        m.bias.register_hook(lambda g, log=log: log.append(g.detach().numpy().copy()))
        m.bias.register_hook(lambda g: g + 1.0)
        m.bias.register_hook(lambda g, log=log: log.append(g.detach().numpy().copy()))
    _step(mine, theirs)
    assert len(seen) == len(seen_torch) == 2
    for a, b in zip(seen, seen_torch, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-12)
    np.testing.assert_allclose(mine.bias.grad.numpy(), theirs.bias.grad.numpy(), rtol=1e-12)


def test_remove_and_a_with_block_end_a_hook():
    mine, theirs = _pair()
    handle = mine.weight.register_hook(lambda g: g * 0.0)
    handle.remove()
    handle.remove()  # (a second removal does nothing, as torch's)
    with mine.bias.register_hook(lambda g: g * 0.0):
        pass
    _step(mine, theirs)
    np.testing.assert_allclose(mine.weight.grad.numpy(), theirs.weight.grad.numpy(), rtol=1e-12)
    np.testing.assert_allclose(mine.bias.grad.numpy(), theirs.bias.grad.numpy(), rtol=1e-12)


def test_a_hook_may_use_other_tensors_of_the_session():
    mine, theirs = _pair()
    scale = et.tensor([[2.0, 1.0, 0.5], [1.0, 1.0, 1.0]])
    mine.weight.register_hook(lambda g: g * scale)
    mine(et.tensor(X)).pow(2).sum().backward()
    hooked = mine.weight.grad.numpy()
    theirs.weight.register_hook(lambda g: g * torch.tensor([[2.0, 1.0, 0.5], [1.0, 1.0, 1.0]]))
    theirs(torch.tensor(X)).pow(2).sum().backward()
    np.testing.assert_allclose(hooked, theirs.weight.grad.numpy(), rtol=1e-12)


@pytest.mark.parametrize(
    ("hook", "error"),
    [
        (lambda g: (_ for _ in ()).throw(ValueError("boom")), ValueError),
        (lambda g: g.sum(), et.GradError),
        (lambda g: "not a tensor", TypeError),
    ],
    ids=["raises", "wrong_shape", "wrong_type"],
)
def test_a_failing_hook_leaves_p_grad_as_it_was(hook, error):
    mine, theirs = _pair()
    _step(mine, theirs)
    before = mine.weight.grad.numpy().copy()
    handle = mine.weight.register_hook(hook)
    with pytest.raises(error):
        mine(et.tensor(X)).pow(2).sum().backward()
    handle.remove()
    np.testing.assert_array_equal(mine.weight.grad.numpy(), before)


def test_what_cannot_be_hooked_is_refused():
    frozen = et.nn.Parameter(et.tensor([1.0]), requires_grad=False)
    with pytest.raises(et.GradError):
        frozen.register_hook(lambda g: g)
    with pytest.raises(RuntimeError):
        torch.nn.Parameter(torch.ones(1), requires_grad=False).register_hook(lambda g: g)
    p = et.nn.Parameter(et.tensor([1.0]))
    with pytest.raises(TypeError):
        p.register_hook(3)
    with pytest.raises(et.UnsupportedOpError, match="retain_grad"):
        (et.ones(2, requires_grad=True) * 2.0).register_hook(lambda g: g)
