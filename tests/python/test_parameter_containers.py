"""``nn.ParameterList``, ``nn.ParameterDict``, ``nn.Buffer``, the lazy placeholders
(``UninitializedParameter``/``UninitializedBuffer``), ``nn.DataParallel``,
``nn.common_types`` and ``nn.factory_kwargs``, side by side with torch's: registration
names, ``state_dict`` keys, ``repr``, training through an optimizer, and torch's errors."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn as tnn

import eagertape as et
import eagertape.nn as nn


class _Scales(nn.Module):
    def __init__(self, lib_nn, n):
        super().__init__()
        self.scales = lib_nn.ParameterList([np.full(3, float(i + 1), np.float32) for i in range(n)])
        self.gates = lib_nn.ParameterDict(
            {"a": np.ones(3, np.float32), "b": np.zeros(3, np.float32)}
        )

    def forward(self, x):
        for s in self.scales:
            x = x * s
        return x * self.gates["a"] + self.gates["b"]


def test_a_parameter_lists_and_dicts_entries_are_registered_under_torchs_names():
    ours = _Scales(nn, 2)
    theirs = tnn.ModuleDict()
    theirs.scales = tnn.ParameterList([torch.full((3,), float(i + 1)) for i in range(2)])
    theirs.gates = tnn.ParameterDict({"a": torch.ones(3), "b": torch.zeros(3)})
    assert [n for n, _ in ours.named_parameters()] == [n for n, _ in theirs.named_parameters()]
    assert list(ours.state_dict()) == list(theirs.state_dict())


def test_a_parameter_list_trains_with_an_optimizer():
    model = _Scales(nn, 2)
    opt = et.optim.SGD(model.parameters(), lr=0.1)
    with et.Session():
        loss = model(et.ones(3)).sum()
        loss.backward()
        opt.step()
    # d/ds0 sum(x * s0 * s1 * a) = s1 * a = 2 at every element: 1 - 0.1 * 2
    np.testing.assert_allclose(model.scales[0].numpy(), np.full(3, 0.8), rtol=1e-6)


def test_parameter_list_indexing_appending_and_slicing_behave_as_torchs():
    ours = nn.ParameterList([np.zeros(2, np.float32)])
    theirs = tnn.ParameterList([torch.zeros(2)])
    for c, v in ((ours, np.ones(3, np.float32)), (theirs, torch.ones(3))):
        c.append(v)
        c.extend([v, v])
        c[1] = v * 2
    assert len(ours) == len(theirs) == 4
    assert tuple(ours[-1].shape) == tuple(theirs[-1].shape) == (3,)
    assert isinstance(ours[1:], nn.ParameterList) and len(ours[1:]) == 3
    assert ours[1].numpy().tolist() == [2.0, 2.0, 2.0]
    assert repr(ours) == repr(theirs)
    with pytest.raises(IndexError):
        ours[4]
    with pytest.raises(TypeError):
        ours.extend(3)


def test_parameter_dict_behaves_as_a_dict_as_torchs():
    ours = nn.ParameterDict({"w": np.zeros(2, np.float32)})
    theirs = tnn.ParameterDict({"w": torch.zeros(2)})
    for d, v in ((ours, np.ones(2, np.float32)), (theirs, torch.ones(2))):
        d["v"] = v
        d.update({"u": v})
    assert list(ours.keys()) == list(theirs.keys()) == ["w", "v", "u"]
    assert "v" in ours and len(ours) == 3
    ours.pop("v")
    theirs.pop("v")
    assert list(ours) == list(theirs)
    assert repr(ours) == repr(theirs)
    with pytest.raises(KeyError):
        ours["missing"]


def test_assigning_a_buffer_registers_it_as_torchs_does():
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.kept = nn.Buffer(np.ones(2, np.float32))
            self.scratch = nn.Buffer(np.zeros(2, np.float32), persistent=False)

    class T(tnn.Module):
        def __init__(self):
            super().__init__()
            self.kept = tnn.Buffer(torch.ones(2))
            self.scratch = tnn.Buffer(torch.zeros(2), persistent=False)

    ours, theirs = M(), T()
    assert [n for n, _ in ours.named_buffers()] == [n for n, _ in theirs.named_buffers()]
    assert list(ours.state_dict()) == list(theirs.state_dict()) == ["kept"]
    assert ours.parameters() == []


def test_an_uninitialized_parameter_has_no_shape_until_materialized():
    p = nn.UninitializedParameter(dtype=et.float64)
    with pytest.raises(ValueError, match="uninitialized parameter"):
        _ = p.shape
    made = p.materialize((2, 3))
    assert (tuple(made.shape), made.dtype, made.requires_grad) == ((2, 3), "float64", True)
    assert nn.UninitializedBuffer().materialize((4,)).requires_grad is False


def test_data_parallel_calls_the_module_and_prefixes_the_state_dict_as_torchs():
    inner = nn.Linear(3, 2, seed=0)
    ours = nn.DataParallel(inner)
    theirs = tnn.DataParallel(tnn.Linear(3, 2))
    assert list(ours.state_dict()) == list(theirs.state_dict())
    assert ours.module is inner
    x = np.random.default_rng(0).standard_normal((4, 3)).astype(np.float32)
    with et.Session():
        np.testing.assert_array_equal(ours(et.tensor(x)).numpy(), inner(et.tensor(x)).numpy())
    with pytest.raises(TypeError):
        nn.DataParallel(object())


def test_common_types_and_factory_kwargs_are_torchs_names():
    import torch.nn.common_types as tc

    ours = {n for n in dir(nn.common_types) if n.startswith("_") and n.endswith("_t")}
    theirs = {n for n in dir(tc) if n.startswith("_") and n.endswith("_t")}
    assert ours == theirs
    kwargs = {"device": "cpu", "dtype": et.float32}
    assert nn.factory_kwargs(kwargs) == tnn.factory_kwargs(kwargs)
    with pytest.raises(TypeError, match="unexpected kwargs"):
        nn.factory_kwargs({"other": 1})
