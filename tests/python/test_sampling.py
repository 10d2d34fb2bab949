"""Sampling from the session's generator (``multinomial``, ``bernoulli``, ``normal``,
``randint``, ``randperm``) and the searches with data results (``searchsorted``,
``bucketize``, ``unique``): reproducibility, the generator's bookkeeping (how many values
each call reads, ``src/session/sample.rs``), the distributions (fixed seeds, so every check
is deterministic), torch's rules for bad input (typed errors, nothing changed), and the
carriers that refuse a sampler."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

PROBS = np.array([0.1, 0.2, 0.3, 0.4])


def _draws(seed):
    with et.Session(dtype="float64", seed=seed):
        w = et.tensor(np.tile(PROBS, (3, 1)))
        return (
            et.multinomial(w, 5, replacement=True).numpy(),
            et.multinomial(w, 4).numpy(),
            et.bernoulli(et.full((6,), 0.5)).numpy(),
            et.normal(et.zeros(4), 2.0).numpy(),
            et.randint(0, 100, (8,)).numpy(),
            et.randperm(9).numpy(),
        )


# --- reproducibility and bookkeeping ------------------------------------------------------


def test_the_same_seed_gives_the_same_draws():
    for a, b in zip(_draws(11), _draws(11), strict=True):
        np.testing.assert_array_equal(a, b)


def test_different_seeds_give_different_draws():
    diffs = [not np.array_equal(a, b) for a, b in zip(_draws(11), _draws(12), strict=True)]
    assert all(diffs)


@pytest.mark.parametrize(
    ("call", "values_read"),
    [
        (lambda w: et.multinomial(w, 5, replacement=True), 3 * 5),  # rows x samples
        (lambda w: et.multinomial(w, 2), 3 * 4),  # rows x categories
        (lambda w: et.bernoulli(w), 12),  # one uniform per element
        (lambda w: w.bernoulli(0.3), 12),
        (lambda w: et.normal(w, 1.0), 2 * 12),  # a normal reads two positions
        (lambda w: et.normal(0.0, 1.0, (5,)), 2 * 5),
        (lambda w: et.randint(3, (7,)), 7),
        (lambda w: et.randperm(6), 6),
    ],
    ids=[
        "multinomial-repl",
        "multinomial",
        "bernoulli",
        "bernoulli-p",
        "normal",
        "normal-size",
        "randint",
        "randperm",
    ],
)
def test_each_sampler_advances_the_generator_by_the_values_it_reads(call, values_read):
    with et.Session(dtype="float64", seed=5) as sess:
        w = et.tensor(np.tile(PROBS, (3, 1)))
        seed, before = sess.rng_state()
        call(w)
        assert sess.rng_state() == (seed, before + values_read)


def test_a_draw_is_data_without_gradient():
    # torch's derivative of every sampler is zero; a GradMap is sparse, so "no entry" is
    # the same gradient
    with et.Session(dtype="float64", seed=1):
        mean = et.zeros(3, requires_grad=True)
        for t in (et.normal(mean, 1.0), et.bernoulli(mean + 0.5), et.multinomial(mean + 1.0, 2)):
            assert t.requires_grad is False


# --- distributions ------------------------------------------------------------------------


def _frequencies(idx, k):
    return np.bincount(np.asarray(idx).ravel(), minlength=k) / np.asarray(idx).size


def test_multinomial_with_replacement_follows_the_weights():
    with et.Session(dtype="float32", seed=3):
        w = et.tensor(np.tile(PROBS * 7.0, (20_000, 1)))  # unnormalised weights
        f = _frequencies(et.multinomial(w, 1, replacement=True).numpy(), 4)
    np.testing.assert_allclose(f, PROBS, atol=0.01)


def test_multinomial_never_draws_a_zero_weight():
    with et.Session(dtype="float32", seed=4):
        w = et.tensor(np.array([[0.0, 1.0, 0.0, 2.0], [3.0, 0.0, 0.0, 0.0]]))
        d = et.multinomial(w, 500, replacement=True).numpy()
        assert set(d[0].tolist()) == {1, 3} and set(d[1].tolist()) == {0}
        once = et.multinomial(w[0], 2).numpy()
        assert sorted(once.tolist()) == [1, 3]


def test_multinomial_without_replacement_matches_torchs_sequential_draws():
    # first pick ∝ p; the second pick's law (p_j Σ_i p_i / (1 - p_i) restricted to j ≠ i)
    # compared with torch's own sampler over as many rows
    n = 20_000
    with et.Session(dtype="float64", seed=5):
        d = et.multinomial(et.tensor(np.tile(PROBS, (n, 1))), 4).numpy()
    assert all(sorted(row) == [0, 1, 2, 3] for row in d[:100].tolist())
    torch.manual_seed(0)
    ref = torch.multinomial(torch.tensor(PROBS).repeat(n, 1), 4).numpy()
    for k in range(2):
        np.testing.assert_allclose(_frequencies(d[:, k], 4), _frequencies(ref[:, k], 4), atol=0.02)
    np.testing.assert_allclose(_frequencies(d[:, 0], 4), PROBS, atol=0.01)


def test_bernoulli_draws_ones_with_the_given_probability():
    with et.Session(dtype="float32", seed=6):
        p = et.tensor(np.repeat([0.0, 0.25, 1.0], 20_000))
        b = et.bernoulli(p).numpy().reshape(3, -1)
        assert b.dtype == np.float32
        assert b[0].sum() == 0 and b[2].sum() == 20_000
        assert abs(b[1].mean() - 0.25) < 0.01
        assert abs(et.zeros(20_000).bernoulli(0.7).numpy().mean() - 0.7) < 0.01


def test_normal_has_the_given_mean_and_spread():
    with et.Session(dtype="float64", seed=7):
        z = et.normal(et.full((50_000,), 3.0), et.full((50_000,), 0.5)).numpy()
        assert abs(z.mean() - 3.0) < 0.01 and abs(z.std() - 0.5) < 0.01
        assert et.normal(0.0, 2.0, size=(2, 3)).shape == (2, 3)
        # broadcast mean (3, 1) with std (4,)
        assert et.normal(et.zeros(3, 1), et.ones(4)).shape == (3, 4)


def test_randint_covers_its_range_and_randperm_is_a_permutation():
    with et.Session(dtype="float32", seed=8):
        r = et.randint(-3, 4, (10_000,)).numpy()
        assert r.dtype == np.int64 and set(r.tolist()) == set(range(-3, 4))
        np.testing.assert_allclose(_frequencies(r + 3, 7), np.full(7, 1 / 7), atol=0.01)
        # the range is exact beyond float32's 24 bits
        big = et.randint(2**40, 2**40 + 3, (50,)).numpy()
        assert set(big.tolist()) <= {2**40, 2**40 + 1, 2**40 + 2}
        p = et.randperm(1000).numpy()
        assert sorted(p.tolist()) == list(range(1000)) and not np.array_equal(p, np.arange(1000))
        assert et.randperm(0).shape == (0,)


# --- bad input: typed errors, nothing recorded, the generator untouched ------------------


class _Weights:
    """Weights and their bad variants, all recorded before the call under test."""

    def __init__(self):
        self.w = et.tensor(np.tile(PROBS, (3, 1)))
        self.neg = self.w - 1.0
        self.zero = self.w * 0.0
        self.cube = self.w.reshape(3, 2, 2)
        self.big = self.w * 3.0
        self.rows2 = self.w[:2]


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda c: et.multinomial(c.w, 5), et.ArgumentError, "without replacement"),
        (lambda c: et.multinomial(c.w, 0), et.ArgumentError, "n_sample <= 0"),
        (lambda c: et.multinomial(c.neg, 1), et.ArgumentError, "element < 0"),
        (lambda c: et.multinomial(c.zero, 1), et.ArgumentError, "sum of probabilities"),
        (lambda c: et.multinomial(c.cube, 1), et.ShapeError, "1 or 2 dim"),
        (lambda c: et.bernoulli(c.big), et.ArgumentError, r"\[0, 1\]"),
        (lambda c: c.w.bernoulli(1.5), et.ArgumentError, r"\[0, 1\]"),
        (lambda c: et.normal(c.w, -1.0), et.ArgumentError, "std >= 0"),
        (lambda c: et.normal(c.w, c.neg), et.ArgumentError, "std >= 0"),
        (lambda c: et.normal(0.0, 1.0), et.ArgumentError, "size"),
        (lambda c: et.randint(5, 2, (3,)), et.ArgumentError, "low < high"),
        (lambda c: et.randint(0, 2**60, (3,)), et.ArgumentError, "2\\^53"),
        (lambda c: et.randperm(-1), et.ArgumentError, "non-negative"),
        (lambda c: et.multinomial(c.w, 1, generator=object()), et.ArgumentError, "generator"),
        (lambda c: et.searchsorted(c.w, c.rows2), et.ShapeError, "last dim"),
        (lambda c: et.unique(c.w, dim=2), et.ShapeError, "dim"),
    ],
    ids=[
        "multinomial-too-many",
        "multinomial-zero",
        "multinomial-negative",
        "multinomial-zero-sum",
        "multinomial-3d",
        "bernoulli-p-tensor",
        "bernoulli-p-number",
        "normal-std-number",
        "normal-std-tensor",
        "normal-no-size",
        "randint-range",
        "randint-huge",
        "randperm-negative",
        "generator",
        "searchsorted-shapes",
        "unique-dim",
    ],
)
def test_bad_sampler_input_raises_typed_errors_and_changes_nothing(call, error, match):
    with et.Session(dtype="float64", seed=9) as sess:
        c = _Weights()
        before = (sess.tape_len, sess.rng_state(), et.memory_stats()["live_bytes"])
        with pytest.raises(error, match=match):
            call(c)
        assert (sess.tape_len, sess.rng_state(), et.memory_stats()["live_bytes"]) == before


def test_nan_weights_are_refused_like_torch():
    with et.Session(dtype="float64") as sess:
        w = et.tensor(np.array([0.5, np.nan, 0.5]))
        with pytest.raises(et.ArgumentError, match="nan"):
            et.multinomial(w, 1)
        with pytest.raises(et.ArgumentError):
            et.bernoulli(w)
        assert sess.rng_state()[1] == 0


# --- carriers -------------------------------------------------------------------------------


def test_reference_carriers_sample_with_replacement_and_search():
    with et.Session(dtype="float64", backend="reference", seed=2):
        w = et.tensor(np.array([[0.0, 1.0, 0.0], [0.5, 0.0, 0.5]]))
        d = et.multinomial(w, 50, replacement=True).numpy()
        assert set(d[0].tolist()) == {1} and set(d[1].tolist()) == {0, 2}
        seq = et.tensor(np.array([1.0, 3.0, 5.0]))
        assert et.searchsorted(seq, et.tensor(np.array([3.0, 4.0]))).tolist() == [1, 2]
        b = et.bernoulli(w).numpy()
        assert b[0].tolist() == [0.0, 1.0, 0.0] and set(b[1].tolist()) <= {0.0, 1.0}
        with pytest.raises(et.UnsupportedOpError, match="topk"):
            et.multinomial(w, 1)  # exponential races rank with LibTorch's topk


def test_intervals_refuse_samplers_and_searches():
    with et.Session(dtype="interval") as sess:
        x = sess.input(et.interval(np.array([0.2, 0.5])))
        n = sess.tape_len
        for call in (
            lambda: et.multinomial(x, 1, replacement=True),
            lambda: et.searchsorted(x, x),
            lambda: et.unique(x),
        ):
            with pytest.raises(et.UnsupportedOpError):
                call()
        assert sess.tape_len == n


# --- searches: data-dependent shapes --------------------------------------------------------


def test_unique_has_a_data_dependent_length_and_matches_torch():
    data = np.array([[3, 1, 3], [2, 1, 7]])
    ref = torch.unique(torch.tensor(data), return_inverse=True, return_counts=True)
    with et.Session(dtype="float64"):
        u, inv, cnt = et.unique(et.tensor(data), return_inverse=True, return_counts=True)
        for a, b in zip((u, inv, cnt), ref, strict=True):
            np.testing.assert_array_equal(a.numpy(), b.numpy())
        assert u.shape == (4,) and inv.shape == (2, 3)


def test_searchsorted_of_rows_matches_torch():
    seq = np.sort(np.random.default_rng(0).standard_normal((3, 6)), axis=1)
    vals = np.random.default_rng(1).standard_normal((3, 4))
    with et.Session(dtype="float64"):
        got = et.searchsorted(et.tensor(seq), et.tensor(vals), right=True).numpy()
    want = torch.searchsorted(torch.tensor(seq), torch.tensor(vals), right=True).numpy()
    np.testing.assert_array_equal(got, want)


# --- channel and alpha dropout ------------------------------------------------------------


def test_channel_dropout_zeroes_whole_channels_and_scales_the_rest():
    import eagertape.nn.functional as F

    with et.Session(dtype="float64", seed=3) as sess:
        x = et.ones(4, 6, 3, 2, requires_grad=True)
        seed, before = sess.rng_state()
        y = F.dropout2d(x, 0.25)
        assert sess.rng_state() == (seed, before + 4 * 6)  # one draw per channel
        v = y.numpy()
        assert set(np.unique(v).tolist()) <= {0.0, 1 / 0.75}
        assert (v == v[:, :, :1, :1]).all()  # constant over each channel
        y.sum().backward()
        np.testing.assert_array_equal(x.grad.numpy(), v)  # d(x·mask)/dx = mask


def test_channel_dropouts_take_unbatched_inputs_and_are_the_identity_in_eval():
    import eagertape.nn.functional as F

    with et.Session(dtype="float64", seed=4) as sess:
        x = et.ones(5, 7)
        assert F.dropout1d(x, 0.5).shape == (5, 7)
        assert F.dropout3d(et.ones(2, 3, 2, 2), 0.5).shape == (2, 3, 2, 2)
        n, rng = sess.tape_len, sess.rng_state()
        np.testing.assert_array_equal(F.dropout1d(x, 0.5, training=False).numpy(), x.numpy())
        m = et.nn.Dropout2d(0.5).eval()
        z = et.ones(2, 3, 4, 4)
        np.testing.assert_array_equal(m(z).numpy(), z.numpy())
        assert sess.rng_state() == rng and sess.tape_len == n + 1  # only z was recorded


def test_alpha_dropout_keeps_a_standard_normals_mean_and_variance():
    import eagertape.nn.functional as F

    with et.Session(dtype="float64", seed=5):
        x = et.tensor(np.random.default_rng(0).standard_normal(200_000))
        z = F.alpha_dropout(x, 0.3, training=True).numpy()
        assert abs(z.mean()) < 0.01 and abs(z.std() - 1.0) < 0.01
        np.testing.assert_array_equal(F.alpha_dropout(x, 0.3).numpy(), x.numpy())  # eval default
        f = F.feature_alpha_dropout(et.ones(3, 4, 5), 0.5, training=True).numpy()
        assert (f == f[:, :, :1]).all()


def test_bad_channel_dropout_input_is_refused_and_changes_nothing():
    import eagertape.nn.functional as F

    with et.Session(dtype="float64", seed=6) as sess:
        x = et.ones(2, 3, 4, 5)
        before = (sess.tape_len, sess.rng_state())
        with pytest.raises(et.ArgumentError, match="between 0 and 1"):
            F.dropout2d(x, 1.5)
        with pytest.raises(et.ShapeError, match="expected"):
            F.dropout1d(x, 0.5)
        with pytest.raises(et.ArgumentError, match="between 0 and 1"):
            F.dropout2d(x, 1.5, inplace=True)
        assert (sess.tape_len, sess.rng_state()) == before


@pytest.mark.parametrize("shape", [(6, 5), (2, 3, 2, 2, 2)], ids=["2-D", "5-D"])
def test_dropout2d_of_another_rank_warns_as_torch_and_drops_per_channel(shape):
    import torch

    with pytest.warns(UserWarning, match=f"Received a {len(shape)}-D input") as theirs:
        torch.nn.Dropout2d(0.5)(torch.ones(shape))
    with et.Session(dtype="float64", seed=7):
        with pytest.warns(UserWarning, match=f"Received a {len(shape)}-D input") as ours:
            v = et.nn.Dropout2d(0.5)(et.ones(*shape)).numpy()
        # (N, C, ...): one draw per (sample, channel), as torch's feature dropout
        assert v.shape == shape
        assert set(np.unique(v).tolist()) <= {0.0, 2.0}
        flat = v.reshape(shape[0], shape[1], -1)
        assert (flat == flat[:, :, :1]).all()
    assert str(ours[0].message) == str(theirs[0].message)


def test_dropout2d_of_a_3d_input_warns_that_it_reads_n_c_l_as_torch():
    import torch

    import eagertape.nn.functional as F

    with pytest.warns(UserWarning, match="Received a 3D input") as theirs:
        torch.nn.functional.dropout2d(torch.ones(2, 3, 4))
    with et.Session(seed=8), pytest.warns(UserWarning, match="Received a 3D input") as ours:
        F.dropout2d(et.ones(2, 3, 4))
    assert str(ours[0].message) == str(theirs[0].message)
