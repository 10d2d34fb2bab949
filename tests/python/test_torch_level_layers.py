"""The layer functions eagertape has at ``torch.*`` as well as at ``torch.nn.functional``
(``torch.conv3d``, ``torch.bilinear``, ``torch.max_pool1d``, ...): each is the same object
as eagertape's ``F`` function, and torch's ``torch.*`` form, called positionally as scripts
call it, gives the values eagertape's gives (the op table checks the gradients)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et
import eagertape.nn.functional as F

RNG = np.random.default_rng(5)


def _arrays(*shapes):
    return [RNG.standard_normal(s) for s in shapes]


CALLS = {
    "conv3d": (((1, 2, 4, 4, 4), (3, 2, 2, 2, 2)), (None, 1, 1)),
    "conv_transpose1d": (((2, 3, 5), (3, 2, 3)), (None, 2, 1, 1)),
    "conv_transpose3d": (((1, 2, 3, 3, 3), (2, 2, 2, 2, 2)), (None, 2)),
    "bilinear": (((4, 3), (4, 2), (5, 3, 2)), ()),
    "cosine_similarity": (((4, 3), (4, 3)), (1, 1e-8)),
    "pairwise_distance": (((4, 3), (4, 3)), (2.0, 1e-6, False)),
    "pixel_shuffle": (((1, 4, 2, 3),), (2,)),
    "pixel_unshuffle": (((1, 1, 4, 6),), (2,)),
    "prelu": (((2, 3, 4), (3,)), ()),
    "avg_pool1d": (((2, 3, 8),), (3, 2, 1, False, True)),
    "max_pool1d": (((2, 3, 8),), (3, 2, 1, 1, False)),
    "max_pool3d": (((1, 2, 4, 4, 4),), (2, 2)),
    "adaptive_avg_pool1d": (((2, 3, 7),), (3,)),
}


@pytest.mark.parametrize("name", CALLS)
def test_a_torch_level_layer_function_is_fs_and_computes_torchs_values(name):
    shapes, rest = CALLS[name]
    arrays = _arrays(*shapes)
    assert getattr(et, name) is getattr(F, name)
    want = getattr(torch, name)(*(torch.tensor(a) for a in arrays), *rest)
    with et.Session(dtype="float64"):
        got = getattr(et, name)(*(et.tensor(a, dtype=et.float64) for a in arrays), *rest)
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-12, atol=1e-12)
