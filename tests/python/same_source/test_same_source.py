"""Same source, two runtimes: PyTorch model files run unchanged on eagertape.

Each model file of this folder (`gpt.py`, nanoGPT style; `resnet.py`, torchvision style;
`mnist.py`, pytorch/examples style) is ordinary PyTorch code that reaches torch only through the
names `torch`, `nn` and `F`, which `loader.load(name, backend)` binds. A test loads a file twice:
bound to PyTorch (the reference) and bound to the backend under test (the candidate). It builds
the model from each, the reference after `torch.manual_seed(0)`, both converted with
`.double()`, copies the reference's initial weights into the candidate
(`load_state_dict(torch_model.state_dict())`), and runs both through the file's own training
code on the same batches (numpy arrays made into tensors by `torch.tensor` / `et.tensor`).

The candidate runs entirely inside `with et.Session(dtype="float64"):` for eagertape. The
backend under test is also `torch` itself: the torch/torch runs check the harness, and agree
bit for bit. Dropout is off on both sides (the two runtimes draw different random numbers).

Losses agree to LOSS_RTOL relative; final state dicts (weights, BatchNorm statistics) to
STATE_RTOL relative or STATE_ATOL absolute; integers (token ids, counts) exactly.
"""

from __future__ import annotations

import contextlib
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest
import torch
from loader import BACKENDS, load

LOSS_RTOL = 1e-9
STATE_RTOL = 1e-8
# Some parameters have a zero gradient in exact arithmetic (the key projection's bias: softmax
# is invariant to a shift shared by all keys), so AdamW moves them from zero by rounding noise
# alone, ~1e-12 either way: they agree to within this absolute bound instead.
STATE_ATOL = 1e-10


@pytest.fixture(params=BACKENDS)
def backend(request) -> str:
    """The runtime the candidate side runs on."""
    return request.param


# -- the harness ----------------------------------------------------------------------------


@dataclass
class Side:
    """One model file bound to one runtime."""

    backend: str
    module: types.ModuleType

    @property
    def torch(self) -> types.ModuleType:
        """The runtime's torch namespace (`torch`, or `eagertape`)."""
        return self.module.torch

    def tensor(self, array: np.ndarray) -> Any:
        """`array` as a tensor of this runtime, with its dtype (float64 or int64)."""
        return self.torch.tensor(array)

    def session(self) -> contextlib.AbstractContextManager:
        """The context the runtime's computations run in."""
        if self.backend == "eagertape":
            return self.torch.Session(dtype="float64")
        return contextlib.nullcontext()


@dataclass
class Run:
    """What one side's run produced, as Python and numpy values."""

    losses: list[float] = field(default_factory=list)
    state: dict[str, np.ndarray] = field(default_factory=dict)
    outputs: dict[str, Any] = field(default_factory=dict)


@contextlib.contextmanager
def side_by_side(
    name: str, backend: str, build: Callable[[types.ModuleType], Any]
) -> Iterator[list[tuple[Side, Any]]]:
    """The reference and candidate (side, model) pairs of model file `name`, inside the
    candidate's session: `build(module)` from the file bound to torch after
    `torch.manual_seed(0)`, then from the file bound to `backend`, both in float64, the
    candidate holding the reference's initial weights."""
    reference = Side("torch", load(name, "torch"))
    candidate = Side(backend, load(name, backend))
    torch.manual_seed(0)
    reference_model = build(reference.module).double()
    with candidate.session():
        candidate_model = build(candidate.module).double()
        candidate_model.load_state_dict(reference_model.state_dict())
        yield [(reference, reference_model), (candidate, candidate_model)]


def state_as_numpy(model) -> dict[str, np.ndarray]:
    """The model's state dict, in order, as numpy arrays (both runtimes give torch tensors)."""
    return {key: value.detach().cpu().numpy() for key, value in model.state_dict().items()}


def without_dropout(side: Side, model) -> None:
    """Set every Dropout module's `p` to 0.0."""
    for module in model.modules():
        if isinstance(module, side.module.nn.Dropout):
            module.p = 0.0


def assert_losses_match(reference: Run, candidate: Run) -> None:
    assert len(candidate.losses) == len(reference.losses)
    for step, (mine, theirs) in enumerate(zip(candidate.losses, reference.losses, strict=True)):
        assert isinstance(mine, float), f"step {step}: loss.item() gave {type(mine).__name__}"
        assert mine == pytest.approx(theirs, rel=LOSS_RTOL, abs=0), (
            f"step {step}: loss {mine!r}, torch {theirs!r}"
        )


def assert_states_match(reference: Run, candidate: Run) -> None:
    assert list(candidate.state) == list(reference.state)
    for key, theirs in reference.state.items():
        mine = candidate.state[key]
        assert (mine.dtype, mine.shape) == (theirs.dtype, theirs.shape), key
        np.testing.assert_allclose(mine, theirs, rtol=STATE_RTOL, atol=STATE_ATOL, err_msg=key)


# -- gpt.py: 5 AdamW steps of a tiny GPT, then greedy generation ----------------------------

GPT_STEPS = 5
GPT_BATCH = 4
GPT_CONFIG = dict(block_size=8, vocab_size=32, n_layer=2, n_head=2, n_embd=16, dropout=0.0)
# Small enough that clip_grad_norm_ rescales the gradients at every step.
GPT_GRAD_CLIP = 0.5
GPT_PROMPT = np.array([[1, 2, 3], [30, 0, 17]], dtype=np.int64)
# Prompt plus new tokens outgrow block_size: generation crops the context.
GPT_NEW_TOKENS = 10


def gpt_batches() -> list[tuple[np.ndarray, np.ndarray]]:
    """(input ids, next-token targets) pairs of sequences in which every token has one fixed
    successor (a random permutation), so that 5 steps teach the model enough for greedy
    generation to vary; about a tenth of the targets are -1 (ignored)."""
    rng = np.random.default_rng(0)
    vocab, block = GPT_CONFIG["vocab_size"], GPT_CONFIG["block_size"]
    successor = rng.permutation(vocab)
    batches = []
    for _ in range(GPT_STEPS):
        seq = np.empty((GPT_BATCH, block + 1), dtype=np.int64)
        seq[:, 0] = rng.integers(0, vocab, GPT_BATCH)
        for t in range(block):
            seq[:, t + 1] = successor[seq[:, t]]
        x, y = seq[:, :-1].copy(), seq[:, 1:].copy()
        y[rng.random(y.shape) < 0.1] = -1
        batches.append((x, y))
    return batches


def build_gpt(gpt: types.ModuleType):
    return gpt.GPT(gpt.GPTConfig(**GPT_CONFIG))


def run_gpt(side: Side, model) -> Run:
    gpt = side.module
    run = Run(outputs={"num_params": model.get_num_params()})
    optimizer = model.configure_optimizers(weight_decay=0.1, learning_rate=1e-2, betas=(0.9, 0.95))
    for x, y in gpt_batches():
        run.losses.append(
            gpt.train_step(model, optimizer, side.tensor(x), side.tensor(y), GPT_GRAD_CLIP)
        )
    run.state = state_as_numpy(model)
    model.eval()
    prompt = side.tensor(GPT_PROMPT)
    for top_k in (None, 5):
        ids = model.generate(prompt, GPT_NEW_TOKENS, top_k=top_k, do_sample=False)
        run.outputs[f"greedy top_k={top_k}"] = ids.tolist()
    # sampling (multinomial) from what top_k=1 leaves, one token at probability 1: the two
    # generators differ, these draws cannot
    ids = model.generate(prompt, GPT_NEW_TOKENS, top_k=1, do_sample=True)
    run.outputs["sampled top_k=1"] = ids.tolist()
    return run


def gpt_runs(backend: str) -> tuple[Run, Run]:
    """(reference, candidate) runs of gpt.py."""
    with side_by_side("gpt", backend, build_gpt) as sides:
        return tuple(run_gpt(side, model) for side, model in sides)


def test_gpt_counts_tied_embedding_weights_once(backend):
    reference, candidate = gpt_runs(backend)
    assert candidate.outputs["num_params"] == reference.outputs["num_params"]


def test_gpt_losses_match_torch_at_every_adamw_step(backend):
    assert_losses_match(*gpt_runs(backend))


def test_gpt_weights_match_torch_after_training(backend):
    assert_states_match(*gpt_runs(backend))


def test_gpt_greedy_generation_gives_torch_token_ids(backend):
    reference, candidate = gpt_runs(backend)
    assert candidate.outputs["greedy top_k=None"] == reference.outputs["greedy top_k=None"]


def test_gpt_greedy_generation_with_top_k_gives_torch_token_ids(backend):
    reference, candidate = gpt_runs(backend)
    assert candidate.outputs["greedy top_k=5"] == reference.outputs["greedy top_k=5"]


def test_gpt_sampling_from_a_one_token_distribution_gives_torch_token_ids(backend):
    reference, candidate = gpt_runs(backend)
    assert candidate.outputs["sampled top_k=1"] == reference.outputs["sampled top_k=1"]
    assert candidate.outputs["sampled top_k=1"] == reference.outputs["greedy top_k=None"]


# -- resnet.py: 3 SGD steps of a small ResNet, then eval-mode predictions -------------------

# train_step clips the gradient norm at 5.0: the norms are about 5.8, 4.8 and 5.3, so steps 0
# and 2 are rescaled and step 1 is not.
RESNET_STEPS = 3
RESNET_BATCH = 4
RESNET_IMAGE = (3, 16, 16)


def resnet_batches() -> list[tuple[np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(1)
    return [
        (rng.standard_normal((RESNET_BATCH, *RESNET_IMAGE)), rng.integers(0, 10, RESNET_BATCH))
        for _ in range(RESNET_STEPS)
    ]


def build_resnet(resnet: types.ModuleType):
    return resnet.resnet_small(num_classes=10)


def run_resnet(side: Side, model) -> Run:
    resnet = side.module
    run = Run()
    optimizer = side.torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=5e-4)
    batches = resnet_batches()
    for x, y in batches:
        run.losses.append(resnet.train_step(model, optimizer, side.tensor(x), side.tensor(y)))
    run.state = state_as_numpy(model)
    model.eval()
    with side.torch.no_grad():
        run.outputs["eval logits"] = np.array(model(side.tensor(batches[0][0])).tolist())
    return run


def resnet_runs(backend: str) -> tuple[Run, Run]:
    """(reference, candidate) runs of resnet.py."""
    with side_by_side("resnet", backend, build_resnet) as sides:
        return tuple(run_resnet(side, model) for side, model in sides)


def test_resnet_losses_match_torch_at_every_sgd_step(backend):
    assert_losses_match(*resnet_runs(backend))


def test_resnet_weights_and_batchnorm_statistics_match_torch_after_training(backend):
    assert_states_match(*resnet_runs(backend))


def test_resnet_eval_mode_logits_match_torch(backend):
    reference, candidate = resnet_runs(backend)
    np.testing.assert_allclose(
        candidate.outputs["eval logits"],
        reference.outputs["eval logits"],
        rtol=STATE_RTOL,
        atol=STATE_ATOL,
    )


# -- mnist.py: 2 epochs of 3 batches, StepLR after each, then the test loop -----------------

MNIST_EPOCHS = 2
MNIST_BATCHES = 3
MNIST_BATCH = 8
MNIST_IMAGE = 12
MNIST_LR = 0.01


def mnist_batches(seed: int, count: int) -> list[tuple[np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(seed)
    return [
        (
            rng.standard_normal((MNIST_BATCH, 1, MNIST_IMAGE, MNIST_IMAGE)),
            rng.integers(0, 10, MNIST_BATCH),
        )
        for _ in range(count)
    ]


def build_mnist(mnist: types.ModuleType):
    return mnist.Net(image_size=MNIST_IMAGE)


def run_mnist(side: Side, model) -> Run:
    mnist = side.module
    without_dropout(side, model)
    run = Run(outputs={"lr": []})
    optimizer = mnist.make_optimizer(model, lr=MNIST_LR)
    scheduler = mnist.make_scheduler(optimizer)
    for epoch in range(MNIST_EPOCHS):
        batches = [
            (side.tensor(x), side.tensor(y)) for x, y in mnist_batches(10 + epoch, MNIST_BATCHES)
        ]
        run.losses.extend(mnist.train(model, optimizer, batches))
        scheduler.step()
        run.outputs["lr"].extend(scheduler.get_last_lr())
    run.state = state_as_numpy(model)
    held_out = [(side.tensor(x), side.tensor(y)) for x, y in mnist_batches(99, 2)]
    run.outputs["test"] = mnist.test(model, held_out)
    return run


def mnist_runs(backend: str) -> tuple[Run, Run]:
    """(reference, candidate) runs of mnist.py."""
    with side_by_side("mnist", backend, build_mnist) as sides:
        return tuple(run_mnist(side, model) for side, model in sides)


def test_mnist_losses_match_torch_at_every_batch_of_both_epochs(backend):
    assert_losses_match(*mnist_runs(backend))


def test_mnist_step_lr_decays_the_learning_rate_like_torch(backend):
    reference, candidate = mnist_runs(backend)
    assert candidate.outputs["lr"] == pytest.approx(reference.outputs["lr"], rel=1e-15)


def test_mnist_weights_match_torch_after_two_epochs(backend):
    assert_states_match(*mnist_runs(backend))


def test_mnist_test_loop_gives_torch_loss_and_accuracy(backend):
    reference, candidate = mnist_runs(backend)
    (mine_loss, mine_correct), (their_loss, their_correct) = (
        candidate.outputs["test"],
        reference.outputs["test"],
    )
    assert mine_loss == pytest.approx(their_loss, rel=LOSS_RTOL, abs=0)
    assert mine_correct == their_correct


# -- word_lm.py: pytorch/examples' word-level language model, one epoch of its SGD loop -----

WORD_LM = dict(ntoken=20, ninp=8, nhid=12, nlayers=2, dropout=0.0)
WORD_LM_BATCH = 4
WORD_LM_BPTT = 5
# 101 rows of 4 columns: (101 - 1) / 5 = 20 steps of main.py's loop.
WORD_LM_TOKENS = 101 * WORD_LM_BATCH
WORD_LM_LR = 5.0
# Small enough that clip_grad_norm_ rescales the gradients at most steps.
WORD_LM_CLIP = 0.25


def word_lm_runs(backend: str, rnn_type: str) -> tuple[Run, Run]:
    """(reference, candidate) runs of word_lm.py: 20 steps of plain SGD with gradient
    clipping and the hidden state carried (detached) from batch to batch."""
    corpus = np.random.default_rng(5).integers(0, WORD_LM["ntoken"], WORD_LM_TOKENS)

    def build(wl: types.ModuleType):
        return wl.RNNModel(rnn_type, **WORD_LM)

    runs = []
    with side_by_side("word_lm", backend, build) as sides:
        for side, model in sides:
            data = side.module.batchify(side.tensor(corpus), WORD_LM_BATCH)
            losses = side.module.train(
                model, data, WORD_LM_BATCH, WORD_LM_BPTT, WORD_LM_LR, WORD_LM_CLIP
            )
            runs.append(Run(losses=losses, state=state_as_numpy(model)))
    return tuple(runs)


@pytest.mark.parametrize("rnn_type", ["LSTM", "GRU", "RNN_TANH"])
def test_word_lm_losses_match_torch_at_every_sgd_step(backend, rnn_type):
    reference, candidate = word_lm_runs(backend, rnn_type)
    assert len(reference.losses) == 20
    assert_losses_match(reference, candidate)


def test_word_lm_weights_match_torch_after_training(backend):
    assert_states_match(*word_lm_runs(backend, "LSTM"))


# -- seq2seq.py: an nn.Transformer subclass (encoder-decoder), 20 Adam steps ----------------

SEQ2SEQ = dict(vocab=12, d_model=8, nhead=2, layers=2, dim_feedforward=16)
SEQ2SEQ_BATCH, SEQ2SEQ_SRC, SEQ2SEQ_TGT = 3, 6, 5


def seq2seq_runs(backend: str) -> tuple[Run, Run]:
    """(reference, candidate) runs of seq2seq.py: 20 Adam steps of reversing sequences, the
    last source positions of some sequences padded (masked in the encoder and in the
    cross-attention)."""
    rng = np.random.default_rng(8)
    batches = []
    for _ in range(20):
        src = rng.integers(1, SEQ2SEQ["vocab"], (SEQ2SEQ_BATCH, SEQ2SEQ_SRC))
        tgt = np.concatenate(
            [np.zeros((SEQ2SEQ_BATCH, 1), np.int64), src[:, ::-1][:, : SEQ2SEQ_TGT - 1]], 1
        )
        pad = np.zeros((SEQ2SEQ_BATCH, SEQ2SEQ_SRC), dtype=bool)
        pad[1, -2:] = True
        batches.append((src, tgt, pad))

    def build(s2s: types.ModuleType):
        return s2s.Seq2SeqTransformer(**SEQ2SEQ)

    runs = []
    with side_by_side("seq2seq", backend, build) as sides:
        for side, model in sides:
            optimizer = side.torch.optim.Adam(model.parameters(), lr=1e-2)
            run = Run()
            for src, tgt, pad in batches:
                run.losses.append(
                    side.module.train_step(
                        model, optimizer, side.tensor(src), side.tensor(tgt), side.tensor(pad)
                    )
                )
            run.state = state_as_numpy(model)
            runs.append(run)
    return tuple(runs)


def test_seq2seq_transformer_subclass_losses_match_torch_at_every_adam_step(backend):
    reference, candidate = seq2seq_runs(backend)
    assert len(reference.losses) == 20
    assert_losses_match(reference, candidate)


def test_seq2seq_transformer_subclass_weights_match_torch_after_training(backend):
    assert_states_match(*seq2seq_runs(backend))


def stepped_runs(backend: str, name: str, build, make_optimizer, step, batches) -> tuple[Run, Run]:
    """(reference, candidate) runs of model file `name`: `step(module, model, optimizer,
    *tensors)` once per batch of numpy arrays, the optimizer `make_optimizer(torch, model)`
    of each runtime; the losses and the final state."""
    runs = []
    with side_by_side(name, backend, build) as sides:
        for side, model in sides:
            optimizer = make_optimizer(side.torch, model)
            losses = [
                step(side.module, model, optimizer, *(side.tensor(a) for a in batch))
                for batch in batches
            ]
            runs.append(Run(losses=losses, state=state_as_numpy(model)))
    return tuple(runs)


# -- resnet.py's SiameseNetwork: torchvision's ResNet-18 tower, 2 Adadelta steps -----------

SIAMESE_STEPS = 2
SIAMESE_BATCH = 4
# The 7x7 stem at stride 2, the max pool and three stride-2 stages take 28x28 to 1x1.
SIAMESE_IMAGE = (1, 28, 28)


def siamese_runs(backend: str) -> tuple[Run, Run]:
    """Two steps of siamese_network's loop (BCELoss, Adadelta with its lr=1.0), BatchNorm in
    training mode throughout."""
    rng = np.random.default_rng(4)
    batches = [
        (
            rng.standard_normal((SIAMESE_BATCH, *SIAMESE_IMAGE)),
            rng.standard_normal((SIAMESE_BATCH, *SIAMESE_IMAGE)),
            rng.integers(0, 2, SIAMESE_BATCH).astype(np.float64),
        )
        for _ in range(SIAMESE_STEPS)
    ]
    return stepped_runs(
        backend,
        "resnet",
        lambda m: m.SiameseNetwork(),
        lambda t, model: t.optim.Adadelta(model.parameters(), lr=1.0),
        lambda m, *args: m.siamese_step(*args),
        batches,
    )


def test_siamese_resnet18_losses_match_torch_at_every_adadelta_step(backend):
    assert_losses_match(*siamese_runs(backend))


def test_siamese_resnet18_weights_and_statistics_match_torch_after_training(backend):
    assert_states_match(*siamese_runs(backend))


# -- style.py: fast_neural_style's TransformerNet, 3 Adam steps ------------------------------

STYLE_STEPS = 3
STYLE_BATCH = 2
STYLE_IMAGE = (3, 16, 16)


def style_runs(backend: str) -> tuple[Run, Run]:
    """Three Adam steps of a narrow TransformerNet (width 8) toward a fixed target image."""
    rng = np.random.default_rng(6)
    batch = (
        rng.standard_normal((STYLE_BATCH, *STYLE_IMAGE)),
        rng.standard_normal((STYLE_BATCH, *STYLE_IMAGE)),
    )
    return stepped_runs(
        backend,
        "style",
        lambda m: m.TransformerNet(width=8),
        lambda t, model: t.optim.Adam(model.parameters(), lr=1e-3),
        lambda m, *args: m.train_step(*args),
        [batch] * STYLE_STEPS,
    )


def test_style_transformer_losses_match_torch_at_every_adam_step(backend):
    assert_losses_match(*style_runs(backend))


def test_style_transformer_weights_match_torch_after_training(backend):
    assert_states_match(*style_runs(backend))
