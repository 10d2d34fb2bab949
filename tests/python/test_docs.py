"""Every ```python block of docs/*.md runs as written (each page's blocks in order, in one
namespace per page), so the documentation cannot rot."""

from __future__ import annotations

import pathlib
import re

import pytest

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(DOCS.rglob("*.md"))


def test_there_are_pages_with_code():
    assert any("```python" in p.read_text() for p in PAGES)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_a_pages_python_blocks_run(page):
    scope: dict = {"__name__": "__docs__"}
    for k, code in enumerate(re.findall(r"```python\n(.*?)```", page.read_text(), re.S)):
        exec(compile(code, f"{page}:block{k}", "exec"), scope)
