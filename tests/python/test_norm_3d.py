"""``BatchNorm3d`` and ``InstanceNorm3d`` side by side with torch: outputs and gradients
after loading torch's state (training and eval), the running statistics after a training
step, ``repr``, and torch's error class for an input of another rank."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn as tnn
from test_nn_modules import _randomize, _x, check_parity

import eagertape as et
import eagertape.nn as nn


@pytest.mark.parametrize("train", [True, False], ids=["train", "eval"])
def test_batch_norm_3d_matches_torch(train):
    tm = _randomize(tnn.BatchNorm3d(3).double()).train(train)
    em = nn.BatchNorm3d(3, dtype="float64").train(train)
    check_parity(tm, em, [_x(2, 3, 2, 3, 2)])


def test_batch_norm_3d_updates_its_running_statistics_as_torch():
    data = np.random.default_rng(1).standard_normal((4, 2, 3, 2, 2))
    tm, em = tnn.BatchNorm3d(2).double(), nn.BatchNorm3d(2, dtype="float64")
    tm(torch.tensor(data))
    with et.Session(dtype="float64"):
        em(et.tensor(data, dtype=et.float64))
    np.testing.assert_allclose(em.running_mean.numpy(), tm.running_mean.numpy(), rtol=1e-12)
    np.testing.assert_allclose(em.running_var.numpy(), tm.running_var.numpy(), rtol=1e-12)


@pytest.mark.parametrize("shape", [(2, 3, 2, 3, 2), (3, 2, 3, 2)], ids=["batched", "unbatched"])
def test_instance_norm_3d_matches_torch(shape):
    tm = _randomize(tnn.InstanceNorm3d(3, affine=True).double())
    check_parity(tm, nn.InstanceNorm3d(3, affine=True, dtype="float64"), [_x(*shape)])


@pytest.mark.parametrize("name", ["BatchNorm3d", "InstanceNorm3d"])
def test_a_3d_norms_repr_is_torchs(name):
    assert repr(getattr(nn, name)(4, affine=True)) == repr(getattr(tnn, name)(4, affine=True))


@pytest.mark.parametrize("name", ["BatchNorm3d", "InstanceNorm3d"])
def test_a_3d_norm_refuses_a_4d_batch_or_a_2d_input(name):
    bad = (2, 3, 4, 4) if name == "BatchNorm3d" else (3, 4)
    with pytest.raises(ValueError):
        getattr(tnn, name)(3)(torch.zeros(bad))
    with et.Session(), pytest.raises(et.ShapeError):
        getattr(nn, name)(3)(et.zeros(*bad))
