"""A small trained CNN certified on an L∞ box with the interval carrier (issue 13, item 7).

The CNN (conv2d → relu → max_pool2d → layer_norm-free flatten → linear, plus an avg_pool2d
branch) is trained on LibTorch in float64, then its parameters become degenerate intervals and
the same forward runs on the interval carrier over a box around test images (every pixel
± eps). Soundness: every point sampled inside the box gives float64 logits inside the interval
bounds. Certification: the bounds prove the predicted class for most boxes at a small eps,
and for none at a large one (the bounds are not vacuous, and not claimed where they cannot
hold)."""

from __future__ import annotations

import numpy as np
import pytest

import eagertape as et

sklearn_datasets = pytest.importorskip("sklearn.datasets")

EPS_SMALL = 0.005
EPS_LARGE = 0.5


def _digits():
    d = sklearn_datasets.load_digits()
    x = (d.images / 16.0).reshape(-1, 1, 8, 8)
    return x[:1200], d.target[:1200], x[1200:1300], d.target[1200:1300]


def _cnn(sess, x, ps):
    cw, cb, lw, lb = (sess.use(p) for p in ps)
    h = et.conv2d(x, cw, cb, padding=1).relu()  # (N, 4, 8, 8)
    h = et.max_pool2d(h, 2) + et.avg_pool2d(h, 2)  # (N, 4, 4, 4)
    return et.linear(h.flatten(1), lw, lb)


@pytest.fixture(scope="module")
def trained():
    x, y, x_test, y_test = _digits()
    rng = np.random.default_rng(0)
    shapes = [(4, 1, 3, 3), (4,), (10, 64), (10,)]
    params = [
        et.Parameter(rng.normal(0, 0.3, s), name=f"p{i}", dtype="float64")
        for i, s in enumerate(shapes)
    ]
    opt = et.optim.Adam(params, lr=0.03)
    sess = et.Session(dtype="float64")
    for _ in range(60):
        loss = et.cross_entropy(_cnn(sess, sess.input(x), params), y)
        with sess.backward(loss) as grads:
            sess.reset_tape()
            opt.step(grads)
    logits = _cnn(sess, sess.input(x_test), params).numpy()
    sess.reset_tape()
    accuracy = float((logits.argmax(1) == y_test).mean())
    return params, x_test, y_test, accuracy


def _bounds(params, x, eps):
    boxed = [et.Parameter(p.numpy(), dtype="interval") for p in params]
    with et.Session(dtype="interval", grad_enabled=False) as verify:
        lo, hi = _cnn(verify, verify.input(et.interval(x - eps, x + eps)), boxed).bounds()
    return lo, hi


def _certified(lo, hi, labels):
    return [lo[i, c] > np.delete(hi[i], c).max() for i, c in enumerate(labels)]


def test_the_cnn_trains_to_a_useful_accuracy(trained):
    _, _, _, accuracy = trained
    assert accuracy >= 0.85


def test_interval_bounds_enclose_the_float64_logits_of_points_in_the_box(trained):
    params, x_test, _, _ = trained
    x = x_test[:8]
    lo, hi = _bounds(params, x, EPS_SMALL)
    rng = np.random.default_rng(1)
    sess = et.Session(dtype="float64", grad_enabled=False)
    for _ in range(20):
        point = x + rng.uniform(-EPS_SMALL, EPS_SMALL, size=x.shape)
        point[0] = x[0] + EPS_SMALL * np.sign(rng.standard_normal(x[0].shape))  # a corner
        logits = _cnn(sess, sess.input(point), params).numpy()
        sess.reset_tape()
        assert (lo <= logits).all() and (logits <= hi).all()


def test_interval_bounds_certify_most_predictions_at_a_small_radius(trained):
    params, x_test, _, _ = trained
    lo, hi = _bounds(params, x_test, EPS_SMALL)
    predicted = ((lo + hi) / 2).argmax(1)
    assert np.mean(_certified(lo, hi, predicted)) >= 0.8


def test_interval_bounds_certify_nothing_at_a_radius_that_reaches_other_digits(trained):
    params, x_test, y_test, _ = trained
    lo, hi = _bounds(params, x_test[:20], EPS_LARGE)
    assert not any(_certified(lo, hi, y_test[:20]))


def test_an_nn_cnn_with_batchnorm_in_eval_mode_runs_on_the_interval_carrier():
    # benches/models.py's CNN (Conv2d, BatchNorm2d, ReLU, MaxPool2d, AdaptiveAvgPool2d, Linear)
    import os
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benches"))
    from models import cnn_et

    x = np.random.default_rng(0).random((2, 1, 8, 8))
    model = cnn_et(width=4, dtype="float64").eval()
    sess = et.Session(dtype="float64", grad_enabled=False)
    exact = model(sess, sess.input(x)).numpy()
    boxed = cnn_et(width=4, dtype="interval")
    boxed.load_state_dict(model.state_dict())
    boxed.eval()
    with et.Session(dtype="interval", grad_enabled=False) as verify:
        lo, hi = boxed(verify, verify.input(et.interval(x - 1e-3, x + 1e-3))).bounds()
    assert (lo <= exact).all() and (exact <= hi).all()
    assert (hi - lo).max() < 0.1
