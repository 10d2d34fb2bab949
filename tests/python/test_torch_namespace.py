"""torch's device-picking namespace beside torch's own: `et.device`, `et.cuda`,
`et.accelerator`, `et.backends`, `et.is_tensor`, `et.numel`. A script's preamble written for
torch runs as written."""

import numpy as np
import pytest
import torch

import eagertape as et
from eagertape import nn


def test_device_makes_torchs_device_objects():
    assert et.device("cpu") == torch.device("cpu")
    assert et.device("cuda", 1) == torch.device("cuda", 1)
    assert et.device("cuda:1") == torch.device("cuda:1")
    assert et.device(type="cuda", index=0) == torch.device(type="cuda", index=0)
    assert et.device(0) == torch.device(0)
    assert isinstance(et.device("cpu"), torch.device)
    with pytest.raises(RuntimeError):
        torch.device("gpu")
    with pytest.raises(RuntimeError):
        et.device("gpu")  # torch's error, as torch raises it


def test_a_device_object_is_taken_where_torch_takes_one():
    cpu = et.device("cpu")
    x = et.zeros(2, 3, device=cpu)
    assert x.device == "cpu"
    lin = nn.Linear(3, 2).to(cpu)
    assert lin(x).shape == (2, 2)
    assert x.to(cpu) is x  # torch: the tensor itself when nothing changes


@pytest.mark.parametrize("name", ["is_available", "device_count", "is_bf16_supported"])
def test_cuda_queries_answer_as_torchs(name):
    if name == "is_bf16_supported" and not torch.cuda.is_available():
        pytest.skip("torch.cuda.is_bf16_supported() needs a CUDA device to answer")
    assert getattr(et.cuda, name)() == getattr(torch.cuda, name)()


def test_cuda_manual_seed_seeds_eagertapes_generator():
    et.cuda.manual_seed(3)
    a = et.randn(4).tolist()
    et.manual_seed(3)
    b = et.randn(4).tolist()
    et.cuda.manual_seed_all(3)
    c = et.randn(4).tolist()
    assert a == b == c


def test_cuda_empty_cache_frees_eagertapes_recycled_buffers():
    with et.Session(dtype="float32") as sess:
        for _ in range(3):
            (sess.ones(256, 256) * 2.0).sum()
        sess.reset_tape()
        et.cuda.empty_cache()
        assert sess.cached_bytes == 0


def test_accelerator_queries_answer_as_torchs():
    assert et.accelerator.is_available() == torch.accelerator.is_available()
    assert et.accelerator.device_count() == torch.accelerator.device_count()
    assert et.accelerator.current_accelerator() == torch.accelerator.current_accelerator()
    assert et.accelerator.current_accelerator(True) == torch.accelerator.current_accelerator(True)


def test_backends_flags_are_torchs():
    import eagertape.backends.cudnn as cudnn

    assert cudnn is et.backends.cudnn
    assert cudnn.benchmark == torch.backends.cudnn.benchmark
    assert cudnn.is_available() == torch.backends.cudnn.is_available()
    assert et.backends.mps.is_available() == torch.backends.mps.is_available()
    # a write reaches torch's flag (cudnn's own flags may be frozen by torch's test tools,
    # so the check writes matmul's TF32 flag)
    before = torch.backends.cuda.matmul.allow_tf32
    try:
        et.backends.cuda.matmul.allow_tf32 = not before
        assert torch.backends.cuda.matmul.allow_tf32 == (not before)
    finally:
        torch.backends.cuda.matmul.allow_tf32 = before


def test_is_tensor_and_numel_answer_as_torchs():
    x, tx = et.zeros(2, 3), torch.zeros(2, 3)
    p = nn.Parameter(et.ones(4))
    assert et.is_tensor(x) == torch.is_tensor(tx) is True
    assert et.is_tensor(p) == torch.is_tensor(torch.nn.Parameter(torch.ones(4))) is True
    assert et.is_tensor(np.zeros(2)) == torch.is_tensor(np.zeros(2)) is False
    assert et.is_tensor(tx) is False  # a torch tensor is not an eagertape one
    assert et.numel(x) == torch.numel(tx) == 6
    with pytest.raises(TypeError):
        et.numel(np.zeros(2))


def test_the_mnist_example_preamble_runs_as_written():
    # pytorch/examples mnist/main.py, with only its import changed
    torch_ = et
    use_accel = torch_.accelerator.is_available()
    torch_.manual_seed(1)
    device = torch_.accelerator.current_accelerator() if use_accel else torch_.device("cpu")
    model = nn.Sequential(nn.Flatten(), nn.Linear(4, 2)).to(device)
    out = model(torch_.ones(3, 2, 2, device=device))
    assert out.shape == (3, 2)


PROMOTIONS = [
    ("int64 tensor, float", lambda m: (m.tensor([1, 2]), 1.0)),
    ("float32 tensor, int", lambda m: (m.tensor([1.0]), 5)),
    ("float64 tensor, 0-d float32", lambda m: (m.tensor([1.0], dtype=m.float64), m.tensor(1.0))),
    ("0-d float64, float32 tensor", lambda m: (m.tensor(1.0, dtype=m.float64), m.tensor([1.0]))),
    ("bool tensor, int", lambda m: (m.tensor([True]), 2)),
    ("int32 tensor, int64 0-d", lambda m: (m.tensor([1], dtype=m.int32), m.tensor(3))),
]


@pytest.mark.parametrize("case", PROMOTIONS, ids=[c[0] for c in PROMOTIONS])
def test_result_type_is_torchs(case):
    _, make = case
    assert et.result_type(*make(et)) == str(torch.result_type(*make(torch)))[6:]


@pytest.mark.parametrize(
    "a, b",
    [("int64", "float32"), ("float16", "bfloat16"), ("bool", "int32"), ("float32", "float64")],
)
def test_promote_types_and_can_cast_are_torchs(a, b):
    ta, tb = getattr(torch, a), getattr(torch, b)
    assert et.promote_types(a, b) == str(torch.promote_types(ta, tb))[6:]
    assert et.can_cast(a, b) == torch.can_cast(ta, tb)
    assert et.can_cast(b, a) == torch.can_cast(tb, ta)


def test_result_type_follows_eagertapes_default_dtype():
    et.set_default_dtype(et.float64)
    try:
        assert et.result_type(et.tensor([1, 2]), 1.5) == "float64"
    finally:
        et.set_default_dtype(et.float32)
    assert str(torch.get_default_dtype()) == "torch.float32"


def test_libtorchs_settings_are_torchs_own():
    before = (torch.get_num_threads(), torch.get_float32_matmul_precision())
    try:
        et.set_num_threads(1)
        et.set_float32_matmul_precision("high")
        assert (torch.get_num_threads(), torch.get_float32_matmul_precision()) == (1, "high")
        assert (et.get_num_threads(), et.get_float32_matmul_precision()) == (1, "high")
        et.use_deterministic_algorithms(True)
        assert (
            et.are_deterministic_algorithms_enabled()
            is torch.are_deterministic_algorithms_enabled()
            is True
        )
    finally:
        et.use_deterministic_algorithms(False)
        torch.set_num_threads(before[0])
        torch.set_float32_matmul_precision(before[1])


def test_set_printoptions_changes_how_tensors_print_as_torchs():
    try:
        et.set_printoptions(precision=2)
        assert repr(et.tensor([1.23456])) == repr(torch.tensor([1.23456])) == "tensor([1.23])"
    finally:
        et.set_printoptions(profile="default")
    assert repr(et.tensor([1.23456])) == "tensor([1.2346])"


def test_generator_is_torchs_and_seeds_a_split_as_torchs():
    from eagertape.utils.data import random_split

    g = et.Generator().manual_seed(42)
    assert isinstance(g, torch.Generator)
    ours = [list(p.indices) for p in random_split(range(10), [7, 3], generator=g)]
    theirs = [
        list(p.indices)
        for p in torch.utils.data.random_split(
            range(10), [7, 3], generator=torch.Generator().manual_seed(42)
        )
    ]
    assert ours == theirs
