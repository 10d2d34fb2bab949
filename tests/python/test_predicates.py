"""torch's questions about a tensor (``is_floating_point``, ``is_complex``, ``is_signed``,
``is_nonzero``, ``is_same_size``, ``is_conj``, ``is_neg``, ``is_inference``, ``get_device``),
function and method forms, answered as torch answers them for a tensor of the same dtype,
shape and values; nothing is recorded."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

DTYPES = ["float32", "float64", "float16", "bfloat16", "int64", "int32", "bool"]
UNARY = ["is_floating_point", "is_complex", "is_signed", "is_conj", "is_neg", "is_inference"]


def _pair(dtype, values=(1.0, 0.0, 2.0)):
    data = np.array(values)
    theirs = torch.tensor(data).to(getattr(torch, dtype))
    ours = et.tensor(data).to(getattr(et, dtype))
    return ours, theirs


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", UNARY)
def test_a_dtype_question_answers_as_torchs_by_function_and_method(name, dtype):
    with et.Session() as sess:
        ours, theirs = _pair(dtype)
        before = sess.tape_len
        want = getattr(torch, name)(theirs)
        assert getattr(et, name)(ours) is want
        assert getattr(ours, name)() is want
        assert sess.tape_len == before


@pytest.mark.parametrize("dtype", ["ieee32", "interval"])
def test_the_reference_carriers_are_floating_point_and_signed(dtype):
    with et.Session(dtype=dtype):
        x = et.ones(2)
        assert et.is_floating_point(x) and x.is_signed()
        assert not x.is_complex()


NONZERO = [(v, d) for v in (0.0, -0.0, 1.5) for d in ("float32", "float64", "int64", "bool")]


@pytest.mark.parametrize("value, dtype", [*NONZERO, (float("nan"), "float32")], ids=str)
def test_is_nonzero_of_one_element_is_torchs(value, dtype):
    with et.Session():
        ours, theirs = _pair(dtype, [value])
        assert et.is_nonzero(ours) is torch.is_nonzero(theirs)
        assert ours.reshape(()).is_nonzero() is theirs.reshape(()).is_nonzero()


@pytest.mark.parametrize("shape", [(0,), (2,), (1, 2)], ids=["empty", "two", "1x2"])
def test_is_nonzero_of_any_other_size_is_refused_with_a_shape_error(shape):
    with pytest.raises(RuntimeError, match="ambiguous") as theirs:
        torch.is_nonzero(torch.zeros(shape))
    with et.Session():
        with pytest.raises(et.ShapeError) as ours:
            et.is_nonzero(et.zeros(*shape))
    assert str(ours.value) == str(theirs.value)


@pytest.mark.parametrize(
    "a, b", [((2, 3), (2, 3)), ((2, 3), (3, 2)), ((), ()), ((1,), ())], ids=str
)
def test_is_same_size_compares_shapes_as_torch(a, b):
    with et.Session():
        ours = et.is_same_size(et.zeros(*a), et.ones(*b))
        assert ours is torch.is_same_size(torch.zeros(a), torch.ones(b))
        assert et.zeros(*a).is_same_size(et.ones(*b)) is ours


def test_get_device_is_minus_one_on_the_cpu_as_torch():
    with et.Session():
        x = et.ones(2)
        assert x.get_device() == et.get_device(x) == torch.ones(2).get_device() == -1


def test_an_inference_mode_tensor_is_not_an_inference_tensor():
    # eagertape's inference_mode records nothing, as no_grad: its tensors are ordinary ones
    with et.Session(), et.inference_mode():
        assert et.ones(2).is_inference() is False
