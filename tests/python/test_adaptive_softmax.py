"""``nn.AdaptiveLogSoftmaxWithLoss`` side by side with torch's: the same parameters after
the same seed, each target's log-probability, the loss, every gradient, ``log_prob``,
``predict``, a 0-d target, and torch's errors for bad cutoffs, targets and shapes."""

from __future__ import annotations

import numpy as np
import pytest
import torch
import torch.nn as tnn

import eagertape as et
import eagertape.nn as nn

RNG = np.random.default_rng(21)


def _pair(head_bias):
    et.manual_seed(3)
    ours = nn.AdaptiveLogSoftmaxWithLoss(16, 12, [3, 7, 9], div_value=2.0, head_bias=head_bias)
    torch.manual_seed(3)
    theirs = tnn.AdaptiveLogSoftmaxWithLoss(16, 12, [3, 7, 9], div_value=2.0, head_bias=head_bias)
    return ours, theirs


@pytest.mark.parametrize("head_bias", [False, True])
def test_the_output_loss_and_every_gradient_are_torchs(head_bias):
    ours, theirs = _pair(head_bias)
    assert list(ours.state_dict()) == list(theirs.state_dict())
    assert repr(ours) == repr(theirs)
    x = RNG.standard_normal((8, 16)).astype(np.float32)
    y = np.array([0, 11, 4, 8, 2, 7, 10, 5])
    tx = torch.tensor(x, requires_grad=True)
    out_t = theirs(tx, torch.tensor(y))
    out_t.loss.backward()
    with et.Session():
        ex = et.tensor(x, requires_grad=True)
        out = ours(ex, et.tensor(y))
        out.loss.backward()
        np.testing.assert_allclose(out.output.numpy(), out_t.output.detach().numpy(), rtol=1e-6)
        assert out.loss.item() == pytest.approx(out_t.loss.item(), rel=1e-6)
        np.testing.assert_allclose(ex.grad.numpy(), tx.grad.numpy(), rtol=1e-5, atol=1e-7)
        for (n, p), (_, tp) in zip(ours.named_parameters(), theirs.named_parameters(), strict=True):
            np.testing.assert_allclose(
                p.grad.numpy(), tp.grad.numpy(), rtol=1e-5, atol=1e-7, err_msg=n
            )


def test_log_prob_and_predict_are_torchs():
    ours, theirs = _pair(True)
    x = RNG.standard_normal((20, 16)).astype(np.float32) * 3.0
    want_lp = theirs.log_prob(torch.tensor(x)).detach().numpy()
    want = theirs.predict(torch.tensor(x)).tolist()
    with et.Session():
        np.testing.assert_allclose(
            ours.log_prob(et.tensor(x)).numpy(), want_lp, rtol=1e-5, atol=1e-6
        )
        assert ours.predict(et.tensor(x)).tolist() == want
        np.testing.assert_allclose(
            np.exp(ours.log_prob(et.tensor(x)).numpy()).sum(1), 1.0, rtol=1e-5
        )


def test_a_0d_target_with_a_1d_input_gives_a_0d_output():
    ours, theirs = _pair(False)
    x = RNG.standard_normal(16).astype(np.float32)
    want = theirs(torch.tensor(x), torch.tensor(8)).output.item()
    with et.Session():
        out = ours(et.tensor(x), et.tensor(8))
        assert out.output.ndim == 0
        assert out.output.item() == pytest.approx(want, rel=1e-6)


@pytest.mark.parametrize("cutoffs", [[], [5, 3], [0, 4], [4, 12], [4, 4]], ids=str)
def test_bad_cutoffs_raise_torchs_value_error(cutoffs):
    with pytest.raises(ValueError) as theirs:
        tnn.AdaptiveLogSoftmaxWithLoss(16, 12, cutoffs)
    with pytest.raises(ValueError) as ours:
        nn.AdaptiveLogSoftmaxWithLoss(16, 12, cutoffs)
    assert str(ours.value) == str(theirs.value)


@pytest.mark.parametrize(
    "x_shape, y, error",
    [
        ((4, 16), [0, 1, 2, 12], et.ClassIndexError),
        ((4, 16), [0, 1, 2], et.ShapeError),
        ((2, 4, 16), [0, 1], et.ShapeError),
    ],
    ids=["target-out-of-range", "batch-mismatch", "3d-input"],
)
def test_a_bad_target_or_input_is_refused_and_records_nothing(x_shape, y, error):
    ours, _ = _pair(False)
    with et.Session() as sess:
        x, t = et.zeros(*x_shape), et.tensor(y)
        before = sess.tape_len
        with pytest.raises(error):
            ours(x, t)
        # nothing but the two reductions that read the targets' range: no layer ran
        assert sess.tape_len - before in (0, 2)
