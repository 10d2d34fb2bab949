"""The demo trains to a good accuracy, and the ieee32 carrier converges like float32."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

DEMO = pathlib.Path(__file__).resolve().parents[2] / "examples" / "train_digits.py"


def run_demo(*args: str) -> tuple[float, list[str]]:
    out = subprocess.run(
        [sys.executable, str(DEMO), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    accuracy = float(re.search(r"^test accuracy: (\d\.\d+)$", out, re.M).group(1))
    memory = [line.split(":", 1)[1] for line in out.splitlines() if line.startswith("memory at")]
    return accuracy, memory


def test_demo_reaches_95_percent_and_ends_with_the_memory_it_started_with():
    accuracy, memory = run_demo()
    assert accuracy >= 0.95
    assert len(memory) == 2 and memory[0] == memory[1]


def test_ieee32_training_converges_like_float32():
    f32, _ = run_demo("--epochs", "10")
    ieee, memory = run_demo("--epochs", "10", "--dtype", "ieee32")
    assert ieee >= 0.9
    assert abs(ieee - f32) <= 0.03
    assert memory[0] == memory[1]
