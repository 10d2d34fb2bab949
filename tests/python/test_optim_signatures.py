"""Every optimizer's constructor is declared once, in the core (`src/optim/signature.rs`):
its hyperparameters in torch's order with torch's defaults. These tests hold that
declaration against torch.optim's own signatures and `defaults`."""

import inspect

import numpy as np
import pytest
import torch

import eagertape as et
from eagertape._core import _OPTIMIZER_SIGNATURES

# torch's arguments that choose an implementation, not an update (accepted by keyword here).
IMPLEMENTATION = {"foreach", "capturable", "differentiable", "fused", "maximize"}
KINDS = sorted(_OPTIMIZER_SIGNATURES)


def test_every_torch_optimizer_but_lbfgs_is_declared():
    ours = set(KINDS) | {"LBFGS"}
    assert ours == set(et.optim.__all__) - {"Optimizer", "lr_scheduler"}


@pytest.mark.parametrize("kind", KINDS)
def test_declared_arguments_are_torchs_in_order_with_its_defaults(kind):
    torch_params = [
        (p.name, p.default)
        for p in inspect.signature(getattr(torch.optim, kind)).parameters.values()
        if p.kind is p.POSITIONAL_OR_KEYWORD and p.name != "params"
        if p.name not in IMPLEMENTATION
    ]
    declared = [(name, default) for name, default, _ in _OPTIMIZER_SIGNATURES[kind]]
    assert declared == torch_params


@pytest.mark.parametrize("kind", KINDS)
def test_defaults_are_torchs_defaults(kind):
    w = et.Parameter(np.ones(2, dtype=np.float32))
    ours = getattr(et.optim, kind)([w]).defaults
    theirs = getattr(torch.optim, kind)([torch.ones(2, requires_grad=True)]).defaults
    assert ours == {k: theirs[k] for k in ours}


@pytest.mark.parametrize("kind", KINDS)
def test_positional_hyperparameters_bind_in_torchs_order(kind):
    declared = _OPTIMIZER_SIGNATURES[kind]
    # each number a little off its default, each pair both halves, each flag kept
    values = []
    for _, default, members in declared:
        if members:
            values.append((default[0] * 0.5, default[1]))
        elif isinstance(default, bool):
            values.append(default)
        else:
            values.append(default * 0.5 if default else 0.25)
    w = et.Parameter(np.ones(2, dtype=np.float32))
    t = torch.ones(2, requires_grad=True)
    ours = getattr(et.optim, kind)([w], *values).defaults
    theirs = getattr(torch.optim, kind)([t], *values).defaults
    assert ours == {k: theirs[k] for k in ours}


def test_unknown_keyword_is_a_type_error_naming_it():
    w = et.Parameter(np.ones(2, dtype=np.float32))
    with pytest.raises(TypeError, match="'mommentum'"):
        et.optim.SGD([w], lr=0.1, mommentum=0.9)


def test_pair_that_is_not_a_pair_is_a_config_error():
    w = et.Parameter(np.ones(2, dtype=np.float32))
    with pytest.raises(et.ConfigError, match="betas must be a pair"):
        et.optim.Adam([w], betas=0.9)


def test_fused_is_refused_outside_adam():
    w = et.Parameter(np.ones(2, dtype=np.float32))
    with pytest.raises(et.ArgumentError, match="fused"):
        et.optim.SGD([w], fused=True)
