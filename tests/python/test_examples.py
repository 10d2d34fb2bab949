"""The examples (CNN on digits, transformer reversing digits) run with tiny settings, write a
PNG plot, a safetensors checkpoint and a JSON progress file, and `--resume` continues from
where a run stopped: the resumed run ends bit-identical to an uninterrupted one. A `--resume`
without a checkpoint, or with one from a different model, fails with a clear message."""

from __future__ import annotations

import json
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest
import safetensors
from safetensors.numpy import load_file

# The examples run in subprocesses on cpu, as README shows them.
pytestmark = pytest.mark.cpu_only

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"
CNN = EXAMPLES / "train_cnn_digits.py"
LM = EXAMPLES / "train_transformer.py"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"

CNN_TINY = ("--epochs", "2", "--width", "8")
LM_TINY = (
    "--steps", "30", "--save-every", "10", "--log-every", "5", "--max-len", "4",
    "--d-model", "16", "--heads", "2", "--ff", "32", "--eval-per-length", "5",
    "--dropout", "0.1",
)  # fmt: skip


def run(script: pathlib.Path, out: pathlib.Path, *args: str, ok: bool = True):
    proc = subprocess.run(
        [sys.executable, str(script), "--out", str(out), *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=out.parent,
    )
    if ok:
        assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


def check_files(out: pathlib.Path, name: str) -> dict:
    """The PNG is a PNG, the checkpoint opens with safetensors; the progress JSON."""
    assert (out / f"{name}.png").read_bytes()[:8] == PNG_MAGIC
    with safetensors.safe_open(str(out / f"{name}.safetensors"), "numpy") as f:
        keys = set(f.keys())
        assert f.metadata()["format"] == "eagertape"
    assert any(k.startswith("optimizer/") for k in keys)
    assert not list(out.glob(".*.tmp")), "a temporary file was left behind"
    return {"keys": keys, "progress": json.loads((out / f"{name}.json").read_text())}


def assert_same_checkpoint(a: pathlib.Path, b: pathlib.Path) -> None:
    ta, tb = load_file(str(a)), load_file(str(b))
    assert ta.keys() == tb.keys()
    for key in ta:
        assert np.array_equal(ta[key], tb[key]), key


def test_cnn_digits_writes_its_files_and_resumes_where_it_stopped(tmp_path):
    out = tmp_path / "cnn"
    first = run(CNN, out, *CNN_TINY, "--stop-at", "1").stdout
    assert "epoch 1/2:" in first and "stopped after epoch 1/2" in first
    files = check_files(out, "cnn_digits")
    # BatchNorm's buffers travel with the weights.
    assert {"0.weight", "1.running_mean", "1.running_var", "1.num_batches_tracked"} <= files["keys"]
    assert files["progress"]["epoch"] == 1

    resumed = run(CNN, out, *CNN_TINY, "--resume").stdout
    assert "after epoch 1/2" in resumed
    assert "epoch 1/2:" not in resumed and "epoch 2/2:" in resumed
    assert re.search(r"^test accuracy: \d\.\d{3}$", resumed, re.M)
    progress = check_files(out, "cnn_digits")["progress"]
    assert progress["epoch"] == 2
    assert [r["epoch"] for r in progress["history"]] == [1, 2]

    # Weights, buffers and optimizer state equal those of an uninterrupted run.
    straight = tmp_path / "straight"
    run(CNN, straight, *CNN_TINY)
    assert_same_checkpoint(out / "cnn_digits.safetensors", straight / "cnn_digits.safetensors")


@pytest.mark.parametrize("low", ["bfloat16", "float16"])
def test_cnn_digits_trains_under_autocast(tmp_path, low):
    # The forward pass in 16 bits (float16 with loss scaling): the run learns as the
    # float32 one does (BENCHMARKS.md has the full runs' accuracies).
    acc = {}
    for mode in ("none", low):
        out = run(CNN, tmp_path / mode, *CNN_TINY, "--autocast", mode).stdout
        acc[mode] = float(re.search(r"^test accuracy: (\d\.\d{3})$", out, re.M).group(1))
    assert acc[low] >= 0.5 and abs(acc[low] - acc["none"]) <= 0.1, acc


def test_transformer_writes_its_files_and_resumes_where_it_stopped(tmp_path):
    out = tmp_path / "lm"
    first = run(LM, out, *LM_TINY, "--stop-at", "20").stdout
    assert "stopped at step 20/30" in first
    files = check_files(out, "transformer_reverse")
    assert {"tok.weight", "pos.weight", "head.weight"} <= files["keys"]
    assert files["progress"]["step"] == 20

    resumed = run(LM, out, *LM_TINY, "--resume").stdout
    assert "resumed from" in resumed and "at step 20/30" in resumed
    assert "step 10/30:" not in resumed and "step 30/30:" in resumed
    assert re.search(r"^held-out exact-sequence accuracy: \d\.\d{3}$", resumed, re.M)
    progress = check_files(out, "transformer_reverse")["progress"]
    assert progress["step"] == 30
    assert [r["step"] for r in progress["history"]["eval"]] == [10, 20, 30]

    straight = tmp_path / "straight"
    run(LM, straight, *LM_TINY)
    assert_same_checkpoint(
        out / "transformer_reverse.safetensors", straight / "transformer_reverse.safetensors"
    )
    full = json.loads((straight / "transformer_reverse.json").read_text())
    assert progress["history"] == full["history"]


@pytest.mark.parametrize(
    "script", [CNN, LM, EXAMPLES / "train_ddp.py"], ids=["cnn", "transformer", "ddp"]
)
def test_resume_without_a_checkpoint_fails_clearly(tmp_path, script):
    out = tmp_path / "empty"
    proc = run(script, out, "--resume", ok=False)
    assert proc.returncode != 0
    assert "--resume: no checkpoint at" in proc.stderr
    assert str(out) in proc.stderr
    assert "Traceback" not in proc.stderr


def test_resume_with_a_different_model_fails_clearly(tmp_path):
    out = tmp_path / "lm"
    run(LM, out, *LM_TINY, "--stop-at", "10")
    proc = run(LM, out, *LM_TINY, "--d-model", "32", "--resume", ok=False)
    assert proc.returncode != 0
    assert "--d-model 16 (now 32)" in proc.stderr
    assert "Traceback" not in proc.stderr
    # A damaged checkpoint is refused with the loader's message, not a traceback.
    ckpt = out / "transformer_reverse.safetensors"
    ckpt.write_bytes(ckpt.read_bytes()[:100])
    proc = run(LM, out, *LM_TINY, "--resume", ok=False)
    assert proc.returncode != 0
    assert "cannot load" in proc.stderr and "truncated" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_ddp_example_trains_on_two_ranks_with_identical_weights_and_one_checkpoint(tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    out = tmp_path / "ddp"
    proc = subprocess.run(
        [
            sys.executable, "-m", "torch.distributed.run", "--nproc_per_node=2",
            "--master_addr=127.0.0.1", f"--master_port={port}",
            str(EXAMPLES / "train_ddp.py"), "--epochs", "2", "--out", str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "weights identical on all 2 rank(s): True" in proc.stdout
    assert proc.stdout.count("test accuracy:") == 1  # rank 0 alone reports
    assert re.search(r"^test accuracy: 0\.[89]\d\d$", proc.stdout, re.M), proc.stdout
    assert [p.name for p in out.iterdir()] == ["ddp_digits.safetensors"]  # rank 0 alone writes
    assert "layers.0.weight" in load_file(str(out / "ddp_digits.safetensors"))


@pytest.mark.parametrize(
    "script", ["train_digits.py", "train_cnn_digits.py", "train_transformer.py", "train_ddp.py"]
)
def test_every_example_documents_the_shared_options(script):
    # one meaning of --out everywhere; --resume and a total --epochs/--steps where they resume
    proc = subprocess.run(
        [sys.executable, str(EXAMPLES / script), "--help"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    usage = proc.stdout
    assert "--out" in usage and "examples/out" in usage.replace("\n", " ")
    assert "--resume" in usage
    assert re.search(r"--(epochs|steps) \w+\s+total", usage), usage


def test_ddp_example_resumes_to_the_weights_of_a_straight_run(tmp_path):
    # one process (world size 1): 1 epoch, then --resume to 2 in total, equals 2 epochs
    # straight, bit for bit (the same sampler order per epoch, the AdamW state restored)
    ddp = EXAMPLES / "train_ddp.py"
    straight, resumed = tmp_path / "straight", tmp_path / "resumed"
    run(ddp, straight, "--epochs", "2")
    run(ddp, resumed, "--epochs", "1")
    proc = run(ddp, resumed, "--epochs", "2", "--resume")
    assert "resumed from" in proc.stdout and "after 1 epochs" in proc.stdout
    a = load_file(str(straight / "ddp_digits.safetensors"))
    b = load_file(str(resumed / "ddp_digits.safetensors"))
    assert a.keys() == b.keys()
    for k in a:
        np.testing.assert_array_equal(a[k], b[k], err_msg=k)
