"""``et.nn`` module constructors take torch's arguments in torch's order.

A subclass calling ``super().__init__(in_features, out_features, bias, device, dtype)`` as
torch's code does must build the same module: every positional parameter of torch's
``__init__`` is eagertape's, in the same place (``seed``, eagertape's own, is keyword-only),
and ``dtype=None`` is torch's default dtype (float32).
"""

from __future__ import annotations

import inspect

import pytest
import torch
import torch.nn as tnn

import eagertape as et
import eagertape.nn as enn

# torch declares these with *args (the recurrent layers) or is internal: compared elsewhere
NOT_COMPARED = {"RNN", "LSTM", "GRU", "RNNCellBase"}


def _positional(cls) -> list[str]:
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    params = list(inspect.signature(cls.__init__).parameters.values())
    generic = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    if tuple(q.kind for q in params[1:]) == generic:
        # tensor classes (torch's `nn.Buffer`, `nn.Parameter`; eagertape's extension
        # `Parameter`) take their arguments in `__new__`: the class's call signature
        params = [None, *inspect.signature(cls).parameters.values()]
    return ["self", *(q.name for q in params[1:] if q.kind in kinds)]


def _twins():
    names = []
    for name in enn.__all__:
        cls = getattr(enn, name)
        if isinstance(cls, type) and isinstance(getattr(tnn, name, None), type):
            if name not in NOT_COMPARED:
                names.append(name)
    return names


@pytest.mark.parametrize("name", _twins())
def test_a_module_takes_torchs_positional_arguments_in_torchs_order(name):
    ours, theirs = _positional(getattr(enn, name)), _positional(getattr(tnn, name))
    assert ours == theirs, f"{name}: eagertape {ours[1:]} vs torch {theirs[1:]}"
    seed = inspect.signature(getattr(enn, name).__init__).parameters.get("seed")
    assert seed is None or seed.kind is inspect.Parameter.KEYWORD_ONLY


def test_a_subclass_calling_super_as_torchs_code_does_gets_the_dtype_it_asks_for():
    # torch: class L(nn.Linear): __init__ calls super().__init__(i, o, bias, device, dtype)
    class L(enn.Linear):
        def __init__(self, i, o, bias=True, device=None, dtype=None):
            super().__init__(i, o, bias, device, dtype)

    assert L(4, 3, dtype=et.float64).weight.dtype == "float64"
    assert L(4, 3).weight.dtype == "float32"
    assert enn.Linear(4, 3, True, None, et.float64).bias.dtype == "float64"


@pytest.mark.parametrize(
    "make",
    [
        lambda m: m.Linear(4, 4, dtype=None),
        lambda m: m.Conv2d(2, 3, 3, dtype=None),
        lambda m: m.LayerNorm(4, dtype=None),
        lambda m: m.Embedding(5, 3, dtype=None),
        lambda m: m.LSTM(3, 4, dtype=None),
    ],
    ids=["Linear", "Conv2d", "LayerNorm", "Embedding", "LSTM"],
)
def test_dtype_none_is_torchs_default_dtype(make):
    want = str(next(make(tnn).parameters()).dtype).removeprefix("torch.")
    assert want == str(torch.get_default_dtype()).removeprefix("torch.")
    assert all(p.dtype == want for p in make(enn).parameters())
