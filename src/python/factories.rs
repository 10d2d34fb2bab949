//! The factories' generator: each declaration of `session/factory/declared.rs`'s
//! `declarations!` (`zeros`, `ones`, `empty`, `full`, `eye`, `arange`, `linspace`, `rand`,
//! `randn`, `randint`, `randperm`) becomes a `Session` method (`sess.zeros(2, 3)`: that
//! session) and a module function (`et.zeros(2, 3)`: the current session), both with torch's
//! signature, `dtype=`, `device=` (checked against the session's) and `requires_grad=`, the
//! `Tensor.new_*` form where the entry names one, and its entries of `_core._FACTORIES` and
//! `_FACTORY_METHODS`, from which `tools/gen-stubs` writes their stubs. The arguments are
//! converted by their declared types ([`FactoryArg`]); the patterns, their checks and
//! default dtypes are the core's.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyTuple};

use super::classes::{lock, named, PySession, PyTensor, SessionCell};
use super::config::{check_device, requested};
use super::session::shape_arg;
use crate::session::factory::{Factory, HighOrSize};
use crate::session::Item;

/// A declared factory argument's type: how a Python value becomes the value the
/// constructor takes, and its annotation in `_core.pyi`.
pub trait FactoryArg: Sized {
    fn annotation() -> String;
    fn from_py(op: &str, arg: &str, v: &Bound<'_, PyAny>) -> PyResult<Self>;
    /// An optional argument, absent (`None`): only `Option` has a value for it.
    fn absent(op: &str, arg: &str) -> PyResult<Self> {
        Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{op}(): {arg} must not be None"
        )))
    }
}

/// A shape: an int or a sequence of them.
impl FactoryArg for Vec<i64> {
    fn annotation() -> String {
        "int | Sequence[int]".into()
    }
    fn from_py(_: &str, _: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        shape_arg(&PyTuple::new(v.py(), [v])?)
    }
}

/// A Python number of its kind: a bool, an int (not a bool), else a float.
impl FactoryArg for Item {
    fn annotation() -> String {
        "float | int | bool".into()
    }
    fn from_py(_: &str, _: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        if v.is_instance_of::<PyBool>() {
            Ok(Item::Bool(v.extract()?))
        } else if v.is_instance_of::<PyInt>() {
            Ok(Item::Int(v.extract()?))
        } else {
            Ok(Item::Float(v.extract()?))
        }
    }
}

/// An int (a bool is refused, as torch's `linspace(steps=True)`).
impl FactoryArg for i64 {
    fn annotation() -> String {
        "int".into()
    }
    fn from_py(op: &str, arg: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        match v.is_instance_of::<PyBool>() {
            true => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "{op}(): {arg} must be an int, got bool"
            ))),
            false => v.extract(),
        }
    }
}

/// A bool (the windows' `periodic`): an int is refused, as torch's.
impl FactoryArg for bool {
    fn annotation() -> String {
        "bool".into()
    }
    fn from_py(op: &str, arg: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        match v.is_instance_of::<PyBool>() {
            true => v.extract(),
            false => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "{op}(): {arg} must be a bool, got {}",
                v.get_type().name()?
            ))),
        }
    }
}

/// `randint`'s `high`: an int, or the size (torch's `randint(high, size)`).
impl FactoryArg for HighOrSize {
    fn annotation() -> String {
        "int | Sequence[int]".into()
    }
    fn from_py(op: &str, arg: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        match v.is_instance_of::<PyInt>() || v.hasattr("__index__")? {
            true => i64::from_py(op, arg, v).map(HighOrSize::High),
            false => Vec::<i64>::from_py(op, arg, v).map(HighOrSize::Size),
        }
    }
}

impl FactoryArg for f64 {
    fn annotation() -> String {
        "float".into()
    }
    fn from_py(_: &str, _: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        v.extract()
    }
}

impl<T: FactoryArg> FactoryArg for Option<T> {
    fn annotation() -> String {
        format!("{} | None", T::annotation())
    }
    fn from_py(op: &str, arg: &str, v: &Bound<'_, PyAny>) -> PyResult<Self> {
        match v.is_none() {
            true => Ok(None),
            false => T::from_py(op, arg, v).map(Some),
        }
    }
    fn absent(_: &str, _: &str) -> PyResult<Self> {
        Ok(None)
    }
}

/// A `generator=` argument of `op`, which draws from `draws`: only None is taken.
pub(crate) fn no_generator(
    op: &str,
    generator: Option<&Bound<'_, PyAny>>,
    draws: crate::rng::Draws,
) -> PyResult<()> {
    let given = generator.is_some_and(|g| !g.is_none());
    Ok(crate::rng::refuse_generator(op, given, draws)?)
}

/// Make `f` in `cell`'s session (`op`'s `generator=`, `dtype=`, `device=` and
/// `requires_grad=` as given), as a leaf that requires grad when asked.
#[allow(clippy::too_many_arguments)]
pub fn make(
    py: Python<'_>,
    op: &str,
    cell: &Arc<SessionCell>,
    f: impl FnOnce() -> crate::error::Result<Factory>,
    dtype: Option<&Bound<'_, PyAny>>,
    device: Option<&Bound<'_, PyAny>>,
    requires_grad: bool,
    generator: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    no_generator(op, generator, crate::rng::Draws::Session)?;
    let dtype = requested(dtype)?;
    check_device(py, cell, device)?;
    let f = f()?;
    let h = py.detach(|| named(&mut lock(cell), |s| s.make(&f, dtype, requires_grad)))?;
    Ok(PyTensor::named(cell, h))
}

/// The `generator` argument an entry declares (`+ generator`), or none.
macro_rules! generator_of {
    () => {
        None
    };
    ($gen:ident) => {
        $gen
    };
}

/// The factories of a `declarations!` table: for each entry, [`factory_forms`]; and
/// `register`, which adds the module functions and `_core._FACTORIES` (each one's name, its
/// parameters with their annotations and defaults as `_core._DECLARED` lists them, and its
/// result's annotation).
macro_rules! py_factories {
    ($(
        $(#[doc = $doc:literal])*
        fn $name:ident($(*$var:ident)? $($req:ident: $rty:ty),*
            $(; $($opt:ident: $oty:ty = $def:tt),*)?) $(+ $gen:ident)? = $core:path
            $(, tensor $method:ident $example:tt)?;
    )*) => {
        $(
            factory_forms! {
                [$($var)?] [$($req: $rty),*] [$($($opt: $oty),*)?] [$($gen)?] $core,
                $name $(#[doc = $doc])*
            }
            tensor_form! { [$($var)?] [$($req),*] $name [$($method $example)?] }
        )*

        /// Add every module function, and `_core._FACTORIES`.
        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            let common = [
                ("dtype", "str | Any | None".to_string(), Some("None")),
                ("device", "str | Any | None".to_string(), Some("None")),
                ("requires_grad", "bool".to_string(), Some("False")),
            ];
            let mut entries: Vec<crate::python::declared::Entry> = Vec::new();
            $(
                m.add_function(wrap_pyfunction!($name, m)?)?;
                let mut params = vec![
                    $((concat!("*", stringify!($var)), <Vec<i64> as FactoryArg>::annotation(), None),)?
                    $((stringify!($req), <$rty as FactoryArg>::annotation(), None),)*
                    $($((stringify!($opt), <$oty as FactoryArg>::annotation(), Some(stringify!($def))),)*)?
                ];
                if !params.first().is_some_and(|p| p.0.starts_with('*')) {
                    params.push(("*", String::new(), None));
                }
                params.extend(common.iter().cloned());
                $(params.push((stringify!($gen), "None".to_string(), Some("None")));)?
                entries.push((stringify!($name), params, "Tensor".to_string()));
            )*
            m.add("_FACTORIES", PyTuple::new(m.py(), entries)?)?;
            let methods: &[(&str, &str)] =
                &[$($((stringify!($name), stringify!($method)),)?)*];
            m.add("_FACTORY_METHODS", PyTuple::new(m.py(), methods)?)
        }
    };
}

/// A tensor's `new_*` form of a factory (`x.new_zeros(2, 3)`, `x.new_full(size, v)`): the
/// factory in the tensor's session, of its dtype unless `dtype` says otherwise. The sizes as
/// separate ints, one sequence or `size=` (`[size]`), or the factory's arguments.
macro_rules! tensor_form {
    ([$($var:ident)?] [$($req:ident),*] $name:ident []) => {};
    ([$var:ident] [] $name:ident [$method:ident $example:tt]) => {
        #[pymethods]
        impl PyTensor {
            #[pyo3(signature = (*args, size=None, dtype=None, device=None, requires_grad=false))]
            #[doc = concat!(
                "Returns `eagertape.", stringify!($name), "(*size)` in this tensor's session, of \
                 this tensor's dtype\nunless `dtype` says otherwise (torch's `Tensor.",
                stringify!($method), "`).\n\n",
                "Args:\n    *args (int or sequence of ints): the shape, as separate ints or one \
                 sequence.\n    size (sequence of ints, optional): the shape by keyword, instead \
                 of `*args`.\n        Default: ``None``."
            )]
            #[doc = tensor_form!(@rest $method $example)]
            fn $method(
                slf: &Bound<'_, Self>,
                args: &Bound<'_, PyTuple>,
                size: Option<&Bound<'_, PyAny>>,
                dtype: Option<&Bound<'_, PyAny>>,
                device: Option<&Bound<'_, PyAny>>,
                requires_grad: bool,
            ) -> PyResult<PyTensor> {
                let size = match size {
                    None => args.clone(),
                    Some(_) if !args.is_empty() => {
                        return Err(pyo3::exceptions::PyTypeError::new_err(concat!(
                            stringify!($method),
                            "(): give the size positionally or as size=, not both"
                        )))
                    }
                    Some(s) => PyTuple::new(slf.py(), [s])?,
                };
                let dtype = own_dtype(slf, dtype)?;
                let cell = slf.get().cell()?;
                In(&cell).$name(slf.py(), &size, Some(&dtype), device, requires_grad, None)
            }
        }
    };
    ([] [$($req:ident),*] $name:ident [$method:ident $example:tt]) => {
        #[pymethods]
        impl PyTensor {
            #[pyo3(signature = ($($req,)* *, dtype=None, device=None, requires_grad=false))]
            #[doc = concat!(
                "Returns `eagertape.", stringify!($name), "(", stringify!($($req),*),
                ")` in this tensor's session, of this tensor's dtype\nunless `dtype` says \
                 otherwise (torch's `Tensor.", stringify!($method), "`).\n\nArgs:",
                $("\n    ", stringify!($req), ": as `eagertape.", stringify!($name), "`'s.",)*
            )]
            #[doc = tensor_form!(@rest $method $example)]
            fn $method(
                slf: &Bound<'_, Self>,
                $($req: &Bound<'_, PyAny>,)*
                dtype: Option<&Bound<'_, PyAny>>,
                device: Option<&Bound<'_, PyAny>>,
                requires_grad: bool,
            ) -> PyResult<PyTensor> {
                let dtype = own_dtype(slf, dtype)?;
                let cell = slf.get().cell()?;
                In(&cell).$name(slf.py(), $($req,)* Some(&dtype), device, requires_grad, None)
            }
        }
    };
    (@rest $method:ident $example:tt) => {
        concat!(
            "    dtype (str or dtype, optional): the dtype of the result. Default: ``None`` (this\n",
            "        tensor's dtype).\n",
            "    device (str or torch.device, optional): must be this tensor's session's device.\n",
            "        Default: ``None``.\n",
            "    requires_grad (bool): whether the new tensor is a leaf that takes gradients.\n",
            "        Default: ``False``.\n\n",
            "Returns:\n    Tensor: a new tensor of this tensor's session.\n\n",
            "Raises:\n    DeviceError: `device` is not the session's device.\n\n",
            "Examples:\n    >>> import eagertape as et\n    >>> with et.Session():\n",
            "    ...     z = et.tensor([1, 2]).", stringify!($method), stringify!($example), "\n",
            "    ...     z.dtype, z.shape\n    ('int64', (2, 3))"
        )
    };
}

/// A `new_*` method's `dtype=`: the one given, else the tensor's own.
fn own_dtype<'py>(
    slf: &Bound<'py, PyTensor>,
    dtype: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    match dtype.filter(|d| !d.is_none()) {
        Some(d) => Ok(d.clone()),
        None => slf.getattr("dtype"),
    }
}

/// The session a factory makes its tensor in: the method's, or the current one.
struct In<'a>(&'a Arc<SessionCell>);

/// One factory's two forms: the `Session` method and the module function, with the same
/// signature and docstring, and its body (`In::$name`). The sizes as `*size` (`[size]`), or
/// the declared arguments before the keyword-only `dtype=`.
macro_rules! factory_forms {
    ([$var:ident] [] [] [$($gen:ident)?] $core:path, $name:ident $(#[doc = $doc:literal])*) => {
        factory_forms! {
            @forms [$($gen)?] $name [*$var] [$var: &Bound<'_, PyTuple>] $(#[doc = $doc])*
        }

        impl In<'_> {
            fn $name(
                &self,
                py: Python<'_>,
                $var: &Bound<'_, PyTuple>,
                dtype: Option<&Bound<'_, PyAny>>,
                device: Option<&Bound<'_, PyAny>>,
                requires_grad: bool,
                generator: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<PyTensor> {
                let size = shape_arg($var)?;
                let op = stringify!($name);
                make(py, op, self.0, || $core(size), dtype, device, requires_grad, generator)
            }
        }
    };
    ([] [$($req:ident: $rty:ty),*] [$($opt:ident: $oty:ty),*] [$($gen:ident)?] $core:path,
        $name:ident $(#[doc = $doc:literal])*) => {
        factory_forms! {
            @forms [$($gen)?] $name [$($req,)* $($opt=None,)* *]
                [$($req: &Bound<'_, PyAny>,)* $($opt: Option<&Bound<'_, PyAny>>),*]
                $(#[doc = $doc])*
        }

        impl In<'_> {
            #[allow(clippy::too_many_arguments)]
            fn $name(
                &self,
                py: Python<'_>,
                $($req: &Bound<'_, PyAny>,)*
                $($opt: Option<&Bound<'_, PyAny>>,)*
                dtype: Option<&Bound<'_, PyAny>>,
                device: Option<&Bound<'_, PyAny>>,
                requires_grad: bool,
                generator: Option<&Bound<'_, PyAny>>,
            ) -> PyResult<PyTensor> {
                const OP: &str = stringify!($name);
                $(let $req = <$rty as FactoryArg>::from_py(OP, stringify!($req), $req)?;)*
                $(let $opt = match $opt {
                    Some(v) => <$oty as FactoryArg>::from_py(OP, stringify!($opt), v)?,
                    None => <$oty as FactoryArg>::absent(OP, stringify!($opt))?,
                };)*
                let f = || $core($($req,)* $($opt,)*);
                make(py, OP, self.0, f, dtype, device, requires_grad, generator)
            }
        }
    };
    (@forms [$($gen:ident)?] $name:ident [$($sig:tt)*] [$($p:ident: $t:ty),* $(,)?]
        $(#[doc = $doc:literal])*) => {
        #[pymethods]
        impl PySession {
            #[pyo3(signature = (
                $($sig)*, dtype=None, device=None, requires_grad=false $(, $gen=None)?
            ))]
            $(#[doc = $doc])*
            #[allow(clippy::too_many_arguments)]
            fn $name(
                &self,
                py: Python<'_>,
                $($p: $t,)*
                dtype: Option<&Bound<'_, PyAny>>,
                device: Option<&Bound<'_, PyAny>>,
                requires_grad: bool,
                $($gen: Option<&Bound<'_, PyAny>>,)?
            ) -> PyResult<PyTensor> {
                let gen = generator_of!($($gen)?);
                In(&self.cell).$name(py, $($p,)* dtype, device, requires_grad, gen)
            }
        }

        #[pyfunction]
        #[pyo3(signature = (
            $($sig)*, dtype=None, device=None, requires_grad=false $(, $gen=None)?
        ))]
        $(#[doc = $doc])*
        #[allow(clippy::too_many_arguments)]
        pub fn $name(
            py: Python<'_>,
            $($p: $t,)*
            dtype: Option<&Bound<'_, PyAny>>,
            device: Option<&Bound<'_, PyAny>>,
            requires_grad: bool,
            $($gen: Option<&Bound<'_, PyAny>>,)?
        ) -> PyResult<PyTensor> {
            let cell = super::current::cell()?;
            let gen = generator_of!($($gen)?);
            In(&cell).$name(py, $($p,)* dtype, device, requires_grad, gen)
        }
    };
}

crate::session::factory::declarations!(py_factories);
