"""The default session: with no session entered, every call runs in the thread's default
session, as a torch script runs (no `with` block); its tensors enter another session's calls
as data, as numpy arrays do. Each test names the torch computation it stands beside."""

import threading

import numpy as np
import pytest
import torch

import eagertape as et
import eagertape.nn.functional as F
from eagertape import nn

RNG = np.random.default_rng(0)
X = RNG.standard_normal((16, 8)).astype(np.float32)
Y = RNG.integers(0, 3, 16)


def _torch_twin(model: nn.Module) -> torch.nn.Module:
    twin = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.Tanh(), torch.nn.Linear(16, 3))
    with torch.no_grad():
        for p, q in zip(model.parameters(), twin.parameters(), strict=True):
            q.copy_(torch.from_numpy(p.numpy()))
    return twin


def test_a_script_without_a_with_block_trains_like_torch():
    et.manual_seed(0)
    model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 3))
    twin = _torch_twin(model)
    opt = et.optim.SGD(model.parameters(), lr=0.1)
    topt = torch.optim.SGD(twin.parameters(), lr=0.1)
    x, y = et.tensor(X), et.tensor(Y)
    tx, ty = torch.from_numpy(X), torch.from_numpy(Y)
    for _ in range(5):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        topt.zero_grad()
        tloss = torch.nn.functional.cross_entropy(twin(tx), ty)
        tloss.backward()
        topt.step()
        assert loss.item() == pytest.approx(tloss.item(), rel=1e-5)
    for p, q in zip(model.parameters(), twin.parameters(), strict=True):
        np.testing.assert_allclose(p.numpy(), q.detach().numpy(), rtol=1e-5, atol=1e-6)


def test_the_loss_and_the_gradients_stay_readable_after_the_loop():
    # torch: `loss.item()` and `p.grad` after the loop read the last step's values.
    model = nn.Linear(8, 3)
    for _ in range(3):
        model.zero_grad()
        loss = model(et.tensor(X)).square().mean()
        loss.backward()
    w = torch.from_numpy(model.weight.numpy()).requires_grad_()
    b = torch.from_numpy(model.bias.numpy()).requires_grad_()
    expected = torch.nn.functional.linear(torch.from_numpy(X), w, b).square().mean()
    expected.backward()
    assert loss.item() == pytest.approx(expected.item(), rel=1e-6)
    np.testing.assert_allclose(model.weight.grad.numpy(), w.grad.numpy(), rtol=1e-5, atol=1e-7)


def test_memory_stays_flat_over_many_steps_without_a_with_block():
    model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 3))
    opt = et.optim.Adam(model.parameters(), lr=1e-3)
    x, y = et.tensor(X), et.tensor(Y)
    live = []
    for step in range(300):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        if step in (99, 299):
            live.append((et.memory_stats()["live_bytes"], et.current_session().tape_len))
    assert live[1] == live[0]


def test_inference_without_backward_does_not_grow_the_tape():
    # No backward ever closes these graphs: the default session compacts as it grows.
    model = nn.Linear(8, 3)
    lengths = []
    for step in range(2000):
        out = model(et.tensor(X)).relu().sum()
        if step in (999, 1999):
            lengths.append(et.current_session().tape_len)
    assert out.item() >= 0.0
    assert lengths[1] <= lengths[0] + 64


def test_current_session_is_the_default_one_until_a_session_is_entered():
    default = et.current_session()
    assert et.current_session().id == default.id
    with et.Session(dtype="float64") as sess:
        assert et.current_session().id == sess.id
    assert et.current_session().id == default.id
    assert et.zeros(2)._session.id == default.id


def test_leaving_a_with_block_of_the_default_session_keeps_its_tensors():
    x = et.ones(3)
    with et.current_session():
        y = x * 2.0
    assert y.tolist() == [2.0, 2.0, 2.0]
    assert x.tolist() == [1.0, 1.0, 1.0]


def test_a_parameter_detaches_anywhere():
    # torch: `p.detach()` needs no session.
    p = nn.Parameter(et.tensor([1.0, 2.0]))
    d = p.detach()
    assert d.tolist() == [1.0, 2.0]
    assert not d.requires_grad


def test_parameters_as_dict_keys_compare_by_identity():
    model = nn.Linear(2, 2)
    state = {p: i for i, p in enumerate(model.parameters())}
    assert [state[p] for p in model.parameters()] == [0, 1]
    p = model.weight
    assert (p == 0.0).shape == (2, 2)  # torch: elementwise against a number


def test_a_module_level_tensor_enters_an_entered_sessions_model_as_data():
    # The same step with the input made in the session: the same loss and update.
    x_default, y = et.tensor(X.astype(np.float64)), Y
    results = []
    for make_input in (lambda sess: x_default, lambda sess: sess.input(X.astype(np.float64))):
        et.manual_seed(1)
        model = nn.Linear(8, 3, dtype="float64")
        opt = et.optim.SGD(model.parameters(), lr=0.5)
        with et.Session(dtype="float64") as sess:
            loss = F.cross_entropy(model(make_input(sess)), y)
            loss.backward()
            opt.step()
            results.append((loss.item(), model.weight.numpy().copy()))
    assert results[0][0] == results[1][0]
    np.testing.assert_array_equal(results[0][1], results[1][1])


@pytest.mark.parametrize("order", ["default_first", "session_first"])
def test_a_default_tensor_meets_a_session_tensor_in_the_sessions_call(order):
    x_default = et.tensor([1.0, 2.0, 3.0])
    with et.Session(dtype="float64") as sess:
        w = sess.input(np.array([0.5, 0.5, 0.5]), requires_grad=True)
        out = (x_default * w if order == "default_first" else w * x_default).sum()
        assert out._session.id == sess.id
        assert out.item() == 3.0
        out.backward()
        assert w.grad.numpy().tolist() == [1.0, 2.0, 3.0]  # torch: d(x·w)/dw = x


def test_default_index_data_enters_another_session_as_indices():
    idx = et.tensor([2, 0])
    with et.Session(dtype="float64") as sess:
        src = sess.input(np.array([10.0, 20.0, 30.0]))
        picked = et.index_select(src, 0, idx)
        assert picked.tolist() == [30.0, 10.0]
        assert picked._session.id == sess.id


def test_each_thread_has_its_own_default_session():
    ids = {}

    def work(name):
        ids[name] = et.zeros(1)._session.id

    threads = [threading.Thread(target=work, args=(n,)) for n in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert ids["a"] != ids["b"]
    assert et.current_session().id not in ids.values()


def test_manual_seed_repeats_the_default_sessions_draws():
    # torch: after `torch.manual_seed(s)`, `torch.randn(4)` gives the same numbers each time,
    # whatever was built or drawn before
    et.manual_seed(5)
    a = et.randn(4).tolist()
    nn.Linear(3, 3)  # an initialisation draws from the process-wide generator
    et.rand(2)
    et.manual_seed(5)
    assert et.randn(4).tolist() == a
    et.manual_seed(6)
    assert et.randn(4).tolist() != a


@pytest.fixture
def float64_default():
    """`set_default_dtype(float64)` for one test, in both libraries, restored after."""
    et.set_default_dtype(et.float64)
    torch.set_default_dtype(torch.float64)
    try:
        yield
    finally:
        et.set_default_dtype(et.float32)
        torch.set_default_dtype(torch.float32)


def test_get_default_dtype_is_float32_until_set_as_torchs():
    assert et.get_default_dtype() == et.float32
    assert str(torch.get_default_dtype()) == "torch.float32"


def test_set_default_dtype_makes_the_default_session_and_modules_float64(float64_default):
    assert et.get_default_dtype() == et.float64 == "float64"
    t = torch.tensor([1.5])
    x = et.tensor([1.5])
    assert (x.dtype, et.ones(2).dtype) == ("float64", "float64") == (str(t.dtype)[6:],) * 2
    m, tm = nn.Linear(3, 2), torch.nn.Linear(3, 2)
    assert m.weight.dtype == str(tm.weight.dtype)[6:] == "float64"
    m.load_state_dict(tm.state_dict())
    data = np.arange(6.0).reshape(2, 3) / 7
    out, tout = m(et.tensor(data)), tm(torch.tensor(data))
    assert out.dtype == "float64"
    np.testing.assert_allclose(out.numpy(), tout.detach().numpy(), rtol=1e-15)


def test_a_session_made_with_a_dtype_keeps_it_after_set_default_dtype(float64_default):
    with et.Session(dtype="float32"):
        assert et.tensor([1.5]).dtype == "float32"


def test_set_default_dtype_refuses_an_integer_dtype_as_torch():
    with pytest.raises(TypeError, match="floating-point"):
        et.set_default_dtype(et.int64)
    with pytest.raises(TypeError):
        torch.set_default_dtype(torch.int64)
    assert et.get_default_dtype() == et.float32


def test_a_float64_model_runs_in_the_float32_default_session_as_torch():
    # torch: `model.double()` and float64 input in a float32 program
    tm = torch.nn.Linear(3, 1).double()
    m = nn.Linear(3, 1).double()
    m.load_state_dict(tm.state_dict())
    data = np.ones((2, 3))
    out = m(et.tensor(data, dtype=et.float64))
    assert out.dtype == "float64"
    np.testing.assert_allclose(out.numpy(), tm(torch.tensor(data)).detach().numpy(), rtol=1e-15)


def test_a_dropped_leafs_gradient_goes_with_it_in_the_default_session():
    def step():
        w = et.tensor([1.0, 2.0, 3.0], requires_grad=True)
        (w * 2).sum().backward()
        return w.grad.tolist()

    before = et.memory_stats()["by_category"]["grad"]
    assert step() == [2.0, 2.0, 2.0]
    et._core._collect_default_session()  # what the next compaction does
    assert et.memory_stats()["by_category"]["grad"] == before


def test_normal_of_a_default_tensor_and_a_session_tensor_runs_in_the_session():
    outside = et.tensor([1.0, 2.0, 3.0])  # the default session's
    with et.Session(dtype="float64", seed=4) as sess:
        inside = et.zeros(3)
        draw = et.normal(outside, inside)  # enters the session as data
        assert draw._session.id == sess.id
        assert draw.tolist() == [1.0, 2.0, 3.0]  # zero std: the mean itself
        assert et.normal(inside, outside)._session.id == sess.id
