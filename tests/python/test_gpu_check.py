"""`tools/gpu-check` and `benches/compare.py --device`: the pieces of the one-command GPU check
that can be checked without a GPU (the device run itself is `tools/gpu-check --local` here and
`--device-run` on a lent GPU)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest
import torch

# About the scripts, not about a device.
pytestmark = pytest.mark.cpu_only

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "gpu-check"


def test_gpu_check_is_valid_bash():
    subprocess.run(["bash", "-n", str(SCRIPT)], check=True)


def test_gpu_check_refuses_an_unknown_mode_with_its_usage():
    r = subprocess.run(["bash", str(SCRIPT), "--bogus"], capture_output=True, text=True)
    assert r.returncode == 2
    assert "usage: tools/gpu-check" in r.stderr


@pytest.mark.skipif(torch.cuda.is_available(), reason="a CUDA device is visible")
def test_cuda_benchmark_without_a_gpu_stops_with_a_clear_message():
    r = subprocess.run(
        [sys.executable, str(ROOT / "benches" / "compare.py"), "--device", "cuda", "--quick"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode != 0
    assert "no CUDA device is visible" in r.stderr
