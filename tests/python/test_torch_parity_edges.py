"""Places where eagertape used to differ from PyTorch 2.11 silently or with a misleading error
(an adversarial differential run found them), each side by side with torch.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn.functional as TF

import eagertape as et
import eagertape.nn.functional as F

X = np.array([[0.5, -1.25, 2.0], [3.0, 0.0, -0.75], [1.5, 1.5, -2.0], [0.25, 4.0, 1.0]])


def both(fn):
    """`fn(m)` with m = eagertape (in a float64 session) and m = torch."""
    with et.Session(dtype="float64"):
        ours = fn(et)
        ours = ours.numpy() if isinstance(ours, et.Tensor) else ours
    theirs = fn(torch)
    return ours, theirs.detach().numpy() if isinstance(theirs, torch.Tensor) else theirs


# --- losses whose every target is ignored -----------------------------------------------


@pytest.mark.parametrize("loss", ["cross_entropy", "nll_loss"])
def test_a_mean_loss_with_every_target_ignored_has_a_zero_gradient_as_torchs(loss):
    # torch: the loss is NaN (0 / 0), the gradient 0 (no position is written)
    def run(m):
        x = m.tensor(X, dtype=m.float64, requires_grad=True)
        out = getattr(F if m is et else TF, loss)(x, m.tensor([-100] * 4))
        out.backward()
        return x.grad.numpy() if m is et else x.grad

    ours, theirs = both(run)
    np.testing.assert_array_equal(ours, theirs)
    assert not np.isnan(ours).any()


# --- gradients through a cast to a narrower dtype ---------------------------------------


@pytest.mark.parametrize("cast", ["float", "half", "bfloat16"])
def test_the_gradient_through_a_down_cast_is_rounded_to_the_narrower_dtype(cast):
    # torch: x (float64) -> x.float() * 3.3 -> sum: d/dx is 3.3 rounded to float32, as
    # float64 (3.2999999523162842), not 3.3
    def run(m):
        x = m.tensor([0.5, -2.0], dtype=m.float64, requires_grad=True)
        (getattr(x, cast)() * 3.3).sum().backward()
        return x.grad.numpy() if m is et else x.grad

    ours, theirs = both(run)
    np.testing.assert_array_equal(ours, theirs)


# --- mean's rounding --------------------------------------------------------------------


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_mean_over_a_dim_rounds_as_torchs(dtype):
    # torch: tensor([3., 2., 5.]).mean(0) is sum / 3, not sum * (1 / 3)
    data = np.random.default_rng(1).standard_normal((7, 3, 5))
    with et.Session(dtype=dtype):
        ours = et.tensor(data).mean(1).numpy()
        one = et.tensor([3.0, 2.0, 5.0]).mean(0).item()
    t = torch.tensor(data, dtype=getattr(torch, dtype))
    np.testing.assert_array_equal(ours, t.mean(1).numpy())
    assert one == torch.tensor([3.0, 2.0, 5.0], dtype=getattr(torch, dtype)).mean(0).item()


# --- comparisons on a Parameter -----------------------------------------------------------


@pytest.mark.parametrize(
    "op",
    [
        lambda p: p == 1.5,
        lambda p: p != 1.5,
        lambda p: p > 0,
        lambda p: p <= 1.5,
        lambda p: abs(p),
        lambda p: -p,
    ],
    ids=["eq", "ne", "gt", "le", "abs", "neg"],
)
def test_a_parameter_compares_elementwise_in_a_session_as_torchs(op):
    p = et.Parameter(X.copy())
    tp = torch.nn.Parameter(torch.tensor(X))
    with et.Session(dtype="float64"):
        ours = op(p)
        assert isinstance(ours, et.Tensor)
        np.testing.assert_array_equal(ours.numpy(), op(tp).detach().numpy())


def test_a_parameter_outside_a_session_is_equal_to_itself_only():
    # (a dict key or a list member: identity, as torch's `p in params` finds it)
    p, q = et.Parameter(np.ones(2)), et.Parameter(np.ones(2))
    assert p == p and p != q and {p: 1}[p] == 1 and q not in [p]


# --- indexed assignment with a mask -------------------------------------------------------


@pytest.mark.parametrize(
    "assign",
    [
        lambda m, y: y.__setitem__(m.tensor([False, True, True, False]), 7.0),
        lambda m, y: y.__setitem__(y > 1.0, m.tensor([9.0], dtype=m.float64)),
        lambda m, y: y.__setitem__(m.tensor([True, False, False, True]), m.tensor(-1.0)),
    ],
    ids=["row_mask_number", "mask_one_element_tensor", "row_mask_zero_d"],
)
def test_assignment_through_a_mask_broadcasts_as_torchs(assign):
    def run(m):
        x = m.tensor(X, dtype=m.float64, requires_grad=True)
        y = x * 1.0
        assign(m, y)
        (y * m.tensor(X, dtype=m.float64)).sum().backward()
        grad = x.grad.numpy() if m is et else x.grad.numpy()
        return np.concatenate([y.detach().numpy().ravel(), grad.ravel()])

    ours, theirs = both(run)
    np.testing.assert_array_equal(ours, theirs)


# --- a parameter of another dtype given to a layer ----------------------------------------


def test_a_conv_weight_of_another_dtype_is_a_dtype_error_naming_both():
    # torch: RuntimeError "expected scalar type Float but found Double"; it used to be a
    # NoSessionError inside a session
    w = et.Parameter(np.ones((2, 1, 3, 3)), dtype="float64")
    with et.Session(dtype="float32") as sess:
        x = et.ones(1, 1, 5, 5)
        with pytest.raises(et.DTypeError, match="float32 and float64"):
            F.conv2d(x, w)
        # the first call read the parameter's leaf of this tape (once per generation): a
        # second refusal records nothing more
        before = sess.tape_len
        with pytest.raises(et.DTypeError, match="float32 and float64"):
            F.conv2d(x, w)
        assert sess.tape_len == before


def test_a_float64_parameter_used_directly_in_a_float32_session_computes_in_float64():
    # torch: a float64 Parameter in a float32 program computes in float64 (the explicit
    # sess.use(p) keeps refusing another dtype: the explicit API's contract)
    w = et.Parameter(np.ones((3, 2)), dtype="float64")
    with et.Session(dtype="float32"):
        out = et.tensor(X, dtype=et.float64) @ w
        assert out.dtype == "float64"
        out.sum().backward()
        assert w.grad.numpy().dtype == np.float64
        np.testing.assert_array_equal(w.grad.numpy(), np.repeat(X.sum(0)[:, None], 2, 1))


# --- autocast -----------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["reflect", "replicate", "constant", "circular"])
def test_padding_under_autocast_takes_torchs_dtype(mode):
    # torch's CPU autocast pads reflect/replicate in float32 (its fp32 list), the others
    # in the input's dtype
    data = np.random.default_rng(2).standard_normal((1, 2, 5))
    with torch.autocast("cpu", dtype=torch.bfloat16):
        theirs = TF.pad(torch.tensor(data).bfloat16(), (1, 2), mode=mode)
    with et.Session(), et.autocast("cpu"):
        ours = F.pad(et.tensor(data).bfloat16(), (1, 2), mode=mode)
        assert ours.dtype == str(theirs.dtype).removeprefix("torch.")
        np.testing.assert_array_equal(ours.float().numpy(), theirs.float().numpy())


@pytest.mark.parametrize("module", ["GroupNorm", "RMSNorm"])
def test_a_norm_with_float32_weights_runs_on_bfloat16_input_under_autocast(module):
    # torch runs the mixed-type norm and returns the input's dtype; it used to be refused
    args = (2, 4) if module == "GroupNorm" else (3,)
    data = np.random.default_rng(3).standard_normal((2, 4, 3))
    m, tm = getattr(et.nn, module)(*args), getattr(torch.nn, module)(*args)
    with et.Session(), et.autocast("cpu"):
        x = et.tensor(data, dtype=et.float32, requires_grad=True)
        out = m(x.bfloat16())
        out.float().sum().backward()
        ours, gx = out.float().numpy(), x.grad.numpy()
        gw = m.weight.grad.numpy()
        dtype = out.dtype
    tx = torch.tensor(data, dtype=torch.float32, requires_grad=True)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        tout = tm(tx.bfloat16())
    tout.float().sum().backward()
    assert dtype == "bfloat16" and tout.dtype == torch.bfloat16
    np.testing.assert_allclose(ours, tout.float().detach().numpy(), rtol=2e-2, atol=2e-2)
    np.testing.assert_allclose(gw, tm.weight.grad.numpy(), rtol=5e-2, atol=5e-2)
    if module == "RMSNorm":
        # eagertape computes rms_norm's backward in float32 (torch's opmath, as its forward),
        # torch's composite backward runs in bfloat16: compare with the exact gradient
        x64 = torch.tensor(data, dtype=torch.float32).bfloat16().double().requires_grad_()
        eps = torch.finfo(torch.bfloat16).eps
        (x64 * torch.rsqrt(x64.pow(2).mean(-1, keepdim=True) + eps)).sum().backward()
        np.testing.assert_allclose(gx, x64.grad.numpy(), rtol=2e-2, atol=2e-2)
    else:
        np.testing.assert_allclose(gx, tx.grad.numpy(), rtol=5e-2, atol=5e-2)


# --- allocations the host cannot make -----------------------------------------------------


def test_randperm_of_a_huge_n_is_an_out_of_memory_error_not_an_abort():
    # it used to abort the process ("memory allocation failed", SIGABRT)
    with et.Session() as sess:
        before = (sess.tape_len, sess.rng_state())
        with pytest.raises(et.OutOfMemoryError, match="allocate"):
            et.randperm(2**40)
        assert (sess.tape_len, sess.rng_state()) == before


# --- graphs kept with retain_graph=True -----------------------------------------------------


def test_a_graph_retained_by_backward_goes_when_its_last_tensor_goes():
    # torch frees a retain_graph=True graph with the loss: a loop that drops each loss
    # keeps memory flat (it used to keep every graph until a non-retaining backward)
    w = et.Parameter(np.full((16, 16), 0.1))
    with et.Session(dtype="float64") as sess:
        x = et.ones(8, 16, dtype=et.float64)

        def step():
            loss = ((x @ w).tanh() @ w).sum()
            loss.backward(retain_graph=True)

        for _ in range(50):
            step()
        tape = et.memory_stats()["by_category"]["tape"]
        for _ in range(500):
            step()
        assert et.memory_stats()["by_category"]["tape"] <= 2 * tape
        assert sess.tape_len < 1024
        # a graph still named can go backward again, as torch's
        loss = ((x @ w).tanh() @ w).sum()
        loss.backward(retain_graph=True)
        for _ in range(300):
            step()
        loss.backward()
        assert w.grad is not None


# --- dtype conversions of a model ---------------------------------------------------------


@pytest.mark.parametrize("convert", ["double", "half_double", "to_float64"])
def test_an_optimizer_made_before_a_dtype_conversion_keeps_stepping_the_model(convert):
    # torch's Module._apply keeps the Parameter objects: opt made before model.double()
    # still updates them (it used to update the replaced parameters only, silently)
    calls = {
        "double": lambda m, mod: m.double(),
        "half_double": lambda m, mod: m.half().double(),
        "to_float64": lambda m, mod: m.to(mod.float64),
    }
    w0 = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], dtype=np.float32)
    x = np.array([[1.0, 2.0, -1.0], [0.5, -0.5, 3.0]])
    lin, tlin = et.nn.Linear(3, 2, bias=False), torch.nn.Linear(3, 2, bias=False)
    lin.load_state_dict({"weight": torch.from_numpy(w0)})
    with torch.no_grad():
        tlin.weight.copy_(torch.from_numpy(w0))
    ids = [id(p) for p in lin.parameters()]
    opt, topt = et.optim.SGD(lin.parameters(), lr=0.1), torch.optim.SGD(tlin.parameters(), lr=0.1)
    calls[convert](lin, et)
    calls[convert](tlin, torch)
    assert [id(p) for p in lin.parameters()] == ids
    with et.Session(dtype="float64"):
        for _ in range(3):
            opt.zero_grad()
            lin(et.tensor(x)).pow(2).sum().backward()
            opt.step()
    for _ in range(3):
        topt.zero_grad()
        tlin(torch.tensor(x)).pow(2).sum().backward()
        topt.step()
    assert lin.weight.dtype == "float64"
    np.testing.assert_allclose(lin.weight.numpy(), tlin.weight.detach().numpy(), rtol=1e-12)


PAD_CASES = [
    # (mode, pad, input shape): each non-constant mode in 1, 2 and 3 padded dims, and
    # constant padding that crops one side
    ("reflect", (2, 1), (2, 3, 5)),
    ("reflect", (1, 2, 2, 1), (2, 3, 5, 4)),
    ("reflect", (1, 1, 2, 1, 1, 2), (1, 2, 4, 5, 3)),
    ("replicate", (3, 1), (2, 3, 4)),
    ("replicate", (1, 3, 2, 0), (2, 2, 4, 3)),
    ("replicate", (2, 1, 1, 1, 0, 2), (1, 2, 3, 4, 3)),
    ("constant", (2, -1, -2, 3), (2, 3, 5, 4)),
]


def _pad_gradients(mode, pad, shape, dtype):
    """(eagertape's, torch's) gradient of `sum(pad(2x) * w)` for a random `x` and `w`; the
    padded input is an intermediate whose handle is gone before backward (its value may be
    retired): the backward kernels read only its shape."""
    a = np.random.default_rng(len(shape) + len(pad)).standard_normal(shape).astype(dtype)
    w = (
        np.random.default_rng(7)
        .standard_normal(TF.pad(torch.tensor(a), pad, mode=mode).shape)
        .astype(dtype)
    )
    x_t = torch.tensor(a, requires_grad=True)
    (TF.pad(x_t * 2.0, pad, mode=mode) * torch.tensor(w)).sum().backward()
    with et.Session(dtype=dtype):
        x = et.tensor(a, requires_grad=True)
        (F.pad(x * 2.0, pad, mode=mode) * et.tensor(w)).sum().backward()
        return x.grad.numpy(), x_t.grad.numpy()


@pytest.mark.parametrize(("mode", "pad", "shape"), PAD_CASES)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_the_gradient_of_pad_is_torchs_bit_for_bit(mode, pad, shape, dtype):
    # LibTorch's own backward kernels (reflection_pad2d_backward, ...), as torch's autograd
    mine, theirs = _pad_gradients(mode, pad, shape, dtype)
    np.testing.assert_array_equal(mine, theirs)


def test_the_gradient_of_circular_pad_is_torchs_to_rounding():
    # circular padding's cotangents are summed by the index plan, in another order than
    # torch's composite of copies
    mine, theirs = _pad_gradients("circular", (1, 2, 2, 1), (2, 3, 5, 4), "float64")
    np.testing.assert_allclose(mine, theirs, rtol=1e-14, atol=1e-14)
