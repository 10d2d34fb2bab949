"""Recurrent layers: ``RNN``, ``LSTM``, ``GRU`` and ``RNNCell``, ``LSTMCell``, ``GRUCell``.

torch's constructor arguments, parameter names (``weight_ih_l{k}``, ``weight_hh_l{k}``,
``bias_ih_l{k}``, ``bias_hh_l{k}``, ``weight_hr_l{k}``, ``_reverse`` for the second
direction; the cells' ``weight_ih``, ``weight_hh``, ``bias_ih``, ``bias_hh``), shapes, gate
order and initialisation (every parameter ``U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))``,
drawn in float64 from ``np.random.default_rng(seed)`` in the order of the names, then
converted to ``dtype``), so state dicts load both ways. Each layer and direction of a
forward is one node of the tape whose backward runs the recurrence backwards
(``src/ops/recurrent.rs``); the stacking, the directions, the dropout between layers and the
layouts are one core call (``src/ops/rnn.rs``). A ``PackedSequence`` input
(``nn.utils.rnn``) runs each sequence for its own length and gives a ``PackedSequence``
back.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .. import _core
from .._core import Parameter, Tensor
from .._errors import ArgumentError, ConfigError
from ._utils import _bool, _positive_int, _probability, _seed
from .module import Module
from .utils.rnn import PackedSequence, _pack_like, _padded

__all__ = ["GRU", "GRUCell", "LSTM", "LSTMCell", "RNN", "RNNBase", "RNNCell", "RNNCellBase"]

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


def _nonlinearity_mode(nonlinearity: object) -> str:
    if nonlinearity == "tanh":
        return "RNN_TANH"
    if nonlinearity == "relu":
        return "RNN_RELU"
    raise ConfigError(f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or 'relu'.")


class RNNBase(Module):
    """The base of ``RNN``, ``LSTM`` and ``GRU`` (torch's ``RNNBase``)."""

    def __init__(
        self,
        mode: str,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        proj_size: int = 0,
        device: str | None = None,
        dtype: Any = "float32",
        *,
        seed: int | None = None,
    ) -> None:
        super().__init__()
        if mode not in _GATES:
            raise ConfigError(f"Unrecognized RNN mode: {mode}")
        self.mode = mode
        self.input_size = _positive_int(input_size, "input_size")
        self.hidden_size = _positive_int(hidden_size, "hidden_size")
        self.num_layers = _positive_int(num_layers, "num_layers")
        self.bias = _bool(bias, "bias")
        self.batch_first = _bool(batch_first, "batch_first")
        self.dropout = _probability(dropout, "dropout")
        self.bidirectional = _bool(bidirectional, "bidirectional")
        if isinstance(proj_size, bool) or not isinstance(proj_size, int | np.integer):
            raise TypeError(f"proj_size must be an int, got {proj_size!r}")
        if proj_size < 0:
            raise ConfigError(
                "proj_size should be a positive integer or zero to disable projections"
            )
        if proj_size >= hidden_size:
            raise ConfigError("proj_size has to be smaller than hidden_size")
        if proj_size and mode != "LSTM":
            raise ConfigError("proj_size argument is only supported for LSTM, not RNN or GRU")
        self.proj_size = int(proj_size)
        num_directions = 2 if self.bidirectional else 1
        gate_size = _GATES[mode] * self.hidden_size
        real_hidden = self.proj_size or self.hidden_size
        rng = np.random.default_rng(_seed(seed))
        stdv = 1.0 / math.sqrt(self.hidden_size)
        self._flat_weights_names: list[str] = []
        for layer in range(self.num_layers):
            for direction in range(num_directions):
                layer_input = self.input_size if layer == 0 else real_hidden * num_directions
                suffix = "_reverse" if direction == 1 else ""
                shapes = [
                    (f"weight_ih_l{layer}{suffix}", (gate_size, layer_input)),
                    (f"weight_hh_l{layer}{suffix}", (gate_size, real_hidden)),
                ]
                if self.bias:
                    shapes += [
                        (f"bias_ih_l{layer}{suffix}", (gate_size,)),
                        (f"bias_hh_l{layer}{suffix}", (gate_size,)),
                    ]
                if self.proj_size:
                    shapes.append(
                        (f"weight_hr_l{layer}{suffix}", (self.proj_size, self.hidden_size))
                    )
                # torch's reset_parameters: every parameter U(-stdv, stdv), in this order.
                for name, shape in shapes:
                    self._flat_weights_names.append(name)
                    value = rng.uniform(-stdv, stdv, size=shape)
                    setattr(self, name, Parameter(value, name=name, dtype=dtype, device=device))

    @property
    def _flat_weights(self) -> list[Parameter]:
        return [getattr(self, n) for n in self._flat_weights_names]

    def _run(self, input: Any, hx: Any, cx: Any) -> tuple[Any, Tensor, Tensor | None]:
        lengths = None
        packed = isinstance(input, PackedSequence)
        if packed:
            lengths = input.lengths()
            x = _padded(input, len(input.batch_sizes))
        elif isinstance(input, Tensor):
            x = input
        else:
            raise TypeError(
                f"{type(self).__name__} expects an eagertape Tensor or a PackedSequence, "
                f"got {type(input).__name__}"
            )
        output, h, c = _core._rnn(
            self.mode,
            x,
            hx,
            cx,
            self._flat_weights,
            self.hidden_size,
            self.proj_size,
            self.num_layers,
            self.bias,
            self.batch_first and not packed,
            self.bidirectional,
            self.dropout,
            self.training,
            None if lengths is None else [int(n) for n in lengths],
        )
        if packed:
            output = _pack_like(input, output)
        return output, h, c

    def extra_repr(self) -> str:
        s = f"{self.input_size}, {self.hidden_size}"
        if self.proj_size != 0:
            s += f", proj_size={self.proj_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.batch_first is not False:
            s += f", batch_first={self.batch_first}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        if self.bidirectional is not False:
            s += f", bidirectional={self.bidirectional}"
        return s


class RNN(RNNBase):
    """torch's ``nn.RNN``: ``h_t = tanh(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh)`` (or
    ``relu``). ``forward(input, hx=None)`` → ``(output, h_n)``."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        nonlinearity: str = "tanh",
        bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        device: str | None = None,
        dtype: Any = "float32",
        *,
        seed: int | None = None,
    ) -> None:
        self.nonlinearity = nonlinearity
        super().__init__(
            _nonlinearity_mode(nonlinearity),
            input_size,
            hidden_size,
            num_layers,
            bias,
            batch_first,
            dropout,
            bidirectional,
            0,
            device,
            dtype,
            seed=seed,
        )

    def forward(self, input: Any, hx: Tensor | None = None) -> tuple[Any, Tensor]:
        output, h, _ = self._run(input, hx, None)
        return output, h


class LSTM(RNNBase):
    """torch's ``nn.LSTM`` (with ``proj_size``). ``forward(input, hx=None)`` with
    ``hx = (h_0, c_0)`` → ``(output, (h_n, c_n))``."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        proj_size: int = 0,
        device: str | None = None,
        dtype: Any = "float32",
        *,
        seed: int | None = None,
    ) -> None:
        super().__init__(
            "LSTM",
            input_size,
            hidden_size,
            num_layers,
            bias,
            batch_first,
            dropout,
            bidirectional,
            proj_size,
            device,
            dtype,
            seed=seed,
        )

    def forward(
        self, input: Any, hx: tuple[Tensor, Tensor] | None = None
    ) -> tuple[Any, tuple[Tensor, Tensor]]:
        h0 = c0 = None
        if hx is not None:
            if not isinstance(hx, tuple | list) or len(hx) != 2:
                raise ArgumentError("LSTM: hx must be a tuple (h_0, c_0)")
            h0, c0 = hx
        output, h, c = self._run(input, h0, c0)
        return output, (h, c)


class GRU(RNNBase):
    """torch's ``nn.GRU``. ``forward(input, hx=None)`` → ``(output, h_n)``."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        num_layers: int = 1,
        bias: bool = True,
        batch_first: bool = False,
        dropout: float = 0.0,
        bidirectional: bool = False,
        device: str | None = None,
        dtype: Any = "float32",
        *,
        seed: int | None = None,
    ) -> None:
        super().__init__(
            "GRU",
            input_size,
            hidden_size,
            num_layers,
            bias,
            batch_first,
            dropout,
            bidirectional,
            0,
            device,
            dtype,
            seed=seed,
        )

    def forward(self, input: Any, hx: Tensor | None = None) -> tuple[Any, Tensor]:
        output, h, _ = self._run(input, hx, None)
        return output, h


class RNNCellBase(Module):
    """The base of the cells: one step of one layer (torch's ``RNNCellBase``)."""

    def __init__(
        self,
        mode: str,
        input_size: int,
        hidden_size: int,
        bias: bool,
        device: str | None,
        dtype: Any,
        seed: int | None,
    ) -> None:
        super().__init__()
        self.mode = mode
        self.input_size = _positive_int(input_size, "input_size")
        self.hidden_size = _positive_int(hidden_size, "hidden_size")
        self.bias = _bool(bias, "bias")
        gate_size = _GATES[mode] * self.hidden_size
        shapes = [
            ("weight_ih", (gate_size, self.input_size)),
            ("weight_hh", (gate_size, self.hidden_size)),
        ]
        if self.bias:
            shapes += [("bias_ih", (gate_size,)), ("bias_hh", (gate_size,))]
        rng = np.random.default_rng(_seed(seed))
        stdv = 1.0 / math.sqrt(self.hidden_size)
        self._flat_weights_names = []
        for name, shape in shapes:
            self._flat_weights_names.append(name)
            value = rng.uniform(-stdv, stdv, size=shape)
            setattr(self, name, Parameter(value, name=name, dtype=dtype, device=device))
        if not self.bias:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)

    def _step(self, input: Tensor, hx: Any, cx: Any) -> tuple[Tensor, Tensor | None]:
        if not isinstance(input, Tensor):
            raise TypeError(
                f"{type(self).__name__} expects an eagertape Tensor, got {type(input).__name__}"
            )
        weights = [getattr(self, n) for n in self._flat_weights_names]
        h, _, c = _core._rnn(
            self.mode,
            input,
            hx,
            cx,
            weights,
            self.hidden_size,
            0,
            1,
            self.bias,
            False,
            False,
            0.0,
            self.training,
            None,
            True,
        )
        return h, c

    def extra_repr(self) -> str:
        s = f"{self.input_size}, {self.hidden_size}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        return s


class RNNCell(RNNCellBase):
    """torch's ``nn.RNNCell``: ``forward(input, hx=None)`` → ``h'``."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        nonlinearity: str = "tanh",
        device: str | None = None,
        dtype: Any = "float32",
        *,
        seed: int | None = None,
    ) -> None:
        self.nonlinearity = nonlinearity
        mode = _nonlinearity_mode(nonlinearity)
        super().__init__(mode, input_size, hidden_size, bias, device, dtype, seed)

    def forward(self, input: Tensor, hx: Tensor | None = None) -> Tensor:
        return self._step(input, hx, None)[0]


class LSTMCell(RNNCellBase):
    """torch's ``nn.LSTMCell``: ``forward(input, hx=None)`` with ``hx = (h, c)`` →
    ``(h', c')``."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        device: str | None = None,
        dtype: Any = "float32",
        *,
        seed: int | None = None,
    ) -> None:
        super().__init__("LSTM", input_size, hidden_size, bias, device, dtype, seed)

    def forward(
        self, input: Tensor, hx: tuple[Tensor, Tensor] | None = None
    ) -> tuple[Tensor, Tensor]:
        h0 = c0 = None
        if hx is not None:
            if not isinstance(hx, tuple | list) or len(hx) != 2:
                raise ArgumentError("LSTMCell: hx must be a tuple (h, c)")
            h0, c0 = hx
        h, c = self._step(input, h0, c0)
        assert c is not None
        return h, c


class GRUCell(RNNCellBase):
    """torch's ``nn.GRUCell``: ``forward(input, hx=None)`` → ``h'``."""

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        device: str | None = None,
        dtype: Any = "float32",
        *,
        seed: int | None = None,
    ) -> None:
        super().__init__("GRU", input_size, hidden_size, bias, device, dtype, seed)

    def forward(self, input: Tensor, hx: Tensor | None = None) -> Tensor:
        return self._step(input, hx, None)[0]
