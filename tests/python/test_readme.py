"""The README's usage example runs as written and leaves only parameter bytes behind."""

from __future__ import annotations

import pathlib
import re

import eagertape as et

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def test_readme_usage_example_runs_and_frees_its_tape_and_gradients():
    code = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)[0]
    before = et.memory_stats()["by_category"]
    scope: dict = {}
    exec(compile(code, str(README), "exec"), scope)
    assert scope["w"].version == 100
    assert scope["b"].version == 100
    after = et.memory_stats()["by_category"]
    assert after["tape"] == before["tape"]
    assert after["grad"] == before["grad"]
    # w (3x4) and b (3,) in float64 are the only new buffers.
    assert after["param"] - before["param"] == (12 + 3) * 8
