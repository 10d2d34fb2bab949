"""`et.set_default_device`: where sessions, configs and parameters created without a device
live (as torch's `set_default_device`): native carriers on LibTorch follow it; the reference
backend and the CPU-only carriers stay on cpu, silently; an explicit device always wins."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import torch

import eagertape as et

# Sets the process-wide default itself (and restores it).
pytestmark = pytest.mark.cpu_only

HAS_CUDA = torch.cuda.is_available()


@pytest.fixture
def default_cuda():
    before = et.get_default_device()
    et.set_default_device("cuda")
    yield
    et.set_default_device(before)


def test_a_config_without_a_device_takes_the_default(default_cuda):
    assert et.Config(dtype="float32").device == "cuda"
    assert et.Config(dtype="float32", device="cpu").device == "cpu"


def test_reference_and_cpu_only_carriers_stay_on_cpu_without_a_warning(default_cuda):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no CpuCarrierWarning: nobody asked for CUDA
        assert et.Config(dtype="interval").device == "cpu"
        assert et.Config(dtype="float64", backend="reference").device == "cpu"
        assert et.Session(dtype="ieee32").config.device == "cpu"
        assert et.Parameter(np.ones(2), dtype="interval").device == "cpu"


@pytest.mark.skipif(HAS_CUDA, reason="a CUDA device is visible: the session would be created")
def test_a_default_device_this_process_cannot_use_fails_when_the_session_is_made(default_cuda):
    with pytest.raises(et.DeviceUnavailableError):
        et.Session(dtype="float32")
    with pytest.raises(et.DeviceUnavailableError):
        et.Parameter(np.ones(2))
    # An explicit device still works.
    assert et.Session(dtype="float32", device="cpu").config.device == "cpu"


@pytest.mark.skipif(not HAS_CUDA, reason="no CUDA device visible")
def test_sessions_and_parameters_without_a_device_live_on_the_default(default_cuda):
    sess = et.Session(dtype="float32")
    p = et.Parameter(np.ones(2, dtype=np.float32))
    assert sess.config.device == "cuda" and p.device.startswith("cuda")
    assert sess.use(p).device.startswith("cuda")


def test_an_unknown_default_device_is_a_config_error_and_changes_nothing():
    before = et.get_default_device()
    with pytest.raises(et.ConfigError):
        et.set_default_device("tpu")
    assert et.get_default_device() == before
