//! The generators: a family's `functions!` declaration becomes `#[pyfunction]`s, `Tensor`
//! methods and in-place methods, and their entries in `_core._DECLARED`.

use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::returns::Ret;
use crate::backend::dynamic::Dyn as Be;
use crate::python::classes::{lock, named_all, PyTensor};
use crate::session::Session;

/// One generated function's entry of `_core._DECLARED`: its name, its parameters' names,
/// annotations and declared defaults (`None` where required; a keyword-only block starts
/// with the entry `("*", "", None)`), and its result's annotation.
pub type Entry = (
    &'static str,
    Vec<(&'static str, String, Option<&'static str>)>,
    String,
);

/// The tensor whose session records a declared call of `op`: its input where its type says
/// so ([`Arg::ANCHOR`]), else the first of the arguments `given` (the required ones, then the
/// optional ones given) that is a tensor or a list or tuple holding one (`cat`'s `tensors`,
/// `where`'s `input`); a `TypeError` as torch's where there is none. Where that tensor is
/// of the thread's default session, the first argument of another session (or a Parameter)
/// anchors the call instead.
pub fn anchor<'py>(
    op: &str,
    input_anchors: bool,
    given: &[Option<&Bound<'py, PyAny>>],
) -> PyResult<Bound<'py, PyTensor>> {
    let args: Vec<&Bound<'py, PyAny>> = given.iter().flatten().copied().collect();
    // The tensors an argument gives: itself, or those a list or tuple holds.
    let tensors = |a: &Bound<'py, PyAny>| -> Vec<Bound<'py, PyTensor>> {
        if let Ok(t) = a.cast::<PyTensor>() {
            return vec![t.clone()];
        }
        let items = a
            .cast::<pyo3::types::PyList>()
            .map(|l| l.iter().collect::<Vec<_>>())
            .or_else(|_| a.cast::<PyTuple>().map(|t| t.iter().collect()))
            .unwrap_or_default();
        items
            .into_iter()
            .filter_map(|i| i.cast_into::<PyTensor>().ok())
            .collect()
    };
    let candidates = if input_anchors { &args[..1] } else { &args[..] };
    let first = candidates
        .iter()
        .find_map(|a| tensors(a).into_iter().next());
    let first = first.ok_or_else(|| {
        let got: Vec<String> = args
            .iter()
            .map(|a| {
                a.get_type()
                    .name()
                    .map_or_else(|_| "?".into(), |n| n.to_string())
            })
            .collect();
        pyo3::exceptions::PyTypeError::new_err(format!(
            "{op}(): expected a tensor {}, got {}",
            if input_anchors { "input" } else { "operand" },
            got.join(", ")
        ))
    })?;
    if !first.get().in_default() {
        return Ok(first);
    }
    // A tensor of the default session: another argument's session (a Parameter's: the
    // current one) takes the call, and the default session's tensors enter it as data.
    let other = args
        .iter()
        .flat_map(|a| tensors(a))
        .find(|t| !t.get().in_default());
    Ok(other.unwrap_or(first))
}

/// A declared function's call on the session of `t`, its anchor: `f` all or nothing (a
/// failed call leaves the tape as it was), its result named and converted.
pub fn call<R: Ret>(
    py: Python<'_>,
    t: &PyTensor,
    f: impl FnOnce(&mut Session<Be>) -> crate::error::Result<R::Core> + Send,
) -> PyResult<R::Py> {
    let cell = t.cell()?;
    let named = py.detach(|| named_all(&mut lock(&cell), |s| s.all_or_nothing(f), R::name))?;
    Ok(R::to_py(named, &cell))
}

/// An entry's Python name: its own, or the one after `as` (where the Rust name would shadow
/// one in scope: `std`).
macro_rules! py_name {
    ($name:ident) => {
        stringify!($name)
    };
    ($name:ident, $py:literal) => {
        $py
    };
}

/// How a declared function calls its core function: over the session as a `Recorder` (the
/// op compositions of `src/ops`), or, after `= @session`, as a `Session` method (a core entry
/// point that needs more than recording: dropout's generator, `one_hot`'s read of the ids;
/// `Session` is in scope for it).
macro_rules! via_core {
    ([] $core:path, $s:ident, ($($a:expr,)*)) => {{
        let r: &mut dyn $crate::ops::compose::Recorder<_> = $s;
        $core(r, $($a,)*)
    }};
    ([session] $core:path, $s:ident, ($($a:expr,)*)) => {
        $core($s, $($a,)*)
    };
}

/// The `#[pyfunction]`s of a `functions!` declaration, and `register`, which adds them to
/// the module and their entries to `_core._DECLARED`. An entry's arguments: the input, the
/// other required ones, `;`, the optional ones with their defaults, and optionally `;` and
/// the keyword-only ones; then optionally `-> R`, the result's [`Ret`] type (one `Tensor`
/// where none is given).
macro_rules! py_functions {
    // The variadic form: `fn einsum(equation: Str, *operands: Tensors)`, torch's operands as
    // separate arguments or one sequence of them; the first tensor among them anchors it.
    ($(
        $(#[doc = $doc:literal])*
        fn $name:ident($input:ident: $ity:ty, *$var:ident: $vty:ty)
            = $(@$via:ident)? $core:path;
    )*) => {
        use pyo3::prelude::*;
        use $crate::python::classes::PyTensor;
        use $crate::python::declared::*;
        #[allow(unused_imports)] // (what `= @session Session::f` names)
        use $crate::session::Session;
        $(
            #[pyfunction]
            #[pyo3(signature = ($input, *$var), text_signature = None)]
            #[doc = concat!(
                stringify!($name), "(", stringify!($input), ", *", stringify!($var), ")\n--\n"
            )]
            $(#[doc = $doc])*
            pub fn $name<'py>(
                py: Python<'py>,
                $input: &Bound<'py, PyAny>,
                $var: &Bound<'py, pyo3::types::PyTuple>,
            ) -> PyResult<PyTensor> {
                const OP: &str = stringify!($name);
                let $var = match $var.len() {
                    1 if $var.get_item(0)?.cast::<PyTensor>().is_err() => $var.get_item(0)?,
                    _ => $var.clone().into_any(),
                };
                let anchored = anchor(OP, false, &[Some(&$var)])?;
                let t = anchored.get();
                let $input = <$ity as Arg>::from_py(&Name { op: OP, arg: stringify!($input) }, $input, t)?;
                let $var = <$vty as Arg>::from_py(&Name { op: OP, arg: stringify!($var) }, &$var, t)?;
                call::<Tensor>(py, t, |s| {
                    let $input = <$ity as Arg>::finish($input, s)?;
                    let $var = <$vty as Arg>::finish($var, s)?;
                    via_core!([$($via)?] $core, s, ($input, $var,))
                })
            }
        )*

        pub fn register(m: &Bound<'_, PyModule>, entries: &mut Vec<Entry>) -> PyResult<()> {
            $(
                m.add_function(wrap_pyfunction!($name, m)?)?;
                entries.push((stringify!($name), vec![
                    (stringify!($input), <$ity as Arg>::annotation(), None),
                    (concat!("*", stringify!($var)), "Tensor | Sequence[Tensor]".to_string(), None),
                ], <Tensor as Ret>::annotation()));
            )*
            Ok(())
        }
    };
    ($(
        $(#[doc = $doc:literal])*
        fn $name:ident($input:ident: $ity:ty $(, $req:ident: $rty:ty)*;
            $($opt:ident: $oty:ty = $default:tt),*
            $(; $($kw:ident: $kty:ty = $kdef:tt),*)? $(,)?) $(-> $ret:ty)?
            = $(@$via:ident)? $core:path $(as $pyname:literal)? $(, in_place $inplace:ident)?;
    )*) => {
        use pyo3::prelude::*;
        use $crate::python::declared::*;
        #[allow(unused_imports)] // (what `= @session Session::f` names)
        use $crate::session::Session;
        $(
            #[pyfunction]
            #[pyo3(
                signature = ($input, $($req,)* $($opt = None,)* $(*, $($kw = None),*)?),
                text_signature = None $(, name = $pyname)?
            )]
            #[doc = concat!(
                py_name!($name $(, $pyname)?), "(", stringify!($input)
                $(, ", ", stringify!($req))*
                $(, ", ", stringify!($opt), "=", stringify!($default))*
                $(, ", *" $(, ", ", stringify!($kw), "=", stringify!($kdef))*)?,
                ")\n--\n"
            )]
            $(#[doc = $doc])*
            #[allow(clippy::too_many_arguments)]
            pub fn $name<'py>(
                py: Python<'py>,
                $input: &Bound<'py, PyAny>,
                $($req: &Bound<'py, PyAny>,)*
                $($opt: Option<&Bound<'py, PyAny>>,)*
                $($($kw: Option<&Bound<'py, PyAny>>,)*)?
            ) -> PyResult<<Returns<$($ret)?> as Ret>::Py> {
                const OP: &str = py_name!($name $(, $pyname)?);
                let given = [Some($input) $(, Some($req))* $(, $opt)*];
                let anchored = anchor(OP, <$ity as Arg>::ANCHOR, &given)?;
                let t = anchored.get();
                let $input = <$ity as Arg>::from_py(&Name { op: OP, arg: stringify!($input) }, $input, t)?;
                $(let $req = <$rty as Arg>::from_py(&Name { op: OP, arg: stringify!($req) }, $req, t)?;)*
                $(let $opt = match $opt {
                    Some(v) => <$oty as Arg>::from_py(&Name { op: OP, arg: stringify!($opt) }, v, t)?,
                    None => <$oty as Arg>::from_lit(stringify!($opt), lit!($default))?,
                };)*
                $($(let $kw = match $kw {
                    Some(v) => <$kty as Arg>::from_py(&Name { op: OP, arg: stringify!($kw) }, v, t)?,
                    None => <$kty as Arg>::from_lit(stringify!($kw), lit!($kdef))?,
                };)*)?
                call::<Returns<$($ret)?>>(py, t, |s| {
                    let $input = <$ity as Arg>::finish($input, s)?;
                    $(let $req = <$rty as Arg>::finish($req, s)?;)*
                    $(let $opt = <$oty as Arg>::finish($opt, s)?;)*
                    $($(let $kw = <$kty as Arg>::finish($kw, s)?;)*)?
                    via_core!([$($via)?] $core, s, ($input, $($req,)* $($opt,)* $($($kw,)*)?))
                })
            }
        )*

        pub fn register(m: &Bound<'_, PyModule>, entries: &mut Vec<Entry>) -> PyResult<()> {
            $(
                m.add_function(wrap_pyfunction!($name, m)?)?;
                entries.push((py_name!($name $(, $pyname)?), vec![
                    (stringify!($input), if <$ity as Arg>::ANCHOR { "Tensor".to_string() } else { <$ity as Arg>::annotation() }, None),
                    $((stringify!($req), <$rty as Arg>::annotation(), None),)*
                    $((stringify!($opt), <$oty as Arg>::annotation(), Some(stringify!($default))),)*
                    $(("*", String::new(), None),
                      $((stringify!($kw), <$kty as Arg>::annotation(), Some(stringify!($kdef))),)*)?
                ], <Returns<$($ret)?> as Ret>::annotation()));
            )*
            Ok(())
        }
    };
}

/// As [`py_functions`], and each function's `Tensor` method too (the input is `self`), with
/// the same signature and docstring; `METHODS` names them for `_core._DECLARED_METHODS`.
macro_rules! py_functions_and_methods {
    ($($t:tt)*) => {
        py_functions! { $($t)* }
        py_tensor_methods! { $($t)* }
    };
}

macro_rules! py_tensor_methods {
    ($(
        $(#[doc = $doc:literal])*
        fn $name:ident($input:ident: $ity:ty $(, $req:ident: $rty:ty)*;
            $($opt:ident: $oty:ty = $default:tt),*
            $(; $($kw:ident: $kty:ty = $kdef:tt),*)? $(,)?) $(-> $ret:ty)?
            = $(@$via:ident)? $core:path $(as $pyname:literal)? $(, in_place $inplace:ident)?;
    )*) => {
        $(
            #[pymethods]
            impl $crate::python::classes::PyTensor {
                #[pyo3(
                    signature = ($($req,)* $($opt = None,)* $(*, $($kw = None),*)?),
                    text_signature = None $(, name = $pyname)?
                )]
                #[doc = concat!(
                    py_name!($name $(, $pyname)?), "($self"
                    $(, ", ", stringify!($req))*
                    $(, ", ", stringify!($opt), "=", stringify!($default))*
                    $(, ", *" $(, ", ", stringify!($kw), "=", stringify!($kdef))*)?,
                    ")\n--\n"
                )]
                $(#[doc = $doc])*
                #[allow(clippy::too_many_arguments)]
                fn $name<'py>(
                    slf: &Bound<'py, $crate::python::classes::PyTensor>,
                    py: Python<'py>,
                    $($req: &Bound<'py, PyAny>,)*
                    $($opt: Option<&Bound<'py, PyAny>>,)*
                    $($($kw: Option<&Bound<'py, PyAny>>,)*)?
                ) -> PyResult<<Returns<$($ret)?> as Ret>::Py> {
                    $name(py, slf.as_any(), $($req,)* $($opt,)* $($($kw,)*)?)
                }
            }
        )*

        $(
            py_in_place! {
                [$($inplace)?] $name [$($req),*] [$($opt = $default),*]
                [$(; $($kw = $kdef),*)?]
            }
        )*

        pub const METHODS: &[&str] = &[$(py_name!($name $(, $pyname)?)),*];
        /// The in-place method each of `METHODS` declares, if any.
        pub const IN_PLACE: &[Option<&str>] = &[$(in_place_name!([$($inplace)?])),*];
    };
}

macro_rules! in_place_name {
    ([]) => {
        None
    };
    ([$inplace:ident]) => {
        Some(stringify!($inplace))
    };
}

/// The in-place method an entry declares (`= core::add, in_place add_`): the method's
/// arguments, its out-of-place result recorded, then this tensor rebound to it (torch's
/// in-place semantics as eagertape gives them: `tensor_torch::via`).
macro_rules! py_in_place {
    ([] $($rest:tt)*) => {};
    ([$inplace:ident] $name:ident [$($req:ident),*] [$($opt:ident = $default:tt),*]
        [$(; $($kw:ident = $kdef:tt),*)?]) => {
        #[pymethods]
        impl $crate::python::classes::PyTensor {
            #[pyo3(
                signature = ($($req,)* $($opt = None,)* $(*, $($kw = None),*)?),
                text_signature = None
            )]
            #[doc = concat!(
                stringify!($inplace), "($self"
                $(, ", ", stringify!($req))*
                $(, ", ", stringify!($opt), "=", stringify!($default))*
                $(, ", *" $(, ", ", stringify!($kw), "=", stringify!($kdef))*)?,
                ")\n--\n"
            )]
            #[doc = concat!(
                "In-place `", stringify!($name), "`: this tensor then reads `",
                stringify!($name), "`'s result.\n\n",
                "The out-of-place result is recorded, and every Python `Tensor` naming this\n",
                "tensor names it, so it reads what torch's would. A tensor that shares its storage\n",
                "with another live tensor (a view of it, or the base it views) raises\n",
                "`ArgumentError` instead, recording nothing, where torch would change both. The\n",
                "arguments are `", stringify!($name), "`'s.\n\n",
                "Returns:\n    Tensor: this tensor.\n",
            )]
            #[allow(clippy::too_many_arguments)]
            fn $inplace<'py>(
                slf: &Bound<'py, $crate::python::classes::PyTensor>,
                py: Python<'py>,
                $($req: &Bound<'py, PyAny>,)*
                $($opt: Option<&Bound<'py, PyAny>>,)*
                $($($kw: Option<&Bound<'py, PyAny>>,)*)?
            ) -> PyResult<Bound<'py, $crate::python::classes::PyTensor>> {
                $crate::python::tensor_torch::via(slf, stringify!($inplace), || {
                    Ok($name(py, slf.as_any(), $($req,)* $($opt,)* $($($kw,)*)?)?
                        .into_pyobject(py)?
                        .into_any())
                })
            }
        }
    };
}

/// The sizes a `*args` method was given: its ints (`x.view(2, 3)`), its one sequence or int
/// (`x.view((2, 3))`), or its keyword (`x.view(size=(2, 3))`), as torch's methods take them;
/// none or both is torch's `TypeError`.
pub fn sizes_given<'py>(
    op: &str,
    arg: &str,
    args: &Bound<'py, PyTuple>,
    keyword: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    match (args.len(), keyword) {
        (0, Some(k)) => Ok(k.clone()),
        (0, None) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{op}() missing 1 required positional argument: \"{arg}\""
        ))),
        (_, Some(_)) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{op}() got its sizes both positionally and as a keyword ({arg}=)"
        ))),
        (1, None) => args.get_item(0),
        (_, None) => Ok(args.clone().into_any()),
    }
}

/// A family's `sized_functions!` declaration: each entry's function form as
/// [`py_functions`] makes it (`et.reshape(input, shape)`), and its `Tensor` method, which
/// takes the sizes as `*args` or by keyword ([`sizes_given`]); `SIZED` names each method and
/// its keyword for `_core._DECLARED_SIZED`.
macro_rules! py_sized_functions_and_methods {
    ($(
        $(#[doc = $doc:literal])*
        fn $name:ident($input:ident: $ity:ty, *$var:ident: $vty:ty) = $core:path;
    )*) => {
        py_functions! { $($(#[doc = $doc])* fn $name($input: $ity, $var: $vty;) = $core;)* }
        $(
            #[pymethods]
            impl $crate::python::classes::PyTensor {
                #[pyo3(signature = (*args, $var = None), text_signature = None)]
                #[doc = concat!(
                    stringify!($name), "($self, *args, ", stringify!($var), "=None)\n--\n"
                )]
                $(#[doc = $doc])*
                fn $name<'py>(
                    slf: &Bound<'py, $crate::python::classes::PyTensor>,
                    py: Python<'py>,
                    args: &Bound<'py, pyo3::types::PyTuple>,
                    $var: Option<&Bound<'py, PyAny>>,
                ) -> PyResult<<Returns as Ret>::Py> {
                    let given = sizes_given(stringify!($name), stringify!($var), args, $var)?;
                    $name(py, slf.as_any(), &given)
                }
            }
        )*
        pub const SIZED: &[(&str, &str)] = &[$((stringify!($name), stringify!($var))),*];
    };
}
