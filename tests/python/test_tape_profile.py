"""`sess.tape_profile()` and `et.nn.summary` (issue 27): what holds the tape's memory, with
totals equal to the ledger's `tape` bytes."""

import sys
from pathlib import Path

import numpy as np
import pytest

import eagertape as et

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benches"))
import models  # noqa: E402  (benches/models.py: the CNN and the LM of B8/B9)


def tape_bytes() -> int:
    return et.memory_stats()["by_category"]["tape"]


def cnn_forward(sess):
    x = np.random.default_rng(0).standard_normal((8, 1, 8, 8)).astype(np.float32)
    out = models.cnn_et(dtype="float32")(sess, sess.input(x))
    return et.cross_entropy(out, np.arange(8) % 10)


def lm_forward(sess):
    lm = models.LMEt(vocab=16, seq=12, width=32, heads=4, layers=1, ff=64, dtype="float32")
    ids = np.random.default_rng(0).integers(0, 16, (4, 13))
    out = lm(sess, sess.input(ids[:, :-1], dtype="int64"))
    return et.cross_entropy(out.reshape(-1, 16), ids[:, 1:].reshape(-1))


def mlp_with_workspaces(sess):
    # max(dim)'s indices, a class loss's weights: workspace beside the node values
    x = sess.input(np.random.default_rng(1).standard_normal((6, 5)).astype(np.float32))
    w = sess.use(et.Parameter(np.ones((5, 4), dtype=np.float32)))
    h = (x @ w).relu()
    values, _ = h.max(1, keepdim=True)
    return et.cross_entropy(h - values, np.array([0, 1, 2, 3, 0, 1]))


@pytest.mark.parametrize("forward", [cnn_forward, lm_forward, mlp_with_workspaces])
def test_the_profile_adds_up_to_the_ledgers_tape_bytes(forward):
    with et.Session(dtype="float32") as sess:
        loss = forward(sess)
        profile = sess.tape_profile()
        assert profile.total_bytes == tape_bytes() > 0
        assert sum(o.bytes for o in profile.by_op()) == profile.total_bytes
        assert len(profile) == sess.tape_len
        loss.backward()  # the closing backward frees what no handle names
        assert sess.tape_profile().total_bytes == tape_bytes()


def test_rows_describe_each_node():
    with et.Session(dtype="float32") as sess:
        x = sess.input(np.ones((4, 8), dtype=np.float32))
        y = x.exp()
        t = y.t()  # a view: its storage is y's, counted once
        rows = sess.tape_profile().rows
        assert [r.op for r in rows] == ["input", "exp", "transpose"]
        assert rows[1].shape == (4, 8) and rows[1].bytes == 4 * 8 * 4
        assert rows[2].bytes == 0 and rows[2].shape == (8, 4)
        assert rows[0].node == 0 and rows[2].node == 2
        del t, y


def test_workspace_bytes_are_the_ops():
    with et.Session(dtype="float32") as sess:
        x = sess.input(np.ones((2, 1, 4, 4), dtype=np.float32), requires_grad=True)
        et.max_pool2d(x, 2)
        pool = sess.tape_profile().rows[-1]
        assert pool.op == "max_pool2d"
        assert pool.workspace_bytes == 2 * 1 * 2 * 2 * 8  # int64 indices of the maxima


def test_the_table_lists_ops_and_the_total():
    with et.Session(dtype="float32") as sess:
        cnn_forward(sess)
        profile = sess.tape_profile()
        text = str(profile)
        assert text == profile.table()
        lines = text.splitlines()
        assert lines[1].split()[:2] == ["op", "nodes"]
        assert any(line.startswith("conv2d ") for line in lines)
        total = next(line for line in lines if line.startswith("total"))
        assert total.split()[1] == str(len(profile))
        ops = profile.by_op()
        assert [o.bytes for o in ops] == sorted((o.bytes for o in ops), reverse=True)
        short = profile.table(row_limit=2).splitlines()
        assert any("more ops" in line for line in short)


def test_summary_lists_each_layer_with_shapes_params_and_tape_bytes():
    net = et.nn.Sequential(et.nn.Linear(4, 8), et.nn.ReLU(), et.nn.Linear(8, 2))
    s = et.nn.summary(net, (16, 4))
    # torch: sum(p.numel() for p in net.parameters()) == 4*8 + 8 + 8*2 + 2 == 58
    assert (s.total_params, s.trainable_params) == (58, 58)
    assert [(r.name, r.kind, r.output_shape, r.params) for r in s.rows] == [
        ("", "Sequential", (16, 2), 0),
        ("0", "Linear", (16, 8), 40),
        ("1", "ReLU", (16, 8), 0),
        ("2", "Linear", (16, 2), 18),
    ]
    assert s.rows[0].tape_bytes == s.tape_bytes > 0
    assert s.param_bytes == 58 * 4
    assert "Total params: 58" in str(s)


def test_summary_leaves_the_model_as_it_was():
    m = models.cnn_et(dtype="float32")
    before = m.state_dict()  # copies (torch tensors)
    m.train()
    live = et.memory_stats()["live_bytes"]
    s = et.nn.summary(m, (8, 1, 8, 8))
    assert m.training and all(sub.training for sub in m.modules())
    after = m.state_dict()
    for k, v in before.items():
        np.testing.assert_array_equal(after[k].numpy(), v.numpy())  # running stats too
    assert et.memory_stats()["live_bytes"] == live, "the summary's session is gone"
    assert et.nn.Module.__call__.__name__ == "__call__"
    assert s.rows[1].output_shape == (8, 16, 8, 8)


def test_summary_of_a_token_model_takes_an_int_dtype():
    lm = models.LMEt(vocab=16, seq=12, width=32, heads=4, layers=1, ff=64, dtype="float32")
    s = et.nn.summary(lm, (4, 12), dtype="int64")
    assert s.rows[0].output_shape == (4, 12, 16)
    assert s.total_params == sum(p.numel() for p in lm.parameters())


def test_the_summary_docstring_example_runs():
    import doctest

    from eagertape.nn import _summary

    result = doctest.testmod(_summary)
    assert result.attempted > 0 and result.failed == 0


class Encoder(et.nn.Module):
    """torch-style: `forward(self, x)`, children named `enc` (a Sequential) and `head`."""

    def __init__(self):
        super().__init__()
        self.enc = et.nn.Sequential(et.nn.Linear(4, 8, seed=0), et.nn.ReLU())
        self.head = et.nn.Linear(8, 3, seed=1)

    def forward(self, x):
        return self.head(self.enc(x)).softmax(1)


def test_each_node_carries_the_path_of_the_innermost_module_call_that_recorded_it():
    # as torch's named_modules() names them under the outermost module (its class name)
    with et.Session() as sess:
        x = et.ones(2, 4)
        loss = Encoder()(x).sum()
        modules = {(r.op, r.module) for r in sess.tape_profile()}
    assert ("linear", "Encoder.enc.0") in modules
    assert ("relu", "Encoder.enc.1") in modules
    assert ("linear", "Encoder.head") in modules
    assert ("softmax", "Encoder") in modules
    assert ("sum", None) in modules and ("input", None) in modules
    del loss


def test_the_explicit_call_form_is_scoped_too():
    lin = et.nn.Linear(3, 2, seed=0)
    with et.Session() as sess:
        lin(sess, sess.input(np.ones((1, 3), np.float32)))
        rows = sess.tape_profile().rows
    assert [r.module for r in rows if r.op == "linear"] == ["Linear"]


def test_the_per_module_totals_add_up_to_the_ledgers_tape_bytes():
    before = tape_bytes()
    with et.Session() as sess:
        out = Encoder()(et.tensor(np.ones((16, 4), np.float32)))
        profile = sess.tape_profile()
        by_module = profile.by_module()
        assert sum(m.bytes for m in by_module) == profile.total_bytes == tape_bytes() - before
        assert sum(m.nodes for m in by_module) == len(profile)
        del out


def test_a_forward_that_raises_closes_its_scope():
    class Broken(et.nn.Module):
        def forward(self, x):
            x.exp()
            raise RuntimeError("boom")

    with et.Session() as sess:
        with pytest.raises(RuntimeError, match="boom"):
            Broken()(et.ones(2))
        et.ones(2).sum()
        rows = sess.tape_profile().rows
    assert [r.module for r in rows if r.op == "exp"] == ["Broken"]
    assert [r.module for r in rows if r.op == "sum"] == [None]


def test_the_table_by_module_lists_the_paths_and_the_total():
    with et.Session() as sess:
        Encoder()(et.ones(2, 4))
        profile = sess.tape_profile()
        text = profile.table(by="module")
        assert text.splitlines()[1].split()[0] == "module"
        for path in ("Encoder.enc.0", "Encoder.head", "(no module)"):
            assert path in text
        assert "total" in text
        with pytest.raises(et.ArgumentError, match='"op" or "module"'):
            profile.table(by="layer")
