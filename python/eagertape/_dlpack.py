"""CUDA stream handling for the DLPack protocol, through torch's streams (the core computes
on torch's current stream of each device; same process, same CUDA runtime)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import torch


# (torch leaves the constructors of its `Event` and `ExternalStream` unannotated)
class _NewExternalStream(Protocol):
    def __call__(self, stream_ptr: int, device: int) -> torch.cuda.ExternalStream: ...


def consumer_stream(device_index: int) -> int:
    """The stream eagertape reads on, as DLPack's ``__dlpack__(stream=...)`` wants it: the
    current stream of ``device_index``, 1 for the legacy default stream (0 is ambiguous)."""
    s = torch.cuda.current_stream(device_index).cuda_stream
    return 1 if s == 0 else int(s)


def sync_for_consumer(device_index: int, stream: int) -> None:
    """Make the consumer's ``stream`` wait for what is queued on eagertape's current stream
    of ``device_index`` (an event, not a host synchronisation)."""
    current = torch.cuda.current_stream(device_index)
    if stream == current.cuda_stream or (stream == 1 and current.cuda_stream == 0):
        return
    new_event: Callable[[], torch.cuda.Event] = torch.cuda.Event
    event = new_event()
    event.record(current)
    new_external_stream: _NewExternalStream = torch.cuda.ExternalStream
    new_external_stream(stream, device=device_index).wait_event(event)
