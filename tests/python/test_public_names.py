"""Every public module of the package exports its own names: no standard-library or
third-party module is reachable under a public name (``et.distributed.torch``), and
``__all__`` names only what the module defines or re-exports on purpose."""

import importlib
import pkgutil
import types

import pytest

import eagertape as et

PUBLIC = ["eagertape"] + [
    m.name
    for m in pkgutil.walk_packages(et.__path__, "eagertape.")
    if not any(part.startswith("_") for part in m.name.split(".")[1:])
]


@pytest.mark.parametrize("name", PUBLIC)
def test_no_foreign_module_under_a_public_name(name):
    module = importlib.import_module(name)
    foreign = [
        attr
        for attr in dir(module)
        if not attr.startswith("_")
        and isinstance(getattr(module, attr), types.ModuleType)
        and not getattr(module, attr).__name__.startswith("eagertape.")
    ]
    assert foreign == [], f"{name} exposes {foreign}: import them under a private name"


@pytest.mark.parametrize("name", PUBLIC)
def test_every_name_in_all_exists(name):
    module = importlib.import_module(name)
    missing = [n for n in getattr(module, "__all__", []) if not hasattr(module, n)]
    assert missing == []


def test_the_walk_finds_the_public_modules():
    assert {"eagertape.distributed", "eagertape.checkpoint", "eagertape.nn.functional"} <= set(
        PUBLIC
    )
