//! torch's questions about a tensor that answer a Python bool or int from its metadata (its
//! dtype, shape, device; `is_nonzero` reads its one element): `is_floating_point`,
//! `is_complex`, `is_signed`, `is_nonzero`, `is_same_size`, `is_conj`, `is_neg`,
//! `is_inference`, `get_device`. Nothing is recorded. eagertape has no complex dtype, no
//! lazily conjugated or negated views and no inference tensors (its `inference_mode` records
//! nothing, as `no_grad`), so those three answer `False` for every tensor, as torch's do for
//! tensors like these.

use crate::backend::Backend;
use crate::config::{DType, Device};
use crate::error::{Error, Result};
use crate::handles::Handle;
use crate::session::Session;

/// Whether `x` holds floating-point values (every carrier but the data dtypes).
pub fn is_floating_point<B: Backend>(s: &mut Session<B>, x: Handle) -> Result<bool> {
    Ok(!s.dtype_of(x)?.is_data())
}

/// Whether `x` holds complex values: never (eagertape has no complex dtype).
pub fn is_complex<B: Backend>(s: &mut Session<B>, x: Handle) -> Result<bool> {
    s.dtype_of(x).map(|_| false)
}

/// Whether `x`'s dtype is signed: every dtype eagertape has but `bool`.
pub fn is_signed<B: Backend>(s: &mut Session<B>, x: Handle) -> Result<bool> {
    Ok(s.dtype_of(x)? != DType::Bool)
}

/// Whether the one element of `x` is not zero (torch's error for any other size).
pub fn is_nonzero<B: Backend>(s: &mut Session<B>, x: Handle) -> Result<bool> {
    match s.shape(x)?.iter().product::<i64>() {
        0 => Err(Error::Shape(
            "Boolean value of Tensor with no values is ambiguous".into(),
        )),
        1 => Ok(match s.item(x)? {
            crate::session::Item::Bool(b) => b,
            crate::session::Item::Int(v) => v != 0,
            crate::session::Item::Float(v) => v != 0.0,
        }),
        _ => Err(Error::Shape(
            "Boolean value of Tensor with more than one value is ambiguous".into(),
        )),
    }
}

/// Whether `x` and `other` have the same shape.
pub fn is_same_size<B: Backend>(s: &mut Session<B>, x: Handle, other: Handle) -> Result<bool> {
    Ok(s.shape(x)? == s.shape(other)?)
}

/// Whether `x` is a lazily conjugated view: never (no complex dtype).
pub fn is_conj<B: Backend>(s: &mut Session<B>, x: Handle) -> Result<bool> {
    s.dtype_of(x).map(|_| false)
}

/// Whether `x` is a lazily negated view: never (negation is recorded as an op).
pub fn is_neg<B: Backend>(s: &mut Session<B>, x: Handle) -> Result<bool> {
    s.dtype_of(x).map(|_| false)
}

/// Whether `x` is an inference tensor: never (`et.inference_mode` makes ordinary tensors).
pub fn is_inference<B: Backend>(s: &mut Session<B>, x: Handle) -> Result<bool> {
    s.dtype_of(x).map(|_| false)
}

/// The index of `x`'s CUDA device, or -1 on the CPU (torch's `get_device`).
pub fn get_device<B: Backend>(s: &mut Session<B>, x: Handle) -> Result<i64> {
    s.dtype_of(x)?;
    Ok(match s.config().device {
        Device::Cpu => -1,
        Device::Cuda(index) => index.unwrap_or(0) as i64,
    })
}

/// The predicates' function and `Tensor` method forms, for the binding's generator `$gen`.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! functions {
    ($gen:ident) => {
        $gen! {
            /// Returns ``True`` if the data type of `input` is a floating point data type.
            ///
            /// Every float carrier is (`float32`, `float64`, `float16`, `bfloat16`, `ieee32`, `interval`);
            /// `int64`, `int32` and `bool` are not.
            ///
            /// Args:
            ///     input (Tensor): the tensor to ask.
            ///
            /// Returns:
            ///     bool: whether `input`'s dtype is a floating point one.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.is_floating_point(et.ones(2)), et.arange(2).is_floating_point()
            ///     (True, False)
            fn is_floating_point(input: Tensor;) -> bool
                = @session crate::ops::predicates::is_floating_point;

            /// Returns ``True`` if the data type of `input` is a complex data type: never here.
            ///
            /// eagertape has no complex dtype (complex tensors are out of its scope).
            ///
            /// Args:
            ///     input (Tensor): the tensor to ask.
            ///
            /// Returns:
            ///     bool: ``False``.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.is_complex(et.ones(2))
            ///     False
            fn is_complex(input: Tensor;) -> bool = @session crate::ops::predicates::is_complex;

            /// Returns ``True`` if the data type of `input` is a signed type.
            ///
            /// Every dtype eagertape has is, but ``bool``.
            ///
            /// Args:
            ///     input (Tensor): the tensor to ask.
            ///
            /// Returns:
            ///     bool: whether `input`'s dtype is signed.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.is_signed(et.ones(2)), (et.ones(2) > 0).is_signed()
            ///     (True, False)
            fn is_signed(input: Tensor;) -> bool = @session crate::ops::predicates::is_signed;

            /// Returns ``True`` if `input`, a one-element tensor, is not zero after type conversions.
            ///
            /// Reads the one element to the host, as ``bool(input)``.
            ///
            /// Args:
            ///     input (Tensor): a tensor of exactly one element.
            ///
            /// Returns:
            ///     bool: whether its element is not zero.
            ///
            /// Raises:
            ///     et.ShapeError: `input` has no elements or more than one.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.is_nonzero(et.tensor([1.5])), et.tensor(0.0).is_nonzero()
            ///     (True, False)
            fn is_nonzero(input: Tensor;) -> bool = @session crate::ops::predicates::is_nonzero;

            /// Returns ``True`` if `input` and `other` have the same size.
            ///
            /// Args:
            ///     input (Tensor): the first tensor.
            ///     other (Tensor): the second tensor.
            ///
            /// Returns:
            ///     bool: whether their shapes are equal.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.is_same_size(et.ones(2, 3), et.zeros(2, 3))
            ///     True
            fn is_same_size(input: Tensor, other: Tensor;) -> bool
                = @session crate::ops::predicates::is_same_size;

            /// Returns ``True`` if `input` is a conjugated tensor (a lazily conjugated view): never here.
            ///
            /// eagertape has no complex dtype, so no conjugate views.
            ///
            /// Args:
            ///     input (Tensor): the tensor to ask.
            ///
            /// Returns:
            ///     bool: ``False``.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.is_conj(et.ones(2))
            ///     False
            fn is_conj(input: Tensor;) -> bool = @session crate::ops::predicates::is_conj;

            /// Returns ``True`` if `input` is a negative view (a lazily negated tensor): never here.
            ///
            /// eagertape records a negation as an op of its own.
            ///
            /// Args:
            ///     input (Tensor): the tensor to ask.
            ///
            /// Returns:
            ///     bool: ``False``.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.is_neg(-et.ones(2))
            ///     False
            fn is_neg(input: Tensor;) -> bool = @session crate::ops::predicates::is_neg;

            /// Returns ``True`` if `input` is an inference tensor: never here.
            ///
            /// ``et.inference_mode`` records nothing, as ``no_grad``, and makes ordinary tensors.
            ///
            /// Args:
            ///     input (Tensor): the tensor to ask.
            ///
            /// Returns:
            ///     bool: ``False``.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(), et.inference_mode():
            ///     ...     et.is_inference(et.ones(2))
            ///     False
            fn is_inference(input: Tensor;) -> bool = @session crate::ops::predicates::is_inference;

            /// Returns the index of the CUDA device `input` is on, or -1 on the CPU.
            ///
            /// Args:
            ///     input (Tensor): the tensor to ask.
            ///
            /// Returns:
            ///     int: the device index, or -1 for a CPU tensor.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.ones(2).get_device()
            ///     -1
            fn get_device(input: Tensor;) -> i64 = @session crate::ops::predicates::get_device;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
