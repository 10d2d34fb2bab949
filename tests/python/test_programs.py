"""Public PyTorch training programs (our own copies in `programs/`, data synthetic) run twice:
as written under torch, and under eagertape with only their import lines changed. Each leaves
`losses` (every number it reports, in order) and `model` (its last module) in its namespace;
the losses agree to 1e-9 and the final states to 1e-8 (float64: each program sets torch's
default dtype). A program with no `with` block at all trains as torch does."""

import re
from pathlib import Path

import numpy as np
import pytest
import torch

import eagertape as et

PROGRAMS = sorted((Path(__file__).parent / "programs").glob("*.py"))

# Programs that stop on a difference eagertape still has, each with the difference: they fail
# (strictly) until it is gone.
NOT_YET: dict[str, str] = {}


def _params(paths):
    return [
        pytest.param(p, id=p.stem, marks=pytest.mark.xfail(reason=NOT_YET[p.stem], strict=True))
        if p.stem in NOT_YET
        else pytest.param(p, id=p.stem)
        for p in paths
    ]


# The only edits: each import of torch becomes the same import of eagertape.
IMPORTS = [
    (r"^import torch$", "import eagertape as torch"),
    (r"^import torch\.nn as nn$", "import eagertape.nn as nn"),
    (r"^import torch\.nn\.functional as F$", "import eagertape.nn.functional as F"),
    (r"^import torch\.optim as optim$", "import eagertape.optim as optim"),
    (r"^from torch import ", "from eagertape import "),
    (r"^from torch\.(\S+) import ", r"from eagertape.\1 import "),
]


def with_eagertape_imports(source: str) -> str:
    lines = []
    for line in source.splitlines():
        for pattern, replacement in IMPORTS:
            line = re.sub(pattern, replacement, line)
        lines.append(line)
    return "\n".join(lines) + "\n"


def run(source: str, name: str) -> dict:
    scope: dict = {"__name__": "__program__"}
    try:
        exec(compile(source, name, "exec"), scope)
    finally:
        torch.set_default_dtype(torch.float32)
        et.set_default_dtype(et.float32)
    return scope


def test_the_programs_are_found():
    assert len(PROGRAMS) - len(NOT_YET) >= 10
    assert set(NOT_YET) <= {p.stem for p in PROGRAMS}


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_only_import_lines_differ(path):
    source = path.read_text()
    changed = [
        (a, b)
        for a, b in zip(
            source.splitlines(), with_eagertape_imports(source).splitlines(), strict=True
        )
        if a != b
    ]
    assert changed, "the program imports torch"
    assert all(a.startswith(("import torch", "from torch")) for a, _ in changed)


@pytest.mark.parametrize("path", _params(PROGRAMS))
def test_a_program_trains_under_eagertape_as_under_torch(path):
    source = path.read_text()
    theirs = run(source, str(path))
    ours = run(with_eagertape_imports(source), str(path))
    assert len(ours["losses"]) == len(theirs["losses"]) > 0
    np.testing.assert_allclose(ours["losses"], theirs["losses"], rtol=1e-9, atol=1e-12)
    want = theirs["model"].state_dict()
    got = ours["model"].state_dict()
    assert list(got) == list(want)
    for key, value in want.items():
        np.testing.assert_allclose(
            np.asarray(got[key]), value.detach().numpy(), rtol=1e-8, atol=1e-10, err_msg=key
        )
