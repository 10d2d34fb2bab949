"""torch's Python protocols of a tensor that are other calls (``copy.deepcopy``, ``in``,
``reversed``), the method form of ``where``, and the transposes ``H`` and ``mH``, each
side by side with torch."""

from __future__ import annotations

import copy

import numpy as np
import pytest
import torch

import eagertape as et


def test_deepcopy_of_a_leaf_is_a_new_leaf_with_the_value_and_flag_as_torchs():
    theirs = torch.tensor([1.0, 2.0], requires_grad=True)
    with et.Session():
        ours = et.tensor([1.0, 2.0], requires_grad=True)
        mine, want = copy.deepcopy(ours), copy.deepcopy(theirs)
        assert mine is not ours
        assert mine.tolist() == want.tolist()
        assert mine.requires_grad is want.requires_grad is True
        assert mine.is_leaf is want.is_leaf is True
        (mine * 2.0).sum().backward()
        assert ours.grad is None and mine.grad.tolist() == [2.0, 2.0]


def test_deepcopy_of_an_op_result_is_refused_as_torch_refuses_it():
    theirs = torch.tensor([1.0], requires_grad=True) * 2.0
    with pytest.raises(RuntimeError, match="graph leaves"):
        copy.deepcopy(theirs)
    with et.Session():
        ours = et.tensor([1.0], requires_grad=True) * 2.0
        with pytest.raises(RuntimeError, match="graph leaves"):
            copy.deepcopy(ours)


def test_deepcopy_of_a_model_copies_its_parameters_once_each_and_keeps_ties():
    model = et.nn.Sequential(et.nn.Linear(3, 4), et.nn.ReLU(), et.nn.Linear(4, 3))
    model[2].weight = et.nn.Parameter(model[0].weight.detach().numpy().T.copy())
    model[0].bias.requires_grad_(False)
    twin = copy.deepcopy(model)
    for (name, p), (_, q) in zip(model.named_parameters(), twin.named_parameters(), strict=True):
        assert q is not p and type(q) is type(p), name
        assert q.requires_grad is p.requires_grad, name
        np.testing.assert_array_equal(q.detach().numpy(), p.detach().numpy())
    tied = et.nn.Linear(2, 2)
    pair = et.nn.ModuleList([tied, tied])
    copied = copy.deepcopy(pair)
    assert copied[0].weight is copied[1].weight
    assert copied[0].weight is not tied.weight
    twin[0].weight.data.mul_(0.0)
    assert not np.all(model[0].weight.detach().numpy() == 0.0)


@pytest.mark.parametrize("element", [2.0, 5, 7.5])
def test_in_is_torchs_for_numbers_and_tensors(element):
    data = [[1.0, 2.0], [5.0, 3.0]]
    with et.Session():
        assert (element in et.tensor(data)) is (element in torch.tensor(data))
        ours = et.tensor(float(element)) in et.tensor(data)
        assert ours is (torch.tensor(float(element)) in torch.tensor(data))


def test_in_with_another_kind_of_element_is_refused_as_torch_refuses_it():
    with pytest.raises(RuntimeError, match="only supports Tensor or scalar"):
        _ = "a" in torch.ones(2)
    with et.Session():
        with pytest.raises(RuntimeError, match="only supports Tensor or scalar"):
            _ = "a" in et.ones(2)


def test_reversed_flips_the_first_dim_as_torchs():
    data = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
    with et.Session():
        assert reversed(et.tensor(data)).tolist() == reversed(torch.tensor(data)).tolist()
        assert [t.tolist() for t in reversed(et.tensor([1.0, 2.0]))] == [2.0, 1.0]
        zero = et.tensor(3.0)
        assert reversed(zero) is zero


def test_the_where_method_is_torchs():
    x, y = [1.0, -2.0, 3.0], [9.0, 8.0, 7.0]
    with et.Session():
        ours = et.tensor(x).where(et.tensor(x) > 0, et.tensor(y))
        theirs = torch.tensor(x).where(torch.tensor(x) > 0, torch.tensor(y))
        assert ours.tolist() == theirs.tolist()
        assert et.tensor(x).where(et.tensor(x) > 0, 0.0).tolist() == [1.0, 0.0, 3.0]


def test_h_and_mh_are_the_transposes_as_torchs():
    data = np.arange(24.0).reshape(2, 3, 4)
    with et.Session():
        ours, theirs = et.tensor(data), torch.tensor(data)
        assert ours.mH.tolist() == theirs.mH.tolist()
        assert ours[0].H.tolist() == theirs[0].H.tolist()
        with pytest.raises(RuntimeError):
            _ = theirs.H
        with pytest.raises(et.ShapeError, match="2-D"):
            _ = ours.H
