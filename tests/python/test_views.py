"""Views stay cheap and safe: the layout ops of contiguous data allocate no storage (the
ledger's live bytes do not move), and recycled buffers are never a view's storage."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

VIEWS = {
    "transpose": lambda x: x.transpose(0, 2),
    "permute": lambda x: x.permute(2, 0, 1),
    "T": lambda x: x.T,
    "mT": lambda x: x.mT,
    "reshape": lambda x: x.reshape(6, 4),
    "view": lambda x: x.view(-1),
    "unsqueeze": lambda x: x.unsqueeze(1),
    "squeeze": lambda x: x.unsqueeze(0).squeeze(0),
    "flatten": lambda x: x.flatten(1),
    "unflatten": lambda x: x.unflatten(2, (2, 2)),
    "slice_with_step": lambda x: x[:, 1:, ::2],
    "int_index": lambda x: x[1],
    "none_ellipsis": lambda x: x[None, ..., -1],
    "whole": lambda x: x[...],
    "narrow": lambda x: x.narrow(1, 1, 2),
    "select": lambda x: x.select(-1, 0),
    "expand": lambda x: x.unsqueeze(0).expand(5, -1, -1, -1),
    "split_piece": lambda x: x.split(1, 1)[2],
    "chunk_piece": lambda x: x.chunk(2, -1)[1],
    "contiguous": lambda x: x.contiguous(),
    "detach": lambda x: x.detach(),
    "same_dtype": lambda x: x.double(),
}
# Each view's value, computed by numpy from the same data.
EXPECTED = {
    "transpose": lambda a: a.transpose(2, 1, 0),
    "permute": lambda a: a.transpose(2, 0, 1),
    "T": lambda a: a.T,
    "mT": lambda a: a.swapaxes(-1, -2),
    "reshape": lambda a: a.reshape(6, 4),
    "view": lambda a: a.reshape(-1),
    "unsqueeze": lambda a: a[:, None],
    "squeeze": lambda a: a,
    "flatten": lambda a: a.reshape(2, 12),
    "unflatten": lambda a: a.reshape(2, 3, 2, 2),
    "slice_with_step": lambda a: a[:, 1:, ::2],
    "int_index": lambda a: a[1],
    "none_ellipsis": lambda a: a[None, ..., -1],
    "whole": lambda a: a,
    "narrow": lambda a: a[:, 1:3],
    "select": lambda a: a[..., 0],
    "expand": lambda a: np.broadcast_to(a, (5, 2, 3, 4)),
    "split_piece": lambda a: a[:, 2:3],
    "chunk_piece": lambda a: a[..., 2:],
    "contiguous": lambda a: a,
    "detach": lambda a: a,
    "same_dtype": lambda a: a,
}


@pytest.mark.parametrize("name", list(VIEWS))
def test_a_view_of_contiguous_data_allocates_no_storage(name):
    sess = et.Session(dtype="float64")
    x = sess.input(np.arange(24.0).reshape(2, 3, 4))
    before = et.memory_stats()
    y = VIEWS[name](x)
    after = et.memory_stats()
    assert after["live_bytes"] == before["live_bytes"]
    assert after["allocations"] == before["allocations"]
    np.testing.assert_array_equal(y.numpy(), EXPECTED[name](np.arange(24.0).reshape(2, 3, 4)))


@pytest.mark.parametrize("name", list(VIEWS))
def test_reset_keeps_a_views_base_once_and_never_the_view(name):
    # The pool may keep an op's fresh output for the next generation; a view's node owns no
    # storage, so only its base (24 float64 values) is kept, and the next generation's
    # identical ops give the same values through the recycled buffer.
    sess = et.Session(dtype="float64")
    p = et.Parameter(np.arange(24.0).reshape(2, 3, 4))
    expected = VIEWS[name](sess.use(p) * 2.0).numpy().copy()
    sess.reset_tape()
    assert sess.cached_bytes == 24 * 8
    np.testing.assert_array_equal(VIEWS[name](sess.use(p) * 2.0).numpy(), expected)
    assert sess.cached_bytes == 0  # reused
    sess.reset_tape()
    sess.empty_cache()


def test_view_of_non_contiguous_data_is_a_shape_error_and_records_nothing():
    sess = et.Session(dtype="float64")
    xt = sess.input(np.ones((3, 4))).T
    n = sess.tape_len
    with pytest.raises(et.ShapeError, match="use reshape"):
        xt.view(12)
    assert sess.tape_len == n
    assert xt.reshape(12).shape == (12,)


def _assign_steps(lib, x, v):
    t = x * 1.0
    t[0, 1] = 5.0
    t[1] = v
    t[:, -1] = -1.0
    t[[0, 2], 0] = 7.0
    t[t > 9] = 0.5
    return t


def test_item_assignment_writes_torchs_result_and_gradients_through_the_same_object():
    # torch: t[key] = v on a non-leaf writes in place; the gradient reaches x (zero where
    # written) and v
    x0, v0 = np.arange(12.0).reshape(3, 4), np.array([10.0, 20.0, 30.0, 40.0])
    with et.Session(dtype="float64"):
        x = et.tensor(x0, requires_grad=True)
        v = et.tensor(v0, requires_grad=True)
        t = _assign_steps(et, x, v)
        (t * t).sum().backward()
        got, gx, gv = t.numpy(), x.grad.numpy(), v.grad.numpy()
    tx, tv = torch.tensor(x0, requires_grad=True), torch.tensor(v0, requires_grad=True)
    tt = _assign_steps(torch, tx, tv)
    (tt * tt).sum().backward()
    np.testing.assert_array_equal(got, tt.detach().numpy())
    np.testing.assert_array_equal(gx, tx.grad.numpy())
    np.testing.assert_array_equal(gv, tv.grad.numpy())


def test_item_assignment_with_a_bad_key_records_nothing():
    sess = et.Session(dtype="float64")
    x = sess.input(np.zeros((2, 3)))
    n = sess.tape_len
    with pytest.raises(IndexError):
        x[5, 0] = 1.0
    assert sess.tape_len == n
    np.testing.assert_array_equal(x.numpy(), np.zeros((2, 3)))
