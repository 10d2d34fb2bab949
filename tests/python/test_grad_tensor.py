"""`p.grad` and `t.grad` are tensors, as torch's: arithmetic and reductions read them, and
in-place methods on them write the gradient store (torch writes the gradient's own storage).
Each behaviour beside torch's answer for the same program."""

import numpy as np
import pytest
import torch

import eagertape as et

W = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
X = np.array([[1.0, 2.0, -1.0], [0.5, -0.5, 3.0], [2.0, 1.0, 0.0], [-1.0, 0.0, 1.0]])


@pytest.fixture(autouse=True)
def float64_session():
    """Every test runs in a float64 session (its gradient store holds `p.grad`)."""
    with et.Session(dtype="float64") as sess:
        yield sess


def pair():
    """One linear layer in each library, the same weights, one backward done."""
    m = et.nn.Linear(3, 2, dtype="float64")
    tm = torch.nn.Linear(3, 2, dtype=torch.float64)
    with torch.no_grad():
        tm.weight.copy_(torch.tensor(W))
        tm.bias.zero_()
    m.load_state_dict(tm.state_dict())
    (m(et.tensor(X)) ** 2).sum().backward()
    (tm(torch.tensor(X)) ** 2).sum().backward()
    return m, tm


def test_p_grad_is_a_tensor_with_torchs_value():
    m, tm = pair()
    g = m.weight.grad
    assert isinstance(g, et.Tensor) and not g.requires_grad
    np.testing.assert_allclose(g.numpy(), tm.weight.grad.numpy(), rtol=1e-15)
    assert g.shape == tuple(tm.weight.grad.shape) and g.dtype == "float64"


def test_p_grad_reductions_and_arithmetic_as_torch():
    m, tm = pair()
    got = [m.weight.grad.norm().item(), (m.weight.grad * 2 + 1).sum().item()]
    want = [tm.weight.grad.norm().item(), (tm.weight.grad * 2 + 1).sum().item()]
    np.testing.assert_allclose(got, want, rtol=1e-14)


def test_a_manual_sgd_step_through_p_data_and_p_grad_as_torch():
    m, tm = pair()
    with et.no_grad():
        m.weight.data.add_(-0.1 * m.weight.grad)
    with torch.no_grad():
        tm.weight.data.add_(-0.1 * tm.weight.grad)
    np.testing.assert_allclose(m.weight.numpy(), tm.weight.detach().numpy(), rtol=1e-15)


def test_an_in_place_method_on_p_grad_writes_the_gradient():
    m, tm = pair()
    m.weight.grad.mul_(0.5)
    tm.weight.grad.mul_(0.5)
    np.testing.assert_allclose(m.weight.grad.numpy(), tm.weight.grad.numpy(), rtol=1e-15)
    opt = et.optim.SGD(m.parameters(), lr=1.0)
    topt = torch.optim.SGD(tm.parameters(), lr=1.0)
    opt.step()
    topt.step()  # the optimizer reads the halved gradient in both
    np.testing.assert_allclose(m.weight.numpy(), tm.weight.detach().numpy(), rtol=1e-15)


def test_zero_on_p_grad_zeroes_the_stored_gradient():
    m, _ = pair()
    m.weight.grad.zero_()
    assert not m.weight.grad.numpy().any()
    assert m.bias.grad.numpy().any()  # only that parameter's


def test_p_grad_is_none_before_a_backward_and_after_zero_grad():
    m = et.nn.Linear(3, 2, dtype="float64")
    assert m.weight.grad is None
    m(et.ones(1, 3)).sum().backward()
    assert m.weight.grad is not None
    m.zero_grad()
    assert m.weight.grad is None


def test_a_grad_read_before_another_backward_keeps_its_value():
    # the documented difference: torch's p.grad is one tensor accumulated in place
    m, _ = pair()
    before = m.weight.grad.numpy().copy()
    g = m.weight.grad
    (m(et.tensor(X)) ** 2).sum().backward()
    np.testing.assert_array_equal(g.numpy(), before)
    np.testing.assert_allclose(m.weight.grad.numpy(), 2 * before, rtol=1e-15)


def test_the_tutorial_loop_on_leaf_tensors_trains_as_torch():
    # "What is torch.nn really?": weights made with requires_grad_(), updated under no_grad,
    # their gradients zeroed through w.grad.zero_()
    rng = np.random.default_rng(0)
    x, y = rng.standard_normal((16, 3)), rng.standard_normal((16, 1))
    w0 = rng.standard_normal((3, 1)) / 3
    losses = {}
    for lib in (et, torch):
        with lib.no_grad():
            w = lib.tensor(w0, dtype=lib.float64) * 1.0
        w.requires_grad_()
        b = lib.zeros(1, dtype=lib.float64, requires_grad=True)
        xs, ys = lib.tensor(x, dtype=lib.float64), lib.tensor(y, dtype=lib.float64)
        run = []
        for _ in range(20):
            loss = ((xs @ w + b - ys) ** 2).mean()
            loss.backward()
            with lib.no_grad():
                w -= w.grad * 0.1
                b -= b.grad * 0.1
                w.grad.zero_()
                b.grad.zero_()
            run.append(loss.item())
        assert w.is_leaf and w.requires_grad
        losses[lib.__name__] = run
    np.testing.assert_allclose(losses["eagertape"], losses["torch"], rtol=1e-12)


def test_t_grad_is_a_tensor_and_zero_writes_it():
    x = et.tensor([1.0, -2.0], requires_grad=True)
    (x * x).sum().backward()
    assert isinstance(x.grad, et.Tensor)
    assert x.grad.tolist() == [2.0, -4.0]
    x.grad.zero_()
    assert x.grad.tolist() == [0.0, 0.0]


def test_reading_p_grad_leaves_the_ledger_flat_over_steps():
    m = et.nn.Linear(3, 2, dtype="float64")
    opt = et.optim.SGD(m.parameters(), lr=0.1)
    marks = []
    for _ in range(6):
        opt.zero_grad()
        m(et.ones(4, 3)).sum().backward()
        total = sum(p.grad.norm() for p in m.parameters())
        float(total)
        opt.step()
        marks.append(et.memory_stats()["live_bytes"])
    assert len(set(marks[2:])) == 1, marks


def test_a_second_name_of_the_same_grad_refuses_an_in_place_write():
    m, _ = pair()
    g = m.weight.grad
    with pytest.raises(et.ArgumentError, match="shares its storage"):
        m.weight.grad.mul_(2.0)
    np.testing.assert_array_equal(m.weight.grad.numpy(), g.numpy())
