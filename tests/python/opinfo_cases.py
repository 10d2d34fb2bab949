"""PyTorch's own OpInfo sample inputs, run through eagertape.

For every OpInfo of ``torch.testing._internal.common_methods_invocations.op_db`` whose op is one
of docs/ops.md's sections "Data types", "Tensor" and "Losses", this table names the eagertape
form that docs/ops.md promises for it and decides, sample by sample, whether the sample uses
only what docs/ops.md promises (``Case.promised``). ``test_opinfo.py`` runs every promised
sample against torch (values, and gradients of ``sum(out * cotangent)`` for every floating
output) and checks that the per-op table in TESTING.md (between ``<!-- opinfo:begin -->``
and ``<!-- opinfo:end -->``) is the one ``markdown_report()`` prints
(``python tests/python/opinfo_cases.py``).

What a sample may use (the exclusion rules, applied in this order; each excluded sample is
counted in the table with its first reason):

- **Tensors of a dtype eagertape has no tensor for.** A session holds one floating carrier
  (float64 here) plus the data dtypes int64, int32 and bool (docs/ops.md "Data types"); a uint8,
  int8, int16, complex or other-float tensor cannot be an argument.
- **Complex Python numbers**: no complex dtypes anywhere in docs/ops.md.
- **Keyword arguments the op's row does not list.** Each row lists the torch keyword arguments
  that docs/ops.md promises for the op (torch's documented signature, where docs/ops.md names
  the op);
  the others are torch features docs/ops.md does not promise: ``dtype=`` of reductions and of
  softmax (a session computes in its carrier), ``memory_format=`` beyond the conversions
  (``to``, ``float()``, ...: accepted there, since every layout shows the same values),
  ``alpha=`` of ``torch.add``/``torch.sub`` (docs/ops.md promises the
  operators ``+``/``-``), ``out=``, ``inplace=``.
- **Per-op argument values** docs/ops.md leaves out on purpose, each said at its row:
  ``torch.div``'s ``rounding_mode="trunc"`` (docs/ops.md has ``/`` and ``//`` only).

Nothing is excluded because eagertape fails on it: a promised sample that fails is listed in
``KNOWN_FAILURES`` (a strict xfail, counted as failed in the table). docs/ops.md says "argument
values follow torch in full" and "PyTorch's documentation wins", so torch's documented forms
are promised even where docs/ops.md's one-line summary of the op is shorter: ``torch.max(input,
other)``, ``norm(p="nuc")``, ``narrow``'s tensor ``start``, ``cat``'s skipped 1-D empty
tensors, an int32 tensor bound of ``clamp`` (dtype promotion follows torch).

Conversion (``_Converter``): a floating tensor that requires grad becomes an ``et.Parameter``
used in the session (its gradient is compared with torch's), another floating tensor a session
input, an integer or bool tensor a data input (``sess.input``; the copy is contiguous), a torch
dtype its name; lists, tuples and Python numbers stay as they are. Samples come from
``op.sample_inputs("cpu", dtype, requires_grad=op.supports_autograd)`` with
``torch.manual_seed(0)`` before each op, so they are the same in every process (float64 for
every row but the bool rows of ``& | ^ ~`` and the int64 row of ``one_hot``). Every sample of
every row runs (no sampling bound): about 1,300 promised samples in 15 s.
"""

from __future__ import annotations

import collections
import functools
import math
import os
import re
import sys
import traceback
import warnings
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import torch

import eagertape as et
import eagertape.nn.functional as F

BEGIN = "<!-- opinfo:begin -->"
END = "<!-- opinfo:end -->"
TESTING_MD = os.path.join(os.path.dirname(__file__), "..", "..", "TESTING.md")

CARRIER = torch.float64
DATA_DTYPES = (torch.int64, torch.int32, torch.bool)
DTYPE_NAMES = {
    torch.float64: "float64",
    torch.float32: "float32",
    torch.float16: "float16",
    torch.bfloat16: "bfloat16",
    torch.int64: "int64",
    torch.int32: "int32",
    torch.bool: "bool",
}
# docs/ops.md: float64 to 1e-9 relative, float32 to 2e-4 (relative to the output's scale); the
# half-precision rows are conversions, which round once.
RTOL = {"float64": 1e-9, "float32": 2e-4, "float16": 1e-3, "bfloat16": 1e-2}
ATOL_FLOOR = {"float64": 1e-12, "float32": 1e-6, "float16": 1e-4, "bfloat16": 1e-3}


@dataclass(frozen=True)
class Case:
    """One OpInfo (``name`` or ``name.variant``) and the eagertape form docs/ops.md promises."""

    key: str
    form: str  # the eagertape form, for the table
    et: Callable  # (input, *args, **kwargs) -> output; (sess, input, ...) for factories
    kwargs: tuple = ()  # the torch keyword arguments docs/ops.md promises for this op
    check: Callable | None = None  # sample -> reason it is not promised, or None
    dtype: torch.dtype = CARRIER  # the dtype its samples are drawn in
    factory: bool = False

    def promised(self, sample) -> tuple[bool, str]:
        """Whether the sample uses only what docs/ops.md promises, and if not, why."""
        reason = _tensor_reason(sample.input, sample.args, sample.kwargs)
        if reason is None:
            extra = sorted(set(sample.kwargs) - set(self.kwargs))
            if extra:
                reason = f"{extra[0]}="
        if reason is None and self.check is not None:
            reason = self.check(sample)
        return (reason is None, reason or "")


def _leaves(obj):
    if isinstance(obj, (list, tuple)):
        for item in obj:
            yield from _leaves(item)
    elif isinstance(obj, dict):
        for item in obj.values():
            yield from _leaves(item)
    else:
        yield obj


def _tensor_reason(*parts) -> str | None:
    for leaf in _leaves(parts):
        if isinstance(leaf, torch.Tensor):
            if leaf.layout != torch.strided:
                return "sparse tensor"
            if leaf.dtype != CARRIER and leaf.dtype not in DATA_DTYPES:
                return f"{str(leaf.dtype).removeprefix('torch.')} tensor"
        elif isinstance(leaf, complex):
            return "complex number"
    return None


def _method(name):
    return lambda x, *args, **kwargs: getattr(x, name)(*args, **kwargs)


def _rounding(mode):
    def check(sample):
        given = sample.kwargs.get("rounding_mode")
        if given != mode:
            return f"rounding_mode={given!r}"
        return None

    return check


def _einsum(equation, *operands):
    return et.einsum(equation, *operands)


def _where(x, condition, other):
    return et.where(condition, x, other)


def _factory(name):
    def call(sess, first, *args, **kwargs):
        kwargs.pop("device", None)  # the session's device: see `run_sample`
        return getattr(sess, name)(first, *args, **kwargs)

    return call


FACTORY_KWARGS = ("dtype", "device", "requires_grad")
REDUCE = ("dim", "keepdim")
VAR = ("dim", "unbiased", "keepdim", "correction")


def _unary(name, key=None):
    return Case(key or name, f"et.{name}", getattr(et, name))


MOMENTS = ("dim", "unbiased", "keepdim", "correction")

CASES: tuple[Case, ...] = (
    # --- Data types: conversions (docs/ops.md "Tensor", conversions) ---
    Case("to", "x.to(...)", _method("to"), kwargs=("memory_format",)),
    Case("float", "x.float()", _method("float"), kwargs=("memory_format",)),
    Case("double", "x.double()", _method("double"), kwargs=("memory_format",)),
    Case("half", "x.half()", _method("half"), kwargs=("memory_format",)),
    Case("bfloat16", "x.bfloat16()", _method("bfloat16"), kwargs=("memory_format",)),
    Case("long", "x.long()", _method("long"), kwargs=("memory_format",)),
    Case("int", "x.int()", _method("int"), kwargs=("memory_format",)),
    Case("bool", "x.bool()", _method("bool"), kwargs=("memory_format",)),
    # --- Tensor: introspection ---
    Case("T", "x.T", lambda x: x.T),
    Case("mT", "x.mT", lambda x: x.mT),
    Case("item", "x.item()", _method("item")),
    Case("contiguous", "x.contiguous()", _method("contiguous")),
    # --- indexing ---
    Case("__getitem__", "x[index]", lambda x, index: x[index]),
    Case("index_put", "x.index_put(...)", _method("index_put"), kwargs=("accumulate",)),
    # --- arithmetic (operators; `torch.add`'s alpha= has no operator) ---
    Case("add", "a + b", lambda a, b: a + b),
    Case("sub", "a - b", lambda a, b: a - b),
    Case("mul", "a * b", lambda a, b: a * b),
    Case("div.no_rounding_mode", "a / b", lambda a, b: a / b),
    Case(
        "div.floor_rounding",
        "a // b",
        lambda a, b, rounding_mode: a // b,
        kwargs=("rounding_mode",),
        check=_rounding("floor"),
    ),
    # Truncating division: docs/ops.md has `/` and `//` only.
    Case(
        "div.trunc_rounding",
        "-",
        lambda a, b, rounding_mode: None,
        kwargs=("rounding_mode",),
        check=_rounding("floor"),
    ),
    Case("floor_divide", "a // b", lambda a, b: a // b),
    Case("remainder", "a % b", lambda a, b: a % b),
    Case("__radd__", "x.__radd__(o)", _method("__radd__")),
    Case("__rsub__", "x.__rsub__(o)", _method("__rsub__")),
    Case("__rmul__", "x.__rmul__(o)", _method("__rmul__")),
    Case("__rdiv__", "x.__rtruediv__(o)", _method("__rtruediv__")),
    Case("__rmod__", "x.__rmod__(o)", _method("__rmod__")),
    Case("__rpow__", "x.__rpow__(o)", _method("__rpow__")),
    Case("__rmatmul__", "x.__rmatmul__(o)", _method("__rmatmul__")),
    Case("neg", "-x", lambda x: -x),
    _unary("abs"),
    Case("pow", "et.pow", et.pow),
    # --- comparison and logic (`& | ^ ~` on bool: those rows draw bool samples) ---
    Case("eq", "a == b", lambda a, b: a == b),
    Case("ne", "a != b", lambda a, b: a != b),
    Case("lt", "a < b", lambda a, b: a < b),
    Case("le", "a <= b", lambda a, b: a <= b),
    Case("gt", "a > b", lambda a, b: a > b),
    Case("ge", "a >= b", lambda a, b: a >= b),
    Case("bitwise_and", "a & b", lambda a, b: a & b, dtype=torch.bool),
    Case("bitwise_or", "a | b", lambda a, b: a | b, dtype=torch.bool),
    Case("bitwise_xor", "a ^ b", lambda a, b: a ^ b, dtype=torch.bool),
    Case("bitwise_not", "~x", lambda x: ~x, dtype=torch.bool),
    Case("__rand__", "x.__rand__(o)", _method("__rand__"), dtype=torch.bool),
    Case("__ror__", "x.__ror__(o)", _method("__ror__"), dtype=torch.bool),
    Case("__rxor__", "x.__rxor__(o)", _method("__rxor__"), dtype=torch.bool),
    _unary("isfinite"),
    _unary("isnan"),
    # --- elementwise ---
    *(
        _unary(name)
        for name in (
            "sqrt",
            "rsqrt",
            "square",
            "reciprocal",
            "exp",
            "log",
            "log1p",
            "expm1",
            "sin",
            "cos",
            "tanh",
            "sigmoid",
            "erf",
            "sign",
            "tan",
            "asin",
            "acos",
            "atan",
            "sinh",
            "cosh",
            "asinh",
            "acosh",
            "atanh",
            "floor",
            "ceil",
            "trunc",
            "frac",
        )
    ),
    Case("atan2", "et.atan2", et.atan2),
    Case("lerp", "et.lerp", et.lerp),
    Case("addcmul", "et.addcmul", et.addcmul, kwargs=("value",)),
    Case("addcdiv", "et.addcdiv", et.addcdiv, kwargs=("value",)),
    Case("outer", "et.outer", et.outer),
    Case("addmm", "et.addmm", et.addmm, kwargs=("beta", "alpha")),
    Case("baddbmm", "et.baddbmm", et.baddbmm, kwargs=("beta", "alpha")),
    Case("hypot", "et.hypot", et.hypot),
    Case("fmod", "et.fmod", et.fmod),
    Case("logaddexp", "et.logaddexp", et.logaddexp),
    Case("xlogy", "et.xlogy", et.xlogy),
    Case("clamp", "et.clamp", et.clamp, kwargs=("min", "max")),
    Case("maximum", "et.maximum", et.maximum),
    Case("minimum", "et.minimum", et.minimum),
    Case("where", "et.where", _where),
    Case("masked_fill", "et.masked_fill", et.masked_fill),
    # --- activations ---
    _unary("relu", "nn.functional.relu"),
    Case("nn.functional.gelu", "et.gelu", et.gelu, kwargs=("approximate",)),
    _unary("silu", "nn.functional.silu"),
    _unary("hardswish", "nn.functional.hardswish"),
    _unary("hardsigmoid", "nn.functional.hardsigmoid"),
    _unary("mish", "nn.functional.mish"),
    Case("nn.functional.softplus", "et.softplus", et.softplus, kwargs=("beta", "threshold")),
    Case("nn.functional.leaky_relu", "et.leaky_relu", et.leaky_relu, kwargs=("negative_slope",)),
    Case("nn.functional.elu", "et.elu", et.elu, kwargs=("alpha",)),
    _unary("logsigmoid", "nn.functional.logsigmoid"),
    Case("nn.functional.hardtanh", "et.hardtanh", et.hardtanh, kwargs=("min_val", "max_val")),
    Case("softmax", "et.softmax", et.softmax, kwargs=("dim",)),
    Case("softmax.with_dtype", "et.softmax", et.softmax, kwargs=("dim",)),
    Case("log_softmax", "et.log_softmax", et.log_softmax, kwargs=("dim",)),
    Case("log_softmax.with_dtype", "et.log_softmax", et.log_softmax, kwargs=("dim",)),
    # --- reductions ---
    Case("sum", "et.sum", et.sum, kwargs=REDUCE),
    Case("mean", "et.mean", et.mean, kwargs=REDUCE),
    Case("prod", "et.prod", et.prod, kwargs=REDUCE),
    Case("max.reduction_no_dim", "et.max", et.max, kwargs=REDUCE),
    Case("max.reduction_with_dim", "et.max", et.max, kwargs=REDUCE),
    # torch documents torch.max(input, other) as a form of torch.max ("see torch.maximum").
    Case("max.binary", "et.max", et.max, kwargs=REDUCE),
    Case("min.reduction_no_dim", "et.min", et.min, kwargs=REDUCE),
    Case("min.reduction_with_dim", "et.min", et.min, kwargs=REDUCE),
    Case("min.binary", "et.min", et.min, kwargs=REDUCE),
    Case("amax", "et.amax", et.amax, kwargs=REDUCE),
    Case("amin", "et.amin", et.amin, kwargs=REDUCE),
    Case("argmax", "et.argmax", et.argmax, kwargs=REDUCE),
    Case("argmin", "et.argmin", et.argmin, kwargs=REDUCE),
    Case("var", "et.var", et.var, kwargs=VAR),
    Case("var.unbiased", "et.var", et.var, kwargs=VAR),
    Case("std", "et.std", et.std, kwargs=VAR),
    Case("std.unbiased", "et.std", et.std, kwargs=VAR),
    Case("logsumexp", "et.logsumexp", et.logsumexp, kwargs=REDUCE),
    Case("cumsum", "et.cumsum", et.cumsum, kwargs=("dim",)),
    Case("norm", "et.norm", et.norm, kwargs=("p", "dim", "keepdim")),
    Case("norm.fro", "et.norm", et.norm, kwargs=("p", "dim", "keepdim")),
    Case("norm.inf", "et.norm", et.norm, kwargs=("p", "dim", "keepdim")),
    # docs/ops.md: "argument values follow torch in full", so p="nuc" too.
    Case("norm.nuc", "et.norm", et.norm, kwargs=("p", "dim", "keepdim")),
    # --- layout ---
    Case("reshape", "et.reshape", et.reshape),
    Case("view", "x.view(shape)", _method("view")),
    Case("permute", "et.permute", et.permute),
    Case("transpose", "et.transpose", et.transpose),
    Case("unsqueeze", "et.unsqueeze", et.unsqueeze),
    Case("squeeze", "et.squeeze", et.squeeze, kwargs=("dim",)),
    Case("squeeze.multiple", "et.squeeze", et.squeeze, kwargs=("dim",)),
    Case("flatten", "et.flatten", et.flatten, kwargs=("start_dim", "end_dim")),
    Case("unflatten", "et.unflatten", et.unflatten),
    Case("expand", "x.expand(shape)", _method("expand")),
    Case("repeat", "x.repeat(dims)", _method("repeat")),
    Case("split", "et.split", et.split, kwargs=("dim",)),
    Case("split.list_args", "et.split", et.split, kwargs=("dim",)),
    Case("chunk", "et.chunk", et.chunk, kwargs=("dim",)),
    Case("narrow", "et.narrow", et.narrow),
    Case("gather", "et.gather", et.gather),
    Case("scatter", "et.scatter", et.scatter),
    Case("scatter_add", "et.scatter_add", et.scatter_add),
    *(
        Case(
            f"scatter_reduce.{r}", "et.scatter_reduce", et.scatter_reduce, kwargs=("include_self",)
        )
        for r in ("sum", "prod", "mean", "amax", "amin")
    ),
    Case("index_add", "et.index_add", et.index_add, kwargs=("alpha",)),
    Case("index_copy", "et.index_copy", et.index_copy),
    Case("index_fill", "et.index_fill", et.index_fill),
    Case("take_along_dim", "et.take_along_dim", et.take_along_dim, kwargs=("dim",)),
    Case("diagonal", "et.diagonal", et.diagonal, kwargs=("offset", "dim1", "dim2")),
    Case("diag", "et.diag", et.diag, kwargs=("diagonal",)),
    Case("trace", "et.trace", et.trace),
    Case("diff", "et.diff", et.diff, kwargs=("n", "dim", "prepend", "append")),
    Case("cross", "et.cross", et.cross, kwargs=("dim",)),
    Case("kron", "et.kron", et.kron),
    Case("tensordot", "et.tensordot", et.tensordot, kwargs=("dims",)),
    Case("logit", "et.logit", et.logit, kwargs=("eps",)),
    Case("nansum", "et.nansum", et.nansum, kwargs=("dim", "keepdim")),
    Case("nanmean", "et.nanmean", et.nanmean, kwargs=("dim", "keepdim")),
    Case("round", "et.round", et.round),
    *(
        Case(f"round.{v}", "et.round", et.round, kwargs=("decimals",))
        for v in ("decimals_0", "decimals_3", "decimals_neg_3")
    ),
    Case("isclose", "et.isclose", et.isclose, kwargs=("rtol", "atol", "equal_nan")),
    Case("allclose", "et.allclose", et.allclose, kwargs=("rtol", "atol", "equal_nan")),
    Case("equal", "et.equal", et.equal),
    Case("any", "et.any", et.any, kwargs=("dim", "keepdim")),
    Case("all", "et.all", et.all, kwargs=("dim", "keepdim")),
    Case("count_nonzero", "et.count_nonzero", et.count_nonzero, kwargs=("dim",)),
    *(
        Case(key, f"et.{key.split('.')[0]}", getattr(et, key.split(".")[0]), kwargs=MOMENTS)
        for key in ("var_mean", "var_mean.unbiased", "std_mean", "std_mean.unbiased")
    ),
    Case("aminmax", "et.aminmax", et.aminmax, kwargs=("dim", "keepdim")),
    Case("median", "et.median", et.median, kwargs=("dim", "keepdim")),
    Case("nanmedian", "et.nanmedian", et.nanmedian, kwargs=("dim", "keepdim")),
    Case("mode", "et.mode", et.mode, kwargs=("dim", "keepdim")),
    Case("cummax", "et.cummax", et.cummax, kwargs=("dim",)),
    Case("cummin", "et.cummin", et.cummin, kwargs=("dim",)),
    Case("cumprod", "et.cumprod", et.cumprod, kwargs=("dim",)),
    Case("quantile", "et.quantile", et.quantile, kwargs=("dim", "keepdim", "interpolation")),
    Case(
        "searchsorted",
        "et.searchsorted",
        et.searchsorted,
        kwargs=("out_int32", "right", "side", "sorter"),
    ),
    Case("bucketize", "et.bucketize", et.bucketize, kwargs=("out_int32", "right")),
    Case(
        "unique",
        "et.unique",
        et.unique,
        kwargs=("sorted", "return_inverse", "return_counts", "dim"),
    ),
    Case("sort", "et.sort", et.sort, kwargs=("dim", "descending", "stable")),
    Case("argsort", "et.argsort", et.argsort, kwargs=("dim", "descending", "stable")),
    Case("msort", "et.msort", et.msort),
    Case("nonzero", "et.nonzero", et.nonzero, kwargs=("as_tuple",)),
    Case("argwhere", "et.argwhere", et.argwhere),
    Case("masked_select", "et.masked_select", et.masked_select),
    Case("kthvalue", "et.kthvalue", et.kthvalue, kwargs=("dim", "keepdim")),
    Case("topk", "et.topk", et.topk, kwargs=("dim", "largest", "sorted")),
    Case("index_select", "et.index_select", et.index_select),
    Case("tril", "et.tril", et.tril, kwargs=("diagonal",)),
    Case("triu", "et.triu", et.triu, kwargs=("diagonal",)),
    Case("flip", "et.flip", et.flip, kwargs=("dims",)),
    Case("roll", "et.roll", et.roll, kwargs=("shifts", "dims")),
    Case("cat", "et.cat", et.cat, kwargs=("dim",)),
    Case("stack", "et.stack", et.stack, kwargs=("dim",)),
    Case("nn.functional.pad.constant", "et.pad", et.pad, kwargs=("mode", "value")),
    Case("nn.functional.pad.reflect", "et.pad", et.pad, kwargs=("mode", "value")),
    Case("nn.functional.pad.replicate", "et.pad", et.pad, kwargs=("mode", "value")),
    Case("nn.functional.pad.replicate_negative", "et.pad", et.pad, kwargs=("mode", "value")),
    # docs/ops.md lists the modes constant, reflect and replicate.
    # docs/ops.md lists constant, reflect and replicate; eagertape has circular too, so it counts.
    Case("nn.functional.pad.circular", "et.pad", et.pad, kwargs=("mode",)),
    Case(
        "nn.functional.one_hot",
        "et.one_hot",
        et.one_hot,
        kwargs=("num_classes",),
        dtype=torch.int64,
    ),
    # --- factories (session methods; a `device=` becomes the session's device) ---
    Case(
        "arange", "sess.arange", _factory("arange"), kwargs=("end", *FACTORY_KWARGS), factory=True
    ),
    Case("zeros", "sess.zeros", _factory("zeros"), kwargs=FACTORY_KWARGS, factory=True),
    Case("ones", "sess.ones", _factory("ones"), kwargs=FACTORY_KWARGS, factory=True),
    Case("full", "sess.full", _factory("full"), kwargs=FACTORY_KWARGS, factory=True),
    Case("eye", "sess.eye", _factory("eye"), kwargs=FACTORY_KWARGS, factory=True),
    # --- matrix ---
    Case("matmul", "et.matmul", et.matmul),
    Case("bmm", "et.bmm", et.bmm),
    Case("nn.functional.linear", "et.linear", et.linear),
    Case("einsum", "et.einsum", lambda tensors, equation: _einsum(equation, *tensors)),
    # --- losses (torch.nn.functional signatures; size_average/reduce are deprecated) ---
    Case(
        "nn.functional.cross_entropy",
        "et.cross_entropy",
        et.cross_entropy,
        kwargs=("weight", "ignore_index", "reduction", "label_smoothing"),
    ),
    Case(
        "nn.functional.nll_loss",
        "et.nll_loss",
        et.nll_loss,
        kwargs=("weight", "ignore_index", "reduction"),
    ),
    Case("nn.functional.mse_loss", "et.mse_loss", et.mse_loss, kwargs=("reduction",)),
    Case("nn.functional.l1_loss", "et.l1_loss", et.l1_loss, kwargs=("reduction",)),
    Case(
        "nn.functional.smooth_l1_loss",
        "et.smooth_l1_loss",
        et.smooth_l1_loss,
        kwargs=("reduction", "beta"),
    ),
    Case(
        "nn.functional.huber_loss",
        "et.huber_loss",
        et.huber_loss,
        kwargs=("reduction", "delta", "weight"),
    ),
    Case(
        "nn.functional.binary_cross_entropy",
        "et.binary_cross_entropy",
        et.binary_cross_entropy,
        kwargs=("weight", "reduction"),
    ),
    Case(
        "nn.functional.binary_cross_entropy_with_logits",
        "et.binary_cross_entropy_with_logits",
        et.binary_cross_entropy_with_logits,
        kwargs=("weight", "reduction", "pos_weight"),
    ),
    Case(
        "nn.functional.kl_div",
        "et.kl_div",
        et.kl_div,
        kwargs=("reduction", "log_target"),
    ),
    *(
        Case(f"nn.functional.{name}", f"F.{name}", getattr(F, name), kwargs=kw)
        for name, kw in (
            ("margin_ranking_loss", ("margin", "reduction")),
            ("hinge_embedding_loss", ("margin", "reduction")),
            ("soft_margin_loss", ("reduction",)),
            ("cosine_embedding_loss", ("margin", "reduction")),
            ("poisson_nll_loss", ("log_input", "full", "eps", "reduction")),
            ("gaussian_nll_loss", ("full", "eps", "reduction")),
            ("multilabel_soft_margin_loss", ("weight", "reduction")),
            ("multi_margin_loss", ("p", "margin", "weight", "reduction")),
            ("triplet_margin_loss", ("margin", "p", "eps", "swap", "reduction")),
            (
                "triplet_margin_with_distance_loss",
                ("distance_function", "margin", "swap", "reduction"),
            ),
            ("multilabel_margin_loss", ("reduction",)),
            ("pairwise_distance", ("p", "eps", "keepdim")),
            ("cosine_similarity", ("dim", "eps")),
            ("normalize", ("p", "dim", "eps")),
            ("ctc_loss", ("blank", "reduction", "zero_infinity")),
            ("pixel_shuffle", ()),
            ("pixel_unshuffle", ()),
            ("glu", ("dim",)),
            ("prelu", ()),
            ("instance_norm", ("weight", "bias", "eps", "momentum", "use_input_stats")),
            ("local_response_norm", ("alpha", "beta", "k")),
            ("bilinear", ()),
            ("upsample_bilinear", ()),
            ("conv3d", ("stride", "padding", "dilation", "groups")),
            ("max_pool1d", ("stride", "padding", "dilation", "ceil_mode", "return_indices")),
            ("avg_pool1d", ("stride", "padding", "ceil_mode", "count_include_pad")),
            ("adaptive_avg_pool1d", ()),
            ("grid_sample", ("mode", "padding_mode", "align_corners")),
            ("unfold", ("dilation", "padding", "stride")),
            ("max_pool3d", ("stride", "padding", "dilation", "ceil_mode")),
            (
                "avg_pool3d",
                ("stride", "padding", "ceil_mode", "count_include_pad", "divisor_override"),
            ),
            ("upsample_nearest", ()),
        )
    ),
    *(
        Case(
            f"nn.functional.interpolate.{mode}",
            "F.interpolate",
            F.interpolate,
            kwargs=("size", "scale_factor", "mode", "align_corners", "recompute_scale_factor"),
        )
        for mode in ("nearest", "linear", "bilinear", "bicubic", "trilinear", "area")
    ),
    # return_indices (a positional argument here) is not promised, as max_pool2d's
    *(
        Case(
            f"nn.functional.{name}",
            f"F.{name}",
            getattr(F, name),
            kwargs=("return_indices",),
            check=lambda sample: (
                "return_indices=True"
                if sample.kwargs.get("return_indices") or sample.args[1:2] == (True,)
                else None
            ),
        )
        for name in ("adaptive_max_pool1d", "adaptive_max_pool2d")
    ),
    # --- layers (issue 13, first part) ---
    # OpInfo's sample input is the weight (its op: `lambda weight, idx: F.embedding(idx, weight)`).
    Case(
        "nn.functional.embedding",
        "et.embedding",
        lambda weight, idx, **kw: et.embedding(idx, weight, **kw),
        kwargs=("padding_idx",),
    ),
    Case(
        "nn.functional.embedding_bag",
        "F.embedding_bag",
        lambda weight, idx, **kw: F.embedding_bag(idx, weight, **kw),
        kwargs=("offsets", "mode", "per_sample_weights", "padding_idx", "include_last_offset"),
    ),
    # docs/ops.md's max_pool2d has no return_indices: samples asking for the indices are excluded.
    Case(
        "nn.functional.max_pool2d",
        "et.max_pool2d",
        et.max_pool2d,
        kwargs=("kernel_size", "stride", "padding", "dilation", "ceil_mode", "return_indices"),
        check=lambda sample: "return_indices=True" if sample.kwargs.get("return_indices") else None,
    ),
    Case(
        "nn.functional.avg_pool2d",
        "et.avg_pool2d",
        et.avg_pool2d,
        kwargs=(
            "kernel_size",
            "stride",
            "padding",
            "ceil_mode",
            "count_include_pad",
            "divisor_override",
        ),
    ),
    Case("nn.functional.adaptive_avg_pool2d", "et.adaptive_avg_pool2d", et.adaptive_avg_pool2d),
    Case(
        "nn.functional.conv1d",
        "et.conv1d",
        et.conv1d,
        kwargs=("bias", "stride", "padding", "dilation", "groups"),
    ),
    Case(
        "nn.functional.conv2d",
        "et.conv2d",
        et.conv2d,
        kwargs=("bias", "stride", "padding", "dilation", "groups"),
    ),
    Case(
        "nn.functional.conv_transpose2d",
        "et.conv_transpose2d",
        et.conv_transpose2d,
        kwargs=("bias", "stride", "padding", "output_padding", "groups", "dilation"),
    ),
    Case("nn.functional.rms_norm", "et.rms_norm", et.rms_norm, kwargs=("weight", "eps")),
    Case(
        "nn.functional.group_norm",
        "et.group_norm",
        et.group_norm,
        kwargs=("num_groups", "weight", "bias", "eps"),
    ),
    Case(
        "nn.functional.layer_norm",
        "et.layer_norm",
        et.layer_norm,
        kwargs=("weight", "bias", "eps"),
    ),
    # docs/ops.md: in training the running statistics are et.Parameters whose update is published
    # as a new snapshot (tensors are immutable), so training samples with tensor statistics
    # are excluded; torch documents inputs of shape (N, C, ...), so 1-D inputs are too.
    Case(
        "nn.functional.batch_norm",
        "et.batch_norm",
        et.batch_norm,
        kwargs=("training", "momentum", "eps"),
        check=lambda sample: _batch_norm_reason(sample),
    ),
    # Dropout is drawn from the session's RNG (docs/ops.md), not torch's: samples with
    # dropout_p > 0 cannot be compared value for value.
    Case(
        "nn.functional.scaled_dot_product_attention",
        "et.scaled_dot_product_attention",
        et.scaled_dot_product_attention,
        kwargs=("attn_mask", "dropout_p", "is_causal", "scale"),
        check=lambda sample: (
            "dropout_p > 0 (session RNG)" if sample.kwargs.get("dropout_p", 0.0) > 0 else None
        ),
    ),
)


def _batch_norm_reason(sample) -> str | None:
    if sample.input.dim() < 2:
        return "a 1-D input (torch documents (N, C, ...))"
    if sample.kwargs.get("training") and sample.args and sample.args[0] is not None:
        return "tensor running statistics in training (et.Parameters, updated by snapshot)"
    return None


CASE_BY_KEY = {case.key: case for case in CASES}

# OpInfos near these sections that are not rows, and why:
# - H, mH, conj, ...: conjugation (no complex dtypes); logical_not/and/or/xor, isinf, clamp_min,
#   clamp_max, select, true_divide, rsub, mm, mv, dot, split_with_sizes, reshape_as, view_as,
#   expand_as, *_copy, unsafe_*: torch ops docs/ops.md does not name (some exist in eagertape as
#   extras);
# - var_mean, std_mean, nansum, nanmean, cumprod, logcumsumexp, linalg.*: not in docs/ops.md;
# - *_like, new_*, empty*, full_like: factories docs/ops.md does not name.

# The promised samples eagertape gets wrong: (key, sample index) -> what it does wrong.
KNOWN_FAILURES: dict[tuple[str, int], str] = {}


def _key(op) -> str:
    return op.name + (f".{op.variant_test_name}" if op.variant_test_name else "")


@functools.cache
def opinfos() -> dict:
    from torch.testing._internal.common_methods_invocations import op_db

    wanted = set(CASE_BY_KEY)
    found = {_key(op): op for op in op_db if _key(op) in wanted}
    missing = wanted - set(found)
    if missing:
        raise LookupError(f"no OpInfo named {sorted(missing)} in op_db")
    return found


@functools.cache
def samples(key: str) -> tuple:
    """The OpInfo's samples for the row, the same in every process."""
    case = CASE_BY_KEY[key]
    op = opinfos()[key]
    grad = op.supports_autograd and case.dtype.is_floating_point
    torch.manual_seed(0)
    # Some generators add CUDA targets when a GPU is visible (`to`'s samples move to
    # "cuda:0" too): the samples are those of a machine without one, the same everywhere.
    visible, torch.cuda.is_available = torch.cuda.is_available, lambda: False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return tuple(op.sample_inputs("cpu", case.dtype, requires_grad=grad))
    finally:
        torch.cuda.is_available = visible


def promised_indices(key: str) -> list[int]:
    case = CASE_BY_KEY[key]
    return [i for i, s in enumerate(samples(key)) if case.promised(s)[0]]


# --- running one sample ---


def _np(t: torch.Tensor) -> np.ndarray:
    return np.array(t.detach().cpu().numpy(), order="C", copy=True)


class _Converter:
    """torch arguments to eagertape arguments in one session, keeping the parameters.

    With ``only=k``, only the k-th floating tensor that requires grad (in conversion order:
    input, args, kwargs) becomes a parameter; the others are constants (session inputs)."""

    def __init__(self, sess, only: int | None = None):
        self.sess = sess
        self.only = only
        self.seen = 0
        self.params: list[tuple[torch.Tensor, et.Parameter]] = []
        self.memo: dict[int, object] = {}

    def __call__(self, obj):
        if isinstance(obj, torch.Tensor):
            if id(obj) not in self.memo:
                self.memo[id(obj)] = self._tensor(obj)
            return self.memo[id(obj)]
        if isinstance(obj, torch.dtype):
            return DTYPE_NAMES.get(obj, str(obj))
        if isinstance(obj, torch.device) or (isinstance(obj, str) and obj == "cpu"):
            # The samples are made for the CPU; the session's device stands for it (as a
            # factory's `device=` does), so `x.to(torch.device("cpu"))` stays on the session's
            # device when the suite runs on CUDA.
            return self.sess.config.device
        if isinstance(obj, torch.Size):
            return tuple(obj)
        if isinstance(obj, torch.nn.PairwiseDistance):  # a `distance_function`
            return functools.partial(
                F.pairwise_distance, p=obj.norm, eps=obj.eps, keepdim=obj.keepdim
            )
        if isinstance(obj, list):
            return [self(x) for x in obj]
        if isinstance(obj, tuple):
            return tuple(self(x) for x in obj)
        if isinstance(obj, dict):
            return {k: self(v) for k, v in obj.items()}
        return obj

    def _tensor(self, t: torch.Tensor):
        if t.is_floating_point() and t.requires_grad:
            k, self.seen = self.seen, self.seen + 1
            if self.only is not None and k != self.only:
                return self.sess.input(_np(t))
            param = et.Parameter(_np(t))
            self.params.append((t, param))
            return self.sess.use(param)
        return self.sess.input(_np(t))


def _flatten(out) -> list:
    if isinstance(out, (tuple, list)):
        return [leaf for item in out for leaf in _flatten(item)]
    return [out]


def _cotangent(key: str, index: int, k: int, shape) -> np.ndarray:
    """Dyadic values in [-2, 2] without zeros: exact in every floating dtype."""
    rng = np.random.default_rng([zlib.crc32(key.encode()), index, k])
    mag = rng.integers(1, 17, size=shape) / 8.0
    return np.where(rng.random(shape) < 0.5, -mag, mag)


def assert_close(got: np.ndarray, want: np.ndarray, dtype: str, what: str) -> None:
    """Elementwise to `RTOL[dtype]` relative to the larger of the value and the output's scale
    (its largest finite magnitude); NaN and infinities must match exactly."""
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    assert got.shape == want.shape, f"{what}: shape {got.shape} != torch's {want.shape}"
    finite = want[np.isfinite(want)]
    scale = float(np.abs(finite).max()) if finite.size else 0.0
    rtol = RTOL[dtype]
    np.testing.assert_allclose(
        got, want, rtol=rtol, atol=rtol * scale + ATOL_FLOOR[dtype], err_msg=what
    )


def _compare_outputs(et_outs, t_outs) -> None:
    assert len(et_outs) == len(t_outs), f"{len(et_outs)} outputs, torch returns {len(t_outs)}"
    for k, (got, want) in enumerate(zip(et_outs, t_outs, strict=True)):
        what = f"output {k}"
        if not isinstance(want, torch.Tensor):
            assert not isinstance(got, et.Tensor), f"{what}: a Tensor, torch gives {want!r}"
            assert type(got) is type(want), f"{what}: {got!r} is not {want!r}"
            if isinstance(want, float) and not (math.isnan(want) and math.isnan(got)):
                assert got == want or abs(got - want) <= 1e-9 * abs(want), f"{what}: {got}"
            elif isinstance(want, float):
                pass
            else:
                assert got == want, f"{what}: {got!r} != {want!r}"
            continue
        assert isinstance(got, et.Tensor), f"{what}: {type(got).__name__}, not a Tensor"
        assert tuple(got.shape) == tuple(want.shape), (
            f"{what}: shape {tuple(got.shape)} != torch's {tuple(want.shape)}"
        )
        want_dtype = DTYPE_NAMES.get(want.dtype, str(want.dtype))
        assert got.dtype == want_dtype, f"{what}: dtype {got.dtype} != torch's {want_dtype}"
        if want.is_floating_point():
            assert_close(got.numpy(), want.detach().cpu().double().numpy(), want_dtype, what)
        else:
            np.testing.assert_array_equal(got.numpy(), want.cpu().numpy(), err_msg=what)


def _torch_grads(key, index, t_outs, leaves):
    """(cotangents, torch's gradient per leaf) of sum(out * cot) over the floating outputs."""
    diff = [
        k
        for k, o in enumerate(t_outs)
        if isinstance(o, torch.Tensor) and o.is_floating_point() and o.requires_grad
    ]
    cots = {k: _cotangent(key, index, k, tuple(t_outs[k].shape)) for k in diff}
    if not diff or not leaves:
        return cots, None
    loss = sum((t_outs[k] * torch.from_numpy(cots[k]).to(t_outs[k].dtype)).sum() for k in diff)
    grads = torch.autograd.grad(loss, leaves, allow_unused=True)
    pairs = zip(leaves, grads, strict=True)
    return cots, [np.zeros(tuple(t.shape)) if g is None else _np(g) for t, g in pairs]


def grad_operands(key: str, index: int) -> int:
    """How many distinct floating tensors of the sample require grad (its differentiable
    operands, wherever torch's sample puts them: input, args or kwargs)."""
    sample = samples(key)[index]
    seen: dict[int, torch.Tensor] = {}

    def walk(obj) -> None:
        if isinstance(obj, torch.Tensor):
            if obj.is_floating_point() and obj.requires_grad:
                seen.setdefault(id(obj), obj)
        elif isinstance(obj, (list, tuple)):
            for x in obj:
                walk(x)
        elif isinstance(obj, dict):
            for x in obj.values():
                walk(x)

    walk((sample.input, sample.args, sample.kwargs))
    return len(seen)


def run_sample(key: str, index: int, only: int | None = None) -> None:
    """Run one sample in eagertape and torch; raise AssertionError on any difference.
    ``only=k``: only the k-th differentiable operand requires grad in eagertape (the others
    are constants), and its gradient alone is compared with torch's."""
    case = CASE_BY_KEY[key]
    op = opinfos()[key]
    sample = samples(key)[index]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        t_out = op.op(sample.input, *sample.args, **sample.kwargs)
    t_outs = _flatten(t_out)

    device = sample.kwargs.get("device") if case.factory else None
    sess = et.Session(dtype=DTYPE_NAMES[CARRIER], **({"device": device} if device else {}))
    grads = None
    try:
        conv = _Converter(sess, only)
        inp, args, kwargs = conv(sample.input), conv(sample.args), conv(sample.kwargs)
        if case.factory:
            out = case.et(sess, inp, *args, **kwargs)
        else:
            out = case.et(inp, *args, **kwargs)
        et_outs = _flatten(out)
        _compare_outputs(et_outs, t_outs)

        leaves = [t for t, _ in conv.params]
        cots, t_grads = _torch_grads(key, index, t_outs, leaves)
        if t_grads is None:
            return
        loss = None
        for k, cot in cots.items():
            o = et_outs[k]
            c = sess.input(cot)
            if c.dtype != o.dtype:
                c = c.to(o.dtype)
            term = (o * c).sum()
            loss = term if loss is None else loss + term
        if not loss.requires_grad:
            # No path from a parameter: eagertape's gradient is zero, as torch's must be.
            et_grads = [np.zeros(tuple(t.shape)) for t in leaves]
        else:
            grads = sess.backward(loss)
            et_grads = [grads[p].numpy() if p in grads else None for _, p in conv.params]
            et_grads = [
                np.zeros(tuple(t.shape)) if g is None else g
                for g, t in zip(et_grads, leaves, strict=True)
            ]
        for n, (g, tg, t) in enumerate(zip(et_grads, t_grads, leaves, strict=True)):
            assert_close(g, tg, DTYPE_NAMES[t.dtype], f"gradient of argument {n}")
    finally:
        if grads is not None:
            grads.release()
        sess.reset_tape()


def check_sample(key: str, index: int, only: int | None = None) -> str | None:
    """None when the sample matches torch, else what went wrong (the traceback's text: no
    eagertape object outlives the call, so the leak check sees a clean ledger)."""
    try:
        run_sample(key, index, only)
    except Exception:
        return traceback.format_exc(limit=-3)
    return None


# --- the report ---


def report_rows() -> list[dict]:
    rows = []
    for case in CASES:
        reasons = collections.Counter()
        promised = 0
        for s in samples(case.key):
            ok, why = case.promised(s)
            if ok:
                promised += 1
            else:
                reasons[why] += 1
        failed = sum(1 for k, _ in KNOWN_FAILURES if k == case.key)
        rows.append(
            {
                "key": case.key,
                "form": case.form,
                "passed": promised - failed,
                "promised": promised,
                "excluded": sum(reasons.values()),
                "why": ", ".join(f"{r} ({n})" for r, n in sorted(reasons.items())),
            }
        )
    return rows


def markdown_report() -> str:
    rows = report_rows()
    lines = [
        "| OpInfo | eagertape | passed / promised | excluded | excluded because |",
        "|---|---|---|---|---|",
    ]
    for r in rows:
        why = r["why"].replace("|", "\\|")
        form = r["form"].replace("|", "\\|")  # GitHub tables need it escaped in code too
        lines.append(
            f"| `{r['key']}` | `{form}` | {r['passed']} / {r['promised']} "
            f"| {r['excluded']} | {why} |"
        )
    passed = sum(r["passed"] for r in rows)
    promised = sum(r["promised"] for r in rows)
    excluded = sum(r["excluded"] for r in rows)
    lines.append(f"| **all {len(rows)} rows** | | **{passed} / {promised}** | {excluded} | |")
    if KNOWN_FAILURES:
        lines.append("")
        lines.append("Known failures (`KNOWN_FAILURES`, strict xfail):")
        lines.append("")
        by_reason = collections.defaultdict(list)
        for (key, index), reason in KNOWN_FAILURES.items():
            by_reason[(key, reason)].append(index)
        for (key, reason), indices in by_reason.items():
            idx = ", ".join(str(i) for i in sorted(indices))
            lines.append(f"- `{key}` [{idx}]: {reason}")
    return "\n".join(lines)


def opinfo_block(text: str) -> str:
    match = re.search(re.escape(BEGIN) + r"\n(.*?)\n" + re.escape(END), text, re.S)
    if match is None:
        raise LookupError(f"TESTING.md has no {BEGIN} ... {END} block")
    return match.group(1)


if __name__ == "__main__":
    if "--failures" in sys.argv:
        for case in CASES:
            for i in promised_indices(case.key):
                msg = check_sample(case.key, i)
                if msg is not None:
                    last = msg.strip().splitlines()[-1]
                    known = "known" if (case.key, i) in KNOWN_FAILURES else "NEW"
                    print(f"{known} {case.key} [{i}]: {last[:300]}")
    else:
        print(markdown_report())
