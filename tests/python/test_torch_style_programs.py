"""Random torch-style programs, run by eagertape and by PyTorch side by side: ops on
parameters and on each other's results, tensors dropped at random, `loss.backward()` from
random tensors (each closing its graph and compacting the tape), `zero_grad`, stretches under
`no_grad`, in-place writes. After every step every tensor the program still holds reads
torch's value (the compaction renumbered the nodes under the handles), and after every
backward `p.grad` is torch's; at the end the ledger is back where it started.

The parameters' values come from a normal distribution, or from a palette of kinks and ties
(0, ±0.5, ±1, ±3, 6: every element equals several others, and sits on the clip bounds and
kinks of the ops below), or from that palette with NaN and ±inf; in float64 and float32."""

from __future__ import annotations

import numpy as np
import pytest
import torch

import eagertape as et

SHAPE = (3, 3)


def _ops():
    return [
        ("add", lambda a, b: a + b),
        ("mul", lambda a, b: a * b),
        ("matmul", lambda a, b: a @ b),
        ("sub_tanh", lambda a, b: (a - b).tanh()),
        ("sin", lambda a, b: a.sin()),
        ("t_relu", lambda a, b: a.T.relu()),
        ("softmax", lambda a, b: a.softmax(-1)),
        ("maximum", lambda a, b: a.maximum(b)),
        ("minimum_abs", lambda a, b: a.minimum(b.abs())),
        ("clamp", lambda a, b: a.clamp(-0.5, 1.0)),
        ("sub_max", lambda a, b: a - a.max()),
        ("sub_amax_rows", lambda a, b: a - a.amax(1, keepdim=True)),
    ]


PALETTE = np.array([0.0, 0.5, -0.5, 1.0, -1.0, 3.0, -3.0, 6.0])
VALUES = {
    "normal": lambda rng: rng.standard_normal(SHAPE),
    "ties": lambda rng: rng.choice(PALETTE, size=SHAPE),
    "nonfinite": lambda rng: rng.choice(
        np.concatenate([PALETTE, [np.nan, np.inf, -np.inf]]), size=SHAPE
    ),
}
TOLERANCE = {"float64": (1e-12, 1e-12, 1e-10), "float32": (1e-5, 1e-6, 1e-4)}


class Program:
    def __init__(self, seed: int, values: str = "normal", dtype: str = "float64"):
        self.rng = np.random.default_rng(seed)
        self.p0 = [VALUES[values](self.rng).astype(dtype) for _ in range(3)]
        self.ep = [et.Parameter(v, dtype=dtype) for v in self.p0]
        self.tp = [torch.tensor(v, requires_grad=True) for v in self.p0]
        self.rtol, self.atol, self.grad_rtol = TOLERANCE[dtype]
        # live values: (eagertape tensor, torch tensor, ancestry of op ids)
        self.live: list[tuple[object, torch.Tensor, frozenset]] = []
        self.closed: set[int] = set()
        self.next_id = 0

    def operand(self):
        k = int(self.rng.integers(0, len(self.live) + len(self.ep)))
        if k < len(self.ep):
            return self.ep[k], self.tp[k], frozenset()
        return self.live[k - len(self.ep)]

    def step(self) -> str:
        r = self.rng.random()
        if r < 0.45 or not self.live:
            name, f = _ops()[int(self.rng.integers(0, len(_ops())))]
            (ea, ta, aa), (eb, tb, ab) = self.operand(), self.operand()
            no_grad = self.rng.random() < 0.15
            if no_grad:
                with et.no_grad(), torch.no_grad():
                    self.live.append((f(ea, eb), f(ta, tb), frozenset()))
                return f"{name} (no_grad)"
            self.next_id += 1
            self.live.append((f(ea, eb), f(ta, tb), aa | ab | {self.next_id}))
            return name
        if r < 0.65:
            del self.live[int(self.rng.integers(0, len(self.live)))]
            return "drop"
        if r < 0.72:
            i = int(self.rng.integers(0, len(self.live)))
            e, t, anc = self.live[i]
            if anc & self.closed or not t.requires_grad:
                return "skip"
            e2, t2 = e * 1.0, t * 1.0  # in place on a fresh value (torch: on a non-leaf)
            e2.add_(0.5)
            t2.add_(0.5)
            self.next_id += 1
            self.live.append((e2, t2, anc | {self.next_id}))
            return "add_"
        if r < 0.74:
            i = int(self.rng.integers(0, len(self.live)))
            e, t, anc = self.live[i]
            if anc & self.closed:
                return "skip"
            e2, t2 = e * 1.0, t * 1.0
            e2[0, 1] = 0.25
            t2[0, 1] = 0.25
            e2[e2 > 1.0] = -1.0
            t2[t2 > 1.0] = -1.0
            self.next_id += 1
            self.live.append((e2, t2, anc | {self.next_id}))
            return "setitem"
        if r < 0.76:
            e, t, _ = self.live[int(self.rng.integers(0, len(self.live)))]
            self.live.append((e.detach(), t.detach(), frozenset()))
            return "detach"
        if r < 0.78:
            k = int(self.rng.integers(0, len(self.ep)))
            on = not self.tp[k].requires_grad
            self.ep[k].requires_grad = on
            self.tp[k].requires_grad_(on)
            return f"requires_grad {k} {on}"
        if r < 0.81:
            et._core._zero_grad(self.ep)
            for p in self.tp:
                p.grad = None
            return "zero_grad"
        candidates = [
            i
            for i, (_, t, anc) in enumerate(self.live)
            if t.requires_grad and not anc & self.closed
        ]
        if not candidates:
            return "skip"
        e, t, anc = self.live[int(self.rng.choice(candidates))]
        e.sum().backward()
        t.sum().backward()
        self.closed |= anc
        return "backward"

    def check(self, where: str) -> None:
        for e, t, _ in self.live:
            assert e.requires_grad == t.requires_grad, where
            np.testing.assert_allclose(
                e.numpy(), t.detach().numpy(), rtol=self.rtol, atol=self.atol, err_msg=where
            )
        for ep, tp in zip(self.ep, self.tp, strict=True):
            if tp.grad is None:
                assert ep.grad is None or not np.any(ep.grad.numpy()), where
            else:
                np.testing.assert_allclose(
                    ep.grad.numpy(),
                    tp.grad.numpy(),
                    rtol=self.grad_rtol,
                    atol=self.atol,
                    err_msg=where,
                )


def _programs():
    cases = [
        pytest.param(seed, "normal", "float64", id=f"normal-float64-{seed}") for seed in range(40)
    ]
    for values in ("ties", "nonfinite"):
        for dtype in ("float64", "float32"):
            cases += [
                pytest.param(seed, values, dtype, id=f"{values}-{dtype}-{seed}")
                for seed in range(10)
            ]
    return cases


@pytest.mark.parametrize(("seed", "values", "dtype"), _programs())
def test_a_random_torch_style_program_reads_torchs_values_and_gradients(seed, values, dtype):
    before = et.memory_stats()["by_category"]
    with et.Session(dtype=dtype) as sess:
        prog = Program(seed, values, dtype)
        for k in range(120):
            what = prog.step()
            prog.check(f"{values} {dtype} seed {seed}, step {k}: {what}")
        assert sess.tape_len <= 2 * 1024
        del prog
    del sess  # its gradient store (p.grad) goes with it
    assert et.memory_stats()["by_category"] == before
