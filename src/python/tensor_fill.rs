//! torch's in-place random fills of a tensor (`x.uniform_()`, `x.normal_()`, ...): each
//! converts its arguments and delegates to `Session::random_fill` (`src/session/fill.rs`,
//! which says what each draws), then writes the draw in place as every in-place method
//! does (`tensor_torch::via`). A parameter's own methods (`Parameter.normal_`) draw from
//! the process-wide generator instead (`src/python/param.rs`).

use pyo3::prelude::*;

use super::classes::PyTensor;
use super::factories::no_generator;
use crate::rng::Draws;
use crate::session::RandomFill;

/// `slf` filled in place by `fill` (after the generator check of `op`).
fn fill_in_place<'py>(
    slf: &Bound<'py, PyTensor>,
    op: &str,
    generator: Option<&Bound<'py, PyAny>>,
    fill: RandomFill,
) -> PyResult<Bound<'py, PyTensor>> {
    no_generator(op, generator, Draws::Session)?;
    super::tensor_torch::via(slf, op, || {
        let py = slf.py();
        let drawn = slf.get().call(py, |s, x| s.random_fill(x, fill))?;
        Ok(Bound::new(py, drawn)?.into_any())
    })
}

#[pymethods]
impl PyTensor {
    /// Fills this tensor in place with numbers drawn from the continuous uniform
    /// distribution on ``[from_, to)``, and returns it (torch's ``uniform_``; torch's
    /// stubs also name the lower bound `from_`).
    ///
    /// The draws come from the session's generator (the same distribution as torch's, other
    /// values). A tensor that requires grad still does, with a zero gradient through it.
    ///
    /// Args:
    ///     from_ (float): the lower bound. Default: ``0``.
    ///     to (float): the upper bound. Default: ``1``.
    ///     generator: not supported (the session's generator draws); must be ``None``.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    ///
    /// Raises:
    ///     ArgumentError: ``from_ > to``, or a `generator` is given.
    ///     DTypeError: an integer or bool tensor.
    #[pyo3(signature = (from_=0.0, to=1.0, *, generator=None))]
    fn uniform_<'py>(
        slf: &Bound<'py, Self>,
        from_: f64,
        to: f64,
        generator: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        fill_in_place(
            slf,
            "uniform_",
            generator,
            RandomFill::Uniform { from: from_, to },
        )
    }

    /// Fills this tensor in place with draws of the normal distribution N(`mean`, `std`²),
    /// and returns it (torch's ``normal_``).
    ///
    /// The draws come from the session's generator (the same distribution as torch's, other
    /// values). A tensor that requires grad still does, with a zero gradient through it.
    ///
    /// Args:
    ///     mean (float): the mean. Default: ``0``.
    ///     std (float): the standard deviation. Default: ``1``.
    ///     generator: not supported (the session's generator draws); must be ``None``.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    ///
    /// Raises:
    ///     ArgumentError: ``std < 0``, or a `generator` is given.
    ///     DTypeError: an integer or bool tensor.
    #[pyo3(signature = (mean=0.0, std=1.0, *, generator=None))]
    fn normal_<'py>(
        slf: &Bound<'py, Self>,
        mean: f64,
        std: f64,
        generator: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        fill_in_place(slf, "normal_", generator, RandomFill::Normal { mean, std })
    }

    /// Fills this tensor in place with draws of the log-normal distribution whose log has
    /// mean `mean` and standard deviation `std`, and returns it (torch's ``log_normal_``).
    ///
    /// Args:
    ///     mean (float): the mean of the log. Default: ``1``.
    ///     std (float): the standard deviation of the log. Default: ``2``.
    ///     generator: not supported (the session's generator draws); must be ``None``.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    ///
    /// Raises:
    ///     ArgumentError: ``std <= 0``, or a `generator` is given.
    ///     DTypeError: an integer or bool tensor.
    #[pyo3(signature = (mean=1.0, std=2.0, *, generator=None))]
    fn log_normal_<'py>(
        slf: &Bound<'py, Self>,
        mean: f64,
        std: f64,
        generator: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        fill_in_place(
            slf,
            "log_normal_",
            generator,
            RandomFill::LogNormal { mean, std },
        )
    }

    /// Fills this tensor in place with draws of the Cauchy distribution of location
    /// `median` and scale `sigma`, and returns it (torch's ``cauchy_``).
    ///
    /// Args:
    ///     median (float): the location. Default: ``0``.
    ///     sigma (float): the scale. Default: ``1``.
    ///     generator: not supported (the session's generator draws); must be ``None``.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    ///
    /// Raises:
    ///     ArgumentError: ``sigma <= 0``, or a `generator` is given.
    ///     DTypeError: an integer or bool tensor.
    #[pyo3(signature = (median=0.0, sigma=1.0, *, generator=None))]
    fn cauchy_<'py>(
        slf: &Bound<'py, Self>,
        median: f64,
        sigma: f64,
        generator: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        fill_in_place(
            slf,
            "cauchy_",
            generator,
            RandomFill::Cauchy { median, sigma },
        )
    }

    /// Fills this tensor in place with draws of the exponential distribution of rate
    /// `lambd`, and returns it (torch's ``exponential_``).
    ///
    /// Args:
    ///     lambd (float): the rate. Default: ``1``.
    ///     generator: not supported (the session's generator draws); must be ``None``.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    ///
    /// Raises:
    ///     ArgumentError: ``lambd <= 0``, or a `generator` is given.
    ///     DTypeError: an integer or bool tensor.
    #[pyo3(signature = (lambd=1.0, *, generator=None))]
    fn exponential_<'py>(
        slf: &Bound<'py, Self>,
        lambd: f64,
        generator: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        fill_in_place(
            slf,
            "exponential_",
            generator,
            RandomFill::Exponential { lambd },
        )
    }

    /// Fills this tensor in place with draws of the geometric distribution of success
    /// probability `p` (the number of trials to the first success: 1, 2, ...), and returns
    /// it (torch's ``geometric_``).
    ///
    /// Args:
    ///     p (float): the success probability, in ``(0, 1)``.
    ///     generator: not supported (the session's generator draws); must be ``None``.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    ///
    /// Raises:
    ///     ArgumentError: `p` outside ``(0, 1)``, or a `generator` is given.
    ///     DTypeError: a bool tensor.
    #[pyo3(signature = (p, *, generator=None))]
    fn geometric_<'py>(
        slf: &Bound<'py, Self>,
        p: f64,
        generator: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        fill_in_place(slf, "geometric_", generator, RandomFill::Geometric { p })
    }

    /// Fills this tensor in place with Bernoulli draws (1 with probability `p`, else 0), and
    /// returns it (torch's ``bernoulli_``).
    ///
    /// `p` is one probability, or a tensor of them broadcast to this tensor's shape (drawn as
    /// `eagertape.bernoulli`). Integer and bool tensors take the draws too.
    ///
    /// Args:
    ///     p (float or Tensor): the probability of a 1. Default: ``0.5``.
    ///     generator: not supported (the session's generator draws); must be ``None``.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    ///
    /// Raises:
    ///     ArgumentError: a probability outside ``[0, 1]``, or a `generator` is given.
    #[pyo3(signature = (p=None, *, generator=None))]
    fn bernoulli_<'py>(
        slf: &Bound<'py, Self>,
        p: Option<&Bound<'py, PyAny>>,
        generator: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        if let Some(probs) = p.filter(|p| p.cast::<PyTensor>().is_ok()) {
            no_generator("bernoulli_", generator, Draws::Session)?;
            return super::tensor_torch::via(slf, "bernoulli_", || {
                let shape = slf.getattr("shape")?;
                probs
                    .call_method1("broadcast_to", (shape,))?
                    .call_method0("bernoulli")
            });
        }
        let p = p.map(|p| p.extract::<f64>()).transpose()?.unwrap_or(0.5);
        fill_in_place(slf, "bernoulli_", generator, RandomFill::Bernoulli { p })
    }

    /// Fills this tensor in place with integers drawn uniformly from ``[from_, to)``, and
    /// returns it (torch's ``random_``).
    ///
    /// ``x.random_(to)`` draws from ``[0, to)``; with no `to`, up to the largest integer the
    /// dtype holds exactly (``2**24`` for float32, ``2**31 - 1`` for int32, as torch's).
    ///
    /// Args:
    ///     from_ (int): the lower bound, or the upper one when it is the only argument.
    ///         Default: ``0``.
    ///     to (int, optional): the upper bound, excluded. Default: ``None``.
    ///     generator: not supported (the session's generator draws); must be ``None``.
    ///
    /// Returns:
    ///     Tensor: this tensor.
    ///
    /// Raises:
    ///     ArgumentError: ``from_ >= to``, a bound past ``±2**53`` (eagertape's integer
    ///         draws), an int64 tensor without `to` (torch's range reaches ``2**63``), or a
    ///         `generator` is given.
    #[pyo3(signature = (from_=None, to=None, *, generator=None))]
    fn random_<'py>(
        slf: &Bound<'py, Self>,
        from_: Option<i64>,
        to: Option<i64>,
        generator: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        let (from, to) = match (from_, to) {
            (Some(to), None) => (0, Some(to)),
            (from, to) => (from.unwrap_or(0), to),
        };
        fill_in_place(slf, "random_", generator, RandomFill::Random { from, to })
    }
}
