"""`et.autocast("cpu")` against `torch.autocast("cpu")` on every op-table row.

Each row runs on float32 inputs under bfloat16 autocast on both sides. A bfloat16 result
must be bit-identical to torch's, a float32 one equal to float32 precision, and the dtypes
the same. Rows whose torch reference computes with float64 constants (its result on float32
inputs is not float32) have no float32 autocast result to compare and are not collected.
The rows in `DIFFERS` are compositions that torch decomposes another way under autocast;
their results stay within bfloat16's rounding of torch's (`docs/training.md`, "Mixed precision").
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import torch
from op_table import OPS

import eagertape as et

_RNN = (
    "torch's step-by-step recurrences run their linear layers in bfloat16 under autocast "
    "(with a float32 state for GRU); eagertape's recurrent layers run in their input dtype"
)
DIFFERS = {
    "scaled_dot_product_attention_composed": (
        "the composed attention runs its ops in bfloat16 in its own order; torch's math "
        "kernel computes in float32 inside"
    ),
    "conv_tbc": (
        "a conv1d in bfloat16 in another layout; torch's conv_tbc kernel sums its products per "
        "kernel offset"
    ),
    "addbmm": (
        "one bfloat16 product over the batch and inner dim; torch's kernel adds each batch's "
        "product into the bfloat16 result in turn"
    ),
    "weighted_cov": (
        "LibTorch's cov runs whole in float32 (`src/ops/aten.rs`); torch's composite cov "
        "with observation weights runs its inner matrix product in bfloat16 under autocast"
    ),
    "recurrent_cells": (
        "LibTorch's fused cells run whole in float32 (`src/ops/aten.rs`); torch's run their "
        "inner linear maps in bfloat16 under autocast"
    ),
    "rnn_tanh": _RNN,
    "rnn_relu": _RNN,
    "gru": _RNN,
    "gru_packed_without_bias": _RNN,
    "lstm_bidirectional_proj_packed": _RNN,
    "aten_lstm_two_layers_bidirectional_projected": _RNN,
    "aten_gru_batch_first": _RNN,
    "aten_rnn_tanh_without_bias": _RNN,
    "aten_rnn_relu": _RNN,
}
# torch itself raises under autocast here (its tensordot meets a bfloat16 and a float32).
TORCH_RAISES = {"trace_diff_cross_kron_tensordot"}
# Where oneDNN has no bfloat16 on this CPU (AVX2 only), torch's own autocast LSTM fails: its
# `use_mkldnn` takes the float32 input, then autocast lowers oneDNN's layer to bfloat16.
# eagertape lowers the inputs first and runs its bfloat16 LSTM, as on inputs given in bfloat16.
ONEDNN_BFLOAT16 = torch.ops.mkldnn._is_mkldnn_bf16_supported()
ONEDNN_LAYERS = {"lstm"}


def _inputs(op):
    return [a.astype(np.float32) for a in op.inputs(np.random.default_rng(0))]


def _comparable(op) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            out = op.torch(*[torch.from_numpy(a) for a in _inputs(op)])
        except Exception:  # noqa: BLE001  (a row torch refuses in float32 is not comparable)
            return False
    return isinstance(out, torch.Tensor) and out.dtype == torch.float32


ROWS = [op for op in OPS if "libtorch" in op.carriers and _comparable(op)]


def _both(op):
    arrays = _inputs(op)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with torch.autocast("cpu", dtype=torch.bfloat16):
            want = op.torch(*[torch.from_numpy(a) for a in arrays])
        sess = et.Session(dtype="float32")
        params = [et.Parameter(a) for a in arrays]
        with et.autocast("cpu", dtype=et.bfloat16):
            got = op.et(*[sess.use(p) for p in params])
    value = got.double().numpy() if got.dtype in ("bfloat16", "float16") else got.numpy()
    return got.dtype, value, str(want.dtype).removeprefix("torch."), want.detach().double().numpy()


def test_most_rows_are_compared():
    assert len(ROWS) >= 190, len(ROWS)
    assert set(DIFFERS) | TORCH_RAISES <= {op.name for op in ROWS}


@pytest.mark.parametrize(
    "op", [op for op in ROWS if op.name not in DIFFERS and op.name not in TORCH_RAISES], ids=repr
)
def test_autocast_results_equal_torchs(op):
    if op.name in ONEDNN_LAYERS and not ONEDNN_BFLOAT16:
        tensors = [torch.from_numpy(a) for a in _inputs(op)]
        with pytest.raises(RuntimeError, match="primitive descriptor"):
            with torch.autocast("cpu", dtype=torch.bfloat16):
                op.torch(*tensors)
        _runs_as_torch_in_bfloat16(op)
        return
    dtype, value, want_dtype, want = _both(op)
    assert dtype == want_dtype
    if dtype == "bfloat16":
        np.testing.assert_array_equal(value, want)
    else:
        np.testing.assert_allclose(value, want, rtol=2e-4, atol=1e-5, equal_nan=True)


def _runs_as_torch_in_bfloat16(op):
    """eagertape's autocast result where torch's autocast fails: within bfloat16 rounding of
    torch's own LSTM on the inputs lowered to bfloat16 (eagertape's bfloat16 LSTM steps are
    compositions, torch's fused cells: docs/coming-from-pytorch.md)."""
    arrays = _inputs(op)
    want = op.torch(*[torch.from_numpy(a).bfloat16() for a in arrays]).detach().double().numpy()
    sess = et.Session(dtype="float32")
    with et.autocast("cpu", dtype=et.bfloat16):
        got = op.et(*[sess.use(et.Parameter(a)) for a in arrays])
    assert got.dtype == "bfloat16"
    scale = max(1.0, float(np.abs(want).max()))
    assert np.abs(got.double().numpy() - want).max() <= 2e-2 * scale


@pytest.mark.parametrize("op", [op for op in ROWS if op.name in DIFFERS], ids=repr)
def test_rows_torch_decomposes_otherwise_stay_within_bfloat16_rounding(op):
    _, value, _, want = _both(op)
    scale = max(1.0, float(np.nanmax(np.abs(want))))
    assert np.nanmax(np.abs(value - want)) <= 2e-2 * scale, DIFFERS[op.name]


@pytest.mark.parametrize("op", [op for op in ROWS if op.name in TORCH_RAISES], ids=repr)
def test_rows_torch_refuses_under_autocast_still_run_here(op):
    arrays = _inputs(op)
    with pytest.raises(RuntimeError), torch.autocast("cpu", dtype=torch.bfloat16):
        op.torch(*[torch.from_numpy(a) for a in arrays])
    sess = et.Session(dtype="float32")
    with et.autocast("cpu", dtype=et.bfloat16):
        out = op.et(*[sess.use(et.Parameter(a)) for a in arrays])
    assert np.isfinite(out.float().numpy()).all()
