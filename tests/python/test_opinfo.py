"""PyTorch's OpInfo sample inputs against eagertape (the table is in `opinfo_cases.py`).

One test per promised sample of every row: eagertape's values equal torch's (float64 to 1e-9
relative to the output's scale, integer and bool outputs exactly, dtypes and shapes equal) and
so do the gradients of `sum(out * cotangent)` over the floating outputs, for every float input
that requires grad. The promised samples eagertape gets wrong are `KNOWN_FAILURES` (strict
xfails, so a fix shows up as a failure until its entry goes). The per-op table in TESTING.md
must be the one `python tests/python/opinfo_cases.py` prints.
"""

from __future__ import annotations

import pytest
from opinfo_cases import (
    CASES,
    KNOWN_FAILURES,
    TESTING_MD,
    check_sample,
    grad_operands,
    markdown_report,
    opinfo_block,
    promised_indices,
)


def _params() -> list:
    params = []
    for case in CASES:
        for index in promised_indices(case.key):
            reason = KNOWN_FAILURES.get((case.key, index))
            marks = (pytest.mark.xfail(strict=True, reason=reason),) if reason else ()
            params.append(pytest.param(case.key, index, id=f"{case.key}-{index}", marks=marks))
    return params


@pytest.mark.parametrize(("key", "index"), _params())
def test_opinfo_sample(key: str, index: int) -> None:
    failure = check_sample(key, index)
    if failure is not None:
        pytest.fail(failure, pytrace=False)


def _operand_params() -> list:
    params = []
    for case in CASES:
        for index in promised_indices(case.key):
            if (case.key, index) in KNOWN_FAILURES:
                continue
            n = grad_operands(case.key, index)
            if n < 2:
                continue  # the sample's own run already gives its one operand requires_grad
            for k in range(n):
                params.append(pytest.param(case.key, index, k, id=f"{case.key}-{index}-{k}"))
    return params


@pytest.mark.parametrize(("key", "index", "operand"), _operand_params())
def test_each_differentiable_operand_alone_gets_torchs_gradient(
    key: str, index: int, operand: int
) -> None:
    """Every floating operand torch differentiates, wherever the sample puts it (input,
    args, kwargs), requires grad in turn, the others constants: no operand may be read as a
    constant where torch gives it a gradient (a 0-d tensor `value` of `masked_fill` once was)."""
    failure = check_sample(key, index, only=operand)
    if failure is not None:
        pytest.fail(failure, pytrace=False)


def test_known_failures_are_promised_samples() -> None:
    for key, index in KNOWN_FAILURES:
        assert index in promised_indices(key), f"{key} [{index}] is not a promised sample"


def test_opinfo_report_matches_testing_md() -> None:
    with open(TESTING_MD, encoding="utf-8") as f:
        documented = opinfo_block(f.read())
    assert documented == markdown_report(), (
        "TESTING.md's OpInfo table is stale: paste `python tests/python/opinfo_cases.py` "
        "between the opinfo markers"
    )
