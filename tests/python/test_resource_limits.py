"""Resource exhaustion is a typed error, never an abort, and no public call copies an
O(numel) array through the host that it does not return.

- A factory or random draw the allocator refuses raises `OutOfMemoryError` (a `BackendError`
  and a `MemoryError`, as torch's `OutOfMemoryError` is a `RuntimeError`), on every carrier,
  with the tape, the RNG state and the ledger unchanged (they used to build a host
  `Vec<f64>` of every element first: "memory allocation of 214748364800 bytes failed",
  then abort).
- Under an address-space ceiling (`RLIMIT_AS`) set in a subprocess to what is mapped after
  warming up plus 1.5× the result, each factory still makes its 256 MiB result: a float64
  host copy of every element (512 MiB) would not fit.
"""

from __future__ import annotations

import textwrap

import numpy as np
import pytest
from conftest import run_under_ceiling

import eagertape as et

HUGE = 2**40  # elements: 4 TiB in float32, beyond any host or GPU (an H200 holds 100 GiB)
CARRIERS = ("float32", "float64", "ieee32", "interval")
FACTORIES = {
    "zeros": lambda s: s.zeros(HUGE),
    "ones": lambda s: s.ones(HUGE),
    "full": lambda s: s.full((HUGE,), 2.0),
    "eye": lambda s: s.eye(2**20),
    "arange": lambda s: s.arange(HUGE),
    "arange_float": lambda s: s.arange(0.0, float(HUGE), 1.0),
    "rand": lambda s: s.rand(HUGE),
    "randn": lambda s: s.randn(HUGE),
    "randint": lambda s: s.randint(0, 10, (HUGE,)),
    # a host permutation (Fisher-Yates): its buffers are fallible allocations too
    "randperm": lambda s: s.randperm(HUGE),
}
# The torch-style factories (in the current session; float32 and float64 carriers).
TORCH_STYLE = {
    "et.zeros": lambda: et.zeros(HUGE),
    "et.empty": lambda: et.empty(HUGE),
    "et.linspace": lambda: et.linspace(0.0, 1.0, HUGE),
    "et.normal": lambda: et.normal(0.0, 1.0, (HUGE,)),
    "et.randint": lambda: et.randint(0, 5, (HUGE,)),
    "et.randperm": lambda: et.randperm(HUGE),
    "et.multinomial": lambda: et.multinomial(et.ones(3), HUGE, replacement=True),
    "et.full_like": lambda: et.full_like(et.zeros(1), 1.0).new_full((HUGE,), 2.0),
    "Tensor.new_zeros": lambda: et.zeros(1).new_zeros(HUGE),
}


@pytest.mark.parametrize("carrier", ("float32", "float64"))
@pytest.mark.parametrize("name", sorted(TORCH_STYLE))
def test_a_torch_style_factory_the_allocator_refuses_changes_nothing(name, carrier):
    with et.Session(dtype=carrier) as sess:
        et.ones(2)
        tape, rng, before = sess.tape_len, sess.rng_state(), et.memory_stats()["live_bytes"]
        with pytest.raises(et.OutOfMemoryError, match="allocate"):
            TORCH_STYLE[name]()
        # nothing but the small operands made on the way (`ones(3)`, `zeros(1)`)
        assert sess.rng_state() == rng
        assert sess.tape_len <= tape + 2
        assert et.memory_stats()["live_bytes"] <= before + 64


@pytest.mark.parametrize("carrier", CARRIERS)
@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_a_factory_the_allocator_refuses_is_an_out_of_memory_error_that_changes_nothing(
    name, carrier
):
    sess = et.Session(dtype=carrier)
    sess.input(np.ones(2))
    tape, rng, before = sess.tape_len, sess.rng_state(), et.memory_stats()["live_bytes"]
    # (an interval session makes int64 data too: arange of ints, randint, randperm)
    with pytest.raises(et.OutOfMemoryError, match="allocate"):
        FACTORIES[name](sess)
    assert (sess.tape_len, sess.rng_state()) == (tape, rng)
    assert et.memory_stats()["live_bytes"] == before


def test_out_of_memory_is_a_backend_error_and_a_memory_error():
    assert issubclass(et.OutOfMemoryError, et.BackendError)
    assert issubclass(et.OutOfMemoryError, MemoryError)


CEILING_SCRIPT = textwrap.dedent(
    """
    import sys
    import numpy as np
    import torch
    import eagertape as et

    N = 64 * 2**20  # float32 elements: 256 MiB
    sess = et.Session(dtype="float32", seed=1)
    # Warm up every code path (thread pools, allocator arenas) on small sizes first.
    for f in (lambda n: sess.ones(n), lambda n: sess.zeros(n), lambda n: sess.full((n,), 3.0),
              lambda n: sess.arange(n), lambda n: sess.arange(0.0, n / 2, 0.5),
              lambda n: sess.randn(n), lambda n: sess.rand(n), lambda n: sess.eye(64)):
        f(1 << 16).sum().item()
    sess.reset_tape()
    cap()  # 1.5x the 256 MiB result (see the test)
    name = sys.argv[1]
    make = {
        "ones": lambda: sess.ones(N),
        "zeros": lambda: sess.zeros(N),
        "full": lambda: sess.full((N,), 3.0),
        "arange": lambda: sess.arange(N, dtype="float32"),
        "arange_float": lambda: sess.arange(0.0, N / 2, 0.5),
        "randn": lambda: sess.randn(N),
        "rand": lambda: sess.rand(N),
        "eye": lambda: sess.eye(8192),
        # torch-style factories, in the current session
        "et.empty": lambda: et.empty(N),
        "et.linspace": lambda: et.linspace(0.0, 1.0, N),
        "et.normal": lambda: et.normal(0.0, 1.0, (N,)),
        "et.randint": lambda: et.randint(0, 7, (N,), dtype=et.int32),
        "et.full_like": lambda: et.full_like(et.zeros(N // 2), 2.0),
        "Tensor.new_ones": lambda: et.zeros(1).new_ones(N),
    }[name]
    with sess:
        t = make()
        if name == "et.full_like":
            N = N // 2
        assert t.numel() == (8192 * 8192 if name == "eye" else N), t.shape
        print("made", name, t.shape)
    """
)


@pytest.mark.parametrize(
    "name",
    ["ones", "zeros", "full", "arange", "arange_float", "randn", "rand", "eye"]
    + ["et.empty", "et.linspace", "et.normal", "et.randint", "et.full_like", "Tensor.new_ones"],
)
def test_a_factory_makes_its_result_without_a_host_copy_of_every_element(name):
    out = run_under_ceiling(CEILING_SCRIPT, int(1.5 * 64 * 2**20 * 4), name)
    assert f"made {name}" in out


def test_chunked_random_draws_equal_a_whole_draw_and_advance_the_generator_alike():
    # 70,000 elements span two host chunks; the values are those of two smaller draws laid
    # end to end, and the generator ends where it would after one draw of all of them.
    a, b = et.Session(dtype="float64", seed=5), et.Session(dtype="float64", seed=5)
    whole = a.randn(70_000).numpy()
    first, second = b.randn(40_000).numpy(), b.randn(30_000).numpy()
    np.testing.assert_array_equal(whole, np.concatenate([first, second]))
    assert a.rng_state() == b.rng_state()


CE_CEILING_SCRIPT = textwrap.dedent(
    """
    import numpy as np
    import torch
    import eagertape as et

    N, C = 1024, 32_000  # float32 logits: 125 MiB
    rng = np.random.default_rng(0)
    p = et.Parameter(rng.standard_normal((N, C), dtype=np.float32))
    ids = rng.integers(0, C, N)
    sess = et.Session(dtype="float32")
    small = et.Parameter(np.zeros((4, C), dtype=np.float32))
    with sess.backward(et.cross_entropy(sess.use(small), ids[:4])):  # warm up
        pass
    sess.reset_tape()
    # As torch's: the log-probabilities the backward reads, nll_loss_backward's gradient of
    # them and the logits' gradient (3x the logits); a dense float64 target built on the
    # host (2x) and copied (1x) would not fit beside them.
    cap()  # 3.5x the logits (see the test)
    loss = et.cross_entropy(sess.use(p), ids)
    with sess.backward(loss) as grads:
        g = grads[p]
        assert g.shape == (N, C)
    print("loss", loss.item())
    """
)


def test_cross_entropy_with_class_ids_builds_no_dense_target_on_the_host():
    assert "loss" in run_under_ceiling(CE_CEILING_SCRIPT, int(3.5 * 1024 * 32_000 * 4))
