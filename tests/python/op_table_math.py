"""The op table's rows of the trigonometric, hyperbolic and rounding functions
(``src/ops/unary_trig.rs``). The transcendental ones run on the point carriers (no sound
interval enclosure); ``floor``/``ceil``/``trunc`` on every carrier. Samples keep each function
smooth: inside (-1, 1) for ``asin``/``acos``/``atanh``, above 1 for ``acosh``, away from the
integers for the rounding functions (finite differences then see their zero slope)."""

from __future__ import annotations

import torch
from op_table import Op, normal

import eagertape as et

POINT = ("libtorch", "reference", "ieee32")


def inside_unit(*shapes):
    return lambda rng: [rng.uniform(-0.8, 0.8, size=s) for s in shapes]


def above_one(*shapes):
    return lambda rng: [rng.uniform(1.2, 3.0, size=s) for s in shapes]


def off_integers(*shapes):
    return lambda rng: [rng.integers(-3, 3, size=s) + rng.uniform(0.1, 0.9, size=s) for s in shapes]


def _row(name, sample, carriers=POINT):
    return Op(
        name,
        getattr(et, name),
        getattr(torch, name),
        sample((3, 4)),
        carriers=carriers,
        covers=(f"et.{name}", f"Tensor.{name}"),
    )


MATH_OPS: tuple[Op, ...] = (
    _row("tan", lambda s: lambda rng: [rng.uniform(-1.2, 1.2, size=s)]),
    _row("asin", inside_unit),
    _row("acos", inside_unit),
    _row("atan", normal),
    _row("sinh", normal),
    _row("cosh", normal),
    _row("asinh", normal),
    _row("acosh", above_one),
    _row("atanh", inside_unit),
    _row("floor", off_integers, carriers=("libtorch", "reference", "ieee32", "interval")),
    _row("ceil", off_integers, carriers=("libtorch", "reference", "ieee32", "interval")),
    _row("trunc", off_integers, carriers=("libtorch", "reference", "ieee32", "interval")),
    _row("frac", off_integers),
)
