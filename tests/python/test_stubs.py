"""The `.pyi` stubs of the extension stay complete: every public class, method, property and
function `eagertape._core` defines at runtime is declared in `_core.pyi`."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

import eagertape
from eagertape import _core

# About the stub files, not about a device.
pytestmark = pytest.mark.cpu_only

STUB = Path(eagertape.__file__).with_name("_core.pyi")


def stub_names() -> tuple[set[str], dict[str, set[str]]]:
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    functions, classes = set(), {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            functions.add(node.name)
        elif isinstance(node, ast.ClassDef):
            methods = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            attributes = {
                n.target.id
                for n in node.body
                if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
            }
            classes[node.name] = methods | attributes
    return functions, classes


def public(cls: type) -> set[str]:
    """The class's own public methods and properties (dunders excluded)."""
    return {n for n in vars(cls) if not n.startswith("_")}


def test_every_extension_function_has_a_stub():
    functions, _ = stub_names()
    runtime = {n for n, v in vars(_core).items() if inspect.isbuiltin(v) and not n.startswith("_")}
    assert runtime - functions == set()


def test_every_extension_class_and_its_public_members_have_stubs():
    _, classes = stub_names()
    missing = []
    for name, cls in vars(_core).items():
        if not isinstance(cls, type) or name.startswith("_"):
            continue
        if name not in classes:
            missing.append(name)
            continue
        for member in public(cls):
            if member not in classes[name]:
                missing.append(f"{name}.{member}")
    assert missing == []


def test_generated_unary_stubs_name_exactly_the_extensions_unary_family():
    # tools/gen-stubs writes these blocks from src/ops/unary.rs's list; the extension names
    # the functions it generated from the same list in _core._UNARY, and the in-place
    # methods in _core._UNARY_INPLACE.
    text = STUB.read_text(encoding="utf-8")
    blocks = re.findall(r"# BEGIN generated: unary[^\n]*\n(.*?)# END generated: unary", text, re.S)
    assert len(blocks) == 2
    methods = set(re.findall(r"def (\w+)\(self\)", blocks[0]))
    functions = set(re.findall(r"def (\w+)\(input: Tensor\)", blocks[1]))
    assert functions == set(_core._UNARY)
    assert methods == set(_core._UNARY) | set(_core._UNARY_INPLACE)
    for name in _core._UNARY:
        assert callable(getattr(_core.Tensor, name)) and callable(getattr(eagertape, name))
    for name in _core._UNARY_INPLACE:
        assert callable(getattr(_core.Tensor, name))


def test_the_packages_all_spells_out_its_star_imports_names():
    # tools/gen-stubs copies `_functional`, `_torch`, `_torch_globals`, `_aten_forms` and
    # `_in_place`'s `__all__` into the literal `eagertape.__all__` (the only form mypy and
    # stubtest read as exports): stale while one of them gained or lost a name.
    from eagertape import _aten_forms, _functional, _in_place, _torch, _torch_globals

    star = (
        _functional.__all__
        + _torch.__all__
        + _torch_globals.__all__
        + _aten_forms.__all__
        + _in_place.__all__
    )
    assert eagertape.__all__[-len(star) :] == star
    assert len(set(eagertape.__all__)) == len(eagertape.__all__)


def stub_docstrings() -> dict[str, str]:
    """The stub's docstrings, by qualified name (`Tensor.sum`), as `ast` reads them."""
    docs = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in node.body:  # type: ignore[attr-defined]
            if isinstance(child, ast.ClassDef | ast.FunctionDef):
                name = prefix + child.name
                doc = ast.get_docstring(child)
                if doc is not None:
                    docs.setdefault(name, doc)
                if isinstance(child, ast.ClassDef):
                    visit(child, name + ".")

    visit(ast.parse(STUB.read_text(encoding="utf-8")), "")
    return docs


def test_the_stubs_docstrings_are_the_extensions():
    """`_core.pyi` carries each public class's, function's, method's and property's runtime
    docstring (written once, as a Rust doc comment; `make stubs` copies them, and
    `tools/gen-stubs`'s `runtime_docs` says which): stale while one differs. Compared through
    `ast`, so no formatter is needed (the wheel's test venv has none)."""
    import importlib.machinery
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "tools" / "gen-stubs"
    loader = importlib.machinery.SourceFileLoader("gen_stubs", str(path))
    spec = importlib.util.spec_from_loader("gen_stubs", loader)
    gen = importlib.util.module_from_spec(spec)
    loader.exec_module(gen)
    runtime = gen.runtime_docs(_core)
    stub = stub_docstrings()
    stale = [name for name, doc in runtime.items() if stub.get(name) != inspect.cleandoc(doc)]
    assert len(runtime) > 250
    assert stale == [], f"stale docstrings in _core.pyi (run `make stubs`): {stale[:10]}"
