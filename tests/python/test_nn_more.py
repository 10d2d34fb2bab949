"""More ``et.nn`` modules against their ``torch.nn`` twins (float64 outputs and input
gradients to 1e-9): the activations ``Hardswish``, ``Hardsigmoid``, ``Mish``, ``Softmax``,
``LogSoftmax``, ``Softmin``, the ``Unflatten`` view, and the losses as modules (their options
passed through to the functions)."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from test_nn_modules import _x, check_parity
from torch import nn as tnn

import eagertape as et
from eagertape import nn


@pytest.mark.parametrize(
    "make",
    [
        lambda m: m.Hardswish(),
        lambda m: m.Hardsigmoid(),
        lambda m: m.Mish(),
        lambda m: m.Softmax(dim=1),
        lambda m: m.LogSoftmax(dim=-1),
        lambda m: m.Softmin(dim=0),
        lambda m: m.Unflatten(1, (2, 3)),
    ],
    ids=["Hardswish", "Hardsigmoid", "Mish", "Softmax", "LogSoftmax", "Softmin", "Unflatten"],
)
def test_parameterless_modules_match_torch(make):
    x = _x(4, 6) * 3.0
    check_parity(make(tnn), make(nn), [x], load=False)


def test_softmax_module_without_dim_is_refused_as_torch_deprecates_it():
    with et.Session(dtype="float64") as sess, pytest.raises(TypeError, match="dim is required"):
        nn.Softmax()(sess, sess.input(_x(2, 3)))


LOSSES = [
    ("L1Loss", dict(reduction="sum"), "regression"),
    ("MSELoss", dict(), "regression"),
    ("HuberLoss", dict(delta=0.5), "regression"),
    ("SmoothL1Loss", dict(beta=0.3, reduction="none"), "regression"),
    ("BCEWithLogitsLoss", dict(), "binary"),
    ("BCELoss", dict(reduction="sum"), "probability"),
    ("KLDivLoss", dict(reduction="batchmean", log_target=True), "log_probability"),
    ("CrossEntropyLoss", dict(label_smoothing=0.1, ignore_index=2), "classes"),
    ("NLLLoss", dict(reduction="sum"), "log_classes"),
]


@pytest.mark.parametrize("name, kwargs, kind", LOSSES, ids=[n for n, _, _ in LOSSES])
def test_loss_modules_match_torch(name, kwargs, kind):
    rng = np.random.default_rng(3)
    x = rng.standard_normal((4, 5))
    if kind == "regression":
        target = rng.standard_normal((4, 5))
    elif kind == "binary":
        target = (rng.random((4, 5)) > 0.5).astype(np.float64)
    elif kind == "probability":
        x = rng.uniform(0.1, 0.9, (4, 5))
        target = rng.random((4, 5))
    elif kind == "log_probability":
        target = np.log(rng.dirichlet(np.ones(5), 4))
    else:
        target = np.array([0, 2, 4, 1])
        if kind == "log_classes":
            x = x - np.log(np.exp(x).sum(1, keepdims=True))
    tm, em = getattr(tnn, name)(**kwargs), getattr(nn, name)(**kwargs)
    t_target = torch.tensor(target)
    check_parity(
        tm,
        em,
        [x],
        lambda m, a: m(a, t_target),
        lambda m, s, a: m(s, a, s.input(target)),
        load=False,
    )
