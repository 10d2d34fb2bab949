"""Places where eagertape once differed from torch silently, or refused what torch accepts
(issue "nothing silently wrong"). One behaviour per test, torch's computation beside it."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from conftest import DEVICE_INDEX, ON_CUDA

import eagertape as et

X = np.arange(6.0).reshape(2, 3)


def test_contiguous_then_view_merges_transposed_dims_as_nanogpt_does():
    # nanoGPT's attention: y.transpose(1, 2).contiguous().view(B, T, C)
    sess = et.Session(dtype="float64")
    p = et.Parameter(X)
    y = sess.use(p).transpose(0, 1).contiguous().view(-1)
    t = torch.tensor(X, requires_grad=True)
    ty = t.transpose(0, 1).contiguous().view(-1)
    np.testing.assert_array_equal(y.numpy(), ty.detach().numpy())
    cot = np.arange(1.0, 7.0)
    (ty * torch.tensor(cot)).sum().backward()
    with sess.backward((y * cot).sum()) as grads:
        np.testing.assert_array_equal(grads[p].numpy(), t.grad.numpy())


def test_contiguous_of_a_contiguous_tensor_is_the_tensor_itself():
    sess = et.Session(dtype="float64")
    x = sess.input(X)
    assert x.contiguous() is x  # torch: x.contiguous() is x
    assert sess.tape_len == 1


def test_view_follows_torchs_stride_rule():
    sess = et.Session(dtype="float64")
    x = sess.input(X)
    # torch: torch.arange(6.).reshape(2, 3).split(1, dim=1)[1].view(-1) -> tensor([1., 4.])
    np.testing.assert_array_equal(x.split(1, dim=1)[1].view(-1).numpy(), [1.0, 4.0])
    # torch: x.t().view(-1) raises "view size is not compatible with input tensor's size and
    # stride"; so does eagertape, with a ShapeError that says what to do.
    with pytest.raises(et.ShapeError, match="not compatible.*reshape"):
        x.transpose(0, 1).view(-1)


@pytest.mark.parametrize(
    "method",
    [
        "view(-1)",
        "reshape(3, 2)",
        "transpose(0, 1)",
        "permute(1, 0)",
        "T",
        "unsqueeze(0)",
        "squeeze()",
        "flatten()",
        "T.contiguous()",
        "unflatten(1, (3, 1))",
    ],
)
@pytest.mark.parametrize("dtype", ["int64", "int32", "bool"])
def test_layout_methods_move_integer_and_bool_data_as_torch(method, dtype):
    data = (np.arange(6).reshape(2, 3) % 2 == 0) if dtype == "bool" else np.arange(6).reshape(2, 3)
    sess = et.Session(dtype="float32")
    x = sess.input(data.astype(dtype)) if dtype != "bool" else sess.input(data)
    t = torch.as_tensor(data.astype(dtype) if dtype != "bool" else data)
    got, want = eval(f"x.{method}", {"x": x}), eval(f"t.{method}", {"t": t})
    assert got.dtype == str(want.dtype).removeprefix("torch.")
    np.testing.assert_array_equal(got.numpy(), want.numpy())


def test_flip_takes_dims_as_torchs_keyword():
    sess = et.Session(dtype="float64")
    x = sess.input(X)
    t = torch.tensor(X)
    np.testing.assert_array_equal(x.flip(dims=(0,)).numpy(), t.flip(dims=(0,)).numpy())
    np.testing.assert_array_equal(x.flip(dims=[0, 1]).numpy(), t.flip(dims=[0, 1]).numpy())
    np.testing.assert_array_equal(x.flip(1).numpy(), t.flip(1).numpy())


def own_device_forms() -> list:
    """The names torch accepts for the test device: `x.to(name) is x` for a tensor there."""
    if not ON_CUDA:
        return ["cpu", torch.device("cpu")]
    forms = [f"cuda:{DEVICE_INDEX}", torch.device("cuda", DEVICE_INDEX)]
    if DEVICE_INDEX == 0:  # "cuda" is the current device, cuda:0 unless a test changes it
        forms += ["cuda", torch.device("cuda")]
    return forms


def test_to_accepts_torchs_device_forms_for_the_tensors_own_device():
    sess = et.Session(dtype="float64")
    x = sess.input(X)
    for device in own_device_forms():
        assert x.to(device) is x  # torch: x.to(its own device) is x
        assert x.to(device=device) is x
    name = own_device_forms()[0]
    assert x.to(name, torch.float32).dtype == "float32"
    assert x.to(device=name, dtype="float32", non_blocking=True).dtype == "float32"
    assert x.to(sess.input(np.arange(3))).dtype == "int64"  # torch: x.to(other)


def test_to_another_device_is_a_device_error_saying_what_to_do():
    sess = et.Session(dtype="float64")
    with pytest.raises(et.DeviceError, match="session's device"):
        sess.input(X).to("cuda:7")
    assert sess.tape_len == 1


def test_to_with_a_word_that_is_neither_a_dtype_nor_a_device_names_it():
    sess = et.Session(dtype="float64")
    with pytest.raises(et.ArgumentError, match='"gpu" is neither a dtype nor a device'):
        sess.input(X).to("gpu")


def test_interval_tolist_is_refused_with_a_dtype_error_naming_bounds():
    sess = et.Session(dtype="interval")
    x = sess.input(et.interval(np.array([1.0, 2.0]), np.array([1.5, 2.5])))
    with pytest.raises(et.DTypeError, match=r"bounds\(\)"):
        x.tolist()


def test_interval_bounds_as_lists_are_the_lower_and_upper_bounds():
    sess = et.Session(dtype="interval")
    x = sess.input(et.interval(np.array([1.0, 2.0]), np.array([1.5, 2.5])))
    assert [b.tolist() for b in x.bounds()] == [[1.0, 2.0], [1.5, 2.5]]


def test_conv_transpose2d_with_an_invalid_output_padding_is_a_typed_error():
    # torch: RuntimeError "output padding must be smaller than either stride or dilation"
    sess = et.Session(dtype="float64")
    x, w = sess.input(np.ones((1, 1, 3, 3))), sess.input(np.ones((1, 1, 2, 2)))
    with pytest.raises(et.ArgumentError, match="output padding must be"):
        et.conv_transpose2d(x, w, stride=1, output_padding=2)
    assert sess.tape_len == 2


def test_a_uint64_label_beyond_int64_is_refused_not_wrapped_to_the_ignore_index():
    # 2**64 - 100 wrapped to -100, cross_entropy's ignore_index: silently ignored.
    sess = et.Session(dtype="float64")
    logits = sess.input(np.ones((1, 3)))
    with pytest.raises(et.DTypeError, match="does not fit in int64"):
        et.cross_entropy(logits, np.array([2**64 - 100], dtype=np.uint64))
    # in range, uint64 labels are class ids as any integers
    loss = et.cross_entropy(logits, np.array([2], dtype=np.uint64))
    assert loss.item() == pytest.approx(np.log(3.0))


def test_batch_norm_accepts_an_empty_batch_as_torch():
    # torch: BatchNorm1d(3)(torch.ones(0, 3)) is empty; running statistics unchanged; the
    # weight's and bias's gradients are zero.
    sess = et.Session(dtype="float32")
    rm = et.Parameter(np.zeros(3, dtype=np.float32), requires_grad=False)
    rv = et.Parameter(np.ones(3, dtype=np.float32), requires_grad=False)
    w, b = et.Parameter(np.ones(3, dtype=np.float32)), et.Parameter(np.zeros(3, dtype=np.float32))
    x = sess.input(np.ones((0, 3), dtype=np.float32))
    out = et.batch_norm(x, rm, rv, sess.use(w), sess.use(b), training=True)
    assert out.shape == (0, 3)
    np.testing.assert_array_equal(rm.numpy(), np.zeros(3))
    np.testing.assert_array_equal(rv.numpy(), np.ones(3))
    with sess.backward(out.sum()) as grads:
        np.testing.assert_array_equal(grads[w].numpy(), np.zeros(3))
        np.testing.assert_array_equal(grads[b].numpy(), np.zeros(3))


def test_batch_norm_still_refuses_one_value_per_channel_in_training():
    sess = et.Session(dtype="float32")
    with pytest.raises(et.ArgumentError, match="more than 1 value per channel"):
        et.batch_norm(sess.input(np.ones((1, 3), dtype=np.float32)), None, None, training=True)


def test_masked_fill_with_a_0d_tensor_value_gives_the_value_its_gradient():
    # torch: d/dv sum(x.masked_fill(m, v) * 3) = 3 * (number of masked positions)
    sess = et.Session(dtype="float64")
    x, v = et.Parameter(np.ones((2, 3))), et.Parameter(np.array(2.0))
    m = np.array([[True, False, True], [False, False, True]])
    y = sess.use(x).masked_fill(m, sess.use(v))
    with sess.backward((y * 3.0).sum()) as grads:
        assert grads[v].numpy() == 9.0
        np.testing.assert_array_equal(grads[x].numpy(), np.where(m, 0.0, 3.0))


def test_masked_fill_refuses_a_value_tensor_that_is_not_0d():
    sess = et.Session(dtype="float64")
    with pytest.raises(et.ShapeError, match="0-dimensional value tensor"):
        sess.input(np.ones(3)).masked_fill(np.array([True, False, True]), sess.input(np.ones(3)))


# torch keywords a Tensor method need not take, each with its reason: `out=` (eagertape
# tensors are immutable values), `dtype=` of reductions and softmax (a session computes in its
# carrier), named-tensor and layout arguments (`names`, `out_dim`, `layout`, `pin_memory`,
# `memory_format` outside the conversions), `generator` (the session's RNG), `inplace`,
# `sparse_grad` and `implicit` (no sparse or implicit-expand forms), `device` and
# `requires_grad` of `new_tensor`'s (a tensor lives on its session's device), `from` of the
# random fills (a Python keyword, which only `**{"from": ...}` could pass: named `from_`, as
# torch's own stubs name it).
NOT_PROMISED = {
    "out", "dtype", "names", "out_dim", "layout", "pin_memory", "memory_format", "generator",
    "inplace", "sparse_grad", "implicit", "device", "requires_grad", "non_blocking", "copy",
    "from",
}  # fmt: skip


def _torch_keywords(name: str) -> set[str]:
    """The argument names of torch's ATen schemas for Tensor method `name` (those with a
    Tensor `self`, no `out=` overloads), which torch's Python binding takes by keyword."""
    names = set()
    for schema in torch._C._jit_get_schemas_for_operator(f"aten::{name}"):
        args = schema.arguments
        if not args or args[0].name != "self" or not str(args[0].type).startswith("Tensor"):
            continue
        if any(a.is_out for a in args) or "Dimname" in str(schema):
            continue
        names |= {a.name for a in args[1:]}
    return names


def _methods_with_torch_schemas() -> list[str]:
    return [
        n
        for n in sorted(dir(et.Tensor))
        if not n.startswith("_")
        and callable(getattr(et.Tensor, n))
        and hasattr(torch.Tensor, n)
        and _torch_keywords(n)
    ]


@pytest.mark.parametrize("name", _methods_with_torch_schemas())
def test_every_method_takes_torchs_keyword_names(name):
    # Generated from torch's own schemas: `x.flip(dims=...)` was a TypeError, as were
    # `permute(dims=)`, `view(size=)`, `reshape(shape=)`, `expand(size=)`, `repeat(repeats=)`,
    # `split(split_size=)` and `to(other=)`.
    import inspect

    params = inspect.signature(getattr(et.Tensor, name)).parameters.values()
    accepted = {p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    missing = sorted(_torch_keywords(name) - accepted - NOT_PROMISED)
    assert not missing, f"Tensor.{name} does not take torch's keyword(s) {missing}"


def test_the_keyword_forms_compute_what_the_positional_forms_do():
    sess = et.Session(dtype="float64")
    x = sess.input(np.arange(6.0).reshape(2, 3))
    t = torch.tensor(np.arange(6.0).reshape(2, 3))
    pairs = [
        (x.permute(dims=(1, 0)), t.permute(dims=(1, 0))),
        (x.view(size=(3, 2)), t.view(size=(3, 2))),
        (x.reshape(shape=(6,)), t.reshape(shape=(6,))),
        (x[:1].expand(size=(4, 3)), t[:1].expand(size=(4, 3))),
        (x.repeat(repeats=(2, 1)), t.repeat(repeats=(2, 1))),
        (x.split(split_size=2, dim=1)[1], t.split(split_size=2, dim=1)[1]),
        (x.max(other=x * 0.0 + 2.5), t.max(other=t * 0.0 + 2.5)),
    ]
    for got, want in pairs:
        np.testing.assert_array_equal(got.numpy(), want.numpy())
    with pytest.raises(TypeError, match="both positionally and as a keyword"):
        x.permute(1, 0, dims=(1, 0))
    with pytest.raises(TypeError, match="either dim or other"):  # torch: no such overload
        x.max(0, other=x)


@pytest.mark.parametrize(
    "method",
    ["matmul", "pow", "floor_divide", "remainder", "atan2", "arctan2", "hypot", "fmod",
     "logaddexp", "xlogy", "eq", "ne"],
)  # fmt: skip
@pytest.mark.parametrize("other", ["a", None], ids=["str", "None"])
def test_a_method_given_a_string_or_none_raises_type_error_as_torchs(method, other):
    # (the operators hand Python NotImplemented; a method returned it as its result, and
    # x.eq(None) was Python's identity fallback, False)
    with pytest.raises(TypeError):
        getattr(torch.ones(2, 2, dtype=torch.float64), method)(other)
    with et.Session(dtype="float64"):
        x = et.ones(2, 2)
        with pytest.raises(TypeError, match=r"\(\): other must be a tensor"):
            getattr(x, method)(other)
