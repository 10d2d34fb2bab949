"""eagertape against PyTorch 2.11 (and a hand-written LibTorch floor), in one process.

Every case runs eagertape and its PyTorch counterpart interleaved, on the same thread
settings, for several rounds; the table reports the median time per iteration and the
ratios. The floor is the same forward + backward + update written by hand with torch
kernels under `torch.no_grad()`: no autograd at all, only the kernels and Python's calls.

    .venv/bin/python benches/compare.py            # full run (BENCHMARKS.md)
    .venv/bin/python benches/compare.py --quick    # smoke run (CI)
    .venv/bin/python benches/compare.py --plot benches/ratios.png
    (B10, the two-process data-parallel step against DDP, comes from ddp_bench.py; B14-B17,
    every optimizer's step and conv-heavy programs, from train_steps.py)
    python benches/compare.py --device cuda       # the same cases on a GPU (tools/gpu-check)

With `--device cuda`, eagertape's sessions and parameters live on the GPU
(`et.set_default_device`), the PyTorch and floor tensors too, and every timing ends with
`torch.cuda.synchronize()`: B1 and B2 then measure host-side overhead per op, B3 and B4 whole
steps. Inputs are handed over as numpy arrays on both devices (eagertape copies them in with
`sess.input` each step; PyTorch's are made once), as on CPU.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np
import torch
import torch.nn.functional as F

import eagertape as et

try:  # run as a script (benches/ on sys.path) or imported from the tests
    import ddp_bench
    import floors
    import models
    import train_steps
except ImportError:  # pragma: no cover
    from benches import ddp_bench, floors, models, train_steps

DEVICE = "cpu"  # set by --device


def sync() -> None:
    if DEVICE.startswith("cuda"):
        torch.cuda.synchronize()


def timed(fn, iters: int) -> float:
    sync()
    start = time.perf_counter()
    for _ in range(iters):
        fn()
    sync()
    return (time.perf_counter() - start) / iters


# ---- B1 / B2: per-op and per-node overhead -------------------------------------------------


def b1_pair(n: int = 100):
    """100 chained adds on 1-element tensors, recorded (forward only)."""
    sess = et.Session(dtype="float32")
    p = et.Parameter(np.ones(1, dtype=np.float32))
    tp = torch.ones(1, requires_grad=True, device=DEVICE)

    def ours():
        with sess:
            x = sess.use(p)
            for _ in range(n):
                x = x + 1.0

    def theirs():
        x = tp
        for _ in range(n):
            x = x + 1.0

    return ours, theirs, None


def b2_pair(n: int = 100):
    """A 100-op chain of small-tensor ops (add, mul, tanh), forward + backward."""
    sess = et.Session(dtype="float32")
    p = et.Parameter(np.full(16, 0.5, dtype=np.float32))
    tp = torch.full((16,), 0.5, requires_grad=True, device=DEVICE)

    def ours():
        with sess:
            x = sess.use(p)
            for i in range(n):
                x = (x * 0.9).tanh() if i % 2 else x + 0.1
            with sess.backward(x.sum()):
                pass

    def theirs():
        x = tp
        for i in range(n):
            x = (x * 0.9).tanh() if i % 2 else x + 0.1
        x.sum().backward()
        tp.grad = None

    return ours, theirs, None


# ---- B7: the tensor language -----------------------------------------------------------------


def b7_step(lib, x, idx, mask):
    """100 recorded small ops: 12 rounds of indexing by an int64 tensor, amax, where, two
    slices and a cat, permute + reshape (8 ops each), then a slice, amax, reshape and sum."""
    for _ in range(12):
        y = x[idx]
        m = y.amax(1, keepdim=True)
        w = lib.where(mask, y, m)
        c = lib.cat([w[:, :4], w[:, 4:]], 0)
        x = c.permute(1, 0).reshape(4, 8)
    return x[:, :2].amax(1).reshape(-1).sum()


def b7_pair():
    """B7: `b7_step` forward + backward, the same code on eagertape and on PyTorch."""
    rng = np.random.default_rng(0)
    data = rng.standard_normal((4, 8)).astype(np.float32)
    idx_np = np.array([3, 1, 0, 2])
    mask_np = rng.random((4, 8)) < 0.5
    sess = et.Session(dtype="float32")
    p = et.Parameter(data)
    tp = torch.tensor(data, requires_grad=True, device=DEVICE)
    tidx = torch.as_tensor(idx_np, device=DEVICE)
    tmask = torch.as_tensor(mask_np, device=DEVICE)

    def ours():
        with sess:
            loss = b7_step(et, sess.use(p), sess.input(idx_np), sess.input(mask_np))
            with sess.backward(loss):
                pass

    def theirs():
        b7_step(torch, tp, tidx, tmask).backward()
        tp.grad = None

    return ours, theirs, None


# ---- B3 / B4: a training step (forward, backward, Adam) ------------------------------------


def mlp_init(sizes, seed=0):
    rng = np.random.default_rng(seed)
    arrays = []
    for fan_in, fan_out in zip(sizes[:-1], sizes[1:], strict=True):
        bound = 1 / np.sqrt(fan_in)
        arrays.append(rng.uniform(-bound, bound, (fan_out, fan_in)).astype(np.float32))
        arrays.append(rng.uniform(-bound, bound, fan_out).astype(np.float32))
    return arrays


def mlp_loss(sess, params, x, y):
    """Record the MLP (linear/relu, linear last) on `x` and its cross entropy against `y`."""
    h = sess.input(x)
    for i in range(0, len(params), 2):
        h = et.linear(h, sess.use(params[i]), sess.use(params[i + 1]))
        if i + 2 < len(params):
            h = h.relu()
    return et.cross_entropy(h, y)


def mlp_setup(batch: int, sizes: tuple[int, ...], fused: bool = False):
    """B3/B4's initial weights, batch, eagertape parameters, Adam (``fused``: torch's
    one-pass kernel) and float32 session."""
    init = mlp_init(sizes)
    rng = np.random.default_rng(1)
    x = rng.standard_normal((batch, sizes[0])).astype(np.float32)
    y = rng.integers(0, sizes[-1], size=batch)
    params = [et.Parameter(a) for a in init]
    opt = et.optim.Adam(params, lr=1e-3, fused=fused)
    return init, x, y, params, opt, et.Session(dtype="float32")


def mlp_floor_gradients(fw: list, x, onehot) -> list:
    """The floor's forward and backward by hand (kernels only, no autograd): the gradients of
    the MLP with weights and biases `fw` (linear/relu, linear last) at batch `x`, of the
    mean cross entropy against the one-hot targets."""
    acts, pre, h = [x], [], x
    for i in range(0, len(fw), 2):
        z = torch.addmm(fw[i + 1], h, fw[i].t())
        pre.append(z)
        h = z.relu() if i + 2 < len(fw) else z
        acts.append(h)
    g = (torch.softmax(h, 1) - onehot) / x.shape[0]
    grads = [None] * len(fw)
    for layer in reversed(range(len(fw) // 2)):
        grads[2 * layer] = g.t().mm(acts[layer])
        grads[2 * layer + 1] = g.sum(0)
        if layer:
            g = g.mm(fw[2 * layer]) * (pre[layer - 1] > 0)
    return grads


def mlp_pair(batch: int, sizes: tuple[int, ...], fused: bool = False):
    init, x, y, params, opt, sess = mlp_setup(batch, sizes, fused)

    def ours():
        sess.train_step(mlp_loss(sess, params, x, y), opt)

    leaves = [torch.tensor(a, requires_grad=True, device=DEVICE) for a in init]
    topt = torch.optim.Adam(leaves, lr=1e-3, fused=fused)
    tx, ty = torch.from_numpy(x).to(DEVICE), torch.from_numpy(y).to(DEVICE)

    def theirs():
        h = tx
        for i in range(0, len(leaves), 2):
            h = F.linear(h, leaves[i], leaves[i + 1])
            if i + 2 < len(leaves):
                h = h.relu()
        loss = F.cross_entropy(h, ty)
        topt.zero_grad(set_to_none=True)
        loss.backward()
        topt.step()

    # The floor: the same step by hand, no autograd (kernels only).
    fw = [torch.tensor(a, device=DEVICE) for a in init]
    m = [torch.zeros_like(w) for w in fw]
    v = [torch.zeros_like(w) for w in fw]
    step = [0]
    onehot = F.one_hot(ty, sizes[-1]).float()

    @torch.no_grad()
    def floor():
        grads = mlp_floor_gradients(fw, tx, onehot)
        step[0] += 1
        b1c, b2c = 1 - 0.9 ** step[0], 1 - 0.999 ** step[0]
        for w, gw, mw, vw in zip(fw, grads, m, v, strict=True):
            mw.lerp_(gw, 0.1)
            vw.mul_(0.999).addcmul_(gw, gw, value=0.001)
            w.addcdiv_(mw, (vw.sqrt() / b2c**0.5).add_(1e-8), value=-1e-3 / b1c)

    return ours, theirs, floor


def mlp_captured_pair(batch: int, sizes: tuple[int, ...], fused: bool = False):
    """B3 with eagertape's step written torch's way (``zero_grad``, ``loss.backward()``,
    ``step``) and captured (``et.capture``): every call after the first replays the plan. The
    PyTorch step and the floor are B3's (``fused``: Adam(fused=True) on both sides)."""
    _, theirs, floor = mlp_pair(batch, sizes, fused)
    _, x, y, params, opt, sess = mlp_setup(batch, sizes, fused)

    @et.capture
    def step(x, y):
        loss = mlp_loss(sess, params, x, y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()

    def ours():
        with sess:  # a torch-style loop's block, here around one step
            step(x, y)

    return ours, theirs, floor


def compiled(step, compile_seconds: dict[str, float], label: str):
    """`step` compiled by ``torch.compile`` (default mode), called once now: the compile time
    goes to ``compile_seconds[label]``."""
    fn = torch.compile(step)
    start = time.perf_counter()
    fn()
    sync()
    compile_seconds[label] = time.perf_counter() - start
    return fn


def mlp_compiled_pair(batch: int, sizes: tuple[int, ...], compile_seconds: dict[str, float]):
    """B3t: B3c's captured step against B3's PyTorch step under ``torch.compile``; no floor."""
    ours, theirs, _ = mlp_captured_pair(batch, sizes)
    return ours, compiled(theirs, compile_seconds, "B3t"), None


# ---- B8 / B9: the real models' training steps (AdamW), float32 -------------------------------


def model_pair(build_torch, build_et, batch_fn, captured=False, floor=None):
    """One AdamW training step of the same model (torch's initial weights in both) on the same
    batch: eagertape's ``train_step`` against ``zero_grad``/``backward``/``step``.
    ``captured``: eagertape's step written torch's way and captured (``et.capture``).
    ``floor(t_model, x, y)``: the step's hand-written floor (``benches/floors.py``) on its
    own copy of the model and the batch as torch tensors (CPU only)."""
    torch.manual_seed(0)
    t_model = build_torch().to(DEVICE)
    e_model = build_et()
    e_model.load_state_dict(t_model.state_dict())
    t_model.train()
    e_model.train()
    x, y = batch_fn()
    opt = et.optim.AdamW(e_model.parameters(), lr=1e-3)
    sess = et.Session(dtype="float32")
    tx, ty = torch.from_numpy(x).to(DEVICE), torch.from_numpy(y).to(DEVICE)
    topt = torch.optim.AdamW(t_model.parameters(), lr=1e-3)

    def ours():
        logits = e_model(sess, sess.input(x))
        n = logits.shape[-1]
        sess.train_step(et.cross_entropy(logits.reshape(-1, n), y.reshape(-1)), opt)

    if captured:

        @et.capture
        def step(x, ids):
            # token ids stay int64 (B9c); images take the session's dtype (B8c)
            logits = e_model(sess, sess.input(x, dtype="int64" if x.dtype.kind == "i" else None))
            loss = et.cross_entropy(logits.reshape(-1, logits.shape[-1]), ids)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()

        ids = y.reshape(-1).copy()  # the targets as the captured step takes them (an argument)

        def ours():
            with sess:  # a torch-style loop's block, here around one step
                step(x, ids)

    def theirs():
        logits = t_model(tx)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), ty.reshape(-1))
        topt.zero_grad(set_to_none=True)
        loss.backward()
        topt.step()

    if floor is None or DEVICE != "cpu":
        return ours, theirs, None
    torch.manual_seed(0)
    return ours, theirs, floor(build_torch(), tx, ty)


def b8_compiled_pair(compile_seconds: dict[str, float]):
    """B8t: B8c's captured step against B8's PyTorch step under ``torch.compile``."""
    ours, theirs, _ = b8_pair(True)
    return ours, compiled(theirs, compile_seconds, "B8t"), None


def b8_pair(captured=False):
    """B8: the CNN (benches/models.py, width 16) on batch 64 of 1x8x8 images; the floor is
    `floors.cnn_floor` (CPU only)."""
    rng = np.random.default_rng(2)
    batch = (
        rng.standard_normal((64, 1, 8, 8)).astype(np.float32),
        rng.integers(0, 10, 64),
    )
    return model_pair(
        lambda: models.cnn_torch(dtype=torch.float32),
        lambda: models.cnn_et(dtype="float32"),
        lambda: batch,
        captured,
        floors.cnn_floor,
    )


B9_LM = dict(vocab=16, seq=64, width=128, heads=4, layers=2, ff=512)


def b9_pair(captured=False):
    """B9: the transformer LM (2 pre-norm layers, width 128, 4 heads), batch 32 x 64; the
    floor is `floors.lm_floor` (CPU only)."""
    rng = np.random.default_rng(3)
    ids = rng.integers(0, B9_LM["vocab"], (32, B9_LM["seq"] + 1))
    return model_pair(
        lambda: models.LMTorch(**B9_LM, dtype=torch.float32),
        lambda: models.LMEt(**B9_LM, dtype="float32"),
        lambda: (ids[:, :-1].copy(), ids[:, 1:].copy()),
        captured,
        lambda t_model, x, y: floors.lm_floor(t_model, x, y, B9_LM["heads"]),
    )


def b18_checkpointed(rounds: int, iters: int) -> dict[str, float]:
    """B18 (B14 before issue 45): B9's transformer with every block checkpointed. The tape's
    bytes before backward (ledger) against the same forward without checkpointing, and the
    training step's time against the step without checkpointing (eagertape both) and
    against torch's step with ``torch.utils.checkpoint`` on every block."""
    rng = np.random.default_rng(3)
    ids = rng.integers(0, B9_LM["vocab"], (32, B9_LM["seq"] + 1))
    x, y = ids[:, :-1].copy(), ids[:, 1:].copy()
    torch.manual_seed(0)
    t_model = models.LMTorch(**B9_LM, dtype=torch.float32, checkpoint=True).to(DEVICE)
    state = t_model.state_dict()
    plain = models.LMEt(**B9_LM, dtype="float32")
    ckpt = models.LMEt(**B9_LM, dtype="float32", checkpoint=True)
    tapes = {}
    steps = {}
    for name, model in (("plain", plain), ("checkpointed", ckpt)):
        model.load_state_dict(state)
        opt = et.optim.AdamW(model.parameters(), lr=1e-3)
        sess = et.Session(dtype="float32")

        def loss_of(model=model, sess=sess):
            logits = model(sess, sess.input(x))
            return et.cross_entropy(logits.reshape(-1, B9_LM["vocab"]), y.reshape(-1))

        before = et.memory_stats()["by_category"]["tape"]
        loss = loss_of()
        tapes[name] = et.memory_stats()["by_category"]["tape"] - before
        sess.train_step(loss, opt)
        steps[name] = lambda loss_of=loss_of, sess=sess, opt=opt: sess.train_step(loss_of(), opt)
    tx, ty = torch.from_numpy(x).to(DEVICE), torch.from_numpy(y).to(DEVICE)
    topt = torch.optim.AdamW(t_model.parameters(), lr=1e-3)

    def theirs():
        logits = t_model(tx)
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), ty.reshape(-1))
        topt.zero_grad(set_to_none=True)
        loss.backward()
        topt.step()

    fns = [steps["checkpointed"], steps["plain"], theirs]
    for f in fns:
        f()
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(rounds):
        for k, f in enumerate(fns):
            times[k].append(timed(f, iters))
    ck, pl, th = (statistics.median(t) for t in times)
    return {
        "tape_ratio": tapes["checkpointed"] / tapes["plain"],
        "tape_plain": tapes["plain"],
        "tape_checkpointed": tapes["checkpointed"],
        "step_ratio": ck / pl,
        "vs_torch": ck / th,
        "checkpointed_us": ck * 1e6,
        "plain_us": pl * 1e6,
        "torch_us": th * 1e6,
    }


B13_LM = dict(vocab=1000, width=200, layers=2)


def b13_pair():
    """B13: the word-level LSTM LM (2 layers, 200 hidden, vocabulary 1000), batch 32 x 35
    tokens, time-major."""
    rng = np.random.default_rng(4)
    ids = rng.integers(0, B13_LM["vocab"], (36, 32))
    return model_pair(
        lambda: models.WordLMTorch(**B13_LM, dtype=torch.float32),
        lambda: models.WordLMEt(**B13_LM, dtype="float32"),
        lambda: (ids[:-1].copy(), ids[1:].copy()),
    )


# ---- B5 / B6 ---------------------------------------------------------------------------------


def b11_pair(name: str, numel: int):
    """B11: a factory of `numel` float32 elements (1 GiB in a full run), made and freed."""
    sess = et.Session(dtype="float32", seed=0)
    make = {
        "ones": (lambda: sess.ones(numel), lambda: torch.ones(numel, device=DEVICE)),
        "randn": (lambda: sess.randn(numel), lambda: torch.randn(numel, device=DEVICE)),
    }[name]

    def ours():
        make[0]()
        sess.reset_tape()

    def theirs():
        make[1]()

    return ours, theirs, None


def b12_pair(batch: int, classes: int):
    """B12: cross_entropy of (batch, classes) float32 logits and class ids, fwd+bwd."""
    rng = np.random.default_rng(0)
    x = rng.standard_normal((batch, classes)).astype(np.float32)
    y = rng.integers(0, classes, batch)
    sess = et.Session(dtype="float32")
    p = et.Parameter(x)
    tx = torch.tensor(x, device=DEVICE, requires_grad=True)
    ty = torch.tensor(y, device=DEVICE)

    def ours():
        loss = et.cross_entropy(sess.use(p), y)
        with sess.backward(loss):
            sess.reset_tape()

    def theirs():
        tx.grad = None
        F.cross_entropy(tx, ty).backward()

    return ours, theirs, None


def b5_reset_ns_per_node(nodes: int = 10_000, rounds: int = 7) -> float:
    """reset_tape of a 10 000-node tape (1-element adds), nanoseconds per node."""
    sess = et.Session(dtype="float32")
    p = et.Parameter(np.ones(1, dtype=np.float32))
    samples = []
    for _ in range(rounds):
        x = sess.use(p)
        for _ in range(nodes - 1):
            x = x + 1.0
        start = time.perf_counter()
        sess.reset_tape()
        sync()
        samples.append((time.perf_counter() - start) / nodes * 1e9)
    return statistics.median(samples)


def b6_peak_ratio(batch: int, sizes: tuple[int, ...]) -> tuple[float, int, int]:
    """Peak ledger bytes of one Adam step against the minimum: parameters + gradients +
    optimizer state + the activations the forward pass keeps for backward."""
    init = mlp_init(sizes)
    x = np.random.default_rng(1).standard_normal((batch, sizes[0])).astype(np.float32)
    y = np.arange(batch) % sizes[-1]
    other = et.memory_stats()["live_bytes"]  # what other cases still hold
    params = [et.Parameter(a) for a in init]
    opt = et.optim.Adam(params, lr=1e-3)
    sess = et.Session(dtype="float32")

    sess.train_step(mlp_loss(sess, params, x, y), opt)  # creates the optimizer state
    base = et.memory_stats()["live_bytes"] - other  # parameters + optimizer state
    param_bytes = sum(a.nbytes for a in init)
    loss = mlp_loss(sess, params, x, y)
    activations = et.memory_stats()["by_category"]["tape"]
    et.reset_peak_memory_stats()
    sess.train_step(loss, opt)
    peak = et.memory_stats()["peak_bytes"] - other
    minimum = base + param_bytes + activations  # + one gradient per parameter
    return peak / minimum, peak, minimum


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="a smoke run (CI)")
    ap.add_argument("--plot", metavar="PNG", help="also draw the ratios (needs matplotlib)")
    ap.add_argument("--device", default="cpu", help="cpu (default), cuda or cuda:N")
    ap.add_argument(
        "--compile",
        action="store_true",
        help="also B3t/B8t: the captured steps against torch.compile'd ones (compiles take "
        "about a minute)",
    )
    args = ap.parse_args()
    global DEVICE
    DEVICE = args.device
    if DEVICE.startswith("cuda") and not torch.cuda.is_available():
        raise SystemExit(f"--device {DEVICE}: no CUDA device is visible to torch")
    et.set_default_device(DEVICE)
    rounds, scale = (2, 0.05) if args.quick else (7, 1.0)
    # B11/B12 sizes: 1 GiB factories and 512 x 32,000 logits (a smoke run takes 16 MiB).
    big, big_label = (2**22, "16 MiB") if args.quick else (2**28, "1 GiB")
    ce = (64, 4000) if args.quick else (512, 32_000)
    # (name, functions, iterations per timing, rounds factor). B4's steps are long and the
    # machine's speed drifts: it alternates the three every 2 steps, over 4x the rounds.
    cases = [
        ("B1 100 chained adds, 1-element, recorded", b1_pair(), 400, 1),
        ("B2 100-op small-tensor chain, fwd+bwd", b2_pair(), 200, 1),
        (
            "B7 100 mixed small ops (index, amax, where, cat, permute+reshape), fwd+bwd",
            b7_pair(),
            200,
            1,
        ),
        ("B3 MLP 64-128-10 step (Adam), batch 64", mlp_pair(64, (64, 128, 10)), 300, 1),
        (
            "B3c B3 written torch's way and captured (et.capture)",
            mlp_captured_pair(64, (64, 128, 10)),
            300,
            1,
        ),
        (
            "B3cf B3c with Adam(fused=True) on both sides",
            mlp_captured_pair(64, (64, 128, 10), fused=True),
            300,
            1,
        ),
        (
            "B4 MLP 1024-1024-1024-10 step (Adam), batch 256",
            mlp_pair(256, (1024, 1024, 1024, 10)),
            2,
            4,
        ),
        ("B8 CNN step (AdamW), batch 64 of 8x8 digits", b8_pair(), 20, 1),
        ("B8c B8 written torch's way and captured (et.capture)", b8_pair(True), 20, 1),
        ("B9 transformer LM step (AdamW), 2 layers, width 128, batch 32 x 64", b9_pair(), 2, 2),
        ("B9c B9 written torch's way and captured (et.capture)", b9_pair(True), 2, 2),
        ("B13 2-layer LSTM LM step (AdamW), 200 hidden, batch 32 x 35 tokens", b13_pair(), 5, 2),
    ]
    compile_seconds: dict[str, float] = {}
    if args.compile:
        cases += [
            (
                "B3t B3c against torch.compile (default mode)",
                mlp_compiled_pair(64, (64, 128, 10), compile_seconds),
                300,
                1,
            ),
            (
                "B8t B8c against torch.compile (default mode)",
                b8_compiled_pair(compile_seconds),
                20,
                1,
            ),
        ]
    cases += train_steps.cases(args.quick, DEVICE)
    cases += [
        (f"B11a ones, {big_label} float32", b11_pair("ones", big), 1, 1),
        (f"B11b randn, {big_label} float32", b11_pair("randn", big), 1, 1),
        (
            f"B12 cross_entropy, {ce[0]} x {ce[1]} float32 logits and class ids, fwd+bwd",
            b12_pair(*ce),
            5,
            1,
        ),
    ]
    where = torch.cuda.get_device_name(DEVICE) if DEVICE.startswith("cuda") else "cpu"
    print(f"torch {torch.__version__}, intra-op threads {torch.get_num_threads()}, {where}")
    print("| case | eagertape (µs) | PyTorch (µs) | floor (µs) | vs PyTorch | vs floor |")
    print("|---|---:|---:|---:|---:|---:|")
    ratios = {}
    for name, (ours, theirs, floor), iters, factor in cases:
        iters = max(1, int(iters * scale))
        fns = [f for f in (ours, theirs, floor) if f is not None]
        for f in fns:
            f()  # warm up
        times: list[list[float]] = [[] for _ in fns]
        for _ in range(rounds * factor):
            for k, f in enumerate(fns):
                times[k].append(timed(f, iters))
        med = [statistics.median(t) for t in times]
        vs_torch = med[0] / med[1]
        floor_cells = ("—", "—")
        if floor is not None:
            floor_cells = (f"{med[2] * 1e6:.1f}", f"{med[0] / med[2]:.2f}")
        ratios[name.split()[0]] = vs_torch
        print(
            f"| {name} | {med[0] * 1e6:.1f} | {med[1] * 1e6:.1f} | {floor_cells[0]} "
            f"| {vs_torch:.2f} | {floor_cells[1]} |"
        )
    for label, seconds in compile_seconds.items():
        print(f"{label}: torch.compile took {seconds:.1f} s to compile the step (first call)")
    if DEVICE == "cpu":  # B10: two processes on gloo (ddp_bench.py); NCCL needs two GPUs
        for model, (ours, theirs, ratio) in ddp_bench.run(args.quick).items():
            ratios[f"B10/{model.upper()}"] = ratio
            print(
                f"| {ddp_bench.LABELS[model]} | {ours * 1e6:.1f} | {theirs * 1e6:.1f} | — "
                f"| {ratio:.2f} | — |"
            )
    b18 = b18_checkpointed(rounds, max(1, int(2 * scale)))
    ratios["B18/time"] = b18["step_ratio"]
    ratios["B18/tape"] = b18["tape_ratio"]
    print(
        f"\nB18 B9's transformer, every block checkpointed: tape {b18['tape_checkpointed']} B "
        f"against {b18['tape_plain']} B without ({b18['tape_ratio']:.3f}; bound 1/L + 0.1 = "
        f"{1 / B9_LM['layers'] + 0.1:.2f}); step {b18['checkpointed_us']:.1f} µs against "
        f"{b18['plain_us']:.1f} µs without ({b18['step_ratio']:.2f}; bound 1.4) and "
        f"{b18['torch_us']:.1f} µs for torch's checkpointed step ({b18['vs_torch']:.2f})"
    )
    nodes = 2_000 if args.quick else 10_000
    ns = b5_reset_ns_per_node(nodes, rounds)
    print(f"\nB5 reset_tape of a {nodes}-node tape: {ns:.0f} ns per node")
    for label, batch, sizes in (("B3", 64, (64, 128, 10)), ("B4", 256, (1024, 1024, 1024, 10))):
        if args.quick and label == "B4":
            continue
        r, peak, minimum = b6_peak_ratio(batch, sizes)
        ratios[f"B6/{label}"] = r
        print(f"B6 peak of the {label} step: {peak} B against a minimum of {minimum} B: {r:.3f}")
    if args.plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots(figsize=(9, 3.5))
        ax.bar(list(ratios), list(ratios.values()), color="tab:blue")
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_ylabel("eagertape / reference")
        ax.set_title("B1-B4, B7-B17: time vs PyTorch; B6: peak bytes vs minimum; B18: vs unchecked")
        fig.tight_layout()
        fig.savefig(args.plot, dpi=120)
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
