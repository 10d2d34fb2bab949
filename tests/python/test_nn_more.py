"""More ``et.nn`` modules against their ``torch.nn`` twins (float64 outputs and input
gradients to 1e-9): the activations ``Hardswish``, ``Hardsigmoid``, ``Mish``, ``Softmax``,
``LogSoftmax``, ``Softmin``, the ``Unflatten`` view, and the losses as modules (their options
passed through to the functions)."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from test_nn_modules import _randomize, _x, check_parity
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


def _operands(kind, rng):
    """(differentiable inputs, constant extra arguments) for a loss module's forward."""
    x = rng.standard_normal((4, 5))
    if kind == "ranking":  # (x1, x2, y) of one rank
        return [x, rng.standard_normal((4, 5))], [np.where(rng.random((4, 5)) < 0.5, -1.0, 1.0)]
    if kind == "pair_sign":  # (x1, x2, y) with y = ±1 per row
        return [x, rng.standard_normal((4, 5))], [np.array([1.0, -1.0, -1.0, 1.0])]
    if kind == "sign":
        return [x], [np.where(rng.random((4, 5)) < 0.5, -1.0, 1.0)]
    if kind == "counts":
        return [x], [rng.integers(0, 5, (4, 5)).astype(np.float64)]
    if kind == "gaussian":
        return [x, rng.uniform(0.5, 2.0, (4,))], [rng.standard_normal((4, 5))]
    if kind == "labels":
        return [x], [(rng.random((4, 5)) < 0.5).astype(np.float64)]
    if kind == "classes":
        return [x], [np.array([0, 3, 4, 1])]
    if kind == "triplet":
        return [x, rng.standard_normal((4, 5)), rng.standard_normal((4, 5))], []
    if kind == "label_ids":  # class ids ended by -1
        return [x], [
            np.array([[3, 0, -1, 1, 1], [4, -1, 0, 0, 0], [-1, 2, 2, 2, 2], [0, 1, 2, 3, 4]])
        ]
    raise AssertionError(kind)


MORE_LOSSES = [
    ("MarginRankingLoss", dict(margin=0.2), "ranking"),
    ("CosineEmbeddingLoss", dict(margin=0.1, reduction="sum"), "pair_sign"),
    ("HingeEmbeddingLoss", dict(margin=0.5), "sign"),
    ("SoftMarginLoss", dict(reduction="none"), "sign"),
    ("PoissonNLLLoss", dict(full=True), "counts"),
    ("GaussianNLLLoss", dict(full=True), "gaussian"),
    ("MultiLabelSoftMarginLoss", dict(reduction="sum"), "labels"),
    ("MultiMarginLoss", dict(p=2, margin=0.7), "classes"),
    ("TripletMarginLoss", dict(margin=0.5, swap=True), "triplet"),
    ("TripletMarginWithDistanceLoss", dict(margin=0.5, swap=True), "triplet"),
    ("MultiLabelMarginLoss", dict(reduction="none"), "label_ids"),
]


@pytest.mark.parametrize("name, kwargs, kind", MORE_LOSSES, ids=[n for n, _, _ in MORE_LOSSES])
def test_composed_loss_modules_match_torch(name, kwargs, kind):
    rng = np.random.default_rng(5)
    xs, extra = _operands(kind, rng)
    tm, em = getattr(tnn, name)(**kwargs), getattr(nn, name)(**kwargs)
    if name == "GaussianNLLLoss":  # forward(input, target, var): the variance is an input

        def t_call(m, x, v):
            return m(x, torch.tensor(extra[0]), v)

        def e_call(m, s, x, v):
            return m(s, x, s.input(extra[0]), v)

    else:

        def t_call(m, *a):
            return m(*a, *[torch.tensor(e) for e in extra])

        def e_call(m, s, *a):
            return m(s, *a, *[s.input(e) for e in extra])

    check_parity(tm, em, xs, t_call, e_call, load=False)


def test_ctc_loss_module_matches_torch():
    rng = np.random.default_rng(6)
    logits = rng.standard_normal((7, 2, 5))
    lp = logits - np.log(np.exp(logits).sum(2, keepdims=True))
    targets = np.array([[1, 2, 2, 4], [3, 1, 0, 0]])
    check_parity(
        tnn.CTCLoss(blank=0, zero_infinity=True),
        nn.CTCLoss(blank=0, zero_infinity=True),
        [lp],
        lambda m, a: m(a, torch.tensor(targets), [7, 6], [4, 2]),
        lambda m, s, a: m(s, a, s.input(targets), [7, 6], [4, 2]),
        load=False,
    )


@pytest.mark.parametrize(
    "make",
    [
        lambda m: m.PairwiseDistance(p=1.0, keepdim=True),
        lambda m: m.CosineSimilarity(dim=0, eps=1e-6),
    ],
    ids=["PairwiseDistance", "CosineSimilarity"],
)
def test_distance_modules_match_torch(make):
    rng = np.random.default_rng(7)
    a, b = rng.standard_normal((4, 5)), rng.standard_normal((4, 5))
    check_parity(
        make(tnn),
        make(nn),
        [a, b],
        lambda m, x, y: m(x, y),
        lambda m, s, x, y: m(s, x, y),
        load=False,
    )


def test_ctc_loss_refuses_bad_lengths_and_records_nothing():
    with et.Session(dtype="float64") as sess:
        lp = sess.input(np.zeros((4, 2, 3)))
        n = sess.tape_len
        with pytest.raises(et.ArgumentError, match="input length"):
            et.nn.functional.ctc_loss(lp, np.array([[1], [2]]), [5, 4], [1, 1])
        with pytest.raises(et.IndexOutOfRangeError):
            et.nn.functional.ctc_loss(lp, np.array([[1], [3]]), [4, 4], [1, 1])
        assert sess.tape_len == n


@pytest.mark.parametrize(
    "make, shape",
    [
        (lambda m: m.PixelShuffle(2), (2, 8, 3, 2)),
        (lambda m: m.PixelUnshuffle(2), (2, 2, 4, 6)),
        (lambda m: m.GLU(dim=1), (3, 6)),
        (lambda m: m.InstanceNorm1d(3), (2, 3, 7)),
        (lambda m: m.InstanceNorm2d(3, eps=1e-3), (3, 4, 5)),  # unbatched
        (lambda m: m.LocalResponseNorm(3, alpha=0.01), (2, 5, 3, 3)),
        (lambda m: m.Upsample(scale_factor=2, mode="bilinear"), (2, 3, 4, 5)),
        (lambda m: m.Upsample(size=(3, 7)), (1, 2, 4, 5)),
        (lambda m: m.UpsamplingBilinear2d(scale_factor=1.5), (1, 2, 4, 4)),
        (lambda m: m.UpsamplingNearest2d(size=6), (1, 2, 3, 4)),
    ],
    ids=[
        "PixelShuffle",
        "PixelUnshuffle",
        "GLU",
        "InstanceNorm1d",
        "InstanceNorm2d",
        "LRN",
        "Upsample-bilinear",
        "Upsample-nearest",
        "UpsamplingBilinear2d",
        "UpsamplingNearest2d",
    ],
)
def test_layer_modules_without_parameters_match_torch(make, shape):
    check_parity(make(tnn), make(nn), [_x(*shape)], load=False)


@pytest.mark.parametrize(
    "make, shapes",
    [
        (lambda m, kw: m.PReLU(**kw), [(2, 4, 3)]),
        (lambda m, kw: m.PReLU(4, init=0.1, **kw), [(2, 4, 3)]),
        (lambda m, kw: m.InstanceNorm2d(3, affine=True, **kw), [(2, 3, 4, 4)]),
        (lambda m, kw: m.Bilinear(4, 3, 5, **kw), [(2, 4), (2, 3)]),
        (lambda m, kw: m.Bilinear(4, 3, 2, bias=False, **kw), [(6, 4), (6, 3)]),
    ],
    ids=["PReLU", "PReLU-channels", "InstanceNorm2d-affine", "Bilinear", "Bilinear-no-bias"],
)
def test_layer_modules_with_parameters_load_torch_weights_and_match(make, shapes):
    tm, em = _randomize(make(tnn, {}).double()), make(nn, {"dtype": "float64"})
    assert sorted(em.state_dict()) == sorted(tm.state_dict())
    check_parity(tm, em, [_x(*s) for s in shapes])


def test_bilinear_initialises_within_torchs_bound():
    w = nn.Bilinear(9, 3, 4, seed=0).weight.numpy()
    assert w.shape == (4, 9, 3) and np.abs(w).max() <= 1 / 3 and np.abs(w).max() > 0.25


def test_instance_norm_refuses_running_statistics():
    with pytest.raises(et.ArgumentError, match="track_running_stats"):
        nn.InstanceNorm2d(3, track_running_stats=True)


@pytest.mark.parametrize(
    "make, shape",
    [
        (lambda m: m.MaxPool1d(3, stride=2, padding=1), (2, 3, 9)),
        (lambda m: m.AvgPool1d(2, ceil_mode=True), (3, 7)),
        (lambda m: m.AdaptiveAvgPool1d(4), (2, 3, 9)),
    ],
    ids=["MaxPool1d", "AvgPool1d", "AdaptiveAvgPool1d"],
)
def test_one_dimensional_pools_match_torch(make, shape):
    check_parity(make(tnn), make(nn), [_x(*shape)], load=False)


def test_conv3d_loads_torch_weights_and_matches():
    tm = _randomize(tnn.Conv3d(2, 4, (2, 3, 2), stride=(1, 2, 1), padding=1, groups=2).double())
    em = nn.Conv3d(2, 4, (2, 3, 2), stride=(1, 2, 1), padding=1, groups=2, dtype="float64")
    assert em.weight.shape == (4, 1, 2, 3, 2)
    check_parity(tm, em, [_x(2, 2, 4, 5, 3)])


@pytest.mark.parametrize(
    "make, shape",
    [
        (lambda m: m.Unfold((2, 3), padding=1, stride=(2, 1)), (2, 3, 6, 5)),
        (lambda m: m.Fold((4, 5), 2, stride=2, padding=1), (2, 12, 9)),
        (lambda m: m.AdaptiveMaxPool1d(3), (2, 3, 8)),
        (lambda m: m.AdaptiveMaxPool2d((3, None)), (2, 3, 6, 5)),
        (lambda m: m.MaxPool3d(2, padding=1, ceil_mode=True), (2, 2, 5, 6, 4)),
        (lambda m: m.AvgPool3d((2, 3, 2), stride=1), (2, 5, 6, 4)),
    ],
    ids=["Unfold", "Fold", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "MaxPool3d", "AvgPool3d"],
)
def test_sliding_window_modules_match_torch(make, shape):
    check_parity(make(tnn), make(nn), [_x(*shape)], load=False)


@pytest.mark.parametrize("mode", ["sum", "mean", "max"])
def test_embedding_bag_loads_torchs_weight_and_matches_each_mode(mode):
    ids, offsets = np.array([4, 0, 2, 2, 1, 3, 0]), np.array([0, 3, 3, 5])
    tm = tnn.EmbeddingBag(5, 4, mode=mode, padding_idx=1).double()
    em = nn.EmbeddingBag(5, 4, mode=mode, padding_idx=1, dtype="float64")
    assert list(em.state_dict()) == list(tm.state_dict()) == ["weight"]
    check_parity(
        tm,
        em,
        [],
        lambda m: m(torch.from_numpy(ids), torch.from_numpy(offsets)),
        lambda m, s: m(s, ids, offsets),
    )


def test_embedding_bag_per_sample_weights_get_torchs_gradient():
    ids = np.array([[4, 0, 2], [2, 1, 3]])
    tm = tnn.EmbeddingBag(5, 4, mode="sum", include_last_offset=False).double()
    em = nn.EmbeddingBag(5, 4, mode="sum", dtype="float64")
    check_parity(
        tm,
        em,
        [_x(2, 3)],
        lambda m, p: m(torch.from_numpy(ids), per_sample_weights=p),
        lambda m, s, p: m(s, ids, per_sample_weights=p),
    )


def test_embedding_bag_initialises_as_torch_with_a_zero_padding_row():
    w = nn.EmbeddingBag(300, 8, padding_idx=-1, seed=0).weight.numpy()
    assert np.all(w[-1] == 0.0)
    assert abs(w[:-1].std() - 1.0) < 0.05 and abs(w[:-1].mean()) < 0.05


def test_from_pretrained_is_frozen_unless_asked_and_keeps_the_matrix():
    matrix = np.arange(12.0).reshape(4, 3)
    frozen = nn.EmbeddingBag.from_pretrained(matrix, mode="sum")
    trained = nn.Embedding.from_pretrained(matrix, freeze=False, padding_idx=0)
    assert not frozen.weight.requires_grad and trained.weight.requires_grad
    np.testing.assert_array_equal(trained.weight.numpy(), matrix)  # padding row kept, as torch
    with et.Session(dtype="float64"):
        out = frozen(et.tensor(np.array([[0, 3]])))
        np.testing.assert_array_equal(out.numpy(), [[9.0, 11.0, 13.0]])


def test_embedding_bag_module_refuses_an_unknown_mode_and_max_norm():
    with pytest.raises(et.ConfigError, match="mode"):
        nn.EmbeddingBag(5, 2, mode="median")
    with pytest.raises(et.ConfigError, match="max_norm"):
        nn.EmbeddingBag(5, 2, max_norm=1.0)


def test_triplet_margin_with_distance_loss_module_calls_its_distance_function():
    rng = np.random.default_rng(8)
    a, p, n = (rng.standard_normal((4, 5)) for _ in range(3))

    def make(m, f):
        return m.TripletMarginWithDistanceLoss(
            distance_function=lambda u, v: 1.0 - f.cosine_similarity(u, v), margin=0.9
        )

    check_parity(
        make(tnn, torch.nn.functional),
        make(nn, nn.functional),
        [a, p, n],
        lambda m, *x: m(*x),
        lambda m, s, *x: m(s, *x),
        load=False,
    )
