"""torch's constants, layout and memory-format objects, dtype limits and process-wide
LibTorch settings in eagertape's namespace (``eagertape._torch_globals``), side by side with
torch's: the same values and objects, and a setting made through eagertape read back
through torch (one LibTorch computes both)."""

from __future__ import annotations

import math

import pytest
import torch

import eagertape as et


@pytest.mark.parametrize("name", ["e", "pi", "inf"])
def test_a_constant_is_torchs(name):
    assert getattr(et, name) == getattr(torch, name)


def test_nan_is_a_nan_and_newaxis_is_none_as_torchs():
    assert math.isnan(et.nan) and math.isnan(torch.nan)
    assert et.newaxis is torch.newaxis is None


@pytest.mark.parametrize(
    "name",
    [
        "Size",
        "layout",
        "strided",
        "memory_format",
        "contiguous_format",
        "channels_last",
        "channels_last_3d",
        "preserve_format",
    ],
)
def test_a_layout_object_is_torchs_own(name):
    assert getattr(et, name) is getattr(torch, name)


def test_a_shape_equals_a_size_of_it_and_a_size_is_torchs():
    with et.Session():
        assert et.zeros(2, 3).shape == et.Size([2, 3]) == torch.Size([2, 3])
    assert et.Size() == ()


@pytest.mark.parametrize("fmt", ["contiguous_format", "channels_last", "preserve_format"])
def test_clone_takes_torchs_memory_formats_and_keeps_the_values(fmt):
    with et.Session():
        x = et.arange(24.0).reshape(1, 2, 3, 4)
        assert x.clone(memory_format=getattr(et, fmt)).tolist() == x.tolist()


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bfloat16"])
def test_finfo_is_torchs_for_each_floating_dtype(dtype):
    ours, theirs = et.finfo(getattr(et, dtype)), torch.finfo(getattr(torch, dtype))
    assert (ours.eps, ours.max, ours.min, ours.tiny, ours.bits) == (
        theirs.eps,
        theirs.max,
        theirs.min,
        theirs.tiny,
        theirs.bits,
    )
    assert et.finfo(dtype).eps == theirs.eps  # (a name, or torch's dtype, too)
    assert et.finfo(getattr(torch, dtype)).eps == theirs.eps


def test_finfo_without_a_dtype_follows_the_default_dtype():
    assert et.finfo().eps == torch.finfo().eps
    try:
        et.set_default_dtype(et.float64)
        assert et.finfo().eps == torch.finfo(torch.float64).eps
    finally:
        et.set_default_dtype(et.float32)


@pytest.mark.parametrize("dtype", ["int64", "int32"])
def test_iinfo_is_torchs_for_each_integer_dtype(dtype):
    ours, theirs = et.iinfo(getattr(et, dtype)), torch.iinfo(getattr(torch, dtype))
    assert (ours.max, ours.min, ours.bits) == (theirs.max, theirs.min, theirs.bits)


def test_finfo_of_an_integer_dtype_and_iinfo_of_a_float_raise_torchs_type_error():
    with pytest.raises(TypeError):
        torch.finfo(torch.int64)
    with pytest.raises(TypeError):
        et.finfo(et.int64)
    with pytest.raises(TypeError):
        et.iinfo(et.float32)
    with pytest.raises(TypeError):
        et.finfo("no_such_dtype")


@pytest.mark.parametrize(
    "dtype, name",
    [
        ("float32", "torch.FloatTensor"),
        ("float64", "torch.DoubleTensor"),
        ("int64", "torch.LongTensor"),
    ],
)
def test_typename_of_a_tensor_is_its_legacy_type_name_as_torchs(dtype, name):
    with et.Session():
        x = et.zeros(2, dtype=getattr(et, dtype))
        assert et.typename(x) == torch.typename(torch.zeros(2, dtype=getattr(torch, dtype)))
        assert et.typename(x) == name
    assert et.typename(3) == torch.typename(3) == "int"


def test_the_warn_always_setting_is_libtorchs():
    before = torch.is_warn_always_enabled()
    try:
        et.set_warn_always(not before)
        assert torch.is_warn_always_enabled() is (not before)
        assert et.is_warn_always_enabled() is (not before)
    finally:
        torch.set_warn_always(before)


def test_the_deterministic_debug_mode_is_libtorchs():
    before = torch.get_deterministic_debug_mode()
    try:
        et.set_deterministic_debug_mode("warn")
        assert torch.get_deterministic_debug_mode() == et.get_deterministic_debug_mode() == 1
        assert et.is_deterministic_algorithms_warn_only_enabled() is (
            torch.is_deterministic_algorithms_warn_only_enabled()
        )
        with pytest.raises(RuntimeError):
            et.set_deterministic_debug_mode("sometimes")
    finally:
        torch.set_deterministic_debug_mode(before)


def test_interop_threads_and_flush_denormal_are_libtorchs():
    assert et.get_num_interop_threads() == torch.get_num_interop_threads()
    et.init_num_threads()
    try:
        assert et.set_flush_denormal(True) is torch.set_flush_denormal(True)
    finally:
        torch.set_flush_denormal(False)
