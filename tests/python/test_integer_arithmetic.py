"""Integer arithmetic as torch's: ``+ - * ** // %``, ``neg``, ``abs``, ``maximum`` and
``minimum`` of int64, int32 and bool data (operator, method and function forms, a Python
int on either side), each side by side with torch's result (values and dtype); Python floats
and ``/`` give the default float dtype; results are data (no gradient); an in-place result
torch cannot cast back is refused with nothing changed."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

EXPRESSIONS = [
    "x + 1",
    "1 + x",
    "x - 2",
    "2 - x",
    "x * 3",
    "3 * x",
    "x * x",
    "x + y",
    "x - y",
    "x // 2",
    "x // y",
    "7 // (x + 1)",
    "x % 3",
    "x % y",
    "-x",
    "abs(x - 2)",
    "x.abs()",
    "x.neg()",
    "x ** 2",
    "x / 2",
    "x / y",
    "x + 1.5",
    "x * 0.5",
    "x.add(1)",
    "x.sub(y)",
    "x.mul(2)",
    "lib.add(x, 1)",
    "lib.sub(x, 1)",
    "lib.mul(x, y)",
    "lib.floor_divide(x, 2)",
    "lib.remainder(x, 2)",
    "lib.maximum(x, y)",
    "lib.minimum(x, y)",
    "lib.pow(x, 2)",
]


def _data(lib, dtype):
    x = lib.tensor([0, 1, 2, 3, 4, -5], dtype=getattr(lib, dtype))
    y = lib.tensor([1, 2, 3, 1, 2, 3], dtype=getattr(lib, dtype))
    return x, y


@pytest.mark.parametrize("dtype", ["int64", "int32"])
@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_integer_arithmetic_gives_torchs_values_and_dtype(expression, dtype):
    x, y = _data(torch, dtype)
    want = eval(expression, {"lib": torch, "x": x, "y": y})
    with et.Session():
        x, y = _data(et, dtype)
        got = eval(expression, {"lib": et, "x": x, "y": y})
        assert str(got.dtype) == str(want.dtype).removeprefix("torch.")
        assert got.tolist() == pytest.approx(want.tolist())
        assert not got.requires_grad


@pytest.mark.parametrize("expression", ["b + 1", "b * 2", "b + x", "x * b", "-x * b"])
def test_bool_data_in_arithmetic_promotes_as_torchs(expression):
    def run(lib):
        x = lib.tensor([0, 1, 2, 3])
        return eval(expression, {"x": x, "b": x > 1})

    want = run(torch)
    with et.Session():
        got = run(et)
        assert (str(got.dtype), got.tolist()) == (
            str(want.dtype).removeprefix("torch."),
            want.tolist(),
        )


def test_integer_arithmetic_works_in_the_default_session():
    got = et.arange(5) + 1
    assert (got.dtype, got.tolist()) == ("int64", [1, 2, 3, 4, 5])


@pytest.mark.parametrize(
    "statement", ["x += 1", "x -= y", "x *= 2", "x //= 2", "x.add_(1)", "x.mul_(y)"]
)
def test_an_integer_in_place_op_keeps_the_dtype_as_torchs(statement):
    def run(lib):
        x, y = _data(lib, "int64")
        ns = {"x": x, "y": y}
        exec(statement, ns)
        return ns["x"]

    want = run(torch)
    with et.Session():
        got = run(et)
        assert (got.dtype, got.tolist()) == ("int64", want.tolist())


@pytest.mark.parametrize("statement", ["x *= 1.5", "x /= 2", "x.add_(0.5)", "b += 1", "x.div_(y)"])
def test_an_in_place_result_torch_cannot_cast_back_is_refused_and_changes_nothing(statement):
    with pytest.raises(RuntimeError, match="can't be cast"):
        x, y = _data(torch, "int64")
        exec(statement, {"x": x, "y": y, "b": x > 1})
    with et.Session() as sess:
        x, y = _data(et, "int64")
        b = x > 1
        before = (sess.tape_len, et.memory_stats()["live_bytes"], x.tolist(), b.tolist())
        with pytest.raises(et.DTypeError, match="can't be cast to the desired output type"):
            exec(statement, {"x": x, "y": y, "b": b})
        after = (sess.tape_len, et.memory_stats()["live_bytes"], x.tolist(), b.tolist())
        assert after == before


def test_float_functions_still_refuse_integer_data():
    with et.Session():
        with pytest.raises(et.DTypeError):
            et.arange(3).exp()
        with pytest.raises(et.DTypeError):
            et.arange(3).sigmoid()


def test_integer_results_feed_indexing_as_torchs():
    data = np.arange(12.0).reshape(3, 4)
    with et.Session():
        x = et.tensor(data)
        idx = et.arange(3) * 2 % 4
        assert x[et.arange(3), idx].tolist() == [0.0, 6.0, 8.0]
