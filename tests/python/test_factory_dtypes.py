"""Every torch-style factory × dtype × requires_grad, side by side with torch.

Inside a float32 session (the default), each factory is called with each dtype torch's
factories take and with ``requires_grad`` False and True, exactly as torch is called: the
result's dtype, shape, ``requires_grad`` and (for the deterministic factories) values must
be torch's, and where torch refuses (``requires_grad=True`` on integers) eagertape must
refuse too. A float64 leaf in a float32 session stays float64 (it used to come back as
float32), and an integer ``arange``/``linspace`` takes torch's integer steps.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

DTYPES = ("float16", "bfloat16", "float32", "float64", "int64", "int32", "bool")

# name -> (call with a module `m` and a dtype `d` as keywords, deterministic values?)
FACTORIES = {
    "zeros": (lambda m, **kw: m.zeros(2, 3, **kw), True),
    "ones": (lambda m, **kw: m.ones(2, 3, **kw), True),
    "full": (lambda m, **kw: m.full((2, 3), 1.0, **kw), True),
    "full_int_fill": (lambda m, **kw: m.full((3,), 7, **kw), True),
    "empty": (lambda m, **kw: m.empty(2, 3, **kw), False),
    "eye": (lambda m, **kw: m.eye(3, 2, **kw), True),
    "arange": (lambda m, **kw: m.arange(0, 5, 1.5, **kw), True),
    "arange_int": (lambda m, **kw: m.arange(7, **kw), True),
    "linspace": (lambda m, **kw: m.linspace(-3, 7.5, 4, **kw), True),
    "rand": (lambda m, **kw: m.rand(2, 3, **kw), False),
    "randn": (lambda m, **kw: m.randn(2, 3, **kw), False),
    "tensor": (lambda m, **kw: m.tensor([[0.5, -1.0], [2.0, 3.25]], **kw), True),
    "tensor_ints": (lambda m, **kw: m.tensor([1, 2, 3], **kw), True),
}
FLOAT_ONLY = {"rand", "randn"}  # torch: "not implemented for 'Long'" and friends


def _cases():
    out = []
    for name in FACTORIES:
        for dtype in DTYPES:
            for rg in (False, True):
                out.append(pytest.param(name, dtype, rg, id=f"{name}-{dtype}-{rg}"))
    return out


def _torch_result(name, dtype, requires_grad):
    make, _ = FACTORIES[name]
    return make(torch, dtype=getattr(torch, dtype), requires_grad=requires_grad)


@pytest.mark.parametrize(("name", "dtype", "requires_grad"), _cases())
def test_a_factory_gives_torchs_dtype_values_and_requires_grad(name, dtype, requires_grad):
    make, deterministic = FACTORIES[name]
    try:
        expected = _torch_result(name, dtype, requires_grad)
    except (RuntimeError, TypeError):
        with et.Session(), pytest.raises((et.EagerTapeError, TypeError)):
            make(et, dtype=getattr(et, dtype), requires_grad=requires_grad)
        return
    if name in FLOAT_ONLY and dtype not in ("float16", "bfloat16", "float32", "float64"):
        pytest.fail(f"torch made {name} of {dtype}: the table's FLOAT_ONLY is out of date")
    with et.Session():
        got = make(et, dtype=getattr(et, dtype), requires_grad=requires_grad)
        assert got.dtype == dtype
        assert tuple(got.shape) == tuple(expected.shape)
        assert got.requires_grad == expected.requires_grad
        if deterministic:
            want = expected.detach().to(torch.float64).numpy()
            np.testing.assert_array_equal(np.asarray(got.tolist(), dtype=np.float64), want)


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bfloat16", "int64", "int32"])
def test_linspace_is_torchs_bits_over_long_and_reversed_ranges(dtype):
    # LibTorch's own kernel: the halves counted from each end in the dtype's arithmetic (a
    # float64 formula rounded once was 1 ulp off in some elements)
    for start, end, steps in [(-3.3, 17.1, 1001), (5.0, -2.0, 33), (0.1, 0.7, 2), (0.0, 1.0, 7)]:
        want = torch.linspace(start, end, steps, dtype=getattr(torch, dtype))
        with et.Session():
            got = torch.from_dlpack(et.linspace(start, end, steps, dtype=getattr(et, dtype)))
            assert torch.equal(got, want), (start, end, steps)


def test_a_float64_leaf_made_in_a_float32_session_gets_a_float64_gradient():
    # torch: x = torch.zeros(3, dtype=torch.float64, requires_grad=True); (x * 2).sum()
    # .backward() -> x.grad == [2, 2, 2] in float64
    with et.Session():
        x = et.zeros(3, dtype=et.float64, requires_grad=True)
        (x * 2.0).sum().backward()
        assert x.grad.numpy().dtype == np.float64
        np.testing.assert_array_equal(x.grad.numpy(), [2.0, 2.0, 2.0])


@pytest.mark.parametrize(
    "call",
    [
        lambda m: m.tensor([float("nan")], dtype=m.int64),
        lambda m: m.tensor([1e30], dtype=m.int64),
        lambda m: m.tensor([3e9], dtype=m.int32),
        lambda m: m.full((2,), 1e6, dtype=m.float16),
        lambda m: m.full((2,), float("nan"), dtype=m.int64),
    ],
    ids=["nan_int64", "huge_int64", "huge_int32", "full_float16_overflow", "full_nan_int64"],
)
def test_a_value_the_dtype_cannot_hold_is_refused_as_torch_refuses_it(call):
    with pytest.raises(RuntimeError, match="cannot be converted"):
        call(torch)
    with et.Session() as sess:
        before = sess.tape_len
        with pytest.raises(et.BackendError, match="cannot be converted"):
            call(et)
        assert sess.tape_len == before


def test_new_tensor_takes_the_tensors_dtype_as_torchs_does():
    # torch: torch.ones(2, dtype=torch.float64).new_tensor([1.5, 2]).dtype == torch.float64
    with et.Session():
        x = et.ones(2, dtype=et.float64)
        assert x.new_tensor([1.5, 2.0]).dtype == "float64"
        assert x.new_tensor([1, 2]).dtype == "float64"
        assert x.new_tensor([1, 2], dtype=et.int64).dtype == "int64"
        i = et.arange(3)
        assert i.new_tensor([1.7]).tolist() == torch.arange(3).new_tensor([1.7]).tolist()
