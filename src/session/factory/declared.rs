//! The factories' declarations (see [`declarations`]): one entry per factory, from which the
//! binding generates its `Session` method, its module function and their stubs.

/// The factories' declarations, for the binding's generator `$gen`
/// (`src/python/factories.rs`): each one's docstring, torch's signature (the required
/// arguments, or `*size` for a shape given as separate ints; `;` and the optional ones;
/// `+ generator` where torch takes a `generator=`, which only `None` passes) and the
/// constructor of the [`Factory`](super::Factory) its arguments describe. Each becomes a `Session` method and
/// a module function on the current session, both with torch's `dtype=`, `device=` and
/// `requires_grad=` ([`Session::make`](crate::session::Session::make)); after `, tensor`,
/// the `Tensor` method of the same factory in the tensor's session (`x.new_zeros(2, 3)`) and
/// the arguments of its example.
#[cfg_attr(not(feature = "python"), allow(unused_macros))]
macro_rules! declarations {
    ($gen:ident) => {
        $gen! {
            /// Returns a tensor filled with the scalar value 0, with the shape given by `size`.
            ///
            /// The tensor belongs to the session (`eagertape.zeros`: the current one; `Session.zeros`:
            /// that one); a floating result is in the session's dtype unless `dtype` says otherwise.
            ///
            /// Args:
            ///     size (int...): the shape, as separate ints or one list or tuple.
            ///     dtype (eagertape.dtype, optional): the result's dtype (a name, an eagertape, torch
            ///         or numpy dtype, or Python's `float`, `int`, `bool`). Default: ``None`` (the
            ///         session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result (floating
            ///         dtypes only). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     ShapeError: a negative or non-integer size.
            ///     DeviceError: `device` is not the session's device.
            ///     GradError: `requires_grad=True` with an integer or bool `dtype`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.zeros(2, 3).tolist()
            ///     [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]
            fn zeros(*size) = Factory::zeros, tensor new_zeros(2, 3);

            /// Returns a tensor filled with the scalar value 1, with the shape given by `size`.
            ///
            /// The tensor belongs to the session (`eagertape.ones`: the current one; `Session.ones`:
            /// that one); a floating result is in the session's dtype unless `dtype` says otherwise.
            ///
            /// Args:
            ///     size (int...): the shape, as separate ints or one list or tuple.
            ///     dtype (eagertape.dtype, optional): the result's dtype (as `zeros`'s).
            ///         Default: ``None`` (the session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result (floating
            ///         dtypes only). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     ShapeError: a negative or non-integer size.
            ///     DeviceError: `device` is not the session's device.
            ///     GradError: `requires_grad=True` with an integer or bool `dtype`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.ones((2,), dtype=et.int64).tolist()
            ///     [1, 1]
            fn ones(*size) = Factory::ones, tensor new_ones(2, 3);

            /// Returns a tensor with the shape given by `size`, as `torch.empty`.
            ///
            /// Unlike `torch.empty`, whose values are uninitialized, the values are zeros (the same as
            /// `zeros`).
            ///
            /// Args:
            ///     size (int...): the shape, as separate ints or one list or tuple.
            ///     dtype (eagertape.dtype, optional): the result's dtype (as `zeros`'s).
            ///         Default: ``None`` (the session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result (floating
            ///         dtypes only). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     tuple(et.empty(2, 3).shape)
            ///     (2, 3)
            fn empty(*size) = Factory::zeros, tensor new_empty(2, 3);

            /// Creates a tensor of size `size` filled with `fill_value`.
            ///
            /// As in torch, the dtype is inferred from `fill_value` when `dtype` is not given: `int64`
            /// for an int, `bool` for a bool, the session's dtype for a float.
            ///
            /// Args:
            ///     size (sequence of int): the shape of the result.
            ///     fill_value (Scalar): the value to fill the result with.
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (inferred
            ///         from `fill_value`).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result (floating
            ///         dtypes only). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     DeviceError: `device` is not the session's device.
            ///     GradError: `requires_grad=True` with an integer or bool dtype.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.full((2, 2), 7).tolist(), et.full((2,), 1.5).tolist()
            ///     ([[7, 7], [7, 7]], [1.5, 1.5])
            fn full(size: Vec<i64>, fill_value: Item) = Factory::full_of,
                tensor new_full((2, 3), 7);

            /// Returns a 2-D tensor with ones on the diagonal and zeros elsewhere.
            ///
            /// Args:
            ///     n (int): the number of rows.
            ///     m (int, optional): the number of columns. Default: ``None`` (`n`).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            ///         session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result (floating
            ///         dtypes only). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new `(n, m)` tensor of the session.
            ///
            /// Raises:
            ///     ShapeError: a negative `n` or `m`.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.eye(2, 3).tolist()
            ///     [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
            fn eye(n: i64; m: Option<i64> = None) = Factory::eye_of;

            /// Hann window function.
            ///
            /// LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).
            ///
            /// Args:
            ///     window_length (int): the window's size.
            ///     periodic (bool, optional): the periodic window (for spectral analysis), else the
            ///         symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            ///         session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new 1-D tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: a negative `window_length`.
            fn hann_window(window_length: i64; periodic: Option<bool> = None) = Factory::hann_window;

            /// Hamming window function: ``alpha - beta cos(2 pi n / N)``.
            ///
            /// LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).
            ///
            /// Args:
            ///     window_length (int): the window's size.
            ///     periodic (bool, optional): the periodic window (for spectral analysis), else the
            ///         symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
            ///     alpha (float, optional): the coefficient alpha. Default: ``None`` (0.54).
            ///     beta (float, optional): the coefficient beta. Default: ``None`` (0.46).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            ///         session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new 1-D tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: a negative `window_length`.
            fn hamming_window(window_length: i64; periodic: Option<bool> = None, alpha: Option<f64> = None, beta: Option<f64> = None) = Factory::hamming_window;

            /// Blackman window function.
            ///
            /// LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).
            ///
            /// Args:
            ///     window_length (int): the window's size.
            ///     periodic (bool, optional): the periodic window (for spectral analysis), else the
            ///         symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            ///         session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new 1-D tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: a negative `window_length`.
            fn blackman_window(window_length: i64; periodic: Option<bool> = None) = Factory::blackman_window;

            /// Bartlett window function (triangular).
            ///
            /// LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).
            ///
            /// Args:
            ///     window_length (int): the window's size.
            ///     periodic (bool, optional): the periodic window (for spectral analysis), else the
            ///         symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            ///         session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new 1-D tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: a negative `window_length`.
            fn bartlett_window(window_length: i64; periodic: Option<bool> = None) = Factory::bartlett_window;

            /// Computes the Kaiser window with window length `window_length` and shape parameter `beta`.
            ///
            /// LibTorch's own kernel makes the values (torch's, in a dtype LibTorch holds).
            ///
            /// Args:
            ///     window_length (int): the window's size.
            ///     periodic (bool, optional): the periodic window (for spectral analysis), else the
            ///         symmetric one (for filter design). Default: ``None`` (``True``, as torch's).
            ///     beta (float, optional): the shape parameter. Default: ``None`` (12.0).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            ///         session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new 1-D tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: a negative `window_length`.
            fn kaiser_window(window_length: i64; periodic: Option<bool> = None, beta: Option<f64> = None) = Factory::kaiser_window;

            /// Creates a one-dimensional tensor of size `steps` whose values are evenly spaced
            /// from ``base ** start`` to ``base ** end``, inclusive, on a logarithmic scale.
            ///
            /// Args:
            ///     start (float): the starting exponent.
            ///     end (float): the ending exponent.
            ///     steps (int): the number of values.
            ///     base (float, optional): the base. Default: ``None`` (10.0).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            ///         session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new 1-D tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: a negative `steps`.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(dtype="float64"):
            ///     ...     et.logspace(0, 2, 3).tolist()
            ///     [1.0, 10.0, 100.0]
            fn logspace(start: f64, end: f64, steps: i64; base: Option<f64> = None)
                = Factory::logspace;

            /// Returns the indices of the lower triangular part of a `row`-by-`col` matrix in a
            /// 2-by-N tensor (the row indices, then the column indices), `offset` diagonals up.
            ///
            /// Args:
            ///     row (int): the number of rows.
            ///     col (int): the number of columns.
            ///     offset (int, optional): the diagonal. Default: ``None`` (0).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``
            ///         (int64).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): must be ``False`` for an integer dtype. Default:
            ///         ``False``.
            ///
            /// Returns:
            ///     Tensor: `(2, N)` indices.
            ///
            /// Raises:
            ///     ArgumentError: a negative `row` or `col`.
            fn tril_indices(row: i64, col: i64; offset: Option<i64> = None) = Factory::tril_indices;

            /// Returns the indices of the upper triangular part of a `row`-by-`col` matrix in a
            /// 2-by-N tensor (the row indices, then the column indices), `offset` diagonals up.
            ///
            /// Args:
            ///     row (int): the number of rows.
            ///     col (int): the number of columns.
            ///     offset (int, optional): the diagonal. Default: ``None`` (0).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``
            ///         (int64).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): must be ``False`` for an integer dtype. Default:
            ///         ``False``.
            ///
            /// Returns:
            ///     Tensor: `(2, N)` indices.
            ///
            /// Raises:
            ///     ArgumentError: a negative `row` or `col`.
            fn triu_indices(row: i64, col: i64; offset: Option<i64> = None) = Factory::triu_indices;

            /// Returns a 1-D tensor of values from the interval ``[start, end)`` taken with common
            /// difference `step` beginning from `start`.
            ///
            /// As `torch.arange`, `arange(end)` starts at 0 with step 1. The result is `int64` when every
            /// argument is an int, else in the session's dtype, unless `dtype` says otherwise.
            ///
            /// Args:
            ///     start (Number): the starting value (or, with `end` left out, the end value).
            ///     end (Number, optional): the ending value, excluded. Default: ``None``.
            ///     step (Number, optional): the gap between each pair of adjacent values.
            ///         Default: ``None`` (1).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``.
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result (floating
            ///         dtypes only). Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new 1-D tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: a zero step, an infinite bound, or a step of the wrong sign.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.arange(4).tolist(), et.arange(1, 2, 0.25).tolist()
            ///     ([0, 1, 2, 3], [1.0, 1.25, 1.5, 1.75])
            fn arange(start: Item; end: Option<Item> = None, step: Option<Item> = None)
                = Factory::arange_of;

            /// Creates a 1-D tensor of size `steps` whose values are evenly spaced from `start` to
            /// `end`, inclusive.
            ///
            /// The values are torch's: its kernel's ``start + i * step`` in the first half and
            /// ``end - (steps - 1 - i) * step`` in the second, in the result's dtype (LibTorch's own
            /// kernel in a LibTorch session; an integer dtype truncates).
            ///
            /// Args:
            ///     start (float): the starting value.
            ///     end (float): the ending value.
            ///     steps (int): the number of values (0 gives an empty tensor, 1 gives `[start]`).
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None`` (the
            ///         session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result.
            ///         Default: ``False``.
            ///
            /// Returns:
            ///     Tensor: a new 1-D tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: `steps` is negative, or an end is infinite.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session():
            ///     ...     et.linspace(0, 1, 5).tolist()
            ///     [0.0, 0.25, 0.5, 0.75, 1.0]
            fn linspace(start: f64, end: f64, steps: i64) = Factory::linspace;

            /// Returns a tensor filled with random numbers from a uniform distribution on the
            /// interval ``[0, 1)``, with the shape given by `size`.
            ///
            /// The numbers are drawn from the session's generator (seeded by its `Config.seed`;
            /// counter-based: the values depend on the seed and the position `rng_state()` reports,
            /// which the call advances) in the session's dtype, then converted to `dtype` if that
            /// differs.
            ///
            /// Args:
            ///     size (int...): the shape, as separate ints or one list or tuple.
            ///     dtype (eagertape.dtype, optional): the result's dtype, a floating one.
            ///         Default: ``None`` (the session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result.
            ///         Default: ``False``.
            ///     generator: not supported (the session's generator draws); must be ``None``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: a `generator` is given.
            ///     DTypeError: an integer or bool `dtype`.
            ///     ShapeError: a negative or non-integer size.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(seed=0):
            ///     ...     x = et.rand(2, 3)
            ///     ...     tuple(x.shape), bool(((x >= 0) & (x < 1)).all())
            ///     ((2, 3), True)
            fn rand(*size) + generator = Factory::rand;

            /// Returns a tensor filled with random integers generated uniformly between `low`
            /// (inclusive) and `high` (exclusive).
            ///
            /// As `torch.randint`, `randint(high, size)` takes `low = 0`. The integers are drawn from
            /// the session's generator (one 53-bit draw each); the result is `int64` unless `dtype`
            /// says otherwise.
            ///
            /// Args:
            ///     low (int): the lowest integer drawn (or, as `randint(high, size)`, `high`).
            ///     high (int): one above the highest integer drawn (or the size).
            ///     size (tuple of ints): the shape of the result. Default: ``None``.
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``
            ///         (`int64`).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result
            ///         (floating dtypes only). Default: ``False``.
            ///     generator: not supported (the session's generator draws); must be ``None``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: `low >= high`, an end beyond ±2^53, no size, or a `generator`.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(seed=0):
            ///     ...     x = et.randint(3, 5, (4,))
            ///     ...     x.dtype, all(v in (3, 4) for v in x.tolist())
            ///     ('int64', True)
            fn randint(low: i64, high: HighOrSize; size: Option<Vec<i64>> = None) + generator
                = Factory::randint_of;

            /// Returns a random permutation of integers from ``0`` to ``n - 1``.
            ///
            /// The permutation is a Fisher-Yates shuffle on the session's generator; the result is
            /// `int64` unless `dtype` says otherwise.
            ///
            /// Args:
            ///     n (int): the upper bound (exclusive); a non-negative int.
            ///     dtype (eagertape.dtype, optional): the result's dtype. Default: ``None``
            ///         (`int64`).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result
            ///         (floating dtypes only). Default: ``False``.
            ///     generator: not supported (the session's generator draws); must be ``None``.
            ///
            /// Returns:
            ///     Tensor: a new 1-D tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: `n` is negative or above 2^53, or a `generator` is given.
            ///     OutOfMemoryError: the host cannot hold the permutation.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(seed=0):
            ///     ...     sorted(et.randperm(4).tolist())
            ///     [0, 1, 2, 3]
            fn randperm(n: i64) + generator = Factory::randperm;

            /// Returns a tensor filled with random numbers from a normal distribution with mean 0 and
            /// variance 1, with the shape given by `size`.
            ///
            /// As `rand`: drawn from the session's generator in the session's dtype (the call
            /// advances it), then converted to `dtype` if that differs.
            ///
            /// Args:
            ///     size (int...): the shape, as separate ints or one list or tuple.
            ///     dtype (eagertape.dtype, optional): the result's dtype, a floating one.
            ///         Default: ``None`` (the session's dtype).
            ///     device (str or torch.device, optional): checked against the session's device.
            ///         Default: ``None``.
            ///     requires_grad (bool): whether backward computes a gradient for the result.
            ///         Default: ``False``.
            ///     generator: not supported (the session's generator draws); must be ``None``.
            ///
            /// Returns:
            ///     Tensor: a new tensor of the session.
            ///
            /// Raises:
            ///     ArgumentError: a `generator` is given.
            ///     DTypeError: an integer or bool `dtype`.
            ///     ShapeError: a negative or non-integer size.
            ///     DeviceError: `device` is not the session's device.
            ///
            /// Examples:
            ///     >>> import eagertape as et
            ///     >>> with et.Session(seed=0):
            ///     ...     tuple(et.randn(4, 2).shape)
            ///     (4, 2)
            fn randn(*size) + generator = Factory::randn;
        }
    };
}
#[cfg_attr(not(feature = "python"), allow(unused_imports))]
pub(crate) use declarations;
