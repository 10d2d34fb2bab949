"""``torch.nn.common_types``: the type aliases torch's module signatures use
(``_size_2_t`` is an int or a pair of ints, ...), for code that annotates with them."""

from __future__ import annotations

from typing import TypeAlias, TypeVar

from .._core import Tensor

__all__ = [
    "_scalar_or_tuple_any_t",
    "_scalar_or_tuple_1_t",
    "_scalar_or_tuple_2_t",
    "_scalar_or_tuple_3_t",
    "_scalar_or_tuple_4_t",
    "_scalar_or_tuple_5_t",
    "_scalar_or_tuple_6_t",
    "_size_any_t",
    "_size_1_t",
    "_size_2_t",
    "_size_3_t",
    "_size_4_t",
    "_size_5_t",
    "_size_6_t",
    "_size_any_opt_t",
    "_size_2_opt_t",
    "_size_3_opt_t",
    "_ratio_2_t",
    "_ratio_3_t",
    "_ratio_any_t",
    "_tensor_list_t",
    "_maybe_indices_t",
]

T = TypeVar("T")

_scalar_or_tuple_any_t: TypeAlias = T | tuple[T, ...]
_scalar_or_tuple_1_t: TypeAlias = T | tuple[T]
_scalar_or_tuple_2_t: TypeAlias = T | tuple[T, T]
_scalar_or_tuple_3_t: TypeAlias = T | tuple[T, T, T]
_scalar_or_tuple_4_t: TypeAlias = T | tuple[T, T, T, T]
_scalar_or_tuple_5_t: TypeAlias = T | tuple[T, T, T, T, T]
_scalar_or_tuple_6_t: TypeAlias = T | tuple[T, T, T, T, T, T]

_size_any_t: TypeAlias = int | tuple[int, ...]
_size_1_t: TypeAlias = int | tuple[int]
_size_2_t: TypeAlias = int | tuple[int, int]
_size_3_t: TypeAlias = int | tuple[int, int, int]
_size_4_t: TypeAlias = int | tuple[int, int, int, int]
_size_5_t: TypeAlias = int | tuple[int, int, int, int, int]
_size_6_t: TypeAlias = int | tuple[int, int, int, int, int, int]
_size_any_opt_t: TypeAlias = int | None | tuple[int | None, ...]
_size_2_opt_t: TypeAlias = int | None | tuple[int | None, int | None]
_size_3_opt_t: TypeAlias = int | None | tuple[int | None, int | None, int | None]
_ratio_2_t: TypeAlias = float | tuple[float, float]
_ratio_3_t: TypeAlias = float | tuple[float, float, float]
_ratio_any_t: TypeAlias = float | tuple[float, ...]
_tensor_list_t: TypeAlias = Tensor | tuple[Tensor, ...]
_maybe_indices_t: TypeAlias = Tensor | tuple[Tensor, Tensor]
