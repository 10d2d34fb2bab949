//! The declarations of torch's questions about a tensor (`is_floating_point`, `is_signed`,
//! `is_nonzero`, `get_device`, ...): `Session` entry points (`session/predicates.rs`)
//! answering a Python bool or int from the tensor's metadata; nothing is recorded.

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
                = @session Session::is_floating_point;

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
            fn is_complex(input: Tensor;) -> bool = @session Session::is_complex;

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
            fn is_signed(input: Tensor;) -> bool = @session Session::is_signed;

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
            fn is_nonzero(input: Tensor;) -> bool = @session Session::is_nonzero;

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
                = @session Session::is_same_size;

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
            fn is_conj(input: Tensor;) -> bool = @session Session::is_conj;

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
            fn is_neg(input: Tensor;) -> bool = @session Session::is_neg;

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
            fn is_inference(input: Tensor;) -> bool = @session Session::is_inference;

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
            fn get_device(input: Tensor;) -> i64 = @session Session::get_device;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use functions;
