"""Tensors print, format, convert to numpy and iterate as torch's do (issue 27).

The expected strings are torch's own `repr` of the same values, made beside each check."""

import numpy as np
import pytest
import torch

import eagertape as et


def torch_repr(t: torch.Tensor) -> str:
    """torch's repr with eagertape's dtype spelling (`eagertape.float64`)."""
    return repr(t).replace("torch.", "eagertape.")


@pytest.fixture
def sess():
    with et.Session(dtype="float32") as s:
        yield s


def test_repr_shows_the_values_as_torch_prints_them(sess):
    x = sess.input(np.arange(6, dtype=np.float32).reshape(2, 3))
    assert repr(x) == repr(torch.arange(6.0).reshape(2, 3))  # tensor([[0., 1., 2.], ...
    assert str(x) == repr(x)


def test_repr_of_a_float64_session_names_the_dtype():
    with et.Session(dtype="float64") as s:
        x = s.input(np.array([0.5, 1.25]))
        # torch: tensor([0.5000, 1.2500], dtype=torch.float64)
        assert repr(x) == torch_repr(torch.tensor([0.5, 1.25], dtype=torch.float64))
        assert "dtype=eagertape.float64" in repr(x)


def test_repr_of_integer_and_boolean_results(sess):
    assert repr(sess.arange(3)) == repr(torch.arange(3))  # tensor([0, 1, 2])
    x = sess.input(np.array([1.0, -1.0], dtype=np.float32))
    assert repr(x > 0) == repr(torch.tensor([True, False]))


def test_repr_of_a_large_tensor_is_summarised_as_torch_does(sess):
    x = sess.input(np.arange(2000, dtype=np.float32))
    assert repr(x) == repr(torch.arange(2000.0))
    assert "..." in repr(x)


def test_repr_of_an_empty_tensor_gives_its_size(sess):
    assert repr(sess.zeros((0, 3))) == repr(torch.zeros(0, 3))  # tensor([], size=(0, 3))
    assert repr(sess.zeros(0)) == repr(torch.zeros(0))  # tensor([])


def test_repr_follows_torchs_print_options(sess):
    x = sess.input(np.array([1 / 3], dtype=np.float32))
    torch.set_printoptions(precision=2)
    try:
        assert repr(x) == "tensor([0.33])" == repr(torch.tensor([1 / 3]))
    finally:
        torch.set_printoptions(profile="default")


def test_repr_names_the_recording_op_as_grad_fn(sess):
    p = et.Parameter(np.array([1.0, 2.0], dtype=np.float32))
    w = sess.use(p)
    assert repr(w) == "tensor([1., 2.], requires_grad=True)"
    y = (w * 3.0).sum()
    # torch: tensor(9., grad_fn=<SumBackward0>)
    assert repr(y) == "tensor(9., grad_fn=<SumBackward>)"
    assert repr(w.log_softmax(0)).endswith("grad_fn=<LogSoftmaxBackward>)")


def test_repr_of_a_parameter_is_torchs(sess):
    p = et.Parameter(np.ones(3, dtype=np.float32))
    assert repr(p) == repr(torch.nn.Parameter(torch.ones(3)))
    p.requires_grad = False
    assert repr(p) == repr(torch.nn.Parameter(torch.ones(3), requires_grad=False))


def test_repr_of_the_reference_carriers():
    for dtype in ("ieee32", "interval"):
        with et.Session(dtype=dtype) as s:
            x = s.input(np.array([0.5, 1.5]))
            text = repr(x)
            assert text.startswith("tensor(") and f"dtype=eagertape.{dtype}" in text
            if dtype == "interval":
                assert "lo=[0.5000, 1.5000]" in text and "hi=[0.5000, 1.5000]" in text
            else:
                assert text == "tensor([0.5000, 1.5000], dtype=eagertape.ieee32)"


def test_repr_neither_records_nor_allocates(sess):
    x = sess.input(np.arange(6, dtype=np.float32))
    before = (sess.tape_len, et.memory_stats()["live_bytes"])
    repr(x)
    assert (sess.tape_len, et.memory_stats()["live_bytes"]) == before


def test_repr_of_a_stale_tensor_says_so():
    s = et.Session(dtype="float32")
    x = s.input(np.ones(2, dtype=np.float32))
    s.reset_tape()
    assert repr(x).startswith("tensor(<stale")


def test_a_0d_tensor_formats_as_its_number(sess):
    loss = (sess.input(np.array([1.0, 2.0], dtype=np.float32)) / 3.0).sum()
    assert f"{loss:.4f}" == f"{loss.item():.4f}" == "1.0000"
    assert f"{loss}" == f"{torch.tensor(1.0)}" == "1.0"  # torch formats a 0-d tensor's item


def test_a_larger_tensor_refuses_a_number_format(sess):
    x = sess.input(np.ones(2, dtype=np.float32))
    assert f"{x}" == str(x)
    with pytest.raises(TypeError, match="0-d"):
        f"{x:.2f}"  # noqa: B018  (torch raises TypeError too)


def test_numpy_asarray_gives_the_values(sess):
    x = sess.input(np.arange(6, dtype=np.float32).reshape(2, 3))
    a = np.asarray(x)
    assert a.dtype == np.float32 and a.shape == (2, 3)
    np.testing.assert_array_equal(a, np.arange(6).reshape(2, 3))
    assert np.asarray(x, dtype=np.float64).dtype == np.float64


def test_numpy_array_without_copy_is_refused(sess):
    x = sess.input(np.ones(2, dtype=np.float32))
    with pytest.raises(ValueError, match="copy"):
        np.array(x, copy=False)


def test_numpy_asarray_of_an_interval_tensor_is_refused():
    with et.Session(dtype="interval") as s:
        x = s.input(np.array([0.5, 1.5]))
        with pytest.raises(TypeError, match=r"interval.*bounds\(\)"):
            np.asarray(x)


def test_iteration_gives_the_rows(sess):
    x = sess.input(np.arange(6, dtype=np.float32).reshape(3, 2))
    rows = list(x)
    assert len(rows) == len(x) == 3
    for k, row in enumerate(rows):
        np.testing.assert_array_equal(row.numpy(), [2 * k, 2 * k + 1])


def test_a_0d_tensor_is_not_iterable(sess):
    s = sess.input(np.array([1.0], dtype=np.float32)).sum()
    with pytest.raises(TypeError, match="0-d"):
        iter(s)
    with pytest.raises(TypeError, match="0-d"):
        len(s)
