"""README's examples (and the ones it points to in the docs) run as written and leave only
parameter bytes behind."""

from __future__ import annotations

import gc
import pathlib
import re

import numpy as np

import eagertape as et

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"


def python_block(section: str, page: pathlib.Path = README) -> str:
    """The first ```python block of `page`'s `## section`."""
    for part in re.split(r"\n(?=## )", page.read_text()):
        if part.startswith(f"## {section}"):
            return re.findall(r"```python\n(.*?)```", part, re.S)[0]
    raise AssertionError(f"{page.name} has no section {section!r}")


def test_readme_first_example_trains_and_leaves_only_parameters_and_optimizer_state():
    code = python_block("A first example")
    assert len(code.strip().splitlines()) <= 16, "the first screen's example stays short"
    before = et.memory_stats()["by_category"]
    scope: dict = {}
    exec(compile(code, str(README), "exec"), scope)
    assert scope["loss"] is not None
    after = et.memory_stats()["by_category"]
    assert after["tape"] == before["tape"] and after["grad"] == before["grad"]
    n_params = sum(p.numel() for p in scope["model"].parameters())
    assert after["param"] - before["param"] == n_params * 4
    assert after["optimizer"] - before["optimizer"] == 2 * n_params * 4  # Adam's two moments


def test_readme_torch_style_example_learns_and_leaves_no_tape():
    gc.disable()
    try:
        _first_example()
    finally:
        gc.enable()


def _first_example():
    code = python_block("Usage: PyTorch code as written")
    assert "loss.backward()" in code and "reset_tape" not in code
    before = et.memory_stats()["by_category"]
    scope: dict = {}
    exec(compile(code, str(README), "exec"), scope)
    assert scope["accuracy"] > 0.9
    assert scope["final_loss"] < 0.3
    after = et.memory_stats()["by_category"]
    assert after["tape"] == before["tape"]
    n_params = sum(p.numel() for p in scope["model"].parameters())
    # p.grad lives in the session's store until zero_grad or the session goes
    assert after["grad"] - before["grad"] == n_params * 4
    scope.clear()  # (the example's functions hold its globals: clear rather than del)
    assert et.memory_stats()["by_category"] == before, "freed without the garbage collector"


def test_readme_explicit_api_example_runs_and_frees_its_tape_and_gradients():
    code = python_block("The explicit API", DOCS / "index.md")
    before = et.memory_stats()["by_category"]
    scope: dict = {}
    exec(compile(code, str(DOCS / "index.md"), "exec"), scope)
    assert scope["w"].version == 100
    assert scope["b"].version == 100
    after = et.memory_stats()["by_category"]
    assert after["tape"] == before["tape"]
    assert after["grad"] == before["grad"]
    # w (3x4) and b (3,) in float64 are the only new buffers.
    assert after["param"] - before["param"] == (12 + 3) * 8
    # The example ends with empty_cache(): its session keeps no recycled buffers.
    assert scope["sess"].cached_bytes == 0


def test_readme_interval_example_encloses_the_float64_logits_over_its_box():
    code = python_block("Bounding a model's outputs", DOCS / "howto" / "intervals.md")
    scope: dict = {}
    exec(compile(code, str(DOCS / "howto" / "intervals.md"), "exec"), scope)
    lo, hi, x, params, mlp = (scope[k] for k in ("lo", "hi", "x", "params", "mlp"))
    rng = np.random.default_rng(1)
    with et.Session(dtype="float64") as point:
        for corner in (x[:1] - 0.01, x[:1] + 0.01, x[:1] + rng.uniform(-0.01, 0.01, x[:1].shape)):
            logits = mlp(point, point.input(corner), params).numpy()
            assert np.all(lo <= logits) and np.all(logits <= hi)
    # Not vacuous: the bounds are finite and tight enough to certify this image's class.
    assert np.all(np.isfinite(lo)) and np.all(np.isfinite(hi))
    assert bool(scope["certified"]) is True


def test_ops_page_carrier_table_is_generated_from_the_op_table():
    # Regenerate with `python tests/python/carrier_table.py` when this fails.
    from carrier_table import markdown, page_copy

    assert page_copy((DOCS / "ops.md").read_text()) == markdown()


def test_readme_is_a_front_door():
    # what, why, install, a first example, links: everything else is in the docs
    assert len(README.read_text().splitlines()) <= 250
