"""The bad-input table (bad_input_cases.py, mirrored in TESTING.md).

Each row must raise its typed eagertape error (or the matching builtin) and change nothing:
tape length, generation and RNG of both sessions, parameter values and versions, optimizer
state, gradient maps, and the memory ledger. The whole table also runs in a subprocess that
must exit normally: the extension never segfaults or aborts on user input.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from bad_input_cases import CASES, run_case

HERE = Path(__file__).resolve().parent
TESTING_MD = HERE.parent.parent / "TESTING.md"


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_bad_input_raises_typed_error_and_changes_nothing(case):
    run_case(case)


def test_every_case_in_a_subprocess_exits_normally():
    code = (
        "import sys\n"
        f"sys.path.insert(0, {str(HERE)!r})\n"
        "import bad_input_cases\n"
        "n = bad_input_cases.run_all()\n"
        "print(f'{n} cases ok', flush=True)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    tail = (proc.stdout + proc.stderr)[-4000:]
    assert proc.returncode >= 0, f"the interpreter died of signal {-proc.returncode}:\n{tail}"
    assert proc.returncode == 0, f"exit status {proc.returncode}:\n{tail}"
    assert f"{len(CASES)} cases ok" in proc.stdout, tail


def _table_ids(markdown: str) -> list[str]:
    """The ids of the bad-input table: first cell of each row, a backquoted identifier."""
    section = markdown.split("## Bad-input table", 1)[1]
    return re.findall(r"^\|\s*`([a-z0-9_]+)`\s*\|", section, flags=re.MULTILINE)


def test_testing_md_table_matches_cases():
    ids = _table_ids(TESTING_MD.read_text(encoding="utf-8"))
    assert ids == [case.id for case in CASES]
