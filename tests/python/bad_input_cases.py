"""The bad-input table: every row is one call that eagertape must reject.

A row is one string, `"id | input | call | expected | unchanged"`: the input in words; the call,
a Python expression evaluated with `c` (a fresh `Ctx`) and this module's globals (`et`, `np`,
`torch`, helpers) in scope; the exception class(es) it must raise (`A or B`; eagertape's errors,
else builtins); and the state that call could plausibly touch (keys of `STATE_KEYS`).
`run_case` builds a fresh `Ctx`, snapshots *all* of its state (sessions, parameters, optimizers,
gradient maps, the memory ledger), makes the call, and checks that the expected error was raised
and that none of the snapshot moved.

TESTING.md carries the same table (same ids, same order); `python bad_input_cases.py` prints it
in markdown. This module imports no test framework, so it also runs in a bare subprocess
(`test_bad_input.py` runs every row there to prove the extension never crashes on user input).
"""

from __future__ import annotations

import builtins
import math
from dataclasses import dataclass

import numpy as np
import torch

import eagertape as et

# What a call could touch; `run_case` checks every one of them for every row.
STATE_KEYS = ("tape", "rng", "params", "optim", "grads", "other", "ledger")


def missing_cuda() -> str:
    """A CUDA device this process cannot use: `cuda:7` here, or one past the last GPU."""
    return f"cuda:{max(7, torch.cuda.device_count())}"


def other_dl_device(t) -> tuple[int, int]:
    """A DLPack device that is not `t`'s: CUDA 0 for a CPU tensor, the CPU for a CUDA one."""
    return (2, 0) if t.__dlpack_device__()[0] == 1 else (1, 0)


def current(c, f):
    """`f()` with `c.sess` current (as inside `with c.sess:`, without the reset at the end)."""
    et._core._push_current(c.sess)
    try:
        return f()
    finally:
        et._core._pop_current(c.sess)


def on_session(f):
    """`f` of a fresh float64 session (freed when the call ends)."""
    sess = et.Session(dtype="float64")
    try:
        return f(sess)
    finally:
        del sess


def on_interval(f):
    """`f` of a (3,) tensor of a fresh interval session (freed when the call ends)."""
    sess = et.Session(dtype="interval")
    try:
        return f(sess.input(np.ones(3)))
    finally:
        del sess


def on_ieee32(f):
    """`f` of a (3,) tensor of a fresh ieee32 session (freed when the call ends)."""
    sess = et.Session(dtype="ieee32")
    try:
        return f(sess.input(np.ones(3)))
    finally:
        del sess


class Ctx:
    """The world a row acts on, built fresh per row (the snapshot is taken after this).

    sess: float64 session, generation 1, RNG advanced; other: a second float64 session.
    p (2, 3) "w", b (2,) "b": float64 parameters, stepped once by both optimizers (version 2);
    p32: a float32 parameter. opt: SGD(momentum=0.9) and adam: Adam, both over [p, b], with state.
    x, logits (4, 3); v3 (3,); v4 (4,); m23 (2, 3); m45 (4, 5); six (6,): inputs of sess;
    ids (4,): int64 data of sess.
    w: sess.use(p); y = x * 2 (non-scalar); loss: scalar of x, p, b; input_loss: scalar of x only.
    closed: a loss of `other` whose graph `loss.backward()` freed; viewed: a tensor of sess
    with a named view (`view_of`).
    grads: live GradMap of loss; released: a released GradMap of loss, rel_buf its buffer for p.
    stale / stale_loss: handles of generation 0; orphan: a handle of a closed session.
    foreign / foreign_loss: handles of `other`.
    """

    def __init__(self) -> None:
        rng = np.random.default_rng(7)
        sess = et.Session(dtype="float64", seed=3)
        self.sess = sess
        self.stale = sess.input(np.ones(3))
        self.stale_loss = (self.stale * 2.0).sum()
        sess.reset_tape()
        closed = et.Session(dtype="float64")
        self.orphan = closed.input(np.ones(2))
        del closed
        self.other = et.Session(dtype="float64")
        self.foreign = self.other.input(np.ones((4, 3)))
        self.foreign_loss = self.foreign.sum()

        self.p = et.Parameter(np.arange(6.0).reshape(2, 3) / 10.0, name="w")
        self.b = et.Parameter(np.zeros(2), name="b")
        self.p32 = et.Parameter(np.ones(3, dtype=np.float32), name="p32")
        self.opt = et.optim.SGD([self.p, self.b], lr=0.1, momentum=0.9)
        self.adam = et.optim.Adam([self.p, self.b], lr=0.01)
        self.rms = et.optim.RMSprop([self.p, self.b], lr=0.01, momentum=0.5, centered=True)
        self.asgd = et.optim.ASGD([self.p, self.b], lr=0.01)
        self.grouped = et.optim.SGD([{"params": [self.p]}, {"params": [self.b]}], lr=0.1)

        self.x = sess.input(rng.standard_normal((4, 3)))
        first = et.linear(self.x, sess.use(self.p), sess.use(self.b)).sum()
        with sess.backward(first) as g:
            self.opt.step(g)
            self.adam.step(g)
            self.rms.step(g)
            self.asgd.step(g)
        sess.rand(2)

        self.logits = sess.input(rng.standard_normal((4, 3)))
        self.v3 = sess.input(np.ones(3))
        self.v4 = sess.input(np.ones(4))
        self.m23 = sess.input(np.ones((2, 3)))
        self.m45 = sess.input(np.ones((4, 5)))
        self.six = sess.input(np.arange(6.0))
        self.ids = sess.input(np.array([0, 2, 1, 1]), dtype="int64")
        self.w = sess.use(self.p)
        self.y = self.x * 2.0
        self.loss = et.linear(self.x, self.w, sess.use(self.b)).sum()
        self.input_loss = (self.x * 2.0).sum()
        self.grads = sess.backward(self.loss)
        self.released = sess.backward(self.loss)
        self.rel_buf = self.released[self.p]
        self.released.release()
        # torch-style: a loss of `other` whose graph loss.backward() freed; a tensor with a
        # named view (in-place writes would diverge from torch's)
        self.closed = (self.foreign * self.other.use(self.p32.__class__(np.ones(3)))).sum()
        self.closed.backward()
        self.viewed = self.x * 1.0
        self.view_of = self.viewed[0]


def _freeze(value):
    """A comparable copy of nested dicts / lists / arrays (arrays by dtype, shape and bytes)."""
    if isinstance(value, dict):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, np.ndarray):
        return (str(value.dtype), value.shape, value.tobytes())
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    return value


def _session(s) -> tuple:
    return (s.tape_len, s.generation, tuple(s.rng_state()))


def snapshot(c: Ctx) -> dict:
    """Everything a rejected call must leave unchanged (the ledger is read last)."""
    params = (c.p, c.b, c.p32)
    state = {
        "tape": (c.sess.tape_len, c.sess.generation),
        "rng": tuple(c.sess.rng_state()),
        "params": tuple((q.version, q.shape, q.numpy().tobytes()) for q in params),
        "optim": tuple(_freeze(o._state_dict()) for o in (c.opt, c.adam, c.rms, c.asgd, c.grouped))
        + (_freeze([dict(g, params=None) for g in c.grouped.param_groups]),),
        "grads": (
            tuple(
                (q.name, None if g.released else g.numpy().tobytes()) for q, g in c.grads.items()
            ),
            c.rel_buf.released,
            len(c.released),
        ),
        "other": _session(c.other),
    }
    stats = et.memory_stats()
    state["ledger"] = (stats["live_bytes"], stats["live_buffers"], stats["by_category"])
    return state


@dataclass(frozen=True)
class Case:
    id: str
    input: str
    call: str
    expected: tuple[type[BaseException], ...]
    unchanged: str

    def fn(self, c: Ctx):
        return eval(self.call, {**globals(), "c": c})


def _expected(names: str) -> tuple[type[BaseException], ...]:
    """`"ShapeError or OverflowError"` -> the classes (eagertape's first, then builtins)."""
    return tuple(
        getattr(et, n) if hasattr(et, n) else getattr(builtins, n) for n in names.split(" or ")
    )


def _case(row: str) -> Case:
    id_, input_, call, expected, unchanged = (part.strip() for part in row.split(" | "))
    keys = {key.strip() for key in unchanged.split(",")}
    assert keys <= set(STATE_KEYS), f"{id_}: unknown state keys {keys - set(STATE_KEYS)}"
    return Case(id_, input_, call, _expected(expected), unchanged)


def _table(*rows: str) -> list[Case]:
    """Rows written `"id | input | call | expected | unchanged"` (see the module docstring)."""
    cases = [_case(row) for row in rows]
    ids = [case.id for case in cases]
    assert len(set(ids)) == len(ids), "duplicate case ids"
    return cases


CASES = _table(
    # --- shapes -------------------------------------------------------------------------
    "add_broadcast | (3,) + (4,) | c.v3 + c.v4 | ShapeError | tape, rng, ledger",
    "add_numpy_operand | (4, 3) + numpy (4,) | c.x + np.ones(4) | ShapeError | tape, rng, ledger",
    "matmul_inner | (2, 3) @ (4, 5) | c.m23 @ c.m45 | ShapeError | tape, rng, ledger",
    "matmul_1d | (3,) @ (4,) | c.v3 @ c.v4 | ShapeError | tape, rng, ledger",
    "linear_weight | x (4, 3), weight (4, 5) | et.linear(c.x, c.m45) | "
    "ShapeError | tape, rng, ledger",
    "linear_bias | bias (5,) for 2 outputs | et.linear(c.x, c.w, np.ones(5)) | "
    "ShapeError | tape, rng, ledger",
    "mse_shape | pred (4, 3), target (3, 4) | et.mse_loss(c.x, np.ones((3, 4))) | "
    "ShapeError | tape, rng, ledger",
    "multilabel_margin_target_range | class id 3 for 3 classes | "
    "et.nn.functional.multilabel_margin_loss(c.m23, np.array([[0, 3, -1], [1, -1, 0]])) | "
    "IndexOutOfRangeError | tape, rng, ledger",
    "multilabel_margin_target_shape | a (3,) target for a (2, 3) input | "
    "et.nn.functional.multilabel_margin_loss(c.m23, np.array([0, 1, -1])) | "
    "ShapeError | tape, rng, ledger",
    "triplet_distance_margin | margin 0, before distance_function runs | "
    "et.nn.functional.triplet_margin_with_distance_loss(c.x, c.x, c.x, margin=0.0) | "
    "ArgumentError | tape, rng, ledger",
    "triplet_distance_ranks | a 1-D negative for 2-D anchors | "
    "et.nn.functional.triplet_margin_with_distance_loss(c.x, c.x, c.v3) | "
    "ShapeError | tape, rng, ledger",
    "reshape_numel | 6 elements to (7,) | c.six.reshape(7) | ShapeError | tape, rng, ledger",
    "reshape_two_inferred | two -1 dims | c.six.reshape(-1, -1) | ShapeError | tape, rng, ledger",
    "reshape_overflow | dim 2**63 | c.six.reshape(2**63) | "
    "ShapeError or OverflowError | tape, rng, ledger",
    "transpose_dim | dim 5 of a 2-D tensor | c.m23.transpose(0, 5) | "
    "ShapeError | tape, rng, ledger",
    "sum_dim | dim 3 of a 2-D tensor | c.m23.sum(dim=3) | ShapeError | tape, rng, ledger",
    "mean_dim | dim -3 of a 2-D tensor | c.m23.mean(dim=-3) | ShapeError | tape, rng, ledger",
    "softmax_dim | dim -4 of a 2-D tensor | c.m23.softmax(dim=-4) | ShapeError | tape, rng, ledger",
    "log_softmax_dim | dim 2 of a 2-D tensor | c.m23.log_softmax(2) | "
    "ShapeError | tape, rng, ledger",
    "item_non_scalar | item() of (4, 3) | c.x.item() | ShapeError | tape, rng, ledger",
    "rand_negative_size | size (2, -3) | c.sess.rand(2, -3) | ShapeError | tape, rng, ledger",
    "assign_shape | (3,) into a (2, 3) parameter | c.p.assign(np.ones(3)) | "
    "ShapeError | params, optim, ledger",
    # --- dtypes -------------------------------------------------------------------------
    "use_other_dtype | float32 parameter, float64 session | c.sess.use(c.p32) | "
    "DTypeError | tape, rng, ledger",
    "param_strings | numpy strings | et.Parameter(np.array(['a'])) | DTypeError | ledger",
    "param_int_no_dtype | int64 data, no dtype= | et.Parameter(np.array([1, 2, 3])) | "
    "DTypeError | ledger",
    "param_bool_no_dtype | bool data, no dtype= | et.Parameter(np.array([True])) | "
    "DTypeError | ledger",
    "param_unknown_dtype | dtype='int8' | et.Parameter(np.ones(2), dtype='int8') | "
    "ConfigError | ledger",
    "assign_strings | strings into a parameter | c.p.assign(np.full((2, 3), 'a')) | "
    "DTypeError | params, optim, ledger",
    # --- indexing and the tensor language ----------------------------------------------
    "index_int_out_of_range | x[4] of (4, 3) | c.x[4] | IndexOutOfRangeError | tape, rng, ledger",
    "index_negative_out_of_range | x[-5] of (4, 3) | c.x[-5] | "
    "IndexOutOfRangeError | tape, rng, ledger",
    "index_tensor_out_of_range | x[[0, 7]] | c.x[np.array([0, 7])] | "
    "IndexOutOfRangeError | tape, rng, ledger",
    "index_negative_tensor_out_of_range | x[[-5]] | c.x[np.array([-5])] | "
    "IndexOutOfRangeError | tape, rng, ledger",
    "index_ieee32_out_of_range | t[[3]] of (3,), ieee32 (reference backend) | "
    "on_ieee32(lambda t: t[np.array([3])]) | IndexOutOfRangeError | tape, rng, ledger",
    "index_ieee32_negative_out_of_range | t[[-4]] of (3,), ieee32 | "
    "on_ieee32(lambda t: t[np.array([-4])]) | IndexOutOfRangeError | tape, rng, ledger",
    "index_float_array | x[[0.5]] | c.x[np.array([0.5])] | DTypeError | tape, rng, ledger",
    "index_float_tensor | x[v3] (float64 tensor) | c.x[c.v3] | DTypeError | tape, rng, ledger",
    "mask_wrong_shape | bool mask (3,) on (4, 3) | c.x[np.ones(3, bool)] | "
    "IndexOutOfRangeError | tape, rng, ledger",
    "setitem | x['a'] = 1 | c.x.__setitem__('a', 1.0) | IndexError | tape, rng, ledger",
    "gather_out_of_range | gather index 3 of 3 columns | "
    "c.x.gather(1, np.array([[0], [3], [0], [0]])) | IndexOutOfRangeError | tape, rng, ledger",
    "index_select_out_of_range | index_select 4 of 4 rows | c.x.index_select(0, np.array([4])) | "
    "IndexOutOfRangeError | tape, rng, ledger",
    "scatter_out_of_range | scatter index 3 of 3 columns | "
    "c.x.scatter(1, np.array([[0], [3], [0], [0]]), 1.0) | IndexOutOfRangeError | "
    "tape, rng, ledger",
    "scatter_add_negative | scatter_add index -1 | "
    "c.x.scatter_add(1, np.array([[0], [-1], [0], [0]]), c.x) | IndexOutOfRangeError | "
    "tape, rng, ledger",
    "scatter_reduce_name | reduce='max' | c.x.scatter_reduce(1, np.array([[0]] * 4), c.x, 'max') | "
    "ArgumentError | tape, rng, ledger",
    "index_add_out_of_range | index_add column 3 of 3 | "
    "c.x.index_add(1, np.array([0, 1, 3]), c.x) | IndexOutOfRangeError | tape, rng, ledger",
    "diagonal_same_dims | diagonal(dim1=1, dim2=-1) of (4, 3) | c.x.diagonal(0, 1, -1) | "
    "ArgumentError | tape, rng, ledger",
    "cross_no_size_3 | cross of (4, 5) with itself: no dim of size 3 | et.cross(c.m45, c.m45) | "
    "ShapeError | tape, rng, ledger",
    "tensordot_sizes | tensordot (4, 3) with (2, 3) on dims ([0], [0]) | "
    "et.tensordot(c.x, c.m23, dims=([0], [0])) | ShapeError | tape, rng, ledger",
    "isclose_negative_tol | isclose(rtol=-1) | et.isclose(c.x, c.x, rtol=-1.0) | "
    "ArgumentError | tape, rng, ledger",
    "take_along_dim_float_index | take_along_dim float indices | "
    "c.x.take_along_dim(c.x, 1) | DTypeError | tape, rng, ledger",
    "cat_shapes | cat (4, 3) and (2, 3) on dim 1 | et.cat([c.x, c.m23], 1) | "
    "ShapeError | tape, rng, ledger",
    "cat_dtypes | cat float64 and int64 | et.cat([c.v4, c.ids]) | DTypeError | tape, rng, ledger",
    "einsum_parse | 'ij->k' | et.einsum('ij->k', c.m23) | ArgumentError | tape, rng, ledger",
    "einsum_terms | two terms, one operand | et.einsum('ij,jk', c.m23) | "
    "ArgumentError | tape, rng, ledger",
    "einsum_letters | a digit subscript | et.einsum('i1', c.m23) | "
    "ArgumentError | tape, rng, ledger",
    "einsum_sizes | j of sizes 3 and 4 | et.einsum('ij,jk', c.m23, c.m45) | "
    "ShapeError | tape, rng, ledger",
    "one_hot_out_of_range | class id 2 with 2 classes | et.one_hot(c.ids, 2) | "
    "IndexOutOfRangeError | tape, rng, ledger",
    "to_foreign_carrier | to('ieee32') on a float64 session | c.x.to('ieee32') | "
    "DTypeError | tape, rng, ledger",
    "arange_zero_step | arange(0, 1, 0) | c.sess.arange(0, 1, 0) | "
    "ArgumentError | tape, rng, ledger",
    "mean_of_data | mean of int64 ids | c.ids.mean() | DTypeError | tape, rng, ledger",
    # --- layers -------------------------------------------------------------------------
    "conv2d_channels | a weight for 3 channels on a 4-channel input | "
    "on_session(lambda s: et.conv2d(s.input(np.ones((1, 4, 5, 5))), "
    "s.input(np.ones((2, 3, 3, 3))))) | "
    "ShapeError | tape, rng, ledger",
    "max_pool2d_padding | padding 2 for a 2x2 kernel | "
    "on_session(lambda s: et.max_pool2d(s.input(np.ones((1, 1, 4, 4))), 2, padding=2)) | "
    "ArgumentError | tape, rng, ledger",
    "embedding_id_out_of_range | id 5 of a 2-row weight | et.embedding(np.array([0, 5]), c.w) | "
    "IndexOutOfRangeError | tape, rng, ledger",
    "embedding_bag_decreasing_offsets | offsets [0, 2, 1] | "
    "et.nn.functional.embedding_bag(np.array([0, 1, 1]), c.w, np.array([0, 2, 1])) | "
    "ArgumentError | tape, rng, ledger",
    "embedding_bag_first_offset | offsets starting at 1 | "
    "et.nn.functional.embedding_bag(np.array([0, 1, 1]), c.w, np.array([1, 2])) | "
    "ArgumentError | tape, rng, ledger",
    "embedding_bag_2d_with_offsets | a 2-D input with offsets | "
    "et.nn.functional.embedding_bag(np.zeros((2, 2), np.int64), c.w, np.array([0, 2])) | "
    "ShapeError | tape, rng, ledger",
    "embedding_bag_weights_not_sum | per_sample_weights in mean mode | "
    "et.nn.functional.embedding_bag(np.zeros((1, 3), np.int64), c.w, "
    "per_sample_weights=np.ones((1, 3))) | "
    "ArgumentError | tape, rng, ledger",
    "batch_norm_training_tensor_stats | tensor running statistics in training | "
    "et.batch_norm(c.x, c.v3, c.v3, training=True) | TypeError | tape, rng, ledger",
    "batch_norm_eval_without_stats | eval mode without running statistics | "
    "et.batch_norm(c.x, None, None) | ArgumentError | tape, rng, ledger",
    "batch_norm_stats_shape | running statistics of 2 for 3 channels | "
    "et.batch_norm(c.x, c.b, c.b, training=True) | ShapeError | tape, rng, params, ledger",
    "batch_norm_one_value_per_channel | training on one sample of (1, 3) | "
    "on_session(lambda s: et.batch_norm(s.input(np.ones((1, 3))), None, None, training=True)) | "
    "ArgumentError | tape, rng, ledger",
    "sdpa_causal_and_mask | is_causal with an explicit mask | "
    "et.scaled_dot_product_attention(c.x, c.x, c.x, np.ones((4, 4), bool), is_causal=True) | "
    "ArgumentError | tape, rng, ledger",
    "sdpa_key_width | keys of width 5 for queries of width 3 | "
    "et.scaled_dot_product_attention(c.x, c.m45, c.m45) | ShapeError | tape, rng, ledger",
    # --- class ids ----------------------------------------------------------------------
    "ce_id_too_large | id 3 for 3 classes | et.cross_entropy(c.logits, [0, 1, 2, 3]) | "
    "ClassIndexError | tape, rng, ledger",
    "ce_id_negative | id -1 | et.cross_entropy(c.logits, [0, 1, -1, 2]) | "
    "ClassIndexError | tape, rng, ledger",
    "ce_id_huge | id 2**63 - 1 | et.cross_entropy(c.logits, [2**63 - 1, 0, 0, 0]) | "
    "ClassIndexError | tape, rng, ledger",
    "ce_float_ids | float ids | et.cross_entropy(c.logits, [0.5, 1, 1, 2]) | "
    "DTypeError | tape, rng, ledger",
    "ce_integral_float_ids | float64 ids 0., 1., ... | "
    "et.cross_entropy(c.logits, np.arange(4.0) % 3) | "
    "DTypeError | tape, rng, ledger",
    "ce_string_ids | string ids | et.cross_entropy(c.logits, list('abcd')) | "
    "DTypeError | tape, rng, ledger",
    "ce_bool_ids | bool ids | et.cross_entropy(c.logits, np.ones(4, bool)) | "
    "DTypeError | tape, rng, ledger",
    "ce_ids_length | 2 ids for a batch of 4 | et.cross_entropy(c.logits, [0, 1]) | "
    "ShapeError | tape, rng, ledger",
    "ce_ids_2d | ids of shape (4, 1) | et.cross_entropy(c.logits, [[0], [1], [1], [2]]) | "
    "ShapeError | tape, rng, ledger",
    "ce_logits_1d | logits of shape (3,) | et.cross_entropy(c.v3, [0]) | "
    "ShapeError | tape, rng, ledger",
    # --- host data ----------------------------------------------------------------------
    "input_ragged | ragged nested list | c.sess.input([[1, 2], [3]]) | "
    "ShapeError | tape, rng, ledger",
    "param_ragged | ragged nested list | et.Parameter([[1.0], [2.0, 3.0]]) | ShapeError | ledger",
    "input_object_array | object array | c.sess.input(np.array([object()], dtype=object)) | "
    "DTypeError | tape, rng, ledger",
    "input_numeric_objects | object array of floats | "
    "c.sess.input(np.array([1.0], dtype=object)) | "
    "DTypeError | tape, rng, ledger",
    "input_string | a str | c.sess.input('abc') | DTypeError | tape, rng, ledger",
    "input_bytes | bytes | c.sess.input(b'abc') | DTypeError | tape, rng, ledger",
    "input_none | None | c.sess.input(None) | DTypeError | tape, rng, ledger",
    "input_complex | complex128 array | c.sess.input(np.ones(2, dtype=complex)) | "
    "DTypeError | tape, rng, ledger",
    "input_datetime | datetime64 array | c.sess.input(np.array(['2020-01-01'], 'M8[D]')) | "
    "DTypeError | tape, rng, ledger",
    "input_handles | a list of Tensor handles | c.sess.input([c.x, c.x]) | "
    "DTypeError or TypeError | tape, rng, ledger",
    "input_sparse_torch | sparse torch tensor | c.sess.input(torch.eye(2).to_sparse()) | "
    "DLPackError | tape, rng, ledger",
    # --- DLPack ----------------------------------------------------------------------------
    "input_shared_dtype | float32 data shared into a float64 session | "
    "c.sess.input(torch.ones(3), copy=False) | DLPackError | tape, rng, ledger",
    "input_shared_list | a list shared (copy=False) | c.sess.input([1.0, 2.0], copy=False) | "
    "DLPackError | tape, rng, ledger",
    "input_shared_int8 | int8 data shared (no eagertape dtype) | "
    "c.sess.input(np.ones(3, dtype=np.int8), copy=False) | DLPackError | tape, rng, ledger",
    "input_shared_int_as_float | int64 data shared as float64 | "
    "c.sess.input(np.ones(3, dtype=np.int64), copy=False, dtype=torch.float64) | "
    "DLPackError | tape, rng, ledger",
    "dlpack_bad_device | __dlpack__(dl_device=(5, 0)) | c.x.__dlpack__(dl_device=(5, 0)) | "
    "DLPackError | tape, rng, ledger",
    "dlpack_copy_false_device | __dlpack__(copy=False) to another device | "
    "c.x.__dlpack__(dl_device=other_dl_device(c.x), copy=False) | DLPackError | tape, rng, ledger",
    "dlpack_released | __dlpack__ of a released gradient | c.rel_buf.__dlpack__() | "
    "ReleasedBufferError | grads, ledger",
    "dlpack_interval | __dlpack__ of an interval tensor | "
    "on_interval(lambda t: t.__dlpack__()) | DLPackError | ledger",
    "input_interval_box | interval box, float64 session | "
    "c.sess.input(et.interval([1.0], [2.0])) | "
    "DTypeError | tape, rng, ledger",
    "interval_inverted | interval lo > hi | et.interval([2.0], [1.0]) | ArgumentError | ledger",
    # --- backward and operators ---------------------------------------------------------
    "backward_non_scalar | loss of shape (4, 3) | c.sess.backward(c.y) | "
    "ShapeError | tape, rng, ledger",
    "backward_float | backward of a float | c.sess.backward(3.0) | TypeError | tape, rng, ledger",
    "backward_none | backward of None | c.sess.backward(None) | TypeError | tape, rng, ledger",
    "backward_array | backward of a numpy array | c.sess.backward(np.ones(())) | "
    "TypeError | tape, rng, ledger",
    "backward_no_params | loss of inputs only | c.sess.backward(c.input_loss) | "
    "GradError | tape, rng, ledger",
    "backward_into_released | into= a released GradMap | "
    "c.sess.backward(c.loss, into=c.released) | "
    "ReleasedBufferError | params, optim, grads, ledger",
    "train_step_non_scalar | train_step on a (4, 3) loss | c.sess.train_step(c.y, c.opt) | "
    "ShapeError | params, optim, grads, ledger",
    "pow_modulo | three-argument pow | pow(c.x, 2.0, 3) | TypeError | tape, rng, ledger",
    "floordiv_string | tensor // a string | c.x // 'a' | TypeError | tape, rng, ledger",
    "numpy_ufunc | numpy ufunc on a handle | np.add(np.ones(3), c.v3) | "
    "TypeError | tape, rng, ledger",
    "use_non_parameter | use() of an array | c.sess.use(np.ones(2)) | "
    "TypeError | tape, rng, ledger",
    "grads_key_type | GradMap[3] | c.grads[3] | TypeError | params, optim, grads, ledger",
    "grads_missing_key | GradMap[p32] (no gradient) | c.grads[c.p32] | "
    "KeyError | params, optim, grads, ledger",
    # --- hyperparameters ----------------------------------------------------------------
    "sgd_negative_lr | lr=-1 | et.optim.SGD([c.p], lr=-1) | ConfigError | params, optim, ledger",
    "sgd_nan_lr | lr=nan | et.optim.SGD([c.p], lr=float('nan')) | "
    "ConfigError | params, optim, ledger",
    "sgd_inf_lr | lr=inf | et.optim.SGD([c.p], lr=float('inf')) | "
    "ConfigError | params, optim, ledger",
    "sgd_negative_momentum | momentum=-0.5 | et.optim.SGD([c.p], lr=0.1, momentum=-0.5) | "
    "ConfigError | params, optim, ledger",
    "sgd_nesterov_no_momentum | nesterov, momentum 0 | "
    "et.optim.SGD([c.p], lr=0.1, nesterov=True) | "
    "ConfigError | params, optim, ledger",
    "sgd_string_lr | lr='fast' | et.optim.SGD([c.p], lr='fast') | "
    "TypeError | params, optim, ledger",
    "adam_beta1_one | betas=(1.0, 0.9) | et.optim.Adam([c.p], betas=(1.0, 0.9)) | "
    "ConfigError | params, optim, ledger",
    "adam_one_beta | betas=(0.9,) | et.optim.Adam([c.p], betas=(0.9,)) | "
    "ConfigError | params, optim, ledger",
    "adam_negative_eps | eps=-1 | et.optim.Adam([c.p], eps=-1.0) | "
    "ConfigError | params, optim, ledger",
    "adamw_nan_decay | weight_decay=nan | et.optim.AdamW([c.p], weight_decay=float('nan')) | "
    "ConfigError | params, optim, ledger",
    "rmsprop_negative_alpha | alpha=-0.1 | "
    "et.optim.RMSprop([c.p], alpha=-0.1) | "
    "ConfigError | params, optim, ledger",
    "rprop_etas_order | etas=(1.2, 0.5) | "
    "et.optim.Rprop([c.p], etas=(1.2, 0.5)) | "
    "ConfigError | params, optim, ledger",
    "nadam_string_lr | lr='fast' | "
    "et.optim.NAdam([c.p], lr='fast') | "
    "TypeError | params, optim, ledger",
    "adadelta_rho_above_one | rho=1.5 | "
    "et.optim.Adadelta([c.p], rho=1.5) | "
    "ConfigError | params, optim, ledger",
    "asgd_capturable | capturable=True | "
    "et.optim.ASGD([c.p], capturable=True) | "
    "ArgumentError | params, optim, ledger",
    "asgd_load_without_eta | a state dict whose entries lack eta | "
    "c.asgd.load_state_dict(without(c.asgd._state_dict(), 'eta')) | "
    "ConfigError | params, optim, ledger",
    "optim_no_params | empty parameter list | et.optim.SGD([], lr=0.1) | "
    "ConfigError | params, optim, ledger",
    "optim_not_params | ints as parameters | et.optim.SGD([1, 2], lr=0.1) | "
    "TypeError | params, optim, ledger",
    "set_lr_nan | opt.lr = nan | setattr(c.opt, 'lr', float('nan')) | "
    "ConfigError | params, optim, ledger",
    "set_lr_negative | opt.lr = -1 | setattr(c.adam, 'lr', -1.0) | "
    "ConfigError | params, optim, ledger",
    "dropout_p_above_one | p=1.5 | et.dropout(c.x, 1.5) | ArgumentError | tape, rng, ledger",
    "dropout_p_negative | p=-0.1 | et.dropout(c.x, -0.1) | ArgumentError | tape, rng, ledger",
    "dropout_p_nan | p=nan | et.dropout(c.x, float('nan')) | ArgumentError | tape, rng, ledger",
    "clip_norm_negative | max_norm=-1 | c.grads.clip_norm_(-1.0) | "
    "ArgumentError | params, optim, grads, ledger",
    "clip_norm_nan | max_norm=nan | c.grads.clip_norm_(float('nan')) | "
    "ArgumentError | params, optim, grads, ledger",
    "rng_state_junk | a str | c.sess.set_rng_state('junk') | ArgumentError | tape, rng, ledger",
    "rng_state_arity | a 3-tuple | c.sess.set_rng_state((1, 2, 3)) | "
    "ArgumentError | tape, rng, ledger",
    "rng_state_negative | negative seed | c.sess.set_rng_state((-1, 2)) | "
    "ArgumentError | tape, rng, ledger",
    # --- configs and devices ------------------------------------------------------------
    "config_unknown_device | device='tpu' | et.Config(device='tpu') | ConfigError | ledger",
    "config_negative_cuda | device='cuda:-1' | et.Config(device='cuda:-1') | ConfigError | ledger",
    "config_unknown_dtype | dtype='int8' | et.Config(dtype='int8') | ConfigError | ledger",
    "config_torch_int_dtype | dtype=torch.int8 | et.Config(dtype=torch.int8) | "
    "ConfigError | ledger",
    "config_unknown_field | replace(colour=...) | et.Config().replace(colour='red') | "
    "ConfigError | ledger",
    "config_unknown_backend | backend='nope' | et.Config(backend='nope') | ConfigError | ledger",
    "session_unknown_dtype | Session(dtype='complex64') | et.Session(dtype='complex64') | "
    "ConfigError | ledger",
    "session_backend_device | reference backend on cuda | "
    "et.Session(device='cuda', dtype='float64', backend='reference') | "
    "ConfigError | ledger",
    # Which of the two depends on the machine (no GPU at all: unavailable; a GPU past the
    # last one: DeviceError); test_cuda.py checks the exact class for the machine it runs on.
    "session_missing_gpu | Session on a GPU this process cannot use | "
    "et.Session(device=missing_cuda()) | DeviceUnavailableError or DeviceError | ledger",
    "param_missing_gpu | Parameter on a GPU this process cannot use | "
    "et.Parameter(np.ones(2), device=missing_cuda()) | "
    "DeviceUnavailableError or DeviceError | ledger",
    "input_meta_tensor | torch tensor on device meta | "
    "c.sess.input(torch.ones(2, device='meta')) | "
    "DeviceError | tape, rng, ledger",
    # --- released buffers ---------------------------------------------------------------
    "released_buffer_numpy | Buffer.numpy() after release | c.rel_buf.numpy() | "
    "ReleasedBufferError | params, optim, grads, ledger",
    "released_buffer_size | check_size() after release | c.rel_buf.check_size('import') | "
    "BufferSizeError | params, optim, grads, ledger",
    "sgd_step_released | SGD.step(released map) | c.opt.step(c.released) | "
    "ReleasedBufferError | params, optim, grads, ledger",
    "adam_step_released | Adam.step(released map) | c.adam.step(c.released) | "
    "ReleasedBufferError | params, optim, grads, ledger",
    "rmsprop_step_released | RMSprop.step(released map) | "
    "c.rms.step(c.released) | "
    "ReleasedBufferError | params, optim, grads, ledger",
    # --- stale and foreign handles ------------------------------------------------------
    "stale_op | generation-0 handle | c.stale + 1.0 | StaleHandleError | tape, rng, ledger",
    "stale_with_fresh | fresh + stale | c.v3 * c.stale | StaleHandleError | tape, rng, ledger",
    "stale_numpy | read a stale handle | c.stale.numpy() | StaleHandleError | tape, rng, ledger",
    "stale_backward | backward of a stale loss | c.sess.backward(c.stale_loss) | "
    "StaleHandleError | params, optim, grads, ledger",
    "closed_session_handle | handle of a closed session | c.orphan * 2.0 | "
    "StaleHandleError | tape, rng, ledger",
    "foreign_op | own + foreign | c.x + c.foreign | ForeignHandleError | tape, other, ledger",
    "foreign_linear | foreign input to linear | et.linear(c.foreign, c.w) | "
    "ForeignHandleError | tape, other, ledger",
    "foreign_mse_target | foreign target | et.mse_loss(c.x, c.foreign) | "
    "ForeignHandleError | tape, other, ledger",
    "foreign_lhs | foreign * own | c.foreign * c.x | ForeignHandleError | tape, other, ledger",
    "foreign_backward | backward of a foreign loss | c.sess.backward(c.foreign_loss) | "
    "ForeignHandleError | tape, other, ledger",
    # --- optimizer state dicts ----------------------------------------------------------
    "load_state_empty | load_state_dict({}) | c.opt.load_state_dict({}) | "
    "ConfigError | params, optim, ledger",
    "load_state_str | load_state_dict('x') | c.opt.load_state_dict('x') | "
    "ConfigError | params, optim, ledger",
    "load_state_other_type | SGD state into Adam | c.adam.load_state_dict(c.opt.state_dict()) | "
    "ConfigError | params, optim, ledger",
    "load_state_bad_shape | exp_avg of b with 5 values | "
    "c.adam.load_state_dict(bad_state(c, 'exp_avg', np.ones(5))) | "
    "ShapeError | params, optim, ledger",
    "load_state_bad_beta | hyper beta1 = 1.0 | "
    "c.adam.load_state_dict(bad_hyper(c.adam, beta1=1.0)) | "
    "ConfigError | params, optim, ledger",
    "load_state_bad_eps | hyper eps = nan | "
    "c.adam.load_state_dict(bad_hyper(c.adam, eps=float('nan'))) | "
    "ConfigError | params, optim, ledger",
    "load_state_bad_momentum | hyper momentum = -1 | "
    "c.opt.load_state_dict(bad_hyper(c.opt, momentum=-1.0)) | "
    "ConfigError | params, optim, ledger",
    "data_into_float_op | int64 data into exp | c.ids.exp() | DTypeError | tape, rng, ledger",
    "data_into_operator | int64 data times a float in place (torch's cast rule) | "
    "c.ids.mul_(1.5) | DTypeError | tape, rng, ledger",
    "data_requires_grad | int64 data with requires_grad | "
    "c.sess.input(np.array([1]), dtype='int64', requires_grad=True) | "
    "GradError | tape, rng, ledger",
    "data_dtype_session | a session in int64 | et.Session(dtype='int64') | ConfigError | ledger",
    "data_dtype_parameter | an int64 Parameter | et.Parameter(np.ones(2), dtype='int64') | "
    "ConfigError | ledger",
    "input_dtype_other_carrier | ieee32 data for a float64 session | "
    "c.sess.input(np.ones(2), dtype='ieee32') | DTypeError | tape, rng, ledger",
    "max_dim_out_of_range | max over dim 5 of a 2-D tensor | c.x.max(5) | "
    "ShapeError | tape, rng, ledger",
    "sum_repeated_dim | sum over dims (0, -2) of a 2-D tensor | c.x.sum((0, -2)) | "
    "ShapeError | tape, rng, ledger",
    "sum_dim_not_int | dim='a' | c.x.sum('a') | ArgumentError | tape, rng, ledger",
    # --- torch-style entry points (current session, torch's loop, in place) ------------
    "factory_dtype_name | et.zeros(2, dtype='float65') in the current session | "
    "current(c, lambda: et.zeros(2, dtype='float65')) | ConfigError | tape, rng, ledger",
    "factory_device | et.zeros(2, device='cuda:7') on a cpu session | "
    "current(c, lambda: et.zeros(2, device=missing_cuda())) | "
    "DeviceError or DeviceUnavailableError | tape, rng, ledger",
    "manual_seed_str | et.manual_seed('0') | et.manual_seed('0') | TypeError | rng, ledger",
    "manual_seed_float | et.manual_seed(1.5) | et.manual_seed(1.5) | TypeError | rng, ledger",
    "backward_twice | loss.backward() through a graph a backward freed | "
    "current(c, lambda: c.closed.backward()) | GradError | tape, rng, params, grads, ledger",
    "step_without_gradients | opt.step() with no p.grad in the session | "
    "current(c, lambda: c.opt.step()) | GradError | params, optim, grads, ledger",
    "module_numpy_input | a numpy array given to a module | "
    "current(c, lambda: et.nn.Linear(3, 2, dtype='float64')(np.ones((4, 3)))) | "
    "TypeError | tape, rng, ledger",
    "inplace_with_live_view | x.add_(1) while a view of x is named | "
    "c.viewed.add_(1.0) | ArgumentError | tape, rng, ledger",
    "topk_k_too_large | topk(4) of a (3,) tensor | c.v3.topk(4) | ArgumentError | "
    "tape, rng, ledger",
    "set_grad_enabled_not_bool | et.set_grad_enabled('yes') | et.set_grad_enabled('yes') | "
    "TypeError | ledger",
    "param_group_overlap | one parameter in two groups | "
    "et.optim.SGD([{'params': [c.p]}, {'params': [c.p]}], lr=0.1) | ArgumentError | "
    "params, optim, ledger",
    "add_param_group_overlap | a group whose parameter the optimizer has | "
    "c.grouped.add_param_group({'params': [c.p]}) | "
    "ArgumentError | params, optim, ledger",
    "cyclic_lr_unknown_mode | CyclicLR(mode='sawtooth') before any group changes | "
    "et.optim.lr_scheduler.CyclicLR(c.grouped, 0.1, 1.0, mode='sawtooth') | "
    "ArgumentError | params, optim, ledger",
    "torch_layout_wrong_group_size | a torch state dict of one parameter for two | "
    "c.opt.load_state_dict(one_param_group(c.opt)) | "
    "ConfigError | params, optim, ledger",
)


def bad_state(c: Ctx, key: str, value) -> dict:
    """Adam's state dict with lr 0.5 (so a partial load shows) and b's `key` replaced."""
    sd = c.adam._state_dict()
    sd["hyper"]["lr"] = 0.5
    sd["state"][c.b.id][key] = value
    return sd


def one_param_group(opt) -> dict:
    """`opt`'s torch-layout state dict with its group cut to one parameter (lr 0.5)."""
    sd = opt.state_dict()
    sd["param_groups"][0]["lr"] = 0.5
    sd["param_groups"][0]["params"] = sd["param_groups"][0]["params"][:1]
    return sd


def without(sd: dict, key: str) -> dict:
    """A state dict with `key` removed from every parameter's entry (lr set to 0.5, so a
    partial load shows)."""
    sd["hyper"]["lr"] = 0.5
    for entry in sd["state"].values():
        entry.pop(key)
    return sd


def bad_hyper(opt, **hyper) -> dict:
    """`opt`'s state dict (the core's layout) with the given hyperparameters replaced."""
    sd = opt._state_dict()
    sd["hyper"].update(hyper)
    return sd


def check_case(case: Case) -> str | None:
    """Make the row's call on a fresh Ctx; return what went wrong (None when the call raised
    one of the expected classes and left every part of the snapshot unchanged). Only strings
    leave this frame, so a failure keeps no eagertape object alive."""
    c = Ctx()
    before = snapshot(c)
    raised, message = None, ""
    try:
        case.fn(c)
    except BaseException as exc:  # report whatever came out
        raised, message = type(exc), f"{type(exc).__name__}: {exc}"
    after = snapshot(c)
    names = expected_names(case)
    if raised is None:
        return f"{case.id}: `{case.call}` raised nothing; expected {names}"
    if not issubclass(raised, case.expected):
        return f"{case.id}: `{case.call}` should raise {names}, raised {message}"
    moved = [key for key in STATE_KEYS if before[key] != after[key]]
    if moved:
        return f"{case.id}: `{case.call}` ({message}) changed {moved}"
    return None


def run_case(case: Case) -> None:
    problem = check_case(case)
    assert problem is None, problem


def expected_names(case: Case) -> str:
    return " or ".join(e.__name__ for e in case.expected)


def markdown_table() -> str:
    """The table of TESTING.md, generated from CASES."""
    lines = [
        "| id | input | call | expected error | unchanged state |",
        "|---|---|---|---|---|",
    ]
    for case in CASES:
        call = case.call.replace("|", "\\|")
        lines.append(
            f"| `{case.id}` | {case.input} | `{call}` | {expected_names(case)} | {case.unchanged} |"
        )
    return "\n".join(lines)


def run_all() -> int:
    """Run every row (the subprocess check). Each id is printed first, so a crash names its
    row; rows that raise the wrong error are all listed, then the run exits with status 1."""
    problems = []
    for case in CASES:
        print(f"case {case.id}", flush=True)
        problem = check_case(case)
        if problem is not None:
            problems.append(problem)
    if problems:
        raise SystemExit(f"{len(problems)} of {len(CASES)} cases failed:\n" + "\n".join(problems))
    return len(CASES)


if __name__ == "__main__":
    print(markdown_table())
