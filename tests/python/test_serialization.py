"""eagertape.serialization: save / load in torch's file format (torch.save / torch.load, 2.11).

A file written by either library loads in the other: torch.load(weights_only=True) reads
what save writes, and load reads what torch.save writes, its tensors eagertape tensors of the
current session. Each test puts torch's own behaviour beside eagertape's. Writes to a path
are atomic; bad input is a typed error that leaves the destination as it was.
"""

from __future__ import annotations

import collections
import io
import os
import pickle

import numpy as np
import pytest
import torch

import eagertape as et
from eagertape import checkpoint, nn, serialization
from eagertape.serialization import load, save

DTYPES = ["float32", "float64", "float16", "bfloat16", "int64", "int32", "bool"]


def _data(dtype: str, shape=(2, 3), seed: int = 0) -> torch.Tensor:
    """Values exactly representable in every dtype (small integers and halves)."""
    g = torch.Generator().manual_seed(seed)
    if dtype == "bool":
        return torch.rand(shape, generator=g) > 0.5
    values = torch.randint(-8, 8, shape, generator=g).to(torch.float64) / 2
    if dtype.startswith("int"):
        values = values * 2
    return values.to(getattr(torch, dtype))


def _host(t) -> torch.Tensor:
    """An eagertape or torch tensor as a CPU torch tensor of the same dtype."""
    if isinstance(t, et.Tensor):
        t = torch.from_dlpack(t)  # a copy of the eagertape value
    return t.detach().cpu()


def _et_model() -> nn.Module:
    return nn.Sequential(
        nn.Linear(4, 8, seed=0), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 3, seed=1)
    )


def _torch_model() -> torch.nn.Module:
    torch.manual_seed(0)
    return torch.nn.Sequential(
        torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.ReLU(), torch.nn.Linear(8, 3)
    )


def _batch(seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).standard_normal((16, 4)).astype(np.float32)


# ------------------------------------------------------------------ eagertape -> torch


def test_saved_state_dict_loads_in_torch_with_weights_only(tmp_path):
    model = _et_model()
    with et.Session(dtype="float32"):
        model(et.tensor(_batch()))  # BatchNorm's running statistics move off their init
    save(model.state_dict(), tmp_path / "m.pt")
    loaded = torch.load(tmp_path / "m.pt", weights_only=True)
    expected = model.state_dict()
    assert type(loaded) is collections.OrderedDict
    assert list(loaded) == list(expected) == list(_torch_model().state_dict())
    for key, value in expected.items():
        assert loaded[key].dtype == value.dtype and torch.equal(loaded[key], value), key
    _torch_model().load_state_dict(loaded)  # strict: torch's keys and shapes


def test_eagertape_tensors_and_parameters_save_as_torch_writes_them(tmp_path):
    model = _et_model()
    save(dict(model.named_parameters()), tmp_path / "p.pt")
    loaded = torch.load(tmp_path / "p.pt", weights_only=True)
    torch.save(dict(_torch_model().named_parameters()), tmp_path / "ref.pt")
    reference = torch.load(tmp_path / "ref.pt", weights_only=True)
    assert list(loaded) == list(reference)
    for name, p in model.named_parameters():
        assert type(loaded[name]) is type(reference[name]) is torch.nn.Parameter
        assert loaded[name].requires_grad == reference[name].requires_grad
        assert torch.equal(_host(loaded[name]), _host(p))


@pytest.mark.parametrize("dtype", DTYPES)
def test_every_dtype_saves_exactly(tmp_path, dtype):
    data = _data(dtype)
    with et.Session() as sess:
        t = sess.input(data, dtype=dtype)
        save({"t": t, "T": t.T, "scalar": t[0, 0]}, tmp_path / "x.pt")
    loaded = torch.load(tmp_path / "x.pt", weights_only=True, map_location="cpu")
    torch.save({"t": data, "T": data.T, "scalar": data[0, 0]}, tmp_path / "ref.pt")
    reference = torch.load(tmp_path / "ref.pt", weights_only=True)
    for key in ("t", "T", "scalar"):
        assert loaded[key].dtype == reference[key].dtype == getattr(torch, dtype)
        assert loaded[key].shape == reference[key].shape
        assert torch.equal(loaded[key], reference[key]), key


def test_a_tensor_that_requires_grad_keeps_the_flag_as_in_torch(tmp_path):
    with et.Session(dtype="float64"):
        x = et.tensor([1.0, 2.0], requires_grad=True)
        save({"x": x, "y": x * 2}, tmp_path / "x.pt")
    loaded = torch.load(tmp_path / "x.pt", weights_only=True, map_location="cpu")
    tx = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
    torch.save({"x": tx, "y": tx * 2}, tmp_path / "ref.pt")
    reference = torch.load(tmp_path / "ref.pt", weights_only=True)
    for key in ("x", "y"):
        assert loaded[key].requires_grad == reference[key].requires_grad is True
        assert torch.equal(loaded[key].detach(), reference[key].detach())


def test_saving_leaves_values_and_the_exported_ledger_as_they_were(tmp_path):
    p = et.Parameter(np.arange(6.0).reshape(2, 3), name="w")
    version, before = p.version, p.numpy().copy()
    exported = et.memory_stats()["by_category"]["exported"]
    with et.Session(dtype="float64") as sess:
        y = sess.use(p) * 2  # the tape holds the snapshot
        save({"w": p, "y": y}, tmp_path / "x.pt")
        assert et.memory_stats()["by_category"]["exported"] == exported
        np.testing.assert_array_equal(y.numpy(), before * 2)
    assert p.version == version
    np.testing.assert_array_equal(p.numpy(), before)


# ------------------------------------------------------------------ torch -> eagertape


def test_torch_state_dict_loads_into_an_eagertape_model_with_the_same_outputs(tmp_path):
    reference = _torch_model()
    x = _batch(1)
    reference(torch.from_numpy(_batch()))  # train mode: running statistics move
    reference.eval()
    torch.save(reference.state_dict(), tmp_path / "m.pt")
    model = _et_model()
    with et.Session(dtype="float32"):
        sd = load(tmp_path / "m.pt")
        assert type(sd) is collections.OrderedDict
        assert all(isinstance(v, et.Tensor) for v in sd.values())
        assert sd["1.num_batches_tracked"].dtype == "int64"
        model.load_state_dict(sd)
        model.eval()
        out = model(et.tensor(x)).numpy()
    expected = reference(torch.from_numpy(x)).detach().numpy()
    np.testing.assert_allclose(out, expected, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("dtype", DTYPES)
def test_every_dtype_loads_exactly(tmp_path, dtype):
    data = _data(dtype)
    torch.save({"t": data, "T": data.T, "scalar": data[0, 0]}, tmp_path / "x.pt")
    with et.Session():
        loaded = load(tmp_path / "x.pt")
        for key, value in (("t", data), ("T", data.T), ("scalar", data[0, 0])):
            assert isinstance(loaded[key], et.Tensor)
            assert loaded[key].dtype == dtype
            assert loaded[key].shape == tuple(value.shape)
            assert torch.equal(_host(loaded[key]), value), key


def test_tensors_load_into_the_entered_session_else_the_default_one():
    buffer = io.BytesIO()
    torch.save({"a": torch.ones(2, dtype=torch.float32)}, buffer)
    with et.Session(dtype="float64") as sess:
        buffer.seek(0)
        inside = load(buffer)["a"]
        assert inside.session_id == sess.id
        assert inside.dtype == "float32"  # the saved dtype, not the session's
    buffer.seek(0)
    outside = load(buffer)["a"]
    assert outside.session_id == et.current_session().id != sess.id


def test_a_parameter_loads_as_a_parameter_as_in_torch(tmp_path):
    torch.save({"w": torch.nn.Parameter(torch.ones(3)), "b": torch.zeros(3)}, tmp_path / "p.pt")
    reference = torch.load(tmp_path / "p.pt", weights_only=True)
    loaded = load(tmp_path / "p.pt")
    assert type(reference["w"]) is torch.nn.Parameter and type(reference["b"]) is torch.Tensor
    assert type(loaded["w"]) is et.Parameter and type(loaded["b"]) is et.Tensor
    assert loaded["w"].requires_grad == reference["w"].requires_grad
    assert loaded["w"].numpy().tolist() == [1.0, 1.0, 1.0]


def test_one_tensor_twice_loads_as_one_tensor_as_in_torch(tmp_path):
    t = torch.arange(3.0)
    torch.save({"a": t, "b": [t]}, tmp_path / "x.pt")
    reference = torch.load(tmp_path / "x.pt", weights_only=True)
    loaded = load(tmp_path / "x.pt")
    assert reference["a"] is reference["b"][0]
    assert loaded["a"] is loaded["b"][0]


def test_narrow_integers_widen_to_int64_and_other_dtypes_are_refused(tmp_path):
    torch.save({"u8": torch.tensor([0, 255], dtype=torch.uint8)}, tmp_path / "u.pt")
    widened = load(tmp_path / "u.pt")["u8"]
    assert widened.dtype == "int64" and widened.tolist() == [0, 255]
    torch.save({"c": torch.ones(2, dtype=torch.complex64)}, tmp_path / "c.pt")
    with pytest.raises(TypeError, match=r"complex64.*\['c'\]|\['c'\].*complex64"):
        load(tmp_path / "c.pt")


def test_map_location_is_torchs(tmp_path):
    torch.save({"a": torch.arange(3.0)}, tmp_path / "x.pt")
    seen = []

    def where(storage, location):
        seen.append(location)
        return storage

    assert load(tmp_path / "x.pt", map_location="cpu")["a"].tolist() == [0.0, 1.0, 2.0]
    assert load(tmp_path / "x.pt", map_location=torch.device("cpu"))["a"].tolist() == [0, 1, 2]
    assert load(tmp_path / "x.pt", map_location={"cpu": "cpu"})["a"].tolist() == [0, 1, 2]
    assert load(tmp_path / "x.pt", map_location=where)["a"].tolist() == [0, 1, 2]
    assert seen == ["cpu"]


@pytest.mark.cpu_only
def test_map_location_on_another_device_than_the_sessions_is_a_device_error(tmp_path):
    torch.save({"a": torch.arange(3.0)}, tmp_path / "x.pt")
    with et.Session(device="cpu"), pytest.raises(et.DeviceError):
        load(tmp_path / "x.pt", map_location="cuda")


class Pickled:
    """An arbitrary object: what torch.load(weights_only=True) refuses to unpickle."""

    def __init__(self, value):
        self.value = value


def test_weights_only_refuses_arbitrary_objects_as_torch_does(tmp_path):
    torch.save({"obj": Pickled(1), "t": torch.ones(2)}, tmp_path / "x.pt")
    with pytest.raises(pickle.UnpicklingError):
        torch.load(tmp_path / "x.pt", weights_only=True)
    with pytest.raises(pickle.UnpicklingError):
        load(tmp_path / "x.pt")
    trusted = load(tmp_path / "x.pt", weights_only=False)  # runs the pickle: trusted files only
    assert trusted["obj"].value == 1 and isinstance(trusted["t"], et.Tensor)


# ------------------------------------------------------------------ round trips


def test_optimizer_state_round_trip_resumes_as_if_never_stopped(tmp_path):
    x, y = _batch(2), np.random.default_rng(3).integers(0, 3, 16)

    def make():
        model = nn.Sequential(nn.Linear(4, 8, seed=0), nn.ReLU(), nn.Linear(8, 3, seed=1))
        return model, et.optim.Adam(model.parameters(), lr=1e-2)

    def train(model, opt, steps):
        with et.Session(dtype="float32"):
            for _ in range(steps):
                opt.zero_grad()
                et.cross_entropy(model(et.tensor(x)), et.tensor(y)).backward()
                opt.step()

    model, opt = make()
    train(model, opt, 3)
    save({"model": model.state_dict(), "optimizer": opt.state_dict()}, tmp_path / "ck.pt")

    on_disk = torch.load(tmp_path / "ck.pt", weights_only=True)["optimizer"]
    torch_model = _torch_model()
    torch_opt = torch.optim.Adam(torch_model.parameters(), lr=1e-2)
    torch_model(torch.from_numpy(x)).sum().backward()
    torch_opt.step()
    reference_step = torch_opt.state_dict()["state"][0]["step"]
    assert on_disk["state"][0]["step"].dtype == reference_step.dtype  # torch's layout
    assert on_disk["state"][0]["step"].item() == 3.0

    resumed, resumed_opt = make()
    ck = load(tmp_path / "ck.pt")
    assert isinstance(ck["optimizer"]["state"][0]["step"], et.Tensor)
    resumed.load_state_dict(ck["model"])
    resumed_opt.load_state_dict(ck["optimizer"])
    del ck
    train(resumed, resumed_opt, 3)
    train(model, opt, 3)  # the uninterrupted run
    for key, value in model.state_dict().items():
        assert torch.equal(resumed.state_dict()[key], value), key
    for index, entry in opt.state_dict()["state"].items():
        for key, value in entry.items():
            assert torch.equal(resumed_opt.state_dict()["state"][index][key], value), key


def test_nested_containers_round_trip_with_their_types(tmp_path):
    def nested(t):
        return collections.OrderedDict(
            epoch=3,
            loss=0.25,
            name="run-1",
            done=False,
            nothing=None,
            blob=b"\x00\x01",
            z=1 + 2j,
            shape=torch.Size([2, 3]),
            dtype=torch.float16,
            tags={"a", "b"},
            history=[1.5, (2, "x", [t, None])],
            by_id={0: t, 1: {"deep": (t, 7)}},
        )

    reference = nested(torch.arange(4))
    torch.save(reference, tmp_path / "ref.pt")
    with et.Session():
        save(nested(et.arange(4)), tmp_path / "x.pt")
    from_et = torch.load(tmp_path / "x.pt", weights_only=True, map_location="cpu")
    from_torch = torch.load(tmp_path / "ref.pt", weights_only=True)

    def same(a, b):
        assert type(a) is type(b), (a, b)
        if isinstance(a, torch.Tensor):
            assert torch.equal(a, b)
        elif isinstance(a, dict):
            assert list(a) == list(b)
            for k in a:
                same(a[k], b[k])
        elif isinstance(a, list | tuple) and not isinstance(a, torch.Size):
            assert len(a) == len(b)
            for u, v in zip(a, b, strict=True):
                same(u, v)
        else:
            assert a == b

    same(from_et, from_torch)
    back = load(tmp_path / "ref.pt")
    assert type(back) is collections.OrderedDict and list(back) == list(reference)
    assert back["history"] == [1.5, (2, "x", [back["history"][1][2][0], None])]
    assert back["by_id"][1]["deep"][0].tolist() == [0, 1, 2, 3]
    assert back["dtype"] == et.float16 and back["shape"] == (2, 3) and back["tags"] == {"a", "b"}


def test_a_file_object_round_trips(tmp_path):
    buffer = io.BytesIO()
    with et.Session(dtype="float64"):
        save({"w": et.tensor([1.5, -2.0])}, buffer)
        buffer.seek(0)
        assert torch.equal(
            torch.load(buffer, weights_only=True, map_location="cpu")["w"],
            torch.tensor([1.5, -2.0], dtype=torch.float64),
        )
        buffer.seek(0)
        assert load(buffer)["w"].tolist() == [1.5, -2.0]
    assert os.listdir(tmp_path) == []


# ------------------------------------------------------------------ atomic writes, bad input


def _write_old(path) -> bytes:
    torch.save({"old": torch.ones(2)}, path)
    return path.read_bytes()


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "m.pt"
    old = _write_old(path)
    real_save = torch.save

    def half_then_fail(obj, f, *args, **kwargs):
        real_save(obj, f, *args, **kwargs)
        f.truncate(10)  # some bytes are out
        raise OSError("disk full (injected)")

    monkeypatch.setattr(torch, "save", half_then_fail)
    with pytest.raises(OSError, match="injected"):
        save({"new": et.Parameter(np.zeros(3))}, path)
    monkeypatch.undo()
    assert os.listdir(tmp_path) == ["m.pt"]
    assert path.read_bytes() == old


@pytest.mark.parametrize("where", ["fsync", "replace"])
def test_a_failed_fsync_or_rename_keeps_the_old_file(tmp_path, monkeypatch, where):
    path = tmp_path / "m.pt"
    old = _write_old(path)

    def fail(*args):
        raise OSError("injected")

    monkeypatch.setattr(os, where, fail)
    with pytest.raises(OSError, match="injected"):
        save({"new": torch.zeros(3)}, path)
    monkeypatch.undo()
    assert os.listdir(tmp_path) == ["m.pt"]
    assert path.read_bytes() == old


def test_save_goes_through_a_temporary_in_the_same_directory(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append((os.path.dirname(src), dst))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    save({"a": torch.ones(1)}, tmp_path / "m.pt")
    assert seen == [(str(tmp_path), str(tmp_path / "m.pt"))]


@pytest.mark.parametrize(
    "bad, named",
    [
        (lambda: _et_model(), "Sequential"),
        (lambda: et.optim.SGD(_et_model().parameters(), lr=0.1), "SGD"),
        (lambda: {"w": np.ones(2)}, "ndarray"),
        (lambda: {"ok": torch.ones(2), "bad": [1, object()]}, "object"),
        (lambda: {"interval": et.Parameter(et.interval(np.zeros(2), np.ones(2)))}, "interval"),
    ],
    ids=["module", "optimizer", "numpy", "object", "interval"],
)
def test_an_unsupported_object_is_a_type_error_and_the_file_is_unchanged(tmp_path, bad, named):
    path = tmp_path / "m.pt"
    old = _write_old(path)
    with pytest.raises(TypeError, match=named):
        save(bad(), path)
    assert os.listdir(tmp_path) == ["m.pt"]
    assert path.read_bytes() == old


def test_saving_a_module_names_its_type_and_points_to_state_dict(tmp_path):
    with pytest.raises(TypeError, match=r"Linear.*state_dict\(\)"):
        save(nn.Linear(2, 2, seed=0), tmp_path / "m.pt")
    assert os.listdir(tmp_path) == []


def test_a_missing_directory_is_an_os_error_and_writes_nothing(tmp_path):
    with pytest.raises(FileNotFoundError):
        save({"a": torch.ones(1)}, tmp_path / "missing" / "m.pt")
    assert os.listdir(tmp_path) == []


def test_a_directory_as_target_is_an_os_error_and_stays_a_directory(tmp_path):
    (tmp_path / "d").mkdir()
    with pytest.raises(OSError):
        save({"a": torch.ones(1)}, tmp_path / "d")
    assert (tmp_path / "d").is_dir() and os.listdir(tmp_path) == ["d"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to read-only directories")
def test_an_unwritable_directory_is_a_permission_error(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(PermissionError):
            save({"a": torch.ones(1)}, folder / "m.pt")
        assert os.listdir(folder) == []
    finally:
        folder.chmod(0o700)


def test_a_destination_that_is_not_a_file_is_a_type_error():
    with pytest.raises(TypeError, match="path .* or a binary file object"):
        save({"a": torch.ones(1)}, 42)


def test_a_reference_cycle_is_a_value_error(tmp_path):
    cycle: list = [1]
    cycle.append(cycle)
    with pytest.raises(ValueError, match="contains itself"):
        save(cycle, tmp_path / "c.pt")
    assert os.listdir(tmp_path) == []


# ------------------------------------------------------------------ eagertape.checkpoint


def test_the_checkpoint_form_still_writes_and_reads_safetensors(tmp_path):
    src, dst = nn.Linear(3, 2, seed=0), nn.Linear(3, 2, seed=1)
    opt = et.optim.Adam(src.parameters(), lr=0.1)
    assert save(tmp_path / "c.safetensors", src, optimizer=opt) is True
    assert load(tmp_path / "c.safetensors", dst) is None
    assert torch.equal(dst.state_dict()["weight"], src.state_dict()["weight"])
    checkpoint.load(tmp_path / "c.safetensors", {"weight": dst.weight, "bias": dst.bias})


def test_loading_a_safetensors_checkpoint_as_a_torch_file_says_what_it_is(tmp_path):
    checkpoint.save(tmp_path / "c.safetensors", nn.Linear(3, 2, seed=0))
    with pytest.raises(et.CheckpointError, match="eagertape.checkpoint.load"):
        load(tmp_path / "c.safetensors")


def test_the_module_exports_torchs_names():
    assert serialization.__all__ == ["save", "load"]
    import inspect

    for mine, theirs in ((save, torch.save), (load, torch.load)):
        ours = [p for p in inspect.signature(mine).parameters if p != "kwargs"]
        assert ours == list(inspect.signature(theirs).parameters)
