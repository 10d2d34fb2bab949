"""torch.optim's ``state_dict`` layout over the core optimizers' own.

torch's: ``{"state": {index: {"step": tensor, <buffer>: tensor, ...}}, "param_groups":
[{<hyperparameter>: value, ..., "params": [index, ...]}]}``, parameters numbered in group
order. The cores keep ``{"type", "hyper", "state": {parameter id: {...}}}`` with pairs such
as ``betas`` as two numbers and flags as 0 or 1 (checkpoints store that form). Values go out
as torch tensors, so ``torch.optim`` loads the dict as it is; they come in as torch tensors,
numpy arrays, eagertape tensors or numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import torch

from .._core import _OPTIMIZER_SIGNATURES, Tensor
from .._errors import ConfigError

# torch's pairs and the cores' two names for each, and the flags (held as 0 or 1): read off
# the optimizers' signatures, which the core declares.
_ARGS = [arg for signature in _OPTIMIZER_SIGNATURES.values() for arg in signature]
PAIRS: dict[str, tuple[str, ...]] = {name: members for name, _, members in _ARGS if members}
_FLAGS = {name for name, default, _ in _ARGS if isinstance(default, bool)} | {"maximize"}
# Keys torch's groups carry that select its implementation (no value of ours).
TORCH_ONLY = {"foreach": None, "capturable": False, "differentiable": False, "fused": None}


def torch_hyper(flat: Mapping[str, float]) -> dict[str, Any]:
    """A core's hyperparameters under torch's group keys (pairs as tuples, flags as bools)."""
    out: dict[str, Any] = {}
    members = {m: pair for pair, names in PAIRS.items() for m in names}
    for name, value in flat.items():
        pair = members.get(name)
        if pair is not None:
            if pair not in out:
                out[pair] = tuple(float(flat[m]) for m in PAIRS[pair])
        elif name in _FLAGS:
            out[name] = bool(value)
        else:
            out[name] = value
    return out


def flat_hyper(group: Mapping[str, Any], known: Sequence[str]) -> dict[str, float]:
    """torch's group keys back to the core's names (only the names the core has)."""
    out: dict[str, float] = {}
    for pair, names in PAIRS.items():
        if pair in group and names[0] in known:
            try:
                first, second = group[pair]
            except (TypeError, ValueError):
                raise ConfigError(f"load_state_dict: {pair} must be a pair") from None
            out[names[0]], out[names[1]] = float(first), float(second)
    for name in known:
        if name in group and name not in out:
            out[name] = float(group[name])
    return out


def _out(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return torch.from_numpy(value)
    return torch.tensor(float(value), dtype=torch.float64)


def _in(value: Any) -> Any:
    if isinstance(value, Tensor):  # eagertape's (what eagertape.load gives)
        value = np.asarray(value.numpy())  # a copy
    if isinstance(value, torch.Tensor):
        value = value.detach().cpu()
        return float(value) if value.dim() == 0 else value.numpy()
    if isinstance(value, np.ndarray) and value.ndim == 0:
        return float(value)
    return value


def torch_state_dict(pairs: Sequence[tuple[Any, Mapping[str, Any]]]) -> dict[str, Any]:
    """torch's ``state_dict`` of the cores ``pairs`` lists with their groups."""
    state: dict[int, dict[str, Any]] = {}
    groups: list[dict[str, Any]] = []
    index = 0
    for core, group in pairs:
        internal = core._state_dict()
        ids: dict[int, int] = {}
        for p in core.params:
            ids[p.id] = index
            index += 1
        for pid, entry in internal["state"].items():
            out: dict[str, Any] = {}
            for key, value in entry.items():
                if key == "step":
                    if internal["type"] != "SGD":  # torch's SGD keeps no step
                        out["step"] = torch.tensor(float(value))
                else:
                    out[key] = _out(value)
            if out:  # plain SGD keeps nothing, as torch's
                state[ids[pid]] = out
        g = {k: v for k, v in group.items() if k != "params"}
        g.update(TORCH_ONLY)
        g.update(torch_hyper(internal["hyper"]))
        g["params"] = [ids[p.id] for p in core.params]
        groups.append(g)
    return {"state": state, "param_groups": groups}


def load_torch_state_dict(
    pairs: Sequence[tuple[Any, dict[str, Any]]], sd: Mapping[str, Any]
) -> None:
    """Load torch's layout into the cores: every group and entry converted and each core's
    state checked (by its own loader) before anything changes; a later core's refusal puts
    the earlier ones back."""
    if not isinstance(sd, Mapping):
        raise ConfigError(f"load_state_dict: expected a state dict, got {type(sd).__name__}")
    saved_groups = sd.get("param_groups")
    saved_state = sd.get("state", {})
    if not isinstance(saved_groups, list) or not isinstance(saved_state, Mapping):
        raise ConfigError("load_state_dict: expected torch's keys state and param_groups")
    if len(saved_groups) != len(pairs):
        raise ConfigError(
            f"load_state_dict: the state dict has {len(saved_groups)} parameter groups, "
            f"the optimizer {len(pairs)}"
        )
    try:
        state = {int(k): v for k, v in saved_state.items()}
    except (TypeError, ValueError):
        raise ConfigError("load_state_dict: state keys must be parameter indices") from None
    before = [core._state_dict() for core, _ in pairs]  # to put back on a refusal
    plans = []
    for (core, _), saved, internal in zip(pairs, saved_groups, before, strict=True):
        params = core.params
        indices = list(saved.get("params", ()))
        if len(indices) != len(params):
            raise ConfigError(
                "load_state_dict: a parameter group of the state dict holds "
                f"{len(indices)} parameters, the optimizer's {len(params)}"
            )
        for key, default in (("capturable", False), ("differentiable", False)):
            if saved.get(key, default) not in (default, None):
                raise ConfigError(f"load_state_dict: {key}=True is not supported")
        entries = {}
        for idx, p in zip(indices, params, strict=True):
            entry = state.get(int(idx))
            if entry is None:
                continue
            converted = {k: _in(v) for k, v in entry.items()}
            converted["step"] = int(converted.get("step", 0))
            entries[p.id] = converted
        hyper = flat_hyper(saved, list(internal["hyper"]))
        plans.append((core, {"type": internal["type"], "hyper": hyper, "state": entries}))
    done = 0
    try:
        for core, plan in plans:
            core._load_state_dict(plan)
            done += 1
    except Exception:
        for (core, _), sd_before in zip(plans[:done], before[:done], strict=True):
            core._load_state_dict(sd_before)
        raise
    hyper_keys = set(PAIRS) | set(TORCH_ONLY) | {"params"}
    for (core, group), saved in zip(pairs, saved_groups, strict=True):
        flat = core._hyper()
        for key, value in torch_hyper(flat).items():
            dict.__setitem__(group, key, value)
        for key, value in saved.items():  # what a scheduler keeps (initial_lr, ...)
            if key not in hyper_keys and key not in flat:
                dict.__setitem__(group, key, value)
