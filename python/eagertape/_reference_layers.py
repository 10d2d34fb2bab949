"""The layers on the reference carriers (reference float32/float64, ``ieee32``, ``interval``).

LibTorch computes ``conv2d``, the 2-D poolings, ``layer_norm`` and eval-mode ``batch_norm`` on
the native carriers with its own kernels (``src/ops/conv.rs``, ``src/ops/layers.rs``). The
reference backend holds values LibTorch cannot (exact binary32, outward-rounded intervals), so
there each of these functions is composed from ops that every carrier runs soundly: shifted
strided slices of the padded input stacked into columns (im2col) and one ``@`` per group for
``conv2d``; the same columns reduced by ``amax`` / ``sum`` for pooling, with torch's divisors
computed exactly on the host; mean and variance for the norms. Each function first asks the
core, which refuses a reference carrier with ``UnsupportedOpError`` before recording anything,
and composes only then, so the native carriers never take this path. On an interval session
every result encloses the exact one (each op it uses does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from . import _core
from ._core import Tensor
from ._errors import ArgumentError, ShapeError, UnsupportedOpError

__all__ = [
    "conv2d",
    "max_pool2d",
    "avg_pool2d",
    "adaptive_avg_pool2d",
    "layer_norm",
    "batch_norm",
]


def _pair(value: Any, name: str) -> tuple[int, int]:
    if isinstance(value, int | np.integer) and not isinstance(value, bool):
        return (int(value), int(value))
    if isinstance(value, Sequence) and not isinstance(value, str):
        items = [int(v) for v in value]
        if len(items) == 1:
            return (items[0], items[0])
        if len(items) == 2:
            return (items[0], items[1])
    raise ArgumentError(f"{name} must be an int or a pair of ints, got {value!r}")


def _pool_out(size: int, k: int, s: int, p: int, d: int, ceil: bool) -> int:
    """torch's pooling output size (``pooling_output_shape``)."""
    out = (size + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil else 0)) // s + 1
    if ceil and (out - 1) * s >= size + p:
        out -= 1
    return out


def _columns(x: Tensor, k: tuple[int, int], s: tuple[int, int], d: tuple[int, int], out):
    """The ``k[0]·k[1]`` shifted strided views of the (padded) ``x``, each ``(..., oh, ow)``."""
    (oh, ow) = out
    return [
        x[
            ...,
            i * d[0] : i * d[0] + s[0] * (oh - 1) + 1 : s[0],
            j * d[1] : j * d[1] + s[1] * (ow - 1) + 1 : s[1],
        ]
        for i in range(k[0])
        for j in range(k[1])
    ]


def _composed(call, compose):
    """``call()`` on the core; on a carrier it refuses (nothing recorded), ``compose()``."""
    try:
        return call()
    except UnsupportedOpError:
        return compose()


# --- conv2d ----------------------------------------------------------------------------


def _conv2d(x, weight, bias, stride, padding, dilation, groups) -> Tensor:
    unbatched = len(x.shape) == 3
    if unbatched:
        x = x.unsqueeze(0)
    if len(x.shape) != 4 or len(weight.shape) != 4:
        raise ShapeError(
            f"conv2d: expected a 3-D or 4-D input and a 4-D weight, got {x.shape} and "
            f"{weight.shape}"
        )
    n, c, h, w = x.shape
    o, cg, kh, kw = weight.shape
    if groups <= 0 or o % groups or c != cg * groups:
        raise ShapeError(
            f"conv2d: input of {c} channels and weight {weight.shape} with groups={groups} "
            "do not match"
        )
    if bias is not None and tuple(
        np.shape(bias) if not isinstance(bias, Tensor) else bias.shape
    ) != (o,):
        raise ShapeError(f"conv2d: the bias must have shape ({o},), got {np.shape(bias)}")
    s, d = _pair(stride, "stride"), _pair(dilation, "dilation")
    if isinstance(padding, str):
        if padding == "valid":
            pads = (0, 0, 0, 0)
        elif padding == "same":
            if s != (1, 1):
                raise ArgumentError(
                    "conv2d: padding='same' is not supported for strided convolutions"
                )
            th, tw = d[0] * (kh - 1), d[1] * (kw - 1)
            pads = (tw // 2, tw - tw // 2, th // 2, th - th // 2)
        else:
            raise ArgumentError(f"conv2d: padding must be ints, 'same' or 'valid', got {padding!r}")
    else:
        ph, pw = _pair(padding, "padding")
        pads = (pw, pw, ph, ph)
    if any(pads):
        x = _core.pad(x, pads)
    hp, wp = h + pads[2] + pads[3], w + pads[0] + pads[1]
    oh = (hp - d[0] * (kh - 1) - 1) // s[0] + 1
    ow = (wp - d[1] * (kw - 1) - 1) // s[1] + 1
    if oh <= 0 or ow <= 0:
        raise ShapeError(f"conv2d: the kernel {weight.shape[2:]} does not fit the padded input")
    cols = _core.stack(_columns(x, (kh, kw), s, d, (oh, ow)), 2)  # (N, C, K, oh, ow)
    og = o // groups
    outs = []
    for g in range(groups):
        cg_cols = cols[:, g * cg : (g + 1) * cg].reshape(n, cg * kh * kw, oh * ow)
        outs.append(weight[g * og : (g + 1) * og].reshape(og, cg * kh * kw) @ cg_cols)
    y = outs[0] if groups == 1 else _core.cat(outs, 1)
    y = y.reshape(n, o, oh, ow)
    if bias is not None:
        y = y + (bias.reshape(o, 1, 1) if isinstance(bias, Tensor) else np.reshape(bias, (o, 1, 1)))
    return y.squeeze(0) if unbatched else y


def conv2d(
    input: Tensor,  # noqa: A002
    weight: Tensor,
    bias: Any = None,
    stride: Any = 1,
    padding: Any = 0,
    dilation: Any = 1,
    groups: int = 1,
) -> Tensor:
    """``torch.nn.functional.conv2d``; composed on the reference carriers."""
    return _composed(
        lambda: _core.conv2d(input, weight, bias, stride, padding, dilation, groups),
        lambda: _conv2d(input, weight, bias, stride, padding, dilation, groups),
    )


# --- pooling ---------------------------------------------------------------------------


def _pool_geometry(x, kernel_size, stride, padding, dilation, ceil_mode):
    k = _pair(kernel_size, "kernel_size")
    s = (
        k
        if stride is None or (isinstance(stride, Sequence) and len(stride) == 0)
        else _pair(stride, "stride")
    )
    p, d = _pair(padding, "padding"), _pair(dilation, "dilation")
    if p[0] > k[0] // 2 or p[1] > k[1] // 2:
        raise ArgumentError(f"pad should be at most half of effective kernel size, got {p} for {k}")
    if len(x.shape) not in (3, 4):
        raise ShapeError(f"pooling: expected a 3-D or 4-D input, got {x.shape}")
    h, w = x.shape[-2:]
    out = (
        _pool_out(h, k[0], s[0], p[0], d[0], ceil_mode),
        _pool_out(w, k[1], s[1], p[1], d[1], ceil_mode),
    )
    if out[0] <= 0 or out[1] <= 0:
        raise ShapeError(f"pooling: output size {out} is too small for input {x.shape}")
    # right/bottom padding so the last (ceil mode) window is inside the padded input
    need_h = (out[0] - 1) * s[0] + d[0] * (k[0] - 1) + 1
    need_w = (out[1] - 1) * s[1] + d[1] * (k[1] - 1) + 1
    pads = (p[1], max(need_w - w - p[1], 0), p[0], max(need_h - h - p[0], 0))
    return k, s, p, d, out, pads


def _max_pool2d(x, kernel_size, stride, padding, dilation, ceil_mode) -> Tensor:
    k, s, _, d, out, pads = _pool_geometry(x, kernel_size, stride, padding, dilation, ceil_mode)
    if any(pads):
        x = _core.pad(x, pads, value=float("-inf"))
    return _core.stack(_columns(x, k, s, d, out), -1).amax(-1)


def max_pool2d(
    input: Tensor,  # noqa: A002
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    dilation: Any = 1,
    ceil_mode: bool = False,
    return_indices: bool = False,
) -> Tensor:
    """``torch.nn.functional.max_pool2d``; composed on the reference carriers."""
    return _composed(
        lambda: _core.max_pool2d(
            input, kernel_size, stride, padding, dilation, ceil_mode, return_indices
        ),
        lambda: _max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode),
    )


def _avg_divisor(h, w, k, s, p, out, count_include_pad, divisor_override) -> np.ndarray:
    """torch's per-window divisor (its AvgPool2d kernel), exactly, on the host."""
    div = np.empty(out, dtype=np.float64)
    for oi in range(out[0]):
        for oj in range(out[1]):
            hs, ws = oi * s[0] - p[0], oj * s[1] - p[1]
            he, we = min(hs + k[0], h + p[0]), min(ws + k[1], w + p[1])
            pool = (he - hs) * (we - ws)
            hs, ws, he, we = max(hs, 0), max(ws, 0), min(he, h), min(we, w)
            if divisor_override:
                div[oi, oj] = divisor_override
            elif count_include_pad:
                div[oi, oj] = pool
            else:
                div[oi, oj] = (he - hs) * (we - ws)
    return div


def _avg_pool2d(x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    k, s, p, d, out, pads = _pool_geometry(x, kernel_size, stride, padding, 1, ceil_mode)
    h, w = x.shape[-2:]
    div = _avg_divisor(h, w, k, s, p, out, count_include_pad, divisor_override)
    if any(pads):
        x = _core.pad(x, pads)
    return _core.stack(_columns(x, k, s, d, out), -1).sum(-1) / div


def avg_pool2d(
    input: Tensor,  # noqa: A002
    kernel_size: Any,
    stride: Any = None,
    padding: Any = 0,
    ceil_mode: bool = False,
    count_include_pad: bool = True,
    divisor_override: int | None = None,
) -> Tensor:
    """``torch.nn.functional.avg_pool2d``; composed on the reference carriers."""
    return _composed(
        lambda: _core.avg_pool2d(
            input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override
        ),
        lambda: _avg_pool2d(
            input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override
        ),
    )


def _adaptive_avg_pool2d(x, output_size) -> Tensor:
    if len(x.shape) not in (3, 4):
        raise ShapeError(f"adaptive_avg_pool2d: expected a 3-D or 4-D input, got {x.shape}")
    h, w = x.shape[-2:]
    if isinstance(output_size, int | np.integer):
        output_size = (output_size, output_size)
    oh, ow = (
        (h if output_size[0] is None else output_size[0]),
        (w if output_size[1] is None else output_size[1]),
    )
    if oh <= 0 or ow <= 0:
        raise ShapeError(f"adaptive_avg_pool2d: output_size must be positive, got {output_size}")
    rows = []
    for i in range(oh):
        hs, he = (i * h) // oh, -(-((i + 1) * h) // oh)
        cells = []
        for j in range(ow):
            ws, we = (j * w) // ow, -(-((j + 1) * w) // ow)
            cells.append(x[..., hs:he, ws:we].mean((-2, -1)))
        rows.append(_core.stack(cells, -1))
    return _core.stack(rows, -2)


def adaptive_avg_pool2d(input: Tensor, output_size: Any) -> Tensor:  # noqa: A002
    """``torch.nn.functional.adaptive_avg_pool2d``; composed on the reference carriers."""
    return _composed(
        lambda: _core.adaptive_avg_pool2d(input, output_size),
        lambda: _adaptive_avg_pool2d(input, output_size),
    )


# --- norms -----------------------------------------------------------------------------


def _layer_norm(x, normalized_shape, weight, bias, eps) -> Tensor:
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    if not shape or tuple(x.shape[len(x.shape) - len(shape) :]) != shape:
        raise ShapeError(
            f"layer_norm: normalized_shape {list(shape)} must be the trailing dims of the "
            f"input {x.shape}"
        )
    dims = tuple(range(-len(shape), 0))
    centred = x - x.mean(dims, keepdim=True)
    y = centred * ((centred * centred).mean(dims, keepdim=True) + eps).rsqrt()
    if weight is not None:
        y = y * weight
    if bias is not None:
        y = y + bias
    return y


def layer_norm(
    input: Tensor,  # noqa: A002
    normalized_shape: Any,
    weight: Any = None,
    bias: Any = None,
    eps: float = 1e-5,
) -> Tensor:
    """``torch.nn.functional.layer_norm``; composed on the reference carriers."""
    return _composed(
        lambda: _core.layer_norm(input, normalized_shape, weight, bias, eps),
        lambda: _layer_norm(input, normalized_shape, weight, bias, eps),
    )


def _stat(x: Tensor, value: Any) -> Tensor:
    """A running statistic as a tensor of ``x``'s session (a Parameter's current value)."""
    if isinstance(value, Tensor):
        return value
    if isinstance(value, _core.Parameter):
        data = value.numpy()
        if isinstance(data, tuple):  # an interval parameter: (lo, hi)
            from ._functional import interval

            data = interval(*data)
        return x.new_tensor(data)
    return x.new_tensor(np.asarray(value))


def _batch_norm_eval(x, running_mean, running_var, weight, bias, eps) -> Tensor:
    if len(x.shape) < 2:
        raise ShapeError(f"batch_norm: expected an input of at least 2 dims, got {x.shape}")
    bshape = (x.shape[1],) + (1,) * (len(x.shape) - 2)

    def per_channel(v: Any) -> Any:
        return v.reshape(*bshape) if isinstance(v, Tensor) else np.reshape(v, bshape)

    mean, var = _stat(x, running_mean), _stat(x, running_var)
    y = (x - per_channel(mean)) * per_channel((var + eps).rsqrt())
    if weight is not None:
        y = y * per_channel(weight)
    if bias is not None:
        y = y + per_channel(bias)
    return y


def batch_norm(
    input: Tensor,  # noqa: A002
    running_mean: Any,
    running_var: Any,
    weight: Any = None,
    bias: Any = None,
    training: bool = False,
    momentum: float = 0.1,
    eps: float = 1e-5,
) -> Tensor:
    """``torch.nn.functional.batch_norm``; in eval mode composed on the reference carriers
    (training there stays unsupported: it would publish new running statistics)."""
    try:
        return _core.batch_norm(
            input, running_mean, running_var, weight, bias, training, momentum, eps
        )
    except UnsupportedOpError:
        if training or running_mean is None or running_var is None:
            raise
        return _batch_norm_eval(input, running_mean, running_var, weight, bias, eps)
