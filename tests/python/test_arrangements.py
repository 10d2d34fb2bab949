"""Bad arguments to torch's shape arrangements (``src/ops/reshaping.rs``): torch's error
class or a typed eagertape error, with torch's message where it has one, and nothing
recorded. Values and gradients are the op table's (``op_table_arrange.py``)."""

from __future__ import annotations

import pytest
import torch

import eagertape as et

CASES = {
    "rot90-one-dim": (lambda m, x: m.rot90(x, 1, [0]), (3, 4), et.ArgumentError),
    "rot90-same-dims": (lambda m, x: m.rot90(x, 1, [1, 1]), (3, 4), et.ArgumentError),
    "rot90-1d": (lambda m, x: m.rot90(x), (3,), et.ShapeError),
    "movedim-lengths": (lambda m, x: m.movedim(x, (0, 1), 0), (3, 4), et.ArgumentError),
    "movedim-repeated": (lambda m, x: m.movedim(x, (0, 0), (0, 1)), (3, 4), et.ArgumentError),
    "movedim-out-of-range": (lambda m, x: m.movedim(x, 2, 0), (3, 4), et.ShapeError),
    "fliplr-1d": (lambda m, x: m.fliplr(x), (3,), et.ShapeError),
    "flipud-0d": (lambda m, x: m.flipud(x), (), et.ShapeError),
    "tensor_split-0-sections": (lambda m, x: m.tensor_split(x, 0), (3,), et.ArgumentError),
    "tensor_split-0d": (lambda m, x: m.tensor_split(x, 2), (), et.ShapeError),
    "hsplit-not-divisible": (lambda m, x: m.hsplit(x, 3), (2, 4), et.ArgumentError),
    "vsplit-1d": (lambda m, x: m.vsplit(x, 2), (4,), et.ShapeError),
    "dsplit-2d": (lambda m, x: m.dsplit(x, 2), (2, 4), et.ShapeError),
    "broadcast_to-incompatible": (lambda m, x: m.broadcast_to(x, (2, 5)), (3,), et.ShapeError),
    "unbind-out-of-range": (lambda m, x: m.unbind(x, 2), (3, 4), et.ShapeError),
    "hstack-empty": (lambda m, x: m.hstack([]), (3,), (et.ArgumentError, TypeError)),
}


@pytest.mark.parametrize("call, shape, ours", CASES.values(), ids=CASES.keys())
def test_a_bad_arrangement_argument_is_refused_and_records_nothing(call, shape, ours):
    with pytest.raises((RuntimeError, IndexError, ValueError, TypeError)):
        call(torch, torch.zeros(shape))
    with et.Session() as sess:
        x = et.zeros(*shape)
        before = (sess.tape_len, et.memory_stats()["live_bytes"])
        with pytest.raises(ours):
            call(et, x)
        assert (sess.tape_len, et.memory_stats()["live_bytes"]) == before


@pytest.mark.parametrize("k", [-5, -1, 0, 1, 2, 5, 8])
def test_rot90_takes_any_number_of_turns_as_torch(k):
    data = torch.arange(12.0).reshape(3, 4)
    with et.Session():
        ours = et.rot90(et.tensor(data.numpy()), k).tolist()
    assert ours == torch.rot90(data, k).tolist()


def test_tensor_split_indices_beyond_the_dim_give_empty_pieces_as_torch():
    data = torch.arange(5.0)
    theirs = [t.tolist() for t in torch.tensor_split(data, [2, 9, 1])]
    with et.Session():
        ours = [t.tolist() for t in et.tensor_split(et.tensor(data.numpy()), [2, 9, 1])]
    assert ours == theirs


KEYWORD_FORMS = {
    "tensor_split-sections": lambda m, x: x.tensor_split(sections=3, dim=1),
    "tensor_split-indices": lambda m, x: m.tensor_split(x, indices=[1, 4], dim=1),
    "tensor_split-0d-tensor": lambda m, x: x.tensor_split(m.tensor(2), 1),
    "tensor_split-1d-tensor": lambda m, x: m.tensor_split(
        x, tensor_indices_or_sections=m.tensor([2, 3]), dim=1
    ),
    "hsplit-sections": lambda m, x: x.hsplit(sections=2),
    "vsplit-indices": lambda m, x: m.vsplit(x, indices=[1]),
}


@pytest.mark.parametrize("call", KEYWORD_FORMS.values(), ids=KEYWORD_FORMS.keys())
def test_the_splits_take_torchs_schema_keywords(call):
    data = torch.arange(12.0).reshape(2, 6)
    theirs = [t.tolist() for t in call(torch, data)]
    with et.Session():
        ours = [t.tolist() for t in call(et, et.tensor(data.numpy()))]
    assert ours == theirs


def test_tensor_split_refuses_two_ways_to_split_and_a_float_tensor():
    with et.Session() as sess:
        x, floats = et.zeros(2, 6), et.tensor([1.5])
        before = sess.tape_len
        with pytest.raises(et.ArgumentError, match="exactly one"):
            x.tensor_split(2, sections=3)
        with pytest.raises(et.ArgumentError, match="integer tensor"):
            x.tensor_split(floats)
        assert sess.tape_len == before
