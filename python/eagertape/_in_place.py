"""torch's in-place functions (``torch.exp_(x)``, ``torch.clamp_(x, 0, 1)``, ...): each is the
tensor's in-place method of that name (``x.exp_()``), which records the out-of-place result
and rebinds ``x`` to it. The block below is written by ``tools/gen-stubs`` for every in-place
method of ``Tensor`` that torch also has as a function (``make stubs``)."""

from __future__ import annotations

from typing import Any

from ._core import Tensor

# BEGIN generated: in-place (tools/gen-stubs, from Tensor's in-place methods torch has as functions)
__all__ = [
    "abs_",
    "acos_",
    "acosh_",
    "addmv_",
    "arccos_",
    "arccosh_",
    "arcsin_",
    "arcsinh_",
    "arctan_",
    "arctanh_",
    "as_strided_",
    "asin_",
    "asinh_",
    "atan_",
    "atanh_",
    "ceil_",
    "clamp_",
    "clamp_max_",
    "clamp_min_",
    "clip_",
    "cos_",
    "cosh_",
    "deg2rad_",
    "detach_",
    "erf_",
    "erfc_",
    "exp2_",
    "exp_",
    "expm1_",
    "fill_",
    "fix_",
    "floor_",
    "frac_",
    "gcd_",
    "i0_",
    "index_put_",
    "lcm_",
    "ldexp_",
    "log10_",
    "log1p_",
    "log2_",
    "log_",
    "logit_",
    "nan_to_num_",
    "neg_",
    "negative_",
    "rad2deg_",
    "reciprocal_",
    "relu_",
    "round_",
    "rsqrt_",
    "sigmoid_",
    "sin_",
    "sinc_",
    "sinh_",
    "sqrt_",
    "square_",
    "tan_",
    "tanh_",
    "trunc_",
    "xlogy_",
    "zero_",
]


def abs_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``abs``, as ``torch.abs_``.

    Calls ``input.abs_(*args, **kwargs)`` (see ``Tensor.abs_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.abs_``, by position.
        **kwargs: the other arguments of ``Tensor.abs_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.abs_(*args, **kwargs)


def acos_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``acos``, as ``torch.acos_``.

    Calls ``input.acos_(*args, **kwargs)`` (see ``Tensor.acos_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.acos_``, by position.
        **kwargs: the other arguments of ``Tensor.acos_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.acos_(*args, **kwargs)


def acosh_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``acosh``, as ``torch.acosh_``.

    Calls ``input.acosh_(*args, **kwargs)`` (see ``Tensor.acosh_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.acosh_``, by position.
        **kwargs: the other arguments of ``Tensor.acosh_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.acosh_(*args, **kwargs)


def addmv_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``addmv``, as ``torch.addmv_``.

    Calls ``input.addmv_(*args, **kwargs)`` (see ``Tensor.addmv_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.addmv_``, by position.
        **kwargs: the other arguments of ``Tensor.addmv_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.addmv_(*args, **kwargs)


def arccos_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``arccos``, as ``torch.arccos_``.

    Calls ``input.arccos_(*args, **kwargs)`` (see ``Tensor.arccos_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.arccos_``, by position.
        **kwargs: the other arguments of ``Tensor.arccos_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.arccos_(*args, **kwargs)


def arccosh_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``arccosh``, as ``torch.arccosh_``.

    Calls ``input.arccosh_(*args, **kwargs)`` (see ``Tensor.arccosh_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.arccosh_``, by position.
        **kwargs: the other arguments of ``Tensor.arccosh_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.arccosh_(*args, **kwargs)


def arcsin_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``arcsin``, as ``torch.arcsin_``.

    Calls ``input.arcsin_(*args, **kwargs)`` (see ``Tensor.arcsin_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.arcsin_``, by position.
        **kwargs: the other arguments of ``Tensor.arcsin_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.arcsin_(*args, **kwargs)


def arcsinh_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``arcsinh``, as ``torch.arcsinh_``.

    Calls ``input.arcsinh_(*args, **kwargs)`` (see ``Tensor.arcsinh_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.arcsinh_``, by position.
        **kwargs: the other arguments of ``Tensor.arcsinh_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.arcsinh_(*args, **kwargs)


def arctan_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``arctan``, as ``torch.arctan_``.

    Calls ``input.arctan_(*args, **kwargs)`` (see ``Tensor.arctan_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.arctan_``, by position.
        **kwargs: the other arguments of ``Tensor.arctan_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.arctan_(*args, **kwargs)


def arctanh_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``arctanh``, as ``torch.arctanh_``.

    Calls ``input.arctanh_(*args, **kwargs)`` (see ``Tensor.arctanh_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.arctanh_``, by position.
        **kwargs: the other arguments of ``Tensor.arctanh_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.arctanh_(*args, **kwargs)


def as_strided_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``as_strided``, as ``torch.as_strided_``.

    Calls ``input.as_strided_(*args, **kwargs)`` (see ``Tensor.as_strided_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.as_strided_``, by position.
        **kwargs: the other arguments of ``Tensor.as_strided_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.as_strided_(*args, **kwargs)


def asin_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``asin``, as ``torch.asin_``.

    Calls ``input.asin_(*args, **kwargs)`` (see ``Tensor.asin_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.asin_``, by position.
        **kwargs: the other arguments of ``Tensor.asin_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.asin_(*args, **kwargs)


def asinh_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``asinh``, as ``torch.asinh_``.

    Calls ``input.asinh_(*args, **kwargs)`` (see ``Tensor.asinh_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.asinh_``, by position.
        **kwargs: the other arguments of ``Tensor.asinh_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.asinh_(*args, **kwargs)


def atan_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``atan``, as ``torch.atan_``.

    Calls ``input.atan_(*args, **kwargs)`` (see ``Tensor.atan_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.atan_``, by position.
        **kwargs: the other arguments of ``Tensor.atan_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.atan_(*args, **kwargs)


def atanh_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``atanh``, as ``torch.atanh_``.

    Calls ``input.atanh_(*args, **kwargs)`` (see ``Tensor.atanh_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.atanh_``, by position.
        **kwargs: the other arguments of ``Tensor.atanh_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.atanh_(*args, **kwargs)


def ceil_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``ceil``, as ``torch.ceil_``.

    Calls ``input.ceil_(*args, **kwargs)`` (see ``Tensor.ceil_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.ceil_``, by position.
        **kwargs: the other arguments of ``Tensor.ceil_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.ceil_(*args, **kwargs)


def clamp_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``clamp``, as ``torch.clamp_``.

    Calls ``input.clamp_(*args, **kwargs)`` (see ``Tensor.clamp_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.clamp_``, by position.
        **kwargs: the other arguments of ``Tensor.clamp_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.clamp_(*args, **kwargs)


def clamp_max_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``clamp_max``, as ``torch.clamp_max_``.

    Calls ``input.clamp_max_(*args, **kwargs)`` (see ``Tensor.clamp_max_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.clamp_max_``, by position.
        **kwargs: the other arguments of ``Tensor.clamp_max_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.clamp_max_(*args, **kwargs)


def clamp_min_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``clamp_min``, as ``torch.clamp_min_``.

    Calls ``input.clamp_min_(*args, **kwargs)`` (see ``Tensor.clamp_min_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.clamp_min_``, by position.
        **kwargs: the other arguments of ``Tensor.clamp_min_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.clamp_min_(*args, **kwargs)


def clip_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``clip``, as ``torch.clip_``.

    Calls ``input.clip_(*args, **kwargs)`` (see ``Tensor.clip_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.clip_``, by position.
        **kwargs: the other arguments of ``Tensor.clip_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.clip_(*args, **kwargs)


def cos_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``cos``, as ``torch.cos_``.

    Calls ``input.cos_(*args, **kwargs)`` (see ``Tensor.cos_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.cos_``, by position.
        **kwargs: the other arguments of ``Tensor.cos_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.cos_(*args, **kwargs)


def cosh_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``cosh``, as ``torch.cosh_``.

    Calls ``input.cosh_(*args, **kwargs)`` (see ``Tensor.cosh_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.cosh_``, by position.
        **kwargs: the other arguments of ``Tensor.cosh_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.cosh_(*args, **kwargs)


def deg2rad_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``deg2rad``, as ``torch.deg2rad_``.

    Calls ``input.deg2rad_(*args, **kwargs)`` (see ``Tensor.deg2rad_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.deg2rad_``, by position.
        **kwargs: the other arguments of ``Tensor.deg2rad_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.deg2rad_(*args, **kwargs)


def detach_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``detach``, as ``torch.detach_``.

    Calls ``input.detach_(*args, **kwargs)`` (see ``Tensor.detach_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.detach_``, by position.
        **kwargs: the other arguments of ``Tensor.detach_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.detach_(*args, **kwargs)


def erf_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``erf``, as ``torch.erf_``.

    Calls ``input.erf_(*args, **kwargs)`` (see ``Tensor.erf_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.erf_``, by position.
        **kwargs: the other arguments of ``Tensor.erf_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.erf_(*args, **kwargs)


def erfc_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``erfc``, as ``torch.erfc_``.

    Calls ``input.erfc_(*args, **kwargs)`` (see ``Tensor.erfc_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.erfc_``, by position.
        **kwargs: the other arguments of ``Tensor.erfc_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.erfc_(*args, **kwargs)


def exp2_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``exp2``, as ``torch.exp2_``.

    Calls ``input.exp2_(*args, **kwargs)`` (see ``Tensor.exp2_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.exp2_``, by position.
        **kwargs: the other arguments of ``Tensor.exp2_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.exp2_(*args, **kwargs)


def exp_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``exp``, as ``torch.exp_``.

    Calls ``input.exp_(*args, **kwargs)`` (see ``Tensor.exp_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.exp_``, by position.
        **kwargs: the other arguments of ``Tensor.exp_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.exp_(*args, **kwargs)


def expm1_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``expm1``, as ``torch.expm1_``.

    Calls ``input.expm1_(*args, **kwargs)`` (see ``Tensor.expm1_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.expm1_``, by position.
        **kwargs: the other arguments of ``Tensor.expm1_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.expm1_(*args, **kwargs)


def fill_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``fill``, as ``torch.fill_``.

    Calls ``input.fill_(*args, **kwargs)`` (see ``Tensor.fill_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.fill_``, by position.
        **kwargs: the other arguments of ``Tensor.fill_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.fill_(*args, **kwargs)


def fix_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``fix``, as ``torch.fix_``.

    Calls ``input.fix_(*args, **kwargs)`` (see ``Tensor.fix_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.fix_``, by position.
        **kwargs: the other arguments of ``Tensor.fix_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.fix_(*args, **kwargs)


def floor_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``floor``, as ``torch.floor_``.

    Calls ``input.floor_(*args, **kwargs)`` (see ``Tensor.floor_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.floor_``, by position.
        **kwargs: the other arguments of ``Tensor.floor_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.floor_(*args, **kwargs)


def frac_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``frac``, as ``torch.frac_``.

    Calls ``input.frac_(*args, **kwargs)`` (see ``Tensor.frac_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.frac_``, by position.
        **kwargs: the other arguments of ``Tensor.frac_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.frac_(*args, **kwargs)


def gcd_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``gcd``, as ``torch.gcd_``.

    Calls ``input.gcd_(*args, **kwargs)`` (see ``Tensor.gcd_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.gcd_``, by position.
        **kwargs: the other arguments of ``Tensor.gcd_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.gcd_(*args, **kwargs)


def i0_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``i0``, as ``torch.i0_``.

    Calls ``input.i0_(*args, **kwargs)`` (see ``Tensor.i0_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.i0_``, by position.
        **kwargs: the other arguments of ``Tensor.i0_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.i0_(*args, **kwargs)


def index_put_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``index_put``, as ``torch.index_put_``.

    Calls ``input.index_put_(*args, **kwargs)`` (see ``Tensor.index_put_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.index_put_``, by position.
        **kwargs: the other arguments of ``Tensor.index_put_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.index_put_(*args, **kwargs)


def lcm_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``lcm``, as ``torch.lcm_``.

    Calls ``input.lcm_(*args, **kwargs)`` (see ``Tensor.lcm_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.lcm_``, by position.
        **kwargs: the other arguments of ``Tensor.lcm_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.lcm_(*args, **kwargs)


def ldexp_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``ldexp``, as ``torch.ldexp_``.

    Calls ``input.ldexp_(*args, **kwargs)`` (see ``Tensor.ldexp_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.ldexp_``, by position.
        **kwargs: the other arguments of ``Tensor.ldexp_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.ldexp_(*args, **kwargs)


def log10_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``log10``, as ``torch.log10_``.

    Calls ``input.log10_(*args, **kwargs)`` (see ``Tensor.log10_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.log10_``, by position.
        **kwargs: the other arguments of ``Tensor.log10_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.log10_(*args, **kwargs)


def log1p_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``log1p``, as ``torch.log1p_``.

    Calls ``input.log1p_(*args, **kwargs)`` (see ``Tensor.log1p_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.log1p_``, by position.
        **kwargs: the other arguments of ``Tensor.log1p_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.log1p_(*args, **kwargs)


def log2_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``log2``, as ``torch.log2_``.

    Calls ``input.log2_(*args, **kwargs)`` (see ``Tensor.log2_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.log2_``, by position.
        **kwargs: the other arguments of ``Tensor.log2_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.log2_(*args, **kwargs)


def log_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``log``, as ``torch.log_``.

    Calls ``input.log_(*args, **kwargs)`` (see ``Tensor.log_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.log_``, by position.
        **kwargs: the other arguments of ``Tensor.log_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.log_(*args, **kwargs)


def logit_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``logit``, as ``torch.logit_``.

    Calls ``input.logit_(*args, **kwargs)`` (see ``Tensor.logit_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.logit_``, by position.
        **kwargs: the other arguments of ``Tensor.logit_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.logit_(*args, **kwargs)


def nan_to_num_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``nan_to_num``, as ``torch.nan_to_num_``.

    Calls ``input.nan_to_num_(*args, **kwargs)`` (see ``Tensor.nan_to_num_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.nan_to_num_``, by position.
        **kwargs: the other arguments of ``Tensor.nan_to_num_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.nan_to_num_(*args, **kwargs)


def neg_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``neg``, as ``torch.neg_``.

    Calls ``input.neg_(*args, **kwargs)`` (see ``Tensor.neg_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.neg_``, by position.
        **kwargs: the other arguments of ``Tensor.neg_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.neg_(*args, **kwargs)


def negative_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``negative``, as ``torch.negative_``.

    Calls ``input.negative_(*args, **kwargs)`` (see ``Tensor.negative_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.negative_``, by position.
        **kwargs: the other arguments of ``Tensor.negative_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.negative_(*args, **kwargs)


def rad2deg_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``rad2deg``, as ``torch.rad2deg_``.

    Calls ``input.rad2deg_(*args, **kwargs)`` (see ``Tensor.rad2deg_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.rad2deg_``, by position.
        **kwargs: the other arguments of ``Tensor.rad2deg_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.rad2deg_(*args, **kwargs)


def reciprocal_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``reciprocal``, as ``torch.reciprocal_``.

    Calls ``input.reciprocal_(*args, **kwargs)`` (see ``Tensor.reciprocal_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.reciprocal_``, by position.
        **kwargs: the other arguments of ``Tensor.reciprocal_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.reciprocal_(*args, **kwargs)


def relu_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``relu``, as ``torch.relu_``.

    Calls ``input.relu_(*args, **kwargs)`` (see ``Tensor.relu_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.relu_``, by position.
        **kwargs: the other arguments of ``Tensor.relu_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.relu_(*args, **kwargs)


def round_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``round``, as ``torch.round_``.

    Calls ``input.round_(*args, **kwargs)`` (see ``Tensor.round_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.round_``, by position.
        **kwargs: the other arguments of ``Tensor.round_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.round_(*args, **kwargs)


def rsqrt_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``rsqrt``, as ``torch.rsqrt_``.

    Calls ``input.rsqrt_(*args, **kwargs)`` (see ``Tensor.rsqrt_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.rsqrt_``, by position.
        **kwargs: the other arguments of ``Tensor.rsqrt_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.rsqrt_(*args, **kwargs)


def sigmoid_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``sigmoid``, as ``torch.sigmoid_``.

    Calls ``input.sigmoid_(*args, **kwargs)`` (see ``Tensor.sigmoid_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.sigmoid_``, by position.
        **kwargs: the other arguments of ``Tensor.sigmoid_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.sigmoid_(*args, **kwargs)


def sin_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``sin``, as ``torch.sin_``.

    Calls ``input.sin_(*args, **kwargs)`` (see ``Tensor.sin_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.sin_``, by position.
        **kwargs: the other arguments of ``Tensor.sin_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.sin_(*args, **kwargs)


def sinc_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``sinc``, as ``torch.sinc_``.

    Calls ``input.sinc_(*args, **kwargs)`` (see ``Tensor.sinc_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.sinc_``, by position.
        **kwargs: the other arguments of ``Tensor.sinc_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.sinc_(*args, **kwargs)


def sinh_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``sinh``, as ``torch.sinh_``.

    Calls ``input.sinh_(*args, **kwargs)`` (see ``Tensor.sinh_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.sinh_``, by position.
        **kwargs: the other arguments of ``Tensor.sinh_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.sinh_(*args, **kwargs)


def sqrt_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``sqrt``, as ``torch.sqrt_``.

    Calls ``input.sqrt_(*args, **kwargs)`` (see ``Tensor.sqrt_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.sqrt_``, by position.
        **kwargs: the other arguments of ``Tensor.sqrt_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.sqrt_(*args, **kwargs)


def square_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``square``, as ``torch.square_``.

    Calls ``input.square_(*args, **kwargs)`` (see ``Tensor.square_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.square_``, by position.
        **kwargs: the other arguments of ``Tensor.square_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.square_(*args, **kwargs)


def tan_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``tan``, as ``torch.tan_``.

    Calls ``input.tan_(*args, **kwargs)`` (see ``Tensor.tan_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.tan_``, by position.
        **kwargs: the other arguments of ``Tensor.tan_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.tan_(*args, **kwargs)


def tanh_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``tanh``, as ``torch.tanh_``.

    Calls ``input.tanh_(*args, **kwargs)`` (see ``Tensor.tanh_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.tanh_``, by position.
        **kwargs: the other arguments of ``Tensor.tanh_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.tanh_(*args, **kwargs)


def trunc_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``trunc``, as ``torch.trunc_``.

    Calls ``input.trunc_(*args, **kwargs)`` (see ``Tensor.trunc_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.trunc_``, by position.
        **kwargs: the other arguments of ``Tensor.trunc_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.trunc_(*args, **kwargs)


def xlogy_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``xlogy``, as ``torch.xlogy_``.

    Calls ``input.xlogy_(*args, **kwargs)`` (see ``Tensor.xlogy_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.xlogy_``, by position.
        **kwargs: the other arguments of ``Tensor.xlogy_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.xlogy_(*args, **kwargs)


def zero_(input: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # noqa: A002
    """In-place version of ``zero``, as ``torch.zero_``.

    Calls ``input.zero_(*args, **kwargs)`` (see ``Tensor.zero_``).

    Args:
        input (Tensor): the tensor to change in place; it then reads the result.
        *args: the other arguments of ``Tensor.zero_``, by position.
        **kwargs: the other arguments of ``Tensor.zero_``, by keyword.

    Returns:
        Tensor: ``input`` itself.
    """
    return input.zero_(*args, **kwargs)


# END generated: in-place
