"""Optimizers. Each validates its whole input before it changes any parameter, and updates
every parameter in one call into the Rust core (in place when no tape holds the snapshot)."""

from ._core import SGD, Adam, AdamW, Optimizer

__all__ = ["Optimizer", "SGD", "Adam", "AdamW"]
