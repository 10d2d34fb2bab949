"""torch's process-wide state and factories of raw data in eagertape's namespace, side by
side with torch: the random state (`get_rng_state`/`set_rng_state`, `seed`,
`initial_seed`, `default_generator`), anomaly mode, `get_device_module`, torch's exception
classes, and `frombuffer`, `from_file`, `empty_strided`, `empty_permuted`. Bad input gets a
typed error and changes nothing."""

from __future__ import annotations

import array

import numpy as np
import pytest
import torch

import eagertape as et


def _draws():
    """What the default session and the process-wide generators make next."""
    return (
        et.rand(4).tolist(),
        et.nn.Linear(3, 2).weight.tolist(),
        et.randint(0, 100, (3,)).tolist(),
    )


def test_set_rng_state_repeats_the_draws_after_get_rng_state():
    et.manual_seed(11)
    et.rand(2)  # (the default session's generator moves on)
    state = et.get_rng_state()
    first = _draws()
    et.set_rng_state(state)
    assert _draws() == first
    assert state.dtype == "int64" and state.dim() == 1


def test_torch_repeats_its_draws_the_same_way():
    state = torch.get_rng_state()
    first = torch.rand(4).tolist()
    torch.set_rng_state(state)
    assert torch.rand(4).tolist() == first


@pytest.mark.parametrize(
    "bad",
    [
        lambda s: s[:-1],
        lambda s: s.float(),
        lambda s: et.cat([et.tensor([0]), s[1:]]),
        lambda s: et.cat([s[:-1], et.tensor([300])]),
    ],
    ids=["short", "float", "tag", "byte_range"],
)
def test_set_rng_state_refuses_another_tensor_and_changes_nothing(bad):
    state = et.get_rng_state()
    bad_state = bad(state)
    before = et.get_rng_state().tolist()
    with pytest.raises(et.ArgumentError):
        et.set_rng_state(bad_state)
    assert et.get_rng_state().tolist() == before


def test_set_rng_state_takes_only_a_tensor():
    with pytest.raises(TypeError):
        et.set_rng_state([1, 2, 3])
    with pytest.raises(TypeError):
        torch.set_rng_state([1, 2, 3])


def test_initial_seed_is_the_last_manual_seed_and_seed_draws_a_new_one():
    et.manual_seed(2**63 + 5)
    assert et.initial_seed() == 2**63 + 5
    a, b = et.seed(), et.seed()
    assert a != b and 0 <= b < 2**64 and et.initial_seed() == b
    torch.manual_seed(3)
    assert torch.initial_seed() == 3


def test_default_generator_drives_the_process_wide_generator():
    g = et.default_generator
    assert g.manual_seed(4) is g and g.initial_seed() == 4 == et.initial_seed()
    state = g.get_state()
    first = _draws()
    assert g.set_state(state) is g
    assert _draws() == first
    assert g.device == torch.default_generator.device


def test_anomaly_mode_stops_a_backward_making_nan_and_keeps_nothing():
    assert not et.is_anomaly_enabled() and et.is_anomaly_check_nan_enabled()
    p = et.nn.Parameter(et.tensor([0.0, 4.0]))
    try:
        et.set_anomaly_enabled(True)
        assert et.is_anomaly_enabled()
        with et.Session(dtype="float64"):
            loss = (p.sqrt() * 0.0).sum()  # d sqrt at 0 is inf; inf * 0 is nan
            with pytest.raises(et.NonFiniteError, match="sqrt"):
                loss.backward()
            assert p.grad is None
            et.set_anomaly_enabled(True, check_nan=False)
            assert not et.is_anomaly_check_nan_enabled()
            (p.sqrt() * 0.0).sum().backward()
            assert np.isnan(p.grad.numpy()[0])
    finally:
        et.set_anomaly_enabled(False)
    assert not et.is_anomaly_enabled() and et.is_anomaly_check_nan_enabled()


def test_torch_anomaly_mode_raises_on_the_same_backward():
    x = torch.tensor([0.0, 4.0], requires_grad=True)
    try:
        torch.set_anomaly_enabled(True)
        with pytest.raises(RuntimeError, match="nan"):
            (x.sqrt() * 0.0).sum().backward()
    finally:
        torch.set_anomaly_enabled(False)
    assert issubclass(et.NonFiniteError, RuntimeError)


@pytest.mark.parametrize("device", ["cpu", "cuda", torch.device("cpu"), "cuda:0"])
def test_get_device_module_answers_as_torchs(device):
    module = et.get_device_module(device)
    reference = torch.get_device_module(device)
    assert module.__name__ == reference.__name__.replace("torch", "eagertape")
    assert module.is_available() == reference.is_available()
    assert module.device_count() == reference.device_count()


def test_get_device_module_of_nothing_is_the_default_devices():
    assert et.get_device_module() is et.cpu
    with pytest.raises(et.DeviceError):
        et.get_device_module("mps")


def test_torchs_exception_classes_pass_through():
    assert et.AcceleratorError is torch.AcceleratorError
    assert issubclass(et.AcceleratorError, RuntimeError)
    assert et.FatalError is torch.FatalError


@pytest.mark.parametrize(
    ("buffer", "kwargs"),
    [
        (array.array("i", [1, -2, 3, 4]), {"dtype": torch.int32}),
        (bytearray(np.arange(6, dtype=np.float64).tobytes()), {"dtype": torch.float64}),
        (
            np.arange(6, dtype=np.float32).tobytes(),
            {"dtype": torch.float32, "count": 3, "offset": 8},
        ),
        (bytes([1, 0, 1, 1]), {"dtype": torch.bool}),
    ],
)
def test_frombuffer_reads_what_torchs_reads(buffer, kwargs):
    expected = torch.frombuffer(bytearray(buffer), **kwargs)
    with et.Session(dtype="float64"):
        got = et.frombuffer(buffer, **kwargs)
        assert got.tolist() == expected.tolist()
        assert str(got.dtype) == str(expected.dtype).removeprefix("torch.")


def test_frombuffer_refuses_what_it_cannot_read():
    with pytest.raises(ValueError):
        torch.frombuffer(bytearray(6), dtype=torch.float32)
    with pytest.raises(ValueError):
        et.frombuffer(bytes(6), dtype=et.float32)
    with pytest.raises(et.DTypeError):
        et.frombuffer(bytes(4), dtype=et.bfloat16)


def test_from_file_reads_what_torchs_reads(tmp_path):
    path = tmp_path / "values.bin"
    np.arange(7, dtype=np.float64).tofile(path)
    expected = torch.from_file(str(path), size=5, dtype=torch.float64)
    with et.Session(dtype="float64"):
        got = et.from_file(path, size=5, dtype=et.float64)
        assert got.tolist() == expected.tolist() and got.dtype == "float64"


@pytest.mark.parametrize(
    "kwargs", [{"size": 8, "dtype": torch.float64}, {"shared": True, "size": 2}, {"size": -1}]
)
def test_from_file_refuses_what_it_cannot_give(tmp_path, kwargs):
    path = tmp_path / "values.bin"
    np.arange(7, dtype=np.float64).tofile(path)
    with et.Session(dtype="float64") as sess:
        before = sess.tape_len
        with pytest.raises(et.ArgumentError):
            et.from_file(path, **kwargs)
        assert sess.tape_len == before


def test_empty_strided_and_permuted_make_torchs_shapes_and_dtypes():
    with et.Session(dtype="float64"):
        a = et.empty_strided((2, 3), (1, 2), dtype=et.float32)
        b = et.empty_permuted((2, 3, 4), (0, 2, 1), requires_grad=True)
        assert a.shape == tuple(torch.empty_strided((2, 3), (1, 2)).shape) and a.dtype == "float32"
        assert b.shape == (2, 3, 4) and b.requires_grad and b.dtype == "float64"


def test_empty_strided_and_permuted_refuse_a_layout_of_another_rank():
    with pytest.raises(RuntimeError):
        torch.empty_strided((2, 3), (1,))
    with et.Session(dtype="float64") as sess:
        before = sess.tape_len
        with pytest.raises(et.ShapeError):
            et.empty_strided((2, 3), (1,))
        with pytest.raises(et.ShapeError):
            et.empty_permuted((2, 3), (0, 1, 2))
        with pytest.raises(et.ArgumentError):
            et.empty_permuted((2, 3), (0, 0))
        with pytest.raises(et.ArgumentError):
            et.empty_strided((2, 3), (-1, 1))
        assert sess.tape_len == before
