"""No panic is reachable from Python: every public op, called with random shapes (0-d,
empty, broadcastable and not) and random dim/keepdim/scalar arguments on every carrier,
returns the result torch computes or raises an EagerTapeError, and its backward does too.

Never a ``PanicException`` (which derives from BaseException, so a test that only caught
Exception would miss it): every call is made under ``except BaseException``.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import torch
import torch.nn.functional as F
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import eagertape as et

# carrier -> (Session fields, Parameter dtype, torch dtype of the reference result)
CARRIERS = {
    "float64": ({"dtype": "float64"}, "float64", torch.float64),
    "float32": ({"dtype": "float32"}, "float32", torch.float32),
    "float16": ({"dtype": "float16"}, "float16", torch.float16),
    "bfloat16": ({"dtype": "bfloat16"}, "bfloat16", torch.bfloat16),
    "reference": ({"dtype": "float64", "backend": "reference"}, "float64", torch.float64),
    "ieee32": ({"dtype": "ieee32"}, "ieee32", torch.float32),
    "interval": ({"dtype": "interval"}, "interval", torch.float64),
}
TOLERANCE = {torch.float64: 1e-9, torch.float32: 1e-4, torch.float16: 5e-2, torch.bfloat16: 5e-2}

shapes = st.lists(st.integers(0, 3), min_size=0, max_size=4).map(tuple)
dims = st.integers(-5, 5)
numbers = st.sampled_from([0, 1, -2.5, 0.5, 3, 1e300, -1e-300, float("inf"), float("nan")])

UNARY = {
    "exp": (lambda x: x.exp(), torch.exp),
    "log": (et.log, torch.log),
    "tanh": (et.tanh, torch.tanh),
    "sigmoid": (et.sigmoid, torch.sigmoid),
    "relu": (et.relu, torch.relu),
    "sqrt": (et.sqrt, torch.sqrt),
    "abs": (et.abs, torch.abs),
    "neg": (lambda x: -x, lambda x: -x),
    "rsqrt": (et.rsqrt, torch.rsqrt),
    "square": (et.square, torch.square),
    "reciprocal": (et.reciprocal, torch.reciprocal),
    "log1p": (et.log1p, torch.log1p),
    "expm1": (et.expm1, torch.expm1),
    "sin": (et.sin, torch.sin),
    "cos": (et.cos, torch.cos),
    "erf": (et.erf, torch.erf),
    "sign": (et.sign, torch.sign),
    "silu": (et.silu, F.silu),
    "logsigmoid": (et.logsigmoid, F.logsigmoid),
    "gelu": (et.gelu, F.gelu),
    "gelu_tanh": (lambda x: et.gelu(x, "tanh"), lambda x: F.gelu(x, approximate="tanh")),
}
BINARY = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "mul": lambda a, b: a * b,
    "div": lambda a, b: a / b,
    "matmul": lambda a, b: a @ b,
    "mse_loss": None,
    "maximum": torch.maximum,
    "minimum": torch.minimum,
}
SCALAR = {
    "add": lambda x, s: x + s,
    "radd": lambda x, s: s + x,
    "sub": lambda x, s: x - s,
    "rsub": lambda x, s: s - x,
    "mul": lambda x, s: x * s,
    "div": lambda x, s: x / s,
    "rdiv": lambda x, s: s / x,
    "pow": lambda x, s: x**s,
    "clamp_min": lambda x, s: x.clamp_min(s),
    "clamp_max": lambda x, s: x.clamp_max(s),
    "clamp": lambda x, s: x.clamp(-abs(s), abs(s)),
}


def torch_pow_is_consistent(e):
    """torch's float32 `x ** e` rounds `e` to float32 in its vectorized loop but not in the
    scalar tail, so an exponent that rounds to an integer (1e-300 -> 0, 3 + 1e-12 -> 3) gives
    1 or NaN for a negative base depending on the tensor's length; ieee32 follows the scalar
    loop (C's pow in double) and is compared only where torch agrees with itself."""
    with np.errstate(over="ignore"):
        rounded = float(np.float32(e))
    return rounded == e or not rounded.is_integer()


@st.composite
def calls(draw):
    """(name, operand shapes, et function, torch function) of one random call."""
    kind = draw(
        st.sampled_from(
            [
                "unary",
                "binary",
                "scalar",
                "reduce",
                "max",
                "view",
                "softmax",
                "transpose",
                "reshape",
                "linear",
                "cross_entropy",
                "index",
                "movement",
                "join",
                "stats",
                "loss",
                "math2",
            ]
        )
    )
    if kind == "unary":
        name = draw(st.sampled_from(sorted(UNARY)))
        f, tf = UNARY[name]
        return name, [draw(shapes)], f, tf
    if kind == "binary":
        name = draw(st.sampled_from(sorted(BINARY)))
        a = draw(shapes)
        b = draw(st.one_of(shapes, st.just(a), st.just(a[1:])))
        if name == "mse_loss":
            return name, [a, b], et.mse_loss, F.mse_loss
        if name in ("maximum", "minimum"):
            return name, [a, b], getattr(et, name), BINARY[name]
        return name, [a, b], BINARY[name], BINARY[name]
    if kind == "scalar":
        name = draw(st.sampled_from(sorted(SCALAR)))
        s = draw(numbers.filter(torch_pow_is_consistent) if name == "pow" else numbers)
        f = SCALAR[name]
        return f"{name}({s})", [draw(shapes)], lambda x: f(x, s), lambda x: f(x, s)
    if kind == "reduce":
        name = draw(st.sampled_from(["sum", "mean"]))
        dim = draw(st.one_of(st.none(), dims, st.lists(dims, max_size=3).map(tuple)))
        keepdim = draw(st.booleans())

        def reduce_t(x):
            return getattr(torch, name)(x, dim=dim, keepdim=keepdim)

        return (
            f"{name}({dim}, {keepdim})",
            [draw(shapes)],
            lambda x: getattr(x, name)(dim, keepdim),
            reduce_t,
        )
    if kind == "max":
        if draw(st.booleans()):
            which = draw(st.sampled_from(["amax", "amin"]))
            dim = draw(st.one_of(st.just(()), dims, st.lists(dims, max_size=3).map(tuple)))
            keepdim = draw(st.booleans())
            return (
                f"{which}({dim}, {keepdim})",
                [draw(shapes)],
                lambda x: getattr(x, which)(dim, keepdim),
                lambda x: getattr(torch, which)(x, dim, keepdim),
            )
        dim, keepdim = draw(dims), draw(st.booleans())
        return (
            f"max({dim}, {keepdim})",
            [draw(shapes)],
            lambda x: x.max(dim, keepdim).values,
            lambda x: x.max(dim, keepdim).values,
        )
    if kind == "softmax":
        name = draw(st.sampled_from(["softmax", "log_softmax"]))
        dim = draw(dims)
        return (
            f"{name}({dim})",
            [draw(shapes)],
            lambda x: getattr(x, name)(dim),
            lambda x: getattr(x, name)(dim),
        )
    if kind == "transpose":
        d0, d1 = draw(dims), draw(dims)
        return (
            f"transpose({d0}, {d1})",
            [draw(shapes)],
            lambda x: x.transpose(d0, d1),
            lambda x: x.transpose(d0, d1),
        )
    if kind == "view":
        which = draw(st.sampled_from(["permute", "unsqueeze", "squeeze", "flatten", "T", "mT"]))
        a, b = draw(dims), draw(dims)
        perm = tuple(draw(st.permutations(range(draw(st.integers(0, 4))))))
        f = {
            "permute": lambda x: x.permute(perm),
            "unsqueeze": lambda x: x.unsqueeze(a),
            "squeeze": lambda x: x.squeeze(a),
            "flatten": lambda x: x.flatten(a, b),
            "T": lambda x: x.T if x.ndim <= 2 else x.permute(*reversed(range(x.ndim))),
            "mT": lambda x: x.mT,
        }[which]
        return f"{which}({a}, {b}, {perm})", [draw(shapes)], f, f
    if kind == "reshape":
        target = tuple(draw(st.lists(st.integers(-2, 6), max_size=4)))
        return (
            f"reshape{target}",
            [draw(shapes)],
            lambda x: x.reshape(target),
            lambda x: x.reshape(target),
        )
    if kind == "linear":
        x, w = draw(shapes), draw(shapes)
        if draw(st.booleans()):
            return "linear", [x, w, draw(shapes)], et.linear, F.linear
        return "linear", [x, w], et.linear, F.linear
    if kind == "index":
        key = tuple(draw(st.lists(index_items, max_size=4)))
        return f"getitem{key!r}", [draw(shapes)], lambda x: x[key], lambda x: x[_torch_key(key)]
    if kind == "movement":
        return draw(movements())
    if kind == "join":
        return draw(joins())
    if kind == "stats":
        return draw(statistics())
    if kind == "loss":
        return draw(losses())
    if kind == "math2":
        return draw(math2())
    ids = draw(st.lists(st.integers(-1, 4), max_size=4))

    def ce_t(x):
        return F.cross_entropy(x, torch.as_tensor(ids, dtype=torch.int64))

    return f"cross_entropy({ids})", [draw(shapes)], lambda x: et.cross_entropy(x, ids), ce_t


index_items = st.one_of(
    st.integers(-4, 4),
    st.builds(
        slice,
        st.none() | st.integers(-4, 4),
        st.none() | st.integers(-4, 4),
        st.none() | st.integers(-2, 3),
    ),
    st.none(),
    st.just(Ellipsis),
    st.lists(st.integers(-4, 4), max_size=3).map(lambda v: np.array(v, dtype=np.int64)),
    st.lists(st.booleans(), min_size=0, max_size=3).map(lambda v: np.array(v, dtype=bool)),
)


def _torch_key(key):
    return tuple(torch.as_tensor(k) if isinstance(k, np.ndarray) else k for k in key)


@st.composite
def movements(draw):
    d, n = draw(dims), draw(st.integers(-2, 4))
    ints = st.lists(st.integers(-2, 4), min_size=1, max_size=4).map(tuple)
    which = draw(
        st.sampled_from(
            [
                "index_select",
                "gather",
                "narrow",
                "select",
                "expand",
                "repeat",
                "flip",
                "roll",
                "tril",
                "triu",
                "pad",
                "split",
                "chunk",
                "masked_fill",
            ]
        )
    )
    idx = np.array(draw(st.lists(st.integers(-3, 4), max_size=4)), dtype=np.int64)
    shape = draw(shapes)
    sizes = draw(ints)
    if which == "index_select":
        return (
            which,
            [shape],
            lambda x: x.index_select(d, idx),
            lambda x: x.index_select(d, torch.as_tensor(idx)),
        )
    if which == "gather":
        g = np.array(draw(st.lists(st.integers(-1, 3), max_size=6)), dtype=np.int64)
        g = g.reshape(draw(st.sampled_from([(g.size,), (1, g.size), (g.size, 1)])))
        return which, [shape], lambda x: x.gather(d, g), lambda x: x.gather(d, torch.as_tensor(g))
    if which == "narrow":
        return which, [shape], lambda x: x.narrow(d, n, 2), lambda x: x.narrow(d, n, 2)
    if which == "select":
        return which, [shape], lambda x: x.select(d, n), lambda x: x.select(d, n)
    if which in ("expand", "repeat", "flip"):
        return (
            f"{which}{sizes}",
            [shape],
            lambda x: getattr(x, which)(*sizes),
            lambda x: getattr(x, which)(*sizes),
        )
    if which == "roll":
        return which, [shape], lambda x: x.roll(n, d), lambda x: x.roll(n, d)
    if which in ("tril", "triu"):
        return which, [shape], lambda x: getattr(x, which)(n), lambda x: getattr(x, which)(n)
    if which == "pad":
        mode = draw(st.sampled_from(["constant", "reflect", "replicate", "circular"]))
        pad = tuple(draw(st.lists(st.integers(-3, 3), max_size=4)))
        return (
            f"pad{pad}, {mode}",
            [shape],
            lambda x: et.pad(x, pad, mode),
            lambda x: F.pad(x, pad, mode),
        )
    if which == "split":
        return which, [shape], lambda x: x.split(n, d)[0], lambda x: x.split(n, d)[0]
    if which == "chunk":
        return which, [shape], lambda x: x.chunk(n, d)[-1], lambda x: x.chunk(n, d)[-1]
    mask = np.array(draw(st.lists(st.booleans(), max_size=3)), dtype=bool)
    return (
        which,
        [shape],
        lambda x: x.masked_fill(mask, 2.0),
        lambda x: x.masked_fill(torch.as_tensor(mask), 2.0),
    )


@st.composite
def statistics(draw):
    """prod, var, std, logsumexp, norm, cumsum, argmax, argmin with random dims."""
    which = draw(
        st.sampled_from(["prod", "var", "std", "logsumexp", "norm", "cumsum", "argmax", "argmin"])
    )
    shape = draw(shapes)
    keepdim = draw(st.booleans())
    dim = draw(dims)
    some_dims = draw(st.one_of(st.none(), dims, st.lists(dims, min_size=1, max_size=3).map(tuple)))
    if which == "prod":
        d = draw(st.one_of(st.none(), dims))
        f = lambda x: x.prod() if d is None else x.prod(d, keepdim)  # noqa: E731
        return f"prod({d}, {keepdim})", [shape], f, f
    if which in ("var", "std"):
        c = draw(st.sampled_from([0, 1, 2.5]))
        f = lambda x: getattr(x, which)(some_dims, keepdim=keepdim, correction=c)  # noqa: E731
        return f"{which}({some_dims}, {c}, {keepdim})", [shape], f, f
    if which == "logsumexp":
        d = dim if some_dims is None else some_dims
        f = lambda x: x.logsumexp(d, keepdim)  # noqa: E731
        return f"logsumexp({d}, {keepdim})", [shape], f, f
    if which == "norm":
        p = draw(st.sampled_from([2, 1, float("inf"), float("-inf"), 0, 0.5, 3, "fro"]))
        f = lambda x: x.norm(p, some_dims, keepdim)  # noqa: E731
        return f"norm({p}, {some_dims}, {keepdim})", [shape], f, f
    if which == "cumsum":
        f = lambda x: x.cumsum(dim)  # noqa: E731
        return f"cumsum({dim})", [shape], f, f
    d = draw(st.one_of(st.none(), dims))
    f = lambda x: getattr(x, which)(d, keepdim)  # noqa: E731
    return f"{which}({d}, {keepdim})", [shape], f, f


@st.composite
def losses(draw):
    """The pointwise losses with each reduction, and cross entropy with probabilities."""
    shape = draw(shapes)
    reduction = draw(st.sampled_from(["none", "mean", "sum"]))
    which = draw(
        st.sampled_from(["l1", "smooth_l1", "huber", "kl_div", "bce_logits", "mse", "ce_probs"])
    )
    if which == "ce_probs":
        return (
            f"cross_entropy(probs, {reduction})",
            [shape, shape],
            lambda x, t: et.cross_entropy(x, t.softmax(min(1, t.ndim - 1)), reduction=reduction),
            lambda x, t: F.cross_entropy(x, t.softmax(min(1, t.ndim - 1)), reduction=reduction),
        )
    et_f, t_f = {
        "l1": (et.l1_loss, F.l1_loss),
        "smooth_l1": (et.smooth_l1_loss, F.smooth_l1_loss),
        "huber": (et.huber_loss, F.huber_loss),
        "kl_div": (et.kl_div, F.kl_div),
        "bce_logits": (et.binary_cross_entropy_with_logits, F.binary_cross_entropy_with_logits),
        "mse": (et.mse_loss, F.mse_loss),
    }[which]
    return (
        f"{which}({reduction})",
        [shape, shape],
        lambda x, t: et_f(x, t.sigmoid(), reduction=reduction),
        lambda x, t: t_f(x, t.sigmoid(), reduction=reduction),
    )


@st.composite
def math2(draw):
    """pow with a tensor exponent, clamp with tensor bounds, matmul of vectors, einsum."""
    a = draw(shapes)
    b = draw(st.one_of(shapes, st.just(a), st.just(a[1:])))
    which = draw(st.sampled_from(["pow", "clamp", "matmul", "einsum"]))
    if which == "pow":
        return "pow(tensor)", [a, b], lambda x, y: x.abs() ** y, lambda x, y: x.abs() ** y
    if which == "clamp":
        return (
            "clamp(tensors)",
            [a, b],
            lambda x, y: x.clamp(y, y + 0.5),
            lambda x, y: x.clamp(y, y + 0.5),
        )
    if which == "matmul":
        return "matmul", [a, b], lambda x, y: x @ y, lambda x, y: x @ y
    eq = draw(st.sampled_from(["i,i->", "ij,j->i", "ij,kj->ik", "...i,...i->...", "ii->i", "ij->"]))
    return (
        f"einsum({eq})",
        [a, b],
        lambda x, y: et.einsum(eq, x, y) if "," in eq else et.einsum(eq, x),
        lambda x, y: torch.einsum(eq, x, y) if "," in eq else torch.einsum(eq, x),
    )


@st.composite
def joins(draw):
    a = draw(shapes)
    b = draw(st.one_of(shapes, st.just(a)))
    d = draw(dims)
    which = draw(st.sampled_from(["cat", "stack", "where", "compare"]))
    if which == "cat":
        return which, [a, b], lambda x, y: et.cat([x, y], d), lambda x, y: torch.cat([x, y], d)
    if which == "stack":
        return which, [a, b], lambda x, y: et.stack([x, y], d), lambda x, y: torch.stack([x, y], d)
    if which == "where":
        return (
            which,
            [a, b],
            lambda x, y: et.where(x > y, x, y),
            lambda x, y: torch.where(x > y, x, y),
        )
    return (
        which,
        [a, b],
        lambda x, y: et.where((x <= y) | ~(x == 0.5) ^ x.isnan(), 1.0, y),
        lambda x, y: torch.where((x <= y) | ~(x == 0.5) ^ x.isnan(), 1.0, y),
    )


def torch_reference(tf, arrays, dtype):
    """torch's result (as float64 numpy) for `arrays` in `dtype`, or the error it raised."""
    try:
        with torch.no_grad(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # mse_loss broadcasting (eagertape refuses it)
            out = tf(*[torch.as_tensor(a).to(dtype) for a in arrays])
        return out.to(torch.float64).numpy(), None
    except (RuntimeError, ValueError, IndexError, TypeError) as e:
        return None, e


def check_result(carrier, out, expected, dtype, what):
    """`out` (an eagertape Tensor) equals torch's `expected` within the carrier's tolerance."""
    if carrier == "interval":
        lo, hi = out.bounds()
        assert lo.shape == expected.shape, what
        slack = 1e-9 * np.maximum(1.0, np.abs(np.nan_to_num(expected)))
        finite = np.isfinite(expected)
        assert ((lo - slack <= expected) | ~finite).all(), what
        assert ((expected <= hi + slack) | ~finite).all(), what
        return
    value = np.asarray(out.numpy(), dtype=np.float64)
    assert value.shape == expected.shape, what
    tol = TOLERANCE[dtype]
    scale = np.nanmax(np.abs(np.where(np.isfinite(expected), expected, 0)), initial=1.0)
    np.testing.assert_allclose(
        value, expected, rtol=tol, atol=tol * scale, equal_nan=True, err_msg=what
    )


def call_checked(carrier, name, arrays, f, tf):
    fields, pdtype, tdtype = CARRIERS[carrier]
    what = f"{name} on {carrier} with shapes {[a.shape for a in arrays]}"
    sess = et.Session(**fields)
    expected, torch_error = torch_reference(tf, arrays, tdtype)
    try:
        data = [et.interval(a) if carrier == "interval" else a for a in arrays]
        params = [et.Parameter(d, dtype=pdtype) for d in data]
        xs = [sess.use(p) for p in params]
        out = f(*xs)
    except et.EagerTapeError:
        event("typed error" + (" (torch too)" if torch_error else " (torch computes it)"))
        return
    except BaseException as e:  # noqa: BLE001  (a PanicException is a BaseException)
        raise AssertionError(f"{what} raised {type(e).__name__}: {e}") from None
    assert torch_error is None, f"{what}: torch raised {torch_error!r}, eagertape returned"
    check_result(carrier, out, expected, tdtype, what)
    event("result equal to torch's")
    backward_never_panics(sess, out, params, what)


def backward_never_panics(sess, out, params, what):
    """The backward of whatever came out: a typed error or gradients of the right shapes."""
    try:
        loss = out.sum() if out.shape != () else out
        with sess.backward(loss) as grads:
            for p in params:
                if p in grads:
                    assert grads[p].shape == p.shape, what
    except et.EagerTapeError:
        pass
    except BaseException as e:  # noqa: BLE001
        raise AssertionError(f"backward of {what} raised {type(e).__name__}: {e}") from None


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(call=calls(), carrier=st.sampled_from(sorted(CARRIERS)), seed=st.integers(0, 2**32 - 1))
def test_every_op_returns_torchs_result_or_a_typed_error_never_a_panic(call, carrier, seed):
    name, shape_list, f, tf = call
    rng = np.random.default_rng(seed)
    arrays = [rng.standard_normal(s) for s in shape_list]
    call_checked(carrier, name, arrays, f, tf)


def test_the_calls_that_used_to_panic_give_results():
    # mean over dim 0 of a 0-d tensor, and a float32 tensor times a number beyond float32's
    # range, both panicked before (PanicException); torch gives 2.0 and inf.
    sess = et.Session(dtype="float32")
    assert sess.input(2.0).mean(0).item() == 2.0
    assert np.isinf((sess.input(np.ones(3)) * 1e300).numpy()).all()
    # torch refuses an exponent float16 cannot hold; so does eagertape, with a typed error.
    half = et.Session(dtype="float16")
    with pytest.raises(et.BackendError, match="overflow"):
        half.input(np.ones(3)) ** 1e300


# Every op that takes a number, with the numbers most likely to break a conversion: beyond
# every floating dtype's range, infinities, NaN, a negative zero, and integers beyond int64.
EXTREME_NUMBERS = (1e300, -1e300, float("inf"), float("-inf"), float("nan"), -0.0, 2**63, 2**64 - 1)
MASK3 = np.array([True, False, True])


def _number_first(f):
    return lambda s, x: f(x, s)


NUMBER_OPS = {
    # the property test's scalar ops (x, s) first, then the other forms that take a number
    **{name: _number_first(f) for name, f in SCALAR.items()},
    "x // s": lambda s, x: x // s,
    "s // x": lambda s, x: s // x,
    "x % s": lambda s, x: x % s,
    "s % x": lambda s, x: s % x,
    "s ** x": lambda s, x: s**x,
    "x < s": lambda s, x: x < s,
    "x >= s": lambda s, x: x >= s,
    "x == s": lambda s, x: x == s,
    "clamp(min=s)": lambda s, x: x.clamp(min=s),
    "clamp(max=s)": lambda s, x: x.clamp(max=s),
    "hardtanh(s, s)": lambda s, x: x.hardtanh(s, s),
    "leaky_relu": lambda s, x: x.leaky_relu(s),
    "elu": lambda s, x: x.elu(s),
    "softplus(beta=s)": lambda s, x: x.softplus(beta=s),
    "softplus(threshold=s)": lambda s, x: x.softplus(threshold=s),
    "masked_fill": lambda s, x: x.masked_fill(MASK3, s),
    "et.where(mask, x, s)": lambda s, x: et.where(MASK3, x, s),
    "pad(value=s)": lambda s, x: et.pad(x, (1, 1), value=s),
    "norm(p=s)": lambda s, x: x.norm(p=s),
    "var(correction=s)": lambda s, x: x.var(correction=s),
    "huber_loss(delta=s)": lambda s, x: et.huber_loss(x, np.zeros(3), delta=s),
    "smooth_l1_loss(beta=s)": lambda s, x: et.smooth_l1_loss(x, np.zeros(3), beta=s),
    "layer_norm(eps=s)": lambda s, x: et.layer_norm(x, (3,), eps=s),
    "dropout(p=s)": lambda s, x: et.dropout(x, p=s),
}


@pytest.mark.parametrize("carrier", sorted(CARRIERS))
@pytest.mark.parametrize("name", sorted(NUMBER_OPS))
def test_extreme_numbers_give_a_result_or_a_typed_error_never_a_panic(name, carrier):
    fields, pdtype, _ = CARRIERS[carrier]
    f = NUMBER_OPS[name]
    data = np.array([0.5, -1.5, 2.0])
    for s in EXTREME_NUMBERS:
        sess = et.Session(**fields)
        p = et.Parameter(et.interval(data) if carrier == "interval" else data, dtype=pdtype)
        what = f"{name} with s={s!r} on {carrier}"
        try:
            out = f(s, sess.use(p))
        except (et.EagerTapeError, OverflowError):
            continue  # a typed error (OverflowError: an int no number type holds)
        except BaseException as e:  # noqa: BLE001  (a PanicException is a BaseException)
            raise AssertionError(f"{what} raised {type(e).__name__}: {e}") from None
        out.bounds() if out.dtype == "interval" else out.numpy()
        if out.dtype not in ("bool", "int64", "int32"):
            backward_never_panics(sess, out, [p], what)


def test_sessions_factories_take_extreme_fill_values_without_panicking():
    for fields, _, _ in CARRIERS.values():
        sess = et.Session(**fields)
        for s in EXTREME_NUMBERS:
            try:
                sess.full((2, 3), s)
            except (et.EagerTapeError, OverflowError):
                pass
            except BaseException as e:  # noqa: BLE001
                raise AssertionError(f"full((2, 3), {s!r}) raised {type(e).__name__}") from None


def test_a_float32_masked_fill_beyond_its_range_is_torchs_overflow_error():
    # torch: RuntimeError "value cannot be converted to type float without overflow"; this
    # once panicked inside tch (PanicException).
    sess = et.Session(dtype="float32")
    x = sess.input(np.ones(3, dtype=np.float32))
    with pytest.raises(et.EagerTapeError, match="without overflow"):
        x.masked_fill(MASK3, 1e300)
    assert sess.tape_len == 1
