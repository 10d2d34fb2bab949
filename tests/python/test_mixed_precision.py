"""Mixed precision: torch's type promotion between floating dtypes, `et.autocast` against
`torch.autocast`, the mixed-type norms, and `et.amp.GradScaler` against
`torch.amp.GradScaler`.

Values are compared bit for bit where both sides run the same LibTorch kernel on the same
dtypes (every bfloat16 result, and the promoted results); gradients the same way.
"""

from __future__ import annotations

import threading
import warnings

import numpy as np
import pytest
import torch
import torch.nn.functional as TF

import eagertape as et
import eagertape.nn.functional as F

RNG = np.random.default_rng(0)
A = RNG.standard_normal((3, 4))
B = RNG.standard_normal((3, 4))
TD = {
    "float32": torch.float32,
    "float64": torch.float64,
    "bfloat16": torch.bfloat16,
    "float16": torch.float16,
}


def bits(x) -> np.ndarray:
    """The values of an eagertape or torch tensor as float64 (exact for every float dtype)."""
    if isinstance(x, torch.Tensor):
        return x.detach().double().numpy()
    return x.double().numpy()


# ---- promotion ---------------------------------------------------------------------------

PAIRS = [
    ("float32", "bfloat16"),
    ("bfloat16", "float32"),
    ("float16", "bfloat16"),
    ("float64", "float32"),
    ("bfloat16", "float64"),
    ("float16", "float16"),
]

BINARY = {
    "add": lambda m, a, b: a + b,
    "sub": lambda m, a, b: a - b,
    "mul": lambda m, a, b: a * b,
    "div": lambda m, a, b: a / b,
    "maximum": lambda m, a, b: m.maximum(a, b),
    "atan2": lambda m, a, b: m.atan2(a, b),
    "where": lambda m, a, b: m.where(a > 0, a, b),
    "cat": lambda m, a, b: m.cat([a, b]),
    "stack": lambda m, a, b: m.stack([a, b]),
    "clamp": lambda m, a, b: m.clamp(a, min=b),
}


@pytest.mark.parametrize(("da", "db"), PAIRS, ids=lambda p: str(p))
@pytest.mark.parametrize("name", list(BINARY))
def test_mixed_floating_operands_promote_as_torch_result_type(name, da, db):
    # float64 leaves converted to the operand dtypes: their gradients come back through
    # the conversions (the promoted op's cotangent converted to each operand's dtype).
    f = BINARY[name]
    ta = torch.from_numpy(A).requires_grad_()
    tb = torch.from_numpy(B).requires_grad_()
    want = f(torch, ta.to(TD[da]), tb.to(TD[db]))
    (want.double() * torch.from_numpy(np.arange(want.numel()).reshape(want.shape))).sum().backward()
    with et.Session(dtype="float64") as sess:
        a = sess.input(A, requires_grad=True)
        b = sess.input(B, requires_grad=True)
        got = f(et, a.to(da), b.to(db))
        assert got.dtype == str(want.dtype).removeprefix("torch.")
        np.testing.assert_array_equal(bits(got), bits(want))
        weights = sess.input(np.arange(want.numel()).reshape(want.shape).astype(np.float64))
        (got.double() * weights).sum().backward()
        # The backward rules are eagertape's own (torch's formulas in another order for
        # div and atan2): within the rounding of the operand dtypes.
        low = {"bfloat16": 1e-2, "float16": 2e-3, "float32": 1e-6, "float64": 1e-12}
        tol = max(low[da], low[db])
        for x, t in ((a, ta), (b, tb)):
            np.testing.assert_allclose(x.grad.numpy(), t.grad.numpy(), rtol=tol, atol=tol)


def test_comparisons_promote_too():
    with et.Session(dtype="float32") as sess:
        a = sess.input(A).bfloat16()
        b = sess.input(B)
        got = (a < b).numpy()
    want = (torch.from_numpy(A).bfloat16() < torch.from_numpy(B).float()).numpy()
    np.testing.assert_array_equal(got, want)


def test_a_zero_dimensional_tensor_does_not_widen_a_dimensioned_one():
    # torch.result_type(bf16 matrix, 0-d float32) is bfloat16; two 0-d tensors promote.
    with et.Session(dtype="float32") as sess:
        m = sess.input(A).bfloat16()
        s = sess.input(np.float32(1.5))
        assert (m * s).dtype == "bfloat16"
        assert (m[0, 0] * s).dtype == "float32"
    assert (torch.ones(3, dtype=torch.bfloat16) * torch.tensor(1.5)).dtype == torch.bfloat16


def test_ops_torch_does_not_promote_refuse_mixed_dtypes():
    lin = et.nn.Linear(4, 2)
    with et.Session(dtype="float32") as sess:
        x = sess.input(A).bfloat16()
        with pytest.raises(et.DTypeError, match="same dtype"):
            lin(x)
        with pytest.raises(et.DTypeError, match="same dtype"):
            x @ sess.input(B.T)
    with pytest.raises(RuntimeError):  # torch refuses the same calls
        torch.nn.Linear(4, 2)(torch.from_numpy(A).bfloat16())


def test_a_failed_promoted_op_records_nothing():
    with et.Session(dtype="float32") as sess:
        a = sess.input(A).bfloat16()
        b = sess.input(np.ones((2, 5)))
        n = sess.tape_len
        with pytest.raises(et.ShapeError):
            a + b
        assert sess.tape_len == n, "the conversion of the other operand is taken off again"


# ---- mixed-type norms --------------------------------------------------------------------


@pytest.mark.parametrize("norm", ["batch_norm", "layer_norm"])
def test_norms_take_a_bfloat16_input_with_float32_weights(norm):
    x = RNG.standard_normal((4, 3, 5))
    w, b = (
        RNG.standard_normal(3 if norm == "batch_norm" else 5),
        RNG.standard_normal(3 if norm == "batch_norm" else 5),
    )

    def run(m, x, w, b):
        if norm == "batch_norm":
            return m.batch_norm(x, None, None, w, b, training=True)
        return m.layer_norm(x, (5,), w, b)

    tx = torch.from_numpy(x).float().requires_grad_()
    tw, tb = (torch.from_numpy(v).float().requires_grad_() for v in (w, b))
    want = run(TF, tx.bfloat16(), tw, tb)
    want.float().square().sum().backward()
    with et.Session(dtype="float32") as sess:
        ex = sess.input(x, requires_grad=True)
        ew, eb = (sess.input(v, requires_grad=True) for v in (w, b))
        got = run(F, ex.bfloat16(), ew, eb)
        assert got.dtype == "bfloat16"
        np.testing.assert_array_equal(bits(got), bits(want))
        got.float().square().sum().backward()
        np.testing.assert_array_equal(ex.grad.numpy(), tx.grad.numpy())
        for e, t in ((ew, tw), (eb, tb)):
            np.testing.assert_allclose(e.grad.numpy(), t.grad.numpy(), rtol=1e-5, atol=1e-5)


# ---- autocast: the context ---------------------------------------------------------------


def test_autocast_state_nests_restores_and_is_per_thread():
    assert not et.is_autocast_enabled("cpu")
    with et.autocast("cpu"):
        assert et.is_autocast_enabled("cpu") and not et.is_autocast_enabled("cuda")
        assert et.get_autocast_dtype("cpu") == "bfloat16"
        with et.autocast("cpu", enabled=False):
            assert not et.is_autocast_enabled("cpu")
        with et.autocast("cpu", dtype=torch.float16):
            assert et.get_autocast_dtype("cpu") == "float16"
        seen = []
        t = threading.Thread(target=lambda: seen.append(et.is_autocast_enabled("cpu")))
        t.start()
        t.join()
        assert seen == [False], "another thread keeps its own state"
        assert et.get_autocast_dtype("cpu") == "bfloat16"
    assert not et.is_autocast_enabled("cpu")


def test_autocast_as_a_decorator_and_after_an_exception():
    @et.autocast("cpu")
    def inside():
        return et.is_autocast_enabled("cpu")

    assert inside() and not et.is_autocast_enabled("cpu")
    with pytest.raises(KeyError), et.autocast("cpu"):
        raise KeyError
    assert not et.is_autocast_enabled("cpu")


def test_an_unsupported_autocast_dtype_warns_and_disables_as_torch():
    with (
        pytest.warns(UserWarning, match="Disabling autocast"),
        et.autocast("cpu", dtype=et.float64),
    ):
        assert not et.is_autocast_enabled("cpu")


@pytest.mark.parametrize("device_type", ["gpu", 3, "cuda:0"])
def test_a_bad_device_type_is_refused(device_type):
    with pytest.raises(et.ArgumentError, match="device_type"):
        et.autocast(device_type)


def test_autocast_on_a_reference_carrier_is_a_typed_error():
    lin = et.nn.Linear(4, 2, dtype="float64")
    with et.Session(dtype="float64", backend="reference") as sess, et.autocast("cpu"):
        x, w = sess.input(A), sess.use(lin.weight)
        n = sess.tape_len
        with pytest.raises(et.UnsupportedOpError, match="autocast"):
            F.linear(x, w)
        assert sess.tape_len == n
        assert (x + x).dtype == "float64", "ops autocast leaves alone still run"


def test_autocast_leaves_float64_operands_alone_as_torch():
    with et.Session(dtype="float64") as sess, et.autocast("cpu"):
        y = sess.input(A) @ sess.input(B.T)
        assert y.dtype == "float64"
    with torch.autocast("cpu"):
        assert (torch.from_numpy(A) @ torch.from_numpy(B.T)).dtype == torch.float64


def test_autocast_gradients_equal_torchs():
    torch.manual_seed(0)
    tm = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.GELU(), torch.nn.Linear(8, 3))
    em = et.nn.Sequential(et.nn.Linear(4, 8), et.nn.GELU(), et.nn.Linear(8, 3))
    em.load_state_dict(tm.state_dict())
    x = RNG.standard_normal((5, 4)).astype(np.float32)
    y = np.array([0, 2, 1, 1, 0])
    with torch.autocast("cpu"):
        logits = tm(torch.from_numpy(x))
        loss = TF.cross_entropy(logits, torch.from_numpy(y))
    loss.backward()
    with et.Session(dtype="float32") as sess:
        with et.autocast("cpu"):
            e_logits = em(sess.input(x))
            e_loss = F.cross_entropy(e_logits, sess.input(y, dtype="int64"))
        assert (e_logits.dtype, e_loss.dtype) == ("bfloat16", "float32")
        np.testing.assert_array_equal(bits(e_logits), bits(logits))
        assert e_loss.item() == loss.item()
        e_loss.backward()
        for (name, tp), ep in zip(tm.named_parameters(), em.parameters(), strict=True):
            assert ep.grad.numpy().dtype == np.float32
            np.testing.assert_array_equal(ep.grad.numpy(), tp.grad.numpy(), err_msg=name)


# ---- GradScaler --------------------------------------------------------------------------


def scaler_run(mod, scaler_kwargs, poison):
    """SGD on a linear model under a GradScaler for len(poison) steps; step i's loss is
    multiplied by inf when poison[i]. The scales after each update, the weights after each
    step, and the state dict."""
    w0 = np.linspace(-1, 1, 8).reshape(2, 4).astype(np.float32)
    x = np.random.default_rng(1).standard_normal((6, 4)).astype(np.float32)
    scales, weights = [], []
    if mod == "torch":
        lin = torch.nn.Linear(4, 2, bias=False)
        with torch.no_grad():
            lin.weight.copy_(torch.from_numpy(w0))
        opt = torch.optim.SGD(lin.parameters(), lr=0.1)
        scaler = torch.amp.GradScaler("cpu", **scaler_kwargs)
        for bad in poison:
            opt.zero_grad()
            loss = lin(torch.from_numpy(x)).square().mean() * (float("inf") if bad else 1.0)
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
            scales.append(scaler.get_scale())
            weights.append(lin.weight.detach().numpy().copy())
        return scales, weights, scaler.state_dict()
    lin = et.nn.Linear(4, 2, bias=False)
    lin.load_state_dict({"weight": w0})
    opt = et.optim.SGD(lin.parameters(), lr=0.1)
    scaler = et.amp.GradScaler("cpu", **scaler_kwargs)
    with et.Session(dtype="float32") as sess:
        for bad in poison:
            opt.zero_grad()
            loss = lin(sess.input(x)).square().mean() * (float("inf") if bad else 1.0)
            scaler.scale(loss).backward()
            scaler.step(opt)
            scaler.update()
            scales.append(scaler.get_scale())
            weights.append(lin.weight.numpy().copy())
    return scales, weights, scaler.state_dict()


def test_grad_scaler_skips_non_finite_steps_and_moves_the_scale_as_torch():
    poison = [False, False, True, False, False, False, True, True, False]
    kw = {"init_scale": 1024.0, "growth_interval": 2}
    t_scales, t_weights, t_state = scaler_run("torch", kw, poison)
    e_scales, e_weights, e_state = scaler_run("et", kw, poison)
    assert e_scales == t_scales
    for i, (ew, tw) in enumerate(zip(e_weights, t_weights, strict=True)):
        np.testing.assert_array_equal(ew, tw, err_msg=f"step {i}")
    assert e_state == t_state
    # A poisoned step left the weights as they were.
    np.testing.assert_array_equal(e_weights[2], e_weights[1])


def test_grad_scaler_state_dict_loads_torchs():
    _, _, t_state = scaler_run("torch", {"init_scale": 256.0, "growth_interval": 3}, [False, True])
    scaler = et.amp.GradScaler("cpu")
    scaler.load_state_dict(t_state)
    assert scaler.state_dict() == t_state


def test_grad_scaler_misuse_is_refused():
    lin = et.nn.Linear(4, 2)
    opt = et.optim.SGD(lin.parameters(), lr=0.1)
    scaler = et.amp.GradScaler("cpu")
    with pytest.raises(et.ArgumentError, match="scale"):
        scaler.step(opt)
    with pytest.raises(et.ArgumentError, match="growth factor"):
        et.amp.GradScaler("cpu", growth_factor=0.5)
    with pytest.raises(et.ArgumentError, match="missing keys"):
        scaler.load_state_dict({"scale": 2.0})
    assert scaler.get_scale() == 65536.0, "a refused load changes nothing"
    with et.Session(dtype="float32") as sess:
        loss = lin(sess.input(A.astype(np.float32))).sum()
        scaler.scale(loss).backward()
        scaler.unscale_(opt)
        with pytest.raises(et.ArgumentError, match="already been called"):
            scaler.unscale_(opt)


def test_a_disabled_grad_scaler_is_the_identity():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        scaler = (
            et.amp.GradScaler("cuda")
            if not torch.cuda.is_available()
            else et.amp.GradScaler(enabled=False)
        )
    assert not scaler.is_enabled() and scaler.get_scale() == 1.0
    with et.Session(dtype="float32") as sess:
        x = sess.input(A)
        assert scaler.scale(x) is x
