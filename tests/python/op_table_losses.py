"""The op table's rows of the losses torch composes from other ops
(``src/ops/composed_loss.rs``: margin, embedding, Poisson and Gaussian NLL, multi-label and
multi-class margin, triplet losses (also with a ``distance_function``), with
``pairwise_distance``, ``cosine_similarity`` and ``normalize``) and of ``ctc_loss`` and
``multilabel_margin_loss`` (LibTorch's kernels). Targets are constants; every
reduction is exercised. Rows whose loss compares a target with a number run on the point
carriers (intervals have no truth values)."""

from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as TF
from op_table import Op, normal

import eagertape.nn.functional as F

POINT = ("libtorch", "reference", "ieee32")
SIGNS = np.array([1.0, -1.0, -1.0, 1.0, 1.0])
SIGNS_34 = np.array([[1.0, -1.0, 1.0, 1.0], [-1.0, -1.0, 1.0, -1.0], [1.0, 1.0, -1.0, 1.0]])
SIGNS_4 = np.array([1.0, -1.0, -1.0, 1.0])
COUNTS = np.array([[0.0, 1.0, 3.0, 2.0], [5.0, 0.5, 1.0, 4.0], [2.0, 0.0, 1.5, 7.0]])
LABELS = np.array([[1.0, 0.0, 1.0, 0.0], [0.0, 0.0, 1.0, 1.0], [1.0, 1.0, 1.0, 0.0]])
CLASS_W = np.array([0.5, 2.0, 1.0, 1.5])
CLASSES = np.array([2, 0, 3])
MULTI_LABELS = np.array([[3, 0, -1, 1], [1, 2, 3, 1], [-1, 0, 0, 0]])
CTC_TARGETS = np.array([[1, 2, 2], [3, 1, 0]])
CTC_FLAT = np.array([1, 2, 2, 3, 1])


def _t(a):
    return torch.as_tensor(a)


def _c(m, a):
    return a if m is F else _t(a)


def _reductions(fn, *args, **kw):
    return [fn(*args, reduction=r, **kw).reshape(-1) for r in ("none", "sum", "mean")]


def _cat(m, parts):
    return (torch if m is TF else _et()).cat(parts)


def _et():
    import eagertape as et

    return et


def _margins(m, x1, x2, x):
    return _cat(
        m,
        _reductions(m.margin_ranking_loss, x1, x2, _c(m, SIGNS), margin=0.3)
        + _reductions(m.soft_margin_loss, x, _c(m, SIGNS_34)),
    )


def _hinge(m, x):
    return _cat(m, _reductions(m.hinge_embedding_loss, x, _c(m, SIGNS_34), margin=0.7))


def _embeddings(m, a, b):
    return _cat(
        m,
        _reductions(m.cosine_embedding_loss, a, b, _c(m, SIGNS_4), margin=0.2)
        + [
            m.pairwise_distance(a, b).reshape(-1),
            m.pairwise_distance(a, b, p=1.0, keepdim=True).reshape(-1),
            m.cosine_similarity(a, b).reshape(-1),
            m.cosine_similarity(a, b, dim=0).reshape(-1),
            m.normalize(a).reshape(-1),
            m.normalize(b, p=1.0, dim=0).reshape(-1),
        ],
    )


def _nll(m, x, p, var):
    full = _reductions(m.poisson_nll_loss, p, _c(m, COUNTS), log_input=False, full=True)
    return _cat(
        m,
        full  # first: a carrier without comparisons records nothing
        + _reductions(m.poisson_nll_loss, x, _c(m, COUNTS))
        + _reductions(m.gaussian_nll_loss, x, p, var)
        + [m.gaussian_nll_loss(x, p, var.unsqueeze(1) * 2.0, full=True).reshape(-1)],
    )


def _classes(m, x):
    return _cat(
        m,
        _reductions(m.multilabel_soft_margin_loss, x, _c(m, LABELS))
        + [m.multilabel_soft_margin_loss(x, _c(m, LABELS), weight=_c(m, CLASS_W)).reshape(-1)]
        + _reductions(m.multi_margin_loss, x, _c(m, CLASSES))
        + [
            m.multi_margin_loss(x, _c(m, CLASSES), p=2, margin=0.5, weight=_c(m, CLASS_W)).reshape(
                -1
            )
        ],
    )


def _triplet(m, a, p, n):
    return _cat(
        m,
        _reductions(m.triplet_margin_loss, a, p, n)
        + [m.triplet_margin_loss(a, p, n, margin=0.5, p=1.0, swap=True).reshape(-1)],
    )


def _cosine_distance(m):
    return lambda u, v: 1.0 - m.cosine_similarity(u, v)


def _triplet_distances(m, a, p, n):
    first = m.triplet_margin_with_distance_loss(a, p, n, reduction="none")
    return _cat(
        m,
        [first]
        + [
            m.triplet_margin_with_distance_loss(
                a, p, n, distance_function=_cosine_distance(m), margin=0.5, swap=True, reduction=r
            ).reshape(-1)
            for r in ("none", "mean", "sum")
        ],
    )


def _multilabel_margin(m, x):
    ids = _c(m, MULTI_LABELS)
    return _cat(
        m,
        _reductions(m.multilabel_margin_loss, x, ids)
        + [m.multilabel_margin_loss(x[0], ids[0]).reshape(-1)],
    )


def _ctc(m, lp):
    return _cat(
        m,
        _reductions(m.ctc_loss, lp, _c(m, CTC_TARGETS), [6, 5], [3, 2])
        + [m.ctc_loss(lp, _c(m, CTC_FLAT), (6, 4), (3, 2), blank=0).reshape(-1)],
    )


def _log_probs(rng):
    z = rng.standard_normal((6, 2, 4))
    return [z - np.log(np.exp(z).sum(2, keepdims=True))]


def _aten_losses(m, x1, x2, x, a, b):
    """The ``torch.*`` forms (aten's signatures: each reduction as its integer)."""
    t = _t if m is torch else np.asarray
    return m.stack(
        [
            m.cosine_embedding_loss(a, b, t(SIGNS_4), 0.2, r).reshape(-1).sum()
            + m.hinge_embedding_loss(x, t(SIGNS_34), 0.4, r).sum()
            + m.margin_ranking_loss(x1, x2, t(SIGNS), 0.3, r).sum()
            + m.triplet_margin_loss(a, b, a * 0.5 - b, 0.8, 1.5, 1e-6, r == 2, r).sum()
            + m.poisson_nll_loss(x.exp(), t(COUNTS), False, r != 1, 1e-8, r).sum()
            + m.poisson_nll_loss(x, t(COUNTS), True, False, 1e-8, r).sum()
            for r in (0, 1, 2)
        ]
    )


def _aten_ctc(m, lp):
    t = _t if m is torch else np.asarray
    return m.cat(
        [m.ctc_loss(lp, t(CTC_TARGETS), [6, 5], [3, 2], 0, r, False).reshape(-1) for r in (0, 1, 2)]
    )


LOSS_OPS: tuple[Op, ...] = (
    Op(
        "aten_loss_forms",
        lambda x1, x2, x, a, b: _aten_losses(_et(), x1, x2, x, a, b),
        lambda x1, x2, x, a, b: _aten_losses(torch, x1, x2, x, a, b),
        normal((5,), (5,), (3, 4), (4, 3), (4, 3)),
        carriers=POINT,
        covers=(
            "et.cosine_embedding_loss",
            "et.hinge_embedding_loss",
            "et.margin_ranking_loss",
            "et.triplet_margin_loss",
            "et.poisson_nll_loss",
        ),
    ),
    Op(
        "aten_ctc_loss",
        lambda x: _aten_ctc(_et(), x),
        lambda x: _aten_ctc(torch, x),
        _log_probs,
        carriers=("libtorch",),
        smooth=False,  # torch's derivative assumes normalised log-probabilities
        covers=("et.ctc_loss",),
    ),
    Op(
        "margin_ranking_and_soft_margin",
        lambda x1, x2, x: _margins(F, x1, x2, x),
        lambda x1, x2, x: _margins(TF, x1, x2, x),
        normal((5,), (5,), (3, 4)),
        covers=("F.margin_ranking_loss", "F.soft_margin_loss"),
    ),
    Op(
        "hinge_embedding",
        lambda x: _hinge(F, x),
        lambda x: _hinge(TF, x),
        normal((3, 4)),
        carriers=POINT,
        covers=("F.hinge_embedding_loss",),
    ),
    Op(
        "cosine_embedding_and_distances",
        lambda a, b: _embeddings(F, a, b),
        lambda a, b: _embeddings(TF, a, b),
        normal((4, 3), (4, 3)),
        carriers=POINT,
        covers=(
            "F.cosine_embedding_loss",
            "F.pairwise_distance",
            "et.pairwise_distance",
            "F.cosine_similarity",
            "et.cosine_similarity",
            "F.normalize",
        ),
    ),
    Op(
        "poisson_and_gaussian_nll",
        lambda x, p, v: _nll(F, x, p, v),
        lambda x, p, v: _nll(TF, x, p, v),
        lambda rng: [
            rng.standard_normal((3, 4)),
            rng.uniform(0.5, 2.0, size=(3, 4)),
            rng.uniform(0.5, 2.0, size=(3,)),
        ],
        carriers=POINT,
        covers=("F.poisson_nll_loss", "F.gaussian_nll_loss"),
    ),
    Op(
        "multilabel_and_multi_margin",
        lambda x: _classes(F, x),
        lambda x: _classes(TF, x),
        normal((3, 4)),
        covers=("F.multilabel_soft_margin_loss", "F.multi_margin_loss"),
    ),
    Op(
        "triplet_margin",
        lambda a, p, n: _triplet(F, a, p, n),
        lambda a, p, n: _triplet(TF, a, p, n),
        normal((3, 4), (3, 4), (3, 4)),
        covers=("F.triplet_margin_loss",),
    ),
    Op(
        "triplet_margin_with_distance",
        lambda a, p, n: _triplet_distances(F, a, p, n),
        lambda a, p, n: _triplet_distances(TF, a, p, n),
        normal((3, 4), (3, 4), (3, 4)),
        covers=("F.triplet_margin_with_distance_loss",),
    ),
    Op(
        "multilabel_margin",
        lambda x: _multilabel_margin(F, x),
        lambda x: _multilabel_margin(TF, x),
        normal((3, 4)),
        carriers=("libtorch",),
        covers=("F.multilabel_margin_loss",),
    ),
    Op(
        "ctc_loss",
        lambda x: _ctc(F, x),
        lambda x: _ctc(TF, x),
        _log_probs,
        carriers=("libtorch",),
        smooth=False,  # torch's derivative assumes normalised log-probabilities
        covers=("F.ctc_loss",),
    ),
)
