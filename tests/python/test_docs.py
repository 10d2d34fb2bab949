"""Every ```python block of docs/*.md runs as written (each page's blocks in order, in one
namespace per page, README sections the page includes with pymdownx.snippets expanded), so
the documentation cannot rot."""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))
INCLUDE = re.compile(r'^--8<-- "([^":]+):([^"]+)"$', re.M)


def expanded(page: pathlib.Path) -> str:
    """The page's text with each `--8<-- "FILE:SECTION"` line replaced by that section of
    FILE (between its `[start:SECTION]` and `[end:SECTION]` markers), as mkdocs renders it."""

    def section(m: re.Match) -> str:
        text = (ROOT / m.group(1)).read_text()
        start, end = f"[start:{m.group(2)}]", f"[end:{m.group(2)}]"
        assert start in text and end in text, f"{page.name}: no section {m.group(0)}"
        body = text.split(start, 1)[1].split(end, 1)[0]
        return body.split("\n", 1)[1].rsplit("\n", 1)[0]  # without the marker lines

    return INCLUDE.sub(section, page.read_text())


def test_there_are_pages_with_code():
    assert any("```python" in p.read_text() for p in PAGES)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_a_pages_python_blocks_run(page):
    scope: dict = {"__name__": "__docs__"}
    for k, code in enumerate(re.findall(r"```python\n(.*?)```", expanded(page), re.S)):
        exec(compile(code, f"{page}:block{k}", "exec"), scope)


def public_objects():
    """The public API's objects: every public module's names (test_docstrings.MODULES), and
    the methods of their classes."""
    import importlib
    import inspect

    from test_docstrings import MODULES

    seen, out = set(), []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if getattr(obj, "__module__", None) == "torch":
                continue  # torch's own object passed through (`et.Size`): torch's examples
            for o in [obj, *(vars(obj).values() if inspect.isclass(obj) else ())]:
                if id(o) not in seen and isinstance(getattr(o, "__doc__", None), str):
                    seen.add(id(o))
                    out.append((f"{module_name}.{name}", o))
    return out


def test_every_docstring_example_of_the_public_api_runs():
    import doctest

    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(verbose=False)
    found = 0
    for name, obj in public_objects():
        test = parser.get_doctest(obj.__doc__, {}, name, None, 0)
        found += len(test.examples)
        runner.run(test)
    assert found >= 5, "the public API's docstrings hold examples"
    assert runner.failures == 0, f"{runner.failures} docstring example(s) failed (see above)"
