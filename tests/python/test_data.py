"""eagertape.utils.data against torch.utils.data: the same batches (values, dtypes, shapes)
from the same datasets, samplers and generators, as eagertape tensors of the current session;
a training loop over a DataLoader following torch's loss trajectory; and the memory a loader
leaves behind (nothing recorded per sample, a ledger flat over epochs)."""

from __future__ import annotations

import collections

import numpy as np
import pytest
import torch
import torch.utils.data as tdata
from conftest import ledger_view

import eagertape as et
from eagertape.utils.data import (
    BatchSampler,
    ChainDataset,
    ConcatDataset,
    DataLoader,
    Dataset,
    DistributedSampler,
    IterableDataset,
    RandomSampler,
    SequentialSampler,
    Subset,
    SubsetRandomSampler,
    TensorDataset,
    WeightedRandomSampler,
    default_collate,
    default_convert,
    get_worker_info,
    random_split,
)

RNG = np.random.default_rng(7)
X = RNG.standard_normal((23, 3)).astype(np.float32)
Y = RNG.integers(0, 4, size=23)


def gen(seed: int = 0) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


def assert_same(ours, theirs) -> None:
    """`ours` (eagertape batches) holds what `theirs` (torch's) holds: the same structure,
    values, shapes and dtypes, eagertape tensors where torch has tensors."""
    if isinstance(theirs, torch.Tensor):
        assert isinstance(ours, et.Tensor), f"expected an eagertape tensor, got {type(ours)}"
        assert ours.dtype == str(theirs.dtype).removeprefix("torch.")
        assert tuple(ours.shape) == tuple(theirs.shape)
        np.testing.assert_array_equal(np.asarray(ours.numpy()), theirs.numpy())
    elif isinstance(theirs, dict):
        assert type(ours) is type(theirs) and ours.keys() == theirs.keys()
        for k in theirs:
            assert_same(ours[k], theirs[k])
    elif isinstance(theirs, list | tuple):
        assert type(ours) is type(theirs) and len(ours) == len(theirs)
        for a, b in zip(ours, theirs, strict=True):
            assert_same(a, b)
    else:
        assert ours == theirs


def assert_same_batches(ours, theirs) -> None:
    ours, theirs = list(ours), list(theirs)
    assert len(ours) == len(theirs)
    for a, b in zip(ours, theirs, strict=True):
        assert_same(a, b)


def tensor_datasets():
    """The same data as an eagertape TensorDataset (eagertape tensors) and torch's."""
    ours = TensorDataset(et.tensor(X), et.tensor(Y))
    theirs = tdata.TensorDataset(torch.from_numpy(X), torch.from_numpy(Y))
    return ours, theirs


def test_tensor_dataset_batches_in_order_match_torch():
    ours, theirs = tensor_datasets()
    assert_same_batches(DataLoader(ours, batch_size=5), tdata.DataLoader(theirs, batch_size=5))


def test_shuffled_batches_match_torch_under_a_seeded_generator():
    ours, theirs = tensor_datasets()
    a = DataLoader(ours, batch_size=4, shuffle=True, generator=gen(3))
    b = tdata.DataLoader(theirs, batch_size=4, shuffle=True, generator=gen(3))
    for _ in range(2):  # the generator runs on: a second epoch is another order, torch's
        assert_same_batches(a, b)


def test_drop_last_matches_torch():
    ours, theirs = tensor_datasets()
    a = DataLoader(ours, batch_size=5, drop_last=True)
    b = tdata.DataLoader(theirs, batch_size=5, drop_last=True)
    assert len(a) == len(b) == 4
    assert_same_batches(a, b)


def test_tensor_dataset_takes_torch_tensors_and_numpy_arrays():
    ours = TensorDataset(torch.from_numpy(X), Y)
    theirs = tdata.TensorDataset(torch.from_numpy(X), torch.from_numpy(Y))
    assert_same_batches(DataLoader(ours, batch_size=6), tdata.DataLoader(theirs, batch_size=6))


def test_tensor_dataset_indexing_gives_eagertape_tensors_of_the_sample():
    ours, theirs = tensor_datasets()
    assert len(ours) == len(theirs) == 23
    assert_same(ours[4], theirs[4])
    assert_same(ours[2:5], theirs[2:5])


def test_tensor_dataset_with_mismatched_first_dims_raises_torchs_error():
    with pytest.raises(AssertionError, match="Size mismatch between tensors"):
        tdata.TensorDataset(torch.zeros(3, 2), torch.zeros(4))
    with pytest.raises(AssertionError, match="Size mismatch between tensors"):
        TensorDataset(et.zeros(3, 2), et.zeros(4))


def test_loader_option_conflicts_raise_torchs_errors():
    ours, theirs = tensor_datasets()
    for make, ds in ((tdata.DataLoader, theirs), (DataLoader, ours)):
        with pytest.raises(ValueError, match="mutually exclusive with shuffle"):
            make(ds, shuffle=True, sampler=SequentialSampler(ds))
        with pytest.raises(ValueError, match="batch_sampler option is mutually exclusive"):
            make(ds, batch_size=2, batch_sampler=[[0, 1]])


def test_batches_belong_to_the_entered_session_else_the_default_one():
    ours, _ = tensor_datasets()
    loader = DataLoader(ours, batch_size=8)
    with et.Session(dtype="float64") as sess:
        x, y = next(iter(loader))
        assert x.session_id == y.session_id == sess.id
        assert (x.dtype, y.dtype) == ("float32", "int64")  # the data's dtypes, as torch's
        assert not x.requires_grad
    x, _ = next(iter(loader))
    assert x.session_id == et.current_session().id


class Records(Dataset):
    """A map-style dataset of dicts and tuples of numpy arrays, numbers and strings."""

    def __len__(self):
        return 7

    def __getitem__(self, i):
        return {
            "image": np.full((2, 3), i, dtype=np.float32),
            "mean": np.arange(3, dtype=np.float64) * i,
            "label": i % 3,
            "weight": 0.5 * i,
            "name": f"item{i}",
            "pair": (np.int32(i), np.array([i, -i])),
        }


class TorchRecords(tdata.Dataset):
    def __len__(self):
        return len(Records())

    def __getitem__(self, i):
        return Records()[i]


def test_a_dataset_of_dicts_tuples_numpy_and_numbers_matches_torch():
    a = DataLoader(Records(), batch_size=3)
    b = tdata.DataLoader(TorchRecords(), batch_size=3)
    assert_same_batches(a, b)
    batch = next(iter(a))
    assert batch["mean"].dtype == "float64" and batch["weight"].dtype == "float64"
    assert batch["label"].dtype == "int64" and batch["pair"][0].dtype == "int32"


@pytest.mark.parametrize(
    "values",
    [
        [1.5, 2.5],
        [1, 2],
        [True, False],
        [np.float32(1), np.float32(2)],
        [np.ones(2), np.zeros(2)],
        [np.ones(2, np.int32), np.zeros(2, np.int32)],
        [torch.ones(2, dtype=torch.float16), torch.zeros(2, dtype=torch.float16)],
        [torch.ones(2, dtype=torch.bfloat16), torch.zeros(2, dtype=torch.bfloat16)],
    ],
    ids=["float", "int", "bool", "np.float32", "np.float64", "np.int32", "float16", "bfloat16"],
)
def test_default_collate_keeps_torchs_dtypes(values):
    ours, theirs = default_collate(values), tdata.default_collate(values)
    assert ours.dtype == str(theirs.dtype).removeprefix("torch.")
    np.testing.assert_array_equal(np.asarray(ours.float().numpy()), theirs.float().numpy())


def test_uint8_data_widens_to_int64_which_eagertape_holds():
    batch = default_collate([np.array([1, 255], np.uint8), np.array([0, 7], np.uint8)])
    assert batch.dtype == "int64" and batch.tolist() == [[1, 255], [0, 7]]


def test_a_reference_carrier_session_takes_floating_batches_in_its_carrier():
    with et.Session(dtype="float32", backend="reference"):
        x = default_collate([np.ones(2), np.zeros(2)])
        assert x.dtype == "float32" and x.tolist() == [[1.0, 1.0], [0.0, 0.0]]


def test_default_convert_matches_torch():
    Point = collections.namedtuple("Point", ["x", "y"])
    data = {"p": Point(np.array([1.0, 2.0]), 3), "l": [np.array([1, 2])], "s": "a"}
    assert_same(default_convert(data), tdata.default_convert(data))


def test_no_automatic_batching_gives_the_samples_converted():
    a = DataLoader(Records(), batch_size=None)
    b = tdata.DataLoader(TorchRecords(), batch_size=None)
    assert_same_batches(a, b)


class Stream(IterableDataset):
    def __iter__(self):
        for i in range(11):
            yield np.array([i, i * i], dtype=np.float64), i


class TorchStream(tdata.IterableDataset):
    def __iter__(self):
        return iter(Stream())


def test_an_iterable_dataset_matches_torch():
    assert_same_batches(DataLoader(Stream(), batch_size=4), tdata.DataLoader(TorchStream(), 4))


def test_chain_and_concat_datasets_and_subsets_match_torch():
    ours, theirs = tensor_datasets()
    a = ConcatDataset([ours, Subset(ours, [5, 1])])
    b = tdata.ConcatDataset([theirs, tdata.Subset(theirs, [5, 1])])
    assert_same_batches(
        DataLoader(a, batch_size=4, shuffle=True, generator=gen(1)),
        tdata.DataLoader(b, batch_size=4, shuffle=True, generator=gen(1)),
    )
    assert_same(a[24], b[24])
    assert_same_batches(
        DataLoader(ChainDataset([Stream(), Stream()]), batch_size=5),
        tdata.DataLoader(tdata.ChainDataset([TorchStream(), TorchStream()]), batch_size=5),
    )
    assert isinstance(ours + ours, ConcatDataset) and isinstance(Stream() + Stream(), ChainDataset)


def test_num_workers_2_gives_torchs_batches():
    ours, theirs = tensor_datasets()
    a = DataLoader(ours, batch_size=4, shuffle=True, generator=gen(5), num_workers=2)
    b = tdata.DataLoader(theirs, batch_size=4, shuffle=True, generator=gen(5))
    assert_same_batches(a, b)
    assert_same_batches(
        DataLoader(Records(), batch_size=3, num_workers=2),
        tdata.DataLoader(TorchRecords(), batch_size=3),
    )


class MadeInEagertape(Dataset):
    """Samples that are eagertape tensors, drawn from eagertape's generator in each worker."""

    def __len__(self):
        return 8

    def __getitem__(self, i):
        info = get_worker_info()
        return et.rand(3), -1 if info is None else info.id


def test_workers_hand_over_eagertape_samples_and_draw_apart():
    loader = DataLoader(MadeInEagertape(), batch_size=2, num_workers=2)
    batches = list(loader)
    assert [b[1].tolist() for b in batches] == [[0, 0], [1, 1], [0, 0], [1, 1]]
    assert all(isinstance(x, et.Tensor) and tuple(x.shape) == (2, 3) for x, _ in batches)
    # each worker seeds eagertape's generator from its own torch seed: no two draws alike
    rows = {tuple(row) for x, _ in batches for row in x.tolist()}
    assert len(rows) == 8


def test_a_custom_collate_fn_returning_eagertape_tensors_works_in_workers():
    ours, _ = tensor_datasets()

    def collate(samples):
        xs, ys = zip(*samples, strict=True)
        assert all(isinstance(x, et.Tensor) for x in xs)  # what ds[i] gives
        return {"x": et.stack(list(xs)), "y": torch.tensor([y.item() for y in ys])}

    for workers in (0, 2):
        batches = list(DataLoader(ours, batch_size=10, num_workers=workers, collate_fn=collate))
        assert [tuple(b["x"].shape) for b in batches] == [(10, 3), (10, 3), (3, 3)]
        assert all(isinstance(b["y"], et.Tensor) for b in batches)  # the torch tensor converted
        np.testing.assert_array_equal(np.concatenate([b["y"].numpy() for b in batches]), Y)
        np.testing.assert_array_equal(np.concatenate([b["x"].numpy() for b in batches]), X)


def test_a_custom_collate_fns_other_values_pass_through():
    loader = DataLoader(Records(), batch_size=2, collate_fn=lambda s: ("n", len(s), s[0]["name"]))
    assert next(iter(loader)) == ("n", 2, "item0")


def test_distributed_sampler_splits_as_torchs():
    ours, theirs = tensor_datasets()
    for shuffle in (False, True):
        for rank in (0, 1):
            a = DistributedSampler(ours, num_replicas=2, rank=rank, shuffle=shuffle, seed=4)
            b = tdata.DistributedSampler(theirs, num_replicas=2, rank=rank, shuffle=shuffle, seed=4)
            a.set_epoch(1)
            b.set_epoch(1)
            assert list(a) == list(b) and len(a) == len(b) == 12
            assert_same_batches(
                DataLoader(ours, batch_size=5, sampler=a),
                tdata.DataLoader(theirs, batch_size=5, sampler=b),
            )


def test_distributed_sampler_with_drop_last_and_a_bad_rank():
    a = DistributedSampler(range(23), num_replicas=2, rank=1, drop_last=True)
    b = tdata.DistributedSampler(range(23), num_replicas=2, rank=1, drop_last=True)
    assert list(a) == list(b) and len(a) == 11
    with pytest.raises(ValueError, match="Invalid rank"):
        DistributedSampler(range(4), num_replicas=2, rank=2)


def test_random_split_lengths_and_indices_match_torch():
    ours, theirs = tensor_datasets()
    for lengths in ([20, 3], [0.7, 0.2, 0.1]):
        a = random_split(ours, lengths, generator=gen(2))
        b = tdata.random_split(theirs, lengths, generator=gen(2))
        assert [len(s) for s in a] == [len(s) for s in b]
        assert [s.indices for s in a] == [s.indices for s in b]
        assert all(isinstance(s, Subset) for s in a)
    assert [len(s) for s in random_split(ours, [0.7, 0.2, 0.1])] == [17, 4, 2]
    with pytest.raises(ValueError, match="Sum of input lengths"):
        random_split(ours, [20, 4])


def seed(n: int) -> None:
    """Seeds as a script does: ``et.manual_seed`` (which seeds torch's default generator too,
    once the extension is built from the current source) and ``torch.manual_seed``."""
    et.manual_seed(n)
    torch.manual_seed(n)


def unseeded_draws(api, dataset, workers: int = 0):
    """What the loader, the random samplers and `random_split` of `api` (eagertape's
    ``eagertape.utils.data`` or ``torch.utils.data``) give with no generator, in a script's
    order, then what torch's default generator draws next (so the generator was used as
    torch's classes use it, no more, no less)."""
    loader = api.DataLoader(dataset, batch_size=4, shuffle=True, num_workers=workers)
    epochs = [list(loader), list(loader)]
    split = [s.indices for s in api.random_split(range(10), [0.6, 0.4])]
    samplers = [
        list(api.RandomSampler(range(9))),
        list(api.RandomSampler(range(9), replacement=True, num_samples=12)),
        list(api.SubsetRandomSampler([4, 8, 15, 16, 23])),
        list(api.WeightedRandomSampler([0.1, 2.0, 0.5, 1.0], 10)),
    ]
    return epochs, split, samplers, torch.rand(3).tolist()


def assert_same_draws(ours, theirs) -> None:
    for a, b in zip(ours[0], theirs[0], strict=True):  # each epoch, batch for batch
        assert_same_batches(a, b)
    assert ours[1:] == theirs[1:]


def test_without_a_generator_the_order_is_torchs_after_the_same_seed():
    import eagertape.utils.data as etdata

    ours, theirs = tensor_datasets()
    for s in (0, 7, 123):
        torch.manual_seed(s)
        got = unseeded_draws(etdata, ours)
        torch.manual_seed(s)
        want = unseeded_draws(tdata, theirs)
        assert_same_draws(got, want)
        assert got[0][0][0][1].tolist() != got[0][1][0][1].tolist()  # each epoch a new order


def test_without_a_generator_manual_seed_repeats_shuffles_and_splits():
    import eagertape.utils.data as etdata

    ours, _ = tensor_datasets()

    def draws():
        epochs, *rest = unseeded_draws(etdata, ours)
        return [[[t.tolist() for t in batch] for batch in epoch] for epoch in epochs], *rest

    seed(11)
    first = draws()
    seed(11)
    assert draws() == first
    seed(12)
    other = draws()
    assert other[0] != first[0] and other[1:3] != first[1:3]


def test_et_manual_seed_alone_gives_torchs_order():
    """A torch script whose imports alone changed: ``et.manual_seed(s)`` where it had
    ``torch.manual_seed(s)``."""
    import eagertape.utils.data as etdata

    et.manual_seed(21)
    probe = torch.rand(2)
    torch.manual_seed(21)
    if not torch.equal(probe, torch.rand(2)):
        pytest.skip("the built extension's et.manual_seed does not seed torch's generator yet")
    ours, theirs = tensor_datasets()
    et.manual_seed(21)
    got = unseeded_draws(etdata, ours)
    torch.manual_seed(21)
    assert_same_draws(got, unseeded_draws(tdata, theirs))


class TorchDraws(tdata.Dataset):
    """Samples drawn from the worker's torch generator (seeded ``base_seed + worker_id``)."""

    def __len__(self):
        return 8

    def __getitem__(self, i):
        info = tdata.get_worker_info()
        return torch.rand(2), -1 if info is None else info.seed


def test_workers_without_a_generator_draw_as_torchs():
    import eagertape.utils.data as etdata

    ours, theirs = tensor_datasets()
    torch.manual_seed(3)
    got = unseeded_draws(etdata, ours, workers=2)
    torch.manual_seed(3)
    assert_same_draws(got, unseeded_draws(tdata, theirs, workers=2))
    # the workers' base seed is torch's, and the worker's torch generator is left as torch
    # seeded it (eagertape's hook reseeds only eagertape's generator)
    for s in (0, 5):
        torch.manual_seed(s)
        a = list(DataLoader(TorchDraws(), batch_size=2, num_workers=2))
        after_ours = torch.rand(2).tolist()
        torch.manual_seed(s)
        b = list(tdata.DataLoader(TorchDraws(), batch_size=2, num_workers=2))
        assert_same_batches(a, b)
        assert after_ours == torch.rand(2).tolist()


def test_the_worker_hook_leaves_torchs_generator_alone():
    loader = DataLoader(range(4), num_workers=2)
    torch.manual_seed(8)
    torch.rand(1)
    loader.worker_init_fn(0)  # as in a worker: eagertape's generator from torch's seed
    got = torch.rand(3).tolist()
    x = et.rand(3).tolist()
    torch.manual_seed(8)
    torch.rand(1)
    assert torch.rand(3).tolist() == got
    et.manual_seed(8)
    assert et.rand(3).tolist() == x
    calls = []
    DataLoader(range(4), worker_init_fn=calls.append).worker_init_fn(1)
    assert calls == [1]


def test_samplers_with_a_generator_match_torchs():
    w = [0.1, 2.0, 0.5, 1.0]
    pairs = [
        (RandomSampler(range(9), generator=gen()), tdata.RandomSampler(range(9), generator=gen())),
        (
            RandomSampler(range(9), replacement=True, num_samples=20, generator=gen()),
            tdata.RandomSampler(range(9), replacement=True, num_samples=20, generator=gen()),
        ),
        (
            SubsetRandomSampler([4, 8, 15], generator=gen()),
            tdata.SubsetRandomSampler([4, 8, 15], generator=gen()),
        ),
        (
            WeightedRandomSampler(et.tensor(w), 10, generator=gen()),
            tdata.WeightedRandomSampler(w, 10, generator=gen()),
        ),
        (
            BatchSampler(SequentialSampler(range(7)), 3, drop_last=True),
            tdata.BatchSampler(tdata.SequentialSampler(range(7)), 3, drop_last=True),
        ),
    ]
    for ours, theirs in pairs:
        assert list(ours) == list(theirs) and len(ours) == len(theirs)
        assert isinstance(ours, type(theirs))


def test_classes_are_torchs_so_torch_accepts_them():
    ours, _ = tensor_datasets()
    assert isinstance(ours, tdata.Dataset) and isinstance(Stream(), tdata.IterableDataset)
    assert isinstance(DataLoader(ours), tdata.DataLoader)
    x, _ = next(iter(tdata.DataLoader(ours, batch_size=3)))  # torch's loader: torch batches
    assert isinstance(x, torch.Tensor) and x.shape == (3, 3)


def test_a_batch_does_not_alias_memory_the_dataset_may_write():
    source = torch.arange(6.0).reshape(3, 2)

    class Rows(tdata.Dataset):
        def __len__(self):
            return 3

        def __getitem__(self, i):
            return source[i]  # a view of `source`

    unbatched = next(iter(DataLoader(Rows(), batch_size=None)))
    batched = next(iter(DataLoader(Rows(), batch_size=2)))
    custom = next(iter(DataLoader(Rows(), batch_size=2, collate_fn=lambda s: s[0])))
    source.add_(100.0)
    assert unbatched.tolist() == [0.0, 1.0] and custom.tolist() == [0.0, 1.0]
    assert batched.tolist() == [[0.0, 1.0], [2.0, 3.0]]


def test_a_loader_records_one_leaf_per_batch_tensor_nothing_per_sample():
    ours, _ = tensor_datasets()
    loader = DataLoader(ConcatDataset([ours, ours]), batch_size=5, shuffle=True)
    with et.Session() as sess:
        before = et.memory_stats()["live_bytes"]
        n = sum(1 for _ in loader)
        assert n == 10 and sess.tape_len == 2 * n
        # the default collation's tensors are handed over, not copied
        assert et.memory_stats()["live_bytes"] == before


def train(loader, model, opt, loss_fn, epochs):
    losses = []
    for _ in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            loss = loss_fn(model(x).squeeze(1), y)
            loss.backward()
            opt.step()
            losses.append(loss.item())
    return losses


def test_a_training_loop_follows_torchs_loss_trajectory():
    target = (X @ np.array([1.0, -2.0, 0.5], np.float32) + 0.3).astype(np.float32)
    torch.manual_seed(0)
    torch_model = torch.nn.Linear(3, 1)
    model = et.nn.Linear(3, 1)  # the default session: no `with` block, as a torch script
    model.load_state_dict(torch_model.state_dict())
    ours = DataLoader(
        TensorDataset(et.tensor(X), et.tensor(target)), batch_size=4, shuffle=True, generator=gen(9)
    )
    theirs = tdata.DataLoader(
        tdata.TensorDataset(torch.from_numpy(X), torch.from_numpy(target)),
        batch_size=4,
        shuffle=True,
        generator=gen(9),
    )
    got = train(ours, model, et.optim.SGD(model.parameters(), lr=0.05), et.nn.MSELoss(), 3)
    want = train(
        theirs,
        torch_model,
        torch.optim.SGD(torch_model.parameters(), lr=0.05),
        torch.nn.MSELoss(),
        3,
    )
    assert len(got) == len(want) == 18
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    assert got[-1] < got[0]


def test_iterating_epochs_leaves_the_ledger_flat():
    ours, _ = tensor_datasets()
    loader = DataLoader(ours, batch_size=4, shuffle=True)
    model = et.nn.Linear(3, 1)
    opt = et.optim.SGD(model.parameters(), lr=0.01)
    sess = et.current_session()

    def loss_fn(out, y):
        return ((out - y.float()) ** 2).mean()

    seen = []
    for _ in range(5):
        train(loader, model, opt, loss_fn, 1)
        seen.append((ledger_view(et.memory_stats()), sess.tape_len))
    assert all(s == seen[1] for s in seen[1:]), seen
