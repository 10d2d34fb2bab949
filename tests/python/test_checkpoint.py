"""eagertape.save / eagertape.load: safetensors checkpoints of parameters, optimizer state and
a session's RNG state. A rejected load changes nothing (values, versions, optimizer state, RNG
state); a write is atomic (no temporary file is left, a failed write keeps the old file)."""

from __future__ import annotations

import copy
import json
import os
import time

import numpy as np
import pytest
import safetensors
import safetensors.numpy
from conftest import run_under_ceiling

import eagertape as et
from eagertape import checkpoint, nn


def _params(seed: int = 0, dtype: str = "float64") -> dict[str, et.Parameter]:
    rng = np.random.default_rng(seed)
    return {
        "w": et.Parameter(rng.standard_normal((3, 4)), name="w", dtype=dtype),
        "b": et.Parameter(rng.standard_normal(4), name="b", dtype=dtype),
    }


def _snapshot(params) -> list[tuple[int, object]]:
    """Values and versions: what a rejected load must leave as it was."""
    return [(p.version, copy.deepcopy(p.numpy())) for p in params]


def _assert_unchanged(params, before) -> None:
    for p, (version, value) in zip(params, before, strict=True):
        assert p.version == version
        np.testing.assert_array_equal(p.numpy(), value)


class FakeOptimizer:
    """A test double honouring the optimizer checkpoint contract (state keyed by param id),
    so the id <-> name mapping is tested independently of the Rust optimizers."""

    def __init__(self, params, fill: float = 0.0, kind: str = "FakeAdam"):
        self.params = list(params)
        self.kind = kind
        self.hyper = {"lr": 0.01, "betas": (0.9, 0.999), "amsgrad": False}
        self.state = {
            p.id: {"step": 3, "exp_avg": np.full(p.shape, fill), "exp_avg_sq": np.ones(p.shape)}
            for p in self.params
        }
        self.loads = 0

    def state_dict(self):
        return {"type": self.kind, "hyper": dict(self.hyper), "state": copy.deepcopy(self.state)}

    def load_state_dict(self, sd):
        ids = {p.id: p for p in self.params}
        for pid, entry in sd["state"].items():
            if pid not in ids or entry["exp_avg"].shape != ids[pid].shape:
                raise et.ShapeError(f"bad state for {pid}")
        self.hyper = dict(sd["hyper"])
        self.state = copy.deepcopy(sd["state"])
        self.loads += 1


def _real_optimizer(params):
    opt_cls = getattr(et.optim, "Adam", et.optim.SGD)
    opt = opt_cls(params, lr=0.05)
    if not hasattr(opt, "state_dict"):
        pytest.skip("optimizer state_dict not built yet")
    return opt


def _train_steps(sess, params, opt, n):
    x = np.linspace(-1, 1, 6).reshape(2, 3)
    for _ in range(n):
        pred = et.linear(
            sess.input(x), sess.use(params["w"]).transpose(0, 1), sess.use(params["b"])
        )
        loss = et.mse_loss(pred, np.full((2, 4), 0.5))
        with sess.backward(loss) as grads:
            sess.reset_tape()
            opt.step(grads)


def _rewrite_doc(path, edit) -> None:
    """Rewrite the checkpoint with its JSON document changed by ``edit`` (tensors kept)."""
    with safetensors.safe_open(path, "numpy") as f:
        meta = f.metadata()
        tensors = {k: f.get_tensor(k) for k in f.keys()}
    doc = json.loads(meta["eagertape"])
    edit(doc)
    meta["eagertape"] = json.dumps(doc)
    with open(path, "wb") as f:
        f.write(safetensors.numpy.save(tensors, metadata=meta))


# ---------------------------------------------------------------------------- round trips


def test_round_trip_list(tmp_path):
    src, dst = _params(0), _params(1)
    et.save(tmp_path / "c.safetensors", list(src.values()))
    et.load(tmp_path / "c.safetensors", list(dst.values()))
    for name in src:
        np.testing.assert_array_equal(dst[name].numpy(), src[name].numpy())


def test_round_trip_dict(tmp_path):
    src, dst = _params(0), _params(1)
    et.save(tmp_path / "c.safetensors", {"enc.w": src["w"], "enc.b": src["b"]})
    et.load(tmp_path / "c.safetensors", {"enc.w": dst["w"], "enc.b": dst["b"]})
    np.testing.assert_array_equal(dst["w"].numpy(), src["w"].numpy())


def test_round_trip_module(tmp_path):
    src, dst = nn.MLP([3, 4, 2], seed=0), nn.MLP([3, 4, 2], seed=1)
    et.save(tmp_path / "m.safetensors", src)
    et.load(tmp_path / "m.safetensors", dst)
    for p, q in zip(src.parameters(), dst.parameters(), strict=True):
        np.testing.assert_array_equal(q.numpy(), p.numpy())


def test_load_assigns_each_parameter_once(tmp_path):
    src, dst = _params(0), _params(1)
    et.save(tmp_path / "c.safetensors", src)
    versions = [p.version for p in dst.values()]
    et.load(tmp_path / "c.safetensors", dst)
    assert [p.version for p in dst.values()] == [v + 1 for v in versions]


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "bfloat16", "ieee32"])
def test_round_trip_keeps_dtype_and_bits(tmp_path, dtype):
    src, dst = _params(0, dtype), _params(1, dtype)
    et.save(tmp_path / "c.safetensors", src)
    et.load(tmp_path / "c.safetensors", dst)
    assert dst["w"].dtype == dtype
    np.testing.assert_array_equal(dst["w"].numpy(), src["w"].numpy())


def test_round_trip_interval(tmp_path):
    lo = np.array([[-1.0, 0.5], [2.0, -3.0]])
    src = et.Parameter(et.interval(lo, lo + 0.25), name="box", dtype="interval")
    dst = et.Parameter(np.zeros((2, 2)), name="box", dtype="interval")
    et.save(tmp_path / "i.safetensors", [src])
    et.load(tmp_path / "i.safetensors", [dst])
    got_lo, got_hi = dst.bounds()
    np.testing.assert_array_equal(got_lo, lo)
    np.testing.assert_array_equal(got_hi, lo + 0.25)


def test_interval_stored_as_stacked_float64(tmp_path):
    box = et.Parameter(et.interval(np.zeros(3), np.ones(3)), name="box", dtype="interval")
    et.save(tmp_path / "i.safetensors", [box])
    with safetensors.safe_open(tmp_path / "i.safetensors", "numpy") as f:
        stored = f.get_tensor("box")
    np.testing.assert_array_equal(stored, np.stack([np.zeros(3), np.ones(3)]))


def test_file_is_plain_safetensors_listing_names(tmp_path):
    et.save(tmp_path / "m.safetensors", nn.MLP([3, 4, 2], seed=0))
    with safetensors.safe_open(tmp_path / "m.safetensors", "numpy") as f:
        assert sorted(f.keys()) == sorted(
            ["layers.0.weight", "layers.0.bias", "layers.2.weight", "layers.2.bias"]
        )
        assert f.metadata()["format"] == "eagertape"
        assert json.loads(f.metadata()["eagertape"])["format_version"] == 1


def test_bfloat16_stored_as_float32_with_dtype_recorded(tmp_path):
    et.save(tmp_path / "c.safetensors", _params(0, "bfloat16"))
    with safetensors.safe_open(tmp_path / "c.safetensors", "numpy") as f:
        assert f.get_tensor("w").dtype == np.float32
        assert json.loads(f.metadata()["eagertape"])["params"]["w"]["dtype"] == "bfloat16"


def test_save_rejects_unnamed_parameter(tmp_path):
    with pytest.raises(et.CheckpointError, match="has no name"):
        et.save(tmp_path / "c.safetensors", [et.Parameter(np.zeros(2))])
    assert os.listdir(tmp_path) == []


def test_save_rejects_two_parameters_with_one_name(tmp_path):
    a, b = et.Parameter(np.zeros(2), name="x"), et.Parameter(np.ones(2), name="x")
    with pytest.raises(et.CheckpointError, match="both named 'x'"):
        et.save(tmp_path / "c.safetensors", [a, b])


# ---------------------------------------------------------------------------- tied parameters


def test_tied_parameter_stored_once_with_alias(tmp_path):
    shared = et.Parameter(np.arange(4.0), name="emb")
    et.save(tmp_path / "t.safetensors", {"enc.emb": shared, "dec.emb": shared})
    with safetensors.safe_open(tmp_path / "t.safetensors", "numpy") as f:
        assert list(f.keys()) == ["enc.emb"]
        doc = json.loads(f.metadata()["eagertape"])
    assert doc["params"]["enc.emb"]["aliases"] == ["dec.emb"]


def test_tied_parameter_restored_once(tmp_path):
    shared = et.Parameter(np.arange(4.0), name="emb")
    et.save(tmp_path / "t.safetensors", {"enc.emb": shared, "dec.emb": shared})
    target = et.Parameter(np.zeros(4), name="emb")
    et.load(tmp_path / "t.safetensors", {"enc.emb": target, "dec.emb": target})
    assert target.version == 1
    np.testing.assert_array_equal(target.numpy(), np.arange(4.0))


def test_tied_alias_fills_untied_targets(tmp_path):
    shared = et.Parameter(np.arange(4.0), name="emb")
    et.save(tmp_path / "t.safetensors", {"enc.emb": shared, "dec.emb": shared})
    a, b = et.Parameter(np.zeros(4)), et.Parameter(np.zeros(4))
    et.load(tmp_path / "t.safetensors", {"enc.emb": a, "dec.emb": b})
    np.testing.assert_array_equal(b.numpy(), np.arange(4.0))


def test_module_with_tied_weights_round_trips(tmp_path):
    def tied(seed):
        a, b = nn.Linear(3, 3, seed=seed), nn.Linear(3, 3, seed=seed + 1)
        b.weight = a.weight
        return nn.Sequential(a, nn.ReLU(), b)

    src, dst = tied(0), tied(5)
    et.save(tmp_path / "t.safetensors", src)
    et.load(tmp_path / "t.safetensors", dst)
    assert dst[2].weight.version == 1
    np.testing.assert_array_equal(dst[2].weight.numpy(), src[0].weight.numpy())


def test_tied_target_rejects_distinct_stored_values(tmp_path):
    et.save(tmp_path / "c.safetensors", {"a": _params(0)["b"], "b": _params(1)["b"]})
    target = _params(2)["b"]
    before = _snapshot([target])
    with pytest.raises(et.CheckpointError, match="different values"):
        et.load(tmp_path / "c.safetensors", {"a": target, "b": target})
    _assert_unchanged([target], before)


# ---------------------------------------------------------------------------- session RNG


def test_rng_state_restored(tmp_path):
    sess = et.Session(seed=11)
    sess.set_rng_state((11, 42))
    et.save(tmp_path / "c.safetensors", _params(0), session=sess)
    sess.set_rng_state((11, 99))
    et.load(tmp_path / "c.safetensors", _params(1), session=sess)
    assert tuple(sess.rng_state()) == (11, 42)


def test_load_with_session_requires_rng_state(tmp_path):
    et.save(tmp_path / "c.safetensors", _params(0))
    sess = et.Session(seed=3)
    dst = _params(1)
    before = _snapshot(dst.values())
    with pytest.raises(et.CheckpointError, match="no session RNG state"):
        et.load(tmp_path / "c.safetensors", dst, session=sess)
    _assert_unchanged(dst.values(), before)


# ---------------------------------------------------------------------------- atomic writes


def test_save_leaves_only_the_target(tmp_path):
    et.save(tmp_path / "c.safetensors", _params(0))
    et.save(tmp_path / "c.safetensors", _params(1))
    assert os.listdir(tmp_path) == ["c.safetensors"]


def test_new_file_gets_the_default_permissions(tmp_path):
    (tmp_path / "reference").write_bytes(b"")
    et.save(tmp_path / "c.safetensors", _params(0))
    mode = (tmp_path / "c.safetensors").stat().st_mode & 0o777
    assert mode == (tmp_path / "reference").stat().st_mode & 0o777


def test_save_writes_through_a_temp_file_in_the_same_directory(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append((os.path.dirname(src), dst))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    et.save(tmp_path / "c.safetensors", _params(0))
    assert seen == [(str(tmp_path), str(tmp_path / "c.safetensors"))]


@pytest.mark.parametrize("where", ["replace", "fsync"])
def test_failed_save_keeps_old_file_and_no_temp(tmp_path, monkeypatch, where):
    path = tmp_path / "c.safetensors"
    et.save(path, _params(0))
    old = path.read_bytes()

    def fail(*args):
        raise OSError("disk full (injected)")

    monkeypatch.setattr(os, where, fail)
    with pytest.raises(OSError, match="injected"):
        et.save(path, _params(1))
    monkeypatch.undo()
    assert os.listdir(tmp_path) == ["c.safetensors"]
    assert path.read_bytes() == old


def test_failed_serialization_writes_nothing(tmp_path, monkeypatch):
    def fail(tensors, metadata):
        raise RuntimeError("serializer failed (injected)")

    monkeypatch.setattr(checkpoint, "_serialize", fail)
    with pytest.raises(RuntimeError, match="injected"):
        et.save(tmp_path / "c.safetensors", _params(0))
    assert os.listdir(tmp_path) == []


# ---------------------------------------------------------------------------- rejected loads


@pytest.fixture
def saved(tmp_path):
    """A checkpoint of two float64 parameters with RNG state, and fresh targets + session."""
    path = tmp_path / "c.safetensors"
    sess = et.Session(seed=1)
    et.save(path, _params(0), session=sess)
    sess.set_rng_state((1, 77))
    dst = _params(1)
    return path, dst, sess, _snapshot(dst.values())


def _assert_rejected(saved, match, params=None, opt=None):
    path, dst, sess, before = saved
    with pytest.raises(et.CheckpointError, match=match):
        et.load(path, dst if params is None else params, optimizer=opt, session=sess)
    _assert_unchanged(dst.values(), before)
    assert tuple(sess.rng_state()) == (1, 77)


def test_truncated_file_rejected(saved):
    data = saved[0].read_bytes()
    saved[0].write_bytes(data[: len(data) // 2])
    _assert_rejected(saved, "truncated|corrupted")


def test_file_shorter_than_length_field_rejected(saved):
    saved[0].write_bytes(b"\x01\x02")
    _assert_rejected(saved, "truncated")


def test_not_a_safetensors_file_rejected(saved):
    saved[0].write_bytes(b"this is a text file, not a checkpoint\n" * 4)
    _assert_rejected(saved, "truncated|corrupted|not")


@pytest.mark.parametrize("offset", [0, 3, 8, 9, 20, -12])
def test_flipped_header_byte_rejected(saved, offset):
    data = bytearray(saved[0].read_bytes())
    header_end = 8 + int.from_bytes(data[:8], "little")
    index = offset if offset >= 0 else header_end + offset
    data[index] ^= 0xFF
    saved[0].write_bytes(bytes(data))
    _assert_rejected(saved, "truncated|corrupted|not")


def test_altered_data_offset_in_header_rejected(saved):
    data = saved[0].read_bytes()
    index = data.index(b'"data_offsets":[') + len(b'"data_offsets":[')
    altered = data[:index] + bytes([data[index] ^ 0x01]) + data[index + 1 :]
    assert altered != data
    saved[0].write_bytes(altered)
    _assert_rejected(saved, "corrupted tensor data")


def test_flipped_data_byte_rejected(saved):
    data = bytearray(saved[0].read_bytes())
    data[-5] ^= 0x01
    saved[0].write_bytes(bytes(data))
    _assert_rejected(saved, "digest mismatch")


def test_missing_name_rejected(saved):
    extra = et.Parameter(np.zeros(2))
    _assert_rejected(saved, "no parameter named 'extra'", {**saved[1], "extra": extra})


def test_unexpected_name_rejected_when_strict(saved):
    _assert_rejected(saved, "not asked for: 'b'", {"w": saved[1]["w"]})


def test_unexpected_name_ignored_when_not_strict(saved):
    path, dst, _, _ = saved
    et.load(path, {"w": dst["w"]}, strict=False)
    np.testing.assert_array_equal(dst["w"].numpy(), _params(0)["w"].numpy())


def test_wrong_shape_rejected(saved):
    wrong = et.Parameter(np.zeros(5), name="b")
    _assert_rejected(saved, r"'b': checkpoint shape \[4\]", {"w": saved[1]["w"], "b": wrong})


def test_wrong_dtype_rejected(saved):
    wrong = et.Parameter(np.zeros(4), name="b", dtype="float32")
    _assert_rejected(saved, "'b': checkpoint holds float64", {"w": saved[1]["w"], "b": wrong})


def test_format_version_mismatch_rejected(saved):
    _rewrite_doc(saved[0], lambda doc: doc.update(format_version=2))
    _assert_rejected(saved, "format_version 2")


def test_foreign_safetensors_file_rejected(saved):
    saved[0].write_bytes(safetensors.numpy.save({"w": np.zeros((3, 4))}))
    _assert_rejected(saved, "corrupted or foreign")


def test_missing_optimizer_state_rejected(saved):
    opt = FakeOptimizer(saved[1].values())
    _assert_rejected(saved, "no optimizer state", opt=opt)
    assert opt.loads == 0


# ---------------------------------------------------------------------------- optimizer state


def test_optimizer_state_stored_by_parameter_name(tmp_path):
    src = _params(0)
    et.save(tmp_path / "c.safetensors", src, optimizer=FakeOptimizer(src.values(), fill=0.5))
    with safetensors.safe_open(tmp_path / "c.safetensors", "numpy") as f:
        keys = set(f.keys())
        doc = json.loads(f.metadata()["eagertape"])
    assert {"optimizer/w/exp_avg", "optimizer/b/exp_avg_sq"} <= keys
    assert doc["optimizer"]["state"]["w"]["values"] == {"step": 3}
    assert doc["optimizer"]["hyper"]["betas"] == [0.9, 0.999]


def test_optimizer_state_mapped_to_new_parameter_ids(tmp_path):
    src, dst = _params(0), _params(1)
    et.save(tmp_path / "c.safetensors", src, optimizer=FakeOptimizer(src.values(), fill=0.5))
    opt = FakeOptimizer(dst.values(), fill=0.0)
    et.load(tmp_path / "c.safetensors", dst, optimizer=opt)
    assert set(opt.state) == {dst["w"].id, dst["b"].id}
    np.testing.assert_array_equal(opt.state[dst["w"].id]["exp_avg"], np.full((3, 4), 0.5))
    assert opt.state[dst["b"].id]["step"] == 3
    assert opt.hyper["betas"] == (0.9, 0.999)


def test_optimizer_of_other_type_rejected(tmp_path):
    src, dst = _params(0), _params(1)
    et.save(tmp_path / "c.safetensors", src, optimizer=FakeOptimizer(src.values()))
    opt = FakeOptimizer(dst.values(), kind="FakeSGD")
    before = _snapshot(dst.values())
    with pytest.raises(et.CheckpointError, match="'FakeAdam' optimizer, not of a 'FakeSGD'"):
        et.load(tmp_path / "c.safetensors", dst, optimizer=opt)
    _assert_unchanged(dst.values(), before)
    assert opt.loads == 0


def test_optimizer_refusal_changes_no_parameter(tmp_path):
    src, dst = _params(0), _params(1)
    et.save(tmp_path / "c.safetensors", src, optimizer=FakeOptimizer(src.values()))
    opt = FakeOptimizer(dst.values())
    opt.load_state_dict = lambda sd: (_ for _ in ()).throw(et.ShapeError("refused"))
    before = _snapshot(dst.values())
    with pytest.raises(et.CheckpointError, match="optimizer refused .*refused"):
        et.load(tmp_path / "c.safetensors", dst, optimizer=opt)
    _assert_unchanged(dst.values(), before)


def test_save_rejects_optimizer_over_unsaved_parameter(tmp_path):
    src = _params(0)
    opt = FakeOptimizer([*src.values(), et.Parameter(np.zeros(2), name="other")])
    with pytest.raises(et.CheckpointError, match="not among the parameters being saved"):
        et.save(tmp_path / "c.safetensors", src, optimizer=opt)
    assert os.listdir(tmp_path) == []


def test_real_optimizer_resumes_identically(tmp_path):
    sess = et.Session(dtype="float64")
    src = _params(0)
    opt = _real_optimizer(list(src.values()))
    _train_steps(sess, src, opt, 3)
    et.save(tmp_path / "c.safetensors", src, optimizer=opt)
    _train_steps(sess, src, opt, 2)

    dst = _params(1)
    opt2 = _real_optimizer(list(dst.values()))
    et.load(tmp_path / "c.safetensors", dst, optimizer=opt2)
    _train_steps(sess, dst, opt2, 2)
    np.testing.assert_array_equal(dst["w"].numpy(), src["w"].numpy())


def test_real_optimizer_state_unchanged_by_rejected_load(tmp_path):
    sess = et.Session(dtype="float64")
    src = _params(0)
    opt = _real_optimizer(list(src.values()))
    _train_steps(sess, src, opt, 2)
    et.save(tmp_path / "c.safetensors", src, optimizer=opt)
    before = opt._state_dict()
    wrong = {"w": src["w"], "b": et.Parameter(np.zeros(5), name="b")}
    with pytest.raises(et.CheckpointError):
        et.load(tmp_path / "c.safetensors", wrong, optimizer=opt)
    after = opt._state_dict()
    assert after["hyper"] == before["hyper"] and set(after["state"]) == set(before["state"])
    for pid, entry in before["state"].items():
        for key, value in entry.items():
            np.testing.assert_array_equal(after["state"][pid][key], value)


def test_zero_dim_parameter_keeps_its_shape(tmp_path):
    p = et.Parameter(np.float64(2.5), name="scale", dtype="float64")
    et.save(tmp_path / "s.safetensors", [p])
    with safetensors.safe_open(tmp_path / "s.safetensors", "numpy") as f:
        assert f.get_tensor("scale").shape == ()
    q = et.Parameter(np.float64(0.0), name="scale", dtype="float64")
    et.load(tmp_path / "s.safetensors", [q])
    assert q.numpy() == 2.5 and q.shape == ()


# ------------------------------------------------------------ hostile paths and files on load


def _assert_rejected_with_cause(saved, path, cause):
    _, dst, sess, before = saved
    opt = FakeOptimizer(dst.values(), fill=5.0)
    state_before = opt.state_dict()
    with pytest.raises(et.CheckpointError) as e:
        et.load(path, dst, optimizer=opt, session=sess)
    if cause is not None:
        assert isinstance(e.value.__cause__, cause), repr(e.value.__cause__)
    _assert_unchanged(dst.values(), before)
    assert tuple(sess.rng_state()) == (1, 77)
    assert opt.loads == 0
    assert opt.state_dict()["state"].keys() == state_before["state"].keys()


def test_a_missing_file_is_a_checkpoint_error_caused_by_the_os_error(saved, tmp_path):
    _assert_rejected_with_cause(saved, tmp_path / "nothing.safetensors", FileNotFoundError)


def test_a_directory_is_refused_as_not_a_regular_file(saved, tmp_path):
    (tmp_path / "dir.safetensors").mkdir()
    with pytest.raises(et.CheckpointError, match="not a regular file"):
        et.load(tmp_path / "dir.safetensors", saved[1])
    _assert_rejected_with_cause(saved, tmp_path / "dir.safetensors", None)


def test_a_fifo_is_refused_without_waiting_for_a_writer(saved, tmp_path):
    fifo = tmp_path / "pipe.safetensors"
    os.mkfifo(fifo)  # opening it for reading would block until a writer came
    with pytest.raises(et.CheckpointError, match="not a regular file"):
        et.load(fifo, saved[1])
    _assert_rejected_with_cause(saved, fifo, None)


def test_a_device_file_is_refused_without_reading_it(saved):
    # /dev/zero would be read until memory ran out.
    with pytest.raises(et.CheckpointError, match="not a regular file"):
        et.load("/dev/zero", saved[1])
    _assert_rejected_with_cause(saved, "/dev/zero", None)


def test_an_unreadable_file_is_a_checkpoint_error_caused_by_permission_error(saved, monkeypatch):
    os.chmod(saved[0], 0)
    if os.geteuid() == 0:  # root reads files whatever their mode: the kernel's answer, faked
        real_open = os.open

        def refuse(path, flags, *args, **kwargs):
            if os.fspath(path) == os.fspath(saved[0]):
                raise PermissionError(13, "Permission denied", os.fspath(path))
            return real_open(path, flags, *args, **kwargs)

        monkeypatch.setattr(os, "open", refuse)
    _assert_rejected_with_cause(saved, saved[0], PermissionError)


def test_a_deeply_nested_header_is_a_corrupted_header_not_a_recursion_error(saved, tmp_path):
    head = b"[" * 200_000 + b"]" * 200_000
    path = tmp_path / "nested.safetensors"
    path.write_bytes(len(head).to_bytes(8, "little") + head)
    with pytest.raises(et.CheckpointError, match="corrupted or foreign header"):
        et.load(path, saved[1])
    _assert_rejected_with_cause(saved, path, None)


def test_a_header_claiming_more_than_the_bound_is_refused_before_reading(saved, tmp_path):
    path = tmp_path / "huge-header.safetensors"
    with open(path, "wb") as f:
        f.write((200_000_000).to_bytes(8, "little"))
        f.truncate(200_000_100)  # sparse: the claim fits the file, not the bound
    with pytest.raises(et.CheckpointError, match="more than the 100000000"):
        et.load(path, saved[1])


def test_data_offsets_beyond_the_file_are_refused_before_the_body_is_read(saved, tmp_path):
    head = json.dumps(
        {
            "__metadata__": {"format": "eagertape", "eagertape": json.dumps({})},
            "w": {"dtype": "F64", "shape": [4], "data_offsets": [0, 1 << 40]},
        }
    ).encode()
    path = tmp_path / "offsets.safetensors"
    path.write_bytes(len(head).to_bytes(8, "little") + head + bytes(32))
    with pytest.raises(et.CheckpointError, match="data offsets"):
        et.load(path, saved[1])


HUGE_BOGUS_SCRIPT = """
import sys
import torch
import eagertape as et

p = et.Parameter([1.0, 2.0], name="w")
cap()  # 512 MiB
try:
    et.load(sys.argv[1], [p])
except et.CheckpointError as e:
    print("refused:", e)
"""


def test_a_huge_file_with_a_bogus_header_is_refused_without_reading_its_body(tmp_path):
    # 4 GiB (sparse) behind a header that is not JSON: the old reader read the whole file
    # first (2 GiB: 9.7 s, +2 GiB). Under a 512 MiB address-space margin, reading the body
    # would fail with MemoryError instead of the header's CheckpointError.
    path = tmp_path / "bogus.safetensors"
    with open(path, "wb") as f:
        f.write((16).to_bytes(8, "little") + b"this is not json")
        f.truncate(4 * 2**30)
    out = run_under_ceiling(HUGE_BOGUS_SCRIPT, 512 * 2**20, str(path), timeout=120)
    assert "refused:" in out and "corrupted or foreign header" in out


# --------------------------------------------------------------- saves killed mid-write

KILLED_SAVE_SCRIPT = """
import os, sys, time
import torch
import eagertape as et

if sys.argv[2] == "named":
    del os.O_TMPFILE  # a filesystem without unnamed files: the named temporary path
real_fsync = os.fsync

def stall(fd):
    print("writing", flush=True)
    time.sleep(120)

os.fsync = stall
et.save(sys.argv[1], [et.Parameter([9.0, 9.0, 9.0], name="w")])
"""


def _killed_save(path, how):
    import signal
    import subprocess
    import sys

    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_SAVE_SCRIPT, str(path), how],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout.readline().strip() == "writing"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()


def test_a_save_killed_while_writing_leaves_the_old_file_and_nothing_else(tmp_path):
    path = tmp_path / "c.safetensors"
    et.save(path, _params(0))
    old = path.read_bytes()
    _killed_save(path, "unnamed")
    assert os.listdir(tmp_path) == ["c.safetensors"]  # the unnamed file died with the save
    assert path.read_bytes() == old


def test_a_later_save_removes_the_temporary_files_of_killed_saves(tmp_path):
    path = tmp_path / "c.safetensors"
    et.save(path, _params(0))
    for _ in range(3):
        _killed_save(path, "named")
        # Fresh for the next killed save whatever its start-up takes (a loaded machine can
        # take longer than the staleness age to import torch): only the last save cleans.
        for name in os.listdir(tmp_path):
            if name.endswith(".tmp"):
                os.utime(tmp_path / name, (time.time() + 600,) * 2)
    left = sorted(n for n in os.listdir(tmp_path) if n.endswith(".tmp"))
    assert len(left) == 3
    for name in left:  # dead for longer than a live save could be between create and lock
        os.utime(tmp_path / name, (0, 0))
    et.save(path, _params(1))
    assert os.listdir(tmp_path) == ["c.safetensors"]


def test_a_save_keeps_temporary_files_that_a_live_save_holds_or_just_made(tmp_path):
    import fcntl

    path = tmp_path / "c.safetensors"
    held, fresh = tmp_path / ".c.safetensors.live.tmp", tmp_path / ".c.safetensors.new.tmp"
    held.write_bytes(b"x")
    fresh.write_bytes(b"y")
    os.utime(held, (0, 0))
    with open(held, "rb") as f:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX)  # as a live save holds its file
        et.save(path, _params(0))
    assert sorted(os.listdir(tmp_path)) == sorted(["c.safetensors", held.name, fresh.name])


# ---- scheduler and GradScaler state ------------------------------------------------------


def _sched_run(tmp_path, steps_before: int, steps_after: int, resume: bool):
    """SGD + CosineAnnealingLR: the learning rates of steps_after steps, after saving at
    steps_before and (with resume) loading into fresh objects."""
    p = et.Parameter(np.ones(3), name="w")
    opt = et.optim.SGD([p], lr=0.5, momentum=0.9)
    sched = et.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=10)
    for _ in range(steps_before):
        sched.step()
    path = tmp_path / "s.safetensors"
    et.save(path, [p], opt, scheduler=sched)
    if resume:
        p = et.Parameter(np.ones(3), name="w")
        opt = et.optim.SGD([p], lr=0.5, momentum=0.9)
        sched = et.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=10)
        et.load(path, [p], opt, scheduler=sched)
    rates = []
    for _ in range(steps_after):
        sched.step()
        rates.append(sched.get_last_lr())
    return rates


def test_scheduler_state_round_trips_and_training_goes_on_as_if_uninterrupted(tmp_path):
    assert _sched_run(tmp_path, 4, 5, resume=True) == _sched_run(tmp_path, 4, 5, resume=False)


def test_scaler_state_round_trips(tmp_path):
    p = et.Parameter(np.ones(2), name="w")
    scaler = et.amp.GradScaler("cpu", init_scale=512.0, growth_interval=7)
    et.save(tmp_path / "a.safetensors", [p], scaler=scaler)
    fresh = et.amp.GradScaler("cpu")
    et.load(tmp_path / "a.safetensors", [p], scaler=fresh)
    assert fresh.state_dict() == scaler.state_dict()


def test_asking_for_state_the_file_lacks_changes_nothing(tmp_path):
    p = et.Parameter(np.ones(3), name="w")
    et.save(tmp_path / "a.safetensors", [p])
    q = et.Parameter(np.zeros(3), name="w")
    opt = et.optim.SGD([q], lr=0.1)
    sched = et.optim.lr_scheduler.StepLR(opt, step_size=2)
    with pytest.raises(et.CheckpointError, match="no scheduler state"):
        et.load(tmp_path / "a.safetensors", [q], scheduler=sched)
    np.testing.assert_array_equal(q.numpy(), np.zeros(3))
    with pytest.raises(et.CheckpointError, match="no scaler state"):
        et.load(tmp_path / "a.safetensors", [q], scaler=et.amp.GradScaler("cpu"))
    np.testing.assert_array_equal(q.numpy(), np.zeros(3))


def test_another_schedulers_state_is_refused_before_anything_changes(tmp_path):
    p = et.Parameter(np.ones(3), name="w")
    opt = et.optim.SGD([p], lr=0.1)
    et.save(tmp_path / "a.safetensors", [p], scheduler=et.optim.lr_scheduler.StepLR(opt, 2))
    q = et.Parameter(np.zeros(3), name="w")
    other = et.optim.lr_scheduler.ReduceLROnPlateau(et.optim.SGD([q], lr=0.1))
    with pytest.raises(et.CheckpointError, match="does not fit this ReduceLROnPlateau"):
        et.load(tmp_path / "a.safetensors", [q], scheduler=other)
    np.testing.assert_array_equal(q.numpy(), np.zeros(3))


def test_state_that_is_not_json_is_refused_and_nothing_is_written(tmp_path):
    p = et.Parameter(np.ones(3), name="w")

    class Odd:
        def state_dict(self):
            return {"fn": object()}

    with pytest.raises(et.CheckpointError, match=r"scheduler\['fn'\]: cannot store"):
        et.save(tmp_path / "a.safetensors", [p], scheduler=Odd())
    assert not (tmp_path / "a.safetensors").exists()
