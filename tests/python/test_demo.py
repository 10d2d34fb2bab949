"""The demo trains to a good accuracy with a flat memory ledger, resumes from its
checkpoint, and the ieee32 carrier converges like float32."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

import pytest
import safetensors

# The demo runs in a subprocess on cpu, as README shows it.
pytestmark = pytest.mark.cpu_only

DEMO = pathlib.Path(__file__).resolve().parents[2] / "examples" / "train_digits.py"


def run_demo(tmp_path: pathlib.Path, *args: str) -> tuple[float, list[str], str]:
    out = subprocess.run(
        [sys.executable, str(DEMO), "--out", str(tmp_path), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
        cwd=tmp_path,
    ).stdout
    accuracy = float(re.search(r"^test accuracy: (\d\.\d+)$", out, re.M).group(1))
    memory = [line.split(":", 1)[1] for line in out.splitlines() if line.startswith("memory ")]
    return accuracy, memory, out


def test_demo_reaches_95_percent_with_equal_memory_after_step_1_and_at_the_end(tmp_path):
    accuracy, memory, _ = run_demo(tmp_path)
    assert accuracy >= 0.95
    assert len(memory) == 2 and memory[0] == memory[1]
    assert "optimizer=0 B" not in memory[0]  # AdamW state exists and stays
    with safetensors.safe_open(str(tmp_path / "digits_mlp.safetensors"), "numpy") as f:
        assert "layers.0.weight" in f.keys()


def test_demo_resume_continues_from_the_checkpoint(tmp_path):
    first, _, _ = run_demo(tmp_path, "--epochs", "8")
    resumed, memory, out = run_demo(tmp_path, "--epochs", "10", "--resume")  # 10 in total
    assert "resumed from" in out and "after 8 epochs" in out
    assert resumed >= 0.9 and resumed >= first - 0.02
    assert memory[0] == memory[1]


def test_ieee32_training_converges_like_float32(tmp_path):
    f32, _, _ = run_demo(tmp_path, "--epochs", "10")
    ieee, memory, _ = run_demo(tmp_path, "--epochs", "10", "--dtype", "ieee32")
    assert ieee >= 0.9
    assert abs(ieee - f32) <= 0.03
    assert memory[0] == memory[1]


def test_demo_resume_without_a_checkpoint_says_where_it_looked(tmp_path):
    ckpt = tmp_path / "digits_mlp.safetensors"
    run = subprocess.run(
        [sys.executable, str(DEMO), "--out", str(tmp_path), "--resume"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert run.returncode == 2  # argparse's usage error, not a traceback
    assert f"no checkpoint at {ckpt}" in run.stderr and "Traceback" not in run.stderr


def test_demo_epochs_count_the_resumed_ones(tmp_path):
    run_demo(tmp_path, "--epochs", "2")
    _, _, out = run_demo(tmp_path, "--epochs", "2", "--resume")
    assert "already trained 2 epochs (--epochs 2): nothing to do" in out
