"""``torch.cpu``'s device queries, for scripts that ask the device's module
(``torch.get_device_module("cpu")``): the CPU is always there, one device, and eagertape's
CPU ops run synchronously, so there is nothing to wait for."""

from __future__ import annotations

__all__ = ["current_device", "device_count", "is_available", "synchronize"]


def is_available() -> bool:
    """Whether the CPU can be used: always ``True``, as torch's.

    Returns:
        bool: ``True``.
    """
    return True


def device_count() -> int:
    """The number of CPU devices: ``1``, as torch's.

    Returns:
        int: ``1``.
    """
    return 1


def current_device() -> str:
    """The current CPU device's name: ``"cpu"``, as torch's.

    Returns:
        str: ``"cpu"``.
    """
    return "cpu"


def synchronize(device: object = None) -> None:
    """Waits for the CPU's work to finish: it already has (eagertape's CPU ops return when
    done), as torch's.

    Args:
        device (optional): ignored (the CPU).
    """
    del device
