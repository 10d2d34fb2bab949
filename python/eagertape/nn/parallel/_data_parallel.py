"""``DataParallel``: torch's single-process wrapper, over eagertape's one device."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..module import Module


class DataParallel(Module):
    """Wraps ``module`` as ``torch.nn.DataParallel`` does, for scripts written with it.

    torch's splits each batch across the GPUs of ``device_ids`` and gathers the outputs on
    ``output_device``; a session has one device, so here the wrapper calls ``module`` on the
    whole batch (torch's own behaviour when no GPU is available), with the same results.
    The wrapped module is ``self.module``, and ``state_dict()`` keys take torch's
    ``"module."`` prefix. For several devices, use ``DistributedDataParallel``.

    Args:
        module (Module): the module to wrap.
        device_ids (list of int or str, optional): torch's devices to split over; kept for
            torch's signature. Default: ``None``.
        output_device (int or str, optional): where torch gathers the outputs; kept.
            Default: ``None``.
        dim (int): the dimension torch splits along; kept. Default: ``0``.

    Raises:
        TypeError: ``module`` is not an ``eagertape.nn.Module``.

    Examples:
        >>> import eagertape as et
        >>> model = et.nn.DataParallel(et.nn.Linear(3, 2, seed=0))
        >>> with et.Session():
        ...     tuple(model(et.ones(4, 3)).shape)
        (4, 2)
        >>> list(model.state_dict())
        ['module.weight', 'module.bias']
    """

    def __init__(
        self,
        module: Module,
        device_ids: Sequence[int | str] | None = None,
        output_device: int | str | None = None,
        dim: int = 0,
    ) -> None:
        if not isinstance(module, Module):
            raise TypeError(f"DataParallel wraps an eagertape Module, got {type(module).__name__}")
        super().__init__()
        self.module = module
        self.device_ids = [] if device_ids is None else list(device_ids)
        self.output_device = output_device
        self.dim = dim

    def forward(self, *inputs: Any, **kwargs: Any) -> Any:
        """Calls the wrapped module on the whole batch.

        Args:
            *inputs: the module's positional arguments.
            **kwargs: its keyword arguments.

        Returns:
            the module's output.
        """
        return self.module(*inputs, **kwargs)
