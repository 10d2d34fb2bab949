"""Factories are session methods with torch's arguments and default dtypes; `et.one_hot`
makes int64 data. Each case is checked against the torch call beside it."""

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import eagertape as et

# (eagertape call on a float32 session, the torch call): values, shape and dtype agree.
CASES = {
    "arange_end": (lambda s: s.arange(5), lambda: torch.arange(5)),
    "arange_float_step": (lambda s: s.arange(0, 1, 0.1), lambda: torch.arange(0, 1, 0.1)),
    "arange_negative_step": (lambda s: s.arange(5, 0, -2), lambda: torch.arange(5, 0, -2)),
    "arange_empty": (lambda s: s.arange(3, 3), lambda: torch.arange(3, 3)),
    "arange_float_dtype": (
        lambda s: s.arange(4, dtype="float32"),
        lambda: torch.arange(4, dtype=torch.float32),
    ),
    "zeros_varargs": (lambda s: s.zeros(2, 3), lambda: torch.zeros(2, 3)),
    "zeros_tuple_int64": (
        lambda s: s.zeros((2,), dtype="int64"),
        lambda: torch.zeros((2,), dtype=torch.int64),
    ),
    "ones_0d": (lambda s: s.ones(()), lambda: torch.ones(())),
    "full_float": (lambda s: s.full((2, 2), 1.5), lambda: torch.full((2, 2), 1.5)),
    "full_int_is_int64": (lambda s: s.full((2, 2), 7), lambda: torch.full((2, 2), 7)),
    "full_bool": (lambda s: s.full((3,), True), lambda: torch.full((3,), True)),
    "eye_square": (lambda s: s.eye(3), lambda: torch.eye(3)),
    "eye_rectangular": (lambda s: s.eye(2, 4), lambda: torch.eye(2, 4)),
    "zeros_float64_on_float32": (
        lambda s: s.zeros(2, dtype="float64"),
        lambda: torch.zeros(2, dtype=torch.float64),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_factory_matches_torch(name):
    make, reference = CASES[name]
    sess = et.Session(dtype="float32")
    out, expected = make(sess), reference()
    assert out.dtype == str(expected.dtype).removeprefix("torch.")
    assert out.shape == tuple(expected.shape)
    np.testing.assert_array_equal(out.numpy(), expected.numpy())


def test_factories_make_the_carrier_of_a_reference_session():
    sess = et.Session(dtype="ieee32")
    assert sess.ones(2).dtype == "ieee32"
    assert sess.arange(3).dtype == "int64"
    np.testing.assert_array_equal(sess.arange(0.0, 1.0, 0.25).numpy(), [0, 0.25, 0.5, 0.75])


def test_a_factory_tensor_that_requires_grad_is_a_leaf_of_the_carrier():
    sess = et.Session(dtype="float64")
    z = sess.zeros(3, requires_grad=True)
    assert z.requires_grad
    with pytest.raises(et.GradError):
        sess.arange(3, requires_grad=True)  # int64 data carries no gradient


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda s: s.arange(0, 5, 0), et.ArgumentError),
        (lambda s: s.arange(5, 0), et.ArgumentError),
        (lambda s: s.zeros(-1), et.ShapeError),
        (lambda s: s.full((2,), 1.0, dtype="ieee32"), et.DTypeError),
    ],
    ids=["zero_step", "inconsistent_sign", "negative_size", "foreign_carrier"],
)
def test_bad_factory_arguments_raise_typed_errors_and_record_nothing(call, error):
    sess = et.Session(dtype="float32")
    with pytest.raises(error):
        call(sess)
    assert sess.tape_len == 0


def test_one_hot_matches_torch_with_and_without_num_classes():
    sess = et.Session(dtype="float32")
    ids = np.array([[0, 2], [1, 1]])
    for args in [(4,), ()]:
        out = et.one_hot(sess.input(ids), *args)
        expected = F.one_hot(torch.as_tensor(ids), *args)
        assert out.dtype == "int64"
        np.testing.assert_array_equal(out.numpy(), expected.numpy())


@pytest.mark.parametrize(
    ("ids", "classes", "error"),
    [
        (np.array([0, 3]), 3, et.IndexOutOfRangeError),
        (np.array([-1, 0]), 3, et.IndexOutOfRangeError),
        (np.array([0.0, 1.0]), 3, et.DTypeError),
        (np.array([], dtype=np.int64), -1, et.ArgumentError),
    ],
    ids=["id_too_large", "negative_id", "float_ids", "empty_without_classes"],
)
def test_one_hot_refuses_bad_ids_and_records_nothing(ids, classes, error):
    sess = et.Session(dtype="float32")
    x = sess.input(ids)
    before = sess.tape_len
    with pytest.raises(error):
        et.one_hot(x, classes)
    assert sess.tape_len == before


def test_repr_names_the_tensors_own_dtype_where_torch_would():
    # torch leaves float32 and int64 implied: tensor([0, 1, 2]); tensor([1, 2], dtype=torch.int32)
    sess = et.Session(dtype="float64")
    assert repr(sess.arange(3)) == "tensor([0, 1, 2])"
    assert repr(sess.ones(3)) == "tensor([1., 1., 1.], dtype=eagertape.float64)"
    assert repr(sess.ones(2).to("int32")) == "tensor([1, 1], dtype=eagertape.int32)"


FACTORIES = ["zeros", "ones", "empty", "full", "eye", "arange", "linspace", "rand", "randn"]


@pytest.mark.parametrize("name", FACTORIES)
def test_a_factory_function_and_its_session_method_share_one_signature(name):
    # one declaration (src/python/factories.rs) gives both forms
    import inspect

    function, method = getattr(et, name), getattr(et.Session, name)
    assert function.__doc__ == method.__doc__
    params = list(inspect.signature(function).parameters)
    assert ["self", *params] == list(inspect.signature(method).parameters)
    assert {"dtype", "device", "requires_grad"} <= set(params)


def test_a_draw_in_another_dtype_is_the_carriers_draw_converted_to_a_leaf():
    # torch.rand(2, dtype=torch.float64, requires_grad=True) is a float64 leaf; eagertape's
    # values are the float32 session's draws, converted
    first = et.Session(dtype="float32", seed=3)
    drawn = first.rand(4).numpy()
    sess = et.Session(dtype="float32", seed=3)
    x = sess.rand(4, dtype="float64", requires_grad=True)
    assert x.dtype == "float64" and x.requires_grad
    np.testing.assert_array_equal(x.numpy(), drawn.astype(np.float64))
    x.sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), np.ones(4))


def test_a_refused_draw_leaves_the_generator_and_the_tape_as_they_were():
    # torch.rand(2, dtype=torch.int64) raises "not implemented for 'Long'"
    sess = et.Session(dtype="float32", seed=0)
    state = sess.rng_state()
    for call in (lambda: sess.randn(2, dtype="int64"), lambda: sess.rand(2, dtype=bool)):
        with pytest.raises(et.DTypeError):
            call()
    assert sess.rng_state() == state and sess.tape_len == 0


def test_a_session_factory_checks_its_device_argument():
    sess = et.Session(dtype="float32", device="cpu")
    assert sess.zeros(2, device="cpu").device == "cpu"
    with pytest.raises(et.DeviceError):
        sess.ones(2, device="cuda:0")
    assert sess.tape_len == 1  # the first zeros only


def test_a_python_type_names_a_factory_dtype_as_torch():
    # torch.zeros(2, dtype=int) is int64, dtype=bool bool, dtype=float float64
    sess = et.Session(dtype="float32")
    assert [sess.zeros(2, dtype=t).dtype for t in (int, bool, float)] == [
        "int64",
        "bool",
        "float64",
    ]


def test_an_interval_session_makes_integer_data_with_its_factories():
    # torch.arange(3), torch.randint(0, 5, (4,)), torch.randperm(3): int64 data
    sess = et.Session(dtype="interval", seed=0)
    made = [sess.arange(3), sess.randint(0, 5, (4,)), sess.randperm(3), sess.ones(2, dtype=int)]
    assert [t.dtype for t in made] == ["int64"] * 4
    np.testing.assert_array_equal(made[0].numpy(), torch.arange(3).numpy())
    assert sorted(made[2].tolist()) == [0, 1, 2]


def test_randint_takes_torchs_two_forms_and_refuses_a_missing_size():
    # torch.randint(3, (5,)) is randint(0, 3, (5,)); torch.randint(0, 3) raises TypeError
    sess = et.Session(dtype="float32", seed=1)
    assert set(sess.randint(3, (50,)).tolist()) <= {0, 1, 2}
    assert set(sess.randint(7, 9, [50]).tolist()) <= {7, 8}
    with pytest.raises(et.ArgumentError, match="size is required"):
        sess.randint(0, 3)
    with pytest.raises(et.ArgumentError, match="high must be an int"):
        sess.randint(0, (3,), (2,))
    assert sess.tape_len == 2


@pytest.mark.parametrize(
    ("call", "reference"),
    [
        (lambda x: x.new_zeros(2, 3), lambda t: t.new_zeros(2, 3)),
        (lambda x: x.new_ones(size=(2,)), lambda t: t.new_ones(size=(2,))),
        (lambda x: x.new_full((2,), 7.5), lambda t: t.new_full((2,), 7.5)),
        (lambda x: x.new_full((1,), 3, dtype=float), lambda t: t.new_full((1,), 3, dtype=float)),
    ],
    ids=["new_zeros", "new_ones_by_keyword", "new_full_truncates", "new_full_float"],
)
def test_a_tensors_new_factory_is_the_factory_in_its_session_and_dtype(call, reference):
    # x is int64: torch's new_* keep its dtype (new_full((2,), 7.5) is [7, 7])
    sess = et.Session(dtype="float64")
    out, want = call(sess.input(np.array([1, 2]))), reference(torch.tensor([1, 2]))
    assert out.session_id == sess.id
    assert out.dtype == str(want.dtype).removeprefix("torch.")
    np.testing.assert_array_equal(out.numpy(), want.numpy())
