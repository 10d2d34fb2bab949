"""Every public name of eagertape is documented (issue 27): a walk over the public modules'
`__all__` and the methods of their classes.

The rules, as torch's own docs hold them:
  * a public class or function has a docstring (torch's own objects that eagertape passes
    through, `et.layout is torch.layout`, are torch's to document);
  * one that takes parameters has more than a one-line summary, and its docstring has an
    `Args:` section (Google style, which the API reference renders) naming each parameter;
  * a public method or property has a docstring (inherited from the class it overrides
    counts, as `inspect.getdoc` reads it); a method that takes parameters has more than one
    line: an `Args:` section, or a pointer to the function it mirrors (`See eagertape.X`).
"""

from __future__ import annotations

import importlib
import inspect
import re

import pytest

MODULES = [
    "eagertape",
    "eagertape.nn",
    "eagertape.nn.functional",
    "eagertape.nn.init",
    "eagertape.nn.utils",
    "eagertape.nn.utils.rnn",
    "eagertape.nn.parallel",
    "eagertape.optim",
    "eagertape.optim.lr_scheduler",
    "eagertape.amp",
    "eagertape.utils",
    "eagertape.utils.checkpoint",
    "eagertape.utils.data",
    "eagertape.checkpoint",
    "eagertape.serialization",
    "eagertape.distributed",
]


def public_names():
    """(qualified name, object) for each public class and function, each object once."""
    seen, out = set(), []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.ismodule(obj) or not callable(obj) or id(obj) in seen:
                continue
            if getattr(obj, "__module__", "").startswith("torch"):
                continue  # torch's own object passed through (`et.layout`): torch documents it
            seen.add(id(obj))
            out.append((f"{module_name}.{name}", obj))
    return out


def parameters(obj) -> list[str]:
    """The names of what a call takes (`self`/`cls` aside); [] where no signature is known."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return []
    return [p for p in sig.parameters if p not in ("self", "cls")]


def lines(doc: str | None) -> list[str]:
    return [line for line in (doc or "").splitlines() if line.strip()]


def is_exception(obj) -> bool:
    return inspect.isclass(obj) and issubclass(obj, BaseException)


def own_doc(obj) -> str | None:
    """A class's own docstring (not its base's); a function's docstring."""
    return obj.__dict__.get("__doc__") if inspect.isclass(obj) else obj.__doc__


def documents_args(doc: str, names: list[str]) -> list[str]:
    """The names among `names` that `doc`'s Args section leaves out (all, without one)."""
    section = re.search(
        r"^\s*(Args|Arguments|Parameters):\s*\n(.*?)(?=^\s*\w[\w ]*:\s*$|\Z)", doc, re.M | re.S
    )
    if section is None:
        return names
    body = section.group(2)
    return [n for n in names if not re.search(rf"^\s*\**{re.escape(n)}\b", body, re.M)]


NAMES = public_names()


def test_the_walk_finds_the_public_api():
    assert len(NAMES) > 400


@pytest.mark.parametrize("name,obj", NAMES, ids=[n for n, _ in NAMES])
def test_a_public_name_is_documented(name, obj):
    doc = own_doc(obj)
    assert doc and doc.strip(), f"{name} has no docstring"
    params = [] if is_exception(obj) else parameters(obj)
    if params:
        assert len(lines(doc)) > 1, f"{name} takes {params} but its docstring is one line"
        missing = documents_args(doc, [p for p in params if p not in ("args", "kwargs")])
        assert not missing, f"{name}'s docstring has no Args entry for {missing}"


def public_members():
    """(qualified name, member) for each public method and property of the public classes."""
    out = []
    for name, cls in NAMES:
        if not inspect.isclass(cls) or is_exception(cls):
            continue
        for attr, member in sorted(vars(cls).items()):
            if attr.startswith("_"):
                continue
            if callable(member) or isinstance(member, property) or inspect.isdatadescriptor(member):
                out.append((f"{name}.{attr}", cls, attr))
    return out


MEMBERS = public_members()


def test_the_walk_finds_the_methods():
    assert len(MEMBERS) > 400


@pytest.mark.parametrize("name,cls,attr", MEMBERS, ids=[n for n, _, _ in MEMBERS])
def test_a_public_method_is_documented(name, cls, attr):
    member = getattr(cls, attr)
    doc = inspect.getdoc(member)
    assert doc and doc.strip(), f"{name} has no docstring"
    raw = inspect.getattr_static(cls, attr)
    if isinstance(raw, property) or inspect.isdatadescriptor(raw) and not callable(raw):
        return
    if parameters(member):
        assert len(lines(doc)) > 1, (
            f"{name} takes {parameters(member)} but its docstring is one line"
        )


def test_the_api_reference_renders_every_public_module():
    """Each public module has a `::: module` directive in docs/reference/ (mkdocstrings renders
    every name of its `__all__`), so every documented name is in the reference."""
    import pathlib

    reference = pathlib.Path(__file__).resolve().parents[2] / "docs" / "reference"
    if not reference.exists():
        pytest.skip("docs/ is not beside this test (an installed copy of the tests)")
    text = "".join(p.read_text() for p in reference.glob("*.md"))
    rendered = set(re.findall(r"^::: ([\w.]+)$", text, re.M))
    assert set(MODULES) - rendered == set()
