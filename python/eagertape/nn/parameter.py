"""``torch.nn.parameter``'s names: ``Parameter`` (eagertape's), ``Buffer`` (a tensor a
module registers as a buffer when assigned to it), and the placeholders of the lazy modules,
``UninitializedParameter`` and ``UninitializedBuffer``."""

from __future__ import annotations

from typing import Any

from .._core import Parameter

__all__ = ["Buffer", "Parameter", "UninitializedBuffer", "UninitializedParameter"]


class Buffer:
    """A tensor to register as a buffer of the module it is assigned to, as
    ``torch.nn.Buffer``: ``self.running = nn.Buffer(torch.zeros(3))`` is
    ``self.register_buffer("running", torch.zeros(3))``.

    The module holds the buffer (an ``et.Parameter`` with ``requires_grad=False``, in
    ``buffers()`` and, when ``persistent``, in ``state_dict()``); this object only carries
    the data to it.

    Args:
        data (Tensor or array, optional): the buffer's value. Default: ``None`` (an empty
            float32 tensor, as torch's).
        persistent (bool): whether the buffer is part of the module's ``state_dict``.
            Default: ``True``.

    Examples:
        >>> import eagertape as et
        >>> import numpy as np
        >>> m = et.nn.Module()
        >>> m.count = et.nn.Buffer(np.zeros(2))
        >>> [name for name, _ in m.named_buffers()]
        ['count']
    """

    def __init__(self, data: Any = None, *, persistent: bool = True) -> None:
        import numpy as np

        self.data = np.zeros(0, np.float32) if data is None else data
        self.persistent = bool(persistent)

    def __repr__(self) -> str:
        return f"Buffer(persistent={self.persistent})"


class UninitializedParameter:
    """A parameter whose shape is not known yet: what a lazy module (``nn.LazyLinear``)
    holds until its first call infers the shape, as ``torch.nn.UninitializedParameter``.

    It has no shape and no values: reading one raises torch's ``ValueError``.
    ``materialize(shape)`` makes the ``et.Parameter`` (zeros) that takes its place; torch's
    changes the object itself into a Parameter, eagertape's returns the new one (a lazy
    module stores it under the placeholder's name).

    Args:
        requires_grad (bool): whether the materialized parameter is trained. Default:
            ``True``.
        device (str, optional): the device of the materialized parameter. Default:
            ``None`` (the process default device).
        dtype (dtype, optional): its dtype. Default: ``None`` (the default dtype).

    Examples:
        >>> import eagertape as et
        >>> p = et.nn.UninitializedParameter()
        >>> tuple(p.materialize((2, 3)).shape)
        (2, 3)
    """

    cls_to_become = Parameter

    def __init__(self, requires_grad: bool = True, device: Any = None, dtype: Any = None) -> None:
        self.requires_grad = bool(requires_grad)
        self.device = device
        self.dtype = dtype

    @property
    def shape(self) -> tuple[int, ...]:
        """Refused: an uninitialized parameter has no shape yet (torch's ``ValueError``)."""
        raise ValueError(
            "Can't access the shape of an uninitialized parameter or buffer. This error "
            "usually happens in `load_state_dict` when trying to load an uninitialized "
            "parameter into an initialized one. Call `forward` to initialize the parameters "
            "before accessing their attributes."
        )

    def numpy(self) -> Any:
        """Refused: an uninitialized parameter has no values yet (torch's ``ValueError``)."""
        raise ValueError(
            "Can't access the values of an uninitialized parameter or buffer: call `forward` "
            "to initialize the parameters first."
        )

    def materialize(
        self, shape: tuple[int, ...] | list[int], device: Any = None, dtype: Any = None
    ) -> Parameter:
        """The parameter of ``shape`` (zeros) that takes this placeholder's place.

        Args:
            shape (tuple of int): its shape.
            device (str, optional): its device. Default: this placeholder's.
            dtype (dtype, optional): its dtype. Default: this placeholder's (else the
                default dtype).

        Returns:
            Parameter: the new parameter.
        """
        import numpy as np

        from .._torch import get_default_dtype

        dtype = dtype if dtype is not None else self.dtype
        dtype = dtype if dtype is not None else get_default_dtype()
        device = device if device is not None else self.device
        return Parameter(
            np.zeros(tuple(int(s) for s in shape)),
            requires_grad=self.requires_grad,
            dtype=str(dtype).removeprefix("torch."),
            device=device,
        )

    def __repr__(self) -> str:
        return "<UninitializedParameter>"


class UninitializedBuffer(UninitializedParameter):
    """A buffer whose shape is not known yet (a lazy module's running statistics until its
    first call), as ``torch.nn.UninitializedBuffer``: ``UninitializedParameter`` with
    ``requires_grad=False``.

    Args:
        requires_grad (bool): whether the materialized tensor requires a gradient (a
            buffer's does not). Default: ``False``.
        device (str, optional): the device of the materialized buffer. Default: ``None``.
        dtype (dtype, optional): its dtype. Default: ``None`` (the default dtype).
        persistent (bool): whether the buffer will be part of the module's ``state_dict``.
            Default: ``True``.
    """

    def __init__(
        self,
        requires_grad: bool = False,
        device: Any = None,
        dtype: Any = None,
        persistent: bool = True,
    ) -> None:
        super().__init__(requires_grad, device, dtype)
        self.persistent = bool(persistent)

    def __repr__(self) -> str:
        return "<UninitializedBuffer>"
