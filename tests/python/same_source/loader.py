"""Loads a model file of this folder with `torch`, `nn` and `F` bound to one runtime.

A model file is written as plain PyTorch, except that it never imports torch: it opens with

    torch = nn = F = None  # bound by loader.load(module_name, backend)

(so that linters and readers see where the three names come from) and uses torch only through
them. `load(name, backend)` executes the file's unchanged source in a fresh module whose
`torch`, `nn` and `F` are PyTorch's (`backend="torch"`: `torch`, `torch.nn`,
`torch.nn.functional`) or eagertape's (`backend="eagertape"`: `eagertape`, `eagertape.nn`,
`eagertape.nn.functional`). The placeholder statement is the one statement left out of the
execution: were it run, it would unbind the names again. Everything else, decorators such as
`@torch.no_grad()` and base classes such as `nn.Module` included, is evaluated at execution
time against the bound runtime, as an import would evaluate it against torch.

Each call executes the file anew: the torch-bound and the eagertape-bound classes are distinct
objects, and loading the same file twice for one backend gives two independent modules.
"""

from __future__ import annotations

import ast
import importlib
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
BACKENDS = ("torch", "eagertape")
PLACEHOLDER = "torch = nn = F = None"
# Packages a model file must not import itself: it gets them from the loader only.
BOUND_PACKAGES = ("torch", "eagertape")


def runtime(backend: str) -> tuple[types.ModuleType, types.ModuleType, types.ModuleType]:
    """The modules bound to `torch`, `nn` and `F` for `backend`."""
    if backend == "torch":
        torch = importlib.import_module("torch")
        return (
            torch,
            importlib.import_module("torch.nn"),
            importlib.import_module("torch.nn.functional"),
        )
    if backend == "eagertape":
        et = importlib.import_module("eagertape")
        # Imported here, not at the top: eagertape.nn.functional may not exist yet, and
        # loading the torch-bound files must not depend on it.
        return (
            et,
            importlib.import_module("eagertape.nn"),
            importlib.import_module("eagertape.nn.functional"),
        )
    raise ValueError(f"unknown backend {backend!r} (expected one of {BACKENDS})")


def _is_placeholder(stmt: ast.stmt) -> bool:
    return ast.dump(stmt) == ast.dump(ast.parse(PLACEHOLDER).body[0])


def _imported_package(node: ast.AST) -> str | None:
    """The top-level package an import statement names, when it is one of BOUND_PACKAGES."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
        names = [node.module]
    else:
        return None
    for name in names:
        if name.split(".")[0] in BOUND_PACKAGES:
            return name
    return None


def _body_to_run(tree: ast.Module, path: Path) -> list[ast.stmt]:
    """The file's top-level statements without the placeholder, after checking that the file
    has exactly one placeholder and imports neither torch nor eagertape itself."""
    for node in ast.walk(tree):
        package = _imported_package(node)
        if package is not None:
            raise ValueError(
                f"{path}:{node.lineno}: a model file must not import {package}; it uses the "
                f"`torch`, `nn` and `F` that the loader binds"
            )
    placeholders = [stmt for stmt in tree.body if _is_placeholder(stmt)]
    if len(placeholders) != 1:
        raise ValueError(
            f"{path}: expected exactly one top-level `{PLACEHOLDER}` placeholder, "
            f"found {len(placeholders)}"
        )
    return [stmt for stmt in tree.body if stmt is not placeholders[0]]


def load(name: str, backend: str) -> types.ModuleType:
    """Execute the model file `<name>.py` of this folder with `torch`, `nn` and `F` bound to
    `backend` ("torch" or "eagertape"); the module it defines."""
    path = HERE / f"{name}.py"
    source = path.read_text()
    tree = ast.parse(source, filename=str(path))
    tree.body = _body_to_run(tree, path)
    torch, nn, functional = runtime(backend)
    module = types.ModuleType(f"same_source_{backend}.{name}")
    module.__file__ = str(path)
    module.torch, module.nn, module.F = torch, nn, functional
    # The statements keep their line numbers: tracebacks point into the unchanged file.
    # dont_inherit: the file is compiled with its own __future__ imports only, not this
    # module's (`annotations` would turn a dataclass's field types into strings).
    exec(compile(tree, str(path), "exec", dont_inherit=True), module.__dict__)
    return module
