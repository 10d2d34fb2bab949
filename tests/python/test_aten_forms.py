"""torch's aten-signature forms in the ``torch`` namespace (``python/eagertape/_aten_forms.py``):
the dropouts with ``train`` required and their in-place forms, and the integer reductions'
refusals (their values are op-table rows: ``aten_loss_forms``, ``aten_ctc_loss``); and the
settings beside them: ``set_autocast_enabled``/``set_autocast_dtype``, the autocast cache
flag, ``is_inference_mode_enabled``."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

DROPOUTS = ("alpha_dropout", "feature_alpha_dropout", "feature_dropout")


@pytest.mark.parametrize("name", DROPOUTS)
def test_dropout_forms_are_the_identity_when_not_training_as_torchs(name):
    x = np.random.default_rng(0).standard_normal((2, 3, 4))
    with et.Session(dtype="float64"):
        got = getattr(et, name)(et.tensor(x), 0.5, False).numpy()
    want = getattr(torch, name)(torch.tensor(x), 0.5, False).numpy()
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("name", DROPOUTS)
def test_dropout_forms_require_train_as_torchs(name):
    with et.Session(), pytest.raises(TypeError):
        getattr(et, name)(et.ones(2, 3), 0.5)
    with pytest.raises(TypeError):
        getattr(torch, name)(torch.ones(2, 3), 0.5)


def test_feature_dropout_zeroes_whole_channels_and_scales_the_kept_ones():
    # torch.feature_dropout(x, p, True): one draw per (sample, channel), kept ones * 1/(1-p)
    with et.Session(seed=3):
        y = et.feature_dropout(et.ones(4, 8, 5), 0.5, True).numpy()
    per_channel = y.reshape(32, 5)
    assert all(set(row.tolist()) in ({0.0}, {2.0}) for row in per_channel)
    assert 0 < (per_channel[:, 0] == 0).sum() < 32


def test_feature_dropout_refuses_a_probability_outside_the_unit_interval():
    with et.Session() as s:
        x = et.ones(2, 3)
        before = s.tape_len
        with pytest.raises(et.ArgumentError, match="between 0 and 1"):
            et.feature_dropout(x, 1.5, True)
        assert s.tape_len == before


@pytest.mark.parametrize(
    "name", ("dropout_", "alpha_dropout_", "feature_alpha_dropout_", "feature_dropout_")
)
def test_in_place_dropouts_return_their_input_holding_the_result(name):
    with et.Session(seed=1):
        x = et.ones(4, 6, 3) * 1.0
        y = getattr(et, name)(x, 0.5, True)
        assert y is x
        assert not np.array_equal(x.numpy(), np.ones((4, 6, 3)))
        x2 = et.ones(4, 6, 3) * 1.0
        assert getattr(et, name)(x2, 0.5, False) is x2
        np.testing.assert_array_equal(x2.numpy(), np.ones((4, 6, 3)))


def test_in_place_dropout_zeroes_as_torchs_statistics():
    # torch.dropout_(x, 0.5, True): the kept elements are doubled, about half are zeroed
    with et.Session(seed=2):
        x = et.ones(1000) * 1.0
        et.dropout_(x, 0.5, True)
        v = x.numpy()
    assert set(v.tolist()) == {0.0, 2.0}
    assert 400 < (v == 0).sum() < 600


@pytest.mark.parametrize("reduction", (3, -1))
def test_integer_reductions_outside_aten_s_three_are_argument_errors(reduction):
    with et.Session() as s:
        x, t = et.ones(3), et.tensor([1.0, -1.0, 1.0])
        before = s.tape_len
        with pytest.raises(et.ArgumentError, match="reduction must be 0"):
            et.hinge_embedding_loss(x, t, 1.0, reduction)
        assert s.tape_len == before


@pytest.mark.parametrize("reduction", ("mean", 1.0, True))
def test_reductions_that_are_not_integers_are_type_errors_as_torchs(reduction):
    with pytest.raises(TypeError):
        torch.margin_ranking_loss(torch.ones(3), torch.ones(3), torch.ones(3), 0.0, reduction)
    with et.Session(), pytest.raises(TypeError, match="reduction"):
        et.margin_ranking_loss(et.ones(3), et.ones(3), et.ones(3), 0.0, reduction)


def test_set_autocast_enabled_turns_autocast_on_until_set_off():
    with et.Session():
        a = et.ones(2, 2)
        et.set_autocast_enabled("cpu", True)
        try:
            assert et.is_autocast_enabled("cpu")
            assert (a @ a).dtype == "bfloat16"
        finally:
            et.set_autocast_enabled("cpu", False)
        assert not et.is_autocast_enabled("cpu")
        assert (a @ a).dtype == "float32"


def test_set_autocast_dtype_is_the_dtype_later_blocks_cast_to():
    # torch: set_autocast_dtype("cpu", float16), then autocast("cpu") casts to float16
    et.set_autocast_dtype("cpu", et.float16)
    try:
        assert et.get_autocast_dtype("cpu") == "float16"
        with et.Session():
            a = et.ones(2, 2)
            with et.autocast("cpu"):
                assert (a @ a).dtype == "float16"
    finally:
        et.set_autocast_dtype("cpu", et.bfloat16)
    assert et.get_autocast_dtype("cpu") == "bfloat16"


def test_set_autocast_dtype_inside_a_block_changes_its_casts_at_once():
    with et.Session():
        a = et.ones(2, 2)
        with et.autocast("cpu"):
            et.set_autocast_dtype("cpu", et.float16)
            try:
                assert (a @ a).dtype == "float16"
            finally:
                et.set_autocast_dtype("cpu", et.bfloat16)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: et.set_autocast_dtype("cpu", et.float32), et.ArgumentError),
        (lambda: et.set_autocast_dtype("mps", et.float16), et.ArgumentError),
        (lambda: et.set_autocast_enabled("cpu", 1), et.ArgumentError),
        (lambda: et.set_autocast_cache_enabled("yes"), et.ArgumentError),
    ],
    ids=["float32", "mps", "int_flag", "str_flag"],
)
def test_bad_autocast_settings_are_refused_and_change_nothing(call, error):
    before = (et.is_autocast_enabled("cpu"), et.get_autocast_dtype("cpu"))
    with pytest.raises(error):
        call()
    assert (et.is_autocast_enabled("cpu"), et.get_autocast_dtype("cpu")) == before
    assert et.is_autocast_cache_enabled() is True


def test_autocast_cache_flag_reads_back_what_was_set():
    assert et.is_autocast_cache_enabled() is torch.is_autocast_cache_enabled()
    et.set_autocast_cache_enabled(False)
    try:
        assert et.is_autocast_cache_enabled() is False
    finally:
        et.set_autocast_cache_enabled(True)


def test_is_inference_mode_enabled_follows_the_innermost_block():
    assert not et.is_inference_mode_enabled()
    with et.inference_mode():
        assert et.is_inference_mode_enabled()
        with et.inference_mode(False):
            assert not et.is_inference_mode_enabled()
        assert et.is_inference_mode_enabled()
    assert not et.is_inference_mode_enabled()


def test_is_inference_mode_enabled_inside_a_decorated_function():
    @et.inference_mode()
    def inside() -> bool:
        return et.is_inference_mode_enabled() and not et.is_grad_enabled()

    assert inside()
    assert not et.is_inference_mode_enabled()


@pytest.mark.parametrize(
    "shapes", [((2, 1), (3,)), ((), (4, 1), (1, 5)), (3, (2, 3))], ids=["two", "three", "int"]
)
def test_broadcast_shapes_is_torchs(shapes):
    assert et.broadcast_shapes(*shapes) == torch.broadcast_shapes(*shapes)


def test_broadcast_shapes_that_do_not_broadcast_are_refused_as_torchs():
    with pytest.raises(RuntimeError):
        torch.broadcast_shapes((2,), (3,))
    with pytest.raises(RuntimeError):
        et.broadcast_shapes((2,), (3,))


def test_meshgrid_without_indexing_warns_as_torchs_and_reads_ij():
    with pytest.warns(UserWarning, match="indexing argument"):
        torch.meshgrid(torch.ones(2), torch.ones(3))
    with et.Session(), pytest.warns(UserWarning, match="indexing argument"):
        gx, _ = et.meshgrid(et.ones(2), et.ones(3))
        assert tuple(gx.shape) == (2, 3)


def test_variadic_functions_refuse_a_list_among_tensors():
    with et.Session(), pytest.raises(TypeError):
        et.block_diag(et.ones(2), [et.ones(2)])


@pytest.mark.parametrize("value", [3, 2.5, -1])
def test_scalar_tensor_is_a_floating_0d_tensor_as_torchs(value):
    want = torch.scalar_tensor(value)
    with et.Session():
        got = et.scalar_tensor(value)
        assert got.shape == () and got.dtype == str(want.dtype).removeprefix("torch.")
        assert got.item() == want.item()


def test_scalar_tensor_of_a_non_number_is_a_type_error_as_torchs():
    with pytest.raises(TypeError):
        torch.scalar_tensor("3")
    with et.Session(), pytest.raises(TypeError):
        et.scalar_tensor("3")


def test_asarray_returns_a_tensor_itself_unless_a_copy_is_asked():
    with et.Session(dtype="float64"):
        x = et.ones(3)
        assert et.asarray(x) is x
        y = et.asarray(x, copy=True)
        assert y is not x
        np.testing.assert_array_equal(y.numpy(), x.numpy())
        assert et.asarray([1, 2]).dtype == "int64"
        with pytest.raises(et.ArgumentError):
            et.asarray(np.ones(2), copy=False)


def test_randint_like_draws_integers_in_the_inputs_shape_and_dtype():
    with et.Session(seed=0):
        x = et.zeros(50, 4)
        y = et.randint_like(x, 3, 6)
        v = y.numpy()
        assert (tuple(y.shape), y.dtype) == ((50, 4), "float32")
        assert set(np.unique(v)) == {3.0, 4.0, 5.0}
        assert et.randint_like(x, 2, dtype=et.int64).dtype == "int64"


def test_fill_gives_torchs_values_and_the_gradient_to_a_tensor_value():
    tx = torch.ones(2, 3, dtype=torch.float64, requires_grad=True)
    tv = torch.tensor(1.5, dtype=torch.float64, requires_grad=True)
    tout = torch.fill(tx * 2.0, tv)
    (tout * torch.arange(6.0).reshape(2, 3)).sum().backward()
    with et.Session(dtype="float64"):
        x = et.ones(2, 3, requires_grad=True)
        v = et.tensor(1.5, requires_grad=True)
        out = et.fill(x * 2.0, v)
        np.testing.assert_array_equal(out.numpy(), tout.detach().numpy())
        (out * et.arange(6.0).reshape(2, 3)).sum().backward()
        assert v.grad.item() == tv.grad.item()
        np.testing.assert_array_equal(x.grad.numpy(), tx.grad.numpy())


def test_dlpack_round_trips_with_torch():
    with et.Session(dtype="float64"):
        x = et.from_dlpack(torch.arange(4.0, dtype=torch.float64))
        np.testing.assert_array_equal(x.numpy(), [0.0, 1.0, 2.0, 3.0])
        back = torch.from_dlpack(et.to_dlpack(x * 2.0))
        np.testing.assert_array_equal(back.numpy(), [0.0, 2.0, 4.0, 6.0])


def test_event_and_stream_are_torchs_own():
    assert et.Event is torch.Event and et.Stream is torch.Stream


def _lstm_params(sess_lib, layers=1):
    m = torch.nn.LSTM(3, 2, num_layers=layers, dtype=torch.float64)
    return m, [sess_lib(p.detach().numpy()) for p in m._flat_weights]


def test_recurrent_forms_refuse_a_wrong_parameter_count_and_record_nothing():
    with et.Session(dtype="float64") as sess:
        _, params = _lstm_params(et.tensor)
        x, h, batch_sizes = et.zeros(4, 1, 3), et.zeros(1, 1, 2), et.tensor([1, 1, 1, 1])
        before = sess.tape_len
        with pytest.raises(et.ArgumentError, match="expected 4 parameters"):
            et.lstm(x, [h, h], params[:3], True, 1, 0.0, False, False, False)
        with pytest.raises(et.ArgumentError):
            et.gru(x, h, params, True, 2, 0.0, False, False, False)
        with pytest.raises(TypeError, match="packed-sequence"):
            et.rnn_tanh(x, batch_sizes, h, params, True, 1, 0.0, False, False)
        assert sess.tape_len == before
    m, tparams = _lstm_params(lambda a: torch.tensor(a))
    with pytest.raises(RuntimeError):
        torch.lstm(
            torch.zeros(4, 1, 3),
            [torch.zeros(1, 1, 2)] * 2,
            tparams[:3],
            True,
            1,
            0.0,
            False,
            False,
            False,
        )


@pytest.mark.parametrize(
    ("kwargs", "error", "torch_error"),
    [
        ({"edge_order": 3}, et.ArgumentError, RuntimeError),
        ({"spacing": [1.0, 2.0], "dim": 0}, et.ArgumentError, RuntimeError),
        ({"dim": (0, 0)}, et.ArgumentError, RuntimeError),
    ],
)
def test_gradient_refuses_what_torch_refuses(kwargs, error, torch_error):
    with pytest.raises(torch_error):
        torch.gradient(torch.ones(3, 4), **kwargs)
    with et.Session(dtype="float64") as sess:
        x = et.ones(3, 4)
        before = sess.tape_len
        with pytest.raises(error):
            et.gradient(x, **kwargs)
        assert sess.tape_len == before


def test_gradient_needs_edge_order_plus_one_samples():
    with pytest.raises(RuntimeError, match="at least edge_order"):
        torch.gradient(torch.ones(2), edge_order=2)
    with et.Session(dtype="float64"), pytest.raises(et.ShapeError, match="at least edge_order"):
        et.gradient(et.ones(2), edge_order=2)


def test_gradient_of_int_samples_is_floating_as_torchs():
    (expected,) = torch.gradient(torch.tensor([1, 4, 9, 16]))
    with et.Session():
        (got,) = et.gradient(et.tensor([1, 4, 9, 16]))
        assert got.tolist() == expected.tolist() and got.dtype == "float32"
