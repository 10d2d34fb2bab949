"""PyTorch code as written (docs/coming-from-pytorch.md): the current session, Parameters as
tensors, torch's training loop (``loss.backward()``, ``p.grad``, ``zero_grad``,
``opt.step()``), grad modes, in-place methods, torch's namespace, and the lifetimes of
docs/design.md's "Lifetimes in the torch-style API" — each checked against PyTorch where
PyTorch computes the same thing."""

from __future__ import annotations

import gc
import resource

import numpy as np
import pytest
import torch
from conftest import DEVICE

import eagertape as et
import eagertape.nn as nn
import eagertape.nn.functional as F

RNG = np.random.default_rng(0)


def ledger() -> dict:
    s = et.memory_stats()
    return {"live": s["live_bytes"], **s["by_category"], "cached": s["cached_bytes"]}


# --- the current session -----------------------------------------------------------------


def test_with_makes_the_session_current_and_nesting_restores_the_outer_one():
    a, b = et.Session(dtype="float64"), et.Session(dtype="float64")
    with a:
        assert et.current_session() is a
        with b:
            assert et.current_session() is b
        assert et.current_session() is a
    # none entered: the thread's default session, neither of them
    assert et.current_session().id not in (a.id, b.id)


def test_a_module_called_outside_a_session_runs_in_the_default_session():
    # torch: `lin(x)` needs no session; here the thread's default one (float32)
    lin = nn.Linear(3, 2)
    y = lin(et.ones(4, 3))
    assert y.shape == (4, 2) and y.requires_grad
    assert y.session_id == et.current_session().id


def test_a_numpy_array_given_to_a_module_says_to_convert_it():
    lin = nn.Linear(3, 2, dtype="float64")
    with et.Session(dtype="float64"), pytest.raises(TypeError, match=r"et\.tensor\(x\)"):
        lin(np.ones((4, 3)))


def test_a_module_written_torch_style_also_runs_as_module_sess_x():
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 2, dtype="float64")

        def forward(self, x):
            return self.fc(x).relu()

    net, sess = Net(), et.Session(dtype="float64")
    y = net(sess, sess.input(np.ones((1, 3))))
    assert y.shape == (1, 2)
    assert et.current_session().id != sess.id  # model(sess, x) made it current for the call


# --- parameters are tensors --------------------------------------------------------------


def test_a_parameter_used_directly_trains():
    # The bug this replaces: F.layer_norm(x, w.shape, w, b) read w as a constant, silently.
    w = et.Parameter(np.ones(4), name="w")
    b = et.Parameter(np.zeros(4), name="b")
    opt = et.optim.SGD([w, b], lr=0.1)
    x = RNG.standard_normal((3, 4))
    with et.Session(dtype="float64"):
        for _ in range(5):
            opt.zero_grad()
            loss = (F.layer_norm(et.tensor(x), w.shape, w, b) * et.tensor(x)).sum()
            loss.backward()
            opt.step()
    assert w.version == 5 and b.version == 5
    # torch: the same five steps
    tw = torch.ones(4, dtype=torch.float64, requires_grad=True)
    tb = torch.zeros(4, dtype=torch.float64, requires_grad=True)
    topt = torch.optim.SGD([tw, tb], lr=0.1)
    for _ in range(5):
        topt.zero_grad()
        tx = torch.tensor(x)
        (torch.nn.functional.layer_norm(tx, (4,), tw, tb) * tx).sum().backward()
        topt.step()
    np.testing.assert_allclose(w.numpy(), tw.detach().numpy(), rtol=1e-12)
    np.testing.assert_allclose(b.numpy(), tb.detach().numpy(), rtol=1e-12)


def test_a_tied_weight_used_twice_gets_the_sum_of_both_gradients():
    w0 = RNG.standard_normal((3, 3))
    w = et.Parameter(w0)
    with et.Session(dtype="float64"):
        x = et.tensor(np.ones((2, 3)))
        (x @ w.T @ w).sum().backward()
        g = w.grad.numpy()
    tw = torch.tensor(w0, requires_grad=True)
    (torch.ones(2, 3, dtype=torch.float64) @ tw.T @ tw).sum().backward()
    np.testing.assert_allclose(g, tw.grad.numpy(), rtol=1e-12)


def test_parameter_methods_and_indexing_read_the_current_session():
    w = et.Parameter(np.arange(6.0).reshape(2, 3))
    assert (w.dim(), w.numel(), w.size(), w.size(-1), w.ndim) == (2, 6, (2, 3), 3, 2)
    assert isinstance(w, et.Tensor) and next(iter([w])) is w
    with et.Session(dtype="float64"):
        np.testing.assert_array_equal(w[:, 0].numpy(), [0.0, 3.0])
        np.testing.assert_array_equal(w.T.numpy(), np.arange(6.0).reshape(2, 3).T)
        np.testing.assert_array_equal((w * 2).numpy(), np.arange(6.0).reshape(2, 3) * 2)


def test_a_parameter_in_an_op_outside_a_session_is_a_leaf_of_the_default_session():
    w = et.Parameter(np.ones((2, 3), np.float32))
    y = w * 2.0  # torch: a tensor that requires grad, not a constant
    assert y.requires_grad and y.session_id == et.current_session().id
    # beside a tensor it is read in that tensor's session: a leaf there, trained
    w64 = et.Parameter(np.ones((2, 3)))
    sess = et.Session(dtype="float64")
    x = sess.input(np.ones((2, 3)))
    before = sess.tape_len
    y = et.linear(x, w64)
    assert y.requires_grad
    assert sess.tape_len == before + 2  # the parameter's leaf and the linear


# --- torch's training loop ---------------------------------------------------------------


def test_backward_accumulates_into_p_grad_until_zero_grad_as_torch():
    w0 = RNG.standard_normal((2, 3))
    w = et.Parameter(w0)
    tw = torch.tensor(w0, requires_grad=True)
    x0 = RNG.standard_normal((4, 3))
    with et.Session(dtype="float64"):
        for _ in range(2):
            (et.tensor(x0) @ w.T).tanh().sum().backward()
        acc = w.grad.numpy()
        et.nn.Module.zero_grad  # noqa: B018  (the module form is tested below)
        et._core._zero_grad([w])
        assert w.grad is None
    for _ in range(2):
        (torch.tensor(x0) @ tw.T).tanh().sum().backward()
    np.testing.assert_allclose(acc, tw.grad.numpy(), rtol=1e-12)


def test_backward_fills_t_grad_of_inputs_made_with_requires_grad():
    x0 = RNG.standard_normal((2, 3))
    with et.Session(dtype="float64"):
        x = et.tensor(x0, requires_grad=True)
        for _ in range(2):
            (x * x).sum().backward()
        got = x.grad.numpy()
        x.grad = None
        assert x.grad is None
        assert et.tensor(x0).grad is None  # no requires_grad: no gradient
    tx = torch.tensor(x0, requires_grad=True)
    for _ in range(2):
        (tx * tx).sum().backward()
    np.testing.assert_array_equal(got, tx.grad.numpy())


def test_a_second_backward_through_a_freed_graph_is_a_grad_error_unless_retained():
    w = et.Parameter(np.ones(3))
    with et.Session(dtype="float64") as sess:
        loss = (et.tensor(np.arange(3.0)) * w).sum()
        loss.backward(retain_graph=True)
        loss.backward()
        np.testing.assert_array_equal(w.grad.numpy(), 2 * np.arange(3.0))
        n, gen = sess.tape_len, sess.generation
        with pytest.raises(et.GradError, match="backward through the graph a second time"):
            loss.backward()
        assert (sess.tape_len, sess.generation) == (n, gen)
        np.testing.assert_array_equal(w.grad.numpy(), 2 * np.arange(3.0))


def test_tensors_python_holds_stay_readable_after_backward():
    lin = nn.Linear(3, 4, dtype="float64")
    with et.Session(dtype="float64"):
        x = et.tensor(RNG.standard_normal((5, 3)))
        out = lin(x)
        loss = F.cross_entropy(out, et.tensor(np.array([0, 1, 2, 3, 0])))
        loss.backward()
        assert out.argmax(1).shape == (5,)
        assert np.isfinite(loss.item())
        h = out.detach()  # a value that outlives the step
        assert not h.requires_grad


def test_the_torch_loop_keeps_ledger_and_tape_flat_without_reset_tape():
    model = nn.Sequential(
        nn.Linear(8, 16, dtype="float64"), nn.ReLU(), nn.Linear(16, 3, dtype="float64")
    )
    opt = et.optim.Adam(model.parameters(), lr=1e-3)
    xs, ys = RNG.standard_normal((32, 8)), RNG.integers(0, 3, 32)
    marks = {}
    with et.Session(dtype="float64") as sess:
        x, y = et.tensor(xs), et.tensor(ys)
        for step in range(1, 601):
            opt.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
            if step in (100, 600):
                gc.collect()
                marks[step] = (ledger(), sess.tape_len)
    assert marks[100] == marks[600]


def test_an_evaluation_loop_under_no_grad_keeps_ledger_and_tape_flat():
    model = nn.Sequential(
        nn.Linear(8, 16, dtype="float64"), nn.ReLU(), nn.Linear(16, 3, dtype="float64")
    )
    xs = RNG.standard_normal((32, 8))
    marks = {}
    with et.Session(dtype="float64") as sess, et.no_grad():
        x = et.tensor(xs)
        correct = 0
        for step in range(1, 3001):
            out = model(x)
            pred = out.argmax(dim=1, keepdim=True)
            correct += pred.eq(pred).sum().item()
            if step in (100, 3000):
                marks[step] = (ledger(), sess.tape_len)
    assert correct == 3000 * 32
    assert marks[100][0] == marks[3000][0]
    assert marks[3000][1] <= 2 * 1024  # compacted as it grows


def test_an_explicit_evaluation_loop_in_a_grad_disabled_session_stays_bounded():
    # It used to grow by every batch's records until the reset (2.5 MB after 400 batches).
    model = nn.Linear(8, 3, dtype="float64")
    marks = {}
    with et.Session(dtype="float64", grad_enabled=False) as sess:
        x = sess.input(RNG.standard_normal((16, 8)))
        for step in range(1, 3001):
            out = model(sess, x)
            out.argmax(1).sum().item()
            if step in (100, 3000):
                marks[step] = (ledger(), sess.tape_len)
    assert marks[100][0] == marks[3000][0]
    assert marks[3000][1] <= 2 * 1024


def test_ops_with_several_outputs_stay_valid_while_the_tape_compacts():
    # max(dim) names its values, then its indices: a compaction between the two would
    # leave the indices' handle of the old generation
    with et.Session(dtype="float64"), et.no_grad():
        x = et.tensor(RNG.standard_normal((4, 5)))
        want = x.numpy().argmax(1)
        for _ in range(3000):
            values, indices = x.max(1)
            np.testing.assert_array_equal(indices.numpy(), want)


def test_rss_stays_flat_over_a_long_torch_loop():
    model = nn.Linear(16, 4, dtype="float64")
    opt = et.optim.SGD(model.parameters(), lr=1e-3)
    with et.Session(dtype="float64"):
        x, y = et.tensor(RNG.standard_normal((8, 16))), et.tensor(RNG.standard_normal((8, 4)))

        def run(n):
            for _ in range(n):
                opt.zero_grad()
                F.mse_loss(model(x), y).backward()
                opt.step()

        run(500)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        run(3000)
        after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert after - before < 4096, f"max RSS grew by {after - before} KiB over 3000 steps"


def test_step_reads_p_grad_and_matches_torch_with_clipping_and_groups():
    w0, b0 = RNG.standard_normal((3, 4)), RNG.standard_normal(3)
    x0 = RNG.standard_normal((5, 4))
    w, b = et.Parameter(w0), et.Parameter(b0)
    opt = et.optim.AdamW(
        [{"params": [w], "weight_decay": 0.1}, {"params": [b], "weight_decay": 0.0}],
        lr=0.01,
        betas=(0.9, 0.95),
    )
    sched = et.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    tw, tb = torch.tensor(w0, requires_grad=True), torch.tensor(b0, requires_grad=True)
    topt = torch.optim.AdamW(
        [{"params": [tw], "weight_decay": 0.1}, {"params": [tb], "weight_decay": 0.0}],
        lr=0.01,
        betas=(0.9, 0.95),
    )
    tsched = torch.optim.lr_scheduler.StepLR(topt, step_size=2, gamma=0.5)
    with et.Session(dtype="float64"):
        for _ in range(5):
            opt.zero_grad(set_to_none=True)
            loss = ((et.tensor(x0) @ w.T + b) ** 2).mean()
            loss.backward()
            norm = et.nn.utils.clip_grad_norm_([w, b], 0.5)
            opt.step()
            sched.step()
            topt.zero_grad()
            tloss = ((torch.tensor(x0) @ tw.T + tb) ** 2).mean()
            tloss.backward()
            tnorm = torch.nn.utils.clip_grad_norm_([tw, tb], 0.5)
            topt.step()
            tsched.step()
            assert norm == pytest.approx(float(tnorm), rel=1e-12)
            assert sched.get_last_lr() == tsched.get_last_lr()
    np.testing.assert_allclose(w.numpy(), tw.detach().numpy(), rtol=1e-10)
    np.testing.assert_allclose(b.numpy(), tb.detach().numpy(), rtol=1e-10)


def test_a_checkpoint_of_an_optimizer_with_parameter_groups_resumes_exactly(tmp_path):
    def build():
        et.manual_seed(3)
        m = nn.Sequential(nn.Linear(4, 8, dtype="float64"), nn.Linear(8, 2, dtype="float64"))
        decay = [p for p in m.parameters() if p.dim() >= 2]
        rest = [p for p in m.parameters() if p.dim() < 2]
        groups = [{"params": decay, "weight_decay": 0.1}, {"params": rest, "weight_decay": 0.0}]
        return m, et.optim.AdamW(groups, lr=1e-2)

    x0, y0 = RNG.standard_normal((6, 4)), RNG.standard_normal((6, 2))

    def step(m, opt):
        opt.zero_grad()
        F.mse_loss(m(et.tensor(x0)), et.tensor(y0)).backward()
        opt.step()

    a, opt_a = build()
    with et.Session(dtype="float64"):
        for _ in range(3):
            step(a, opt_a)
        et.save(tmp_path / "ck.safetensors", a, optimizer=opt_a)
        step(a, opt_a)
    b, opt_b = build()
    et.load(tmp_path / "ck.safetensors", b, optimizer=opt_b)
    with et.Session(dtype="float64"):
        step(b, opt_b)
    for pa, pb in zip(a.parameters(), b.parameters(), strict=True):
        np.testing.assert_array_equal(pa.numpy(), pb.numpy())


def test_clip_grad_value_clamps_every_gradient_as_torch():
    w0 = RNG.standard_normal(6) * 3
    w = et.Parameter(w0)
    tw = torch.tensor(w0, requires_grad=True)
    with et.Session(dtype="float64"):
        (w * w).sum().backward()
        et.nn.utils.clip_grad_value_([w], 1.5)
        g = w.grad.numpy()
    (tw * tw).sum().backward()
    torch.nn.utils.clip_grad_value_([tw], 1.5)
    np.testing.assert_array_equal(g, tw.grad.numpy())


def test_a_stale_handle_after_train_step_says_what_reset_it():
    p = et.Parameter(np.ones(2))
    opt = et.optim.SGD([p], lr=0.1)
    sess = et.Session(dtype="float64")
    loss = (sess.use(p) * 2).sum()
    sess.train_step(loss, opt)
    with pytest.raises(et.StaleHandleError, match=r"train_step\(\) reset the tape"):
        loss.item()


# --- grad modes --------------------------------------------------------------------------


def test_grad_modes_are_context_managers_and_decorators():
    p = et.Parameter(np.ones(2))

    @et.no_grad()
    def f():
        return (p * 2).requires_grad

    with et.Session(dtype="float64"):
        assert (p * 2).requires_grad
        with et.no_grad():
            assert not (p * 2).requires_grad
            assert not et.is_grad_enabled()
            with et.enable_grad():
                assert (p * 2).requires_grad
        assert not f()
        with et.set_grad_enabled(False):
            assert not (p * 2).requires_grad
        with et.inference_mode():
            assert not (p * 2).requires_grad
        assert et.is_grad_enabled()


def test_grad_modes_decorate_without_parentheses_as_torchs():
    # torch 2.x: `@torch.no_grad` is `@torch.no_grad()`; the function keeps its name and
    # returns its own result
    p = et.Parameter(np.ones(2))

    @et.no_grad
    def no_grad_f():
        return (p * 2).requires_grad

    @et.inference_mode
    def inference_f():
        return (p * 2).requires_grad

    @et.enable_grad
    def enable_f():
        return (p * 2).requires_grad

    with et.Session(dtype="float64"):
        assert no_grad_f() is False and inference_f() is False
        with et.no_grad():
            assert enable_f() is True
        assert no_grad_f.__name__ == "no_grad_f"
        assert et.is_grad_enabled()


# --- in place ----------------------------------------------------------------------------


def test_in_place_methods_on_a_tensor_give_torchs_result_through_the_same_object():
    x0 = RNG.standard_normal((3, 4))
    with et.Session(dtype="float64"):
        t = et.tensor(x0) * 1.0
        same = t
        t.add_(1.0).mul_(2.0)
        t += et.tensor(x0)
        F.relu(t, inplace=True)
        assert same is t
        got = t.numpy()
    tt = torch.tensor(x0) * 1.0
    tt.add_(1.0).mul_(2.0)
    tt += torch.tensor(x0)
    torch.nn.functional.relu(tt, inplace=True)
    np.testing.assert_array_equal(got, tt.numpy())


def test_in_place_on_a_tensor_with_a_live_view_raises_instead_of_diverging():
    with et.Session(dtype="float64") as sess:
        t = et.tensor(np.zeros((2, 3))) * 1.0
        _v = t[0]  # a view: torch's v would see the write
        n = sess.tape_len
        with pytest.raises(et.ArgumentError, match="shares its storage"):
            t.add_(1.0)
        np.testing.assert_array_equal(t.numpy(), np.zeros((2, 3)))
        assert sess.tape_len == n  # refused before the out-of-place op is recorded


def test_in_place_on_an_indexed_view_writes_through_to_its_base_as_torchs():
    data = np.arange(6.0).reshape(2, 3)
    tt = torch.tensor(data)
    tv = tt[0]
    tv.mul_(2.0)
    tt[1][2] = -1.0  # a write through a chain of views
    with et.Session(dtype="float64"):
        t = et.tensor(data) * 1.0
        v = t[0]
        v.mul_(2.0)
        t[1][2] = -1.0
        np.testing.assert_array_equal(t.numpy(), tt.numpy())
        np.testing.assert_array_equal(v.numpy(), tv.numpy())


def test_an_augmented_index_assignment_writes_its_base_with_torchs_gradient():
    w, tw = (
        et.tensor([1.0, 2.0, 3.0], requires_grad=True),
        torch.tensor([1.0, 2.0, 3.0], requires_grad=True),
    )
    y, ty = w * 2, tw * 2
    y[1] += w[0]
    ty[1] += tw[0]
    assert y.tolist() == ty.tolist()
    y.sum().backward()
    ty.sum().backward()
    assert w.grad.tolist() == tw.grad.tolist()


def test_a_refused_functional_inplace_records_and_draws_nothing():
    with et.Session(dtype="float64") as sess:
        t = et.tensor(np.zeros((2, 3))) * 1.0
        _view = t[0]
        n, rng = sess.tape_len, sess.rng_state()
        for call in (
            lambda: F.leaky_relu(t, 0.1, inplace=True),
            lambda: F.elu(t, inplace=True),
            lambda: F.dropout(t, 0.5, training=True, inplace=True),
        ):
            with pytest.raises(et.ArgumentError, match="shares its storage"):
                call()
            assert (sess.tape_len, sess.rng_state()) == (n, rng)


def test_parameter_div_by_a_number_rounds_as_torch():
    v = RNG.standard_normal(64)
    p = et.Parameter(v)
    p.div_(3.0)
    # torch on eagertape's device: CUDA divides by a number as a product with its reciprocal.
    t = torch.tensor(v, device=DEVICE)
    t.div_(3.0)
    np.testing.assert_array_equal(p.numpy(), t.cpu().numpy())


@pytest.mark.parametrize("method", ["add_", "sub_"])
def test_parameter_add_with_alpha_rounds_once_as_torch(method):
    # torch: `p + alpha * v` in one kernel, rounded once; `p + (alpha * v)` in two kernels
    # rounds twice and differs in about one element in ten of these.
    rng = np.random.default_rng(7)
    v0, v = rng.standard_normal((2, 1000)).astype(np.float32)
    p = et.Parameter(v0)
    getattr(p, method)(v, alpha=0.1)
    t = torch.tensor(v0, device=DEVICE)
    getattr(t, method)(torch.tensor(v, device=DEVICE), alpha=0.1)
    np.testing.assert_array_equal(p.numpy(), t.cpu().numpy())


def test_a_parameter_of_another_dtype_names_the_dtype_not_the_session():
    p32 = et.Parameter(np.ones((2, 2), dtype=np.float32))
    with et.Session(dtype="float64"):
        x = et.ones(2, 2)
        with pytest.raises(et.DTypeError, match="float32"):
            et.bmm(p32.reshape(1, 2, 2), x.reshape(1, 2, 2))
        with pytest.raises(et.DTypeError, match="float32"):
            et.einsum("ij,jk->ik", p32, x)


def test_mask_assignment_writes_where_the_mask_is_true_as_torch():
    x0 = RNG.standard_normal((3, 5))
    with et.Session(dtype="float64"):
        t = et.tensor(x0) * 1.0
        v, _ = et.topk(t, 2)
        t[t < v[:, [-1]]] = -float("inf")
        got = t.numpy()
    tt = torch.tensor(x0)
    tv, _ = torch.topk(tt, 2)
    tt[tt < tv[:, [-1]]] = -float("inf")
    np.testing.assert_array_equal(got, tt.numpy())


def test_p_data_and_copy_publish_a_new_snapshot_and_leave_a_live_tape_unchanged():
    p = et.Parameter(np.ones(3))
    with et.Session(dtype="float64"):
        y = p * 2.0  # the tape holds the snapshot of version 0
        p.copy_(et.tensor(np.full(3, 5.0)))
        assert p.version == 1
        p.data = np.full(3, 7.0)
        assert p.version == 2
        np.testing.assert_array_equal(y.numpy(), [2.0, 2.0, 2.0])
        np.testing.assert_array_equal(p.numpy(), [7.0, 7.0, 7.0])
        (p * 1.0).sum().backward()  # a new leaf: the new value
        np.testing.assert_array_equal((p * 1.0).numpy(), [7.0, 7.0, 7.0])


def test_an_ema_update_with_in_place_parameter_methods_matches_torch():
    a0, b0 = RNG.standard_normal(4), RNG.standard_normal(4)
    ema, p = et.Parameter(a0, requires_grad=False), et.Parameter(b0)
    ema.mul_(0.9).add_(p, alpha=0.1)
    ta = torch.tensor(a0, device=DEVICE)  # torch on eagertape's device: CUDA rounds its own way
    ta.mul_(0.9).add_(torch.tensor(b0, device=DEVICE), alpha=0.1)
    np.testing.assert_array_equal(ema.numpy(), ta.cpu().numpy())


# --- modules, init, the namespace --------------------------------------------------------


def test_module_conversions_keep_ties_and_helpers_behave_as_torchs():
    class Tied(nn.Module):
        def __init__(self):
            super().__init__()
            self.a = nn.Linear(3, 3, bias=False)
            self.b = nn.Linear(3, 3, bias=False)
            self.b.weight = self.a.weight
            self.register_buffer("mask", np.tril(np.ones((3, 3))))

    m = Tied().double()
    assert m.a.weight is m.b.weight and m.a.weight.dtype == "float64"
    assert m.mask.dtype == "float64" and not m.mask.requires_grad
    assert next(m.parameters()) is m.a.weight
    assert m.get_submodule("b") is m.b
    seen = []
    m.apply(lambda mod: seen.append(type(mod).__name__))
    assert seen == ["Linear", "Linear", "Tied"]
    m.requires_grad_(False)
    assert not m.a.weight.requires_grad
    assert m.to(torch.float32).a.weight.dtype == "float32"


def test_init_gains_and_fans_match_torchs():
    for nl, param in [("relu", None), ("tanh", None), ("leaky_relu", 0.2), ("linear", None)]:
        assert nn.init.calculate_gain(nl, param) == torch.nn.init.calculate_gain(nl, param)
    w = et.Parameter(np.zeros((64, 32, 3, 3)))
    got = nn.init._calculate_fan_in_and_fan_out(w)
    assert got == torch.nn.init._calculate_fan_in_and_fan_out(torch.zeros(64, 32, 3, 3))
    et.manual_seed(0)
    nn.init.kaiming_normal_(w, mode="fan_out", nonlinearity="relu")
    assert w.numpy().std() == pytest.approx(np.sqrt(2.0 / (64 * 9)), rel=0.02)
    first = w.numpy()
    et.manual_seed(0)
    nn.init.kaiming_normal_(w, mode="fan_out", nonlinearity="relu")
    np.testing.assert_array_equal(w.numpy(), first)
    nn.init.constant_(w, 0.5)
    assert (w.numpy() == 0.5).all()
    nn.init.trunc_normal_(w, std=0.02, a=-0.03, b=0.03)
    v = w.numpy()
    assert v.min() >= -0.03 and v.max() <= 0.03
    # torch's: same moments (the std of N(0, 0.02²) truncated at ±1.5 std is 0.0148)
    t = torch.nn.init.trunc_normal_(
        torch.empty(64, 32, 3, 3, dtype=torch.float64), std=0.02, a=-0.03, b=0.03
    )
    assert v.std() == pytest.approx(float(t.std()), rel=0.03)
    assert abs(v.mean()) < 3e-4


def test_manual_seed_fixes_modules_built_without_a_seed():
    et.manual_seed(7)
    a = nn.Sequential(nn.Linear(4, 3), nn.Linear(3, 2))
    et.manual_seed(7)
    b = nn.Sequential(nn.Linear(4, 3), nn.Linear(3, 2))
    c = nn.Sequential(nn.Linear(4, 3), nn.Linear(3, 2))
    for pa, pb, pc in zip(a.parameters(), b.parameters(), c.parameters(), strict=True):
        np.testing.assert_array_equal(pa.numpy(), pb.numpy())
        assert not np.array_equal(pa.numpy(), pc.numpy())


def test_factories_and_dtypes_follow_torch():
    assert (
        et.float64 == "float64" and et.long == et.int64 and repr(et.float32) == "eagertape.float32"
    )
    with et.Session(dtype="float64"):
        assert et.arange(5).dtype == "int64"
        np.testing.assert_array_equal(et.arange(1, 2, 0.25).numpy(), torch.arange(1, 2, 0.25))
        np.testing.assert_allclose(et.linspace(-1, 1, 5).numpy(), torch.linspace(-1, 1, 5), atol=0)
        assert et.zeros(2, 3, dtype=torch.int64).dtype == "int64"
        assert et.ones((2, 3), dtype=et.float64).shape == (2, 3)
        np.testing.assert_array_equal(et.full((2,), 3.0).numpy(), [3.0, 3.0])
        np.testing.assert_array_equal(et.eye(2).numpy(), np.eye(2))
        t = et.tensor([[1, 2], [3, 4]])
        assert t.dtype == "int64" and et.as_tensor(t) is t
        assert et.zeros_like(t).dtype == "int64"
        n = t.new_zeros(2)
        assert (n.dtype, n.shape) == ("int64", (2,))
        assert t.new_ones((1, 2), dtype=et.float64).numpy().tolist() == [[1.0, 1.0]]
        assert t.new_full((2,), 7).numpy().tolist() == [7, 7]
        assert t.new_empty(3).shape == (3,)
        r = et.randperm(10).numpy()
        assert sorted(r.tolist()) == list(range(10))
        ri = et.randint(3, 7, (100,)).numpy()
        assert ri.min() >= 3 and ri.max() < 7
        probs = et.tensor(np.array([[0.0, 1.0, 0.0], [0.5, 0.0, 0.5]]))
        draws = et.multinomial(probs, 200, replacement=True).numpy()
        assert (draws[0] == 1).all() and set(draws[1].tolist()) == {0, 2}


# --- bad input: typed errors, nothing recorded or changed --------------------------------


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda t: et.zeros(2, dtype="float65"), et.ConfigError),
        (lambda t: et.zeros(2, device="cuda:7"), et.DeviceError),
        (lambda t: et.manual_seed("0"), TypeError),
        (lambda t: et.manual_seed(1.5), TypeError),
        (lambda t: et.linspace(0, 1, -1), et.ArgumentError),
        (lambda t: et.randint(5, 2, (3,)), et.ArgumentError),
        (lambda t: et.multinomial(t, 4), et.ArgumentError),
        (lambda t: t.topk(4), et.ArgumentError),
        (lambda t: t.topk(-1), et.ArgumentError),
    ],
    ids=[
        "dtype-name",
        "device",
        "seed-str",
        "seed-float",
        "linspace-steps",
        "randint",
        "multinomial",
        "topk-k-too-large",
        "topk-k-negative",
    ],
)
def test_bad_factory_input_raises_typed_errors_and_records_nothing(call, error):
    with et.Session(dtype="float64") as sess:
        t = et.ones(3)
        n, gen, rng = sess.tape_len, sess.generation, sess.rng_state()
        with pytest.raises(error):
            call(t)
        assert (sess.tape_len, sess.generation, sess.rng_state()) == (n, gen, rng)


def test_step_with_no_gradients_is_a_grad_error_that_changes_nothing():
    p = et.Parameter(np.ones(3))
    opt = et.optim.SGD([p], lr=0.1, momentum=0.9)
    with et.Session(dtype="float64"), pytest.raises(et.GradError, match="loss.backward"):
        opt.step()
    assert p.version == 0 and opt.state_dict()["state"] == {}


def test_zero_grad_and_p_grad_outside_a_session_use_the_default_session():
    p = et.Parameter(np.ones(3, np.float32))
    opt = et.optim.SGD([p], lr=0.1)
    opt.zero_grad()
    assert p.grad is None
    (p * p).sum().backward()
    np.testing.assert_array_equal(p.grad.numpy(), [2.0, 2.0, 2.0])  # torch: d(p·p)/dp = 2p
    opt.step()
    np.testing.assert_allclose(p.numpy(), [0.8, 0.8, 0.8], rtol=1e-6)
    opt.zero_grad()
    assert p.grad is None
