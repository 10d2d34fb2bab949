"""torch's bitwise functions (``bitwise_and/or/xor/not/left_shift/right_shift``), their
methods and in-place forms, and the operators ``& | ^ ~ << >>`` with their reflected and
in-place forms, on int64, int32 and bool tensors, side by side with torch; a floating
operand is refused as torch refuses it, recording nothing."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

A = [6, -5, 12, 1, 0, -128]
B = [3, 3, 2, 7, 5, 4]
BOOL_A = [True, False, True, False, True, False]
BOOL_B = [True, True, False, False, True, True]
BINARY = ["bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift"]
LOGIC = ["bitwise_and", "bitwise_or", "bitwise_xor"]  # the ones bools have too


def _both(a, b, dtype):
    return (
        (et.tensor(a, dtype=getattr(et, dtype)), et.tensor(b, dtype=getattr(et, dtype))),
        (
            torch.tensor(a, dtype=getattr(torch, dtype)),
            torch.tensor(b, dtype=getattr(torch, dtype)),
        ),
    )


def _same(ours, theirs):
    assert ours.dtype == str(theirs.dtype).removeprefix("torch.")
    np.testing.assert_array_equal(ours.numpy(), theirs.numpy())


@pytest.mark.parametrize("dtype", ["int64", "int32"])
@pytest.mark.parametrize("name", BINARY)
def test_a_bitwise_function_method_and_in_place_form_are_torchs_on_integers(name, dtype):
    with et.Session():
        (a, b), (ta, tb) = _both(A, B, dtype)
        _same(getattr(et, name)(a, b), getattr(torch, name)(ta, tb))
        _same(getattr(a, name)(b), getattr(ta, name)(tb))
        _same(getattr(et, name)(a, 2), getattr(torch, name)(ta, 2))
        out = getattr(a, name + "_")(b)
        assert out is a
        _same(a, getattr(ta, name + "_")(tb))


@pytest.mark.parametrize("name", LOGIC)
def test_a_bitwise_function_of_bools_is_torchs(name):
    with et.Session():
        (a, b), (ta, tb) = _both(BOOL_A, BOOL_B, "bool")
        _same(getattr(et, name)(a, b), getattr(torch, name)(ta, tb))
        _same(getattr(a, name)(b), getattr(ta, name)(tb))


@pytest.mark.parametrize("dtype", ["int64", "int32", "bool"])
def test_bitwise_not_is_torchs(dtype):
    data = BOOL_A if dtype == "bool" else A + [2**31 - 1 if dtype == "int32" else 2**62]
    with et.Session():
        ours = et.tensor(data, dtype=getattr(et, dtype))
        theirs = torch.tensor(data, dtype=getattr(torch, dtype))
        _same(et.bitwise_not(ours), torch.bitwise_not(theirs))
        _same(~ours, ~theirs)
        assert ours.bitwise_not_() is ours
        _same(ours, theirs.bitwise_not_())


@pytest.mark.parametrize("dtype", ["int64", "int32"])
def test_the_operators_and_their_reflected_and_in_place_forms_are_torchs(dtype):
    with et.Session():
        (a, b), (ta, tb) = _both(A, B, dtype)
        for f in (
            lambda x, y: x & y,
            lambda x, y: x | y,
            lambda x, y: x ^ y,
            lambda x, y: x << y,
            lambda x, y: x >> y,
            lambda x, y: x & 5,
            lambda x, y: 5 | x,
            lambda x, y: 12 ^ x,
            lambda x, y: 1 << y,
            lambda x, y: 256 >> y,
            lambda x, y: x << 2,
        ):
            _same(f(a, b), f(ta, tb))
        for op in ("__iand__", "__ior__", "__ixor__", "__ilshift__", "__irshift__"):
            (x, y), (tx, ty) = _both(A, B, dtype)
            same = x
            getattr(x, op)(y)
            _same(same, getattr(tx, op)(ty))


def test_bool_masks_combine_with_the_operators_as_before():
    with et.Session():
        x = et.tensor([-1.0, 0.5, 2.0])
        t = torch.tensor([-1.0, 0.5, 2.0])
        _same((x > 0) & (x < 1), (t > 0) & (t < 1))
        _same((x > 0) | (x < 0), (t > 0) | (t < 0))
        _same((x > 0) ^ (x < 1), (t > 0) ^ (t < 1))


@pytest.mark.parametrize("name", [*BINARY, "bitwise_not"])
def test_a_floating_operand_is_refused_as_torch_refuses_it_and_nothing_is_recorded(name):
    args = (1,) if name != "bitwise_not" else ()
    with pytest.raises((RuntimeError, TypeError)):
        getattr(torch, name)(torch.ones(2), *[torch.ones(2) for _ in args])
    with et.Session() as sess:
        xs = [et.ones(2) for _ in (0, *args)]
        before = sess.tape_len
        with pytest.raises((et.BackendError, et.DTypeError, et.UnsupportedOpError)):
            getattr(et, name)(*xs)
        assert sess.tape_len == before


def test_the_reference_carriers_compute_integer_data_with_libtorchs_kernels():
    with et.Session(dtype="ieee32"):
        a, b = et.tensor(A), et.tensor(B)
        _same(a & b, torch.tensor(A) & torch.tensor(B))
        _same(a << b, torch.tensor(A) << torch.tensor(B))


@pytest.mark.parametrize("dtype", ["int64", "int32"])
@pytest.mark.parametrize("name", ["gcd", "lcm"])
def test_gcd_and_lcm_functions_methods_and_in_place_forms_are_torchs(name, dtype):
    # torch.gcd(a, b) / torch.lcm(a, b): non-negative, of integer tensors
    with et.Session():
        (a, b), (ta, tb) = _both(A, B, dtype)
        _same(getattr(et, name)(a, b), getattr(torch, name)(ta, tb))
        _same(getattr(a, name)(b), getattr(ta, name)(tb))
        out = getattr(et, name + "_")(a, b)
        assert out is a
        _same(a, getattr(torch, name + "_")(ta, tb))
        c = a * 1
        assert getattr(c, name + "_")(b) is c


@pytest.mark.parametrize("name", ["gcd", "lcm"])
def test_gcd_and_lcm_of_floating_tensors_are_refused_as_torchs(name):
    with pytest.raises(RuntimeError):
        getattr(torch, name)(torch.ones(2), torch.ones(2))
    with et.Session() as s:
        x = et.ones(2)
        before = s.tape_len
        with pytest.raises(et.EagerTapeError):
            getattr(et, name)(x, x)
        assert s.tape_len == before
