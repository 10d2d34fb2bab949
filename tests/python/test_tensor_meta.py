"""What a tensor tells about its storage and kind (``stride``, ``storage_offset``,
``is_contiguous``, ``dim_order``, ``element_size``, ``itemsize``, ``nbytes``, ``nelement``,
``ndimension``, ``layout``, and the kind predicates), answered as torch answers for a tensor
made by the same calls; reading them records nothing."""

from __future__ import annotations

import pytest
import torch

import eagertape as et

# The same view made by each library from `arange(24.).reshape(2, 3, 4)`.
VIEWS = {
    "base": lambda x: x,
    "transpose": lambda x: x.transpose(0, 2),
    "slice": lambda x: x[:, 1:],
    "step": lambda x: x[..., ::2],
    "select": lambda x: x[1],
    "narrow": lambda x: x.narrow(2, 1, 2),
    "permute": lambda x: x.permute(1, 2, 0),
    "unsqueeze": lambda x: x.unsqueeze(1),
    "expand": lambda x: x[:, :1].expand(2, 5, 4),
    "diagonal": lambda x: x.diagonal(0, 1, 2),
    "scalar": lambda x: x[1, 2, 3],
    "contiguous": lambda x: x.transpose(0, 1).contiguous(),
}


def _both(view):
    ours = VIEWS[view](et.arange(24.0).reshape(2, 3, 4))
    theirs = VIEWS[view](torch.arange(24.0).reshape(2, 3, 4))
    return ours, theirs


@pytest.mark.parametrize("view", VIEWS)
def test_strides_offset_and_contiguity_are_torchs_for_the_same_view(view):
    with et.Session() as sess:
        ours, theirs = _both(view)
        before = sess.tape_len
        assert ours.stride() == theirs.stride()
        assert ours.storage_offset() == theirs.storage_offset()
        assert ours.is_contiguous() is theirs.is_contiguous()
        assert ours.dim_order() == theirs.dim_order()
        for d in range(-ours.dim(), ours.dim()):
            assert ours.stride(d) == theirs.stride(d)
        assert sess.tape_len == before


@pytest.mark.parametrize("bad", [3, -4])
def test_stride_of_a_dim_out_of_range_is_an_index_error_as_torchs(bad):
    with pytest.raises(IndexError):
        torch.zeros(2, 3, 4).stride(bad)
    with et.Session():
        with pytest.raises(IndexError, match="out of range"):
            et.zeros(2, 3, 4).stride(bad)


@pytest.mark.parametrize(
    "make",
    [
        lambda m: m.ones(2, 3, 4, 5),
        lambda m: m.ones(2, 4, 5, 3).permute(0, 3, 1, 2),
        lambda m: m.ones(2, 3, 4, 5, 6).permute(0, 2, 1, 3, 4),
        lambda m: m.ones(2, 4, 5, 6, 3).permute(0, 4, 1, 2, 3),
        lambda m: m.ones(2, 1, 4, 5),
    ],
    ids=["nchw", "nhwc", "ncdhw-swapped", "ndhwc", "one-channel"],
)
def test_is_contiguous_in_each_memory_format_is_torchs(make):
    with et.Session():
        ours, theirs = make(et), make(torch)
        for fmt in (torch.contiguous_format, torch.channels_last, torch.channels_last_3d):
            assert ours.is_contiguous(memory_format=fmt) is theirs.is_contiguous(
                memory_format=fmt
            ), fmt


def test_preserve_format_reads_as_row_major_and_a_non_format_is_a_type_error():
    with et.Session():
        for make in (lambda m: m.ones(2, 3), lambda m: m.ones(2, 3).t()):
            ours, theirs = make(et), make(torch)
            assert ours.is_contiguous(memory_format=torch.preserve_format) is theirs.is_contiguous(
                memory_format=torch.preserve_format
            )
        with pytest.raises(TypeError, match="memory_format"):
            et.ones(2).is_contiguous(memory_format="channels_last")


@pytest.mark.parametrize(
    "make",
    [
        lambda m: m.ones(2, 3).t(),
        lambda m: m.ones(2, 3, 4).transpose(0, 1),
        lambda m: m.ones(2, 1, 3),
        lambda m: m.ones(3, 3)[:, :1].expand(3, 3),
        lambda m: m.ones(2, 3, 4, 5).permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2),
    ],
    ids=["t", "transposed", "singleton", "expanded", "channels-last"],
)
def test_dim_order_and_its_ambiguity_check_are_torchs(make):
    with et.Session():
        ours, theirs = make(et), make(torch)
        assert ours.dim_order() == theirs.dim_order()
        try:
            want = theirs.dim_order(ambiguity_check=True)
        except RuntimeError as e:
            with pytest.raises(RuntimeError, match=str(e)[:30]):
                ours.dim_order(ambiguity_check=True)
        else:
            assert ours.dim_order(ambiguity_check=True) == want


@pytest.mark.parametrize(
    "dtype", ["float32", "float64", "float16", "bfloat16", "int64", "int32", "bool"]
)
def test_element_sizes_and_byte_counts_are_torchs_for_each_dtype(dtype):
    with et.Session():
        ours = et.zeros(3, 5).to(getattr(et, dtype))
        theirs = torch.zeros(3, 5).to(getattr(torch, dtype))
        assert ours.element_size() == theirs.element_size()
        assert ours.itemsize == theirs.itemsize
        assert ours.nbytes == theirs.nbytes
        assert ours.nelement() == theirs.nelement() == 15
        assert ours.ndimension() == theirs.ndimension() == 2


@pytest.mark.parametrize("dtype, size", [("ieee32", 4), ("interval", 16)])
def test_the_reference_carriers_report_the_bytes_they_store(dtype, size):
    with et.Session(dtype=dtype):
        x = et.ones(2, 3)
        assert x.element_size() == x.itemsize == size
        assert x.nbytes == 6 * size


def test_a_parameter_reports_its_current_values_layout():
    torch.manual_seed(0)
    theirs = torch.nn.Linear(3, 4).weight
    ours = et.nn.Linear(3, 4).weight
    assert ours.stride() == theirs.stride()
    assert ours.storage_offset() == theirs.storage_offset() == 0
    assert ours.is_contiguous() and ours.element_size() == 4 and ours.nbytes == 48


NEVER = [
    "is_sparse",
    "is_sparse_csr",
    "is_quantized",
    "is_nested",
    "is_mkldnn",
    "is_meta",
    "is_mps",
    "is_xla",
    "is_xpu",
    "is_ipu",
    "is_maia",
    "is_mtia",
    "is_vulkan",
]
# every name this file checks (test_op_table.py's list of what is not an op names them)
METADATA = (
    "stride",
    "storage_offset",
    "is_contiguous",
    "dim_order",
    "element_size",
    "itemsize",
    "nbytes",
    "nelement",
    "ndimension",
    "layout",
    "has_names",
    "is_pinned",
    "is_shared",
    "is_distributed",
    *NEVER,
)


@pytest.mark.parametrize("name", NEVER)
def test_a_kind_predicate_is_a_property_false_as_for_torchs_dense_cpu_tensor(name):
    with et.Session():
        assert getattr(et.ones(2), name) is getattr(torch.ones(2), name) is False


def test_layout_names_and_storage_questions_are_torchs():
    with et.Session():
        ours, theirs = et.ones(2, 3), torch.ones(2, 3)
        assert ours.layout is theirs.layout is torch.strided is et.strided
        for name in ("has_names", "is_pinned", "is_shared", "is_distributed"):
            assert getattr(ours, name)() is getattr(theirs, name)() is False, name
        assert et.is_distributed(ours) is torch.is_distributed(theirs) is False
