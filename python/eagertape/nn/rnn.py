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

import math as _math
from typing import Any

import numpy as _np

from .. import _core
from .._core import Parameter, Tensor
from .._errors import ArgumentError, ConfigError
from ._utils import _bool, _draws, _module_dtype, _positive_int, _probability
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
    """Base class for RNN modules (RNN, LSTM, GRU), as torch's ``RNNBase``.

    Builds the parameters of ``num_layers`` stacked layers of the recurrence ``mode``;
    ``RNN``, ``LSTM`` and ``GRU`` add the ``forward``. See those classes for the
    computation.

    Every parameter is initialized from ``U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))`` as
    torch's, drawn in float64 from ``np.random.default_rng(seed)`` in the order of the
    parameter names, then converted to ``dtype``. The parameters have torch's names
    (``weight_ih_l{k}``, ``weight_hh_l{k}``, ``bias_ih_l{k}``, ``bias_hh_l{k}``, and
    ``_reverse`` for the second direction), shapes and gate order, so state dicts load both
    ways. Each layer and direction is one node of the tape whose backward runs the
    recurrence backwards.

    Args:
        mode (str): the recurrence: "LSTM", "GRU", "RNN_TANH" or "RNN_RELU".
        input_size (int): the number of expected features in the input ``x``.
        hidden_size (int): the number of features in the hidden state ``h``.
        num_layers (int): number of recurrent layers; ``num_layers=2`` stacks two layers,
            the second taking the outputs of the first. Default: 1.
        bias (bool): if ``False``, the layer does not use the biases ``b_ih`` and ``b_hh``.
            Default: ``True``.
        batch_first (bool): if ``True``, the input and output tensors are provided as
            ``(batch, seq, feature)`` instead of ``(seq, batch, feature)``; this does not
            apply to the hidden (or cell) states. Default: ``False``.
        dropout (float): if non-zero, introduces a dropout layer on the outputs of each
            layer except the last, with dropout probability equal to ``dropout``, in
            training mode (drawn from the session's generator). Default: 0.
        bidirectional (bool): if ``True``, becomes a bidirectional layer. Default: ``False``.
        proj_size (int): if ``> 0``, an LSTM with projections of that size (LSTM only;
            smaller than ``hidden_size``). Default: 0.
        device (str, optional): the device of the parameters. Default: ``None`` (the process
            default device, `eagertape.set_default_device`).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).

    Raises:
        ConfigError: an unknown ``mode``, a size that is not positive, ``dropout`` outside
            [0, 1], or an invalid ``proj_size``.
    """

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
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
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
        if isinstance(proj_size, bool) or not isinstance(proj_size, int | _np.integer):
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
        rng = _draws(seed, dtype)
        stdv = 1.0 / _math.sqrt(self.hidden_size)
        self._flat_weights_names: list[str] = []
        for layer in range(self.num_layers):
            for direction in range(num_directions):
                layer_input = self.input_size if layer == 0 else real_hidden * num_directions
                suffix = "_reverse" if direction == 1 else ""
                shapes: list[tuple[str, tuple[int, ...]]] = [
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
        weights: list[Tensor] = list(self._flat_weights)
        output, h, c = _core._rnn(
            x,
            self.mode,
            hx,
            cx,
            weights,
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
            return _pack_like(input, output), h, c
        return output, h, c

    def flatten_parameters(self) -> None:
        """Does nothing, as torch's does off cuDNN: torch packs the weights into one buffer
        for cuDNN's fused kernel; here each layer's weights pass to its recorded node as
        they are, so scripts that call it (after ``DataParallel``, after loading) run as
        written."""

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
    """Apply a multi-layer Elman RNN with tanh or ReLU non-linearity to an input sequence.

    For each element in the input sequence, each layer computes
    ``h_t = tanh(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh)``, where ``h_t`` is the hidden
    state at time ``t``, ``x_t`` the input at time ``t`` and ``h_{t-1}`` the hidden state of
    the previous layer at time ``t-1`` or the initial hidden state at time 0. With
    ``nonlinearity="relu"``, ReLU is used instead of tanh. ``module(input, hx=None)``
    returns ``(output, h_n)``.

    Every parameter is initialized from ``U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))`` as
    torch's, drawn in float64 from ``np.random.default_rng(seed)`` in the order of the
    parameter names, then converted to ``dtype``. The parameters have torch's names
    (``weight_ih_l{k}``, ``weight_hh_l{k}``, ``bias_ih_l{k}``, ``bias_hh_l{k}``, and
    ``_reverse`` for the second direction), shapes and gate order, so state dicts load both
    ways. Each layer and direction is one node of the tape whose backward runs the
    recurrence backwards.

    Input: ``(L, N, H_in)`` (``(N, L, H_in)`` with ``batch_first``), ``(L, H_in)``
    unbatched, or a ``PackedSequence`` (`eagertape.nn.utils.rnn`), each sequence then run
    for its own length and the output packed likewise. The states are ``(D * num_layers, N,
    H_out)`` (``(D * num_layers, H_out)`` unbatched) with ``D = 2`` if bidirectional else 1;
    the output is ``(L, N, D * H_out)`` (batch first likewise). ``H_out = hidden_size``.

    Args:
        input_size (int): the number of expected features in the input ``x``.
        hidden_size (int): the number of features in the hidden state ``h``.
        num_layers (int): number of recurrent layers; ``num_layers=2`` stacks two layers,
            the second taking the outputs of the first. Default: 1.
        nonlinearity (str): the non-linearity to use, "tanh" or "relu". Default: "tanh".
        bias (bool): if ``False``, the layer does not use the biases ``b_ih`` and ``b_hh``.
            Default: ``True``.
        batch_first (bool): if ``True``, the input and output tensors are provided as
            ``(batch, seq, feature)`` instead of ``(seq, batch, feature)``; this does not
            apply to the hidden (or cell) states. Default: ``False``.
        dropout (float): if non-zero, introduces a dropout layer on the outputs of each
            layer except the last, with dropout probability equal to ``dropout``, in
            training mode (drawn from the session's generator). Default: 0.
        bidirectional (bool): if ``True``, becomes a bidirectional layer. Default: ``False``.
        device (str, optional): the device of the parameters. Default: ``None`` (the process
            default device, `eagertape.set_default_device`).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).

    Raises:
        ConfigError: an unknown ``nonlinearity``, a size that is not positive, or
            ``dropout`` outside [0, 1].

    Examples:
        >>> import eagertape as et
        >>> rnn = et.nn.RNN(10, 20, 2, seed=0)
        >>> with et.Session():
        ...     output, hn = rnn(et.ones(5, 3, 10), et.zeros(2, 3, 20))
        ...     tuple(output.shape), tuple(hn.shape)
        ((5, 3, 20), (2, 3, 20))
    """

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
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
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
        """Runs the RNN over ``input``; call the module, ``module(input, hx)``.

        Args:
            input (Tensor or PackedSequence): the input sequence(s).
            hx (Tensor, optional): the initial hidden state, ``(D * num_layers, N, H_out)``.
                Default: ``None`` (zeros).

        Returns:
            tuple: ``(output, h_n)``: the last layer's hidden states at every step (a
            ``PackedSequence`` for a packed input), and every layer's final hidden state.
        """
        output, h, _ = self._run(input, hx, None)
        return output, h


class LSTM(RNNBase):
    """Apply a multi-layer long short-term memory (LSTM) RNN to an input sequence.

    For each element in the input sequence, each layer computes the input, forget, cell and
    output gates ``i_t, f_t, g_t, o_t`` (in that order in the weights) from ``x_t`` and
    ``h_{t-1}``, then ``c_t = f_t * c_{t-1} + i_t * g_t`` and ``h_t = o_t * tanh(c_t)``, as
    torch's. With ``proj_size > 0``, ``h_t`` is projected by ``weight_hr_l{k}`` to
    ``proj_size`` features. ``module(input, hx=None)`` with ``hx = (h_0, c_0)`` returns
    ``(output, (h_n, c_n))``.

    Every parameter is initialized from ``U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))`` as
    torch's, drawn in float64 from ``np.random.default_rng(seed)`` in the order of the
    parameter names, then converted to ``dtype``. The parameters have torch's names
    (``weight_ih_l{k}``, ``weight_hh_l{k}``, ``bias_ih_l{k}``, ``bias_hh_l{k}``, and
    ``weight_hr_l{k}`` with ``proj_size``, and ``_reverse`` for the second direction),
    shapes and gate order, so state dicts load both ways. Each layer and direction is one
    node of the tape whose backward runs the recurrence backwards.

    Input: ``(L, N, H_in)`` (``(N, L, H_in)`` with ``batch_first``), ``(L, H_in)``
    unbatched, or a ``PackedSequence`` (`eagertape.nn.utils.rnn`), each sequence then run
    for its own length and the output packed likewise. The states are ``(D * num_layers, N,
    H_out)`` (``(D * num_layers, H_out)`` unbatched) with ``D = 2`` if bidirectional else 1;
    the output is ``(L, N, D * H_out)`` (batch first likewise). ``H_out = proj_size`` if
    ``proj_size > 0`` else ``hidden_size``; the cell state is ``(D * num_layers, N,
    hidden_size)``.

    Args:
        input_size (int): the number of expected features in the input ``x``.
        hidden_size (int): the number of features in the hidden state ``h``.
        num_layers (int): number of recurrent layers; ``num_layers=2`` stacks two layers,
            the second taking the outputs of the first. Default: 1.
        bias (bool): if ``False``, the layer does not use the biases ``b_ih`` and ``b_hh``.
            Default: ``True``.
        batch_first (bool): if ``True``, the input and output tensors are provided as
            ``(batch, seq, feature)`` instead of ``(seq, batch, feature)``; this does not
            apply to the hidden (or cell) states. Default: ``False``.
        dropout (float): if non-zero, introduces a dropout layer on the outputs of each
            layer except the last, with dropout probability equal to ``dropout``, in
            training mode (drawn from the session's generator). Default: 0.
        bidirectional (bool): if ``True``, becomes a bidirectional layer. Default: ``False``.
        proj_size (int): if ``> 0``, will use LSTM with projections of corresponding size
            (smaller than ``hidden_size``). Default: 0.
        device (str, optional): the device of the parameters. Default: ``None`` (the process
            default device, `eagertape.set_default_device`).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).

    Raises:
        ConfigError: a size that is not positive, ``dropout`` outside [0, 1], or an
            invalid ``proj_size``.

    Examples:
        >>> import eagertape as et
        >>> lstm = et.nn.LSTM(10, 20, 2, seed=0)
        >>> with et.Session():
        ...     output, (hn, cn) = lstm(et.ones(5, 3, 10))
        ...     tuple(output.shape), tuple(hn.shape), tuple(cn.shape)
        ((5, 3, 20), (2, 3, 20), (2, 3, 20))
    """

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
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
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
        """Runs the LSTM over ``input``; call the module, ``module(input, hx)``.

        Args:
            input (Tensor or PackedSequence): the input sequence(s).
            hx (tuple[Tensor, Tensor], optional): the initial states ``(h_0, c_0)``.
                Default: ``None`` (zeros).

        Returns:
            tuple: ``(output, (h_n, c_n))``: the last layer's hidden states at every step (a
            ``PackedSequence`` for a packed input), and every layer's final hidden and cell
            states.

        Raises:
            ArgumentError: ``hx`` is not a pair.
        """
        h0 = c0 = None
        if hx is not None:
            if not isinstance(hx, tuple | list) or len(hx) != 2:
                raise ArgumentError("LSTM: hx must be a tuple (h_0, c_0)")
            h0, c0 = hx
        output, h, c = self._run(input, h0, c0)
        assert c is not None  # an LSTM always has a cell state
        return output, (h, c)


class GRU(RNNBase):
    """Apply a multi-layer gated recurrent unit (GRU) RNN to an input sequence.

    For each element in the input sequence, each layer computes the reset, update and new
    gates ``r_t, z_t, n_t`` (in that order in the weights):
    ``n_t = tanh(W_in x_t + b_in + r_t * (W_hn h_{t-1} + b_hn))`` and
    ``h_t = (1 - z_t) * n_t + z_t * h_{t-1}``, as torch's. ``module(input, hx=None)``
    returns ``(output, h_n)``.

    Every parameter is initialized from ``U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))`` as
    torch's, drawn in float64 from ``np.random.default_rng(seed)`` in the order of the
    parameter names, then converted to ``dtype``. The parameters have torch's names
    (``weight_ih_l{k}``, ``weight_hh_l{k}``, ``bias_ih_l{k}``, ``bias_hh_l{k}``, and
    ``_reverse`` for the second direction), shapes and gate order, so state dicts load both
    ways. Each layer and direction is one node of the tape whose backward runs the
    recurrence backwards.

    Input: ``(L, N, H_in)`` (``(N, L, H_in)`` with ``batch_first``), ``(L, H_in)``
    unbatched, or a ``PackedSequence`` (`eagertape.nn.utils.rnn`), each sequence then run
    for its own length and the output packed likewise. The states are ``(D * num_layers, N,
    H_out)`` (``(D * num_layers, H_out)`` unbatched) with ``D = 2`` if bidirectional else 1;
    the output is ``(L, N, D * H_out)`` (batch first likewise). ``H_out = hidden_size``.

    Args:
        input_size (int): the number of expected features in the input ``x``.
        hidden_size (int): the number of features in the hidden state ``h``.
        num_layers (int): number of recurrent layers; ``num_layers=2`` stacks two layers,
            the second taking the outputs of the first. Default: 1.
        bias (bool): if ``False``, the layer does not use the biases ``b_ih`` and ``b_hh``.
            Default: ``True``.
        batch_first (bool): if ``True``, the input and output tensors are provided as
            ``(batch, seq, feature)`` instead of ``(seq, batch, feature)``; this does not
            apply to the hidden (or cell) states. Default: ``False``.
        dropout (float): if non-zero, introduces a dropout layer on the outputs of each
            layer except the last, with dropout probability equal to ``dropout``, in
            training mode (drawn from the session's generator). Default: 0.
        bidirectional (bool): if ``True``, becomes a bidirectional layer. Default: ``False``.
        device (str, optional): the device of the parameters. Default: ``None`` (the process
            default device, `eagertape.set_default_device`).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).

    Raises:
        ConfigError: a size that is not positive, or ``dropout`` outside [0, 1].

    Examples:
        >>> import eagertape as et
        >>> gru = et.nn.GRU(10, 20, 2, seed=0)
        >>> with et.Session():
        ...     output, hn = gru(et.ones(5, 3, 10))
        ...     tuple(output.shape), tuple(hn.shape)
        ((5, 3, 20), (2, 3, 20))
    """

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
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
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
        """Runs the GRU over ``input``; call the module, ``module(input, hx)``.

        Args:
            input (Tensor or PackedSequence): the input sequence(s).
            hx (Tensor, optional): the initial hidden state, ``(D * num_layers, N, H_out)``.
                Default: ``None`` (zeros).

        Returns:
            tuple: ``(output, h_n)``: the last layer's hidden states at every step (a
            ``PackedSequence`` for a packed input), and every layer's final hidden state.
        """
        output, h, _ = self._run(input, hx, None)
        return output, h


class RNNCellBase(Module):
    """Base class for the RNN cells (one step of one layer), as torch's ``RNNCellBase``.

    Builds the parameters of the recurrence ``mode``; ``RNNCell``, ``LSTMCell`` and
    ``GRUCell`` add the ``forward``. Unlike torch's, every argument is required.

    The parameters ``weight_ih``, ``weight_hh``, ``bias_ih`` and ``bias_hh`` (torch's names
    and shapes) are initialized from ``U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))``, drawn
    in float64 from ``np.random.default_rng(seed)`` in that order, then converted to
    ``dtype``.

    Args:
        mode (str): the recurrence: "LSTM", "GRU", "RNN_TANH" or "RNN_RELU".
        input_size (int): the number of expected features in the input ``x``.
        hidden_size (int): the number of features in the hidden state ``h``.
        bias (bool): if ``False``, the layer does not use the biases ``b_ih`` and ``b_hh``
            (they are ``None``). Default: ``True``.
        device (str, optional): the device of the parameters (``None``: the process
            default device).
        dtype (str or dtype): the dtype of the parameters.
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``; ``None``: torch's default generator, seeded by
            generator).

    Raises:
        ConfigError: a size that is not positive.
    """

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
        shapes: list[tuple[str, tuple[int, ...]]] = [
            ("weight_ih", (gate_size, self.input_size)),
            ("weight_hh", (gate_size, self.hidden_size)),
        ]
        if self.bias:
            shapes += [("bias_ih", (gate_size,)), ("bias_hh", (gate_size,))]
        rng = _draws(seed, dtype)
        stdv = 1.0 / _math.sqrt(self.hidden_size)
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
            input,
            self.mode,
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
    """An Elman RNN cell with tanh or ReLU non-linearity.

    ``h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)`` (ReLU instead of tanh with
    ``nonlinearity="relu"``). ``module(input, hx=None)`` returns ``h'``.

    The parameters ``weight_ih``, ``weight_hh``, ``bias_ih`` and ``bias_hh`` (torch's names
    and shapes) are initialized from ``U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))``, drawn
    in float64 from ``np.random.default_rng(seed)`` in that order, then converted to
    ``dtype``.

    Input: ``(N, input_size)`` or ``(input_size,)``; ``hx`` and the output: ``(N,
    hidden_size)`` or ``(hidden_size,)``.

    Args:
        input_size (int): the number of expected features in the input ``x``.
        hidden_size (int): the number of features in the hidden state ``h``.
        bias (bool): if ``False``, the layer does not use the biases ``b_ih`` and ``b_hh``
            (they are ``None``). Default: ``True``.
        nonlinearity (str): the non-linearity to use, "tanh" or "relu". Default: "tanh".
        device (str, optional): the device of the parameters. Default: ``None`` (the process
            default device, `eagertape.set_default_device`).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).

    Raises:
        ConfigError: an unknown ``nonlinearity`` or a size that is not positive.

    Examples:
        >>> import eagertape as et
        >>> cell = et.nn.RNNCell(10, 20, seed=0)
        >>> with et.Session():
        ...     tuple(cell(et.ones(3, 10)).shape)
        (3, 20)
    """

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        nonlinearity: str = "tanh",
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        self.nonlinearity = nonlinearity
        mode = _nonlinearity_mode(nonlinearity)
        super().__init__(mode, input_size, hidden_size, bias, device, dtype, seed)

    def forward(self, input: Tensor, hx: Tensor | None = None) -> Tensor:
        """One step of the cell; call the module, ``module(input, hx)``.

        Args:
            input (Tensor): the input, ``(N, input_size)`` or ``(input_size,)``.
            hx (Tensor, optional): the hidden state. Default: ``None`` (zeros).

        Returns:
            Tensor: the next hidden state ``h'``.
        """
        return self._step(input, hx, None)[0]


class LSTMCell(RNNCellBase):
    """A long short-term memory (LSTM) cell.

    Computes the input, forget, cell and output gates ``i, f, g, o`` (in that order in the
    weights) from ``x`` and ``h``, then ``c' = f * c + i * g`` and ``h' = o * tanh(c')``.
    ``module(input, hx=None)`` with ``hx = (h, c)`` returns ``(h', c')``.

    The parameters ``weight_ih``, ``weight_hh``, ``bias_ih`` and ``bias_hh`` (torch's names
    and shapes) are initialized from ``U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))``, drawn
    in float64 from ``np.random.default_rng(seed)`` in that order, then converted to
    ``dtype``.

    Input: ``(N, input_size)`` or ``(input_size,)``; ``h``, ``c`` and the outputs:
    ``(N, hidden_size)`` or ``(hidden_size,)``.

    Args:
        input_size (int): the number of expected features in the input ``x``.
        hidden_size (int): the number of features in the hidden state ``h``.
        bias (bool): if ``False``, the layer does not use the biases ``b_ih`` and ``b_hh``
            (they are ``None``). Default: ``True``.
        device (str, optional): the device of the parameters. Default: ``None`` (the process
            default device, `eagertape.set_default_device`).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).

    Raises:
        ConfigError: a size that is not positive.

    Examples:
        >>> import eagertape as et
        >>> cell = et.nn.LSTMCell(10, 20, seed=0)
        >>> with et.Session():
        ...     h, c = cell(et.ones(3, 10))
        ...     tuple(h.shape), tuple(c.shape)
        ((3, 20), (3, 20))
    """

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        super().__init__("LSTM", input_size, hidden_size, bias, device, dtype, seed)

    def forward(
        self, input: Tensor, hx: tuple[Tensor, Tensor] | None = None
    ) -> tuple[Tensor, Tensor]:
        """One step of the cell; call the module, ``module(input, hx)``.

        Args:
            input (Tensor): the input, ``(N, input_size)`` or ``(input_size,)``.
            hx (tuple[Tensor, Tensor], optional): the states ``(h, c)``. Default: ``None``
                (zeros).

        Returns:
            tuple[Tensor, Tensor]: the next states ``(h', c')``.

        Raises:
            ArgumentError: ``hx`` is not a pair.
        """
        h0 = c0 = None
        if hx is not None:
            if not isinstance(hx, tuple | list) or len(hx) != 2:
                raise ArgumentError("LSTMCell: hx must be a tuple (h, c)")
            h0, c0 = hx
        h, c = self._step(input, h0, c0)
        assert c is not None
        return h, c


class GRUCell(RNNCellBase):
    """A gated recurrent unit (GRU) cell.

    Computes the reset, update and new gates ``r, z, n`` (in that order in the weights):
    ``n = tanh(W_in x + b_in + r * (W_hn h + b_hn))`` and ``h' = (1 - z) * n + z * h``.
    ``module(input, hx=None)`` returns ``h'``.

    The parameters ``weight_ih``, ``weight_hh``, ``bias_ih`` and ``bias_hh`` (torch's names
    and shapes) are initialized from ``U(-1/sqrt(hidden_size), 1/sqrt(hidden_size))``, drawn
    in float64 from ``np.random.default_rng(seed)`` in that order, then converted to
    ``dtype``.

    Input: ``(N, input_size)`` or ``(input_size,)``; ``hx`` and the output: ``(N,
    hidden_size)`` or ``(hidden_size,)``.

    Args:
        input_size (int): the number of expected features in the input ``x``.
        hidden_size (int): the number of features in the hidden state ``h``.
        bias (bool): if ``False``, the layer does not use the biases ``b_ih`` and ``b_hh``
            (they are ``None``). Default: ``True``.
        device (str, optional): the device of the parameters. Default: ``None`` (the process
            default device, `eagertape.set_default_device`).
        dtype (str or dtype): the dtype of the parameters. Default: ``None``
            (float32, torch's default).
        seed (int, optional): the seed of the initialization's generator
            (``np.random.default_rng(seed)``). Default: ``None`` (torch's default
            generator, in torch's order: after `eagertape.manual_seed(n)`, torch's values).

    Raises:
        ConfigError: a size that is not positive.

    Examples:
        >>> import eagertape as et
        >>> cell = et.nn.GRUCell(10, 20, seed=0)
        >>> with et.Session():
        ...     tuple(cell(et.ones(3, 10)).shape)
        (3, 20)
    """

    def __init__(
        self,
        input_size: int,
        hidden_size: int,
        bias: bool = True,
        device: str | None = None,
        dtype: Any = None,
        *,
        seed: int | None = None,
    ) -> None:
        dtype = _module_dtype(dtype)
        super().__init__("GRU", input_size, hidden_size, bias, device, dtype, seed)

    def forward(self, input: Tensor, hx: Tensor | None = None) -> Tensor:
        """One step of the cell; call the module, ``module(input, hx)``.

        Args:
            input (Tensor): the input, ``(N, input_size)`` or ``(input_size,)``.
            hx (Tensor, optional): the hidden state. Default: ``None`` (zeros).

        Returns:
            Tensor: the next hidden state ``h'``.
        """
        return self._step(input, hx, None)[0]
