"""The ordering ops (`src/ops/order.rs`): their named results, defined once in the extension,
behave as torch's `torch.return_types` (a tuple, read by field name, picklable), and the
function and method forms agree. Values and gradients against torch are in the op tables
(`op_table_derive.py`, `opinfo_cases.py`)."""

import pickle

import numpy as np
import pytest
import torch

import eagertape as et

X = np.array([[3.0, 1.0, 2.0], [0.5, 4.0, 4.5]])

# (name, args, kwargs, torch's field names)
PAIRS = [
    ("sort", (), {"dim": 1}, ("values", "indices")),
    ("topk", (2,), {}, ("values", "indices")),
    ("kthvalue", (2,), {}, ("values", "indices")),
    ("median", (1,), {}, ("values", "indices")),
    ("nanmedian", (1,), {}, ("values", "indices")),
    ("mode", (), {}, ("values", "indices")),
    ("cummax", (1,), {}, ("values", "indices")),
    ("cummin", (1,), {}, ("values", "indices")),
    ("max", (1,), {}, ("values", "indices")),
    ("min", (1,), {}, ("values", "indices")),
    ("aminmax", (), {"dim": 1}, ("min", "max")),
]


@pytest.mark.parametrize(("name", "args", "kwargs", "fields"), PAIRS, ids=[p[0] for p in PAIRS])
def test_a_pair_is_a_named_tuple_with_torchs_fields_and_values(name, args, kwargs, fields):
    want = getattr(torch.tensor(X), name)(*args, **kwargs)
    with et.Session(dtype="float64"):
        got = getattr(et.tensor(X), name)(*args, **kwargs)
        assert isinstance(got, tuple) and type(got)._fields == fields
        for field in fields:
            w = getattr(want, field)
            np.testing.assert_array_equal(getattr(got, field).numpy(), w.numpy())


@pytest.mark.parametrize(("name", "args", "kwargs", "fields"), PAIRS, ids=[p[0] for p in PAIRS])
def test_the_function_form_returns_the_methods_result(name, args, kwargs, fields):
    with et.Session(dtype="float64"):
        x = et.tensor(X)
        a = getattr(et, name)(x, *args, **kwargs)
        b = getattr(x, name)(*args, **kwargs)
        assert type(a) is type(b)
        for u, v in zip(a, b, strict=True):
            np.testing.assert_array_equal(u.numpy(), v.numpy())


def test_a_named_result_pickles_by_its_class_in_the_extension():
    with et.Session(dtype="float64"):
        r = et.sort(et.tensor(X))
        back = pickle.loads(pickle.dumps(type(r)(1, 2)))
        assert type(back) is type(r) and back.indices == 2
        assert type(r).__module__ == "eagertape._core"


def test_median_without_a_dim_is_one_tensor_as_torchs():
    want = torch.tensor(X).median()
    with et.Session(dtype="float64"):
        got = et.median(et.tensor(X))
        assert isinstance(got, et.Tensor)
        assert got.item() == want.item()


def test_a_negative_k_raises_and_records_nothing():
    with pytest.raises(RuntimeError):
        torch.tensor(X).topk(-1)
    with et.Session(dtype="float64") as s:
        x = et.tensor(X)
        before = s.tape_len
        with pytest.raises(et.ArgumentError, match=r"topk: k \(-1\) must be between 0"):
            x.topk(-1)
        assert s.tape_len == before


def test_cumprod_refuses_a_dtype():
    with et.Session(dtype="float64"):
        with pytest.raises(et.ArgumentError, match="dtype is not supported"):
            et.cumprod(et.tensor(X), 1, dtype="float32")
